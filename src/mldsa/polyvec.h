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
 * The same for row i of A generated on the fly (no k x l matrix in memory):
 * used by KeyGen and Verify, which need each A[i][j] once.
 */
void pqs_mldsa_polymat_row_dot(mldsa_poly *w, const uint8_t rho[MLDSA_SEEDBYTES], unsigned i, const mldsa_poly *v,
			       unsigned l);

#endif
