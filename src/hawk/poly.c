/*
 * Exact products of small polynomials in Z[x]/(x^n+1).  Hawk's Gram
 * matrix Q = B*adj(B) (spec section 3.1) and the signer's f*x1 - g*x0
 * (section 3.3) only involve coefficients of at most 8 bits, so every
 * result coefficient is below n*127^2 < 2^24 in absolute value: one NTT
 * modulo the 31-bit prime 2147473409 (src/fndsa mp31, whose NTT tables
 * fit x^n+1) gives the exact integers.  The reference computes the same
 * values modulo primes and normalizes.  Constant time (no branch or
 * index on the values).
 */
#include "fndsa/keygen_inner.h"
#include "inner.h"

/* a * b (adj_b: a * adj(b)) exactly, into d. */
static void
mul_exact(int32_t *d, const int8_t *a, const int8_t *b, int adj_b,
	unsigned logn)
{
	size_t n = (size_t)1 << logn, u;
	const mp31_prime *pr = &mp31_primes[0];
	uint32_t p = pr->p, p0i = mp31_ninv31(p), R2 = mp31_R2(p);
	uint32_t gm[PQS_HAWK_MAX_N], igm[PQS_HAWK_MAX_N];
	uint32_t ta[PQS_HAWK_MAX_N], tb[PQS_HAWK_MAX_N];

	mp31_mkgm(gm, igm, logn, pr, p0i);
	for (u = 0; u < n; u++) {
		ta[u] = mp31_set(a[u], p);
	}
	/* adj(b) = b(1/x): adj(b)_0 = b_0, adj(b)_j = -b_{n-j}. */
	tb[0] = mp31_set(b[0], p);
	for (u = 1; u < n; u++) {
		tb[u] = mp31_set(adj_b ? -b[n - u] : b[u], p);
	}
	mp31_NTT(ta, 1, gm, logn, p, p0i);
	mp31_NTT(tb, 1, gm, logn, p, p0i);
	for (u = 0; u < n; u++) {
		ta[u] = mp31_mmul(mp31_mmul(ta[u], tb[u], p, p0i), R2, p, p0i);
	}
	mp31_iNTT(ta, 1, igm, logn, p, p0i);
	for (u = 0; u < n; u++) {
		d[u] = mp31_norm(ta[u], p);
	}
}

void
pqs_hawk_mul_small(int32_t *d, const int8_t *a, const int8_t *b,
	unsigned logn)
{
	mul_exact(d, a, b, 0, logn);
}

void
pqs_hawk_muladj_small(int32_t *d, const int8_t *a, const int8_t *b,
	unsigned logn)
{
	mul_exact(d, a, b, 1, logn);
}
