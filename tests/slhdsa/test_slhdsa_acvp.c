/*
 * SLH-DSA key generation against the NIST ACVP-Server keyGen sample
 * (shared/vectors/slh-dsa/acvp-keyGen-FIPS205.internalProjection.json):
 * 120 cases, 10 per parameter set.  slh_keygen_internal(SK.seed, SK.prf,
 * PK.seed) must reproduce sk and pk byte for byte (FIPS 205 Algorithm 18),
 * through the explicit API (and the registry class once per set).
 *
 * Usage: test_slhdsa_acvp [MAX_S] - at most MAX_S cases (default 10) of
 * each 's' set, whose key generation is slow under sanitizers.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "pqsig/sig.h"
#include "pqsig/slhdsa.h"
#include "testutil.h"

#define EXPECTED_CASES 120
#define EXPECTED_PER_SET 10

static uint8_t *hex_field(const tu_json *t, const char *key, size_t *len)
{
	const char *s = tu_json_str(t, key);
	return s ? tu_hex_decode(s, len) : NULL;
}

int main(int argc, char **argv)
{
	const unsigned max_s = argc > 1 ? (unsigned)atoi(argv[1]) : EXPECTED_PER_SET;
	unsigned expected_total = 0;
	tu_json *doc = tu_json_load(tu_shared_path("vectors/slh-dsa/acvp-keyGen-FIPS205.internalProjection.json"));
	unsigned passed = 0, per_set[PQS_SLHDSA_SET_COUNT] = {0};
	TU_CHECK(doc != NULL, "cannot load the ACVP keyGen file");
	TU_JSON_FOREACH(g, tu_json_get(doc, "testGroups")) {
		pqs_slhdsa_set set;
		const char *name = tu_json_str(g, "parameterSet");
		const int known = name && pqs_slhdsa_set_from_name(name, &set) == PQS_OK;
		TU_CHECK(known, "unknown set %s", name ? name : "?");
		if (!known)
			continue;
		const pqs_sig_class *cls = pqs_sig_find(name);
		TU_CHECK(cls != NULL, "class %s registered", name);
		const size_t n = pqs_slhdsa_n(set);
		const int slow = name[strlen(name) - 1] == 's';
		const unsigned limit = slow && max_s < EXPECTED_PER_SET ? max_s : EXPECTED_PER_SET;
		expected_total += limit;
		TU_JSON_FOREACH(t, tu_json_get(g, "tests")) {
			if (per_set[set] >= limit)
				break;
			size_t l1, l2, l3, lsk, lpk;
			uint8_t *sk_seed = hex_field(t, "skSeed", &l1), *sk_prf = hex_field(t, "skPrf", &l2);
			uint8_t *pk_seed = hex_field(t, "pkSeed", &l3);
			uint8_t *sk = hex_field(t, "sk", &lsk), *pk = hex_field(t, "pk", &lpk);
			uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES], gpk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES],
				gsk[PQS_SLHDSA_MAX_SECRETKEY_BYTES], cpk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES],
				csk[PQS_SLHDSA_MAX_SECRETKEY_BYTES];
			int ok = sk_seed && sk_prf && pk_seed && sk && pk && l1 == n && l2 == n && l3 == n &&
			         lsk == pqs_slhdsa_sk_bytes(set) && lpk == pqs_slhdsa_pk_bytes(set);
			if (ok) {
				memcpy(seed, sk_seed, n);
				memcpy(seed + n, sk_prf, n);
				memcpy(seed + 2 * n, pk_seed, n);
				ok = pqs_slhdsa_keygen_internal(set, gpk, gsk, seed) == PQS_OK &&
				     tu_bytes_eq(gpk, pk, lpk) && tu_bytes_eq(gsk, sk, lsk);
				/* The registry's seeded keygen once per set (the same code path). */
				if (per_set[set] == 0)
					ok = ok && cls && pqs_sig_keygen(cls, cpk, csk, seed, 3 * n, NULL) == PQS_OK &&
					     memcmp(cpk, pk, lpk) == 0 && memcmp(csk, sk, lsk) == 0;
			}
			TU_CHECK(ok, "%s tcId %lld", name, tu_json_int(t, "tcId", -1));
			passed += (unsigned)ok;
			per_set[set] += (unsigned)ok;
			free(sk_seed);
			free(sk_prf);
			free(pk_seed);
			free(sk);
			free(pk);
		}
	}
	TU_CHECK(passed == expected_total && (max_s < EXPECTED_PER_SET || passed == EXPECTED_CASES),
	         "%u of %u keyGen cases passed", passed, expected_total);
	for (unsigned s = 0; s < PQS_SLHDSA_SET_COUNT; s++)
		TU_CHECK(per_set[s] >= (max_s < EXPECTED_PER_SET ? max_s : EXPECTED_PER_SET), "%s: %u cases",
		         pqs_slhdsa_name((pqs_slhdsa_set)s), per_set[s]);
	tu_json_free(doc);
	return tu_finish("slhdsa acvp keyGen");
}
