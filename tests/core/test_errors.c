/*
 * One error space (issue 11, item 5): every code of every family lies in
 * its family's block of include/pqsig/sig.h, no two codes share a value,
 * and pqs_strerror() gives each a message of its own (never the
 * "unknown error" fallback), the same one as the family's wrapper.  The
 * code lists are written out so that a code added without a message, or
 * in the wrong block, fails here; their expected sizes are asserted.
 */
#include <stdio.h>
#include <string.h>

#include "pqsig/chain.h"
#include "pqsig/scms.h"
#include "pqsig/sig.h"
#include "pqsig/v2x.h"
#include "pqsig/wsm.h"

typedef struct {
	const char *name;
	int high, low;                    /* the family's block: high >= code >= low */
	const int *codes;
	size_t count, expected_count;
	const char *(*wrapper)(int err);  /* the family's own strerror, NULL for the core */
} family;
static const int core_codes[] = {
	PQS_ERR_ARG,
	PQS_ERR_BUFFER_TOO_SMALL,
	PQS_ERR_KEY_LENGTH,
	PQS_ERR_SIG_LENGTH,
	PQS_ERR_SEED_LENGTH,
	PQS_ERR_KEY_ENCODING,
	PQS_ERR_SIG_ENCODING,
	PQS_ERR_CTX_TOO_LONG,
	PQS_ERR_CTX_UNSUPPORTED,
	PQS_ERR_UNSUPPORTED,
	PQS_ERR_UNKNOWN_ALG,
	PQS_ERR_RANDOMNESS,
	PQS_ERR_INVALID_SIGNATURE,
	PQS_ERR_INTERNAL,
	PQS_ERR_DECODE,
	PQS_ERR_SEED_REJECTED,
	PQS_ERR_NOMEM,
};
#define CORE_EXPECTED 17
static const int v2x_codes[] = {
	V2X_ERR_TRUNCATED,
	V2X_ERR_TRAILING,
	V2X_ERR_LENGTH_NONCANONICAL,
	V2X_ERR_INT_NONCANONICAL,
	V2X_ERR_UNKNOWN_CHOICE,
	V2X_ERR_BAD_TAG,
	V2X_ERR_CONSTRAINT,
	V2X_ERR_PREAMBLE,
	V2X_ERR_DEFAULT_ENCODED,
	V2X_ERR_EXTENSION,
	V2X_ERR_KEY_ENCODING,
	V2X_ERR_SIG_ENCODING,
	V2X_ERR_TOO_LARGE,
	V2X_ERR_SIG_INVALID,
	V2X_ERR_CERT_SIG_INVALID,
	V2X_ERR_SIGNER_UNKNOWN,
	V2X_ERR_ISSUER_UNKNOWN,
	V2X_ERR_UNTRUSTED_ROOT,
	V2X_ERR_CERT_EXPIRED,
	V2X_ERR_CERT_NOT_YET_VALID,
	V2X_ERR_PSID_NOT_PERMITTED,
	V2X_ERR_ISSUER_PERMISSIONS,
	V2X_ERR_REGION,
	V2X_ERR_TOO_OLD,
	V2X_ERR_FROM_FUTURE,
	V2X_ERR_PSID_MISMATCH,
	V2X_ERR_CHAIN_TOO_LONG,
	V2X_ERR_UNSUPPORTED,
	V2X_ERR_ALG_MISMATCH,
	V2X_ERR_NO_GENERATION_TIME,
	V2X_ERR_CHAIN_LENGTH,
	V2X_ERR_DUPLICATE,
	V2X_ERR_ARG,
	V2X_ERR_BUFFER_TOO_SMALL,
	V2X_ERR_UNKNOWN_ALG,
	V2X_ERR_ALG_UNAVAILABLE,
	V2X_ERR_NOMEM,
	V2X_ERR_CRYPTO,
	V2X_ERR_NO_SECRET_KEY,
};
#define V2X_EXPECTED 39
static const int chain_codes[] = {
	PQS_CHAIN_ERR_TRUNCATED,
	PQS_CHAIN_ERR_TRAILING,
	PQS_CHAIN_ERR_VERSION,
	PQS_CHAIN_ERR_UNKNOWN_ALG,
	PQS_CHAIN_ERR_SIG_LENGTH,
	PQS_CHAIN_ERR_CHAIN_ID,
	PQS_CHAIN_ERR_BAD_SIGNATURE,
	PQS_CHAIN_ERR_NONCE,
	PQS_CHAIN_ERR_BALANCE,
	PQS_CHAIN_ERR_MERKLE,
	PQS_CHAIN_ERR_PARENT,
	PQS_CHAIN_ERR_HEIGHT,
	PQS_CHAIN_ERR_TIMESTAMP,
	PQS_CHAIN_ERR_STATE_DIGEST,
	PQS_CHAIN_ERR_UNKNOWN_SENDER,
	PQS_CHAIN_ERR_ALG_MISMATCH,
	PQS_CHAIN_ERR_PK_FORM,
	PQS_CHAIN_ERR_TOO_LARGE,
	PQS_CHAIN_ERR_OVERFLOW,
	PQS_CHAIN_ERR_STORE,
	PQS_CHAIN_ERR_CORRUPT,
	PQS_CHAIN_ERR_NOT_FOUND,
	PQS_CHAIN_ERR_EXISTS,
	PQS_CHAIN_ERR_NOMEM,
	PQS_CHAIN_ERR_GENESIS,
	PQS_CHAIN_ERR_NO_LMDB,
	PQS_CHAIN_ERR_DAMAGED,
	PQS_CHAIN_ERR_BUSY,
	PQS_CHAIN_ERR_NAME,
	PQS_CHAIN_ERR_FILE_MODE,
};
#define CHAIN_EXPECTED 30
static const int wsm_codes[] = {
	WSM_ERR_TRUNCATED,
	WSM_ERR_TRAILING,
	WSM_ERR_VERSION,
	WSM_ERR_SUBTYPE,
	WSM_ERR_TPID,
	WSM_ERR_PSID_ENCODING,
	WSM_ERR_PSID_RANGE,
	WSM_ERR_NONCANONICAL,
	WSM_ERR_LENGTH_ENCODING,
	WSM_ERR_EXT_COUNT,
	WSM_ERR_EXT_UNKNOWN,
	WSM_ERR_EXT_DUPLICATE,
	WSM_ERR_EXT_LENGTH,
	WSM_ERR_TOO_LONG,
	WSM_ERR_LIMIT,
	WSM_ERR_FRAG_TYPE,
	WSM_ERR_FRAG_HEADER,
	WSM_ERR_FRAG_LENGTH,
	WSM_ERR_FRAG_TOO_BIG,
	WSM_ERR_PCAP_IO,
};
#define WSM_EXPECTED 20
static const int scms_codes[] = {
	PQS_SCMS_ERR_TRUNCATED,
	PQS_SCMS_ERR_TRAILING,
	PQS_SCMS_ERR_MSG_TYPE,
	PQS_SCMS_ERR_VERSION,
	PQS_SCMS_ERR_FIELD,
	PQS_SCMS_ERR_POINT,
	PQS_SCMS_ERR_SCALAR,
	PQS_SCMS_ERR_DECRYPT,
	PQS_SCMS_ERR_CERT_MISMATCH,
	PQS_SCMS_ERR_CERT_INVALID,
	PQS_SCMS_ERR_UNKNOWN_REQUEST,
	PQS_SCMS_ERR_COUNT,
	PQS_SCMS_ERR_DUPLICATE,
};
#define SCMS_EXPECTED 13

static const family families[] = {
	{ "core", -1, -99, core_codes, sizeof core_codes / sizeof core_codes[0], CORE_EXPECTED, NULL },
	{ "v2x", -100, -199, v2x_codes, sizeof v2x_codes / sizeof v2x_codes[0], V2X_EXPECTED, pqs_v2x_strerror },
	{ "chain", -200, -299, chain_codes, sizeof chain_codes / sizeof chain_codes[0], CHAIN_EXPECTED,
	  pqs_chain_strerror },
	{ "wsm", -400, -499, wsm_codes, sizeof wsm_codes / sizeof wsm_codes[0], WSM_EXPECTED, pqs_wsm_strerror },
	{ "scms", -600, -699, scms_codes, sizeof scms_codes / sizeof scms_codes[0], SCMS_EXPECTED, pqs_scms_strerror },
};
#define FAMILY_COUNT (sizeof families / sizeof families[0])

int main(void)
{
	int failures = 0;
	size_t total = 0;
	const char *unknown = pqs_strerror(-0x7fffffff - 1);

	if (strcmp(unknown, "unknown error") != 0 || strcmp(pqs_strerror(1), "unknown error") != 0) {
		printf("FAIL: out-of-range codes must read \"unknown error\"\n");
		failures++;
	}
	/* The reserved blocks hold no code. */
	if (strcmp(pqs_strerror(-300), unknown) != 0 || strcmp(pqs_strerror(-500), unknown) != 0) {
		printf("FAIL: a reserved block has a message\n");
		failures++;
	}
	for (size_t f = 0; f < FAMILY_COUNT; f++) {
		const family *fam = &families[f];
		if (fam->count != fam->expected_count || fam->count == 0) {
			printf("FAIL %s: %zu codes, expected %zu\n", fam->name, fam->count, fam->expected_count);
			failures++;
		}
		/* Blocks do not overlap: each lies strictly below the previous one. */
		if (f > 0 && fam->high > families[f - 1].low - 1) {
			printf("FAIL %s: block overlaps %s\n", fam->name, families[f - 1].name);
			failures++;
		}
		if (fam->high - fam->low + 1 != PQS_ERR_FAMILY_SIZE && f > 0) {
			printf("FAIL %s: block is not PQS_ERR_FAMILY_SIZE wide\n", fam->name);
			failures++;
		}
		for (size_t i = 0; i < fam->count; i++) {
			int code = fam->codes[i];
			const char *msg = pqs_strerror(code);
			total++;
			if (code > fam->high || code < fam->low) {
				printf("FAIL %s: code %d outside [%d, %d]\n", fam->name, code, fam->low, fam->high);
				failures++;
			}
			if (!msg || !*msg || strcmp(msg, unknown) == 0) {
				printf("FAIL %s: code %d has no message\n", fam->name, code);
				failures++;
			}
			if (fam->wrapper && strcmp(fam->wrapper(code), msg) != 0) {
				printf("FAIL %s: wrapper and pqs_strerror differ on %d\n", fam->name, code);
				failures++;
			}
			/* Distinct values and distinct messages across every family seen so far. */
			for (size_t g = 0; g <= f; g++)
				for (size_t j = 0; j < (g == f ? i : families[g].count); j++) {
					int other = families[g].codes[j];
					if (other == code) {
						printf("FAIL: %s code %d repeats a %s code\n", fam->name, code, families[g].name);
						failures++;
					} else if (g == f && strcmp(pqs_strerror(other), msg) == 0) {
						printf("FAIL %s: codes %d and %d share the message \"%s\"\n", fam->name, code, other,
						       msg);
						failures++;
					}
				}
		}
	}
	if (pqs_strerror(PQS_ERR_NOMEM) == unknown || strcmp(pqs_strerror(PQS_ERR_NOMEM), "out of memory") != 0) {
		printf("FAIL: PQS_ERR_NOMEM has no message of its own\n");
		failures++;
	}
	printf("%zu codes in %zu families checked, %d failures\n", total, (size_t)FAMILY_COUNT, failures);
	return failures ? 1 : 0;
}
