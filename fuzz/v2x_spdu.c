/*
 * libFuzzer target: the IEEE 1609.2 SPDU decoder and verifier
 * (pqs_v2x_spdu_decode, pqs_v2x_spdu_verify), trusting the certificates of
 * fuzz/v2x-trust/, the PKI that signed the seeds fuzz/corpus-v2x/spdu-fixture-*
 * (fuzz/v2x_fixture.h), so mutations reach chain validation, signature
 * dispatch and the certificate cache.  Properties checked on every input, beyond "no crash,
 * no sanitizer report":
 *   - a decoded SPDU's payload lies inside the input;
 *   - decoding and verification agree on malformed input (same error code);
 *   - the verdict depends on the cache only where 1609.2 says it may: a
 *     digest signer (HashedId8 only) is found in the cache when an earlier
 *     SPDU carried its certificate.  So with a cache warmed by every earlier
 *     input the result must equal the cold one (no cache), except when the
 *     cold verification failed with V2X_ERR_SIGNER_UNKNOWN.  In particular
 *     a warm cache never turns a rejected SPDU into an accepted one
 *     otherwise, nor an accepted one into a rejected one (issue 10 item 25).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"
#include "v2x_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static v2x_store *store;
static v2x_cache *cache;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!store &&
	    (!(store = v2x_fixture_load_trust(PQSIG_FUZZ_DIR "/v2x-trust")) || !(cache = pqs_v2x_cache_new(16))))
		abort();
	v2x_spdu_info info;
	int d = pqs_v2x_spdu_decode(data, size, &info);
	if (d == V2X_OK && info.payload_len &&
	    (info.payload < data || info.payload + info.payload_len > data + size))
		abort();
	v2x_verify_ctx cold, warm;
	pqs_v2x_verify_ctx_init(&cold, store, NULL, 0); /* now 0: no replay window */
	pqs_v2x_verify_ctx_init(&warm, store, cache, 0);
	int e = pqs_v2x_spdu_verify(&cold, data, size, NULL);
	if (pqs_v2x_err_is_malformed(d) && e != d)
		abort();
	if (pqs_v2x_spdu_verify(&warm, data, size, NULL) != e && e != V2X_ERR_SIGNER_UNKNOWN)
		abort(); /* a verdict that depends on what the cache holds */
	return 0;
}
