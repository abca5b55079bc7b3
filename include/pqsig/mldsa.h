/*
 * pqsig: ML-DSA (FIPS 204, Module-Lattice-Based Digital Signature Standard).
 *
 * Most callers use the registry classes "ML-DSA-44", "ML-DSA-65" and
 * "ML-DSA-87" through pqsig/sig.h (pure ML-DSA with a context string,
 * hedged or deterministic).  This header exposes every FIPS 204 entry
 * point with explicit parameters, for test vectors (ACVP, Wycheproof,
 * KAT) and for protocols that need them:
 *
 *   KeyGen_internal (Algorithm 6)         pqs_mldsa_keygen_internal
 *   KeyGen (Algorithm 1)                  pqs_mldsa_keygen
 *   Sign (Algorithm 2), explicit rnd      pqs_mldsa_sign
 *   Verify (Algorithm 3)                  pqs_mldsa_verify
 *   HashML-DSA.Sign (Algorithm 4)         pqs_mldsa_hash_sign
 *   HashML-DSA.Verify (Algorithm 5)       pqs_mldsa_hash_verify
 *   Sign_internal (Algorithm 7) on M'     pqs_mldsa_sign_internal
 *   Verify_internal (Algorithm 8) on M'   pqs_mldsa_verify_internal
 *   Sign_internal from mu ("external mu") pqs_mldsa_sign_mu
 *   the two signers on a caller workspace pqs_mldsa_sign_temp, pqs_mldsa_sign_mu_temp
 *   Verify_internal from mu               pqs_mldsa_verify_mu
 *   mu = H(tr || M', 64)                  pqs_mldsa_compute_mu
 *
 * Keys use the FIPS 204 encodings (pkEncode / skEncode, Algorithms 22/24);
 * signatures are sigEncode (Algorithm 26), always exactly the set's
 * signature size.  All buffers belong to the caller; nothing allocates.
 * Every function returns PQS_OK (0) or a negative pqs_err (pqsig/sig.h):
 *   PQS_ERR_ARG            NULL pointer or unknown parameter set / hash
 *   PQS_ERR_KEY_LENGTH     pk_len / sk_len is not the set's key size
 *   PQS_ERR_KEY_ENCODING   secret key with a coefficient of s1/s2 outside [-eta, eta]
 *   PQS_ERR_SIG_LENGTH     sig_len is not the set's signature size
 *   PQS_ERR_SIG_ENCODING   malformed hint in the signature (HintBitUnpack fails)
 *   PQS_ERR_CTX_TOO_LONG   context string longer than 255 bytes
 *   PQS_ERR_RANDOMNESS     the randomness source failed
 *   PQS_ERR_INVALID_SIGNATURE  well-formed signature that does not verify
 *
 * Secrets (seeds, secret keys, rnd, intermediate values) are processed in
 * constant time and wiped from the stack before returning.  The code is
 * portable C11; on x86-64 CPUs with AVX2 the NTT and pointwise products
 * take an AVX2 path chosen at run time, with bit-identical results.
 */
#ifndef PQSIG_MLDSA_H
#define PQSIG_MLDSA_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/rand.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Parameter set selector (FIPS 204 Table 1); the value is the set's name number. */
typedef enum {
	PQS_MLDSA_44 = 44,
	PQS_MLDSA_65 = 65,
	PQS_MLDSA_87 = 87
} pqs_mldsa_set;

/* Sizes in bytes (FIPS 204 Table 2). */
#define PQS_MLDSA44_PUBLICKEY_BYTES 1312
#define PQS_MLDSA44_SECRETKEY_BYTES 2560
#define PQS_MLDSA44_SIGNATURE_BYTES 2420
#define PQS_MLDSA65_PUBLICKEY_BYTES 1952
#define PQS_MLDSA65_SECRETKEY_BYTES 4032
#define PQS_MLDSA65_SIGNATURE_BYTES 3309
#define PQS_MLDSA87_PUBLICKEY_BYTES 2592
#define PQS_MLDSA87_SECRETKEY_BYTES 4896
#define PQS_MLDSA87_SIGNATURE_BYTES 4627
#define PQS_MLDSA_MAX_PUBLICKEY_BYTES PQS_MLDSA87_PUBLICKEY_BYTES
#define PQS_MLDSA_MAX_SECRETKEY_BYTES PQS_MLDSA87_SECRETKEY_BYTES
#define PQS_MLDSA_MAX_SIGNATURE_BYTES PQS_MLDSA87_SIGNATURE_BYTES
#define PQS_MLDSA_SEED_BYTES 32 /* xi of KeyGen */
#define PQS_MLDSA_RND_BYTES 32  /* rnd of Sign_internal */
#define PQS_MLDSA_MU_BYTES 64   /* mu = H(tr || M', 64) */
#define PQS_MLDSA_TR_BYTES 64   /* tr = H(pk, 64) */

/* Registry classes (include/pqsig/sig.h): pure ML-DSA with a context string,
 * hedged by default, PQS_SIGN_DETERMINISTIC for rnd = 0^32. */
struct pqs_sig_class_;
extern const struct pqs_sig_class_ pqs_mldsa44_class; /* "ML-DSA-44" */
extern const struct pqs_sig_class_ pqs_mldsa65_class; /* "ML-DSA-65" */
extern const struct pqs_sig_class_ pqs_mldsa87_class; /* "ML-DSA-87" */

/*
 * Prepared public key of the classes (pqs_sig_prepare): A_hat, the k x l
 * matrix of ExpandA (FIPS 204 Algorithm 32), and NTT(t1 2^d), k
 * polynomials, at 1,024 bytes each, then tr = H(pk, 64) (Algorithm 8
 * step 6).  ML-DSA-44 20,544 bytes, ML-DSA-65 36,928, ML-DSA-87 65,600.
 */
#define PQS_MLDSA_PREPARED_BYTES(k, l) (((k) * (l) + (k)) * 1024u + PQS_MLDSA_TR_BYTES)
#define PQS_MLDSA44_PREPARED_BYTES PQS_MLDSA_PREPARED_BYTES(4u, 4u)
#define PQS_MLDSA65_PREPARED_BYTES PQS_MLDSA_PREPARED_BYTES(6u, 5u)
#define PQS_MLDSA87_PREPARED_BYTES PQS_MLDSA_PREPARED_BYTES(8u, 7u)

/*
 * Signing workspace for the _temp entry points: the polynomials of a k x l
 * set (y, z, s1: l each; s2, t0, w (later the hint), w1, w0: k each; the
 * challenge; the k x l matrix A), 1024 bytes each, plus 3 bytes of alignment
 * slack.
 * The plain entry points use a stack buffer of the same size for their set.
 */
#define PQS_MLDSA_SIGN_TEMP_POLYS(k, l) (3u * (l) + 5u * (k) + 1u + (k) * (l))
#define PQS_MLDSA_SIGN_TEMP_BYTES(k, l) (PQS_MLDSA_SIGN_TEMP_POLYS(k, l) * 1024u + 3u)
#define PQS_MLDSA44_SIGN_TEMP_BYTES PQS_MLDSA_SIGN_TEMP_BYTES(4u, 4u) /* 50,179 */
#define PQS_MLDSA65_SIGN_TEMP_BYTES PQS_MLDSA_SIGN_TEMP_BYTES(6u, 5u) /* 77,827 */
#define PQS_MLDSA87_SIGN_TEMP_BYTES PQS_MLDSA_SIGN_TEMP_BYTES(8u, 7u) /* 120,835 */

/** Sizes of a set; 0 for an unknown selector. */
size_t pqs_mldsa_pk_bytes(pqs_mldsa_set set);
size_t pqs_mldsa_sk_bytes(pqs_mldsa_set set);
size_t pqs_mldsa_sig_bytes(pqs_mldsa_set set);

/**
 * ML-DSA.KeyGen_internal (FIPS 204 Algorithm 6): deterministic key pair
 * from the 32-byte seed xi.  pk receives pqs_mldsa_pk_bytes(set) bytes,
 * sk pqs_mldsa_sk_bytes(set) bytes.
 */
int pqs_mldsa_keygen_internal(pqs_mldsa_set set, uint8_t *pk, uint8_t *sk,
                              const uint8_t xi[PQS_MLDSA_SEED_BYTES]);

/**
 * ML-DSA.KeyGen (FIPS 204 Algorithm 1): xi is drawn from rng (OS
 * randomness if rng is NULL), then Algorithm 6.  If xi_out is not NULL the
 * seed is also written there (it is the most compact form of the secret
 * key); otherwise it is wiped.
 */
int pqs_mldsa_keygen(pqs_mldsa_set set, uint8_t *pk, uint8_t *sk,
                     uint8_t *xi_out, pqs_rng *rng);

/**
 * ML-DSA.Sign (FIPS 204 Algorithm 2) with the randomness made explicit:
 * M' = 0x00 || len(ctx) || ctx || msg, then Sign_internal(sk, M', rnd).
 * rnd: 32 bytes; 32 fresh random bytes give the default hedged variant,
 * NULL selects the deterministic variant (rnd = 32 zero bytes).
 * sig receives exactly pqs_mldsa_sig_bytes(set) bytes.  ctx may be NULL
 * when ctx_len is 0.
 */
int pqs_mldsa_sign(pqs_mldsa_set set, uint8_t *sig,
                   const uint8_t *msg, size_t msg_len,
                   const uint8_t *ctx, size_t ctx_len,
                   const uint8_t *rnd,
                   const uint8_t *sk, size_t sk_len);

/**
 * pqs_mldsa_sign on a caller-provided workspace instead of the stack:
 * tmp holds at least PQS_MLDSA<set>_SIGN_TEMP_BYTES bytes (any alignment),
 * else PQS_ERR_BUFFER_TOO_SMALL.  The workspace is wiped before returning.
 * For callers with small stacks (threads, embedded targets): the stack use
 * then drops to a few kilobytes (docs/memory.md).
 */
int pqs_mldsa_sign_temp(pqs_mldsa_set set, uint8_t *sig,
                        const uint8_t *msg, size_t msg_len,
                        const uint8_t *ctx, size_t ctx_len,
                        const uint8_t *rnd,
                        const uint8_t *sk, size_t sk_len,
                        void *tmp, size_t tmp_len);

/**
 * ML-DSA.Verify (FIPS 204 Algorithm 3): PQS_OK if sig is valid for msg and
 * ctx under pk, PQS_ERR_INVALID_SIGNATURE if not, or the input-format
 * errors listed above.  Uses only the stack.
 */
int pqs_mldsa_verify(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len,
                     const uint8_t *msg, size_t msg_len,
                     const uint8_t *ctx, size_t ctx_len,
                     const uint8_t *pk, size_t pk_len);

/** Pre-hash functions of HashML-DSA (FIPS 204 section 5.4; the ACVP set). */
typedef enum {
	PQS_MLDSA_PH_SHA2_224,
	PQS_MLDSA_PH_SHA2_256,
	PQS_MLDSA_PH_SHA2_384,
	PQS_MLDSA_PH_SHA2_512,
	PQS_MLDSA_PH_SHA2_512_224,
	PQS_MLDSA_PH_SHA2_512_256,
	PQS_MLDSA_PH_SHA3_224,
	PQS_MLDSA_PH_SHA3_256,
	PQS_MLDSA_PH_SHA3_384,
	PQS_MLDSA_PH_SHA3_512,
	PQS_MLDSA_PH_SHAKE128, /* 256-bit output */
	PQS_MLDSA_PH_SHAKE256  /* 512-bit output */
} pqs_mldsa_prehash;

/**
 * Pre-hash function by its ACVP name ("SHA2-256", "SHA2-512/224",
 * "SHA3-384", "SHAKE-128", ...): writes *ph and returns PQS_OK, or
 * PQS_ERR_UNKNOWN_ALG.
 */
int pqs_mldsa_prehash_from_name(const char *name, pqs_mldsa_prehash *ph);

/* Largest OID || PH(M): an 11-byte DER OID and a 64-byte digest. */
#define PQS_MLDSA_PREHASH_MAX_BYTES (11 + 64)

/**
 * The pre-hashed message body of HashML-DSA (FIPS 204 Algorithm 4 steps
 * 10-22) and HashSLH-DSA (FIPS 205 Algorithm 23 steps 4-22): the DER OID
 * of ph followed by PH(msg), written to out (at most
 * PQS_MLDSA_PREHASH_MAX_BYTES); its length goes to *len.
 */
int pqs_mldsa_prehash_digest(pqs_mldsa_prehash ph, uint8_t *out, size_t *len, const uint8_t *msg, size_t msg_len);

/**
 * HashML-DSA.Sign (FIPS 204 Algorithm 4): PH(msg) with the chosen function,
 * M' = 0x01 || len(ctx) || ctx || OID(PH) || PH(msg), then Sign_internal.
 * rnd as in pqs_mldsa_sign (NULL: deterministic).
 */
int pqs_mldsa_hash_sign(pqs_mldsa_set set, pqs_mldsa_prehash ph, uint8_t *sig,
                        const uint8_t *msg, size_t msg_len,
                        const uint8_t *ctx, size_t ctx_len,
                        const uint8_t *rnd,
                        const uint8_t *sk, size_t sk_len);

/** HashML-DSA.Verify (FIPS 204 Algorithm 5). */
int pqs_mldsa_hash_verify(pqs_mldsa_set set, pqs_mldsa_prehash ph,
                          const uint8_t *sig, size_t sig_len,
                          const uint8_t *msg, size_t msg_len,
                          const uint8_t *ctx, size_t ctx_len,
                          const uint8_t *pk, size_t pk_len);

/**
 * ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on the formatted message
 * mprime (used as is, no prefix).  rnd: 32 bytes, NULL for 32 zero bytes.
 */
int pqs_mldsa_sign_internal(pqs_mldsa_set set, uint8_t *sig,
                            const uint8_t *mprime, size_t mprime_len,
                            const uint8_t *rnd,
                            const uint8_t *sk, size_t sk_len);

/** ML-DSA.Verify_internal (FIPS 204 Algorithm 8) on the formatted message mprime. */
int pqs_mldsa_verify_internal(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len,
                              const uint8_t *mprime, size_t mprime_len,
                              const uint8_t *pk, size_t pk_len);

/**
 * Sign_internal starting from a precomputed mu = H(tr || M', 64)
 * ("external mu", FIPS 204 Algorithm 7 from step 7): the signer need not
 * see the message.  rnd: 32 bytes, NULL for 32 zero bytes.
 */
int pqs_mldsa_sign_mu(pqs_mldsa_set set, uint8_t *sig,
                      const uint8_t mu[PQS_MLDSA_MU_BYTES],
                      const uint8_t *rnd,
                      const uint8_t *sk, size_t sk_len);

/** pqs_mldsa_sign_mu on a caller-provided workspace (as pqs_mldsa_sign_temp). */
int pqs_mldsa_sign_mu_temp(pqs_mldsa_set set, uint8_t *sig,
                           const uint8_t mu[PQS_MLDSA_MU_BYTES],
                           const uint8_t *rnd,
                           const uint8_t *sk, size_t sk_len,
                           void *tmp, size_t tmp_len);

/** Verify_internal from a precomputed mu (FIPS 204 Algorithm 8 from step 8). */
int pqs_mldsa_verify_mu(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len,
                        const uint8_t mu[PQS_MLDSA_MU_BYTES],
                        const uint8_t *pk, size_t pk_len);

/**
 * mu for the pure interface: mu = H(H(pk, 64) || 0x00 || len(ctx) || ctx
 * || msg, 64) (FIPS 204 Algorithm 2 step 10 with Algorithm 7 step 6), the
 * input of pqs_mldsa_sign_mu / pqs_mldsa_verify_mu.
 */
int pqs_mldsa_compute_mu(pqs_mldsa_set set, uint8_t mu[PQS_MLDSA_MU_BYTES],
                         const uint8_t *pk, size_t pk_len,
                         const uint8_t *msg, size_t msg_len,
                         const uint8_t *ctx, size_t ctx_len);

#ifdef __cplusplus
}
#endif

#endif
