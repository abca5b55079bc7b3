/*
 * libFuzzer target: every SCMS message decoder, through the roles' public
 * entry points (they allocate from decoded counts).  The first byte picks
 * the message: request (a fresh RA receives it and forwards a batch),
 * batch (the ACA processes it), responses (a fresh RA takes delivery), or
 * download (the fixture's vehicle of the mode in bits 2-3 accepts it).  The
 * rest is the message.  Properties, beyond "no crash, no sanitizer
 * report, no leak": a rejected message produces no output; an RA that
 * accepted a request forwards a non-empty batch.
 */
#include <stdint.h>
#include <stdlib.h>

#include "scms_fixture.h"
#include "v2x/scms/scms_inner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static scms_fixture fx;
static int ready;

/*
 * The RA expands a butterfly request into i_count * j_count cocoon keys,
 * one P-256 point operation each, up to PQS_SCMS_MAX_CERTS by design: tens
 * of seconds under ASan, which libFuzzer would report as a hang.  Requests
 * for more than 64 certificates are skipped (decoding them is still fuzzed
 * by fuzz_diff_reencode).
 */
static int request_too_costly(const uint8_t *msg, size_t len)
{
	scms_bfk_req bfk;
	scms_pqc_req pqc;
	if (pqs_scms_bfk_req_decode(&bfk, msg, len) == PQS_OK)
		return (uint64_t)bfk.i_count * bfk.j_count > 64;
	if (pqs_scms_pqc_req_decode(&pqc, msg, len) == PQS_OK)
		return (uint64_t)pqc.i_count * pqc.j_count > 64;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!ready) {
		/* The same roles and provisionings as gen_fuzz_corpus: the vehicles then hold the keys of the seeds. */
		if (scms_fixture_build(&fx) != PQS_OK)
			abort();
		for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++) {
			uint8_t *msg[SCMS_MSGS];
			size_t len[SCMS_MSGS];
			if (scms_fixture_flow(&fx, m, msg, len) != PQS_OK)
				abort();
			for (int k = 0; k < SCMS_MSGS; k++)
				free(msg[k]);
		}
		ready = 1;
	}
	if (size < 1)
		return 0;
	const uint8_t *msg = data + 1;
	size_t len = size - 1;
	uint8_t *out = NULL;
	size_t out_len = 0;
	pqs_scms_ra *ra = NULL;
	int e;
	switch (data[0] % SCMS_MSGS) {
	case SCMS_MSG_REQUEST:
		if (request_too_costly(msg, len))
			break;
		ra = pqs_scms_ra_new(&fx.drbg.rng);
		if (!ra)
			abort();
		if (pqs_scms_ra_receive(ra, msg, len) == PQS_OK &&
		    (pqs_scms_ra_forward(ra, &out, &out_len) != PQS_OK || out_len == 0))
			abort();
		break;
	case SCMS_MSG_BATCH:
		e = pqs_scms_aca_process(fx.aca, msg, len, &out, &out_len);
		if (e != PQS_OK && out != NULL)
			abort();
		break;
	case SCMS_MSG_RESPONSES:
		ra = pqs_scms_ra_new(&fx.drbg.rng);
		if (!ra)
			abort();
		pqs_scms_ra_deliver(ra, msg, len);
		break;
	default:
		e = pqs_scms_vehicle_accept(fx.vehicle[(data[0] >> 2) % SCMS_FIXTURE_MODES], msg, len);
		(void)e;
		break;
	}
	free(out);
	pqs_scms_ra_free(ra);
	return 0;
}
