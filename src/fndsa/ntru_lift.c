/*
 * NTRUSolve lifting step (Falcon round-3 spec v1.2, Alg. 6 lines 6-9):
 * given (F', G') solving f'*G' - g'*F' = q at depth+1, where
 * f' = N(f), g' = N(g), the unreduced solution at depth is
 *   F = F'(x^2) * g(-x),   G = G'(x^2) * f(-x).
 * In the NTT (slots 2j, 2j+1 at roots w, -w), g(-x) at w is g(-w), so
 *   F(w) = F'(w^2) g(-w),   F(-w) = F'(w^2) g(w),
 * and likewise for G.  All products are done modulo
 * pqs_NTRU_MAX_BL_LARGE[depth] primes and rebuilt with the CRT; f and g at
 * this depth are rebuilt too (the Babai reduction needs them).
 */
#include <string.h>

#include "keygen_inner.h"

size_t pqs_ntru_lift_words(unsigned logn_top, unsigned depth, int cached)
{
	size_t n = (size_t)1 << (logn_top - depth);
	size_t slen = pqs_NTRU_MAX_BL_SMALL[depth];
	size_t dlen = pqs_NTRU_MAX_BL_SMALL[depth + 1];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[depth];
	size_t a = n * dlen + pqs_ntru_make_fg_words(logn_top, depth);
	size_t b = n * dlen;
	size_t c = 5 * n;

	if (c < llen) {
		c = llen;
	}
	if (b < c) {
		b = c;
	}
	b += 2 * n * (llen + slen);
	if (cached) {
		return b;
	}
	return a > b ? a : b;
}

void pqs_ntru_lift(unsigned logn_top, const int8_t *f, const int8_t *g, unsigned depth, uint32_t *tmp,
		   const uint32_t *fg)
{
	unsigned logn = logn_top - depth;
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	size_t slen = pqs_NTRU_MAX_BL_SMALL[depth];
	size_t dlen = pqs_NTRU_MAX_BL_SMALL[depth + 1];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[depth];
	uint32_t *Fd, *Gd, *Ft, *Gt, *ft, *gt, *t1;
	size_t u, v;

	Fd = tmp;
	Gd = Fd + dlen * hn;
	Ft = tmp;
	Gt = Ft + n * llen;
	if (fg == NULL) {
		/* f and g at this depth, RNS + NTT (slen primes). */
		ft = Gd + dlen * hn;
		pqs_ntru_make_fg(ft, f, g, logn_top, depth, 1);

		/* Layout: Ft | Gt (n*llen each) | ft | gt (n*slen each) | Fd | Gd. */
		t1 = Gt + n * llen;
		memmove(t1, ft, 2 * n * slen * sizeof *ft);
		ft = t1;
		gt = ft + n * slen;
		t1 = gt + n * slen;
		memmove(t1, Fd, 2 * hn * dlen * sizeof *Fd);
	} else {
		/* Same layout, f and g copied from the cache (which lies
		 * above the work area; Fd moves up first, as llen >= dlen). */
		ft = Gt + n * llen;
		gt = ft + n * slen;
		t1 = gt + n * slen;
		memmove(t1, Fd, 2 * hn * dlen * sizeof *Fd);
		memcpy(ft, fg, 2 * n * slen * sizeof *ft);
	}
	Fd = t1;
	Gd = Fd + hn * dlen;

	/* F', G' modulo each of the llen primes, into the first hn
	 * coefficient slots of Ft, Gt. */
	for (u = 0; u < llen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t pw[MP31_NUM_PRIMES];

		/* The residue weights of p once for F' and G'; the last one is
		 * the signed correction 2^(31 dlen) mod p. */
		pqs_zint_mod_weights(pw, dlen, p, p0i, R2);
		pqs_zint_mod_small_signed_many_pw(Ft + u, llen, Fd, dlen, hn, dlen, p, p0i, pw[dlen - 1], pw);
		pqs_zint_mod_small_signed_many_pw(Gt + u, llen, Gd, dlen, hn, dlen, p, p0i, pw[dlen - 1], pw);
	}

	/* Fd, Gd are no longer needed: t1 is scratch from here on. */
	for (u = 0; u < llen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t *gm, *igm, *fx, *gx, *Fp, *Gp;

		/* The first slen residues of f, g are known; past them,
		 * rebuild f, g once and reduce modulo the next primes. */
		if (u == slen) {
			/* gt follows ft: one rebuild of the 2n integers. */
			pqs_zint_rebuild_CRT(ft, slen, slen, 2 * n, 1, t1);
		}
		gm = t1;
		igm = gm + n;
		fx = igm + n;
		gx = fx + n;
		Fp = gx + n;
		Gp = Fp + hn;
		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[u], p0i);
		if (u < slen) {
			for (v = 0; v < n; v++) {
				fx[v] = ft[v * slen + u];
				gx[v] = gt[v * slen + u];
			}
			pqs_mp31_iNTT(ft + u, slen, igm, logn, p, p0i);
			pqs_mp31_iNTT(gt + u, slen, igm, logn, p, p0i);
		} else {
			uint32_t pw[MP31_NUM_PRIMES];

			pqs_ntru_fg_ntt_mod(fx, gx, ft, gt, slen, n, slen, gm, logn, p, p0i, R2, pw);
		}

		for (v = 0; v < hn; v++) {
			Fp[v] = Ft[v * llen + u];
			Gp[v] = Gt[v * llen + u];
		}
		pqs_mp31_NTT(Fp, 1, gm, logn - 1, p, p0i);
		pqs_mp31_NTT(Gp, 1, gm, logn - 1, p, p0i);

		for (v = 0; v < hn; v++) {
			uint32_t *x = Ft + (2 * v) * llen + u;
			uint32_t *y = Gt + (2 * v) * llen + u;
			uint32_t mFp = mp31_mmul(Fp[v], R2, p, p0i);
			uint32_t mGp = mp31_mmul(Gp[v], R2, p, p0i);

			x[0] = mp31_mmul(gx[2 * v + 1], mFp, p, p0i);
			x[llen] = mp31_mmul(gx[2 * v], mFp, p, p0i);
			y[0] = mp31_mmul(fx[2 * v + 1], mGp, p, p0i);
			y[llen] = mp31_mmul(fx[2 * v], mGp, p, p0i);
		}
		pqs_mp31_iNTT(Ft + u, llen, igm, logn, p, p0i);
		pqs_mp31_iNTT(Gt + u, llen, igm, logn, p, p0i);
	}

	/* Gt follows Ft: one rebuild of the 2n integers. */
	pqs_zint_rebuild_CRT(Ft, llen, llen, 2 * n, 1, t1);
}

void pqs_ntru_fg_ntt_mod(uint32_t *fx, uint32_t *gx, const uint32_t *f, const uint32_t *g, size_t stride, size_t n,
			 size_t len, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i, uint32_t R2,
			 uint32_t *pw)
{
	/* One weight table 2^(31k) mod p serves both polynomials; its last
	 * entry is the signed correction 2^(31 len) mod p. */
	pqs_zint_mod_weights(pw, len, p, p0i, R2);
	pqs_zint_mod_small_signed_many_pw(fx, 1, f, stride, n, len, p, p0i, pw[len - 1], pw);
	pqs_zint_mod_small_signed_many_pw(gx, 1, g, stride, n, len, p, p0i, pw[len - 1], pw);
	pqs_mp31_NTT(fx, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(gx, 1, gm, logn, p, p0i);
}
