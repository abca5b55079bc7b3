/*
 * The report's certificate-delivery section (issue 18): per profile and
 * certificate-inclusion policy, what vehicle A's BSMs cost on air and what
 * a newcomer goes through, from the P2PCD scenario (tools/cmd_v2x_p2pcd.c:
 * real SPDUs signed and verified by v2x_p2pcd_node instances), and the
 * seed's 7x / 2.2x growth estimates beside our factors.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "report.h"
#include "v2x_tool.h"

typedef struct {
	const char *label;
	v2x_policy policy;
	v2x_p2pcd_flavour flavour;
} policy_col;

static const policy_col cols[] = {
	{ "J2945/1 (cert 1/s, on request, new neighbour)", V2X_POLICY_J2945, V2X_P2PCD_INLINE },
	{ "always certificate", V2X_POLICY_CERT, V2X_P2PCD_INLINE },
	{ "digest + inline P2PCD", V2X_POLICY_DIGEST, V2X_P2PCD_INLINE },
	{ "digest + separate-PDU P2PCD", V2X_POLICY_DIGEST, V2X_P2PCD_SEPARATE },
	{ "digest + RSU-assisted P2PCD", V2X_POLICY_RSU, V2X_P2PCD_SEPARATE },
};
#define N_COLS (sizeof cols / sizeof cols[0])

/* The seed's profiles; the quick report runs the first five. */
static const char *const profiles[] = { "ECDSA",     "FN-DSA-512",      "ECDSA/FN-DSA-512", "ML-DSA-44",
	                                "ECDSA/ML-DSA-44", "ECDSA+ML-DSA-87", "ML-DSA-87" };
#define N_QUICK 5

#define SECONDS 10u

static int run(const char *profile, const policy_col *c, v2x_scen_result *r, int *available)
{
	void *owner = NULL;
	v2x_scen_pki sp;
	*available = 0;
	int e = v2x_scen_pki_generate(profile, &owner, &sp);
	if (e == V2X_ERR_ALG_UNAVAILABLE)
		return CLI_OK;
	if (e)
		return cli_error("p2pcd report: %s: %s", profile, pqs_v2x_strerror(e));
	v2x_scen_opts o;
	memset(&o, 0, sizeof o);
	o.policy = c->policy;
	o.flavour = c->flavour;
	o.rsu = c->policy == V2X_POLICY_RSU;
	o.t0_us = (uint64_t)time(NULL) * 1000000u; /* the PKI is valid from an hour ago */
	o.arrive_us = SECONDS * 1000000u / 2 + 55000u; /* between two of A's BSMs, mid-second */
	o.duration_us = SECONDS * 1000000u;
	o.payload_len = 100; /* the seed's BSM payload */
	int rc = v2x_scenario_run(&sp, &o, r);
	v2x_scen_pki_free(owner);
	*available = !rc;
	return rc;
}

int report_section_p2pcd(FILE *md, const report_opts *o)
{
	size_t np = o->quick ? N_QUICK : sizeof profiles / sizeof profiles[0];
	double avg[sizeof profiles / sizeof profiles[0]][N_COLS];
	int avail[sizeof profiles / sizeof profiles[0]][N_COLS];
	fprintf(md, "## V2X: certificate delivery (P2PCD) and inclusion policies\n\n"
		    "Scenario (`v2x pcap --scenario`, docs/v2x.md \"Certificate delivery\"): vehicle A sends a BSM "
		    "(100-byte payload) every 100 ms for %u s; a newcomer B arrives after %u.055 s; in the RSU "
		    "column an RSU hears both and A cannot hear B. Every party is a `v2x_p2pcd_node`; every SPDU is "
		    "really signed and verified. Bytes are WSM data (SPDU plus our fragment headers at the 1400 B "
		    "limit). P2PCD bytes: clause-8 HeaderInfo fields and Peer2Peer PDUs from B's arrival on, both "
		    "ways (B learns A's certificate and A learns B's; with the RSU, the RSU learns B's too); under "
		    "J2945/1 a request is answered by attaching the certificate, counted in A's BSM bytes. "
		    "\"unverifiable\": A's BSMs B received before it held A's certificate (held, then verified).\n\n",
		    SECONDS, SECONDS / 2);
	fprintf(md, "| profile | policy | bytes/BSM | single-WSM BSMs | P2PCD bytes per newcomer | unverifiable "
		    "BSMs | B verified |\n|---|---|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < np; i++)
		for (size_t j = 0; j < N_COLS; j++) {
			v2x_scen_result r;
			if (run(profiles[i], &cols[j], &r, &avail[i][j]))
				return CLI_ERROR;
			if (!avail[i][j]) {
				fprintf(md, "| %s | %s | not registered | | | | |\n", profiles[i], cols[j].label);
				continue;
			}
			avg[i][j] = r.a_bsms ? (double)r.a_air_bytes / (double)r.a_bsms : 0;
			fprintf(md, "| %s | %s | %.0f | %.0f%% | %zu | %zu | %zu/%zu |\n", profiles[i], cols[j].label,
			        avg[i][j], r.a_bsms ? 100.0 * (double)r.a_single_wsm / (double)r.a_bsms : 0.0,
			        r.p2pcd_bytes, r.newcomer_unverified, r.newcomer_verified, r.newcomer_received);
		}
	/* the seed's estimates: all-PQC ~7x, ECDSA vehicle + Falcon-512 CA ~2.2x, against ECDSA */
	fprintf(md, "\nGrowth of vehicle data (bytes per BSM against ECDSA under the same policy). The seed "
		    "estimates about 7x when everything is PQC and about 2.2x with an ECDSA vehicle and a Falcon-512 "
		    "CA.\n\n| policy | FN-DSA-512 (seed: ~7x) | ECDSA/FN-DSA-512 (seed: ~2.2x) |\n|---|---:|---:|\n");
	for (size_t j = 0; j < N_COLS; j++) {
		if (!avail[0][j] || !avail[1][j] || !avail[2][j] || avg[0][j] <= 0) {
			fprintf(md, "| %s | - | - |\n", cols[j].label);
			continue;
		}
		fprintf(md, "| %s | %.2fx | %.2fx |\n", cols[j].label, avg[1][j] / avg[0][j], avg[2][j] / avg[0][j]);
	}
	fprintf(md, "\nThe seed's 7x is the always-certificate policy (a 2408 B FN-DSA-512 SPDU against 333 B); "
		    "its 2.2x matches none of our policies exactly: the ECDSA/FN-DSA-512 certificate alone is 2.8x "
		    "under always-certificate, and a digest-signed BSM of that profile is an ECDSA one.\n\n");
	return CLI_OK;
}
