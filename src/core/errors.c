/*
 * pqs_strerror: one entry point for every error family.  The core's own
 * codes (pqs_err, -1..-99) are described here; every other family's block
 * of PQS_ERR_FAMILY_SIZE codes is handed to that family's lookup.
 */
#include <stddef.h>

#include "core/errors.h"
#include "pqsig/sig.h"

/*
 * Weak references: the protocol components sit above the core in the
 * link order (CMakeLists.txt) and pqsig_pqc must link without them.  On a
 * compiler without weak symbols the protocol families stay undescribed
 * rather than making the core depend on them.
 */
#if defined(__GNUC__) || defined(__clang__)
#pragma weak pqs_v2x_error_message
#pragma weak pqs_chain_error_message
#pragma weak pqs_wsm_error_message
#pragma weak pqs_scms_error_message
#define PQS_FAMILY_LOOKUP(fn) (fn)
#else
#define PQS_FAMILY_LOOKUP(fn) NULL
#endif

static const char *core_error_message(int err)
{
	switch (err) {
	case PQS_OK: return "success";
	case PQS_ERR_ARG: return "invalid argument";
	case PQS_ERR_BUFFER_TOO_SMALL: return "output buffer too small";
	case PQS_ERR_KEY_LENGTH: return "key has the wrong length for this algorithm";
	case PQS_ERR_SIG_LENGTH: return "signature has the wrong length for this algorithm";
	case PQS_ERR_SEED_LENGTH: return "seed has the wrong length for this algorithm";
	case PQS_ERR_KEY_ENCODING: return "key is not a valid encoding";
	case PQS_ERR_SIG_ENCODING: return "signature is not a valid encoding";
	case PQS_ERR_CTX_TOO_LONG: return "context string longer than 255 bytes";
	case PQS_ERR_CTX_UNSUPPORTED: return "this algorithm does not take a context string";
	case PQS_ERR_UNSUPPORTED: return "operation not supported by this algorithm";
	case PQS_ERR_UNKNOWN_ALG: return "unknown algorithm";
	case PQS_ERR_RANDOMNESS: return "randomness source failed";
	case PQS_ERR_INVALID_SIGNATURE: return "signature is invalid";
	case PQS_ERR_INTERNAL: return "internal library error";
	case PQS_ERR_DECODE: return "malformed input";
	case PQS_ERR_SEED_REJECTED: return "key generation rejects this seed (choose another)";
	case PQS_ERR_NOMEM: return "out of memory";
	default: return NULL;
	}
}

const char *pqs_strerror(int err)
{
	const char *(*lookup)(int) = NULL;
	const char *msg = NULL;
	int base;

	if (err > -PQS_ERR_FAMILY_SIZE) {
		lookup = core_error_message;
	} else if (err > -PQS_ERR_FAMILY_SIZE * PQS_ERR_FAMILY_SIZE) { /* bounds -err: no overflow at INT_MIN */
		/* Round down to the family's base (the block's highest value): -100, -200, ... */
		base = -((-err) / PQS_ERR_FAMILY_SIZE) * PQS_ERR_FAMILY_SIZE;
		switch (base) {
		case PQS_ERR_BASE_V2X: lookup = PQS_FAMILY_LOOKUP(pqs_v2x_error_message); break;
		case PQS_ERR_BASE_CHAIN: lookup = PQS_FAMILY_LOOKUP(pqs_chain_error_message); break;
		case PQS_ERR_BASE_WSM: lookup = PQS_FAMILY_LOOKUP(pqs_wsm_error_message); break;
		case PQS_ERR_BASE_SCMS: lookup = PQS_FAMILY_LOOKUP(pqs_scms_error_message); break;
		default: break;
		}
	}
	if (lookup)
		msg = lookup(err);
	return msg ? msg : "unknown error";
}
