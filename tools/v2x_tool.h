/*
 * What the `pqsig v2x` tool files share: the receiver's trust-anchor
 * directory, the policy engine's choice of signer for one BSM, and the
 * P2PCD scenario (tools/cmd_v2x_p2pcd.c) that `v2x pcap --scenario` and
 * the report's P2PCD section run.
 */
#ifndef PQSIG_TOOLS_V2X_TOOL_H
#define PQSIG_TOOLS_V2X_TOOL_H

#include <stddef.h>
#include <stdint.h>

#include <stdio.h>

#include "pqsig/p2pcd.h"
#include "pqsig/wsm.h"

/* root.cert as an anchor, ica.cert and vehicle.cert (if present) as known certificates. */
int v2x_load_anchors(const char *dir, v2x_store *st);

/* The signer form the policy gives a vehicle's BSM number seq (0, 1, ... at 10 Hz, no neighbour). */
int v2x_policy_signer(v2x_policy policy, const uint8_t *cert, size_t len, size_t seq, v2x_signer_kind *kind);

/* Keys and certificates of a scenario: vehicle A's, and the CA that issues the other parties'. */
typedef struct {
	const uint8_t *root, *ica; /* ica NULL: none */
	size_t root_len, ica_len;
	const v2x_key *issuer_key; /* root or ICA: issues the newcomer's and the RSU's certificates */
	const uint8_t *issuer;
	size_t issuer_len;
	const v2x_key *veh_key; /* vehicle A */
	const uint8_t *veh;
	size_t veh_len;
	uint32_t start; /* Time32: validity start of the certificates issued */
} v2x_scen_pki;

/* An in-memory PKI for a profile (tools/cmd_v2x.c); *owner is freed with v2x_scen_pki_free. */
int v2x_scen_pki_generate(const char *profile, void **owner, v2x_scen_pki *sp);
void v2x_scen_pki_free(void *owner);

/*
 * Vehicle A sends BSMs at 10 Hz from t0_us; newcomer B arrives at
 * t0_us + arrive_us and sends its own; with rsu, an RSU (present from
 * t0_us, sending at 10 Hz too) hears everyone and A cannot hear B, so only
 * the RSU can answer B.  Every party is a v2x_p2pcd_node under policy and
 * flavour (the RSU: V2X_POLICY_RSU, is_rsu).  Time advances in 5 ms steps.
 */
typedef struct {
	v2x_policy policy;
	v2x_p2pcd_flavour flavour;
	int rsu;
	uint64_t t0_us, arrive_us, duration_us;
	size_t payload_len;
	/* every transmission (an SPDU or a Peer2Peer PDU), in time order; NULL: none */
	int (*on_tx)(void *ctx, int from, uint64_t t_us, uint32_t psid, const uint8_t *data, size_t len);
	void *ctx;
} v2x_scen_opts;

typedef struct {
	size_t a_bsms, a_single_wsm; /* A's BSMs, and those that fit one WSM (1400 B) */
	size_t a_air_bytes;          /* their WSM data bytes (fragment headers included) */
	size_t p2pcd_bytes;          /* from B's arrival on: clause-8 HeaderInfo fields and Peer2Peer PDUs (WSM data) */
	size_t newcomer_unverified;  /* A's BSMs B received and could not verify on arrival */
	size_t newcomer_verified;    /* A's BSMs B verified (at once or once the certificate came) */
	size_t newcomer_received;
} v2x_scen_result;

int v2x_scenario_run(const v2x_scen_pki *pk, const v2x_scen_opts *o, v2x_scen_result *r);

/* The scenario as a pcap file (header included): WSMP frames, fragmented at limit, PSID 0x20 for
 * SPDUs and V2X_P2PCD_PSID for Peer2Peer PDUs, one MAC address per party. */
int v2x_pcap_scenario(FILE *f, wsm_link link, size_t limit, const v2x_scen_pki *pk, v2x_scen_opts *o);

/* `pqsig v2x receive --pcap FILE --dir D [--json]` */
int v2x_receive(int argc, char **argv);

#endif
