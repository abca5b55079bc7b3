/*
 * Constant-time check of Falcon key generation under valgrind memcheck
 * (built against the PQSIG_CT_TEST library, see tests/ct): the keygen
 * poisons its SHAKE256 state, so every value derived from the seed is
 * "undefined", and memcheck reports any branch or memory index that
 * depends on it.  The only declassified values are the documented public
 * decisions: acceptance of a candidate (f, g) at each test of spec
 * Alg. 5/6, the reference's resampling decisions in the Gaussian
 * sampler, and the public key h.  Run for a few seeds at logn 9 and 10.
 */
#include <stdio.h>
#include <string.h>

#include "core/ct.h"
#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "pqsig/sig.h"

/*
 * Negative control: branch on a sampled coefficient of f.  memcheck must
 * report it (the test registered with this flag expects exit code 99),
 * which shows that the poisoning reaches the keygen values.
 */
static int
negative_control(void)
{
	uint8_t seed[48];
	int8_t f[512];
	keygen_rng rng;
	volatile int sink = 0;

	memset(seed, 0x55, sizeof seed);
	keygen_rng_init(&rng, seed, sizeof seed);
	PQS_CT_POISON(rng.sc.st, sizeof rng.sc.st);
	keygen_sample_poly(&rng, f, 9);
	if (f[0] > 0) {
		sink = 1;
	}
	return sink & 0;
}

int
main(int argc, char **argv)
{
	static uint64_t tmp[(FNDSA_TMP_KEYGEN(10) + 7) / 8];
	static uint8_t pk[FNDSA_PK_SIZE(10)], sk[FNDSA_SK_SIZE(10)];
	unsigned logn, i;
	int bad = 0;

	if (argc > 1 && strcmp(argv[1], "--negative-control") == 0) {
		return negative_control();
	}
	for (logn = 9; logn <= 10; logn++) {
		for (i = 0; i < 2; i++) {
			uint8_t seed[48];

			memset(seed, (int)(0x31 + i), sizeof seed);
			seed[0] = (uint8_t)logn;
			bad |= fndsa_keygen_from_seed(logn, seed, sk, pk, tmp) != PQS_OK;
		}
	}
	printf("test_keygen_ct: %s\n", bad ? "keygen failed" : "4 keys generated");
	return bad;
}
