/*
 * FN-DSA in its provisional FIPS 206 form (Pornin's "best guess" of
 * 2026-07-22, which c-fn-dsa / rust-fn-dsa implement): internals shared
 * by fn_*.c.  notes/fn-dsa-provisional.md describes it as a diff against
 * round-3 Falcon; section numbers below refer to that note.
 *
 * Naming: src/fndsa/ holds both round-3 Falcon (fndsa_*, classes
 * "Falcon-*") and the draft FN-DSA (pqs_fndsa_fn_*, classes "FN-DSA-*").
 *
 * Modules:
 *   fn_codec.c    encodings (section 2): LSB-first, vk in NTT form
 *   keygen2025.c  key generation (section 1, see keygen2025_inner.h)
 */
#ifndef PQSIG_FNDSA_FN_INNER_H
#define PQSIG_FNDSA_FN_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "fndsa/inner.h"
#include "pqsig/sig.h"

#define PQS_FNDSA_Q 12289u
/* logn 9 and 10 are standard; 2..8 are toy degrees (test API only). */
#define PQS_FNDSA_FN_MIN_LOGN 2
#define PQS_FNDSA_FN_KEYGEN_SEED_LEN 32
/* |s1_i|, |s2_i| <= 840 (section 2.3, 3.3, 4). */
#define PQS_FNDSA_FN_SIG_MAX_ABS 840u

/* Sizes (section 2), header byte included. */
#define PQS_FNDSA_FN_VK_SIZE(logn) (1u + (7u << ((logn) - 2)))
#define PQS_FNDSA_FN_FG_BYTES(logn) ((FNDSA_FG_BITS(logn) << (logn)) / 8u)
#define PQS_FNDSA_FN_SK_SIZE(logn) \
	(1u + 2u * PQS_FNDSA_FN_FG_BYTES(logn) + (1u << (logn)) + 64u)
#define PQS_FNDSA_FN_SIG_SIZE(logn) \
	((logn) == 10 ? 1280u : (logn) == 9 ? 666u : (logn) == 8 ? 356u \
	: (logn) == 7 ? 200u : (logn) == 6 ? 122u : (logn) == 5 ? 82u \
	: (logn) == 4 ? 63u : (logn) == 3 ? 52u : 47u)

/* ==================================================================== */
/* Encodings (fn_codec.c).                                              */

/* vk = logn || NTT(h), 14 bits per value, 4 values per 7 bytes LE. */
size_t pqs_fndsa_fn_vk_encode(uint8_t *out, const uint16_t *h_ntt,
	unsigned logn);
/* PQS_OK, PQS_ERR_KEY_LENGTH or PQS_ERR_KEY_ENCODING (header, value >= q). */
int pqs_fndsa_fn_vk_decode(uint16_t *h_ntt, const uint8_t *vk, size_t vk_len,
	unsigned logn);
/* nbits two's complement per value, LSB-first; n*nbits/8 bytes. */
size_t pqs_fndsa_fn_trim_encode(uint8_t *out, const int8_t *x, unsigned logn,
	unsigned nbits);
/* Inverse; returns the bytes read, or 0 if a value is -2^(nbits-1). */
size_t pqs_fndsa_fn_trim_decode(int8_t *x, unsigned logn, unsigned nbits,
	const uint8_t *in);
/* Compressed s2, LSB-first; returns the bytes written (<= max_len) or 0
 * if a value exceeds 840 or the output does not fit. */
size_t pqs_fndsa_fn_comp_encode(uint8_t *out, size_t max_len,
	const int16_t *s, unsigned logn);
/* Strict inverse over exactly len bytes (zero padding included); 1 or 0. */
int pqs_fndsa_fn_comp_decode(int16_t *s, unsigned logn, const uint8_t *in,
	size_t len);

/* ==================================================================== */
/* Key generation (keygen2025.c).                                       */

/*
 * Section 1: keys from a seed of any length (the draft's keygen reads a
 * 32-byte seed from its RNG).  sk: PQS_FNDSA_FN_SK_SIZE(logn) bytes, vk:
 * PQS_FNDSA_FN_VK_SIZE(logn) bytes.  logn 2..10.  Returns PQS_OK or
 * PQS_ERR_ARG.  Uses about 80n + 8 KiB of stack.
 */
int pqs_fndsa_fn_keygen_seeded(unsigned logn, const uint8_t *seed,
	size_t seed_len, uint8_t *sk, uint8_t *vk);

#endif
