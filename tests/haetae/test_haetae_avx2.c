/*
 * Differential tests of the HAETAE AVX2 paths against the portable C: the
 * NTT, inverse NTT and pointwise product (ntt_avx2.c), the fixed-point FFT
 * sums of skSingularValue (fft_avx2.c), and the four-way SHAKE samplers
 * (ExpandMatA / ExpandS streams, the hyperball's Gaussian streams).  The
 * portable result is computed with pqs_simd_force_portable(1), the other
 * with AVX2 allowed; every output word must be equal.  Inputs are random
 * (a fixed xorshift seed) within the ranges the algorithms produce, plus
 * extreme values.  On a CPU without AVX2 both runs are portable and the
 * test says so.  The KAT tests (test_haetae_kat, _no_simd) cover the
 * whole schemes on both paths.
 */
#include <stdio.h>
#include <string.h>

#include "core/simd.h"
#include "haetae/inner.h"
#include "testutil.h"

#define NTT_ROUNDS   400
#define FFT_ROUNDS   200
#define STREAM_SEEDS 6

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);

static uint64_t next_random(void)
{
	return tu_xorshift64(&rng_state);
}

/* Uniform in [-bound, bound]. */
static int32_t random_in(int32_t bound)
{
	return (int32_t)((int64_t)(next_random() % (2 * (uint64_t)bound + 1)) - bound);
}

static void random_poly(int32_t a[HAETAE_N], int32_t bound)
{
	for (unsigned i = 0; i < HAETAE_N; i++)
		a[i] = random_in(bound);
}

/* Runs f on a copy of the input twice, portable then with AVX2 allowed; 1 if the outputs agree. */
static int same_on_both_paths(void (*f)(int32_t *), const int32_t in[HAETAE_N])
{
	int32_t portable[HAETAE_N], simd[HAETAE_N];
	memcpy(portable, in, sizeof portable);
	memcpy(simd, in, sizeof simd);
	pqs_simd_force_portable(1);
	f(portable);
	pqs_simd_force_portable(0);
	f(simd);
	return memcmp(portable, simd, sizeof portable) == 0;
}

static unsigned test_ntt(void)
{
	unsigned checks = 0;
	int32_t a[HAETAE_N];
	for (unsigned r = 0; r < NTT_ROUNDS; r++) {
		/* forward: sums grow by < q per layer, so any |a| < 2^30 is exact in both */
		random_poly(a, r % 2 ? (1 << 29) : HAETAE_Q);
		if (r == 0)
			for (unsigned i = 0; i < HAETAE_N; i++)
				a[i] = i % 2 ? (1 << 29) : -(1 << 29);
		TU_CHECK(same_on_both_paths(pqs_haetae_ntt, a), "NTT differs, round %u", r);
		/* inverse: sums double per layer, inputs up to 2^22 */
		random_poly(a, r % 2 ? (1 << 22) : 2 * HAETAE_Q);
		TU_CHECK(same_on_both_paths(pqs_haetae_invntt_tomont, a), "inverse NTT differs, round %u", r);
		checks += 2;
	}
	return checks;
}

static unsigned test_pointwise(void)
{
	unsigned checks = 0;
	int32_t a[HAETAE_N], b[HAETAE_N], c_portable[HAETAE_N], c_simd[HAETAE_N];
	for (unsigned r = 0; r < NTT_ROUNDS; r++) {
		random_poly(a, r % 3 ? INT32_MAX : HAETAE_Q);
		random_poly(b, r % 2 ? INT32_MAX : HAETAE_Q);
		for (int accumulate = 0; accumulate < 2; accumulate++) {
			random_poly(c_portable, 1 << 28);
			memcpy(c_simd, c_portable, sizeof c_simd);
			pqs_simd_force_portable(1);
			pqs_haetae_pointwise(c_portable, a, b, accumulate);
			pqs_simd_force_portable(0);
			pqs_haetae_pointwise(c_simd, a, b, accumulate);
			TU_CHECK(memcmp(c_portable, c_simd, sizeof c_simd) == 0, "pointwise (acc %d) differs, round %u",
				 accumulate, r);
			checks++;
		}
	}
	return checks;
}

/* The FFT sums on secret-like polynomials (coefficients up to 2, the range of s1 and s2 in keygen). */
static unsigned test_fft(void)
{
	unsigned checks = 0;
	haetae_poly s;
	uint32_t sum_portable[HAETAE_N], sum_simd[HAETAE_N];
	for (unsigned r = 0; r < FFT_ROUNDS; r++) {
		random_poly(s.coeffs, r % 2 ? 1 : 2);
		if (r == 0)
			for (unsigned i = 0; i < HAETAE_N; i++)
				s.coeffs[i] = 2;
		for (unsigned i = 0; i < HAETAE_N; i++)
			sum_portable[i] = sum_simd[i] = (uint32_t)next_random();
		pqs_simd_force_portable(1);
		pqs_haetae_fft_sqsum(sum_portable, &s);
		pqs_simd_force_portable(0);
		pqs_haetae_fft_sqsum(sum_simd, &s);
		TU_CHECK(memcmp(sum_portable, sum_simd, sizeof sum_simd) == 0, "FFT sums differ, round %u", r);
		checks++;
	}
	return checks;
}

/* ExpandMatA / ExpandS streams: every count of lanes 1 .. K * L, both paths. */
static unsigned test_stream_samplers(void)
{
	static haetae_poly portable[HAETAE_K_MAX * HAETAE_L_MAX], simd[HAETAE_K_MAX * HAETAE_L_MAX];
	haetae_poly *pp[HAETAE_K_MAX * HAETAE_L_MAX], *ps[HAETAE_K_MAX * HAETAE_L_MAX];
	uint16_t nonces[HAETAE_K_MAX * HAETAE_L_MAX];
	uint8_t seed[HAETAE_CRHBYTES];
	unsigned checks = 0;
	for (unsigned i = 0; i < HAETAE_K_MAX * HAETAE_L_MAX; i++) {
		pp[i] = &portable[i];
		ps[i] = &simd[i];
	}
	for (unsigned count = 1; count <= HAETAE_K_MAX * HAETAE_L_MAX; count += 3) {
		for (unsigned i = 0; i < sizeof seed; i++)
			seed[i] = (uint8_t)next_random();
		for (unsigned i = 0; i < count; i++)
			nonces[i] = (uint16_t)next_random();
		for (int eta = 0; eta < 2; eta++) {
			memset(portable, 0, sizeof portable);
			memset(simd, 0xA5, sizeof simd);
			pqs_simd_force_portable(1);
			if (eta)
				pqs_haetae_poly_uniform_eta_many(pp, nonces, count, seed);
			else
				pqs_haetae_poly_uniform_many(pp, nonces, count, seed);
			pqs_simd_force_portable(0);
			if (eta)
				pqs_haetae_poly_uniform_eta_many(ps, nonces, count, seed);
			else
				pqs_haetae_poly_uniform_many(ps, nonces, count, seed);
			TU_CHECK(memcmp(portable, simd, count * sizeof portable[0]) == 0, "%s streams differ, %u lanes",
				 eta ? "eta" : "uniform", count);
			checks++;
		}
	}
	return checks;
}

/* SampleHyperBall (Gaussian streams, K + L of them) of every set on both paths. */
static unsigned test_hyperball(void)
{
	static int32_t y_portable[HAETAE_K_MAX + HAETAE_L_MAX][HAETAE_N], y_simd[HAETAE_K_MAX + HAETAE_L_MAX][HAETAE_N];
	const pqs_haetae_set sets[3] = { PQS_HAETAE_2, PQS_HAETAE_3, PQS_HAETAE_5 };
	uint8_t seed[HAETAE_CRHBYTES], b_portable, b_simd;
	unsigned checks = 0;
	for (unsigned s = 0; s < 3; s++) {
		const pqs_haetae_params *p = pqs_haetae_params_get(sets[s]);
		for (unsigned r = 0; r < STREAM_SEEDS; r++) {
			for (unsigned i = 0; i < sizeof seed; i++)
				seed[i] = (uint8_t)next_random();
			const uint16_t nonce = (uint16_t)next_random();
			pqs_simd_force_portable(1);
			uint16_t next_portable = pqs_haetae_sample_hyperball(p, y_portable, &b_portable, seed, nonce);
			pqs_simd_force_portable(0);
			uint16_t next_simd = pqs_haetae_sample_hyperball(p, y_simd, &b_simd, seed, nonce);
			TU_CHECK(next_portable == next_simd && b_portable == b_simd &&
					 memcmp(y_portable, y_simd, (p->k + p->l) * sizeof y_simd[0]) == 0,
				 "hyperball differs, set %u seed %u", s, r);
			checks++;
		}
	}
	return checks;
}

int main(void)
{
	if (!pqs_simd_avx2())
		printf("note: no AVX2 here (or PQSIG_NO_SIMD=1): both runs are portable\n");
	unsigned checks = test_ntt() + test_pointwise() + test_fft() + test_stream_samplers() + test_hyperball();
	const unsigned expected = 2 * NTT_ROUNDS + 2 * NTT_ROUNDS + FFT_ROUNDS + 2 * 10 + 3 * STREAM_SEEDS;
	TU_CHECK(checks == expected, "ran %u comparisons, expected %u", checks, expected);
	return tu_finish("test_haetae_avx2");
}
