/*
 * Regression test for issue 10 item 21: the SPDU fuzzer's seeds never got
 * past issuer lookup, because the root it trusted had signed none of them.
 * Now the fuzzer trusts fuzz/v2x-trust/ (the PKI of fuzz/v2x_fixture.c),
 * and the stored seeds fuzz/corpus-v2x/spdu-fixture-* are signed under it:
 * every one of them must verify with that store, with no cache and with a
 * warm one, each with at least one signature check, and a changed byte of
 * the signed data must be rejected.  The fixture's SPDU count is checked
 * against the files, so a missing seed fails too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "v2x_fixture.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s fuzz/corpus-v2x fuzz/v2x-trust\n", argv[0]);
		return 2;
	}
	v2x_fixture fx;
	TU_CHECK(v2x_fixture_build(&fx) == V2X_OK, "fixture built");
	/* 5 profiles x 3 SPDUs, all registered in this build. */
	TU_CHECK(fx.n_spdus == 5 * V2X_FIXTURE_SPDUS_PER_PROFILE, "%zu fixture SPDUs, want 15", fx.n_spdus);
	v2x_store *store = v2x_fixture_load_trust(argv[2]);
	TU_CHECK(store != NULL, "trust store loaded from %s", argv[2]);
	v2x_cache *cache = pqs_v2x_cache_new(16);
	size_t verified = 0;
	for (size_t i = 0; i < fx.n_spdus && store; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", argv[1], fx.label[i]);
		size_t len = 0;
		uint8_t *seed = tu_read_file(path, &len);
		TU_CHECK(seed != NULL && len > 8, "%s: stored seed present", fx.label[i]);
		if (!seed || len <= 8) {
			free(seed);
			continue;
		}
		int all = 1;
		for (int pass = 0; pass < 3; pass++) {
			v2x_verify_ctx v;
			pqs_v2x_verify_ctx_init(&v, store, pass ? cache : NULL, 0);
			int e = pqs_v2x_spdu_verify(&v, seed, len, NULL);
			TU_CHECK(e == V2X_OK && v.sig_checks >= 1, "%s: verifies under the fuzzer's root (pass %d: %s)",
				 fx.label[i], pass, pqs_v2x_strerror(e));
			all &= e == V2X_OK;
		}
		verified += all;
		/* The last bytes are the SPDU's signature: a change there must be caught by the signature check. */
		seed[len - 3] ^= 0x01;
		v2x_verify_ctx v;
		pqs_v2x_verify_ctx_init(&v, store, cache, 0);
		TU_CHECK(pqs_v2x_spdu_verify(&v, seed, len, NULL) != V2X_OK, "%s: altered seed rejected", fx.label[i]);
		free(seed);
	}
	TU_CHECK(verified == fx.n_spdus && verified > 0, "%zu of %zu seeds verify", verified, fx.n_spdus);
	pqs_v2x_cache_free(cache);
	pqs_v2x_store_free(store);
	v2x_fixture_free(&fx);
	return tu_finish("test_fuzz_v2x_seeds_verify");
}
