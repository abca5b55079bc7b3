/*
 * libFuzzer target: SLH-DSA verification, which parses the public key
 * (PK.seed || PK.root) and the signature (R || SIG_FORS || SIG_HT) of every
 * parameter set.  Input: byte 0 selects the set (mod 12) and the mode (bit
 * 7), the rest is data.
 *   mode 0: the data is split into pk, a signature and a message, with
 *     lengths taken from the data; any outcome but a crash, a read out of
 *     bounds or an accepted forgery.
 *   mode 1: the data is XORed into a valid signature of a fast set (SHA2-
 *     or SHAKE-128f, made once): it must verify exactly when the XOR
 *     changed nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/slhdsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t message[] = "pqsig slh-dsa fuzz";

typedef struct {
	uint8_t pk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES];
	uint8_t sig[PQS_SLHDSA_MAX_SIGNATURE_BYTES];
	size_t sig_len;
} valid_sig;

static valid_sig valid[2];
static uint8_t work[PQS_SLHDSA_MAX_SIGNATURE_BYTES + 1];

static void make_valid(void)
{
	static int done;
	static const pqs_slhdsa_set sets[2] = {PQS_SLHDSA_SHA2_128F, PQS_SLHDSA_SHAKE_128F};
	if (done)
		return;
	for (int i = 0; i < 2; i++) {
		uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES], sk[PQS_SLHDSA_MAX_SECRETKEY_BYTES];
		memset(seed, 0x5a + i, sizeof seed);
		valid[i].sig_len = pqs_slhdsa_sig_bytes(sets[i]);
		if (pqs_slhdsa_keygen_internal(sets[i], valid[i].pk, sk, seed) != PQS_OK ||
		    pqs_slhdsa_sign(sets[i], valid[i].sig, message, sizeof message, NULL, 0, NULL, sk,
		                    pqs_slhdsa_sk_bytes(sets[i])) != PQS_OK)
			abort();
	}
	done = 1;
}

static void fuzz_parse(pqs_slhdsa_set set, const uint8_t *data, size_t size)
{
	/* Two length bytes choose how much of the rest is the signature; pk comes first. */
	if (size < 2)
		return;
	const size_t pk_len = pqs_slhdsa_pk_bytes(set) - (data[0] & 1); /* sometimes one short */
	size_t sig_len = ((size_t)data[1] << 8) * 2; /* coarse: 0..130560 */
	data += 2;
	size -= 2;
	if (size < pk_len)
		return;
	const uint8_t *pk = data;
	data += pk_len;
	size -= pk_len;
	/* The signature buffer is the input, padded with zeros up to the set's size (or longer). */
	const size_t want = pqs_slhdsa_sig_bytes(set);
	if (sig_len == 0 || sig_len > want)
		sig_len = (data[-1] & 2) ? want : want + 1;
	memset(work, 0, sig_len);
	memcpy(work, data, size < sig_len ? size : sig_len);
	const size_t msg_len = size > sig_len ? size - sig_len : 0;
	int r = pqs_slhdsa_verify(set, work, sig_len, data + (size - msg_len), msg_len, NULL, 0, pk, pk_len);
	if (r == PQS_OK)
		abort(); /* a forgery from random bytes */
	if (r != PQS_ERR_INVALID_SIGNATURE && r != PQS_ERR_SIG_LENGTH && r != PQS_ERR_KEY_LENGTH)
		abort();
}

static void fuzz_flip(int which, const uint8_t *data, size_t size)
{
	const pqs_slhdsa_set set = which ? PQS_SLHDSA_SHAKE_128F : PQS_SLHDSA_SHA2_128F;
	const valid_sig *v = &valid[which];
	int changed = 0;
	make_valid();
	memcpy(work, v->sig, v->sig_len);
	/* Spread the input over the whole signature: byte i lands at offset i * stride. */
	const size_t stride = size ? v->sig_len / size : 1;
	for (size_t i = 0; i < size; i++) {
		work[(i * (stride ? stride : 1)) % v->sig_len] ^= data[i];
		changed |= data[i] != 0;
	}
	changed = changed && memcmp(work, v->sig, v->sig_len) != 0;
	int r = pqs_slhdsa_verify(set, work, v->sig_len, message, sizeof message, NULL, 0, v->pk,
	                          pqs_slhdsa_pk_bytes(set));
	if ((r == PQS_OK) == changed)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const unsigned sel = data[0];
	if (sel & 0x80)
		fuzz_flip(sel & 1, data + 1, size - 1);
	else
		fuzz_parse((pqs_slhdsa_set)(sel % PQS_SLHDSA_SET_COUNT), data + 1, size - 1);
	return 0;
}
