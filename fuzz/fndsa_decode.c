/*
 * libFuzzer target: the FN-DSA (putative FIPS 206 draft) decoders of
 * src/fndsa/fn_codec.c and fn_sign.c.  The first input byte selects the
 * object, the rest is its encoding (degree from its header byte):
 *   0: verifying key, 1: signing key, 2: signature (checked against a
 *      fixed key pair of the same degree).
 * Beyond "no crash, no sanitizer report": whatever decodes re-encodes to
 * exactly the input bytes (the decoders accept only canonical encodings),
 * and verification of any decodable signature never crashes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fndsa/fn_inner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_vk(const uint8_t *in, size_t len)
{
	uint16_t h[1024];
	uint8_t out[PQS_FNDSA_FN_VK_SIZE(10)];
	unsigned logn = in[0];

	if (logn < PQS_FNDSA_FN_MIN_LOGN || logn > 10
		|| pqs_fndsa_fn_vk_decode(h, in, len, logn) != PQS_OK)
		return;
	if (pqs_fndsa_fn_vk_encode(out, h, logn) != len || memcmp(out, in, len) != 0)
		abort();
}

static void
check_sk(const uint8_t *in, size_t len)
{
	int8_t f[1024], g[1024], F[1024], G[1024];
	uint16_t tmp[3 * 1024];
	uint8_t out[PQS_FNDSA_FN_SK_SIZE(10)];
	const uint8_t *hvk;
	unsigned logn, nb;
	size_t k = 1;

	if (pqs_fndsa_fn_decode_sk(f, g, F, G, &hvk, in, len, &logn, tmp) != PQS_OK)
		return;
	nb = FNDSA_FG_BITS(logn);
	out[0] = in[0];
	k += pqs_fndsa_fn_trim_encode(out + k, f, logn, nb);
	k += pqs_fndsa_fn_trim_encode(out + k, g, logn, nb);
	k += pqs_fndsa_fn_trim_encode(out + k, F, logn, 8);
	memcpy(out + k, hvk, 64);
	if (k + 64 != len || memcmp(out, in, len) != 0)
		abort();
}

static void
check_sig(const uint8_t *in, size_t len)
{
	static uint8_t vk[11][PQS_FNDSA_FN_VK_SIZE(10)];
	static uint8_t sk[PQS_FNDSA_FN_SK_SIZE(10)];
	static int have[11];
	uint8_t out[PQS_FNDSA_FN_SIG_SIZE(10)], mu[64] = { 0 };
	uint16_t h[1024];
	int16_t s2[1024];
	unsigned logn = (unsigned)in[0] - 0x30;
	size_t clen;

	if ((in[0] & 0xF0) != 0x30 || logn < PQS_FNDSA_FN_MIN_LOGN || logn > 10
		|| len != PQS_FNDSA_FN_SIG_SIZE(logn))
		return;
	clen = len - 1 - FNDSA_NONCE_LEN;
	if (!pqs_fndsa_fn_comp_decode(s2, logn, in + 1 + FNDSA_NONCE_LEN, clen))
		return;
	memset(out, 0, sizeof out);
	if (pqs_fndsa_fn_comp_encode(out, clen, s2, logn) == 0
		|| memcmp(out, in + 1 + FNDSA_NONCE_LEN, clen) != 0)
		abort();
	if (!have[logn]) {
		uint8_t seed[1] = { (uint8_t)logn };
		if (pqs_fndsa_fn_keygen_seeded(logn, seed, 1, sk, vk[logn]) != PQS_OK)
			abort();
		have[logn] = 1;
	}
	if (pqs_fndsa_fn_vk_decode(h, vk[logn], PQS_FNDSA_FN_VK_SIZE(logn), logn) != PQS_OK)
		abort();
	(void)pqs_fndsa_fn_verify_mu(in, len, h, logn, mu);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	switch (data[0] % 3) {
	case 0:
		check_vk(data + 1, size - 1);
		break;
	case 1:
		check_sk(data + 1, size - 1);
		break;
	default:
		check_sig(data + 1, size - 1);
		break;
	}
	return 0;
}
