/*
 * AVX2 paths of the key-generation and sampling side of ML-DSA: rejection
 * sampling (FIPS 204 Algorithms 30-31 with 14-15), Power2Round (Algorithm
 * 35) and the key and mask bit packing (Algorithms 16-19 as used by
 * pkEncode/skEncode, Algorithms 22-25, and ExpandMask, Algorithm 34).
 *
 * poly.c calls these when src/core/simd.h's pqs_simd_avx2() says so
 * (PQSIG_NO_SIMD=1 keeps the portable C); the results are bit-identical to
 * the portable code, which stays the reference
 * (tests/mldsa/test_mldsa_avx2_keyside.c compares the two).
 */
#ifndef PQSIG_MLDSA_SAMPLE_PACK_AVX2_H
#define PQSIG_MLDSA_SAMPLE_PACK_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/ntt.h" /* MLDSA_AVX2_BUILD */

#if MLDSA_AVX2_BUILD
/*
 * The bulk of a rejection-sampling pass, eight candidates at a time: fills
 * a[0..ctr) with the accepted coefficients of buf in stream order, stops
 * before fewer than eight slots of a[0..len) would remain or the buffer
 * would run out, and returns ctr with *used = the bytes consumed.  The
 * caller finishes with the portable loop from there.
 * rej_uniform: 3-byte candidates < q (Algorithm 14); rej_eta: nibbles
 * (Algorithm 15, low nibble first) for eta = 2 or 4, whose accept decisions
 * are declassified eight at a time (as the portable loop does one by one).
 */
unsigned pqs_mldsa_rej_uniform_avx2(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen, size_t *used);
unsigned pqs_mldsa_rej_eta_avx2(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen, unsigned eta,
				size_t *used);

/* Algorithm 35 on 256 coefficients in [0, q). */
void pqs_mldsa_power2round_avx2(int32_t a1[MLDSA_N], int32_t a0[MLDSA_N], const int32_t a[MLDSA_N]);

/* The encoders and decoders of poly.c with the same names, without _avx2. */
void pqs_mldsa_polyt1_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N]);
void pqs_mldsa_polyt1_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r);
void pqs_mldsa_polyt0_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N]);
void pqs_mldsa_polyt0_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r);
void pqs_mldsa_polyeta_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N], unsigned eta);
unsigned pqs_mldsa_polyeta_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r, unsigned eta);
void pqs_mldsa_polyz_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r, int32_t gamma1);
#endif

#endif
