/*
 * Regression test for issue 10 item 12, "WSM reassembly can be poisoned".
 * On b468745 each attack below kept the honest SPDU from being delivered:
 *   1. one forged fragment with the same message id, count and total
 *      length, arriving first, made the real message fail its digest, and
 *      the real retransmission was then ignored as LATE;
 *   2. a forged fragment with the same id and another count made every
 *      real fragment REJECTED_HEADER;
 *   3. four fresh-id fragments after each real fragment evicted the real
 *      partial message (16 slots).
 * Each attack is run from the attacker's own address, from the honest
 * sender's address (spoofed), and for 3 from a new address per fragment,
 * always interleaved with a second honest sender that uses the same
 * message id.  Both honest SPDUs must be delivered, byte for byte, with
 * the default configuration.
 */
#include <string.h>

#include "pqsig/wsm.h"
#include "testutil.h"

#define HONEST_ID 0x51A70001u
#define MAX_FRAGS 16

static const uint8_t HONEST[WSM_SENDER_LEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x01 };
static const uint8_t OTHER[WSM_SENDER_LEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x02 };
static const uint8_t ATTACKER[WSM_SENDER_LEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x66 };

typedef struct {
	uint8_t spdu[12025];
	size_t len;
	const uint8_t *sender;
	uint8_t frag[MAX_FRAGS][WSM_DATA_LIMIT_MAX];
	size_t flen[MAX_FRAGS];
	size_t count;
	int delivered;  /* COMPLETE results carrying exactly this SPDU */
	int refused;    /* REJECTED_*, LATE or DROPPED_DIGEST results for its fragments */
} honest_msg;

static void honest_init(honest_msg *h, size_t len, uint8_t seed, const uint8_t *sender)
{
	memset(h, 0, sizeof *h);
	h->len = len;
	h->sender = sender;
	for (size_t i = 0; i < len; i++)
		h->spdu[i] = (uint8_t)(i * 37u + seed + (i >> 9));
	h->spdu[0] = 0x03; /* Ieee1609Dot2Data protocolVersion */
	wsm_fragmenter f;
	TU_CHECK(pqs_wsm_fragmenter_init(&f, h->spdu, len, WSM_DATA_LIMIT_DEFAULT, HONEST_ID) == PQS_OK &&
			 f.count <= MAX_FRAGS,
		 "fragment the honest SPDU");
	h->count = f.count;
	for (size_t i = 0; i < f.count; i++)
		pqs_wsm_fragmenter_get(&f, i, h->frag[i], sizeof h->frag[i], &h->flen[i]);
}

/* A well-formed fragment with any header values; its payload is filler. */
static size_t forge(uint8_t *out, uint32_t id, uint16_t index, uint16_t count, uint32_t total,
                    const uint8_t digest[WSM_FRAG_DIGEST_LEN], uint8_t filler)
{
	size_t a = (size_t)((uint64_t)index * total / count), b = (size_t)(((uint64_t)index + 1) * total / count);
	out[0] = WSM_FRAG_TYPE;
	for (int k = 0; k < 4; k++)
		out[1 + k] = (uint8_t)(id >> (24 - 8 * k));
	out[5] = (uint8_t)(index >> 8);
	out[6] = (uint8_t)index;
	out[7] = (uint8_t)(count >> 8);
	out[8] = (uint8_t)count;
	for (int k = 0; k < 4; k++)
		out[9 + k] = (uint8_t)(total >> (24 - 8 * k));
	memcpy(out + 13, digest, WSM_FRAG_DIGEST_LEN);
	memset(out + WSM_FRAG_HEADER_LEN, filler, b - a);
	return WSM_FRAG_HEADER_LEN + b - a;
}

static uint64_t now_ms;

/* Push one honest fragment and account for the result. */
static void push_honest(wsm_reasm *r, honest_msg *h, size_t i)
{
	wsm_reasm_result res;
	if (pqs_wsm_reasm_push(r, h->sender, h->frag[i], h->flen[i], ++now_ms, &res) != PQS_OK) {
		h->refused++;
		return;
	}
	if (res.status == WSM_REASM_COMPLETE)
		h->delivered += res.spdu_len == h->len && memcmp(res.spdu, h->spdu, h->len) == 0;
	else if (res.status != WSM_REASM_STORED && res.status != WSM_REASM_DUPLICATE)
		h->refused++;
}

static void push_forged(wsm_reasm *r, const uint8_t *sender, const uint8_t *frag, size_t len)
{
	wsm_reasm_result res;
	TU_CHECK(pqs_wsm_reasm_push(r, sender, frag, len, ++now_ms, &res) == PQS_OK, "forged fragment processed");
}

/* The honest messages were delivered exactly once each, and none of their fragments was refused. */
static void expect_delivered(const char *what, const honest_msg *h, const honest_msg *other)
{
	TU_CHECK(h->delivered == 1 && h->refused == 0, "%s: honest SPDU delivered (%d times, %d fragments refused)", what,
	         h->delivered, h->refused);
	TU_CHECK(other->delivered == 1 && other->refused == 0,
	         "%s: the other honest sender's SPDU delivered (%d times, %d fragments refused)", what, other->delivered,
	         other->refused);
}

/*
 * Attacks 1 and 2: a forged fragment with the honest id and length arrives
 * first, with another digest (attack 1) or also another count (attack 2).
 */
static void attack_forged_first(const uint8_t *attacker, int other_count, const char *what)
{
	static honest_msg h, other;
	honest_init(&h, 6331, (uint8_t)(1 + 4 * other_count), HONEST);
	honest_init(&other, 12025, (uint8_t)(2 + 4 * other_count), OTHER);
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	uint8_t forged[WSM_DATA_LIMIT_MAX], digest[WSM_FRAG_DIGEST_LEN];
	memset(digest, 0xEE, sizeof digest);
	uint16_t count = (uint16_t)(h.count + (other_count ? 2 : 0));
	push_forged(r, attacker, forged, forge(forged, HONEST_ID, 0, count, (uint32_t)h.len, digest, 0xAA));
	for (size_t i = 0; i < other.count; i++) {
		if (i < h.count)
			push_honest(r, &h, i);
		push_honest(r, &other, i);
	}
	expect_delivered(what, &h, &other);
	pqs_wsm_reasm_free(r);
}

/*
 * Attack 1 with the digest copied from a fragment already heard: the
 * forged copy of index 1 wins the race, the honest copy is a conflict and
 * the digest fails; the retransmission (not ignored as LATE) delivers.
 */
static void attack_forged_same_digest(void)
{
	static honest_msg h, other;
	honest_init(&h, 6331, 3, HONEST);
	honest_init(&other, 12025, 4, OTHER);
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	wsm_fragment_info fi;
	TU_CHECK(pqs_wsm_fragment_parse(h.frag[0], h.flen[0], &fi) == PQS_OK, "parse honest fragment 0");
	uint8_t forged[WSM_DATA_LIMIT_MAX];
	size_t fl = forge(forged, HONEST_ID, 1, (uint16_t)h.count, (uint32_t)h.len, fi.digest, 0x55);
	push_honest(r, &h, 0);
	push_forged(r, HONEST, forged, fl);
	wsm_reasm_result res;
	TU_CHECK(pqs_wsm_reasm_push(r, HONEST, h.frag[1], h.flen[1], ++now_ms, &res) == PQS_OK &&
			 res.status == WSM_REASM_REJECTED_HEADER,
		 "same digest: the honest copy of the disputed index is a conflict");
	for (size_t i = 0; i < other.count; i++) {
		if (i >= 2 && i < h.count)
			push_honest(r, &h, i);
		push_honest(r, &other, i);
	}
	TU_CHECK(h.delivered == 0 && pqs_wsm_reasm_pending(r) == 1, "same digest: not delivered from the forged copy");
	/* The retransmission. */
	for (size_t i = 0; i < h.count; i++)
		push_honest(r, &h, i);
	expect_delivered("forged copy with the honest digest, then retransmission", &h, &other);
	pqs_wsm_reasm_free(r);
}

/*
 * Attack 3: after each honest fragment, four fragments that each open a
 * new message (fresh id).  distinct_senders: each from a new address.
 */
static void attack_fresh_ids(const uint8_t *attacker, int distinct_senders, const char *what)
{
	static honest_msg h, other;
	honest_init(&h, 12025, 7, HONEST);
	honest_init(&other, 12025, 8, OTHER);
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	uint8_t forged[WSM_DATA_LIMIT_MAX], digest[WSM_FRAG_DIGEST_LEN];
	uint8_t sybil[WSM_SENDER_LEN] = { 0x06, 0x66, 0, 0, 0, 0 };
	uint32_t fresh = 0xBAD00000u;
	memset(digest, 0x77, sizeof digest);
	for (size_t i = 0; i < h.count; i++) {
		push_honest(r, &h, i);
		push_honest(r, &other, i);
		for (int k = 0; k < 4; k++, fresh++) {
			sybil[4] = (uint8_t)(fresh >> 8);
			sybil[5] = (uint8_t)fresh;
			push_forged(r, distinct_senders ? sybil : attacker, forged,
			            forge(forged, fresh, 0, 9, 12025, digest, 0xCC));
		}
	}
	expect_delivered(what, &h, &other);
	TU_CHECK(pqs_wsm_reasm_pending(r) <= 16, "%s: the global bound holds (%zu)", what, pqs_wsm_reasm_pending(r));
	pqs_wsm_reasm_free(r);
}

int main(void)
{
	attack_forged_first(ATTACKER, 0, "forged first fragment (attacker's address)");
	attack_forged_first(HONEST, 0, "forged first fragment (spoofed honest address)");
	attack_forged_same_digest();
	attack_forged_first(ATTACKER, 1, "forged other count (attacker's address)");
	attack_forged_first(HONEST, 1, "forged other count (spoofed honest address)");
	attack_fresh_ids(ATTACKER, 0, "fresh-id flood (attacker's address)");
	attack_fresh_ids(HONEST, 0, "fresh-id flood (spoofed honest address)");
	attack_fresh_ids(NULL, 1, "fresh-id flood (a new address per fragment)");
	return tu_finish("test_wsm_reasm_poison");
}
