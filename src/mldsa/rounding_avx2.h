/*
 * AVX2 paths of the signing / verifying side's coefficient passes
 * (rounding_avx2.c): reduce32, caddq, the infinity-norm check, Decompose,
 * MakeHint and UseHint (FIPS 204 section 7.4, Algorithms 36-40).  Each
 * performs the arithmetic of the portable function named beside it on 8
 * coefficients at a time and gives the same result for every input the
 * portable one accepts; poly.c chooses between them at run time
 * (src/core/simd.h: PQSIG_NO_SIMD=1 selects the portable code).
 */
#ifndef PQSIG_MLDSA_ROUNDING_AVX2_H
#define PQSIG_MLDSA_ROUNDING_AVX2_H

#include "mldsa/ntt.h" /* MLDSA_AVX2_BUILD */
#include "mldsa/poly.h"

#if MLDSA_AVX2_BUILD
void pqs_mldsa_poly_reduce_avx2(mldsa_poly *a);                           /* pqs_mldsa_poly_reduce */
void pqs_mldsa_poly_caddq_avx2(mldsa_poly *a);                            /* pqs_mldsa_poly_caddq */
unsigned pqs_mldsa_poly_chknorm_avx2(const mldsa_poly *a, int32_t bound); /* pqs_mldsa_poly_chknorm */
void pqs_mldsa_poly_decompose_avx2(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2);
unsigned pqs_mldsa_poly_make_hint_avx2(mldsa_poly *h, const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2);
/* b may be a (in place), as for pqs_mldsa_poly_use_hint. */
void pqs_mldsa_poly_use_hint_avx2(mldsa_poly *b, const mldsa_poly *a, const mldsa_poly *h, int32_t gamma2);
#endif

#endif
