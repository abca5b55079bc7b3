/*
 * libFuzzer target: the WSMP header decoder (pqs_wsm_decode, IEEE 1609.3-2020
 * section 8.3) and the fragment header parser (pqs_wsm_fragment_parse).
 * Properties, beyond "no crash, no sanitizer report": the WSM data and
 * every T-extension value lie inside the input; a decoded header's fields
 * are in range and its encoding has exactly the input's length; a parsed
 * fragment's payload is the rest of the data, at an offset inside the SPDU.
 * (Re-encoding byte for byte is fuzz_diff_reencode's job.)
 */
#include <stdint.h>
#include <stdlib.h>

#include "pqsig/wsm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int inside(const uint8_t *p, size_t n, const uint8_t *data, size_t size)
{
	return n == 0 || (p >= data && p + n <= data + size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wsm_header h;
	const uint8_t *wsm_data;
	size_t len;
	if (pqs_wsm_decode(data, size, &h, &wsm_data, &len) == PQS_OK) {
		if (!inside(wsm_data, len, data, size) || len > WSM_DATA_LIMIT_MAX || h.psid > WSM_PSID_MAX ||
		    h.n_t_ext > WSM_MAX_T_EXT || pqs_wsm_encoded_len(&h, len) != size)
			abort();
		for (size_t i = 0; i < h.n_t_ext; i++)
			if (!inside(h.t_ext[i].value, h.t_ext[i].len, data, size))
				abort();
		data = wsm_data;
		size = len;
	}
	wsm_fragment_info fi;
	if (pqs_wsm_fragment_parse(data, size, &fi) == PQS_OK &&
	    (fi.payload != data + WSM_FRAG_HEADER_LEN || fi.payload_len != size - WSM_FRAG_HEADER_LEN ||
	     fi.index >= fi.count || fi.offset + fi.payload_len > fi.total_len || fi.payload_len == 0))
		abort();
	return 0;
}
