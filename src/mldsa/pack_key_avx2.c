/*
 * AVX2 Power2Round (FIPS 204 Algorithm 35) and the bit packing of keys and
 * masks (Algorithms 16-19): pkEncode's t1 (Algorithm 22) and its decoder
 * (23), skEncode's eta and t0 parts (24) and their decoders (25), and
 * ExpandMask's BitUnpack of gamma1 (Algorithm 34).  Same outputs as the
 * portable pack_bits / unpack_bits in poly.c, whose bit order (value i at
 * bit i * bits, least significant bit first) both follow.
 *
 * Decoding, eight values per step: value j of a group of eight starts at
 * bit j * bits and spans at most three bytes (bits <= 20, offset <= 7).
 * Each 128-bit lane sees a 16-byte window of the input (the low lane from
 * the group's first byte, the high lane from the byte where value 4
 * starts), vpshufb copies the bytes of each value into its 32-bit lane,
 * and a per-lane shift and mask leave the value.  A window that would
 * reach past the end of the input is read from a zero-padded copy.
 *
 * Encoding (bits <= 13), sixteen values per step, eight per 128-bit lane
 * as 16-bit words: vpmaddwd joins neighbours into 2 bits-bit words, a
 * 64-bit shift joins those into 4 bits-bit words, and a 128-bit shift
 * (two 64-bit halves) joins those into the lane's 8 bits bits, that is
 * `bits` bytes, stored back to back.
 *
 * The secret parts (eta, t0) are processed without branches or indices
 * that depend on their values; the stack copies are wiped.
 */
#include "mldsa/sample_pack_avx2.h"

#if MLDSA_AVX2_BUILD

#include <string.h>

#include "mldsa/avx2_lanes.h"

#include "mldsa/params.h"
#include "pqsig/rand.h"

AVX2 void pqs_mldsa_power2round_avx2(int32_t a1[MLDSA_N], int32_t a0[MLDSA_N], const int32_t a[MLDSA_N])
{
	/* As mldsa_power2round: a1 = (a + 2^12 - 1) >> 13, a0 = a - a1 2^13. */
	const __m256i half = _mm256_set1_epi32((1 << (MLDSA_D - 1)) - 1);
	for (unsigned i = 0; i < MLDSA_N; i += 8) {
		const __m256i x = load8(a + i);
		const __m256i hi = _mm256_srai_epi32(_mm256_add_epi32(x, half), MLDSA_D);
		store8(a0 + i, _mm256_sub_epi32(x, _mm256_slli_epi32(hi, MLDSA_D)));
		store8(a1 + i, hi);
	}
}

/* ---- Decoding ---- */

typedef struct {
	__m256i gather;    /* vpshufb control: the bytes of value j into lane j, relative to its window */
	__m256i shift;     /* bit offset of value j in its first byte */
	__m256i mask;      /* 2^bits - 1 */
	unsigned hi_start; /* first byte of the high lane's window: where value 4 starts */
	unsigned bits;
} unpack_plan;

static AVX2 void unpack_plan_init(unpack_plan *p, unsigned bits)
{
	_Alignas(32) int8_t gather[32];
	_Alignas(32) int32_t shift[8];
	p->bits = bits;
	p->hi_start = (4 * bits) / 8;
	for (unsigned j = 0; j < 8; j++) {
		const unsigned bit = j * bits - 8 * (j < 4 ? 0 : p->hi_start);
		shift[j] = (int32_t)(bit & 7);
		for (unsigned k = 0; k < 4; k++)
			gather[4 * j + k] = (8 * k < (bit & 7) + bits) ? (int8_t)((bit >> 3) + k) : -1;
	}
	p->gather = _mm256_load_si256((const __m256i *)(const void *)gather);
	p->shift = _mm256_load_si256((const __m256i *)(const void *)shift);
	p->mask = _mm256_set1_epi32((int32_t)((1u << bits) - 1));
}

/* Values 8g .. 8g + 7 of an encoding of 256 values (32 bits bytes). */
static inline AVX2 __m256i unpack_group(const unpack_plan *p, const uint8_t *in, unsigned g, uint8_t pad[32])
{
	const uint8_t *src = in + g * p->bits;
	if (g * p->bits + p->hi_start + 16 > 32 * p->bits) {
		/* The high window would pass the end of the input: read a zero-padded copy. */
		memcpy(pad, src, p->bits);
		src = pad;
	}
	const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)src);
	const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(src + p->hi_start));
	const __m256i v = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), p->gather);
	return _mm256_and_si256(_mm256_srlv_epi32(v, p->shift), p->mask);
}

/*
 * Decode 256 values of `bits` bits from in into a: a_i = v_i, or
 * centre - v_i if centre_minus.  Returns 1 if some v_i exceeds max.
 */
static inline AVX2 unsigned unpack_poly(int32_t a[MLDSA_N], const uint8_t *in, unsigned bits, int centre_minus,
					int32_t centre, int32_t max)
{
	_Alignas(32) uint8_t pad[32] = { 0 };
	unpack_plan plan;
	unpack_plan_init(&plan, bits);
	/* a = (v ^ s) - s + c: v for s = 0, c = 0; c - v for s = -1. */
	const __m256i s = _mm256_set1_epi32(centre_minus ? -1 : 0);
	const __m256i c = _mm256_set1_epi32(centre);
	const __m256i vmax = _mm256_set1_epi32(max);
	__m256i bad = _mm256_setzero_si256();
	for (unsigned g = 0; g < MLDSA_N / 8; g++) {
		const __m256i v = unpack_group(&plan, in, g, pad);
		bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(v, vmax));
		store8(a + 8 * g, _mm256_add_epi32(_mm256_sub_epi32(_mm256_xor_si256(v, s), s), c));
	}
	pqs_zeroize(pad, sizeof pad);
	return !_mm256_testz_si256(bad, bad);
}

AVX2 void pqs_mldsa_polyt1_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r)
{
	(void)unpack_poly(a, r, 10, 0, 0, (1 << 10) - 1);
}

/* t0_i = 2^12 - v_i (skDecode's BitUnpack(., 2^12 - 1, 2^12)). */
AVX2 void pqs_mldsa_polyt0_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r)
{
	(void)unpack_poly(a, r, MLDSA_D, 1, 1 << (MLDSA_D - 1), (1 << MLDSA_D) - 1);
}

/* s_i = eta - v_i; a value above 2 eta is not an skEncode output (returns 1). */
AVX2 unsigned pqs_mldsa_polyeta_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r, unsigned eta)
{
	if (eta == 2)
		return unpack_poly(a, r, 3, 1, 2, 4);
	return unpack_poly(a, r, 4, 1, 4, 8);
}

/* y_i = gamma1 - v_i in 18 (gamma1 = 2^17) or 20 bits. */
AVX2 void pqs_mldsa_polyz_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *r, int32_t gamma1)
{
	if (gamma1 == (1 << 17))
		(void)unpack_poly(a, r, 18, 1, gamma1, (1 << 18) - 1);
	else
		(void)unpack_poly(a, r, 20, 1, gamma1, (1 << 20) - 1);
}

/* ---- Encoding ---- */

/*
 * Encode 256 values v_i = a_i (or centre - a_i if centre_minus), each
 * below 2^bits (bits <= 13), as 32 bits bytes.
 */
static inline AVX2 void pack_poly(uint8_t *out, const int32_t a[MLDSA_N], unsigned bits, int centre_minus,
				  int32_t centre)
{
	_Alignas(32) uint8_t lanes[32];
	const __m256i s = _mm256_set1_epi32(centre_minus ? -1 : 0);
	const __m256i c = _mm256_set1_epi32(centre_minus ? centre : 0);
	/* vpmaddwd factors: word 2i times 1 plus word 2i + 1 times 2^bits. */
	const __m256i pair = _mm256_set1_epi32((int32_t)(((uint32_t)1 << bits << 16) | 1u));
	const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
	const __m256i zero = _mm256_setzero_si256();
	const __m128i two_bits = _mm_cvtsi32_si128((int)(2 * bits));
	const __m128i four_bits = _mm_cvtsi32_si128((int)(4 * bits));
	const __m128i rest = _mm_cvtsi32_si128((int)(64 - 4 * bits));
	for (unsigned i = 0; i < MLDSA_N; i += 16, out += 2 * bits) {
		/* c - a = (a ^ s) - s + c with s = -1; a itself with s = 0, c = 0. */
		const __m256i v0 = _mm256_add_epi32(_mm256_sub_epi32(_mm256_xor_si256(load8(a + i), s), s), c);
		const __m256i v1 = _mm256_add_epi32(_mm256_sub_epi32(_mm256_xor_si256(load8(a + i + 8), s), s), c);
		/* Words 0-7: values i .. i + 7 (low lane), 8-15: i + 8 .. i + 15 (high lane). */
		const __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(v0, v1), 0xD8);
		const __m256i x = _mm256_madd_epi16(w, pair); /* 2 bits bits per dword */
		const __m256i y =
			_mm256_or_si256(_mm256_and_si256(x, low32),
					_mm256_sll_epi64(_mm256_srli_epi64(x, 32), two_bits)); /* 4 bits per qword */
		/* Per lane: low qword y0 | y1 << 4 bits, high qword y1 >> (64 - 4 bits). */
		const __m256i z =
			_mm256_or_si256(_mm256_or_si256(_mm256_unpacklo_epi64(y, zero),
							_mm256_bsrli_epi128(_mm256_sll_epi64(y, four_bits), 8)),
					_mm256_srl_epi64(_mm256_unpackhi_epi64(zero, y), rest));
		_mm256_store_si256((__m256i *)(void *)lanes, z);
		memcpy(out, lanes, bits);
		memcpy(out + bits, lanes + 16, bits);
	}
	pqs_zeroize(lanes, sizeof lanes);
}

AVX2 void pqs_mldsa_polyt1_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N])
{
	pack_poly(r, a, 10, 0, 0);
}

/* 2^12 - t0_i in 13 bits. */
AVX2 void pqs_mldsa_polyt0_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N])
{
	pack_poly(r, a, MLDSA_D, 1, 1 << (MLDSA_D - 1));
}

/* eta - s_i in 3 (eta = 2) or 4 (eta = 4) bits. */
AVX2 void pqs_mldsa_polyeta_pack_avx2(uint8_t *r, const int32_t a[MLDSA_N], unsigned eta)
{
	if (eta == 2)
		pack_poly(r, a, 3, 1, 2);
	else
		pack_poly(r, a, 4, 1, 4);
}

#endif
