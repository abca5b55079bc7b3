/*
 * `pqsig scms` helpers shared by the command (tools/cmd_scms.c) and its
 * report section (tools/report_scms.c): profile names and one measured
 * run per profile.
 *
 * Profile names:
 *   original[:CA], unified[:CA]              ECDSA vehicle, butterfly keys, explicit certificates
 *   original-implicit, unified-implicit      the same with implicit (ECQV) certificates, ECDSA-P256 ACA
 *   pqc-plain:ALG[/CA], pqc-encrypted:ALG[/CA]  one PQC key per certificate, path (a) / path (b);
 *                                            the ACA signs with CA (default: ALG itself)
 *   all, seed                                lists (every CA scheme / the seed's comparison)
 * Scheme names are V2X names or registry names ("ECDSA", "FN-DSA-512", "ML-DSA-44", "ECDSA+ML-DSA-44").
 */
#ifndef PQSIG_TOOLS_SCMS_TOOL_H
#define PQSIG_TOOLS_SCMS_TOOL_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/scms.h"

#define SCMS_PROFILE_MAX 64

typedef struct {
	char name[96];            /* as given or expanded */
	pqs_scms_mode mode;
	pqs_scms_cert_type cert_type;
	const char *ca;           /* registry name */
	const char *pqc;          /* registry name, PQC modes */
	const char *vehicle_v2x;  /* V2X name of the vehicle's certificate key ("ECDSA", "ML-DSA-44", ...) */
	const char *ca_v2x;
} scms_profile;

/* Expand a comma-separated list of profile names; prints one error line and returns CLI_ERROR on a bad name. */
int scms_profiles_parse(const char *spec, scms_profile *out, size_t max, size_t *n);

/* Run one profile: certs per vehicle, vehicles mixed by the RA, the ACA on workers threads (0: one per
 * core).  Prints one error line on failure. */
int scms_profile_run(const scms_profile *p, uint32_t certs, uint32_t vehicles, unsigned workers,
		     pqs_scms_flow_result *r);

/* Sizes at certs computed exactly from small runs (pqs_scms_flow_sizes_at); CPU times of a
 * PQS_SCMS_SIZES_CPU_CERTS run.  certs < 20 runs directly. */
int scms_profile_sizes_at(const scms_profile *p, uint32_t certs, pqs_scms_flow_result *r);

#endif
