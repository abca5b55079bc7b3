/*
 * ML-DSA parameter sets (FIPS 204 section 4, Table 1) and derived sizes
 * (Table 2).  Shared internals of src/mldsa/: one struct per parameter set,
 * selected at run time, so one copy of the code serves all three sets.
 */
#ifndef PQSIG_MLDSA_PARAMS_H
#define PQSIG_MLDSA_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/mldsa.h"

#define MLDSA_N 256
#define MLDSA_Q 8380417     /* 2^23 - 2^13 + 1 */
#define MLDSA_D 13          /* dropped bits of t (FIPS 204 Table 1) */
#define MLDSA_SEEDBYTES 32  /* rho, K, xi, rnd */
#define MLDSA_CRHBYTES 64   /* rho', rho'', mu */
#define MLDSA_TRBYTES 64    /* tr = H(pk, 64) */
#define MLDSA_K_MAX 8
#define MLDSA_L_MAX 7
#define MLDSA_CTILDE_MAX 64 /* lambda/4 for ML-DSA-87 */
#define MLDSA_POLYT1_BYTES 320 /* 256 * 10 bits */
#define MLDSA_POLYT0_BYTES 416 /* 256 * 13 bits */
#define MLDSA_POLYW1_MAX 192   /* 256 * 6 bits */

/* The two implementation assumptions the arithmetic relies on, checked by the compiler. */
_Static_assert((-1 >> 1) == -1, "arithmetic right shift of negative values is required");
_Static_assert((int32_t)0xFFFFFFFFu == -1, "two's complement conversion to int32_t is required");

typedef struct {
	unsigned k, l;          /* matrix A is k x l */
	unsigned eta;           /* secret coefficient bound */
	unsigned tau;           /* number of +-1 in the challenge */
	int32_t beta;           /* tau * eta */
	int32_t gamma1;         /* mask range */
	int32_t gamma2;         /* low-order rounding range */
	unsigned omega;         /* max number of 1s in the hint */
	unsigned ctilde_bytes;  /* lambda / 4 */
	unsigned polyeta_bytes; /* 32 * bitlen(2 eta) */
	unsigned polyz_bytes;   /* 32 * (1 + bitlen(gamma1 - 1)) */
	unsigned polyw1_bytes;  /* 32 * bitlen((q-1)/(2 gamma2) - 1) */
	size_t pk_bytes, sk_bytes, sig_bytes;
} mldsa_params;

/* The parameter block of a set, or NULL for an unknown selector. */
const mldsa_params *pqs_mldsa_params_get(pqs_mldsa_set set);

#endif
