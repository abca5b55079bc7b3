/*
 * FN-DSA key generation: fixed-point FFT-domain vector operations
 * (notes/fn-dsa-provisional.md section 1.5; ePrint 2025/1239); the
 * division is in fxr_div.c.
 * Operation order follows the reference exactly: the solver's failure
 * decisions, hence the keys, depend on every truncation.
 */
#include "fxr.h"
#include "keygen_inner.h"
#include "mp31_avx2.h"

/*
 * The butterfly pair of the FFT layout (real parts in f[0..hn), imaginary
 * parts in f[hn..n)): x at j, y at j + ht.
 */
static inline void fxc_load_pair(const fxr *f, size_t hn, size_t ht, size_t j, fxc *x, fxc *y)
{
	x->re = f[j];
	x->im = f[j + hn];
	y->re = f[j + ht];
	y->im = f[j + ht + hn];
}

static inline void fxc_store_pair(fxr *f, size_t hn, size_t ht, size_t j, fxc x, fxc y)
{
	f[j] = x.re;
	f[j + hn] = x.im;
	f[j + ht] = y.re;
	f[j + ht + hn] = y.im;
}

/*
 * One FFT stage: m/2 groups of ht butterflies (x, y) -> (x + s*y, x - s*y)
 * with s = GM_TAB[m + i], pairs ht apart, groups 2*ht apart.
 */
static void fft_stage(fxr *f, size_t hn, size_t m, size_t ht)
{
	size_t j0 = 0, i, j;

	for (i = 0; i < (m >> 1); i++) {
		fxc s = pqs_fndsa_fxr_gm_tab[m + i];

		for (j = j0; j < j0 + ht; j++) {
			fxc x, y;

			fxc_load_pair(f, hn, ht, j, &x, &y);
			y = fxc_mul(s, y);
			fxc_store_pair(f, hn, ht, j, fxc_add(x, y), fxc_sub(x, y));
		}
		j0 += ht << 1;
	}
}

/* One inverse FFT stage: (x, y) -> ((x + y)/2, conj(s)*((x - y)/2)). */
static void ifft_stage(fxr *f, size_t hn, size_t m, size_t ht)
{
	size_t j0 = 0, i, j;

	for (i = 0; i < (m >> 1); i++) {
		fxc s = fxc_conj(pqs_fndsa_fxr_gm_tab[m + i]);

		for (j = j0; j < j0 + ht; j++) {
			fxc x, y;

			fxc_load_pair(f, hn, ht, j, &x, &y);
			fxc_store_pair(f, hn, ht, j, fxc_half(fxc_add(x, y)), fxc_mul(s, fxc_half(fxc_sub(x, y))));
		}
		j0 += ht << 1;
	}
}

/* With AVX2 and n >= 16, every stage runs 4 butterflies at a time
 * (fxr_avx2.c, bit-identical). */
void
pqs_fndsa_fxr_FFT(unsigned logn, fxr *f)
{
	size_t hn = (size_t)1 << (logn - 1);
	size_t ht = hn >> 1;
	unsigned lm;

	for (lm = 1; lm < logn; lm++, ht >>= 1) {
#if MP31_AVX2_BUILD
		if (hn >= 8 && pqs_mp31_uses_avx2()) {
			pqs_fndsa_fxr_fft_stage_avx2(f, hn, (size_t)1 << lm, ht, 0);
			continue;
		}
#endif
		fft_stage(f, hn, (size_t)1 << lm, ht);
	}
}

void
pqs_fndsa_fxr_iFFT(unsigned logn, fxr *f)
{
	size_t hn = (size_t)1 << (logn - 1);
	size_t ht = 1;
	unsigned lm;

	for (lm = logn - 1; lm > 0; lm--, ht <<= 1) {
#if MP31_AVX2_BUILD
		if (hn >= 8 && pqs_mp31_uses_avx2()) {
			pqs_fndsa_fxr_fft_stage_avx2(f, hn, (size_t)1 << lm, ht, 1);
			continue;
		}
#endif
		ifft_stage(f, hn, (size_t)1 << lm, ht);
	}
}

void
pqs_fndsa_fxr_set_small(unsigned logn, fxr *d, const int8_t *f)
{
	size_t n = (size_t)1 << logn, i;

	for (i = 0; i < n; i++) {
		d[i] = fxr_of(f[i]);
	}
}

void
pqs_fndsa_fxr_mul_fft(unsigned logn, fxr *a, const fxr *b)
{
	size_t hn = (size_t)1 << (logn - 1), i;

	for (i = 0; i < hn; i++) {
		fxc x = { a[i], a[i + hn] };
		fxc y = { b[i], b[i + hn] };
		fxc z = fxc_mul(x, y);

		a[i] = z.re;
		a[i + hn] = z.im;
	}
}

void
pqs_fndsa_fxr_adj_fft(unsigned logn, fxr *a)
{
	size_t n = (size_t)1 << logn, i;

	for (i = n >> 1; i < n; i++) {
		a[i] = fxr_neg(a[i]);
	}
}

void
pqs_fndsa_fxr_mul_selfadj_fft(unsigned logn, fxr *a, const fxr *b)
{
	size_t hn = (size_t)1 << (logn - 1), i;

	for (i = 0; i < hn; i++) {
		a[i] = fxr_mul(a[i], b[i]);
		a[i + hn] = fxr_mul(a[i + hn], b[i]);
	}
}

void
pqs_fndsa_fxr_div_selfadj_fft(unsigned logn, fxr *a, const fxr *b)
{
	size_t hn = (size_t)1 << (logn - 1), i;

	for (i = 0; i < hn; i++) {
		pqs_fndsa_fxr_div2_raw(&a[i].v, &a[i + hn].v, a[i].v, a[i + hn].v, b[i].v);
	}
}

void
pqs_fndsa_fxr_invnorm_fft(unsigned logn, fxr *d, const fxr *a,
	const fxr *b, unsigned e)
{
	size_t hn = (size_t)1 << (logn - 1), i;
	fxr fe = fxr_of((int32_t)1 << e);

	for (i = 0; i < hn; i++) {
		fxr z = fxr_add(fxr_add(fxr_sqr(a[i]), fxr_sqr(a[i + hn])), fxr_add(fxr_sqr(b[i]), fxr_sqr(b[i + hn])));

		d[i] = fxr_div(fe, z);
	}
}

void
pqs_fndsa_fxr_inv_mul2e_fft(unsigned logn, fxr *a, unsigned e)
{
	size_t hn = (size_t)1 << (logn - 1), i;

	for (i = 0; i < hn; i++) {
		fxr re = a[i];
		fxr im = fxr_neg(a[i + hn]);
		fxr z = fxr_add(fxr_sqr(re), fxr_sqr(im));

		pqs_fndsa_fxr_div2_raw(&a[i].v, &a[i + hn].v, fxr_mul2e(re, e).v, fxr_mul2e(im, e).v, z.v);
	}
}
