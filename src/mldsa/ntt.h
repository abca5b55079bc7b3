/*
 * Number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 204 section 7.5,
 * Algorithms 41 and 42), in Montgomery form.
 */
#ifndef PQSIG_MLDSA_NTT_H
#define PQSIG_MLDSA_NTT_H

#include <stdint.h>

#include "mldsa/params.h"

/*
 * Forward NTT in place, bit-reversed output order (Algorithm 41).
 * Input |a[i]| < q; output |a[i]| < 9q.
 */
void pqs_mldsa_ntt(int32_t a[MLDSA_N]);

/*
 * Inverse NTT in place (Algorithm 42), also multiplying by the Montgomery
 * factor 2^32, which cancels the 2^-32 of one preceding pointwise
 * Montgomery product.  Input |a[i]| < q; output |a[i]| < q.
 */
void pqs_mldsa_invntt_tomont(int32_t a[MLDSA_N]);

/*
 * r = a * b * 2^-32 coefficient-wise (Algorithm 45 in Montgomery form);
 * with acc != 0, r += a * b * 2^-32 instead.
 */
void pqs_mldsa_pointwise(int32_t r[MLDSA_N], const int32_t a[MLDSA_N], const int32_t b[MLDSA_N], int acc);

/* The portable implementations, always compiled (the functions above use them without AVX2). */
void pqs_mldsa_ntt_portable(int32_t a[MLDSA_N]);
void pqs_mldsa_invntt_tomont_portable(int32_t a[MLDSA_N]);
void pqs_mldsa_pointwise_portable(int32_t r[MLDSA_N], const int32_t a[MLDSA_N], const int32_t b[MLDSA_N], int acc);

/* zeta^brv8(i) * 2^32 mod q, centred (see ntt.c). */
extern const int32_t pqs_mldsa_zetas[MLDSA_N];

/*
 * Optional AVX2 path (ntt_avx2.c), built with GCC or Clang on x86-64 and
 * used when the CPU reports AVX2.  Results are bit-identical to the
 * portable code.  The choice is src/core/simd.h's pqs_simd_avx2(), so
 * PQSIG_NO_SIMD=1 and pqs_simd_force_portable(1) select the portable path.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && \
	!defined(PQSIG_NO_AVX2)
#define MLDSA_AVX2_BUILD 1
void pqs_mldsa_ntt_avx2(int32_t a[MLDSA_N]);
void pqs_mldsa_invntt_tomont_avx2(int32_t a[MLDSA_N]);
void pqs_mldsa_pointwise_avx2(int32_t r[MLDSA_N], const int32_t a[MLDSA_N], const int32_t b[MLDSA_N], int acc);
#else
#define MLDSA_AVX2_BUILD 0
#endif

#endif
