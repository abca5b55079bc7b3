/*
 * The receiver's queue of SPDUs from unknown signers (issue 18): each is
 * held, as a copy, until its certificate arrives by P2PCD or it expires.
 * Bounded in count and in bytes; when full the oldest goes first (it is
 * also the nearest to expiry).
 */
#include <stdlib.h>
#include <string.h>

#include "p2pcd_internal.h"

int pqs_p2pcd_queue_init(p2pcd_queue *q, size_t cap, size_t max_bytes)
{
	memset(q, 0, sizeof *q);
	if (cap == 0 || max_bytes == 0)
		return V2X_ERR_ARG;
	q->e = calloc(cap, sizeof *q->e);
	if (!q->e)
		return V2X_ERR_NOMEM;
	q->cap = cap;
	q->max_bytes = max_bytes;
	return V2X_OK;
}

void pqs_p2pcd_queue_free(p2pcd_queue *q)
{
	for (size_t i = 0; q->e && i < q->n; i++)
		free(q->e[i].spdu);
	free(q->e);
	memset(q, 0, sizeof *q);
}

void pqs_p2pcd_queue_take(p2pcd_queue *q, size_t i, p2pcd_held *out)
{
	*out = q->e[i];
	q->bytes -= out->len;
	memmove(&q->e[i], &q->e[i + 1], (q->n - i - 1) * sizeof q->e[0]);
	q->n--;
}

int pqs_p2pcd_queue_make_room(p2pcd_queue *q, size_t len, p2pcd_held *victim)
{
	if (q->n == 0 || (q->n < q->cap && q->bytes + len <= q->max_bytes))
		return 0;
	pqs_p2pcd_queue_take(q, 0, victim);
	return 1;
}

int pqs_p2pcd_queue_push(p2pcd_queue *q, const uint8_t *spdu, size_t len, uint64_t now_us, const uint8_t id[8])
{
	if (len > q->max_bytes || q->n == q->cap || q->bytes + len > q->max_bytes)
		return V2X_ERR_TOO_LARGE;
	uint8_t *copy = malloc(len ? len : 1);
	if (!copy)
		return V2X_ERR_NOMEM;
	memcpy(copy, spdu, len);
	p2pcd_held *h = &q->e[q->n++];
	h->spdu = copy;
	h->len = len;
	h->received_us = now_us;
	memcpy(h->signer_id, id, 8);
	q->bytes += len;
	return V2X_OK;
}
