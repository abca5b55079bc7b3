/*
 * AVX2 path of the NTT modulo q = 12289 (mq.c; spec v1.2 section 3.10,
 * verification's s2*h, and secret-key completion), chosen at run time by
 * mq.c when the CPU has AVX2.  Each function performs exactly the
 * arithmetic of the portable code on 16 coefficients at a time (the same
 * signed Montgomery product, the same normalisations), so the outputs are
 * bit-identical; tests/fndsa/test_mq_avx2.c compares both paths.
 *
 * Layers whose butterfly distance h is at least 16 work on whole vectors
 * (one twiddle per block).  For h = 8, 4, 2, 1 the two members of a pair
 * share one vector: each lane fetches its partner (lane k ^ h) with a
 * shuffle, every lane computes the butterfly of its pair, and a blend
 * keeps the x result in the x lanes and the y result in the y lanes.
 * That computes each product twice but needs no transposition.
 */
#include "inner.h"

#if FNDSA_AVX2_BUILD

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

extern const uint16_t pqs_fndsa_mq_gm[1024];
extern const uint16_t pqs_fndsa_mq_igm[1024];

#define QINV16 53249 /* 1/q mod 2^16, as in mq.c */

/* Signed Montgomery product a*s/2^16 mod q, in -q..q (mq_mont16 of mq.c). */
static inline AVX2 __m256i mont16x16(__m256i a, __m256i s, __m256i sq)
{
	const __m256i q = _mm256_set1_epi16((int16_t)FNDSA_Q);
	__m256i t = _mm256_mullo_epi16(a, sq);
	return _mm256_sub_epi16(_mm256_mulhi_epi16(a, s), _mm256_mulhi_epi16(t, q));
}

/* -q..q-1 -> 0..q-1 (mq_norm16 of mq.c). */
static inline AVX2 __m256i norm16x16(__m256i x)
{
	const __m256i q = _mm256_set1_epi16((int16_t)FNDSA_Q);
	return _mm256_add_epi16(x, _mm256_and_si256(_mm256_srai_epi16(x, 15), q));
}

/* The twiddle s and s/q mod 2^16 (the multiplier of mont16x16). */
static inline AVX2 __m256i twiddle_q(__m256i s)
{
	return _mm256_mullo_epi16(s, _mm256_set1_epi16((int16_t)QINV16));
}

static inline AVX2 __m256i load16(const uint16_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline AVX2 void store16(uint16_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/*
 * Shuffle controls for a layer of distance h < 16 (h = 1, 2, 4, 8):
 * partner_ctl moves lane k ^ h into lane k (h < 8; h = 8 crosses the
 * 128-bit halves and uses a permute instead), twiddle_ctl spreads the
 * 8 / h twiddles of a vector (lane k belongs to pair block k / 2h) and
 * y_mask marks the lanes holding the second member of their pair.
 */
typedef struct {
	__m256i partner_ctl;
	__m256i twiddle_ctl;
	__m256i y_mask;
	unsigned h;
} small_layer;

static AVX2 small_layer small_layer_init(unsigned h)
{
	uint8_t partner[32], twiddle[32];
	uint16_t ymask[16];
	small_layer sl;

	for (unsigned k = 0; k < 16; k++) {
		unsigned p = (k ^ h) & 7, t = k / (2 * h);
		partner[2 * k] = (uint8_t)(2 * p);
		partner[2 * k + 1] = (uint8_t)(2 * p + 1);
		twiddle[2 * k] = (uint8_t)(2 * t);
		twiddle[2 * k + 1] = (uint8_t)(2 * t + 1);
		ymask[k] = (k & h) ? 0xFFFF : 0;
	}
	sl.partner_ctl = _mm256_loadu_si256((const __m256i *)(const void *)partner);
	sl.twiddle_ctl = _mm256_loadu_si256((const __m256i *)(const void *)twiddle);
	sl.y_mask = _mm256_loadu_si256((const __m256i *)(const void *)ymask);
	sl.h = h;
	return sl;
}

static inline AVX2 __m256i partner_of(const small_layer *sl, __m256i v)
{
	return sl->h == 8 ? _mm256_permute4x64_epi64(v, 0x4E) : _mm256_shuffle_epi8(v, sl->partner_ctl);
}

/* The 8 / h twiddles tw[0..8/h-1], one per lane as the lane's pair needs. */
static inline AVX2 __m256i twiddles_of(const small_layer *sl, const uint16_t *tw)
{
	__m128i t;
	if (sl->h == 8) {
		return _mm256_set1_epi16((int16_t)tw[0]);
	} else if (sl->h == 4) {
		uint32_t w;
		memcpy(&w, tw, sizeof w);
		t = _mm_cvtsi32_si128((int)w);
	} else if (sl->h == 2) {
		t = _mm_loadl_epi64((const __m128i *)(const void *)tw);
	} else {
		t = _mm_loadu_si128((const __m128i *)(const void *)tw);
	}
	return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(t), sl->twiddle_ctl);
}

void AVX2 pqs_fndsa_mq_NTT_avx2(uint16_t *a, unsigned logn)
{
	/* Same Cooley-Tukey layers as pqs_fndsa_mq_NTT; logn >= 4. */
	const __m256i q = _mm256_set1_epi16((int16_t)FNDSA_Q);
	size_t n = (size_t)1 << logn;
	size_t t = n;
	for (size_t m = 1; m < n; m <<= 1) {
		size_t ht = t >> 1;
		if (ht >= 16) {
			for (size_t i = 0, j1 = 0; i < m; i++, j1 += t) {
				__m256i s = _mm256_set1_epi16((int16_t)pqs_fndsa_mq_gm[m + i]);
				__m256i sq = twiddle_q(s);
				for (size_t j = j1; j < j1 + ht; j += 16) {
					__m256i u = load16(a + j);
					__m256i v = norm16x16(mont16x16(load16(a + j + ht), s, sq));
					store16(a + j, norm16x16(_mm256_sub_epi16(_mm256_add_epi16(u, v), q)));
					store16(a + j + ht, norm16x16(_mm256_sub_epi16(u, v)));
				}
			}
		} else {
			small_layer sl = small_layer_init((unsigned)ht);
			for (size_t j = 0; j < n; j += 16) {
				__m256i s = twiddles_of(&sl, pqs_fndsa_mq_gm + m + j / (2 * ht));
				__m256i sq = twiddle_q(s);
				__m256i w = load16(a + j);
				__m256i p = partner_of(&sl, w);
				__m256i x = _mm256_blendv_epi8(w, p, sl.y_mask);
				__m256i y = _mm256_blendv_epi8(p, w, sl.y_mask);
				__m256i v = norm16x16(mont16x16(y, s, sq));
				__m256i sum = norm16x16(_mm256_sub_epi16(_mm256_add_epi16(x, v), q));
				__m256i dif = norm16x16(_mm256_sub_epi16(x, v));
				store16(a + j, _mm256_blendv_epi8(sum, dif, sl.y_mask));
			}
		}
		t = ht;
	}
}

void AVX2 pqs_fndsa_mq_iNTT_avx2(uint16_t *a, unsigned logn, uint16_t ni)
{
	/* Same Gentleman-Sande layers as pqs_fndsa_mq_iNTT, then the
	 * product by ni = 2^16/n mod q; logn >= 4. */
	const __m256i q = _mm256_set1_epi16((int16_t)FNDSA_Q);
	size_t n = (size_t)1 << logn;
	size_t t = 1;
	for (size_t m = n; m > 1; m >>= 1) {
		size_t hm = m >> 1;
		size_t dt = t << 1;
		if (t >= 16) {
			for (size_t i = 0, j1 = 0; i < hm; i++, j1 += dt) {
				__m256i s = _mm256_set1_epi16((int16_t)pqs_fndsa_mq_igm[hm + i]);
				__m256i sq = twiddle_q(s);
				for (size_t j = j1; j < j1 + t; j += 16) {
					__m256i u = load16(a + j);
					__m256i v = load16(a + j + t);
					store16(a + j, norm16x16(_mm256_sub_epi16(_mm256_add_epi16(u, v), q)));
					store16(a + j + t, norm16x16(mont16x16(_mm256_sub_epi16(u, v), s, sq)));
				}
			}
		} else {
			small_layer sl = small_layer_init((unsigned)t);
			for (size_t j = 0; j < n; j += 16) {
				__m256i s = twiddles_of(&sl, pqs_fndsa_mq_igm + hm + j / dt);
				__m256i sq = twiddle_q(s);
				__m256i w = load16(a + j);
				__m256i p = partner_of(&sl, w);
				__m256i x = _mm256_blendv_epi8(w, p, sl.y_mask);
				__m256i y = _mm256_blendv_epi8(p, w, sl.y_mask);
				__m256i sum = norm16x16(_mm256_sub_epi16(_mm256_add_epi16(x, y), q));
				__m256i dif = norm16x16(mont16x16(_mm256_sub_epi16(x, y), s, sq));
				store16(a + j, _mm256_blendv_epi8(sum, dif, sl.y_mask));
			}
		}
		t = dt;
	}
	__m256i nis = _mm256_set1_epi16((int16_t)ni);
	__m256i niq = twiddle_q(nis);
	for (size_t j = 0; j < n; j += 16) {
		store16(a + j, norm16x16(mont16x16(load16(a + j), nis, niq)));
	}
}

void AVX2 pqs_fndsa_mq_poly_mul_ntt_avx2(uint16_t *a, const uint16_t *b, unsigned logn, uint16_t r2)
{
	/* mont(a, mont(b, R^2)) = a*b, as pqs_fndsa_mq_poly_mul_ntt; logn >= 4. */
	size_t n = (size_t)1 << logn;
	__m256i r2s = _mm256_set1_epi16((int16_t)r2);
	__m256i r2q = twiddle_q(r2s);
	for (size_t j = 0; j < n; j += 16) {
		__m256i bm = norm16x16(mont16x16(load16(b + j), r2s, r2q));
		store16(a + j, norm16x16(mont16x16(load16(a + j), bm, twiddle_q(bm))));
	}
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_fndsa_mq_avx2_unused;
#endif
