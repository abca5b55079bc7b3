/*
 * Reassembly of fragmented SPDUs (format: docs/wsm.md, frag.c).
 *
 * Guarantees:
 *   - a delivered SPDU is exactly the one the sender fragmented: every
 *     fragment must agree with its message's (id, count, total length),
 *     every slice length is checked against the balanced split, and the
 *     whole SPDU must match the 128-bit digest carried in fragment 0;
 *   - memory is bounded: at most max_messages partial messages and
 *     max_total_bytes of buffers; room for a new message is made by
 *     dropping the oldest partial messages (reported as EVICTED);
 *   - every reassembly attempt that is started and not delivered is
 *     reported once through on_drop (TIMEOUT, EVICTED or DIGEST);
 *   - fragments arriving after their message was delivered or dropped
 *     are recognised for timeout_ms (a small history of finished
 *     messages) and ignored as DUPLICATE or LATE instead of opening a new
 *     partial message that could only time out.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/wsm.h"

#include "frag_internal.h"

typedef struct {
	int used;
	uint32_t msg_id;
	uint16_t count;
	uint32_t total_len;   /* SPDU length; the buffer holds digest || SPDU */
	uint64_t first_ms;
	size_t received;      /* distinct fragments held */
	size_t bytes;         /* buffer + bitmap, charged against max_total_bytes */
	uint8_t *buf;
	uint8_t *have;        /* bitmap of received indices */
} reasm_msg;

typedef struct {
	uint32_t msg_id;
	uint16_t count;
	uint32_t total_len;
	uint64_t when_ms;
	int delivered;        /* 1 delivered, 0 dropped */
	int valid;
} reasm_recent;

struct wsm_reasm_ {
	wsm_reasm_config cfg;
	reasm_msg *msgs;      /* cfg.max_messages slots */
	size_t pending;
	size_t bytes;
	reasm_recent *recent; /* ring of finished messages */
	size_t n_recent, recent_next;
	uint8_t *delivered;   /* buffer handed out by the last COMPLETE; freed on the next call */
};

wsm_reasm *wsm_reasm_new(const wsm_reasm_config *cfg)
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
	/* History of finished messages: enough for several generations of full slots. */
	r->n_recent = 4 * r->cfg.max_messages + 16;
	r->msgs = calloc(r->cfg.max_messages, sizeof *r->msgs);
	r->recent = calloc(r->n_recent, sizeof *r->recent);
	if (!r->msgs || !r->recent) {
		wsm_reasm_free(r);
		return NULL;
	}
	return r;
}

static void msg_release(wsm_reasm *r, reasm_msg *m)
{
	free(m->buf);
	free(m->have);
	r->bytes -= m->bytes;
	r->pending--;
	memset(m, 0, sizeof *m);
}

void wsm_reasm_free(wsm_reasm *r)
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

size_t wsm_reasm_pending(const wsm_reasm *r)
{
	return r ? r->pending : 0;
}

size_t wsm_reasm_bytes(const wsm_reasm *r)
{
	return r ? r->bytes : 0;
}

static void remember(wsm_reasm *r, const reasm_msg *m, uint64_t now_ms, int delivered)
{
	reasm_recent *e = &r->recent[r->recent_next];
	r->recent_next = (r->recent_next + 1) % r->n_recent;
	e->msg_id = m->msg_id;
	e->count = m->count;
	e->total_len = m->total_len;
	e->when_ms = now_ms;
	e->delivered = delivered;
	e->valid = 1;
}

/* Drop a partial message: history, callback, free. */
static void msg_drop(wsm_reasm *r, reasm_msg *m, uint64_t now_ms, wsm_drop_reason why)
{
	uint32_t id = m->msg_id;
	remember(r, m, now_ms, 0);
	msg_release(r, m);
	if (r->cfg.on_drop)
		r->cfg.on_drop(r->cfg.on_drop_ctx, id, why);
}

static int expired(const wsm_reasm *r, uint64_t since_ms, uint64_t now_ms)
{
	return now_ms > since_ms && now_ms - since_ms > r->cfg.timeout_ms;
}

void wsm_reasm_expire(wsm_reasm *r, uint64_t now_ms)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && expired(r, r->msgs[i].first_ms, now_ms))
			msg_drop(r, &r->msgs[i], now_ms, WSM_DROP_TIMEOUT);
}

static reasm_msg *find_msg(wsm_reasm *r, uint32_t id)
{
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && r->msgs[i].msg_id == id)
			return &r->msgs[i];
	return NULL;
}

static reasm_msg *oldest_msg(wsm_reasm *r)
{
	reasm_msg *o = NULL;
	for (size_t i = 0; i < r->cfg.max_messages; i++)
		if (r->msgs[i].used && (!o || r->msgs[i].first_ms < o->first_ms))
			o = &r->msgs[i];
	return o;
}

static const reasm_recent *find_recent(const wsm_reasm *r, const wsm_fragment_info *fi, uint64_t now_ms)
{
	for (size_t i = 0; i < r->n_recent; i++) {
		const reasm_recent *e = &r->recent[i];
		if (e->valid && e->msg_id == fi->msg_id && e->count == fi->count && e->total_len == fi->total_len &&
		    !expired(r, e->when_ms, now_ms))
			return e;
	}
	return NULL;
}

/* Open a partial message for fragment fi, evicting the oldest ones if needed. */
static int msg_open(wsm_reasm *r, const wsm_fragment_info *fi, uint64_t now_ms, reasm_msg **out,
                    wsm_reasm_result *res)
{
	size_t stream = (size_t)fi->total_len + WSM_FRAG_DIGEST_LEN;
	size_t bitmap = ((size_t)fi->count + 7) / 8;
	size_t need = stream + bitmap;
	if (fi->total_len > r->cfg.max_spdu_len || need > r->cfg.max_total_bytes) {
		res->status = WSM_REASM_REJECTED_BOUNDS;
		return PQS_OK;
	}
	/* Allocate before evicting, so that running out of memory changes nothing. */
	uint8_t *buf = malloc(stream), *have = calloc(bitmap, 1);
	if (!buf || !have) {
		free(buf);
		free(have);
		return PQS_ERR_INTERNAL;
	}
	while (r->pending == r->cfg.max_messages || r->bytes + need > r->cfg.max_total_bytes)
		msg_drop(r, oldest_msg(r), now_ms, WSM_DROP_EVICTED);
	reasm_msg *m = NULL;
	for (size_t i = 0; i < r->cfg.max_messages && !m; i++)
		if (!r->msgs[i].used)
			m = &r->msgs[i];
	m->used = 1;
	m->msg_id = fi->msg_id;
	m->count = fi->count;
	m->total_len = fi->total_len;
	m->first_ms = now_ms;
	m->received = 0;
	m->bytes = need;
	m->buf = buf;
	m->have = have;
	r->pending++;
	r->bytes += need;
	*out = m;
	return PQS_OK;
}

/* All fragments are in: check the digest, deliver or drop. */
static void msg_finish(wsm_reasm *r, reasm_msg *m, uint64_t now_ms, wsm_reasm_result *res)
{
	uint8_t d[WSM_FRAG_DIGEST_LEN];
	wsm_frag_digest(m->buf + WSM_FRAG_DIGEST_LEN, m->total_len, d);
	if (memcmp(d, m->buf, WSM_FRAG_DIGEST_LEN) != 0) {
		res->status = WSM_REASM_DROPPED_DIGEST;
		msg_drop(r, m, now_ms, WSM_DROP_DIGEST);
		return;
	}
	remember(r, m, now_ms, 1);
	r->delivered = m->buf; /* ownership moves to r until the next call */
	m->buf = NULL;
	res->status = WSM_REASM_COMPLETE;
	res->spdu = r->delivered + WSM_FRAG_DIGEST_LEN;
	res->spdu_len = m->total_len;
	msg_release(r, m);
}

int wsm_reasm_push(wsm_reasm *r, const uint8_t *data, size_t len, uint64_t now_ms, wsm_reasm_result *res)
{
	if (!r || !res || (!data && len))
		return PQS_ERR_ARG;
	memset(res, 0, sizeof *res);
	free(r->delivered);
	r->delivered = NULL;
	wsm_reasm_expire(r, now_ms);
	if (len == 0) {
		res->status = WSM_REASM_REJECTED_HEADER;
		res->err = WSM_ERR_TRUNCATED;
		return PQS_OK;
	}
	if (!wsm_is_fragment(data, len)) {
		/* An SPDU that fitted in one WSM (Ieee1609Dot2Data starts with protocolVersion 3). */
		res->status = WSM_REASM_COMPLETE;
		res->spdu = data;
		res->spdu_len = len;
		return PQS_OK;
	}
	wsm_fragment_info fi;
	int rc = wsm_fragment_parse(data, len, &fi);
	if (rc) {
		res->status = WSM_REASM_REJECTED_HEADER;
		res->err = rc;
		return PQS_OK;
	}
	res->msg_id = fi.msg_id;
	reasm_msg *m = find_msg(r, fi.msg_id);
	if (m && (m->count != fi.count || m->total_len != fi.total_len)) {
		/* Same id, different message: keep the one we started with. */
		res->status = WSM_REASM_REJECTED_HEADER;
		res->err = WSM_ERR_FRAG_HEADER;
		return PQS_OK;
	}
	if (!m) {
		const reasm_recent *e = find_recent(r, &fi, now_ms);
		if (e) {
			res->status = e->delivered ? WSM_REASM_DUPLICATE : WSM_REASM_LATE;
			return PQS_OK;
		}
		rc = msg_open(r, &fi, now_ms, &m, res);
		if (rc || res->status == WSM_REASM_REJECTED_BOUNDS)
			return rc;
	}
	uint8_t bit = (uint8_t)(1u << (fi.index & 7));
	if (m->have[fi.index / 8] & bit) {
		/* Same index again.  A different copy cannot both be right: the digest decides later. */
		if (memcmp(m->buf + fi.offset, fi.payload, fi.payload_len) == 0) {
			res->status = WSM_REASM_DUPLICATE;
		} else {
			res->status = WSM_REASM_REJECTED_HEADER;
			res->err = WSM_ERR_FRAG_HEADER;
		}
		return PQS_OK;
	}
	memcpy(m->buf + fi.offset, fi.payload, fi.payload_len);
	m->have[fi.index / 8] |= bit;
	m->received++;
	if (m->received < m->count) {
		res->status = WSM_REASM_STORED;
		return PQS_OK;
	}
	msg_finish(r, m, now_ms, res);
	return PQS_OK;
}
