/*
 * AVX2 forms of ReducePartial's k*f: the schoolbook for n = 2, 4 and 8
 * (ntru2025_reduce.c, sub_kf_schoolbook_body; notes/fn-dsa-provisional.md
 * section 1.4 step 3): F <- F - (k*f mod x^n+1)*2^sc, exact modulo
 * 2^(31*FGlen).  Lane d (a 64-bit lane) carries coefficient d of F with
 * its signed carry; the n products of each word are summed split into
 * their low 31 bits and the rest, as the portable code does, so every
 * word and carry is the same integer (tests/fndsa/test_keygen_avx2.c
 * compares both paths with extreme k).
 */
#include "keygen2025_inner.h"
#include "mp31_avx2.h"

#if MP31_AVX2_BUILD

/*
 * Signed products: k (int32) times +-fs (fs < 2^31, so -fs fits in an
 * int32 even when k = -2^31), |P| <= 2^62 - 2^31, summed two at a time
 * (|P + P'| <= 2^63 - 2^32, exact) before the split, which halves the
 * splits.  asr31 of a pair sum S is ((S ^ 2^63) >> 31) - 2^32 and of the
 * final t ((t + 2^62) >> 31) - 2^31, with logical shifts (AVX2 has no
 * 64-bit arithmetic shift); the n/2 * 2^32 + 2^31 = (n+1) * 2^31 of
 * biases are removed once per word.
 */
static inline MP31_AVX2 void schoolbook_avx2_body(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k,
						  uint32_t sc, const uint32_t *ft, size_t slen, size_t n)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	const __m256i b62 = _mm256_set1_epi64x((int64_t)1 << 62);
	const __m256i top = _mm256_set1_epi64x((int64_t)((uint64_t)1 << 63));
	const __m256i bias = _mm256_set1_epi64x((int64_t)(n + 1) << 31);
	__m256i kv[8][2], sm[8][2], cc[2];
	uint32_t tw[8], fsign[8];
	uint32_t sch = sc / 31, scl = sc % 31;
	size_t halves = n >> 2, d, j, h, u;

	/* Lane d, term j: k[(d - j) mod n], negated (through fs) if j <= d. */
	for (j = 0; j < n; j++) {
		for (h = 0; h < halves; h++) {
			int64_t kl[4], ml[4];

			for (d = 0; d < 4; d++) {
				size_t dd = 4 * h + d;

				kl[d] = j <= dd ? k[dd - j] : k[dd + n - j];
				ml[d] = j <= dd ? -1 : 0;
			}
			kv[j][h] = _mm256_setr_epi64x(kl[0], kl[1], kl[2], kl[3]);
			sm[j][h] = _mm256_setr_epi64x(ml[0], ml[1], ml[2], ml[3]);
		}
		tw[j] = 0;
		fsign[j] = (uint32_t) - (ft[j * slen + slen - 1] >> 30) >> 1;
	}
	cc[0] = _mm256_setzero_si256();
	cc[1] = cc[0];
	for (u = sch; u < FGlen; u++) {
		__m256i lo[2], hi[2];

		for (h = 0; h < halves; h++) {
			lo[h] = _mm256_setzero_si256();
			hi[h] = lo[h];
		}
		for (j = 0; j < n; j += 2) {
			__m256i fa = _mm256_set1_epi64x(
				(int64_t)zint_scaled_word(ft + j * slen, slen, fsign[j], u - sch, scl, &tw[j]));
			__m256i fb = _mm256_set1_epi64x((int64_t)zint_scaled_word(
				ft + (j + 1) * slen, slen, fsign[j + 1], u - sch, scl, &tw[j + 1]));

			for (h = 0; h < halves; h++) {
				__m256i sa = _mm256_sub_epi64(_mm256_xor_si256(fa, sm[j][h]), sm[j][h]);
				__m256i sb = _mm256_sub_epi64(_mm256_xor_si256(fb, sm[j + 1][h]), sm[j + 1][h]);
				__m256i p = _mm256_add_epi64(_mm256_mul_epi32(kv[j][h], sa),
							     _mm256_mul_epi32(kv[j + 1][h], sb));

				lo[h] = _mm256_add_epi64(lo[h], _mm256_and_si256(p, m31));
				hi[h] = _mm256_add_epi64(hi[h], _mm256_srli_epi64(_mm256_xor_si256(p, top), 31));
			}
		}
		for (h = 0; h < halves; h++) {
			uint32_t *x = Ft + 4 * h * llen + u;
			__m256i xw = _mm256_setr_epi64x(x[0], x[llen], x[2 * llen], x[3 * llen]);
			__m256i t = _mm256_add_epi64(_mm256_add_epi64(xw, cc[h]), lo[h]);
			uint64_t w[4];

			_mm256_storeu_si256((__m256i *)(void *)w, _mm256_and_si256(t, m31));
			x[0] = (uint32_t)w[0];
			x[llen] = (uint32_t)w[1];
			x[2 * llen] = (uint32_t)w[2];
			x[3 * llen] = (uint32_t)w[3];
			/* cc = sum asr31(P) + asr31(t), biases removed. */
			cc[h] = _mm256_sub_epi64(
				_mm256_add_epi64(hi[h], _mm256_srli_epi64(_mm256_add_epi64(t, b62), 31)), bias);
		}
	}
}

/*
 * n = 2 (the portable sub_kf_n2 computes the same integers): the words of
 * f*2^scl are stateless, ((W(v) << scl) & (2^31-1)) | (W(v-1) >> (31 -
 * scl)) with W(-1) = 0 and W(v) = sign word for v >= slen, so four word
 * positions go in the four 64-bit lanes.  Per lane the two products of a
 * coefficient are summed (|s| <= 2^63 - 2^32) and split once, F's word
 * added to the low part (a < 2^32); only the carry chain is left to
 * scalar code, as sub_kf_n2's biased one: t = a + cb, word = t mod 2^31,
 * cb' = (s + 2^63) >> 31 + 2^32 - 4 + t >> 31 (cb = carry + 2^33).
 */
static inline MP31_AVX2 void n2_chain(uint32_t *x, const uint64_t *a, const uint64_t *hb, uint64_t *cb)
{
	uint64_t c = *cb;
	size_t l;

	for (l = 0; l < 4; l++) {
		uint64_t t = a[l] + c;

		x[l] = (uint32_t)t & 0x7FFFFFFFu;
		c = hb[l] + (t >> 31);
	}
	*cb = c;
}

static inline MP31_AVX2 __m256i n2_load4(const uint32_t *p)
{
	return _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)p));
}

static MP31_AVX2 void sub_kf_n2_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
				     const uint32_t *ft, size_t slen)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	const __m256i top = _mm256_set1_epi64x((int64_t)((uint64_t)1 << 63));
	const __m256i adj = _mm256_set1_epi64x(((int64_t)1 << 32) - 4);
	const __m256i k0 = _mm256_set1_epi64x(k[0]), k1 = _mm256_set1_epi64x(k[1]);
	uint32_t sch = sc / 31, scl = sc % 31;
	const __m128i sl = _mm_cvtsi32_si128((int)scl), sr = _mm_cvtsi32_si128((int)(31 - scl));
	uint32_t fsg0 = (uint32_t) - (ft[slen - 1] >> 30) >> 1;
	uint32_t fsg1 = (uint32_t) - (ft[2 * slen - 1] >> 30) >> 1;
	uint64_t cb0 = (uint64_t)1 << 33, cb1 = cb0;
	uint32_t *x0 = Ft, *x1 = Ft + llen;
	size_t v, nw = FGlen > sch ? FGlen - sch : 0, l;

	for (v = 0; v + 4 <= nw; v += 4) {
		__m256i c0, p0, c1, p1, f0, f1, s0, s1;
		uint64_t a0[4], h0[4], a1[4], h1[4];

		if (v >= 1 && v + 4 <= slen) {
			c0 = n2_load4(ft + v);
			p0 = n2_load4(ft + v - 1);
			c1 = n2_load4(ft + slen + v);
			p1 = n2_load4(ft + slen + v - 1);
		} else {
			/* Edge blocks: W(v-1), W(v) built one word at a time
			 * (public bounds). */
			uint32_t w[4][4];

			for (l = 0; l < 4; l++) {
				size_t i = v + l;

				w[0][l] = i < slen ? ft[i] : fsg0;
				w[1][l] = i == 0 ? 0 : i - 1 < slen ? ft[i - 1] : fsg0;
				w[2][l] = i < slen ? ft[slen + i] : fsg1;
				w[3][l] = i == 0 ? 0 : i - 1 < slen ? ft[slen + i - 1] : fsg1;
			}
			c0 = n2_load4(w[0]);
			p0 = n2_load4(w[1]);
			c1 = n2_load4(w[2]);
			p1 = n2_load4(w[3]);
		}
		f0 = _mm256_or_si256(_mm256_and_si256(_mm256_sll_epi64(c0, sl), m31), _mm256_srl_epi64(p0, sr));
		f1 = _mm256_or_si256(_mm256_and_si256(_mm256_sll_epi64(c1, sl), m31), _mm256_srl_epi64(p1, sr));
		/* s0 = k1 f1 - k0 f0, s1 = -(k0 f1 + k1 f0), exact mod 2^64. */
		s0 = _mm256_sub_epi64(_mm256_mul_epi32(k1, f1), _mm256_mul_epi32(k0, f0));
		s1 = _mm256_sub_epi64(_mm256_setzero_si256(),
				      _mm256_add_epi64(_mm256_mul_epi32(k0, f1), _mm256_mul_epi32(k1, f0)));
		s0 = _mm256_xor_si256(s0, top);
		s1 = _mm256_xor_si256(s1, top);
		_mm256_storeu_si256((__m256i *)(void *)a0,
				    _mm256_add_epi64(_mm256_and_si256(s0, m31), n2_load4(x0 + sch + v)));
		_mm256_storeu_si256((__m256i *)(void *)a1,
				    _mm256_add_epi64(_mm256_and_si256(s1, m31), n2_load4(x1 + sch + v)));
		_mm256_storeu_si256((__m256i *)(void *)h0, _mm256_add_epi64(_mm256_srli_epi64(s0, 31), adj));
		_mm256_storeu_si256((__m256i *)(void *)h1, _mm256_add_epi64(_mm256_srli_epi64(s1, 31), adj));
		n2_chain(x0 + sch + v, a0, h0, &cb0);
		n2_chain(x1 + sch + v, a1, h1, &cb1);
	}
	/* The last nw mod 4 words (loads of 4 would pass FGlen). */
	for (; v < nw; v++) {
		uint32_t w0 = v < slen ? ft[v] : fsg0, w1 = v < slen ? ft[slen + v] : fsg1;
		uint32_t q0 = v == 0 ? 0 : v - 1 < slen ? ft[v - 1] : fsg0;
		uint32_t q1 = v == 0 ? 0 : v - 1 < slen ? ft[slen + v - 1] : fsg1;
		int64_t f0 = ((w0 << scl) & 0x7FFFFFFFu) | (q0 >> (31 - scl));
		int64_t f1 = ((w1 << scl) & 0x7FFFFFFFu) | (q1 >> (31 - scl));
		uint64_t s0 = (uint64_t)(k[1] * f1 - k[0] * f0) ^ ((uint64_t)1 << 63);
		uint64_t s1 = (uint64_t)(-(k[0] * f1) - k[1] * f0) ^ ((uint64_t)1 << 63);
		uint64_t t0 = (s0 & 0x7FFFFFFFu) + x0[sch + v] + cb0;
		uint64_t t1 = (s1 & 0x7FFFFFFFu) + x1[sch + v] + cb1;

		x0[sch + v] = (uint32_t)t0 & 0x7FFFFFFFu;
		x1[sch + v] = (uint32_t)t1 & 0x7FFFFFFFu;
		cb0 = (s0 >> 31) + (((uint64_t)1 << 32) - 4) + (t0 >> 31);
		cb1 = (s1 >> 31) + (((uint64_t)1 << 32) - 4) + (t1 >> 31);
	}
}

MP31_AVX2 int pqs_fndsa_ntru2025_sub_kf_schoolbook_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k,
							uint32_t sc, const uint32_t *ft, size_t slen, size_t n)
{
	switch (n) {
	case 2:
		sub_kf_n2_avx2(Ft, llen, FGlen, k, sc, ft, slen);
		return 1;
	case 4:
		schoolbook_avx2_body(Ft, llen, FGlen, k, sc, ft, slen, 4);
		return 1;
	case 8:
		schoolbook_avx2_body(Ft, llen, FGlen, k, sc, ft, slen, 8);
		return 1;
	default:
		return 0;
	}
}

/*
 * The NTT route of ReducePartial (pqs_fndsa_ntru2025_sub_kf_ntt), 8 lanes
 * per vector; every lane runs the scalar operation of the portable loop
 * (mp31_set, mp31_mmul, the borrow chain of pqs_zint_sub_scaled), so the
 * words are the same (tests/fndsa/test_keygen_subkf.c).
 */
static inline MP31_AVX2 __m256i ld8(const uint32_t *a)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)a);
}

static inline MP31_AVX2 void st8(uint32_t *a, __m256i x)
{
	_mm256_storeu_si256((__m256i *)(void *)a, x);
}

MP31_AVX2 void pqs_fndsa_ntru2025_k_mod_p_avx2(uint32_t *d, const int32_t *k, size_t n, uint32_t p)
{
	const __m256i vp = _mm256_set1_epi32((int)p);
	size_t j;

	for (j = 0; j < n; j += 8) {
		__m256i w = ld8((const uint32_t *)(const void *)(k + j));

		st8(d + j, _mm256_add_epi32(w, _mm256_and_si256(vp, _mm256_srai_epi32(w, 31))));
	}
}

MP31_AVX2 void pqs_fndsa_ntru2025_mul_row_avx2(uint32_t *d, const uint32_t *a, const uint32_t *b, size_t n, uint32_t p,
					       uint32_t p0i)
{
	const __m256i vp = _mm256_set1_epi32((int)p), vp0i = _mm256_set1_epi32((int)p0i);
	size_t j;

	for (j = 0; j < n; j += 8) {
		st8(d + j, mp31_mmul8(ld8(a + j), ld8(b + j), vp, vp0i));
	}
}

/*
 * Lane l carries coefficient j+l of F: its words are gathered (llen apart),
 * the words of the product come straight from the word-major rows, and the
 * lane's borrow chain runs as in pqs_zint_sub_scaled.
 */
MP31_AVX2 void pqs_fndsa_ntru2025_sub_rows_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const uint32_t *rows,
						size_t tlen, size_t n, uint32_t sch, uint32_t scl)
{
	const __m256i m31 = _mm256_set1_epi32(0x7FFFFFFF);
	const __m128i sl = _mm_cvtsi32_si128((int)scl), sr = _mm_cvtsi32_si128((int)(31 - scl));
	const __m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)llen));
	size_t j, u, l;

	for (j = 0; j < n; j += 8) {
		uint32_t *F = Ft + j * llen;
		__m256i top = ld8(rows + (tlen - 1) * n + j);
		/* Words above tlen: 0x7FFFFFFF where bit 30 of the top word is set. */
		__m256i ysign = _mm256_srli_epi32(_mm256_srai_epi32(_mm256_slli_epi32(top, 1), 31), 1);
		__m256i tw = _mm256_setzero_si256(), cc = tw;

		for (u = sch; u < FGlen; u++) {
			size_t v = u - sch;
			__m256i wy = v < tlen ? ld8(rows + v * n + j) : ysign;
			__m256i wys = _mm256_or_si256(_mm256_and_si256(_mm256_sll_epi32(wy, sl), m31), tw);
			__m256i x = _mm256_i32gather_epi32((const int *)(const void *)(F + u), idx, 4);
			__m256i w = _mm256_sub_epi32(_mm256_sub_epi32(x, wys), cc);
			uint32_t o[8];

			tw = _mm256_srl_epi32(wy, sr);
			cc = _mm256_srli_epi32(w, 31);
			st8(o, _mm256_and_si256(w, m31));
			for (l = 0; l < 8; l++) {
				F[l * llen + u] = o[l];
			}
		}
	}
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_ntru2025_avx2_unused;
#endif
