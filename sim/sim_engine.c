/*
 * The pqsig side of pqsig-v2x-sim (sim_engine.h): real SPDUs, real WSMs,
 * real reassembly, real verification for a sample of receivers, and the
 * metrics.  Everything goes through pqsig's public C API.
 */
#include "sim_engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pqsig/p2pcd.h"
#include "pqsig/v2x.h"
#include "pqsig/wsm.h"

#define BSM_PSID        0x20u /* SAE J2735 BSM PSID (p-encoded 0x20) */
#define RING            16u /* BSMs remembered per sender: 1.6 s, beyond the MAC queue's 500 ms and the reassembler's 1 s */
#define NO_BIN          0xFFFFu
#define LAT_BIN_US      10u     /* latency histogram resolution */
#define LAT_BINS        200000u /* 10 us bins up to 2 s; longer ones land in the last bin */
#define AWARE_WINDOW_US 100000u /* "a verified BSM in the last 100 ms" (issue 19) */
#define CPU_SAMPLES     31      /* medians of CPU times measured at creation */
/* 2026-12-01 00:00:00 UTC: the fixed epoch of simulated time, so runs do not depend on the clock */
#define SIM_EPOCH_UNIX  1796083200ull
#define NEVER           UINT64_MAX

typedef struct {
	uint32_t seq;
	uint8_t valid, kind;
	uint8_t asks; /* separate P2PCD flavour: it carries a p2pcdLearningRequest */
	uint64_t gen_us;
	size_t n_wsm;
	uint16_t *bin; /* per receiver: its PDR distance bin when the BSM was generated (NO_BIN: beyond) */
} bsm_rec;

typedef struct {
	wsm_reasm *reasm;
	uint64_t busy_until;     /* the verification queue: when the CPU is free again */
	unsigned long frag_lost; /* fragmented SPDUs of which some, not all, fragments arrived */
	v2x_cache *cache;        /* real verifiers only */
	/* separate P2PCD flavour: Peer2Peer PDUs (PSID 0x88) reassemble apart from the BSMs */
	wsm_reasm *pdu_reasm;
	unsigned long pdu_frag_lost;
} receiver;

/* The P2PCD policy: a node's events name the receiver they happen at. */
typedef struct {
	pqs_sim *sim;
	size_t receiver;
} node_ctx;

struct pqs_sim_ {
	pqs_sim_config cfg;
	v2x_profile prof;
	double sign_us, cold_us, warm_us;
	v2x_key ca_key;
	uint8_t *ca_cert;
	size_t ca_len;
	v2x_key *keys;
	uint8_t **certs;
	size_t *cert_lens;
	v2x_store *store; /* root (and, for the digest policy, every vehicle certificate) */
	receiver *rx;
	uint8_t *known; /* known[r * n + s]: r holds s's verified certificate (the model) */
	uint64_t *done; /* done[(r * n + s) * 2 + k]: the last two verification end times */
	bsm_rec *ring;
	uint16_t *ring_bins;
	uint64_t *last_cert_us; /* J2945/1: when each sender last attached its certificate */
	uint8_t *payload;
	uint8_t *spdu;
	size_t spdu_cap, spdu_len;
	uint8_t *wsm; /* n_wsm WSMs of the last BSM, wsm_stride bytes apart */
	size_t wsm_stride, wsm_cap_count, n_wsm, *wsm_len;
	/* metrics */
	uint64_t *pdr_exp, *pdr_got;
	unsigned long bsms, bsms_cert, wsms, wsm_bytes, spdus_fragmented;
	size_t spdu_len_cert, spdu_len_digest, wsm_per_cert, wsm_per_digest;
	unsigned long rx_wsms, rx_decode_errors, rx_complete, rx_verified, rx_unverifiable, rx_frag_complete;
	unsigned long real_verified, real_unknown, real_failed, mismatches, dropped_by_test;
	uint64_t *lat;
	unsigned long lat_n;
	double lat_sum;
	uint64_t lat_max;
	unsigned long aware_pairs[2], aware_hits[2];
	/* certificate learning: per (receiver, sender) the first SPDU reassembled and the first verified */
	uint64_t *first_rx, *first_ok;
	/* P2PCD policy: one real node (and trust store) per vehicle */
	v2x_p2pcd_node **nodes;
	v2x_store **node_stores;
	node_ctx *nctx;
	uint64_t rng;    /* xorshift64: response back-off draws */
	uint64_t cur_us; /* the simulated time of the reception being processed */
	size_t nv;       /* vehicles: nodes 0 .. nv-1; RSUs after them */
	unsigned long rsu_sent, rsu_heard_vehicles, vehicles_heard_rsu;
	unsigned long p2pcd_request_ids, p2pcd_spdus_requesting, p2pcd_responses, p2pcd_field_bytes;
	/* separate P2PCD flavour: the Peer2Peer PDU being sent, and its traffic */
	uint8_t *pdu;
	size_t pdu_cap;
	uint64_t max_backoff_us;
	unsigned long pdus_sent, pdu_bytes, pdu_wsms, pdu_wsm_bytes, pdus_received;
};

const char *pqs_sim_policy_name(pqs_sim_policy p)
{
	static const char *const names[] = { "cert", "digest", "j2945", "p2pcd" };
	return (unsigned)p < 4 ? names[p] : "?";
}

int pqs_sim_policy_parse(const char *name)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(name, pqs_sim_policy_name((pqs_sim_policy)i)) == 0)
			return i;
	return -1;
}

void pqs_sim_config_default(pqs_sim_config *c)
{
	memset(c, 0, sizeof *c);
	c->profile = "ECDSA";
	c->policy = PQS_SIM_POLICY_J2945;
	c->payload_len = 100;
	c->wsm_limit = WSM_DATA_LIMIT_DEFAULT;
	c->real_verifiers = 1;
	c->sign_us = c->verify_cold_us = c->verify_warm_us = -1;
	c->bin_m = 25;
	c->n_bins = 40;
	c->warmup_us = 1000000;
	c->drop_receiver = SIZE_MAX;
	c->seed = 1;
	c->newcomer = SIZE_MAX;
}

static double thread_cpu_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return v[n / 2];
}

static uint64_t epoch_time64(uint64_t t_us)
{
	return pqs_v2x_time64_from_unix_us(SIM_EPOCH_UNIX * 1000000u + t_us);
}

/* The BSM stand-in: sender and sequence number first (as J2735's id and msgCnt), then filler. */
static void fill_payload(uint8_t *p, size_t len, size_t sender, uint32_t seq)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (uint8_t)(i * 7u + seq);
	for (size_t i = 0; i < 4 && i < len; i++)
		p[i] = (uint8_t)(sender >> (24 - 8 * i));
	for (size_t i = 0; i < 4 && 4 + i < len; i++)
		p[4 + i] = (uint8_t)(seq >> (24 - 8 * i));
}

/* f: the clause-8 fields of the P2PCD policy (NULL: none). */
static int sign_one(pqs_sim *s, size_t sender, uint32_t seq, uint64_t t_us, v2x_signer_kind kind,
		    const v2x_p2pcd_fields *f)
{
	v2x_signer sg;
	int e = pqs_v2x_signer_init(&sg, &s->keys[sender], s->certs[sender], s->cert_lens[sender], kind, NULL);
	fill_payload(s->payload, s->cfg.payload_len, sender, seq);
	if (!e)
		e = pqs_v2x_spdu_sign_p2pcd(&sg, BSM_PSID, epoch_time64(t_us), f, s->payload, s->cfg.payload_len,
					    s->spdu, s->spdu_cap, &s->spdu_len);
	return e;
}

/* Median CPU times of signing and of verifying cold (no cache: chain and message) and warm (cache hit). */
static int measure_cpu(pqs_sim *s)
{
	double v[CPU_SAMPLES], c[CPU_SAMPLES], w[CPU_SAMPLES];
	v2x_cache *cache = pqs_v2x_cache_new(4);
	int e = cache ? V2X_OK : V2X_ERR_NOMEM;
	for (unsigned i = 0; !e && i < CPU_SAMPLES; i++) {
		double t0 = thread_cpu_us();
		e = sign_one(s, 0, i, 0, V2X_SIGNER_CERT, NULL);
		v[i] = thread_cpu_us() - t0;
		v2x_verify_ctx ctx;
		pqs_v2x_verify_ctx_init(&ctx, s->store, NULL, epoch_time64(0));
		t0 = thread_cpu_us();
		if (!e)
			e = pqs_v2x_spdu_verify(&ctx, s->spdu, s->spdu_len, NULL);
		c[i] = thread_cpu_us() - t0;
		pqs_v2x_verify_ctx_init(&ctx, s->store, cache, epoch_time64(0));
		if (!e)
			e = pqs_v2x_spdu_verify(&ctx, s->spdu, s->spdu_len, NULL); /* fills the cache */
		t0 = thread_cpu_us();
		if (!e)
			e = pqs_v2x_spdu_verify(&ctx, s->spdu, s->spdu_len, NULL);
		w[i] = thread_cpu_us() - t0;
	}
	pqs_v2x_cache_free(cache);
	if (e)
		return e;
	if (s->sign_us < 0)
		s->sign_us = median(v, CPU_SAMPLES);
	if (s->cold_us < 0)
		s->cold_us = median(c, CPU_SAMPLES);
	if (s->warm_us < 0)
		s->warm_us = median(w, CPU_SAMPLES);
	return V2X_OK;
}

static int issue(const v2x_cert_params *cp, const v2x_key *subject, const v2x_key *issuer, const uint8_t *icert,
		 size_t ilen, uint8_t **out, size_t *len)
{
	*out = malloc(V2X_MAX_CERT);
	if (!*out)
		return V2X_ERR_NOMEM;
	return pqs_v2x_cert_issue(cp, subject, issuer, icert, ilen, NULL, *out, V2X_MAX_CERT, len);
}

/* Root CA (the profile's CA scheme), one end-entity certificate per vehicle, signed by the root. */
static int make_pki(pqs_sim *s)
{
	uint32_t start = pqs_v2x_time32_from_unix(SIM_EPOCH_UNIX - 86400);
	v2x_cert_params cp;
	int e = pqs_v2x_key_generate(&s->ca_key, s->prof.ca, NULL);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, start);
	if (!e)
		e = issue(&cp, &s->ca_key, &s->ca_key, NULL, 0, &s->ca_cert, &s->ca_len);
	if (!e)
		e = pqs_v2x_store_add_root(s->store, s->ca_cert, s->ca_len);
	for (size_t i = 0; !e && i < s->cfg.n_nodes; i++) {
		char name[32];
		/* one width for every name: all certificates, and so all SPDUs of a kind, have one size */
		snprintf(name, sizeof name, "vehicle-%06zu", i);
		pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, start);
		cp.name = name;
		e = pqs_v2x_key_generate(&s->keys[i], s->prof.vehicle, NULL);
		if (!e)
			e = issue(&cp, &s->keys[i], &s->ca_key, s->ca_cert, s->ca_len, &s->certs[i], &s->cert_lens[i]);
		/* the digest policy assumes certificates reached every receiver beforehand */
		if (!e && s->cfg.policy == PQS_SIM_POLICY_DIGEST)
			e = pqs_v2x_store_add_cert(s->store, s->certs[i], s->cert_lens[i]);
	}
	return e;
}

static void delivered(pqs_sim *s, size_t r, size_t sender, uint32_t seq, uint64_t t_us);

static uint32_t read_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* A P2PCD node verified an SPDU, at once or once its certificate came over the air. */
static void on_node_event(void *ctx, const v2x_p2pcd_event *ev)
{
	const node_ctx *c = ctx;
	pqs_sim *s = c->sim;
	if (ev->kind == V2X_P2PCD_EV_VERIFIED && ev->info && ev->info->payload_len == s->cfg.payload_len) {
		uint32_t sender = read_be32(ev->info->payload), seq = read_be32(ev->info->payload + 4);
		if (sender < s->cfg.n_nodes && sender != c->receiver) {
			s->real_verified++;
			delivered(s, c->receiver, sender, seq, s->cur_us);
		} else {
			s->real_failed++;
		}
	} else if (ev->kind == V2X_P2PCD_EV_REJECTED) {
		s->real_failed++;
	}
}

/* The P2PCD policy: per vehicle a trust store with the root only and a node that owns its certificate. */
static int make_nodes(pqs_sim *s)
{
	size_t n = s->cfg.n_nodes;
	s->nodes = calloc(n, sizeof *s->nodes);
	s->node_stores = calloc(n, sizeof *s->node_stores);
	s->nctx = calloc(n, sizeof *s->nctx);
	if (!s->nodes || !s->node_stores || !s->nctx)
		return V2X_ERR_NOMEM;
	v2x_p2pcd_config pc;
	pqs_v2x_p2pcd_config_default(&pc, V2X_POLICY_DIGEST, s->cfg.p2pcd_flavour);
	s->max_backoff_us = pc.max_response_backoff_us;
	/* every neighbour's certificate fits the cache and the table of certificates it may deliver */
	pc.cache_capacity = n + 16;
	pc.max_known = n + 4;
	int e = V2X_OK;
	for (size_t i = 0; !e && i < n; i++) {
		/* an RSU answers at once, also for certificates it verified attached (V2X_POLICY_RSU's responder) */
		pc.is_rsu = i >= s->nv;
		s->nctx[i].sim = s;
		s->nctx[i].receiver = i;
		s->node_stores[i] = pqs_v2x_store_new(8);
		if (!s->node_stores[i])
			return V2X_ERR_NOMEM;
		e = pqs_v2x_store_add_root(s->node_stores[i], s->ca_cert, s->ca_len);
		if (!e && !(s->nodes[i] = pqs_v2x_p2pcd_node_new(&pc, s->node_stores[i], on_node_event, &s->nctx[i])))
			e = V2X_ERR_NOMEM;
		if (!e)
			e = pqs_v2x_p2pcd_node_set_own(s->nodes[i], s->certs[i], s->cert_lens[i]);
	}
	return e;
}

static void on_drop(void *ctx, uint32_t msg_id, wsm_drop_reason reason)
{
	(void)msg_id;
	if (reason != WSM_DROP_DIGEST)
		((receiver *)ctx)->frag_lost++;
}

static void on_pdu_drop(void *ctx, uint32_t msg_id, wsm_drop_reason reason)
{
	(void)msg_id;
	if (reason != WSM_DROP_DIGEST)
		((receiver *)ctx)->pdu_frag_lost++;
}

static int separate_flavour(const pqs_sim *s)
{
	return s->cfg.policy == PQS_SIM_POLICY_P2PCD && s->cfg.p2pcd_flavour == V2X_P2PCD_SEPARATE;
}

static int alloc_all(pqs_sim *s)
{
	size_t n = s->cfg.n_nodes;
	s->keys = calloc(n, sizeof *s->keys);
	s->certs = calloc(n, sizeof *s->certs);
	s->cert_lens = calloc(n, sizeof *s->cert_lens);
	s->rx = calloc(n, sizeof *s->rx);
	s->known = calloc(n * n, 1);
	s->done = calloc(n * n * 2, sizeof *s->done);
	s->ring = calloc(n * RING, sizeof *s->ring);
	s->ring_bins = calloc(n * RING * n, sizeof *s->ring_bins);
	for (size_t i = 0; s->ring && s->ring_bins && i < n * RING; i++)
		s->ring[i].bin = s->ring_bins + i * n;
	s->last_cert_us = calloc(n, sizeof *s->last_cert_us);
	s->payload = calloc(s->cfg.payload_len + 1, 1);
	s->pdr_exp = calloc(s->cfg.n_bins, sizeof *s->pdr_exp);
	s->pdr_got = calloc(s->cfg.n_bins, sizeof *s->pdr_got);
	s->lat = calloc(LAT_BINS, sizeof *s->lat);
	s->first_rx = malloc(n * n * sizeof *s->first_rx);
	s->first_ok = malloc(n * n * sizeof *s->first_ok);
	for (size_t i = 0; s->first_rx && s->first_ok && i < n * n; i++)
		s->first_rx[i] = s->first_ok[i] = NEVER;
	s->store = pqs_v2x_store_new(n + 4);
	if (!s->keys || !s->certs || !s->cert_lens || !s->rx || !s->known || !s->done || !s->ring || !s->ring_bins ||
	    !s->last_cert_us || !s->payload || !s->pdr_exp || !s->pdr_got || !s->lat || !s->first_rx || !s->first_ok ||
	    !s->store)
		return V2X_ERR_NOMEM;
	wsm_reasm_config rc;
	memset(&rc, 0, sizeof rc);
	/* room for one partial message per neighbour: the bounds must not be what loses SPDUs here */
	rc.max_messages = n < 16 ? 16 : n;
	rc.max_messages_per_sender = 4;
	rc.max_total_bytes = rc.max_messages * 16384u;
	rc.max_bytes_per_sender = 4 * 16384u;
	rc.on_drop = on_drop;
	for (size_t i = 0; i < n; i++) {
		rc.on_drop_ctx = &s->rx[i];
		s->rx[i].reasm = pqs_wsm_reasm_new(&rc);
		if (!s->rx[i].reasm)
			return V2X_ERR_NOMEM;
		if (separate_flavour(s)) {
			wsm_reasm_config pc = rc;
			pc.on_drop = on_pdu_drop;
			if (!(s->rx[i].pdu_reasm = pqs_wsm_reasm_new(&pc)))
				return V2X_ERR_NOMEM;
		}
		if (i < s->cfg.real_verifiers && !(s->rx[i].cache = pqs_v2x_cache_new(n + 16)))
			return V2X_ERR_NOMEM;
	}
	return V2X_OK;
}

pqs_sim *pqs_sim_create(const pqs_sim_config *cfg, char *err, size_t err_cap)
{
	pqs_sim *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, err_cap, "out of memory");
		return NULL;
	}
	s->cfg = *cfg;
	s->nv = cfg->n_vehicles && cfg->n_vehicles <= cfg->n_nodes ? cfg->n_vehicles : cfg->n_nodes;
	s->sign_us = cfg->sign_us;
	s->cold_us = cfg->verify_cold_us;
	s->warm_us = cfg->verify_warm_us;
	int e = V2X_ERR_ARG;
	if (cfg->n_nodes < 2 || cfg->n_bins == 0 || cfg->bin_m <= 0 || cfg->payload_len < 8 ||
	    pqs_wsm_fragment_count(1, cfg->wsm_limit) == 0) {
		snprintf(err, err_cap, "bad configuration (vehicles >= 2, payload >= 8, WSM limit %u..%u)",
			 WSM_FRAG_LIMIT_MIN, WSM_DATA_LIMIT_MAX);
		free(s);
		return NULL;
	}
	if ((e = pqs_v2x_profile_parse(cfg->profile, &s->prof)) != 0 ||
	    (!pqs_v2x_profile_available(&s->prof) && (e = V2X_ERR_ALG_UNAVAILABLE) != 0) || (e = alloc_all(s)) != 0 ||
	    (e = make_pki(s)) != 0 || (cfg->policy == PQS_SIM_POLICY_P2PCD && (e = make_nodes(s)) != 0))
		goto fail;
	s->rng = cfg->seed * 0x9E3779B97F4A7C15ull + 1;
	v2x_signer sg;
	if ((e = pqs_v2x_signer_init(&sg, &s->keys[0], s->certs[0], s->cert_lens[0], V2X_SIGNER_CERT, NULL)) != 0)
		goto fail;
	/* room for the clause-8 fields: a requested certificate and the most HashedId3 requests */
	v2x_p2pcd_fields most;
	memset(&most, 0, sizeof most);
	most.has_inline = 1;
	most.n_inline = V2X_P2PCD_MAX_IDS;
	most.requested_cert = s->certs[0];
	most.requested_cert_len = V2X_MAX_CERT;
	s->spdu_cap = pqs_v2x_spdu_max_len(&sg, cfg->payload_len) + pqs_v2x_p2pcd_fields_size(&most);
	/* a Peer2Peer PDU: a certificate chain (8.4), with room for the encoding's headers */
	s->pdu_cap = separate_flavour(s) ? V2X_MAX_CHAIN * (V2X_MAX_CERT + 8) + 16 : 0;
	s->wsm_cap_count = pqs_wsm_fragment_count(s->spdu_cap > s->pdu_cap ? s->spdu_cap : s->pdu_cap, cfg->wsm_limit);
	s->wsm_stride = cfg->wsm_limit + WSM_HEADER_MAX;
	s->spdu = malloc(s->spdu_cap);
	s->pdu = s->pdu_cap ? malloc(s->pdu_cap) : NULL;
	s->wsm = malloc(s->wsm_cap_count * s->wsm_stride);
	s->wsm_len = calloc(s->wsm_cap_count, sizeof *s->wsm_len);
	if (!s->spdu || (s->pdu_cap && !s->pdu) || !s->wsm || !s->wsm_len) {
		e = V2X_ERR_NOMEM;
		goto fail;
	}
	if ((e = measure_cpu(s)) != 0)
		goto fail;
	return s;
fail:
	snprintf(err, err_cap, "profile %s: %s", cfg->profile, pqs_v2x_strerror(e));
	pqs_sim_free(s);
	return NULL;
}

void pqs_sim_free(pqs_sim *s)
{
	if (!s)
		return;
	for (size_t i = 0; s->rx && i < s->cfg.n_nodes; i++) {
		pqs_wsm_reasm_free(s->rx[i].reasm);
		pqs_wsm_reasm_free(s->rx[i].pdu_reasm);
		pqs_v2x_cache_free(s->rx[i].cache);
	}
	for (size_t i = 0; s->nodes && i < s->cfg.n_nodes; i++)
		pqs_v2x_p2pcd_node_free(s->nodes[i]);
	for (size_t i = 0; s->node_stores && i < s->cfg.n_nodes; i++)
		pqs_v2x_store_free(s->node_stores[i]);
	free(s->nodes);
	free(s->node_stores);
	free(s->nctx);
	free(s->first_rx);
	free(s->first_ok);
	for (size_t i = 0; s->keys && i < s->cfg.n_nodes; i++)
		pqs_v2x_key_clear(&s->keys[i]);
	for (size_t i = 0; s->certs && i < s->cfg.n_nodes; i++)
		free(s->certs[i]);
	pqs_v2x_key_clear(&s->ca_key);
	pqs_v2x_store_free(s->store);
	free(s->ca_cert);
	free(s->keys);
	free(s->certs);
	free(s->cert_lens);
	free(s->rx);
	free(s->known);
	free(s->done);
	free(s->ring);
	free(s->ring_bins);
	free(s->last_cert_us);
	free(s->payload);
	free(s->spdu);
	free(s->pdu);
	free(s->wsm);
	free(s->wsm_len);
	free(s->pdr_exp);
	free(s->pdr_got);
	free(s->lat);
	free(s);
}

void pqs_sim_cpu_times(const pqs_sim *s, double *sign_us, double *verify_cold_us, double *verify_warm_us)
{
	*sign_us = s->sign_us;
	*verify_cold_us = s->cold_us;
	*verify_warm_us = s->warm_us;
}

static size_t bin_of(const pqs_sim *s, double dist_m)
{
	double b = floor(dist_m / s->cfg.bin_m);
	return b < 0 ? 0 : (size_t)b;
}

/* J2945/1 (section 6.3.9): the certificate when a second has passed since the last one, else the digest. */
static v2x_signer_kind signer_kind_for(pqs_sim *s, size_t sender, uint32_t seq, uint64_t t_us)
{
	switch (s->cfg.policy) {
	case PQS_SIM_POLICY_CERT:
		return V2X_SIGNER_CERT;
	case PQS_SIM_POLICY_DIGEST:
	case PQS_SIM_POLICY_P2PCD:
		return V2X_SIGNER_DIGEST;
	case PQS_SIM_POLICY_J2945:
	default:
		if (seq == 0 || t_us >= s->last_cert_us[sender] + 1000000u) {
			s->last_cert_us[sender] = t_us;
			return V2X_SIGNER_CERT;
		}
		return V2X_SIGNER_DIGEST;
	}
}

/* Cut data into WSMs with this PSID (IEEE 1609.3 framing, our fragmentation beyond the WSM limit)
 * into s->wsm; their bytes are added to *bytes.  Returns the count, 0 on an error. */
static size_t cut_wsms(pqs_sim *s, const uint8_t *data, size_t len, uint32_t psid, uint32_t msg_id,
		       unsigned long *bytes)
{
	wsm_fragmenter fr;
	if (pqs_wsm_fragmenter_init(&fr, data, len, s->cfg.wsm_limit, msg_id) != 0 || fr.count > s->wsm_cap_count)
		return 0;
	wsm_header h;
	memset(&h, 0, sizeof h);
	h.psid = psid;
	uint8_t piece[WSM_DATA_LIMIT_MAX];
	for (size_t i = 0; i < fr.count; i++) {
		size_t pl = 0;
		if (pqs_wsm_fragmenter_get(&fr, i, piece, sizeof piece, &pl) != 0 ||
		    pqs_wsm_encode(s->wsm + i * s->wsm_stride, s->wsm_stride, &s->wsm_len[i], &h, piece, pl) != 0)
			return 0;
		*bytes += s->wsm_len[i];
	}
	s->n_wsm = fr.count;
	return fr.count;
}

size_t pqs_sim_bsm_build(pqs_sim *s, size_t sender, uint32_t seq, uint64_t t_us, const double *dist_m)
{
	if (sender >= s->cfg.n_nodes)
		return 0;
	v2x_signer_kind kind = signer_kind_for(s, sender, seq, t_us);
	v2x_p2pcd_fields f;
	const v2x_p2pcd_fields *fp = NULL;
	if (s->nodes) {
		/* the node decides the signer form and the clause-8 fields: requests and an answer */
		if (pqs_v2x_p2pcd_next_spdu(s->nodes[sender], SIM_EPOCH_UNIX * 1000000u + t_us, &kind, &f) != 0)
			return 0;
		fp = &f;
		s->p2pcd_request_ids += f.n_inline + f.has_learning;
		s->p2pcd_spdus_requesting += f.n_inline > 0 || f.has_learning;
		s->p2pcd_responses += f.requested_cert != NULL;
		s->p2pcd_field_bytes += pqs_v2x_p2pcd_fields_size(&f);
	}
	if (sign_one(s, sender, seq, t_us, kind, fp) != 0)
		return 0;
	/* message ids: distinct per sender and BSM, as a counter from a per-sender start would be */
	uint32_t msg_id = (uint32_t)(sender * 2654435761u) ^ (seq * 40503u + 1u);
	size_t count = cut_wsms(s, s->spdu, s->spdu_len, BSM_PSID, msg_id, &s->wsm_bytes);
	if (count == 0)
		return 0;
	bsm_rec *r = &s->ring[sender * RING + seq % RING];
	r->seq = seq;
	r->valid = 1;
	r->asks = fp && fp->has_learning;
	r->kind = (uint8_t)kind;
	r->gen_us = t_us;
	r->n_wsm = count;
	s->bsms++;
	s->rsu_sent += sender >= s->nv;
	s->wsms += count;
	s->spdus_fragmented += count > 1;
	if (kind == V2X_SIGNER_CERT) {
		s->bsms_cert++;
		s->spdu_len_cert = s->spdu_len;
		s->wsm_per_cert = count;
	} else {
		s->spdu_len_digest = s->spdu_len;
		s->wsm_per_digest = count;
	}
	for (size_t j = 0; j < s->cfg.n_nodes; j++) {
		size_t b = dist_m ? bin_of(s, dist_m[j]) : NO_BIN;
		r->bin[j] = b < s->cfg.n_bins && j != sender && j < s->nv && sender < s->nv ? (uint16_t)b : NO_BIN;
		if (r->bin[j] != NO_BIN)
			s->pdr_exp[b]++;
	}
	return count;
}

size_t pqs_sim_pdu_build(pqs_sim *s, size_t node, uint64_t t_us)
{
	if (!s->pdu || node >= s->cfg.n_nodes)
		return 0;
	size_t len = 0;
	if (pqs_v2x_p2pcd_next_pdu(s->nodes[node], SIM_EPOCH_UNIX * 1000000u + t_us, s->pdu, s->pdu_cap, &len) != 0)
		return SIZE_MAX;
	if (len == 0)
		return 0;
	/* message ids with the top bit set: never one of the sender's BSMs' (seq * 40503 + 1 < 2^31) */
	uint32_t msg_id = (uint32_t)(node * 2654435761u) ^ (0x80000000u | (uint32_t)(s->pdus_sent * 40503u + 1u));
	size_t count = cut_wsms(s, s->pdu, len, V2X_P2PCD_PSID, msg_id, &s->pdu_wsm_bytes);
	if (count == 0)
		return SIZE_MAX;
	s->pdus_sent++;
	s->pdu_bytes += len;
	s->pdu_wsms += count;
	return count;
}

const uint8_t *pqs_sim_wsm(const pqs_sim *s, size_t index, size_t *len)
{
	if (index >= s->n_wsm)
		return NULL;
	*len = s->wsm_len[index];
	return s->wsm + index * s->wsm_stride;
}

size_t pqs_sim_last_spdu_len(const pqs_sim *s)
{
	return s->spdu_len;
}

/*
 * The real verifier: pqs_v2x_spdu_verify against the receiver's own cache.
 * Returns 1 verified, 0 not; *cold = 1 if the signer's chain was validated.
 */
static int verify_real(pqs_sim *s, size_t receiver, size_t sender, uint32_t seq, const uint8_t *spdu, size_t len,
		       uint64_t t_us, int *cold)
{
	v2x_verify_ctx ctx;
	v2x_spdu_info info;
	pqs_v2x_verify_ctx_init(&ctx, s->store, s->rx[receiver].cache, epoch_time64(t_us));
	ctx.expected_psid = BSM_PSID;
	ctx.has_expected_psid = 1;
	int e = pqs_v2x_spdu_verify(&ctx, spdu, len, &info);
	*cold = ctx.cache_misses > 0;
	if (e == V2X_ERR_SIGNER_UNKNOWN) {
		s->real_unknown++;
		return 0;
	}
	/* the bytes are right only if the payload is the BSM this sender made */
	if (e || info.payload_len != s->cfg.payload_len || read_be32(info.payload) != sender ||
	    read_be32(info.payload + 4) != seq) {
		s->real_failed++;
		return 0;
	}
	s->real_verified++;
	return 1;
}

static void record_latency(pqs_sim *s, uint64_t gen_us, uint64_t done_us)
{
	uint64_t l = done_us - gen_us;
	uint64_t b = l / LAT_BIN_US;
	s->lat[b < LAT_BINS ? b : LAT_BINS - 1]++;
	s->lat_n++;
	s->lat_sum += (double)l;
	if (l > s->lat_max)
		s->lat_max = l;
}

/* Receiver r verified (sender, seq) at t_us: its verification CPU time (cold the first time: the
 * chain) queues behind the previous ones; then PDR, awareness, latency and learning delay. */
static void delivered(pqs_sim *s, size_t r, size_t sender, uint32_t seq, uint64_t t_us)
{
	size_t n = s->cfg.n_nodes;
	const bsm_rec *b = &s->ring[sender * RING + seq % RING];
	if (!b->valid || b->seq != seq)
		return; /* older than the ring: cannot happen within the reassembler's and P2PCD's timeouts */
	uint8_t *known = &s->known[r * n + sender];
	int cold = !*known;
	*known = 1;
	s->rx_verified++;
	receiver *rv = &s->rx[r];
	uint64_t start = rv->busy_until > t_us ? rv->busy_until : t_us;
	uint64_t done = start + (uint64_t)llround(cold ? s->cold_us : s->warm_us);
	rv->busy_until = done;
	uint64_t *d = &s->done[(r * n + sender) * 2];
	d[1] = d[0];
	d[0] = done;
	if (s->first_ok[r * n + sender] == NEVER)
		s->first_ok[r * n + sender] = done;
	if (b->bin[r] != NO_BIN)
		s->pdr_got[b->bin[r]]++;
	s->rsu_heard_vehicles += r >= s->nv && sender < s->nv;
	s->vehicles_heard_rsu += r < s->nv && sender >= s->nv;
	if (b->gen_us >= s->cfg.warmup_us && r < s->nv && sender < s->nv)
		record_latency(s, b->gen_us, done);
	if (s->cfg.trace)
		fprintf(s->cfg.trace, "delivered %zu %zu %u\n", r, sender, seq);
}

/* xorshift64 (Marsaglia 2003): the response back-off draws, from the seed. */
static uint32_t next_draw(pqs_sim *s)
{
	s->rng ^= s->rng << 13;
	s->rng ^= s->rng >> 7;
	s->rng ^= s->rng << 17;
	return (uint32_t)(s->rng >> 32);
}

/* A whole SPDU reached receiver r: verify (for real, or by the model plus its CPU time). */
static void spdu_complete(pqs_sim *s, size_t r, size_t sender, uint32_t seq, const uint8_t *spdu, size_t len,
			  uint64_t t_us)
{
	size_t n = s->cfg.n_nodes;
	const bsm_rec *b = &s->ring[sender * RING + seq % RING];
	s->rx_complete++;
	if (!b->valid || b->seq != seq)
		return; /* older than the ring: cannot happen within the reassembler's timeout */
	if (b->n_wsm > 1)
		s->rx_frag_complete++;
	if (s->first_rx[r * n + sender] == NEVER)
		s->first_rx[r * n + sender] = t_us;
	if (s->nodes) {
		/* P2PCD: the node verifies, holds (unknown signer: a request follows in its next BSM) or
		 * verifies held SPDUs once a delivered certificate validates; its events call delivered() */
		s->cur_us = t_us;
		uint32_t draw = next_draw(s);
		pqs_v2x_p2pcd_set_backoff(s->nodes[r], draw);
		pqs_v2x_p2pcd_receive(s->nodes[r], spdu, len, SIM_EPOCH_UNIX * 1000000u + t_us);
		if (b->asks && s->cfg.schedule_pdu) {
			/* an answer the node may have scheduled falls due after max_backoff * draw / 2^32
			 * (p2pcd.h), at once for an RSU; the node rounds down, so polling at the rounded-up
			 * time is never early, and a poll with nothing due sends nothing */
			uint64_t wait = r >= s->nv ? 0 : (s->max_backoff_us * draw + 0xFFFFFFFFu) >> 32;
			s->cfg.schedule_pdu(s->cfg.schedule_ctx, r, t_us + wait);
		}
		return;
	}
	/* the model: a certificate (attached, or held beforehand under the digest policy) verifies;
	 * a digest verifies only once the certificate has been verified (J2945/1) */
	int known = s->known[r * n + sender];
	int ok = b->kind == V2X_SIGNER_CERT || s->cfg.policy == PQS_SIM_POLICY_DIGEST || known;
	int cold = ok && !known;
	if (r < s->cfg.real_verifiers) {
		int real_cold = 0;
		int real_ok = verify_real(s, r, sender, seq, spdu, len, t_us, &real_cold);
		if (real_ok != ok || (real_ok && real_cold != cold))
			s->mismatches++;
	}
	if (!ok) {
		s->rx_unverifiable++;
		return;
	}
	delivered(s, r, sender, seq, t_us);
}

/* The sender's link-layer address, which the reassembler keys its partial messages by. */
static void sender_mac(size_t sender, uint8_t mac[WSM_SENDER_LEN])
{
	memset(mac, 0, WSM_SENDER_LEN);
	mac[0] = 0x02; /* locally administered */
	for (size_t i = 0; i < 4; i++)
		mac[2 + i] = (uint8_t)(sender >> (24 - 8 * i));
}

/* A WSM of a Peer2Peer PDU (separate flavour), reassembled apart from the BSMs; a whole PDU goes to
 * the node, which validates a certificate it asked for and cancels its own answer (clause 8). */
static void pdu_receive(pqs_sim *s, size_t r, size_t sender, const uint8_t *data, size_t len, uint64_t t_us)
{
	uint8_t mac[WSM_SENDER_LEN];
	sender_mac(sender, mac);
	wsm_reasm_result res;
	if (pqs_wsm_reasm_push(s->rx[r].pdu_reasm, mac, data, len, t_us / 1000u, &res) != 0 ||
	    res.status != WSM_REASM_COMPLETE)
		return;
	s->pdus_received++;
	s->cur_us = t_us;
	pqs_v2x_p2pcd_receive(s->nodes[r], res.spdu, res.spdu_len, SIM_EPOCH_UNIX * 1000000u + t_us);
}

void pqs_sim_receive(pqs_sim *s, size_t receiver, size_t sender, uint32_t seq, const uint8_t *wsm, size_t len,
		     uint64_t t_us)
{
	if (receiver >= s->cfg.n_nodes || sender >= s->cfg.n_nodes)
		return;
	s->rx_wsms++;
	wsm_header h;
	const uint8_t *data;
	size_t dlen;
	if (pqs_wsm_decode(wsm, len, &h, &data, &dlen) != 0 ||
	    (h.psid != BSM_PSID && !(s->pdu && h.psid == V2X_P2PCD_PSID))) {
		s->rx_decode_errors++;
		return;
	}
	if (h.psid == V2X_P2PCD_PSID) {
		pdu_receive(s, receiver, sender, data, dlen, t_us);
		return;
	}
	if (receiver == s->cfg.drop_receiver && sender == s->cfg.drop_sender && seq == s->cfg.drop_seq) {
		wsm_fragment_info fi;
		size_t index =
			pqs_wsm_is_fragment(data, dlen) && pqs_wsm_fragment_parse(data, dlen, &fi) == 0 ? fi.index : 0;
		if (index == s->cfg.drop_index) {
			s->dropped_by_test++;
			return;
		}
	}
	uint8_t mac[WSM_SENDER_LEN];
	sender_mac(sender, mac);
	wsm_reasm_result res;
	if (pqs_wsm_reasm_push(s->rx[receiver].reasm, mac, data, dlen, t_us / 1000u, &res) != 0)
		return;
	if (res.status == WSM_REASM_COMPLETE)
		spdu_complete(s, receiver, sender, seq, res.spdu, res.spdu_len, t_us);
}

void pqs_sim_sample_awareness(pqs_sim *s, uint64_t t_us, const double *dist_m)
{
	static const double radius[2] = { 100, 300 };
	size_t n = s->cfg.n_nodes;
	if (t_us < s->cfg.warmup_us)
		return;
	for (size_t r = 0; r < s->nv; r++)
		for (size_t x = 0; x < s->nv; x++) {
			if (x == r)
				continue;
			const uint64_t *d = &s->done[(r * n + x) * 2];
			/* verification ends can lie ahead of now (the queue): the last two cover that */
			int hit = 0;
			for (int k = 0; k < 2; k++)
				hit |= d[k] != 0 && d[k] <= t_us && d[k] + AWARE_WINDOW_US >= t_us;
			for (int k = 0; k < 2; k++)
				if (dist_m[r * n + x] <= radius[k]) {
					s->aware_pairs[k]++;
					s->aware_hits[k] += (unsigned long)hit;
				}
		}
}

void pqs_sim_finish(pqs_sim *s, uint64_t t_us)
{
	/* partial messages still held can no longer complete: counted as lost now */
	for (size_t r = 0; r < s->cfg.n_nodes; r++)
		pqs_wsm_reasm_expire(s->rx[r].reasm, t_us / 1000u + 3600u * 1000u);
	for (size_t r = 0; s->pdu && r < s->cfg.n_nodes; r++)
		pqs_wsm_reasm_expire(s->rx[r].pdu_reasm, t_us / 1000u + 3600u * 1000u);
}

unsigned long pqs_sim_mismatches(const pqs_sim *s)
{
	return s->mismatches;
}

static double lat_quantile(const pqs_sim *s, double q)
{
	if (s->lat_n == 0)
		return 0;
	unsigned long want = (unsigned long)ceil(q * (double)s->lat_n), acc = 0;
	for (size_t b = 0; b < LAT_BINS; b++) {
		acc += s->lat[b];
		if (acc >= want && acc > 0)
			return (double)((b + 1) * LAT_BIN_US) / 1000.0; /* upper edge of the bin, ms */
	}
	return (double)s->lat_max / 1000.0;
}

static double ratio(unsigned long a, unsigned long b)
{
	return b ? (double)a / (double)b : 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/*
 * Certificate learning: per (receiver, sender) vehicle pair that reassembled an SPDU, the time from
 * the first one to the first verified one (what J2945/1's wait for a certificate and P2PCD's
 * request and answer cost before a new neighbour counts for awareness), as a JSON object.  Only
 * pairs with that receiver / sender (SIZE_MAX: any).
 */
static void write_learning(const pqs_sim *s, size_t only_receiver, size_t only_sender, FILE *f)
{
	size_t n = s->cfg.n_nodes, pairs = 0, learned = 0;
	uint64_t *d = malloc(n * n * sizeof *d);
	double sum = 0;
	for (size_t i = 0; d && i < n * n; i++) {
		size_t r = i / n, x = i % n;
		if (s->first_rx[i] == NEVER || r >= s->nv || x >= s->nv ||
		    (only_receiver != SIZE_MAX && r != only_receiver) || (only_sender != SIZE_MAX && x != only_sender))
			continue;
		pairs++;
		if (s->first_ok[i] != NEVER) {
			d[learned] = s->first_ok[i] - s->first_rx[i];
			sum += (double)d[learned++];
		}
	}
	if (d)
		qsort(d, learned, sizeof *d, cmp_u64);
#define LEARN_Q(q) (learned ? (double)d[(size_t)((double)(learned - 1) * (q))] / 1000.0 : 0)
	fprintf(f,
		"{ \"pairs\": %zu, \"learned\": %zu, \"mean_ms\": %.3f, \"p50_ms\": %.3f, \"p90_ms\": %.3f, "
		"\"max_ms\": %.3f }",
		pairs, learned, learned ? sum / (double)learned / 1000.0 : 0, LEARN_Q(0.5), LEARN_Q(0.9), LEARN_Q(1.0));
#undef LEARN_Q
	free(d);
}

static void write_p2pcd(const pqs_sim *s, FILE *f)
{
	v2x_p2pcd_stats t;
	memset(&t, 0, sizeof t);
	for (size_t i = 0; i < s->cfg.n_nodes; i++) {
		v2x_p2pcd_stats st;
		pqs_v2x_p2pcd_stats_get(s->nodes[i], &st);
		t.held += st.held;
		t.expired += st.expired;
		t.evicted += st.evicted;
		t.requests_suppressed += st.requests_suppressed;
		t.responses_cancelled += st.responses_cancelled;
		t.certs_learned += st.certs_learned;
		t.certs_ignored += st.certs_ignored;
		t.cert_validations += st.cert_validations;
	}
	fprintf(f,
		"  \"p2pcd\": { \"request_ids_sent\": %lu, \"spdus_with_requests\": %lu, \"responses_sent\": %lu, "
		"\"field_bytes_sent\": %lu, \"requests_suppressed\": %lu, \"responses_cancelled\": %lu, "
		"\"certs_learned\": %lu, \"certs_ignored\": %lu, \"cert_validations\": %lu, \"spdus_held\": %lu, "
		"\"held_expired\": %lu, \"held_evicted\": %lu",
		s->p2pcd_request_ids, s->p2pcd_spdus_requesting, s->p2pcd_responses + s->pdus_sent,
		s->p2pcd_field_bytes, t.requests_suppressed, t.responses_cancelled, t.certs_learned, t.certs_ignored,
		t.cert_validations, t.held, t.expired, t.evicted);
	if (s->pdu) {
		/* separate flavour: the answers are Peer2Peer PDUs in WSMs of their own */
		unsigned long lost = 0;
		for (size_t i = 0; i < s->cfg.n_nodes; i++)
			lost += s->rx[i].pdu_frag_lost;
		fprintf(f,
			", \"flavour\": \"separate\", \"pdus_sent\": %lu, \"pdu_bytes_sent\": %lu, "
			"\"pdu_wsms_sent\": %lu, \"pdu_wsm_bytes_sent\": %lu, \"pdus_received\": %lu, "
			"\"pdus_lost_to_a_fragment\": %lu",
			s->pdus_sent, s->pdu_bytes, s->pdu_wsms, s->pdu_wsm_bytes, s->pdus_received, lost);
	}
	fprintf(f, " },\n");
}

void pqs_sim_write_json(const pqs_sim *s, const pqs_sim_channel *ch, FILE *f)
{
	unsigned long frag_lost = 0;
	for (size_t r = 0; r < s->cfg.n_nodes; r++)
		frag_lost += s->rx[r].frag_lost;
	unsigned long exp_all = 0, got_all = 0, exp_300 = 0, got_300 = 0;
	for (size_t b = 0; b < s->cfg.n_bins; b++) {
		exp_all += (unsigned long)s->pdr_exp[b];
		got_all += (unsigned long)s->pdr_got[b];
		if ((double)(b + 1) * s->cfg.bin_m <= 300) {
			exp_300 += (unsigned long)s->pdr_exp[b];
			got_300 += (unsigned long)s->pdr_got[b];
		}
	}
	fprintf(f, "{\n  \"profile\": \"%s\",\n  \"policy\": \"%s\",\n  \"scenario\": \"%s\",\n", s->prof.name,
		pqs_sim_policy_name(s->cfg.policy), ch->scenario);
	fprintf(f, "  \"vehicles\": %zu,\n  \"seed\": %llu,\n  \"duration_s\": %.3f,\n  \"warmup_s\": %.3f,\n", s->nv,
		(unsigned long long)ch->seed, ch->duration_s, (double)s->cfg.warmup_us / 1e6);
	fprintf(f, "  \"payload_bytes\": %zu,\n  \"wsm_limit\": %zu,\n", s->cfg.payload_len, s->cfg.wsm_limit);
	fprintf(f, "  \"spdu_bytes_cert\": %zu,\n  \"spdu_bytes_digest\": %zu,\n", s->spdu_len_cert,
		s->spdu_len_digest);
	fprintf(f, "  \"wsms_per_spdu_cert\": %zu,\n  \"wsms_per_spdu_digest\": %zu,\n", s->wsm_per_cert,
		s->wsm_per_digest);
	fprintf(f, "  \"cpu_us\": { \"sign\": %.1f, \"verify_cold\": %.1f, \"verify_warm\": %.1f },\n", s->sign_us,
		s->cold_us, s->warm_us);
	fprintf(f,
		"  \"bsms_sent\": %lu,\n  \"bsms_with_cert\": %lu,\n  \"wsms_sent\": %lu,\n  \"wsm_bytes_sent\": "
		"%lu,\n",
		s->bsms, s->bsms_cert, s->wsms, s->wsm_bytes);
	fprintf(f, "  \"mac_queue_drops\": %lu,\n", ch->mac_drops);
	fprintf(f, "  \"wsms_received\": %lu,\n  \"wsm_decode_errors\": %lu,\n", s->rx_wsms, s->rx_decode_errors);
	fprintf(f, "  \"spdus_reassembled\": %lu,\n  \"spdus_verified\": %lu,\n  \"spdus_unverifiable\": %lu,\n",
		s->rx_complete, s->rx_verified, s->rx_unverifiable);
	fprintf(f, "  \"fragmented\": { \"completed\": %lu, \"lost_to_a_fragment\": %lu, \"lost_share\": %.6f },\n",
		s->rx_frag_complete, frag_lost, ratio(frag_lost, frag_lost + s->rx_frag_complete));
	fprintf(f,
		"  \"real_verification\": { \"receivers\": %zu, \"verified\": %lu, \"unknown_signer\": %lu, "
		"\"failed\": %lu, \"model_mismatches\": %lu },\n",
		s->nodes ? s->cfg.n_nodes : s->cfg.real_verifiers, s->real_verified, s->real_unknown, s->real_failed,
		s->mismatches);
	fprintf(f, "  \"cert_learning\": ");
	write_learning(s, SIZE_MAX, SIZE_MAX, f);
	fprintf(f, ",\n");
	if (s->cfg.newcomer < s->nv) {
		/* the late vehicle: the others learning its certificate, and it learning theirs */
		fprintf(f, "  \"newcomer\": { \"vehicle\": %zu, \"learned_by_others\": ", s->cfg.newcomer);
		write_learning(s, SIZE_MAX, s->cfg.newcomer, f);
		fprintf(f, ", \"learned_others\": ");
		write_learning(s, s->cfg.newcomer, SIZE_MAX, f);
		fprintf(f, " },\n");
	}
	if (s->nv < s->cfg.n_nodes)
		fprintf(f,
			"  \"rsus\": { \"count\": %zu, \"spdus_sent\": %lu, \"verified_from_vehicles\": %lu, "
			"\"verified_by_vehicles\": %lu },\n",
			s->cfg.n_nodes - s->nv, s->rsu_sent, s->rsu_heard_vehicles, s->vehicles_heard_rsu);
	if (s->nodes)
		write_p2pcd(s, f);
	fprintf(f, "  \"test_dropped_fragments\": %lu,\n", s->dropped_by_test);
	fprintf(f, "  \"pdr\": %.6f,\n  \"pdr_within_300m\": %.6f,\n  \"pdr_by_distance\": [", ratio(got_all, exp_all),
		ratio(got_300, exp_300));
	for (size_t b = 0; b < s->cfg.n_bins; b++)
		fprintf(f,
			"%s\n    { \"from_m\": %.0f, \"to_m\": %.0f, \"expected\": %llu, \"delivered\": %llu, \"pdr\": "
			"%.6f }",
			b ? "," : "", (double)b * s->cfg.bin_m, (double)(b + 1) * s->cfg.bin_m,
			(unsigned long long)s->pdr_exp[b], (unsigned long long)s->pdr_got[b],
			ratio((unsigned long)s->pdr_got[b], (unsigned long)s->pdr_exp[b]));
	fprintf(f, "\n  ],\n");
	fprintf(f, "  \"awareness_100m\": %.6f,\n  \"awareness_300m\": %.6f,\n",
		ratio(s->aware_hits[0], s->aware_pairs[0]), ratio(s->aware_hits[1], s->aware_pairs[1]));
	fprintf(f, "  \"cbr\": %.6f,\n  \"cbr_nodes\": %zu,\n", ch->cbr, ch->cbr_nodes);
	fprintf(f,
		"  \"latency_ms\": { \"count\": %lu, \"mean\": %.3f, \"p50\": %.3f, \"p90\": %.3f, \"p99\": %.3f, "
		"\"p999\": %.3f, \"max\": %.3f }",
		s->lat_n, s->lat_n ? s->lat_sum / (double)s->lat_n / 1000.0 : 0, lat_quantile(s, 0.5),
		lat_quantile(s, 0.9), lat_quantile(s, 0.99), lat_quantile(s, 0.999), (double)s->lat_max / 1000.0);
	if (ch->wall_s >= 0)
		fprintf(f, ",\n  \"wall_s\": %.2f", ch->wall_s);
	fprintf(f, "\n}\n");
}
