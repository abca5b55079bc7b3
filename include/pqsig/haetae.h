/*
 * pqsig: HAETAE v1.1.2 (KpqC round 2, CryptoLab), parameter sets
 * HAETAE-2, HAETAE-3 and HAETAE-5.
 *
 * This is the v1.1.2 specification and reference code (upstream commit
 * 743c31d, the KpqClean_ver2 "clean" build): keys and signatures are
 * bit-identical to PQCsignKAT_haetae_mode{2,3,5}.rsp of that release.
 * HAETAE v1.2.0 changed the hyperball sampler: its keys are the same, its
 * signatures differ, and v1.1.2 signatures still verify under it.
 *
 * Most callers use the registry classes "HAETAE-2", "HAETAE-3" and
 * "HAETAE-5" through pqsig/sig.h (detached signature with a context string,
 * hedged by default, deterministic with PQS_SIGN_DETERMINISTIC, which uses
 * rnd = 32 zero bytes).  This header exposes the internal entry points with
 * explicit randomness for the KAT files, and the strict decoders for tests
 * and fuzzing:
 *
 *   KeyGenInternal (KS X 123456 Alg. 48)  pqs_haetae_keygen_from_seed
 *   SignInternal (Alg. 49), explicit rnd  pqs_haetae_sign_with_rnd
 *   Verify (Alg. 47)                      pqs_haetae_verify
 *   UnpackVK / UnpackSK / UnpackSig       pqs_haetae_check_pk / _sk / _sig
 *
 * Signatures are always exactly the set's signature size (the encoded parts
 * are zero padded, HAETAE section "PackSig").  Every function returns PQS_OK
 * (0) or a negative pqs_err (pqsig/sig.h):
 *   PQS_ERR_ARG            NULL pointer or unknown parameter set
 *   PQS_ERR_KEY_ENCODING   public or secret key that UnpackVK/UnpackSK of a
 *                          canonical encoder never produces (a coefficient of
 *                          b or s out of range)
 *   PQS_ERR_SIG_LENGTH     sig_len is not the set's signature size
 *   PQS_ERR_SIG_ENCODING   signature whose rANS streams or padding are not
 *                          canonical, truncated, over-long or out of range
 *   PQS_ERR_CTX_TOO_LONG   context string longer than 255 bytes
 *   PQS_ERR_INVALID_SIGNATURE  well-formed signature that does not verify
 *
 * Secrets are processed without secret-dependent branches or indices except
 * the rejection decisions the algorithm makes public (see docs/haetae.md)
 * and are wiped from the stack before returning.  Portable C11, no malloc.
 */
#ifndef PQSIG_HAETAE_H
#define PQSIG_HAETAE_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Parameter set selector; the value is the set's name number. */
typedef enum {
	PQS_HAETAE_2 = 2,
	PQS_HAETAE_3 = 3,
	PQS_HAETAE_5 = 5
} pqs_haetae_set;

/* Sizes in bytes (HAETAE v1.1.2 parameter table). */
#define PQS_HAETAE2_PUBLICKEY_BYTES 992
#define PQS_HAETAE2_SECRETKEY_BYTES 1408
#define PQS_HAETAE2_SIGNATURE_BYTES 1474
#define PQS_HAETAE3_PUBLICKEY_BYTES 1472
#define PQS_HAETAE3_SECRETKEY_BYTES 2112
#define PQS_HAETAE3_SIGNATURE_BYTES 2349
#define PQS_HAETAE5_PUBLICKEY_BYTES 2080
#define PQS_HAETAE5_SECRETKEY_BYTES 2752
#define PQS_HAETAE5_SIGNATURE_BYTES 2948
#define PQS_HAETAE_MAX_PUBLICKEY_BYTES PQS_HAETAE5_PUBLICKEY_BYTES
#define PQS_HAETAE_MAX_SECRETKEY_BYTES PQS_HAETAE5_SECRETKEY_BYTES
#define PQS_HAETAE_MAX_SIGNATURE_BYTES PQS_HAETAE5_SIGNATURE_BYTES
#define PQS_HAETAE_SEED_BYTES 32 /* seed of KeyGenInternal */
#define PQS_HAETAE_RND_BYTES 32  /* rnd of SignInternal */

/** Registry classes (pqsig/sig.h). */
extern const pqs_sig_class pqs_haetae2_class;
extern const pqs_sig_class pqs_haetae3_class;
extern const pqs_sig_class pqs_haetae5_class;

/** Sizes of a set; 0 for an unknown selector. */
size_t pqs_haetae_pk_bytes(pqs_haetae_set set);
size_t pqs_haetae_sk_bytes(pqs_haetae_set set);
size_t pqs_haetae_sig_bytes(pqs_haetae_set set);

/**
 * KeyGenInternal: deterministic key pair from a 32-byte seed (the seed the
 * reference KAT generator draws from its DRBG).  pk and sk must hold the
 * set's key sizes.
 */
int pqs_haetae_keygen_from_seed(pqs_haetae_set set, uint8_t *pk, uint8_t *sk,
                                const uint8_t seed[PQS_HAETAE_SEED_BYTES]);

/**
 * Sign with explicit randomness: the signature of msg under sk with context
 * ctx (0..255 bytes; the message is prefixed by ctx_len || ctx, v1.1.2
 * "Sign").  rnd may be NULL for deterministic signing (32 zero bytes).  sig
 * receives exactly pqs_haetae_sig_bytes(set) bytes.
 */
int pqs_haetae_sign_with_rnd(pqs_haetae_set set, uint8_t *sig,
                             const uint8_t *msg, size_t msg_len,
                             const uint8_t *ctx, size_t ctx_len,
                             const uint8_t rnd[PQS_HAETAE_RND_BYTES],
                             const uint8_t *sk);

/** Verify a detached signature with context (v1.1.2 "Verify"). */
int pqs_haetae_verify(pqs_haetae_set set, const uint8_t *sig, size_t sig_len,
                      const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                      size_t ctx_len, const uint8_t *pk);

/** Strict decoders: PQS_OK if the bytes are a canonical encoding. */
int pqs_haetae_check_pk(pqs_haetae_set set, const uint8_t *pk, size_t pk_len);
int pqs_haetae_check_sk(pqs_haetae_set set, const uint8_t *sk, size_t sk_len);
int pqs_haetae_check_sig(pqs_haetae_set set, const uint8_t *sig, size_t sig_len);

#ifdef __cplusplus
}
#endif

#endif
