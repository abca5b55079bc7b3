/*
 * Regression tests of issue 10 for the IEEE 1609.2 stack, each named
 * after its defect:
 *   - test_v2x_regress_ecdsa_rsig_malleability (item 2): an ECDSA
 *     signature has one encoding: rSig other than x-only (0x82, 0x83, 0x84
 *     with any y) and s replaced by n - s are rejected, in SPDUs (P-256,
 *     P-384, the ECDSA half of a composite) and in certificates;
 *   - test_v2x_regress_offcurve_uncompressed_key (item 4): a CA-signed
 *     certificate whose uncompressed key has a y off the curve is
 *     malformed (the valid uncompressed form still works);
 *   - test_v2x_regress_hashedid8_collision_store / _cache (item 6): with
 *     the test hook forcing 1-octet HashedId8 values, colliding
 *     certificates are kept apart in the store and the cache, and none
 *     inherits another's trust or replaces another's entry;
 *   - test_v2x_regress_replay_within_window (item 18): the same SPDU
 *     verified again inside the 30 s window is accepted without a
 *     duplicate detector and rejected with one (also re-sent with a
 *     digest signer or signed again); the detector's bounds hold.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>

#include "pqsig/ecdsa.h"
#include "pqsig/v2x.h"
#include "testutil.h"
#include "v2x/dot2/v2x_inner.h"

#define NOW_UNIX 1795953600ull

static uint64_t now64;
static uint32_t now32;

typedef struct {
	uint8_t b[16384];
	size_t n;
} blob;

static const uint8_t payload[100] = { 0x42 };

static int issue(v2x_cert_role role, const v2x_key *subj, const v2x_key *iss, const blob *icert, blob *out)
{
	v2x_cert_params p;
	pqs_v2x_cert_params_default(&p, role, now32 - 3600);
	return pqs_v2x_cert_issue(&p, subj, iss, icert ? icert->b : NULL, icert ? icert->n : 0, NULL, out->b,
				  sizeof out->b, &out->n);
}

static int sign_at(const v2x_key *k, const blob *cert, v2x_signer_kind kind, uint64_t gen, blob *out)
{
	v2x_signer s;
	int e = pqs_v2x_signer_init(&s, k, cert->b, cert->n, kind, NULL);
	return e ? e : pqs_v2x_spdu_sign(&s, 0x20, gen, payload, sizeof payload, out->b, sizeof out->b, &out->n);
}

static int sign(const v2x_key *k, const blob *cert, v2x_signer_kind kind, blob *out)
{
	return sign_at(k, cert, kind, now64, out);
}

static int verify(v2x_store *st, v2x_cache *c, const blob *x)
{
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, st, c, now64);
	return pqs_v2x_spdu_verify(&v, x->b, x->n, NULL);
}

/* Verify x against a store holding only the anchor, without a cache. */
static int verify_under(const blob *anchor, const blob *x)
{
	v2x_store *st = pqs_v2x_store_new(4);
	int e = pqs_v2x_store_add_root(st, anchor->b, anchor->n);
	if (!e)
		e = verify(st, NULL, x);
	pqs_v2x_store_free(st);
	return e;
}

/* s (flen big-endian bytes at p) := n - s for the curve of an ECDSA class. */
static void negate_s(const pqs_sig_class *cls, uint8_t *p)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	EC_GROUP *g = EC_GROUP_new_by_curve_name(OBJ_sn2nid(pqs_ecdsa_curve_name(cls)));
	BIGNUM *s = BN_bin2bn(p, (int)flen, NULL);
	BN_sub(s, EC_GROUP_get0_order(g), s);
	BN_bn2binpad(s, p, (int)flen);
	BN_free(s);
	EC_GROUP_free(g);
}

/* A root and a vehicle certificate of one algorithm, and a signed SPDU (certificate signer). */
typedef struct {
	v2x_key rk, vk;
	blob root, veh, spdu;
} pki;

static int make_pki(pki *k, const char *alg_name)
{
	const v2x_alg *a = pqs_v2x_alg_find(alg_name);
	return a && pqs_v2x_key_generate(&k->rk, a, NULL) == V2X_OK &&
	       pqs_v2x_key_generate(&k->vk, a, NULL) == V2X_OK &&
	       issue(V2X_CERT_ROOT, &k->rk, &k->rk, NULL, &k->root) == V2X_OK &&
	       issue(V2X_CERT_EE, &k->vk, &k->rk, &k->root, &k->veh) == V2X_OK &&
	       sign(&k->vk, &k->veh, V2X_SIGNER_CERT, &k->spdu) == V2X_OK;
}

static void test_v2x_regress_ecdsa_rsig_malleability(void)
{
	static pki k;
	static blob x;
	/* P-256 (root alternative 0): the SPDU ends with 0x80 (ecdsaNistP256Signature), rSig tag, r, s */
	TU_CHECK(make_pki(&k, "ECDSA"), "P-256 PKI");
	const blob *m = &k.spdu;
	TU_CHECK(verify_under(&k.root, m) == V2X_OK && m->b[m->n - 65] == 0x80, "P-256 SPDU verifies, rSig x-only");
	const uint8_t tags[] = { 0x82, 0x83 };
	for (size_t i = 0; i < sizeof tags; i++) {
		x = *m;
		x.b[x.n - 65] = tags[i];
		int e = verify_under(&k.root, &x);
		TU_CHECK(e == V2X_ERR_SIG_ENCODING, "rSig tag 0x%02x: %s", tags[i], pqs_v2x_strerror(e));
	}
	/* 0x84 uncompressed rSig: r, then a y (garbage, or a y of the curve point with x = r), then s */
	const pqs_sig_class *p256 = pqs_sig_find("ECDSA-P256");
	uint8_t point[33], unc[65];
	point[0] = 0x02;
	memcpy(point + 1, m->b + m->n - 64, 32);
	int have_point = pqs_ecdsa_pk_uncompress(p256, unc, point) == PQS_OK;
	for (int variant = 0; variant < 2; variant++) {
		memcpy(x.b, m->b, m->n - 64);
		x.b[m->n - 65] = 0x84;
		memcpy(x.b + m->n - 64, m->b + m->n - 64, 32);
		if (variant == 0)
			memset(x.b + m->n - 32, 0x5A, 32);
		else
			memcpy(x.b + m->n - 32, have_point ? unc + 33 : m->b + m->n - 32, 32);
		memcpy(x.b + m->n, m->b + m->n - 32, 32);
		x.n = m->n + 32;
		int e = verify_under(&k.root, &x);
		TU_CHECK(e == V2X_ERR_SIG_ENCODING, "rSig 0x84 with %s y: %s", variant ? "the curve's" : "garbage",
			 pqs_v2x_strerror(e));
	}
	x = *m;
	negate_s(p256, x.b + x.n - 32);
	int e = verify_under(&k.root, &x);
	TU_CHECK(e == V2X_ERR_SIG_INVALID, "P-256 SPDU with s := n - s: %s", pqs_v2x_strerror(e));
	/* a certificate's s := n - s: the root is no longer a valid anchor */
	x = k.root;
	negate_s(p256, x.b + x.n - 32);
	v2x_store *st = pqs_v2x_store_new(2);
	e = pqs_v2x_store_add_root(st, x.b, x.n);
	TU_CHECK(e == V2X_ERR_CERT_SIG_INVALID, "root certificate with s := n - s: %s", pqs_v2x_strerror(e));
	pqs_v2x_store_free(st);

	/* P-384 (extension alternative 3): s is the last 48 octets */
	static pki k384;
	TU_CHECK(make_pki(&k384, "ECDSA-P384"), "P-384 PKI");
	x = k384.spdu;
	TU_CHECK(verify_under(&k384.root, &x) == V2X_OK, "P-384 SPDU verifies");
	negate_s(pqs_sig_find("ECDSA-P384"), x.b + x.n - 48);
	e = verify_under(&k384.root, &x);
	TU_CHECK(e == V2X_ERR_SIG_INVALID, "P-384 SPDU with s := n - s: %s", pqs_v2x_strerror(e));

	/* composite: SEQUENCE { EcdsaP256Signature, OCTET STRING } at the end, s at offset 33 */
	static pki kc;
	const v2x_alg *ca = pqs_v2x_alg_find("ECDSA+ML-DSA-44");
	TU_CHECK(ca && make_pki(&kc, "ECDSA+ML-DSA-44"), "composite PKI");
	if (ca) {
		x = kc.spdu;
		size_t at = x.n - ca->sig_len;
		TU_CHECK(verify_under(&kc.root, &x) == V2X_OK && x.b[at] == 0x80, "composite SPDU verifies");
		x.b[at] = 0x83;
		e = verify_under(&kc.root, &x);
		TU_CHECK(e == V2X_ERR_SIG_ENCODING, "composite rSig tag 0x83: %s", pqs_v2x_strerror(e));
		x = kc.spdu;
		negate_s(p256, x.b + at + 33);
		e = verify_under(&kc.root, &x);
		TU_CHECK(e == V2X_ERR_SIG_INVALID, "composite SPDU with the ECDSA s := n - s: %s", pqs_v2x_strerror(e));
	}
	pqs_v2x_key_clear(&k.rk);
	pqs_v2x_key_clear(&k.vk);
	pqs_v2x_key_clear(&k384.rk);
	pqs_v2x_key_clear(&k384.vk);
	pqs_v2x_key_clear(&kc.rk);
	pqs_v2x_key_clear(&kc.vk);
}

/*
 * The vehicle certificate of k re-issued by k's root with its key as an
 * uncompressed point 0x84 || x || y (y given), signed again by the root.
 */
static int reissue_uncompressed(const pki *k, const uint8_t *y, blob *out)
{
	static v2x_cert c;
	if (pqs_v2x_cert_decode(&c, k->veh.b, k->veh.n) != V2X_OK)
		return 0;
	/* the ToBeSignedCertificate ends with the EccP256CurvePoint: tag 0x82/0x83, then x */
	const uint8_t *tbs = k->veh.b + c.tbs_off;
	uint8_t newtbs[4096];
	size_t keep = c.tbs_len - 33;
	memcpy(newtbs, tbs, keep);
	newtbs[keep] = 0x84;
	memcpy(newtbs + keep + 1, tbs + keep + 1, 32);
	memcpy(newtbs + keep + 33, y, 32);
	size_t tbs_len = keep + 65;
	uint8_t ih[32], di[32], sig[V2X_MAX_SIG];
	size_t sl = 0;
	if (pqs_v2x_hash(V2X_HASH_SHA256, k->root.b, k->root.n, ih) ||
	    pqs_v2x_data_input(V2X_HASH_SHA256, newtbs, tbs_len, ih, di) ||
	    pqs_v2x_alg_sign(&k->rk, di, 32, sig, &sl, NULL))
		return 0;
	memcpy(out->b, k->veh.b, c.tbs_off);
	memcpy(out->b + c.tbs_off, newtbs, tbs_len);
	coer_wr w;
	pqs_coer_wr_init(&w, out->b + c.tbs_off + tbs_len, sizeof out->b - c.tbs_off - tbs_len);
	pqs_v2x_sig_put(&w, k->rk.alg, sig, sl);
	out->n = c.tbs_off + tbs_len + w.len;
	return pqs_coer_wr_result(&w) == V2X_OK;
}

/* An SPDU by k's vehicle key naming cert as its signer (no check that cert decodes). */
static int sign_with_cert_bytes(const pki *k, const blob *cert, blob *out)
{
	v2x_signer s;
	memset(&s, 0, sizeof s);
	s.key = &k->vk;
	s.cert = cert->b;
	s.cert_len = cert->n;
	s.kind = V2X_SIGNER_CERT;
	s.hash_len = 32;
	return pqs_v2x_hash(V2X_HASH_SHA256, cert->b, cert->n, s.cert_hash) == V2X_OK &&
	       pqs_v2x_hashedid8_raw(V2X_HASH_SHA256, cert->b, cert->n, s.cert_id, NULL) == V2X_OK &&
	       pqs_v2x_spdu_sign(&s, 0x20, now64, payload, sizeof payload, out->b, sizeof out->b, &out->n) == V2X_OK;
}

static void test_v2x_regress_offcurve_uncompressed_key(void)
{
	static pki k;
	static blob good, bad, m;
	static v2x_cert c;
	TU_CHECK(make_pki(&k, "ECDSA"), "PKI");
	uint8_t unc[65];
	TU_CHECK(pqs_ecdsa_pk_uncompress(pqs_sig_find("ECDSA-P256"), unc, k.vk.pk) == PQS_OK, "key uncompressed");
	/* the real y: a valid uncompressed key, decoded to the same registry key; its SPDUs verify */
	TU_CHECK(reissue_uncompressed(&k, unc + 33, &good), "re-issue with the real y");
	int e = pqs_v2x_cert_decode(&c, good.b, good.n);
	TU_CHECK(e == V2X_OK && c.pk_len == 33 && memcmp(c.pk, k.vk.pk, 33) == 0, "uncompressed on-curve key: %s",
		 pqs_v2x_strerror(e));
	e = sign_with_cert_bytes(&k, &good, &m) ? verify_under(&k.root, &m) : -1;
	TU_CHECK(e == V2X_OK, "SPDU with the uncompressed-key certificate: %s", pqs_v2x_strerror(e));
	/* y with one bit changed (its parity kept): off the curve, CA-signed all the same */
	unsigned rejected = 0, tried = 0;
	for (unsigned bit = 1; bit < 8; bit++) {
		uint8_t y[32];
		memcpy(y, unc + 33, 32);
		y[31] ^= (uint8_t)(1u << bit);
		if (!reissue_uncompressed(&k, y, &bad) || !sign_with_cert_bytes(&k, &bad, &m))
			continue;
		tried++;
		int d = pqs_v2x_cert_decode(&c, bad.b, bad.n);
		e = verify_under(&k.root, &m);
		rejected += d == V2X_ERR_KEY_ENCODING && e == V2X_ERR_KEY_ENCODING;
	}
	TU_CHECK(tried == 7 && rejected == 7, "off-curve y: %u of %u certificates and SPDUs rejected", rejected, tried);
	pqs_v2x_key_clear(&k.rk);
	pqs_v2x_key_clear(&k.vk);
}

/* Issue certificates of role under iss until one has the HashedId8 want (1-octet ids: ~256 tries). */
static int issue_colliding(v2x_cert_role role, const v2x_alg *a, const v2x_key *iss, const blob *icert,
                           const uint8_t want[8], v2x_key *k, blob *out)
{
	for (int i = 0; i < 8192; i++) {
		uint8_t id[8];
		if (pqs_v2x_key_generate(k, a, NULL) != V2X_OK || issue(role, k, iss ? iss : k, icert, out) != V2X_OK ||
		    pqs_v2x_cert_hashedid8(out->b, out->n, id, NULL, NULL) != V2X_OK)
			return 0;
		if (memcmp(id, want, 8) == 0)
			return 1;
	}
	return 0;
}

static void test_v2x_regress_hashedid8_collision_store(void)
{
	static v2x_key rk, ak, vk, wk;
	static blob r, a, veh, weh, m;
	const v2x_alg *alg = pqs_v2x_alg_find("ECDSA");
	uint8_t rid[8];
	pqs_v2x_test_hashedid_octets(1);
	int ok = pqs_v2x_key_generate(&rk, alg, NULL) == V2X_OK && issue(V2X_CERT_ROOT, &rk, &rk, NULL, &r) == V2X_OK &&
		 pqs_v2x_cert_hashedid8(r.b, r.n, rid, NULL, NULL) == V2X_OK;
	/* A: another self-signed root with R's HashedId8, known but not trusted */
	ok = ok && issue_colliding(V2X_CERT_ROOT, alg, NULL, NULL, rid, &ak, &a);
	TU_CHECK(ok, "colliding roots R and A");
	ok = ok && pqs_v2x_key_generate(&vk, alg, NULL) == V2X_OK && issue(V2X_CERT_EE, &vk, &rk, &r, &veh) == V2X_OK &&
	     pqs_v2x_key_generate(&wk, alg, NULL) == V2X_OK && issue(V2X_CERT_EE, &wk, &ak, &a, &weh) == V2X_OK;
	v2x_store *st = pqs_v2x_store_new(8);
	TU_CHECK(ok && pqs_v2x_store_add_cert(st, a.b, a.n) == V2X_OK && pqs_v2x_store_add_root(st, r.b, r.n) == V2X_OK,
		 "add_cert(A), add_root(R)");
	size_t len = 0;
	int trusted = -1;
	const uint8_t *got = pqs_v2x_store_find(st, rid, &len, &trusted);
	TU_CHECK(got && len == a.n && memcmp(got, a.b, a.n) == 0 && trusted == 0,
	         "A (first with the HashedId8) stays untrusted: trusted %d", trusted);
	/* R is present and is the anchor: its vehicle's SPDU verifies; A's vehicle's does not */
	int e = ok && sign(&vk, &veh, V2X_SIGNER_CERT, &m) == V2X_OK ? verify(st, NULL, &m) : -1;
	TU_CHECK(e == V2X_OK, "SPDU under R (anchor with a colliding HashedId8): %s", pqs_v2x_strerror(e));
	e = ok && sign(&wk, &weh, V2X_SIGNER_CERT, &m) == V2X_OK ? verify(st, NULL, &m) : -1;
	TU_CHECK(e == V2X_ERR_UNTRUSTED_ROOT, "SPDU under A (untrusted, colliding with R): %s", pqs_v2x_strerror(e));
	/* the other order: add_root(R), then add_cert(A) */
	v2x_store *st2 = pqs_v2x_store_new(8);
	TU_CHECK(pqs_v2x_store_add_root(st2, r.b, r.n) == V2X_OK && pqs_v2x_store_add_cert(st2, a.b, a.n) == V2X_OK,
		 "add_root(R), add_cert(A)");
	e = verify(st2, NULL, &m);
	TU_CHECK(e == V2X_ERR_UNTRUSTED_ROOT, "SPDU under A after R: %s", pqs_v2x_strerror(e));
	pqs_v2x_store_free(st2);
	pqs_v2x_store_free(st);
	pqs_v2x_test_hashedid_octets(8);
	pqs_v2x_key_clear(&rk);
	pqs_v2x_key_clear(&ak);
	pqs_v2x_key_clear(&vk);
	pqs_v2x_key_clear(&wk);
}

static void test_v2x_regress_hashedid8_collision_cache(void)
{
	static v2x_key rk, k1, k2;
	static blob r, c1, c2, m1, m2, d1, d2;
	const v2x_alg *alg = pqs_v2x_alg_find("ECDSA");
	uint8_t id1[8];
	pqs_v2x_test_hashedid_octets(1);
	int ok = pqs_v2x_key_generate(&rk, alg, NULL) == V2X_OK && issue(V2X_CERT_ROOT, &rk, &rk, NULL, &r) == V2X_OK &&
		 pqs_v2x_key_generate(&k1, alg, NULL) == V2X_OK && issue(V2X_CERT_EE, &k1, &rk, &r, &c1) == V2X_OK &&
		 pqs_v2x_cert_hashedid8(c1.b, c1.n, id1, NULL, NULL) == V2X_OK &&
		 issue_colliding(V2X_CERT_EE, alg, &rk, &r, id1, &k2, &c2);
	ok = ok && sign(&k1, &c1, V2X_SIGNER_CERT, &m1) == V2X_OK && sign(&k2, &c2, V2X_SIGNER_CERT, &m2) == V2X_OK &&
	     sign(&k1, &c1, V2X_SIGNER_DIGEST, &d1) == V2X_OK && sign(&k2, &c2, V2X_SIGNER_DIGEST, &d2) == V2X_OK;
	TU_CHECK(ok, "two vehicle certificates with one HashedId8");
	v2x_store *st = pqs_v2x_store_new(8);
	v2x_cache *c = pqs_v2x_cache_new(8);
	TU_CHECK(pqs_v2x_store_add_root(st, r.b, r.n) == V2X_OK, "root");
	int e1 = verify(st, c, &m1), e2 = verify(st, c, &m2);
	TU_CHECK(e1 == V2X_OK && e2 == V2X_OK, "both attached-certificate SPDUs: %s, %s", pqs_v2x_strerror(e1),
		 pqs_v2x_strerror(e2));
	TU_CHECK(pqs_v2x_cache_size(c) == 2, "the second certificate did not replace the first's entry: %zu entries",
		 pqs_v2x_cache_size(c));
	e1 = verify(st, c, &d1);
	e2 = verify(st, c, &d2);
	TU_CHECK(e1 == V2X_OK && e2 == V2X_OK, "digest SPDUs of both through the cache: %s, %s", pqs_v2x_strerror(e1),
		 pqs_v2x_strerror(e2));
	/* the same from the store (both known certificates), cold */
	TU_CHECK(pqs_v2x_store_add_cert(st, c1.b, c1.n) == V2X_OK && pqs_v2x_store_add_cert(st, c2.b, c2.n) == V2X_OK,
		 "both in the store");
	e1 = verify(st, NULL, &d1);
	e2 = verify(st, NULL, &d2);
	TU_CHECK(e1 == V2X_OK && e2 == V2X_OK, "digest SPDUs of both through the store: %s, %s", pqs_v2x_strerror(e1),
		 pqs_v2x_strerror(e2));
	/* a digest SPDU signed by neither key still fails */
	d1.b[d1.n - 1] ^= 1;
	e1 = verify(st, c, &d1);
	TU_CHECK(e1 == V2X_ERR_SIG_INVALID, "a wrong signature under the colliding HashedId8: %s",
		 pqs_v2x_strerror(e1));
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
	pqs_v2x_test_hashedid_octets(8);
	pqs_v2x_key_clear(&rk);
	pqs_v2x_key_clear(&k1);
	pqs_v2x_key_clear(&k2);
}

static int verify_r(v2x_store *st, v2x_cache *c, v2x_replay *r, const blob *x)
{
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, st, c, now64);
	v.replay = r;
	return pqs_v2x_spdu_verify(&v, x->b, x->n, NULL);
}

static void test_v2x_regress_replay_within_window(void)
{
	static pki a, b;
	static blob m, again, digest, resigned, other, bad;
	TU_CHECK(make_pki(&a, "ECDSA") && make_pki(&b, "ECDSA"), "PKIs");
	v2x_store *st = pqs_v2x_store_new(4);
	v2x_cache *c = pqs_v2x_cache_new(4);
	TU_CHECK(pqs_v2x_store_add_root(st, a.root.b, a.root.n) == V2X_OK &&
			 pqs_v2x_store_add_root(st, b.root.b, b.root.n) == V2X_OK,
		 "roots");
	m = a.spdu;
	/* the defect: without a detector the same SPDU verifies again inside the window */
	int e1 = verify(st, c, &m), e2 = verify(st, c, &m);
	TU_CHECK(e1 == V2X_OK && e2 == V2X_OK, "no detector: accepted twice (%s, %s)", pqs_v2x_strerror(e1),
		 pqs_v2x_strerror(e2));
	v2x_replay *r = pqs_v2x_replay_new(4, 3);
	TU_CHECK(r != NULL, "detector");
	int e = verify_r(st, c, r, &m);
	TU_CHECK(e == V2X_OK, "first arrival: %s", pqs_v2x_strerror(e));
	e = verify_r(st, c, r, &m);
	TU_CHECK(e == V2X_ERR_DUPLICATE, "the same bytes again: %s", pqs_v2x_strerror(e));
	e = sign(&a.vk, &a.veh, V2X_SIGNER_DIGEST, &digest) == V2X_OK ? verify_r(st, c, r, &digest) : -1;
	TU_CHECK(e == V2X_ERR_DUPLICATE, "the same content with a digest signer: %s", pqs_v2x_strerror(e));
	e = sign(&a.vk, &a.veh, V2X_SIGNER_CERT, &resigned) == V2X_OK && memcmp(resigned.b, m.b, m.n) != 0
	            ? verify_r(st, c, r, &resigned)
	            : -1;
	TU_CHECK(e == V2X_ERR_DUPLICATE, "the same content signed again: %s", pqs_v2x_strerror(e));
	/* a forgery is not recorded: its genuine twin still verifies first time */
	TU_CHECK(sign_at(&a.vk, &a.veh, V2X_SIGNER_CERT, now64 + 1, &other) == V2X_OK, "another SPDU");
	bad = other;
	bad.b[bad.n - 1] ^= 1;
	e1 = verify_r(st, c, r, &bad);
	e2 = verify_r(st, c, r, &other);
	TU_CHECK(e1 == V2X_ERR_SIG_INVALID && e2 == V2X_OK, "forgery %s, then the genuine SPDU %s",
		 pqs_v2x_strerror(e1), pqs_v2x_strerror(e2));
	/* another signer's traffic does not evict a's digests (its own quota) */
	for (int i = 0; i < 10; i++) {
		e = sign_at(&b.vk, &b.veh, V2X_SIGNER_CERT, now64 + 1 + (uint64_t)i, &again);
		if (!e)
			e = verify_r(st, c, r, &again);
		TU_CHECK(e == V2X_OK, "signer b SPDU %d: %s", i, pqs_v2x_strerror(e));
	}
	e = verify_r(st, c, r, &m);
	TU_CHECK(e == V2X_ERR_DUPLICATE, "a's SPDU after b's traffic: %s", pqs_v2x_strerror(e));
	/* the bound: a's ring holds 3 digests; after 3 newer SPDUs of a the first is forgotten */
	for (int i = 2; i < 5; i++)
		TU_CHECK(sign_at(&a.vk, &a.veh, V2X_SIGNER_CERT, now64 + (uint64_t)i, &again) == V2X_OK &&
		                 verify_r(st, c, r, &again) == V2X_OK,
		         "a's SPDU %d", i);
	e = verify_r(st, c, r, &m);
	TU_CHECK(e == V2X_OK, "beyond the per-signer bound the oldest is forgotten: %s", pqs_v2x_strerror(e));
	size_t mem = pqs_v2x_replay_memory(r);
	TU_CHECK(mem >= 4 * 3 * 24 && mem < 4 * 3 * 24 + 4 * 64 + 256, "memory of (4, 3): %zu bytes", mem);
	pqs_v2x_replay_free(r);
	TU_CHECK(pqs_v2x_replay_new(0, 3) == NULL && pqs_v2x_replay_new(3, 0) == NULL, "zero bounds refused");
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
	pqs_v2x_key_clear(&a.rk);
	pqs_v2x_key_clear(&a.vk);
	pqs_v2x_key_clear(&b.rk);
	pqs_v2x_key_clear(&b.vk);
}

int main(void)
{
	now64 = pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull);
	now32 = (uint32_t)(now64 / 1000000u);
	test_v2x_regress_ecdsa_rsig_malleability();
	test_v2x_regress_offcurve_uncompressed_key();
	test_v2x_regress_hashedid8_collision_store();
	test_v2x_regress_hashedid8_collision_cache();
	test_v2x_regress_replay_within_window();
	return tu_finish("v2x_regress");
}
