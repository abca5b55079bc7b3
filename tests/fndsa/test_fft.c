/*
 * FFT-domain arithmetic (src/fndsa/fft.c) against plain polynomial
 * arithmetic in Z[x]/(x^n+1): products of small integer polynomials
 * computed by FFT and rounded must equal the schoolbook negacyclic
 * product; splitfft/mergefft (spec Alg. 1, 2) must give the even/odd
 * coefficient halves; the LDL decomposition must reassemble the Gram
 * matrix.  Bit-exactness with the reference is proven by the KAT tests;
 * these tests localise a failure to one operation.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "testutil.h"

#define NMAX 1024

static uint64_t rs = 0x1234567887654321u;
static int
rsmall(int bound)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (int)(rs % (uint64_t)(2 * bound + 1)) - bound;
}

static double
tod(fpr x)
{
	uint64_t b = fpr_bits(x);
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

static void
negacyclic(int64_t *c, const int32_t *a, const int32_t *b, size_t n)
{
	memset(c, 0, n * sizeof *c);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			int64_t p = (int64_t)a[i] * b[j];
			if (i + j < n) {
				c[i + j] += p;
			} else {
				c[i + j - n] -= p;
			}
		}
	}
}

static fpr fa[NMAX], fb[NMAX], fc[NMAX], fd[NMAX], fe[NMAX];
static int32_t ia[NMAX], ib[NMAX];
static int64_t ic[NMAX], id[NMAX];

static void
to_fpr(fpr *d, const int32_t *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		d[i] = fpr_of(s[i]);
	}
}

static int
rint_equals(const fpr *x, const int64_t *want, size_t n, double tol)
{
	for (size_t i = 0; i < n; i++) {
		if (fpr_rint(x[i]) != want[i] || fabs(tod(x[i]) - (double)want[i]) > tol) {
			return 0;
		}
	}
	return 1;
}

int
main(void)
{
	for (unsigned logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn, hn = n >> 1;
		for (int rep = 0; rep < (logn < 8 ? 20 : 3); rep++) {
			for (size_t i = 0; i < n; i++) {
				ia[i] = rsmall(127);
				ib[i] = rsmall(2047);
			}
			/* FFT then iFFT restores the coefficients. */
			to_fpr(fa, ia, n);
			pqs_fndsa_FFT(fa, logn);
			pqs_fndsa_iFFT(fa, logn);
			for (size_t i = 0; i < n; i++) {
				ic[i] = ia[i];
			}
			TU_CHECK(rint_equals(fa, ic, n, 1e-6), "FFT/iFFT logn=%u", logn);

			/* mul_fft = negacyclic convolution. */
			to_fpr(fa, ia, n);
			to_fpr(fb, ib, n);
			pqs_fndsa_FFT(fa, logn);
			pqs_fndsa_FFT(fb, logn);
			memcpy(fc, fa, n * sizeof *fa);
			pqs_fndsa_poly_mul_fft(fc, fb, logn);
			pqs_fndsa_iFFT(fc, logn);
			negacyclic(ic, ia, ib, n);
			TU_CHECK(rint_equals(fc, ic, n, 1e-3), "mul_fft logn=%u", logn);

			/* muladj_fft: a * adj(b), adj(b) = b0 - b_{n-1} x - ... */
			{
				int32_t adjb[NMAX];
				adjb[0] = ib[0];
				for (size_t i = 1; i < n; i++) {
					adjb[i] = -ib[n - i];
				}
				memcpy(fc, fa, n * sizeof *fa);
				pqs_fndsa_poly_muladj_fft(fc, fb, logn);
				pqs_fndsa_iFFT(fc, logn);
				negacyclic(id, ia, adjb, n);
				TU_CHECK(rint_equals(fc, id, n, 1e-3), "muladj_fft logn=%u", logn);
				/* adj_fft then mul_fft is the same product. */
				memcpy(fd, fb, n * sizeof *fb);
				pqs_fndsa_poly_adj_fft(fd, logn);
				memcpy(fc, fa, n * sizeof *fa);
				pqs_fndsa_poly_mul_fft(fc, fd, logn);
				pqs_fndsa_iFFT(fc, logn);
				TU_CHECK(rint_equals(fc, id, n, 1e-3), "adj_fft logn=%u", logn);
				/* mulselfadj = a * adj(a); add_muladj = a*adj(a) + b*adj(b) via
				 * (F,G,f,g) = (a,b,a,b); invnorm2 is its inverse. */
				int32_t adja[NMAX];
				adja[0] = ia[0];
				for (size_t i = 1; i < n; i++) {
					adja[i] = -ia[n - i];
				}
				negacyclic(ic, ia, adja, n);
				memcpy(fc, fa, n * sizeof *fa);
				pqs_fndsa_poly_mulselfadj_fft(fc, logn);
				memcpy(fe, fc, n * sizeof *fc);
				pqs_fndsa_iFFT(fc, logn);
				TU_CHECK(rint_equals(fc, ic, n, 1e-3), "mulselfadj logn=%u", logn);
				negacyclic(id, ib, adjb, n);
				for (size_t i = 0; i < n; i++) {
					id[i] += ic[i];
				}
				pqs_fndsa_poly_add_muladj_fft(fc, fa, fb, fa, fb, logn);
				memcpy(fd, fc, n * sizeof *fc);
				pqs_fndsa_iFFT(fc, logn);
				TU_CHECK(rint_equals(fc, id, n, 1e-3), "add_muladj logn=%u", logn);
				pqs_fndsa_poly_invnorm2_fft(fc, fa, fb, logn);
				int ok = 1;
				for (size_t i = 0; i < hn; i++) {
					double p = tod(fc[i]) * tod(fd[i]);
					ok &= fabs(p - 1.0) < 1e-9 && fabs(tod(fd[i + hn])) < 1e-6 * tod(fd[i]);
				}
				TU_CHECK(ok, "invnorm2 logn=%u", logn);
				/* mul_autoadj / div_autoadj by the real a*adj(a) (in fe). */
				memcpy(fc, fb, n * sizeof *fb);
				pqs_fndsa_poly_mul_autoadj_fft(fc, fe, logn);
				pqs_fndsa_poly_div_autoadj_fft(fc, fe, logn);
				pqs_fndsa_iFFT(fc, logn);
				for (size_t i = 0; i < n; i++) {
					ic[i] = ib[i];
				}
				TU_CHECK(rint_equals(fc, ic, n, 1e-6), "mul/div_autoadj logn=%u", logn);
			}

			/* div_fft undoes mul_fft. */
			memcpy(fc, fa, n * sizeof *fa);
			pqs_fndsa_poly_mul_fft(fc, fb, logn);
			pqs_fndsa_poly_div_fft(fc, fb, logn);
			pqs_fndsa_iFFT(fc, logn);
			for (size_t i = 0; i < n; i++) {
				ic[i] = ia[i];
			}
			TU_CHECK(rint_equals(fc, ic, n, 1e-6), "div_fft logn=%u", logn);

			/* add/sub/neg/mulconst in the coefficient domain. */
			to_fpr(fa, ia, n);
			to_fpr(fb, ib, n);
			memcpy(fc, fa, n * sizeof *fa);
			pqs_fndsa_poly_add(fc, fb, logn);
			pqs_fndsa_poly_sub(fc, fa, logn);
			pqs_fndsa_poly_neg(fc, logn);
			pqs_fndsa_poly_mulconst(fc, fpr_of(-3), logn);
			for (size_t i = 0; i < n; i++) {
				ic[i] = 3 * (int64_t)ib[i];
			}
			TU_CHECK(rint_equals(fc, ic, n, 0), "add/sub/neg/mulconst logn=%u", logn);

			/* split: f(x) = f0(x^2) + x f1(x^2); merge is its inverse. */
			to_fpr(fa, ia, n);
			pqs_fndsa_FFT(fa, logn);
			pqs_fndsa_poly_split_fft(fc, fc + hn, fa, logn);
			pqs_fndsa_poly_merge_fft(fd, fc, fc + hn, logn);
			pqs_fndsa_iFFT(fd, logn);
			for (size_t i = 0; i < n; i++) {
				ic[i] = ia[i];
			}
			TU_CHECK(rint_equals(fd, ic, n, 1e-6), "merge(split) logn=%u", logn);
			pqs_fndsa_iFFT(fc, logn - 1);
			pqs_fndsa_iFFT(fc + hn, logn - 1);
			for (size_t i = 0; i < hn; i++) {
				ic[i] = ia[2 * i];
				ic[i + hn] = ia[2 * i + 1];
			}
			TU_CHECK(rint_equals(fc, ic, n, 1e-6), "split halves logn=%u", logn);

			/* LDL of a Gram matrix [[a adj a + b adj b, a adj c], [.., c adj c + 1]]:
			 * g01 = adj(l10) g00 and g11 = d11 + l10 adj(l10) g00. */
			{
				fpr g00[NMAX], g01[NMAX], g11[NMAX], l10[NMAX], d11[NMAX], t[NMAX];
				fpr fcc[NMAX];
				for (size_t i = 0; i < n; i++) {
					ia[i] = rsmall(30);
				}
				to_fpr(fcc, ia, n);
				pqs_fndsa_FFT(fcc, logn);
				pqs_fndsa_poly_add_muladj_fft(g00, fa, fb, fa, fb, logn);
				memcpy(g01, fa, n * sizeof *fa);
				pqs_fndsa_poly_muladj_fft(g01, fcc, logn);
				memcpy(g11, fcc, n * sizeof *fa);
				pqs_fndsa_poly_mulselfadj_fft(g11, logn);
				pqs_fndsa_poly_LDLmv_fft(d11, l10, g00, g01, g11, logn);
				memcpy(t, l10, n * sizeof *t);
				pqs_fndsa_poly_adj_fft(t, logn);
				pqs_fndsa_poly_mul_fft(t, g00, logn);
				int ok = 1;
				for (size_t i = 0; i < n; i++) {
					ok &= fabs(tod(t[i]) - tod(g01[i])) <= 1e-6 * (1 + fabs(tod(g01[i])));
				}
				memcpy(t, l10, n * sizeof *t);
				pqs_fndsa_poly_mulselfadj_fft(t, logn);
				pqs_fndsa_poly_mul_fft(t, g00, logn);
				pqs_fndsa_poly_add(t, d11, logn);
				for (size_t i = 0; i < n; i++) {
					ok &= fabs(tod(t[i]) - tod(g11[i])) <= 1e-6 * (1 + fabs(tod(g11[i])));
				}
				/* In-place form gives the same bits. */
				pqs_fndsa_poly_LDL_fft(g00, g01, g11, logn);
				ok &= memcmp(g01, l10, n * sizeof *t) == 0 && memcmp(g11, d11, n * sizeof *t) == 0;
				TU_CHECK(ok, "LDL logn=%u", logn);
			}
		}
	}
	/* The roots table: entry k is exp(i*pi*rev10(k)/1024). */
	{
		int ok = 1;
		for (unsigned k = 1; k < 1024; k++) {
			unsigned r = 0;
			for (int b = 0; b < 10; b++) {
				r |= ((k >> b) & 1u) << (9 - b);
			}
			double a = M_PI * r / 1024.0;
			ok &= fabs(tod(pqs_fpr_gm_tab[2 * k]) - cos(a)) < 1e-15 &&
			      fabs(tod(pqs_fpr_gm_tab[2 * k + 1]) - sin(a)) < 1e-15;
		}
		TU_CHECK(ok, "pqs_fpr_gm_tab");
	}
	return tu_finish("test_fft");
}
