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
 * The same code also gives the round-3 solver a fixed-point Reduce
 * (issue 17, keygen variant "fixed"): F and G against f and g, as in
 * ntrugen 2023 (ePrint 2023/290), with the round-3 word budgets and
 * memory layout (pqs_ntru_reduce_fixed(), keygen_inner.h).
 *
 * Secret-dependent values (scale_x, the words of F and f) never drive a
 * branch or an index; the public schedule (scales, lengths) does.  The
 * early exit of the limb check reveals only that a candidate is rejected.
 */
#include <string.h>

#include "core/ct.h"
#include "keygen2025_inner.h"
#include "mp31_avx2.h"

/* REDUCE_BITS (section 1.4): bits of scale removed per pass. */
static uint32_t reduce_bits(unsigned logn_top)
{
	return logn_top == 10 ? 8 : logn_top == 9 ? 9 : 10;
}

/* All-ones if x, read as a signed 32-bit value, is negative. */
static inline uint32_t sign_mask(uint32_t x)
{
	return (uint32_t) - (x >> 31);
}

/* Number of leading zeros of x (32 for x = 0), without branches. */
static uint32_t lzcnt32(uint32_t x)
{
	/* Binary search: at each step, shift left by s if the top s bits
	 * are all zero (m = all-ones then). */
	static const unsigned steps[5] = { 16, 8, 4, 2, 1 };
	uint32_t r = 0;
	int i;

	for (i = 0; i < 5; i++) {
		uint32_t m = (uint32_t) - (((x >> (32 - steps[i])) - 1) >> 31);
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
		uint32_t m = (uint32_t) - (c[len - 1] >> 30) & 0x7FFFFFFFu;
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
/* All-ones if w = t (t < 2^24, the word index masked alike), else 0. */
static inline uint32_t word_mask(size_t w, uint32_t t)
{
	return -(((((uint32_t)w & 0xFFFFFFu) ^ t) - 1) >> 31);
}

#define BTF_MW 16

void pqs_fndsa_ntru2025_big_to_fixed(fxr *d, const uint32_t *x, size_t n, size_t stride, size_t len, uint32_t sc)
{
	uint32_t sch, scl, z, t0, t1, t2, mk[BTF_MW][3];
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
	/* The word masks depend on w only: made once for the first
	 * BTF_MW words (every len met in keygen), not once per coefficient. */
	for (w = 0; w < len && w < BTF_MW; w++) {
		mk[w][0] = word_mask(w, t0);
		mk[w][1] = word_mask(w, t1);
		mk[w][2] = word_mask(w, t2);
	}
	for (j = 0; j < n; j++) {
		const uint32_t *c = x + j * stride;
		uint32_t w0 = 0, w1 = 0, w2 = 0, ws, xl, xh;

		for (w = 0; w < len && w < BTF_MW; w++) {
			uint32_t v = c[w];

			w0 |= v & mk[w][0];
			w1 |= v & mk[w][1];
			w2 |= v & mk[w][2];
		}
		for (; w < len; w++) {
			uint32_t v = c[w];

			w0 |= v & word_mask(w, t0);
			w1 |= v & word_mask(w, t1);
			w2 |= v & word_mask(w, t2);
		}
		/* Words beyond len: copies of the sign. */
		ws = (uint32_t) - (c[len - 1] >> 30) >> 1;
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

static prime_ctx prime_at(size_t i)
{
	prime_ctx c;

	c.p = pqs_mp31_primes[i].p;
	c.p0i = pqs_mp31_ninv31(c.p);
	c.R2 = pqs_mp31_R2(c.p);
	return c;
}

/* k*2^sc mod p, in NTT form (k signed, |k| < p; sc public). */
static void k_scaled_ntt(uint32_t *d, const int32_t *k, size_t n, unsigned logn, uint32_t sc, const uint32_t *gm,
			 prime_ctx c)
{
	/* A Montgomery product (x*y/2^31) with scv = 2^(sc+31) multiplies
	 * by 2^sc: scv = 2^(31*(sc/31 + 1)) * 2^(sc mod 31). */
	uint32_t a = pqs_mp31_Rx(sc / 31 + 1, c.p, c.p0i, c.R2);
	uint32_t scv = mp31_mmul(a, mp31_mmul((uint32_t)1 << (sc % 31), c.R2, c.p, c.p0i), c.p, c.p0i);
	size_t j;

	for (j = 0; j < n; j++) {
		d[j] = mp31_mmul(scv, mp31_set(k[j], c.p), c.p, c.p0i);
	}
	pqs_mp31_NTT(d, 1, gm, logn, c.p, c.p0i);
}

/*
 * pre for pqs_fndsa_ntru2025_sub_kf_depth1(): for p_0 and p_1, the NTT
 * tables (gm, igm) and NTT(f mod p) (3n words each), which do not change
 * between the passes of one reduction.
 */
static void depth1_prepare(uint32_t *pre, const uint32_t *ft, size_t n, unsigned logn)
{
	size_t i, j;

	for (i = 0; i < 2; i++) {
		prime_ctx c = prime_at(i);
		uint32_t *gm = pre + 3 * n * i, *tf = gm + 2 * n;

		pqs_mp31_mkgm(gm, gm + n, logn, &pqs_mp31_primes[i], c.p0i);
		for (j = 0; j < n; j++) {
			tf[j] = mp31_set(zint_one_to_plain(ft + j), c.p);
		}
		pqs_mp31_NTT(tf, 1, gm, logn, c.p, c.p0i);
	}
}

/*
 * Depth 1 (the reference's poly_sub_kf_scaled_depth1): F has FGlen = 1
 * or 2 words; F - k*f*2^sc is computed modulo p_0 (and p_1), k*f in the
 * NTT domain (F - k*f is linear: subtracting after the inverse NTT gives
 * the same residues), and rebuilt as a signed value modulo p_0 (p_0 p_1).
 * Coefficients of Ft are 'stride' words apart (stride >= FGlen).
 * pre: depth1_prepare()'s tables and NTT(f), or NULL (made here).
 * tmp: 5n words + 2.
 */
void pqs_fndsa_ntru2025_sub_kf_depth1(uint32_t *Ft, size_t stride, size_t FGlen, const int32_t *k, uint32_t sc,
				      const uint32_t *ft, size_t n, unsigned logn, const uint32_t *pre, uint32_t *tmp)
{
	uint32_t *own = tmp, *tk = own + 3 * n;
	int32_t *k_alt = (int32_t *)(tk + n);
	uint32_t *crt = (uint32_t *)(k_alt + n);
	size_t i, j;

	prime_ctx cs[2];
	uint32_t Rxs[2];

	/* Per-prime constants once per call, not per coefficient. */
	for (i = 0; i < FGlen; i++) {
		cs[i] = prime_at(i);
		Rxs[i] = pqs_mp31_Rx((unsigned)FGlen, cs[i].p, cs[i].p0i, cs[i].R2);
	}
	/* Word i of each coefficient <- F mod p_i. */
	for (j = 0; j < n; j++) {
		uint32_t r[2] = { 0, 0 };

		for (i = 0; i < FGlen; i++) {
			r[i] = pqs_zint_mod_small_signed(Ft + stride * j, FGlen, cs[i].p, cs[i].p0i, cs[i].R2, Rxs[i]);
		}
		for (i = 0; i < FGlen; i++) {
			Ft[stride * j + i] = r[i];
		}
	}
	for (i = 0; i < FGlen; i++) {
		prime_ctx c = cs[i];
		const uint32_t *gm, *igm, *tf;

		if (pre != NULL) {
			gm = pre + 3 * n * i;
		} else {
			uint32_t *t = own;

			pqs_mp31_mkgm(t, t + n, logn, &pqs_mp31_primes[i], c.p0i);
			for (j = 0; j < n; j++) {
				t[2 * n + j] = mp31_set(zint_one_to_plain(ft + j), c.p);
			}
			pqs_mp31_NTT(t + 2 * n, 1, t, logn, c.p, c.p0i);
			gm = t;
		}
		igm = gm + n;
		tf = gm + 2 * n;
		if (i == 1 && sc % 32 == 0) {
			/*
			 * The reference turns k into k*2^sc (mod p_0) in place
			 * and converts it back before the second prime; when sc
			 * is a multiple of 32 that conversion yields
			 * k*2^-32 mod p_0 (centred) instead of k.  Keys depend on
			 * it (logn <= 8 reach sc = 32 with two words), so the
			 * second prime uses that value here too.
			 */
			prime_ctx c0 = cs[0];
			size_t u;

			for (u = 0; u < n; u++) {
				uint32_t x = mp31_set(k[u], c0.p);

				x = mp31_mmul(mp31_mmul(x, 1, c0.p, c0.p0i), (uint32_t)1 << 30, c0.p, c0.p0i);
				k_alt[u] = mp31_norm(x, c0.p);
			}
			k_scaled_ntt(tk, k_alt, n, logn, sc, gm, c);
		} else {
			k_scaled_ntt(tk, k, n, logn, sc, gm, c);
		}
		for (j = 0; j < n; j++) {
			tk[j] = mp31_mmul(mp31_mmul(tk[j], tf[j], c.p, c.p0i), c.R2, c.p, c.p0i);
		}
		pqs_mp31_iNTT(tk, 1, igm, logn, c.p, c.p0i);
		for (j = 0; j < n; j++) {
			Ft[stride * j + i] = mp31_sub(Ft[stride * j + i], tk[j], c.p);
		}
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

void pqs_fndsa_ntru2025_sub_rows(uint32_t *Ft, size_t llen, size_t FGlen, const uint32_t *rows, size_t tlen, size_t n,
				 uint32_t sch, uint32_t scl)
{
	size_t i, j;

#if MP31_AVX2_BUILD
	if ((n & 7) == 0 && llen < ((size_t)1 << 27) && pqs_mp31_uses_avx2()) {
		pqs_fndsa_ntru2025_sub_rows_avx2(Ft, llen, FGlen, rows, tlen, n, sch, scl);
		return;
	}
#endif
	for (j = 0; j < n; j++) {
		uint32_t y[MP31_NUM_PRIMES];

		for (i = 0; i < tlen; i++) {
			y[i] = rows[i * n + j];
		}
		pqs_zint_sub_scaled(Ft + j * llen, FGlen, y, tlen, sch, scl);
	}
}

/*
 * Depth >= 2 with n >= 16: k*f over slen+1 primes (f given in NTT form
 * over those primes, Montgomery representation, word-major: f*2^31 mod
 * p_i at fntt + i*n), rebuilt as signed integers, then subtracted from F
 * with scale 2^sc, exactly modulo 2^(31*FGlen).  k*f stays word-major (k*f
 * mod p_i at fk + i*n): the transforms run on contiguous rows, the CRT
 * rebuild reads 8 coefficients per AVX2 vector in place
 * (pqs_zint_rebuild_CRT_wm) and so does the subtraction (sub_rows).
 * With f in Montgomery form, one Montgomery product per slot gives k*f
 * mod p (canonical, hence the value two products with R^2 gave).
 * tabs: the NTT tables of prime i at tabs + 2n*i (gm) and + n more (igm),
 * as pqs_mp31_mkgm() makes them, so that the passes of one reduction
 * share them; NULL: made here for each prime, in tmp.
 * tmp: (slen+1)*n + n + (slen+1) words (+2n if tabs is NULL).
 */
void pqs_fndsa_ntru2025_sub_kf_ntt(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
				   const uint32_t *fntt, size_t slen, size_t n, unsigned logn, const uint32_t *tabs,
				   uint32_t *tmp)
{
	size_t tlen = slen + 1;
	uint32_t *fk = tmp, *tk = fk + tlen * n;
	uint32_t *crt = tk + n, *own = crt + tlen;
	size_t i, j;
#if MP31_AVX2_BUILD
	int avx2 = (n & 7) == 0 && pqs_mp31_uses_avx2();
#endif

	for (i = 0; i < tlen; i++) {
		uint32_t p = pqs_mp31_primes[i].p, p0i = pqs_mp31_ninv31(p);
		const uint32_t *gm, *igm;
		uint32_t *row = fk + i * n;

		if (tabs != NULL) {
			gm = tabs + 2 * n * i;
		} else {
			pqs_mp31_mkgm(own, own + n, logn, &pqs_mp31_primes[i], p0i);
			gm = own;
		}
		igm = gm + n;
#if MP31_AVX2_BUILD
		if (avx2) {
			pqs_fndsa_ntru2025_k_mod_p_avx2(tk, k, n, p);
			pqs_mp31_NTT(tk, 1, gm, logn, p, p0i);
			pqs_fndsa_ntru2025_mul_row_avx2(row, tk, fntt + i * n, n, p, p0i);
			pqs_mp31_iNTT(row, 1, igm, logn, p, p0i);
			continue;
		}
#endif
		for (j = 0; j < n; j++) {
			tk[j] = mp31_set(k[j], p);
		}
		pqs_mp31_NTT(tk, 1, gm, logn, p, p0i);
		for (j = 0; j < n; j++) {
			row[j] = mp31_mmul(tk[j], fntt[i * n + j], p, p0i);
		}
		pqs_mp31_iNTT(row, 1, igm, logn, p, p0i);
	}
	pqs_zint_rebuild_CRT_wm(fk, tlen, n, 1, crt);
	pqs_fndsa_ntru2025_sub_rows(Ft, llen, FGlen, fk, tlen, n, sc / 31, sc % 31);
}

/*
 * Body of the schoolbook product for n <= 8, inlined with constant n.
 * All n coefficients of F advance together word by word, each with its
 * own signed carry, so every word of f*2^scl is built once and the n
 * carry chains are independent.  A product c*w (|c| <= 2^31, w < 2^31)
 * is split into its low 31 bits and the rest, so n of them add up
 * without overflow: the sum is exact, hence the words are those of n^2
 * separate pqs_zint_add_scaled_mul_small() calls, modulo 2^(31*FGlen).
 */
static inline void sub_kf_schoolbook_body(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
					  const uint32_t *ft, size_t slen, size_t n)
{
	int64_t coef[8][8], cc[8];
	uint32_t fs[8], tw[8], fsign[8];
	uint32_t sch = sc / 31, scl = sc % 31;
	size_t d, j, u;

	/* F_d -= k_i f_j for i + j = d, and += across the wrap (x^n = -1). */
	for (d = 0; d < n; d++) {
		for (j = 0; j < n; j++) {
			coef[d][j] = j <= d ? -(int64_t)k[d - j] : (int64_t)k[d + n - j];
		}
		cc[d] = 0;
	}
	for (j = 0; j < n; j++) {
		tw[j] = 0;
		fsign[j] = (uint32_t) - (ft[j * slen + slen - 1] >> 30) >> 1;
	}
	for (u = sch; u < FGlen; u++) {
		for (j = 0; j < n; j++) {
			fs[j] = zint_scaled_word(ft + j * slen, slen, fsign[j], u - sch, scl, &tw[j]);
		}
		for (d = 0; d < n; d++) {
			uint32_t *x = Ft + d * llen + u;
			uint64_t lo = (uint64_t)*x + (uint64_t)cc[d];
			uint64_t hb = 0;

			/* The arithmetic shift v >> 31 is ((v + 2^62) >> 31) -
			 * 2^31 (logical) for |v| < 2^62, as products and lo
			 * are; the n+1 biases are removed once. */
			for (j = 0; j < n; j++) {
				uint64_t p = (uint64_t)(coef[d][j] * (int64_t)fs[j]);

				lo += p & 0x7FFFFFFFu;
				hb += (p + ((uint64_t)1 << 62)) >> 31;
			}
			*x = (uint32_t)lo & 0x7FFFFFFFu;
			cc[d] = (int64_t)(hb + ((lo + ((uint64_t)1 << 62)) >> 31) - ((uint64_t)(n + 1) << 31));
		}
	}
}

/*
 * n = 2 (depth logn_top - 1, the most passes): F_0 -= k_0 f_0 - k_1 f_1,
 * F_1 -= k_0 f_1 + k_1 f_0 (x^2 = -1).  Per word, the two products of a
 * coefficient sum to s with |s| <= 2^63 - 2^32 for any int32 k (each
 * |k w| <= 2^62 - 2^31 with w < 2^31), so s is exact in 64 bits and split
 * once: s + 2^63 (an unsigned value) gives floor(s/2^31) + 2^32 and s mod
 * 2^31; F's word and the carry cc (|cc| <= 2^32) are added to the low part
 * only, kept as cb = cc + 2^33 >= 0, so no shift of a negative value and
 * no overflow.  The sums are exact: the words are those of the general
 * body, with one split per coefficient instead of one per product.
 */
static void sub_kf_n2(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc, const uint32_t *ft,
		      size_t slen)
{
	const uint64_t top = (uint64_t)1 << 63;
	/* cb' = (s + 2^63) >> 31 + t >> 31 - 2^32 - 4 + 2^33. */
	const uint64_t adj = ((uint64_t)1 << 32) - 4;
	uint32_t sch = sc / 31, scl = sc % 31, tw0 = 0, tw1 = 0;
	uint32_t fsg0 = (uint32_t) - (ft[slen - 1] >> 30) >> 1;
	uint32_t fsg1 = (uint32_t) - (ft[2 * slen - 1] >> 30) >> 1;
	int64_t k0 = k[0], k1 = k[1];
	uint64_t cb0 = (uint64_t)1 << 33, cb1 = cb0;
	uint32_t *x0 = Ft, *x1 = Ft + llen;
	size_t u;

	for (u = sch; u < FGlen; u++) {
		int64_t f0 = zint_scaled_word(ft, slen, fsg0, u - sch, scl, &tw0);
		int64_t f1 = zint_scaled_word(ft + slen, slen, fsg1, u - sch, scl, &tw1);
		uint64_t s0 = (uint64_t)(k1 * f1 - k0 * f0) ^ top;
		uint64_t s1 = (uint64_t)(-(k0 * f1) - k1 * f0) ^ top;
		uint64_t t0 = (s0 & 0x7FFFFFFFu) + x0[u] + cb0;
		uint64_t t1 = (s1 & 0x7FFFFFFFu) + x1[u] + cb1;

		x0[u] = (uint32_t)t0 & 0x7FFFFFFFu;
		x1[u] = (uint32_t)t1 & 0x7FFFFFFFu;
		cb0 = (s0 >> 31) + (t0 >> 31) + adj;
		cb1 = (s1 >> 31) + (t1 >> 31) + adj;
	}
}

/*
 * Depth >= 2 with n <= 8 (the reference's poly_sub_scaled): schoolbook
 * F <- F - (k*f mod x^n+1)*2^sc, exact modulo 2^(31*FGlen).
 */
void pqs_fndsa_ntru2025_sub_kf_schoolbook(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
					  const uint32_t *ft, size_t slen, size_t n)
{
	if (slen == 0) {
		return;
	}
#if MP31_AVX2_BUILD
	if (pqs_mp31_uses_avx2() && pqs_fndsa_ntru2025_sub_kf_schoolbook_avx2(Ft, llen, FGlen, k, sc, ft, slen, n)) {
		return;
	}
#endif
	switch (n) {
	case 2:
		sub_kf_n2(Ft, llen, FGlen, k, sc, ft, slen);
		break;
	case 4:
		sub_kf_schoolbook_body(Ft, llen, FGlen, k, sc, ft, slen, 4);
		break;
	case 8:
		sub_kf_schoolbook_body(Ft, llen, FGlen, k, sc, ft, slen, 8);
		break;
	default:
		if (n < 8) {
			sub_kf_schoolbook_body(Ft, llen, FGlen, k, sc, ft, slen, n);
		} else {
			/* Larger degrees use sub_kf_ntt; kept exact here. */
			size_t i, j;

			for (i = 0; i < n; i++) {
				for (j = 0; j < n; j++) {
					size_t d = i + j < n ? i + j : i + j - n;
					int32_t kf = i + j < n ? -k[i] : k[i];

					pqs_zint_add_scaled_mul_small(Ft + d * llen, FGlen, ft + j * slen, slen, kf,
								      sc / 31, sc % 31);
				}
			}
		}
		break;
	}
}

/*
 * rt3 <- 2^t adj(f)/N, rt4 <- 2^t adj(g)/N with N = f adj(f) + g adj(g),
 * one division per slot and polynomial (Hawk's reference; the round-3
 * form divides once into 2^t/N and multiplies, which rounds otherwise).
 */
static void adj_over_norm_each(unsigned logn, fxr *rt3, fxr *rt4, uint32_t t)
{
	size_t hn = (size_t)1 << (logn - 1), u;

	for (u = 0; u < hn; u++) {
		fxr nz = fxr_add(fxr_add(fxr_sqr(rt3[u]), fxr_sqr(rt3[u + hn])),
				 fxr_add(fxr_sqr(rt4[u]), fxr_sqr(rt4[u + hn])));

		rt3[u] = fxr_div(fxr_mul2e(rt3[u], t), nz);
		rt3[u + hn] = fxr_div(fxr_neg(fxr_mul2e(rt3[u + hn], t)), nz);
		rt4[u] = fxr_div(fxr_mul2e(rt4[u], t), nz);
		rt4[u + hn] = fxr_div(fxr_neg(fxr_mul2e(rt4[u + hn], t)), nz);
	}
}

/* Whether f (and g) are kept modulo slen+1 primes in NTT form. */
static int uses_fntt(const pqs_fndsa_babai *r)
{
	return (r->depth > 1 || !r->ref_depth1) && r->logn_top - r->depth >= 4;
}

size_t pqs_fndsa_ntru2025_babai_words(const pqs_fndsa_babai *r)
{
	size_t n = (size_t)1 << (r->logn_top - r->depth);
	size_t pairs = r->with_g ? 2 : 1;
	size_t base = pairs * (2 * n + 2 * n) + n; /* rt3 (rt4), rt1 (rt2), k */

	if (r->depth == 1 && r->ref_depth1) {
		/* sub_kf_depth1's memory, and its tables for ReducePartial
		 * (with g: made per pass, the memory of the callers kept). */
		return base + 5 * n + 2 + (r->with_g ? 0 : 6 * n);
	}
	/* f (g) in NTT form, then pqs_fndsa_ntru2025_sub_kf_ntt()'s memory,
	 * and the NTT tables: of slen+1 primes, shared by the passes, for
	 * ReducePartial (its budget allows it); of one prime at a time with g
	 * (the round-3 fixed variant and Hawk keep their memory). */
	return base + (pairs + 1) * (r->slen + 1) * n + n + r->slen + 1 + (r->with_g ? 2 * n : 2 * (r->slen + 1) * n);
}

/* Whether the NTT tables of slen+1 primes are made once per reduction. */
static int shares_tables(const pqs_fndsa_babai *r)
{
	return uses_fntt(r) && !r->with_g;
}

/*
 * f (slen words per coefficient) modulo slen+1 primes, NTT form, Montgomery
 * representation, word-major (f*2^31 mod p_i at fntt + i*n); see
 * keygen2025_inner.h.
 */
void pqs_fndsa_ntru2025_poly_to_ntt_rns(uint32_t *fntt, const uint32_t *ft, size_t slen, size_t n, unsigned logn,
					uint32_t *tabs, uint32_t *tmp)
{
	size_t i, j;

	for (i = 0; i <= slen; i++) {
		prime_ctx c = prime_at(i);
		uint32_t Rx = pqs_mp31_Rx((unsigned)slen, c.p, c.p0i, c.R2);
		uint32_t *gm = tabs != NULL ? tabs + 2 * n * i : tmp;
		uint32_t *row = fntt + i * n;

		pqs_mp31_mkgm(gm, gm + n, logn, &pqs_mp31_primes[i], c.p0i);
		pqs_zint_mod_small_signed_many(row, 1, ft, slen, n, slen, c.p, c.p0i, c.R2, Rx);
		pqs_mp31_NTT(row, 1, gm, logn, c.p, c.p0i);
		for (j = 0; j < n; j++) {
			row[j] = mp31_mmul(row[j], c.R2, c.p, c.p0i);
		}
	}
}

/* F <- F - k*f*2^sc with the product method of this depth. */
static void sub_kf(const pqs_fndsa_babai *r, uint32_t *Ft, const uint32_t *ft, const uint32_t *fntt, size_t FGlen,
		   const int32_t *k, uint32_t sc, const uint32_t *tabs, uint32_t *sub_tmp)
{
	unsigned logn = r->logn_top - r->depth;
	size_t n = (size_t)1 << logn;

	if (r->depth == 1 && r->ref_depth1) {
		/* tabs: depth1_prepare()'s output, or NULL. */
		pqs_fndsa_ntru2025_sub_kf_depth1(Ft, r->llen, FGlen, k, sc, ft, n, logn, tabs, sub_tmp);
	} else if (logn < 4) {
		pqs_fndsa_ntru2025_sub_kf_schoolbook(Ft, r->llen, FGlen, k, sc, ft, r->slen, n);
	} else {
		pqs_fndsa_ntru2025_sub_kf_ntt(Ft, r->llen, FGlen, k, sc, fntt, r->slen, n, logn, tabs, sub_tmp);
	}
}

/*
 * Drops the top word of F (and G) while the remaining passes cannot need
 * it; with check_limbs, each dropped word must be the sign extension of
 * the word below it, for every coefficient, or the reduction failed
 * (section 1.4 "limb check").  Returns 0 on failure.
 */
static int drop_top_words(const pqs_fndsa_babai *r, size_t *FGlen, uint32_t scale_FG, uint32_t scale_fg)
{
	size_t n = (size_t)1 << (r->logn_top - r->depth);
	size_t rows = r->with_g ? 2 * n : n; /* G follows F */

	while (*FGlen > r->slen && 31 * (*FGlen - r->slen) > scale_FG - scale_fg + 30) {
		uint32_t bad = 0;
		size_t j;

		(*FGlen)--;
		if (!r->check_limbs) {
			continue;
		}
		for (j = 0; j < rows; j++) {
			const uint32_t *c = r->Ft + j * r->llen;
			uint32_t sw = (uint32_t) - (c[*FGlen - 1] >> 30) >> 1;

			bad |= c[*FGlen] ^ sw;
		}
		/* A failed candidate is discarded: the verdict is public. */
		PQS_CT_DECLASSIFY(&bad, sizeof bad);
		if (bad != 0) {
			return 0;
		}
	}
	return 1;
}

int pqs_fndsa_ntru2025_babai(const pqs_fndsa_babai *r, uint32_t *tmp)
{
	unsigned logn = r->logn_top - r->depth;
	size_t n = (size_t)1 << logn;
	size_t pairs = r->with_g ? 2 : 1;
	size_t slen = r->slen, llen = r->llen;
	size_t rlen = r->rlen < slen ? r->rlen : slen;
	size_t blen = slen - rlen, FGlen, j;
	uint32_t scale_fg, scale_FG, scale_x, scale_t, rbits;
	fxr *rt3 = (fxr *)(void *)tmp;
	fxr *rt4 = rt3 + (pairs - 1) * n;
	fxr *rt1 = rt4 + n;
	fxr *rt2 = rt1 + (pairs - 1) * n;
	int32_t *k = (int32_t *)(void *)(rt2 + n);
	uint32_t *fntt = (uint32_t *)(k + n);
	uint32_t *gntt = fntt + (pairs - 1) * (slen + 1) * n;
	uint32_t *tabs = shares_tables(r) ? gntt + (slen + 1) * n : NULL;
	uint32_t *sub_tmp = !uses_fntt(r) ? fntt : tabs != NULL ? tabs + 2 * (slen + 1) * n : gntt + (slen + 1) * n;

	if (r->depth == 1 && r->ref_depth1 && !r->with_g) {
		/* ReducePartial's depth 1: tables and NTT(f) for all passes. */
		tabs = fntt;
		sub_tmp = tabs + 6 * n;
		depth1_prepare(tabs, r->ft, n, logn);
	}

	scale_fg = 31 * (uint32_t)blen;
	scale_FG = 31 * (uint32_t)llen;

	/*
	 * f (and g) from their top rlen words, scaled by 2^-(scale_fg +
	 * scale_x - scale_t): scale_x (secret) is the bit length of those
	 * words, and scale_t = min(t0 - logn, scale_x) keeps the FFT
	 * coefficients of f adj(f) (+ g adj(g)) below 2^31 (n*t <= 2^15.5
	 * with t0 = 15 for f alone; with g, the round-3 form takes one bit
	 * less, Hawk's reference does not).  Then rt3 =
	 * 2^scale_t adj(f)/(f adj(f) + g adj(g)), and rt4 likewise with g.
	 */
	scale_x = pqs_fndsa_ntru2025_max_bitlength(r->ft + blen, n, slen, rlen);
	scale_t = r->scale_t0 - logn;
	if (r->with_g) {
		uint32_t sg = pqs_fndsa_ntru2025_max_bitlength(r->gt + blen, n, slen, rlen);

		scale_x ^= (scale_x ^ sg) & sign_mask(scale_x - sg);
	}
	scale_t ^= (scale_t ^ scale_x) & sign_mask(scale_x - scale_t);
	pqs_fndsa_ntru2025_big_to_fixed(rt3, r->ft + blen, n, slen, rlen, scale_x - scale_t);
	pqs_fndsa_fxr_FFT(logn, rt3);
	if (!r->with_g) {
		pqs_fndsa_fxr_inv_mul2e_fft(logn, rt3, scale_t);
	} else {
		pqs_fndsa_ntru2025_big_to_fixed(rt4, r->gt + blen, n, slen, rlen, scale_x - scale_t);
		pqs_fndsa_fxr_FFT(logn, rt4);
		if (r->divide_each) {
			adj_over_norm_each(logn, rt3, rt4, scale_t);
		} else {
			/* rt1 (free until the first pass) holds 2^scale_t/(f adj f + g adj g). */
			pqs_fndsa_fxr_invnorm_fft(logn, rt1, rt3, rt4, scale_t);
			pqs_fndsa_fxr_adj_fft(logn, rt3);
			pqs_fndsa_fxr_adj_fft(logn, rt4);
			pqs_fndsa_fxr_mul_selfadj_fft(logn, rt3, rt1);
			pqs_fndsa_fxr_mul_selfadj_fft(logn, rt4, rt1);
		}
	}

	if (uses_fntt(r)) {
		/* f (and g) modulo slen+1 primes, NTT form, for the exact k*f. */
		pqs_fndsa_ntru2025_poly_to_ntt_rns(fntt, r->ft, slen, n, logn, tabs, sub_tmp);
		if (r->with_g) {
			pqs_fndsa_ntru2025_poly_to_ntt_rns(gntt, r->gt, slen, n, logn, tabs, sub_tmp);
		}
	}

	rbits = r->reduce_bits;
	FGlen = llen;
	for (;;) {
		/* k = round(F/f): F at scale scale_FG + scale_x, f at
		 * scale_fg + scale_x, so k carries 2^(scale_FG - scale_fg). */
		uint32_t tlen = scale_FG / 31, toff = scale_FG % 31;
		uint32_t scale_k = scale_FG - scale_fg;

		pqs_fndsa_ntru2025_big_to_fixed(rt1, r->Ft + tlen, n, llen, FGlen - tlen, scale_x + toff);
		pqs_fndsa_fxr_FFT(logn, rt1);
		pqs_fndsa_fxr_mul_fft(logn, rt1, rt3);
		if (r->with_g) {
			pqs_fndsa_ntru2025_big_to_fixed(rt2, r->Gt + tlen, n, llen, FGlen - tlen, scale_x + toff);
			pqs_fndsa_fxr_FFT(logn, rt2);
			pqs_fndsa_fxr_mul_fft(logn, rt2, rt4);
			for (j = 0; j < n; j++) {
				rt1[j] = fxr_add(rt1[j], rt2[j]);
			}
		}
		pqs_fndsa_fxr_iFFT(logn, rt1);
		for (j = 0; j < n; j++) {
			k[j] = fxr_round(rt1[j]);
		}
		sub_kf(r, r->Ft, r->ft, fntt, FGlen, k, scale_k, tabs, sub_tmp);
		if (r->with_g) {
			sub_kf(r, r->Gt, r->gt, gntt, FGlen, k, scale_k, tabs, sub_tmp);
		}

		if (scale_FG <= scale_fg) {
			break;
		}
		scale_FG = scale_FG <= scale_fg + rbits ? scale_fg : scale_FG - rbits;
		if (!drop_top_words(r, &FGlen, scale_FG, scale_fg)) {
			return 0;
		}
	}
	return 1;
}

/* F (then G) to slen words per coefficient, in place, forward. */
static void compact(const pqs_fndsa_babai *r)
{
	size_t rows = (r->with_g ? (size_t)2 : 1) << (r->logn_top - r->depth);
	size_t j;

	for (j = 1; j < rows; j++) {
		memmove(r->Ft + j * r->slen, r->Ft + j * r->llen, r->slen * sizeof *r->Ft);
	}
}

/* Parameters without the arrays (set by the caller). */
static pqs_fndsa_babai base_params(unsigned logn_top, unsigned depth, size_t slen, size_t llen, int with_g)
{
	pqs_fndsa_babai r;

	memset(&r, 0, sizeof r);
	r.logn_top = logn_top;
	r.depth = depth;
	r.slen = slen;
	r.llen = llen;
	r.rlen = pqs_fndsa_ntru2025_word_win[depth];
	r.reduce_bits = reduce_bits(logn_top);
	/* n t <= 2^15.5 for f alone, one bit less with g (see the pass). */
	r.scale_t0 = with_g ? 14 : 15;
	r.with_g = with_g;
	r.check_limbs = 1;
	/* The reference's two-prime depth 1 belongs to the 2025 solver only. */
	r.ref_depth1 = !with_g;
	return r;
}

static pqs_fndsa_babai partial_params(unsigned logn_top, unsigned depth, uint32_t *Ft, const uint32_t *ft)
{
	pqs_fndsa_babai r =
		base_params(logn_top, depth, pqs_fndsa_ntru2025_small_bl[depth], pqs_fndsa_ntru2025_large_bl[depth], 0);

	r.Ft = Ft;
	r.ft = ft;
	return r;
}

size_t pqs_fndsa_ntru2025_reduce_words(unsigned logn_top, unsigned depth)
{
	pqs_fndsa_babai r = partial_params(logn_top, depth, NULL, NULL);

	return pqs_fndsa_ntru2025_babai_words(&r);
}

int pqs_fndsa_ntru2025_reduce_partial(unsigned logn_top, unsigned depth, uint32_t *Ft, const uint32_t *ft,
				      const int8_t *f_top, uint32_t *tmp)
{
	pqs_fndsa_babai r = partial_params(logn_top, depth, Ft, ft);

	(void)f_top;
	if (!pqs_fndsa_ntru2025_babai(&r, tmp)) {
		return 0;
	}
	compact(&r);
	return 1;
}

/* The round-3 solver's layout (keygen_inner.h): F | G | f | g | scratch. */
static pqs_fndsa_babai pair_params(unsigned logn_top, unsigned depth, uint32_t *tmp)
{
	size_t n = (size_t)1 << (logn_top - depth);
	pqs_fndsa_babai r = base_params(logn_top, depth, pqs_NTRU_MAX_BL_SMALL[depth], pqs_NTRU_MAX_BL_LARGE[depth], 1);

	if (tmp != NULL) { /* NULL: sizes only */
		r.Ft = tmp;
		r.Gt = tmp + n * r.llen;
		r.ft = r.Gt + n * r.llen;
		r.gt = r.ft + n * r.slen;
	}
	return r;
}

/* Word offset of the scratch after F | G | f | g (even, for fxr). */
static size_t pair_scratch_offset(unsigned logn_top, unsigned depth)
{
	size_t n = (size_t)1 << (logn_top - depth);
	size_t off = 2 * n * (pqs_NTRU_MAX_BL_SMALL[depth] + pqs_NTRU_MAX_BL_LARGE[depth]);

	return off + (off & 1);
}

size_t pqs_ntru_reduce_fixed_words(unsigned logn_top, unsigned depth)
{
	pqs_fndsa_babai r = pair_params(logn_top, depth, NULL);

	return pair_scratch_offset(logn_top, depth) + pqs_fndsa_ntru2025_babai_words(&r);
}

int pqs_ntru_reduce_fixed(unsigned logn_top, unsigned depth, uint32_t *tmp)
{
	pqs_fndsa_babai r = pair_params(logn_top, depth, tmp);

	if (!pqs_fndsa_ntru2025_babai(&r, tmp + pair_scratch_offset(logn_top, depth))) {
		return 0;
	}
	compact(&r);
	return 1;
}

/* a*b mod p, normal representation in and out. */
static inline uint32_t mulmod(uint32_t a, uint32_t b, prime_ctx c)
{
	return mp31_mmul(mp31_mmul(a, b, c.p, c.p0i), c.R2, c.p, c.p0i);
}

/*
 * k = round(num/den) of the depth-0 reduction (section 1.4 step 4), NTT
 * form modulo p_0 in and out.  The plain coefficients of num and den
 * (below p_0/2 < 2^30) are taken as 32.32 fixed point scaled by 2^-10, so
 * that the FFT's sums stay within the integer part; den is self-adjoint:
 * its FFT slots are real and only the first n/2 are kept.
 */
void pqs_fndsa_ntru2025_depth0_quotient(unsigned logn, uint32_t *num, uint32_t *den, const uint32_t *gm,
					const uint32_t *igm, fxr *tmp)
{
	size_t n = (size_t)1 << logn, i;
	prime_ctx c = prime_at(0);
	fxr *rnum = tmp, *rden = rnum + n;

	pqs_mp31_iNTT(num, 1, igm, logn, c.p, c.p0i);
	pqs_mp31_iNTT(den, 1, igm, logn, c.p, c.p0i);
	for (i = 0; i < n; i++) {
		rnum[i] = fxr_of_int_down10((uint32_t)mp31_norm(den[i], c.p));
	}
	pqs_fndsa_fxr_FFT(logn, rnum);
	memcpy(rden, rnum, (n >> 1) * sizeof *rnum);
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
}

/*
 * inv[i] = R/f[i] mod p (Montgomery form of 1/f[i]) for the n nonzero
 * f[i], by Montgomery's batch inversion: one Fermat inversion of the
 * product and three products per element, instead of one inversion
 * each.  Values mod p are unique, so every later quotient is the one a
 * division per element gives.
 */
static void batch_inverse(uint32_t *inv, const uint32_t *f, size_t n, prime_ctx c)
{
	uint32_t acc;
	size_t i;

	/* inv[i] <- Montgomery form of f[0]...f[i]. */
	acc = mp31_mmul(f[0], c.R2, c.p, c.p0i);
	inv[0] = acc;
	for (i = 1; i < n; i++) {
		acc = mp31_mmul(acc, mp31_mmul(f[i], c.R2, c.p, c.p0i), c.p, c.p0i);
		inv[i] = acc;
	}
	/* (x R)^-1 R = R^2 / (x R): Montgomery form of the inverse. */
	acc = pqs_mp31_div(c.R2, acc, c.p, c.p0i, c.R2);
	for (i = n - 1; i > 0; i--) {
		uint32_t fm = mp31_mmul(f[i], c.R2, c.p, c.p0i);

		inv[i] = mp31_mmul(acc, inv[i - 1], c.p, c.p0i);
		acc = mp31_mmul(acc, fm, c.p, c.p0i);
	}
	inv[0] = acc;
}

#if MP31_AVX2_BUILD
/* mulmod() on 8 lanes (the same two Montgomery products per lane). */
static inline MP31_AVX2 __m256i mulmod8(__m256i a, __m256i b, __m256i vp, __m256i vp0i, __m256i vR2)
{
	return mp31_mmul8(mp31_mmul8(a, b, vp, vp0i), vR2, vp, vp0i);
}

static inline MP31_AVX2 __m256i ld8(const uint32_t *a)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)a);
}

static inline MP31_AVX2 void st8(uint32_t *a, __m256i x)
{
	_mm256_storeu_si256((__m256i *)(void *)a, x);
}

/*
 * The three slot-wise loops of pqs_fndsa_ntru2025_depth0() (n >= 16),
 * 8 slots per vector, each lane doing that loop's scalar operations on
 * canonical residues, so the values are the portable loops'.  Slot
 * n-1-i of the conjugate pair is read and written through a lane
 * reversal of the vector that ends at n-1-i.
 *   step 0: tF[2i], tF[2i+1] from F'(w^2) = num[i] and g(-w)
 *   step 1: num, den from F, G = (q + g F)/f, f, g
 *   step 2: F <- F - k f, G <- (q + g F)/f
 */
static MP31_AVX2 void depth0_avx2(int step, size_t n, uint32_t *tF, uint32_t *tg, const uint32_t *tf, uint32_t *num,
				  uint32_t *den, const uint32_t *finv, prime_ctx c)
{
	const __m256i vp = _mm256_set1_epi32((int)c.p), vp0i = _mm256_set1_epi32((int)c.p0i);
	const __m256i vR2 = _mm256_set1_epi32((int)c.R2), vq = _mm256_set1_epi32(12289);
	const __m256i rev = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
	const __m256i swap = _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6);
	const __m256i dup = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
	size_t hn = n >> 1, i;

	if (step == 0) {
		for (i = 0; i < n; i += 8) {
			__m256i k =
				_mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadu_si128(
								    (const __m128i *)(const void *)(num + (i >> 1)))),
							    dup);

			st8(tF + i, mulmod8(_mm256_permutevar8x32_epi32(ld8(tg + i), swap), k, vp, vp0i, vR2));
		}
		return;
	}
	if (step == 1) {
		for (i = 0; i < hn; i += 8) {
			size_t j = n - 8 - i;
			__m256i f0 = ld8(tf + i), g0 = ld8(tg + i), F0 = ld8(tF + i), v0 = ld8(finv + i);
			__m256i f1 = _mm256_permutevar8x32_epi32(ld8(tf + j), rev);
			__m256i g1 = _mm256_permutevar8x32_epi32(ld8(tg + j), rev);
			__m256i F1 = _mm256_permutevar8x32_epi32(ld8(tF + j), rev);
			__m256i v1 = _mm256_permutevar8x32_epi32(ld8(finv + j), rev);
			__m256i G0 = mp31_mmul8(mp31_add8(vq, mulmod8(g0, F0, vp, vp0i, vR2), vp), v0, vp, vp0i);
			__m256i G1 = mp31_mmul8(mp31_add8(vq, mulmod8(g1, F1, vp, vp0i, vR2), vp), v1, vp, vp0i);
			__m256i d = mp31_add8(mulmod8(f0, f1, vp, vp0i, vR2), mulmod8(g0, g1, vp, vp0i, vR2), vp);
			__m256i n0 = mp31_add8(mulmod8(f1, F0, vp, vp0i, vR2), mulmod8(g1, G0, vp, vp0i, vR2), vp);
			__m256i n1 = mp31_add8(mulmod8(f0, F1, vp, vp0i, vR2), mulmod8(g0, G1, vp, vp0i, vR2), vp);

			st8(num + i, n0);
			st8(num + j, _mm256_permutevar8x32_epi32(n1, rev));
			st8(den + i, d);
			st8(den + j, _mm256_permutevar8x32_epi32(d, rev));
		}
		return;
	}
	for (i = 0; i < n; i += 8) {
		__m256i F = mp31_sub8(ld8(tF + i), mulmod8(ld8(tf + i), ld8(num + i), vp, vp0i, vR2), vp);

		st8(tF + i, F);
		st8(tg + i,
		    mp31_mmul8(mp31_add8(vq, mulmod8(ld8(tg + i), F, vp, vp0i, vR2), vp), ld8(finv + i), vp, vp0i));
	}
}
#endif

int pqs_fndsa_ntru2025_depth0(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp)
{
	size_t n = (size_t)1 << logn, hn = n >> 1, i;
	prime_ctx c = prime_at(0);
	uint32_t q = 12289, zero = 0;
	uint32_t *tF = tmp, *tg = tF + n, *tf = tg + n, *gm = tf + n;
	uint32_t *igm = gm + n, *num = igm + n, *den = num + n;
	size_t off = (size_t)(den + n - tmp);
	fxr *rnum;
	uint32_t *finv;
#if MP31_AVX2_BUILD
	/* 8 slots per vector; hn a multiple of 8. */
	int avx2 = logn >= 4 && pqs_mp31_uses_avx2();
#endif

	off += off & 1;
	rnum = (fxr *)(void *)(tmp + off);
	finv = (uint32_t *)(void *)(rnum + 3 * hn);
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
	i = 0;
#if MP31_AVX2_BUILD
	if (avx2) {
		depth0_avx2(0, n, tF, tg, tf, num, den, NULL, c);
		i = hn;
	}
#endif
	for (; i < hn; i++) {
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
	batch_inverse(finv, tf, n, c);

	/* num = F adj(f) + G adj(g), den = f adj(f) + g adj(g); slots i
	 * and n-1-i are complex conjugates. */
	i = 0;
#if MP31_AVX2_BUILD
	if (avx2) {
		depth0_avx2(1, n, tF, tg, tf, num, den, finv, c);
		i = hn;
	}
#endif
	for (; i < hn; i++) {
		size_t i1 = n - 1 - i;
		uint32_t G0 = mp31_mmul(mp31_add(q, mulmod(tg[i], tF[i], c), c.p), finv[i], c.p, c.p0i);
		uint32_t G1 = mp31_mmul(mp31_add(q, mulmod(tg[i1], tF[i1], c), c.p), finv[i1], c.p, c.p0i);
		uint32_t d = mp31_add(mulmod(tf[i], tf[i1], c), mulmod(tg[i], tg[i1], c), c.p);

		num[i] = mp31_add(mulmod(tf[i1], tF[i], c), mulmod(tg[i1], G0, c), c.p);
		num[i1] = mp31_add(mulmod(tf[i], tF[i1], c), mulmod(tg[i], G1, c), c.p);
		den[i] = d;
		den[i1] = d;
	}
	pqs_fndsa_ntru2025_depth0_quotient(logn, num, den, gm, igm, rnum);

	/* F <- F - k f, G <- (q + g F)/f, back to signed coefficients. */
	i = 0;
#if MP31_AVX2_BUILD
	if (avx2) {
		depth0_avx2(2, n, tF, tg, tf, num, den, finv, c);
		i = n;
	}
#endif
	for (; i < n; i++) {
		uint32_t F = mp31_sub(tF[i], mulmod(tf[i], num[i], c), c.p);

		tF[i] = F;
		tg[i] = mp31_mmul(mp31_add(q, mulmod(tg[i], F, c), c.p), finv[i], c.p, c.p0i);
	}
	pqs_mp31_iNTT(tF, 1, igm, logn, c.p, c.p0i);
	pqs_mp31_iNTT(tg, 1, igm, logn, c.p, c.p0i);
	for (i = 0; i < 2 * n; i++) {
		tmp[i] = (uint32_t)mp31_norm(tmp[i], c.p);
	}
	return 1;
}
