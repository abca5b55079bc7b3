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
#include "keygen2025_inner.h"
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

static unsigned keygen_reduce = PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT;

int pqs_fndsa_set_keygen_reduce(unsigned variant)
{
	if (variant >= PQS_FNDSA_KEYGEN_REDUCE_COUNT) {
		return PQS_ERR_ARG;
	}
	keygen_reduce = variant;
	return PQS_OK;
}

unsigned pqs_fndsa_keygen_reduce(void)
{
	return keygen_reduce;
}

const char *pqs_fndsa_keygen_reduce_name(unsigned variant)
{
	static const char *const names[PQS_FNDSA_KEYGEN_REDUCE_COUNT] = { "float", "fixed", "partial" };

	return variant < PQS_FNDSA_KEYGEN_REDUCE_COUNT ? names[variant] : NULL;
}

/*
 * The last 'need' words of a solver array (need rounded up to even, for
 * 8-byte alignment): the stack grows downwards, so a smaller logn leaves
 * the array's low end untouched and a painted-stack measurement sees
 * only what this logn uses.
 */
static uint32_t *upper_words(uint64_t *buf, size_t buf_words, size_t need)
{
	need += need & 1;
	return (uint32_t *)(void *)(buf + (buf_words - need) / 2);
}

/* NTRUSolve of the FIXED variant, memory on the stack. */
static int solve_fixed(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g)
{
	uint64_t buf[(FNDSA_KEYGEN_FIXED_WORDS(10) + 1) / 2];
	size_t need = FNDSA_KEYGEN_FIXED_WORDS(logn);
	uint32_t *w = upper_words(buf, 2 * (sizeof buf / sizeof *buf), need);
	int ok = pqs_ntru_solve_fixed(logn, F, G, f, g, w, need);

	pqs_zeroize(w, need * sizeof *w);
	return ok;
}

/* NTRUSolve of the PARTIAL variant (the FN-DSA 2025 solver), memory on the stack. */
static int solve_partial(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g)
{
	uint64_t buf[PQS_FNDSA_NTRU2025_WORDS(10) / 2];
	int8_t Gl[1024];
	size_t need = pqs_fndsa_ntru2025_solve_words(logn);
	uint32_t *w = upper_words(buf, 2 * (sizeof buf / sizeof *buf), need);
	int ok = pqs_fndsa_ntru2025_solve(logn, F, G != NULL ? G : Gl, f, g, w);

	pqs_zeroize(w, need * sizeof *w);
	pqs_zeroize(Gl, sizeof Gl);
	return ok;
}

/* Gram-Schmidt norm check (spec Alg. 5 lines 6-8) in the variant's arithmetic. */
static int check_gs(unsigned variant, const int8_t *f, const int8_t *g, unsigned logn, void *tmp)
{
	if (variant == PQS_FNDSA_KEYGEN_REDUCE_FLOAT) {
		return pqs_keygen_check_fg_gs(f, g, logn, (fpr *)tmp);
	}
	{
		int ok = pqs_fndsa_kg_check_ortho_fixed(f, g, logn, (fxr *)tmp, PQS_FNDSA_KG_ROUND3_ORTHO_BOUND);

		PQS_CT_DECLASSIFY(&ok, sizeof ok); /* verdict on a candidate: public */
		return ok;
	}
}

int pqs_fndsa_keygen_from_seed(unsigned logn, const uint8_t seed[48], uint8_t *sk, uint8_t *pk, void *tmp)
{
	return pqs_fndsa_keygen_variant(logn, seed, keygen_reduce, sk, pk, tmp, NULL, NULL);
}

int pqs_fndsa_keygen_variant(unsigned logn, const uint8_t seed[48], unsigned variant, uint8_t *sk, uint8_t *pk,
			     void *tmp, int8_t *fgFG, pqs_fndsa_keygen_stats *st)
{
	size_t n, ntru_words;
	uint32_t *wt;
	int8_t *f, *g, *F, *G;
	keygen_rng rng;
	pqs_fndsa_keygen_stats local;

	if (logn < FNDSA_KEYGEN_MIN_LOGN || logn > 10 || seed == NULL || sk == NULL || pk == NULL || tmp == NULL ||
	    variant >= PQS_FNDSA_KEYGEN_REDUCE_COUNT) {
		return PQS_ERR_ARG;
	}
	if (st == NULL) {
		st = &local;
	}
	memset(st, 0, sizeof *st);
	n = (size_t)1 << logn;
	ntru_words = FNDSA_KEYGEN_NTRU_WORDS(logn);
	wt = (uint32_t *)tmp;
	f = (int8_t *)(void *)(wt + ntru_words);
	g = f + n;
	F = g + n;
	G = fgFG != NULL ? fgFG + 3 * n : NULL;

	pqs_keygen_rng_init(&rng, seed, 48);
	/* Everything drawn from the seed is secret (constant-time tests). */
	PQS_CT_POISON(rng.sc.st, sizeof rng.sc.st);
	for (;;) {
		int solved;

		/* Spec Alg. 5 lines 1-9: f, g and their norms. */
		st->candidates++;
		pqs_keygen_sample_poly(&rng, f, logn);
		PQS_CT_INJECTED_LEAK(f[0]);
		pqs_keygen_sample_poly(&rng, g, logn);
		if (!pqs_keygen_check_fg_int(f, g, logn) || !check_gs(variant, f, g, logn, tmp)) {
			st->rejected_fg++;
			continue;
		}
		/* h = g/f mod q; encoded right away, since NTRUSolve reuses
		 * the memory (a later rejection simply overwrites pk). */
		if (!pqs_keygen_compute_public((uint16_t *)tmp, f, g, logn, (uint16_t *)tmp + n)) {
			st->rejected_fg++;
			continue;
		}
		pk[0] = (uint8_t)(0x00 + logn);
		if (pqs_fndsa_modq_encode(pk + 1, FNDSA_PK_SIZE(logn) - 1, (const uint16_t *)tmp, logn) !=
		    FNDSA_PK_SIZE(logn) - 1) {
			pqs_zeroize(tmp, FNDSA_TMP_KEYGEN(logn));
			return PQS_ERR_INTERNAL;
		}
		/* Spec Alg. 5 lines 10-12: NTRUSolve, F, G in -127..127. */
		if (variant == PQS_FNDSA_KEYGEN_REDUCE_FIXED) {
			solved = solve_fixed(logn, F, G, f, g);
		} else if (variant == PQS_FNDSA_KEYGEN_REDUCE_PARTIAL) {
			solved = solve_partial(logn, F, G, f, g);
		} else {
			solved = pqs_ntru_solve(logn, F, G, f, g, 127, wt);
		}
		if (solved) {
			break;
		}
		st->solve_failures++;
	}
	if (fgFG != NULL) {
		memcpy(fgFG, f, n);
		memcpy(fgFG + n, g, n);
		memcpy(fgFG + 2 * n, F, n);
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
