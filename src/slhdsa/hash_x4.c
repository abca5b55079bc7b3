/*
 * Four tweakable hashes at once (FIPS 205 section 11.1, SHAKE sets): four
 * independent one-block SHAKE256 calls share one four-way Keccak-f[1600]
 * evaluation of the core (src/core/keccak_x4.h, AVX2 when the CPU has it).
 * WOTS+ uses it for four chains in step.  For the SHA2 sets and for inputs
 * longer than one block it makes four calls of pqs_slhdsa_thash; the bytes
 * are the same either way.
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

void pqs_slhdsa_thash_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
                         const uint8_t *const in[4], unsigned blocks)
{
	const size_t in_len = (size_t)blocks * c->p->n;

	if (!c->p->sha2 && c->p->n + sizeof adrs[0]->b + in_len < PQS_SHAKE256_RATE && pqs_simd_avx2()) {
		shake_x4(c, out, adrs, in, in_len);
		return;
	}
	for (unsigned j = 0; j < 4; j++)
		if (out[j])
			pqs_slhdsa_thash(c, out[j], adrs[j], in[j], blocks);
}
