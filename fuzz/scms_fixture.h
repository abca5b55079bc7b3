/*
 * A deterministic SCMS (ACA, one vehicle per provisioning mode) for the
 * SCMS fuzzer and its seed generator: the fuzzer's vehicles are the ones
 * the stored downloads were made for, so accepting a download gets past
 * the decoder into decryption and key checks.
 */
#ifndef PQSIG_FUZZ_SCMS_FIXTURE_H
#define PQSIG_FUZZ_SCMS_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "nist_drbg.h"
#include "pqsig/scms.h"

#define SCMS_FIXTURE_MODES 4 /* pqs_scms_mode values 0..3 */

/* The messages of one provisioning, in flow order. */
enum { SCMS_MSG_REQUEST, SCMS_MSG_BATCH, SCMS_MSG_RESPONSES, SCMS_MSG_DOWNLOAD, SCMS_MSGS };

typedef struct {
	pqs_drbg drbg;
	pqs_scms_aca *aca;
	pqs_scms_vehicle *vehicle[SCMS_FIXTURE_MODES];
} scms_fixture;

int scms_fixture_build(scms_fixture *f);
/* Run one provisioning for the vehicle of mode; msg[k] are malloc'd (free with free()). */
int scms_fixture_flow(scms_fixture *f, unsigned mode, uint8_t *msg[SCMS_MSGS], size_t len[SCMS_MSGS]);
void scms_fixture_free(scms_fixture *f);

#endif
