/*
 * FN-DSA key generation: fixed-point division and FFT-domain vector
 * operations (notes/fn-dsa-provisional.md section 1.5; ePrint 2025/1239).
 * Operation order follows the reference exactly: the solver's failure
 * decisions, hence the keys, depend on every truncation.
 */
#include "fxr.h"
#include "keygen_inner.h"
#include "mp31_avx2.h"

uint64_t
pqs_fndsa_fxr_div_raw(uint64_t x, uint64_t y)
{
	/* |x| / |y| bit by bit: the numerator starts at |x|/2^31 and takes
	 * one more bit of |x| per step, so the 64-bit quotient is
	 * |x|*2^32/|y| (assumed to fit); then round half up on the final
	 * remainder, and apply the sign. */
	uint64_t sx = x >> 63, sy = y >> 63;
	uint64_t q = 0, num, b;
	int i;

	x = (x ^ -sx) + sx;
	y = (y ^ -sy) + sy;
	num = x >> 31;
	for (i = 63; i >= 33; i--) {
		b = 1 - ((num - y) >> 63);
		q |= b << i;
		num -= y & -b;
		num = (num << 1) | ((x >> (i - 33)) & 1);
	}
	for (i = 32; i >= 0; i--) {
		b = 1 - ((num - y) >> 63);
		q |= b << i;
		num -= y & -b;
		num <<= 1;
	}
	b = 1 - ((num - y) >> 63);
	q += b;
	sx ^= sy;
	return (q ^ -sx) + sx;
}

void
pqs_fndsa_fxr_FFT(unsigned logn, fxr *f)
{
	size_t hn = (size_t)1 << (logn - 1);
	size_t t = hn;
	unsigned lm;

	for (lm = 1; lm < logn; lm++) {
		size_t m = (size_t)1 << lm;
		size_t ht = t >> 1;
		size_t j0 = 0, i, j;

		for (i = 0; i < (m >> 1); i++) {
			fxc s = pqs_fndsa_fxr_gm_tab[m + i];

			for (j = j0; j < j0 + ht; j++) {
				fxc x, y, z1, z2;

				x.re = f[j];
				x.im = f[j + hn];
				y.re = f[j + ht];
				y.im = f[j + ht + hn];
				y = fxc_mul(s, y);
				z1 = fxc_add(x, y);
				z2 = fxc_sub(x, y);
				f[j] = z1.re;
				f[j + hn] = z1.im;
				f[j + ht] = z2.re;
				f[j + ht + hn] = z2.im;
			}
			j0 += t;
		}
		t = ht;
	}
}

void
pqs_fndsa_fxr_iFFT(unsigned logn, fxr *f)
{
	size_t hn = (size_t)1 << (logn - 1);
	size_t ht = 1;
	unsigned lm;

	for (lm = logn - 1; lm > 0; lm--) {
		size_t m = (size_t)1 << lm;
		size_t t = ht << 1;
		size_t j0 = 0, i, j;

		for (i = 0; i < (m >> 1); i++) {
			fxc s = fxc_conj(pqs_fndsa_fxr_gm_tab[m + i]);

			for (j = j0; j < j0 + ht; j++) {
				fxc x, y, z1, z2;

				x.re = f[j];
				x.im = f[j + hn];
				y.re = f[j + ht];
				y.im = f[j + ht + hn];
				z1 = fxc_half(fxc_add(x, y));
				z2 = fxc_mul(s, fxc_half(fxc_sub(x, y)));
				f[j] = z1.re;
				f[j + hn] = z1.im;
				f[j + ht] = z2.re;
				f[j + ht + hn] = z2.im;
			}
			j0 += t;
		}
		ht = t;
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
pqs_fndsa_fxr_mul_realconst(unsigned logn, fxr *a, fxr c)
{
	size_t n = (size_t)1 << logn, i;

	for (i = 0; i < n; i++) {
		a[i] = fxr_mul(a[i], c);
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

/*
 * q[i] = x[i]/y[i] for i < 4 (fxr_div), four lanes at a time with AVX2
 * (bit-identical); q may be x or y.  The divisions dominate the
 * orthogonalized-norm check and the fixed-point Reduce.
 */
static void div4(fxr *q, const fxr *x, const fxr *y)
{
	int i;

#if MP31_AVX2_BUILD
	if (pqs_mp31_uses_avx2()) {
		uint64_t qv[4], xv[4], yv[4];

		for (i = 0; i < 4; i++) {
			xv[i] = x[i].v;
			yv[i] = y[i].v;
		}
		pqs_fndsa_fxr_div4_avx2(qv, xv, yv);
		for (i = 0; i < 4; i++) {
			q[i].v = qv[i];
		}
		return;
	}
#endif
	for (i = 0; i < 4; i++) {
		q[i] = fxr_div(x[i], y[i]);
	}
}

void
pqs_fndsa_fxr_div_selfadj_fft(unsigned logn, fxr *a, const fxr *b)
{
	size_t hn = (size_t)1 << (logn - 1), i = 0;

	for (; i + 4 <= hn; i += 4) {
		div4(a + i, a + i, b + i);
		div4(a + i + hn, a + i + hn, b + i);
	}
	for (; i < hn; i++) {
		a[i] = fxr_div(a[i], b[i]);
		a[i + hn] = fxr_div(a[i + hn], b[i]);
	}
}

void
pqs_fndsa_fxr_invnorm_fft(unsigned logn, fxr *d, const fxr *a,
	const fxr *b, unsigned e)
{
	size_t hn = (size_t)1 << (logn - 1), i, k;
	fxr fe = fxr_of((int32_t)1 << e);
	fxr fe4[4] = { fe, fe, fe, fe };

	for (i = 0; i < hn; i++) {
		d[i] = fxr_add(fxr_add(fxr_sqr(a[i]), fxr_sqr(a[i + hn])), fxr_add(fxr_sqr(b[i]), fxr_sqr(b[i + hn])));
	}
	for (k = 0; k + 4 <= hn; k += 4) {
		div4(d + k, fe4, d + k);
	}
	for (; k < hn; k++) {
		d[k] = fxr_div(fe, d[k]);
	}
}

void
pqs_fndsa_fxr_inv_mul2e_fft(unsigned logn, fxr *a, unsigned e)
{
	size_t hn = (size_t)1 << (logn - 1), i = 0;

	for (; i + 4 <= hn; i += 4) {
		fxr re[4], im[4], z[4];
		int j;

		for (j = 0; j < 4; j++) {
			re[j] = a[i + j];
			im[j] = fxr_neg(a[i + j + hn]);
			z[j] = fxr_add(fxr_sqr(re[j]), fxr_sqr(im[j]));
			re[j] = fxr_mul2e(re[j], e);
			im[j] = fxr_mul2e(im[j], e);
		}
		div4(a + i, re, z);
		div4(a + i + hn, im, z);
	}
	for (; i < hn; i++) {
		fxr re = a[i];
		fxr im = fxr_neg(a[i + hn]);
		fxr z = fxr_add(fxr_sqr(re), fxr_sqr(im));

		a[i] = fxr_div(fxr_mul2e(re, e), z);
		a[i + hn] = fxr_div(fxr_mul2e(im, e), z);
	}
}
