/*
 * pqsig: round-3 Falcon (the NIST round-3 submission, "Falcon: Fast-Fourier
 * Lattice-based Compact Signatures over NTRU", specification v1.2).
 *
 * Naming: "Falcon" names the round-3 scheme, bit-exact with its NIST KATs;
 * "FN-DSA" names the provisional FIPS 206 form; both live in src/fndsa/
 * (the source folder is named after the standard both lead to).
 *
 * Registry classes (include/pqsig/sig.h):
 *   "Falcon-512", "Falcon-1024"                  compressed signatures (variable length)
 *   "Falcon-padded-512", "Falcon-padded-1024"    the same, zero-padded to a fixed length
 * Keys use the round-3 encodings (section 3.11): public key header 0x00+logn
 * followed by 14-bit coefficients of h; secret key header 0x50+logn followed
 * by f, g (FNDSA bits each) and F (8 bits).  Keygen takes the reference's
 * 48-byte seed (randombytes(48)), so the NIST KAT seeds give the KAT keys.
 */
#ifndef PQSIG_FALCON_H
#define PQSIG_FALCON_H

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pqs_sig_class pqs_falcon512_class;         /* "Falcon-512" */
extern const pqs_sig_class pqs_falcon1024_class;        /* "Falcon-1024" */
extern const pqs_sig_class pqs_falcon_padded512_class;  /* "Falcon-padded-512" */
extern const pqs_sig_class pqs_falcon_padded1024_class; /* "Falcon-padded-1024" */

/* Bits per coefficient of f and g in the secret key (spec section 3.11.5). */
#define PQS_FALCON_FG_BITS(logn) ((logn) <= 5 ? 8u : (logn) <= 7 ? 7u : (logn) <= 9 ? 6u : 5u)
/* Bits per coefficient of F in the secret key. */
#define PQS_FALCON_FFGG_BITS(logn) 8u

/* Encoded sizes for degree 2^logn (header byte included; logn >= 3). */
#define PQS_FALCON_PUBLICKEY_BYTES(logn) (1u + (7u << ((logn) - 2)))
#define PQS_FALCON_SECRETKEY_BYTES(logn) \
	(1u + ((2u * PQS_FALCON_FG_BITS(logn) + PQS_FALCON_FFGG_BITS(logn)) << ((logn) - 3)))
/* Largest compressed signature (the reference's CRYPTO_BYTES); logn 9 or 10. */
#define PQS_FALCON_SIGNATURE_MAX_BYTES(logn) ((logn) == 9 ? 752u : (logn) == 10 ? 1462u : 0u)
/* Padded (fixed-length) signatures; logn 9 or 10. */
#define PQS_FALCON_PADDED_SIGNATURE_BYTES(logn) ((logn) == 9 ? 666u : (logn) == 10 ? 1280u : 0u)
/* Keygen seed: the reference's randombytes(48). */
#define PQS_FALCON_SEED_BYTES 48u
/* Prepared public key of the classes (pqs_sig_prepare): NTT(h) mod q, 2^logn 16-bit words. */
#define PQS_FALCON_PREPARED_BYTES(logn) (2u << (logn))

/*
 * Signing workspace of pqs_falcon_sign_temp, per degree: 13 polynomials of
 * binary64 values (the basis, the Gram matrix, the target and the
 * ffSampling recursion: 104n bytes), f, g, F and G (n bytes each), the
 * hashed message and s2 (2n bytes each), plus 7 bytes of alignment slack:
 * 57,351 bytes for Falcon-512, 114,695 for Falcon-1024.  The registry's
 * sign uses a stack frame of the same size for its degree.
 */
#define PQS_FALCON_SIGN_TEMP_BYTES(logn) ((112u << (logn)) + 7u)

/**
 * Registry sign of a Falcon class (one of the four above; no context string,
 * no flags) on a caller-provided workspace instead of the stack, as
 * c-fn-dsa's _temp functions: tmp holds at least
 * PQS_FALCON_SIGN_TEMP_BYTES(logn) bytes (any alignment), else
 * PQS_ERR_BUFFER_TOO_SMALL.  The workspace is wiped before returning; the
 * stack use then drops to a few kilobytes (docs/memory.md).  Same
 * signatures and errors as pqs_sig_sign; PQS_ERR_ARG for another class.
 */
int pqs_falcon_sign_temp(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap, size_t *sig_len, const uint8_t *msg,
			 size_t msg_len, const uint8_t *sk, pqs_rng *rng, void *tmp, size_t tmp_len);

#ifdef __cplusplus
}
#endif

#endif
