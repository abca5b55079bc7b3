/*
 * Report section "kcmvp": the four signature candidates of Korea's
 * cryptographic-module validation programme (V2X seed, KCMVP paragraph:
 * AIMer, HAETAE, ML-DSA, SLH-DSA) through the IEEE 1609.2 stack.  For each
 * candidate pqsig implements: the SPDU size when it signs as the vehicle
 * (certificate issued by a CA of the same scheme) and when only the CA uses
 * it (ECDSA vehicle), and the warm-cache verification rate of its
 * vehicle SPDUs, measured with bench_v2x_collect.  A candidate without a
 * registered class is listed as not implemented.
 */
#include <string.h>
#include <strings.h>

#include "bench_v2x.h"
#include "cli.h"
#include "pqsig/sig.h"
#include "pqsig/v2x.h"
#include "report.h"

typedef struct {
	const char *candidate; /* the programme's name */
	const char *family;    /* pqs_sig_class.family of our implementation */
} kcmvp_candidate;

static const kcmvp_candidate candidates[] = {
	{ "AIMer", "AIMer" },
	{ "HAETAE", "HAETAE" },
	{ "ML-DSA", "ML-DSA" },
	{ "SLH-DSA", "SLH-DSA" },
};
#define N_CANDIDATES (sizeof candidates / sizeof candidates[0])

/* The lowest-level registered class of a family (the V2X vehicle choice), or NULL. */
static const pqs_sig_class *smallest_of(const char *family)
{
	const pqs_sig_class *best = NULL;
	for (size_t i = 0; i < pqs_sig_count(); i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		if (strcasecmp(c->family, family) == 0 && (!best || c->sig_max_len < best->sig_max_len))
			best = c;
	}
	return best;
}

int report_section_kcmvp(FILE *md, const report_opts *o)
{
	char names[N_CANDIDATES][2][64];
	const char *profiles[2 * N_CANDIDATES];
	bench_v2x_result res[2 * N_CANDIDATES], ecdsa;
	bench_yardstick y;
	size_t n = 0, slot[N_CANDIDATES];
	const pqs_sig_class *cls[N_CANDIDATES];
	int carried[N_CANDIDATES];

	for (size_t i = 0; i < N_CANDIDATES; i++) {
		cls[i] = smallest_of(candidates[i].family);
		slot[i] = n;
		if (!cls[i])
			continue;
		snprintf(names[i][0], sizeof names[i][0], "%s", cls[i]->name);
		snprintf(names[i][1], sizeof names[i][1], "ECDSA/%s", cls[i]->name);
		v2x_profile pv, pc;
		carried[i] = pqs_v2x_profile_parse(names[i][0], &pv) == V2X_OK &&
			     pqs_v2x_profile_parse(names[i][1], &pc) == V2X_OK;
		if (!carried[i])
			continue; /* too large for the stack's key / signature bounds */
		profiles[n++] = names[i][0];
		profiles[n++] = names[i][1];
	}
	if (n && bench_v2x_collect(profiles, n, o->quick, res, &ecdsa, &y))
		return CLI_ERROR;

	fprintf(md, "## KCMVP signature candidates in V2X\n\n");
	fprintf(md, "The four candidates of the KCMVP plan (V2X seed): for each one pqsig implements, its smallest "
	            "parameter set through the IEEE 1609.2 stack (`pqsig bench v2x%s`, 100-byte payload, certificate "
	            "attached): the SPDU when the vehicle signs with it (CA of the same scheme), the SPDU when only the CA "
	            "does (ECDSA vehicle), and vehicle SPDUs verified per second with a warm certificate cache.\n\n",
	        o->quick ? " --quick" : "");
	fprintf(md, "| candidate | set | SPDU, vehicle role (B) | fragments @1400 | SPDU, CA role only (B) | "
	            "verify/s, warm (× ECDSA) |\n|---|---|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < N_CANDIDATES; i++) {
		if (!cls[i]) {
			fprintf(md, "| %s | not implemented in pqsig | | | | |\n", candidates[i].candidate);
			continue;
		}
		const bench_v2x_result *veh = &res[slot[i]], *ca = &res[slot[i] + 1];
		if (!carried[i] || !veh->available || !ca->available) {
			fprintf(md, "| %s | %s | not carried by the V2X stack (key or signature too large) | | | |\n",
			        candidates[i].candidate, cls[i]->name);
			continue;
		}
		fprintf(md, "| %s | %s | %zu | %zu | %zu | %.0f (%.2f) |\n", candidates[i].candidate, cls[i]->name,
		        veh->spdu_bytes, veh->frags_1400, ca->spdu_bytes, veh->verify_warm_per_s, veh->ratio_warm_to_ecdsa);
	}
	fprintf(md, "\n");
	return CLI_OK;
}
