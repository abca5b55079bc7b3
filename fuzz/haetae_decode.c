/*
 * libFuzzer target: the strict HAETAE v1.1.2 decoders (rANS streams of
 * HighBits(z1) and h, signature sizes and padding; public and secret key
 * coefficient ranges).  The first byte selects the set (bits 0-1: HAETAE-2,
 * -3, -5) and the object (bits 2-3: signature, public key, secret key); the
 * rest is the encoding, zero-extended or cut to the object's size.
 * Properties: no crash or sanitizer report; a signature or key the decoder
 * accepts re-encodes to exactly the same bytes (the decoders are
 * canonical); a wrong length is always PQS_ERR_SIG_LENGTH /
 * PQS_ERR_KEY_LENGTH.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "haetae/inner.h"
#include "pqsig/haetae.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const pqs_haetae_set sets[4] = { PQS_HAETAE_2, PQS_HAETAE_3, PQS_HAETAE_5, PQS_HAETAE_2 };
	static uint8_t buf[PQS_HAETAE_MAX_SECRETKEY_BYTES + PQS_HAETAE_MAX_SIGNATURE_BYTES];
	static uint8_t again[PQS_HAETAE_MAX_SECRETKEY_BYTES + PQS_HAETAE_MAX_SIGNATURE_BYTES];
	haetae_poly b[HAETAE_K_MAX], s1[HAETAE_M_MAX], s2[HAETAE_K_MAX];
	uint8_t key[HAETAE_SEEDBYTES];
	if (size < 1)
		return 0;
	const pqs_haetae_set set = sets[data[0] & 3];
	const unsigned kind = (data[0] >> 2) & 3;
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	const size_t want = kind == 0 ? p->sig_bytes : kind == 1 ? p->pk_bytes : p->sk_bytes;
	size_t n = size - 1 < want ? size - 1 : want;
	memset(buf, 0, want);
	memcpy(buf, data + 1, n);

	if (kind == 0) {
		if (size - 1 != want && pqs_haetae_check_sig(set, data + 1, size - 1) != PQS_ERR_SIG_LENGTH)
			abort();
		haetae_poly c, lowz[HAETAE_L_MAX], highz[HAETAE_L_MAX], h[HAETAE_K_MAX];
		int r = pqs_haetae_unpack_sig(p, &c, lowz, highz, h, buf);
		if (r != pqs_haetae_check_sig(set, buf, want))
			abort();
		if (r == PQS_OK && (pqs_haetae_pack_sig(p, again, &c, lowz, highz, h) != 0 || memcmp(again, buf, want) != 0))
			abort(); /* accepted but not the canonical encoding */
	} else if (kind == 1) {
		if (size - 1 != want && pqs_haetae_check_pk(set, data + 1, size - 1) != PQS_ERR_KEY_LENGTH)
			abort();
		if (pqs_haetae_check_pk(set, buf, want) == PQS_OK) {
			if (pqs_haetae_unpack_pk(p, b, buf) != PQS_OK)
				abort();
			pqs_haetae_pack_pk(p, again, b, buf);
			if (memcmp(again, buf, want) != 0)
				abort(); /* accepted but not the canonical encoding */
		}
	} else {
		if (size - 1 != want && pqs_haetae_check_sk(set, data + 1, size - 1) != PQS_ERR_KEY_LENGTH)
			abort();
		if (pqs_haetae_check_sk(set, buf, want) == PQS_OK) {
			if (pqs_haetae_unpack_sk(p, s1, s2, key, buf) != PQS_OK)
				abort();
			pqs_haetae_pack_sk(p, again, buf, s1, s2, key);
			if (memcmp(again, buf, want) != 0)
				abort(); /* accepted but not the canonical encoding */
		}
	}
	return 0;
}
