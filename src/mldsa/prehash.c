/*
 * HashML-DSA (FIPS 204 section 5.4, Algorithms 4 and 5): the message is
 * pre-hashed and signed as M' = 0x01 || len(ctx) || ctx || OID || PH(M).
 * SHA-2 comes from pqsig/sha2.h, SHA-3 and SHAKE from pqsig/sha3.h, so
 * the PQC core needs no OpenSSL.  HashSLH-DSA (FIPS 205 section 10.2.2)
 * uses the same OIDs and functions through pqs_mldsa_prehash_digest.
 */
#include <string.h>
#include <strings.h>

#include "mldsa/sign.h"
#include "pqsig/mldsa.h"
#include "pqsig/sha2.h"
#include "pqsig/sha3.h"
#include "pqsig/sig.h"

#define PH_OID_BYTES 11

typedef struct {
	const char *acvp_name;
	uint8_t oid_last;     /* DER OID 2.16.840.1.101.3.4.2.<oid_last> */
	unsigned digest_len;  /* bytes of PH(M) (SHAKE: the output length FIPS 204 fixes) */
} ph_info;

/*
 * FIPS 204 section 5.4.1: OIDs of the NIST hash arc (CSOR), and for
 * SHAKE128 / SHAKE256 the 256- / 512-bit outputs the standard specifies.
 * Indexed by pqs_mldsa_prehash.
 */
static const ph_info ph_table[] = {
	[PQS_MLDSA_PH_SHA2_224] = {"SHA2-224", 0x04, 28},
	[PQS_MLDSA_PH_SHA2_256] = {"SHA2-256", 0x01, 32},
	[PQS_MLDSA_PH_SHA2_384] = {"SHA2-384", 0x02, 48},
	[PQS_MLDSA_PH_SHA2_512] = {"SHA2-512", 0x03, 64},
	[PQS_MLDSA_PH_SHA2_512_224] = {"SHA2-512/224", 0x05, 28},
	[PQS_MLDSA_PH_SHA2_512_256] = {"SHA2-512/256", 0x06, 32},
	[PQS_MLDSA_PH_SHA3_224] = {"SHA3-224", 0x07, 28},
	[PQS_MLDSA_PH_SHA3_256] = {"SHA3-256", 0x08, 32},
	[PQS_MLDSA_PH_SHA3_384] = {"SHA3-384", 0x09, 48},
	[PQS_MLDSA_PH_SHA3_512] = {"SHA3-512", 0x0A, 64},
	[PQS_MLDSA_PH_SHAKE128] = {"SHAKE-128", 0x0B, 32},
	[PQS_MLDSA_PH_SHAKE256] = {"SHAKE-256", 0x0C, 64},
};
#define PH_COUNT (sizeof ph_table / sizeof ph_table[0])

int pqs_mldsa_prehash_from_name(const char *name, pqs_mldsa_prehash *ph)
{
	if (!name || !ph)
		return PQS_ERR_ARG;
	for (size_t i = 0; i < PH_COUNT; i++) {
		if (strcasecmp(ph_table[i].acvp_name, name) == 0) {
			*ph = (pqs_mldsa_prehash)i;
			return PQS_OK;
		}
	}
	return PQS_ERR_UNKNOWN_ALG;
}

static int sha256_family(void (*init)(pqs_sha256_ctx *), uint8_t *out, const uint8_t *msg, size_t msg_len)
{
	pqs_sha256_ctx c;
	init(&c);
	pqs_sha256_update(&c, msg, msg_len);
	pqs_sha256_final(&c, out);
	return PQS_OK;
}

static int sha512_family(void (*init)(pqs_sha512_ctx *), uint8_t *out, const uint8_t *msg, size_t msg_len)
{
	pqs_sha512_ctx c;
	init(&c);
	pqs_sha512_update(&c, msg, msg_len);
	pqs_sha512_final(&c, out);
	return PQS_OK;
}

static int sha3_or_shake(void (*init)(pqs_keccak *), uint8_t *out, size_t out_len, const uint8_t *msg,
                         size_t msg_len)
{
	pqs_keccak ks;
	init(&ks);
	pqs_keccak_absorb(&ks, msg, msg_len);
	pqs_keccak_squeeze(&ks, out, out_len);
	pqs_keccak_clear(&ks);
	return PQS_OK;
}

/* Algorithm 4 steps 10-22 / Algorithm 5 steps 4-16: OID || PH(M). */
int pqs_mldsa_prehash_digest(pqs_mldsa_prehash ph, uint8_t *out, size_t *len, const uint8_t *msg, size_t msg_len)
{
	if ((unsigned)ph >= PH_COUNT || !out || !len || (!msg && msg_len))
		return PQS_ERR_ARG;
	const ph_info *info = &ph_table[ph];
	static const uint8_t oid_prefix[PH_OID_BYTES - 1] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02};
	memcpy(out, oid_prefix, sizeof oid_prefix);
	out[PH_OID_BYTES - 1] = info->oid_last;
	uint8_t *d = out + PH_OID_BYTES;
	int ret;
	switch (ph) {
	case PQS_MLDSA_PH_SHA2_224: ret = sha256_family(pqs_sha224_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA2_256: ret = sha256_family(pqs_sha256_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA2_384: ret = sha512_family(pqs_sha384_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA2_512: ret = sha512_family(pqs_sha512_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA2_512_224: ret = sha512_family(pqs_sha512_224_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA2_512_256: ret = sha512_family(pqs_sha512_256_init, d, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA3_224: ret = sha3_or_shake(pqs_sha3_224_init, d, 28, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA3_256: ret = sha3_or_shake(pqs_sha3_256_init, d, 32, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA3_384: ret = sha3_or_shake(pqs_sha3_384_init, d, 48, msg, msg_len); break;
	case PQS_MLDSA_PH_SHA3_512: ret = sha3_or_shake(pqs_sha3_512_init, d, 64, msg, msg_len); break;
	case PQS_MLDSA_PH_SHAKE128: ret = sha3_or_shake(pqs_shake128_init, d, 32, msg, msg_len); break;
	case PQS_MLDSA_PH_SHAKE256: ret = sha3_or_shake(pqs_shake256_init, d, 64, msg, msg_len); break;
	default: return PQS_ERR_ARG;
	}
	*len = PH_OID_BYTES + info->digest_len;
	return ret;
}

int pqs_mldsa_hash_sign(pqs_mldsa_set set, pqs_mldsa_prehash ph, uint8_t *sig, const uint8_t *msg, size_t msg_len,
                        const uint8_t *ctx, size_t ctx_len, const uint8_t *rnd, const uint8_t *sk, size_t sk_len)
{
	const mldsa_params *p = NULL;
	uint8_t body[PQS_MLDSA_PREHASH_MAX_BYTES], mu[MLDSA_CRHBYTES];
	size_t body_len = 0;
	int ret = pqs_mldsa_sign_args(set, &p, sig, sk, sk_len, msg, msg_len);
	/* Algorithm 4 steps 10-23: M' = 0x01 || len(ctx) || ctx || OID || PH_M; tr from sk (skEncode layout). */
	if (ret == PQS_OK && ctx_len > PQS_MAX_CTX_LEN)
		ret = PQS_ERR_CTX_TOO_LONG;
	if (ret == PQS_OK)
		ret = pqs_mldsa_prehash_digest(ph, body, &body_len, msg, msg_len);
	if (ret == PQS_OK)
		ret = pqs_mldsa_external_mu(mu, sk + 2 * MLDSA_SEEDBYTES, 1, ctx, ctx_len, body, body_len);
	return ret == PQS_OK ? pqs_i_mldsa_sign_mu(p, sig, mu, rnd, sk) : ret;
}

int pqs_mldsa_hash_verify(pqs_mldsa_set set, pqs_mldsa_prehash ph, const uint8_t *sig, size_t sig_len,
                          const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk,
                          size_t pk_len)
{
	const mldsa_params *p = NULL;
	uint8_t body[PQS_MLDSA_PREHASH_MAX_BYTES], tr[MLDSA_TRBYTES], mu[MLDSA_CRHBYTES];
	size_t body_len = 0;
	int ret = pqs_mldsa_verify_args(set, &p, sig, sig_len, pk, pk_len, msg, msg_len);
	/* Algorithm 5 steps 4-17, then Verify_internal. */
	if (ret == PQS_OK && ctx_len > PQS_MAX_CTX_LEN)
		ret = PQS_ERR_CTX_TOO_LONG;
	if (ret == PQS_OK)
		ret = pqs_mldsa_prehash_digest(ph, body, &body_len, msg, msg_len);
	if (ret == PQS_OK) {
		pqs_mldsa_tr_from_pk(p, tr, pk);
		ret = pqs_mldsa_external_mu(mu, tr, 1, ctx, ctx_len, body, body_len);
	}
	return ret == PQS_OK ? pqs_i_mldsa_verify_mu(p, sig, mu, pk) : ret;
}
