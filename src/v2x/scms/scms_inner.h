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

#include "core/bytes.h"
#include "pqsig/scms.h"

/* --- P-256 arithmetic (ec.c) ------------------------------------------ */

/* out = (a + b) mod n.  Secret inputs allowed (BN_FLG_CONSTTIME). */
int pqs_scms_sc_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
/* out = (a * b + c) mod n; c may be NULL (then out = a * b mod n). */
int pqs_scms_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t *c);
/* out = x mod n for a big-endian integer x of any length (x_len <= 64). */
int pqs_scms_sc_reduce(uint8_t out[32], const uint8_t *x, size_t x_len);
/* A uniformly random scalar in [1, n-1] (rejection sampling). */
int pqs_scms_sc_random(uint8_t out[32], pqs_rng *rng);
/* Is s in [1, n-1]?  1 yes, 0 no. */
int pqs_scms_sc_is_valid(const uint8_t s[32]);

/* out = s * G. */
int pqs_scms_pt_base_mul(uint8_t out[33], const uint8_t s[32]);
/* out = P + s * G  (cocoon and explicit-certificate key steps). */
int pqs_scms_pt_add_base_mul(uint8_t out[33], const uint8_t P[33], const uint8_t s[32]);
/* out = s * P + Q  (ECQV public-key reconstruction, SEC 4 section 3.5). */
int pqs_scms_pt_mul_add(uint8_t out[33], const uint8_t s[32], const uint8_t P[33], const uint8_t Q[33]);
/* x-coordinate of s * P (ECDH, IEEE 1363 ECSVDP-DH), 32 bytes. */
int pqs_scms_pt_ecdh_x(uint8_t x[32], const uint8_t s[32], const uint8_t P[33]);
/* Is P a valid compressed point on P-256 (not infinity)?  PQS_OK or PQS_SCMS_ERR_POINT. */
int pqs_scms_pt_check(const uint8_t P[33]);
/* Compressed point -> 0x04 || x || y. */
int pqs_scms_pt_uncompress(uint8_t out[65], const uint8_t P[33]);

/* --- AES-128 single block (bke.c) ------------------------------------- */
int pqs_scms_aes128_ecb(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);

/* --- Message writer / strict reader (msg.c) ---------------------------- */
/* The counting writer of core/bytes.h: once a write does not fit, later writes are dropped. */
typedef pqs_wr scms_wr;

void pqs_scms_wr_init(scms_wr *w, uint8_t *buf, size_t cap);
void pqs_scms_wr_u8(scms_wr *w, uint8_t v);
void pqs_scms_wr_u16(scms_wr *w, uint16_t v);
void pqs_scms_wr_u32(scms_wr *w, uint32_t v);
void pqs_scms_wr_bytes(scms_wr *w, const uint8_t *p, size_t n);
/* Finish: PQS_OK and *len = bytes written, or PQS_ERR_BUFFER_TOO_SMALL with *len = bytes needed. */
int pqs_scms_wr_done(const scms_wr *w, size_t *len);

typedef struct {
	const uint8_t *p;
	size_t len, pos;
} scms_rd;

void pqs_scms_rd_init(scms_rd *r, const uint8_t *p, size_t len);
/* Each returns PQS_OK or PQS_SCMS_ERR_TRUNCATED. */
int pqs_scms_rd_u8(scms_rd *r, uint8_t *v);
int pqs_scms_rd_u16(scms_rd *r, uint16_t *v);
int pqs_scms_rd_u32(scms_rd *r, uint32_t *v);
int pqs_scms_rd_bytes(scms_rd *r, uint8_t *out, size_t n);
/* A view of the next n bytes (no copy). */
int pqs_scms_rd_view(scms_rd *r, const uint8_t **out, size_t n);
/* PQS_OK iff every byte was consumed, else PQS_SCMS_ERR_TRAILING. */
int pqs_scms_rd_end(const scms_rd *r);
/* Header check: type byte and version byte; PQS_SCMS_ERR_MSG_TYPE / PQS_SCMS_ERR_VERSION. */
int pqs_scms_rd_header(scms_rd *r, uint8_t want_type);

#endif

/* --- Role messages (codec.c); formats in docs/scms.md ------------------ */

#define SCMS_T_BFK_REQ 0x01   /* vehicle -> RA: butterfly provisioning request */
#define SCMS_T_PQC_REQ 0x02   /* vehicle -> RA: PQC provisioning request, paths (a) and (b) */
#define SCMS_T_CERT_REQ 0x03  /* RA -> ACA: one certificate request */
#define SCMS_T_BATCH 0x04     /* RA <-> ACA: a list of requests or responses */
#define SCMS_T_CERT_RESP 0x05 /* ACA -> RA -> vehicle: one response */
#define SCMS_T_CONTENT 0x06   /* the plaintext inside a response */
#define SCMS_T_DOWNLOAD 0x07  /* RA -> vehicle: its responses with their (i, j) */
#define SCMS_T_PQC_INNER 0x08 /* the plaintext inside an encrypted PQC request (path (b)) */

#define SCMS_MAX_BATCH (1u << 24)   /* entries in one batch (many vehicles) */
#define SCMS_MAX_ITEM (1u << 20)    /* bytes of one batch entry or response body */
#define SCMS_WEEKS_MAX 520u         /* i < 520: the ACA certificate's 10 years */

typedef struct {
	uint8_t unified;          /* 0 original, 1 unified */
	uint8_t cert_type;        /* pqs_scms_cert_type */
	uint8_t enrollment_id[8];
	uint32_t i_start, i_count, j_count;
	uint8_t A_sign[33], k_sign[16];
	uint8_t A_enc[33], k_enc[16]; /* original only */
} scms_bfk_req;

typedef struct {
	uint8_t encrypted;        /* 0 path (a), 1 path (b) */
	uint16_t alg_id;          /* registry id of the PQC class */
	uint8_t enrollment_id[8];
	uint32_t i_start, i_count, j_count;
	size_t entry_len;         /* bytes per entry: pk_len, or the ECIES ciphertext length */
	const uint8_t *entries;   /* i_count * j_count entries, (i, j) in row order */
} scms_pqc_req;

/* Inner plaintext of a path-(b) entry: the ACA decrypts it. */
typedef struct {
	uint16_t alg_id;
	uint32_t i;
	uint8_t resp_key[16];     /* AES-128 key the ACA encrypts its response with */
	const uint8_t *pk;
	size_t pk_len;
} scms_pqc_inner;

typedef enum { SCMS_REQ_BUTTERFLY = 0, SCMS_REQ_PQC_PLAIN = 1, SCMS_REQ_PQC_ENCRYPTED = 2 } scms_req_kind;

typedef struct {
	uint8_t req_id[8];
	uint8_t kind;             /* scms_req_kind */
	/* butterfly */
	uint8_t cert_type;
	uint8_t has_enc;          /* original: B_enc present; unified: encrypt to B_sign */
	uint32_t i;
	uint8_t B_sign[33], B_enc[33];
	/* PQC plain: alg_id, i, pk; PQC encrypted: ct */
	uint16_t alg_id;
	const uint8_t *body;
	size_t body_len;
} scms_cert_req;

typedef enum { SCMS_RESP_ECIES = 0, SCMS_RESP_PLAIN = 1, SCMS_RESP_AESCCM = 2 } scms_resp_enc;

typedef struct {
	uint8_t req_id[8];
	uint8_t enc;              /* scms_resp_enc */
	const uint8_t *body;
	size_t body_len;
} scms_cert_resp;

typedef enum { SCMS_CONTENT_EXPLICIT = 0, SCMS_CONTENT_IMPLICIT = 1, SCMS_CONTENT_PQC = 2 } scms_content_kind;

typedef struct {
	uint8_t kind;             /* scms_content_kind */
	const uint8_t *cert;
	size_t cert_len;
	uint8_t value[32];        /* c (explicit) or r (implicit); absent for PQC */
} scms_content;

/* A batch or download entry list, decoded as views into the message. */
typedef struct {
	uint32_t count;
	const uint8_t **item;
	size_t *item_len;
	uint32_t *i, *j;          /* download only */
} scms_list;

int pqs_scms_bfk_req_encode(const scms_bfk_req *m, uint8_t **out, size_t *len);
int pqs_scms_bfk_req_decode(scms_bfk_req *m, const uint8_t *p, size_t len);
/* Size of one path-(b) entry for a PQC public key of pk_len bytes. */
size_t pqs_scms_pqc_entry_len(int encrypted, size_t pk_len);
int pqs_scms_pqc_req_encode(const scms_pqc_req *m, uint8_t **out, size_t *len);
int pqs_scms_pqc_req_decode(scms_pqc_req *m, const uint8_t *p, size_t len);
int pqs_scms_pqc_inner_encode(const scms_pqc_inner *m, uint8_t *out, size_t cap, size_t *len);
int pqs_scms_pqc_inner_decode(scms_pqc_inner *m, const uint8_t *p, size_t len);
int pqs_scms_cert_req_encode(const scms_cert_req *m, uint8_t **out, size_t *len);
int pqs_scms_cert_req_decode(scms_cert_req *m, const uint8_t *p, size_t len);
int pqs_scms_cert_resp_encode(const scms_cert_resp *m, uint8_t **out, size_t *len);
int pqs_scms_cert_resp_decode(scms_cert_resp *m, const uint8_t *p, size_t len);
int pqs_scms_content_encode(const scms_content *m, uint8_t **out, size_t *len);
int pqs_scms_content_decode(scms_content *m, const uint8_t *p, size_t len);
/* Batch (type SCMS_T_BATCH) and download (SCMS_T_DOWNLOAD, with i and j per entry). */
int pqs_scms_list_encode(uint8_t type, uint32_t count, const uint8_t *const *item, const size_t *item_len,
			 const uint32_t *i, const uint32_t *j, uint8_t **out, size_t *len);
int pqs_scms_list_decode(uint8_t type, scms_list *l, const uint8_t *p, size_t len);
void pqs_scms_list_free(scms_list *l);

/* The registry class of a PQC id, or NULL if the id is unknown or not a PQC scheme. */
const pqs_sig_class *pqs_scms_pqc_class(uint16_t alg_id);
/* Uniform index in [0, n) from rng (rejection sampling), for the RA's shuffle. */
int pqs_scms_rand_index(pqs_rng *rng, uint32_t n, uint32_t *out);
/* Process CPU time in seconds (for the flow's per-role measurements). */
double pqs_scms_cpu_seconds(void);
/* Monotonic elapsed seconds. */
double pqs_scms_wall_seconds(void);
