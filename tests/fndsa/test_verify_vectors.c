/*
 * Round-3 Falcon verification against the independent vectors of
 * pornin/c-fn-dsa (orig-falcon-padded-verify.c-fn-dsa.json: 5 keys and
 * padded signatures for logn 9, 5 for logn 10).  Each must verify with
 * the padded class, and with the compressed class once the zero padding
 * is stripped; and each must fail after any one-bit change of the
 * message or of the signature (every bit position is tried).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "json.h"
#include "pqsig/sig.h"
#include "testutil.h"

/* Plain verify, checked against the prepared-key path (the same verdict, every call). */
static int
verify_both(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint8_t *pk)
{
	int r = cls->verify(cls, sig, sig_len, msg, msg_len, NULL, 0, pk);
	int rp = tu_verify_prepared(cls, sig, sig_len, msg, msg_len, NULL, 0, pk);

	TU_CHECK(rp == r, "%s: prepared verify %d, plain %d", cls->name, rp, r);
	return r;
}

int
main(void)
{
	tu_json *root = tu_json_load(tu_shared_path("vectors/falcon/orig-falcon-padded-verify.c-fn-dsa.json"));
	size_t ncases = 0, nvalid = 0, nflip = 0, nflip_rejected = 0;

	TU_CHECK(root != NULL, "load vectors");
	if (root == NULL) {
		return tu_finish("test_fndsa_verify_vectors");
	}
	TU_JSON_FOREACH(c, tu_json_get(root, "cases")) {
		long long logn = tu_json_int(c, "logn", 0);
		const pqs_sig_class *pcls = logn == 9 ? &pqs_falcon_padded512_class
			: logn == 10 ? &pqs_falcon_padded1024_class : NULL;
		const pqs_sig_class *ccls = logn == 9 ? &pqs_falcon512_class : &pqs_falcon1024_class;
		size_t pk_len, msg_len, sig_len;
		uint8_t *pk = tu_hex_decode(tu_json_str(c, "vk"), &pk_len);
		uint8_t *msg = tu_hex_decode(tu_json_str(c, "msg"), &msg_len);
		uint8_t *sig = tu_hex_decode(tu_json_str(c, "sig"), &sig_len);
		int r;

		ncases++;
		TU_CHECK(pcls && pk && msg && sig && pk_len == pcls->pk_len
			&& strcmp(tu_json_str(c, "expect"), "valid") == 0, "case %zu fields", ncases);
		if (!(pcls && pk && msg && sig && pk_len == pcls->pk_len)) {
			goto next;
		}
		r = verify_both(pcls, sig, sig_len, msg, msg_len, pk);
		TU_CHECK(r == PQS_OK, "case %zu: padded verify %d", ncases, r);
		nvalid += r == PQS_OK;

		/* Compressed form: the same bytes without the zero padding. */
		{
			size_t clen = sig_len;
			while (clen > 42 && sig[clen - 1] == 0) {
				clen--;
			}
			r = verify_both(ccls, sig, clen, msg, msg_len, pk);
			/* The last compressed byte may itself be zero: then one
			 * zero byte must be kept. */
			if (r != PQS_OK) {
				r = verify_both(ccls, sig, clen + 1, msg, msg_len, pk);
			}
			TU_CHECK(r == PQS_OK, "case %zu: compressed verify %d", ncases, r);
		}

		/* One-bit changes of the message. */
		for (size_t b = 0; b < msg_len * 8; b++) {
			msg[b >> 3] ^= (uint8_t)(1u << (b & 7));
			r = verify_both(pcls, sig, sig_len, msg, msg_len, pk);
			msg[b >> 3] ^= (uint8_t)(1u << (b & 7));
			nflip++;
			nflip_rejected += r != PQS_OK;
			TU_CHECK(r == PQS_ERR_INVALID_SIGNATURE, "case %zu: msg bit %zu flipped: %d", ncases, b, r);
		}
		/* One-bit changes of the signature (header, nonce, s2, padding). */
		for (size_t b = 0; b < sig_len * 8; b++) {
			sig[b >> 3] ^= (uint8_t)(1u << (b & 7));
			r = verify_both(pcls, sig, sig_len, msg, msg_len, pk);
			sig[b >> 3] ^= (uint8_t)(1u << (b & 7));
			nflip++;
			nflip_rejected += r != PQS_OK;
			if (r == PQS_OK) {
				TU_CHECK(0, "case %zu: sig bit %zu flipped still verifies", ncases, b);
			}
		}
		/* The unmodified inputs still verify (nothing was left changed). */
		r = verify_both(pcls, sig, sig_len, msg, msg_len, pk);
		TU_CHECK(r == PQS_OK, "case %zu: verify after flips %d", ncases, r);
next:
		free(pk);
		free(msg);
		free(sig);
	}
	tu_json_free(root);
	TU_CHECK(ncases == 10 && nvalid == 10, "%zu cases, %zu valid", ncases, nvalid);
	TU_CHECK(nflip == nflip_rejected, "%zu of %zu one-bit changes rejected", nflip_rejected, nflip);
	printf("%zu/%zu vectors verify; %zu/%zu one-bit changes rejected\n",
		nvalid, ncases, nflip_rejected, nflip);
	printf("%lu verifications also through a prepared key\n", tu_prepared_verifies);
	TU_CHECK(tu_prepared_verifies == 79150UL, "prepared-key verifications: %lu", tu_prepared_verifies);
	return tu_finish("test_fndsa_verify_vectors");
}
