/*
 * The AVX2 NTT modulo q (src/fndsa/mq_avx2.c) against the portable one:
 * NTT, inverse NTT and the pointwise product give identical values for
 * logn 1..10 (logn < 4 takes the portable path either way) on random
 * polynomials and on the edge values 0 and q-1.  The portable path itself
 * is checked against schoolbook products in test_fndsa_mq_codec, and the
 * whole verifier by the KATs.
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "testutil.h"

#define REPS 20

static uint64_t rs = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
	return tu_xorshift64(&rs);
}

static void fill(uint16_t *a, size_t n, int rep)
{
	for (size_t i = 0; i < n; i++) {
		uint16_t r = (uint16_t)(rnd() % FNDSA_Q);
		a[i] = rep == 0 ? (uint16_t)(FNDSA_Q - 1) : rep == 1 ? (uint16_t)((i & 1) ? 0 : FNDSA_Q - 1) : r;
	}
}

/* One operation on both paths; returns 1 if the results agree. */
static int same_on_both_paths(int op, const uint16_t *a, const uint16_t *b, unsigned logn)
{
	uint16_t x[2][1024];
	size_t n = (size_t)1 << logn;
	for (int pass = 0; pass < 2; pass++) {
		pqs_fndsa_allow_avx2(pass);
		memcpy(x[pass], a, n * sizeof *a);
		if (op == 0) {
			pqs_fndsa_mq_NTT(x[pass], logn);
		} else if (op == 1) {
			pqs_fndsa_mq_iNTT(x[pass], logn);
		} else {
			pqs_fndsa_mq_poly_mul_ntt(x[pass], b, logn);
		}
	}
	pqs_fndsa_allow_avx2(1);
	return memcmp(x[0], x[1], n * sizeof x[0][0]) == 0;
}

int main(void)
{
	static uint16_t a[1024], b[1024];
	unsigned long compared = 0;

#if FNDSA_AVX2_BUILD
	pqs_fndsa_allow_avx2(1);
	TU_CHECK(pqs_fndsa_uses_avx2() == (__builtin_cpu_supports("avx2") != 0),
		 "AVX2 path chosen iff the CPU has AVX2");
	printf("AVX2 path %s\n", pqs_fndsa_uses_avx2() ? "compared with the portable one" : "absent (no AVX2 CPU)");
#endif
	pqs_fndsa_allow_avx2(0);
	TU_CHECK(!pqs_fndsa_uses_avx2(), "allow_avx2(0) selects the portable path");
	pqs_fndsa_allow_avx2(1);

	for (unsigned logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn;
		for (int rep = 0; rep < REPS; rep++) {
			fill(a, n, rep);
			fill(b, n, rep + 2);
			for (int op = 0; op < 3; op++) {
				TU_CHECK(same_on_both_paths(op, a, b, logn), "op %d logn %u rep %d", op, logn, rep);
				compared++;
			}
		}
	}
	TU_CHECK(compared == 10 * REPS * 3, "%lu comparisons", compared);
	return tu_finish("test_fndsa_mq_avx2");
}
