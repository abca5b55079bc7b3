/*
 * Round-3 key generation's AVX2 paths against the portable code:
 *   - Reduce's schoolbook step pqs_ntru_poly_sub_scaled_fg (F <- F -
 *     k*f*2^(31 sch + scl), G likewise, modulo x^n+1 and 2^(31 Flen);
 *     ntru_reduce_avx2.c) for n = 1..32, with extreme and random k, edge
 *     word patterns, and shifts that leave from zero to many words past
 *     f's length (the sign-word tail); both paths also against an
 *     independent reference that multiplies one pair of coefficients at a
 *     time with the signed carry written out;
 *   - the conversion of big integers to binary64 (pqs_ntru_poly_big_to_fp),
 *     bit for bit;
 *   - the Gaussian sampler (pqs_keygen_sample_poly, keygen_sample.c).
 * The keygen KATs run on both paths (test_keygen_kat and
 * test_keygen_kat_no_simd).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "testutil.h"
#include "zint_ref.h"

static uint64_t rs = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
	return tu_xorshift64(&rs);
}

/* 31-bit words: 0, all ones, sign bit only, or random (tu_word31). */
static uint32_t word(int pattern)
{
	return tu_word31(&rs, pattern);
}

#define MAXN  PQS_NTRU_SUB_SCALED_MAX_N
#define MAXFL 60
#define MAXL  160

static unsigned long compared;

static void check_sub_scaled_fg(void)
{
	static const int32_t ks[] = { 2147483647, -2147483647, 0, 1, -1 };
	static uint32_t FG[3][2 * MAXN * MAXL], fg[2 * MAXN * MAXFL], ys[2 * MAXN * (MAXFL + 4)];
	static int32_t k[MAXN];

	for (int rep = 0; rep < 600; rep++) {
		unsigned logn = (unsigned)(rep % 6);
		size_t n = (size_t)1 << logn;
		size_t flen = 1 + (size_t)(rnd() % (rep < 300 ? 8 : MAXFL));
		size_t Fstride = flen + (size_t)(rnd() % (MAXL - flen));
		size_t Flen = 1 + (size_t)(rnd() % Fstride);
		uint32_t sch = (uint32_t)(rnd() % (Flen + 2)), scl = (uint32_t)(rnd() % 31);
		int pattern = (rep / 6) % 4;
		uint32_t *F[3], *G[3];
		const uint32_t *f = fg, *g = fg + n * flen;
		int same;

		for (size_t i = 0; i < n; i++) {
			/* All extreme for some reps (the widest sums), mixed else. */
			k[i] = rep < 120 ? ks[(rep / 6 + i) % 2] : (rep & 1) ? ks[rnd() % 5] : (int32_t)(uint32_t)rnd();
			k[i] = k[i] == -2147483647 - 1 ? 0 : k[i];
		}
		for (size_t i = 0; i < 2 * n * Fstride; i++) {
			FG[0][i] = word(pattern);
		}
		for (size_t i = 0; i < 2 * n * flen; i++) {
			fg[i] = word((pattern + 1 + (int)(i % 3 == 0)) % 4);
		}
		memcpy(FG[1], FG[0], sizeof FG[0]);
		memcpy(FG[2], FG[0], sizeof FG[0]);
		for (int pass = 0; pass < 3; pass++) {
			F[pass] = FG[pass];
			G[pass] = FG[pass] + n * Fstride;
		}
		/* 0: portable, 1: AVX2 when the CPU has it. */
		for (int pass = 0; pass < 2; pass++) {
			pqs_mp31_allow_avx2(pass);
			pqs_ntru_poly_sub_scaled_fg(F[pass], G[pass], Flen, Fstride, f, g, flen, flen, k, sch, scl,
						    logn, ys);
		}
		pqs_mp31_allow_avx2(1);
		/* Destination d gets -k[i]*f[j] for i + j = d, +k[i]*f[j] for i + j = d + n. */
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < n; j++) {
				size_t d = (i + j) % n;
				int64_t kf = i + j < n ? -(int64_t)k[i] : (int64_t)k[i];

				zint_ref_add_scaled(F[2] + d * Fstride, Flen, f + j * flen, flen, kf, sch, scl);
				zint_ref_add_scaled(G[2] + d * Fstride, Flen, g + j * flen, flen, kf, sch, scl);
			}
		}
		same = memcmp(FG[0], FG[2], 2 * n * Fstride * 4) == 0;
		TU_CHECK(same, "portable sub_scaled_fg rep %d (n %zu, flen %zu, Flen %zu, sch %u)", rep, n, flen, Flen,
			 sch);
		same = memcmp(FG[1], FG[2], 2 * n * Fstride * 4) == 0;
		TU_CHECK(same, "AVX2 sub_scaled_fg rep %d (n %zu, flen %zu, Flen %zu, sch %u)", rep, n, flen, Flen,
			 sch);
		compared++;
	}
}

/* Big integers to binary64, both paths, bit for bit: edge words (zero, all
 * ones, sign bit only: -2^(31 flen - 1) and the like) and random ones. */
static void check_big_to_fp(void)
{
	static uint32_t x[512 * 12];
	static fpr d[2][512];

	for (int rep = 0; rep < 200; rep++) {
		unsigned logn = 1 + (unsigned)(rep % 9);
		size_t n = (size_t)1 << logn;
		size_t flen = 1 + (size_t)(rnd() % 10), stride = flen + (size_t)(rnd() % 3);
		int same = 1;

		for (size_t i = 0; i < n * stride; i++) {
			x[i] = word(rep < 40 ? (rep / 10 + (int)(i % 7 == 0)) % 4 : 3);
		}
		for (int pass = 0; pass < 2; pass++) {
			pqs_mp31_allow_avx2(pass);
			pqs_ntru_poly_big_to_fp(d[pass], x, flen, stride, logn);
		}
		pqs_mp31_allow_avx2(1);
		for (size_t i = 0; i < n; i++) {
			same &= memcmp(&d[0][i], &d[1][i], sizeof(fpr)) == 0;
		}
		TU_CHECK(same, "big_to_fp rep %d (n %zu, flen %zu)", rep, n, flen);
		compared++;
	}
}

/* The keygen's Gaussian sampler (keygen_sample.c, round 3): the same
 * polynomials from the same SHAKE256 stream on both paths (the AVX2 table
 * sampler takes eight samples per step and a four-sample tail), for logn 4..10
 * and four polynomials in a row. */
static void check_sampler(void)
{
	static int8_t f[2][1024];

	for (unsigned logn = 4; logn <= 10; logn++) {
		for (unsigned seed = 0; seed < 3; seed++) {
			uint8_t sd[48];
			keygen_rng rng[2];
			int same = 1;

			memset(sd, (int)(seed * 37 + logn), sizeof sd);
			for (int pass = 0; pass < 2; pass++) {
				pqs_keygen_rng_init(&rng[pass], sd, sizeof sd);
			}
			for (int poly = 0; poly < 4; poly++) {
				for (int pass = 0; pass < 2; pass++) {
					pqs_fndsa_allow_avx2(pass);
					pqs_keygen_sample_poly(&rng[pass], f[pass], logn);
				}
				same &= memcmp(f[0], f[1], (size_t)1 << logn) == 0;
			}
			pqs_fndsa_allow_avx2(1);
			TU_CHECK(same, "keygen sampler logn %u seed %u", logn, seed);
			compared++;
		}
	}
}

int main(void)
{
	pqs_mp31_allow_avx2(1);
	printf("AVX2 path %s\n",
	       pqs_mp31_uses_avx2() ? "compared with the portable one" : "off (no AVX2 CPU, or PQSIG_NO_SIMD=1)");
	check_sub_scaled_fg();
	check_big_to_fp();
	check_sampler();
	TU_CHECK(compared == 600 + 200 + 7 * 3, "%lu comparisons", compared);
	return tu_finish("test_keygen_reduce_avx2");
}
