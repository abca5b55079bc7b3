/*
 * SLH-DSA signatures against an independent implementation:
 * shared/vectors/slh-dsa/noble-sigs.json.gz (@noble/post-quantum 0.7.1, see
 * PROVENANCE.md there), 6 per parameter set: 4 deterministic (opt_rand =
 * PK.seed, with and without a context string) and 2 hedged with a given
 * addrnd.  Keys are derived from the 3n-byte seed; every signature is
 * reproduced byte for byte (FIPS 205 Algorithm 22) and verified through
 * the registry class.  The first entry is signed with and without the
 * AVX2 four-way hashing.
 *
 * Usage: test_slhdsa_noble SET [MAX_SIGN] - SET is a parameter set name;
 * MAX_SIGN (default 6) bounds how many entries are re-signed (the rest are
 * only verified), so sanitizer builds stay fast on the slow 's' sets.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "pqsig/sig.h"
#include "pqsig/slhdsa.h"
#include "core/simd.h"
#include "slhdsa/inner.h"
#include "testutil.h"

#define ENTRIES_PER_SET 6

static uint8_t *hex_field(const tu_json *t, const char *key, size_t *len)
{
	const char *s = tu_json_str(t, key);
	*len = 0;
	return s ? tu_hex_decode(s, len) : NULL;
}

int main(int argc, char **argv)
{
	pqs_slhdsa_set set;
	if (argc < 2 || pqs_slhdsa_set_from_name(argv[1], &set) != PQS_OK) {
		fprintf(stderr, "usage: %s SET [MAX_SIGN]\n", argv[0]);
		return 2;
	}
	const unsigned max_sign = argc > 2 ? (unsigned)atoi(argv[2]) : ENTRIES_PER_SET;
	const char *name = pqs_slhdsa_name(set);
	const pqs_sig_class *cls = pqs_sig_find(name);
	const size_t n = pqs_slhdsa_n(set), sig_bytes = pqs_slhdsa_sig_bytes(set);
	tu_json *doc = tu_json_load(tu_shared_path("vectors/slh-dsa/noble-sigs.json.gz"));
	unsigned seen = 0, signed_ok = 0, verified = 0, hedged = 0, with_ctx = 0;
	uint8_t *sig = malloc(sig_bytes);
	TU_CHECK(doc && cls && sig, "load vectors / class %s", name);
	TU_JSON_FOREACH(t, doc) {
		const char *ps = tu_json_str(t, "parameterSet");
		if (!ps || strcmp(ps, name) != 0)
			continue;
		seen++;
		size_t lseed, lpk, lsk, lmsg, lctx, lrnd = 0, lsig;
		uint8_t *seed = hex_field(t, "seed", &lseed), *pk = hex_field(t, "pk", &lpk);
		uint8_t *sk = hex_field(t, "sk", &lsk), *msg = hex_field(t, "message", &lmsg);
		uint8_t *ctx = hex_field(t, "context", &lctx), *want = hex_field(t, "signature", &lsig);
		const tu_json *rnd_node = tu_json_get(t, "addrnd");
		uint8_t *addrnd = (rnd_node && rnd_node->type == TU_JSON_STRING) ? tu_hex_decode(rnd_node->str, &lrnd) : NULL;
		uint8_t gpk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES], gsk[PQS_SLHDSA_MAX_SECRETKEY_BYTES];
		int ok = seed && pk && sk && msg && ctx && want && lseed == 3 * n && lpk == 2 * n && lsk == 4 * n &&
		         lsig == sig_bytes && (!addrnd || lrnd == n);
		TU_CHECK(ok, "%s entry %u: fields", name, seen);
		if (ok) {
			hedged += addrnd != NULL;
			with_ctx += lctx > 0;
			/* Algorithm 18 from the seed, then Algorithm 22 with the same opt_rand. */
			TU_CHECK(pqs_slhdsa_keygen_internal(set, gpk, gsk, seed) == PQS_OK && tu_bytes_eq(gpk, pk, lpk) &&
			                 tu_bytes_eq(gsk, sk, lsk),
			         "%s entry %u: keygen", name, seen);
			if (signed_ok < max_sign) {
				/* The first entry is signed twice: with the four-way AVX2 hashing (if any) and without. */
				const int passes = signed_ok == 0 ? 2 : 1;
				int same = 1;
				for (int pass = 0; pass < passes; pass++) {
					pqs_simd_force_portable(pass != 0);
					int r = pqs_slhdsa_sign(set, sig, msg, lmsg, ctx, lctx, addrnd, gsk, lsk);
					same &= r == PQS_OK && tu_bytes_eq(sig, want, lsig);
				}
				pqs_simd_force_portable(0);
				TU_CHECK(same, "%s entry %u: signature byte for byte", name, seen);
				signed_ok += (unsigned)same;
			}
			const int v = pqs_sig_verify(cls, want, lsig, msg, lmsg, ctx, lctx, pk) == PQS_OK;
			TU_CHECK(v, "%s entry %u: verify", name, seen);
			verified += (unsigned)v;
		}
		free(seed);
		free(pk);
		free(sk);
		free(msg);
		free(ctx);
		free(want);
		free(addrnd);
	}
	const unsigned expect_signed = max_sign < ENTRIES_PER_SET ? max_sign : ENTRIES_PER_SET;
	TU_CHECK(seen == ENTRIES_PER_SET && verified == ENTRIES_PER_SET, "%s: %u entries, %u verified", name, seen,
	         verified);
	TU_CHECK(signed_ok == expect_signed, "%s: %u of %u re-signed byte for byte", name, signed_ok, expect_signed);
	TU_CHECK(hedged == 2 && with_ctx == 2, "%s: %u hedged, %u with a context", name, hedged, with_ctx);
	tu_json_free(doc);
	free(sig);
	return tu_finish(name);
}
