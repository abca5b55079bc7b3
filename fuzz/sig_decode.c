/*
 * libFuzzer target: the public-key and signature decoders of every scheme
 * in the signature registry, through pqs_sig_verify.  Registry-driven, so
 * a scheme registered later is covered without a change here.  Input:
 *   byte 0       class = pqs_sig_at(byte % pqs_sig_count())
 *   pk_len bytes public key (missing bytes are zero)
 *   2 bytes      signature length L, big-endian (capped by what remains)
 *   L bytes      signature
 *   rest         message
 * Properties: verify returns PQS_OK, PQS_ERR_INVALID_SIGNATURE or another
 * negative code; the same inputs give the same result twice; a signature
 * that verifies does not verify for the message with its last byte changed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || pqs_sig_count() == 0)
		return 0;
	const pqs_sig_class *cls = pqs_sig_at(data[0] % pqs_sig_count());
	data++;
	size--;
	uint8_t *pk = calloc(1, cls->pk_len ? cls->pk_len : 1);
	if (!pk)
		return 0;
	size_t take = size < cls->pk_len ? size : cls->pk_len;
	memcpy(pk, data, take);
	data += take;
	size -= take;
	size_t sig_len = 0;
	if (size >= 2) {
		sig_len = ((size_t)data[0] << 8) | data[1];
		data += 2;
		size -= 2;
	}
	if (sig_len > size)
		sig_len = size;
	const uint8_t *sig = data;
	uint8_t *msg = malloc(size - sig_len + 1);
	size_t msg_len = size - sig_len;
	if (!msg) {
		free(pk);
		return 0;
	}
	memcpy(msg, data + sig_len, msg_len);
	int e = pqs_sig_verify(cls, sig, sig_len, msg, msg_len, NULL, 0, pk);
	if (e > 0 || pqs_sig_verify(cls, sig, sig_len, msg, msg_len, NULL, 0, pk) != e)
		abort();
	if (e == PQS_OK && msg_len > 0) {
		msg[msg_len - 1] ^= 0x01;
		if (pqs_sig_verify(cls, sig, sig_len, msg, msg_len, NULL, 0, pk) == PQS_OK)
			abort(); /* one signature for two messages */
	}
	free(msg);
	free(pk);
	return 0;
}
