/*
 * NIST SP 800-90A CTR_DRBG with AES-256, no derivation function, no
 * prediction resistance: exactly the randombytes() of the NIST PQC
 * PQCgenKAT rng.c, so that KAT files can be regenerated bit for bit.
 * AES-256 comes from OpenSSL (this generator only serves tests and KATs).
 */
#include <string.h>

#include <openssl/evp.h>

#include "nist_drbg.h"

/* AES-256 of one block under key. */
static void aes256_ecb(const uint8_t key[32], const uint8_t in[16], uint8_t out[16])
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int len = 0;
	if (!ctx || EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), NULL, key, NULL) != 1 ||
	    EVP_CIPHER_CTX_set_padding(ctx, 0) != 1 || EVP_EncryptUpdate(ctx, out, &len, in, 16) != 1) {
		/* OpenSSL failing to run AES means the library itself is broken. */
		memset(out, 0, 16);
	}
	EVP_CIPHER_CTX_free(ctx);
}

/* V = V + 1 as a 128-bit big-endian integer. */
static void increment_v(uint8_t v[16])
{
	for (int j = 15; j >= 0; j--) {
		if (++v[j] != 0)
			break;
	}
}

/* SP 800-90A section 10.2.1.2 CTR_DRBG_Update with seedlen = 48 bytes. */
static void drbg_update(pqs_drbg *d, const uint8_t *provided)
{
	uint8_t temp[48];
	for (int i = 0; i < 3; i++) {
		increment_v(d->v);
		aes256_ecb(d->key, d->v, temp + 16 * i);
	}
	if (provided) {
		for (int i = 0; i < 48; i++)
			temp[i] ^= provided[i];
	}
	memcpy(d->key, temp, 32);
	memcpy(d->v, temp + 32, 16);
	memset(temp, 0, sizeof temp);
}

static int drbg_fill(pqs_rng *self, uint8_t *out, size_t len)
{
	return pqs_drbg_generate((pqs_drbg *)self, out, len);
}

void pqs_drbg_init(pqs_drbg *d, const uint8_t entropy[48], const uint8_t *personalization)
{
	uint8_t seed[48];
	memcpy(seed, entropy, 48);
	if (personalization) {
		for (int i = 0; i < 48; i++)
			seed[i] ^= personalization[i];
	}
	d->rng.fill = drbg_fill;
	memset(d->key, 0, sizeof d->key);
	memset(d->v, 0, sizeof d->v);
	drbg_update(d, seed);
	d->reseed_counter = 1;
	memset(seed, 0, sizeof seed);
}

/* SP 800-90A section 10.2.1.5.1 CTR_DRBG_Generate, without additional input. */
int pqs_drbg_generate(pqs_drbg *d, uint8_t *out, size_t len)
{
	uint8_t block[16];
	while (len > 0) {
		increment_v(d->v);
		aes256_ecb(d->key, d->v, block);
		size_t n = len < 16 ? len : 16;
		memcpy(out, block, n);
		out += n;
		len -= n;
	}
	drbg_update(d, NULL);
	d->reseed_counter++;
	memset(block, 0, sizeof block);
	return 0;
}

void pqs_drbg_clear(pqs_drbg *d)
{
	memset(d->key, 0, sizeof d->key);
	memset(d->v, 0, sizeof d->v);
	d->reseed_counter = 0;
}
