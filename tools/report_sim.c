/*
 * Report section "V2X channel simulation" (issue 19, docs/sim.md): a sweep
 * of pqsig-v2x-sim runs, profile x certificate policy x density, as
 * independent processes (as many at once as there are cores), then PDR and
 * awareness against density, the density at which awareness falls below
 * 90 %, beside the published channel-load results.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "report.h"

typedef struct {
	const char *profile, *policy;
} sim_combo;

/* Quick (make report): the profiles under J2945/1 and FN-DSA-512 with the certificate always. */
static const sim_combo quick_combos[] = {
	{ "ECDSA", "j2945" },     { "ECDSA/FN-DSA-512", "j2945" }, { "ECDSA/ECDSA+FN-DSA-512", "j2945" },
	{ "FN-DSA-512", "cert" }, { "FN-DSA-512", "j2945" },       { "ML-DSA-44", "j2945" },
};
static const unsigned quick_densities[] = { 20, 60, 150 };
#define QUICK_SECONDS "2"

/* Full (--full): every policy for FN-DSA-512, the SLH-DSA CA profiles, densities to 400. */
static const sim_combo full_combos[] = {
	{ "ECDSA", "j2945" },
	{ "ECDSA", "cert" },
	{ "ECDSA/FN-DSA-512", "j2945" },
	{ "ECDSA/FN-DSA-512", "cert" },
	{ "ECDSA/ECDSA+FN-DSA-512", "j2945" },
	{ "ECDSA/ECDSA+FN-DSA-512", "cert" },
	{ "FN-DSA-512", "cert" },
	{ "FN-DSA-512", "digest" },
	{ "FN-DSA-512", "j2945" },
	{ "ML-DSA-44", "j2945" },
	{ "ML-DSA-44", "cert" },
	{ "ECDSA/SLH-DSA-SHA2-128s", "j2945" },
	{ "FN-DSA-512/SLH-DSA-SHA2-128s", "j2945" },
};
static const unsigned full_densities[] = { 20, 50, 100, 150, 200, 250, 300, 400 };
#define FULL_SECONDS "10"

#define MAX_RUNS 128

typedef struct {
	const sim_combo *combo;
	unsigned vehicles;
	char json[4400];
	pid_t pid;
	int done, ok;
	/* parsed results */
	double spdu_cert, spdu_digest, wsms_cert, pdr, pdr300, aware100, aware300, cbr, p50, p99, frag_lost, wall;
	double mismatches;
} sim_run;

/* The number after "key": in a JSON text (keys here are unique), or NAN. */
static double json_number(const char *text, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = strstr(text, pat);
	return p ? strtod(p + strlen(pat), NULL) : NAN;
}

static int parse_run(sim_run *r)
{
	size_t len = 0;
	uint8_t *buf = cli_read_file(r->json, "simulation output", &len, 1u << 20);
	if (!buf)
		return -1;
	char *text = malloc(len + 1);
	if (!text) {
		free(buf);
		return -1;
	}
	memcpy(text, buf, len);
	text[len] = '\0';
	free(buf);
	static const struct {
		const char *key;
		size_t off;
	} fields[] = {
		{ "spdu_bytes_cert", offsetof(sim_run, spdu_cert) },
		{ "spdu_bytes_digest", offsetof(sim_run, spdu_digest) },
		{ "wsms_per_spdu_cert", offsetof(sim_run, wsms_cert) },
		{ "pdr", offsetof(sim_run, pdr) },
		{ "pdr_within_300m", offsetof(sim_run, pdr300) },
		{ "awareness_100m", offsetof(sim_run, aware100) },
		{ "awareness_300m", offsetof(sim_run, aware300) },
		{ "cbr", offsetof(sim_run, cbr) },
		{ "p50", offsetof(sim_run, p50) },
		{ "p99", offsetof(sim_run, p99) },
		{ "lost_share", offsetof(sim_run, frag_lost) },
		{ "wall_s", offsetof(sim_run, wall) },
		{ "model_mismatches", offsetof(sim_run, mismatches) },
	};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		*(double *)((char *)r + fields[i].off) = json_number(text, fields[i].key);
	free(text);
	return isnan(r->aware300) || isnan(r->pdr) ? -1 : 0;
}

static pid_t start_run(const char *prog, sim_run *r, const char *seconds)
{
	char vehicles[16];
	snprintf(vehicles, sizeof vehicles, "%u", r->vehicles);
	char *args[] = { (char *)prog,
			 "--profile",
			 (char *)r->combo->profile,
			 "--policy",
			 (char *)r->combo->policy,
			 "--vehicles",
			 vehicles,
			 "--duration",
			 (char *)seconds,
			 "-o",
			 r->json,
			 NULL };
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		execv(prog, args);
		_exit(127);
	}
	return pid;
}

/* Run every simulation, at most `jobs` at once; 0 if all succeeded. */
static int run_all(const char *prog, sim_run *runs, size_t n, const char *seconds, long jobs)
{
	size_t next = 0, running = 0, finished = 0;
	int rc = 0;
	while (finished < n) {
		while (running < (size_t)jobs && next < n) {
			runs[next].pid = start_run(prog, &runs[next], seconds);
			if (runs[next].pid < 0)
				return cli_error("report sim: cannot start %s", prog);
			running++;
			next++;
		}
		int status = 0;
		pid_t pid = wait(&status);
		if (pid < 0)
			return cli_error("report sim: wait failed");
		for (size_t i = 0; i < next; i++) {
			if (runs[i].pid != pid || runs[i].done)
				continue;
			runs[i].done = 1;
			runs[i].ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && parse_run(&runs[i]) == 0;
			if (!runs[i].ok)
				rc = cli_error("report sim: %s %s with %u vehicles failed (exit status %d)",
					       runs[i].combo->profile, runs[i].combo->policy, runs[i].vehicles,
					       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			fprintf(stderr, "report: sim %zu/%zu %s %s %u vehicles\n", finished + 1, n,
				runs[i].combo->profile, runs[i].combo->policy, runs[i].vehicles);
			running--;
			finished++;
		}
	}
	return rc;
}

/* An SVG line chart: y in [0, 1] against density, one line per profile and policy. */
static int line_chart(const char *path, const char *title, const sim_run *runs, size_t n_combos, size_t n_dens,
		      const unsigned *dens, int which)
{
	static const char *const colors[] = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
					      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
					      "#393b79", "#637939", "#843c39" };
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	const double W = 640, H = 360, L = 60, R = 230, T = 40, B = 50;
	double xmax = dens[n_dens - 1];
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" "
		"font-size=\"11\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		W, H);
	fprintf(f, "<text x=\"%.0f\" y=\"20\" font-size=\"13\">%s</text>\n", L, title);
	for (int k = 0; k <= 10; k += 2) {
		double y = T + (H - T - B) * (1 - k / 10.0);
		fprintf(f,
			"<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%d %%</text>\n",
			L, y, W - R, y, L - 5, y + 4, k * 10);
	}
	double y90 = T + (H - T - B) * 0.1;
	fprintf(f, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
		L, y90, W - R, y90);
	for (size_t d = 0; d < n_dens; d++) {
		double x = L + (W - L - R) * dens[d] / xmax;
		fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%u</text>\n", x, H - B + 15, dens[d]);
	}
	fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">vehicles</text>\n", L + (W - L - R) / 2, H - 10);
	for (size_t c = 0; c < n_combos; c++) {
		const char *color = colors[c % (sizeof colors / sizeof colors[0])];
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", color);
		for (size_t d = 0; d < n_dens; d++) {
			const sim_run *r = &runs[c * n_dens + d];
			double v = which ? r->aware100 : r->pdr300;
			fprintf(f, "%.1f,%.1f ", L + (W - L - R) * dens[d] / xmax, T + (H - T - B) * (1 - v));
		}
		fprintf(f, "\"/>\n<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s, %s</text>\n", W - R + 10,
			T + 14.0 * (double)c, color, runs[c * n_dens].combo->profile, runs[c * n_dens].combo->policy);
	}
	fprintf(f, "</svg>\n");
	return fclose(f) == 0 ? 0 : -1;
}

/* The density at which awareness within 100 m first falls below 90 %, linearly interpolated. */
static void threshold_text(char *buf, size_t cap, const sim_run *runs, size_t n_dens, const unsigned *dens)
{
	for (size_t d = 0; d < n_dens; d++) {
		if (runs[d].aware100 >= 0.9)
			continue;
		if (d == 0) {
			snprintf(buf, cap, "< %u", dens[0]);
			return;
		}
		double a = runs[d - 1].aware100, b = runs[d].aware100;
		double x = dens[d - 1] + (dens[d] - dens[d - 1]) * (a - 0.9) / (a - b);
		snprintf(buf, cap, "%.0f", x);
		return;
	}
	snprintf(buf, cap, "> %u", dens[n_dens - 1]);
}

static void write_tables(FILE *md, const sim_run *runs, size_t n_combos, size_t n_dens, const unsigned *dens)
{
	fprintf(md,
		"| profile | policy | vehicles | SPDU B (cert / digest) | WSMs per cert SPDU | PDR <= 300 m | "
		"awareness 100 m | awareness 300 m | CBR | latency p50 / p99 (ms) | fragmented SPDUs lost | run (s) |\n"
		"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < n_combos * n_dens; i++) {
		const sim_run *r = &runs[i];
		fprintf(md,
			"| `%s` | %s | %u | %.0f / %.0f | %.0f | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.2f / %.2f "
			"| ",
			r->combo->profile, r->combo->policy, r->vehicles, r->spdu_cert, r->spdu_digest, r->wsms_cert,
			100 * r->pdr300, 100 * r->aware100, 100 * r->aware300, 100 * r->cbr, r->p50, r->p99);
		if (r->wsms_cert > 1)
			fprintf(md, "%.1f %% | %.0f |\n", 100 * r->frag_lost, r->wall);
		else
			fprintf(md, "- | %.0f |\n", r->wall);
	}
	fprintf(md, "\nDensity at which awareness within 300 m falls below 90 %% (linear between swept densities), "
		    "beside the published channel-saturation densities:\n\n"
		    "| profile | policy | pqsig + ns-3 | Sepulcre et al. 2021 | Twardokus et al. NDSS 2024 |\n"
		    "|---|---|---:|---:|---:|\n");
	for (size_t c = 0; c < n_combos; c++) {
		char t[32];
		const sim_combo *cb = runs[c * n_dens].combo;
		threshold_text(t, sizeof t, &runs[c * n_dens], n_dens, dens);
		int ecdsa = strcmp(cb->profile, "ECDSA") == 0 && strcmp(cb->policy, "j2945") == 0;
		int hybrid = strcmp(cb->profile, "ECDSA/FN-DSA-512") == 0 && strcmp(cb->policy, "j2945") == 0;
		fprintf(md, "| `%s` | %s | %s | %s | %s |\n", cb->profile, cb->policy, t,
			ecdsa    ? "248 (ECDSA)"
			: hybrid ? "168 (partially hybrid Falcon)"
				 : "",
			ecdsa    ? "165 (ECDSA)"
			: hybrid ? "101 (post-quantum variant)"
				 : "");
	}
}

int report_section_sim(FILE *md, const report_opts *o)
{
	fprintf(md, "## V2X channel simulation: real SPDUs on ns-3 802.11p\n\n");
	char prog[4096];
	if (report_sim_program(prog, sizeof prog) != 0) {
		fprintf(md, "Not run: `pqsig-v2x-sim` is not built (ns-3 was not found when pqsig was configured; "
			    "`scripts/deps.sh sim` installs it, docs/sim.md).\n");
		return CLI_OK;
	}
	const sim_combo *combos = o->quick ? quick_combos : full_combos;
	size_t n_combos =
		o->quick ? sizeof quick_combos / sizeof quick_combos[0] : sizeof full_combos / sizeof full_combos[0];
	const unsigned *dens = o->quick ? quick_densities : full_densities;
	size_t n_dens = o->quick ? sizeof quick_densities / sizeof quick_densities[0]
				 : sizeof full_densities / sizeof full_densities[0];
	const char *seconds = o->quick ? QUICK_SECONDS : FULL_SECONDS;
	size_t n = n_combos * n_dens;
	if (n > MAX_RUNS)
		return cli_error("report sim: %zu runs, at most %d", n, MAX_RUNS);
	char dir[4096];
	if (snprintf(dir, sizeof dir, "%s/sim", o->out_dir) >= (int)sizeof dir)
		return cli_error("report sim: --out path too long");
	mkdir(dir, 0755);
	sim_run *runs = calloc(n, sizeof *runs);
	if (!runs)
		return cli_error("out of memory");
	for (size_t c = 0; c < n_combos; c++)
		for (size_t d = 0; d < n_dens; d++) {
			sim_run *r = &runs[c * n_dens + d];
			r->combo = &combos[c];
			r->vehicles = dens[d];
			char name[128];
			snprintf(name, sizeof name, "%s_%s_%u.json", combos[c].profile, combos[c].policy, dens[d]);
			for (char *p = name; *p; p++)
				if (*p == '/' || *p == '+')
					*p = '_';
			if (snprintf(r->json, sizeof r->json, "%s/%s", dir, name) >= (int)sizeof r->json) {
				free(runs);
				return cli_error("report sim: --out path too long");
			}
		}
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	int rc = run_all(prog, runs, n, seconds, jobs < 1 ? 1 : jobs);
	if (rc == CLI_OK) {
		fprintf(md,
			"%zu runs of `pqsig-v2x-sim` (docs/sim.md): %u to %u vehicles on a 1 km six-lane highway, "
			"10 Hz BSMs (100-byte payload) each signed as a real IEEE 1609.2 SPDU by pqsig and cut into "
			"WSMs "
			"by its 1609.3 layer, over ns-3.37 802.11p (OCB, 6 Mb/s, one 10 MHz channel, 23 dBm, "
			"three-range log-distance loss with Nakagami fading), %s simulated seconds each, seed 1, "
			"%ld at a time. One receiver per run verifies every SPDU for real; the others use the CPU "
			"time measured for it on this machine as processing delay, and the real verdicts never "
			"differed from the model's. Policies: `cert` the certificate in every SPDU, `digest` its "
			"HashedId8 (certificates known beforehand), `j2945` the certificate once per second (SAE "
			"J2945/1).\n\n",
			n, dens[0], dens[n_dens - 1], seconds, jobs < 1 ? 1 : jobs);
		write_tables(md, runs, n_combos, n_dens, dens);
		char path[4200];
		snprintf(path, sizeof path, "%s/sim_pdr.svg", dir);
		int e = line_chart(path, "PDR within 300 m against density", runs, n_combos, n_dens, dens, 0);
		snprintf(path, sizeof path, "%s/sim_awareness.svg", dir);
		e |= line_chart(path, "Awareness within 300 m (verified BSM in the last 100 ms)", runs, n_combos,
				n_dens, dens, 1);
		if (e)
			rc = cli_error("report sim: cannot write the charts in %s", dir);
		fprintf(md, "\n![PDR](sim/sim_pdr.svg)\n![awareness](sim/sim_awareness.svg)\n\n");
		fprintf(md,
			"What differs from the published studies: they model the channel analytically or with their "
			"own "
			"simulators and take message sizes from estimates; here every BSM has the exact bytes of "
			"pqsig's "
			"SPDU for its profile and policy, fragments included, and a BSM counts only once it is "
			"reassembled "
			"and verified. Density here is the number of vehicles on a 1 km segment, most of them within "
			"decoding range of each other (about 600 m with this loss model); their \"vehicles in range\" "
			"use "
			"their own channel models and ranges. No congestion control (SAE J2945/1 rate or power "
			"adaptation) runs here, and ns-3.37 times 10 MHz OFDM symbols with a 4 us granularity "
			"(up to 4 us shorter than IEEE 802.11 17.4.3 per frame, test_sim_airtime).\n");
	}
	free(runs);
	return rc;
}
