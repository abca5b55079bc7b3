/*
 * THE list of signature classes (include/pqsig/sig.h), in registry order.
 *
 * Adding a scheme: declare its classes in its public header, include that
 * header here and add one X(...) line to the group it belongs to (see
 * docs/ARCHITECTURE.md).  Order is visible (`pqsig list`, benchmarks, the
 * V2X catch-all table), so append within a group.
 *
 * Groups follow the library components: the PQC group needs nothing but the
 * freestanding core (pqsig::pqc), the other two need OpenSSL (pqsig::ecdsa).
 */
#ifndef PQSIG_REGISTRY_CLASSES_H
#define PQSIG_REGISTRY_CLASSES_H

#include "pqsig/composite.h"
#include "pqsig/ecdsa.h"
#include "pqsig/falcon.h"
#include "pqsig/fndsa.h"
#include "pqsig/haetae.h"
#include "pqsig/hawk.h"
#include "pqsig/mldsa.h"
#include "pqsig/slhdsa.h"

/* Classical ECDSA over OpenSSL. */
#define PQS_REGISTRY_ECDSA_CLASSES(X) \
	X(pqs_ecdsa_p256_class)           \
	X(pqs_ecdsa_p384_class)           \
	X(pqs_ecdsa_bp256_class)          \
	X(pqs_ecdsa_secp256k1_class)

/* Post-quantum schemes of the freestanding core. */
#define PQS_REGISTRY_PQC_CLASSES(X)   \
	X(pqs_mldsa44_class)              \
	X(pqs_mldsa65_class)              \
	X(pqs_mldsa87_class)              \
	X(pqs_falcon512_class)            \
	X(pqs_falcon1024_class)           \
	X(pqs_falcon_padded512_class)     \
	X(pqs_falcon_padded1024_class)    \
	X(pqs_fndsa512_class)             \
	X(pqs_fndsa1024_class)            \
	X(pqs_slhdsa_sha2_128s_class)     \
	X(pqs_slhdsa_sha2_128f_class)     \
	X(pqs_slhdsa_sha2_192s_class)     \
	X(pqs_slhdsa_sha2_192f_class)     \
	X(pqs_slhdsa_sha2_256s_class)     \
	X(pqs_slhdsa_sha2_256f_class)     \
	X(pqs_slhdsa_shake_128s_class)    \
	X(pqs_slhdsa_shake_128f_class)    \
	X(pqs_slhdsa_shake_192s_class)    \
	X(pqs_slhdsa_shake_192f_class)    \
	X(pqs_slhdsa_shake_256s_class)    \
	X(pqs_slhdsa_shake_256f_class)    \
	X(pqs_haetae2_class)              \
	X(pqs_haetae3_class)              \
	X(pqs_haetae5_class)              \
	X(pqs_hawk512_class)              \
	X(pqs_hawk1024_class)

/* ECDSA + PQC composites. */
#define PQS_REGISTRY_COMPOSITE_CLASSES(X)     \
	X(pqs_composite_p256_mldsa44_class)       \
	X(pqs_composite_p256_mldsa65_class)       \
	X(pqs_composite_p256_mldsa87_class)       \
	X(pqs_composite_p256_falcon512_class)     \
	X(pqs_composite_p256_falcon1024_class)

#define PQS_REGISTRY_ENTRY(cls) &(cls),

#endif
