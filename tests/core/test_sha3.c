/*
 * Keccak/SHA3/SHAKE against OpenSSL's EVP implementation on random inputs:
 * every length around block boundaries, random absorb split points, and
 * multi-squeeze SHAKE streams cut at random places.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

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

int main(void)
{
	enum { MAXIN = 1200, MAXOUT = 2000 };
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
			TU_CHECK(memcmp(ours, ref, outlen) == 0, "%s len %zu outlen %zu", it->openssl_name, len, outlen);
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
	TU_CHECK(memcmp(blk, bytes, sizeof blk) == 0, "squeeze_blocks stream");
	/* One-shot helpers. */
	pqs_sha3_256(ours, (const uint8_t *)"abc", 3);
	openssl_digest("SHA3-256", (const uint8_t *)"abc", 3, ref, 32);
	TU_CHECK(memcmp(ours, ref, 32) == 0, "pqs_sha3_256");
	pqs_shake256(ours, 100, (const uint8_t *)"abc", 3);
	openssl_digest("SHAKE256", (const uint8_t *)"abc", 3, ref, 100);
	TU_CHECK(memcmp(ours, ref, 100) == 0, "pqs_shake256");
	return tu_finish("sha3");
}
