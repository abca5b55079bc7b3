/*
 * Butterfly key expansion (IEEE 1609.2.1 section 9.3) and ECQV implicit
 * certificate reconstruction (IEEE 1609.2 section 5.3.2, SEC 4 section 3).
 */
#include <string.h>

#include <openssl/evp.h>

#include "pqsig/sha2.h"
#include "scms_inner.h"

int pqs_scms_aes128_ecb(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, ok = c && EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL) &&
	                EVP_CIPHER_CTX_set_padding(c, 0) && EVP_EncryptUpdate(c, out, &n, in, 16) && n == 16;
	EVP_CIPHER_CTX_free(c); /* frees and clears the expanded key schedule */
	return ok ? PQS_OK : PQS_ERR_INTERNAL;
}

/* x + v as a 128-bit big-endian integer, modulo 2^128 (section 9.3 adds 1, 2, 3 to x). */
static void add128(uint8_t out[16], const uint8_t x[16], unsigned v)
{
	unsigned carry = v;
	for (int b = 15; b >= 0; b--) {
		carry += x[b];
		out[b] = (uint8_t)carry;
		carry >>= 8;
	}
}

int pqs_bke_expand(uint8_t f[32], uint8_t *x_out, uint8_t *f_int, const uint8_t k[16], uint32_t i, uint32_t j,
                   pqs_bke_kind kind)
{
	if (!f || !k || (kind != PQS_BKE_SIGN && kind != PQS_BKE_ENC))
		return PQS_ERR_ARG;
	/* Section 9.3: x = 0^32 || i || j || 0^32 for signing, 1^32 || i || j || 0^32 for encryption. */
	uint8_t x[16] = { 0 }, fi[48];
	memset(x, kind == PQS_BKE_ENC ? 0xFF : 0x00, 4);
	for (int b = 0; b < 4; b++) {
		x[4 + b] = (uint8_t)(i >> (24 - 8 * b));
		x[8 + b] = (uint8_t)(j >> (24 - 8 * b));
	}
	/* f_k^int(x) = (AES_k(x+1) ^ (x+1)) || (AES_k(x+2) ^ (x+2)) || (AES_k(x+3) ^ (x+3)): a
	 * Davies-Meyer-style construction, so knowing f does not reveal k. */
	int rc = PQS_OK;
	for (unsigned t = 0; t < 3 && rc == PQS_OK; t++) {
		uint8_t xt[16];
		add128(xt, x, t + 1);
		rc = pqs_scms_aes128_ecb(fi + 16 * t, k, xt);
		for (int b = 0; b < 16; b++)
			fi[16 * t + b] ^= xt[b];
	}
	/* 384 bits reduced mod n: the extra 128 bits make the bias of the reduction negligible. */
	if (rc == PQS_OK)
		rc = pqs_scms_sc_reduce(f, fi, 48);
	if (rc == PQS_OK && x_out)
		memcpy(x_out, x, 16);
	if (rc == PQS_OK && f_int)
		memcpy(f_int, fi, 48);
	pqs_zeroize(fi, sizeof fi);
	return rc;
}

int pqs_bke_cocoon_public(uint8_t B[33], const uint8_t A[33], const uint8_t k[16], uint32_t i, uint32_t j,
                          pqs_bke_kind kind)
{
	if (!B || !A)
		return PQS_ERR_ARG;
	uint8_t f[32];
	int rc = pqs_bke_expand(f, NULL, NULL, k, i, j, kind);
	if (rc == PQS_OK)
		rc = pqs_scms_pt_add_base_mul(B, A, f); /* section 9.3: cocoon public key = A + f * G */
	pqs_zeroize(f, sizeof f);
	return rc;
}

int pqs_bke_cocoon_private(uint8_t b[32], const uint8_t a[32], const uint8_t k[16], uint32_t i, uint32_t j,
                           pqs_bke_kind kind)
{
	if (!b || !a)
		return PQS_ERR_ARG;
	uint8_t f[32];
	int rc = pqs_bke_expand(f, NULL, NULL, k, i, j, kind);
	if (rc == PQS_OK)
		rc = pqs_scms_sc_add(b, a, f); /* section 9.3: cocoon private key = a + f mod n */
	pqs_zeroize(f, sizeof f);
	return rc;
}

int pqs_ecqv_hash(uint8_t e[32], const uint8_t *tbs, size_t tbs_len, const uint8_t issuer_hash[32])
{
	if (!e || (!tbs && tbs_len) || !issuer_hash)
		return PQS_ERR_ARG;
	/* IEEE 1609.2 section 5.3.2: e = Hn(Hn(CertU) || Hn(CertCA)), taken as an integer mod n
	 * (SEC 4 section 3.4 step 6 / 3.5 step 4 with a 256-bit hash on a 256-bit curve). */
	uint8_t buf[64];
	pqs_sha256(buf, tbs, tbs_len);
	memcpy(buf + 32, issuer_hash, 32);
	uint8_t h[32];
	pqs_sha256(h, buf, 64);
	return pqs_scms_sc_reduce(e, h, 32);
}

int pqs_ecqv_private(uint8_t d[32], const uint8_t e[32], const uint8_t k[32], const uint8_t r[32])
{
	if (!d || !e || !k || !r)
		return PQS_ERR_ARG;
	/* SEC 4 section 3.6: d_U = e * k_U + r mod n. */
	int rc = pqs_scms_sc_muladd(d, e, k, r);
	if (rc == PQS_OK && !pqs_scms_sc_is_valid(d)) {
		pqs_zeroize(d, 32);
		rc = PQS_SCMS_ERR_SCALAR;
	}
	return rc;
}

int pqs_ecqv_public(uint8_t Q[33], const uint8_t e[32], const uint8_t P[33], const uint8_t Q_ca[33])
{
	if (!Q || !e || !P || !Q_ca)
		return PQS_ERR_ARG;
	/* SEC 4 section 3.5: Q_U = e * P_U + Q_CA. */
	return pqs_scms_pt_mul_add(Q, e, P, Q_ca);
}

int pqs_p256_public(uint8_t Q[33], const uint8_t d[32])
{
	if (!Q || !d)
		return PQS_ERR_ARG;
	if (!pqs_scms_sc_is_valid(d))
		return PQS_SCMS_ERR_SCALAR;
	return pqs_scms_pt_base_mul(Q, d);
}
