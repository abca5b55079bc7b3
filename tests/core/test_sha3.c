/*
 * Keccak/SHA3/SHAKE against OpenSSL's EVP implementation on random inputs:
 * every length around block boundaries, random absorb split points, and
 * multi-squeeze SHAKE streams cut at random places; word squeezing
 * (pqs_keccak_squeeze_u64) against byte squeezing.  Every check runs on
 * each permutation path the CPU has (AVX-512VL, BMI1, portable C; the
 * _no_simd registration runs with PQSIG_NO_SIMD=1), and the paths are
 * compared directly on random states, with the all-zero state's image
 * from the Keccak team's KeccakF-1600-IntermediateValues.txt.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/simd.h"
#include "pqsig/sha3.h"
#include "testutil.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint32_t rnd32(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static void openssl_digest(const char *name, const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	const EVP_MD *md = EVP_get_digestbyname(name);
	EVP_DigestInit_ex(ctx, md, NULL);
	EVP_DigestUpdate(ctx, in, len);
	if (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF)
		EVP_DigestFinalXOF(ctx, out, outlen);
	else
		EVP_DigestFinal_ex(ctx, out, NULL);
	EVP_MD_CTX_free(ctx);
}

static uint64_t load64_le(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

typedef struct {
	const char *openssl_name;
	void (*init)(pqs_keccak *);
	size_t outlen; /* 0 for XOF */
} instance;

static const instance instances[] = {
	{ "SHA3-224", pqs_sha3_224_init, 28 }, { "SHA3-256", pqs_sha3_256_init, 32 },
	{ "SHA3-384", pqs_sha3_384_init, 48 }, { "SHA3-512", pqs_sha3_512_init, 64 },
	{ "SHAKE128", pqs_shake128_init, 0 },  { "SHAKE256", pqs_shake256_init, 0 },
};

/* The sponge suite on the current path; returns the number of OpenSSL comparisons. */
static unsigned check_sponge(const char *path)
{
	enum { MAXIN = 1200, MAXOUT = 2000 };
	unsigned compared = 0;
	uint8_t in[MAXIN], ours[MAXOUT], ref[MAXOUT];
	for (size_t k = 0; k < sizeof instances / sizeof instances[0]; k++) {
		const instance *it = &instances[k];
		for (size_t len = 0; len < MAXIN; len += (len < 400 ? 1 : 37)) {
			for (size_t i = 0; i < len; i++)
				in[i] = (uint8_t)rnd32();
			size_t outlen = it->outlen ? it->outlen : 1 + rnd32() % MAXOUT;
			openssl_digest(it->openssl_name, in, len, ref, outlen);
			/* Absorb in up to three random pieces, squeeze in random pieces. */
			pqs_keccak ctx;
			it->init(&ctx);
			size_t a = len ? rnd32() % (len + 1) : 0, b = a + (len - a ? rnd32() % (len - a + 1) : 0);
			pqs_keccak_absorb(&ctx, in, a);
			pqs_keccak_absorb(&ctx, in + a, b - a);
			pqs_keccak_absorb(&ctx, in + b, len - b);
			size_t got = 0;
			while (got < outlen) {
				size_t piece = 1 + rnd32() % (outlen - got);
				if (rnd32() % 4 == 0)
					piece = 1;
				pqs_keccak_squeeze(&ctx, ours + got, piece);
				got += piece;
			}
			TU_CHECK(memcmp(ours, ref, outlen) == 0, "%s: %s len %zu outlen %zu", path, it->openssl_name,
				 len, outlen);
			compared++;
		}
	}
	/* Block squeezing continues the same stream as byte squeezing. */
	uint8_t blk[3 * 168], bytes[3 * 168];
	pqs_keccak c1, c2;
	pqs_shake128_init(&c1);
	pqs_shake128_init(&c2);
	pqs_keccak_absorb(&c1, (const uint8_t *)"abc", 3);
	pqs_keccak_absorb(&c2, (const uint8_t *)"abc", 3);
	pqs_keccak_squeeze_blocks(&c1, blk, 3);
	pqs_keccak_squeeze(&c2, bytes, 5);
	pqs_keccak_squeeze(&c2, bytes + 5, sizeof bytes - 5);
	TU_CHECK(memcmp(blk, bytes, sizeof blk) == 0, "%s: squeeze_blocks stream", path);
	/* Word squeezing continues the same stream too, on and off lane boundaries. */
	for (size_t skip = 0; skip < 20; skip++) {
		uint64_t words[60];
		pqs_shake256_init(&c1);
		pqs_shake256_init(&c2);
		pqs_keccak_absorb(&c1, (const uint8_t *)"abc", 3);
		pqs_keccak_absorb(&c2, (const uint8_t *)"abc", 3);
		pqs_keccak_squeeze(&c1, bytes, skip);
		pqs_keccak_squeeze(&c2, bytes, skip + 8 * 60);
		pqs_keccak_squeeze_u64(&c1, words, 7);
		pqs_keccak_squeeze_u64(&c1, words + 7, 53);
		unsigned bad = 0;
		for (size_t i = 0; i < 60; i++)
			bad += words[i] != load64_le(bytes + skip + 8 * i);
		TU_CHECK(bad == 0, "%s: squeeze_u64 after %zu bytes: %u words differ", path, skip, bad);
	}
	/* One-shot helpers. */
	pqs_sha3_256(ours, (const uint8_t *)"abc", 3);
	openssl_digest("SHA3-256", (const uint8_t *)"abc", 3, ref, 32);
	TU_CHECK(memcmp(ours, ref, 32) == 0, "%s: pqs_sha3_256", path);
	pqs_shake256(ours, 100, (const uint8_t *)"abc", 3);
	openssl_digest("SHAKE256", (const uint8_t *)"abc", 3, ref, 100);
	TU_CHECK(memcmp(ours, ref, 100) == 0, "%s: pqs_shake256", path);
	return compared;
}

/* Keccak-f[1600] of the all-zero state (KeccakF-1600-IntermediateValues.txt, lanes x + 5y). */
static const uint64_t zero_state_image[25] = {
	0xF1258F7940E1DDE7ULL, 0x84D5CCF933C0478AULL, 0xD598261EA65AA9EEULL, 0xBD1547306F80494DULL,
	0x8B284E056253D057ULL, 0xFF97A42D7F8E6FD4ULL, 0x90FEE5A0A44647C4ULL, 0x8C5BDA0CD6192E76ULL,
	0xAD30A6F71B19059CULL, 0x30935AB7D08FFC64ULL, 0xEB5AA93F2317D635ULL, 0xA9A6E6260D712103ULL,
	0x81A57C16DBCF555FULL, 0x43B831CD0347C826ULL, 0x01F22F1A11A5569FULL, 0x05E5635A21D9AE61ULL,
	0x64BEFEF28CC970F2ULL, 0x613670957BC46611ULL, 0xB87C5A554FD00ECBULL, 0x8C3EE88A1CCF32C8ULL,
	0x940C7922AE3A2614ULL, 0x1841F924A2C509E4ULL, 0x16F53526E70465C2ULL, 0x75F644E97F30A13BULL,
	0xEAF1FF7B5CECA249ULL,
};

enum { RANDOM_STATES = 2000 };

/* The permutation of the current path on the zero state and on random states, stored in out. */
static void permute_states(const char *path, uint64_t out[RANDOM_STATES][25])
{
	uint64_t st[25] = { 0 };
	pqs_keccak_f1600(st);
	TU_CHECK(memcmp(st, zero_state_image, sizeof st) == 0, "%s: Keccak-f[1600] of the zero state", path);
	uint64_t seed = 0x0123456789ABCDEFULL;
	for (size_t i = 0; i < RANDOM_STATES; i++) {
		for (size_t j = 0; j < 25; j++)
			out[i][j] = tu_xorshift64(&seed);
		pqs_keccak_f1600(out[i]);
	}
}

static unsigned differing_states(uint64_t a[RANDOM_STATES][25], uint64_t b[RANDOM_STATES][25])
{
	unsigned bad = 0;
	for (size_t i = 0; i < RANDOM_STATES; i++)
		bad += memcmp(a[i], b[i], 25 * sizeof a[i][0]) != 0;
	return bad;
}

int main(void)
{
	static uint64_t portable[RANDOM_STATES][25], fast[RANDOM_STATES][25];
	/* The documented switch: PQSIG_NO_SIMD=1 leaves only portable C (the _no_simd registration). */
	const char *no_simd = getenv("PQSIG_NO_SIMD");
	if (no_simd && strcmp(no_simd, "1") == 0)
		TU_CHECK(!pqs_simd_avx512vl() && !pqs_simd_bmi1(), "PQSIG_NO_SIMD=1 leaves the portable permutation");
	pqs_simd_force_portable(1);
	unsigned per_path = check_sponge("portable");
	permute_states("portable", portable);
	pqs_simd_force_portable(0);
	unsigned paths = 1;
	if (pqs_simd_avx512vl()) {
		TU_CHECK(check_sponge("AVX-512VL") == per_path, "AVX-512VL: every sponge case ran");
		permute_states("AVX-512VL", fast);
		TU_CHECK(differing_states(fast, portable) == 0, "AVX-512VL: permutation differs from portable C");
		paths++;
	}
	pqs_simd_forbid_avx512(1);
	if (pqs_simd_bmi1()) {
		TU_CHECK(check_sponge("BMI1") == per_path, "BMI1: every sponge case ran");
		permute_states("BMI1", fast);
		TU_CHECK(differing_states(fast, portable) == 0, "BMI1: permutation differs from portable C");
		paths++;
	}
	pqs_simd_forbid_avx512(0);
	TU_CHECK(per_path == 6 * (400 + (1200 - 400 + 36) / 37), "%u sponge cases per path", per_path);
	printf("sha3: %u paths, %u OpenSSL comparisons and %d random permutations each\n", paths, per_path,
	       RANDOM_STATES);
	return tu_finish("sha3");
}
