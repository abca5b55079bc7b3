/*
 * Round-3 Falcon signing and verification against the NIST KAT files
 * (liboqs kat_sig bodies; /work/shared/vectors/falcon/, see its README):
 * for every entry, decode sk, replay the NIST AES-256 CTR-DRBG seeded
 * with the entry's seed (key generation consumes randombytes(48) first,
 * then signing draws the 40-byte nonce and the 48-byte sampler seed) and
 * reproduce sm byte for byte; then verify sm.  Every second entry signs
 * through pqs_falcon_sign_temp on a caller workspace of exactly
 * PQS_FALCON_SIGN_TEMP_BYTES at a varying misalignment, which must give
 * the same bytes and leave the workspace wiped.
 *
 *   Falcon-512/1024: sm = len(esig) (2 bytes, big-endian) || nonce || msg
 *       || esig, esig = 0x20+logn || compressed s2 (NIST API);
 *   Falcon-padded-512/1024: sm = signature (666/1280 bytes) || msg.
 *
 * Usage: test_fndsa_sign_kat [entries per file (default all 100)]
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "nist_drbg.h"
#include "pqsig/fndsa.h"
#include "pqsig/sig.h"
#include "testutil.h"

static const struct {
	const char *file;
	const pqs_sig_class *cls;
	unsigned logn;
	int padded;
} SETS[] = {
	{ "vectors/falcon/Falcon-512.liboqs-kat.rsp", &pqs_falcon512_class, 9, 0 },
	{ "vectors/falcon/Falcon-1024.liboqs-kat.rsp", &pqs_falcon1024_class, 10, 0 },
	{ "vectors/falcon/Falcon-padded-512.liboqs-kat.rsp", &pqs_falcon_padded512_class, 9, 1 },
	{ "vectors/falcon/Falcon-padded-1024.liboqs-kat.rsp", &pqs_falcon_padded1024_class, 10, 1 },
};

int
main(int argc, char **argv)
{
	long limit = argc > 1 ? atol(argv[1]) : 100;

	for (size_t si = 0; si < sizeof SETS / sizeof SETS[0]; si++) {
		const pqs_sig_class *cls = SETS[si].cls;
		unsigned logn = SETS[si].logn;
		tu_rsp rsp;
		long count = 0, signed_ok = 0, verified_ok = 0, temp_signed = 0;
		size_t temp_len = PQS_FALCON_SIGN_TEMP_BYTES(logn);
		uint8_t *temp_area = malloc(temp_len + 8);

		int opened = tu_rsp_open(&rsp, tu_shared_path(SETS[si].file)) == 0;
		TU_CHECK(opened, "open %s", SETS[si].file);
		if (!opened) {
			continue;
		}
		while (count < limit && tu_rsp_next(&rsp)) {
			size_t seed_len, msg_len, pk_len, sk_len, sm_len, sig_len = 0;
			uint8_t *seed = tu_rsp_hex(&rsp, "seed", &seed_len);
			uint8_t *msg = tu_rsp_hex(&rsp, "msg", &msg_len);
			uint8_t *pk = tu_rsp_hex(&rsp, "pk", &pk_len);
			uint8_t *sk = tu_rsp_hex(&rsp, "sk", &sk_len);
			uint8_t *sm = tu_rsp_hex(&rsp, "sm", &sm_len);
			uint8_t sig[1462], want[1462 + 2 + 4096], kg[48];
			size_t want_len;
			pqs_drbg drbg;
			int r;

			count++;
			TU_CHECK(seed && msg && pk && sk && sm && seed_len == 48
				&& pk_len == cls->pk_len && sk_len == cls->sk_len,
				"%s count %ld: fields", cls->name, count - 1);
			if (!(seed && msg && pk && sk && sm && seed_len == 48)) {
				goto next;
			}
			pqs_drbg_init(&drbg, seed, NULL);
			pqs_drbg_generate(&drbg, kg, sizeof kg); /* keygen's randombytes(48) */
			if (count % 2 == 0 && temp_area != NULL) {
				uint8_t *work = temp_area + count % 8;
				int wiped = 1;
				/* Zero first: the alignment slack is never written, the
				 * rest holds secrets until the wipe. */
				memset(temp_area, 0, temp_len + 8);
				r = pqs_falcon_sign_temp(cls, sig, sizeof sig, &sig_len, msg, msg_len, sk, &drbg.rng,
							 work, temp_len);
				for (size_t u = 0; u < temp_len; u++) {
					wiped &= work[u] == 0;
				}
				TU_CHECK(wiped, "%s count %ld: workspace wiped", cls->name, count - 1);
				temp_signed++;
			} else {
				r = cls->sign(cls, sig, sizeof sig, &sig_len, msg, msg_len, NULL, 0, sk, 0, &drbg.rng);
			}
			TU_CHECK(r == PQS_OK, "%s count %ld: sign returned %d", cls->name, count - 1, r);

			/* Expected sm from our detached signature. */
			if (SETS[si].padded) {
				memcpy(want, sig, sig_len);
				memcpy(want + sig_len, msg, msg_len);
				want_len = sig_len + msg_len;
			} else {
				size_t clen = sig_len - 41;
				want[0] = (uint8_t)((clen + 1) >> 8);
				want[1] = (uint8_t)(clen + 1);
				memcpy(want + 2, sig + 1, 40);
				memcpy(want + 42, msg, msg_len);
				want[42 + msg_len] = (uint8_t)(0x20 + logn);
				memcpy(want + 43 + msg_len, sig + 41, clen);
				want_len = 43 + msg_len + clen;
			}
			if (r == PQS_OK && want_len == sm_len && memcmp(want, sm, sm_len) == 0) {
				signed_ok++;
			} else {
				TU_CHECK(0, "%s count %ld: sm differs (len %zu vs %zu)",
					cls->name, count - 1, want_len, sm_len);
			}

			/* Verify the file's sm (converted to the detached layout). */
			if (SETS[si].padded) {
				r = sm_len >= cls->sig_max_len
					? cls->verify(cls, sm, cls->sig_max_len, sm + cls->sig_max_len,
						sm_len - cls->sig_max_len, NULL, 0, pk)
					: -1;
			} else {
				size_t elen = ((size_t)sm[0] << 8) | sm[1];
				size_t mlen = sm_len - 42 - elen;
				r = -1;
				if (elen >= 1 && elen + 42 <= sm_len && sm[42 + mlen] == 0x20 + logn) {
					sig[0] = (uint8_t)(0x30 + logn);
					memcpy(sig + 1, sm + 2, 40);
					memcpy(sig + 41, sm + 43 + mlen, elen - 1);
					r = cls->verify(cls, sig, 40 + elen, sm + 42, mlen, NULL, 0, pk);
				}
			}
			if (r == PQS_OK) {
				verified_ok++;
			} else {
				TU_CHECK(0, "%s count %ld: verify returned %d", cls->name, count - 1, r);
			}
next:
			free(seed);
			free(msg);
			free(pk);
			free(sk);
			free(sm);
		}
		tu_rsp_close(&rsp);
		TU_CHECK(count == limit, "%s: %ld entries read", cls->name, count);
		TU_CHECK(temp_signed == count / 2, "%s: %ld signatures on a caller workspace", cls->name, temp_signed);
		if (temp_area != NULL) {
			uint8_t sig[1462], sk[2305] = { 0 };
			size_t sig_len;
			TU_CHECK(pqs_falcon_sign_temp(cls, sig, sizeof sig, &sig_len, NULL, 0, sk, NULL, temp_area,
						      temp_len - 1) == PQS_ERR_BUFFER_TOO_SMALL,
				 "%s: workspace one byte short", cls->name);
			TU_CHECK(pqs_falcon_sign_temp(&pqs_fndsa512_class, sig, sizeof sig, &sig_len, NULL, 0, sk, NULL,
						      temp_area, temp_len) == PQS_ERR_ARG,
				 "%s: another family's class", cls->name);
		}
		free(temp_area);
		printf("%s: %ld entries, %ld signatures reproduced, %ld verified\n",
			cls->name, count, signed_ok, verified_ok);
	}
	return tu_finish("test_fndsa_sign_kat");
}
