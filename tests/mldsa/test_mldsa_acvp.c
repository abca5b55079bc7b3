/*
 * ML-DSA against NIST ACVP-Server v1.1.0.43 vectors (shared/vectors/ml-dsa/
 * acvp-v1.1.0.43): keyGen (75), sigGen (360), sigGen-tr1 (720, including
 * keyFormat "seed" groups) and sigVer (180).  Every prompt is run through
 * the public API of pqsig/mldsa.h and compared with expectedResults.
 */
#include <stdio.h>

#include "mldsa/ntt.h"
#include "core/simd.h"
#include "mldsa_test.h"
#include "pqsig/sig.h"

/* The expected-results test object with this tcId, or NULL. */
static const tu_json *find_expected(const tu_json *exp, long long tc_id)
{
	TU_JSON_FOREACH(g, tu_json_get(exp, "testGroups"))
		TU_JSON_FOREACH(t, tu_json_get(g, "tests"))
			if (tu_json_int(t, "tcId", -1) == tc_id)
				return t;
	return NULL;
}

static int load_pair(const char *dir, const char *sfx, tu_json **prompt, tu_json **exp)
{
	char rel[512];
	snprintf(rel, sizeof rel, "vectors/ml-dsa/acvp-v1.1.0.43/%s/prompt.json%s", dir, sfx);
	*prompt = tu_json_load(tu_shared_path(rel));
	snprintf(rel, sizeof rel, "vectors/ml-dsa/acvp-v1.1.0.43/%s/expectedResults.json%s", dir, sfx);
	*exp = tu_json_load(tu_shared_path(rel));
	TU_CHECK(*prompt && *exp, "cannot load %s", dir);
	return *prompt && *exp;
}

static unsigned run_keygen(void)
{
	tu_json *prompt, *exp;
	unsigned n = 0;
	if (!load_pair("ML-DSA-keyGen-FIPS204", "", &prompt, &exp))
		return 0;
	TU_JSON_FOREACH(g, tu_json_get(prompt, "testGroups")) {
		const pqs_mldsa_set set = mt_set_from_name(tu_json_str(g, "parameterSet"));
		TU_JSON_FOREACH(t, tu_json_get(g, "tests")) {
			const long long tc = tu_json_int(t, "tcId", -1);
			const tu_json *e = find_expected(exp, tc);
			size_t seed_len, pk_len, sk_len;
			uint8_t *seed = mt_hex(t, "seed", &seed_len);
			uint8_t *pk = mt_hex(e, "pk", &pk_len);
			uint8_t *sk = mt_hex(e, "sk", &sk_len);
			uint8_t gpk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], gsk[PQS_MLDSA_MAX_SECRETKEY_BYTES];
			int ok = seed && pk && sk && seed_len == 32 && pk_len == pqs_mldsa_pk_bytes(set) &&
			         sk_len == pqs_mldsa_sk_bytes(set) &&
			         pqs_mldsa_keygen_internal(set, gpk, gsk, seed) == PQS_OK;
			ok = ok && tu_bytes_eq(gpk, pk, pk_len) && tu_bytes_eq(gsk, sk, sk_len);
			TU_CHECK(ok, "keyGen tcId %lld", tc);
			n += (unsigned)ok;
			free(seed);
			free(pk);
			free(sk);
		}
	}
	tu_json_free(prompt);
	tu_json_free(exp);
	return n;
}

static unsigned run_siggen(const char *dir, const char *sfx, unsigned *total)
{
	tu_json *prompt, *exp;
	unsigned n = 0;
	*total = 0;
	if (!load_pair(dir, sfx, &prompt, &exp))
		return 0;
	TU_JSON_FOREACH(g, tu_json_get(prompt, "testGroups")) {
		const pqs_mldsa_set set = mt_set_from_name(tu_json_str(g, "parameterSet"));
		const int deterministic = tu_json_bool(g, "deterministic", 0);
		const char *iface = tu_json_str(g, "signatureInterface");
		const char *prehash = tu_json_str(g, "preHash");
		const char *key_format = tu_json_str(g, "keyFormat"); /* tr1 only */
		const int ext_mu = tu_json_bool(g, "externalMu", 0);
		const int internal = iface && strcmp(iface, "internal") == 0;
		const int seed_key = key_format && strcmp(key_format, "seed") == 0;
		TU_JSON_FOREACH(t, tu_json_get(g, "tests")) {
			const long long tc = tu_json_int(t, "tcId", -1);
			const tu_json *e = find_expected(exp, tc);
			size_t sk_len = 0, msg_len = 0, ctx_len = 0, rnd_len = 0, mu_len = 0, want_len = 0;
			uint8_t gsig[PQS_MLDSA_MAX_SIGNATURE_BYTES];
			uint8_t gpk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], gsk[PQS_MLDSA_MAX_SECRETKEY_BYTES];
			uint8_t *sk = NULL, *msg = mt_hex(t, "message", &msg_len), *ctx = mt_hex(t, "context", &ctx_len);
			uint8_t *rnd = deterministic ? NULL : mt_hex(t, "rnd", &rnd_len);
			uint8_t *mu = mt_hex(t, "mu", &mu_len);
			uint8_t *want = mt_hex(e, "signature", &want_len);
			int ret = PQS_ERR_ARG;
			(*total)++;

			if (seed_key) {
				size_t seed_len;
				uint8_t *seed = mt_hex(t, "seed", &seed_len);
				if (seed && seed_len == 32 && pqs_mldsa_keygen_internal(set, gpk, gsk, seed) == PQS_OK) {
					sk = malloc(pqs_mldsa_sk_bytes(set));
					memcpy(sk, gsk, pqs_mldsa_sk_bytes(set));
					sk_len = pqs_mldsa_sk_bytes(set);
				}
				free(seed);
			} else {
				sk = mt_hex(t, "sk", &sk_len);
			}
			if (!sk || (!deterministic && rnd_len != 32)) {
				TU_CHECK(0, "%s tcId %lld: bad test inputs", dir, tc);
			} else if (internal && ext_mu) {
				ret = (mu && mu_len == 64) ? pqs_mldsa_sign_mu(set, gsig, mu, rnd, sk, sk_len) : PQS_ERR_ARG;
			} else if (internal) {
				ret = pqs_mldsa_sign_internal(set, gsig, msg, msg_len, rnd, sk, sk_len);
			} else if (prehash && strcmp(prehash, "preHash") == 0) {
				pqs_mldsa_prehash ph;
				ret = pqs_mldsa_prehash_from_name(tu_json_str(t, "hashAlg"), &ph);
				if (ret == PQS_OK)
					ret = pqs_mldsa_hash_sign(set, ph, gsig, msg, msg_len, ctx, ctx_len, rnd, sk, sk_len);
			} else {
				ret = pqs_mldsa_sign(set, gsig, msg, msg_len, ctx, ctx_len, rnd, sk, sk_len);
			}
			int ok = ret == PQS_OK && want && want_len == pqs_mldsa_sig_bytes(set) &&
			         tu_bytes_eq(gsig, want, want_len);
			/* Seed-format keys come with their pk: the signature must also verify. */
			if (ok && seed_key && internal && ext_mu)
				ok = pqs_mldsa_verify_mu(set, gsig, want_len, mu, gpk, pqs_mldsa_pk_bytes(set)) == PQS_OK;
			else if (ok && seed_key && internal)
				ok = pqs_mldsa_verify_internal(set, gsig, want_len, msg, msg_len, gpk,
				                               pqs_mldsa_pk_bytes(set)) == PQS_OK;
			TU_CHECK(ok, "%s tcId %lld (ret %d)", dir, tc, ret);
			n += (unsigned)ok;
			free(sk);
			free(msg);
			free(ctx);
			free(rnd);
			free(mu);
			free(want);
		}
	}
	tu_json_free(prompt);
	tu_json_free(exp);
	return n;
}

static unsigned run_sigver(unsigned *total, unsigned *n_true)
{
	tu_json *prompt, *exp;
	unsigned n = 0;
	*total = 0;
	*n_true = 0;
	if (!load_pair("ML-DSA-sigVer-FIPS204", "", &prompt, &exp))
		return 0;
	TU_JSON_FOREACH(g, tu_json_get(prompt, "testGroups")) {
		const pqs_mldsa_set set = mt_set_from_name(tu_json_str(g, "parameterSet"));
		const char *iface = tu_json_str(g, "signatureInterface");
		const char *prehash = tu_json_str(g, "preHash");
		const int ext_mu = tu_json_bool(g, "externalMu", 0);
		const int internal = iface && strcmp(iface, "internal") == 0;
		TU_JSON_FOREACH(t, tu_json_get(g, "tests")) {
			const long long tc = tu_json_int(t, "tcId", -1);
			const tu_json *e = find_expected(exp, tc);
			const int expect = tu_json_bool(e, "testPassed", -1);
			size_t pk_len, msg_len, ctx_len, mu_len, sig_len;
			uint8_t *pk = mt_hex(t, "pk", &pk_len), *msg = mt_hex(t, "message", &msg_len);
			uint8_t *ctx = mt_hex(t, "context", &ctx_len), *mu = mt_hex(t, "mu", &mu_len);
			uint8_t *sig = mt_hex(t, "signature", &sig_len);
			int ret;
			(*total)++;
			if (internal && ext_mu) {
				ret = (mu && mu_len == 64) ? pqs_mldsa_verify_mu(set, sig, sig_len, mu, pk, pk_len)
				                           : PQS_ERR_ARG;
			} else if (internal) {
				ret = pqs_mldsa_verify_internal(set, sig, sig_len, msg, msg_len, pk, pk_len);
			} else if (prehash && strcmp(prehash, "preHash") == 0) {
				pqs_mldsa_prehash ph;
				ret = pqs_mldsa_prehash_from_name(tu_json_str(t, "hashAlg"), &ph);
				if (ret == PQS_OK)
					ret = pqs_mldsa_hash_verify(set, ph, sig, sig_len, msg, msg_len, ctx, ctx_len, pk,
					                            pk_len);
			} else {
				ret = pqs_mldsa_verify(set, sig, sig_len, msg, msg_len, ctx, ctx_len, pk, pk_len);
				/* The class's prepared-key path gives the same verdict. */
				const pqs_sig_class *cls = pqs_sig_find(set == PQS_MLDSA_44   ? "ML-DSA-44"
				                                        : set == PQS_MLDSA_65 ? "ML-DSA-65"
				                                                              : "ML-DSA-87");
				if (pk && pk_len == cls->pk_len) {
					int r2 = tu_verify_prepared(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, pk);
					TU_CHECK(r2 == ret, "sigVer tcId %lld: prepared verify %d, plain %d", tc, r2, ret);
				}
			}
			/* A failing ACVP case is a modified message/signature: INVALID_SIGNATURE or a malformed hint. */
			int ok = (expect == 1) ? ret == PQS_OK
			                       : (expect == 0 && (ret == PQS_ERR_INVALID_SIGNATURE || ret == PQS_ERR_SIG_ENCODING));
			TU_CHECK(ok, "sigVer tcId %lld: expected %d, got %d", tc, expect, ret);
			n += (unsigned)ok;
			*n_true += (unsigned)(expect == 1);
			free(pk);
			free(msg);
			free(ctx);
			free(mu);
			free(sig);
		}
	}
	tu_json_free(prompt);
	tu_json_free(exp);
	return n;
}

/* The whole suite once per arithmetic path: AVX2 (when the CPU has it), then portable. */
static void run_all(const char *path)
{
	unsigned total, n_true;
	unsigned kg = run_keygen();
	printf("[%s] ACVP ML-DSA keyGen: %u/75 passed\n", path, kg);
	TU_CHECK(kg == 75, "keyGen count %u", kg);

	unsigned sg = run_siggen("ML-DSA-sigGen-FIPS204", "", &total);
	printf("[%s] ACVP ML-DSA sigGen: %u/%u passed\n", path, sg, total);
	TU_CHECK(sg == 360 && total == 360, "sigGen count %u/%u", sg, total);

	unsigned sg1 = run_siggen("ML-DSA-sigGen-FIPS204-tr1", ".gz", &total);
	printf("[%s] ACVP ML-DSA sigGen-tr1: %u/%u passed\n", path, sg1, total);
	TU_CHECK(sg1 == 720 && total == 720, "sigGen-tr1 count %u/%u", sg1, total);

	unsigned long prepared_before = tu_prepared_verifies;
	unsigned sv = run_sigver(&total, &n_true);
	printf("[%s] ACVP ML-DSA sigVer: %u/%u passed (%u valid, %u invalid)\n", path, sv, total, n_true,
	       total - n_true);
	TU_CHECK(sv == 180 && total == 180, "sigVer count %u/%u", sv, total);
	/* The pure (external, no pre-hash) sigVer cases also run through a prepared key. */
	unsigned long prepared = tu_prepared_verifies - prepared_before;
	printf("[%s] ACVP ML-DSA sigVer: %lu pure cases also through a prepared key\n", path, prepared);
	TU_CHECK(prepared == 45, "prepared-key sigVer count %lu", prepared);
}

int main(void)
{
	if (pqs_simd_avx2())
		run_all("avx2");
	else
		printf("AVX2 path not available on this CPU/build\n");
	pqs_simd_force_portable(1);
	TU_CHECK(!pqs_simd_avx2(), "portable path can be forced");
	run_all("portable");
	pqs_simd_force_portable(0);
	return tu_finish("test_mldsa_acvp");
}
