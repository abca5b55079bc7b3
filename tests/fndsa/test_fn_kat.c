/*
 * FN-DSA (putative FIPS 206 draft): the 90 KAT digests of
 * vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json (rust-fn-dsa
 * 0629bb11; c-fn-dsa reproduces them), by the derivation that file and
 * notes/fn-dsa-provisional.md section 5 describe: for logn 2..10 and
 * j 0..9, SHAKE256(logn || j as u32 LE) gives seed_kgen (32 bytes) and
 * seed_sign (40 bytes); keygen; sign with ctx "domain" a raw "message"
 * (j even) or its SHA3-256 digest as pre-hash (j odd); verify; the
 * vector is SHA3-256(sk || vk || sig).  Run by the native and the
 * emulated floating-point builds (label fndsa).  The pure-mode vectors of
 * the standard degrees also verify through the FN-DSA classes, with the
 * public key as bytes and as a prepared key.
 */
#include <stdio.h>
#include <string.h>

#include "fn_kat_vector.h"
#include "json.h"
#include "pqsig/fndsa.h"
#include "pqsig/sig.h"
#include "testutil.h"

/* Verify one pure-mode KAT signature through cls: plain, then prepared. */
static int verify_through_class(const pqs_sig_class *cls, const fn_kat_outputs *o)
{
	static _Alignas(PQS_SIG_PREPARED_ALIGN) uint8_t prepared[1 << 16];
	int plain, with_prepared;

	if (o->vk_len != cls->pk_len || pqs_sig_prepared_len(cls) > sizeof prepared) {
		return 0;
	}
	plain = pqs_sig_verify(cls, o->sig, o->sig_len, fn_kat_msg, sizeof fn_kat_msg, fn_kat_ctx, sizeof fn_kat_ctx,
			       o->vk);
	if (pqs_sig_prepare(cls, prepared, o->vk) != PQS_OK) {
		return 0;
	}
	with_prepared = pqs_sig_verify_prepared(cls, o->sig, o->sig_len, fn_kat_msg, sizeof fn_kat_msg, fn_kat_ctx,
						sizeof fn_kat_ctx, prepared);
	pqs_sig_release_prepared(cls, prepared);
	return plain == PQS_OK && with_prepared == PQS_OK;
}

int
main(int argc, char **argv)
{
	const char *path = tu_shared_path(
		"vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json");
	tu_json *root = tu_json_load(path);
	const tu_json *kat;
	/* Optional argument: only the standard degrees (logn 9 and 10). */
	unsigned logn, min_logn = argc > 1 && strcmp(argv[1], "--standard-only") == 0 ? 9 : 2;
	unsigned matched = 0, expected, through_class = 0;

	TU_CHECK(root != NULL, "load %s", path);
	if (root == NULL) {
		return tu_finish("test_fn_kat");
	}
	kat = tu_json_get(root, "kat_sha3_256");
	TU_CHECK(kat != NULL, "kat_sha3_256");
	for (logn = min_logn; kat != NULL && logn <= 10; logn++) {
		char key[4];
		const tu_json *arr;
		uint32_t j;

		snprintf(key, sizeof key, "%u", logn);
		arr = tu_json_get(kat, key);
		TU_CHECK(arr != NULL && arr->len == 10, "10 digests for logn %u", logn);
		for (j = 0; arr != NULL && j < arr->len; j++) {
			const tu_json *e = tu_json_at(arr, j);
			uint8_t want[32], got[32];
			fn_kat_outputs out;
			int ok = e != NULL && e->str != NULL && tu_hex_decode_into(e->str, 64, want) == 0 &&
				 fn_kat_vector(logn, j, got, &out) && memcmp(want, got, 32) == 0;

			TU_CHECK(ok, "KAT logn %u j %u", logn, (unsigned)j);
			matched += ok;
			if (ok && logn >= 9 && !out.prehashed) {
				const pqs_sig_class *cls = logn == 9 ? &pqs_fndsa512_class : &pqs_fndsa1024_class;
				int verified = verify_through_class(cls, &out);

				TU_CHECK(verified, "%s verifies KAT j %u (plain and prepared)", cls->name, (unsigned)j);
				through_class += verified;
			}
		}
	}
	expected = 10 * (11 - min_logn);
	TU_CHECK(matched == expected, "%u of %u digests reproduced", matched, expected);
	/* logn 9 and 10, j = 0, 2, 4, 6, 8. */
	TU_CHECK(through_class == 10, "%u of 10 pure KAT signatures verify through the classes", through_class);
	tu_json_free(root);
	return tu_finish("test_fn_kat");
}
