/*
 * One FN-DSA KAT vector (derivation in test_fn_kat.c and
 * notes/fn-dsa-provisional.md section 5).
 */
#include "fn_kat_vector.h"

#include <string.h>

#include "pqsig/fndsa.h"
#include "pqsig/sha3.h"

const uint8_t fn_kat_ctx[6] = { 'd', 'o', 'm', 'a', 'i', 'n' };
const uint8_t fn_kat_msg[7] = { 'm', 'e', 's', 's', 'a', 'g', 'e' };

int fn_kat_vector(unsigned logn, uint32_t j, uint8_t digest[32], fn_kat_outputs *out)
{
	const uint8_t *ctx = fn_kat_ctx, *msg = fn_kat_msg;
	uint8_t in[5] = { (uint8_t)logn, (uint8_t)j, (uint8_t)(j >> 8),
		(uint8_t)(j >> 16), (uint8_t)(j >> 24) };
	uint8_t seeds[72], mu[64], hvk[64], ph[32];
	uint8_t sk[PQS_FNDSA_FN_SK_SIZE(10)], vk[PQS_FNDSA_FN_VK_SIZE(10)];
	uint8_t sig[PQS_FNDSA_FN_SIG_SIZE(10)];
	uint16_t h[1024];
	size_t skl = PQS_FNDSA_FN_SK_SIZE(logn), vkl = PQS_FNDSA_FN_VK_SIZE(logn);
	size_t sgl = PQS_FNDSA_FN_SIG_SIZE(logn);
	pqs_keccak sc;

	pqs_shake256(seeds, sizeof seeds, in, sizeof in);
	if (pqs_fndsa_fn_keygen_seeded(logn, seeds, 32, sk, vk) != PQS_OK) {
		return 0;
	}
	pqs_shake256(hvk, 64, vk, vkl);
	if (j % 2 == 0) {
		pqs_fndsa_fn_mu(mu, hvk, PQS_FNDSA_FN_RAW, ctx, 6, msg, 7);
	} else {
		pqs_sha3_256(ph, msg, 7);
		pqs_fndsa_fn_mu(mu, hvk, 0x08, ctx, 6, ph, 32);
	}
	if (j % 2 == 0) {
		if (pqs_fndsa_fn_sign_mu(sig, sk, skl, mu, seeds + 32, 40, NULL, 0) != PQS_OK) {
			return 0;
		}
	} else {
		/* Every second vector on a caller workspace of exactly
		 * PQS_FNDSA_SIGN_TEMP_BYTES(logn), misaligned, which must come
		 * back wiped. */
		static uint8_t work[PQS_FNDSA_SIGN_TEMP_BYTES(10) + 1];
		size_t wl = PQS_FNDSA_SIGN_TEMP_BYTES(logn), u;
		uint8_t acc = 0;

		memset(work, 0, sizeof work);
		if (pqs_fndsa_fn_sign_mu(sig, sk, skl, mu, seeds + 32, 40, work + 1, wl - 1) !=
			    PQS_ERR_BUFFER_TOO_SMALL ||
		    pqs_fndsa_fn_sign_mu(sig, sk, skl, mu, seeds + 32, 40, work + 1, wl) != PQS_OK) {
			return 0;
		}
		for (u = 0; u < sizeof work; u++) {
			acc |= work[u];
		}
		if (acc != 0) {
			return 0;
		}
	}
	if (pqs_fndsa_fn_vk_decode(h, vk, vkl, logn) != PQS_OK
		|| pqs_fndsa_fn_verify_mu(sig, sgl, h, logn, mu) != PQS_OK)
	{
		return 0;
	}
	pqs_sha3_256_init(&sc);
	pqs_keccak_absorb(&sc, sk, skl);
	pqs_keccak_absorb(&sc, vk, vkl);
	pqs_keccak_absorb(&sc, sig, sgl);
	pqs_keccak_squeeze(&sc, digest, 32);
	if (out != NULL) {
		memcpy(out->vk, vk, vkl);
		memcpy(out->sig, sig, sgl);
		out->vk_len = vkl;
		out->sig_len = sgl;
		out->prehashed = j % 2 == 1;
	}
	return 1;
}
