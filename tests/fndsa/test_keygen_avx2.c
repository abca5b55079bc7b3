/*
 * The AVX2 paths of NTRUSolve's RNS layer (src/fndsa/zint_avx2.c, mp31.c)
 * against the portable code on random inputs and edge values: residues of
 * big integers (pqs_zint_mod_small_signed_many, also against the Horner
 * form pqs_zint_mod_small_signed), the residue weights, Garner's CRT
 * rebuild (also checked independently: the rebuilt integer has the input
 * residues), its word-major form and its padded last block of 4 to 7
 * integers (the deep NTRUSolve depths), the NTT tables, and the strided
 * and contiguous NTT / inverse
 * NTT, and the fixed-point division.  It also checks the carry-chain
 * rewrites of
 * pqs_zint_add_scaled_mul_small and pqs_zint_sub_scaled against a
 * straightforward signed-carry form, and the fused schoolbook k*f of
 * ReducePartial (pqs_fndsa_ntru2025_sub_kf_schoolbook, n = 2, 4, 8; AVX2
 * for n = 4, 8, and portable) against n^2 of those products, with extreme k.  The keygen KATs run on both paths
 * (test_keygen_kat, test_fn_kat and their _no_simd twins).
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/fxr.h"
#include "fndsa/keygen2025_inner.h"
#include "fndsa/keygen_inner.h"
#include "testutil.h"
#include "zint_ref.h"

static uint64_t rs = 0x243F6A8885A308D3ULL;
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

static void check_mod_many(void)
{
	static const size_t lens[] = { 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 104, 207, 308, 320 };
	static const size_t nums[] = { 1, 7, 8, 9, 16, 23 };
	static const size_t primes[] = { 0, 1, 100, 319 };
	static uint32_t x[23 * 323], out[2][23 * 2];

	for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
		for (size_t ni = 0; ni < sizeof nums / sizeof nums[0]; ni++) {
			for (int pattern = 0; pattern < 4; pattern++) {
				size_t len = lens[li], num = nums[ni], xs = len + (size_t)(pattern & 1) * 3;
				const mp31_prime *pr = &pqs_mp31_primes[primes[(li + ni) % 4]];
				uint32_t p = pr->p, p0i = pqs_mp31_ninv31(p), R2 = pqs_mp31_R2(p);
				uint32_t Rx = pqs_mp31_Rx((unsigned)len, p, p0i, R2);
				int same = 1;

				for (size_t i = 0; i < num * xs; i++) {
					x[i] = word(pattern == 3 || (i % 5) == 0 ? 3 : pattern);
				}
				for (int pass = 0; pass < 2; pass++) {
					pqs_mp31_allow_avx2(pass);
					pqs_zint_mod_small_signed_many(out[pass], 2, x, xs, num, len, p, p0i, R2, Rx);
				}
				pqs_mp31_allow_avx2(1);
				for (size_t j = 0; j < num; j++) {
					uint32_t h = pqs_zint_mod_small_signed(x + j * xs, len, p, p0i, R2, Rx);

					same &= out[0][2 * j] == h && out[1][2 * j] == h;
				}
				TU_CHECK(same, "mod_small_signed_many len %zu num %zu pattern %d", len, num, pattern);
				compared++;
			}
		}
	}
}

static void check_weights(void)
{
	static uint32_t pw[2][MP31_NUM_PRIMES + 1];

	/* Every length up to 100 (each remainder modulo the 32 words of one
	 * round of the AVX2 chains, and their ends), then every 13th. */
	for (size_t len = 1; len <= MP31_NUM_PRIMES; len += (len < 100 ? 1 : 13)) {
		const mp31_prime *pr = &pqs_mp31_primes[(len * 7) % MP31_NUM_PRIMES];
		uint32_t p = pr->p, p0i = pqs_mp31_ninv31(p), R2 = pqs_mp31_R2(p);
		int ok = 1;

		for (int pass = 0; pass < 2; pass++) {
			pqs_mp31_allow_avx2(pass);
			pw[pass][len] = 0xDEADBEEF;
			pqs_zint_mod_weights(pw[pass], len, p, p0i, R2);
		}
		pqs_mp31_allow_avx2(1);
		/* pw[k] = 2^(31(k+1)) mod p: the residue of the integer 2^(31k),
		 * each checked against square-and-multiply (pqs_mp31_Rx); nothing
		 * written past len. */
		for (size_t k = 0; k < len; k++) {
			ok &= pw[1][k] == pqs_mp31_Rx((unsigned)(k + 1), p, p0i, R2);
		}
		TU_CHECK(ok && memcmp(pw[0], pw[1], len * sizeof pw[0][0]) == 0 && pw[0][0] == mp31_R(p) &&
				 pw[0][len] == 0xDEADBEEF && pw[1][len] == 0xDEADBEEF,
			 "weights len %zu", len);
		compared++;
	}
}

static void check_crt(void)
{
	static const size_t xlens[] = { 1, 2, 3, 8, 9, 27, 53, 104, 207, 308 };
	/* 1-3, 9-11: the 4-lane few-integer rebuild (alone and after a block of 8). */
	static const size_t nums[] = { 1, 2, 3, 7, 8, 9, 10, 11, 17, 24 };
	const size_t num_cases = sizeof nums / sizeof nums[0];
	static uint32_t in[24 * 308], x[2][24 * 308], xu[24 * 308], tmp[2][308];

	for (size_t li = 0; li < sizeof xlens / sizeof xlens[0]; li++) {
		for (size_t ni = 0; ni < num_cases; ni++) {
			for (int norm = 0; norm < 2; norm++) {
				size_t xlen = xlens[li], num = nums[ni];
				int ok = 1;

				for (size_t j = 0; j < num; j++) {
					for (size_t u = 0; u < xlen; u++) {
						uint32_t p = pqs_mp31_primes[u].p;
						uint64_t r = rnd();

						/* Residues: random, 0, p-1, or either side of
						 * the signed boundary (p-1)/2 (edges). */
						in[j * xlen + u] = (j % 5) == 0   ? (uint32_t)(r % p)
								   : (j % 5) == 1 ? 0
								   : (j % 5) == 2 ? p - 1
										  : (p >> 1) + (uint32_t)(j % 5 == 4);
					}
				}
				for (int pass = 0; pass < 2; pass++) {
					memcpy(x[pass], in, num * xlen * sizeof in[0]);
					pqs_mp31_allow_avx2(pass);
					pqs_zint_rebuild_CRT(x[pass], xlen, xlen, num, norm, tmp[pass]);
				}
				pqs_mp31_allow_avx2(1);
				ok &= memcmp(x[0], x[1], num * xlen * sizeof in[0]) == 0;
				ok &= memcmp(tmp[0], tmp[1], xlen * sizeof tmp[0][0]) == 0;
				/* Independent check (unsigned result): x mod p_u = input
				 * residue; the signed result is the unsigned one
				 * normalised by pqs_zint_norm_zero (xlen = 2 takes its own
				 * 64-bit path in pqs_zint_rebuild_CRT). */
				memcpy(xu, in, num * xlen * sizeof in[0]);
				if (norm) {
					pqs_zint_rebuild_CRT(xu, xlen, xlen, num, 0, tmp[0]);
				}
				for (size_t j = 0; j < num; j++) {
					uint32_t *xj = norm ? xu + j * xlen : x[1] + j * xlen;

					for (size_t u = 0; u < xlen; u++) {
						uint32_t p = pqs_mp31_primes[u].p, p0i = pqs_mp31_ninv31(p);

						ok &= pqs_zint_mod_small_unsigned(xj, xlen, p, p0i, pqs_mp31_R2(p)) ==
						      in[j * xlen + u];
					}
					if (norm) {
						pqs_zint_norm_zero(xj, tmp[1], xlen);
						ok &= memcmp(xj, x[1] + j * xlen, xlen * sizeof in[0]) == 0;
					}
				}
				TU_CHECK(ok, "rebuild_CRT xlen %zu num %zu normalize %d", xlen, num, norm);
				compared++;
			}
		}
	}
}

/* Word-major rebuild (AVX2 rows in place, portable by blocks of 8) against
 * the coefficient-major rebuild of the same integers. */
static void check_crt_wm(void)
{
	static const size_t xlens[] = { 1, 2, 3, 9, 27 };
	static const size_t ns[] = { 8, 16, 24, 64 };
	static uint32_t in[64 * 27], wm[2][64 * 27], cm[64 * 27], tmp[3][27];

	for (size_t li = 0; li < sizeof xlens / sizeof xlens[0]; li++) {
		for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
			for (int norm = 0; norm < 2; norm++) {
				size_t xlen = xlens[li], n = ns[ni];
				int ok = 1;

				for (size_t j = 0; j < n; j++) {
					for (size_t u = 0; u < xlen; u++) {
						uint32_t p = pqs_mp31_primes[u].p;

						in[j * xlen + u] = (j % 3) == 0   ? (uint32_t)(rnd() % p)
								   : (j % 3) == 1 ? 0
										  : p - 1;
						for (int pass = 0; pass < 2; pass++) {
							wm[pass][u * n + j] = in[j * xlen + u];
						}
					}
				}
				memcpy(cm, in, n * xlen * sizeof in[0]);
				pqs_zint_rebuild_CRT(cm, xlen, xlen, n, norm, tmp[2]);
				for (int pass = 0; pass < 2; pass++) {
					pqs_mp31_allow_avx2(pass);
					pqs_zint_rebuild_CRT_wm(wm[pass], xlen, n, norm, tmp[pass]);
					ok &= memcmp(tmp[pass], tmp[2], xlen * sizeof tmp[2][0]) == 0;
					for (size_t j = 0; j < n; j++) {
						for (size_t u = 0; u < xlen; u++) {
							ok &= wm[pass][u * n + j] == cm[j * xlen + u];
						}
					}
				}
				pqs_mp31_allow_avx2(1);
				TU_CHECK(ok, "rebuild_CRT_wm xlen %zu n %zu normalize %d", xlen, n, norm);
				compared++;
			}
		}
	}
}

/* pqs_zint_rebuild_CRT of 1 to 15 integers (blocks of 8, and a last 4 to
 * 7 through the 8 lanes padded with zeros, with AVX2) against the portable
 * rebuild, with the lengths of the deep NTRUSolve depths (53, 106, 157, 308). */
static void check_crt_few(void)
{
	static const size_t xlens[] = { 1, 2, 3, 8, 27, 53, 106, 157, 308, 320 };
	static uint32_t in[15 * 320], x[2][15 * 320], ref[15 * 320], tmp[3][320];

	for (size_t li = 0; li < sizeof xlens / sizeof xlens[0]; li++) {
		for (size_t num = 1; num <= 15; num++) {
			for (int norm = 0; norm < 2; norm++) {
				size_t xlen = xlens[li];
				int ok = 1;

				for (size_t j = 0; j < num; j++) {
					for (size_t u = 0; u < xlen; u++) {
						uint32_t p = pqs_mp31_primes[u].p;

						in[j * xlen + u] = (j % 3) == 0   ? (uint32_t)(rnd() % p)
								   : (j % 3) == 1 ? p - 1
										  : (u & 1) * (p >> 1);
					}
				}
				memcpy(ref, in, num * xlen * sizeof in[0]);
				pqs_mp31_allow_avx2(0);
				pqs_zint_rebuild_CRT(ref, xlen, xlen, num, norm, tmp[2]);
				for (int pass = 0; pass < 2; pass++) {
					memcpy(x[pass], in, num * xlen * sizeof in[0]);
					pqs_mp31_allow_avx2(pass);
					pqs_zint_rebuild_CRT(x[pass], xlen, xlen, num, norm, tmp[pass]);
					ok &= memcmp(x[pass], ref, num * xlen * sizeof in[0]) == 0;
					ok &= memcmp(tmp[pass], tmp[2], xlen * sizeof tmp[2][0]) == 0;
				}
				pqs_mp31_allow_avx2(1);
				TU_CHECK(ok, "rebuild_CRT few xlen %zu num %zu normalize %d", xlen, num, norm);
				compared++;
			}
		}
	}
}

static void check_mkgm_ntt(void)
{
	static const size_t primes[] = { 0, 5, 319 };
	static uint32_t gm[2][1024], igm[2][1024], a[5 * 1024], b[2][5 * 1024];

	for (unsigned logn = 0; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn;

		for (size_t pi = 0; pi < 3; pi++) {
			const mp31_prime *pr = &pqs_mp31_primes[primes[pi]];
			uint32_t p = pr->p, p0i = pqs_mp31_ninv31(p);

			for (int pass = 0; pass < 2; pass++) {
				pqs_mp31_allow_avx2(pass);
				pqs_mp31_mkgm(gm[pass], igm[pass], logn, pr, p0i);
			}
			pqs_mp31_allow_avx2(1);
			TU_CHECK(memcmp(gm[0], gm[1], n * 4) == 0 && memcmp(igm[0], igm[1], n * 4) == 0,
				 "mkgm logn %u prime %zu", logn, primes[pi]);
			compared++;
			for (size_t stride = 1; stride <= 5; stride += 2) {
				for (int pattern = 0; pattern < 3; pattern++) {
					for (int op = 0; op < 2; op++) {
						for (size_t i = 0; i < n * stride; i++) {
							a[i] = pattern == 0   ? p - 1
							       : pattern == 1 ? (uint32_t)(i & 1) * (p - 1)
									      : (uint32_t)(rnd() % p);
						}
						for (int pass = 0; pass < 2; pass++) {
							memcpy(b[pass], a, n * stride * 4);
							pqs_mp31_allow_avx2(pass);
							if (op == 0) {
								pqs_mp31_NTT(b[pass] + stride / 2, stride, gm[0], logn,
									     p, p0i);
							} else {
								pqs_mp31_iNTT(b[pass] + stride / 2, stride, igm[0],
									      logn, p, p0i);
							}
						}
						pqs_mp31_allow_avx2(1);
						TU_CHECK(memcmp(b[0], b[1], n * stride * 4) == 0,
							 "%s logn %u stride %zu pattern %d", op ? "iNTT" : "NTT", logn,
							 stride, pattern);
						compared++;
					}
				}
			}
		}
	}
}

/*
 * An independent reference for both transforms, on each path: the
 * negacyclic product iNTT(NTT(a) * NTT(b)) against the schoolbook product
 * modulo (x^n + 1, p), logn 1..10, random and all-(p-1) inputs.  A slot
 * product is mmul(mmul(A, B), R^2) = A B mod p.
 */
static void check_ntt_product(void)
{
	static const size_t primes[] = { 0, 7, MP31_NUM_PRIMES - 1 };
	static uint32_t gm[1024], igm[1024], a[1024], b[1024], bb[1024], c[1024], d[1024];

	for (unsigned logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn;

		for (size_t pi = 0; pi < 3; pi++) {
			const mp31_prime *pr = &pqs_mp31_primes[primes[pi]];
			uint32_t p = pr->p, p0i = pqs_mp31_ninv31(p), R2 = pqs_mp31_R2(p);

			pqs_mp31_mkgm(gm, igm, logn, pr, p0i);
			for (int pattern = 0; pattern < 2; pattern++) {
				for (size_t i = 0; i < n; i++) {
					a[i] = pattern == 0 ? p - 1 : (uint32_t)(rnd() % p);
					b[i] = pattern == 0 ? p - 1 : (uint32_t)(rnd() % p);
				}
				/* d = a*b mod (x^n + 1, p), schoolbook. */
				for (size_t i = 0; i < n; i++) {
					uint64_t s = 0;

					for (size_t j = 0; j < n; j++) {
						uint64_t t = (uint64_t)a[j] * b[(i - j) & (n - 1)] % p;

						s += j <= i ? t : p - t;
					}
					d[i] = (uint32_t)(s % p);
				}
				for (int pass = 0; pass < 2; pass++) {
					memcpy(c, a, n * 4);
					memcpy(bb, b, n * 4);
					pqs_mp31_allow_avx2(pass);
					pqs_mp31_NTT(c, 1, gm, logn, p, p0i);
					pqs_mp31_NTT(bb, 1, gm, logn, p, p0i);
					for (size_t i = 0; i < n; i++) {
						c[i] = mp31_mmul(mp31_mmul(c[i], bb[i], p, p0i), R2, p, p0i);
					}
					pqs_mp31_iNTT(c, 1, igm, logn, p, p0i);
					pqs_mp31_allow_avx2(1);
					TU_CHECK(memcmp(c, d, n * 4) == 0,
						 "NTT product logn %u prime %zu pattern %d path %d", logn, primes[pi],
						 pattern, pass);
					compared++;
				}
			}
		}
	}
}

static void check_scaled(void)
{
	static const int32_t ks[] = { 0, 1, -1, 2147483647, -2147483647 - 1, 12345, -987654 };
	uint32_t x[3][40], y[40];

	for (int rep = 0; rep < 400; rep++) {
		size_t xlen = 1 + (size_t)(rnd() % 30), ylen = 1 + (size_t)(rnd() % 30);
		uint32_t sch = (uint32_t)(rnd() % 4), scl = (uint32_t)(rnd() % 31);
		int32_t k = rep < 7 ? ks[rep] : (rep & 1) ? (int32_t)(uint32_t)rnd() : ks[rep % 7];
		int pattern = rep % 4;

		for (size_t i = 0; i < xlen; i++) {
			x[0][i] = word(pattern);
		}
		for (size_t i = 0; i < ylen; i++) {
			y[i] = word((pattern + 1) % 4);
		}
		memcpy(x[1], x[0], sizeof x[0]);
		memcpy(x[2], x[0], sizeof x[0]);
		pqs_zint_add_scaled_mul_small(x[1], xlen, y, ylen, k, sch, scl);
		zint_ref_add_scaled(x[2], xlen, y, ylen, k, sch, scl);
		TU_CHECK(memcmp(x[1], x[2], xlen * 4) == 0, "add_scaled_mul_small rep %d", rep);
		memcpy(x[1], x[0], sizeof x[0]);
		memcpy(x[2], x[0], sizeof x[0]);
		pqs_zint_sub_scaled(x[1], xlen, y, ylen, sch, scl);
		zint_ref_add_scaled(x[2], xlen, y, ylen, -1, sch, scl);
		TU_CHECK(memcmp(x[1], x[2], xlen * 4) == 0, "sub_scaled rep %d", rep);
		compared += 2;
	}
}

/* F - k*f*2^sc modulo x^n + 1, one product per pair of coefficients. */
static void check_schoolbook(void)
{
	static const int32_t ks[] = { 2147483647, -2147483647, 0, 1, -1 };
	uint32_t F[3][8 * 40], f[8 * 30];
	int32_t k[8];

	for (int rep = 0; rep < 120; rep++) {
		size_t n = (size_t)2 << (rep % 3);
		size_t slen = 1 + (size_t)(rnd() % 30), llen = 1 + (size_t)(rnd() % 40);
		size_t FGlen = 1 + (size_t)(rnd() % llen);
		uint32_t sc = (uint32_t)(rnd() % (31 * 4 + 31));
		int pattern = (rep / 3) % 4;

		for (size_t i = 0; i < n; i++) {
			/* All extreme for some reps (the widest sums), mixed else. */
			k[i] = rep < 30 ? ks[(rep / 3 + i) % 2] : (rep & 1) ? ks[rnd() % 5] : (int32_t)(uint32_t)rnd();
			k[i] = k[i] == -2147483647 - 1 ? 0 : k[i];
		}
		for (size_t i = 0; i < n * llen; i++) {
			F[0][i] = word(pattern);
		}
		for (size_t i = 0; i < n * slen; i++) {
			f[i] = word((pattern + 1) % 4);
		}
		memcpy(F[1], F[0], sizeof F[0]);
		memcpy(F[2], F[0], sizeof F[0]);
		/* F[0]: the AVX2 path where it runs (n = 4, 8), F[2]: portable. */
		pqs_fndsa_ntru2025_sub_kf_schoolbook(F[0], llen, FGlen, k, sc, f, slen, n);
		pqs_mp31_allow_avx2(0);
		pqs_fndsa_ntru2025_sub_kf_schoolbook(F[2], llen, FGlen, k, sc, f, slen, n);
		pqs_mp31_allow_avx2(1);
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < n; j++) {
				size_t d = (i + j) % n;
				int32_t kf = i + j < n ? -k[i] : k[i];

				zint_ref_add_scaled(F[1] + d * llen, FGlen, f + j * slen, slen, kf, sc / 31, sc % 31);
			}
		}
		TU_CHECK(memcmp(F[0], F[1], n * llen * 4) == 0, "sub_kf_schoolbook rep %d (n = %zu)", rep, n);
		TU_CHECK(memcmp(F[2], F[1], n * llen * 4) == 0, "portable sub_kf_schoolbook rep %d (n = %zu)", rep, n);
		compared += 2;
	}
}

/* Fixed-point divisions through pqs_fndsa_fxr_div_selfadj_fft (two
 * numerators sharing one reciprocal, fxr_div.c) with the AVX2 switch on
 * and off, each quotient also against the scalar pqs_fndsa_fxr_div_raw. */
static void check_fxr_div(void)
{
	static fxr a[2][512], b[512], a0[512];

	for (int rep = 0; rep < 40; rep++) {
		int ok = 1;

		for (size_t i = 0; i < 512; i++) {
			uint64_t r = rnd();
			unsigned shift = (unsigned)(rnd() % 40);
			/* Numerators up to ~2^40 in magnitude, denominators
			 * positive (self-adjoint: real, > 0) from 1 up. */
			a0[i].v = rep == 0 ? 0 : (uint64_t)((int64_t)(r >> 20) >> shift) * ((i & 1) ? 1 : (uint64_t)-1);
			b[i].v = rep == 1 ? 1 : ((rnd() >> (20 + shift)) | 1);
		}
		for (int pass = 0; pass < 2; pass++) {
			memcpy(a[pass], a0, sizeof a0);
			pqs_mp31_allow_avx2(pass);
			pqs_fndsa_fxr_div_selfadj_fft(9, a[pass], b);
		}
		pqs_mp31_allow_avx2(1);
		for (size_t i = 0; i < 512; i++) {
			ok &= a[0][i].v == a[1][i].v && a[1][i].v == pqs_fndsa_fxr_div_raw(a0[i].v, b[i & 255].v);
		}
		TU_CHECK(ok, "fxr division rep %d", rep);
		compared++;
	}
}

int main(void)
{
	pqs_mp31_allow_avx2(1);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
	printf("AVX2 path %s\n",
	       pqs_mp31_uses_avx2() ? "compared with the portable one" : "off (no AVX2 CPU, or PQSIG_NO_SIMD=1)");
#endif
	pqs_mp31_allow_avx2(0);
	TU_CHECK(!pqs_mp31_uses_avx2(), "allow_avx2(0) selects the portable path");
	pqs_mp31_allow_avx2(1);

	check_mod_many();
	check_weights();
	check_crt();
	check_crt_wm();
	check_crt_few();
	check_mkgm_ntt();
	check_ntt_product();
	check_scaled();
	check_schoolbook();
	check_fxr_div();
	TU_CHECK(compared == 14 * 6 * 4 + 116 + 10 * 10 * 2 + 11 * 3 * (1 + 3 * 3 * 2) + 800 + 2 * 120 + 40 +
				     5 * 4 * 2 + 10 * 15 * 2 + 10 * 3 * 2 * 2,
		 "%lu comparisons", compared);
	return tu_finish("test_fndsa_keygen_avx2");
}
