/*
 * `pqsig bench falcon` as library calls (the report's Falcon section uses
 * them): keygen per Reduce variant and signing per ffSampling variant.
 */
#ifndef PQSIG_BENCH_FALCON_H
#define PQSIG_BENCH_FALCON_H

#include <stddef.h>
#include <stdint.h>

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

/* Seed i of the keygen comparison (the same for every variant). */
void bench_falcon_keygen_seed(uint8_t seed[48], size_t i);

/*
 * Exact x86-64 instruction counts (valgrind's callgrind) per operation:
 * keygen of each Reduce variant over `keys` seeds and signing under each
 * ffSampling variant for `sigs` messages, per class (bench_falcon_callgrind.c).
 */
typedef struct {
	double keygen[PQS_FNDSA_KEYGEN_REDUCE_COUNT];
	double sign[BENCH_FALCON_SIGN_VARIANTS];
} bench_falcon_insns;
int bench_falcon_callgrind(const pqs_sig_class *cls, size_t keys, size_t sigs, bench_falcon_insns *out);
/* `--callgrind-child SPEC`: the measured run inside valgrind (internal). */
int bench_falcon_callgrind_child(const char *spec);

#endif
