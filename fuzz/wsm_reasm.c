/*
 * libFuzzer target: the fragment reassembler (pqs_wsm_reasm_push) fed a stream
 * of WSM data units from a few senders.  Input: records of
 *   1 byte   sender (bits 0-1: one of 4 addresses) and clock step (bits 2-7, ms)
 *   2 bytes  length n, big-endian
 *   n bytes  WSM data (a fragment, an SPDU, anything)
 * with small bounds so that eviction, quotas and timeouts all happen.
 * Properties, beyond "no crash, no sanitizer report, no leak": the global
 * bounds hold after every push; a delivered SPDU has the length and the
 * digest that the completing fragment announced; every attempt that is
 * dropped is reported once (on_drop count equals the drops seen).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/sha3.h"
#include "pqsig/wsm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void count_drop(void *ctx, uint32_t msg_id, wsm_drop_reason reason)
{
	(void)msg_id;
	if (reason < WSM_DROP_TIMEOUT || reason > WSM_DROP_DIGEST)
		abort();
	++*(size_t *)ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t drops = 0, digest_drops = 0;
	wsm_reasm_config cfg = { .max_messages = 6, .max_total_bytes = 40000, .max_spdu_len = 30000,
		                 .timeout_ms = 200, .on_drop = count_drop, .on_drop_ctx = &drops };
	wsm_reasm *r = pqs_wsm_reasm_new(&cfg);
	if (!r)
		return 0;
	uint64_t now = 0;
	while (size >= 3) {
		uint8_t sender[WSM_SENDER_LEN] = { 0x02, 0, 0, 0, 0, (uint8_t)(data[0] & 3) };
		now += data[0] >> 2;
		size_t n = ((size_t)data[1] << 8) | data[2];
		data += 3;
		size -= 3;
		if (n > size)
			n = size;
		wsm_reasm_result res;
		if (pqs_wsm_reasm_push(r, sender, data, n, now, &res) != PQS_OK)
			abort();
		if (pqs_wsm_reasm_pending(r) > cfg.max_messages || pqs_wsm_reasm_bytes(r) > cfg.max_total_bytes)
			abort();
		wsm_fragment_info fi;
		if (res.status == WSM_REASM_COMPLETE && pqs_wsm_fragment_parse(data, n, &fi) == PQS_OK) {
			uint8_t d[32];
			pqs_sha3_256(d, res.spdu, res.spdu_len);
			if (res.spdu_len != fi.total_len || memcmp(d, fi.digest, WSM_FRAG_DIGEST_LEN) != 0)
				abort();
		}
		digest_drops += res.status == WSM_REASM_DROPPED_DIGEST;
		data += n;
		size -= n;
	}
	if (drops < digest_drops)
		abort(); /* every DROPPED_DIGEST is also reported through on_drop */
	pqs_wsm_reasm_expire(r, now + cfg.timeout_ms + 1);
	if (pqs_wsm_reasm_pending(r) != 0 || pqs_wsm_reasm_bytes(r) != 0)
		abort();
	pqs_wsm_reasm_free(r);
	return 0;
}
