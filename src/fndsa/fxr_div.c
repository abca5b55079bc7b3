/*
 * The 32.32 fixed-point division of the FN-DSA key generation (fxr.h),
 * bit-identical to the reference's restoring division for every input,
 * in integer arithmetic only (the fixed-point keygen uses no floating
 * point) and in constant time (no branch, index or `div` instruction
 * on the operands).
 *
 * The reference (c-fn-dsa fxr_div) divides X = |x| by Y = |y| bit by bit:
 * num starts at floor(X/2^31), and each of 64 steps sets a quotient bit
 * b = 1 - top bit of (num - Y), subtracts Y if b, doubles num and brings
 * in the next bit of X*2^32 (modulo 2^64); the last num - Y rounds half
 * up, and the sign x ^ y is applied.  Two cases (X, Y <= 2^63 always):
 *
 * (a) X < Y*2^32, i.e. floor(X/2^32) < Y (the true quotient fits in 64
 *     bits).  Then num < 2Y before every step (num0 = floor(X/2^31) <
 *     2Y), and since Y <= 2^63 the top bit of num - Y is exactly
 *     [num < Y]: num - Y lies in [-Y, Y) and Y <= 2^63.  So the steps are
 *     an exact long division: q = floor(X*2^32/Y) + [2R >= Y], R the
 *     remainder, modulo 2^64.
 *
 * (b) X >= Y*2^32 (Y = 0 included; here Y <= 2^31).  Then num >= 2Y
 *     before every step, so num - Y does not wrap and its top bit is
 *     [num >= 2^63 + Y].  With u = num - 2Y and M = 2^64 - 2Y, a step maps
 *     u to 2u + bit if u < M/2 (b = 1), else to 2u + bit - M (b = 0): a
 *     restoring division by M of U = X*2^33 - Y*2^65 whose quotient bits
 *     are the complements of b.  Hence q = ~C + [2r < D] with
 *     D = 2^63 - Y, C = floor(W/D), r = W - C*D, W = X*2^32 - Y*2^64.
 *     W < 2^95, so C0 = floor(W/2^63) is below 2^32 and W - C0*D =
 *     (W mod 2^63) + C0*Y is below 2^63 + 2^61 < 2D (C0*Y <= 2^32*Y -
 *     2Y^2 <= 2^61): one correction gives C.
 *
 * Both results are computed and the case selected by a mask.  Case (a)
 * is Moller and Granlund's division by a normalised word with a
 * precomputed reciprocal ("Improved division by invariant integers",
 * IEEE Trans. Computers 60(2), 2011, algorithms 2 and 4); the 11-bit
 * start of algorithm 2, a table lookup there, is computed here by Newton
 * iterations (no secret index).  tests/fndsa/test_fxr.c compares every
 * path with the restoring division on edge and random operands.
 */
#include "fxr.h"

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 fxr_u128;
#endif

/* hi:lo = a*b. */
static inline uint64_t mul_wide(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
	fxr_u128 z = (fxr_u128)a * b;

	*lo = (uint64_t)z;
	return (uint64_t)(z >> 64);
#else
	uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;

	*lo = (mid << 32) | (uint32_t)ll;
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* 1 if a < b (unsigned): the borrow of a - b. */
static inline uint64_t lt64(uint64_t a, uint64_t b)
{
	return ((~a & b) | (~(a ^ b) & (a - b))) >> 63;
}

/* Leading zeros of x != 0 (clz / bsr / lzcnt: fixed latency). */
static inline unsigned clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned)__builtin_clzll(x);
#else
	unsigned n = 0, k;

	for (k = 32; k > 0; k >>= 1) {
		uint64_t z = ((x >> (64 - k)) - 1) >> 63; /* top k bits zero */

		n += (unsigned)z * k;
		x <<= z * k;
	}
	return n;
#endif
}

/*
 * floor((2^19 - 3*2^8)/z) for 256 <= z < 512 (the v0 of algorithm 2):
 * X ~ 2^39/z from the linear start 48/17 - 32/17*(z/512) (relative error
 * <= 1/17) and two Newton steps X <- X(2 - zX/2^39), which stay below
 * 2^39/z; the estimate is then v0 or v0 - 1 (all 256 z are checked by
 * tests/fndsa/test_fxr.c), and one comparison fixes it.  Algorithm 2's
 * error bounds assume this exact v0.
 */
static inline uint64_t recip_v0(uint64_t z)
{
	const uint64_t num = ((uint64_t)1 << 19) - 3 * ((uint64_t)1 << 8);
	uint64_t x = 3031741621u - 3947580u * z, v;
	int i;

	for (i = 0; i < 2; i++) {
		x = (x * (((uint64_t)1 << 31) - ((z * x) >> 9))) >> 30;
	}
	v = (num * x) >> 39;
	return v + 1 - ((num - (v + 1) * z) >> 63);
}

/* floor((2^128 - 1)/d) - 2^64 for 2^63 <= d < 2^64 (algorithm 2). */
static inline uint64_t recip64(uint64_t d)
{
	uint64_t d0 = d & 1, d40 = (d >> 24) + 1, d63 = (d >> 1) + d0;
	uint64_t v0 = recip_v0(d >> 55), v1, v2, e, v3, hi, lo;

	v1 = (v0 << 11) - ((v0 * v0 * d40) >> 40) - 1;
	v2 = (v1 << 13) + ((v1 * (((uint64_t)1 << 60) - v1 * d40)) >> 47);
	e = ((v2 >> 1) & -d0) - v2 * d63;
	v3 = (mul_wide(v2, e, &lo) >> 1) + (v2 << 31);
	/* v3 is v or v - 1: v = v3 + 1 iff (2^64 + v3 + 1)*d < 2^128. */
	hi = mul_wide(v3, d, &lo);
	lo += d;
	hi += d + lt64(lo, d);
	return v3 - hi;
}

/* A divisor Y = |y| prepared for case (a): d = Y*2^s normalised, v its
 * reciprocal (Y = 0 is replaced by 1: case (b) applies then). */
typedef struct {
	uint64_t y, sy, d, v;
	unsigned s;
} fxr_divisor;

static inline void divisor_init(fxr_divisor *dv, uint64_t y)
{
	uint64_t sy = y >> 63, yn;

	y = (y ^ -sy) + sy;
	yn = y | ((y - 1) >> 63);
	dv->y = y;
	dv->sy = sy;
	dv->s = clz64(yn);
	dv->d = yn << dv->s;
	dv->v = recip64(dv->d);
}

static inline uint64_t divide(const fxr_divisor *dv, uint64_t x)
{
	uint64_t sx = x >> 63, y = dv->y;
	uint64_t hi, lo, u1, u0, q0, q1, r, m, qa, c, qb, sg;

	x = (x ^ -sx) + sx;
	hi = x >> 32;
	lo = x << 32;

	/* Case (a): X*2^(32+s) / d, algorithm 4 (below 2^64*d in case (a)),
	 * both of its corrections applied by masks. */
	u1 = (hi << dv->s) | ((lo >> 1) >> (63 - dv->s));
	u0 = lo << dv->s;
	q1 = mul_wide(dv->v, u1, &q0);
	q0 += u0;
	q1 += u1 + 1 + lt64(q0, u0);
	r = u0 - q1 * dv->d;
	m = -lt64(q0, r);
	q1 += m;
	r += dv->d & m;
	m = lt64(r, dv->d) - 1;
	q1 -= m;
	r -= dv->d & m;
	/* Round half up: the reference's last step, 2R - Y, R = r/2^s < Y. */
	qa = q1 + 1 - ((((r >> dv->s) << 1) - y) >> 63);

	/* Case (b): C = floor(W/D) with one correction, then ~C + [2r < D]. */
	hi -= y;
	c = (hi << 1) | (lo >> 63);
	r = (lo & (((uint64_t)1 << 63) - 1)) + c * y;
	m = lt64(r, ((uint64_t)1 << 63) - y) - 1;
	c -= m;
	r -= (((uint64_t)1 << 63) - y) & m;
	qb = ~c + (((r << 1) - (((uint64_t)1 << 63) - y)) >> 63);

	/* Case (b) iff floor(X/2^32) >= Y; hi is floor(X/2^32) - Y, whose
	 * top bit is exact (floor(X/2^32) <= 2^31, Y <= 2^63). */
	m = (hi >> 63) - 1;
	qa ^= (qa ^ qb) & m;
	sg = sx ^ dv->sy;
	return (qa ^ -sg) + sg;
}

uint64_t pqs_fndsa_fxr_recip64(uint64_t d)
{
	return recip64(d);
}

uint64_t pqs_fndsa_fxr_recip_start(uint64_t z)
{
	return recip_v0(z);
}

uint64_t pqs_fndsa_fxr_div_raw(uint64_t x, uint64_t y)
{
	fxr_divisor dv;

	divisor_init(&dv, y);
	return divide(&dv, x);
}

void pqs_fndsa_fxr_div2_raw(uint64_t *q1, uint64_t *q2, uint64_t x1, uint64_t x2, uint64_t y)
{
	fxr_divisor dv;

	divisor_init(&dv, y);
	*q1 = divide(&dv, x1);
	*q2 = divide(&dv, x2);
}
