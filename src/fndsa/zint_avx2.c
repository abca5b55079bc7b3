/*
 * AVX2 paths of the RNS layer of NTRUSolve (zint.c; Falcon round-3 spec
 * v1.2 section 3.8.2, and the FN-DSA 2025 solver), 8 integers at a time,
 * one integer per 32-bit lane: residues of big integers modulo one prime,
 * and Garner's CRT rebuild.  Every lane performs the arithmetic of the
 * portable code on canonical residues (mp31_avx2.h), so the outputs are
 * bit-identical (tests/fndsa/test_keygen_avx2.c compares both paths).
 */
#include "keygen_inner.h"
#include "mp31_avx2.h"

#if MP31_AVX2_BUILD

#include <string.h>

#include "pqsig/rand.h"

static inline MP31_AVX2 __m256i load8(const uint32_t *a)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)a);
}

static inline MP31_AVX2 void store8(uint32_t *a, __m256i x)
{
	_mm256_storeu_si256((__m256i *)(void *)a, x);
}

MP31_AVX2 size_t pqs_zint_mod_small_many_avx2(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride,
					      size_t num, size_t len, uint32_t p, uint32_t p0i, uint32_t Rx,
					      const uint32_t *pw)
{
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
	__m256i vRx = _mm256_set1_epi32((int)Rx);
	__m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)xstride));
	size_t j, k;

	/* 32-bit gather indices: the 8 integers must lie within 2^31 words. */
	if (xstride > ((size_t)1 << 27)) {
		return 0;
	}
	for (j = 0; j + 8 <= num; j += 8) {
		const uint32_t *base = x + j * xstride;
		__m256i acc = _mm256_setzero_si256(), top = acc;
		uint32_t r[8];
		int l;

		for (k = 0; k < len; k++) {
			top = _mm256_i32gather_epi32((const int *)(const void *)(base + k), idx, 4);
			acc = mp31_add8(acc, mp31_mmul8(top, _mm256_set1_epi32((int)pw[k]), vp, vp0i), vp);
		}
		/* Signed: subtract 2^(31*len) where bit 30 of the top word is set. */
		acc = mp31_sub8(acc, _mm256_and_si256(vRx, _mm256_srai_epi32(_mm256_slli_epi32(top, 1), 31)), vp);
		store8(r, acc);
		for (l = 0; l < 8; l++) {
			out[(j + (size_t)l) * ostride] = r[l];
		}
	}
	return j;
}

/*
 * sum of d[k]*pw[k]/2^31 mod p over k < len & ~7, eight words per
 * vector: one integer's residue (or its Garner sum) when too few
 * integers fill the lanes.  The lanes' canonical partial sums are added
 * mod p, so the result is the canonical residue, as the scalar sum's.
 */
MP31_AVX2 uint32_t pqs_zint_mod_dot_avx2(const uint32_t *d, size_t len, const uint32_t *pw, uint32_t p, uint32_t p0i)
{
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
	__m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
	uint32_t r[8], x;
	size_t k;
	int l;

	/* Two accumulators: two independent chains of additions. */
	for (k = 0; k + 16 <= len; k += 16) {
		acc0 = mp31_add8(acc0, mp31_mmul8(load8(d + k), load8(pw + k), vp, vp0i), vp);
		acc1 = mp31_add8(acc1, mp31_mmul8(load8(d + k + 8), load8(pw + k + 8), vp, vp0i), vp);
	}
	if (k + 8 <= len) {
		acc0 = mp31_add8(acc0, mp31_mmul8(load8(d + k), load8(pw + k), vp, vp0i), vp);
	}
	store8(r, mp31_add8(acc0, acc1, vp));
	x = r[0];
	for (l = 1; l < 8; l++) {
		x = mp31_add(x, r[l], p);
	}
	return x;
}

/*
 * pw[k] = 2^(31(k+1)) mod p, so pw[a]*pw[b]/2^31 = pw[a+b]: pw[0..8] by
 * a product tree (3 dependent products instead of 8), pw[8..31] by 3
 * vector products, then four independent vector chains advance by
 * pw[32] (a chain of len/32 dependent products instead of len/8: the
 * scalar chain's latency, not its work, was the cost).  Residues are
 * canonical, so the values are the scalar chain's.
 */
MP31_AVX2 void pqs_zint_mod_weights_avx2(uint32_t *pw, size_t len, uint32_t p, uint32_t p0i, uint32_t R2)
{
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i), v[4], s32;
	uint32_t w[32], w8, w16;
	size_t k;
	int i;

	w[0] = mp31_R(p);
	w[1] = R2;
	w[2] = mp31_mmul(R2, R2, p, p0i);
	w[3] = mp31_mmul(w[2], R2, p, p0i);
	w[4] = mp31_mmul(w[2], w[2], p, p0i);
	w[5] = mp31_mmul(w[4], w[1], p, p0i);
	w[6] = mp31_mmul(w[4], w[2], p, p0i);
	w[7] = mp31_mmul(w[4], w[3], p, p0i);
	w8 = mp31_mmul(w[4], w[4], p, p0i);
	w16 = mp31_mmul(w8, w8, p, p0i);
	v[0] = load8(w);
	v[1] = mp31_mmul8(v[0], _mm256_set1_epi32((int)w8), vp, vp0i);
	v[2] = mp31_mmul8(v[0], _mm256_set1_epi32((int)w16), vp, vp0i);
	v[3] = mp31_mmul8(v[1], _mm256_set1_epi32((int)w16), vp, vp0i);
	s32 = _mm256_set1_epi32((int)mp31_mmul(w16, w16, p, p0i));
	for (k = 0;; k += 32) {
		uint32_t *dst = k + 32 <= len ? pw + k : w;

		for (i = 0; i < 4; i++) {
			store8(dst + 8 * i, v[i]);
		}
		if (dst == w) {
			memcpy(pw + k, w, (len - k) * sizeof *w);
			break;
		}
		for (i = 0; i < 4; i++) {
			v[i] = mp31_mmul8(v[i], s32, vp, vp0i);
		}
	}
}

/*
 * Garner's rebuild (rebuild_CRT_portable() in zint.c) of 1 to 3 integers
 * (integer j at xx + j*xstride, xlen words), the resultants and F at the
 * deepest lifted depth: too few to fill the 8 lanes of crt_step8().  Row
 * k of a 4-lane table holds word k of each integer and of the product Q
 * of the primes so far (lane 3), so that one vector step per word does
 * the scalar code's three carry chains (x_j += Q*xr_j and Q *= p_u) side
 * by side, with the same 64-bit sums and 31-bit carries; the residues
 * x mod p_u are dot products over two rows per vector.  Unused lanes hold
 * zero.  tmp gets Q; no signed normalisation (the caller's).
 */
MP31_AVX2 void pqs_zint_rebuild_CRT_few_avx2(uint32_t *xx, size_t xlen, size_t xstride, size_t num, uint32_t *tmp)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	const __m256i keep_x = _mm256_setr_epi64x(-1, -1, -1, 0);
	const __m256i pack = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
	const __m256i halves = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
	uint32_t rows[4 * MP31_NUM_PRIMES], pw[MP31_NUM_PRIMES];
	size_t j, k, u;

	if (num == 0 || num > 3 || xlen < 2 || xlen > MP31_NUM_PRIMES) {
		return;
	}
	memset(rows, 0, 4 * xlen * sizeof *rows);
	for (j = 0; j < num; j++) {
		for (k = 0; k < xlen; k++) {
			rows[4 * k + j] = xx[j * xstride + k];
		}
	}
	rows[3] = pqs_mp31_primes[0].p;
	for (u = 1; u < xlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p, p0i = pqs_mp31_ninv31(p), s = pqs_mp31_primes[u].s;
		__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
		__m256i acc = _mm256_setzero_si256(), mul, cc;
		uint32_t r[8], xr[3];

		pqs_zint_mod_weights(pw, u, p, p0i, pqs_mp31_R2(p));
		/* x_j mod p_u over words k < u: rows k, k+1 in one vector. */
		for (k = 0; k + 2 <= u; k += 2) {
			__m256i w = _mm256_permutevar8x32_epi32(
				_mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(const void *)(pw + k))),
				halves);

			acc = mp31_add8(acc, mp31_mmul8(load8(rows + 4 * k), w, vp, vp0i), vp);
		}
		if (k < u) {
			__m256i x =
				_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(rows + 4 * k)));

			acc = mp31_add8(acc, mp31_mmul8(x, _mm256_set1_epi32((int)pw[k]), vp, vp0i), vp);
		}
		store8(r, acc);
		for (j = 0; j < 3; j++) {
			uint32_t xq = mp31_add(r[j], r[j + 4], p);

			/* s is in Montgomery form: mmul gives a normal value. */
			xr[j] = mp31_mmul(s, mp31_sub(rows[4 * u + j], xq, p), p, p0i);
		}
		/* Lanes 0-2: x_j + Q*xr_j; lane 3: Q*p_u (its own word not added). */
		mul = _mm256_setr_epi64x((long long)xr[0], (long long)xr[1], (long long)xr[2], (long long)p);
		cc = _mm256_setzero_si256();
		for (k = 0; k < u; k++) {
			__m256i row =
				_mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)(rows + 4 * k)));
			__m256i z = _mm256_mul_epu32(_mm256_set1_epi64x((long long)rows[4 * k + 3]), mul);

			z = _mm256_add_epi64(_mm256_add_epi64(z, _mm256_and_si256(row, keep_x)), cc);
			cc = _mm256_srli_epi64(z, 31);
			_mm_storeu_si128(
				(__m128i *)(void *)(rows + 4 * k),
				_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_and_si256(z, m31), pack)));
		}
		_mm_storeu_si128((__m128i *)(void *)(rows + 4 * u),
				 _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(cc, pack)));
	}
	for (k = 0; k < xlen; k++) {
		for (j = 0; j < num; j++) {
			xx[j * xstride + k] = rows[4 * k + j];
		}
		tmp[k] = rows[4 * k + 3];
	}
	pqs_zeroize(rows, 4 * xlen * sizeof *rows);
}

/*
 * One Garner step u on a block of 8 integers stored lane-interleaved (word
 * k of integer l at blk[rs*k + l]; rs = 8 for a transposed block, n for
 * word-major polynomials): xr = (x_u - (x mod Q))/Q mod p_u, then
 * x <- x + Q*xr over words 0..u (the portable rebuild_CRT_portable()).
 */
static MP31_AVX2 void crt_step8(uint32_t *blk, size_t rs, size_t u, const uint32_t *q, const uint32_t *pw, uint32_t p,
				uint32_t p0i, uint32_t s)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	const __m256i lo32 = _mm256_set1_epi64x(0xFFFFFFFF);
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
	__m256i acc = _mm256_setzero_si256(), xr, xr_o, cc_e, cc_o;
	size_t k;

	for (k = 0; k < u; k++) {
		acc = mp31_add8(acc, mp31_mmul8(load8(blk + rs * k), _mm256_set1_epi32((int)pw[k]), vp, vp0i), vp);
	}
	xr = mp31_mmul8(_mm256_set1_epi32((int)s), mp31_sub8(load8(blk + rs * u), acc, vp), vp, vp0i);
	xr_o = _mm256_srli_epi64(xr, 32);
	cc_e = _mm256_setzero_si256();
	cc_o = cc_e;
	for (k = 0; k < u; k++) {
		__m256i t = _mm256_set1_epi32((int)q[k]);
		__m256i xv = load8(blk + rs * k);
		__m256i ze =
			_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t, xr), _mm256_and_si256(xv, lo32)), cc_e);
		__m256i zo =
			_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t, xr_o), _mm256_srli_epi64(xv, 32)), cc_o);

		cc_e = _mm256_srli_epi64(ze, 31);
		cc_o = _mm256_srli_epi64(zo, 31);
		store8(blk + rs * k, _mm256_blend_epi32(_mm256_and_si256(ze, m31),
							_mm256_slli_epi64(_mm256_and_si256(zo, m31), 32), 0xAA));
	}
	store8(blk + rs * u, _mm256_blend_epi32(cc_e, _mm256_slli_epi64(cc_o, 32), 0xAA));
}

/* Block of 8 integers (xlen words each, back to back) to lane-interleaved
 * form (dir = 0) or back (dir = 1), through buf (8*xlen words). */
static void interleave8(uint32_t *blk, size_t xlen, uint32_t *buf, int dir)
{
	size_t k, l;

	memcpy(buf, blk, 8 * xlen * sizeof *buf);
	for (l = 0; l < 8; l++) {
		for (k = 0; k < xlen; k++) {
			if (dir == 0) {
				blk[8 * k + l] = buf[l * xlen + k];
			} else {
				blk[l * xlen + k] = buf[8 * k + l];
			}
		}
	}
}

/*
 * pqs_zint_norm_zero() on a lane-interleaved block (row stride rs, as
 * crt_step8()): if x > (m-1)/2 then
 * x <- x - m.  The words of (m-1)/2 are the same for all lanes; each lane
 * runs the scalar comparison (first differing word from the top decides)
 * and the conditional subtraction with borrow, so the words are the same.
 */
static MP31_AVX2 void norm_zero8(uint32_t *blk, size_t rs, size_t xlen, const uint32_t *m)
{
	const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
	const __m256i m31 = _mm256_set1_epi32(0x7FFFFFFF);
	__m256i r = zero, ctl, cc;
	uint32_t bb = 0;
	size_t u = xlen;

	while (u-- > 0) {
		__m256i wm = _mm256_set1_epi32((int)((m[u] >> 1) | (bb << 30)));
		__m256i d = _mm256_sub_epi32(wm, load8(blk + rs * u));

		bb = m[u] & 1;
		/* 1, 0 or -1 for d > 0, = 0, < 0 (|d| < 2^31). */
		d = _mm256_or_si256(_mm256_srli_epi32(_mm256_sub_epi32(zero, d), 31),
				    _mm256_sub_epi32(zero, _mm256_srli_epi32(d, 31)));
		r = _mm256_or_si256(r, _mm256_and_si256(d, _mm256_sub_epi32(_mm256_and_si256(r, one), one)));
	}
	ctl = _mm256_srai_epi32(r, 31);
	cc = zero;
	for (u = 0; u < xlen; u++) {
		__m256i x = load8(blk + rs * u);
		__m256i w = _mm256_sub_epi32(_mm256_sub_epi32(x, _mm256_set1_epi32((int)m[u])), cc);

		cc = _mm256_srli_epi32(w, 31);
		store8(blk + rs * u,
		       _mm256_xor_si256(x, _mm256_and_si256(_mm256_xor_si256(_mm256_and_si256(w, m31), x), ctl)));
	}
}

/*
 * Garner's rebuild (the portable rebuild_CRT_portable(), then the signed
 * normalisation if asked) of blocks of 8 lane-interleaved integers: block b
 * at xx + b*bstep, word k of its lane l at [rs*k + l].  The residue weights
 * of each prime are made once for all blocks.  tmp gets the product of the
 * xlen primes.
 */
static MP31_AVX2 void crt_blocks8(uint32_t *xx, size_t rs, size_t bstep, size_t blocks, size_t xlen,
				  int normalize_signed, uint32_t *tmp)
{
	uint32_t pw[MP31_NUM_PRIMES];
	size_t b, u;

	tmp[0] = pqs_mp31_primes[0].p;
	for (u = 1; u < xlen; u++) {
		uint32_t p = pqs_mp31_primes[u].p;
		uint32_t p0i = pqs_mp31_ninv31(p);

		pqs_zint_mod_weights(pw, u, p, p0i, pqs_mp31_R2(p));
		for (b = 0; b < blocks; b++) {
			crt_step8(xx + b * bstep, rs, u, tmp, pw, p, p0i, pqs_mp31_primes[u].s);
		}
		tmp[u] = pqs_zint_mul_small(tmp, u, p);
	}
	for (b = 0; normalize_signed && b < blocks; b++) {
		norm_zero8(xx + b * bstep, rs, xlen, tmp);
	}
}

MP31_AVX2 size_t pqs_zint_rebuild_CRT_avx2(uint32_t *xx, size_t xlen, size_t num, int normalize_signed, uint32_t *tmp)
{
	uint32_t buf[8 * MP31_NUM_PRIMES];
	size_t blocks = num >> 3, tail = num & 7, b, j, k;

	if (xlen > MP31_NUM_PRIMES) {
		return 0;
	}
	if (blocks > 0) {
		for (b = 0; b < blocks; b++) {
			interleave8(xx + 8 * b * xlen, xlen, buf, 0);
		}
		crt_blocks8(xx, 8, 8 * xlen, blocks, xlen, normalize_signed, tmp);
		for (b = 0; b < blocks; b++) {
			interleave8(xx + 8 * b * xlen, xlen, buf, 1);
		}
	}
	/*
	 * A tail of 4 to 7 integers (the deep NTRUSolve depths: n = 2, 4 with
	 * f and g, or F and G, together) goes through the 8 lanes, the unused
	 * ones zero.  Fewer lose to the portable loop (measured, 53 to 157
	 * words: 1 integer 2x slower, 2 integers 1.3-1.5x slower; 4 integers
	 * 1.07-1.45x faster, 6-7 up to 2x); the caller rebuilds those.
	 */
	if (tail >= 4 && xlen > 2) {
		uint32_t *x = xx + 8 * blocks * xlen;

		memset(buf, 0, 8 * xlen * sizeof *buf);
		for (j = 0; j < tail; j++) {
			for (k = 0; k < xlen; k++) {
				buf[8 * k + j] = x[j * xlen + k];
			}
		}
		crt_blocks8(buf, 8, 0, 1, xlen, normalize_signed, tmp);
		for (j = 0; j < tail; j++) {
			for (k = 0; k < xlen; k++) {
				x[j * xlen + k] = buf[8 * k + j];
			}
		}
		tail = 0;
	}
	pqs_zeroize(buf, 8 * xlen * sizeof *buf);
	return num - tail;
}

MP31_AVX2 void pqs_zint_rebuild_CRT_wm_avx2(uint32_t *xx, size_t xlen, size_t n, int normalize_signed, uint32_t *tmp)
{
	/* Word-major: the rows are already lane-interleaved, n apart. */
	crt_blocks8(xx, n, 8, n >> 3, xlen, normalize_signed, tmp);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_zint_avx2_unused;
#endif
