/*
 * Hawk key generation (round-2 specification, section 3.2, Algorithm 1
 * "HawkKeyGen"), bit-exact with the reference hawk_keygen() /
 * Hawk_keygen() of hawk-sign/dev:
 *
 *   repeat:
 *     kgseed <- rng (8 + n/32 bytes); (f, g) <- Regen(kgseed)
 *     reject unless f and g both have odd coefficient sums
 *       (so that Res(f), Res(g) are odd and fG - gF = 1 can be solved)
 *     reject if ||f||^2 + ||g||^2 < 2n*sigma_sec^2
 *     reject unless q00 = f*adj(f) + g*adj(g) is invertible modulo
 *       x^n+1 and the primes 2147473409 and 2147389441 (the verifier
 *       divides by q00 modulo these primes)
 *     reject if the constant term of 1/q00 exceeds 1/250, 1/1000,
 *       1/3000 (n = 256, 512, 1024), computed in 32.32 fixed point
 *     (F, G) <- NTRUSolve(f, g, q = 1) with the reference solver's own
 *       rejections (ntru.c, rules R1-R6)
 *     q01 = F*adj(f) + G*adj(g), q11 = F*adj(F) + G*adj(G); reject if
 *       a coefficient is out of the bounds of params.c
 *     reject if the public key encoding does not fit its fixed size
 *   pk = Enc(q00, q01); sk = kgseed || F mod 2 || G mod 2 || H(pk)
 *
 * Each test's verdict is a PQS_HAWK_KG_* code; the KAT test pins how
 * often each one fires on the kgseeds the reference drew and rejected.
 */
#include <string.h>

#include "core/ct.h"
#include "core/keccak_x4.h"
#include "fndsa/keygen2025_inner.h"
#include "inner.h"
#include "pqsig/sig.h"

/*
 * Centred binomial coefficients: each is the number of one bits in a
 * group of 2^(logn-6) bits (4, 8, 16), minus half the group size.  Four
 * SHAKE256(seed || j) streams are interleaved: stream j fills, in every
 * block of 4*v consecutive outputs (v = 64 / group bits values per 64-bit
 * word), the outputs j*v .. j*v+v-1; outputs 0..n-1 are f, n..2n-1 are g.
 */
void
pqs_hawk_regen_fg(int8_t *f, int8_t *g, const uint8_t *seed, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	size_t seed_len = PQS_HAWK_SEED_LEN(logn);
	unsigned group = 1u << (logn - 6);
	size_t per_word = 64 / group;
	/* 8 bytes per block of 4*per_word outputs, per stream (2n/16 words
	 * at most: per_word >= 4); the four streams on the four-way Keccak. */
	uint8_t in[4][40 + 1], buf[4][(2 * PQS_HAWK_MAX_N / 16) * 8];
	const uint8_t *inp[4];
	uint8_t *outp[4];
	pqs_keccak_x4 ks;
	unsigned j;

	for (j = 0; j < 4; j++) {
		memcpy(in[j], seed, seed_len);
		in[j][seed_len] = (uint8_t)j;
		inp[j] = in[j];
		outp[j] = buf[j];
	}
	pqs_shake256_x4_init(&ks);
	pqs_keccak_x4_absorb(&ks, inp, seed_len + 1);
	pqs_keccak_x4_squeeze(&ks, outp, (2 * n / (4 * per_word)) * 8);
	for (j = 0; j < 4; j++) {
		const uint8_t *qb = buf[j];
		size_t u, i;

		for (u = 0; u < 2 * n; u += 4 * per_word) {
			uint64_t q = pqs_hawk_le64(qb);

			qb += 8;
			/* Popcount of each group, in place. */
			q = (q & 0x5555555555555555u) + ((q >> 1) & 0x5555555555555555u);
			q = (q & 0x3333333333333333u) + ((q >> 2) & 0x3333333333333333u);
			if (group >= 8) {
				q = (q & 0x0F0F0F0F0F0F0F0Fu) + ((q >> 4) & 0x0F0F0F0F0F0F0F0Fu);
			}
			if (group >= 16) {
				q = (q & 0x00FF00FF00FF00FFu) + ((q >> 8) & 0x00FF00FF00FF00FFu);
			}
			for (i = 0; i < per_word; i++) {
				size_t idx = u + j * per_word + i;
				int v = (int)(q & ((1u << group) - 1)) - (int)(group >> 1);

				q >>= group;
				if (idx < n) {
					f[idx] = (int8_t)v;
				} else {
					g[idx - n] = (int8_t)v;
				}
			}
		}
	}
	pqs_keccak_x4_clear(&ks);
	pqs_zeroize(in, sizeof in);
	pqs_zeroize(buf, sizeof buf);
}

/* Sum of the coefficients mod 2 (= f(1) mod 2 = Res(f, x^n+1) mod 2). */
static unsigned
parity(const int8_t *f, size_t n)
{
	unsigned p = 0;
	size_t u;

	for (u = 0; u < n; u++) {
		p += (uint8_t)f[u];
	}
	return p & 1;
}

/* Whether a (exact integer coefficients) has no zero NTT slot modulo
 * pqs_mp31_primes[pi], i.e. is invertible in Z_p[x]/(x^n+1). */
static int
invertible_mod_prime(const int32_t *a, unsigned logn, unsigned pi, uint32_t *tmp)
{
	size_t n = (size_t)1 << logn;
	uint32_t p = pqs_mp31_primes[pi].p;
	uint32_t *t = tmp;
	uint32_t zero = 0;
	size_t u;

	for (u = 0; u < n; u++) {
		t[u] = mp31_set(a[u], p);
	}
	pqs_hawk_ntt(t, logn, pi);
	for (u = 0; u < n; u++) {
		zero |= ((t[u] - 1) >> 31) & 1;
	}
	return (int)(zero ^ 1);
}

/* Constant term of 1/q00 in 32.32 fixed point, as the reference computes
 * it (its FFT, its division): 1/q00 in the n/2 FFT slots (q00 is
 * auto-adjoint: real slots, zero imaginary halves), inverse FFT, then
 * compared with d0high/2^32.  A different rounding would move the
 * verdict of borderline (f, g). */
static int inverse_constant_small(const int32_t *q00, const pqs_hawk_params *prm, fxr *tmp)
{
	unsigned logn = prm->logn;
	size_t n = (size_t)1 << logn, u;

	for (u = 0; u < n; u++) {
		tmp[u] = fxr_of(q00[u]);
	}
	pqs_fndsa_fxr_FFT(logn, tmp);
	for (u = 0; u < n / 2; u++) {
		tmp[u] = fxr_div(fxr_of(1), tmp[u]);
		tmp[u + n / 2] = fxr_of(0);
	}
	pqs_fndsa_fxr_iFFT(logn, tmp);
	return fxr_lt(fxr_of_scaled32(prm->d0high_fx32), tmp[0]) ^ 1;
}

/* |a[u]| < 2^bits for u >= first. */
static int
within(const int32_t *a, size_t n, size_t first, int bits)
{
	int32_t lim = (int32_t)1 << bits;
	uint32_t bad = 0;
	size_t u;

	for (u = first; u < n; u++) {
		bad |= (uint32_t)((a[u] + lim - 1) | (lim - 1 - a[u])) >> 31;
	}
	return (int)(bad ^ 1);
}

void
pqs_hawk_low_bits(uint8_t *d, const int8_t *f, size_t n)
{
	size_t u;

	memset(d, 0, n >> 3);
	for (u = 0; u < n; u++) {
		d[u >> 3] |= (uint8_t)(((uint8_t)f[u] & 1u) << (u & 7));
	}
}

/* Keygen working memory, on the stack of pqs_hawk_keygen(). */
typedef struct {
	/* NTRUSolve memory (8-byte aligned, as it requires). */
	uint64_t ntru[PQS_HAWK_NTRU_WORDS(PQS_HAWK_MAX_LOGN) / 2];
	int8_t f[PQS_HAWK_MAX_N], g[PQS_HAWK_MAX_N];
	int8_t F[PQS_HAWK_MAX_N], G[PQS_HAWK_MAX_N];
	int32_t q00[PQS_HAWK_MAX_N], q01[PQS_HAWK_MAX_N], q11[PQS_HAWK_MAX_N];
	int16_t e00[PQS_HAWK_MAX_N], e01[PQS_HAWK_MAX_N];
	uint8_t seed[40];
} keygen_work;

/* One attempt on the seed in w->seed: PQS_HAWK_KG_OK if it gives a key
 * pair, else the first test it fails.  Every rejection discards the
 * candidate, so the verdicts (and which test failed) are public. */
static int
keygen_attempt(keygen_work *w, const pqs_hawk_params *prm, uint8_t *sk,
	uint8_t *pk)
{
	unsigned logn = prm->logn;
	size_t n = (size_t)1 << logn, u;
	uint32_t sq = 0;
	int ok, r;

	pqs_hawk_regen_fg(w->f, w->g, w->seed, logn);
	for (u = 0; u < n; u++) {
		sq += (uint32_t)(w->f[u] * w->f[u] + w->g[u] * w->g[u]);
	}
	ok = (int)(parity(w->f, n) & parity(w->g, n));
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_HAWK_KG_PARITY;
	}
	ok = (int)((prm->l2low - 1 - sq) >> 31);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_HAWK_KG_NORM;
	}
	pqs_hawk_mul2_small(w->q00, w->f, w->f, w->g, w->g, 1, 0, logn);
	ok = invertible_mod_prime(w->q00, logn, 0, (uint32_t *)(void *)w->ntru) &
	     invertible_mod_prime(w->q00, logn, 1, (uint32_t *)(void *)w->ntru);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_HAWK_KG_Q00_INVERSE;
	}
	ok = inverse_constant_small(w->q00, prm, (fxr *)(void *)w->ntru);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_HAWK_KG_Q00_CONSTANT;
	}
	r = pqs_hawk_ntru_solve(logn, w->F, w->G, w->f, w->g, (uint32_t *)(void *)w->ntru);
	if (r != PQS_HAWK_KG_OK) {
		return r;
	}
	pqs_hawk_mul2_small(w->q01, w->F, w->f, w->G, w->g, 1, 0, logn);
	pqs_hawk_mul2_small(w->q11, w->F, w->F, w->G, w->G, 1, 0, logn);
	ok = (int)((uint32_t)(32767 - w->q00[0]) >> 31 ^ 1)
		& within(w->q00, n, 1, prm->bits_lim00)
		& within(w->q11, n, 1, prm->bits_lim11)
		& within(w->q01, n, 0, prm->bits_lim01);
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (!ok) {
		return PQS_HAWK_KG_Q_BOUNDS;
	}
	for (u = 0; u < n; u++) {
		w->e00[u] = (int16_t)w->q00[u];
		w->e01[u] = (int16_t)w->q01[u];
	}
	/* q00, q01 are the public key. */
	PQS_CT_DECLASSIFY(w->e00, n * sizeof w->e00[0]);
	PQS_CT_DECLASSIFY(w->e01, n * sizeof w->e01[0]);
	if (!pqs_hawk_encode_public(pk, prm, w->e00, w->e01)) {
		return PQS_HAWK_KG_PK_SIZE;
	}
	/* sk = kgseed || F mod 2 || G mod 2 || SHAKE256(pk) truncated. */
	{
		size_t seed_len = PQS_HAWK_SEED_LEN(logn);

		memcpy(sk, w->seed, seed_len);
		pqs_hawk_low_bits(sk + seed_len, w->F, n);
		pqs_hawk_low_bits(sk + seed_len + n / 8, w->G, n);
		pqs_shake256(sk + seed_len + n / 4, PQS_HAWK_HPUB_LEN(logn),
			pk, PQS_HAWK_PK_LEN(logn));
	}
	return PQS_HAWK_KG_OK;
}

int pqs_hawk_keygen_verdict(unsigned logn, const uint8_t *kgseed, uint8_t *sk, uint8_t *pk)
{
	const pqs_hawk_params *prm = pqs_hawk_params_get(logn);
	keygen_work w;
	int r;

	if (prm == NULL || kgseed == NULL || sk == NULL || pk == NULL) {
		return PQS_ERR_ARG;
	}
	memcpy(w.seed, kgseed, PQS_HAWK_SEED_LEN(logn));
	r = keygen_attempt(&w, prm, sk, pk);
	pqs_zeroize(&w, sizeof w);
	return r;
}

int pqs_hawk_keygen_try(unsigned logn, const uint8_t *kgseed, uint8_t *sk, uint8_t *pk)
{
	int r = pqs_hawk_keygen_verdict(logn, kgseed, sk, pk);

	return r < 0 ? r : r == PQS_HAWK_KG_OK;
}

int
pqs_hawk_keygen(unsigned logn, uint8_t *sk, uint8_t *pk, pqs_rng *rng)
{
	const pqs_hawk_params *prm = pqs_hawk_params_get(logn);
	keygen_work w;
	int r = PQS_OK;

	if (prm == NULL || sk == NULL || pk == NULL) {
		return PQS_ERR_ARG;
	}
	for (;;) {
		if (pqs_rng_fill(rng, w.seed, PQS_HAWK_SEED_LEN(logn)) != 0) {
			r = PQS_ERR_RANDOMNESS;
			break;
		}
		if (keygen_attempt(&w, prm, sk, pk) == PQS_HAWK_KG_OK) {
			break;
		}
	}
	pqs_zeroize(&w, sizeof w);
	return r;
}
