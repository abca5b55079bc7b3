/*
 * Vectors of polynomials and the public matrix A (FIPS 204 sections 7.3
 * and 7.6).
 */
#include "mldsa/polyvec.h"

void pqs_mldsa_polyvec_ntt(mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_ntt(&v[i]);
}

void pqs_mldsa_polyvec_invntt_tomont(mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_invntt_tomont(&v[i]);
}

void pqs_mldsa_polyvec_reduce(mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_reduce(&v[i]);
}

void pqs_mldsa_polyvec_caddq(mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_caddq(&v[i]);
}

void pqs_mldsa_polyvec_add(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_add(&r[i], &a[i], &b[i]);
}

void pqs_mldsa_polyvec_sub(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_sub(&r[i], &a[i], &b[i]);
}

void pqs_mldsa_polyvec_shiftl(mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_shiftl(&v[i]);
}

void pqs_mldsa_polyvec_pointwise_poly(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_pointwise_montgomery(&r[i], a, &v[i]);
}

unsigned pqs_mldsa_polyvec_chknorm(const mldsa_poly *v, unsigned n, int32_t bound)
{
	unsigned bad = 0;
	for (unsigned i = 0; i < n; i++)
		bad |= pqs_mldsa_poly_chknorm(&v[i], bound);
	return bad;
}

void pqs_mldsa_polyvec_power2round(mldsa_poly *v1, mldsa_poly *v0, const mldsa_poly *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_power2round(&v1[i], &v0[i], &v[i]);
}

void pqs_mldsa_polyvec_decompose(mldsa_poly *v1, mldsa_poly *v0, const mldsa_poly *v, unsigned n, int32_t gamma2)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_decompose(&v1[i], &v0[i], &v[i], gamma2);
}

unsigned pqs_mldsa_polyvec_make_hint(mldsa_poly *h, const mldsa_poly *v0, const mldsa_poly *v1, unsigned n,
				     int32_t gamma2)
{
	unsigned s = 0;
	for (unsigned i = 0; i < n; i++)
		s += pqs_mldsa_poly_make_hint(&h[i], &v0[i], &v1[i], gamma2);
	return s;
}

void pqs_mldsa_polyvec_use_hint(mldsa_poly *w, const mldsa_poly *v, const mldsa_poly *h, unsigned n, int32_t gamma2)
{
	for (unsigned i = 0; i < n; i++)
		pqs_mldsa_poly_use_hint(&w[i], &v[i], &h[i], gamma2);
}

void pqs_mldsa_polymat_expand(mldsa_poly *a, const uint8_t rho[MLDSA_SEEDBYTES], unsigned k, unsigned l)
{
	/* Algorithm 32 step 4: the nonce bytes are (s, r) = (column, row). */
	for (unsigned i = 0; i < k; i++)
		for (unsigned j = 0; j < l; j++)
			pqs_mldsa_poly_uniform(&a[i * l + j], rho, (uint16_t)((i << 8) | j));
}

void pqs_mldsa_polyvec_dot(mldsa_poly *w, const mldsa_poly *row, const mldsa_poly *v, unsigned l)
{
	/* l <= 7 Montgomery products, each |.| < q: the sum stays below 2^31 before reduce32. */
	pqs_mldsa_poly_pointwise_montgomery(w, &row[0], &v[0]);
	for (unsigned j = 1; j < l; j++)
		pqs_mldsa_poly_pointwise_acc(w, &row[j], &v[j]);
	pqs_mldsa_poly_reduce(w);
}

void pqs_mldsa_polymat_row_dot(mldsa_poly *w, const uint8_t rho[MLDSA_SEEDBYTES], unsigned i, const mldsa_poly *v,
			       unsigned l)
{
	mldsa_poly aij;
	pqs_mldsa_poly_uniform(&aij, rho, (uint16_t)(i << 8));
	pqs_mldsa_poly_pointwise_montgomery(w, &aij, &v[0]);
	for (unsigned j = 1; j < l; j++) {
		pqs_mldsa_poly_uniform(&aij, rho, (uint16_t)((i << 8) | j));
		pqs_mldsa_poly_pointwise_acc(w, &aij, &v[j]);
	}
	pqs_mldsa_poly_reduce(w);
}
