/*
 * The 32.32 fixed-point division of the FN-DSA key generation
 * (src/fndsa/fxr_div.c) against the reference's 64-step restoring
 * division (c-fn-dsa fxr_div, copied below), bit for bit, on every pair
 * of edge values, on both sides of the overflow boundary
 * floor(|x|/2^32) = |y|, on divisors of every leading-9-bit pattern
 * (each start value of the reciprocal) with near-maximal quotients, and
 * on random operands of every magnitude (argv[1] millions of them, 4 by
 * default).  The reciprocal and its start value are checked exactly.  Quotients that fit are also checked against exact 128-bit
 * rounding, and the two-numerator form against the one-numerator form.
 * The FFT and inverse FFT (AVX2 stages, fxr_avx2.c) are compared with
 * the portable code, logn 1..10, on small integers, random 64-bit values
 * and edge values.
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/fxr.h"
#include "fndsa/keygen_inner.h"
#include "testutil.h"

/* The reference: |x|*2^32/|y| bit by bit, the borrow taken as the top
 * bit of num - y, round half up on the last remainder, then the sign. */
static uint64_t ref_div(uint64_t x, uint64_t y)
{
	uint64_t sx = x >> 63, sy = y >> 63;
	uint64_t q = 0, num, b;
	int i;

	x = (x ^ -sx) + sx;
	y = (y ^ -sy) + sy;
	num = x >> 31;
	for (i = 63; i >= 33; i--) {
		b = 1 - ((num - y) >> 63);
		q |= b << i;
		num -= y & -b;
		num = (num << 1) | ((x >> (i - 33)) & 1);
	}
	for (i = 32; i >= 0; i--) {
		b = 1 - ((num - y) >> 63);
		q |= b << i;
		num -= y & -b;
		num <<= 1;
	}
	b = 1 - ((num - y) >> 63);
	q += b;
	sx ^= sy;
	return (q ^ -sx) + sx;
}

static uint64_t rs = 0x9E3779B97F4A7C15u;

static uint64_t rnd(void)
{
	return tu_xorshift64(&rs);
}

static unsigned long compared, exact_checked;

/* One pair (and the pair through the two-numerator entry point, with a
 * second numerator x2); failures are reported, at most 20 of them. */
static void check_pair(uint64_t x, uint64_t y, uint64_t x2)
{
	uint64_t want = ref_div(x, y), got = pqs_fndsa_fxr_div_raw(x, y);
	uint64_t want2 = ref_div(x2, y), q1, q2;
	static unsigned reported;
	int ok;

	pqs_fndsa_fxr_div2_raw(&q1, &q2, x, x2, y);
	ok = got == want && q1 == want && q2 == want2;
#if defined(__SIZEOF_INT128__)
	{
		/* Independent of the reference: when |x| < |y|*2^32 the result
		 * is round-half-up(|x|*2^32/|y|) mod 2^64, signed. */
		__extension__ typedef unsigned __int128 u128;
		uint64_t ax = x >> 63 ? -x : x, ay = y >> 63 ? -y : y;

		if (ay != 0 && (ax >> 32) < ay) {
			u128 a = (u128)ax << 32;
			uint64_t q = (uint64_t)(a / ay), r = (uint64_t)(a % ay);

			q += (u128)r * 2 >= ay;
			if ((x ^ y) >> 63) {
				q = -q;
			}
			ok &= q == want;
			exact_checked++;
		}
	}
#endif
	compared++;
	if (!ok && reported < 20) {
		reported++;
		TU_CHECK(0,
			 "x = 0x%016llx x2 = 0x%016llx y = 0x%016llx: ref 0x%016llx 0x%016llx, div 0x%016llx, div2 "
			 "0x%016llx 0x%016llx",
			 (unsigned long long)x, (unsigned long long)x2, (unsigned long long)y, (unsigned long long)want,
			 (unsigned long long)want2, (unsigned long long)got, (unsigned long long)q1,
			 (unsigned long long)q2);
	} else if (!ok) {
		tu_checks++;
		tu_failures++;
	}
}

/* The reciprocal floor((2^128 - 1)/d) - 2^64 of normalised divisors:
 * every top-9-bit pattern (each start value of its Newton steps) with
 * low bits all zero, all one and random. */
static void check_recip(void)
{
	uint64_t z;
#if defined(__SIZEOF_INT128__)
	__extension__ typedef unsigned __int128 u128;
	unsigned long bad = 0, n = 0;
	int k;

	for (z = 256; z < 512; z++) {
		for (k = 0; k < 66; k++) {
			uint64_t low = k == 0 ? 0 : k == 1 ? ((uint64_t)1 << 55) - 1 : rnd() >> 9;
			uint64_t d = (z << 55) | low;
			uint64_t want = (uint64_t)(~(u128)0 / d);

			bad += pqs_fndsa_fxr_recip64(d) != want;
			n++;
		}
	}
	TU_CHECK(bad == 0, "%lu of %lu reciprocals wrong", bad, n);
#endif
	/* Its start value, exact for every z (the error bounds of the
	 * Newton steps after it assume so). */
	for (z = 256; z < 512; z++) {
		TU_CHECK(pqs_fndsa_fxr_recip_start(z) == ((1u << 19) - 3 * (1u << 8)) / z, "recip_start(%u)",
			 (unsigned)z);
	}
}

/* Edge values: 0, +-1, +-2^k and +-2^k +- 1, INT64_MIN, INT64_MAX. */
static size_t edge_values(uint64_t *e)
{
	size_t n = 0;
	unsigned k;

	e[n++] = 0;
	for (k = 0; k < 63; k++) {
		uint64_t p = (uint64_t)1 << k;

		e[n++] = p;
		e[n++] = -p;
		e[n++] = p + 1;
		e[n++] = -(p + 1);
		e[n++] = p - 1;
		e[n++] = -(p - 1);
	}
	e[n++] = (uint64_t)1 << 63;
	e[n++] = ((uint64_t)1 << 63) - 1;
	e[n++] = ((uint64_t)1 << 63) + 1;
	return n;
}

/* Random operand: a random sign and a magnitude of a random bit length. */
static uint64_t rnd_operand(void)
{
	uint64_t v = rnd() >> (rnd() % 64);

	return rnd() & 1 ? -v : v;
}

/* FFT and iFFT with and without AVX2 on the same inputs: 20 vectors per
 * logn, kind 0 small integers (as keygen feeds them), 1 random 64-bit
 * values, 2 edge values (0, +-1, INT64_MIN, INT64_MAX, +-2^32) at random. */
static void check_fft(void)
{
	static const uint64_t edges[] = { 0,
					  1,
					  (uint64_t)-1,
					  (uint64_t)1 << 63,
					  ((uint64_t)1 << 63) - 1,
					  (uint64_t)1 << 32,
					  (uint64_t) - ((int64_t)1 << 32) };
	static fxr in[1024], a[2][1024], b[2][1024];
	unsigned logn;
	int rep, pass;

	for (logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn, i;

		for (rep = 0; rep < 20; rep++) {
			for (i = 0; i < n; i++) {
				uint64_t r = rnd();

				in[i].v = rep % 3 == 0   ? (uint64_t)(int64_t)(int8_t)r << 32
					  : rep % 3 == 1 ? r
							 : edges[r % (sizeof edges / sizeof *edges)];
			}
			for (pass = 0; pass < 2; pass++) {
				memcpy(a[pass], in, n * sizeof(fxr));
				memcpy(b[pass], in, n * sizeof(fxr));
				pqs_mp31_allow_avx2(pass);
				pqs_fndsa_fxr_FFT(logn, a[pass]);
				pqs_fndsa_fxr_iFFT(logn, b[pass]);
			}
			pqs_mp31_allow_avx2(1);
			TU_CHECK(memcmp(a[0], a[1], n * sizeof(fxr)) == 0, "FFT logn %u rep %d", logn, rep);
			TU_CHECK(memcmp(b[0], b[1], n * sizeof(fxr)) == 0, "iFFT logn %u rep %d", logn, rep);
		}
	}
}

int main(int argc, char **argv)
{
	static uint64_t e[400];
	unsigned long millions = argc > 1 ? strtoul(argv[1], NULL, 10) : 4;
	size_t ne = edge_values(e), i, j;
	unsigned long r;

	pqs_mp31_allow_avx2(1);
	printf("FFT: AVX2 stages %s\n",
	       pqs_mp31_uses_avx2() ? "compared with the portable ones" : "off (no AVX2, or PQSIG_NO_SIMD=1)");
	check_fft();
	check_recip();
	/* Every pair of edge values. */
	for (i = 0; i < ne; i++) {
		for (j = 0; j < ne; j++) {
			check_pair(e[i], e[j], e[(i + j) % ne]);
		}
	}
	/* The overflow boundary: |y| = floor(|x|/2^32) + {-2..2}. */
	for (r = 0; r < 200000; r++) {
		uint64_t x = rnd_operand(), ax = x >> 63 ? -x : x;
		uint64_t y = (ax >> 32) + (rnd() % 5) - 2;

		check_pair(x, rnd() & 1 ? -y : y, rnd_operand());
	}
	/* Divisors with each top-9-bit pattern at every position, numerators
	 * with quotients near 2^64 (and the boundary itself) or random. */
	for (i = 256; i < 512; i++) {
		unsigned sh;

		for (sh = 0; sh <= 55; sh++) {
			uint64_t low = sh == 0 ? 0 : rnd() & (((uint64_t)1 << sh) - 1);
			uint64_t y = ((uint64_t)i << sh) | low, x;

			if (y >> 31 == 0) {
				x = (y << 32) - 1 - (rnd() % 1024);
			} else {
				x = rnd() >> 1;
			}
			check_pair(x, y, rnd() >> (rnd() % 64));
			check_pair(-x, y, y << 31);
			check_pair(rnd_operand(), rnd() & 1 ? y : -y, rnd_operand());
		}
	}
	/* Random operands of every magnitude. */
	for (r = 0; r < millions * 1000000; r++) {
		check_pair(rnd_operand(), rnd_operand(), rnd_operand());
	}
	printf("%lu divisions compared with the restoring division (%lu also with exact rounding)\n", compared,
	       exact_checked);
	TU_CHECK(compared == ne * ne + 200000 + 256 * 56 * 3 + millions * 1000000, "%lu comparisons", compared);
	return tu_finish("test_fxr");
}
