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
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"
#include "pqsig/sha2.h"
#include "pqsig/version.h"
#include "report.h"

typedef struct {
	const char *profile, *policy;
} sim_combo;

/* Quick (make report): the profiles under J2945/1, FN-DSA-512 with the certificate always and
 * with P2PCD (digest only, certificates learnt over the air), and an SLH-DSA CA (its 7.8 kB signature in every vehicle certificate: 6 WSMs per certificate SPDU). */
static const sim_combo quick_combos[] = {
	{ "ECDSA", "j2945" },
	{ "ECDSA/FN-DSA-512", "j2945" },
	{ "ECDSA/ECDSA+FN-DSA-512", "j2945" },
	{ "FN-DSA-512", "cert" },
	{ "FN-DSA-512", "j2945" },
	{ "ML-DSA-44", "j2945" },
	{ "ECDSA/SLH-DSA-SHA2-128s", "j2945" },
	{ "FN-DSA-512", "p2pcd" },
};
static const unsigned quick_densities[] = { 20, 60, 150 };

/* Full (pqsig v2x sim sweep --full, its committed result shown by report --full): every policy for
 * FN-DSA-512, both policies for the others, the SLH-DSA CA profiles, densities 20 to 400. */
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
static const unsigned full_densities[] = { 20, 50, 100, 200, 300, 400 };

typedef struct {
	const char *name;
	const sim_combo *combos;
	size_t n_combos;
	const unsigned *dens;
	size_t n_dens;
	/* simulated seconds and the warm-up before awareness, latency and CBR count */
	const char *seconds, *warmup;
} sim_sweep;

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
static const sim_sweep quick_sweep = {
	"quick", quick_combos, COUNT(quick_combos), quick_densities, COUNT(quick_densities), "2", "1"
};
/* 4 s with 2 s of warm-up: J2945/1 receivers have heard two certificate rounds before anything counts
 * (with 1 s the first round's losses still lower awareness), and 400 vehicles stay feasible on 2 cores. */
static const sim_sweep full_sweep = { "full", full_combos, COUNT(full_combos), full_densities, COUNT(full_densities),
				      "4",    "2" };

#define SWEEP_FILE_DEFAULT "sim/results/full-sweep.json"
#define MAX_RUNS           128

typedef struct {
	const sim_combo *combo;
	unsigned vehicles;
	char json[4400];
	pid_t pid;
	int done, ok;
	double cpu_s; /* the process's user + system time */
	char *text;   /* its JSON (kept for the sweep file) */
	/* parsed results */
	double spdu_cert, spdu_digest, wsms_cert, pdr, pdr300, aware100, aware300, cbr, p50, p99, frag_lost, wall;
	double mismatches, learn_p50, p2pcd_responses;
} sim_run;

/* The number after "key": in a JSON text (keys here are unique), or NAN. */
static double json_number(const char *text, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = strstr(text, pat);
	return p ? strtod(p + strlen(pat), NULL) : NAN;
}

/* The string after "key": in a JSON text into buf (empty if absent or too long for buf). */
static void json_string(const char *text, const char *key, char *buf, size_t cap)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\": \"", key);
	const char *p = strstr(text, pat);
	buf[0] = '\0';
	if (!p)
		return;
	p += strlen(pat);
	const char *q = strchr(p, '"');
	if (q && (size_t)(q - p) < cap) {
		memcpy(buf, p, (size_t)(q - p));
		buf[q - p] = '\0';
	}
}

/* Fill a run's metrics from its JSON text; 0 if the essential ones are there. */
static int parse_text(sim_run *r, const char *text)
{
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
		{ "p50_ms", offsetof(sim_run, learn_p50) },
		{ "responses_sent", offsetof(sim_run, p2pcd_responses) },
	};
	double cpu = json_number(text, "run_cpu_s"); /* a committed sweep's; a live run's comes from wait4 */
	for (size_t i = 0; i < COUNT(fields); i++)
		*(double *)((char *)r + fields[i].off) = json_number(text, fields[i].key);
	if (!isnan(cpu))
		r->cpu_s = cpu;
	return isnan(r->aware300) || isnan(r->pdr) ? -1 : 0;
}

/* A NUL-terminated copy of a file (NULL, error printed, if it cannot be read). */
static char *read_text(const char *path, const char *role, size_t max_len)
{
	size_t len = 0;
	uint8_t *buf = cli_read_file(path, role, &len, max_len);
	if (!buf)
		return NULL;
	char *text = malloc(len + 1);
	if (text) {
		memcpy(text, buf, len);
		text[len] = '\0';
	}
	free(buf);
	return text;
}

static int parse_run(sim_run *r)
{
	r->text = read_text(r->json, "simulation output", 1u << 20);
	return r->text ? parse_text(r, r->text) : -1;
}

static pid_t start_run(const char *prog, sim_run *r, const sim_sweep *sw)
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
			 (char *)sw->seconds,
			 "--warmup",
			 (char *)sw->warmup,
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

typedef void (*sim_progress_fn)(void *ctx);

/*
 * Run every simulation of the sweep, at most `jobs` at once, density by density (so that an
 * interrupted sweep has every profile at the lower densities); progress(ctx) after each one.
 * 0 if all succeeded.
 */
static int run_all(const char *prog, sim_run *runs, const sim_sweep *sw, long jobs, sim_progress_fn progress, void *ctx)
{
	size_t n = sw->n_combos * sw->n_dens;
	size_t next = 0, running = 0, finished = 0;
	int rc = 0;
	for (size_t i = 0; i < n; i++)
		finished += (size_t)runs[i].done; /* kept from an earlier session (--resume) */
	while (finished < n) {
		while (running < (size_t)jobs && next < n) {
			sim_run *r = &runs[(next % sw->n_combos) * sw->n_dens + next / sw->n_combos];
			if (r->done) {
				next++;
				continue;
			}
			r->pid = start_run(prog, r, sw);
			if (r->pid < 0)
				return cli_error("sim sweep: cannot start %s", prog);
			running++;
			next++;
		}
		if (running == 0)
			break;
		int status = 0;
		struct rusage ru;
		pid_t pid = wait4(-1, &status, 0, &ru);
		if (pid < 0)
			return cli_error("sim sweep: wait failed");
		for (size_t i = 0; i < n; i++) {
			sim_run *r = &runs[i];
			if (r->pid != pid || r->done)
				continue;
			r->done = 1;
			r->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
				   (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
			r->ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && parse_run(r) == 0;
			if (!r->ok)
				rc = cli_error("sim sweep: %s %s with %u vehicles failed (exit status %d)",
					       r->combo->profile, r->combo->policy, r->vehicles,
					       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			fprintf(stderr, "sim: %zu/%zu %s %s %u vehicles, %.0f s CPU\n", finished + 1, n,
				r->combo->profile, r->combo->policy, r->vehicles, r->cpu_s);
			running--;
			finished++;
			if (progress)
				progress(ctx);
		}
	}
	return rc;
}

/* Per-run JSON paths in dir, one grid cell per combo and density. */
static int name_runs(sim_run *runs, const sim_sweep *sw, const char *dir)
{
	for (size_t c = 0; c < sw->n_combos; c++)
		for (size_t d = 0; d < sw->n_dens; d++) {
			sim_run *r = &runs[c * sw->n_dens + d];
			r->combo = &sw->combos[c];
			r->vehicles = sw->dens[d];
			char name[128];
			snprintf(name, sizeof name, "%s_%s_%u.json", sw->combos[c].profile, sw->combos[c].policy,
				 sw->dens[d]);
			for (char *p = name; *p; p++)
				if (*p == '/' || *p == '+')
					*p = '_';
			if (snprintf(r->json, sizeof r->json, "%s/%s", dir, name) >= (int)sizeof r->json)
				return cli_error("sim: output path too long");
		}
	return CLI_OK;
}

static void free_runs(sim_run *runs, size_t n)
{
	for (size_t i = 0; runs && i < n; i++)
		free(runs[i].text);
	free(runs);
}

/* An SVG line chart: y in [0, 1] against density, one line per profile and policy (runs that finished). */
static int line_chart(const char *path, const char *title, const sim_run *runs, const sim_sweep *sw, int which)
{
	static const char *const colors[] = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
					      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
					      "#393b79", "#637939", "#843c39" };
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	const double W = 640, H = 360, L = 60, R = 230, T = 40, B = 50;
	double xmax = sw->dens[sw->n_dens - 1];
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
	for (size_t d = 0; d < sw->n_dens; d++) {
		double x = L + (W - L - R) * sw->dens[d] / xmax;
		fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%u</text>\n", x, H - B + 15,
			sw->dens[d]);
	}
	fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">vehicles</text>\n", L + (W - L - R) / 2, H - 10);
	for (size_t c = 0; c < sw->n_combos; c++) {
		const char *color = colors[c % COUNT(colors)];
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", color);
		for (size_t d = 0; d < sw->n_dens; d++) {
			const sim_run *r = &runs[c * sw->n_dens + d];
			double v = which ? r->aware100 : r->pdr300;
			if (r->ok)
				fprintf(f, "%.1f,%.1f ", L + (W - L - R) * sw->dens[d] / xmax,
					T + (H - T - B) * (1 - v));
		}
		fprintf(f, "\"/>\n");
		/* a dot per run, so that a profile with a single finished density still shows */
		for (size_t d = 0; d < sw->n_dens; d++) {
			const sim_run *r = &runs[c * sw->n_dens + d];
			if (r->ok)
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
					L + (W - L - R) * sw->dens[d] / xmax,
					T + (H - T - B) * (1 - (which ? r->aware100 : r->pdr300)), color);
		}
		fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s, %s</text>\n", W - R + 10, T + 14.0 * (double)c,
			color, sw->combos[c].profile, sw->combos[c].policy);
	}
	fprintf(f, "</svg>\n");
	return fclose(f) == 0 ? 0 : -1;
}

/* The density at which awareness within 100 m first falls below 90 %, linearly interpolated
 * between the swept densities that finished. */
static void threshold_text(char *buf, size_t cap, const sim_run *runs, const sim_sweep *sw)
{
	const sim_run *prev = NULL;
	for (size_t d = 0; d < sw->n_dens; d++) {
		if (!runs[d].ok)
			continue;
		if (runs[d].aware100 < 0.9) {
			if (!prev) {
				snprintf(buf, cap, "< %u", runs[d].vehicles);
				return;
			}
			double a = prev->aware100, b = runs[d].aware100;
			snprintf(buf, cap, "%.0f",
				 prev->vehicles + (runs[d].vehicles - prev->vehicles) * (a - 0.9) / (a - b));
			return;
		}
		prev = &runs[d];
	}
	if (prev)
		snprintf(buf, cap, "> %u", prev->vehicles);
	else
		snprintf(buf, cap, "not run");
}

/* The charts' numbers at a glance: per profile and policy (rows) and density (columns). */
static void write_overview(FILE *md, const sim_run *runs, const sim_sweep *sw)
{
	fprintf(md, "Awareness within 100 m / PDR within 300 m, by vehicles (\"-\": not run):\n\n| profile | policy |");
	for (size_t d = 0; d < sw->n_dens; d++)
		fprintf(md, " %u |", sw->dens[d]);
	fprintf(md, "\n|---|---|");
	for (size_t d = 0; d < sw->n_dens; d++)
		fprintf(md, "---:|");
	for (size_t c = 0; c < sw->n_combos; c++) {
		fprintf(md, "\n| `%s` | %s |", sw->combos[c].profile, sw->combos[c].policy);
		for (size_t d = 0; d < sw->n_dens; d++) {
			const sim_run *r = &runs[c * sw->n_dens + d];
			if (r->ok)
				fprintf(md, " %.1f / %.1f %% |", 100 * r->aware100, 100 * r->pdr300);
			else
				fprintf(md, " - |");
		}
	}
	fprintf(md, "\n\nEvery run:\n\n");
}

static void write_tables(FILE *md, const sim_run *runs, const sim_sweep *sw)
{
	write_overview(md, runs, sw);
	fprintf(md, "| profile | policy | vehicles | SPDU B (cert / digest) | WSMs per cert SPDU | PDR <= 300 m | "
		    "awareness 100 m | awareness 300 m | CBR | latency p50 / p99 (ms) | new neighbour verified after, "
		    "p50 (ms) "
		    "| fragmented SPDUs lost | run wall / CPU (s) |\n"
		    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < sw->n_combos * sw->n_dens; i++) {
		const sim_run *r = &runs[i];
		if (!r->ok)
			continue;
		fprintf(md,
			"| `%s` | %s | %u | %.0f / %.0f | %.0f | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.2f / %.2f "
			"| ",
			r->combo->profile, r->combo->policy, r->vehicles, r->spdu_cert, r->spdu_digest, r->wsms_cert,
			100 * r->pdr300, 100 * r->aware100, 100 * r->aware300, 100 * r->cbr, r->p50, r->p99);
		if (isnan(r->learn_p50))
			fprintf(md, "- | ");
		else if (!isnan(r->p2pcd_responses))
			fprintf(md, "%.1f (%.0f certificates sent by P2PCD) | ", r->learn_p50, r->p2pcd_responses);
		else
			fprintf(md, "%.1f | ", r->learn_p50);
		if (r->wsms_cert > 1)
			fprintf(md, "%.1f %% | %.0f / %.1f |\n", 100 * r->frag_lost, r->wall, r->cpu_s);
		else
			fprintf(md, "- | %.0f / %.1f |\n", r->wall, r->cpu_s);
	}
	fprintf(md, "\nDensity at which awareness within 100 m falls below 90 %% (linear between swept densities), "
		    "beside the published channel-saturation densities:\n\n"
		    "| profile | policy | pqsig + ns-3 | Sepulcre et al. 2021 | Twardokus et al. NDSS 2024 |\n"
		    "|---|---|---:|---:|---:|\n");
	for (size_t c = 0; c < sw->n_combos; c++) {
		char t[32];
		const sim_combo *cb = &sw->combos[c];
		threshold_text(t, sizeof t, &runs[c * sw->n_dens], sw);
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

/* Tables and the two charts (files prefix_pdr.svg, prefix_awareness.svg in dir). */
static int write_results(FILE *md, const sim_run *runs, const sim_sweep *sw, const char *dir, const char *prefix)
{
	write_tables(md, runs, sw);
	char path[4200];
	snprintf(path, sizeof path, "%s/%s_pdr.svg", dir, prefix);
	int e = line_chart(path, "PDR within 300 m against density", runs, sw, 0);
	snprintf(path, sizeof path, "%s/%s_awareness.svg", dir, prefix);
	e |= line_chart(path, "Awareness within 100 m (verified BSM in the last 100 ms)", runs, sw, 1);
	if (e)
		return cli_error("report sim: cannot write the charts in %s", dir);
	fprintf(md, "\n![PDR](sim/%s_pdr.svg)\n![awareness](sim/%s_awareness.svg)\n\n", prefix, prefix);
	return CLI_OK;
}

static const char setup_text[] =
	"%u to %u vehicles on a 1 km six-lane highway, 10 Hz BSMs (100-byte payload) each signed as a real IEEE "
	"1609.2 SPDU by pqsig and cut into WSMs by its 1609.3 layer, over ns-3.37 802.11p (OCB, 6 Mb/s, one 10 MHz "
	"channel, 23 dBm, three-range log-distance loss with Nakagami fading), %s simulated seconds each of which "
	"the first %s are warm-up, seed 1. One receiver per run verifies every SPDU for real; the others use the "
	"CPU time measured for it on the machine as processing delay, and the real verdicts never differed from "
	"the model's. Policies: `cert` the certificate in every SPDU, `digest` its HashedId8 (certificates known "
	"beforehand), `j2945` the certificate once per second (SAE J2945/1), `p2pcd` the digest with "
	"certificates learnt over the air (IEEE 1609.2 clause 8, every vehicle a real pqsig P2PCD node).\n\n";

/* The end of the JSON object that starts at p ('{'): just past its closing brace, or NULL. */
static const char *object_end(const char *p)
{
	int depth = 0, in_string = 0;
	for (; *p; p++) {
		if (in_string) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_string = 0;
		} else if (*p == '"') {
			in_string = 1;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}' && --depth == 0) {
			return p + 1;
		}
	}
	return NULL;
}

/*
 * Every run object of a sweep file's "runs" array, in order: fn(ctx, obj) with a NUL-terminated
 * copy of the object (from '{' to '}').  Stops when fn returns non-zero, and returns that; -1 when
 * out of memory.
 */
static int for_each_sweep_run(const char *text, int (*fn)(void *ctx, const char *obj), void *ctx)
{
	const char *p = strstr(text, "\"runs\": [");
	if (!p)
		return 0;
	p += 9;
	for (;;) {
		while (*p == ' ' || *p == '\n' || *p == ',')
			p++;
		const char *end = *p == '{' ? object_end(p) : NULL;
		if (!end)
			return 0;
		size_t len = (size_t)(end - p);
		char *obj = malloc(len + 1);
		if (!obj)
			return -1;
		memcpy(obj, p, len);
		obj[len] = '\0';
		int rc = fn(ctx, obj);
		free(obj);
		if (rc)
			return rc;
		p = end;
	}
}

/* What a pass over a sweep file's runs fills: the grid's runs, and for --resume what was refused. */
typedef struct {
	sim_run *runs;
	size_t n;
	const sim_sweep *sw;
	const char *path;
	size_t kept, index;
} sweep_reader;

/* The grid cell (profile, policy, vehicles) a run object belongs to, or NULL. */
static sim_run *find_cell(const sweep_reader *rd, const char *obj)
{
	char profile[64], policy[16];
	json_string(obj, "profile", profile, sizeof profile);
	json_string(obj, "policy", policy, sizeof policy);
	double vehicles = json_number(obj, "vehicles");
	for (size_t i = 0; i < rd->n; i++)
		if (strcmp(rd->runs[i].combo->profile, profile) == 0 &&
		    strcmp(rd->runs[i].combo->policy, policy) == 0 && rd->runs[i].vehicles == vehicles)
			return &rd->runs[i];
	return NULL;
}

/* The report: a run of the committed sweep shown in its grid cell (the first one there). */
static int show_run(void *ctx, const char *obj)
{
	sim_run *r = find_cell(ctx, obj);
	if (r && !r->ok)
		r->ok = parse_text(r, obj) == 0;
	return 0;
}

/*
 * The committed full sweep (pqsig v2x sim sweep --full): its header, then every run it holds,
 * matched to the full sweep's grid.  Missing file: says so.
 */
static int show_committed_full(FILE *md, const report_opts *o, const char *dir)
{
	const char *path = getenv("PQSIG_SIM_RESULTS");
	if (!path || !*path)
		path = SWEEP_FILE_DEFAULT;
	const sim_sweep *sw = &full_sweep;
	fprintf(md, "### Full sweep (committed result, `%s`)\n\n", path);
	if (access(path, R_OK) != 0) {
		fprintf(md, "Not available: `%s` is missing (run `pqsig v2x sim sweep --full`, docs/sim.md).\n\n",
			path);
		return CLI_OK;
	}
	char *text = read_text(path, "sweep result", 64u << 20);
	if (!text)
		return CLI_ERROR;
	char started[64], machine[512];
	json_string(text, "started_utc", started, sizeof started);
	json_string(text, "machine", machine, sizeof machine);
	if (!*started)
		strcpy(started, "?");
	if (!*machine)
		strcpy(machine, "?");
	size_t n = sw->n_combos * sw->n_dens;
	sim_run *runs = calloc(n, sizeof *runs);
	if (!runs) {
		free(text);
		return cli_error("out of memory");
	}
	name_runs(runs, sw, ".");
	double planned = json_number(text, "runs_planned"), done = json_number(text, "runs_done");
	double wall = json_number(text, "elapsed_wall_s"), cpu = json_number(text, "cpu_s");
	double jobs = json_number(text, "jobs"), nice = json_number(text, "nice"),
	       resumed = json_number(text, "resumed");
	char program[160];
	json_string(text, "program", program, sizeof program);
	size_t found = 0;
	sweep_reader rd = { runs, n, sw, NULL, 0, 0 };
	if (for_each_sweep_run(text, show_run, &rd) != 0) {
		free(text);
		free_runs(runs, n);
		return cli_error("out of memory");
	}
	for (size_t i = 0; i < n; i++)
		found += (size_t)runs[i].ok;
	free(text);
	fprintf(md, "Run %s on %s by `pqsig v2x sim sweep --full` (%.0f at a time", started, machine, jobs);
	if (nice > 0)
		fprintf(md, ", `nice -n %.0f`", nice);
	if (resumed > 0)
		fprintf(md, ", resumed %.0f times with `--resume`", resumed);
	fprintf(md, "): %.0f of %.0f runs in %.0f s of wall time and %.0f s of CPU time; %zu shown%s. ", done, planned,
		wall, cpu, found,
		done < planned ? " (incomplete: the tables and charts hold the runs it has, the thresholds "
				 "only the densities those reached)"
			       : "");
	if (*program)
		fprintf(md, "Simulator: %s. ", program);
	fprintf(md, setup_text, sw->dens[0], sw->dens[sw->n_dens - 1], sw->seconds, sw->warmup);
	int rc = write_results(md, runs, sw, dir, "full");
	(void)o;
	free_runs(runs, n);
	return rc;
}

static const char differences_text[] =
	"What differs in our setup from the published studies (compare trends and ratios between profiles, not "
	"absolute densities):\n\n"
	"- **Channel model:** ns-3.37 YANS, three-range log-distance loss with Nakagami fading, 23 dBm, 6 Mb/s on "
	"one 10 MHz channel, broadcast without retries, and no congestion control (SAE J2945/1 rate or power "
	"adaptation). ns-3.37 times 10 MHz OFDM symbols with a 4 us granularity (up to 4 us shorter than IEEE "
	"802.11 17.4.3 per frame, test_sim_airtime). The published densities come from their own channel models "
	"(Twardokus et al. also measured with software-defined radios and commercial V2V devices).\n"
	"- **Density:** here the vehicles on a 1 km six-lane segment, most of them within decoding range of each "
	"other (about 600 m with this loss model); theirs count vehicles in range under their own models.\n"
	"- **BSM size:** a 100-byte payload stand-in for the J2735 BSM (the seed's size tables) inside the exact "
	"SPDU pqsig produces for the profile and policy, fragments included; a BSM counts only once it is "
	"reassembled and verified. A BSM with path history and extensions is larger, which lowers every "
	"threshold.\n"
	"- **Policy:** the rows beside theirs are `j2945` (the certificate once a second, the digest otherwise). "
	"Twardokus et al. schedule certificate transmissions adaptively (they find up to 93 % of them redundant), "
	"so they send fewer certificates than J2945/1 does here.\n";

int report_section_sim(FILE *md, const report_opts *o)
{
	fprintf(md, "## V2X channel simulation: real SPDUs on ns-3 802.11p\n\n");
	char prog[4096];
	if (report_sim_program(prog, sizeof prog) != 0) {
		fprintf(md, "Not run: `pqsig-v2x-sim` is not built (ns-3 was not found when pqsig was configured; "
			    "`scripts/deps.sh sim` installs it, docs/sim.md).\n");
		return CLI_OK;
	}
	const sim_sweep *sw = &quick_sweep;
	size_t n = sw->n_combos * sw->n_dens;
	char dir[4096];
	if (snprintf(dir, sizeof dir, "%s/sim", o->out_dir) >= (int)sizeof dir)
		return cli_error("report sim: --out path too long");
	mkdir(dir, 0755);
	sim_run *runs = calloc(n, sizeof *runs);
	if (!runs)
		return cli_error("out of memory");
	int rc = name_runs(runs, sw, dir);
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	if (jobs < 1)
		jobs = 1;
	if (rc == CLI_OK)
		rc = run_all(prog, runs, sw, jobs, NULL, NULL);
	if (rc == CLI_OK) {
		fprintf(md,
			"### Quick sweep (run now)\n\n%zu runs of `pqsig-v2x-sim` (docs/sim.md), %ld at a time: ", n,
			jobs);
		fprintf(md, setup_text, sw->dens[0], sw->dens[sw->n_dens - 1], sw->seconds, sw->warmup);
		rc = write_results(md, runs, sw, dir, "quick");
	}
	free_runs(runs, n);
	if (rc == CLI_OK && !o->quick)
		rc = show_committed_full(md, o, dir);
	if (rc == CLI_OK)
		fputs(differences_text, md);
	return rc;
}

/* ------------------------------------------------------------------ */
/* pqsig v2x sim sweep                                                 */
/* ------------------------------------------------------------------ */

typedef struct {
	const char *out;
	const sim_sweep *sw;
	sim_run *runs;
	long jobs;
	char started[32], machine[512];
	/* which simulator made the runs: pqsig's version and the SHA-256 of pqsig-v2x-sim's file */
	char program[160];
	struct timespec t0;
	double earlier_wall_s; /* wall time of the sessions before this one (--resume) */
	unsigned resumes;
} sweep_state;

/* (Re)write the sweep file with every run finished so far: an interrupted sweep keeps its results. */
static int write_sweep_file(sweep_state *st)
{
	const sim_sweep *sw = st->sw;
	size_t n = sw->n_combos * sw->n_dens, done = 0, failed = 0;
	double cpu = 0;
	for (size_t i = 0; i < n; i++) {
		done += (size_t)st->runs[i].ok;
		failed += (size_t)(st->runs[i].done && !st->runs[i].ok);
		cpu += st->runs[i].cpu_s;
	}
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double wall =
		st->earlier_wall_s + (double)(t1.tv_sec - st->t0.tv_sec) + (double)(t1.tv_nsec - st->t0.tv_nsec) / 1e9;
	cli_output out;
	if (cli_output_open(&out, st->out, CLI_WRITE_FORCE))
		return CLI_ERROR;
	FILE *f = out.f;
	fprintf(f, "{\n  \"sweep\": \"%s\",\n  \"started_utc\": \"%s\",\n  \"machine\": \"%s\",\n", sw->name,
		st->started, st->machine);
	fprintf(f, "  \"program\": \"%s\",\n  \"resumed\": %u,\n", st->program, st->resumes);
	fprintf(f, "  \"jobs\": %ld,\n  \"nice\": %d,\n  \"duration_s\": %s,\n  \"warmup_s\": %s,\n", st->jobs,
		getpriority(PRIO_PROCESS, 0), sw->seconds, sw->warmup);
	fprintf(f,
		"  \"runs_planned\": %zu,\n  \"runs_done\": %zu,\n  \"runs_failed\": %zu,\n  \"complete\": %s,\n"
		"  \"elapsed_wall_s\": %.0f,\n  \"cpu_s\": %.1f,\n  \"runs\": [",
		n, done, failed, done == n ? "true" : "false", wall, cpu);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const sim_run *r = &st->runs[i];
		if (!r->ok)
			continue;
		size_t len = strlen(r->text);
		while (len && (r->text[len - 1] == '\n' || r->text[len - 1] == ' '))
			len--;
		fprintf(f, "%s\n{ \"run_cpu_s\": %.1f,\n%.*s", k++ ? "," : "", r->cpu_s, (int)len - 1, r->text + 1);
	}
	fprintf(f, "\n]\n}\n");
	return cli_output_commit(&out);
}

static void sweep_progress(void *ctx)
{
	write_sweep_file(ctx);
}

/* "pqsig VERSION, pqsig-v2x-sim sha256 HEX": which simulator a sweep's runs come from. */
static int program_identity(const char *prog, char *buf, size_t cap)
{
	size_t len = 0;
	uint8_t *bytes = cli_read_file(prog, "simulator program", &len, (size_t)256 << 20);
	if (!bytes)
		return CLI_ERROR;
	uint8_t h[32];
	pqs_sha256(h, bytes, len);
	free(bytes);
	int k = snprintf(buf, cap, "pqsig %s, pqsig-v2x-sim sha256 ", PQSIG_VERSION_STRING);
	for (size_t i = 0; i < sizeof h && k > 0 && (size_t)k + 2 < cap; i++)
		k += snprintf(buf + k, cap - (size_t)k, "%02x", h[i]);
	return CLI_OK;
}

/*
 * --resume, one run of the existing file: it must belong to the sweep's grid with the sweep's
 * simulated time and warm-up, once; it is then kept as finished (its JSON and CPU time).
 */
static int keep_run(void *ctx, const char *obj)
{
	sweep_reader *rd = ctx;
	rd->index++;
	sim_run *r = find_cell(rd, obj);
	char profile[64], policy[16];
	json_string(obj, "profile", profile, sizeof profile);
	json_string(obj, "policy", policy, sizeof policy);
	if (!r || json_number(obj, "duration_s") != atof(rd->sw->seconds) ||
	    json_number(obj, "warmup_s") != atof(rd->sw->warmup))
		return cli_error(
			"sim sweep --resume: %s: run %zu (%s %s, %.0f vehicles, %g s) is not a run of the --%s "
			"sweep (--force starts again)",
			rd->path, rd->index, profile, policy, json_number(obj, "vehicles"),
			json_number(obj, "duration_s"), rd->sw->name);
	if (r->ok)
		return cli_error("sim sweep --resume: %s: run %zu (%s %s, %u vehicles) is there twice", rd->path,
				 rd->index, profile, policy, r->vehicles);
	/* the file holds { "run_cpu_s": X,\n then the run's own JSON from after its '{' */
	const char *rest = strstr(obj, "\"run_cpu_s\":");
	rest = rest ? strchr(rest, ',') : NULL;
	if (!rest || rest[1] != '\n' || parse_text(r, obj) != 0)
		return cli_error("sim sweep --resume: %s: run %zu is not a run the sweep wrote", rd->path, rd->index);
	size_t len = strlen(rest + 2);
	if (!(r->text = malloc(len + 2)))
		return cli_error("out of memory");
	r->text[0] = '{';
	memcpy(r->text + 1, rest + 2, len + 1);
	r->ok = r->done = 1;
	rd->kept++;
	return 0;
}

/*
 * --resume: keep the runs of the existing sweep file when it is the same sweep (name, simulated
 * time, warm-up) made by the same simulator (program identity), and carry its start, wall time and
 * machine over.  A mismatch is refused: mixing runs of two simulators in one result would be wrong.
 */
static int resume_from(sweep_state *st)
{
	char *text = read_text(st->out, "sweep result", 64u << 20);
	if (!text)
		return CLI_ERROR;
	char name[16], program[160], machine[512];
	json_string(text, "sweep", name, sizeof name);
	json_string(text, "program", program, sizeof program);
	json_string(text, "machine", machine, sizeof machine);
	int rc = CLI_OK;
	if (strcmp(name, st->sw->name) != 0 || json_number(text, "duration_s") != atof(st->sw->seconds) ||
	    json_number(text, "warmup_s") != atof(st->sw->warmup))
		rc = cli_error("sim sweep --resume: %s is not a --%s sweep of %s s with %s s warm-up (--force starts "
			       "again)",
			       st->out, st->sw->name, st->sw->seconds, st->sw->warmup);
	else if (!*program)
		rc = cli_error("sim sweep --resume: %s does not say which simulator made its runs (written before "
			       "--resume existed); --force starts again",
			       st->out);
	else if (strcmp(program, st->program) != 0)
		rc = cli_error("sim sweep --resume: %s was made by another simulator (%s; this one is %s); --force "
			       "starts again",
			       st->out, program, st->program);
	sweep_reader rd = { st->runs, st->sw->n_combos * st->sw->n_dens, st->sw, st->out, 0, 0 };
	if (rc == CLI_OK && (rc = for_each_sweep_run(text, keep_run, &rd)) < 0)
		rc = cli_error("out of memory");
	if (rc == CLI_OK) {
		json_string(text, "started_utc", st->started, sizeof st->started);
		double wall = json_number(text, "elapsed_wall_s"), resumed = json_number(text, "resumed");
		st->earlier_wall_s = isnan(wall) ? 0 : wall;
		st->resumes = isnan(resumed) ? 1 : (unsigned)resumed + 1;
		if (strcmp(machine, st->machine) != 0)
			fprintf(stderr, "sim sweep --resume: note: %s was started on another machine (%s)\n", st->out,
				machine);
		fprintf(stderr, "sim: resuming %s: %zu runs kept\n", st->out, rd.kept);
	}
	free(text);
	return rc == CLI_OK ? CLI_OK : CLI_ERROR;
}

int report_sim_sweep(int argc, char **argv)
{
	const char *quick = NULL, *full = NULL, *jobs_s = NULL, *out = NULL, *force = NULL, *resume = NULL;
	const cli_opt opts[] = { { NULL, "--quick", 0, &quick }, { NULL, "--full", 0, &full },
				 { "-j", "--jobs", 1, &jobs_s }, { "-o", "--out", 1, &out },
				 { NULL, "--force", 0, &force }, { NULL, "--resume", 0, &resume } };
	if (cli_parse(argc, argv, 2, opts, COUNT(opts), NULL, 0, NULL))
		return CLI_ERROR;
	if (quick && full)
		return cli_error("sim sweep: --quick or --full, not both");
	if (force && resume)
		return cli_error("sim sweep: --force (start again) or --resume (keep the finished runs), not both");
	sweep_state st;
	memset(&st, 0, sizeof st);
	st.sw = quick ? &quick_sweep : &full_sweep;
	st.out = out ? out : quick ? "sim-quick-sweep.json" : SWEEP_FILE_DEFAULT;
	uint64_t jobs = (uint64_t)sysconf(_SC_NPROCESSORS_ONLN);
	if (jobs_s && cli_parse_u64(jobs_s, "--jobs", 1, 256, &jobs))
		return CLI_ERROR;
	st.jobs = (long)(jobs ? jobs : 1);
	int exists = access(st.out, F_OK) == 0;
	if (!force && !resume && exists)
		return cli_error("sim sweep: %s exists (--resume keeps its finished runs, --force replaces it)",
				 st.out);
	char prog[4096];
	if (report_sim_program(prog, sizeof prog) != 0)
		return cli_error("sim sweep: pqsig-v2x-sim is not built (scripts/deps.sh sim, then rebuild)");
	if (program_identity(prog, st.program, sizeof st.program) != CLI_OK)
		return CLI_ERROR;
	size_t n = st.sw->n_combos * st.sw->n_dens;
	st.runs = calloc(n, sizeof *st.runs);
	if (!st.runs)
		return cli_error("out of memory");
	time_t now = time(NULL);
	strftime(st.started, sizeof st.started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	bench_machine_info(st.machine, sizeof st.machine);
	for (char *c = st.machine; *c; c++)
		if (*c == '"' || *c == '\\')
			*c = '\'';
	clock_gettime(CLOCK_MONOTONIC, &st.t0);
	char dir[] = "/tmp/pqsig-sim-sweep-XXXXXX";
	int made = mkdtemp(dir) != NULL;
	int rc = made ? CLI_OK : cli_error("sim sweep: cannot create a directory in /tmp");
	if (rc == CLI_OK)
		rc = name_runs(st.runs, st.sw, dir);
	if (rc == CLI_OK && resume && exists)
		rc = resume_from(&st);
	if (rc == CLI_OK)
		rc = write_sweep_file(&st);
	if (rc == CLI_OK) {
		fprintf(stderr, "sim: %zu runs, %ld at a time, results in %s (runs in %s)\n", n, st.jobs, st.out, dir);
		rc = run_all(prog, st.runs, st.sw, st.jobs, sweep_progress, &st);
		if (write_sweep_file(&st) != CLI_OK)
			rc = CLI_ERROR;
	} else if (made) {
		rmdir(dir); /* refused before any run: leave nothing behind */
	}
	free_runs(st.runs, n);
	return rc;
}
