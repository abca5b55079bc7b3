/*
 * Arithmetic modulo q = 12289 for Falcon: the NTT over Z_q[x]/(x^n+1)
 * used by verification (spec v1.2 section 3.10, Alg. 16 step 2, where
 * s1 = c - s2*h mod q) and by secret-key completion (G = g*F/f mod q,
 * which holds because f*G - g*F = q, spec section 3.8.2).
 *
 * Values are uint16_t in 0..q-1.  Multiplications use Montgomery
 * reduction with R = 2^16 (no division, constant time); the twiddle
 * tables (mq_tables.c) are in Montgomery form so that a twiddle product
 * returns a value in normal form.
 */
#include "inner.h"

extern const uint16_t pqs_fndsa_mq_gm[1024];
extern const uint16_t pqs_fndsa_mq_igm[1024];

#define Q FNDSA_Q
#define R2 10952u  /* 2^32 mod q */
#define RMODQ 4091u /* 2^16 mod q */

/*
 * Butterfly arithmetic on 16-bit lanes (the loops below vectorise with
 * plain SSE2/NEON 16-bit multiplies): values in 0..q-1 (q < 2^14), and
 * the signed Montgomery product of Seiler's "Faster AVX2 optimized NTT
 * multiplication for Ring-LWE lattice cryptography" (eprint 2018/039):
 * for a in -q..q and a twiddle s (Montgomery form) with
 * sq = s/q mod 2^16, t = a*sq mod 2^16 makes a*s - t*q divisible by 2^16
 * and (a*s - t*q)/2^16 = hi16(a*s) - hi16(t*q) = a*s/2^16 mod q, in
 * -q..q.
 */
#define QINV16 53249u /* 1/q mod 2^16 */

static inline int16_t
mq_mont16(int16_t a, int16_t s, int16_t sq)
{
	/* Products of two int16 fit in int; the truncations to int16 wrap
	 * (two's complement conversion, as on every supported compiler). */
	int16_t t = (int16_t)(a * sq);
	return (int16_t)(((a * s) >> 16) - ((t * (int16_t)Q) >> 16));
}

/* -q..q-1 -> 0..q-1. */
static inline int16_t
mq_norm16(int16_t x)
{
	return (int16_t)(x + ((x >> 15) & (int16_t)Q));
}

static int avx2_allowed = 1;

void pqs_fndsa_allow_avx2(int allow)
{
	avx2_allowed = allow;
}

int pqs_fndsa_uses_avx2(void)
{
#if FNDSA_AVX2_BUILD
	return avx2_allowed && __builtin_cpu_supports("avx2");
#else
	return 0;
#endif
}

#if FNDSA_AVX2_BUILD
/* The AVX2 functions take whole vectors of 16 coefficients. */
static int use_avx2(unsigned logn)
{
	return logn >= 4 && pqs_fndsa_uses_avx2();
}
#endif

void pqs_fndsa_mq_NTT(uint16_t *a, unsigned logn)
{
#if FNDSA_AVX2_BUILD
	if (use_avx2(logn)) {
		pqs_fndsa_mq_NTT_avx2(a, logn);
		return;
	}
#endif
	/* Negacyclic Cooley-Tukey NTT, output in bit-reversed order; the
	 * root of block i at the level with m blocks is 7^rev10(m + i). */
	size_t n = (size_t)1 << logn;
	size_t t = n;
	for (size_t m = 1; m < n; m <<= 1) {
		size_t ht = t >> 1;
		for (size_t i = 0, j1 = 0; i < m; i++, j1 += t) {
			int16_t s = (int16_t)pqs_fndsa_mq_gm[m + i];
			int16_t sq = (int16_t)(uint16_t)(pqs_fndsa_mq_gm[m + i] * QINV16);
			int16_t *x = (int16_t *)a + j1, *y = (int16_t *)a + j1 + ht;
			for (size_t j = 0; j < ht; j++) {
				int16_t u = x[j];
				int16_t v = mq_norm16(mq_mont16(y[j], s, sq));
				x[j] = mq_norm16((int16_t)(u + v - (int16_t)Q));
				y[j] = mq_norm16((int16_t)(u - v));
			}
		}
		t = ht;
	}
}

void pqs_fndsa_mq_iNTT(uint16_t *a, unsigned logn)
{
	/* ni = 2^16/n mod q, so that the Montgomery product by ni is x/n. */
	uint32_t ni = RMODQ;
	for (unsigned u = 0; u < logn; u++) {
		ni = (ni + (Q & -(ni & 1))) >> 1;
	}
#if FNDSA_AVX2_BUILD
	if (use_avx2(logn)) {
		pqs_fndsa_mq_iNTT_avx2(a, logn, (uint16_t)ni);
		return;
	}
#endif
	/* Gentleman-Sande inverse with the inverse roots, then 1/n. */
	size_t n = (size_t)1 << logn;
	size_t t = 1;
	for (size_t m = n; m > 1; m >>= 1) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		for (size_t i = 0, j1 = 0; i < hm; i++, j1 += dt) {
			int16_t s = (int16_t)pqs_fndsa_mq_igm[hm + i];
			int16_t sq = (int16_t)(uint16_t)(pqs_fndsa_mq_igm[hm + i] * QINV16);
			int16_t *x = (int16_t *)a + j1, *y = (int16_t *)a + j1 + t;
			for (size_t j = 0; j < t; j++) {
				int16_t u = x[j];
				int16_t v = y[j];
				x[j] = mq_norm16((int16_t)(u + v - (int16_t)Q));
				y[j] = mq_norm16(mq_mont16((int16_t)(u - v), s, sq));
			}
		}
		t = dt;
	}
	int16_t nis = (int16_t)ni, niq = (int16_t)(uint16_t)(ni * QINV16);
	for (size_t u = 0; u < n; u++) {
		a[u] = (uint16_t)mq_norm16(mq_mont16((int16_t)a[u], nis, niq));
	}
}

void pqs_fndsa_mq_poly_mul_ntt(uint16_t *a, const uint16_t *b, unsigned logn)
{
	/* mont(a, mont(b, R^2)) = a*b. */
#if FNDSA_AVX2_BUILD
	if (use_avx2(logn)) {
		pqs_fndsa_mq_poly_mul_ntt_avx2(a, b, logn, (uint16_t)R2);
		return;
	}
#endif
	size_t n = (size_t)1 << logn;
	int16_t r2 = (int16_t)R2, r2q = (int16_t)(uint16_t)(R2 * QINV16);
	for (size_t u = 0; u < n; u++) {
		int16_t bm = mq_norm16(mq_mont16((int16_t)b[u], r2, r2q));
		int16_t bq = (int16_t)(bm * (int16_t)(uint16_t)QINV16);
		a[u] = (uint16_t)mq_norm16(mq_mont16((int16_t)a[u], bm, bq));
	}
}

/* x*y/2^16 mod q for x, y in 0..q-1 (general operands: sq computed here). */
static inline uint32_t
mq_montymul(uint32_t x, uint32_t y)
{
	int16_t sq = (int16_t)(uint16_t)(y * QINV16);
	return (uint16_t)mq_norm16(mq_mont16((int16_t)x, (int16_t)y, sq));
}

/* Montgomery form x*R mod q. */
static inline uint32_t mq_tomonty(uint32_t x) { return mq_montymul(x, R2); }

/* 1/x mod q (x in Montgomery form, result in Montgomery form), by
 * Fermat: x^(q-2) with a fixed (public) square-and-multiply sequence. */
static uint32_t
mq_inv_monty(uint32_t x)
{
	uint32_t r = RMODQ; /* 1 in Montgomery form */
	for (int b = 13; b >= 0; b--) {
		r = mq_montymul(r, r);
		uint32_t t = mq_montymul(r, x);
		uint32_t bit = ((Q - 2) >> b) & 1u;
		r ^= (r ^ t) & -bit;
	}
	return r;
}

int pqs_fndsa_complete_private(int8_t *G, const int8_t *f, const int8_t *g, const int8_t *F, unsigned logn, void *tmp)
{
	/* G = g*F/f mod q (spec section 3.8.2: f*G - g*F = q); the result
	 * is accepted only if every coefficient fits in -127..+127, the
	 * range of the 8-bit encoding. */
	size_t n = (size_t)1 << logn;
	uint16_t *t1 = tmp;
	uint16_t *t2 = t1 + n;
	uint16_t *t3 = t2 + n;
	uint32_t zero = 0;
	uint32_t bad = 0;

	for (size_t u = 0; u < n; u++) {
		t1[u] = fndsa_mq_of_small(g[u]);
		t2[u] = fndsa_mq_of_small(F[u]);
	}
	pqs_fndsa_mq_NTT(t1, logn);
	pqs_fndsa_mq_NTT(t2, logn);
	pqs_fndsa_mq_poly_mul_ntt(t1, t2, logn);
	for (size_t u = 0; u < n; u++) {
		t2[u] = fndsa_mq_of_small(f[u]);
	}
	pqs_fndsa_mq_NTT(t2, logn);

	/*
	 * t1 <- t1 / t2 pointwise, with one inversion for all n values
	 * (Montgomery's batch trick): t3[u] = t2[0]*...*t2[u] (Montgomery
	 * form), invert the full product, then peel the factors off from the
	 * top.  A zero t2[u] (f not invertible mod q) makes every quotient
	 * wrong, but the key is then rejected anyway.
	 */
	uint32_t acc = RMODQ;
	for (size_t u = 0; u < n; u++) {
		uint32_t d = t2[u];
		zero |= ((d - 1) >> 31) & 1u;
		t2[u] = (uint16_t)mq_tomonty(d);
		acc = mq_montymul(acc, t2[u]);
		t3[u] = (uint16_t)acc;
	}
	acc = mq_inv_monty(acc);
	for (size_t u = n; u-- > 1;) {
		/* acc = 1/(t2[0]...t2[u]); 1/t2[u] = acc * t3[u-1]. */
		uint32_t iv = mq_montymul(acc, t3[u - 1]);
		acc = mq_montymul(acc, t2[u]);
		t1[u] = (uint16_t)mq_montymul(t1[u], iv);
	}
	t1[0] = (uint16_t)mq_montymul(t1[0], acc);
	pqs_fndsa_mq_iNTT(t1, logn);
	for (size_t u = 0; u < n; u++) {
		uint32_t w = t1[u];
		/* centre: w > q/2 -> w - q */
		int32_t gi = (int32_t)w - (int32_t)(Q & -(((Q >> 1) - w) >> 31));
		bad |= (uint32_t)(gi + 127) >> 31 | (uint32_t)(127 - gi) >> 31;
		G[u] = (int8_t)gi;
	}
	return !(zero | bad);
}
