/*
 * ECIES as IEEE 1609.2 section 5.3.5 specifies it for EciesP256EncryptedKey,
 * followed by the AES-128-CCM payload of section 5.3.8 (AesCcmCiphertext):
 *   1. fresh AES-128 key K; payload = AES-CCM(K, nonce, plaintext);
 *   2. ephemeral v, V = v*G; Z = x(v*R) (IEEE 1363a ECSVDP-DH);
 *   3. KDF2 (IEEE 1363a) with SHA-256 over Z and P1 -> K1 (16 bytes) || K2 (32 bytes);
 *   4. C = K xor K1; T = HMAC-SHA256(K2, C) truncated to 16 bytes (MAC1, 1609.2 5.3.5.1).
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "pqsig/sha2.h"
#include "scms_inner.h"

/* SHA-256 of the empty string: P1 when the recipient key does not come from a certificate. */
static const uint8_t sha256_empty[32] = {
	0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
	0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
};

/* KDF2 (IEEE 1363a section 13.2): K = H(Z || 1 || P1) || H(Z || 2 || P1), counter as 32-bit big-endian. */
static void kdf2(uint8_t out[48], const uint8_t z[32], const uint8_t p1[32])
{
	uint8_t buf[32 + 4 + 32], blk[64];
	memcpy(buf, z, 32);
	memcpy(buf + 36, p1, 32);
	for (uint8_t ctr = 1; ctr <= 2; ctr++) {
		buf[32] = buf[33] = buf[34] = 0;
		buf[35] = ctr;
		pqs_sha256(blk + 32 * (ctr - 1), buf, sizeof buf);
	}
	memcpy(out, blk, 48);
	pqs_zeroize(buf, sizeof buf);
	pqs_zeroize(blk, sizeof blk);
}

static int mac16(uint8_t tag[16], const uint8_t k2[32], const uint8_t c[16])
{
	uint8_t full[32];
	unsigned len = 0;
	if (!HMAC(EVP_sha256(), k2, 32, c, 16, full, &len) || len != 32)
		return PQS_ERR_INTERNAL;
	memcpy(tag, full, 16);
	return PQS_OK;
}

/* Constant-time comparison: the tag check must not reveal how many bytes matched. */
static int ct_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
	unsigned d = 0;
	for (size_t i = 0; i < n; i++)
		d |= (unsigned)(a[i] ^ b[i]);
	return d == 0;
}

int pqs_aesccm_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t key[16], const uint8_t *pt,
                       size_t pt_len, pqs_rng *rng)
{
	if (!out || !out_len || !key || (!pt && pt_len) || pt_len > 0x7fffffffu - PQS_AESCCM_OVERHEAD)
		return PQS_ERR_ARG;
	if (out_cap < pt_len + PQS_AESCCM_OVERHEAD)
		return PQS_ERR_BUFFER_TOO_SMALL;
	int rc = pqs_rng_fill(rng, out, 12);
	if (rc != PQS_OK)
		return rc;
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0;
	/* CCM with L = 3 (12-byte nonce) and M = 16, as 1609.2 section 5.3.8 fixes them. */
	int ok = c && EVP_EncryptInit_ex(c, EVP_aes_128_ccm(), NULL, NULL, NULL) &&
	         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_IVLEN, 12, NULL) &&
	         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_TAG, 16, NULL) &&
	         EVP_EncryptInit_ex(c, NULL, NULL, key, out) && EVP_EncryptUpdate(c, NULL, &n, NULL, (int)pt_len) &&
	         EVP_EncryptUpdate(c, out + 12, &n, pt, (int)pt_len) && (size_t)n == pt_len &&
	         EVP_EncryptFinal_ex(c, out + 12 + pt_len, &n) &&
	         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_GET_TAG, 16, out + 12 + pt_len);
	EVP_CIPHER_CTX_free(c);
	if (!ok)
		return PQS_ERR_INTERNAL;
	*out_len = pt_len + PQS_AESCCM_OVERHEAD;
	return PQS_OK;
}

int pqs_aesccm_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t key[16], const uint8_t *ct,
                       size_t ct_len)
{
	if (!pt_len || !key || !ct || (!pt && pt_cap))
		return PQS_ERR_ARG;
	if (ct_len < PQS_AESCCM_OVERHEAD)
		return PQS_SCMS_ERR_TRUNCATED;
	size_t len = ct_len - PQS_AESCCM_OVERHEAD;
	if (len > 0x7fffffffu)
		return PQS_ERR_ARG;
	if (pt_cap < len)
		return PQS_ERR_BUFFER_TOO_SMALL;
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0;
	int ok = c && EVP_DecryptInit_ex(c, EVP_aes_128_ccm(), NULL, NULL, NULL) &&
	         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_IVLEN, 12, NULL) &&
	         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_TAG, 16, (void *)(ct + 12 + len)) &&
	         EVP_DecryptInit_ex(c, NULL, NULL, key, ct) && EVP_DecryptUpdate(c, NULL, &n, NULL, (int)len);
	int rc = ok ? PQS_OK : PQS_ERR_INTERNAL;
	/* In CCM mode the tag is checked by this single update call: it fails on a mismatch. */
	if (ok && !EVP_DecryptUpdate(c, pt, &n, ct + 12, (int)len)) {
		pqs_zeroize(pt, len);
		rc = PQS_SCMS_ERR_DECRYPT;
	}
	EVP_CIPHER_CTX_free(c);
	if (rc == PQS_OK)
		*pt_len = len;
	return rc;
}

int pqs_ecies_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t R[33], const uint8_t *p1,
                      const uint8_t *pt, size_t pt_len, pqs_rng *rng)
{
	if (!out || !out_len || !R || (!pt && pt_len) || pt_len > 0x7fffffffu - PQS_ECIES_OVERHEAD)
		return PQS_ERR_ARG;
	if (out_cap < pt_len + PQS_ECIES_OVERHEAD)
		return PQS_ERR_BUFFER_TOO_SMALL;
	int rc = pqs_scms_pt_check(R);
	if (rc != PQS_OK)
		return rc;
	uint8_t key[16], v[32], z[32], kk[48];
	size_t ccm_len = 0;
	rc = pqs_rng_fill(rng, key, 16);
	if (rc == PQS_OK)
		rc = pqs_scms_sc_random(v, rng);
	if (rc == PQS_OK)
		rc = pqs_scms_pt_base_mul(out, v); /* V */
	if (rc == PQS_OK)
		rc = pqs_scms_pt_ecdh_x(z, v, R);
	if (rc == PQS_OK) {
		kdf2(kk, z, p1 ? p1 : sha256_empty);
		for (int b = 0; b < 16; b++)
			out[33 + b] = (uint8_t)(key[b] ^ kk[b]); /* C */
		rc = mac16(out + 49, kk + 16, out + 33);     /* T */
	}
	if (rc == PQS_OK)
		rc = pqs_aesccm_encrypt(out + 65, out_cap - 65, &ccm_len, key, pt, pt_len, rng);
	if (rc == PQS_OK)
		*out_len = 65 + ccm_len;
	pqs_zeroize(key, sizeof key);
	pqs_zeroize(v, sizeof v);
	pqs_zeroize(z, sizeof z);
	pqs_zeroize(kk, sizeof kk);
	return rc;
}

int pqs_ecies_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t r[32], const uint8_t *p1,
                      const uint8_t *ct, size_t ct_len)
{
	if (!pt_len || !r || !ct)
		return PQS_ERR_ARG;
	if (ct_len < PQS_ECIES_OVERHEAD)
		return PQS_SCMS_ERR_TRUNCATED;
	uint8_t z[32], kk[48], tag[16], key[16];
	int rc = pqs_scms_pt_ecdh_x(z, r, ct); /* also rejects an invalid V with PQS_SCMS_ERR_POINT */
	if (rc == PQS_OK) {
		kdf2(kk, z, p1 ? p1 : sha256_empty);
		rc = mac16(tag, kk + 16, ct + 33);
	}
	if (rc == PQS_OK && !ct_equal(tag, ct + 49, 16))
		rc = PQS_SCMS_ERR_DECRYPT;
	if (rc == PQS_OK) {
		for (int b = 0; b < 16; b++)
			key[b] = (uint8_t)(ct[33 + b] ^ kk[b]);
		rc = pqs_aesccm_decrypt(pt, pt_cap, pt_len, key, ct + 65, ct_len - 65);
	}
	pqs_zeroize(z, sizeof z);
	pqs_zeroize(kk, sizeof kk);
	pqs_zeroize(key, sizeof key);
	return rc;
}
