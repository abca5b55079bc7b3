/*
 * AVX2 SampleInBall swaps (FIPS 204 Algorithm 29 steps 11-12): the 256
 * challenge bytes stay in eight vectors; each step compares all of them
 * with the broadcast j and i, so no memory index depends on the secret j
 * (as in the portable masked scans of poly.c, 32 bytes per compare instead
 * of the compiler's 16).  c_j is gathered by masking and an OR reduction,
 * then broadcast back: no byte leaves the vector unit.
 */
#include "mldsa/challenge_avx2.h"

#if MLDSA_AVX2_BUILD

#include "mldsa/avx2_lanes.h"

/* The OR of all 32 bytes of v, in every byte. */
static inline AVX2 __m256i or_all_bytes(__m256i v)
{
	v = _mm256_or_si256(v, _mm256_permute2x128_si256(v, v, 0x01));
	v = _mm256_or_si256(v, _mm256_srli_si256(v, 8));
	v = _mm256_or_si256(v, _mm256_srli_si256(v, 4));
	v = _mm256_or_si256(v, _mm256_srli_si256(v, 2));
	v = _mm256_or_si256(v, _mm256_srli_si256(v, 1));
	return _mm256_broadcastb_epi8(_mm256_castsi256_si128(v));
}

AVX2 void pqs_mldsa_ball_swaps_avx2(uint8_t cc[MLDSA_N], const uint8_t *j, uint64_t signs, unsigned tau)
{
	__m256i c[8], idx[8];
	const __m256i first = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
					       21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
	for (unsigned k = 0; k < 8; k++) {
		c[k] = _mm256_setzero_si256();
		idx[k] = _mm256_add_epi8(first, _mm256_set1_epi8((char)(32 * k)));
	}
	for (unsigned n = 0; n < tau; n++, signs >>= 1) {
		const __m256i jv = _mm256_set1_epi8((char)j[n]);
		const __m256i iv = _mm256_set1_epi8((char)(MLDSA_N - tau + n));
		/* 0x01 or 0xFF (-1) from the sign bit, as the portable s. */
		const __m256i s = _mm256_set1_epi8((char)(uint8_t)(1u | (0u - (uint32_t)(signs & 1))));
		__m256i at_j[8], cj = _mm256_setzero_si256();
		for (unsigned k = 0; k < 8; k++) {
			at_j[k] = _mm256_cmpeq_epi8(idx[k], jv);
			cj = _mm256_or_si256(cj, _mm256_and_si256(c[k], at_j[k]));
		}
		cj = or_all_bytes(cj); /* c_j: one byte at most was kept */
		for (unsigned k = 0; k < 8; k++) {
			c[k] = _mm256_blendv_epi8(c[k], cj, _mm256_cmpeq_epi8(idx[k], iv)); /* c_i = c_j */
			c[k] = _mm256_blendv_epi8(c[k], s, at_j[k]);                        /* c_j = +-1 */
		}
	}
	for (unsigned k = 0; k < 8; k++)
		_mm256_storeu_si256((__m256i *)(void *)(cc + 32 * k), c[k]);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int mldsa_challenge_avx2_unused;
#endif
