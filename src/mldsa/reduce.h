/*
 * Modular reduction mod q = 8380417 (FIPS 204 section 7.6 and Appendix A:
 * Montgomery multiplication).  All functions are branch-free and work on
 * signed representatives, so they are constant time on secret inputs.
 */
#ifndef PQSIG_MLDSA_REDUCE_H
#define PQSIG_MLDSA_REDUCE_H

#include <stdint.h>

#include "mldsa/params.h"

#define MLDSA_MONT 4193792   /* 2^32 mod q: the Montgomery factor R */
#define MLDSA_QINV 58728449  /* q^-1 mod 2^32 */

/*
 * Montgomery reduction (FIPS 204 Algorithm 49): for |a| <= 2^31 q returns
 * r == a * 2^-32 (mod q) with -q < r < q.  t is chosen so that a - t q is a
 * multiple of 2^32; the shift is then exact.
 */
static inline int32_t mldsa_montgomery_reduce(int64_t a)
{
	int32_t t = (int32_t)((uint32_t)a * (uint32_t)MLDSA_QINV);
	return (int32_t)((a - (int64_t)t * MLDSA_Q) >> 32);
}

/* Montgomery product a * b * 2^-32 mod q. */
static inline int32_t mldsa_fqmul(int32_t a, int32_t b)
{
	return mldsa_montgomery_reduce((int64_t)a * b);
}

/*
 * For a <= 2^31 - 2^22 - 1 returns r == a (mod q) with
 * -6283008 <= r <= 6283008: subtracts round(a / 2^23) q, since q ~ 2^23.
 */
static inline int32_t mldsa_reduce32(int32_t a)
{
	int32_t t = (a + (1 << 22)) >> 23;
	return a - t * MLDSA_Q;
}

/* Adds q if a is negative (branch-free: the sign bit becomes a mask). */
static inline int32_t mldsa_caddq(int32_t a)
{
	return a + ((a >> 31) & MLDSA_Q);
}

/* Standard representative in [0, q) of a reduce32-range value. */
static inline int32_t mldsa_freeze(int32_t a)
{
	return mldsa_caddq(mldsa_reduce32(a));
}

#endif
