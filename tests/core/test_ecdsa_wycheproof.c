/*
 * Every ECDSA class against the C2SP Wycheproof ECDSA vectors
 * (shared/vectors/ecdsa-wycheproof, commit in COMMIT): P-256, P-384 and
 * brainpoolP256r1 in r||s (IEEE P1363) form through pqs_sig_verify;
 * secp256k1 in r||s form under the SEC 1 rule (PQS_ECDSA_S_ANY, since the
 * file counts high-S signatures valid) and, through pqs_sig_verify, with
 * the class's own low-S policy against the same file (high-S valid cases
 * must fail with PQS_ERR_SIG_ENCODING, every other case as expected); and
 * the Bitcoin-rules secp256k1 file (DER, high S invalid) through
 * pqs_sig_verify.  100 % of the cases must meet their expected result, and
 * the case counts are asserted.
 *
 * Keys: Wycheproof gives the uncompressed point; our classes take the
 * compressed one, made by pqs_ecdsa_pk_from_point (full on-curve check),
 * so an invalid point fails at key conversion.  Signatures of the Bitcoin
 * file are DER: our classes take r||s, so the test accepts only strict
 * DER (the bytes OpenSSL's i2d re-encodes identically) with non-negative
 * integers that fit the field size; any other encoding is a rejection,
 * as BIP 66 rules (this conversion is the test's, not the library's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>

#include "json.h"
#include "pqsig/ecdsa.h"
#include "testutil.h"

typedef enum { FORM_P1363, FORM_DER } sig_form;

/* How a file is run: through the class (pqs_sig_verify) or under an explicit policy. */
typedef struct {
	const char *file;
	const char *cls;
	sig_form form;
	int through_class;               /* 1: pqs_sig_verify; 0: pqs_ecdsa_verify_policy(policy) */
	pqs_ecdsa_s_policy policy;
	int high_s_valid_is_encoding;    /* valid high-S cases must fail with PQS_ERR_SIG_ENCODING */
	long long want_tests, want_valid;
} vector_run;

static uint8_t *hex_of(const tu_json *o, const char *key, size_t *len)
{
	const char *h = tu_json_str(o, key);
	*len = 0;
	return h ? tu_hex_decode(h, len) : NULL;
}

/* Strict DER ECDSA-Sig-Value -> r || s (flen each); 0 if it is not one. */
static int der_to_rs(const uint8_t *der, size_t len, size_t flen, uint8_t *rs)
{
	const unsigned char *q = der;
	ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &q, (long)len);
	int ok = 0;
	if (es && (size_t)(q - der) == len) {
		unsigned char *re = NULL;
		int rl = i2d_ECDSA_SIG(es, &re);
		const BIGNUM *r, *s;
		ECDSA_SIG_get0(es, &r, &s);
		ok = rl == (int)len && memcmp(re, der, len) == 0 && !BN_is_negative(r) && !BN_is_negative(s) &&
		     BN_bn2binpad(r, rs, (int)flen) == (int)flen && BN_bn2binpad(s, rs + flen, (int)flen) == (int)flen;
		OPENSSL_free(re);
	}
	ECDSA_SIG_free(es);
	return ok;
}

/* s > n/2 for a 2*flen r || s signature on cls's curve. */
static int is_high_s(const pqs_sig_class *cls, const uint8_t *rs, size_t flen)
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(OBJ_sn2nid(pqs_ecdsa_curve_name(cls)));
	BIGNUM *s = BN_bin2bn(rs + flen, (int)flen, NULL), *twice = BN_new();
	int high = g && s && twice && BN_lshift1(twice, s) && BN_cmp(twice, EC_GROUP_get0_order(g)) > 0;
	BN_free(s);
	BN_free(twice);
	EC_GROUP_free(g);
	return high;
}

/* Cases also verified through a prepared key, over all files. */
static long long total_prepared;

static void run_file(const vector_run *run)
{
	char rel[256];
	snprintf(rel, sizeof rel, "vectors/ecdsa-wycheproof/%s", run->file);
	tu_json *doc = tu_json_load(tu_shared_path(rel));
	TU_CHECK(doc != NULL, "cannot load %s", rel);
	if (!doc)
		return;
	const pqs_sig_class *cls = pqs_sig_find(run->cls);
	TU_CHECK(cls != NULL, "%s registered", run->cls);
	if (!cls) {
		tu_json_free(doc);
		return;
	}
	const size_t flen = pqs_ecdsa_field_len(cls);
	long long n = 0, n_valid = 0, met = 0, high_s_refused = 0, n_prepared = 0;
	TU_JSON_FOREACH(g, tu_json_get(doc, "testGroups")) {
		size_t unc_len = 0;
		uint8_t *unc = hex_of(tu_json_get(g, "publicKey"), "uncompressed", &unc_len);
		uint8_t pk[49];
		int key_ok = unc && pqs_ecdsa_pk_from_point(cls, pk, unc, unc_len) == PQS_OK;
		/* One prepared key per group, reused by every test of the group. */
		_Alignas(PQS_SIG_PREPARED_ALIGN) uint8_t prepared[PQS_ECDSA_PREPARED_BYTES];
		TU_CHECK(pqs_sig_prepared_len(cls) == sizeof prepared, "%s: prepared length", run->file);
		int prepared_ok = key_ok && pqs_sig_prepare(cls, prepared, pk) == PQS_OK;
		TU_CHECK(prepared_ok == key_ok, "%s: a key that decodes prepares", run->file);
		TU_JSON_FOREACH(t, tu_json_get(g, "tests")) {
			size_t msg_len = 0, sig_len = 0;
			uint8_t *msg = hex_of(t, "msg", &msg_len), *sig = hex_of(t, "sig", &sig_len);
			uint8_t rs[96];
			const char *res = tu_json_str(t, "result");
			const int valid = res && strcmp(res, "valid") == 0, acceptable = res && strcmp(res, "acceptable") == 0;
			const uint8_t *m = msg ? msg : (const uint8_t *)"";
			int ret = PQS_ERR_INVALID_SIGNATURE; /* a key or DER the conversion refuses */
			const uint8_t *v = NULL;
			size_t v_len = 0;
			if (run->form == FORM_DER) {
				if (sig && der_to_rs(sig, sig_len, flen, rs)) {
					v = rs;
					v_len = 2 * flen;
				}
			} else if (sig) {
				v = sig;
				v_len = sig_len;
			}
			if (key_ok && v)
				ret = run->through_class ? pqs_sig_verify(cls, v, v_len, m, msg_len, NULL, 0, pk)
				                         : pqs_ecdsa_verify_policy(cls, v, v_len, m, msg_len, pk, run->policy);
			if (prepared_ok && v) {
				/* The prepared-key path gives the same verdict. */
				int rp = run->through_class
				                 ? pqs_sig_verify_prepared(cls, v, v_len, m, msg_len, NULL, 0, prepared)
				                 : pqs_ecdsa_verify_prepared_policy(cls, v, v_len, m, msg_len, prepared, run->policy);
				TU_CHECK(rp == ret, "%s tcId %lld: prepared verify %d, plain %d", run->file,
				         tu_json_int(t, "tcId", -1), rp, ret);
				n_prepared++;
			}
			int ok;
			if (valid && run->high_s_valid_is_encoding && v_len == 2 * flen && is_high_s(cls, v, flen)) {
				ok = ret == PQS_ERR_SIG_ENCODING;
				high_s_refused += ok;
			} else {
				ok = acceptable || (valid ? ret == PQS_OK : ret != PQS_OK);
			}
			TU_CHECK(ok, "%s tcId %lld (%s): got %d, expected %s", run->file, tu_json_int(t, "tcId", -1),
			         tu_json_str(t, "comment"), ret, res ? res : "?");
			n++;
			n_valid += valid;
			met += ok;
			free(msg);
			free(sig);
		}
		if (prepared_ok)
			pqs_sig_release_prepared(cls, prepared);
		free(unc);
	}
	TU_CHECK(n == tu_json_int(doc, "numberOfTests", -1) && n == run->want_tests && n_valid == run->want_valid,
	         "%s: %lld cases (%lld valid), expected %lld (%lld valid)", run->file, n, n_valid, run->want_tests,
	         run->want_valid);
	printf("Wycheproof %-50s %-22s %s: %lld/%lld met", run->file, run->cls,
	       run->through_class ? "class policy" : run->policy == PQS_ECDSA_S_ANY ? "any s" : "low s", met, n);
	if (run->high_s_valid_is_encoding)
		printf(" (%lld valid high-S refused as non-canonical)", high_s_refused);
	printf("; %lld also through a prepared key", n_prepared);
	total_prepared += n_prepared;
	printf("\n");
	tu_json_free(doc);
}

int main(void)
{
	static const vector_run runs[] = {
		{ "ecdsa_secp256r1_sha256_p1363_test.json.gz", "ECDSA-P256", FORM_P1363, 1, PQS_ECDSA_S_CLASS, 0, 262, 173 },
		{ "ecdsa_secp384r1_sha384_p1363_test.json.gz", "ECDSA-P384", FORM_P1363, 1, PQS_ECDSA_S_CLASS, 0, 280, 193 },
		{ "ecdsa_brainpoolP256r1_sha256_p1363_test.json.gz", "ECDSA-brainpoolP256r1", FORM_P1363, 1,
		  PQS_ECDSA_S_CLASS, 0, 261, 175 },
		{ "ecdsa_secp256k1_sha256_p1363_test.json.gz", "ECDSA-secp256k1", FORM_P1363, 0, PQS_ECDSA_S_ANY, 0, 252,
		  167 },
		{ "ecdsa_secp256k1_sha256_p1363_test.json.gz", "ECDSA-secp256k1", FORM_P1363, 1, PQS_ECDSA_S_CLASS, 1, 252,
		  167 },
		{ "ecdsa_secp256k1_sha256_bitcoin_test.json.gz", "ECDSA-secp256k1", FORM_DER, 1, PQS_ECDSA_S_CLASS, 0, 463,
		  162 },
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
		run_file(&runs[i]);
	/* Every case whose key decodes and whose signature converts to r || s (1538 of 1770). */
	TU_CHECK(total_prepared == 1538, "prepared-key cases: %lld, expected 1538", total_prepared);
	return tu_finish("ecdsa_wycheproof");
}
