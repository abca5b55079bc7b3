/*
 * Implicit certificates in the 1609.2 stack (IEEE 1609.2 section 6.4.2,
 * ECQV key reconstruction of section 5.3.2):
 *  - the four libdot2 implicit certificates of
 *    ../shared/vectors/v2x/bke_implicit_recon_libdot2.json decode with the
 *    V2X codec, name their issuer by the HashedId8 of the vector's issuer
 *    hash, and reconstruct to the vector's public keys;
 *  - an SPDU signed with an implicit certificate verifies (attached signer,
 *    then a warm cache hit without a second reconstruction, then a digest
 *    signer; warm SPDUs verify with the cache's prepared key and reject a
 *    wrong or high-S signature as cold ones do), and a flipped reconstruction value or a signature under
 *    another key does not; a reusable verifier scratch gives the same
 *    verdicts;
 *  - `pqsig v2x verify` accepts such an SPDU (exit 0) and rejects a forged
 *    one (exit 1), when the CLI path is given as argv[1].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>

#include "json.h"
#include "pqsig/scms.h"
#include "pqsig/v2x.h"
#include "testutil.h"
#include "v2x/v2x_inner.h"

static int hex_field(const tu_json *o, const char *key, uint8_t *out, size_t n)
{
	const char *s = tu_json_str(o, key);
	int ok = s && strlen(s) == 2 * n && tu_hex_decode_into(s, 2 * n, out) == 0;
	TU_CHECK(ok, "field %s missing or not %zu bytes", key, n);
	return ok ? 0 : -1;
}

static void test_libdot2_vectors(void)
{
	tu_json *root = tu_json_load(tu_shared_path("vectors/v2x/bke_implicit_recon_libdot2.json"));
	TU_CHECK(root != NULL, "cannot load bke_implicit_recon_libdot2.json");
	if (!root)
		return;
	static v2x_cert c, issuer;
	size_t count = 0, pub_checked = 0;
	TU_JSON_FOREACH(v, tu_json_get(root, "vectors"))
	{
		uint8_t ih[32], qca[33];
		if (hex_field(v, "issuer_cert_sha256", ih, 32) || hex_field(v, "issuer_pub", qca, 33))
			continue;
		size_t len = 0;
		uint8_t *der = tu_hex_decode(tu_json_str(v, "cert_coer"), &len);
		TU_CHECK(der != NULL, "vector %zu: bad cert_coer", count);
		if (!der)
			continue;
		int e = pqs_v2x_cert_decode(&c, der, len);
		TU_CHECK(e == V2X_OK, "vector %zu: implicit certificate does not decode: %s", count,
			 pqs_v2x_strerror(e));
		TU_CHECK(c.implicit && c.pk_len == 0 && !c.sig_alg && c.key_alg == pqs_v2x_alg_by_index(0),
			 "vector %zu: not decoded as implicit", count);
		/* 6.4.3: the issuer's HashedId8 is the low eight octets of its SHA-256 */
		TU_CHECK(c.issuer_kind == 1 && memcmp(c.issuer_id, ih + 24, 8) == 0, "vector %zu: issuer id", count);
		TU_CHECK(c.has_app && c.n_app == 2 && c.app_psids[0] == 0x20 && c.app_psids[1] == 0x26,
			 "vector %zu: appPermissions", count);
		TU_CHECK(c.tbs_off == 12 && c.tbs_off + c.tbs_len == len, "vector %zu: tbs bounds", count);
		memset(&issuer, 0, sizeof issuer);
		issuer.key_alg = pqs_v2x_alg_by_index(0);
		issuer.pk_len = 33;
		memcpy(issuer.pk, qca, 33);
		e = pqs_v2x_cert_reconstruct_key(&c, der, len, &issuer, ih);
		TU_CHECK(e == V2X_OK && c.pk_len == 33, "vector %zu: reconstruction: %s", count, pqs_v2x_strerror(e));
		const char *want_pub = tu_json_str(v, "expected_pub_uncompressed");
		if (want_pub) {
			uint8_t want[65];
			TU_CHECK(strlen(want_pub) == 130 && tu_hex_decode_into(want_pub, 130, want) == 0,
				 "vector %zu: bad expected_pub_uncompressed", count);
			uint8_t compressed[33] = { (uint8_t)(0x02 | (want[64] & 1)) };
			memcpy(compressed + 1, want + 1, 32);
			TU_CHECK(memcmp(c.pk, compressed, 33) == 0, "vector %zu: reconstructed key differs", count);
			pub_checked++;
		}
		/* a flipped reconstruction value gives another key (or none) */
		c.recon[5] ^= 1;
		uint8_t before[33];
		memcpy(before, c.pk, 33);
		e = pqs_v2x_cert_reconstruct_key(&c, der, len, &issuer, ih);
		TU_CHECK(e == V2X_ERR_KEY_ENCODING || (e == V2X_OK && memcmp(before, c.pk, 33) != 0),
			 "vector %zu: flipped P_U still gives the key", count);
		free(der);
		count++;
	}
	TU_CHECK(count == 4, "expected 4 vectors, ran %zu", count);
	TU_CHECK(pub_checked == 3, "expected 3 public keys, checked %zu", pub_checked);
	printf("libdot2 implicit certificates: %zu decoded, %zu keys reconstructed as published\n", count, pub_checked);
	tu_json_free(root);
}

/* A PKI of root -> issuing CA (ECDSA P-256 both) -> implicit vehicle certificate, and the vehicle's key. */
typedef struct {
	v2x_key root, ca, veh;
	uint8_t root_cert[1024], ca_cert[1024], veh_cert[1024];
	size_t root_len, ca_len, veh_len;
} pki;

#define START_UNIX 1790000000u /* 2026-09-21: a fixed time, so that the CLI run can be given --now */

static int make_pki(pki *p)
{
	const v2x_alg *ecdsa = pqs_v2x_alg_by_index(0);
	uint32_t start = pqs_v2x_time32_from_unix(START_UNIX);
	v2x_cert_params rp, cp, vp;
	pqs_v2x_cert_params_default(&rp, V2X_CERT_ROOT, start);
	rp.min_chain_length = 2;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, start);
	pqs_v2x_cert_params_default(&vp, V2X_CERT_EE, start);
	vp.name = NULL;
	int e = pqs_v2x_key_generate(&p->root, ecdsa, NULL);
	if (!e)
		e = pqs_v2x_key_generate(&p->ca, ecdsa, NULL);
	if (!e)
		e = pqs_v2x_cert_issue(&rp, &p->root, &p->root, NULL, 0, NULL, p->root_cert, sizeof p->root_cert,
				       &p->root_len);
	if (!e)
		e = pqs_v2x_cert_issue(&cp, &p->ca, &p->root, p->root_cert, p->root_len, NULL, p->ca_cert,
				       sizeof p->ca_cert, &p->ca_len);
	/* ECQV issuance (SEC 4 section 3.4) without a request key: P_U = k*G, r = e*k + d_CA, and
	 * the vehicle's key d_U = r; the verifier gets Q_U = e*P_U + Q_CA = d_U*G from P_U alone. */
	uint8_t k[32], pu[33], ca_hash[32], ecqv_e[32];
	static v2x_cert dec;
	if (!e)
		e = pqs_rng_fill(NULL, k, 32) || pqs_p256_public(pu, k) ? V2X_ERR_CRYPTO : V2X_OK;
	if (!e)
		e = pqs_v2x_cert_issue_implicit(&vp, pu, p->ca_cert, p->ca_len, p->veh_cert, sizeof p->veh_cert,
						&p->veh_len);
	if (!e)
		e = pqs_v2x_cert_decode(&dec, p->veh_cert, p->veh_len);
	if (!e)
		e = pqs_v2x_hash(V2X_HASH_SHA256, p->ca_cert, p->ca_len, ca_hash);
	uint8_t d[32], q[33];
	if (!e)
		e = pqs_ecqv_hash(ecqv_e, p->veh_cert + dec.tbs_off, dec.tbs_len, ca_hash) ||
				    pqs_ecqv_private(d, ecqv_e, k, p->ca.sk) || pqs_p256_public(q, d)
			    ? V2X_ERR_CRYPTO
			    : V2X_OK;
	if (!e)
		e = pqs_v2x_key_load(&p->veh, ecdsa, q, 33, d, 32);
	pqs_zeroize(k, sizeof k);
	pqs_zeroize(d, sizeof d);
	return e;
}

static uint64_t gen_time(void)
{
	return pqs_v2x_time64_from_unix_us((uint64_t)(START_UNIX + 3600u) * 1000000u);
}

static int sign(const pki *p, v2x_signer_kind kind, const v2x_key *key, uint8_t *out, size_t cap, size_t *len)
{
	v2x_signer s;
	static const uint8_t payload[100] = { 1, 2, 3 };
	int e = pqs_v2x_signer_init(&s, key, p->veh_cert, p->veh_len, kind, NULL);
	return e ? e : pqs_v2x_spdu_sign(&s, 0x20, gen_time(), payload, sizeof payload, out, cap, len);
}

static void test_spdus(const pki *p)
{
	uint8_t spdu[2048], dspdu[2048];
	size_t n = 0, dn = 0;
	TU_CHECK(sign(p, V2X_SIGNER_CERT, &p->veh, spdu, sizeof spdu, &n) == V2X_OK, "sign with implicit cert");
	TU_CHECK(sign(p, V2X_SIGNER_DIGEST, &p->veh, dspdu, sizeof dspdu, &dn) == V2X_OK, "sign digest");
	v2x_store *st = pqs_v2x_store_new(4);
	v2x_cache *cache = pqs_v2x_cache_new(8);
	TU_CHECK(st && cache && pqs_v2x_store_add_root(st, p->root_cert, p->root_len) == V2X_OK &&
			 pqs_v2x_store_add_cert(st, p->ca_cert, p->ca_len) == V2X_OK,
		 "store");
	TU_CHECK(pqs_v2x_store_add_root(st, p->veh_cert, p->veh_len) == V2X_ERR_ARG, "implicit cert as an anchor");
	v2x_verify_ctx v;
	v2x_spdu_info info;
	pqs_v2x_verify_ctx_init(&v, st, cache, gen_time());
	int e = pqs_v2x_spdu_verify(&v, spdu, n, &info);
	TU_CHECK(e == V2X_OK && info.chain_len == 3 && v.cache_misses == 1 && v.sig_checks == 2,
		 "cold: %s, chain %zu, %lu signature checks", pqs_v2x_strerror(e), info.chain_len, v.sig_checks);
	/* warm: the cached entry holds the reconstructed key: one signature check, no chain */
	pqs_v2x_verify_ctx_init(&v, st, cache, gen_time());
	e = pqs_v2x_spdu_verify(&v, spdu, n, &info);
	TU_CHECK(e == V2X_OK && v.cache_hits == 1 && v.sig_checks == 1 && info.chain_len == 0, "warm: %s",
		 pqs_v2x_strerror(e));
	e = pqs_v2x_spdu_verify(&v, dspdu, dn, &info);
	TU_CHECK(e == V2X_OK && info.signer_kind == V2X_SIGNER_DIGEST, "digest signer (cached): %s",
		 pqs_v2x_strerror(e));
	/* warm SPDUs verify with the cache's prepared key: a wrong sSig and the high-S twin
	 * (r, n - s) of a valid signature fail there as they do cold (one encoding, docs/v2x.md) */
	uint8_t twin[2048];
	memcpy(twin, spdu, n);
	twin[n - 3] ^= 0x40;
	TU_CHECK(pqs_v2x_spdu_verify(&v, twin, n, NULL) == V2X_ERR_SIG_INVALID, "warm: wrong sSig verifies");
	BIGNUM *sv = BN_bin2bn(spdu + n - 32, 32, NULL), *order = BN_new();
	EC_GROUP *g = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	TU_CHECK(sv && order && g && EC_GROUP_get_order(g, order, NULL) && BN_sub(sv, order, sv) &&
			 BN_bn2binpad(sv, twin + n - 32, 32) == 32,
		 "n - s");
	memcpy(twin, spdu, n - 32);
	e = pqs_v2x_spdu_verify(&v, twin, n, NULL);
	TU_CHECK(e == V2X_ERR_SIG_INVALID, "warm: high-S twin: %s", pqs_v2x_strerror(e));
	TU_CHECK(v.cache_hits >= 3, "the twins were verified warm (%lu cache hits)", v.cache_hits);
	pqs_v2x_verify_ctx_init(&v, st, NULL, gen_time());
	e = pqs_v2x_spdu_verify(&v, twin, n, NULL);
	TU_CHECK(e == V2X_ERR_SIG_INVALID, "cold: high-S twin: %s", pqs_v2x_strerror(e));
	BN_free(sv);
	BN_free(order);
	EC_GROUP_free(g);
	/* a digest signer known only from the store: reconstructed from the store entry */
	v2x_store *st2 = pqs_v2x_store_new(4);
	TU_CHECK(st2 && pqs_v2x_store_add_root(st2, p->root_cert, p->root_len) == V2X_OK &&
			 pqs_v2x_store_add_cert(st2, p->ca_cert, p->ca_len) == V2X_OK &&
			 pqs_v2x_store_add_cert(st2, p->veh_cert, p->veh_len) == V2X_OK,
		 "store with the implicit certificate");
	pqs_v2x_verify_ctx_init(&v, st2, NULL, gen_time());
	e = pqs_v2x_spdu_verify(&v, dspdu, dn, &info);
	TU_CHECK(e == V2X_OK && info.chain_len == 3, "digest signer from the store: %s", pqs_v2x_strerror(e));
	/* another key under the same implicit certificate does not verify */
	v2x_key other;
	uint8_t bad[2048];
	size_t bn = 0;
	TU_CHECK(pqs_v2x_key_generate(&other, p->veh.alg, NULL) == V2X_OK &&
			 sign(p, V2X_SIGNER_CERT, &other, bad, sizeof bad, &bn) == V2X_OK,
		 "sign with another key");
	pqs_v2x_verify_ctx_init(&v, st, NULL, gen_time());
	TU_CHECK(pqs_v2x_spdu_verify(&v, bad, bn, NULL) == V2X_ERR_SIG_INVALID, "other key verifies");
	/* a flipped bit of P_U (the SPDU's last certificate bytes before the signature) */
	memcpy(bad, spdu, n);
	size_t cert_at = 0;
	for (size_t i = 0; i + p->veh_len <= n; i++)
		if (memcmp(spdu + i, p->veh_cert, p->veh_len) == 0)
			cert_at = i;
	TU_CHECK(cert_at > 0, "certificate inside the SPDU");
	bad[cert_at + p->veh_len - 5] ^= 0x01;
	e = pqs_v2x_spdu_verify(&v, bad, n, NULL);
	TU_CHECK(e == V2X_ERR_SIG_INVALID || e == V2X_ERR_KEY_ENCODING, "flipped P_U: %s", pqs_v2x_strerror(e));
	/* one reusable scratch over good and bad SPDUs in turn: the verdicts of a scratch per message */
	const uint8_t *msgs[] = { bad, spdu, dspdu, bad, spdu };
	size_t lens[] = { n, n, dn, n, n };
	v2x_verify_scratch *ws = pqs_v2x_verify_scratch_new();
	TU_CHECK(ws != NULL && pqs_v2x_verify_scratch_size() > sizeof(v2x_cert), "scratch");
	size_t same = 0;
	for (size_t i = 0; ws && i < sizeof msgs / sizeof msgs[0]; i++) {
		v2x_verify_ctx a, b;
		pqs_v2x_verify_ctx_init(&a, st2, NULL, gen_time());
		pqs_v2x_verify_ctx_init(&b, st2, NULL, gen_time());
		b.scratch = ws;
		int ea = pqs_v2x_spdu_verify(&a, msgs[i], lens[i], NULL);
		int eb = pqs_v2x_spdu_verify(&b, msgs[i], lens[i], NULL);
		TU_CHECK(ea == eb && (ea == V2X_OK) == (i == 1 || i == 2 || i == 4),
			 "SPDU %zu: %d without, %d with scratch", i, ea, eb);
		same += ea == eb;
	}
	TU_CHECK(same == 5, "expected 5 equal verdicts, got %zu", same);
	pqs_v2x_verify_scratch_free(ws);
	pqs_v2x_key_clear(&other);
	pqs_v2x_store_free(st);
	pqs_v2x_store_free(st2);
	pqs_v2x_cache_free(cache);
}

static int write_file(const char *dir, const char *name, const uint8_t *b, size_t n)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(b, 1, n, f) == n;
	if (f)
		ok &= fclose(f) == 0;
	return ok ? 0 : -1;
}

/* Exit status of `cli v2x verify --dir dir --now T spdu_file` (stdout and stderr dropped). */
static int run_verify(const char *cli, const char *dir, const char *spdu)
{
	char cmd[2048];
	unsigned long long now_us = (unsigned long long)(START_UNIX + 3600u) * 1000000u;
	snprintf(cmd, sizeof cmd, "'%s' v2x verify --dir '%s' --now %llu '%s/%s' >/dev/null 2>&1", cli, dir, now_us,
		 dir, spdu);
	int st = system(cmd);
	return st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cli(const pki *p, const char *cli)
{
	char dir[] = "/tmp/pqsig-implicit-XXXXXX";
	TU_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	uint8_t spdu[2048], dspdu[2048];
	size_t n = 0, dn = 0;
	TU_CHECK(sign(p, V2X_SIGNER_CERT, &p->veh, spdu, sizeof spdu, &n) == V2X_OK &&
			 sign(p, V2X_SIGNER_DIGEST, &p->veh, dspdu, sizeof dspdu, &dn) == V2X_OK,
		 "sign");
	TU_CHECK(write_file(dir, "profile", (const uint8_t *)"ECDSA\n", 6) == 0 &&
			 write_file(dir, "root.cert", p->root_cert, p->root_len) == 0 &&
			 write_file(dir, "ica.cert", p->ca_cert, p->ca_len) == 0 &&
			 write_file(dir, "vehicle.cert", p->veh_cert, p->veh_len) == 0 &&
			 write_file(dir, "spdu", spdu, n) == 0 && write_file(dir, "dspdu", dspdu, dn) == 0,
		 "write the PKI directory");
	spdu[n - 3] ^= 0x40; /* inside sSig */
	TU_CHECK(write_file(dir, "forged", spdu, n) == 0, "write the forged SPDU");
	int rc = run_verify(cli, dir, "spdu");
	TU_CHECK(rc == 0, "pqsig v2x verify (implicit certificate signer): exit %d", rc);
	rc = run_verify(cli, dir, "dspdu");
	TU_CHECK(rc == 0, "pqsig v2x verify (implicit digest signer): exit %d", rc);
	rc = run_verify(cli, dir, "forged");
	TU_CHECK(rc == 1, "pqsig v2x verify (forged): exit %d", rc);
	const char *files[] = { "profile", "root.cert", "ica.cert", "vehicle.cert", "spdu", "dspdu", "forged" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
	printf("pqsig v2x verify: implicit-certificate SPDUs accepted, a forged one rejected\n");
}

int main(int argc, char **argv)
{
	test_libdot2_vectors();
	static pki p;
	int e = make_pki(&p);
	TU_CHECK(e == V2X_OK, "PKI with an implicit certificate: %s", pqs_v2x_strerror(e));
	if (e == V2X_OK) {
		test_spdus(&p);
		if (argc > 1)
			test_cli(&p, argv[1]);
	}
	pqs_v2x_key_clear(&p.root);
	pqs_v2x_key_clear(&p.ca);
	pqs_v2x_key_clear(&p.veh);
	return tu_finish("test_v2x_implicit");
}
