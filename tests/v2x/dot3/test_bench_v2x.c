/*
 * `pqsig bench v2x` as a program (not a timing test): its JSON carries the
 * fields issue 5 requires, with values consistent with the stack and the
 * fragmenter (sizes, fragment counts, 2 signature checks per cold SPDU and
 * 1 per warm SPDU, ratio 1 for the ECDSA row, neighbours = rate / 10);
 * the three profiles checked must be available in this build (an
 * unavailable one fails, it is not skipped); bad usage exits 2 with one line on stderr.
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
#include "pqsig/v2x.h"
#include "pqsig/wsm.h"
#include "testutil.h"

static const char *cli;
static char err_path[64]; /* stderr of the last run */

/* Run a command, capture stdout (malloc'd) and the exit status. */
static char *run(const char *args, int *status)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "'%s' %s 2>'%s'", cli, args, err_path);
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 4096, n = 0;
	char *out = malloc(cap);
	int c;
	while (out && (c = fgetc(p)) != EOF) {
		if (n + 1 == cap) {
			char *o2 = realloc(out, cap *= 2);
			if (!o2) {
				free(out);
				out = NULL;
				break;
			}
			out = o2;
		}
		out[n++] = (char)c;
	}
	if (out)
		out[n] = 0;
	int st = pclose(p);
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return out;
}

static double num(const tu_json *o, const char *key)
{
	const tu_json *v = tu_json_get(o, key);
	return v && v->type == TU_JSON_NUMBER ? v->num : NAN;
}

static void check_profile(const tu_json *o, const char *name, long seed_bytes)
{
	const tu_json *avail = tu_json_get(o, "available");
	TU_CHECK(avail && avail->type == TU_JSON_BOOL, "%s: available flag", name);
	v2x_profile prof;
	int registered = pqs_v2x_profile_parse(name, &prof) == V2X_OK && pqs_v2x_profile_available(&prof);
	if (!avail || avail->boolean != registered) {
		TU_CHECK(0, "%s: available=%d but registered=%d", name, avail ? avail->boolean : -1, registered);
		return;
	}
	if (!registered) {
		/* the three profiles checked here are in this build: one that drops out fails */
		TU_CHECK(0, "%s: a scheme of this profile is not registered in this build", name);
		return;
	}
	static const char *const required[] = { "spdu_bytes", "sign_p99_ms", "verify_cold_per_s", "verify_warm_per_s",
		                                 "verify_bare_cold_per_s", "verify_bare_warm_per_s", "ratio_to_ecdsa",
		                                 "neighbours_10hz_cold" };
	for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
		TU_CHECK(!isnan(num(o, required[i])) && num(o, required[i]) > 0, "%s: field %s", name, required[i]);
	double bytes = num(o, "spdu_bytes");
	/* The one composite row differs from the seed by 7 bytes (docs/v2x.md). */
	long want = strcmp(name, "ECDSA+ML-DSA-87") == 0 ? 12188 : seed_bytes;
	TU_CHECK(bytes == (double)want, "%s: %.0f bytes, want %ld", name, bytes, want);
	TU_CHECK(num(o, "fragments_1400") == (double)pqs_wsm_fragment_count((size_t)bytes, 1400) &&
			 num(o, "fragments_2302") == (double)pqs_wsm_fragment_count((size_t)bytes, 2302),
		 "%s: fragment counts", name);
	TU_CHECK(num(o, "sig_checks_per_spdu_cold") == 2.0, "%s: cold SPDUs check the CA and the message signature", name);
	double w = num(o, "sig_checks_per_spdu_warm");
	TU_CHECK(w >= 1.0 && w < 1.05, "%s: warm SPDUs check one signature (%.3f)", name, w);
	TU_CHECK(fabs(num(o, "neighbours_10hz_cold") - num(o, "verify_cold_per_s") / 10.0) < 1.0,
	         "%s: neighbours = SPDUs/s / 10", name);
	TU_CHECK(num(o, "sign_p50_ms") <= num(o, "sign_p99_ms"), "%s: p50 <= p99", name);
	TU_CHECK(num(o, "sign_runs") == 200, "%s: quick mode signs 200 times", name);
	/* Overheads are medians of paired rounds: a fraction, not far from 1 - rate / bare rate. */
	double ovh = num(o, "stack_overhead_cold"), ovw = num(o, "stack_overhead_warm");
	TU_CHECK(ovh > -1.0 && ovh < 1.0 && ovw > -1.0 && ovw < 1.0, "%s: overheads %.3f / %.3f are fractions", name, ovh,
	         ovw);
	TU_CHECK(num(o, "verify_cold_all_cores_per_s") > 0 && num(o, "threads") >= 1, "%s: all-cores figures", name);
	if (strcmp(name, "ECDSA") == 0)
		TU_CHECK(fabs(num(o, "ratio_to_ecdsa") - 1.0) < 1e-9, "ECDSA row ratio is 1");
	/* Issue 16 item 1: the ratios are medians of per-round ratios (quick mode: 7 rounds), with their range. */
	static const char *const spreads[2][2] = { { "ratio_spread", "ratio_to_ecdsa" },
		                                   { "ratio_warm_spread", "ratio_warm_to_ecdsa" } };
	for (int k = 0; k < 2; k++) {
		const tu_json *sp = tu_json_get(o, spreads[k][0]);
		double med = sp ? num(sp, "median") : NAN, lo = sp ? num(sp, "min") : NAN, hi = sp ? num(sp, "max") : NAN;
		TU_CHECK(sp && lo > 0 && lo <= med && med <= hi && num(sp, "rounds") == 7, "%s: %s 0 < %g <= %g <= %g, 7 rounds",
		         name, spreads[k][0], lo, med, hi);
		TU_CHECK(fabs(med - num(o, spreads[k][1])) <= 1e-4 * (1 + med), "%s: %s is the median of %s", name,
		         spreads[k][1], spreads[k][0]);
	}
	/* Issue 16: warm verification over bare prepared checks, SPDU signing (prepared key and not) over
	 * OpenSSL's ECDSA P-256 signing, each a median of per-round ratios with its range */
	static const char *const paired[3] = { "warm_to_bare_prepared", "sign_to_openssl",
					       "sign_unprepared_to_openssl" };
	for (int k = 0; k < 3; k++) {
		const tu_json *sp = tu_json_get(o, paired[k]);
		double med = sp ? num(sp, "median") : NAN, lo = sp ? num(sp, "min") : NAN,
		       hi = sp ? num(sp, "max") : NAN;
		TU_CHECK(sp && lo > 0 && lo <= med && med <= hi && num(sp, "rounds") == 7,
			 "%s: %s 0 < %g <= %g <= %g, 7 rounds", name, paired[k], lo, med, hi);
	}
	TU_CHECK(num(o, "sign_per_s") > 0 && num(o, "sign_unprepared_per_s") > 0 &&
			 num(o, "openssl_ecdsa_p256_sign_per_s") > 0,
		 "%s: signing rates", name);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_bench_v2x PQSIG\n");
		return 2;
	}
	cli = argv[1];
	snprintf(err_path, sizeof err_path, "/tmp/pqsig-bench-v2x-%ld.txt", (long)getpid());
	int st;
	char *out = run("bench v2x --quick --json --profiles ECDSA,FN-DSA-512,ECDSA/ECDSA+FN-DSA-512", &st);
	TU_CHECK(out && st == 0, "bench v2x --json exits 0 (%d)", st);
	tu_json *root = out ? tu_json_parse(out) : NULL;
	TU_CHECK(root && root->type == TU_JSON_ARRAY && root->len == 3, "JSON array of 3 profiles");
	static const struct {
		const char *name;
		long bytes;
	} want[3] = { { "ECDSA", 333 }, { "FN-DSA-512", 2408 }, { "ECDSA/ECDSA+FN-DSA-512", 1002 } };
	for (size_t i = 0; root && i < 3 && i < root->len; i++) {
		const tu_json *o = tu_json_at(root, i);
		const char *p = tu_json_str(o, "profile");
		TU_CHECK(p && strcmp(p, want[i].name) == 0, "profile %zu is %s", i, want[i].name);
		if (p && strcmp(p, want[i].name) == 0)
			check_profile(o, want[i].name, want[i].bytes);
	}
	tu_json_free(root);
	free(out);

	/* Bad usage: exit 2, exactly one line on stderr. */
	static const char *const bad[] = { "bench v2x --profiles NOPE", "bench v2x --profiles ,", "bench v2x --frobnicate" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		out = run(bad[i], &st);
		size_t elen = 0;
		uint8_t *err = tu_read_file(err_path, &elen);
		size_t lines = 0;
		for (size_t k = 0; err && k < elen; k++)
			lines += err[k] == '\n';
		TU_CHECK(st == 2 && lines == 1 && out && out[0] == 0, "'%s': exit %d, %zu stderr lines", bad[i], st, lines);
		free(err);
		free(out);
	}
	remove(err_path);
	return tu_finish("test_bench_v2x");
}
