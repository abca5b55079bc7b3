/*
 * Hawk rejections, on the reference KAT signatures (shared/vectors/hawk):
 *   - every KAT signature verifies, and one-bit changes of it are rejected:
 *     entry i flips one bit (position (i + byte) % 8) in every byte whose
 *     index is i mod 8, so the 100 entries of a file cover every byte of
 *     the signature, each about 12 times;
 *   - the signature of another message (first message byte changed) is
 *     PQS_ERR_INVALID_SIGNATURE;
 *   - one-bit changes of the public key (a sample of bytes) are rejected;
 *   - strict decoding: a decoded signature / public key re-encodes to the
 *     same bytes; non-zero padding is PQS_ERR_SIG_ENCODING /
 *     PQS_ERR_KEY_ENCODING; a wrong length is PQS_ERR_SIG_LENGTH; a
 *     context string is PQS_ERR_CTX_UNSUPPORTED (class API).
 *
 * Usage: test_hawk_reject [entries per file (default 100)]
 */
#include <stdlib.h>
#include <string.h>

#include "hawk/inner.h"
#include "pqsig/hawk.h"
#include "pqsig/sig.h"
#include "testutil.h"

static const struct {
	const char *file;
	unsigned logn;
	const pqs_sig_class *cls; /* NULL: Hawk-256, not registered */
} SETS[] = {
	{ "vectors/hawk/PQCsignKAT_96.rsp", 8, NULL },
	{ "vectors/hawk/PQCsignKAT_184.rsp", 9, &pqs_hawk512_class },
	{ "vectors/hawk/PQCsignKAT_360.rsp", 10, &pqs_hawk1024_class },
};

/* Strict-decoding checks on one KAT signature and key. */
static void
check_decoders(unsigned logn, const pqs_sig_class *cls, const uint8_t *sig,
	const uint8_t *msg, size_t msg_len, const uint8_t *pk, long count)
{
	const pqs_hawk_params *prm = pqs_hawk_params_get(logn);
	size_t sig_len = PQS_HAWK_SIG_LEN(logn), pk_len = PQS_HAWK_PK_LEN(logn);
	int16_t s1[1024], q00[512], q01[1024];
	uint8_t salt[40], buf[2440];
	int r;

	/* Canonical: decode then encode gives the same bytes. */
	r = pqs_hawk_decode_sig(salt, s1, prm, sig);
	TU_CHECK(r == PQS_OK && pqs_hawk_encode_sig(buf, prm, salt, s1)
		&& memcmp(buf, sig, sig_len) == 0,
		"n=%u count %ld: signature re-encoding", 1u << logn, count);
	r = pqs_hawk_decode_public(q00, q01, prm, pk);
	TU_CHECK(r == PQS_OK && pqs_hawk_encode_public(buf, prm, q00, q01)
		&& memcmp(buf, pk, pk_len) == 0,
		"n=%u count %ld: public key re-encoding", 1u << logn, count);
	/* Padding: the last byte of these encodings is padding (zero). */
	if (sig[sig_len - 1] == 0) {
		memcpy(buf, sig, sig_len);
		buf[sig_len - 1] = 0x80;
		r = pqs_hawk_verify(logn, buf, msg, msg_len, pk);
		TU_CHECK(r == PQS_ERR_SIG_ENCODING,
			"n=%u count %ld: signature padding: %d", 1u << logn, count, r);
	}
	if (pk[pk_len - 1] == 0) {
		memcpy(buf, pk, pk_len);
		buf[pk_len - 1] = 0x01;
		r = pqs_hawk_verify(logn, sig, msg, msg_len, buf);
		TU_CHECK(r == PQS_ERR_KEY_ENCODING,
			"n=%u count %ld: key padding: %d", 1u << logn, count, r);
	}
	if (cls != NULL) {
		uint8_t ctx = 1;

		r = cls->verify(cls, sig, sig_len - 1, msg, msg_len, NULL, 0, pk);
		TU_CHECK(r == PQS_ERR_SIG_LENGTH, "%s: short signature: %d", cls->name, r);
		r = cls->verify(cls, sig, sig_len, msg, msg_len, &ctx, 1, pk);
		TU_CHECK(r == PQS_ERR_CTX_UNSUPPORTED, "%s: context: %d", cls->name, r);
		r = cls->verify(cls, sig, sig_len, msg, msg_len, NULL, 0, pk);
		TU_CHECK(r == PQS_OK, "%s: class verify: %d", cls->name, r);
	}
}

int
main(int argc, char **argv)
{
	long limit = argc > 1 ? atol(argv[1]) : 100;
	size_t si;

	for (si = 0; si < sizeof SETS / sizeof SETS[0]; si++) {
		unsigned logn = SETS[si].logn;
		size_t sig_len = PQS_HAWK_SIG_LEN(logn), pk_len = PQS_HAWK_PK_LEN(logn);
		long count = 0, flips = 0, flips_rejected = 0, others = 0;
		long pk_flips = 0, pk_flips_rejected = 0;
		unsigned char covered[1221];
		tu_rsp rsp;
		int opened;
		size_t b;

		memset(covered, 0, sizeof covered);
		opened = tu_rsp_open(&rsp, tu_shared_path(SETS[si].file)) == 0;
		TU_CHECK(opened, "open %s", SETS[si].file);
		if (!opened) {
			continue;
		}
		while (count < limit && tu_rsp_next(&rsp)) {
			size_t msg_len, kpk_len, sm_len;
			uint8_t *msg = tu_rsp_hex(&rsp, "msg", &msg_len);
			uint8_t *pk = tu_rsp_hex(&rsp, "pk", &kpk_len);
			uint8_t *sm = tu_rsp_hex(&rsp, "sm", &sm_len);
			uint8_t sig[1221], bad[2440];
			int r;

			count++;
			if (!(msg && pk && sm && msg_len >= 1 && kpk_len == pk_len
				&& sm_len == msg_len + sig_len))
			{
				TU_CHECK(0, "n=%u count %ld: fields", 1u << logn, count - 1);
				goto next;
			}
			memcpy(sig, sm + msg_len, sig_len);
			r = pqs_hawk_verify(logn, sig, msg, msg_len, pk);
			TU_CHECK(r == PQS_OK, "n=%u count %ld: KAT verify %d",
				1u << logn, count - 1, r);
			for (b = (size_t)(count - 1) % 8; b < sig_len; b += 8) {
				memcpy(bad, sig, sig_len);
				bad[b] ^= (uint8_t)(1u << ((b + (size_t)count - 1) % 8));
				flips++;
				covered[b] = 1;
				if (pqs_hawk_verify(logn, bad, msg, msg_len, pk) != PQS_OK) {
					flips_rejected++;
				} else {
					TU_CHECK(0, "n=%u count %ld: flip of byte %zu accepted",
						1u << logn, count - 1, b);
				}
			}
			for (b = (size_t)(count - 1) % 64; b < pk_len; b += 64) {
				memcpy(bad, pk, pk_len);
				bad[b] ^= (uint8_t)(1u << (b % 8));
				pk_flips++;
				pk_flips_rejected += pqs_hawk_verify(logn, sig, msg, msg_len, bad) != PQS_OK;
			}
			msg[0] ^= 1;
			r = pqs_hawk_verify(logn, sig, msg, msg_len, pk);
			others += r == PQS_ERR_INVALID_SIGNATURE;
			msg[0] ^= 1;
			if (count <= 4) {
				check_decoders(logn, SETS[si].cls, sig, msg, msg_len, pk, count - 1);
			}
next:
			free(msg);
			free(pk);
			free(sm);
		}
		tu_rsp_close(&rsp);
		TU_CHECK(count == limit, "n=%u: %ld entries, %ld expected", 1u << logn,
			count, limit);
		TU_CHECK(flips > 0 && flips_rejected == flips,
			"n=%u: %ld of %ld signature flips rejected", 1u << logn,
			flips_rejected, flips);
		TU_CHECK(pk_flips > 0 && pk_flips_rejected == pk_flips,
			"n=%u: %ld of %ld key flips rejected", 1u << logn,
			pk_flips_rejected, pk_flips);
		TU_CHECK(others == count, "n=%u: %ld of %ld other-message checks",
			1u << logn, others, count);
		if (limit >= 8) {
			for (b = 0; b < sig_len && covered[b]; b++) {
			}
			TU_CHECK(b == sig_len, "n=%u: byte %zu never flipped", 1u << logn, b);
		}
	}
	return tu_finish("test_hawk_reject");
}
