/* V2X PKI and SPDUs for the fuzzer (see v2x_fixture.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "v2x_fixture.h"

/* Classical, composite, ML-DSA and Falcon signers, and a PQC CA over an ECDSA vehicle. */
static const char *const profiles[] = { "ECDSA", "ECDSA+FN-DSA-512", "ML-DSA-44", "ECDSA/FN-DSA-512",
	                                "ECDSA-P384" };

/* Profile name as a file-name part: '+' -> 'p', '/' -> '_'. */
static void label_of(char *out, size_t cap, const char *prefix, const char *profile, const char *kind)
{
	char p[48];
	size_t i = 0;
	for (; profile[i] && i + 1 < sizeof p; i++)
		p[i] = profile[i] == '+' ? 'p' : profile[i] == '/' ? '_' : profile[i];
	p[i] = 0;
	snprintf(out, cap, "%s%s%s%s", prefix, p, kind[0] ? "-" : "", kind);
}

/* Add a certificate to the store and keep a copy (root: trusted). */
static int add_cert(v2x_fixture *fx, const uint8_t *cert, size_t len, const char *role, const char *profile)
{
	size_t i = fx->n_certs;
	if (i == V2X_FIXTURE_MAX_CERTS || !(fx->cert[i] = malloc(len)))
		return V2X_ERR_NOMEM;
	memcpy(fx->cert[i], cert, len);
	fx->cert_len[i] = len;
	label_of(fx->cert_label[i], sizeof fx->cert_label[i], role, profile, "");
	fx->n_certs++;
	return strcmp(role, "root-") == 0 ? pqs_v2x_store_add_root(fx->store, cert, len)
					  : pqs_v2x_store_add_cert(fx->store, cert, len);
}

static int add_spdu(v2x_fixture *fx, const v2x_key *key, const uint8_t *cert, size_t cert_len, v2x_signer_kind kind,
                    pqs_rng *rng, const char *profile, const char *what)
{
	static const uint8_t payload[] = "pqsig fuzz fixture: basic safety message";
	v2x_signer s;
	int e = pqs_v2x_signer_init(&s, key, cert, cert_len, kind, rng);
	if (e)
		return e;
	if (fx->n_spdus == V2X_FIXTURE_MAX_SPDUS)
		return V2X_ERR_NOMEM;
	size_t cap = pqs_v2x_spdu_max_len(&s, sizeof payload), i = fx->n_spdus;
	fx->spdu[i] = malloc(cap);
	if (!fx->spdu[i])
		return V2X_ERR_NOMEM;
	e = pqs_v2x_spdu_sign(&s, 0x20, fx->now - 1000 * i, payload, sizeof payload, fx->spdu[i], cap,
			      &fx->spdu_len[i]);
	if (e) {
		free(fx->spdu[i]);
		fx->spdu[i] = NULL;
		return e;
	}
	label_of(fx->label[i], sizeof fx->label[i], "spdu-fixture-", profile, what);
	fx->n_spdus++;
	return V2X_OK;
}

static int build_profile(v2x_fixture *fx, const v2x_profile *prof, pqs_rng *rng)
{
	static v2x_key root_key, ica_key, a_key, b_key;
	static uint8_t root[V2X_MAX_CERT], ica[V2X_MAX_CERT], a[V2X_MAX_CERT], b[V2X_MAX_CERT];
	size_t root_len, ica_len, a_len, b_len;
	uint32_t now32 = (uint32_t)(fx->now / 1000000u);
	v2x_cert_params cp;
	int e = pqs_v2x_key_generate(&root_key, prof->ca, rng);
	if (!e)
		e = pqs_v2x_key_generate(&ica_key, prof->ca, rng);
	if (!e)
		e = pqs_v2x_key_generate(&a_key, prof->vehicle, rng);
	if (!e)
		e = pqs_v2x_key_generate(&b_key, prof->vehicle, rng);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
	cp.chain_length_range = 1; /* vehicles directly under the root, and under an intermediate */
	if (!e)
		e = pqs_v2x_cert_issue(&cp, &root_key, &root_key, NULL, 0, rng, root, sizeof root, &root_len);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, now32 - 86400);
	if (!e)
		e = pqs_v2x_cert_issue(&cp, &ica_key, &root_key, root, root_len, rng, ica, sizeof ica, &ica_len);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, now32 - 3600);
	if (!e)
		e = pqs_v2x_cert_issue(&cp, &a_key, &root_key, root, root_len, rng, a, sizeof a, &a_len);
	if (!e)
		e = pqs_v2x_cert_issue(&cp, &b_key, &ica_key, ica, ica_len, rng, b, sizeof b, &b_len);
	if (!e)
		e = add_cert(fx, root, root_len, "root-", prof->name);
	if (!e)
		e = add_cert(fx, ica, ica_len, "ica-", prof->name);
	if (!e)
		e = add_cert(fx, a, a_len, "vehicle-", prof->name);
	if (!e)
		e = add_spdu(fx, &a_key, a, a_len, V2X_SIGNER_CERT, rng, prof->name, "cert");
	if (!e)
		e = add_spdu(fx, &a_key, a, a_len, V2X_SIGNER_DIGEST, rng, prof->name, "digest");
	if (!e)
		e = add_spdu(fx, &b_key, b, b_len, V2X_SIGNER_CERT, rng, prof->name, "ica");
	pqs_v2x_key_clear(&root_key);
	pqs_v2x_key_clear(&ica_key);
	pqs_v2x_key_clear(&a_key);
	pqs_v2x_key_clear(&b_key);
	return e;
}

int v2x_fixture_build(v2x_fixture *fx)
{
	uint8_t seed[48] = "pqsig fuzz v2x fixture, version 1";
	pqs_drbg drbg;
	memset(fx, 0, sizeof *fx);
	pqs_drbg_init(&drbg, seed, NULL);
	fx->now = pqs_v2x_time64_from_unix_us(1795953600ull * 1000000ull);
	const size_t n_profiles = sizeof profiles / sizeof profiles[0];
	fx->store = pqs_v2x_store_new(4 * n_profiles);
	int e = fx->store ? V2X_OK : V2X_ERR_NOMEM;
	for (size_t i = 0; i < n_profiles && !e; i++) {
		v2x_profile prof;
		e = pqs_v2x_profile_parse(profiles[i], &prof);
		if (!e && pqs_v2x_profile_available(&prof))
			e = build_profile(fx, &prof, &drbg.rng);
	}
	if (e)
		v2x_fixture_free(fx);
	return e;
}

void v2x_fixture_free(v2x_fixture *fx)
{
	for (size_t i = 0; i < fx->n_spdus; i++)
		free(fx->spdu[i]);
	for (size_t i = 0; i < fx->n_certs; i++)
		free(fx->cert[i]);
	pqs_v2x_store_free(fx->store);
	memset(fx, 0, sizeof *fx);
}

static uint8_t *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = malloc(V2X_MAX_CERT);
	*len = f && buf ? fread(buf, 1, V2X_MAX_CERT, f) : 0;
	if (f)
		fclose(f);
	if (*len == 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

v2x_store *v2x_fixture_load_trust(const char *dir)
{
	v2x_store *s = pqs_v2x_store_new(4 * V2X_FIXTURE_MAX_CERTS);
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t roots = 0;
	int err = s && d ? V2X_OK : V2X_ERR_NOMEM;
	while (!err && (e = readdir(d)) != NULL) {
		int root = strncmp(e->d_name, "root-", 5) == 0;
		if (!root && strncmp(e->d_name, "ica-", 4) != 0 && strncmp(e->d_name, "vehicle-", 8) != 0)
			continue;
		char path[4096];
		size_t len;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		uint8_t *cert = read_all(path, &len);
		err = !cert  ? V2X_ERR_NOMEM
		      : root ? pqs_v2x_store_add_root(s, cert, len)
			     : pqs_v2x_store_add_cert(s, cert, len);
		roots += root;
		free(cert);
	}
	if (d)
		closedir(d);
	if (err || roots == 0) {
		pqs_v2x_store_free(s);
		return NULL;
	}
	return s;
}
