/*
 * pqs_zint_bezout (the resultants' extended binary GCD at NTRUSolve's
 * deepest level, Falcon round-3 spec v1.2, section 3.8.2, Alg. 6 lines
 * 1-4) in its two forms: the 62-bit limbs of 64-bit targets and the
 * 31-bit words of 32-bit ones (pqs_zint_bezout31, the code before the
 * 62-bit form, kept for the Cortex-M7).  On every length 1..211 words
 * (all that the round-3, FN-DSA and Hawk solvers use are <= 209) and many
 * inputs at the solvers' deepest lengths:
 *   - both forms give the same return value and the same u, v, and
 *     u == NULL gives the same v;
 *   - independently (OpenSSL BIGNUMs): the return value is gcd(x, y) == 1
 *     for odd x, y, and then x*u - y*v = 1 with 0 <= u <= y, 0 <= v <= x.
 * Inputs within the contract (y > 1, x and y not both of 31*len bits):
 * random of the callers' widths, short and tiny values (the exact top
 * window), x and y with equal top bits (ties of the approximate
 * comparison), consecutive Fibonacci numbers, all-ones and sparse
 * patterns, common factors, x = 1, x = y, even inputs.
 * Usage: test_zint_bezout [cases per deepest length] (default 300; ctest passes 200).
 */
#include <openssl/bn.h>
#include <stdlib.h>
#include <string.h>

#include "fndsa/keygen_inner.h"
#include "testutil.h"

#define MAXLEN 211

static BN_CTX *bnctx;

/* xorshift64* (deterministic test data). */
static uint64_t rng_state = 0x243F6A8885A308D3u;
static uint64_t rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717u;
}

/* Unsigned zint (31-bit words) <-> BIGNUM. */
static BIGNUM *zint_to_bn(const uint32_t *x, size_t len)
{
	BIGNUM *r = BN_new();
	size_t u = len;

	BN_zero(r);
	while (u-- > 0) {
		BN_lshift(r, r, 31);
		BN_add_word(r, x[u]);
	}
	return r;
}

static void bn_to_zint(uint32_t *x, size_t len, const BIGNUM *a)
{
	BIGNUM *t = BN_dup(a);
	size_t u;

	for (u = 0; u < len; u++) {
		x[u] = (uint32_t)(BN_get_word(t) & 0x7FFFFFFFu);
		BN_rshift(t, t, 31);
	}
	BN_free(t);
}

/* Random value of exactly 'bits' bits (0 < bits <= 31*len), odd. */
static void rnd_zint(uint32_t *x, size_t len, size_t bits)
{
	size_t u;

	for (u = 0; u < len; u++) {
		size_t lo = 31 * u;

		x[u] = (uint32_t)rnd64() & 0x7FFFFFFFu;
		if (lo >= bits) {
			x[u] = 0;
		} else if (bits - lo <= 31) {
			x[u] &= ((uint32_t)1 << (bits - lo)) - 1;
			x[u] |= (uint32_t)1 << (bits - lo - 1);
		}
	}
	x[0] |= 1;
}

static size_t rnd_bits(size_t max)
{
	return 1 + (size_t)(rnd64() % max);
}

/* Run both forms on (x, y) and check them against each other and BN. */
static void check(const uint32_t *x, const uint32_t *y, size_t len, const char *what)
{
	static uint32_t u[MAXLEN], v[MAXLEN], u31[MAXLEN], v31[MAXLEN], v2[MAXLEN], tmp[4 * MAXLEN];
	BIGNUM *bx = zint_to_bn(x, len), *by = zint_to_bn(y, len), *g = BN_new();
	int rc, rc31, rc2, expect;

	memset(u, 0x55, sizeof u);
	memset(v, 0x55, sizeof v);
	rc = pqs_zint_bezout(u, v, x, y, len, tmp);
	rc31 = pqs_zint_bezout31(u31, v31, x, y, len, tmp);
	rc2 = pqs_zint_bezout(NULL, v2, x, y, len, tmp);
	/* rc = 1 is proven right by x*u - y*v = 1 below (and odd x, y); BN's
	 * constant-time gcd runs only to confirm rc = 0. */
	if (rc) {
		expect = BN_is_odd(bx) && BN_is_odd(by);
	} else {
		BN_gcd(g, bx, by, bnctx);
		expect = BN_is_one(g) && BN_is_odd(bx) && BN_is_odd(by);
	}
	TU_CHECK(rc == expect, "%s len=%zu: rc %d, gcd == 1 and odd: %d", what, len, rc, expect);
	TU_CHECK(rc31 == rc && rc2 == rc, "%s len=%zu: rc 62-bit %d, 31-bit %d, u == NULL %d", what, len, rc, rc31,
		 rc2);
	if (rc && rc31) {
		BIGNUM *bu = zint_to_bn(u, len), *bv = zint_to_bn(v, len);
		BIGNUM *l = BN_new(), *r = BN_new();

		TU_CHECK(memcmp(u, u31, len * 4) == 0 && memcmp(v, v31, len * 4) == 0,
			 "%s len=%zu: u, v of the two forms differ", what, len);
		TU_CHECK(memcmp(v, v2, len * 4) == 0, "%s len=%zu: v with u == NULL differs", what, len);
		BN_mul(l, bx, bu, bnctx);
		BN_mul(r, by, bv, bnctx);
		BN_sub(l, l, r);
		TU_CHECK(BN_is_one(l), "%s len=%zu: x*u - y*v != 1", what, len);
		TU_CHECK(BN_cmp(bu, by) <= 0 && BN_cmp(bv, bx) <= 0, "%s len=%zu: u > y or v > x", what, len);
		BN_free(bu);
		BN_free(bv);
		BN_free(l);
		BN_free(r);
	}
	BN_free(bx);
	BN_free(by);
	BN_free(g);
}

/* Consecutive Fibonacci numbers F(k), F(k+1) with F(k+1) < 2^(31*len - 1), both odd. */
static void fibonacci(uint32_t *x, uint32_t *y, size_t len)
{
	BIGNUM *a = BN_new(), *b = BN_new(), *t = BN_new();
	BIGNUM *pa = BN_new(), *pb = BN_new();

	BN_zero(a);
	BN_one(b);
	while (BN_num_bits(b) < (int)(31 * len - 1)) {
		BN_add(t, a, b);
		BN_copy(a, b);
		BN_copy(b, t);
		if (BN_is_odd(a) && BN_is_odd(b)) {
			BN_copy(pa, a);
			BN_copy(pb, b);
		}
	}
	if (BN_is_zero(pb)) {
		BN_set_word(pa, 1);
		BN_set_word(pb, 3);
	}
	bn_to_zint(x, len, pb);
	bn_to_zint(y, len, pa);
	BN_free(a);
	BN_free(b);
	BN_free(t);
	BN_free(pa);
	BN_free(pb);
}

/* One input of class c at length len (y > 1 and not both full width). */
static void make_case(uint32_t *x, uint32_t *y, size_t len, int c)
{
	size_t full = 31 * len, k;

	switch (c) {
	case 0: /* the callers' widths: both 31*len - 1 bits */
		rnd_zint(x, len, full > 1 ? full - 1 : 1);
		rnd_zint(y, len, full > 2 ? full - 1 : 2);
		break;
	case 1: /* x of the full width, y shorter */
		rnd_zint(x, len, full);
		rnd_zint(y, len, full > 2 ? 2 + rnd_bits(full - 2) : 2);
		break;
	case 2: /* random sizes, often tiny: the exact top window */
		rnd_zint(x, len, rnd_bits(full - 1 < 130 ? full - 1 : 130));
		rnd_zint(y, len, 1 + rnd_bits(full - 1 < 130 ? full - 1 : 130));
		break;
	case 3: /* equal top bits: y = x with its low bits redrawn */
		rnd_zint(x, len, full - 1 > 0 ? full - 1 : 1);
		/* A loop, not memcpy: gcc 12 (ASan, -O2 constprop) reports a
		 * bogus stringop-overflow bound for memcpy here. */
		for (size_t u = 0; u < len; u++) {
			y[u] = x[u];
		}
		k = 1 + (size_t)(rnd64() % (len < 4 ? len : 4));
		for (size_t u = 0; u < k && u < len; u++) {
			y[u] = (uint32_t)rnd64() & 0x7FFFFFFFu;
		}
		y[0] |= 1;
		break;
	case 4:
		fibonacci(x, y, len);
		break;
	case 5: /* all ones against a sparse odd value */
		memset(x, 0, len * 4);
		memset(y, 0, len * 4);
		for (size_t u = 0; u < len; u++) {
			x[u] = 0x7FFFFFFFu;
		}
		x[len - 1] >>= 1;
		k = rnd_bits(full - 1);
		y[k / 31] |= (uint32_t)1 << (k % 31);
		y[0] |= 1;
		break;
	case 6: /* a common odd factor */
		rnd_zint(x, len, full > 8 ? full - 8 : 1);
		rnd_zint(y, len, full > 8 ? full - 8 : 2);
		{
			BIGNUM *bx = zint_to_bn(x, len), *by = zint_to_bn(y, len);

			BN_mul_word(bx, 3 + 2 * (rnd64() % 50));
			BN_mul_word(by, 3);
			if (BN_num_bits(bx) <= (int)full - 1 && BN_num_bits(by) <= (int)full - 1) {
				bn_to_zint(x, len, bx);
				bn_to_zint(y, len, by);
			}
			BN_free(bx);
			BN_free(by);
		}
		break;
	case 7: /* x = 1 */
		memset(x, 0, len * 4);
		x[0] = 1;
		rnd_zint(y, len, full > 2 ? full - 1 : 2);
		break;
	case 8: /* x = y */
		rnd_zint(x, len, full - 1 > 1 ? full - 1 : 2);
		memcpy(y, x, len * 4);
		break;
	case 9: /* y = 3, x large */
		rnd_zint(x, len, full - 1 > 0 ? full - 1 : 1);
		memset(y, 0, len * 4);
		y[0] = 3;
		break;
	default: /* an even input: rc = 0 */
		rnd_zint(x, len, full - 1 > 0 ? full - 1 : 1);
		rnd_zint(y, len, full - 1 > 1 ? full - 1 : 2);
		if (c & 1) {
			x[0] &= ~(uint32_t)1;
		} else {
			y[0] &= ~(uint32_t)1;
		}
		break;
	}
	/* The contract: y > 1, x and y not both of 31*len bits. */
	for (k = 1; k < len && y[k] == 0; k++) {
	}
	if (k == len && y[0] == 1) {
		y[0] = 3;
	}
	if ((x[len - 1] & y[len - 1]) >> 30) {
		x[len - 1] &= 0x3FFFFFFFu;
	}
}

#define NCLASSES 12

int main(int argc, char **argv)
{
	static const char *const names[NCLASSES] = { "random",    "full x",      "short",         "equal top",
						     "fibonacci", "ones/sparse", "common factor", "x = 1",
						     "x = y",     "y = 3",       "x even",        "y even" };
	/* Deepest lengths: round-3 Falcon (pqs_NTRU_MAX_BL_SMALL), FN-DSA
	 * (ntru2025 small_bl), Hawk-256/512/1024. */
	static const size_t deep[] = { 106, 209, 104, 207, 34, 82, 191, 53, 27 };
	static uint32_t x[MAXLEN], y[MAXLEN];
	int many = argc > 1 ? atoi(argv[1]) : 300;
	size_t len, d;
	int c, j;

	bnctx = BN_CTX_new();
	for (len = 1; len <= MAXLEN; len++) {
		for (c = 0; c < NCLASSES; c++) {
			make_case(x, y, len, c);
			check(x, y, len, names[c]);
		}
	}
	for (d = 0; d < sizeof deep / sizeof deep[0]; d++) {
		for (j = 0; j < many; j++) {
			/* Mostly the callers' case (random, both wide), then the rest. */
			c = j % 4 == 3 ? (int)(rnd64() % NCLASSES) : (j & 1);
			make_case(x, y, deep[d], c);
			check(x, y, deep[d], names[c]);
		}
	}
	BN_CTX_free(bnctx);
	return tu_finish("test_zint_bezout");
}
