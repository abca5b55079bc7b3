/*
 * Rounding (FIPS 204 section 7.4, Algorithms 35-40): Power2Round,
 * Decompose, HighBits/LowBits, MakeHint, UseHint.  All are branch-free
 * except UseHint, which only ever sees public values (verification).
 */
#ifndef PQSIG_MLDSA_ROUNDING_H
#define PQSIG_MLDSA_ROUNDING_H

#include <stdint.h>

#include "mldsa/params.h"

/* Algorithm 35: a (in [0, q)) = a1 2^13 + a0 with -2^12 < a0 <= 2^12; returns a1, writes a0. */
int32_t mldsa_power2round(int32_t *a0, int32_t a);

/*
 * Algorithm 36: a (in [0, q)) = a1 (2 gamma2) + a0 with -gamma2 < a0 <= gamma2,
 * except a1 = 0, a0 = a - q in the corner case a - a0 = q - 1; returns a1.
 */
int32_t mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2);

/*
 * Algorithm 39 in the form of FIPS 204 section 6.2's note (as used in
 * Algorithm 7): given the low part a0 = LowBits(w - cs2) + ct0 -- i.e.
 * w - cs2 + ct0 minus its high bits a1 -- returns 1 iff adding ct0 changed
 * the high bits, i.e. a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 with a1 != 0.
 */
int32_t mldsa_make_hint(int32_t a0, int32_t a1, int32_t gamma2);

/* Algorithm 40: corrected high bits of a (in [0, q)) given hint bit h. */
int32_t mldsa_use_hint(int32_t a, int32_t h, int32_t gamma2);

#endif
