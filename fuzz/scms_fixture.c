/* Deterministic SCMS roles (see scms_fixture.h). */
#include <stdlib.h>
#include <string.h>

#include "scms_fixture.h"

static const char *const pqc_alg = "ML-DSA-44";

int scms_fixture_build(scms_fixture *f)
{
	uint8_t seed[48] = "pqsig fuzz scms fixture, version 1";
	int err = 0;
	memset(f, 0, sizeof *f);
	pqs_drbg_init(&f->drbg, seed, NULL);
	const uint32_t start = 700000000u; /* Time32 in 2026 */
	f->aca = pqs_scms_aca_new("ECDSA-P256", start, &f->drbg.rng, &err);
	if (!f->aca)
		return err ? err : PQS_ERR_INTERNAL;
	size_t root_len, aca_len;
	const uint8_t *root = pqs_scms_aca_root_cert(f->aca, &root_len), *aca = pqs_scms_aca_cert(f->aca, &aca_len);
	uint8_t enc[33];
	pqs_scms_aca_enc_public(f->aca, enc);
	for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++) {
		pqs_scms_vehicle_cfg cfg = { .mode = (pqs_scms_mode)m,
			                     .cert_type = m == PQS_SCMS_BUTTERFLY_UNIFIED ? PQS_SCMS_IMPLICIT : PQS_SCMS_EXPLICIT,
			                     .pqc_alg = pqc_alg, .i_start = 1, .i_count = 1, .j_count = 2 };
		memset(cfg.enrollment_id, 0xE0 + (int)m, sizeof cfg.enrollment_id);
		f->vehicle[m] = pqs_scms_vehicle_new(&cfg, root, root_len, aca, aca_len, enc, &f->drbg.rng, &err);
		if (!f->vehicle[m]) {
			scms_fixture_free(f);
			return err ? err : PQS_ERR_INTERNAL;
		}
	}
	return PQS_OK;
}

int scms_fixture_flow(scms_fixture *f, unsigned mode, uint8_t *msg[SCMS_MSGS], size_t len[SCMS_MSGS])
{
	memset(msg, 0, SCMS_MSGS * sizeof *msg);
	if (mode >= SCMS_FIXTURE_MODES)
		return PQS_ERR_ARG;
	pqs_scms_ra *ra = pqs_scms_ra_new(&f->drbg.rng);
	size_t key_bytes;
	pqs_scms_vehicle *v = f->vehicle[mode];
	int e = ra ? pqs_scms_vehicle_request(v, &msg[SCMS_MSG_REQUEST], &len[SCMS_MSG_REQUEST], &key_bytes)
	           : PQS_ERR_INTERNAL;
	if (!e)
		e = pqs_scms_ra_receive(ra, msg[SCMS_MSG_REQUEST], len[SCMS_MSG_REQUEST]);
	if (!e)
		e = pqs_scms_ra_forward(ra, &msg[SCMS_MSG_BATCH], &len[SCMS_MSG_BATCH]);
	if (!e)
		e = pqs_scms_aca_process(f->aca, msg[SCMS_MSG_BATCH], len[SCMS_MSG_BATCH], &msg[SCMS_MSG_RESPONSES],
		                         &len[SCMS_MSG_RESPONSES]);
	if (!e)
		e = pqs_scms_ra_deliver(ra, msg[SCMS_MSG_RESPONSES], len[SCMS_MSG_RESPONSES]);
	if (!e)
		e = pqs_scms_ra_download(ra, pqs_scms_vehicle_enrollment_id(v), &msg[SCMS_MSG_DOWNLOAD],
		                         &len[SCMS_MSG_DOWNLOAD]);
	pqs_scms_ra_free(ra);
	if (e)
		for (int k = 0; k < SCMS_MSGS; k++) {
			free(msg[k]);
			msg[k] = NULL;
		}
	return e;
}

void scms_fixture_free(scms_fixture *f)
{
	for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++)
		pqs_scms_vehicle_free(f->vehicle[m]);
	pqs_scms_aca_free(f->aca);
	memset(f, 0, sizeof *f);
}
