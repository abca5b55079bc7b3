/*
 * Falcon verification (spec v1.2 section 3.10, Alg. 16) and the norm
 * bound shared with signing.
 */
#include "inner.h"

/* floor(beta^2) per logn (spec Table 3.3; logn 1..8 as in the reference). */
const uint32_t pqs_fndsa_l2bound[11] = { 0,       101498,  208714,   428865,   892039,  1852696,
					 3842630, 7959734, 16468416, 34034726, 70265242 };

int pqs_fndsa_is_short(const int16_t *s1, const int16_t *s2, unsigned logn)
{
	/* Sum of squares; any overflow past 2^31 (ng's top bit) saturates
	 * the sum, which then fails the bound. */
	size_t n = (size_t)1 << logn;
	uint32_t s = 0, ng = 0;
	for (size_t u = 0; u < n; u++) {
		int32_t z = s1[u];
		s += (uint32_t)(z * z);
		ng |= s;
		z = s2[u];
		s += (uint32_t)(z * z);
		ng |= s;
	}
	s |= -(ng >> 31);
	return s <= pqs_fndsa_l2bound[logn];
}

int pqs_fndsa_is_short_half(uint32_t sqn, const int16_t *s2, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	uint32_t ng = -(sqn >> 31);
	for (size_t u = 0; u < n; u++) {
		int32_t z = s2[u];
		sqn += (uint32_t)(z * z);
		ng |= sqn;
	}
	sqn |= -(ng >> 31);
	return sqn <= pqs_fndsa_l2bound[logn];
}

int pqs_fndsa_verify_raw(const uint16_t *c0, const int16_t *s2, const uint16_t *h_ntt, unsigned logn, uint16_t *tmp)
{
	return pqs_fndsa_verify_raw_linf(c0, s2, h_ntt, logn, tmp, 0);
}

int
pqs_fndsa_verify_raw_linf(const uint16_t *c0, const int16_t *s2,
	const uint16_t *h_ntt, unsigned logn, uint16_t *tmp, uint32_t linf)
{
	/* Alg. 16 steps 2-3: s1 = c - s2 h mod q, centred; accept iff
	 * ||(s1, s2)||^2 <= floor(beta^2).  -s1 is computed (same norm). */
	size_t n = (size_t)1 << logn;
	int16_t *ts = (int16_t *)tmp;
	int over = 0;

	for (size_t u = 0; u < n; u++) {
		tmp[u] = fndsa_mq_of_small(s2[u]);
	}
	pqs_fndsa_mq_NTT(tmp, logn);
	pqs_fndsa_mq_poly_mul_ntt(tmp, h_ntt, logn);
	pqs_fndsa_mq_iNTT(tmp, logn);
	for (size_t u = 0; u < n; u++) {
		/* (s2 h - c0) mod q, then centred into -q/2..q/2. */
		uint32_t w = (uint32_t)tmp[u] - c0[u];
		w += FNDSA_Q & -(w >> 31);
		int32_t v = (int32_t)w - (int32_t)(FNDSA_Q & -(((FNDSA_Q >> 1) - w) >> 31));
		ts[u] = (int16_t)v;
		/* FN-DSA's bound on s1 (section 4 step 5); 0: none. */
		over |= linf != 0 && (uint32_t)(v < 0 ? -v : v) > linf;
	}
	return !over && pqs_fndsa_is_short(ts, s2, logn);
}
