/*
 * AVX2 paths of reduce32, caddq, the infinity-norm check and the rounding
 * functions of FIPS 204 section 7.4 (Decompose, MakeHint, UseHint:
 * Algorithms 36, 39, 40), chosen at run time by poly.c.  Every lane
 * performs the portable code's arithmetic (rounding.h, reduce.h, poly.c)
 * step by step: same fixed-point division, same masks, so the results are
 * identical (tests/mldsa/test_mldsa_avx2.c compares them exhaustively over
 * [0, q) and on the boundaries).  Nothing branches on a coefficient, so
 * the functions that see secrets while signing stay constant time.
 */
#include "mldsa/rounding_avx2.h"

#if MLDSA_AVX2_BUILD

#include "mldsa/avx2_lanes.h"

/* mldsa_reduce32: a - round(a / 2^23) q. */
AVX2 void pqs_mldsa_poly_reduce_avx2(mldsa_poly *a)
{
	const __m256i q = _mm256_set1_epi32(MLDSA_Q), half = _mm256_set1_epi32(1 << 22);
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		const __m256i x = load8(a->coeffs + i);
		const __m256i t = _mm256_srai_epi32(_mm256_add_epi32(x, half), 23);
		store8(a->coeffs + i, _mm256_sub_epi32(x, _mm256_mullo_epi32(t, q)));
	}
}

/* mldsa_caddq: the sign bit as a mask selects q. */
AVX2 void pqs_mldsa_poly_caddq_avx2(mldsa_poly *a)
{
	const __m256i q = _mm256_set1_epi32(MLDSA_Q);
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		const __m256i x = load8(a->coeffs + i);
		store8(a->coeffs + i, _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), q)));
	}
}

/* |a_i| >= bound for some i, every lane examined (no early exit: z and r0 are secret until the verdict). */
AVX2 unsigned pqs_mldsa_poly_chknorm_avx2(const mldsa_poly *a, int32_t bound)
{
	const __m256i limit = _mm256_set1_epi32(bound - 1);
	__m256i bad = _mm256_setzero_si256();
	for (unsigned i = 0; i < MLDSA_N; i += 8)
		bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(_mm256_abs_epi32(load8(a->coeffs + i)), limit));
	return (unsigned)!_mm256_testz_si256(bad, bad);
}

/*
 * Algorithm 36 on 8 lanes, as mldsa_decompose: a1 = ceil(a / 128), then
 * the fixed-point quotient by 2 gamma2 / 128 (1025 / 2^22 or 11275 / 2^24),
 * the wrap of the top value to 0 (step 4's corner case), and
 * a0 = a - a1 2 gamma2 lowered by q when it exceeds (q-1)/2.
 */
static inline AVX2 __m256i decompose8(__m256i *a0, __m256i a, int32_t gamma2)
{
	__m256i a1 = _mm256_srai_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(127)), 7);
	if (gamma2 == (MLDSA_Q - 1) / 32) {
		a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(1025));
		a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 21)), 22);
		a1 = _mm256_and_si256(a1, _mm256_set1_epi32(15));
	} else {
		a1 = _mm256_mullo_epi32(a1, _mm256_set1_epi32(11275));
		a1 = _mm256_srai_epi32(_mm256_add_epi32(a1, _mm256_set1_epi32(1 << 23)), 24);
		a1 = _mm256_andnot_si256(_mm256_cmpgt_epi32(a1, _mm256_set1_epi32(43)), a1); /* 44 -> 0 */
	}
	__m256i r0 = _mm256_sub_epi32(a, _mm256_mullo_epi32(a1, _mm256_set1_epi32(2 * gamma2)));
	const __m256i high = _mm256_cmpgt_epi32(r0, _mm256_set1_epi32((MLDSA_Q - 1) / 2));
	*a0 = _mm256_sub_epi32(r0, _mm256_and_si256(high, _mm256_set1_epi32(MLDSA_Q)));
	return a1;
}

AVX2 void pqs_mldsa_poly_decompose_avx2(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2)
{
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		__m256i low;
		store8(a1->coeffs + i, decompose8(&low, load8(a->coeffs + i), gamma2));
		store8(a0->coeffs + i, low);
	}
}

/* 1 in the lanes where mask is all-ones, else 0. */
static inline AVX2 __m256i mask_to_bit(__m256i mask)
{
	return _mm256_srli_epi32(mask, 31);
}

/* Algorithm 39 in the form of mldsa_make_hint: a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 with a1 != 0. */
AVX2 unsigned pqs_mldsa_poly_make_hint_avx2(mldsa_poly *h, const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2)
{
	const __m256i g = _mm256_set1_epi32(gamma2), minus_g = _mm256_set1_epi32(-gamma2);
	__m256i count = _mm256_setzero_si256();
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		const __m256i low = load8(a0->coeffs + i), high = load8(a1->coeffs + i);
		const __m256i outside = _mm256_or_si256(_mm256_cmpgt_epi32(low, g), _mm256_cmpgt_epi32(minus_g, low));
		const __m256i edge = _mm256_and_si256(_mm256_cmpeq_epi32(low, minus_g),
						      _mm256_cmpgt_epi32(high, _mm256_setzero_si256()));
		const __m256i bit = mask_to_bit(_mm256_or_si256(outside, edge));
		store8(h->coeffs + i, bit);
		count = _mm256_add_epi32(count, bit);
	}
	/* Horizontal sum of the eight lane counts (each <= 32). */
	__m128i s = _mm_add_epi32(_mm256_castsi256_si128(count), _mm256_extracti128_si256(count, 1));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
	return (unsigned)_mm_cvtsi128_si32(s);
}

/*
 * Algorithm 40 as mldsa_use_hint, without its branches: with a hint, a1
 * moves by +1 if a0 > 0 and by -1 otherwise, modulo m = (q-1)/(2 gamma2)
 * (m = 16: a mask; m = 44: -1 becomes 43 and 44 becomes 0).
 */
AVX2 void pqs_mldsa_poly_use_hint_avx2(mldsa_poly *b, const mldsa_poly *a, const mldsa_poly *h, int32_t gamma2)
{
	const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), two = _mm256_set1_epi32(2);
	const __m256i top = _mm256_set1_epi32(43);
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		__m256i low;
		const __m256i high = decompose8(&low, load8(a->coeffs + i), gamma2);
		const __m256i hinted =
			_mm256_xor_si256(_mm256_cmpeq_epi32(load8(h->coeffs + i), zero), _mm256_set1_epi32(-1));
		/* +1 where a0 > 0, else -1; kept only where the hint is set. */
		const __m256i step = _mm256_sub_epi32(_mm256_and_si256(_mm256_cmpgt_epi32(low, zero), two), one);
		__m256i r = _mm256_add_epi32(high, _mm256_and_si256(step, hinted));
		if (gamma2 == (MLDSA_Q - 1) / 32) {
			r = _mm256_and_si256(r, _mm256_set1_epi32(15));
		} else {
			const __m256i below = _mm256_cmpgt_epi32(zero, r);
			r = _mm256_or_si256(_mm256_andnot_si256(below, r), _mm256_and_si256(below, top));
			r = _mm256_andnot_si256(_mm256_cmpgt_epi32(r, top), r);
		}
		store8(b->coeffs + i, r);
	}
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int mldsa_rounding_avx2_unused;
#endif
