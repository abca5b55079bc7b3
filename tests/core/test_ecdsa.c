/*
 * ECDSA through the registry: round trips on all four curves, rejection of
 * modified messages/signatures/keys, out-of-range r/s, and interop in both
 * directions with OpenSSL's own EVP sign/verify (DER signatures, keys
 * built independently from the uncompressed point; OpenSSL's high-S
 * signatures are checked under PQS_ECDSA_S_ANY).  Regressions (issue 10):
 * the low-S policy per class and of composites, out-of-range secret keys
 * in sign, off-curve uncompressed points.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>

#include "pqsig/ecdsa.h"
#include "testutil.h"

static EVP_PKEY *openssl_pub(const pqs_sig_class *cls, const uint8_t *pk)
{
	uint8_t unc[97];
	size_t flen = pqs_ecdsa_field_len(cls);
	if (pqs_ecdsa_pk_uncompress(cls, unc, pk) != PQS_OK)
		return NULL;
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, pqs_ecdsa_curve_name(cls), 0);
	OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, unc, 2 * flen + 1);
	OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	EVP_PKEY *pkey = NULL;
	EVP_PKEY_fromdata_init(ctx);
	EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params);
	EVP_PKEY_CTX_free(ctx);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	return pkey;
}

static const char *md_of(const pqs_sig_class *cls)
{
	return pqs_ecdsa_field_len(cls) == 48 ? "SHA384" : "SHA256";
}

/* Our r||s, re-encoded as DER, verifies with OpenSSL's EVP_DigestVerify. */
static int openssl_verifies(const pqs_sig_class *cls, const uint8_t *pk, const uint8_t *sig, const uint8_t *msg, size_t mlen)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	ECDSA_SIG *es = ECDSA_SIG_new();
	ECDSA_SIG_set0(es, BN_bin2bn(sig, (int)flen, NULL), BN_bin2bn(sig + flen, (int)flen, NULL));
	unsigned char der[128], *q = der;
	int dlen = i2d_ECDSA_SIG(es, &q);
	ECDSA_SIG_free(es);
	EVP_PKEY *pkey = openssl_pub(cls, pk);
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok = pkey && EVP_DigestVerifyInit_ex(md, NULL, md_of(cls), NULL, NULL, pkey, NULL) == 1 &&
	         EVP_DigestVerify(md, der, (size_t)dlen, msg, mlen) == 1;
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(pkey);
	return ok;
}

/* OpenSSL signs with a key imported from our scalar; we verify it. */
static int we_verify_openssl(const pqs_sig_class *cls, const uint8_t *sk, const uint8_t *pk, const uint8_t *msg, size_t mlen)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	uint8_t unc[97];
	pqs_ecdsa_pk_uncompress(cls, unc, pk);
	BIGNUM *d = BN_bin2bn(sk, (int)flen, NULL);
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, pqs_ecdsa_curve_name(cls), 0);
	OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d);
	OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, unc, 2 * flen + 1);
	OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	EVP_PKEY *pkey = NULL;
	EVP_PKEY_fromdata_init(ctx);
	EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params);
	unsigned char der[128];
	size_t dlen = sizeof der;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok = pkey && EVP_DigestSignInit_ex(md, NULL, md_of(cls), NULL, NULL, pkey, NULL) == 1 &&
	         EVP_DigestSign(md, der, &dlen, msg, mlen) == 1;
	uint8_t raw[96];
	if (ok) {
		const unsigned char *q = der;
		ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &q, (long)dlen);
		const BIGNUM *r, *s;
		ECDSA_SIG_get0(es, &r, &s);
		BN_bn2binpad(r, raw, (int)flen);
		BN_bn2binpad(s, raw + flen, (int)flen);
		ECDSA_SIG_free(es);
		ok = pqs_ecdsa_verify_policy(cls, raw, 2 * flen, msg, mlen, pk, PQS_ECDSA_S_ANY) == PQS_OK;
	}
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(pkey);
	EVP_PKEY_CTX_free(ctx);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	BN_free(d);
	return ok;
}

/* n of the class's curve, big-endian at the field size. */
static void order_of(const pqs_sig_class *cls, uint8_t *n)
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(OBJ_sn2nid(pqs_ecdsa_curve_name(cls)));
	BN_bn2binpad(EC_GROUP_get0_order(g), n, (int)pqs_ecdsa_field_len(cls));
	EC_GROUP_free(g);
}

/* out = a - b over len big-endian bytes (a >= b). */
static void sub_be(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t len)
{
	unsigned borrow = 0;
	for (size_t i = len; i-- > 0;) {
		unsigned d = (unsigned)a[i] - b[i] - borrow;
		out[i] = (uint8_t)d;
		borrow = (d >> 8) & 1u;
	}
}

/*
 * Issue 10 item 3: (r, n - s) verified for every class and for the ECDSA
 * half of composites.  Every class now signs low-S; secp256k1 and the
 * composites reject the high twin with PQS_ERR_SIG_ENCODING, the NIST and
 * Brainpool classes accept it (documented policy), PQS_ECDSA_S_LOW rejects
 * it everywhere.
 */
static void test_ecdsa_regress_high_s_malleability(const pqs_sig_class *cls)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	const int strict = strcmp(cls->name, "ECDSA-secp256k1") == 0;
	uint8_t pk[49], sk[48], sig[96], twin[96], n[48], half[48];
	const uint8_t msg[] = "malleable?";
	order_of(cls, n);
	memcpy(half, n, flen);
	for (size_t i = flen; i-- > 0;) /* half = floor(n / 2) */
		half[i] = (uint8_t)((half[i] >> 1) | (i ? (n[i - 1] & 1) << 7 : 0));
	unsigned low = 0, rounds = 16;
	for (unsigned k = 0; k < rounds; k++) {
		size_t sl = 0;
		TU_CHECK(pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL) == PQS_OK &&
		                 pqs_sig_sign(cls, sig, sizeof sig, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_OK,
		         "%s sign", cls->name);
		low += memcmp(sig + flen, half, flen) <= 0;
		memcpy(twin, sig, flen);
		sub_be(twin + flen, n, sig + flen, flen);
		int e = pqs_sig_verify(cls, twin, 2 * flen, msg, sizeof msg, NULL, 0, pk);
		TU_CHECK(e == (strict ? PQS_ERR_SIG_ENCODING : PQS_OK), "%s (r, n-s) through the class: %d", cls->name, e);
		TU_CHECK(pqs_ecdsa_verify_policy(cls, twin, 2 * flen, msg, sizeof msg, pk, PQS_ECDSA_S_LOW) ==
		                 PQS_ERR_SIG_ENCODING &&
		                 pqs_ecdsa_verify_policy(cls, twin, 2 * flen, msg, sizeof msg, pk, PQS_ECDSA_S_ANY) == PQS_OK,
		         "%s (r, n-s) under explicit policies", cls->name);
		/* The class API's digest slots: PQS_VERIFY_CANONICAL is the low-S rule (IEEE 1609.2 6.3.29). */
		uint8_t dg[32];
		_Alignas(PQS_SIG_PREPARED_ALIGN) uint8_t prepared[PQS_ECDSA_PREPARED_BYTES];
		memset(dg, (int)k, sizeof dg);
		TU_CHECK(pqs_sig_sign_digest(cls, sig, sizeof sig, &sl, dg, sizeof dg, sk) == PQS_OK &&
				 pqs_sig_prepare(cls, prepared, pk) == PQS_OK,
			 "%s sign digest", cls->name);
		memcpy(twin, sig, flen);
		sub_be(twin + flen, n, sig + flen, flen);
		TU_CHECK(pqs_sig_verify_digest(cls, sig, sl, dg, sizeof dg, pk, PQS_VERIFY_CANONICAL) == PQS_OK &&
				 pqs_sig_verify_digest_prepared(cls, sig, sl, dg, sizeof dg, prepared,
								PQS_VERIFY_CANONICAL) == PQS_OK,
			 "%s canonical digest signature", cls->name);
		TU_CHECK(pqs_sig_verify_digest(cls, twin, sl, dg, sizeof dg, pk, PQS_VERIFY_CANONICAL) ==
					 PQS_ERR_SIG_ENCODING &&
				 pqs_sig_verify_digest_prepared(cls, twin, sl, dg, sizeof dg, prepared,
								PQS_VERIFY_CANONICAL) == PQS_ERR_SIG_ENCODING,
			 "%s (r, n-s) over a digest refused as non-canonical", cls->name);
		e = pqs_sig_verify_digest(cls, twin, sl, dg, sizeof dg, pk, 0);
		TU_CHECK(e == (strict ? PQS_ERR_SIG_ENCODING : PQS_OK) &&
				 pqs_sig_verify_digest_prepared(cls, twin, sl, dg, sizeof dg, prepared, 0) == e,
			 "%s (r, n-s) over a digest under the class's policy: %d", cls->name, e);
		pqs_sig_release_prepared(cls, prepared);
	}
	TU_CHECK(low == rounds, "%s: %u of %u signatures low-S", cls->name, low, rounds);
}

/* The composite's ECDSA half: (r, n - s) must not verify (P-256 alone accepts it). */
static void test_composite_regress_ecdsa_high_s(void)
{
	const char *names[] = { "ECDSA-P256+ML-DSA-44", "ECDSA-P256+Falcon-padded-512" };
	const pqs_sig_class *p256 = pqs_sig_find("ECDSA-P256");
	uint8_t n[32];
	order_of(p256, n);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const pqs_sig_class *c = pqs_sig_find(names[i]);
		TU_CHECK(c != NULL, "%s registered", names[i]);
		if (!c)
			continue;
		uint8_t *pk = malloc(c->pk_len), *sk = malloc(c->sk_len), *sig = malloc(c->sig_max_len);
		size_t sl = 0;
		const uint8_t msg[] = "composite";
		TU_CHECK(pqs_sig_keygen(c, pk, sk, NULL, 0, NULL) == PQS_OK &&
		                 pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_OK &&
		                 pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) == PQS_OK,
		         "%s round trip", names[i]);
		sub_be(sig + 32, n, sig + 32, 32);
		int e = pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk);
		TU_CHECK(e == PQS_ERR_SIG_ENCODING, "%s with its ECDSA s replaced by n - s: %d", names[i], e);
		free(pk);
		free(sk);
		free(sig);
	}
}

/* Issue 10 item 5: sign with d = 0, d = n, d = n + 1 and d = ff..ff is PQS_ERR_KEY_ENCODING (no reduction mod n). */
static void test_ecdsa_regress_sign_out_of_range_key(const pqs_sig_class *cls)
{
	size_t flen = pqs_ecdsa_field_len(cls), sl = 0;
	uint8_t bad[4][48], sig[96], dg[32] = { 1 }, one[48] = { 0 };
	memset(bad[0], 0, flen);
	order_of(cls, bad[1]);
	one[flen - 1] = 1;
	memcpy(bad[2], bad[1], flen);
	bad[2][flen - 1]++; /* n is odd: no carry */
	memset(bad[3], 0xFF, flen);
	for (int i = 0; i < 4; i++) {
		memset(sig, 0xAA, sizeof sig);
		int e = pqs_sig_sign(cls, sig, sizeof sig, &sl, dg, sizeof dg, NULL, 0, bad[i], 0, NULL);
		TU_CHECK(e == PQS_ERR_KEY_ENCODING && sl == 0, "%s: sign with out-of-range key %d: %d", cls->name, i, e);
		e = pqs_ecdsa_sign_digest(cls, sig, dg, sizeof dg, bad[i]);
		TU_CHECK(e == PQS_ERR_KEY_ENCODING, "%s: digest sign with out-of-range key %d: %d", cls->name, i, e);
	}
	/* the edges inside the range still sign: d = 1 and d = n - 1 */
	uint8_t nm1[48];
	sub_be(nm1, bad[1], one, flen);
	TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &sl, dg, sizeof dg, NULL, 0, one, 0, NULL) == PQS_OK &&
	                 pqs_sig_sign(cls, sig, sizeof sig, &sl, dg, sizeof dg, NULL, 0, nm1, 0, NULL) == PQS_OK,
	         "%s: d = 1 and d = n - 1 sign", cls->name);
}

/* Issue 10 item 4: an uncompressed point is accepted only on the curve (not by the parity of y). */
static void test_ecdsa_regress_off_curve_point(const pqs_sig_class *cls)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	uint8_t pk[49], sk[48], unc[97], back[49];
	TU_CHECK(pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL) == PQS_OK && pqs_ecdsa_pk_uncompress(cls, unc, pk) == PQS_OK,
	         "%s keygen", cls->name);
	TU_CHECK(pqs_ecdsa_pk_from_point(cls, back, unc, 2 * flen + 1) == PQS_OK && memcmp(back, pk, flen + 1) == 0,
	         "%s: uncompressed point back to the registry key", cls->name);
	TU_CHECK(pqs_ecdsa_pk_from_point(cls, back, pk, flen + 1) == PQS_OK && memcmp(back, pk, flen + 1) == 0,
	         "%s: compressed point accepted", cls->name);
	unsigned rejected = 0;
	for (unsigned bit = 1; bit < 8; bit++) { /* y changed, parity kept */
		unc[2 * flen - 1] ^= (uint8_t)(1u << bit);
		rejected += pqs_ecdsa_pk_from_point(cls, back, unc, 2 * flen + 1) == PQS_ERR_KEY_ENCODING;
		unc[2 * flen - 1] ^= (uint8_t)(1u << bit);
	}
	TU_CHECK(rejected == 7, "%s: %u of 7 off-curve y rejected", cls->name, rejected);
	unc[0] = 0x06; /* hybrid form */
	TU_CHECK(pqs_ecdsa_pk_from_point(cls, back, unc, 2 * flen + 1) == PQS_ERR_KEY_ENCODING, "%s: hybrid form", cls->name);
	TU_CHECK(pqs_ecdsa_pk_from_point(cls, back, unc, 2 * flen) == PQS_ERR_KEY_ENCODING, "%s: short point", cls->name);
}

int main(void)
{
	const char *names[] = { "ECDSA-P256", "ECDSA-P384", "ECDSA-brainpoolP256r1", "ECDSA-secp256k1" };
	for (size_t c = 0; c < 4; c++) {
		const pqs_sig_class *cls = pqs_sig_find(names[c]);
		TU_CHECK(cls != NULL, "%s registered", names[c]);
		if (!cls)
			continue;
		size_t flen = pqs_ecdsa_field_len(cls);
		TU_CHECK(cls->pk_len == flen + 1 && cls->sk_len == flen && cls->sig_max_len == 2 * flen, "%s sizes", names[c]);
		for (int round = 0; round < 20; round++) {
			uint8_t pk[49], sk[48], sig[96], msg[64];
			size_t sig_len = 0, mlen = (size_t)round * 3;
			for (size_t i = 0; i < mlen; i++)
				msg[i] = (uint8_t)(i * 7 + round);
			TU_CHECK(pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL) == PQS_OK, "%s keygen", names[c]);
			TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &sig_len, msg, mlen, NULL, 0, sk, 0, NULL) == PQS_OK &&
			                 sig_len == 2 * flen, "%s sign", names[c]);
			TU_CHECK(pqs_sig_verify(cls, sig, sig_len, msg, mlen, NULL, 0, pk) == PQS_OK, "%s verify", names[c]);
			TU_CHECK(openssl_verifies(cls, pk, sig, msg, mlen), "%s: OpenSSL verifies our signature", names[c]);
			TU_CHECK(we_verify_openssl(cls, sk, pk, msg, mlen), "%s: we verify OpenSSL's signature", names[c]);
			/* Modified message, signature byte, r or s out of range. */
			uint8_t m2[64];
			memcpy(m2, msg, mlen);
			m2[0] ^= 1;
			if (mlen)
				TU_CHECK(pqs_sig_verify(cls, sig, sig_len, m2, mlen, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE,
				         "%s modified message", names[c]);
			uint8_t s2[96];
			memcpy(s2, sig, sig_len);
			s2[round % sig_len] ^= (uint8_t)(1u << (round % 8));
			TU_CHECK(pqs_sig_verify(cls, s2, sig_len, msg, mlen, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE,
			         "%s modified signature", names[c]);
			memset(s2, 0, flen);
			TU_CHECK(pqs_sig_verify(cls, s2, sig_len, msg, mlen, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE, "%s r = 0",
			         names[c]);
			memcpy(s2, sig, sig_len);
			memset(s2 + flen, 0xFF, flen);
			TU_CHECK(pqs_sig_verify(cls, s2, sig_len, msg, mlen, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE, "%s s >= n",
			         names[c]);
			TU_CHECK(pqs_sig_verify(cls, sig, sig_len - 1, msg, mlen, NULL, 0, pk) == PQS_ERR_SIG_LENGTH,
			         "%s short signature", names[c]);
			/* Key that is not a compressed point, and an x that is not on the curve. */
			uint8_t pk2[49];
			memcpy(pk2, pk, cls->pk_len);
			pk2[0] = 0x04;
			TU_CHECK(pqs_sig_verify(cls, sig, sig_len, msg, mlen, NULL, 0, pk2) == PQS_ERR_KEY_ENCODING, "%s 0x04 key",
			         names[c]);
			/* Digest interface round trip. */
			uint8_t dg[32];
			memset(dg, round, sizeof dg);
			TU_CHECK(pqs_ecdsa_sign_digest(cls, sig, dg, 32, sk) == PQS_OK &&
			                 pqs_ecdsa_verify_digest(cls, sig, dg, 32, pk) == PQS_OK,
			         "%s digest sign/verify", names[c]);
			dg[5] ^= 0x10;
			TU_CHECK(pqs_ecdsa_verify_digest(cls, sig, dg, 32, pk) == PQS_ERR_INVALID_SIGNATURE, "%s digest modified",
			         names[c]);
		}
		/* Deterministic keygen: the seed is the scalar; 0 and values >= n are refused. */
		uint8_t seed[48], pk1[49], pk2[49], sk1[48], sk2[48];
		memset(seed, 0x11, flen);
		TU_CHECK(pqs_sig_keygen(cls, pk1, sk1, seed, flen, NULL) == PQS_OK &&
		                 pqs_sig_keygen(cls, pk2, sk2, seed, flen, NULL) == PQS_OK && memcmp(pk1, pk2, flen + 1) == 0 &&
		                 memcmp(sk1, seed, flen) == 0,
		         "%s seeded keygen", names[c]);
		memset(seed, 0, flen);
		TU_CHECK(pqs_sig_keygen(cls, pk1, sk1, seed, flen, NULL) == PQS_ERR_KEY_ENCODING, "%s zero scalar", names[c]);
		memset(seed, 0xFF, flen);
		TU_CHECK(pqs_sig_keygen(cls, pk1, sk1, seed, flen, NULL) == PQS_ERR_KEY_ENCODING, "%s scalar >= n", names[c]);
		TU_CHECK(pqs_sig_keygen(cls, pk1, sk1, seed, flen - 1, NULL) == PQS_ERR_SEED_LENGTH, "%s seed length", names[c]);
		/* No context strings, no deterministic mode in OpenSSL 3.0. */
		size_t sl;
		uint8_t sig[96];
		TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &sl, seed, 1, seed, 1, sk1, 0, NULL) == PQS_ERR_CTX_UNSUPPORTED,
		         "%s ctx refused", names[c]);
		TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &sl, seed, 1, NULL, 0, sk1, PQS_SIGN_DETERMINISTIC, NULL) ==
		                 PQS_ERR_UNSUPPORTED,
		         "%s deterministic refused", names[c]);
		test_ecdsa_regress_high_s_malleability(cls);
		test_ecdsa_regress_sign_out_of_range_key(cls);
		test_ecdsa_regress_off_curve_point(cls);
	}
	test_composite_regress_ecdsa_high_s();
	return tu_finish("ecdsa");
}
