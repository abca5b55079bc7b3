/*
 * Hyperball sampling of HAETAE v1.1.2 (Algorithm 11, SampleHyperBall,
 * and its Gaussian sampler SampleGauss) in the reference's integer fixed point.
 *
 * (K + L) * N + 2 samples of a discrete Gaussian (sigma 2^76 scale: a CDT
 * base sample x extended by 72 uniform bits, accepted with probability
 * exp(-(y^2 - x^2 2^144) / 2^153) by a degree-7 polynomial) are normalised
 * by B0 * LN / sqrt(sum of squares / 2) computed with Newton's iteration in
 * 96-bit fixed point (76 fractional bits).  The two surplus samples (the
 * 257th of the first two polynomials) only enter the norm; that is how a
 * uniform point of the ball is obtained from Gaussians.  Every operation -
 * including the reference's truncations (fixpoint_square without rounding,
 * the 48-bit limb square sq48 that drops a carry) - is reproduced exactly:
 * the signature depends on every bit.  v1.2.0 replaced this sampler.
 */
#include "core/ct.h"
#include "haetae/inner.h"

#define MASK48 ((UINT64_C(1) << 48) - 1)
#define GAUSS_RAND_BYTES 17 /* 16 bits CDT + 48 bits rejection + 72 bits y */

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 haetae_u128;
__extension__ typedef __int128 haetae_i128;
#endif

/* Full 64 x 64 -> 128-bit product (portable fallback without a 128-bit type). */
static void mul64(uint64_t r[2], uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	haetae_u128 p = (haetae_u128)a * b;
	r[0] = (uint64_t)p;
	r[1] = (uint64_t)(p >> 64);
#else
	uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	r[0] = (mid << 32) | (ll & 0xffffffffu);
	r[1] = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* a * b as (low 48 bits, bits 48..111). */
static void mul48(uint64_t r[2], uint64_t a, uint64_t b)
{
	mul64(r, a, b);
	r[1] = (r[1] << 16) ^ (r[0] >> 48);
	r[0] &= MASK48;
}

static void mulacc48(uint64_t r[2], uint64_t a, uint64_t b)
{
	uint64_t t[2];
	mul48(t, a, b);
	r[0] += t[0];
	r[1] += t[1];
}

/* The reference's square of a 48-bit limb: the high word omits the carry of the low products. */
static void sq48(uint64_t r[2], uint64_t a)
{
	uint64_t al = a & 0xffffffffu, ah = a >> 32;
	r[0] = a * a;
	r[1] = ((al * ah) << 1) >> 32;
	r[1] += ah * ah;
	r[1] = (r[1] << 16) ^ (r[0] >> 48);
	r[0] &= MASK48;
}

/*
 * round(a * b / 2^48) for signed a and unsigned b (the product fits 112 bits), branch-free.
 * The only b is the exp input, a uint64_t shifted right by one: b < 2^63, so one signed
 * 64 x 64 -> 128-bit multiplication gives the product.
 */
static int64_t smulh48(int64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	return (int64_t)(((haetae_i128)a * (int64_t)b + ((haetae_i128)1 << 47)) >> 48);
#else
	uint64_t neg = (uint64_t)0 - ((uint64_t)a >> 63); /* all ones iff a < 0 */
	uint64_t mag = ((uint64_t)a ^ neg) - neg;
	uint64_t p[2];
	mul64(p, mag, b);
	/* conditional two's complement negation of the 128-bit product */
	p[0] ^= neg;
	p[1] ^= neg;
	uint64_t lo = p[0] + (neg & 1);
	p[1] += (uint64_t)(lo < p[0]);
	p[0] = lo;
	lo = p[0] + (UINT64_C(1) << 47);
	p[1] += (uint64_t)(lo < p[0]);
	return (int64_t)((lo >> 48) | (p[1] << 16));
#endif
}

static void renormalize(haetae_fp96 *x)
{
	x->limb48[1] += x->limb48[0] >> 48;
	x->limb48[0] &= MASK48;
}

static void copy_cneg(haetae_fp96 *y, const haetae_fp96 *x, uint64_t sign)
{
	uint64_t m = (uint64_t)0 - sign;
	y->limb48[0] = (m & MASK48) ^ x->limb48[0];
	y->limb48[1] = x->limb48[1] ^ m;
	y->limb48[0] += sign;
	renormalize(y);
}

static void fp_add(haetae_fp96 *xy, const haetae_fp96 *x, const haetae_fp96 *y)
{
	xy->limb48[0] = x->limb48[0] + y->limb48[0];
	xy->limb48[1] = x->limb48[1] + y->limb48[1];
}

static void fp_mul(haetae_fp96 *xy, const haetae_fp96 *x, const haetae_fp96 *y)
{
	uint64_t t[2];
	mul48(xy->limb48, x->limb48[0], y->limb48[0]);
	xy->limb48[0] = xy->limb48[1] + (((xy->limb48[0] >> 47) + 1) >> 1); /* >> 48, rounded */
	mul48(t, x->limb48[0], y->limb48[1]);
	xy->limb48[0] += t[0];
	xy->limb48[1] = t[1];
	mulacc48(xy->limb48, x->limb48[1], y->limb48[0]);
	xy->limb48[0] += UINT64_C(1) << 27; /* >> 28, rounded */
	xy->limb48[0] >>= 28;
	xy->limb48[0] += (xy->limb48[1] << 20) & MASK48;
	xy->limb48[1] >>= 28;
	mul64(t, x->limb48[1], y->limb48[1]);
	xy->limb48[0] += (t[0] << 20) & MASK48;
	xy->limb48[1] += (t[0] >> 28) + (t[1] << 36);
	renormalize(xy);
}

static void fp_square(haetae_fp96 *sq, const haetae_fp96 *x)
{
	uint64_t t[2];
	sq48(sq->limb48, x->limb48[0]);
	sq->limb48[0] >>= 48;
	sq->limb48[0] += sq->limb48[1];
	mul48(t, x->limb48[0], x->limb48[1]);
	sq->limb48[0] += t[0] << 1;
	sq->limb48[1] = t[1] << 1;
	sq->limb48[0] >>= 28;
	sq->limb48[0] += (sq->limb48[1] << 20) & MASK48;
	sq->limb48[1] >>= 28;
	mul64(t, x->limb48[1], x->limb48[1]);
	sq->limb48[0] += (t[0] << 20) & MASK48;
	sq->limb48[1] += (t[0] >> 28) + (t[1] << 36);
	renormalize(sq);
}

/* x * y for a 64-bit y scaled 2^-48 (reference fixpoint_mul_high). */
static void fp_mul_high(haetae_fp96 *xy, const haetae_fp96 *x, uint64_t y)
{
	uint64_t t[2];
	mul48(xy->limb48, x->limb48[0], y);
	mul48(t, x->limb48[1], y);
	xy->limb48[1] += t[0];
	xy->limb48[0] += UINT64_C(1) << 27;
	xy->limb48[0] >>= 28;
	xy->limb48[0] += (xy->limb48[1] << 20) & MASK48;
	xy->limb48[1] >>= 28;
	xy->limb48[1] += t[1] << 20;
	renormalize(xy);
}

/* 1 / sqrt(2 * xhalf) by seven Newton steps y <- y (3/2 - xhalf y^2). */
static void fp_newton_invsqrt(const pqs_haetae_params *p, haetae_fp96 *y, const haetae_fp96 *xhalf)
{
	haetae_fp96 t, t2;
	fp_mul(&t, xhalf, &p->newton_start_cube);
	copy_cneg(&t2, &t, 1);
	fp_add(y, &p->newton_start_threehalves, &t2); /* first step, not renormalised (as the reference) */
	for (int i = 0; i < 6; i++) {
		fp_square(&t, y);
		fp_mul(&t2, xhalf, &t);
		copy_cneg(&t2, &t2, 1);
		t2.limb48[1] += UINT64_C(3) << 27; /* 3/2 - xhalf y^2 */
		renormalize(&t2);
		/* y * t2 with t2 possibly negative: multiply magnitudes, restore the sign */
		uint64_t sign = (t2.limb48[1] >> 63) & 1;
		haetae_fp96 mag, prod;
		copy_cneg(&mag, &t2, sign);
		fp_mul(&prod, &mag, y);
		copy_cneg(y, &prod, sign);
	}
}

/* (+/-) x * y rounded to the LN = 2^13 fixed point of y1, y2 (reference fixpoint_mul_rnd13). */
static int32_t fp_mul_rnd13(uint64_t x, const haetae_fp96 *y, uint64_t sign)
{
	haetae_fp96 t, xx;
	xx.limb48[1] = x >> 32;
	xx.limb48[0] = (x & 0xffffffffu) << 16;
	fp_mul(&t, &xx, y);
	int64_t res = (int64_t)((t.limb48[1] + (UINT64_C(1) << 14)) >> 15);
	return (int32_t)((1 - 2 * (int64_t)sign) * res);
}

/* exp(-x / 2^48) * 2^48, degree-7 polynomial of the reference (Horner with smulh48). */
static uint64_t approx_exp(uint64_t x)
{
	int64_t r = -INT64_C(0x0000B6C6340925AE);
	r = ((smulh48(r, x) + (INT64_C(1) << 2)) >> 3) + INT64_C(0x0000B4BD4DF85227);
	r = ((smulh48(r, x) + (INT64_C(1) << 2)) >> 3) - INT64_C(0x0000887F727491E2);
	r = ((smulh48(r, x) + (INT64_C(1) << 1)) >> 2) + INT64_C(0x0000AAAA643C7E8D);
	r = ((smulh48(r, x) + (INT64_C(1) << 1)) >> 2) - INT64_C(0x0000AAAAA98179E6);
	r = ((smulh48(r, x) + 1) >> 1) + INT64_C(0x0000FFFFFFFB2E7A);
	r = ((smulh48(r, x) + 1) >> 1) - INT64_C(0x0000FFFFFFFFF85F);
	r = smulh48(r, x) + INT64_C(0x0000FFFFFFFFFFFC);
	return (uint64_t)r;
}

/* Cumulative distribution of the base Gaussian, 16-bit precision. */
static const uint32_t cdt[64] = {
	3266,  6520,  9748,  12938, 16079, 19159, 22168, 25096, 27934, 30674, 33309, 35833, 38241,
	40531, 42698, 44742, 46663, 48460, 50135, 51690, 53128, 54454, 55670, 56781, 57794, 58712,
	59541, 60287, 60956, 61554, 62085, 62556, 62972, 63337, 63657, 63936, 64178, 64388, 64569,
	64724, 64857, 64970, 65066, 65148, 65216, 65273, 65321, 65361, 65394, 65422, 65444, 65463,
	65478, 65490, 65500, 65508, 65514, 65519, 65523, 65527, 65529, 65531, 65533, 65534
};

/*
 * One candidate of SampleGauss from 17 random bytes: *r = round(y / 2^16),
 * *sqr = y^2 / 2^76.  Returns 1 if accepted.
 */
static uint64_t gauss_candidate(uint64_t *r, haetae_fp96 *sqr, const uint8_t rnd[GAUSS_RAND_BYTES])
{
	uint64_t u16 = (uint64_t)rnd[0] | ((uint64_t)rnd[1] << 8);
	uint64_t rej = 0, x = 0;
	haetae_fp96 y;
	for (int i = 0; i < 6; i++)
		rej |= (uint64_t)rnd[2 + i] << (8 * i);
	/* x = #{i : cdt[i] < u16}; both are below 2^16, so 32-bit lanes suffice (and vectorise). */
	uint32_t below_u16 = 0;
	for (int i = 0; i < 64; i++)
		below_u16 += (cdt[i] - (uint32_t)u16) >> 31;
	x = below_u16;
	y.limb48[0] = 0;
	for (int i = 0; i < 6; i++)
		y.limb48[0] |= (uint64_t)rnd[8 + i] << (8 * i);
	y.limb48[1] = (uint64_t)rnd[14] | ((uint64_t)rnd[15] << 8) | ((uint64_t)rnd[16] << 16) | (x << 24);
	*r = (((y.limb48[0] >> 15) ^ (y.limb48[1] << 33)) + 1) >> 1;
	fp_square(sqr, &y);
	uint64_t exp_in = sqr->limb48[1] - ((x * x) << 20);
	exp_in = (exp_in << 20) | (sqr->limb48[0] >> 28);
	exp_in = (exp_in + 1) >> 1;
	uint64_t below = (uint64_t)(((int64_t)(rej ^ (rej & 1)) - (int64_t)approx_exp(exp_in)) >> 63);
	uint64_t nonzero = (*r | ((uint64_t)0 - *r)) >> 63;
	return below & (nonzero | rej) & 1;
}

/*
 * SampleGauss for one polynomial, fed block by block from SHAKE256(seed ||
 * nonce): the first count/8 bytes are sign bits, then 17-byte candidates
 * (which may straddle blocks) until count are accepted.  With count = N + 1
 * the last accepted sample only enters the sum of squares.  Acceptance of a
 * candidate is declassified: it depends only on that candidate, and
 * rejected candidates are discarded.
 */
typedef struct {
	uint64_t *samples;
	uint8_t *signs;
	haetae_fp96 sqsum; /* exact sum of y^2: the order of the additions does not matter */
	unsigned count, accepted, signs_read, partial;
	uint8_t candidate[GAUSS_RAND_BYTES];
} gauss_lane;

/*
 * Accepting without a branch on the decision: a rejected candidate is
 * written to the next free slot and overwritten by the next accepted one
 * (the lane stops only after an acceptance), and adds zero to the sum.
 * The random accept/reject pattern then costs no mispredicted branches,
 * so consecutive candidates' exp evaluations overlap in the pipeline.
 */
static void gauss_take(gauss_lane *g, const uint8_t rnd[GAUSS_RAND_BYTES])
{
	uint64_t sample, surplus;
	haetae_fp96 sqr;
	uint64_t ok = gauss_candidate(&sample, &sqr, rnd);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	const uint64_t keep = (uint64_t)0 - ok;
	*(g->accepted < HAETAE_N ? &g->samples[g->accepted] : &surplus) = sample;
	g->accepted += (unsigned)ok;
	g->sqsum.limb48[0] += sqr.limb48[0] & keep;
	g->sqsum.limb48[1] += sqr.limb48[1] & keep;
	renormalize(&g->sqsum);
}

static int gauss_sink(void *lane, const uint8_t *block, size_t len)
{
	gauss_lane *g = lane;
	size_t pos = 0;
	while (pos < len && g->signs_read < g->count / 8)
		g->signs[g->signs_read++] = block[pos++];
	while (pos < len && g->accepted < g->count) {
		if (g->partial == 0 && len - pos >= GAUSS_RAND_BYTES) {
			gauss_take(g, block + pos);
			pos += GAUSS_RAND_BYTES;
			continue;
		}
		/* a candidate across the block boundary */
		while (pos < len && g->partial < GAUSS_RAND_BYTES)
			g->candidate[g->partial++] = block[pos++];
		if (g->partial == GAUSS_RAND_BYTES) {
			gauss_take(g, g->candidate);
			g->partial = 0;
		}
	}
	return g->accepted == g->count;
}

/*
 * Algorithm 11: y = (y1 || y2) uniform in the ball of radius B0 (fixed
 * point LN), resampled (public decision) while its norm exceeds B0; then
 * the bit pair b = SHAKE256(seed || nonce)[0] of the bimodal rejection.
 * Returns the next nonce.
 */
uint16_t pqs_haetae_sample_hyperball(const pqs_haetae_params *p, int32_t y[][HAETAE_N], uint8_t *b,
                                     const uint8_t seed[HAETAE_CRHBYTES], uint16_t nonce)
{
	uint64_t samples[(HAETAE_K_MAX + HAETAE_L_MAX) * HAETAE_N];
	uint8_t signs[(HAETAE_K_MAX + HAETAE_L_MAX) * HAETAE_N / 8];
	gauss_lane gauss[HAETAE_K_MAX + HAETAE_L_MAX];
	void *lanes[HAETAE_K_MAX + HAETAE_L_MAX];
	uint16_t nonces[HAETAE_K_MAX + HAETAE_L_MAX];
	const unsigned polys = p->k + p->l;
	uint16_t ni = nonce;
	uint64_t too_long;
	do {
		haetae_fp96 sqsum = { { 0, 0 } }, invsqrt, scale;
		for (unsigned i = 0; i < polys; i++) {
			gauss[i] = (gauss_lane){ .samples = &samples[i * HAETAE_N],
						 .signs = &signs[i * HAETAE_N / 8],
						 .count = i < 2 ? HAETAE_N + 1 : HAETAE_N };
			lanes[i] = &gauss[i];
			nonces[i] = ni++;
		}
		pqs_haetae_xof_lanes(1, seed, HAETAE_CRHBYTES, nonces, lanes, polys, gauss_sink);
		for (unsigned i = 0; i < polys; i++) {
			sqsum.limb48[0] += gauss[i].sqsum.limb48[0];
			sqsum.limb48[1] += gauss[i].sqsum.limb48[1];
			renormalize(&sqsum);
		}
		/* sqsum / 2, rounded */
		sqsum.limb48[0] = (sqsum.limb48[0] + 1) >> 1;
		sqsum.limb48[0] += (sqsum.limb48[1] & 1) << 47;
		sqsum.limb48[1] >>= 1;
		sqsum.limb48[1] += sqsum.limb48[0] >> 48;
		sqsum.limb48[0] &= MASK48;
		fp_newton_invsqrt(p, &invsqrt, &sqsum);
		fp_mul_high(&scale, &invsqrt, p->hyperball_scale);
		for (unsigned i = 0; i < polys; i++)
			for (unsigned j = 0; j < HAETAE_N; j++) {
				unsigned idx = i * HAETAE_N + j;
				y[i][j] = fp_mul_rnd13(samples[idx], &scale, (signs[idx / 8] >> (idx % 8)) & 1u);
			}
		too_long = pqs_haetae_sqnorm((const int32_t(*)[HAETAE_N])y, polys) >
		           p->b0sq * HAETAE_LN * HAETAE_LN;
		PQS_CT_DECLASSIFY(&too_long, sizeof too_long);
	} while (too_long);

	uint8_t in[HAETAE_CRHBYTES + 2];
	for (unsigned i = 0; i < HAETAE_CRHBYTES; i++)
		in[i] = seed[i];
	in[HAETAE_CRHBYTES] = (uint8_t)ni;
	in[HAETAE_CRHBYTES + 1] = (uint8_t)(ni >> 8);
	pqs_shake256(b, 1, in, sizeof in);
	pqs_zeroize(samples, sizeof samples);
	pqs_zeroize(signs, sizeof signs);
	pqs_zeroize(in, sizeof in);
	pqs_zeroize(gauss, sizeof gauss);
	return ni;
}
