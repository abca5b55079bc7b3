/*
 * Four tweakable hashes at once (FIPS 205 section 11.1, SHAKE sets): four
 * independent one-block SHAKE256 calls share one AVX2 Keccak-f[1600]
 * evaluation, lane j of every 256-bit word belonging to call j.  WOTS+
 * uses it for four chains in step.  Chosen at run time; without AVX2, for
 * the SHA2 sets and for inputs longer than one block it falls back to four
 * calls of pqs_slhdsa_thash, so the bytes are the same either way.
 */
#include <string.h>

#include "pqsig/rand.h"
#include "slhdsa/inner.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SLH_X4_AVX2_BUILD 1
#include <immintrin.h>
#include <stdatomic.h>

#define AVX2 __attribute__((target("avx2")))

static const uint64_t round_constants[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/*
 * rho and pi (FIPS 202 sections 3.2.2 and 3.2.3) walked as one cycle over
 * the lanes (index x + 5y): lane pi_lane[i] receives the previous lane
 * rotated by rho_offset[i].
 */
static const unsigned rho_offset[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                        27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const unsigned pi_lane[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                     15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

#define rol64x4(x, n) _mm256_or_si256(_mm256_slli_epi64((x), (int)(n)), _mm256_srli_epi64((x), 64 - (int)(n)))

/* Keccak-f[1600] (FIPS 202 section 3.3) on four states, one per 64-bit lane of each word. */
AVX2 static void keccak_f1600_x4(__m256i s[25])
{
	for (unsigned round = 0; round < 24; round++) {
		__m256i c[5], d[5], t;
		/* theta (loops fully unrolled so that every rotation is by a constant) */
#pragma GCC unroll 5
		for (unsigned x = 0; x < 5; x++)
			c[x] = _mm256_xor_si256(_mm256_xor_si256(s[x], s[x + 5]),
			                        _mm256_xor_si256(_mm256_xor_si256(s[x + 10], s[x + 15]), s[x + 20]));
#pragma GCC unroll 5
		for (unsigned x = 0; x < 5; x++)
			d[x] = _mm256_xor_si256(c[(x + 4) % 5], rol64x4(c[(x + 1) % 5], 1));
#pragma GCC unroll 25
		for (unsigned i = 0; i < 25; i++)
			s[i] = _mm256_xor_si256(s[i], d[i % 5]);
		/* rho and pi */
		t = s[1];
#pragma GCC unroll 24
		for (unsigned i = 0; i < 24; i++) {
			const __m256i next = s[pi_lane[i]];
			s[pi_lane[i]] = rol64x4(t, rho_offset[i]);
			t = next;
		}
		/* chi */
#pragma GCC unroll 5
		for (unsigned y = 0; y < 25; y += 5) {
			const __m256i r0 = s[y], r1 = s[y + 1], r2 = s[y + 2], r3 = s[y + 3], r4 = s[y + 4];
			s[y] = _mm256_xor_si256(r0, _mm256_andnot_si256(r1, r2));
			s[y + 1] = _mm256_xor_si256(r1, _mm256_andnot_si256(r2, r3));
			s[y + 2] = _mm256_xor_si256(r2, _mm256_andnot_si256(r3, r4));
			s[y + 3] = _mm256_xor_si256(r3, _mm256_andnot_si256(r4, r0));
			s[y + 4] = _mm256_xor_si256(r4, _mm256_andnot_si256(r0, r1));
		}
		/* iota */
		s[0] = _mm256_xor_si256(s[0], _mm256_set1_epi64x((long long)round_constants[round]));
	}
}

#define SHAKE256_RATE 136

/* Load a little-endian 64-bit word (this path is x86-64 only: the host is little-endian). */
static uint64_t load64_le(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* Four one-block SHAKE256(PK.seed || ADRS_j || M_j, 8n) with the padding of FIPS 202. */
AVX2 static void shake_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
                          const uint8_t *const in[4], size_t in_len)
{
	const unsigned n = c->p->n;
	const size_t total = n + sizeof adrs[0]->b + in_len;
	uint8_t block[4][SHAKE256_RATE];
	__m256i s[25];
	for (unsigned j = 0; j < 4; j++) {
		if (!out[j]) {
			memset(block[j], 0, sizeof block[j]); /* idle lane */
			continue;
		}
		memcpy(block[j], c->pk_seed, n);
		memcpy(block[j] + n, adrs[j]->b, sizeof adrs[j]->b);
		memcpy(block[j] + n + sizeof adrs[j]->b, in[j], in_len);
		memset(block[j] + total, 0, SHAKE256_RATE - total);
		block[j][total] ^= 0x1F;
		block[j][SHAKE256_RATE - 1] ^= 0x80;
	}
	for (unsigned i = 0; i < 25; i++) {
		if (i < SHAKE256_RATE / 8)
			s[i] = _mm256_set_epi64x((long long)load64_le(block[3] + 8 * i), (long long)load64_le(block[2] + 8 * i),
			                         (long long)load64_le(block[1] + 8 * i), (long long)load64_le(block[0] + 8 * i));
		else
			s[i] = _mm256_setzero_si256();
	}
	keccak_f1600_x4(s);
	for (unsigned i = 0; i < (n + 7) / 8; i++) {
		uint64_t lanes[4];
		_mm256_storeu_si256((__m256i *)lanes, s[i]);
		for (unsigned j = 0; j < 4; j++)
			for (unsigned b = 0; b < 8 && 8 * i + b < n && out[j]; b++)
				out[j][8 * i + b] = (uint8_t)(lanes[j] >> (8 * b));
	}
	pqs_zeroize(block, sizeof block);
	pqs_zeroize(s, sizeof s);
}

/* -1: not probed; 0: off (no AVX2, or disabled); 1: on. */
static _Atomic int avx2_state = -1;

static int avx2_usable(void)
{
	int state = atomic_load_explicit(&avx2_state, memory_order_relaxed);
	if (state < 0) {
		state = __builtin_cpu_supports("avx2") ? 1 : 0;
		atomic_store_explicit(&avx2_state, state, memory_order_relaxed);
	}
	return state;
}
#else
#define SLH_X4_AVX2_BUILD 0
#endif

int pqs_slhdsa_use_avx2(int allow)
{
#if SLH_X4_AVX2_BUILD
	atomic_store_explicit(&avx2_state, allow ? -1 : 0, memory_order_relaxed);
	return avx2_usable();
#else
	(void)allow;
	return 0;
#endif
}

void pqs_slhdsa_thash_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
                         const uint8_t *const in[4], unsigned blocks)
{
#if SLH_X4_AVX2_BUILD
	/* Only the AVX2 path needs it: a non-x86 build would warn (unused variable). */
	const size_t in_len = (size_t)blocks * c->p->n;

	if (!c->p->sha2 && c->p->n + sizeof adrs[0]->b + in_len < SHAKE256_RATE && avx2_usable()) {
		shake_x4(c, out, adrs, in, in_len);
		return;
	}
#endif
	for (unsigned j = 0; j < 4; j++)
		if (out[j])
			pqs_slhdsa_thash(c, out[j], adrs[j], in[j], blocks);
}
