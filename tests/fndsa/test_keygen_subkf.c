/*
 * ReducePartial's k*f kernels (src/fndsa/ntru2025_reduce.c,
 * ntru2025_avx2.c) on both paths, against an independent reference:
 *   - sub_rows (F <- F - y*2^(31 sch + scl) with y word-major, 8
 *     coefficients per AVX2 vector) with edge words (zero, all ones, sign
 *     bit only), y shorter or longer than the span of F it reaches, and
 *     every scl;
 *   - the whole NTT route sub_kf_ntt (k mod p, NTT, Montgomery products
 *     with f in Montgomery NTT form, CRT rebuild, subtraction) for n = 16
 *     to 128, with and without shared NTT tables, against n^2 products of
 *     one pair of coefficients each (tests/fndsa/zint_ref.h);
 *   - the n = 2 schoolbook (the single-split exact form) with extreme k,
 *     k = -2^31 included;
 *   - big_to_fixed (the fixed-point window of F and f that every pass
 *     reads) against the bits of each integer taken one at a time, for
 *     every scale (its AVX2 form, tried, was not faster: the gathers of
 *     the few words per coefficient cost what the scalar masks did).
 * The keygen KATs run on both paths (test_fn_kat, test_keygen_kat and
 * their _no_simd twins).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/keygen2025_inner.h"
#include "fndsa/keygen_inner.h"
#include "testutil.h"
#include "zint_ref.h"

static uint64_t rs = 0x6A09E667F3BCC908ULL;
static uint64_t rnd(void)
{
	return tu_xorshift64(&rs);
}

/* 31-bit words: 0, all ones, sign bit only, or random (tu_word31). */
static uint32_t word(int pattern)
{
	return tu_word31(&rs, pattern);
}

static unsigned long compared;

#define MAXN  128
#define MAXT  24
#define MAXLL 40

static void check_sub_rows(void)
{
	static const size_t ns[] = { 8, 16, 24, 64 };
	static uint32_t F[3][MAXN * MAXLL], rows[MAXT * MAXN], y[MAXT];

	for (int rep = 0; rep < 400; rep++) {
		size_t n = ns[rep % 4];
		size_t tlen = 1 + (size_t)(rnd() % MAXT), llen = 1 + (size_t)(rnd() % MAXLL);
		size_t FGlen = 1 + (size_t)(rnd() % llen);
		uint32_t sch = (uint32_t)(rnd() % (FGlen + 1)), scl = (uint32_t)(rep % 31);
		int pattern = (rep / 4) % 4;

		for (size_t i = 0; i < n * llen; i++) {
			F[0][i] = word(pattern);
		}
		for (size_t i = 0; i < tlen * n; i++) {
			/* Mixed patterns, so that top words of both signs occur. */
			rows[i] = word((pattern + 1 + (int)(i % 3 == 0)) % 4);
		}
		memcpy(F[1], F[0], n * llen * 4);
		memcpy(F[2], F[0], n * llen * 4);
		/* 0: AVX2 where it runs, 1: portable, 2: reference. */
		pqs_fndsa_ntru2025_sub_rows(F[0], llen, FGlen, rows, tlen, n, sch, scl);
		pqs_mp31_allow_avx2(0);
		pqs_fndsa_ntru2025_sub_rows(F[1], llen, FGlen, rows, tlen, n, sch, scl);
		pqs_mp31_allow_avx2(1);
		for (size_t j = 0; j < n; j++) {
			for (size_t v = 0; v < tlen; v++) {
				y[v] = rows[v * n + j];
			}
			zint_ref_add_scaled(F[2] + j * llen, FGlen, y, tlen, -1, sch, scl);
		}
		TU_CHECK(memcmp(F[0], F[2], n * llen * 4) == 0, "sub_rows rep %d (n %zu, tlen %zu, FGlen %zu)", rep, n,
			 tlen, FGlen);
		TU_CHECK(memcmp(F[1], F[2], n * llen * 4) == 0, "portable sub_rows rep %d", rep);
		compared += 2;
	}
}

/*
 * sub_kf_ntt: f of slen words whose top word is small (|f| < 2^(31 slen -
 * 11)) and |k| < 2^20, so that |k*f| < 2^(31 slen + 16) is far below half
 * the product of the slen+1 primes (> 2^(30 (slen+1))), as the solver's
 * word budgets ensure: the rebuilt product is exact.
 */
static void check_sub_kf_ntt(void)
{
	static uint32_t F[3][MAXN * MAXLL], f[MAXN * 8], fntt[2][9 * MAXN], tabs[2 * 9 * MAXN];
	static uint32_t tmp[9 * MAXN + MAXN + 9 + 2 * MAXN];
	static int32_t k[MAXN];

	for (int rep = 0; rep < 96; rep++) {
		unsigned logn = 4 + (unsigned)(rep % 4);
		size_t n = (size_t)1 << logn;
		size_t slen = 1 + (size_t)(rnd() % 8), llen = slen + 1 + (size_t)(rnd() % (MAXLL - slen - 1));
		size_t FGlen = 1 + (size_t)(rnd() % llen);
		uint32_t sc = (uint32_t)(rnd() % (31 * 4));
		int pattern = (rep / 4) % 4, shared = rep & 1;

		for (size_t i = 0; i < n; i++) {
			uint64_t r = rnd();

			/* Extreme values of the allowed range, and random ones. */
			k[i] = (rep % 3) == 0 ? ((r & 1) ? (1 << 20) - 1 : -(1 << 20) + 1)
					      : (int32_t)(r >> 44) - (1 << 19);
		}
		for (size_t i = 0; i < n * llen; i++) {
			F[0][i] = word(pattern);
		}
		for (size_t j = 0; j < n; j++) {
			for (size_t w = 0; w + 1 < slen; w++) {
				f[j * slen + w] = word((pattern + 1 + (int)(w % 2)) % 4);
			}
			/* Top word: a signed value below 2^20 in magnitude. */
			f[j * slen + slen - 1] = ((uint32_t)(rnd() % (1u << 21)) - (1u << 20)) & 0x7FFFFFFFu;
		}
		memcpy(F[1], F[0], n * llen * 4);
		memcpy(F[2], F[0], n * llen * 4);
		for (int pass = 0; pass < 2; pass++) {
			pqs_mp31_allow_avx2(1 - pass);
			pqs_fndsa_ntru2025_poly_to_ntt_rns(fntt[pass], f, slen, n, logn, tabs, tmp);
			pqs_fndsa_ntru2025_sub_kf_ntt(F[pass], llen, FGlen, k, sc, fntt[pass], slen, n, logn,
						      shared ? tabs : NULL, tmp);
		}
		pqs_mp31_allow_avx2(1);
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < n; j++) {
				size_t d = (i + j) % n;
				int64_t kf = i + j < n ? -(int64_t)k[i] : (int64_t)k[i];

				zint_ref_add_scaled(F[2] + d * llen, FGlen, f + j * slen, slen, kf, sc / 31, sc % 31);
			}
		}
		TU_CHECK(memcmp(fntt[0], fntt[1], (slen + 1) * n * 4) == 0, "poly_to_ntt_rns rep %d", rep);
		TU_CHECK(memcmp(F[0], F[2], n * llen * 4) == 0, "sub_kf_ntt rep %d (n %zu, slen %zu, FGlen %zu)", rep,
			 n, slen, FGlen);
		TU_CHECK(memcmp(F[1], F[2], n * llen * 4) == 0, "portable sub_kf_ntt rep %d", rep);
		compared += 3;
	}
}

/* n = 2: F_0 -= k_0 f_0 - k_1 f_1, F_1 -= k_0 f_1 + k_1 f_0, any int32 k;
 * the AVX2 form (where it runs; 4 words per vector, edge blocks and a
 * scalar tail) and the portable one both against the reference.  Sizes
 * up to those of FN-DSA-1024's n = 2 depth (about 290 words). */
#define N2LL 300
static void check_n2(void)
{
	static const int32_t ks[] = { 2147483647, -2147483647 - 1, 0, 1, -1 };
	static uint32_t F[3][2 * N2LL], f[2 * N2LL];
	int32_t k[2];

	for (int rep = 0; rep < 400; rep++) {
		/* Small sizes for half the reps (every edge case), large else. */
		size_t lim = rep & 2 ? N2LL : 12;
		size_t slen = 1 + (size_t)(rnd() % (lim - 1)), llen = 1 + (size_t)(rnd() % lim);
		size_t FGlen = 1 + (size_t)(rnd() % llen);
		uint32_t sc = (uint32_t)(rnd() % (31 * 4 + 31));
		int pattern = (rep / 5) % 4;

		for (size_t i = 0; i < 2; i++) {
			/* Both extreme (each sign pair) for the first reps. */
			k[i] = rep < 50    ? ks[(rep / (i + 1)) % 2]
			       : (rep & 1) ? ks[rnd() % 5]
					   : (int32_t)(uint32_t)rnd();
		}
		for (size_t i = 0; i < 2 * llen; i++) {
			F[0][i] = word(pattern);
		}
		for (size_t i = 0; i < 2 * slen; i++) {
			/* Top words of extreme magnitude in the first reps too. */
			f[i] = word(rep < 50 ? 1 + 2 * (int)((rep / 4 + i) % 2) : (pattern + 1) % 4);
		}
		memcpy(F[1], F[0], sizeof F[0]);
		memcpy(F[2], F[0], sizeof F[0]);
		pqs_fndsa_ntru2025_sub_kf_schoolbook(F[0], llen, FGlen, k, sc, f, slen, 2);
		pqs_mp31_allow_avx2(0);
		pqs_fndsa_ntru2025_sub_kf_schoolbook(F[2], llen, FGlen, k, sc, f, slen, 2);
		pqs_mp31_allow_avx2(1);
		for (size_t i = 0; i < 2; i++) {
			for (size_t j = 0; j < 2; j++) {
				size_t d = (i + j) % 2;
				int64_t kf = i + j < 2 ? -(int64_t)k[i] : (int64_t)k[i];

				zint_ref_add_scaled(F[1] + d * llen, FGlen, f + j * slen, slen, kf, sc / 31, sc % 31);
			}
		}
		TU_CHECK(memcmp(F[0], F[1], 2 * llen * 4) == 0, "sub_kf_schoolbook n = 2 rep %d (k %d %d)", rep,
			 (int)k[0], (int)k[1]);
		TU_CHECK(memcmp(F[2], F[1], 2 * llen * 4) == 0, "portable sub_kf_schoolbook n = 2 rep %d (k %d %d)",
			 rep, (int)k[0], (int)k[1]);
		compared += 2;
	}
}

/* Bit i of the signed integer x (len words of 31 bits): 0 below bit 0, the
 * sign above the top word. */
static uint64_t ref_bit(const uint32_t *x, size_t len, int64_t i)
{
	if (i < 0) {
		return 0;
	}
	if (i >= (int64_t)(31 * len)) {
		i = (int64_t)(31 * len) - 1;
	}
	return (x[i / 31] >> (i % 31)) & 1;
}

/* big_to_fixed: bits sc-32 .. sc+31 of each x_j (see below for sc = 0 mod
 * 31), for every sc from 0 to past the sign words, n = 1 to 24, edge
 * words. */
static void check_big_to_fixed(void)
{
	static uint32_t x[24 * 24];
	static fxr d[24];

	for (int rep = 0; rep < 60; rep++) {
		/* len up to 21: past the 16 words whose masks are shared. */
		size_t n = 1 + (size_t)(rep % 24), len = 1 + (size_t)(rnd() % (rep & 1 ? 21 : 9));
		size_t stride = len + (size_t)(rnd() % 3);
		int ok = 1;

		for (size_t i = 0; i < n * stride; i++) {
			x[i] = word(rep < 20 ? (rep / 5 + (int)(i % 5 == 0)) % 4 : 3);
		}
		for (uint32_t sc = 0; sc < 31 * len + 70; sc++) {
			pqs_fndsa_ntru2025_big_to_fixed(d, x, n, stride, len, sc);
			for (size_t j = 0; j < n; j++) {
				uint64_t r = 0;

				for (int b = 0; b < 64; b++) {
					r |= ref_bit(x + j * stride, len, (int64_t)sc - 32 + b) << b;
				}
				/* sc a multiple of 31: the top bit is that of x/2^sc
				 * read as a signed 32.32 value that fits, i.e. bit sc+30
				 * (the function takes three words, the third
				 * sign-extended from its bit 30). */
				if (sc % 31 == 0) {
					r = (r & ~((uint64_t)1 << 63)) | ref_bit(x + j * stride, len, (int64_t)sc + 30)
										 << 63;
				}
				ok &= d[j].v == r;
			}
		}
		TU_CHECK(ok, "big_to_fixed rep %d (n %zu, len %zu)", rep, n, len);
		compared++;
	}
}

int main(void)
{
	pqs_mp31_allow_avx2(1);
	printf("AVX2 path %s\n",
	       pqs_mp31_uses_avx2() ? "compared with the portable one" : "off (no AVX2 CPU, or PQSIG_NO_SIMD=1)");
	check_sub_rows();
	check_sub_kf_ntt();
	check_n2();
	check_big_to_fixed();
	TU_CHECK(compared == 2 * 400 + 3 * 96 + 2 * 400 + 60, "%lu comparisons", compared);
	return tu_finish("test_keygen_subkf");
}
