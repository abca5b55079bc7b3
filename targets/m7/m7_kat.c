/*
 * Known-answer subset run on the Cortex-M7 (and, as test_m7_kat_host, on
 * the build machine from the same source): round-3 Falcon and ML-DSA NIST
 * KAT entries through the registry classes with the entry's DRBG output
 * replayed, and FN-DSA draft vectors.  Every output must be bit-exact: the
 * SHA3-256 of our pk, sk and sig || msg must equal that of the file's.
 * Exit status 0 iff every entry matched (on QEMU it becomes QEMU's status).
 */
#include <stdio.h>
#include <string.h>

#include "fn_kat_vector.h"
#include "m7_kat.h"
#include "m7_kat_vectors.h"
#include "pqsig/mldsa.h"
#include "pqsig/sha3.h"

#if defined(PQSIG_M7_TARGET)
extern void initialise_monitor_handles(void);
#endif

/* A pqs_rng that hands out a fixed byte stream and fails once it is used up. */
typedef struct {
	pqs_rng rng; /* first: a replay_rng* is usable as pqs_rng* */
	const uint8_t *bytes;
	size_t len, pos;
} replay_rng;

static int replay_fill(pqs_rng *self, uint8_t *out, size_t len)
{
	replay_rng *r = (replay_rng *)self;

	if (len > r->len - r->pos)
		return PQS_ERR_RANDOMNESS;
	memcpy(out, r->bytes + r->pos, len);
	r->pos += len;
	return PQS_OK;
}

static int digest_is(const uint8_t want[32], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	pqs_keccak k;
	uint8_t got[32];

	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, a, alen);
	pqs_keccak_absorb(&k, b, blen);
	pqs_keccak_squeeze(&k, got, sizeof got);
	return memcmp(got, want, 32) == 0;
}

/* Buffers for the largest class of the subset (ML-DSA-87 is larger than any Falcon);
 * run_entry checks every class against them. */
static uint8_t pk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], sk[PQS_MLDSA_MAX_SECRETKEY_BYTES],
	sig[PQS_MLDSA_MAX_SIGNATURE_BYTES];

static int run_entry(const m7_kat_entry *e)
{
	replay_rng r = { { replay_fill }, e->stream, e->stream_len, 0 };
	size_t sig_len = 0;
	int keygen_ok, sign_ok, verify_ok;

	if (e->cls->pk_len > sizeof pk || e->cls->sk_len > sizeof sk || e->cls->sig_max_len > sizeof sig)
		return 0;
	keygen_ok = pqs_sig_keygen(e->cls, pk, sk, NULL, 0, &r.rng) == PQS_OK
		&& digest_is(e->pk_sha3, pk, e->cls->pk_len, NULL, 0)
		&& digest_is(e->sk_sha3, sk, e->cls->sk_len, NULL, 0);
	sign_ok = keygen_ok
		&& pqs_sig_sign(e->cls, sig, sizeof sig, &sig_len, e->msg, e->msg_len, NULL, 0, sk, 0, &r.rng) == PQS_OK
		&& digest_is(e->sm_sha3, sig, sig_len, e->msg, e->msg_len);
	verify_ok = sign_ok && pqs_sig_verify(e->cls, sig, sig_len, e->msg, e->msg_len, NULL, 0, pk) == PQS_OK;
	printf("%s count %u: keygen %s, sign %s, verify %s\n", e->cls->name, e->entry,
		keygen_ok ? "ok" : "FAIL", sign_ok ? "ok" : "FAIL", verify_ok ? "ok" : "FAIL");
	return verify_ok;
}

int main(void)
{
	unsigned passed = 0, total = 0;
	size_t i;

#if defined(PQSIG_M7_TARGET)
	initialise_monitor_handles();
#endif
	for (i = 0; i < sizeof M7_KATS / sizeof M7_KATS[0]; i++, total++)
		passed += (unsigned)run_entry(&M7_KATS[i]);
	for (i = 0; i < sizeof M7_FN_KATS / sizeof M7_FN_KATS[0]; i++, total++) {
		const m7_fn_kat_entry *e = &M7_FN_KATS[i];
		uint8_t got[32];
		int ok = fn_kat_vector(e->logn, e->j, got, NULL) && memcmp(got, e->digest, 32) == 0;

		printf("FN-DSA logn %u j %u: %s\n", e->logn, (unsigned)e->j, ok ? "ok" : "FAIL");
		passed += (unsigned)ok;
	}
	printf("m7_kat: %u of %u entries bit-exact (expected %u)\n", passed, total, (unsigned)M7_KAT_EXPECTED);
	return passed == total && total == M7_KAT_EXPECTED ? 0 : 1;
}
