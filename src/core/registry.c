/*
 * Class lookups over a list, and the argument-checking wrappers of
 * include/pqsig/sig.h.  The core names no scheme: the lists live in
 * src/registry/ (one per registry component).
 */
#include <string.h>
#include <strings.h>

#include "pqsig/sig.h"

const pqs_sig_class *pqs_sig_list_find(const pqs_sig_list *list, const char *name)
{
	if (!list || !name)
		return NULL;
	for (size_t i = 0; i < list->count; i++)
		if (strcasecmp(list->classes[i]->name, name) == 0)
			return list->classes[i];
	return NULL;
}

const pqs_sig_class *pqs_sig_list_find_id(const pqs_sig_list *list, uint16_t id)
{
	if (!list)
		return NULL;
	for (size_t i = 0; i < list->count; i++)
		if (list->classes[i]->id == id)
			return list->classes[i];
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

/* The checks every verification entry point makes before the class sees its inputs. */
static int verify_args(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                       size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *key)
{
	if (!cls || !sig || !key || (!msg && msg_len) || (!ctx && ctx_len))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (ctx_len && !(cls->flags & PQS_SIG_HAS_CONTEXT))
		return PQS_ERR_CTX_UNSUPPORTED;
	if (sig_len > cls->sig_max_len || sig_len == 0)
		return PQS_ERR_SIG_LENGTH;
	return PQS_OK;
}

int pqs_sig_verify(const pqs_sig_class *cls, const uint8_t *sig,
                   size_t sig_len, const uint8_t *msg, size_t msg_len,
                   const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	int ret = verify_args(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, pk);
	return ret == PQS_OK ? cls->verify(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, pk) : ret;
}

/* Does cls fill the prepared-key slots?  Otherwise the prepared key is a copy of pk. */
static int has_prepared_slot(const pqs_sig_class *cls)
{
	return cls->prepared_len && cls->prepare && cls->verify_prepared;
}

size_t pqs_sig_prepared_len(const pqs_sig_class *cls)
{
	if (!cls)
		return 0;
	return has_prepared_slot(cls) ? cls->prepared_len : cls->pk_len;
}

int pqs_sig_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	if (!cls || !prepared || !pk || (uintptr_t)prepared % PQS_SIG_PREPARED_ALIGN)
		return PQS_ERR_ARG;
	if (!has_prepared_slot(cls)) {
		memcpy(prepared, pk, cls->pk_len);
		return PQS_OK;
	}
	return cls->prepare(cls, prepared, pk);
}

int pqs_sig_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig,
                            size_t sig_len, const uint8_t *msg, size_t msg_len,
                            const uint8_t *ctx, size_t ctx_len, const void *prepared)
{
	int ret = verify_args(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, prepared);
	if (ret != PQS_OK)
		return ret;
	if (!has_prepared_slot(cls))
		return cls->verify(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, prepared);
	return cls->verify_prepared(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, prepared);
}

void pqs_sig_release_prepared(const pqs_sig_class *cls, void *prepared)
{
	if (!cls || !prepared)
		return;
	if (has_prepared_slot(cls) && cls->release)
		cls->release(cls, prepared);
	pqs_zeroize(prepared, pqs_sig_prepared_len(cls));
}

int pqs_sig_sign_digest(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
                        size_t *sig_len, const uint8_t *digest, size_t digest_len,
                        const uint8_t *sk)
{
	if (!cls || !sig || !sig_len || !digest || !sk)
		return PQS_ERR_ARG;
	if (!cls->sign_digest)
		return PQS_ERR_UNSUPPORTED;
	if (sig_cap < cls->sig_max_len)
		return PQS_ERR_BUFFER_TOO_SMALL;
	return cls->sign_digest(cls, sig, sig_cap, sig_len, digest, digest_len, sk);
}

int pqs_sig_verify_digest(const pqs_sig_class *cls, const uint8_t *sig,
                          size_t sig_len, const uint8_t *digest, size_t digest_len,
                          const uint8_t *pk)
{
	if (!cls || !sig || !digest || !pk)
		return PQS_ERR_ARG;
	if (!cls->verify_digest)
		return PQS_ERR_UNSUPPORTED;
	if (sig_len > cls->sig_max_len || sig_len == 0)
		return PQS_ERR_SIG_LENGTH;
	return cls->verify_digest(cls, sig, sig_len, digest, digest_len, pk);
}
