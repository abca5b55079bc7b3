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

int pqs_sig_check_sign_args(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_cap, size_t *sig_len,
			    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *sk,
			    unsigned flags)
{
	if (sig_len)
		*sig_len = 0;
	if (!cls || !sig || !sig_len || !sk || (!msg && msg_len) || (!ctx && ctx_len) ||
	    (flags & ~(unsigned)PQS_SIGN_DETERMINISTIC))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (ctx_len && !(cls->flags & PQS_SIG_HAS_CONTEXT))
		return PQS_ERR_CTX_UNSUPPORTED;
	if ((flags & PQS_SIGN_DETERMINISTIC) && !(cls->flags & PQS_SIG_DETERMINISTIC_OK))
		return PQS_ERR_UNSUPPORTED;
	if (sig_cap < cls->sig_max_len)
		return PQS_ERR_BUFFER_TOO_SMALL;
	return PQS_OK;
}

int pqs_sig_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
		 size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, unsigned flags, pqs_rng *rng)
{
	int ret = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	return ret == PQS_OK ? cls->sign(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags, rng) : ret;
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

/*
 * The two kinds of prepared key, public (secret = 0) and secret (1): does
 * cls fill that kind's slots?  Otherwise the prepared key is a copy of the
 * encoded key.
 */
static int has_slot(const pqs_sig_class *cls, int secret)
{
	if (secret)
		return cls->prepared_sk_len && cls->prepare_sk && cls->sign_prepared;
	return cls->prepared_len && cls->prepare && cls->verify_prepared;
}

static int has_prepared_slot(const pqs_sig_class *cls)
{
	return has_slot(cls, 0);
}

static int has_prepared_sk_slot(const pqs_sig_class *cls)
{
	return has_slot(cls, 1);
}

static size_t prepared_size(const pqs_sig_class *cls, int secret)
{
	if (!cls)
		return 0;
	if (has_slot(cls, secret))
		return secret ? cls->prepared_sk_len : cls->prepared_len;
	return secret ? cls->sk_len : cls->pk_len;
}

static int prepare_key(const pqs_sig_class *cls, void *prepared, const uint8_t *key, int secret)
{
	if (!cls || !prepared || !key || (uintptr_t)prepared % PQS_SIG_PREPARED_ALIGN)
		return PQS_ERR_ARG;
	if (!has_slot(cls, secret)) {
		memcpy(prepared, key, secret ? cls->sk_len : cls->pk_len);
		return PQS_OK;
	}
	return secret ? cls->prepare_sk(cls, prepared, key) : cls->prepare(cls, prepared, key);
}

/* Free what the slot acquired, then wipe the buffer (a secret key's form, or a public one's). */
static void release_key(const pqs_sig_class *cls, void *prepared, int secret)
{
	if (!cls || !prepared)
		return;
	void (*release)(const pqs_sig_class *, void *) = secret ? cls->release_sk : cls->release;
	if (has_slot(cls, secret) && release)
		release(cls, prepared);
	pqs_zeroize(prepared, prepared_size(cls, secret));
}

size_t pqs_sig_prepared_len(const pqs_sig_class *cls)
{
	return prepared_size(cls, 0);
}

int pqs_sig_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	return prepare_key(cls, prepared, pk, 0);
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
	release_key(cls, prepared, 0);
}

size_t pqs_sig_prepared_sk_len(const pqs_sig_class *cls)
{
	return prepared_size(cls, 1);
}

int pqs_sig_prepare_sk(const pqs_sig_class *cls, void *prepared_sk, const uint8_t *sk)
{
	return prepare_key(cls, prepared_sk, sk, 1);
}

int pqs_sig_sign_prepared(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			  size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *prepared_sk, unsigned flags,
			  pqs_rng *rng)
{
	int ret = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, prepared_sk, flags);
	if (ret != PQS_OK)
		return ret;
	if (!has_prepared_sk_slot(cls))
		return cls->sign(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, prepared_sk, flags, rng);
	return cls->sign_prepared(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, prepared_sk, flags, rng);
}

void pqs_sig_release_prepared_sk(const pqs_sig_class *cls, void *prepared_sk)
{
	release_key(cls, prepared_sk, 1);
}

/*
 * The digest slots take the key encoded or prepared (the other pointer
 * NULL); a class without the matching prepared slot "prepared" a copy of
 * the encoded key, which is passed as such.
 */
static int sign_digest_with(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
			    const uint8_t *digest, size_t digest_len, const uint8_t *sk, const void *prepared_sk)
{
	if (sig_len)
		*sig_len = 0;
	if (!cls || !sig || !sig_len || !digest || (!sk && !prepared_sk))
		return PQS_ERR_ARG;
	if (!cls->sign_digest)
		return PQS_ERR_UNSUPPORTED;
	if (sig_cap < cls->sig_max_len)
		return PQS_ERR_BUFFER_TOO_SMALL;
	if (prepared_sk && !has_prepared_sk_slot(cls))
		sk = prepared_sk, prepared_sk = NULL;
	return cls->sign_digest(cls, sig, sig_cap, sig_len, digest, digest_len, sk, prepared_sk);
}

int pqs_sig_sign_digest(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *digest,
			size_t digest_len, const uint8_t *sk)
{
	return sign_digest_with(cls, sig, sig_cap, sig_len, digest, digest_len, sk, NULL);
}

int pqs_sig_sign_digest_prepared(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
				 const uint8_t *digest, size_t digest_len, const void *prepared_sk)
{
	return sign_digest_with(cls, sig, sig_cap, sig_len, digest, digest_len, NULL, prepared_sk);
}

static int verify_digest_with(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
			      size_t digest_len, const uint8_t *pk, const void *prepared, unsigned flags)
{
	if (!cls || !sig || !digest || (!pk && !prepared) || (flags & ~(unsigned)PQS_VERIFY_CANONICAL))
		return PQS_ERR_ARG;
	if (!cls->verify_digest)
		return PQS_ERR_UNSUPPORTED;
	if (sig_len > cls->sig_max_len || sig_len == 0)
		return PQS_ERR_SIG_LENGTH;
	if (prepared && !has_prepared_slot(cls))
		pk = prepared, prepared = NULL;
	return cls->verify_digest(cls, sig, sig_len, digest, digest_len, pk, prepared, flags);
}

int pqs_sig_verify_digest(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
			  size_t digest_len, const uint8_t *pk, unsigned flags)
{
	return verify_digest_with(cls, sig, sig_len, digest, digest_len, pk, NULL, flags);
}

int pqs_sig_verify_digest_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
				   size_t digest_len, const void *prepared, unsigned flags)
{
	return verify_digest_with(cls, sig, sig_len, digest, digest_len, NULL, prepared, flags);
}
