/*
 * Keygen Reduce variants (issue 17; fndsa/keygen_inner.h): for each of
 * float (round 3), fixed (32.32, ntrugen 2023) and partial (ReducePartial,
 * ePrint 2025/1239), `count` seeds at logn 9 and count/10 at logn 10 must
 * each give a key whose f, g, F, G satisfy f*G - g*F = q exactly
 * (ntru_equation.c: schoolbook over Z, independent of the library's RNS
 * code) with F, G in -127..127; the first keys of each variant sign and
 * verify through the registry class, and the registry keygen follows the
 * process-wide selection.  The round-3 KATs (float) and the FN-DSA
 * digests are checked by test_keygen_kat and test_fn_kat.
 * Prints each variant's restart counts.  Usage: test_keygen_variants [count]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "ntru_equation.h"
#include "pqsig/falcon.h"
#include "pqsig/sig.h"
#include "testutil.h"

#define SIGNED_KEYS 3

static void seed_of(uint8_t seed[48], unsigned logn, unsigned i)
{
	memset(seed, 0x3C, 48);
	seed[0] = (uint8_t)logn;
	seed[1] = (uint8_t)i;
	seed[2] = (uint8_t)(i >> 8);
	seed[3] = (uint8_t)(i >> 16);
}

/* Sign a message with the key and verify it, through the registry class. */
static int signs_and_verifies(const pqs_sig_class *cls, const uint8_t *pk, const uint8_t *sk, unsigned i)
{
	uint8_t sig[PQS_FALCON_SIGNATURE_MAX_BYTES(10)], msg[32];
	size_t sig_len = 0;
	int rc;

	memset(msg, (int)i, sizeof msg);
	/* NULL rng: the operating system's randomness. */
	rc = pqs_sig_sign(cls, sig, sizeof sig, &sig_len, msg, sizeof msg, NULL, 0, sk, 0, NULL);
	if (rc != PQS_OK) {
		return 0;
	}
	if (pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk) != PQS_OK) {
		return 0;
	}
	msg[0] ^= 1;
	return pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE;
}

static void run(unsigned logn, unsigned variant, unsigned count)
{
	const pqs_sig_class *cls = logn == 9 ? &pqs_falcon512_class : &pqs_falcon1024_class;
	size_t n = (size_t)1 << logn, u;
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len), *tmp = malloc(FNDSA_TMP_KEYGEN(logn));
	int8_t *fgFG = malloc(4 * n);
	unsigned i, good = 0, signed_ok = 0;
	unsigned long candidates = 0, rejected = 0, solve_failures = 0;

	for (i = 0; i < count; i++) {
		uint8_t seed[48];
		pqs_fndsa_keygen_stats st;
		int rc, bounded = 1;

		seed_of(seed, logn, i);
		rc = pqs_fndsa_keygen_variant(logn, seed, variant, sk, pk, tmp, fgFG, &st);
		TU_CHECK(rc == PQS_OK, "%s logn %u seed %u: rc %d", pqs_fndsa_keygen_reduce_name(variant), logn, i, rc);
		if (rc != PQS_OK) {
			continue;
		}
		for (u = 0; u < 2 * n; u++) {
			bounded &= fgFG[2 * n + u] >= -127;
		}
		if (bounded && ntru_equation_holds(fgFG, fgFG + n, fgFG + 2 * n, fgFG + 3 * n, logn)) {
			good++;
		} else {
			TU_CHECK(0, "%s logn %u seed %u: f*G - g*F = q with F, G in -127..127",
				 pqs_fndsa_keygen_reduce_name(variant), logn, i);
		}
		candidates += st.candidates;
		rejected += st.rejected_fg;
		solve_failures += st.solve_failures;
		if (i < SIGNED_KEYS) {
			signed_ok += (unsigned)signs_and_verifies(cls, pk, sk, i);
		}
	}
	TU_CHECK(good == count, "%s logn %u: %u of %u keys exact", pqs_fndsa_keygen_reduce_name(variant), logn, good,
		 count);
	TU_CHECK(signed_ok == (count < SIGNED_KEYS ? count : SIGNED_KEYS), "%s logn %u: keys sign and verify",
		 pqs_fndsa_keygen_reduce_name(variant), logn);
	printf("%-8s logn %2u: %u keys, %lu candidates (%lu rejected by the checks, %lu NTRUSolve failures: "
	       "%.2f%% of solver calls)\n",
	       pqs_fndsa_keygen_reduce_name(variant), logn, good, candidates, rejected, solve_failures,
	       100.0 * (double)solve_failures / (double)(candidates - rejected ? candidates - rejected : 1));
	free(pk);
	free(sk);
	free(tmp);
	free(fgFG);
}

/* The selection is process-wide, rejects bad values, and drives the registry keygen. */
static void check_selection(void)
{
	const pqs_sig_class *cls = &pqs_falcon512_class;
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len), *pk2 = malloc(cls->pk_len),
		*sk2 = malloc(cls->sk_len), *tmp = malloc(FNDSA_TMP_KEYGEN(9));
	uint8_t seed[48];
	unsigned v;

	TU_CHECK(pqs_fndsa_keygen_reduce() == PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT, "default variant");
	TU_CHECK(pqs_fndsa_set_keygen_reduce(PQS_FNDSA_KEYGEN_REDUCE_COUNT) == PQS_ERR_ARG, "bad variant rejected");
	TU_CHECK(pqs_fndsa_keygen_reduce() == PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT, "rejected setting changed nothing");
	TU_CHECK(pqs_fndsa_keygen_reduce_name(PQS_FNDSA_KEYGEN_REDUCE_COUNT) == NULL, "no name past the last variant");
	seed_of(seed, 9, 4242);
	for (v = 0; v < PQS_FNDSA_KEYGEN_REDUCE_COUNT; v++) {
		TU_CHECK(pqs_fndsa_set_keygen_reduce(v) == PQS_OK, "set %u", v);
		TU_CHECK(pqs_sig_keygen(cls, pk, sk, seed, sizeof seed, NULL) == PQS_OK, "registry keygen %u", v);
		TU_CHECK(pqs_fndsa_keygen_variant(9, seed, v, sk2, pk2, tmp, NULL, NULL) == PQS_OK, "variant %u", v);
		TU_CHECK(memcmp(pk, pk2, cls->pk_len) == 0 && memcmp(sk, sk2, cls->sk_len) == 0,
			 "registry keygen follows variant %u", v);
	}
	TU_CHECK(pqs_fndsa_set_keygen_reduce(PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT) == PQS_OK, "reset");
	TU_CHECK(pqs_fndsa_keygen_variant(9, seed, PQS_FNDSA_KEYGEN_REDUCE_COUNT, sk2, pk2, tmp, NULL, NULL) ==
			 PQS_ERR_ARG,
		 "bad variant argument");
	for (v = 4; v <= 10; v++) {
		TU_CHECK(pqs_ntru_solve_fixed_tmp_words(v) <= FNDSA_KEYGEN_FIXED_WORDS(v),
			 "fixed solver memory logn %u", v);
	}
	free(pk);
	free(sk);
	free(pk2);
	free(sk2);
	free(tmp);
}

int main(int argc, char **argv)
{
	unsigned count = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
	unsigned v;

	check_selection();
	for (v = 0; v < PQS_FNDSA_KEYGEN_REDUCE_COUNT; v++) {
		run(9, v, count);
		run(10, v, count / 10 ? count / 10 : 1);
	}
	return tu_finish("test_keygen_variants");
}
