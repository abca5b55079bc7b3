/*
 * Constant-time check of Falcon key generation under valgrind memcheck
 * (built against the PQSIG_CT_TEST library of tests/ct).  The test itself
 * poisons the 48-byte seed, so every value derived from it is "undefined"
 * whatever the library does, and memcheck reports any branch or memory
 * index that depends on it.  The library declassifies only the documented
 * public decisions: acceptance of a candidate (f, g) at each test of spec
 * Alg. 5/6, the reference's resampling decisions in the Gaussian sampler,
 * the encoder's range verdict, and the public key h.  After keygen the
 * test checks that the secret key output is still tracked: every byte of
 * f, g, F in sk holds undefined bits (the header byte is public), and pk is
 * fully defined.  Run for a few seeds at logn 9 and 10.
 *
 * Negative control (issue 10 item 19): the same program built with
 * -DPQSIG_CT_INJECT_LEAK and its own copy of src/fndsa/keygen.c, where
 * PQS_CT_INJECTED_LEAK(f[0]) becomes a branch on a sampled coefficient
 * inside the real keygen; valgrind must report it (tests/fndsa/CMakeLists.txt).
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "core/ct.h"
#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "pqsig/sig.h"

#ifdef PQSIG_CT_INJECT_LEAK
volatile int pqs_ct_leak_sink;
#endif

/* Bytes of buf[0..len) holding no undefined bit (valgrind's V bits; 0 when not under valgrind). */
static size_t defined_bytes(const uint8_t *buf, size_t len)
{
	static uint8_t vbits[FNDSA_SK_SIZE(10)];
	size_t defined = 0;
	if (len > sizeof vbits || VALGRIND_GET_VBITS(buf, vbits, len) != 1)
		return 0;
	for (size_t i = 0; i < len; i++)
		defined += vbits[i] == 0;
	return defined;
}

int
main(void)
{
	static uint64_t tmp[(FNDSA_TMP_KEYGEN(10) + 7) / 8];
	static uint8_t pk[FNDSA_PK_SIZE(10)], sk[FNDSA_SK_SIZE(10)];
	unsigned logn, i, tracked = 0, keys = 0;
	int bad = 0;

	for (logn = 9; logn <= 10; logn++) {
		for (i = 0; i < 2; i++) {
			uint8_t seed[48];

			memset(seed, (int)(0x31 + i), sizeof seed);
			seed[0] = (uint8_t)logn;
			PQS_CT_POISON(seed, sizeof seed);
			bad |= pqs_fndsa_keygen_from_seed(logn, seed, sk, pk, tmp) != PQS_OK;
			keys++;
			/* sk[0] is the public header; everything after it derives from the seed. */
			size_t sk_len = FNDSA_SK_SIZE(logn), pk_len = FNDSA_PK_SIZE(logn);
			size_t sk_defined = defined_bytes(sk + 1, sk_len - 1);
			size_t pk_defined = defined_bytes(pk, pk_len);
			if (RUNNING_ON_VALGRIND) {
				if (sk_defined != 0 || pk_defined != pk_len) {
					printf("logn %u key %u: %zu of %zu secret-key bytes declassified, %zu of %zu public-key "
					       "bytes defined\n",
					       logn, i, sk_defined, sk_len - 1, pk_defined, pk_len);
					bad = 1;
				} else {
					tracked++;
				}
			}
			PQS_CT_DECLASSIFY(sk, sk_len);
		}
	}
	printf("test_keygen_ct: %s, %u keys, %u with the secret key tracked to the output%s\n",
	       bad ? "FAILED" : "ok", keys, tracked, RUNNING_ON_VALGRIND ? "" : " (not under valgrind: nothing tracked)");
	return bad || (RUNNING_ON_VALGRIND && tracked != keys);
}
