/*
 * Signing with an expanded key (ffLDL tree, spec Alg. 9, then ffSampling
 * over the stored tree) must give exactly the KAT signatures, like the
 * on-the-fly ("dyn") signer of the registry classes: for the first
 * entries of the Falcon-512 and Falcon-1024 KAT files, expand sk, replay
 * the DRBG (48 bytes keygen, 40 bytes nonce, 48 bytes sampler seed) and
 * compare s2 with the one decoded from sm.
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "nist_drbg.h"
#include "testutil.h"

static fpr ek[FNDSA_EXPKEY_FPR(10)], tmp[6 * 1024];

int
main(int argc, char **argv)
{
	long limit = argc > 1 ? atol(argv[1]) : 20;
	static const struct { const char *file; unsigned logn; } sets[] = {
		{ "vectors/falcon/Falcon-512.liboqs-kat.rsp", 9 },
		{ "vectors/falcon/Falcon-1024.liboqs-kat.rsp", 10 },
	};

	for (size_t si = 0; si < 2; si++) {
		unsigned logn = sets[si].logn;
		size_t n = (size_t)1 << logn;
		tu_rsp rsp;
		long count = 0, same = 0;
		int opened = tu_rsp_open(&rsp, tu_shared_path(sets[si].file)) == 0;
		TU_CHECK(opened, "open %s", sets[si].file);
		if (!opened) {
			continue;
		}
		while (count < limit && tu_rsp_next(&rsp)) {
			size_t seed_len, msg_len, sk_len, sm_len;
			uint8_t *seed = tu_rsp_hex(&rsp, "seed", &seed_len);
			uint8_t *msg = tu_rsp_hex(&rsp, "msg", &msg_len);
			uint8_t *sk = tu_rsp_hex(&rsp, "sk", &sk_len);
			uint8_t *sm = tu_rsp_hex(&rsp, "sm", &sm_len);
			int8_t f[1024], g[1024], F[1024], G[1024];
			int16_t s2[1024], want[1024];
			uint16_t hm[1024], t16[3 * 1024];
			uint8_t kg[48], nonce[40], sseed[48];
			pqs_drbg drbg;
			pqs_keccak sc;

			count++;
			if (!(seed && msg && sk && sm) || pqs_fndsa_decode_sk(f, g, F, G, sk, sk_len, logn, t16) != 0) {
				TU_CHECK(0, "logn %u count %ld: inputs", logn, count - 1);
				goto next;
			}
			{
				size_t elen = ((size_t)sm[0] << 8) | sm[1];
				size_t mlen = sm_len - 42 - elen;
				if (pqs_fndsa_comp_decode(want, logn, sm + 43 + mlen, elen - 1) == 0) {
					TU_CHECK(0, "logn %u count %ld: sm s2", logn, count - 1);
					goto next;
				}
			}
			pqs_fndsa_expand_sk(ek, f, g, F, G, logn, tmp);
			pqs_drbg_init(&drbg, seed, NULL);
			pqs_drbg_generate(&drbg, kg, sizeof kg);
			pqs_drbg_generate(&drbg, nonce, sizeof nonce);
			pqs_drbg_generate(&drbg, sseed, sizeof sseed);
			pqs_shake256_init(&sc);
			pqs_keccak_absorb(&sc, nonce, sizeof nonce);
			pqs_keccak_absorb(&sc, msg, msg_len);
			pqs_fndsa_hash_to_point(&sc, hm, logn);
			pqs_shake256_init(&sc);
			pqs_keccak_absorb(&sc, sseed, sizeof sseed);
			pqs_fndsa_sign_tree(s2, &sc, ek, hm, logn, tmp);
			if (memcmp(s2, want, n * sizeof *s2) == 0) {
				same++;
			} else {
				TU_CHECK(0, "logn %u count %ld: tree signer s2 differs from KAT", logn, count - 1);
			}
next:
			free(seed);
			free(msg);
			free(sk);
			free(sm);
		}
		tu_rsp_close(&rsp);
		TU_CHECK(count == limit && same == count, "logn %u: %ld/%ld", logn, same, count);
		printf("logn %u: %ld/%ld expanded-key signatures equal the KAT\n", logn, same, count);
	}
	return tu_finish("test_fndsa_sign_tree");
}
