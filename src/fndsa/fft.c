/*
 * FFT-domain polynomial arithmetic for Falcon (spec v1.2 section 3.7.1).
 *
 * The FFT of f in Q[x]/(x^n+1) evaluates f at the primitive 2n-th roots
 * of unity; since f is real, only the n/2 roots with positive imaginary
 * part are kept (layout: see inner.h).  The butterfly structure, the
 * bit-reversed root table (pqs_fpr_gm_tab) and the order of every addition
 * and multiplication follow the reference implementation, because the
 * KAT signatures depend on each rounding.
 */
#include "inner.h"

void pqs_fndsa_FFT(fpr *f, unsigned logn)
{
	/*
	 * Iterative Cooley-Tukey in the "negacyclic" form: at level u the
	 * array holds 2^u independent sub-transforms of size t; each
	 * butterfly multiplies the upper half by the root of that
	 * sub-transform (pqs_fpr_gm_tab[m + i1]) and adds/subtracts.
	 */
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	size_t t = hn;
	size_t m = 2;
	for (unsigned u = 1; u < logn; u++, m <<= 1) {
		size_t ht = t >> 1;
		size_t hm = m >> 1;
		for (size_t i1 = 0, j1 = 0; i1 < hm; i1++, j1 += t) {
			size_t j2 = j1 + ht;
			fpr s_re = pqs_fpr_gm_tab[((m + i1) << 1) + 0];
			fpr s_im = pqs_fpr_gm_tab[((m + i1) << 1) + 1];
			for (size_t j = j1; j < j2; j++) {
				fpr x_re = f[j];
				fpr x_im = f[j + hn];
				fpr y_re, y_im;
				fndsa_fpc_mul(&y_re, &y_im, f[j + ht], f[j + ht + hn], s_re, s_im);
				f[j] = fpr_add(x_re, y_re);
				f[j + hn] = fpr_add(x_im, y_im);
				f[j + ht] = fpr_sub(x_re, y_re);
				f[j + ht + hn] = fpr_sub(x_im, y_im);
			}
		}
		t = ht;
	}
}

void pqs_fndsa_iFFT(fpr *f, unsigned logn)
{
	/* Gentleman-Sande inverse of pqs_fndsa_FFT with conjugated roots, then
	 * one scaling by 2/n = pqs_fpr_p2_tab[logn] (not 1/2 per level). */
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	size_t t = 1;
	size_t m = n;
	for (unsigned u = logn; u > 1; u--) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		for (size_t i1 = 0, j1 = 0; j1 < hn; i1++, j1 += dt) {
			size_t j2 = j1 + t;
			fpr s_re = pqs_fpr_gm_tab[((hm + i1) << 1) + 0];
			fpr s_im = fpr_neg(pqs_fpr_gm_tab[((hm + i1) << 1) + 1]);
			for (size_t j = j1; j < j2; j++) {
				fpr x_re = f[j];
				fpr x_im = f[j + hn];
				fpr y_re = f[j + t];
				fpr y_im = f[j + t + hn];
				f[j] = fpr_add(x_re, y_re);
				f[j + hn] = fpr_add(x_im, y_im);
				x_re = fpr_sub(x_re, y_re);
				x_im = fpr_sub(x_im, y_im);
				fndsa_fpc_mul(&f[j + t], &f[j + t + hn], x_re, x_im, s_re, s_im);
			}
		}
		t = dt;
		m = hm;
	}
	if (logn > 0) {
		fpr ni = pqs_fpr_p2_tab[logn];
		for (size_t u = 0; u < n; u++) {
			f[u] = fpr_mul(f[u], ni);
		}
	}
}

void pqs_fndsa_poly_add(fpr *a, const fpr *b, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	for (size_t u = 0; u < n; u++) {
		a[u] = fpr_add(a[u], b[u]);
	}
}

void pqs_fndsa_poly_sub(fpr *a, const fpr *b, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	for (size_t u = 0; u < n; u++) {
		a[u] = fpr_sub(a[u], b[u]);
	}
}

void pqs_fndsa_poly_neg(fpr *a, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	for (size_t u = 0; u < n; u++) {
		a[u] = fpr_neg(a[u]);
	}
}

void pqs_fndsa_poly_adj_fft(fpr *a, unsigned logn)
{
	/* adj(f)(x) = f(1/x): conjugate every FFT value. */
	size_t n = (size_t)1 << logn;
	for (size_t u = n >> 1; u < n; u++) {
		a[u] = fpr_neg(a[u]);
	}
}

void pqs_fndsa_poly_mul_fft(fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fndsa_fpc_mul(&a[u], &a[u + hn], a[u], a[u + hn], b[u], b[u + hn]);
	}
}

void pqs_fndsa_poly_muladj_fft(fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fndsa_fpc_mul(&a[u], &a[u + hn], a[u], a[u + hn], b[u], fpr_neg(b[u + hn]));
	}
}

void pqs_fndsa_poly_mulselfadj_fft(fpr *a, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		a[u] = fpr_add(fpr_sqr(a[u]), fpr_sqr(a[u + hn]));
		a[u + hn] = fpr_zero;
	}
}

void pqs_fndsa_poly_mulconst(fpr *a, fpr x, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	for (size_t u = 0; u < n; u++) {
		a[u] = fpr_mul(a[u], x);
	}
}

void pqs_fndsa_poly_div_fft(fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fndsa_fpc_div(&a[u], &a[u + hn], a[u], a[u + hn], b[u], b[u + hn]);
	}
}

void pqs_fndsa_poly_invnorm2_fft(fpr *d, const fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fpr na = fpr_add(fpr_sqr(a[u]), fpr_sqr(a[u + hn]));
		fpr nb = fpr_add(fpr_sqr(b[u]), fpr_sqr(b[u + hn]));
		d[u] = fpr_inv(fpr_add(na, nb));
	}
}

void pqs_fndsa_poly_add_muladj_fft(fpr *d, const fpr *F, const fpr *G, const fpr *f, const fpr *g, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fpr a_re, a_im, b_re, b_im;
		fndsa_fpc_mul(&a_re, &a_im, F[u], F[u + hn], f[u], fpr_neg(f[u + hn]));
		fndsa_fpc_mul(&b_re, &b_im, G[u], G[u + hn], g[u], fpr_neg(g[u + hn]));
		d[u] = fpr_add(a_re, b_re);
		d[u + hn] = fpr_add(a_im, b_im);
	}
}

void pqs_fndsa_poly_mul_autoadj_fft(fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		a[u] = fpr_mul(a[u], b[u]);
		a[u + hn] = fpr_mul(a[u + hn], b[u]);
	}
}

void pqs_fndsa_poly_div_autoadj_fft(fpr *a, const fpr *b, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fpr ib = fpr_inv(b[u]);
		a[u] = fpr_mul(a[u], ib);
		a[u + hn] = fpr_mul(a[u + hn], ib);
	}
}

void pqs_fndsa_poly_LDL_fft(const fpr *g00, fpr *g01, fpr *g11, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fndsa_ldl_slot(&g11[u], &g11[u + hn], &g01[u], &g01[u + hn],
			g00[u], g00[u + hn], g01[u], g01[u + hn], g11[u], g11[u + hn]);
	}
}

void pqs_fndsa_poly_LDLmv_fft(fpr *d11, fpr *l10, const fpr *g00, const fpr *g01, const fpr *g11, unsigned logn)
{
	size_t hn = (size_t)1 << logn >> 1;
	for (size_t u = 0; u < hn; u++) {
		fndsa_ldl_slot(&d11[u], &d11[u + hn], &l10[u], &l10[u + hn],
			g00[u], g00[u + hn], g01[u], g01[u + hn], g11[u], g11[u + hn]);
	}
}

void pqs_fndsa_poly_split_fft(fpr *f0, fpr *f1, const fpr *f, unsigned logn)
{
	/*
	 * splitfft (Alg. 1): f(x) = f0(x^2) + x f1(x^2).  The values of f at
	 * a pair of roots (w, -w) give f0(w^2) = (f(w) + f(-w))/2 and
	 * f1(w^2) = (f(w) - f(-w))/(2w).  For logn = 1 the single complex
	 * value splits into its real and imaginary parts.
	 */
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	size_t qn = hn >> 1;
	f0[0] = f[0];
	f1[0] = f[hn];
	for (size_t u = 0; u < qn; u++) {
		fpr a_re = f[(u << 1) + 0];
		fpr a_im = f[(u << 1) + 0 + hn];
		fpr b_re = f[(u << 1) + 1];
		fpr b_im = f[(u << 1) + 1 + hn];
		fpr t_re, t_im;

		t_re = fpr_add(a_re, b_re);
		t_im = fpr_add(a_im, b_im);
		f0[u] = fpr_half(t_re);
		f0[u + qn] = fpr_half(t_im);

		t_re = fpr_sub(a_re, b_re);
		t_im = fpr_sub(a_im, b_im);
		fndsa_fpc_mul(&t_re, &t_im, t_re, t_im, pqs_fpr_gm_tab[((u + hn) << 1) + 0],
			      fpr_neg(pqs_fpr_gm_tab[((u + hn) << 1) + 1]));
		f1[u] = fpr_half(t_re);
		f1[u + qn] = fpr_half(t_im);
	}
}

void pqs_fndsa_poly_merge_fft(fpr *f, const fpr *f0, const fpr *f1, unsigned logn)
{
	/* mergefft (Alg. 2): f(w) = f0(w^2) + w f1(w^2), f(-w) = f0(w^2) - w f1(w^2). */
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	size_t qn = hn >> 1;
	f[0] = f0[0];
	f[hn] = f1[0];
	for (size_t u = 0; u < qn; u++) {
		fpr a_re = f0[u];
		fpr a_im = f0[u + qn];
		fpr b_re, b_im;
		fndsa_fpc_mul(&b_re, &b_im, f1[u], f1[u + qn], pqs_fpr_gm_tab[((u + hn) << 1) + 0],
			      pqs_fpr_gm_tab[((u + hn) << 1) + 1]);
		f[(u << 1) + 0] = fpr_add(a_re, b_re);
		f[(u << 1) + 0 + hn] = fpr_add(a_im, b_im);
		f[(u << 1) + 1] = fpr_sub(a_re, b_re);
		f[(u << 1) + 1 + hn] = fpr_sub(a_im, b_im);
	}
}
