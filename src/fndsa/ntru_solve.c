/*
 * NTRUSolve (Falcon round-3 spec v1.2, section 3.8.2, Alg. 6): given
 * f, g with odd resultants, find F, G with f*G - g*F = q (mod x^n+1),
 * F, G small.  Recursive in the spec; here iterative as in the reference
 * implementation: solve at the deepest level (degree 1), then lift and
 * Babai-reduce level by level back to degree n.
 *
 * Rejections (spec Alg. 6 line 3 and the reference's size checks):
 * resultants not coprime, reduction coefficients out of range, final
 * F, G not within the encoding bound, or f*G - g*F != q.  The caller then
 * samples a new (f, g); these outcomes are public.
 */
#include <string.h>

#include "core/ct.h"
#include "keygen_inner.h"

size_t pqs_ntru_solve_tmp_words(unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t w = pqs_ntru_deepest_words(logn);
	unsigned depth;

#define NTRU_MAXW(x) do { size_t t_ = (x); if (t_ > w) w = t_; } while (0)
	for (depth = 0; depth < logn; depth++) {
		/* Generic lift + reduce: every depth for logn <= 2, else
		 * depths >= 2, plus the lift of pqs_ntru_solve_depth1(). */
		if (logn <= 2 || depth >= 2) {
			NTRU_MAXW(pqs_ntru_lift_words(logn, depth, 0));
			NTRU_MAXW(pqs_ntru_reduce_fp_words(logn, depth));
		} else if (depth == 1) {
			NTRU_MAXW(pqs_ntru_lift_words(logn, depth, 0));
		}
	}
	if (logn > 2) {
		NTRU_MAXW(pqs_ntru_reduce_depth1_words(logn));
		NTRU_MAXW(pqs_ntru_solve_depth0_words(logn));
	}
	/* Final check: 6 arrays of n words, plus G (int8) if not given. */
	NTRU_MAXW(6 * n + n / 4 + 1);
#undef NTRU_MAXW
	return w;
}

/* Words of the cache entries for depths c..d (0 if d < c). */
static size_t
cache_total(unsigned logn, unsigned c, int d)
{
	size_t w = 0;
	int e;

	for (e = (int)c; e <= d; e++) {
		w += pqs_ntru_fg_cache_entry_words(logn, (unsigned)e);
	}
	return w;
}

/* Words of the reduction at depth d >= 1 (fixed: pqs_ntru_reduce_fixed()). */
static size_t reduce_words(unsigned logn, unsigned d, int fixed)
{
	if (fixed) {
		return pqs_ntru_reduce_fixed_words(logn, d);
	}
	return d >= 2 ? pqs_ntru_reduce_fp_words(logn, d) : pqs_ntru_reduce_depth1_words(logn);
}

size_t pqs_ntru_solve_fixed_tmp_words(unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t w = pqs_ntru_deepest_words(logn);
	unsigned depth;

	for (depth = 1; depth < logn; depth++) {
		w = pqs_ntru_lift_words(logn, depth, 0) > w ? pqs_ntru_lift_words(logn, depth, 0) : w;
		w = reduce_words(logn, depth, 1) > w ? reduce_words(logn, depth, 1) : w;
	}
	w = pqs_ntru_solve_depth0_words(logn) > w ? pqs_ntru_solve_depth0_words(logn) : w;
	/* Final check, as pqs_ntru_solve_tmp_words(). */
	return 6 * n + n / 4 + 1 > w ? 6 * n + n / 4 + 1 : w;
}

/* Whether caching depths >= c leaves every step enough memory. */
static int cache_fits(unsigned logn, unsigned c, size_t W, int fixed)
{
	size_t len = pqs_NTRU_MAX_BL_SMALL[logn];
	unsigned d;

	/* Deepest level: the field-norm chain fills the cache as it goes. */
	for (d = 0; d < logn; d++) {
		if (2 * len + pqs_ntru_fieldnorm_step_words(logn, d) + cache_total(logn, c, (int)d) > W) {
			return 0;
		}
	}
	/* Then the CRT and the binary GCD: F, G, Res(f), Res(g) and 4 more
	 * integers of len words. */
	if (8 * len + cache_total(logn, c, (int)logn - 1) > W) {
		return 0;
	}
	/* Lifts consume the entries from the deepest one up. */
	for (d = logn - 1; d >= 1; d--) {
		size_t red = reduce_words(logn, d, fixed);

		if (pqs_ntru_lift_words(logn, d, d >= c) + cache_total(logn, c, (int)d) > W ||
		    red + cache_total(logn, c, (int)d - 1) > W) {
			return 0;
		}
	}
	return 1;
}

static void fg_cache_init(ntru_fg_cache *c, unsigned logn, uint32_t *tmp, size_t tmp_words, int fixed)
{
	unsigned m;

	c->end = tmp + tmp_words;
	c->min_depth = logn;
	if (logn <= 2) {
		return;
	}
	for (m = 1; m < logn; m++) {
		if (cache_fits(logn, m, tmp_words, fixed)) {
			c->min_depth = m;
			return;
		}
	}
}

void pqs_ntru_fg_cache_init(ntru_fg_cache *c, unsigned logn, uint32_t *tmp, size_t tmp_words)
{
	fg_cache_init(c, logn, tmp, tmp_words, 0);
}

/* One-word signed integers to int8 within -lim..lim; 0 if out of range
 * (then the key is rejected: no secret-dependent timing on kept keys). */
static int
words_to_small(int8_t *d, const uint32_t *s, int lim, size_t n)
{
	size_t u;
	uint32_t bad = 0;

	for (u = 0; u < n; u++) {
		int32_t z = zint_one_to_plain(s + u);

		bad |= (uint32_t)(((uint64_t)((int64_t)lim - z)
			| (uint64_t)((int64_t)lim + z)) >> 63);
		d[u] = (int8_t)z;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad); /* rejection: public */
	return (int)(bad ^ 1);
}

int pqs_ntru_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, int lim, uint32_t *tmp)
{
	return pqs_ntru_solve_q(logn, 12289, pqs_NTRU_BITLENGTH, F, G, f, g, lim, tmp);
}

/* Lifts and binary64 reductions from the deepest level up to depth 0. */
static int lift_and_reduce_fp(unsigned logn, const ntru_bitlength *bitlength, const int8_t *f, const int8_t *g,
			      uint32_t *tmp, const ntru_fg_cache *cachep)
{
	ntru_fg_cache cache = *cachep;
	unsigned depth;

	/*
	 * For logn <= 2 the values at depth 0/1 do not fit the hypotheses
	 * of the specialized top levels: the generic step runs all the
	 * way up (as in the reference).
	 */
	if (logn <= 2) {
		depth = logn;
		while (depth-- > 0) {
			pqs_ntru_lift(logn, f, g, depth, tmp, NULL);
			if (!pqs_ntru_reduce_fp_bl(logn, depth, tmp, bitlength)) {
				return 0;
			}
		}
	} else {
		depth = logn;
		while (depth-- > 2) {
			pqs_ntru_lift(logn, f, g, depth, tmp,
				      depth >= cache.min_depth ? pqs_ntru_fg_cache_slot(&cache, logn, depth) : NULL);
			if (!pqs_ntru_reduce_fp_bl(logn, depth, tmp, bitlength)) {
				return 0;
			}
		}
		if (!pqs_ntru_solve_depth1(logn, f, g, tmp,
					   1 >= cache.min_depth ? pqs_ntru_fg_cache_slot(&cache, logn, 1) : NULL)) {
			return 0;
		}
		if (!pqs_ntru_solve_depth0(logn, f, g, tmp)) {
			return 0;
		}
	}
	return 1;
}

/* F, G (one signed word each at tmp) to int8 within -lim..lim, then the
 * exact check f*G - g*F = q; 1 if the key is kept. */
static int finish(unsigned logn, uint32_t q, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, int lim,
		  uint32_t *tmp)
{
	size_t n = (size_t)1 << logn;
	uint32_t *Gt, *ft, *gt, *Ft, *gm, *igm;
	uint32_t p, p0i, R2, r;
	size_t u;

	if (G == NULL) {
		G = (int8_t *)(void *)(tmp + 6 * n);
	}
	if (!words_to_small(F, tmp, lim, n) || !words_to_small(G, tmp + n, lim, n)) {
		return 0;
	}

	/* f*G - g*F = q, checked modulo p0 (all terms are small, so the
	 * congruence is an equality). */
	Gt = tmp;
	ft = Gt + n;
	gt = ft + n;
	Ft = gt + n;
	gm = Ft + n;
	igm = gm + n;
	p = pqs_mp31_primes[0].p;
	p0i = pqs_mp31_ninv31(p);
	R2 = pqs_mp31_R2(p);
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], p0i);
	for (u = 0; u < n; u++) {
		Gt[u] = mp31_set(G[u], p);
		ft[u] = mp31_set(f[u], p);
		gt[u] = mp31_set(g[u], p);
		Ft[u] = mp31_set(F[u], p);
	}
	pqs_mp31_NTT(ft, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(gt, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(Ft, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(Gt, 1, gm, logn, p, p0i);
	/* q in the NTT domain is q in every slot; products come out
	 * divided by R, so compare with q/R. */
	r = mp31_mmul(q, 1, p, p0i);
	(void)R2;
	{
		uint32_t diff = 0;

		for (u = 0; u < n; u++) {
			diff |= mp31_sub(mp31_mmul(ft[u], Gt[u], p, p0i),
				mp31_mmul(gt[u], Ft[u], p, p0i), p) ^ r;
		}
		PQS_CT_DECLASSIFY(&diff, sizeof diff); /* verdict: public */
		return diff == 0;
	}
}

int pqs_ntru_solve_q(unsigned logn, uint32_t q, const ntru_bitlength *bitlength, int8_t *F, int8_t *G, const int8_t *f,
		     const int8_t *g, int lim, uint32_t *tmp)
{
	ntru_fg_cache cache;

	fg_cache_init(&cache, logn, tmp, FNDSA_KEYGEN_NTRU_WORDS(logn), 0);
	if (!pqs_ntru_solve_deepest_q(logn, q, f, g, tmp, &cache)) {
		return 0;
	}
	if (!lift_and_reduce_fp(logn, bitlength, f, g, tmp, &cache)) {
		return 0;
	}
	return finish(logn, q, F, G, f, g, lim, tmp);
}

int pqs_ntru_solve_fixed(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp,
			 size_t tmp_words)
{
	ntru_fg_cache cache;
	unsigned depth;

	if (logn < 3 || tmp_words < pqs_ntru_solve_fixed_tmp_words(logn)) {
		return 0;
	}
	fg_cache_init(&cache, logn, tmp, tmp_words, 1);
	if (!pqs_ntru_solve_deepest_q(logn, 12289, f, g, tmp, &cache)) {
		return 0;
	}
	/* Every depth >= 1 with the generic fixed-point Reduce (no
	 * specialised depth 1), then depth 0 with a fixed-point quotient. */
	for (depth = logn - 1; depth >= 1; depth--) {
		pqs_ntru_lift(logn, f, g, depth, tmp,
			      depth >= cache.min_depth ? pqs_ntru_fg_cache_slot(&cache, logn, depth) : NULL);
		if (!pqs_ntru_reduce_fixed(logn, depth, tmp)) {
			return 0;
		}
	}
	if (!pqs_ntru_solve_depth0_mode(logn, f, g, tmp, 1)) {
		return 0;
	}
	return finish(logn, 12289, F, G, f, g, 127, tmp);
}
