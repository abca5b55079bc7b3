/*
 * pqsig: ECDSA through OpenSSL libcrypto (EVP).
 *
 * Registry classes: "ECDSA-P256", "ECDSA-P384", "ECDSA-brainpoolP256r1",
 * "ECDSA-secp256k1".  Encodings:
 *   - public key: compressed SEC 1 point (0x02/0x03 || x), 33 or 49 bytes;
 *   - secret key: the private scalar d, big-endian, fixed size (32 or 48);
 *   - signature: r || s, each big-endian at the curve's byte size.
 * keygen with a seed takes the seed as the private scalar (1 <= d < n).
 * Sign hashes the message with SHA-256 (SHA-384 for P-384).  OpenSSL 3.0
 * has no RFC 6979 nonces, so PQS_SIGN_DETERMINISTIC is not offered.
 * Sign rejects a secret scalar outside [1, n-1] with PQS_ERR_KEY_ENCODING.
 *
 * Low S (docs/security.md, "Signature canonicality"): (r, s) and
 * (r, n - s) are both valid ECDSA signatures of the same message, so
 * every class signs with s <= n/2.  Verification through the class:
 * ECDSA-secp256k1 rejects s > n/2 with PQS_ERR_SIG_ENCODING (BIP 62 /
 * BIP 146, as Bitcoin); P-256, P-384 and brainpoolP256r1 accept any s in
 * [1, n-1] (FIPS 186-5 6.4.2, SEC 1 4.1.4) for interoperability.  The
 * *_policy functions choose the policy per call.
 *
 * The *_digest functions sign or verify a caller-computed hash value e
 * directly (no further hashing), as IEEE 1609.2 section 5.3.1 and the
 * SCMS need; the classes' digest slots do the same, and take the low-S
 * rule as the flag PQS_VERIFY_CANONICAL (pqs_sig_verify_digest).
 *
 * Prepared keys: the decoded OpenSSL key object, for a public key
 * (pqs_sig_prepare) and for a secret key (pqs_sig_prepare_sk), so that
 * repeated verifying or signing costs what OpenSSL's own does.
 */
#ifndef PQSIG_ECDSA_H
#define PQSIG_ECDSA_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registry classes: compressed public key (SEC 1 2.3.3), big-endian scalar
 * secret key, r || s signature.  Sizes: PQS_ECDSA_*_BYTES(field_len). */
extern const pqs_sig_class pqs_ecdsa_p256_class;      /* "ECDSA-P256" */
extern const pqs_sig_class pqs_ecdsa_p384_class;      /* "ECDSA-P384" */
extern const pqs_sig_class pqs_ecdsa_bp256_class;     /* "ECDSA-brainpoolP256r1" */
extern const pqs_sig_class pqs_ecdsa_secp256k1_class; /* "ECDSA-secp256k1" */

/* Encoded sizes for a curve of field_len bytes (32 or 48). */
#define PQS_ECDSA_PUBLICKEY_BYTES(field_len) ((field_len) + 1)
#define PQS_ECDSA_SECRETKEY_BYTES(field_len) (field_len)
#define PQS_ECDSA_SIGNATURE_BYTES(field_len) (2 * (field_len))

/*
 * Prepared public and secret keys of the classes (pqs_sig_prepare,
 * pqs_sig_prepare_sk): a pointer to the decoded OpenSSL key object, which
 * the buffer owns until pqs_sig_release_prepared(_sk); the size keeps whatever follows it in a
 * larger buffer (composites) aligned to PQS_SIG_PREPARED_ALIGN.
 */
#define PQS_ECDSA_PREPARED_BYTES 64u

/** Which s values a verification accepts. */
typedef enum {
	PQS_ECDSA_S_CLASS = 0, /* the class's own policy (low S for secp256k1 only) */
	PQS_ECDSA_S_ANY = 1,   /* any s in [1, n-1]: FIPS 186-5 6.4.2, SEC 1 4.1.4 */
	PQS_ECDSA_S_LOW = 2    /* only s in [1, n/2]: one encoding per signature (BIP 62 rule 5) */
} pqs_ecdsa_s_policy;

/** Curve byte size (32 or 48) of an ECDSA class, 0 if cls is not ECDSA. */
size_t pqs_ecdsa_field_len(const pqs_sig_class *cls);

/** OpenSSL curve name ("prime256v1", ...) of an ECDSA class, or NULL. */
const char *pqs_ecdsa_curve_name(const pqs_sig_class *cls);

/**
 * Sign a digest: sig = r || s (2 * field_len bytes) over the integer e
 * given by digest (digest_len bytes, truncated per SEC 1 if longer than n).
 */
int pqs_ecdsa_sign_digest(const pqs_sig_class *cls, uint8_t *sig,
                          const uint8_t *digest, size_t digest_len,
                          const uint8_t *sk);

/** Verify r || s over a digest; PQS_OK or PQS_ERR_INVALID_SIGNATURE or a format error. */
int pqs_ecdsa_verify_digest(const pqs_sig_class *cls, const uint8_t *sig,
                            const uint8_t *digest, size_t digest_len,
                            const uint8_t *pk);

/** pqs_sig_verify_prepared of an ECDSA class under an explicit low-S policy. */
int pqs_ecdsa_verify_prepared_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                                     const uint8_t *msg, size_t msg_len, const void *prepared,
                                     pqs_ecdsa_s_policy policy);

/** pqs_sig_verify of an ECDSA class (message hashed as the class does) under an explicit low-S policy. */
int pqs_ecdsa_verify_policy(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
                            const uint8_t *msg, size_t msg_len, const uint8_t *pk,
                            pqs_ecdsa_s_policy policy);

/**
 * The registry public key (compressed point) of a SEC 1 point given
 * compressed (0x02/0x03 || x) or uncompressed (0x04 || x || y): a full
 * public key validation (coordinates below p, on the curve, not the point
 * at infinity), PQS_ERR_KEY_ENCODING otherwise.
 */
int pqs_ecdsa_pk_from_point(const pqs_sig_class *cls, uint8_t *pk, const uint8_t *point, size_t point_len);

/** Decompress a public key into the uncompressed form 0x04 || x || y (1 + 2*field_len bytes). */
int pqs_ecdsa_pk_uncompress(const pqs_sig_class *cls, uint8_t *out, const uint8_t *pk);

#ifdef __cplusplus
}
#endif

#endif
