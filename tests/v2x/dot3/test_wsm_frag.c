/*
 * SPDU fragmentation and reassembly (docs/wsm.md):
 *   - fragment counts for the seed's SPDU sizes and the limits' edges;
 *   - round trip of every SPDU size 1..4096, then a stride up to 64 KiB,
 *     at the default (1400), the largest (2302) and the smallest (64) limit;
 *   - thousands of random trials (fixed DRBG seed) with loss, duplication
 *     and reordering across interleaved messages: every delivered SPDU
 *     equals its original, every message with a fragment lost is reported
 *     dropped exactly once, and no message is both;
 *   - timeouts, memory bounds (eviction policy, rejection of oversize
 *     messages), colliding message ids, malformed fragments.
 * The poisoning attacks of issue 10 item 12 are in test_wsm_reasm_poison.c.
 */
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "pqsig/wsm.h"
#include "testutil.h"

static pqs_drbg rng;

/* Link-layer sender addresses. */
static const uint8_t SENDER[WSM_SENDER_LEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x01 };

static const uint8_t *sender_no(size_t i)
{
	static uint8_t s[8][WSM_SENDER_LEN];
	s[i % 8][0] = 0x02;
	s[i % 8][5] = (uint8_t)(0x10 + i % 8);
	return s[i % 8];
}

/* Uniform-enough 32-bit values from the DRBG, drawn 4 KiB at a time (one DRBG call is costly). */
static uint32_t rnd(uint32_t bound)
{
	static uint8_t buf[4096];
	static size_t pos = sizeof buf;
	if (pos == sizeof buf) {
		pqs_drbg_generate(&rng, buf, sizeof buf);
		pos = 0;
	}
	const uint8_t *b = buf + pos;
	pos += 4;
	uint32_t v = ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
	return bound ? v % bound : v;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	/* Any content; an SPDU starts with 0x03 (Ieee1609Dot2Data protocolVersion). */
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)((i * 131u + seed * 17u + (i >> 8)) ^ (seed >> 3));
	p[0] = 0x03;
}

/* ---- drop accounting through on_drop ---- */

#define MAX_TRACK 64
typedef struct {
	uint32_t id[MAX_TRACK];
	wsm_drop_reason why[MAX_TRACK];
	size_t n;
} drops;

static void on_drop(void *ctx, uint32_t msg_id, wsm_drop_reason reason)
{
	drops *d = ctx;
	if (d->n < MAX_TRACK) {
		d->id[d->n] = msg_id;
		d->why[d->n] = reason;
	}
	d->n++;
}

static size_t drops_of(const drops *d, uint32_t id, wsm_drop_reason *why)
{
	size_t k = 0;
	for (size_t i = 0; i < d->n && i < MAX_TRACK; i++)
		if (d->id[i] == id) {
			k++;
			if (why)
				*why = d->why[i];
		}
	return k;
}

static void test_counts(void)
{
	static const struct {
		size_t spdu, limit, n;
	} kat[] = {
		/* The seed's SPDU sizes (../shared/notes/v2x-encoding.md) at 1400 and 2302 B. */
		{ 333, 1400, 1 }, { 797, 1400, 1 }, { 937, 1400, 1 }, { 1002, 1400, 1 },
		{ 2408, 1400, 2 }, { 2691, 1400, 2 }, { 6331, 1400, 5 }, { 12025, 1400, 9 }, { 12195, 1400, 9 },
		{ 2408, 2302, 2 }, { 2691, 2302, 2 }, { 6331, 2302, 3 }, { 12025, 2302, 6 }, { 12195, 2302, 6 },
		/* Edges: exactly the limit is one WSM; one more byte needs two (29-byte headers). */
		{ 1400, 1400, 1 }, { 1401, 1400, 2 }, { 2 * 1371, 1400, 2 }, { 2 * 1371 + 1, 1400, 3 },
		{ 2302, 2302, 1 }, { 2303, 2302, 2 }, { 1, 64, 1 }, { 64, 64, 1 }, { 65, 64, 2 },
		{ 65535u * 35u, 64, 65535 },
		/* Invalid: no SPDU, limits outside 64..2302, more than 65535 fragments. */
		{ 0, 1400, 0 }, { 100, 63, 0 }, { 100, 2303, 0 }, { 65535u * 35u + 1u, 64, 0 },
	};
	for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++)
		TU_CHECK(pqs_wsm_fragment_count(kat[i].spdu, kat[i].limit) == kat[i].n,
			 "fragment_count(%zu, %zu) = %zu, want %zu", kat[i].spdu, kat[i].limit,
			 pqs_wsm_fragment_count(kat[i].spdu, kat[i].limit), kat[i].n);
	wsm_fragmenter f;
	uint8_t b[10] = { 3 };
	TU_CHECK(pqs_wsm_fragmenter_init(&f, b, 10, 63, 1) == WSM_ERR_LIMIT, "init limit 63");
	TU_CHECK(pqs_wsm_fragmenter_init(&f, b, 10, 2303, 1) == WSM_ERR_LIMIT, "init limit 2303");
	TU_CHECK(pqs_wsm_fragmenter_init(&f, b, 0, 1400, 1) == PQS_ERR_ARG, "init empty");
	TU_CHECK(pqs_wsm_fragmenter_init(&f, b, 65535u * 35u + 1u, 64, 1) == WSM_ERR_FRAG_TOO_BIG, "init too big");
}

/* Fragment spdu and reassemble it in order; returns the number of fragments (0 on failure). */
static size_t round_trip(const uint8_t *spdu, size_t len, size_t limit, uint32_t id, wsm_reasm *r, uint64_t now)
{
	static uint8_t frag[WSM_DATA_LIMIT_MAX];
	wsm_fragmenter f;
	if (pqs_wsm_fragmenter_init(&f, spdu, len, limit, id) != PQS_OK)
		return 0;
	int ok = 1;
	for (size_t i = 0; i < f.count && ok; i++) {
		size_t fl = 0;
		wsm_reasm_result res;
		if (pqs_wsm_fragmenter_get(&f, i, frag, sizeof frag, &fl) != PQS_OK || fl > limit)
			ok = 0;
		else if (f.count > 1 && (!pqs_wsm_is_fragment(frag, fl) || fl < WSM_FRAG_HEADER_LEN + 1))
			ok = 0;
		else if (pqs_wsm_reasm_push(r, SENDER, frag, fl, now, &res) != PQS_OK)
			ok = 0;
		else if (i + 1 < f.count)
			ok = res.status == WSM_REASM_STORED;
		else
			ok = res.status == WSM_REASM_COMPLETE && res.spdu_len == len && memcmp(res.spdu, spdu, len) == 0 &&
			     res.msg_id == (f.count > 1 ? id : 0);
	}
	return ok ? f.count : 0;
}

static void test_round_trips(void)
{
	enum { MAXLEN = 65536 };
	uint8_t *spdu = malloc(MAXLEN);
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	static const size_t limits[] = { WSM_DATA_LIMIT_DEFAULT, WSM_DATA_LIMIT_MAX, WSM_FRAG_LIMIT_MIN };
	for (size_t li = 0; li < 3; li++) {
		size_t limit = limits[li], bad = 0, tried = 0;
		for (size_t len = 1; len <= MAXLEN; len += (len < 4096 ? 1 : 251)) {
			if (limit == WSM_FRAG_LIMIT_MIN && len > 3000)
				break; /* 64-byte fragments: the dense range is enough */
			fill(spdu, len, (uint32_t)len);
			size_t n = round_trip(spdu, len, limit, (uint32_t)(len * 2654435761u), r, len);
			if (n != pqs_wsm_fragment_count(len, limit)) {
				if (bad++ < 5)
					TU_CHECK(0, "round trip of %zu bytes at limit %zu", len, limit);
			}
			tried++;
		}
		TU_CHECK(bad == 0, "limit %zu: %zu of %zu sizes failed", limit, bad, tried);
		/* The exact top: 64 KiB. */
		fill(spdu, MAXLEN, 7);
		TU_CHECK(round_trip(spdu, MAXLEN, limit, 0xABCDEF01u + (uint32_t)li, r, 1u << 20) ==
				 pqs_wsm_fragment_count(MAXLEN, limit),
			 "64 KiB at limit %zu", limit);
	}
	TU_CHECK(pqs_wsm_reasm_pending(r) == 0 && pqs_wsm_reasm_bytes(r) == 0, "nothing left after round trips");
	pqs_wsm_reasm_free(r);
	free(spdu);
}

/* ---- random loss, duplication, reordering ---- */

typedef struct {
	size_t msg;      /* message index in the trial */
	uint8_t *data;
	size_t len;
} sent_frag;

static void test_random_trials(void)
{
	enum { TRIALS = 3000, MAXMSG = 6, MAXFRAG = 1400 };
	static sent_frag q[MAXFRAG];
	static uint8_t pool[MAXFRAG][WSM_DATA_LIMIT_MAX];
	static uint8_t spdus[MAXMSG][20000];
	size_t lens[MAXMSG];
	uint32_t ids[MAXMSG];
	unsigned long wrong = 0, delivered_total = 0, dropped_total = 0, accounting = 0, statuses = 0;
	for (unsigned t = 0; t < TRIALS; t++) {
		drops d = { .n = 0 };
		/* Ample bounds and a long timeout: here only loss may prevent delivery. */
		wsm_reasm_config cfg = { .max_messages = 8, .max_total_bytes = 200000, .max_spdu_len = 20000,
			                 .timeout_ms = 100000, .on_drop = on_drop, .on_drop_ctx = &d };
		wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
		size_t nmsg = 1 + rnd(MAXMSG), nq = 0;
		/* Any limit from 200 B up (at most 108 fragments per message, 1296 queued). */
		size_t limit = rnd(4) == 0 ? 200 + rnd(2302 - 200 + 1) : (rnd(2) ? 1400 : 2302);
		unsigned loss = rnd(4) == 0 ? 0 : rnd(30);  /* percent */
		unsigned dup = rnd(3) == 0 ? 0 : rnd(20);   /* percent */
		int lost[MAXMSG] = { 0 }, delivered[MAXMSG] = { 0 };
		for (size_t m = 0; m < nmsg; m++) {
			lens[m] = 1 + rnd(rnd(3) ? 14000 : 20000);
			fill(spdus[m], lens[m], t * 7 + (unsigned)m);
			/* Distinct, otherwise random ids. */
			int clash;
			do {
				ids[m] = rnd(0);
				clash = ids[m] == 0;
				for (size_t k = 0; k < m; k++)
					clash |= ids[k] == ids[m];
			} while (clash);
			wsm_fragmenter f;
			pqs_wsm_fragmenter_init(&f, spdus[m], lens[m], limit, ids[m]);
			for (size_t i = 0; i < f.count; i++) {
				int copies = rnd(100) < loss ? 0 : 1 + (rnd(100) < dup);
				if (copies == 0)
					lost[m] = 1;
				for (int c = 0; c < copies; c++) {
					q[nq].msg = m;
					pqs_wsm_fragmenter_get(&f, i, pool[nq], sizeof pool[nq], &q[nq].len);
					q[nq].data = pool[nq];
					nq++;
				}
			}
		}
		/* Fisher-Yates shuffle: any order, messages interleaved. */
		for (size_t i = nq; i > 1; i--) {
			size_t j = rnd((uint32_t)i);
			sent_frag tmp = q[i - 1];
			q[i - 1] = q[j];
			q[j] = tmp;
		}
		uint64_t now = 0;
		for (size_t i = 0; i < nq; i++) {
			wsm_reasm_result res;
			now += rnd(3); /* well inside the timeout */
			/* One sender per message: the per-sender quota (default 2 here) is never reached. */
			if (pqs_wsm_reasm_push(r, sender_no(q[i].msg), q[i].data, q[i].len, now, &res) != PQS_OK) {
				statuses++;
				continue;
			}
			size_t m = q[i].msg;
			switch (res.status) {
			case WSM_REASM_COMPLETE:
				if (res.spdu_len != lens[m] || memcmp(res.spdu, spdus[m], lens[m]) != 0)
					wrong++;
				delivered[m]++;
				break;
			case WSM_REASM_STORED:
			case WSM_REASM_DUPLICATE:
				break;
			default:
				statuses++; /* nothing else may happen with distinct ids and ample bounds */
			}
		}
		pqs_wsm_reasm_expire(r, now + cfg.timeout_ms + 1);
		for (size_t m = 0; m < nmsg; m++) {
			wsm_fragmenter f;
			pqs_wsm_fragmenter_init(&f, spdus[m], lens[m], limit, ids[m]);
			wsm_drop_reason why = 0;
			size_t nd = f.count > 1 ? drops_of(&d, ids[m], &why) : 0;
			int seen_any = 0;
			for (size_t i = 0; i < nq; i++)
				seen_any |= q[i].msg == m;
			if (lost[m]) {
				/* Lost: never delivered; reported once if any of its fragments arrived. */
				if (delivered[m] || nd != (size_t)(seen_any && f.count > 1) || (nd && why != WSM_DROP_TIMEOUT))
					accounting++;
				dropped_total++;
			} else {
				/* Unfragmented SPDUs have no id: each received copy is delivered. */
				if ((f.count > 1 ? delivered[m] != 1 : delivered[m] < 1) || nd != 0)
					accounting++;
				delivered_total++;
			}
		}
		if (pqs_wsm_reasm_pending(r) != 0 || pqs_wsm_reasm_bytes(r) != 0)
			accounting++;
		pqs_wsm_reasm_free(r);
	}
	TU_CHECK(wrong == 0, "random trials: %lu wrong SPDUs delivered", wrong);
	TU_CHECK(accounting == 0, "random trials: %lu messages with wrong delivery/drop accounting", accounting);
	TU_CHECK(statuses == 0, "random trials: %lu unexpected statuses", statuses);
	TU_CHECK(delivered_total > 1000 && dropped_total > 1000, "random trials exercised both outcomes (%lu delivered, %lu lost)",
	         delivered_total, dropped_total);
}

/*
 * Random trials under pressure: few slots, a small byte budget, a short
 * timeout with random clock jumps, plus loss, duplication and reordering.
 * Messages are now also evicted, time out or are rejected for size.
 * Invariants: a delivered SPDU is the original and is delivered once; the
 * bounds hold after every call; a message that was admitted and not
 * delivered is reported dropped, once per reassembly attempt (a fragment
 * arriving more than timeout_ms after its message was dropped starts a
 * new attempt, reported again); a message never admitted (all its
 * fragments rejected for size, or lost) is never reported.
 */
static void test_random_pressure(void)
{
	enum { TRIALS = 1000, MAXMSG = 6, MAXFRAG = 400 };
	static sent_frag q[MAXFRAG];
	static uint8_t pool[MAXFRAG][WSM_DATA_LIMIT_MAX];
	static uint8_t spdus[MAXMSG][12000];
	size_t lens[MAXMSG];
	uint32_t ids[MAXMSG];
	unsigned long wrong = 0, accounting = 0, outcomes[4] = { 0 };
	for (unsigned t = 0; t < TRIALS; t++) {
		drops d = { .n = 0 };
		/* One sender whose quota is the whole reassembler. */
		wsm_reasm_config cfg = { .max_messages = 1 + rnd(3), .max_total_bytes = 8000 + rnd(20000),
			                 .max_spdu_len = 12000, .timeout_ms = 50 + rnd(200), .on_drop = on_drop,
			                 .on_drop_ctx = &d };
		cfg.max_messages_per_sender = cfg.max_messages;
		cfg.max_bytes_per_sender = cfg.max_total_bytes;
		wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
		size_t nmsg = 1 + rnd(MAXMSG), nq = 0, limit = rnd(2) ? 1400 : 2302;
		int delivered[MAXMSG] = { 0 }, admitted_any[MAXMSG] = { 0 };
		for (size_t m = 0; m < nmsg; m++) {
			lens[m] = 2400 + rnd(12000 - 2400); /* always fragmented, at 1400 and at 2302 */
			fill(spdus[m], lens[m], 77777 + t * 7 + (unsigned)m);
			ids[m] = 0x10000u * (t + 1) + (uint32_t)m; /* distinct */
			wsm_fragmenter f;
			pqs_wsm_fragmenter_init(&f, spdus[m], lens[m], limit, ids[m]);
			for (size_t i = 0; i < f.count; i++) {
				int copies = rnd(100) < 10 ? 0 : 1 + (rnd(100) < 10);
				for (int c = 0; c < copies && nq < MAXFRAG; c++, nq++) {
					q[nq].msg = m;
					pqs_wsm_fragmenter_get(&f, i, pool[nq], sizeof pool[nq], &q[nq].len);
					q[nq].data = pool[nq];
				}
			}
		}
		for (size_t i = nq; i > 1; i--) {
			size_t j = rnd((uint32_t)i);
			sent_frag tmp = q[i - 1];
			q[i - 1] = q[j];
			q[j] = tmp;
		}
		uint64_t now = 0;
		for (size_t i = 0; i < nq; i++) {
			wsm_reasm_result res;
			now += rnd(10) == 0 ? rnd(300) : rnd(5); /* occasional jumps past the timeout */
			size_t m = q[i].msg;
			if (pqs_wsm_reasm_push(r, SENDER, q[i].data, q[i].len, now, &res) != PQS_OK) {
				accounting++;
				continue;
			}
			if (res.status == WSM_REASM_COMPLETE) {
				if (res.spdu_len != lens[m] || memcmp(res.spdu, spdus[m], lens[m]) != 0)
					wrong++;
				delivered[m]++;
			}
			if (res.status != WSM_REASM_REJECTED_BOUNDS && res.status != WSM_REASM_LATE)
				admitted_any[m] = 1;
			if (pqs_wsm_reasm_bytes(r) > cfg.max_total_bytes || pqs_wsm_reasm_pending(r) > cfg.max_messages)
				accounting++;
		}
		pqs_wsm_reasm_expire(r, now + cfg.timeout_ms + 1);
		for (size_t m = 0; m < nmsg; m++) {
			size_t nd = drops_of(&d, ids[m], NULL);
			if (delivered[m] > 1 || (delivered[m] == 0 && admitted_any[m] && nd == 0) || (!admitted_any[m] && nd))
				accounting++; /* delivered twice, or lost silently, or dropped without being admitted */
			else if (delivered[m])
				outcomes[0]++;
			else if (nd)
				outcomes[nd == 1 ? 1 : 3]++;
			else
				outcomes[2]++;
		}
		if (pqs_wsm_reasm_pending(r) != 0 || pqs_wsm_reasm_bytes(r) != 0)
			accounting++;
		pqs_wsm_reasm_free(r);
	}
	TU_CHECK(wrong == 0, "pressure trials: %lu wrong SPDUs delivered", wrong);
	TU_CHECK(accounting == 0, "pressure trials: %lu accounting or bound violations", accounting);
	TU_CHECK(outcomes[0] > 100 && outcomes[1] > 100 && outcomes[2] > 10,
	         "pressure trials exercised delivery (%lu), one drop (%lu), refusals (%lu), re-opened attempts (%lu)",
	         outcomes[0], outcomes[1], outcomes[2], outcomes[3]);
	printf("test_wsm_frag: pressure trials: %lu delivered, %lu dropped once, %lu never admitted, %lu dropped in "
	       "several attempts\n",
	       outcomes[0], outcomes[1], outcomes[2], outcomes[3]);
}

/* Fragments of one SPDU into a malloc'd array. */
static size_t make_frags(const uint8_t *spdu, size_t len, size_t limit, uint32_t id, uint8_t frags[][WSM_DATA_LIMIT_MAX],
                         size_t *flen)
{
	wsm_fragmenter f;
	if (pqs_wsm_fragmenter_init(&f, spdu, len, limit, id) != PQS_OK)
		return 0;
	for (size_t i = 0; i < f.count; i++)
		pqs_wsm_fragmenter_get(&f, i, frags[i], WSM_DATA_LIMIT_MAX, &flen[i]);
	return f.count;
}

static wsm_reasm_status push(wsm_reasm *r, const uint8_t *p, size_t n, uint64_t now, wsm_reasm_result *res)
{
	wsm_reasm_result tmp;
	if (!res)
		res = &tmp;
	if (pqs_wsm_reasm_push(r, SENDER, p, n, now, res) != PQS_OK)
		return 0;
	return res->status;
}

static uint8_t fa[16][WSM_DATA_LIMIT_MAX], fb[16][WSM_DATA_LIMIT_MAX];
static size_t la[16], lb[16];

static void test_timeouts(void)
{
	drops d = { .n = 0 };
	wsm_reasm_config cfg = { .timeout_ms = 1000, .on_drop = on_drop, .on_drop_ctx = &d };
	wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
	uint8_t spdu[4000];
	fill(spdu, sizeof spdu, 1);
	size_t n = make_frags(spdu, sizeof spdu, 1400, 77, fa, la);
	TU_CHECK(n == 3, "3 fragments");
	TU_CHECK(push(r, fa[0], la[0], 100, NULL) == WSM_REASM_STORED, "t=100 stored");
	TU_CHECK(push(r, fa[1], la[1], 1100, NULL) == WSM_REASM_STORED, "t=1100 still alive (exactly the timeout)");
	TU_CHECK(d.n == 0, "no drop yet");
	TU_CHECK(push(r, fa[2], la[2], 1101, NULL) == WSM_REASM_LATE, "t=1101: message timed out, last fragment late");
	wsm_drop_reason why = 0;
	TU_CHECK(drops_of(&d, 77, &why) == 1 && why == WSM_DROP_TIMEOUT, "timeout reported once");
	TU_CHECK(pqs_wsm_reasm_pending(r) == 0 && pqs_wsm_reasm_bytes(r) == 0, "timed-out message freed");
	/* After the history expires too, the same id starts a new message. */
	TU_CHECK(push(r, fa[0], la[0], 3000, NULL) == WSM_REASM_STORED, "id reusable after the history expires");
	pqs_wsm_reasm_expire(r, 3999);
	TU_CHECK(pqs_wsm_reasm_pending(r) == 1, "expire keeps a live message");
	pqs_wsm_reasm_expire(r, 4001);
	TU_CHECK(pqs_wsm_reasm_pending(r) == 0 && drops_of(&d, 77, NULL) == 2, "expire drops it");
	/* Within the history's lifetime the dropped id stays "late". */
	TU_CHECK(push(r, fa[2], la[2], 5000, NULL) == WSM_REASM_LATE, "fragment of a just-dropped message is late");
	/* A complete message within the timeout, then late duplicates are recognised. */
	wsm_reasm_result res;
	make_frags(spdu, sizeof spdu, 1400, 78, fa, la);
	push(r, fa[2], la[2], 5000, NULL);
	push(r, fa[0], la[0], 5500, NULL);
	TU_CHECK(push(r, fa[1], la[1], 5999, &res) == WSM_REASM_COMPLETE && res.spdu_len == sizeof spdu &&
	                 memcmp(res.spdu, spdu, sizeof spdu) == 0,
	         "out-of-order delivery");
	TU_CHECK(push(r, fa[1], la[1], 6000, NULL) == WSM_REASM_DUPLICATE && pqs_wsm_reasm_pending(r) == 0,
		 "late duplicate after delivery ignored");
	TU_CHECK(d.n == 2, "no drop for a delivered message");
	pqs_wsm_reasm_free(r);
}

static void test_bounds(void)
{
	drops d = { .n = 0 };
	/* One sender, whose quota is the whole reassembler. */
	wsm_reasm_config cfg = { .max_messages = 2, .max_total_bytes = 26000, .max_spdu_len = 25000,
		                 .timeout_ms = 1000, .on_drop = on_drop, .on_drop_ctx = &d,
		                 .max_messages_per_sender = 2, .max_bytes_per_sender = 26000 };
	wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
	static uint8_t s[40000];
	fill(s, sizeof s, 9);
	/*
	 * Three messages, two slots.  Message 1 has two fragments in, message 2
	 * one: message 3 evicts message 2 (fewest fragments, most recent).
	 */
	for (uint32_t id = 1; id <= 3; id++) {
		size_t n = make_frags(s, 3000, 1400, id, fa, la);
		TU_CHECK(n == 3 && push(r, fa[0], la[0], id, NULL) == WSM_REASM_STORED, "message %u stored", id);
		if (id == 1)
			TU_CHECK(push(r, fa[1], la[1], id, NULL) == WSM_REASM_STORED, "message 1 has two fragments");
	}
	wsm_drop_reason why = 0;
	TU_CHECK(pqs_wsm_reasm_pending(r) == 2 && drops_of(&d, 2, &why) == 1 && why == WSM_DROP_EVICTED &&
			 drops_of(&d, 1, NULL) == 0,
		 "least advanced message evicted for max_messages");
	TU_CHECK(push(r, fa[1], la[1], 10, NULL) == WSM_REASM_STORED, "message 3 continues");
	make_frags(s, 3000, 1400, 1, fb, lb);
	TU_CHECK(push(r, fb[2], lb[2], 10, NULL) == WSM_REASM_COMPLETE, "message 1 completes");
	/* Byte bound: a 24000-byte message needs room, so both partial messages go. */
	size_t n = make_frags(s, 24000, 2302, 50, fb, lb);
	TU_CHECK(push(r, fb[0], lb[0], 20, NULL) == WSM_REASM_STORED, "big message stored");
	TU_CHECK(drops_of(&d, 2, NULL) == 1 && drops_of(&d, 3, NULL) == 1 && pqs_wsm_reasm_pending(r) == 1,
		 "the partial message evicted for max_total_bytes");
	TU_CHECK(pqs_wsm_reasm_bytes(r) <= cfg.max_total_bytes, "byte bound respected (%zu)", pqs_wsm_reasm_bytes(r));
	wsm_reasm_result res;
	for (size_t i = 1; i < n; i++)
		push(r, fb[i], lb[i], 30, &res);
	TU_CHECK(res.status == WSM_REASM_COMPLETE && res.spdu_len == 24000 && memcmp(res.spdu, s, 24000) == 0,
	         "big message delivered");
	/* Over max_spdu_len, and over max_total_bytes: rejected, nothing evicted. */
	make_frags(s, 3000, 1400, 60, fa, la);
	push(r, fa[0], la[0], 40, NULL);
	size_t before = d.n;
	make_frags(s, 26000, 2302, 61, fb, lb);
	TU_CHECK(push(r, fb[0], lb[0], 41, NULL) == WSM_REASM_REJECTED_BOUNDS && d.n == before &&
			 pqs_wsm_reasm_pending(r) == 1,
		 "SPDU over max_spdu_len rejected without eviction");
	pqs_wsm_reasm_free(r);
	wsm_reasm_config tight = { .max_total_bytes = 10000, .max_spdu_len = 65536 };
	r = pqs_wsm_reasm_new(&tight);
	make_frags(s, 12000, 2302, 62, fb, lb);
	TU_CHECK(push(r, fb[0], lb[0], 0, NULL) == WSM_REASM_REJECTED_BOUNDS, "SPDU over max_total_bytes rejected");
	make_frags(s, 6000, 2302, 63, fb, lb);
	TU_CHECK(push(r, fb[0], lb[0], 0, NULL) == WSM_REASM_REJECTED_BOUNDS,
	         "SPDU over the default per-sender byte quota (half of max_total_bytes) rejected");
	pqs_wsm_reasm_free(r);
}

static void test_collisions(void)
{
	drops d = { .n = 0 };
	wsm_reasm_config cfg = { .on_drop = on_drop, .on_drop_ctx = &d };
	wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
	static uint8_t a[5000], b[5000];
	fill(a, sizeof a, 100);
	fill(b, sizeof b, 200);
	/* Same id, same length, different content: the digests keep them apart, both are delivered. */
	size_t n = make_frags(a, sizeof a, 1400, 42, fa, la);
	make_frags(b, sizeof b, 1400, 42, fb, lb);
	wsm_reasm_result res;
	int delivered_a = 0, delivered_b = 0, other = 0;
	for (size_t i = 0; i < n; i++)
		for (int which = 0; which < 2; which++) {
			wsm_reasm_status st = push(r, which ? fb[i] : fa[i], which ? lb[i] : la[i], i, &res);
			if (st == WSM_REASM_COMPLETE && memcmp(res.spdu, a, sizeof a) == 0)
				delivered_a++;
			else if (st == WSM_REASM_COMPLETE && memcmp(res.spdu, b, sizeof b) == 0)
				delivered_b++;
			else if (st != WSM_REASM_STORED)
				other++;
		}
	TU_CHECK(delivered_a == 1 && delivered_b == 1 && other == 0 && d.n == 0,
	         "interleaved messages with a colliding id both delivered (%d, %d, %d other)", delivered_a, delivered_b,
	         other);
	/* Same id, different length: another candidate; the original is still delivered. */
	make_frags(a, sizeof a, 1400, 43, fa, la);
	make_frags(b, 4000, 1400, 43, fb, lb);
	push(r, fa[0], la[0], 100, NULL);
	TU_CHECK(push(r, fb[1], lb[1], 101, &res) == WSM_REASM_STORED, "colliding id with another length kept apart");
	for (size_t i = 1; i < n; i++)
		push(r, fa[i], la[i], 102, &res);
	TU_CHECK(res.status == WSM_REASM_COMPLETE && memcmp(res.spdu, a, sizeof a) == 0, "original message still delivered");
	/* Same index and header (digest included), different bytes: the copy is rejected. */
	make_frags(a, sizeof a, 1400, 44, fa, la);
	push(r, fa[0], la[0], 200, NULL);
	memcpy(fb[0], fa[0], la[0]);
	fb[0][WSM_FRAG_HEADER_LEN + 7] ^= 0x40;
	TU_CHECK(push(r, fb[0], la[0], 200, &res) == WSM_REASM_REJECTED_HEADER, "conflicting copy of an index rejected");
	TU_CHECK(push(r, fa[0], la[0], 200, &res) == WSM_REASM_DUPLICATE, "identical copy is a duplicate");
	/* A corrupted payload byte (not caught per fragment, no conflicting copy) is caught by the digest. */
	make_frags(a, sizeof a, 1400, 45, fa, la);
	fa[2][WSM_FRAG_HEADER_LEN + 5] ^= 1;
	for (size_t i = 0; i < n; i++)
		push(r, fa[i], la[i], 300, &res);
	wsm_drop_reason why = 0;
	TU_CHECK(res.status == WSM_REASM_DROPPED_DIGEST && drops_of(&d, 45, &why) == 1 && why == WSM_DROP_DIGEST,
	         "corrupted payload dropped and reported");
	/* A digest failure is not remembered: the retransmission is delivered. */
	make_frags(a, sizeof a, 1400, 45, fa, la);
	for (size_t i = 0; i < n; i++)
		push(r, fa[i], la[i], 301, &res);
	TU_CHECK(res.status == WSM_REASM_COMPLETE && memcmp(res.spdu, a, sizeof a) == 0,
	         "retransmission after a digest failure delivered");
	pqs_wsm_reasm_free(r);
}

static void test_malformed(void)
{
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	static uint8_t s[5000];
	fill(s, sizeof s, 5);
	make_frags(s, sizeof s, 1400, 9, fa, la);
	uint8_t f[WSM_DATA_LIMIT_MAX];
	wsm_fragment_info fi;
	wsm_reasm_result res;
	TU_CHECK(pqs_wsm_fragment_parse(fa[1], la[1], &fi) == PQS_OK && fi.msg_id == 9 && fi.index == 1 &&
			 fi.count == 4 && fi.total_len == sizeof s,
		 "parse fragment 1");
#define MUTATE(what, off, val, len_delta, want)                                                             \
	do {                                                                                                \
		memcpy(f, fa[1], la[1]);                                                                    \
		f[off] = (uint8_t)(val);                                                                    \
		size_t l_ = (size_t)((long)la[1] + (len_delta));                                            \
		TU_CHECK(pqs_wsm_fragment_parse(f, l_, &fi) == (want), "%s: parse", what);                  \
		if ((want) != WSM_ERR_FRAG_TYPE)                                                            \
			TU_CHECK(push(r, f, l_, 0, &res) == WSM_REASM_REJECTED_HEADER && res.err == (want), \
				 "%s: reassembler", what);                                                  \
	} while (0)
	MUTATE("count 1", 8, 1, 0, WSM_ERR_FRAG_HEADER);
	MUTATE("index = count", 6, 4, 0, WSM_ERR_FRAG_HEADER);
	MUTATE("count larger than the length", 7, 0xFF, 0, WSM_ERR_FRAG_HEADER);
	MUTATE("payload one byte short", 0, WSM_FRAG_TYPE, -1, WSM_ERR_FRAG_LENGTH);
	MUTATE("payload one byte long", 0, WSM_FRAG_TYPE, 1, WSM_ERR_FRAG_LENGTH);
	MUTATE("header truncated", 0, WSM_FRAG_TYPE, -(long)la[1] + WSM_FRAG_HEADER_LEN - 1, WSM_ERR_TRUNCATED);
	MUTATE("format 1 type", 0, 0xF1, 0, WSM_ERR_FRAG_TYPE);
#undef MUTATE
	memcpy(f, fa[1], la[1]);
	memset(f + 9, 0, 4); /* total length 0 */
	TU_CHECK(pqs_wsm_fragment_parse(f, la[1], &fi) == WSM_ERR_FRAG_HEADER, "total length 0");
	TU_CHECK(push(r, f, 0, 0, &res) == WSM_REASM_REJECTED_HEADER && res.err == WSM_ERR_TRUNCATED, "empty WSM data");
	TU_CHECK(pqs_wsm_reasm_pending(r) == 0, "rejections left no state");
	/* Unfragmented SPDUs pass straight through. */
	TU_CHECK(push(r, s, 300, 0, &res) == WSM_REASM_COMPLETE && res.spdu == s && res.spdu_len == 300 && res.msg_id == 0,
	         "unfragmented SPDU delivered as is");
	TU_CHECK(pqs_wsm_reasm_push(NULL, SENDER, s, 1, 0, &res) == PQS_ERR_ARG, "NULL reassembler");
	pqs_wsm_reasm_free(r);
}

/*
 * Corrupted fragments mixed with the genuine ones (random byte changes in
 * headers and payloads, truncations): the reassembler never delivers a
 * fragmented SPDU other than the original, and an input that is not a
 * fragment is passed through unchanged.  (A corrupted header, digest
 * included, starts a candidate of its own; a corrupted payload that
 * arrives first is kept, the genuine copy is then a conflict, and the
 * index is awaited again after the digest fails.)
 */
static void test_corruption(void)
{
	static uint8_t spdu[9000], bad[WSM_DATA_LIMIT_MAX];
	unsigned long wrong = 0, delivered = 0, rejected = 0;
	for (unsigned t = 0; t < 300; t++) {
		wsm_reasm *r = pqs_wsm_reasm_new(NULL);
		size_t len = 1500 + rnd(7000);
		fill(spdu, len, 900 + t);
		size_t n = make_frags(spdu, len, 1400, 0xC0DE0000u + t, fa, la);
		for (size_t i = 0; i < n; i++) {
			/* first a corrupted copy, then (usually) the genuine fragment */
			size_t bl = la[i];
			memcpy(bad, fa[i], bl);
			unsigned kind = rnd(4);
			if (kind == 0)
				bad[rnd(WSM_FRAG_HEADER_LEN)] ^= (uint8_t)(1u << rnd(8));
			else if (kind == 1)
				bad[WSM_FRAG_HEADER_LEN + rnd((uint32_t)(bl - WSM_FRAG_HEADER_LEN))] ^= (uint8_t)(1u << rnd(8));
			else if (kind == 2)
				bl = rnd((uint32_t)bl);
			else
				bad[rnd((uint32_t)bl)] = (uint8_t)rnd(256);
			wsm_reasm_result res;
			for (int pass = 0; pass < 2; pass++) {
				const uint8_t *in = pass ? fa[i] : bad;
				size_t il = pass ? la[i] : bl;
				if (pass && rnd(8) == 0)
					continue; /* sometimes only the corrupted copy arrives */
				if (pqs_wsm_reasm_push(r, SENDER, in, il, t, &res) != PQS_OK) {
					wrong++;
					continue;
				}
				if (res.status == WSM_REASM_REJECTED_HEADER)
					rejected++;
				if (res.status != WSM_REASM_COMPLETE)
					continue;
				if (pqs_wsm_is_fragment(in, il)) {
					delivered++;
					if (res.spdu_len != len || memcmp(res.spdu, spdu, len) != 0)
						wrong++;
				} else if (res.spdu != in || res.spdu_len != il) {
					wrong++;
				}
			}
		}
		pqs_wsm_reasm_free(r);
	}
	TU_CHECK(wrong == 0, "corruption: %lu wrong deliveries", wrong);
	TU_CHECK(delivered > 5 && rejected > 100, "corruption exercised delivery (%lu) and rejection (%lu)", delivered,
	         rejected);
}

int main(void)
{
	uint8_t seed[48] = { 0x57, 0x53, 0x4D };
	pqs_drbg_init(&rng, seed, NULL);
	test_counts();
	test_round_trips();
	test_random_trials();
	test_random_pressure();
	test_timeouts();
	test_bounds();
	test_collisions();
	test_malformed();
	test_corruption();
	return tu_finish("test_wsm_frag");
}
