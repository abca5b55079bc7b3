/*
 * The integer-only binary64 emulation (fpr_emu.c) must give the same bits
 * as the FPU (IEEE 754 round to nearest even, -ffp-contract=off) on the
 * domain Falcon uses: normal values and zeros, normal results.  Random
 * operands of many shapes plus hand-picked edge cases (ties, carries out
 * of the significand, cancellation, signed zeros, exact halves for rint).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fndsa/fpr.h"
#include "testutil.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t
rnd64(void)
{
	/* xorshift64*: deterministic test inputs. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717u;
}

static uint64_t
dbits(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

static double
bitsd(uint64_t b)
{
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

/* Random normal double with unbiased exponent in [lo, hi]. */
static double
rnd_double(int lo, int hi)
{
	uint64_t r = rnd64();
	int e = lo + (int)(rnd64() % (uint64_t)(hi - lo + 1));
	uint64_t frac = r & ((1ULL << 52) - 1);
	/* Sometimes all-ones or sparse significands, to provoke carries. */
	switch (rnd64() & 7) {
	case 0: frac = (1ULL << 52) - 1; break;
	case 1: frac &= 0xF000000000000ULL; break;
	case 2: frac |= 1; frac &= 0xFFFFFFFFFFFFFULL; break;
	default: break;
	}
	uint64_t b = ((rnd64() & 1) << 63) | ((uint64_t)(e + 1023) << 52) | frac;
	return bitsd(b);
}

static unsigned long fails;

static void
check_bin(const char *op, double a, double b, uint64_t got, double want)
{
	if (got != dbits(want)) {
		if (fails++ < 10) {
			TU_CHECK(0, "%s(%a, %a): emu %016llx native %016llx", op, a, b,
				(unsigned long long)got, (unsigned long long)dbits(want));
		}
	}
}

static void
check_all(double a, double b)
{
	uint64_t ba = dbits(a), bb = dbits(b);
	check_bin("add", a, b, pqs_fpr_emu_add(ba, bb), a + b);
	check_bin("sub", a, b, pqs_fpr_emu_add(ba, bb ^ (1ULL << 63)), a - b);
	check_bin("mul", a, b, pqs_fpr_emu_mul(ba, bb), a * b);
	if (b != 0) {
		check_bin("div", a, b, pqs_fpr_emu_div(ba, bb), a / b);
	}
	check_bin("sqrt", fabs(a), 0, pqs_fpr_emu_sqrt(dbits(fabs(a))), sqrt(fabs(a)));
	if (pqs_fpr_emu_lt(ba, bb) != (a < b)) {
		if (fails++ < 10) {
			TU_CHECK(0, "lt(%a, %a)", a, b);
		}
	}
}

static void
check_int(double a)
{
	/* Native references: nearbyint in the default rounding mode is
	 * round-half-even; floor/trunc are exact. */
	int64_t r = pqs_fpr_emu_rint(dbits(a));
	int64_t f = pqs_fpr_emu_floor(dbits(a));
	int64_t t = pqs_fpr_emu_trunc(dbits(a));
	if (r != (int64_t)nearbyint(a) || f != (int64_t)floor(a) || t != (int64_t)a) {
		if (fails++ < 10) {
			TU_CHECK(0, "rint/floor/trunc(%a): %lld %lld %lld", a,
				(long long)r, (long long)f, (long long)t);
		}
	}
#if !(defined(PQSIG_FALCON_FPEMU) && PQSIG_FALCON_FPEMU)
	/* The native backend's own constant-time rint/floor as well. */
	fpr x = { a };
	if (fpr_rint(x) != (int64_t)nearbyint(a) || fpr_floor(x) != (int64_t)floor(a)) {
		if (fails++ < 10) {
			TU_CHECK(0, "native fpr_rint/floor(%a)", a);
		}
	}
#endif
}

int
main(void)
{
	static const double edge[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0x1p-52, 0x1p+52,
		0x1.0000000000001p+0, 0x1.fffffffffffffp+0, 0x1.fffffffffffffp-1,
		0x1p-53, 0x1.8p-53, 12289.0, 1.0 / 12289.0, 0x1.6a09e667f3bcdp-1,
		4503599627370496.5, 4503599627370495.5, 0x1p+61, -0x1p+61, 1e-300, 1e300,
		0x1.fffffffffffffp+1023 / 0x1p+600, 0.49999999999999994, -0.49999999999999994,
	};
	size_t ne = sizeof edge / sizeof edge[0];

	for (size_t i = 0; i < ne; i++) {
		for (size_t j = 0; j < ne; j++) {
			double a = edge[i], b = edge[j];
			/* Keep to the normal range: skip products/quotients that
			 * overflow or underflow. */
			double p = a * b, q = (b != 0) ? a / b : 0;
			if (fabs(p) > 1e300 || (p != 0 && fabs(p) < 1e-300)
				|| fabs(q) > 1e300 || (q != 0 && fabs(q) < 1e-300)) {
				uint64_t ba = dbits(a), bb = dbits(b);
				check_bin("add", a, b, pqs_fpr_emu_add(ba, bb), a + b);
				continue;
			}
			check_all(a, b);
		}
		if (fabs(edge[i]) < 0x1p+62) {
			check_int(edge[i]);
		}
	}

	/* Random operands: wide exponents, and close exponents (cancellation). */
	for (int i = 0; i < 1000000; i++) {
		double a = rnd_double(-300, 300), b;
		switch (i & 3) {
		case 0: b = rnd_double(-300, 300); break;
		case 1: b = rnd_double(-2, 2) * a; break; /* close: cancellations */
		case 2: b = a * (1.0 + rnd_double(-60, -40)); break;
		default: b = rnd_double(-60, 60); break;
		}
		if (b == 0 || fabs(a / b) > 1e300 || fabs(a / b) < 1e-300) {
			continue;
		}
		check_all(a, b);
	}

	/* Integer conversions. */
	for (int i = 0; i < 300000; i++) {
		double a;
		switch (i & 3) {
		case 0: a = rnd_double(-70, 61); break;
		case 1: a = (double)(int64_t)(rnd64() >> 20) * ((rnd64() & 1) ? 1 : -1) + 0.5; break;
		case 2: a = (double)((int64_t)(rnd64() >> 40) - (1LL << 23)) * 0.5; break;
		default: a = rnd_double(-5, 12); break;
		}
		check_int(a);
		int64_t k = (int64_t)rnd64() >> (rnd64() & 63);
		int sc = (int)(rnd64() % 200) - 100;
		uint64_t got = pqs_fpr_emu_scaled(k, sc);
		double want = ldexp((double)k, sc);
		if (got != dbits(want)) {
			if (fails++ < 10) {
				TU_CHECK(0, "scaled(%lld, %d)", (long long)k, sc);
			}
		}
	}
	{
		int64_t ks[] = { 0, 1, -1, INT64_MIN, INT64_MAX, (1LL << 53) + 1, -((1LL << 53) + 1),
			(1LL << 54) + 2, (1LL << 54) + 6, 12289, -2047 };
		for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
			check_bin("of", (double)ks[i], 0, pqs_fpr_emu_scaled(ks[i], 0), (double)ks[i]);
		}
	}

	TU_CHECK(fails == 0, "%lu emulation mismatches", fails);
	return tu_finish("test_fpr");
}
