/*
 * FN-DSA 2025 NTRUSolve: the reductions (notes/fn-dsa-provisional.md
 * section 1.4 steps 3 and 4; ePrint 2025/1239 "ReducePartial").
 *
 * Round 3 (ntru_reduce.c) reduces (F, G) together against (f, g) with
 * binary64 approximations.  The 2025 solver keeps only F: with
 * G = (q + g F)/f, the Babai coefficient k = round((F adj f + G adj g) /
 * (f adj f + g adj g)) is approximated by round(F/f), computed in 32.32
 * fixed point from the top words of f and F, and applied repeatedly,
 * shaving REDUCE_BITS bits of scale per pass; a dropped top word of F
 * must be a pure sign extension, or the candidate is rejected.  Only at
 * depth 0 is G rebuilt (modulo one prime) for the exact coefficient.
 *
 * Secret-dependent values (scale_x, the words of F and f) never drive a
 * branch or an index; the public schedule (scales, lengths) does.  The
 * early exit of the limb check reveals only that a candidate is rejected.
 */
#include <string.h>

#include "core/ct.h"
#include "keygen2025_inner.h"

/* REDUCE_BITS (section 1.4): bits of scale removed per pass. */
static uint32_t
reduce_bits(unsigned logn_top)
{
	return logn_top == 10 ? 8 : logn_top == 9 ? 9 : 10;
}

/* All-ones if x, read as a signed 32-bit value, is negative. */
static inline uint32_t
sign_mask(uint32_t x)
{
	return (uint32_t)-(x >> 31);
}

/* Number of leading zeros of x (32 for x = 0), without branches. */
static uint32_t
lzcnt32(uint32_t x)
{
	/* Binary search: at each step, shift left by s if the top s bits
	 * are all zero (m = all-ones then). */
	static const unsigned steps[5] = { 16, 8, 4, 2, 1 };
	uint32_t r = 0;
	int i;

	for (i = 0; i < 5; i++) {
		uint32_t m = (uint32_t)-(((x >> (32 - steps[i])) - 1) >> 31);
		uint32_t s = m & steps[i];

		r += s;
		x <<= s;
	}
	/* x = 0 only if the input was 0: 32 in total. */
	return r + (((x >> 31) - 1) >> 31);
}

/*
 * Largest bit length (sign excluded) over the n coefficients of x (each
 * len words at x + j*stride): 31*(index of the top word that is not a
 * sign word) + bit length of that word after sign adjustment.
 */
uint32_t pqs_fndsa_ntru2025_max_bitlength(const uint32_t *x, size_t n, size_t stride, size_t len)
{
	uint32_t t = 0, tk = 0;
	size_t j, w;

	if (len == 0) {
		return 0;
	}
	for (j = 0; j < n; j++) {
		const uint32_t *c = x + j * stride;
		uint32_t m = (uint32_t)-(c[len - 1] >> 30) & 0x7FFFFFFFu;
		uint32_t cw = 0, ck = 0, rr;

		for (w = 0; w < len; w++) {
			uint32_t v = c[w] ^ m;
			uint32_t nz = ((v - 1) >> 31) - 1; /* all-ones if v != 0 */

			cw ^= nz & (cw ^ v);
			ck ^= nz & (ck ^ (uint32_t)w);
		}
		/* Replace (t, tk) if ck > tk, or ck = tk and cw > t. */
		rr = sign_mask((tk - ck) | (((tk ^ ck) - 1) & (t - cw)));
		t ^= rr & (t ^ cw);
		tk ^= rr & (tk ^ ck);
	}
	return 31 * tk + 32 - lzcnt32(t);
}

/*
 * d[j] <- x_j / 2^sc as 32.32 fixed point, truncated (bits sc-32 ..
 * sc+31 of x_j, sign-extended above its len words); sc may be secret.
 */
void pqs_fndsa_ntru2025_big_to_fixed(fxr *d, const uint32_t *x, size_t n, size_t stride, size_t len, uint32_t sc)
{
	uint32_t sch, scl, z, t0, t1, t2;
	size_t j, w;

	if (len == 0) {
		memset(d, 0, n * sizeof *d);
		return;
	}
	/* sc = 31*sch + scl with scl in 1..31 (sch may become -1, which
	 * then matches no word index: those words read as zero). */
	sch = sc / 31;
	scl = sc % 31;
	z = (scl - 1) >> 31;
	sch -= z;
	scl |= 31 & -z;
	t0 = (sch - 1) & 0xFFFFFFu;
	t1 = sch & 0xFFFFFFu;
	t2 = (sch + 1) & 0xFFFFFFu;
	for (j = 0; j < n; j++) {
		const uint32_t *c = x + j * stride;
		uint32_t w0 = 0, w1 = 0, w2 = 0, ws, xl, xh;

		for (w = 0; w < len; w++) {
			uint32_t v = c[w];
			uint32_t tw = (uint32_t)w & 0xFFFFFFu;

			w0 |= v & -(((tw ^ t0) - 1) >> 31);
			w1 |= v & -(((tw ^ t1) - 1) >> 31);
			w2 |= v & -(((tw ^ t2) - 1) >> 31);
		}
		/* Words beyond len: copies of the sign. */
		ws = (uint32_t)-(c[len - 1] >> 30) >> 1;
		w0 |= ws & -(((uint32_t)len - sch) >> 31);
		w1 |= ws & -(((uint32_t)len - sch - 1) >> 31);
		w2 |= ws & -(((uint32_t)len - sch - 2) >> 31);
		w2 |= (w2 & 0x40000000u) << 1;
		xl = (w0 >> (scl - 1)) | (w1 << (32 - scl));
		xh = (w1 >> scl) | (w2 << (31 - scl));
		d[j] = fxr_of_scaled32((uint64_t)xl | ((uint64_t)xh << 32));
	}
}

/* Per-prime constants. */
typedef struct {
	uint32_t p, p0i, R2;
} prime_ctx;

static prime_ctx
prime_at(size_t i)
{
	prime_ctx c;

	c.p = pqs_mp31_primes[i].p;
	c.p0i = pqs_mp31_ninv31(c.p);
	c.R2 = pqs_mp31_R2(c.p);
	return c;
}

/* k*2^sc mod p, in NTT form (k signed, |k| < p; sc public). */
static void
k_scaled_ntt(uint32_t *d, const int32_t *k, size_t n, unsigned logn,
	uint32_t sc, const uint32_t *gm, prime_ctx c)
{
	/* A Montgomery product (x*y/2^31) with scv = 2^(sc+31) multiplies
	 * by 2^sc: scv = 2^(31*(sc/31 + 1)) * 2^(sc mod 31). */
	uint32_t a = pqs_mp31_Rx(sc / 31 + 1, c.p, c.p0i, c.R2);
	uint32_t scv = mp31_mmul(a,
		mp31_mmul((uint32_t)1 << (sc % 31), c.R2, c.p, c.p0i),
		c.p, c.p0i);
	size_t j;

	for (j = 0; j < n; j++) {
		d[j] = mp31_mmul(scv, mp31_set(k[j], c.p), c.p, c.p0i);
	}
	pqs_mp31_NTT(d, 1, gm, logn, c.p, c.p0i);
}

/*
 * Depth 1 (the reference's poly_sub_kf_scaled_depth1): F has FGlen = 1
 * or 2 words; F - k*f*2^sc is computed modulo p_0 (and p_1) in the NTT
 * domain and rebuilt as a signed value modulo p_0 (p_0 p_1).
 * Coefficients of Ft are 'stride' words apart (stride >= FGlen).
 * tmp: 5n words + 2.
 */
void pqs_fndsa_ntru2025_sub_kf_depth1(uint32_t *Ft, size_t stride, size_t FGlen, const int32_t *k, uint32_t sc,
				      const uint32_t *ft, size_t n, unsigned logn, uint32_t *tmp)
{
	uint32_t *gm = tmp, *igm = gm + n, *tk = igm + n, *tf = tk + n;
	int32_t *k_alt = (int32_t *)(tf + n);
	uint32_t *crt = (uint32_t *)(k_alt + n);
	size_t i, j;

	/* Word i of each coefficient <- F mod p_i. */
	for (j = 0; j < n; j++) {
		uint32_t r[2] = { 0, 0 };

		for (i = 0; i < FGlen; i++) {
			prime_ctx c = prime_at(i);
			uint32_t Rx = pqs_mp31_Rx((unsigned)FGlen, c.p, c.p0i, c.R2);

			r[i] = pqs_zint_mod_small_signed(Ft + stride * j, FGlen, c.p, c.p0i, c.R2, Rx);
		}
		for (i = 0; i < FGlen; i++) {
			Ft[stride * j + i] = r[i];
		}
	}
	for (i = 0; i < FGlen; i++) {
		prime_ctx c = prime_at(i);

		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], c.p0i);
		if (i == 1 && sc % 32 == 0) {
			/*
			 * The reference turns k into k*2^sc (mod p_0) in place
			 * and converts it back before the second prime; when sc
			 * is a multiple of 32 that conversion yields
			 * k*2^-32 mod p_0 (centred) instead of k.  Keys depend on
			 * it (logn <= 8 reach sc = 32 with two words), so the
			 * second prime uses that value here too.
			 */
			prime_ctx c0 = prime_at(0);
			size_t u;

			for (u = 0; u < n; u++) {
				uint32_t x = mp31_set(k[u], c0.p);

				x = mp31_mmul(mp31_mmul(x, 1, c0.p, c0.p0i),
					(uint32_t)1 << 30, c0.p, c0.p0i);
				k_alt[u] = mp31_norm(x, c0.p);
			}
			k_scaled_ntt(tk, k_alt, n, logn, sc, gm, c);
		} else {
			k_scaled_ntt(tk, k, n, logn, sc, gm, c);
		}
		for (j = 0; j < n; j++) {
			tf[j] = mp31_set(zint_one_to_plain(ft + j), c.p);
		}
		pqs_mp31_NTT(tf, 1, gm, logn, c.p, c.p0i);
		pqs_mp31_NTT(Ft + i, stride, gm, logn, c.p, c.p0i);
		for (j = 0; j < n; j++) {
			uint32_t kf = mp31_mmul(mp31_mmul(tk[j], tf[j], c.p, c.p0i),
				c.R2, c.p, c.p0i);

			Ft[stride * j + i] = mp31_sub(Ft[stride * j + i], kf, c.p);
		}
		pqs_mp31_iNTT(Ft + i, stride, igm, logn, c.p, c.p0i);
	}
	if (FGlen == 1) {
		uint32_t p = pqs_mp31_primes[0].p;

		for (j = 0; j < n; j++) {
			Ft[stride * j] = (uint32_t)mp31_norm(Ft[stride * j], p) & 0x7FFFFFFFu;
		}
	} else {
		pqs_zint_rebuild_CRT(Ft, 2, stride, n, 1, crt);
	}
}

/*
 * Depth >= 2 with n >= 16: k*f over slen+1 primes (f given in NTT form
 * over those primes, stride slen+1), rebuilt as signed integers, then
 * subtracted from F with scale 2^sc, exactly modulo 2^(31*FGlen).
 * tmp: (slen+1)*n + 3n + (slen+1) words.
 */
void pqs_fndsa_ntru2025_sub_kf_ntt(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
				   const uint32_t *fntt, size_t slen, size_t n, unsigned logn, uint32_t *tmp)
{
	size_t tlen = slen + 1;
	uint32_t *fk = tmp, *gm = fk + tlen * n, *igm = gm + n, *tk = igm + n;
	uint32_t *crt = tk + n;
	size_t i, j;

	for (i = 0; i < tlen; i++) {
		prime_ctx c = prime_at(i);

		pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], c.p0i);
		for (j = 0; j < n; j++) {
			tk[j] = mp31_set(k[j], c.p);
		}
		pqs_mp31_NTT(tk, 1, gm, logn, c.p, c.p0i);
		for (j = 0; j < n; j++) {
			fk[j * tlen + i] = mp31_mmul(
				mp31_mmul(tk[j], fntt[j * tlen + i], c.p, c.p0i),
				c.R2, c.p, c.p0i);
		}
		pqs_mp31_iNTT(fk + i, tlen, igm, logn, c.p, c.p0i);
	}
	pqs_zint_rebuild_CRT(fk, tlen, tlen, n, 1, crt);
	for (j = 0; j < n; j++) {
		pqs_zint_sub_scaled(Ft + j * llen, FGlen, fk + j * tlen, tlen, sc / 31, sc % 31);
	}
}

/*
 * Depth >= 2 with n <= 8 (the reference's poly_sub_scaled): schoolbook
 * F <- F - (k*f mod x^n+1)*2^sc, exact modulo 2^(31*FGlen).
 */
void pqs_fndsa_ntru2025_sub_kf_schoolbook(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
					  const uint32_t *ft, size_t slen, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			/* x^(i+j) = -x^(i+j-n) modulo x^n + 1. */
			size_t d = i + j < n ? i + j : i + j - n;
			int32_t kf = i + j < n ? -k[i] : k[i];

			pqs_zint_add_scaled_mul_small(Ft + d * llen, FGlen, ft + j * slen, slen, kf, sc / 31, sc % 31);
		}
	}
}

/* Memory of the reduction, in words; fxr arrays start at even offsets. */
size_t
pqs_fndsa_ntru2025_reduce_words(unsigned logn_top, unsigned depth)
{
	size_t n = (size_t)1 << (logn_top - depth);
	size_t slen = pqs_fndsa_ntru2025_small_bl[depth];
	size_t base = 2 * n + 2 * n + n; /* rt3, rt1, k */

	if (depth == 1) {
		return base + 5 * n + 2;
	}
	/* f in NTT form, then sub_kf_scaled_ntt()'s memory. */
	return base + (slen + 1) * n + (slen + 1) * n + 3 * n + slen + 1;
}

int
pqs_fndsa_ntru2025_reduce_partial(unsigned logn_top, unsigned depth,
	uint32_t *Ft, const uint32_t *ft, const int8_t *f_top, uint32_t *tmp)
{
	unsigned logn = logn_top - depth;
	size_t n = (size_t)1 << logn;
	size_t slen = pqs_fndsa_ntru2025_small_bl[depth];
	size_t llen = pqs_fndsa_ntru2025_large_bl[depth];
	size_t rlen = pqs_fndsa_ntru2025_word_win[depth];
	size_t blen, FGlen, i, j;
	uint32_t scale_fg, scale_FG, scale_x, scale_t, rbits;
	fxr *rt3 = (fxr *)(void *)tmp;
	fxr *rt1 = rt3 + n;
	int32_t *k = (int32_t *)(void *)(rt1 + n);
	uint32_t *fntt = (uint32_t *)(k + n);
	uint32_t *sub_tmp = depth == 1 ? fntt : fntt + (slen + 1) * n;

	(void)f_top;
	if (rlen > slen) {
		rlen = slen;
	}
	blen = slen - rlen;
	scale_fg = 31 * (uint32_t)blen;
	scale_FG = 31 * (uint32_t)llen;

	/*
	 * f from its top rlen words, scaled by 2^-(scale_fg + scale_x -
	 * scale_t): scale_x (secret) is the bit length of those words, and
	 * scale_t = min(15 - logn, scale_x) keeps the coefficients of
	 * f adj(f) below 2^31 in FFT form (n*t <= 2^15.5).  Then
	 * rt3 = 2^scale_t adj(f)/(f adj(f)).
	 */
	scale_x = pqs_fndsa_ntru2025_max_bitlength(ft + blen, n, slen, rlen);
	scale_t = 15 - logn;
	scale_t ^= (scale_t ^ scale_x) & sign_mask(scale_x - scale_t);
	pqs_fndsa_ntru2025_big_to_fixed(rt3, ft + blen, n, slen, rlen, scale_x - scale_t);
	pqs_fndsa_fxr_FFT(logn, rt3);
	pqs_fndsa_fxr_inv_mul2e_fft(logn, rt3, scale_t);

	if (depth > 1 && logn >= 4) {
		/* f modulo slen+1 primes, NTT form, for the exact k*f. */
		uint32_t *gm = sub_tmp, *igm = gm + n;

		for (i = 0; i <= slen; i++) {
			prime_ctx c = prime_at(i);
			uint32_t Rx = pqs_mp31_Rx((unsigned)slen, c.p, c.p0i, c.R2);

			pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[i], c.p0i);
			for (j = 0; j < n; j++) {
				fntt[j * (slen + 1) + i] =
					pqs_zint_mod_small_signed(ft + j * slen, slen, c.p, c.p0i, c.R2, Rx);
			}
			pqs_mp31_NTT(fntt + i, slen + 1, gm, logn, c.p, c.p0i);
		}
	}

	rbits = reduce_bits(logn_top);
	FGlen = llen;
	for (;;) {
		/* k = round(F/f): F at scale scale_FG + scale_x, f at
		 * scale_fg + scale_x, so k carries 2^(scale_FG - scale_fg). */
		uint32_t tlen = scale_FG / 31, toff = scale_FG % 31;
		uint32_t scale_k = scale_FG - scale_fg;

		pqs_fndsa_ntru2025_big_to_fixed(rt1, Ft + tlen, n, llen, FGlen - tlen, scale_x + toff);
		pqs_fndsa_fxr_FFT(logn, rt1);
		pqs_fndsa_fxr_mul_fft(logn, rt1, rt3);
		pqs_fndsa_fxr_iFFT(logn, rt1);
		for (j = 0; j < n; j++) {
			k[j] = fxr_round(rt1[j]);
		}
		if (depth == 1) {
			pqs_fndsa_ntru2025_sub_kf_depth1(Ft, 2, FGlen, k, scale_k, ft, n, logn, sub_tmp);
		} else if (logn < 4) {
			pqs_fndsa_ntru2025_sub_kf_schoolbook(Ft, llen, FGlen, k, scale_k, ft, slen, n);
		} else {
			pqs_fndsa_ntru2025_sub_kf_ntt(Ft, llen, FGlen, k, scale_k, fntt, slen, n, logn, sub_tmp);
		}

		if (scale_FG <= scale_fg) {
			break;
		}
		scale_FG = scale_FG <= scale_fg + rbits
			? scale_fg : scale_FG - rbits;
		/* Drop top words that the remaining passes cannot need; each
		 * must be the sign extension of the word below it, for every
		 * coefficient, or the reduction failed (section 1.4 "limb
		 * check"). */
		while (FGlen > slen
			&& 31 * (FGlen - slen) > scale_FG - scale_fg + 30)
		{
			uint32_t bad = 0;

			FGlen--;
			for (j = 0; j < n; j++) {
				const uint32_t *c = Ft + j * llen;
				uint32_t sw = (uint32_t)-(c[FGlen - 1] >> 30) >> 1;

				bad |= c[FGlen] ^ sw;
			}
			/* A failed candidate is discarded: the verdict is public. */
			PQS_CT_DECLASSIFY(&bad, sizeof bad);
			if (bad != 0) {
				return 0;
			}
		}
	}

	/* Compact F to slen words per coefficient (in place, forward). */
	for (j = 1; j < n; j++) {
		memmove(Ft + j * slen, Ft + j * llen, slen * sizeof *Ft);
	}
	return 1;
}

/* a*b mod p, normal representation in and out. */
static inline uint32_t
mulmod(uint32_t a, uint32_t b, prime_ctx c)
{
	return mp31_mmul(mp31_mmul(a, b, c.p, c.p0i), c.R2, c.p, c.p0i);
}

/* Signed value (|x| < 2^31) as 32.32 fixed point scaled by 2^-10. */
static inline fxr
fxr_of_int_down10(uint32_t x)
{
	return fxr_of_scaled32((uint64_t)(int64_t)(int32_t)x << 22);
}

int
pqs_fndsa_ntru2025_depth0(unsigned logn, const int8_t *f, const int8_t *g,
	uint32_t *tmp)
{
	size_t n = (size_t)1 << logn, hn = n >> 1, i;
	prime_ctx c = prime_at(0);
	uint32_t q = 12289, zero = 0;
	uint32_t *tF = tmp, *tg = tF + n, *tf = tg + n, *gm = tf + n;
	uint32_t *igm = gm + n, *num = igm + n, *den = num + n;
	size_t off = (size_t)(den + n - tmp);
	fxr *rnum, *rden;

	off += off & 1;
	rnum = (fxr *)(void *)(tmp + off);
	rden = rnum + n;
	pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[0], c.p0i);

	/* Lift: F(w) = F'(w^2) g(-w), modulo p_0 only (section 1.4 step 4). */
	for (i = 0; i < hn; i++) {
		num[i] = mp31_set(zint_one_to_plain(tF + i), c.p);
	}
	pqs_mp31_NTT(num, 1, gm, logn - 1, c.p, c.p0i);
	for (i = 0; i < n; i++) {
		tg[i] = mp31_set(g[i], c.p);
		tf[i] = mp31_set(f[i], c.p);
	}
	pqs_mp31_NTT(tg, 1, gm, logn, c.p, c.p0i);
	pqs_mp31_NTT(tf, 1, gm, logn, c.p, c.p0i);
	for (i = 0; i < hn; i++) {
		tF[2 * i] = mulmod(tg[2 * i + 1], num[i], c);
		tF[2 * i + 1] = mulmod(tg[2 * i], num[i], c);
	}
	/* G = (q + g F)/f needs f invertible modulo p_0. */
	for (i = 0; i < n; i++) {
		zero |= (tf[i] - 1) >> 31;
	}
	PQS_CT_DECLASSIFY(&zero, sizeof zero);
	if (zero) {
		return 0;
	}

	/* num = F adj(f) + G adj(g), den = f adj(f) + g adj(g); slots i
	 * and n-1-i are complex conjugates. */
	for (i = 0; i < hn; i++) {
		size_t i1 = n - 1 - i;
		uint32_t G0 = pqs_mp31_div(mp31_add(q, mulmod(tg[i], tF[i], c), c.p), tf[i], c.p, c.p0i, c.R2);
		uint32_t G1 = pqs_mp31_div(mp31_add(q, mulmod(tg[i1], tF[i1], c), c.p), tf[i1], c.p, c.p0i, c.R2);
		uint32_t d = mp31_add(mulmod(tf[i], tf[i1], c),
			mulmod(tg[i], tg[i1], c), c.p);

		num[i] = mp31_add(mulmod(tf[i1], tF[i], c),
			mulmod(tg[i1], G0, c), c.p);
		num[i1] = mp31_add(mulmod(tf[i], tF[i1], c),
			mulmod(tg[i], G1, c), c.p);
		den[i] = d;
		den[i1] = d;
	}
	pqs_mp31_iNTT(num, 1, igm, logn, c.p, c.p0i);
	pqs_mp31_iNTT(den, 1, igm, logn, c.p, c.p0i);

	/* k = round(num/den) in fixed point, both scaled by 2^-10; den is
	 * self-adjoint (real FFT slots). */
	for (i = 0; i < n; i++) {
		rnum[i] = fxr_of_int_down10((uint32_t)mp31_norm(den[i], c.p));
	}
	pqs_fndsa_fxr_FFT(logn, rnum);
	memcpy(rden, rnum, hn * sizeof *rnum);
	for (i = 0; i < n; i++) {
		rnum[i] = fxr_of_int_down10((uint32_t)mp31_norm(num[i], c.p));
	}
	pqs_fndsa_fxr_FFT(logn, rnum);
	pqs_fndsa_fxr_div_selfadj_fft(logn, rnum, rden);
	pqs_fndsa_fxr_iFFT(logn, rnum);
	for (i = 0; i < n; i++) {
		num[i] = mp31_set(fxr_round(rnum[i]), c.p);
	}
	pqs_mp31_NTT(num, 1, gm, logn, c.p, c.p0i);

	/* F <- F - k f, G <- (q + g F)/f, back to signed coefficients. */
	for (i = 0; i < n; i++) {
		uint32_t F = mp31_sub(tF[i], mulmod(tf[i], num[i], c), c.p);

		tF[i] = F;
		tg[i] = pqs_mp31_div(mp31_add(q, mulmod(tg[i], F, c), c.p), tf[i], c.p, c.p0i, c.R2);
	}
	pqs_mp31_iNTT(tF, 1, igm, logn, c.p, c.p0i);
	pqs_mp31_iNTT(tg, 1, igm, logn, c.p, c.p0i);
	for (i = 0; i < 2 * n; i++) {
		tmp[i] = (uint32_t)mp31_norm(tmp[i], c.p);
	}
	return 1;
}
