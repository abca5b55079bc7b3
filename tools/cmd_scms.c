/*
 * `pqsig scms issue --certs N --profile P [--vehicles V] [--json]`: runs
 * the whole SCMS issuance flow (vehicle -> RA -> ACA -> RA -> vehicle, see
 * include/pqsig/scms.h) for each profile and reports the bytes each
 * message carries and each role's CPU time.  `--profile wg1609` names the
 * 1609 WG July 2026 proposal's ACAs: SLH-DSA (FIPS 205) signing ECDSA
 * pseudonym certificates (butterfly keys, unified) and FN-DSA-512 vehicle
 * keys (path (a)).
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "pqsig/v2x.h"
#include "scms_tool.h"

typedef struct {
	const char *prefix;
	pqs_scms_mode mode;
	pqs_scms_cert_type ct;
} kind_name;

static const kind_name kinds[] = {
	{ "original-implicit", PQS_SCMS_BUTTERFLY_ORIGINAL, PQS_SCMS_IMPLICIT },
	{ "unified-implicit", PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_IMPLICIT },
	{ "original", PQS_SCMS_BUTTERFLY_ORIGINAL, PQS_SCMS_EXPLICIT },
	{ "unified", PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_EXPLICIT },
	{ "pqc-plain", PQS_SCMS_PQC_PLAIN, PQS_SCMS_EXPLICIT },
	{ "pqc-encrypted", PQS_SCMS_PQC_ENCRYPTED, PQS_SCMS_EXPLICIT },
};

/* A scheme name -> its V2X algorithm, registered in this build. */
static const v2x_alg *scheme(const char *name, const char *profile)
{
	const v2x_alg *a = pqs_v2x_alg_find(name);
	if (!a) {
		cli_error("profile '%s': unknown scheme '%s'", profile, name);
		return NULL;
	}
	if (!pqs_v2x_alg_class(a)) {
		cli_error("profile '%s': %s is not registered in this build", profile, name);
		return NULL;
	}
	return a;
}

static int parse_one(const char *s, scms_profile *p)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", s);
	const char *colon = strchr(s, ':');
	size_t klen = colon ? (size_t)(colon - s) : strlen(s);
	const kind_name *k = NULL;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strlen(kinds[i].prefix) == klen && strncmp(s, kinds[i].prefix, klen) == 0)
			k = &kinds[i];
	if (!k)
		return cli_error("unknown SCMS profile '%s' (try unified:ML-DSA-44, pqc-plain:ML-DSA-44, all, wg1609)",
				 s);
	p->mode = k->mode;
	p->cert_type = k->ct;
	char veh[48] = "", ca[48] = "";
	if (colon) {
		const char *slash = strchr(colon + 1, '/');
		if (k->mode >= PQS_SCMS_PQC_PLAIN && slash) {
			snprintf(veh, sizeof veh, "%.*s", (int)(slash - colon - 1), colon + 1);
			snprintf(ca, sizeof ca, "%s", slash + 1);
		} else if (k->mode >= PQS_SCMS_PQC_PLAIN) {
			snprintf(veh, sizeof veh, "%s", colon + 1);
			snprintf(ca, sizeof ca, "%s", colon + 1);
		} else {
			snprintf(ca, sizeof ca, "%s", colon + 1);
		}
	} else if (k->mode >= PQS_SCMS_PQC_PLAIN) {
		return cli_error("profile '%s' needs a PQC scheme, e.g. %s:ML-DSA-44", s, k->prefix);
	} else {
		snprintf(ca, sizeof ca, "ECDSA");
	}
	const v2x_alg *ca_alg = scheme(ca, s), *veh_alg = NULL;
	if (!ca_alg)
		return CLI_ERROR;
	if (k->mode >= PQS_SCMS_PQC_PLAIN) {
		if (!(veh_alg = scheme(veh, s)))
			return CLI_ERROR;
		const pqs_sig_class *c = pqs_v2x_alg_class(veh_alg);
		if (!(c->flags & PQS_SIG_PQC) || (c->flags & PQS_SIG_COMPOSITE))
			return cli_error("profile '%s': the vehicle scheme must be a PQC scheme", s);
	} else {
		veh_alg = pqs_v2x_alg_find("ECDSA");
	}
	if (k->ct == PQS_SCMS_IMPLICIT && strcmp(ca_alg->registry_name, "ECDSA-P256") != 0)
		return cli_error("profile '%s': implicit certificates need an ECDSA-P256 ACA (ECQV)", s);
	p->ca = ca_alg->registry_name;
	p->ca_v2x = ca_alg->name;
	p->pqc = k->mode >= PQS_SCMS_PQC_PLAIN ? veh_alg->registry_name : NULL;
	p->vehicle_v2x = veh_alg->name;
	return CLI_OK;
}

/* The 1609 WG proposal's SLH-DSA ACAs (issue 15), FN-DSA-512 for comparison. */
static const char *const wg1609_profiles[] = {
	"unified:FN-DSA-512",
	"unified:SLH-DSA-SHA2-128s",
	"unified:SLH-DSA-SHAKE-128s",
	"unified:SLH-DSA-SHA2-128f",
	"pqc-plain:FN-DSA-512/SLH-DSA-SHA2-128s",
};

static int add(scms_profile *out, size_t max, size_t *n, const char *name)
{
	if (*n >= max)
		return cli_error("too many SCMS profiles (at most %zu)", max);
	if (parse_one(name, &out[*n]) != CLI_OK)
		return CLI_ERROR;
	(*n)++;
	return CLI_OK;
}

/* Add a list entry only if its schemes are registered (lists skip what this build lacks). */
static int add_if_available(scms_profile *out, size_t max, size_t *n, const char *name, const char *a,
                            const char *b)
{
	const v2x_alg *x = pqs_v2x_alg_find(a), *y = b ? pqs_v2x_alg_find(b) : NULL;
	if (!x || !pqs_v2x_alg_class(x) || (b && (!y || !pqs_v2x_alg_class(y))))
		return CLI_OK;
	return add(out, max, n, name);
}

int scms_profiles_parse(const char *spec, scms_profile *out, size_t max, size_t *n)
{
	*n = 0;
	char buf[1024];
	if (snprintf(buf, sizeof buf, "%s", spec) >= (int)sizeof buf)
		return cli_error("--profile list too long");
	for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
		char name[96];
		int rc = CLI_OK;
		if (strcmp(tok, "all") == 0 || strcmp(tok, "seed") == 0) {
			int all = strcmp(tok, "all") == 0;
			/* ECDSA vehicle with each CA scheme (butterfly, unified: one caterpillar key). */
			for (size_t i = 0; i < pqs_v2x_alg_count() && rc == CLI_OK; i++) {
				const v2x_alg *a = pqs_v2x_alg_at(i);
				if (!all && strcmp(a->name, "ECDSA") && strcmp(a->name, "ML-DSA-44") && strcmp(a->name, "FN-DSA-512"))
					continue;
				snprintf(name, sizeof name, "unified:%s", a->name);
				rc = add_if_available(out, max, n, name, a->name, NULL);
			}
			if (all && rc == CLI_OK)
				rc = add(out, max, n, "original:ECDSA");
			if (all && rc == CLI_OK)
				rc = add(out, max, n, "unified-implicit");
			if (all && rc == CLI_OK)
				rc = add(out, max, n, "original-implicit");
			const char *pqc[] = { "ML-DSA-44", "FN-DSA-512" };
			for (int i = 0; i < 2 && rc == CLI_OK; i++) {
				snprintf(name, sizeof name, "pqc-plain:%s", pqc[i]);
				rc = add_if_available(out, max, n, name, pqc[i], NULL);
				snprintf(name, sizeof name, "pqc-encrypted:%s", pqc[i]);
				if (rc == CLI_OK)
					rc = add_if_available(out, max, n, name, pqc[i], NULL);
			}
		} else if (strcmp(tok, "wg1609") == 0) {
			for (size_t i = 0; i < sizeof wg1609_profiles / sizeof wg1609_profiles[0] && rc == CLI_OK; i++)
				rc = add(out, max, n, wg1609_profiles[i]);
		} else {
			rc = add(out, max, n, tok);
		}
		if (rc != CLI_OK)
			return rc;
	}
	if (*n == 0)
		return cli_error("no SCMS profile selected");
	return CLI_OK;
}

int scms_profile_run(const scms_profile *p, uint32_t certs, uint32_t vehicles, unsigned workers,
		     pqs_scms_flow_result *r)
{
	pqs_scms_flow_cfg cfg = { .mode = p->mode,
				  .cert_type = p->cert_type,
				  .ca_alg = p->ca,
				  .pqc_alg = p->pqc,
				  .certs = certs,
				  .vehicles = vehicles,
				  .aca_workers = workers };
	int rc = pqs_scms_flow_run(&cfg, r, NULL);
	if (rc != PQS_OK)
		return cli_error("scms profile %s: %s", p->name, pqs_scms_strerror(rc));
	return CLI_OK;
}

int scms_profile_sizes_at(const scms_profile *p, uint32_t certs, pqs_scms_flow_result *r)
{
	if (certs < 20)
		return scms_profile_run(p, certs, 1, 0, r);
	pqs_scms_flow_cfg cfg = { .mode = p->mode, .cert_type = p->cert_type, .ca_alg = p->ca, .pqc_alg = p->pqc,
		                      .vehicles = 1 };
	int rc = pqs_scms_flow_sizes_at(&cfg, certs, r, NULL);
	if (rc != PQS_OK)
		return cli_error("scms profile %s: %s", p->name, pqs_scms_strerror(rc));
	return CLI_OK;
}

static const char *path_name(pqs_scms_mode m)
{
	switch (m) {
	case PQS_SCMS_BUTTERFLY_ORIGINAL: return "butterfly (original)";
	case PQS_SCMS_BUTTERFLY_UNIFIED: return "butterfly (unified)";
	case PQS_SCMS_PQC_PLAIN: return "PQC keys, plain (a)";
	default: return "PQC keys, encrypted (b)";
	}
}

static int cmd_scms_issue(int argc, char **argv)
{
	const char *certs_s = NULL, *profile = NULL, *json = NULL, *veh_s = NULL, *workers_s = NULL;
	cli_opt opts[] = {
		{ "-n", "--certs", 1, &certs_s },  { "-p", "--profile", 1, &profile },
		{ NULL, "--vehicles", 1, &veh_s }, { NULL, "--workers", 1, &workers_s },
		{ NULL, "--json", 0, &json },
	};
	if (cli_parse(argc, argv, 2, opts, 5, NULL, 0, NULL))
		return CLI_ERROR;
	uint64_t certs = 3120, vehicles = 1, workers = 0; /* 20 per week for 3 years: the seed's figure */
	if (certs_s && cli_parse_u64(certs_s, "--certs", 1, PQS_SCMS_MAX_CERTS, &certs))
		return CLI_ERROR;
	if (veh_s && cli_parse_u64(veh_s, "--vehicles", 1, 64, &vehicles))
		return CLI_ERROR;
	if (workers_s && cli_parse_u64(workers_s, "--workers", 1, PQS_SCMS_MAX_WORKERS, &workers))
		return CLI_ERROR;
	static scms_profile prof[SCMS_PROFILE_MAX];
	size_t np = 0;
	if (scms_profiles_parse(profile ? profile : "all", prof, SCMS_PROFILE_MAX, &np))
		return CLI_ERROR;
	if (json)
		printf("[\n");
	else
		printf("%-28s %-24s %6s %12s %14s %12s %10s %10s %10s %10s %7s\n", "profile", "path", "certs",
		       "upload key B", "upload req B", "download B", "vehicle s", "RA s", "ACA s", "ACA wall s",
		       "workers");
	for (size_t i = 0; i < np; i++) {
		pqs_scms_flow_result r;
		bench_progress("scms: %s (%zu/%zu), %u certificates", prof[i].name, i + 1, np, (unsigned)certs);
		int rc = scms_profile_run(&prof[i], (uint32_t)certs, (uint32_t)vehicles, (unsigned)workers, &r);
		bench_progress_done();
		if (rc)
			return CLI_ERROR;
		if (json) {
			printf("  {\"profile\": ");
			bench_json_string(stdout, prof[i].name);
			printf(", \"path\": ");
			bench_json_string(stdout, path_name(prof[i].mode));
			printf(", \"vehicle_key\": ");
			bench_json_string(stdout, prof[i].vehicle_v2x);
			printf(", \"ca\": ");
			bench_json_string(stdout, prof[i].ca_v2x);
			printf(", \"cert_type\": \"%s\", \"certs\": %u, \"vehicles\": %u, \"upload_key_bytes\": %zu, "
			       "\"upload_request_bytes\": %zu, \"download_bytes\": %zu, \"ra_to_aca_bytes\": %zu, "
			       "\"aca_to_ra_bytes\": %zu, \"vehicle_cpu_s\": %.6f, \"ra_cpu_s\": %.6f, \"aca_cpu_s\": "
			       "%.6f, "
			       "\"aca_wall_s\": %.6f, \"aca_workers\": %u, \"ra_can_link\": %s}%s\n",
			       prof[i].cert_type == PQS_SCMS_IMPLICIT ? "implicit" : "explicit", r.certs,
			       (unsigned)vehicles, r.upload_key_bytes, r.upload_request_bytes, r.download_bytes,
			       r.ra_to_aca_bytes, r.aca_to_ra_bytes, r.vehicle_cpu_s, r.ra_cpu_s, r.aca_cpu_s,
			       r.aca_wall_s, r.aca_workers, prof[i].mode == PQS_SCMS_PQC_PLAIN ? "true" : "false",
			       i + 1 < np ? "," : "");
		} else {
			printf("%-28s %-24s %6u %12zu %14zu %12zu %10.3f %10.3f %10.3f %10.3f %7u\n", prof[i].name,
			       path_name(prof[i].mode), r.certs, r.upload_key_bytes, r.upload_request_bytes,
			       r.download_bytes, r.vehicle_cpu_s, r.ra_cpu_s, r.aca_cpu_s, r.aca_wall_s, r.aca_workers);
		}
		fflush(stdout);
	}
	if (json)
		printf("]\n");
	return CLI_OK;
}

int cmd_scms(int argc, char **argv)
{
	if (argc < 2)
		return cli_error("scms needs a subcommand: issue");
	if (strcmp(argv[1], "issue") == 0)
		return cmd_scms_issue(argc, argv);
	return cli_error("unknown scms subcommand '%s' (try 'issue')", argv[1]);
}
