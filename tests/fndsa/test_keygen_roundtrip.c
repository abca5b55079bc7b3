/*
 * Keys from the registry's Falcon keygen (pqsig/sig.h): deterministic
 * from a seed (same seed, same keys; the registry path equals
 * pqs_fndsa_keygen_from_seed), and usable: a signature made with the secret
 * key verifies under the public key, and fails for a modified message.
 * Usage: test_keygen_roundtrip [keys per class] (default 20).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "nist_drbg.h"
#include "pqsig/sig.h"
#include "testutil.h"

static void
run(const char *name, unsigned logn, unsigned count)
{
	const pqs_sig_class *cls = pqs_sig_find(name);
	uint8_t *pk, *sk, *pk2, *sk2, *sig, *tmp;
	unsigned i;
	pqs_drbg d;
	uint8_t ent[48];

	TU_CHECK(cls != NULL, "%s registered", name);
	if (cls == NULL) {
		return;
	}
	pk = malloc(cls->pk_len);
	sk = malloc(cls->sk_len);
	pk2 = malloc(cls->pk_len);
	sk2 = malloc(cls->sk_len);
	sig = malloc(cls->sig_max_len);
	tmp = malloc(FNDSA_TMP_KEYGEN(logn));
	memset(ent, 0x5A, sizeof ent);
	ent[0] = (uint8_t)logn;
	pqs_drbg_init(&d, ent, NULL);
	for (i = 0; i < count; i++) {
		uint8_t seed[48], msg[64];
		size_t sig_len = 0;
		int rc;

		pqs_drbg_generate(&d, seed, sizeof seed);
		pqs_drbg_generate(&d, msg, sizeof msg);
		rc = pqs_sig_keygen(cls, pk, sk, seed, sizeof seed, NULL);
		TU_CHECK(rc == PQS_OK, "%s keygen rc %d", name, rc);
		rc = pqs_fndsa_keygen_from_seed(logn, seed, sk2, pk2, tmp);
		TU_CHECK(rc == PQS_OK && memcmp(pk, pk2, cls->pk_len) == 0 && memcmp(sk, sk2, cls->sk_len) == 0,
			 "%s: registry keygen = pqs_fndsa_keygen_from_seed", name);
		TU_CHECK(pk[0] == logn && sk[0] == 0x50 + logn, "%s headers", name);
		rc = pqs_sig_sign(cls, sig, cls->sig_max_len, &sig_len, msg,
			sizeof msg, NULL, 0, sk, 0, (pqs_rng *)&d);
		TU_CHECK(rc == PQS_OK, "%s sign rc %d", name, rc);
		rc = pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk);
		TU_CHECK(rc == PQS_OK, "%s verify rc %d (key %u)", name, rc, i);
		msg[i % sizeof msg] ^= 1;
		rc = pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk);
		TU_CHECK(rc == PQS_ERR_INVALID_SIGNATURE,
			"%s modified message rejected (rc %d)", name, rc);
	}
	/* Random (seedless) keygen also yields working keys. */
	{
		uint8_t msg[3] = { 1, 2, 3 };
		size_t sig_len = 0;
		int rc = pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL);

		TU_CHECK(rc == PQS_OK, "%s random keygen", name);
		rc = pqs_sig_sign(cls, sig, cls->sig_max_len, &sig_len, msg,
			sizeof msg, NULL, 0, sk, 0, NULL);
		TU_CHECK(rc == PQS_OK && pqs_sig_verify(cls, sig, sig_len, msg,
			sizeof msg, NULL, 0, pk) == PQS_OK, "%s random key round trip", name);
	}
	free(pk); free(sk); free(pk2); free(sk2); free(sig); free(tmp);
}

/* Bad arguments get PQS_ERR_ARG and no output. */
static void
test_bad_args(void)
{
	static uint64_t tmp[(FNDSA_TMP_KEYGEN(10) + 7) / 8];
	uint8_t seed[48] = { 0 }, pk[FNDSA_PK_SIZE(9)], sk[FNDSA_SK_SIZE(9)];
	int8_t f[512] = { 1 }, g[512] = { 1 }, F[512], G[512];

	TU_CHECK(pqs_fndsa_keygen_from_seed(3, seed, sk, pk, tmp) == PQS_ERR_ARG, "logn 3");
	TU_CHECK(pqs_fndsa_keygen_from_seed(11, seed, sk, pk, tmp) == PQS_ERR_ARG, "logn 11");
	TU_CHECK(pqs_fndsa_keygen_from_seed(9, NULL, sk, pk, tmp) == PQS_ERR_ARG, "NULL seed");
	TU_CHECK(pqs_fndsa_keygen_from_seed(9, seed, NULL, pk, tmp) == PQS_ERR_ARG, "NULL sk");
	TU_CHECK(pqs_fndsa_keygen_from_seed(9, seed, sk, NULL, tmp) == PQS_ERR_ARG, "NULL pk");
	TU_CHECK(pqs_fndsa_keygen_from_seed(9, seed, sk, pk, NULL) == PQS_ERR_ARG, "NULL tmp");
	TU_CHECK(pqs_fndsa_keygen_fg(0, f, g, F, G, tmp) == PQS_ERR_ARG, "fg logn 0");
	TU_CHECK(pqs_fndsa_keygen_fg(11, f, g, F, G, tmp) == PQS_ERR_ARG, "fg logn 11");
	TU_CHECK(pqs_fndsa_keygen_fg(9, f, g, NULL, G, tmp) == PQS_ERR_ARG, "fg NULL F");
	/* f = g = 1: the solutions of G - F = q reduce to F = -6144,
	 * G = 6145 (or the reverse rounding), beyond the 8-bit encoding:
	 * NTRUSolve's documented rejection. */
	TU_CHECK(pqs_fndsa_keygen_fg(9, f, g, F, G, tmp) == 1, "fg f = g rejected");
}

int
main(int argc, char **argv)
{
	unsigned count = argc > 1 ? (unsigned)atoi(argv[1]) : 20;

	test_bad_args();

	run("Falcon-512", 9, count);
	run("Falcon-1024", 10, count);
	run("Falcon-padded-512", 9, count / 4 + 1);
	return tu_finish("test_keygen_roundtrip");
}
