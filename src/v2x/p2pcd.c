/*
 * A P2PCD node (IEEE 1609.2 clause 8): the requester (unknown signer ->
 * HashedId3 requests, suppressed while a neighbour's request for the same
 * certificate is active), the responder (random back-off, cancelled when
 * someone else answers first; one answer per certificate per
 * responseActiveTimeout), the receiver's held SPDUs, and the validation
 * of delivered certificates before they are cached.  No clock, no
 * randomness, no I/O: the caller passes time and the back-off draw.
 */
#include <stdlib.h>
#include <string.h>

#include "p2pcd_internal.h"
#include "v2x_inner.h"

#define MAX_WANTED     32 /* certificates asked for at once */
#define MAX_ANSWERS    16 /* answers scheduled at once */
#define MAX_RECENT     32 /* certificates answered (by anyone) recently */
#define MAX_NEIGHBOURS 64 /* signers heard recently (J2945 "new neighbour") */

typedef struct {
	uint8_t id3[3];
	int used;
	uint64_t created_us;
	int sent, observed; /* we asked / a neighbour asked, at sent_us / observed_us */
	uint64_t sent_us, observed_us;
	size_t validations; /* delivered certificates validated for it */
} wanted;

typedef struct {
	uint8_t id3[3];
	int used;
	uint64_t due_us;
} answer;

typedef struct {
	uint8_t id3[3];
	int used;
	uint64_t at_us;
} recent;

typedef struct {
	uint8_t *der;
	size_t len;
	uint8_t id[8];
	uint8_t issuer_id[8];
	int self_signed;
	int own; /* the node's own certificate or CA chain, never evicted */
} known;

typedef struct {
	uint8_t id[8];
	int used;
	uint64_t seen_us;
} neighbour;

struct v2x_p2pcd_node_ {
	v2x_p2pcd_config cfg;
	v2x_store *store;
	v2x_cache *cache;
	v2x_p2pcd_event_fn on_event;
	void *ctx;
	uint32_t backoff_r;
	/* own certificate (known[0] when has_own) and what else the node can deliver */
	int has_own;
	known *known;
	size_t n_known;
	/* sender state */
	int ever_cert, force_cert;
	uint64_t last_cert_us;
	uint8_t *out_cert; /* the requestedCertificate handed out by next_spdu */
	wanted want[MAX_WANTED];
	answer ans[MAX_ANSWERS];
	recent answered[MAX_RECENT];
	neighbour nb[MAX_NEIGHBOURS];
	p2pcd_queue held;
	v2x_p2pcd_stats st;
};

static void id3_of(const uint8_t id8[8], uint8_t id3[3])
{
	memcpy(id3, id8 + 5, 3); /* 6.4.3: HashedId3 and HashedId8 are both low-order octets of the hash */
}

static void emit(v2x_p2pcd_node *n, v2x_p2pcd_event_kind kind, int err, const uint8_t *spdu, size_t len,
		 const v2x_spdu_info *info, const uint8_t id[8], uint64_t received_us)
{
	if (!n->on_event)
		return;
	v2x_p2pcd_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.err = err;
	ev.spdu = spdu;
	ev.spdu_len = len;
	ev.info = info;
	if (id)
		memcpy(ev.id, id, 8);
	ev.received_us = received_us;
	n->on_event(n->ctx, &ev);
}

/* ---------------- construction ---------------- */

v2x_p2pcd_node *pqs_v2x_p2pcd_node_new(const v2x_p2pcd_config *cfg, v2x_store *store, v2x_p2pcd_event_fn on_event,
				       void *ctx)
{
	if (!store)
		return NULL;
	v2x_p2pcd_node *n = calloc(1, sizeof *n);
	if (!n)
		return NULL;
	if (cfg)
		n->cfg = *cfg;
	else
		pqs_v2x_p2pcd_config_default(&n->cfg, V2X_POLICY_DIGEST, V2X_P2PCD_INLINE);
	n->store = store;
	n->on_event = on_event;
	n->ctx = ctx;
	n->cache = pqs_v2x_cache_new(n->cfg.cache_capacity ? n->cfg.cache_capacity : 1);
	n->known = calloc(n->cfg.max_known ? n->cfg.max_known : 1, sizeof *n->known);
	if (!n->cache || !n->known || !n->cfg.max_known ||
	    pqs_p2pcd_queue_init(&n->held, n->cfg.max_pending, n->cfg.max_pending_bytes) != V2X_OK) {
		pqs_v2x_p2pcd_node_free(n);
		return NULL;
	}
	return n;
}

void pqs_v2x_p2pcd_node_free(v2x_p2pcd_node *n)
{
	if (!n)
		return;
	for (size_t i = 0; n->known && i < n->n_known; i++)
		free(n->known[i].der);
	free(n->known);
	free(n->out_cert);
	pqs_v2x_cache_free(n->cache);
	pqs_p2pcd_queue_free(&n->held);
	free(n);
}

v2x_cache *pqs_v2x_p2pcd_node_cache(v2x_p2pcd_node *n)
{
	return n ? n->cache : NULL;
}

void pqs_v2x_p2pcd_set_backoff(v2x_p2pcd_node *n, uint32_t r)
{
	if (n)
		n->backoff_r = r;
}

void pqs_v2x_p2pcd_stats_get(const v2x_p2pcd_node *n, v2x_p2pcd_stats *s)
{
	if (!n || !s)
		return;
	*s = n->st;
	s->pending = n->held.n;
	s->pending_bytes = n->held.bytes;
}

static const known *known_find3(const v2x_p2pcd_node *n, const uint8_t id3[3])
{
	for (size_t i = 0; i < n->n_known; i++)
		if (memcmp(n->known[i].id + 5, id3, 3) == 0)
			return &n->known[i];
	return NULL;
}

/* Add a certificate the node can deliver; when full, the oldest one learned from others goes. */
static int known_add(v2x_p2pcd_node *n, const uint8_t *der, size_t len, int own)
{
	known k;
	memset(&k, 0, sizeof k);
	k.own = own;
	v2x_cert *c = malloc(sizeof *c);
	int e = c ? pqs_v2x_cert_decode(c, der, len) : V2X_ERR_NOMEM;
	if (!e)
		e = pqs_v2x_cert_hashedid8(der, len, k.id, NULL, NULL);
	if (!e) {
		memcpy(k.issuer_id, c->issuer_id, 8);
		k.self_signed = c->issuer_kind == 0;
	}
	free(c);
	if (e)
		return e;
	for (size_t i = 0; i < n->n_known; i++)
		if (n->known[i].len == len && memcmp(n->known[i].der, der, len) == 0)
			return V2X_OK;
	if (!(k.der = malloc(len)))
		return V2X_ERR_NOMEM;
	memcpy(k.der, der, len);
	k.len = len;
	if (n->n_known == n->cfg.max_known) {
		size_t first = 0;
		while (first < n->n_known && n->known[first].own)
			first++;
		if (first == n->n_known) {
			free(k.der);
			return V2X_ERR_NOMEM;
		}
		free(n->known[first].der);
		memmove(&n->known[first], &n->known[first + 1], (n->n_known - first - 1) * sizeof k);
		n->n_known--;
	}
	n->known[n->n_known++] = k;
	return V2X_OK;
}

int pqs_v2x_p2pcd_node_set_own(v2x_p2pcd_node *n, const uint8_t *cert, size_t len)
{
	if (!n || !cert || n->has_own || n->n_known)
		return V2X_ERR_ARG; /* the own certificate is set first, once */
	int e = known_add(n, cert, len, 1);
	if (!e)
		n->has_own = 1;
	return e;
}

int pqs_v2x_p2pcd_node_add_known(v2x_p2pcd_node *n, const uint8_t *cert, size_t len)
{
	return n && cert ? known_add(n, cert, len, 1) : V2X_ERR_ARG;
}

/* ---------------- bounded tables ---------------- */

static wanted *want_find(v2x_p2pcd_node *n, const uint8_t id3[3])
{
	for (size_t i = 0; i < MAX_WANTED; i++)
		if (n->want[i].used && memcmp(n->want[i].id3, id3, 3) == 0)
			return &n->want[i];
	return NULL;
}

/* Ask for id3 (the oldest request goes when the table is full). */
static void want_add(v2x_p2pcd_node *n, const uint8_t id3[3], uint64_t now_us)
{
	if (want_find(n, id3))
		return;
	wanted *slot = &n->want[0];
	for (size_t i = 0; i < MAX_WANTED; i++) {
		if (!n->want[i].used) {
			slot = &n->want[i];
			break;
		}
		if (n->want[i].created_us < slot->created_us)
			slot = &n->want[i];
	}
	memset(slot, 0, sizeof *slot);
	memcpy(slot->id3, id3, 3);
	slot->used = 1;
	slot->created_us = now_us;
}

static recent *recent_find(v2x_p2pcd_node *n, const uint8_t id3[3])
{
	for (size_t i = 0; i < MAX_RECENT; i++)
		if (n->answered[i].used && memcmp(n->answered[i].id3, id3, 3) == 0)
			return &n->answered[i];
	return NULL;
}

/* Someone (this node or another) answered for id3 at now_us. */
static void recent_note(v2x_p2pcd_node *n, const uint8_t id3[3], uint64_t now_us)
{
	recent *r = recent_find(n, id3);
	for (size_t i = 0; !r && i < MAX_RECENT; i++)
		if (!n->answered[i].used || !r || n->answered[i].at_us < r->at_us)
			r = !n->answered[i].used ? &n->answered[i] : r;
	if (!r) { /* full: the oldest goes */
		r = &n->answered[0];
		for (size_t i = 1; i < MAX_RECENT; i++)
			if (n->answered[i].at_us < r->at_us)
				r = &n->answered[i];
	}
	memcpy(r->id3, id3, 3);
	r->used = 1;
	r->at_us = now_us;
}

/* 1 if a signer not heard within neighbour_timeout_us (J2945's "new neighbour"). */
static int neighbour_seen(v2x_p2pcd_node *n, const uint8_t id[8], uint64_t now_us)
{
	neighbour *slot = NULL, *oldest = &n->nb[0];
	for (size_t i = 0; i < MAX_NEIGHBOURS; i++) {
		if (n->nb[i].used && memcmp(n->nb[i].id, id, 8) == 0) {
			int fresh = now_us - n->nb[i].seen_us > n->cfg.neighbour_timeout_us;
			n->nb[i].seen_us = now_us;
			return fresh;
		}
		if (!n->nb[i].used && !slot)
			slot = &n->nb[i];
		if (n->nb[i].seen_us < oldest->seen_us)
			oldest = &n->nb[i];
	}
	if (!slot)
		slot = oldest;
	memcpy(slot->id, id, 8);
	slot->used = 1;
	slot->seen_us = now_us;
	return 1;
}

/* ---------------- responder ---------------- */

/* A certificate for id3 was delivered by someone: clause 8 back-off, our answer is cancelled. */
static void answer_observed(v2x_p2pcd_node *n, const uint8_t id3[3], uint64_t now_us)
{
	for (size_t i = 0; i < MAX_ANSWERS; i++)
		if (n->ans[i].used && memcmp(n->ans[i].id3, id3, 3) == 0) {
			n->ans[i].used = 0;
			n->st.responses_cancelled++;
		}
	recent_note(n, id3, now_us);
}

/* A neighbour asked for id3: schedule an answer if we hold it and may give it, and mark our own
 * request for it as active (clause 8: do not repeat a request a neighbour just made). */
static void request_observed(v2x_p2pcd_node *n, const uint8_t id3[3], uint64_t now_us)
{
	wanted *w = want_find(n, id3);
	if (w) {
		if (!w->sent || now_us - w->sent_us >= n->cfg.request_active_timeout_us)
			n->st.requests_suppressed++; /* ours would have been due: the neighbour's serves */
		w->observed = 1;
		w->observed_us = now_us;
	}
	const known *k = known_find3(n, id3);
	if (!k)
		return;
	if (n->cfg.policy == V2X_POLICY_J2945 || n->cfg.policy == V2X_POLICY_CERT) {
		/* J2945/1 answers a request for its own certificate by attaching it to the next BSM */
		if (n->has_own && k == &n->known[0])
			n->force_cert = 1;
		return;
	}
	if (!k->own && !pqs_p2pcd_policy_answers_for_others(&n->cfg))
		return;
	const recent *r = recent_find(n, id3);
	if (r && now_us - r->at_us < n->cfg.response_active_timeout_us)
		return; /* answered within p2pcd_responseActiveTimeout */
	answer *slot = NULL;
	for (size_t i = 0; i < MAX_ANSWERS; i++) {
		if (n->ans[i].used && memcmp(n->ans[i].id3, id3, 3) == 0)
			return; /* already scheduled */
		if (!n->ans[i].used && !slot)
			slot = &n->ans[i];
	}
	if (!slot)
		return; /* saturated: the requester will ask again */
	memcpy(slot->id3, id3, 3);
	slot->used = 1;
	/* the RSU answers at once: it is the designated responder of its area */
	uint64_t b = n->cfg.max_response_backoff_us, draw = n->backoff_r >> 16;
	uint64_t backoff = (b >> 16) * draw + (((b & 0xffffu) * draw) >> 16); /* b * backoff_r / 2^32 */
	slot->due_us = now_us + (n->cfg.is_rsu ? 0 : backoff);
}

/* The earliest answer due at now_us (removed and noted), or NULL. */
static const known *answer_due(v2x_p2pcd_node *n, uint64_t now_us)
{
	answer *best = NULL;
	for (size_t i = 0; i < MAX_ANSWERS; i++)
		if (n->ans[i].used && n->ans[i].due_us <= now_us && (!best || n->ans[i].due_us < best->due_us))
			best = &n->ans[i];
	if (!best)
		return NULL;
	best->used = 0;
	recent_note(n, best->id3, now_us);
	n->st.responses_sent++;
	return known_find3(n, best->id3);
}

/* ---------------- receiver ---------------- */

static void verify_ctx(v2x_p2pcd_node *n, v2x_verify_ctx *v, uint64_t now_us)
{
	pqs_v2x_verify_ctx_init(v, n->store, n->cache, pqs_v2x_time64_from_unix_us(now_us));
}

/* Verify held SPDUs again after a certificate for id3 (any, for a CA certificate) was learned. */
static void retry_held(v2x_p2pcd_node *n, const uint8_t *id3, uint64_t now_us)
{
	for (size_t i = 0; i < n->held.n;) {
		p2pcd_held *h = &n->held.e[i];
		if (id3 && memcmp(h->signer_id + 5, id3, 3) != 0) {
			i++;
			continue;
		}
		v2x_verify_ctx v;
		v2x_spdu_info info;
		verify_ctx(n, &v, now_us);
		int e = pqs_v2x_spdu_verify(&v, h->spdu, h->len, &info);
		if (e == V2X_ERR_SIGNER_UNKNOWN) {
			i++;
			continue;
		}
		p2pcd_held got;
		pqs_p2pcd_queue_take(&n->held, i, &got);
		if (!e) {
			n->st.verified++;
			emit(n, V2X_P2PCD_EV_VERIFIED, 0, got.spdu, got.len, &info, got.signer_id, got.received_us);
		} else {
			n->st.rejected++;
			emit(n, V2X_P2PCD_EV_REJECTED, e, got.spdu, got.len, NULL, got.signer_id, got.received_us);
		}
		free(got.spdu);
	}
}

/* A delivered certificate whose issuer is unknown: ask for the issuer too (a CA certificate; the
 * certificate itself is asked for again when its request times out). */
static void want_issuer(v2x_p2pcd_node *n, const uint8_t *der, size_t len, uint64_t now_us)
{
	v2x_cert *c = malloc(sizeof *c);
	if (c && pqs_v2x_cert_decode(c, der, len) == V2X_OK && c->issuer_kind != 0) {
		uint8_t id3[3];
		id3_of(c->issuer_id, id3);
		want_add(n, id3, now_us);
	}
	free(c);
}

/*
 * A certificate delivered by P2PCD (requestedCertificate or a Peer2Peer
 * PDU), with issuers[0..n_issuers) that came with it (8.4: each issued by
 * the next).  Validated to a trust anchor, and only if asked for and
 * within max_validations_per_id: a response flood costs a hash per
 * certificate.
 */
static void cert_delivered(v2x_p2pcd_node *n, const uint8_t *der, size_t len, const uint8_t *const *issuers,
			   const size_t *issuer_lens, size_t n_issuers, uint64_t now_us)
{
	uint8_t id[8], id3[3];
	int e = pqs_v2x_cert_hashedid8(der, len, id, NULL, NULL);
	if (e) {
		n->st.certs_rejected++;
		emit(n, V2X_P2PCD_EV_CERT_REJECTED, e, NULL, 0, NULL, NULL, now_us);
		return;
	}
	id3_of(id, id3);
	answer_observed(n, id3, now_us);
	wanted *w = want_find(n, id3);
	if (!w || w->validations >= n->cfg.max_validations_per_id) {
		n->st.certs_ignored++;
		emit(n, V2X_P2PCD_EV_CERT_IGNORED, 0, NULL, 0, NULL, id, now_us);
		return;
	}
	w->validations++;
	v2x_verify_ctx v;
	verify_ctx(n, &v, now_us);
	uint32_t t32 = pqs_v2x_time32_from_unix(now_us / 1000000u);
	/* issuers first, the one a root issued first: each then finds its issuer in the store */
	for (size_t i = n_issuers; i-- > 0;) {
		n->st.cert_validations++;
		if (pqs_v2x_cert_validate(&v, issuers[i], issuer_lens[i], t32, NULL) == V2X_OK)
			n->st.certs_learned++;
	}
	n->st.cert_validations++;
	int is_ca = 0;
	e = pqs_v2x_cert_validate(&v, der, len, t32, &is_ca);
	if (e) {
		n->st.certs_rejected++;
		emit(n, V2X_P2PCD_EV_CERT_REJECTED, e, NULL, 0, NULL, id, now_us);
		if (e == V2X_ERR_ISSUER_UNKNOWN)
			want_issuer(n, der, len, now_us);
		return;
	}
	w->used = 0;
	n->st.certs_learned++;
	if (pqs_p2pcd_policy_answers_for_others(&n->cfg))
		(void)known_add(n, der, len, 0); /* a full table only costs a later answer */
	emit(n, V2X_P2PCD_EV_CERT_LEARNED, 0, NULL, 0, NULL, id, now_us);
	if (is_ca) /* certificates that failed for lack of this CA may be asked for again at once */
		for (size_t i = 0; i < MAX_WANTED; i++)
			n->want[i].sent = 0;
	retry_held(n, is_ca ? NULL : id3, now_us);
}

static void hold(v2x_p2pcd_node *n, const uint8_t *spdu, size_t len, const uint8_t id[8], uint64_t now_us)
{
	p2pcd_held victim;
	while (pqs_p2pcd_queue_make_room(&n->held, len, &victim)) {
		n->st.evicted++;
		emit(n, V2X_P2PCD_EV_EVICTED, V2X_ERR_NOMEM, victim.spdu, victim.len, NULL, victim.signer_id,
		     victim.received_us);
		free(victim.spdu);
	}
	int e = pqs_p2pcd_queue_push(&n->held, spdu, len, now_us, id);
	if (e) {
		n->st.rejected++;
		emit(n, V2X_P2PCD_EV_REJECTED, V2X_ERR_SIGNER_UNKNOWN, spdu, len, NULL, id, now_us);
		return;
	}
	uint8_t id3[3];
	id3_of(id, id3);
	want_add(n, id3, now_us);
	n->st.held++;
	emit(n, V2X_P2PCD_EV_HELD, V2X_ERR_SIGNER_UNKNOWN, spdu, len, NULL, id, now_us);
}

static int receive_spdu(v2x_p2pcd_node *n, const uint8_t *spdu, size_t len, uint64_t now_us)
{
	v2x_spdu_info info;
	int e = pqs_v2x_spdu_decode(spdu, len, &info);
	if (e) {
		n->st.rejected++;
		emit(n, V2X_P2PCD_EV_REJECTED, e, spdu, len, NULL, NULL, now_us);
		return e;
	}
	const v2x_p2pcd_fields *f = &info.p2pcd;
	/* a delivered certificate first: this SPDU may be the first its signer can be verified by */
	if (f->requested_cert)
		cert_delivered(n, f->requested_cert, f->requested_cert_len, NULL, NULL, 0, now_us);
	if (neighbour_seen(n, info.signer_id, now_us) && n->cfg.policy == V2X_POLICY_J2945 && n->has_own)
		n->force_cert = 1; /* J2945/1: a new neighbour gets our certificate */
	v2x_verify_ctx v;
	verify_ctx(n, &v, now_us);
	e = pqs_v2x_spdu_verify(&v, spdu, len, &info);
	if (!e) {
		n->st.verified++;
		emit(n, V2X_P2PCD_EV_VERIFIED, 0, spdu, len, &info, info.signer_id, now_us);
		if (info.signer_kind == V2X_SIGNER_CERT) {
			/* the attached certificate is now cached: SPDUs held for it verify, its request is moot */
			uint8_t id3[3];
			id3_of(info.signer_id, id3);
			wanted *w = want_find(n, id3);
			if (w)
				w->used = 0;
			retry_held(n, id3, now_us);
			/* an RSU also keeps what it verified with an attached certificate, to answer for it */
			const v2x_cache_entry *ce = pqs_v2x_cache_next(n->cache, info.signer_id, NULL);
			if (n->cfg.is_rsu && ce)
				(void)known_add(n, ce->der, ce->der_len, 0);
		}
	} else if (e == V2X_ERR_SIGNER_UNKNOWN && info.signer_kind == V2X_SIGNER_DIGEST) {
		hold(n, spdu, len, info.signer_id, now_us);
	} else {
		n->st.rejected++;
		emit(n, V2X_P2PCD_EV_REJECTED, e, spdu, len, NULL, info.signer_id, now_us);
	}
	/* requests: processed whether or not the SPDU verified (its signer may be a newcomer we cannot
	 * verify yet, exactly the node that needs an answer); answers are rate-limited per certificate */
	for (size_t i = 0; f->has_inline && i < f->n_inline; i++)
		request_observed(n, f->inline_ids[i], now_us);
	if (f->has_learning)
		request_observed(n, f->learning, now_us);
	return e;
}

int pqs_v2x_p2pcd_receive(v2x_p2pcd_node *n, const uint8_t *data, size_t len, uint64_t now_us)
{
	if (!n || !data)
		return V2X_ERR_ARG;
	pqs_v2x_p2pcd_tick(n, now_us);
	if (len >= 2 && data[0] == 3 && data[1] == 0x80) { /* unsecuredData: a Peer2Peer PDU */
		v2x_p2p_certs c;
		int e = pqs_v2x_p2p_decode(data, len, &c);
		if (e) {
			n->st.rejected++;
			emit(n, V2X_P2PCD_EV_REJECTED, e, data, len, NULL, NULL, now_us);
			return e;
		}
		/* the requested certificate is first, its issuers follow */
		cert_delivered(n, c.certs[0], c.lens[0], c.certs + 1, c.lens + 1, c.n - 1, now_us);
		return V2X_OK;
	}
	return receive_spdu(n, data, len, now_us);
}

void pqs_v2x_p2pcd_tick(v2x_p2pcd_node *n, uint64_t now_us)
{
	if (!n)
		return;
	while (n->held.n && now_us - n->held.e[0].received_us > n->cfg.pending_timeout_us) {
		p2pcd_held h;
		pqs_p2pcd_queue_take(&n->held, 0, &h);
		n->st.expired++;
		emit(n, V2X_P2PCD_EV_EXPIRED, V2X_ERR_SIGNER_UNKNOWN, h.spdu, h.len, NULL, h.signer_id, h.received_us);
		free(h.spdu);
	}
	/* a request nobody holds an SPDU for any more is forgotten */
	for (size_t i = 0; i < MAX_WANTED; i++) {
		wanted *w = &n->want[i];
		if (!w->used || now_us - w->created_us <= n->cfg.pending_timeout_us)
			continue;
		int needed = 0;
		for (size_t j = 0; j < n->held.n && !needed; j++)
			needed = memcmp(n->held.e[j].signer_id + 5, w->id3, 3) == 0;
		if (!needed)
			w->used = 0;
	}
}

/* ---------------- sender ---------------- */

static int request_due(const v2x_p2pcd_node *n, const wanted *w, uint64_t now_us)
{
	uint64_t t = n->cfg.request_active_timeout_us;
	return w->used && (!w->sent || now_us - w->sent_us >= t) && (!w->observed || now_us - w->observed_us >= t);
}

int pqs_v2x_p2pcd_next_spdu(v2x_p2pcd_node *n, uint64_t now_us, v2x_signer_kind *signer, v2x_p2pcd_fields *f)
{
	if (!n || !signer || !f)
		return V2X_ERR_ARG;
	pqs_v2x_p2pcd_tick(n, now_us);
	memset(f, 0, sizeof *f);
	int cert = n->has_own && pqs_p2pcd_policy_attach(&n->cfg, now_us, n->ever_cert, n->last_cert_us, n->force_cert);
	*signer = cert ? V2X_SIGNER_CERT : V2X_SIGNER_DIGEST;
	if (cert) {
		n->ever_cert = 1;
		n->last_cert_us = now_us;
		n->force_cert = 0;
	}
	for (size_t i = 0; i < MAX_WANTED; i++) {
		wanted *w = &n->want[i];
		if (!w->used)
			continue;
		if (!request_due(n, w, now_us))
			continue;
		if (n->cfg.flavour == V2X_P2PCD_SEPARATE) {
			if (f->has_learning)
				continue; /* one p2pcdLearningRequest per SPDU */
			memcpy(f->learning, w->id3, 3);
			f->has_learning = 1;
		} else {
			if (f->n_inline == V2X_P2PCD_MAX_IDS)
				continue;
			memcpy(f->inline_ids[f->n_inline++], w->id3, 3);
			f->has_inline = 1;
		}
		w->sent = 1;
		w->sent_us = now_us;
		n->st.requests_sent++;
	}
	free(n->out_cert);
	n->out_cert = NULL;
	if (n->cfg.flavour == V2X_P2PCD_INLINE) {
		const known *k = answer_due(n, now_us);
		if (k && (n->out_cert = malloc(k->len)) != NULL) {
			memcpy(n->out_cert, k->der, k->len);
			f->requested_cert = n->out_cert;
			f->requested_cert_len = k->len;
		}
	}
	return V2X_OK;
}

int pqs_v2x_p2pcd_next_pdu(v2x_p2pcd_node *n, uint64_t now_us, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!n || !out || !out_len)
		return V2X_ERR_ARG;
	*out_len = 0;
	if (n->cfg.flavour != V2X_P2PCD_SEPARATE)
		return V2X_OK;
	const known *k = answer_due(n, now_us);
	if (!k)
		return V2X_OK;
	/* 8.4: the requested certificate, then each issuer up to the one a root issued */
	v2x_p2p_certs c;
	memset(&c, 0, sizeof c);
	while (k && !k->self_signed && c.n < V2X_MAX_CHAIN) {
		c.certs[c.n] = k->der;
		c.lens[c.n++] = k->len;
		const known *up = NULL;
		for (size_t i = 0; i < n->n_known && !up; i++)
			if (memcmp(n->known[i].id, k->issuer_id, 8) == 0)
				up = &n->known[i];
		k = up;
	}
	return c.n ? pqs_v2x_p2p_encode(&c, out, cap, out_len) : V2X_OK;
}
