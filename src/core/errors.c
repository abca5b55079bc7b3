/*
 * pqs_strerror: one entry point for every error family.  The core's own
 * codes (pqs_err, -1..-99) are described here; every other family's block
 * of PQS_ERR_FAMILY_SIZE codes is looked up in that family's table.
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
#pragma weak pqs_v2x_error_table
#pragma weak pqs_chain_error_table
#pragma weak pqs_wsm_error_table
#pragma weak pqs_scms_error_table
#define PQS_FAMILY_TABLE(table) (&(table))
#else
#define PQS_FAMILY_TABLE(table) NULL
#endif

static const pqs_error_entry core_errors[] = {
	{ PQS_OK, "success" },
	{ PQS_ERR_ARG, "invalid argument" },
	{ PQS_ERR_BUFFER_TOO_SMALL, "output buffer too small" },
	{ PQS_ERR_KEY_LENGTH, "key has the wrong length for this algorithm" },
	{ PQS_ERR_SIG_LENGTH, "signature has the wrong length for this algorithm" },
	{ PQS_ERR_SEED_LENGTH, "seed has the wrong length for this algorithm" },
	{ PQS_ERR_KEY_ENCODING, "key is not a valid encoding" },
	{ PQS_ERR_SIG_ENCODING, "signature is not a valid encoding" },
	{ PQS_ERR_CTX_TOO_LONG, "context string longer than 255 bytes" },
	{ PQS_ERR_CTX_UNSUPPORTED, "this algorithm does not take a context string" },
	{ PQS_ERR_UNSUPPORTED, "operation not supported by this algorithm" },
	{ PQS_ERR_UNKNOWN_ALG, "unknown algorithm" },
	{ PQS_ERR_RANDOMNESS, "randomness source failed" },
	{ PQS_ERR_INVALID_SIGNATURE, "signature is invalid" },
	{ PQS_ERR_INTERNAL, "internal library error" },
	{ PQS_ERR_DECODE, "malformed input" },
	{ PQS_ERR_SEED_REJECTED, "key generation rejects this seed (choose another)" },
	{ PQS_ERR_NOMEM, "out of memory" },
};

static const pqs_error_table core_error_table = { core_errors, sizeof core_errors / sizeof core_errors[0] };

/* The table of the family whose block holds err, or NULL (a reserved block, or a component not linked). */
static const pqs_error_table *family_table(int err)
{
	if (err > -PQS_ERR_FAMILY_SIZE)
		return &core_error_table;
	if (err <= -PQS_ERR_FAMILY_SIZE * PQS_ERR_FAMILY_SIZE) /* bounds -err: no overflow at INT_MIN */
		return NULL;
	/* Round down to the family's base (the block's highest value): -100, -200, ... */
	switch (-((-err) / PQS_ERR_FAMILY_SIZE) * PQS_ERR_FAMILY_SIZE) {
	case PQS_ERR_BASE_V2X:
		return PQS_FAMILY_TABLE(pqs_v2x_error_table);
	case PQS_ERR_BASE_CHAIN:
		return PQS_FAMILY_TABLE(pqs_chain_error_table);
	case PQS_ERR_BASE_WSM:
		return PQS_FAMILY_TABLE(pqs_wsm_error_table);
	case PQS_ERR_BASE_SCMS:
		return PQS_FAMILY_TABLE(pqs_scms_error_table);
	default: return NULL;
	}
}

const char *pqs_strerror(int err)
{
	const pqs_error_table *table = family_table(err);
	for (size_t i = 0; table && i < table->count; i++)
		if (table->entries[i].code == err)
			return table->entries[i].message;
	return "unknown error";
}
