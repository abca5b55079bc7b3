/*
 * Registry classes for round-3 Falcon (pqsig/sig.h):
 *   "Falcon-512" (0x0020), "Falcon-1024" (0x0021): compressed signatures
 *       of variable length, header 0x30+logn || 40-byte nonce || comp(s2)
 *       (the PQClean / liboqs detached layout);
 *   "Falcon-padded-512" (0x0022, 666 bytes), "Falcon-padded-1024"
 *       (0x0023, 1280 bytes): the same, zero-padded to a fixed length
 *       (signing restarts when the compressed s2 does not fit).
 * Keys: pk = 0x00+logn || h (14 bits per coefficient), sk = 0x50+logn ||
 * f || g || F (spec v1.2 section 3.11).  Randomness as the reference:
 * keygen draws 48 bytes, signing draws the 40-byte nonce then a 48-byte
 * seed for SHAKE256 feeding the sampler PRNG.  Round-3 Falcon has no
 * context string and no defined deterministic mode.
 */
#include "inner.h"
#include "core/compiler.h"
#include "core/ct.h"
#include "pqsig/sig.h"

typedef struct {
	unsigned logn;
	int padded;
} fndsa_params;

static const fndsa_params params_512 = { 9, 0 };
static const fndsa_params params_1024 = { 10, 0 };
static const fndsa_params params_p512 = { 9, 1 };
static const fndsa_params params_p1024 = { 10, 1 };

static const fndsa_params *
class_params(const pqs_sig_class *cls)
{
	return (const fndsa_params *)cls->params;
}

/* Header byte + nonce in front of the compressed s2. */
#define SIG_PREFIX (1 + FNDSA_NONCE_LEN)

static int
falcon_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
	const uint8_t *seed, size_t seed_len, pqs_rng *rng)
{
	uint64_t tmp[(FNDSA_TMP_KEYGEN(10) + 7) / 8];
	uint8_t sd[FNDSA_SEED_LEN];
	unsigned logn;
	int r;

	if (cls == NULL || pk == NULL || sk == NULL) {
		return PQS_ERR_ARG;
	}
	logn = class_params(cls)->logn;
	if (seed != NULL) {
		if (seed_len != FNDSA_SEED_LEN) {
			return PQS_ERR_SEED_LENGTH;
		}
		memcpy(sd, seed, sizeof sd);
	} else if (pqs_rng_fill(rng, sd, sizeof sd) != 0) {
		return PQS_ERR_RANDOMNESS;
	}
	r = pqs_fndsa_keygen_from_seed(logn, sd, sk, pk, tmp);
	pqs_zeroize(sd, sizeof sd);
	pqs_zeroize(tmp, sizeof tmp);
	return r == 0 ? PQS_OK : PQS_ERR_INTERNAL;
}

/*
 * Sign (spec Alg. 10) into the detached layout; see the file comment.
 * sig must have room for FNDSA_SIG_MAX_SIZE(logn) (or the padded size).
 * work: FALCON_SIGN_WORK_BYTES(logn) bytes, 8-byte aligned (the fpr
 * polynomials come first); wiped before returning.
 */
#define FALCON_SIGN_WORK_BYTES(logn) (PQS_FALCON_SIGN_TEMP_BYTES(logn) - 7u)

static int falcon_sign_impl(unsigned logn, int padded, uint8_t *sig, size_t *sig_len, const uint8_t *msg,
			    size_t msg_len, const uint8_t *sk, size_t sk_len, pqs_rng *rng, void *work)
{
	/* 104n bytes of fpr work area (13 polynomials) + f, g, F, G + hm + s2. */
	uint8_t seed[48];
	pqs_keccak sc;
	size_t n = (size_t)1 << logn;
	fpr *ftmp = (fpr *)work;
	int8_t *f = (int8_t *)(ftmp + 13 * n);
	int8_t *g = f + n, *F = g + n, *G = F + n;
	uint16_t *hm = (uint16_t *)(void *)(G + n);
	int16_t *s2 = (int16_t *)(void *)(hm + n);
	size_t total = padded ? FNDSA_SIG_PADDED_SIZE(logn) : FNDSA_SIG_MAX_SIZE(logn);
	size_t cmax = total - SIG_PREFIX, clen;
	int r;

	r = pqs_fndsa_decode_sk(f, g, F, G, sk, sk_len, logn, ftmp);
	if (r != PQS_OK) {
		goto out;
	}

	/* Step 1-2: r <- {0,1}^320, c = HashToPoint(r || m). */
	if (pqs_rng_fill(rng, sig + 1, FNDSA_NONCE_LEN) != 0) {
		r = PQS_ERR_RANDOMNESS;
		goto out;
	}
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, sig + 1, FNDSA_NONCE_LEN);
	if (msg_len != 0) {
		pqs_keccak_absorb(&sc, msg, msg_len);
	}
	pqs_fndsa_hash_to_point(&sc, hm, logn);

	/* Sampler randomness: SHAKE256(seed), as the reference keeps it. */
	if (pqs_rng_fill(rng, seed, sizeof seed) != 0) {
		r = PQS_ERR_RANDOMNESS;
		goto out;
	}
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, seed, sizeof seed);
	/* The sampler randomness is secret (constant-time tests track it). */
	PQS_CT_POISON(sc.st, sizeof sc.st);
	for (;;) {
		pqs_fndsa_sign_dyn(s2, &sc, f, g, F, G, hm, logn, ftmp);
		/* s2 is output now (Alg. 10 step 10): public. */
		PQS_CT_DECLASSIFY(s2, n * sizeof *s2);
		clen = pqs_fndsa_comp_encode(sig + SIG_PREFIX, cmax, s2, logn);
		if (clen != 0) {
			break;
		}
		/* Does not fit (only plausible for the padded size): sign again
		 * with the continuing SHAKE256 stream, as PQClean does. */
	}
	sig[0] = (uint8_t)FNDSA_SIG_HEADER(logn);
	if (padded) {
		memset(sig + SIG_PREFIX + clen, 0, cmax - clen);
		*sig_len = total;
	} else {
		*sig_len = SIG_PREFIX + clen;
	}
	r = PQS_OK;
out:
	PQS_CT_DECLASSIFY(work, FALCON_SIGN_WORK_BYTES(logn));
	PQS_CT_DECLASSIFY(sc.st, sizeof sc.st);
	pqs_zeroize(work, FALCON_SIGN_WORK_BYTES(logn));
	pqs_zeroize(seed, sizeof seed);
	pqs_zeroize(&sc, sizeof sc);
	return r;
}

/*
 * The work area on the stack, in a frame sized for the parameter set
 * (one function per degree, kept out of line so that a Falcon-512
 * signature does not pay for Falcon-1024's frame).
 */
static PQS_NOINLINE int falcon_sign_stack_512(int padded, uint8_t *sig, size_t *sig_len, const uint8_t *msg,
					      size_t msg_len, const uint8_t *sk, size_t sk_len, pqs_rng *rng)
{
	uint64_t work[FALCON_SIGN_WORK_BYTES(9) / 8];
	return falcon_sign_impl(9, padded, sig, sig_len, msg, msg_len, sk, sk_len, rng, work);
}

static PQS_NOINLINE int falcon_sign_stack_1024(int padded, uint8_t *sig, size_t *sig_len, const uint8_t *msg,
					       size_t msg_len, const uint8_t *sk, size_t sk_len, pqs_rng *rng)
{
	uint64_t work[FALCON_SIGN_WORK_BYTES(10) / 8];
	return falcon_sign_impl(10, padded, sig, sig_len, msg, msg_len, sk, sk_len, rng, work);
}

static int falcon_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
		       size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, unsigned flags,
		       pqs_rng *rng)
{
	const fndsa_params *p;
	int err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);

	if (err != PQS_OK) {
		return err;
	}
	p = class_params(cls);
	return p->logn == 9 ? falcon_sign_stack_512(p->padded, sig, sig_len, msg, msg_len, sk, cls->sk_len, rng)
			    : falcon_sign_stack_1024(p->padded, sig, sig_len, msg, msg_len, sk, cls->sk_len, rng);
}

int pqs_falcon_sign_temp(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			 size_t msg_len, const uint8_t *sk, pqs_rng *rng, void *tmp, size_t tmp_len)
{
	const fndsa_params *p;
	int err;

	if (cls != NULL && cls->sign != falcon_sign) {
		return PQS_ERR_ARG;
	}
	err = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, NULL, 0, sk, 0);
	if (err != PQS_OK) {
		return err;
	}
	if (tmp == NULL) {
		return PQS_ERR_ARG;
	}
	p = class_params(cls);
	if (tmp_len < PQS_FALCON_SIGN_TEMP_BYTES(p->logn)) {
		return PQS_ERR_BUFFER_TOO_SMALL;
	}
	/* The fpr polynomials need 8-byte alignment: skip up to 7 bytes. */
	uint8_t *work = (uint8_t *)tmp + ((8u - ((uintptr_t)tmp & 7u)) & 7u);
	return falcon_sign_impl(p->logn, p->padded, sig, sig_len, msg, msg_len, sk, cls->sk_len, rng, work);
}

/* Public key (3.11.4) into NTT(h), the form verification multiplies by. */
static int
falcon_decode_pk_ntt(const pqs_sig_class *cls, uint16_t *h_ntt, const uint8_t *pk)
{
	unsigned logn = class_params(cls)->logn;

	if (pk[0] != logn || pqs_fndsa_modq_decode(h_ntt, logn, pk + 1, cls->pk_len - 1) != cls->pk_len - 1) {
		return PQS_ERR_KEY_ENCODING;
	}
	pqs_fndsa_mq_NTT(h_ntt, logn);
	return PQS_OK;
}

/* Alg. 16 with the key as NTT(h): the whole of verify after the key decoding. */
static int
falcon_verify_ntt(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint16_t *h_ntt)
{
	uint16_t c0[1024], tmp[1024];
	int16_t s2[1024];
	pqs_keccak sc;
	const fndsa_params *p = class_params(cls);
	unsigned logn = p->logn;
	size_t clen, k;

	/* Signature (3.11.3). */
	if (p->padded ? sig_len != cls->sig_max_len
		: (sig_len < SIG_PREFIX + 1 || sig_len > cls->sig_max_len)) {
		return PQS_ERR_SIG_LENGTH;
	}
	if (sig[0] != FNDSA_SIG_HEADER(logn)) {
		return PQS_ERR_SIG_ENCODING;
	}
	clen = sig_len - SIG_PREFIX;
	k = pqs_fndsa_comp_decode(s2, logn, sig + SIG_PREFIX, clen);
	if (k == 0) {
		return PQS_ERR_SIG_ENCODING;
	}
	if (k != clen) {
		if (!p->padded) {
			return PQS_ERR_SIG_ENCODING;
		}
		for (size_t u = k; u < clen; u++) {
			if (sig[SIG_PREFIX + u] != 0) {
				return PQS_ERR_SIG_ENCODING;
			}
		}
	}

	/* c = HashToPoint(r || m), then the norm check. */
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, sig + 1, FNDSA_NONCE_LEN);
	if (msg_len != 0) {
		pqs_keccak_absorb(&sc, msg, msg_len);
	}
	pqs_fndsa_hash_to_point(&sc, c0, logn);
	return pqs_fndsa_verify_raw(c0, s2, h_ntt, logn, tmp) ? PQS_OK : PQS_ERR_INVALID_SIGNATURE;
}

/* The argument checks of falcon_verify and falcon_verify_prepared (key already given). */
static int
falcon_verify_args(const pqs_sig_class *cls, const uint8_t *sig,
	const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
	const void *key)
{
	if (cls == NULL || sig == NULL || key == NULL
		|| (msg == NULL && msg_len != 0) || (ctx == NULL && ctx_len != 0)) {
		return PQS_ERR_ARG;
	}
	if (ctx_len != 0) {
		return ctx_len > PQS_MAX_CTX_LEN ? PQS_ERR_CTX_TOO_LONG : PQS_ERR_CTX_UNSUPPORTED;
	}
	return PQS_OK;
}

/*
 * Verify (spec Alg. 16) a detached signature; strict decoding with one
 * sig.h code per failure class (docs/falcon.md):
 *   PQS_ERR_KEY_ENCODING   pk header byte != logn, or a coefficient >= q
 *   PQS_ERR_SIG_LENGTH     padded: length != 666/1280; compressed: shorter
 *                          than header + nonce + 1 byte, or longer than
 *                          752/1462
 *   PQS_ERR_SIG_ENCODING   header byte != 0x30+logn; compressed s2 not
 *                          canonical (|coefficient| > 2047, "-0", nonzero
 *                          unused bits, truncated); trailing bytes after
 *                          it (compressed form) or nonzero padding
 *   PQS_ERR_INVALID_SIGNATURE  well formed, but ||(s1,s2)||^2 > bound
 */
static int
falcon_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
	const uint8_t *pk)
{
	uint16_t h[1024];
	int err = falcon_verify_args(cls, sig, msg, msg_len, ctx, ctx_len, pk);

	if (err == PQS_OK) {
		err = falcon_decode_pk_ntt(cls, h, pk);
	}
	return err != PQS_OK ? err : falcon_verify_ntt(cls, sig, sig_len, msg, msg_len, h);
}

/* Prepared key (PQS_FALCON_PREPARED_BYTES): NTT(h) as 2^logn uint16_t. */
static int
falcon_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk)
{
	return falcon_decode_pk_ntt(cls, (uint16_t *)prepared, pk);
}

static int
falcon_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
	const void *prepared)
{
	int err = falcon_verify_args(cls, sig, msg, msg_len, ctx, ctx_len, prepared);

	return err != PQS_OK ? err
		: falcon_verify_ntt(cls, sig, sig_len, msg, msg_len, (const uint16_t *)prepared);
}

#define FALCON_CLASS(var, nm, ident, fl, level, logn, prm) \
	const pqs_sig_class var = { \
		.name = nm, \
		.family = "Falcon", \
		.id = ident, \
		.flags = PQS_SIG_PQC | (fl), \
		.security_level = level, \
		.pk_len = FNDSA_PK_SIZE(logn), \
		.sk_len = FNDSA_SK_SIZE(logn), \
		.sig_max_len = (fl) ? FNDSA_SIG_PADDED_SIZE(logn) : FNDSA_SIG_MAX_SIZE(logn), \
		.seed_len = FNDSA_SEED_LEN, \
		.keygen = falcon_keygen, \
		.sign = falcon_sign, \
		.verify = falcon_verify, \
		.params = &prm, \
		.prepared_len = PQS_FALCON_PREPARED_BYTES(logn), \
		.prepare = falcon_prepare, \
		.verify_prepared = falcon_verify_prepared, \
	}

FALCON_CLASS(pqs_falcon512_class, "Falcon-512", 0x0020, 0, 1, 9, params_512);
FALCON_CLASS(pqs_falcon1024_class, "Falcon-1024", 0x0021, 0, 5, 10, params_1024);
FALCON_CLASS(pqs_falcon_padded512_class, "Falcon-padded-512", 0x0022,
	PQS_SIG_FIXED_LENGTH, 1, 9, params_p512);
FALCON_CLASS(pqs_falcon_padded1024_class, "Falcon-padded-1024", 0x0023,
	PQS_SIG_FIXED_LENGTH, 5, 10, params_p1024);
