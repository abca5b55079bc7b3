/*
 * An intermediate CA carried in the SPDU itself (SignerIdentifier
 * certificate with two certificates: vehicle, then its issuing CA), not
 * in the store: root -> ICA -> vehicle verifies without a cache, on a
 * cache miss and on a cache hit (chain length 3); without the ICA the
 * issuer is unknown; no single flipped ICA byte is accepted.
 *
 * Also the three-level chain of the 1609 WG proposal: SLH-DSA-SHA2-128s
 * root, FN-DSA-512 intermediate CA, ECDSA vehicle.
 *
 * Regression of issue 10 item 25 (test_v2x_regress_cache_verdict_attached_ica):
 * a verdict must not depend on the cache.  Each flipped ICA byte is
 * verified with the warm cache (the vehicle certificate verified before)
 * and without one: the verdicts must be the same (at b468745 a warm cache
 * skipped the attached chain and accepted most flips).
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"
#include "testutil.h"

static int verify(v2x_store *st, v2x_cache *c, uint64_t now, const uint8_t *m, size_t n, size_t *chain_len)
{
	v2x_verify_ctx v;
	v2x_spdu_info info;
	pqs_v2x_verify_ctx_init(&v, st, c, now);
	int e = pqs_v2x_spdu_verify(&v, m, n, &info);
	*chain_len = e ? 0 : info.chain_len;
	return e;
}

/*
 * profile_name: vehicle/ICA; root_name: the root's algorithm (NULL: the ICA's).  flip_stride: flip
 * every stride-th ICA byte (an SLH-DSA root makes each flip of the ICA's to-be-signed part cost an
 * SLH-DSA verification, thousands of hashes: FIPS 205 section 10.3).
 */
static void run(const char *profile_name, const char *root_name, size_t flip_stride)
{
	v2x_profile prof;
	TU_CHECK(pqs_v2x_profile_parse(profile_name, &prof) == V2X_OK, "%s: profile", profile_name);
	const v2x_alg *root_alg = root_name ? pqs_v2x_alg_find(root_name) : prof.ca;
	TU_CHECK(root_alg != NULL, "%s: root algorithm %s", profile_name, root_name ? root_name : "(the CA's)");
	if (!root_alg)
		return;
	uint64_t now = pqs_v2x_time64_from_unix_us(1795953600ull * 1000000ull);
	uint32_t now32 = (uint32_t)(now / 1000000u);
	static v2x_key rk, ik, vk;
	static uint8_t root[V2X_MAX_CERT], ica[V2X_MAX_CERT], veh[V2X_MAX_CERT];
	size_t rl, il, vl;
	v2x_cert_params cp;
	int ok = pqs_v2x_key_generate(&rk, root_alg, NULL) == V2X_OK &&
		 pqs_v2x_key_generate(&ik, prof.ca, NULL) == V2X_OK &&
		 pqs_v2x_key_generate(&vk, prof.vehicle, NULL) == V2X_OK;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
	cp.chain_length_range = 1;
	ok = ok && pqs_v2x_cert_issue(&cp, &rk, &rk, NULL, 0, NULL, root, sizeof root, &rl) == V2X_OK;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, now32 - 86400);
	ok = ok && pqs_v2x_cert_issue(&cp, &ik, &rk, root, rl, NULL, ica, sizeof ica, &il) == V2X_OK;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, now32 - 3600);
	ok = ok && pqs_v2x_cert_issue(&cp, &vk, &ik, ica, il, NULL, veh, sizeof veh, &vl) == V2X_OK;
	TU_CHECK(ok, "%s: PKI", profile_name);
	if (!ok)
		return;
	v2x_store *st = pqs_v2x_store_new(4);
	v2x_cache *c = pqs_v2x_cache_new(4);
	v2x_signer s;
	TU_CHECK(pqs_v2x_store_add_root(st, root, rl) == V2X_OK &&
			 pqs_v2x_signer_init(&s, &vk, veh, vl, V2X_SIGNER_CERT, NULL) == V2X_OK,
		 "%s: store and signer", profile_name);
	uint8_t payload[100];
	memset(payload, 7, sizeof payload);
	size_t cap = pqs_v2x_spdu_max_len(&s, sizeof payload), n1 = 0;
	uint8_t *a = malloc(cap), *b = malloc(cap + il);
	TU_CHECK(pqs_v2x_spdu_sign(&s, 0x20, now, payload, sizeof payload, a, cap, &n1) == V2X_OK, "%s: sign",
		 profile_name);
	/* SequenceOfCertificate: quantity 01 01 before the vehicle certificate becomes 01 02, ICA appended. */
	size_t off = 0;
	for (size_t k = 2; k + vl <= n1; k++)
		if (memcmp(a + k, veh, vl) == 0) {
			off = k;
			break;
		}
	TU_CHECK(off && a[off - 2] == 1 && a[off - 1] == 1, "%s: certificate sequence found", profile_name);
	if (off && a[off - 2] == 1 && a[off - 1] == 1) {
		memcpy(b, a, off);
		b[off - 1] = 2;
		memcpy(b + off, veh, vl);
		memcpy(b + off + vl, ica, il);
		memcpy(b + off + vl + il, a + off + vl, n1 - off - vl);
		size_t n2 = n1 + il, cl = 0;
		int e = verify(st, NULL, now, a, n1, &cl);
		TU_CHECK(e == V2X_ERR_ISSUER_UNKNOWN, "%s: without the ICA: %s", profile_name, pqs_v2x_strerror(e));
		e = verify(st, NULL, now, b, n2, &cl);
		TU_CHECK(e == V2X_OK && cl == 3, "%s: attached ICA, no cache: %s, chain %zu", profile_name,
			 pqs_v2x_strerror(e), cl);
		e = verify(st, c, now, b, n2, &cl);
		TU_CHECK(e == V2X_OK && cl == 3, "%s: attached ICA, cache miss: %s, chain %zu", profile_name,
			 pqs_v2x_strerror(e), cl);
		e = verify(st, c, now, b, n2, &cl);
		TU_CHECK(e == V2X_OK, "%s: attached ICA, cache hit: %s", profile_name, pqs_v2x_strerror(e));
		/* test_v2x_regress_cache_verdict_attached_ica: warm and cold verdicts agree */
		unsigned long accepted = 0, accepted_warm = 0, differ = 0, flipped = 0;
		for (size_t k = off + vl; k < off + vl + il; k += flip_stride) {
			flipped++;
			b[k] ^= 1;
			int cold = verify(st, NULL, now, b, n2, &cl), warm = verify(st, c, now, b, n2, &cl);
			accepted += cold == V2X_OK;
			accepted_warm += warm == V2X_OK;
			differ += cold != warm;
			b[k] ^= 1;
		}
		TU_CHECK(flipped == (il + flip_stride - 1) / flip_stride && accepted == 0 && accepted_warm == 0 && differ == 0,
		         "%s: of %lu ICA byte flips, %lu accepted cold, %lu accepted warm, %lu verdicts differ", profile_name,
		         flipped, accepted, accepted_warm, differ);
		e = verify(st, c, now, b, n2, &cl);
		TU_CHECK(e == V2X_OK && pqs_v2x_cache_size(c) == 1, "%s: the unflipped SPDU still verifies warm: %s",
			 profile_name, pqs_v2x_strerror(e));
	}
	free(a);
	free(b);
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
	pqs_v2x_key_clear(&rk);
	pqs_v2x_key_clear(&ik);
	pqs_v2x_key_clear(&vk);
}

int main(void)
{
	const char *profiles[] = { "ECDSA", "FN-DSA-512", "ECDSA/ML-DSA-44", "ECDSA/ECDSA+FN-DSA-512" };
	for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
		run(profiles[i], NULL, 1);
	/* the 1609 WG proposal's three-level chain (docs/v2x.md): SLH-DSA root, FN-DSA intermediate CA,
	 * ECDSA vehicles */
	run("ECDSA/FN-DSA-512", "SLH-DSA-SHA2-128s", 7);
	return tu_finish("v2x_ica");
}
