/*
 * One FN-DSA known-answer vector of the putative FIPS 206 draft KAT file
 * (vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json), computed
 * from its index alone; shared by test_fn_kat (host) and the on-target
 * KAT subset (targets/m7).  Library code only: no files, no allocation.
 */
#ifndef PQSIG_TEST_FN_KAT_VECTOR_H
#define PQSIG_TEST_FN_KAT_VECTOR_H

#include <stdint.h>

/* SHA3-256(sk || vk || sig) of vector (logn, j); 1 on success, 0 if a step failed. */
int fn_kat_vector(unsigned logn, uint32_t j, uint8_t digest[32]);

#endif
