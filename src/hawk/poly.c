/*
 * Exact products of small polynomials in Z[x]/(x^n+1).  Hawk's Gram
 * matrix Q = B*adj(B) (spec section 3.1) and the signer's f*x1 - g*x0
 * (section 3.3) only involve 8-bit coefficients, so schoolbook products
 * in 32-bit integers are exact (|result| <= n*127^2 < 2^24); the
 * reference computes the same values modulo a prime and normalizes.
 * The loops do not depend on the values (constant time).
 */
#include "inner.h"

void
pqs_hawk_mul_small(int32_t *d, const int8_t *a, const int8_t *b,
	unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t i, j;

	for (i = 0; i < n; i++) {
		d[i] = 0;
	}
	for (i = 0; i < n; i++) {
		int32_t ai = a[i];

		/* x^i * b: coefficients j < n - i go up, the rest wrap with
		 * a sign change (x^n = -1). */
		for (j = 0; j < n - i; j++) {
			d[i + j] += ai * b[j];
		}
		for (j = n - i; j < n; j++) {
			d[i + j - n] -= ai * b[j];
		}
	}
}

void
pqs_hawk_muladj_small(int32_t *d, const int8_t *a, const int8_t *b,
	unsigned logn)
{
	size_t n = (size_t)1 << logn;
	int8_t badj[PQS_HAWK_MAX_N];
	size_t j;

	/* adj(b) = b(1/x): adj(b)_0 = b_0, adj(b)_j = -b_{n-j}. */
	badj[0] = b[0];
	for (j = 1; j < n; j++) {
		badj[j] = (int8_t)-b[n - j];
	}
	pqs_hawk_mul_small(d, a, badj, logn);
}
