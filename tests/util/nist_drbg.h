/*
 * Test utility: NIST SP 800-90A AES-256 CTR_DRBG without derivation function, as
 * used by the NIST PQC PQCgenKAT programs (rng.c: randombytes_init,
 * randombytes).  Its only purpose is reproducing KAT files; it is not a
 * production randomness source.
 */
#ifndef PQSIG_TEST_NIST_DRBG_H
#define PQSIG_TEST_NIST_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/rand.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
	pqs_rng rng;       /* must stay first: a pqs_drbg* is usable as pqs_rng* */
	uint8_t key[32];
	uint8_t v[16];
	uint64_t reseed_counter;
} pqs_drbg;

/**
 * Instantiate from a 48-byte entropy input and optional 48-byte
 * personalization string (NULL for none), as randombytes_init().
 */
void pqs_drbg_init(pqs_drbg *d, const uint8_t entropy[48], const uint8_t *personalization);

/** Generate len bytes, as randombytes(). Returns 0. */
int pqs_drbg_generate(pqs_drbg *d, uint8_t *out, size_t len);

/** Wipe the state. */
void pqs_drbg_clear(pqs_drbg *d);

#ifdef __cplusplus
}
#endif

#endif
