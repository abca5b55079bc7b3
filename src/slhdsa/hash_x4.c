/*
 * Four tweakable hashes at once.  SHAKE sets (FIPS 205 section 11.1): four
 * independent one-block SHAKE256 calls share one four-way Keccak-f[1600]
 * evaluation of the core (src/core/keccak_x4.h, AVX2 when the CPU has it).
 * SHA2 sets (section 11.2): the four one-block SHA-256 compressions after
 * the PK.seed block go through pqs_sha256_compress_x4 (four interleaved
 * SHA-NI streams when the CPU has the SHA extensions).  WOTS+ uses it for
 * four chains in step, FORS for four leaves.  Inputs longer than one block
 * (and SHA-512) take four calls of pqs_slhdsa_thash; the bytes are the
 * same either way.
 */
#include <string.h>

#include "core/keccak_x4.h"
#include "core/simd.h"
#include "pqsig/rand.h"
#include "slhdsa/inner.h"

/* Four SHAKE256(PK.seed || ADRS_j || M_j, 8n), the whole input within one block. */
static void shake_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4], const uint8_t *const in[4],
		     size_t in_len)
{
	const unsigned n = c->p->n;
	const size_t total = n + sizeof adrs[0]->b + in_len;
	uint8_t block[4][PQS_SHAKE256_RATE];
	const uint8_t *msg[4] = { NULL, NULL, NULL, NULL };
	pqs_keccak_x4 k;
	for (unsigned j = 0; j < 4; j++) {
		if (!out[j])
			continue; /* idle lane: absorbs zeros, its output is dropped */
		memcpy(block[j], c->pk_seed, n);
		memcpy(block[j] + n, adrs[j]->b, sizeof adrs[j]->b);
		memcpy(block[j] + n + sizeof adrs[j]->b, in[j], in_len);
		msg[j] = block[j];
	}
	pqs_shake256_x4_init(&k);
	pqs_keccak_x4_absorb(&k, msg, total);
	pqs_keccak_x4_squeeze(&k, out, n);
	pqs_zeroize(block, sizeof block);
	pqs_keccak_x4_clear(&k);
}

/* Four SHA-256(PK.seed || toByte(0, 64 - n) || ADRSc_j || M_j), the tail within one block (section 11.2). */
static void sha256_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
		      const uint8_t *const in[4], size_t in_len)
{
	uint8_t block[4][PQS_SHA256_BLOCK_BYTES];
	uint32_t h[4][8];
	uint32_t *const state[4] = { h[0], h[1], h[2], h[3] };
	const uint8_t *const blocks[4] = { block[0], block[1], block[2], block[3] };
	for (unsigned j = 0; j < 4; j++) {
		memcpy(h[j], c->sha256_seeded.h, sizeof h[j]);
		/* an idle lane hashes lane 0's input (or zeros): its output is dropped */
		const unsigned src = out[j] ? j : 0;
		if (out[src])
			pqs_slhdsa_sha2_block(block[j], sizeof block[j], adrs[src], in[src], in_len);
		else
			memset(block[j], 0, sizeof block[j]);
	}
	pqs_sha256_compress_x4(state, blocks);
	for (unsigned j = 0; j < 4; j++)
		if (out[j])
			pqs_slhdsa_sha256_out(out[j], h[j], c->p->n);
	pqs_zeroize(block, sizeof block);
	pqs_zeroize(h, sizeof h);
}

void pqs_slhdsa_thash_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
                         const uint8_t *const in[4], unsigned blocks)
{
	const size_t in_len = (size_t)blocks * c->p->n;

	if (!c->p->sha2 && c->p->n + sizeof adrs[0]->b + in_len < PQS_SHAKE256_RATE && pqs_simd_avx2()) {
		shake_x4(c, out, adrs, in, in_len);
		return;
	}
	int wide;
	if (c->p->sha2 && pqs_slhdsa_sha2_fits_block(c->p, blocks, &wide) && !wide) {
		sha256_x4(c, out, adrs, in, in_len);
		return;
	}
	for (unsigned j = 0; j < 4; j++)
		if (out[j])
			pqs_slhdsa_thash(c, out[j], adrs[j], in[j], blocks);
}
