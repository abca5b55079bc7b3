/*
 * NTRUSolve on random keys (Falcon round-3 spec v1.2, Alg. 5/6): for
 * random seeds, sample (f, g) as the key generator does, solve, and
 * check f*G - g*F = q over Z[x]/(x^n+1) with exact integer arithmetic
 * (schoolbook, int64: |coefficients| <= 127, so no overflow), plus the
 * bounds |F|, |G| <= 127 (int8, -128 excluded).  Usage: test_keygen_solve [count512] [count1024]
 * (defaults 1000 and 100; logn 1..8 use count512/20 each, at least 3).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "ntru_equation.h"
#include "pqsig/sig.h"
#include "testutil.h"

static void
run(unsigned logn, unsigned count, unsigned seed0)
{
	size_t n = (size_t)1 << logn;
	int8_t *f = malloc(n), *g = malloc(n), *F = malloc(n), *G = malloc(n);
	void *tmp = malloc(FNDSA_KEYGEN_FG_TMP(logn));
	fpr *ftmp = malloc(3 * n * sizeof(fpr));
	unsigned i, solved = 0, rejected = 0;
	clock_t t0 = clock();
	double solve_s = 0;

	for (i = 0; i < count; i++) {
		uint8_t seed[48];
		keygen_rng rng;
		unsigned k;

		memset(seed, 0, sizeof seed);
		for (k = 0; k < 4; k++) {
			seed[k] = (uint8_t)((seed0 + i) >> (8 * k));
		}
		seed[47] = (uint8_t)logn;
		pqs_keygen_rng_init(&rng, seed, sizeof seed);
		for (;;) {
			clock_t c0;
			int rc;
			size_t u;
			int bounded = 1;

			pqs_keygen_sample_poly(&rng, f, logn);
			pqs_keygen_sample_poly(&rng, g, logn);
			if (!pqs_keygen_check_fg_int(f, g, logn) || !pqs_keygen_check_fg_gs(f, g, logn, ftmp)) {
				continue;
			}
			c0 = clock();
			rc = pqs_fndsa_keygen_fg(logn, f, g, F, G, tmp);
			solve_s += (double)(clock() - c0) / CLOCKS_PER_SEC;
			TU_CHECK(rc == PQS_OK || rc == 1, "rc %d", rc);
			if (rc != PQS_OK) {
				rejected++;
				continue;
			}
			for (u = 0; u < n; u++) {
				/* -128 is excluded by the encoding. */
				bounded &= F[u] != -128 && G[u] != -128;
			}
			TU_CHECK(bounded, "F, G bound logn=%u seed %u", logn, i);
			TU_CHECK(ntru_equation_holds(f, g, F, G, logn),
				"f*G - g*F = q, logn=%u seed %u", logn, i);
			solved++;
			break;
		}
	}
	printf("logn=%u: %u keys solved (%u NTRUSolve rejections), "
		"%.3f ms per NTRUSolve, %.1f s total\n", logn, solved, rejected,
		1000.0 * solve_s / (solved + rejected ? solved + rejected : 1),
		(double)(clock() - t0) / CLOCKS_PER_SEC);
	/* Rejections happen (gcd != 1 in ~1/3 of the cases at most) but
	 * most (f, g) must be solved. */
	TU_CHECK(solved == count, "all seeds lead to a key");
	free(f); free(g); free(F); free(G); free(tmp); free(ftmp);
}

int
main(int argc, char **argv)
{
	unsigned c9 = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
	unsigned c10 = argc > 2 ? (unsigned)atoi(argv[2]) : 100;
	unsigned logn;

	for (logn = 1; logn <= 8; logn++) {
		unsigned c = c9 / 20 < 3 ? 3 : c9 / 20;

		run(logn, c, 1000 * logn);
	}
	run(9, c9, 0);
	run(10, c10, 77777);
	return tu_finish("test_keygen_solve");
}
