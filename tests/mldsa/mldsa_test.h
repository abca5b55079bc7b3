/*
 * Small helpers shared by the ML-DSA test programs (header-only).
 */
#ifndef PQSIG_TEST_MLDSA_H
#define PQSIG_TEST_MLDSA_H

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "pqsig/mldsa.h"
#include "testutil.h"

/* xorshift64*: reproducible test data (one sequence per test program). */
static uint64_t mt_rng_state = 0x243F6A8885A308D3ull;
static inline uint32_t mt_rnd32(void)
{
	mt_rng_state ^= mt_rng_state >> 12;
	mt_rng_state ^= mt_rng_state << 25;
	mt_rng_state ^= mt_rng_state >> 27;
	return (uint32_t)((mt_rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

/* "ML-DSA-44" -> PQS_MLDSA_44 ...; 0 if unknown. */
static inline pqs_mldsa_set mt_set_from_name(const char *name)
{
	if (!name)
		return (pqs_mldsa_set)0;
	if (strstr(name, "44"))
		return PQS_MLDSA_44;
	if (strstr(name, "65"))
		return PQS_MLDSA_65;
	if (strstr(name, "87"))
		return PQS_MLDSA_87;
	return (pqs_mldsa_set)0;
}

/* Hex member of a JSON object, malloc'd (NULL if absent or bad hex); *len set. */
static inline uint8_t *mt_hex(const tu_json *obj, const char *key, size_t *len)
{
	const char *s = tu_json_str(obj, key);
	*len = 0;
	if (!s)
		return NULL;
	return tu_hex_decode(s, len);
}

#endif
