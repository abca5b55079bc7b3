/*
 * HAETAE v1.1.2 key generation (Algorithm 48, KeyGenInternal).
 *
 *   (rho, sigma, key) = SHAKE256(seed)          32 + 64 + 32 bytes
 *   A0 = ExpandMatA(rho) (K x M, NTT domain), a = ExpandVec_a(rho)
 *   repeat: (s1, s2) = ExpandS(sigma, counter); counter += M + K
 *     HAETAE-2/3: b = a + A0 s1 + s2 mod q, b = 2 b1 + b0, s2 -= b0
 *   until the squared singular value of (s1, s2) is <= GAMMA^2 N
 *     HAETAE-5: b stored as NTT(-2 (A0 s1 + s2))
 *   pk = (rho, b1 or NTT(-2b)), sk = (pk, s1, s2, key)
 *
 * The rejection decision is the only secret-derived value made public.
 */
#include <string.h>

#include "core/ct.h"
#include "haetae/inner.h"

int pqs_haetae_keygen_from_seed(pqs_haetae_set set, uint8_t *pk, uint8_t *sk,
                                const uint8_t seed[PQS_HAETAE_SEED_BYTES])
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	uint8_t seedbuf[2 * HAETAE_SEEDBYTES + HAETAE_CRHBYTES];
	haetae_poly a1[HAETAE_K_MAX][HAETAE_L_MAX], a[HAETAE_K_MAX];
	haetae_poly s1[HAETAE_M_MAX], s1hat[HAETAE_M_MAX], s2[HAETAE_K_MAX], b[HAETAE_K_MAX];
	haetae_poly *secrets[HAETAE_M_MAX + HAETAE_K_MAX];
	uint16_t nonces[HAETAE_M_MAX + HAETAE_K_MAX];
	uint16_t counter = 0;
	if (!p || !pk || !sk || !seed)
		return PQS_ERR_ARG;

	pqs_shake256(seedbuf, sizeof seedbuf, seed, HAETAE_SEEDBYTES);
	const uint8_t *rho = seedbuf, *sigma = seedbuf + HAETAE_SEEDBYTES,
	              *key = seedbuf + HAETAE_SEEDBYTES + HAETAE_CRHBYTES;
	/* rho is the public half of pk: A0 and a may be sampled from it in variable time. */
	PQS_CT_DECLASSIFY(seedbuf, HAETAE_SEEDBYTES);
	pqs_haetae_expand_a0(p, a1, a, rho); /* A0 = a1[i][1..M] */
	for (unsigned j = 0; j < p->m + p->k; j++)
		secrets[j] = j < p->m ? &s1[j] : &s2[j - p->m];

	for (;;) {
		/* ExpandS: s1 with nonces counter + j, s2 with counter + M + i */
		for (unsigned j = 0; j < p->m + p->k; j++)
			nonces[j] = (uint16_t)(counter + j);
		pqs_haetae_poly_uniform_eta_many(secrets, nonces, p->m + p->k, sigma);
		counter = (uint16_t)(counter + p->m + p->k);
		memcpy(s1hat, s1, sizeof s1);
		pqs_haetae_polyvec_ntt(s1hat, p->m);

		if (p->d) {
			for (unsigned i = 0; i < p->k; i++) {
				pqs_haetae_row_dot(&b[i], &a1[i][1], s1hat, p->m);
				pqs_haetae_invntt_tomont(b[i].coeffs);
				for (unsigned j = 0; j < HAETAE_N; j++) {
					int32_t v = pqs_haetae_freeze(b[i].coeffs[j] + s2[i].coeffs[j] + a[i].coeffs[j]);
					/* Round off D = 1 bit: v = 2 b1 + b0 with b0 in {-1, 0, 1}. */
					int32_t b0 = v & 1;
					b0 -= ((v >> 1) & b0) << 1;
					b[i].coeffs[j] = (v - b0) >> 1;
					s2[i].coeffs[j] -= b0;
				}
			}
		}
		uint64_t reject = (uint64_t)(p->gamma_sq_n - pqs_haetae_sk_singular_value(p, s1, s2)) >> 63;
		PQS_CT_DECLASSIFY(&reject, sizeof reject);
		if (!reject)
			break;
	}

	if (!p->d) {
		haetae_poly s2hat[HAETAE_K_MAX];
		memcpy(s2hat, s2, sizeof s2);
		pqs_haetae_polyvec_ntt(s2hat, p->k);
		for (unsigned i = 0; i < p->k; i++) {
			pqs_haetae_row_dot(&b[i], &a1[i][1], s1hat, p->m);
			for (unsigned j = 0; j < HAETAE_N; j++) {
				int32_t v = pqs_haetae_montgomery_reduce((int64_t)b[i].coeffs[j] * HAETAE_MONTSQ);
				v += s2hat[i].coeffs[j];
				v = pqs_haetae_montgomery_reduce((int64_t)v * HAETAE_MONT * -2);
				b[i].coeffs[j] = v + ((v >> 31) & HAETAE_Q);
			}
		}
		pqs_zeroize(s2hat, sizeof s2hat);
	}
	/* b1 of HAETAE-2/3 is public; PQS_CT_DECLASSIFY marks where it leaves the secret domain. */
	PQS_CT_DECLASSIFY(b, sizeof b);
	pqs_haetae_pack_pk(p, pk, b, rho);
	pqs_haetae_pack_sk(p, sk, pk, s1, s2, key);

	pqs_zeroize(seedbuf, sizeof seedbuf);
	pqs_zeroize(s1, sizeof s1);
	pqs_zeroize(s1hat, sizeof s1hat);
	pqs_zeroize(s2, sizeof s2);
	pqs_zeroize(b, sizeof b);
	return PQS_OK;
}
