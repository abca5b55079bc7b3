/*
 * Key and signature encodings (FIPS 204 section 7.2, Algorithms 20-27).
 */
#ifndef PQSIG_MLDSA_PACKING_H
#define PQSIG_MLDSA_PACKING_H

#include "mldsa/polyvec.h"

/* pkEncode (Algorithm 22): rho || SimpleBitPack(t1[i], 2^10 - 1). */
void pqs_mldsa_pack_pk(const mldsa_params *p, uint8_t *pk, const uint8_t rho[MLDSA_SEEDBYTES], const mldsa_poly *t1);
/* pkDecode (Algorithm 23). */
void pqs_mldsa_unpack_pk(const mldsa_params *p, uint8_t rho[MLDSA_SEEDBYTES], mldsa_poly *t1, const uint8_t *pk);

/* skEncode (Algorithm 24). */
void pqs_mldsa_pack_sk(const mldsa_params *p, uint8_t *sk, const uint8_t rho[MLDSA_SEEDBYTES],
		       const uint8_t key[MLDSA_SEEDBYTES], const uint8_t tr[MLDSA_TRBYTES], const mldsa_poly *s1,
		       const mldsa_poly *s2, const mldsa_poly *t0);
/*
 * skDecode (Algorithm 25).  Returns 1 if a coefficient of s1 or s2 is
 * outside [-eta, eta] (an encoding skEncode never produces), else 0;
 * computed in constant time over the whole key.
 */
unsigned pqs_mldsa_unpack_sk(const mldsa_params *p, uint8_t rho[MLDSA_SEEDBYTES], uint8_t key[MLDSA_SEEDBYTES],
			     uint8_t tr[MLDSA_TRBYTES], mldsa_poly *s1, mldsa_poly *s2, mldsa_poly *t0,
			     const uint8_t *sk);

/* sigEncode (Algorithm 26) with HintBitPack (Algorithm 20); all inputs public by now. */
void pqs_mldsa_pack_sig(const mldsa_params *p, uint8_t *sig, const uint8_t *ctilde, const mldsa_poly *z,
			const mldsa_poly *h);
/* sigDecode (Algorithm 27) with HintBitUnpack (Algorithm 21): 0, or -1 for a malformed hint. */
int pqs_mldsa_unpack_sig(const mldsa_params *p, uint8_t *ctilde, mldsa_poly *z, mldsa_poly *h, const uint8_t *sig);

#endif
