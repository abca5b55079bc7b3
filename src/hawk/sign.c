/*
 * Hawk signing (round-2 specification, section 3.3, Algorithm 2
 * "HawkSign"), bit-exact with the reference hawk_sign_finish() of
 * hawk-sign/dev as called by its NIST API (crypto_sign):
 *
 *   hm = SHAKE256(msg || hpub)                      (64 bytes)
 *   for attempt = 0, 2, 4, ...:
 *     salt = SHAKE256(hm || kgseed || attempt || rng(salt_len))
 *     h = SHAKE256(hm || salt)                      (2n bits: h0, h1)
 *     t = B*h mod 2, B = [[f, F], [g, G]]
 *     x = D_{t/2}(sigma_sign) (sampler.c): 2n samples from the reference tables, the
 *         randomness from four SHAKE256(hm || kgseed || attempt+1 ||
 *         rng(40) || j) streams; restart if ||x||^2 is too large
 *     w = f*x1 - g*x0 modulo 18433 (the sampler returns 2x, so this is
 *         h1 - 2*s1 for s1 = h1/2 + g*x0 - f*x1)
 *     sym-break: s1 = (h1 - w)/2 if the first non-zero coefficient of w
 *         is positive, else (h1 + w)/2; restart if |s1| is too large
 *     sig = salt || Enc(s1), restart if the encoding does not fit
 *
 * The secret values (f, g, F mod 2, G mod 2, x, w) are processed in
 * constant time; the restart verdicts are declassified (a rejected
 * candidate is discarded).
 */
#include <string.h>

#include "core/ct.h"
#include "core/simd.h"
#include "inner.h"
#include "pqsig/sig.h"

#define SIGN_Q 18433

void
pqs_hawk_hash_message(uint8_t hm[64], const uint8_t *msg, size_t msg_len,
	const uint8_t *hpub, size_t hpub_len)
{
	pqs_keccak sc;

	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, msg, msg_len);
	pqs_keccak_absorb(&sc, hpub, hpub_len);
	pqs_keccak_squeeze(&sc, hm, 64);
}

void
pqs_hawk_hash_salted(uint8_t *h, const uint8_t hm[64], const uint8_t *salt,
	size_t salt_len, unsigned logn)
{
	pqs_keccak sc;

	pqs_shake256_init(&sc);
	pqs_keccak_absorb(&sc, hm, 64);
	pqs_keccak_absorb(&sc, salt, salt_len);
	pqs_keccak_squeeze(&sc, h, (size_t)1 << (logn - 2));
}

static void
store_le32(uint8_t *b, uint32_t x)
{
	b[0] = (uint8_t)x;
	b[1] = (uint8_t)(x >> 8);
	b[2] = (uint8_t)(x >> 16);
	b[3] = (uint8_t)(x >> 24);
}

/* Bit polynomials of n bits as n/64 little-endian words. */
static void
bits_to_words(uint64_t *w, const uint8_t *b, size_t n)
{
	size_t u;

	for (u = 0; u < n / 64; u++) {
		w[u] = pqs_hawk_le64(b + 8 * u);
	}
}

/*
 * t0 = f*h0 + F*h1, t1 = g*h0 + G*h1 in GF(2)[x]/(x^n+1) (= x^n-1: cyclic
 * convolutions; n/64 words per polynomial).  Bit i = 64k + j of a
 * multiplies h by x^i: h rotated by j bits (built once per j, shared by
 * the four products, and stored twice in a row), then by k whole words
 * (a window of the doubled rotation, so that the word loop is a plain
 * vector loop).  The secret bits of f, g, F, G only select masks.
 */
PQS_HAWK_BODY void gf2_tmul(uint64_t *t0, uint64_t *t1, const pqs_hawk_gf2_basis *b, const uint64_t *h0,
			    const uint64_t *h1, size_t n)
{
	size_t words = n / 64, j, k, w;
	uint64_t r0[2 * PQS_HAWK_MAX_N / 64], r1[2 * PQS_HAWK_MAX_N / 64];

	memset(t0, 0, words * sizeof *t0);
	memset(t1, 0, words * sizeof *t1);
	for (j = 0; j < 64; j++) {
		/* r = h * x^j (rotation by j bits of the n-bit word string). */
		for (w = 0; w < words; w++) {
			size_t pw = w == 0 ? words - 1 : w - 1;

			r0[w] = j == 0 ? h0[w] : (h0[w] << j) | (h0[pw] >> (64 - j));
			r1[w] = j == 0 ? h1[w] : (h1[w] << j) | (h1[pw] >> (64 - j));
			r0[w + words] = r0[w];
			r1[w + words] = r1[w];
		}
		for (k = 0; k < words; k++) {
			uint64_t mf = -((b->f[k] >> j) & 1), mF = -((b->F[k] >> j) & 1);
			uint64_t mg = -((b->g[k] >> j) & 1), mG = -((b->G[k] >> j) & 1);
			/* x^(64k) moves word w to word w + k (mod words). */
			const uint64_t *s0 = r0 + words - k, *s1 = r1 + words - k;

			for (w = 0; w < words; w++) {
				t0[w] ^= (s0[w] & mf) ^ (s1[w] & mF);
				t1[w] ^= (s0[w] & mg) ^ (s1[w] & mG);
			}
		}
	}
}

static void gf2_tmul_portable(uint64_t *t0, uint64_t *t1, const pqs_hawk_gf2_basis *b, const uint64_t *h0,
			      const uint64_t *h1, size_t n)
{
	gf2_tmul(t0, t1, b, h0, h1, n);
}

#if PQS_HAWK_AVX2_BUILD
PQS_HAWK_AVX2 static void gf2_tmul_avx2(uint64_t *t0, uint64_t *t1, const pqs_hawk_gf2_basis *b, const uint64_t *h0,
					const uint64_t *h1, size_t n)
{
	gf2_tmul(t0, t1, b, h0, h1, n);
}
#endif

void pqs_hawk_gf2_tmul(uint64_t *t0, uint64_t *t1, const pqs_hawk_gf2_basis *b, const uint64_t *h0, const uint64_t *h1,
		       size_t n)
{
#if PQS_HAWK_AVX2_BUILD
	if (pqs_simd_avx2()) {
		gf2_tmul_avx2(t0, t1, b, h0, h1, n);
		return;
	}
#endif
	gf2_tmul_portable(t0, t1, b, h0, h1, n);
}

/* Sign of the first non-zero coefficient: 1, -1, or 0 if all are zero
 * (constant time). */
static int32_t
symbreak(const int32_t *w, size_t n)
{
	uint32_t r = 0, c = 0xFFFFFFFFu;
	size_t u;

	for (u = 0; u < n; u++) {
		uint32_t x = (uint32_t)w[u];
		uint32_t nz = c & (uint32_t)-(uint32_t)((x | -x) >> 31);

		c &= ~nz;
		r |= nz & ((uint32_t)-(x >> 31) | 1);
	}
	return (int32_t)r;
}

/* Signing working memory. */
typedef struct {
	int8_t f[PQS_HAWK_MAX_N], g[PQS_HAWK_MAX_N];
	int8_t x[2 * PQS_HAWK_MAX_N];
	int32_t w[PQS_HAWK_MAX_N];
	int16_t s1[PQS_HAWK_MAX_N];
	pqs_hawk_gf2_basis b2; /* B mod 2 */
	uint64_t h0[PQS_HAWK_MAX_N / 64], h1[PQS_HAWK_MAX_N / 64];
	uint64_t t[2 * PQS_HAWK_MAX_N / 64];
	uint8_t tb[2 * PQS_HAWK_MAX_N / 8];
	uint8_t h[2 * PQS_HAWK_MAX_N / 8];
	uint8_t salt[40], seed[40];
	uint8_t prefix[PQS_HAWK_SAMPLER_PREFIX_MAX];
	pqs_keccak sc;
} sign_work;

/* One attempt; 1 if sig was produced, 0 to restart, -1 on rng failure. */
static int
sign_attempt(sign_work *k, const pqs_hawk_params *prm, uint8_t *sig,
	const uint8_t hm[64], const uint8_t *sk, uint32_t attempt, pqs_rng *rng)
{
	unsigned logn = prm->logn;
	size_t n = (size_t)1 << logn, u;
	size_t salt_len = PQS_HAWK_SALT_LEN(logn);
	size_t seed_len = PQS_HAWK_SEED_LEN(logn);
	int32_t lim = (int32_t)1 << prm->bits_lims1;
	uint8_t ctr[4];
	uint32_t xsn, nm, bad = 0;
	int ok;

	if (pqs_rng_fill(rng, k->salt, salt_len) != 0) {
		return -1;
	}
	/* The salt also depends on the message and the key, so that it
	 * stays unpredictable if the rng is weak. */
	store_le32(ctr, attempt);
	pqs_shake256_init(&k->sc);
	pqs_keccak_absorb(&k->sc, hm, 64);
	pqs_keccak_absorb(&k->sc, sk, seed_len);
	pqs_keccak_absorb(&k->sc, ctr, sizeof ctr);
	pqs_keccak_absorb(&k->sc, k->salt, salt_len);
	pqs_keccak_squeeze(&k->sc, k->salt, salt_len);

	pqs_hawk_hash_salted(k->h, hm, k->salt, salt_len, logn);
	bits_to_words(k->h0, k->h, n);
	bits_to_words(k->h1, k->h + n / 8, n);

	/* t0 = f*h0 + F*h1, t1 = g*h0 + G*h1 (mod 2). */
	pqs_hawk_gf2_tmul(k->t, k->t + n / 64, &k->b2, k->h0, k->h1, n);
	for (u = 0; u < 2 * n / 8; u++) {
		k->tb[u] = (uint8_t)(k->t[u >> 3] >> (8 * (u & 7)));
	}

	if (pqs_rng_fill(rng, k->seed, 40) != 0) {
		return -1;
	}
	/* The sampler's streams: SHAKE256(hm || kgseed || attempt+1 ||
	 * seed || j). */
	memcpy(k->prefix, hm, 64);
	memcpy(k->prefix + 64, sk, seed_len);
	store_le32(k->prefix + 64 + seed_len, attempt + 1);
	xsn = pqs_hawk_sample(k->x, k->prefix, 64 + seed_len + 4, k->seed, k->tb, prm);
	ok = xsn <= prm->max_xnorm;
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return 0;
	}

	/* w = f*(2x1) - g*(2x0), normalized modulo 18433 into -9216..9216
	 * (as the reference, which computes it modulo 18433). */
	pqs_hawk_mul2_small(k->w, k->f, k->x + n, k->g, k->x, 0, 1, logn);
	for (u = 0; u < n; u++) {
		int32_t z = k->w[u] % SIGN_Q;

		z += SIGN_Q & -(int32_t)((uint32_t)z >> 31);
		z -= SIGN_Q & -(int32_t)((uint32_t)((SIGN_Q - 1) / 2 - z) >> 31);
		k->w[u] = z;
	}

	/* Sym-break, then s1 = (h1 -+ w)/2 within -2^b..2^b-1. */
	nm = ~(uint32_t)-(uint32_t)((uint32_t)(symbreak(k->w, n) - 1) >> 31);
	for (u = 0; u < n; u++) {
		uint32_t z = (uint32_t)k->w[u];
		int32_t y;

		z = ((z ^ nm) - nm) + ((k->h[n / 8 + (u >> 3)] >> (u & 7)) & 1);
		y = (int32_t)z >> 1;
		bad |= (uint32_t)((y + lim) | (lim - 1 - y)) >> 31;
		k->s1[u] = (int16_t)y;
	}
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	if (bad) {
		return 0;
	}
	/* s1 is the signature. */
	PQS_CT_DECLASSIFY(k->s1, n * sizeof k->s1[0]);
	return pqs_hawk_encode_sig(sig, prm, k->salt, k->s1);
}

int
pqs_hawk_sign(unsigned logn, uint8_t *sig, const uint8_t *msg,
	size_t msg_len, const uint8_t *sk, pqs_rng *rng)
{
	const pqs_hawk_params *prm = pqs_hawk_params_get(logn);
	size_t n, seed_len;
	sign_work k;
	uint8_t hm[64];
	uint8_t packed[PQS_HAWK_MAX_N / 8];
	uint32_t attempt;
	int r;

	if (prm == NULL || sig == NULL || sk == NULL || (msg == NULL && msg_len)) {
		return PQS_ERR_ARG;
	}
	n = (size_t)1 << logn;
	seed_len = PQS_HAWK_SEED_LEN(logn);
	pqs_hawk_regen_fg(k.f, k.g, sk, logn);
	pqs_hawk_hash_message(hm, msg, msg_len, sk + seed_len + n / 4,
		PQS_HAWK_HPUB_LEN(logn));
	pqs_hawk_low_bits(packed, k.f, n);
	bits_to_words(k.b2.f, packed, n);
	pqs_hawk_low_bits(packed, k.g, n);
	bits_to_words(k.b2.g, packed, n);
	bits_to_words(k.b2.F, sk + seed_len, n);
	bits_to_words(k.b2.G, sk + seed_len + n / 8, n);
	for (attempt = 0;; attempt += 2) {
		r = sign_attempt(&k, prm, sig, hm, sk, attempt, rng);
		if (r != 0) {
			break;
		}
	}
	pqs_zeroize(&k, sizeof k);
	pqs_zeroize(packed, sizeof packed);
	return r > 0 ? PQS_OK : PQS_ERR_RANDOMNESS;
}
