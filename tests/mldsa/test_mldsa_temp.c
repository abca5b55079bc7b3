/*
 * The _temp signers: on a caller workspace of exactly the documented size,
 * at any alignment, they give the same signatures as the stack signers
 * (checked against the ACVP-verified deterministic path), refuse a workspace
 * one byte short, and leave the workspace wiped.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/mldsa.h"
#include "pqsig/sig.h"
#include "testutil.h"

static void check_set(pqs_mldsa_set set, size_t temp_bytes)
{
	uint8_t pk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], sk[PQS_MLDSA_MAX_SECRETKEY_BYTES];
	uint8_t sig1[PQS_MLDSA_MAX_SIGNATURE_BYTES], sig2[PQS_MLDSA_MAX_SIGNATURE_BYTES];
	uint8_t xi[PQS_MLDSA_SEED_BYTES], rnd[PQS_MLDSA_RND_BYTES], mu[PQS_MLDSA_MU_BYTES];
	const uint8_t msg[] = "workspace", ctx[] = "ctx";
	size_t sk_len = pqs_mldsa_sk_bytes(set), sig_len = pqs_mldsa_sig_bytes(set);
	memset(xi, 0x42, sizeof xi);
	memset(rnd, 0x17, sizeof rnd);
	memset(mu, 0x5a, sizeof mu);
	TU_CHECK(pqs_mldsa_keygen_internal(set, pk, sk, xi) == PQS_OK, "ML-DSA-%d keygen", set);

	uint8_t *block = malloc(temp_bytes + 8);
	TU_CHECK(block != NULL, "allocation");
	if (!block)
		return;
	for (size_t offset = 0; offset < 4; offset++) {
		uint8_t *tmp = block + offset;
		/* Hedged and deterministic pure signing, then external mu. */
		for (int hedged = 0; hedged < 2; hedged++) {
			const uint8_t *r = hedged ? rnd : NULL;
			TU_CHECK(pqs_mldsa_sign(set, sig1, msg, sizeof msg, ctx, sizeof ctx, r, sk, sk_len) == PQS_OK,
			         "ML-DSA-%d stack sign", set);
			memset(block, 0xEE, temp_bytes + 8);
			TU_CHECK(pqs_mldsa_sign_temp(set, sig2, msg, sizeof msg, ctx, sizeof ctx, r, sk, sk_len, tmp,
			                             temp_bytes) == PQS_OK,
			         "ML-DSA-%d temp sign at offset %zu", set, offset);
			TU_CHECK(memcmp(sig1, sig2, sig_len) == 0, "ML-DSA-%d same signature on the workspace", set);
			size_t used_dirty = 0;
			for (size_t i = 0; i < temp_bytes; i++)
				used_dirty += tmp[i] != 0 && tmp[i] != 0xEE;
			TU_CHECK(used_dirty == 0, "ML-DSA-%d workspace wiped (%zu bytes left)", set, used_dirty);
		}
		TU_CHECK(pqs_mldsa_sign_mu(set, sig1, mu, rnd, sk, sk_len) == PQS_OK &&
		                 pqs_mldsa_sign_mu_temp(set, sig2, mu, rnd, sk, sk_len, tmp, temp_bytes) == PQS_OK &&
		                 memcmp(sig1, sig2, sig_len) == 0,
		         "ML-DSA-%d external-mu signature on the workspace", set);
		TU_CHECK(pqs_mldsa_verify_mu(set, sig2, sig_len, mu, pk, pqs_mldsa_pk_bytes(set)) == PQS_OK,
		         "ML-DSA-%d workspace signature verifies", set);
	}
	/* The documented size includes 3 bytes of alignment slack: an aligned buffer 3 short still fits. */
	uint8_t *aligned = block + (4 - (size_t)((uintptr_t)block % 4)) % 4;
	TU_CHECK(pqs_mldsa_sign_temp(set, sig2, msg, sizeof msg, NULL, 0, NULL, sk, sk_len, aligned, temp_bytes - 3) ==
	                 PQS_OK,
	         "ML-DSA-%d aligned workspace without slack", set);
	TU_CHECK(pqs_mldsa_sign_temp(set, sig2, msg, sizeof msg, NULL, 0, NULL, sk, sk_len, aligned, temp_bytes - 4) ==
	                 PQS_ERR_BUFFER_TOO_SMALL,
	         "ML-DSA-%d workspace one byte short refused", set);
	free(block);
}

int main(void)
{
	check_set(PQS_MLDSA_44, PQS_MLDSA44_SIGN_TEMP_BYTES);
	check_set(PQS_MLDSA_65, PQS_MLDSA65_SIGN_TEMP_BYTES);
	check_set(PQS_MLDSA_87, PQS_MLDSA87_SIGN_TEMP_BYTES);
	return tu_finish("ML-DSA _temp signers");
}
