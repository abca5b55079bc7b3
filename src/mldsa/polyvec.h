/*
 * Vectors of polynomials (length l or k, chosen by the parameter set at
 * run time) and the matrix A of FIPS 204 (ExpandA, Algorithm 32; the
 * product A * v of Algorithm 48 MatrixVectorNTT).
 */
#ifndef PQSIG_MLDSA_POLYVEC_H
#define PQSIG_MLDSA_POLYVEC_H

#include "mldsa/poly.h"

typedef struct {
	mldsa_poly vec[MLDSA_L_MAX];
} mldsa_polyvecl;

typedef struct {
	mldsa_poly vec[MLDSA_K_MAX];
} mldsa_polyveck;

/* Element-wise wrappers over n polynomials. */
void pqs_mldsa_polyvec_ntt(mldsa_poly *v, unsigned n);
void pqs_mldsa_polyvec_invntt_tomont(mldsa_poly *v, unsigned n);
void pqs_mldsa_polyvec_reduce(mldsa_poly *v, unsigned n);
void pqs_mldsa_polyvec_caddq(mldsa_poly *v, unsigned n);
void pqs_mldsa_polyvec_add(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b, unsigned n);
void pqs_mldsa_polyvec_sub(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b, unsigned n);
void pqs_mldsa_polyvec_shiftl(mldsa_poly *v, unsigned n);
/* r_i = a * v_i * 2^-32 (NTT domain). */
void pqs_mldsa_polyvec_pointwise_poly(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *v, unsigned n);
/* Returns 1 if some coefficient of some polynomial has |x| >= bound (constant time). */
unsigned pqs_mldsa_polyvec_chknorm(const mldsa_poly *v, unsigned n, int32_t bound);
void pqs_mldsa_polyvec_power2round(mldsa_poly *v1, mldsa_poly *v0, const mldsa_poly *v, unsigned n);
void pqs_mldsa_polyvec_decompose(mldsa_poly *v1, mldsa_poly *v0, const mldsa_poly *v, unsigned n, int32_t gamma2);
unsigned pqs_mldsa_polyvec_make_hint(mldsa_poly *h, const mldsa_poly *v0, const mldsa_poly *v1, unsigned n,
				     int32_t gamma2);
void pqs_mldsa_polyvec_use_hint(mldsa_poly *w, const mldsa_poly *v, const mldsa_poly *h, unsigned n, int32_t gamma2);

/* ExpandA (Algorithm 32): a[i * l + j] = A[i][j] = RejNTTPoly(rho || j || i), k x l row-major. */
void pqs_mldsa_polymat_expand(mldsa_poly *a, const uint8_t rho[MLDSA_SEEDBYTES], unsigned k, unsigned l);

/* w = sum_j row_j * v_j (pointwise, Montgomery), then reduce32: one row of Algorithm 48. */
void pqs_mldsa_polyvec_dot(mldsa_poly *w, const mldsa_poly *row, const mldsa_poly *v, unsigned l);

/*
 * w = A_hat * v (Algorithm 48, reduce32 at the end) with A generated four
 * entries at a time and never stored whole: KeyGen and Verify need each
 * A[i][j] once.  w has k polynomials, v has l.
 */
void pqs_mldsa_polymat_mul(mldsa_poly *w, const uint8_t rho[MLDSA_SEEDBYTES], const mldsa_poly *v, unsigned k,
			   unsigned l);

/* ExpandS (Algorithm 33): s1 (l polynomials) and s2 (k). */
void pqs_mldsa_expand_s(mldsa_poly *s1, mldsa_poly *s2, const uint8_t rhop[MLDSA_CRHBYTES], unsigned k, unsigned l,
			unsigned eta);

/* ExpandMask (Algorithm 34): y (l polynomials) from rho'' and kappa. */
void pqs_mldsa_expand_mask(mldsa_poly *y, const uint8_t rhopp[MLDSA_CRHBYTES], uint16_t kappa, unsigned l,
			   int32_t gamma1);

#endif
