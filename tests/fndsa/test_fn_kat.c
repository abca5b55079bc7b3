/*
 * FN-DSA (putative FIPS 206 draft): the 90 KAT digests of
 * vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json (rust-fn-dsa
 * 0629bb11; c-fn-dsa reproduces them), by the derivation that file and
 * notes/fn-dsa-provisional.md section 5 describe: for logn 2..10 and
 * j 0..9, SHAKE256(logn || j as u32 LE) gives seed_kgen (32 bytes) and
 * seed_sign (40 bytes); keygen; sign with ctx "domain" a raw "message"
 * (j even) or its SHA3-256 digest as pre-hash (j odd); verify; the
 * vector is SHA3-256(sk || vk || sig).  Run by the native and the
 * emulated floating-point builds (label fndsa).
 */
#include <stdio.h>
#include <string.h>

#include "fndsa/fn_inner.h"
#include "json.h"
#include "pqsig/fndsa.h"
#include "pqsig/sha3.h"
#include "testutil.h"

static int
kat_one(unsigned logn, uint32_t j, uint8_t digest[32])
{
	static const uint8_t ctx[] = "domain";
	static const uint8_t msg[] = "message";
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
	if (pqs_fndsa_fn_sign_mu(sig, sk, skl, mu, seeds + 32, 40) != PQS_OK) {
		return 0;
	}
	if (pqs_fndsa_fn_vk_decode(h, vk, vkl, logn) != PQS_OK
		|| pqs_fndsa_fn_verify_mu(sig, sgl, h, logn, mu) != PQS_OK)
	{
		return 0;
	}
	/* Raw messages of the standard degrees: the class's prepared-key path accepts them too. */
	if (j % 2 == 0 && (logn == 9 || logn == 10)
		&& tu_verify_prepared(logn == 9 ? &pqs_fndsa512_class : &pqs_fndsa1024_class,
			sig, sgl, msg, 7, ctx, 6, vk) != PQS_OK)
	{
		return 0;
	}
	pqs_sha3_256_init(&sc);
	pqs_keccak_absorb(&sc, sk, skl);
	pqs_keccak_absorb(&sc, vk, vkl);
	pqs_keccak_absorb(&sc, sig, sgl);
	pqs_keccak_squeeze(&sc, digest, 32);
	return 1;
}

int
main(int argc, char **argv)
{
	const char *path = tu_shared_path(
		"vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json");
	tu_json *root = tu_json_load(path);
	const tu_json *kat;
	unsigned logn, min_logn = argc > 1 ? 9 : 2, matched = 0, expected;

	/* Optional argument (sanitizer builds): only logn 9 and 10. */
	(void)argv;
	TU_CHECK(root != NULL, "load %s", path);
	if (root == NULL) {
		return tu_finish("test_fn_kat");
	}
	kat = tu_json_get(root, "kat_sha3_256");
	TU_CHECK(kat != NULL, "kat_sha3_256");
	for (logn = min_logn; kat != NULL && logn <= 10; logn++) {
		char key[4];
		const tu_json *arr;
		uint32_t j;

		snprintf(key, sizeof key, "%u", logn);
		arr = tu_json_get(kat, key);
		TU_CHECK(arr != NULL && arr->len == 10, "10 digests for logn %u", logn);
		for (j = 0; arr != NULL && j < arr->len; j++) {
			const tu_json *e = tu_json_at(arr, j);
			uint8_t want[32], got[32];
			int ok = e != NULL && e->str != NULL
				&& tu_hex_decode_into(e->str, 64, want) == 0
				&& kat_one(logn, j, got) && memcmp(want, got, 32) == 0;

			TU_CHECK(ok, "KAT logn %u j %u", logn, (unsigned)j);
			matched += ok;
		}
	}
	expected = 10 * (11 - min_logn);
	TU_CHECK(matched == expected, "%u of %u digests reproduced", matched, expected);
	tu_json_free(root);
	printf("%lu verifications also through a prepared key\n", tu_prepared_verifies);
	TU_CHECK(tu_prepared_verifies == 10UL, "prepared-key verifications: %lu", tu_prepared_verifies);
	return tu_finish("test_fn_kat");
}
