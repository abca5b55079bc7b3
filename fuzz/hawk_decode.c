/*
 * libFuzzer target: the Hawk public key and signature decoders
 * (src/hawk/codec.c) and the verifier on arbitrary inputs.
 * data[0] % 6 selects: 0/1 public key of Hawk-512/1024, 2/3 signature of
 * Hawk-512/1024, 4/5 verification of (pk || sig) of Hawk-512/1024 over a
 * fixed message; the rest of the input (zero-extended to the fixed size)
 * is the encoding.  Properties: no crash or sanitizer report, and every
 * accepted encoding is canonical (re-encodes to the same bytes).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hawk/inner.h"
#include "pqsig/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t buf[2440 + 1221], again[2440];
	int16_t a[1024], b[1024];
	uint8_t salt[40];
	unsigned mode, logn;
	const pqs_hawk_params *prm;
	size_t pk_len, sig_len;

	if (size < 1) {
		return 0;
	}
	mode = data[0] % 6;
	logn = (mode & 1) ? 10 : 9;
	prm = pqs_hawk_params_get(logn);
	pk_len = PQS_HAWK_PK_LEN(logn);
	sig_len = PQS_HAWK_SIG_LEN(logn);
	memset(buf, 0, sizeof buf);
	memcpy(buf, data + 1, size - 1 < sizeof buf ? size - 1 : sizeof buf);
	switch (mode >> 1) {
	case 0:
		if (pqs_hawk_decode_public(a, b, prm, buf) == PQS_OK
			&& (!pqs_hawk_encode_public(again, prm, a, b)
				|| memcmp(again, buf, pk_len) != 0))
		{
			abort();
		}
		break;
	case 1:
		if (pqs_hawk_decode_sig(salt, a, prm, buf) == PQS_OK
			&& (!pqs_hawk_encode_sig(again, prm, salt, a)
				|| memcmp(again, buf, sig_len) != 0))
		{
			abort();
		}
		break;
	default:
		(void)pqs_hawk_verify(logn, buf + pk_len, (const uint8_t *)"fuzz", 4, buf);
		break;
	}
	return 0;
}
