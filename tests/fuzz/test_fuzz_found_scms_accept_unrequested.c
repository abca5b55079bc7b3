/*
 * Regression test for a crash fuzz_scms_decode found: a vehicle that never
 * made its request was handed a valid download for its mode and
 * dereferenced its (not yet allocated) key table.  It must refuse the
 * download with PQS_SCMS_ERR_UNKNOWN_REQUEST instead, for every mode.
 */
#include <stdlib.h>

#include "scms_fixture.h"
#include "testutil.h"

int main(void)
{
	scms_fixture made, fresh;
	TU_CHECK(scms_fixture_build(&made) == PQS_OK && scms_fixture_build(&fresh) == PQS_OK, "fixtures built");
	for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++) {
		uint8_t *msg[SCMS_MSGS];
		size_t len[SCMS_MSGS];
		TU_CHECK(scms_fixture_flow(&made, m, msg, len) == PQS_OK, "mode %u: provisioning", m);
		if (!msg[SCMS_MSG_DOWNLOAD])
			continue;
		int e = pqs_scms_vehicle_accept(fresh.vehicle[m], msg[SCMS_MSG_DOWNLOAD], len[SCMS_MSG_DOWNLOAD]);
		TU_CHECK(e == PQS_SCMS_ERR_UNKNOWN_REQUEST && pqs_scms_vehicle_cert_count(fresh.vehicle[m]) == 0,
		         "mode %u: download to a vehicle that made no request refused (%s)", m, pqs_scms_strerror(e));
		TU_CHECK(pqs_scms_vehicle_accept(made.vehicle[m], msg[SCMS_MSG_DOWNLOAD], len[SCMS_MSG_DOWNLOAD]) == PQS_OK,
		         "mode %u: the requesting vehicle accepts it", m);
		for (int k = 0; k < SCMS_MSGS; k++)
			free(msg[k]);
	}
	scms_fixture_free(&made);
	scms_fixture_free(&fresh);
	return tu_finish("test_fuzz_found_scms_accept_unrequested");
}
