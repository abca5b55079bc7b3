/*
 * The four-way Keccak of src/core/keccak_x4.h against OpenSSL's SHAKE128 /
 * SHAKE256 (an independent FIPS 202 implementation) on random inputs of
 * every length around the block boundaries, absorbed and squeezed in random
 * pieces, with idle (NULL) lanes; the permutation against four calls of
 * pqs_keccak_f1600; the FIPS 202 empty-message digests.  Each check runs on
 * the AVX2 path (when the CPU has it) and on the forced portable path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/keccak_x4.h"
#include "core/simd.h"
#include "pqsig/sha2.h"
#include "pqsig/sha3.h"
#include "testutil.h"

static uint64_t rng_state = 0x243F6A8885A308D3ULL;
static uint32_t rnd32(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static void openssl_shake(const char *name, const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	EVP_DigestInit_ex(ctx, EVP_get_digestbyname(name), NULL);
	EVP_DigestUpdate(ctx, in, len);
	EVP_DigestFinalXOF(ctx, out, outlen);
	EVP_MD_CTX_free(ctx);
}

enum { MAXIN = 700, MAXOUT = 1100 };

/* Random streams of one length through the x4 sponge, compared with OpenSSL; returns the mismatches. */
static unsigned sponge_case(int shake256, size_t len, unsigned *streams_checked)
{
	static uint8_t in[4][MAXIN], ours[4][MAXOUT], ref[MAXOUT];
	const uint8_t *inp[4];
	uint8_t *outp[4];
	const unsigned idle = rnd32() % 8; /* 0..3: that lane is NULL; else all busy */
	for (unsigned j = 0; j < 4; j++) {
		for (size_t i = 0; i < len; i++)
			in[j][i] = (uint8_t)rnd32();
		inp[j] = j == idle ? NULL : in[j];
		outp[j] = j == idle ? NULL : ours[j];
	}
	const size_t outlen = 1 + rnd32() % MAXOUT;
	pqs_keccak_x4 k;
	if (shake256)
		pqs_shake256_x4_init(&k);
	else
		pqs_shake128_x4_init(&k);
	/* Absorb in up to three pieces, squeeze in random pieces (some single bytes, some whole blocks). */
	size_t a = len ? rnd32() % (len + 1) : 0, b = a + (len - a ? rnd32() % (len - a + 1) : 0);
	const size_t cuts[4] = { 0, a, b, len };
	for (unsigned p = 0; p < 3; p++) {
		const uint8_t *piece[4];
		for (unsigned j = 0; j < 4; j++)
			piece[j] = inp[j] ? inp[j] + cuts[p] : NULL;
		pqs_keccak_x4_absorb(&k, piece, cuts[p + 1] - cuts[p]);
	}
	size_t got = 0;
	while (got < outlen) {
		size_t piece = 1 + rnd32() % (outlen - got);
		if (rnd32() % 4 == 0)
			piece = 1;
		uint8_t *dst[4];
		for (unsigned j = 0; j < 4; j++)
			dst[j] = outp[j] ? outp[j] + got : NULL;
		pqs_keccak_x4_squeeze(&k, dst, piece);
		got += piece;
	}
	pqs_keccak_x4_clear(&k);
	unsigned bad = 0;
	for (unsigned j = 0; j < 4; j++) {
		if (j == idle)
			continue;
		openssl_shake(shake256 ? "SHAKE256" : "SHAKE128", in[j], len, ref, outlen);
		bad += memcmp(ours[j], ref, outlen) != 0;
		(*streams_checked)++;
	}
	return bad;
}

static void check_path(const char *path)
{
	unsigned checked = 0, bad = 0, cases = 0;
	for (int s256 = 0; s256 < 2; s256++)
		for (size_t len = 0; len < MAXIN; len += (len < 350 ? 1 : 29), cases++)
			bad += sponge_case(s256, len, &checked);
	TU_CHECK(bad == 0, "%s: %u of %u streams differ from OpenSSL", path, bad, checked);
	/* Every case has three or four busy lanes. */
	TU_CHECK(checked >= 3 * cases && cases == 2 * (350 + (MAXIN - 350 + 28) / 29), "%s: %u cases, %u streams", path,
		 cases, checked);

	/* The permutation alone: four single-stream permutations of random states. */
	_Alignas(32) uint64_t s[25][4];
	uint64_t one[4][25];
	unsigned perm_bad = 0;
	for (unsigned t = 0; t < 50; t++) {
		for (unsigned i = 0; i < 25; i++)
			for (unsigned j = 0; j < 4; j++)
				s[i][j] = one[j][i] = (uint64_t)rnd32() << 32 | rnd32();
		pqs_keccak_f1600_x4(s);
		for (unsigned j = 0; j < 4; j++) {
			pqs_keccak_f1600(one[j]);
			for (unsigned i = 0; i < 25; i++)
				perm_bad += s[i][j] != one[j][i];
		}
	}
	TU_CHECK(perm_bad == 0, "%s: %u permuted lanes differ", path, perm_bad);

	/* FIPS 202 example values: SHAKE128("") and SHAKE256("") (NIST CSRC example files). */
	uint8_t o128[4][16], o256[4][16];
	uint8_t *p128[4] = { o128[0], o128[1], o128[2], o128[3] };
	uint8_t *p256[4] = { o256[0], o256[1], o256[2], o256[3] };
	const uint8_t *empty[4] = { (const uint8_t *)"", (const uint8_t *)"", NULL, (const uint8_t *)"" };
	pqs_shake128_x4(p128, 16, empty, 0);
	pqs_shake256_x4(p256, 16, empty, 0);
	uint8_t want128[16], want256[16];
	tu_hex_decode_into("7f9c2ba4e88f827d616045507605853e", 32, want128);
	tu_hex_decode_into("46b9dd2b0ba88d13233b3feb743eeb24", 32, want256);
	for (unsigned j = 0; j < 4; j++) {
		TU_CHECK(memcmp(o128[j], want128, 16) == 0, "%s: SHAKE128 empty, lane %u", path, j);
		TU_CHECK(memcmp(o256[j], want256, 16) == 0, "%s: SHAKE256 empty, lane %u", path, j);
	}
}

int main(void)
{
	/* The documented switch: PQSIG_NO_SIMD=1 leaves only portable C (the _no_simd registration). */
	const char *no_simd = getenv("PQSIG_NO_SIMD");
	if (no_simd && strcmp(no_simd, "1") == 0) {
		TU_CHECK(!pqs_simd_avx2() && !pqs_simd_bmi1() && !pqs_simd_sha_ni(),
			 "PQSIG_NO_SIMD=1 clears every feature");
		TU_CHECK(pqs_sha256_accelerated(1) == 0, "PQSIG_NO_SIMD=1: SHA-256 without SHA-NI");
	}
	if (pqs_simd_avx2())
		check_path("AVX2");
	else
		printf("keccak_x4: AVX2 absent or disabled, portable path only\n");
	pqs_simd_force_portable(1);
	TU_CHECK(!pqs_simd_avx2(), "forcing portable C turns AVX2 off");
	check_path("portable");
	pqs_simd_force_portable(0);
	return tu_finish("keccak_x4");
}
