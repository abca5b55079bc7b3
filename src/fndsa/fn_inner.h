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
 *   fn_sign.c     mu, signing and verification (sections 3, 4)
 *   fn_class.c    registry classes FN-DSA-512/1024 and pqsig/fndsa.h
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

/* ==================================================================== */
/* Signing and verification (fn_sign.c).                                */

/* Pre-hash identifier meaning "raw message" (section 3.1). */
#define PQS_FNDSA_FN_RAW 0

/*
 * mu = SHAKE256(hvk || 0x00 || |ctx| || ctx || data)[64] for prehash_id
 * PQS_FNDSA_FN_RAW, else SHAKE256(hvk || 0x01 || |ctx| || ctx || OID ||
 * data)[64] with OID = DER(2.16.840.1.101.3.4.2.prehash_id) (prehash_id
 * one of 0x01 SHA-256, 0x02 SHA-384, 0x03 SHA-512, 0x06 SHA-512/256,
 * 0x08..0x0A SHA3-256/384/512, 0x0B SHAKE128, 0x0C SHAKE256; data is
 * then the caller's digest).  PQS_ERR_CTX_TOO_LONG, PQS_ERR_ARG.
 */
int pqs_fndsa_fn_mu(uint8_t mu[64], const uint8_t hvk[64], int prehash_id,
	const uint8_t *ctx, size_t ctx_len, const uint8_t *data, size_t data_len);

/*
 * Decode sk (section 2.2): f, g, F, then G = g F / f mod q in -127..127;
 * *hvk points at the stored SHAKE256(vk)[64] (not checked).  Returns
 * PQS_OK, PQS_ERR_KEY_LENGTH or PQS_ERR_KEY_ENCODING.
 */
int pqs_fndsa_fn_decode_sk(int8_t *f, int8_t *g, int8_t *F, int8_t *G, const uint8_t **hvk, const uint8_t *sk,
			   size_t sk_len, unsigned *logn, uint16_t *tmp);

/*
 * Sign mu (section 3.2-3.4) with the randomness rnd (the draft reads 40
 * bytes once; any length is accepted, for tests).  sig:
 * PQS_FNDSA_FN_SIG_SIZE(logn) bytes.  Working memory: tmp (tmp_len >=
 * PQS_FNDSA_SIGN_TEMP_BYTES(logn), any alignment, wiped before returning),
 * or with tmp NULL a stack frame sized for the degree (docs/memory.md).
 * Returns PQS_OK, a key decoding error, PQS_ERR_BUFFER_TOO_SMALL, or
 * PQS_ERR_INTERNAL after 27 failed attempts.
 */
int pqs_fndsa_fn_sign_mu(uint8_t *sig, const uint8_t *sk, size_t sk_len, const uint8_t mu[64], const uint8_t *rnd,
			 size_t rnd_len, void *tmp, size_t tmp_len);

/*
 * Verify sig against mu and the decoded vk (h in NTT form), section 4
 * steps 2-5: PQS_OK, PQS_ERR_SIG_LENGTH, PQS_ERR_SIG_ENCODING or
 * PQS_ERR_INVALID_SIGNATURE.
 */
int pqs_fndsa_fn_verify_mu(const uint8_t *sig, size_t sig_len,
	const uint16_t *h_ntt, unsigned logn, const uint8_t mu[64]);

#endif
