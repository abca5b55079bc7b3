/*
 * `pqsig bench falcon` as library calls (the report's Falcon section uses
 * them): keygen per Reduce variant and signing per ffSampling variant.
 */
#ifndef PQSIG_BENCH_FALCON_H
#define PQSIG_BENCH_FALCON_H

#include <stddef.h>

#include "bench.h"
#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "pqsig/sig.h"

#define BENCH_FALCON_SIGN_VARIANTS (PQS_FNDSA_FFSAMPLING_UNROLL_MAX + 1)

typedef struct {
	bench_stats time;             /* wall time per key */
	unsigned long candidates;     /* (f, g) sampled over all keys */
	unsigned long rejected_fg;    /* by the size / Gram-Schmidt / invertibility checks */
	unsigned long solve_failures; /* NTRUSolve rejections */
	size_t stack_peak;            /* bytes: painted stack of one registry keygen */
} bench_falcon_keygen_result;

/* keys keys per variant, seeds 0..keys-1 (the same for every variant).  0 or CLI_ERROR. */
int bench_falcon_keygen_collect(const pqs_sig_class *cls, size_t keys,
				bench_falcon_keygen_result res[PQS_FNDSA_KEYGEN_REDUCE_COUNT]);
/* n signatures per ffSampling variant, one key, the same randomness; fails unless all agree. */
int bench_falcon_sign_collect(const pqs_sig_class *cls, size_t n, bench_stats st[BENCH_FALCON_SIGN_VARIANTS]);

#endif
