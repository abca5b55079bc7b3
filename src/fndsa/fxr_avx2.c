/*
 * AVX2 stages of the fixed-point FFT and inverse FFT (fxr_fft.c), four
 * butterflies per vector: the same operations on 64-bit lanes, so the
 * outputs are bit-identical (tests/fndsa/test_fxr.c compares both paths).
 */
#include "fxr.h"
#include "mp31_avx2.h"

#if MP31_AVX2_BUILD

/* A real factor per lane: its value, its high half, its low half times
 * 2^32, and all ones where it is negative. */
typedef struct {
	__m256i a, ah, a_lo32, a_neg;
} fxr4_const;

static inline MP31_AVX2 fxr4_const fxr4_const_of(__m256i a)
{
	fxr4_const k;

	k.a = a;
	k.ah = _mm256_srli_epi64(a, 32);
	k.a_lo32 = _mm256_slli_epi64(a, 32);
	k.a_neg = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
	return k;
}

/*
 * fxr_mul(c, b) per lane: floor(c*b/2^32) mod 2^64 from 32-bit pieces
 * (c = ch*2^32 + cl, b = bh*2^32 + bl, ch and bh signed):
 * ch*bh*2^32 + ch*bl + cl*bh + floor(cl*bl/2^32), where a signed high
 * half is its unsigned value minus 2^32 when the operand is negative.
 */
static inline MP31_AVX2 __m256i fxr4_mul(const fxr4_const *k, __m256i b)
{
	__m256i bh = _mm256_srli_epi64(b, 32);
	__m256i bneg = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
	__m256i p0 = _mm256_srli_epi64(_mm256_mul_epu32(k->a, b), 32);
	__m256i p1 = _mm256_mul_epu32(k->ah, b);
	__m256i p2 = _mm256_mul_epu32(k->a, bh);
	__m256i p3 = _mm256_slli_epi64(_mm256_mul_epu32(k->ah, bh), 32);
	__m256i r = _mm256_add_epi64(_mm256_add_epi64(p0, p1), _mm256_add_epi64(p2, p3));

	r = _mm256_sub_epi64(r, _mm256_and_si256(_mm256_slli_epi64(b, 32), k->a_neg));
	return _mm256_sub_epi64(r, _mm256_and_si256(k->a_lo32, bneg));
}

/* fxr_div2e(x, 1): (x + 1) >> 1, arithmetic. */
static inline MP31_AVX2 __m256i fxr4_half(__m256i x)
{
	x = _mm256_add_epi64(x, _mm256_set1_epi64x(1));
	return _mm256_or_si256(_mm256_srli_epi64(x, 1),
			       _mm256_and_si256(x, _mm256_set1_epi64x((long long)0x8000000000000000ull)));
}

/* The roots of four butterflies (real and imaginary parts, conjugated
 * for the inverse FFT) and the butterflies themselves, as fft_stage()
 * and ifft_stage() do them: fxc_mul(s, y) is z0 = s.re*y.re,
 * z1 = s.im*y.im, z2 = (s.re + s.im)(y.re + y.im), re = z0 - z1,
 * im = z2 - (z0 + z1). */
typedef struct {
	fxr4_const re, im, sum;
} fxc4_root;

static inline MP31_AVX2 fxc4_root fxc4_root_of(__m256i re, __m256i im, int inv)
{
	fxc4_root s;

	if (inv) {
		im = _mm256_sub_epi64(_mm256_setzero_si256(), im);
	}
	s.re = fxr4_const_of(re);
	s.im = fxr4_const_of(im);
	s.sum = fxr4_const_of(_mm256_add_epi64(re, im));
	return s;
}

static inline MP31_AVX2 void butterfly4(__m256i *xre, __m256i *xim, __m256i *yre, __m256i *yim, const fxc4_root *s,
					int inv)
{
	__m256i z0, z1, z2, are, aim;

	if (inv) {
		/* ((x + y)/2, s*((x - y)/2)) */
		are = fxr4_half(_mm256_sub_epi64(*xre, *yre));
		aim = fxr4_half(_mm256_sub_epi64(*xim, *yim));
		*xre = fxr4_half(_mm256_add_epi64(*xre, *yre));
		*xim = fxr4_half(_mm256_add_epi64(*xim, *yim));
	} else {
		are = *yre;
		aim = *yim;
	}
	z0 = fxr4_mul(&s->re, are);
	z1 = fxr4_mul(&s->im, aim);
	z2 = fxr4_mul(&s->sum, _mm256_add_epi64(are, aim));
	are = _mm256_sub_epi64(z0, z1);
	aim = _mm256_sub_epi64(z2, _mm256_add_epi64(z0, z1));
	if (inv) {
		*yre = are;
		*yim = aim;
	} else {
		/* (x + s*y, x - s*y) */
		*yre = _mm256_sub_epi64(*xre, are);
		*yim = _mm256_sub_epi64(*xim, aim);
		*xre = _mm256_add_epi64(*xre, are);
		*xim = _mm256_add_epi64(*xim, aim);
	}
}

#define LD(p)    _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/*
 * One stage, hn >= 8.  ht >= 4: four butterflies of a group per vector,
 * one root broadcast.  ht = 2: groups g, g+1 per vector (lanes x_g0,
 * x_g1, x_(g+1)0, x_(g+1)1 from a 128-bit lane exchange).  ht = 1: groups
 * g..g+3 per vector in the order g, g+2, g+1, g+3 that 64-bit unpacking
 * gives, for the values and the roots alike.
 */
MP31_AVX2 void pqs_fndsa_fxr_fft_stage_avx2(fxr *f, size_t hn, size_t m, size_t ht, int inv)
{
	const fxc *gm = pqs_fndsa_fxr_gm_tab + m;
	size_t g, j;

	if (ht >= 4) {
		for (g = 0; g < (m >> 1); g++) {
			fxc4_root s = fxc4_root_of(_mm256_set1_epi64x((long long)gm[g].re.v),
						   _mm256_set1_epi64x((long long)gm[g].im.v), inv);
			size_t j0 = g * (ht << 1);

			for (j = j0; j < j0 + ht; j += 4) {
				__m256i xre = LD(f + j), xim = LD(f + j + hn);
				__m256i yre = LD(f + j + ht), yim = LD(f + j + ht + hn);

				butterfly4(&xre, &xim, &yre, &yim, &s, inv);
				ST(f + j, xre);
				ST(f + j + hn, xim);
				ST(f + j + ht, yre);
				ST(f + j + ht + hn, yim);
			}
		}
	} else if (ht == 2) {
		for (g = 0; g < (m >> 1); g += 2) {
			__m256i p = LD(gm + g);
			fxc4_root s =
				fxc4_root_of(_mm256_permute4x64_epi64(p, 0xA0), _mm256_permute4x64_epi64(p, 0xF5), inv);
			__m256i a = LD(f + 4 * g), b = LD(f + 4 * g + 4);
			__m256i ai = LD(f + hn + 4 * g), bi = LD(f + hn + 4 * g + 4);
			__m256i xre = _mm256_permute2x128_si256(a, b, 0x20),
				yre = _mm256_permute2x128_si256(a, b, 0x31);
			__m256i xim = _mm256_permute2x128_si256(ai, bi, 0x20),
				yim = _mm256_permute2x128_si256(ai, bi, 0x31);

			butterfly4(&xre, &xim, &yre, &yim, &s, inv);
			ST(f + 4 * g, _mm256_permute2x128_si256(xre, yre, 0x20));
			ST(f + 4 * g + 4, _mm256_permute2x128_si256(xre, yre, 0x31));
			ST(f + hn + 4 * g, _mm256_permute2x128_si256(xim, yim, 0x20));
			ST(f + hn + 4 * g + 4, _mm256_permute2x128_si256(xim, yim, 0x31));
		}
	} else {
		for (g = 0; g < (m >> 1); g += 4) {
			__m256i p = LD(gm + g), q = LD(gm + g + 2);
			fxc4_root s = fxc4_root_of(_mm256_unpacklo_epi64(p, q), _mm256_unpackhi_epi64(p, q), inv);
			__m256i a = LD(f + 2 * g), b = LD(f + 2 * g + 4);
			__m256i ai = LD(f + hn + 2 * g), bi = LD(f + hn + 2 * g + 4);
			__m256i xre = _mm256_unpacklo_epi64(a, b), yre = _mm256_unpackhi_epi64(a, b);
			__m256i xim = _mm256_unpacklo_epi64(ai, bi), yim = _mm256_unpackhi_epi64(ai, bi);

			butterfly4(&xre, &xim, &yre, &yim, &s, inv);
			ST(f + 2 * g, _mm256_unpacklo_epi64(xre, yre));
			ST(f + 2 * g + 4, _mm256_unpackhi_epi64(xre, yre));
			ST(f + hn + 2 * g, _mm256_unpacklo_epi64(xim, yim));
			ST(f + hn + 2 * g + 4, _mm256_unpackhi_epi64(xim, yim));
		}
	}
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_fxr_avx2_unused;
#endif
