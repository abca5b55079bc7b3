/*
 * libFuzzer target: the IEEE 1609.2 SPDU decoder and verifier
 * (v2x_spdu_decode, v2x_spdu_verify), trusting the certificates of
 * fuzz/v2x-trust/, the PKI that signed the seeds fuzz/corpus-v2x/spdu-fixture-*
 * (fuzz/v2x_fixture.h), so mutations reach chain validation, signature
 * dispatch and the certificate cache.  Properties checked on every input, beyond "no crash,
 * no sanitizer report":
 *   - a decoded SPDU's payload lies inside the input;
 *   - decoding and verification agree on malformed input (same error code);
 *   - the verdict does not depend on the cache: the same bytes get the same
 *     result with no cache and with a cache warmed by every earlier input.
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
	if (!store && (!(store = v2x_fixture_load_trust(PQSIG_FUZZ_DIR "/v2x-trust")) || !(cache = v2x_cache_new(16))))
		abort();
	v2x_spdu_info info;
	int d = v2x_spdu_decode(data, size, &info);
	if (d == V2X_OK && info.payload_len &&
	    (info.payload < data || info.payload + info.payload_len > data + size))
		abort();
	v2x_verify_ctx cold, warm;
	v2x_verify_ctx_init(&cold, store, NULL, 0); /* now 0: no replay window */
	v2x_verify_ctx_init(&warm, store, cache, 0);
	int e = v2x_spdu_verify(&cold, data, size, NULL);
	if (v2x_err_is_malformed(d) && e != d)
		abort();
	if (v2x_spdu_verify(&warm, data, size, NULL) != e)
		abort(); /* a verdict that depends on what the cache holds */
	return 0;
}
