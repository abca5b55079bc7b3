/*
 * HAETAE v1.1.2 signing (Algorithm 46 Sign, Algorithm 49 SignInternal).
 *
 *   pre = ctx_len || ctx;  mu = SHAKE256(pk || pre || M, 64)
 *   seed = SHAKE256(key || rnd || mu, 64)
 *   loop: y = (y1, y2) <- SampleHyperBall(seed, counter), b = its bit pair
 *     w = A1 round(y1) + 2 round(y2) lifted to mod 2q (parity of round(y1)[0])
 *     c = SampleChallenge(HighBits(w), LSB(round(y1)[0]), mu)
 *     z = y + (-1)^b0 c s       (s = (1 || s1, s2): cs1[0] = c)
 *     reject if |z| > B1, or if |2z - y| < B0 and b1 = 1    (bimodal rejection)
 *     h = HighBits(w) - HighBits(w - 2 round(z2)) mod (2q - 2) / ALPHA
 *     sig = PackSig(c, LowBits(round(z1)), HighBits(round(z1)), h), retried if too big
 *
 * Secrets stay in constant time; the public decisions (hyperball norm,
 * Gaussian acceptances, the rejection of z, whether the candidate packs)
 * are declassified exactly where the algorithm makes them.
 */
#include <string.h>

#include "core/ct.h"
#include "haetae/inner.h"

typedef struct {
	haetae_poly a1[HAETAE_K_MAX][HAETAE_L_MAX];
	haetae_poly s1hat[HAETAE_M_MAX], s2hat[HAETAE_K_MAX];
	int32_t y[HAETAE_K_MAX + HAETAE_L_MAX][HAETAE_N];
	int32_t z[HAETAE_K_MAX + HAETAE_L_MAX][HAETAE_N];
	haetae_poly yrnd[HAETAE_L_MAX], w[HAETAE_K_MAX], highbits[HAETAE_K_MAX], cs[HAETAE_K_MAX + HAETAE_L_MAX];
	haetae_poly lb_z1[HAETAE_L_MAX], hb_z1[HAETAE_L_MAX], h[HAETAE_K_MAX];
	haetae_poly c, chat, lsb;
	uint8_t challenge_in[HAETAE_CHALLENGE_INPUT_MAX];
} sign_state;

static int32_t fixed_round(int32_t v)
{
	return (v + (HAETAE_LN / 2)) >> HAETAE_LNBITS;
}

/* One signing attempt after y has been sampled; returns 1 if sig was written. */
static int sign_attempt(const pqs_haetae_params *p, sign_state *st, uint8_t bits, const uint8_t mu[HAETAE_SEEDBYTES],
                        uint8_t *sig)
{
	const unsigned l = p->l, k = p->k;
	haetae_poly z1rnd0;

	/* w = A1 round(y1) + 2 round(y2), lifted mod 2q */
	for (unsigned i = 0; i < l; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			st->yrnd[i].coeffs[j] = fixed_round(st->y[i][j]);
	z1rnd0 = st->yrnd[0];
	pqs_haetae_polyvec_ntt(st->yrnd, l);
	for (unsigned i = 0; i < k; i++) {
		pqs_haetae_row_dot(&st->w[i], st->a1[i], st->yrnd, l);
		pqs_haetae_invntt_tomont(st->w[i].coeffs);
		for (unsigned j = 0; j < HAETAE_N; j++)
			st->w[i].coeffs[j] += 2 * fixed_round(st->y[l + i][j]);
	}
	pqs_haetae_lift_2q(p, st->w, &z1rnd0);
	for (unsigned i = 0; i < k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			st->highbits[i].coeffs[j] = pqs_haetae_highbits_hint(p, st->w[i].coeffs[j]);
	for (unsigned j = 0; j < HAETAE_N; j++)
		st->lsb.coeffs[j] = z1rnd0.coeffs[j] & 1;

	/* c = H(HighBits(w), LSB(round(y1)[0]), mu): the hash input is public
	 * only if the attempt succeeds, but hashing is constant time. */
	size_t in_len = pqs_haetae_pack_highbits(p, st->challenge_in, st->highbits, &st->lsb);
	pqs_haetae_poly_challenge(p, &st->c, st->challenge_in, in_len, mu, 0);

	/* cs = c (1 || s1, s2), sign (-1)^b0 */
	st->chat = st->c;
	pqs_haetae_ntt(st->chat.coeffs);
	st->cs[0] = st->c;
	for (unsigned i = 1; i < l; i++)
		pqs_haetae_poly_pointwise(&st->cs[i], &st->chat, &st->s1hat[i - 1]);
	for (unsigned i = 0; i < k; i++)
		pqs_haetae_poly_pointwise(&st->cs[l + i], &st->s2hat[i], &st->chat);
	pqs_haetae_polyvec_invntt(&st->cs[1], l - 1 + k);
	int32_t negate = 1 - 2 * (int32_t)(bits & 1);
	for (unsigned i = 0; i < l + k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			st->z[i][j] = st->y[i][j] + HAETAE_LN * (st->cs[i].coeffs[j] * negate);

	/* Bimodal rejection (public decision). */
	const uint64_t ln2 = (uint64_t)HAETAE_LN * HAETAE_LN;
	uint64_t reject = ((p->b1sq * ln2 - pqs_haetae_sqnorm((const int32_t(*)[HAETAE_N])st->z, l + k)) >> 63) & 1;
	uint64_t twice_z_minus_y = 0;
	for (unsigned i = 0; i < l + k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++) {
			int64_t t = 2 * (int64_t)st->z[i][j] - st->y[i][j];
			twice_z_minus_y += (uint64_t)(t * t);
		}
	reject |= ((twice_z_minus_y - p->b0sq * ln2) >> 63) & ((uint64_t)(bits >> 1) & 1);
	PQS_CT_DECLASSIFY(&reject, sizeof reject);
	if (reject)
		return 0;

	/* h = HighBits(w) - HighBits(w - 2 round(z2)) mod (2q - 2) / alpha */
	const int32_t hint_mod = (HAETAE_DQ - 2) / p->alpha_hint;
	for (unsigned i = 0; i < k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++) {
			int32_t v = pqs_haetae_freeze2q(st->w[i].coeffs[j] - 2 * fixed_round(st->z[l + i][j]));
			int32_t hv = st->highbits[i].coeffs[j] - pqs_haetae_highbits_hint(p, v);
			st->h[i].coeffs[j] = hv + ((hv >> 31) & hint_mod);
		}
	for (unsigned i = 0; i < l; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			pqs_haetae_decompose_z1(&st->hb_z1[i].coeffs[j], &st->lb_z1[i].coeffs[j], fixed_round(st->z[i][j]));

	/* The candidate is now the signature unless it does not pack: all public. */
	PQS_CT_DECLASSIFY(&st->c, sizeof st->c);
	PQS_CT_DECLASSIFY(st->lb_z1, sizeof st->lb_z1);
	PQS_CT_DECLASSIFY(st->hb_z1, sizeof st->hb_z1);
	PQS_CT_DECLASSIFY(st->h, sizeof st->h);
	return pqs_haetae_pack_sig(p, sig, &st->c, st->lb_z1, st->hb_z1, st->h) == 0;
}

static int sign_internal(const pqs_haetae_params *p, sign_state *st, uint8_t *sig, const uint8_t *msg,
                         size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t rnd[HAETAE_SEEDBYTES],
                         const uint8_t *sk)
{
	haetae_poly b[HAETAE_K_MAX], s1[HAETAE_M_MAX];
	uint8_t key[HAETAE_SEEDBYTES], mu[HAETAE_CRHBYTES], seed[HAETAE_CRHBYTES];
	pqs_keccak xof;
	int ret;

	/* The public key at the start of sk is public (PackSK). */
	PQS_CT_DECLASSIFY((uint8_t *)(uintptr_t)sk, p->pk_bytes);
	if ((ret = pqs_haetae_unpack_pk(p, b, sk)) != PQS_OK)
		return ret;
	if ((ret = pqs_haetae_unpack_sk(p, s1, st->s2hat, key, sk)) != PQS_OK)
		return ret;
	pqs_haetae_expand_a1(p, st->a1, b, sk);

	pqs_haetae_hash_message(mu, sizeof mu, sk, p->pk_bytes, ctx, ctx_len, msg, msg_len);

	pqs_shake256_init(&xof);
	pqs_keccak_absorb(&xof, key, sizeof key);
	pqs_keccak_absorb(&xof, rnd, HAETAE_SEEDBYTES);
	pqs_keccak_absorb(&xof, mu, sizeof mu);
	pqs_keccak_squeeze(&xof, seed, sizeof seed);

	memcpy(st->s1hat, s1, sizeof s1);
	pqs_haetae_polyvec_ntt(st->s1hat, p->m);
	pqs_haetae_polyvec_ntt(st->s2hat, p->k);

	uint16_t counter = 0;
	for (;;) {
		uint8_t bits;
		counter = pqs_haetae_sample_hyperball(p, st->y, &bits, seed, counter);
		if (sign_attempt(p, st, bits, mu, sig))
			break;
	}
	pqs_zeroize(s1, sizeof s1);
	pqs_zeroize(key, sizeof key);
	pqs_zeroize(seed, sizeof seed);
	pqs_keccak_clear(&xof);
	return PQS_OK;
}

int pqs_haetae_sign_with_rnd(pqs_haetae_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len,
                             const uint8_t *ctx, size_t ctx_len, const uint8_t rnd[PQS_HAETAE_RND_BYTES],
                             const uint8_t *sk)
{
	static const uint8_t zero_rnd[HAETAE_SEEDBYTES];
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	sign_state st;
	if (!p || !sig || !sk || (!msg && msg_len) || (!ctx && ctx_len))
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	int ret = sign_internal(p, &st, sig, msg, msg_len, ctx, ctx_len, rnd ? rnd : zero_rnd, sk);
	pqs_zeroize(&st, sizeof st);
	return ret;
}
