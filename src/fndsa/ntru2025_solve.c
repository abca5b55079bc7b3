/*
 * FN-DSA 2025 NTRUSolve driver (notes/fn-dsa-provisional.md section
 * 1.4; ePrint 2025/1239 "TowerSolverPartialR"): field-norm tower, the
 * deepest level (resultants and Bezout, F only), lifting of F level by
 * level with ReducePartial (ntru2025_reduce.c), the depth-0 reduction
 * with G rebuilt modulo p_0, and the final range check.
 *
 * Word budgets differ from round 3 (NTRU_MAX_BL_*): they decide which
 * values wrap, hence which candidates fail, so they are the reference's.
 */
#include <string.h>

#include "core/ct.h"
#include "keygen2025_inner.h"

const uint16_t pqs_fndsa_ntru2025_small_bl[11] = {
	1, 1, 2, 3, 4, 8, 14, 27, 53, 104, 207
};
const uint16_t pqs_fndsa_ntru2025_large_bl[10] = {
	1, 2, 3, 6, 11, 21, 40, 78, 155, 308
};
const uint16_t pqs_fndsa_ntru2025_word_win[10] = {
	1, 1, 2, 2, 2, 3, 3, 4, 5, 7
};

#define SMALL_BL pqs_fndsa_ntru2025_small_bl
#define LARGE_BL pqs_fndsa_ntru2025_large_bl

static const uint32_t Q = 12289;

/* Words of the (f, g) cache entry of depth d: RNS + NTT, f then g. */
static size_t
cache_entry_words(unsigned logn, unsigned d)
{
	return ((size_t)2 << (logn - d)) * SMALL_BL[d];
}

static size_t
cache_words(unsigned logn)
{
	size_t w = 0;
	unsigned d;

	for (d = 1; d < logn; d++) {
		w += cache_entry_words(logn, d);
	}
	return w;
}

/* Cache entry of depth d (1 <= d < logn); depth 1 is at the very end. */
static uint32_t *
cache_entry(uint32_t *cache_end, unsigned logn, unsigned d)
{
	uint32_t *p = cache_end;
	unsigned e;

	for (e = 1; e <= d; e++) {
		p -= cache_entry_words(logn, e);
	}
	return p;
}

/* Working words of each phase (the cache excluded). */
static size_t
tower_words(unsigned logn)
{
	size_t m = 0;
	unsigned d;

	for (d = 0; d < logn; d++) {
		size_t n = (size_t)1 << (logn - d);
		size_t w = n * SMALL_BL[d + 1] + 2 * n * SMALL_BL[d] + 3 * n;

		m = w > m ? w : m;
	}
	/* Bezout at the deepest level: F, G, Res f, Res g, 4 more. */
	return m > 8 * (size_t)SMALL_BL[logn] ? m : 8 * (size_t)SMALL_BL[logn];
}

/*
 * Intermediate depth: Ft | ft | then max(lift scratch, the word-major
 * copy of Ft, reduction).
 */
static size_t
level_words(unsigned logn, unsigned depth)
{
	size_t n = (size_t)1 << (logn - depth);
	size_t slen = SMALL_BL[depth], llen = LARGE_BL[depth];
	size_t dlen = SMALL_BL[depth + 1];
	size_t lift = n * slen + (n >> 1) * dlen + 4 * n + llen;
	size_t red = pqs_fndsa_ntru2025_reduce_words(logn, depth);

	lift = lift > n * llen ? lift : n * llen;
	/* +1: fxr arrays must start at an even word offset. */
	return n * llen + n * slen + 1 + (lift > red ? lift : red);
}

size_t
pqs_fndsa_ntru2025_solve_words(unsigned logn)
{
	size_t m = tower_words(logn);
	size_t d0 = ((size_t)11 << logn) + 2;
	unsigned d;

	for (d = 1; d < logn; d++) {
		size_t w = level_words(logn, d);

		m = w > m ? w : m;
	}
	m = d0 > m ? d0 : m;
	return m + cache_words(logn);
}

/*
 * Field-norm tower from the top-level f, g down to the resultants, then
 * Bezout: F = q*v with Res(f)*u - Res(g)*v = 1 (G = q*u is not kept).
 * Output: F (SMALL_BL[logn] words) at w[0].  Returns 0 on failure.
 */
static int
solve_deepest(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *w,
	uint32_t *cache_end)
{
	size_t n = (size_t)1 << logn;
	uint32_t p = pqs_mp31_primes[0].p;
	uint32_t p0i = pqs_mp31_ninv31(p);
	uint32_t *gm = w + 2 * n, *igm = gm + n;
	size_t len = SMALL_BL[logn], u;
	unsigned d;
	int ok;
	uint32_t *Fp, *Gp, *fp, *gp, *t;

	for (u = 0; u < n; u++) {
		w[u] = mp31_set(f[u], p);
		w[n + u] = mp31_set(g[u], p);
	}
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], p0i);
	pqs_mp31_NTT(w, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(w + n, 1, gm, logn, p, p0i);
	for (d = 0; d < logn; d++) {
		pqs_ntru_fieldnorm_step_len(w, logn - d, SMALL_BL[d], SMALL_BL[d + 1], 1, 1);
		if (d + 1 < logn) {
			memcpy(cache_entry(cache_end, logn, d + 1), w,
				cache_entry_words(logn, d + 1) * sizeof *w);
		}
	}

	Fp = w;
	Gp = Fp + len;
	fp = Gp + len;
	gp = fp + len;
	t = gp + len;
	memmove(fp, w, 2 * len * sizeof *w);
	pqs_zint_rebuild_CRT(fp, len, len, 2, 0, t);
	/* Only F is needed (G is rebuilt at the top); it must fit.  A
	 * rejected candidate is discarded: the verdict is public. */
	ok = pqs_zint_bezout(NULL, Fp, fp, gp, len, t);
	ok &= pqs_zint_mul_small(Fp, len, Q) == 0;
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	return ok;
}

/*
 * Intermediate depth: F' (depth+1, at w[0], SMALL_BL[depth+1] words) is
 * lifted to F = F'(x^2) g(-x) modulo LARGE_BL[depth] primes, rebuilt,
 * and reduced by ReducePartial; output at w[0], SMALL_BL[depth] words.
 */
static int
solve_intermediate(unsigned logn_top, const int8_t *f, unsigned depth,
	uint32_t *w, uint32_t *cache_end)
{
	unsigned logn = logn_top - depth;
	size_t n = (size_t)1 << logn, hn = n >> 1;
	size_t slen = SMALL_BL[depth], llen = LARGE_BL[depth];
	size_t dlen = SMALL_BL[depth + 1];
	const uint32_t *fg_ntt = cache_entry(cache_end, logn_top, depth);
	uint32_t *Ft = w;
	uint32_t *ft = Ft + n * llen;
	uint32_t *gt = ft + n * slen;
	uint32_t *Fd = gt + n * slen;
	uint32_t *gm = Fd + hn * dlen, *igm = gm + n;
	uint32_t *tg = igm + n, *tF = tg + n;
	uint32_t *crt = tF + n;
	size_t i, j;

	memmove(Fd, w, hn * dlen * sizeof *w);

	/*
	 * F modulo each of the llen primes; f, g at this depth back to plain
	 * integers on the way (they fit in slen words).  One NTT table per
	 * prime serves both: the first slen primes' iNTTs of f, g run in the
	 * same pass, and f, g are rebuilt before prime slen, the first one
	 * that needs their plain form (LARGE_BL[d] > SMALL_BL[d] at every
	 * depth, so that prime is always reached).
	 */
	memcpy(ft, fg_ntt, 2 * n * slen * sizeof *ft);
	for (i = 0; i < llen; i++) {
		uint32_t p = pqs_mp31_primes[i].p, p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t pw[MP31_NUM_PRIMES];

		/* Residue weights once for both inputs (dlen >= slen); their
		 * last ones are 2^(31 len) mod p, the signed corrections. */
		pqs_zint_mod_weights(pw, dlen, p, p0i, R2);
		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], p0i);
		if (i == slen) {
			pqs_zint_rebuild_CRT(ft, slen, slen, 2 * n, 1, crt);
		}
		if (i < slen) {
			for (j = 0; j < n; j++) {
				tg[j] = fg_ntt[n * slen + j * slen + i];
			}
			pqs_mp31_iNTT(ft + i, slen, igm, logn, p, p0i);
			pqs_mp31_iNTT(gt + i, slen, igm, logn, p, p0i);
		} else {
			pqs_zint_mod_small_signed_many_pw(tg, 1, gt, slen, n, slen, p, p0i, pw[slen - 1], pw);
			pqs_mp31_NTT(tg, 1, gm, logn, p, p0i);
		}
		pqs_zint_mod_small_signed_many_pw(tF, 1, Fd, dlen, hn, dlen, p, p0i, pw[dlen - 1], pw);
		/* The degree-n/2 NTT uses the first n/2 roots of gm. */
		pqs_mp31_NTT(tF, 1, gm, logn - 1, p, p0i);
		/* F(w) = F'(w^2) g(-w): slots 2j, 2j+1 hold w_j and -w_j.
		 * Word-major: row i of Ft holds the n residues mod p_i. */
		for (j = 0; j < hn; j++) {
			uint32_t mF = mp31_mmul(tF[j], R2, p, p0i);

			Ft[i * n + 2 * j] = mp31_mmul(tg[2 * j + 1], mF, p, p0i);
			Ft[i * n + 2 * j + 1] = mp31_mmul(tg[2 * j], mF, p, p0i);
		}
		pqs_mp31_iNTT(Ft + i * n, 1, igm, logn, p, p0i);
	}
	/*
	 * From 8 coefficients on, the rebuild reads the rows as they are (8
	 * integers per vector, no transposition in and out); then F goes
	 * coefficient-major for the reduction, through gt's space (f, g are
	 * no longer needed in RNS).  Below 8, F is rebuilt coefficient-major:
	 * the word-major rebuild would go through its own 10 KiB lane buffer
	 * on top of the coefficient-major one (+10 KiB of keygen stack).
	 */
	if ((n & 7) == 0) {
		pqs_zint_rebuild_CRT_wm(Ft, llen, n, 1, crt);
	}
	memcpy(gt, Ft, n * llen * sizeof *Ft);
	for (i = 0; i < llen; i++) {
		for (j = 0; j < n; j++) {
			Ft[j * llen + i] = gt[i * n + j];
		}
	}
	if ((n & 7) != 0) {
		pqs_zint_rebuild_CRT(Ft, llen, llen, n, 1, crt);
	}

	/* The reduction's memory starts after ft (even word offset). */
	{
		size_t off = (size_t)(gt - w);

		off += off & 1;
		return pqs_fndsa_ntru2025_reduce_partial(logn_top, depth, Ft, ft,
			f, w + off);
	}
}

int
pqs_fndsa_ntru2025_solve(unsigned logn, int8_t *F, int8_t *G,
	const int8_t *f, const int8_t *g, uint32_t *tmp)
{
	size_t n = (size_t)1 << logn;
	size_t total = pqs_fndsa_ntru2025_solve_words(logn);
	uint32_t *cache_end = tmp + total;
	unsigned depth;
	uint32_t bad = 0;
	size_t u;

	if (!solve_deepest(logn, f, g, tmp, cache_end)) {
		return 0;
	}
	for (depth = logn - 1; depth >= 1; depth--) {
		if (!solve_intermediate(logn, f, depth, tmp, cache_end)) {
			return 0;
		}
	}
	if (!pqs_fndsa_ntru2025_depth0(logn, f, g, tmp)) {
		return 0;
	}
	/* F, G in -127..127: then f*G - g*F = q holds over the integers,
	 * since it holds modulo p_0 > 2^26 (section 1.4 step 4). */
	for (u = 0; u < 2 * n; u++) {
		int32_t x = (int32_t)tmp[u];

		bad |= (uint32_t)(x + 127) > 254;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	if (bad) {
		return 0;
	}
	for (u = 0; u < n; u++) {
		F[u] = (int8_t)(int32_t)tmp[u];
		G[u] = (int8_t)(int32_t)tmp[n + u];
	}
	return 1;
}
