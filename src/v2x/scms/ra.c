/*
 * The Registration Authority (IEEE 1609.2.1 section 9.3): expands each
 * vehicle's caterpillar keys into cocoon public keys for every (i, j),
 * gives each certificate request a random identifier, shuffles the
 * requests of all vehicles together before forwarding them to the ACA (so
 * the ACA cannot group requests by vehicle), and routes the ACA's
 * responses back.  The RA holds only what it received: the requests (with
 * the enrollment identity of their sender) and the responses, which it
 * cannot decrypt in the butterfly path and path (b).
 */
#include <stdlib.h>
#include <string.h>

#include "scms_inner.h"

typedef struct {
	uint8_t eid[8];
	size_t n_resp;
	uint8_t **resp;
	size_t *resp_len;
	uint32_t *i, *j;
} ra_vehicle;

typedef struct {
	uint8_t req_id[8];
	uint32_t veh, i, j;
	uint8_t *msg; /* encoded request, until forwarded */
	size_t len;
	int answered;
} ra_request;

struct pqs_scms_ra_ {
	pqs_rng *rng;
	ra_vehicle *veh;
	size_t n_veh, cap_veh;
	ra_request *req;          /* pending, then (after forward) the routing table sorted by req_id */
	size_t n_req, cap_req, n_pending;
};

static void free_vehicle(ra_vehicle *v)
{
	for (size_t k = 0; k < v->n_resp; k++)
		free(v->resp[k]);
	free(v->resp);
	free(v->resp_len);
	free(v->i);
	free(v->j);
}

void pqs_scms_ra_free(pqs_scms_ra *r)
{
	if (!r)
		return;
	for (size_t k = 0; k < r->n_veh; k++)
		free_vehicle(&r->veh[k]);
	for (size_t k = 0; k < r->n_req; k++)
		free(r->req[k].msg);
	free(r->veh);
	free(r->req);
	free(r);
}

pqs_scms_ra *pqs_scms_ra_new(pqs_rng *rng)
{
	pqs_scms_ra *r = calloc(1, sizeof *r);
	if (r)
		r->rng = rng;
	return r;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return PQS_OK;
	size_t nc = *cap ? *cap : 16;
	while (nc < need)
		nc *= 2;
	void *q = realloc(*p, nc * elem);
	if (!q)
		return PQS_ERR_NOMEM;
	*p = q;
	*cap = nc;
	return PQS_OK;
}

/* Queue one encoded certificate request under a fresh random identifier. */
static int queue(pqs_scms_ra *r, scms_cert_req *q, uint32_t veh, uint32_t i, uint32_t j)
{
	int rc = grow((void **)&r->req, &r->cap_req, r->n_req + 1, sizeof *r->req);
	if (rc == PQS_OK)
		rc = pqs_rng_fill(r->rng, q->req_id, 8); /* 64 random bits: unlinkable to the vehicle */
	ra_request *e = &r->req[r->n_req];
	memset(e, 0, sizeof *e);
	if (rc == PQS_OK)
		rc = pqs_scms_cert_req_encode(q, &e->msg, &e->len);
	if (rc != PQS_OK)
		return rc;
	memcpy(e->req_id, q->req_id, 8);
	e->veh = veh;
	e->i = i;
	e->j = j;
	r->n_req++;
	r->n_pending++;
	return PQS_OK;
}

int pqs_scms_ra_receive(pqs_scms_ra *r, const uint8_t *req, size_t len)
{
	if (!r || !req || !len)
		return PQS_ERR_ARG;
	scms_bfk_req b;
	scms_pqc_req p;
	const uint8_t *eid;
	uint32_t i_start, i_count, j_count;
	int rc;
	int butterfly = req[0] == SCMS_T_BFK_REQ;
	if (butterfly) {
		rc = pqs_scms_bfk_req_decode(&b, req, len);
		eid = b.enrollment_id;
		i_start = b.i_start, i_count = b.i_count, j_count = b.j_count;
	} else {
		rc = pqs_scms_pqc_req_decode(&p, req, len);
		eid = p.enrollment_id;
		i_start = p.i_start, i_count = p.i_count, j_count = p.j_count;
	}
	if (rc != PQS_OK)
		return rc;
	for (size_t k = 0; k < r->n_veh; k++)
		if (memcmp(r->veh[k].eid, eid, 8) == 0)
			return PQS_SCMS_ERR_DUPLICATE; /* one provisioning request per enrollment */
	if ((rc = grow((void **)&r->veh, &r->cap_veh, r->n_veh + 1, sizeof *r->veh)) != PQS_OK)
		return rc;
	uint32_t veh = (uint32_t)r->n_veh;
	size_t first = r->n_req;
	for (uint32_t di = 0; di < i_count && rc == PQS_OK; di++) {
		for (uint32_t j = 0; j < j_count && rc == PQS_OK; j++) {
			uint32_t i = i_start + di;
			size_t k = (size_t)di * j_count + j;
			scms_cert_req q = { 0 };
			q.i = i;
			if (butterfly) {
				/* Section 9.3: cocoon keys B = A + f_k(i, j)*G (and the encryption twin). */
				q.kind = SCMS_REQ_BUTTERFLY;
				q.cert_type = b.cert_type;
				rc = pqs_bke_cocoon_public(q.B_sign, b.A_sign, b.k_sign, i, j, PQS_BKE_SIGN);
				q.has_enc = !b.unified;
				if (rc == PQS_OK && q.has_enc)
					rc = pqs_bke_cocoon_public(q.B_enc, b.A_enc, b.k_enc, i, j, PQS_BKE_ENC);
			} else {
				q.kind = p.encrypted ? SCMS_REQ_PQC_ENCRYPTED : SCMS_REQ_PQC_PLAIN;
				q.alg_id = p.alg_id;
				q.body = p.entries + k * p.entry_len;
				q.body_len = p.entry_len;
			}
			if (rc == PQS_OK)
				rc = queue(r, &q, veh, i, j);
		}
	}
	if (rc != PQS_OK) { /* roll back: the vehicle's request is not accepted in part */
		for (size_t k = first; k < r->n_req; k++)
			free(r->req[k].msg);
		r->n_pending -= r->n_req - first;
		r->n_req = first;
	} else {
		memset(&r->veh[veh], 0, sizeof r->veh[veh]);
		memcpy(r->veh[veh].eid, eid, 8);
		r->n_veh++;
	}
	if (butterfly)
		pqs_zeroize(&b, sizeof b); /* the expansion keys (eid pointed into b: copied above) */
	return rc;
}

static int cmp_req(const void *a, const void *b)
{
	return memcmp(((const ra_request *)a)->req_id, ((const ra_request *)b)->req_id, 8);
}

int pqs_scms_ra_forward(pqs_scms_ra *r, uint8_t **out, size_t *out_len)
{
	if (!r || !out || !out_len)
		return PQS_ERR_ARG;
	if (r->n_pending == 0 || r->n_pending != r->n_req)
		return PQS_SCMS_ERR_COUNT; /* one forward per batch of received requests */
	if (r->n_req > SCMS_MAX_BATCH)
		return PQS_SCMS_ERR_COUNT;
	uint32_t n = (uint32_t)r->n_req;
	/* Fisher-Yates shuffle with uniform indices: the ACA sees requests in an order independent of
	 * which vehicle sent them. */
	for (uint32_t k = n - 1; k > 0; k--) {
		uint32_t s;
		int rc = pqs_scms_rand_index(r->rng, k + 1, &s);
		if (rc != PQS_OK)
			return rc;
		ra_request t = r->req[k];
		r->req[k] = r->req[s];
		r->req[s] = t;
	}
	const uint8_t **item = malloc(n * sizeof *item);
	size_t *len = malloc(n * sizeof *len);
	int rc = item && len ? PQS_OK : PQS_ERR_NOMEM;
	for (uint32_t k = 0; k < n && rc == PQS_OK; k++) {
		item[k] = r->req[k].msg;
		len[k] = r->req[k].len;
	}
	if (rc == PQS_OK)
		rc = pqs_scms_list_encode(SCMS_T_BATCH, n, item, len, NULL, NULL, out, out_len);
	free(item);
	free(len);
	if (rc != PQS_OK)
		return rc;
	for (uint32_t k = 0; k < n; k++) {
		free(r->req[k].msg);
		r->req[k].msg = NULL;
	}
	r->n_pending = 0;
	/* The routing table, sorted for lookups by identifier (a duplicate would be a 2^-64 event). */
	qsort(r->req, n, sizeof *r->req, cmp_req);
	for (uint32_t k = 1; k < n; k++)
		if (memcmp(r->req[k - 1].req_id, r->req[k].req_id, 8) == 0)
			return PQS_SCMS_ERR_DUPLICATE;
	return PQS_OK;
}

static ra_request *lookup(pqs_scms_ra *r, const uint8_t id[8])
{
	ra_request key;
	/* Nothing forwarded yet: r->req is NULL, which bsearch must not get (found by fuzz_scms_decode). */
	if (r->n_req == 0)
		return NULL;
	memcpy(key.req_id, id, 8);
	return bsearch(&key, r->req, r->n_req, sizeof *r->req, cmp_req);
}

int pqs_scms_ra_deliver(pqs_scms_ra *r, const uint8_t *batch, size_t len)
{
	if (!r || !batch)
		return PQS_ERR_ARG;
	if (r->n_pending != 0)
		return PQS_SCMS_ERR_UNKNOWN_REQUEST; /* nothing forwarded yet */
	scms_list l;
	int rc = pqs_scms_list_decode(SCMS_T_BATCH, &l, batch, len);
	if (rc != PQS_OK)
		return rc;
	ra_request **route = calloc(l.count, sizeof *route);
	if (!route)
		rc = PQS_ERR_NOMEM;
	/* Pass 1: every response well formed, known and answered once - or nothing is filed. */
	for (uint32_t k = 0; k < l.count && rc == PQS_OK; k++) {
		scms_cert_resp resp;
		rc = pqs_scms_cert_resp_decode(&resp, l.item[k], l.item_len[k]);
		if (rc != PQS_OK)
			break;
		route[k] = lookup(r, resp.req_id);
		if (!route[k])
			rc = PQS_SCMS_ERR_UNKNOWN_REQUEST;
		else if (route[k]->answered)
			rc = PQS_SCMS_ERR_DUPLICATE;
		else
			route[k]->answered = 1;
	}
	if (rc != PQS_OK) {
		for (uint32_t k = 0; route && k < l.count; k++)
			if (route[k])
				route[k]->answered = 0;
	}
	/* Pass 2: file each response under its vehicle. */
	for (uint32_t k = 0; k < l.count && rc == PQS_OK; k++) {
		ra_vehicle *v = &r->veh[route[k]->veh];
		size_t m = v->n_resp;
		uint8_t **nr = realloc(v->resp, (m + 1) * sizeof *nr);
		if (nr)
			v->resp = nr;
		size_t *nl = realloc(v->resp_len, (m + 1) * sizeof *nl);
		if (nl)
			v->resp_len = nl;
		uint32_t *ni = realloc(v->i, (m + 1) * sizeof *ni);
		if (ni)
			v->i = ni;
		uint32_t *nj = realloc(v->j, (m + 1) * sizeof *nj);
		if (nj)
			v->j = nj;
		uint8_t *copy = malloc(l.item_len[k]);
		if (!nr || !nl || !ni || !nj || !copy) {
			free(copy);
			rc = PQS_ERR_INTERNAL;
			break;
		}
		memcpy(copy, l.item[k], l.item_len[k]);
		v->resp[m] = copy;
		v->resp_len[m] = l.item_len[k];
		v->i[m] = route[k]->i;
		v->j[m] = route[k]->j;
		v->n_resp = m + 1;
	}
	free(route);
	pqs_scms_list_free(&l);
	return rc;
}

int pqs_scms_ra_download(pqs_scms_ra *r, const uint8_t enrollment_id[8], uint8_t **out, size_t *out_len)
{
	if (!r || !enrollment_id || !out || !out_len)
		return PQS_ERR_ARG;
	for (size_t k = 0; k < r->n_veh; k++) {
		ra_vehicle *v = &r->veh[k];
		if (memcmp(v->eid, enrollment_id, 8) != 0)
			continue;
		if (v->n_resp == 0)
			return PQS_SCMS_ERR_COUNT;
		return pqs_scms_list_encode(SCMS_T_DOWNLOAD, (uint32_t)v->n_resp, (const uint8_t *const *)v->resp,
					    v->resp_len, v->i, v->j, out, out_len);
	}
	return PQS_SCMS_ERR_UNKNOWN_REQUEST;
}
