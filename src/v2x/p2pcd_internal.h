/*
 * Internals of the P2PCD modules: the receiver's bounded queue of SPDUs
 * held for their signer's certificate (p2pcd_queue.c) and the sender's
 * certificate-inclusion decision (p2pcd_policy.c).
 */
#ifndef PQSIG_P2PCD_INTERNAL_H
#define PQSIG_P2PCD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/p2pcd.h"

/* One held SPDU (a copy). */
typedef struct {
	uint8_t *spdu;
	size_t len;
	uint64_t received_us;
	uint8_t signer_id[8]; /* the digest it names */
} p2pcd_held;

/* Held SPDUs, oldest first, bounded in count and bytes. */
typedef struct {
	p2pcd_held *e;
	size_t n, cap;
	size_t bytes, max_bytes;
} p2pcd_queue;

int pqs_p2pcd_queue_init(p2pcd_queue *q, size_t cap, size_t max_bytes);
void pqs_p2pcd_queue_free(p2pcd_queue *q);
/* 1 and the oldest entry in *victim (the caller then owns victim->spdu) if one must go so that an
 * SPDU of len bytes fits; 0 if it fits already. */
int pqs_p2pcd_queue_make_room(p2pcd_queue *q, size_t len, p2pcd_held *victim);
/* Append a copy (after make_room said 0); V2X_ERR_NOMEM or V2X_ERR_TOO_LARGE (len > max_bytes). */
int pqs_p2pcd_queue_push(p2pcd_queue *q, const uint8_t *spdu, size_t len, uint64_t now_us, const uint8_t id[8]);
/* Remove entry i into *out (the caller then owns out->spdu). */
void pqs_p2pcd_queue_take(p2pcd_queue *q, size_t i, p2pcd_held *out);

/* 1 if the next SPDU attaches the certificate under cfg's policy: never sent one (ever == 0), the
 * J2945 interval elapsed since last_cert_us, or forced (a request for it, a new neighbour). */
int pqs_p2pcd_policy_attach(const v2x_p2pcd_config *cfg, uint64_t now_us, int ever, uint64_t last_cert_us, int forced);
/* 1 if the node answers requests for certificates other than its own chain under cfg. */
int pqs_p2pcd_policy_answers_for_others(const v2x_p2pcd_config *cfg);

#endif
