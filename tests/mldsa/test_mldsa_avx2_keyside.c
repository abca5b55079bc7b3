/*
 * The AVX2 sampling and key-packing primitives of ML-DSA against the
 * portable C, which is the reference (src/mldsa/sample_pack_avx2.h): the
 * rejection steps of RejNTTPoly and RejBoundedPoly (FIPS 204 Algorithms
 * 30-31 with 14-15), Power2Round (Algorithm 35), the t1 / t0 / eta
 * encoders and decoders (Algorithms 22-25) and ExpandMask's gamma1 decoder
 * (Algorithm 34), and the add / sub loops that poly.c compiles a second
 * time for AVX2 (fed by reduce32 and caddq).  Each primitive runs through
 * its public entry point twice, with pqs_simd_force_portable(1) and (0),
 * on random inputs and on inputs built around the rejection and rounding
 * boundaries.  Decoders
 * read from heap buffers of exactly the encoded size, so an over-read
 * fails under AddressSanitizer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/simd.h"
#include "mldsa/params.h"
#include "mldsa/poly.h"
#include "mldsa/sample_pack_avx2.h"
#include "mldsa_test.h"
#include "testutil.h"

#define Q        MLDSA_Q
#define SENTINEL 0x5A5A5A5A
#define GUARD    16 /* slots after a[len - 1] that must stay untouched */

/* Outcome of one rejection step on both paths. */
typedef struct {
	unsigned ctr;
	int32_t a[MLDSA_N + GUARD];
} rej_run;

/* 1 if both runs accepted the same coefficients and left the guard slots after a[len - 1] alone. */
static int rej_runs_agree(const rej_run *p, const rej_run *v, unsigned len)
{
	if (p->ctr != v->ctr || memcmp(p->a, v->a, p->ctr * sizeof(int32_t)) != 0)
		return 0;
	for (unsigned i = len; i < MLDSA_N + GUARD; i++)
		if (p->a[i] != SENTINEL || v->a[i] != SENTINEL)
			return 0;
	return 1;
}

/* Counts over the runs of one sampler. */
typedef struct {
	unsigned runs, agree, exhausted, filled;
} rej_tally;

/*
 * One rejection step on buf[0..buflen) for len coefficients on both paths
 * (eta = 0: RejNTTPoly's, else RejBoundedPoly's), tallied.
 */
static void rej_both_paths(rej_tally *t, const uint8_t *buf, size_t buflen, unsigned len, unsigned eta)
{
	static rej_run run[2]; /* [0] portable, [1] AVX2 */
	for (int path = 0; path < 2; path++) {
		rej_run *r = &run[path];
		for (unsigned i = 0; i < MLDSA_N + GUARD; i++)
			r->a[i] = SENTINEL;
		pqs_simd_force_portable(!path);
		r->ctr = eta ? pqs_mldsa_rej_eta(r->a, len, buf, buflen, eta)
			     : pqs_mldsa_rej_uniform(r->a, len, buf, buflen);
	}
	t->runs++;
	t->agree += (unsigned)rej_runs_agree(&run[0], &run[1], len);
	t->exhausted += run[0].ctr < len;
	t->filled += run[0].ctr == len;
}

/* Buffer lengths: the samplers' (5 and 1 SHAKE128 blocks, 1 and 2 SHAKE256 blocks), short, and odd ones. */
static size_t pick_buflen(unsigned iter, size_t max)
{
	static const size_t fixed[] = { 840, 168, 136, 272, 0, 1, 2, 3, 23, 24, 25, 47, 48, 49, 100, 767, 768, 769 };
	const unsigned n = sizeof fixed / sizeof fixed[0];
	if (iter % 2 == 0 && fixed[(iter / 2) % n] <= max)
		return fixed[(iter / 2) % n];
	return mt_rnd32() % (max + 1);
}

/* How many coefficients to ask for: mostly 256, else anything from 1 (the samplers' refills ask for the rest). */
static unsigned pick_len(unsigned iter)
{
	return (iter % 3 == 0) ? MLDSA_N : 1 + mt_rnd32() % MLDSA_N;
}

static void test_rej_uniform(void)
{
	/* Candidates at the boundary of Algorithm 14: q - 1 is kept, q and above are rejected. */
	static const uint32_t edge[] = { 0, 1, Q - 2, Q - 1, Q, Q + 1, 0x7FFFFF };
	uint8_t buf[840];
	rej_tally t = { 0, 0, 0, 0 };
	unsigned rejected = 0;
	for (unsigned iter = 0; iter < 3000; iter++) {
		const size_t buflen = pick_buflen(iter, sizeof buf);
		const unsigned len = pick_len(iter);
		for (size_t i = 0; i + 3 <= sizeof buf; i += 3) {
			/* Random bytes, or edge candidates (with a random top bit, which Algorithm 14 drops). */
			uint32_t c = mt_rnd32();
			if (iter % 4 != 0 && mt_rnd32() % 3 == 0)
				c = edge[mt_rnd32() % (sizeof edge / sizeof edge[0])] | (c & 0x800000);
			buf[i] = (uint8_t)c;
			buf[i + 1] = (uint8_t)(c >> 8);
			buf[i + 2] = (uint8_t)(c >> 16);
			rejected += i + 3 <= buflen && (c & 0x7FFFFF) >= Q;
		}
		rej_both_paths(&t, buf, buflen, len, 0);
	}
	TU_CHECK(t.runs == 3000 && t.agree == t.runs, "RejNTTPoly step: AVX2 = portable in %u of %u runs", t.agree,
		 t.runs);
	TU_CHECK(t.exhausted > 100 && t.filled > 100 && rejected > 1000,
		 "RejNTTPoly runs cover both ends (%u ran out of bytes, %u filled, %u candidates >= q)", t.exhausted,
		 t.filled, rejected);
}

static void test_rej_eta(void)
{
	/* Nibbles at the boundaries of Algorithm 15: 14 / 15 for eta = 2, 8 / 9 for eta = 4. */
	static const uint8_t edge[] = { 0, 4, 5, 8, 9, 14, 15 };
	uint8_t buf[272];
	rej_tally t = { 0, 0, 0, 0 };
	unsigned rejected = 0;
	for (unsigned iter = 0; iter < 4000; iter++) {
		const unsigned eta = (iter & 1) ? 4 : 2;
		const size_t buflen = pick_buflen(iter >> 1, sizeof buf);
		const unsigned len = pick_len(iter >> 1);
		for (size_t i = 0; i < sizeof buf; i++) {
			uint8_t b = (uint8_t)mt_rnd32();
			if (iter % 5 != 0) {
				if (mt_rnd32() % 2)
					b = (uint8_t)((b & 0xF0) | edge[mt_rnd32() % sizeof edge]);
				if (mt_rnd32() % 2)
					b = (uint8_t)((b & 0x0F) | edge[mt_rnd32() % sizeof edge] << 4);
			}
			buf[i] = b;
			if (i < buflen)
				rejected += ((b & 15u) >= (eta == 2 ? 15u : 9u)) + ((b >> 4) >= (eta == 2 ? 15u : 9u));
		}
		rej_both_paths(&t, buf, buflen, len, eta);
	}
	TU_CHECK(t.runs == 4000 && t.agree == t.runs, "RejBoundedPoly step: AVX2 = portable in %u of %u runs", t.agree,
		 t.runs);
	TU_CHECK(t.exhausted > 100 && t.filled > 100 && rejected > 10000,
		 "RejBoundedPoly runs cover both ends (%u ran out of bytes, %u filled, %u nibbles rejected)",
		 t.exhausted, t.filled, rejected);
}

static void test_power2round(void)
{
	unsigned runs = 0, agree = 0;
	for (unsigned iter = 0; iter < 400; iter++) {
		mldsa_poly a, p1, p0, v1, v0;
		for (unsigned i = 0; i < MLDSA_N; i++) {
			/* Random in [0, q), or next to a rounding boundary m 2^13 + 2^12 (a0 = 2^12 vs -2^12 + 1). */
			const int32_t boundary = (int32_t)(mt_rnd32() % 1023) * (1 << MLDSA_D) + (1 << (MLDSA_D - 1));
			a.coeffs[i] = (iter % 2) ? (int32_t)(mt_rnd32() % Q) : boundary - 1 + (int32_t)(mt_rnd32() % 3);
		}
		a.coeffs[0] = 0;
		a.coeffs[1] = Q - 1;
		pqs_simd_force_portable(1);
		pqs_mldsa_poly_power2round(&p1, &p0, &a);
		pqs_simd_force_portable(0);
		pqs_mldsa_poly_power2round(&v1, &v0, &a);
		runs++;
		agree += memcmp(&p1, &v1, sizeof p1) == 0 && memcmp(&p0, &v0, sizeof p0) == 0;
	}
	TU_CHECK(runs == 400 && agree == runs, "Power2Round: AVX2 = portable in %u of %u runs", agree, runs);
}

static void test_arith(void)
{
	unsigned runs = 0, agree = 0;
	for (unsigned iter = 0; iter < 400; iter++) {
		mldsa_poly a, b, p[4], v[4];
		for (unsigned i = 0; i < MLDSA_N; i++) {
			/* reduce32's whole input range (up to 2^31 - 2^22 - 1) on even runs, |x| < 2^30 on odd ones. */
			a.coeffs[i] = (int32_t)mt_rnd32();
			if (iter % 2 || a.coeffs[i] > INT32_MAX - (1 << 22))
				a.coeffs[i] >>= 1;
			b.coeffs[i] = (int32_t)mt_rnd32() >> 2;
		}
		a.coeffs[0] = INT32_MAX - (1 << 22);
		a.coeffs[1] = INT32_MIN;
		for (int path = 0; path < 2; path++) {
			mldsa_poly *r = path ? v : p;
			pqs_simd_force_portable(!path);
			r[0] = a;
			pqs_mldsa_poly_reduce(&r[0]);
			r[1] = r[0];
			pqs_mldsa_poly_caddq(&r[1]);
			pqs_mldsa_poly_add(&r[2], &b, &r[0]);
			pqs_mldsa_poly_sub(&r[3], &b, &r[0]);
		}
		runs++;
		agree += memcmp(p, v, sizeof p) == 0;
	}
	TU_CHECK(runs == 400 && agree == runs, "reduce32 / caddq / add / sub: AVX2 = portable in %u of %u runs", agree,
		 runs);
}

/* The encoders and decoders under test, with the value range an encoder accepts. */
typedef enum { T1, T0, ETA2, ETA4, Z17, Z19 } key_code;

static size_t code_bytes(key_code c)
{
	static const size_t bytes[] = { MLDSA_POLYT1_BYTES, MLDSA_POLYT0_BYTES, 96, 128, 576, 640 };
	return bytes[c];
}

/* A valid input of the encoder: random, or all at one end of the range, or alternating ends. */
static void random_in_range(mldsa_poly *a, key_code c, unsigned iter)
{
	static const int32_t lo[] = { 0, -(1 << 12) + 1, -2, -4 };
	static const int32_t hi[] = { (1 << 10) - 1, 1 << 12, 2, 4 };
	for (unsigned i = 0; i < MLDSA_N; i++) {
		const int32_t span = hi[c] - lo[c] + 1;
		switch (iter % 5) {
		case 0:
			a->coeffs[i] = lo[c];
			break;
		case 1:
			a->coeffs[i] = hi[c];
			break;
		case 2:
			a->coeffs[i] = (i & 1) ? hi[c] : lo[c];
			break;
		default:
			a->coeffs[i] = lo[c] + (int32_t)(mt_rnd32() % (uint32_t)span);
			break;
		}
	}
}

static void encode(uint8_t *r, const mldsa_poly *a, key_code c)
{
	switch (c) {
	case T1:
		pqs_mldsa_polyt1_pack(r, a);
		break;
	case T0:
		pqs_mldsa_polyt0_pack(r, a);
		break;
	case ETA2:
		pqs_mldsa_polyeta_pack(r, a, 2);
		break;
	default:
		pqs_mldsa_polyeta_pack(r, a, 4);
		break;
	}
}

/* Decode; returns the decoder's invalid-encoding flag (eta only, else 0). */
static unsigned decode(mldsa_poly *a, const uint8_t *r, key_code c)
{
	switch (c) {
	case T1:
		pqs_mldsa_polyt1_unpack(a, r);
		return 0;
	case T0:
		pqs_mldsa_polyt0_unpack(a, r);
		return 0;
	case ETA2:
		return pqs_mldsa_polyeta_unpack(a, r, 2);
	case ETA4:
		return pqs_mldsa_polyeta_unpack(a, r, 4);
	case Z17:
		pqs_mldsa_polyz_unpack(a, r, 1 << 17);
		return 0;
	default:
		pqs_mldsa_polyz_unpack(a, r, 1 << 19);
		return 0;
	}
}

static void test_key_codes(void)
{
	static const char *const name[] = { "t1", "t0", "eta 2", "eta 4", "z (gamma1 2^17)", "z (gamma1 2^19)" };
	for (key_code c = T1; c <= Z19; c++) {
		const size_t n = code_bytes(c);
		uint8_t *bp = malloc(n), *bv = malloc(n);
		unsigned runs = 0, agree = 0, invalid = 0, valid = 0;
		if (!bp || !bv) {
			TU_CHECK(0, "out of memory");
			free(bp);
			free(bv);
			return;
		}
		for (unsigned iter = 0; iter < 600; iter++) {
			mldsa_poly a, dp, dv;
			int same = 1;
			/* Even iterations: encode a valid polynomial (decoders get a valid encoding). */
			if (c <= ETA4 && iter % 2 == 0) {
				random_in_range(&a, c, iter / 2);
				pqs_simd_force_portable(1);
				encode(bp, &a, c);
				pqs_simd_force_portable(0);
				encode(bv, &a, c);
				same &= memcmp(bp, bv, n) == 0;
			} else {
				/* Odd ones: arbitrary bytes (for eta, mostly not skEncode outputs). */
				for (size_t i = 0; i < n; i++)
					bp[i] = (uint8_t)mt_rnd32();
				if (iter % 7 == 1)
					memset(bp, 0xFF, n);
			}
			pqs_simd_force_portable(1);
			const unsigned bad_p = decode(&dp, bp, c);
			pqs_simd_force_portable(0);
			const unsigned bad_v = decode(&dv, bp, c);
			same &= bad_p == bad_v && memcmp(&dp, &dv, sizeof dp) == 0;
			invalid += bad_p;
			valid += !bad_p;
			runs++;
			agree += (unsigned)same;
		}
		TU_CHECK(runs == 600 && agree == runs, "%s encode/decode: AVX2 = portable in %u of %u runs", name[c],
			 agree, runs);
		if (c == ETA2 || c == ETA4)
			TU_CHECK(invalid > 100 && valid >= 300, "%s: %u invalid and %u valid encodings decoded",
				 name[c], invalid, valid);
		free(bp);
		free(bv);
	}
}

int main(void)
{
#if MLDSA_AVX2_BUILD
	if (!pqs_simd_avx2()) {
		printf("AVX2 not available here (or PQSIG_NO_SIMD=1): nothing to compare\n");
		return tu_finish("test_mldsa_avx2_keyside");
	}
	test_rej_uniform();
	test_rej_eta();
	test_power2round();
	test_arith();
	test_key_codes();
#else
	printf("AVX2 path not built: nothing to compare\n");
#endif
	return tu_finish("test_mldsa_avx2_keyside");
}
