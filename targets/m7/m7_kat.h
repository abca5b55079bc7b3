/*
 * The on-target known-answer subset (targets/m7/m7_kat.c).  The vectors
 * themselves stay in ../shared/vectors: tests/m7/m7_katgen.c reads them on
 * the host at build time and writes m7_kat_vectors.h (build directory only)
 * holding, per entry, the randomness stream the KAT's NIST DRBG would
 * deliver, the message, and SHA3-256 digests of the file's pk, sk and sm.
 */
#ifndef PQSIG_M7_KAT_H
#define PQSIG_M7_KAT_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

/* Room for the DRBG output of one entry: Falcon draws 48 (keygen) + 40 + 48
 * (nonce and sampler seed), ML-DSA 32 + 32 (FIPS 204 Alg. 1 xi, Alg. 2 rnd). */
#define M7_KAT_STREAM_BYTES 136
#define M7_KAT_MSG_MAX 128

/* One NIST-DRBG KAT entry whose sm is signature || message (Falcon-padded, ML-DSA). */
typedef struct {
	const pqs_sig_class *cls;
	unsigned entry;                          /* count = ... in the .rsp file */
	uint8_t stream[M7_KAT_STREAM_BYTES];     /* the entry's DRBG output, in order */
	size_t stream_len;                       /* bytes of stream the KAT draws */
	uint8_t msg[M7_KAT_MSG_MAX];
	size_t msg_len;
	uint8_t pk_sha3[32], sk_sha3[32], sm_sha3[32];
} m7_kat_entry;

/* One FN-DSA vector: SHA3-256(sk || vk || sig) for (logn, j). */
typedef struct {
	unsigned logn;
	uint32_t j;
	uint8_t digest[32];
} m7_fn_kat_entry;

#endif
