/*
 * Babai reduction for NTRUSolve (Falcon round-3 spec v1.2, section 3.8.2,
 * Alg. 9 "Reduce"): after lifting, (F, G) solves f*G - g*F = q but has
 * coefficients far larger than f, g; repeatedly
 *   k = round((F*adj(f) + G*adj(g)) / (f*adj(f) + g*adj(g))),
 *   (F, G) <- (F - k*f, G - k*g).
 * The quotient is computed in floating point (FFT representation), on
 * the top words of the big integers with power-of-two scaling, exactly
 * as the reference implementation does: the reduced F lands in the
 * secret key, so the KATs fix every rounding.  Three variants, as in the
 * reference:
 *   pqs_ntru_reduce_fp     intermediate depths, multi-pass with scaling;
 *   pqs_ntru_reduce_depth1 depth 1: values fit in 53 bits, one pass;
 *   pqs_ntru_solve_depth0  depth 0: lift modulo one prime, one pass.
 * The schoolbook k*f of the deep levels and the conversion of big
 * integers to binary64 have AVX2 paths (ntru_reduce_avx2.c) that give the
 * same words and the same binary64 values as the portable code here.
 */
#include <string.h>

#include "core/ct.h"
#include "inner.h"
#include "fxr.h"
#include "keygen_inner.h"

static inline int32_t
u32_as_s32(uint32_t w)
{
	int32_t r;

	memcpy(&r, &w, sizeof r);
	return r;
}

/* fpr arrays inside the uint32_t work area: 8-byte aligned word offset
 * (tmp itself is 8-byte aligned). */
static fpr *
fpr_at(uint32_t *base, const uint32_t *p)
{
	size_t off = (size_t)(p - base);

	off += off & 1;
	return (fpr *)(void *)(base + off);
}

/*
 * Signed big integers (flen words, stride fstride) to binary64:
 * sum of word_i * 2^(31 i), accumulated from the low word, on the
 * absolute value with the sign applied per word (reference order).
 */
static void
poly_big_to_fp(fpr *d, const uint32_t *f, size_t flen, size_t fstride,
	unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t u, v;

	if (flen == 0) {
		for (u = 0; u < n; u++) {
			d[u] = fpr_zero;
		}
		return;
	}
	for (u = 0; u < n; u++, f += fstride) {
		uint32_t neg = -(f[flen - 1] >> 30);
		uint32_t xm = neg >> 1;
		uint32_t cc = neg & 1;
		fpr x = fpr_zero;
		fpr fsc = fpr_one;

		for (v = 0; v < flen; v++, fsc = fpr_mul(fsc, fpr_ptwo31)) {
			uint32_t w = (f[v] ^ xm) + cc;

			cc = w >> 31;
			w &= 0x7FFFFFFFu;
			w -= (w << 1) & neg;
			x = fpr_add(x, fpr_mul(fpr_of(u32_as_s32(w)), fsc));
		}
		d[u] = x;
	}
}

void pqs_ntru_poly_big_to_fp(fpr *d, const uint32_t *f, size_t flen, size_t fstride, unsigned logn)
{
#if FNDSA_AVX2_BUILD && PQS_NTRU_FP_NATIVE
	if (logn >= 2 && flen > 0 && pqs_mp31_uses_avx2()) {
		pqs_ntru_poly_big_to_fp_avx2(d, f, flen, fstride, logn);
		return;
	}
#endif
	poly_big_to_fp(d, f, flen, fstride, logn);
}

/*
 * x <- x + k*y (signed, truncated to xlen words), where y has ylen words
 * followed (conceptually) by copies of the sign word ysign.
 */
static void
add_mul_words(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen,
	uint32_t ysign, int32_t k)
{
	size_t m = xlen < ylen ? xlen : ylen;
	int32_t cc = 0;
	size_t j;

	for (j = 0; j < m; j++) {
		/* |y*k| < 2^62: no overflow; the carry fits 32 bits. */
		uint64_t z = (uint64_t)((int64_t)y[j] * (int64_t)k
			+ (int64_t)x[j] + cc);
		uint32_t ccu = (uint32_t)(z >> 31);

		x[j] = (uint32_t)z & 0x7FFFFFFFu;
		memcpy(&cc, &ccu, sizeof cc);
	}
	for (; j < xlen; j++) {
		uint64_t z = (uint64_t)((int64_t)ysign * (int64_t)k
			+ (int64_t)x[j] + cc);
		uint32_t ccu = (uint32_t)(z >> 31);

		x[j] = (uint32_t)z & 0x7FFFFFFFu;
		memcpy(&cc, &ccu, sizeof cc);
	}
}

/* add_mul_words on four destinations x[i] with multipliers k[i], one source. */
static void add_mul_words_x4(uint32_t *const x[4], size_t xlen, const uint32_t *y, size_t ylen, uint32_t ysign,
			     const int32_t k[4])
{
	int64_t cc0 = 0, cc1 = 0, cc2 = 0, cc3 = 0;
	size_t j;

	for (j = 0; j < xlen; j++) {
		int64_t wy = (int64_t)(j < ylen ? y[j] : ysign);
		/* As in add_mul_words: |y*k| < 2^62, carries fit 32 bits. */
		uint64_t z0 = (uint64_t)(wy * k[0] + (int64_t)x[0][j] + cc0);
		uint64_t z1 = (uint64_t)(wy * k[1] + (int64_t)x[1][j] + cc1);
		uint64_t z2 = (uint64_t)(wy * k[2] + (int64_t)x[2][j] + cc2);
		uint64_t z3 = (uint64_t)(wy * k[3] + (int64_t)x[3][j] + cc3);

		x[0][j] = (uint32_t)z0 & 0x7FFFFFFFu;
		x[1][j] = (uint32_t)z1 & 0x7FFFFFFFu;
		x[2][j] = (uint32_t)z2 & 0x7FFFFFFFu;
		x[3][j] = (uint32_t)z3 & 0x7FFFFFFFu;
		cc0 = u32_as_s32((uint32_t)(z0 >> 31));
		cc1 = u32_as_s32((uint32_t)(z1 >> 31));
		cc2 = u32_as_s32((uint32_t)(z2 >> 31));
		cc3 = u32_as_s32((uint32_t)(z3 >> 31));
	}
}

/*
 * F <- F - k*f*2^(31*sch+scl) modulo x^n+1, schoolbook (used at large
 * depths, where n is small and integers are long).  Each f[v]*2^scl is
 * computed once (flen+1 words, in ys: n*(flen+1) words), then every
 * product is a plain multiply-accumulate at word offset sch.
 */
static void
poly_sub_scaled(uint32_t *F, size_t Flen, size_t Fstride,
	const uint32_t *f, size_t flen, size_t fstride,
	const int32_t *k, uint32_t sch, uint32_t scl, unsigned logn,
	uint32_t *ys)
{
	size_t n = (size_t)1 << logn;
	size_t ylen = flen + 1;
	size_t v, j;

	if (flen == 0 || Flen <= sch) {
		return;
	}
	for (v = 0; v < n; v++) {
		const uint32_t *y = f + v * fstride;
		uint32_t *d = ys + v * ylen;
		uint32_t ysign = -(y[flen - 1] >> 30) >> 1;
		uint32_t tw = 0;

		for (j = 0; j <= flen; j++) {
			uint32_t wy = j < flen ? y[j] : ysign;

			/* scl = 0: wy >> 31 = 0 for 31-bit words. */
			d[j] = ((wy << scl) & 0x7FFFFFFFu) | tw;
			tw = wy >> (31 - scl);
		}
	}
	/*
	 * Destination w receives k[u]*y[v] for u + v = w mod n, negated when
	 * u + v >= n (x^n = -1).  The sums are exact modulo 2^(31 xlen), so
	 * their order does not matter: for each source v, four destinations
	 * are updated in one pass over the words, four independent carry
	 * chains instead of one (the schoolbook is bound by their latency).
	 */
	for (v = 0; v < n; v++) {
		const uint32_t *y = ys + v * ylen;
		uint32_t ysign = -(y[ylen - 1] >> 30) >> 1;
		size_t w = 0;

		for (; w + 4 <= n; w += 4) {
			uint32_t *x[4];
			int32_t kf[4];

			for (j = 0; j < 4; j++) {
				size_t dst = w + j;

				x[j] = F + dst * Fstride + sch;
				kf[j] = dst >= v ? -k[dst - v] : k[dst + n - v];
			}
			add_mul_words_x4(x, Flen - sch, y, ylen, ysign, kf);
		}
		for (; w < n; w++) {
			add_mul_words(F + w * Fstride + sch, Flen - sch, y, ylen, ysign,
				      w >= v ? -k[w - v] : k[w + n - v]);
		}
	}
}

void pqs_ntru_poly_sub_scaled_fg(uint32_t *F, uint32_t *G, size_t Flen, size_t Fstride, const uint32_t *f,
				 const uint32_t *g, size_t flen, size_t fstride, const int32_t *k, uint32_t sch,
				 uint32_t scl, unsigned logn, uint32_t *ys)
{
#if FNDSA_AVX2_BUILD
	if (((size_t)1 << logn) <= PQS_NTRU_SUB_SCALED_MAX_N && pqs_mp31_uses_avx2()) {
		pqs_ntru_poly_sub_scaled_fg_avx2(F, G, Flen, Fstride, f, g, flen, fstride, k, sch, scl, logn, ys);
		return;
	}
#endif
	poly_sub_scaled(F, Flen, Fstride, f, flen, fstride, k, sch, scl, logn, ys);
	poly_sub_scaled(G, Flen, Fstride, g, flen, fstride, k, sch, scl, logn, ys);
}

/*
 * The NTT tables of the flen+1 primes used by poly_sub_scaled_ntt_fg():
 * gm, igm of prime u at gmc[2n*u], gmc[2n*u + n] (2n*(flen+1) words).
 * They depend only on n and the prime, so a reduction computes them once
 * instead of twice per prime and pass.
 */
static void ntt_tables_rns(uint32_t *gmc, size_t flen, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t u;

	for (u = 0; u <= flen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;

		pqs_mp31_mkgm(gmc + 2 * n * u, gmc + 2 * n * u + n, logn, &pqs_mp31_primes[u], pqs_mp31_ninv31(p));
	}
}

/*
 * f and g modulo the flen+1 primes used by poly_sub_scaled_ntt_fg(), in
 * NTT form and Montgomery representation (f*R mod p, so that one
 * Montgomery product with k gives k*f), word-major: f mod prime u at
 * fntt + u*n, g mod prime u at gntt + u*n (n*(flen+1) words each), so
 * the transforms run on contiguous rows.  f, g do not change during a
 * reduction, so this is computed once instead of at every pass; the
 * residue weights of a prime serve both.  gmc: from ntt_tables_rns();
 * pw: flen words of scratch.
 */
static void poly_ntt_rns_fg(uint32_t *fntt, uint32_t *gntt, const uint32_t *f, const uint32_t *g, size_t flen,
			    size_t fstride, unsigned logn, const uint32_t *gmc, uint32_t *pw)
{
	size_t n = (size_t)1 << logn;
	size_t tlen = flen + 1;
	size_t u, v;

	for (u = 0; u < tlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t *fr = fntt + u * n, *gr = gntt + u * n;

		pqs_ntru_fg_ntt_mod(fr, gr, f, g, fstride, n, flen, gmc + 2 * n * u, logn, p, p0i, R2, pw);
		for (v = 0; v < n; v++) {
			fr[v] = mp31_mmul(fr[v], R2, p, p0i);
			gr[v] = mp31_mmul(gr[v], R2, p, p0i);
		}
	}
}

/*
 * F <- F - k*f*2^(31*sch+scl) and G <- G - k*g*2^(31*sch+scl) modulo
 * x^n+1, with k*f and k*g computed in RNS/NTT over flen+1 primes (k has
 * 31-bit coefficients, f and g flen words).  Each prime's NTT of k serves
 * both products.  k*f and k*g are kept word-major, the rows of one prime
 * side by side (k*f mod p_u at kfg + 2n*u, k*g mod p_u at kfg + 2n*u + n):
 * the transforms run on contiguous rows, and one
 * pqs_zint_rebuild_CRT_wm() call rebuilds both as 2n integers, 8 per AVX2
 * vector in place.  With fntt, gntt (from poly_ntt_rns_fg()) and the
 * tables gmc (from ntt_tables_rns()), f and g are not read; with NULL
 * (depth 2, where memory does not allow keeping them across passes), the
 * residues of f, g (flen words, fstride apart, one set of weights per
 * prime for both) and the tables are computed here for each prime.
 * tmp: 2n*(flen+1) + max(n, flen+1) words, plus 2n without gmc.
 */
static void poly_sub_scaled_ntt_fg(uint32_t *F, uint32_t *G, size_t Flen, size_t Fstride, const uint32_t *f,
				   const uint32_t *g, size_t fstride, const uint32_t *fntt, const uint32_t *gntt,
				   size_t flen, const int32_t *k, uint32_t sch, uint32_t scl, unsigned logn,
				   const uint32_t *gmc, uint32_t *tmp)
{
	size_t n = (size_t)1 << logn;
	size_t tlen = flen + 1;
	uint32_t *gmt = tmp;
	uint32_t *kfg = gmc != NULL ? tmp : tmp + 2 * n;
	uint32_t *t1 = kfg + 2 * n * tlen;
	size_t u, v;

	for (u = 0; u < tlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		const uint32_t *gm = gmc != NULL ? gmc + 2 * n * u : gmt;
		uint32_t *fk = kfg + 2 * n * u, *gk = fk + n;

		if (fntt != NULL) {
			const uint32_t *fr = fntt + u * n, *gr = gntt + u * n;

			for (v = 0; v < n; v++) {
				t1[v] = mp31_set(k[v], p);
			}
			pqs_mp31_NTT(t1, 1, gm, logn, p, p0i);
			for (v = 0; v < n; v++) {
				fk[v] = mp31_mmul(t1[v], fr[v], p, p0i);
				gk[v] = mp31_mmul(t1[v], gr[v], p, p0i);
			}
		} else {
			uint32_t R2 = pqs_mp31_R2(p);

			pqs_mp31_mkgm(gmt, gmt + n, logn, &pqs_mp31_primes[u], p0i);
			/* t1 holds the weights (flen words), then k mod p. */
			pqs_ntru_fg_ntt_mod(fk, gk, f, g, fstride, n, flen, gm, logn, p, p0i, R2, t1);
			for (v = 0; v < n; v++) {
				t1[v] = mp31_set(k[v], p);
			}
			pqs_mp31_NTT(t1, 1, gm, logn, p, p0i);
			/* k in Montgomery form: one product per slot gives k*f. */
			for (v = 0; v < n; v++) {
				uint32_t kr = mp31_mmul(t1[v], R2, p, p0i);

				fk[v] = mp31_mmul(kr, fk[v], p, p0i);
				gk[v] = mp31_mmul(kr, gk[v], p, p0i);
			}
		}
		pqs_mp31_iNTT(fk, 1, gm + n, logn, p, p0i);
		pqs_mp31_iNTT(gk, 1, gm + n, logn, p, p0i);
	}
	pqs_zint_rebuild_CRT_wm(kfg, tlen, 2 * n, 1, t1);
	for (u = 0; u < 2 * n; u++) {
		uint32_t y[MP31_NUM_PRIMES];
		uint32_t *x = u < n ? F + u * Fstride : G + (u - n) * Fstride;

		for (v = 0; v < tlen; v++) {
			y[v] = kfg[v * 2 * n + u];
		}
		pqs_zint_sub_scaled(x, Flen, y, tlen, sch, scl);
	}
}

/*
 * Depths at which Reduce computes f, g in RNS/NTT once for all passes
 * (the reference recomputes them at every pass); at depth 2 the extra
 * memory would exceed the 28n bytes that the largest level needs.
 */
#define NTRU_FGNTT_ONCE(depth) ((depth) >= 3)

size_t pqs_ntru_reduce_fp_words(unsigned logn_top, unsigned depth)
{
	size_t n = (size_t)1 << (logn_top - depth);
	size_t slen = pqs_NTRU_MAX_BL_SMALL[depth];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[depth];
	/* All offsets below are even (n >= 2): fpr alignment adds nothing. */
	size_t w = 2 * n * (llen + slen);
	size_t s = 2 * n;

	if (depth <= NTRU_DEPTH_INT_FG && !NTRU_FGNTT_ONCE(depth)) {
		/* rt3, rt4 (n fpr), k (n words), then rt5 (n/2 fpr), rt1,
		 * rt2 (n fpr) sharing space with poly_sub_scaled_ntt_fg():
		 * gm, igm, k*f and k*g in RNS, and a last array used for k
		 * mod p and as CRT scratch (slen+1 words). */
		size_t t = 2 * n + 2 * n * (slen + 1) + (n > slen + 1 ? n : slen + 1);

		w += 4 * n + n;
		s = 5 * n > t ? 5 * n : t;
		return w + s;
	}
	/* rt3, rt4 (n fpr), rt5 (n/2 fpr), rt1 (n fpr), k (n words), then
	 * rt2 (n fpr) sharing space with the k*f scratch. */
	w += 4 * n + n + 2 * n + n;
	if (depth <= NTRU_DEPTH_INT_FG) {
		/* f and g in RNS + NTT and the NTT tables, kept for all
		 * passes; poly_sub_scaled_ntt_fg(): k*f and k*g in RNS, then
		 * an array for k mod p and the CRT scratch (slen+1 words). */
		size_t t = 2 * n * (slen + 1) + (n > slen + 1 ? n : slen + 1);

		w += 2 * n * (slen + 1) + 2 * n * (slen + 1);
		if (t > s) {
			s = t;
		}
	} else if (2 * n * (slen + 4) > s) {
		/* pqs_ntru_poly_sub_scaled_fg(): the scaled f and g. */
		s = 2 * n * (slen + 4);
	}
	return w + s;
}

int pqs_ntru_reduce_fp(unsigned logn_top, unsigned depth, uint32_t *tmp)
{
	return pqs_ntru_reduce_fp_bl(logn_top, depth, tmp, pqs_NTRU_BITLENGTH);
}

int pqs_ntru_reduce_fp_bl(unsigned logn_top, unsigned depth, uint32_t *tmp, const ntru_bitlength *bitlength)
{
	unsigned logn = logn_top - depth;
	size_t n = (size_t)1 << logn;
	size_t slen = pqs_NTRU_MAX_BL_SMALL[depth];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[depth];
	uint32_t *Ft = tmp;
	uint32_t *Gt = Ft + n * llen;
	uint32_t *ft = Gt + n * llen;
	uint32_t *gt = ft + n * slen;
	uint32_t *t1 = gt + n * slen;
	fpr *rt1, *rt2, *rt3, *rt4, *rt5;
	int32_t *k;
	uint32_t *fntt, *gntt, *gmc;
	size_t rlen, FGlen, fglen, u;
	int scale_fg, minbl_fg, maxbl_fg, maxbl_FG, scale_k, rt5_per_pass;

	/*
	 * At depth 2 (RNS products, f and g not kept in NTT form), rt5 is
	 * recomputed at each pass from rt3, rt4 (|adj(x)|^2 = |x|^2 slot by
	 * slot, the same binary64 values): rt5 and rt1 then share the space
	 * of the RNS products with rt2, which lets poly_sub_scaled_ntt_fg()
	 * run the F and G products together within the same peak memory.
	 */
	rt5_per_pass = depth <= NTRU_DEPTH_INT_FG && !NTRU_FGNTT_ONCE(depth);
	rt3 = fpr_at(tmp, t1);
	rt4 = rt3 + n;
	if (rt5_per_pass) {
		k = (int32_t *)(void *)(rt4 + n);
		t1 = (uint32_t *)(void *)(k + n);
		rt5 = fpr_at(tmp, t1);
		rt1 = rt5 + (n >> 1);
		rt2 = rt1 + n;
	} else {
		rt5 = rt4 + n;
		rt1 = rt5 + (n >> 1);
		k = (int32_t *)(void *)(rt1 + n);
		t1 = (uint32_t *)(void *)(k + n);
	}
	fntt = gntt = gmc = NULL;
	if (depth <= NTRU_DEPTH_INT_FG && NTRU_FGNTT_ONCE(depth)) {
		fntt = t1;
		gntt = fntt + n * (slen + 1);
		gmc = gntt + n * (slen + 1);
		t1 = gmc + 2 * n * (slen + 1);
		ntt_tables_rns(gmc, slen, logn);
		poly_ntt_rns_fg(fntt, gntt, ft, gt, slen, slen, logn, gmc, t1);
	}
	if (!rt5_per_pass) {
		rt2 = fpr_at(tmp, t1);
	}

	/*
	 * f, g to floating point: at most the top 10 words (310 bits) of
	 * each coefficient, so values stay far inside the binary64 range;
	 * rt3, rt4 are then f, g scaled down by 2^scale_fg.
	 */
	/* Bit-length bounds of f, g: measured average +/- 6 sigma. */
	minbl_fg = bitlength[depth].avg - 6 * bitlength[depth].std;
	maxbl_fg = bitlength[depth].avg + 6 * bitlength[depth].std;
	/*
	 * Falcon's word lengths are tight, so its top words hold the
	 * significant bits.  For another (f, g) distribution (Hawk's is
	 * narrower) the window ends at the word holding maxbl_fg bits and
	 * the sign, else the top 10 words could be all sign bits.
	 */
	fglen = slen;
	if (bitlength != pqs_NTRU_BITLENGTH && (size_t)(maxbl_fg + 31) / 31 < slen) {
		fglen = (size_t)(maxbl_fg + 31) / 31;
	}
	rlen = fglen > 10 ? 10 : fglen;
	pqs_ntru_poly_big_to_fp(rt3, ft + fglen - rlen, rlen, slen, logn);
	pqs_ntru_poly_big_to_fp(rt4, gt + fglen - rlen, rlen, slen, logn);
	scale_fg = 31 * (int)(fglen - rlen);

	/* rt5 = 1/(f*adj(f) + g*adj(g)); rt3, rt4 = adj(f), adj(g). */
	pqs_fndsa_FFT(rt3, logn);
	pqs_fndsa_FFT(rt4, logn);
	if (!rt5_per_pass) {
		pqs_fndsa_poly_invnorm2_fft(rt5, rt3, rt4, logn);
	}
	pqs_fndsa_poly_adj_fft(rt3, logn);
	pqs_fndsa_poly_adj_fft(rt4, logn);

	/*
	 * Constant-time schedule: the size of (F, G) is not measured but
	 * assumed; k is computed scaled by 2^scale_k, starting at the
	 * largest possible size difference and decreasing by 25 bits per
	 * pass (each pass removes at least that much) down to 0.  FGlen is
	 * the assumed word length of (F, G), maxbl_FG its bit bound.
	 */
	FGlen = llen;
	maxbl_FG = 31 * (int)llen;
	scale_k = maxbl_FG - minbl_fg;
	for (;;) {
		int scale_FG, dc, new_maxbl_FG;
		uint32_t scl, sch;
		fpr pdc, pt;

		rlen = FGlen > 10 ? 10 : FGlen;
		scale_FG = 31 * (int)(FGlen - rlen);
		pqs_ntru_poly_big_to_fp(rt1, Ft + FGlen - rlen, rlen, llen, logn);
		pqs_ntru_poly_big_to_fp(rt2, Gt + FGlen - rlen, rlen, llen, logn);

		/* rt2 = (F*adj(f) + G*adj(g)) / (f*adj(f) + g*adj(g)). */
		pqs_fndsa_FFT(rt1, logn);
		pqs_fndsa_FFT(rt2, logn);
		pqs_fndsa_poly_mul_fft(rt1, rt3, logn);
		pqs_fndsa_poly_mul_fft(rt2, rt4, logn);
		pqs_fndsa_poly_add(rt2, rt1, logn);
		if (rt5_per_pass) {
			pqs_fndsa_poly_invnorm2_fft(rt5, rt3, rt4, logn);
		}
		pqs_fndsa_poly_mul_autoadj_fft(rt2, rt5, logn);
		pqs_fndsa_iFFT(rt2, logn);

		/* rt2 is scaled by 2^(scale_FG - scale_fg); rescale to
		 * 2^scale_k with an exact power of two 2^-dc (dc public). */
		dc = scale_k - scale_FG + scale_fg;
		if (dc < 0) {
			dc = -dc;
			pt = fpr_two;
		} else {
			pt = fpr_onehalf;
		}
		pdc = fpr_one;
		while (dc != 0) {
			if ((dc & 1) != 0) {
				pdc = fpr_mul(pdc, pt);
			}
			dc >>= 1;
			pt = fpr_sqr(pt);
		}
		for (u = 0; u < n; u++) {
			fpr xv = fpr_mul(rt2[u], pdc);
			int in_range = fpr_lt(fpr_mtwo31m1, xv) & fpr_lt(xv, fpr_ptwo31m1);

			/* Out of the int32 range only when solving fails;
			 * (f, g) is then discarded, so the branch leaks
			 * nothing about a kept key. */
			PQS_CT_DECLASSIFY(&in_range, sizeof in_range);
			if (!in_range) {
				return 0;
			}
			k[u] = (int32_t)fpr_rint(xv);
		}

		/* (F, G) <- (F, G) - k*2^scale_k*(f, g). */
		sch = (uint32_t)(scale_k / 31);
		scl = (uint32_t)(scale_k % 31);
		if (depth <= NTRU_DEPTH_INT_FG) {
			poly_sub_scaled_ntt_fg(Ft, Gt, FGlen, llen, ft, gt, slen, fntt, gntt, slen, k, sch, scl, logn,
					       gmc, t1);
		} else {
			pqs_ntru_poly_sub_scaled_fg(Ft, Gt, FGlen, llen, ft, gt, slen, slen, k, sch, scl, logn, t1);
		}

		/* New bound on (F, G): scale_k + maxbl_fg + 10 bits of slack
		 * for the imperfect reduction; drop a word when possible. */
		new_maxbl_FG = scale_k + maxbl_fg + 10;
		if (new_maxbl_FG < maxbl_FG) {
			maxbl_FG = new_maxbl_FG;
			if ((int)FGlen * 31 >= maxbl_FG + 31) {
				FGlen--;
			}
		}
		if (scale_k <= 0) {
			break;
		}
		scale_k -= 25;
		if (scale_k < 0) {
			scale_k = 0;
		}
	}

	/* Sign-extend if the working length fell below slen. */
	if (FGlen < slen) {
		for (u = 0; u < 2 * n; u++) {
			uint32_t *x = Ft + u * llen;
			uint32_t sw = -(x[FGlen - 1] >> 30) >> 1;
			size_t v;

			for (v = FGlen; v < slen; v++) {
				x[v] = sw;
			}
		}
	}
	/* Output: F then G, slen words per coefficient. */
	for (u = 0; u < 2 * n; u++) {
		memmove(tmp + u * slen, tmp + u * llen, slen * sizeof *tmp);
	}
	return 1;
}

size_t pqs_ntru_reduce_depth1_words(unsigned logn_top)
{
	size_t n = (size_t)1 << (logn_top - 1);
	size_t slen = pqs_NTRU_MAX_BL_SMALL[1];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[1];

	/* Peak: F, G, f, g as fpr (8n words) + rt5 (2n) + rt6 (n). */
	size_t a = 2 * n * (llen + slen) + 4 * n;
	size_t b = 11 * n;

	return a > b ? a : b;
}

int pqs_ntru_reduce_depth1(unsigned logn_top, uint32_t *tmp)
{
	unsigned logn = logn_top - 1;
	size_t n = (size_t)1 << logn;
	size_t slen = pqs_NTRU_MAX_BL_SMALL[1];
	size_t llen = pqs_NTRU_MAX_BL_LARGE[1];
	uint32_t *Ft = tmp;
	uint32_t *Gt = Ft + n * llen;
	uint32_t *ft = Gt + n * llen;
	uint32_t *gt = ft + n * slen;
	fpr *rt1, *rt2, *rt3, *rt4, *rt5, *rt6;
	size_t u;

	/*
	 * At depth 1 the unreduced F, G fit in 53 bits and f, g are
	 * small: one exact-enough floating-point pass suffices.  Memory is
	 * squeezed as the integer forms become unneeded.
	 */
	rt1 = fpr_at(tmp, gt + n * slen);
	rt2 = rt1 + n;
	pqs_ntru_poly_big_to_fp(rt1, Ft, llen, llen, logn);
	pqs_ntru_poly_big_to_fp(rt2, Gt, llen, llen, logn);
	memmove(tmp, ft, 2 * n * slen * sizeof *ft);
	ft = tmp;
	gt = ft + n * slen;
	rt3 = fpr_at(tmp, gt + n * slen);
	memmove(rt3, rt1, 2 * n * sizeof *rt1);
	rt1 = rt3;
	rt2 = rt1 + n;
	rt3 = rt2 + n;
	rt4 = rt3 + n;
	pqs_ntru_poly_big_to_fp(rt3, ft, slen, slen, logn);
	pqs_ntru_poly_big_to_fp(rt4, gt, slen, slen, logn);
	memmove(tmp, rt1, 4 * n * sizeof *rt1);
	rt1 = (fpr *)(void *)tmp;
	rt2 = rt1 + n;
	rt3 = rt2 + n;
	rt4 = rt3 + n;

	pqs_fndsa_FFT(rt1, logn);
	pqs_fndsa_FFT(rt2, logn);
	pqs_fndsa_FFT(rt3, logn);
	pqs_fndsa_FFT(rt4, logn);

	/* k = round((F*adj(f) + G*adj(g)) / (f*adj(f) + g*adj(g))). */
	rt5 = rt4 + n;
	rt6 = rt5 + n;
	pqs_fndsa_poly_add_muladj_fft(rt5, rt1, rt2, rt3, rt4, logn);
	pqs_fndsa_poly_invnorm2_fft(rt6, rt3, rt4, logn);
	pqs_fndsa_poly_mul_autoadj_fft(rt5, rt6, logn);
	pqs_fndsa_iFFT(rt5, logn);
	for (u = 0; u < n; u++) {
		fpr z = rt5[u];
		int in_range = fpr_lt(z, fpr_ptwo63m1) & fpr_lt(fpr_mtwo63m1, z);

		/* Out-of-range only on failure (then f, g are discarded). */
		PQS_CT_DECLASSIFY(&in_range, sizeof in_range);
		if (!in_range) {
			return 0;
		}
		rt5[u] = fpr_of(fpr_rint(z));
	}
	pqs_fndsa_FFT(rt5, logn);

	/* (F, G) <- (F - k*f, G - k*g), in the FFT domain. */
	pqs_fndsa_poly_mul_fft(rt3, rt5, logn);
	pqs_fndsa_poly_mul_fft(rt4, rt5, logn);
	pqs_fndsa_poly_sub(rt1, rt3, logn);
	pqs_fndsa_poly_sub(rt2, rt4, logn);
	pqs_fndsa_iFFT(rt1, logn);
	pqs_fndsa_iFFT(rt2, logn);

	/* Back to one-word integers: F then G. */
	Ft = tmp;
	Gt = Ft + n;
	rt3 = fpr_at(tmp, Gt + n);
	memmove(rt3, rt1, 2 * n * sizeof *rt1);
	rt1 = rt3;
	rt2 = rt1 + n;
	for (u = 0; u < n; u++) {
		Ft[u] = (uint32_t)fpr_rint(rt1[u]);
		Gt[u] = (uint32_t)fpr_rint(rt2[u]);
	}
	return 1;
}

int pqs_ntru_solve_depth1(unsigned logn_top, const int8_t *f, const int8_t *g, uint32_t *tmp, const uint32_t *fg)
{
	pqs_ntru_lift(logn_top, f, g, 1, tmp, fg);
	return pqs_ntru_reduce_depth1(logn_top, tmp);
}

/*
 * Depth-0 Babai coefficient k = round(t1/t2) (t1 = F adj f + G adj g,
 * t2 = f adj f + g adj g, signed 31-bit coefficients), written to t1 as
 * values modulo p.  t2 is self-adjoint: its FFT is real, and only the
 * first n/2 slots are kept.  Binary64, as the reference.
 */
static void depth0_quotient_fp(uint32_t *tmp, uint32_t *t1, uint32_t *t2, uint32_t *t3, unsigned logn, uint32_t p)
{
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	fpr *rt2, *rt3;
	size_t u;

	rt3 = fpr_at(tmp, t3);
	for (u = 0; u < n; u++) {
		rt3[u] = fpr_of(u32_as_s32(t2[u]));
	}
	pqs_fndsa_FFT(rt3, logn);
	rt2 = fpr_at(tmp, t2);
	memmove(rt2, rt3, hn * sizeof *rt3);
	rt3 = rt2 + hn;
	for (u = 0; u < n; u++) {
		rt3[u] = fpr_of(u32_as_s32(t1[u]));
	}
	pqs_fndsa_FFT(rt3, logn);
	pqs_fndsa_poly_div_autoadj_fft(rt3, rt2, logn);
	pqs_fndsa_iFFT(rt3, logn);
	for (u = 0; u < n; u++) {
		t1[u] = mp31_set((int32_t)fpr_rint(rt3[u]), p);
	}
}

/*
 * The same in 32.32 fixed point (keygen variant "fixed", issue 17), with
 * both operands scaled by 2^-10 as in the 2025 solver's depth 0
 * (notes/fn-dsa-provisional.md section 1.4 step 4).
 */
static void depth0_quotient_fixed(uint32_t *tmp, uint32_t *t1, uint32_t *t2, uint32_t *t3, unsigned logn, uint32_t p)
{
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	fxr *rden = (fxr *)(void *)fpr_at(tmp, t2);
	fxr *rnum = rden + hn;
	fxr *rt = (fxr *)(void *)fpr_at(tmp, t3);
	size_t u;

	for (u = 0; u < n; u++) {
		rt[u] = fxr_of_int_down10(t2[u]);
	}
	pqs_fndsa_fxr_FFT(logn, rt);
	memmove(rden, rt, hn * sizeof *rt);
	for (u = 0; u < n; u++) {
		rnum[u] = fxr_of_int_down10(t1[u]);
	}
	pqs_fndsa_fxr_FFT(logn, rnum);
	pqs_fndsa_fxr_div_selfadj_fft(logn, rnum, rden);
	pqs_fndsa_fxr_iFFT(logn, rnum);
	for (u = 0; u < n; u++) {
		t1[u] = mp31_set(fxr_round(rnum[u]), p);
	}
}

size_t pqs_ntru_solve_depth0_words(unsigned logn)
{
	return (size_t)7 << logn;
}

int pqs_ntru_solve_depth0(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp)
{
	return pqs_ntru_solve_depth0_mode(logn, f, g, tmp, 0);
}

int pqs_ntru_solve_depth0_mode(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp, int fixed)
{
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	uint32_t p = pqs_mp31_primes[0].p;
	uint32_t p0i = pqs_mp31_ninv31(p);
	uint32_t R2 = pqs_mp31_R2(p);
	uint32_t *Fp, *Gp, *ft, *gt, *gm, *igm, *t1, *t2, *t3, *t4, *t5;
	size_t u;

	/*
	 * Lifting (Alg. 6 lines 8-9) modulo the single prime p0: at the top
	 * level the unreduced F, G and F*adj(f) + G*adj(g),
	 * f*adj(f) + g*adj(g) fit in 31 bits (signed).
	 */
	Fp = tmp;
	Gp = Fp + hn;
	ft = Gp + hn;
	gt = ft + n;
	gm = gt + n;
	igm = gm + n;
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], p0i);
	for (u = 0; u < hn; u++) {
		Fp[u] = mp31_set(zint_one_to_plain(Fp + u), p);
		Gp[u] = mp31_set(zint_one_to_plain(Gp + u), p);
	}
	pqs_mp31_NTT(Fp, 1, gm, logn - 1, p, p0i);
	pqs_mp31_NTT(Gp, 1, gm, logn - 1, p, p0i);
	for (u = 0; u < n; u++) {
		ft[u] = mp31_set(f[u], p);
		gt[u] = mp31_set(g[u], p);
	}
	pqs_mp31_NTT(ft, 1, gm, logn, p, p0i);
	pqs_mp31_NTT(gt, 1, gm, logn, p, p0i);
	for (u = 0; u < n; u += 2) {
		uint32_t ftA = ft[u], ftB = ft[u + 1];
		uint32_t gtA = gt[u], gtB = gt[u + 1];
		uint32_t mFp = mp31_mmul(Fp[u >> 1], R2, p, p0i);
		uint32_t mGp = mp31_mmul(Gp[u >> 1], R2, p, p0i);

		ft[u] = mp31_mmul(gtB, mFp, p, p0i);
		ft[u + 1] = mp31_mmul(gtA, mFp, p, p0i);
		gt[u] = mp31_mmul(ftB, mGp, p, p0i);
		gt[u + 1] = mp31_mmul(ftA, mGp, p, p0i);
	}
	pqs_mp31_iNTT(ft, 1, igm, logn, p, p0i);
	pqs_mp31_iNTT(gt, 1, igm, logn, p, p0i);

	/* Layout: F | G (n words each, coefficients mod p) | t1..t5. */
	Gp = Fp + n;
	t1 = Gp + n;
	memmove(Fp, ft, 2 * n * sizeof *ft);
	t2 = t1 + n;
	t3 = t2 + n;
	t4 = t3 + n;
	t5 = t4 + n;

	/* F*adj(f) + G*adj(g) (t2) and f*adj(f) + g*adj(g) (t3), exact
	 * modulo p via the NTT; adj(f)(x) = f(1/x) = f0 - sum f_i x^(n-i). */
	pqs_mp31_mkgm(t1, t2, logn, &pqs_mp31_primes[0], p0i);
	pqs_mp31_NTT(Fp, 1, t1, logn, p, p0i);
	pqs_mp31_NTT(Gp, 1, t1, logn, p, p0i);
	t4[0] = t5[0] = mp31_set(f[0], p);
	for (u = 1; u < n; u++) {
		t4[u] = mp31_set(f[u], p);
		t5[n - u] = mp31_set(-f[u], p);
	}
	pqs_mp31_NTT(t4, 1, t1, logn, p, p0i);
	pqs_mp31_NTT(t5, 1, t1, logn, p, p0i);
	for (u = 0; u < n; u++) {
		uint32_t w = mp31_mmul(t5[u], R2, p, p0i);

		t2[u] = mp31_mmul(w, Fp[u], p, p0i);
		t3[u] = mp31_mmul(w, t4[u], p, p0i);
	}
	t4[0] = t5[0] = mp31_set(g[0], p);
	for (u = 1; u < n; u++) {
		t4[u] = mp31_set(g[u], p);
		t5[n - u] = mp31_set(-g[u], p);
	}
	pqs_mp31_NTT(t4, 1, t1, logn, p, p0i);
	pqs_mp31_NTT(t5, 1, t1, logn, p, p0i);
	for (u = 0; u < n; u++) {
		uint32_t w = mp31_mmul(t5[u], R2, p, p0i);

		t2[u] = mp31_add(t2[u], mp31_mmul(w, Gp[u], p, p0i), p);
		t3[u] = mp31_add(t3[u], mp31_mmul(w, t4[u], p, p0i), p);
	}
	pqs_mp31_mkgm(t1, t4, logn, &pqs_mp31_primes[0], p0i);
	pqs_mp31_iNTT(t2, 1, t4, logn, p, p0i);
	pqs_mp31_iNTT(t3, 1, t4, logn, p, p0i);
	for (u = 0; u < n; u++) {
		t1[u] = (uint32_t)mp31_norm(t2[u], p);
		t2[u] = (uint32_t)mp31_norm(t3[u], p);
	}

	/* k = round(t1 / t2); t2 is self-adjoint, so its FFT is real and
	 * only the first n/2 slots are kept. */
	if (fixed) {
		depth0_quotient_fixed(tmp, t1, t2, t3, logn, p);
	} else {
		depth0_quotient_fp(tmp, t1, t2, t3, logn, p);
	}

	/* (F, G) <- (F - k*f, G - k*g) modulo p, then signed. */
	t2 = t1 + n;
	t3 = t2 + n;
	t4 = t3 + n;
	t5 = t4 + n;
	pqs_mp31_mkgm(t2, t3, logn, &pqs_mp31_primes[0], p0i);
	for (u = 0; u < n; u++) {
		t4[u] = mp31_set(f[u], p);
		t5[u] = mp31_set(g[u], p);
	}
	pqs_mp31_NTT(t1, 1, t2, logn, p, p0i);
	pqs_mp31_NTT(t4, 1, t2, logn, p, p0i);
	pqs_mp31_NTT(t5, 1, t2, logn, p, p0i);
	for (u = 0; u < n; u++) {
		uint32_t kw = mp31_mmul(t1[u], R2, p, p0i);

		Fp[u] = mp31_sub(Fp[u], mp31_mmul(kw, t4[u], p, p0i), p);
		Gp[u] = mp31_sub(Gp[u], mp31_mmul(kw, t5[u], p, p0i), p);
	}
	pqs_mp31_iNTT(Fp, 1, t3, logn, p, p0i);
	pqs_mp31_iNTT(Gp, 1, t3, logn, p, p0i);
	for (u = 0; u < n; u++) {
		Fp[u] = (uint32_t)mp31_norm(Fp[u], p);
		Gp[u] = (uint32_t)mp31_norm(Gp[u], p);
	}
	return 1;
}
