/*
 * Integer-only IEEE-754 binary64 arithmetic for Falcon (fpr.h).
 *
 * Round-3 Falcon needs exactly rounded binary64 add, mul, div and sqrt
 * (round to nearest, ties to even) and the integer conversions of the
 * reference implementation (spec v1.2 section 5.6 discusses the
 * emulation).  These functions reproduce the FPU's bits for finite
 * inputs whose results lie in the normal range (results that would be
 * subnormal are flushed to a signed zero; Falcon never produces them)
 * and they run in constant time: no branch or table index depends on
 * the operands; variable shift counts are constant-time on the CPUs we
 * target.
 *
 * Representation: a finite nonzero value has sign s, biased exponent
 * field e (1..2046) and 53-bit significand m = 2^52 | fraction, value
 * (-1)^s * m * 2^(e - 1075).  e = 0 means zero (subnormal inputs are
 * read as zero).
 */
#include "fndsa/fpr.h"

#define SIGN_BIT ((uint64_t)1 << 63)
#define FRAC_MASK (((uint64_t)1 << 52) - 1)

/* All ones if x != 0, else 0. */
static inline uint64_t
mask_nz64(uint64_t x)
{
	return -((x | -x) >> 63);
}

/* All ones if x < y (unsigned), else 0: the borrow of x - y. */
static inline uint64_t
mask_lt64(uint64_t x, uint64_t y)
{
	uint64_t d = x - y;
	return -(((~x & y) | (~(x ^ y) & d)) >> 63);
}

/* All ones if the signed int x is <= 0, else 0. */
static inline uint64_t
mask_le0(int x)
{
	return -((uint64_t)((int64_t)x - 1) >> 63);
}

/* min(v, 63) for a shift count. */
static inline unsigned
min63(unsigned v)
{
	unsigned over = ((63u - v) >> 31) & 1u; /* v > 63 (v < 2^31) */
	return v ^ ((v ^ 63u) & -over);
}

/*
 * Shift x left until its top bit is set; return the shift count.
 * x = 0 gives 63 and stays 0.  Binary search with masks.
 */
static inline unsigned
normalize64(uint64_t *x)
{
	uint64_t v = *x;
	unsigned n = 0;
	for (unsigned k = 32; k > 0; k >>= 1) {
		uint64_t t = 1 - (mask_nz64(v >> (64 - k)) & 1);
		v <<= t * k;
		n += (unsigned)(t * k);
	}
	*x = v;
	return n;
}

static inline void
unpack(uint64_t x, uint64_t *s, int *e, uint64_t *m)
{
	uint64_t ef = (x >> 52) & 0x7FF;
	*s = x >> 63;
	*e = (int)ef;
	*m = ((x & FRAC_MASK) | ((uint64_t)1 << 52)) & mask_nz64(ef);
}

/*
 * Round (-1)^s * m * 2^(e - 1086) to binary64, where m is 0 or has its
 * top bit set (bit 63) and bit 0 of m is a sticky bit for anything below
 * it.  The 53 significand bits are m's bits 63..11; bits 10..0 decide
 * the rounding (ties to even).  e is then the biased exponent of the
 * result before rounding; a rounding carry propagates into the exponent
 * by plain addition.  m = 0 or e <= 0 gives a signed zero.
 */
static inline uint64_t
pack(uint64_t s, int e, uint64_t m)
{
	uint64_t mant = m >> 11;
	uint64_t rest = m & 0x7FF;
	/* Round up iff rest + lsb > 0x400. */
	mant += (rest + (mant & 1) + 0x3FF) >> 11;
	uint64_t ok = mask_nz64(m) & ~mask_le0(e);
	return (s << 63) | ((((uint64_t)(e - 1) << 52) + mant) & ok);
}

/* 64x64 -> 128-bit product, portable. */
static inline void
mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t a0 = (uint32_t)a, a1 = a >> 32;
	uint64_t b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
	*lo = (mid << 32) | (uint32_t)p00;
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

uint64_t pqs_fpr_emu_scaled(int64_t i, int sc)
{
	uint64_t s = (uint64_t)i >> 63;
	uint64_t m = ((uint64_t)i ^ -s) + s; /* |i|, also for INT64_MIN */
	unsigned lz = normalize64(&m);
	/* |i| = m * 2^-lz; integers need no sticky bit. */
	return pack(s, 1086 + sc - (int)lz, m);
}

uint64_t pqs_fpr_emu_add(uint64_t x, uint64_t y)
{
	uint64_t sx, sy, mx, my, sw, t, neg, m, zs, s;
	int ex, ey, d;
	unsigned dd, lz;

	/* Order the operands so that |x| >= |y| (bit patterns of non-negative
	 * values sort like the values). */
	sw = mask_lt64(x & ~SIGN_BIT, y & ~SIGN_BIT);
	t = (x ^ y) & sw;
	x ^= t;
	y ^= t;
	unpack(x, &sx, &ex, &mx);
	unpack(y, &sy, &ey, &my);

	/* Nine guard bits; align y with a sticky ("jamming") right shift. */
	mx <<= 9;
	my <<= 9;
	d = ex - ey;
	dd = min63((unsigned)d);
	t = my & ((((uint64_t)1) << dd) - 1);
	my = (my >> dd) | (mask_nz64(t) & 1);

	/* Same signs: add; otherwise subtract (never negative). */
	neg = -(sx ^ sy);
	m = mx + ((my ^ neg) - neg);

	/*
	 * Exact zero: +0, except (-0) + (-0) = -0 (IEEE 754 section 6.3
	 * for round to nearest).  A nonzero result has x's sign.
	 */
	zs = mask_nz64(m) & 1;
	s = (sx & zs) | (sx & sy & (zs ^ 1));
	lz = normalize64(&m);
	/* x = mx * 2^(ex - 1084); after the left shift by lz, e = ex + 2 - lz. */
	return pack(s, ex + 2 - (int)lz, m);
}

uint64_t pqs_fpr_emu_mul(uint64_t x, uint64_t y)
{
	uint64_t sx, sy, mx, my, hi, lo, t;
	int ex, ey;

	unpack(x, &sx, &ex, &mx);
	unpack(y, &sy, &ey, &my);
	/* Significands aligned to bit 63: product in [2^126, 2^128). */
	mul64(mx << 11, my << 11, &hi, &lo);
	t = 1 - (hi >> 63);
	hi = (hi << t) | ((lo >> 63) & t);
	lo <<= t;
	hi |= mask_nz64(lo) & 1;
	/* A zero operand gives hi = 0, hence a signed zero. */
	return pack(sx ^ sy, ex + ey - 1022 - (int)t, hi);
}

uint64_t pqs_fpr_emu_div(uint64_t x, uint64_t y)
{
	uint64_t sx, sy, mx, my, r, q, t;
	int ex, ey;

	unpack(x, &sx, &ex, &mx);
	unpack(y, &sy, &ey, &my);
	/* Restoring division: q = floor(mx * 2^54 / my), 55 iterations;
	 * mx/my lies in (1/2, 2), so q has 54 or 55 bits. */
	r = mx;
	q = 0;
	for (int i = 0; i < 55; i++) {
		uint64_t b = (mask_lt64(r, my) & 1) ^ 1;
		r -= my & -b;
		q = (q << 1) | b;
		r <<= 1;
	}
	q <<= 9;
	t = 1 - (q >> 63);
	q <<= t;
	q |= mask_nz64(r) & 1;
	return pack(sx ^ sy, ex - ey + 1023 - (int)t, q);
}

uint64_t pqs_fpr_emu_sqrt(uint64_t x)
{
	uint64_t s, m, M, q, r, t;
	int e, k;

	unpack(x, &s, &e, &m);
	/* x = m * 2^k; make k even (m then has 53 or 54 bits). */
	k = e - 1075;
	t = (uint64_t)(k & 1);
	m <<= t;
	k -= (int)t;
	/*
	 * Digit-by-digit square root of N = m * 2^54 (up to 108 bits), two
	 * bits of N per step: q = floor(sqrt(N)) in [2^53, 2^54), r = N - q^2.
	 * M holds the not yet consumed bits of N at its top.
	 */
	M = m << 10;
	q = 0;
	r = 0;
	for (int i = 0; i < 54; i++) {
		uint64_t tt, b;
		r = (r << 2) | (M >> 62);
		M <<= 2;
		tt = (q << 2) | 1;
		b = (mask_lt64(r, tt) & 1) ^ 1;
		r -= tt & -b;
		q = (q << 1) | b;
	}
	/* sqrt(x) = q * 2^(k/2 - 27) = (q << 10) * 2^(k/2 - 37). */
	q = (q << 10) | (mask_nz64(r) & 1);
	return pack(s, k / 2 + 1049, q);
}

/*
 * Shared by rint/floor/trunc: |x| = q + frac where q is an integer,
 * rem = fraction bits of m below the binary point, half = the weight of
 * one half in the same units (0 when x is an integer by exponent).
 */
static inline void
split_int(uint64_t x, uint64_t *s, uint64_t *q, uint64_t *rem, uint64_t *half)
{
	uint64_t m, left;
	int e, d;
	unsigned sl, sr;

	unpack(x, s, &e, &m);
	d = 1075 - e; /* right shift (d > 0) or left shift (-d) */
	left = mask_le0(d);
	sl = (unsigned)(-d) & (unsigned)left;
	sl &= 63u; /* |x| < 2^62 by contract, so -d <= 9 here */
	sr = min63((unsigned)d & (unsigned)~left);
	*q = (m >> sr) << sl;
	*rem = m & ((((uint64_t)1) << sr) - 1);
	*half = (((uint64_t)1) << sr) >> 1;
}

int64_t pqs_fpr_emu_rint(uint64_t x)
{
	uint64_t s, q, rem, half;
	split_int(x, &s, &q, &rem, &half);
	/* Round up iff rem > half, or rem == half and q is odd; an integer
	 * (half = 0, rem = 0) never rounds. */
	q += mask_lt64(half, rem + (q & 1)) & mask_nz64(half) & 1;
	return (int64_t)((q ^ -s) + s);
}

int64_t pqs_fpr_emu_floor(uint64_t x)
{
	uint64_t s, q, rem, half;
	split_int(x, &s, &q, &rem, &half);
	/* Negative values with a fraction go one further from zero. */
	q += mask_nz64(rem) & s;
	return (int64_t)((q ^ -s) + s);
}

int64_t pqs_fpr_emu_trunc(uint64_t x)
{
	uint64_t s, q, rem, half;
	split_int(x, &s, &q, &rem, &half);
	return (int64_t)((q ^ -s) + s);
}

int pqs_fpr_emu_lt(uint64_t x, uint64_t y)
{
	/* Map to integers that sort like the values (both zeros -> 0),
	 * then a signed comparison without overflow (Hacker's Delight 2-12). */
	uint64_t mx = -(x >> 63), my = -(y >> 63);
	uint64_t kx = ((x & ~SIGN_BIT) ^ mx) - mx;
	uint64_t ky = ((y & ~SIGN_BIT) ^ my) - my;
	uint64_t d = kx - ky;
	return (int)((d ^ ((kx ^ ky) & (d ^ kx))) >> 63);
}
