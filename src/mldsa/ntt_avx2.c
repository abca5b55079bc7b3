/*
 * AVX2 path of the NTT, inverse NTT and pointwise Montgomery product
 * (FIPS 204 Algorithms 41, 42, 45), chosen at run time by ntt.c when the
 * CPU has AVX2.  Each function performs exactly the arithmetic of the
 * portable code (same butterflies, same lazy-reduction bounds, same
 * Montgomery reduction) on 8 coefficients at a time, so the outputs are
 * bit-identical (tests/mldsa/test_mldsa_unit.c checks this).
 *
 * Montgomery reduction on 8 lanes: _mm256_mul_epi32 multiplies the even
 * 32-bit lanes into 64-bit products, so even and odd lanes are handled in
 * two halves; the high 32 bits of p - t q are the result, as in
 * mldsa_montgomery_reduce.
 *
 * Two passes over the array, each keeping several layers in registers:
 * distances 128, 64, 32 on 8 vectors 32 coefficients apart, then 16, 8,
 * 4, 2, 1 on blocks of 32 coefficients (the reverse for the inverse, whose
 * final scaling joins its last pass).  Layers with butterfly distance >= 8
 * work on whole vectors.  The last three layers (distance 4, 2, 1) pair
 * coefficients inside a vector: two vectors (16 coefficients) are split
 * into X = first elements of the pairs and Y = second elements with
 * 128-bit, 64-bit or 32-bit interleaves, butterflied, and merged back by
 * the inverse interleave.
 */
#include "mldsa/ntt.h"

#if MLDSA_AVX2_BUILD

#include "mldsa/avx2_lanes.h"

#include "mldsa/reduce.h"

/* a * b * 2^-32 mod q, lane-wise (|a b| <= 2^31 q). */
static inline AVX2 __m256i fqmul8(__m256i a, __m256i b)
{
	const __m256i q = _mm256_set1_epi32(MLDSA_Q);
	const __m256i qinv = _mm256_set1_epi32(MLDSA_QINV);
	const __m256i pe = _mm256_mul_epi32(a, b);
	const __m256i po = _mm256_mul_epi32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
	const __m256i te = _mm256_mul_epi32(pe, qinv); /* low 32 bits: t = p q^-1 mod 2^32 */
	const __m256i to = _mm256_mul_epi32(po, qinv);
	const __m256i re = _mm256_sub_epi64(pe, _mm256_mul_epi32(te, q));
	const __m256i ro = _mm256_sub_epi64(po, _mm256_mul_epi32(to, q));
	/* Results are the high halves: even ones move down, odd ones are already in place. */
	return _mm256_blend_epi32(_mm256_srli_epi64(re, 32), ro, 0xAA);
}

/* Split two vectors of 16 consecutive coefficients into pair halves X, Y (distance d), and merge back. */
static inline AVX2 void split4(__m256i *x, __m256i *y, __m256i v0, __m256i v1)
{
	*x = _mm256_permute2x128_si256(v0, v1, 0x20);
	*y = _mm256_permute2x128_si256(v0, v1, 0x31);
}
#define merge4(v0, v1, x, y) split4(v0, v1, x, y) /* the 128-bit interleave is an involution */

static inline AVX2 void split2(__m256i *x, __m256i *y, __m256i v0, __m256i v1)
{
	*x = _mm256_unpacklo_epi64(v0, v1);
	*y = _mm256_unpackhi_epi64(v0, v1);
}
#define merge2(v0, v1, x, y) split2(v0, v1, x, y) /* so is the 64-bit one */

static inline AVX2 void split1(__m256i *x, __m256i *y, __m256i v0, __m256i v1)
{
	*x = _mm256_blend_epi32(v0, _mm256_slli_epi64(v1, 32), 0xAA);
	*y = _mm256_blend_epi32(_mm256_srli_epi64(v0, 32), v1, 0xAA);
}
#define merge1(v0, v1, x, y) split1(v0, v1, x, y) /* and the 32-bit one */

/*
 * Zeta vectors for the in-vector layers of 16 coefficients whose first
 * block uses table entry m (blocks m, m+1, ... in coefficient order),
 * laid out to match the X/Y lane order of split4/split2/split1: one load
 * of the consecutive entries and one lane permutation each.
 */
static inline AVX2 __m256i zetas_d4(const int32_t *z, unsigned m)
{
	const __m256i v = _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(const void *)(z + m)));
	return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}

static inline AVX2 __m256i zetas_d2(const int32_t *z, unsigned m)
{
	const __m256i v = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(z + m)));
	return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 0, 2, 2, 1, 1, 3, 3));
}

static inline AVX2 __m256i zetas_d1(const int32_t *z, unsigned m)
{
	return _mm256_permutevar8x32_epi32(load8(z + m), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* Cooley-Tukey butterfly: (x, y) <- (x + zeta y, x - zeta y). */
static inline AVX2 void ct_bfly(__m256i *x, __m256i *y, __m256i zeta)
{
	const __m256i t = fqmul8(*y, zeta);
	*y = _mm256_sub_epi32(*x, t);
	*x = _mm256_add_epi32(*x, t);
}

/* Gentleman-Sande butterfly: (x, y) <- (x + y, zeta (x - y)). */
static inline AVX2 void gs_bfly(__m256i *x, __m256i *y, __m256i zeta)
{
	const __m256i t = *x;
	*x = _mm256_add_epi32(t, *y);
	*y = fqmul8(_mm256_sub_epi32(t, *y), zeta);
}

static inline AVX2 __m256i zeta1(const int32_t *z, unsigned m)
{
	return _mm256_set1_epi32(z[m]);
}

/* Negated broadcast root of the inverse transform. */
static inline AVX2 __m256i neg_zeta1(const int32_t *z, unsigned m)
{
	return _mm256_set1_epi32(-z[m]);
}

/*
 * The layers are done in two passes over the array, each keeping several
 * layers in registers; every butterfly is the portable one (same inputs,
 * same root), only the order of independent butterflies differs.
 */
AVX2 void pqs_mldsa_ntt_avx2(int32_t a[MLDSA_N])
{
	const int32_t *z = pqs_mldsa_zetas;
	/* Distances 128, 64, 32 (roots z[1], z[2..3], z[4..7]) on 8 vectors 32 coefficients apart. */
	for (unsigned j = 0; j < 32; j += 8) {
		__m256i v[8];
		for (unsigned k = 0; k < 8; k++)
			v[k] = load8(a + j + 32 * k);
		for (unsigned k = 0; k < 4; k++)
			ct_bfly(&v[k], &v[k + 4], zeta1(z, 1));
		for (unsigned k = 0; k < 8; k += 4) {
			ct_bfly(&v[k], &v[k + 2], zeta1(z, 2 + k / 4));
			ct_bfly(&v[k + 1], &v[k + 3], zeta1(z, 2 + k / 4));
		}
		for (unsigned k = 0; k < 8; k += 2)
			ct_bfly(&v[k], &v[k + 1], zeta1(z, 4 + k / 2));
		for (unsigned k = 0; k < 8; k++)
			store8(a + j + 32 * k, v[k]);
	}
	/*
	 * Per block b of 32 coefficients: distance 16 (root z[8 + b]), 8
	 * (z[16 + 2b], z[17 + 2b]), then 4, 2, 1 inside each half of 16
	 * (roots from 32.., 64.., 128.. as in the portable order).
	 */
	for (unsigned b = 0; b < 8; b++) {
		int32_t *blk = a + 32 * b;
		__m256i v[4];
		for (unsigned k = 0; k < 4; k++)
			v[k] = load8(blk + 8 * k);
		ct_bfly(&v[0], &v[2], zeta1(z, 8 + b));
		ct_bfly(&v[1], &v[3], zeta1(z, 8 + b));
		ct_bfly(&v[0], &v[1], zeta1(z, 16 + 2 * b));
		ct_bfly(&v[2], &v[3], zeta1(z, 17 + 2 * b));
		for (unsigned h = 0; h < 2; h++) {
			const unsigned i = 32 * b + 16 * h; /* first coefficient of the half */
			__m256i x, y;
			split4(&x, &y, v[2 * h], v[2 * h + 1]);
			ct_bfly(&x, &y, zetas_d4(z, 32 + i / 8));
			merge4(&v[2 * h], &v[2 * h + 1], x, y);
			split2(&x, &y, v[2 * h], v[2 * h + 1]);
			ct_bfly(&x, &y, zetas_d2(z, 64 + i / 4));
			merge2(&v[2 * h], &v[2 * h + 1], x, y);
			split1(&x, &y, v[2 * h], v[2 * h + 1]);
			ct_bfly(&x, &y, zetas_d1(z, 128 + i / 2));
			merge1(&v[2 * h], &v[2 * h + 1], x, y);
		}
		for (unsigned k = 0; k < 4; k++)
			store8(blk + 8 * k, v[k]);
	}
}

static inline AVX2 __m256i neg(__m256i v)
{
	return _mm256_sub_epi32(_mm256_setzero_si256(), v);
}

/*
 * Inverse zeta vectors: the portable code gives block c of distance len
 * the root -z[256/len - 1 - c]; for the 16 coefficients whose first block
 * of distance 1, 2, 4 is c, the lanes list the same roots as the forward
 * layouts with the indices counting down, so one load of the consecutive
 * entries ending at the first root, reversed by the permutation.
 */
static inline AVX2 __m256i inv_zetas_d1(const int32_t *z, unsigned c)
{
	const __m256i v = load8(z + 248 - c); /* z[248 - c .. 255 - c] */
	return neg(_mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 3, 6, 2, 5, 1, 4, 0)));
}

static inline AVX2 __m256i inv_zetas_d2(const int32_t *z, unsigned c)
{
	const __m256i v = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(z + 124 - c)));
	return neg(_mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(3, 3, 1, 1, 2, 2, 0, 0)));
}

static inline AVX2 __m256i inv_zetas_d4(const int32_t *z, unsigned c)
{
	const __m256i v = _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(const void *)(z + 62 - c)));
	return neg(_mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(1, 1, 1, 1, 0, 0, 0, 0)));
}

AVX2 void pqs_mldsa_invntt_tomont_avx2(int32_t a[MLDSA_N])
{
	const int32_t *z = pqs_mldsa_zetas;
	/*
	 * Per block b of 32 coefficients: distances 1, 2, 4 inside each half
	 * of 16, then 8 (roots -z[31 - 2b], -z[30 - 2b]) and 16 (-z[15 - b]).
	 */
	for (unsigned b = 0; b < 8; b++) {
		int32_t *blk = a + 32 * b;
		__m256i v[4];
		for (unsigned k = 0; k < 4; k++)
			v[k] = load8(blk + 8 * k);
		for (unsigned h = 0; h < 2; h++) {
			const unsigned i = 32 * b + 16 * h;
			__m256i x, y;
			split1(&x, &y, v[2 * h], v[2 * h + 1]);
			gs_bfly(&x, &y, inv_zetas_d1(z, i / 2));
			merge1(&v[2 * h], &v[2 * h + 1], x, y);
			split2(&x, &y, v[2 * h], v[2 * h + 1]);
			gs_bfly(&x, &y, inv_zetas_d2(z, i / 4));
			merge2(&v[2 * h], &v[2 * h + 1], x, y);
			split4(&x, &y, v[2 * h], v[2 * h + 1]);
			gs_bfly(&x, &y, inv_zetas_d4(z, i / 8));
			merge4(&v[2 * h], &v[2 * h + 1], x, y);
		}
		gs_bfly(&v[0], &v[1], neg_zeta1(z, 31 - 2 * b));
		gs_bfly(&v[2], &v[3], neg_zeta1(z, 30 - 2 * b));
		gs_bfly(&v[0], &v[2], neg_zeta1(z, 15 - b));
		gs_bfly(&v[1], &v[3], neg_zeta1(z, 15 - b));
		for (unsigned k = 0; k < 4; k++)
			store8(blk + 8 * k, v[k]);
	}
	/*
	 * Distances 32 (-z[7 .. 4]), 64 (-z[3], -z[2]) and 128 (-z[1]) on 8
	 * vectors 32 coefficients apart, then step 21's scaling by 256^-1
	 * together with the Montgomery factor (f = 41978) before the store.
	 */
	const __m256i f = _mm256_set1_epi32(41978);
	for (unsigned j = 0; j < 32; j += 8) {
		__m256i v[8];
		for (unsigned k = 0; k < 8; k++)
			v[k] = load8(a + j + 32 * k);
		for (unsigned k = 0; k < 8; k += 2)
			gs_bfly(&v[k], &v[k + 1], neg_zeta1(z, 7 - k / 2));
		for (unsigned k = 0; k < 8; k += 4) {
			gs_bfly(&v[k], &v[k + 2], neg_zeta1(z, 3 - k / 4));
			gs_bfly(&v[k + 1], &v[k + 3], neg_zeta1(z, 3 - k / 4));
		}
		for (unsigned k = 0; k < 4; k++)
			gs_bfly(&v[k], &v[k + 4], neg_zeta1(z, 1));
		for (unsigned k = 0; k < 8; k++)
			store8(a + j + 32 * k, fqmul8(v[k], f));
	}
}

AVX2 void pqs_mldsa_pointwise_avx2(int32_t r[MLDSA_N], const int32_t a[MLDSA_N], const int32_t b[MLDSA_N], int acc)
{
	for (unsigned j = 0; j < MLDSA_N; j += 8) {
		__m256i p = fqmul8(load8(a + j), load8(b + j));
		if (acc)
			p = _mm256_add_epi32(p, load8(r + j));
		store8(r + j, p);
	}
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int mldsa_ntt_avx2_unused;
#endif
