/*
 * Certificate delivery for digest-signed SPDUs (issue 18, IEEE 1609.2
 * clause 8) through the real codec, node against node:
 *
 *   - codec: the clause-8 HeaderInfo fields and the Peer2Peer PDU encode,
 *     decode strictly (truncations, bad counts, trailing bytes, versions);
 *   - inline: a digest-only vehicle becomes verifiable for a newcomer after
 *     one inlineP2pcdRequest / requestedCertificate round;
 *   - separate PDU: p2pcdLearningRequest, answered by a Peer2Peer PDU that
 *     our 1609.3 layer fragments (FN-DSA-512: the certificate exceeds a WSM)
 *     and reassembles; with an intermediate CA the PDU carries it too;
 *   - inline with an intermediate CA the receiver lacks: it asks for the
 *     CA certificate, then for the vehicle's again;
 *   - RSU: answers for a vehicle that cannot hear the newcomer;
 *   - back-off: of two neighbours holding the certificate, one answers;
 *   - J2945/1 policy: certificate once per second, on a request, on a new
 *     neighbour;
 *   - forged and mis-issued certificates delivered by P2PCD are rejected
 *     and never cached; a response flood costs at most
 *     max_validations_per_id validations; an SPDU flood is bounded by the
 *     held queue; held SPDUs expire with a status.
 *
 * Expected counts are asserted, so a change of behaviour fails.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/p2pcd.h"
#include "pqsig/wsm.h"
#include "testutil.h"

#define T0 1795953600000000ull /* Unix microseconds: 2026-11-28 */
#define BSM 100000u            /* 10 Hz */
#define SPDU_CAP (64u * 1024u)

typedef struct {
	v2x_key root_key, ica_key, key;
	uint8_t root[V2X_MAX_CERT], ica[V2X_MAX_CERT], cert[V2X_MAX_CERT];
	size_t root_len, ica_len, cert_len;
	int has_ica;
} pki;

static int issue(const v2x_cert_params *cp, const v2x_key *subj, const v2x_key *iss, const uint8_t *ic, size_t il,
                 uint8_t *out, size_t *len)
{
	return pqs_v2x_cert_issue(cp, subj, iss, ic, il, NULL, out, V2X_MAX_CERT, len);
}

static int pki_make(pki *p, const v2x_profile *prof, int with_ica)
{
	uint32_t start = pqs_v2x_time32_from_unix(T0 / 1000000u - 86400);
	v2x_cert_params cp;
	memset(p, 0, sizeof *p);
	p->has_ica = with_ica;
	int e = pqs_v2x_key_generate(&p->root_key, prof->ca, NULL);
	if (!e && with_ica)
		e = pqs_v2x_key_generate(&p->ica_key, prof->ca, NULL);
	if (!e)
		e = pqs_v2x_key_generate(&p->key, prof->vehicle, NULL);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, start);
	cp.chain_length_range = with_ica ? 1 : 0;
	if (!e)
		e = issue(&cp, &p->root_key, &p->root_key, NULL, 0, p->root, &p->root_len);
	const v2x_key *ik = &p->root_key;
	const uint8_t *ic = p->root;
	size_t il = p->root_len;
	if (!e && with_ica) {
		pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, start);
		e = issue(&cp, &p->ica_key, &p->root_key, p->root, p->root_len, p->ica, &p->ica_len);
		ik = &p->ica_key;
		ic = p->ica;
		il = p->ica_len;
	}
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, start);
	if (!e)
		e = issue(&cp, &p->key, ik, ic, il, p->cert, &p->cert_len);
	return e;
}

/* One vehicle or RSU: a node, its store, its key and event counts. */
typedef struct {
	const char *name;
	pki *pk; /* NULL: an RSU without its own certificate */
	v2x_store *store;
	v2x_p2pcd_node *node;
	unsigned long ev[9];
	unsigned long bsms;
} party;

static void on_event(void *ctx, const v2x_p2pcd_event *ev)
{
	party *p = ctx;
	if ((unsigned)ev->kind < 9)
		p->ev[ev->kind]++;
}

static int party_init(party *p, const char *name, pki *own, const pki *anchors, const v2x_p2pcd_config *cfg)
{
	memset(p, 0, sizeof *p);
	p->name = name;
	p->pk = own;
	p->store = pqs_v2x_store_new(8);
	if (!p->store || pqs_v2x_store_add_root(p->store, anchors->root, anchors->root_len) != V2X_OK)
		return -1;
	p->node = pqs_v2x_p2pcd_node_new(cfg, p->store, on_event, p);
	if (!p->node)
		return -1;
	if (own && pqs_v2x_p2pcd_node_set_own(p->node, own->cert, own->cert_len) != V2X_OK)
		return -1;
	if (own && own->has_ica && pqs_v2x_p2pcd_node_add_known(p->node, own->ica, own->ica_len) != V2X_OK)
		return -1;
	return 0;
}

static void party_free(party *p)
{
	pqs_v2x_p2pcd_node_free(p->node);
	pqs_v2x_store_free(p->store);
}

/* The party's next BSM at time t: signer form and clause-8 fields from its node. */
static size_t send_bsm(party *p, uint64_t t, uint8_t *out, v2x_signer_kind *kind_out, v2x_p2pcd_fields *f_out)
{
	v2x_signer_kind kind;
	v2x_p2pcd_fields f;
	v2x_signer s;
	size_t len = 0;
	uint8_t payload[40];
	memset(payload, (int)p->bsms, sizeof payload);
	p->bsms++;
	int e = pqs_v2x_p2pcd_next_spdu(p->node, t, &kind, &f);
	if (!e)
		e = pqs_v2x_signer_init(&s, &p->pk->key, p->pk->cert, p->pk->cert_len, kind, NULL);
	if (!e)
		e = pqs_v2x_spdu_sign_p2pcd(&s, 0x20, pqs_v2x_time64_from_unix_us(t), &f, payload, sizeof payload, out,
					    SPDU_CAP, &len);
	TU_CHECK(e == V2X_OK, "%s: BSM at %llu: %s", p->name, (unsigned long long)(t - T0), pqs_v2x_strerror(e));
	if (kind_out)
		*kind_out = kind;
	if (f_out)
		*f_out = f;
	return e ? 0 : len;
}

/* Length determinant size (X.696 8.6) of a value of n octets, n < 65536. */
static size_t lensz(size_t n)
{
	return n < 128 ? 1 : n < 256 ? 2 : 3;
}

/* A copy of a certificate with one octet of its CertificateId name ("vehicle") changed: same key,
 * another hash, an issuer signature that no longer verifies. */
static void forge(const pki *p, uint8_t *out, uint8_t delta)
{
	memcpy(out, p->cert, p->cert_len);
	for (size_t i = 0; i + 7 <= p->cert_len; i++)
		if (memcmp(out + i, "vehicle", 7) == 0) {
			out[i + 1] ^= delta;
			return;
		}
}

/* Another vehicle of the same PKI (issued by its intermediate CA if it has one). */
static int sibling(const pki *p, const v2x_profile *prof, pki *out)
{
	v2x_cert_params cp;
	*out = *p;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, pqs_v2x_time32_from_unix(T0 / 1000000u - 86400));
	int e = pqs_v2x_key_generate(&out->key, prof->vehicle, NULL);
	if (!e && p->has_ica)
		e = issue(&cp, &out->key, &p->ica_key, p->ica, p->ica_len, out->cert, &out->cert_len);
	else if (!e)
		e = issue(&cp, &out->key, &p->root_key, p->root, p->root_len, out->cert, &out->cert_len);
	return e;
}

/* ---------------- codec ---------------- */

static void test_codec(const pki *p)
{
	v2x_signer s;
	uint8_t *out = malloc(SPDU_CAP);
	size_t len = 0;
	v2x_p2pcd_fields f;
	memset(&f, 0, sizeof f);
	f.has_learning = 1;
	memcpy(f.learning, "\x01\x02\x03", 3);
	f.has_inline = 1;
	f.n_inline = 2;
	memcpy(f.inline_ids[0], "\xaa\xbb\xcc", 3);
	memcpy(f.inline_ids[1], "\xdd\xee\xff", 3);
	f.requested_cert = p->cert;
	f.requested_cert_len = p->cert_len;
	TU_CHECK(pqs_v2x_signer_init(&s, &p->key, p->cert, p->cert_len, V2X_SIGNER_DIGEST, NULL) == V2X_OK, "signer");
	TU_CHECK(pqs_v2x_spdu_sign_p2pcd(&s, 0x20, pqs_v2x_time64_from_unix_us(T0), &f, (const uint8_t *)"bsm", 3, out,
					 SPDU_CAP, &len) == V2X_OK,
		 "sign with clause-8 fields");
	size_t plain = 0;
	uint8_t *ref = malloc(SPDU_CAP);
	TU_CHECK(pqs_v2x_spdu_sign(&s, 0x20, pqs_v2x_time64_from_unix_us(T0), (const uint8_t *)"bsm", 3, ref, SPDU_CAP,
				   &plain) == V2X_OK,
		 "plain sign");
	TU_CHECK(len == plain + pqs_v2x_p2pcd_fields_size(&f), "size: %zu = %zu + %zu", len, plain,
		 pqs_v2x_p2pcd_fields_size(&f));
	TU_CHECK(pqs_v2x_p2pcd_fields_size(&f) == 3 + 3 + 1 + 8 + lensz(p->cert_len) + p->cert_len,
		 "fields size formula");
	v2x_spdu_info info;
	int e = pqs_v2x_spdu_decode(out, len, &info);
	TU_CHECK(e == V2X_OK, "decode: %s", pqs_v2x_strerror(e));
	TU_CHECK(info.p2pcd.has_learning && memcmp(info.p2pcd.learning, "\x01\x02\x03", 3) == 0, "learning request");
	TU_CHECK(info.p2pcd.has_inline && info.p2pcd.n_inline == 2 &&
			 memcmp(info.p2pcd.inline_ids[1], "\xdd\xee\xff", 3) == 0,
		 "inline request ids");
	TU_CHECK(info.p2pcd.requested_cert_len == p->cert_len &&
			 memcmp(info.p2pcd.requested_cert, p->cert, p->cert_len) == 0,
		 "requestedCertificate");
	/* the fields are signed: the SPDU verifies with the certificate known */
	v2x_store *st = pqs_v2x_store_new(4);
	pqs_v2x_store_add_root(st, p->root, p->root_len);
	pqs_v2x_store_add_cert(st, p->cert, p->cert_len);
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, st, NULL, pqs_v2x_time64_from_unix_us(T0));
	TU_CHECK(pqs_v2x_spdu_verify(&v, out, len, NULL) == V2X_OK, "SPDU with clause-8 fields verifies");
	/* every truncation fails to decode */
	size_t bad = 0;
	for (size_t cut = 0; cut < len; cut++)
		bad += pqs_v2x_spdu_decode(out, cut, NULL) != V2X_OK;
	TU_CHECK(bad == len, "all %zu truncations rejected (%zu)", len, bad);
	/* an extra byte inside the requestedCertificate open type: the cert does not fill it */
	f.requested_cert = NULL;
	f.has_learning = 0;
	f.n_inline = 1;
	TU_CHECK(pqs_v2x_spdu_sign_p2pcd(&s, 0x20, 1, &f, NULL, 0, out, SPDU_CAP, &len) == V2X_OK, "inline only");
	/* layout: ... extension bitmap 02 04 80, open type 05 01 01 aa bb cc, then signer */
	size_t at = 0;
	for (size_t i = 0; i + 9 <= len && !at; i++)
		if (memcmp(out + i, "\x02\x04\x80\x05\x01\x01\xaa\xbb\xcc", 9) == 0)
			at = i;
	TU_CHECK(at != 0, "inline request encoded as X.696 open type");
	if (at) {
		out[at + 5] = 2; /* count 2, one id */
		TU_CHECK(pqs_v2x_spdu_decode(out, len, NULL) == V2X_ERR_TRUNCATED, "count beyond the open type");
		out[at + 5] = 0; /* count 0, one id left over */
		TU_CHECK(pqs_v2x_spdu_decode(out, len, NULL) == V2X_ERR_EXTENSION, "bytes left in the open type");
		out[at + 5] = 1;
		out[at + 2] = 0x88; /* padding bit set */
		TU_CHECK(pqs_v2x_spdu_decode(out, len, NULL) == V2X_ERR_EXTENSION, "bitmap padding");
	}
	f.n_inline = V2X_P2PCD_MAX_IDS + 1;
	TU_CHECK(pqs_v2x_spdu_sign_p2pcd(&s, 0x20, 1, &f, NULL, 0, out, SPDU_CAP, &len) == V2X_ERR_TOO_LARGE,
		 "too many ids refused by the encoder");
	/* Peer2Peer PDU */
	v2x_p2p_certs c = { 2, { p->cert, p->root }, { p->cert_len, p->root_len } }, d;
	TU_CHECK(pqs_v2x_p2p_encode(&c, out, SPDU_CAP, &len) == V2X_OK, "p2p encode");
	TU_CHECK(len == 2 + lensz(p->cert_len + p->root_len + 4) + 4 + p->cert_len + p->root_len, "p2p PDU size %zu",
		 len);
	TU_CHECK(pqs_v2x_p2p_decode(out, len, &d) == V2X_OK && d.n == 2 && d.lens[1] == p->root_len &&
			 memcmp(d.certs[0], p->cert, p->cert_len) == 0,
		 "p2p decode");
	bad = 0;
	for (size_t cut = 0; cut < len; cut++)
		bad += pqs_v2x_p2p_decode(out, cut, &d) != V2X_OK;
	TU_CHECK(bad == len, "p2p: all truncations rejected");
	out[len] = 0;
	TU_CHECK(pqs_v2x_p2p_decode(out, len + 1, &d) == V2X_ERR_TRAILING, "p2p trailing byte");
	out[5] = 2; /* Ieee1609Dot2Peer2PeerPDU version (after 03 80 82 hi lo) */
	TU_CHECK(pqs_v2x_p2p_decode(out, len, &d) == V2X_ERR_CONSTRAINT, "p2p version 2");
	out[5] = 1;
	out[6] = 0x81; /* an extension alternative of content */
	TU_CHECK(pqs_v2x_p2p_decode(out, len, &d) == V2X_ERR_UNSUPPORTED, "p2p unknown content");
	TU_CHECK(pqs_v2x_p2p_decode(ref, plain, &d) == V2X_ERR_UNSUPPORTED, "an SPDU is not a p2p PDU");
	pqs_v2x_store_free(st);
	free(ref);
	free(out);
}

/* ---------------- exchanges ---------------- */

static v2x_p2pcd_config cfg_of(v2x_policy pol, v2x_p2pcd_flavour fl)
{
	v2x_p2pcd_config c;
	pqs_v2x_p2pcd_config_default(&c, pol, fl);
	return c;
}

/* Inline: A (digest-only) and newcomer B; B verifies A's BSMs after one round. */
static void test_inline(const pki *pa, const pki *pb, const char *label)
{
	party a, b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_DIGEST, V2X_P2PCD_INLINE);
	uint8_t *m = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pb, &c) == 0 && party_init(&b, "B", (pki *)pb, pa, &c) == 0,
		 "%s: parties", label);
	/* A and B share one root here: each trusts the other's anchor */
	v2x_p2pcd_fields f;
	v2x_signer_kind k;
	uint64_t t = T0;
	size_t n = send_bsm(&a, t, m, &k, &f);
	TU_CHECK(k == V2X_SIGNER_DIGEST && !f.requested_cert && !f.has_inline, "%s: A sends a plain digest BSM", label);
	TU_CHECK(pqs_v2x_p2pcd_receive(b.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN && b.ev[V2X_P2PCD_EV_HELD] == 1,
		 "%s: B holds A's BSM", label);
	t += 10000;
	n = send_bsm(&b, t, m, NULL, &f);
	TU_CHECK(f.has_inline && f.n_inline == 1, "%s: B's BSM carries one inline request", label);
	TU_CHECK(pqs_v2x_p2pcd_receive(a.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN, "%s: A cannot verify B (digest)",
		 label);
	/* A answers B and asks for B's certificate in the same BSM */
	t += BSM - 10000;
	n = send_bsm(&a, t, m, &k, &f);
	TU_CHECK(f.requested_cert && f.requested_cert_len == pa->cert_len && f.has_inline,
		 "%s: A's next BSM carries its certificate and a request", label);
	TU_CHECK(pqs_v2x_p2pcd_receive(b.node, m, n, t) == V2X_OK, "%s: that BSM verifies at B", label);
	TU_CHECK(b.ev[V2X_P2PCD_EV_CERT_LEARNED] == 1 && b.ev[V2X_P2PCD_EV_VERIFIED] == 2,
		 "%s: B learned A's certificate and verified the held BSM and this one (%lu, %lu)", label,
		 b.ev[V2X_P2PCD_EV_CERT_LEARNED], b.ev[V2X_P2PCD_EV_VERIFIED]);
	t += 10000;
	n = send_bsm(&b, t, m, NULL, &f);
	TU_CHECK(f.requested_cert && !f.has_inline, "%s: B answers A and asks nothing more", label);
	TU_CHECK(pqs_v2x_p2pcd_receive(a.node, m, n, t) == V2X_OK && a.ev[V2X_P2PCD_EV_VERIFIED] == 2,
		 "%s: A verifies B", label);
	/* steady state: digest BSMs, no more P2PCD bytes */
	for (int i = 0; i < 10; i++) {
		t += BSM;
		n = send_bsm(&a, t, m, &k, &f);
		TU_CHECK(k == V2X_SIGNER_DIGEST && !f.requested_cert && !f.has_inline && pqs_v2x_p2pcd_receive(b.node, m, n, t) == V2X_OK,
			 "%s: steady BSM %d", label, i);
	}
	v2x_p2pcd_stats s;
	pqs_v2x_p2pcd_stats_get(b.node, &s);
	TU_CHECK(s.verified == 12 && s.held == 1 && s.requests_sent == 1 && s.responses_sent == 1 && s.pending == 0,
		 "%s: B's counts (verified %lu, held %lu, requests %lu, responses %lu)", label, s.verified, s.held,
		 s.requests_sent, s.responses_sent);
	party_free(&a);
	party_free(&b);
	free(m);
}

/* Feed a Peer2Peer PDU through our 1609.3 fragmenter and reassembler; returns the WSM count. */
static size_t deliver_fragmented(party *to, const uint8_t *pdu, size_t len, uint64_t t)
{
	wsm_fragmenter fr;
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	static const uint8_t mac[6] = { 2, 0, 0, 0, 0, 1 };
	size_t wsms = 0;
	if (pqs_wsm_fragmenter_init(&fr, pdu, len, WSM_DATA_LIMIT_DEFAULT, 77) != PQS_OK || !r) {
		pqs_wsm_reasm_free(r);
		return 0;
	}
	uint8_t frag[WSM_DATA_LIMIT_MAX];
	for (size_t i = 0; i < fr.count; i++) {
		size_t fl = 0;
		wsm_reasm_result res;
		if (pqs_wsm_fragmenter_get(&fr, i, frag, sizeof frag, &fl) != PQS_OK ||
		    pqs_wsm_reasm_push(r, mac, frag, fl, t / 1000u, &res) != PQS_OK)
			break;
		wsms++;
		if (res.status == WSM_REASM_COMPLETE)
			pqs_v2x_p2pcd_receive(to->node, res.spdu, res.spdu_len, t);
	}
	pqs_wsm_reasm_free(r);
	return wsms;
}

/* Separate PDU: p2pcdLearningRequest, answered by a (fragmented) Peer2Peer PDU. */
static void test_separate(const pki *pa, const pki *pb, const char *label, size_t expect_certs)
{
	party a, b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_DIGEST, V2X_P2PCD_SEPARATE);
	uint8_t *m = malloc(SPDU_CAP), *pdu = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pa, &c) == 0 && party_init(&b, "B", (pki *)pb, pa, &c) == 0,
		 "%s: parties", label);
	v2x_p2pcd_fields f;
	uint64_t t = T0;
	size_t n = send_bsm(&a, t, m, NULL, NULL);
	TU_CHECK(pqs_v2x_p2pcd_receive(b.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN, "%s: B holds A's BSM", label);
	t += 10000;
	n = send_bsm(&b, t, m, NULL, &f);
	TU_CHECK(f.has_learning && !f.has_inline, "%s: B sends p2pcdLearningRequest", label);
	pqs_v2x_p2pcd_receive(a.node, m, n, t);
	size_t pl = 0;
	TU_CHECK(pqs_v2x_p2pcd_next_pdu(a.node, t, pdu, SPDU_CAP, &pl) == V2X_OK && pl > 0, "%s: A's Peer2Peer PDU",
		 label);
	v2x_p2p_certs got;
	TU_CHECK(pqs_v2x_p2p_decode(pdu, pl, &got) == V2X_OK && got.n == expect_certs,
		 "%s: the PDU carries %zu certificate(s): %zu", label, expect_certs, got.n);
	size_t wsms = deliver_fragmented(&b, pdu, pl, t + 1000);
	TU_CHECK(wsms == pqs_wsm_fragment_count(pl, WSM_DATA_LIMIT_DEFAULT) && wsms >= 1,
		 "%s: %zu-byte PDU in %zu WSM(s)", label, pl, wsms);
	TU_CHECK(b.ev[V2X_P2PCD_EV_VERIFIED] == 1 && b.ev[V2X_P2PCD_EV_CERT_LEARNED] == 1,
		 "%s: B verified the held BSM after the PDU (%lu)", label, b.ev[V2X_P2PCD_EV_VERIFIED]);
	pqs_v2x_p2pcd_next_pdu(a.node, t + 1, pdu, SPDU_CAP, &pl);
	TU_CHECK(pl == 0, "%s: one answer only", label);
	party_free(&a);
	party_free(&b);
	free(m);
	free(pdu);
}

/* Inline with an intermediate CA B does not hold: B asks for the CA certificate, then again for A's. */
static void test_inline_ca(const pki *pa, const pki *pb)
{
	party a, b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_DIGEST, V2X_P2PCD_INLINE);
	uint8_t *m = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pa, &c) == 0 && party_init(&b, "B", (pki *)pb, pa, &c) == 0,
		 "CA inline: parties");
	/* both trust only the root */
	uint64_t t = T0;
	size_t rounds = 0;
	size_t n = send_bsm(&a, t, m, NULL, NULL);
	pqs_v2x_p2pcd_receive(b.node, m, n, t);
	while (b.ev[V2X_P2PCD_EV_VERIFIED] == 0 && rounds < 40) {
		t += BSM / 2;
		n = send_bsm(&b, t, m, NULL, NULL);
		pqs_v2x_p2pcd_receive(a.node, m, n, t);
		t += BSM / 2;
		n = send_bsm(&a, t, m, NULL, NULL);
		pqs_v2x_p2pcd_receive(b.node, m, n, t);
		rounds++;
	}
	v2x_p2pcd_stats s;
	pqs_v2x_p2pcd_stats_get(b.node, &s);
	TU_CHECK(b.ev[V2X_P2PCD_EV_VERIFIED] >= 1 && s.certs_learned == 2,
		 "CA inline: B verified A after learning the CA and A's certificate (%zu rounds, %lu learned)", rounds,
		 s.certs_learned);
	TU_CHECK(rounds <= 15, "CA inline: within %zu BSM periods (request timeout 1 s)", rounds);
	party_free(&a);
	party_free(&b);
	free(m);
}

/* RSU: it learned A's certificate earlier; newcomer C hears A but A cannot hear C. */
static void test_rsu(const pki *pa, const pki *pc)
{
	party a, r, cc;
	v2x_p2pcd_config ca = cfg_of(V2X_POLICY_RSU, V2X_P2PCD_SEPARATE), cr = ca;
	cr.is_rsu = 1;
	uint8_t *m = malloc(SPDU_CAP), *pdu = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pa, &ca) == 0 && party_init(&r, "RSU", NULL, pa, &cr) == 0 &&
			 party_init(&cc, "C", (pki *)pc, pa, &ca) == 0,
		 "RSU: parties");
	uint64_t t = T0;
	/* the RSU (no certificate, no BSMs) learns A's certificate by overhearing A answer C */
	size_t n = send_bsm(&a, t, m, NULL, NULL);
	TU_CHECK(pqs_v2x_p2pcd_receive(r.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN, "RSU holds A's BSM");
	/* someone near A (here C, while still in A's range) asks; A answers; the RSU overhears */
	t += 10000;
	pqs_v2x_p2pcd_receive(cc.node, m, n, t);
	n = send_bsm(&cc, t, m, NULL, NULL);
	pqs_v2x_p2pcd_receive(a.node, m, n, t);
	pqs_v2x_p2pcd_receive(r.node, m, n, t);
	size_t pl = 0;
	pqs_v2x_p2pcd_next_pdu(a.node, t, pdu, SPDU_CAP, &pl);
	TU_CHECK(pl > 0, "A answers the first request");
	pqs_v2x_p2pcd_receive(r.node, pdu, pl, t);
	TU_CHECK(r.ev[V2X_P2PCD_EV_CERT_LEARNED] == 1 && r.ev[V2X_P2PCD_EV_VERIFIED] == 1,
		 "RSU learned A's certificate from the overheard answer");
	/* a newcomer D arrives later (after responseActiveTimeout); A cannot hear D */
	party d;
	TU_CHECK(party_init(&d, "D", (pki *)pc, pa, &ca) == 0, "RSU: newcomer");
	t += 20 * BSM;
	n = send_bsm(&a, t, m, NULL, NULL);
	TU_CHECK(pqs_v2x_p2pcd_receive(d.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN, "D holds A's BSM");
	t += 10000;
	n = send_bsm(&d, t, m, NULL, NULL);
	pqs_v2x_p2pcd_receive(r.node, m, n, t); /* A does not hear D */
	TU_CHECK(pqs_v2x_p2pcd_next_pdu(r.node, t, pdu, SPDU_CAP, &pl) == V2X_OK && pl > 0, "the RSU answers for A");
	pqs_v2x_p2pcd_receive(d.node, pdu, pl, t + 100);
	TU_CHECK(d.ev[V2X_P2PCD_EV_VERIFIED] == 1, "D verified A's BSM through the RSU");
	pqs_v2x_p2pcd_next_pdu(a.node, t + BSM, pdu, SPDU_CAP, &pl);
	TU_CHECK(pl == 0, "A sent nothing for D");
	party_free(&a);
	party_free(&r);
	party_free(&cc);
	party_free(&d);
	free(m);
	free(pdu);
}

/* Back-off: two neighbours hold A's certificate; the one with the shorter draw answers. */
static void test_backoff(const pki *pa, const pki *pb)
{
	party a, n1, n2, b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_DIGEST, V2X_P2PCD_SEPARATE);
	uint8_t *m = malloc(SPDU_CAP), *pdu = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pa, &c) == 0 && party_init(&n1, "N1", (pki *)pb, pa, &c) == 0 &&
			 party_init(&n2, "N2", (pki *)pb, pa, &c) == 0 && party_init(&b, "B", (pki *)pb, pa, &c) == 0,
		 "back-off: parties");
	/* N1 and N2 hold A's certificate (learned from A earlier) */
	pqs_v2x_p2pcd_node_add_known(n1.node, pa->cert, pa->cert_len);
	pqs_v2x_p2pcd_node_add_known(n2.node, pa->cert, pa->cert_len);
	pqs_v2x_p2pcd_set_backoff(n1.node, 0x10000000u); /* 1/16 of the maximum */
	pqs_v2x_p2pcd_set_backoff(n2.node, 0xf0000000u);
	pqs_v2x_p2pcd_set_backoff(a.node, 0x80000000u);
	uint64_t t = T0;
	size_t n = send_bsm(&a, t, m, NULL, NULL);
	pqs_v2x_p2pcd_receive(b.node, m, n, t);
	t += 10000;
	n = send_bsm(&b, t, m, NULL, NULL);
	pqs_v2x_p2pcd_receive(a.node, m, n, t);
	pqs_v2x_p2pcd_receive(n1.node, m, n, t);
	pqs_v2x_p2pcd_receive(n2.node, m, n, t);
	size_t pl = 0, answers = 0;
	for (uint64_t dt = 0; dt <= 300000; dt += 5000) {
		party *all[3] = { &n1, &a, &n2 };
		for (int i = 0; i < 3; i++) {
			pqs_v2x_p2pcd_next_pdu(all[i]->node, t + dt, pdu, SPDU_CAP, &pl);
			if (!pl)
				continue;
			answers++;
			for (int j = 0; j < 3; j++)
				if (j != i)
					pqs_v2x_p2pcd_receive(all[j]->node, pdu, pl, t + dt);
			pqs_v2x_p2pcd_receive(b.node, pdu, pl, t + dt);
		}
	}
	v2x_p2pcd_stats s1, s2, sa;
	pqs_v2x_p2pcd_stats_get(n1.node, &s1);
	pqs_v2x_p2pcd_stats_get(n2.node, &s2);
	pqs_v2x_p2pcd_stats_get(a.node, &sa);
	TU_CHECK(answers == 1 && s1.responses_sent == 1 && s2.responses_cancelled == 1 && sa.responses_cancelled == 1,
		 "back-off: one answer (%zu), the others cancelled", answers);
	TU_CHECK(b.ev[V2X_P2PCD_EV_VERIFIED] == 1, "back-off: B verified");
	party_free(&a);
	party_free(&n1);
	party_free(&n2);
	party_free(&b);
	free(m);
	free(pdu);
}

static void test_j2945(const pki *pa, const pki *pb)
{
	party a, b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_J2945, V2X_P2PCD_INLINE);
	uint8_t *m = malloc(SPDU_CAP);
	TU_CHECK(party_init(&a, "A", (pki *)pa, pa, &c) == 0 && party_init(&b, "B", (pki *)pb, pa, &c) == 0,
		 "J2945: parties");
	v2x_signer_kind k;
	size_t certs = 0;
	uint64_t t = T0;
	for (int i = 0; i < 20; i++, t += BSM) {
		send_bsm(&a, t, m, &k, NULL);
		certs += k == V2X_SIGNER_CERT;
	}
	TU_CHECK(certs == 2, "J2945: 2 certificates in 20 BSMs at 10 Hz (%zu)", certs);
	/* a request for A's certificate (B's BSM) makes the next one carry it */
	send_bsm(&a, t, m, &k, NULL);
	size_t n = send_bsm(&a, t + 1, m, &k, NULL);
	TU_CHECK(k == V2X_SIGNER_DIGEST, "J2945: digest between certificates");
	pqs_v2x_p2pcd_receive(b.node, m, n, t + 1);
	n = send_bsm(&b, t + 2, m, NULL, NULL); /* B: a new neighbour (A) makes B attach; B asks for A's */
	pqs_v2x_p2pcd_receive(a.node, m, n, t + 2);
	send_bsm(&a, t + 3, m, &k, NULL);
	TU_CHECK(k == V2X_SIGNER_CERT, "J2945: certificate after a request / a new neighbour");
	party_free(&a);
	party_free(&b);
	free(m);
}

/* Forged and mis-issued certificates delivered by P2PCD; floods. */
static void test_attacks(const pki *pa, const pki *evil)
{
	party b;
	v2x_p2pcd_config c = cfg_of(V2X_POLICY_DIGEST, V2X_P2PCD_SEPARATE);
	c.max_pending = 8;
	uint8_t *m = malloc(SPDU_CAP), *pdu = malloc(SPDU_CAP);
	TU_CHECK(party_init(&b, "B", (pki *)pa, pa, &c) == 0, "attacks: party");
	/* forged: A's certificate with a flipped issuer-signature byte, same key, so a BSM names it */
	static uint8_t forged[V2X_MAX_CERT];
	forge(pa, forged, 0x01);
	v2x_signer s;
	size_t n = 0, pl = 0;
	uint64_t t = T0;
	TU_CHECK(pqs_v2x_signer_init(&s, &pa->key, forged, pa->cert_len, V2X_SIGNER_DIGEST, NULL) == V2X_OK,
		 "forged signer");
	pqs_v2x_spdu_sign(&s, 0x20, pqs_v2x_time64_from_unix_us(t), (const uint8_t *)"x", 1, m, SPDU_CAP, &n);
	TU_CHECK(pqs_v2x_p2pcd_receive(b.node, m, n, t) == V2X_ERR_SIGNER_UNKNOWN, "forged signer's BSM held");
	v2x_p2p_certs pc = { 1, { forged }, { pa->cert_len } };
	pqs_v2x_p2p_encode(&pc, pdu, SPDU_CAP, &pl);
	for (int i = 0; i < 100; i++) /* a flood of the same forged answer */
		pqs_v2x_p2pcd_receive(b.node, pdu, pl, t + 1000 + (uint64_t)i);
	v2x_p2pcd_stats st;
	pqs_v2x_p2pcd_stats_get(b.node, &st);
	TU_CHECK(st.cert_validations == 3 && st.certs_rejected == 3 && st.certs_ignored == 97,
		 "flood: 3 validations, 97 ignored (%lu, %lu)", st.cert_validations, st.certs_ignored);
	TU_CHECK(pqs_v2x_cache_size(pqs_v2x_p2pcd_node_cache(b.node)) == 0, "forged certificate never cached");
	/* mis-issued: a certificate from an untrusted root, asked for by a BSM signed under it */
	TU_CHECK(pqs_v2x_signer_init(&s, &evil->key, evil->cert, evil->cert_len, V2X_SIGNER_DIGEST, NULL) == V2X_OK,
		 "evil signer");
	pqs_v2x_spdu_sign(&s, 0x20, pqs_v2x_time64_from_unix_us(t), (const uint8_t *)"x", 1, m, SPDU_CAP, &n);
	pqs_v2x_p2pcd_receive(b.node, m, n, t + 2000);
	v2x_p2p_certs ec = { 2, { evil->cert, evil->root }, { evil->cert_len, evil->root_len } };
	pqs_v2x_p2p_encode(&ec, pdu, SPDU_CAP, &pl);
	pqs_v2x_p2pcd_receive(b.node, pdu, pl, t + 3000);
	TU_CHECK(b.ev[V2X_P2PCD_EV_VERIFIED] == 0 && pqs_v2x_cache_size(pqs_v2x_p2pcd_node_cache(b.node)) == 0,
		 "untrusted-root certificate never cached, nothing delivered");
	/* unsolicited certificates cost no validation */
	pqs_v2x_p2pcd_stats_get(b.node, &st);
	unsigned long before = st.cert_validations;
	pc.certs[0] = pa->cert;
	pc.lens[0] = pa->cert_len;
	pqs_v2x_p2p_encode(&pc, pdu, SPDU_CAP, &pl);
	for (int i = 0; i < 50; i++)
		pqs_v2x_p2pcd_receive(b.node, pdu, pl, t + 4000);
	pqs_v2x_p2pcd_stats_get(b.node, &st);
	TU_CHECK(st.cert_validations == before, "unsolicited certificates: no validation");
	/* an SPDU flood from unknown signers: at most max_pending held, the rest evicted */
	for (int i = 0; i < 30; i++) {
		forge(pa, forged, (uint8_t)(0x40 | i)); /* another name each time: 30 unknown signers */
		pqs_v2x_signer_init(&s, &pa->key, forged, pa->cert_len, V2X_SIGNER_DIGEST, NULL);
		pqs_v2x_spdu_sign(&s, 0x20, pqs_v2x_time64_from_unix_us(t), (const uint8_t *)"x", 1, m, SPDU_CAP, &n);
		pqs_v2x_p2pcd_receive(b.node, m, n, t + 5000);
	}
	pqs_v2x_p2pcd_stats_get(b.node, &st);
	TU_CHECK(st.pending == 8 && st.evicted == 32 - 8, "SPDU flood: 8 held, %lu evicted", st.evicted);
	/* held SPDUs expire with a status */
	pqs_v2x_p2pcd_tick(b.node, t + 5000 + c.pending_timeout_us + 1);
	pqs_v2x_p2pcd_stats_get(b.node, &st);
	TU_CHECK(st.pending == 0 && st.expired == 8 && b.ev[V2X_P2PCD_EV_EXPIRED] == 8, "expired: %lu", st.expired);
	party_free(&b);
	free(m);
	free(pdu);
}

int main(void)
{
	v2x_profile prof;
	const char *name = "FN-DSA-512";
	if (pqs_v2x_profile_parse(name, &prof) != V2X_OK || !pqs_v2x_profile_available(&prof)) {
		name = "ECDSA";
		pqs_v2x_profile_parse(name, &prof);
	}
	static pki pa, pb, pica, pica_b, evil;
	TU_CHECK(pki_make(&pa, &prof, 0) == V2X_OK && sibling(&pa, &prof, &pb) == V2X_OK, "%s PKI", name);
	TU_CHECK(pki_make(&pica, &prof, 1) == V2X_OK && sibling(&pica, &prof, &pica_b) == V2X_OK,
		 "%s PKI with an intermediate CA", name);
	TU_CHECK(pki_make(&evil, &prof, 0) == V2X_OK, "an untrusted PKI");
	test_codec(&pa);
	test_inline(&pa, &pb, name);
	test_separate(&pa, &pb, name, 1);
	test_separate(&pica, &pica_b, "with intermediate CA", 2);
	test_inline_ca(&pica, &pica_b);
	test_rsu(&pa, &pb);
	test_backoff(&pa, &pb);
	test_j2945(&pa, &pb);
	test_attacks(&pa, &evil);
	return tu_finish("p2pcd");
}
