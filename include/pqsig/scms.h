/*
 * pqsig: SCMS pseudonym-certificate issuance (IEEE 1609.2.1).
 *
 * Three layers, each usable on its own:
 *
 *  1. Butterfly-key and ECQV arithmetic on P-256 (IEEE 1609.2.1 section
 *     9.3, SEC 4): the AES-128 expansion function f_k(i, j), cocoon keys,
 *     explicit-certificate keys (a + f + c) and implicit-certificate (ECQV)
 *     reconstruction (e * (a + f) + r).
 *  2. ECIES as in IEEE 1609.2 section 5.3.5 (ECDH P-256, KDF2/SHA-256,
 *     HMAC-SHA256 tag, AES-128-CCM payload).
 *  3. The roles - vehicle, RA, ACA - as separate functions that exchange
 *     only encoded messages (byte strings, formats in docs/scms.md).  A
 *     role function receives nothing but its own state and the bytes sent
 *     to it, so what each role can compute is visible in its signature.
 *
 * Scalars are 32-byte big-endian strings; points are 33-byte compressed
 * SEC 1 strings (0x02/0x03 || x).  Every function returns PQS_OK or a
 * negative code: the pqs_err codes of sig.h or the PQS_SCMS_ERR_* codes
 * below; pqs_scms_strerror() names both.
 */
#ifndef PQSIG_SCMS_H
#define PQSIG_SCMS_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/** SCMS-specific error codes (distinct from the pqs_err codes). */
enum {
	PQS_SCMS_ERR_TRUNCATED = -600,   /* message ends inside a field */
	PQS_SCMS_ERR_TRAILING = -601,    /* bytes left after a complete message */
	PQS_SCMS_ERR_MSG_TYPE = -602,    /* first byte is not the expected message type */
	PQS_SCMS_ERR_VERSION = -603,     /* unsupported format version */
	PQS_SCMS_ERR_FIELD = -604,       /* a field holds a value outside its allowed set */
	PQS_SCMS_ERR_POINT = -605,       /* not a valid compressed P-256 point */
	PQS_SCMS_ERR_SCALAR = -606,      /* scalar is 0 or >= n */
	PQS_SCMS_ERR_DECRYPT = -607,     /* ECIES tag or AES-CCM tag mismatch: wrong key or altered */
	PQS_SCMS_ERR_CERT_MISMATCH = -608, /* certificate key does not match the derived private key */
	PQS_SCMS_ERR_CERT_INVALID = -609,  /* certificate does not verify under the ACA certificate */
	PQS_SCMS_ERR_UNKNOWN_REQUEST = -610, /* response for a request this role never made */
	PQS_SCMS_ERR_COUNT = -611,       /* counts disagree or exceed PQS_SCMS_MAX_CERTS */
	PQS_SCMS_ERR_DUPLICATE = -612    /* the same (i, j) or request id appears twice */
};

/** Message for a pqs_err or PQS_SCMS_ERR_* code. */
const char *pqs_scms_strerror(int err);

#define PQS_SCMS_POINT_LEN 33  /* compressed P-256 point */
#define PQS_SCMS_SCALAR_LEN 32
#define PQS_SCMS_EXPKEY_LEN 16 /* AES-128 expansion key */
#define PQS_SCMS_MAX_CERTS 65536u /* per vehicle request: bounds every allocation a decoder makes */

/* ------------------------------------------------------------------------
 * 1. Butterfly keys and ECQV (IEEE 1609.2.1 section 9.3; SEC 4)
 * --------------------------------------------------------------------- */

/** Which expansion: signing keys (x prefix 0^32) or encryption keys (1^32). */
typedef enum { PQS_BKE_SIGN = 0, PQS_BKE_ENC = 1 } pqs_bke_kind;

/**
 * The expansion function of IEEE 1609.2.1 section 9.3:
 * x = prefix(32 bits) || i (32) || j (32) || 0^32,
 * f_int = AES_k(x+1) ^ (x+1) || AES_k(x+2) ^ (x+2) || AES_k(x+3) ^ (x+3)  (384 bits),
 * f = f_int mod n.  x_out (16 bytes) and f_int (48 bytes) may be NULL.
 */
int pqs_bke_expand(uint8_t f[32], uint8_t *x_out, uint8_t *f_int, const uint8_t k[16], uint32_t i, uint32_t j,
                   pqs_bke_kind kind);

/** Cocoon public key B = A + f_k(i, j) * G (what the RA computes). */
int pqs_bke_cocoon_public(uint8_t B[33], const uint8_t A[33], const uint8_t k[16], uint32_t i, uint32_t j,
                          pqs_bke_kind kind);

/** Cocoon private key b = a + f_k(i, j) mod n (what only the vehicle can compute). */
int pqs_bke_cocoon_private(uint8_t b[32], const uint8_t a[32], const uint8_t k[16], uint32_t i, uint32_t j,
                           pqs_bke_kind kind);

/**
 * ECQV hash (IEEE 1609.2 section 5.3.2, SEC 4 section 3.4):
 * e = SHA-256(SHA-256(tbs) || issuer_hash) mod n, where tbs is the COER
 * ToBeSignedCertificate and issuer_hash = SHA-256(issuer certificate COER).
 */
int pqs_ecqv_hash(uint8_t e[32], const uint8_t *tbs, size_t tbs_len, const uint8_t issuer_hash[32]);

/** ECQV private key d = e * k + r mod n (k = cocoon private key, r = ACA's reconstruction value). */
int pqs_ecqv_private(uint8_t d[32], const uint8_t e[32], const uint8_t k[32], const uint8_t r[32]);

/** ECQV public key Q = e * P + Q_CA (P = reconstruction value point in the certificate). */
int pqs_ecqv_public(uint8_t Q[33], const uint8_t e[32], const uint8_t P[33], const uint8_t Q_ca[33]);

/** P-256 public key of a private scalar: Q = d * G. */
int pqs_p256_public(uint8_t Q[33], const uint8_t d[32]);

/* ------------------------------------------------------------------------
 * 2. ECIES (IEEE 1609.2 section 5.3.5)
 * --------------------------------------------------------------------- */

/*
 * Ciphertext layout (the fields of 1609.2 EciesP256EncryptedKey and
 * AesCcmCiphertext, fixed-size and concatenated):
 *   V (33, ephemeral compressed point) || C (16, wrapped AES key) ||
 *   T (16, HMAC-SHA256 tag truncated) || nonce (12) || CCM ciphertext (plaintext_len + 16).
 */
#define PQS_ECIES_OVERHEAD (33 + 16 + 16 + 12 + 16)

/**
 * Encrypt plaintext to the P-256 public key R.  p1 is the KDF2 parameter
 * P1: SHA-256 of the recipient information (1609.2 section 5.3.5.1); NULL
 * means SHA-256 of the empty string, the rule for keys not taken from a
 * certificate.  *out_len = pt_len + PQS_ECIES_OVERHEAD.
 */
int pqs_ecies_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t R[33], const uint8_t *p1,
                      const uint8_t *pt, size_t pt_len, pqs_rng *rng);

/**
 * Decrypt with the private key r.  Returns PQS_SCMS_ERR_DECRYPT when
 * either tag fails (wrong key or altered ciphertext); nothing is written
 * to pt then (pt is zeroized).
 */
int pqs_ecies_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t r[32], const uint8_t *p1,
                      const uint8_t *ct, size_t ct_len);

/** AES-128-CCM (12-byte nonce, 16-byte tag) as 1609.2 AesCcmCiphertext: out = nonce || ct || tag. */
#define PQS_AESCCM_OVERHEAD (12 + 16)
int pqs_aesccm_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t key[16], const uint8_t *pt,
                       size_t pt_len, pqs_rng *rng);
int pqs_aesccm_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t key[16], const uint8_t *ct,
                       size_t ct_len);

#ifdef __cplusplus
}
#endif

#endif
