/*
 * The sampler's building blocks against their mathematical definitions
 * (the KAT signatures check bit-exactness; these tests localise errors):
 * the vectorised ChaCha20 refill equals the plain C one; BaseSampler
 * frequencies match the RCDT probabilities (spec Table 3.1); ApproxExp
 * matches ccs*exp(-x) to 2^-40; SamplerZ has the requested mean and
 * variance.  Deterministic seeds: no flaky outcomes.
 */
#include <math.h>
#include <string.h>

#include "fndsa/inner.h"
#include "testutil.h"

static void
seeded(fndsa_prng *p, uint8_t tag)
{
	pqs_keccak sc;
	uint8_t seed[48];
	memset(seed, tag, sizeof seed);
	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, seed, sizeof seed);
	pqs_fndsa_prng_init(p, &sc);
}

int
main(void)
{
	fndsa_prng p, q;

	/* Refill implementations agree (including the counter carry into
	 * the high word). */
	{
		int ok = 1;
		seeded(&p, 1);
		for (int i = 0; i < 50; i++) {
			q = p;
			if (i == 25) {
				p.cc = q.cc = 0xFFFFFFFDu; /* low word wraps inside a refill */
			}
			pqs_fndsa_prng_refill(&p);
			pqs_fndsa_prng_refill_generic(&q);
			ok &= memcmp(p.buf, q.buf, sizeof p.buf) == 0 && p.cc == q.cc;
		}
		TU_CHECK(ok, "vector and generic ChaCha20 refills agree");
	}

	/* BaseSampler: P(z >= k) = RCDT[k-1] / 2^72. */
	{
		static const double rcdt_hi[] = { /* RCDT[k] / 2^72, from Table 3.1 */
			10745844.0 / 16777216 + 3068844.0 / 281474976710656.0,
			5559083.0 / 16777216, 2260429.0 / 16777216, 708981.0 / 16777216,
			169348.0 / 16777216, 30538.0 / 16777216, 4132.0 / 16777216,
		};
		const long N = 400000;
		long ge[8] = { 0 };
		seeded(&p, 2);
		for (long i = 0; i < N; i++) {
			int z = pqs_fndsa_gaussian0(&p);
			for (int k = 1; k < 8; k++) {
				ge[k] += z >= k;
			}
		}
		int ok = 1;
		for (int k = 1; k < 8; k++) {
			double pk = rcdt_hi[k - 1];
			double sd = sqrt(N * pk * (1 - pk));
			ok &= fabs((double)ge[k] - N * pk) < 5 * sd + 1;
		}
		TU_CHECK(ok, "BaseSampler frequencies");
	}

	/* ApproxExp. */
	{
		int ok = 1;
		seeded(&p, 3);
		for (int i = 0; i < 20000; i++) {
			double x = (double)(fndsa_prng_get_u64(&p) >> 11) * 0x1p-53 * 0.6931471805599453;
			double c = 0.3 + 0.7 * (double)(fndsa_prng_get_u64(&p) >> 11) * 0x1p-53;
			fpr fx = fpr_scaled((int64_t)(x * 0x1p52), -52);
			fpr fc = fpr_scaled((int64_t)(c * 0x1p52), -52);
			double xr = ldexp((double)(int64_t)(x * 0x1p52), -52);
			double cr = ldexp((double)(int64_t)(c * 0x1p52), -52);
			double got = (double)pqs_fndsa_expm_p63(fx, fc) * 0x1p-63;
			ok &= fabs(got - cr * exp(-xr)) < 0x1p-40;
		}
		TU_CHECK(ok, "ApproxExp within 2^-40 of ccs*exp(-x)");
	}

	/* SamplerZ: mean and variance for a few centres and deviations. */
	{
		static const double mus[] = { 0.25, -17.75, 1234.5 }; /* exact in quarters */
		static const double sigmas[] = { 1.3, 1.6, 1.8 };
		fndsa_sampler_ctx spc;
		seeded(&spc.p, 4);
		spc.sigma_min = pqs_fpr_sigma_min[9];
		spc.fn_draft = 0;
		for (int c = 0; c < 3; c++) {
			const long N = 60000;
			double s1 = 0, s2 = 0;
			fpr mu = fpr_scaled((int64_t)(mus[c] * 4), -2);
			fpr isig = fpr_div(fpr_one, fpr_scaled((int64_t)(sigmas[c] * 10), 0));
			isig = fpr_mul(isig, fpr_of(10));
			for (long i = 0; i < N; i++) {
				double z = pqs_fndsa_samplerZ(&spc, mu, isig) - mus[c];
				s1 += z;
				s2 += z * z;
			}
			double mean = s1 / N, var = s2 / N - mean * mean;
			double want = sigmas[c] * sigmas[c];
			TU_CHECK(fabs(mean) < 0.03 && fabs(var - want) < 0.04 * want,
				"SamplerZ mu=%g sigma=%g: mean %+.4f var %.4f (want %.4f)",
				mus[c], sigmas[c], mean, var, want);
		}
	}
	return tu_finish("test_fndsa_sampler");
}
