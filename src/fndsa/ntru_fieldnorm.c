/*
 * Field norms for NTRUSolve (Falcon round-3 spec v1.2, section 3.8.2,
 * Alg. 6 line 5 and Alg. 7 "FieldNorm"): for f in Z[x]/(x^n+1),
 *   N(f)(x^2) = f(x) * f(-x),   N(f) in Z[x]/(x^(n/2)+1).
 * Applying N repeatedly down to degree 1 yields Res(f, x^n+1).
 *
 * Coefficients grow (about doubling in bit length per level), so values
 * are kept in RNS, with pqs_NTRU_MAX_BL_SMALL[depth] primes at each depth.
 * In the NTT layout of pqs_mp31_mkgm(), slots 2j and 2j+1 of f hold f(w) and
 * f(-w), and slot j of the half-degree NTT corresponds to w^2: the norm
 * is the slot-wise product of those pairs.  The output needs more primes
 * than the input; the missing residues are obtained by rebuilding the
 * input integers with the CRT and reducing them modulo the new primes.
 */
#include <string.h>

#include "keygen_inner.h"

size_t pqs_ntru_fieldnorm_step_words(unsigned logn_top, unsigned depth)
{
	size_t n = (size_t)1 << (logn_top - depth);
	size_t slen = pqs_NTRU_MAX_BL_SMALL[depth];
	size_t tlen = pqs_NTRU_MAX_BL_SMALL[depth + 1];

	return n * tlen + 2 * n * slen + 3 * n;
}

/* d[j] <- t1[2j] * t1[2j+1] (NTT slots: N(f)(w^2) = f(w) f(-w)). */
static void
pair_products(uint32_t *d, size_t dstride, const uint32_t *t1, size_t hn,
	uint32_t p, uint32_t p0i, uint32_t R2)
{
	size_t v;

	for (v = 0; v < hn; v++, d += dstride) {
		uint32_t w = mp31_mmul(t1[2 * v], t1[2 * v + 1], p, p0i);

		*d = mp31_mmul(w, R2, p, p0i);
	}
}

void pqs_ntru_fieldnorm_step(uint32_t *data, unsigned logn_top, unsigned depth, int in_ntt, int out_ntt)
{
	pqs_ntru_fieldnorm_step_len(data, logn_top - depth, pqs_NTRU_MAX_BL_SMALL[depth],
				    pqs_NTRU_MAX_BL_SMALL[depth + 1], in_ntt, out_ntt);
}

void pqs_ntru_fieldnorm_step_len(uint32_t *data, unsigned logn, size_t slen, size_t tlen, int in_ntt, int out_ntt)
{
	size_t n = (size_t)1 << logn;
	size_t hn = n >> 1;
	uint32_t *fd, *gd, *fs, *gs, *gm, *igm, *t1;
	size_t u, v;

	/* Output first, the input moved after it (the regions overlap). */
	fd = data;
	gd = fd + hn * tlen;
	fs = gd + hn * tlen;
	gs = fs + n * slen;
	gm = gs + n * slen;
	igm = gm + n;
	t1 = igm + n;
	memmove(fs, data, 2 * n * slen * sizeof *data);

	/* Primes already present in the input. */
	for (u = 0; u < slen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t *src[2];
		uint32_t *dst[2];
		int k;

		src[0] = fs;
		src[1] = gs;
		dst[0] = fd;
		dst[1] = gd;
		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[u], p0i);
		for (k = 0; k < 2; k++) {
			for (v = 0; v < n; v++) {
				t1[v] = src[k][v * slen + u];
			}
			if (!in_ntt) {
				pqs_mp31_NTT(t1, 1, gm, logn, p, p0i);
			}
			pair_products(dst[k] + u, tlen, t1, hn, p, p0i, R2);
			if (in_ntt) {
				/* Back to coefficients for the CRT below. */
				pqs_mp31_iNTT(src[k] + u, slen, igm, logn, p, p0i);
			}
			if (!out_ntt) {
				pqs_mp31_iNTT(dst[k] + u, tlen, igm, logn - 1, p, p0i);
			}
		}
	}

	/* Input to plain integers, then residues modulo the new primes. */
	/* gs follows fs: one rebuild of the 2n integers. */
	pqs_zint_rebuild_CRT(fs, slen, slen, 2 * n, 1, gm);
	for (u = slen; u < tlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);
		uint32_t R2 = pqs_mp31_R2(p);
		uint32_t pw[MP31_NUM_PRIMES];
		uint32_t Rx;
		uint32_t *src[2];
		uint32_t *dst[2];
		int k;

		src[0] = fs;
		src[1] = gs;
		dst[0] = fd;
		dst[1] = gd;
		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[u], p0i);
		pqs_zint_mod_weights(pw, slen, p, p0i, R2);
		/* Signed correction 2^(31 slen) mod p: the last weight. */
		Rx = pw[slen - 1];
		for (k = 0; k < 2; k++) {
			pqs_zint_mod_small_signed_many_pw(t1, 1, src[k], slen, n, slen, p, p0i, Rx, pw);
			pqs_mp31_NTT(t1, 1, gm, logn, p, p0i);
			pair_products(dst[k] + u, tlen, t1, hn, p, p0i, R2);
			if (!out_ntt) {
				pqs_mp31_iNTT(dst[k] + u, tlen, igm, logn - 1, p, p0i);
			}
		}
	}
}

size_t pqs_ntru_make_fg_words(unsigned logn_top, unsigned depth)
{
	size_t n = (size_t)1 << logn_top;
	/* depth 0: f, g and the NTT tables. */
	size_t w = depth == 0 ? 4 * n : 2 * n;
	unsigned d;

	for (d = 0; d < depth; d++) {
		size_t x = pqs_ntru_fieldnorm_step_words(logn_top, d);

		if (x > w) {
			w = x;
		}
	}
	return w;
}

size_t pqs_ntru_fg_cache_entry_words(unsigned logn_top, unsigned depth)
{
	return ((size_t)2 << (logn_top - depth)) * pqs_NTRU_MAX_BL_SMALL[depth];
}

uint32_t *pqs_ntru_fg_cache_slot(const ntru_fg_cache *c, unsigned logn_top, unsigned depth)
{
	/* Slots from the end of tmp downwards, shallowest first: the
	 * deepest entries, consumed first, are next to the work area. */
	uint32_t *p = c->end;
	unsigned d;

	for (d = c->min_depth; d <= depth; d++) {
		p -= pqs_ntru_fg_cache_entry_words(logn_top, d);
	}
	return p;
}

void pqs_ntru_make_fg_fill(uint32_t *data, const int8_t *f, const int8_t *g, unsigned logn_top, unsigned depth,
			   int out_ntt, const ntru_fg_cache *c)
{
	size_t n = (size_t)1 << logn_top;
	uint32_t p0 = pqs_mp31_primes[0].p;
	uint32_t *ft = data;
	uint32_t *gt = ft + n;
	size_t u;
	unsigned d;

	/* Depth 0: one word per coefficient (pqs_NTRU_MAX_BL_SMALL[0] = 1). */
	for (u = 0; u < n; u++) {
		ft[u] = mp31_set(f[u], p0);
		gt[u] = mp31_set(g[u], p0);
	}
	if (depth == 0) {
		if (out_ntt) {
			uint32_t p0i = pqs_mp31_ninv31(p0);
			uint32_t *gm = gt + n;
			uint32_t *igm = gm + n;

			pqs_mp31_mkgm(gm, igm, logn_top, &pqs_mp31_primes[0], p0i);
			pqs_mp31_NTT(ft, 1, gm, logn_top, p0, p0i);
			pqs_mp31_NTT(gt, 1, gm, logn_top, p0, p0i);
		}
		return;
	}
	for (d = 0; d < depth; d++) {
		/* Between steps, f and g at depth d are in RNS + NTT form:
		 * exactly what pqs_ntru_lift() needs at that depth. */
		if (c != NULL && d >= 1 && d >= c->min_depth && d < logn_top) {
			memcpy(pqs_ntru_fg_cache_slot(c, logn_top, d), data,
			       pqs_ntru_fg_cache_entry_words(logn_top, d) * sizeof *data);
		}
		pqs_ntru_fieldnorm_step(data, logn_top, d, d != 0, (d + 1) < depth || out_ntt);
	}
}

void pqs_ntru_make_fg(uint32_t *data, const int8_t *f, const int8_t *g, unsigned logn_top, unsigned depth, int out_ntt)
{
	pqs_ntru_make_fg_fill(data, f, g, logn_top, depth, out_ntt, NULL);
}
