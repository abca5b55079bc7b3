/*
 * pqsig-v2x-sim: the pqsig side of the ns-3 scenario (sim/scenario.cc),
 * in C over pqsig's public API.  ns-3 moves bytes; this engine makes and
 * consumes them:
 *
 *   - every BSM is a real IEEE 1609.2 SPDU signed by pqs_v2x_spdu_sign for
 *     the vehicle's own certificate, with the certificate or its digest
 *     as the certificate-inclusion policy says, cut into WSMs by the
 *     1609.3 layer (pqs_wsm_fragmenter) and framed by pqs_wsm_encode;
 *   - every receiver decodes each WSM (pqs_wsm_decode) and reassembles
 *     with its own pqs_wsm_reasm;
 *   - the first real_verifiers receivers verify every SPDU for real
 *     (pqs_v2x_spdu_verify with their own verified-certificate cache);
 *     the others apply the same rules without the cryptography and add
 *     the CPU time measured for that verification as processing delay,
 *     through a one-server queue per receiver.  A real verifier counts
 *     every verdict that differs from the model's: none may.
 *
 * Metrics (docs/sim.md): PDR by distance, BSM awareness at 100 and 300 m,
 * end-to-end latency (signing, channel access, airtime, reassembly,
 * verification queue), the share of fragmented SPDUs lost to a lost
 * fragment.  Channel busy ratio is measured on the ns-3 side.
 */
#ifndef PQSIG_SIM_ENGINE_H
#define PQSIG_SIM_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pqsig/p2pcd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Certificate-inclusion policies of the sender (issue 18's names). */
typedef enum {
	PQS_SIM_POLICY_CERT = 0,   /* the certificate in every SPDU */
	PQS_SIM_POLICY_DIGEST = 1, /* the digest in every SPDU; receivers hold every certificate beforehand */
	PQS_SIM_POLICY_J2945 = 2,  /* SAE J2945/1: the certificate once per second, the digest otherwise */
	/* the digest in every SPDU and no certificate beforehand: IEEE 1609.2 clause 8 P2PCD (inline
	 * flavour); every vehicle is a real pqsig P2PCD node that verifies everything it receives, asks
	 * for unknown certificates (inlineP2pcdRequest) and answers with requestedCertificate */
	PQS_SIM_POLICY_P2PCD = 3
} pqs_sim_policy;

/* Name of a policy ("cert", "digest", "j2945", "p2pcd"), and back (-1: unknown). */
const char *pqs_sim_policy_name(pqs_sim_policy p);
int pqs_sim_policy_parse(const char *name);

typedef struct {
	const char *profile; /* "VEHICLE/CA" profile name (pqs_v2x_profile_parse) */
	pqs_sim_policy policy;
	size_t n_nodes;        /* vehicles, then RSUs */
	size_t n_vehicles;     /* the first n_vehicles nodes are vehicles (0: all); metrics are theirs */
	size_t payload_len;    /* BSM payload bytes inside the SPDU (the seed's tables use 100) */
	size_t wsm_limit;      /* WSM data limit for fragmentation (1609.3 default 1400) */
	size_t real_verifiers; /* receivers 0 .. real_verifiers-1 verify every SPDU for real */
	/* CPU microseconds per SPDU; a negative value is measured at creation on this machine */
	double sign_us, verify_cold_us, verify_warm_us;
	double bin_m; /* width of a PDR distance bin */
	size_t n_bins;
	uint64_t warmup_us; /* awareness and latency count from here on */
	/* Fault injection for the tests: receiver drop_receiver ignores fragment drop_index of
	 * BSM drop_seq of vehicle drop_sender (drop_receiver == SIZE_MAX: off). */
	size_t drop_receiver, drop_sender, drop_index;
	uint32_t drop_seq;
	FILE *trace;   /* if set: one line "delivered RECEIVER SENDER SEQ" per verified SPDU */
	uint64_t seed; /* the P2PCD response back-off draws */
	/* The P2PCD policy's clause-8 flavour: V2X_P2PCD_INLINE (default: requests and answers inside
	 * the BSMs) or V2X_P2PCD_SEPARATE (p2pcdLearningRequest in the BSMs, answers as Peer2Peer PDUs
	 * in WSMs of their own, PSID 0x88).  Separate: when a node schedules an answer, the engine
	 * calls schedule_pdu(schedule_ctx, node, t_us) with the time it falls due (at the latest), and
	 * the scenario then calls pqs_sim_pdu_build for that node. */
	v2x_p2pcd_flavour p2pcd_flavour;
	void (*schedule_pdu)(void *ctx, size_t node, uint64_t t_us);
	void *schedule_ctx;
	/* The vehicle that arrives late (--newcomer), whose learning delays the JSON reports apart
	 * (SIZE_MAX: none). */
	size_t newcomer;
} pqs_sim_config;

/* Defaults: 1400 B limit, 100 B payload, one real verifier, measured CPU times, 25 m bins to 1 km. */
void pqs_sim_config_default(pqs_sim_config *c);

typedef struct pqs_sim_ pqs_sim;

/* Create the PKI (root CA, one certificate per vehicle) and measure CPU times; err gets a message. */
pqs_sim *pqs_sim_create(const pqs_sim_config *cfg, char *err, size_t err_cap);
void pqs_sim_free(pqs_sim *s);

/* The CPU times in use (measured or given), microseconds. */
void pqs_sim_cpu_times(const pqs_sim *s, double *sign_us, double *verify_cold_us, double *verify_warm_us);

/*
 * Vehicle sender generates BSM number seq at simulated time t_us: sign the
 * SPDU and cut it into WSMs.  dist_m[j] is the distance to vehicle j now
 * (for the PDR denominators).  Returns the number of WSMs (0 on error);
 * pqs_sim_wsm() gives each until the next call.
 */
size_t pqs_sim_bsm_build(pqs_sim *s, size_t sender, uint32_t seq, uint64_t t_us, const double *dist_m);
const uint8_t *pqs_sim_wsm(const pqs_sim *s, size_t index, size_t *len);
/*
 * Separate P2PCD flavour: the next Peer2Peer PDU node must send at t_us (an answer that fell due),
 * cut into WSMs with PSID 0x88 by the same 1609.3 fragmentation.  Returns the number of WSMs
 * (pqs_sim_wsm() gives each), 0 when nothing is due, SIZE_MAX on an error.  Call it until it
 * returns 0: several answers may fall due at once.
 */
size_t pqs_sim_pdu_build(pqs_sim *s, size_t node, uint64_t t_us);
/* Bytes of the last SPDU built. */
size_t pqs_sim_last_spdu_len(const pqs_sim *s);

/* Receiver got one WSM of (sender, seq) at t_us (PDR counts it in the bin of the distance at generation).
 * A WSM with PSID 0x88 is a Peer2Peer PDU's (seq is then ignored). */
void pqs_sim_receive(pqs_sim *s, size_t receiver, size_t sender, uint32_t seq, const uint8_t *wsm, size_t len,
		     uint64_t t_us);

/* Awareness sample at t_us; dist_m[i * n + j]: distance between vehicles i and j now. */
void pqs_sim_sample_awareness(pqs_sim *s, uint64_t t_us, const double *dist_m);

/* Close the run at t_us (drops partial messages that can no longer complete). */
void pqs_sim_finish(pqs_sim *s, uint64_t t_us);

/* What the ns-3 side measured, written into the JSON beside the engine's metrics. */
typedef struct {
	const char *scenario; /* "highway" or "urban" */
	uint64_t seed;
	double duration_s;
	double cbr;              /* channel busy ratio: share of time the PHY was not idle (RX, TX, CCA busy) */
	size_t cbr_nodes;        /* vehicles whose PHY state was traced */
	unsigned long mac_drops; /* WSMs the MAC queue dropped before transmission */
	double wall_s;           /* < 0: omitted (the determinism test compares outputs) */
} pqs_sim_channel;

/* Write the run's results as one JSON object. */
void pqs_sim_write_json(const pqs_sim *s, const pqs_sim_channel *ch, FILE *f);

/* Verdicts of the real verifiers that differed from the model's (must stay 0). */
unsigned long pqs_sim_mismatches(const pqs_sim *s);

#ifdef __cplusplus
}
#endif

#endif
