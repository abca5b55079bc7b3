/*
 * Hawk-512 and Hawk-1024 as pqs_sig_class objects (include/pqsig/hawk.h).
 */
#include <string.h>

#include "inner.h"
#include "pqsig/hawk.h"

/* The parameter block of a class is its logn. */
static unsigned
class_logn(const pqs_sig_class *cls)
{
	return *(const unsigned *)cls->params;
}

static int
hawk_keygen(const pqs_sig_class *cls, uint8_t *pk, uint8_t *sk,
	const uint8_t *seed, size_t seed_len, pqs_rng *rng)
{
	unsigned logn = class_logn(cls);

	if (seed != NULL) {
		/*
		 * The seed is the reference's kgseed, the first field of the
		 * secret key: keygen_try regenerates (f, g) from it and solves.
		 * A kgseed the keygen loop would reject (and redraw) is refused.
		 */
		if (seed_len != cls->seed_len) {
			return PQS_ERR_SEED_LENGTH;
		}
		return pqs_hawk_keygen_try(logn, seed, sk, pk) ? PQS_OK : PQS_ERR_SEED_REJECTED;
	}
	return pqs_hawk_keygen(logn, sk, pk, rng);
}

static int
hawk_sign(const pqs_sig_class *cls, uint8_t *sig, size_t sig_cap,
	size_t *sig_len, const uint8_t *msg, size_t msg_len,
	const uint8_t *ctx, size_t ctx_len, const uint8_t *sk,
	unsigned flags, pqs_rng *rng)
{
	unsigned logn = class_logn(cls);
	int r;

	r = pqs_sig_check_sign_args(cls, sig, sig_cap, sig_len, msg, msg_len, ctx, ctx_len, sk, flags);
	if (r != PQS_OK) {
		return r;
	}
	r = pqs_hawk_sign(logn, sig, msg, msg_len, sk, rng);
	if (r == PQS_OK) {
		*sig_len = PQS_HAWK_SIG_LEN(logn);
	}
	return r;
}

static int
hawk_verify(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len,
	const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
	const uint8_t *pk)
{
	unsigned logn = class_logn(cls);

	(void)ctx;
	if (ctx_len != 0) {
		return PQS_ERR_CTX_UNSUPPORTED;
	}
	if (sig_len != PQS_HAWK_SIG_LEN(logn)) {
		return PQS_ERR_SIG_LENGTH;
	}
	return pqs_hawk_verify(logn, sig, msg, msg_len, pk);
}

static const unsigned logn_512 = 9;
static const unsigned logn_1024 = 10;

#define HAWK_CLASS(var, nm, ident, level, logn_var, logn) \
	const pqs_sig_class var = { \
		.name = nm, \
		.family = "Hawk", \
		.id = ident, \
		.flags = PQS_SIG_FIXED_LENGTH | PQS_SIG_PQC, \
		.security_level = level, \
		.pk_len = PQS_HAWK_PK_LEN(logn), \
		.sk_len = PQS_HAWK_SK_LEN(logn), \
		.sig_max_len = PQS_HAWK_SIG_LEN(logn), \
		.seed_len = PQS_HAWK_SEED_LEN(logn), \
		.keygen = hawk_keygen, \
		.sign = hawk_sign, \
		.verify = hawk_verify, \
		.params = &logn_var, \
	}

HAWK_CLASS(pqs_hawk512_class, "Hawk-512", 0x0030, 1, logn_512, 9);
HAWK_CLASS(pqs_hawk1024_class, "Hawk-1024", 0x0031, 5, logn_1024, 10);
