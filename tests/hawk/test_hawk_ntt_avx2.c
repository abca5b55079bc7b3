/*
 * The AVX2 path of the mod-p NTT (src/fndsa/mp31.c, used by Hawk's
 * products and verification, and by NTRUSolve) gives the same words as
 * the portable code: forward and inverse transforms of random vectors,
 * logn 1..10, the first four RNS primes.  On a CPU without AVX2 both runs
 * take the portable path (the test then only checks the round trip).
 * Also: Hawk's generated twiddle tables (src/hawk/ntt_tables.c) are those
 * of pqs_mp31_mkgm for both of its primes and every logn.
 */
#include <string.h>

#include "fndsa/keygen_inner.h"
#include "hawk/inner.h"
#include "testutil.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint32_t next32(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

int main(void)
{
	static uint32_t gm[1024], igm[1024], a[1024], b[1024], c[1024];
	unsigned logn, pi;
	int rounds, same = 0, cases = 0;

	for (logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn, u;

		for (pi = 0; pi < 4; pi++) {
			uint32_t p = pqs_mp31_primes[pi].p, p0i = pqs_mp31_ninv31(p);

			pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[pi], p0i);
			for (rounds = 0; rounds < 3; rounds++) {
				int ok;

				for (u = 0; u < n; u++) {
					a[u] = next32() % p;
				}
				memcpy(b, a, n * sizeof *a);
				memcpy(c, a, n * sizeof *a);
				pqs_mp31_allow_avx2(1);
				pqs_mp31_NTT(b, 1, gm, logn, p, p0i);
				pqs_mp31_allow_avx2(0);
				pqs_mp31_NTT(c, 1, gm, logn, p, p0i);
				ok = memcmp(b, c, n * sizeof *b) == 0;
				pqs_mp31_allow_avx2(1);
				pqs_mp31_iNTT(b, 1, igm, logn, p, p0i);
				pqs_mp31_allow_avx2(0);
				pqs_mp31_iNTT(c, 1, igm, logn, p, p0i);
				ok &= memcmp(b, c, n * sizeof *b) == 0;
				ok &= memcmp(a, b, n * sizeof *b) == 0;
				same += ok;
				cases++;
			}
		}
	}
	pqs_mp31_allow_avx2(1);
	/* Hawk's generated tables are mkgm's, for every logn, as prefixes. */
	{
		int tables = 0;

		for (logn = 1; logn <= 10; logn++) {
			size_t n = (size_t)1 << logn;

			for (pi = 0; pi < 2; pi++) {
				uint32_t p = pqs_mp31_primes[pi].p;

				pqs_mp31_mkgm(gm, igm, logn, &pqs_mp31_primes[pi], pqs_mp31_ninv31(p));
				tables += memcmp(gm, pqs_hawk_gm[pi], n * sizeof *gm) == 0 &&
					  memcmp(igm, pqs_hawk_igm[pi], n * sizeof *igm) == 0;
			}
		}
		TU_CHECK(tables == 20, "%d of 20 Hawk NTT tables equal to pqs_mp31_mkgm's", tables);
	}
	TU_CHECK(cases == 120 && same == cases, "%d of %d cases identical", same, cases);
	return tu_finish("test_hawk_ntt_avx2");
}
