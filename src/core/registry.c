/*
 * The algorithm registry behind include/pqsig/sig.h.
 *
 * Each scheme module exports one const pqs_sig_class per parameter set;
 * this table is the only place that lists them.  Adding a scheme is one
 * extern declaration and one table line: callers never change.
 */
#include <strings.h>

#include "pqsig/sig.h"

/* Schemes are listed here (declaration and table entry). */
extern const pqs_sig_class pqs_ecdsa_p256_class;
extern const pqs_sig_class pqs_ecdsa_p384_class;
extern const pqs_sig_class pqs_ecdsa_bp256_class;
extern const pqs_sig_class pqs_ecdsa_secp256k1_class;
extern const pqs_sig_class pqs_mldsa44_class;
extern const pqs_sig_class pqs_mldsa65_class;
extern const pqs_sig_class pqs_mldsa87_class;
extern const pqs_sig_class pqs_composite_p256_mldsa44_class;
extern const pqs_sig_class pqs_composite_p256_mldsa65_class;
extern const pqs_sig_class pqs_composite_p256_mldsa87_class;
extern const pqs_sig_class pqs_composite_p256_falcon512_class;
extern const pqs_sig_class pqs_composite_p256_falcon1024_class;
extern const pqs_sig_class pqs_falcon512_class;
extern const pqs_sig_class pqs_falcon1024_class;
extern const pqs_sig_class pqs_falcon_padded512_class;
extern const pqs_sig_class pqs_falcon_padded1024_class;
extern const pqs_sig_class pqs_hawk512_class;
extern const pqs_sig_class pqs_hawk1024_class;

static const pqs_sig_class *const registry[] = {
	&pqs_ecdsa_p256_class,
	&pqs_ecdsa_p384_class,
	&pqs_ecdsa_bp256_class,
	&pqs_ecdsa_secp256k1_class,
	&pqs_mldsa44_class,
	&pqs_mldsa65_class,
	&pqs_mldsa87_class,
	&pqs_falcon512_class,
	&pqs_falcon1024_class,
	&pqs_falcon_padded512_class,
	&pqs_falcon_padded1024_class,
	&pqs_hawk512_class,
	&pqs_hawk1024_class,
	&pqs_composite_p256_mldsa44_class,
	&pqs_composite_p256_mldsa65_class,
	&pqs_composite_p256_mldsa87_class,
	&pqs_composite_p256_falcon512_class,
	&pqs_composite_p256_falcon1024_class,
};

size_t pqs_sig_count(void)
{
	return sizeof registry / sizeof registry[0];
}

const pqs_sig_class *pqs_sig_at(size_t i)
{
	return i < pqs_sig_count() ? registry[i] : NULL;
}

const pqs_sig_class *pqs_sig_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < pqs_sig_count(); i++)
		if (strcasecmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}

const pqs_sig_class *pqs_sig_find_id(uint16_t id)
{
	for (size_t i = 0; i < pqs_sig_count(); i++)
		if (registry[i]->id == id)
			return registry[i];
	return NULL;
}

int pqs_sig_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
                   const uint8_t *seed, size_t seed_len, pqs_rng *rng)
{
	if (!cls || !pk || !sk)
		return PQS_ERR_ARG;
	if (seed) {
		if (cls->seed_len == 0)
			return PQS_ERR_UNSUPPORTED;
		if (seed_len != cls->seed_len)
			return PQS_ERR_SEED_LENGTH;
	}
	return cls->keygen(cls, pk, sk, seed, seed_len, rng);
}

int pqs_sig_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
                 size_t *sig_len, const uint8_t *msg, size_t msg_len,
                 const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
                 unsigned flags, pqs_rng *rng)
{
	if (!cls || !sig || !sig_len || !sk || (!msg && msg_len) || (!ctx && ctx_len))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (ctx_len && !(cls->flags & PQS_SIG_HAS_CONTEXT))
		return PQS_ERR_CTX_UNSUPPORTED;
	if ((flags & PQS_SIGN_DETERMINISTIC) && !(cls->flags & PQS_SIG_DETERMINISTIC_OK))
		return PQS_ERR_UNSUPPORTED;
	if (sig_cap < cls->sig_max_len)
		return PQS_ERR_BUFFER_TOO_SMALL;
	return cls->sign(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags, rng);
}

int pqs_sig_verify(const pqs_sig_class *cls, const uint8_t *sig,
                   size_t sig_len, const uint8_t *msg, size_t msg_len,
                   const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	if (!cls || !sig || !pk || (!msg && msg_len) || (!ctx && ctx_len))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (ctx_len && !(cls->flags & PQS_SIG_HAS_CONTEXT))
		return PQS_ERR_CTX_UNSUPPORTED;
	if (sig_len > cls->sig_max_len || sig_len == 0)
		return PQS_ERR_SIG_LENGTH;
	return cls->verify(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, pk);
}
