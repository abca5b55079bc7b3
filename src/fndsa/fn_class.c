/*
 * FN-DSA (putative FIPS 206 draft): the registry classes "FN-DSA-512"
 * and "FN-DSA-1024" and the functions of include/pqsig/fndsa.h.
 *
 * Pure signing with a context string, always hedged: the draft reads 40
 * fresh bytes per signature, so PQS_SIGN_DETERMINISTIC is refused (the
 * test interface takes an explicit rnd instead).  Standard entry points
 * accept logn 9 and 10 only; the toy degrees 2..8 exist only through the
 * pqs_fndsa_test_* functions.
 */
#include <string.h>

#include "core/ct.h"
#include "fn_inner.h"
#include "pqsig/fndsa.h"
#include "pqsig/sig.h"

static int
standard_logn(unsigned logn)
{
	return logn == 9 || logn == 10;
}

static int
toy_or_standard_logn(unsigned logn)
{
	return logn >= PQS_FNDSA_FN_MIN_LOGN && logn <= 10;
}

/* Digest length of each pre-hash (SHAKE128/256: 256/512 output bits,
 * as HashML-DSA); 0 for an unknown identifier. */
static size_t
digest_len_of(int ph_id)
{
	switch (ph_id) {
	case PQS_FNDSA_PH_SHA256: case PQS_FNDSA_PH_SHA512_256:
	case PQS_FNDSA_PH_SHA3_256: case PQS_FNDSA_PH_SHAKE128:
		return 32;
	case PQS_FNDSA_PH_SHA384: case PQS_FNDSA_PH_SHA3_384:
		return 48;
	case PQS_FNDSA_PH_SHA512: case PQS_FNDSA_PH_SHA3_512:
	case PQS_FNDSA_PH_SHAKE256:
		return 64;
	default:
		return 0;
	}
}

static int
keygen_any(unsigned logn, uint8_t *vk, uint8_t *sk, const uint8_t *seed,
	size_t seed_len)
{
	if (vk == NULL || sk == NULL || (seed == NULL && seed_len != 0)) {
		return PQS_ERR_ARG;
	}
	return pqs_fndsa_fn_keygen_seeded(logn, seed, seed_len, sk, vk);
}

int
pqs_fndsa_keygen(unsigned logn, uint8_t *vk, uint8_t *sk, const uint8_t *seed,
	pqs_rng *rng)
{
	uint8_t buf[PQS_FNDSA_SEED_BYTES];
	int err;

	if (!standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	if (seed == NULL) {
		/* The draft's keygen reads exactly 32 bytes from its RNG. */
		if (pqs_rng_fill(rng, buf, sizeof buf) != 0) {
			return PQS_ERR_RANDOMNESS;
		}
		seed = buf;
	}
	err = keygen_any(logn, vk, sk, seed, PQS_FNDSA_SEED_BYTES);
	pqs_zeroize(buf, sizeof buf);
	return err;
}

/* mu for a decoded sk (its stored SHAKE256(vk)). */
static int
mu_from_sk(uint8_t mu[64], unsigned logn, const uint8_t *sk, size_t sk_len,
	int ph_id, const uint8_t *ctx, size_t ctx_len, const uint8_t *data,
	size_t data_len)
{
	if (sk_len != PQS_FNDSA_FN_SK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	return pqs_fndsa_fn_mu(mu, sk + sk_len - 64, ph_id, ctx, ctx_len, data,
		data_len);
}

/* tmp: NULL (stack) or the caller's workspace of tmp_len bytes. */
static int sign_mu_any(unsigned logn, uint8_t *sig, const uint8_t *sk, size_t sk_len, const uint8_t mu[64],
		       const uint8_t *rnd, size_t rnd_len, void *tmp, size_t tmp_len)
{
	if (sig == NULL || sk == NULL || mu == NULL
		|| (rnd == NULL && rnd_len != 0))
	{
		return PQS_ERR_ARG;
	}
	if (sk_len != PQS_FNDSA_FN_SK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	/* The header (degree) is public. */
	PQS_CT_DECLASSIFY(sk, 1);
	if (sk[0] != 0x50 + logn) {
		return PQS_ERR_KEY_ENCODING;
	}
	return pqs_fndsa_fn_sign_mu(sig, sk, sk_len, mu, rnd, rnd_len, tmp, tmp_len);
}

/* Hedged signing: 40 bytes of rng per signature (section 3.2). */
static int sign_mu_hedged(unsigned logn, uint8_t *sig, const uint8_t *sk, size_t sk_len, const uint8_t mu[64],
			  pqs_rng *rng, void *tmp, size_t tmp_len)
{
	uint8_t rnd[PQS_FNDSA_RND_BYTES];
	int err;

	if (pqs_rng_fill(rng, rnd, sizeof rnd) != 0) {
		return PQS_ERR_RANDOMNESS;
	}
	err = sign_mu_any(logn, sig, sk, sk_len, mu, rnd, sizeof rnd, tmp, tmp_len);
	pqs_zeroize(rnd, sizeof rnd);
	return err;
}

static int
verify_mu_any(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t mu[64])
{
	uint16_t h[1024];
	int err;

	if (sig == NULL || vk == NULL || mu == NULL) {
		return PQS_ERR_ARG;
	}
	err = pqs_fndsa_fn_vk_decode(h, vk, vk_len, logn);
	if (err != PQS_OK) {
		return err;
	}
	return pqs_fndsa_fn_verify_mu(sig, sig_len, h, logn, mu);
}

int
pqs_fndsa_compute_mu(unsigned logn, uint8_t mu[64], const uint8_t *vk,
	size_t vk_len, int ph_id, const uint8_t *ctx, size_t ctx_len,
	const uint8_t *data, size_t data_len)
{
	uint8_t hvk[64];

	if (!standard_logn(logn) || mu == NULL || vk == NULL
		|| (ctx == NULL && ctx_len != 0) || (data == NULL && data_len != 0)
		|| (ph_id != PQS_FNDSA_FN_RAW && digest_len_of(ph_id) != data_len))
	{
		return PQS_ERR_ARG;
	}
	if (vk_len != PQS_FNDSA_FN_VK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	pqs_shake256(hvk, 64, vk, vk_len);
	return pqs_fndsa_fn_mu(mu, hvk, ph_id, ctx, ctx_len, data, data_len);
}

int
pqs_fndsa_hash_sign(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t *ctx, size_t ctx_len, int ph_id,
	const uint8_t *digest, size_t digest_len, pqs_rng *rng)
{
	uint8_t mu[64];
	int err;

	if (!standard_logn(logn) || sk == NULL || (ctx == NULL && ctx_len != 0)
		|| digest == NULL || digest_len_of(ph_id) != digest_len)
	{
		return PQS_ERR_ARG;
	}
	err = mu_from_sk(mu, logn, sk, sk_len, ph_id, ctx, ctx_len, digest,
		digest_len);
	return err != PQS_OK ? err : sign_mu_hedged(logn, sig, sk, sk_len, mu, rng, NULL, 0);
}

int
pqs_fndsa_hash_verify(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t *ctx, size_t ctx_len,
	int ph_id, const uint8_t *digest, size_t digest_len)
{
	uint8_t mu[64];
	int err;

	if (ph_id == PQS_FNDSA_FN_RAW) {
		return PQS_ERR_ARG;
	}
	err = pqs_fndsa_compute_mu(logn, mu, vk, vk_len, ph_id, ctx, ctx_len,
		digest, digest_len);
	return err != PQS_OK ? err
		: verify_mu_any(logn, sig, sig_len, vk, vk_len, mu);
}

int
pqs_fndsa_sign_mu(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t mu[64], pqs_rng *rng)
{
	if (!standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	return sign_mu_hedged(logn, sig, sk, sk_len, mu, rng, NULL, 0);
}

int
pqs_fndsa_verify_mu(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t mu[64])
{
	if (!standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	return verify_mu_any(logn, sig, sig_len, vk, vk_len, mu);
}

size_t
pqs_fndsa_test_vk_len(unsigned logn)
{
	return toy_or_standard_logn(logn) ? PQS_FNDSA_FN_VK_SIZE(logn) : 0;
}

size_t
pqs_fndsa_test_sk_len(unsigned logn)
{
	return toy_or_standard_logn(logn) ? PQS_FNDSA_FN_SK_SIZE(logn) : 0;
}

size_t
pqs_fndsa_test_sig_len(unsigned logn)
{
	return toy_or_standard_logn(logn) ? PQS_FNDSA_FN_SIG_SIZE(logn) : 0;
}

int
pqs_fndsa_test_keygen(unsigned logn, uint8_t *vk, uint8_t *sk,
	const uint8_t *seed, size_t seed_len)
{
	if (!toy_or_standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	return keygen_any(logn, vk, sk, seed, seed_len);
}

int
pqs_fndsa_test_sign_mu(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t mu[64], const uint8_t *rnd, size_t rnd_len)
{
	if (!toy_or_standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	return sign_mu_any(logn, sig, sk, sk_len, mu, rnd, rnd_len, NULL, 0);
}

int
pqs_fndsa_test_verify_mu(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t mu[64])
{
	if (!toy_or_standard_logn(logn)) {
		return PQS_ERR_ARG;
	}
	return verify_mu_any(logn, sig, sig_len, vk, vk_len, mu);
}

/* ==================================================================== */
/* Registry classes.                                                    */

static unsigned
class_logn(const pqs_sig_class *cls)
{
	return *(const unsigned *)cls->params;
}

static int
fn_class_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
	const uint8_t *seed, size_t seed_len, pqs_rng *rng)
{
	if (cls == NULL || pk == NULL || sk == NULL) {
		return PQS_ERR_ARG;
	}
	if (seed != NULL && seed_len != PQS_FNDSA_SEED_BYTES) {
		return PQS_ERR_SEED_LENGTH;
	}
	return pqs_fndsa_keygen(class_logn(cls), pk, sk, seed, rng);
}

/* Registry sign; tmp: NULL (stack) or the caller's workspace. */
static int fn_sign_with(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, unsigned flags,
			pqs_rng *rng, void *tmp, size_t tmp_len)
{
	unsigned logn;
	uint8_t mu[64];
	int err;

	/* The draft signs with fresh randomness only: no PQS_SIG_DETERMINISTIC_OK. */
	err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (err != PQS_OK) {
		return err;
	}
	logn = class_logn(cls);
	err = mu_from_sk(mu, logn, sk, cls->sk_len, PQS_FNDSA_FN_RAW, ctx,
		ctx_len, msg, msg_len);
	if (err == PQS_OK) {
		err = sign_mu_hedged(logn, sig, sk, cls->sk_len, mu, rng, tmp, tmp_len);
	}
	if (err == PQS_OK) {
		*sig_len = cls->sig_max_len;
	}
	return err;
}

static int fn_class_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			 size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, unsigned flags,
			 pqs_rng *rng)
{
	return fn_sign_with(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags, rng, NULL, 0);
}

int pqs_fndsa_sign_temp(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, pqs_rng *rng, void *tmp,
			size_t tmp_len)
{
	if (cls == NULL || cls->sign != fn_class_sign || tmp == NULL) {
		return PQS_ERR_ARG;
	}
	return fn_sign_with(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, 0, rng, tmp, tmp_len);
}

static int
fn_class_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
	const uint8_t *pk)
{
	uint8_t mu[64];
	unsigned logn;
	int err;

	if (cls == NULL || sig == NULL || pk == NULL
		|| (msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0))
	{
		return PQS_ERR_ARG;
	}
	logn = class_logn(cls);
	err = pqs_fndsa_compute_mu(logn, mu, pk, cls->pk_len, PQS_FNDSA_FN_RAW,
		ctx, ctx_len, msg, msg_len);
	return err != PQS_OK ? err
		: verify_mu_any(logn, sig, sig_len, pk, cls->pk_len, mu);
}

/* Prepared key (PQS_FNDSA_PREPARED_BYTES): the vk hash of mu, then the decoded NTT(h). */
typedef struct {
	uint8_t hvk[64];
	uint16_t h_ntt[];
} fn_prepared;

static int
fn_class_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	fn_prepared *pp = prepared;

	pqs_shake256(pp->hvk, sizeof pp->hvk, pk, cls->pk_len);
	return pqs_fndsa_fn_vk_decode(pp->h_ntt, pk, cls->pk_len, class_logn(cls));
}

static int
fn_class_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig,
	size_t sig_len, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
	size_t ctx_len, const void *prepared)
{
	const fn_prepared *pp = prepared;
	uint8_t mu[64];
	int err;

	if (cls == NULL || sig == NULL || prepared == NULL
		|| (msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0))
	{
		return PQS_ERR_ARG;
	}
	err = pqs_fndsa_fn_mu(mu, pp->hvk, PQS_FNDSA_FN_RAW, ctx, ctx_len, msg, msg_len);
	return err != PQS_OK ? err
		: pqs_fndsa_fn_verify_mu(sig, sig_len, pp->h_ntt, class_logn(cls), mu);
}

static const unsigned logn_512 = 9, logn_1024 = 10;

#define FNDSA_CLASS(var, nm, ident, level, logn, prm) \
	const pqs_sig_class var = { \
		.name = nm, \
		.family = "FN-DSA", \
		.id = ident, \
		.flags = PQS_SIG_PQC | PQS_SIG_FIXED_LENGTH | PQS_SIG_HAS_CONTEXT, \
		.security_level = level, \
		.pk_len = PQS_FNDSA_FN_VK_SIZE(logn), \
		.sk_len = PQS_FNDSA_FN_SK_SIZE(logn), \
		.sig_max_len = PQS_FNDSA_FN_SIG_SIZE(logn), \
		.seed_len = PQS_FNDSA_SEED_BYTES, \
		.keygen = fn_class_keygen, \
		.sign = fn_class_sign, \
		.verify = fn_class_verify, \
		.params = &prm, \
		.prepared_len = PQS_FNDSA_PREPARED_BYTES(logn), \
		.prepare = fn_class_prepare, \
		.verify_prepared = fn_class_verify_prepared, \
	}

FNDSA_CLASS(pqs_fndsa512_class, "FN-DSA-512", 0x0024, 1, 9, logn_512);
FNDSA_CLASS(pqs_fndsa1024_class, "FN-DSA-1024", 0x0025, 5, 10, logn_1024);
