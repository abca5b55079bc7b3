/*
 * Hawk's run-time AVX2 paths give the same bytes as the portable C
 * (pqs_simd_force_portable switches in one process):
 *   - the Gaussian sampler (four-way SHAKE256 and the table loops),
 *     Hawk-256/512/1024, random prefixes, seeds and parity bits;
 *   - t = B*h mod 2, also checked against a bit-by-bit schoolbook product;
 *   - the forward NTT modulo both primes (pqs_hawk_ntt), logn 3..10,
 *     against pqs_mp31_NTT with mp31's own AVX2 path off;
 *   - the verifier's Montgomery conversion and Q-norm slot terms.
 * On a CPU without AVX2 both runs take the portable path (the schoolbook
 * comparison still checks the product).
 */
#include <string.h>

#include "core/simd.h"
#include "fndsa/keygen_inner.h"
#include "hawk/inner.h"
#include "testutil.h"

#define CASES 20

static uint64_t rng_state = 0x243F6A8885A308D3u;

static uint64_t next64(void)
{
	return tu_xorshift64(&rng_state);
}

static void fill(void *p, size_t len)
{
	uint8_t *b = p;
	size_t i;

	for (i = 0; i < len; i++) {
		b[i] = (uint8_t)(next64() >> 24);
	}
}

static int sampler_same(unsigned logn)
{
	const pqs_hawk_params *prm = pqs_hawk_params_get(logn);
	size_t n = (size_t)1 << logn, prefix_len = 64 + PQS_HAWK_SEED_LEN(logn) + 4;
	uint8_t prefix[PQS_HAWK_SAMPLER_PREFIX_MAX], seed[40], t[2 * PQS_HAWK_MAX_N / 8];
	int8_t xa[2 * PQS_HAWK_MAX_N], xp[2 * PQS_HAWK_MAX_N];
	uint32_t na, np, sq = 0;
	size_t u;

	fill(prefix, sizeof prefix);
	fill(seed, sizeof seed);
	fill(t, sizeof t);
	pqs_simd_force_portable(0);
	na = pqs_hawk_sample(xa, prefix, prefix_len, seed, t, prm);
	pqs_simd_force_portable(1);
	np = pqs_hawk_sample(xp, prefix, prefix_len, seed, t, prm);
	pqs_simd_force_portable(0);
	for (u = 0; u < 2 * n; u++) {
		/* 2x has the parity of t. */
		if (((xa[u] ^ (t[u >> 3] >> (u & 7))) & 1) != 0) {
			return 0;
		}
		sq += (uint32_t)(xa[u] * xa[u]);
	}
	return na == np && na == sq && memcmp(xa, xp, 2 * n) == 0;
}

/* Bit i of the n-bit polynomial a (words). */
static unsigned bit(const uint64_t *a, size_t i)
{
	return (unsigned)(a[i >> 6] >> (i & 63)) & 1;
}

/* d = a*b mod (2, x^n+1), bit by bit. */
static void schoolbook(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t n)
{
	size_t i, j;

	memset(d, 0, n / 8);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			size_t k = (i + j) % n;

			d[k >> 6] ^= (uint64_t)(bit(a, i) & bit(b, j)) << (k & 63);
		}
	}
}

static int tmul_same(unsigned logn)
{
	size_t n = (size_t)1 << logn, words = n / 64, u;
	pqs_hawk_gf2_basis b;
	uint64_t h0[PQS_HAWK_MAX_N / 64], h1[PQS_HAWK_MAX_N / 64];
	uint64_t ta[2 * PQS_HAWK_MAX_N / 64], tp[2 * PQS_HAWK_MAX_N / 64], tr[2 * PQS_HAWK_MAX_N / 64];
	uint64_t p1[PQS_HAWK_MAX_N / 64], p2[PQS_HAWK_MAX_N / 64];

	fill(&b, sizeof b);
	fill(h0, sizeof h0);
	fill(h1, sizeof h1);
	pqs_simd_force_portable(0);
	pqs_hawk_gf2_tmul(ta, ta + words, &b, h0, h1, n);
	pqs_simd_force_portable(1);
	pqs_hawk_gf2_tmul(tp, tp + words, &b, h0, h1, n);
	pqs_simd_force_portable(0);
	schoolbook(p1, b.f, h0, n);
	schoolbook(p2, b.F, h1, n);
	for (u = 0; u < words; u++) {
		tr[u] = p1[u] ^ p2[u];
	}
	schoolbook(p1, b.g, h0, n);
	schoolbook(p2, b.G, h1, n);
	for (u = 0; u < words; u++) {
		tr[words + u] = p1[u] ^ p2[u];
	}
	return memcmp(ta, tp, 2 * words * 8) == 0 && memcmp(ta, tr, 2 * words * 8) == 0;
}

/* Random residues (and the extreme values 0, p-1) through both NTTs. */
static int ntt_same(unsigned logn, unsigned pi)
{
	size_t n = (size_t)1 << logn, u;
	uint32_t p = pqs_mp31_primes[pi].p;
	uint32_t a[PQS_HAWK_MAX_N], b[PQS_HAWK_MAX_N];

	for (u = 0; u < n; u++) {
		a[u] = (uint32_t)(next64() % p);
	}
	a[0] = 0;
	a[n - 1] = p - 1;
	memcpy(b, a, n * sizeof *a);
	pqs_simd_force_portable(0);
	pqs_hawk_ntt(a, logn, pi);
	pqs_mp31_allow_avx2(0);
	pqs_mp31_NTT(b, 1, pqs_hawk_gm[pi], logn, p, pqs_mp31_ninv31(p));
	pqs_mp31_allow_avx2(1);
	return memcmp(a, b, n * sizeof *a) == 0;
}

/* The verifier's loops on random residues, both paths. */
static int verify_loops_same(unsigned logn, unsigned pi)
{
	size_t n = (size_t)1 << logn, u;
	uint32_t p = pqs_mp31_primes[pi].p;
	uint32_t v[5][PQS_HAWK_MAX_N], a[PQS_HAWK_MAX_N], b[PQS_HAWK_MAX_N];
	uint64_t sa, sp;
	int i;

	for (i = 0; i < 5; i++) {
		for (u = 0; u < n; u++) {
			v[i][u] = (uint32_t)(next64() % p);
		}
	}
	v[0][0] = p - 1;
	memcpy(a, v[0], n * sizeof *a);
	memcpy(b, v[0], n * sizeof *b);
	pqs_simd_force_portable(0);
	pqs_hawk_to_montgomery(a, n, pi);
	sa = pqs_hawk_slot_pair_terms(v[0], v[1], v[2], v[3], v[4], logn, pi);
	pqs_simd_force_portable(1);
	pqs_hawk_to_montgomery(b, n, pi);
	sp = pqs_hawk_slot_pair_terms(v[0], v[1], v[2], v[3], v[4], logn, pi);
	pqs_simd_force_portable(0);
	return sa == sp && memcmp(a, b, n * sizeof *a) == 0;
}

int main(void)
{
	unsigned logn, pi;
	int i, same_sampler = 0, same_tmul = 0, same_ntt = 0, same_vrfy = 0, cases = 0, ntt_cases = 0;

	for (logn = 8; logn <= 10; logn++) {
		for (i = 0; i < CASES; i++) {
			same_sampler += sampler_same(logn);
			same_tmul += tmul_same(logn);
			cases++;
		}
	}
	for (logn = 3; logn <= 10; logn++) {
		for (pi = 0; pi < 2; pi++) {
			for (i = 0; i < CASES; i++) {
				same_ntt += ntt_same(logn, pi);
				same_vrfy += verify_loops_same(logn, pi);
				ntt_cases++;
			}
		}
	}
	TU_CHECK(ntt_cases == 16 * CASES && same_ntt == ntt_cases, "NTT: %d of %d cases identical", same_ntt,
		 ntt_cases);
	TU_CHECK(same_vrfy == ntt_cases, "verifier loops: %d of %d cases identical", same_vrfy, ntt_cases);
	TU_CHECK(cases == 3 * CASES && same_sampler == cases, "sampler: %d of %d cases identical", same_sampler, cases);
	TU_CHECK(same_tmul == cases, "B*h mod 2: %d of %d cases identical to the schoolbook product", same_tmul, cases);
	return tu_finish("test_hawk_avx2");
}
