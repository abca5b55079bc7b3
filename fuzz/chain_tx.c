/*
 * libFuzzer target: the ledger's transaction decoder (pqs_chain_tx_decode).
 * Properties checked on every input, beyond "no crash, no sanitizer
 * report": a decoded transaction re-encodes to exactly the bytes it was
 * decoded from (the encoding is canonical), its derived sizes agree, and
 * signature verification of whatever decoded never crashes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pqs_chain_tx tx;
	size_t used;
	if (pqs_chain_tx_decode(&tx, data, size, &used) != PQS_OK)
		return 0;
	if (used > size || pqs_chain_tx_encoded_len(&tx, tx.form) != used)
		abort();
	uint8_t *out = malloc(used);
	size_t out_len;
	if (!out)
		return 0;
	if (pqs_chain_tx_encode(&tx, tx.form, out, used, &out_len) != PQS_OK || out_len != used ||
	    memcmp(out, data, used) != 0)
		abort();
	free(out);
	/* Strict mode (no trailing bytes) agrees with the prefix mode. */
	pqs_chain_tx again;
	if (pqs_chain_tx_decode(&again, data, size, NULL) != (used == size ? PQS_OK : PQS_CHAIN_ERR_TRAILING))
		abort();
	if (tx.sender_pk)
		(void)pqs_chain_tx_verify(&tx, tx.sender_pk);
	return 0;
}
