/*
 * The vehicle (IEEE 1609.2.1 section 9.3, end entity): makes its
 * caterpillar key pair(s) and expansion key(s) - or, on the PQC paths, one
 * key pair per certificate - and later derives each certificate's private
 * key and checks it against the certificate it received.
 */
#include <stdlib.h>
#include <string.h>


#include "pqsig/v2x.h"
#include "pqsig/sha2.h"
#include "scms_inner.h"
#include "v2x/v2x_inner.h"

typedef struct {
	uint8_t *cert;
	size_t cert_len;
	uint32_t i, j;
	uint8_t pk[33], sk[32]; /* butterfly keys (PQC keys live in pqc_pk / pqc_sk) */
} vcert;

struct pqs_scms_vehicle_ {
	pqs_scms_vehicle_cfg cfg;
	size_t n;                 /* certificates asked for */
	const pqs_sig_class *pqc; /* PQC modes */
	pqs_rng *rng;
	/* butterfly secrets: caterpillar private keys and expansion keys */
	uint8_t a[32], k_sign[16], p[32], k_enc[16];
	/* PQC: per-certificate key pairs and (path (b)) response keys, index (i - i_start) * j_count + j */
	uint8_t *pqc_pk, *pqc_sk, *resp_key;
	/* provisioning: ACA certificate (decoded), its hash and HashedId8, ACA encryption key */
	uint8_t *aca_cert;
	size_t aca_len;
	v2x_cert aca_dec;
	uint8_t aca_sha256[32], aca_id[8], aca_enc_pub[33];
	v2x_cert scratch;
	vcert *certs;
	size_t n_ok;
	int requested;
};

static void drop_certs(pqs_scms_vehicle *v)
{
	for (size_t k = 0; v->certs && k < v->n; k++) {
		free(v->certs[k].cert);
		pqs_zeroize(&v->certs[k], sizeof v->certs[k]);
	}
	v->n_ok = 0;
}

void pqs_scms_vehicle_free(pqs_scms_vehicle *v)
{
	if (!v)
		return;
	drop_certs(v);
	free(v->certs);
	if (v->pqc_sk)
		pqs_zeroize(v->pqc_sk, v->n * v->pqc->sk_len);
	if (v->resp_key)
		pqs_zeroize(v->resp_key, v->n * 16);
	free(v->pqc_pk);
	free(v->pqc_sk);
	free(v->resp_key);
	free(v->aca_cert);
	pqs_zeroize(v, sizeof *v);
	free(v);
}

pqs_scms_vehicle *pqs_scms_vehicle_new(const pqs_scms_vehicle_cfg *cfg, const uint8_t *root_cert,
                                       size_t root_len, const uint8_t *aca_cert, size_t aca_len,
                                       const uint8_t aca_enc_pub[33], pqs_rng *rng, int *err)
{
	int dummy, rc = PQS_OK;
	if (!err)
		err = &dummy;
	*err = PQS_ERR_ARG;
	if (!cfg || !root_cert || !aca_cert || cfg->mode > PQS_SCMS_PQC_ENCRYPTED || cfg->cert_type > PQS_SCMS_IMPLICIT)
		return NULL;
	if ((rc = (cfg->i_count && cfg->j_count && (uint64_t)cfg->i_count * cfg->j_count <= PQS_SCMS_MAX_CERTS &&
	           (uint64_t)cfg->i_start + cfg->i_count <= SCMS_WEEKS_MAX)
	              ? PQS_OK
	              : PQS_SCMS_ERR_COUNT) != PQS_OK) {
		*err = rc;
		return NULL;
	}
	pqs_scms_vehicle *v = calloc(1, sizeof *v);
	if (!v) {
		*err = PQS_ERR_NOMEM;
		return NULL;
	}
	v->cfg = *cfg;
	v->cfg.pqc_alg = NULL; /* resolved below; the caller's string need not outlive us */
	v->n = (size_t)cfg->i_count * cfg->j_count;
	v->rng = rng;
	if (cfg->mode >= PQS_SCMS_PQC_PLAIN) {
		const pqs_sig_class *c = cfg->pqc_alg ? pqs_sig_find(cfg->pqc_alg) : NULL;
		v->pqc = c ? pqs_scms_pqc_class(c->id) : NULL;
		if (!v->pqc)
			rc = PQS_ERR_UNKNOWN_ALG;
		if (cfg->mode == PQS_SCMS_PQC_ENCRYPTED && !aca_enc_pub)
			rc = PQS_ERR_ARG;
	}
	if (rc == PQS_OK && !(v->aca_cert = malloc(aca_len)))
		rc = PQS_ERR_NOMEM;
	if (rc == PQS_OK) {
		memcpy(v->aca_cert, aca_cert, aca_len);
		v->aca_len = aca_len;
		rc = pqs_v2x_cert_decode(&v->aca_dec, aca_cert, aca_len);
	}
	/* Provisioning check: the root is self-signed and the ACA certificate verifies under it, so
	 * that every pseudonym certificate later checked against the ACA chains to the trusted root. */
	if (rc == PQS_OK)
		rc = pqs_v2x_cert_decode(&v->scratch, root_cert, root_len);
	if (rc == PQS_OK &&
	    (pqs_v2x_cert_check_sig(&v->scratch, root_cert, root_len, NULL, NULL, 0) != V2X_OK ||
	     pqs_v2x_cert_check_sig(&v->aca_dec, aca_cert, aca_len, &v->scratch, root_cert, root_len) != V2X_OK))
		rc = PQS_SCMS_ERR_CERT_INVALID;
	size_t hl = 0;
	uint8_t h[V2X_MAX_HASH];
	if (rc == PQS_OK)
		rc = pqs_v2x_cert_hashedid8(aca_cert, aca_len, v->aca_id, h, &hl);
	/* ECQV's Hn(CertCA) is SHA-256 on P-256 (1609.2 section 5.3.2), whatever hash names the ACA. */
	if (rc == PQS_OK)
		pqs_sha256(v->aca_sha256, aca_cert, aca_len);
	if (rc == PQS_OK && aca_enc_pub)
		memcpy(v->aca_enc_pub, aca_enc_pub, 33);
	if (rc == PQS_OK && !(v->certs = calloc(v->n, sizeof *v->certs)))
		rc = PQS_ERR_NOMEM;
	if (rc != PQS_OK) {
		pqs_scms_vehicle_free(v);
		*err = rc;
		return NULL;
	}
	*err = PQS_OK;
	return v;
}

static int request_butterfly(pqs_scms_vehicle *v, uint8_t **out, size_t *out_len, size_t *key_bytes)
{
	scms_bfk_req m = { 0 };
	m.unified = v->cfg.mode == PQS_SCMS_BUTTERFLY_UNIFIED;
	m.cert_type = (uint8_t)v->cfg.cert_type;
	memcpy(m.enrollment_id, v->cfg.enrollment_id, 8);
	m.i_start = v->cfg.i_start;
	m.i_count = v->cfg.i_count;
	m.j_count = v->cfg.j_count;
	/* Section 9.3: caterpillar key pair (a, A) and expansion key k for signing; the original
	 * variant adds a second pair (p, P) and key for encryption. */
	int rc = pqs_scms_sc_random(v->a, v->rng);
	if (rc == PQS_OK)
		rc = pqs_scms_pt_base_mul(m.A_sign, v->a);
	if (rc == PQS_OK)
		rc = pqs_rng_fill(v->rng, v->k_sign, 16);
	memcpy(m.k_sign, v->k_sign, 16);
	if (rc == PQS_OK && !m.unified) {
		rc = pqs_scms_sc_random(v->p, v->rng);
		if (rc == PQS_OK)
			rc = pqs_scms_pt_base_mul(m.A_enc, v->p);
		if (rc == PQS_OK)
			rc = pqs_rng_fill(v->rng, v->k_enc, 16);
		memcpy(m.k_enc, v->k_enc, 16);
	}
	if (rc == PQS_OK)
		rc = pqs_scms_bfk_req_encode(&m, out, out_len);
	if (rc == PQS_OK)
		*key_bytes = m.unified ? 33 + 16 : 2 * (33 + 16);
	pqs_zeroize(&m, sizeof m); /* the expansion keys are secrets shared with the RA only */
	return rc;
}

static int request_pqc(pqs_scms_vehicle *v, uint8_t **out, size_t *out_len, size_t *key_bytes)
{
	const pqs_sig_class *c = v->pqc;
	int enc = v->cfg.mode == PQS_SCMS_PQC_ENCRYPTED;
	size_t entry = pqs_scms_pqc_entry_len(enc, c->pk_len);
	uint8_t *entries = malloc(v->n * entry);
	uint8_t *inner = enc ? malloc(entry) : NULL;
	v->pqc_pk = malloc(v->n * c->pk_len);
	v->pqc_sk = malloc(v->n * c->sk_len);
	v->resp_key = enc ? malloc(v->n * 16) : NULL;
	int rc = entries && v->pqc_pk && v->pqc_sk && (!enc || (inner && v->resp_key)) ? PQS_OK : PQS_ERR_NOMEM;
	for (size_t k = 0; k < v->n && rc == PQS_OK; k++) {
		uint8_t *pk = v->pqc_pk + k * c->pk_len;
		rc = pqs_sig_keygen(c, pk, v->pqc_sk + k * c->sk_len, NULL, 0, v->rng);
		if (rc != PQS_OK)
			break;
		if (!enc) {
			memcpy(entries + k * entry, pk, c->pk_len);
			continue;
		}
		/* Path (b): the public key and a fresh response key, readable by the ACA only. */
		scms_pqc_inner in = { .alg_id = c->id, .i = v->cfg.i_start + (uint32_t)(k / v->cfg.j_count), .pk = pk,
		                      .pk_len = c->pk_len };
		rc = pqs_rng_fill(v->rng, v->resp_key + 16 * k, 16);
		memcpy(in.resp_key, v->resp_key + 16 * k, 16);
		size_t inner_len = 0, ct_len = 0;
		if (rc == PQS_OK)
			rc = pqs_scms_pqc_inner_encode(&in, inner, entry, &inner_len);
		if (rc == PQS_OK)
			rc = pqs_ecies_encrypt(entries + k * entry, entry, &ct_len, v->aca_enc_pub, NULL, inner, inner_len,
			                       v->rng);
		if (rc == PQS_OK && ct_len != entry)
			rc = PQS_ERR_INTERNAL;
		pqs_zeroize(&in, sizeof in);
		pqs_zeroize(inner, entry);
	}
	if (rc == PQS_OK) {
		scms_pqc_req m = { .encrypted = (uint8_t)enc, .alg_id = c->id, .i_start = v->cfg.i_start,
		                   .i_count = v->cfg.i_count, .j_count = v->cfg.j_count, .entry_len = entry,
		                   .entries = entries };
		memcpy(m.enrollment_id, v->cfg.enrollment_id, 8);
		rc = pqs_scms_pqc_req_encode(&m, out, out_len);
		*key_bytes = v->n * c->pk_len;
	}
	free(entries);
	free(inner);
	return rc;
}

int pqs_scms_vehicle_request(pqs_scms_vehicle *v, uint8_t **out, size_t *out_len, size_t *key_bytes)
{
	size_t dummy;
	if (!v || !out || !out_len)
		return PQS_ERR_ARG;
	if (!key_bytes)
		key_bytes = &dummy;
	if (v->requested) /* one request per vehicle object: its keys are fixed once sent */
		return PQS_ERR_ARG;
	v->requested = 1;
	return v->cfg.mode >= PQS_SCMS_PQC_PLAIN ? request_pqc(v, out, out_len, key_bytes)
	                                         : request_butterfly(v, out, out_len, key_bytes);
}

/* An explicit certificate: its key must be pk_expect (alg, len) and its signature verify under the ACA. */
static int check_explicit(pqs_scms_vehicle *v, const uint8_t *cert, size_t len, const pqs_sig_class *cls,
                          const uint8_t *pk_expect, size_t pk_len)
{
	v2x_cert *d = &v->scratch;
	int rc = pqs_v2x_cert_decode(d, cert, len);
	if (rc != PQS_OK)
		return rc;
	if (!d->key_alg || pqs_v2x_alg_class(d->key_alg) != cls || d->pk_len != pk_len ||
	    memcmp(d->pk, pk_expect, pk_len))
		return PQS_SCMS_ERR_CERT_MISMATCH;
	if (d->issuer_kind == 0 || memcmp(d->issuer_id, v->aca_id, 8) != 0)
		return PQS_SCMS_ERR_CERT_INVALID;
	rc = pqs_v2x_cert_check_sig(d, cert, len, &v->aca_dec, v->aca_cert, v->aca_len);
	return rc == PQS_OK ? PQS_OK : PQS_SCMS_ERR_CERT_INVALID;
}

/*
 * An implicit certificate (1609.2 section 6.4.2) from the ACA: decoded by
 * the V2X codec into v->scratch, issued by the ACA, its key Q = e*P_U +
 * Q_ACA reconstructed into v->scratch.pk (section 5.3.2), and the ECQV
 * hash e of its ToBeSignedCertificate for the private key.
 */
static int implicit_key(pqs_scms_vehicle *v, const uint8_t *cert, size_t len, uint8_t e[32])
{
	v2x_cert *d = &v->scratch;
	int rc = pqs_v2x_cert_decode(d, cert, len);
	if (rc != PQS_OK)
		return rc;
	if (!d->implicit)
		return PQS_SCMS_ERR_FIELD;
	if (d->issuer_kind != 1 || memcmp(d->issuer_id, v->aca_id, 8) != 0)
		return PQS_SCMS_ERR_CERT_INVALID;
	rc = pqs_v2x_cert_reconstruct_key(d, cert, len, &v->aca_dec, v->aca_sha256);
	if (rc != V2X_OK)
		return PQS_SCMS_ERR_CERT_INVALID; /* an ACA key off P-256, or P_U off the curve */
	return pqs_ecqv_hash(e, cert + d->tbs_off, d->tbs_len, v->aca_sha256);
}

/* One download entry: decrypt, derive, check, keep. */
static int accept_one(pqs_scms_vehicle *v, uint32_t i, uint32_t j, const uint8_t *msg, size_t len, vcert *out)
{
	scms_cert_resp resp;
	scms_content ct;
	int rc = pqs_scms_cert_resp_decode(&resp, msg, len);
	if (rc != PQS_OK)
		return rc;
	size_t k = (size_t)(i - v->cfg.i_start) * v->cfg.j_count + j;
	uint8_t b[32] = { 0 }, dk[32] = { 0 }, *pt = NULL;
	size_t pt_len = 0;
	int butterfly = v->cfg.mode <= PQS_SCMS_BUTTERFLY_UNIFIED;
	uint8_t want_enc = butterfly ? SCMS_RESP_ECIES
	                             : v->cfg.mode == PQS_SCMS_PQC_PLAIN ? SCMS_RESP_PLAIN : SCMS_RESP_AESCCM;
	if (resp.enc != want_enc)
		return PQS_SCMS_ERR_FIELD;
	if (butterfly) {
		/* Cocoon private key b = a + f_k(i, j) (section 9.3); decryption key p + f_k_enc(i, j)
		 * (original) or b itself (unified). */
		rc = pqs_bke_cocoon_private(b, v->a, v->k_sign, i, j, PQS_BKE_SIGN);
		if (rc == PQS_OK && v->cfg.mode == PQS_SCMS_BUTTERFLY_ORIGINAL)
			rc = pqs_bke_cocoon_private(dk, v->p, v->k_enc, i, j, PQS_BKE_ENC);
		else
			memcpy(dk, b, 32);
		if (rc == PQS_OK && resp.body_len < PQS_ECIES_OVERHEAD)
			rc = PQS_SCMS_ERR_TRUNCATED;
		if (rc == PQS_OK && !(pt = malloc(resp.body_len)))
			rc = PQS_ERR_NOMEM;
		if (rc == PQS_OK)
			rc = pqs_ecies_decrypt(pt, resp.body_len, &pt_len, dk, NULL, resp.body, resp.body_len);
	} else if (v->cfg.mode == PQS_SCMS_PQC_ENCRYPTED) {
		if (resp.body_len < PQS_AESCCM_OVERHEAD)
			rc = PQS_SCMS_ERR_TRUNCATED;
		if (rc == PQS_OK && !(pt = malloc(resp.body_len)))
			rc = PQS_ERR_NOMEM;
		if (rc == PQS_OK)
			rc = pqs_aesccm_decrypt(pt, resp.body_len, &pt_len, v->resp_key + 16 * k, resp.body, resp.body_len);
	} else if (!(pt = malloc(resp.body_len))) {
		rc = PQS_ERR_NOMEM;
	} else {
		memcpy(pt, resp.body, resp.body_len);
		pt_len = resp.body_len;
	}
	if (rc == PQS_OK)
		rc = pqs_scms_content_decode(&ct, pt, pt_len);
	if (rc == PQS_OK) {
		uint8_t want_kind = !butterfly ? SCMS_CONTENT_PQC
		                    : v->cfg.cert_type == PQS_SCMS_IMPLICIT ? SCMS_CONTENT_IMPLICIT
		                                                            : SCMS_CONTENT_EXPLICIT;
		if (ct.kind != want_kind)
			rc = PQS_SCMS_ERR_FIELD;
	}
	if (rc == PQS_OK && butterfly && ct.kind == SCMS_CONTENT_EXPLICIT) {
		/* Explicit: d = a + f + c; the certificate must hold d*G and verify under the ACA. */
		rc = pqs_scms_sc_add(out->sk, b, ct.value);
		if (rc == PQS_OK)
			rc = pqs_p256_public(out->pk, out->sk);
		if (rc == PQS_OK)
			rc = check_explicit(v, ct.cert, ct.cert_len, pqs_sig_find("ECDSA-P256"), out->pk, 33);
	} else if (rc == PQS_OK && butterfly) {
		/* Implicit: d = e*(a + f) + r and Q = e*P_U + Q_ACA must agree (SEC 4 section 3.6). */
		uint8_t e[32];
		rc = implicit_key(v, ct.cert, ct.cert_len, e);
		if (rc == PQS_OK)
			rc = pqs_ecqv_private(out->sk, e, b, ct.value);
		if (rc == PQS_OK)
			rc = pqs_p256_public(out->pk, out->sk);
		if (rc == PQS_OK && memcmp(v->scratch.pk, out->pk, 33) != 0)
			rc = PQS_SCMS_ERR_CERT_MISMATCH;
	} else if (rc == PQS_OK) {
		rc = check_explicit(v, ct.cert, ct.cert_len, v->pqc, v->pqc_pk + k * v->pqc->pk_len, v->pqc->pk_len);
	}
	if (rc == PQS_OK) {
		out->cert = malloc(ct.cert_len);
		if (!out->cert) {
			rc = PQS_ERR_NOMEM;
		} else {
			memcpy(out->cert, ct.cert, ct.cert_len);
			out->cert_len = ct.cert_len;
			out->i = i;
			out->j = j;
		}
	}
	if (pt) {
		pqs_zeroize(pt, resp.body_len);
		free(pt);
	}
	pqs_zeroize(b, sizeof b);
	pqs_zeroize(dk, sizeof dk);
	return rc;
}

int pqs_scms_vehicle_accept(pqs_scms_vehicle *v, const uint8_t *download, size_t len)
{
	if (!v || !download)
		return PQS_ERR_ARG;
	/* No request, no keys to match the download against (found by fuzz_scms_decode: NULL key table). */
	if (!v->requested)
		return PQS_SCMS_ERR_UNKNOWN_REQUEST;
	drop_certs(v);
	scms_list l;
	int rc = pqs_scms_list_decode(SCMS_T_DOWNLOAD, &l, download, len);
	if (rc != PQS_OK)
		return rc;
	if (l.count != v->n)
		rc = PQS_SCMS_ERR_COUNT;
	for (uint32_t e = 0; e < l.count && rc == PQS_OK; e++) {
		uint32_t i = l.i[e], j = l.j[e];
		if (i < v->cfg.i_start || i - v->cfg.i_start >= v->cfg.i_count || j >= v->cfg.j_count) {
			rc = PQS_SCMS_ERR_FIELD;
			break;
		}
		vcert *slot = &v->certs[(size_t)(i - v->cfg.i_start) * v->cfg.j_count + j];
		if (slot->cert) {
			rc = PQS_SCMS_ERR_DUPLICATE;
			break;
		}
		rc = accept_one(v, i, j, l.item[e], l.item_len[e], slot);
	}
	pqs_scms_list_free(&l);
	if (rc != PQS_OK) {
		drop_certs(v); /* nothing is accepted from a download with any bad entry */
		return rc;
	}
	v->n_ok = v->n;
	return PQS_OK;
}

const uint8_t *pqs_scms_vehicle_enrollment_id(const pqs_scms_vehicle *v)
{
	return v->cfg.enrollment_id;
}

size_t pqs_scms_vehicle_cert_count(const pqs_scms_vehicle *v)
{
	return v ? v->n_ok : 0;
}

int pqs_scms_vehicle_cert(const pqs_scms_vehicle *v, size_t idx, const uint8_t **cert, size_t *cert_len,
                          uint32_t *i, uint32_t *j, const uint8_t **pk, size_t *pk_len, const uint8_t **sk,
                          size_t *sk_len)
{
	if (!v || idx >= v->n_ok || !cert || !cert_len || !i || !j || !pk || !pk_len || !sk || !sk_len)
		return PQS_ERR_ARG;
	const vcert *c = &v->certs[idx];
	*cert = c->cert;
	*cert_len = c->cert_len;
	*i = c->i;
	*j = c->j;
	if (v->pqc) {
		*pk = v->pqc_pk + idx * v->pqc->pk_len;
		*pk_len = v->pqc->pk_len;
		*sk = v->pqc_sk + idx * v->pqc->sk_len;
		*sk_len = v->pqc->sk_len;
	} else {
		*pk = c->pk;
		*pk_len = 33;
		*sk = c->sk;
		*sk_len = 32;
	}
	return PQS_OK;
}
