/*
 * ML-DSA parameter sets, FIPS 204 section 4 Table 1; sizes from Table 2.
 */
#include "mldsa/params.h"

#define MLDSA_PK_BYTES(k) (MLDSA_SEEDBYTES + (k) * MLDSA_POLYT1_BYTES)
#define MLDSA_SK_BYTES(k, l, etab) \
	(2 * MLDSA_SEEDBYTES + MLDSA_TRBYTES + ((l) + (k)) * (etab) + (k) * MLDSA_POLYT0_BYTES)
#define MLDSA_SIG_BYTES(k, l, ct, zb, om) ((ct) + (l) * (zb) + (om) + (k))

static const mldsa_params mldsa44 = {
	.k = 4, .l = 4, .eta = 2, .tau = 39, .beta = 78,
	.gamma1 = 1 << 17, .gamma2 = (MLDSA_Q - 1) / 88, .omega = 80, .ctilde_bytes = 32,
	.polyeta_bytes = 96, .polyz_bytes = 576, .polyw1_bytes = 192,
	.pk_bytes = MLDSA_PK_BYTES(4), .sk_bytes = MLDSA_SK_BYTES(4, 4, 96),
	.sig_bytes = MLDSA_SIG_BYTES(4, 4, 32, 576, 80),
};

static const mldsa_params mldsa65 = {
	.k = 6, .l = 5, .eta = 4, .tau = 49, .beta = 196,
	.gamma1 = 1 << 19, .gamma2 = (MLDSA_Q - 1) / 32, .omega = 55, .ctilde_bytes = 48,
	.polyeta_bytes = 128, .polyz_bytes = 640, .polyw1_bytes = 128,
	.pk_bytes = MLDSA_PK_BYTES(6), .sk_bytes = MLDSA_SK_BYTES(6, 5, 128),
	.sig_bytes = MLDSA_SIG_BYTES(6, 5, 48, 640, 55),
};

static const mldsa_params mldsa87 = {
	.k = 8, .l = 7, .eta = 2, .tau = 60, .beta = 120,
	.gamma1 = 1 << 19, .gamma2 = (MLDSA_Q - 1) / 32, .omega = 75, .ctilde_bytes = 64,
	.polyeta_bytes = 96, .polyz_bytes = 640, .polyw1_bytes = 128,
	.pk_bytes = MLDSA_PK_BYTES(8), .sk_bytes = MLDSA_SK_BYTES(8, 7, 96),
	.sig_bytes = MLDSA_SIG_BYTES(8, 7, 64, 640, 75),
};

/* The public size macros of mldsa.h must agree with Table 2. */
_Static_assert(MLDSA_PK_BYTES(4) == PQS_MLDSA44_PUBLICKEY_BYTES, "pk 44");
_Static_assert(MLDSA_SK_BYTES(4, 4, 96) == PQS_MLDSA44_SECRETKEY_BYTES, "sk 44");
_Static_assert(MLDSA_SIG_BYTES(4, 4, 32, 576, 80) == PQS_MLDSA44_SIGNATURE_BYTES, "sig 44");
_Static_assert(MLDSA_PK_BYTES(6) == PQS_MLDSA65_PUBLICKEY_BYTES, "pk 65");
_Static_assert(MLDSA_SK_BYTES(6, 5, 128) == PQS_MLDSA65_SECRETKEY_BYTES, "sk 65");
_Static_assert(MLDSA_SIG_BYTES(6, 5, 48, 640, 55) == PQS_MLDSA65_SIGNATURE_BYTES, "sig 65");
_Static_assert(MLDSA_PK_BYTES(8) == PQS_MLDSA87_PUBLICKEY_BYTES, "pk 87");
_Static_assert(MLDSA_SK_BYTES(8, 7, 96) == PQS_MLDSA87_SECRETKEY_BYTES, "sk 87");
_Static_assert(MLDSA_SIG_BYTES(8, 7, 64, 640, 75) == PQS_MLDSA87_SIGNATURE_BYTES, "sig 87");

const mldsa_params *pqs_mldsa_params_get(pqs_mldsa_set set)
{
	switch (set) {
	case PQS_MLDSA_44:
		return &mldsa44;
	case PQS_MLDSA_65:
		return &mldsa65;
	case PQS_MLDSA_87:
		return &mldsa87;
	}
	return NULL;
}
