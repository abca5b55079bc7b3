/*
 * Registry classes "SLH-DSA-SHA2-128s" ... "SLH-DSA-SHAKE-256f"
 * (pqsig/sig.h): pure SLH-DSA with a context string (FIPS 205 Algorithms
 * 21, 22 and 24), hedged by default (addrnd from the RBG), deterministic
 * with PQS_SIGN_DETERMINISTIC (opt_rand = PK.seed).  Keygen from a seed
 * takes the 3n bytes SK.seed || SK.prf || PK.seed.
 */
#include "pqsig/rand.h"
#include "pqsig/sig.h"
#include "pqsig/slhdsa.h"
#include "slhdsa/inner.h"

static const pqs_slhdsa_set set_ids[PQS_SLHDSA_SET_COUNT] = {
	PQS_SLHDSA_SHA2_128S,  PQS_SLHDSA_SHA2_128F,  PQS_SLHDSA_SHA2_192S,  PQS_SLHDSA_SHA2_192F,
	PQS_SLHDSA_SHA2_256S,  PQS_SLHDSA_SHA2_256F,  PQS_SLHDSA_SHAKE_128S, PQS_SLHDSA_SHAKE_128F,
	PQS_SLHDSA_SHAKE_192S, PQS_SLHDSA_SHAKE_192F, PQS_SLHDSA_SHAKE_256S, PQS_SLHDSA_SHAKE_256F,
};

static pqs_slhdsa_set class_set(const pqs_sig_class *cls)
{
	return *(const pqs_slhdsa_set *)cls->params;
}

static int slhdsa_class_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *seed,
                               size_t seed_len, pqs_rng *rng)
{
	if (!cls || !pk || !sk)
		return PQS_ERR_ARG;
	if (seed) {
		if (seed_len != cls->seed_len)
			return PQS_ERR_SEED_LENGTH;
		return pqs_slhdsa_keygen_internal(class_set(cls), pk, sk, seed);
	}
	return pqs_slhdsa_keygen(class_set(cls), pk, sk, rng);
}

static int slhdsa_class_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
                             const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
                             unsigned flags, pqs_rng *rng)
{
	uint8_t addrnd[PQS_SLHDSA_MAX_N];
	int err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (err != PQS_OK)
		return err;
	const pqs_slhdsa_set set = class_set(cls);
	const uint8_t *r = NULL; /* deterministic: opt_rand = PK.seed (FIPS 205 section 10.2.1) */
	if (!(flags & PQS_SIGN_DETERMINISTIC)) {
		/* Algorithm 22 step 4: addrnd from an approved RBG (the caller's, or the OS). */
		if (pqs_rng_fill(rng, addrnd, pqs_slhdsa_n(set)) != 0) {
			pqs_zeroize(addrnd, sizeof addrnd);
			return PQS_ERR_RANDOMNESS;
		}
		r = addrnd;
	}
	int ret = pqs_slhdsa_sign(set, sig, msg, msg_len, ctx, ctx_len, r, sk, cls->sk_len);
	pqs_zeroize(addrnd, sizeof addrnd);
	if (ret == PQS_OK)
		*sig_len = cls->sig_max_len;
	return ret;
}

static int slhdsa_class_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                               size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	if (!cls)
		return PQS_ERR_ARG;
	return pqs_slhdsa_verify(class_set(cls), sig, sig_len, msg, msg_len, ctx, ctx_len, pk, cls->pk_len);
}

/* Sizes from FIPS 205 Table 2: pk 2n, sk 4n, seed 3n, signature per set. */
#define SLHDSA_CLASS(var, set, nm, ident, level, n, sigb)                                                       \
	const pqs_sig_class var = {                                                                              \
		.name = nm,                                                                                      \
		.family = "SLH-DSA",                                                                             \
		.id = ident,                                                                                     \
		.flags = PQS_SIG_FIXED_LENGTH | PQS_SIG_HAS_CONTEXT | PQS_SIG_PQC | PQS_SIG_DETERMINISTIC_OK,    \
		.security_level = level,                                                                         \
		.pk_len = 2 * (n),                                                                               \
		.sk_len = 4 * (n),                                                                               \
		.sig_max_len = sigb,                                                                             \
		.seed_len = 3 * (n),                                                                             \
		.keygen = slhdsa_class_keygen,                                                                   \
		.sign = slhdsa_class_sign,                                                                       \
		.verify = slhdsa_class_verify,                                                                   \
		.params = &set_ids[set],                                                                         \
	}

SLHDSA_CLASS(pqs_slhdsa_sha2_128s_class, PQS_SLHDSA_SHA2_128S, "SLH-DSA-SHA2-128s", 0x0050, 1, 16, 7856);
SLHDSA_CLASS(pqs_slhdsa_sha2_128f_class, PQS_SLHDSA_SHA2_128F, "SLH-DSA-SHA2-128f", 0x0051, 1, 16, 17088);
SLHDSA_CLASS(pqs_slhdsa_sha2_192s_class, PQS_SLHDSA_SHA2_192S, "SLH-DSA-SHA2-192s", 0x0052, 3, 24, 16224);
SLHDSA_CLASS(pqs_slhdsa_sha2_192f_class, PQS_SLHDSA_SHA2_192F, "SLH-DSA-SHA2-192f", 0x0053, 3, 24, 35664);
SLHDSA_CLASS(pqs_slhdsa_sha2_256s_class, PQS_SLHDSA_SHA2_256S, "SLH-DSA-SHA2-256s", 0x0054, 5, 32, 29792);
SLHDSA_CLASS(pqs_slhdsa_sha2_256f_class, PQS_SLHDSA_SHA2_256F, "SLH-DSA-SHA2-256f", 0x0055, 5, 32, 49856);
SLHDSA_CLASS(pqs_slhdsa_shake_128s_class, PQS_SLHDSA_SHAKE_128S, "SLH-DSA-SHAKE-128s", 0x0056, 1, 16, 7856);
SLHDSA_CLASS(pqs_slhdsa_shake_128f_class, PQS_SLHDSA_SHAKE_128F, "SLH-DSA-SHAKE-128f", 0x0057, 1, 16, 17088);
SLHDSA_CLASS(pqs_slhdsa_shake_192s_class, PQS_SLHDSA_SHAKE_192S, "SLH-DSA-SHAKE-192s", 0x0058, 3, 24, 16224);
SLHDSA_CLASS(pqs_slhdsa_shake_192f_class, PQS_SLHDSA_SHAKE_192F, "SLH-DSA-SHAKE-192f", 0x0059, 3, 24, 35664);
SLHDSA_CLASS(pqs_slhdsa_shake_256s_class, PQS_SLHDSA_SHAKE_256S, "SLH-DSA-SHAKE-256s", 0x005A, 5, 32, 29792);
SLHDSA_CLASS(pqs_slhdsa_shake_256f_class, PQS_SLHDSA_SHAKE_256F, "SLH-DSA-SHAKE-256f", 0x005B, 5, 32, 49856);
