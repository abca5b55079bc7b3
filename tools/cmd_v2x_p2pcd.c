/*
 * Certificate delivery (P2PCD, IEEE 1609.2 clause 8) in `pqsig v2x`:
 *
 *   receive --pcap FILE --dir D [--json]
 *       reads WSMP frames (what `v2x pcap` writes: Ethernet II or raw
 *       802.11 with LLC/SNAP), reassembles fragments per sender, verifies
 *       every SPDU with a P2PCD node whose store is D's trust anchors, and
 *       learns certificates from the P2PCD answers in the capture.  It
 *       answers nothing (offline).  One verdict per SPDU.
 *
 * and the scenario engine behind `v2x pcap --scenario` and the report.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pqsig/wsm.h"
#include "v2x_tool.h"

#define SCEN_STEP_US  5000u
#define BSM_PERIOD_US 100000u
#define MAX_SPDU      (64u * 1024u)

int v2x_policy_signer(v2x_policy policy, const uint8_t *cert, size_t len, size_t seq, v2x_signer_kind *kind)
{
	v2x_p2pcd_config cfg;
	pqs_v2x_p2pcd_config_default(&cfg, policy, V2X_P2PCD_INLINE);
	v2x_store *st = pqs_v2x_store_new(1);
	v2x_p2pcd_node *n = st ? pqs_v2x_p2pcd_node_new(&cfg, st, NULL, NULL) : NULL;
	int e = n ? pqs_v2x_p2pcd_node_set_own(n, cert, len) : V2X_ERR_NOMEM;
	v2x_p2pcd_fields f;
	for (size_t i = 0; !e && i <= seq; i++)
		e = pqs_v2x_p2pcd_next_spdu(n, (uint64_t)i * BSM_PERIOD_US, kind, &f);
	pqs_v2x_p2pcd_node_free(n);
	pqs_v2x_store_free(st);
	return e;
}

/* ---------------- scenario ---------------- */

enum { PARTY_A = 0, PARTY_B = 1, PARTY_RSU = 2, MAX_PARTIES = 3 };

typedef struct {
	v2x_key key;
	uint8_t *cert;
	size_t cert_len;
	v2x_store *store;
	v2x_p2pcd_node *node;
	uint64_t phase_us; /* BSM times: t0 + phase + k * 100 ms */
	int present;
} scen_party;

static int scen_party_init(scen_party *p, const v2x_scen_pki *pk, const v2x_p2pcd_config *cfg, int own_is_a,
			   v2x_p2pcd_event_fn on_event, void *ctx)
{
	memset(p, 0, sizeof *p);
	p->store = pqs_v2x_store_new(8);
	p->cert = malloc(V2X_MAX_CERT);
	if (!p->store || !p->cert)
		return V2X_ERR_NOMEM;
	int e = pqs_v2x_store_add_root(p->store, pk->root, pk->root_len);
	if (!e && own_is_a) {
		p->key = *pk->veh_key;
		memcpy(p->cert, pk->veh, pk->veh_len);
		p->cert_len = pk->veh_len;
	} else if (!e) {
		v2x_cert_params cp;
		pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, pk->start);
		e = pqs_v2x_key_generate(&p->key, pk->veh_key->alg, NULL);
		if (!e)
			e = pqs_v2x_cert_issue(&cp, &p->key, pk->issuer_key, pk->issuer, pk->issuer_len, NULL, p->cert,
					       V2X_MAX_CERT, &p->cert_len);
	}
	if (!e && !(p->node = pqs_v2x_p2pcd_node_new(cfg, p->store, on_event, ctx)))
		e = V2X_ERR_NOMEM;
	if (!e)
		e = pqs_v2x_p2pcd_node_set_own(p->node, p->cert, p->cert_len);
	if (!e && pk->ica)
		e = pqs_v2x_p2pcd_node_add_known(p->node, pk->ica, pk->ica_len);
	return e;
}

static void scen_party_free(scen_party *p)
{
	pqs_v2x_p2pcd_node_free(p->node);
	pqs_v2x_store_free(p->store);
	pqs_v2x_key_clear(&p->key);
	free(p->cert);
}

/* WSM data bytes of one message at the default limit: fragments carry a header each. */
static size_t air_bytes(size_t len)
{
	size_t n = pqs_wsm_fragment_count(len, WSM_DATA_LIMIT_DEFAULT);
	return n <= 1 ? len : len + n * WSM_FRAG_HEADER_LEN;
}

typedef struct {
	scen_party pt[MAX_PARTIES];
	size_t n;
	const v2x_scen_opts *o;
	v2x_scen_result *r;
	uint8_t a_id[8]; /* A's HashedId8 */
} scen;

/* B's events: count A's SPDUs it verified, at once or once the certificate came. */
static void scen_on_b_event(void *ctx, const v2x_p2pcd_event *ev)
{
	scen *s = ctx;
	if (ev->kind == V2X_P2PCD_EV_VERIFIED && memcmp(ev->id, s->a_id, 8) == 0)
		s->r->newcomer_verified++;
}

/* 1 if party to hears party from (in rsu mode A cannot hear B: B is out of A's range). */
static int hears(const scen *s, int to, int from)
{
	if (to == from || !s->pt[to].present || !s->pt[from].present)
		return 0;
	return !(s->o->rsu && to == PARTY_A && from == PARTY_B);
}

static int broadcast(scen *s, int from, uint64_t t, uint32_t psid, const uint8_t *m, size_t len, int a_bsm)
{
	if (s->o->on_tx && s->o->on_tx(s->o->ctx, from, t, psid, m, len))
		return CLI_ERROR;
	for (int to = 0; to < (int)s->n; to++) {
		if (!hears(s, to, from))
			continue;
		int e = pqs_v2x_p2pcd_receive(s->pt[to].node, m, len, t);
		if (to == PARTY_B && a_bsm) {
			s->r->newcomer_received++;
			s->r->newcomer_unverified += e != V2X_OK;
		}
	}
	return CLI_OK;
}

static int scen_bsm(scen *s, int i, uint64_t t, uint8_t *m)
{
	scen_party *p = &s->pt[i];
	v2x_signer_kind kind;
	v2x_p2pcd_fields f;
	v2x_signer sg;
	size_t len = 0;
	uint8_t payload[512];
	memset(payload, (int)(t / BSM_PERIOD_US), sizeof payload);
	int e = pqs_v2x_p2pcd_next_spdu(p->node, t, &kind, &f);
	if (!e)
		e = pqs_v2x_signer_init(&sg, &p->key, p->cert, p->cert_len, kind, NULL);
	if (!e)
		e = pqs_v2x_spdu_sign_p2pcd(&sg, 0x20, pqs_v2x_time64_from_unix_us(t), &f, payload, s->o->payload_len,
					    m, MAX_SPDU, &len);
	if (e)
		return cli_error("scenario: sign: %s", pqs_v2x_strerror(e));
	if (t >= s->o->t0_us + s->o->arrive_us)
		s->r->p2pcd_bytes += pqs_v2x_p2pcd_fields_size(&f);
	if (i == PARTY_A) {
		s->r->a_bsms++;
		s->r->a_single_wsm += pqs_wsm_fragment_count(len, WSM_DATA_LIMIT_DEFAULT) == 1;
		s->r->a_air_bytes += air_bytes(len);
	}
	return broadcast(s, i, t, 0x20, m, len, i == PARTY_A);
}

int v2x_scenario_run(const v2x_scen_pki *pk, const v2x_scen_opts *o, v2x_scen_result *r)
{
	scen s;
	memset(&s, 0, sizeof s);
	memset(r, 0, sizeof *r);
	s.o = o;
	s.r = r;
	s.n = o->rsu ? 3 : 2;
	if (o->payload_len > 512)
		return cli_error("scenario: payload too large");
	uint8_t *m = malloc(MAX_SPDU);
	int rc = m ? CLI_OK : cli_error("out of memory");
	if (!rc && pqs_v2x_cert_hashedid8(pk->veh, pk->veh_len, s.a_id, NULL, NULL) != V2X_OK)
		rc = cli_error("scenario: vehicle certificate does not decode");
	for (size_t i = 0; !rc && i < s.n; i++) {
		v2x_p2pcd_config cfg;
		pqs_v2x_p2pcd_config_default(&cfg, o->rsu ? V2X_POLICY_RSU : o->policy, o->flavour);
		cfg.is_rsu = i == PARTY_RSU;
		int e = scen_party_init(&s.pt[i], pk, &cfg, i == PARTY_A, i == PARTY_B ? scen_on_b_event : NULL, &s);
		/* the parties draw different response back-offs (fixed: the run is reproducible) */
		pqs_v2x_p2pcd_set_backoff(s.pt[i].node, (uint32_t)(0x30000000u * (i + 1)));
		s.pt[i].phase_us = (uint64_t)i * 30000u;
		s.pt[i].present = i != PARTY_B;
		if (e)
			rc = cli_error("scenario: party: %s", pqs_v2x_strerror(e));
	}
	for (uint64_t dt = 0; !rc && dt < o->duration_us; dt += SCEN_STEP_US) {
		uint64_t t = o->t0_us + dt;
		s.pt[PARTY_B].present = dt >= o->arrive_us;
		for (int i = 0; !rc && i < (int)s.n; i++) {
			scen_party *p = &s.pt[i];
			if (!p->present)
				continue;
			if (dt >= p->phase_us && (dt - p->phase_us) % BSM_PERIOD_US == 0)
				rc = scen_bsm(&s, i, t, m);
			size_t pl = 0;
			int e = rc ? V2X_OK : pqs_v2x_p2pcd_next_pdu(p->node, t, m, MAX_SPDU, &pl);
			if (e)
				rc = cli_error("scenario: Peer2Peer PDU: %s", pqs_v2x_strerror(e));
			if (!rc && pl) {
				if (dt >= o->arrive_us)
					r->p2pcd_bytes += air_bytes(pl);
				rc = broadcast(&s, i, t, V2X_P2PCD_PSID, m, pl, 0);
			}
		}
	}
	for (size_t i = 0; i < s.n; i++)
		scen_party_free(&s.pt[i]);
	free(m);
	return rc;
}

/* ---------------- pcap of a scenario ---------------- */

typedef struct {
	FILE *f;
	wsm_link link;
	size_t limit;
	uint32_t msg_id;
	size_t frames, spdus, pdus;
} scen_pcap;

/* Each transmission as WSMs (fragmented by our 1609.3 layer when larger than the limit), from the
 * party's own MAC address, 1 us apart. */
static int scen_pcap_tx(void *ctx, int from, uint64_t t_us, uint32_t psid, const uint8_t *data, size_t len)
{
	scen_pcap *sp = ctx;
	uint8_t mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x18, (uint8_t)(0x0a + from) }; /* locally administered */
	wsm_fragmenter fr;
	int e = pqs_wsm_fragmenter_init(&fr, data, len, sp->limit, sp->msg_id++);
	uint8_t frag[WSM_DATA_LIMIT_MAX], wsm[WSM_DATA_LIMIT_MAX + WSM_HEADER_MAX];
	wsm_header h;
	memset(&h, 0, sizeof h);
	h.psid = psid;
	for (size_t i = 0; !e && i < fr.count; i++) {
		size_t fl = 0, wl = 0;
		e = pqs_wsm_fragmenter_get(&fr, i, frag, sizeof frag, &fl);
		if (!e)
			e = pqs_wsm_encode(wsm, sizeof wsm, &wl, &h, frag, fl);
		if (!e)
			e = pqs_wsm_pcap_write_frame(sp->f, sp->link, mac, t_us + i, wsm, wl);
		sp->frames += !e;
	}
	if (e)
		return cli_error("pcap: %s", pqs_wsm_strerror(e));
	if (psid == V2X_P2PCD_PSID)
		sp->pdus++;
	else
		sp->spdus++;
	return CLI_OK;
}

int v2x_pcap_scenario(FILE *f, wsm_link link, size_t limit, const v2x_scen_pki *pk, v2x_scen_opts *o)
{
	scen_pcap sp = { f, link, limit, 1, 0, 0, 0 };
	v2x_scen_result r;
	o->on_tx = scen_pcap_tx;
	o->ctx = &sp;
	int e = pqs_wsm_pcap_write_header(f, link);
	if (e)
		return cli_error("pcap: %s", pqs_wsm_strerror(e));
	int rc = v2x_scenario_run(pk, o, &r);
	if (!rc)
		printf("scenario (%s, %s%s): %zu SPDUs and %zu Peer2Peer PDUs in %zu WSMP frames; the newcomer "
		       "verified %zu of vehicle A's %zu BSMs it received (%zu not on arrival)\n",
		       pqs_v2x_policy_name(o->rsu ? V2X_POLICY_RSU : o->policy),
		       o->flavour == V2X_P2PCD_SEPARATE ? "separate PDU" : "inline", o->rsu ? ", RSU" : "", sp.spdus,
		       sp.pdus, sp.frames, r.newcomer_verified, r.newcomer_received, r.newcomer_unverified);
	return rc;
}

/* ---------------- receive ---------------- */

typedef struct {
	size_t frame;    /* first frame of the SPDU, from 1 */
	uint64_t now_us; /* when it was handed to the node (unique) */
	int verdict;     /* 0 pending, 1 valid, 2 invalid, 3 unknown signer */
	int err;
	int after_p2pcd; /* verified once its certificate came */
	const char *alg;
	int digest;
	uint8_t id[8];
	size_t len;         /* SPDU bytes */
	v2x_p2pcd_fields f; /* its clause-8 fields (requested_cert not kept: only its length) */
} rx_spdu;

typedef struct {
	rx_spdu *e;
	size_t n, cap;
	uint64_t last_now;
	int in_receive; /* events of the SPDU being received vs. of held ones */
} rx_log;

static rx_spdu *rx_find(rx_log *l, uint64_t now_us)
{
	for (size_t i = l->n; i-- > 0;)
		if (l->e[i].now_us == now_us)
			return &l->e[i];
	return NULL;
}

static void rx_event(void *ctx, const v2x_p2pcd_event *ev)
{
	rx_log *l = ctx;
	rx_spdu *x = ev->spdu ? rx_find(l, ev->received_us) : NULL;
	if (!x)
		return;
	memcpy(x->id, ev->id, 8);
	switch (ev->kind) {
	case V2X_P2PCD_EV_VERIFIED:
		x->verdict = 1;
		x->after_p2pcd = !l->in_receive || x->now_us != l->last_now;
		x->alg = ev->info && ev->info->alg ? ev->info->alg->name : "?";
		x->digest = ev->info && ev->info->signer_kind == V2X_SIGNER_DIGEST;
		break;
	case V2X_P2PCD_EV_REJECTED:
		x->verdict = ev->err == V2X_ERR_SIGNER_UNKNOWN ? 3 : 2;
		x->err = ev->err;
		break;
	case V2X_P2PCD_EV_EXPIRED:
	case V2X_P2PCD_EV_EVICTED:
		x->verdict = 3;
		x->err = V2X_ERR_SIGNER_UNKNOWN;
		break;
	default:
		break;
	}
}

/* Read a classic pcap; the WSM of each WSMP frame goes to on_wsm with its sender and time. */
typedef struct {
	const uint8_t *buf;
	size_t len, pos;
	int swap;
	uint32_t link;
} pcap_rd;

static uint32_t rd32(const pcap_rd *p, const uint8_t *b)
{
	return p->swap ? ((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3])
		       : ((uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0]);
}

static int pcap_open(pcap_rd *p, const uint8_t *buf, size_t len)
{
	memset(p, 0, sizeof *p);
	p->buf = buf;
	p->len = len;
	if (len < 24)
		return cli_error("pcap: file too short");
	if (buf[0] == 0xd4 && buf[1] == 0xc3 && buf[2] == 0xb2 && buf[3] == 0xa1)
		p->swap = 0;
	else if (buf[0] == 0xa1 && buf[1] == 0xb2 && buf[2] == 0xc3 && buf[3] == 0xd4)
		p->swap = 1;
	else
		return cli_error("pcap: not a classic microsecond pcap file");
	p->link = rd32(p, buf + 20);
	if (p->link != WSM_LINK_ETHERNET && p->link != WSM_LINK_IEEE80211)
		return cli_error("pcap: link type %u (need Ethernet or 802.11)", (unsigned)p->link);
	p->pos = 24;
	return CLI_OK;
}

/* The next frame's WSM: 1 and *wsm / *wsm_len / src / *ts_us, 0 at the end, -1 if malformed;
 * frames that are not WSMP are skipped with *wsm_len = 0. */
static int pcap_next(pcap_rd *p, const uint8_t **wsm, size_t *wsm_len, uint8_t src[6], uint64_t *ts_us)
{
	if (p->pos == p->len)
		return 0;
	if (p->len - p->pos < 16)
		return -1;
	const uint8_t *rec = p->buf + p->pos;
	uint64_t sec = rd32(p, rec), usec = rd32(p, rec + 4);
	size_t incl = rd32(p, rec + 8);
	if (incl > p->len - p->pos - 16 || usec >= 1000000u)
		return -1;
	const uint8_t *fr = rec + 16;
	p->pos += 16 + incl;
	*ts_us = sec * 1000000u + usec;
	*wsm_len = 0;
	static const uint8_t snap[8] = { 0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x88, 0xDC };
	if (p->link == WSM_LINK_ETHERNET) {
		if (incl < 14 || fr[12] != 0x88 || fr[13] != 0xDC)
			return 1;
		memcpy(src, fr + 6, 6);
		*wsm = fr + 14;
		*wsm_len = incl - 14;
		return 1;
	}
	/* 802.11 data frame: 24-byte header (26 with QoS), Address 2 the transmitter, LLC/SNAP */
	if (incl < 2 || (fr[0] & 0x0c) != 0x08)
		return 1;
	size_t hl = (fr[0] & 0x80) ? 26 : 24;
	if (incl < hl + 8 || memcmp(fr + hl, snap, 8) != 0)
		return 1;
	memcpy(src, fr + 10, 6);
	*wsm = fr + hl + 8;
	*wsm_len = incl - hl - 8;
	return 1;
}

static void rx_print(const rx_log *l, int json)
{
	if (json)
		printf("[");
	for (size_t i = 0; i < l->n; i++) {
		const rx_spdu *x = &l->e[i];
		static const char *const names[] = { "unknown-signer", "valid", "invalid", "unknown-signer" };
		if (json) {
			printf("%s\n {\"spdu\": %zu, \"frame\": %zu, \"len\": %zu, \"verdict\": \"%s\"", i ? "," : "",
			       i + 1, x->frame, x->len, names[x->verdict]);
			printf(", \"inline_requests\": %d, \"learning_request\": %s, \"requested_certificate\": %zu",
			       x->f.has_inline ? (int)x->f.n_inline : -1, x->f.has_learning ? "true" : "false",
			       x->f.requested_cert_len);
			if (x->verdict == 1)
				printf(", \"alg\": \"%s\", \"signer\": \"%s\", \"after_p2pcd\": %s", x->alg,
				       x->digest ? "digest" : "certificate", x->after_p2pcd ? "true" : "false");
			else if (x->verdict == 2)
				printf(", \"error\": \"%s\"", pqs_v2x_strerror(x->err));
			else
				printf(", \"p2pcd_request\": \"%02x%02x%02x\"", x->id[5], x->id[6], x->id[7]);
			printf("}");
			continue;
		}
		printf("SPDU %zu (frame %zu): ", i + 1, x->frame);
		if (x->verdict == 1)
			printf("valid: %s, signer %s%s\n", x->alg, x->digest ? "digest" : "certificate",
			       x->after_p2pcd ? ", after P2PCD certificate delivery" : "");
		else if (x->verdict == 2)
			printf("invalid: %s\n", pqs_v2x_strerror(x->err));
		else
			printf("unknown signer, P2PCD request would be sent for HashedId3 %02x%02x%02x\n", x->id[5],
			       x->id[6], x->id[7]);
	}
	if (json)
		printf("\n]\n");
}

static int rx_spdu_add(rx_log *l, size_t frame, uint64_t ts_us)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		rx_spdu *e = realloc(l->e, cap * sizeof *e);
		if (!e)
			return cli_error("out of memory");
		l->e = e;
		l->cap = cap;
	}
	/* a unique clock value per SPDU names it in the node's events */
	l->last_now = ts_us > l->last_now ? ts_us : l->last_now + 1;
	rx_spdu *x = &l->e[l->n++];
	memset(x, 0, sizeof *x);
	x->frame = frame;
	x->now_us = l->last_now;
	return CLI_OK;
}

int v2x_receive(int argc, char **argv)
{
	const char *pcap = NULL, *dir = NULL, *json = NULL;
	cli_opt opts[] = { { NULL, "--pcap", 1, &pcap }, { NULL, "--dir", 1, &dir }, { NULL, "--json", 0, &json } };
	if (cli_parse(argc, argv, 1, opts, 3, NULL, 0, NULL))
		return CLI_ERROR;
	if (!pcap || !dir)
		return cli_error("usage: pqsig v2x receive --pcap FILE --dir D [--json]");
	size_t len = 0;
	uint8_t *buf = cli_read_file(pcap, "pcap", &len, (size_t)256 << 20);
	if (!buf)
		return CLI_ERROR;
	rx_log log;
	memset(&log, 0, sizeof log);
	v2x_store *st = pqs_v2x_store_new(64);
	int rc = st ? v2x_load_anchors(dir, st) : cli_error("out of memory");
	v2x_p2pcd_config cfg;
	pqs_v2x_p2pcd_config_default(&cfg, V2X_POLICY_DIGEST, V2X_P2PCD_INLINE);
	cfg.max_pending = 1024; /* offline: hold everything the capture may still answer */
	cfg.max_pending_bytes = (size_t)64 << 20;
	v2x_p2pcd_node *node = rc ? NULL : pqs_v2x_p2pcd_node_new(&cfg, st, rx_event, &log);
	wsm_reasm *ra = rc ? NULL : pqs_wsm_reasm_new(NULL);
	if (!rc && (!node || !ra))
		rc = cli_error("out of memory");
	pcap_rd p;
	if (!rc)
		rc = pcap_open(&p, buf, len);
	size_t frame = 0, pdus = 0;
	while (!rc) {
		const uint8_t *wsm = NULL, *data = NULL;
		size_t wl = 0, dl = 0;
		uint8_t src[6];
		uint64_t ts = 0;
		int got = pcap_next(&p, &wsm, &wl, src, &ts);
		if (got <= 0) {
			rc = got < 0 ? cli_error("%s: truncated pcap record after frame %zu", pcap, frame) : CLI_OK;
			break;
		}
		frame++;
		wsm_header h;
		wsm_reasm_result res;
		if (!wl || pqs_wsm_decode(wsm, wl, &h, &data, &dl) != PQS_OK)
			continue; /* not a (valid) WSM: no SPDU in it */
		if (pqs_wsm_reasm_push(ra, src, data, dl, ts / 1000u, &res) != PQS_OK) {
			rc = cli_error("out of memory");
			break;
		}
		if (res.status != WSM_REASM_COMPLETE)
			continue;
		if (res.spdu_len >= 2 && res.spdu[0] == 3 && res.spdu[1] == 0x80) {
			/* a Peer2Peer PDU: certificates for the node, no verdict of its own */
			pdus++;
			pqs_v2x_p2pcd_receive(node, res.spdu, res.spdu_len, log.last_now + 1);
			log.last_now++;
			continue;
		}
		if ((rc = rx_spdu_add(&log, frame, ts)) != 0)
			break;
		v2x_spdu_info di;
		rx_spdu *nx = &log.e[log.n - 1];
		nx->len = res.spdu_len;
		if (pqs_v2x_spdu_decode(res.spdu, res.spdu_len, &di) == V2X_OK) {
			nx->f = di.p2pcd;
			nx->f.requested_cert = NULL;
		}
		log.in_receive = 1;
		int e = pqs_v2x_p2pcd_receive(node, res.spdu, res.spdu_len, log.last_now);
		log.in_receive = 0;
		rx_spdu *x = &log.e[log.n - 1];
		if (e && e != V2X_ERR_SIGNER_UNKNOWN && x->verdict == 0) {
			x->verdict = 2;
			x->err = e;
		}
	}
	int all_valid = 1;
	if (!rc) {
		rx_print(&log, json != NULL);
		for (size_t i = 0; i < log.n; i++)
			all_valid &= log.e[i].verdict == 1;
		if (!json)
			printf("%zu SPDUs, %zu Peer2Peer PDUs in %zu frames\n", log.n, pdus, frame);
	}
	pqs_wsm_reasm_free(ra);
	pqs_v2x_p2pcd_node_free(node);
	pqs_v2x_store_free(st);
	free(log.e);
	free(buf);
	return rc ? rc : all_valid ? CLI_OK : CLI_INVALID;
}
