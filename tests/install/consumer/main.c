/*
 * A program outside the tree that uses an installed pqsig: version macro,
 * registry lookup, keygen, sign, verify, and a class named at compile time.
 * Exit 0 only if everything works and a tampered message is rejected.
 */
#include <stdio.h>
#include <string.h>

#include "pqsig/mldsa.h"
#include "pqsig/sig.h"
#include "pqsig/version.h"

int main(void)
{
	const pqs_sig_class *cls = pqs_sig_find("ML-DSA-44");
	if (!cls || cls != (const pqs_sig_class *)&pqs_mldsa44_class) {
		fprintf(stderr, "consumer: ML-DSA-44 not found in the registry\n");
		return 1;
	}
	static uint8_t pk[PQS_MLDSA44_PUBLICKEY_BYTES], sk[PQS_MLDSA44_SECRETKEY_BYTES],
		sig[PQS_MLDSA44_SIGNATURE_BYTES];
	uint8_t msg[] = "installed pqsig";
	size_t sig_len = 0;
	if (pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL) != PQS_OK ||
	    pqs_sig_sign(cls, sig, sizeof sig, &sig_len, msg, sizeof msg, NULL, 0, sk, 0, NULL) != PQS_OK ||
	    pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk) != PQS_OK) {
		fprintf(stderr, "consumer: sign/verify failed\n");
		return 1;
	}
	msg[0] ^= 1;
	if (pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg, NULL, 0, pk) != PQS_ERR_INVALID_SIGNATURE) {
		fprintf(stderr, "consumer: tampered message accepted\n");
		return 1;
	}
	printf("pqsig %s (%zu classes): ML-DSA-44 sign/verify ok\n", PQSIG_VERSION_STRING, pqs_sig_count());
	return 0;
}
