/*
 * Arithmetic modulo q = 64513 = 2^16 - 2^10 + 1 and the negacyclic NTT of
 * Z_q[X]/(X^256 + 1) (HAETAE v1.1.2 section "NTT"), bit-exact with the
 * reference: Montgomery factor 2^32, no reduction inside the butterflies.
 */
#include "core/simd.h"
#include "haetae/inner.h"

/* floor(2^32 / q) and floor(2^32 / 2q) for the Barrett reductions */
#define HAETAE_QREC 66575
#define HAETAE_DQREC 33287

const int32_t pqs_haetae_zetas[HAETAE_N] = {
	0,      26964,  -16505, 22229,  30746,  20243,  19064,  -31218, 9395,   -30985, 22859,  -8851,  32144,  13744,
	21408,  17599,  -16039, -22946, 6241,   -19553, 10681,  22935,  22431,  -29104, 28147,  -27527, -29133, -20035,
	20143,  -11361, 30820,  25252,  -22562, -6789,  -10049, 9383,   16304,  -12296, 16446,  18239,  -1296,  -19725,
	-32076, 11782,  -17941, 29643,  -8577,  7893,   -21464, -19646, -15130, -2391,  30608,  -23970, -16608, 19616,
	-7941,  26533,  -19129, 27690,  7597,   -11459, 10615,  -9430,  11591,  7814,   12697,  32114,  -3761,  -9604,
	19813,  20353,  17456,  -16267, -19555, 598,    -29942, 4538,   835,    15546,  3970,   -27685, 1488,   8311,
	-12442, 31352,  -17631, 1806,   -5342,  9790,   29068,  16507,  -29051, 22131,  6759,   15510,  -14941, 28710,
	1160,   -31327, 24985,  11261,  -10623, -27727, 21502,  18731,  -16186, -4127,  -18832, 12050,  -14501, 7929,
	29563,  -31064, 5913,   5322,   -16405, 2844,   29439,  5876,   -9522,  -18586, -9874,  23844,  30362,  -21442,
	9560,   17671,  -27989, 3350,   787,    -13857, 1657,   -21224, -7374,  -9190,  2464,   25555,  -3529,  -28772,
	16588,  -15739, 23475,  13666,  5764,   30980,  13633,  -7401,  -30317, 28847,  7682,   -11808, -8796,  14864,
	-24162, -19194, 689,    -1311,  -31332, -16319, 1025,   10971,  -23016, -2648,  -21900, -12543, -25921, 28254,
	28521,  -16160, 12380,  -12882, -30332, -16630, 23439,  7742,   17182,  17494,  5920,   13642,  7382,   -18166,
	21422,  -30274, -28190, 13283,  -20316, -9939,  10672,  21454,  6080,   -17374, -29735, -25912, -10170, 3808,
	10639,  -26985, -10865, 25636,  17261,  -26851, -8253,  -3304,  18282,  -2202,  -31368, -22243, 13882,  12069,
	-11242, -7729,  -10226, 1761,   -27298, -4800,  -17737, -22805, -3528,  65,     10770,  8908,   -23751, 26934,
	21921,  -27010, -21944, 8889,   -1035,  23224,  -9488,  -5823,  -994,   -20206, 7655,   -16251, -22820, -27740,
	15822,  23078,  13803,  -8099,  2931,   9217,   -21126, -14203, 25492,  -12831, 7947,   17463,  -12979, 29003,
	31612,  26554,  8241,   -20175,
};

/* Standard representative of a mod q, in [0, q). */
int32_t pqs_haetae_freeze(int32_t a)
{
	int64_t t = ((int64_t)a * HAETAE_QREC) >> 32;
	t = (int64_t)a - t * HAETAE_Q;             /* -2q < t < 2q */
	t += (t >> 31) & HAETAE_DQ;                /* 0 <= t < 2q */
	t -= ~((t - HAETAE_Q) >> 31) & HAETAE_Q;   /* 0 <= t < q */
	return (int32_t)t;
}

static int64_t reduce_to_2q(int32_t a)
{
	int64_t t = ((int64_t)a * HAETAE_DQREC) >> 32;
	t = (int64_t)a - t * HAETAE_DQ;                 /* -4q < t < 4q */
	t += (t >> 31) & (2 * HAETAE_DQ);               /* 0 <= t < 4q */
	t -= ~((t - HAETAE_DQ) >> 31) & HAETAE_DQ;      /* 0 <= t < 2q */
	return t;
}

/* Standard representative of a mod 2q, in [0, 2q). */
int32_t pqs_haetae_freeze2q(int32_t a)
{
	return (int32_t)reduce_to_2q(a);
}

/* Centred representative of a mod 2q, in [-q, q). */
int32_t pqs_haetae_reduce2q(int32_t a)
{
	int64_t t = reduce_to_2q(a);
	t -= ~((t - HAETAE_Q) >> 31) & HAETAE_DQ;
	return (int32_t)t;
}

/* Forward NTT, output in bit-reversed order. */
static void ntt_portable(int32_t a[HAETAE_N])
{
	unsigned k = 0;
	for (unsigned len = 128; len > 0; len >>= 1) {
		for (unsigned start = 0; start < HAETAE_N; start += 2 * len) {
			int64_t zeta = pqs_haetae_zetas[++k];
			for (unsigned j = start; j < start + len; j++) {
				int32_t t = pqs_haetae_montgomery_reduce(zeta * a[j + len]);
				a[j + len] = a[j] - t;
				a[j] = a[j] + t;
			}
		}
	}
}

/* Inverse NTT; the output carries the Montgomery factor 2^32. */
static void invntt_tomont_portable(int32_t a[HAETAE_N])
{
	unsigned k = HAETAE_N;
	for (unsigned len = 1; len < HAETAE_N; len <<= 1) {
		for (unsigned start = 0; start < HAETAE_N; start += 2 * len) {
			int64_t zeta = -pqs_haetae_zetas[--k];
			for (unsigned j = start; j < start + len; j++) {
				int32_t t = a[j];
				a[j] = t + a[j + len];
				a[j + len] = pqs_haetae_montgomery_reduce(zeta * (int64_t)(t - a[j + len]));
			}
		}
	}
	for (unsigned j = 0; j < HAETAE_N; j++)
		a[j] = pqs_haetae_montgomery_reduce((int64_t)HAETAE_INVNTT_F * a[j]);
}

static void pointwise_portable(int32_t c[HAETAE_N], const int32_t a[HAETAE_N], const int32_t b[HAETAE_N],
			       int accumulate)
{
	for (unsigned i = 0; i < HAETAE_N; i++) {
		int32_t p = pqs_haetae_montgomery_reduce((int64_t)a[i] * b[i]);
		c[i] = accumulate ? c[i] + p : p;
	}
}

/* ---- Run-time choice of the implementation (src/core/simd.h) ---- */

void pqs_haetae_ntt(int32_t a[HAETAE_N])
{
#if HAETAE_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_haetae_ntt_avx2(a);
		return;
	}
#endif
	ntt_portable(a);
}

void pqs_haetae_invntt_tomont(int32_t a[HAETAE_N])
{
#if HAETAE_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_haetae_invntt_tomont_avx2(a);
		return;
	}
#endif
	invntt_tomont_portable(a);
}

void pqs_haetae_pointwise(int32_t c[HAETAE_N], const int32_t a[HAETAE_N], const int32_t b[HAETAE_N], int accumulate)
{
#if HAETAE_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_haetae_pointwise_avx2(c, a, b, accumulate);
		return;
	}
#endif
	pointwise_portable(c, a, b, accumulate);
}
