/*
 * WOTS+ one-time signatures (FIPS 205 section 5): chains of F, the base-w
 * message with its checksum, key generation, signing and public key
 * recovery.  The caller's ADRS carries layer, tree and key pair address.
 */
#include <string.h>

#include "core/ct.h"
#include "pqsig/rand.h"
#include "slhdsa/inner.h"

/*
 * Algorithm 7 steps 1-9 (and Algorithm 8 steps 1-9): the len1 base-w
 * digits of msg, then the len2 digits of the checksum, left-shifted so
 * that its bits end on a byte boundary.  msg is public in every caller
 * (a FORS public key or an XMSS root that the signature reveals).
 */
static void wots_digits(const slh_params *p, unsigned *digits, const uint8_t *msg)
{
	const unsigned len1 = 2 * p->n;
	uint32_t csum = 0;
	uint8_t csum_bytes[2];
	slh_base_2b(digits, msg, SLH_LG_W, len1);
	for (unsigned i = 0; i < len1; i++)
		csum += SLH_W - 1 - digits[i];
	/* len2 * lg_w = 12 bits: shift left by (8 - 12 mod 8) mod 8 = 4 into toByte(csum, 2). */
	csum <<= (8 - ((SLH_WOTS_LEN2 * SLH_LG_W) % 8)) % 8;
	csum_bytes[0] = (uint8_t)(csum >> 8);
	csum_bytes[1] = (uint8_t)csum;
	slh_base_2b(digits + len1, csum_bytes, SLH_LG_W, SLH_WOTS_LEN2);
}

/* Compress the len chain ends with T_len under a WOTS_PK address (Algorithm 6 steps 9-12). */
static void compress_pk(const slh_ctx *c, uint8_t *pk, const uint8_t *ends, const slh_adrs *adrs)
{
	slh_adrs pk_adrs = *adrs;
	slh_adrs_set_type(&pk_adrs, SLH_ADRS_WOTS_PK);
	slh_adrs_set_keypair(&pk_adrs, slh_adrs_get_keypair(adrs));
	pqs_slhdsa_thash(c, pk, &pk_adrs, ends, SLH_WOTS_LEN(c->p));
}

/* The lanes of one four-way step: chains first .. first + 3; those past len are idle (NULL). */
typedef struct {
	uint8_t *buf[4];
	slh_adrs adrs[4];
	const slh_adrs *adrs_ptr[4];
} chain_lanes;

static void lanes_init(chain_lanes *l, uint8_t *x, unsigned n, unsigned first, unsigned len, const slh_adrs *adrs)
{
	for (unsigned j = 0; j < 4; j++) {
		l->buf[j] = first + j < len ? x + (size_t)(first + j) * n : NULL;
		l->adrs[j] = *adrs;
		slh_adrs_set_chain(&l->adrs[j], first + j < len ? first + j : len - 1);
		l->adrs_ptr[j] = &l->adrs[j];
	}
}

/*
 * The secret chain starts sk_i = PRF(PK.seed, SK.seed, ADRS) of chains
 * first .. first + 3 under WOTS_PRF addresses (Algorithm 6 steps 1-3, 5-6).
 */
static void secrets_x4(const slh_ctx *c, uint8_t *x, unsigned first, unsigned len, const slh_adrs *adrs)
{
	chain_lanes l;
	const uint8_t *in[4] = {c->sk_seed, c->sk_seed, c->sk_seed, c->sk_seed};
	slh_adrs sk_adrs = *adrs;
	slh_adrs_set_type(&sk_adrs, SLH_ADRS_WOTS_PRF);
	slh_adrs_set_keypair(&sk_adrs, slh_adrs_get_keypair(adrs));
	lanes_init(&l, x, c->p->n, first, len, &sk_adrs);
	pqs_slhdsa_thash_x4(c, l.buf, l.adrs_ptr, in, 1);
	pqs_zeroize(&l, sizeof l);
}

/*
 * chain (Algorithm 5) for chains first .. first + 3 in step: chain i
 * advances from position start[i] by steps[i] applications of F, four
 * chains per pqs_slhdsa_thash_x4 call; a chain that has arrived (or lies
 * past len) idles.  start and steps are public (the base-w
 * digits of a public message, or 0 and w - 1).
 */
static void chains_x4(const slh_ctx *c, uint8_t *x, unsigned first, unsigned len, const unsigned *start,
                      const unsigned *steps, const slh_adrs *adrs)
{
	chain_lanes l;
	const uint8_t *in[4];
	uint8_t *out[4];
	unsigned pos[4], left[4], most = 0;
	lanes_init(&l, x, c->p->n, first, len, adrs);
	for (unsigned j = 0; j < 4; j++) {
		pos[j] = first + j < len ? start[first + j] : 0;
		left[j] = first + j < len ? steps[first + j] : 0;
		most = left[j] > most ? left[j] : most;
	}
	for (unsigned step = 0; step < most; step++) {
		for (unsigned j = 0; j < 4; j++) {
			out[j] = left[j] ? l.buf[j] : NULL;
			in[j] = out[j];
			slh_adrs_set_hash(&l.adrs[j], pos[j]);
			if (left[j]) {
				pos[j]++;
				left[j]--;
			}
		}
		pqs_slhdsa_thash_x4(c, out, l.adrs_ptr, in, 1);
	}
	pqs_zeroize(&l, sizeof l);
}

void pqs_slhdsa_wots_pk_gen(const slh_ctx *c, uint8_t *pk, const slh_adrs *adrs)
{
	static const unsigned zero[SLH_MAX_WOTS_LEN];
	const unsigned len = SLH_WOTS_LEN(c->p);
	unsigned top[SLH_MAX_WOTS_LEN];
	uint8_t ends[SLH_MAX_WOTS_LEN * SLH_MAX_N];
	for (unsigned i = 0; i < len; i++)
		top[i] = SLH_W - 1;
	for (unsigned i = 0; i < len; i += 4) {
		secrets_x4(c, ends, i, len, adrs);
		chains_x4(c, ends, i, len, zero, top, adrs);
	}
	compress_pk(c, pk, ends, adrs);
	pqs_zeroize(ends, sizeof ends);
}

void pqs_slhdsa_wots_sign(const slh_ctx *c, uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs)
{
	static const unsigned zero[SLH_MAX_WOTS_LEN];
	const unsigned len = SLH_WOTS_LEN(c->p);
	unsigned digits[SLH_MAX_WOTS_LEN];
	wots_digits(c->p, digits, msg);
	/* Algorithm 7 steps 10-15: chain i from its secret value to position msg[i]. */
	for (unsigned i = 0; i < len; i += 4) {
		secrets_x4(c, sig, i, len, adrs);
		chains_x4(c, sig, i, len, zero, digits, adrs);
	}
}

void pqs_slhdsa_wots_pk_from_sig(const slh_ctx *c, uint8_t *pk, const uint8_t *sig, const uint8_t *msg,
                                 const slh_adrs *adrs)
{
	const unsigned n = c->p->n, len = SLH_WOTS_LEN(c->p);
	unsigned digits[SLH_MAX_WOTS_LEN], rest[SLH_MAX_WOTS_LEN];
	uint8_t ends[SLH_MAX_WOTS_LEN * SLH_MAX_N];
	wots_digits(c->p, digits, msg);
	memcpy(ends, sig, (size_t)len * n);
	/* Algorithm 8 steps 10-13: chain i from position msg[i] to the top. */
	for (unsigned i = 0; i < len; i++)
		rest[i] = SLH_W - 1 - digits[i];
	for (unsigned i = 0; i < len; i += 4)
		chains_x4(c, ends, i, len, digits, rest, adrs);
	compress_pk(c, pk, ends, adrs);
}
