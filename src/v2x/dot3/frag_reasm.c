/*
 * Reassembly of fragmented SPDUs (format: docs/wsm.md, frag.c).
 *
 * Guarantees:
 *   - a delivered SPDU is exactly the one the sender fragmented: every
 *     slice length is checked against the balanced split, and the whole
 *     SPDU must match the 128-bit digest its fragments carry;
 *   - candidates are kept apart: fragments join the same partial message
 *     only if sender address, message id, count, total length and digest
 *     all match, so a forged fragment (same id, other count or digest)
 *     starts a candidate of its own instead of spoiling or blocking the
 *     honest one;
 *   - a copy of an index already held that differs from it is rejected
 *     and the index is marked disputed; if the digest then fails, only the
 *     disputed indices are discarded and awaited again, so a racing forged
 *     copy costs the honest message a retransmission, not the message;
 *   - memory is bounded, globally (max_messages, max_total_bytes) and per
 *     sender; eviction never takes from a sender that holds fewer partial
 *     messages than the one making room (wsm.h, wsm_reasm_config);
 *   - every reassembly attempt that is started and not delivered is
 *     reported once through on_drop (TIMEOUT, EVICTED or DIGEST);
 *   - fragments arriving after their message was delivered or timed out /
 *     evicted are recognised for timeout_ms (a small history of finished
 *     messages) and ignored as DUPLICATE or LATE instead of opening a new
 *     partial message that could only time out.  A digest failure is not
 *     remembered: a retransmission of the honest message must get through.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/wsm.h"

#include "frag_internal.h"

/* What identifies a message: everything a fragment says about the whole. */
typedef struct {
	uint8_t sender[WSM_SENDER_LEN];
	uint32_t msg_id;
	uint16_t count;
	uint32_t total_len;
	uint8_t digest[WSM_FRAG_DIGEST_LEN];
} reasm_key;

typedef struct {
	int used;
	reasm_key key;
	uint64_t first_ms;
	uint64_t opened;      /* opening order: larger is more recent */
	size_t received;      /* distinct fragments held */
	size_t bytes;         /* buffer + bitmaps, charged against the byte quotas */
	uint8_t *buf;         /* the SPDU */
	uint8_t *have;        /* bitmap of received indices */
	uint8_t *disputed;    /* bitmap of indices for which a different copy arrived (same allocation as have) */
} reasm_msg;

typedef struct {
	reasm_key key;
	uint64_t when_ms;
	int delivered;        /* 1 delivered, 0 timed out or evicted */
	int valid;
} reasm_recent;

struct wsm_reasm_ {
	wsm_reasm_config cfg;
	reasm_msg *msgs;      /* cfg.max_messages slots */
	size_t pending;
	size_t bytes;
	uint64_t opened;      /* counter for reasm_msg.opened */
	reasm_recent *recent; /* ring of finished messages */
	size_t n_recent, recent_next;
	uint8_t *delivered;   /* buffer handed out by the last COMPLETE; freed on the next call */
};

wsm_reasm *pqs_wsm_reasm_new(const wsm_reasm_config *cfg)
{
	wsm_reasm *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	if (cfg)
		r->cfg = *cfg;
	if (r->cfg.max_messages == 0)
		r->cfg.max_messages = 16;
	if (r->cfg.max_total_bytes == 0)
		r->cfg.max_total_bytes = 256u * 1024u;
	if (r->cfg.max_spdu_len == 0)
		r->cfg.max_spdu_len = 64u * 1024u;
	if (r->cfg.timeout_ms == 0)
		r->cfg.timeout_ms = 1000;
	if (r->cfg.max_messages_per_sender == 0)
		r->cfg.max_messages_per_sender = r->cfg.max_messages >= 4 ? r->cfg.max_messages / 4 : 1;
	if (r->cfg.max_messages_per_sender > r->cfg.max_messages)
		r->cfg.max_messages_per_sender = r->cfg.max_messages;
	if (r->cfg.max_bytes_per_sender == 0)
		r->cfg.max_bytes_per_sender = r->cfg.max_total_bytes / 2;
	if (r->cfg.max_bytes_per_sender > r->cfg.max_total_bytes)
		r->cfg.max_bytes_per_sender = r->cfg.max_total_bytes;
	/* History of finished messages: enough for several generations of full slots. */
	r->n_recent = 4 * r->cfg.max_messages + 16;
	r->msgs = calloc(r->cfg.max_messages, sizeof *r->msgs);
	r->recent = calloc(r->n_recent, sizeof *r->recent);
	if (!r->msgs || !r->recent) {
		pqs_wsm_reasm_free(r);
		return NULL;
	}
	return r;
}

static void msg_release(wsm_reasm *r, reasm_msg *m)
{
	free(m->buf);
	free(m->have); /* also frees disputed */
	r->bytes -= m->bytes;
	r->pending--;
	memset(m, 0, sizeof *m);
}

void pqs_wsm_reasm_free(wsm_reasm *r)
{
	if (!r)
		return;
	if (r->msgs)
		for (size_t i = 0; i < r->cfg.max_messages; i++)
			if (r->msgs[i].used)
				msg_release(r, &r->msgs[i]);
	free(r->msgs);
	free(r->recent);
	free(r->delivered);
	free(r);
}

size_t pqs_wsm_reasm_pending(const wsm_reasm *r)
{
	return r ? r->pending : 0;
}

size_t pqs_wsm_reasm_bytes(const wsm_reasm *r)
{
	return r ? r->bytes : 0;
}

static int key_equal(const reasm_key *a, const reasm_key *b)
{
	return a->msg_id == b->msg_id && a->count == b->count && a->total_len == b->total_len &&
	       memcmp(a->sender, b->sender, WSM_SENDER_LEN) == 0 && memcmp(a->digest, b->digest, WSM_FRAG_DIGEST_LEN) == 0;
}

static void remember(wsm_reasm *r, const reasm_msg *m, uint64_t now_ms, int delivered)
{
	reasm_recent *e = &r->recent[r->recent_next];
	r->recent_next = (r->recent_next + 1) % r->n_recent;
	e->key = m->key;
	e->when_ms = now_ms;
	e->delivered = delivered;
	e->valid = 1;
}

/* Drop a partial message: history (unless the digest failed), callback, free. */
static void msg_drop(wsm_reasm *r, reasm_msg *m, uint64_t now_ms, wsm_drop_reason why)
{
	uint32_t id = m->key.msg_id;
	if (why != WSM_DROP_DIGEST)
		remember(r, m, now_ms, 0);
	msg_release(r, m);
	if (r->cfg.on_drop)
		r->cfg.on_drop(r->cfg.on_drop_ctx, id, why);
}

static int expired(const wsm_reasm *r, uint64_t since_ms, uint64_t now_ms)
{
	return now_ms > since_ms && now_ms - since_ms > r->cfg.timeout_ms;
}

void pqs_wsm_reasm_expire(wsm_reasm *r, uint64_t now_ms)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && expired(r, r->msgs[i].first_ms, now_ms))
			msg_drop(r, &r->msgs[i], now_ms, WSM_DROP_TIMEOUT);
}

static reasm_msg *find_msg(wsm_reasm *r, const reasm_key *k)
{
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && key_equal(&r->msgs[i].key, k))
			return &r->msgs[i];
	return NULL;
}

static const reasm_recent *find_recent(const wsm_reasm *r, const reasm_key *k, uint64_t now_ms)
{
	for (size_t i = 0; i < r->n_recent; i++) {
		const reasm_recent *e = &r->recent[i];
		if (e->valid && key_equal(&e->key, k) && !expired(r, e->when_ms, now_ms))
			return e;
	}
	return NULL;
}

/* Partial messages and bytes held for sender. */
static void sender_load(const wsm_reasm *r, const uint8_t *sender, size_t *msgs, size_t *bytes)
{
	*msgs = 0;
	*bytes = 0;
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && memcmp(r->msgs[i].key.sender, sender, WSM_SENDER_LEN) == 0) {
			(*msgs)++;
			*bytes += r->msgs[i].bytes;
		}
}

/* Messages held for sender, plus one if it is the newcomer making room. */
static size_t sender_share(const wsm_reasm *r, const uint8_t *sender, const uint8_t *newcomer)
{
	size_t msgs, bytes;
	sender_load(r, sender, &msgs, &bytes);
	return msgs + (memcmp(sender, newcomer, WSM_SENDER_LEN) == 0);
}

/*
 * The message to evict so that newcomer can open one.  Candidates: the
 * newcomer's own messages (own = 1, its quota is full), or else those of
 * the senders with the largest share (global bounds: no sender loses a
 * message to one that would then hold more than it).  Among candidates:
 * the fewest fragments received, the most recently opened among equals.
 */
static reasm_msg *pick_victim(wsm_reasm *r, const uint8_t *newcomer, int own)
{
	size_t top = 0;
	if (!own)
		for (size_t i = 0; i < r->cfg.max_messages; i++)
			if (r->msgs[i].used) {
				size_t share = sender_share(r, r->msgs[i].key.sender, newcomer);
				top = share > top ? share : top;
			}
	reasm_msg *v = NULL;
	for (size_t i = 0; i < r->cfg.max_messages; i++) {
		reasm_msg *m = &r->msgs[i];
		if (!m->used)
			continue;
		if (own ? memcmp(m->key.sender, newcomer, WSM_SENDER_LEN) != 0
		        : sender_share(r, m->key.sender, newcomer) != top)
			continue;
		if (!v || m->received < v->received || (m->received == v->received && m->opened > v->opened))
			v = m;
	}
	return v;
}

/* Open a partial message for key k, evicting within the quotas if needed. */
static int msg_open(wsm_reasm *r, const reasm_key *k, uint64_t now_ms, reasm_msg **out, wsm_reasm_result *res)
{
	size_t bitmap = ((size_t)k->count + 7) / 8;
	size_t need = (size_t)k->total_len + 2 * bitmap;
	if (k->total_len > r->cfg.max_spdu_len || need > r->cfg.max_bytes_per_sender) {
		res->status = WSM_REASM_REJECTED_BOUNDS;
		return PQS_OK;
	}
	/* Allocate before evicting, so that running out of memory changes nothing. */
	uint8_t *buf = malloc(k->total_len), *bits = calloc(2 * bitmap, 1);
	if (!buf || !bits) {
		free(buf);
		free(bits);
		return PQS_ERR_NOMEM;
	}
	size_t msgs, bytes;
	sender_load(r, k->sender, &msgs, &bytes);
	while (msgs >= r->cfg.max_messages_per_sender || bytes + need > r->cfg.max_bytes_per_sender) {
		msg_drop(r, pick_victim(r, k->sender, 1), now_ms, WSM_DROP_EVICTED);
		sender_load(r, k->sender, &msgs, &bytes);
	}
	while (r->pending == r->cfg.max_messages || r->bytes + need > r->cfg.max_total_bytes)
		msg_drop(r, pick_victim(r, k->sender, 0), now_ms, WSM_DROP_EVICTED);
	reasm_msg *m = NULL;
	for (size_t i = 0; i < r->cfg.max_messages && !m; i++)
		if (!r->msgs[i].used)
			m = &r->msgs[i];
	m->used = 1;
	m->key = *k;
	m->first_ms = now_ms;
	m->opened = ++r->opened;
	m->received = 0;
	m->bytes = need;
	m->buf = buf;
	m->have = bits;
	m->disputed = bits + bitmap;
	r->pending++;
	r->bytes += need;
	*out = m;
	return PQS_OK;
}

/* Digest failed: forget the disputed indices so that they can arrive again; 0 if none was disputed. */
static size_t reopen_disputed(reasm_msg *m)
{
	size_t reopened = 0;
	for (size_t i = 0; i < m->key.count; i++) {
		uint8_t bit = (uint8_t)(1u << (i & 7));
		if (m->disputed[i / 8] & bit) {
			m->have[i / 8] &= (uint8_t)~bit;
			m->disputed[i / 8] &= (uint8_t)~bit;
			m->received--;
			reopened++;
		}
	}
	return reopened;
}

/* All fragments are in: check the digest, deliver, await disputed indices again, or drop. */
static void msg_finish(wsm_reasm *r, reasm_msg *m, uint64_t now_ms, wsm_reasm_result *res)
{
	uint8_t d[WSM_FRAG_DIGEST_LEN];
	pqs_wsm_frag_digest(m->buf, m->key.total_len, d);
	if (memcmp(d, m->key.digest, WSM_FRAG_DIGEST_LEN) != 0) {
		if (reopen_disputed(m)) {
			res->status = WSM_REASM_STORED;
			return;
		}
		res->status = WSM_REASM_DROPPED_DIGEST;
		msg_drop(r, m, now_ms, WSM_DROP_DIGEST);
		return;
	}
	remember(r, m, now_ms, 1);
	r->delivered = m->buf; /* ownership moves to r until the next call */
	m->buf = NULL;
	res->status = WSM_REASM_COMPLETE;
	res->spdu = r->delivered;
	res->spdu_len = m->key.total_len;
	msg_release(r, m);
}

int pqs_wsm_reasm_push(wsm_reasm *r, const uint8_t sender[WSM_SENDER_LEN], const uint8_t *data, size_t len,
		       uint64_t now_ms, wsm_reasm_result *res)
{
	if (!r || !res || (!data && len))
		return PQS_ERR_ARG;
	memset(res, 0, sizeof *res);
	free(r->delivered);
	r->delivered = NULL;
	pqs_wsm_reasm_expire(r, now_ms);
	if (len == 0) {
		res->status = WSM_REASM_REJECTED_HEADER;
		res->err = WSM_ERR_TRUNCATED;
		return PQS_OK;
	}
	if (!pqs_wsm_is_fragment(data, len)) {
		/* An SPDU that fitted in one WSM (Ieee1609Dot2Data starts with protocolVersion 3). */
		res->status = WSM_REASM_COMPLETE;
		res->spdu = data;
		res->spdu_len = len;
		return PQS_OK;
	}
	wsm_fragment_info fi;
	int rc = pqs_wsm_fragment_parse(data, len, &fi);
	if (rc) {
		res->status = WSM_REASM_REJECTED_HEADER;
		res->err = rc;
		return PQS_OK;
	}
	res->msg_id = fi.msg_id;
	reasm_key k;
	memset(&k, 0, sizeof k);
	if (sender)
		memcpy(k.sender, sender, WSM_SENDER_LEN);
	k.msg_id = fi.msg_id;
	k.count = fi.count;
	k.total_len = fi.total_len;
	memcpy(k.digest, fi.digest, WSM_FRAG_DIGEST_LEN);
	reasm_msg *m = find_msg(r, &k);
	if (!m) {
		const reasm_recent *e = find_recent(r, &k, now_ms);
		if (e) {
			res->status = e->delivered ? WSM_REASM_DUPLICATE : WSM_REASM_LATE;
			return PQS_OK;
		}
		rc = msg_open(r, &k, now_ms, &m, res);
		if (rc || res->status == WSM_REASM_REJECTED_BOUNDS)
			return rc;
	}
	uint8_t bit = (uint8_t)(1u << (fi.index & 7));
	if (m->have[fi.index / 8] & bit) {
		/* Same index again.  A different copy cannot both be right: the digest decides later. */
		if (memcmp(m->buf + fi.offset, fi.payload, fi.payload_len) == 0) {
			res->status = WSM_REASM_DUPLICATE;
		} else {
			m->disputed[fi.index / 8] |= bit;
			res->status = WSM_REASM_REJECTED_HEADER;
			res->err = WSM_ERR_FRAG_HEADER;
		}
		return PQS_OK;
	}
	memcpy(m->buf + fi.offset, fi.payload, fi.payload_len);
	m->have[fi.index / 8] |= bit;
	m->received++;
	if (m->received < m->key.count) {
		res->status = WSM_REASM_STORED;
		return PQS_OK;
	}
	msg_finish(r, m, now_ms, res);
	return PQS_OK;
}
