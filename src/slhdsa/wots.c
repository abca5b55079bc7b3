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
 * chain (Algorithm 5): s iterations of F from position i.  The hash
 * address j is the only part of ADRS that changes.
 */
static void chain(const slh_ctx *c, uint8_t *x, unsigned i, unsigned s, slh_adrs *adrs)
{
	for (unsigned j = i; j < i + s; j++) {
		slh_adrs_set_hash(adrs, j);
		pqs_slhdsa_thash(c, x, adrs, x, 1);
	}
}

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

/* The i-th secret chain start: PRF with a WOTS_PRF address (Algorithm 6 steps 1-3 and 5-6). */
static void chain_secret(const slh_ctx *c, uint8_t *sk, const slh_adrs *adrs, unsigned i)
{
	slh_adrs sk_adrs = *adrs;
	slh_adrs_set_type(&sk_adrs, SLH_ADRS_WOTS_PRF);
	slh_adrs_set_keypair(&sk_adrs, slh_adrs_get_keypair(adrs));
	slh_adrs_set_chain(&sk_adrs, i);
	slh_prf(c, sk, &sk_adrs);
}

/* Compress the len chain ends with T_len under a WOTS_PK address (Algorithm 6 steps 9-12). */
static void compress_pk(const slh_ctx *c, uint8_t *pk, const uint8_t *ends, const slh_adrs *adrs)
{
	slh_adrs pk_adrs = *adrs;
	slh_adrs_set_type(&pk_adrs, SLH_ADRS_WOTS_PK);
	slh_adrs_set_keypair(&pk_adrs, slh_adrs_get_keypair(adrs));
	pqs_slhdsa_thash(c, pk, &pk_adrs, ends, SLH_WOTS_LEN(c->p));
}

/*
 * Chains first .. first + 3 from their secret values to the top (Algorithm
 * 6 steps 4-8), four in step through pqs_slhdsa_thash_x4.  Lanes past len
 * repeat the last chain into a scratch buffer and are discarded.
 */
static void chains_to_top_x4(const slh_ctx *c, uint8_t *ends, unsigned first, unsigned len, const slh_adrs *adrs)
{
	const unsigned n = c->p->n;
	uint8_t scratch[4][SLH_MAX_N];
	slh_adrs sk_adrs[4], chain_adrs[4];
	uint8_t *out[4];
	const uint8_t *in[4];
	const slh_adrs *sk_ptr[4], *chain_ptr[4];
	for (unsigned j = 0; j < 4; j++) {
		const unsigned i = first + j < len ? first + j : len - 1;
		out[j] = first + j < len ? ends + (size_t)i * n : scratch[j];
		sk_adrs[j] = *adrs;
		slh_adrs_set_type(&sk_adrs[j], SLH_ADRS_WOTS_PRF);
		slh_adrs_set_keypair(&sk_adrs[j], slh_adrs_get_keypair(adrs));
		slh_adrs_set_chain(&sk_adrs[j], i);
		chain_adrs[j] = *adrs;
		slh_adrs_set_chain(&chain_adrs[j], i);
		in[j] = c->sk_seed;
		sk_ptr[j] = &sk_adrs[j];
		chain_ptr[j] = &chain_adrs[j];
	}
	pqs_slhdsa_thash_x4(c, out, sk_ptr, in, 1);
	for (unsigned j = 0; j < 4; j++)
		in[j] = out[j];
	for (unsigned step = 0; step < SLH_W - 1; step++) {
		for (unsigned j = 0; j < 4; j++)
			slh_adrs_set_hash(&chain_adrs[j], step);
		pqs_slhdsa_thash_x4(c, out, chain_ptr, in, 1);
	}
	pqs_zeroize(scratch, sizeof scratch);
}

void pqs_slhdsa_wots_pk_gen(const slh_ctx *c, uint8_t *pk, const slh_adrs *adrs)
{
	const unsigned len = SLH_WOTS_LEN(c->p);
	uint8_t ends[SLH_MAX_WOTS_LEN * SLH_MAX_N];
	for (unsigned i = 0; i < len; i += 4)
		chains_to_top_x4(c, ends, i, len, adrs);
	compress_pk(c, pk, ends, adrs);
	pqs_zeroize(ends, sizeof ends);
}

void pqs_slhdsa_wots_sign(const slh_ctx *c, uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs)
{
	const unsigned n = c->p->n, len = SLH_WOTS_LEN(c->p);
	unsigned digits[SLH_MAX_WOTS_LEN];
	slh_adrs chain_adrs = *adrs;
	wots_digits(c->p, digits, msg);
	for (unsigned i = 0; i < len; i++) {
		chain_secret(c, sig + i * n, adrs, i);
		slh_adrs_set_chain(&chain_adrs, i);
		chain(c, sig + i * n, 0, digits[i], &chain_adrs);
	}
}

void pqs_slhdsa_wots_pk_from_sig(const slh_ctx *c, uint8_t *pk, const uint8_t *sig, const uint8_t *msg,
                                 const slh_adrs *adrs)
{
	const unsigned n = c->p->n, len = SLH_WOTS_LEN(c->p);
	unsigned digits[SLH_MAX_WOTS_LEN];
	uint8_t ends[SLH_MAX_WOTS_LEN * SLH_MAX_N];
	slh_adrs chain_adrs = *adrs;
	wots_digits(c->p, digits, msg);
	memcpy(ends, sig, (size_t)len * n);
	for (unsigned i = 0; i < len; i++) {
		slh_adrs_set_chain(&chain_adrs, i);
		chain(c, ends + i * n, digits[i], SLH_W - 1 - digits[i], &chain_adrs);
	}
	compress_pk(c, pk, ends, adrs);
}
