/*
 * ECDSA over P-256, P-384, brainpoolP256r1 and secp256k1 through OpenSSL
 * 3 (EVP, OSSL_PARAM key import).  Keys travel in pqsig's fixed encodings
 * (scalar / compressed point / r||s, see include/pqsig/ecdsa.h) and are
 * imported into an EVP_PKEY for each operation, so no OpenSSL object
 * outlives a call and callers keep plain byte buffers.
 */
#include <pthread.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

#include "ec_point.h"
#include "pqsig/ecdsa.h"

typedef struct {
	const char *group;  /* OpenSSL group name */
	int nid;
	size_t flen;        /* field/scalar byte length */
	const char *digest; /* message digest name (documentation; md_of() holds the fetched object) */
	pqs_ecdsa_s_policy s_policy; /* the class's verification policy (docs/security.md) */
} ecdsa_params;

/*
 * Low-S policy per class (docs/security.md, "Signature canonicality"):
 * every class signs with s <= n/2.  secp256k1 also verifies only low-S,
 * as Bitcoin does (BIP 62 rule 5, BIP 146 LOW_S); the NIST and Brainpool
 * curves accept any s in [1, n-1] as FIPS 186-5 section 6.4.2 and SEC 1
 * section 4.1.4 define, so that signatures of other implementations
 * (X.509, TLS, IEEE 1609.2 peers) keep verifying.  Callers that need one
 * encoding per signature (V2X, composites) ask for PQS_ECDSA_S_LOW.
 */
static const ecdsa_params P256 = { "prime256v1", NID_X9_62_prime256v1, 32, "SHA256", PQS_ECDSA_S_ANY };
static const ecdsa_params P384 = { "secp384r1", NID_secp384r1, 48, "SHA384", PQS_ECDSA_S_ANY };
static const ecdsa_params BP256 = { "brainpoolP256r1", NID_brainpoolP256r1, 32, "SHA256", PQS_ECDSA_S_ANY };
static const ecdsa_params K256 = { "secp256k1", NID_secp256k1, 32, "SHA256", PQS_ECDSA_S_LOW };

/*
 * OpenSSL 3 looks algorithms up in its provider tables on every implicit
 * fetch: the digests are fetched once per process here and shared
 * read-only (OpenSSL documents fetched EVP_MD objects as safe for
 * concurrent read use); the curve groups are cached by ec_point.c.
 */
static EVP_MD *cached_sha256, *cached_sha384;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_init(void)
{
	cached_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
	cached_sha384 = EVP_MD_fetch(NULL, "SHA384", NULL);
}

static const EC_GROUP *group_of(const ecdsa_params *p)
{
	return pqs_ec_group(p->nid);
}

static const EVP_MD *md_of(const ecdsa_params *p)
{
	pthread_once(&cache_once, cache_init);
	return p->flen == 48 ? cached_sha384 : cached_sha256;
}

static const ecdsa_params *params_of(const pqs_sig_class *cls)
{
	return cls ? (const ecdsa_params *)cls->params : NULL;
}

size_t pqs_ecdsa_field_len(const pqs_sig_class *cls)
{
	const ecdsa_params *p = params_of(cls);
	return p && strcmp(cls->family, "ECDSA") == 0 ? p->flen : 0;
}

const char *pqs_ecdsa_curve_name(const pqs_sig_class *cls)
{
	return pqs_ecdsa_field_len(cls) ? params_of(cls)->group : NULL;
}

/* Import a key: private scalar and/or public point (SEC 1 octets). */
static EVP_PKEY *import_key(const ecdsa_params *p, const uint8_t *sk, const uint8_t *pk, size_t pk_len)
{
	EVP_PKEY *pkey = NULL;
	BIGNUM *d = NULL;
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, p->group, 0))
		goto done;
	if (sk) {
		d = BN_secure_new();
		if (!d || !BN_bin2bn(sk, (int)p->flen, d) ||
		    !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d))
			goto done;
	}
	if (pk && !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pk, pk_len))
		goto done;
	params = OSSL_PARAM_BLD_to_param(bld);
	ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	if (!params || !ctx || EVP_PKEY_fromdata_init(ctx) != 1 ||
	    EVP_PKEY_fromdata(ctx, &pkey, sk ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) != 1)
		pkey = NULL;
done:
	EVP_PKEY_CTX_free(ctx);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	BN_clear_free(d);
	return pkey;
}

/* Is 1 <= d < n?  Uses the group order (public values only: r, s). */
static int scalar_in_range(const EC_GROUP *g, const BIGNUM *d)
{
	return !BN_is_zero(d) && !BN_is_negative(d) && BN_cmp(d, EC_GROUP_get0_order(g)) < 0;
}

/*
 * Is the big-endian secret scalar sk (flen bytes) in [1, n-1] (SEC 1
 * 3.2.1, FIPS 186-5 6.2.1)?  Constant time: the borrow of sk - n and an
 * OR of all bytes are accumulated over every byte, so only the verdict
 * (a valid key or not) is data-dependent.  BIGNUM comparisons stop at the
 * first differing word and are kept for public values.
 */
static int secret_scalar_in_range(const ecdsa_params *p, const EC_GROUP *g, const uint8_t *sk)
{
	uint8_t n[48];
	if (BN_bn2binpad(EC_GROUP_get0_order(g), n, (int)p->flen) != (int)p->flen)
		return 0;
	unsigned borrow = 0, any = 0;
	for (size_t i = p->flen; i-- > 0;) {
		unsigned diff = (unsigned)sk[i] - (unsigned)n[i] - borrow;
		borrow = (diff >> 8) & 1u;
		any |= sk[i];
	}
	/* borrow = 1 iff sk < n; any != 0 iff sk != 0 */
	return (int)(borrow & ((any + 0xffu) >> 8));
}

/* pk = compressed(d * G). */
static int public_from_scalar(const ecdsa_params *p, const EC_GROUP *g, const BIGNUM *d, uint8_t *pk)
{
	int ret = PQS_ERR_INTERNAL;
	EC_POINT *pt = EC_POINT_new(g);
	BN_CTX *bn = BN_CTX_new();
	if (pt && bn && EC_POINT_mul(g, pt, d, NULL, NULL, bn) == 1 && pqs_ec_point_encode(g, pt, 1, pk, p->flen, bn))
		ret = PQS_OK;
	EC_POINT_free(pt);
	BN_CTX_free(bn);
	return ret;
}

static int ecdsa_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
                        const uint8_t *seed, size_t seed_len, pqs_rng *rng)
{
	const ecdsa_params *p = params_of(cls);
	(void)seed_len;
	int ret = PQS_ERR_INTERNAL;
	const EC_GROUP *g = group_of(p);
	BIGNUM *d = BN_secure_new();
	if (!g || !d)
		goto done;
	if (seed) {
		/* Deterministic: the seed is the private scalar itself. */
		if (!secret_scalar_in_range(p, g, seed)) {
			ret = PQS_ERR_KEY_ENCODING;
			goto done;
		}
		memcpy(sk, seed, p->flen);
	} else {
		/* Rejection sampling (FIPS 186-5 A.4.2): uniform in [1, n-1]. */
		do {
			ret = pqs_rng_fill(rng, sk, p->flen);
			if (ret != PQS_OK)
				goto done;
		} while (!secret_scalar_in_range(p, g, sk));
	}
	ret = PQS_ERR_INTERNAL;
	if (BN_bin2bn(sk, (int)p->flen, d))
		ret = public_from_scalar(p, g, d, pk);
done:
	if (ret != PQS_OK)
		pqs_zeroize(sk, p->flen);
	BN_clear_free(d);
	return ret;
}

/* Is s > n/2 (the "high" one of s and n - s)?  n is odd, so s > floor(n/2) iff 2s > n.  -1 on failure. */
static int s_is_high(const EC_GROUP *g, const BIGNUM *s)
{
	BIGNUM *twice = BN_new();
	int high = twice && BN_lshift1(twice, s) ? BN_cmp(twice, EC_GROUP_get0_order(g)) > 0 : -1;
	BN_free(twice);
	return high;
}

/*
 * DER ECDSA-Sig-Value -> r || s, with s replaced by n - s when s > n/2:
 * (r, s) and (r, n - s) verify alike (SEC 1 4.1.4: only the x-coordinate
 * of R is used), and the low one is the single form every class accepts.
 */
static int der_to_raw(const ecdsa_params *p, const uint8_t *der, size_t der_len, uint8_t *sig)
{
	const unsigned char *q = der;
	ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &q, (long)der_len);
	BIGNUM *low = BN_new();
	const EC_GROUP *g = group_of(p);
	int ret = PQS_ERR_INTERNAL;
	if (es && low && g) {
		const BIGNUM *r, *s;
		ECDSA_SIG_get0(es, &r, &s);
		int high = s_is_high(g, s);
		if (high == 1 && BN_sub(low, EC_GROUP_get0_order(g), s))
			s = low;
		if (high >= 0 && BN_bn2binpad(r, sig, (int)p->flen) == (int)p->flen &&
		    BN_bn2binpad(s, sig + p->flen, (int)p->flen) == (int)p->flen)
			ret = PQS_OK;
	}
	ECDSA_SIG_free(es);
	BN_free(low);
	return ret;
}

/*
 * r || s -> DER; rejects r or s outside [1, n-1] (SEC 1 4.1.4 step 1),
 * and s > n/2 under PQS_ECDSA_S_LOW (a non-canonical encoding).
 */
static int raw_to_der(const ecdsa_params *p, const uint8_t *sig, uint8_t *der, size_t *der_len,
                      pqs_ecdsa_s_policy policy)
{
	int ret = PQS_ERR_INTERNAL;
	ECDSA_SIG *es = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(sig, (int)p->flen, NULL);
	BIGNUM *s = BN_bin2bn(sig + p->flen, (int)p->flen, NULL);
	const EC_GROUP *g = group_of(p);
	if (!es || !r || !s || !g)
		goto done;
	if (!scalar_in_range(g, r) || !scalar_in_range(g, s)) {
		ret = PQS_ERR_INVALID_SIGNATURE;
		goto done;
	}
	if (policy == PQS_ECDSA_S_LOW) {
		int high = s_is_high(g, s);
		if (high != 0) {
			ret = high == 1 ? PQS_ERR_SIG_ENCODING : PQS_ERR_INTERNAL;
			goto done;
		}
	}
	if (ECDSA_SIG_set0(es, r, s) != 1)
		goto done;
	r = s = NULL; /* owned by es now */
	unsigned char *q = der;
	int n = i2d_ECDSA_SIG(es, &q);
	if (n <= 0)
		goto done;
	*der_len = (size_t)n;
	ret = PQS_OK;
done:
	BN_free(r);
	BN_free(s);
	ECDSA_SIG_free(es);
	return ret;
}

/* Worst-case DER size of an ECDSA-Sig-Value for 48-byte scalars. */
#define ECDSA_DER_MAX 110

/* Sign either the message (digest_name != NULL) or a ready digest. */
static int sign_common(const ecdsa_params *p, uint8_t *sig, const uint8_t *in, size_t in_len,
                       const uint8_t *sk, int hash_message)
{
	uint8_t der[ECDSA_DER_MAX];
	size_t der_len = sizeof der;
	int ret = PQS_ERR_INTERNAL;
	const EC_GROUP *g = group_of(p);
	if (!g)
		return PQS_ERR_INTERNAL;
	/* OpenSSL would reduce d mod n (and sign with d = 0): only 1 <= d < n is a key, as in keygen */
	if (!secret_scalar_in_range(p, g, sk))
		return PQS_ERR_KEY_ENCODING;
	EVP_PKEY *pkey = import_key(p, sk, NULL, 0);
	if (!pkey)
		return PQS_ERR_KEY_ENCODING;
	if (hash_message) {
		EVP_MD_CTX *md = EVP_MD_CTX_new();
		if (md && EVP_DigestSignInit(md, NULL, md_of(p), NULL, pkey) == 1 &&
		    EVP_DigestSign(md, der, &der_len, in, in_len) == 1)
			ret = PQS_OK;
		EVP_MD_CTX_free(md);
	} else {
		EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
		if (ctx && EVP_PKEY_sign_init(ctx) == 1 && EVP_PKEY_sign(ctx, der, &der_len, in, in_len) == 1)
			ret = PQS_OK;
		EVP_PKEY_CTX_free(ctx);
	}
	EVP_PKEY_free(pkey);
	if (ret == PQS_OK)
		ret = der_to_raw(p, der, der_len, sig);
	return ret;
}

static int policy_ok(pqs_ecdsa_s_policy policy)
{
	return policy == PQS_ECDSA_S_CLASS || policy == PQS_ECDSA_S_ANY || policy == PQS_ECDSA_S_LOW;
}

/* Verify a DER signature over the message (hashed here) or a ready digest with an imported key. */
static int verify_der(const ecdsa_params *p, const uint8_t *der, size_t der_len, const uint8_t *in, size_t in_len,
                      EVP_PKEY *pkey, int hash_message)
{
	int v = -1;
	if (hash_message) {
		EVP_MD_CTX *md = EVP_MD_CTX_new();
		if (md && EVP_DigestVerifyInit(md, NULL, md_of(p), NULL, pkey) == 1)
			v = EVP_DigestVerify(md, der, der_len, in, in_len);
		EVP_MD_CTX_free(md);
	} else {
		EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
		if (ctx && EVP_PKEY_verify_init(ctx) == 1)
			v = EVP_PKEY_verify(ctx, der, der_len, in, in_len);
		EVP_PKEY_CTX_free(ctx);
	}
	if (v == 1)
		return PQS_OK;
	return v == 0 ? PQS_ERR_INVALID_SIGNATURE : PQS_ERR_INTERNAL;
}

static int verify_common(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                         const uint8_t *in, size_t in_len, const uint8_t *pk, int hash_message,
                         pqs_ecdsa_s_policy policy)
{
	const ecdsa_params *p = params_of(cls);
	uint8_t der[ECDSA_DER_MAX];
	size_t der_len = 0;
	if (sig_len != 2 * p->flen)
		return PQS_ERR_SIG_LENGTH;
	if (pk[0] != 0x02 && pk[0] != 0x03)
		return PQS_ERR_KEY_ENCODING;
	int ret = raw_to_der(p, sig, der, &der_len, policy == PQS_ECDSA_S_CLASS ? p->s_policy : policy);
	if (ret != PQS_OK)
		return ret;
	EVP_PKEY *pkey = import_key(p, NULL, pk, p->flen + 1);
	if (!pkey)
		return PQS_ERR_KEY_ENCODING; /* x not on the curve */
	ret = verify_der(p, der, der_len, in, in_len, pkey, hash_message);
	EVP_PKEY_free(pkey);
	return ret;
}

/*
 * Prepared key (PQS_ECDSA_PREPARED_BYTES): the OpenSSL key object decoded
 * once.  The buffer owns one reference to it; ecdsa_release drops it.
 * Verifying only reads the key, which OpenSSL allows from several threads.
 */
typedef struct {
	EVP_PKEY *pkey;
} ecdsa_prepared;

_Static_assert(sizeof(ecdsa_prepared) <= PQS_ECDSA_PREPARED_BYTES, "PQS_ECDSA_PREPARED_BYTES holds the key pointer");

static int ecdsa_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	const ecdsa_params *p = params_of(cls);
	ecdsa_prepared *pp = prepared;
	pp->pkey = NULL;
	if (pk[0] != 0x02 && pk[0] != 0x03)
		return PQS_ERR_KEY_ENCODING;
	pp->pkey = import_key(p, NULL, pk, p->flen + 1);
	return pp->pkey ? PQS_OK : PQS_ERR_KEY_ENCODING; /* x not on the curve */
}

static void ecdsa_release(const pqs_sig_class *cls, void *prepared)
{
	ecdsa_prepared *pp = prepared;
	(void)cls;
	EVP_PKEY_free(pp->pkey);
	pp->pkey = NULL;
}

/* Verify the message (hashed here) or a ready digest with a prepared key. */
static int verify_prepared_common(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *in,
				  size_t in_len, const void *prepared, pqs_ecdsa_s_policy policy, int hash_message)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || (!in && in_len) || !prepared || !policy_ok(policy))
		return PQS_ERR_ARG;
	const ecdsa_params *p = params_of(cls);
	const ecdsa_prepared *pp = prepared;
	uint8_t der[ECDSA_DER_MAX];
	size_t der_len = 0;
	if (sig_len != 2 * p->flen)
		return PQS_ERR_SIG_LENGTH;
	if (!pp->pkey)
		return PQS_ERR_ARG; /* not prepared, or released */
	int ret = raw_to_der(p, sig, der, &der_len, policy == PQS_ECDSA_S_CLASS ? p->s_policy : policy);
	return ret != PQS_OK
		       ? ret
		       : verify_der(p, der, der_len, in ? in : (const uint8_t *)"", in_len, pp->pkey, hash_message);
}

int pqs_ecdsa_verify_prepared_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
				     size_t msg_len, const void *prepared, pqs_ecdsa_s_policy policy)
{
	return verify_prepared_common(cls, sig, sig_len, msg, msg_len, prepared, policy, 1);
}

int pqs_ecdsa_verify_digest_prepared_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
					    const uint8_t *digest, size_t digest_len, const void *prepared,
					    pqs_ecdsa_s_policy policy)
{
	if (!digest)
		return PQS_ERR_ARG;
	return verify_prepared_common(cls, sig, sig_len, digest, digest_len, prepared, policy, 0);
}

static int ecdsa_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *prepared)
{
	(void)ctx, (void)ctx_len;
	return pqs_ecdsa_verify_prepared_policy(cls, sig, sig_len, msg, msg_len, prepared, PQS_ECDSA_S_CLASS);
}

static int ecdsa_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                      const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                      const uint8_t *sk, unsigned flags, pqs_rng *rng)
{
	const ecdsa_params *p = params_of(cls);
	/* OpenSSL draws the nonce from its own DRBG (seeded by the OS): rng is unused. */
	(void)ctx, (void)ctx_len, (void)flags, (void)rng;
	if (sig_cap < 2 * p->flen)
		return PQS_ERR_BUFFER_TOO_SMALL;
	int ret = sign_common(p, sig, msg, msg_len, sk, 1);
	*sig_len = ret == PQS_OK ? 2 * p->flen : 0;
	return ret;
}

static int ecdsa_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                        const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                        const uint8_t *pk)
{
	(void)ctx, (void)ctx_len;
	return verify_common(cls, sig, sig_len, msg, msg_len, pk, 1, PQS_ECDSA_S_CLASS);
}

int pqs_ecdsa_verify_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                            size_t msg_len, const uint8_t *pk, pqs_ecdsa_s_policy policy)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || (!msg && msg_len) || !pk || !policy_ok(policy))
		return PQS_ERR_ARG;
	return verify_common(cls, sig, sig_len, msg ? msg : (const uint8_t *)"", msg_len, pk, 1, policy);
}

int pqs_ecdsa_sign_digest(const pqs_sig_class *cls, uint8_t *sig, const uint8_t *digest,
                          size_t digest_len, const uint8_t *sk)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || !digest || !sk)
		return PQS_ERR_ARG;
	return sign_common(params_of(cls), sig, digest, digest_len, sk, 0);
}

int pqs_ecdsa_verify_digest_policy(const pqs_sig_class *cls, const uint8_t *sig, const uint8_t *digest,
                                   size_t digest_len, const uint8_t *pk, pqs_ecdsa_s_policy policy)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || !digest || !pk || !policy_ok(policy))
		return PQS_ERR_ARG;
	return verify_common(cls, sig, 2 * params_of(cls)->flen, digest, digest_len, pk, 0, policy);
}

int pqs_ecdsa_verify_digest(const pqs_sig_class *cls, const uint8_t *sig, const uint8_t *digest,
                            size_t digest_len, const uint8_t *pk)
{
	return pqs_ecdsa_verify_digest_policy(cls, sig, digest, digest_len, pk, PQS_ECDSA_S_CLASS);
}

/*
 * A SEC 1 point (compressed or uncompressed) validated on the curve
 * (ec_point.h: full public key validation) and re-encoded compressed or
 * uncompressed.
 */
static int recode_point(const ecdsa_params *p, uint8_t *out, int compressed, const uint8_t *in, size_t in_len)
{
	int ret = PQS_ERR_KEY_ENCODING;
	const EC_GROUP *g = group_of(p);
	EC_POINT *pt = g ? EC_POINT_new(g) : NULL;
	BN_CTX *bn = BN_CTX_new();
	if (pt && bn && pqs_ec_point_decode(g, pt, in, in_len, bn) &&
	    pqs_ec_point_encode(g, pt, compressed, out, p->flen, bn))
		ret = PQS_OK;
	EC_POINT_free(pt);
	BN_CTX_free(bn);
	return ret;
}

int pqs_ecdsa_pk_from_point(const pqs_sig_class *cls, uint8_t *pk, const uint8_t *point, size_t point_len)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	if (!flen || !pk || !point)
		return PQS_ERR_ARG;
	return recode_point(params_of(cls), pk, 1, point, point_len);
}

int pqs_ecdsa_pk_uncompress(const pqs_sig_class *cls, uint8_t *out, const uint8_t *pk)
{
	size_t flen = pqs_ecdsa_field_len(cls);
	if (!flen || !out || !pk)
		return PQS_ERR_ARG;
	return recode_point(params_of(cls), out, 0, pk, flen + 1);
}

/* The digest slots of the classes (pqsig/sig.h): FIPS 186-5 section 6.4.1 / 6.4.2 from step 2 on. */
static int ecdsa_sign_digest_slot(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                                  const uint8_t *digest, size_t digest_len, const uint8_t *sk)
{
	(void)sig_cap; /* checked by pqs_sig_sign_digest */
	int ret = pqs_ecdsa_sign_digest(cls, sig, digest, digest_len, sk);
	*sig_len = ret == PQS_OK ? cls->sig_max_len : 0;
	return ret;
}

static int ecdsa_verify_digest_slot(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                                    const uint8_t *digest, size_t digest_len, const uint8_t *pk)
{
	if (sig_len != cls->sig_max_len)
		return PQS_ERR_SIG_LENGTH;
	return pqs_ecdsa_verify_digest(cls, sig, digest, digest_len, pk);
}

#define ECDSA_CLASS(var, nm, idv, par, fl)                                             \
	const pqs_sig_class var = {                                                    \
		.name = nm, .family = "ECDSA", .id = idv, .flags = PQS_SIG_FIXED_LENGTH,   \
		.security_level = 0, .pk_len = PQS_ECDSA_PUBLICKEY_BYTES(fl),               \
		.sk_len = PQS_ECDSA_SECRETKEY_BYTES(fl),                                   \
		.sig_max_len = PQS_ECDSA_SIGNATURE_BYTES(fl), .seed_len = (fl),            \
		.keygen = ecdsa_keygen,                                                    \
		.sign = ecdsa_sign, .verify = ecdsa_verify, .params = &(par),              \
		.prepared_len = PQS_ECDSA_PREPARED_BYTES, .prepare = ecdsa_prepare,        \
		.verify_prepared = ecdsa_verify_prepared, .release = ecdsa_release,        \
		.sign_digest = ecdsa_sign_digest_slot,                                     \
		.verify_digest = ecdsa_verify_digest_slot,                                 \
	}

ECDSA_CLASS(pqs_ecdsa_p256_class, "ECDSA-P256", 0x0001, P256, 32);
ECDSA_CLASS(pqs_ecdsa_p384_class, "ECDSA-P384", 0x0002, P384, 48);
ECDSA_CLASS(pqs_ecdsa_bp256_class, "ECDSA-brainpoolP256r1", 0x0003, BP256, 32);
ECDSA_CLASS(pqs_ecdsa_secp256k1_class, "ECDSA-secp256k1", 0x0004, K256, 32);
