/*
 * Report section "v2x-bench": the seed's V2X signing / verification table
 * reproduced through the 1609.2 stack (`pqsig bench v2x`, bench/bench_v2x.c),
 * beside the seed's Raspberry Pi 5 figures read from
 * ../shared/notes/performance-anchors.md, then the stack-overhead and
 * all-cores table with the targets, sizes and fragment counts, and
 * why our ratios to ECDSA differ from the seed's.
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_v2x.h"
#include "cli.h"
#include "report.h"

/* One row of the seed's V2X table. */
typedef struct {
	char profile[2 * 64 + 2]; /* "VEHICLE/CA" of two normalised names */
	double sign_p99_ms;
	double verify_per_s;
	double ratio;
	long bytes;
} seed_row;

/* "ECDSA + ML-DSA-87 (composite)" -> "ECDSA+ML-DSA-87"; "ECDSA-P256 (...)" -> "ECDSA". */
static void normalise(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	for (const char *p = in; *p && *p != '(' && n + 1 < cap; p++)
		if (!isspace((unsigned char)*p))
			out[n++] = *p;
	out[n] = 0;
	if (strcmp(out, "ECDSA-P256") == 0)
		strcpy(out, "ECDSA");
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

/* Number with thousands separators ("9,160") */
static double number(const char *s)
{
	char buf[64];
	size_t n = 0;
	for (; *s && n + 1 < sizeof buf; s++)
		if (*s != ',')
			buf[n++] = *s;
	buf[n] = 0;
	return strtod(buf, NULL);
}

/*
 * Read the table that follows "V2X (per SPDU" in performance-anchors.md:
 * | vehicle | CA | sign p99 (ms) | verify /s (x ECDSA) | SPDU bytes |.
 * Returns the number of rows (0 if the file is missing or changed shape).
 */
static size_t read_seed(const char *shared_dir, seed_row *rows, size_t max)
{
	char path[1024], line[512];
	snprintf(path, sizeof path, "%s/notes/performance-anchors.md", shared_dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t n = 0;
	int in_table = 0;
	while (fgets(line, sizeof line, f) && n < max) {
		if (!in_table) {
			in_table = strncmp(line, "V2X (per SPDU", 13) == 0;
			continue;
		}
		if (line[0] != '|') {
			if (n > 0)
				break; /* end of the table */
			continue;
		}
		char *cell[8];
		size_t nc = 0;
		for (char *p = strtok(line + 1, "|"); p && nc < 8; p = strtok(NULL, "|"))
			cell[nc++] = trim(p);
		if (nc < 5 || !isdigit((unsigned char)cell[2][0]))
			continue; /* header, separator, or the digest-signer row without timings */
		char veh[64], ca[64];
		normalise(cell[0], veh, sizeof veh);
		normalise(cell[1], ca, sizeof ca);
		seed_row *r = &rows[n++];
		if (strcmp(veh, ca) == 0)
			snprintf(r->profile, sizeof r->profile, "%s", veh);
		else
			snprintf(r->profile, sizeof r->profile, "%s/%s", veh, ca);
		r->sign_p99_ms = strtod(cell[2], NULL);
		r->verify_per_s = number(cell[3]);
		const char *paren = strchr(cell[3], '(');
		r->ratio = paren ? strtod(paren + 1, NULL) : 0;
		r->bytes = (long)number(cell[4]);
	}
	fclose(f);
	return n;
}

static const seed_row *seed_find(const seed_row *rows, size_t n, const char *profile)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].profile, profile) == 0)
			return &rows[i];
	return NULL;
}

/* "VEHICLE/CA" -> the two table cells (one name: the same algorithm for both). */
static void copy_part(char *out, size_t cap, const char *from, size_t len)
{
	if (len >= cap)
		len = cap - 1;
	memcpy(out, from, len);
	out[len] = 0;
}

static void split_profile(const char *profile, char *veh, char *ca, size_t cap)
{
	const char *slash = strchr(profile, '/');
	size_t len = strlen(profile);
	if (!slash) {
		copy_part(veh, cap, profile, len);
		copy_part(ca, cap, profile, len);
	} else {
		copy_part(veh, cap, profile, (size_t)(slash - profile));
		copy_part(ca, cap, slash + 1, len - (size_t)(slash - profile) - 1);
	}
}

static const char *mark(int ok)
{
	return ok ? "✓" : "✗";
}

/*
 * Issue 16 item 7, the seed's conditions: `pqsig bench v2x --json` again in a
 * child process with pqsig on portable C only (PQSIG_NO_SIMD=1) and OpenSSL's
 * optional x86 extensions masked (OPENSSL_ia32cap, docs/ARCHITECTURE.md).
 * A child, because both switches are read once when a process starts.  The
 * JSON goes to a temporary file; 0 if it was written.
 */
#define PORTABLE_IA32CAP "~0x1000000000000000:~0x200b012b"
static int run_portable_child(int quick, char *json_path, size_t json_path_size)
{
	snprintf(json_path, json_path_size, "/tmp/pqsig-v2x-portable-XXXXXX");
	int fd = mkstemp(json_path);
	if (fd < 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		if (dup2(fd, STDOUT_FILENO) < 0)
			_exit(127);
		int devnull = open("/dev/null", O_WRONLY);
		if (devnull >= 0)
			dup2(devnull, STDERR_FILENO);
		setenv("PQSIG_NO_SIMD", "1", 1);
		setenv("OPENSSL_ia32cap", PORTABLE_IA32CAP, 1);
		char *args[] = { "pqsig", "bench", "v2x", "--json", quick ? "--quick" : NULL, NULL };
		execv("/proc/self/exe", args);
		_exit(127);
	}
	close(fd);
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		unlink(json_path);
		return -1;
	}
	return 0;
}

/* ratio_to_ecdsa of `profile` in bench v2x's JSON (one object per line); -1 if absent. */
static double portable_ratio(const char *json, const char *profile)
{
	char key[160];
	snprintf(key, sizeof key, "{\"profile\":\"%.120s\",", profile); /* names are < 64 bytes */
	const char *at = strstr(json, key);
	if (!at)
		return -1;
	const char *eol = strchr(at, '\n');
	const char *r = strstr(at, "\"ratio_to_ecdsa\":");
	if (!r || (eol && r > eol))
		return -1;
	return strtod(r + strlen("\"ratio_to_ecdsa\":"), NULL);
}

static void report_portable(FILE *md, const report_opts *o, const bench_v2x_result *res, const seed_row *seed,
			    size_t nseed)
{
	fprintf(md, "\n### Portable pqsig against OpenSSL with its extensions masked (the seed's conditions)\n\n");
	char path[64];
	char *json = NULL;
	size_t len = 0;
	if (run_portable_child(o->quick, path, sizeof path) == 0) {
		uint8_t *bytes = cli_read_file(path, "portable bench v2x output", &len, (size_t)1 << 20);
		unlink(path);
		json = bytes ? malloc(len + 1) : NULL; /* NUL-terminated for strstr */
		if (json) {
			memcpy(json, bytes, len);
			json[len] = 0;
		}
		free(bytes);
	}
	if (!json) {
		fprintf(md, "(The portable run could not be made: `PQSIG_NO_SIMD=1 pqsig bench v2x --json` failed.)\n");
		return;
	}
	fprintf(md,
		"The seed measured on a Raspberry Pi 5 with no assembly on either side. The same table again, in a "
		"child process with `PQSIG_NO_SIMD=1` (pqsig's portable C only: no AVX2 NTTs, no four-way Keccak, "
		"no SHA-NI) and `OPENSSL_ia32cap=\"%s\"` (AVX, AVX2, AVX-512, BMI1/2, ADX and SHA masked in "
		"OpenSSL). OpenSSL's P-256 stays its `ecp_nistz256` assembly: the mask only removes the "
		"extensions inside it (measured within about 10 %% of the default, docs/ARCHITECTURE.md), and only "
		"an OpenSSL built with `no-asm` would remove it. So this is as close to the seed's conditions as "
		"this machine's OpenSSL allows: pqsig portable, ECDSA still assembly.\n\n",
		PORTABLE_IA32CAP);
	fprintf(md, "| profile | × ECDSA, default | × ECDSA, portable pqsig + masked OpenSSL | seed × ECDSA |\n"
		    "|---|---:|---:|---:|\n");
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available || strcmp(r->profile, "ECDSA") == 0)
			continue;
		const seed_row *s = seed_find(seed, nseed, r->profile);
		double p = portable_ratio(json, r->profile);
		char pc[32], sc[32];
		snprintf(pc, sizeof pc, p >= 0 ? "%.2f" : "-", p);
		snprintf(sc, sizeof sc, s ? "%.2f" : "-", s ? s->ratio : 0.0);
		fprintf(md, "| %s | %.2f | %s | %s |\n", r->profile, r->ratio_to_ecdsa, pc, sc);
	}
	fprintf(md,
		"\nPortable pqsig moves the ratios away from the seed's, not towards them: the PQC side loses its "
		"SIMD while the ECDSA denominator keeps its assembly. The seed's ratios need an ECDSA without "
		"assembly as the denominator (its Raspberry Pi 5 build), which this machine's OpenSSL cannot give.\n");
	free(json);
}

int report_section_v2x_bench(FILE *md, const report_opts *o)
{
	bench_v2x_result res[BENCH_V2X_N_SEED], ecdsa;
	bench_yardstick y;
	if (bench_v2x_collect(bench_v2x_seed_profiles, BENCH_V2X_N_SEED, o->quick, res, &ecdsa, &y))
		return CLI_ERROR;
	seed_row seed[16];
	size_t nseed = read_seed(o->shared_dir, seed, 16);

	fprintf(md, "## V2X: signing and verification through the IEEE 1609.2 stack\n\n");
	fprintf(md,
	        "`pqsig bench v2x%s` runs the real stack (`include/pqsig/v2x.h`): a root CA and a vehicle certificate "
	        "issued by it, SPDUs with a 100-byte BSM payload, PSID 0x20, generationTime and the signer certificate "
	        "attached, as in the seed. Signing is the full SPDU (build, hash per 1609.2 section 5.3.1, sign, "
	        "encode), %zu runs. Cold verification parses each SPDU and checks the certificate's CA signature and the "
	        "message signature (no verified-certificate cache); warm verification uses a warm cache, so only the "
	        "message signature is checked. One-core figures are per CPU second of the measuring thread "
	        "(this machine is shared; preemption by other jobs does not count), each rate the best of 7 (quick) or 9 alternating rounds; "
	        "the all-cores figures are wall-clock throughput with one thread per core (%u here). The ECDSA profile "
	        "is verified in every round of every other profile: × ECDSA is the median of the per-round ratios, "
	        "followed by their range.\n\n",
	        o->quick ? " --quick" : "", res[0].sign.n, res[0].threads);

	fprintf(md, "### The seed's table, on this machine\n\n");
	if (!nseed)
		fprintf(md, "(The seed's figures were not found at `%s/notes/performance-anchors.md`.)\n\n", o->shared_dir);
	fprintf(md, "| vehicle signature | CA signature | sign p99 (ms) | margin vs 100 ms | verify/s (× ECDSA) | "
	            "seed: sign p99 (ms) | seed: margin | seed: verify/s (× ECDSA) |\n"
	            "|---|---|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const bench_v2x_result *r = &res[i];
		const seed_row *s = seed_find(seed, nseed, r->profile);
		char veh[64], ca[64], seedcells[160];
		split_profile(r->profile, veh, ca, sizeof veh);
		if (s)
			snprintf(seedcells, sizeof seedcells, "%.2f | %.1f%% | %.0f (%.2f)", s->sign_p99_ms,
			         100.0 * (1.0 - s->sign_p99_ms / 100.0), s->verify_per_s, s->ratio);
		else
			snprintf(seedcells, sizeof seedcells, "- | - | -");
		if (!r->available)
			fprintf(md, "| %s | %s | not registered | | | %s |\n", veh, ca, seedcells);
		else
			fprintf(md, "| %s | %s | %.3f | %.2f%% | %.0f (%.2f; %.2f–%.2f) | %s |\n", veh, ca,
			        r->sign.p99_us / 1000.0, r->sign_margin_pct, r->verify_cold_per_s, r->ratio_to_ecdsa,
			        r->ratio_spread.min, r->ratio_spread.max, seedcells);
	}

	/* Chart: our cold SPDUs/s beside the seed's, per profile both measured (log scale: 400 to 40,000). */
	const char *labels[BENCH_V2X_N_SEED];
	double ours[BENCH_V2X_N_SEED], theirs[BENCH_V2X_N_SEED];
	size_t nchart = 0;
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const seed_row *s = seed_find(seed, nseed, res[i].profile);
		if (res[i].available && s) {
			labels[nchart] = res[i].profile;
			ours[nchart] = res[i].verify_cold_per_s;
			theirs[nchart++] = s->verify_per_s;
		}
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/v2x_verify.svg", o->out_dir);
	const report_series series[2] = { { "pqsig, this machine", ours, NULL, NULL },
		                          { "seed, Raspberry Pi 5", theirs, NULL, NULL } };
	if (nchart && report_bar_chart(path, "V2X SPDU verification, cold (CA + message signature), one core",
	                               "SPDUs/s", labels, series, 2, nchart, 1) == 0)
		fprintf(md, "\n![V2X SPDU verification per second, ours and the seed's](v2x_verify.svg)\n");

	fprintf(md, "\n### Stack overhead, cache, all cores, neighbours served\n\n");
	fprintf(md, "Bare = the same signature checks straight from the signature core (ECDSA over the 32-byte data "
	            "input as digest, PQC and composites over it as message), over as many distinct signatures as the "
	            "stack sees. Stack overhead = 1 − SPDUs/s ÷ bare checks/s, the median over rounds in which the two were "
	            "measured back to back (so it is not exactly 1 − the ratio of the best rates shown); targets: ≤ 10 %% cold and warm, and warm "
	            "≥ 90 %% of bare. Neighbours = vehicles sending 10 BSMs/s that one core verifies. Decode and "
	            "HashedId8 are the two fixed costs every SPDU pays in the stack (parsing; hashing the attached "
	            "certificate to look it up in the cache).\n\n");
	fprintf(md, "| profile | cold SPDUs/s | bare cold/s | overhead cold | warm SPDUs/s | bare warm/s | overhead warm "
	            "| warm ÷ bare | all cores cold / warm | neighbours cold / warm | stack µs/SPDU cold / warm "
	            "| decode µs | HashedId8 µs |\n"
	            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	int all_ok = 1;
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available) {
			fprintf(md, "| %s | not registered | | | | | | | | | | | |\n", r->profile);
			continue;
		}
		double warm_share = r->verify_warm_per_s / r->bare_warm_per_s;
		int ok_c = r->overhead_cold <= 0.10, ok_w = r->overhead_warm <= 0.10, ok_s = warm_share >= 0.90;
		all_ok &= ok_c && ok_w && ok_s;
		/* What the stack adds per SPDU, in CPU microseconds: 1/rate - 1/bare rate. */
		double us_c = 1e6 / r->verify_cold_per_s - 1e6 / r->bare_cold_per_s;
		double us_w = 1e6 / r->verify_warm_per_s - 1e6 / r->bare_warm_per_s;
		fprintf(md, "| %s | %.0f | %.0f | %.1f %% %s | %.0f | %.0f | %.1f %% %s | %.1f %% %s | %.0f / %.0f | %.0f / %.0f "
		            "| %.1f / %.1f | %.2f | %.2f |\n",
		        r->profile, r->verify_cold_per_s, r->bare_cold_per_s, 100.0 * r->overhead_cold, mark(ok_c),
		        r->verify_warm_per_s, r->bare_warm_per_s, 100.0 * r->overhead_warm, mark(ok_w), 100.0 * warm_share,
		        mark(ok_s), r->verify_cold_all_per_s, r->verify_warm_all_per_s, r->verify_cold_per_s / 10.0,
		        r->verify_warm_per_s / 10.0, us_c, us_w, r->decode_us, r->cert_id_us);
	}
	fprintf(md, "\n%s The stack's cost per SPDU (the µs column) grows with the size of the certificates, because it is "
	            "mostly SHA-256: every SPDU hashes the attached certificate for its HashedId8 (to look the signer up "
	            "in the cache) and hashes its data input; a cold SPDU also decodes the signer and root certificates and "
	            "hashes the signer certificate once more, its ToBeSignedCertificate, and the root certificate twice "
	            "(for the CA signature's data input, 1609.2 section 5.3.1, and for the anchor's HashedId8). Keeping "
	            "the anchors' hashes in the store and reusing one hash of the signer certificate would remove most "
	            "of the cold cost (the V2X stack's code, not changed here). "
	            "It weighs most on the fastest signature checks (FN-DSA-512) "
	            "and least on the slowest (ML-DSA-87, composites). On this shared machine the one-core figures move "
	            "by several per cent from run to run, which is the size of the 10 %% margin: a ✗ near the line "
	            "may be noise, a ✗ far from it is not.\n",
	        all_ok ? "Every registered profile meets the overhead and warm-cache targets in this run."
	               : "✗ marks a target missed in this run.");

	fprintf(md, "\n### SPDU sizes and WSM fragments\n\n");
	fprintf(md, "Fragments: `pqs_wsm_fragment_count` (docs/wsm.md; 1609.3 WSM data limit 1400 B default, 2302 B "
		    "maximum); one WSM means no fragmentation.\n\n");
	fprintf(md, "| profile | SPDU bytes | seed | WSMs @1400 | WSMs @2302 |\n|---|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const bench_v2x_result *r = &res[i];
		const seed_row *s = seed_find(seed, nseed, r->profile);
		char sb[32];
		snprintf(sb, sizeof sb, s ? "%ld" : "-", s ? s->bytes : 0L);
		if (!r->available)
			fprintf(md, "| %s | not registered | %s | | |\n", r->profile, sb);
		else
			fprintf(md, "| %s | %zu | %s | %zu | %zu |\n", r->profile, r->spdu_bytes, sb, r->frags_1400,
			        r->frags_2302);
	}

	/* Why the ratios differ: the ECDSA row is the denominator. */
	const seed_row *se = seed_find(seed, nseed, "ECDSA");
	fprintf(md, "\n### Why our ratios to ECDSA differ from the seed's\n\n");
	fprintf(md, "Every ratio divides by the ECDSA row, so it moves with the speed of ECDSA P-256 verification. ");
	if (se)
		fprintf(md, "The seed measured on a Raspberry Pi 5 without assembly: its ECDSA row verified %.0f SPDUs/s, "
		            "about %.0f ECDSA verifications per second (two per cold SPDU), which made the PQC rows look fast. ",
		        se->verify_per_s, 2 * se->verify_per_s);
	fprintf(md, "Here ECDSA is OpenSSL's P-256 with its assembly implementation: the ECDSA row verifies %.0f SPDUs/s "
	            "cold (bare: %.0f pairs of checks per CPU second; OpenSSL's own P-256 verify rate in the same run, by "
	            "wall clock: %.0f/s), while the PQC schemes run pqsig's own C code. The denominator gained much more "
	            "than the numerators, so our ratios are smaller:",
	        ecdsa.verify_cold_per_s, ecdsa.bare_cold_per_s, y.verify.ops_per_s);
	const char *sep = " ";
	for (size_t i = 0; i < BENCH_V2X_N_SEED; i++) {
		const seed_row *s = seed_find(seed, nseed, res[i].profile);
		if (res[i].available && s && strcmp(res[i].profile, "ECDSA") != 0) {
			fprintf(md, "%s%s %.2f× (seed %.2f×)", sep, res[i].profile, res[i].ratio_to_ecdsa, s->ratio);
			sep = ", ";
		}
	}
	fprintf(md, ". The absolute rates, not the ratios, decide how many neighbours a receiver serves.\n");
	report_portable(md, o, res, seed, nseed);
	return CLI_OK;
}
