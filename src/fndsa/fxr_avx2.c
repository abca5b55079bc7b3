/*
 * AVX2 form of the 32.32 fixed-point division (fxr_fft.c,
 * pqs_fndsa_fxr_div_raw) on 4 lanes of 64 bits: the same restoring
 * division, step for step (a borrow is the top bit of num - y, as in the
 * scalar code), so the quotients are bit-identical.  It serves the
 * orthogonalized-norm check of the FN-DSA keygen and the fixed-point
 * Reduce (tests/fndsa/test_keygen_avx2.c compares both paths).
 */
#include "fxr.h"
#include "mp31_avx2.h"

#if MP31_AVX2_BUILD

MP31_AVX2 void pqs_fndsa_fxr_div4_avx2(uint64_t *q, const uint64_t *xs, const uint64_t *ys)
{
	const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)xs);
	__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)ys);
	__m256i sx = _mm256_srli_epi64(x, 63), sy = _mm256_srli_epi64(y, 63);
	__m256i quo = zero, num, t, borrow, s;
	int i;

	/* |x|, |y| (two's complement: (v ^ -s) + s). */
	x = _mm256_add_epi64(_mm256_xor_si256(x, _mm256_sub_epi64(zero, sx)), sx);
	y = _mm256_add_epi64(_mm256_xor_si256(y, _mm256_sub_epi64(zero, sy)), sy);
	num = _mm256_srli_epi64(x, 31);
	for (i = 63; i >= 0; i--) {
		t = _mm256_sub_epi64(num, y);
		borrow = _mm256_cmpgt_epi64(zero, t); /* top bit of num - y */
		quo = _mm256_or_si256(quo, _mm256_andnot_si256(borrow, _mm256_sll_epi64(one, _mm_cvtsi32_si128(i))));
		num = _mm256_blendv_epi8(t, num, borrow);
		num = _mm256_slli_epi64(num, 1);
		if (i >= 33) {
			num = _mm256_or_si256(num,
					      _mm256_and_si256(_mm256_srl_epi64(x, _mm_cvtsi32_si128(i - 33)), one));
		}
	}
	/* Round half up on the final remainder, then the sign. */
	t = _mm256_sub_epi64(num, y);
	quo = _mm256_add_epi64(quo, _mm256_andnot_si256(_mm256_cmpgt_epi64(zero, t), one));
	s = _mm256_xor_si256(sx, sy);
	quo = _mm256_add_epi64(_mm256_xor_si256(quo, _mm256_sub_epi64(zero, s)), s);
	_mm256_storeu_si256((__m256i *)(void *)q, quo);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_fxr_avx2_unused;
#endif
