/*
 * V2X services without ASN.1: error strings, 1609.2 time scales, and the
 * SHA-2 hashing of section 5.3.1.
 */
#include <string.h>
#include <time.h>

#include "core/errors.h"
#include "pqsig/sha2.h"
#include "v2x_inner.h"

/* This family's messages, reached through pqs_strerror() (src/core/errors.h). */
static const pqs_error_entry v2x_errors[] = {
	{ V2X_ERR_TRUNCATED, "malformed: input ends inside a value" },
	{ V2X_ERR_TRAILING, "malformed: trailing bytes after the encoding" },
	{ V2X_ERR_LENGTH_NONCANONICAL, "malformed: non-canonical length determinant" },
	{ V2X_ERR_INT_NONCANONICAL, "malformed: non-canonical integer encoding" },
	{ V2X_ERR_UNKNOWN_CHOICE, "malformed: unknown alternative of a non-extensible choice" },
	{ V2X_ERR_BAD_TAG, "malformed: invalid choice tag" },
	{ V2X_ERR_CONSTRAINT, "malformed: value violates its ASN.1 constraint" },
	{ V2X_ERR_PREAMBLE, "malformed: invalid sequence preamble" },
	{ V2X_ERR_DEFAULT_ENCODED, "malformed: DEFAULT component encoded with its default value" },
	{ V2X_ERR_EXTENSION, "malformed: invalid extension bitmap or open type" },
	{ V2X_ERR_KEY_ENCODING, "malformed: public key encoding rejected" },
	{ V2X_ERR_SIG_ENCODING, "malformed: signature encoding rejected" },
	{ V2X_ERR_TOO_LARGE, "malformed: value exceeds implementation bounds" },
	{ V2X_ERR_SIG_INVALID, "invalid: SPDU signature does not verify" },
	{ V2X_ERR_CERT_SIG_INVALID, "invalid: certificate signature does not verify" },
	{ V2X_ERR_SIGNER_UNKNOWN, "invalid: signer certificate digest not known" },
	{ V2X_ERR_ISSUER_UNKNOWN, "invalid: certificate issuer not known" },
	{ V2X_ERR_UNTRUSTED_ROOT, "invalid: chain ends in an untrusted root" },
	{ V2X_ERR_CERT_EXPIRED, "invalid: certificate expired at generationTime" },
	{ V2X_ERR_CERT_NOT_YET_VALID, "invalid: certificate not yet valid at generationTime" },
	{ V2X_ERR_PSID_NOT_PERMITTED, "invalid: PSID not permitted by the signer certificate" },
	{ V2X_ERR_ISSUER_PERMISSIONS, "invalid: certificate permissions exceed its issuer's" },
	{ V2X_ERR_REGION, "invalid: certificate region outside its issuer's region" },
	{ V2X_ERR_TOO_OLD, "invalid: generationTime outside the replay window (too old)" },
	{ V2X_ERR_FROM_FUTURE, "invalid: generationTime in the future" },
	{ V2X_ERR_PSID_MISMATCH, "invalid: PSID differs from the expected PSID" },
	{ V2X_ERR_CHAIN_TOO_LONG, "invalid: certificate chain too long" },
	{ V2X_ERR_UNSUPPORTED, "invalid: content not supported by this stack" },
	{ V2X_ERR_ALG_MISMATCH, "invalid: signature algorithm does not match the key" },
	{ V2X_ERR_NO_GENERATION_TIME, "invalid: headerInfo has no generationTime" },
	{ V2X_ERR_CHAIN_LENGTH, "invalid: chain length not allowed by an issuer" },
	{ V2X_ERR_DUPLICATE, "invalid: duplicate of an SPDU already verified (replay)" },
	{ V2X_ERR_ARG, "invalid argument" },
	{ V2X_ERR_BUFFER_TOO_SMALL, "output buffer too small" },
	{ V2X_ERR_UNKNOWN_ALG, "unknown V2X algorithm or profile" },
	{ V2X_ERR_ALG_UNAVAILABLE, "algorithm not registered in this build" },
	{ V2X_ERR_NOMEM, "out of memory, or store/cache full" },
	{ V2X_ERR_CRYPTO, "signature core failure" },
	{ V2X_ERR_NO_SECRET_KEY, "key has no secret part" },
};

const pqs_error_table pqs_v2x_error_table = { v2x_errors, sizeof v2x_errors / sizeof v2x_errors[0] };

const char *pqs_v2x_strerror(int err)
{
	return pqs_strerror(err);
}

int pqs_v2x_err_is_malformed(int err)
{
	return err <= -100 && err >= -129;
}

/* ---------------- time (1609.2 sections 6.4.12-6.4.13) ---------------- */

/* Unix time of 2004-01-01 00:00:00 UTC, the 1609.2 epoch. */
#define EPOCH_2004 1072915200ull

/* Leap seconds inserted after the epoch (end of the listed UTC days),
 * as Unix times of the first second after each insertion.  Time32/Time64
 * count TAI seconds, so each adds one. */
static const uint64_t leaps[] = {
	1136073600ull, /* 2006-01-01 */
	1230768000ull, /* 2009-01-01 */
	1341100800ull, /* 2012-07-01 */
	1435708800ull, /* 2015-07-01 */
	1483228800ull, /* 2017-01-01 */
};

static uint64_t leap_count(uint64_t unix_s)
{
	uint64_t n = 0;
	for (size_t i = 0; i < sizeof leaps / sizeof leaps[0]; i++)
		n += unix_s >= leaps[i];
	return n;
}

uint32_t pqs_v2x_time32_from_unix(uint64_t unix_seconds)
{
	if (unix_seconds < EPOCH_2004)
		return 0;
	return (uint32_t)(unix_seconds - EPOCH_2004 + leap_count(unix_seconds));
}

uint64_t pqs_v2x_time64_from_unix_us(uint64_t unix_us)
{
	uint64_t s = unix_us / 1000000u;
	if (s < EPOCH_2004)
		return 0;
	return unix_us - EPOCH_2004 * 1000000u + leap_count(s) * 1000000u;
}

uint64_t pqs_v2x_time64_now(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return 0;
	return pqs_v2x_time64_from_unix_us((uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u);
}

uint64_t pqs_v2x_duration_seconds(unsigned unit, uint16_t value)
{
	switch (unit) {
	case V2X_DUR_MICROSECONDS:
		return value / 1000000u;
	case V2X_DUR_MILLISECONDS:
		return value / 1000u;
	case V2X_DUR_SECONDS:
		return value;
	case V2X_DUR_MINUTES:
		return (uint64_t)value * 60u;
	case V2X_DUR_HOURS:
		return (uint64_t)value * 3600u;
	case V2X_DUR_SIXTY_HOURS:
		return (uint64_t)value * 216000u;
	default:
		return (uint64_t)value * 31556952u; /* years: 1609.2 section 6.4.15 */
	}
}

/* ---------------- hashing ---------------- */

size_t pqs_v2x_hash_len(unsigned hash_alg)
{
	return hash_alg == V2X_HASH_SHA384 ? 48 : 32;
}

/*
 * The shared SHA-2 of src/core/sha2.c (FIPS 180-4): on a stack context with
 * no provider dispatch or allocation, and on the SHA extensions where the
 * CPU has them, which is what matters for the few short digests per SPDU
 * (the data input of 5.3.1 is two digests, the second over 64 bytes).
 */
static _Thread_local uint64_t hashed_bytes; /* pqs_v2x_test_hashed_bytes */

uint64_t pqs_v2x_test_hashed_bytes(void)
{
	return hashed_bytes;
}

int pqs_v2x_hash(unsigned hash_alg, const uint8_t *in, size_t len, uint8_t *out)
{
	hashed_bytes += len;
	if (hash_alg == V2X_HASH_SHA384) {
		pqs_sha512_ctx c;
		pqs_sha384_init(&c);
		pqs_sha512_update(&c, in, len);
		pqs_sha512_final(&c, out);
	} else {
		pqs_sha256(out, in, len);
	}
	return V2X_OK;
}

/* Section 5.3.1.2.2: data input = H( H(tbsData) || H(signer identifier input) ),
 * where the signer input is the signer's COER certificate, or the empty
 * string for a self-signed certificate. */
int pqs_v2x_data_input(unsigned hash_alg, const uint8_t *tbs, size_t tbs_len, const uint8_t *signer_hash, uint8_t *out)
{
	size_t h = pqs_v2x_hash_len(hash_alg);
	uint8_t cat[2 * V2X_MAX_HASH];
	int e = pqs_v2x_hash(hash_alg, tbs, tbs_len, cat);
	if (!e && signer_hash)
		memcpy(cat + h, signer_hash, h);
	else if (!e)
		e = pqs_v2x_hash(hash_alg, NULL, 0, cat + h);
	if (!e)
		e = pqs_v2x_hash(hash_alg, cat, 2 * h, out);
	return e;
}
