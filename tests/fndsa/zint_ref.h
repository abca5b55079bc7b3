/*
 * Independent reference of the scaled big-integer update of NTRUSolve's
 * Reduce (31-bit words, two's complement), for the tests that compare the
 * AVX2 and portable paths against it (test_keygen_avx2, test_keygen_reduce_avx2).
 */
#ifndef PQSIG_TESTS_FNDSA_ZINT_REF_H
#define PQSIG_TESTS_FNDSA_ZINT_REF_H

#include <stddef.h>
#include <stdint.h>

/* x + k*y*2^(31 sch + scl), truncated to xlen words, with the signed carry written out, y sign-extended. */
static inline void zint_ref_add_scaled(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen, int64_t k,
				       uint32_t sch, uint32_t scl)
{
	uint32_t ysign = (y[ylen - 1] >> 30) ? 0x7FFFFFFFu : 0, tw = 0;
	int64_t cc = 0;

	for (size_t u = sch; u < xlen; u++) {
		size_t v = u - sch;
		uint32_t wy = v < ylen ? y[v] : ysign;
		uint32_t wys = ((wy << scl) & 0x7FFFFFFFu) | tw;
		int64_t z = (int64_t)wys * k + (int64_t)x[u] + cc;

		tw = scl == 0 ? 0 : wy >> (31 - scl);
		x[u] = (uint32_t)z & 0x7FFFFFFFu;
		/* floor(z / 2^31) without relying on >> of a negative value */
		cc = z >= 0 ? z / 2147483648LL : -((-z + 2147483647LL) / 2147483648LL);
	}
}

#endif
