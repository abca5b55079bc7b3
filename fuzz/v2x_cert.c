/*
 * libFuzzer target: the IEEE 1609.2 certificate decoder (pqs_v2x_cert_decode),
 * HashedId8, and the trust-anchor check (pqs_v2x_store_add_root, which
 * verifies a self-signed certificate's signature).  Properties: a decoded
 * certificate's ToBeSignedCertificate lies inside the input, its key and
 * signature lengths are within bounds, and HashedId8 succeeds exactly when
 * decoding does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static v2x_cert c;
	uint8_t id[8];
	int d = pqs_v2x_cert_decode(&c, data, size);
	int h = pqs_v2x_cert_hashedid8(data, size, id, NULL, NULL);
	if ((d == V2X_OK) != (h == V2X_OK))
		abort();
	if (d != V2X_OK)
		return 0;
	if (c.tbs_off + c.tbs_len > size || c.pk_len > V2X_MAX_PK || c.sig_len > V2X_MAX_SIG ||
	    c.n_regions > V2X_MAX_REGIONS || c.n_app > V2X_MAX_PSIDS || c.n_issue > V2X_MAX_PSIDS)
		abort();
	v2x_store *s = pqs_v2x_store_new(1);
	if (!s)
		return 0;
	(void)pqs_v2x_store_add_root(s, data, size); /* any outcome but a crash */
	pqs_v2x_store_free(s);
	return 0;
}
