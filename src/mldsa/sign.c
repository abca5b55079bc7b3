/*
 * ML-DSA key generation, signing and verification (FIPS 204 sections 5
 * and 6) and the public entry points of pqsig/mldsa.h except HashML-DSA
 * (prehash.c).
 *
 * Constant time: the secret key, xi, rnd and all values derived from them
 * are handled without secret-dependent branches or memory indices.  The
 * only values declassified (PQS_CT_DECLASSIFY, checked by tests/ct) are
 * public by construction: rho and the public key in KeyGen, the validity
 * of a decoded secret key, the accept/reject decision of each signing
 * attempt (Algorithm 7 steps 23 and 28), and the final signature.
 */
#include "mldsa/sign.h"

#include <string.h>

#include "core/compiler.h"
#include "core/ct.h"
#include "mldsa/packing.h"
#include "mldsa/polyvec.h"
#include "pqsig/mldsa.h"
#include "pqsig/rand.h"
#include "pqsig/sha3.h"
#include "pqsig/sig.h"

void pqs_mldsa_tr_from_pk(const mldsa_params *p, uint8_t tr[MLDSA_TRBYTES], const uint8_t *pk)
{
	pqs_shake256(tr, MLDSA_TRBYTES, pk, p->pk_bytes);
}

void pqs_mldsa_mu(uint8_t mu[MLDSA_CRHBYTES], const uint8_t tr[MLDSA_TRBYTES], const uint8_t *head, size_t head_len,
		  const uint8_t *ctx, size_t ctx_len, const uint8_t *body, size_t body_len)
{
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, tr, MLDSA_TRBYTES);
	if (head_len)
		pqs_keccak_absorb(&ks, head, head_len);
	if (ctx_len)
		pqs_keccak_absorb(&ks, ctx, ctx_len);
	if (body_len)
		pqs_keccak_absorb(&ks, body, body_len);
	pqs_keccak_squeeze(&ks, mu, MLDSA_CRHBYTES);
	pqs_keccak_clear(&ks);
}

/* ---- Algorithm 6: ML-DSA.KeyGen_internal ---- */

int pqs_i_mldsa_keygen_internal(const mldsa_params *p, uint8_t *pk, uint8_t *sk, const uint8_t xi[MLDSA_SEEDBYTES])
{
	struct {
		uint8_t seedbuf[2 * MLDSA_SEEDBYTES + MLDSA_CRHBYTES]; /* rho || rho' || K */
		uint8_t tr[MLDSA_TRBYTES];
		mldsa_polyvecl s1, s1hat;
		mldsa_polyveck s2, t, t1, t0;
	} st;
	const uint8_t *rho = st.seedbuf;
	const uint8_t *rhop = st.seedbuf + MLDSA_SEEDBYTES;
	const uint8_t *key = st.seedbuf + MLDSA_SEEDBYTES + MLDSA_CRHBYTES;

	/* Step 1: (rho, rho', K) = H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128). */
	const uint8_t kl[2] = {(uint8_t)p->k, (uint8_t)p->l};
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, xi, MLDSA_SEEDBYTES);
	pqs_keccak_absorb(&ks, kl, 2);
	pqs_keccak_squeeze(&ks, st.seedbuf, sizeof st.seedbuf);
	pqs_keccak_clear(&ks);
	/* rho is the public half of pk (step 7): A may be sampled from it in variable time. */
	PQS_CT_DECLASSIFY(st.seedbuf, MLDSA_SEEDBYTES);

	/* Step 4 ExpandS (Algorithm 33): s1 with nonces 0..l-1, s2 with l..l+k-1. */
	pqs_mldsa_expand_s(st.s1.vec, st.s2.vec, rhop, p->k, p->l, p->eta);

	/* Step 5: t = NTT^-1(A_hat * NTT(s1)) + s2, with A generated four entries at a time (step 3). */
	st.s1hat = st.s1;
	pqs_mldsa_polyvec_ntt(st.s1hat.vec, p->l);
	pqs_mldsa_polymat_mul(st.t.vec, rho, st.s1hat.vec, p->k, p->l);
	pqs_mldsa_polyvec_invntt_tomont(st.t.vec, p->k);
	pqs_mldsa_polyvec_add(st.t.vec, st.t.vec, st.s2.vec, p->k);
	pqs_mldsa_polyvec_reduce(st.t.vec, p->k);
	pqs_mldsa_polyvec_caddq(st.t.vec, p->k); /* Power2Round wants [0, q) */

	/* Step 6: (t1, t0) = Power2Round(t). */
	pqs_mldsa_polyvec_power2round(st.t1.vec, st.t0.vec, st.t.vec, p->k);

	/* Steps 7-9: pk, tr = H(pk, 64), sk. */
	pqs_mldsa_pack_pk(p, pk, rho, st.t1.vec);
	PQS_CT_DECLASSIFY(pk, p->pk_bytes); /* the public key is the public output */
	pqs_mldsa_tr_from_pk(p, st.tr, pk);
	pqs_mldsa_pack_sk(p, sk, rho, key, st.tr, st.s1.vec, st.s2.vec, st.t0.vec);

	pqs_zeroize(&st, sizeof st);
	return PQS_OK;
}

/* ---- Algorithm 7: ML-DSA.Sign_internal, from mu on ---- */

/*
 * Signing state.  The polynomials live in a workspace of
 * MLDSA_SIGN_WS_POLYS(k, l) polynomials (the caller's buffer for the _temp
 * entry points, or a stack array sized for the parameter set); the byte
 * values are small and stay on the stack.
 */
typedef struct {
	mldsa_poly *s1, *y, *z;           /* l each */
	mldsa_poly *s2, *t0, *w, *w1, *w0; /* k each */
	mldsa_poly *h;                    /* shares w's storage: w is dead after step 13 */
	mldsa_poly *cp;                   /* the challenge, NTT domain */
	mldsa_poly *mat;                  /* A_hat, k x l, row-major (public) */
} sign_ws;

typedef struct {
	uint8_t rho[MLDSA_SEEDBYTES], key[MLDSA_SEEDBYTES], tr[MLDSA_TRBYTES];
	uint8_t rhopp[MLDSA_CRHBYTES];
	uint8_t ctilde[MLDSA_CTILDE_MAX];
	uint8_t w1buf[MLDSA_K_MAX * MLDSA_POLYW1_MAX];
} sign_bytes;

static void sign_ws_layout(sign_ws *ws, mldsa_poly *base, unsigned k, unsigned l)
{
	mldsa_poly *next = base;
	mldsa_poly **vl[] = {&ws->s1, &ws->y, &ws->z};
	mldsa_poly **vk[] = {&ws->s2, &ws->t0, &ws->w, &ws->w1, &ws->w0};
	for (size_t i = 0; i < sizeof vl / sizeof vl[0]; i++, next += l)
		*vl[i] = next;
	for (size_t i = 0; i < sizeof vk / sizeof vk[0]; i++, next += k)
		*vk[i] = next;
	ws->h = ws->w;
	ws->cp = next++;
	ws->mat = next; /* k * l polynomials: MLDSA_SIGN_WS_POLYS(k, l) in all */
}

/* Steps 1-7: skDecode, rho'' = H(K || rnd || mu, 64), NTT(s1, s2, t0), A_hat. */
static int sign_prepare(const mldsa_params *p, sign_ws *ws, sign_bytes *b, const uint8_t mu[MLDSA_CRHBYTES],
                        const uint8_t *rnd, const uint8_t *sk)
{
	static const uint8_t zero_rnd[MLDSA_SEEDBYTES] = {0};

	/* Step 1: skDecode; a key with s1/s2 outside [-eta, eta] is refused (public decision). */
	unsigned bad = pqs_mldsa_unpack_sk(p, b->rho, b->key, b->tr, ws->s1, ws->s2, ws->t0, sk);
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	if (bad)
		return PQS_ERR_KEY_ENCODING;
	/* rho is public (the copy of pk's rho in sk): A_hat may be sampled in variable time. */
	PQS_CT_DECLASSIFY(b->rho, sizeof b->rho);

	/* Step 7: rho'' = H(K || rnd || mu, 64). */
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, b->key, MLDSA_SEEDBYTES);
	pqs_keccak_absorb(&ks, rnd ? rnd : zero_rnd, MLDSA_SEEDBYTES);
	pqs_keccak_absorb(&ks, mu, MLDSA_CRHBYTES);
	pqs_keccak_squeeze(&ks, b->rhopp, MLDSA_CRHBYTES);
	pqs_keccak_clear(&ks);

	/* Steps 2-5: NTT of s1, s2, t0 and the matrix A_hat (kept: every attempt uses it). */
	pqs_mldsa_polyvec_ntt(ws->s1, p->l);
	pqs_mldsa_polyvec_ntt(ws->s2, p->k);
	pqs_mldsa_polyvec_ntt(ws->t0, p->k);
	pqs_mldsa_polymat_expand(ws->mat, b->rho, p->k, p->l);
	return PQS_OK;
}

/*
 * Steps 11-31, one attempt of the rejection loop with mask nonce kappa.
 * Returns 1 if (c~, z, h) is accepted, 0 if the attempt is rejected; the
 * decision is declassified (FIPS 204 section 3.6.1: rejected attempts leak
 * nothing about the key).
 */
static unsigned sign_attempt(const mldsa_params *p, sign_ws *ws, sign_bytes *b, const uint8_t mu[MLDSA_CRHBYTES],
                             unsigned kappa)
{
	/* Step 11: y = ExpandMask(rho'', kappa). */
	pqs_mldsa_expand_mask(ws->y, b->rhopp, (uint16_t)kappa, p->l, p->gamma1);

	/* Step 12: w = NTT^-1(A_hat * NTT(y)). */
	memcpy(ws->z, ws->y, p->l * sizeof(mldsa_poly));
	pqs_mldsa_polyvec_ntt(ws->z, p->l);
	for (unsigned i = 0; i < p->k; i++)
		pqs_mldsa_polyvec_dot(&ws->w[i], &ws->mat[i * p->l], ws->z, p->l);
	pqs_mldsa_polyvec_invntt_tomont(ws->w, p->k);
	pqs_mldsa_polyvec_caddq(ws->w, p->k);

	/* Step 13: w1 = HighBits(w) (keeping w0 = LowBits(w) for step 21). */
	pqs_mldsa_polyvec_decompose(ws->w1, ws->w0, ws->w, p->k, p->gamma2);

	/* Step 15: c~ = H(mu || w1Encode(w1), lambda/4). */
	for (unsigned i = 0; i < p->k; i++)
		pqs_mldsa_polyw1_pack(b->w1buf + i * p->polyw1_bytes, &ws->w1[i], p->gamma2);
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, mu, MLDSA_CRHBYTES);
	pqs_keccak_absorb(&ks, b->w1buf, p->k * p->polyw1_bytes);
	pqs_keccak_squeeze(&ks, b->ctilde, p->ctilde_bytes);
	pqs_keccak_clear(&ks);

	/* Steps 16-18: c = SampleInBall(c~), c_hat = NTT(c). */
	pqs_mldsa_poly_challenge(ws->cp, b->ctilde, p->ctilde_bytes, p->tau);
	pqs_mldsa_poly_ntt(ws->cp);

	/* Steps 19-20: z = y + <<c s1>>. */
	pqs_mldsa_polyvec_pointwise_poly(ws->z, ws->cp, ws->s1, p->l);
	pqs_mldsa_polyvec_invntt_tomont(ws->z, p->l);
	pqs_mldsa_polyvec_add(ws->z, ws->z, ws->y, p->l);
	pqs_mldsa_polyvec_reduce(ws->z, p->l);

	/*
	 * Step 23, first half, decided before computing <<c s2>>: most
	 * rejections come from z, and the order of the checks does not
	 * change the outcome.
	 */
	unsigned reject = pqs_mldsa_polyvec_chknorm(ws->z, p->l, p->gamma1 - p->beta);
	PQS_CT_DECLASSIFY(&reject, sizeof reject);
	if (reject)
		return 0;

	/*
	 * Step 21: r0 = LowBits(w - <<c s2>>), computed as w0 - <<c s2>>
	 * (equal whenever the step-23 bound holds: subtracting a value of
	 * norm <= beta from w0 cannot cross a rounding boundary without
	 * violating ||r0|| < gamma2 - beta).
	 */
	pqs_mldsa_polyvec_pointwise_poly(ws->h, ws->cp, ws->s2, p->k);
	pqs_mldsa_polyvec_invntt_tomont(ws->h, p->k);
	pqs_mldsa_polyvec_sub(ws->w0, ws->w0, ws->h, p->k);
	pqs_mldsa_polyvec_reduce(ws->w0, p->k);

	/* Step 23, second half: reject if ||r0|| >= gamma2 - beta. */
	reject = pqs_mldsa_polyvec_chknorm(ws->w0, p->k, p->gamma2 - p->beta);
	PQS_CT_DECLASSIFY(&reject, sizeof reject);
	if (reject)
		return 0;

	/* Steps 25-26: <<c t0>>, h = MakeHint(-<<c t0>>, w - <<c s2>> + <<c t0>>). */
	pqs_mldsa_polyvec_pointwise_poly(ws->h, ws->cp, ws->t0, p->k);
	pqs_mldsa_polyvec_invntt_tomont(ws->h, p->k);
	pqs_mldsa_polyvec_reduce(ws->h, p->k);
	reject = pqs_mldsa_polyvec_chknorm(ws->h, p->k, p->gamma2);
	pqs_mldsa_polyvec_add(ws->w0, ws->w0, ws->h, p->k);
	const unsigned nh = pqs_mldsa_polyvec_make_hint(ws->h, ws->w0, ws->w1, p->k, p->gamma2);

	/* Step 28: reject if ||<<c t0>>|| >= gamma2 or more than omega hints. */
	reject |= (unsigned)((uint32_t)(p->omega - nh) >> 31);
	PQS_CT_DECLASSIFY(&reject, sizeof reject);
	return reject == 0;
}

int pqs_mldsa_sign_mu_ws(const mldsa_params *p, uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES], const uint8_t *rnd,
			 const uint8_t *sk, mldsa_poly *workspace)
{
	sign_ws ws;
	sign_bytes b;
	sign_ws_layout(&ws, workspace, p->k, p->l);
	int ret = sign_prepare(p, &ws, &b, mu, rnd, sk);

	/* Steps 10-32: the rejection loop; kappa advances by l per attempt. */
	for (unsigned kappa = 0; ret == PQS_OK; kappa += p->l) {
		/*
		 * ExpandMask's nonce kappa + r is a 16-bit integer (Algorithm 34
		 * step 5); past 2^16 / l attempts (probability far below 2^-1000)
		 * we stop rather than wrap it.
		 */
		if (kappa + p->l > 0xFFFFu) {
			ret = PQS_ERR_INTERNAL;
			break;
		}
		if (!sign_attempt(p, &ws, &b, mu, kappa))
			continue;
		/* Step 33: accepted.  (c~, z, h) is the signature, public from here on. */
		PQS_CT_DECLASSIFY(b.ctilde, p->ctilde_bytes);
		PQS_CT_DECLASSIFY(ws.z, p->l * sizeof(mldsa_poly));
		PQS_CT_DECLASSIFY(ws.h, p->k * sizeof(mldsa_poly));
		pqs_mldsa_pack_sig(p, sig, b.ctilde, ws.z, ws.h);
		break;
	}
	pqs_zeroize(&b, sizeof b);
	pqs_zeroize(workspace, MLDSA_SIGN_WS_POLYS(p->k, p->l) * sizeof(mldsa_poly));
	return ret;
}

/*
 * One stack frame per parameter set, sized for that set (ML-DSA-44 needs
 * less than half of ML-DSA-87's workspace); noinline keeps the three
 * frames apart.
 */
#define SIGN_ON_STACK(name, k, l)                                                                                \
	static PQS_NOINLINE int name(const mldsa_params *p, uint8_t *sig, const uint8_t *mu, const uint8_t *rnd, \
				     const uint8_t *sk)                                                          \
	{                                                                                                        \
		mldsa_poly workspace[MLDSA_SIGN_WS_POLYS(k, l)];                                                 \
		return pqs_mldsa_sign_mu_ws(p, sig, mu, rnd, sk, workspace);                                     \
	}
SIGN_ON_STACK(sign_mu_44, 4, 4)
SIGN_ON_STACK(sign_mu_65, 6, 5)
SIGN_ON_STACK(sign_mu_87, 8, 7)

int pqs_i_mldsa_sign_mu(const mldsa_params *p, uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES], const uint8_t *rnd,
			const uint8_t *sk)
{
	if (p->k <= 4 && p->l <= 4)
		return sign_mu_44(p, sig, mu, rnd, sk);
	if (p->k <= 6 && p->l <= 5)
		return sign_mu_65(p, sig, mu, rnd, sk);
	return sign_mu_87(p, sig, mu, rnd, sk);
}

/* ---- Algorithm 8: ML-DSA.Verify_internal, from mu on ---- */

/* The parts of a prepared key (layout of PQS_MLDSA_PREPARED_BYTES). */
static const mldsa_poly *prepared_a_hat(const void *prepared)
{
	return (const mldsa_poly *)prepared;
}

static const mldsa_poly *prepared_t1_hat(const mldsa_params *p, const void *prepared)
{
	return prepared_a_hat(prepared) + p->k * p->l;
}

static const uint8_t *prepared_tr(const mldsa_params *p, const void *prepared)
{
	return (const uint8_t *)(prepared_t1_hat(p, prepared) + p->k);
}

void pqs_mldsa_prepare(const mldsa_params *p, void *prepared, const uint8_t *pk)
{
	mldsa_poly *a_hat = (mldsa_poly *)prepared;
	mldsa_poly *t1_hat = a_hat + p->k * p->l;
	/* Algorithm 8 step 5: A_hat = ExpandA(rho); steps 9-10 in part: NTT(t1 2^d). */
	pqs_mldsa_polymat_expand(a_hat, pk, p->k, p->l);
	for (unsigned i = 0; i < p->k; i++) {
		pqs_mldsa_polyt1_unpack(&t1_hat[i], pk + MLDSA_SEEDBYTES + i * MLDSA_POLYT1_BYTES);
		pqs_mldsa_poly_shiftl(&t1_hat[i]);
		pqs_mldsa_poly_ntt(&t1_hat[i]);
	}
	/* Step 6: tr = H(pk, 64). */
	pqs_mldsa_tr_from_pk(p, (uint8_t *)(t1_hat + p->k), pk);
}

/*
 * Algorithm 8 from mu on, with the key either as pk (A_hat * NTT(z) with A
 * generated four entries at a time, no k x l matrix in memory, and
 * NTT(t1 2^d) row by row) or prepared (a_hat and
 * t1_hat not NULL, read from the prepared key).
 */
static int verify_mu_with(const mldsa_params *p, const uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES],
                          const uint8_t *pk, const mldsa_poly *a_hat, const mldsa_poly *t1_hat)
{
	uint8_t ctilde[MLDSA_CTILDE_MAX], ctilde2[MLDSA_CTILDE_MAX];
	uint8_t w1buf[MLDSA_POLYW1_MAX];
	mldsa_polyvecl z;
	mldsa_polyveck h, az;
	mldsa_poly cp, t1, w;

	/* Steps 2-4: sigDecode; a malformed hint is an encoding error (h = bottom). */
	if (pqs_mldsa_unpack_sig(p, ctilde, z.vec, h.vec, sig) != 0)
		return PQS_ERR_SIG_ENCODING;
	/* Step 13 (first half), checked early: ||z|| < gamma1 - beta. */
	if (pqs_mldsa_polyvec_chknorm(z.vec, p->l, p->gamma1 - p->beta))
		return PQS_ERR_INVALID_SIGNATURE;

	/* Step 9: c = SampleInBall(c~). */
	pqs_mldsa_poly_challenge(&cp, ctilde, p->ctilde_bytes, p->tau);
	pqs_mldsa_poly_ntt(&cp);
	pqs_mldsa_polyvec_ntt(z.vec, p->l);
	if (!t1_hat)
		pqs_mldsa_polymat_mul(az.vec, pk, z.vec, p->k, p->l); /* rho = the first 32 bytes of pk */

	/*
	 * Steps 9-12, one row at a time: w'_approx[i] = NTT^-1(A_hat[i] . NTT(z)
	 * - NTT(c) NTT(t1[i] 2^d)), w1'[i] = UseHint(h[i], w'_approx[i]),
	 * absorbed into H(mu || w1Encode(w1')).
	 */
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, mu, MLDSA_CRHBYTES);
	for (unsigned i = 0; i < p->k; i++) {
		if (t1_hat) {
			pqs_mldsa_poly_pointwise_montgomery(&t1, &cp, &t1_hat[i]);
			pqs_mldsa_polyvec_dot(&w, a_hat + i * p->l, z.vec, p->l);
		} else {
			pqs_mldsa_polyt1_unpack(&t1, pk + MLDSA_SEEDBYTES + i * MLDSA_POLYT1_BYTES);
			pqs_mldsa_poly_shiftl(&t1);
			pqs_mldsa_poly_ntt(&t1);
			pqs_mldsa_poly_pointwise_montgomery(&t1, &cp, &t1);
			w = az.vec[i];
		}
		pqs_mldsa_poly_sub(&w, &w, &t1);
		pqs_mldsa_poly_reduce(&w);
		pqs_mldsa_poly_invntt_tomont(&w);
		pqs_mldsa_poly_caddq(&w);
		pqs_mldsa_poly_use_hint(&w, &w, &h.vec[i], p->gamma2);
		pqs_mldsa_polyw1_pack(w1buf, &w, p->gamma2);
		pqs_keccak_absorb(&ks, w1buf, p->polyw1_bytes);
	}
	pqs_keccak_squeeze(&ks, ctilde2, p->ctilde_bytes);

	/* Step 13: c~ == c~' (compared over the whole length, whatever the first bytes). */
	uint8_t diff = 0;
	for (unsigned i = 0; i < p->ctilde_bytes; i++)
		diff |= (uint8_t)(ctilde[i] ^ ctilde2[i]);
	return diff == 0 ? PQS_OK : PQS_ERR_INVALID_SIGNATURE;
}

int pqs_i_mldsa_verify_mu(const mldsa_params *p, const uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES],
			  const uint8_t *pk)
{
	return verify_mu_with(p, sig, mu, pk, NULL, NULL);
}

/* ---- Public entry points (pqsig/mldsa.h) ---- */

size_t pqs_mldsa_pk_bytes(pqs_mldsa_set set)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	return p ? p->pk_bytes : 0;
}

size_t pqs_mldsa_sk_bytes(pqs_mldsa_set set)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	return p ? p->sk_bytes : 0;
}

size_t pqs_mldsa_sig_bytes(pqs_mldsa_set set)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	return p ? p->sig_bytes : 0;
}

int pqs_mldsa_keygen_internal(pqs_mldsa_set set, uint8_t *pk, uint8_t *sk, const uint8_t xi[PQS_MLDSA_SEED_BYTES])
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	if (!p || !pk || !sk || !xi)
		return PQS_ERR_ARG;
	return pqs_i_mldsa_keygen_internal(p, pk, sk, xi);
}

int pqs_mldsa_keygen(pqs_mldsa_set set, uint8_t *pk, uint8_t *sk, uint8_t *xi_out, pqs_rng *rng)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	uint8_t xi[MLDSA_SEEDBYTES];
	if (!p || !pk || !sk)
		return PQS_ERR_ARG;
	/* Algorithm 1 steps 1-2: xi from an approved RBG. */
	if (pqs_rng_fill(rng, xi, sizeof xi) != 0) {
		pqs_zeroize(xi, sizeof xi);
		return PQS_ERR_RANDOMNESS;
	}
	int ret = pqs_i_mldsa_keygen_internal(p, pk, sk, xi);
	if (xi_out)
		memcpy(xi_out, xi, sizeof xi);
	pqs_zeroize(xi, sizeof xi);
	return ret;
}

/* ---- Argument checks and mu, shared by the entry points here and in prehash.c ---- */

int pqs_mldsa_sign_args(pqs_mldsa_set set, const mldsa_params **pp, const uint8_t *sig, const uint8_t *sk,
			size_t sk_len, const uint8_t *msg, size_t msg_len)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	if (!p || !sig || !sk || (msg_len && !msg))
		return PQS_ERR_ARG;
	if (sk_len != p->sk_bytes)
		return PQS_ERR_KEY_LENGTH;
	*pp = p;
	return PQS_OK;
}

int pqs_mldsa_verify_args(pqs_mldsa_set set, const mldsa_params **pp, const uint8_t *sig, size_t sig_len,
			  const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	if (!p || !sig || !pk || (msg_len && !msg))
		return PQS_ERR_ARG;
	if (pk_len != p->pk_bytes)
		return PQS_ERR_KEY_LENGTH;
	if (sig_len != p->sig_bytes)
		return PQS_ERR_SIG_LENGTH;
	*pp = p;
	return PQS_OK;
}

int pqs_mldsa_external_mu(uint8_t mu[MLDSA_CRHBYTES], const uint8_t tr[MLDSA_TRBYTES], uint8_t domain,
			  const uint8_t *ctx, size_t ctx_len, const uint8_t *body, size_t body_len)
{
	/* Algorithms 2-5 step 1: the context string is at most 255 bytes. */
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	if (ctx_len && !ctx)
		return PQS_ERR_ARG;
	/* M' = IntegerToBytes(domain, 1) || IntegerToBytes(|ctx|, 1) || ctx || body. */
	const uint8_t head[2] = {domain, (uint8_t)ctx_len};
	pqs_mldsa_mu(mu, tr, head, 2, ctx, ctx_len, body, body_len);
	return PQS_OK;
}

/* tr as stored in skEncode (Algorithm 24): after rho and K. */
#define SK_TR(sk) ((sk) + 2 * MLDSA_SEEDBYTES)

/*
 * Algorithm 7 from mu on, on the caller's workspace (tmp, tmp_len) when tmp
 * is not NULL, otherwise on a stack buffer sized for the set.
 */
static int sign_mu_in(const mldsa_params *p, uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES], const uint8_t *rnd,
                      const uint8_t *sk, void *tmp, size_t tmp_len)
{
	if (!tmp)
		return pqs_i_mldsa_sign_mu(p, sig, mu, rnd, sk);
	/* Align to the polynomial type inside the caller's buffer (the 3 slack bytes of the formula). */
	const size_t align = _Alignof(mldsa_poly);
	const size_t skip = (align - (size_t)((uintptr_t)tmp % align)) % align;
	if (tmp_len < skip || tmp_len - skip < MLDSA_SIGN_WS_POLYS(p->k, p->l) * sizeof(mldsa_poly))
		return PQS_ERR_BUFFER_TOO_SMALL;
	return pqs_mldsa_sign_mu_ws(p, sig, mu, rnd, sk, (mldsa_poly *)(void *)((uint8_t *)tmp + skip));
}

int pqs_mldsa_sign_temp(pqs_mldsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                        size_t ctx_len, const uint8_t *rnd, const uint8_t *sk, size_t sk_len, void *tmp,
                        size_t tmp_len)
{
	const mldsa_params *p = NULL;
	uint8_t mu[MLDSA_CRHBYTES];
	int ret = pqs_mldsa_sign_args(set, &p, sig, sk, sk_len, msg, msg_len);
	/* Algorithm 2 step 10 (M' with domain 0), then Algorithm 7 with tr from sk. */
	if (ret == PQS_OK)
		ret = pqs_mldsa_external_mu(mu, SK_TR(sk), 0, ctx, ctx_len, msg, msg_len);
	return ret == PQS_OK ? sign_mu_in(p, sig, mu, rnd, sk, tmp, tmp_len) : ret;
}

int pqs_mldsa_sign(pqs_mldsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                   size_t ctx_len, const uint8_t *rnd, const uint8_t *sk, size_t sk_len)
{
	return pqs_mldsa_sign_temp(set, sig, msg, msg_len, ctx, ctx_len, rnd, sk, sk_len, NULL, 0);
}

int pqs_mldsa_verify(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                     const uint8_t *ctx, size_t ctx_len, const uint8_t *pk, size_t pk_len)
{
	const mldsa_params *p = NULL;
	uint8_t tr[MLDSA_TRBYTES], mu[MLDSA_CRHBYTES];
	int ret = pqs_mldsa_verify_args(set, &p, sig, sig_len, pk, pk_len, msg, msg_len);
	/* Algorithm 3 step 5 with Algorithm 8 steps 6-7. */
	if (ret == PQS_OK) {
		pqs_mldsa_tr_from_pk(p, tr, pk);
		ret = pqs_mldsa_external_mu(mu, tr, 0, ctx, ctx_len, msg, msg_len);
	}
	return ret == PQS_OK ? pqs_i_mldsa_verify_mu(p, sig, mu, pk) : ret;
}

int pqs_mldsa_verify_prepared(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
			      const uint8_t *ctx, size_t ctx_len, const void *prepared)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	uint8_t mu[MLDSA_CRHBYTES];
	if (!p)
		return PQS_ERR_ARG;
	/* The checks of pqs_mldsa_verify; the prepared key stands in for pk (its length is right by construction). */
	int ret = pqs_mldsa_verify_args(set, &p, sig, sig_len, prepared, p->pk_bytes, msg, msg_len);
	if (ret == PQS_OK)
		ret = pqs_mldsa_external_mu(mu, prepared_tr(p, prepared), 0, ctx, ctx_len, msg, msg_len);
	return ret == PQS_OK ? verify_mu_with(p, sig, mu, NULL, prepared_a_hat(prepared), prepared_t1_hat(p, prepared))
	                     : ret;
}

int pqs_mldsa_sign_internal(pqs_mldsa_set set, uint8_t *sig, const uint8_t *mprime, size_t mprime_len,
                            const uint8_t *rnd, const uint8_t *sk, size_t sk_len)
{
	const mldsa_params *p = NULL;
	uint8_t mu[MLDSA_CRHBYTES];
	int ret = pqs_mldsa_sign_args(set, &p, sig, sk, sk_len, mprime, mprime_len);
	if (ret != PQS_OK)
		return ret;
	/* Algorithm 7 step 6: mu = H(BytesToBits(tr) || M', 64). */
	pqs_mldsa_mu(mu, SK_TR(sk), NULL, 0, NULL, 0, mprime, mprime_len);
	return pqs_i_mldsa_sign_mu(p, sig, mu, rnd, sk);
}

int pqs_mldsa_verify_internal(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *mprime,
                              size_t mprime_len, const uint8_t *pk, size_t pk_len)
{
	const mldsa_params *p = NULL;
	uint8_t tr[MLDSA_TRBYTES], mu[MLDSA_CRHBYTES];
	int ret = pqs_mldsa_verify_args(set, &p, sig, sig_len, pk, pk_len, mprime, mprime_len);
	if (ret != PQS_OK)
		return ret;
	/* Algorithm 8 steps 6-7. */
	pqs_mldsa_tr_from_pk(p, tr, pk);
	pqs_mldsa_mu(mu, tr, NULL, 0, NULL, 0, mprime, mprime_len);
	return pqs_i_mldsa_verify_mu(p, sig, mu, pk);
}

int pqs_mldsa_sign_mu_temp(pqs_mldsa_set set, uint8_t *sig, const uint8_t mu[PQS_MLDSA_MU_BYTES], const uint8_t *rnd,
                           const uint8_t *sk, size_t sk_len, void *tmp, size_t tmp_len)
{
	const mldsa_params *p = NULL;
	int ret = pqs_mldsa_sign_args(set, &p, sig, sk, sk_len, NULL, 0);
	if (ret == PQS_OK && !mu)
		ret = PQS_ERR_ARG;
	return ret == PQS_OK ? sign_mu_in(p, sig, mu, rnd, sk, tmp, tmp_len) : ret;
}

int pqs_mldsa_sign_mu(pqs_mldsa_set set, uint8_t *sig, const uint8_t mu[PQS_MLDSA_MU_BYTES], const uint8_t *rnd,
                      const uint8_t *sk, size_t sk_len)
{
	return pqs_mldsa_sign_mu_temp(set, sig, mu, rnd, sk, sk_len, NULL, 0);
}

int pqs_mldsa_verify_mu(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t mu[PQS_MLDSA_MU_BYTES],
                        const uint8_t *pk, size_t pk_len)
{
	const mldsa_params *p = NULL;
	int ret = pqs_mldsa_verify_args(set, &p, sig, sig_len, pk, pk_len, NULL, 0);
	if (ret == PQS_OK && !mu)
		ret = PQS_ERR_ARG;
	return ret == PQS_OK ? pqs_i_mldsa_verify_mu(p, sig, mu, pk) : ret;
}

int pqs_mldsa_compute_mu(pqs_mldsa_set set, uint8_t mu[PQS_MLDSA_MU_BYTES], const uint8_t *pk, size_t pk_len,
                         const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
	const mldsa_params *p = pqs_mldsa_params_get(set);
	uint8_t tr[MLDSA_TRBYTES];
	if (!p || !mu || !pk || (msg_len && !msg))
		return PQS_ERR_ARG;
	if (pk_len != p->pk_bytes)
		return PQS_ERR_KEY_LENGTH;
	pqs_mldsa_tr_from_pk(p, tr, pk);
	return pqs_mldsa_external_mu(mu, tr, 0, ctx, ctx_len, msg, msg_len);
}
