/*
 * Regression test for a defect fuzz_scms_decode found (UBSan): an RA that
 * had forwarded nothing passed its NULL routing table to bsearch when a
 * response batch was delivered to it.  The batch must be refused with
 * PQS_SCMS_ERR_UNKNOWN_REQUEST (and, in the ASan+UBSan build, without
 * undefined behaviour), for the response batch of every mode.
 */
#include <stdlib.h>

#include "scms_fixture.h"
#include "testutil.h"

int main(void)
{
	scms_fixture fx;
	TU_CHECK(scms_fixture_build(&fx) == PQS_OK, "fixture built");
	for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++) {
		uint8_t *msg[SCMS_MSGS];
		size_t len[SCMS_MSGS];
		TU_CHECK(scms_fixture_flow(&fx, m, msg, len) == PQS_OK, "mode %u: provisioning", m);
		if (!msg[SCMS_MSG_RESPONSES])
			continue;
		pqs_scms_ra *fresh = pqs_scms_ra_new(&fx.drbg.rng);
		int e = pqs_scms_ra_deliver(fresh, msg[SCMS_MSG_RESPONSES], len[SCMS_MSG_RESPONSES]);
		TU_CHECK(e == PQS_SCMS_ERR_UNKNOWN_REQUEST, "mode %u: responses to an RA that forwarded nothing refused (%s)", m,
		         pqs_scms_strerror(e));
		pqs_scms_ra_free(fresh);
		for (int k = 0; k < SCMS_MSGS; k++)
			free(msg[k]);
	}
	scms_fixture_free(&fx);
	return tu_finish("test_fuzz_found_scms_deliver_unforwarded");
}
