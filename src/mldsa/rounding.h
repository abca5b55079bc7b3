/*
 * Rounding (FIPS 204 section 7.4, Algorithms 35-40): Power2Round,
 * Decompose, HighBits/LowBits, MakeHint, UseHint.  All are branch-free
 * except UseHint, which only ever sees public values (verification).
 */
#ifndef PQSIG_MLDSA_ROUNDING_H
#define PQSIG_MLDSA_ROUNDING_H

#include <stdint.h>

#include "mldsa/params.h"

/*
 * All are inline: they run once per
 * coefficient in loops that the compiler can then unroll and vectorize.
 */

/* All-ones if x < 0, else 0 (x must not overflow). */
static inline int32_t mldsa_neg_mask(int32_t x)
{
	return x >> 31;
}

/* Algorithm 35: a (in [0, q)) = a1 2^13 + a0 with -2^12 < a0 <= 2^12; returns a1, writes a0. */
static inline int32_t mldsa_power2round(int32_t *a0, int32_t a)
{
	/* Algorithm 35, steps 2-3: a1 = ceil-ish (a + 2^12 - 1) / 2^13 gives the centred remainder. */
	const int32_t a1 = (a + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;
	*a0 = a - (a1 << MLDSA_D);
	return a1;
}

/*
 * Algorithm 36: a (in [0, q)) = a1 (2 gamma2) + a0 with -gamma2 < a0 <= gamma2,
 * except a1 = 0, a0 = a - q in the corner case a - a0 = q - 1; returns a1.
 */
static inline int32_t mldsa_decompose(int32_t *a0, int32_t a, int32_t gamma2)
{
	/*
	 * Algorithm 36 without division: a1 = round(a / (2 gamma2)) computed as
	 * a fixed-point multiply.  First a1 = ceil(a / 128), then multiply by a
	 * precomputed 2^k / (2 gamma2 / 128) approximation: 1025 / 2^22 for
	 * 2 gamma2 = (q-1)/16, 11275 / 2^24 for (q-1)/44 (exact for a < q).
	 */
	int32_t a1 = (a + 127) >> 7;
	if (gamma2 == (MLDSA_Q - 1) / 32) {
		a1 = (a1 * 1025 + (1 << 21)) >> 22;
		a1 &= 15; /* step 4: a1 = 16 (the corner a > q - gamma2) wraps to 0 */
	} else {
		a1 = (a1 * 11275 + (1 << 23)) >> 24;
		a1 ^= mldsa_neg_mask(43 - a1) & a1; /* a1 = 44 wraps to 0 */
	}
	int32_t r0 = a - a1 * 2 * gamma2;
	/* Step 4: if a - r0 = q - 1, the low part is a - q (r0 -= q when r0 > (q-1)/2). */
	r0 -= mldsa_neg_mask((MLDSA_Q - 1) / 2 - r0) & MLDSA_Q;
	*a0 = r0;
	return a1;
}

/*
 * Algorithm 39 in the form of FIPS 204 section 6.2's note (as used in
 * Algorithm 7): given the low part a0 = LowBits(w - cs2) + ct0 -- i.e.
 * w - cs2 + ct0 minus its high bits a1 -- returns 1 iff adding ct0 changed
 * the high bits, i.e. a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 with a1 != 0.
 */
static inline int32_t mldsa_make_hint(int32_t a0, int32_t a1, int32_t gamma2)
{
	/* 1 iff a0 > gamma2 | a0 < -gamma2 | (a0 == -gamma2 & a1 != 0), as masks. */
	const int32_t gt = mldsa_neg_mask(gamma2 - a0);        /* a0 > gamma2 */
	const int32_t lt = mldsa_neg_mask(a0 + gamma2);        /* a0 < -gamma2 */
	const int32_t d = a0 + gamma2;                   /* 0 iff a0 == -gamma2 */
	const int32_t eq = ~mldsa_neg_mask(d) & ~mldsa_neg_mask(-d); /* d == 0 */
	const int32_t nz = mldsa_neg_mask(-a1);                /* a1 > 0 (a1 >= 0 here) */
	return (gt | lt | (eq & nz)) & 1;
}

/*
 * Algorithm 40: corrected high bits of a (in [0, q)) given hint bit h.
 * Verification only (public inputs), so plain branches are fine.
 */
static inline int32_t mldsa_use_hint(int32_t a, int32_t h, int32_t gamma2)
{
	int32_t a0;
	const int32_t a1 = mldsa_decompose(&a0, a, gamma2);
	if (h == 0)
		return a1;
	/* Algorithm 40, steps 3-4: move to the neighbouring high value, modulo m = (q-1)/(2 gamma2). */
	if (gamma2 == (MLDSA_Q - 1) / 32) {
		if (a0 > 0)
			return (a1 + 1) & 15;
		return (a1 - 1) & 15;
	}
	if (a0 > 0)
		return (a1 == 43) ? 0 : a1 + 1;
	return (a1 == 0) ? 43 : a1 - 1;
}

#endif
