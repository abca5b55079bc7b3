/*
 * Fragmentation of SPDUs larger than the WSM data limit, and the
 * fragment format parser.  Format and rationale: docs/wsm.md.
 *
 * Every fragment header carries the digest of the whole SPDU (SHA3-256
 * truncated to 128 bits), so the receiver can tell apart two messages
 * that share a message id from their first fragment on.  An SPDU of L
 * bytes cut into n fragments gives fragment i the bytes
 * [floor(i*L/n), floor((i+1)*L/n)): a balanced split, fully determined
 * by (L, n, i), so a fragment needs no offset field and the receiver
 * checks every payload length exactly.  Each slice is at most
 * ceil(L/n) <= limit - WSM_FRAG_HEADER_LEN bytes, and n <= L keeps every
 * slice non-empty.
 */
#include <string.h>

#include "core/bytes.h"
#include "pqsig/sha3.h"
#include "pqsig/wsm.h"

#include "frag_internal.h"

/* SPDU offset of fragment i of n over T bytes (64-bit: T*n fits easily). */
size_t pqs_wsm_frag_slice_start(uint64_t total, uint64_t count, uint64_t index)
{
	return (size_t)(index * total / count);
}

void pqs_wsm_frag_digest(const uint8_t *spdu, size_t len, uint8_t out[WSM_FRAG_DIGEST_LEN])
{
	uint8_t full[32];
	pqs_sha3_256(full, spdu, len);
	memcpy(out, full, WSM_FRAG_DIGEST_LEN);
}

static int limit_ok(size_t wsm_limit)
{
	return wsm_limit >= WSM_FRAG_LIMIT_MIN && wsm_limit <= WSM_DATA_LIMIT_MAX;
}

size_t pqs_wsm_fragment_count(size_t spdu_len, size_t wsm_limit)
{
	if (spdu_len == 0 || !limit_ok(wsm_limit))
		return 0;
	if (spdu_len <= wsm_limit)
		return 1;
	uint64_t per = wsm_limit - WSM_FRAG_HEADER_LEN;
	uint64_t n = ((uint64_t)spdu_len + per - 1) / per;
	/* The 32-bit total-length field bounds the SPDU as well. */
	if (n > WSM_FRAG_MAX_COUNT || (uint64_t)spdu_len > 0xFFFFFFFFu)
		return 0;
	return (size_t)n;
}

int pqs_wsm_fragmenter_init(wsm_fragmenter *f, const uint8_t *spdu, size_t spdu_len, size_t wsm_limit, uint32_t msg_id)
{
	if (!f || !spdu || spdu_len == 0)
		return PQS_ERR_ARG;
	if (!limit_ok(wsm_limit))
		return WSM_ERR_LIMIT;
	size_t n = pqs_wsm_fragment_count(spdu_len, wsm_limit);
	if (n == 0)
		return WSM_ERR_FRAG_TOO_BIG;
	f->spdu = spdu;
	f->spdu_len = spdu_len;
	f->wsm_limit = wsm_limit;
	f->msg_id = msg_id;
	f->count = n;
	if (n > 1)
		pqs_wsm_frag_digest(spdu, spdu_len, f->digest);
	else
		memset(f->digest, 0, sizeof f->digest);
	return PQS_OK;
}

int pqs_wsm_fragmenter_get(const wsm_fragmenter *f, size_t index, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!f || !out || !out_len || index >= f->count)
		return PQS_ERR_ARG;
	if (f->count == 1) {
		if (cap < f->spdu_len)
			return PQS_ERR_BUFFER_TOO_SMALL;
		memcpy(out, f->spdu, f->spdu_len);
		*out_len = f->spdu_len;
		return PQS_OK;
	}
	size_t a = pqs_wsm_frag_slice_start(f->spdu_len, f->count, index);
	size_t b = pqs_wsm_frag_slice_start(f->spdu_len, f->count, index + 1);
	size_t need = WSM_FRAG_HEADER_LEN + (b - a);
	if (cap < need)
		return PQS_ERR_BUFFER_TOO_SMALL;
	out[0] = WSM_FRAG_TYPE;
	pqs_store_be(out + 1, f->msg_id, 4);
	pqs_store_be(out + 5, index, 2);
	pqs_store_be(out + 7, f->count, 2);
	pqs_store_be(out + 9, f->spdu_len, 4);
	memcpy(out + 13, f->digest, WSM_FRAG_DIGEST_LEN);
	memcpy(out + WSM_FRAG_HEADER_LEN, f->spdu + a, b - a);
	*out_len = need;
	return PQS_OK;
}

int pqs_wsm_is_fragment(const uint8_t *data, size_t len)
{
	return data && len >= 1 && data[0] == WSM_FRAG_TYPE;
}

int pqs_wsm_fragment_parse(const uint8_t *data, size_t len, wsm_fragment_info *info)
{
	if (!data || !info)
		return PQS_ERR_ARG;
	if (len < 1)
		return WSM_ERR_TRUNCATED;
	if (data[0] != WSM_FRAG_TYPE)
		return WSM_ERR_FRAG_TYPE;
	if (len < WSM_FRAG_HEADER_LEN)
		return WSM_ERR_TRUNCATED;
	info->msg_id = (uint32_t)pqs_load_be(data + 1, 4);
	info->index = (uint16_t)pqs_load_be(data + 5, 2);
	info->count = (uint16_t)pqs_load_be(data + 7, 2);
	info->total_len = (uint32_t)pqs_load_be(data + 9, 4);
	memcpy(info->digest, data + 13, WSM_FRAG_DIGEST_LEN);
	/*
	 * A one-fragment message is never framed; the index must be in range;
	 * n <= L keeps every slice non-empty (see the file comment).
	 */
	if (info->count < 2 || info->index >= info->count || info->count > info->total_len)
		return WSM_ERR_FRAG_HEADER;
	size_t a = pqs_wsm_frag_slice_start(info->total_len, info->count, info->index);
	size_t b = pqs_wsm_frag_slice_start(info->total_len, info->count, (uint64_t)info->index + 1);
	if (len - WSM_FRAG_HEADER_LEN != b - a)
		return WSM_ERR_FRAG_LENGTH;
	info->payload = data + WSM_FRAG_HEADER_LEN;
	info->payload_len = b - a;
	info->offset = a;
	return PQS_OK;
}
