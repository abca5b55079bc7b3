/*
 * Mutation test of every SCMS decoder (a bounded, reproducible stand-in
 * for fuzzing, run under ASan/UBSan in CI): valid messages of each type
 * get random byte changes, truncations, extensions and insertions from a
 * seeded DRBG.  Every result must be PQS_OK or a documented error code,
 * and whatever decodes must re-encode to exactly the input bytes (the
 * formats are canonical: no two encodings of one message).  The role
 * entry points get the same treatment and must accept nothing malformed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "scms_testlib.h"
#include "testutil.h"
#include "v2x/scms/scms_inner.h"

#define MUTATIONS 1500

static pqs_drbg drbg;

static uint32_t rnd(uint32_t n)
{
	uint32_t v;
	pqs_scms_rand_index(&drbg.rng, n, &v);
	return v;
}

/* A mutated copy of m (malloc'd, *len updated). */
static uint8_t *mutate(const uint8_t *m, size_t len, size_t *out_len)
{
	uint8_t *p = malloc(len + 8);
	memcpy(p, m, len);
	size_t n = len;
	switch (rnd(5)) {
	case 0: /* change one byte */
		p[rnd((uint32_t)n)] ^= (uint8_t)(1 + rnd(255));
		break;
	case 1: /* truncate */
		n = rnd((uint32_t)n);
		break;
	case 2: /* extend */
		for (uint32_t k = 1 + rnd(8); k; k--)
			p[n++] = (uint8_t)rnd(256);
		break;
	case 3: { /* insert a byte */
		size_t at = rnd((uint32_t)n + 1);
		memmove(p + at + 1, p + at, n - at);
		p[at] = (uint8_t)rnd(256);
		n++;
		break;
	}
	default: /* change a byte in the first 24 (headers, counts, lengths) */
		p[rnd(n < 24 ? (uint32_t)n : 24)] = (uint8_t)rnd(256);
		break;
	}
	*out_len = n;
	return p;
}

static int known(int rc)
{
	return rc == PQS_OK || (rc <= PQS_SCMS_ERR_TRUNCATED && rc >= PQS_SCMS_ERR_DUPLICATE) || rc == PQS_ERR_ARG;
}

typedef int (*roundtrip_fn)(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len);

static int rt_bfk(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	scms_bfk_req m;
	int rc = pqs_scms_bfk_req_decode(&m, p, len);
	return rc ? rc : pqs_scms_bfk_req_encode(&m, re, re_len);
}

static int rt_pqc(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	scms_pqc_req m;
	int rc = pqs_scms_pqc_req_decode(&m, p, len);
	return rc ? rc : pqs_scms_pqc_req_encode(&m, re, re_len);
}

static int rt_req(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	scms_cert_req m;
	int rc = pqs_scms_cert_req_decode(&m, p, len);
	return rc ? rc : pqs_scms_cert_req_encode(&m, re, re_len);
}

static int rt_resp(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	scms_cert_resp m;
	int rc = pqs_scms_cert_resp_decode(&m, p, len);
	return rc ? rc : pqs_scms_cert_resp_encode(&m, re, re_len);
}

static int rt_list(uint8_t type, const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	scms_list l;
	int rc = pqs_scms_list_decode(type, &l, p, len);
	if (rc)
		return rc;
	rc = pqs_scms_list_encode(type, l.count, l.item, l.item_len, l.i, l.j, re, re_len);
	pqs_scms_list_free(&l);
	return rc;
}

static int rt_batch(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	return rt_list(SCMS_T_BATCH, p, len, re, re_len);
}

static int rt_download(const uint8_t *p, size_t len, uint8_t **re, size_t *re_len)
{
	return rt_list(SCMS_T_DOWNLOAD, p, len, re, re_len);
}

static void mutate_decoder(const char *name, roundtrip_fn fn, const uint8_t *m, size_t len)
{
	uint8_t *re = NULL;
	size_t re_len = 0;
	TU_CHECK(fn(m, len, &re, &re_len) == PQS_OK && re_len == len && memcmp(re, m, len) == 0,
	         "%s: valid message does not round-trip", name);
	free(re);
	unsigned decoded = 0, bad = 0;
	for (int t = 0; t < MUTATIONS; t++) {
		size_t n;
		uint8_t *p = mutate(m, len, &n);
		re = NULL;
		int rc = fn(p, n, &re, &re_len);
		if (!known(rc))
			bad++;
		if (rc == PQS_OK) {
			decoded++;
			if (re_len != n || memcmp(re, p, n) != 0)
				bad++;
		}
		free(re);
		free(p);
	}
	TU_CHECK(bad == 0, "%s: %u mutations gave an unknown code or a non-canonical decode", name, bad);
	printf("%-22s %d mutations: %u still decode (and re-encode identically), the rest rejected\n", name,
	       MUTATIONS, decoded);
}

/* Do two downloads carry the same entries, except for the request ids inside the responses? */
static int same_but_request_ids(const uint8_t *a, size_t al, const uint8_t *b, size_t bl)
{
	scms_list x, y;
	int same = al == bl && pqs_scms_list_decode(SCMS_T_DOWNLOAD, &x, a, al) == 0;
	if (!same)
		return 0;
	same = pqs_scms_list_decode(SCMS_T_DOWNLOAD, &y, b, bl) == 0;
	if (!same) {
		pqs_scms_list_free(&x);
		return 0;
	}
	same = x.count == y.count;
	for (uint32_t k = 0; same && k < x.count; k++) {
		scms_cert_resp rx, ry;
		same = x.i[k] == y.i[k] && x.j[k] == y.j[k] &&
		       pqs_scms_cert_resp_decode(&rx, x.item[k], x.item_len[k]) == 0 &&
		       pqs_scms_cert_resp_decode(&ry, y.item[k], y.item_len[k]) == 0 && rx.enc == ry.enc &&
		       rx.body_len == ry.body_len && memcmp(rx.body, ry.body, rx.body_len) == 0;
	}
	pqs_scms_list_free(&x);
	pqs_scms_list_free(&y);
	return same;
}

int main(void)
{
	uint8_t seed[48] = { 's', 'c', 'm', 's' };
	pqs_drbg_init(&drbg, seed, NULL);

	/* Valid messages from real runs: butterfly (original) and path (b). */
	pqs_scms_flow_result r, q;
	int have_b = st_flow(&r, PQS_SCMS_BUTTERFLY_ORIGINAL, PQS_SCMS_EXPLICIT, "ECDSA-P256", NULL, 3, 3, 2);
	int have_q = st_flow(&q, PQS_SCMS_PQC_ENCRYPTED, PQS_SCMS_EXPLICIT, "ECDSA-P256", "ML-DSA-44", 2, 2, 1);
	if (have_b) {
		mutate_decoder("butterfly request", rt_bfk, r.requests[0], r.request_len[0]);
		mutate_decoder("RA-to-ACA batch", rt_batch, r.ra_batch, r.ra_batch_len);
		mutate_decoder("ACA-to-RA batch", rt_batch, r.aca_batch, r.aca_batch_len);
		scms_list l;
		TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, r.ra_batch, r.ra_batch_len) == 0, "batch");
		mutate_decoder("certificate request", rt_req, l.item[0], l.item_len[0]);
		pqs_scms_list_free(&l);
		TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, r.aca_batch, r.aca_batch_len) == 0, "batch");
		mutate_decoder("certificate response", rt_resp, l.item[0], l.item_len[0]);
		pqs_scms_list_free(&l);

		/* The role entry points: a mutated request, batch or download is never half-accepted. */
		unsigned accepted = 0;
		for (int t = 0; t < 300; t++) {
			size_t n;
			uint8_t *p = mutate(r.requests[0], r.request_len[0], &n);
			pqs_scms_ra *ra = pqs_scms_ra_new(NULL);
			int rc = pqs_scms_ra_receive(ra, p, n);
			TU_CHECK(known(rc), "RA receive: code %d", rc);
			accepted += rc == PQS_OK;
			pqs_scms_ra_free(ra);
			free(p);
		}
		printf("RA receive: %u of 300 mutated requests still well formed (e.g. another i_start)\n", accepted);
		uint8_t *dl = NULL;
		size_t dl_len = 0;
		pqs_scms_vehicle *v = r.vehicle[0];
		TU_CHECK(pqs_scms_ra_download(r.ra, pqs_scms_vehicle_enrollment_id(v), &dl, &dl_len) == 0, "download");
		mutate_decoder("download", rt_download, dl, dl_len);
		accepted = 0;
		unsigned only_req_id = 0;
		for (int t = 0; t < 300; t++) {
			size_t n;
			uint8_t *p = mutate(dl, dl_len, &n);
			int rc = pqs_scms_vehicle_accept(v, p, n);
			if (rc == PQS_OK) {
				accepted++;
				only_req_id += same_but_request_ids(dl, dl_len, p, n);
			} else {
				TU_CHECK(pqs_scms_vehicle_cert_count(v) == 0, "vehicle kept certificates after an error");
			}
			free(p);
		}
		/* The request id is the RA's routing label, which the vehicle never saw and ignores; every
		 * other change must fail decryption, decoding or the certificate checks. */
		TU_CHECK(accepted == only_req_id, "vehicle accepted %u mutated downloads, %u of them differing only in "
		         "request ids", accepted, only_req_id);
		printf("vehicle: %u of 300 mutated downloads accepted, all differing only in the RA's request ids\n",
		       accepted);
		free(dl);
		pqs_scms_flow_free(&r);
	}
	if (have_q) {
		mutate_decoder("PQC request (b)", rt_pqc, q.requests[0], q.request_len[0]);
		scms_list l;
		TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, q.ra_batch, q.ra_batch_len) == 0, "batch");
		mutate_decoder("encrypted PQC request", rt_req, l.item[0], l.item_len[0]);
		unsigned issued = 0;
		for (int t = 0; t < 100; t++) {
			size_t n;
			uint8_t *p = mutate(l.item[0], l.item_len[0], &n);
			const uint8_t *items[1] = { p };
			size_t lens[1] = { n };
			uint8_t *bb = NULL, *out = NULL;
			size_t bb_len, out_len;
			if (pqs_scms_list_encode(SCMS_T_BATCH, 1, items, lens, NULL, NULL, &bb, &bb_len) == PQS_OK) {
				int rc = pqs_scms_aca_process(q.aca, bb, bb_len, &out, &out_len);
				TU_CHECK(known(rc), "ACA: code %d", rc);
				if (rc == PQS_OK) {
					/* Answered: it must be the original request under another request id. */
					scms_cert_req a, b;
					int same = pqs_scms_cert_req_decode(&a, l.item[0], l.item_len[0]) == 0 &&
						   pqs_scms_cert_req_decode(&b, p, n) == 0 && a.kind == b.kind &&
						   a.body_len == b.body_len && memcmp(a.body, b.body, a.body_len) == 0;
					TU_CHECK(same, "ACA answered a changed path-(b) request");
					issued++;
				}
			}
			free(out);
			free(bb);
			free(p);
		}
		printf("ACA: %u of 100 mutated path-(b) requests answered, each the original under another "
		       "request id\n", issued);
		pqs_scms_list_free(&l);
		pqs_scms_flow_free(&q);
	}
	pqs_drbg_clear(&drbg);
	return tu_finish("test_scms_mutate");
}
