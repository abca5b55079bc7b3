/*
 * End-to-end issuance for every CA scheme this build registers (and that
 * IEEE 1609.2 can carry): two vehicles, each with 4 certificates in 2
 * periods, through vehicle -> RA -> ACA -> RA -> vehicle.  For explicit
 * certificates every derived private key signs a 1609.2 SPDU with its
 * pseudonym certificate attached, and the V2X stack verifies it against the
 * root (chain: pseudonym -> ACA -> root), which checks the certificate's
 * signature under the ACA certificate too.  Implicit certificates (ECQV,
 * ECDSA-P256 ACA only) are outside the V2X stack's verifier, so for those
 * the test reconstructs each public key from the certificate bytes alone
 * (Q = e*P_U + Q_ACA) and checks an ECDSA signature by the derived key
 * under it.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/sha.h>

#include "pqsig/ecdsa.h"
#include "pqsig/v2x.h"
#include "scms_testlib.h"
#include "testutil.h"

#define CERTS 4
#define PER_WEEK 2
#define VEHICLES 2

static unsigned long spdus_ok, implicit_ok;

static void check_explicit_flow(pqs_scms_mode mode, const char *ca, const char *pqc)
{
	pqs_scms_flow_result r;
	if (!st_flow(&r, mode, PQS_SCMS_EXPLICIT, ca, pqc, CERTS, PER_WEEK, VEHICLES))
		return;
	size_t ok = 0;
	for (uint32_t v = 0; v < VEHICLES; v++) {
		size_t n = pqs_scms_vehicle_cert_count(r.vehicle[v]);
		TU_CHECK(n == CERTS, "%s: vehicle %u has %zu certificates", ca, v, n);
		for (size_t k = 0; k < n; k++) {
			int rc = st_spdu_roundtrip(&r, r.vehicle[v], k);
			TU_CHECK(rc == 0, "mode %d CA %s cert %zu: SPDU does not verify: %s", (int)mode, ca, k,
			         pqs_scms_strerror(rc));
			ok += rc == 0;
		}
	}
	spdus_ok += ok;
	printf("mode %d CA %-30s vehicle %-18s: %zu/%d SPDUs verify\n", (int)mode, ca, pqc ? pqc : "ECDSA-P256 (butterfly)",
	       ok, CERTS * VEHICLES);
	pqs_scms_flow_free(&r);
}

static void check_implicit_flow(pqs_scms_mode mode)
{
	pqs_scms_flow_result r;
	if (!st_flow(&r, mode, PQS_SCMS_IMPLICIT, "ECDSA-P256", NULL, CERTS, PER_WEEK, VEHICLES))
		return;
	const pqs_sig_class *p256 = pqs_sig_find("ECDSA-P256");
	size_t aca_len;
	const uint8_t *aca = pqs_scms_aca_cert(r.aca, &aca_len);
	static v2x_cert aca_dec;
	TU_CHECK(pqs_v2x_cert_decode(&aca_dec, aca, aca_len) == 0, "ACA certificate does not decode");
	uint8_t aca_hash[32];
	SHA256(aca, aca_len, aca_hash);
	for (uint32_t v = 0; v < VEHICLES; v++) {
		size_t n = pqs_scms_vehicle_cert_count(r.vehicle[v]);
		TU_CHECK(n == CERTS, "implicit: vehicle %u has %zu certificates", v, n);
		for (size_t k = 0; k < n; k++) {
			const uint8_t *cert, *pk, *sk;
			size_t cert_len, pk_len, sk_len;
			uint32_t i, j;
			pqs_scms_vehicle_cert(r.vehicle[v], k, &cert, &cert_len, &i, &j, &pk, &pk_len, &sk, &sk_len);
			/* The verifier's side: e from the certificate, P_U from its last 33 bytes (after tag 0x81). */
			uint8_t e[32], PU[33], Q[33], digest[32], sig[64];
			TU_CHECK(cert_len > 46 && cert[2] == 1 && cert[cert_len - 34] == 0x81, "not an implicit certificate");
			PU[0] = (uint8_t)(cert[cert_len - 33] - 0x80);
			memcpy(PU + 1, cert + cert_len - 32, 32);
			int ok = pqs_ecqv_hash(e, cert + 12, cert_len - 12, aca_hash) == PQS_OK &&
			         pqs_ecqv_public(Q, e, PU, aca_dec.pk) == PQS_OK && memcmp(Q, pk, 33) == 0;
			TU_CHECK(ok, "implicit cert %zu: reconstructed key differs from the vehicle's", k);
			SHA256(cert, cert_len, digest);
			ok = ok && pqs_ecdsa_sign_digest(p256, sig, digest, 32, sk) == PQS_OK &&
			     pqs_ecdsa_verify_digest(p256, sig, digest, 32, Q) == PQS_OK;
			TU_CHECK(ok, "implicit cert %zu: derived key does not sign under the reconstructed key", k);
			/* the V2X verifier reconstructs the key itself from the attached implicit certificate */
			int rc = st_spdu_roundtrip(&r, r.vehicle[v], k);
			TU_CHECK(rc == 0, "implicit cert %zu: SPDU does not verify: %s", k, pqs_scms_strerror(rc));
			implicit_ok += ok && rc == 0;
		}
	}
	printf("mode %d implicit (ECQV), CA ECDSA-P256: %d certificates reconstructed, signing and verifying in "
	       "SPDUs\n",
	       (int)mode, CERTS * VEHICLES);
	pqs_scms_flow_free(&r);
}

/* The report's exact sizes for 3120 certificates come from runs at 20, 40, 60: compare with a real run. */
static void check_sizes_extrapolation(pqs_scms_mode mode, const char *ca, const char *pqc)
{
	if (!st_available(ca) || (pqc && !st_available(pqc)))
		return;
	pqs_scms_flow_cfg cfg = { .mode = mode, .ca_alg = ca, .pqc_alg = pqc, .certs = 100, .per_week = 20,
		                      .vehicles = 1 };
	pqs_scms_flow_result real, est;
	TU_CHECK(pqs_scms_flow_run(&cfg, &real, NULL) == PQS_OK, "run at 100");
	TU_CHECK(pqs_scms_flow_sizes_at(&cfg, 100, &est, NULL) == PQS_OK, "sizes at 100");
	TU_CHECK(real.certs == 100 && est.certs == 100, "certs");
	TU_CHECK(real.upload_key_bytes == est.upload_key_bytes && real.upload_request_bytes == est.upload_request_bytes &&
	             real.download_bytes == est.download_bytes && real.ra_to_aca_bytes == est.ra_to_aca_bytes &&
	             real.aca_to_ra_bytes == est.aca_to_ra_bytes,
	         "mode %d CA %s: extrapolated sizes differ from a real run (download %zu vs %zu)", (int)mode, ca,
	         est.download_bytes, real.download_bytes);
	printf("sizes at 100 certificates, mode %d CA %s: extrapolation equals the real run (download %zu B)\n",
	       (int)mode, ca, real.download_bytes);
}

int main(void)
{
	check_sizes_extrapolation(PQS_SCMS_BUTTERFLY_UNIFIED, "ECDSA-P256", NULL);
	check_sizes_extrapolation(PQS_SCMS_PQC_ENCRYPTED, "ML-DSA-44", "ML-DSA-44");
	/* Every CA scheme: ECDSA vehicle keys through butterfly expansion, both variants. */
	for (size_t a = 0; a < pqs_v2x_alg_count(); a++) {
		const v2x_alg *alg = pqs_v2x_alg_at(a);
		check_explicit_flow(PQS_SCMS_BUTTERFLY_UNIFIED, alg->registry_name, NULL);
		check_explicit_flow(PQS_SCMS_BUTTERFLY_ORIGINAL, alg->registry_name, NULL);
	}
	check_implicit_flow(PQS_SCMS_BUTTERFLY_ORIGINAL);
	check_implicit_flow(PQS_SCMS_BUTTERFLY_UNIFIED);
	/* PQC vehicles, paths (a) and (b), with a PQC ACA and with an ECDSA ACA. */
	const char *pqc[] = { "ML-DSA-44", "Falcon-padded-512" };
	for (int p = 0; p < 2; p++) {
		check_explicit_flow(PQS_SCMS_PQC_PLAIN, pqc[p], pqc[p]);
		check_explicit_flow(PQS_SCMS_PQC_ENCRYPTED, pqc[p], pqc[p]);
		check_explicit_flow(PQS_SCMS_PQC_ENCRYPTED, "ECDSA-P256", pqc[p]);
	}
	/* An implicit certificate needs a P-256 ACA key: any other CA scheme is refused, not faked. */
	if (st_available("ML-DSA-44")) {
		pqs_scms_flow_cfg cfg = { .mode = PQS_SCMS_BUTTERFLY_UNIFIED, .cert_type = PQS_SCMS_IMPLICIT,
			                      .ca_alg = "ML-DSA-44", .certs = 2, .vehicles = 1 };
		pqs_scms_flow_result r;
		TU_CHECK(pqs_scms_flow_run(&cfg, &r, NULL) == PQS_ERR_UNSUPPORTED, "implicit with an ML-DSA ACA accepted");
	}
	printf("%lu SPDUs signed with derived keys verified, %lu implicit certificates checked\n", spdus_ok, implicit_ok);
	TU_CHECK(spdus_ok >= 2u * 2 * CERTS * VEHICLES, "too few schemes ran");
	return tu_finish("test_scms_e2e");
}
