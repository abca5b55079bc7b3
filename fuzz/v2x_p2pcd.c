/*
 * libFuzzer target: the IEEE 1609.2 clause-8 decoders (issue 18): the
 * Peer2Peer PDU (pqs_v2x_p2p_decode) and the P2PCD HeaderInfo fields of an
 * SPDU (pqs_v2x_spdu_decode: p2pcdLearningRequest, inlineP2pcdRequest,
 * requestedCertificate).  Properties: a decoded PDU re-encodes to exactly
 * its input (canonical OER has one encoding), its certificates lie inside
 * the input and decode on their own; a decoded SPDU's requestedCertificate
 * lies inside the input and decodes, and it lists at most
 * V2X_P2PCD_MAX_IDS HashedId3 values.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/p2pcd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int inside(const uint8_t *p, size_t n, const uint8_t *data, size_t size)
{
	return p >= data && n <= size && (size_t)(p - data) <= size - n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static v2x_cert c;
	v2x_p2p_certs pc;
	if (pqs_v2x_p2p_decode(data, size, &pc) == V2X_OK) {
		uint8_t *re = malloc(size ? size : 1);
		size_t n = 0;
		if (!re)
			return 0;
		if (pqs_v2x_p2p_encode(&pc, re, size, &n) != V2X_OK || n != size || memcmp(re, data, size) != 0)
			abort();
		free(re);
		for (size_t i = 0; i < pc.n; i++)
			if (!inside(pc.certs[i], pc.lens[i], data, size) ||
			    pqs_v2x_cert_decode(&c, pc.certs[i], pc.lens[i]) != V2X_OK)
				abort();
	}
	v2x_spdu_info info;
	if (pqs_v2x_spdu_decode(data, size, &info) != V2X_OK)
		return 0;
	const v2x_p2pcd_fields *f = &info.p2pcd;
	if (f->n_inline > V2X_P2PCD_MAX_IDS || (f->n_inline && !f->has_inline))
		abort();
	if (f->requested_cert && (!inside(f->requested_cert, f->requested_cert_len, data, size) ||
				  pqs_v2x_cert_decode(&c, f->requested_cert, f->requested_cert_len) != V2X_OK))
		abort();
	return 0;
}
