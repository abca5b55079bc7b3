/*
 * `pqsig bench keccak [--rounds R] [--json]` (issue 16 item 2): the cost of
 * one Keccak-f[1600] permutation (pqs_keccak_f1600) on each path this CPU
 * may run, chosen as the library chooses them (src/core/simd.h): AVX-512VL,
 * BMI1 (AVX-512 forbidden), portable C (forced).  A round times short
 * batches of each path in turn (the order rotating), and takes each path's
 * median batch, so that a preempted batch does not count; the ratio to
 * portable C is therefore a same-round one.  Reported: the median over
 * rounds of ns and of time-stamp-counter ticks per permutation (x86-64; a
 * guest may not count core cycles), with the range, permutations per
 * second, and the ratio's median and range.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "core/simd.h"
#include "pqsig/sha3.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
#define HAVE_TSC 1
#else
#define HAVE_TSC 0
#endif

enum { PATHS = 3, PERMS_PER_BATCH = 200, BATCHES_PER_ROUND = 41 };

static const char *const path_names[PATHS] = { "AVX-512VL", "BMI1", "portable" };

/* Select path p the way the dispatcher sees it; 0 if this CPU (or PQSIG_NO_SIMD) does not offer it. */
static int select_path(int p)
{
	pqs_simd_force_portable(p == 2);
	pqs_simd_forbid_avx512(p != 0);
	if (p == 0)
		return pqs_simd_avx512vl();
	if (p == 1)
		return pqs_simd_bmi1();
	return 1;
}

static uint64_t ticks(void)
{
#if HAVE_TSC
	return __rdtsc();
#else
	return 0;
#endif
}

typedef struct {
	double ns[BENCH_MAX_ROUNDS], tsc[BENCH_MAX_ROUNDS], ratio[BENCH_MAX_ROUNDS];
	bench_spread ns_spread, tsc_spread, ratio_spread;
} path_result;

/* One batch on the selected path: ns and ticks per permutation. */
static void time_batch(uint64_t st[25], double *ns, double *tsc)
{
	double t0 = bench_now_us();
	uint64_t c0 = ticks();
	for (int i = 0; i < PERMS_PER_BATCH; i++)
		pqs_keccak_f1600(st);
	uint64_t c1 = ticks();
	*ns = (bench_now_us() - t0) * 1000.0 / PERMS_PER_BATCH;
	*tsc = (double)(c1 - c0) / PERMS_PER_BATCH;
}

int bench_keccak_main(int argc, char **argv)
{
	const char *json = NULL, *rounds_arg = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--rounds", 1, &rounds_arg } };
	uint64_t rounds = 15;
	static path_result res[PATHS];
	int available[PATHS];
	uint64_t st[25] = { 0 };

	if (cli_parse(argc, argv, 1, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	if (rounds_arg && cli_parse_u64(rounds_arg, "--rounds", 1, BENCH_MAX_ROUNDS, &rounds))
		return CLI_ERROR;
	for (int p = 0; p < PATHS; p++)
		available[p] = select_path(p);
	for (int p = 0; p < PATHS; p++) /* warm-up */
		if (available[p]) {
			double ns, tsc;
			select_path(p);
			time_batch(st, &ns, &tsc);
		}
	for (size_t r = 0; r < rounds; r++) {
		double ns[PATHS][BATCHES_PER_ROUND], tsc[PATHS][BATCHES_PER_ROUND];
		bench_progress("keccak round %zu/%zu", r + 1, (size_t)rounds);
		for (size_t b = 0; b < BATCHES_PER_ROUND; b++)
			for (int k = 0; k < PATHS; k++) {
				int p = (int)((b + (size_t)k) % PATHS);
				if (available[p] && select_path(p))
					time_batch(st, &ns[p][b], &tsc[p][b]);
			}
		for (int p = 0; p < PATHS; p++) {
			bench_spread one;
			if (!available[p])
				continue;
			bench_spread_of(ns[p], BATCHES_PER_ROUND, &one);
			res[p].ns[r] = one.median;
			bench_spread_of(tsc[p], BATCHES_PER_ROUND, &one);
			res[p].tsc[r] = one.median;
		}
		for (int p = 0; p < PATHS; p++)
			res[p].ratio[r] = res[2].ns[r] / res[p].ns[r];
	}
	bench_progress_done();
	pqs_simd_force_portable(0);
	pqs_simd_forbid_avx512(0);
	for (int p = 0; p < PATHS; p++) {
		if (!available[p])
			continue;
		bench_spread_of(res[p].ns, (size_t)rounds, &res[p].ns_spread);
		bench_spread_of(res[p].tsc, (size_t)rounds, &res[p].tsc_spread);
		bench_spread_of(res[p].ratio, (size_t)rounds, &res[p].ratio_spread);
	}
	if (json) {
		printf("{\"benchmark\":\"keccak\",\"perms_per_batch\":%d,\"batches_per_round\":%d,\"rounds\":%zu,"
		       "\"paths\":[",
		       PERMS_PER_BATCH, BATCHES_PER_ROUND, (size_t)rounds);
		for (int p = 0, first = 1; p < PATHS; p++) {
			if (!available[p])
				continue;
			const path_result *x = &res[p];
			printf("%s{\"path\":", first ? "" : ",");
			bench_json_string(stdout, path_names[p]);
			printf(",\"ns_per_perm\":%.2f,\"ns_spread\":[%.2f,%.2f],\"tsc_per_perm\":%.1f,\"tsc_spread\":[%"
			       ".1f,%.1f],"
			       "\"perms_per_s\":%.0f,\"speedup_vs_portable\":%.3f,\"ratio_spread\":[%.3f,%.3f]}",
			       x->ns_spread.median, x->ns_spread.min, x->ns_spread.max, x->tsc_spread.median,
			       x->tsc_spread.min, x->tsc_spread.max, 1e9 / x->ns_spread.median, x->ratio_spread.median,
			       x->ratio_spread.min, x->ratio_spread.max);
			first = 0;
		}
		printf("]}\n");
		return CLI_OK;
	}
	printf("Keccak-f[1600], median batch of %d per round (%d permutations each), median of %zu rounds (range)%s\n",
	       BATCHES_PER_ROUND, PERMS_PER_BATCH, (size_t)rounds, HAVE_TSC ? "" : " (no time-stamp counter here)");
	printf("%-10s %18s %22s %12s %22s\n", "path", "ns/perm", "TSC ticks/perm", "perms/s",
	       "x portable (same round)");
	for (int p = 0; p < PATHS; p++) {
		if (!available[p]) {
			printf("%-10s (not available on this CPU or disabled by PQSIG_NO_SIMD=1)\n", path_names[p]);
			continue;
		}
		const path_result *x = &res[p];
		printf("%-10s %6.1f (%.1f-%.1f) %8.0f (%.0f-%.0f) %12.0f %8.3f (%.3f-%.3f)\n", path_names[p],
		       x->ns_spread.median, x->ns_spread.min, x->ns_spread.max, x->tsc_spread.median, x->tsc_spread.min,
		       x->tsc_spread.max, 1e9 / x->ns_spread.median, x->ratio_spread.median, x->ratio_spread.min,
		       x->ratio_spread.max);
	}
	return CLI_OK;
}
