/*
 * Polynomial-vector operations shared by keygen, signing and verification
 * (HAETAE v1.1.2 reference poly.c / polyvec.c / polymat.c / decompose.c).
 */
#include "haetae/inner.h"

void pqs_haetae_polyvec_ntt(haetae_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_haetae_ntt(v[i].coeffs);
}

void pqs_haetae_polyvec_invntt(haetae_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_haetae_invntt_tomont(v[i].coeffs);
}

void pqs_haetae_poly_pointwise(haetae_poly *c, const haetae_poly *a, const haetae_poly *b)
{
	pqs_haetae_pointwise(c->coeffs, a->coeffs, b->coeffs, 0);
}

/* t = row . v in the NTT domain (accumulated without reduction, as the reference). */
void pqs_haetae_row_dot(haetae_poly *t, const haetae_poly *row, const haetae_poly *v, unsigned n)
{
	pqs_haetae_pointwise(t->coeffs, row[0].coeffs, v[0].coeffs, 0);
	for (unsigned i = 1; i < n; i++)
		pqs_haetae_pointwise(t->coeffs, row[i].coeffs, v[i].coeffs, 1);
}

/*
 * Algorithms 4-5 (ExpandMatA, ExpandVec_a): A0 into a1[i][1..M] and, for
 * HAETAE-2/3, the vector a, all from rho with nonces (i << 8) + j and
 * (K << 8) + M + i, sampled as independent streams.
 */
void pqs_haetae_expand_a0(const pqs_haetae_params *p, haetae_poly a1[][HAETAE_L_MAX], haetae_poly *a,
			  const uint8_t rho[HAETAE_SEEDBYTES])
{
	haetae_poly *polys[HAETAE_K_MAX * HAETAE_L_MAX];
	uint16_t nonces[HAETAE_K_MAX * HAETAE_L_MAX];
	unsigned n = 0;
	for (unsigned i = 0; i < p->k; i++) {
		for (unsigned j = 0; j < p->m; j++) {
			polys[n] = &a1[i][j + 1];
			nonces[n++] = (uint16_t)((i << 8) + j);
		}
		if (p->d) {
			polys[n] = &a[i];
			nonces[n++] = (uint16_t)((p->k << 8) + p->m + i);
		}
	}
	pqs_haetae_poly_uniform_many(polys, nonces, n, rho);
}

/*
 * Algorithm 22 (UnpackVK): the verification matrix A1 = (first column ||
 * 2 * A0), rows of L NTT-domain polynomials.  First column: NTT(2 (a - 2 b1))
 * for HAETAE-2/3, NTT(-2b) as stored for HAETAE-5.  A0 and a are sampled in
 * the NTT domain.
 */
void pqs_haetae_expand_a1(const pqs_haetae_params *p, haetae_poly a1[][HAETAE_L_MAX], const haetae_poly *b,
                          const uint8_t rho[HAETAE_SEEDBYTES])
{
	haetae_poly a[HAETAE_K_MAX];
	pqs_haetae_expand_a0(p, a1, a, rho);
	for (unsigned i = 0; i < p->k; i++) {
		for (unsigned j = 1; j < p->l; j++)
			for (unsigned c = 0; c < HAETAE_N; c++)
				a1[i][j].coeffs[c] *= 2;
		a1[i][0] = b[i];
		if (p->d) {
			for (unsigned c = 0; c < HAETAE_N; c++)
				a1[i][0].coeffs[c] = 2 * (a[i].coeffs[c] - 2 * b[i].coeffs[c]);
			pqs_haetae_ntt(a1[i][0].coeffs);
		}
	}
}

/* Algorithm "DecomposeHint": HighBits of r in [0, 2q) for ALPHA_HINT, the top value wrapped to 0. */
int32_t pqs_haetae_highbits_hint(const pqs_haetae_params *p, int32_t r)
{
	const int32_t top = (HAETAE_DQ - 2) / p->alpha_hint;
	int32_t hb = (r + (p->alpha_hint >> 1)) >> p->log_alpha_hint;
	int32_t edge = (top - (hb + 1)) >> 31; /* -1 iff hb == top */
	return hb - (top & edge);
}

/* DecomposeZ1: r = hb * 256 + lb with lb in [-128, 128). */
void pqs_haetae_decompose_z1(int32_t *hb, int32_t *lb, int32_t r)
{
	int32_t low = r & 255;
	int32_t high_half = (128 - (low + 1)) >> 31; /* -1 iff low >= 128 */
	*lb = low - (256 & high_half);
	*hb = (r + 128) >> 8;
}

/*
 * CRT lift of A y mod q to mod 2q: coefficient 0 of the vector gets the
 * parity of lsb (the q*j column), the others are even; then freeze to [0, 2q).
 */
void pqs_haetae_lift_2q(const pqs_haetae_params *p, haetae_poly *w, const haetae_poly *lsb)
{
	for (unsigned i = 0; i < p->k; i++)
		for (unsigned j = 0; j < HAETAE_N; j++) {
			int32_t xq = w[i].coeffs[j];
			int32_t parity = i == 0 ? lsb->coeffs[j] : 0;
			xq += HAETAE_Q & -((xq ^ parity) & 1);
			w[i].coeffs[j] = pqs_haetae_freeze2q(xq);
		}
}

/* Squared norm of polys polynomials of fixed-point (or integer) coefficients. */
uint64_t pqs_haetae_sqnorm(const int32_t v[][HAETAE_N], unsigned polys)
{
	uint64_t s = 0;
	for (unsigned i = 0; i < polys; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			s += (uint64_t)((int64_t)v[i][j] * v[i][j]);
	return s;
}

/* mu = SHAKE256(pk || ctx_len || ctx || msg) (Algorithms 46-47: pre = ctx_len || ctx). */
void pqs_haetae_hash_message(uint8_t *mu, size_t mu_len, const uint8_t *pk, size_t pk_len, const uint8_t *ctx,
                             size_t ctx_len, const uint8_t *msg, size_t msg_len)
{
	pqs_keccak xof;
	uint8_t pre = (uint8_t)ctx_len;
	pqs_shake256_init(&xof);
	pqs_keccak_absorb(&xof, pk, pk_len);
	pqs_keccak_absorb(&xof, &pre, 1);
	if (ctx_len)
		pqs_keccak_absorb(&xof, ctx, ctx_len);
	if (msg_len)
		pqs_keccak_absorb(&xof, msg, msg_len);
	pqs_keccak_squeeze(&xof, mu, mu_len);
	pqs_keccak_clear(&xof);
}
