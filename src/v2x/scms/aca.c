/*
 * The Authorization CA (IEEE 1609.2.1 section 4.1.3 / 9.3): receives
 * shuffled certificate requests from the RA and answers each with a
 * response the RA cannot read.
 *
 *  - Butterfly, explicit certificate: random c, certificate key B + c*G,
 *    response content (certificate, c).  The RA knows B but not c, so it
 *    cannot recognise the certificate key.
 *  - Butterfly, implicit certificate (ECQV, SEC 4 section 3.4): random k,
 *    reconstruction value P_U = B + k*G, e = Hn(Hn(tbs) || Hn(ACA cert)),
 *    r = e*k + d_ACA; content (certificate, r).
 *  - The content is ECIES-encrypted (1609.2 section 5.3.5) to the butterfly
 *    encryption key B_enc (original) or to B itself (unified).
 *  - PQC path (a): the public key arrives in clear; the certificate goes
 *    back in clear.  Path (b): the request is ECIES ciphertext to the
 *    ACA's encryption key, carrying the public key and a fresh AES key the
 *    response is AES-CCM-encrypted under.
 *
 * Certificates are 1609.2 certificates made by the V2X stack
 * (pqs_v2x_cert_issue), signed with whatever scheme the ACA uses.
 *
 * A batch is answered by a bounded pool of threads (one per core by
 * default, pqs_scms_aca_set_workers): every response depends on its own
 * request only (1609.2.1 section 9.3), so certificates are issued in any
 * order and filed by index; the output is the sequential one.  With a
 * caller-supplied rng (deterministic tests) one thread answers, in order.  V2X error
 * codes pass through unchanged: they are distinct from the pqs and SCMS
 * codes, and pqs_scms_strerror names them.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pqsig/v2x.h"
#include "pqsig/sha2.h"
#include "scms_inner.h"

struct pqs_scms_aca_ {
	const v2x_alg *alg;
	v2x_key root_key, key;
	uint8_t *root_cert, *cert;
	size_t root_len, cert_len;
	uint8_t cert_sha256[32]; /* Hn(CertCA) of the ECQV hash */
	uint8_t enc_priv[32], enc_pub[33];
	uint32_t start;
	unsigned workers; /* 0: one per online core */
	pqs_rng *rng;
};

void pqs_scms_aca_free(pqs_scms_aca *a)
{
	if (!a)
		return;
	pqs_v2x_key_clear(&a->root_key);
	pqs_v2x_key_clear(&a->key);
	pqs_zeroize(a->enc_priv, sizeof a->enc_priv);
	free(a->root_cert);
	free(a->cert);
	free(a);
}

static int issue_ca_cert(pqs_scms_aca *a, v2x_cert_role role, const v2x_key *subject, const v2x_key *issuer,
                         const uint8_t *issuer_cert, size_t issuer_len, uint8_t **out, size_t *out_len)
{
	v2x_cert_params p;
	pqs_v2x_cert_params_default(&p, role, a->start);
	p.duration_unit = V2X_DUR_YEARS; /* covers SCMS_WEEKS_MAX weeks of pseudonym certificates */
	p.duration = 10;
	/* The root's permissions must reach the pseudonym certificates two levels down
	 * (1609.2 section 6.4.28: minChainLength counts the certificates below the issuer). */
	if (role == V2X_CERT_ROOT)
		p.min_chain_length = 2;
	size_t cap = pqs_v2x_cert_max_len(&p, subject->alg, issuer->alg);
	if (!cap)
		return PQS_ERR_INTERNAL;
	if (!(*out = malloc(cap)))
		return PQS_ERR_NOMEM;
	return pqs_v2x_cert_issue(&p, subject, issuer, issuer_cert, issuer_len, a->rng, *out, cap, out_len);
}

pqs_scms_aca *pqs_scms_aca_new(const char *ca_alg, uint32_t start, pqs_rng *rng, int *err)
{
	int dummy;
	if (!err)
		err = &dummy;
	const v2x_alg *alg = ca_alg ? pqs_v2x_alg_find(ca_alg) : NULL;
	if (!alg || !pqs_v2x_alg_class(alg)) {
		*err = PQS_ERR_UNKNOWN_ALG;
		return NULL;
	}
	pqs_scms_aca *a = calloc(1, sizeof *a);
	if (!a) {
		*err = PQS_ERR_NOMEM;
		return NULL;
	}
	a->alg = alg;
	a->start = start;
	a->rng = rng;
	int rc = pqs_v2x_key_generate(&a->root_key, alg, rng);
	if (rc == PQS_OK)
		rc = pqs_v2x_key_generate(&a->key, alg, rng);
	if (rc == PQS_OK)
		rc = issue_ca_cert(a, V2X_CERT_ROOT, &a->root_key, &a->root_key, NULL, 0, &a->root_cert, &a->root_len);
	if (rc == PQS_OK)
		rc = issue_ca_cert(a, V2X_CERT_CA, &a->key, &a->root_key, a->root_cert, a->root_len, &a->cert,
		                   &a->cert_len);
	if (rc == PQS_OK) {
		pqs_sha256(a->cert_sha256, a->cert, a->cert_len);
		rc = pqs_scms_sc_random(a->enc_priv, rng);
	}
	if (rc == PQS_OK)
		rc = pqs_scms_pt_base_mul(a->enc_pub, a->enc_priv);
	if (rc != PQS_OK) {
		pqs_scms_aca_free(a);
		*err = rc;
		return NULL;
	}
	*err = PQS_OK;
	return a;
}

const uint8_t *pqs_scms_aca_root_cert(const pqs_scms_aca *a, size_t *len)
{
	*len = a->root_len;
	return a->root_cert;
}

const uint8_t *pqs_scms_aca_cert(const pqs_scms_aca *a, size_t *len)
{
	*len = a->cert_len;
	return a->cert;
}

void pqs_scms_aca_enc_public(const pqs_scms_aca *a, uint8_t pub[33])
{
	memcpy(pub, a->enc_pub, 33);
}

/* The content of the pseudonym certificates of period i, explicit and implicit alike. */
static void pseudonym_params(const pqs_scms_aca *a, uint32_t i, v2x_cert_params *p)
{
	/* Period i is week i after the PKI start: 1609.2.1 pseudonym certificates are valid for one
	 * week (the default duration, 168 hours), 20 of them per week. */
	pqs_v2x_cert_params_default(p, V2X_CERT_EE, a->start + i * 604800u);
	p->name = NULL; /* a pseudonym carries no name (CertificateId none) */
}

/* A pseudonym certificate for period i with subject key (alg, pk); *out malloc'd. */
static int issue_pseudonym(pqs_scms_aca *a, uint32_t i, const v2x_alg *alg, const uint8_t *pk, size_t pk_len,
                           uint8_t **out, size_t *out_len)
{
	v2x_cert_params p;
	v2x_key subject; /* per call: workers issue concurrently */
	pseudonym_params(a, i, &p);
	int rc = pqs_v2x_key_load(&subject, alg, pk, pk_len, NULL, 0);
	size_t cap = rc == PQS_OK ? pqs_v2x_cert_max_len(&p, alg, a->alg) : 0;
	*out = cap ? malloc(cap) : NULL;
	if (rc == PQS_OK && !*out)
		rc = cap ? PQS_ERR_NOMEM : PQS_ERR_INTERNAL;
	if (rc == PQS_OK)
		rc = pqs_v2x_cert_issue(&p, &subject, &a->key, a->cert, a->cert_len, a->rng, *out, cap, out_len);
	if (rc != PQS_OK) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

/*
 * An implicit certificate for period i with reconstruction value P_U
 * (IEEE 1609.2 section 6.4.2, encoded by the V2X codec), and the ECQV hash
 * e = Hn(Hn(tbs) || Hn(ACA cert)) of its ToBeSignedCertificate (5.3.2);
 * *out malloc'd.
 */
static int issue_implicit(pqs_scms_aca *a, uint32_t i, const uint8_t PU[33], uint8_t **out, size_t *out_len,
			  uint8_t e[32])
{
	v2x_cert_params p;
	pseudonym_params(a, i, &p);
	size_t cap = pqs_v2x_cert_max_len(&p, pqs_v2x_alg_by_index(0), a->alg);
	v2x_cert *dec = malloc(sizeof *dec);
	*out = cap ? malloc(cap) : NULL;
	int rc = *out && dec ? PQS_OK : PQS_ERR_NOMEM;
	if (rc == PQS_OK)
		rc = pqs_v2x_cert_issue_implicit(&p, PU, a->cert, a->cert_len, *out, cap, out_len);
	if (rc == PQS_OK)
		rc = pqs_v2x_cert_decode(dec, *out, *out_len);
	if (rc == PQS_OK)
		rc = pqs_ecqv_hash(e, *out + dec->tbs_off, dec->tbs_len, a->cert_sha256);
	if (rc != PQS_OK) {
		free(*out);
		*out = NULL;
	}
	free(dec);
	return rc;
}

/* Issue for one butterfly request; writes the plaintext content (malloc'd). */
static int answer_butterfly(pqs_scms_aca *a, const scms_cert_req *q, uint8_t **content, size_t *content_len)
{
	scms_content ct = { 0 };
	uint8_t *cert = NULL, rnd[32], Pt[33];
	size_t cert_len = 0;
	int rc = pqs_scms_sc_random(rnd, a->rng);
	if (rc == PQS_OK)
		rc = pqs_scms_pt_add_base_mul(Pt, q->B_sign, rnd); /* B + c*G, or P_U = B + k*G */
	if (rc == PQS_OK && q->cert_type == PQS_SCMS_EXPLICIT) {
		rc = issue_pseudonym(a, q->i, pqs_v2x_alg_find("ECDSA-P256"), Pt, 33, &cert, &cert_len);
		ct.kind = SCMS_CONTENT_EXPLICIT;
		memcpy(ct.value, rnd, 32); /* c: the vehicle's key is a + f + c */
	} else if (rc == PQS_OK) {
		/* ECQV needs the ACA's own key on P-256 (SEC 4 section 3.4 step 7: r = e*k + d_CA). */
		if (strcmp(pqs_v2x_alg_class(a->alg)->name, "ECDSA-P256") != 0)
			rc = PQS_ERR_UNSUPPORTED;
		uint8_t e[32];
		if (rc == PQS_OK)
			rc = issue_implicit(a, q->i, Pt, &cert, &cert_len, e);
		if (rc == PQS_OK)
			rc = pqs_ecqv_private(ct.value, e, rnd, a->key.sk); /* r = e*k + d_CA */
		ct.kind = SCMS_CONTENT_IMPLICIT;
	}
	if (rc == PQS_OK) {
		ct.cert = cert;
		ct.cert_len = cert_len;
		rc = pqs_scms_content_encode(&ct, content, content_len);
	}
	pqs_zeroize(rnd, sizeof rnd);
	pqs_zeroize(&ct, sizeof ct);
	free(cert);
	return rc;
}

static int answer_pqc(pqs_scms_aca *a, uint16_t alg_id, uint32_t i, const uint8_t *pk, size_t pk_len,
                      uint8_t **content, size_t *content_len)
{
	const pqs_sig_class *c = pqs_scms_pqc_class(alg_id);
	const v2x_alg *alg = c ? pqs_v2x_alg_find(c->name) : NULL;
	if (!alg)
		return PQS_SCMS_ERR_FIELD; /* no 1609.2 encoding for that scheme */
	scms_content ct = { .kind = SCMS_CONTENT_PQC };
	uint8_t *cert = NULL;
	int rc = issue_pseudonym(a, i, alg, pk, pk_len, &cert, &ct.cert_len);
	ct.cert = cert;
	if (rc == PQS_OK)
		rc = pqs_scms_content_encode(&ct, content, content_len);
	free(cert);
	return rc;
}

/* One request -> one encoded response (malloc'd). */
static int answer(pqs_scms_aca *a, const uint8_t *msg, size_t len, uint8_t **out, size_t *out_len)
{
	scms_cert_req q;
	scms_cert_resp resp = { 0 };
	uint8_t *content = NULL, *body = NULL, resp_key[16];
	size_t content_len = 0, body_len = 0;
	int rc = pqs_scms_cert_req_decode(&q, msg, len);
	if (rc != PQS_OK)
		return rc;
	memcpy(resp.req_id, q.req_id, 8);
	if (q.kind == SCMS_REQ_BUTTERFLY) {
		rc = answer_butterfly(a, &q, &content, &content_len);
		resp.enc = SCMS_RESP_ECIES;
		body_len = content_len + PQS_ECIES_OVERHEAD;
		if (rc == PQS_OK && !(body = malloc(body_len)))
			rc = PQS_ERR_NOMEM;
		/* 1609.2.1 section 9.3: encrypt to the butterfly encryption key (original) or to the
		 * signing cocoon key itself (unified). */
		if (rc == PQS_OK)
			rc = pqs_ecies_encrypt(body, body_len, &body_len, q.has_enc ? q.B_enc : q.B_sign, NULL, content,
			                       content_len, a->rng);
	} else if (q.kind == SCMS_REQ_PQC_PLAIN) {
		rc = answer_pqc(a, q.alg_id, q.i, q.body, q.body_len, &content, &content_len);
		resp.enc = SCMS_RESP_PLAIN;
		body = content; /* path (a): in clear */
		content = NULL;
		body_len = content_len;
	} else {
		uint8_t *inner = malloc(q.body_len);
		size_t inner_len = 0;
		scms_pqc_inner in;
		rc = inner ? pqs_ecies_decrypt(inner, q.body_len, &inner_len, a->enc_priv, NULL, q.body, q.body_len)
		           : PQS_ERR_NOMEM;
		if (rc == PQS_OK)
			rc = pqs_scms_pqc_inner_decode(&in, inner, inner_len);
		if (rc == PQS_OK) {
			memcpy(resp_key, in.resp_key, 16);
			rc = answer_pqc(a, in.alg_id, in.i, in.pk, in.pk_len, &content, &content_len);
		}
		if (inner)
			pqs_zeroize(inner, q.body_len);
		free(inner);
		resp.enc = SCMS_RESP_AESCCM;
		body_len = content_len + PQS_AESCCM_OVERHEAD;
		if (rc == PQS_OK && !(body = malloc(body_len)))
			rc = PQS_ERR_NOMEM;
		if (rc == PQS_OK)
			rc = pqs_aesccm_encrypt(body, body_len, &body_len, resp_key, content, content_len, a->rng);
		pqs_zeroize(resp_key, sizeof resp_key);
	}
	if (rc == PQS_OK) {
		resp.body = body;
		resp.body_len = body_len;
		rc = pqs_scms_cert_resp_encode(&resp, out, out_len);
	}
	if (content) {
		pqs_zeroize(content, content_len); /* holds c or r */
		free(content);
	}
	free(body);
	return rc;
}

void pqs_scms_aca_set_workers(pqs_scms_aca *a, unsigned workers)
{
	if (a)
		a->workers = workers > PQS_SCMS_MAX_WORKERS ? PQS_SCMS_MAX_WORKERS : workers;
}

unsigned pqs_scms_aca_workers(const pqs_scms_aca *a, uint32_t count)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned w = a->workers ? a->workers : cores > 0 ? (unsigned)cores : 1;
	if (a->rng) /* a caller's generator: its draws stay in request order, on one thread */
		w = 1;
	if (w > PQS_SCMS_MAX_WORKERS)
		w = PQS_SCMS_MAX_WORKERS;
	return count < w ? (count ? count : 1) : w;
}

/* One batch shared by the workers: the next request index to take, and each response's result. */
typedef struct {
	pqs_scms_aca *a;
	const scms_list *l;
	uint8_t **resp;
	size_t *resp_len;
	int *rc;
	atomic_uint next;
	atomic_int failed;
} aca_batch;

static void *answer_some(void *arg)
{
	aca_batch *b = arg;
	/* Indices are taken in increasing order, so when request k fails every request below k was
	 * taken and completes: the first failure by index is the sequential one. */
	while (!atomic_load(&b->failed)) {
		const unsigned k = atomic_fetch_add(&b->next, 1u);
		if (k >= b->l->count)
			break;
		b->rc[k] = answer(b->a, b->l->item[k], b->l->item_len[k], &b->resp[k], &b->resp_len[k]);
		if (b->rc[k] != PQS_OK)
			atomic_store(&b->failed, 1);
	}
	return NULL;
}

int pqs_scms_aca_process(pqs_scms_aca *a, const uint8_t *batch, size_t len, uint8_t **out, size_t *out_len)
{
	if (!a || !batch || !out || !out_len)
		return PQS_ERR_ARG;
	scms_list l;
	int rc = pqs_scms_list_decode(SCMS_T_BATCH, &l, batch, len);
	if (rc != PQS_OK)
		return rc;
	aca_batch b = { .a = a, .l = &l };
	b.resp = calloc(l.count ? l.count : 1, sizeof *b.resp);
	b.resp_len = calloc(l.count ? l.count : 1, sizeof *b.resp_len);
	b.rc = calloc(l.count ? l.count : 1, sizeof *b.rc);
	atomic_init(&b.next, 0u);
	atomic_init(&b.failed, 0);
	if (!b.resp || !b.resp_len || !b.rc)
		rc = PQS_ERR_NOMEM;
	if (rc == PQS_OK) {
		pthread_t tid[PQS_SCMS_MAX_WORKERS];
		unsigned started = 0;
		const unsigned workers = pqs_scms_aca_workers(a, l.count);
		/* The calling thread is one of the workers; a thread that cannot start leaves its share to the others. */
		while (started + 1 < workers && pthread_create(&tid[started], NULL, answer_some, &b) == 0)
			started++;
		answer_some(&b);
		for (unsigned t = 0; t < started; t++)
			pthread_join(tid[t], NULL);
		/* All or nothing: one bad request rejects the batch, and no response leaves the ACA. */
		const unsigned taken = atomic_load(&b.next) < l.count ? atomic_load(&b.next) : l.count;
		for (unsigned k = 0; k < taken && rc == PQS_OK; k++)
			rc = b.rc[k];
	}
	if (rc == PQS_OK)
		rc = pqs_scms_list_encode(SCMS_T_BATCH, l.count, (const uint8_t *const *)b.resp, b.resp_len, NULL, NULL,
					  out, out_len);
	for (uint32_t k = 0; b.resp && k < l.count; k++)
		free(b.resp[k]);
	free(b.resp);
	free(b.resp_len);
	free(b.rc);
	pqs_scms_list_free(&l);
	return rc;
}
