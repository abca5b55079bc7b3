/*
 * libFuzzer target: the ledger's block decoder and validator
 * (pqs_chain_block_decode, pqs_chain_apply_block).  Each input is decoded,
 * then applied both to an empty state (the genesis path) and to a state
 * holding a fixed genesis with two funded ECDSA-secp256k1 accounts (the
 * normal path), on one thread and on a two-thread pool.  Properties: no
 * crash or sanitizer report; a rejected block leaves the state unchanged;
 * the verdict does not depend on the thread count.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static pqs_chain_state *base;
static pqs_chain_pool *pool;

/* A fixed genesis: deterministic keys from fixed private scalars. */
static void setup(void)
{
	const pqs_sig_class *cls = pqs_sig_find("ECDSA-secp256k1");
	uint8_t pk[2][64], sk[2][64], seed[32];
	pqs_chain_alloc al[2];
	for (int i = 0; i < 2; i++) {
		memset(seed, 0, sizeof seed);
		seed[31] = (uint8_t)(i + 1);
		if (!cls || pqs_sig_keygen(cls, pk[i], sk[i], seed, sizeof seed, NULL) != PQS_OK)
			abort();
		al[i] = (pqs_chain_alloc){ cls, pk[i], 1000 };
	}
	uint8_t *g;
	size_t glen;
	base = pqs_chain_state_new(1);
	pool = pqs_chain_pool_new(2);
	if (!base || !pool || pqs_chain_genesis_build(1, 1, al, 2, &g, &glen) != PQS_OK ||
	    pqs_chain_apply_block(base, g, glen, NULL, NULL) != PQS_OK)
		abort();
	free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!base)
		setup();
	pqs_chain_header h;
	pqs_chain_tx *txs;
	size_t *offs;
	if (pqs_chain_block_decode(&h, &txs, &offs, data, size) == PQS_OK) {
		if (offs[0] != PQS_CHAIN_HEADER_LEN || offs[h.count] != size)
			abort();
		free(txs);
		free(offs);
	}
	pqs_chain_state *empty = pqs_chain_state_new(1);
	if (empty) {
		(void)pqs_chain_apply_block(empty, data, size, NULL, NULL);
		pqs_chain_state_free(empty);
	}
	uint8_t before[32], after[32];
	pqs_chain_state_digest(base, before);
	int verdict[2];
	size_t bad[2];
	for (int t = 0; t < 2; t++) {
		pqs_chain_state *s = pqs_chain_state_clone(base);
		if (!s)
			return 0;
		verdict[t] = pqs_chain_apply_block(s, data, size, t ? pool : NULL, &bad[t]);
		if (verdict[t] != PQS_OK) {
			pqs_chain_state_digest(s, after);
			if (memcmp(before, after, 32) != 0 || pqs_chain_state_blocks(s) != 1)
				abort();
		}
		pqs_chain_state_free(s);
	}
	if (verdict[0] != verdict[1] || bad[0] != bad[1])
		abort();
	return 0;
}
