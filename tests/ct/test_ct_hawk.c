/*
 * Constant-time harness for Hawk (pattern of test_ct.c): key generation
 * and signing run under valgrind memcheck with their secrets marked
 * undefined (PQS_CT_POISON): the kgseeds of key generation, the secret key
 * and every random byte of signing.  Memcheck reports any branch or
 * memory index that depends on them; the library declassifies only public
 * values (rejection verdicts, the public key, the signature).
 *
 * Usage: test_ct_hawk                      Hawk-512 and Hawk-1024
 *        test_ct_hawk --negative-control   a branch on a secret coefficient
 *                                          (must be reported)
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/valgrind.h>

#include "core/ct.h"
#include "hawk/inner.h"
#include "pqsig/sig.h"

/* Deterministic randomness whose every byte is poisoned. */
typedef struct {
	pqs_rng rng;
	uint32_t ctr;
} poisoned_rng;

static int
poisoned_fill(pqs_rng *self, uint8_t *out, size_t len)
{
	poisoned_rng *r = (poisoned_rng *)(void *)self;
	size_t i;

	for (i = 0; i < len; i++) {
		r->ctr = r->ctr * 1103515245u + 12345u;
		out[i] = (uint8_t)(r->ctr >> 16);
	}
	PQS_CT_POISON(out, len);
	return 0;
}

static int
ct_hawk(unsigned logn)
{
	uint8_t pk[2440], sk[360], sig[1221], msg[32];
	poisoned_rng rng = { { poisoned_fill }, 12345u + logn };
	int bad = 0;
	unsigned m;

	/* The keygen loop on poisoned kgseeds (rejected ones included). */
	bad |= pqs_hawk_keygen(logn, sk, pk, &rng.rng) != PQS_OK;
	for (m = 0; m < 3 && !bad; m++) {
		memset(msg, (int)m, sizeof msg);
		PQS_CT_POISON(sk, PQS_HAWK_SK_LEN(logn));
		bad |= pqs_hawk_sign(logn, sig, msg, sizeof msg, sk, &rng.rng) != PQS_OK;
		/* The signature is public; check it with the verifier. */
		PQS_CT_DECLASSIFY(sig, PQS_HAWK_SIG_LEN(logn));
		bad |= pqs_hawk_verify(logn, sig, msg, sizeof msg, pk) != PQS_OK;
	}
	return bad;
}

/* Deliberate leak: a branch on a coefficient of f. */
static int
negative_control(void)
{
	uint8_t seed[40];
	int8_t f[512], g[512];
	volatile int sink = 0;

	memset(seed, 7, sizeof seed);
	PQS_CT_POISON(seed, sizeof seed);
	pqs_hawk_regen_fg(f, g, seed, 9);
	if (f[3] > 0) {
		sink = 1;
	}
	return sink * 0;
}

int
main(int argc, char **argv)
{
	int bad = 0;

	if (argc > 1 && strcmp(argv[1], "--negative-control") == 0) {
		return negative_control();
	}
	if (!RUNNING_ON_VALGRIND) {
		fprintf(stderr, "test_ct_hawk: not under valgrind, checks are no-ops\n");
	}
	bad |= ct_hawk(9);
	bad |= ct_hawk(10);
	printf("test_ct_hawk: %s\n", bad ? "FAILED" : "ok");
	return bad;
}
