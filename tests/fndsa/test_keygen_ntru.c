/*
 * Unit tests for the integer building blocks of Falcon key generation
 * (NTRUSolve, Falcon round-3 spec v1.2 section 3.8.2), each compared with
 * an independent exact computation done with OpenSSL BIGNUMs:
 *   - arithmetic modulo the RNS primes and the NTT (vs schoolbook);
 *   - CRT rebuild of big signed integers;
 *   - binary extended GCD (Bezout);
 *   - field norms N(f)(x^2) = f(x)f(-x) at every depth, and the
 *     resultant Res(f, x^n+1) at the deepest level;
 *   - the deepest-level solution and one lifting step (f*G - g*F = q).
 * Degrees: logn 1..10 where cheap, smaller for the quadratic references.
 */
#include <openssl/bn.h>
#include <stdlib.h>
#include <string.h>

#include "fndsa/keygen_inner.h"
#include "testutil.h"

static BN_CTX *bnctx;
static unsigned deepest_solved, deepest_tried;
static unsigned levels_done, levels_tried;

/* Small deterministic PRNG for test data (xorshift64*). */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t
rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717u;
}

/* Plain signed zint (len 31-bit words) -> BIGNUM. */
static BIGNUM *
zint_to_bn(const uint32_t *x, size_t len)
{
	BIGNUM *r = BN_new();
	BIGNUM *t = BN_new();
	size_t u = len;
	int neg;

	BN_zero(r);
	while (u-- > 0) {
		BN_lshift(r, r, 31);
		BN_add_word(r, x[u] & 0x7FFFFFFFu);
	}
	neg = len > 0 && ((x[len - 1] >> 30) & 1);
	if (neg) {
		BN_one(t);
		BN_lshift(t, t, (int)(31 * len));
		BN_sub(r, r, t);
	}
	BN_free(t);
	return r;
}

/* BIGNUM -> plain signed zint of len words (two's complement). */
static void
bn_to_zint(uint32_t *x, size_t len, const BIGNUM *a)
{
	BIGNUM *t = BN_dup(a);
	BIGNUM *m = BN_new();
	size_t u;

	if (BN_is_negative(t)) {
		BN_one(m);
		BN_lshift(m, m, (int)(31 * len));
		BN_add(t, t, m);
	}
	for (u = 0; u < len; u++) {
		BIGNUM *c = BN_dup(t);

		BN_mask_bits(c, 31);
		x[u] = (uint32_t)BN_get_word(c);
		BN_free(c);
		BN_rshift(t, t, 31);
	}
	BN_free(t);
	BN_free(m);
}

/* a mod p in 0..p-1 for a signed BIGNUM. */
static uint32_t
bn_mod_word(const BIGNUM *a, uint32_t p)
{
	BN_ULONG r = BN_mod_word(a, p); /* of |a| */

	if (BN_is_negative(a) && r != 0) {
		r = p - r;
	}
	return (uint32_t)r;
}

static BIGNUM **
poly_new(size_t n)
{
	BIGNUM **a = calloc(n, sizeof *a);
	size_t u;

	for (u = 0; u < n; u++) {
		a[u] = BN_new();
		BN_zero(a[u]);
	}
	return a;
}

static void
poly_free(BIGNUM **a, size_t n)
{
	size_t u;

	for (u = 0; u < n; u++) {
		BN_free(a[u]);
	}
	free(a);
}

/* d = a*b mod x^n+1 (schoolbook, exact). */
static void
poly_mul(BIGNUM **d, BIGNUM *const *a, BIGNUM *const *b, size_t n)
{
	BIGNUM **t = poly_new(n);
	BIGNUM *m = BN_new();
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			BN_mul(m, a[i], b[j], bnctx);
			if (i + j < n) {
				BN_add(t[i + j], t[i + j], m);
			} else {
				BN_sub(t[i + j - n], t[i + j - n], m);
			}
		}
	}
	for (i = 0; i < n; i++) {
		BN_copy(d[i], t[i]);
	}
	BN_free(m);
	poly_free(t, n);
}

/* a(-x) */
static void
poly_neg_x(BIGNUM **d, BIGNUM *const *a, size_t n)
{
	size_t u;

	for (u = 0; u < n; u++) {
		BN_copy(d[u], a[u]);
		if (u & 1) {
			BN_set_negative(d[u], !BN_is_negative(d[u]) && !BN_is_zero(d[u]));
		}
	}
}

/* N(a): degree n/2, N(a)(x^2) = a(x) a(-x). */
static void
poly_fieldnorm(BIGNUM **d, BIGNUM *const *a, size_t n)
{
	BIGNUM **am = poly_new(n);
	BIGNUM **pr = poly_new(n);
	size_t u;

	poly_neg_x(am, a, n);
	poly_mul(pr, a, am, n);
	for (u = 0; u < n / 2; u++) {
		BN_copy(d[u], pr[2 * u]);
	}
	poly_free(am, n);
	poly_free(pr, n);
}

static void
random_small(int8_t *f, size_t n, int bound)
{
	size_t u;

	for (u = 0; u < n; u++) {
		f[u] = (int8_t)((int)(rnd64() % (uint64_t)(2 * bound + 1)) - bound);
	}
}

static void
test_mp31(void)
{
	unsigned logn;
	size_t k;

	for (k = 0; k < MP31_NUM_PRIMES; k += 37) {
		uint32_t p = pqs_mp31_primes[k].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		int i;

		TU_CHECK(((uint64_t)p * (uint64_t)p0i + 1) % ((uint64_t)1 << 31) == 0,
			"ninv31 p=%u", p);
		for (i = 0; i < 100; i++) {
			uint32_t a = (uint32_t)(rnd64() % p);
			uint32_t b = (uint32_t)(rnd64() % p);
			uint32_t c = mp31_mmul(mp31_mmul(a, b, p, p0i), R2, p, p0i);
			uint32_t q;

			TU_CHECK(c == (uint32_t)(((uint64_t)a * b) % p), "mmul");
			if (b != 0) {
				q = pqs_mp31_div(a, b, p, p0i, R2);
				TU_CHECK(((uint64_t)q * b) % p == a, "div");
			}
		}
		TU_CHECK(pqs_mp31_Rx(3, p, p0i, R2) ==
				 (uint32_t)((((((uint64_t)1 << 31) % p) * (((uint64_t)1 << 62) % p)) % p)),
			 "Rx(3)");
	}

	/* NTT product vs schoolbook negacyclic product modulo p. */
	for (logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn;
		uint32_t p = pqs_mp31_primes[logn].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4);
		uint32_t *gm = malloc(n * 4), *igm = malloc(n * 4);
		uint64_t *ref = calloc(n, 8);
		size_t i, j;
		int ok = 1;

		for (i = 0; i < n; i++) {
			a[i] = (uint32_t)(rnd64() % p);
			b[i] = (uint32_t)(rnd64() % p);
		}
		for (i = 0; i < n; i++) {
			for (j = 0; j < n; j++) {
				uint64_t m = ((uint64_t)a[i] * b[j]) % p;

				if (i + j < n) {
					ref[i + j] = (ref[i + j] + m) % p;
				} else {
					ref[i + j - n] = (ref[i + j - n] + p - m) % p;
				}
			}
		}
		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[logn], p0i);
		memcpy(c, a, n * 4);
		pqs_mp31_NTT(a, 1, gm, logn, p, p0i);
		pqs_mp31_NTT(b, 1, gm, logn, p, p0i);
		for (i = 0; i < n; i++) {
			a[i] = mp31_mmul(mp31_mmul(a[i], b[i], p, p0i), R2, p, p0i);
		}
		pqs_mp31_iNTT(a, 1, igm, logn, p, p0i);
		for (i = 0; i < n; i++) {
			ok &= a[i] == (uint32_t)ref[i];
		}
		TU_CHECK(ok, "NTT product logn=%u", logn);
		free(a); free(b); free(c); free(gm); free(igm); free(ref);
	}
}

static void
test_crt(void)
{
	size_t len;

	for (len = 1; len <= 40; len += 3) {
		uint32_t *x = malloc(len * 4 * 3), *tmp = malloc(len * 4);
		int j;

		for (j = 0; j < 3; j++) {
			BIGNUM *a = BN_new(), *b;
			size_t u;

			/* |a| < M/2 where M = product of len primes > 2^(30*len). */
			BN_rand(a, (int)(30 * len - 2), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
			if (j == 1) {
				BN_set_negative(a, 1);
			}
			for (u = 0; u < len; u++) {
				x[j * len + u] = bn_mod_word(a, pqs_mp31_primes[u].p);
			}
			pqs_zint_rebuild_CRT(x + j * len, len, len, 1, 1, tmp);
			b = zint_to_bn(x + j * len, len);
			TU_CHECK(BN_cmp(a, b) == 0, "CRT len=%zu j=%d", len, j);
			BN_free(a);
			BN_free(b);
		}
		free(x);
		free(tmp);
	}
}

/*
 * pqs_zint_bezout against OpenSSL: the return value is gcd == 1, and then
 * x*u - y*v = 1 with 0 <= u <= y, 0 <= v <= x, which fixes u and v (u is
 * x^-1 mod y), so any change of the GCD's internals that passes this test
 * gives the previous implementation's outputs.  Lengths up to 209 words
 * (the deepest level of logn 10), inputs of 31*len-1 bits (the callers'
 * bound), y 20 bits shorter, a common factor, the edge cases x = 1 and
 * x = y, and the u == NULL mode (v must be the same).
 */
static void
test_bezout(void)
{
	static const size_t lens[] = { 1, 2, 3, 8, 15, 22, 29, 36, 43, 50, 57, 106, 107, 209 };
	size_t li;

	for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
		size_t len = lens[li];
		int j;

		for (j = 0; j < 6; j++) {
			uint32_t *x = calloc(len, 4), *y = calloc(len, 4);
			uint32_t *u = calloc(len, 4), *v = calloc(len, 4), *v2 = calloc(len, 4);
			uint32_t *tmp = calloc(4 * len, 4);
			BIGNUM *bx = BN_new(), *by = BN_new(), *g = BN_new();
			BIGNUM *bu, *bv, *l = BN_new(), *r = BN_new();
			int rc, rc2, coprime;

			if (j == 3) {
				/* A common factor 3: the GCD must be reported. */
				BN_rand(bx, (int)(31 * len - 3), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
				BN_rand(by, (int)(31 * len - 3), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
				BN_mul_word(bx, 3);
				BN_mul_word(by, 3);
			} else if (j == 4) {
				/* x = 1: u = 1, v = 0. */
				BN_one(bx);
				BN_rand(by, (int)(31 * len - 1), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
			} else if (j == 5) {
				/* x = y: gcd x, coprime only if x = 1. */
				BN_rand(bx, (int)(31 * len - 1), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
				BN_copy(by, bx);
			} else {
				BN_rand(bx, (int)(31 * len - 1), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
				BN_rand(by, (int)(31 * len - 1 - (j & 1) * 20), BN_RAND_TOP_ANY,
					BN_RAND_BOTTOM_ODD);
			}
			bn_to_zint(x, len, bx);
			bn_to_zint(y, len, by);
			BN_gcd(g, bx, by, bnctx);
			coprime = BN_is_one(g);
			rc = pqs_zint_bezout(u, v, x, y, len, tmp);
			rc2 = pqs_zint_bezout(NULL, v2, x, y, len, tmp);
			TU_CHECK(rc == coprime && rc2 == rc, "bezout rc len=%zu j=%d", len, j);
			TU_CHECK(memcmp(v, v2, len * 4) == 0, "bezout v with u == NULL len=%zu j=%d", len, j);
			if (rc) {
				bu = zint_to_bn(u, len);
				bv = zint_to_bn(v, len);
				BN_mul(l, bx, bu, bnctx);
				BN_mul(r, by, bv, bnctx);
				BN_sub(l, l, r);
				TU_CHECK(BN_is_one(l), "x*u - y*v = 1 len=%zu j=%d", len, j);
				TU_CHECK(!BN_is_negative(bu) && BN_cmp(bu, by) <= 0 && !BN_is_negative(bv) &&
						 BN_cmp(bv, bx) <= 0,
					 "bezout bounds len=%zu j=%d", len, j);
				BN_free(bu);
				BN_free(bv);
			}
			BN_free(bx); BN_free(by); BN_free(g); BN_free(l); BN_free(r);
			free(x);
			free(y);
			free(u);
			free(v);
			free(v2);
			free(tmp);
		}
	}
}

/* Read n RNS integers (slen words each) into BIGNUMs via CRT. */
static void
rns_to_poly(BIGNUM **d, uint32_t *x, size_t n, size_t slen)
{
	uint32_t *tmp = malloc((slen + 1) * 4);
	size_t u;

	pqs_zint_rebuild_CRT(x, slen, slen, n, 1, tmp);
	for (u = 0; u < n; u++) {
		BIGNUM *b = zint_to_bn(x + u * slen, slen);

		BN_copy(d[u], b);
		BN_free(b);
	}
	free(tmp);
}

static int
poly_eq(BIGNUM *const *a, BIGNUM *const *b, size_t n)
{
	size_t u;

	for (u = 0; u < n; u++) {
		if (BN_cmp(a[u], b[u]) != 0) {
			return 0;
		}
	}
	return 1;
}

/*
 * Field norms at each depth and the resultant, vs exact norms; then the
 * deepest-level solve and one lifting step, checked exactly.
 */
static void
test_fieldnorm_and_lift(unsigned logn, int trials)
{
	size_t n = (size_t)1 << logn;
	int t;

	for (t = 0; t < trials; t++) {
		int8_t *f = malloc(n), *g = malloc(n);
		size_t words = 0;
		uint32_t *data;
		BIGNUM **ef[11], **eg[11];
		unsigned d;
		int bound = logn <= 4 ? 12 : (logn <= 7 ? 8 : 5);

		random_small(f, n, bound);
		random_small(g, n, bound);
		/* Odd resultants need odd coefficient sums (spec 3.8.2). */
		f[0] = (int8_t)(f[0] | 1);
		g[0] = (int8_t)(g[0] | 1);
		for (d = 1; d < n; d++) {
			f[0] ^= (int8_t)(f[d] & 1);
			g[0] ^= (int8_t)(g[d] & 1);
		}
		for (d = 0; d <= logn; d++) {
			size_t w = pqs_ntru_make_fg_words(logn, d);
			if (w > words) words = w;
		}
		if (pqs_ntru_deepest_words(logn) > words)
			words = pqs_ntru_deepest_words(logn);
		if (pqs_ntru_lift_words(logn, logn - 1, 0) > words)
			words = pqs_ntru_lift_words(logn, logn - 1, 0);
		data = malloc(words * 4);

		/* Exact norms at every depth. */
		ef[0] = poly_new(n);
		eg[0] = poly_new(n);
		for (d = 0; d < n; d++) {
			BN_set_word(ef[0][d], (BN_ULONG)(f[d] < 0 ? -f[d] : f[d]));
			BN_set_negative(ef[0][d], f[d] < 0);
			BN_set_word(eg[0][d], (BN_ULONG)(g[d] < 0 ? -g[d] : g[d]));
			BN_set_negative(eg[0][d], g[d] < 0);
		}
		for (d = 1; d <= logn; d++) {
			size_t m = n >> d;

			ef[d] = poly_new(m);
			eg[d] = poly_new(m);
			poly_fieldnorm(ef[d], ef[d - 1], m * 2);
			poly_fieldnorm(eg[d], eg[d - 1], m * 2);
		}
		for (d = 1; d <= logn; d++) {
			size_t m = n >> d;
			size_t slen = pqs_NTRU_MAX_BL_SMALL[d];
			BIGNUM **a = poly_new(m), **b = poly_new(m);

			pqs_ntru_make_fg(data, f, g, logn, d, 0);
			rns_to_poly(a, data, m, slen);
			rns_to_poly(b, data + m * slen, m, slen);
			TU_CHECK(poly_eq(a, ef[d], m) && poly_eq(b, eg[d], m),
				"field norm logn=%u depth=%u", logn, d);
			poly_free(a, m);
			poly_free(b, m);
		}

		/* Deepest level: F, G with Res(f) G - Res(g) F = q. */
		deepest_tried++;
		if (pqs_ntru_solve_deepest(logn, f, g, data, NULL)) {
			deepest_solved++;
			size_t len = pqs_NTRU_MAX_BL_SMALL[logn];
			BIGNUM *F = zint_to_bn(data, len), *G = zint_to_bn(data + len, len);
			BIGNUM *l = BN_new(), *r = BN_new();
			size_t dlen = len, hn = n >> 1, llen, slen;
			BIGNUM **eF, **eG, **fm, **gm2, **Fx, **Gx, **A, **B;
			size_t u;

			BN_mul(l, ef[logn][0], G, bnctx);
			BN_mul(r, eg[logn][0], F, bnctx);
			BN_sub(l, l, r);
			TU_CHECK(BN_is_word(l, 12289) && !BN_is_negative(l),
				"deepest: Res(f)G - Res(g)F = q, logn=%u", logn);

			/* One lifting step to depth logn-1 (degree 2). */
			pqs_ntru_lift(logn, f, g, logn - 1, data, NULL);
			(void)dlen; (void)hn;
			llen = pqs_NTRU_MAX_BL_LARGE[logn - 1];
			slen = pqs_NTRU_MAX_BL_SMALL[logn - 1];
			eF = poly_new(2); eG = poly_new(2);
			fm = poly_new(2); gm2 = poly_new(2);
			Fx = poly_new(2); Gx = poly_new(2);
			A = poly_new(2); B = poly_new(2);
			/* F = F'(x^2) g'(-x), degree 2: F'(x^2) = F' constant. */
			BN_copy(Fx[0], F);
			BN_copy(Gx[0], G);
			poly_neg_x(gm2, eg[logn - 1], 2);
			poly_neg_x(fm, ef[logn - 1], 2);
			poly_mul(eF, Fx, gm2, 2);
			poly_mul(eG, Gx, fm, 2);
			for (u = 0; u < 2; u++) {
				BIGNUM *x1 = zint_to_bn(data + u * llen, llen);
				BIGNUM *x2 = zint_to_bn(data + 2 * llen + u * llen, llen);
				BIGNUM *x3 = zint_to_bn(data + 4 * llen + u * slen, slen);
				BIGNUM *x4 = zint_to_bn(data + 4 * llen + 2 * slen + u * slen, slen);

				TU_CHECK(BN_cmp(x1, eF[u]) == 0 && BN_cmp(x2, eG[u]) == 0,
					"lift F,G logn=%u coef %zu", logn, u);
				TU_CHECK(BN_cmp(x3, ef[logn - 1][u]) == 0
					&& BN_cmp(x4, eg[logn - 1][u]) == 0,
					"lift f,g logn=%u coef %zu", logn, u);
				BN_free(x1); BN_free(x2); BN_free(x3); BN_free(x4);
			}
			/* f*G - g*F = q at depth logn-1. */
			poly_mul(A, ef[logn - 1], eG, 2);
			poly_mul(B, eg[logn - 1], eF, 2);
			BN_sub(A[0], A[0], B[0]);
			BN_sub(A[1], A[1], B[1]);
			TU_CHECK(BN_is_word(A[0], 12289) && BN_is_zero(A[1]),
				"lifted NTRU equation logn=%u", logn);
			poly_free(eF, 2); poly_free(eG, 2); poly_free(fm, 2);
			poly_free(gm2, 2); poly_free(Fx, 2); poly_free(Gx, 2);
			poly_free(A, 2); poly_free(B, 2);
			BN_free(F); BN_free(G); BN_free(l); BN_free(r);
		}

		for (d = 0; d <= logn; d++) {
			poly_free(ef[d], n >> d);
			poly_free(eg[d], n >> d);
		}
		free(data);
		free(f);
		free(g);
	}
}

/* Exact check of f*G - g*F = q in Z[x]/(x^m+1) (BIGNUM polynomials). */
static int
ntru_eq_exact(BIGNUM *const *f, BIGNUM *const *g, BIGNUM *const *F,
	BIGNUM *const *G, size_t m)
{
	BIGNUM **a = poly_new(m), **b = poly_new(m);
	size_t u;
	int ok = 1;

	poly_mul(a, f, G, m);
	poly_mul(b, g, F, m);
	for (u = 0; u < m; u++) {
		BN_sub(a[u], a[u], b[u]);
		ok &= u == 0 ? (BN_is_word(a[u], 12289) && !BN_is_negative(a[u]))
			: BN_is_zero(a[u]);
	}
	poly_free(a, m);
	poly_free(b, m);
	return ok;
}

/* Largest bit length of the coefficients. */
static int
poly_maxbits(BIGNUM *const *a, size_t m)
{
	int r = 0;
	size_t u;

	for (u = 0; u < m; u++) {
		if (BN_num_bits(a[u]) > r) {
			r = BN_num_bits(a[u]);
		}
	}
	return r;
}

/*
 * Every level of NTRUSolve in turn (the same sequence as pqs_ntru_solve()):
 * after each lift and each Babai reduction (the multi-pass fixed schedule
 * at depths >= 2, the one-pass depth-1 and depth-0 variants), the pair
 * (F, G) at that depth must satisfy f_d*G - g_d*F = q exactly, where f_d,
 * g_d are the exact field norms; and Reduce must shrink (F, G) to about
 * the size of (f_d, g_d).
 */
static void
test_levels(unsigned logn, int trials)
{
	size_t n = (size_t)1 << logn;
	int t;

	for (t = 0; t < trials; t++) {
		int8_t *f = malloc(n), *g = malloc(n);
		uint32_t *tmp = malloc(FNDSA_KEYGEN_FG_TMP(logn));
		BIGNUM **ef[11], **eg[11];
		unsigned d;
		int ok = 1;

		random_small(f, n, 4);
		random_small(g, n, 4);
		f[0] = (int8_t)(f[0] | 1);
		g[0] = (int8_t)(g[0] | 1);
		for (d = 1; d < n; d++) {
			f[0] ^= (int8_t)(f[d] & 1);
			g[0] ^= (int8_t)(g[d] & 1);
		}
		ef[0] = poly_new(n);
		eg[0] = poly_new(n);
		for (d = 0; d < n; d++) {
			BN_set_word(ef[0][d], (BN_ULONG)(f[d] < 0 ? -f[d] : f[d]));
			BN_set_negative(ef[0][d], f[d] < 0);
			BN_set_word(eg[0][d], (BN_ULONG)(g[d] < 0 ? -g[d] : g[d]));
			BN_set_negative(eg[0][d], g[d] < 0);
		}
		for (d = 1; d <= logn; d++) {
			ef[d] = poly_new(n >> d);
			eg[d] = poly_new(n >> d);
			poly_fieldnorm(ef[d], ef[d - 1], (n >> d) * 2);
			poly_fieldnorm(eg[d], eg[d - 1], (n >> d) * 2);
		}
		if (!pqs_ntru_solve_deepest(logn, f, g, tmp, NULL)) {
			ok = 0; /* resultants not coprime: nothing to check */
		}
		for (d = logn; ok && d-- > 0;) {
			size_t m = n >> d;
			size_t slen = pqs_NTRU_MAX_BL_SMALL[d], llen = pqs_NTRU_MAX_BL_LARGE[d];
			BIGNUM **F = poly_new(m), **G = poly_new(m);
			size_t u, wl;
			int r;

			if (d == 0) {
				/* Depth 0 lifts modulo one prime: one-word output. */
				r = pqs_ntru_solve_depth0(logn, f, g, tmp);
				wl = 1;
			} else {
				pqs_ntru_lift(logn, f, g, d, tmp, NULL);
				for (u = 0; u < m; u++) {
					BIGNUM *x = zint_to_bn(tmp + u * llen, llen);
					BIGNUM *y = zint_to_bn(tmp + (m + u) * llen, llen);

					BN_copy(F[u], x);
					BN_copy(G[u], y);
					BN_free(x);
					BN_free(y);
				}
				TU_CHECK(ntru_eq_exact(ef[d], eg[d], F, G, m),
					"levels logn=%u depth=%u: lifted (F, G)", logn, d);
				if (d == 1) {
					r = pqs_ntru_reduce_depth1(logn, tmp);
					wl = 1;
				} else {
					r = pqs_ntru_reduce_fp(logn, d, tmp);
					wl = slen;
				}
			}
			if (!r) {
				poly_free(F, m);
				poly_free(G, m);
				break; /* documented rejection: not an error */
			}
			for (u = 0; u < m; u++) {
				BIGNUM *x, *y;

				if (wl == 1) {
					/* one signed word (32-bit two's complement) */
					int32_t a = zint_one_to_plain(tmp + u);
					int32_t b = zint_one_to_plain(tmp + m + u);

					x = BN_new();
					y = BN_new();
					BN_set_word(x, (BN_ULONG)(a < 0 ? -(int64_t)a : a));
					BN_set_negative(x, a < 0);
					BN_set_word(y, (BN_ULONG)(b < 0 ? -(int64_t)b : b));
					BN_set_negative(y, b < 0);
				} else {
					x = zint_to_bn(tmp + u * wl, wl);
					y = zint_to_bn(tmp + (m + u) * wl, wl);
				}
				BN_copy(F[u], x);
				BN_copy(G[u], y);
				BN_free(x);
				BN_free(y);
			}
			TU_CHECK(ntru_eq_exact(ef[d], eg[d], F, G, m),
				"levels logn=%u depth=%u: reduced (F, G)", logn, d);
			levels_done += d == 0;
			TU_CHECK(poly_maxbits(F, m) <= poly_maxbits(ef[d], m) + 2 * (int)logn + 10
				&& poly_maxbits(G, m) <= poly_maxbits(eg[d], m) + 2 * (int)logn + 10,
				"levels logn=%u depth=%u: Reduce brought (F, G) to the size of (f, g)",
				logn, d);
			poly_free(F, m);
			poly_free(G, m);
		}
		levels_tried++;
		for (d = 0; d <= logn; d++) {
			poly_free(ef[d], n >> d);
			poly_free(eg[d], n >> d);
		}
		free(tmp);
		free(f);
		free(g);
	}
}

/* The documented buffer size covers every step's computed need. */
static void
test_tmp_sizes(void)
{
	unsigned logn;

	for (logn = 1; logn <= 10; logn++) {
		size_t w = pqs_ntru_solve_tmp_words(logn);

		TU_CHECK(w <= FNDSA_KEYGEN_NTRU_WORDS(logn),
			"logn=%u: NTRUSolve needs %zu words, macro gives %zu",
			logn, w, (size_t)FNDSA_KEYGEN_NTRU_WORDS(logn));
	}
}

int
main(int argc, char **argv)
{
	unsigned logn;
	int reduced = argc > 1 && strcmp(argv[1], "--quick") == 0;

	bnctx = BN_CTX_new();
	test_tmp_sizes();
	test_mp31();
	test_crt();
	test_bezout();
	for (logn = 1; logn <= (reduced ? 7u : 9u); logn++) {
		test_fieldnorm_and_lift(logn, logn <= 6 ? 6 : 1);
	}
	/* Levels as in pqs_ntru_solve() for logn > 2 (depth-1/0 variants). */
	for (logn = 3; logn <= (reduced ? 6u : 8u); logn++) {
		test_levels(logn, logn <= 6 ? 4 : 1);
	}
	printf("all levels solved for %u of %u random (f,g)\n", levels_done, levels_tried);
	TU_CHECK(levels_done * 2 >= levels_tried, "levels: most (f,g) solved");
	/* gcd(Res f, Res g) = 1 for most random pairs: the lift checks ran. */
	TU_CHECK(deepest_solved * 3 >= deepest_tried, "deepest solved %u of %u",
		deepest_solved, deepest_tried);
	printf("deepest level solved for %u of %u random (f,g)\n",
		deepest_solved, deepest_tried);
	BN_CTX_free(bnctx);
	return tu_finish("test_keygen_ntru");
}
