/*
 * HAETAE v1.1.2: every malformed or altered input is rejected with a
 * specific error.
 *
 * 1. One-bit flips of the KAT signatures (all 100 entries of each set):
 *    entry e flips one bit in every byte i with i = e (mod 25), bit
 *    (e + i) mod 8, so that across the file every byte position of the
 *    signature is flipped 4 times.  Each altered signature must fail with
 *    PQS_ERR_SIG_ENCODING (rANS stream, sizes or padding no longer
 *    canonical) or PQS_ERR_INVALID_SIGNATURE.
 * 2. Strict decoders on KAT keys and signatures: wrong lengths, size bytes
 *    pointing outside the signature, truncated and over-long rANS streams,
 *    non-zero padding, public-key coefficients above (q - 1) / 2 (or q - 1),
 *    secret-key fields no packer writes.
 */
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "pqsig/haetae.h"
#include "pqsig/sig.h"
#include "testutil.h"

#define FLIP_STRIDE 25

typedef struct {
	uint8_t *msg, *pk, *sk, *sig;
	size_t msg_len;
	uint8_t ctx[256];
	size_t ctx_len;
} kat_entry;

static int load_entry(tu_rsp *rsp, kat_entry *e)
{
	size_t seed_len;
	uint8_t *seed = tu_rsp_hex(rsp, "seed", &seed_len), skip[64], ctx_len = 0;
	e->msg = tu_rsp_hex(rsp, "msg", &e->msg_len);
	e->pk = tu_rsp_hex(rsp, "pk", NULL);
	e->sk = tu_rsp_hex(rsp, "sk", NULL);
	e->sig = tu_rsp_hex(rsp, "sig", NULL);
	if (!seed || seed_len != 48 || !e->msg || !e->pk || !e->sk || !e->sig) {
		free(seed);
		return 0;
	}
	pqs_drbg d; /* keygen seed and rnd, then the context, as the KAT generator */
	pqs_drbg_init(&d, seed, NULL);
	pqs_drbg_generate(&d, skip, 32); /* one generate call per draw, as the generator */
	pqs_drbg_generate(&d, skip + 32, 32);
	pqs_drbg_generate(&d, &ctx_len, 1);
	pqs_drbg_generate(&d, e->ctx, ctx_len);
	e->ctx_len = ctx_len;
	free(seed);
	return 1;
}

static void free_entry(kat_entry *e)
{
	free(e->msg);
	free(e->pk);
	free(e->sk);
	free(e->sig);
}

static int verify_entry(pqs_haetae_set set, const kat_entry *e, const uint8_t *sig, size_t sig_len)
{
	return pqs_haetae_verify(set, sig, sig_len, e->msg, e->msg_len, e->ctx, e->ctx_len, e->pk);
}

/* Offsets of the two rANS size bytes: after c (32 bytes) and LowBits(z1) (L * 256 bytes). */
static size_t size_bytes_offset(pqs_haetae_set set)
{
	unsigned l = set == PQS_HAETAE_2 ? 4 : set == PQS_HAETAE_3 ? 6 : 7;
	return 32 + (size_t)l * 256;
}

static void decoder_cases(pqs_haetae_set set, const kat_entry *e)
{
	const size_t sig_bytes = pqs_haetae_sig_bytes(set), pk_bytes = pqs_haetae_pk_bytes(set);
	const size_t sk_bytes = pqs_haetae_sk_bytes(set), off = size_bytes_offset(set);
	uint8_t sig[PQS_HAETAE_MAX_SIGNATURE_BYTES + 1], key[PQS_HAETAE_MAX_SECRETKEY_BYTES + 1];

	TU_CHECK(pqs_haetae_check_sig(set, e->sig, sig_bytes) == PQS_OK, "mode%d: KAT signature decodes", (int)set);
	TU_CHECK(pqs_haetae_check_pk(set, e->pk, pk_bytes) == PQS_OK, "mode%d: KAT pk decodes", (int)set);
	TU_CHECK(pqs_haetae_check_sk(set, e->sk, sk_bytes) == PQS_OK, "mode%d: KAT sk decodes", (int)set);

	/* Lengths: truncated, over-long, empty. */
	memcpy(sig, e->sig, sig_bytes);
	sig[sig_bytes] = 0;
	TU_CHECK(verify_entry(set, e, sig, sig_bytes - 1) == PQS_ERR_SIG_LENGTH, "mode%d: truncated sig", (int)set);
	TU_CHECK(verify_entry(set, e, sig, sig_bytes + 1) == PQS_ERR_SIG_LENGTH, "mode%d: over-long sig", (int)set);
	TU_CHECK(verify_entry(set, e, sig, 0) == PQS_ERR_SIG_LENGTH, "mode%d: empty sig", (int)set);
	TU_CHECK(pqs_haetae_check_pk(set, e->pk, pk_bytes - 1) == PQS_ERR_KEY_LENGTH, "mode%d: short pk", (int)set);
	TU_CHECK(pqs_haetae_check_sk(set, e->sk, sk_bytes + 1) == PQS_ERR_KEY_LENGTH, "mode%d: long sk", (int)set);

	/* Size bytes: both at 255 point past the end of the signature. */
	memcpy(sig, e->sig, sig_bytes);
	sig[off] = sig[off + 1] = 0xff;
	TU_CHECK(pqs_haetae_check_sig(set, sig, sig_bytes) == PQS_ERR_SIG_ENCODING, "mode%d: sizes beyond the end",
	         (int)set);
	/* HighBits stream one byte shorter / longer than encoded (the following bytes shift). */
	for (int delta = -1; delta <= 1; delta += 2) {
		memcpy(sig, e->sig, sig_bytes);
		sig[off] = (uint8_t)(sig[off] + delta);
		TU_CHECK(pqs_haetae_check_sig(set, sig, sig_bytes) == PQS_ERR_SIG_ENCODING,
		         "mode%d: high-bits stream length %+d", (int)set, delta);
		memcpy(sig, e->sig, sig_bytes);
		sig[off + 1] = (uint8_t)(sig[off + 1] + delta);
		TU_CHECK(pqs_haetae_check_sig(set, sig, sig_bytes) == PQS_ERR_SIG_ENCODING,
		         "mode%d: hint stream length %+d", (int)set, delta);
	}
	/* Non-zero padding: the last byte of every KAT signature is padding. */
	memcpy(sig, e->sig, sig_bytes);
	TU_CHECK(sig[sig_bytes - 1] == 0, "mode%d: KAT signature ends in padding", (int)set);
	sig[sig_bytes - 1] = 1;
	TU_CHECK(pqs_haetae_check_sig(set, sig, sig_bytes) == PQS_ERR_SIG_ENCODING, "mode%d: non-zero padding",
	         (int)set);
	/* rANS initial state below 2^23 (top state byte zero) and at 2^31 (top byte 0x80). */
	for (int v = 0; v < 2; v++) {
		memcpy(sig, e->sig, sig_bytes);
		sig[off + 2 + 3] = v ? 0x80 : 0x00;
		TU_CHECK(pqs_haetae_check_sig(set, sig, sig_bytes) == PQS_ERR_SIG_ENCODING,
		         "mode%d: rANS initial state out of range (%d)", (int)set, v);
	}

	/* Public key: first coefficient of b set to the largest field value (all ones). */
	memcpy(key, e->pk, pk_bytes);
	key[32] = 0xff;
	key[33] |= set == PQS_HAETAE_5 ? 0xff : 0x7f;
	TU_CHECK(pqs_haetae_check_pk(set, key, pk_bytes) == PQS_ERR_KEY_ENCODING, "mode%d: pk coefficient too large",
	         (int)set);
	TU_CHECK(verify_entry(set, e, e->sig, sig_bytes) == PQS_OK, "mode%d: untouched KAT verifies", (int)set);
	/* Secret key: s1 field value 3 (2-bit field of [-1, 1]); then the pk inside sk. */
	memcpy(key, e->sk, sk_bytes);
	key[pk_bytes] |= 0x03;
	TU_CHECK(pqs_haetae_check_sk(set, key, sk_bytes) == PQS_ERR_KEY_ENCODING, "mode%d: sk s1 field 3", (int)set);
	uint8_t sigout[PQS_HAETAE_MAX_SIGNATURE_BYTES];
	TU_CHECK(pqs_haetae_sign_with_rnd(set, sigout, e->msg, e->msg_len, NULL, 0, NULL, key) == PQS_ERR_KEY_ENCODING,
	         "mode%d: signing refuses the malformed sk", (int)set);
	memcpy(key, e->sk, sk_bytes);
	key[32] = 0xff;
	key[33] |= set == PQS_HAETAE_5 ? 0xff : 0x7f;
	TU_CHECK(pqs_haetae_check_sk(set, key, sk_bytes) == PQS_ERR_KEY_ENCODING, "mode%d: pk inside sk", (int)set);
}

static void run_set(pqs_haetae_set set)
{
	char rel[128];
	snprintf(rel, sizeof rel, "vectors/haetae/PQCsignKAT_haetae_mode%d.rsp", (int)set);
	tu_rsp rsp;
	if (tu_rsp_open(&rsp, tu_shared_path(rel)) != 0) {
		TU_CHECK(0, "cannot open %s", rel);
		return;
	}
	const size_t sig_bytes = pqs_haetae_sig_bytes(set);
	uint8_t sig[PQS_HAETAE_MAX_SIGNATURE_BYTES];
	unsigned entries = 0, flips = 0, accepted = 0, other_error = 0;
	uint8_t *covered = calloc(sig_bytes, 1);
	while (tu_rsp_next(&rsp)) {
		kat_entry e;
		if (!load_entry(&rsp, &e)) {
			TU_CHECK(0, "mode%d entry %u readable", (int)set, entries);
			break;
		}
		TU_CHECK(verify_entry(set, &e, e.sig, sig_bytes) == PQS_OK, "mode%d entry %u: KAT verifies", (int)set,
		         entries);
		if (entries == 0)
			decoder_cases(set, &e);
		for (size_t i = entries % FLIP_STRIDE; i < sig_bytes; i += FLIP_STRIDE) {
			memcpy(sig, e.sig, sig_bytes);
			sig[i] ^= (uint8_t)(1u << ((entries + i) % 8));
			int r = verify_entry(set, &e, sig, sig_bytes);
			accepted += r == PQS_OK;
			other_error += r != PQS_ERR_SIG_ENCODING && r != PQS_ERR_INVALID_SIGNATURE && r != PQS_OK;
			covered[i] = 1;
			flips++;
		}
		free_entry(&e);
		entries++;
	}
	tu_rsp_close(&rsp);
	size_t uncovered = 0;
	for (size_t i = 0; i < sig_bytes; i++)
		uncovered += !covered[i];
	free(covered);
	TU_CHECK(entries == 100, "mode%d: 100 KAT entries (got %u)", (int)set, entries);
	TU_CHECK(accepted == 0, "mode%d: %u of %u one-bit flips accepted", (int)set, accepted, flips);
	TU_CHECK(other_error == 0, "mode%d: %u flips with an unexpected error", (int)set, other_error);
	TU_CHECK(uncovered == 0, "mode%d: %zu signature bytes never flipped", (int)set, uncovered);
	printf("mode%d: %u one-bit flips over %u signatures, all rejected\n", (int)set, flips, entries);
}

int main(void)
{
	run_set(PQS_HAETAE_2);
	run_set(PQS_HAETAE_3);
	run_set(PQS_HAETAE_5);
	return tu_finish("test_haetae_reject");
}
