/*
 * pqsig: FN-DSA in its provisional FIPS 206 form.
 *
 * NIST has published no FIPS 206 draft yet.  This is Thomas Pornin's
 * "best guess" of 2026-07-22, implemented by c-fn-dsa and rust-fn-dsa
 * and pinned by the 90 KAT digests of vectors/fn-dsa/ (notes/fn-dsa-
 * provisional.md).  Against round-3 Falcon (the "Falcon-*" classes,
 * unchanged) it changes the key generation (2025 solver), the encodings
 * (little-endian, NTT-form verifying key, 64-byte SHAKE256(vk) in the
 * signing key), the message representative mu (ML-DSA style, with a
 * context string), the per-attempt signing streams and the sampler.
 *
 * Registry classes (pqsig/sig.h): "FN-DSA-512" and "FN-DSA-1024", pure
 * FN-DSA with a context string, always randomized (40 fresh bytes per
 * signature); their keygen seed is the draft's 32-byte seed.
 *
 * The functions below give the other entry points: HashFN-DSA (pre-hash),
 * the external-mu interface, and a test interface with an explicit rnd
 * (deterministic signatures) and the toy degrees logn 2..8, which the
 * draft calls weak: never use them outside tests.
 *
 * logn is 9 (FN-DSA-512) or 10 (FN-DSA-1024).  Every function returns
 * PQS_OK (0) or a negative pqs_err (pqsig/sig.h):
 *   PQS_ERR_ARG               NULL pointer, logn out of range, unknown
 *                             pre-hash identifier, wrong digest length
 *   PQS_ERR_KEY_LENGTH        key of the wrong length
 *   PQS_ERR_KEY_ENCODING      key header, vk value >= q, sk value
 *                             -2^(nb-1), or G = gF/f not in -127..127
 *   PQS_ERR_SIG_LENGTH        signature not exactly the set's size
 *   PQS_ERR_SIG_ENCODING      header, or s2 not canonical ("-0",
 *                             |x| > 840, truncated, nonzero padding)
 *   PQS_ERR_CTX_TOO_LONG      context longer than 255 bytes
 *   PQS_ERR_RANDOMNESS        the randomness source failed
 *   PQS_ERR_INVALID_SIGNATURE well formed but |s1_i| > 840 or the norm
 *                             of (s1, s2) above beta^2
 *   PQS_ERR_INTERNAL          27 signing attempts failed (not expected)
 */
#ifndef PQSIG_FNDSA_H
#define PQSIG_FNDSA_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/rand.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PQS_FNDSA512_PUBLICKEY_BYTES 897
#define PQS_FNDSA512_SECRETKEY_BYTES 1345
#define PQS_FNDSA512_SIGNATURE_BYTES 666
#define PQS_FNDSA1024_PUBLICKEY_BYTES 1793
#define PQS_FNDSA1024_SECRETKEY_BYTES 2369
#define PQS_FNDSA1024_SIGNATURE_BYTES 1280
#define PQS_FNDSA_SEED_BYTES 32 /* the keygen's RNG read */
#define PQS_FNDSA_RND_BYTES 40  /* the signer's RNG read */
#define PQS_FNDSA_MU_BYTES 64
/* Prepared public key of the classes (pqs_sig_prepare): SHAKE256(vk)[64], then NTT(h) as 2^logn 16-bit words. */
#define PQS_FNDSA_PREPARED_BYTES(logn) (64u + (2u << (logn)))

/* Pre-hash identifiers: the last byte of the hash OID 2.16.840.1.101.3.4.2.x
 * (note section 3.1); the digest must have the listed length. */
#define PQS_FNDSA_PH_SHA256 0x01     /* 32 bytes */
#define PQS_FNDSA_PH_SHA384 0x02     /* 48 */
#define PQS_FNDSA_PH_SHA512 0x03     /* 64 */
#define PQS_FNDSA_PH_SHA512_256 0x06 /* 32 */
#define PQS_FNDSA_PH_SHA3_256 0x08   /* 32 */
#define PQS_FNDSA_PH_SHA3_384 0x09   /* 48 */
#define PQS_FNDSA_PH_SHA3_512 0x0A   /* 64 */
#define PQS_FNDSA_PH_SHAKE128 0x0B   /* 32 */
#define PQS_FNDSA_PH_SHAKE256 0x0C   /* 64 */

struct pqs_sig_class_;
extern const struct pqs_sig_class_ pqs_fndsa512_class;  /* "FN-DSA-512" */
extern const struct pqs_sig_class_ pqs_fndsa1024_class; /* "FN-DSA-1024" */

/** Key pair from the 32-byte seed, or from 32 bytes of rng if seed is NULL. */
int pqs_fndsa_keygen(unsigned logn, uint8_t *vk, uint8_t *sk,
	const uint8_t *seed, pqs_rng *rng);

/**
 * mu (64 bytes) for vk: raw (ph_id 0: data is the message) or pre-hash
 * (data is the digest of the message under ph_id).
 */
int pqs_fndsa_compute_mu(unsigned logn, uint8_t mu[64], const uint8_t *vk,
	size_t vk_len, int ph_id, const uint8_t *ctx, size_t ctx_len,
	const uint8_t *data, size_t data_len);

/** HashFN-DSA: sign a digest (40 bytes of rng, OS if NULL). */
int pqs_fndsa_hash_sign(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t *ctx, size_t ctx_len, int ph_id,
	const uint8_t *digest, size_t digest_len, pqs_rng *rng);
int pqs_fndsa_hash_verify(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t *ctx, size_t ctx_len,
	int ph_id, const uint8_t *digest, size_t digest_len);

/** External mu: sign / verify a precomputed mu (context not used). */
int pqs_fndsa_sign_mu(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t mu[64], pqs_rng *rng);
int pqs_fndsa_verify_mu(unsigned logn, const uint8_t *sig, size_t sig_len,
	const uint8_t *vk, size_t vk_len, const uint8_t mu[64]);

/*
 * Signing workspace per degree: 13 polynomials of binary64 values (the
 * basis and the ffSampling recursion: 104n bytes), f, g, F, G (n bytes
 * each), s1, s2 and the hashed message (2n bytes each), plus 7 bytes of
 * alignment slack: 58,375 bytes for FN-DSA-512, 116,743 for FN-DSA-1024.
 * The other signing functions use a stack frame of that size for the
 * degree (docs/memory.md).
 */
#define PQS_FNDSA_SIGN_TEMP_BYTES(logn) ((114u << (logn)) + 7u)

/**
 * Registry sign of an FN-DSA class (pqs_sig_sign with flags 0: hedged,
 * with a context string) on a caller-provided workspace, as c-fn-dsa's
 * _temp functions: tmp holds at least PQS_FNDSA_SIGN_TEMP_BYTES(logn)
 * bytes (any alignment), else PQS_ERR_BUFFER_TOO_SMALL; it is wiped before
 * returning, and the stack use drops to a few kilobytes.  Same signatures
 * and errors as pqs_sig_sign; PQS_ERR_ARG for another class.
 */
int pqs_fndsa_sign_temp(const struct pqs_sig_class_ *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len,
			const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
			pqs_rng *rng, void *tmp, size_t tmp_len);

/* ---- Test interface: toy degrees (logn 2..10) and explicit rnd. ---- */

/** Sizes for any logn 2..10 (0 outside). */
size_t pqs_fndsa_test_vk_len(unsigned logn);
size_t pqs_fndsa_test_sk_len(unsigned logn);
size_t pqs_fndsa_test_sig_len(unsigned logn);
/** Keygen from a seed of any length (the KATs use 32 bytes). */
int pqs_fndsa_test_keygen(unsigned logn, uint8_t *vk, uint8_t *sk,
	const uint8_t *seed, size_t seed_len);
/** Deterministic signing of mu with the given rnd (any length). */
int pqs_fndsa_test_sign_mu(unsigned logn, uint8_t *sig, const uint8_t *sk,
	size_t sk_len, const uint8_t mu[64], const uint8_t *rnd, size_t rnd_len);
int pqs_fndsa_test_verify_mu(unsigned logn, const uint8_t *sig,
	size_t sig_len, const uint8_t *vk, size_t vk_len, const uint8_t mu[64]);

#ifdef __cplusplus
}
#endif

#endif
