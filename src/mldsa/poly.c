/*
 * Polynomial arithmetic, sampling (FIPS 204 section 7.3) and bit packing
 * (section 7.1) for ML-DSA.
 *
 * Constant time: every function that can see secret coefficients is
 * branch-free and index-free in them.  The samplers that reject on secret
 * bytes (RejBoundedPoly, SampleInBall while signing) declassify only the
 * accept/reject decision of each candidate: which candidates are rejected
 * is independent of the values that are kept, so publishing it reveals
 * nothing about the result.
 */
#include "mldsa/poly.h"

#include <string.h>

#include "core/ct.h"
#include "core/keccak_x4.h"
#include "core/simd.h"
#include "mldsa/challenge_avx2.h"
#include "mldsa/ntt.h"
#include "mldsa/pack_sig_avx2.h"
#include "mldsa/reduce.h"
#include "mldsa/rounding.h"
#include "mldsa/rounding_avx2.h"
#include "mldsa/sample_pack_avx2.h"
#include "pqsig/rand.h"
#include "pqsig/sha3.h"

#define SHAKE128_RATE 168
#define SHAKE256_RATE 136

/*
 * With AVX2, each entry point returns after calling its AVX2 version
 * (PQSIG_NO_SIMD=1 and pqs_simd_force_portable(1) select the C below).
 */
#if MLDSA_AVX2_BUILD
#define ON_AVX2(call)                  \
	do {                           \
		if (pqs_simd_avx2()) { \
			call;          \
			return;        \
		}                      \
	} while (0)
#else
#define ON_AVX2(call) ((void)0)
#endif

/*
 * The loops of add / sub are written once and compiled twice: as portable
 * C, and inlined into a function with the AVX2 target, where the compiler
 * vectorizes the same per-coefficient operations eight lanes wide.
 */
static inline void add_loop(int32_t *r, const int32_t *a, const int32_t *b)
{
	for (unsigned i = 0; i < MLDSA_N; i++)
		r[i] = a[i] + b[i];
}

static inline void sub_loop(int32_t *r, const int32_t *a, const int32_t *b)
{
	for (unsigned i = 0; i < MLDSA_N; i++)
		r[i] = a[i] - b[i];
}

#if MLDSA_AVX2_BUILD
#define AVX2 __attribute__((target("avx2")))
static AVX2 void add_avx2(int32_t *r, const int32_t *a, const int32_t *b)
{
	add_loop(r, a, b);
}

static AVX2 void sub_avx2(int32_t *r, const int32_t *a, const int32_t *b)
{
	sub_loop(r, a, b);
}
#endif

void pqs_mldsa_poly_reduce(mldsa_poly *a)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_poly_reduce_avx2(a);
		return;
	}
#endif
	for (unsigned i = 0; i < MLDSA_N; i++)
		a->coeffs[i] = mldsa_reduce32(a->coeffs[i]);
}

void pqs_mldsa_poly_caddq(mldsa_poly *a)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_poly_caddq_avx2(a);
		return;
	}
#endif
	for (unsigned i = 0; i < MLDSA_N; i++)
		a->coeffs[i] = mldsa_caddq(a->coeffs[i]);
}

void pqs_mldsa_poly_add(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b)
{
	ON_AVX2(add_avx2(r->coeffs, a->coeffs, b->coeffs));
	add_loop(r->coeffs, a->coeffs, b->coeffs);
}

void pqs_mldsa_poly_sub(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b)
{
	ON_AVX2(sub_avx2(r->coeffs, a->coeffs, b->coeffs));
	sub_loop(r->coeffs, a->coeffs, b->coeffs);
}

void pqs_mldsa_poly_shiftl(mldsa_poly *a)
{
	for (unsigned i = 0; i < MLDSA_N; i++)
		a->coeffs[i] *= (1 << MLDSA_D);
}

void pqs_mldsa_poly_ntt(mldsa_poly *a)
{
	pqs_mldsa_ntt(a->coeffs);
}

void pqs_mldsa_poly_invntt_tomont(mldsa_poly *a)
{
	pqs_mldsa_invntt_tomont(a->coeffs);
}

void pqs_mldsa_poly_pointwise_montgomery(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b)
{
	pqs_mldsa_pointwise(r->coeffs, a->coeffs, b->coeffs, 0);
}

void pqs_mldsa_poly_pointwise_acc(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b)
{
	pqs_mldsa_pointwise(r->coeffs, a->coeffs, b->coeffs, 1);
}

unsigned pqs_mldsa_poly_chknorm(const mldsa_poly *a, int32_t bound)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2())
		return pqs_mldsa_poly_chknorm_avx2(a, bound);
#endif
	int32_t bad = 0;
	for (unsigned i = 0; i < MLDSA_N; i++) {
		const int32_t x = a->coeffs[i];
		const int32_t s = x >> 31;
		const int32_t absx = (x ^ s) - s;
		bad |= (bound - 1 - absx); /* negative iff |x| >= bound */
	}
	return (unsigned)(bad >> 31) & 1u;
}

void pqs_mldsa_poly_power2round(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a)
{
	ON_AVX2(pqs_mldsa_power2round_avx2(a1->coeffs, a0->coeffs, a->coeffs));
	for (unsigned i = 0; i < MLDSA_N; i++)
		a1->coeffs[i] = mldsa_power2round(&a0->coeffs[i], a->coeffs[i]);
}

void pqs_mldsa_poly_decompose(mldsa_poly *a1, mldsa_poly *a0, const mldsa_poly *a, int32_t gamma2)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_poly_decompose_avx2(a1, a0, a, gamma2);
		return;
	}
#endif
	for (unsigned i = 0; i < MLDSA_N; i++)
		a1->coeffs[i] = mldsa_decompose(&a0->coeffs[i], a->coeffs[i], gamma2);
}

unsigned pqs_mldsa_poly_make_hint(mldsa_poly *h, const mldsa_poly *a0, const mldsa_poly *a1, int32_t gamma2)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2())
		return pqs_mldsa_poly_make_hint_avx2(h, a0, a1, gamma2);
#endif
	unsigned n = 0;
	for (unsigned i = 0; i < MLDSA_N; i++) {
		h->coeffs[i] = mldsa_make_hint(a0->coeffs[i], a1->coeffs[i], gamma2);
		n += (unsigned)h->coeffs[i];
	}
	return n;
}

void pqs_mldsa_poly_use_hint(mldsa_poly *b, const mldsa_poly *a, const mldsa_poly *h, int32_t gamma2)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_poly_use_hint_avx2(b, a, h, gamma2);
		return;
	}
#endif
	for (unsigned i = 0; i < MLDSA_N; i++)
		b->coeffs[i] = mldsa_use_hint(a->coeffs[i], h->coeffs[i], gamma2);
}

/* ---- Sampling (FIPS 204 section 7.3) ---- */

/* Absorb a seed and a two-byte little-endian nonce (IntegerToBytes(nonce, 2)). */
static void absorb_seed_nonce(pqs_keccak *ks, const uint8_t *seed, size_t seed_len, uint16_t nonce)
{
	const uint8_t t[2] = {(uint8_t)nonce, (uint8_t)(nonce >> 8)};
	pqs_keccak_absorb(ks, seed, seed_len);
	pqs_keccak_absorb(ks, t, 2);
}

/*
 * Algorithm 30 steps 4-10 / Algorithm 14 (CoeffFromThreeBytes): each 3
 * bytes give a 23-bit candidate (top bit of the third byte cleared),
 * accepted if < q.  Operates on public data (rho), so it may branch.
 */
unsigned pqs_mldsa_rej_uniform(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen)
{
	unsigned ctr = 0;
	size_t pos = 0;
#if MLDSA_AVX2_BUILD
	/* The AVX2 path takes the bulk, eight candidates at a time; this loop finishes. */
	if (pqs_simd_avx2())
		ctr = pqs_mldsa_rej_uniform_avx2(a, len, buf, buflen, &pos);
#endif
	while (ctr < len && pos + 3 <= buflen) {
		uint32_t t = buf[pos] | ((uint32_t)buf[pos + 1] << 8) | ((uint32_t)(buf[pos + 2] & 0x7F) << 16);
		pos += 3;
		/* Store unconditionally, advance if accepted (a rejected slot is reused). */
		a[ctr] = (int32_t)t;
		ctr += (unsigned)(t < MLDSA_Q);
	}
	return ctr;
}

/*
 * 5 blocks = 280 candidates (4 would be 224): 256 accepts need at most 24
 * rejections at rate 1 - q/2^23 < 2^-10, which fails with negligible
 * probability; the loop below covers that case anyway.
 */
#define UNIFORM_NBLOCKS 5

void pqs_mldsa_poly_uniform(mldsa_poly *a, const uint8_t rho[MLDSA_SEEDBYTES], uint16_t nonce)
{
	uint8_t buf[UNIFORM_NBLOCKS * SHAKE128_RATE];
	pqs_keccak ks;
	pqs_shake128_init(&ks);
	absorb_seed_nonce(&ks, rho, MLDSA_SEEDBYTES, nonce);
	pqs_keccak_squeeze_blocks(&ks, buf, UNIFORM_NBLOCKS);
	unsigned ctr = pqs_mldsa_rej_uniform(a->coeffs, MLDSA_N, buf, sizeof buf);
	while (ctr < MLDSA_N) {
		/* The rate is a multiple of 3, so no candidate straddles blocks. */
		pqs_keccak_squeeze_blocks(&ks, buf, 1);
		ctr += pqs_mldsa_rej_uniform(a->coeffs + ctr, MLDSA_N - ctr, buf, SHAKE128_RATE);
	}
}

/*
 * Algorithm 31 steps 4-13 with Algorithm 15 (CoeffFromHalfByte): low nibble
 * first, then high nibble.  eta = 2 accepts b < 15 and maps to 2 - (b mod 5)
 * (mod 5 by the multiply-shift 205 b / 1024, exact for b < 15); eta = 4
 * accepts b < 9 and maps to 4 - b.  Only the accept bit is declassified.
 */
unsigned pqs_mldsa_rej_eta(int32_t *a, unsigned len, const uint8_t *buf, size_t buflen, unsigned eta)
{
	unsigned ctr = 0;
	size_t pos = 0;
	const uint32_t limit = (eta == 2) ? 15 : 9;
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2())
		ctr = pqs_mldsa_rej_eta_avx2(a, len, buf, buflen, eta, &pos);
#endif
	while (ctr < len && pos < buflen) {
		const uint32_t nib[2] = {buf[pos] & 0x0Fu, (uint32_t)buf[pos] >> 4};
		pos++;
		for (unsigned h = 0; h < 2 && ctr < len; h++) {
			uint32_t t = nib[h];
			uint32_t accept = (t - limit) >> 31; /* t < limit */
			PQS_CT_DECLASSIFY(&accept, sizeof accept);
			if (eta == 2)
				t -= ((205 * t) >> 10) * 5;
			/*
			 * Always write the candidate and advance by the (public) accept
			 * bit: a rejected value is overwritten by the next one.  No
			 * unpredictable branch (acceptance is 9/16 for eta = 4).
			 */
			a[ctr] = (int32_t)eta - (int32_t)t;
			ctr += accept;
		}
	}
	return ctr;
}

void pqs_mldsa_poly_uniform_eta(mldsa_poly *a, const uint8_t rhop[MLDSA_CRHBYTES], uint16_t nonce, unsigned eta)
{
	/* Expected bytes for 256 accepts: 137 (eta = 2), 228 (eta = 4). */
	uint8_t buf[2 * SHAKE256_RATE];
	const size_t nblocks = (eta == 2) ? 1 : 2;
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	absorb_seed_nonce(&ks, rhop, MLDSA_CRHBYTES, nonce);
	pqs_keccak_squeeze_blocks(&ks, buf, nblocks);
	unsigned ctr = pqs_mldsa_rej_eta(a->coeffs, MLDSA_N, buf, nblocks * SHAKE256_RATE, eta);
	while (ctr < MLDSA_N) {
		pqs_keccak_squeeze_blocks(&ks, buf, 1);
		ctr += pqs_mldsa_rej_eta(a->coeffs + ctr, MLDSA_N - ctr, buf, SHAKE256_RATE, eta);
	}
	pqs_keccak_clear(&ks);
	pqs_zeroize(buf, sizeof buf);
}

void pqs_mldsa_poly_uniform_gamma1(mldsa_poly *a, const uint8_t rhopp[MLDSA_CRHBYTES], uint16_t nonce, int32_t gamma1)
{
	/* Algorithm 34 step 5: H(rho'' || IntegerToBytes(kappa + r, 2)) truncated to 32 c bytes. */
	uint8_t buf[5 * SHAKE256_RATE]; /* 680 >= 640 = 32 * 20 */
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	absorb_seed_nonce(&ks, rhopp, MLDSA_CRHBYTES, nonce);
	pqs_keccak_squeeze_blocks(&ks, buf, 5);
	pqs_mldsa_polyz_unpack(a, buf, gamma1);
	pqs_keccak_clear(&ks);
	pqs_zeroize(buf, sizeof buf);
}

/* ---- Four samplers at once on the four-way SHAKE (src/core/keccak_x4.h) ---- */

/*
 * Start four sponges on seed || IntegerToBytes(nonce[j], 2) and squeeze
 * nblocks blocks into buf[j] for every busy lane (a[j] not NULL).  out[j]
 * is left pointing at buf[j] (NULL for idle lanes) for further blocks.
 */
static void x4_start(pqs_keccak_x4 *ks, int shake256, mldsa_poly *const a[4], const uint8_t *seed, size_t seed_len,
		     const uint16_t nonce[4], uint8_t *buf, size_t buf_stride, size_t nblocks, uint8_t *out[4])
{
	uint8_t in[4][MLDSA_CRHBYTES + 2];
	const uint8_t *inp[4];
	for (unsigned j = 0; j < 4; j++) {
		inp[j] = NULL;
		out[j] = NULL;
		if (!a[j])
			continue;
		memcpy(in[j], seed, seed_len);
		in[j][seed_len] = (uint8_t)nonce[j];
		in[j][seed_len + 1] = (uint8_t)(nonce[j] >> 8);
		inp[j] = in[j];
		out[j] = buf + j * buf_stride;
	}
	if (shake256)
		pqs_shake256_x4_init(ks);
	else
		pqs_shake128_x4_init(ks);
	pqs_keccak_x4_absorb(ks, inp, seed_len + 2);
	pqs_keccak_x4_squeeze_blocks(ks, out, nblocks);
	pqs_zeroize(in, sizeof in);
}

/*
 * Rejection sampling of every busy lane from the first first_len bytes in
 * out[j], then one more block of all four streams at a time until each
 * polynomial has 256 coefficients: RejNTTPoly (eta = 0, SHAKE128) or
 * RejBoundedPoly (eta = 2 or 4, SHAKE256).  Both rates are multiples of 3,
 * so no candidate straddles blocks.
 */
static void x4_reject_fill(pqs_keccak_x4 *ks, mldsa_poly *const a[4], uint8_t *const out[4], size_t first_len,
			   unsigned eta)
{
	const size_t rate = eta ? SHAKE256_RATE : SHAKE128_RATE;
	unsigned ctr[4];
	size_t len = first_len;
	for (unsigned j = 0; j < 4; j++)
		ctr[j] = a[j] ? 0 : MLDSA_N;
	for (;;) {
		unsigned missing = 0;
		for (unsigned j = 0; j < 4; j++) {
			if (ctr[j] < MLDSA_N) {
				int32_t *dst = a[j]->coeffs + ctr[j];
				ctr[j] += eta ? pqs_mldsa_rej_eta(dst, MLDSA_N - ctr[j], out[j], len, eta)
					      : pqs_mldsa_rej_uniform(dst, MLDSA_N - ctr[j], out[j], len);
			}
			missing |= ctr[j] < MLDSA_N;
		}
		if (!missing)
			return;
		pqs_keccak_x4_squeeze_blocks(ks, out, 1);
		len = rate;
	}
}

/* The four-way path pays when AVX2 runs it and at least two lanes are busy. */
static int x4_worth_it(mldsa_poly *const a[4])
{
	const unsigned busy = (a[0] != NULL) + (a[1] != NULL) + (a[2] != NULL) + (a[3] != NULL);
	return busy >= 2 && pqs_simd_avx2();
}

void pqs_mldsa_poly_uniform_x4(mldsa_poly *const a[4], const uint8_t rho[MLDSA_SEEDBYTES], const uint16_t nonce[4])
{
	if (!x4_worth_it(a)) {
		for (unsigned j = 0; j < 4; j++)
			if (a[j])
				pqs_mldsa_poly_uniform(a[j], rho, nonce[j]);
		return;
	}
	uint8_t buf[4][UNIFORM_NBLOCKS * SHAKE128_RATE];
	uint8_t *out[4];
	pqs_keccak_x4 ks;
	x4_start(&ks, 0, a, rho, MLDSA_SEEDBYTES, nonce, buf[0], sizeof buf[0], UNIFORM_NBLOCKS, out);
	x4_reject_fill(&ks, a, out, sizeof buf[0], 0);
}

void pqs_mldsa_poly_uniform_eta_x4(mldsa_poly *const a[4], const uint8_t rhop[MLDSA_CRHBYTES], const uint16_t nonce[4],
				   unsigned eta)
{
	if (!x4_worth_it(a)) {
		for (unsigned j = 0; j < 4; j++)
			if (a[j])
				pqs_mldsa_poly_uniform_eta(a[j], rhop, nonce[j], eta);
		return;
	}
	/* As pqs_mldsa_poly_uniform_eta: 1 block (eta = 2) or 2 (eta = 4), then one at a time. */
	uint8_t buf[4][2 * SHAKE256_RATE];
	const size_t nblocks = (eta == 2) ? 1 : 2;
	uint8_t *out[4];
	pqs_keccak_x4 ks;
	x4_start(&ks, 1, a, rhop, MLDSA_CRHBYTES, nonce, buf[0], sizeof buf[0], nblocks, out);
	x4_reject_fill(&ks, a, out, nblocks * SHAKE256_RATE, eta);
	pqs_keccak_x4_clear(&ks);
	pqs_zeroize(buf, sizeof buf);
}

void pqs_mldsa_poly_uniform_gamma1_x4(mldsa_poly *const a[4], const uint8_t rhopp[MLDSA_CRHBYTES],
				      const uint16_t nonce[4], int32_t gamma1)
{
	if (!x4_worth_it(a)) {
		for (unsigned j = 0; j < 4; j++)
			if (a[j])
				pqs_mldsa_poly_uniform_gamma1(a[j], rhopp, nonce[j], gamma1);
		return;
	}
	uint8_t buf[4][5 * SHAKE256_RATE]; /* as pqs_mldsa_poly_uniform_gamma1 */
	uint8_t *out[4];
	pqs_keccak_x4 ks;
	x4_start(&ks, 1, a, rhopp, MLDSA_CRHBYTES, nonce, buf[0], sizeof buf[0], 5, out);
	for (unsigned j = 0; j < 4; j++)
		if (a[j])
			pqs_mldsa_polyz_unpack(a[j], buf[j], gamma1);
	pqs_keccak_x4_clear(&ks);
	pqs_zeroize(buf, sizeof buf);
}

/*
 * 0xFF if x == y, else 0.  The comparison only produces a value (sete /
 * pcmpeqb), never a branch; in this form the scans below vectorize.
 */
static inline uint8_t ct_eq_mask8(uint8_t x, uint8_t y)
{
	return (uint8_t)-(uint8_t)(x == y);
}

/*
 * Algorithm 29 steps 11-12 for i = 256 - tau .. 255 with the sampled
 * j[n] and sign bits: c_i = c_j; c_j = (-1)^h[i + tau - 256].  j stays
 * secret while signing (c~ of a rejected attempt is never published), so
 * both steps scan every index with a mask instead of indexing by j
 * (entries above i are zero and never match).  cc starts at zero.
 */
static void ball_swaps(uint8_t cc[MLDSA_N], const uint8_t *j, uint64_t signs, unsigned tau)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_ball_swaps_avx2(cc, j, signs, tau);
		return;
	}
#endif
	memset(cc, 0, MLDSA_N);
	for (unsigned n = 0; n < tau; n++, signs >>= 1) {
		const unsigned i = MLDSA_N - tau + n;
		const uint8_t s = (uint8_t)(1u | (0u - (uint32_t)(signs & 1))); /* 0x01 or 0xFF (-1) */
		uint8_t cj = 0;
		for (unsigned t = 0; t < MLDSA_N; t++)
			cj |= cc[t] & ct_eq_mask8((uint8_t)t, j[n]);
		cc[i] = cj;
		for (unsigned t = 0; t < MLDSA_N; t++) {
			const uint8_t m = ct_eq_mask8((uint8_t)t, j[n]);
			cc[t] = (uint8_t)((cc[t] & ~m) | (s & m));
		}
	}
}

void pqs_mldsa_poly_challenge(mldsa_poly *c, const uint8_t *ctilde, size_t ctilde_len, unsigned tau)
{
	uint8_t buf[SHAKE256_RATE];
	/* Coefficients in {-1, 0, 1} as bytes (two's complement), so the masked scans are short. */
	uint8_t cc[MLDSA_N];
	uint8_t js[MLDSA_N]; /* the sampled j of each step */
	pqs_keccak ks;
	pqs_shake256_init(&ks);
	pqs_keccak_absorb(&ks, ctilde, ctilde_len);
	pqs_keccak_squeeze_blocks(&ks, buf, 1);

	/* Algorithm 29 steps 3-4: the first 8 bytes are the tau sign bits. */
	uint64_t signs = 0;
	for (unsigned i = 0; i < 8; i++)
		signs |= (uint64_t)buf[i] << (8 * i);
	unsigned pos = 8;

	for (unsigned i = MLDSA_N - tau; i < MLDSA_N; i++) {
		/* Steps 7-10: sample j in [0, i] by rejection; only the decision is made public. */
		for (;;) {
			if (pos == SHAKE256_RATE) {
				pqs_keccak_squeeze_blocks(&ks, buf, 1);
				pos = 0;
			}
			const uint32_t j = buf[pos++];
			uint32_t reject = ((uint32_t)i - j) >> 31; /* j > i */
			PQS_CT_DECLASSIFY(&reject, sizeof reject);
			js[i - (MLDSA_N - tau)] = (uint8_t)j;
			if (!reject)
				break;
		}
	}
	ball_swaps(cc, js, signs, tau);
	/* Sign-extend the bytes: 0xFF -> -1. */
	for (unsigned t = 0; t < MLDSA_N; t++)
		c->coeffs[t] = (int32_t)cc[t] - (int32_t)((cc[t] >> 7) << 8);
	pqs_keccak_clear(&ks);
	pqs_zeroize(buf, sizeof buf);
	pqs_zeroize(cc, sizeof cc);
	pqs_zeroize(js, sizeof js);
}

/* ---- Bit packing (FIPS 204 section 7.1) ---- */

/*
 * Algorithm 16/17 core: write 256 values of `bits` bits each, least
 * significant bit first (IntegerToBits then BitsToBytes).  Eight values
 * fill exactly `bits` bytes; with `bits` a literal at every call site the
 * offsets below are compile-time constants.  Values must be < 2^bits.
 */
static inline void pack_bits(uint8_t *out, const uint32_t v[MLDSA_N], unsigned bits)
{
	for (unsigned g = 0; g < MLDSA_N / 8; g++, out += bits) {
		memset(out, 0, bits);
#pragma GCC unroll 8
		for (unsigned j = 0; j < 8; j++) {
			const unsigned p = j * bits, off = p >> 3, sh = p & 7;
			const uint32_t w = v[8 * g + j] << sh;
#pragma GCC unroll 4
			for (unsigned k = 0; 8 * k < sh + bits; k++)
				out[off + k] |= (uint8_t)(w >> (8 * k));
		}
	}
}

/*
 * Algorithm 18/19 core: the inverse of pack_bits.  Eight values always
 * occupy exactly `bits` bytes, so each group is decoded with offsets that
 * are compile-time constants once `bits` is (every caller passes a
 * literal): value j of a group starts at bit j * bits and spans at most
 * four bytes (bits <= 20).
 */
static inline void unpack_bits(uint32_t v[MLDSA_N], const uint8_t *in, unsigned bits)
{
	const uint32_t mask = ((uint32_t)1 << bits) - 1;
	for (unsigned g = 0; g < MLDSA_N / 8; g++, in += bits) {
#pragma GCC unroll 8
		for (unsigned j = 0; j < 8; j++) {
			const unsigned p = j * bits, off = p >> 3, sh = p & 7;
			uint32_t w = 0;
#pragma GCC unroll 4
			for (unsigned k = 0; 8 * k < sh + bits; k++)
				w |= (uint32_t)in[off + k] << (8 * k);
			v[8 * g + j] = (w >> sh) & mask;
		}
	}
}

/* skEncode's BitPack(s, eta, eta): eta - s_i in 3 (eta = 2) or 4 (eta = 4) bits. */
void pqs_mldsa_polyeta_pack(uint8_t *r, const mldsa_poly *a, unsigned eta)
{
	ON_AVX2(pqs_mldsa_polyeta_pack_avx2(r, a->coeffs, eta));
	uint32_t v[MLDSA_N];
	for (unsigned i = 0; i < MLDSA_N; i++)
		v[i] = (uint32_t)((int32_t)eta - a->coeffs[i]);
	if (eta == 2)
		pack_bits(r, v, 3);
	else
		pack_bits(r, v, 4);
	pqs_zeroize(v, sizeof v);
}

/*
 * The unpackers decode into the coefficient array itself (read as uint32_t,
 * which C11 6.5p7 allows for an int32_t object) and map in place, so no
 * secret copy is left on the stack.
 */
unsigned pqs_mldsa_polyeta_unpack(mldsa_poly *a, const uint8_t *r, unsigned eta)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2())
		return pqs_mldsa_polyeta_unpack_avx2(a->coeffs, r, eta);
#endif
	uint32_t *v = (uint32_t *)a->coeffs;
	int32_t bad = 0;
	if (eta == 2)
		unpack_bits(v, r, 3);
	else
		unpack_bits(v, r, 4);
	for (unsigned i = 0; i < MLDSA_N; i++) {
		const int32_t x = (int32_t)v[i];
		/* A value above 2 eta decodes outside [-eta, eta]: not a key skEncode can produce. */
		bad |= (int32_t)(2 * eta) - x;
		a->coeffs[i] = (int32_t)eta - x;
	}
	return (unsigned)(bad >> 31) & 1u;
}

/* pkEncode's SimpleBitPack(t1, 2^10 - 1) (Algorithm 22 step 3). */
void pqs_mldsa_polyt1_pack(uint8_t r[MLDSA_POLYT1_BYTES], const mldsa_poly *a)
{
	ON_AVX2(pqs_mldsa_polyt1_pack_avx2(r, a->coeffs));
	uint32_t v[MLDSA_N];
	for (unsigned i = 0; i < MLDSA_N; i++)
		v[i] = (uint32_t)a->coeffs[i];
	pack_bits(r, v, 10);
}

void pqs_mldsa_polyt1_unpack(mldsa_poly *a, const uint8_t r[MLDSA_POLYT1_BYTES])
{
	ON_AVX2(pqs_mldsa_polyt1_unpack_avx2(a->coeffs, r));
	unpack_bits((uint32_t *)a->coeffs, r, 10);
}

/* skEncode's BitPack(t0, 2^12 - 1, 2^12): 2^12 - t0_i in 13 bits. */
void pqs_mldsa_polyt0_pack(uint8_t r[MLDSA_POLYT0_BYTES], const mldsa_poly *a)
{
	ON_AVX2(pqs_mldsa_polyt0_pack_avx2(r, a->coeffs));
	uint32_t v[MLDSA_N];
	for (unsigned i = 0; i < MLDSA_N; i++)
		v[i] = (uint32_t)((1 << (MLDSA_D - 1)) - a->coeffs[i]);
	pack_bits(r, v, MLDSA_D);
	pqs_zeroize(v, sizeof v);
}

void pqs_mldsa_polyt0_unpack(mldsa_poly *a, const uint8_t r[MLDSA_POLYT0_BYTES])
{
	ON_AVX2(pqs_mldsa_polyt0_unpack_avx2(a->coeffs, r));
	uint32_t *v = (uint32_t *)a->coeffs;
	unpack_bits(v, r, MLDSA_D);
	for (unsigned i = 0; i < MLDSA_N; i++)
		a->coeffs[i] = (1 << (MLDSA_D - 1)) - (int32_t)v[i];
}

/* sigEncode's BitPack(z, gamma1 - 1, gamma1): gamma1 - z_i in 18 or 20 bits. */
void pqs_mldsa_polyz_pack(uint8_t *r, const mldsa_poly *a, int32_t gamma1)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_polyz_pack_avx2(r, a, gamma1);
		return;
	}
#endif
	uint32_t v[MLDSA_N];
	for (unsigned i = 0; i < MLDSA_N; i++)
		v[i] = (uint32_t)(gamma1 - a->coeffs[i]);
	if (gamma1 == (1 << 17))
		pack_bits(r, v, 18);
	else
		pack_bits(r, v, 20);
}

void pqs_mldsa_polyz_unpack(mldsa_poly *a, const uint8_t *r, int32_t gamma1)
{
	ON_AVX2(pqs_mldsa_polyz_unpack_avx2(a->coeffs, r, gamma1));
	uint32_t *v = (uint32_t *)a->coeffs;
	if (gamma1 == (1 << 17))
		unpack_bits(v, r, 18);
	else
		unpack_bits(v, r, 20);
	for (unsigned i = 0; i < MLDSA_N; i++)
		a->coeffs[i] = gamma1 - (int32_t)v[i];
}

/* w1Encode (Algorithm 28): SimpleBitPack(w1, (q-1)/(2 gamma2) - 1), 6 or 4 bits. */
void pqs_mldsa_polyw1_pack(uint8_t *r, const mldsa_poly *a, int32_t gamma2)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2()) {
		pqs_mldsa_polyw1_pack_avx2(r, a, gamma2);
		return;
	}
#endif
	uint32_t v[MLDSA_N];
	for (unsigned i = 0; i < MLDSA_N; i++)
		v[i] = (uint32_t)a->coeffs[i];
	if (gamma2 == (MLDSA_Q - 1) / 88)
		pack_bits(r, v, 6);
	else
		pack_bits(r, v, 4);
	pqs_zeroize(v, sizeof v);
}
