/*
 * AVX2 path of the fixed-point FFT of skSingularValue (HAETAE v1.1.2
 * Algorithm 43) and of the sums of squared magnitudes, chosen at run time
 * by fft.c on the portable code's twisted, bit-reversed points.  Bit-exact
 * with the portable code: every Q16 product is the signed 64-bit
 * x * y + 2^15 shifted right by 16, of which the code keeps
 * the low 32 bits - and only those bits enter the 32-bit sums and
 * differences of the reference, so a logical 64-bit shift serves.
 *
 * Stages with half size >= 8 pair whole vectors (roots gathered with
 * stride 2^(9 - stage)); stages 1-3 run on 8 x 8 transposed blocks of 64
 * points, where the pairs (j, j + half) are whole vectors with one root.
 */
#include "haetae/inner.h"

#if HAETAE_AVX2_BUILD

#include "haetae/avx2.h"

/* Low 32 bits of ((int64_t)x * y + 2^15) >> 16 per lane. */
static inline AVX2 __m256i mul_q16_lanes(__m256i x, __m256i y)
{
	const __m256i half = _mm256_set1_epi64x(32768);
	const __m256i even = _mm256_add_epi64(_mm256_mul_epi32(x, y), half);
	const __m256i odd =
		_mm256_add_epi64(_mm256_mul_epi32(_mm256_shuffle_epi32(x, 0xF5), _mm256_shuffle_epi32(y, 0xF5)), half);
	/* even: bits 16..47 down to the low half; odd: the same bits up to the high half */
	return _mm256_blend_epi32(_mm256_srli_epi64(even, 16), _mm256_slli_epi64(odd, 16), 0xAA);
}

/* (u, v) <- (u + w v, u - w v) for complex lanes, w v computed as the portable cplx product. */
static inline AVX2 void butterfly(__m256i *u_re, __m256i *u_im, __m256i *v_re, __m256i *v_im, __m256i w_re,
				  __m256i w_im)
{
	const __m256i t_re = _mm256_sub_epi32(mul_q16_lanes(w_re, *v_re), mul_q16_lanes(w_im, *v_im));
	const __m256i t_im = _mm256_add_epi32(mul_q16_lanes(w_re, *v_im), mul_q16_lanes(w_im, *v_re));
	*v_re = _mm256_sub_epi32(*u_re, t_re);
	*v_im = _mm256_sub_epi32(*u_im, t_im);
	*u_re = _mm256_add_epi32(*u_re, t_re);
	*u_im = _mm256_add_epi32(*u_im, t_im);
}

/* Stages 1-3 (half 1, 2, 4) of one transposed block: vector j holds point 8 i + j in lane i. */
static inline AVX2 void first_stages(__m256i re[8], __m256i im[8])
{
	for (unsigned stage = 1; stage <= 3; stage++) {
		const unsigned half = 1u << (stage - 1);
		for (unsigned j = 0; j < 8; j++) {
			if (j & half)
				continue;
			const unsigned k = j & (half - 1);
			const haetae_cplx_q16 w = pqs_haetae_fft_roots[k << (9 - stage)];
			butterfly(&re[j], &im[j], &re[j + half], &im[j + half], _mm256_set1_epi32(w.re),
				  _mm256_set1_epi32(w.im));
		}
	}
}

AVX2 void pqs_haetae_fft_sqsum_avx2(uint32_t sum[HAETAE_N], const haetae_cplx_q16 data[HAETAE_N])
{
	const int32_t *roots = &pqs_haetae_fft_roots[0].re; /* re, im interleaved */
	int32_t re[HAETAE_N], im[HAETAE_N];
	/* Separate the interleaved parts: 4 points per vector, even lanes re, odd lanes im. */
	const __m256i evens_first = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
	for (unsigned j = 0; j < HAETAE_N; j += 8) {
		const __m256i lo = _mm256_permutevar8x32_epi32(vload(&data[j].re), evens_first);
		const __m256i hi = _mm256_permutevar8x32_epi32(vload(&data[j + 4].re), evens_first);
		vstore(re + j, _mm256_permute2x128_si256(lo, hi, 0x20));
		vstore(im + j, _mm256_permute2x128_si256(lo, hi, 0x31));
	}
	for (unsigned base = 0; base < HAETAE_N; base += 64) {
		__m256i vre[8], vim[8];
		for (unsigned i = 0; i < 8; i++) {
			vre[i] = vload(re + base + 8 * i);
			vim[i] = vload(im + base + 8 * i);
		}
		transpose8(vre);
		transpose8(vim);
		first_stages(vre, vim);
		transpose8(vre);
		transpose8(vim);
		for (unsigned i = 0; i < 8; i++) {
			vstore(re + base + 8 * i, vre[i]);
			vstore(im + base + 8 * i, vim[i]);
		}
	}
	for (unsigned stage = 4; stage <= 8; stage++) {
		const unsigned half = 1u << (stage - 1);
		/* lane i of the roots of k .. k + 7: entry (k + i) << (9 - stage), times 2 for the interleaving */
		const __m256i lane_idx =
			_mm256_slli_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), (int)(10 - stage));
		for (unsigned k = 0; k < half; k += 8) {
			const int32_t *first = roots + 2 * (k << (9 - stage));
			const __m256i w_re = _mm256_i32gather_epi32(first, lane_idx, 4);
			const __m256i w_im = _mm256_i32gather_epi32(first + 1, lane_idx, 4);
			for (unsigned block = 0; block < HAETAE_N; block += 2 * half) {
				const unsigned u = block + k, v = u + half;
				__m256i u_re = vload(re + u), u_im = vload(im + u), v_re = vload(re + v),
					v_im = vload(im + v);
				butterfly(&u_re, &u_im, &v_re, &v_im, w_re, w_im);
				vstore(re + u, u_re);
				vstore(im + u, u_im);
				vstore(re + v, v_re);
				vstore(im + v, v_im);
			}
		}
	}
	for (unsigned j = 0; j < HAETAE_N; j += 8) {
		const __m256i r = vload(re + j), i = vload(im + j);
		const __m256i sq = _mm256_add_epi32(mul_q16_lanes(r, r), mul_q16_lanes(i, i));
		vstore((int32_t *)(void *)(sum + j),
		       _mm256_add_epi32(vload((const int32_t *)(const void *)(sum + j)), sq));
	}
	pqs_zeroize(re, sizeof re);
	pqs_zeroize(im, sizeof im);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int haetae_fft_avx2_unused;
#endif
