/*
 * libFuzzer target: the IEEE 1609.2 SPDU decoder and verifier
 * (v2x_spdu_decode, v2x_spdu_verify).  Properties checked on every input,
 * beyond "no crash, no sanitizer report": a decoded SPDU's payload lies
 * inside the input; decoding and verification agree on malformed input
 * (same error code); nothing random verifies under a root this process
 * generated and never used to sign.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static v2x_store *store;
static v2x_cache *cache;

/* A trust anchor nobody else holds a key for (generated once per process). */
static void setup(void)
{
	static uint8_t root[V2X_MAX_CERT];
	static v2x_key k;
	size_t len = 0;
	v2x_cert_params p;
	v2x_cert_params_default(&p, V2X_CERT_ROOT, 0);
	p.duration_unit = V2X_DUR_YEARS;
	p.duration = 100;
	store = v2x_store_new(4);
	cache = v2x_cache_new(4);
	if (!store || !cache || v2x_key_generate(&k, v2x_alg_find("ECDSA"), NULL) != V2X_OK ||
	    v2x_cert_issue(&p, &k, &k, NULL, 0, NULL, root, sizeof root, &len) != V2X_OK ||
	    v2x_store_add_root(store, root, len) != V2X_OK)
		abort();
	v2x_key_clear(&k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!store)
		setup();
	v2x_spdu_info info;
	int d = v2x_spdu_decode(data, size, &info);
	if (d == V2X_OK && info.payload_len &&
	    (info.payload < data || info.payload + info.payload_len > data + size))
		abort();
	v2x_verify_ctx v;
	v2x_verify_ctx_init(&v, store, size % 2 ? cache : NULL, 0); /* now 0: no replay window */
	int e = v2x_spdu_verify(&v, data, size, NULL);
	if (v2x_err_is_malformed(d) && e != d)
		abort();
	if (e == V2X_OK)
		abort(); /* the anchor's key signed nothing */
	return 0;
}
