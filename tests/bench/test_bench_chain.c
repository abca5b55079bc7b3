/*
 * `pqsig bench chain --json` as a program (not a timing test), issue 16
 * item 1: the parallel efficiency is the median of per-repetition values
 * with their range (parallel_efficiency_spread, 3 repetitions in quick
 * mode), and the row says how many cores the process obtained (process CPU
 * time / wall time, with its range) and how many sched_getaffinity allows.
 *
 * argv[1]: the pqsig executable.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json.h"
#include "testutil.h"

static double num(const tu_json *o, const char *key)
{
	const tu_json *v = o ? tu_json_get(o, key) : NULL;
	return v && v->type == TU_JSON_NUMBER ? v->num : NAN;
}

static void check_spread(const tu_json *row, const char *key, const char *median_key)
{
	const tu_json *sp = tu_json_get(row, key);
	double med = num(sp, "median"), lo = num(sp, "min"), hi = num(sp, "max");
	TU_CHECK(sp && lo > 0 && lo <= med && med <= hi && isfinite(hi), "%s: 0 < min %g <= median %g <= max %g", key, lo,
	         med, hi);
	TU_CHECK(num(sp, "rounds") == 3 && num(row, "validations") == 3, "%s: 3 repetitions in quick mode", key);
	TU_CHECK(fabs(med - num(row, median_key)) <= 1e-3 * (1 + med), "%s is the median of %s", median_key, key);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_bench_chain PQSIG\n");
		return 2;
	}
	char out_path[64], cmd[512];
	snprintf(out_path, sizeof out_path, "/tmp/pqsig-bench-chain-%ld.json", (long)getpid());
	snprintf(cmd, sizeof cmd, "'%s' bench chain --quick --json -a ML-DSA-44 >'%s' 2>/dev/null", argv[1], out_path);
	int st = system(cmd);
	TU_CHECK(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0, "bench chain --json exits 0");
	tu_json *root = tu_json_load(out_path);
	TU_CHECK(root && root->type == TU_JSON_ARRAY && root->len == 1, "JSON array of 1 scheme");
	const tu_json *row = root ? tu_json_at(root, 0) : NULL;
	const char *alg = row ? tu_json_str(row, "alg") : NULL;
	TU_CHECK(alg && strcmp(alg, "ML-DSA-44") == 0, "the row is ML-DSA-44");
	if (row) {
		check_spread(row, "parallel_efficiency_spread", "parallel_efficiency");
		check_spread(row, "cores_obtained_all_spread", "cores_obtained_all");
		double allowed = num(row, "cpus_allowed"), online = (double)sysconf(_SC_NPROCESSORS_ONLN);
		TU_CHECK(allowed >= 1 && allowed <= online, "cpus_allowed %g within 1..%g online", allowed, online);
		/* a process cannot obtain more cores than it is allowed (10 % for clock granularity) */
		TU_CHECK(num(tu_json_get(row, "cores_obtained_all_spread"), "max") <= 1.1 * allowed,
		         "cores obtained at most the %g allowed", allowed);
	}
	tu_json_free(root);
	remove(out_path);
	return tu_finish("test_bench_chain");
}
