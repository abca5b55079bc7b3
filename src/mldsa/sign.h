/*
 * ML-DSA internal algorithms (FIPS 204 section 6) shared by the public
 * entry points (sign.c, prehash.c) and the registry classes (class.c).
 * Lengths are checked by the callers; these work on exact-size buffers.
 */
#ifndef PQSIG_MLDSA_SIGN_H
#define PQSIG_MLDSA_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/params.h"
#include "mldsa/poly.h"
#include "pqsig/mldsa.h"

/* Algorithm 6 (KeyGen_internal). Returns PQS_OK. */
int pqs_i_mldsa_keygen_internal(const mldsa_params *p, uint8_t *pk, uint8_t *sk, const uint8_t xi[MLDSA_SEEDBYTES]);

/*
 * Algorithm 7 from step 7 (mu given).  rnd may be NULL (deterministic).
 * Returns PQS_OK, PQS_ERR_KEY_ENCODING for an out-of-range s1/s2.
 * Its workspace is a stack array sized for p's parameter set.
 */
int pqs_i_mldsa_sign_mu(const mldsa_params *p, uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES], const uint8_t *rnd,
			const uint8_t *sk);

/* Polynomials of the signing workspace for a k x l set (pqsig/mldsa.h formula). */
#define MLDSA_SIGN_WS_POLYS(k, l) PQS_MLDSA_SIGN_TEMP_POLYS(k, l)

/*
 * The same on a caller's workspace of MLDSA_SIGN_WS_POLYS(p->k, p->l)
 * polynomials, wiped before returning.
 */
int pqs_mldsa_sign_mu_ws(const mldsa_params *p, uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES], const uint8_t *rnd,
			 const uint8_t *sk, mldsa_poly *workspace);

/* Algorithm 8 from step 8 (mu given): PQS_OK, PQS_ERR_SIG_ENCODING or PQS_ERR_INVALID_SIGNATURE. */
int pqs_i_mldsa_verify_mu(const mldsa_params *p, const uint8_t *sig, const uint8_t mu[MLDSA_CRHBYTES],
			  const uint8_t *pk);

/*
 * Prepared public key (layout of PQS_MLDSA_PREPARED_BYTES): A_hat row-major,
 * then NTT(t1 2^d), then tr.  pqs_mldsa_prepare fills it from pk; the verify
 * takes the whole ML-DSA.Verify (Algorithm 3) with it and gives the
 * verdict pqs_mldsa_verify gives with pk.
 */
void pqs_mldsa_prepare(const mldsa_params *p, void *prepared, const uint8_t *pk);
int pqs_mldsa_verify_prepared(pqs_mldsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
			      const uint8_t *ctx, size_t ctx_len, const void *prepared);

/* tr = H(pk, 64) (Algorithm 6 step 8, Algorithm 8 step 6). */
void pqs_mldsa_tr_from_pk(const mldsa_params *p, uint8_t tr[MLDSA_TRBYTES], const uint8_t *pk);

/*
 * mu = H(tr || head || ctx || body, 64) (Algorithm 7 step 6 with M' of
 * Algorithms 2/4 absorbed piecewise: head is the 2-byte domain/length
 * prefix, or empty for Sign_internal).  Any pointer may be NULL with length 0.
 */
void pqs_mldsa_mu(uint8_t mu[MLDSA_CRHBYTES], const uint8_t tr[MLDSA_TRBYTES], const uint8_t *head, size_t head_len,
		  const uint8_t *ctx, size_t ctx_len, const uint8_t *body, size_t body_len);

/*
 * Argument checks of the signing / verification entry points: NULLs and
 * unknown sets (PQS_ERR_ARG), key and signature lengths.  On PQS_OK, *pp
 * is the set's parameter block.
 */
int pqs_mldsa_sign_args(pqs_mldsa_set set, const mldsa_params **pp, const uint8_t *sig, const uint8_t *sk,
			size_t sk_len, const uint8_t *msg, size_t msg_len);
int pqs_mldsa_verify_args(pqs_mldsa_set set, const mldsa_params **pp, const uint8_t *sig, size_t sig_len,
			  const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len);

/*
 * mu of the external interfaces (Algorithms 2-5): checks the context (at
 * most 255 bytes: PQS_ERR_CTX_TOO_LONG) and hashes
 * M' = domain || len(ctx) || ctx || body, domain 0 for ML-DSA (body = M)
 * and 1 for HashML-DSA (body = OID || PH(M)).
 */
int pqs_mldsa_external_mu(uint8_t mu[MLDSA_CRHBYTES], const uint8_t tr[MLDSA_TRBYTES], uint8_t domain,
			  const uint8_t *ctx, size_t ctx_len, const uint8_t *body, size_t body_len);

#endif
