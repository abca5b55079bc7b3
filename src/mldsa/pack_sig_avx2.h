/*
 * AVX2 paths of the signature-side encodings (pack_sig_avx2.c): w1Encode
 * (FIPS 204 Algorithm 28), sigEncode's z packing (Algorithm 26 with
 * BitPack, Algorithm 17) and the positions of HintBitPack (Algorithm 20).
 * Same bytes as the portable functions named beside them; poly.c and
 * packing.c choose at run time (src/core/simd.h).
 */
#ifndef PQSIG_MLDSA_PACK_SIG_AVX2_H
#define PQSIG_MLDSA_PACK_SIG_AVX2_H

#include "mldsa/ntt.h" /* MLDSA_AVX2_BUILD */
#include "mldsa/poly.h"

#if MLDSA_AVX2_BUILD
/* pqs_mldsa_polyw1_pack: coefficients in [0, (q-1)/(2 gamma2)), 6 bits (gamma2 = (q-1)/88) or 4. */
void pqs_mldsa_polyw1_pack_avx2(uint8_t *r, const mldsa_poly *a, int32_t gamma2);
/* pqs_mldsa_polyz_pack: coefficients in (-gamma1, gamma1], 18 bits (gamma1 = 2^17) or 20. */
void pqs_mldsa_polyz_pack_avx2(uint8_t *r, const mldsa_poly *a, int32_t gamma1);
/*
 * Algorithm 20 steps 4-7 for one polynomial: writes the index of every
 * nonzero coefficient of h, in increasing order, to out; returns how many.
 * Public data only (an accepted signature's hint).
 */
unsigned pqs_mldsa_hint_positions_avx2(uint8_t *out, const mldsa_poly *h);
#endif

#endif
