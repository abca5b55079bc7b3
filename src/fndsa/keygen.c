/*
 * Falcon (round 3) key generation entry points (spec v1.2, section 3.8,
 * Alg. 4 "Keygen" and Alg. 5 "NTRUGen"), bit-exact with the reference
 * implementation's crypto_sign_keypair(): 48 seed bytes are absorbed in
 * SHAKE256, (f, g) are sampled and tested until NTRUSolve succeeds, and
 * the keys are encoded as in section 3.11:
 *   pk = 0x00+logn || h (14 bits per coefficient), h = g/f mod q;
 *   sk = 0x50+logn || f, g (FNDSA_FG_BITS each) || F (8 bits each).
 * G is not stored (the signer recomputes it from f, g, F).
 */
#include <string.h>

#include "core/ct.h"
#include "inner.h"
#include "keygen_inner.h"
#include "pqsig/rand.h"
#include "pqsig/sig.h"

/* x^(q-2) = 1/x mod q (0 for x = 0); fixed exponent, no secret branch. */
static uint32_t
mq_inv(uint32_t x)
{
	uint32_t r = 1;
	uint32_t e = FNDSA_Q - 2;
	int i;

	for (i = 13; i >= 0; i--) {
		uint32_t m;

		r = (r * r) % FNDSA_Q;
		m = (r * x) % FNDSA_Q;
		r ^= (r ^ m) & -((e >> i) & 1);
	}
	return r;
}

int pqs_keygen_compute_public(uint16_t *h, const int8_t *f, const int8_t *g, unsigned logn, uint16_t *tmp)
{
	/* h = g/f in Z_q[x]/(x^n+1): pointwise in the NTT domain, where
	 * f is invertible iff no NTT slot is zero (spec Alg. 5 line 10
	 * rejects the other f; the decision is public). */
	size_t n = (size_t)1 << logn;
	uint32_t zero = 0;
	size_t u;

	for (u = 0; u < n; u++) {
		tmp[u] = fndsa_mq_of_small(f[u]);
		h[u] = fndsa_mq_of_small(g[u]);
	}
	pqs_fndsa_mq_NTT(h, logn);
	pqs_fndsa_mq_NTT(tmp, logn);
	for (u = 0; u < n; u++) {
		zero |= ((uint32_t)tmp[u] - 1) >> 31;
		tmp[u] = (uint16_t)mq_inv(tmp[u]);
	}
	/* Rejected candidates are discarded: the verdict is public. */
	PQS_CT_DECLASSIFY(&zero, sizeof zero);
	if (zero) {
		return 0;
	}
	pqs_fndsa_mq_poly_mul_ntt(h, tmp, logn);
	pqs_fndsa_mq_iNTT(h, logn);
	/* h is the public key. */
	PQS_CT_DECLASSIFY(h, n * sizeof *h);
	return 1;
}

int pqs_fndsa_keygen_from_seed(unsigned logn, const uint8_t seed[48], uint8_t *sk, uint8_t *pk, void *tmp)
{
	size_t n, ntru_words;
	uint32_t *wt;
	int8_t *f, *g, *F;
	keygen_rng rng;

	if (logn < FNDSA_KEYGEN_MIN_LOGN || logn > 10 || seed == NULL
		|| sk == NULL || pk == NULL || tmp == NULL)
	{
		return PQS_ERR_ARG;
	}
	n = (size_t)1 << logn;
	ntru_words = FNDSA_KEYGEN_NTRU_WORDS(logn);
	wt = (uint32_t *)tmp;
	f = (int8_t *)(void *)(wt + ntru_words);
	g = f + n;
	F = g + n;

	pqs_keygen_rng_init(&rng, seed, 48);
	/* Everything drawn from the seed is secret (constant-time tests). */
	PQS_CT_POISON(rng.sc.st, sizeof rng.sc.st);
	for (;;) {
		/* Spec Alg. 5 lines 1-9: f, g and their norms. */
		pqs_keygen_sample_poly(&rng, f, logn);
		PQS_CT_INJECTED_LEAK(f[0]);
		pqs_keygen_sample_poly(&rng, g, logn);
		if (!pqs_keygen_check_fg_int(f, g, logn)) {
			continue;
		}
		if (!pqs_keygen_check_fg_gs(f, g, logn, (fpr *)tmp)) {
			continue;
		}
		/* h = g/f mod q; encoded right away, since NTRUSolve reuses
		 * the memory (a later rejection simply overwrites pk). */
		if (!pqs_keygen_compute_public((uint16_t *)tmp, f, g, logn, (uint16_t *)tmp + n)) {
			continue;
		}
		pk[0] = (uint8_t)(0x00 + logn);
		if (pqs_fndsa_modq_encode(pk + 1, FNDSA_PK_SIZE(logn) - 1, (const uint16_t *)tmp, logn) !=
		    FNDSA_PK_SIZE(logn) - 1) {
			pqs_zeroize(tmp, FNDSA_TMP_KEYGEN(logn));
			return PQS_ERR_INTERNAL;
		}
		/* Spec Alg. 5 lines 10-12: NTRUSolve, F, G in -127..127. */
		if (!pqs_ntru_solve(logn, F, NULL, f, g, 127, wt)) {
			continue;
		}
		break;
	}

	{
		size_t fgl = (FNDSA_FG_BITS(logn) * n) / 8;
		size_t Fl = (FNDSA_FFGG_BITS(logn) * n) / 8;
		uint8_t *p = sk;
		int ok = 1;

		/* f, g, F stay secret through the (constant-time) encoder:
		 * the constant-time test checks that sk is still tracked. */
		*p++ = (uint8_t)(0x50 + logn);
		ok &= pqs_fndsa_trim_i8_encode(p, fgl, f, logn, FNDSA_FG_BITS(logn)) == fgl;
		p += fgl;
		ok &= pqs_fndsa_trim_i8_encode(p, fgl, g, logn, FNDSA_FG_BITS(logn)) == fgl;
		p += fgl;
		ok &= pqs_fndsa_trim_i8_encode(p, Fl, F, logn, FNDSA_FFGG_BITS(logn)) == Fl;
		pqs_keccak_clear(&rng.sc);
		pqs_zeroize(rng.buf, sizeof rng.buf);
		pqs_zeroize(tmp, FNDSA_TMP_KEYGEN(logn));
		if (!ok) {
			pqs_zeroize(sk, FNDSA_SK_SIZE(logn));
			return PQS_ERR_INTERNAL;
		}
	}
	return PQS_OK;
}
