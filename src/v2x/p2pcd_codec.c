/*
 * The wire forms of IEEE 1609.2 clause 8 (peer-to-peer certificate
 * distribution, P2PCD) through the COER codec: the HeaderInfo fields
 * p2pcdLearningRequest, inlineP2pcdRequest and requestedCertificate
 * (section 6.3.9), and the Ieee1609Dot2Peer2PeerPDU that carries
 * certificates in a PDU of its own (clause 8.4, ASN.1 module
 * Ieee1609Dot2Peer2Peer).  Decoding is strict (X.696 canonical OER).
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/p2pcd.h"
#include "v2x_inner.h"

/* HeaderInfo extension additions, in their ASN.1 order (6.3.9). */
enum { EXT_INLINE_REQUEST = 0, EXT_REQUESTED_CERT = 1, EXT_COUNT_KNOWN = 4 };

static int has_extensions(const v2x_p2pcd_fields *f)
{
	return f && (f->has_inline || f->requested_cert);
}

static size_t inline_size(const v2x_p2pcd_fields *f)
{
	return pqs_coer_uint_size(f->n_inline) + 3 * f->n_inline; /* quantity, then the ids */
}

size_t pqs_v2x_p2pcd_fields_size(const v2x_p2pcd_fields *f)
{
	if (!f)
		return 0;
	size_t n = f->has_learning ? 3 : 0;
	if (!has_extensions(f))
		return n;
	n += 3; /* bitmap: length, unused-bits octet, one octet of presence bits */
	if (f->has_inline)
		n += pqs_coer_length_size(inline_size(f)) + inline_size(f);
	if (f->requested_cert)
		n += pqs_coer_length_size(f->requested_cert_len) + f->requested_cert_len;
	return n;
}

/* HeaderInfo { psid, generationTime, [p2pcdLearningRequest], ..., [inlineP2pcdRequest],
 * [requestedCertificate] }: the preamble holds the extension bit and six root presence bits. */
void pqs_v2x_header_put(coer_wr *w, uint32_t psid, uint64_t generation_time, const v2x_p2pcd_fields *f)
{
	uint8_t pre = 0x40; /* generationTime */
	if (f && f->has_learning)
		pre |= 0x08;
	if (has_extensions(f))
		pre |= 0x80;
	pqs_coer_put_u8(w, pre);
	pqs_coer_put_uint(w, psid);
	pqs_coer_put_u64(w, generation_time);
	if (f && f->has_learning)
		pqs_coer_put_bytes(w, f->learning, 3);
	if (!has_extensions(f))
		return;
	/* X.696 16.5: presence bitmap of the four extension additions, as a bit string */
	pqs_coer_put_length(w, 2);
	pqs_coer_put_u8(w, 8 - EXT_COUNT_KNOWN);
	pqs_coer_put_u8(w, (uint8_t)((f->has_inline ? 0x80 : 0) | (f->requested_cert ? 0x40 : 0)));
	if (f->has_inline) {
		pqs_coer_put_length(w, inline_size(f));
		pqs_coer_put_quantity(w, f->n_inline);
		for (size_t i = 0; i < f->n_inline; i++)
			pqs_coer_put_bytes(w, f->inline_ids[i], 3);
	}
	if (f->requested_cert) {
		pqs_coer_put_length(w, f->requested_cert_len);
		pqs_coer_put_bytes(w, f->requested_cert, f->requested_cert_len);
	}
}

static int read_inline(coer_rd *sub, v2x_p2pcd_fields *f)
{
	size_t q;
	const uint8_t *p;
	int e = pqs_coer_get_quantity(sub, &q);
	if (e)
		return e;
	if (q > V2X_P2PCD_MAX_IDS)
		return V2X_ERR_TOO_LARGE;
	if ((e = pqs_coer_get_bytes(sub, 3 * q, &p)) != 0)
		return e;
	memcpy(f->inline_ids, p, 3 * q);
	f->n_inline = q;
	f->has_inline = 1;
	return pqs_coer_end_open(sub);
}

int pqs_v2x_header_ext_read(coer_rd *r, v2x_p2pcd_fields *f, v2x_cert *scratch)
{
	size_t n;
	const uint8_t *map;
	int e = pqs_coer_get_length(r, &n);
	if (e)
		return e;
	if (n < 2)
		return V2X_ERR_EXTENSION;
	if ((e = pqs_coer_get_bytes(r, n, &map)) != 0)
		return e;
	unsigned unused = map[0];
	if (unused > 7 || (map[n - 1] & ((1u << unused) - 1)))
		return V2X_ERR_EXTENSION;
	size_t bits = 8 * (n - 1) - unused, present = 0;
	for (size_t i = 0; i < bits; i++) {
		if (!((map[1 + i / 8] >> (7 - i % 8)) & 1u))
			continue;
		present++;
		coer_rd sub;
		if ((e = pqs_coer_get_open(r, &sub)) != 0)
			return e;
		if (i == EXT_INLINE_REQUEST)
			e = read_inline(&sub, f);
		else if (i == EXT_REQUESTED_CERT) {
			/* a Certificate filling the open type exactly */
			if ((e = pqs_v2x_cert_decode(scratch, sub.buf, sub.len)) == V2X_ERR_TRAILING)
				e = V2X_ERR_EXTENSION;
			f->requested_cert = sub.buf;
			f->requested_cert_len = sub.len;
		} /* pduFunctionalType, contributedExtensions and later additions: skipped by length */
		if (e)
			return e;
	}
	/* canonical OER sets the extension bit only if an addition is present (X.696 16.4) */
	return present ? V2X_OK : V2X_ERR_EXTENSION;
}

/* ---------------- Ieee1609Dot2Peer2PeerPDU (clause 8.4) ---------------- */

/* Ieee1609Dot2Data { 3, unsecuredData Opaque(Ieee1609Dot2Peer2PeerPDU { 1, caCerts {certs} }) } */
int pqs_v2x_p2p_encode(const v2x_p2p_certs *c, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!c || !out || !out_len || c->n == 0 || c->n > V2X_MAX_CHAIN)
		return V2X_ERR_ARG;
	size_t pdu = 2 + pqs_coer_uint_size(c->n); /* version, content tag, quantity */
	for (size_t i = 0; i < c->n; i++) {
		if (!c->certs[i] || !c->lens[i])
			return V2X_ERR_ARG;
		pdu += c->lens[i];
	}
	coer_wr w;
	pqs_coer_wr_init(&w, out, cap);
	pqs_coer_put_u8(&w, 3);  /* protocolVersion */
	pqs_coer_put_tag(&w, 0); /* unsecuredData */
	pqs_coer_put_length(&w, pdu);
	pqs_coer_put_u8(&w, 1);  /* Ieee1609Dot2Peer2PeerPDU version */
	pqs_coer_put_tag(&w, 0); /* content: caCerts */
	pqs_coer_put_quantity(&w, c->n);
	for (size_t i = 0; i < c->n; i++)
		pqs_coer_put_bytes(&w, c->certs[i], c->lens[i]);
	int e = pqs_coer_wr_result(&w);
	if (!e)
		*out_len = w.len;
	return e;
}

int pqs_v2x_p2p_decode(const uint8_t *in, size_t len, v2x_p2p_certs *c)
{
	if (!in || !c)
		return V2X_ERR_ARG;
	memset(c, 0, sizeof *c);
	coer_rd r, pdu;
	uint8_t ver;
	unsigned t;
	size_t q;
	pqs_coer_rd_init(&r, in, len);
	int e = pqs_coer_get_u8(&r, &ver);
	if (e)
		return e;
	if (ver != 3)
		return V2X_ERR_CONSTRAINT;
	if ((e = pqs_coer_get_tag(&r, &t)) != 0)
		return e;
	if (t != 0)
		return V2X_ERR_UNSUPPORTED; /* not unsecuredData: not a Peer2Peer PDU */
	if ((e = pqs_coer_get_open(&r, &pdu)) != 0 || (e = pqs_coer_end(&r)) != 0)
		return e;
	if ((e = pqs_coer_get_u8(&pdu, &ver)) != 0)
		return e;
	if (ver != 1)
		return V2X_ERR_CONSTRAINT; /* Uint8(1) */
	if ((e = pqs_coer_get_tag(&pdu, &t)) != 0)
		return e;
	if (t != 0)
		return V2X_ERR_UNSUPPORTED; /* an extension alternative of content */
	if ((e = pqs_coer_get_quantity(&pdu, &q)) != 0)
		return e;
	if (q == 0)
		return V2X_ERR_CONSTRAINT; /* 8.4: the array starts with the requested certificate */
	if (q > V2X_MAX_CHAIN)
		return V2X_ERR_TOO_LARGE;
	v2x_cert *scratch = malloc(sizeof *scratch);
	if (!scratch)
		return V2X_ERR_NOMEM;
	for (size_t i = 0; !e && i < q; i++) {
		size_t start = pdu.pos;
		if ((e = pqs_v2x_cert_read(&pdu, scratch)) == 0 && pdu.pos - start > V2X_MAX_CERT)
			e = V2X_ERR_TOO_LARGE;
		if (!e) {
			c->certs[i] = pdu.buf + start;
			c->lens[i] = pdu.pos - start;
		}
	}
	free(scratch);
	if (!e)
		e = pqs_coer_end(&pdu);
	if (!e)
		c->n = q;
	return e;
}
