/*
 * libFuzzer target: the ECIES decoder/decrypter of IEEE 1609.2 section
 * 5.3.5 (pqs_ecies_decrypt: V || C || T || nonce || CCM ciphertext).  The
 * first byte picks the recipient key: 0 the fixed key the seeds were
 * encrypted to, otherwise a key derived from that byte.  Properties: a
 * failed decryption writes nothing (pt zeroized, *pt_len 0) and a
 * successful one yields exactly ct_len - PQS_ECIES_OVERHEAD bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/scms.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t pt[4096];
	if (size < 1)
		return 0;
	/* The seeds' key: 32 bytes of 0x11 (fuzz/gen_corpus.c). */
	uint8_t r[32];
	memset(r, 0x11, sizeof r);
	r[31] ^= data[0];
	size_t pt_len = 12345;
	memset(pt, 0xA5, sizeof pt);
	int e = pqs_ecies_decrypt(pt, sizeof pt, &pt_len, r, NULL, data + 1, size - 1);
	if (e == PQS_OK) {
		if (size - 1 < PQS_ECIES_OVERHEAD || pt_len != size - 1 - PQS_ECIES_OVERHEAD)
			abort();
	} else {
		for (size_t i = 0; i < sizeof pt && i < size; i++)
			if (pt[i] != 0 && pt[i] != 0xA5)
				abort(); /* partial plaintext left behind */
	}
	return 0;
}
