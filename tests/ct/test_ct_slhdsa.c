/*
 * Constant-time harness for SLH-DSA (FIPS 205) under valgrind memcheck
 * (pattern of test_ct.c): key generation from a seed whose SK.seed and
 * SK.prf are poisoned, and signing (hedged with a poisoned addrnd, and
 * deterministic) with SK.seed and SK.prf poisoned.  PK.seed and PK.root
 * are public.  The library declassifies only what the signature or public
 * key reveals (R, each XMSS root, the FORS public key, PK.root).
 *
 * The 'f' sets cover every code path (SHAKE, SHA-256-only category 1,
 * SHA-512 with HMAC-SHA-512 for categories 3 and 5); the 's' sets run the
 * same code with taller trees, so only SHA2-128s keygen is added to keep
 * valgrind's run time bounded.
 *
 * Usage: test_ct_slhdsa [--negative-control]
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/valgrind.h>

#include "core/ct.h"
#include "pqsig/slhdsa.h"

static void fill(uint8_t *p, size_t n, uint8_t tag)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(tag + 131 * i + (i >> 8));
}

static uint8_t sig[PQS_SLHDSA_MAX_SIGNATURE_BYTES];

/* Keygen, then (if sign) one hedged and one deterministic signature. Returns 0 on success. */
static int run_set(pqs_slhdsa_set set, int sign)
{
	uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES], pk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES];
	uint8_t sk[PQS_SLHDSA_MAX_SECRETKEY_BYTES], addrnd[PQS_SLHDSA_MAX_N], msg[40];
	const size_t n = pqs_slhdsa_n(set), sk_len = pqs_slhdsa_sk_bytes(set);
	int bad = 0;
	fill(seed, sizeof seed, (uint8_t)set);
	fill(msg, sizeof msg, 7);
	fill(addrnd, sizeof addrnd, 99);
	PQS_CT_POISON(seed, 2 * n); /* SK.seed || SK.prf; PK.seed is public */
	bad |= pqs_slhdsa_keygen_internal(set, pk, sk, seed) != PQS_OK;
	if (sign && !bad) {
		PQS_CT_POISON(sk, 2 * n);
		PQS_CT_POISON(addrnd, n);
		bad |= pqs_slhdsa_sign(set, sig, msg, sizeof msg, (const uint8_t *)"ctx", 3, addrnd, sk, sk_len) != PQS_OK;
		bad |= pqs_slhdsa_sign(set, sig, msg, sizeof msg, NULL, 0, NULL, sk, sk_len) != PQS_OK;
		bad |= pqs_slhdsa_hash_sign(set, PQS_MLDSA_PH_SHA2_256, sig, msg, sizeof msg, NULL, 0, NULL, sk, sk_len) !=
		       PQS_OK;
	}
	return bad;
}

static volatile unsigned sink;

/* Negative control: a branch on a secret key byte after keygen must be reported. */
static int negative_control(void)
{
	uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES], pk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES], sk[PQS_SLHDSA_MAX_SECRETKEY_BYTES];
	fill(seed, sizeof seed, 1);
	PQS_CT_POISON(seed, 32);
	if (pqs_slhdsa_keygen_internal(PQS_SLHDSA_SHAKE_128F, pk, sk, seed) != PQS_OK)
		return 1;
	if (sk[5] & 1)
		sink = sink + 1;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		pqs_slhdsa_set set;
		int sign;
	} runs[] = {
		{PQS_SLHDSA_SHA2_128F, 1},
		{PQS_SLHDSA_SHAKE_128F, 1},
		{PQS_SLHDSA_SHA2_192F, 1},
		{PQS_SLHDSA_SHA2_128S, 0},
	};
	int failures = 0;
	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "test_ct_slhdsa: not running under valgrind: secrets are not tracked\n");
	if (argc == 2 && strcmp(argv[1], "--negative-control") == 0) {
		const int r = negative_control();
		printf("negative control ran (valgrind must report an error)\n");
		return r;
	}
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		const unsigned before = VALGRIND_COUNT_ERRORS;
		const int r = run_set(runs[i].set, runs[i].sign);
		const unsigned errs = VALGRIND_COUNT_ERRORS - before;
		printf("%-20s %s %s, %u memcheck error(s)\n", pqs_slhdsa_name(runs[i].set),
		       runs[i].sign ? "keygen+sign" : "keygen", r == 0 ? "ran" : "FAILED", errs);
		failures += (r != 0) || errs != 0;
	}
	return failures ? 1 : 0;
}
