/*
 * ffSampling variants of pqs_fndsa_sign_dyn (issue 17): fully recursive down to
 * logn = 0, non-recursive at logn <= 1, and at logn <= 2 (the default) must
 * all reproduce the round-3 NIST KAT signatures (Falcon-padded-512/1024,
 * sm = signature || message), hence give identical signatures.  Each
 * entry's AES-256 CTR-DRBG is replayed as in test_sign_kat.c: keygen's 48
 * bytes first, then signing draws the nonce and the sampler seed.
 * Also: an out-of-range setting is rejected and changes nothing.
 * Usage: test_ffsampling_variants [entries per file (default 10)]
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "nist_drbg.h"
#include "pqsig/falcon.h"
#include "testutil.h"

static const struct {
	const char *file;
	const pqs_sig_class *cls;
} SETS[] = {
	{ "vectors/falcon/Falcon-padded-512.liboqs-kat.rsp", &pqs_falcon_padded512_class },
	{ "vectors/falcon/Falcon-padded-1024.liboqs-kat.rsp", &pqs_falcon_padded1024_class },
};

/* Entries of one file whose sm the current variant reproduces. */
static unsigned kat_matches(size_t si, unsigned limit)
{
	const pqs_sig_class *cls = SETS[si].cls;
	tu_rsp rsp;
	unsigned count = 0, matched = 0;

	if (tu_rsp_open(&rsp, tu_shared_path(SETS[si].file)) != 0) {
		TU_CHECK(0, "open %s", SETS[si].file);
		return 0;
	}
	while (count < limit && tu_rsp_next(&rsp)) {
		size_t seed_len = 0, msg_len = 0, sk_len = 0, sm_len = 0, sig_len = 0;
		uint8_t *seed = tu_rsp_hex(&rsp, "seed", &seed_len), *msg = tu_rsp_hex(&rsp, "msg", &msg_len);
		uint8_t *sk = tu_rsp_hex(&rsp, "sk", &sk_len), *sm = tu_rsp_hex(&rsp, "sm", &sm_len);
		uint8_t sig[PQS_FALCON_PADDED_SIGNATURE_BYTES(10)], kg[48];
		pqs_drbg drbg;

		if (seed && msg && sk && sm && seed_len == 48 && sk_len == cls->sk_len) {
			pqs_drbg_init(&drbg, seed, NULL);
			pqs_drbg_generate(&drbg, kg, sizeof kg); /* keygen's randombytes(48) */
			matched += cls->sign(cls, sig, sizeof sig, &sig_len, msg, msg_len, NULL, 0, sk, 0,
					&drbg.rng) == PQS_OK
				&& sm_len == sig_len + msg_len && memcmp(sm, sig, sig_len) == 0
				&& memcmp(sm + sig_len, msg, msg_len) == 0;
			pqs_drbg_clear(&drbg);
		}
		free(seed);
		free(msg);
		free(sk);
		free(sm);
		count++;
	}
	tu_rsp_close(&rsp);
	TU_CHECK(count == limit, "%s: %u entries read", cls->name, count);
	return matched;
}

int main(int argc, char **argv)
{
	unsigned limit = argc > 1 ? (unsigned)atoi(argv[1]) : 10;

	TU_CHECK(pqs_fndsa_ffsampling_unroll() == PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT, "default variant");
	for (unsigned levels = 0; levels <= PQS_FNDSA_FFSAMPLING_UNROLL_MAX; levels++) {
		TU_CHECK(pqs_fndsa_set_ffsampling_unroll(levels) == PQS_OK, "set %u", levels);
		for (size_t si = 0; si < sizeof SETS / sizeof SETS[0]; si++) {
			unsigned m = kat_matches(si, limit);

			printf("unrolled levels %u (0: recursive to logn 0): %s %u/%u KAT signatures\n", levels,
				SETS[si].cls->name, m, limit);
			TU_CHECK(m == limit, "variant %u, %s: %u of %u", levels, SETS[si].cls->name, m, limit);
		}
	}
	TU_CHECK(pqs_fndsa_set_ffsampling_unroll(1) == PQS_OK, "set 1");
	TU_CHECK(pqs_fndsa_set_ffsampling_unroll(PQS_FNDSA_FFSAMPLING_UNROLL_MAX + 1) == PQS_ERR_ARG,
		"out-of-range variant rejected");
	TU_CHECK(pqs_fndsa_ffsampling_unroll() == 1, "rejected setting changed nothing");
	return tu_finish("test_ffsampling_variants");
}
