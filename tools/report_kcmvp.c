/*
 * Report section "kcmvp": the four signature candidates of Korea's
 * cryptographic-module validation programme (V2X seed, KCMVP paragraph:
 * AIMer, HAETAE, ML-DSA, SLH-DSA) through the IEEE 1609.2 stack.  For each
 * candidate pqsig implements: the SPDU size when it signs as the vehicle
 * (certificate issued by a CA of the same scheme) and when only the CA uses
 * it (ECDSA vehicle), and the warm-cache verification rate of its
 * vehicle SPDUs, measured with bench_v2x_collect.  A candidate without a
 * registered class is listed as not implemented.
 *
 * Then HAETAE where the blockchain seed places it
 * (../shared/seeds/blockchain-pq-signatures.ko.txt, its HAETAE paragraph):
 * verification in 0.07-0.16 ms, between the fast Falcon/Hawk (0.052 /
 * 0.047 ms) and the slow ML-DSA-87 (0.23 ms), and keys and signatures
 * smaller than ML-DSA's but larger than Falcon's and Hawk's; measured with
 * bench_sig_collect beside the seed's figures, each claim checked.
 */
#include <string.h>
#include <strings.h>

#include "bench.h"
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

/* The blockchain seed's stand-alone verification times (ms), Windows x86-64, reference / liboqs code. */
typedef struct {
	const char *name;
	double seed_verify_ms; /* < 0: the seed gives a range for the family only */
} placement_row;

static const placement_row placement[] = {
	{ "Hawk-512", 0.047 }, { "Falcon-512", 0.052 }, { "HAETAE-2", -1 },    { "HAETAE-3", -1 },
	{ "HAETAE-5", -1 },    { "ML-DSA-44", -1 },     { "ML-DSA-87", 0.23 },
};
#define N_PLACEMENT (sizeof placement / sizeof placement[0])

static const bench_sig_result *result_of(const bench_sig_result *res, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(res[i].cls->name, name) == 0)
			return &res[i];
	return NULL;
}

/* HAETAE's verification time and sizes beside Falcon, Hawk and ML-DSA, as the blockchain seed ranks them. */
static int haetae_placement(FILE *md, const report_opts *o)
{
	const pqs_sig_class *cls[N_PLACEMENT];
	bench_sig_result res[N_PLACEMENT];
	bench_yardstick y;
	size_t n = 0;
	for (size_t i = 0; i < N_PLACEMENT; i++)
		if ((cls[n] = pqs_sig_find(placement[i].name)) != NULL)
			n++;
	if (n == 0)
		return CLI_OK;
	if (bench_sig_collect(cls, n, o->quick ? 0.05 : 0.5, 3, &y, res, NULL))
		return CLI_ERROR;
	fprintf(md, "### HAETAE where the blockchain seed places it\n\n");
	fprintf(md, "The seed measured HAETAE stand-alone: verification in **0.07-0.16 ms**, between the fast "
		    "Falcon/Hawk variants and the slow ML-DSA-87, with keys and signatures smaller than ML-DSA's but "
		    "larger than Falcon's and Hawk's. Ours (`pqsig bench sig`, median verification, CPU time on this "
		    "machine; the seed ran on Windows x86-64):\n\n");
	fprintf(md, "| scheme | public key (B) | signature (B) | verify (ms) | verify × ECDSA P-256 | seed verify (ms) "
		    "|\n|---|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < n; i++) {
		const char *seed = strncmp(res[i].cls->name, "HAETAE", 6) == 0 ? "0.07-0.16" : "0.10-0.23";
		char fig[32];
		for (size_t k = 0; k < N_PLACEMENT; k++)
			if (strcmp(placement[k].name, res[i].cls->name) == 0 && placement[k].seed_verify_ms > 0) {
				snprintf(fig, sizeof fig, "%.3f", placement[k].seed_verify_ms);
				seed = fig;
			}
		fprintf(md, "| %s | %zu | %zu | %.3f | %.2f | %s |\n", res[i].cls->name, res[i].cls->pk_len,
			res[i].cls->sig_max_len, res[i].op[2].median_us / 1000.0, res[i].ratio[2].median, seed);
	}
	const bench_sig_result *h = result_of(res, n, "HAETAE-2"), *f = result_of(res, n, "Falcon-512");
	const bench_sig_result *k = result_of(res, n, "Hawk-512"), *m87 = result_of(res, n, "ML-DSA-87");
	const bench_sig_result *m44 = result_of(res, n, "ML-DSA-44");
	if (!h || !f || !k || !m87 || !m44)
		return CLI_OK;
	double hv = h->op[2].median_us, fv = f->op[2].median_us, kv = k->op[2].median_us, mv = m87->op[2].median_us;
	int verify_between = hv > (fv > kv ? fv : kv) && hv < mv;
	size_t hs = h->cls->pk_len + h->cls->sig_max_len, ms = m44->cls->pk_len + m44->cls->sig_max_len;
	size_t fs = f->cls->pk_len + f->cls->sig_max_len, ks = k->cls->pk_len + k->cls->sig_max_len;
	int size_between = hs < ms && hs > fs && hs > ks;
	fprintf(md,
		"\nVerification: HAETAE-2 at %.3f ms is %s than Falcon-512 (%.3f ms), %s than Hawk-512 (%.3f ms) and "
		"%s than ML-DSA-87 (%.3f ms): the seed's placement %s. Sizes: HAETAE-2's public key and signature "
		"(%zu B together) are %s ML-DSA-44's (%zu B) and Falcon-512's / Hawk-512's (%zu / %zu B): the seed's "
		"ordering %s.\n",
		hv / 1000.0, hv > fv ? "slower" : "faster", fv / 1000.0, hv > kv ? "slower" : "faster", kv / 1000.0,
		hv < mv ? "faster" : "slower", mv / 1000.0, verify_between ? "holds" : "does not hold here", hs,
		size_between ? "between" : "not between", ms, fs, ks, size_between ? "holds" : "does not hold");
	return CLI_OK;
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
	return haetae_placement(md, o);
}
