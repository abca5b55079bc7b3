/*
 * Ledger internals shared by the src/chain modules: the domain-separation
 * tags and the thread pool's job entry (field codecs: core/bytes.h).
 */
#ifndef PQSIG_CHAIN_INTERNAL_H
#define PQSIG_CHAIN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/bytes.h"
#include "pqsig/chain.h"

/*
 * Domain-separation tags: every hash in the ledger starts with a distinct
 * ASCII tag so that no byte string is ever valid in two roles (an address
 * preimage can never be a transaction digest preimage, and so on).
 */
#define CHAIN_TAG_ADDR "pqsig/chain/addr/v1"
#define CHAIN_TAG_TX "pqsig/chain/tx/v1"
/*
 * The Merkle leaf keeps the v1 transaction id's tag (a hash over every byte)
 * so block bytes, roots and ids are unchanged; the transaction id itself is
 * now over the signed fields only (v2, issue 10 item 3).
 */
#define CHAIN_TAG_LEAF "pqsig/chain/txid/v1"
#define CHAIN_TAG_TXID "pqsig/chain/txid/v2"
#define CHAIN_TAG_BLOCK "pqsig/chain/block/v1"
#define CHAIN_TAG_STATE "pqsig/chain/state/v1"
#define CHAIN_TAG_ALLOC "pqsig/chain/alloc/v1"

#define CHAIN_BLOCK_VERSION 1
/* Fixed part of a tx around the sender key/address and the signature. */
#define CHAIN_TX_FIXED (1 + 4 + 2 + PQS_CHAIN_ADDR_LEN + 8 + 8 + 2)

/* Length of one genesis allocation entry of a scheme: u16 alg || pk || u64 balance. */
static inline size_t chain_alloc_len(const pqs_sig_class *cls)
{
	return 2 + cls->pk_len + 8;
}

/*
 * Run fn(ctx, i) for every i in [0, n) on the pool's threads (the caller
 * included), returning when all are done.  Items are handed out one at a
 * time from a shared counter, so which thread runs which item varies, but
 * every item runs exactly once: callers store per-item results and reduce
 * them in index order, which keeps results independent of the thread count.
 * pool NULL runs everything on the calling thread.
 */
typedef void (*chain_job_fn)(void *ctx, size_t i);
void pqs_chain_pool_run(pqs_chain_pool *pool, chain_job_fn fn, void *ctx, size_t n);

/* SHA-256 of a || b (src/chain/merkle.c, over src/core/sha2.c); always PQS_OK. */
int pqs_chain_sha256(uint8_t out[PQS_CHAIN_HASH_LEN], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);

/* RFC 6962 MTH over leaf hashes already computed (H(0x00 || data) each); for the RFC's test vectors. */
int pqs_chain_merkle_from_leaf_hashes(uint8_t root[PQS_CHAIN_HASH_LEN], const uint8_t (*leaves)[PQS_CHAIN_HASH_LEN],
				      size_t n);

/*
 * Prepared key of (cls, pk) from the cache, preparing it on a miss; NULL
 * when there is no room or the key does not prepare (verify plainly then).
 * pk_hash is SHA3-256(pk), as the state keeps it.  The buffer stays valid
 * until the next pqs_chain_key_cache_begin_block (src/chain/keycache.c).
 */
const void *pqs_chain_key_cache_get(pqs_chain_key_cache *c, const pqs_sig_class *cls, const uint8_t *pk,
				    const uint8_t pk_hash[PQS_CHAIN_HASH_LEN]);
/* A new block's lookups begin: entries handed out before may be evicted again. */
void pqs_chain_key_cache_begin_block(pqs_chain_key_cache *c);

/* pqs_chain_tx_verify with a prepared sender key (pqs_sig_prepare of the sender's pk). */
int pqs_chain_tx_verify_prepared(const pqs_chain_tx *tx, const void *prepared);

/* Mutable access used by the store: set an account record loaded from disk. */
int pqs_chain_state_load_account(pqs_chain_state *s, const pqs_chain_account *a);
/* Set the tip after loading accounts from disk. */
void pqs_chain_state_set_tip(pqs_chain_state *s, uint64_t blocks, const uint8_t tip[PQS_CHAIN_HASH_LEN],
			     uint64_t tip_time);
/* Addresses whose records differ between two states (for the store's writes): calls fn for each account of b that is new or changed vs a. */
int pqs_chain_state_diff(const pqs_chain_state *a, const pqs_chain_state *b,
			 int (*fn)(void *arg, const pqs_chain_account *acc), void *arg);

#endif
