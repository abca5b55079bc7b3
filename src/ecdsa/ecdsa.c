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
	unsigned curve;              /* index into the per-curve order cache (order_of) */
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
static const ecdsa_params P256 = { "prime256v1", NID_X9_62_prime256v1, 32, "SHA256", PQS_ECDSA_S_ANY, 0 };
static const ecdsa_params P384 = { "secp384r1", NID_secp384r1, 48, "SHA384", PQS_ECDSA_S_ANY, 1 };
static const ecdsa_params BP256 = { "brainpoolP256r1", NID_brainpoolP256r1, 32, "SHA256", PQS_ECDSA_S_ANY, 2 };
static const ecdsa_params K256 = { "secp256k1", NID_secp256k1, 32, "SHA256", PQS_ECDSA_S_LOW, 3 };

/*
 * OpenSSL 3 looks algorithms up in its provider tables on every implicit
 * fetch: the digests are fetched once per process here and shared
 * read-only (OpenSSL documents fetched EVP_MD objects as safe for
 * concurrent read use); the curve groups are cached by ec_point.c.  The
 * group orders are kept as big-endian bytes too, so that the checks on r
 * and s (public values) need no BIGNUM.
 */
#define CURVES   4
#define FLEN_MAX 48
typedef struct {
	uint8_t n[FLEN_MAX];    /* the order n */
	uint8_t half[FLEN_MAX]; /* floor(n / 2): s is low iff s <= half */
} curve_order;
static EVP_MD *cached_sha256, *cached_sha384;
static curve_order orders[CURVES];
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_init(void)
{
	static const ecdsa_params *const curves[CURVES] = { &P256, &P384, &BP256, &K256 };
	cached_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
	cached_sha384 = EVP_MD_fetch(NULL, "SHA384", NULL);
	BIGNUM *half = BN_new();
	for (unsigned i = 0; i < CURVES; i++) {
		const EC_GROUP *g = pqs_ec_group(curves[i]->nid);
		const int flen = (int)curves[i]->flen;
		/* a curve left at n = 0 rejects every signature (r < n never holds) */
		if (g && half && BN_rshift1(half, EC_GROUP_get0_order(g)) &&
		    (BN_bn2binpad(EC_GROUP_get0_order(g), orders[i].n, flen) != flen ||
		     BN_bn2binpad(half, orders[i].half, flen) != flen))
			memset(&orders[i], 0, sizeof orders[i]);
	}
	BN_free(half);
}

static const curve_order *order_of(const ecdsa_params *p)
{
	pthread_once(&cache_once, cache_init);
	return &orders[p->curve];
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

/* Is the big-endian public value x (r or s, flen bytes) in [1, n-1]? */
static int scalar_in_range(const ecdsa_params *p, const uint8_t *x)
{
	static const uint8_t zero[FLEN_MAX];
	return memcmp(x, zero, p->flen) != 0 && memcmp(x, order_of(p)->n, p->flen) < 0;
}

/*
 * Is the big-endian secret scalar sk (flen bytes) in [1, n-1] (SEC 1
 * 3.2.1, FIPS 186-5 6.2.1)?  Constant time: the borrow of sk - n and an
 * OR of all bytes are accumulated over every byte, so only the verdict
 * (a valid key or not) is data-dependent.  BIGNUM comparisons stop at the
 * first differing word and are kept for public values.
 */
static int secret_scalar_in_range(const ecdsa_params *p, const uint8_t *sk)
{
	const uint8_t *n = order_of(p)->n;
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
		if (!secret_scalar_in_range(p, seed)) {
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
		} while (!secret_scalar_in_range(p, sk));
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

/*
 * The DER ECDSA-Sig-Value SEQUENCE { r INTEGER, s INTEGER } (SEC 1 C.8)
 * written and read by hand: with values of at most 48 bytes every length
 * fits one octet, and no BIGNUM is allocated per signature.
 */

/* Append the INTEGER of the unsigned big-endian x (len bytes, not zero). */
static size_t der_put_integer(uint8_t *out, const uint8_t *x, size_t len)
{
	while (len > 1 && x[0] == 0)
		x++, len--;
	size_t pad = x[0] >> 7; /* a set top bit would read as negative */
	out[0] = 0x02;
	out[1] = (uint8_t)(len + pad);
	out[2] = 0;
	memcpy(out + 2 + pad, x, len);
	return 2 + pad + len;
}

/*
 * Read one positive INTEGER at *in (minimal encoding) into x, right-aligned
 * in flen bytes; advances *in.  0 if malformed or longer than flen.
 */
static int der_get_integer(const uint8_t **in, const uint8_t *end, uint8_t *x, size_t flen)
{
	const uint8_t *q = *in;
	if (end - q < 3 || q[0] != 0x02 || q[1] == 0 || q[1] > end - q - 2)
		return 0;
	size_t len = q[1];
	q += 2;
	if (q[0] & 0x80 || (len > 1 && q[0] == 0 && !(q[1] & 0x80)))
		return 0;
	if (q[0] == 0 && len > 1)
		q++, len--;
	if (len > flen)
		return 0;
	memset(x, 0, flen - len);
	memcpy(x + flen - len, q, len);
	*in = q + len;
	return 1;
}

/* Is s > n/2, the "high" one of s and n - s (n is odd: s > floor(n/2))? */
static int s_is_high(const ecdsa_params *p, const uint8_t *s)
{
	return memcmp(s, order_of(p)->half, p->flen) > 0;
}

/*
 * DER ECDSA-Sig-Value -> r || s, with s replaced by n - s when s > n/2:
 * (r, s) and (r, n - s) verify alike (SEC 1 4.1.4: only the x-coordinate
 * of R is used), and the low one is the single form every class accepts.
 */
static int der_to_raw(const ecdsa_params *p, const uint8_t *der, size_t der_len, uint8_t *sig)
{
	const uint8_t *q = der + 2, *end = der + der_len;
	uint8_t *s = sig + p->flen;
	if (der_len < 2 || der[0] != 0x30 || der[1] != der_len - 2 || !der_get_integer(&q, end, sig, p->flen) ||
	    !der_get_integer(&q, end, s, p->flen) || q != end)
		return PQS_ERR_INTERNAL;
	if (s_is_high(p, s)) {
		const uint8_t *n = order_of(p)->n;
		unsigned borrow = 0;
		for (size_t i = p->flen; i-- > 0;) {
			unsigned diff = (unsigned)n[i] - (unsigned)s[i] - borrow;
			s[i] = (uint8_t)diff;
			borrow = (diff >> 8) & 1u;
		}
	}
	return PQS_OK;
}

/*
 * r || s -> DER; rejects r or s outside [1, n-1] (SEC 1 4.1.4 step 1),
 * and s > n/2 under PQS_ECDSA_S_LOW (a non-canonical encoding).
 */
static int raw_to_der(const ecdsa_params *p, const uint8_t *sig, uint8_t *der, size_t *der_len,
                      pqs_ecdsa_s_policy policy)
{
	const uint8_t *s = sig + p->flen;
	if (!scalar_in_range(p, sig) || !scalar_in_range(p, s))
		return PQS_ERR_INVALID_SIGNATURE;
	if (policy == PQS_ECDSA_S_LOW && s_is_high(p, s))
		return PQS_ERR_SIG_ENCODING;
	size_t n = der_put_integer(der + 2, sig, p->flen);
	n += der_put_integer(der + 2 + n, s, p->flen);
	der[0] = 0x30;
	der[1] = (uint8_t)n;
	*der_len = n + 2;
	return PQS_OK;
}

/* Worst-case DER size of an ECDSA-Sig-Value for 48-byte scalars. */
#define ECDSA_DER_MAX 110

/* Sign the message (hashed here) or a ready digest with an imported key. */
static int sign_with_key(const ecdsa_params *p, uint8_t *sig, const uint8_t *in, size_t in_len, EVP_PKEY *pkey,
			 int hash_message)
{
	uint8_t der[ECDSA_DER_MAX];
	size_t der_len = sizeof der;
	int ret = PQS_ERR_INTERNAL;
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
	return ret == PQS_OK ? der_to_raw(p, der, der_len, sig) : ret;
}

/* The OpenSSL key of a secret scalar; OpenSSL would reduce d mod n (and sign with d = 0): only 1 <= d < n is a key, as in keygen. */
static int import_secret(const ecdsa_params *p, const uint8_t *sk, EVP_PKEY **pkey)
{
	*pkey = secret_scalar_in_range(p, sk) ? import_key(p, sk, NULL, 0) : NULL;
	return *pkey ? PQS_OK : PQS_ERR_KEY_ENCODING;
}

/* Sign the message (hash_message) or a ready digest with the secret scalar sk. */
static int sign_common(const ecdsa_params *p, uint8_t *sig, const uint8_t *in, size_t in_len, const uint8_t *sk,
		       int hash_message)
{
	EVP_PKEY *pkey;
	int ret = import_secret(p, sk, &pkey);
	if (ret == PQS_OK)
		ret = sign_with_key(p, sig, in, in_len, pkey, hash_message);
	EVP_PKEY_free(pkey);
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

/*
 * Prepared keys (PQS_ECDSA_PREPARED_BYTES): the OpenSSL key object decoded
 * once, a public key (prepare) or a key pair from the secret scalar
 * (prepare_sk).  The buffer owns one reference to it; ecdsa_release drops
 * it.  Verifying and signing only read the key, which OpenSSL allows from
 * several threads.
 */
typedef struct {
	EVP_PKEY *pkey;
} ecdsa_prepared;

_Static_assert(sizeof(ecdsa_prepared) <= PQS_ECDSA_PREPARED_BYTES, "PQS_ECDSA_PREPARED_BYTES holds the key pointer");

/*
 * Verify r || s over the message (hashed here) or a ready digest, with the
 * public key pk or, when pk is NULL, a prepared one.
 */
static int verify_common(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *in, size_t in_len,
			 const uint8_t *pk, const void *prepared, pqs_ecdsa_s_policy policy, int hash_message)
{
	const ecdsa_params *p = params_of(cls);
	uint8_t der[ECDSA_DER_MAX];
	size_t der_len = 0;
	if (sig_len != 2 * p->flen)
		return PQS_ERR_SIG_LENGTH;
	if (pk && pk[0] != 0x02 && pk[0] != 0x03)
		return PQS_ERR_KEY_ENCODING;
	EVP_PKEY *own = NULL, *pkey = pk ? NULL : ((const ecdsa_prepared *)prepared)->pkey;
	if (!pk && !pkey)
		return PQS_ERR_ARG; /* not prepared, or released */
	int ret = raw_to_der(p, sig, der, &der_len, policy == PQS_ECDSA_S_CLASS ? p->s_policy : policy);
	if (ret != PQS_OK)
		return ret;
	if (pk && !(pkey = own = import_key(p, NULL, pk, p->flen + 1)))
		return PQS_ERR_KEY_ENCODING; /* x not on the curve */
	ret = verify_der(p, der, der_len, in ? in : (const uint8_t *)"", in_len, pkey, hash_message);
	EVP_PKEY_free(own);
	return ret;
}

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

static int ecdsa_prepare_sk(const pqs_sig_class *cls, void *prepared_sk, const uint8_t *sk)
{
	return import_secret(params_of(cls), sk, &((ecdsa_prepared *)prepared_sk)->pkey);
}

static void ecdsa_release(const pqs_sig_class *cls, void *prepared)
{
	ecdsa_prepared *pp = prepared;
	(void)cls;
	EVP_PKEY_free(pp->pkey);
	pp->pkey = NULL;
}

int pqs_ecdsa_verify_prepared_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
				     size_t msg_len, const void *prepared, pqs_ecdsa_s_policy policy)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || (!msg && msg_len) || !prepared || !policy_ok(policy))
		return PQS_ERR_ARG;
	return verify_common(cls, sig, sig_len, msg, msg_len, NULL, prepared, policy, 1);
}

static int ecdsa_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *prepared)
{
	(void)ctx, (void)ctx_len;
	return verify_common(cls, sig, sig_len, msg, msg_len, NULL, prepared, PQS_ECDSA_S_CLASS, 1);
}

static int ecdsa_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                      const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                      const uint8_t *sk, unsigned flags, pqs_rng *rng)
{
	/* OpenSSL draws the nonce from its own DRBG (seeded by the OS): rng is unused. */
	(void)rng;
	int ret = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (ret == PQS_OK && (ret = sign_common(params_of(cls), sig, msg, msg_len, sk, 1)) == PQS_OK)
		*sig_len = cls->sig_max_len;
	return ret;
}

static int ecdsa_sign_prepared(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
			       const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
			       const void *prepared_sk, unsigned flags, pqs_rng *rng)
{
	const ecdsa_prepared *pp = prepared_sk;
	(void)rng;
	int ret = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, prepared_sk, flags);
	if (ret == PQS_OK && !pp->pkey)
		ret = PQS_ERR_ARG; /* not prepared, or released */
	if (ret == PQS_OK && (ret = sign_with_key(params_of(cls), sig, msg, msg_len, pp->pkey, 1)) == PQS_OK)
		*sig_len = cls->sig_max_len;
	return ret;
}

static int ecdsa_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                        const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                        const uint8_t *pk)
{
	(void)ctx, (void)ctx_len;
	return verify_common(cls, sig, sig_len, msg, msg_len, pk, NULL, PQS_ECDSA_S_CLASS, 1);
}

int pqs_ecdsa_verify_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                            size_t msg_len, const uint8_t *pk, pqs_ecdsa_s_policy policy)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || (!msg && msg_len) || !pk || !policy_ok(policy))
		return PQS_ERR_ARG;
	return verify_common(cls, sig, sig_len, msg, msg_len, pk, NULL, policy, 1);
}

int pqs_ecdsa_sign_digest(const pqs_sig_class *cls, uint8_t *sig, const uint8_t *digest,
                          size_t digest_len, const uint8_t *sk)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || !digest || !sk)
		return PQS_ERR_ARG;
	return sign_common(params_of(cls), sig, digest, digest_len, sk, 0);
}

int pqs_ecdsa_verify_digest(const pqs_sig_class *cls, const uint8_t *sig, const uint8_t *digest,
                            size_t digest_len, const uint8_t *pk)
{
	if (!pqs_ecdsa_field_len(cls) || !sig || !digest || !pk)
		return PQS_ERR_ARG;
	return verify_common(cls, sig, 2 * params_of(cls)->flen, digest, digest_len, pk, NULL, PQS_ECDSA_S_CLASS, 0);
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

/*
 * The digest slots of the classes (pqsig/sig.h): FIPS 186-5 section 6.4.1 /
 * 6.4.2 from step 2 on, with the key encoded or prepared.  PQS_VERIFY_CANONICAL
 * is the low-S rule (IEEE 1609.2 5.3.1 / 6.3.29: x-only rSig makes (r, s)
 * and (r, n - s) both valid); otherwise the class's own policy.
 */
static int ecdsa_sign_digest_slot(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
				  const uint8_t *digest, size_t digest_len, const uint8_t *sk, const void *prepared_sk)
{
	const ecdsa_params *p = params_of(cls);
	const ecdsa_prepared *pp = prepared_sk;
	int ret;
	(void)sig_cap; /* checked by the wrapper */
	if (sk)
		ret = sign_common(p, sig, digest, digest_len, sk, 0);
	else
		ret = pp->pkey ? sign_with_key(p, sig, digest, digest_len, pp->pkey, 0) : PQS_ERR_ARG;
	*sig_len = ret == PQS_OK ? cls->sig_max_len : 0;
	return ret;
}

static int ecdsa_verify_digest_slot(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
				    size_t digest_len, const uint8_t *pk, const void *prepared, unsigned flags)
{
	pqs_ecdsa_s_policy policy = flags & PQS_VERIFY_CANONICAL ? PQS_ECDSA_S_LOW : PQS_ECDSA_S_CLASS;
	return verify_common(cls, sig, sig_len, digest, digest_len, pk, prepared, policy, 0);
}

#define ECDSA_CLASS(var, nm, idv, par, fl)                    \
	const pqs_sig_class var = {                           \
		.name = nm,                                   \
		.family = "ECDSA",                            \
		.id = idv,                                    \
		.flags = PQS_SIG_FIXED_LENGTH,                \
		.security_level = 0,                          \
		.pk_len = PQS_ECDSA_PUBLICKEY_BYTES(fl),      \
		.sk_len = PQS_ECDSA_SECRETKEY_BYTES(fl),      \
		.sig_max_len = PQS_ECDSA_SIGNATURE_BYTES(fl), \
		.seed_len = (fl),                             \
		.keygen = ecdsa_keygen,                       \
		.sign = ecdsa_sign,                           \
		.verify = ecdsa_verify,                       \
		.params = &(par),                             \
		.prepared_len = PQS_ECDSA_PREPARED_BYTES,     \
		.prepare = ecdsa_prepare,                     \
		.verify_prepared = ecdsa_verify_prepared,     \
		.release = ecdsa_release,                     \
		.sign_digest = ecdsa_sign_digest_slot,        \
		.verify_digest = ecdsa_verify_digest_slot,    \
		.prepared_sk_len = PQS_ECDSA_PREPARED_BYTES,  \
		.prepare_sk = ecdsa_prepare_sk,               \
		.sign_prepared = ecdsa_sign_prepared,         \
		.release_sk = ecdsa_release,                  \
	}

ECDSA_CLASS(pqs_ecdsa_p256_class, "ECDSA-P256", 0x0001, P256, 32);
ECDSA_CLASS(pqs_ecdsa_p384_class, "ECDSA-P384", 0x0002, P384, 48);
ECDSA_CLASS(pqs_ecdsa_bp256_class, "ECDSA-brainpoolP256r1", 0x0003, BP256, 32);
ECDSA_CLASS(pqs_ecdsa_secp256k1_class, "ECDSA-secp256k1", 0x0004, K256, 32);
