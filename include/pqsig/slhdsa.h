/*
 * pqsig: SLH-DSA (FIPS 205, Stateless Hash-Based Digital Signature Standard).
 *
 * Most callers use the registry classes "SLH-DSA-SHA2-128s" ...
 * "SLH-DSA-SHAKE-256f" through pqsig/sig.h (pure SLH-DSA with a context
 * string, hedged by default, deterministic with PQS_SIGN_DETERMINISTIC;
 * keygen from the 3n-byte seed SK.seed || SK.prf || PK.seed).  This header
 * exposes the FIPS 205 entry points with explicit parameters, for test
 * vectors and protocols:
 *
 *   slh_keygen_internal (Algorithm 18)   pqs_slhdsa_keygen_internal
 *   slh_keygen (Algorithm 21)            pqs_slhdsa_keygen
 *   slh_sign_internal (Algorithm 19)     pqs_slhdsa_sign_internal
 *   slh_verify_internal (Algorithm 20)   pqs_slhdsa_verify_internal
 *   slh_sign (Algorithm 22)              pqs_slhdsa_sign
 *   slh_verify (Algorithm 24)            pqs_slhdsa_verify
 *   hash_slh_sign (Algorithm 23)         pqs_slhdsa_hash_sign
 *   hash_slh_verify (Algorithm 25)       pqs_slhdsa_hash_verify
 *
 * Keys: pk = PK.seed || PK.root (2n bytes), sk = SK.seed || SK.prf ||
 * PK.seed || PK.root (4n bytes).  Signatures R || SIG_FORS || SIG_HT have
 * exactly the set's size (7856 to 49856 bytes).  Hashing is our own code:
 * SHAKE256 from pqsig/sha3.h, SHA-256 / SHA-512 from pqsig/sha2.h (no
 * OpenSSL).  The PK.seed-dependent hash state is computed once per
 * operation (FIPS 205 section 11.2).  Nothing allocates; the largest stack
 * frame holds a few KiB.
 *
 * Every function returns PQS_OK (0) or a negative pqs_err (pqsig/sig.h):
 *   PQS_ERR_ARG            NULL pointer or unknown parameter set / pre-hash
 *   PQS_ERR_KEY_LENGTH     pk_len / sk_len is not the set's key size
 *   PQS_ERR_SIG_LENGTH     sig_len is not the set's signature size
 *   PQS_ERR_CTX_TOO_LONG   context string longer than 255 bytes
 *   PQS_ERR_RANDOMNESS     the randomness source failed
 *   PQS_ERR_INVALID_SIGNATURE  well-formed signature that does not verify
 *
 * Secrets (SK.seed, SK.prf and everything derived from them before it is
 * published) are processed in constant time and wiped before returning.
 */
#ifndef PQSIG_SLHDSA_H
#define PQSIG_SLHDSA_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/mldsa.h"
#include "pqsig/rand.h"
#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The twelve parameter sets of FIPS 205 Table 2. */
typedef enum {
	PQS_SLHDSA_SHA2_128S,
	PQS_SLHDSA_SHA2_128F,
	PQS_SLHDSA_SHA2_192S,
	PQS_SLHDSA_SHA2_192F,
	PQS_SLHDSA_SHA2_256S,
	PQS_SLHDSA_SHA2_256F,
	PQS_SLHDSA_SHAKE_128S,
	PQS_SLHDSA_SHAKE_128F,
	PQS_SLHDSA_SHAKE_192S,
	PQS_SLHDSA_SHAKE_192F,
	PQS_SLHDSA_SHAKE_256S,
	PQS_SLHDSA_SHAKE_256F,
	PQS_SLHDSA_SET_COUNT
} pqs_slhdsa_set;

/* Largest sizes over all sets (bytes). */
#define PQS_SLHDSA_MAX_N 32
#define PQS_SLHDSA_MAX_PUBLICKEY_BYTES (2 * PQS_SLHDSA_MAX_N)
#define PQS_SLHDSA_MAX_SECRETKEY_BYTES (4 * PQS_SLHDSA_MAX_N)
#define PQS_SLHDSA_MAX_SEED_BYTES (3 * PQS_SLHDSA_MAX_N)
#define PQS_SLHDSA_MAX_SIGNATURE_BYTES 49856 /* SLH-DSA-*-256f */

/**
 * Pre-hash functions of HashSLH-DSA (FIPS 205 section 10.2.2): the same
 * list and OIDs as HashML-DSA (FIPS 204 section 5.4), shared with
 * pqsig/mldsa.h.  FIPS 205 names SHA-256, SHA-512, SHAKE128 and SHAKE256;
 * the other approved hash functions are allowed as well (and tested by
 * ACVP).
 */
typedef pqs_mldsa_prehash pqs_slhdsa_prehash;

/** Security parameter n of a set (16, 24 or 32); 0 for an unknown selector. */
size_t pqs_slhdsa_n(pqs_slhdsa_set set);
/** Key and signature sizes of a set; 0 for an unknown selector. */
size_t pqs_slhdsa_pk_bytes(pqs_slhdsa_set set);
size_t pqs_slhdsa_sk_bytes(pqs_slhdsa_set set);
size_t pqs_slhdsa_sig_bytes(pqs_slhdsa_set set);
/** The set's name, e.g. "SLH-DSA-SHA2-128s"; NULL for an unknown selector. */
const char *pqs_slhdsa_name(pqs_slhdsa_set set);
/** Set by name (case-insensitive, with or without "SLH-DSA-"); PQS_ERR_UNKNOWN_ALG if none. */
int pqs_slhdsa_set_from_name(const char *name, pqs_slhdsa_set *set);

/**
 * slh_keygen_internal (FIPS 205 Algorithm 18): seed is the 3n bytes
 * SK.seed || SK.prf || PK.seed.  pk receives 2n bytes, sk 4n bytes.
 */
int pqs_slhdsa_keygen_internal(pqs_slhdsa_set set, uint8_t *pk, uint8_t *sk, const uint8_t *seed);

/** slh_keygen (FIPS 205 Algorithm 21): the 3n seed bytes drawn from rng (OS randomness if NULL). */
int pqs_slhdsa_keygen(pqs_slhdsa_set set, uint8_t *pk, uint8_t *sk, pqs_rng *rng);

/**
 * slh_sign_internal (FIPS 205 Algorithm 19) on the message M as given.
 * addrnd: n bytes of fresh randomness (hedged), or NULL for the
 * deterministic variant (opt_rand = PK.seed).  sig receives exactly
 * pqs_slhdsa_sig_bytes(set) bytes.
 */
int pqs_slhdsa_sign_internal(pqs_slhdsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len,
                             const uint8_t *addrnd, const uint8_t *sk, size_t sk_len);

/** slh_verify_internal (FIPS 205 Algorithm 20) on the message M as given. */
int pqs_slhdsa_verify_internal(pqs_slhdsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                               size_t msg_len, const uint8_t *pk, size_t pk_len);

/**
 * slh_sign (FIPS 205 Algorithm 22): M' = 0x00 || len(ctx) || ctx || M,
 * then slh_sign_internal.  addrnd as above (NULL: deterministic).  ctx may
 * be NULL when ctx_len is 0.
 */
int pqs_slhdsa_sign(pqs_slhdsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                    size_t ctx_len, const uint8_t *addrnd, const uint8_t *sk, size_t sk_len);

/** slh_verify (FIPS 205 Algorithm 24). */
int pqs_slhdsa_verify(pqs_slhdsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                      const uint8_t *ctx, size_t ctx_len, const uint8_t *pk, size_t pk_len);

/**
 * hash_slh_sign (FIPS 205 Algorithm 23): M' = 0x01 || len(ctx) || ctx ||
 * OID(PH) || PH(M), then slh_sign_internal.  addrnd as above.
 */
int pqs_slhdsa_hash_sign(pqs_slhdsa_set set, pqs_slhdsa_prehash ph, uint8_t *sig, const uint8_t *msg,
                         size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *addrnd,
                         const uint8_t *sk, size_t sk_len);

/** hash_slh_verify (FIPS 205 Algorithm 25). */
int pqs_slhdsa_hash_verify(pqs_slhdsa_set set, pqs_slhdsa_prehash ph, const uint8_t *sig, size_t sig_len,
                           const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                           const uint8_t *pk, size_t pk_len);

/* Registry classes (pqsig/sig.h), ids 0x0050..0x005B. */
extern const pqs_sig_class pqs_slhdsa_sha2_128s_class;
extern const pqs_sig_class pqs_slhdsa_sha2_128f_class;
extern const pqs_sig_class pqs_slhdsa_sha2_192s_class;
extern const pqs_sig_class pqs_slhdsa_sha2_192f_class;
extern const pqs_sig_class pqs_slhdsa_sha2_256s_class;
extern const pqs_sig_class pqs_slhdsa_sha2_256f_class;
extern const pqs_sig_class pqs_slhdsa_shake_128s_class;
extern const pqs_sig_class pqs_slhdsa_shake_128f_class;
extern const pqs_sig_class pqs_slhdsa_shake_192s_class;
extern const pqs_sig_class pqs_slhdsa_shake_192f_class;
extern const pqs_sig_class pqs_slhdsa_shake_256s_class;
extern const pqs_sig_class pqs_slhdsa_shake_256f_class;

#ifdef __cplusplus
}
#endif

#endif
