/*
 * The hash functions of SLH-DSA (FIPS 205 section 11): PRF, PRF_msg,
 * H_msg, F, H and T_l for the SHAKE instantiation (section 11.1) and the
 * SHA2 instantiations for category 1 (section 11.2.1) and categories 3 and
 * 5 (section 11.2.2).  SHA-2 is pqsig's own (pqsig/sha2.h), so this needs
 * no OpenSSL.  The hash state after the PK.seed prefix is computed once
 * per operation in pqs_slhdsa_ctx_init and copied for every call.
 */
#include <string.h>

#include "pqsig/rand.h"
#include "slhdsa/inner.h"

/* Section 11.2: ADRSc = ADRS[3] || ADRS[8:16] || ADRS[19] || ADRS[20:32] (22 bytes). */
#define SLH_ADRSC_BYTES 22

static void compress_adrs(uint8_t out[SLH_ADRSC_BYTES], const slh_adrs *a)
{
	out[0] = a->b[3];
	memcpy(out + 1, a->b + 8, 8);
	out[9] = a->b[19];
	memcpy(out + 10, a->b + 20, 12);
}

int pqs_slhdsa_sha2_fits_block(const slh_params *p, unsigned blocks, int *wide)
{
	const size_t in_len = (size_t)blocks * p->n;
	/* Sections 11.2.1 and 11.2.2: F and PRF always, H and T_l for n = 16, use SHA-256; else SHA-512. */
	*wide = p->n != 16 && blocks > 1;
	/* ADRSc || M, the 0x80 byte and the 8- or 16-byte length after the PK.seed block. */
	return SLH_ADRSC_BYTES + in_len + (*wide ? 17 : 9) <= (*wide ? PQS_SHA512_BLOCK_BYTES : PQS_SHA256_BLOCK_BYTES);
}

void pqs_slhdsa_sha2_block(uint8_t *block, size_t block_bytes, const slh_adrs *adrs, const uint8_t *in, size_t in_len)
{
	const size_t used = SLH_ADRSC_BYTES + in_len;
	const uint64_t bits = (uint64_t)(block_bytes + used) * 8;
	compress_adrs(block, adrs);
	memcpy(block + SLH_ADRSC_BYTES, in, in_len);
	block[used] = 0x80;
	memset(block + used + 1, 0, block_bytes - used - 1);
	/* The bit length, big-endian, in the last 8 bytes (SHA-512's high 64 bits stay zero). */
	for (unsigned i = 0; i < 8; i++)
		block[block_bytes - 1 - i] = (uint8_t)(bits >> (8 * i));
}

void pqs_slhdsa_sha256_out(uint8_t *out, const uint32_t h[8], unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		out[i] = (uint8_t)(h[i / 4] >> (24 - 8 * (i % 4)));
}

void pqs_slhdsa_ctx_init(slh_ctx *c, const slh_params *p, const uint8_t *pk_seed, const uint8_t *sk_seed)
{
	memset(c, 0, sizeof *c);
	c->p = p;
	memcpy(c->pk_seed, pk_seed, p->n);
	if (sk_seed)
		memcpy(c->sk_seed, sk_seed, p->n);
	if (p->sha2) {
		/* Section 11.2: PK.seed padded to a full block, compressed once. */
		uint8_t block[PQS_SHA512_BLOCK_BYTES] = {0};
		memcpy(block, pk_seed, p->n);
		pqs_sha256_init(&c->sha256_seeded);
		pqs_sha256_update(&c->sha256_seeded, block, PQS_SHA256_BLOCK_BYTES);
		pqs_sha512_init(&c->sha512_seeded);
		pqs_sha512_update(&c->sha512_seeded, block, PQS_SHA512_BLOCK_BYTES);
	} else {
		pqs_shake256_init(&c->shake_seeded);
		pqs_keccak_absorb(&c->shake_seeded, pk_seed, p->n);
	}
}

void pqs_slhdsa_ctx_clear(slh_ctx *c)
{
	pqs_zeroize(c, sizeof *c);
}

/* SHAKE256 rate in bytes (FIPS 202 section 6.2). */
#define SHAKE256_RATE 136

/*
 * Section 11.1 fast path: PK.seed || ADRS || M fits one SHAKE256 block for
 * F, H and PRF, so the padded block is loaded straight into the state and
 * permuted once (FIPS 202 pad10*1 with the SHAKE suffix 1111).
 */
static void shake_one_block(const slh_ctx *c, uint8_t *out, const slh_adrs *adrs, const uint8_t *in, size_t in_len)
{
	const unsigned n = c->p->n;
	const size_t total = n + sizeof adrs->b + in_len;
	uint8_t block[SHAKE256_RATE];
	uint64_t st[25] = {0};
	memcpy(block, c->pk_seed, n);
	memcpy(block + n, adrs->b, sizeof adrs->b);
	memcpy(block + n + sizeof adrs->b, in, in_len);
	memset(block + total, 0, SHAKE256_RATE - total);
	block[total] ^= 0x1F;
	block[SHAKE256_RATE - 1] ^= 0x80;
	for (unsigned i = 0; i < SHAKE256_RATE / 8; i++) {
		uint64_t lane = 0;
		for (unsigned j = 0; j < 8; j++)
			lane |= (uint64_t)block[8 * i + j] << (8 * j);
		st[i] = lane;
	}
	pqs_keccak_f1600(st);
	for (unsigned i = 0; i < n; i++)
		out[i] = (uint8_t)(st[i / 8] >> (8 * (i % 8)));
	pqs_zeroize(block, sizeof block);
	pqs_zeroize(st, sizeof st);
}

/*
 * Section 11.2 fast path: after the precomputed PK.seed block, ADRSc || M
 * and the SHA-2 padding fit one more block for F, H and PRF; compress it
 * straight from the saved chaining value.  wide selects SHA-512.
 */
static void sha2_one_block(const slh_ctx *c, uint8_t *out, const slh_adrs *adrs, const uint8_t *in, size_t in_len,
			   int wide)
{
	const unsigned n = c->p->n;
	uint8_t block[PQS_SHA512_BLOCK_BYTES];
	pqs_slhdsa_sha2_block(block, wide ? PQS_SHA512_BLOCK_BYTES : PQS_SHA256_BLOCK_BYTES, adrs, in, in_len);
	if (wide) {
		uint64_t h[8];
		memcpy(h, c->sha512_seeded.h, sizeof h);
		pqs_sha512_compress(h, block, 1);
		for (unsigned i = 0; i < n; i++)
			out[i] = (uint8_t)(h[i / 8] >> (56 - 8 * (i % 8)));
		pqs_zeroize(h, sizeof h);
	} else {
		uint32_t h[8];
		memcpy(h, c->sha256_seeded.h, sizeof h);
		pqs_sha256_compress(h, block, 1);
		pqs_slhdsa_sha256_out(out, h, n);
		pqs_zeroize(h, sizeof h);
	}
	pqs_zeroize(block, sizeof block);
}

void pqs_slhdsa_thash(const slh_ctx *c, uint8_t *out, const slh_adrs *adrs, const uint8_t *in, unsigned blocks)
{
	const unsigned n = c->p->n;
	const size_t in_len = (size_t)blocks * n;
	if (!c->p->sha2) {
		/* Section 11.1: SHAKE256(PK.seed || ADRS || M, 8n). */
		if (n + sizeof adrs->b + in_len < SHAKE256_RATE) {
			shake_one_block(c, out, adrs, in, in_len);
			return;
		}
		pqs_keccak ks = c->shake_seeded;
		pqs_keccak_absorb(&ks, adrs->b, sizeof adrs->b);
		pqs_keccak_absorb(&ks, in, in_len);
		pqs_keccak_squeeze(&ks, out, n);
		pqs_zeroize(&ks, sizeof ks);
		return;
	}
	uint8_t adrsc[SLH_ADRSC_BYTES], digest[64];
	int wide;
	if (pqs_slhdsa_sha2_fits_block(c->p, blocks, &wide)) {
		sha2_one_block(c, out, adrs, in, in_len, wide);
		return;
	}
	compress_adrs(adrsc, adrs);
	if (!wide) {
		pqs_sha256_ctx s = c->sha256_seeded;
		pqs_sha256_update(&s, adrsc, sizeof adrsc);
		pqs_sha256_update(&s, in, in_len);
		pqs_sha256_final(&s, digest);
	} else {
		pqs_sha512_ctx s = c->sha512_seeded;
		pqs_sha512_update(&s, adrsc, sizeof adrsc);
		pqs_sha512_update(&s, in, in_len);
		pqs_sha512_final(&s, digest);
	}
	memcpy(out, digest, n);
	pqs_zeroize(digest, sizeof digest);
}

/* Streaming view of the two SHA-2 widths, so that HMAC and MGF1 are written once. */
typedef struct {
	int wide; /* 0: SHA-256, 1: SHA-512 */
	pqs_sha256_ctx s256;
	pqs_sha512_ctx s512;
} sha2_stream;

static void sha2_start(sha2_stream *s, int wide)
{
	s->wide = wide;
	if (wide)
		pqs_sha512_init(&s->s512);
	else
		pqs_sha256_init(&s->s256);
}

static void sha2_add(sha2_stream *s, const uint8_t *in, size_t len)
{
	if (s->wide)
		pqs_sha512_update(&s->s512, in, len);
	else
		pqs_sha256_update(&s->s256, in, len);
}

static void sha2_add_msg(sha2_stream *s, const slh_msg *m)
{
	sha2_add(s, m->prefix, m->prefix_len);
	sha2_add(s, m->msg, m->msg_len);
}

/* Writes 32 or 64 bytes. */
static void sha2_finish(sha2_stream *s, uint8_t *out)
{
	if (s->wide)
		pqs_sha512_final(&s->s512, out);
	else
		pqs_sha256_final(&s->s256, out);
}

void pqs_slhdsa_prf_msg(const slh_ctx *c, uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand,
                        const slh_msg *m)
{
	const unsigned n = c->p->n;
	if (!c->p->sha2) {
		/* Section 11.1: SHAKE256(SK.prf || opt_rand || M, 8n). */
		pqs_keccak ks;
		pqs_shake256_init(&ks);
		pqs_keccak_absorb(&ks, sk_prf, n);
		pqs_keccak_absorb(&ks, opt_rand, n);
		pqs_keccak_absorb(&ks, m->prefix, m->prefix_len);
		pqs_keccak_absorb(&ks, m->msg, m->msg_len);
		pqs_keccak_squeeze(&ks, out, n);
		pqs_zeroize(&ks, sizeof ks);
		return;
	}
	/*
	 * Sections 11.2.1 / 11.2.2: Trunc_n(HMAC-SHA-256 or HMAC-SHA-512(SK.prf,
	 * opt_rand || M)); HMAC per FIPS 198-1 with the n-byte key zero-padded
	 * to the block size.
	 */
	const int wide = n != 16;
	const size_t block = wide ? PQS_SHA512_BLOCK_BYTES : PQS_SHA256_BLOCK_BYTES;
	uint8_t pad[PQS_SHA512_BLOCK_BYTES], inner[64];
	sha2_stream s;
	memset(pad, 0x36, block);
	for (unsigned i = 0; i < n; i++)
		pad[i] ^= sk_prf[i];
	sha2_start(&s, wide);
	sha2_add(&s, pad, block);
	sha2_add(&s, opt_rand, n);
	sha2_add_msg(&s, m);
	sha2_finish(&s, inner);
	memset(pad, 0x5c, block);
	for (unsigned i = 0; i < n; i++)
		pad[i] ^= sk_prf[i];
	sha2_start(&s, wide);
	sha2_add(&s, pad, block);
	sha2_add(&s, inner, wide ? 64 : 32);
	sha2_finish(&s, inner);
	memcpy(out, inner, n);
	pqs_zeroize(pad, sizeof pad);
	pqs_zeroize(inner, sizeof inner);
	pqs_zeroize(&s, sizeof s);
}

void pqs_slhdsa_h_msg(const slh_ctx *c, uint8_t *out, const uint8_t *r, const uint8_t *pk_root, const slh_msg *m)
{
	const unsigned n = c->p->n, mlen = c->p->m;
	if (!c->p->sha2) {
		/* Section 11.1: SHAKE256(R || PK.seed || PK.root || M, 8m). */
		pqs_keccak ks;
		pqs_shake256_init(&ks);
		pqs_keccak_absorb(&ks, r, n);
		pqs_keccak_absorb(&ks, c->pk_seed, n);
		pqs_keccak_absorb(&ks, pk_root, n);
		pqs_keccak_absorb(&ks, m->prefix, m->prefix_len);
		pqs_keccak_absorb(&ks, m->msg, m->msg_len);
		pqs_keccak_squeeze(&ks, out, mlen);
		return;
	}
	/*
	 * Sections 11.2.1 / 11.2.2: MGF1-SHA-x(R || PK.seed || SHA-x(R || PK.seed
	 * || PK.root || M), m), x = 256 for n = 16, else 512 (MGF1 of RFC 8017
	 * B.2.1: blocks SHA-x(seed || toByte(counter, 4)) concatenated).
	 */
	const int wide = n != 16;
	const size_t dlen = wide ? 64 : 32;
	uint8_t seed[2 * SLH_MAX_N + 64 + 4], block[64];
	sha2_stream s;
	sha2_start(&s, wide);
	sha2_add(&s, r, n);
	sha2_add(&s, c->pk_seed, n);
	sha2_add(&s, pk_root, n);
	sha2_add_msg(&s, m);
	memcpy(seed, r, n);
	memcpy(seed + n, c->pk_seed, n);
	sha2_finish(&s, seed + 2 * n);
	const size_t seed_len = 2 * n + dlen;
	for (uint32_t counter = 0, done = 0; done < mlen; counter++) {
		seed[seed_len] = (uint8_t)(counter >> 24);
		seed[seed_len + 1] = (uint8_t)(counter >> 16);
		seed[seed_len + 2] = (uint8_t)(counter >> 8);
		seed[seed_len + 3] = (uint8_t)counter;
		sha2_start(&s, wide);
		sha2_add(&s, seed, seed_len + 4);
		sha2_finish(&s, block);
		const size_t take = (mlen - done < dlen) ? mlen - done : dlen;
		memcpy(out + done, block, take);
		done += (uint32_t)take;
	}
}
