/*
 * Encoders and strict decoders of the SCMS role messages.  The formats are
 * ours (docs/scms.md): IEEE 1609.2.1 defines ASN.1 messages carried inside
 * signed and encrypted 1609.2 SPDUs, but what the issue measures and the
 * privacy tests inspect is which key material each role receives; plain
 * fixed-width fields make those bytes easy to account for.  Every decoder
 * consumes exactly its input, checks every enumerated field and every
 * point, and returns a specific PQS_SCMS_ERR_* code.
 */
#include <stdlib.h>
#include <string.h>

#include "scms_inner.h"

typedef void (*write_fn)(scms_wr *w, const void *m);

/* Two passes: measure, then write into an exact-size allocation. */
static int encode_alloc(write_fn fn, const void *m, uint8_t **out, size_t *len)
{
	scms_wr w;
	size_t need;
	pqs_scms_wr_init(&w, NULL, 0);
	fn(&w, m);
	pqs_scms_wr_done(&w, &need);
	uint8_t *buf = malloc(need ? need : 1);
	if (!buf)
		return PQS_ERR_NOMEM;
	pqs_scms_wr_init(&w, buf, need);
	fn(&w, m);
	if (pqs_scms_wr_done(&w, len) != PQS_OK) {
		free(buf);
		return PQS_ERR_INTERNAL;
	}
	*out = buf;
	return PQS_OK;
}

static void wr_header(scms_wr *w, uint8_t type)
{
	pqs_scms_wr_u8(w, type);
	pqs_scms_wr_u8(w, 1); /* format version */
}

/* Read a point and check it is on P-256. */
static int rd_point(scms_rd *r, uint8_t P[33])
{
	int rc = pqs_scms_rd_bytes(r, P, 33);
	return rc == PQS_OK ? pqs_scms_pt_check(P) : rc;
}

/* (i_start, i_count, j_count): 1 <= count <= PQS_SCMS_MAX_CERTS and every i below SCMS_WEEKS_MAX. */
static int check_range(uint32_t i_start, uint32_t i_count, uint32_t j_count)
{
	if (i_count == 0 || j_count == 0 || (uint64_t)i_count * j_count > PQS_SCMS_MAX_CERTS)
		return PQS_SCMS_ERR_COUNT;
	if ((uint64_t)i_start + i_count > SCMS_WEEKS_MAX)
		return PQS_SCMS_ERR_FIELD;
	return PQS_OK;
}

#define TRY(x)                        \
	do {                              \
		int rc_ = (x);                \
		if (rc_ != PQS_OK)            \
			return rc_;               \
	} while (0)

/* --- butterfly provisioning request ------------------------------------ */

static void write_bfk_req(scms_wr *w, const void *mv)
{
	const scms_bfk_req *m = mv;
	wr_header(w, SCMS_T_BFK_REQ);
	pqs_scms_wr_u8(w, m->unified);
	pqs_scms_wr_u8(w, m->cert_type);
	pqs_scms_wr_bytes(w, m->enrollment_id, 8);
	pqs_scms_wr_u32(w, m->i_start);
	pqs_scms_wr_u32(w, m->i_count);
	pqs_scms_wr_u32(w, m->j_count);
	pqs_scms_wr_bytes(w, m->A_sign, 33);
	pqs_scms_wr_bytes(w, m->k_sign, 16);
	if (!m->unified) {
		pqs_scms_wr_bytes(w, m->A_enc, 33);
		pqs_scms_wr_bytes(w, m->k_enc, 16);
	}
}

int pqs_scms_bfk_req_encode(const scms_bfk_req *m, uint8_t **out, size_t *len)
{
	return encode_alloc(write_bfk_req, m, out, len);
}

int pqs_scms_bfk_req_decode(scms_bfk_req *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_BFK_REQ));
	TRY(pqs_scms_rd_u8(&r, &m->unified));
	TRY(pqs_scms_rd_u8(&r, &m->cert_type));
	if (m->unified > 1 || m->cert_type > PQS_SCMS_IMPLICIT)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_bytes(&r, m->enrollment_id, 8));
	TRY(pqs_scms_rd_u32(&r, &m->i_start));
	TRY(pqs_scms_rd_u32(&r, &m->i_count));
	TRY(pqs_scms_rd_u32(&r, &m->j_count));
	TRY(check_range(m->i_start, m->i_count, m->j_count));
	TRY(rd_point(&r, m->A_sign));
	TRY(pqs_scms_rd_bytes(&r, m->k_sign, 16));
	if (!m->unified) {
		TRY(rd_point(&r, m->A_enc));
		TRY(pqs_scms_rd_bytes(&r, m->k_enc, 16));
	}
	return pqs_scms_rd_end(&r);
}

/* --- PQC provisioning request -------------------------------------------- */

static size_t pqc_inner_len(size_t pk_len)
{
	return 2 + 2 + 4 + 16 + pk_len; /* header, alg_id, i, resp_key, pk */
}

size_t pqs_scms_pqc_entry_len(int encrypted, size_t pk_len)
{
	return encrypted ? pqc_inner_len(pk_len) + PQS_ECIES_OVERHEAD : pk_len;
}

const pqs_sig_class *pqs_scms_pqc_class(uint16_t alg_id)
{
	const pqs_sig_class *c = pqs_sig_find_id(alg_id);
	/* Only a pure PQC scheme: a per-certificate composite key would still need an ECDSA half. */
	return c && (c->flags & PQS_SIG_PQC) && !(c->flags & PQS_SIG_COMPOSITE) ? c : NULL;
}

static void write_pqc_req(scms_wr *w, const void *mv)
{
	const scms_pqc_req *m = mv;
	wr_header(w, SCMS_T_PQC_REQ);
	pqs_scms_wr_u8(w, m->encrypted);
	pqs_scms_wr_u16(w, m->alg_id);
	pqs_scms_wr_bytes(w, m->enrollment_id, 8);
	pqs_scms_wr_u32(w, m->i_start);
	pqs_scms_wr_u32(w, m->i_count);
	pqs_scms_wr_u32(w, m->j_count);
	pqs_scms_wr_bytes(w, m->entries, (size_t)m->i_count * m->j_count * m->entry_len);
}

int pqs_scms_pqc_req_encode(const scms_pqc_req *m, uint8_t **out, size_t *len)
{
	return encode_alloc(write_pqc_req, m, out, len);
}

int pqs_scms_pqc_req_decode(scms_pqc_req *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_PQC_REQ));
	TRY(pqs_scms_rd_u8(&r, &m->encrypted));
	if (m->encrypted > 1)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_u16(&r, &m->alg_id));
	const pqs_sig_class *c = pqs_scms_pqc_class(m->alg_id);
	if (!c)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_bytes(&r, m->enrollment_id, 8));
	TRY(pqs_scms_rd_u32(&r, &m->i_start));
	TRY(pqs_scms_rd_u32(&r, &m->i_count));
	TRY(pqs_scms_rd_u32(&r, &m->j_count));
	TRY(check_range(m->i_start, m->i_count, m->j_count));
	m->entry_len = pqs_scms_pqc_entry_len(m->encrypted, c->pk_len);
	TRY(pqs_scms_rd_view(&r, &m->entries, (size_t)m->i_count * m->j_count * m->entry_len));
	return pqs_scms_rd_end(&r);
}

int pqs_scms_pqc_inner_encode(const scms_pqc_inner *m, uint8_t *out, size_t cap, size_t *len)
{
	scms_wr w;
	pqs_scms_wr_init(&w, out, cap);
	wr_header(&w, SCMS_T_PQC_INNER);
	pqs_scms_wr_u16(&w, m->alg_id);
	pqs_scms_wr_u32(&w, m->i);
	pqs_scms_wr_bytes(&w, m->resp_key, 16);
	pqs_scms_wr_bytes(&w, m->pk, m->pk_len);
	return pqs_scms_wr_done(&w, len);
}

int pqs_scms_pqc_inner_decode(scms_pqc_inner *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_PQC_INNER));
	TRY(pqs_scms_rd_u16(&r, &m->alg_id));
	const pqs_sig_class *c = pqs_scms_pqc_class(m->alg_id);
	if (!c)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_u32(&r, &m->i));
	if (m->i >= SCMS_WEEKS_MAX)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_bytes(&r, m->resp_key, 16));
	m->pk_len = c->pk_len;
	TRY(pqs_scms_rd_view(&r, &m->pk, m->pk_len));
	return pqs_scms_rd_end(&r);
}

/* --- certificate request (RA -> ACA) ------------------------------------- */

static void write_cert_req(scms_wr *w, const void *mv)
{
	const scms_cert_req *m = mv;
	wr_header(w, SCMS_T_CERT_REQ);
	pqs_scms_wr_bytes(w, m->req_id, 8);
	pqs_scms_wr_u8(w, m->kind);
	switch (m->kind) {
	case SCMS_REQ_BUTTERFLY:
		pqs_scms_wr_u8(w, m->cert_type);
		pqs_scms_wr_u32(w, m->i);
		pqs_scms_wr_bytes(w, m->B_sign, 33);
		pqs_scms_wr_u8(w, m->has_enc);
		if (m->has_enc)
			pqs_scms_wr_bytes(w, m->B_enc, 33);
		break;
	case SCMS_REQ_PQC_PLAIN:
		pqs_scms_wr_u16(w, m->alg_id);
		pqs_scms_wr_u32(w, m->i);
		pqs_scms_wr_bytes(w, m->body, m->body_len);
		break;
	default:
		pqs_scms_wr_u32(w, (uint32_t)m->body_len);
		pqs_scms_wr_bytes(w, m->body, m->body_len);
		break;
	}
}

int pqs_scms_cert_req_encode(const scms_cert_req *m, uint8_t **out, size_t *len)
{
	return encode_alloc(write_cert_req, m, out, len);
}

int pqs_scms_cert_req_decode(scms_cert_req *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_CERT_REQ));
	TRY(pqs_scms_rd_bytes(&r, m->req_id, 8));
	TRY(pqs_scms_rd_u8(&r, &m->kind));
	if (m->kind == SCMS_REQ_BUTTERFLY) {
		TRY(pqs_scms_rd_u8(&r, &m->cert_type));
		if (m->cert_type > PQS_SCMS_IMPLICIT)
			return PQS_SCMS_ERR_FIELD;
		TRY(pqs_scms_rd_u32(&r, &m->i));
		if (m->i >= SCMS_WEEKS_MAX)
			return PQS_SCMS_ERR_FIELD;
		TRY(rd_point(&r, m->B_sign));
		TRY(pqs_scms_rd_u8(&r, &m->has_enc));
		if (m->has_enc > 1)
			return PQS_SCMS_ERR_FIELD;
		if (m->has_enc)
			TRY(rd_point(&r, m->B_enc));
	} else if (m->kind == SCMS_REQ_PQC_PLAIN) {
		TRY(pqs_scms_rd_u16(&r, &m->alg_id));
		const pqs_sig_class *c = pqs_scms_pqc_class(m->alg_id);
		if (!c)
			return PQS_SCMS_ERR_FIELD;
		TRY(pqs_scms_rd_u32(&r, &m->i));
		if (m->i >= SCMS_WEEKS_MAX)
			return PQS_SCMS_ERR_FIELD;
		m->body_len = c->pk_len;
		TRY(pqs_scms_rd_view(&r, &m->body, m->body_len));
	} else if (m->kind == SCMS_REQ_PQC_ENCRYPTED) {
		uint32_t n;
		TRY(pqs_scms_rd_u32(&r, &n));
		if (n < PQS_ECIES_OVERHEAD || n > SCMS_MAX_ITEM)
			return PQS_SCMS_ERR_FIELD;
		m->body_len = n;
		TRY(pqs_scms_rd_view(&r, &m->body, n));
	} else {
		return PQS_SCMS_ERR_FIELD;
	}
	return pqs_scms_rd_end(&r);
}

/* --- certificate response and its content -------------------------------- */

static void write_cert_resp(scms_wr *w, const void *mv)
{
	const scms_cert_resp *m = mv;
	wr_header(w, SCMS_T_CERT_RESP);
	pqs_scms_wr_bytes(w, m->req_id, 8);
	pqs_scms_wr_u8(w, m->enc);
	pqs_scms_wr_u32(w, (uint32_t)m->body_len);
	pqs_scms_wr_bytes(w, m->body, m->body_len);
}

int pqs_scms_cert_resp_encode(const scms_cert_resp *m, uint8_t **out, size_t *len)
{
	return encode_alloc(write_cert_resp, m, out, len);
}

int pqs_scms_cert_resp_decode(scms_cert_resp *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	uint32_t n;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_CERT_RESP));
	TRY(pqs_scms_rd_bytes(&r, m->req_id, 8));
	TRY(pqs_scms_rd_u8(&r, &m->enc));
	if (m->enc > SCMS_RESP_AESCCM)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_u32(&r, &n));
	if (n == 0 || n > SCMS_MAX_ITEM)
		return PQS_SCMS_ERR_FIELD;
	m->body_len = n;
	TRY(pqs_scms_rd_view(&r, &m->body, n));
	return pqs_scms_rd_end(&r);
}

static void write_content(scms_wr *w, const void *mv)
{
	const scms_content *m = mv;
	wr_header(w, SCMS_T_CONTENT);
	pqs_scms_wr_u8(w, m->kind);
	pqs_scms_wr_u32(w, (uint32_t)m->cert_len);
	pqs_scms_wr_bytes(w, m->cert, m->cert_len);
	if (m->kind != SCMS_CONTENT_PQC)
		pqs_scms_wr_bytes(w, m->value, 32);
}

int pqs_scms_content_encode(const scms_content *m, uint8_t **out, size_t *len)
{
	return encode_alloc(write_content, m, out, len);
}

int pqs_scms_content_decode(scms_content *m, const uint8_t *p, size_t len)
{
	scms_rd r;
	uint32_t n;
	memset(m, 0, sizeof *m);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, SCMS_T_CONTENT));
	TRY(pqs_scms_rd_u8(&r, &m->kind));
	if (m->kind > SCMS_CONTENT_PQC)
		return PQS_SCMS_ERR_FIELD;
	TRY(pqs_scms_rd_u32(&r, &n));
	if (n == 0 || n > SCMS_MAX_ITEM)
		return PQS_SCMS_ERR_FIELD;
	m->cert_len = n;
	TRY(pqs_scms_rd_view(&r, &m->cert, n));
	if (m->kind != SCMS_CONTENT_PQC) {
		TRY(pqs_scms_rd_bytes(&r, m->value, 32));
		if (!pqs_scms_sc_is_valid(m->value))
			return PQS_SCMS_ERR_SCALAR;
	}
	return pqs_scms_rd_end(&r);
}

/* --- batches and downloads ----------------------------------------------- */

typedef struct {
	uint8_t type;
	uint32_t count;
	const uint8_t *const *item;
	const size_t *item_len;
	const uint32_t *i, *j;
} list_view;

static void write_list(scms_wr *w, const void *mv)
{
	const list_view *m = mv;
	wr_header(w, m->type);
	pqs_scms_wr_u32(w, m->count);
	for (uint32_t k = 0; k < m->count; k++) {
		if (m->type == SCMS_T_DOWNLOAD) {
			pqs_scms_wr_u32(w, m->i[k]);
			pqs_scms_wr_u32(w, m->j[k]);
		}
		pqs_scms_wr_u32(w, (uint32_t)m->item_len[k]);
		pqs_scms_wr_bytes(w, m->item[k], m->item_len[k]);
	}
}

int pqs_scms_list_encode(uint8_t type, uint32_t count, const uint8_t *const *item, const size_t *item_len,
			 const uint32_t *i, const uint32_t *j, uint8_t **out, size_t *len)
{
	if ((type == SCMS_T_DOWNLOAD && (!i || !j)) || count > SCMS_MAX_BATCH)
		return PQS_ERR_ARG;
	for (uint32_t k = 0; k < count; k++)
		if (item_len[k] == 0 || item_len[k] > SCMS_MAX_ITEM)
			return PQS_ERR_ARG;
	list_view v = { type, count, item, item_len, i, j };
	return encode_alloc(write_list, &v, out, len);
}

void pqs_scms_list_free(scms_list *l)
{
	free(l->item);
	free(l->item_len);
	free(l->i);
	free(l->j);
	memset(l, 0, sizeof *l);
}

int pqs_scms_list_decode(uint8_t type, scms_list *l, const uint8_t *p, size_t len)
{
	scms_rd r;
	uint32_t count;
	memset(l, 0, sizeof *l);
	pqs_scms_rd_init(&r, p, len);
	TRY(pqs_scms_rd_header(&r, type));
	TRY(pqs_scms_rd_u32(&r, &count));
	size_t min_entry = type == SCMS_T_DOWNLOAD ? 13 : 5; /* fixed fields + a non-empty item */
	if (count == 0 || count > SCMS_MAX_BATCH)
		return PQS_SCMS_ERR_COUNT;
	/* Check before allocating that the input can hold that many entries. */
	if ((uint64_t)count * min_entry > len - r.pos)
		return PQS_SCMS_ERR_TRUNCATED;
	l->item = malloc(count * sizeof *l->item);
	l->item_len = malloc(count * sizeof *l->item_len);
	if (type == SCMS_T_DOWNLOAD) {
		l->i = malloc(count * sizeof *l->i);
		l->j = malloc(count * sizeof *l->j);
	}
	if (!l->item || !l->item_len || (type == SCMS_T_DOWNLOAD && (!l->i || !l->j))) {
		pqs_scms_list_free(l);
		return PQS_ERR_INTERNAL;
	}
	int rc = PQS_OK;
	for (uint32_t k = 0; k < count && rc == PQS_OK; k++) {
		uint32_t n = 0;
		if (type == SCMS_T_DOWNLOAD && rc == PQS_OK)
			rc = pqs_scms_rd_u32(&r, &l->i[k]);
		if (type == SCMS_T_DOWNLOAD && rc == PQS_OK)
			rc = pqs_scms_rd_u32(&r, &l->j[k]);
		if (rc == PQS_OK)
			rc = pqs_scms_rd_u32(&r, &n);
		if (rc == PQS_OK && (n == 0 || n > SCMS_MAX_ITEM))
			rc = PQS_SCMS_ERR_FIELD;
		if (rc == PQS_OK) {
			l->item_len[k] = n;
			rc = pqs_scms_rd_view(&r, &l->item[k], n);
		}
	}
	if (rc == PQS_OK)
		rc = pqs_scms_rd_end(&r);
	if (rc != PQS_OK) {
		pqs_scms_list_free(l);
		return rc;
	}
	l->count = count;
	return PQS_OK;
}
