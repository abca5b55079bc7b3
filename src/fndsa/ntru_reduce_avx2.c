/*
 * AVX2 path of the round-3 Reduce's schoolbook product (Falcon round-3
 * spec v1.2, section 3.8.2, Alg. 9 line 8, (F, G) <- (F - k*f, G - k*g)):
 * pqs_ntru_poly_sub_scaled_avx2() gives the same words as the portable
 * poly_sub_scaled() of ntru_reduce.c (tested against it by
 * test_keygen_avx2), which stays the reference.
 *
 * The portable code runs one carry chain per product k[u]*f[v] (n^2 chains
 * of xlen words).  Here destination w takes, word by word, the column sum
 * of its n products at once: each product c*y (|c| < 2^31, 0 <= y < 2^31)
 * splits into its low 31 bits and its signed high part, so n <= 32 of them
 * add up in 64-bit lanes without overflow, and only that sum goes through
 * the (scalar) carry chain.  Four words per vector; the sums are exact, so
 * the result modulo 2^(31 xlen) is the portable one.
 */
#include "inner.h"
#include "keygen_inner.h"

#if FNDSA_AVX2_BUILD
#include <immintrin.h>
#include <string.h>

static inline int32_t u32_as_s32(uint32_t w)
{
	int32_t r;

	memcpy(&r, &w, sizeof r);
	return r;
}

/*
 * Column sums of destination word j (scalar form, for the tails): lo = sum
 * of the low 31 bits of the products ke[w - v + n] * y_v[j], hi = sum of
 * their high parts; y_v[j] is the sign word of source v from ylen on.
 */
static void column_sums(int64_t *lo, int64_t *hi, const uint32_t *ys, size_t ystr, size_t ylen, const int64_t *ke,
			size_t n, size_t w, size_t j)
{
	size_t v;

	*lo = 0;
	*hi = 0;
	for (v = 0; v < n; v++) {
		const uint32_t *y = ys + v * ystr;
		uint32_t wy = j < ylen ? y[j] : y[ylen];
		uint64_t p = (uint64_t)((int64_t)wy * ke[w - v + n]);

		*lo += (int64_t)(p & 0x7FFFFFFFu);
		*hi += u32_as_s32((uint32_t)(p >> 31));
	}
}

/* f*2^scl for the n sources of f (fstride apart, flen words each), as
 * flen+1 words and 3 sign words (padding of the last vector load): word j
 * is the low 31 bits of y[j] << scl and the top scl bits of y[j-1], eight
 * words per vector where both are words of y. */
__attribute__((target("avx2"))) static void scaled_sources(uint32_t *ys, size_t ystr, const uint32_t *f, size_t flen,
							   size_t fstride, uint32_t scl, size_t n)
{
	const __m256i m31 = _mm256_set1_epi32(0x7FFFFFFF);
	const __m128i sl = _mm_cvtsi32_si128((int)scl), sr = _mm_cvtsi32_si128((int)(31 - scl));
	size_t v, j;

	for (v = 0; v < n; v++) {
		const uint32_t *y = f + v * fstride;
		uint32_t *d = ys + v * ystr;
		uint32_t ysign = -(y[flen - 1] >> 30) >> 1;

		/* scl = 0: y >> 31 = 0 for 31-bit words. */
		d[0] = (y[0] << scl) & 0x7FFFFFFFu;
		for (j = 1; j + 8 <= flen; j += 8) {
			__m256i cur = _mm256_loadu_si256((const __m256i *)(const void *)(y + j));
			__m256i prev = _mm256_loadu_si256((const __m256i *)(const void *)(y + j - 1));

			_mm256_storeu_si256((__m256i *)(void *)(d + j),
					    _mm256_or_si256(_mm256_and_si256(_mm256_sll_epi32(cur, sl), m31),
							    _mm256_srl_epi32(prev, sr)));
		}
		for (; j <= flen; j++) {
			uint32_t wy = j < flen ? y[j] : ysign;

			d[j] = ((wy << scl) & 0x7FFFFFFFu) | (y[j - 1] >> (31 - scl));
		}
		d[flen + 1] = d[flen + 2] = d[flen + 3] = -(d[flen] >> 30) >> 1;
	}
}

/*
 * The carry is kept biased, cb = cc + 2^31 >= 0 (as in zint.c): with
 * B = 2^62 - 2^31 added to the column sum s off the chain, t = s + B + cb
 * gives x = t mod 2^31 and cb' = t >> 31 (one addition and one shift on
 * the chain).  |s| < 2^40 here.
 */
#define CARRY_BIAS (((uint64_t)1 << 62) - ((uint64_t)1 << 31))

__attribute__((target("avx2"))) void pqs_ntru_poly_sub_scaled_fg_avx2(uint32_t *F, uint32_t *G, size_t Flen,
								      size_t Fstride, const uint32_t *f,
								      const uint32_t *g, size_t flen, size_t fstride,
								      const int32_t *k, uint32_t sch, uint32_t scl,
								      unsigned logn, uint32_t *ys)
{
	size_t n = (size_t)1 << logn;
	size_t ylen = flen + 1, ystr = ylen + 3;
	size_t xlen, vend, v, w, j;
	/* ke[w - v + n]: the multiplier of source v in destination w
	 * (x^n = -1 negates the wrapped products). */
	int64_t ke[2 * PQS_NTRU_SUB_SCALED_MAX_N];
	/* Destinations: F's n coefficients, then G's. */
	uint64_t cb[2 * PQS_NTRU_SUB_SCALED_MAX_N];
	int64_t hprev[2 * PQS_NTRU_SUB_SCALED_MAX_N];
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	/* p + 2^62 >= 0 for |p| < 2^62, and (p + 2^62) >> 31 = (p >> 31) + 2^31:
	 * the logical shift gives the arithmetic one, biased. */
	const __m256i b62 = _mm256_set1_epi64x((long long)1 << 62);
	const __m256i sbias = _mm256_set1_epi64x((long long)(CARRY_BIAS - ((uint64_t)n << 31)));

	if (flen == 0 || Flen <= sch || n > PQS_NTRU_SUB_SCALED_MAX_N) {
		return;
	}
	xlen = Flen - sch;
	scaled_sources(ys, ystr, f, flen, fstride, scl, n);
	scaled_sources(ys + n * ystr, ystr, g, flen, fstride, scl, n);
	for (v = 0; v < n; v++) {
		ke[v] = k[v];
		ke[v + n] = -(int64_t)k[v];
	}
	for (w = 0; w < 2 * n; w++) {
		cb[w] = (uint64_t)1 << 31;
		hprev[w] = 0;
	}

	/* Whole vectors while they stay within xlen and the padding; the 2n
	 * carry chains advance together. */
	vend = (xlen < ylen + 3 ? xlen : ylen + 3) & ~(size_t)3;
	for (j = 0; j < vend; j += 4) {
		for (w = 0; w < 2 * n; w++) {
			size_t wn = w < n ? w : w - n;
			uint32_t *x = (w < n ? F : G) + wn * Fstride + sch + j;
			const uint32_t *yw = ys + (w < n ? 0 : n * ystr) + j;
			__m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256(), s, hs;
			uint64_t sv[4];
			size_t i;

			for (v = 0; v < n; v++) {
				__m256i y = _mm256_cvtepu32_epi64(
					_mm_loadu_si128((const __m128i *)(const void *)(yw + v * ystr)));
				__m256i p = _mm256_mul_epi32(y, _mm256_set1_epi64x(ke[wn - v + n]));

				lo = _mm256_add_epi64(lo, _mm256_and_si256(p, m31));
				hi = _mm256_add_epi64(hi, _mm256_srli_epi64(_mm256_add_epi64(p, b62), 31));
			}
			/* Word j+i gets x + lo of j+i and hi of j+i-1 (hi is
			 * still biased by n*2^31, removed with sbias). */
			hs = _mm256_permute4x64_epi64(hi, 0x90);
			hs = _mm256_blend_epi32(hs, _mm256_set1_epi64x(hprev[w] + ((int64_t)n << 31)), 0x03);
			s = _mm256_add_epi64(_mm256_add_epi64(lo, hs), sbias);
			s = _mm256_add_epi64(s, _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(void *)x)));
			_mm256_storeu_si256((__m256i *)(void *)sv, s);
			hprev[w] = _mm256_extract_epi64(hi, 3) - ((int64_t)n << 31);
			for (i = 0; i < 4; i++) {
				uint64_t t = sv[i] + cb[w];

				x[i] = (uint32_t)t & 0x7FFFFFFFu;
				cb[w] = t >> 31;
			}
		}
	}
	/* The remaining words (below 4 of them, or past the padding). */
	for (w = 0; w < 2 * n; w++) {
		size_t wn = w < n ? w : w - n;
		uint32_t *x = (w < n ? F : G) + wn * Fstride + sch;
		const uint32_t *yw = ys + (w < n ? 0 : n * ystr);
		size_t jj;

		for (jj = j; jj < xlen; jj++) {
			int64_t lo, hi;
			uint64_t t;

			column_sums(&lo, &hi, yw, ystr, ylen, ke, n, wn, jj);
			t = (uint64_t)((int64_t)x[jj] + lo + hprev[w]) + CARRY_BIAS + cb[w];
			x[jj] = (uint32_t)t & 0x7FFFFFFFu;
			cb[w] = t >> 31;
			hprev[w] = hi;
		}
	}
}

#if PQS_NTRU_FP_NATIVE
/*
 * pqs_ntru_poly_big_to_fp() on four integers at a time (n >= 4, flen >= 1):
 * the same word operations in 32-bit lanes, and the same binary64
 * products and sums in the same order (no contraction: exact conversions,
 * exact powers of two, one rounding per addition as in the scalar code).
 */
__attribute__((target("avx2"))) void pqs_ntru_poly_big_to_fp_avx2(fpr *d, const uint32_t *f, size_t flen,
								  size_t fstride, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	const __m128i m31 = _mm_set1_epi32(0x7FFFFFFF), one = _mm_set1_epi32(1);
	const __m256d two31 = _mm256_set1_pd(2147483648.0);
	size_t u, v;

	for (u = 0; u < n; u += 4) {
		const uint32_t *f0 = f + u * fstride, *f1 = f0 + fstride, *f2 = f1 + fstride, *f3 = f2 + fstride;
		__m128i top =
			_mm_setr_epi32((int)f0[flen - 1], (int)f1[flen - 1], (int)f2[flen - 1], (int)f3[flen - 1]);
		__m128i neg = _mm_sub_epi32(_mm_setzero_si128(), _mm_srli_epi32(top, 30));
		__m128i xm = _mm_srli_epi32(neg, 1);
		__m128i cc = _mm_and_si128(neg, one);
		__m256d x = _mm256_setzero_pd(), fsc = _mm256_set1_pd(1.0);

		for (v = 0; v < flen; v++) {
			__m128i w = _mm_setr_epi32((int)f0[v], (int)f1[v], (int)f2[v], (int)f3[v]);

			w = _mm_add_epi32(_mm_xor_si128(w, xm), cc);
			cc = _mm_srli_epi32(w, 31);
			w = _mm_and_si128(w, m31);
			w = _mm_sub_epi32(w, _mm_and_si128(_mm_slli_epi32(w, 1), neg));
			x = _mm256_add_pd(x, _mm256_mul_pd(_mm256_cvtepi32_pd(w), fsc));
			fsc = _mm256_mul_pd(fsc, two31);
		}
		_mm256_storeu_pd((double *)(void *)(d + u), x);
	}
}
#endif
#endif
