/*
 * Shared by the AVX2 files of src/mldsa (ntt_avx2.c, rounding_avx2.c,
 * pack_sig_avx2.c, pack_key_avx2.c): the target attribute that lets GCC and
 * Clang emit AVX2 in one function without -mavx2 for the whole build (the
 * run-time dispatch decides whether it runs), and unaligned loads and
 * stores of 8 coefficients.  Include only where MLDSA_AVX2_BUILD is 1.
 */
#ifndef PQSIG_MLDSA_AVX2_LANES_H
#define PQSIG_MLDSA_AVX2_LANES_H

#include <immintrin.h>
#include <stdint.h>

#define AVX2 __attribute__((target("avx2")))

static inline AVX2 __m256i load8(const int32_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline AVX2 void store8(int32_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

#endif
