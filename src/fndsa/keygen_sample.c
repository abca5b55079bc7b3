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
	/* The output stream is the same as 8-byte squeezes: one SHAKE256
	 * block (136 bytes) is 17 little-endian 64-bit words. */
	uint8_t blk[sizeof r->buf];
	size_t u;

	pqs_keccak_squeeze_blocks(&r->sc, blk, 1);
	for (u = 0; u < sizeof r->buf / sizeof r->buf[0]; u++) {
		const uint8_t *b = blk + 8 * u;

		r->buf[u] = (uint64_t)b[0] | ((uint64_t)b[1] << 8)
			| ((uint64_t)b[2] << 16) | ((uint64_t)b[3] << 24)
			| ((uint64_t)b[4] << 32) | ((uint64_t)b[5] << 40)
			| ((uint64_t)b[6] << 48) | ((uint64_t)b[7] << 56);
	}
	pqs_zeroize(blk, sizeof blk);
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

static int32_t
u32_as_s32(uint32_t w)
{
	int32_t r;

	memcpy(&r, &w, sizeof r);
	return r;
}

int pqs_keygen_gauss(keygen_rng *rng, unsigned logn)
{
	unsigned g = 1u << (10 - logn);
	int32_t val = 0;
	unsigned u;

	for (u = 0; u < g; u++) {
		/*
		 * First word: sign (top bit) and whether the value is 0
		 * (63-bit value below entry 0).  Second word r: the magnitude
		 * is the first k >= 1 with r >= entry k; the entries
		 * decrease (and the last is 0), so that k is one plus the
		 * number of entries above r, i.e. a sum of borrow bits over
		 * the whole table (no secret-dependent branch or index).
		 */
		uint64_t r = rng_u64(rng);
		uint32_t neg = (uint32_t)(r >> 63);
		uint32_t z, v = 1, k;

		r &= ~((uint64_t)1 << 63);
		z = (uint32_t)((r - gauss_1024_12289[0]) >> 63);
		r = rng_u64(rng);
		r &= ~((uint64_t)1 << 63);
		for (k = 1; k < sizeof gauss_1024_12289 / sizeof gauss_1024_12289[0]; k++) {
			v += (uint32_t)((r - gauss_1024_12289[k]) >> 63);
		}
		v &= z - 1;
		v = (v ^ -neg) + neg;
		val += u32_as_s32(v);
	}
	return (int)val;
}

void pqs_keygen_sample_poly(keygen_rng *rng, int8_t *f, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	unsigned mod2 = 0;
	size_t u;

	for (u = 0; u < n; u++) {
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
