/*
 * Prepared sender keys in block validation (src/chain/keycache.c): the same
 * blocks are applied to a state without a key cache, one with a roomy cache
 * and one with a cache of two keys (which must evict).  Every block gets the
 * same verdict in all three, including a block whose third transaction has
 * a corrupted signature from a sender whose prepared key is cached; the
 * roomy cache serves repeat senders from prepared keys (hits counted) and
 * holds exactly pk_len + aligned prepared_len bytes per key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain_testlib.h"
#include "pqsig/sig.h"
#include "testutil.h"

#define CHAIN  21u
#define ROUNDS 3

static const char *const class_names[] = { "ML-DSA-44", "Falcon-512", "FN-DSA-512", "ECDSA-P256" };
#define NKEYS (sizeof class_names / sizeof class_names[0])

/* Apply blk to each state; all verdicts and bad indexes must agree with the first (plain) state's. */
static int apply_all(pqs_chain_state *const *states, size_t nstates, const uint8_t *blk, size_t len, size_t *bad_index)
{
	size_t bad0 = SIZE_MAX;
	int rc0 = pqs_chain_apply_block(states[0], blk, len, NULL, &bad0);
	for (size_t s = 1; s < nstates; s++) {
		size_t bad = SIZE_MAX;
		int rc = pqs_chain_apply_block(states[s], blk, len, NULL, &bad);
		TU_CHECK(rc == rc0 && bad == bad0, "state %zu: verdict %d at %zu, plain state %d at %zu", s, rc, bad,
			 rc0, bad0);
	}
	*bad_index = bad0;
	return rc0;
}

/*
 * One transaction from each key from `first` on to the next key (REF form:
 * genesis keyed every sender); nonces[] counts what each key has sent.
 */
static uint8_t *round_block(const pqs_chain_state *parent, const ct_key *keys, uint64_t *nonces, size_t first,
			    int corrupt_third, size_t *len)
{
	uint8_t *txs[NKEYS];
	size_t lens[NKEYS], n = 0;
	for (size_t i = first; i < NKEYS; i++, n++)
		txs[n] = ct_txr(&keys[i], CHAIN, keys[(i + 1) % NKEYS].addr, 1, nonces[i], &lens[n]);
	uint8_t *blk;
	if (corrupt_third) {
		/* The signature is the transaction's last field: flip a bit in its final byte. */
		txs[2][lens[2] - 1] ^= 0x01;
		blk = ct_raw_block(parent, pqs_chain_state_tip_time(parent) + 1, txs, lens, n, NULL, NULL, len);
	} else {
		blk = ct_build(parent, pqs_chain_state_tip_time(parent) + 1, txs, lens, n, len);
		/* Only a block that will apply advances the nonces. */
		for (size_t i = first; i < NKEYS; i++)
			nonces[i]++;
	}
	for (size_t i = 0; i < n; i++)
		free(txs[i]);
	return blk;
}

int main(void)
{
	ct_key keys[NKEYS];
	for (size_t i = 0; i < NKEYS; i++) {
		const pqs_sig_class *cls = pqs_sig_find(class_names[i]);
		TU_CHECK(cls != NULL, "class %s registered", class_names[i]);
		if (!cls)
			return tu_finish("test_chain_keycache");
		ct_key_new(&keys[i], cls);
	}
	pqs_chain_state *plain = ct_genesis(CHAIN, keys, NKEYS, 1000, NULL, NULL);
	pqs_chain_state *roomy = pqs_chain_state_clone(plain), *tight = pqs_chain_state_clone(plain);
	pqs_chain_key_cache *roomy_cache = pqs_chain_key_cache_new(64, (size_t)64 << 20);
	pqs_chain_key_cache *tight_cache = pqs_chain_key_cache_new(2, (size_t)64 << 20);
	TU_CHECK(plain && roomy && tight && roomy_cache && tight_cache, "states and caches");
	if (!plain || !roomy || !tight || !roomy_cache || !tight_cache)
		return tu_finish("test_chain_keycache");
	TU_CHECK(pqs_chain_key_cache_new(0, 1024) == NULL, "a cache of zero keys is refused");
	pqs_chain_state_set_key_cache(roomy, roomy_cache);
	pqs_chain_state_set_key_cache(tight, tight_cache);
	pqs_chain_state *states[] = { plain, roomy, tight };

	uint64_t nonces[NKEYS] = { 0 };
	for (uint64_t round = 0; round < ROUNDS; round++) {
		size_t len, bad;
		uint8_t *blk = round_block(plain, keys, nonces, 0, 0, &len);
		TU_CHECK(apply_all(states, 3, blk, len, &bad) == PQS_OK, "round %llu block valid",
			 (unsigned long long)round);
		free(blk);
	}
	/* A corrupted signature from a cached sender: rejected at index 2 with or without the cache. */
	size_t len, bad;
	uint8_t *blk = round_block(plain, keys, nonces, 0, 1, &len);
	int rc = apply_all(states, 3, blk, len, &bad);
	TU_CHECK(rc == PQS_CHAIN_ERR_BAD_SIGNATURE && bad == 2, "corrupted signature: %d at %zu", rc, bad);
	free(blk);
	/* The rejected block changed nothing: the next valid round still applies everywhere. */
	blk = round_block(plain, keys, nonces, 0, 0, &len);
	TU_CHECK(apply_all(states, 3, blk, len, &bad) == PQS_OK, "valid block after the rejected one");
	free(blk);
	/* Only the last two keys send: the tight cache, full of the first two, must evict them. */
	blk = round_block(plain, keys, nonces, 2, 0, &len);
	TU_CHECK(apply_all(states, 3, blk, len, &bad) == PQS_OK, "block of the last two senders");
	free(blk);

	pqs_chain_key_cache_stats st;
	pqs_chain_key_cache_get_stats(roomy_cache, &st);
	/* 5 blocks x 4 senders + 2 = 22 lookups: 4 first-time misses, then hits. */
	TU_CHECK(st.keys == NKEYS && st.misses == NKEYS && st.hits == 5 * NKEYS + 2 - NKEYS && st.evictions == 0,
		 "roomy cache: %zu keys, %llu hits, %llu misses, %llu evictions", st.keys, (unsigned long long)st.hits,
		 (unsigned long long)st.misses, (unsigned long long)st.evictions);
	size_t want_bytes = 0;
	for (size_t i = 0; i < NKEYS; i++) {
		const pqs_sig_class *cls = keys[i].cls;
		size_t prepared = pqs_sig_prepared_len(cls);
		size_t per_key = cls->pk_len + (prepared + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN *
						       PQS_SIG_PREPARED_ALIGN;
		printf("%-12s memory per cached sender: %zu B (pk %zu + prepared %zu)\n", cls->name, per_key,
		       cls->pk_len, prepared);
		want_bytes += per_key;
	}
	TU_CHECK(st.bytes == want_bytes, "roomy cache holds %zu B, expected %zu", st.bytes, want_bytes);
	pqs_chain_key_cache_get_stats(tight_cache, &st);
	TU_CHECK(st.keys == 2 && st.evictions == 2, "tight cache: %zu keys, %llu evictions", st.keys,
		 (unsigned long long)st.evictions);

	pqs_chain_state_free(plain);
	pqs_chain_state_free(roomy);
	pqs_chain_state_free(tight);
	pqs_chain_key_cache_free(roomy_cache);
	pqs_chain_key_cache_free(tight_cache);
	for (size_t i = 0; i < NKEYS; i++)
		ct_key_free(&keys[i]);
	return tu_finish("test_chain_keycache");
}
