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
 *
 * The *_digest functions sign or verify a caller-computed hash value e
 * directly (no further hashing), as IEEE 1609.2 section 5.3.1 and the
 * SCMS need.
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

/** Decompress a public key into the uncompressed form 0x04 || x || y (1 + 2*field_len bytes). */
int pqs_ecdsa_pk_uncompress(const pqs_sig_class *cls, uint8_t *out, const uint8_t *pk);

#ifdef __cplusplus
}
#endif

#endif
