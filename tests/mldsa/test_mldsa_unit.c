/*
 * ML-DSA building blocks against independent, straightforward definitions
 * written from FIPS 204: NTT multiplication vs schoolbook multiplication in
 * Z_q[X]/(X^256 + 1), exhaustive Power2Round / Decompose over [0, q),
 * MakeHint / UseHint (FIPS 204 section 7.4, the HighBits(r + z) property),
 * SampleInBall vs a branchy reference, bit-packing round trips, malformed
 * hint encodings, and the argument / length errors of the public API.
 */
#include <stdio.h>
#include <string.h>

#include "mldsa/ntt.h"
#include "core/simd.h"
#include "mldsa/packing.h"
#include "mldsa/params.h"
#include "mldsa/poly.h"
#include "mldsa/reduce.h"
#include "mldsa/rounding.h"
#include "mldsa_test.h"
#include "pqsig/sha3.h"
#include "pqsig/sig.h"

#define Q MLDSA_Q

/* xorshift64*: reproducible test data. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd32(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

static int32_t modq(int64_t a)
{
	int64_t r = a % Q;
	return (int32_t)(r < 0 ? r + Q : r);
}

/* Both arithmetic paths give bit-identical results, at the extreme input bounds too. */
static void test_avx2_matches_portable(void)
{
#if MLDSA_AVX2_BUILD
	if (!pqs_simd_avx2()) {
		printf("AVX2 not available: AVX2/portable comparison skipped\n");
		return;
	}
	int ok = 1;
	for (int iter = 0; iter < 2000 && ok; iter++) {
		int32_t a[MLDSA_N], b[MLDSA_N], c[MLDSA_N], x[MLDSA_N], y[MLDSA_N], r1[MLDSA_N], r2[MLDSA_N];
		for (int i = 0; i < MLDSA_N; i++) {
			/* NTT input |a| < q (extremes on some iterations); pointwise operands < 9q. */
			const int ext = iter % 4;
			a[i] = ext == 0 ? ((i & 1) ? Q - 1 : -(Q - 1)) : (int32_t)(rnd32() % (2 * Q - 1)) - (Q - 1);
			b[i] = (int32_t)(rnd32() % (18u * Q - 1)) - (9 * Q - 1);
			c[i] = ext == 1 ? 9 * Q - 1 : (int32_t)(rnd32() % (18u * Q - 1)) - (9 * Q - 1);
		}
		memcpy(x, a, sizeof a);
		memcpy(y, a, sizeof a);
		pqs_mldsa_ntt_portable(x);
		pqs_mldsa_ntt_avx2(y);
		ok &= memcmp(x, y, sizeof x) == 0;
		memcpy(x, a, sizeof a);
		memcpy(y, a, sizeof a);
		pqs_mldsa_invntt_tomont_portable(x);
		pqs_mldsa_invntt_tomont_avx2(y);
		ok &= memcmp(x, y, sizeof x) == 0;
		pqs_mldsa_pointwise_portable(r1, b, c, 0);
		pqs_mldsa_pointwise_avx2(r2, b, c, 0);
		ok &= memcmp(r1, r2, sizeof r1) == 0;
		pqs_mldsa_pointwise_portable(r1, b, c, 1);
		pqs_mldsa_pointwise_avx2(r2, b, c, 1);
		ok &= memcmp(r1, r2, sizeof r1) == 0;
	}
	TU_CHECK(ok, "AVX2 NTT / inverse NTT / pointwise bit-identical to the portable code");
#else
	printf("AVX2 path not built: comparison skipped\n");
#endif
}

static void test_ntt(void)
{
	mldsa_poly a, b, c;
	int64_t ref[MLDSA_N];
	int ok = 1;
	for (int iter = 0; iter < 20 && ok; iter++) {
		for (int i = 0; i < MLDSA_N; i++) {
			a.coeffs[i] = (int32_t)(rnd32() % Q) - (Q - 1) / 2;
			b.coeffs[i] = (int32_t)(rnd32() % Q) - (Q - 1) / 2;
		}
		/* Schoolbook product modulo X^256 + 1. */
		memset(ref, 0, sizeof ref);
		for (int i = 0; i < MLDSA_N; i++)
			for (int j = 0; j < MLDSA_N; j++) {
				int64_t p = (int64_t)a.coeffs[i] * b.coeffs[j] % Q;
				if (i + j < MLDSA_N)
					ref[i + j] = (ref[i + j] + p) % Q;
				else
					ref[i + j - MLDSA_N] = (ref[i + j - MLDSA_N] - p) % Q;
			}
		pqs_mldsa_poly_ntt(&a);
		pqs_mldsa_poly_ntt(&b);
		pqs_mldsa_poly_pointwise_montgomery(&c, &a, &b);
		pqs_mldsa_poly_invntt_tomont(&c);
		for (int i = 0; i < MLDSA_N; i++)
			ok &= modq(c.coeffs[i]) == modq(ref[i]) && c.coeffs[i] > -Q && c.coeffs[i] < Q;
	}
	TU_CHECK(ok, "NTT-based product equals the schoolbook negacyclic product");

	/* invntt(ntt(a)) = a * 2^32 (the "tomont" factor). */
	ok = 1;
	for (int i = 0; i < MLDSA_N; i++)
		a.coeffs[i] = b.coeffs[i] = (int32_t)(rnd32() % Q);
	pqs_mldsa_poly_ntt(&a);
	pqs_mldsa_poly_invntt_tomont(&a);
	for (int i = 0; i < MLDSA_N; i++)
		ok &= modq(a.coeffs[i]) == modq((int64_t)b.coeffs[i] * MLDSA_MONT);
	TU_CHECK(ok, "inverse NTT of NTT is the Montgomery factor times the input");

	/* Montgomery reduction (inputs |a| < 2^31 q) and reduce32 against plain modular arithmetic at the bounds. */
	ok = 1;
	const int64_t mont_inv = 8265825; /* 2^-32 mod q */
	const int64_t edge[] = {0, 1, -1, ((int64_t)Q << 31) - 1, -((int64_t)Q << 31) + 1, 123456789012345ll};
	for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		int32_t r = mldsa_montgomery_reduce(edge[i]);
		ok &= r > -Q && r < Q && modq(r) == modq((edge[i] % Q) * mont_inv);
	}
	const int32_t red[] = {0, Q, -Q, INT32_MAX - (1 << 22), INT32_MIN, 6283009, -6283009};
	for (unsigned i = 0; i < sizeof red / sizeof red[0]; i++) {
		int32_t r = mldsa_reduce32(red[i]);
		ok &= r >= -6283008 && r <= 6283008 && modq(r) == modq(red[i]);
	}
	TU_CHECK(ok, "montgomery_reduce / reduce32 ranges and residues");
}

/* FIPS 204 Algorithm 36 written directly: r+ = r mod q, r0 = r+ mod+- 2 gamma2, corner case. */
static int32_t ref_decompose(int32_t *r0, int32_t r, int32_t gamma2)
{
	int32_t a0 = r % (2 * gamma2);
	if (a0 > gamma2)
		a0 -= 2 * gamma2;
	int32_t a1;
	if (r - a0 == Q - 1) {
		a1 = 0;
		a0 -= 1;
	} else {
		a1 = (r - a0) / (2 * gamma2);
	}
	*r0 = a0;
	return a1;
}

static void test_rounding(void)
{
	const int32_t gammas[2] = {(Q - 1) / 88, (Q - 1) / 32};
	unsigned long bad_p2r = 0, bad_dec = 0;
	for (int32_t a = 0; a < Q; a++) {
		int32_t a0, a1 = mldsa_power2round(&a0, a);
		/* Algorithm 35: r0 = r+ mod+- 2^d. */
		int32_t r0 = a % (1 << MLDSA_D);
		if (r0 > (1 << (MLDSA_D - 1)))
			r0 -= 1 << MLDSA_D;
		bad_p2r += a0 != r0 || a1 != (a - r0) >> MLDSA_D;
		for (int g = 0; g < 2; g++) {
			int32_t b0, e0;
			int32_t b1 = mldsa_decompose(&b0, a, gammas[g]);
			int32_t e1 = ref_decompose(&e0, a, gammas[g]);
			bad_dec += b0 != e0 || b1 != e1;
		}
	}
	TU_CHECK(bad_p2r == 0, "Power2Round exhaustive over [0, q): %lu mismatches", bad_p2r);
	TU_CHECK(bad_dec == 0, "Decompose exhaustive over [0, q), both gamma2: %lu mismatches", bad_dec);

	/*
	 * Hints (section 7.4), for random r in [0, q) and |z| <= gamma2:
	 *  - the Algorithm 7 form MakeHint(LowBits(r) + z, HighBits(r)) is 1
	 *    iff HighBits(r + z) != HighBits(r) (Algorithm 39's definition);
	 *  - UseHint(h, r + z) recovers HighBits(r) (the property Verify relies
	 *    on, Lemma 1 of the Dilithium specification).
	 * HighBits is taken from the direct Algorithm 36 above.
	 */
	unsigned long bad_hint = 0;
	for (int g = 0; g < 2; g++) {
		const int32_t gamma2 = gammas[g];
		for (int iter = 0; iter < 200000; iter++) {
			const int32_t r = (int32_t)(rnd32() % Q);
			const int32_t z = (int32_t)(rnd32() % (2 * (uint32_t)gamma2 + 1)) - gamma2;
			const int32_t rz = modq((int64_t)r + z);
			int32_t t, r0;
			const int32_t hr = ref_decompose(&t, r, gamma2), hrz = ref_decompose(&t, rz, gamma2);
			const int32_t h = hr != hrz;
			const int32_t r1 = mldsa_decompose(&r0, r, gamma2);
			bad_hint += mldsa_make_hint(r0 + z, r1, gamma2) != h;
			bad_hint += mldsa_use_hint(rz, h, gamma2) != hr;
		}
		/* Every z for r at the rounding boundaries and the q - 1 corner of Decompose. */
		const int32_t special[] = {0, 1, gamma2, gamma2 + 1, 2 * gamma2, 3 * gamma2, Q - 1, Q - 2,
		                           Q - gamma2, Q - gamma2 - 1, Q - 1 - 2 * gamma2};
		for (unsigned si = 0; si < sizeof special / sizeof special[0]; si++) {
			const int32_t r = special[si];
			int32_t t, r0;
			const int32_t hr = ref_decompose(&t, r, gamma2);
			const int32_t r1 = mldsa_decompose(&r0, r, gamma2);
			for (int32_t z = -gamma2; z <= gamma2; z++) {
				const int32_t rz = modq((int64_t)r + z);
				const int32_t h = hr != ref_decompose(&t, rz, gamma2);
				bad_hint += mldsa_make_hint(r0 + z, r1, gamma2) != h;
				bad_hint += mldsa_use_hint(rz, h, gamma2) != hr;
			}
		}
	}
	TU_CHECK(bad_hint == 0, "MakeHint / UseHint identities: %lu mismatches", bad_hint);
}

/* Algorithm 29 written directly (with branches and indexing). */
static void ref_challenge(int32_t c[MLDSA_N], const uint8_t *ct, size_t len, unsigned tau)
{
	uint8_t buf[8 + 4 * 136];
	pqs_shake256(buf, sizeof buf, ct, len);
	uint64_t h = 0;
	for (int i = 0; i < 8; i++)
		h |= (uint64_t)buf[i] << (8 * i);
	size_t pos = 8;
	memset(c, 0, MLDSA_N * sizeof c[0]);
	for (unsigned i = MLDSA_N - tau; i < MLDSA_N; i++) {
		unsigned j;
		do
			j = buf[pos++];
		while (j > i);
		c[i] = c[j];
		c[j] = (h >> (i + tau - MLDSA_N)) & 1 ? -1 : 1;
	}
}

static void test_challenge(void)
{
	int ok = 1;
	const unsigned taus[3] = {39, 49, 60};
	const unsigned lens[3] = {32, 48, 64};
	for (int iter = 0; iter < 300; iter++) {
		uint8_t ct[64];
		for (int i = 0; i < 64; i++)
			ct[i] = (uint8_t)rnd32();
		const int s = iter % 3;
		mldsa_poly c;
		int32_t ref[MLDSA_N];
		pqs_mldsa_poly_challenge(&c, ct, lens[s], taus[s]);
		ref_challenge(ref, ct, lens[s], taus[s]);
		unsigned weight = 0;
		for (int i = 0; i < MLDSA_N; i++) {
			ok &= c.coeffs[i] == ref[i];
			weight += c.coeffs[i] != 0;
		}
		ok &= weight == taus[s];
	}
	TU_CHECK(ok, "SampleInBall (constant time) equals the direct Algorithm 29, weight tau");
}

static void test_packing(void)
{
	mldsa_poly a, b;
	uint8_t buf[640];
	int ok = 1;
	for (unsigned eta = 2; eta <= 4; eta += 2) {
		for (int i = 0; i < MLDSA_N; i++)
			a.coeffs[i] = (int32_t)(rnd32() % (2 * eta + 1)) - (int32_t)eta;
		pqs_mldsa_polyeta_pack(buf, &a, eta);
		ok &= pqs_mldsa_polyeta_unpack(&b, buf, eta) == 0 && memcmp(&a, &b, sizeof a) == 0;
		/* A packed value 2 eta + 1 (coefficient -eta - 1) is not a valid encoding. */
		a.coeffs[77] = -(int32_t)eta - 1;
		pqs_mldsa_polyeta_pack(buf, &a, eta);
		ok &= pqs_mldsa_polyeta_unpack(&b, buf, eta) == 1;
	}
	TU_CHECK(ok, "eta packing round trip and out-of-range detection");

	ok = 1;
	for (int i = 0; i < MLDSA_N; i++)
		a.coeffs[i] = (int32_t)(rnd32() % (1 << MLDSA_D)) - (1 << (MLDSA_D - 1)) + 1;
	pqs_mldsa_polyt0_pack(buf, &a);
	pqs_mldsa_polyt0_unpack(&b, buf);
	ok &= memcmp(&a, &b, sizeof a) == 0;
	for (int i = 0; i < MLDSA_N; i++)
		a.coeffs[i] = (int32_t)(rnd32() % 1024);
	pqs_mldsa_polyt1_pack(buf, &a);
	pqs_mldsa_polyt1_unpack(&b, buf);
	ok &= memcmp(&a, &b, sizeof a) == 0;
	/* t1 packing is little-endian 10-bit: coefficient 0 = low 10 bits of the first two bytes. */
	ok &= (int32_t)(buf[0] | ((buf[1] & 3) << 8)) == a.coeffs[0];
	const int32_t g1[2] = {1 << 17, 1 << 19};
	for (int g = 0; g < 2; g++) {
		for (int i = 0; i < MLDSA_N; i++)
			a.coeffs[i] = (int32_t)(rnd32() % (2u * (uint32_t)g1[g])) - g1[g] + 1;
		pqs_mldsa_polyz_pack(buf, &a, g1[g]);
		pqs_mldsa_polyz_unpack(&b, buf, g1[g]);
		ok &= memcmp(&a, &b, sizeof a) == 0;
	}
	TU_CHECK(ok, "t0, t1, z packing round trips");
}

static void test_api_errors(void)
{
	uint8_t pk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], sk[PQS_MLDSA_MAX_SECRETKEY_BYTES];
	uint8_t sig[PQS_MLDSA_MAX_SIGNATURE_BYTES + 1], xi[32] = {1, 2, 3}, ctx[256] = {0};
	const uint8_t msg[3] = {'a', 'b', 'c'};
	const pqs_mldsa_set set = PQS_MLDSA_44;
	const size_t pkl = PQS_MLDSA44_PUBLICKEY_BYTES, skl = PQS_MLDSA44_SECRETKEY_BYTES,
	             sgl = PQS_MLDSA44_SIGNATURE_BYTES;
	TU_CHECK(pqs_mldsa_keygen_internal(set, pk, sk, xi) == PQS_OK, "keygen");
	TU_CHECK(pqs_mldsa_sign(set, sig, msg, 3, ctx, 5, NULL, sk, skl) == PQS_OK, "sign");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl, msg, 3, ctx, 5, pk, pkl) == PQS_OK, "verify");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl, msg, 3, ctx, 4, pk, pkl) == PQS_ERR_INVALID_SIGNATURE,
	         "other context: invalid");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl, msg, 2, ctx, 5, pk, pkl) == PQS_ERR_INVALID_SIGNATURE,
	         "other message: invalid");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl - 1, msg, 3, ctx, 5, pk, pkl) == PQS_ERR_SIG_LENGTH, "short sig");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl + 1, msg, 3, ctx, 5, pk, pkl) == PQS_ERR_SIG_LENGTH, "long sig");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl, msg, 3, ctx, 5, pk, pkl - 1) == PQS_ERR_KEY_LENGTH, "short pk");
	TU_CHECK(pqs_mldsa_verify(set, sig, sgl, msg, 3, ctx, 256, pk, pkl) == PQS_ERR_CTX_TOO_LONG, "ctx 256");
	TU_CHECK(pqs_mldsa_sign(set, sig, msg, 3, ctx, 256, NULL, sk, skl) == PQS_ERR_CTX_TOO_LONG, "sign ctx 256");
	TU_CHECK(pqs_mldsa_sign(set, sig, msg, 3, ctx, 255, NULL, sk, skl) == PQS_OK, "sign ctx 255");
	TU_CHECK(pqs_mldsa_sign(set, sig, msg, 3, NULL, 0, NULL, sk, skl + 1) == PQS_ERR_KEY_LENGTH, "long sk");
	TU_CHECK(pqs_mldsa_sign((pqs_mldsa_set)45, sig, msg, 3, NULL, 0, NULL, sk, skl) == PQS_ERR_ARG, "bad set");

	/* Malformed hints (Algorithm 21): each must be PQS_ERR_SIG_ENCODING, not a plain mismatch. */
	const unsigned omega = 80, k = 4, hoff = (unsigned)sgl - omega - k;
	TU_CHECK(pqs_mldsa_sign(set, sig, msg, 3, NULL, 0, NULL, sk, skl) == PQS_OK, "sign");
	uint8_t bad[PQS_MLDSA44_SIGNATURE_BYTES];
	memcpy(bad, sig, sgl);
	bad[hoff + omega] = (uint8_t)(omega + 1); /* count above omega */
	TU_CHECK(pqs_mldsa_verify(set, bad, sgl, msg, 3, NULL, 0, pk, pkl) == PQS_ERR_SIG_ENCODING, "count > omega");
	memcpy(bad, sig, sgl);
	/* Find a polynomial with >= 2 hints and swap two positions (not increasing). */
	unsigned prev = 0, swapped = 0;
	for (unsigned i = 0; i < k && !swapped; i++) {
		unsigned end = sig[hoff + omega + i];
		if (end - prev >= 2) {
			uint8_t t = bad[hoff + prev];
			bad[hoff + prev] = bad[hoff + prev + 1];
			bad[hoff + prev + 1] = t;
			swapped = 1;
		}
		prev = end;
	}
	TU_CHECK(swapped, "test signature has a polynomial with two hints");
	TU_CHECK(pqs_mldsa_verify(set, bad, sgl, msg, 3, NULL, 0, pk, pkl) == PQS_ERR_SIG_ENCODING,
	         "positions not increasing");
	memcpy(bad, sig, sgl);
	unsigned total = sig[hoff + omega + k - 1];
	TU_CHECK(total < omega, "unused hint bytes exist");
	bad[hoff + omega - 1] = 1; /* nonzero padding */
	TU_CHECK(pqs_mldsa_verify(set, bad, sgl, msg, 3, NULL, 0, pk, pkl) == PQS_ERR_SIG_ENCODING, "padding");
	memcpy(bad, sig, sgl);
	if (k >= 2 && sig[hoff + omega] > 0) {
		bad[hoff + omega + 1] = 0; /* running count decreases */
		TU_CHECK(pqs_mldsa_verify(set, bad, sgl, msg, 3, NULL, 0, pk, pkl) == PQS_ERR_SIG_ENCODING,
		         "decreasing count");
	}

	/* Registry class argument checks. */
	const pqs_sig_class *cls = pqs_sig_find("ml-dsa-44");
	size_t slen = 0;
	TU_CHECK(cls && cls->id == 0x0010 && cls->security_level == 2 && cls->seed_len == 32, "class ML-DSA-44");
	TU_CHECK(pqs_sig_find_id(0x0011) && pqs_sig_find_id(0x0011)->security_level == 3 &&
	             pqs_sig_find_id(0x0012) && pqs_sig_find_id(0x0012)->security_level == 5,
	         "classes 0x0011, 0x0012");
	if (!cls)
		return;
	TU_CHECK(cls->flags == (PQS_SIG_FIXED_LENGTH | PQS_SIG_HAS_CONTEXT | PQS_SIG_PQC | PQS_SIG_DETERMINISTIC_OK),
	         "class flags");
	TU_CHECK(pqs_sig_keygen(cls, pk, sk, xi, 31, NULL) == PQS_ERR_SEED_LENGTH, "seed length");
	TU_CHECK(pqs_sig_sign(cls, sig, sgl - 1, &slen, msg, 3, NULL, 0, sk, 0, NULL) == PQS_ERR_BUFFER_TOO_SMALL,
	         "sig capacity");
	/* Hedged signatures differ from each other but both verify. */
	uint8_t sig2[PQS_MLDSA44_SIGNATURE_BYTES];
	TU_CHECK(pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL) == PQS_OK, "OS-random keygen");
	TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &slen, msg, 3, NULL, 0, sk, 0, NULL) == PQS_OK && slen == sgl,
	         "hedged sign");
	TU_CHECK(pqs_sig_sign(cls, sig2, sizeof sig2, &slen, msg, 3, NULL, 0, sk, 0, NULL) == PQS_OK, "hedged sign 2");
	TU_CHECK(memcmp(sig, sig2, sgl) != 0, "hedged signatures differ");
	TU_CHECK(pqs_sig_verify(cls, sig, sgl, msg, 3, NULL, 0, pk) == PQS_OK &&
	             pqs_sig_verify(cls, sig2, sgl, msg, 3, NULL, 0, pk) == PQS_OK,
	         "hedged signatures verify");
	TU_CHECK(pqs_sig_sign(cls, sig, sizeof sig, &slen, msg, 3, NULL, 0, sk, PQS_SIGN_DETERMINISTIC, NULL) == PQS_OK &&
	             pqs_sig_sign(cls, sig2, sizeof sig2, &slen, msg, 3, NULL, 0, sk, PQS_SIGN_DETERMINISTIC, NULL) ==
	                 PQS_OK &&
	             memcmp(sig, sig2, sgl) == 0,
	         "deterministic signatures are equal");
}

int main(void)
{
	test_avx2_matches_portable();
	/* The schoolbook comparison on the default path, then on the portable one. */
	test_ntt();
	pqs_simd_force_portable(1);
	test_ntt();
	pqs_simd_force_portable(0);
	test_rounding();
	test_challenge();
	test_packing();
	test_api_errors();
	return tu_finish("test_mldsa_unit");
}
