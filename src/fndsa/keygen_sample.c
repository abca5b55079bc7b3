/*
 * Sampling of f, g and their acceptance tests (Falcon round-3 spec v1.2,
 * section 3.8, Alg. 5 "NTRUGen" lines 1-9), as the reference
 * implementation does it, so that its seeds give its keys:
 *   - the randomness is SHAKE256(seed), read 8 bytes at a time as
 *     little-endian 64-bit words;
 *   - each coefficient is a discrete Gaussian of standard deviation
 *     1.17*sqrt(q/(2n)), obtained as the sum of 2^(10-logn) samples from
 *     a table-based sampler for n = 1024 (a sum of k such samples has
 *     variance k times larger);
 *   - coefficients outside -127..127 are resampled, and the last one is
 *     resampled until the sum of coefficients is odd (Res(f, x^n+1) is
 *     then odd, needed by the binary GCD of NTRUSolve).
 * The sampler reads the whole table for every sample (no secret-dependent
 * branch or index).  The acceptance tests reject (f, g) as a whole; the
 * rejections are public events (the rejected values are discarded).
 */
#include "core/ct.h"
#include "inner.h"
#include "keygen_inner.h"
#include "pqsig/rand.h"

#if FNDSA_AVX2_BUILD
#include <immintrin.h>
#endif

/*
 * Cumulative distribution for sigma = 1.17*sqrt(12289/2048), scaled by
 * 2^63: entry 0 is P(x = 0); entry k > 0 is P(|x| >= k+1 | x != 0).
 * Data of the reference implementation (required for identical keys).
 */
static const uint64_t gauss_1024_12289[] = {
	1283868770400643928u, 6416574995475331444u, 4078260278032692663u,
	2353523259288686585u, 1227179971273316331u, 575931623374121527u,
	242543240509105209u, 91437049221049666u, 30799446349977173u,
	9255276791179340u, 2478152334826140u, 590642893610164u,
	125206034929641u, 23590435911403u, 3948334035941u,
	586753615614u, 77391054539u, 9056793210u,
	940121950u, 86539696u, 7062824u,
	510971u, 32764u, 1862u,
	94u, 4u, 0u
};

void pqs_keygen_rng_init(keygen_rng *r, const uint8_t *seed, size_t seed_len)
{
	pqs_shake256_init(&r->sc);
	pqs_keccak_absorb(&r->sc, seed, seed_len);
	r->ptr = sizeof r->buf / sizeof r->buf[0];
}

static void
rng_refill(keygen_rng *r)
{
	/* The output stream read as little-endian 64-bit words, one SHAKE256
	 * block (136 bytes, 17 words) at a time, straight from the state. */
	pqs_keccak_squeeze_u64(&r->sc, r->buf, sizeof r->buf / sizeof r->buf[0]);
	r->ptr = 0;
}

static inline uint64_t
rng_u64(keygen_rng *r)
{
	if (r->ptr >= sizeof r->buf / sizeof r->buf[0]) {
		rng_refill(r);
	}
	return r->buf[r->ptr++];
}

/* The next count words of the stream (as count calls of rng_u64). */
static void rng_words(keygen_rng *r, uint64_t *out, size_t count)
{
	const size_t per_block = sizeof r->buf / sizeof r->buf[0];

	while (count > 0) {
		size_t take;

		if (r->ptr >= per_block) {
			rng_refill(r);
		}
		take = per_block - r->ptr;
		if (take > count) {
			take = count;
		}
		memcpy(out, r->buf + r->ptr, take * sizeof *out);
		r->ptr += take;
		out += take;
		count -= take;
	}
}

static int32_t
u32_as_s32(uint32_t w)
{
	int32_t r;

	memcpy(&r, &w, sizeof r);
	return r;
}

#define GAUSS_TABLE_LEN (sizeof gauss_1024_12289 / sizeof gauss_1024_12289[0])

/*
 * One sample of the table sampler from its two words.  First word: sign
 * (top bit) and whether the value is 0 (63-bit value below entry 0).
 * Second word r: the magnitude is the first k >= 1 with r >= entry k; the
 * entries decrease (and the last is 0), so that k is one plus the number
 * of entries above r, i.e. a sum of borrow bits over the whole table (no
 * secret-dependent branch or index).
 */
static int32_t gauss_table_sample(uint64_t first, uint64_t second)
{
	const uint64_t low63 = ~((uint64_t)1 << 63);
	uint32_t neg = (uint32_t)(first >> 63);
	uint32_t z = (uint32_t)(((first & low63) - gauss_1024_12289[0]) >> 63);
	uint64_t r = second & low63;
	uint32_t v = 1;
	size_t k;

	for (k = 1; k < GAUSS_TABLE_LEN; k++) {
		v += (uint32_t)((r - gauss_1024_12289[k]) >> 63);
	}
	v &= z - 1;
	v = (v ^ -neg) + neg;
	return u32_as_s32(v);
}

int pqs_keygen_gauss(keygen_rng *rng, unsigned logn)
{
	unsigned g = 1u << (10 - logn);
	int32_t val = 0;
	unsigned u;

	for (u = 0; u < g; u++) {
		uint64_t first = rng_u64(rng);

		val += gauss_table_sample(first, rng_u64(rng));
	}
	return (int)val;
}

/* Samples per batch of the bulk sampler (a multiple of 4). */
#define GAUSS_BATCH 64

#if FNDSA_AVX2_BUILD
/*
 * gauss_table_sample on four samples at a time: words[2i], words[2i+1]
 * are sample i's two words.  The comparisons r < entry k are signed
 * 64-bit ones, exact since both sides are below 2^63; they give all-ones
 * lanes, so subtracting them counts the borrows.  gauss4_start() loads
 * four samples (lanes hold samples i, i+2, i+1, i+3: unpack works per
 * 128-bit half) and gauss4_finish() applies the zero and sign words and
 * stores the values in sample order.
 */
__attribute__((target("avx2"))) static inline __m256i gauss4_start(const uint64_t *words, __m256i *first)
{
	__m256i w03 = _mm256_loadu_si256((const __m256i *)(const void *)words);
	__m256i w47 = _mm256_loadu_si256((const __m256i *)(const void *)(words + 4));

	*first = _mm256_unpacklo_epi64(w03, w47);
	return _mm256_and_si256(_mm256_unpackhi_epi64(w03, w47), _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
}

__attribute__((target("avx2"))) static inline void gauss4_finish(__m256i v, __m256i first, int32_t *out)
{
	__m256i neg = _mm256_cmpgt_epi64(_mm256_setzero_si256(), first);
	__m256i is_zero = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)gauss_1024_12289[0]),
					     _mm256_and_si256(first, _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF)));

	v = _mm256_andnot_si256(is_zero, v);
	v = _mm256_sub_epi64(_mm256_xor_si256(v, neg), neg);
	/* Back to sample order, low 32 bits of each lane. */
	v = _mm256_permute4x64_epi64(v, 0xD8);
	v = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
	_mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(v));
}

/* count a multiple of 4; eight samples per step where possible, each
 * broadcast table entry serving two vectors (two independent counts). */
__attribute__((target("avx2"))) static void gauss_table_samples_avx2(const uint64_t *words, size_t count, int32_t *out)
{
	size_t i = 0, k;

	for (; i + 8 <= count; i += 8) {
		__m256i fa, fb;
		__m256i ra = gauss4_start(words + 2 * i, &fa), rb = gauss4_start(words + 2 * i + 8, &fb);
		__m256i va = _mm256_set1_epi64x(1), vb = va;

		for (k = 1; k < GAUSS_TABLE_LEN; k++) {
			__m256i e = _mm256_set1_epi64x((long long)gauss_1024_12289[k]);

			va = _mm256_sub_epi64(va, _mm256_cmpgt_epi64(e, ra));
			vb = _mm256_sub_epi64(vb, _mm256_cmpgt_epi64(e, rb));
		}
		gauss4_finish(va, fa, out + i);
		gauss4_finish(vb, fb, out + i + 4);
	}
	for (; i < count; i += 4) {
		__m256i fa;
		__m256i ra = gauss4_start(words + 2 * i, &fa);
		__m256i va = _mm256_set1_epi64x(1);

		for (k = 1; k < GAUSS_TABLE_LEN; k++) {
			va = _mm256_sub_epi64(
				va, _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)gauss_1024_12289[k]), ra));
		}
		gauss4_finish(va, fa, out + i);
	}
}
#endif

/* Signed samples out[0..count) from words[0..2 count); count a multiple of 4. */
static void gauss_table_samples(const uint64_t *words, size_t count, int32_t *out)
{
	size_t i;

#if FNDSA_AVX2_BUILD
	if (pqs_fndsa_uses_avx2()) {
		gauss_table_samples_avx2(words, count, out);
		return;
	}
#endif
	for (i = 0; i < count; i++) {
		out[i] = gauss_table_sample(words[2 * i], words[2 * i + 1]);
	}
}

/*
 * Coefficients f[0..count) as pqs_keygen_gauss would give them, in batches:
 * for logn >= 8 no value can leave -127..127 (|s| <= 26 * 2^(10-logn)),
 * so none is resampled and the words of the batch are known in advance.
 */
static void sample_coefficients_bulk(keygen_rng *rng, int8_t *f, size_t count, unsigned logn)
{
	uint64_t words[2 * GAUSS_BATCH];
	int32_t values[GAUSS_BATCH];
	const size_t g = (size_t)1 << (10 - logn);
	const size_t per_batch = GAUSS_BATCH / g;

	while (count > 0) {
		size_t coeffs = count < per_batch ? count : per_batch;
		size_t samples = coeffs * g;
		size_t padded = (samples + 3) & ~(size_t)3;
		size_t u, j;

		rng_words(rng, words, 2 * samples);
		memset(words + 2 * samples, 0, 2 * (padded - samples) * sizeof *words);
		gauss_table_samples(words, padded, values);
		for (u = 0; u < coeffs; u++) {
			int32_t s = 0;

			for (j = 0; j < g; j++) {
				s += values[u * g + j];
			}
			f[u] = (int8_t)s;
		}
		f += coeffs;
		count -= coeffs;
	}
	pqs_zeroize(words, sizeof words);
	pqs_zeroize(values, sizeof values);
}

void pqs_keygen_sample_poly(keygen_rng *rng, int8_t *f, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	unsigned mod2 = 0;
	size_t u = 0;

	if (logn >= 8) {
		sample_coefficients_bulk(rng, f, n - 1, logn);
		for (; u < n - 1; u++) {
			mod2 ^= (unsigned)(f[u] & 1);
		}
	}
	for (; u < n; u++) {
		int s;

		for (;;) {
			uint32_t retry;

			s = pqs_keygen_gauss(rng, logn);
			/*
			 * Resample if s does not fit in int8 (impossible from
			 * logn = 8 on: |s| <= 26*2^(10-logn)), or, for the last
			 * coefficient, if the sum would be even.  As in the
			 * reference, this decision is not hidden: it reveals
			 * only values that are discarded, and the parity of a
			 * sum that ends up odd in every key.
			 */
			retry = (uint32_t)((s < -127) | (s > 127))
				| ((uint32_t)(u == n - 1)
				& ((mod2 ^ (unsigned)(s & 1)) ^ 1));
			PQS_CT_DECLASSIFY(&retry, sizeof retry);
			if (!retry) {
				break;
			}
		}
		mod2 ^= (unsigned)(s & 1);
		f[u] = (int8_t)s;
	}
}

/* ||f||^2, saturated to 2^32-1 on overflow past 2^31. */
static uint32_t
sqnorm_small(const int8_t *f, size_t n)
{
	uint32_t s = 0, ng = 0;
	size_t u;

	for (u = 0; u < n; u++) {
		int32_t z = f[u];

		s += (uint32_t)(z * z);
		ng |= s;
	}
	return s | -(ng >> 31);
}

int pqs_keygen_check_fg_int(const int8_t *f, const int8_t *g, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	int lim = 1 << (FNDSA_FG_BITS(logn) - 1);
	uint32_t normf, normg, norm;
	size_t u;

	uint32_t bad = 0, ok;

	/* Coefficients must fit the trimmed encoding of the secret key
	 * (masks, no early exit: only the verdict is public). */
	for (u = 0; u < n; u++) {
		int32_t a = f[u], b = g[u];

		bad |= (uint32_t)(lim - 1 - a) | (uint32_t)(lim - 1 + a)
			| (uint32_t)(lim - 1 - b) | (uint32_t)(lim - 1 + b);
	}
	/* ||(g, -f)||^2 < 1.17^2 * q = 16822.4121 (spec Alg. 5 line 5). */
	normf = sqnorm_small(f, n);
	normg = sqnorm_small(g, n);
	norm = (normf + normg) | -((normf | normg) >> 31);
	ok = (1 - (bad >> 31)) & (uint32_t)(((uint64_t)norm - 16823) >> 63);
	/* Rejected (f, g) are discarded: the verdict is public. */
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	return (int)ok;
}

int pqs_keygen_check_fg_gs(const int8_t *f, const int8_t *g, unsigned logn, fpr *tmp)
{
	/*
	 * Norm of the other Gram-Schmidt vector (spec Alg. 5 lines 6-8):
	 * (q*adj(f)/(f*adj(f)+g*adj(g)), q*adj(g)/(f*adj(f)+g*adj(g))) must
	 * also be below 1.17*sqrt(q).  tmp: 3n fpr.
	 */
	size_t n = (size_t)1 << logn;
	fpr *rt1 = tmp, *rt2 = rt1 + n, *rt3 = rt2 + n;
	fpr bnorm;
	size_t u;

	for (u = 0; u < n; u++) {
		rt1[u] = fpr_of(f[u]);
		rt2[u] = fpr_of(g[u]);
	}
	pqs_fndsa_FFT(rt1, logn);
	pqs_fndsa_FFT(rt2, logn);
	pqs_fndsa_poly_invnorm2_fft(rt3, rt1, rt2, logn);
	pqs_fndsa_poly_adj_fft(rt1, logn);
	pqs_fndsa_poly_adj_fft(rt2, logn);
	pqs_fndsa_poly_mulconst(rt1, fpr_q, logn);
	pqs_fndsa_poly_mulconst(rt2, fpr_q, logn);
	pqs_fndsa_poly_mul_autoadj_fft(rt1, rt3, logn);
	pqs_fndsa_poly_mul_autoadj_fft(rt2, rt3, logn);
	pqs_fndsa_iFFT(rt1, logn);
	pqs_fndsa_iFFT(rt2, logn);
	int ok;

	bnorm = fpr_zero;
	for (u = 0; u < n; u++) {
		bnorm = fpr_add(bnorm, fpr_sqr(rt1[u]));
		bnorm = fpr_add(bnorm, fpr_sqr(rt2[u]));
	}
	ok = fpr_lt(bnorm, fpr_bnorm_max);
	PQS_CT_DECLASSIFY(&ok, sizeof ok); /* verdict on a candidate: public */
	return ok;
}
