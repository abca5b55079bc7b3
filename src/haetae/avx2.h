/*
 * Inline AVX2 helpers shared by the HAETAE AVX2 files (ntt_avx2.c, fft_avx2.c):
 * 32-bit lane loads and stores, the Montgomery product mod q and the 8 x 8
 * transpose that turns in-vector butterfly pairs into whole-vector pairs.
 * Included only when HAETAE_AVX2_BUILD is 1.
 */
#ifndef PQSIG_HAETAE_AVX2_H
#define PQSIG_HAETAE_AVX2_H

#include <immintrin.h>

#include "haetae/inner.h"

#define AVX2 __attribute__((target("avx2")))

/* p - t q with t = p q^-1 mod 2^32 (signed): bits 32..63 are the Montgomery reduction of p. */
static inline AVX2 __m256i montgomery_high(__m256i p)
{
	const __m256i t = _mm256_mul_epi32(p, _mm256_set1_epi32((int32_t)HAETAE_QINV));
	return _mm256_sub_epi64(p, _mm256_mul_epi32(t, _mm256_set1_epi32(HAETAE_Q)));
}

/* a * b * 2^-32 mod q per 32-bit lane, as pqs_haetae_montgomery_reduce((int64_t)a * b). */
static inline AVX2 __m256i mont_mul(__m256i a, __m256i b)
{
	const __m256i even = montgomery_high(_mm256_mul_epi32(a, b));
	const __m256i odd =
		montgomery_high(_mm256_mul_epi32(_mm256_shuffle_epi32(a, 0xF5), _mm256_shuffle_epi32(b, 0xF5)));
	return _mm256_blend_epi32(_mm256_shuffle_epi32(even, 0xF5), odd, 0xAA);
}

static inline AVX2 __m256i vload(const int32_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline AVX2 void vstore(int32_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* In-place transpose of the 8 x 8 matrix of 32-bit entries held by v[0..7] (an involution). */
static inline AVX2 void transpose8(__m256i v[8])
{
	__m256i a[8], b[8];
	for (unsigned i = 0; i < 8; i += 2) {
		a[i] = _mm256_unpacklo_epi32(v[i], v[i + 1]);
		a[i + 1] = _mm256_unpackhi_epi32(v[i], v[i + 1]);
	}
	for (unsigned i = 0; i < 8; i += 4) {
		b[i] = _mm256_unpacklo_epi64(a[i], a[i + 2]);
		b[i + 1] = _mm256_unpackhi_epi64(a[i], a[i + 2]);
		b[i + 2] = _mm256_unpacklo_epi64(a[i + 1], a[i + 3]);
		b[i + 3] = _mm256_unpackhi_epi64(a[i + 1], a[i + 3]);
	}
	for (unsigned i = 0; i < 4; i++) {
		v[i] = _mm256_permute2x128_si256(b[i], b[i + 4], 0x20);
		v[i + 4] = _mm256_permute2x128_si256(b[i], b[i + 4], 0x31);
	}
}

#endif
