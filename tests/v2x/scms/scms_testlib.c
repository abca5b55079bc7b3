#include "scms_testlib.h"

#include <stdio.h>
#include <string.h>

#include "pqsig/v2x.h"
#include "testutil.h"

int st_available(const char *name)
{
	const v2x_alg *a = pqs_v2x_alg_find(name);
	if (!a || !pqs_v2x_alg_class(a)) {
		/* every scheme these tests name is in this build: one that drops out fails, not skips */
		TU_CHECK(0, "%s is not registered in this build", name);
		return 0;
	}
	return 1;
}

int st_flow(pqs_scms_flow_result *r, pqs_scms_mode mode, pqs_scms_cert_type ct, const char *ca, const char *pqc,
            uint32_t certs, uint32_t per_week, uint32_t vehicles)
{
	memset(r, 0, sizeof *r);
	if (!st_available(ca) || (pqc && !st_available(pqc)))
		return 0;
	pqs_scms_flow_cfg cfg = { .mode = mode, .cert_type = ct, .ca_alg = ca, .pqc_alg = pqc, .certs = certs,
		                      .per_week = per_week, .vehicles = vehicles, .keep = 1 };
	int rc = pqs_scms_flow_run(&cfg, r, NULL);
	TU_CHECK(rc == PQS_OK, "flow mode %d type %d CA %s PQC %s: %s", (int)mode, (int)ct, ca, pqc ? pqc : "-",
	         pqs_scms_strerror(rc));
	return rc == PQS_OK;
}

int st_spdu_roundtrip(const pqs_scms_flow_result *r, const pqs_scms_vehicle *v, size_t idx)
{
	const uint8_t *cert, *pk, *sk;
	size_t cert_len, pk_len, sk_len, root_len, aca_len;
	uint32_t i, j;
	int rc = pqs_scms_vehicle_cert(v, idx, &cert, &cert_len, &i, &j, &pk, &pk_len, &sk, &sk_len);
	if (rc != PQS_OK)
		return rc;
	static v2x_cert dec;
	static v2x_key key;
	rc = pqs_v2x_cert_decode(&dec, cert, cert_len);
	if (rc == V2X_OK)
		rc = pqs_v2x_key_load(&key, dec.key_alg, pk, pk_len, sk, sk_len);
	v2x_store *store = pqs_v2x_store_new(4);
	const uint8_t *root = pqs_scms_aca_root_cert(r->aca, &root_len);
	const uint8_t *aca = pqs_scms_aca_cert(r->aca, &aca_len);
	if (rc == V2X_OK)
		rc = store ? pqs_v2x_store_add_root(store, root, root_len) : V2X_ERR_NOMEM;
	if (rc == V2X_OK)
		rc = pqs_v2x_store_add_cert(store, aca, aca_len);
	v2x_signer s;
	if (rc == V2X_OK)
		rc = pqs_v2x_signer_init(&s, &key, cert, cert_len, V2X_SIGNER_CERT, NULL);
	/* the attached certificate (up to V2X_MAX_CERT: an SLH-DSA-128f CA) plus header, payload, signature */
	uint8_t spdu[V2X_MAX_CERT + 8192], payload[100];
	size_t spdu_len = 0;
	memset(payload, 0x5a, sizeof payload);
	/* generationTime one hour into the certificate's week (Time64 = Time32 seconds * 10^6). */
	uint64_t gen = ((uint64_t)dec.start + 3600u) * 1000000u;
	if (rc == V2X_OK)
		rc = pqs_v2x_spdu_sign(&s, 0x20, gen, payload, sizeof payload, spdu, sizeof spdu, &spdu_len);
	if (rc == V2X_OK) {
		v2x_verify_ctx vc;
		pqs_v2x_verify_ctx_init(&vc, store, NULL, 0);
		rc = pqs_v2x_spdu_verify(&vc, spdu, spdu_len, NULL);
	}
	pqs_v2x_key_clear(&key);
	pqs_v2x_store_free(store);
	return rc;
}

int st_contains(const uint8_t *hay, size_t h, const uint8_t *needle, size_t n)
{
	if (n == 0 || n > h)
		return 0;
	for (size_t k = 0; k + n <= h; k++)
		if (hay[k] == needle[0] && memcmp(hay + k, needle, n) == 0)
			return 1;
	return 0;
}
