/*
 * HAETAE v1.1.2 against the reference KAT files
 * (shared/vectors/haetae/PQCsignKAT_haetae_mode{2,3,5}.rsp, 100 entries
 * each; provenance in that folder).  The reference generator seeds the NIST
 * AES-256 CTR-DRBG with each entry's 48-byte seed and draws, in order:
 * 32 bytes of keygen seed (KeyGenInternal), 32 bytes of rnd, one byte
 * ctx_len and ctx_len bytes of context; the detached signature is
 * SignInternal(sk, ctx_len || ctx || msg, rnd).  pk, sk and sig must match
 * byte for byte, the signature must verify through the registry class, and
 * a different context must not verify.
 *
 * Usage: test_haetae_kat [entries-per-file] [keygen]   ("keygen": keys only)
 */
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "pqsig/haetae.h"
#include "pqsig/sig.h"
#include "testutil.h"

static unsigned run_file(pqs_haetae_set set, const pqs_sig_class *cls, unsigned limit, int keygen_only)
{
	char rel[128];
	snprintf(rel, sizeof rel, "vectors/haetae/PQCsignKAT_haetae_mode%d.rsp", (int)set);
	tu_rsp rsp;
	if (tu_rsp_open(&rsp, tu_shared_path(rel)) != 0) {
		TU_CHECK(0, "cannot open %s", rel);
		return 0;
	}
	unsigned n = 0;
	while (n < limit && tu_rsp_next(&rsp)) {
		size_t seed_len, msg_len, pk_len, sk_len, sig_len;
		uint8_t *seed = tu_rsp_hex(&rsp, "seed", &seed_len), *msg = tu_rsp_hex(&rsp, "msg", &msg_len);
		uint8_t *pk = tu_rsp_hex(&rsp, "pk", &pk_len), *sk = tu_rsp_hex(&rsp, "sk", &sk_len);
		uint8_t *sig = tu_rsp_hex(&rsp, "sig", &sig_len);
		uint8_t kseed[PQS_HAETAE_SEED_BYTES], rnd[PQS_HAETAE_RND_BYTES], ctx[256], ctx_len = 0;
		uint8_t gpk[PQS_HAETAE_MAX_PUBLICKEY_BYTES], gsk[PQS_HAETAE_MAX_SECRETKEY_BYTES];
		uint8_t gsig[PQS_HAETAE_MAX_SIGNATURE_BYTES];
		pqs_drbg drbg;
		int ok = seed && msg && pk && sk && sig && seed_len == 48 && pk_len == cls->pk_len &&
		         sk_len == cls->sk_len && sig_len == cls->sig_max_len;
		TU_CHECK(ok, "mode%d entry %u: fields present with the set's sizes", (int)set, n);
		if (ok) {
			pqs_drbg_init(&drbg, seed, NULL);
			pqs_drbg_generate(&drbg, kseed, sizeof kseed);
			pqs_drbg_generate(&drbg, rnd, sizeof rnd);
			pqs_drbg_generate(&drbg, &ctx_len, 1);
			pqs_drbg_generate(&drbg, ctx, ctx_len);
			TU_CHECK(pqs_sig_keygen(cls, gpk, gsk, kseed, sizeof kseed, NULL) == PQS_OK, "keygen");
			TU_CHECK(tu_bytes_eq(gpk, pk, pk_len), "mode%d entry %u: pk", (int)set, n);
			TU_CHECK(tu_bytes_eq(gsk, sk, sk_len), "mode%d entry %u: sk", (int)set, n);
		}
		if (ok && !keygen_only) {
			TU_CHECK(pqs_haetae_sign_with_rnd(set, gsig, msg, msg_len, ctx, ctx_len, rnd, sk) == PQS_OK, "sign");
			TU_CHECK(tu_bytes_eq(gsig, sig, sig_len), "mode%d entry %u: sig", (int)set, n);
			TU_CHECK(pqs_sig_verify(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, pk) == PQS_OK,
			         "mode%d entry %u: KAT signature verifies", (int)set, n);
			ctx[ctx_len] = 0x5a;
			TU_CHECK(pqs_sig_verify(cls, sig, sig_len, msg, msg_len, ctx, (size_t)ctx_len + 1, pk) ==
			             PQS_ERR_INVALID_SIGNATURE,
			         "mode%d entry %u: another context is rejected", (int)set, n);
		}
		free(seed);
		free(msg);
		free(pk);
		free(sk);
		free(sig);
		n++;
	}
	tu_rsp_close(&rsp);
	return n;
}

int main(int argc, char **argv)
{
	unsigned limit = argc > 1 ? (unsigned)atoi(argv[1]) : 100;
	int keygen_only = argc > 2 && strcmp(argv[2], "keygen") == 0;
	static const struct {
		pqs_haetae_set set;
		const char *name;
	} sets[] = { { PQS_HAETAE_2, "HAETAE-2" }, { PQS_HAETAE_3, "HAETAE-3" }, { PQS_HAETAE_5, "HAETAE-5" } };
	for (unsigned i = 0; i < 3; i++) {
		const pqs_sig_class *cls = pqs_sig_find(sets[i].name);
		TU_CHECK(cls != NULL, "class %s registered", sets[i].name);
		if (!cls)
			continue;
		unsigned n = run_file(sets[i].set, cls, limit, keygen_only);
		TU_CHECK(n == limit, "%s: %u KAT entries checked (expected %u)", sets[i].name, n, limit);
	}
	return tu_finish("test_haetae_kat");
}
