/*
 * FIPS 204 section 7.2: encodings of keys and signatures.
 */
#include "mldsa/packing.h"

#include <string.h>

#include "core/simd.h"
#include "mldsa/pack_sig_avx2.h"

void pqs_mldsa_pack_pk(const mldsa_params *p, uint8_t *pk, const uint8_t rho[MLDSA_SEEDBYTES], const mldsa_poly *t1)
{
	memcpy(pk, rho, MLDSA_SEEDBYTES);
	pk += MLDSA_SEEDBYTES;
	for (unsigned i = 0; i < p->k; i++)
		pqs_mldsa_polyt1_pack(pk + i * MLDSA_POLYT1_BYTES, &t1[i]);
}

void pqs_mldsa_unpack_pk(const mldsa_params *p, uint8_t rho[MLDSA_SEEDBYTES], mldsa_poly *t1, const uint8_t *pk)
{
	memcpy(rho, pk, MLDSA_SEEDBYTES);
	pk += MLDSA_SEEDBYTES;
	for (unsigned i = 0; i < p->k; i++)
		pqs_mldsa_polyt1_unpack(&t1[i], pk + i * MLDSA_POLYT1_BYTES);
}

void pqs_mldsa_pack_sk(const mldsa_params *p, uint8_t *sk, const uint8_t rho[MLDSA_SEEDBYTES],
		       const uint8_t key[MLDSA_SEEDBYTES], const uint8_t tr[MLDSA_TRBYTES], const mldsa_poly *s1,
		       const mldsa_poly *s2, const mldsa_poly *t0)
{
	/* Algorithm 24: rho || K || tr || s1 || s2 || t0. */
	memcpy(sk, rho, MLDSA_SEEDBYTES);
	sk += MLDSA_SEEDBYTES;
	memcpy(sk, key, MLDSA_SEEDBYTES);
	sk += MLDSA_SEEDBYTES;
	memcpy(sk, tr, MLDSA_TRBYTES);
	sk += MLDSA_TRBYTES;
	for (unsigned i = 0; i < p->l; i++, sk += p->polyeta_bytes)
		pqs_mldsa_polyeta_pack(sk, &s1[i], p->eta);
	for (unsigned i = 0; i < p->k; i++, sk += p->polyeta_bytes)
		pqs_mldsa_polyeta_pack(sk, &s2[i], p->eta);
	for (unsigned i = 0; i < p->k; i++, sk += MLDSA_POLYT0_BYTES)
		pqs_mldsa_polyt0_pack(sk, &t0[i]);
}

unsigned pqs_mldsa_unpack_sk(const mldsa_params *p, uint8_t rho[MLDSA_SEEDBYTES], uint8_t key[MLDSA_SEEDBYTES],
			     uint8_t tr[MLDSA_TRBYTES], mldsa_poly *s1, mldsa_poly *s2, mldsa_poly *t0,
			     const uint8_t *sk)
{
	unsigned bad = 0;
	memcpy(rho, sk, MLDSA_SEEDBYTES);
	sk += MLDSA_SEEDBYTES;
	memcpy(key, sk, MLDSA_SEEDBYTES);
	sk += MLDSA_SEEDBYTES;
	memcpy(tr, sk, MLDSA_TRBYTES);
	sk += MLDSA_TRBYTES;
	for (unsigned i = 0; i < p->l; i++, sk += p->polyeta_bytes)
		bad |= pqs_mldsa_polyeta_unpack(&s1[i], sk, p->eta);
	for (unsigned i = 0; i < p->k; i++, sk += p->polyeta_bytes)
		bad |= pqs_mldsa_polyeta_unpack(&s2[i], sk, p->eta);
	for (unsigned i = 0; i < p->k; i++, sk += MLDSA_POLYT0_BYTES)
		pqs_mldsa_polyt0_unpack(&t0[i], sk);
	return bad;
}

/* Algorithm 20 steps 4-7 for one polynomial: the indices of its nonzero coefficients; returns their number. */
static unsigned hint_positions(uint8_t *out, const mldsa_poly *h)
{
#if MLDSA_AVX2_BUILD
	if (pqs_simd_avx2())
		return pqs_mldsa_hint_positions_avx2(out, h);
#endif
	unsigned n = 0;
	for (unsigned j = 0; j < MLDSA_N; j++)
		if (h->coeffs[j] != 0)
			out[n++] = (uint8_t)j;
	return n;
}

void pqs_mldsa_pack_sig(const mldsa_params *p, uint8_t *sig, const uint8_t *ctilde, const mldsa_poly *z,
			const mldsa_poly *h)
{
	memcpy(sig, ctilde, p->ctilde_bytes);
	sig += p->ctilde_bytes;
	for (unsigned i = 0; i < p->l; i++, sig += p->polyz_bytes)
		pqs_mldsa_polyz_pack(sig, &z[i], p->gamma1);

	/* Algorithm 20 HintBitPack: positions of the 1s, then the running count per polynomial. */
	memset(sig, 0, p->omega + p->k);
	unsigned idx = 0;
	for (unsigned i = 0; i < p->k; i++) {
		idx += hint_positions(sig + idx, &h[i]);
		sig[p->omega + i] = (uint8_t)idx;
	}
}

int pqs_mldsa_unpack_sig(const mldsa_params *p, uint8_t *ctilde, mldsa_poly *z, mldsa_poly *h, const uint8_t *sig)
{
	memcpy(ctilde, sig, p->ctilde_bytes);
	sig += p->ctilde_bytes;
	for (unsigned i = 0; i < p->l; i++, sig += p->polyz_bytes)
		pqs_mldsa_polyz_unpack(&z[i], sig, p->gamma1);

	/*
	 * Algorithm 21 HintBitUnpack: each running count must be monotone and
	 * <= omega (step 4), the positions within a polynomial strictly
	 * increasing (step 8, so the encoding is unique), and the unused
	 * position bytes zero (steps 15-17).
	 */
	unsigned idx = 0;
	for (unsigned i = 0; i < p->k; i++) {
		memset(&h[i], 0, sizeof h[i]);
		const unsigned end = sig[p->omega + i];
		if (end < idx || end > p->omega)
			return -1;
		const unsigned first = idx;
		for (; idx < end; idx++) {
			if (idx > first && sig[idx - 1] >= sig[idx])
				return -1;
			h[i].coeffs[sig[idx]] = 1;
		}
	}
	for (; idx < p->omega; idx++)
		if (sig[idx] != 0)
			return -1;
	return 0;
}
