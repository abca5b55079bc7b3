/*
 * Registry classes "HAETAE-2", "HAETAE-3", "HAETAE-5" (pqsig/sig.h):
 * HAETAE v1.1.2 detached signatures with a context string, hedged by
 * default (32 bytes of fresh rnd), deterministic with PQS_SIGN_DETERMINISTIC
 * (rnd = 32 zero bytes).  Keygen from a 32-byte seed is the reference's
 * KeyGenInternal.  Class ids 0x0060..0x0062.
 */
#include "pqsig/haetae.h"
#include "pqsig/sig.h"

static const pqs_haetae_set set2 = PQS_HAETAE_2;
static const pqs_haetae_set set3 = PQS_HAETAE_3;
static const pqs_haetae_set set5 = PQS_HAETAE_5;

static pqs_haetae_set class_set(const pqs_sig_class *cls)
{
	return *(const pqs_haetae_set *)cls->params;
}

static int haetae_class_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *seed,
                               size_t seed_len, pqs_rng *rng)
{
	uint8_t fresh[PQS_HAETAE_SEED_BYTES];
	if (!cls || !pk || !sk)
		return PQS_ERR_ARG;
	if (seed) {
		if (seed_len != PQS_HAETAE_SEED_BYTES)
			return PQS_ERR_SEED_LENGTH;
		return pqs_haetae_keygen_from_seed(class_set(cls), pk, sk, seed);
	}
	if (pqs_rng_fill(rng, fresh, sizeof fresh) != 0) {
		pqs_zeroize(fresh, sizeof fresh);
		return PQS_ERR_RANDOMNESS;
	}
	int ret = pqs_haetae_keygen_from_seed(class_set(cls), pk, sk, fresh);
	pqs_zeroize(fresh, sizeof fresh);
	return ret;
}

static int haetae_class_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                             const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
                             unsigned flags, pqs_rng *rng)
{
	uint8_t rnd[PQS_HAETAE_RND_BYTES];
	const uint8_t *r = NULL;
	int err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (err != PQS_OK)
		return err;
	if (!(flags & PQS_SIGN_DETERMINISTIC)) {
		if (pqs_rng_fill(rng, rnd, sizeof rnd) != 0) {
			pqs_zeroize(rnd, sizeof rnd);
			return PQS_ERR_RANDOMNESS;
		}
		r = rnd;
	}
	int ret = pqs_haetae_sign_with_rnd(class_set(cls), sig, msg, msg_len, ctx, ctx_len, r, sk);
	pqs_zeroize(rnd, sizeof rnd);
	if (ret == PQS_OK)
		*sig_len = cls->sig_max_len;
	return ret;
}

static int haetae_class_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                               size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	if (!cls)
		return PQS_ERR_ARG;
	return pqs_haetae_verify(class_set(cls), sig, sig_len, msg, msg_len, ctx, ctx_len, pk);
}

#define HAETAE_CLASS(var, nm, ident, level, setvar, pkb, skb, sigb)                                             \
	const pqs_sig_class var = {                                                                              \
		.name = nm,                                                                                      \
		.family = "HAETAE",                                                                              \
		.id = ident,                                                                                     \
		.flags = PQS_SIG_FIXED_LENGTH | PQS_SIG_HAS_CONTEXT | PQS_SIG_PQC | PQS_SIG_DETERMINISTIC_OK,    \
		.security_level = level,                                                                         \
		.pk_len = pkb,                                                                                   \
		.sk_len = skb,                                                                                   \
		.sig_max_len = sigb,                                                                             \
		.seed_len = PQS_HAETAE_SEED_BYTES,                                                               \
		.keygen = haetae_class_keygen,                                                                   \
		.sign = haetae_class_sign,                                                                       \
		.verify = haetae_class_verify,                                                                   \
		.params = &setvar,                                                                               \
	}

HAETAE_CLASS(pqs_haetae2_class, "HAETAE-2", 0x0060, 2, set2, PQS_HAETAE2_PUBLICKEY_BYTES,
             PQS_HAETAE2_SECRETKEY_BYTES, PQS_HAETAE2_SIGNATURE_BYTES);
HAETAE_CLASS(pqs_haetae3_class, "HAETAE-3", 0x0061, 3, set3, PQS_HAETAE3_PUBLICKEY_BYTES,
             PQS_HAETAE3_SECRETKEY_BYTES, PQS_HAETAE3_SIGNATURE_BYTES);
HAETAE_CLASS(pqs_haetae5_class, "HAETAE-5", 0x0062, 5, set5, PQS_HAETAE5_PUBLICKEY_BYTES,
             PQS_HAETAE5_SECRETKEY_BYTES, PQS_HAETAE5_SIGNATURE_BYTES);
