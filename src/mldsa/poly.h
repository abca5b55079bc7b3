/*
 * Polynomials in R_q = Z_q[X]/(X^256 + 1): arithmetic, sampling (FIPS 204
 * section 7.3) and coefficient bit packing (section 7.1).
 */
#ifndef PQSIG_MLDSA_POLY_H
#define PQSIG_MLDSA_POLY_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/params.h"

typedef struct {
	int32_t coeffs[MLDSA_N];
} mldsa_poly;

/* Arithmetic (coefficient-wise, no modular reduction unless named). */
void pqs_mldsa_poly_reduce(mldsa_poly *a); /* reduce32 each coefficient */
void pqs_mldsa_poly_caddq(mldsa_poly *a);  /* add q to negative coefficients */
void pqs_mldsa_poly_add(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b);
void pqs_mldsa_poly_sub(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b);
void pqs_mldsa_poly_shiftl(mldsa_poly *a); /* multiply by 2^d (FIPS 204 Algorithm 8 step 9) */
void pqs_mldsa_poly_ntt(mldsa_poly *a);
void pqs_mldsa_poly_invntt_tomont(mldsa_poly *a);
/* r = a * b * 2^-32 coefficient-wise in the NTT domain (Algorithm 45, MultiplyNTT). */
void pqs_mldsa_poly_pointwise_montgomery(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b);
/* r += a * b * 2^-32 coefficient-wise. */
void pqs_mldsa_poly_pointwise_acc(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b);

/*
 * Infinity-norm check, constant time: returns 1 if some |a_i| >= bound
 * (a_i in reduce32 range, bound <= (q-1)/8), else 0.  No early exit.
 */
unsigned pqs_mldsa_poly_chknorm(const mldsa_poly *a, int32_t bound);

/* Rounding over a polynomial (Algorithms 35, 36, 39, 40). */
void pqs_mldsa_poly_power2round(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a);
void pqs_mldsa_poly_decompose(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2);
/* h_i = MakeHint; returns the number of 1s. */
unsigned pqs_mldsa_poly_make_hint(mldsa_poly *h, const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2);
void pqs_mldsa_poly_use_hint(mldsa_poly *b, const mldsa_poly *a, const mldsa_poly *h, int32_t gamma2);

/* Algorithm 30 RejNTTPoly: uniform polynomial (NTT domain) from rho || nonce (2 bytes LE). */
void pqs_mldsa_poly_uniform(mldsa_poly *a, const uint8_t rho[MLDSA_SEEDBYTES], uint16_t nonce);
/* Algorithm 31 RejBoundedPoly: coefficients in [-eta, eta] from rho' (64 B) || nonce. */
void pqs_mldsa_poly_uniform_eta(mldsa_poly *a, const uint8_t rhop[MLDSA_CRHBYTES], uint16_t nonce, unsigned eta);
/* Algorithm 34 (one entry): coefficients in (-gamma1, gamma1] from rho'' (64 B) || nonce. */
void pqs_mldsa_poly_uniform_gamma1(mldsa_poly *a, const uint8_t rhopp[MLDSA_CRHBYTES], uint16_t nonce, int32_t gamma1);
/*
 * The three samplers above for four polynomials at once (a[j] with
 * nonce[j]; a NULL a[j] is skipped), on the four-way SHAKE when AVX2 is in
 * use: the same polynomials as four single calls.
 */
void pqs_mldsa_poly_uniform_x4(mldsa_poly *const a[4], const uint8_t rho[MLDSA_SEEDBYTES], const uint16_t nonce[4]);
void pqs_mldsa_poly_uniform_eta_x4(mldsa_poly *const a[4], const uint8_t rhop[MLDSA_CRHBYTES], const uint16_t nonce[4],
				   unsigned eta);
void pqs_mldsa_poly_uniform_gamma1_x4(mldsa_poly *const a[4], const uint8_t rhopp[MLDSA_CRHBYTES],
				      const uint16_t nonce[4], int32_t gamma1);
/*
 * The rejection steps of the samplers: the accepted candidates of buf, in
 * order, into a[0..ctr) until ctr = len or buf runs out; returns ctr.
 * Uniform mod q from 3-byte candidates (Algorithm 30 with 14), or in
 * [-eta, eta] from nibbles (Algorithm 31 with 15).  a[ctr..len) may be
 * overwritten; nothing past a[len - 1] is.
 */
unsigned pqs_mldsa_rej_uniform(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen);
unsigned pqs_mldsa_rej_eta(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen, unsigned eta);
/* Algorithm 29 SampleInBall: tau coefficients +-1 from the commitment hash c~. */
void pqs_mldsa_poly_challenge(mldsa_poly *c, const uint8_t *ctilde, size_t ctilde_len, unsigned tau);

/* Bit packing (Algorithms 16-19 and their uses in 22-28). */
void pqs_mldsa_polyeta_pack(uint8_t *r, const mldsa_poly *a, unsigned eta);
/* Returns 1 if some packed value exceeds 2 eta (not a valid skEncode output), else 0. */
unsigned pqs_mldsa_polyeta_unpack(mldsa_poly *a, const uint8_t *r, unsigned eta);
void pqs_mldsa_polyt1_pack(uint8_t r[MLDSA_POLYT1_BYTES], const mldsa_poly *a);
void pqs_mldsa_polyt1_unpack(mldsa_poly *a, const uint8_t r[MLDSA_POLYT1_BYTES]);
void pqs_mldsa_polyt0_pack(uint8_t r[MLDSA_POLYT0_BYTES], const mldsa_poly *a);
void pqs_mldsa_polyt0_unpack(mldsa_poly *a, const uint8_t r[MLDSA_POLYT0_BYTES]);
void pqs_mldsa_polyz_pack(uint8_t *r, const mldsa_poly *a, int32_t gamma1);
void pqs_mldsa_polyz_unpack(mldsa_poly *a, const uint8_t *r, int32_t gamma1);
void pqs_mldsa_polyw1_pack(uint8_t *r, const mldsa_poly *a, int32_t gamma2);

#endif
