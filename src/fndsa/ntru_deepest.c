/*
 * NTRUSolve, deepest level (Falcon round-3 spec v1.2, Alg. 6 lines 1-4):
 * at degree 1, f and g are the integers Res(f, x^n+1) and Res(g, x^n+1);
 * an extended GCD gives u, v with Res(f)*u - Res(g)*v = 1, and
 * (F, G) = (q*v, q*u) solves f*G - g*F = q.
 */
#include "core/ct.h"
#include "keygen_inner.h"

/* Sizes at the deepest level, per the reference implementation: the
 * resultants of degree-1024 f, g with x^1024+1 take ~6308 bits. */
const size_t pqs_NTRU_MAX_BL_SMALL[11] = { 1, 1, 2, 2, 4, 7, 14, 27, 53, 106, 209 };
const size_t pqs_NTRU_MAX_BL_LARGE[10] = { 2, 2, 5, 7, 12, 21, 40, 78, 157, 308 };
/* Measured bit lengths (average, standard deviation) of f, g per depth,
 * used for the scaling schedule of the Babai reduction. */
const ntru_bitlength pqs_NTRU_BITLENGTH[11] = { { 4, 0 },    { 11, 1 },    { 24, 1 },   { 50, 1 },
						{ 102, 1 },  { 202, 2 },   { 401, 4 },  { 794, 5 },
						{ 1577, 8 }, { 3138, 13 }, { 6308, 25 } };

size_t pqs_ntru_deepest_words(unsigned logn_top)
{
	size_t len = pqs_NTRU_MAX_BL_SMALL[logn_top];
	size_t a = 2 * len + pqs_ntru_make_fg_words(logn_top, logn_top);
	size_t b = 4 * len + 4 * len;

	return a > b ? a : b;
}

int pqs_ntru_solve_deepest(unsigned logn_top, const int8_t *f, const int8_t *g, uint32_t *tmp, const ntru_fg_cache *c)
{
	return pqs_ntru_solve_deepest_q(logn_top, 12289, f, g, tmp, c);
}

int pqs_ntru_solve_deepest_q(unsigned logn_top, uint32_t q, const int8_t *f, const int8_t *g, uint32_t *tmp,
			     const ntru_fg_cache *c)
{
	size_t len = pqs_NTRU_MAX_BL_SMALL[logn_top];
	uint32_t *Fp = tmp;
	uint32_t *Gp = Fp + len;
	uint32_t *fp = Gp + len;
	uint32_t *gp = fp + len;
	uint32_t *t1 = gp + len;

	/* Field norms down to degree 1: the resultants, in RNS. */
	pqs_ntru_make_fg_fill(fp, f, g, logn_top, logn_top, 0, c);
	/* Resultants are positive (Res(f, x^n+1) = prod |f(w)|^2 over
	 * half the roots), so no signed normalization. */
	pqs_zint_rebuild_CRT(fp, len, len, 2, 0, t1);

	/*
	 * Rejection (spec Alg. 6 line 3): gcd(Res(f), Res(g)) != 1; then
	 * times q, where a carry out means the value exceeds the buffers.
	 * Rejected (f, g) are discarded, so the verdict is public.
	 */
	{
		uint32_t ok = (uint32_t)pqs_zint_bezout(Gp, Fp, fp, gp, len, t1);
		uint32_t cc = pqs_zint_mul_small(Fp, len, q) | pqs_zint_mul_small(Gp, len, q);

		ok &= (uint32_t)(((uint64_t)cc - 1) >> 63);
		PQS_CT_DECLASSIFY(&ok, sizeof ok);
		return (int)ok;
	}
}
