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

/* Small polynomial into the NTT domain, optionally as its adjoint
 * (adj(b) = b(1/x): adj(b)_0 = b_0, adj(b)_j = -b_{n-j}). */
static void to_ntt(uint32_t *t, const int8_t *a, int adj, unsigned logn, uint32_t p)
{
	size_t n = (size_t)1 << logn, u;

	t[0] = mp31_set(a[0], p);
	for (u = 1; u < n; u++) {
		t[u] = mp31_set(adj ? -a[n - u] : a[u], p);
	}
	pqs_hawk_ntt(t, logn, 0);
}

void
pqs_hawk_mul2_small(int32_t *d, const int8_t *a, const int8_t *b,
	const int8_t *c, const int8_t *e, int adj, int subtract, unsigned logn)
{
	size_t n = (size_t)1 << logn, u;
	const mp31_prime *pr = &pqs_mp31_primes[0];
	uint32_t p = pr->p, p0i = pqs_mp31_ninv31(p), R2 = pqs_mp31_R2(p);
	const uint32_t *igm = pqs_hawk_igm[0];
	uint32_t ta[PQS_HAWK_MAX_N], tb[PQS_HAWK_MAX_N];
	uint32_t tc[PQS_HAWK_MAX_N], te[PQS_HAWK_MAX_N];

	to_ntt(ta, a, 0, logn, p);
	to_ntt(tb, b, adj, logn, p);
	to_ntt(tc, c, 0, logn, p);
	to_ntt(te, e, adj, logn, p);
	for (u = 0; u < n; u++) {
		uint32_t x = mp31_mmul(ta[u], tb[u], p, p0i);
		uint32_t y = mp31_mmul(tc[u], te[u], p, p0i);

		x = subtract ? mp31_sub(x, y, p) : mp31_add(x, y, p);
		ta[u] = mp31_mmul(x, R2, p, p0i);
	}
	pqs_mp31_iNTT(ta, 1, igm, logn, p, p0i);
	for (u = 0; u < n; u++) {
		d[u] = mp31_norm(ta[u], p);
	}
}
