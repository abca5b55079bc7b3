/*
 * Helpers shared by the SCMS tests: run a kept flow, list the CA schemes
 * this build can put in a 1609.2 certificate, and sign-and-verify an SPDU
 * with a vehicle's certificate.
 */
#ifndef PQSIG_TEST_SCMS_LIB_H
#define PQSIG_TEST_SCMS_LIB_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/scms.h"

/* Run a flow with keep = 1; prints a skip line and returns 0 if an algorithm is not registered, 1 on success. */
int st_flow(pqs_scms_flow_result *r, pqs_scms_mode mode, pqs_scms_cert_type ct, const char *ca, const char *pqc,
            uint32_t certs, uint32_t per_week, uint32_t vehicles);

/* Is a registry scheme registered (and, for V2X use, carried by 1609.2)?  If not, a failed check (no skip). */
int st_available(const char *name);

/* Sign an SPDU with certificate idx of vehicle v and verify it against the flow's root and ACA
 * certificates with the V2X stack.  Returns the v2x result (0 = valid). */
int st_spdu_roundtrip(const pqs_scms_flow_result *r, const pqs_scms_vehicle *v, size_t idx);

/* Does needle (n bytes) occur anywhere in hay (h bytes)? */
int st_contains(const uint8_t *hay, size_t h, const uint8_t *needle, size_t n);

#endif
