/*
 * AVX2 forms of the mod-p arithmetic of keygen_inner.h (mp31_mmul,
 * mp31_add, mp31_sub) on 8 lanes of 32-bit values, one prime per vector.
 * Each lane performs exactly the scalar operations, so results are
 * bit-identical to the portable code.  Included by the files that hold
 * AVX2 code of NTRUSolve (mp31.c, zint_avx2.c); callers choose at run time
 * with pqs_mp31_uses_avx2() (core/simd.h: PQSIG_NO_SIMD=1 disables it).
 */
#ifndef PQSIG_FNDSA_MP31_AVX2_H
#define PQSIG_FNDSA_MP31_AVX2_H

#include <stddef.h>
#include <stdint.h>

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
#define MP31_AVX2_BUILD 1
#include <immintrin.h>

#define MP31_AVX2 __attribute__((target("avx2")))

/* mp31_mmul() on 8 lanes: even and odd lanes as 64-bit products, then
 * the same reduction (w = (z * p0i mod 2^32) mod 2^31, (z + w p) >> 31,
 * conditional subtraction).  a < 2^31, b < p. */
static inline MP31_AVX2 __m256i mp31_mmul8(__m256i a, __m256i b, __m256i p, __m256i p0i)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	__m256i ze = _mm256_mul_epu32(a, b);
	__m256i zo = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
	__m256i we = _mm256_mul_epu32(_mm256_and_si256(_mm256_mul_epu32(ze, p0i), m31), p);
	__m256i wo = _mm256_mul_epu32(_mm256_and_si256(_mm256_mul_epu32(zo, p0i), m31), p);
	__m256i d;

	ze = _mm256_srli_epi64(_mm256_add_epi64(ze, we), 31);
	zo = _mm256_srli_epi64(_mm256_add_epi64(zo, wo), 31);
	d = _mm256_sub_epi32(_mm256_blend_epi32(ze, _mm256_slli_epi64(zo, 32), 0xAA), p);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

static inline MP31_AVX2 __m256i mp31_add8(__m256i a, __m256i b, __m256i p)
{
	__m256i d = _mm256_sub_epi32(_mm256_add_epi32(a, b), p);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

static inline MP31_AVX2 __m256i mp31_sub8(__m256i a, __m256i b, __m256i p)
{
	__m256i d = _mm256_sub_epi32(a, b);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

/*
 * zint_avx2.c: the first num & ~7 of num integers, 8 at a time (the
 * callers in zint.c finish the rest with the portable code and tell the
 * paths apart only by speed).
 *   mod_small_many: out[j*ostride] = x_j mod p (x_j signed, len words, at
 *     x + j*xstride); pw[k] = 2^(31(k+1)) mod p, k < len.
 *   rebuild_CRT: pqs_zint_rebuild_CRT() (with its signed normalisation
 *     if asked), for integers stored back to back (xstride = xlen); tmp
 *     gets the product of the xlen primes.
 * Both return the number of integers done.
 */
size_t pqs_zint_mod_small_many_avx2(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride, size_t num,
				    size_t len, uint32_t p, uint32_t p0i, uint32_t Rx, const uint32_t *pw);
/* sum of d[k]*pw[k]/2^31 mod p for k < len & ~7 (one integer, 8 words
 * per vector; canonical). */
uint32_t pqs_zint_mod_dot_avx2(const uint32_t *d, size_t len, const uint32_t *pw, uint32_t p, uint32_t p0i);
/* pqs_zint_mod_weights() for any len >= 1: four vector chains of len/32
 * products. */
void pqs_zint_mod_weights_avx2(uint32_t *pw, size_t len, uint32_t p, uint32_t p0i, uint32_t R2);
size_t pqs_zint_rebuild_CRT_avx2(uint32_t *xx, size_t xlen, size_t num, int normalize_signed, uint32_t *tmp);
/* rebuild_CRT_portable() (zint.c) for 1 to 3 integers, xlen >= 2, any
 * stride: four 64-bit lanes (the integers and the prime product). */
void pqs_zint_rebuild_CRT_few_avx2(uint32_t *xx, size_t xlen, size_t xstride, size_t num, uint32_t *tmp);
/* pqs_zint_rebuild_CRT_wm() for n a multiple of 8 (xlen >= 1). */
void pqs_zint_rebuild_CRT_wm_avx2(uint32_t *xx, size_t xlen, size_t n, int normalize_signed, uint32_t *tmp);
/* pqs_fndsa_ntru2025_sub_kf_schoolbook() for n = 2, 4 and 8 (ntru2025_avx2.c);
 * returns 0, doing nothing, for other n. */
int pqs_fndsa_ntru2025_sub_kf_schoolbook_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
					      const uint32_t *ft, size_t slen, size_t n);
#else
#define MP31_AVX2_BUILD 0
#endif

#endif
