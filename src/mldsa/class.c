/*
 * Registry classes "ML-DSA-44/65/87" (pqsig/sig.h): pure ML-DSA with a
 * context string (FIPS 204 Algorithms 1-3), hedged by default,
 * deterministic with PQS_SIGN_DETERMINISTIC.
 */
#include <string.h>

#include "mldsa/params.h"
#include "mldsa/sign.h"
#include "pqsig/mldsa.h"
#include "pqsig/sig.h"

static const pqs_mldsa_set set44 = PQS_MLDSA_44;
static const pqs_mldsa_set set65 = PQS_MLDSA_65;
static const pqs_mldsa_set set87 = PQS_MLDSA_87;

static pqs_mldsa_set class_set(const pqs_sig_class *cls)
{
	return *(const pqs_mldsa_set *)cls->params;
}

static int mldsa_class_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *seed,
                              size_t seed_len, pqs_rng *rng)
{
	if (!cls || !pk || !sk)
		return PQS_ERR_ARG;
	if (seed) {
		if (seed_len != PQS_MLDSA_SEED_BYTES)
			return PQS_ERR_SEED_LENGTH;
		return pqs_mldsa_keygen_internal(class_set(cls), pk, sk, seed);
	}
	return pqs_mldsa_keygen(class_set(cls), pk, sk, NULL, rng);
}

static int mldsa_class_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
                            unsigned flags, pqs_rng *rng)
{
	uint8_t rnd[PQS_MLDSA_RND_BYTES];
	int err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (err != PQS_OK)
		return err;
	const uint8_t *r = NULL; /* deterministic: rnd = {0}^32 (FIPS 204 section 3.4) */
	if (!(flags & PQS_SIGN_DETERMINISTIC)) {
		/* Algorithm 2 step 5: rnd from an approved RBG (the caller's, or the OS). */
		if (pqs_rng_fill(rng, rnd, sizeof rnd) != 0) {
			pqs_zeroize(rnd, sizeof rnd);
			return PQS_ERR_RANDOMNESS;
		}
		r = rnd;
	}
	int ret = pqs_mldsa_sign(class_set(cls), sig, msg, msg_len, ctx, ctx_len, r, sk, cls->sk_len);
	pqs_zeroize(rnd, sizeof rnd);
	*sig_len = (ret == PQS_OK) ? cls->sig_max_len : 0;
	return ret;
}

static int mldsa_class_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                              size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	if (!cls)
		return PQS_ERR_ARG;
	return pqs_mldsa_verify(class_set(cls), sig, sig_len, msg, msg_len, ctx, ctx_len, pk, cls->pk_len);
}

_Static_assert(sizeof(mldsa_poly) == 1024, "PQS_MLDSA_PREPARED_BYTES counts 1,024 bytes per polynomial");

static int mldsa_class_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	/* Every t1 encoding is valid (10-bit fields): a public key of the right length always prepares. */
	pqs_mldsa_prepare(pqs_mldsa_params_get(class_set(cls)), prepared, pk);
	return PQS_OK;
}

static int mldsa_class_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                                       const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                                       const void *prepared)
{
	return pqs_mldsa_verify_prepared(class_set(cls), sig, sig_len, msg, msg_len, ctx, ctx_len, prepared);
}

#define MLDSA_CLASS(var, nm, ident, level, setvar, pkb, skb, sigb, prepb)                                            \
	const pqs_sig_class var = {                                                                              \
		.name = nm,                                                                                      \
		.family = "ML-DSA",                                                                              \
		.id = ident,                                                                                     \
		.flags = PQS_SIG_FIXED_LENGTH | PQS_SIG_HAS_CONTEXT | PQS_SIG_PQC | PQS_SIG_DETERMINISTIC_OK,    \
		.security_level = level,                                                                         \
		.pk_len = pkb,                                                                                   \
		.sk_len = skb,                                                                                   \
		.sig_max_len = sigb,                                                                             \
		.seed_len = PQS_MLDSA_SEED_BYTES,                                                                \
		.keygen = mldsa_class_keygen,                                                                    \
		.sign = mldsa_class_sign,                                                                        \
		.verify = mldsa_class_verify,                                                                    \
		.params = &setvar,                                                                               \
		.prepared_len = prepb,                                                                           \
		.prepare = mldsa_class_prepare,                                                                  \
		.verify_prepared = mldsa_class_verify_prepared,                                                  \
	}

MLDSA_CLASS(pqs_mldsa44_class, "ML-DSA-44", 0x0010, 2, set44, PQS_MLDSA44_PUBLICKEY_BYTES,
            PQS_MLDSA44_SECRETKEY_BYTES, PQS_MLDSA44_SIGNATURE_BYTES,
            PQS_MLDSA44_PREPARED_BYTES);
MLDSA_CLASS(pqs_mldsa65_class, "ML-DSA-65", 0x0011, 3, set65, PQS_MLDSA65_PUBLICKEY_BYTES,
            PQS_MLDSA65_SECRETKEY_BYTES, PQS_MLDSA65_SIGNATURE_BYTES,
            PQS_MLDSA65_PREPARED_BYTES);
MLDSA_CLASS(pqs_mldsa87_class, "ML-DSA-87", 0x0012, 5, set87, PQS_MLDSA87_PUBLICKEY_BYTES,
            PQS_MLDSA87_SECRETKEY_BYTES, PQS_MLDSA87_SIGNATURE_BYTES,
            PQS_MLDSA87_PREPARED_BYTES);
