/*
 * ECIES (IEEE 1609.2 section 5.3.5) against an independent implementation:
 * test_scms_ecies_xcheck.py rebuilds the scheme from Python's standard
 * primitives (cryptography's ECDH and AES-CCM, hashlib, hmac).
 *
 *   gen:   print lines "d ciphertext plaintext p1" (hex) made by pqs_ecies_encrypt, where p1 is "-" for
 *          the default (SHA-256 of the empty string);
 *   check: read such lines (made by Python) and decrypt them with pqs_ecies_decrypt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/scms.h"
#include "testutil.h"

static void hex(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static int gen(void)
{
	static const size_t lens[] = { 1, 15, 16, 17, 100, 1000 };
	for (size_t t = 0; t < 2 * sizeof lens / sizeof lens[0]; t++) {
		size_t n = lens[t % 6];
		uint8_t d[32], R[33], pt[1000], ct[1000 + PQS_ECIES_OVERHEAD], p1[32];
		size_t ct_len;
		int with_p1 = t >= 6;
		do {
			pqs_os_random(d, 32);
		} while (pqs_p256_public(R, d) != PQS_OK);
		pqs_os_random(pt, n);
		pqs_os_random(p1, 32);
		if (pqs_ecies_encrypt(ct, sizeof ct, &ct_len, R, with_p1 ? p1 : NULL, pt, n, NULL) != PQS_OK)
			return 1;
		hex(d, 32);
		printf(" ");
		hex(ct, ct_len);
		printf(" ");
		hex(pt, n);
		printf(" ");
		if (with_p1)
			hex(p1, 32);
		else
			printf("-");
		printf("\n");
	}
	return 0;
}

static int check(void)
{
	char line[8192];
	unsigned n = 0;
	while (fgets(line, sizeof line, stdin)) {
		char *f[4] = { strtok(line, " \n"), strtok(NULL, " \n"), strtok(NULL, " \n"), strtok(NULL, " \n") };
		if (!f[0])
			continue;
		size_t dl, cl, pl, p1l = 0;
		uint8_t *d = tu_hex_decode(f[0], &dl), *ct = f[1] ? tu_hex_decode(f[1], &cl) : NULL;
		uint8_t *pt = f[2] ? tu_hex_decode(f[2], &pl) : NULL;
		uint8_t *p1 = f[3] && strcmp(f[3], "-") != 0 ? tu_hex_decode(f[3], &p1l) : NULL;
		TU_CHECK(d && ct && pt && dl == 32 && (!p1 || p1l == 32), "malformed line %u", n);
		if (d && ct && pt) {
			uint8_t *out = malloc(cl);
			size_t out_len = 0;
			int rc = pqs_ecies_decrypt(out, cl, &out_len, d, p1, ct, cl);
			TU_CHECK(rc == PQS_OK && out_len == pl && memcmp(out, pt, pl) == 0,
			         "Python ciphertext %u does not decrypt: %s", n, pqs_scms_strerror(rc));
			free(out);
		}
		free(d);
		free(ct);
		free(pt);
		free(p1);
		n++;
	}
	TU_CHECK(n >= 12, "only %u ciphertexts from Python", n);
	printf("decrypted %u ciphertexts made by the Python implementation\n", n);
	return tu_finish("test_scms_ecies_xcheck");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "gen") == 0)
		return gen();
	if (argc == 2 && strcmp(argv[1], "check") == 0)
		return check();
	fprintf(stderr, "usage: test_scms_ecies_xcheck gen|check\n");
	return 2;
}
