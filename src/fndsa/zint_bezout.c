/*
 * Extended binary GCD of the two resultants at NTRUSolve's deepest level
 * (Falcon round-3 spec v1.2, section 3.8.2, Alg. 6 lines 1-4): u, v with
 * x*u - y*v = 1.  Pornin's optimized binary GCD ("Optimized Binary GCD
 * for Modular Inversion", eprint 2020/972, section 3): batches of
 * elementary steps are decided on approximations of a and b (their low
 * bits exactly, their top bits approximately), collected as a 2x2 integer
 * matrix, then applied to the full integers.
 *
 * Two forms giving the same u, v (they are unique given their bounds):
 *   - pqs_zint_bezout31: 31 steps per batch over the 31-bit words of the
 *     callers, 32x32->64 products (every target);
 *   - bezout62: where the compiler has a 64x64->128 product, the integers
 *     are converted once to 62-bit limbs in 64-bit words and each batch
 *     makes 62 steps, so that half as many batches update half as many
 *     limbs (docs/falcon.md, "binary GCD in 62-bit steps").
 * Both are constant time: loop counts and lengths depend on len only.
 */
#include <string.h>

#include "pqsig/rand.h"
#include "keygen_inner.h"

/*
 * Carries of the co-reductions below: the signed intermediate z (|z| <
 * 2^63) is kept biased as zu = z + 2^63, an unsigned value, so that its
 * arithmetic shift floor(z / 2^31) is (zu >> 31) - 2^32 with a logical
 * shift only (portable C, no implementation-defined signed shift).  The
 * next word's biased value is then products + (zu >> 31) + CO_BIAS with
 * CO_BIAS = 2^63 - 2^32, a constant that folds into the products, so the
 * word-to-word dependency is one shift and one add.  The low 31 bits of
 * zu and z are equal; the top carry is (uint32_t)(zu >> 31) as a word.
 */
#define CO_BIAS ((uint64_t)0x7FFFFFFF00000000)

/*
 * a <- (a*xa + b*xb)/2^31, b <- (a*ya + b*yb)/2^31 (exact divisions by
 * construction); a negative result is negated.  Returns bit 0 set if a
 * was negated, bit 1 if b was.
 */
static uint32_t zint_co_reduce(uint32_t *a, uint32_t *b, size_t len, int64_t xa, int64_t xb, int64_t ya, int64_t yb)
{
	uint64_t za, zb;
	uint32_t nega, negb;
	size_t u;

	/* Word 0: only its carry is kept (the low 31 bits are zero). */
	za = a[0] * (uint64_t)xa + b[0] * (uint64_t)xb + ((uint64_t)1 << 63);
	zb = a[0] * (uint64_t)ya + b[0] * (uint64_t)yb + ((uint64_t)1 << 63);
	for (u = 1; u < len; u++) {
		uint32_t wa = a[u];
		uint32_t wb = b[u];

		za = wa * (uint64_t)xa + wb * (uint64_t)xb + CO_BIAS + (za >> 31);
		zb = wa * (uint64_t)ya + wb * (uint64_t)yb + CO_BIAS + (zb >> 31);
		a[u - 1] = (uint32_t)za & 0x7FFFFFFFu;
		b[u - 1] = (uint32_t)zb & 0x7FFFFFFFu;
	}
	/* Top carry (signed, biased by 2^32): its word, and its sign,
	 * which is set iff zu >> 31 < 2^32, i.e. iff bit 63 of zu is 0. */
	a[len - 1] = (uint32_t)(za >> 31);
	b[len - 1] = (uint32_t)(zb >> 31);
	nega = (uint32_t)(za >> 63) ^ 1;
	negb = (uint32_t)(zb >> 63) ^ 1;
	pqs_zint_negate(a, len, nega);
	pqs_zint_negate(b, len, negb);
	return nega | (negb << 1);
}

/*
 * Finish a Montgomery-style reduction modulo odd m, of a and b together
 * (two independent chains in one pass): for each, if neg = 1, -m <= a < 0
 * on input; if neg = 0, 0 <= a < 2*m (the top word may use 32 bits).
 * Output: a mod m in 0..m-1.  cca, ccb: the borrows of a - m, b - m (the
 * chain cc = (a[u] - m[u] - cc) >> 31 over all words), which the caller
 * computes while it writes a and b.
 */
static void zint_finish_mod2(uint32_t *a, uint32_t *b, size_t len, const uint32_t *m, uint32_t nega, uint32_t cca,
			     uint32_t negb, uint32_t ccb)
{
	uint32_t xa, ya, xb, yb;
	size_t u;

	/* neg = 1: add m; neg = 0 and a >= m (cc = 0): subtract m. */
	xa = -nega >> 1;
	ya = -(nega | (1 - cca));
	cca = nega;
	xb = -negb >> 1;
	yb = -(negb | (1 - ccb));
	ccb = negb;
	for (u = 0; u < len; u++) {
		uint32_t aw = a[u] - ((m[u] ^ xa) & ya) - cca;
		uint32_t bw = b[u] - ((m[u] ^ xb) & yb) - ccb;

		a[u] = aw & 0x7FFFFFFFu;
		cca = aw >> 31;
		b[u] = bw & 0x7FFFFFFFu;
		ccb = bw >> 31;
	}
}

/*
 * a <- (a*xa + b*xb)/2^31 mod m, b <- (a*ya + b*yb)/2^31 mod m
 * (Montgomery reduction by one word); m odd, m0i = -1/m[0] mod 2^31.
 */
static void zint_co_reduce_mod(uint32_t *a, uint32_t *b, const uint32_t *m, size_t len, uint32_t m0i, int64_t xa,
			       int64_t xb, int64_t ya, int64_t yb)
{
	uint64_t za, zb;
	uint32_t fa, fb, ba = 0, bb = 0, mp;
	size_t u;

	fa = ((a[0] * (uint32_t)xa + b[0] * (uint32_t)xb) * m0i) & 0x7FFFFFFFu;
	fb = ((a[0] * (uint32_t)ya + b[0] * (uint32_t)yb) * m0i) & 0x7FFFFFFFu;
	/* Biased carries (see CO_BIAS); word 0 is zero by choice of fa, fb. */
	mp = m[0];
	za = a[0] * (uint64_t)xa + b[0] * (uint64_t)xb + mp * (uint64_t)fa + ((uint64_t)1 << 63);
	zb = a[0] * (uint64_t)ya + b[0] * (uint64_t)yb + mp * (uint64_t)fb + ((uint64_t)1 << 63);
	for (u = 1; u < len; u++) {
		uint32_t wa = a[u];
		uint32_t wb = b[u];
		uint32_t mw = m[u];
		uint32_t na, nb;

		za = wa * (uint64_t)xa + wb * (uint64_t)xb + mw * (uint64_t)fa + CO_BIAS + (za >> 31);
		zb = wa * (uint64_t)ya + wb * (uint64_t)yb + mw * (uint64_t)fb + CO_BIAS + (zb >> 31);
		na = (uint32_t)za & 0x7FFFFFFFu;
		nb = (uint32_t)zb & 0x7FFFFFFFu;
		a[u - 1] = na;
		b[u - 1] = nb;
		/* Borrows of a - m, b - m for zint_finish_mod2(). */
		ba = (na - mp - ba) >> 31;
		bb = (nb - mp - bb) >> 31;
		mp = mw;
	}
	a[len - 1] = (uint32_t)(za >> 31);
	b[len - 1] = (uint32_t)(zb >> 31);
	ba = (a[len - 1] - mp - ba) >> 31;
	bb = (b[len - 1] - mp - bb) >> 31;
	zint_finish_mod2(a, b, len, m, (uint32_t)(za >> 63) ^ 1, ba, (uint32_t)(zb >> 63) ^ 1, bb);
}

int pqs_zint_bezout31(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp)
{
	/*
	 * Binary extended GCD with invariants
	 *   a = x*u0 - y*v0,  b = x*u1 - y*v1,
	 *   0 <= a <= x, 0 <= b <= y, 0 <= u0,u1 <= y, 0 <= v0,v1 <= x;
	 * start a = x (u0 = 1, v0 = 0), b = y (u1 = y, v1 = x-1).  Each
	 * elementary step halves a or b (after subtracting the smaller odd
	 * one from the larger odd one); halving u, v is done modulo y, x.
	 * 31 elementary steps are batched: they are decided from the low
	 * word and the top two words of a and b, collected as an integer
	 * 2x2 matrix, then applied to the full values (co_reduce), and to
	 * (u0,u1), (v0,v1) with a Montgomery division by 2^31.  Each batch
	 * removes at least 30 bits from len(a)+len(b), so a fixed count of
	 * batches suffices; at the end a = gcd(x, y).
	 */
	uint32_t *u0, *u1, *v0, *v1, *a, *b;
	uint32_t x0i, y0i, num, rc;
	size_t j;

	if (len == 0) {
		return 0;
	}
	/* u0 is the caller's u, or (u == NULL) scratch that is never
	 * updated: the batches depend on a and b only, so v is the same. */
	u0 = u;
	v0 = v;
	u1 = tmp;
	v1 = u1 + len;
	a = v1 + len;
	b = a + len;
	x0i = pqs_mp31_ninv31(x[0]);
	y0i = pqs_mp31_ninv31(y[0]);
	memcpy(a, x, len * sizeof *x);
	memcpy(b, y, len * sizeof *y);
	if (u0 != NULL) {
		u0[0] = 1;
		memset(u0 + 1, 0, (len - 1) * sizeof *u0);
		memcpy(u1, y, len * sizeof *u1);
	}
	memset(v0, 0, len * sizeof *v0);
	memcpy(v1, x, len * sizeof *v1);
	v1[0]--;

	for (num = 62 * (uint32_t)len + 30; num >= 30; num -= 30) {
		uint32_t c0 = (uint32_t)-1, c1 = (uint32_t)-1;
		uint32_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
		uint64_t a_hi, b_hi;
		uint32_t a_lo, b_lo, r;
		int64_t pa = 1, pb = 0, qa = 0, qb = 1;
		size_t alen;
		int i;

		/* Working length: before this batch len(a) + len(b) <=
		 * num - 30 bits (62*len at the start, minus at least 30 per
		 * batch; Pornin, "Optimized Binary GCD for Modular
		 * Inversion", eprint 2020/972, section 3), so a and b fit in
		 * ceil((num - 30)/31) = floor(num/31) words and the words
		 * above are zero; one more word holds the signed intermediate
		 * of zint_co_reduce.  The bound depends on len and the batch
		 * index only (public); the results are those of a pass over
		 * all len words. */
		alen = num / 31 + 1;
		if (alen > len) {
			alen = len;
		}

		/* Top words: the highest index j >= 1 where a or b is
		 * nonzero gives (w[j] << 31) + w[j-1]; else word 0. */
		j = alen;
		while (j-- > 0) {
			uint32_t aw = a[j];
			uint32_t bw = b[j];

			a0 ^= (a0 ^ aw) & c0;
			a1 ^= (a1 ^ aw) & c1;
			b0 ^= (b0 ^ bw) & c0;
			b1 ^= (b1 ^ bw) & c1;
			c1 = c0;
			c0 &= (((aw | bw) + 0x7FFFFFFFu) >> 31) - (uint32_t)1;
		}
		a1 |= a0 & c1;
		a0 &= ~c1;
		b1 |= b0 & c1;
		b0 &= ~c1;
		a_hi = ((uint64_t)a0 << 31) + a1;
		b_hi = ((uint64_t)b0 << 31) + b1;
		a_lo = a[0];
		b_lo = b[0];

		for (i = 0; i < 31; i++) {
			uint32_t rt, oa, ob, cAB, cBA, cA;
			uint64_t rz;

			/* rt = 1 iff a_hi > b_hi (as 64-bit signed-safe). */
			rz = b_hi - a_hi;
			rt = (uint32_t)((rz ^ ((a_hi ^ b_hi) & (a_hi ^ rz))) >> 63);
			oa = (a_lo >> i) & 1;
			ob = (b_lo >> i) & 1;
			cAB = oa & ob & rt;
			cBA = oa & ob & ~rt;
			cA = cAB | (oa ^ 1);

			a_lo -= b_lo & -cAB;
			a_hi -= b_hi & -(uint64_t)cAB;
			pa -= qa & -(int64_t)cAB;
			pb -= qb & -(int64_t)cAB;
			b_lo -= a_lo & -cBA;
			b_hi -= a_hi & -(uint64_t)cBA;
			qa -= pa & -(int64_t)cBA;
			qb -= pb & -(int64_t)cBA;

			/* Halving a is "not doubling" the other side: the
			 * low words and the matrix are kept scaled by 2^i. */
			a_lo += a_lo & (cA - 1);
			pa += pa & ((int64_t)cA - 1);
			pb += pb & ((int64_t)cA - 1);
			a_hi ^= (a_hi ^ (a_hi >> 1)) & -(uint64_t)cA;
			b_lo += b_lo & -cA;
			qa += qa & -(int64_t)cA;
			qb += qb & -(int64_t)cA;
			b_hi ^= (b_hi ^ (b_hi >> 1)) & ((uint64_t)cA - 1);
		}

		/* Apply; if a or b came out negative (approximate top
		 * words), it was negated, and so must its matrix row. */
		r = zint_co_reduce(a, b, alen, pa, pb, qa, qb);
		pa -= (pa + pa) & -(int64_t)(r & 1);
		pb -= (pb + pb) & -(int64_t)(r & 1);
		qa -= (qa + qa) & -(int64_t)(r >> 1);
		qb -= (qb + qb) & -(int64_t)(r >> 1);
		if (u0 != NULL) {
			zint_co_reduce_mod(u0, u1, y, len, y0i, pa, pb, qa, qb);
		}
		zint_co_reduce_mod(v0, v1, x, len, x0i, pa, pb, qa, qb);
	}

	/* Success iff a = 1 and x, y are odd. */
	rc = a[0] ^ 1;
	for (j = 1; j < len; j++) {
		rc |= a[j];
	}
	return (int)((1 - ((rc | -rc) >> 31)) & x[0] & y[0]);
}

#if defined(__SIZEOF_INT128__)
/*
 * The 62-bit form.  Limb i of an integer of len 31-bit words is words
 * 2i and 2i+1 (w[2i] + w[2i+1]*2^31 < 2^62), so the conversions are
 * exact and cheap.  A batch of 62 steps yields a matrix with entries of
 * at most 2^62 in absolute value (each step at most doubles a row's
 * norm |pa| + |pb|), so a limb times an entry fits a signed 128-bit
 * product, and the division of a row combination by 2^62 is a shift by
 * one limb.
 */
__extension__ typedef unsigned __int128 bz_u128;
__extension__ typedef __int128 bz_i128;

#define M62            ((((uint64_t)1) << 62) - 1)
/* Longest input taken in 62-bit limbs (31-bit words): Falcon-1024's
 * resultants have 209 words (pqs_NTRU_MAX_BL_SMALL[10]), the longest any
 * solver passes; a longer one would go to the 31-bit form. */
#define BZ62_MAX_WORDS 210
#define BZ62_LIMBS     (BZ62_MAX_WORDS / 2)
/*
 * Carries as in the 31-bit form (CO_BIAS), one size up: the signed
 * intermediate z (|z| < 2^126) is kept as zu = z + 2^127, so that
 * floor(z / 2^62) = (zu >> 62) - 2^65 needs only a logical shift; the
 * next limb's biased value is its products + (zu >> 62) + CO_BIAS62.
 */
#define CO_BIAS62      ((((bz_u128)1) << 127) - (((bz_u128)1) << 65))

/* w * k as a 128-bit two's complement value; w < 2^63, |k| <= 2^62. */
static inline bz_u128 bz_mul(uint64_t w, int64_t k)
{
	return (bz_u128)((bz_i128)(int64_t)w * k);
}

/* Bit length of x (0 for 0), without branches. */
static inline uint32_t bz_bitlen(uint64_t x)
{
	static const uint32_t sh[6] = { 32, 16, 8, 4, 2, 1 };
	uint32_t n = 0;
	int k;

	for (k = 0; k < 6; k++) {
		uint64_t y = x >> sh[k];
		uint32_t c = (uint32_t)((y | (0 - y)) >> 63);

		x ^= (x ^ y) & -(uint64_t)c;
		n += sh[k] & -c;
	}
	return n + (uint32_t)x;
}

/* -1/m mod 2^62 for odd m (Newton: each step doubles the correct bits,
 * from 3 since m*m = 1 mod 8). */
static uint64_t bz_ninv62(uint64_t m)
{
	uint64_t y = m;
	int k;

	for (k = 0; k < 5; k++) {
		y *= 2 - m * y;
	}
	return (0 - y) & M62;
}

/* n limbs of 62 bits from len 31-bit words (zero above them). */
static void bz_to62(uint64_t *d, size_t n, const uint32_t *w, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t lo = 2 * i < len ? w[2 * i] : 0;
		uint64_t hi = 2 * i + 1 < len ? w[2 * i + 1] : 0;

		d[i] = lo | (hi << 31);
	}
}

static void bz_from62(uint32_t *w, size_t len, const uint64_t *d)
{
	size_t k;

	for (k = 0; k < len; k++) {
		w[k] = (uint32_t)(d[k >> 1] >> (31 * (k & 1))) & 0x7FFFFFFFu;
	}
}

/* a <- -a (two's complement over n limbs of 62 bits) if ctl = 1. */
static void bz_negate62(uint64_t *a, size_t n, uint64_t ctl)
{
	uint64_t m = (0 - ctl) >> 2, cc = ctl;
	size_t u;

	for (u = 0; u < n; u++) {
		uint64_t w = (a[u] ^ m) + cc;

		a[u] = w & M62;
		cc = w >> 62;
	}
}

/*
 * zint_co_reduce() over 62-bit limbs: a <- (a*xa + b*xb)/2^62, b <- (a*ya
 * + b*yb)/2^62, a negative result negated; bit 0 of the return value set
 * if a was negated, bit 1 if b was.  |a*xa + b*xb| <= max(a, b)*2^62, so
 * the results fit n limbs; their signs come from the full carries.
 */
static uint32_t bz_co_reduce62(uint64_t *a, uint64_t *b, size_t n, int64_t xa, int64_t xb, int64_t ya, int64_t yb)
{
	bz_u128 za, zb;
	uint64_t nega, negb;
	size_t u;

	za = bz_mul(a[0], xa) + bz_mul(b[0], xb) + ((bz_u128)1 << 127);
	zb = bz_mul(a[0], ya) + bz_mul(b[0], yb) + ((bz_u128)1 << 127);
	for (u = 1; u < n; u++) {
		uint64_t wa = a[u];
		uint64_t wb = b[u];

		za = bz_mul(wa, xa) + bz_mul(wb, xb) + CO_BIAS62 + (za >> 62);
		zb = bz_mul(wa, ya) + bz_mul(wb, yb) + CO_BIAS62 + (zb >> 62);
		a[u - 1] = (uint64_t)za & M62;
		b[u - 1] = (uint64_t)zb & M62;
	}
	a[n - 1] = (uint64_t)(za >> 62) & M62;
	b[n - 1] = (uint64_t)(zb >> 62) & M62;
	nega = (uint64_t)(za >> 127) ^ 1;
	negb = (uint64_t)(zb >> 127) ^ 1;
	bz_negate62(a, n, nega);
	bz_negate62(b, n, negb);
	return (uint32_t)(nega | (negb << 1));
}

/* zint_finish_mod2() over 62-bit limbs (the top limb may use 64 bits:
 * two's complement if neg = 1, below 2^63 otherwise). */
static void bz_finish_mod62(uint64_t *a, uint64_t *b, size_t n, const uint64_t *m, uint64_t nega, uint64_t cca,
			    uint64_t negb, uint64_t ccb)
{
	uint64_t xa, ya, xb, yb;
	size_t u;

	xa = (0 - nega) >> 2;
	ya = 0 - (nega | (1 - cca));
	cca = nega;
	xb = (0 - negb) >> 2;
	yb = 0 - (negb | (1 - ccb));
	ccb = negb;
	for (u = 0; u < n; u++) {
		uint64_t aw = a[u] - ((m[u] ^ xa) & ya) - cca;
		uint64_t bw = b[u] - ((m[u] ^ xb) & yb) - ccb;

		a[u] = aw & M62;
		cca = aw >> 63;
		b[u] = bw & M62;
		ccb = bw >> 63;
	}
}

/* zint_co_reduce_mod() over 62-bit limbs: Montgomery division by 2^62
 * modulo odd m (m0i = -1/m mod 2^62); a, b in 0..m on input, 0..m-1 on
 * output. */
static void bz_co_reduce_mod62(uint64_t *a, uint64_t *b, const uint64_t *m, size_t n, uint64_t m0i, int64_t xa,
			       int64_t xb, int64_t ya, int64_t yb)
{
	bz_u128 za, zb;
	uint64_t fa, fb, ba = 0, bb = 0, mp;
	size_t u;

	fa = ((a[0] * (uint64_t)xa + b[0] * (uint64_t)xb) * m0i) & M62;
	fb = ((a[0] * (uint64_t)ya + b[0] * (uint64_t)yb) * m0i) & M62;
	mp = m[0];
	za = bz_mul(a[0], xa) + bz_mul(b[0], xb) + (bz_u128)mp * fa + ((bz_u128)1 << 127);
	zb = bz_mul(a[0], ya) + bz_mul(b[0], yb) + (bz_u128)mp * fb + ((bz_u128)1 << 127);
	for (u = 1; u < n; u++) {
		uint64_t wa = a[u];
		uint64_t wb = b[u];
		uint64_t mw = m[u];
		uint64_t na, nb;

		za = bz_mul(wa, xa) + bz_mul(wb, xb) + (bz_u128)mw * fa + CO_BIAS62 + (za >> 62);
		zb = bz_mul(wa, ya) + bz_mul(wb, yb) + (bz_u128)mw * fb + CO_BIAS62 + (zb >> 62);
		na = (uint64_t)za & M62;
		nb = (uint64_t)zb & M62;
		a[u - 1] = na;
		b[u - 1] = nb;
		/* Borrows of a - m, b - m for bz_finish_mod62(). */
		ba = (na - mp - ba) >> 63;
		bb = (nb - mp - bb) >> 63;
		mp = mw;
	}
	a[n - 1] = (uint64_t)(za >> 62);
	b[n - 1] = (uint64_t)(zb >> 62);
	ba = (a[n - 1] - mp - ba) >> 63;
	bb = (b[n - 1] - mp - bb) >> 63;
	bz_finish_mod62(a, b, n, m, (uint64_t)(za >> 127) ^ 1, ba, (uint64_t)(zb >> 127) ^ 1, bb);
}

/*
 * pqs_zint_bezout() in 62-bit limbs, len <= BZ62_MAX_WORDS.  The same
 * invariants as pqs_zint_bezout31(); a batch is 62 steps decided from the
 * low limb (62 exact bits) and a 63-bit window at the top of a and b.
 */
static int bezout62(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len)
{
	uint64_t buf[8 * BZ62_LIMBS];
	uint64_t *a = buf, *b = a + BZ62_LIMBS, *xm = b + BZ62_LIMBS, *ym = xm + BZ62_LIMBS;
	uint64_t *u0 = ym + BZ62_LIMBS, *u1 = u0 + BZ62_LIMBS, *v0 = u1 + BZ62_LIMBS, *v1 = v0 + BZ62_LIMBS;
	/* nl limbs for u, v; a and b get at least 3 (the top window reads
	 * three limbs), zero above the value. */
	size_t nl = (len + 1) >> 1, nab = nl < 3 ? 3 : nl, j;
	uint64_t x0i, y0i, rc;
	uint32_t num;

	bz_to62(a, nab, x, len);
	bz_to62(b, nab, y, len);
	memcpy(xm, a, nl * sizeof *a);
	memcpy(ym, b, nl * sizeof *b);
	x0i = bz_ninv62(xm[0]);
	y0i = bz_ninv62(ym[0]);
	if (u != NULL) {
		memset(u0, 0, nl * sizeof *u0);
		u0[0] = 1;
		memcpy(u1, ym, nl * sizeof *u1);
	}
	memset(v0, 0, nl * sizeof *v0);
	memcpy(v1, xm, nl * sizeof *v1);
	v1[0]--;

	/*
	 * Pornin (eprint 2020/972, section 3): k-1 steps decided on k-1
	 * exact low bits and k+1 top bits remove at least k-1 bits from
	 * len(a) + len(b).  The 31-bit form runs 31 steps on 31 low bits and
	 * at least 32 top bits and counts 30 bits per batch; this one runs 62
	 * steps on 62 low bits and 63 top bits and counts 60, so 62*len/60 + 1
	 * batches take len(a) + len(b) from 62*len bits to 1 (a = gcd, b = 0).
	 * Before the batch with counter num, len(a) + len(b) <= num - 60,
	 * which bounds the limbs in use (alen, public: it depends on len and
	 * the batch index only).
	 */
	for (num = 62 * (uint32_t)len + 60; num >= 60; num -= 60) {
		uint64_t a2 = a[0], a1 = 0, a0 = 0, b2 = b[0], b1 = 0, b0 = 0;
		uint64_t a_hi, b_hi, a_lo, b_lo, sa, sb;
		int64_t pa = 1, pb = 0, qa = 0, qb = 1;
		size_t alen = (num - 60 + 61) / 62;
		uint32_t t, r;
		int i;

		if (alen < 3) {
			alen = 3;
		}
		if (alen > nab) {
			alen = nab;
		}

		/*
		 * Top window: the highest limb j where a or b is nonzero and
		 * the two below it (zero below limb 0) are w2, w1, w0; with t =
		 * bitlen(a[j] | b[j]), X = w2*2^64 + w1*4 + (w0 >> 60) has 64 +
		 * t bits for the larger of a, b, and the window is X >> (t + 1),
		 * its top 63 bits.  If a and b fit in limb 0, the windows are
		 * a and b exactly, times 2^(63 - t).
		 */
		for (j = 1; j < alen; j++) {
			uint64_t aw = a[j], bw = b[j];
			uint64_t nz = 0 - (((aw | bw) + M62) >> 62);
			uint64_t aw0 = j >= 2 ? a[j - 2] : 0, bw0 = j >= 2 ? b[j - 2] : 0;

			a2 ^= (a2 ^ aw) & nz;
			a1 ^= (a1 ^ a[j - 1]) & nz;
			a0 ^= (a0 ^ aw0) & nz;
			b2 ^= (b2 ^ bw) & nz;
			b1 ^= (b1 ^ b[j - 1]) & nz;
			b0 ^= (b0 ^ bw0) & nz;
		}
		t = bz_bitlen(a2 | b2);
		a_hi = ((((a1 << 2) | (a0 >> 60))) >> (t + 1)) | (a2 << (63 - t));
		b_hi = ((((b1 << 2) | (b0 >> 60))) >> (t + 1)) | (b2 << (63 - t));
		a_lo = a[0];
		b_lo = b[0];

		/* The 62 steps, as in pqs_zint_bezout31() (a_hi, b_hi < 2^63,
		 * so the sign of b_hi - a_hi is the comparison). */
		for (i = 0; i < 62; i++) {
			uint64_t rt, oa, ob, cAB, cBA, cA;

			rt = (b_hi - a_hi) >> 63;
			oa = (a_lo >> i) & 1;
			ob = (b_lo >> i) & 1;
			cAB = oa & ob & rt;
			cBA = oa & ob & ~rt;
			cA = cAB | (oa ^ 1);

			a_lo -= b_lo & (0 - cAB);
			a_hi -= b_hi & (0 - cAB);
			pa -= qa & -(int64_t)cAB;
			pb -= qb & -(int64_t)cAB;
			b_lo -= a_lo & (0 - cBA);
			b_hi -= a_hi & (0 - cBA);
			qa -= pa & -(int64_t)cBA;
			qb -= pb & -(int64_t)cBA;

			a_lo += a_lo & (cA - 1);
			pa += pa & ((int64_t)cA - 1);
			pb += pb & ((int64_t)cA - 1);
			a_hi ^= (a_hi ^ (a_hi >> 1)) & (0 - cA);
			b_lo += b_lo & (0 - cA);
			qa += qa & -(int64_t)cA;
			qb += qb & -(int64_t)cA;
			b_hi ^= (b_hi ^ (b_hi >> 1)) & (cA - 1);
		}

		/* Apply; a negated a or b negates its matrix row (the entries
		 * reach 2^62, so -p is (p ^ -1) + 1, never 2p). */
		r = bz_co_reduce62(a, b, alen, pa, pb, qa, qb);
		sa = r & 1;
		sb = r >> 1;
		pa = (int64_t)(((uint64_t)pa ^ (0 - sa)) + sa);
		pb = (int64_t)(((uint64_t)pb ^ (0 - sa)) + sa);
		qa = (int64_t)(((uint64_t)qa ^ (0 - sb)) + sb);
		qb = (int64_t)(((uint64_t)qb ^ (0 - sb)) + sb);
		if (u != NULL) {
			bz_co_reduce_mod62(u0, u1, ym, nl, y0i, pa, pb, qa, qb);
		}
		bz_co_reduce_mod62(v0, v1, xm, nl, x0i, pa, pb, qa, qb);
	}

	/* Success iff a = 1 and x, y are odd. */
	rc = a[0] ^ 1;
	for (j = 1; j < nab; j++) {
		rc |= a[j];
	}
	if (u != NULL) {
		bz_from62(u, len, u0);
	}
	bz_from62(v, len, v0);
	pqs_zeroize(buf, sizeof buf);
	return (int)((1 - ((rc | (0 - rc)) >> 63)) & x[0] & y[0]);
}
#endif

int pqs_zint_bezout(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp)
{
#if defined(__SIZEOF_INT128__)
	if (len > 0 && len <= BZ62_MAX_WORDS) {
		return bezout62(u, v, x, y, len);
	}
#endif
	return pqs_zint_bezout31(u, v, x, y, len, tmp);
}
