/*
 * Registry conformance, run over every registered class so that schemes
 * added later are held to the same contract: unique names and ids, lookup,
 * round trips, argument checks, wrong lengths and random corruption
 * rejected, context strings honoured or refused as the flags say.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/sig.h"
#include "testutil.h"

/*
 * The prepared-key path (every class: a slot or the copy-of-pk fallback)
 * gives the plain verdict on the valid signature and on its corruptions,
 * with one prepared buffer reused throughout; and the digest slots exist
 * in pairs, refused with PQS_ERR_UNSUPPORTED where a class has none.
 */
static void check_prepared_and_digest(const pqs_sig_class *c, const uint8_t *pk, const uint8_t *sk, uint8_t *sig,
                                      size_t sl, const uint8_t *msg, size_t msg_len)
{
	size_t len = pqs_sig_prepared_len(c);
	size_t cap = (len + 2 * PQS_SIG_PREPARED_ALIGN) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	uint8_t *prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, cap);
	TU_CHECK(len == (c->prepare ? c->prepared_len : c->pk_len), "%s prepared length %zu", c->name, len);
	TU_CHECK(pqs_sig_prepare(c, prepared + 8, pk) == PQS_ERR_ARG, "%s misaligned prepared buffer", c->name);
	TU_CHECK(pqs_sig_prepare(c, prepared, pk) == PQS_OK, "%s prepare", c->name);
	TU_CHECK(pqs_sig_verify_prepared(c, sig, sl, msg, msg_len, NULL, 0, prepared) == PQS_OK, "%s prepared verify",
	         c->name);
	for (size_t pos = 0; pos < sl; pos += 1 + sl / 23) {
		sig[pos] ^= 0x04;
		int plain = pqs_sig_verify(c, sig, sl, msg, msg_len, NULL, 0, pk);
		int rp = pqs_sig_verify_prepared(c, sig, sl, msg, msg_len, NULL, 0, prepared);
		TU_CHECK(rp == plain, "%s corrupted byte %zu: prepared %d, plain %d", c->name, pos, rp, plain);
		sig[pos] ^= 0x04;
	}
	TU_CHECK(pqs_sig_verify_prepared(c, sig, c->sig_max_len + 1, msg, msg_len, NULL, 0, prepared) ==
	                 PQS_ERR_SIG_LENGTH,
	         "%s prepared over-long", c->name);
	TU_CHECK(pqs_sig_verify_prepared(c, sig, sl, msg, msg_len, NULL, 0, prepared) == PQS_OK,
	         "%s prepared key unchanged by use", c->name);
	pqs_sig_release_prepared(c, prepared);
	free(prepared);

	TU_CHECK(!c->sign_digest == !c->verify_digest, "%s digest slots in pairs", c->name);
	uint8_t digest[32], dsig[256];
	size_t dsl = 0;
	memset(digest, 0x3C, sizeof digest);
	if (!c->sign_digest) {
		TU_CHECK(pqs_sig_sign_digest(c, dsig, sizeof dsig, &dsl, digest, sizeof digest, sk) ==
					 PQS_ERR_UNSUPPORTED &&
				 pqs_sig_verify_digest(c, sig, sl, digest, sizeof digest, pk, 0) == PQS_ERR_UNSUPPORTED,
			 "%s digest signing refused", c->name);
		return;
	}
	TU_CHECK(c->sig_max_len <= sizeof dsig && pqs_sig_sign_digest(c, dsig, sizeof dsig, &dsl, digest, sizeof digest,
	                                                                sk) == PQS_OK,
	         "%s sign digest", c->name);
	TU_CHECK(pqs_sig_verify_digest(c, dsig, dsl, digest, sizeof digest, pk, 0) == PQS_OK &&
			 pqs_sig_verify_digest(c, dsig, dsl, digest, sizeof digest, pk, PQS_VERIFY_CANONICAL) == PQS_OK,
		 "%s verify digest", c->name);
	TU_CHECK(pqs_sig_verify_digest(c, dsig, dsl, digest, sizeof digest, pk, 0x80) == PQS_ERR_ARG, "%s unknown flag",
		 c->name);
	digest[0] ^= 1;
	TU_CHECK(pqs_sig_verify_digest(c, dsig, dsl, digest, sizeof digest, pk, 0) == PQS_ERR_INVALID_SIGNATURE,
		 "%s other digest", c->name);
}

/*
 * The prepared-secret-key path (every class: a slot or the copy-of-sk
 * fallback): signatures made with it verify under pk, its argument checks
 * are pqs_sig_sign's, and where the class signs digests, so does it.
 */
static void check_prepared_sk(const pqs_sig_class *c, const uint8_t *pk, const uint8_t *sk)
{
	size_t len = pqs_sig_prepared_sk_len(c);
	size_t cap = (len + 2 * PQS_SIG_PREPARED_ALIGN) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	uint8_t *prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, cap), *sig = malloc(c->sig_max_len);
	uint8_t msg[40], digest[32];
	size_t sl = 0;
	memset(msg, 0x61, sizeof msg);
	memset(digest, 0x5A, sizeof digest);
	TU_CHECK(len == (c->prepare_sk ? c->prepared_sk_len : c->sk_len), "%s prepared secret key length %zu", c->name,
		 len);
	TU_CHECK(pqs_sig_prepare_sk(c, prepared + 8, sk) == PQS_ERR_ARG, "%s misaligned prepared secret key", c->name);
	TU_CHECK(pqs_sig_prepare_sk(c, prepared, sk) == PQS_OK, "%s prepare secret key", c->name);
	/* twice where a slot prepares (the key is reused); once for the copy, as hash-based signing is slow */
	for (int round = 0; round < (c->prepare_sk ? 2 : 1); round++) {
		TU_CHECK(pqs_sig_sign_prepared(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, prepared, 0,
					       NULL) == PQS_OK &&
				 pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) == PQS_OK,
			 "%s sign with the prepared secret key (%d)", c->name, round);
	}
	TU_CHECK(pqs_sig_sign_prepared(c, sig, c->sig_max_len - 1, &sl, msg, sizeof msg, NULL, 0, prepared, 0, NULL) ==
				 PQS_ERR_BUFFER_TOO_SMALL &&
			 sl == 0,
		 "%s prepared signing checks its buffer", c->name);
	if (c->sign_digest)
		TU_CHECK(pqs_sig_sign_digest_prepared(c, sig, c->sig_max_len, &sl, digest, sizeof digest, prepared) ==
					 PQS_OK &&
				 pqs_sig_verify_digest(c, sig, sl, digest, sizeof digest, pk, 0) == PQS_OK,
			 "%s sign a digest with the prepared secret key", c->name);
	pqs_sig_release_prepared_sk(c, prepared);
	free(prepared);
	free(sig);
}

static void check_class(const pqs_sig_class *c)
{
	uint8_t *pk = malloc(c->pk_len), *sk = malloc(c->sk_len), *sig = malloc(c->sig_max_len + 1);
	uint8_t msg[100], ctx[255];
	memset(msg, 0x42, sizeof msg);
	memset(ctx, 0x17, sizeof ctx);
	size_t sl = 0;
	TU_CHECK(pqs_sig_keygen(c, pk, sk, NULL, 0, NULL) == PQS_OK, "%s keygen", c->name);
	TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_OK, "%s sign", c->name);
	TU_CHECK(sl > 0 && sl <= c->sig_max_len, "%s sig length %zu", c->name, sl);
	if (c->flags & PQS_SIG_FIXED_LENGTH)
		TU_CHECK(sl == c->sig_max_len, "%s fixed length", c->name);
	TU_CHECK(pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) == PQS_OK, "%s verify", c->name);
	/* Empty message. */
	size_t sl0 = 0;
	TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl0, NULL, 0, NULL, 0, sk, 0, NULL) == PQS_OK &&
	                 pqs_sig_verify(c, sig, sl0, NULL, 0, NULL, 0, pk) == PQS_OK,
	         "%s empty message", c->name);
	TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_OK, "%s re-sign", c->name);
	/* Wrong message, any single corrupted byte (sample), truncated, over-long. */
	msg[3] ^= 0x80;
	TU_CHECK(pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) != PQS_OK, "%s wrong message", c->name);
	msg[3] ^= 0x80;
	for (size_t pos = 0; pos < sl; pos += 1 + sl / 23) {
		sig[pos] ^= 0x04;
		TU_CHECK(pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) != PQS_OK, "%s corrupted byte %zu", c->name, pos);
		sig[pos] ^= 0x04;
	}
	check_prepared_and_digest(c, pk, sk, sig, sl, msg, sizeof msg);
	check_prepared_sk(c, pk, sk);
	/* The sign method itself makes pqs_sig_sign's checks (pqs_sig_check_sign_args): same answers directly. */
	TU_CHECK(c->sign(c, sig, c->sig_max_len - 1, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) ==
				 PQS_ERR_BUFFER_TOO_SMALL &&
			 sl == 0,
		 "%s sign method: small buffer", c->name);
	TU_CHECK(c->sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, ctx, 256, sk, 0, NULL) == PQS_ERR_CTX_TOO_LONG,
		 "%s sign method: context of 256 bytes", c->name);
	TU_CHECK(c->sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0x80, NULL) == PQS_ERR_ARG &&
			 pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0x80, NULL) ==
				 PQS_ERR_ARG,
		 "%s unknown sign flag", c->name);
	TU_CHECK(c->sign(c, sig, c->sig_max_len, NULL, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_ERR_ARG,
		 "%s sign method: no length output", c->name);
	TU_CHECK(pqs_sig_verify(c, sig, sl - 1, msg, sizeof msg, NULL, 0, pk) != PQS_OK, "%s truncated", c->name);
	TU_CHECK(pqs_sig_verify(c, sig, c->sig_max_len + 1, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_SIG_LENGTH,
	         "%s over-long", c->name);
	/* Context strings. */
	if (c->flags & PQS_SIG_HAS_CONTEXT) {
		TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, ctx, 255, sk, 0, NULL) == PQS_OK &&
		                 pqs_sig_verify(c, sig, sl, msg, sizeof msg, ctx, 255, pk) == PQS_OK,
		         "%s ctx round trip", c->name);
		TU_CHECK(pqs_sig_verify(c, sig, sl, msg, sizeof msg, ctx, 254, pk) != PQS_OK, "%s other ctx", c->name);
		TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, ctx, 256, sk, 0, NULL) == PQS_ERR_CTX_TOO_LONG,
		         "%s ctx 256", c->name);
	} else {
		TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, ctx, 1, sk, 0, NULL) == PQS_ERR_CTX_UNSUPPORTED,
		         "%s ctx refused", c->name);
	}
	/* Deterministic mode: same inputs, same bytes. */
	if (c->flags & PQS_SIG_DETERMINISTIC_OK) {
		uint8_t *sig2 = malloc(c->sig_max_len);
		size_t sl2 = 0;
		TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, PQS_SIGN_DETERMINISTIC, NULL) == PQS_OK &&
		                 pqs_sig_sign(c, sig2, c->sig_max_len, &sl2, msg, sizeof msg, NULL, 0, sk, PQS_SIGN_DETERMINISTIC, NULL) == PQS_OK &&
		                 sl == sl2 && memcmp(sig, sig2, sl) == 0,
		         "%s deterministic", c->name);
		free(sig2);
	}
	/* Seeded keygen is deterministic. */
	if (c->seed_len) {
		uint8_t seed[128]; /* longest seed: SLH-DSA-*-256 (96 bytes), plus one */
		/* A fixed seed (not stack contents): every class accepts 0x42.. (ECDSA: a scalar below each order). */
		memset(seed, 0x42, sizeof seed);
		uint8_t *pk2 = malloc(c->pk_len), *sk2 = malloc(c->sk_len);
		/*
		 * Some schemes' key generation rejects part of its seeds (Hawk's
		 * kgseed): the refusal is deterministic too, so move to the next seed.
		 */
		unsigned rejected = 0;
		while (rejected < 64 && pqs_sig_keygen(c, pk, sk, seed, c->seed_len, NULL) == PQS_ERR_SEED_REJECTED) {
			TU_CHECK(pqs_sig_keygen(c, pk, sk, seed, c->seed_len, NULL) == PQS_ERR_SEED_REJECTED,
			         "%s rejects the same seed again", c->name);
			seed[0]++;
			rejected++;
		}
		TU_CHECK(pqs_sig_keygen(c, pk, sk, seed, c->seed_len, NULL) == PQS_OK &&
		                 pqs_sig_keygen(c, pk2, sk2, seed, c->seed_len, NULL) == PQS_OK &&
		                 memcmp(pk, pk2, c->pk_len) == 0 && memcmp(sk, sk2, c->sk_len) == 0,
		         "%s seeded keygen", c->name);
		TU_CHECK(pqs_sig_keygen(c, pk, sk, seed, c->seed_len + 1, NULL) == PQS_ERR_SEED_LENGTH, "%s seed length", c->name);
		free(pk2);
		free(sk2);
	}
	/* Small output buffer. */
	TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len - 1, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_ERR_BUFFER_TOO_SMALL,
	         "%s small buffer", c->name);
	free(pk);
	free(sk);
	free(sig);
}

/*
 * Optional arguments select which classes run the (slow for hash-based
 * schemes) conformance body: --match S keeps names containing S,
 * --exclude S drops them.  Name and id uniqueness is always checked for
 * every class.
 */
static int selected(const char *name, int argc, char **argv)
{
	for (int i = 1; i + 1 < argc; i += 2) {
		const int has = strstr(name, argv[i + 1]) != NULL;
		if ((strcmp(argv[i], "--match") == 0 && !has) || (strcmp(argv[i], "--exclude") == 0 && has))
			return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	size_t n = pqs_sig_count(), checked = 0;
	TU_CHECK(n >= 4, "at least the ECDSA classes are registered");
	for (size_t i = 0; i < n; i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		TU_CHECK(pqs_sig_find(c->name) == c, "find %s", c->name);
		TU_CHECK(pqs_sig_find_id(c->id) == c, "find id %u", c->id);
		for (size_t j = 0; j < i; j++) {
			TU_CHECK(strcmp(pqs_sig_at(j)->name, c->name) != 0, "duplicate name %s", c->name);
			TU_CHECK(pqs_sig_at(j)->id != c->id, "duplicate id %u", c->id);
		}
		if (selected(c->name, argc, argv)) {
			check_class(c);
			checked++;
		}
	}
	TU_CHECK(checked > 0, "at least one class selected");
	TU_CHECK(pqs_sig_find("ecdsa-p256") == pqs_sig_find("ECDSA-P256"), "case-insensitive lookup");
	TU_CHECK(pqs_sig_find("no-such-alg") == NULL, "unknown name");
	TU_CHECK(pqs_sig_at(n) == NULL, "index past the end");
	TU_CHECK(strcmp(pqs_strerror(PQS_ERR_INVALID_SIGNATURE), "signature is invalid") == 0, "strerror");
	return tu_finish("registry");
}
