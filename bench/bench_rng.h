/*
 * Deterministic randomness for benchmarks that must measure the same keys
 * and signatures in every run or variant (`pqsig bench falcon`, and the
 * Cortex-M7 benchmark targets/m7/m7_bench.c, which includes this header):
 * each fill() returns SHAKE256(label || counter as 8 bytes little-endian)
 * and increments the counter.  Not a production randomness source.
 */
#ifndef PQSIG_BENCH_RNG_H
#define PQSIG_BENCH_RNG_H

#include <stdint.h>
#include <string.h>

#include "pqsig/rand.h"
#include "pqsig/sha3.h"
#include "pqsig/sig.h"

typedef struct {
	pqs_rng rng; /* first: a bench_rng* is usable as pqs_rng* */
	const char *label;
	uint64_t counter;
} bench_rng;

static inline int bench_rng_fill(pqs_rng *self, uint8_t *out, size_t len)
{
	bench_rng *r = (bench_rng *)self;
	uint8_t ctr[8];
	pqs_keccak k;

	for (int i = 0; i < 8; i++)
		ctr[i] = (uint8_t)(r->counter >> (8 * i));
	r->counter++;
	pqs_shake256_init(&k);
	pqs_keccak_absorb(&k, (const uint8_t *)r->label, strlen(r->label));
	pqs_keccak_absorb(&k, ctr, sizeof ctr);
	pqs_keccak_squeeze(&k, out, len);
	return PQS_OK;
}

static inline void bench_rng_init(bench_rng *r, const char *label, uint64_t counter)
{
	r->rng.fill = bench_rng_fill;
	r->label = label;
	r->counter = counter;
}

#endif
