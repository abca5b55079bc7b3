/*
 * FN-DSA (putative FIPS 206 draft) key generation, notes/fn-dsa-
 * provisional.md section 1: the SHAKE256(seed) stream feeds sample_f
 * (KGDIST tables), candidates are checked in the draft's order (which
 * fixes how much of the stream each one consumes), the orthogonalized
 * norm is computed in fixed point, and NTRUSolve is the 2025 solver
 * (ntru2025_*.c).  The keys use the draft's encodings (section 2).
 */
#include <string.h>

#include "core/ct.h"
#include "fn_inner.h"
#include "keygen2025_inner.h"
#include "mp31_avx2.h"

/*
 * KGDIST_512[k-1] = round(2^15 Pr[|X| >= k]) for X ~ D_{Z,sigma},
 * sigma = 1.17 sqrt(q/1024); KGDIST_1024 likewise with sigma =
 * 1.17 sqrt(q/2048) (section 1.2, re-derived in the note).
 */
static const uint16_t kgdist_512[] = {
	29543, 23286, 17574, 12669, 8706, 5692, 3535, 2083, 1164,
	615, 308, 146, 65, 28, 11, 4, 1
};
static const uint16_t kgdist_1024[] = {
	28207, 19623, 12472, 7198, 3753, 1761, 742, 280, 94, 28, 8, 2
};

/* The SHAKE256 stream, read 16 bits at a time (little-endian). */
typedef struct {
	pqs_keccak sc;
	uint8_t buf[136]; /* one SHAKE256 block */
	size_t ptr;
} u16_stream;

static uint32_t
next_u16(u16_stream *s)
{
	uint32_t v;

	if (s->ptr == sizeof s->buf) {
		pqs_keccak_squeeze_blocks(&s->sc, s->buf, 1);
		s->ptr = 0;
	}
	v = (uint32_t)s->buf[s->ptr] | ((uint32_t)s->buf[s->ptr + 1] << 8);
	s->ptr += 2;
	return v;
}

/* One coefficient: the sum of z signed table samples (constant time:
 * the whole table is scanned for each sample). */
static int32_t
sample_coeff(u16_stream *s, const uint16_t *tab, size_t tab_len, unsigned z)
{
	uint32_t acc = 0;
	unsigned t;

	for (t = 0; t < z; t++) {
		uint32_t u = next_u16(s);
		uint32_t v = u >> 1, m = 0;
		size_t j;

		for (j = 0; j < tab_len; j++) {
			m += (v - (uint32_t)tab[j]) >> 31; /* v < tab[j] */
		}
		/* sign = low bit of u */
		acc += (m ^ -(u & 1)) + (u & 1);
	}
	return (int32_t)acc;
}

#if MP31_AVX2_BUILD
/*
 * sample_coeff() with z = 1 on 16 stream values per vector: v = u >> 1
 * (< 2^15, so a signed 16-bit comparison is v < tab[j]), m counts the
 * table entries above v, and the low bit of u gives the sign, as in the
 * scalar code.  num: a multiple of 16.
 */
static MP31_AVX2 void samples16_avx2(int8_t *out, const uint16_t *u, size_t num, const uint16_t *tab, size_t tab_len)
{
	size_t i, j;

	for (i = 0; i < num; i += 16) {
		__m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(u + i));
		__m256i v = _mm256_srli_epi16(w, 1), m = _mm256_setzero_si256();
		__m256i sg = _mm256_and_si256(w, _mm256_set1_epi16(1));
		__m128i lo, hi;

		for (j = 0; j < tab_len; j++) {
			m = _mm256_sub_epi16(m, _mm256_cmpgt_epi16(_mm256_set1_epi16((short)tab[j]), v));
		}
		m = _mm256_add_epi16(_mm256_xor_si256(m, _mm256_sub_epi16(_mm256_setzero_si256(), sg)), sg);
		/* |m| <= tab_len < 128: saturating packing keeps the values. */
		lo = _mm256_castsi256_si128(m);
		hi = _mm256_extracti128_si256(m, 1);
		_mm_storeu_si128((__m128i *)(void *)(out + i), _mm_packs_epi16(lo, hi));
	}
}
#endif

static void
sample_f(u16_stream *s, int8_t *f, unsigned logn)
{
	size_t n = (size_t)1 << logn, i = 0;
	const uint16_t *tab = logn == 10 ? kgdist_1024 : kgdist_512;
	size_t tab_len = logn == 10 ? sizeof kgdist_1024 / sizeof *tab
		: sizeof kgdist_512 / sizeof *tab;
	unsigned z = logn == 10 ? 1 : 1u << (9 - logn);
	uint32_t parity = 0;

#if MP31_AVX2_BUILD
	/*
	 * logn 9 and 10 (z = 1): every coefficient is one table sample, in
	 * -17..17, so none but the last can be redrawn; the first n-16 come
	 * from the next n-16 stream values, 16 per vector, in order.
	 */
	if (z == 1 && n >= 32 && pqs_mp31_uses_avx2()) {
		uint16_t u[1024];
		size_t k;

		for (k = 0; k + 16 < n; k++) {
			u[k] = (uint16_t)next_u16(s);
		}
		samples16_avx2(f, u, k, tab, tab_len);
		for (i = 0; i < k; i++) {
			parity ^= (uint32_t)f[i];
		}
		pqs_zeroize(u, k * sizeof *u);
	}
#endif
	for (; i < n; i++) {
		int32_t x = sample_coeff(s, tab, tab_len, z);
		int32_t ok = x >= -127 && x <= 127;

		/* Out-of-range coefficients (toy degrees only, in practice)
		 * are redrawn; so is the last one until the sum is odd.
		 * Rejected values are discarded: the decisions are public. */
		if (i == n - 1) {
			ok &= (int32_t)((parity ^ (uint32_t)x) & 1);
		}
		PQS_CT_DECLASSIFY(&ok, sizeof ok);
		if (!ok) {
			i--;
			continue;
		}
		f[i] = (int8_t)x;
		parity ^= (uint32_t)x;
	}
}

int pqs_fndsa_kg_check_ortho_fixed(const int8_t *f, const int8_t *g, unsigned logn, fxr *tmp, uint64_t bound)
{
	/* f' = q adj(f)/(f adj f + g adj g), g' likewise; accept iff
	 * ||(f', g')||^2 < bound / 2^32 (section 1.3 step 4; fixed point,
	 * section 1.5). */
	size_t n = (size_t)1 << logn, hn = n >> 1, i;
	fxr *rf = tmp, *rg = rf + n, *rn = rg + n;
	fxr sn = fxr_of(0);

	pqs_fndsa_fxr_set_small(logn, rf, f);
	pqs_fndsa_fxr_set_small(logn, rg, g);
	pqs_fndsa_fxr_FFT(logn, rf);
	pqs_fndsa_fxr_FFT(logn, rg);
	pqs_fndsa_fxr_invnorm_fft(logn, rn, rf, rg, 0);
	/* adj, times q, times rn (real), per slot in one pass.  q is an
	 * integer, so fxr_mul(v, fxr_of(q)) = floor(v*q*2^32/2^32) = v*q
	 * modulo 2^64, a plain 64-bit product. */
	for (i = 0; i < hn; i++) {
		fxr r = rn[i];

		rf[i] = fxr_mul(fxr_of_scaled32(rf[i].v * 12289), r);
		rf[i + hn] = fxr_mul(fxr_of_scaled32(-rf[i + hn].v * 12289), r);
		rg[i] = fxr_mul(fxr_of_scaled32(rg[i].v * 12289), r);
		rg[i + hn] = fxr_mul(fxr_of_scaled32(-rg[i + hn].v * 12289), r);
	}
	pqs_fndsa_fxr_iFFT(logn, rf);
	pqs_fndsa_fxr_iFFT(logn, rg);
	for (i = 0; i < n; i++) {
		sn = fxr_add(sn, fxr_add(fxr_sqr(rf[i]), fxr_sqr(rg[i])));
	}
	return fxr_lt(sn, fxr_of_scaled32(bound));
}

/* 1 if f is invertible modulo q (no zero NTT slot). tmp: n. */
static int
invertible_mod_q(const int8_t *f, unsigned logn, uint16_t *tmp)
{
	size_t n = (size_t)1 << logn, i;
	uint32_t zero = 0;

	for (i = 0; i < n; i++) {
		tmp[i] = fndsa_mq_of_small(f[i]);
	}
	pqs_fndsa_mq_NTT(tmp, logn);
	for (i = 0; i < n; i++) {
		zero |= ((uint32_t)tmp[i] - 1) >> 31;
	}
	/* A rejected f is discarded: the verdict is public. */
	PQS_CT_DECLASSIFY(&zero, sizeof zero);
	return zero == 0;
}

/* ||(f, g)||^2 < 16823, i.e. ||(g, -f)|| < 1.17 sqrt(q). */
static int
short_enough(const int8_t *f, const int8_t *g, unsigned logn)
{
	size_t n = (size_t)1 << logn, i;
	int32_t sn = 0, ok;

	for (i = 0; i < n; i++) {
		sn += f[i] * f[i] + g[i] * g[i];
	}
	ok = sn < 16823;
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	return ok;
}

int
pqs_fndsa_fn_keygen_seeded(unsigned logn, const uint8_t *seed,
	size_t seed_len, uint8_t *sk, uint8_t *vk)
{
	uint32_t tmp[PQS_FNDSA_NTRU2025_WORDS(10)];
	int8_t f[1024], g[1024], F[1024], G[1024];
	size_t n, k;
	unsigned nb;
	u16_stream s;
	uint16_t *h;

	if (logn < PQS_FNDSA_FN_MIN_LOGN || logn > 10
		|| (seed == NULL && seed_len != 0) || sk == NULL || vk == NULL)
	{
		return PQS_ERR_ARG;
	}
	n = (size_t)1 << logn;
	pqs_shake256_init(&s.sc);
	pqs_keccak_absorb(&s.sc, seed, seed_len);
	s.ptr = sizeof s.buf;
	/* Everything drawn from the seed is secret (constant-time tests). */
	PQS_CT_POISON(s.sc.st, sizeof s.sc.st);

	/* Section 1.3: the candidate loop, in the draft's order. */
	for (;;) {
		sample_f(&s, f, logn);
		if (!invertible_mod_q(f, logn, (uint16_t *)tmp)) {
			continue;
		}
		sample_f(&s, g, logn);
		if (!short_enough(f, g, logn)) {
			continue;
		}
		{
			int ok = pqs_fndsa_kg_check_ortho_fixed(f, g, logn, (fxr *)(void *)tmp,
								PQS_FNDSA_KG2025_ORTHO_BOUND);

			PQS_CT_DECLASSIFY(&ok, sizeof ok);
			if (!ok) {
				continue;
			}
		}
		if (pqs_fndsa_ntru2025_solve(logn, F, G, f, g, tmp)) {
			break;
		}
	}

	/* vk = logn || NTT(g/f) (section 1.6, 2.1). */
	h = (uint16_t *)tmp;
	if (!pqs_keygen_compute_public(h, f, g, logn, h + n)) {
		return PQS_ERR_INTERNAL; /* f was checked invertible */
	}
	pqs_fndsa_mq_NTT(h, logn);
	pqs_fndsa_fn_vk_encode(vk, h, logn);

	/* sk = 0x50+logn || f || g || F || SHAKE256(vk)[64] (section 2.2).
	 * f, g, F are within the trimmed widths by construction, so the
	 * encoder's work does not depend on their values. */
	nb = FNDSA_FG_BITS(logn);
	sk[0] = (uint8_t)(0x50 + logn);
	k = 1;
	k += pqs_fndsa_fn_trim_encode(sk + k, f, logn, nb);
	k += pqs_fndsa_fn_trim_encode(sk + k, g, logn, nb);
	k += pqs_fndsa_fn_trim_encode(sk + k, F, logn, 8);
	pqs_shake256(sk + k, 64, vk, PQS_FNDSA_FN_VK_SIZE(logn));

	pqs_keccak_clear(&s.sc);
	pqs_zeroize(s.buf, sizeof s.buf);
	pqs_zeroize(tmp, sizeof tmp);
	pqs_zeroize(f, sizeof f);
	pqs_zeroize(g, sizeof g);
	pqs_zeroize(F, sizeof F);
	pqs_zeroize(G, sizeof G);
	return PQS_OK;
}
