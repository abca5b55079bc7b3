/*
 * Big integers for NTRUSolve, in base 2^31.
 *
 * NTRUSolve (Falcon round-3 spec v1.2, section 3.8.2, Alg. 6) needs:
 *   - rebuilding resultants and polynomial coefficients from their RNS
 *     representation (CRT, Garner's form, one prime at a time);
 *   - the extended GCD of the two resultants at the deepest level
 *     (zint_bezout.c);
 *   - adding scaled small multiples, for Babai reduction (Alg. 9).
 * Words are 31-bit values in uint32_t (top bit clear), little-endian;
 * signed values are two's complement over the whole length.  Every loop
 * runs over the full length regardless of the values (constant time).
 */
#include <string.h>

#include "core/simd.h"
#include "pqsig/rand.h"
#include "keygen_inner.h"
#include "mp31_avx2.h"

uint32_t pqs_zint_sub(uint32_t *a, const uint32_t *b, size_t len, uint32_t ctl)
{
	uint32_t cc = 0;
	uint32_t m = -ctl;
	size_t u;

	for (u = 0; u < len; u++) {
		uint32_t aw = a[u];
		uint32_t w = aw - b[u] - cc;

		cc = w >> 31;
		a[u] = aw ^ (((w & 0x7FFFFFFFu) ^ aw) & m);
	}
	return cc;
}

uint32_t pqs_zint_mul_small(uint32_t *m, size_t len, uint32_t x)
{
	uint32_t cc = 0;
	size_t u;

	for (u = 0; u < len; u++) {
		uint64_t z = (uint64_t)m[u] * x + cc;

		m[u] = (uint32_t)z & 0x7FFFFFFFu;
		cc = (uint32_t)(z >> 31);
	}
	return cc;
}

uint32_t pqs_zint_mod_small_unsigned(const uint32_t *d, size_t len, uint32_t p, uint32_t p0i, uint32_t R2)
{
	/* Horner from the top word: x <- x*2^31 + d[u]; multiplying by
	 * 2^31 is a Montgomery multiplication by R2 = 2^62 mod p. */
	uint32_t x = 0;
	size_t u = len;

	while (u-- > 0) {
		uint32_t w;

		x = mp31_mmul(x, R2, p, p0i);
		w = d[u] - p;
		w += p & -(w >> 31);
		x = mp31_add(x, w, p);
	}
	return x;
}

uint32_t pqs_zint_mod_small_signed(const uint32_t *d, size_t len, uint32_t p, uint32_t p0i, uint32_t R2, uint32_t Rx)
{
	/* Read as unsigned, then subtract 2^(31*len) if the sign bit
	 * (bit 30 of the top word) is set. */
	uint32_t z;

	if (len == 0) {
		return 0;
	}
	z = pqs_zint_mod_small_unsigned(d, len, p, p0i, R2);
	return mp31_sub(z, Rx & -(d[len - 1] >> 30), p);
}

void pqs_zint_mod_weights(uint32_t *pw, size_t len, uint32_t p, uint32_t p0i, uint32_t R2)
{
	size_t k;

	if (len == 0) {
		return;
	}
#if MP31_AVX2_BUILD
	if (len >= 16 && pqs_mp31_uses_avx2()) {
		pqs_zint_mod_weights_avx2(pw, len, p, p0i, R2);
		return;
	}
#endif
	pw[0] = mp31_R(p);
	for (k = 1; k < len; k++) {
		pw[k] = mp31_mmul(pw[k - 1], R2, p, p0i);
	}
}

/*
 * d mod p (d unsigned) as the sum of d[k]*2^(31k) mod p: the products are
 * independent, unlike Horner's chain.  Residues are canonical, so the
 * value equals pqs_zint_mod_small_unsigned()'s.
 */
static uint32_t mod_small_weighted(const uint32_t *d, size_t len, const uint32_t *pw, uint32_t p, uint32_t p0i)
{
	uint32_t x = 0;
	size_t k = 0;

#if MP31_AVX2_BUILD
	/* Long integers: 8 words per vector (the canonical sum mod p, as
	 * below). */
	if (len >= 16 && pqs_mp31_uses_avx2()) {
		x = pqs_zint_mod_dot_avx2(d, len, pw, p, p0i);
		k = len & ~(size_t)7;
	}
#endif
	for (; k < len; k++) {
		x = mp31_add(x, mp31_mmul(d[k], pw[k], p, p0i), p);
	}
	return x;
}

void pqs_zint_mod_small_signed_many(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride, size_t num,
				    size_t len, uint32_t p, uint32_t p0i, uint32_t R2, uint32_t Rx)
{
	uint32_t pw[MP31_NUM_PRIMES];
	size_t j = 0;

	if (len == 0 || len > MP31_NUM_PRIMES) {
		for (j = 0; j < num; j++) {
			out[j * ostride] = pqs_zint_mod_small_signed(x + j * xstride, len, p, p0i, R2, Rx);
		}
		return;
	}
	pqs_zint_mod_weights(pw, len, p, p0i, R2);
	pqs_zint_mod_small_signed_many_pw(out, ostride, x, xstride, num, len, p, p0i, Rx, pw);
}

void pqs_zint_mod_small_signed_many_pw(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride, size_t num,
				       size_t len, uint32_t p, uint32_t p0i, uint32_t Rx, const uint32_t *pw)
{
	size_t j = 0;

	if (len == 0) {
		for (j = 0; j < num; j++) {
			out[j * ostride] = 0;
		}
		return;
	}
#if MP31_AVX2_BUILD
	if (pqs_mp31_uses_avx2()) {
		j = pqs_zint_mod_small_many_avx2(out, ostride, x, xstride, num, len, p, p0i, Rx, pw);
	}
#endif
	for (; j < num; j++) {
		const uint32_t *d = x + j * xstride;
		uint32_t z = mod_small_weighted(d, len, pw, p, p0i);

		out[j * ostride] = mp31_sub(z, Rx & -(d[len - 1] >> 30), p);
	}
}

void pqs_zint_add_mul_small(uint32_t *x, const uint32_t *y, size_t len, uint32_t s)
{
	uint32_t cc = 0;
	size_t u;

	for (u = 0; u < len; u++) {
		uint64_t z = (uint64_t)y[u] * s + x[u] + cc;

		x[u] = (uint32_t)z & 0x7FFFFFFFu;
		cc = (uint32_t)(z >> 31);
	}
	x[len] = cc;
}

void pqs_zint_norm_zero(uint32_t *x, const uint32_t *m, size_t len)
{
	/* Compare x with (m-1)/2 = m >> 1 from the top word down; r ends
	 * as -1, 0 or 1 for (m-1)/2 <, =, > x (first differing word). */
	uint32_t r = 0;
	uint32_t bb = 0;
	size_t u = len;

	while (u-- > 0) {
		uint32_t wx = x[u];
		uint32_t wm = (m[u] >> 1) | (bb << 30);
		uint32_t cc;

		bb = m[u] & 1;
		cc = wm - wx;
		cc = ((-cc) >> 31) | -(cc >> 31);
		r |= cc & ((r & 1) - 1);
	}
	pqs_zint_sub(x, m, len, r >> 31);
}

void pqs_zint_negate(uint32_t *a, size_t len, uint32_t ctl)
{
	/* -a = ~a + 1 over 31-bit words, applied only if ctl = 1. */
	uint32_t cc = ctl;
	uint32_t m = -ctl >> 1;
	size_t u;

	for (u = 0; u < len; u++) {
		uint32_t aw = (a[u] ^ m) + cc;

		a[u] = aw & 0x7FFFFFFFu;
		cc = aw >> 31;
	}
}

/*
 * Garner: after step u, the low u words of each integer hold
 * x mod Q (Q = p_0...p_{u-1}, held in tmp); step u adds
 * Q * ((x_u - (x mod Q)) / Q mod p_u), with 1/Q mod p_u = s_u.
 */
static void rebuild_CRT_portable(uint32_t *xx, size_t xlen, size_t xstride, size_t num, uint32_t *tmp)
{
	uint32_t pw[MP31_NUM_PRIMES];
	size_t u, v;

	tmp[0] = pqs_mp31_primes[0].p;
	for (u = 1; u < xlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t s = pqs_mp31_primes[u].s;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t *x;

		if (num > 0) {
			pqs_zint_mod_weights(pw, u, p, p0i, pqs_mp31_R2(p));
		}
		for (v = 0, x = xx; v < num; v++, x += xstride) {
			uint32_t xp = x[u];
			uint32_t xq = mod_small_weighted(x, u, pw, p, p0i);
			/* s is in Montgomery form: mmul gives a normal value. */
			uint32_t xr = mp31_mmul(s, mp31_sub(xp, xq, p), p, p0i);

			pqs_zint_add_mul_small(x, tmp, u, xr);
		}
		tmp[u] = pqs_zint_mul_small(tmp, u, p);
	}
}

/*
 * Two words (the depth-1 reductions, every pass): Garner's one step in
 * 64-bit arithmetic, X = x0 + p0*((x1 - x0) / p0 mod p1) < 2^62, and the
 * signed normalisation as X - p0 p1 modulo 2^62.  These are the words
 * that the general code produces (the same unique values).
 */
static void rebuild_CRT2(uint32_t *xx, size_t xstride, size_t num, int normalize_signed, uint32_t *tmp)
{
	uint32_t p0 = pqs_mp31_primes[0].p, p1 = pqs_mp31_primes[1].p;
	uint32_t s1 = pqs_mp31_primes[1].s, p1i = pqs_mp31_ninv31(p1);
	uint64_t M = (uint64_t)p0 * p1, hM = M >> 1; /* (M-1)/2, M odd */
	uint32_t *x;
	size_t v;

	for (v = 0, x = xx; v < num; v++, x += xstride) {
		/* x0 < 2^31 < 2 p1: one conditional subtraction is x0 mod p1. */
		uint32_t x0 = x[0], xq = mp31_sub(x0, p1, p1);
		uint32_t xr = mp31_mmul(s1, mp31_sub(x[1], xq, p1), p1, p1i);
		uint64_t X = x0 + (uint64_t)p0 * xr;

		if (normalize_signed) {
			X -= M & -((hM - X) >> 63);
		}
		x[0] = (uint32_t)X & 0x7FFFFFFFu;
		x[1] = (uint32_t)(X >> 31) & 0x7FFFFFFFu;
	}
	tmp[0] = (uint32_t)M & 0x7FFFFFFFu;
	tmp[1] = (uint32_t)(M >> 31);
}

/*
 * One word (the first two depths of the field-norm tower, 2n integers
 * each): nothing to rebuild; the signed normalisation is
 * pqs_zint_norm_zero() on one word, x - p_0 (mod 2^31) when x > (p_0-1)/2,
 * the same word without the general code's two passes per integer.
 */
static void rebuild_CRT1(uint32_t *xx, size_t xstride, size_t num, int normalize_signed, uint32_t *tmp)
{
	uint32_t p = pqs_mp31_primes[0].p, hp = p >> 1;
	size_t v;

	for (v = 0; normalize_signed && v < num; v++) {
		uint32_t x = xx[v * xstride];

		xx[v * xstride] = (x - (p & -((hp - x) >> 31))) & 0x7FFFFFFFu;
	}
	tmp[0] = p;
}

void pqs_zint_rebuild_CRT(uint32_t *xx, size_t xlen, size_t xstride, size_t num, int normalize_signed, uint32_t *tmp)
{
	size_t done = 0, v;

	if (xlen == 0 || xlen > MP31_NUM_PRIMES) {
		return;
	}
	if (xlen == 1) {
		rebuild_CRT1(xx, xstride, num, normalize_signed, tmp);
		return;
	}
	if (xlen == 2) {
		rebuild_CRT2(xx, xstride, num, normalize_signed, tmp);
		return;
	}
#if MP31_AVX2_BUILD
	if (xstride == xlen && xlen > 1 && pqs_mp31_uses_avx2()) {
		done = pqs_zint_rebuild_CRT_avx2(xx, xlen, num, normalize_signed, tmp);
	}
#endif
	/* Every path leaves the product of the xlen primes in tmp; the
	 * 8-lane AVX2 one has normalised its integers already. */
	if (done < num || done == 0) {
#if MP31_AVX2_BUILD
		/* 1 to 3 integers left (xlen > 2 here): the 4-lane AVX2 form. */
		if (num - done > 0 && num - done <= 3 && pqs_mp31_uses_avx2()) {
			pqs_zint_rebuild_CRT_few_avx2(xx + done * xstride, xlen, xstride, num - done, tmp);
		} else
#endif
		{
			rebuild_CRT_portable(xx + done * xstride, xlen, xstride, num - done, tmp);
		}
	}
	if (normalize_signed) {
		uint32_t *x;

		for (v = done, x = xx + done * xstride; v < num; v++, x += xstride) {
			pqs_zint_norm_zero(x, tmp, xlen);
		}
	}
}

void pqs_zint_rebuild_CRT_wm(uint32_t *xx, size_t xlen, size_t n, int normalize_signed, uint32_t *tmp)
{
	uint32_t buf[8 * MP31_NUM_PRIMES];
	size_t b, k, l;

	if (xlen == 0 || xlen > MP31_NUM_PRIMES) {
		return;
	}
#if MP31_AVX2_BUILD
	if ((n & 7) == 0 && pqs_mp31_uses_avx2()) {
		pqs_zint_rebuild_CRT_wm_avx2(xx, xlen, n, normalize_signed, tmp);
		return;
	}
#endif
	/* Up to 8 integers at a time, through coefficient-major form. */
	for (b = 0; b < n; b += 8) {
		size_t cnt = n - b < 8 ? n - b : 8;

		for (l = 0; l < cnt; l++) {
			for (k = 0; k < xlen; k++) {
				buf[l * xlen + k] = xx[k * n + b + l];
			}
		}
		pqs_zint_rebuild_CRT(buf, xlen, xlen, cnt, normalize_signed, tmp);
		for (l = 0; l < cnt; l++) {
			for (k = 0; k < xlen; k++) {
				xx[k * n + b + l] = buf[l * xlen + k];
			}
		}
	}
	pqs_zeroize(buf, sizeof buf);
}

void pqs_zint_add_scaled_mul_small(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen, int32_t k, uint32_t sch,
				   uint32_t scl)
{
	/*
	 * Words of y*2^scl (y sign-extended above ylen words) times k, added
	 * from word sch on with a signed carry: exact modulo 2^(31*xlen).
	 * The carry is kept biased, cb = cc + 2^31 >= 0: with
	 * P = wys*k + x[u] (|wys*k| < 2^62) and B = 2^62 - 2^31 added off the
	 * carry chain, z = P + cc gives cb' = (P + B + cb) >> 31 and
	 * x[u] = (P + B + cb) mod 2^31 (B is a multiple of 2^31), so the
	 * chain is one addition and one logical shift per word.
	 */
	const uint64_t bias = ((uint64_t)1 << 62) - ((uint64_t)1 << 31);
	uint32_t ysign, tw = 0;
	uint64_t cb = (uint64_t)1 << 31;
	size_t u;

	if (ylen == 0) {
		return;
	}
	ysign = (uint32_t) - (y[ylen - 1] >> 30) >> 1;
	for (u = sch; u < xlen; u++) {
		uint32_t wys = zint_scaled_word(y, ylen, ysign, u - sch, scl, &tw);
		uint64_t z = (uint64_t)((int64_t)wys * (int64_t)k) + x[u] + bias + cb;

		x[u] = (uint32_t)z & 0x7FFFFFFFu;
		cb = z >> 31;
	}
}

void pqs_zint_sub_scaled(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen, uint32_t sch, uint32_t scl)
{
	/* pqs_zint_add_scaled_mul_small() with k = -1 (the same words): a
	 * subtraction with borrow, without the product's latency. */
	uint32_t ysign, tw = 0, cc = 0;
	size_t u;

	if (ylen == 0) {
		return;
	}
	ysign = (uint32_t) - (y[ylen - 1] >> 30) >> 1;
	for (u = sch; u < xlen; u++) {
		uint32_t w = x[u] - zint_scaled_word(y, ylen, ysign, u - sch, scl, &tw) - cc;

		x[u] = w & 0x7FFFFFFFu;
		cc = w >> 31;
	}
}
