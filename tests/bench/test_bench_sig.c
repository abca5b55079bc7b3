/*
 * `pqsig bench sig --json` as a program (not a timing test), issue 16
 * item 1: every scheme row carries ratio_spread {median, min, max, rounds,
 * pairs} with min <= median <= max, the number of rounds asked for, at
 * least one yardstick/operation slice pair per round, and
 * ratio_to_ecdsa_p256 equal to that median; the rows are exactly the three
 * yardstick rows plus three per scheme asked for.  Bad --rounds exits 2
 * with one line on stderr.  --pairs FILE writes every slice pair as CSV:
 * as many rows per operation as the JSON's pairs, rounds 1..ROUNDS in time
 * order, and the kept pairs, cut into rounds, give back the JSON's ratio
 * (recomputed here from the CSV alone); an existing FILE is kept without
 * --force and replaced with it.
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
#define MAX_CSV_ROWS 100000

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

/* One CSV row of --pairs. */
typedef struct {
	char key[64]; /* "alg op" */
	int round, kept;
	double start_s, op_calls, op_cpu_us, yard_calls, yard_cpu_us;
} pair_row;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/*
 * The ratio of one operation recomputed from its CSV rows (in file order,
 * which is time order): the kept rows cut into ROUNDS groups, each group's
 * calls over its CPU time converted at its own yardstick's rate, the median
 * of the groups.
 */
static double ratio_from_rows(const pair_row *rows, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		kept += (size_t)rows[i].kept;
	double groups[ROUNDS];
	size_t seen = 0, i = 0;
	for (size_t g = 0; g < ROUNDS; g++) {
		size_t end = (g + 1) * kept / ROUNDS;
		double calls = 0, equivalent = 0;
		for (; seen < end && i < n; i++) {
			if (!rows[i].kept)
				continue;
			calls += rows[i].op_calls;
			equivalent += rows[i].op_cpu_us * rows[i].yard_calls / rows[i].yard_cpu_us;
			seen++;
		}
		groups[g] = equivalent > 0 ? calls / equivalent : 0;
	}
	qsort(groups, ROUNDS, sizeof *groups, cmp_double);
	return ROUNDS % 2 ? groups[ROUNDS / 2] : (groups[ROUNDS / 2 - 1] + groups[ROUNDS / 2]) / 2;
}

/* The --pairs CSV of the run whose JSON is root. */
static void check_pairs_csv(const char *csv_path, const tu_json *root)
{
	FILE *f = fopen(csv_path, "r");
	TU_CHECK(f != NULL, "--pairs wrote %s", csv_path);
	if (!f)
		return;
	char line[512];
	TU_CHECK(fgets(line, sizeof line, f) &&
			 strcmp(line, "alg,op,round,pair,start_s,op_calls,op_cpu_us,yard_calls,yard_cpu_us,kept\n") ==
				 0,
		 "CSV header");
	pair_row *rows = calloc(MAX_CSV_ROWS, sizeof *rows);
	size_t n = 0;
	while (rows && n < MAX_CSV_ROWS && fgets(line, sizeof line, f)) {
		char alg[32], op[32];
		unsigned long pair;
		pair_row *r = &rows[n];
		int fields =
			sscanf(line, "%31[^,],%31[^,],%d,%lu,%lf,%lf,%lf,%lf,%lf,%d", alg, op, &r->round, &pair,
			       &r->start_s, &r->op_calls, &r->op_cpu_us, &r->yard_calls, &r->yard_cpu_us, &r->kept);
		TU_CHECK(fields == 10 && r->yard_cpu_us > 0 && (r->kept == 0 || r->kept == 1), "CSV row %zu: %s", n + 1,
			 line);
		if (fields != 10 || r->yard_cpu_us <= 0)
			break;
		snprintf(r->key, sizeof r->key, "%s %s", alg, op);
		n++;
	}
	fclose(f);
	size_t checked = 0;
	TU_JSON_FOREACH(row, root)
	{
		const char *alg = tu_json_str(row, "alg"), *op = tu_json_str(row, "op");
		if (!alg || !op || strstr(alg, "(yardstick)"))
			continue;
		char key[64];
		snprintf(key, sizeof key, "%s %s", alg, op);
		/* this operation's rows are consecutive in the file */
		size_t first = 0;
		while (first < n && strcmp(rows[first].key, key) != 0)
			first++;
		size_t count = 0;
		int ordered = 1, round = 1;
		for (size_t i = first; i < n && strcmp(rows[i].key, key) == 0; i++, count++) {
			ordered &= i == first || rows[i].start_s >= rows[i - 1].start_s;
			ordered &= rows[i].round == round || rows[i].round == round + 1;
			round = rows[i].round;
		}
		const tu_json *spread = tu_json_get(row, "ratio_spread");
		TU_CHECK(count > 0 && (double)count == num(spread, "pairs"), "%s: %zu CSV rows, JSON pairs %g", key,
			 count, num(spread, "pairs"));
		TU_CHECK(ordered && count > 0 && rows[first].round == 1 && round == ROUNDS,
			 "%s: rows in time order through rounds 1..%d", key, ROUNDS);
		double recomputed = count ? ratio_from_rows(rows + first, count) : 0, median = num(spread, "median");
		TU_CHECK(fabs(recomputed - median) <= 1e-3 * median, "%s: ratio from the CSV %g, JSON %g", key,
			 recomputed, median);
		checked++;
	}
	TU_CHECK(checked == 9, "CSV checked against 9 scheme rows (%zu)", checked);
	free(rows);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_bench_sig PQSIG\n");
		return 2;
	}
	char out_path[64], err_path[64], csv_path[64];
	snprintf(out_path, sizeof out_path, "/tmp/pqsig-bench-sig-%ld.json", (long)getpid());
	snprintf(err_path, sizeof err_path, "/tmp/pqsig-bench-sig-%ld.txt", (long)getpid());
	snprintf(csv_path, sizeof csv_path, "/tmp/pqsig-bench-sig-%ld.csv", (long)getpid());
	remove(csv_path);

	static const char *const schemes[] = { "ML-DSA-44", "ECDSA-P256" };
	char args[256];
	snprintf(args, sizeof args, "bench sig --json --quick --rounds %d -a %s -a %s --pairs %s", ROUNDS, schemes[0],
		 schemes[1], csv_path);
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
	if (root)
		check_pairs_csv(csv_path, root);
	tu_json_free(root);

	/* An existing --pairs file: kept as it was without --force (exit 2, before measuring), replaced with it. */
	size_t before_len = 0, after_len = 0;
	uint8_t *before = tu_read_file(csv_path, &before_len);
	snprintf(args, sizeof args, "bench sig --quick --rounds 1 -a ECDSA-P256 --pairs %s", csv_path);
	st = run_to_files(argv[1], args, out_path, err_path);
	uint8_t *after = tu_read_file(csv_path, &after_len);
	TU_CHECK(st == 2 && before && after && before_len == after_len && memcmp(before, after, before_len) == 0,
		 "existing --pairs file without --force: exit %d, file unchanged", st);
	free(after);
	snprintf(args, sizeof args, "bench sig --quick --rounds 1 -a ECDSA-P256 --pairs %s --force", csv_path);
	st = run_to_files(argv[1], args, out_path, err_path);
	after = tu_read_file(csv_path, &after_len);
	TU_CHECK(st == 0 && after && (after_len != before_len || memcmp(before, after, before_len) != 0),
		 "--force replaces the --pairs file (exit %d)", st);
	free(before);
	free(after);
	remove(csv_path);

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
