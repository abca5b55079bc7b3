/*
 * `pqsig bench sig --json` as a program (not a timing test), issue 16
 * item 1: every scheme row carries ratio_spread {median, min, max, rounds,
 * pairs} with min <= median <= max, the number of rounds asked for, at
 * least one yardstick/operation slice pair per round, and
 * ratio_to_ecdsa_p256 equal to that median; the rows are exactly the three
 * yardstick rows plus three per scheme asked for.  Bad --rounds exits 2
 * with one line on stderr.
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

#define ROUNDS 3

static double num(const tu_json *o, const char *key)
{
	const tu_json *v = o ? tu_json_get(o, key) : NULL;
	return v && v->type == TU_JSON_NUMBER ? v->num : NAN;
}

/* Run `pqsig args` with stdout and stderr to files; the exit status, or -1. */
static int run_to_files(const char *cli, const char *args, const char *out_path, const char *err_path)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "'%s' %s >'%s' 2>'%s'", cli, args, out_path, err_path);
	int st = system(cmd);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void check_scheme_row(const tu_json *row, size_t index)
{
	const char *alg = tu_json_str(row, "alg"), *op = tu_json_str(row, "op");
	const tu_json *spread = tu_json_get(row, "ratio_spread");
	TU_CHECK(spread && spread->type == TU_JSON_OBJECT, "row %zu (%s %s): ratio_spread object", index,
	         alg ? alg : "?", op ? op : "?");
	double median = num(spread, "median"), lo = num(spread, "min"), hi = num(spread, "max");
	double ratio = num(row, "ratio_to_ecdsa_p256");
	TU_CHECK(lo > 0 && lo <= median && median <= hi && isfinite(hi), "row %zu (%s %s): 0 < min %g <= median %g <= max %g",
	         index, alg ? alg : "?", op ? op : "?", lo, median, hi);
	TU_CHECK(num(spread, "rounds") == ROUNDS, "row %zu: %g rounds, asked for %d", index, num(spread, "rounds"),
	         ROUNDS);
	TU_CHECK(num(spread, "pairs") >= ROUNDS, "row %zu: %g slice pairs for %d rounds", index, num(spread, "pairs"),
		 ROUNDS);
	TU_CHECK(fabs(ratio - median) <= 1e-4 * (1 + median), "row %zu: ratio_to_ecdsa_p256 %g is the median %g", index,
	         ratio, median);
	TU_CHECK(num(row, "ops_per_s") > 0 && num(row, "yardstick_ops_per_s") > 0 && num(row, "n") >= 100,
	         "row %zu: rates and at least 100 runs", index);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_bench_sig PQSIG\n");
		return 2;
	}
	char out_path[64], err_path[64];
	snprintf(out_path, sizeof out_path, "/tmp/pqsig-bench-sig-%ld.json", (long)getpid());
	snprintf(err_path, sizeof err_path, "/tmp/pqsig-bench-sig-%ld.txt", (long)getpid());

	static const char *const schemes[] = { "ML-DSA-44", "ECDSA-P256" };
	char args[256];
	snprintf(args, sizeof args, "bench sig --json --quick --rounds %d -a %s -a %s", ROUNDS, schemes[0], schemes[1]);
	int st = run_to_files(argv[1], args, out_path, err_path);
	TU_CHECK(st == 0, "bench sig --json exits 0 (%d)", st);
	tu_json *root = tu_json_load(out_path);
	/* keygen, sign, verify and verify-prepared per scheme, and sign-prepared for ECDSA (its prepared-secret-key slot) */
	static const size_t rows_of[] = { 4, 5 };
	const size_t want_rows = 3 + rows_of[0] + rows_of[1];
	TU_CHECK(root && root->type == TU_JSON_ARRAY && root->len == want_rows, "JSON array of %zu rows (%zu)",
	         want_rows, root ? root->len : 0);
	size_t index = 0, yardstick_rows = 0, scheme_rows = 0, prepared_rows = 0, sign_prepared_rows = 0;
	TU_JSON_FOREACH(row, root)
	{
		const char *alg = tu_json_str(row, "alg");
		if (alg && strstr(alg, "(yardstick)")) {
			yardstick_rows++;
			TU_CHECK(num(row, "ratio_to_ecdsa_p256") == 1.0 && num(row, "ops_per_s") > 0,
			         "yardstick row %zu: ratio 1 and a rate", index);
		} else {
			size_t which = scheme_rows < rows_of[0] ? 0 : 1, pos = scheme_rows - (which ? rows_of[0] : 0);
			TU_CHECK(alg && strcmp(alg, schemes[which]) == 0, "row %zu is %s", index, schemes[which]);
			const char *op = tu_json_str(row, "op");
			prepared_rows += op && strcmp(op, "verify-prepared") == 0 && pos == 3;
			sign_prepared_rows += op && strcmp(op, "sign-prepared") == 0 && which == 1 && pos == 4;
			check_scheme_row(row, index);
			scheme_rows++;
		}
		index++;
	}
	TU_CHECK(yardstick_rows == 3 && scheme_rows == 9 && prepared_rows == 2 && sign_prepared_rows == 1,
		 "3 yardstick rows (%zu), 9 scheme rows (%zu), 2 verify-prepared (%zu), 1 sign-prepared (%zu)",
		 yardstick_rows, scheme_rows, prepared_rows, sign_prepared_rows);
	tu_json_free(root);

	/* Bad usage: exit 2, exactly one line on stderr, nothing on stdout. */
	static const char *const bad[] = { "bench sig --rounds 0 -a ML-DSA-44", "bench sig --rounds 33 -a ML-DSA-44",
		                           "bench sig --rounds x -a ML-DSA-44" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		st = run_to_files(argv[1], bad[i], out_path, err_path);
		size_t elen = 0, olen = 0;
		uint8_t *err = tu_read_file(err_path, &elen), *out = tu_read_file(out_path, &olen);
		size_t lines = 0;
		for (size_t k = 0; err && k < elen; k++)
			lines += err[k] == '\n';
		TU_CHECK(st == 2 && lines == 1 && olen == 0, "'%s': exit %d, %zu stderr lines, %zu stdout bytes", bad[i], st,
		         lines, olen);
		free(err);
		free(out);
	}
	remove(out_path);
	remove(err_path);
	return tu_finish("test_bench_sig");
}
