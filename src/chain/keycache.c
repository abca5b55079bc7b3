/*
 * Prepared public keys of repeat senders (issue 16 item 4).
 *
 * Block validation spends most of its time in signature verification, and
 * a large part of a PQC verification is expanding the public key (ML-DSA's
 * matrix A and NTT(t1 2^d), Falcon's NTT(h), ECDSA's decoded point).  A
 * sender that appears again in a later block should not pay that again, so
 * pqs_chain_apply_block looks each sender up here and verifies with the
 * prepared key (pqs_sig_verify_prepared, the same verdict as plain verify).
 *
 * The table is open addressing with linear probing, keyed by the class and
 * SHA3-256 of the key (the state's pk_hash), and a hit also compares the
 * whole key, so a hit can only ever return the key that was asked for.
 * Memory is bounded by max_keys and max_bytes.  Entries are evicted in clock
 * order, but never one handed out during the current block (its epoch):
 * the parallel verification phase holds pointers to their prepared buffers.
 * A sender that finds no room is verified the plain way, with the same
 * result.  All mutation happens in the sequential phase of validation.
 */
#include <stdlib.h>
#include <string.h>

#include "chain_internal.h"

typedef struct {
	const pqs_sig_class *cls; /* NULL: empty slot */
	uint8_t pk_hash[PQS_CHAIN_HASH_LEN];
	uint8_t *pk;    /* copy of the key, compared in full on a hit */
	void *prepared; /* pqs_sig_prepared_len(cls) bytes, PQS_SIG_PREPARED_ALIGN-aligned */
	size_t bytes;   /* pk + prepared, for the budget */
	uint64_t epoch; /* last block that used it */
} key_slot;

struct pqs_chain_key_cache {
	key_slot *slots;
	size_t mask; /* slot count - 1 (a power of two) */
	size_t max_keys, max_bytes;
	size_t clock; /* next eviction candidate */
	uint64_t epoch;
	pqs_chain_key_cache_stats stats;
};

/* Slot count: a power of two at least twice max_keys keeps probe runs short. */
static size_t slot_count(size_t max_keys)
{
	size_t n = 16;
	while (n < 2 * max_keys && n < ((size_t)1 << 30))
		n <<= 1;
	return n;
}

pqs_chain_key_cache *pqs_chain_key_cache_new(size_t max_keys, size_t max_bytes)
{
	if (max_keys == 0 || max_keys > ((size_t)1 << 28))
		return NULL;
	pqs_chain_key_cache *c = calloc(1, sizeof *c);
	size_t n = slot_count(max_keys);
	if (!c || !(c->slots = calloc(n, sizeof *c->slots))) {
		free(c);
		return NULL;
	}
	c->mask = n - 1;
	c->max_keys = max_keys;
	c->max_bytes = max_bytes;
	return c;
}

static void slot_clear(key_slot *k)
{
	pqs_sig_release_prepared(k->cls, k->prepared);
	free(k->prepared);
	free(k->pk);
	memset(k, 0, sizeof *k);
}

void pqs_chain_key_cache_free(pqs_chain_key_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i <= c->mask; i++)
		if (c->slots[i].cls)
			slot_clear(&c->slots[i]);
	free(c->slots);
	free(c);
}

void pqs_chain_key_cache_get_stats(const pqs_chain_key_cache *c, pqs_chain_key_cache_stats *out)
{
	if (out)
		*out = c ? c->stats : (pqs_chain_key_cache_stats){ 0 };
}

void pqs_chain_key_cache_begin_block(pqs_chain_key_cache *c)
{
	if (c)
		c->epoch++;
}

static size_t home_slot(const pqs_chain_key_cache *c, const uint8_t pk_hash[PQS_CHAIN_HASH_LEN])
{
	/* pk_hash is SHA3-256 output: any 8 of its bytes are uniform. */
	return (size_t)pqs_load_be64(pk_hash) & c->mask;
}

/*
 * Remove slot i and close the gap (backward-shift deletion, Knuth 6.4
 * Algorithm R): every later entry of the probe run that may move back does,
 * so lookups never need tombstones.  Prepared buffers are separate
 * allocations, so moving a slot never moves a buffer a verifier holds.
 */
static void slot_remove(pqs_chain_key_cache *c, size_t i)
{
	c->stats.keys--;
	c->stats.bytes -= c->slots[i].bytes;
	c->stats.evictions++;
	slot_clear(&c->slots[i]);
	for (size_t j = (i + 1) & c->mask; c->slots[j].cls; j = (j + 1) & c->mask) {
		size_t h = home_slot(c, c->slots[j].pk_hash);
		/* Entry j may fill the hole at i unless its home lies cyclically in (i, j]. */
		int stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
		if (stays)
			continue;
		c->slots[i] = c->slots[j];
		memset(&c->slots[j], 0, sizeof c->slots[j]);
		i = j;
	}
}

/* Evict one entry not used by the current block, in clock order; 0 if every entry is in use. */
static int evict_one(pqs_chain_key_cache *c)
{
	for (size_t step = 0; step <= c->mask; step++) {
		size_t i = (c->clock + step) & c->mask;
		if (c->slots[i].cls && c->slots[i].epoch != c->epoch) {
			c->clock = (i + 1) & c->mask;
			slot_remove(c, i);
			return 1;
		}
	}
	return 0;
}

const void *pqs_chain_key_cache_get(pqs_chain_key_cache *c, const pqs_sig_class *cls, const uint8_t *pk,
				    const uint8_t pk_hash[PQS_CHAIN_HASH_LEN])
{
	if (!c || !cls || !pk)
		return NULL;
	size_t i = home_slot(c, pk_hash);
	for (; c->slots[i].cls; i = (i + 1) & c->mask) {
		key_slot *k = &c->slots[i];
		if (k->cls == cls && memcmp(k->pk_hash, pk_hash, PQS_CHAIN_HASH_LEN) == 0 &&
		    memcmp(k->pk, pk, cls->pk_len) == 0) {
			k->epoch = c->epoch;
			c->stats.hits++;
			return k->prepared;
		}
	}
	c->stats.misses++;
	size_t plen = pqs_sig_prepared_len(cls);
	size_t alloc = (plen + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	size_t bytes = alloc + cls->pk_len;
	if (bytes > c->max_bytes)
		return NULL;
	while (c->stats.keys >= c->max_keys || c->stats.bytes + bytes > c->max_bytes)
		if (!evict_one(c))
			return NULL;
	key_slot fresh = { .cls = cls, .bytes = bytes, .epoch = c->epoch };
	memcpy(fresh.pk_hash, pk_hash, PQS_CHAIN_HASH_LEN);
	fresh.pk = malloc(cls->pk_len);
	fresh.prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, alloc);
	if (!fresh.pk || !fresh.prepared || pqs_sig_prepare(cls, fresh.prepared, pk) != PQS_OK) {
		/* A key that does not prepare is left to plain verification, which reports it. */
		free(fresh.pk);
		free(fresh.prepared);
		return NULL;
	}
	memcpy(fresh.pk, pk, cls->pk_len);
	/* Evictions may have shifted entries: probe again for the first empty slot. */
	for (i = home_slot(c, pk_hash); c->slots[i].cls; i = (i + 1) & c->mask)
		;
	c->slots[i] = fresh;
	c->stats.keys++;
	c->stats.bytes += bytes;
	return fresh.prepared;
}
