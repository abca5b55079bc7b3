/*
 * Arithmetic modulo 31-bit primes p = 1 mod 2048, and the negacyclic NTT
 * over Z_p[x]/(x^n+1), n = 2^logn <= 1024.
 *
 * NTRUSolve (Falcon round-3 spec v1.2, section 3.8.2) handles integers of
 * thousands of bits; products of polynomials with such coefficients are
 * computed in RNS, modulo many primes p_i (pqs_mp31_primes[]), where each
 * product is a slot-wise product in NTT representation.
 *
 * Values modulo p are kept in 0..p-1; products use Montgomery
 * multiplication with R = 2^31.  p is public, so nothing here needs to
 * hide p; values are secret, and every operation on them is branchless.
 */
#include "core/simd.h"
#include "keygen_inner.h"
#include "mp31_avx2.h"
#include "pqsig/rand.h"

uint32_t pqs_mp31_ninv31(uint32_t p)
{
	/* Newton iteration for 1/p mod 2^32: each step doubles the number
	 * of correct low bits (starting from 2 - p, correct on 3 bits). */
	uint32_t y = 2 - p;
	y *= 2 - p * y;
	y *= 2 - p * y;
	y *= 2 - p * y;
	y *= 2 - p * y;
	return (uint32_t)(-y) & 0x7FFFFFFFu;
}

uint32_t pqs_mp31_R2(uint32_t p)
{
	/* p is public: a plain 64-bit remainder is fine here. */
	uint64_t r = mp31_R(p);
	return (uint32_t)((r * r) % p);
}

uint32_t pqs_mp31_Rx(unsigned e, uint32_t p, uint32_t p0i, uint32_t R2)
{
	/* Square-and-multiply on R2 = R^2 (Montgomery form of R): the
	 * accumulator holds R^k in Montgomery form, i.e. R^(k+1). */
	uint32_t z = mp31_R(p); /* 1 in Montgomery form */
	uint32_t r = R2;        /* R in Montgomery form */
	while (e != 0) {
		if (e & 1) {
			z = mp31_mmul(z, r, p, p0i);
		}
		r = mp31_mmul(r, r, p, p0i);
		e >>= 1;
	}
	/* Leave Montgomery form. */
	return mp31_mmul(z, 1, p, p0i);
}

uint32_t pqs_mp31_div(uint32_t a, uint32_t b, uint32_t p, uint32_t p0i, uint32_t R2)
{
	/* Fermat: 1/b = b^(p-2); fixed exponent, constant-time ladder. */
	uint32_t bm = mp31_mmul(b, R2, p, p0i); /* b in Montgomery form */
	uint32_t z = mp31_R(p);
	uint32_t e = p - 2;
	int i;

	for (i = 30; i >= 0; i--) {
		uint32_t z2;

		z = mp31_mmul(z, z, p, p0i);
		z2 = mp31_mmul(z, bm, p, p0i);
		z ^= (z ^ z2) & -((e >> i) & 1);
	}
	/* z = (1/b)*R; a*z/R = a/b. */
	return mp31_mmul(a, z, p, p0i);
}

#if MP31_AVX2_BUILD
/*
 * pqs_mp31_mkgm() for logn >= 3: lanes l = 0..7 hold w^(u+l), and one
 * vector product by w^8 advances u by 8, so the chain of dependent
 * products is n/8 long instead of n.  Values modulo p are canonical, so
 * the powers equal the scalar chain's.  Index u+l (u a multiple of 8)
 * bit-reverses to rev3(l) << (logn-3) | rev_{logn-3}(u/8).
 */
static MP31_AVX2 void mkgm_avx2(uint32_t *gm, uint32_t *igm, unsigned logn, uint32_t w, uint32_t iw, uint32_t p,
				uint32_t p0i)
{
	static const uint8_t rev3[8] = { 0, 4, 2, 6, 1, 5, 3, 7 };
	size_t n = (size_t)1 << logn, hi = n >> 3;
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
	uint32_t xs[8], ixs[8];
	__m256i x, ix, w8, iw8;
	size_t u, v;
	int l;

	xs[0] = mp31_R(p);
	ixs[0] = mp31_R(p);
	for (l = 1; l < 8; l++) {
		xs[l] = mp31_mmul(xs[l - 1], w, p, p0i);
		ixs[l] = mp31_mmul(ixs[l - 1], iw, p, p0i);
	}
	w8 = _mm256_set1_epi32((int)mp31_mmul(xs[7], w, p, p0i));
	iw8 = _mm256_set1_epi32((int)mp31_mmul(ixs[7], iw, p, p0i));
	x = _mm256_loadu_si256((const __m256i *)(const void *)xs);
	ix = _mm256_loadu_si256((const __m256i *)(const void *)ixs);
	for (u = 0, v = 0; u < n; u += 8) {
		size_t bit = hi >> 1;

		_mm256_storeu_si256((__m256i *)(void *)xs, x);
		_mm256_storeu_si256((__m256i *)(void *)ixs, ix);
		for (l = 0; l < 8; l++) {
			gm[((size_t)rev3[l] * hi) | v] = xs[l];
			igm[((size_t)rev3[l] * hi) | v] = ixs[l];
		}
		x = mp31_mmul8(x, w8, vp, vp0i);
		ix = mp31_mmul8(ix, iw8, vp, vp0i);
		while (bit != 0 && (v & bit) != 0) {
			v ^= bit;
			bit >>= 1;
		}
		v |= bit;
	}
}
#endif

void pqs_mp31_mkgm(uint32_t *gm, uint32_t *igm, unsigned logn, const mp31_prime *pr, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	uint32_t p = pr->p;
	uint32_t R2 = pqs_mp31_R2(p);
	uint32_t w, iw, x1, x2;
	size_t u, v;
	unsigned k;

	/* g has order 2048; w = g^(1024/n) has order 2n (Montgomery form). */
	w = mp31_mmul(pr->g, R2, p, p0i);
	iw = mp31_mmul(pr->ig, R2, p, p0i);
	for (k = logn; k < 10; k++) {
		w = mp31_mmul(w, w, p, p0i);
		iw = mp31_mmul(iw, iw, p, p0i);
	}
#if MP31_AVX2_BUILD
	if (logn >= 3 && pqs_mp31_uses_avx2()) {
		mkgm_avx2(gm, igm, logn, w, iw, p, p0i);
		return;
	}
#endif
	x1 = mp31_R(p);
	x2 = mp31_R(p);
	/* v runs over the bit reversals of u = 0..n-1 (reversed-counter
	 * increment: clear the leading ones, set the next bit). */
	for (u = 0, v = 0; u < n; u++) {
		size_t bit = n >> 1;

		gm[v] = x1;
		igm[v] = x2;
		x1 = mp31_mmul(x1, w, p, p0i);
		x2 = mp31_mmul(x2, iw, p, p0i);
		while (bit != 0 && (v & bit) != 0) {
			v ^= bit;
			bit >>= 1;
		}
		v |= bit;
	}
}

/*
 * Bodies of the transforms, always inlined: the callers below instantiate
 * them once for contiguous data (stride 1, the common case, in loops the
 * compiler can vectorize) and once for strided data.
 */
/* One block of Cooley-Tukey butterflies (twiddle s) on ht pairs. */
static inline void ntt_block(uint32_t *r1, uint32_t *r2, size_t ht, size_t stride, uint32_t s, uint32_t p, uint32_t p0i)
{
	size_t v;

	for (v = 0; v < ht; v++) {
		uint32_t x = r1[v * stride];
		uint32_t y = mp31_mmul(r2[v * stride], s, p, p0i);

		r1[v * stride] = mp31_add(x, y, p);
		r2[v * stride] = mp31_sub(x, y, p);
	}
}

/* One block of Gentleman-Sande butterflies (twiddle s) on t pairs. */
static inline void intt_block(uint32_t *r1, uint32_t *r2, size_t t, size_t stride, uint32_t s, uint32_t p, uint32_t p0i)
{
	size_t v;

	for (v = 0; v < t; v++) {
		uint32_t x = r1[v * stride];
		uint32_t y = r2[v * stride];

		r1[v * stride] = mp31_add(x, y, p);
		r2[v * stride] = mp31_mmul(mp31_sub(x, y, p), s, p, p0i);
	}
}

static inline void ntt_body(uint32_t *a, size_t stride, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	size_t t = n;
	size_t m;

	/* Cooley-Tukey, natural order in, bit-reversed order out: stage m
	 * splits each block mod (x^t - s^2) into (x^(t/2) - s), (x^(t/2) + s). */
	for (m = 1; m < n; m <<= 1) {
		size_t ht = t >> 1;
		size_t u;

		for (u = 0; u < m; u++) {
			uint32_t *r1 = a + u * t * stride;

			ntt_block(r1, r1 + ht * stride, ht, stride, gm[m + u], p, p0i);
		}
		t = ht;
	}
}

static inline void intt_body(uint32_t *a, size_t stride, const uint32_t *igm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	size_t t = 1;
	size_t m, k;
	uint32_t ni;

	/* Gentleman-Sande, exact inverse of the stages of ntt_body(). */
	for (m = n; m > 1; m >>= 1) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		size_t u;

		for (u = 0; u < hm; u++) {
			uint32_t *r1 = a + u * dt * stride;

			intt_block(r1, r1 + t * stride, t, stride, igm[hm + u], p, p0i);
		}
		t = dt;
	}
	/* Multiply by 1/n: R/n = 2^(31-logn) is 1/n in Montgomery form. */
	ni = (uint32_t)1 << (31 - logn);
	for (k = 0; k < n; k++) {
		a[k * stride] = mp31_mmul(a[k * stride], ni, p, p0i);
	}
}

/*
 * Run-time AVX2 path for contiguous data (logn >= 4): the butterflies of
 * ntt_body() / intt_body() on 8 coefficients at a time.  Integer
 * arithmetic only, the same operations: the outputs are bit-identical to
 * the portable code (tests/hawk/test_hawk_ntt_avx2.c compares them).  PQSIG_NO_AVX2 at
 * build time, or pqs_mp31_allow_avx2(0), keeps the portable path.
 */
#if MP31_AVX2_BUILD
/*
 * The three stages with butterfly distance 4, 2 and 1 (half-blocks
 * smaller than a vector), fused: they run on 16 coefficients (two vectors
 * a, b) at a time, loaded and stored once.  Between stages the 16 words
 * are regrouped with in-lane shuffles so that one vector x holds the 8
 * "x" words of the stage's pairs and another y their 8 "y" words: every
 * lane then does one butterfly, ntt_block()'s or intt_block()'s, with the
 * twiddle of its block (one Montgomery product per pair).  The layouts,
 * a_i and b_i the words of the two vectors, per 128-bit half (a left, b
 * right):
 *   distance 4: x = a0 a1 a2 a3, y = a4 a5 a6 a7 (blocks w/8, w/8+1)
 *   distance 2: x = a0 a1 a4 a5, y = a2 a3 a6 a7 (blocks w/4 + 0 0 1 1)
 *   distance 1: x = a0 a4 a2 a6, y = a1 a5 a3 a7 (blocks w/2 + 0 2 1 3)
 * tw4, tw2, tw1: the twiddles of the stages (gm + n/8, n/4, n/2 or igm
 * the same); n >= 16.
 */
static inline MP31_AVX2 __m256i ld8u(const uint32_t *a)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)a);
}

static inline MP31_AVX2 void st8u(uint32_t *a, __m256i x)
{
	_mm256_storeu_si256((__m256i *)(void *)a, x);
}

static inline MP31_AVX2 __m256i tw_pair(const uint32_t *tw)
{
	/* tw[0] in lanes 0-3, tw[1] in lanes 4-7. */
	return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(const void *)tw)),
					   _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}

static inline MP31_AVX2 __m256i tw_quad(const uint32_t *tw)
{
	return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tw)),
					   _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3));
}

static inline MP31_AVX2 __m256i tw_oct(const uint32_t *tw)
{
	return _mm256_permutevar8x32_epi32(ld8u(tw), _mm256_setr_epi32(0, 2, 1, 3, 4, 6, 5, 7));
}

/* ntt_block() on 8 lanes: x + s y, x - s y. */
static inline MP31_AVX2 void ct8(__m256i *x, __m256i *y, __m256i s, __m256i vp, __m256i vp0i)
{
	__m256i t = mp31_mmul8(*y, s, vp, vp0i);

	*y = mp31_sub8(*x, t, vp);
	*x = mp31_add8(*x, t, vp);
}

/* intt_block() on 8 lanes: x + y, s (x - y). */
static inline MP31_AVX2 void gs8(__m256i *x, __m256i *y, __m256i s, __m256i vp, __m256i vp0i)
{
	__m256i d = mp31_sub8(*x, *y, vp);

	*x = mp31_add8(*x, *y, vp);
	*y = mp31_mmul8(d, s, vp, vp0i);
}

static MP31_AVX2 void ntt_last3_avx2(uint32_t *a, size_t n, const uint32_t *gm, __m256i vp, __m256i vp0i)
{
	const uint32_t *tw4 = gm + (n >> 3), *tw2 = gm + (n >> 2), *tw1 = gm + (n >> 1);
	size_t w;

	for (w = 0; w < n; w += 16) {
		__m256i va = ld8u(a + w), vb = ld8u(a + w + 8);
		__m256i x = _mm256_permute2x128_si256(va, vb, 0x20);
		__m256i y = _mm256_permute2x128_si256(va, vb, 0x31);
		__m256i u, v;

		ct8(&x, &y, tw_pair(tw4 + (w >> 3)), vp, vp0i);
		u = _mm256_unpacklo_epi64(x, y);
		v = _mm256_unpackhi_epi64(x, y);
		ct8(&u, &v, tw_quad(tw2 + (w >> 2)), vp, vp0i);
		x = _mm256_castps_si256(
			_mm256_shuffle_ps(_mm256_castsi256_ps(u), _mm256_castsi256_ps(v), _MM_SHUFFLE(2, 0, 2, 0)));
		y = _mm256_castps_si256(
			_mm256_shuffle_ps(_mm256_castsi256_ps(u), _mm256_castsi256_ps(v), _MM_SHUFFLE(3, 1, 3, 1)));
		ct8(&x, &y, tw_oct(tw1 + (w >> 1)), vp, vp0i);
		/* Back to natural order. */
		u = _mm256_unpacklo_epi32(x, y);
		v = _mm256_unpackhi_epi32(x, y);
		x = _mm256_unpacklo_epi64(u, v);
		y = _mm256_unpackhi_epi64(u, v);
		st8u(a + w, _mm256_permute2x128_si256(x, y, 0x20));
		st8u(a + w + 8, _mm256_permute2x128_si256(x, y, 0x31));
	}
}

/* The inverse stages of distance 1, 2, 4, in the layouts above, read in
 * the other direction. */
static MP31_AVX2 void intt_first3_avx2(uint32_t *a, size_t n, const uint32_t *igm, __m256i vp, __m256i vp0i)
{
	const uint32_t *tw4 = igm + (n >> 3), *tw2 = igm + (n >> 2), *tw1 = igm + (n >> 1);
	size_t w;

	for (w = 0; w < n; w += 16) {
		__m256i va = ld8u(a + w), vb = ld8u(a + w + 8);
		__m256i u = _mm256_permute2x128_si256(va, vb, 0x20);
		__m256i v = _mm256_permute2x128_si256(va, vb, 0x31);
		__m256i x, y;

		x = _mm256_unpacklo_epi64(u, v);
		y = _mm256_unpackhi_epi64(u, v);
		u = _mm256_castps_si256(
			_mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(2, 0, 2, 0)));
		v = _mm256_castps_si256(
			_mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(3, 1, 3, 1)));
		gs8(&u, &v, tw_oct(tw1 + (w >> 1)), vp, vp0i);
		x = _mm256_unpacklo_epi32(u, v);
		y = _mm256_unpackhi_epi32(u, v);
		gs8(&x, &y, tw_quad(tw2 + (w >> 2)), vp, vp0i);
		u = _mm256_unpacklo_epi64(x, y);
		v = _mm256_unpackhi_epi64(x, y);
		gs8(&u, &v, tw_pair(tw4 + (w >> 3)), vp, vp0i);
		st8u(a + w, _mm256_permute2x128_si256(u, v, 0x20));
		st8u(a + w + 8, _mm256_permute2x128_si256(u, v, 0x31));
	}
}

/* ntt_body() with stride 1: stages whose half-blocks hold at least 8
 * coefficients run 8 butterflies at a time, the last three through
 * ntt_last3_avx2(). */
static MP31_AVX2 void ntt_contiguous_avx2(uint32_t *a, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	size_t t = n;
	size_t m;
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);

	for (m = 1; m < (n >> 3); m <<= 1) {
		size_t ht = t >> 1;
		size_t u;

		for (u = 0; u < m; u++) {
			uint32_t *r1 = a + u * t;
			uint32_t *r2 = r1 + ht;
			__m256i vs = _mm256_set1_epi32((int)gm[m + u]);
			size_t v;

			for (v = 0; v < ht; v += 8) {
				__m256i x = ld8u(r1 + v), y = ld8u(r2 + v);

				ct8(&x, &y, vs, vp, vp0i);
				st8u(r1 + v, x);
				st8u(r2 + v, y);
			}
		}
		t = ht;
	}
	ntt_last3_avx2(a, n, gm, vp, vp0i);
}

/*
 * intt_body() with stride 1, vectorized the same way.  The final
 * multiplication by 1/n is folded into the last stage (one block,
 * twiddle igm[1]): x + y is multiplied by R/n, and x - y by
 * mmul(igm[1], R/n) instead of igm[1] and then R/n.  Montgomery products
 * return the canonical residue, so mmul(mmul(d, s), ni) = d s ni / R^2
 * mod p = mmul(d, mmul(s, ni)): the same words, n/2 products fewer.
 */
static MP31_AVX2 void intt_contiguous_avx2(uint32_t *a, const uint32_t *igm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn, hn = n >> 1;
	size_t t = 8;
	size_t m, v;
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i), vni, vsni;
	/* R/n = 2^(31-logn) is 1/n in Montgomery form. */
	uint32_t ni = (uint32_t)1 << (31 - logn);

	intt_first3_avx2(a, n, igm, vp, vp0i);
	for (m = n >> 3; m > 2; m >>= 1) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		size_t u;

		for (u = 0; u < hm; u++) {
			uint32_t *r1 = a + u * dt;
			uint32_t *r2 = r1 + t;
			__m256i vs = _mm256_set1_epi32((int)igm[hm + u]);

			for (v = 0; v < t; v += 8) {
				__m256i x = ld8u(r1 + v), y = ld8u(r2 + v);

				gs8(&x, &y, vs, vp, vp0i);
				st8u(r1 + v, x);
				st8u(r2 + v, y);
			}
		}
		t = dt;
	}
	vni = _mm256_set1_epi32((int)ni);
	vsni = _mm256_set1_epi32((int)mp31_mmul(igm[1], ni, p, p0i));
	for (v = 0; v < hn; v += 8) {
		__m256i x = ld8u(a + v), y = ld8u(a + hn + v);

		gs8(&x, &y, vsni, vp, vp0i);
		st8u(a + v, mp31_mmul8(x, vni, vp, vp0i));
		st8u(a + hn + v, y);
	}
}
#endif

static int mp31_avx2_allowed = 1;

void pqs_mp31_allow_avx2(int allow)
{
	mp31_avx2_allowed = allow;
}

int pqs_mp31_uses_avx2(void)
{
#if MP31_AVX2_BUILD
	return mp31_avx2_allowed && pqs_simd_avx2(); /* the one switch: src/core/simd.h, PQSIG_NO_SIMD=1 */
#else
	return 0;
#endif
}

#if MP31_AVX2_BUILD
/* n = 2^logn words from src (stride ss) to dst (stride ds). */
static void strided_copy(uint32_t *dst, size_t ds, const uint32_t *src, size_t ss, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t k;

	for (k = 0; k < n; k++) {
		dst[k * ds] = src[k * ss];
	}
}
#endif

#if MP31_AVX2_BUILD
/*
 * The AVX2 transform (inverse if 'inverse'), for logn >= 4 when the AVX2
 * path runs; returns 0 otherwise.  Strided data (the RNS words of
 * multi-word coefficients) is transformed on a contiguous copy: 2n moves
 * for n*logn butterflies.
 */
static int transform_avx2(uint32_t *a, size_t stride, const uint32_t *tab, unsigned logn, uint32_t p, uint32_t p0i,
			  int inverse)
{
	uint32_t buf[1024];
	uint32_t *w = stride == 1 ? a : buf;

	if (logn < 4 || !pqs_mp31_uses_avx2()) {
		return 0;
	}
	if (stride != 1) {
		strided_copy(buf, 1, a, stride, logn);
	}
	if (inverse) {
		intt_contiguous_avx2(w, tab, logn, p, p0i);
	} else {
		ntt_contiguous_avx2(w, tab, logn, p, p0i);
	}
	if (stride != 1) {
		strided_copy(a, stride, buf, 1, logn);
		pqs_zeroize(buf, (sizeof buf[0]) << logn);
	}
	return 1;
}
#endif

void pqs_mp31_NTT(uint32_t *a, size_t stride, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i)
{
#if MP31_AVX2_BUILD
	if (transform_avx2(a, stride, gm, logn, p, p0i, 0)) {
		return;
	}
#endif
	if (stride == 1) {
		ntt_body(a, 1, gm, logn, p, p0i);
	} else {
		ntt_body(a, stride, gm, logn, p, p0i);
	}
}

void pqs_mp31_iNTT(uint32_t *a, size_t stride, const uint32_t *igm, unsigned logn, uint32_t p, uint32_t p0i)
{
	if (logn == 0) {
		return;
	}
#if MP31_AVX2_BUILD
	if (transform_avx2(a, stride, igm, logn, p, p0i, 1)) {
		return;
	}
#endif
	if (stride == 1) {
		intt_body(a, 1, igm, logn, p, p0i);
	} else {
		intt_body(a, stride, igm, logn, p, p0i);
	}
}
