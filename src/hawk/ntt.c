/*
 * Forward NTT modulo Hawk's two primes (pqs_mp31_primes[0] and [1]), the
 * transform of its exact products (poly.c), its key generation checks and
 * its verifier: the same transform as pqs_mp31_NTT() (Cooley-Tukey,
 * natural order in, bit-reversed order out, canonical residues 0..p-1),
 * hence the same words.
 *
 * With AVX2 (run time, src/core/simd.h) every stage runs 8 butterflies at
 * a time: the stages whose half-blocks hold at least 8 coefficients on
 * whole vectors, the last three inside each vector of 8 consecutive
 * coefficients (partners exchanged by lane permutations).  Products with
 * a twiddle w use Shoup's method with wq = floor(w*2^32/p) from the
 * generated tables: q = floor(a*wq/2^32) gives a*w - q*p in 0..2p-1, one
 * conditional subtraction.  Canonical residues either way, so the bytes
 * are those of the portable transform (test_hawk_avx2 compares them).
 */
#include "core/simd.h"
#include "fndsa/keygen_inner.h"
#include "inner.h"

#if PQS_HAWK_AVX2_BUILD
#include "fndsa/mp31_avx2.h" /* mp31_add8, mp31_sub8 */

/* a*w mod p for 8 lanes (a, w in 0..p-1, wq = floor(w*2^32/p)). */
static inline PQS_HAWK_AVX2 __m256i shoup_mul8(__m256i a, __m256i w, __m256i wq, __m256i p)
{
	__m256i qe = _mm256_srli_epi64(_mm256_mul_epu32(a, wq), 32);
	__m256i qo = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(wq, 32));
	__m256i q = _mm256_blend_epi32(qe, qo, 0xAA);
	__m256i r = _mm256_sub_epi32(_mm256_mullo_epi32(a, w), _mm256_mullo_epi32(q, p));
	__m256i d = _mm256_sub_epi32(r, p);

	return _mm256_add_epi32(d, _mm256_and_si256(p, _mm256_srai_epi32(d, 31)));
}

/*
 * One stage inside a vector: x holds blocks whose low half (lanes not in
 * hi_mask) pairs with the high half through the permutation 'swap'; w, wq
 * the twiddle of each lane's block.  Low lanes get a + w*b, high lanes
 * a - w*b.
 */
#define HAWK_INNER_STAGE(x, swap, hi_mask, w, wq, p)                                                    \
	do {                                                                                            \
		__m256i y_ = shoup_mul8((x), (w), (wq), (p));                                           \
		__m256i xs_ = swap(x), ys_ = swap(y_);                                                  \
		(x) = _mm256_blend_epi32(mp31_add8((x), ys_, (p)), mp31_sub8(xs_, y_, (p)), (hi_mask)); \
	} while (0)

/* The twiddles of the blocks of one vector (2 or 4 from t), each over its
 * block's lanes (idx).  Reads 4 words: within the 1024-word tables, since
 * t + 4 <= n/2 + 4v + 4 <= n. */
static inline PQS_HAWK_AVX2 __m256i spread(const uint32_t *t, __m256i idx)
{
	return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t)),
					   idx);
}

#define SWAP_HALVES(v) _mm256_permute4x64_epi64((v), 0x4E)
#define SWAP_PAIRS(v)  _mm256_shuffle_epi32((v), 0x4E)
#define SWAP_LANES(v)  _mm256_shuffle_epi32((v), 0xB1)

static PQS_HAWK_AVX2 void ntt_avx2(uint32_t *a, unsigned logn, const uint32_t *tw, const uint32_t *twq, uint32_t p)
{
	size_t n = (size_t)1 << logn, t = n, m, u, v;
	const __m256i vp = _mm256_set1_epi32((int)p);
	const __m256i dup2 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
	const __m256i dup4 = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);

	/* Stages with half-blocks of 8 coefficients or more. */
	for (m = 1; m < n / 8; m <<= 1) {
		size_t ht = t >> 1;

		for (u = 0; u < m; u++) {
			__m256i w = _mm256_set1_epi32((int)tw[m + u]), wq = _mm256_set1_epi32((int)twq[m + u]);
			uint32_t *r1 = a + u * t, *r2 = r1 + ht;

			for (v = 0; v < ht; v += 8) {
				__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(r1 + v));
				__m256i y = shoup_mul8(_mm256_loadu_si256((const __m256i *)(const void *)(r2 + v)), w,
						       wq, vp);

				_mm256_storeu_si256((__m256i *)(void *)(r1 + v), mp31_add8(x, y, vp));
				_mm256_storeu_si256((__m256i *)(void *)(r2 + v), mp31_sub8(x, y, vp));
			}
		}
		t = ht;
	}
	/* The last three stages (half-blocks of 4, 2, 1) on each vector of 8
	 * coefficients: vector v is block v of the first, blocks 2v, 2v+1 of
	 * the second, 4v..4v+3 of the third. */
	for (v = 0; v < n / 8; v++) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(a + 8 * v));
		__m256i w, wq;

		w = _mm256_set1_epi32((int)tw[n / 8 + v]);
		wq = _mm256_set1_epi32((int)twq[n / 8 + v]);
		HAWK_INNER_STAGE(x, SWAP_HALVES, 0xF0, w, wq, vp);
		HAWK_INNER_STAGE(x, SWAP_PAIRS, 0xCC, spread(tw + n / 4 + 2 * v, dup2),
				 spread(twq + n / 4 + 2 * v, dup2), vp);
		HAWK_INNER_STAGE(x, SWAP_LANES, 0xAA, spread(tw + n / 2 + 4 * v, dup4),
				 spread(twq + n / 2 + 4 * v, dup4), vp);
		_mm256_storeu_si256((__m256i *)(void *)(a + 8 * v), x);
	}
}
#endif

void pqs_hawk_ntt(uint32_t *a, unsigned logn, unsigned pi)
{
	uint32_t p = pqs_mp31_primes[pi].p;

#if PQS_HAWK_AVX2_BUILD
	if (logn >= 3 && pqs_simd_avx2()) {
		ntt_avx2(a, logn, pqs_hawk_ntt_w[pi], pqs_hawk_ntt_wq[pi], p);
		return;
	}
#endif
	pqs_mp31_NTT(a, 1, pqs_hawk_gm[pi], logn, p, pqs_mp31_ninv31(p));
}
