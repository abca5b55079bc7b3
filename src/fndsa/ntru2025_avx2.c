/*
 * AVX2 form of ReducePartial's schoolbook k*f for n = 4 and 8
 * (ntru2025_reduce.c, sub_kf_schoolbook_body; notes/fn-dsa-provisional.md
 * section 1.4 step 3): F <- F - (k*f mod x^n+1)*2^sc, exact modulo
 * 2^(31*FGlen).  Lane d (a 64-bit lane) carries coefficient d of F with
 * its signed carry; the n products of each word are summed split into
 * their low 31 bits and the rest, as the portable code does, so every
 * word and carry is the same integer (tests/fndsa/test_keygen_avx2.c
 * compares both paths with extreme k).
 */
#include "keygen_inner.h"
#include "mp31_avx2.h"

#if MP31_AVX2_BUILD

/*
 * Signed products: k (int32) times +-fs (fs < 2^31, so -fs fits in an
 * int32 even when k = -2^31), |P| < 2^62.  asr31(P) is computed as
 * ((P + 2^62) >> 31) - 2^31 with a logical shift (AVX2 has no 64-bit
 * arithmetic shift); the biases of the n products and of the final
 * carry are removed once per word.
 */
static inline MP31_AVX2 void schoolbook_avx2_body(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k,
						  uint32_t sc, const uint32_t *ft, size_t slen, size_t n)
{
	const __m256i m31 = _mm256_set1_epi64x(0x7FFFFFFF);
	const __m256i b62 = _mm256_set1_epi64x((int64_t)1 << 62);
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
		for (j = 0; j < n; j++) {
			__m256i fs = _mm256_set1_epi64x(
				(int64_t)zint_scaled_word(ft + j * slen, slen, fsign[j], u - sch, scl, &tw[j]));

			for (h = 0; h < halves; h++) {
				__m256i sf = _mm256_sub_epi64(_mm256_xor_si256(fs, sm[j][h]), sm[j][h]);
				__m256i p = _mm256_mul_epi32(kv[j][h], sf);

				lo[h] = _mm256_add_epi64(lo[h], _mm256_and_si256(p, m31));
				hi[h] = _mm256_add_epi64(hi[h], _mm256_srli_epi64(_mm256_add_epi64(p, b62), 31));
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

MP31_AVX2 int pqs_fndsa_ntru2025_sub_kf_schoolbook_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k,
							uint32_t sc, const uint32_t *ft, size_t slen, size_t n)
{
	switch (n) {
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

#else
/* ISO C forbids an empty translation unit. */
typedef int pqs_ntru2025_avx2_unused;
#endif
