/*
 * SCMS internals shared by the files of src/v2x/scms/: P-256 scalar and
 * point arithmetic over OpenSSL's EC_POINT/BIGNUM API (the non-deprecated
 * part of OpenSSL 3.0), a byte writer/reader for the role messages, and
 * the AES-128 block function used by the butterfly expansion.
 *
 * Scalars travel as 32-byte big-endian strings, points as 33-byte
 * compressed SEC 1 strings (0x02/0x03 || x), exactly as IEEE 1609.2
 * EccP256CurvePoint carries them (compressed-y-0 / compressed-y-1).
 */
#ifndef PQSIG_SCMS_INNER_H
#define PQSIG_SCMS_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/scms.h"

/* --- P-256 arithmetic (ec.c) ------------------------------------------ */

/* out = (a + b) mod n.  Secret inputs allowed (BN_FLG_CONSTTIME). */
int scms_sc_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
/* out = (a * b + c) mod n; c may be NULL (then out = a * b mod n). */
int scms_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t *c);
/* out = x mod n for a big-endian integer x of any length (x_len <= 64). */
int scms_sc_reduce(uint8_t out[32], const uint8_t *x, size_t x_len);
/* A uniformly random scalar in [1, n-1] (rejection sampling). */
int scms_sc_random(uint8_t out[32], pqs_rng *rng);
/* Is s in [1, n-1]?  1 yes, 0 no. */
int scms_sc_is_valid(const uint8_t s[32]);

/* out = s * G. */
int scms_pt_base_mul(uint8_t out[33], const uint8_t s[32]);
/* out = P + s * G  (cocoon and explicit-certificate key steps). */
int scms_pt_add_base_mul(uint8_t out[33], const uint8_t P[33], const uint8_t s[32]);
/* out = s * P + Q  (ECQV public-key reconstruction, SEC 4 section 3.5). */
int scms_pt_mul_add(uint8_t out[33], const uint8_t s[32], const uint8_t P[33], const uint8_t Q[33]);
/* x-coordinate of s * P (ECDH, IEEE 1363 ECSVDP-DH), 32 bytes. */
int scms_pt_ecdh_x(uint8_t x[32], const uint8_t s[32], const uint8_t P[33]);
/* Is P a valid compressed point on P-256 (not infinity)?  PQS_OK or PQS_SCMS_ERR_POINT. */
int scms_pt_check(const uint8_t P[33]);
/* Compressed point -> 0x04 || x || y. */
int scms_pt_uncompress(uint8_t out[65], const uint8_t P[33]);

/* --- AES-128 single block (bke.c) ------------------------------------- */
int scms_aes128_ecb(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);

/* --- Message writer / strict reader (msg.c) ---------------------------- */
typedef struct {
	uint8_t *buf;
	size_t cap, len;
	int overflow; /* set once a write did not fit; later writes are dropped */
} scms_wr;

void scms_wr_init(scms_wr *w, uint8_t *buf, size_t cap);
void scms_wr_u8(scms_wr *w, uint8_t v);
void scms_wr_u16(scms_wr *w, uint16_t v);
void scms_wr_u32(scms_wr *w, uint32_t v);
void scms_wr_bytes(scms_wr *w, const uint8_t *p, size_t n);
/* Finish: PQS_OK and *len = bytes written, or PQS_ERR_BUFFER_TOO_SMALL with *len = bytes needed. */
int scms_wr_done(const scms_wr *w, size_t *len);

typedef struct {
	const uint8_t *p;
	size_t len, pos;
} scms_rd;

void scms_rd_init(scms_rd *r, const uint8_t *p, size_t len);
/* Each returns PQS_OK or PQS_SCMS_ERR_TRUNCATED. */
int scms_rd_u8(scms_rd *r, uint8_t *v);
int scms_rd_u16(scms_rd *r, uint16_t *v);
int scms_rd_u32(scms_rd *r, uint32_t *v);
int scms_rd_bytes(scms_rd *r, uint8_t *out, size_t n);
/* A view of the next n bytes (no copy). */
int scms_rd_view(scms_rd *r, const uint8_t **out, size_t n);
/* PQS_OK iff every byte was consumed, else PQS_SCMS_ERR_TRAILING. */
int scms_rd_end(const scms_rd *r);
/* Header check: type byte and version byte; PQS_SCMS_ERR_MSG_TYPE / PQS_SCMS_ERR_VERSION. */
int scms_rd_header(scms_rd *r, uint8_t want_type);

#endif
