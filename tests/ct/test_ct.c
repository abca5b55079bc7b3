/*
 * Constant-time harness: runs secret-key operations with their secret
 * inputs marked undefined for valgrind memcheck (PQS_CT_POISON).  Memcheck
 * then reports every conditional branch and every memory address that
 * depends on a secret; the library declassifies (PQS_CT_DECLASSIFY) only
 * values that are public by design (rejection decisions, public keys, the
 * final signature).  Run under `valgrind --error-exitcode=...`: the test
 * passes only with zero errors (see CMakeLists.txt).
 *
 * Adding a scheme = one function in the table below.  Usage:
 *   test_ct                   run every scheme
 *   test_ct NAME...           run the named schemes
 *   test_ct --negative-control  run a deliberately leaky function (must be reported)
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/valgrind.h>

#include "core/ct.h"
#include "mldsa/ntt.h"
#include "core/simd.h"
#include "fndsa/inner.h"
#include "nist_drbg.h"
#include "pqsig/mldsa.h"
#include "pqsig/sig.h"

/* Deterministic, distinct filler for secret inputs (values do not matter to memcheck). */
static void fill(uint8_t *p, size_t n, uint8_t tag)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(tag + 131 * i + (i >> 8));
}

/*
 * ML-DSA: KeyGen_internal from a poisoned xi, then Sign (hedged with a
 * poisoned rnd, deterministic, external mu, HashML-DSA) with the whole
 * secret key poisoned, for a few messages so that signing runs through
 * several rejection-loop iterations.  Returns 0 on success.
 */
static int ct_mldsa(pqs_mldsa_set set)
{
	uint8_t xi[PQS_MLDSA_SEED_BYTES], rnd[PQS_MLDSA_RND_BYTES];
	uint8_t pk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], sk[PQS_MLDSA_MAX_SECRETKEY_BYTES];
	uint8_t sig[PQS_MLDSA_MAX_SIGNATURE_BYTES], mu[PQS_MLDSA_MU_BYTES], msg[64];
	const size_t sk_len = pqs_mldsa_sk_bytes(set), sig_len = pqs_mldsa_sig_bytes(set);
	int bad = 0;

	fill(xi, sizeof xi, (uint8_t)set);
	PQS_CT_POISON(xi, sizeof xi);
	bad |= pqs_mldsa_keygen_internal(set, pk, sk, xi) != PQS_OK;

	for (unsigned m = 0; m < 4 && !bad; m++) {
		fill(msg, sizeof msg, (uint8_t)(m + 7));
		fill(rnd, sizeof rnd, (uint8_t)(m + 99));
		PQS_CT_POISON(sk, sk_len);
		PQS_CT_POISON(rnd, sizeof rnd);
		bad |= pqs_mldsa_sign(set, sig, msg, sizeof msg, (const uint8_t *)"ctx", 3, rnd, sk, sk_len) != PQS_OK;
		bad |= pqs_mldsa_sign(set, sig, msg, sizeof msg, NULL, 0, NULL, sk, sk_len) != PQS_OK;
		bad |= pqs_mldsa_compute_mu(set, mu, pk, pqs_mldsa_pk_bytes(set), msg, sizeof msg, NULL, 0) != PQS_OK;
		bad |= pqs_mldsa_sign_mu(set, sig, mu, rnd, sk, sk_len) != PQS_OK;
		bad |= pqs_mldsa_hash_sign(set, PQS_MLDSA_PH_SHA3_256, sig, msg, sizeof msg, NULL, 0, rnd, sk, sk_len) !=
		       PQS_OK;
	}
	/* Sanity (public data from here on): the last signature verifies. */
	PQS_CT_DECLASSIFY(sig, sig_len);
	bad |= pqs_mldsa_hash_verify(set, PQS_MLDSA_PH_SHA3_256, sig, sig_len, msg, sizeof msg, NULL, 0, pk,
	                             pqs_mldsa_pk_bytes(set)) != PQS_OK;
	return bad;
}

/* Each ML-DSA set on both arithmetic paths: AVX2 (if the CPU has it) and portable. */
static int ct_mldsa_both(pqs_mldsa_set set)
{
	int bad = ct_mldsa(set);
	pqs_simd_force_portable(1);
	bad |= ct_mldsa(set);
	pqs_simd_force_portable(0);
	return bad;
}

static int ct_mldsa44(void) { return ct_mldsa_both(PQS_MLDSA_44); }
static int ct_mldsa65(void) { return ct_mldsa_both(PQS_MLDSA_65); }
static int ct_mldsa87(void) { return ct_mldsa_both(PQS_MLDSA_87); }

/*
 * Falcon (round 3): a key pair from a fixed seed (key generation is not
 * under test here), then hedged signing of a few messages with the whole
 * secret key poisoned.  The library itself poisons the sampler's SHAKE256
 * state and declassifies only the documented public values: key-format
 * validity, each SamplerZ rejection decision and BerExp's deciding byte,
 * the norm-check verdict, the ChaCha20 block counter and the signature.
 */
static int ct_falcon(const char *name)
{
	const pqs_sig_class *cls = pqs_sig_find(name);
	uint8_t seed[48], pk[1793], sk[2305], sig[1462], msg[64];
	size_t sig_len = 0;
	pqs_drbg drbg;
	int bad = cls == NULL;

	if (bad)
		return 1;
	fill(seed, sizeof seed, 0x21);
	bad |= pqs_sig_keygen(cls, pk, sk, seed, sizeof seed, NULL) != PQS_OK;
	pqs_drbg_init(&drbg, seed, NULL);
	for (unsigned m = 0; m < 3 && !bad; m++) {
		fill(msg, sizeof msg, (uint8_t)(m + 5));
		PQS_CT_POISON(sk, cls->sk_len);
		bad |= pqs_sig_sign(cls, sig, sizeof sig, &sig_len, msg, sizeof msg, NULL, 0, sk, 0, &drbg.rng) != PQS_OK;
	}
	PQS_CT_DECLASSIFY(sig, sizeof sig);
	bad |= pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk) != PQS_OK;
	return bad;
}

/*
 * Falcon expanded-key signer (pqs_fndsa_expand_sk + pqs_fndsa_sign_tree, not
 * reachable through the registry): poisoned f, g, F, G and sampler seed.
 */
static int ct_falcon_tree(void)
{
	static fpr ek[FNDSA_EXPKEY_FPR(9)], tmp[13 * 512];
	const pqs_sig_class *cls = pqs_sig_find("Falcon-512");
	uint8_t seed[48], pk[897], sk[1281];
	int8_t f[512], g[512], F[512], G[512];
	uint16_t hm[512];
	int16_t s2[512];
	pqs_keccak sc;
	int bad = cls == NULL;

	if (bad)
		return 1;
	fill(seed, sizeof seed, 0x42);
	bad |= pqs_sig_keygen(cls, pk, sk, seed, sizeof seed, NULL) != PQS_OK;
	bad |= pqs_fndsa_decode_sk(f, g, F, G, sk, sizeof sk, 9, tmp) != PQS_OK;
	for (size_t i = 0; i < 512; i++)
		hm[i] = (uint16_t)((i * 977) % 12289);
	PQS_CT_POISON(f, sizeof f);
	PQS_CT_POISON(g, sizeof g);
	PQS_CT_POISON(F, sizeof F);
	PQS_CT_POISON(G, sizeof G);
	pqs_fndsa_expand_sk(ek, f, g, F, G, 9, tmp);
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, seed, sizeof seed);
	PQS_CT_POISON(sc.st, sizeof sc.st);
	for (int m = 0; m < 3 && !bad; m++)
		pqs_fndsa_sign_tree(s2, &sc, ek, hm, 9, tmp);
	return bad;
}

static int ct_falcon512(void) { return ct_falcon("Falcon-512"); }
static int ct_falcon1024(void) { return ct_falcon("Falcon-1024"); }
static int ct_falcon_padded512(void) { return ct_falcon("Falcon-padded-512"); }

typedef struct {
	const char *name;
	int (*run)(void); /* 0 on success; memcheck errors are counted by valgrind */
} ct_scheme;

static const ct_scheme schemes[] = {
	{"ML-DSA-44", ct_mldsa44},
	{"ML-DSA-65", ct_mldsa65},
	{"ML-DSA-87", ct_mldsa87},
	{"Falcon-512", ct_falcon512},
	{"Falcon-1024", ct_falcon1024},
	{"Falcon-padded-512", ct_falcon_padded512},
	{"Falcon-512-tree", ct_falcon_tree},
};

/*
 * Negative control: a branch on a poisoned byte, the pattern the harness
 * exists to catch.  The volatile store keeps the compiler from turning the
 * branch into a conditional move.
 */
static volatile unsigned sink;

static int negative_control(void)
{
	uint8_t secret[16];
	fill(secret, sizeof secret, 1);
	PQS_CT_POISON(secret, sizeof secret);
	if (secret[3] & 1)
		sink = sink + 1;
	return 0;
}

int main(int argc, char **argv)
{
	const size_t n = sizeof schemes / sizeof schemes[0];
	int failures = 0;
	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "test_ct: not running under valgrind: secrets are not tracked\n");
	if (argc == 2 && strcmp(argv[1], "--negative-control") == 0) {
		negative_control();
		printf("negative control ran (valgrind must report one error)\n");
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		int selected = argc < 2;
		for (int a = 1; a < argc; a++)
			selected |= strcmp(argv[a], schemes[i].name) == 0;
		if (!selected)
			continue;
		const unsigned before = VALGRIND_COUNT_ERRORS;
		const int r = schemes[i].run();
		const unsigned errs = VALGRIND_COUNT_ERRORS - before;
		printf("%-12s %s, %u memcheck error(s)\n", schemes[i].name, r == 0 ? "ran" : "FAILED", errs);
		failures += (r != 0) || errs != 0;
	}
	return failures ? 1 : 0;
}
