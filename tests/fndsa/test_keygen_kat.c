/*
 * Falcon round-3 key generation against the NIST KAT files (liboqs
 * kat_sig output of the reference implementation): for each of the 100
 * entries, the NIST CTR-DRBG is seeded with the entry's seed, 48 bytes are
 * drawn as the keygen seed (crypto_sign_keypair's randombytes), and the
 * generated pk and sk must equal the file's byte for byte.
 * Usage: test_keygen_kat [entries per file] (default 100).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "nist_drbg.h"
#include "pqsig/sig.h"
#include "testutil.h"

static void
run(const char *file, unsigned logn, unsigned max_entries)
{
	tu_rsp r;
	uint8_t *tmp = malloc(FNDSA_TMP_KEYGEN(logn));
	uint8_t *pk = malloc(FNDSA_PK_SIZE(logn));
	uint8_t *sk = malloc(FNDSA_SK_SIZE(logn));
	unsigned count = 0, match = 0;
	clock_t t0;
	double secs;

	if (tu_rsp_open(&r, tu_shared_path(file)) != 0) {
		TU_CHECK(0, "cannot open %s", file);
		return;
	}
	t0 = clock();
	while (count < max_entries && tu_rsp_next(&r)) {
		size_t seed_len, pk_len, sk_len;
		uint8_t *seed = tu_rsp_hex(&r, "seed", &seed_len);
		uint8_t *epk = tu_rsp_hex(&r, "pk", &pk_len);
		uint8_t *esk = tu_rsp_hex(&r, "sk", &sk_len);
		uint8_t kseed[48];
		pqs_drbg d;
		int rc;

		TU_CHECK(seed && seed_len == 48 && epk && pk_len == FNDSA_PK_SIZE(logn)
			&& esk && sk_len == FNDSA_SK_SIZE(logn), "%s entry %u fields", file, count);
		if (seed && seed_len == 48 && epk && esk && pk_len == FNDSA_PK_SIZE(logn)
			&& sk_len == FNDSA_SK_SIZE(logn))
		{
			int ok;

			pqs_drbg_init(&d, seed, NULL);
			pqs_drbg_generate(&d, kseed, sizeof kseed);
			rc = pqs_fndsa_keygen_from_seed(logn, kseed, sk, pk, tmp);
			TU_CHECK(rc == PQS_OK, "%s entry %u: rc %d", file, count, rc);
			ok = rc == PQS_OK && memcmp(pk, epk, pk_len) == 0
				&& memcmp(sk, esk, sk_len) == 0;
			TU_CHECK(memcmp(pk, epk, pk_len) == 0, "%s entry %u: pk", file, count);
			TU_CHECK(memcmp(sk, esk, sk_len) == 0, "%s entry %u: sk", file, count);
			match += (unsigned)ok;
		}
		free(seed);
		free(epk);
		free(esk);
		count++;
	}
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("%s: %u/%u keys match (%.2f ms per keygen incl. DRBG)\n",
		file, match, count, count ? 1000.0 * secs / count : 0.0);
	TU_CHECK(count == max_entries || count == 100, "%s: %u entries read", file, count);
	tu_rsp_close(&r);
	free(tmp);
	free(pk);
	free(sk);
}

int
main(int argc, char **argv)
{
	unsigned max_entries = argc > 1 ? (unsigned)atoi(argv[1]) : 100;

	run("vectors/falcon/Falcon-512.liboqs-kat.rsp", 9, max_entries);
	run("vectors/falcon/Falcon-1024.liboqs-kat.rsp", 10, max_entries);
	return tu_finish("test_keygen_kat");
}
