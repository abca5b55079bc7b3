/*
 * AVX2 paths of w1Encode (FIPS 204 Algorithm 28), the z part of sigEncode
 * (Algorithm 26: BitPack(z, gamma1 - 1, gamma1), Algorithm 17) and the
 * position list of HintBitPack (Algorithm 20).  The bit strings are those
 * of section 7.1: values least significant bit first, one after another,
 * so the bytes equal the portable pack_bits output
 * (tests/mldsa/test_mldsa_avx2.c compares them).
 */
#include "mldsa/pack_sig_avx2.h"

#if MLDSA_AVX2_BUILD

#include <string.h>

#include "mldsa/avx2_lanes.h"

/*
 * 32 coefficients below 256 as 32 bytes in coefficient order: the two
 * saturating packs interleave 128-bit lanes, which the dword permutation
 * undoes.
 */
static inline AVX2 __m256i bytes_of_32(const int32_t *c)
{
	const __m256i p01 = _mm256_packs_epi32(load8(c), load8(c + 8));
	const __m256i p23 = _mm256_packs_epi32(load8(c + 16), load8(c + 24));
	const __m256i b = _mm256_packus_epi16(p01, p23);
	return _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/*
 * w1Encode = SimpleBitPack(w1, (q-1)/(2 gamma2) - 1): 32 coefficients at a
 * time.  4 bits: byte pairs b0 + 16 b1 (maddubs).  6 bits: pairs b0 + 64 b1
 * (12 bits), then word pairs u0 + 4096 u1 (24 bits: 3 bytes per 4 values),
 * whose three low bytes per dword are gathered.
 */
AVX2 void pqs_mldsa_polyw1_pack_avx2(uint8_t *r, const mldsa_poly *a, int32_t gamma2)
{
	if (gamma2 == (MLDSA_Q - 1) / 88) {
		const __m256i gather = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2,
							4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
		for (unsigned i = 0; i < MLDSA_N; i += 32, r += 24) {
			__m256i v = _mm256_maddubs_epi16(bytes_of_32(a->coeffs + i), _mm256_set1_epi16(64 << 8 | 1));
			v = _mm256_madd_epi16(v, _mm256_set1_epi32(4096 << 16 | 1));
			v = _mm256_shuffle_epi8(v, gather);
			v = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7));
			_mm_storeu_si128((__m128i *)(void *)r, _mm256_castsi256_si128(v));
			_mm_storel_epi64((__m128i *)(void *)(r + 16), _mm256_extracti128_si256(v, 1));
		}
	} else {
		for (unsigned i = 0; i < MLDSA_N; i += 32, r += 16) {
			__m256i v = _mm256_maddubs_epi16(bytes_of_32(a->coeffs + i), _mm256_set1_epi16(16 << 8 | 1));
			v = _mm256_packus_epi16(v, v);
			v = _mm256_permute4x64_epi64(v, 0x08); /* quadwords 0 and 2 to the low half */
			_mm_storeu_si128((__m128i *)(void *)r, _mm256_castsi256_si128(v));
		}
	}
}

/*
 * BitPack(z, gamma1 - 1, gamma1) with b = 18 or 20 bits per value
 * gamma1 - z_i: 8 values (b bytes) per vector.  Each 64-bit lane first
 * joins its two values (2b bits); the odd lane of every 128-bit half is
 * shifted by (2b mod 8) so that both byte-align into one 4b-bit string of
 * 4b/8 bytes per half (A covers the even lane's bytes, B the odd one's from
 * byte 2b/8 on); the halves are then joined.
 */
AVX2 void pqs_mldsa_polyz_pack_avx2(uint8_t *r, const mldsa_poly *a, int32_t gamma1)
{
	const int bits18 = gamma1 == (1 << 17);
	const __m256i g = _mm256_set1_epi32(gamma1), low32 = _mm256_set1_epi64x(0xFFFFFFFF);
	const __m256i odd_shift = bits18 ? _mm256_setr_epi64x(0, 4, 0, 4) : _mm256_setzero_si256();
	const __m256i take_a = _mm256_setr_epi8(0, 1, 2, 3, 4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3,
						4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
	const __m256i take_b18 = _mm256_setr_epi8(-1, -1, -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1,
						  -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1);
	const __m256i take_b20 = _mm256_setr_epi8(-1, -1, -1, -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1, -1,
						  -1, -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
	const unsigned bits = bits18 ? 18 : 20;
	for (unsigned i = 0; i < MLDSA_N; i += 8, r += bits) {
		const __m256i v = _mm256_sub_epi32(g, load8(a->coeffs + i));
		__m256i x = _mm256_or_si256(_mm256_and_si256(v, low32),
					    _mm256_sll_epi64(_mm256_srli_epi64(v, 32), _mm_cvtsi32_si128((int)bits)));
		x = _mm256_sllv_epi64(x, odd_shift);
		const __m256i y = _mm256_or_si256(_mm256_shuffle_epi8(x, take_a),
						  _mm256_shuffle_epi8(x, bits18 ? take_b18 : take_b20));
		const __m128i lo = _mm256_castsi256_si128(y), hi = _mm256_extracti128_si256(y, 1);
		uint32_t tail;
		if (bits18) { /* 9 + 9 bytes */
			_mm_storeu_si128((__m128i *)(void *)r, _mm_or_si128(lo, _mm_bslli_si128(hi, 9)));
			tail = (uint32_t)_mm_cvtsi128_si32(_mm_bsrli_si128(hi, 7));
			memcpy(r + 16, &tail, 2);
		} else { /* 10 + 10 bytes */
			_mm_storeu_si128((__m128i *)(void *)r, _mm_or_si128(lo, _mm_bslli_si128(hi, 10)));
			tail = (uint32_t)_mm_cvtsi128_si32(_mm_bsrli_si128(hi, 6));
			memcpy(r + 16, &tail, 4);
		}
	}
}

/* The nonzero coefficients 8 at a time as a bit mask, walked lowest bit first. */
AVX2 unsigned pqs_mldsa_hint_positions_avx2(uint8_t *out, const mldsa_poly *h)
{
	unsigned n = 0;
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		const __m256i zero = _mm256_cmpeq_epi32(load8(h->coeffs + i), _mm256_setzero_si256());
		unsigned set = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(zero)) & 0xFFu;
		for (; set; set &= set - 1)
			out[n++] = (uint8_t)(i + (unsigned)__builtin_ctz(set));
	}
	return n;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int mldsa_pack_sig_avx2_unused;
#endif
