/*
 * pqsig: crypto-agile signature API.
 *
 * Every signature scheme in pqsig is reached through one small vtable
 * struct (pqs_sig_class), in the style of BearSSL: the class carries the
 * scheme's name and sizes and the function pointers for keygen, sign and
 * verify.  Callers look classes up by name (pqs_sig_find) or enumerate
 * them (pqs_sig_count / pqs_sig_at) and never name a scheme in code, so
 * schemes registered later (Falcon, Hawk, HAETAE, composites) reach every
 * caller without changes.
 *
 * All buffers are provided by the caller; sizes are given by the class.
 * Every function returns PQS_OK (0) or a negative pqs_err code;
 * pqs_strerror() turns a code into a one-line English message.
 */
#ifndef PQSIG_SIG_H
#define PQSIG_SIG_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/rand.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * One error space.  Every family of codes owns a block of 100 values, so a
 * code names its family and pqs_strerror() describes all of them:
 *      -1 ..  -99  pqs_err (below): core and signature schemes
 *    -100 .. -199  V2X_ERR_*        include/pqsig/v2x.h  (IEEE 1609.2 stack)
 *    -200 .. -299  PQS_CHAIN_ERR_*  include/pqsig/chain.h (ledger)
 *    -300 .. -399  reserved
 *    -400 .. -499  WSM_ERR_*        include/pqsig/wsm.h  (IEEE 1609.3 WSMP)
 *    -500 .. -599  reserved
 *    -600 .. -699  PQS_SCMS_ERR_*   include/pqsig/scms.h (IEEE 1609.2.1 SCMS)
 * A new family takes a reserved block (docs/ARCHITECTURE.md, "Add an error code").
 */
#define PQS_ERR_FAMILY_SIZE 100
#define PQS_ERR_BASE_V2X (-100)
#define PQS_ERR_BASE_CHAIN (-200)
#define PQS_ERR_BASE_WSM (-400)
#define PQS_ERR_BASE_SCMS (-600)

/** Error codes.  0 is success; every failure is a distinct negative value. */
typedef enum {
	PQS_OK = 0,
	PQS_ERR_ARG = -1,              /* NULL pointer or inconsistent argument */
	PQS_ERR_BUFFER_TOO_SMALL = -2, /* caller's output buffer is too small */
	PQS_ERR_KEY_LENGTH = -3,       /* public or secret key has the wrong length */
	PQS_ERR_SIG_LENGTH = -4,       /* signature has a length the scheme never produces */
	PQS_ERR_SEED_LENGTH = -5,      /* keygen seed has the wrong length */
	PQS_ERR_KEY_ENCODING = -6,     /* key bytes are not a canonical encoding */
	PQS_ERR_SIG_ENCODING = -7,     /* signature bytes are not a canonical encoding */
	PQS_ERR_CTX_TOO_LONG = -8,     /* context string longer than 255 bytes */
	PQS_ERR_CTX_UNSUPPORTED = -9,  /* scheme has no context string, ctx given */
	PQS_ERR_UNSUPPORTED = -10,     /* operation or option not defined for the scheme */
	PQS_ERR_UNKNOWN_ALG = -11,     /* no algorithm registered under that name */
	PQS_ERR_RANDOMNESS = -12,      /* the randomness source failed */
	PQS_ERR_INVALID_SIGNATURE = -13, /* well-formed signature that does not verify */
	PQS_ERR_INTERNAL = -14,        /* library failure (e.g. OpenSSL), not the input */
	PQS_ERR_DECODE = -15,          /* generic malformed input (see module-specific codes) */
	PQS_ERR_SEED_REJECTED = -16,   /* keygen seed that the scheme's key generation rejects */
	PQS_ERR_NOMEM = -17,           /* memory allocation failed */
	PQS_ERR_ENCODING = PQS_ERR_DECODE
} pqs_err;

/**
 * One-line, static, human-readable description of a code of any family
 * above; "unknown error" for a value no family defines (or whose family's
 * component is not linked into the program).
 */
const char *pqs_strerror(int err);

/* Class flags. */
#define PQS_SIG_FIXED_LENGTH 0x0001u /* every signature is exactly sig_max_len bytes */
#define PQS_SIG_HAS_CONTEXT 0x0002u  /* scheme accepts a context string (FIPS 204 style) */
#define PQS_SIG_PQC 0x0004u          /* post-quantum (or composite with a PQC part) */
#define PQS_SIG_COMPOSITE 0x0008u    /* composite of a classical and a PQC scheme */
#define PQS_SIG_DETERMINISTIC_OK 0x0010u /* PQS_SIGN_DETERMINISTIC is supported */

/* Sign flags. */
#define PQS_SIGN_DETERMINISTIC 0x0001u /* no fresh randomness: same inputs, same signature */

/*
 * Verify flags (pqs_sig_verify_digest, pqs_sig_verify_digest_prepared).
 * PQS_VERIFY_CANONICAL: accept a signature only in its one canonical
 * encoding, for protocols that identify a message by its signed bytes.
 * ECDSA: (r, s) and (r, n - s) verify alike (SEC 1 4.1.4 uses only the
 * x-coordinate of R), so only s <= n/2 is accepted and a high s gives
 * PQS_ERR_SIG_ENCODING: IEEE 1609.2 5.3.1 with the x-only rSig of 6.3.29,
 * BIP 62 rule 5.  Classes whose signatures have one encoding already
 * (their decoders are strict) accept the flag and verify as without it.
 */
#define PQS_VERIFY_CANONICAL 0x0001u

/* Largest context string any scheme accepts (FIPS 204 section 5.2). */
#define PQS_MAX_CTX_LEN 255

typedef struct pqs_sig_class_ pqs_sig_class;

/**
 * The vtable of one signature scheme.
 *
 * keygen: writes pk (pk_len bytes) and sk (sk_len bytes).  If seed is not
 *   NULL it must be seed_len bytes and keygen is deterministic (for ML-DSA
 *   the seed is xi of FIPS 204 Algorithm 6; for Falcon the 48-byte seed of
 *   the reference keygen; for ECDSA the private scalar, big-endian).  If seed
 *   is NULL, seed_len bytes are drawn from rng (OS randomness if rng is
 *   NULL).  Classes with seed_len == 0 reject a seed with PQS_ERR_UNSUPPORTED.
 *
 * sign: writes at most sig_max_len bytes into sig (sig_cap is its capacity)
 *   and the actual length into *sig_len.  ctx/ctx_len is the optional
 *   context string (<= 255 bytes; schemes without contexts accept only an
 *   empty one).  flags: PQS_SIGN_DETERMINISTIC or 0 (hedged, the default).
 *   Hedged randomness comes from rng, or OS randomness if rng is NULL.
 *
 * verify: returns PQS_OK if sig is a valid signature of msg under pk,
 *   PQS_ERR_INVALID_SIGNATURE if it is well formed but wrong, and another
 *   error code if an input is malformed.
 *
 * Optional slots (NULL / 0 when the scheme lacks them; always go through
 * the pqs_sig_* wrappers below, which fall back to the plain operations):
 *
 * prepared_len, prepare, verify_prepared, release: a prepared (expanded)
 *   public key, for verifiers that see the same signer again.  prepare
 *   decodes pk once into the caller's buffer of prepared_len bytes (the
 *   ML-DSA matrix A_hat and NTT(t1 2^d) with tr, Falcon's NTT(h), ECDSA's
 *   decoded OpenSSL key); verify_prepared then gives exactly the verdict
 *   verify gives with pk.  release frees what prepare acquired outside the
 *   buffer (ECDSA's OpenSSL key object); NULL when the buffer owns all.
 *
 * prepared_sk_len, prepare_sk, sign_prepared, release_sk: a prepared
 *   secret key, for signers that sign many messages with one key: sk
 *   decoded once into the caller's buffer of prepared_sk_len bytes (ECDSA:
 *   the OpenSSL key object, which release_sk frees).  sign_prepared signs
 *   as sign does with sk.  The buffer holds secret material: the
 *   pqs_sig_release_prepared_sk wrapper wipes it.
 *
 * sign_digest, verify_digest: sign or verify a digest the caller computed
 *   where the scheme defines signing a hash (ECDSA: FIPS 186-5 section
 *   6.4.1 from step 2 on, the digest truncated to the order's length).
 *   The key is given either encoded (sk, pk) or, when that pointer is
 *   NULL, prepared by this class (prepared_sk, prepared); verify_digest
 *   takes the PQS_VERIFY_* flags.
 */
struct pqs_sig_class_ {
	const char *name;        /* registry name, e.g. "ML-DSA-44" */
	const char *family;      /* "ECDSA", "ML-DSA", "Falcon", ... */
	uint16_t id;             /* stable numeric identifier (wire formats) */
	unsigned flags;          /* PQS_SIG_* */
	unsigned security_level; /* NIST category (1..5), 0 for classical-only */
	size_t pk_len;
	size_t sk_len;
	size_t sig_max_len;
	size_t seed_len;         /* 0: no deterministic keygen */
	int (*keygen)(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
	              const uint8_t *seed, size_t seed_len, pqs_rng *rng);
	int (*sign)(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
	            size_t *sig_len, const uint8_t *msg, size_t msg_len,
	            const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
	            unsigned flags, pqs_rng *rng);
	int (*verify)(const pqs_sig_class *cls, const uint8_t *sig,
	              size_t sig_len, const uint8_t *msg, size_t msg_len,
	              const uint8_t *ctx, size_t ctx_len, const uint8_t *pk);
	const void *params;      /* scheme-private parameter block */
	/* Optional slots (see above). */
	size_t prepared_len;     /* 0: no prepared-key slot */
	int (*prepare)(const pqs_sig_class *cls, void *prepared, const uint8_t *pk);
	int (*verify_prepared)(const pqs_sig_class *cls, const uint8_t *sig,
	                       size_t sig_len, const uint8_t *msg, size_t msg_len,
	                       const uint8_t *ctx, size_t ctx_len, const void *prepared);
	void (*release)(const pqs_sig_class *cls, void *prepared);
	int (*sign_digest)(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
			   const uint8_t *digest, size_t digest_len, const uint8_t *sk, const void *prepared_sk);
	int (*verify_digest)(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
			     size_t digest_len, const uint8_t *pk, const void *prepared, unsigned flags);
	size_t prepared_sk_len; /* 0: no prepared-secret-key slot */
	int (*prepare_sk)(const pqs_sig_class *cls, void *prepared_sk, const uint8_t *sk);
	int (*sign_prepared)(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
			     const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
			     const void *prepared_sk, unsigned flags, pqs_rng *rng);
	void (*release_sk)(const pqs_sig_class *cls, void *prepared_sk);
};

/*
 * Alignment a prepared-key buffer must have (the expanded polynomials are
 * read with vector loads).  Use aligned_alloc(PQS_SIG_PREPARED_ALIGN, ...)
 * or an _Alignas(PQS_SIG_PREPARED_ALIGN) array.
 */
#define PQS_SIG_PREPARED_ALIGN 64

/**
 * A list of classes.  The library's registry is one such list,
 * pqs_sig_registry, defined by the registry component linked into the
 * program: pqsig::registry (every class) or pqsig::registry_pqc (the
 * freestanding post-quantum classes only, no OpenSSL).  Callers that know
 * their scheme at compile time can skip the registry and name the class
 * object its header declares (e.g. pqs_mldsa44_class in pqsig/mldsa.h).
 */
typedef struct {
	const pqs_sig_class *const *classes;
	size_t count;
} pqs_sig_list;

/** The registry linked into this program (see pqs_sig_list). */
extern const pqs_sig_list pqs_sig_registry;

/** Class of a list by name (case-insensitive), or NULL. */
const pqs_sig_class *pqs_sig_list_find(const pqs_sig_list *list, const char *name);

/** Class of a list by numeric id, or NULL. */
const pqs_sig_class *pqs_sig_list_find_id(const pqs_sig_list *list, uint16_t id);

/** Number of registered classes. */
size_t pqs_sig_count(void);

/** The i-th registered class (0 <= i < pqs_sig_count()), NULL otherwise. */
const pqs_sig_class *pqs_sig_at(size_t i);

/** Class by name (case-insensitive), or NULL. */
const pqs_sig_class *pqs_sig_find(const char *name);

/** Class by its numeric id, or NULL. */
const pqs_sig_class *pqs_sig_find_id(uint16_t id);

/* Convenience wrappers that check arguments, then call the vtable. */

/** Generate a key pair; see pqs_sig_class.keygen. */
int pqs_sig_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
                   const uint8_t *seed, size_t seed_len, pqs_rng *rng);

/*
 * The argument checks of pqs_sig_sign, in its order: PQS_ERR_ARG (NULL
 * buffers, a NULL msg or ctx with a length, an unknown flag),
 * PQS_ERR_CTX_TOO_LONG, PQS_ERR_CTX_UNSUPPORTED, PQS_ERR_UNSUPPORTED
 * (deterministic signing the class does not offer), then
 * PQS_ERR_BUFFER_TOO_SMALL.  Sets *sig_len to 0 when sig_len is not NULL.
 * A class's sign method starts with it, so that a caller reaching the
 * method directly gets the same answers as through the wrapper.
 */
int pqs_sig_check_sign_args(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_cap, size_t *sig_len,
			    const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *sk,
			    unsigned flags);

/** Sign; see pqs_sig_class.sign. */
int pqs_sig_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
                 size_t *sig_len, const uint8_t *msg, size_t msg_len,
                 const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
                 unsigned flags, pqs_rng *rng);

/** Verify; see pqs_sig_class.verify. */
int pqs_sig_verify(const pqs_sig_class *cls, const uint8_t *sig,
                   size_t sig_len, const uint8_t *msg, size_t msg_len,
                   const uint8_t *ctx, size_t ctx_len, const uint8_t *pk);

/*
 * Prepared public keys.  Every class supports them: a class without the
 * slot "prepares" by copying pk (prepared length pk_len) and verifies it
 * with plain verify, so callers need no special case.
 *
 * Ownership: the caller owns the buffer (pqs_sig_prepared_len(cls) bytes,
 * aligned to PQS_SIG_PREPARED_ALIGN).  A successful pqs_sig_prepare must be
 * paired with one pqs_sig_release_prepared before the buffer is freed or
 * reused; a failed one leaves nothing to release.  A prepared key is only
 * read by pqs_sig_verify_prepared, so several threads may verify with one
 * prepared key at once.  The buffer must not be copied or moved while
 * prepared (ECDSA's holds a pointer to an OpenSSL key object).
 */

/** Bytes of a prepared key of cls (0 if cls is NULL). */
size_t pqs_sig_prepared_len(const pqs_sig_class *cls);

/** Decode pk (cls->pk_len bytes) into prepared; key errors as verify reports them. */
int pqs_sig_prepare(const pqs_sig_class *cls, void *prepared, const uint8_t *pk);

/** Verify with a prepared key; same verdict as pqs_sig_verify with its pk. */
int pqs_sig_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig,
                            size_t sig_len, const uint8_t *msg, size_t msg_len,
                            const uint8_t *ctx, size_t ctx_len, const void *prepared);

/** Free what pqs_sig_prepare acquired (no-op for most classes); wipes the buffer. */
void pqs_sig_release_prepared(const pqs_sig_class *cls, void *prepared);

/*
 * Prepared secret keys, for a signer that signs many messages with one key.
 * Every class supports them: a class without the slot "prepares" by copying
 * sk (prepared length sk_len) and signs with plain sign.  Ownership as for
 * prepared public keys above: a PQS_SIG_PREPARED_ALIGN-aligned caller
 * buffer, one pqs_sig_release_prepared_sk per successful prepare, never
 * copied or moved while prepared.  The buffer holds the secret key in some
 * form: release wipes it.
 */

/** Bytes of a prepared secret key of cls (0 if cls is NULL). */
size_t pqs_sig_prepared_sk_len(const pqs_sig_class *cls);

/** Decode sk (cls->sk_len bytes) into prepared_sk; key errors as sign reports them. */
int pqs_sig_prepare_sk(const pqs_sig_class *cls, void *prepared_sk, const uint8_t *sk);

/** Sign with a prepared secret key; arguments and results as pqs_sig_sign. */
int pqs_sig_sign_prepared(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			  size_t msg_len, const uint8_t *ctx, size_t ctx_len, const void *prepared_sk, unsigned flags,
			  pqs_rng *rng);

/** Free what pqs_sig_prepare_sk acquired and wipe the buffer. */
void pqs_sig_release_prepared_sk(const pqs_sig_class *cls, void *prepared_sk);

/**
 * Sign a precomputed digest (sig_cap >= sig_max_len); PQS_ERR_UNSUPPORTED
 * for a class that defines no digest signing.
 */
int pqs_sig_sign_digest(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
                        size_t *sig_len, const uint8_t *digest, size_t digest_len,
                        const uint8_t *sk);

/** pqs_sig_sign_digest with a secret key prepared by pqs_sig_prepare_sk. */
int pqs_sig_sign_digest_prepared(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
				 const uint8_t *digest, size_t digest_len, const void *prepared_sk);

/**
 * Verify a signature over a precomputed digest; flags: 0 or
 * PQS_VERIFY_CANONICAL (others: PQS_ERR_ARG).  PQS_ERR_UNSUPPORTED as above.
 */
int pqs_sig_verify_digest(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
			  size_t digest_len, const uint8_t *pk, unsigned flags);

/** pqs_sig_verify_digest with a public key prepared by pqs_sig_prepare. */
int pqs_sig_verify_digest_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *digest,
				   size_t digest_len, const void *prepared, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif
