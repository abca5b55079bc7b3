/*
 * Signed SPDUs (IEEE 1609.2 section 6.3): Ieee1609Dot2Data carrying
 * SignedData, signing (section 5.3.1 data input) and verification
 * (section 5.2 / 5.1.2: signer resolution, chain validation, permission
 * and region consistency, replay window).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "v2x_inner.h"

/* ---------------- signing ---------------- */

int pqs_v2x_signer_init(v2x_signer *s, const v2x_key *key, const uint8_t *cert, size_t cert_len, v2x_signer_kind kind,
			pqs_rng *rng)
{
	if (!s || !key || !key->alg || !cert || (kind != V2X_SIGNER_CERT && kind != V2X_SIGNER_DIGEST))
		return V2X_ERR_ARG;
	v2x_cert *c = malloc(sizeof *c);
	if (!c)
		return V2X_ERR_NOMEM;
	memset(s, 0, sizeof *s);
	int e = pqs_v2x_cert_decode(c, cert, cert_len);
	/* the certificate must certify this key; an implicit one only names its algorithm here, since
	 * its key is reconstructed from the issuer's (5.3.2) */
	if (!e && (c->key_alg != key->alg ||
		   (!c->implicit && (c->pk_len != key->pk_len || memcmp(c->pk, key->pk, key->pk_len) != 0))))
		e = V2X_ERR_ARG;
	free(c);
	if (e)
		return e;
	s->key = key;
	s->cert = cert;
	s->cert_len = cert_len;
	s->kind = kind;
	s->rng = rng;
	/* section 5.3.1: the signer's certificate is hashed with the signing algorithm's hash */
	e = pqs_v2x_hash(key->alg->hash, cert, cert_len, s->cert_hash);
	if (e)
		return e;
	s->hash_len = pqs_v2x_hash_len(key->alg->hash);
	return pqs_v2x_cert_hashedid8(cert, cert_len, s->cert_id, NULL, NULL);
}

int pqs_v2x_signer_prepare(v2x_signer *s)
{
	if (!s || !s->key || !s->key->alg)
		return V2X_ERR_ARG;
	if (s->prepared_sk)
		return V2X_OK;
	if (s->key->sk_len == 0)
		return V2X_ERR_NO_SECRET_KEY;
	const pqs_sig_class *cls = pqs_v2x_alg_class(s->key->alg);
	if (!cls)
		return V2X_ERR_ALG_UNAVAILABLE;
	size_t n = pqs_sig_prepared_sk_len(cls);
	void *p = pqs_v2x_prepared_alloc(n);
	if (!p)
		return V2X_ERR_NOMEM;
	int e = pqs_sig_prepare_sk(cls, p, s->key->sk);
	if (e) {
		pqs_zeroize(p, n); /* a failed prepare leaves nothing to release, but may leave key bytes */
		free(p);
		return pqs_v2x_from_pqs(e);
	}
	s->prepared_sk = p;
	return V2X_OK;
}

void pqs_v2x_signer_release(v2x_signer *s)
{
	if (!s || !s->prepared_sk)
		return;
	/* the signature core frees what it acquired (ECDSA's OpenSSL key) and wipes the buffer */
	pqs_sig_release_prepared_sk(pqs_v2x_alg_class(s->key->alg), s->prepared_sk);
	free(s->prepared_sk);
	s->prepared_sk = NULL;
}

size_t pqs_v2x_spdu_max_len(const v2x_signer *s, size_t payload_len)
{
	if (!s || !s->key)
		return 0;
	size_t inner = 2 + pqs_coer_length_size(payload_len) + payload_len; /* Ieee1609Dot2Data unsecured */
	size_t tbs = 1 + inner + 1 + pqs_coer_uint_size(UINT32_MAX) + 8;    /* payload, headerInfo */
	size_t signer = s->kind == V2X_SIGNER_DIGEST ? 9 : 1 + 2 + s->cert_len;
	return 3 + tbs + signer + pqs_v2x_sig_size(s->key->alg);
}

int pqs_v2x_spdu_sign(const v2x_signer *s, uint32_t psid, uint64_t generation_time, const uint8_t *payload,
		      size_t payload_len, uint8_t *out, size_t cap, size_t *out_len)
{
	return pqs_v2x_spdu_sign_p2pcd(s, psid, generation_time, NULL, payload, payload_len, out, cap, out_len);
}

int pqs_v2x_spdu_sign_p2pcd(const v2x_signer *s, uint32_t psid, uint64_t generation_time, const v2x_p2pcd_fields *f,
			    const uint8_t *payload, size_t payload_len, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!s || !s->key || !out || !out_len || (!payload && payload_len))
		return V2X_ERR_ARG;
	if (f && (f->n_inline > V2X_P2PCD_MAX_IDS || (f->n_inline && !f->has_inline)))
		return f->n_inline > V2X_P2PCD_MAX_IDS ? V2X_ERR_TOO_LARGE : V2X_ERR_ARG;
	const v2x_alg *alg = s->key->alg;
	coer_wr w;
	pqs_coer_wr_init(&w, out, cap);
	pqs_coer_put_u8(&w, 3);         /* protocolVersion */
	pqs_coer_put_tag(&w, 1);        /* content: signedData */
	pqs_coer_put_u8(&w, alg->hash); /* hashId (HashAlgorithm: sha256 0, sha384 1) */
	size_t tbs_off = w.len;
	pqs_coer_put_u8(&w, 0x40); /* SignedDataPayload preamble: data present */
	pqs_coer_put_u8(&w, 3);    /* data: Ieee1609Dot2Data { 3, unsecuredData } */
	pqs_coer_put_tag(&w, 0);
	pqs_coer_put_length(&w, payload_len);
	pqs_coer_put_bytes(&w, payload, payload_len);
	pqs_v2x_header_put(&w, psid, generation_time, f);
	size_t tbs_len = w.len - tbs_off;
	if (s->kind == V2X_SIGNER_DIGEST) {
		pqs_coer_put_tag(&w, 0);
		pqs_coer_put_bytes(&w, s->cert_id, 8);
	} else {
		pqs_coer_put_tag(&w, 1);
		pqs_coer_put_quantity(&w, 1);
		pqs_coer_put_bytes(&w, s->cert, s->cert_len);
	}
	int e = pqs_coer_wr_result(&w);
	if (e)
		return e;
	uint8_t di[V2X_MAX_HASH], sig[V2X_MAX_SIG];
	size_t sig_len = 0;
	e = pqs_v2x_data_input(alg->hash, out + tbs_off, tbs_len, s->cert_hash, di);
	if (!e)
		e = pqs_v2x_alg_sign_key(s->key, s->prepared_sk, di, pqs_v2x_hash_len(alg->hash), sig, &sig_len,
					 s->rng);
	if (!e && !pqs_v2x_alg_sig_len_ok(alg, sig_len))
		e = V2X_ERR_CRYPTO;
	pqs_zeroize(di, sizeof di);
	if (e)
		return e;
	pqs_v2x_sig_put(&w, alg, sig, sig_len);
	if ((e = pqs_coer_wr_result(&w)) != 0)
		return e;
	*out_len = w.len;
	return V2X_OK;
}

/* ---------------- decoding ---------------- */

typedef struct {
	unsigned hash_id;
	size_t tbs_off, tbs_len;
	const uint8_t *payload;
	size_t payload_len;
	int has_payload;
	uint32_t psid;
	int has_gen, has_expiry;
	uint64_t gen, expiry;
	int signer; /* v2x_signer_kind, or -1 for self / an unknown alternative */
	uint8_t digest[8];
	size_t n_certs;
	const uint8_t *certs[V2X_MAX_CHAIN];
	size_t cert_lens[V2X_MAX_CHAIN];
	unsigned cert0_hash; /* hash of the first certificate's issuer: its HashedId8 needs no second decode */
	const v2x_alg *sig_alg;
	size_t sig_len;
	v2x_cert *cert0_dec; /* where the signer certificate is decoded (NULL: scratch) */
	const v2x_cache_entry *hit0; /* the cache entry whose certificate is the attached signer's */
	v2x_p2pcd_fields p2pcd;      /* clause-8 HeaderInfo fields */
	/* Buffers last: a new SPDU resets only the fields above (spdu_view_reset), since these
	 * are written before they are read and are large (V2X_MAX_SIG, a whole certificate). */
	uint8_t sig[V2X_MAX_SIG]; /* its first sig_len bytes */
	v2x_cert scratch;         /* the last certificate read */
} spdu_view;

/* Forget the previous SPDU: every field but the buffers, whose valid parts are set before use
 * (zeroing their 100 kB cost a warm FN-DSA-512 SPDU about 4 % of its time). */
static void spdu_view_reset(spdu_view *sv)
{
	memset(sv, 0, offsetof(spdu_view, sig));
}

/* HashedData (6.3.7): sha256HashedData OCTET STRING (SIZE(32)), extensions. */
static int skip_hashed_data(coer_rd *r)
{
	unsigned t;
	const uint8_t *p;
	int e = pqs_coer_get_tag(r, &t);
	if (e)
		return e;
	if (t == 0)
		return pqs_coer_get_bytes(r, 32, &p);
	coer_rd sub;
	return pqs_coer_get_open(r, &sub);
}

static int header_read(coer_rd *r, spdu_view *sv)
{
	unsigned pre;
	const uint8_t *p;
	uint64_t psid;
	int e = pqs_coer_get_preamble(r, 7, &pre);
	if (e || (e = pqs_coer_get_uint(r, &psid, 4)) != 0)
		return e;
	sv->psid = (uint32_t)psid;
	if ((pre & 0x20) && (e = pqs_coer_get_u64(r, &sv->gen)) != 0)
		return e;
	sv->has_gen = (pre & 0x20) != 0;
	if ((pre & 0x10) && (e = pqs_coer_get_u64(r, &sv->expiry)) != 0)
		return e;
	sv->has_expiry = (pre & 0x10) != 0;
	if ((pre & 0x08) && (e = pqs_coer_get_bytes(r, 10, &p)) != 0) /* ThreeDLocation: 4 + 4 + 2 */
		return e;
	if (pre & 0x04) { /* p2pcdLearningRequest HashedId3 */
		if ((e = pqs_coer_get_bytes(r, 3, &p)) != 0)
			return e;
		memcpy(sv->p2pcd.learning, p, 3);
		sv->p2pcd.has_learning = 1;
	}
	if (pre & 0x02) { /* MissingCrlIdentifier: extensible SEQUENCE { HashedId3, CrlSeries } */
		unsigned mp;
		if ((e = pqs_coer_get_preamble(r, 1, &mp)) != 0 || (e = pqs_coer_get_bytes(r, 5, &p)) != 0)
			return e;
		if (mp && (e = pqs_coer_skip_extensions(r)) != 0)
			return e;
	}
	if (pre & 0x01)
		return V2X_ERR_UNSUPPORTED; /* encryptionKey: encryption is outside this stack */
	if (pre & 0x40) /* extension additions: inlineP2pcdRequest, requestedCertificate, others skipped */
		return pqs_v2x_header_ext_read(r, &sv->p2pcd, &sv->scratch);
	return V2X_OK;
}

/*
 * Parse an SPDU; cert0_dec (may be NULL) receives the decoded signer
 * certificate, so that verification need not decode it a second time.
 * With a cache, an attached signer certificate whose bytes are those of a
 * cached (hence once decoded and validated) certificate is not decoded
 * again: COER is self-delimiting, so the decoder would read exactly those
 * bytes as that certificate.  sv->hit0 names the entry.  Not when issuer
 * certificates are attached too: a cache hit would skip their validation,
 * so the verdict on their bytes would depend on the cache (issue 10).
 */
static int spdu_read(spdu_view *sv, const uint8_t *in, size_t len, v2x_cert *cert0_dec, const v2x_cache *cache)
{
	coer_rd r;
	unsigned t, pre;
	uint8_t ver;
	unsigned long hid;
	const uint8_t *p;
	int e;
	spdu_view_reset(sv);
	sv->cert0_dec = cert0_dec;
	pqs_coer_rd_init(&r, in, len);
	if ((e = pqs_coer_get_u8(&r, &ver)) != 0)
		return e;
	if (ver != 3)
		return V2X_ERR_CONSTRAINT; /* protocolVersion Uint8(3) */
	if ((e = pqs_coer_get_tag(&r, &t)) != 0)
		return e;
	if (t != 1) {
		/* unsecured, encrypted, certificate requests and unknown extensions: not signed data */
		if (t > 3) {
			coer_rd sub;
			if ((e = pqs_coer_get_open(&r, &sub)) != 0)
				return e;
		}
		return V2X_ERR_UNSUPPORTED;
	}
	if ((e = pqs_coer_get_enum(&r, &hid)) != 0)
		return e;
	if (hid > V2X_HASH_SHA384)
		return V2X_ERR_UNSUPPORTED; /* sm3 or an unknown extension value */
	sv->hash_id = (unsigned)hid;
	sv->tbs_off = r.pos;
	/* SignedDataPayload: extension bit, data, extDataHash */
	if ((e = pqs_coer_get_preamble(&r, 3, &pre)) != 0)
		return e;
	if (!(pre & 7))
		return V2X_ERR_PREAMBLE; /* one of data, extDataHash, omitted must be present */
	if (pre & 2) {
		uint8_t iv;
		if ((e = pqs_coer_get_u8(&r, &iv)) != 0)
			return e;
		if (iv != 3)
			return V2X_ERR_CONSTRAINT;
		if ((e = pqs_coer_get_tag(&r, &t)) != 0)
			return e;
		if (t != 0)
			return V2X_ERR_UNSUPPORTED; /* nested signed or encrypted data */
		if ((e = pqs_coer_get_length(&r, &sv->payload_len)) != 0 ||
		    (e = pqs_coer_get_bytes(&r, sv->payload_len, &sv->payload)) != 0)
			return e;
		sv->has_payload = 1;
	}
	if ((pre & 1) && (e = skip_hashed_data(&r)) != 0)
		return e;
	if ((pre & 4) && (e = pqs_coer_skip_extensions(&r)) != 0)
		return e;
	if ((e = header_read(&r, sv)) != 0)
		return e;
	sv->tbs_len = r.pos - sv->tbs_off;
	/* SignerIdentifier */
	if ((e = pqs_coer_get_tag(&r, &t)) != 0)
		return e;
	if (t == 0) {
		sv->signer = V2X_SIGNER_DIGEST;
		if ((e = pqs_coer_get_bytes(&r, 8, &p)) != 0)
			return e;
		memcpy(sv->digest, p, 8);
	} else if (t == 1) {
		size_t q;
		sv->signer = V2X_SIGNER_CERT;
		if ((e = pqs_coer_get_quantity(&r, &q)) != 0)
			return e;
		if (q == 0)
			return V2X_ERR_CONSTRAINT;
		if (q > V2X_MAX_CHAIN)
			return V2X_ERR_TOO_LARGE;
		for (size_t i = 0; i < q; i++) {
			size_t start = r.pos;
			v2x_cert *dst = i == 0 && sv->cert0_dec ? sv->cert0_dec : &sv->scratch;
			/* only a lone signer certificate may be taken from the cache: attached issuers
			 * must be validated whatever the cache holds (the same verdict, warm or cold) */
			const v2x_cache_entry *m =
				i == 0 && q == 1 ? pqs_v2x_cache_match(cache, in + start, len - start) : NULL;
			const v2x_cert *got = dst;
			if (m) {
				sv->hit0 = m;
				got = &m->cert;
				if ((e = pqs_coer_get_bytes(&r, m->der_len, &p)) != 0)
					return e;
			} else if ((e = pqs_v2x_cert_read(&r, dst)) != 0) {
				return e;
			}
			sv->certs[i] = in + start;
			sv->cert_lens[i] = r.pos - start;
			if (i == 0)
				sv->cert0_hash = got->sig_alg ? got->sig_alg->hash : V2X_HASH_SHA256;
		}
		sv->n_certs = q;
	} else {
		sv->signer = -1; /* self (no key to verify with) or an unknown extension */
		if (t > 2) {
			coer_rd sub;
			if ((e = pqs_coer_get_open(&r, &sub)) != 0)
				return e;
		}
	}
	if ((e = pqs_v2x_sig_get(&r, &sv->sig_alg, sv->sig, &sv->sig_len)) != 0)
		return e;
	return pqs_coer_end(&r);
}

static void fill_info(const spdu_view *sv, v2x_spdu_info *info)
{
	memset(info, 0, sizeof *info);
	info->psid = sv->psid;
	info->generation_time = sv->gen;
	info->payload = sv->payload;
	info->payload_len = sv->payload_len;
	info->signer_kind = sv->signer == V2X_SIGNER_DIGEST ? V2X_SIGNER_DIGEST : V2X_SIGNER_CERT;
	memcpy(info->signer_id, sv->digest, 8);
	info->alg = sv->sig_alg;
	info->p2pcd = sv->p2pcd;
}

int pqs_v2x_spdu_decode(const uint8_t *spdu, size_t len, v2x_spdu_info *info)
{
	if (!spdu)
		return V2X_ERR_ARG;
	spdu_view *sv = malloc(sizeof *sv);
	if (!sv)
		return V2X_ERR_NOMEM;
	int e = spdu_read(sv, spdu, len, NULL, NULL);
	if (!e && sv->signer == V2X_SIGNER_CERT)
		e = pqs_v2x_hashedid8_raw(sv->cert0_hash, sv->certs[0], sv->cert_lens[0], sv->digest, NULL);
	if (!e && info)
		fill_info(sv, info);
	free(sv);
	return e;
}

/* ---------------- verification ---------------- */

/*
 * What verifying one SPDU works in: the parsed SPDU, the signer's cache
 * entry under construction and two decoding slots for issuer certificates
 * attached to it (about 100 kB together, too large for the stack of a
 * small thread).  A verifier that keeps one (v2x_verify_ctx.scratch)
 * allocates nothing per message; without, each message allocates one.
 */
struct v2x_verify_scratch_ {
	spdu_view sv;
	v2x_cache_entry ce;
	v2x_cert slots[2];
};

v2x_verify_scratch *pqs_v2x_verify_scratch_new(void)
{
	return malloc(sizeof(v2x_verify_scratch));
}

void pqs_v2x_verify_scratch_free(v2x_verify_scratch *ws)
{
	free(ws);
}

size_t pqs_v2x_verify_scratch_size(void)
{
	return sizeof(v2x_verify_scratch);
}

void pqs_v2x_verify_ctx_init(v2x_verify_ctx *v, v2x_store *store, v2x_cache *cache, uint64_t now)
{
	memset(v, 0, sizeof *v);
	v->store = store;
	v->cache = cache;
	v->now = now;
	v->max_age = 30u * 1000000u; /* 30 s: far beyond a BSM's 100 ms period, short enough for replay */
	v->max_future = 30u * 1000000u;
}

static int psid_in(uint32_t psid, const uint32_t *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == psid)
			return 1;
	return 0;
}

static int region_within(const uint16_t *inner, size_t ni, const uint16_t *outer, size_t no)
{
	for (size_t i = 0; i < ni; i++) {
		int found = 0;
		for (size_t j = 0; j < no; j++)
			found |= inner[i] == outer[j];
		if (!found)
			return 0;
	}
	return 1;
}

/* 5.1.2.4 consistency: what cur asks for must be within what iss may grant. */
static int permissions_ok(const v2x_cert *cur, const v2x_cert *iss)
{
	if (!iss->has_issue)
		return 0;
	if (cur->has_app) {
		if (!iss->issue_app_ee)
			return 0;
		if (!iss->issue_all)
			for (size_t i = 0; i < cur->n_app; i++)
				if (!psid_in(cur->app_psids[i], iss->issue_psids, iss->n_issue))
					return 0;
	}
	if (cur->has_issue && !iss->issue_all) {
		if (cur->issue_all)
			return 0;
		for (size_t i = 0; i < cur->n_issue; i++)
			if (!psid_in(cur->issue_psids[i], iss->issue_psids, iss->n_issue))
				return 0;
	}
	return 1;
}

/*
 * The k-th candidate (k = 0, 1, ...) for the certificate with HashedId8
 * id: the certificates attached after the signer's with that HashedId8,
 * then the store's (*en: the store entry, NULL for an attached one).
 * HashedId8 values can collide, so there may be several.
 */
static int issuer_candidate(const v2x_verify_ctx *v, const spdu_view *sv, const uint8_t id[8], size_t k,
                            const uint8_t **der, size_t *len, const v2x_store_entry **en)
{
	*en = NULL;
	for (size_t i = 1; sv && i < sv->n_certs; i++) {
		uint8_t cid[8];
		if (pqs_v2x_cert_hashedid8(sv->certs[i], sv->cert_lens[i], cid, NULL, NULL) == V2X_OK &&
		    memcmp(cid, id, 8) == 0 && k-- == 0) {
			*der = sv->certs[i];
			*len = sv->cert_lens[i];
			return V2X_OK;
		}
	}
	const v2x_store_entry *se = NULL;
	while ((se = pqs_v2x_store_next(v->store, id, se)) != NULL)
		if (k-- == 0) {
			*der = se->der;
			*len = se->len;
			*en = se;
			return V2X_OK;
		}
	return V2X_ERR_ISSUER_UNKNOWN;
}

/* Decode a candidate issuer (a store entry comes decoded) into slot. */
static int issuer_decoded(const v2x_store_entry *en, const uint8_t *der, size_t len, v2x_cert *slot,
                          const v2x_cert **out)
{
	if (en && en->cert) {
		*out = en->cert;
		return V2X_OK;
	}
	*out = slot;
	return pqs_v2x_cert_decode(slot, der, len);
}

/*
 * Which candidate issues cur when several share its issuer's HashedId8:
 * the one under which cur's signature verifies.  The 5.3.1 data input
 * hashes the whole issuer certificate, so at most one can (short of a
 * SHA-2 collision).  With none verifying, the first is taken and fails
 * the checks that follow.  Called only for a HashedId8 collision.
 */
static size_t pick_issuer(v2x_verify_ctx *v, const spdu_view *sv, const v2x_cert *cur, const uint8_t *cur_der,
                          size_t cur_len, v2x_cert *slot)
{
	const uint8_t *d;
	size_t l;
	const v2x_store_entry *en;
	for (size_t k = 0; issuer_candidate(v, sv, cur->issuer_id, k, &d, &l, &en) == V2X_OK; k++) {
		const v2x_cert *cand;
		if (issuer_decoded(en, d, l, slot, &cand) != V2X_OK)
			continue;
		v->sig_checks++;
		if (pqs_v2x_cert_check_sig_h(cur, cur_der, cur_len, cand, d, l, en ? en->hash : NULL,
					     en ? en->hash_len : 0) == V2X_OK)
			return k;
	}
	return 0;
}

/*
 * The key of the implicit signer certificate c (der, len bytes) from its
 * issuer (ECQV, 5.3.2), which hashes the issuer certificate with SHA-256:
 * the store's precomputed hash serves when it is that one.  c NULL: an
 * implicit certificate above the signer, whose key would need its own
 * issuer first (not supported).
 */
static int implicit_key(v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *iss, const uint8_t *iss_der,
			size_t iss_len, const v2x_store_entry *iss_en)
{
	uint8_t h[32];
	if (!c)
		return V2X_ERR_UNSUPPORTED;
	if (iss_en && iss_en->hash_len == sizeof h)
		memcpy(h, iss_en->hash, sizeof h);
	else if (pqs_v2x_hash(V2X_HASH_SHA256, iss_der, iss_len, h) != V2X_OK)
		return V2X_ERR_CRYPTO;
	return pqs_v2x_cert_reconstruct_key(c, der, len, iss, h);
}

/*
 * Validate the chain from the signer certificate (der) up to a trust
 * anchor (5.1.2): at each step the validity period against generationTime,
 * the issuer digest, the issuer's permissions, chain length and region,
 * and the issuer's signature.  Fills ce (the signer's decoded certificate,
 * the chain's validity intersection and the anchor) for the cache.
 *
 * der_en is the store entry holding der (a digest signer), or NULL;
 * decoded: ce->cert already holds der decoded (the attached signer
 * certificate, decoded while parsing the SPDU).
 * Certificates taken from the store are not decoded or hashed again: the
 * store decoded them and computed their HashedId8 and hash when they were
 * added (and checked an anchor's self-signature then), and its entries are
 * immutable.  The anchor is the store entry with exactly the chain's last
 * certificate's bytes.
 */
static int validate_chain(v2x_verify_ctx *v, const spdu_view *sv, const uint8_t *der, size_t len,
			  const v2x_store_entry *der_en, int decoded, uint64_t gen_s, v2x_cache_entry *ce,
			  v2x_cert buf[2], size_t *chain_len)
{
	const v2x_cert *cur = &ce->cert; /* the signer's certificate stays in ce */
	v2x_cert *spare = &buf[0];       /* where the next attached issuer is decoded (buf: two slots) */
	const v2x_store_entry *cur_en = der_en;
	const uint8_t *cur_der = der;
	size_t cur_len = len;
	uint16_t region[V2X_MAX_REGIONS];
	size_t n_region = 0;
	/* pqs_v2x_cert_decode's size bound applies to an attached certificate too */
	int e = !decoded ? pqs_v2x_cert_decode(&ce->cert, der, len) : len > V2X_MAX_CERT ? V2X_ERR_TOO_LARGE : V2X_OK;
	ce->not_before = 0;
	ce->not_after = UINT64_MAX;
	size_t depth = 0;
	while (!e) {
		if (++depth > V2X_MAX_CHAIN) {
			e = V2X_ERR_CHAIN_TOO_LONG;
			break;
		}
		if (gen_s < cur->start) {
			e = V2X_ERR_CERT_NOT_YET_VALID;
			break;
		}
		if (gen_s >= cur->end) {
			e = V2X_ERR_CERT_EXPIRED;
			break;
		}
		if (cur->start > ce->not_before)
			ce->not_before = cur->start;
		if (cur->end < ce->not_after)
			ce->not_after = cur->end;
		if (cur->n_regions) {
			memcpy(region, cur->regions, cur->n_regions * sizeof region[0]);
			n_region = cur->n_regions;
		}
		if (cur->issuer_kind == 0) {
			/* a self-signed certificate ends the chain: it must be an anchor,
			 * byte for byte (anchors were verified when added) */
			const v2x_store_entry *en = cur_en;
			if (!en) {
				uint8_t id[8];
				if ((e = pqs_v2x_cert_hashedid8(cur_der, cur_len, id, NULL, NULL)) != 0)
					break;
				en = pqs_v2x_store_lookup_der(v->store, id, cur_der, cur_len);
			}
			if (!en || !en->trusted) {
				e = V2X_ERR_UNTRUSTED_ROOT;
				break;
			}
			memcpy(ce->anchor_id, en->id, 8);
			memcpy(ce->anchor_hash, en->hash, en->hash_len);
			ce->anchor_hash_len = en->hash_len;
			break;
		}
		const uint8_t *iss_der;
		size_t iss_len;
		const v2x_store_entry *iss_en;
		const v2x_cert *iss;
		size_t k = 0;
		if (issuer_candidate(v, sv, cur->issuer_id, 1, &iss_der, &iss_len, &iss_en) == V2X_OK)
			k = pick_issuer(v, sv, cur, cur_der, cur_len, spare); /* a HashedId8 collision */
		if ((e = issuer_candidate(v, sv, cur->issuer_id, k, &iss_der, &iss_len, &iss_en)) != 0)
			break;
		if ((e = issuer_decoded(iss_en, iss_der, iss_len, spare, &iss)) != 0)
			break;
		if (!permissions_ok(cur, iss)) {
			e = V2X_ERR_ISSUER_PERMISSIONS;
			break;
		}
		/* 6.4.28: the issuer allows chains of minChainLength ..
		 * minChainLength + chainLengthRange certificates below it */
		if (depth < iss->min_chain_length ||
		    (iss->chain_length_range != 255 && depth > (size_t)iss->min_chain_length + iss->chain_length_range)) {
			e = V2X_ERR_CHAIN_LENGTH;
			break;
		}
		/* 5.1.2.4: identified regions nest (a certificate without a region inherits);
		 * other region forms cannot be compared here */
		if (cur->region_unsupported || iss->region_unsupported) {
			e = V2X_ERR_UNSUPPORTED;
			break;
		}
		if (iss->n_regions && n_region && !region_within(region, n_region, iss->regions, iss->n_regions)) {
			e = V2X_ERR_REGION;
			break;
		}
		if (cur->implicit) {
			/* no signature to check: the key is reconstructed (5.3.2) and kept in ce, so a
			 * cache hit reuses it; a wrong key only fails the SPDU's signature */
			if ((e = implicit_key(cur == &ce->cert ? &ce->cert : NULL, cur_der, cur_len, iss, iss_der,
					      iss_len, iss_en)) != 0)
				break;
		} else {
			v->sig_checks++;
			/* 5.3.1: H(issuer certificate) under the signing hash; the store's
			 * precomputed hash serves when it is that hash */
			if ((e = pqs_v2x_cert_check_sig_h(cur, cur_der, cur_len, iss, iss_der, iss_len,
							  iss_en ? iss_en->hash : NULL,
							  iss_en ? iss_en->hash_len : 0)) != 0)
				break;
		}
		/* move up: the issuer becomes the current certificate */
		cur = iss;
		cur_en = iss_en;
		if (iss == spare)
			spare = spare == &buf[0] ? &buf[1] : &buf[0];
		cur_der = iss_der;
		cur_len = iss_len;
	}
	*chain_len = depth;
	return e;
}

/* The anchor a cache entry's chain ended in is still a trust anchor of the store, byte for byte. */
static int anchor_still_trusted(const v2x_store *store, const v2x_cache_entry *hit)
{
	const v2x_store_entry *en = NULL;
	while ((en = pqs_v2x_store_next(store, hit->anchor_id, en)) != NULL)
		if (en->trusted && en->hash_len == hit->anchor_hash_len && memcmp(en->hash, hit->anchor_hash, en->hash_len) == 0)
			return 1;
	return 0;
}

/* A verified certificate (cache hit): re-check only what depends on this SPDU's time and the store. */
static int hit_usable(const v2x_verify_ctx *v, const v2x_cache_entry *hit, uint64_t gen_s)
{
	if (!anchor_still_trusted(v->store, hit))
		return V2X_ERR_UNTRUSTED_ROOT;
	if (gen_s < hit->not_before)
		return V2X_ERR_CERT_NOT_YET_VALID;
	if (gen_s >= hit->not_after)
		return V2X_ERR_CERT_EXPIRED;
	return V2X_OK;
}

/*
 * A signer certificate not verified before (attached, or a digest
 * signer's store entry en): validate its chain, then cache it in ce.
 * cert_h (cert_h_len bytes, 0: none) is H(der) if already computed.
 */
static int signer_validate(v2x_verify_ctx *v, const spdu_view *sv, const uint8_t *der, size_t dlen,
			   const v2x_store_entry *en, uint64_t gen_s, const uint8_t *cert_h, size_t cert_h_len,
			   v2x_verify_scratch *ws, size_t *chain_len)
{
	v2x_cache_entry *ce = &ws->ce;
	ce->prepared = NULL; /* only the cache's own entries hold a prepared key */
	if (v->cache)
		v->cache_misses++;
	int e = validate_chain(v, sv, der, dlen, en, !en, gen_s, ce, ws->slots, chain_len);
	if (e)
		return e;
	memcpy(ce->id, sv->digest, 8);
	unsigned kh = ce->cert.key_alg ? ce->cert.key_alg->hash : V2X_HASH_SHA256;
	ce->hash_len = pqs_v2x_hash_len(kh);
	if (cert_h_len == ce->hash_len)
		memcpy(ce->hash, cert_h, cert_h_len); /* the HashedId8 hash is the signing hash */
	else if ((e = pqs_v2x_hash(kh, der, dlen, ce->hash)) != 0)
		return e;
	ce->der = der;
	ce->der_len = dlen;
	/* a failed insertion only costs the next SPDU a chain validation */
	(void)pqs_v2x_cache_put(v->cache, ce);
	return V2X_OK;
}

/* The SPDU's own checks with its signer's verified certificate: PSID permission, algorithm, signature. */
static int spdu_check(v2x_verify_ctx *v, const spdu_view *sv, const uint8_t *spdu, const v2x_cache_entry *use)
{
	const v2x_cert *sc = &use->cert;
	if (!sc->has_app || !psid_in(sv->psid, sc->app_psids, sc->n_app))
		return V2X_ERR_PSID_NOT_PERMITTED;
	if (!sc->key_alg || !sc->pk_len)
		return V2X_ERR_UNSUPPORTED; /* an unknown key alternative, or an implicit key not reconstructed */
	if (sv->sig_alg != sc->key_alg || sv->hash_id != sc->key_alg->hash)
		return V2X_ERR_ALG_MISMATCH;
	uint8_t di[V2X_MAX_HASH];
	int e = pqs_v2x_data_input(sv->hash_id, spdu + sv->tbs_off, sv->tbs_len, use->hash, di);
	if (e)
		return e;
	/* a duplicate costs no signature check; only verified SPDUs are recorded, so forgeries
	 * cannot fill the detector */
	if (pqs_v2x_replay_seen(v->replay, use->hash, di)) {
		v->duplicates++;
		return V2X_ERR_DUPLICATE;
	}
	v->sig_checks++;
	/* a cache entry's key is prepared: no key decoding on a warm SPDU */
	e = pqs_v2x_alg_verify_key(sc->key_alg, sc->pk, use->prepared, di, pqs_v2x_hash_len(sv->hash_id), sv->sig,
				   sv->sig_len);
	if (!e)
		pqs_v2x_replay_record(v->replay, use->hash, di);
	return e == V2X_ERR_SIG_ENCODING ? V2X_ERR_SIG_INVALID : e; /* a signature the scheme cannot parse does not verify */
}

/* An attached signer certificate: a cache entry with its exact bytes, else a full validation. */
static int verify_attached(v2x_verify_ctx *v, spdu_view *sv, const uint8_t *spdu, uint64_t gen_s,
			   v2x_verify_scratch *ws, size_t *chain_len)
{
	const v2x_cache_entry *hit = sv->hit0; /* matched by its bytes while parsing */
	if (hit) {
		v->cache_hits++;
		pqs_v2x_cache_touch(v->cache, hit);
		memcpy(sv->digest, hit->id, 8);
		int e = hit_usable(v, hit, gen_s);
		return e ? e : spdu_check(v, sv, spdu, hit);
	}
	/* hashed once: the digest gives its HashedId8 (6.4.3, the issuer's hash) and, when the
	 * signing hash is the same, H(signer certificate) of 5.3.1 */
	uint8_t cert_h[V2X_MAX_HASH];
	int e = pqs_v2x_hashedid8_raw(sv->cert0_hash, sv->certs[0], sv->cert_lens[0], sv->digest, cert_h);
	if (!e)
		e = signer_validate(v, sv, sv->certs[0], sv->cert_lens[0], NULL, gen_s, cert_h,
				    pqs_v2x_hash_len(sv->cert0_hash), ws, chain_len);
	return e ? e : spdu_check(v, sv, spdu, &ws->ce);
}

/*
 * A digest signer: every known certificate with that HashedId8 is a
 * candidate, the cache's (verified before) then the store's other ones;
 * the SPDU verifies if it verifies under one of them (its data input
 * hashes the whole signer certificate, so at most one can).  Without a
 * HashedId8 collision there is one candidate.  The first candidate's
 * error is reported.
 */
static int verify_digest(v2x_verify_ctx *v, spdu_view *sv, const uint8_t *spdu, uint64_t gen_s, v2x_verify_scratch *ws,
			 size_t *chain_len)
{
	int first = V2X_ERR_SIGNER_UNKNOWN, tried = 0;
	const v2x_cache_entry *hit = NULL;
	while ((hit = pqs_v2x_cache_next(v->cache, sv->digest, hit)) != NULL) {
		v->cache_hits++;
		int e = hit_usable(v, hit, gen_s);
		if (!e)
			e = spdu_check(v, sv, spdu, hit);
		if (!e) {
			pqs_v2x_cache_touch(v->cache, hit);
			*chain_len = 0;
			return V2X_OK;
		}
		if (!tried++)
			first = e;
	}
	const v2x_store_entry *en = NULL;
	while ((en = pqs_v2x_store_next(v->store, sv->digest, en)) != NULL) {
		int cached = 0;
		for (hit = NULL; !cached && (hit = pqs_v2x_cache_next(v->cache, sv->digest, hit)) != NULL;)
			cached = hit->der_len == en->len && memcmp(hit->der, en->der, en->len) == 0;
		if (cached)
			continue; /* tried above */
		int e = signer_validate(v, sv, en->der, en->len, en, gen_s, en->hash, en->hash_len, ws, chain_len);
		if (!e)
			e = spdu_check(v, sv, spdu, &ws->ce);
		if (!e)
			return V2X_OK;
		if (!tried++)
			first = e;
	}
	*chain_len = 0;
	return first;
}

int pqs_v2x_spdu_verify(v2x_verify_ctx *v, const uint8_t *spdu, size_t len, v2x_spdu_info *info)
{
	if (!v || !v->store || !spdu)
		return V2X_ERR_ARG;
	/* the caller's scratch, or one for this message */
	v2x_verify_scratch *own = v->scratch ? NULL : malloc(sizeof *own);
	v2x_verify_scratch *ws = v->scratch ? v->scratch : own;
	if (!ws)
		return V2X_ERR_NOMEM;
	spdu_view *sv = &ws->sv;
	int e = spdu_read(sv, spdu, len, &ws->ce.cert, v->cache);
	if (e)
		goto done;
	if (!sv->has_payload || sv->signer < 0 || !sv->sig_alg) {
		e = V2X_ERR_UNSUPPORTED;
		goto done;
	}
	/* replay and freshness (5.2.4.3.3, 5.2.4.3.4) before any cryptography */
	if (!sv->has_gen) {
		e = V2X_ERR_NO_GENERATION_TIME;
		goto done;
	}
	if (v->now) {
		if (sv->gen + v->max_age < v->now || (sv->has_expiry && sv->expiry < v->now)) {
			e = V2X_ERR_TOO_OLD;
			goto done;
		}
		if (sv->gen > v->now + v->max_future) {
			e = V2X_ERR_FROM_FUTURE;
			goto done;
		}
	}
	if (v->has_expected_psid && sv->psid != v->expected_psid) {
		e = V2X_ERR_PSID_MISMATCH;
		goto done;
	}
	uint64_t gen_s = sv->gen / 1000000u;
	size_t chain_len = 0;
	e = sv->signer == V2X_SIGNER_CERT ? verify_attached(v, sv, spdu, gen_s, ws, &chain_len)
					  : verify_digest(v, sv, spdu, gen_s, ws, &chain_len);
	if (!e && info) {
		fill_info(sv, info);
		info->chain_len = chain_len;
	}
done:
	free(own);
	return e;
}

int pqs_v2x_cert_validate(v2x_verify_ctx *v, const uint8_t *der, size_t len, uint32_t time32, int *is_ca)
{
	if (!v || !v->store || !der)
		return V2X_ERR_ARG;
	/* the caller's scratch, or one for this certificate; no SPDU: no attached issuers */
	v2x_verify_scratch *own = v->scratch ? NULL : malloc(sizeof *own);
	v2x_verify_scratch *ws = v->scratch ? v->scratch : own;
	if (!ws)
		return V2X_ERR_NOMEM;
	spdu_view *sv = &ws->sv;
	spdu_view_reset(sv);
	v2x_cache_entry *ce = &ws->ce;
	uint8_t h[V2X_MAX_HASH];
	size_t hl = 0, chain_len = 0;
	int e = pqs_v2x_cert_decode(&ce->cert, der, len);
	if (!e)
		e = pqs_v2x_cert_hashedid8(der, len, sv->digest, h, &hl);
	int ca = !e && ce->cert.has_issue;
	if (!e && ca) {
		/* a CA certificate becomes an issuer the store can resolve, once its own chain holds */
		e = validate_chain(v, sv, der, len, NULL, 1, time32, ce, ws->slots, &chain_len);
		if (!e)
			e = pqs_v2x_store_add_cert(v->store, der, len);
	} else if (!e && !ce->cert.has_app) {
		e = V2X_ERR_PSID_NOT_PERMITTED; /* neither a CA nor an end entity with permissions */
	} else if (!e) {
		e = signer_validate(v, sv, der, len, NULL, time32, h, hl, ws, &chain_len);
	}
	if (!e && is_ca)
		*is_ca = ca;
	free(own);
	return e;
}
