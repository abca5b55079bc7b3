/*
 * pqsig's own SHA-2 (src/core/sha2.c) against OpenSSL: SHA-224, SHA-256,
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 on every length 0..600
 * (all padding boundaries of both block sizes) and a 1 MiB input, fed in
 * one call and in uneven pieces; SHA-256 both with the portable code and
 * (where the CPU has it) the SHA-NI path; the four-stream compression
 * pqs_sha256_compress_x4 on single-block messages of every length 0..55,
 * four different ones per call, on both paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "pqsig/sha2.h"
#include "testutil.h"

typedef struct {
	const char *name;
	const EVP_MD *(*md)(void);
	void (*init256)(pqs_sha256_ctx *);
	void (*init512)(pqs_sha512_ctx *);
	size_t out_len;
} variant;

static const variant variants[] = {
	{"SHA-224", EVP_sha224, pqs_sha224_init, NULL, 28},
	{"SHA-256", EVP_sha256, pqs_sha256_init, NULL, 32},
	{"SHA-384", EVP_sha384, NULL, pqs_sha384_init, 48},
	{"SHA-512", EVP_sha512, NULL, pqs_sha512_init, 64},
	{"SHA-512/224", EVP_sha512_224, NULL, pqs_sha512_224_init, 28},
	{"SHA-512/256", EVP_sha512_256, NULL, pqs_sha512_256_init, 32},
};

/* Digest with pqsig, feeding pieces of length step (step 0: one call). */
static void ours(const variant *v, uint8_t *out, const uint8_t *in, size_t len, size_t step)
{
	pqs_sha256_ctx c256;
	pqs_sha512_ctx c512;
	if (v->init256)
		v->init256(&c256);
	else
		v->init512(&c512);
	size_t done = 0;
	do {
		size_t take = (step == 0 || len - done < step) ? len - done : step;
		if (v->init256)
			pqs_sha256_update(&c256, in + done, take);
		else
			pqs_sha512_update(&c512, in + done, take);
		done += take;
		step = step ? step + 1 : 0; /* uneven pieces */
	} while (done < len);
	if (v->init256)
		pqs_sha256_final(&c256, out);
	else
		pqs_sha512_final(&c512, out);
}

static int check(const variant *v, const uint8_t *in, size_t len, size_t step)
{
	uint8_t want[64], got[64];
	unsigned int wl = 0;
	if (EVP_Digest(in, len, want, &wl, v->md(), NULL) != 1 || wl != v->out_len)
		return 0;
	ours(v, got, in, len, step);
	return memcmp(want, got, v->out_len) == 0;
}

/* Every variant on lengths 0..600 and 1 MiB; counts the short lengths that match. */
static void run_variants(const uint8_t *buf, size_t big, unsigned long *ok, unsigned long *total)
{
	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		for (size_t len = 0; len <= 600; len++) {
			const int good = check(&variants[v], buf, len, 0) && check(&variants[v], buf, len, 1 + len % 7);
			TU_CHECK(good, "%s length %zu", variants[v].name, len);
			*ok += (unsigned long)good;
			(*total)++;
		}
		TU_CHECK(check(&variants[v], buf, big, 0) && check(&variants[v], buf, big, 1000), "%s 1 MiB",
		         variants[v].name);
	}
}

/*
 * pqs_sha256_compress_x4 from the SHA-256 initial value on four padded
 * one-block messages (FIPS 180-4 section 5.1.1) of lengths len .. len + 3
 * against OpenSSL; returns the number of lanes that match.
 */
static unsigned check_x4(const uint8_t *buf, size_t len)
{
	static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	uint8_t block[4][64];
	uint32_t h[4][8];
	uint32_t *const state[4] = { h[0], h[1], h[2], h[3] };
	const uint8_t *const blocks[4] = { block[0], block[1], block[2], block[3] };
	unsigned good = 0;
	for (size_t j = 0; j < 4; j++) {
		const size_t l = len + j < 56 ? len + j : 55;
		memset(block[j], 0, 64);
		memcpy(block[j], buf + 7 * j, l);
		block[j][l] = 0x80;
		block[j][62] = (uint8_t)((l * 8) >> 8);
		block[j][63] = (uint8_t)(l * 8);
		memcpy(h[j], iv, sizeof iv);
	}
	pqs_sha256_compress_x4(state, blocks);
	for (size_t j = 0; j < 4; j++) {
		const size_t l = len + j < 56 ? len + j : 55;
		uint8_t want[32], got[32];
		unsigned int wl = 0;
		for (unsigned i = 0; i < 32; i++)
			got[i] = (uint8_t)(h[j][i / 4] >> (24 - 8 * (i % 4)));
		good += EVP_Digest(buf + 7 * j, l, want, &wl, EVP_sha256(), NULL) == 1 && memcmp(want, got, 32) == 0;
	}
	return good;
}

int main(void)
{
	const size_t big = 1 << 20;
	uint8_t *buf = malloc(big);
	unsigned long ok = 0, total = 0;
	for (size_t i = 0; i < big; i++)
		buf[i] = (uint8_t)(i * 2654435761u >> 13);
	unsigned lanes_ok = 0;
	const int accelerated = pqs_sha256_accelerated(1);
	run_variants(buf, big, &ok, &total);
	for (size_t len = 0; len < 56; len++)
		lanes_ok += check_x4(buf, len);
	/* Again with the portable SHA-256 forced. */
	TU_CHECK(pqs_sha256_accelerated(0) == 0, "portable SHA-256 can be forced");
	run_variants(buf, big, &ok, &total);
	for (size_t len = 0; len < 56; len++)
		lanes_ok += check_x4(buf, len);
	TU_CHECK(lanes_ok == 2 * 56 * 4, "four-stream compression: %u of %u lanes", lanes_ok, 2 * 56 * 4);
	printf("SHA-256 SHA-NI path %s\n", accelerated ? "tested" : "not available on this CPU");
	pqs_sha256_accelerated(1);
	uint8_t one[64], want[64];
	unsigned int wl = 0;
	pqs_sha256(one, buf, 3);
	TU_CHECK(EVP_Digest(buf, 3, want, &wl, EVP_sha256(), NULL) == 1 && memcmp(one, want, 32) == 0, "one-shot SHA-256");
	pqs_sha512(one, buf, 200);
	TU_CHECK(EVP_Digest(buf, 200, want, &wl, EVP_sha512(), NULL) == 1 && memcmp(one, want, 64) == 0, "one-shot SHA-512");
	TU_CHECK(ok == total && total == 2 * 6 * 601, "%lu of %lu lengths", ok, total);
	free(buf);
	return tu_finish("sha2");
}
