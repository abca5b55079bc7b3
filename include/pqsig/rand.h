/*
 * pqsig: randomness sources.
 *
 * A pqs_rng is a tiny object with one method, fill().  Production code
 * passes NULL wherever an rng is accepted, which selects the operating
 * system's generator (getrandom(2)).  Known-answer tests pass a NIST
 * AES-256 CTR-DRBG (tests/util/nist_drbg.h, a test utility) so that the exact byte stream of the
 * NIST PQCgenKAT programs' randombytes() is reproduced.
 */
#ifndef PQSIG_RAND_H
#define PQSIG_RAND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pqs_rng_ pqs_rng;

/** A randomness source: fill(self, out, len) writes len bytes, returns 0 or a pqs_err. */
struct pqs_rng_ {
	int (*fill)(pqs_rng *self, uint8_t *out, size_t len);
};

/** Fill out with len bytes from the operating system (getrandom). Returns 0 or PQS_ERR_RANDOMNESS. */
int pqs_os_random(uint8_t *out, size_t len);

/** Fill from rng, or from the OS if rng is NULL. */
int pqs_rng_fill(pqs_rng *rng, uint8_t *out, size_t len);

/** Overwrite len bytes at p with zeros in a way the compiler cannot elide. */
void pqs_zeroize(void *p, size_t len);

#ifdef __cplusplus
}
#endif

#endif
