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

/* Algorithm 32 step 4: A[i][j] = RejNTTPoly(rho || j || i), the nonce bytes (s, r) = (column, row). */
static uint16_t expand_a_nonce(unsigned entry, unsigned l)
{
	return (uint16_t)(((entry / l) << 8) | (entry % l));
}

void pqs_mldsa_polymat_expand(mldsa_poly *a, const uint8_t rho[MLDSA_SEEDBYTES], unsigned k, unsigned l)
{
	/* Four entries per four-way SHAKE128, in row-major order across rows. */
	for (unsigned e = 0; e < k * l; e += 4) {
		mldsa_poly *batch[4] = { NULL, NULL, NULL, NULL };
		uint16_t nonce[4] = { 0, 0, 0, 0 };
		for (unsigned j = 0; j < 4 && e + j < k * l; j++) {
			batch[j] = &a[e + j];
			nonce[j] = expand_a_nonce(e + j, l);
		}
		pqs_mldsa_poly_uniform_x4(batch, rho, nonce);
	}
}

void pqs_mldsa_polyvec_dot(mldsa_poly *w, const mldsa_poly *row, const mldsa_poly *v, unsigned l)
{
	/* l <= 7 Montgomery products, each |.| < q: the sum stays below 2^31 before reduce32. */
	pqs_mldsa_poly_pointwise_montgomery(w, &row[0], &v[0]);
	for (unsigned j = 1; j < l; j++)
		pqs_mldsa_poly_pointwise_acc(w, &row[j], &v[j]);
	pqs_mldsa_poly_reduce(w);
}

void pqs_mldsa_polymat_mul(mldsa_poly *w, const uint8_t rho[MLDSA_SEEDBYTES], const mldsa_poly *v, unsigned k,
			   unsigned l)
{
	/* Four entries of A at a time, each added into its row's sum (l <= 7 terms: below 2^31, as polyvec_dot). */
	mldsa_poly entries[4];
	for (unsigned e = 0; e < k * l; e += 4) {
		mldsa_poly *batch[4] = { NULL, NULL, NULL, NULL };
		uint16_t nonce[4] = { 0, 0, 0, 0 };
		for (unsigned j = 0; j < 4 && e + j < k * l; j++) {
			batch[j] = &entries[j];
			nonce[j] = expand_a_nonce(e + j, l);
		}
		pqs_mldsa_poly_uniform_x4(batch, rho, nonce);
		for (unsigned j = 0; j < 4 && e + j < k * l; j++) {
			const unsigned row = (e + j) / l, col = (e + j) % l;
			if (col == 0)
				pqs_mldsa_poly_pointwise_montgomery(&w[row], &entries[j], &v[0]);
			else
				pqs_mldsa_poly_pointwise_acc(&w[row], &entries[j], &v[col]);
		}
	}
	pqs_mldsa_polyvec_reduce(w, k);
}

void pqs_mldsa_expand_s(mldsa_poly *s1, mldsa_poly *s2, const uint8_t rhop[MLDSA_CRHBYTES], unsigned k, unsigned l,
			unsigned eta)
{
	/* Algorithm 33: s1[r] with nonce r, s2[r] with nonce l + r; four per four-way SHAKE256. */
	for (unsigned e = 0; e < k + l; e += 4) {
		mldsa_poly *batch[4] = { NULL, NULL, NULL, NULL };
		uint16_t nonce[4] = { 0, 0, 0, 0 };
		for (unsigned j = 0; j < 4 && e + j < k + l; j++) {
			batch[j] = e + j < l ? &s1[e + j] : &s2[e + j - l];
			nonce[j] = (uint16_t)(e + j);
		}
		pqs_mldsa_poly_uniform_eta_x4(batch, rhop, nonce, eta);
	}
}

void pqs_mldsa_expand_mask(mldsa_poly *y, const uint8_t rhopp[MLDSA_CRHBYTES], uint16_t kappa, unsigned l,
			   int32_t gamma1)
{
	/* Algorithm 34: y[r] from nonce kappa + r. */
	for (unsigned e = 0; e < l; e += 4) {
		mldsa_poly *batch[4] = { NULL, NULL, NULL, NULL };
		uint16_t nonce[4] = { 0, 0, 0, 0 };
		for (unsigned j = 0; j < 4 && e + j < l; j++) {
			batch[j] = &y[e + j];
			nonce[j] = (uint16_t)(kappa + e + j);
		}
		pqs_mldsa_poly_uniform_gamma1_x4(batch, rhopp, nonce, gamma1);
	}
}
