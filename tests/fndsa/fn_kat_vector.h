/*
 * One FN-DSA known-answer vector of the putative FIPS 206 draft KAT file
 * (vectors/fn-dsa/fn-dsa-putative-draft.rust-fn-dsa.kat.json), computed
 * from its index alone; shared by test_fn_kat (host) and the on-target
 * KAT subset (targets/m7).  Library code only: no files, no allocation.
 */
#ifndef PQSIG_TEST_FN_KAT_VECTOR_H
#define PQSIG_TEST_FN_KAT_VECTOR_H

#include <stdint.h>

#include <stddef.h>

#include "fndsa/fn_inner.h"

/* The public parts of one vector, for checks beyond the digest (host only). */
typedef struct {
	uint8_t vk[PQS_FNDSA_FN_VK_SIZE(10)];
	uint8_t sig[PQS_FNDSA_FN_SIG_SIZE(10)];
	size_t vk_len, sig_len;
	int prehashed; /* 1: the message was its SHA3-256 digest (HashFN-DSA), j odd */
} fn_kat_outputs;

/* The vector's context string and message ("domain", "message"). */
extern const uint8_t fn_kat_ctx[6], fn_kat_msg[7];

/*
 * SHA3-256(sk || vk || sig) of vector (logn, j); 1 on success, 0 if a step
 * failed.  out (may be NULL) receives the verifying key and the signature.
 */
int fn_kat_vector(unsigned logn, uint32_t j, uint8_t digest[32], fn_kat_outputs *out);

#endif
