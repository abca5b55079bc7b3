/*
 * libFuzzer target, differential: whatever a decoder accepts must encode
 * back to exactly the bytes it was decoded from (the encodings are
 * canonical).  The first byte picks the codec:
 *   even: WSMP header (pqs_wsm_decode / pqs_wsm_encode).  Exception documented in
 *         docs/wsm.md: N-extensions received out of order come back in
 *         ShortMsgNexts order, so then the re-encoding must decode to the
 *         same header and data instead.
 *   odd:  an SCMS message, by its own type octet (src/v2x/scms/scms_inner.h):
 *         butterfly and PQC requests, PQC inner plaintext, certificate
 *         request and response, response content, batch and download lists.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/wsm.h"
#include "v2x/scms/scms_inner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_bytes(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
	if (a_len != b_len || memcmp(a, b, a_len) != 0)
		abort();
}

static int same_header(const wsm_header *a, const wsm_header *b)
{
	int same = a->psid == b->psid && a->has_tx_power == b->has_tx_power && a->has_channel == b->has_channel &&
	           a->has_data_rate == b->has_data_rate && a->has_time_confidence == b->has_time_confidence &&
	           a->tx_power_dbm == b->tx_power_dbm && a->channel == b->channel && a->data_rate == b->data_rate &&
	           a->time_confidence == b->time_confidence && a->n_t_ext == b->n_t_ext;
	for (size_t i = 0; same && i < a->n_t_ext; i++)
		same = a->t_ext[i].id == b->t_ext[i].id && a->t_ext[i].len == b->t_ext[i].len &&
		       memcmp(a->t_ext[i].value, b->t_ext[i].value, a->t_ext[i].len) == 0;
	return same;
}

static void wsm_reencode(const uint8_t *in, size_t len)
{
	wsm_header h, h2;
	const uint8_t *d, *d2;
	size_t dl, dl2, out_len;
	if (pqs_wsm_decode(in, len, &h, &d, &dl) != PQS_OK)
		return;
	uint8_t *out = malloc(len);
	if (!out || pqs_wsm_encode(out, len, &out_len, &h, d, dl) != PQS_OK)
		abort();
	if (out_len != len)
		abort();
	if (memcmp(out, in, len) != 0) {
		/* Only the N-extension order may differ. */
		if (pqs_wsm_decode(out, out_len, &h2, &d2, &dl2) != PQS_OK || !same_header(&h, &h2) || dl2 != dl ||
		    memcmp(d, d2, dl) != 0)
			abort();
	}
	free(out);
}

static void scms_reencode(const uint8_t *in, size_t len)
{
	uint8_t *out = NULL, fixed[4096];
	size_t out_len = 0;
	if (len < 1)
		return;
	switch (in[0]) {
	case SCMS_T_BFK_REQ: {
		scms_bfk_req m;
		if (pqs_scms_bfk_req_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_bfk_req_encode(&m, &out, &out_len) != PQS_OK)
			abort();
		break;
	}
	case SCMS_T_PQC_REQ: {
		scms_pqc_req m;
		if (pqs_scms_pqc_req_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_pqc_req_encode(&m, &out, &out_len) != PQS_OK)
			abort();
		break;
	}
	case SCMS_T_PQC_INNER: {
		scms_pqc_inner m;
		if (pqs_scms_pqc_inner_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_pqc_inner_encode(&m, fixed, sizeof fixed, &out_len) != PQS_OK)
			abort();
		same_bytes(fixed, out_len, in, len);
		return;
	}
	case SCMS_T_CERT_REQ: {
		scms_cert_req m;
		if (pqs_scms_cert_req_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_cert_req_encode(&m, &out, &out_len) != PQS_OK)
			abort();
		break;
	}
	case SCMS_T_CERT_RESP: {
		scms_cert_resp m;
		if (pqs_scms_cert_resp_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_cert_resp_encode(&m, &out, &out_len) != PQS_OK)
			abort();
		break;
	}
	case SCMS_T_CONTENT: {
		scms_content m;
		if (pqs_scms_content_decode(&m, in, len) != PQS_OK)
			return;
		if (pqs_scms_content_encode(&m, &out, &out_len) != PQS_OK)
			abort();
		break;
	}
	case SCMS_T_BATCH:
	case SCMS_T_DOWNLOAD: {
		scms_list l;
		if (pqs_scms_list_decode(in[0], &l, in, len) != PQS_OK)
			return;
		int e = pqs_scms_list_encode(in[0], l.count, l.item, l.item_len, l.i, l.j, &out, &out_len);
		pqs_scms_list_free(&l);
		if (e != PQS_OK)
			abort();
		break;
	}
	default:
		return;
	}
	same_bytes(out, out_len, in, len);
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if (data[0] % 2 == 0)
		wsm_reencode(data + 1, size - 1);
	else
		scms_reencode(data + 1, size - 1);
	return 0;
}
