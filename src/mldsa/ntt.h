/*
 * Number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 204 section 7.5,
 * Algorithms 41 and 42), in Montgomery form.
 */
#ifndef PQSIG_MLDSA_NTT_H
#define PQSIG_MLDSA_NTT_H

#include <stdint.h>

#include "mldsa/params.h"

/*
 * Forward NTT in place, bit-reversed output order (Algorithm 41).
 * Input |a[i]| < q; output |a[i]| < 9q.
 */
void mldsa_ntt(int32_t a[MLDSA_N]);

/*
 * Inverse NTT in place (Algorithm 42), also multiplying by the Montgomery
 * factor 2^32, which cancels the 2^-32 of one preceding pointwise
 * Montgomery product.  Input |a[i]| < q; output |a[i]| < q.
 */
void mldsa_invntt_tomont(int32_t a[MLDSA_N]);

#endif
