/*
 * Depth 0 of the FN-DSA 2025 NTRUSolve (pqs_fndsa_ntru2025_depth0,
 * ntru2025_reduce.c): its AVX2 slot loops (logn >= 4) against the
 * portable ones on random f, g and F' (one-word coefficients, small,
 * large and extreme), the same verdict and the same F, G word for word;
 * and, independently of the NTT and of both paths, every accepted
 * output satisfies f*G - g*F = q modulo p_0 and x^n+1 (a schoolbook
 * product).  The FN-DSA KATs run on both paths (test_fn_kat and
 * test_fn_kat_no_simd).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/keygen2025_inner.h"
#include "fndsa/keygen_inner.h"
#include "testutil.h"

static uint64_t rs = 0x6A09E667F3BCC908ULL;

static uint32_t rnd32(void)
{
	return (uint32_t)(tu_xorshift64(&rs) >> 32);
}

#define MAXN 1024
static uint32_t in[(11 << 10) + 2], out[2][(11 << 10) + 2];

/* f*G - g*F == q modulo p_0 and x^n+1, by a schoolbook product. */
static int equation_holds(const int8_t *f, const int8_t *g, const int32_t *F, const int32_t *G, size_t n)
{
	static int64_t acc[MAXN];
	const int64_t p = pqs_mp31_primes[0].p;
	size_t i, j;

	memset(acc, 0, n * sizeof acc[0]);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			int64_t t = ((int64_t)f[i] * G[j] - (int64_t)g[i] * F[j]) % p;
			size_t k = i + j;

			if (k < n) {
				acc[k] = (acc[k] + t) % p;
			} else {
				acc[k - n] = (acc[k - n] - t) % p;
			}
		}
	}
	for (i = 0; i < n; i++) {
		int64_t want = i == 0 ? 12289 : 0;

		if (((acc[i] - want) % p + p) % p != 0) {
			return 0;
		}
	}
	return 1;
}

int main(void)
{
	static int8_t f[MAXN], g[MAXN];
	static int32_t F[MAXN], G[MAXN];
	unsigned long compared = 0, accepted = 0;

	TU_CHECK(1, "AVX2 path %s", pqs_mp31_uses_avx2() ? "compared with the portable one" : "off (no AVX2 CPU)");
	for (unsigned logn = 2; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn, hn = n >> 1;
		int trials = logn <= 8 ? 12 : 4;

		for (int t = 0; t < trials; t++) {
			int ok[2], same;

			/* f, g in -c..c; F' one-word, from small to the extremes
			 * of the signed 31-bit word. */
			for (size_t i = 0; i < n; i++) {
				int c = 1 + t % 20;

				f[i] = (int8_t)((int)(rnd32() % (uint32_t)(2 * c + 1)) - c);
				g[i] = (int8_t)((int)(rnd32() % (uint32_t)(2 * c + 1)) - c);
			}
			memset(in, 0, sizeof in);
			for (size_t i = 0; i < hn; i++) {
				uint32_t w = rnd32();

				switch ((t + i) % 4) {
				case 0:
					w = (uint32_t)((int32_t)(w % 4001) - 2000);
					break;
				case 1:
					w = (uint32_t)((int32_t)(w >> 2) - (1 << 29));
					break;
				case 2:
					w = (i & 1) ? 0x3FFFFFFFu : 0x40000000u;
					break;
				default:
					break;
				}
				in[i] = w & 0x7FFFFFFFu;
			}
			for (int pass = 0; pass < 2; pass++) {
				memcpy(out[pass], in, sizeof in);
				pqs_mp31_allow_avx2(pass);
				ok[pass] = pqs_fndsa_ntru2025_depth0(logn, f, g, out[pass]);
			}
			pqs_mp31_allow_avx2(1);
			same = ok[0] == ok[1] && (!ok[0] || memcmp(out[0], out[1], 2 * n * sizeof out[0][0]) == 0);
			TU_CHECK(same, "depth0 logn %u trial %d: AVX2 and portable differ", logn, t);
			if (ok[0]) {
				for (size_t i = 0; i < n; i++) {
					F[i] = (int32_t)out[1][i];
					G[i] = (int32_t)out[1][n + i];
				}
				TU_CHECK(equation_holds(f, g, F, G, n),
					 "depth0 logn %u trial %d: f*G - g*F != q mod p0", logn, t);
				accepted++;
			}
			compared++;
		}
	}
	/* f with a zero NTT slot modulo p_0 is rare: most trials run to the end. */
	TU_CHECK(compared == 7 * 12 + 2 * 4 && accepted >= compared / 2, "%lu trials, %lu accepted", compared,
		 accepted);
	return tu_finish("test_fndsa_depth0_avx2");
}
