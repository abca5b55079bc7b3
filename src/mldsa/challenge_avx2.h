/*
 * AVX2 path of SampleInBall's swaps (FIPS 204 Algorithm 29 steps 11-12,
 * challenge_avx2.c), chosen at run time by poly.c's ball_swaps: the same
 * bytes as its portable loop.
 */
#ifndef PQSIG_MLDSA_CHALLENGE_AVX2_H
#define PQSIG_MLDSA_CHALLENGE_AVX2_H

#include <stdint.h>

#include "mldsa/ntt.h" /* MLDSA_AVX2_BUILD */

#if MLDSA_AVX2_BUILD
/*
 * cc = the challenge as bytes (0, 1, 0xFF) after the tau steps
 * i = 256 - tau + n with sampled index j[n] and sign bit n of signs;
 * constant time in j and signs.
 */
void pqs_mldsa_ball_swaps_avx2(uint8_t cc[MLDSA_N], const uint8_t *j, uint64_t signs, unsigned tau);
#endif

#endif
