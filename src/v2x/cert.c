/*
 * IEEE 1609.2 certificates (section 6.4), explicit and implicit: COER
 * encoding when issuing, strict decoding, HashedId8 (section 6.4.3), the
 * issuer signature (section 5.3.1) and the ECQV key reconstruction of an
 * implicit certificate (section 5.3.2).
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/scms.h"
#include "v2x_inner.h"

void pqs_v2x_cert_params_default(v2x_cert_params *p, v2x_cert_role role, uint32_t start)
{
	memset(p, 0, sizeof *p);
	p->role = role;
	p->name = role == V2X_CERT_EE ? "vehicle" : role == V2X_CERT_CA ? "pqsig-ica" : "pqsig-root";
	p->start = start;
	p->duration_unit = V2X_DUR_HOURS;
	p->duration = role == V2X_CERT_EE ? 24 * 7 : 24 * 365;
	p->n_regions = 1;
	p->regions[0] = 410; /* UN M.49 code of the Republic of Korea, the seed's deployment */
	if (role == V2X_CERT_EE) {
		p->n_psids = 1;
		p->psids[0] = 0x20; /* basic safety message (the seed's 100-byte BSM) */
	}
	p->min_chain_length = 1;
	p->chain_length_range = 0;
}

/* ---------------- encoding ---------------- */

static int params_ok(const v2x_cert_params *p)
{
	if (p->n_regions > V2X_MAX_REGIONS || p->n_psids > V2X_MAX_PSIDS || p->duration_unit > V2X_DUR_YEARS)
		return 0;
	if (p->name && strlen(p->name) > V2X_MAX_NAME)
		return 0;
	if (p->role == V2X_CERT_EE && p->n_psids == 0)
		return 0; /* appPermissions must grant something (6.4.8's presence constraint) */
	return 1;
}

/*
 * ToBeSignedCertificate (section 6.4.8), root components only.  Its
 * verifyKeyIndicator is the subject's verificationKey (alg, pk) or, for an
 * implicit certificate (recon not NULL), the reconstructionValue P_U.
 */
static void tbs_put(coer_wr *w, const v2x_cert_params *p, const v2x_alg *alg, const uint8_t *pk, const uint8_t *recon)
{
	int ee = p->role == V2X_CERT_EE;
	/* preamble: extension bit, region, assuranceLevel, appPermissions,
	 * certIssuePermissions, certRequestPermissions, canRequestRollover, encryptionKey */
	uint8_t pre = (uint8_t)((p->n_regions ? 0x40 : 0) | (ee ? 0x10 : 0x08));
	pqs_coer_put_u8(w, pre);
	if (p->name) { /* CertificateId name (Hostname, UTF8String SIZE(0..255)) */
		size_t n = strlen(p->name);
		pqs_coer_put_tag(w, 1);
		pqs_coer_put_length(w, n);
		pqs_coer_put_bytes(w, (const uint8_t *)p->name, n);
	} else {
		pqs_coer_put_tag(w, 3); /* none */
	}
	pqs_coer_put_bytes(w, p->craca_id, 3);
	pqs_coer_put_u16(w, p->crl_series);
	pqs_coer_put_u32(w, p->start);
	pqs_coer_put_tag(w, p->duration_unit);
	pqs_coer_put_u16(w, p->duration);
	if (p->n_regions) { /* identifiedRegion: SEQUENCE OF IdentifiedRegion countryOnly */
		pqs_coer_put_tag(w, 3);
		pqs_coer_put_quantity(w, p->n_regions);
		for (size_t i = 0; i < p->n_regions; i++) {
			pqs_coer_put_tag(w, 0);
			pqs_coer_put_u16(w, p->regions[i]);
		}
	}
	if (ee) { /* appPermissions: SEQUENCE OF PsidSsp, no SSP */
		pqs_coer_put_quantity(w, p->n_psids);
		for (size_t i = 0; i < p->n_psids; i++) {
			pqs_coer_put_u8(w, 0x00);
			pqs_coer_put_uint(w, p->psids[i]);
		}
	} else { /* certIssuePermissions: one PsidGroupPermissions (6.4.28) */
		pqs_coer_put_quantity(w, 1);
		/* preamble: minChainLength, chainLengthRange, eeType present iff not DEFAULT */
		pqs_coer_put_u8(
			w, (uint8_t)((p->min_chain_length != 1 ? 0x80 : 0) | (p->chain_length_range != 0 ? 0x40 : 0)));
		if (p->n_psids) {
			pqs_coer_put_tag(w, 0); /* explicit SequenceOfPsidSspRange */
			pqs_coer_put_quantity(w, p->n_psids);
			for (size_t i = 0; i < p->n_psids; i++) {
				pqs_coer_put_u8(w, 0x00);
				pqs_coer_put_uint(w, p->psids[i]);
			}
		} else {
			pqs_coer_put_tag(w, 1); /* all */
		}
		if (p->min_chain_length != 1)
			pqs_coer_put_int(w, p->min_chain_length);
		if (p->chain_length_range != 0)
			pqs_coer_put_int(w, p->chain_length_range);
	}
	if (recon) {
		pqs_coer_put_tag(w, 1); /* verifyKeyIndicator: reconstructionValue (EccP256CurvePoint) */
		pqs_v2x_point_put(w, recon, 32);
		return;
	}
	pqs_coer_put_tag(w, 0); /* verifyKeyIndicator: verificationKey */
	pqs_v2x_pvk_put(w, alg, pk);
}

static size_t tbs_size(const v2x_cert_params *p, const v2x_alg *alg)
{
	coer_wr w;
	static const uint8_t zero_pk[V2X_MAX_PK];
	pqs_coer_wr_init(&w, NULL, 0);
	tbs_put(&w, p, alg, zero_pk, NULL);
	return w.len;
}

size_t pqs_v2x_cert_max_len(const v2x_cert_params *p, const v2x_alg *subject, const v2x_alg *issuer)
{
	if (!p || !subject || !issuer || !params_ok(p))
		return 0;
	/* preamble, version, type, issuer (at most tag + length + HashedId8) */
	return 3 + 10 + tbs_size(p, subject) + pqs_v2x_sig_size(issuer);
}

/*
 * Certificate preamble, version, type and issuer (section 6.4.2): an
 * explicit certificate carries its signature, an implicit one none.
 * issuer_id NULL: self-signed (IssuerIdentifier self, the signing hash).
 */
static void cert_head_put(coer_wr *w, int implicit, unsigned h, const uint8_t issuer_id[8])
{
	pqs_coer_put_u8(w, implicit ? 0x00 : 0x80); /* preamble: signature present iff explicit */
	pqs_coer_put_u8(w, 3);                      /* version */
	pqs_coer_put_u8(w, implicit ? 1 : 0);       /* type: explicit (0), implicit (1) */
	if (!issuer_id) {
		pqs_coer_put_tag(w, 1); /* self: HashAlgorithm */
		pqs_coer_put_u8(w, (uint8_t)h);
	} else if (h == V2X_HASH_SHA384) {
		pqs_coer_put_tag(w, 2); /* sha384AndDigest: an extension, so an open type */
		pqs_coer_put_length(w, 8);
		pqs_coer_put_bytes(w, issuer_id, 8);
	} else {
		pqs_coer_put_tag(w, 0); /* sha256AndDigest */
		pqs_coer_put_bytes(w, issuer_id, 8);
	}
}

/* Is v2x_cert c a certificate of an ECDSA P-256 key, the only issuer ECQV works with here? */
static int is_p256_key(const v2x_cert *c)
{
	return c->key_alg && c->key_alg->kind == V2X_KIND_ECDSA && c->key_alg->index == 0 && c->pk_len == 33;
}

int pqs_v2x_cert_issue_implicit(const v2x_cert_params *p, const uint8_t recon[33], const uint8_t *issuer_cert,
				size_t issuer_cert_len, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!p || !recon || !issuer_cert || !out || !out_len || !params_ok(p))
		return V2X_ERR_ARG;
	if (recon[0] != 0x02 && recon[0] != 0x03)
		return V2X_ERR_KEY_ENCODING;
	uint8_t issuer_id[8];
	v2x_cert *ic = malloc(sizeof *ic);
	if (!ic)
		return V2X_ERR_NOMEM;
	int e = pqs_v2x_cert_decode(ic, issuer_cert, issuer_cert_len);
	if (!e && !is_p256_key(ic))
		e = V2X_ERR_ALG_MISMATCH; /* 5.3.2: ECQV on the issuer's P-256 key pair */
	free(ic);
	if (!e)
		e = pqs_v2x_cert_hashedid8(issuer_cert, issuer_cert_len, issuer_id, NULL, NULL);
	if (e)
		return e;
	coer_wr w;
	pqs_coer_wr_init(&w, out, cap);
	cert_head_put(&w, 1, V2X_HASH_SHA256, issuer_id);
	tbs_put(&w, p, NULL, NULL, recon);
	if ((e = pqs_coer_wr_result(&w)) != 0)
		return e;
	*out_len = w.len;
	return V2X_OK;
}

int pqs_v2x_cert_issue(const v2x_cert_params *p, const v2x_key *subject, const v2x_key *issuer_key,
		       const uint8_t *issuer_cert, size_t issuer_cert_len, pqs_rng *rng, uint8_t *out, size_t cap,
		       size_t *out_len)
{
	if (!p || !subject || !issuer_key || !out || !out_len || !subject->alg || !issuer_key->alg || !params_ok(p))
		return V2X_ERR_ARG;
	const v2x_alg *ia = issuer_key->alg;
	unsigned h = ia->hash;
	uint8_t issuer_hash[V2X_MAX_HASH], issuer_id[8];
	int e;
	if (issuer_cert) {
		/* the issuer certificate must certify the signing key, or the chain could never verify */
		v2x_cert *ic = malloc(sizeof *ic);
		if (!ic)
			return V2X_ERR_NOMEM;
		e = pqs_v2x_cert_decode(ic, issuer_cert, issuer_cert_len);
		if (!e && (ic->key_alg != ia || ic->pk_len != issuer_key->pk_len ||
		           memcmp(ic->pk, issuer_key->pk, ic->pk_len) != 0))
			e = V2X_ERR_ARG;
		free(ic);
		if (!e)
			e = pqs_v2x_cert_hashedid8(issuer_cert, issuer_cert_len, issuer_id, NULL, NULL);
		/* The issuer identifier names the hash of the issuer's own HashedId8
		 * (6.4.7), and section 5.3.1 hashes the issuer certificate with the
		 * hash of the signing algorithm: the two agree for every algorithm here. */
		if (!e)
			e = pqs_v2x_hash(h, issuer_cert, issuer_cert_len, issuer_hash);
		if (e)
			return e;
	} else if (subject->pk_len != issuer_key->pk_len || subject->alg != ia ||
	           memcmp(subject->pk, issuer_key->pk, subject->pk_len) != 0) {
		return V2X_ERR_ARG; /* self-signed: the issuer key is the subject key */
	}

	coer_wr w;
	pqs_coer_wr_init(&w, out, cap);
	cert_head_put(&w, 0, h, issuer_cert ? issuer_id : NULL);
	size_t tbs_off = w.len;
	tbs_put(&w, p, subject->alg, subject->pk, NULL);
	size_t tbs_len = w.len - tbs_off;
	if ((e = pqs_coer_wr_result(&w)) != 0)
		return e;

	uint8_t di[V2X_MAX_HASH], sig[V2X_MAX_SIG];
	size_t sig_len = 0;
	e = pqs_v2x_data_input(h, out + tbs_off, tbs_len, issuer_cert ? issuer_hash : NULL, di);
	if (!e)
		e = pqs_v2x_alg_sign(issuer_key, di, pqs_v2x_hash_len(h), sig, &sig_len, rng);
	if (e)
		return e;
	if (!pqs_v2x_alg_sig_len_ok(ia, sig_len))
		return V2X_ERR_CRYPTO;
	pqs_v2x_sig_put(&w, ia, sig, sig_len);
	if ((e = pqs_coer_wr_result(&w)) != 0)
		return e;
	*out_len = w.len;
	return V2X_OK;
}

/* ---------------- decoding ---------------- */

static int get_psid(coer_rd *r, uint32_t *psid)
{
	uint64_t v;
	/* Psid INTEGER (0..MAX); 1609.12 assigns values below 2^32 */
	int e = pqs_coer_get_uint(r, &v, 4);
	if (!e)
		*psid = (uint32_t)v;
	return e;
}

/* SEQUENCE OF PsidSsp or PsidSspRange (the SSP / SSP range is accepted and
 * ignored: this stack checks PSIDs only). */
static int get_psid_list(coer_rd *r, uint32_t *psids, size_t *n, int range)
{
	size_t q;
	int e = pqs_coer_get_quantity(r, &q);
	if (e)
		return e;
	if (q > V2X_MAX_PSIDS)
		return V2X_ERR_TOO_LARGE;
	for (size_t i = 0; i < q; i++) {
		unsigned pre, t;
		if ((e = pqs_coer_get_preamble(r, 1, &pre)) != 0 || (e = get_psid(r, &psids[i])) != 0)
			return e;
		if (pre) {
			coer_rd sub;
			e = pqs_coer_get_tag(r, &t);
			if (e)
				return e;
			if (!range) { /* ServiceSpecificPermissions: opaque(0), ..., bitmapSsp(1) ext */
				if (t == 0) {
					size_t n2;
					const uint8_t *p;
					if ((e = pqs_coer_get_length(r, &n2)) != 0 ||
					    (e = pqs_coer_get_bytes(r, n2, &p)) != 0)
						return e;
				} else if ((e = pqs_coer_get_open(r, &sub)) != 0) {
					return e;
				}
			} else { /* SspRange: opaque SequenceOfOctetString(0), all NULL(1), ..., bitmapSspRange ext */
				if (t == 0) {
					size_t k;
					if ((e = pqs_coer_get_quantity(r, &k)) != 0)
						return e;
					for (size_t j = 0; j < k; j++) {
						size_t n2;
						const uint8_t *p;
						if ((e = pqs_coer_get_length(r, &n2)) != 0 ||
						    (e = pqs_coer_get_bytes(r, n2, &p)) != 0)
							return e;
					}
				} else if (t >= 2 && (e = pqs_coer_get_open(r, &sub)) != 0) {
					return e;
				}
			}
		}
	}
	*n = q;
	return V2X_OK;
}

/* Skip a SEQUENCE OF fixed-size items (X.696 20.6: quantity, then the items). */
static int skip_seq_of(coer_rd *r, size_t item, size_t min)
{
	size_t q;
	const uint8_t *p;
	int e = pqs_coer_get_quantity(r, &q);
	if (e)
		return e;
	if (q < min)
		return V2X_ERR_CONSTRAINT;
	if (q > (r->len - r->pos) / item)
		return V2X_ERR_TRUNCATED;
	return pqs_coer_get_bytes(r, q * item, &p);
}

/* GeographicRegion (6.4.17-6.4.23).  Country-only identified regions are
 * kept for containment checks; every other form is decoded (so that the
 * certificate still parses and hashes) and flagged as not comparable. */
static int get_region(coer_rd *r, v2x_cert *c)
{
	unsigned t;
	const uint8_t *p;
	coer_rd sub;
	int e = pqs_coer_get_tag(r, &t);
	if (e)
		return e;
	switch (t) {
	case 0: /* circularRegion: TwoDLocation (4 + 4), radius Uint16 */
		c->region_unsupported = 1;
		return pqs_coer_get_bytes(r, 10, &p);
	case 1: /* rectangularRegion: SEQUENCE OF { northWest, southEast TwoDLocation } */
		c->region_unsupported = 1;
		return skip_seq_of(r, 16, 0);
	case 2: /* polygonalRegion: SEQUENCE SIZE (3..MAX) OF TwoDLocation */
		c->region_unsupported = 1;
		return skip_seq_of(r, 8, 3);
	case 3:
		break;
	default: /* an extension alternative: skipped by its length */
		c->region_unsupported = 1;
		return pqs_coer_get_open(r, &sub);
	}
	size_t q;
	if ((e = pqs_coer_get_quantity(r, &q)) != 0)
		return e;
	if (q == 0)
		return V2X_ERR_CONSTRAINT; /* SequenceOfIdentifiedRegion: empty means no region at all */
	for (size_t i = 0; i < q; i++) {
		uint16_t country;
		if ((e = pqs_coer_get_tag(r, &t)) != 0)
			return e;
		if (t >= 3) { /* IdentifiedRegion extension */
			c->region_unsupported = 1;
			if ((e = pqs_coer_get_open(r, &sub)) != 0)
				return e;
			continue;
		}
		if ((e = pqs_coer_get_u16(r, &country)) != 0)
			return e;
		if (t == 1) { /* countryAndRegions: SequenceOfUint8 */
			c->region_unsupported = 1;
			if ((e = skip_seq_of(r, 1, 0)) != 0)
				return e;
		} else if (t == 2) { /* countryAndSubregions: SEQUENCE OF { Uint8, SequenceOfUint16 } */
			size_t n;
			c->region_unsupported = 1;
			if ((e = pqs_coer_get_quantity(r, &n)) != 0)
				return e;
			for (size_t j = 0; j < n; j++)
				if ((e = pqs_coer_get_bytes(r, 1, &p)) != 0 || (e = skip_seq_of(r, 2, 0)) != 0)
					return e;
		} else {
			if (c->n_regions == V2X_MAX_REGIONS)
				return V2X_ERR_TOO_LARGE;
			c->regions[c->n_regions++] = country;
		}
	}
	return V2X_OK;
}

static int get_issue_perms(coer_rd *r, v2x_cert *c)
{
	size_t q;
	int e = pqs_coer_get_quantity(r, &q);
	if (e)
		return e;
	if (q != 1)
		return q == 0 ? V2X_ERR_CONSTRAINT : V2X_ERR_UNSUPPORTED; /* one group per CA here */
	unsigned pre, t;
	if ((e = pqs_coer_get_preamble(r, 3, &pre)) != 0 || (e = pqs_coer_get_tag(r, &t)) != 0)
		return e;
	if (t == 0) {
		if ((e = get_psid_list(r, c->issue_psids, &c->n_issue, 1)) != 0)
			return e;
	} else if (t == 1) {
		c->issue_all = 1;
	} else {
		coer_rd sub;
		if ((e = pqs_coer_get_open(r, &sub)) != 0)
			return e;
		return V2X_ERR_UNSUPPORTED;
	}
	c->min_chain_length = 1;
	c->chain_length_range = 0;
	c->issue_app_ee = 1;
	int64_t v;
	if (pre & 4) {
		if ((e = pqs_coer_get_int(r, &v)) != 0)
			return e;
		if (v == 1)
			return V2X_ERR_DEFAULT_ENCODED;
		if (v < 0 || v > 255)
			return V2X_ERR_UNSUPPORTED;
		c->min_chain_length = (uint8_t)v;
	}
	if (pre & 2) {
		if ((e = pqs_coer_get_int(r, &v)) != 0)
			return e;
		if (v == 0)
			return V2X_ERR_DEFAULT_ENCODED;
		if (v < -1 || v > 254)
			return V2X_ERR_UNSUPPORTED;
		c->chain_length_range = (uint8_t)(v < 0 ? 255 : v); /* -1: unlimited (6.4.28) */
	}
	if (pre & 1) {
		uint8_t ee;
		if ((e = pqs_coer_get_u8(r, &ee)) != 0)
			return e;
		if (ee == 0x80)
			return V2X_ERR_DEFAULT_ENCODED;
		if (ee == 0)
			return V2X_ERR_CONSTRAINT; /* (ALL EXCEPT {}) */
		c->issue_app_ee = (ee & 0x80) != 0;
	}
	c->has_issue = 1;
	return V2X_OK;
}

static int tbs_get(coer_rd *r, v2x_cert *c)
{
	unsigned pre, t;
	int e = pqs_coer_get_preamble(r, 8, &pre);
	if (e)
		return e;
	/* CertificateId */
	if ((e = pqs_coer_get_tag(r, &t)) != 0)
		return e;
	size_t n;
	const uint8_t *p;
	switch (t) {
	case 1: /* name */
		if ((e = pqs_coer_get_length(r, &n)) != 0)
			return e;
		if (n > V2X_MAX_NAME)
			return V2X_ERR_CONSTRAINT;
		if ((e = pqs_coer_get_bytes(r, n, &p)) != 0)
			return e;
		memcpy(c->name, p, n);
		c->name[n] = '\0';
		c->has_name = 1;
		break;
	case 2: /* binaryId OCTET STRING (SIZE(1..64)) */
		if ((e = pqs_coer_get_length(r, &n)) != 0)
			return e;
		if (n < 1 || n > 64)
			return V2X_ERR_CONSTRAINT;
		if ((e = pqs_coer_get_bytes(r, n, &p)) != 0)
			return e;
		break;
	case 3: /* none */
		break;
	case 0: /* linkageData: iCert Uint16, linkage-value 9 octets, group-linkage-value OPTIONAL */
	{
		unsigned lp;
		if ((e = pqs_coer_get_preamble(r, 1, &lp)) != 0 || (e = pqs_coer_get_bytes(r, 2 + 9, &p)) != 0)
			return e;
		if (lp && (e = pqs_coer_get_bytes(r, 4 + 9, &p)) != 0)
			return e;
		break;
	}
	default: {
		coer_rd sub;
		if ((e = pqs_coer_get_open(r, &sub)) != 0)
			return e;
		break;
	}
	}
	if ((e = pqs_coer_get_bytes(r, 3, &p)) != 0)
		return e;
	memcpy(c->craca_id, p, 3);
	if ((e = pqs_coer_get_u16(r, &c->crl_series)) != 0 || (e = pqs_coer_get_u32(r, &c->start)) != 0)
		return e;
	uint16_t dur;
	if ((e = pqs_coer_get_tag(r, &t)) != 0)
		return e;
	if (t > V2X_DUR_YEARS)
		return V2X_ERR_UNKNOWN_CHOICE; /* Duration is not extensible */
	if ((e = pqs_coer_get_u16(r, &dur)) != 0)
		return e;
	c->end = (uint64_t)c->start + pqs_v2x_duration_seconds(t, dur);
	if ((pre & 0x40) && (e = get_region(r, c)) != 0)
		return e;
	if (pre & 0x20) { /* assuranceLevel SubjectAssurance OCTET STRING (SIZE(1)) */
		if ((e = pqs_coer_get_bytes(r, 1, &p)) != 0)
			return e;
	}
	if (pre & 0x10) {
		if ((e = get_psid_list(r, c->app_psids, &c->n_app, 0)) != 0)
			return e;
		c->has_app = 1;
	}
	if ((pre & 0x08) && (e = get_issue_perms(r, c)) != 0)
		return e;
	if (pre & 0x04)
		return V2X_ERR_UNSUPPORTED; /* certRequestPermissions: enrolment certificates */
	if (!(pre & 0x1c))
		return V2X_ERR_PREAMBLE; /* 6.4.8: one of the three permission fields must be present */
	/* canRequestRollover is NULL: nothing to read */
	if (pre & 0x01)
		return V2X_ERR_UNSUPPORTED; /* encryptionKey: encryption is outside this stack */
	if ((e = pqs_coer_get_tag(r, &t)) != 0)
		return e;
	if (t > 1) {
		coer_rd sub;
		if ((e = pqs_coer_get_open(r, &sub)) != 0)
			return e;
		return V2X_ERR_UNSUPPORTED;
	}
	/* 6.4.6: an explicit certificate carries a verificationKey, an implicit one a reconstructionValue */
	if (t != c->implicit)
		return V2X_ERR_CONSTRAINT;
	if (c->implicit) {
		/* EccP256CurvePoint P_U; the reconstructed key is an ECDSA P-256 key (5.3.2) */
		c->key_alg = pqs_v2x_alg_by_index(0);
		const pqs_sig_class *p256 = pqs_v2x_alg_class(c->key_alg);
		if (!p256)
			return V2X_ERR_ALG_UNAVAILABLE;
		e = pqs_v2x_point_get(r, c->recon, p256);
	} else {
		e = pqs_v2x_pvk_get(r, &c->key_alg, c->pk, &c->pk_len);
	}
	if (e)
		return e;
	if (pre & 0x80) /* extension additions (flags, appExtensions, ...): skipped by length */
		return pqs_coer_skip_extensions(r);
	return V2X_OK;
}

int pqs_v2x_cert_read(coer_rd *r, v2x_cert *c)
{
	memset(c, 0, sizeof *c);
	size_t base = r->pos;
	unsigned pre, t;
	uint8_t version;
	unsigned long type;
	int e = pqs_coer_get_preamble(r, 1, &pre);
	if (e || (e = pqs_coer_get_u8(r, &version)) != 0 || (e = pqs_coer_get_enum(r, &type)) != 0)
		return e;
	if (version != 3)
		return V2X_ERR_CONSTRAINT;
	if (type > 1)
		return V2X_ERR_UNSUPPORTED; /* an unknown extension value of CertificateType */
	c->implicit = type == 1;
	if (pre != !c->implicit)
		return V2X_ERR_PREAMBLE; /* 6.4.6: an explicit certificate carries its signature, an implicit one none */
	if ((e = pqs_coer_get_tag(r, &t)) != 0)
		return e;
	if (c->implicit && t == 1)
		return V2X_ERR_CONSTRAINT; /* 6.4.6: an implicit certificate names its issuer (no self) */
	const uint8_t *p;
	switch (t) {
	case 0:
		c->issuer_kind = 1;
		if ((e = pqs_coer_get_bytes(r, 8, &p)) != 0)
			return e;
		memcpy(c->issuer_id, p, 8);
		break;
	case 1: {
		unsigned long h;
		c->issuer_kind = 0;
		if ((e = pqs_coer_get_enum(r, &h)) != 0)
			return e;
		if (h > V2X_HASH_SHA384)
			return V2X_ERR_UNSUPPORTED;
		c->self_hash = (uint8_t)h;
		break;
	}
	default: {
		coer_rd sub;
		if ((e = pqs_coer_get_open(r, &sub)) != 0)
			return e;
		if (t != 2)
			return V2X_ERR_UNSUPPORTED; /* sm3AndDigest or unknown */
		c->issuer_kind = 2;
		if ((e = pqs_coer_get_bytes(&sub, 8, &p)) != 0)
			return e;
		if ((e = pqs_coer_end_open(&sub)) != 0)
			return e;
		memcpy(c->issuer_id, p, 8);
		break;
	}
	}
	c->tbs_off = r->pos - base;
	if ((e = tbs_get(r, c)) != 0)
		return e;
	c->tbs_len = r->pos - base - c->tbs_off;
	return c->implicit ? V2X_OK : pqs_v2x_sig_get(r, &c->sig_alg, c->sig, &c->sig_len);
}

int pqs_v2x_cert_decode(v2x_cert *c, const uint8_t *der, size_t len)
{
	if (!c || !der)
		return V2X_ERR_ARG;
	if (len > V2X_MAX_CERT) {
		memset(c, 0, sizeof *c);
		return V2X_ERR_TOO_LARGE;
	}
	coer_rd r;
	pqs_coer_rd_init(&r, der, len);
	int e = pqs_v2x_cert_read(&r, c);
	return e ? e : pqs_coer_end(&r);
}

static unsigned hashedid_octets = 8; /* pqs_v2x_test_hashedid_octets */

void pqs_v2x_test_hashedid_octets(unsigned n)
{
	hashedid_octets = n >= 1 && n <= 8 ? n : 8;
}

int pqs_v2x_hashedid8_raw(unsigned hash_alg, const uint8_t *der, size_t len, uint8_t id[8], uint8_t *hash_out)
{
	uint8_t h[V2X_MAX_HASH];
	int e = pqs_v2x_hash(hash_alg, der, len, h);
	if (e)
		return e;
	memcpy(id, h + pqs_v2x_hash_len(hash_alg) - 8, 8); /* the low-order eight octets (6.4.3) */
	memset(id, 0, 8 - hashedid_octets);
	if (hash_out)
		memcpy(hash_out, h, pqs_v2x_hash_len(hash_alg));
	return V2X_OK;
}

int pqs_v2x_cert_hashedid8(const uint8_t *der, size_t len, uint8_t id[8], uint8_t *hash_out, size_t *hash_len)
{
	v2x_cert c;
	if (!der || !id)
		return V2X_ERR_ARG;
	int e = pqs_v2x_cert_decode(&c, der, len);
	if (e)
		return e;
	/* 6.4.3: SHA-384 when the issuer signed with a P-384 key, else SHA-256 */
	unsigned alg = c.sig_alg ? c.sig_alg->hash : V2X_HASH_SHA256;
	if ((e = pqs_v2x_hashedid8_raw(alg, der, len, id, hash_out)) != 0)
		return e;
	if (hash_len)
		*hash_len = pqs_v2x_hash_len(alg);
	return V2X_OK;
}

int pqs_v2x_cert_check_sig(const v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
			   const uint8_t *issuer_der, size_t issuer_len)
{
	return pqs_v2x_cert_check_sig_h(c, der, len, issuer, issuer_der, issuer_len, NULL, 0);
}

int pqs_v2x_cert_check_sig_h(const v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
			     const uint8_t *issuer_der, size_t issuer_len, const uint8_t *issuer_hash,
			     size_t issuer_hash_len)
{
	const v2x_cert *signer = issuer ? issuer : c;
	if (signer->implicit)
		return V2X_ERR_UNSUPPORTED; /* an implicit CA certificate: its key needs its own issuer first */
	if (c->implicit)
		return V2X_ERR_ARG; /* no signature: its key is reconstructed (pqs_v2x_cert_reconstruct_key) */
	if (!c->sig_alg || !signer->key_alg)
		return V2X_ERR_UNSUPPORTED; /* an extension alternative we skipped */
	if (c->sig_alg != signer->key_alg)
		return V2X_ERR_ALG_MISMATCH;
	if (c->tbs_off + c->tbs_len > len)
		return V2X_ERR_ARG;
	unsigned h = c->sig_alg->hash;
	/* the issuer identifier must name the hash the issuer signs with (6.4.7) */
	if ((issuer && c->issuer_kind != (h == V2X_HASH_SHA384 ? 2 : 1)) || (!issuer && c->self_hash != h))
		return V2X_ERR_ALG_MISMATCH;
	uint8_t ih[V2X_MAX_HASH], di[V2X_MAX_HASH];
	int e = V2X_OK;
	if (issuer && issuer_hash && issuer_hash_len == pqs_v2x_hash_len(h))
		memcpy(ih, issuer_hash, issuer_hash_len); /* the store hashed this issuer when it was added */
	else if (issuer)
		e = pqs_v2x_hash(h, issuer_der, issuer_len, ih);
	if (!e)
		e = pqs_v2x_data_input(h, der + c->tbs_off, c->tbs_len, issuer ? ih : NULL, di);
	if (!e)
		e = pqs_v2x_alg_verify(c->sig_alg, signer->pk, di, pqs_v2x_hash_len(h), c->sig, c->sig_len);
	return e == V2X_ERR_SIG_INVALID || e == V2X_ERR_SIG_ENCODING ? V2X_ERR_CERT_SIG_INVALID : e;
}

int pqs_v2x_cert_reconstruct_key(v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
				 const uint8_t issuer_sha256[32])
{
	if (!c->implicit || c->tbs_off + c->tbs_len > len)
		return V2X_ERR_ARG;
	if (issuer->implicit)
		return V2X_ERR_UNSUPPORTED; /* an implicit CA certificate: its key needs its own issuer first */
	if (!is_p256_key(issuer) || c->issuer_kind != 1)
		return V2X_ERR_ALG_MISMATCH; /* ECQV on P-256: a P-256 issuer named with SHA-256 (6.4.7) */
	uint8_t e[32];
	int rc = pqs_ecqv_hash(e, der + c->tbs_off, c->tbs_len, issuer_sha256);
	if (rc == PQS_OK)
		rc = pqs_ecqv_public(c->pk, e, c->recon, issuer->pk);
	if (rc != PQS_OK) {
		c->pk_len = 0;
		/* a P_U off the curve (or a sum at infinity) gives no key */
		return rc == PQS_SCMS_ERR_POINT ? V2X_ERR_KEY_ENCODING : V2X_ERR_CRYPTO;
	}
	c->pk_len = 33;
	return V2X_OK;
}
