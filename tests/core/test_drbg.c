/*
 * The NIST CTR-DRBG reproduces the per-entry seeds of PQCgenKAT-generated
 * KAT files: entropy 00..2F, then per entry seed = randombytes(48) and
 * msg = randombytes(33 * (count + 1)).  Both the seeds and the messages
 * of the files are compared.
 */
#include <stdlib.h>
#include <string.h>

#include "nist_drbg.h"
#include "testutil.h"

static void check_file(const char *rel)
{
	tu_rsp r;
	if (tu_rsp_open(&r, tu_shared_path(rel)) != 0) {
		TU_CHECK(0, "cannot read %s", rel);
		return;
	}
	uint8_t entropy[48];
	for (int i = 0; i < 48; i++)
		entropy[i] = (uint8_t)i;
	pqs_drbg d;
	pqs_drbg_init(&d, entropy, NULL);
	int entries = 0;
	while (tu_rsp_next(&r)) {
		size_t seed_len = 0, msg_len = 0;
		uint8_t *seed = tu_rsp_hex(&r, "seed", &seed_len);
		uint8_t *msg = tu_rsp_hex(&r, "msg", &msg_len);
		uint8_t got_seed[48], *got_msg = malloc(msg_len + 1);
		pqs_drbg_generate(&d, got_seed, 48);
		pqs_drbg_generate(&d, got_msg, msg_len);
		TU_CHECK(seed && seed_len == 48 && memcmp(seed, got_seed, 48) == 0, "%s entry %d seed", rel, entries);
		TU_CHECK(msg && msg_len == 33u * (unsigned)(entries + 1) && memcmp(msg, got_msg, msg_len) == 0,
		         "%s entry %d msg", rel, entries);
		free(seed);
		free(msg);
		free(got_msg);
		entries++;
	}
	TU_CHECK(entries == 100, "%s: %d entries", rel, entries);
	tu_rsp_close(&r);
}

int main(void)
{
	check_file("vectors/ml-dsa/liboqs-nist-drbg-kat/ML-DSA-44.liboqs-kat.rsp.gz");
	check_file("vectors/falcon/Falcon-512.liboqs-kat.rsp");
	/* randombytes() output does not depend on how requests are split into 16-byte blocks
	   only within one call: two calls differ from one call (the state update runs per call). */
	uint8_t e[48] = { 0 }, a[32], b[32];
	pqs_drbg d1, d2;
	pqs_drbg_init(&d1, e, NULL);
	pqs_drbg_init(&d2, e, NULL);
	pqs_drbg_generate(&d1, a, 32);
	pqs_drbg_generate(&d2, b, 16);
	pqs_drbg_generate(&d2, b + 16, 16);
	TU_CHECK(memcmp(a, b, 16) == 0 && memcmp(a + 16, b + 16, 16) != 0, "per-call state update");
	return tu_finish("drbg");
}
