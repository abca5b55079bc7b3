/*
 * NTRUSolve for Hawk key generation (fG - gF = 1), with the rejections
 * of the reference (hawk-sign/dev, whose key generator is ntrugen's
 * solve_NTRU(), Pornin, ePrint 2023/290): keys are bit-exact with the
 * KATs only if the same (f, g) are given up on.
 *
 * The solver carries (F, G) through the tower and reduces both against
 * (f, g) with k = round((F adj(f) + G adj(g)) / (f adj(f) + g adj(g)))
 * in 32.32 fixed point, like FN-DSA's 2025 ReducePartial (which keeps F
 * only); the shared pieces (field norms, CRT, binary GCD, fixed-point
 * FFT, the scaled subtractions k*f*2^sc, the Babai loop itself) are
 * src/fndsa's.  What decides
 * rejections, and is therefore the reference's, lives here:
 *
 *   R1  f must be invertible modulo x^n+1 and p_0 = 2147473409;
 *   R2  Res(f), Res(g) computed over small_bl[n] words (a larger value
 *       wraps), then they must be coprime (binary GCD);
 *   R3  the unreduced (F, G) of each depth over large_bl[d] words;
 *   R4  the reduction trusts a gain of reduce_bits per pass: it drops
 *       top words on that schedule without looking at them;
 *   R5  the reduced (F, G) are cut to small_bl[d] words and must then
 *       satisfy fG - gF = 1 modulo p_0 (depths >= 2, and depth 0);
 *   R6  |F|, |G| <= 127 at the top.
 *
 * Word budgets, windows and reduce_bits are the reference's per-degree
 * profiles (SOLVE_Hawk_256/512/1024 in its ng_hawk.c).  Verdicts are
 * declassified: a rejected (f, g) is discarded.
 */
#include <string.h>

#include "core/ct.h"
#include "fndsa/keygen2025_inner.h"
#include "inner.h"

typedef struct {
	uint16_t small_bl[11]; /* words of (f, g) at depth d, Res at logn */
	uint16_t large_bl[10]; /* words of the unreduced (F, G) at depth d */
	uint16_t word_win[10]; /* top words of (f, g) used for k */
	uint32_t reduce_bits;  /* assumed gain per reduction pass */
} hawk_ntru_profile;

static const hawk_ntru_profile PROFILES[3] = {
	{ { 1, 1, 1, 2, 3, 5, 9, 17, 34, 0, 0 },
	  { 1, 1, 2, 4, 7, 13, 26, 50, 0, 0 },
	  { 1, 1, 1, 2, 3, 3, 3, 4, 0, 0 },
	  20 },
	{ { 1, 1, 1, 2, 3, 6, 11, 21, 41, 82, 0 },
	  { 1, 2, 3, 5, 8, 16, 31, 61, 121, 0 },
	  { 1, 1, 1, 2, 2, 3, 3, 4, 6, 0 },
	  15 },
	{ { 1, 1, 2, 2, 4, 7, 13, 25, 48, 96, 191 },
	  { 1, 2, 3, 5, 10, 19, 37, 72, 143, 284 },
	  { 1, 1, 2, 2, 3, 3, 3, 4, 4, 7 },
	  12 },
};

typedef struct {
	uint32_t p, p0i, R2;
} prime_ctx;

static prime_ctx prime_at(size_t i)
{
	prime_ctx c;

	c.p = pqs_mp31_primes[i].p;
	c.p0i = pqs_mp31_ninv31(c.p);
	c.R2 = pqs_mp31_R2(c.p);
	return c;
}

static uint32_t mulmod(uint32_t a, uint32_t b, prime_ctx c)
{
	return mp31_mmul(mp31_mmul(a, b, c.p, c.p0i), c.R2, c.p, c.p0i);
}

static size_t even(size_t x)
{
	return x + (x & 1);
}

/* (f, g) of depth d in RNS + NTT (f then g) are cached below 'end'. */
static size_t cache_entry_words(const hawk_ntru_profile *pf, unsigned logn, unsigned d)
{
	return ((size_t)2 << (logn - d)) * pf->small_bl[d];
}

static uint32_t *cache_entry(const hawk_ntru_profile *pf, uint32_t *end, unsigned logn, unsigned d)
{
	unsigned e;

	for (e = 1; e <= d; e++) {
		end -= cache_entry_words(pf, logn, e);
	}
	return end;
}

/* Field-norm tower and Bezout (R1, R2): F, G (one coefficient of
 * small_bl[logn] words each) at w[0]; PQS_HAWK_KG_OK or the verdict. */
static int solve_deepest(const hawk_ntru_profile *pf, unsigned logn, const int8_t *f, const int8_t *g, uint32_t *w,
			 uint32_t *end)
{
	size_t n = (size_t)1 << logn, len = pf->small_bl[logn], u;
	prime_ctx c = prime_at(0);
	uint32_t *gm = w + 2 * n, *igm = gm + n, zero = 0;
	unsigned d;
	int ok;

	for (u = 0; u < n; u++) {
		w[u] = mp31_set(f[u], c.p);
		w[n + u] = mp31_set(g[u], c.p);
	}
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], c.p0i);
	pqs_mp31_NTT(w, 1, gm, logn, c.p, c.p0i);
	pqs_mp31_NTT(w + n, 1, gm, logn, c.p, c.p0i);
	for (u = 0; u < n; u++) {
		zero |= (w[u] - 1) >> 31;
	}
	PQS_CT_DECLASSIFY(&zero, sizeof zero);
	if (zero) {
		return PQS_HAWK_KG_F_INVERSE;
	}
	for (d = 0; d < logn; d++) {
		pqs_ntru_fieldnorm_step_len(w, logn - d, pf->small_bl[d], pf->small_bl[d + 1], 1, 1);
		if (d + 1 < logn) {
			memcpy(cache_entry(pf, end, logn, d + 1), w, cache_entry_words(pf, logn, d + 1) * sizeof *w);
		}
	}
	memmove(w + 2 * len, w, 2 * len * sizeof *w);
	pqs_zint_rebuild_CRT(w + 2 * len, len, len, 2, 0, w + 4 * len);
	ok = pqs_zint_bezout(w + len, w, w + 2 * len, w + 3 * len, len, w + 4 * len);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	return ok ? PQS_HAWK_KG_OK : PQS_HAWK_KG_GCD;
}

/* fG - gF = 1 modulo p_0 for (F, G, f, g) of len words (R5). */
static int check_mod_p0(const uint32_t *F, const uint32_t *G, const uint32_t *ft, const uint32_t *gt, size_t flen,
			size_t slen, unsigned logn, uint32_t *tmp)
{
	size_t n = (size_t)1 << logn, u;
	prime_ctx c = prime_at(0);
	uint32_t Rx = pqs_mp31_Rx((unsigned)slen, c.p, c.p0i, c.R2);
	uint32_t *gm = tmp, *igm = gm + n, *t[4];
	const uint32_t *src[4];
	uint32_t one = mp31_mmul(1, 1, c.p, c.p0i), bad = 0;
	int i;

	src[0] = F;
	src[1] = G;
	src[2] = ft;
	src[3] = gt;
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], c.p0i);
	for (i = 0; i < 4; i++) {
		size_t stride = i < 2 ? flen : slen;

		t[i] = igm + n + (size_t)i * n;
		for (u = 0; u < n; u++) {
			t[i][u] = pqs_zint_mod_small_signed(src[i] + u * stride, slen, c.p, c.p0i, c.R2, Rx);
		}
		pqs_mp31_NTT(t[i], 1, gm, logn, c.p, c.p0i);
	}
	for (u = 0; u < n; u++) {
		uint32_t x =
			mp31_sub(mp31_mmul(t[2][u], t[1][u], c.p, c.p0i), mp31_mmul(t[3][u], t[0][u], c.p, c.p0i), c.p);

		bad |= x ^ one;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	return bad == 0;
}

/*
 * Babai reduction of (Ft, Gt) (n coefficients of llen words) against
 * (ft, gt) (slen words) by FN-DSA's fixed-point loop, with the
 * reference's schedule (R4: top words dropped unchecked) and its
 * rounding (one division per slot).  f at depth 1 is one word per
 * coefficient.  tmp: even offset.
 */
static void reduce_fg(const hawk_ntru_profile *pf, unsigned logn_top, unsigned depth, uint32_t *Ft, uint32_t *Gt,
		      const uint32_t *ft, const uint32_t *gt, uint32_t *tmp)
{
	pqs_fndsa_babai r;

	memset(&r, 0, sizeof r);
	r.logn_top = logn_top;
	r.depth = depth;
	r.slen = pf->small_bl[depth];
	r.llen = pf->large_bl[depth];
	r.rlen = pf->word_win[depth];
	r.reduce_bits = pf->reduce_bits;
	r.scale_t0 = 15;
	r.with_g = 1;
	r.divide_each = 1;
	r.check_limbs = 0;
	r.ref_depth1 = 1;
	r.Ft = Ft;
	r.Gt = Gt;
	r.ft = ft;
	r.gt = gt;
	(void)pqs_fndsa_ntru2025_babai(&r, tmp);
}

/*
 * Depth d (1 <= d < logn_top): (F, G) of depth d+1 at w[0] (F then G,
 * n/2 coefficients of small_bl[d+1] words) are lifted to
 * F(x) = F'(x^2) g(-x), G(x) = G'(x^2) f(-x) over large_bl[d] primes
 * (R3), reduced, cut to small_bl[d] words and checked (R5).
 */
static int solve_intermediate(const hawk_ntru_profile *pf, unsigned logn_top, unsigned depth, uint32_t *w,
			      uint32_t *end)
{
	unsigned logn = logn_top - depth;
	size_t n = (size_t)1 << logn, hn = n >> 1;
	size_t slen = pf->small_bl[depth], llen = pf->large_bl[depth];
	size_t dlen = pf->small_bl[depth + 1], i, j;
	const uint32_t *fg_ntt = cache_entry(pf, end, logn_top, depth);
	uint32_t *Ft = w, *Gt = Ft + n * llen, *ft = Gt + n * llen;
	uint32_t *gt = ft + n * slen, *Fd = gt + n * slen, *Gd = Fd + hn * dlen;
	uint32_t *gm = Gd + hn * dlen, *igm = gm + n, *tf = igm + n;
	uint32_t *tg = tf + n, *tF = tg + n, *tG = tF + hn, *crt = tG + hn;

	memmove(Fd, w, 2 * hn * dlen * sizeof *w);

	/* f, g at this depth as plain integers. */
	memcpy(ft, fg_ntt, 2 * n * slen * sizeof *ft);
	for (i = 0; i < slen; i++) {
		prime_ctx c = prime_at(i);

		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], c.p0i);
		pqs_mp31_iNTT(ft + i, slen, igm, logn, c.p, c.p0i);
		pqs_mp31_iNTT(gt + i, slen, igm, logn, c.p, c.p0i);
	}
	pqs_zint_rebuild_CRT(ft, slen, slen, 2 * n, 1, crt);

	for (i = 0; i < llen; i++) {
		prime_ctx c = prime_at(i);
		uint32_t Rxd = pqs_mp31_Rx((unsigned)dlen, c.p, c.p0i, c.R2);

		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], c.p0i);
		if (i < slen) {
			for (j = 0; j < n; j++) {
				tf[j] = fg_ntt[j * slen + i];
				tg[j] = fg_ntt[n * slen + j * slen + i];
			}
		} else {
			uint32_t Rxs = pqs_mp31_Rx((unsigned)slen, c.p, c.p0i, c.R2);

			for (j = 0; j < n; j++) {
				tf[j] = pqs_zint_mod_small_signed(ft + j * slen, slen, c.p, c.p0i, c.R2, Rxs);
				tg[j] = pqs_zint_mod_small_signed(gt + j * slen, slen, c.p, c.p0i, c.R2, Rxs);
			}
			pqs_mp31_NTT(tf, 1, gm, logn, c.p, c.p0i);
			pqs_mp31_NTT(tg, 1, gm, logn, c.p, c.p0i);
		}
		for (j = 0; j < hn; j++) {
			tF[j] = pqs_zint_mod_small_signed(Fd + j * dlen, dlen, c.p, c.p0i, c.R2, Rxd);
			tG[j] = pqs_zint_mod_small_signed(Gd + j * dlen, dlen, c.p, c.p0i, c.R2, Rxd);
		}
		/* The degree-n/2 NTT uses the first n/2 roots of gm; slots
		 * 2j, 2j+1 hold w_j and -w_j. */
		pqs_mp31_NTT(tF, 1, gm, logn - 1, c.p, c.p0i);
		pqs_mp31_NTT(tG, 1, gm, logn - 1, c.p, c.p0i);
		for (j = 0; j < hn; j++) {
			uint32_t mF = mp31_mmul(tF[j], c.R2, c.p, c.p0i);
			uint32_t mG = mp31_mmul(tG[j], c.R2, c.p, c.p0i);

			Ft[(2 * j) * llen + i] = mp31_mmul(tg[2 * j + 1], mF, c.p, c.p0i);
			Ft[(2 * j + 1) * llen + i] = mp31_mmul(tg[2 * j], mF, c.p, c.p0i);
			Gt[(2 * j) * llen + i] = mp31_mmul(tf[2 * j + 1], mG, c.p, c.p0i);
			Gt[(2 * j + 1) * llen + i] = mp31_mmul(tf[2 * j], mG, c.p, c.p0i);
		}
		pqs_mp31_iNTT(Ft + i, llen, igm, logn, c.p, c.p0i);
		pqs_mp31_iNTT(Gt + i, llen, igm, logn, c.p, c.p0i);
	}
	pqs_zint_rebuild_CRT(Ft, llen, llen, 2 * n, 1, crt);

	reduce_fg(pf, logn_top, depth, Ft, Gt, ft, gt, w + even((size_t)(Fd - w)));

	if (depth > 1 && !check_mod_p0(Ft, Gt, ft, gt, llen, slen, logn, w + (size_t)(Fd - w))) {
		return 0;
	}
	/* Output: F then G, slen words per coefficient. */
	for (j = 0; j < n; j++) {
		memmove(w + j * slen, Ft + j * llen, slen * sizeof *w);
	}
	for (j = 0; j < n; j++) {
		memmove(w + (n + j) * slen, Gt + j * llen, slen * sizeof *w);
	}
	return 1;
}

/*
 * Depth 0: (F, G) of depth 1 (one word per coefficient) lifted modulo
 * p_0, one Babai step in fixed point (num and den scaled by 2^-10),
 * checked (R5); F, G (signed int32) at w[0], w[n].
 */
static int solve_depth0(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *w)
{
	size_t n = (size_t)1 << logn, hn = n >> 1, u;
	prime_ctx c = prime_at(0);
	uint32_t *Fp = w, *Gp = Fp + n, *tf = Gp + n, *tg = tf + n;
	uint32_t *gm = tg + n, *igm = gm + n, *num = igm + n, *den = num + n;
	uint32_t *Fd = den + n, *Gd = Fd + hn;
	fxr *rnum = (fxr *)(void *)(w + even((size_t)(Gd + hn - w)));
	uint32_t one = mp31_mmul(1, 1, c.p, c.p0i), bad = 0;

	memmove(Fd, w, 2 * hn * sizeof *w);
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], c.p0i);
	for (u = 0; u < n; u++) {
		tf[u] = mp31_set(f[u], c.p);
		tg[u] = mp31_set(g[u], c.p);
	}
	pqs_mp31_NTT(tf, 1, gm, logn, c.p, c.p0i);
	pqs_mp31_NTT(tg, 1, gm, logn, c.p, c.p0i);
	for (u = 0; u < hn; u++) {
		Fd[u] = mp31_set(zint_one_to_plain(Fd + u), c.p);
		Gd[u] = mp31_set(zint_one_to_plain(Gd + u), c.p);
	}
	pqs_mp31_NTT(Fd, 1, gm, logn - 1, c.p, c.p0i);
	pqs_mp31_NTT(Gd, 1, gm, logn - 1, c.p, c.p0i);
	for (u = 0; u < hn; u++) {
		uint32_t mF = mp31_mmul(Fd[u], c.R2, c.p, c.p0i);
		uint32_t mG = mp31_mmul(Gd[u], c.R2, c.p, c.p0i);

		Fp[2 * u] = mp31_mmul(tg[2 * u + 1], mF, c.p, c.p0i);
		Fp[2 * u + 1] = mp31_mmul(tg[2 * u], mF, c.p, c.p0i);
		Gp[2 * u] = mp31_mmul(tf[2 * u + 1], mG, c.p, c.p0i);
		Gp[2 * u + 1] = mp31_mmul(tf[2 * u], mG, c.p, c.p0i);
	}
	/* num = F adj(f) + G adj(g), den = f adj(f) + g adj(g): the slot of
	 * adj(a) at u is a's slot n-1-u. */
	for (u = 0; u < n; u++) {
		uint32_t af = tf[n - 1 - u], ag = tg[n - 1 - u];

		num[u] = mp31_add(mulmod(af, Fp[u], c), mulmod(ag, Gp[u], c), c.p);
		den[u] = mp31_add(mulmod(af, tf[u], c), mulmod(ag, tg[u], c), c.p);
	}
	/* k = round(num/den), FN-DSA's depth-0 quotient (the same fixed
	 * point). */
	pqs_fndsa_ntru2025_depth0_quotient(logn, num, den, gm, igm, rnum);
	for (u = 0; u < n; u++) {
		uint32_t k = mp31_mmul(num[u], c.R2, c.p, c.p0i);
		uint32_t x;

		Fp[u] = mp31_sub(Fp[u], mp31_mmul(k, tf[u], c.p, c.p0i), c.p);
		Gp[u] = mp31_sub(Gp[u], mp31_mmul(k, tg[u], c.p, c.p0i), c.p);
		x = mp31_sub(mp31_mmul(tf[u], Gp[u], c.p, c.p0i), mp31_mmul(tg[u], Fp[u], c.p, c.p0i), c.p);
		bad |= x ^ one;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	if (bad) {
		return 0;
	}
	pqs_mp31_iNTT(Fp, 1, igm, logn, c.p, c.p0i);
	pqs_mp31_iNTT(Gp, 1, igm, logn, c.p, c.p0i);
	for (u = 0; u < 2 * n; u++) {
		w[u] = (uint32_t)mp31_norm(w[u], c.p);
	}
	return 1;
}

int pqs_hawk_ntru_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp)
{
	const hawk_ntru_profile *pf = &PROFILES[logn - 8];
	size_t n = (size_t)1 << logn, u;
	uint32_t *end = tmp + PQS_HAWK_NTRU_WORDS(logn);
	uint32_t bad = 0;
	unsigned depth;
	int r;

	r = solve_deepest(pf, logn, f, g, tmp, end);
	if (r != PQS_HAWK_KG_OK) {
		return r;
	}
	for (depth = logn - 1; depth >= 1; depth--) {
		if (!solve_intermediate(pf, logn, depth, tmp, end)) {
			return PQS_HAWK_KG_REDUCE;
		}
	}
	if (!solve_depth0(logn, f, g, tmp)) {
		return PQS_HAWK_KG_REDUCE;
	}
	/* R6. */
	for (u = 0; u < 2 * n; u++) {
		bad |= (uint32_t)((int32_t)tmp[u] + 127) > 254;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	if (bad) {
		return PQS_HAWK_KG_FG_LIMIT;
	}
	for (u = 0; u < n; u++) {
		F[u] = (int8_t)(int32_t)tmp[u];
		G[u] = (int8_t)(int32_t)tmp[n + u];
	}
	return PQS_HAWK_KG_OK;
}
