/*
 * AVX2 path of the HAETAE v1.1.2 ring arithmetic mod q = 64513 (section
 * "NTT"): forward NTT, inverse NTT and the pointwise Montgomery product,
 * chosen at run time by ntt.c (src/core/simd.h).  Every lane performs the
 * portable code's exact arithmetic - the same butterflies without
 * intermediate reduction, the same signed 64-bit Montgomery reduction with
 * factor 2^32 - so the outputs are identical (tests/haetae/test_haetae_avx2.c).
 *
 * Layers with butterfly distance >= 8 pair whole vectors.  For distances
 * 4, 2 and 1 each block of 64 coefficients is transposed as an 8 x 8
 * matrix: afterwards vector j holds coefficients 8i + j (lane i), so the
 * in-block pairs (j, j + d) are again whole vectors, and the root of lane i
 * is a strided entry of the zeta table (loaded with a gather).
 */
#include "haetae/inner.h"

#if HAETAE_AVX2_BUILD

#include "haetae/avx2.h"

/* Lane i = sign * zetas[first + step * i]: the roots of the eight rows of a transposed block. */
static inline AVX2 __m256i strided_roots(int first, int step, int negate)
{
	const __m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(step));
	const __m256i z = _mm256_i32gather_epi32(pqs_haetae_zetas + first, idx, 4);
	return negate ? _mm256_sub_epi32(_mm256_setzero_si256(), z) : z;
}

/* Cooley-Tukey pair (x, y) <- (x + zeta y, x - zeta y), the portable forward butterfly. */
static inline AVX2 void butterfly_ct(__m256i *x, __m256i *y, __m256i zeta)
{
	const __m256i t = mont_mul(zeta, *y);
	*y = _mm256_sub_epi32(*x, t);
	*x = _mm256_add_epi32(*x, t);
}

/* Gentleman-Sande pair (x, y) <- (x + y, zeta (x - y)), the portable inverse butterfly. */
static inline AVX2 void butterfly_gs(__m256i *x, __m256i *y, __m256i zeta)
{
	const __m256i diff = _mm256_sub_epi32(*x, *y);
	*x = _mm256_add_epi32(*x, *y);
	*y = mont_mul(zeta, diff);
}

/* One layer of distance len >= 8 over whole vectors; block b uses root sign * zetas[root(b)]. */
static inline AVX2 void wide_layer(int32_t a[HAETAE_N], unsigned len, int first_root, int root_step, int negate)
{
	int root = first_root;
	for (unsigned start = 0; start < HAETAE_N; start += 2 * len, root += root_step) {
		const __m256i zeta = _mm256_set1_epi32(negate ? -pqs_haetae_zetas[root] : pqs_haetae_zetas[root]);
		for (unsigned j = start; j < start + len; j += 8) {
			__m256i x = vload(a + j), y = vload(a + j + len);
			if (negate)
				butterfly_gs(&x, &y, zeta);
			else
				butterfly_ct(&x, &y, zeta);
			vstore(a + j, x);
			vstore(a + j + len, y);
		}
	}
}

AVX2 void pqs_haetae_ntt_avx2(int32_t a[HAETAE_N])
{
	/* Distance len, block b: zetas[N / (2 len) + b] (the portable k sequence). */
	for (unsigned len = 128; len >= 8; len >>= 1)
		wide_layer(a, len, (int)(HAETAE_N / (2 * len)), 1, 0);
	for (unsigned base = 0; base < HAETAE_N; base += 64) {
		const int g = (int)(base / 8); /* index of the block's first group of 8 coefficients */
		__m256i v[8];
		for (unsigned i = 0; i < 8; i++)
			v[i] = vload(a + base + 8 * i);
		transpose8(v);
		/* distance 4: group g + i uses zetas[32 + g + i] */
		const __m256i z4 = strided_roots(32 + g, 1, 0);
		for (unsigned j = 0; j < 4; j++)
			butterfly_ct(&v[j], &v[j + 4], z4);
		/* distance 2: zetas[64 + 2 (g + i) + half] */
		for (unsigned half = 0; half < 2; half++) {
			const __m256i z2 = strided_roots(64 + 2 * g + (int)half, 2, 0);
			butterfly_ct(&v[4 * half], &v[4 * half + 2], z2);
			butterfly_ct(&v[4 * half + 1], &v[4 * half + 3], z2);
		}
		/* distance 1: zetas[128 + 4 (g + i) + quarter] */
		for (unsigned quarter = 0; quarter < 4; quarter++)
			butterfly_ct(&v[2 * quarter], &v[2 * quarter + 1],
				     strided_roots(128 + 4 * g + (int)quarter, 4, 0));
		transpose8(v);
		for (unsigned i = 0; i < 8; i++)
			vstore(a + base + 8 * i, v[i]);
	}
}

AVX2 void pqs_haetae_invntt_tomont_avx2(int32_t a[HAETAE_N])
{
	/* The portable k counts down from N: distance len, block b uses -zetas[N / len - 1 - b]. */
	for (unsigned base = 0; base < HAETAE_N; base += 64) {
		const int g = (int)(base / 8);
		__m256i v[8];
		for (unsigned i = 0; i < 8; i++)
			v[i] = vload(a + base + 8 * i);
		transpose8(v);
		for (unsigned quarter = 0; quarter < 4; quarter++)
			butterfly_gs(&v[2 * quarter], &v[2 * quarter + 1],
				     strided_roots(255 - 4 * g - (int)quarter, -4, 1));
		for (unsigned half = 0; half < 2; half++) {
			const __m256i z2 = strided_roots(127 - 2 * g - (int)half, -2, 1);
			butterfly_gs(&v[4 * half], &v[4 * half + 2], z2);
			butterfly_gs(&v[4 * half + 1], &v[4 * half + 3], z2);
		}
		const __m256i z4 = strided_roots(63 - g, -1, 1);
		for (unsigned j = 0; j < 4; j++)
			butterfly_gs(&v[j], &v[j + 4], z4);
		transpose8(v);
		for (unsigned i = 0; i < 8; i++)
			vstore(a + base + 8 * i, v[i]);
	}
	for (unsigned len = 8; len < HAETAE_N; len <<= 1)
		wide_layer(a, len, (int)(HAETAE_N / len - 1), -1, 1);
	const __m256i f = _mm256_set1_epi32(HAETAE_INVNTT_F);
	for (unsigned j = 0; j < HAETAE_N; j += 8)
		vstore(a + j, mont_mul(f, vload(a + j)));
}

AVX2 void pqs_haetae_pointwise_avx2(int32_t c[HAETAE_N], const int32_t a[HAETAE_N], const int32_t b[HAETAE_N],
				    int accumulate)
{
	for (unsigned j = 0; j < HAETAE_N; j += 8) {
		__m256i p = mont_mul(vload(a + j), vload(b + j));
		if (accumulate)
			p = _mm256_add_epi32(p, vload(c + j));
		vstore(c + j, p);
	}
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int haetae_ntt_avx2_unused;
#endif
