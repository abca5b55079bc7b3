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
 *     x = D_{t/2}(sigma_sign): 2n samples from the reference tables, the
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
 * the four products), then by k whole words (an index offset).  The
 * secret bits of f, g, F, G only select masks.
 */
static void gf2_tmul(uint64_t *t0, uint64_t *t1, const uint64_t *f, const uint64_t *g, const uint64_t *F,
		     const uint64_t *G, const uint64_t *h0, const uint64_t *h1, size_t n)
{
	size_t words = n / 64, j, k, w;
	uint64_t r0[PQS_HAWK_MAX_N / 64], r1[PQS_HAWK_MAX_N / 64];

	memset(t0, 0, words * sizeof *t0);
	memset(t1, 0, words * sizeof *t1);
	for (j = 0; j < 64; j++) {
		/* r = h * x^j (rotation by j bits of the n-bit word string). */
		for (w = 0; w < words; w++) {
			size_t pw = w == 0 ? words - 1 : w - 1;

			r0[w] = j == 0 ? h0[w] : (h0[w] << j) | (h0[pw] >> (64 - j));
			r1[w] = j == 0 ? h1[w] : (h1[w] << j) | (h1[pw] >> (64 - j));
		}
		for (k = 0; k < words; k++) {
			uint64_t mf = -((f[k] >> j) & 1), mF = -((F[k] >> j) & 1);
			uint64_t mg = -((g[k] >> j) & 1), mG = -((G[k] >> j) & 1);

			/* x^(64k) moves word w to word w + k (mod words). */
			for (w = 0; w < words; w++) {
				size_t d = w + k < words ? w + k : w + k - words;

				t0[d] ^= (r0[w] & mf) ^ (r1[w] & mF);
				t1[d] ^= (r0[w] & mg) ^ (r1[w] & mG);
			}
		}
	}
}

/*
 * The reference sampler (sig_gauss()): 2n values 2*x with x of centre
 * t/2 (t the parity bits) and standard deviation sigma_sign.  Sample v
 * uses a 63-bit low part and a 15-bit high part from stream j = (v/4)%4;
 * its magnitude is the number of table entries (of the column selected
 * by the parity bit) below the 78-bit uniform value.  Returns ||2x||^2.
 */
static uint32_t
sample_x(int8_t *x, const pqs_keccak *base, const uint8_t seed[40],
	const uint8_t *t, const pqs_hawk_params *prm)
{
	size_t n = (size_t)1 << prm->logn, per = n / 2;
	uint8_t stream[(2 * PQS_HAWK_MAX_N / 16) * 40];
	/* One stream's samples side by side: the table loops run over all
	 * of them at once (vectorizable, no data-dependent branch). */
	uint64_t lo[PQS_HAWK_MAX_N / 2], odd64[PQS_HAWK_MAX_N / 2];
	uint32_t hi[PQS_HAWK_MAX_N / 2], odd[PQS_HAWK_MAX_N / 2];
	uint32_t neg[PQS_HAWK_MAX_N / 2], r[PQS_HAWK_MAX_N / 2];
	uint32_t sn = 0;
	unsigned j;

	for (j = 0; j < 4; j++) {
		pqs_keccak sc = *base;
		uint8_t jx = (uint8_t)j;
		size_t m, i;

		pqs_keccak_absorb(&sc, seed, 40);
		pqs_keccak_absorb(&sc, &jx, 1);
		/* 40 bytes per group of 16 samples, read in one go. */
		pqs_keccak_squeeze(&sc, stream, (2 * n / 16) * 40);
		/* Stream j gives samples 4j..4j+3 of every group of 16: its
		 * sample m is v = 16*(m/4) + 4j + m%4. */
		for (m = 0; m < per; m++) {
			const uint8_t *buf = stream + (m / 4) * 40;
			size_t k = m % 4, v = 16 * (m / 4) + 4 * j + k;
			uint64_t l = pqs_hawk_le64(buf + 8 * k);

			hi[m] = ((uint32_t)buf[32 + 2 * k] | ((uint32_t)buf[33 + 2 * k] << 8)) & 0x7FFF;
			neg[m] = (uint32_t) - (uint32_t)(l >> 63);
			lo[m] = l & 0x7FFFFFFFFFFFFFFFu;
			odd[m] = (uint32_t) - (uint32_t)((t[v >> 3] >> (v & 7)) & 1);
			odd64[m] = (uint64_t)(int64_t)(int32_t)odd[m];
			r[m] = 0;
		}
		for (i = 0; i < prm->gauss_hi_len; i += 2) {
			uint64_t te = prm->gauss_lo[i], tx = te ^ prm->gauss_lo[i + 1];
			uint32_t he = prm->gauss_hi[i];
			uint32_t hx = he ^ prm->gauss_hi[i + 1];

			for (m = 0; m < per; m++) {
				uint64_t tlo = te ^ (odd64[m] & tx);
				uint32_t thi = he ^ (odd[m] & hx);
				uint32_t cc = (uint32_t)((lo[m] - tlo) >> 63);

				r[m] += (hi[m] - thi - cc) >> 31;
			}
		}
		for (i = prm->gauss_hi_len; i < prm->gauss_lo_len; i += 2) {
			uint64_t te = prm->gauss_lo[i], tx = te ^ prm->gauss_lo[i + 1];

			for (m = 0; m < per; m++) {
				uint64_t tlo = te ^ (odd64[m] & tx);
				uint32_t hinz = (hi[m] - 1) >> 31;

				r[m] += hinz & (uint32_t)((lo[m] - tlo) >> 63);
			}
		}
		for (m = 0; m < per; m++) {
			size_t v = 16 * (m / 4) + 4 * j + m % 4;
			uint32_t z = (r[m] << 1) - odd[m];

			z = (z ^ neg[m]) - neg[m];
			x[v] = (int8_t)(int32_t)z;
			sn += z * z;
		}
		pqs_keccak_clear(&sc);
	}
	pqs_zeroize(stream, sizeof stream);
	pqs_zeroize(lo, sizeof lo);
	pqs_zeroize(hi, sizeof hi);
	pqs_zeroize(odd, sizeof odd);
	pqs_zeroize(odd64, sizeof odd64);
	pqs_zeroize(neg, sizeof neg);
	pqs_zeroize(r, sizeof r);
	return sn;
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
	uint64_t f2[PQS_HAWK_MAX_N / 64], g2[PQS_HAWK_MAX_N / 64];
	uint64_t F2[PQS_HAWK_MAX_N / 64], G2[PQS_HAWK_MAX_N / 64];
	uint64_t h0[PQS_HAWK_MAX_N / 64], h1[PQS_HAWK_MAX_N / 64];
	uint64_t t[2 * PQS_HAWK_MAX_N / 64];
	uint8_t tb[2 * PQS_HAWK_MAX_N / 8];
	uint8_t h[2 * PQS_HAWK_MAX_N / 8];
	uint8_t salt[40], seed[40];
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
	gf2_tmul(k->t, k->t + n / 64, k->f2, k->g2, k->F2, k->G2, k->h0, k->h1, n);
	for (u = 0; u < 2 * n / 8; u++) {
		k->tb[u] = (uint8_t)(k->t[u >> 3] >> (8 * (u & 7)));
	}

	if (pqs_rng_fill(rng, k->seed, 40) != 0) {
		return -1;
	}
	store_le32(ctr, attempt + 1);
	pqs_shake256_init(&k->sc);
	pqs_keccak_absorb(&k->sc, hm, 64);
	pqs_keccak_absorb(&k->sc, sk, seed_len);
	pqs_keccak_absorb(&k->sc, ctr, sizeof ctr);
	xsn = sample_x(k->x, &k->sc, k->seed, k->tb, prm);
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
	bits_to_words(k.f2, packed, n);
	pqs_hawk_low_bits(packed, k.g, n);
	bits_to_words(k.g2, packed, n);
	bits_to_words(k.F2, sk + seed_len, n);
	bits_to_words(k.G2, sk + seed_len + n / 8, n);
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
