/*
 * The twelve SLH-DSA parameter sets (FIPS 205 Table 2) and their sizes.
 */
#include <string.h>
#include <strings.h>

#include "pqsig/sig.h"
#include "slhdsa/inner.h"

/* name, n, h, d, h', a, k, m, security category, SHA2 instantiation. */
static const slh_params sets[PQS_SLHDSA_SET_COUNT] = {
	[PQS_SLHDSA_SHA2_128S] = {"SLH-DSA-SHA2-128s", 16, 63, 7, 9, 12, 14, 30, 1, 1},
	[PQS_SLHDSA_SHA2_128F] = {"SLH-DSA-SHA2-128f", 16, 66, 22, 3, 6, 33, 34, 1, 1},
	[PQS_SLHDSA_SHA2_192S] = {"SLH-DSA-SHA2-192s", 24, 63, 7, 9, 14, 17, 39, 3, 1},
	[PQS_SLHDSA_SHA2_192F] = {"SLH-DSA-SHA2-192f", 24, 66, 22, 3, 8, 33, 42, 3, 1},
	[PQS_SLHDSA_SHA2_256S] = {"SLH-DSA-SHA2-256s", 32, 64, 8, 8, 14, 22, 47, 5, 1},
	[PQS_SLHDSA_SHA2_256F] = {"SLH-DSA-SHA2-256f", 32, 68, 17, 4, 9, 35, 49, 5, 1},
	[PQS_SLHDSA_SHAKE_128S] = {"SLH-DSA-SHAKE-128s", 16, 63, 7, 9, 12, 14, 30, 1, 0},
	[PQS_SLHDSA_SHAKE_128F] = {"SLH-DSA-SHAKE-128f", 16, 66, 22, 3, 6, 33, 34, 1, 0},
	[PQS_SLHDSA_SHAKE_192S] = {"SLH-DSA-SHAKE-192s", 24, 63, 7, 9, 14, 17, 39, 3, 0},
	[PQS_SLHDSA_SHAKE_192F] = {"SLH-DSA-SHAKE-192f", 24, 66, 22, 3, 8, 33, 42, 3, 0},
	[PQS_SLHDSA_SHAKE_256S] = {"SLH-DSA-SHAKE-256s", 32, 64, 8, 8, 14, 22, 47, 5, 0},
	[PQS_SLHDSA_SHAKE_256F] = {"SLH-DSA-SHAKE-256f", 32, 68, 17, 4, 9, 35, 49, 5, 0},
};

const slh_params *pqs_slhdsa_params(pqs_slhdsa_set set)
{
	return (unsigned)set < PQS_SLHDSA_SET_COUNT ? &sets[set] : NULL;
}

size_t pqs_slhdsa_n(pqs_slhdsa_set set)
{
	const slh_params *p = pqs_slhdsa_params(set);
	return p ? p->n : 0;
}

size_t pqs_slhdsa_pk_bytes(pqs_slhdsa_set set)
{
	return 2 * pqs_slhdsa_n(set);
}

size_t pqs_slhdsa_sk_bytes(pqs_slhdsa_set set)
{
	return 4 * pqs_slhdsa_n(set);
}

size_t pqs_slhdsa_sig_bytes(pqs_slhdsa_set set)
{
	const slh_params *p = pqs_slhdsa_params(set);
	return p ? SLH_SIG_BYTES(p) : 0;
}

const char *pqs_slhdsa_name(pqs_slhdsa_set set)
{
	const slh_params *p = pqs_slhdsa_params(set);
	return p ? p->name : NULL;
}

int pqs_slhdsa_set_from_name(const char *name, pqs_slhdsa_set *set)
{
	static const char prefix[] = "SLH-DSA-";
	if (!name || !set)
		return PQS_ERR_ARG;
	if (strncasecmp(name, prefix, sizeof prefix - 1) == 0)
		name += sizeof prefix - 1;
	for (unsigned i = 0; i < PQS_SLHDSA_SET_COUNT; i++) {
		if (strcasecmp(sets[i].name + sizeof prefix - 1, name) == 0) {
			*set = (pqs_slhdsa_set)i;
			return PQS_OK;
		}
	}
	return PQS_ERR_UNKNOWN_ALG;
}
