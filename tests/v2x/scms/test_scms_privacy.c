/*
 * What the RA can compute from what it received.
 *
 * The RA's view is exactly the bytes it received or produced: every
 * vehicle's provisioning request (with the sender's enrollment id), the
 * shuffled batch it sent to the ACA, and the ACA's response batch.  Three
 * vehicles share each run, so a link has to pick the right vehicle.
 *
 *  - Path (a), PQC public keys in clear: the test, playing the RA, finds
 *    each issued certificate's public key in exactly one vehicle's request
 *    and so links every certificate to its vehicle's enrollment id; the
 *    certificates themselves also pass through the RA in clear.
 *  - Butterfly (original and unified, explicit and implicit, ECDSA and
 *    ML-DSA ACA) and path (b): the test searches the RA's view for each
 *    issued certificate's key (its x-coordinate, or the whole PQC key),
 *    for each certificate's bytes, and compares every key the RA can
 *    compute - all cocoon keys A + f_k(i,j)*G of all vehicles - with every
 *    certificate key.  It finds no match.  Positive controls show the same
 *    search does find what is there (the cocoon keys in the RA's own
 *    forward batch, the key inside its certificate).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"
#include "scms_testlib.h"
#include "testutil.h"
#include "v2x/scms/scms_inner.h"

#define VEH 3
#define CERTS 6
#define PER_WEEK 3

/* The RA's view as a list of byte strings. */
typedef struct {
	const uint8_t *part[VEH + 2];
	size_t len[VEH + 2];
	int n;
} ra_view;

static void view_of(const pqs_scms_flow_result *r, ra_view *v)
{
	v->n = 0;
	for (uint32_t k = 0; k < r->n_vehicles; k++) {
		v->part[v->n] = r->requests[k];
		v->len[v->n++] = r->request_len[k];
	}
	v->part[v->n] = r->ra_batch;
	v->len[v->n++] = r->ra_batch_len;
	v->part[v->n] = r->aca_batch;
	v->len[v->n++] = r->aca_batch_len;
}

/* Index of the view part holding needle, -1 if none, -2 if several. */
static int find_in_view(const ra_view *v, const uint8_t *needle, size_t n)
{
	int where = -1;
	for (int p = 0; p < v->n; p++)
		if (st_contains(v->part[p], v->len[p], needle, n))
			where = where == -1 ? p : -2;
	return where;
}

/* The certificate's own key bytes: verificationKey (explicit) or reconstructionValue (implicit). */
static int cert_key(const uint8_t *cert, size_t len, uint8_t *key, size_t *key_len)
{
	static v2x_cert d;
	if (cert[2] == 1) { /* implicit: ... 0x81 0x82/0x83 x */
		key[0] = (uint8_t)(cert[len - 33] - 0x80);
		memcpy(key + 1, cert + len - 32, 32);
		*key_len = 33;
		return 0;
	}
	if (pqs_v2x_cert_decode(&d, cert, len) != 0)
		return -1;
	memcpy(key, d.pk, d.pk_len);
	*key_len = d.pk_len;
	return 0;
}

/* Every cocoon key the RA can compute from the butterfly requests it received. */
static uint8_t (*ra_cocoons(const pqs_scms_flow_result *r, size_t *n))[33]
{
	uint8_t(*out)[33] = malloc((size_t)VEH * CERTS * 2 * 33);
	*n = 0;
	for (uint32_t v = 0; v < r->n_vehicles; v++) {
		scms_bfk_req q;
		TU_CHECK(pqs_scms_bfk_req_decode(&q, r->requests[v], r->request_len[v]) == PQS_OK,
			 "RA cannot decode request");
		for (uint32_t i = q.i_start; i < q.i_start + q.i_count; i++)
			for (uint32_t j = 0; j < q.j_count; j++) {
				TU_CHECK(pqs_bke_cocoon_public(out[(*n)++], q.A_sign, q.k_sign, i, j, PQS_BKE_SIGN) == 0, "B");
				if (!q.unified)
					TU_CHECK(pqs_bke_cocoon_public(out[(*n)++], q.A_enc, q.k_enc, i, j, PQS_BKE_ENC) == 0, "B_enc");
			}
	}
	return out;
}

static void butterfly_unlinkable(pqs_scms_mode mode, pqs_scms_cert_type ct, const char *ca)
{
	pqs_scms_flow_result r;
	if (!st_flow(&r, mode, ct, ca, NULL, CERTS, PER_WEEK, VEH))
		return;
	ra_view view;
	view_of(&r, &view);
	size_t ncoc = 0;
	uint8_t(*coc)[33] = ra_cocoons(&r, &ncoc);
	size_t matches = 0, searched = 0, controls = 0;
	for (size_t c = 0; c < ncoc; c++) /* control: the RA's forward batch carries its cocoon keys */
		controls += st_contains(r.ra_batch, r.ra_batch_len, coc[c] + 1, 32);
	for (uint32_t v = 0; v < VEH; v++) {
		for (size_t k = 0; k < pqs_scms_vehicle_cert_count(r.vehicle[v]); k++) {
			const uint8_t *cert, *pk, *sk;
			size_t cert_len, pk_len, sk_len, ck_len;
			uint32_t i, j;
			uint8_t ck[V2X_MAX_PK];
			pqs_scms_vehicle_cert(r.vehicle[v], k, &cert, &cert_len, &i, &j, &pk, &pk_len, &sk, &sk_len);
			TU_CHECK(cert_key(cert, cert_len, ck, &ck_len) == 0 && ck_len == 33, "certificate key");
			TU_CHECK(st_contains(cert, cert_len, ck + 1, 32), "control: key not found in its own certificate");
			/* Byte search: final key, the key in the certificate, and the certificate. */
			matches += find_in_view(&view, pk + 1, 32) != -1;
			matches += find_in_view(&view, ck + 1, 32) != -1;
			matches += find_in_view(&view, cert, cert_len) != -1;
			/* Everything the RA can compute: no cocoon key is a certificate key. */
			for (size_t c = 0; c < ncoc; c++)
				matches += memcmp(coc[c], pk, 33) == 0 || memcmp(coc[c], ck, 33) == 0;
			searched++;
		}
	}
	TU_CHECK(searched == VEH * CERTS, "searched %zu certificates", searched);
	TU_CHECK(controls == ncoc, "control: %zu of %zu cocoon keys found in the forward batch", controls, ncoc);
	TU_CHECK(matches == 0, "mode %d type %d CA %s: %zu matches between the RA's view and certificates",
	         (int)mode, (int)ct, ca, matches);
	printf("butterfly mode %d %s CA %-18s: %zu certificates of %d vehicles, %zu RA-computable cocoon keys, "
	       "%zu matches in the RA's view\n",
	       (int)mode, ct ? "implicit" : "explicit", ca, searched, VEH, ncoc, matches);
	free(coc);
	pqs_scms_flow_free(&r);
}

static void pqc_paths(const char *alg)
{
	pqs_scms_flow_result r;
	/* Path (a): the RA links. */
	if (!st_flow(&r, PQS_SCMS_PQC_PLAIN, PQS_SCMS_EXPLICIT, alg, alg, CERTS, PER_WEEK, VEH))
		return;
	ra_view view;
	view_of(&r, &view);
	size_t linked = 0, certs_seen = 0, total = 0;
	for (uint32_t v = 0; v < VEH; v++) {
		for (size_t k = 0; k < pqs_scms_vehicle_cert_count(r.vehicle[v]); k++) {
			const uint8_t *cert, *pk, *sk;
			size_t cert_len, pk_len, sk_len;
			uint32_t i, j;
			pqs_scms_vehicle_cert(r.vehicle[v], k, &cert, &cert_len, &i, &j, &pk, &pk_len, &sk, &sk_len);
			/* The RA's link: which received request holds this certificate's key?  Its sender's
			 * enrollment id (bytes 5..12 of a PQC request) names the vehicle. */
			ra_view reqs = view;
			reqs.n = VEH; /* the requests only: the key is in the RA's forward batch too */
			int where = find_in_view(&reqs, pk, pk_len);
			if (where >= 0 && where < VEH) {
				scms_pqc_req q;
				TU_CHECK(pqs_scms_pqc_req_decode(&q, r.requests[where], r.request_len[where]) == 0,
					 "decode");
				linked += memcmp(q.enrollment_id, pqs_scms_vehicle_enrollment_id(r.vehicle[v]), 8) == 0;
			}
			certs_seen += st_contains(r.aca_batch, r.aca_batch_len, cert, cert_len);
			total++;
		}
	}
	TU_CHECK(total == VEH * CERTS && linked == total, "path (a) %s: RA linked %zu of %zu certificates", alg, linked,
	         total);
	TU_CHECK(certs_seen == total, "path (a) %s: RA saw %zu of %zu certificates in clear", alg, certs_seen, total);
	printf("path (a) %-18s: RA links %zu/%zu certificates to the right enrollment id; %zu certificates pass in "
	       "clear\n",
	       alg, linked, total, certs_seen);
	pqs_scms_flow_free(&r);

	/* Path (b): nothing to link. */
	if (!st_flow(&r, PQS_SCMS_PQC_ENCRYPTED, PQS_SCMS_EXPLICIT, alg, alg, CERTS, PER_WEEK, VEH))
		return;
	view_of(&r, &view);
	size_t matches = 0;
	total = 0;
	for (uint32_t v = 0; v < VEH; v++) {
		for (size_t k = 0; k < pqs_scms_vehicle_cert_count(r.vehicle[v]); k++) {
			const uint8_t *cert, *pk, *sk;
			size_t cert_len, pk_len, sk_len;
			uint32_t i, j;
			pqs_scms_vehicle_cert(r.vehicle[v], k, &cert, &cert_len, &i, &j, &pk, &pk_len, &sk, &sk_len);
			TU_CHECK(st_contains(cert, cert_len, pk, pk_len), "control: key not in its certificate");
			/* Whole key, and every 32-byte window of it (a partial leak counts too). */
			for (size_t off = 0; off + 32 <= pk_len; off += 32)
				matches += find_in_view(&view, pk + off, 32) != -1;
			matches += find_in_view(&view, cert, cert_len) != -1;
			total++;
		}
	}
	TU_CHECK(total == VEH * CERTS, "path (b): %zu certificates", total);
	TU_CHECK(matches == 0, "path (b) %s: %zu matches in the RA's view", alg, matches);
	printf("path (b) %-18s: %zu certificates, %zu matches of keys or certificates in the RA's view\n", alg, total,
	       matches);
	pqs_scms_flow_free(&r);
}

/*
 * What the ACA sees: the RA's batch must not be grouped by vehicle.  The test labels each request in
 * the batch with its vehicle (through the cocoon keys, which only the RA and the test can compute)
 * and checks the labels are not in arrival order.  A uniform shuffle of 3 x 6 requests keeps the
 * arrival order with probability (6!)^3 / 18! < 10^-7.
 */
static void shuffled_for_aca(void)
{
	pqs_scms_flow_result r;
	if (!st_flow(&r, PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_EXPLICIT, "ECDSA-P256", NULL, CERTS, PER_WEEK, VEH))
		return;
	size_t ncoc = 0;
	uint8_t(*coc)[33] = ra_cocoons(&r, &ncoc); /* vehicle v's keys are entries v*CERTS .. v*CERTS+CERTS-1 */
	scms_list l;
	TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, r.ra_batch, r.ra_batch_len) == 0 && l.count == VEH * CERTS,
		 "forward batch");
	int grouped = 1, labelled = 0, prev = 0;
	for (uint32_t k = 0; k < l.count; k++) {
		scms_cert_req q;
		if (pqs_scms_cert_req_decode(&q, l.item[k], l.item_len[k]) != 0)
			continue;
		for (size_t c = 0; c < ncoc; c++)
			if (memcmp(coc[c], q.B_sign, 33) == 0) {
				int v = (int)(c / CERTS);
				grouped &= v >= prev;
				prev = v;
				labelled++;
			}
	}
	TU_CHECK(labelled == VEH * CERTS, "labelled %d requests", labelled);
	TU_CHECK(!grouped, "the ACA receives the requests grouped by vehicle");
	printf("ACA's batch: %d requests of %d vehicles, not in arrival order\n", labelled, VEH);
	pqs_scms_list_free(&l);
	free(coc);
	pqs_scms_flow_free(&r);
}

int main(void)
{
	shuffled_for_aca();
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_ORIGINAL, PQS_SCMS_EXPLICIT, "ECDSA-P256");
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_EXPLICIT, "ECDSA-P256");
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_ORIGINAL, PQS_SCMS_IMPLICIT, "ECDSA-P256");
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_IMPLICIT, "ECDSA-P256");
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_EXPLICIT, "ML-DSA-44");
	butterfly_unlinkable(PQS_SCMS_BUTTERFLY_UNIFIED, PQS_SCMS_EXPLICIT, "Falcon-padded-512");
	pqc_paths("ML-DSA-44");
	pqc_paths("Falcon-padded-512");
	return tu_finish("test_scms_privacy");
}
