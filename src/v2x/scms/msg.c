/*
 * Byte writer and strict reader for the SCMS role messages (formats in
 * docs/scms.md): big-endian fixed-width integers, no implicit padding, and
 * every read bounds-checked so a truncated message yields
 * PQS_SCMS_ERR_TRUNCATED instead of a read past the end.
 */
#include <string.h>

#include "core/errors.h"
#include "pqsig/v2x.h"
#include "scms_inner.h"

#define SCMS_FORMAT_VERSION 1

void pqs_scms_wr_init(scms_wr *w, uint8_t *buf, size_t cap)
{
	pqs_wr_init(w, buf, cap);
}

void pqs_scms_wr_bytes(scms_wr *w, const uint8_t *p, size_t n)
{
	pqs_wr_bytes(w, p, n);
}

void pqs_scms_wr_u8(scms_wr *w, uint8_t v)
{
	pqs_scms_wr_bytes(w, &v, 1);
}

void pqs_scms_wr_u16(scms_wr *w, uint16_t v)
{
	pqs_wr_be(w, v, 2);
}

void pqs_scms_wr_u32(scms_wr *w, uint32_t v)
{
	pqs_wr_be(w, v, 4);
}

int pqs_scms_wr_done(const scms_wr *w, size_t *len)
{
	*len = w->len;
	return w->overflow ? PQS_ERR_BUFFER_TOO_SMALL : PQS_OK;
}

void pqs_scms_rd_init(scms_rd *r, const uint8_t *p, size_t len)
{
	r->p = p;
	r->len = p ? len : 0;
	r->pos = 0;
}

int pqs_scms_rd_view(scms_rd *r, const uint8_t **out, size_t n)
{
	if (n > r->len - r->pos)
		return PQS_SCMS_ERR_TRUNCATED;
	*out = r->p + r->pos;
	r->pos += n;
	return PQS_OK;
}

int pqs_scms_rd_bytes(scms_rd *r, uint8_t *out, size_t n)
{
	const uint8_t *v;
	int rc = pqs_scms_rd_view(r, &v, n);
	if (rc == PQS_OK && n)
		memcpy(out, v, n);
	return rc;
}

int pqs_scms_rd_u8(scms_rd *r, uint8_t *v)
{
	return pqs_scms_rd_bytes(r, v, 1);
}

int pqs_scms_rd_u16(scms_rd *r, uint16_t *v)
{
	uint8_t b[2];
	int rc = pqs_scms_rd_bytes(r, b, 2);
	if (rc == PQS_OK)
		*v = pqs_load_be16(b);
	return rc;
}

int pqs_scms_rd_u32(scms_rd *r, uint32_t *v)
{
	uint8_t b[4];
	int rc = pqs_scms_rd_bytes(r, b, 4);
	if (rc == PQS_OK)
		*v = pqs_load_be32(b);
	return rc;
}

int pqs_scms_rd_end(const scms_rd *r)
{
	return r->pos == r->len ? PQS_OK : PQS_SCMS_ERR_TRAILING;
}

int pqs_scms_rd_header(scms_rd *r, uint8_t want_type)
{
	uint8_t t, v;
	int rc = pqs_scms_rd_u8(r, &t);
	if (rc != PQS_OK)
		return rc;
	if (t != want_type)
		return PQS_SCMS_ERR_MSG_TYPE;
	if ((rc = pqs_scms_rd_u8(r, &v)) != PQS_OK)
		return rc;
	return v == SCMS_FORMAT_VERSION ? PQS_OK : PQS_SCMS_ERR_VERSION;
}

/* This family's messages, reached through pqs_strerror() (src/core/errors.h). */
static const pqs_error_entry scms_errors[] = {
	{ PQS_SCMS_ERR_TRUNCATED, "SCMS message truncated" },
	{ PQS_SCMS_ERR_TRAILING, "SCMS message has trailing bytes" },
	{ PQS_SCMS_ERR_MSG_TYPE, "SCMS message has the wrong type" },
	{ PQS_SCMS_ERR_VERSION, "SCMS message has an unsupported version" },
	{ PQS_SCMS_ERR_FIELD, "SCMS message field has an invalid value" },
	{ PQS_SCMS_ERR_POINT, "not a valid P-256 point" },
	{ PQS_SCMS_ERR_SCALAR, "scalar out of range" },
	{ PQS_SCMS_ERR_DECRYPT, "decryption failed (wrong key or altered ciphertext)" },
	{ PQS_SCMS_ERR_CERT_MISMATCH, "certificate key does not match the derived private key" },
	{ PQS_SCMS_ERR_CERT_INVALID, "certificate does not verify under the ACA certificate" },
	{ PQS_SCMS_ERR_UNKNOWN_REQUEST, "response to an unknown request" },
	{ PQS_SCMS_ERR_COUNT, "SCMS message count out of range" },
	{ PQS_SCMS_ERR_DUPLICATE, "duplicate request" },
};

const pqs_error_table pqs_scms_error_table = { scms_errors, sizeof scms_errors / sizeof scms_errors[0] };

const char *pqs_scms_strerror(int err)
{
	return pqs_strerror(err);
}
