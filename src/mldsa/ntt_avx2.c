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
 * Layers with butterfly distance >= 8 work on whole vectors.  The last
 * three layers (distance 4, 2, 1) pair coefficients inside a vector: two
 * vectors (16 coefficients) are split into X = first elements of the
 * pairs and Y = second elements with 128-bit, 64-bit or 32-bit
 * interleaves, butterflied, and merged back by the inverse interleave.
 */
#include "mldsa/ntt.h"

#if MLDSA_AVX2_BUILD

#include <immintrin.h>

#include "mldsa/reduce.h"

#define AVX2 __attribute__((target("avx2")))

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

static inline AVX2 __m256i load8(const int32_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline AVX2 void store8(int32_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
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
 * of eight consecutive table entries from m, and one vpermd.
 */
static inline AVX2 __m256i zetas_at(const int32_t *z, unsigned m, __m256i lanes)
{
	return _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(z + m)), lanes);
}

static inline AVX2 __m256i zetas_d4(const int32_t *z, unsigned m)
{
	return zetas_at(z, m, _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}

static inline AVX2 __m256i zetas_d2(const int32_t *z, unsigned m)
{
	return zetas_at(z, m, _mm256_setr_epi32(0, 0, 2, 2, 1, 1, 3, 3));
}

static inline AVX2 __m256i zetas_d1(const int32_t *z, unsigned m)
{
	return zetas_at(z, m, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
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

AVX2 void pqs_mldsa_ntt_avx2(int32_t a[MLDSA_N])
{
	const int32_t *z = pqs_mldsa_zetas;
	/* Layers with distance 128 .. 8: block b of a layer uses zeta index 128/len + b. */
	for (unsigned len = 128; len >= 8; len >>= 1) {
		unsigned m = MLDSA_N / 2 / len;
		for (unsigned start = 0; start < MLDSA_N; start += 2 * len, m++) {
			const __m256i zeta = _mm256_set1_epi32(z[m]);
			for (unsigned j = start; j < start + len; j += 8) {
				__m256i x = load8(a + j), y = load8(a + j + len);
				ct_bfly(&x, &y, zeta);
				store8(a + j, x);
				store8(a + j + len, y);
			}
		}
	}
	/* Distances 4, 2, 1 on 16 coefficients at a time (zeta indices 32.., 64.., 128..). */
	for (unsigned i = 0; i < MLDSA_N; i += 16) {
		__m256i v0 = load8(a + i), v1 = load8(a + i + 8), x, y;
		split4(&x, &y, v0, v1);
		ct_bfly(&x, &y, zetas_d4(z, 32 + i / 8));
		merge4(&v0, &v1, x, y);
		split2(&x, &y, v0, v1);
		ct_bfly(&x, &y, zetas_d2(z, 64 + i / 4));
		merge2(&v0, &v1, x, y);
		split1(&x, &y, v0, v1);
		ct_bfly(&x, &y, zetas_d1(z, 128 + i / 2));
		merge1(&v0, &v1, x, y);
		store8(a + i, v0);
		store8(a + i + 8, v1);
	}
}

/* Negated zeta vectors of the inverse transform (index m counts down in the portable code). */
static inline AVX2 __m256i neg(__m256i v)
{
	return _mm256_sub_epi32(_mm256_setzero_si256(), v);
}

AVX2 void pqs_mldsa_invntt_tomont_avx2(int32_t a[MLDSA_N])
{
	const int32_t *z = pqs_mldsa_zetas;
	/*
	 * Distances 1, 2, 4: the portable code gives block b of distance len
	 * the root -z[256/len - 1 - b]; the vectors below list, lane by lane,
	 * the same roots as the forward layouts with reversed indices.
	 */
	for (unsigned i = 0; i < MLDSA_N; i += 16) {
		__m256i v0 = load8(a + i), v1 = load8(a + i + 8), x, y;
		const unsigned b1 = i / 2, b2 = i / 4, b4 = i / 8; /* first block index per layer */
		split1(&x, &y, v0, v1);
		gs_bfly(&x, &y, neg(zetas_at(z, 255 - b1 - 7, _mm256_setr_epi32(7, 3, 6, 2, 5, 1, 4, 0))));
		merge1(&v0, &v1, x, y);
		split2(&x, &y, v0, v1);
		gs_bfly(&x, &y, neg(zetas_at(z, 127 - b2 - 3, _mm256_setr_epi32(3, 3, 1, 1, 2, 2, 0, 0))));
		merge2(&v0, &v1, x, y);
		split4(&x, &y, v0, v1);
		gs_bfly(&x, &y, neg(zetas_at(z, 63 - b4 - 1, _mm256_setr_epi32(1, 1, 1, 1, 0, 0, 0, 0))));
		merge4(&v0, &v1, x, y);
		store8(a + i, v0);
		store8(a + i + 8, v1);
	}
	/* Distances 8 .. 128. */
	for (unsigned len = 8; len < MLDSA_N; len <<= 1) {
		unsigned b = 0;
		for (unsigned start = 0; start < MLDSA_N; start += 2 * len, b++) {
			const __m256i zeta = _mm256_set1_epi32(-z[MLDSA_N / len - 1 - b]);
			for (unsigned j = start; j < start + len; j += 8) {
				__m256i x = load8(a + j), y = load8(a + j + len);
				gs_bfly(&x, &y, zeta);
				store8(a + j, x);
				store8(a + j + len, y);
			}
		}
	}
	/* Step 21's scaling by 256^-1 together with the Montgomery factor (f = 41978). */
	const __m256i f = _mm256_set1_epi32(41978);
	for (unsigned j = 0; j < MLDSA_N; j += 8)
		store8(a + j, fqmul8(load8(a + j), f));
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
