/*
 * The AVX2 signing / verifying passes (src/mldsa/rounding_avx2.c,
 * src/mldsa/pack_sig_avx2.c) against the portable code, directly, on
 * random and boundary inputs:
 *  - Decompose (FIPS 204 Algorithm 36) and UseHint (Algorithm 40, both hint
 *    values): every r in [0, q), for both gamma2, so r = 0, q - 1, the
 *    multiples of 2 gamma2 and the step-4 corner are all in;
 *  - MakeHint (Algorithm 39): a0 at and around +-gamma2, a1 zero or not;
 *  - the infinity-norm check at |x| = bound - 1 and bound in every lane;
 *  - reduce32 and caddq at their input bounds;
 *  - w1Encode (Algorithm 28), z packing (Algorithm 26) and the whole
 *    sigEncode with HintBitPack (Algorithm 20) at 0, omega and more hints;
 *  - SampleInBall (Algorithm 29) for tau = 39, 49, 60 on random c~.
 * The portable results come from the same entry points with
 * pqs_simd_force_portable(1), or from the inline scalar functions of
 * rounding.h and reduce.h.  Without AVX2 (or PQSIG_NO_SIMD=1) there is
 * nothing to compare and the program says so.
 */
#include <stdio.h>
#include <string.h>

#include "core/simd.h"
#include "mldsa/pack_sig_avx2.h"
#include "mldsa/packing.h"
#include "mldsa/params.h"
#include "mldsa/reduce.h"
#include "mldsa/rounding.h"
#include "mldsa/rounding_avx2.h"
#include "mldsa_test.h"
#include "testutil.h"

#define Q MLDSA_Q

#if MLDSA_AVX2_BUILD

static const int32_t gamma2s[2] = { (Q - 1) / 88, (Q - 1) / 32 };

/* Uniform in [lo, hi]. */
static int32_t rnd_range(int32_t lo, int32_t hi)
{
	return lo + (int32_t)(mt_rnd32() % (uint32_t)(hi - lo + 1));
}

static void test_decompose_use_hint_exhaustive(void)
{
	for (int g = 0; g < 2; g++) {
		const int32_t gamma2 = gamma2s[g];
		unsigned long compared = 0, bad_dec = 0, bad_hint = 0;
		mldsa_poly a, a1, a0, h, b;
		for (int32_t start = 0; start < Q; start += MLDSA_N) {
			/* The last block runs past q - 1; it is filled with q - 1 again. */
			for (int i = 0; i < MLDSA_N; i++) {
				a.coeffs[i] = start + i < Q ? start + i : Q - 1;
				h.coeffs[i] = (start + i) & 1;
			}
			pqs_mldsa_poly_decompose_avx2(&a1, &a0, &a, gamma2);
			for (int i = 0; i < MLDSA_N && start + i < Q; i++) {
				int32_t r0;
				const int32_t r1 = mldsa_decompose(&r0, a.coeffs[i], gamma2);
				bad_dec += r1 != a1.coeffs[i] || r0 != a0.coeffs[i];
				compared++;
			}
			/* UseHint with the hint set on odd r, then on even r, each against the scalar form. */
			for (int flip = 0; flip < 2; flip++) {
				pqs_mldsa_poly_use_hint_avx2(&b, &a, &h, gamma2);
				for (int i = 0; i < MLDSA_N; i++) {
					bad_hint += b.coeffs[i] != mldsa_use_hint(a.coeffs[i], h.coeffs[i], gamma2);
					h.coeffs[i] ^= 1;
				}
			}
		}
		TU_CHECK(compared == (unsigned long)Q && bad_dec == 0,
			 "AVX2 Decompose equals the portable one on all %lu r in [0, q), gamma2 = %ld (%lu differ)",
			 compared, (long)gamma2, bad_dec);
		TU_CHECK(bad_hint == 0, "AVX2 UseHint equals the portable one on all r, both hints, gamma2 = %ld",
			 (long)gamma2);
	}
	/* In place (b = a), as verification calls it. */
	mldsa_poly a, h, ref;
	for (int i = 0; i < MLDSA_N; i++) {
		a.coeffs[i] = rnd_range(0, Q - 1);
		h.coeffs[i] = (int32_t)(mt_rnd32() & 1);
		ref.coeffs[i] = mldsa_use_hint(a.coeffs[i], h.coeffs[i], gamma2s[0]);
	}
	pqs_mldsa_poly_use_hint_avx2(&a, &a, &h, gamma2s[0]);
	TU_CHECK(memcmp(&a, &ref, sizeof a) == 0, "AVX2 UseHint in place");
}

static void test_make_hint(void)
{
	for (int g = 0; g < 2; g++) {
		const int32_t gamma2 = gamma2s[g], m = (Q - 1) / (2 * gamma2);
		const int32_t edges[] = { -gamma2 - 1, -gamma2, -gamma2 + 1, 0, gamma2 - 1, gamma2, gamma2 + 1 };
		unsigned long bad = 0, ones = 0, iters = 0;
		for (int iter = 0; iter < 400; iter++, iters++) {
			mldsa_poly a0, a1, h1, h2;
			for (int i = 0; i < MLDSA_N; i++) {
				/* Half the lanes on the edges, a1 = 0 on a quarter of them. */
				a0.coeffs[i] =
					(mt_rnd32() & 1) ? edges[mt_rnd32() % 7] : rnd_range(-(1 << 24), 1 << 24);
				a1.coeffs[i] = (mt_rnd32() & 3) ? rnd_range(0, m - 1) : 0;
			}
			const unsigned n_avx2 = pqs_mldsa_poly_make_hint_avx2(&h1, &a0, &a1, gamma2);
			pqs_simd_force_portable(1);
			const unsigned n_portable = pqs_mldsa_poly_make_hint(&h2, &a0, &a1, gamma2);
			pqs_simd_force_portable(0);
			bad += n_avx2 != n_portable || memcmp(&h1, &h2, sizeof h1) != 0;
			ones += n_avx2;
		}
		/* Both outcomes occur often: the comparison is not vacuous. */
		TU_CHECK(bad == 0 && ones > iters * 40 && ones < iters * 216,
			 "AVX2 MakeHint equals the portable one (bits and count), gamma2 = %ld: %lu of %lu differ",
			 (long)gamma2, bad, iters);
	}
	/* All 256 set and none set: the count spans its whole range. */
	mldsa_poly a0, a1, h;
	for (int i = 0; i < MLDSA_N; i++) {
		a0.coeffs[i] = gamma2s[0] + 1;
		a1.coeffs[i] = 0;
	}
	const unsigned all = pqs_mldsa_poly_make_hint_avx2(&h, &a0, &a1, gamma2s[0]);
	memset(&a0, 0, sizeof a0);
	const unsigned none = pqs_mldsa_poly_make_hint_avx2(&h, &a0, &a1, gamma2s[0]);
	TU_CHECK(all == MLDSA_N && none == 0, "AVX2 MakeHint counts 256 and 0 (%u, %u)", all, none);
}

static void test_chknorm(void)
{
	const int32_t bounds[] = { (1 << 17) - 78, (1 << 19) - 196, (Q - 1) / 88 - 78, (Q - 1) / 32 - 196, 1 };
	unsigned long bad = 0, flagged = 0, cases = 0;
	for (unsigned b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
		const int32_t bound = bounds[b];
		for (int lane = 0; lane < MLDSA_N; lane++) {
			/* Everything inside but one coefficient at -bound, -(bound-1), bound-1 or bound. */
			const int32_t probe[4] = { -bound, -(bound - 1), bound - 1, bound };
			for (int k = 0; k < 4; k++, cases++) {
				mldsa_poly a;
				for (int i = 0; i < MLDSA_N; i++)
					a.coeffs[i] = rnd_range(-(bound - 1), bound - 1);
				a.coeffs[lane] = probe[k];
				const unsigned v = pqs_mldsa_poly_chknorm_avx2(&a, bound);
				pqs_simd_force_portable(1);
				bad += v != pqs_mldsa_poly_chknorm(&a, bound);
				pqs_simd_force_portable(0);
				flagged += v;
			}
		}
	}
	/* Exactly the probes at |x| = bound are out of range: half the cases. */
	TU_CHECK(bad == 0 && flagged * 2 == cases,
		 "AVX2 infinity-norm check equals the portable one at the bounds in every lane (%lu of %lu flagged)",
		 flagged, cases);
}

static void test_reduce_caddq(void)
{
	/* reduce32 accepts a <= 2^31 - 2^22 - 1; caddq any reduce32 output. */
	const int32_t edges[] = { INT32_MIN, INT32_MIN + 1, -Q, -1, 0, 1, Q - 1, Q, INT32_MAX - (1 << 22) };
	unsigned long bad_red = 0, bad_cadd = 0;
	for (int iter = 0; iter < 200; iter++) {
		mldsa_poly a, r;
		for (int i = 0; i < MLDSA_N; i++)
			a.coeffs[i] = (i & 7) == 0
					      ? edges[mt_rnd32() % 9]
					      : (int32_t)(mt_rnd32() % 0xFFC00000u + 0x80000000u); /* up to the bound */
		r = a;
		pqs_mldsa_poly_reduce_avx2(&r);
		for (int i = 0; i < MLDSA_N; i++)
			bad_red += r.coeffs[i] != mldsa_reduce32(a.coeffs[i]);
		a = r;
		pqs_mldsa_poly_caddq_avx2(&r);
		for (int i = 0; i < MLDSA_N; i++)
			bad_cadd += r.coeffs[i] != mldsa_caddq(a.coeffs[i]) || r.coeffs[i] < 0 || r.coeffs[i] >= Q;
	}
	TU_CHECK(bad_red == 0, "AVX2 reduce32 equals the portable one over its input range (%lu differ)", bad_red);
	TU_CHECK(bad_cadd == 0, "AVX2 caddq equals the portable one (%lu differ)", bad_cadd);
}

static void test_w1_z_packing(void)
{
	uint8_t r1[640], r2[640];
	unsigned long bad_w1 = 0, bad_z = 0;
	for (int iter = 0; iter < 300; iter++) {
		mldsa_poly a;
		const int g = iter & 1;
		const int32_t m = (Q - 1) / (2 * gamma2s[g]);
		for (int i = 0; i < MLDSA_N; i++)
			a.coeffs[i] = iter % 5 == 0 ? m - 1 : rnd_range(0, m - 1);
		const size_t w1_len = (size_t)(g ? 128 : 192);
		memset(r1, 0xAA, sizeof r1);
		memset(r2, 0xAA, sizeof r2);
		pqs_mldsa_polyw1_pack_avx2(r1, &a, gamma2s[g]);
		pqs_simd_force_portable(1);
		pqs_mldsa_polyw1_pack(r2, &a, gamma2s[g]);
		pqs_simd_force_portable(0);
		/* Same bytes, and nothing written past the encoding. */
		bad_w1 += memcmp(r1, r2, sizeof r1) != 0 || r1[w1_len] != 0xAA;

		const int32_t gamma1 = g ? 1 << 19 : 1 << 17;
		const size_t z_len = (size_t)(g ? 640 : 576);
		for (int i = 0; i < MLDSA_N; i++) {
			const int edge = iter % 7;
			a.coeffs[i] = edge == 0 ? gamma1 : edge == 1 ? -gamma1 + 1 : rnd_range(-gamma1 + 1, gamma1);
		}
		memset(r1, 0x55, sizeof r1);
		memset(r2, 0x55, sizeof r2);
		pqs_mldsa_polyz_pack_avx2(r1, &a, gamma1);
		pqs_simd_force_portable(1);
		pqs_mldsa_polyz_pack(r2, &a, gamma1);
		pqs_simd_force_portable(0);
		bad_z += memcmp(r1, r2, sizeof r1) != 0 || (z_len < sizeof r1 && r1[z_len] != 0x55);
	}
	TU_CHECK(bad_w1 == 0, "AVX2 w1Encode equals the portable one (4 and 6 bits, %lu of 300 differ)", bad_w1);
	TU_CHECK(bad_z == 0, "AVX2 z packing equals the portable one (18 and 20 bits, %lu of 300 differ)", bad_z);
}

/* sigEncode on both paths with `ones` hint bits spread over the k polynomials. */
static int pack_sig_agrees(const mldsa_params *p, unsigned ones)
{
	static mldsa_poly z[MLDSA_L_MAX], h[MLDSA_K_MAX];
	uint8_t ctilde[MLDSA_CTILDE_MAX], s1[5000], s2[5000];
	for (unsigned i = 0; i < sizeof ctilde; i++)
		ctilde[i] = (uint8_t)mt_rnd32();
	for (unsigned j = 0; j < p->l; j++)
		for (int i = 0; i < MLDSA_N; i++)
			z[j].coeffs[i] = rnd_range(-p->gamma1 + 1, p->gamma1);
	memset(h, 0, sizeof h);
	for (unsigned placed = 0; placed < ones;) {
		mldsa_poly *hp = &h[mt_rnd32() % p->k];
		const unsigned pos = mt_rnd32() % MLDSA_N;
		if (!hp->coeffs[pos]) {
			hp->coeffs[pos] = 1;
			placed++;
		}
	}
	pqs_mldsa_pack_sig(p, s1, ctilde, z, h);
	pqs_simd_force_portable(1);
	pqs_mldsa_pack_sig(p, s2, ctilde, z, h);
	pqs_simd_force_portable(0);
	/* Same bytes; the last running count is `ones`, and the hint decodes back to h. */
	mldsa_poly z2[MLDSA_L_MAX], h2[MLDSA_K_MAX];
	uint8_t ct2[MLDSA_CTILDE_MAX];
	return memcmp(s1, s2, p->sig_bytes) == 0 && s1[p->sig_bytes - 1] == ones &&
	       pqs_mldsa_unpack_sig(p, ct2, z2, h2, s1) == 0 && memcmp(h2, h, p->k * sizeof(mldsa_poly)) == 0;
}

static void test_pack_sig(void)
{
	const pqs_mldsa_set sets[3] = { PQS_MLDSA_44, PQS_MLDSA_65, PQS_MLDSA_87 };
	for (int s = 0; s < 3; s++) {
		const mldsa_params *p = pqs_mldsa_params_get(sets[s]);
		unsigned ok = 0;
		const unsigned counts[4] = { 0, 1, p->omega - 1, p->omega };
		for (int c = 0; c < 4; c++)
			for (int iter = 0; iter < 25; iter++)
				ok += (unsigned)pack_sig_agrees(p, counts[c]);
		TU_CHECK(ok == 100,
			 "ML-DSA-%d sigEncode: AVX2 hint positions and z packing equal the portable bytes "
			 "with 0, 1, omega - 1 and omega hints (%u of 100)",
			 (int)sets[s], ok);
	}
	/* Every coefficient set (beyond omega: the position walk alone, all 256 indices in order). */
	mldsa_poly h;
	uint8_t pos[MLDSA_N];
	for (int i = 0; i < MLDSA_N; i++)
		h.coeffs[i] = 1;
	int in_order = pqs_mldsa_hint_positions_avx2(pos, &h) == MLDSA_N;
	for (int i = 0; i < MLDSA_N && in_order; i++)
		in_order = pos[i] == i;
	TU_CHECK(in_order, "AVX2 hint positions of a full polynomial are 0..255");
}

static void test_challenge(void)
{
	const unsigned taus[3] = { 39, 49, 60 }, lens[3] = { 32, 48, 64 };
	unsigned same = 0, weight_ok = 0, runs = 0;
	for (int iter = 0; iter < 600; iter++, runs++) {
		uint8_t ctilde[64];
		mldsa_poly c1, c2;
		for (unsigned i = 0; i < sizeof ctilde; i++)
			ctilde[i] = (uint8_t)mt_rnd32();
		const unsigned tau = taus[iter % 3], len = lens[iter % 3];
		pqs_mldsa_poly_challenge(&c1, ctilde, len, tau);
		pqs_simd_force_portable(1);
		pqs_mldsa_poly_challenge(&c2, ctilde, len, tau);
		pqs_simd_force_portable(0);
		same += memcmp(&c1, &c2, sizeof c1) == 0;
		unsigned w = 0;
		for (int i = 0; i < MLDSA_N; i++)
			w += c1.coeffs[i] != 0;
		weight_ok += w == tau;
	}
	TU_CHECK(same == runs && weight_ok == runs,
		 "AVX2 SampleInBall equals the portable one, tau nonzero coefficients (%u, %u of %u)", same, weight_ok,
		 runs);
}

int main(void)
{
	if (!pqs_simd_avx2()) {
		printf("AVX2 not in use (CPU or PQSIG_NO_SIMD=1): nothing to compare\n");
		return tu_finish("test_mldsa_avx2");
	}
	test_decompose_use_hint_exhaustive();
	test_make_hint();
	test_chknorm();
	test_reduce_caddq();
	test_w1_z_packing();
	test_pack_sig();
	test_challenge();
	return tu_finish("test_mldsa_avx2");
}

#else

int main(void)
{
	printf("AVX2 path not built: nothing to compare\n");
	return tu_finish("test_mldsa_avx2");
}

#endif
