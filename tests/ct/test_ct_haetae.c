/*
 * Constant-time harness for HAETAE v1.1.2 (valgrind memcheck, see
 * tests/ct/test_ct.c and src/core/ct.h).  For each set: KeyGenInternal
 * from a poisoned seed, then signing of a few messages with the secret part
 * of the secret key and rnd poisoned (the public key at the start of sk is
 * public).  The library declassifies only: rejection of secret-key
 * candidates (singular value), rejection of ExpandS bytes, acceptance of
 * each Gaussian candidate, the hyperball norm decision, the per-byte
 * rejection of the challenge shuffle, the accept/reject decision of each
 * signing attempt, the public key and the signature being output.
 *
 * Usage: test_ct_haetae                     (must report no error)
 *        test_ct_haetae --negative-control  (a branch on a secret: must be reported)
 */
#include <stdio.h>
#include <string.h>

#include "core/ct.h"
#include "pqsig/haetae.h"

static void fill(uint8_t *p, size_t n, uint8_t tag)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(tag + 131 * i + (i >> 8));
}

static int ct_haetae(pqs_haetae_set set)
{
	uint8_t seed[PQS_HAETAE_SEED_BYTES], rnd[PQS_HAETAE_RND_BYTES], msg[48];
	uint8_t pk[PQS_HAETAE_MAX_PUBLICKEY_BYTES], sk[PQS_HAETAE_MAX_SECRETKEY_BYTES];
	uint8_t sig[PQS_HAETAE_MAX_SIGNATURE_BYTES];
	const size_t pk_len = pqs_haetae_pk_bytes(set), sk_len = pqs_haetae_sk_bytes(set);
	int bad = 0;

	fill(seed, sizeof seed, (uint8_t)(set * 17));
	PQS_CT_POISON(seed, sizeof seed);
	bad |= pqs_haetae_keygen_from_seed(set, pk, sk, seed) != PQS_OK;
	PQS_CT_DECLASSIFY(pk, pk_len);
	for (unsigned m = 0; m < 3 && !bad; m++) {
		fill(msg, sizeof msg, (uint8_t)(m + 3));
		fill(rnd, sizeof rnd, (uint8_t)(m + 41));
		PQS_CT_POISON(sk + pk_len, sk_len - pk_len);
		PQS_CT_POISON(rnd, sizeof rnd);
		bad |= pqs_haetae_sign_with_rnd(set, sig, msg, sizeof msg, (const uint8_t *)"ctx", 3,
		                                m == 2 ? NULL : rnd, sk) != PQS_OK;
	}
	PQS_CT_DECLASSIFY(sig, sizeof sig);
	bad |= pqs_haetae_verify(set, sig, pqs_haetae_sig_bytes(set), msg, sizeof msg, (const uint8_t *)"ctx", 3, pk) !=
	       PQS_OK;
	printf("HAETAE-%d: %s\n", (int)set, bad ? "FAILED" : "ok");
	return bad;
}

/* Deliberately leaky: branches on a coefficient byte of the poisoned secret key. */
static int negative_control(void)
{
	uint8_t seed[PQS_HAETAE_SEED_BYTES], pk[PQS_HAETAE2_PUBLICKEY_BYTES], sk[PQS_HAETAE2_SECRETKEY_BYTES];
	volatile int sink = 0;
	fill(seed, sizeof seed, 5);
	if (pqs_haetae_keygen_from_seed(PQS_HAETAE_2, pk, sk, seed) != PQS_OK)
		return 1;
	PQS_CT_POISON(sk + sizeof pk, sizeof sk - sizeof pk);
	if (sk[sizeof pk] & 1)
		sink = 1;
	return sink & 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--negative-control") == 0)
		return negative_control();
	int bad = ct_haetae(PQS_HAETAE_2) | ct_haetae(PQS_HAETAE_3) | ct_haetae(PQS_HAETAE_5);
	return bad ? 1 : 0;
}
