/*
 * pqsig: composite signatures, ECDSA + a post-quantum scheme.
 *
 * A composite is valid only if both component signatures are valid, so it
 * stays secure while either component is unbroken: the transition shape
 * the V2X profiles call "ECDSA+ML-DSA-87".
 *
 * Encodings (fixed offsets, no length fields, since every size is known
 * from the class):
 *   pk  = ECDSA pk (compressed point) || PQC pk
 *   sk  = ECDSA scalar || PQC sk
 *   sig = ECDSA r || s || PQC signature
 * Both components sign the same domain-separated message
 *   M' = "pqsig-composite-v1" || 0x00 || name || 0x00 || len(ctx) || ctx || SHAKE256(M, 64)
 * where name is the composite's registry name: a component signature
 * lifted out of a composite therefore never verifies as a stand-alone
 * signature on M (no stripping), nor under another composite.
 * The context string goes into M' only; the PQC component is called with
 * an empty context.  The ECDSA half must have s <= n/2 (the form every
 * ECDSA class signs with): a high s is PQS_ERR_SIG_ENCODING, so that a
 * composite signature has exactly one encoding.
 *
 * Registry names: "ECDSA-P256+ML-DSA-44", "ECDSA-P256+ML-DSA-65",
 * "ECDSA-P256+ML-DSA-87", "ECDSA-P256+Falcon-padded-512",
 * "ECDSA-P256+Falcon-padded-1024".
 */
#ifndef PQSIG_COMPOSITE_H
#define PQSIG_COMPOSITE_H

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pqs_sig_class pqs_composite_p256_mldsa44_class;    /* "ECDSA-P256+ML-DSA-44" */
extern const pqs_sig_class pqs_composite_p256_mldsa65_class;    /* "ECDSA-P256+ML-DSA-65" */
extern const pqs_sig_class pqs_composite_p256_mldsa87_class;    /* "ECDSA-P256+ML-DSA-87" */
extern const pqs_sig_class pqs_composite_p256_falcon512_class;  /* "ECDSA-P256+Falcon-padded-512" */
extern const pqs_sig_class pqs_composite_p256_falcon1024_class; /* "ECDSA-P256+Falcon-padded-1024" */

/**
 * The components of a composite class.  Returns PQS_OK and sets the
 * non-NULL pointers, or PQS_ERR_ARG if c is not a composite.
 */
int pqs_composite_parts(const pqs_sig_class *c, const pqs_sig_class **classical,
                        const pqs_sig_class **pqc);

#ifdef __cplusplus
}
#endif

#endif
