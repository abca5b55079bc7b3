/*
 * pqsig: certificate delivery for digest-signed SPDUs (IEEE 1609.2
 * clause 8, peer-to-peer certificate distribution, "P2PCD") and the
 * sender's certificate-inclusion policies.
 *
 * A post-quantum vehicle that attaches its certificate to every BSM needs
 * two WSMs per BSM (FN-DSA-512: 2408 B); with only the certificate's
 * HashedId8 it needs one (797 B), but a receiver that does not hold the
 * certificate cannot verify.  This API lets each node:
 *
 *   - choose, per SPDU, whether to attach its certificate (a policy:
 *     J2945/1 style, always the certificate, always the digest with
 *     P2PCD, or digest with RSU-assisted P2PCD);
 *   - ask for unknown certificates (their HashedId3) in its own SPDUs
 *     (inlineP2pcdRequest) or with p2pcdLearningRequest, and answer
 *     neighbours' requests (requestedCertificate, or an
 *     Ieee1609Dot2Peer2PeerPDU in a WSM of its own, PSID 0x88);
 *   - hold SPDUs from unknown signers in a bounded queue for a bounded
 *     time and verify them when the certificate arrives.
 *
 * Everything is a function over caller-provided state (a v2x_p2pcd_node
 * per node, a v2x_store of trust anchors per node): no global state, no
 * clock, no randomness and no I/O inside.  Time is the caller's clock in
 * microseconds (Unix time: SPDU generationTime is checked against it);
 * the response back-off takes a random value from the caller.  So a
 * network simulator can drive many nodes in one process, and a test can
 * replay an exchange exactly.  One node is not thread-safe.
 *
 * Where we follow clause 8 and where PQC certificates force a choice it
 * does not make: docs/v2x.md, "Certificate delivery (P2PCD)".
 *
 * Return values: V2X_OK or a negative v2x_err (pqsig/v2x.h).
 */
#ifndef PQSIG_P2PCD_H
#define PQSIG_P2PCD_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/v2x.h"

#ifdef __cplusplus
extern "C" {
#endif

/* PSID of the WSMs that carry an Ieee1609Dot2Peer2PeerPDU: IEEE 1609.12
 * "peer-to-peer distribution of security management information" (136). */
#define V2X_P2PCD_PSID 0x88u

/* ------------------------------------------------------------------ */
/* Ieee1609Dot2Peer2PeerPDU (clause 8.4)                               */
/* ------------------------------------------------------------------ */

/**
 * The certificates of a Peer2Peer PDU: the requested one first, then
 * each one's issuer, the last issued by a root (clause 8.4).  Decoding
 * points into the input.
 */
typedef struct {
	size_t n;
	const uint8_t *certs[V2X_MAX_CHAIN];
	size_t lens[V2X_MAX_CHAIN];
} v2x_p2p_certs;

/**
 * Encode Ieee1609Dot2Data { 3, unsecuredData: Ieee1609Dot2Peer2PeerPDU
 * { version 1, caCerts { certs } } }, the form it takes in a WSM.
 */
int pqs_v2x_p2p_encode(const v2x_p2p_certs *c, uint8_t *out, size_t cap, size_t *out_len);

/**
 * Strictly decode that form (every certificate decoded, all bytes
 * consumed).  V2X_ERR_UNSUPPORTED if it is an Ieee1609Dot2Data of another
 * kind (signed data: an SPDU).
 */
int pqs_v2x_p2p_decode(const uint8_t *in, size_t len, v2x_p2p_certs *c);

/* ------------------------------------------------------------------ */
/* Policies                                                            */
/* ------------------------------------------------------------------ */

typedef enum {
	V2X_POLICY_J2945 = 0,  /* certificate once per cert_interval_us, on a request for it, or on a new
	                          neighbour; digest otherwise (SAE J2945/1 style) */
	V2X_POLICY_CERT = 1,   /* always the certificate: receivers never need P2PCD */
	V2X_POLICY_DIGEST = 2, /* always the digest; the owner or any neighbour holding the certificate
	                          answers requests (P2PCD) */
	V2X_POLICY_RSU = 3     /* always the digest; vehicles answer only for themselves, RSUs cache
	                          every certificate they validate and answer for their area */
} v2x_policy;

typedef enum {
	V2X_P2PCD_INLINE = 0,  /* inlineP2pcdRequest / requestedCertificate in the nodes' own SPDUs */
	V2X_P2PCD_SEPARATE = 1 /* p2pcdLearningRequest, answered by a Peer2Peer PDU (PSID 0x88) */
} v2x_p2pcd_flavour;

/** Policy by name: "j2945", "cert", "digest", "rsu" (V2X_ERR_UNKNOWN_ALG otherwise). */
int pqs_v2x_policy_parse(const char *name, v2x_policy *out);
const char *pqs_v2x_policy_name(v2x_policy p);

/**
 * A node's configuration.  pqs_v2x_p2pcd_config_default() fills the
 * values docs/v2x.md gives; the clause-8 timers keep their 1609.2 names.
 */
typedef struct {
	v2x_policy policy;
	v2x_p2pcd_flavour flavour;
	int is_rsu;                          /* answers for others from its cache (V2X_POLICY_RSU) */
	uint64_t cert_interval_us;           /* J2945: certificate at least this often (1 s) */
	uint64_t neighbour_timeout_us;       /* J2945: a signer unheard this long is new again (5 s) */
	uint64_t max_response_backoff_us;    /* p2pcd_maxResponseBackoff: answer after a random delay in
	                                        [0, this] and cancel if someone answers first (250 ms) */
	uint64_t response_active_timeout_us; /* p2pcd_responseActiveTimeout: no second answer for the same
	                                        HashedId3 within this (500 ms) */
	uint64_t request_active_timeout_us;  /* p2pcd_requestActiveTimeout: no second request for the same
	                                        HashedId3 within this, ours or a neighbour's (1 s) */
	size_t max_pending;                  /* SPDUs held for a certificate (32) */
	size_t max_pending_bytes;            /* their bytes (256 KiB) */
	uint64_t pending_timeout_us;         /* how long one is held (2 s) */
	size_t max_validations_per_id;       /* delivered certificates validated per request (3): bounds
	                                        the work a response flood can cause */
	size_t cache_capacity;               /* verified-certificate cache (256) */
	size_t max_known;                    /* certificates the node can deliver (own chain, and an RSU's
	                                        cache) (64) */
} v2x_p2pcd_config;

void pqs_v2x_p2pcd_config_default(v2x_p2pcd_config *c, v2x_policy policy, v2x_p2pcd_flavour flavour);

/* ------------------------------------------------------------------ */
/* Nodes                                                               */
/* ------------------------------------------------------------------ */

typedef struct v2x_p2pcd_node_ v2x_p2pcd_node;

/** What happened to a received SPDU or certificate (reported through on_event). */
typedef enum {
	V2X_P2PCD_EV_VERIFIED = 1,      /* an SPDU verified (at once, or when its certificate arrived) */
	V2X_P2PCD_EV_HELD = 2,          /* unknown signer: held; a request for id3 is due */
	V2X_P2PCD_EV_REJECTED = 3,      /* an SPDU failed verification (err) */
	V2X_P2PCD_EV_EXPIRED = 4,       /* a held SPDU's certificate never came (err V2X_ERR_SIGNER_UNKNOWN) */
	V2X_P2PCD_EV_EVICTED = 5,       /* a held SPDU dropped to respect max_pending / max_pending_bytes */
	V2X_P2PCD_EV_CERT_LEARNED = 6,  /* a delivered certificate validated and was cached */
	V2X_P2PCD_EV_CERT_REJECTED = 7, /* a delivered certificate failed validation (err): not cached */
	V2X_P2PCD_EV_CERT_IGNORED = 8   /* a delivered certificate nobody asked for, or beyond
	                                    max_validations_per_id: not validated */
} v2x_p2pcd_event_kind;

typedef struct {
	v2x_p2pcd_event_kind kind;
	int err;             /* REJECTED, EXPIRED, CERT_REJECTED */
	const uint8_t *spdu; /* the SPDU (valid during the callback) */
	size_t spdu_len;
	const v2x_spdu_info *info; /* VERIFIED: what it said (valid during the callback) */
	uint8_t id[8];             /* signer's (SPDU events) or certificate's (CERT_*) HashedId8 */
	uint64_t received_us;      /* when the SPDU arrived */
} v2x_p2pcd_event;

typedef void (*v2x_p2pcd_event_fn)(void *ctx, const v2x_p2pcd_event *ev);

/**
 * A node.  store: its trust anchors (and known CA certificates); the node
 * adds CA certificates it learns through P2PCD.  The caller keeps store
 * alive and owns it.  cfg NULL: V2X_POLICY_DIGEST, inline.  NULL on
 * allocation failure or a bad argument.
 */
v2x_p2pcd_node *pqs_v2x_p2pcd_node_new(const v2x_p2pcd_config *cfg, v2x_store *store, v2x_p2pcd_event_fn on_event,
				       void *ctx);
void pqs_v2x_p2pcd_node_free(v2x_p2pcd_node *n);

/**
 * The node's own certificate (a vehicle's signer; an RSU may have none),
 * then optionally its CA certificates (issuer first), so that it can
 * answer requests for them.  Copies are kept.
 */
int pqs_v2x_p2pcd_node_set_own(v2x_p2pcd_node *n, const uint8_t *cert, size_t len);
int pqs_v2x_p2pcd_node_add_known(v2x_p2pcd_node *n, const uint8_t *cert, size_t len);

/** The node's verified-certificate cache (to inspect it, or to share it with a plain verifier). */
v2x_cache *pqs_v2x_p2pcd_node_cache(v2x_p2pcd_node *n);

/**
 * Receive one reassembled WSM payload at now_us: an SPDU (verified, held
 * or rejected, and its clause-8 fields processed: requests observed or to
 * answer, a requestedCertificate validated) or a Peer2Peer PDU (its
 * certificates validated if they were asked for).  Events go to on_event.
 * Returns the SPDU's verdict: V2X_OK (verified), V2X_ERR_SIGNER_UNKNOWN
 * (held), another error (rejected; malformed input changes nothing), or
 * V2X_OK for a Peer2Peer PDU that decoded.
 */
int pqs_v2x_p2pcd_receive(v2x_p2pcd_node *n, const uint8_t *data, size_t len, uint64_t now_us);

/** Drop held SPDUs older than pending_timeout_us (EXPIRED events) and forget stale requests. */
void pqs_v2x_p2pcd_tick(v2x_p2pcd_node *n, uint64_t now_us);

/**
 * Decide what the node's next SPDU (sent at now_us) carries: the signer
 * form under the policy, and the clause-8 fields (inline requests and at
 * most one requestedCertificate; the learning request in the separate
 * flavour).  Marks them as sent.  f->requested_cert points into the node
 * and stays valid until the next call on it.
 */
int pqs_v2x_p2pcd_next_spdu(v2x_p2pcd_node *n, uint64_t now_us, v2x_signer_kind *signer, v2x_p2pcd_fields *f);

/**
 * Separate flavour: a Peer2Peer PDU the node must send at now_us (to put
 * in a WSM with PSID V2X_P2PCD_PSID), written to out; *out_len = 0 if
 * none is due.
 */
int pqs_v2x_p2pcd_next_pdu(v2x_p2pcd_node *n, uint64_t now_us, uint8_t *out, size_t cap, size_t *out_len);

/**
 * The random back-off of the next response this node schedules, as a
 * fraction of max_response_backoff_us: r / 2^32 (the caller's randomness;
 * 0 by default answers at once).  Call before pqs_v2x_p2pcd_receive.
 */
void pqs_v2x_p2pcd_set_backoff(v2x_p2pcd_node *n, uint32_t r);

/** Counters, for tests and the report. */
typedef struct {
	unsigned long verified, held, rejected, expired, evicted;
	unsigned long requests_sent, requests_suppressed;  /* HashedId3 sent / not sent (a neighbour asked) */
	unsigned long responses_sent, responses_cancelled; /* certificates sent / given up (someone answered) */
	unsigned long certs_learned, certs_rejected, certs_ignored;
	unsigned long cert_validations; /* chain validations of delivered certificates */
	size_t pending, pending_bytes;  /* held now */
} v2x_p2pcd_stats;

void pqs_v2x_p2pcd_stats_get(const v2x_p2pcd_node *n, v2x_p2pcd_stats *s);

#ifdef __cplusplus
}
#endif

#endif
