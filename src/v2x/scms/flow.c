/*
 * The whole issuance flow with the roles wired together by byte strings
 * only, and each role's CPU time and each message's size measured:
 *   vehicles -> (provisioning requests) -> RA -> (shuffled batch) -> ACA
 *   ACA -> (response batch) -> RA -> (downloads) -> vehicles.
 * The ACA's PKI setup (root and ACA key generation) is not timed: it
 * happens once, not per vehicle.
 */
#include <stdlib.h>
#include <string.h>

#include "scms_inner.h"

void pqs_scms_flow_free(pqs_scms_flow_result *res)
{
	if (!res)
		return;
	for (size_t k = 0; res->vehicle && res->requests && k < res->n_vehicles; k++) {
		pqs_scms_vehicle_free(res->vehicle[k]);
		free(res->requests[k]);
	}
	free(res->vehicle);
	free(res->requests);
	free(res->request_len);
	free(res->aca_batch);
	free(res->ra_batch);
	pqs_scms_ra_free(res->ra);
	pqs_scms_aca_free(res->aca);
	memset(res, 0, sizeof *res);
}

int pqs_scms_flow_run(const pqs_scms_flow_cfg *cfg, pqs_scms_flow_result *res, pqs_rng *rng)
{
	if (!cfg || !res || cfg->certs == 0 || cfg->vehicles == 0 || cfg->certs > PQS_SCMS_MAX_CERTS ||
	    cfg->vehicles > 1024 || !cfg->ca_alg)
		return PQS_ERR_ARG;
	memset(res, 0, sizeof *res);
	uint32_t per = cfg->per_week ? cfg->per_week : 20;
	uint32_t j_count = per < cfg->certs ? per : cfg->certs;
	uint32_t i_count = (cfg->certs + j_count - 1) / j_count;
	uint32_t V = cfg->vehicles;
	int rc = PQS_OK;
	res->n_vehicles = V;
	res->certs = i_count * j_count;
	res->vehicle = calloc(V, sizeof *res->vehicle);
	res->requests = calloc(V, sizeof *res->requests);
	res->request_len = calloc(V, sizeof *res->request_len);
	if (!res->vehicle || !res->requests || !res->request_len)
		rc = PQS_ERR_NOMEM;

	/* PKI setup (not timed). */
	if (rc == PQS_OK)
		res->aca = pqs_scms_aca_new(cfg->ca_alg, 600000000u, rng, &rc);
	if (rc == PQS_OK && !(res->ra = pqs_scms_ra_new(rng)))
		rc = PQS_ERR_INTERNAL;
	size_t root_len = 0, aca_len = 0;
	const uint8_t *root = res->aca ? pqs_scms_aca_root_cert(res->aca, &root_len) : NULL;
	const uint8_t *aca = res->aca ? pqs_scms_aca_cert(res->aca, &aca_len) : NULL;
	uint8_t enc_pub[33] = { 0 };
	if (res->aca)
		pqs_scms_aca_enc_public(res->aca, enc_pub);

	/* Vehicles: keys and requests. */
	double t0 = pqs_scms_cpu_seconds(), tv = 0, tr = 0, ta = 0;
	for (uint32_t v = 0; v < V && rc == PQS_OK; v++) {
		pqs_scms_vehicle_cfg vc = { .mode = cfg->mode, .cert_type = cfg->cert_type, .pqc_alg = cfg->pqc_alg,
		                            .i_start = 0, .i_count = i_count, .j_count = j_count };
		rc = pqs_rng_fill(rng, vc.enrollment_id, 8);
		if (rc == PQS_OK)
			res->vehicle[v] = pqs_scms_vehicle_new(&vc, root, root_len, aca, aca_len, enc_pub, rng, &rc);
		size_t kb = 0;
		if (rc == PQS_OK)
			rc = pqs_scms_vehicle_request(res->vehicle[v], &res->requests[v], &res->request_len[v], &kb);
		res->upload_key_bytes = kb;
		res->upload_request_bytes = res->request_len[v];
	}
	double t1 = pqs_scms_cpu_seconds();
	tv += t1 - t0;

	/* RA: expand, shuffle, forward. */
	for (uint32_t v = 0; v < V && rc == PQS_OK; v++)
		rc = pqs_scms_ra_receive(res->ra, res->requests[v], res->request_len[v]);
	if (rc == PQS_OK)
		rc = pqs_scms_ra_forward(res->ra, &res->ra_batch, &res->ra_batch_len);
	double t2 = pqs_scms_cpu_seconds();
	tr += t2 - t1;

	/* ACA: issue and encrypt, on its worker pool (CPU time of all workers, and elapsed time). */
	const double w2 = pqs_scms_wall_seconds();
	if (rc == PQS_OK) {
		pqs_scms_aca_set_workers(res->aca, cfg->aca_workers);
		res->aca_workers = pqs_scms_aca_workers(res->aca, res->certs * V);
		rc = pqs_scms_aca_process(res->aca, res->ra_batch, res->ra_batch_len, &res->aca_batch,
		                          &res->aca_batch_len);
	}
	double t3 = pqs_scms_cpu_seconds();
	res->aca_wall_s = pqs_scms_wall_seconds() - w2;
	ta += t3 - t2;

	/* RA: route; then each vehicle downloads and accepts. */
	if (rc == PQS_OK)
		rc = pqs_scms_ra_deliver(res->ra, res->aca_batch, res->aca_batch_len);
	for (uint32_t v = 0; v < V && rc == PQS_OK; v++) {
		uint8_t *dl = NULL;
		size_t dl_len = 0;
		double s0 = pqs_scms_cpu_seconds();
		const uint8_t *eid = pqs_scms_vehicle_enrollment_id(res->vehicle[v]);
		rc = pqs_scms_ra_download(res->ra, eid, &dl, &dl_len);
		double s1 = pqs_scms_cpu_seconds();
		tr += s1 - s0;
		if (rc == PQS_OK)
			rc = pqs_scms_vehicle_accept(res->vehicle[v], dl, dl_len);
		tv += pqs_scms_cpu_seconds() - s1;
		res->download_bytes = dl_len;
		free(dl);
	}
	double t4 = pqs_scms_cpu_seconds();
	(void)t4;
	res->ra_to_aca_bytes = res->ra_batch_len;
	res->aca_to_ra_bytes = res->aca_batch_len;
	res->vehicle_cpu_s = tv / V;
	res->ra_cpu_s = tr;
	res->aca_cpu_s = ta;
	if (rc != PQS_OK || !cfg->keep) {
		pqs_scms_flow_result keep = *res;
		pqs_scms_flow_free(&keep);
		res->aca = NULL;
		res->ra = NULL;
		res->vehicle = NULL;
		res->requests = NULL;
		res->request_len = NULL;
		res->aca_batch = NULL;
		res->ra_batch = NULL;
	}
	return rc;
}

/* s(N) from s(20), s(40), s(60): exact when the three lie on one line with an integral slope. */
static int affine(size_t s20, size_t s40, size_t s60, uint32_t N, size_t *out)
{
	if (s40 < s20 || (s40 - s20) % 20 != 0 || s60 != s40 + (s40 - s20))
		return PQS_SCMS_ERR_COUNT;
	*out = s20 + ((size_t)N - 20) * ((s40 - s20) / 20);
	return PQS_OK;
}

int pqs_scms_flow_sizes_at(const pqs_scms_flow_cfg *cfg, uint32_t certs, pqs_scms_flow_result *res, pqs_rng *rng)
{
	if (!cfg || !res || certs < 20 || certs > PQS_SCMS_MAX_CERTS)
		return PQS_ERR_ARG;
	pqs_scms_flow_result r[3];
	pqs_scms_flow_cfg c = *cfg;
	c.keep = 0;
	c.per_week = 20;
	for (int k = 0; k < 3; k++) {
		c.certs = 20u * (uint32_t)(k + 1);
		int rc = pqs_scms_flow_run(&c, &r[k], rng);
		if (rc != PQS_OK)
			return rc;
	}
	*res = r[2];
	res->certs = certs;
	int rc = affine(r[0].upload_key_bytes, r[1].upload_key_bytes, r[2].upload_key_bytes, certs, &res->upload_key_bytes);
	if (rc == PQS_OK)
		rc = affine(r[0].upload_request_bytes, r[1].upload_request_bytes, r[2].upload_request_bytes, certs,
		            &res->upload_request_bytes);
	if (rc == PQS_OK)
		rc = affine(r[0].download_bytes, r[1].download_bytes, r[2].download_bytes, certs, &res->download_bytes);
	if (rc == PQS_OK)
		rc = affine(r[0].ra_to_aca_bytes, r[1].ra_to_aca_bytes, r[2].ra_to_aca_bytes, certs, &res->ra_to_aca_bytes);
	if (rc == PQS_OK)
		rc = affine(r[0].aca_to_ra_bytes, r[1].aca_to_ra_bytes, r[2].aca_to_ra_bytes, certs, &res->aca_to_ra_bytes);
	return rc;
}
