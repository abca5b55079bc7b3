/*
 * Bad input to every role: truncated, over-long and altered messages are
 * rejected with their specific error code and change nothing (the role
 * still accepts the valid message afterwards); a response encrypted to
 * another key fails to decrypt and the vehicle keeps no certificate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scms_testlib.h"
#include "testutil.h"
#include "v2x/scms/scms_inner.h"

#define NCERT 2

typedef struct {
	pqs_scms_aca *aca;
	pqs_scms_ra *ra;
	pqs_scms_vehicle *veh[2];
	uint8_t *req[2], *fwd, *resp;
	size_t req_len[2], fwd_len, resp_len;
} setup;

/* Roles up to (and including) the ACA's response; the RA has not delivered yet. */
static int make(setup *s, pqs_scms_mode mode, const char *ca, const char *pqc)
{
	memset(s, 0, sizeof *s);
	int rc;
	s->aca = pqs_scms_aca_new(ca, 600000000u, NULL, &rc);
	s->ra = pqs_scms_ra_new(NULL);
	size_t rl, al;
	const uint8_t *root = s->aca ? pqs_scms_aca_root_cert(s->aca, &rl) : NULL;
	const uint8_t *aca = s->aca ? pqs_scms_aca_cert(s->aca, &al) : NULL;
	uint8_t enc[33];
	if (!s->aca || !s->ra)
		return -1;
	pqs_scms_aca_enc_public(s->aca, enc);
	for (int v = 0; v < 2; v++) {
		pqs_scms_vehicle_cfg c = { .mode = mode, .pqc_alg = pqc, .i_start = 3, .i_count = 1, .j_count = NCERT };
		c.enrollment_id[0] = (uint8_t)(v + 1);
		s->veh[v] = pqs_scms_vehicle_new(&c, root, rl, aca, al, enc, NULL, &rc);
		if (!s->veh[v] || pqs_scms_vehicle_request(s->veh[v], &s->req[v], &s->req_len[v], NULL) != 0)
			return -1;
	}
	return 0;
}

static int forward(setup *s)
{
	for (int v = 0; v < 2; v++)
		if (pqs_scms_ra_receive(s->ra, s->req[v], s->req_len[v]) != 0)
			return -1;
	if (pqs_scms_ra_forward(s->ra, &s->fwd, &s->fwd_len) != 0)
		return -1;
	return pqs_scms_aca_process(s->aca, s->fwd, s->fwd_len, &s->resp, &s->resp_len);
}

static void done(setup *s)
{
	for (int v = 0; v < 2; v++) {
		pqs_scms_vehicle_free(s->veh[v]);
		free(s->req[v]);
	}
	free(s->fwd);
	free(s->resp);
	pqs_scms_ra_free(s->ra);
	pqs_scms_aca_free(s->aca);
}

/* A copy of m with byte off set to val (or appended when off == len).  Request layout (docs/scms.md):
 * type 0, version 1, variant 2, certificate type 3, enrollment id 4..11, i_start 12..15,
 * i_count 16..19, j_count 20..23, A_sign 24..56, k_sign 57..72, A_enc 73..105, k_enc 106..121. */
static uint8_t *patched(const uint8_t *m, size_t len, size_t off, uint8_t val)
{
	uint8_t *p = malloc(len + 1);
	memcpy(p, m, len);
	p[off] = val;
	return p;
}

static void test_vehicle_request(void)
{
	setup s;
	TU_CHECK(make(&s, PQS_SCMS_BUTTERFLY_ORIGINAL, "ECDSA-P256", NULL) == 0, "setup");
	const uint8_t *m = s.req[0];
	size_t L = s.req_len[0];
	TU_CHECK(L == 2 + 2 + 8 + 12 + 2 * 49, "original request is %zu bytes", L);
	size_t bad = 0;
	for (size_t n = 1; n < L; n++)
		bad += pqs_scms_ra_receive(s.ra, m, n) == PQS_SCMS_ERR_TRUNCATED;
	TU_CHECK(bad == L - 1, "%zu of %zu truncations rejected as truncated", bad, L - 1);
	TU_CHECK(pqs_scms_ra_receive(s.ra, m, 0) == PQS_ERR_ARG, "empty request");
	struct {
		size_t off;
		uint8_t val;
		int want;
		const char *what;
	} cases[] = {
		{ L, 0x00, PQS_SCMS_ERR_TRAILING, "trailing byte" },
		{ 0, 0x09, PQS_SCMS_ERR_MSG_TYPE, "unknown message type" },
		{ 0, SCMS_T_CERT_REQ, PQS_SCMS_ERR_MSG_TYPE, "RA-to-ACA type sent to the RA" },
		{ 1, 0x02, PQS_SCMS_ERR_VERSION, "version 2" },
		{ 2, 0x02, PQS_SCMS_ERR_FIELD, "variant 2" },
		{ 3, 0x02, PQS_SCMS_ERR_FIELD, "certificate type 2" },
		{ 19, 0x00, PQS_SCMS_ERR_COUNT, "i_count 0 (low byte of 1)" },
		{ 16, 0xff, PQS_SCMS_ERR_COUNT, "i_count 0xff000001: over PQS_SCMS_MAX_CERTS" },
		{ 23, 0x00, PQS_SCMS_ERR_COUNT, "j_count 0" },
		{ 14, 0x03, PQS_SCMS_ERR_FIELD, "i_start 771: past the ACA certificate's 520 weeks" },
		{ 24, 0x05, PQS_SCMS_ERR_POINT, "caterpillar point prefix 05" },
		{ 24 + 49, 0x04, PQS_SCMS_ERR_POINT, "encryption caterpillar point prefix 04" },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		uint8_t *p = patched(m, L, cases[c].off, cases[c].val);
		size_t n = cases[c].off == L ? L + 1 : L;
		int rc = pqs_scms_ra_receive(s.ra, p, n);
		TU_CHECK(rc == cases[c].want, "%s: got %d (%s), want %d", cases[c].what, rc, pqs_scms_strerror(rc),
		         cases[c].want);
		free(p);
	}
	/* x = all ones is >= p: not a field element. */
	uint8_t *p = malloc(L);
	memcpy(p, m, L);
	memset(p + 25, 0xff, 32);
	TU_CHECK(pqs_scms_ra_receive(s.ra, p, L) == PQS_SCMS_ERR_POINT, "x >= p accepted");
	free(p);
	/* Nothing changed: the valid requests go through, a repeat is refused. */
	TU_CHECK(forward(&s) == 0, "valid requests rejected after bad ones");
	TU_CHECK(pqs_scms_ra_receive(s.ra, s.req[0], s.req_len[0]) == PQS_SCMS_ERR_DUPLICATE, "repeat accepted");
	done(&s);
}

static void test_aca_and_ra(void)
{
	setup s;
	TU_CHECK(make(&s, PQS_SCMS_BUTTERFLY_UNIFIED, "ECDSA-P256", NULL) == 0, "setup");
	for (int v = 0; v < 2; v++)
		TU_CHECK(pqs_scms_ra_receive(s.ra, s.req[v], s.req_len[v]) == 0, "receive");
	TU_CHECK(pqs_scms_ra_forward(s.ra, &s.fwd, &s.fwd_len) == 0, "forward");
	/* The ACA: every truncation of the batch fails and yields no response. */
	size_t bad = 0;
	for (size_t n = 0; n < s.fwd_len; n++) {
		uint8_t *out = NULL;
		size_t out_len = 0;
		int rc = pqs_scms_aca_process(s.aca, s.fwd, n, &out, &out_len);
		bad += rc != 0 && out == NULL;
		free(out);
	}
	TU_CHECK(bad == s.fwd_len, "ACA: %zu of %zu truncated batches rejected", bad, s.fwd_len);
	scms_list l;
	TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, s.fwd, s.fwd_len) == 0 && l.count == 2 * NCERT, "batch");
	/* A request whose cocoon key is not on the curve spoils the whole batch. */
	uint8_t *item0 = malloc(l.item_len[0]);
	memcpy(item0, l.item[0], l.item_len[0]);
	item0[2 + 8 + 1 + 1 + 4] = 0x07; /* point prefix of B */
	const uint8_t *items[2 * NCERT];
	size_t lens[2 * NCERT];
	for (uint32_t k = 0; k < l.count; k++) {
		items[k] = k ? l.item[k] : item0;
		lens[k] = l.item_len[k];
	}
	uint8_t *bb = NULL, *out = NULL;
	size_t bb_len = 0, out_len = 0;
	TU_CHECK(pqs_scms_list_encode(SCMS_T_BATCH, l.count, items, lens, NULL, NULL, &bb, &bb_len) == 0, "encode");
	TU_CHECK(pqs_scms_aca_process(s.aca, bb, bb_len, &out, &out_len) == PQS_SCMS_ERR_POINT && !out,
	         "bad cocoon point accepted by the ACA");
	free(bb);
	free(item0);
	pqs_scms_list_free(&l);
	TU_CHECK(pqs_scms_aca_process(s.aca, s.fwd, s.fwd_len, &s.resp, &s.resp_len) == 0, "ACA rejects valid batch");

	/* The RA: truncated response batches, an unknown and a repeated request id. */
	bad = 0;
	for (size_t n = 0; n < s.resp_len; n += 7)
		bad += pqs_scms_ra_deliver(s.ra, s.resp, n) != 0;
	TU_CHECK(bad == (s.resp_len + 6) / 7, "RA accepted a truncated response batch");
	TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, s.resp, s.resp_len) == 0, "response batch");
	uint8_t *r0 = malloc(l.item_len[0]);
	memcpy(r0, l.item[0], l.item_len[0]);
	r0[2] ^= 0x01; /* request id */
	items[0] = r0;
	lens[0] = l.item_len[0];
	TU_CHECK(pqs_scms_list_encode(SCMS_T_BATCH, 1, items, lens, NULL, NULL, &bb, &bb_len) == 0, "encode");
	TU_CHECK(pqs_scms_ra_deliver(s.ra, bb, bb_len) == PQS_SCMS_ERR_UNKNOWN_REQUEST, "unknown request id accepted");
	free(bb);
	items[0] = items[1] = l.item[0];
	lens[0] = lens[1] = l.item_len[0];
	TU_CHECK(pqs_scms_list_encode(SCMS_T_BATCH, 2, items, lens, NULL, NULL, &bb, &bb_len) == 0, "encode");
	TU_CHECK(pqs_scms_ra_deliver(s.ra, bb, bb_len) == PQS_SCMS_ERR_DUPLICATE, "repeated response accepted");
	free(bb);
	free(r0);
	pqs_scms_list_free(&l);
	/* Nothing was filed by the failures: the valid batch is delivered whole. */
	TU_CHECK(pqs_scms_ra_deliver(s.ra, s.resp, s.resp_len) == 0, "RA rejects the valid response batch");

	/* The vehicle: truncations, another vehicle's download, altered ciphertext. */
	uint8_t *dl[2];
	size_t dl_len[2];
	for (int v = 0; v < 2; v++)
		TU_CHECK(pqs_scms_ra_download(s.ra, pqs_scms_vehicle_enrollment_id(s.veh[v]), &dl[v], &dl_len[v]) == 0,
		         "download");
	bad = 0;
	for (size_t n = 0; n < dl_len[0]; n++)
		bad += pqs_scms_vehicle_accept(s.veh[0], dl[0], n) != 0 && pqs_scms_vehicle_cert_count(s.veh[0]) == 0;
	TU_CHECK(bad == dl_len[0], "vehicle: %zu of %zu truncated downloads rejected", bad, dl_len[0]);
	int rc = pqs_scms_vehicle_accept(s.veh[0], dl[1], dl_len[1]);
	TU_CHECK(rc == PQS_SCMS_ERR_DECRYPT && pqs_scms_vehicle_cert_count(s.veh[0]) == 0,
	         "responses encrypted to another vehicle's keys: got %d (%s)", rc, pqs_scms_strerror(rc));
	/* Flip one byte in each region of the last entry's ECIES body: V, C, T, nonce, CCM data. */
	size_t body_end = dl_len[0];
	size_t offs[] = { body_end - 1, body_end - 40, body_end - 200 };
	for (size_t c = 0; c < 3; c++) {
		uint8_t *p = patched(dl[0], dl_len[0], offs[c], (uint8_t)(dl[0][offs[c]] ^ 0x10));
		rc = pqs_scms_vehicle_accept(s.veh[0], p, dl_len[0]);
		TU_CHECK(rc == PQS_SCMS_ERR_DECRYPT && pqs_scms_vehicle_cert_count(s.veh[0]) == 0,
		         "altered ciphertext byte %zu: got %d (%s)", offs[c], rc, pqs_scms_strerror(rc));
		free(p);
	}
	TU_CHECK(pqs_scms_vehicle_accept(s.veh[0], dl[0], dl_len[0]) == 0 &&
	             pqs_scms_vehicle_cert_count(s.veh[0]) == NCERT,
	         "vehicle rejects its valid download");
	free(dl[0]);
	free(dl[1]);
	done(&s);
}

static void test_path_b_wrong_aca(void)
{
	if (!st_available("ML-DSA-44"))
		return;
	setup s;
	TU_CHECK(make(&s, PQS_SCMS_PQC_ENCRYPTED, "ECDSA-P256", "ML-DSA-44") == 0, "setup");
	for (int v = 0; v < 2; v++)
		TU_CHECK(pqs_scms_ra_receive(s.ra, s.req[v], s.req_len[v]) == 0, "receive");
	TU_CHECK(pqs_scms_ra_forward(s.ra, &s.fwd, &s.fwd_len) == 0, "forward");
	/* Another ACA (another encryption key) cannot read the requests and issues nothing. */
	int rc;
	pqs_scms_aca *other = pqs_scms_aca_new("ECDSA-P256", 600000000u, NULL, &rc);
	uint8_t *out = NULL;
	size_t out_len = 0;
	rc = pqs_scms_aca_process(other, s.fwd, s.fwd_len, &out, &out_len);
	TU_CHECK(rc == PQS_SCMS_ERR_DECRYPT && !out, "path (b) request read by the wrong ACA: %d", rc);
	/* Provisioning: an ACA certificate that does not chain to the given root is refused. */
	size_t rl, al;
	const uint8_t *other_root = pqs_scms_aca_root_cert(other, &rl);
	const uint8_t *aca = pqs_scms_aca_cert(s.aca, &al);
	pqs_scms_vehicle_cfg c = { .mode = PQS_SCMS_BUTTERFLY_UNIFIED, .i_count = 1, .j_count = 1 };
	pqs_scms_vehicle *v = pqs_scms_vehicle_new(&c, other_root, rl, aca, al, NULL, NULL, &rc);
	TU_CHECK(!v && rc == PQS_SCMS_ERR_CERT_INVALID, "ACA certificate under a foreign root accepted: %d", rc);
	pqs_scms_vehicle_free(v);
	pqs_scms_aca_free(other);
	done(&s);
}

static void test_primitives(void)
{
	uint8_t a[32], A[33], b[32], B[33], ct[100 + PQS_ECIES_OVERHEAD], pt[100], msg[100];
	size_t ct_len, pt_len = 0;
	memset(msg, 0x33, sizeof msg);
	TU_CHECK(pqs_os_random(a, 32) == 0 && pqs_os_random(b, 32) == 0, "random");
	a[0] = b[0] = 0x11;
	TU_CHECK(pqs_p256_public(A, a) == 0 && pqs_p256_public(B, b) == 0, "keys");
	TU_CHECK(pqs_ecies_encrypt(ct, sizeof ct, &ct_len, A, NULL, msg, sizeof msg, NULL) == 0 &&
	             ct_len == sizeof ct,
	         "ECIES encrypt");
	TU_CHECK(pqs_ecies_decrypt(pt, sizeof pt, &pt_len, a, NULL, ct, ct_len) == 0 && memcmp(pt, msg, 100) == 0,
	         "ECIES round trip");
	memset(pt, 0xee, sizeof pt);
	TU_CHECK(pqs_ecies_decrypt(pt, sizeof pt, &pt_len, b, NULL, ct, ct_len) == PQS_SCMS_ERR_DECRYPT,
	         "decrypted with the wrong key");
	uint8_t p1[32] = { 1 };
	TU_CHECK(pqs_ecies_decrypt(pt, sizeof pt, &pt_len, a, p1, ct, ct_len) == PQS_SCMS_ERR_DECRYPT,
	         "decrypted with another KDF parameter P1");
	TU_CHECK(pqs_ecies_decrypt(pt, sizeof pt, &pt_len, a, NULL, ct, PQS_ECIES_OVERHEAD - 1) ==
	             PQS_SCMS_ERR_TRUNCATED,
	         "short ciphertext");
	ct[ct_len - 1] ^= 1; /* CCM tag */
	memset(pt, 0xee, sizeof pt);
	TU_CHECK(pqs_ecies_decrypt(pt, sizeof pt, &pt_len, a, NULL, ct, ct_len) == PQS_SCMS_ERR_DECRYPT,
	         "altered CCM tag accepted");
	static const uint8_t zeros[100];
	TU_CHECK(memcmp(pt, zeros, 100) == 0, "plaintext left behind after a failed CCM check");
	/* Content: c = 0 and c >= n are refused. */
	scms_content c = { .kind = SCMS_CONTENT_EXPLICIT, .cert = msg, .cert_len = 10 };
	uint8_t *enc = NULL;
	size_t enc_len = 0;
	scms_content d;
	TU_CHECK(pqs_scms_content_encode(&c, &enc, &enc_len) == 0, "encode");
	TU_CHECK(pqs_scms_content_decode(&d, enc, enc_len) == PQS_SCMS_ERR_SCALAR, "c = 0 accepted");
	memset(enc + enc_len - 32, 0xff, 32);
	TU_CHECK(pqs_scms_content_decode(&d, enc, enc_len) == PQS_SCMS_ERR_SCALAR, "c >= n accepted");
	free(enc);
}

/* Process a batch with items[bad_point] off the curve and items[garbage] not a request, on workers threads. */
static int two_bad(setup *s, const scms_list *l, uint32_t bad_point, uint32_t garbage, unsigned workers)
{
	const uint8_t *items[2 * NCERT];
	size_t lens[2 * NCERT];
	uint8_t *off_curve = malloc(l->item_len[bad_point]), junk[1] = { 0xFF }, *bb = NULL, *out = NULL;
	size_t bb_len = 0, out_len = 0;
	memcpy(off_curve, l->item[bad_point], l->item_len[bad_point]);
	off_curve[2 + 8 + 1 + 1 + 4] = 0x07; /* point prefix of B */
	for (uint32_t k = 0; k < l->count; k++) {
		items[k] = k == bad_point ? off_curve : k == garbage ? junk : l->item[k];
		lens[k] = k == garbage ? sizeof junk : l->item_len[k];
	}
	int rc = pqs_scms_list_encode(SCMS_T_BATCH, l->count, items, lens, NULL, NULL, &bb, &bb_len);
	pqs_scms_aca_set_workers(s->aca, workers);
	if (rc == PQS_OK)
		rc = pqs_scms_aca_process(s->aca, bb, bb_len, &out, &out_len);
	TU_CHECK(rc == PQS_OK || out == NULL, "a rejected batch left a response");
	free(out);
	free(bb);
	free(off_curve);
	return rc;
}

/* The ACA's worker pool reports the first bad request by index, as one thread does, and answers a good batch. */
static void test_aca_workers(void)
{
	setup s;
	scms_list l;
	TU_CHECK(make(&s, PQS_SCMS_BUTTERFLY_UNIFIED, "ECDSA-P256", NULL) == 0, "setup");
	for (int v = 0; v < 2; v++)
		TU_CHECK(pqs_scms_ra_receive(s.ra, s.req[v], s.req_len[v]) == 0, "receive");
	TU_CHECK(pqs_scms_ra_forward(s.ra, &s.fwd, &s.fwd_len) == 0, "forward");
	TU_CHECK(pqs_scms_list_decode(SCMS_T_BATCH, &l, s.fwd, s.fwd_len) == 0 && l.count == 4, "batch of 4");
	TU_CHECK(pqs_scms_aca_workers(s.aca, 4) >= 1 && pqs_scms_aca_workers(s.aca, 1) == 1, "worker count");
	unsigned same = 0;
	for (uint32_t order = 0; order < 2; order++) {
		const uint32_t point = order ? 2 : 1, garbage = order ? 1 : 2;
		const int one = two_bad(&s, &l, point, garbage, 1), four = two_bad(&s, &l, point, garbage, 4);
		TU_CHECK(one != PQS_OK && one == four, "first bad request %u: %d with one worker, %d with four",
			 order ? garbage : point, one, four);
		TU_CHECK((order == 0) == (one == PQS_SCMS_ERR_POINT), "order %u: error %d", order, one);
		same += one != PQS_OK && one == four;
	}
	TU_CHECK(same == 2, "%u of 2 batches: same error with 1 and 4 workers", same);
	pqs_scms_aca_set_workers(s.aca, 4);
	TU_CHECK(pqs_scms_aca_workers(s.aca, 4) == 4, "4 workers for 4 requests");
	TU_CHECK(pqs_scms_aca_process(s.aca, s.fwd, s.fwd_len, &s.resp, &s.resp_len) == 0, "4 workers: batch");
	TU_CHECK(pqs_scms_ra_deliver(s.ra, s.resp, s.resp_len) == 0, "4 workers: the RA files every response");
	pqs_scms_list_free(&l);
	done(&s);
}

int main(void)
{
	test_primitives();
	test_aca_workers();
	test_vehicle_request();
	test_aca_and_ra();
	test_path_b_wrong_aca();
	return tu_finish("test_scms_badinput");
}
