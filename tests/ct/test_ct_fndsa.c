/*
 * Constant-time harness for FN-DSA (putative FIPS 206 draft), under
 * valgrind memcheck (pattern of test_ct.c): key generation from a
 * poisoned seed (the SHAKE256 stream, sample_f, the fixed-point checks
 * and the 2025 solver), then signing with the whole signing key and rnd
 * poisoned, for FN-DSA-512 and FN-DSA-1024.  The library declassifies
 * only public-by-design values: each rejected candidate's verdict, the
 * public key, whether a signing key is well formed, mu (a function of
 * public data), the nonce, each sampler rejection and BerExp's deciding
 * byte, each attempt's verdict, and the signature.
 *
 * Usage: test_ct_fndsa [--negative-control]; the negative control
 * branches on a poisoned value derived from a key (must be reported).
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/valgrind.h>

#include "core/ct.h"
#include "pqsig/fndsa.h"
#include "pqsig/sig.h"

static volatile unsigned sink;

static int
ct_fndsa(unsigned logn, int negative_control)
{
	uint8_t seed[PQS_FNDSA_SEED_BYTES], rnd[PQS_FNDSA_RND_BYTES], mu[64];
	uint8_t vk[PQS_FNDSA1024_PUBLICKEY_BYTES], sk[PQS_FNDSA1024_SECRETKEY_BYTES];
	uint8_t sig[PQS_FNDSA1024_SIGNATURE_BYTES];
	size_t vkl = logn == 9 ? PQS_FNDSA512_PUBLICKEY_BYTES : PQS_FNDSA1024_PUBLICKEY_BYTES;
	size_t skl = logn == 9 ? PQS_FNDSA512_SECRETKEY_BYTES : PQS_FNDSA1024_SECRETKEY_BYTES;
	size_t sgl = logn == 9 ? PQS_FNDSA512_SIGNATURE_BYTES : PQS_FNDSA1024_SIGNATURE_BYTES;
	int bad = 0;

	for (size_t i = 0; i < sizeof seed; i++)
		seed[i] = (uint8_t)(logn * 37 + 11 * i);
	PQS_CT_POISON(seed, sizeof seed);
	bad |= pqs_fndsa_test_keygen(logn, vk, sk, seed, sizeof seed) != PQS_OK;
	if (negative_control) {
		PQS_CT_POISON(sk, skl);
		if (sk[5] & 1)
			sink = sink + 1;
		return 0;
	}
	for (unsigned m = 0; m < 2 && !bad; m++) {
		memset(mu, (int)(m + 1), sizeof mu);
		for (size_t i = 0; i < sizeof rnd; i++)
			rnd[i] = (uint8_t)(m + 3 * i);
		PQS_CT_POISON(sk, skl);
		PQS_CT_POISON(rnd, sizeof rnd);
		bad |= pqs_fndsa_test_sign_mu(logn, sig, sk, skl, mu, rnd, sizeof rnd) != PQS_OK;
	}
	PQS_CT_DECLASSIFY(sig, sizeof sig);
	bad |= pqs_fndsa_test_verify_mu(logn, sig, sgl, vk, vkl, mu) != PQS_OK;
	return bad;
}

int
main(int argc, char **argv)
{
	int negative = argc == 2 && strcmp(argv[1], "--negative-control") == 0;
	int failures = 0;

	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "test_ct_fndsa: not running under valgrind: secrets are not tracked\n");
	if (negative) {
		ct_fndsa(9, 1);
		printf("negative control ran (valgrind must report one error)\n");
		return 0;
	}
	failures += ct_fndsa(9, 0);
	failures += ct_fndsa(10, 0);
	printf("test_ct_fndsa: FN-DSA-512 and FN-DSA-1024 %s\n", failures ? "FAILED" : "ran");
	return failures != 0;
}
