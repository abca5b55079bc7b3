/* Messages for the pqs_err codes of include/pqsig/sig.h. */
#include "pqsig/sig.h"

const char *pqs_strerror(int err)
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
	default: return "unknown error";
	}
}
