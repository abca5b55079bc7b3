/*
 * pqsig: Hawk signatures (round-2 specification, hawk-sign), parameter
 * sets Hawk-512 and Hawk-1024, bit-exact with the reference
 * implementation's NIST KATs (keys, signatures).
 *
 *   class        id      pk     sk    sig (fixed length)
 *   Hawk-512     0x0030  1024   184   555
 *   Hawk-1024    0x0031  2440   360   1221
 *
 * Keys: pk = Golomb-Rice encodings of q00 (half) and q01, zero-padded;
 * sk = kgseed || F mod 2 || G mod 2 || SHAKE256(pk) prefix.
 * Signature: salt || Golomb-Rice encoding of s1, zero-padded.  The
 * message is hashed as SHAKE256(msg || SHAKE256(pk) prefix); no context
 * string (a non-empty one is PQS_ERR_CTX_UNSUPPORTED) and no
 * deterministic mode (PQS_ERR_UNSUPPORTED).
 *
 * Deterministic keygen (pqs_sig_keygen with a seed): the seed is the
 * reference's kgseed (8 + n/32 bytes: 24 for Hawk-512, 40 for Hawk-1024),
 * the first field of the secret key, from which (f, g) are regenerated.  A
 * kgseed that the keygen loop would reject (and redraw) is refused with
 * PQS_ERR_SEED_REJECTED.  pqs_hawk_keygen with an rng runs the reference's
 * loop (the KAT tests drive it with the NIST DRBG).  The loop's NTRUSolve
 * accepts some (f, g) on which the reference's solver gives up; docs/hawk.md.
 *
 * Decoders are strict: a key or signature that is not the canonical
 * encoding (values out of range, non-zero unused bits or padding) is
 * PQS_ERR_KEY_ENCODING / PQS_ERR_SIG_ENCODING.  Hawk-256 (the challenge
 * set) is implemented for the KAT tests only and is not registered.
 */
#ifndef PQSIG_HAWK_H
#define PQSIG_HAWK_H

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pqs_sig_class pqs_hawk512_class;
extern const pqs_sig_class pqs_hawk1024_class;

#ifdef __cplusplus
}
#endif

#endif
