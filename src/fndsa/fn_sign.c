/*
 * FN-DSA (putative FIPS 206 draft) signing and verification,
 * notes/fn-dsa-provisional.md sections 3 and 4, on top of the round-3
 * ffSampling (sign.c) with the draft's sampler (sampler.c, fn_draft).
 *
 * Differences from round 3 handled here: the message representative mu
 * (ML-DSA style, with SHAKE256(vk) and a context string), the hedged
 * seed' and the per-attempt streams SHAKE256(seed' || counter) whose
 * first 40 bytes are the nonce, HashToPoint over nonce || mu with
 * little-endian words, inv_sigma one ulp lower, the l-infinity bound 840
 * on s1 and s2, fixed-size signatures, and at most 27 attempts.
 */
#include <string.h>

#include "core/compiler.h"
#include "core/ct.h"
#include "fn_inner.h"
#include "pqsig/fndsa.h"

#define MU_LEN 64
#define SEED_LEN 40
#define MAX_ATTEMPTS 27

/*
 * 1/sigma for the ffSampling leaves, per logn: round 3's values minus one
 * ulp (section 3.4 (c)); as 53-bit integers times 2^-60.
 */
static fpr
fn_inv_sigma(unsigned logn)
{
	static const uint64_t m[11] = {
		0, 0x1C48EB7E24169Au, 0x1BE50A548CAED9u, 0x1B852EE09E762Cu,
		0x1AFC5ED3CADA36u, 0x1A7B3B0976B3EDu, 0x1A011282CA9C98u,
		0x198D49CE5F2736u, 0x191F57C56ED9EEu, 0x18B6C2DE64C7CAu,
		0x18531EF6311AE3u
	};
	return fpr_scaled((int64_t)(m[logn] - 1), -60);
}

int
pqs_fndsa_fn_mu(uint8_t mu[64], const uint8_t hvk[64], int prehash_id,
	const uint8_t *ctx, size_t ctx_len, const uint8_t *data, size_t data_len)
{
	/* Section 3.1: SHAKE256(hvk || 0x00 || |ctx| || ctx || M) (raw), or
	 * SHAKE256(hvk || 0x01 || |ctx| || ctx || OID || PH(M)) where OID is
	 * the DER of 2.16.840.1.101.3.4.2.xx. */
	static const uint8_t oid_prefix[10] = {
		0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02
	};
	pqs_keccak sc;
	uint8_t hdr[2];

	if (ctx_len > 255) {
		return PQS_ERR_CTX_TOO_LONG;
	}
	if (prehash_id != PQS_FNDSA_FN_RAW) {
		switch (prehash_id) {
		case 0x01: case 0x02: case 0x03: case 0x06: case 0x08:
		case 0x09: case 0x0A: case 0x0B: case 0x0C:
			break;
		default:
			return PQS_ERR_ARG;
		}
	}
	hdr[0] = prehash_id == PQS_FNDSA_FN_RAW ? 0x00 : 0x01;
	hdr[1] = (uint8_t)ctx_len;
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, hvk, 64);
	pqs_keccak_absorb(&sc, hdr, 2);
	if (ctx_len > 0) {
		pqs_keccak_absorb(&sc, ctx, ctx_len);
	}
	if (prehash_id != PQS_FNDSA_FN_RAW) {
		uint8_t id = (uint8_t)prehash_id;

		pqs_keccak_absorb(&sc, oid_prefix, sizeof oid_prefix);
		pqs_keccak_absorb(&sc, &id, 1);
	}
	if (data_len > 0) {
		pqs_keccak_absorb(&sc, data, data_len);
	}
	pqs_keccak_squeeze(&sc, mu, MU_LEN);
	pqs_keccak_clear(&sc);
	return PQS_OK;
}

/* HashToPoint (section 3.3 step 2): 16-bit little-endian words of
 * SHAKE256(nonce || mu), kept (mod q) when below 5q = 61445. */
static void
hash_to_point(uint16_t *c, const uint8_t *nonce, const uint8_t *mu,
	unsigned logn)
{
	pqs_keccak sc;

	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, nonce, FNDSA_NONCE_LEN);
	pqs_keccak_absorb(&sc, mu, MU_LEN);
	pqs_fndsa_hash_to_point_le(&sc, c, logn);
}

/*
 * The signing key's header byte 0x50 + logn (the degree is public, so it is
 * declassified): PQS_ERR_KEY_LENGTH for an empty key, PQS_ERR_KEY_ENCODING
 * for another header or a degree outside [PQS_FNDSA_FN_MIN_LOGN, 10].
 */
static int fn_sk_header_logn(const uint8_t *sk, size_t sk_len, unsigned *logn)
{
	if (sk_len < 1) {
		return PQS_ERR_KEY_LENGTH;
	}
	PQS_CT_DECLASSIFY(sk, 1);
	*logn = (unsigned)sk[0] - 0x50;
	if ((sk[0] & 0xF0) != 0x50 || *logn < PQS_FNDSA_FN_MIN_LOGN || *logn > 10) {
		return PQS_ERR_KEY_ENCODING;
	}
	return PQS_OK;
}

int pqs_fndsa_fn_decode_sk(int8_t *f, int8_t *g, int8_t *F, int8_t *G, const uint8_t **hvk, const uint8_t *sk,
			   size_t sk_len, unsigned *logn_out, uint16_t *tmp)
{
	unsigned logn, nb;
	size_t k, n;
	int ok;
	int e = fn_sk_header_logn(sk, sk_len, &logn);

	if (e != PQS_OK) {
		return e;
	}
	if (sk_len != PQS_FNDSA_FN_SK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	n = (size_t)1 << logn;
	nb = FNDSA_FG_BITS(logn);
	k = 1;
	if (pqs_fndsa_fn_trim_decode(f, logn, nb, sk + k) == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	k += PQS_FNDSA_FN_FG_BYTES(logn);
	if (pqs_fndsa_fn_trim_decode(g, logn, nb, sk + k) == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	k += PQS_FNDSA_FN_FG_BYTES(logn);
	if (pqs_fndsa_fn_trim_decode(F, logn, 8, sk + k) == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	k += n;
	/* G = g F / f mod q, in -127..127, f invertible (section 2.2);
	 * whether the key is well formed is public. */
	ok = pqs_fndsa_complete_private(G, f, g, F, logn, tmp);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_ERR_KEY_ENCODING;
	}
	*hvk = sk + k;
	*logn_out = logn;
	return PQS_OK;
}

/*
 * Signing work area for degree 2^logn (8-byte aligned): 13 polynomials of
 * fpr (the basis, then ffSampling; 104n bytes; decoding the key uses its
 * start first), f, g, F, G (n bytes each), s1, s2 and the hashed message
 * (2n bytes each).
 */
#define FN_SIGN_WORK_BYTES(logn) (PQS_FNDSA_SIGN_TEMP_BYTES(logn) - 7u)

static int fn_sign_mu_work(uint8_t *sig, unsigned logn, const uint8_t *sk, size_t sk_len, const uint8_t mu[64],
			   const uint8_t *rnd, size_t rnd_len, void *work)
{
	size_t n = (size_t)1 << logn;
	fpr *tmp = (fpr *)work;
	int8_t *f = (int8_t *)(tmp + 13 * n);
	int8_t *g = f + n, *F = g + n, *G = F + n;
	int16_t *s1 = (int16_t *)(void *)(G + n), *s2 = s1 + n;
	uint16_t *c = (uint16_t *)(s2 + n);
	uint8_t hfg[SEED_LEN], seedp[SEED_LEN], nonce[FNDSA_NONCE_LEN];
	const uint8_t *hvk;
	fndsa_sampler_ctx spc;
	unsigned sk_logn, ctr;
	size_t sig_len, u;
	pqs_keccak sc;
	int err, ret = PQS_ERR_INTERNAL;

	/* The work area was sized for logn: the key must be of that degree
	 * (the header is public). */
	if (sk_len < 1) {
		return PQS_ERR_KEY_LENGTH;
	}
	PQS_CT_DECLASSIFY(sk, 1);
	if (sk[0] != 0x50 + logn) {
		return PQS_ERR_KEY_ENCODING;
	}
	err = pqs_fndsa_fn_decode_sk(f, g, F, G, &hvk, sk, sk_len, &sk_logn, (uint16_t *)work);
	if (err != PQS_OK) {
		pqs_zeroize(work, FN_SIGN_WORK_BYTES(logn));
		return err;
	}
	sig_len = PQS_FNDSA_FN_SIG_SIZE(logn);
	/* mu depends only on public data (SHAKE256(vk), ctx, message). */
	PQS_CT_DECLASSIFY(mu, MU_LEN);

	/* Section 3.2: hfg = SHAKE256(encoded f || g)[40], seed' =
	 * SHAKE256(hfg || mu || rnd)[40]. */
	pqs_shake256(hfg, SEED_LEN, sk + 1, 2 * PQS_FNDSA_FN_FG_BYTES(logn));
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, hfg, SEED_LEN);
	pqs_keccak_absorb(&sc, mu, MU_LEN);
	if (rnd_len > 0) {
		pqs_keccak_absorb(&sc, rnd, rnd_len);
	}
	pqs_keccak_squeeze(&sc, seedp, SEED_LEN);

	pqs_fndsa_load_basis(tmp + 9 * n, f, g, F, G, logn);
	for (ctr = 0; ctr < MAX_ATTEMPTS; ctr++) {
		uint8_t cb = (uint8_t)ctr;
		int ok;

		/* P = SHAKE256(seed' || counter): nonce, then the sampler. */
		pqs_shake256_init(&sc);
		pqs_keccak_absorb(&sc, seedp, SEED_LEN);
		pqs_keccak_absorb(&sc, &cb, 1);
		spc.fn_draft = 1;
		spc.sigma_min = pqs_fpr_sigma_min[logn];
		spc.inv_sigma = fn_inv_sigma(logn);
		pqs_fndsa_stream_init(&spc.fs, &sc);
		/* The sampler's stream is secret (constant-time tests). */
		PQS_CT_POISON(spc.fs.sc.st, sizeof spc.fs.sc.st);
		for (u = 0; u < FNDSA_NONCE_LEN; u++) {
			nonce[u] = pqs_fndsa_stream_u8(&spc.fs);
		}
		/* The nonce is published in the signature. */
		PQS_CT_DECLASSIFY(nonce, sizeof nonce);
		hash_to_point(c, nonce, mu, logn);
		if (!pqs_fndsa_sign_attempt(&spc, s1, s2, tmp + 9 * n, c, logn,
			tmp))
		{
			continue;
		}
		/* |s1_i| <= 840, and s2 (each |s2_i| <= 840) must fit. */
		ok = 1;
		for (u = 0; u < n; u++) {
			int32_t x = s1[u];

			ok &= (uint32_t)(x + 840) <= 1680;
		}
		PQS_CT_DECLASSIFY(&ok, sizeof ok);
		PQS_CT_DECLASSIFY(s2, n * sizeof *s2);
		if (!ok) {
			continue;
		}
		memset(sig, 0, sig_len);
		if (pqs_fndsa_fn_comp_encode(sig + 1 + FNDSA_NONCE_LEN,
			sig_len - 1 - FNDSA_NONCE_LEN, s2, logn) == 0)
		{
			continue;
		}
		sig[0] = (uint8_t)(0x30 + logn);
		memcpy(sig + 1, nonce, FNDSA_NONCE_LEN);
		ret = PQS_OK;
		break;
	}
	pqs_keccak_clear(&sc);
	pqs_zeroize(&spc, sizeof spc);
	PQS_CT_DECLASSIFY(work, FN_SIGN_WORK_BYTES(logn));
	pqs_zeroize(work, FN_SIGN_WORK_BYTES(logn));
	pqs_zeroize(hfg, sizeof hfg);
	pqs_zeroize(seedp, sizeof seedp);
	return ret;
}

/*
 * The work area on the stack, in a frame sized for the degree (one
 * function per frame, kept out of line so that FN-DSA-512 and the toy
 * degrees do not pay for FN-DSA-1024's frame).
 */
static PQS_NOINLINE int fn_sign_mu_stack_512(uint8_t *sig, unsigned logn, const uint8_t *sk, size_t sk_len,
					     const uint8_t mu[64], const uint8_t *rnd, size_t rnd_len)
{
	uint64_t work[FN_SIGN_WORK_BYTES(9) / 8];

	return fn_sign_mu_work(sig, logn, sk, sk_len, mu, rnd, rnd_len, work);
}

static PQS_NOINLINE int fn_sign_mu_stack_1024(uint8_t *sig, const uint8_t *sk, size_t sk_len, const uint8_t mu[64],
					      const uint8_t *rnd, size_t rnd_len)
{
	uint64_t work[FN_SIGN_WORK_BYTES(10) / 8];

	return fn_sign_mu_work(sig, 10, sk, sk_len, mu, rnd, rnd_len, work);
}

int pqs_fndsa_fn_sign_mu(uint8_t *sig, const uint8_t *sk, size_t sk_len, const uint8_t mu[64], const uint8_t *rnd,
			 size_t rnd_len, void *tmp, size_t tmp_len)
{
	unsigned logn;
	/* The degree chooses the frame before the key is decoded. */
	int e = fn_sk_header_logn(sk, sk_len, &logn);

	if (e != PQS_OK) {
		return e;
	}
	if (tmp != NULL) {
		if (tmp_len < PQS_FNDSA_SIGN_TEMP_BYTES(logn)) {
			return PQS_ERR_BUFFER_TOO_SMALL;
		}
		/* The fpr polynomials need 8-byte alignment: skip up to 7 bytes. */
		return fn_sign_mu_work(sig, logn, sk, sk_len, mu, rnd, rnd_len,
				       (uint8_t *)tmp + ((8u - ((uintptr_t)tmp & 7u)) & 7u));
	}
	return logn <= 9 ? fn_sign_mu_stack_512(sig, logn, sk, sk_len, mu, rnd, rnd_len)
			 : fn_sign_mu_stack_1024(sig, sk, sk_len, mu, rnd, rnd_len);
}

int
pqs_fndsa_fn_verify_mu(const uint8_t *sig, size_t sig_len,
	const uint16_t *h_ntt, unsigned logn, const uint8_t mu[64])
{
	int16_t s2[1024];
	uint16_t c[1024], tmp[1024];

	if (sig_len != PQS_FNDSA_FN_SIG_SIZE(logn)) {
		return PQS_ERR_SIG_LENGTH;
	}
	if (sig[0] != 0x30 + logn) {
		return PQS_ERR_SIG_ENCODING;
	}
	if (!pqs_fndsa_fn_comp_decode(s2, logn, sig + 1 + FNDSA_NONCE_LEN,
		sig_len - 1 - FNDSA_NONCE_LEN))
	{
		return PQS_ERR_SIG_ENCODING;
	}
	hash_to_point(c, sig + 1, mu, logn);
	return pqs_fndsa_verify_raw_linf(c, s2, h_ntt, logn, tmp,
		PQS_FNDSA_FN_SIG_MAX_ABS) ? PQS_OK : PQS_ERR_INVALID_SIGNATURE;
}
