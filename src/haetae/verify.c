/*
 * HAETAE v1.1.2 verification (Algorithm 47 Verify, Algorithm 50
 * VerifyInternal) and the strict decoders of keys and signatures.
 *
 *   z1 = HighBits(z1) * 256 + LowBits(z1);  w' = LSB(z1[0] - c)
 *   w~ = A1 z1 - q c j lifted mod 2q;  w = HighBits(w~) + h mod (2q - 2) / alpha
 *   z2 = (alpha w - w~ + w' j) / 2 mod q (centred)
 *   accept iff |z1|^2 + |z2|^2 <= B2^2 and
 *              c == SampleChallenge(w, w', SHAKE256(pk || pre || M, 32))
 */
#include <string.h>

#include "haetae/inner.h"

typedef struct {
	haetae_poly a1[HAETAE_K_MAX][HAETAE_L_MAX];
	haetae_poly b[HAETAE_K_MAX], z1[HAETAE_L_MAX], lowz[HAETAE_L_MAX], h[HAETAE_K_MAX];
	haetae_poly wt[HAETAE_K_MAX], w[HAETAE_K_MAX];
	haetae_poly c, cprime, wprime;
	uint8_t challenge_in[HAETAE_CHALLENGE_INPUT_MAX];
} verify_state;

static int verify_internal(const pqs_haetae_params *p, verify_state *st, const uint8_t *sig, const uint8_t *msg,
                           size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	const unsigned l = p->l, k = p->k;
	const int32_t hint_mod = (HAETAE_DQ - 2) / p->alpha_hint;
	uint8_t mu[HAETAE_SEEDBYTES];
	int ret;

	if ((ret = pqs_haetae_unpack_pk(p, st->b, pk)) != PQS_OK)
		return ret;
	if ((ret = pqs_haetae_unpack_sig(p, &st->c, st->lowz, st->z1, st->h, sig)) != PQS_OK)
		return ret;
	pqs_haetae_expand_a1(p, st->a1, st->b, pk);

	uint64_t norm = 0;
	for (unsigned i = 0; i < l; i++)
		for (unsigned j = 0; j < HAETAE_N; j++) {
			int32_t v = st->z1[i].coeffs[j] * 256 + st->lowz[i].coeffs[j];
			st->z1[i].coeffs[j] = v;
			norm += (uint64_t)((int64_t)v * v);
		}
	for (unsigned j = 0; j < HAETAE_N; j++)
		st->wprime.coeffs[j] = (st->z1[0].coeffs[j] - st->c.coeffs[j]) & 1;

	pqs_haetae_polyvec_ntt(st->z1, l);
	for (unsigned i = 0; i < k; i++) {
		pqs_haetae_row_dot(&st->wt[i], st->a1[i], st->z1, l);
		pqs_haetae_invntt_tomont(st->wt[i].coeffs);
	}
	pqs_haetae_lift_2q(p, st->wt, &st->wprime);

	for (unsigned i = 0; i < k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++) {
			int32_t w = pqs_haetae_highbits_hint(p, st->wt[i].coeffs[j]) + st->h[i].coeffs[j];
			w -= ~((w - hint_mod) >> 31) & hint_mod;
			st->w[i].coeffs[j] = w;
			int32_t z2 = w * p->alpha_hint - st->wt[i].coeffs[j] + (i == 0 ? st->wprime.coeffs[j] : 0);
			z2 = pqs_haetae_reduce2q(z2) >> 1;
			norm += (uint64_t)((int64_t)z2 * z2);
		}
	if (norm > p->b2sq)
		return PQS_ERR_INVALID_SIGNATURE;

	size_t in_len = pqs_haetae_pack_highbits(p, st->challenge_in, st->w, &st->wprime);
	pqs_haetae_hash_message(mu, sizeof mu, pk, p->pk_bytes, ctx, ctx_len, msg, msg_len);
	pqs_haetae_poly_challenge(p, &st->cprime, st->challenge_in, in_len, mu, 1);
	return memcmp(st->c.coeffs, st->cprime.coeffs, sizeof st->c.coeffs) == 0 ? PQS_OK
	                                                                          : PQS_ERR_INVALID_SIGNATURE;
}

int pqs_haetae_verify(pqs_haetae_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                      const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	verify_state st;
	if (!p || !sig || !pk || (!msg && msg_len) || (!ctx && ctx_len))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (sig_len != p->sig_bytes)
		return PQS_ERR_SIG_LENGTH;
	return verify_internal(p, &st, sig, msg, msg_len, ctx, ctx_len, pk);
}

int pqs_haetae_check_pk(pqs_haetae_set set, const uint8_t *pk, size_t pk_len)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	haetae_poly b[HAETAE_K_MAX];
	if (!p || !pk)
		return PQS_ERR_ARG;
	if (pk_len != p->pk_bytes)
		return PQS_ERR_KEY_LENGTH;
	return pqs_haetae_unpack_pk(p, b, pk);
}

int pqs_haetae_check_sk(pqs_haetae_set set, const uint8_t *sk, size_t sk_len)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	haetae_poly b[HAETAE_K_MAX], s1[HAETAE_M_MAX], s2[HAETAE_K_MAX];
	uint8_t key[HAETAE_SEEDBYTES];
	if (!p || !sk)
		return PQS_ERR_ARG;
	if (sk_len != p->sk_bytes)
		return PQS_ERR_KEY_LENGTH;
	int ret = pqs_haetae_unpack_pk(p, b, sk);
	if (ret == PQS_OK)
		ret = pqs_haetae_unpack_sk(p, s1, s2, key, sk);
	pqs_zeroize(s1, sizeof s1);
	pqs_zeroize(s2, sizeof s2);
	pqs_zeroize(key, sizeof key);
	return ret;
}

int pqs_haetae_check_sig(pqs_haetae_set set, const uint8_t *sig, size_t sig_len)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	haetae_poly c, lowz[HAETAE_L_MAX], highz[HAETAE_L_MAX], h[HAETAE_K_MAX];
	if (!p || !sig)
		return PQS_ERR_ARG;
	if (sig_len != p->sig_bytes)
		return PQS_ERR_SIG_LENGTH;
	return pqs_haetae_unpack_sig(p, &c, lowz, highz, h, sig);
}
