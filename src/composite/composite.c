/*
 * Composite ECDSA + PQC signatures (see include/pqsig/composite.h).
 * Each composite class points at its two component classes; its sizes are
 * the sums of the components' published size formulas (checked against the
 * component classes by tests/core/test_registry_list.c).
 * The one scheme interface used directly is ECDSA's low-S verification
 * (pqsig/ecdsa.h).
 */
#include <string.h>

#include "pqsig/composite.h"
#include "pqsig/ecdsa.h"
#include "pqsig/falcon.h"
#include "pqsig/mldsa.h"
#include "pqsig/rand.h"
#include "pqsig/sha3.h"

typedef struct {
	const pqs_sig_class *classical; /* the ECDSA component */
	const pqs_sig_class *pqc;       /* the PQC component */
} composite_params;

int pqs_composite_parts(const pqs_sig_class *c, const pqs_sig_class **classical, const pqs_sig_class **pqc)
{
	if (!c || !(c->flags & PQS_SIG_COMPOSITE) || !c->params)
		return PQS_ERR_ARG;
	const composite_params *p = c->params;
	if (classical)
		*classical = p->classical;
	if (pqc)
		*pqc = p->pqc;
	return PQS_OK;
}

/* Largest M': label, name (< 64), two framing bytes, ctx (255), 64-byte message hash. */
#define MPRIME_MAX (sizeof LABEL + 64 + 2 + PQS_MAX_CTX_LEN + 64)
static const char LABEL[] = "pqsig-composite-v1";

typedef struct {
	uint8_t buf[MPRIME_MAX];
	size_t len;
} mprime;

/*
 * M' = label || 0x00 || name || 0x00 || len(ctx) || ctx || SHAKE256(M, 64).
 * Hashing M (as the IETF composite drafts pre-hash) keeps M' bounded, so it
 * is built on the stack for any message length.
 */
static void build_mprime(const pqs_sig_class *c, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                         size_t ctx_len, mprime *m)
{
	size_t n = 0, name_len = strlen(c->name);
	memcpy(m->buf, LABEL, sizeof LABEL); /* with its 0x00 terminator */
	n += sizeof LABEL;
	memcpy(m->buf + n, c->name, name_len);
	n += name_len;
	m->buf[n++] = 0x00;
	m->buf[n++] = (uint8_t)ctx_len;
	if (ctx_len)
		memcpy(m->buf + n, ctx, ctx_len);
	n += ctx_len;
	pqs_shake256(m->buf + n, 64, msg, msg_len);
	m->len = n + 64;
}

static int composite_keygen(const pqs_sig_class *c, uint8_t *pk, uint8_t *sk, const uint8_t *seed, size_t seed_len,
                            pqs_rng *rng)
{
	const pqs_sig_class *a, *b;
	int ret = pqs_composite_parts(c, &a, &b);
	(void)seed, (void)seed_len; /* seed_len is 0: the registry refuses seeds */
	if (ret != PQS_OK)
		return ret;
	ret = pqs_sig_keygen(a, pk, sk, NULL, 0, rng);
	if (ret == PQS_OK)
		ret = pqs_sig_keygen(b, pk + a->pk_len, sk + a->sk_len, NULL, 0, rng);
	if (ret != PQS_OK)
		pqs_zeroize(sk, c->sk_len);
	return ret;
}

static int composite_sign(const pqs_sig_class *c, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
                          size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk, unsigned flags,
                          pqs_rng *rng)
{
	const pqs_sig_class *a, *b;
	int ret = pqs_sig_check_sign_args(c, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (ret != PQS_OK || (ret = pqs_composite_parts(c, &a, &b)) != PQS_OK)
		return ret;
	mprime m;
	build_mprime(c, msg, msg_len, ctx, ctx_len, &m);
	size_t la = 0, lb = 0;
	ret = pqs_sig_sign(a, sig, sig_cap, &la, m.buf, m.len, NULL, 0, sk, flags, rng);
	if (ret == PQS_OK)
		ret = pqs_sig_sign(b, sig + la, sig_cap - la, &lb, m.buf, m.len, NULL, 0, sk + a->sk_len, flags, rng);
	*sig_len = ret == PQS_OK ? la + lb : 0;
	return ret;
}

/*
 * Verify with the key either as pk (prepared == NULL) or as a prepared key
 * (its ECDSA part first, PQS_ECDSA_PREPARED_BYTES, then the PQC part's).
 */
static int verify_parts(const pqs_sig_class *c, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                        size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk, const uint8_t *prepared)
{
	const pqs_sig_class *a, *b;
	int ret = pqs_composite_parts(c, &a, &b);
	if (ret != PQS_OK)
		return ret;
	/* The ECDSA part has a fixed length; the PQC part is the rest. */
	if (sig_len <= a->sig_max_len || sig_len - a->sig_max_len > b->sig_max_len)
		return PQS_ERR_SIG_LENGTH;
	mprime m;
	build_mprime(c, msg, msg_len, ctx, ctx_len, &m);
	/*
	 * The ECDSA half must be low-S whatever its class accepts alone: the
	 * composite format is pqsig's own (no foreign signer to stay compatible
	 * with) and its PQC halves have one encoding each, so the whole
	 * signature has exactly one encoding (docs/security.md).
	 */
	const uint8_t *sig_b = sig + a->sig_max_len;
	size_t sig_b_len = sig_len - a->sig_max_len;
	int ra, rb;
	if (prepared) {
		ra = pqs_ecdsa_verify_prepared_policy(a, sig, a->sig_max_len, m.buf, m.len, prepared, PQS_ECDSA_S_LOW);
		rb = pqs_sig_verify_prepared(b, sig_b, sig_b_len, m.buf, m.len, NULL, 0, prepared + PQS_ECDSA_PREPARED_BYTES);
	} else {
		ra = pqs_ecdsa_verify_policy(a, sig, a->sig_max_len, m.buf, m.len, pk, PQS_ECDSA_S_LOW);
		rb = pqs_sig_verify(b, sig_b, sig_b_len, m.buf, m.len, NULL, 0, pk + a->pk_len);
	}
	/* Both must hold; report a malformed component before a mere mismatch. */
	if (ra != PQS_OK && ra != PQS_ERR_INVALID_SIGNATURE)
		return ra;
	if (rb != PQS_OK && rb != PQS_ERR_INVALID_SIGNATURE)
		return rb;
	return ra == PQS_OK && rb == PQS_OK ? PQS_OK : PQS_ERR_INVALID_SIGNATURE;
}

static int composite_verify(const pqs_sig_class *c, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                            size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	return verify_parts(c, sig, sig_len, msg, msg_len, ctx, ctx_len, pk, NULL);
}

/* Prepared key (PQS_COMPOSITE_PREPARED_BYTES): both parts prepared, each owning what its class acquires. */
static int composite_prepare(const pqs_sig_class *c, void *prepared, const uint8_t *pk)
{
	const pqs_sig_class *a, *b;
	uint8_t *buf = prepared;
	int ret = pqs_composite_parts(c, &a, &b);
	if (ret == PQS_OK)
		ret = pqs_sig_prepare(a, buf, pk);
	if (ret != PQS_OK)
		return ret;
	ret = pqs_sig_prepare(b, buf + PQS_ECDSA_PREPARED_BYTES, pk + a->pk_len);
	if (ret != PQS_OK)
		pqs_sig_release_prepared(a, buf); /* a failed prepare leaves nothing to release */
	return ret;
}

static int composite_verify_prepared(const pqs_sig_class *c, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                                     size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *prepared)
{
	return verify_parts(c, sig, sig_len, msg, msg_len, ctx, ctx_len, NULL, prepared);
}

static void composite_release(const pqs_sig_class *c, void *prepared)
{
	const pqs_sig_class *a, *b;
	uint8_t *buf = prepared;
	if (pqs_composite_parts(c, &a, &b) != PQS_OK)
		return;
	pqs_sig_release_prepared(a, buf);
	pqs_sig_release_prepared(b, buf + PQS_ECDSA_PREPARED_BYTES);
}

/* ECDSA P-256 (32-byte field) plus a PQC class; sizes add up the components'. */
#define P256_BYTES 32
/* Prepared key: the ECDSA part's (PQS_ECDSA_PREPARED_BYTES, which keeps the PQC part aligned), then the PQC part's. */
#define PQS_COMPOSITE_PREPARED_BYTES(pqc_prep) (PQS_ECDSA_PREPARED_BYTES + (pqc_prep))
#define COMPOSITE_CLASS(var, nm, idv, pqc_class, level, pqc_pk, pqc_sk, pqc_sig, pqc_prep)                               \
	static const composite_params var##_params = { &pqs_ecdsa_p256_class, &(pqc_class) };                  \
	const pqs_sig_class var = {                                                                             \
		.name = nm, .family = "Composite", .id = idv,                                                       \
		.flags = PQS_SIG_COMPOSITE | PQS_SIG_PQC | PQS_SIG_HAS_CONTEXT | PQS_SIG_FIXED_LENGTH,              \
		.security_level = level, .pk_len = PQS_ECDSA_PUBLICKEY_BYTES(P256_BYTES) + (pqc_pk),                \
		.sk_len = PQS_ECDSA_SECRETKEY_BYTES(P256_BYTES) + (pqc_sk),                                         \
		.sig_max_len = PQS_ECDSA_SIGNATURE_BYTES(P256_BYTES) + (pqc_sig), .seed_len = 0,                    \
		.keygen = composite_keygen, .sign = composite_sign, .verify = composite_verify,                     \
		.params = &var##_params,                                                                            \
		.prepared_len = PQS_COMPOSITE_PREPARED_BYTES(pqc_prep), .prepare = composite_prepare,               \
		.verify_prepared = composite_verify_prepared, .release = composite_release,                          \
	}

COMPOSITE_CLASS(pqs_composite_p256_mldsa44_class, "ECDSA-P256+ML-DSA-44", 0x0101, pqs_mldsa44_class, 2,
                PQS_MLDSA44_PUBLICKEY_BYTES, PQS_MLDSA44_SECRETKEY_BYTES, PQS_MLDSA44_SIGNATURE_BYTES, PQS_MLDSA44_PREPARED_BYTES);
COMPOSITE_CLASS(pqs_composite_p256_mldsa65_class, "ECDSA-P256+ML-DSA-65", 0x0102, pqs_mldsa65_class, 3,
                PQS_MLDSA65_PUBLICKEY_BYTES, PQS_MLDSA65_SECRETKEY_BYTES, PQS_MLDSA65_SIGNATURE_BYTES, PQS_MLDSA65_PREPARED_BYTES);
COMPOSITE_CLASS(pqs_composite_p256_mldsa87_class, "ECDSA-P256+ML-DSA-87", 0x0103, pqs_mldsa87_class, 5,
                PQS_MLDSA87_PUBLICKEY_BYTES, PQS_MLDSA87_SECRETKEY_BYTES, PQS_MLDSA87_SIGNATURE_BYTES, PQS_MLDSA87_PREPARED_BYTES);
COMPOSITE_CLASS(pqs_composite_p256_falcon512_class, "ECDSA-P256+Falcon-padded-512", 0x0104,
                pqs_falcon_padded512_class, 1, PQS_FALCON_PUBLICKEY_BYTES(9), PQS_FALCON_SECRETKEY_BYTES(9),
                PQS_FALCON_PADDED_SIGNATURE_BYTES(9), PQS_FALCON_PREPARED_BYTES(9));
COMPOSITE_CLASS(pqs_composite_p256_falcon1024_class, "ECDSA-P256+Falcon-padded-1024", 0x0105,
                pqs_falcon_padded1024_class, 5, PQS_FALCON_PUBLICKEY_BYTES(10), PQS_FALCON_SECRETKEY_BYTES(10),
                PQS_FALCON_PADDED_SIGNATURE_BYTES(10), PQS_FALCON_PREPARED_BYTES(10));
