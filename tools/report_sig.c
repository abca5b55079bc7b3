/*
 * Report section "signatures": `pqsig bench sig` for every registered
 * scheme, beside the peer implementations measured on this kind of machine
 * (../shared/notes/performance-anchors.md), with the issue targets, and
 * two charts (verify and sign rates as multiples of ECDSA P-256).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "report.h"

/* Peer ratios to OpenSSL ECDSA P-256 from performance-anchors.md (keygen, sign, verify). */
typedef struct {
	const char *alg;
	const char *peer;
	double ratio[3];
	int is_target; /* the performance target is this row */
} anchor;

static const anchor anchors[] = {
	{ "ML-DSA-44", "liboqs portable C", { 0.33, 0.064, 0.69 }, 1 },
	{ "ML-DSA-44", "mldsa-native AVX2", { 1.26, 0.294, 2.61 }, 0 },
	{ "ML-DSA-65", "liboqs portable C", { 0.17, 0.039, 0.42 }, 1 },
	{ "ML-DSA-65", "mldsa-native AVX2", { 0.73, 0.189, 1.63 }, 0 },
	{ "ML-DSA-87", "liboqs portable C", { 0.12, 0.032, 0.26 }, 1 },
	{ "ML-DSA-87", "mldsa-native AVX2", { 0.52, 0.174, 1.15 }, 0 },
	{ "Falcon-512", "PQClean AVX2 (liboqs)", { 0.0041, 0.092, 1.51 }, 1 },
	{ "Falcon-512", "portable C, soft float", { 0.0018, 0.0045, 1.52 }, 0 },
	{ "Falcon-1024", "PQClean AVX2 (liboqs)", { 0.0013, 0.045, 0.75 }, 1 },
	{ "ECDSA-secp256k1", "OpenSSL 3.0 (no asm)", { 0.073, 0.055, 0.20 }, 0 },
	{ "HAETAE-2", "v1.1.2 reference C", { 0.095, 0.020, 0.98 }, 1 },
	{ "HAETAE-2", "round-2 AVX2", { 0.19, 0.048, 2.02 }, 0 },
};

static const char *const op_names[3] = { "keygen", "sign", "verify" };

int report_section_sig(FILE *md, const report_opts *o)
{
	size_t n = pqs_sig_count();
	const pqs_sig_class **classes = calloc(n, sizeof *classes);
	bench_sig_result *res = calloc(n, sizeof *res);
	if (!classes || !res) {
		free(classes);
		free(res);
		return cli_error("out of memory");
	}
	for (size_t i = 0; i < n; i++)
		classes[i] = pqs_sig_at(i);
	bench_yardstick y;
	/* per operation, for the scheme and again for the yardstick beside it */
	double seconds = o->quick ? 0.075 : 1.0;
	const size_t rounds = 5;
	int rc = bench_sig_collect(classes, n, seconds, rounds, &y, res, NULL);
	if (rc) {
		free(classes);
		free(res);
		return rc;
	}
	/* the yardstick pooled over the run, for the text only: every ratio is per round */
	const double yard[3] = { y.keygen.ops_per_s, y.sign.ops_per_s, y.verify.ops_per_s };

	fprintf(md, "## Signature schemes: keygen, sign, verify\n\n");
	char rate[3][32];
	for (int op = 0; op < 3; op++)
		report_format_number(rate[op], sizeof rate[op], yard[op]);
	fprintf(md,
		"`pqsig bench sig%s`: 32-byte messages, hedged signing; each operation runs for %.3g s (at least "
		"100 runs) in %zu rounds, and in every round OpenSSL's ECDSA P-256 (keys pre-loaded) runs the same "
		"operation for as long right beside it. A ratio is the median of the %zu per-round ratios of our "
		"rate to the yardstick's, with their range after it: what the load of this shared machine moves is "
		"in that range, not in the median. Only the slice pairs where the yardstick ran within 15 %% of its "
		"top rate count (the machine's fast state; docs/performance.md, \"How the ratios are taken\"). Rates "
		"are means over all rounds, with median and p99 latency. "
		"The yardstick over the whole run: keygen %s/s, sign %s/s, verify %s/s.\n\n",
		o->quick ? " --quick" : "", seconds, rounds, rounds, rate[0], rate[1], rate[2]);
	fprintf(md, "| algorithm | pk B | sig B | keygen/s | sign/s | verify/s | sign median / p99 µs | verify median / p99 µs "
	            "| keygen × ECDSA (range) | sign × ECDSA (range) | verify × ECDSA (range) |\n"
	            "|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const bench_stats *s = res[i].op;
		char cell[6][64];
		for (int op = 0; op < 3; op++)
			report_format_number(cell[op], sizeof cell[op], s[op].ops_per_s);
		for (int op = 0; op < 3; op++) {
			char m[16], a[16], b[16];
			report_format_number(m, sizeof m, res[i].ratio[op].median);
			report_format_number(a, sizeof a, res[i].ratio[op].min);
			report_format_number(b, sizeof b, res[i].ratio[op].max);
			snprintf(cell[3 + op], sizeof cell[3 + op], "%s (%s–%s)", m, a, b);
		}
		fprintf(md, "| %s | %zu | %s%zu | %s | %s | %s | %.1f / %.1f | %.1f / %.1f | %s | %s | %s |\n",
		        classes[i]->name, classes[i]->pk_len, classes[i]->flags & PQS_SIG_FIXED_LENGTH ? "" : "≤ ",
		        classes[i]->sig_max_len, cell[0], cell[1], cell[2], s[1].median_us, s[1].p99_us, s[2].median_us,
		        s[2].p99_us, cell[3], cell[4], cell[5]);
	}

	fprintf(md, "\n### Beside peer implementations on this kind of machine\n\n");
	fprintf(md, "Peer ratios from `../shared/notes/performance-anchors.md` (same yardstick, same machine kind). "
	            "\"target\" marks the row each issue sets as the bar.\n\n");
	fprintf(md, "| algorithm | op | pqsig × ECDSA | peer × ECDSA | peer | pqsig / peer |\n|---|---|---|---|---|---|\n");
	for (size_t a = 0; a < sizeof anchors / sizeof anchors[0]; a++) {
		for (size_t i = 0; i < n; i++) {
			if (strcmp(classes[i]->name, anchors[a].alg) != 0)
				continue;
			for (int op = 0; op < 3; op++) {
				double ours = res[i].ratio[op].median;
				fprintf(md, "| %s | %s | %.4f | %.4f | %s%s | %.2f%s |\n", anchors[a].alg, op_names[op], ours,
				        anchors[a].ratio[op], anchors[a].peer, anchors[a].is_target ? " (target)" : "",
				        ours / anchors[a].ratio[op],
				        anchors[a].is_target ? (ours >= anchors[a].ratio[op] ? " ✔" : " ✘ below target") : "");
			}
		}
	}

	/* Chart: verify and sign throughput as multiples of ECDSA P-256, the per-round range as error bars. */
	const char **labels = calloc(n, sizeof *labels);
	double *fig = calloc(6 * n, sizeof *fig); /* verify median, min, max; sign median, min, max */
	if (labels && fig) {
		for (size_t i = 0; i < n; i++) {
			labels[i] = classes[i]->name;
			const bench_spread *v = &res[i].ratio[2], *sg = &res[i].ratio[1];
			fig[i] = v->median, fig[n + i] = v->min, fig[2 * n + i] = v->max;
			fig[3 * n + i] = sg->median, fig[4 * n + i] = sg->min, fig[5 * n + i] = sg->max;
		}
		const report_series series[2] = { { "verify", fig, fig + n, fig + 2 * n },
			                          { "sign", fig + 3 * n, fig + 4 * n, fig + 5 * n } };
		char path[4096];
		snprintf(path, sizeof path, "%s/sig_ratios.svg", o->out_dir);
		if (report_bar_chart(path, "Signature throughput relative to OpenSSL ECDSA P-256 (same rounds)",
		                     "× ECDSA P-256, median of rounds", labels, series, 2, n, 1) == 0)
			fprintf(md, "\n![Signature throughput relative to ECDSA P-256](sig_ratios.svg)\n");
	}
	free(labels);
	free(fig);
	free(classes);
	free(res);
	return CLI_OK;
}
