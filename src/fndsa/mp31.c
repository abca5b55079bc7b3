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
#include "keygen_inner.h"

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
static inline void
ntt_body(uint32_t *a, size_t stride, const uint32_t *gm, unsigned logn,
	uint32_t p, uint32_t p0i)
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
			uint32_t s = gm[m + u];
			uint32_t *r1 = a + u * t * stride;
			uint32_t *r2 = r1 + ht * stride;
			size_t v;

			for (v = 0; v < ht; v++) {
				uint32_t x = r1[v * stride];
				uint32_t y = mp31_mmul(r2[v * stride], s, p, p0i);

				r1[v * stride] = mp31_add(x, y, p);
				r2[v * stride] = mp31_sub(x, y, p);
			}
		}
		t = ht;
	}
}

static inline void
intt_body(uint32_t *a, size_t stride, const uint32_t *igm, unsigned logn,
	uint32_t p, uint32_t p0i)
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
			uint32_t s = igm[hm + u];
			uint32_t *r1 = a + u * dt * stride;
			uint32_t *r2 = r1 + t * stride;
			size_t v;

			for (v = 0; v < t; v++) {
				uint32_t x = r1[v * stride];
				uint32_t y = r2[v * stride];

				r1[v * stride] = mp31_add(x, y, p);
				r2[v * stride] = mp31_mmul(mp31_sub(x, y, p), s, p, p0i);
			}
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
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
#define MP31_AVX2_BUILD 1
#include <immintrin.h>

#define MP31_AVX2 __attribute__((target("avx2")))

/* mp31_mmul() on 8 lanes: even and odd lanes as 64-bit products, then
 * the same reduction (w = (z * p0i mod 2^32) mod 2^31, (z + w p) >> 31,
 * conditional subtraction). */
static inline MP31_AVX2 __m256i mmul8(__m256i a, __m256i b, __m256i p, __m256i p0i)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	__m256i ze = _mm256_mul_epu32(a, b);
	__m256i zo = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
	__m256i we = _mm256_mul_epu32(_mm256_and_si256(_mm256_mul_epu32(ze, p0i), m31), p);
	__m256i wo = _mm256_mul_epu32(_mm256_and_si256(_mm256_mul_epu32(zo, p0i), m31), p);
	__m256i d;

	ze = _mm256_srli_epi64(_mm256_add_epi64(ze, we), 31);
	zo = _mm256_srli_epi64(_mm256_add_epi64(zo, wo), 31);
	d = _mm256_sub_epi32(_mm256_blend_epi32(ze, _mm256_slli_epi64(zo, 32), 0xAA), p);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

static inline MP31_AVX2 __m256i add8(__m256i a, __m256i b, __m256i p)
{
	__m256i d = _mm256_sub_epi32(_mm256_add_epi32(a, b), p);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

static inline MP31_AVX2 __m256i sub8(__m256i a, __m256i b, __m256i p)
{
	__m256i d = _mm256_sub_epi32(a, b);
	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

/* ntt_body() with stride 1: stages whose half-blocks hold at least 8
 * coefficients run 8 butterflies at a time, the last three as in C. */
static MP31_AVX2 void ntt_contiguous_avx2(uint32_t *a, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	size_t t = n;
	size_t m;
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);

	for (m = 1; m < n; m <<= 1) {
		size_t ht = t >> 1;
		size_t u;

		for (u = 0; u < m; u++) {
			uint32_t s = gm[m + u];
			uint32_t *r1 = a + u * t;
			uint32_t *r2 = r1 + ht;
			size_t v;

			if (ht >= 8) {
				__m256i vs = _mm256_set1_epi32((int)s);

				for (v = 0; v < ht; v += 8) {
					__m256i x = _mm256_loadu_si256((const __m256i *)(void *)(r1 + v));
					__m256i y = mmul8(_mm256_loadu_si256((const __m256i *)(void *)(r2 + v)), vs, vp,
							  vp0i);

					_mm256_storeu_si256((__m256i *)(void *)(r1 + v), add8(x, y, vp));
					_mm256_storeu_si256((__m256i *)(void *)(r2 + v), sub8(x, y, vp));
				}
				continue;
			}
			for (v = 0; v < ht; v++) {
				uint32_t x = r1[v];
				uint32_t y = mp31_mmul(r2[v], s, p, p0i);

				r1[v] = mp31_add(x, y, p);
				r2[v] = mp31_sub(x, y, p);
			}
		}
		t = ht;
	}
}

/* intt_body() with stride 1, vectorized the same way. */
static MP31_AVX2 void intt_contiguous_avx2(uint32_t *a, const uint32_t *igm, unsigned logn, uint32_t p, uint32_t p0i)
{
	size_t n = (size_t)1 << logn;
	size_t t = 1;
	size_t m, k;
	__m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i), vni;

	for (m = n; m > 1; m >>= 1) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		size_t u;

		for (u = 0; u < hm; u++) {
			uint32_t s = igm[hm + u];
			uint32_t *r1 = a + u * dt;
			uint32_t *r2 = r1 + t;
			size_t v;

			if (t >= 8) {
				__m256i vs = _mm256_set1_epi32((int)s);

				for (v = 0; v < t; v += 8) {
					__m256i x = _mm256_loadu_si256((const __m256i *)(void *)(r1 + v));
					__m256i y = _mm256_loadu_si256((const __m256i *)(void *)(r2 + v));

					_mm256_storeu_si256((__m256i *)(void *)(r1 + v), add8(x, y, vp));
					_mm256_storeu_si256((__m256i *)(void *)(r2 + v),
							    mmul8(sub8(x, y, vp), vs, vp, vp0i));
				}
				continue;
			}
			for (v = 0; v < t; v++) {
				uint32_t x = r1[v];
				uint32_t y = r2[v];

				r1[v] = mp31_add(x, y, p);
				r2[v] = mp31_mmul(mp31_sub(x, y, p), s, p, p0i);
			}
		}
		t = dt;
	}
	/* Multiply by 1/n: R/n = 2^(31-logn) is 1/n in Montgomery form. */
	vni = _mm256_set1_epi32((int)((uint32_t)1 << (31 - logn)));
	for (k = 0; k < n; k += 8) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(void *)(a + k));

		_mm256_storeu_si256((__m256i *)(void *)(a + k), mmul8(x, vni, vp, vp0i));
	}
}
#else
#define MP31_AVX2_BUILD 0
#endif

static int mp31_avx2_allowed = 1;

void pqs_mp31_allow_avx2(int allow)
{
	mp31_avx2_allowed = allow;
}

int pqs_mp31_uses_avx2(void)
{
#if MP31_AVX2_BUILD
	return mp31_avx2_allowed && __builtin_cpu_supports("avx2");
#else
	return 0;
#endif
}

void pqs_mp31_NTT(uint32_t *a, size_t stride, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i)
{
#if MP31_AVX2_BUILD
	if (stride == 1 && logn >= 4 && pqs_mp31_uses_avx2()) {
		ntt_contiguous_avx2(a, gm, logn, p, p0i);
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
	if (stride == 1 && logn >= 4 && pqs_mp31_uses_avx2()) {
		intt_contiguous_avx2(a, igm, logn, p, p0i);
		return;
	}
#endif
	if (stride == 1) {
		intt_body(a, 1, igm, logn, p, p0i);
	} else {
		intt_body(a, stride, igm, logn, p, p0i);
	}
}
