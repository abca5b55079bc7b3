/*
 * FN-DSA (putative FIPS 206 draft) key generation against the external
 * values of notes/fn-dsa-provisional.md section 5: the worked example
 * logn = 2, j = 0 (vk and sk in full; 7 candidates, 3 of them rejected
 * by the 2025 solver's final range check, so a round-3 or exact solver
 * gives a different key), and the published prefixes of FN-DSA-512
 * j = 0.  The 90 KAT digests (test_fn_kat) cover all other keys.
 */
#include <string.h>

#include "fndsa/fn_inner.h"
#include "pqsig/sha3.h"
#include "testutil.h"

/* seed_kgen = SHAKE256(logn || j as u32 LE)[0..32] (section 5). */
static void
kat_seed(uint8_t seed[32], unsigned logn, uint32_t j)
{
	uint8_t in[5] = { (uint8_t)logn, (uint8_t)j, (uint8_t)(j >> 8),
		(uint8_t)(j >> 16), (uint8_t)(j >> 24) };

	pqs_shake256(seed, 32, in, sizeof in);
}

static void
check_hex(const uint8_t *got, const char *hex, const char *what)
{
	uint8_t want[256];
	size_t len = strlen(hex) / 2;

	TU_CHECK(tu_hex_decode_into(hex, 2 * len, want) == 0, "hex %s", what);
	TU_CHECK(tu_bytes_eq(got, want, len), "%s", what);
}

int
main(void)
{
	uint8_t seed[32], sk[PQS_FNDSA_FN_SK_SIZE(10)], vk[PQS_FNDSA_FN_VK_SIZE(10)];

	kat_seed(seed, 2, 0);
	check_hex(seed, "265f2be7af21f777f686a019e935700af431dacea2670cd1bdd020f7bd11c934",
		"seed_kgen (2,0)");
	TU_CHECK(pqs_fndsa_fn_keygen_seeded(2, seed, 32, sk, vk) == PQS_OK, "keygen (2,0)");
	TU_CHECK(PQS_FNDSA_FN_VK_SIZE(2) == 8 && PQS_FNDSA_FN_SK_SIZE(2) == 77, "toy sizes");
	check_hex(vk, "0240852b04556d99", "vk (2,0)");
	check_hex(sk, "521dcc2af630bcfdcee3afe5ca"
		"0a975fc1c0a4393d7d96df2e6b83a3c01741f3f550db1f7efdf7241f3e419759"
		"60c9302aa79e5da2c7e3b23b16dd37cde2b3e23d2f55bc0c9474f3c4f744d2ad",
		"sk (2,0)");

	kat_seed(seed, 9, 0);
	TU_CHECK(pqs_fndsa_fn_keygen_seeded(9, seed, 32, sk, vk) == PQS_OK, "keygen (9,0)");
	TU_CHECK(PQS_FNDSA_FN_VK_SIZE(9) == 897 && PQS_FNDSA_FN_SK_SIZE(9) == 1345, "512 sizes");
	check_hex(sk, "593ce2f3", "sk prefix (9,0)");
	check_hex(vk, "09e26866", "vk prefix (9,0)");

	TU_CHECK(pqs_fndsa_fn_keygen_seeded(1, seed, 32, sk, vk) == PQS_ERR_ARG, "logn 1");
	TU_CHECK(pqs_fndsa_fn_keygen_seeded(11, seed, 32, sk, vk) == PQS_ERR_ARG, "logn 11");
	return tu_finish("test_fn_keygen");
}
