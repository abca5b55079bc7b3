/*
 * Ledger state (accounts in address order), the state digest, genesis,
 * block validation/application and the block builder.
 *
 * Validation runs in a fixed order so that the reported error is the same
 * whatever the thread count (include/pqsig/chain.h, pqs_chain_apply_block):
 * the only parallel steps - Merkle leaves and signatures - write
 * per-transaction results that are then reduced in block order.
 */
#include <stdlib.h>
#include <string.h>

#include "chain_internal.h"
#include "pqsig/sha3.h"

typedef struct {
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
	uint16_t alg_id;
	size_t pk_len;
	uint8_t *pk;                       /* malloc'd, NULL until the account is keyed */
	uint8_t pk_hash[PQS_CHAIN_HASH_LEN]; /* SHA3-256(pk), cached for the state digest */
	uint64_t balance;
	uint64_t nonce;
} acct;

struct pqs_chain_state {
	uint32_t chain_id;
	uint64_t blocks;
	uint8_t tip[PQS_CHAIN_HASH_LEN];
	uint64_t tip_time;
	acct *a;
	size_t n, cap;
	pqs_chain_key_cache *keys; /* borrowed (pqs_chain_state_set_key_cache), shared by clones */
};

pqs_chain_state *pqs_chain_state_new(uint32_t chain_id)
{
	pqs_chain_state *s = calloc(1, sizeof *s);
	if (s)
		s->chain_id = chain_id;
	return s;
}

void pqs_chain_state_free(pqs_chain_state *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->a[i].pk);
	free(s->a);
	free(s);
}

pqs_chain_state *pqs_chain_state_clone(const pqs_chain_state *s)
{
	pqs_chain_state *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	*c = *s;
	c->a = NULL;
	c->n = c->cap = 0;
	if (s->n) {
		c->a = malloc(s->n * sizeof *c->a);
		if (!c->a) {
			free(c);
			return NULL;
		}
		c->cap = s->n;
		for (size_t i = 0; i < s->n; i++) {
			c->a[i] = s->a[i];
			if (s->a[i].pk) {
				c->a[i].pk = malloc(s->a[i].pk_len);
				if (!c->a[i].pk) {
					c->n = i;
					pqs_chain_state_free(c);
					return NULL;
				}
				memcpy(c->a[i].pk, s->a[i].pk, s->a[i].pk_len);
			}
			c->n = i + 1;
		}
	}
	return c;
}

/* Move src's contents into dst (freeing dst's old contents) and free the src shell; dst keeps its key cache. */
static void state_take(pqs_chain_state *dst, pqs_chain_state *src)
{
	pqs_chain_key_cache *keys = dst->keys;
	for (size_t i = 0; i < dst->n; i++)
		free(dst->a[i].pk);
	free(dst->a);
	*dst = *src;
	dst->keys = keys;
	free(src);
}

void pqs_chain_state_set_key_cache(pqs_chain_state *s, pqs_chain_key_cache *c)
{
	if (s)
		s->keys = c;
}

uint32_t pqs_chain_state_chain_id(const pqs_chain_state *s)
{
	return s->chain_id;
}

uint64_t pqs_chain_state_blocks(const pqs_chain_state *s)
{
	return s->blocks;
}

const uint8_t *pqs_chain_state_tip(const pqs_chain_state *s)
{
	return s->tip;
}

uint64_t pqs_chain_state_tip_time(const pqs_chain_state *s)
{
	return s->tip_time;
}

size_t pqs_chain_state_count(const pqs_chain_state *s)
{
	return s->n;
}

/* Index of addr, or -(insertion point) - 1 when absent. */
static long find(const pqs_chain_state *s, const uint8_t *addr)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(s->a[mid].addr, addr, PQS_CHAIN_ADDR_LEN);
		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -(long)lo - 1;
}

/* Index of addr, inserting an empty (unkeyed, zero) account if absent; -1 if out of memory. */
static long find_or_add(pqs_chain_state *s, const uint8_t *addr)
{
	long i = find(s, addr);
	if (i >= 0)
		return i;
	size_t at = (size_t)(-i - 1);
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		acct *a = realloc(s->a, cap * sizeof *a);
		if (!a)
			return -1;
		s->a = a;
		s->cap = cap;
	}
	memmove(&s->a[at + 1], &s->a[at], (s->n - at) * sizeof *s->a);
	memset(&s->a[at], 0, sizeof *s->a);
	memcpy(s->a[at].addr, addr, PQS_CHAIN_ADDR_LEN);
	s->n++;
	return (long)at;
}

/* Give an account its key (first appearance of the key on chain). */
static int set_key(acct *a, const pqs_sig_class *cls, const uint8_t *pk)
{
	uint8_t *copy = malloc(cls->pk_len);
	if (!copy)
		return PQS_CHAIN_ERR_NOMEM;
	memcpy(copy, pk, cls->pk_len);
	free(a->pk);
	a->pk = copy;
	a->pk_len = cls->pk_len;
	a->alg_id = cls->id;
	pqs_sha3_256(a->pk_hash, pk, cls->pk_len);
	return PQS_OK;
}

static void to_public(const acct *a, pqs_chain_account *out)
{
	memcpy(out->addr, a->addr, PQS_CHAIN_ADDR_LEN);
	out->alg_id = a->alg_id;
	out->pk_len = a->pk_len;
	out->pk = a->pk;
	out->balance = a->balance;
	out->nonce = a->nonce;
}

int pqs_chain_state_get(const pqs_chain_state *s, const uint8_t addr[PQS_CHAIN_ADDR_LEN], pqs_chain_account *out)
{
	long i = find(s, addr);
	if (i < 0)
		return PQS_CHAIN_ERR_NOT_FOUND;
	to_public(&s->a[i], out);
	return PQS_OK;
}

int pqs_chain_state_at(const pqs_chain_state *s, size_t i, pqs_chain_account *out)
{
	if (i >= s->n)
		return PQS_CHAIN_ERR_NOT_FOUND;
	to_public(&s->a[i], out);
	return PQS_OK;
}

void pqs_chain_state_digest(const pqs_chain_state *s, uint8_t digest[PQS_CHAIN_HASH_LEN])
{
	/*
	 * H(tag || u32 chain_id || u64 count || per account in address order:
	 * addr || u16 alg || u64 balance || u64 nonce || u8 keyed || SHA3-256(pk)).
	 * Unkeyed accounts contribute 32 zero bytes for the key hash.
	 */
	pqs_keccak k;
	uint8_t head[4 + 8];
	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, (const uint8_t *)CHAIN_TAG_STATE, sizeof CHAIN_TAG_STATE - 1);
	pqs_store_be32(head, s->chain_id);
	pqs_store_be64(head + 4, s->n);
	pqs_keccak_absorb(&k, head, sizeof head);
	for (size_t i = 0; i < s->n; i++) {
		const acct *a = &s->a[i];
		uint8_t rec[PQS_CHAIN_ADDR_LEN + 2 + 8 + 8 + 1 + PQS_CHAIN_HASH_LEN];
		memcpy(rec, a->addr, PQS_CHAIN_ADDR_LEN);
		pqs_store_be16(rec + 20, a->alg_id);
		pqs_store_be64(rec + 22, a->balance);
		pqs_store_be64(rec + 30, a->nonce);
		rec[38] = a->pk != NULL;
		if (a->pk)
			memcpy(rec + 39, a->pk_hash, PQS_CHAIN_HASH_LEN);
		else
			memset(rec + 39, 0, PQS_CHAIN_HASH_LEN);
		pqs_keccak_absorb(&k, rec, sizeof rec);
	}
	pqs_keccak_squeeze(&k, digest, PQS_CHAIN_HASH_LEN);
}

int pqs_chain_state_load_account(pqs_chain_state *s, const pqs_chain_account *in)
{
	long i = find_or_add(s, in->addr);
	if (i < 0)
		return PQS_CHAIN_ERR_NOMEM;
	acct *a = &s->a[i];
	if (in->pk) {
		const pqs_sig_class *cls = pqs_sig_find_id(in->alg_id);
		if (!cls)
			return PQS_CHAIN_ERR_UNKNOWN_ALG;
		if (cls->pk_len != in->pk_len)
			return PQS_CHAIN_ERR_CORRUPT;
		int rc = set_key(a, cls, in->pk);
		if (rc)
			return rc;
	}
	a->balance = in->balance;
	a->nonce = in->nonce;
	return PQS_OK;
}

void pqs_chain_state_set_tip(pqs_chain_state *s, uint64_t blocks, const uint8_t tip[PQS_CHAIN_HASH_LEN],
			     uint64_t tip_time)
{
	s->blocks = blocks;
	memcpy(s->tip, tip, PQS_CHAIN_HASH_LEN);
	s->tip_time = tip_time;
}

int pqs_chain_state_diff(const pqs_chain_state *a, const pqs_chain_state *b,
			 int (*fn)(void *arg, const pqs_chain_account *acc), void *arg)
{
	for (size_t j = 0; j < b->n; j++) {
		const acct *y = &b->a[j];
		long i = find(a, y->addr);
		if (i >= 0) {
			const acct *x = &a->a[i];
			if (x->balance == y->balance && x->nonce == y->nonce && x->alg_id == y->alg_id &&
			    x->pk_len == y->pk_len && (x->pk != NULL) == (y->pk != NULL))
				continue;
		}
		pqs_chain_account pub;
		to_public(y, &pub);
		int rc = fn(arg, &pub);
		if (rc)
			return rc;
	}
	return PQS_OK;
}

/* ------------------------------------------------------------------ */
/* One transaction against a state                                     */

/*
 * Check tx against s without changing it: chain id, key form, algorithm,
 * nonce, balance.  *pk receives the key its signature must verify under
 * (inside the tx for PK form, owned by s for REF form).
 */
static int tx_check(const pqs_chain_state *s, const pqs_chain_tx *tx, const uint8_t **pk)
{
	if (tx->chain_id != s->chain_id)
		return PQS_CHAIN_ERR_CHAIN_ID;
	long i = find(s, tx->sender);
	const acct *a = i >= 0 ? &s->a[i] : NULL;
	int keyed = a && a->pk;
	/* Canonical form: the key rides along exactly until the state knows it. */
	if (tx->form == PQS_CHAIN_TX_PK && keyed)
		return PQS_CHAIN_ERR_PK_FORM;
	if (tx->form == PQS_CHAIN_TX_REF && !keyed)
		return PQS_CHAIN_ERR_UNKNOWN_SENDER;
	if (keyed && a->alg_id != tx->cls->id)
		return PQS_CHAIN_ERR_ALG_MISMATCH;
	if (tx->nonce != (a ? a->nonce : 0))
		return PQS_CHAIN_ERR_NONCE;
	if (tx->amount > (a ? a->balance : 0))
		return PQS_CHAIN_ERR_BALANCE;
	if (a && a->nonce == UINT64_MAX)
		return PQS_CHAIN_ERR_OVERFLOW;
	*pk = keyed ? a->pk : tx->sender_pk;
	if (memcmp(tx->sender, tx->recipient, PQS_CHAIN_ADDR_LEN) != 0) {
		long r = find(s, tx->recipient);
		if (r >= 0 && s->a[r].balance > UINT64_MAX - tx->amount)
			return PQS_CHAIN_ERR_OVERFLOW;
	}
	return PQS_OK;
}

/* Apply a checked tx.  Only allocation can fail here. */
static int tx_apply(pqs_chain_state *s, const pqs_chain_tx *tx)
{
	long i = find_or_add(s, tx->sender);
	if (i < 0)
		return PQS_CHAIN_ERR_NOMEM;
	if (tx->form == PQS_CHAIN_TX_PK) {
		int rc = set_key(&s->a[i], tx->cls, tx->sender_pk);
		if (rc)
			return rc;
	}
	s->a[i].balance -= tx->amount;
	s->a[i].nonce++;
	long r = find_or_add(s, tx->recipient); /* may move accounts: index i is not used after this */
	if (r < 0)
		return PQS_CHAIN_ERR_NOMEM;
	s->a[r].balance += tx->amount;
	return PQS_OK;
}

/* ------------------------------------------------------------------ */
/* Genesis                                                             */

/* Leaf id of one allocation entry. */
static void alloc_id(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *entry, size_t len)
{
	pqs_keccak k;
	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, (const uint8_t *)CHAIN_TAG_ALLOC, sizeof CHAIN_TAG_ALLOC - 1);
	pqs_keccak_absorb(&k, entry, len);
	pqs_keccak_squeeze(&k, id, PQS_CHAIN_HASH_LEN);
}

/* Add one allocation to a fresh state; duplicates are a malformed genesis. */
static int alloc_apply(pqs_chain_state *s, const pqs_sig_class *cls, const uint8_t *pk, uint64_t balance)
{
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
	pqs_chain_address(addr, cls, pk);
	if (find(s, addr) >= 0)
		return PQS_CHAIN_ERR_GENESIS;
	long i = find_or_add(s, addr);
	if (i < 0)
		return PQS_CHAIN_ERR_NOMEM;
	s->a[i].balance = balance;
	return set_key(&s->a[i], cls, pk);
}

int pqs_chain_genesis_build(uint32_t chain_id, uint64_t timestamp, const pqs_chain_alloc *alloc, size_t n,
                            uint8_t **out, size_t *out_len)
{
	if (!out || !out_len || (!alloc && n))
		return PQS_ERR_ARG;
	if (n > PQS_CHAIN_MAX_TXS)
		return PQS_CHAIN_ERR_TOO_LARGE;
	size_t len = PQS_CHAIN_HEADER_LEN;
	for (size_t i = 0; i < n; i++) {
		if (!alloc[i].cls || !alloc[i].pk)
			return PQS_ERR_ARG;
		len += chain_alloc_len(alloc[i].cls);
	}
	uint8_t *blk = malloc(len);
	uint8_t (*ids)[PQS_CHAIN_HASH_LEN] = malloc((n ? n : 1) * sizeof *ids);
	pqs_chain_state *s = pqs_chain_state_new(chain_id);
	int rc = PQS_CHAIN_ERR_NOMEM;
	if (!blk || !ids || !s)
		goto done;
	size_t pos = PQS_CHAIN_HEADER_LEN;
	for (size_t i = 0; i < n; i++) {
		const pqs_sig_class *cls = alloc[i].cls;
		uint8_t *e = blk + pos;
		pqs_store_be16(e, cls->id);
		memcpy(e + 2, alloc[i].pk, cls->pk_len);
		pqs_store_be64(e + 2 + cls->pk_len, alloc[i].balance);
		alloc_id(ids[i], e, chain_alloc_len(cls));
		pos += chain_alloc_len(cls);
		if ((rc = alloc_apply(s, cls, alloc[i].pk, alloc[i].balance)) != PQS_OK)
			goto done;
	}
	pqs_chain_header h;
	memset(&h, 0, sizeof h);
	h.chain_id = chain_id;
	h.timestamp = timestamp;
	h.count = (uint32_t)n;
	if ((rc = pqs_chain_merkle_root(h.merkle_root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])ids, n)) != PQS_OK)
		goto done;
	pqs_chain_state_digest(s, h.state_digest);
	pqs_chain_header_encode(blk, &h);
	*out = blk;
	*out_len = len;
	blk = NULL;
	rc = PQS_OK;
done:
	free(blk);
	free(ids);
	pqs_chain_state_free(s);
	return rc;
}

/* Validate and apply a genesis block to an empty state. */
static int apply_genesis(pqs_chain_state *s, const pqs_chain_header *h, const uint8_t *block, size_t len)
{
	static const uint8_t zero[PQS_CHAIN_HASH_LEN];
	if (memcmp(h->parent, zero, sizeof zero) != 0)
		return PQS_CHAIN_ERR_PARENT;
	/* Each entry is at least 2 + 8 bytes plus a key: bound the count before allocating. */
	if ((uint64_t)h->count * 11 > len - PQS_CHAIN_HEADER_LEN)
		return PQS_CHAIN_ERR_TRUNCATED;
	uint8_t (*ids)[PQS_CHAIN_HASH_LEN] = malloc((h->count ? h->count : 1) * sizeof *ids);
	pqs_chain_state *g = pqs_chain_state_new(s->chain_id);
	int rc = PQS_CHAIN_ERR_NOMEM;
	if (!ids || !g)
		goto done;
	size_t pos = PQS_CHAIN_HEADER_LEN;
	for (uint32_t i = 0; i < h->count; i++) {
		rc = PQS_CHAIN_ERR_TRUNCATED;
		if (len - pos < 2)
			goto done;
		const pqs_sig_class *cls = pqs_sig_find_id(pqs_load_be16(block + pos));
		rc = PQS_CHAIN_ERR_UNKNOWN_ALG;
		if (!cls)
			goto done;
		size_t elen = chain_alloc_len(cls);
		rc = PQS_CHAIN_ERR_TRUNCATED;
		if (len - pos < elen)
			goto done;
		alloc_id(ids[i], block + pos, elen);
		if ((rc = alloc_apply(g, cls, block + pos + 2, pqs_load_be64(block + pos + 2 + cls->pk_len))) != PQS_OK)
			goto done;
		pos += elen;
	}
	rc = PQS_CHAIN_ERR_TRAILING;
	if (pos != len)
		goto done;
	uint8_t root[PQS_CHAIN_HASH_LEN], digest[PQS_CHAIN_HASH_LEN];
	if ((rc = pqs_chain_merkle_root(root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])ids, h->count)) != PQS_OK)
		goto done;
	rc = PQS_CHAIN_ERR_MERKLE;
	if (memcmp(root, h->merkle_root, sizeof root) != 0)
		goto done;
	pqs_chain_state_digest(g, digest);
	rc = PQS_CHAIN_ERR_STATE_DIGEST;
	if (memcmp(digest, h->state_digest, sizeof digest) != 0)
		goto done;
	uint8_t id[PQS_CHAIN_HASH_LEN];
	pqs_chain_block_id(id, block, len);
	pqs_chain_state_set_tip(g, 1, id, h->timestamp);
	state_take(s, g);
	g = NULL;
	rc = PQS_OK;
done:
	free(ids);
	pqs_chain_state_free(g);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Block validation                                                    */

typedef struct {
	const uint8_t *block;
	const size_t *offs;
	const pqs_chain_tx *txs;
	const uint8_t **pks;
	const void **prepared; /* per tx: the sender's prepared key, or NULL to verify with pks[i] */
	uint8_t (*ids)[PQS_CHAIN_HASH_LEN];
	int *results;
} block_job;

static void job_txid(void *ctx, size_t i)
{
	block_job *j = ctx;
	j->results[i] = pqs_chain_tx_leaf(j->ids[i], j->block + j->offs[i], j->offs[i + 1] - j->offs[i]);
}

static void job_verify(void *ctx, size_t i)
{
	block_job *j = ctx;
	j->results[i] = j->prepared[i] ? pqs_chain_tx_verify_prepared(&j->txs[i], j->prepared[i])
				       : pqs_chain_tx_verify(&j->txs[i], j->pks[i]);
}

int pqs_chain_apply_block(pqs_chain_state *s, const uint8_t *block, size_t len, pqs_chain_pool *pool,
                          size_t *bad_index)
{
	if (bad_index)
		*bad_index = SIZE_MAX;
	if (!s || (!block && len))
		return PQS_ERR_ARG;
	if (len > PQS_CHAIN_MAX_BLOCK)
		return PQS_CHAIN_ERR_TOO_LARGE;
	pqs_chain_header h;
	int rc = pqs_chain_header_decode(&h, block, len);
	if (rc)
		return rc;
	if (h.chain_id != s->chain_id)
		return PQS_CHAIN_ERR_CHAIN_ID;
	if (h.height != s->blocks)
		return PQS_CHAIN_ERR_HEIGHT;
	if (h.height == 0)
		return apply_genesis(s, &h, block, len);
	if (memcmp(h.parent, s->tip, PQS_CHAIN_HASH_LEN) != 0)
		return PQS_CHAIN_ERR_PARENT;
	if (h.timestamp < s->tip_time)
		return PQS_CHAIN_ERR_TIMESTAMP;

	pqs_chain_tx *txs = NULL;
	size_t *offs = NULL;
	if ((rc = pqs_chain_block_decode(&h, &txs, &offs, block, len)) != PQS_OK)
		return rc;
	size_t n = h.count;
	block_job j = { block, offs, txs, NULL, NULL, NULL, NULL };
	j.ids = malloc((n ? n : 1) * sizeof *j.ids);
	j.pks = malloc((n ? n : 1) * sizeof *j.pks);
	j.prepared = calloc(n ? n : 1, sizeof *j.prepared);
	j.results = malloc((n ? n : 1) * sizeof *j.results);
	pqs_chain_state *scratch = NULL;
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!j.ids || !j.pks || !j.prepared || !j.results)
		goto done;

	/* Merkle root over the transaction leaves (RFC 6962): leaves hashed in parallel. */
	pqs_chain_pool_run(pool, job_txid, &j, n);
	for (size_t i = 0; i < n; i++)
		if ((rc = j.results[i]) != PQS_OK)
			goto done;
	uint8_t root[PQS_CHAIN_HASH_LEN];
	if ((rc = pqs_chain_merkle_root(root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])j.ids, n)) != PQS_OK)
		goto done;
	rc = PQS_CHAIN_ERR_MERKLE;
	if (memcmp(root, h.merkle_root, sizeof root) != 0)
		goto done;

	/* Nonces and balances in block order on a scratch state (cheap, sequential by nature). */
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(scratch = pqs_chain_state_clone(s)))
		goto done;
	for (size_t i = 0; i < n; i++) {
		if ((rc = tx_check(scratch, &txs[i], &j.pks[i])) != PQS_OK ||
		    (rc = tx_apply(scratch, &txs[i])) != PQS_OK) {
			if (bad_index)
				*bad_index = i;
			goto done;
		}
		/* A PK-form key now lives in the scratch state; the tx's own copy is the same bytes. */
	}

	/* Prepared keys of the senders (sequential: the cache is not thread-safe). */
	pqs_chain_key_cache_begin_block(s->keys);
	for (size_t i = 0; s->keys && i < n; i++) {
		long k = find(scratch, txs[i].sender);
		if (k >= 0 && scratch->a[k].pk)
			j.prepared[i] = pqs_chain_key_cache_get(s->keys, txs[i].cls, j.pks[i], scratch->a[k].pk_hash);
	}

	/* Signatures on all threads; the lowest failing index is the one reported. */
	pqs_chain_pool_run(pool, job_verify, &j, n);
	for (size_t i = 0; i < n; i++)
		if (j.results[i] != PQS_OK) {
			rc = j.results[i];
			if (bad_index)
				*bad_index = i;
			goto done;
		}

	uint8_t digest[PQS_CHAIN_HASH_LEN];
	pqs_chain_state_digest(scratch, digest);
	rc = PQS_CHAIN_ERR_STATE_DIGEST;
	if (memcmp(digest, h.state_digest, sizeof digest) != 0)
		goto done;
	uint8_t id[PQS_CHAIN_HASH_LEN];
	pqs_chain_block_id(id, block, len);
	pqs_chain_state_set_tip(scratch, s->blocks + 1, id, h.timestamp);
	state_take(s, scratch);
	scratch = NULL;
	rc = PQS_OK;
done:
	pqs_chain_state_free(scratch);
	free(j.ids);
	free(j.pks);
	free(j.prepared);
	free(j.results);
	free(txs);
	free(offs);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Block builder                                                       */

struct pqs_chain_builder {
	pqs_chain_state *scratch;
	uint32_t chain_id;
	uint64_t height;
	uint8_t parent[PQS_CHAIN_HASH_LEN];
	uint64_t parent_time;
	uint8_t **txs; /* canonical encodings */
	size_t *lens;
	size_t n, cap, bytes;
};

int pqs_chain_builder_new(pqs_chain_builder **out, const pqs_chain_state *parent)
{
	if (!out || !parent)
		return PQS_ERR_ARG;
	*out = NULL;
	if (parent->blocks == 0)
		return PQS_CHAIN_ERR_GENESIS;
	pqs_chain_builder *b = calloc(1, sizeof *b);
	if (!b || !(b->scratch = pqs_chain_state_clone(parent))) {
		free(b);
		return PQS_CHAIN_ERR_NOMEM;
	}
	b->chain_id = parent->chain_id;
	b->height = parent->blocks;
	memcpy(b->parent, parent->tip, PQS_CHAIN_HASH_LEN);
	b->parent_time = parent->tip_time;
	*out = b;
	return PQS_OK;
}

size_t pqs_chain_builder_count(const pqs_chain_builder *b)
{
	return b->n;
}

int pqs_chain_builder_add(pqs_chain_builder *b, const uint8_t *in, size_t len)
{
	if (!b || !in)
		return PQS_ERR_ARG;
	if (b->n >= PQS_CHAIN_MAX_TXS)
		return PQS_CHAIN_ERR_TOO_LARGE;
	pqs_chain_tx tx;
	int rc = pqs_chain_tx_decode(&tx, in, len, NULL);
	if (rc)
		return rc;
	/* Canonical form for this position in the block: PK until the state knows the key. */
	pqs_chain_account a;
	int keyed = pqs_chain_state_get(b->scratch, tx.sender, &a) == PQS_OK && a.pk;
	uint8_t form = keyed ? PQS_CHAIN_TX_REF : PQS_CHAIN_TX_PK;
	if (form == PQS_CHAIN_TX_PK && !tx.sender_pk)
		return PQS_CHAIN_ERR_UNKNOWN_SENDER;
	tx.form = form;
	const uint8_t *pk;
	if ((rc = tx_check(b->scratch, &tx, &pk)) != PQS_OK)
		return rc;
	if ((rc = pqs_chain_tx_verify(&tx, pk)) != PQS_OK)
		return rc;
	size_t elen = pqs_chain_tx_encoded_len(&tx, form);
	if (b->bytes + elen > PQS_CHAIN_MAX_BLOCK - PQS_CHAIN_HEADER_LEN)
		return PQS_CHAIN_ERR_TOO_LARGE;
	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 64;
		uint8_t **t = realloc(b->txs, cap * sizeof *t);
		if (!t)
			return PQS_CHAIN_ERR_NOMEM;
		b->txs = t;
		size_t *l = realloc(b->lens, cap * sizeof *l);
		if (!l)
			return PQS_CHAIN_ERR_NOMEM;
		b->lens = l;
		b->cap = cap;
	}
	uint8_t *enc = malloc(elen);
	if (!enc)
		return PQS_CHAIN_ERR_NOMEM;
	if ((rc = pqs_chain_tx_encode(&tx, form, enc, elen, &elen)) != PQS_OK ||
	    (rc = tx_apply(b->scratch, &tx)) != PQS_OK) {
		free(enc);
		return rc;
	}
	b->txs[b->n] = enc;
	b->lens[b->n++] = elen;
	b->bytes += elen;
	return PQS_OK;
}

int pqs_chain_builder_finish(pqs_chain_builder *b, uint64_t timestamp, uint8_t **out, size_t *out_len)
{
	if (!b || !out || !out_len)
		return PQS_ERR_ARG;
	if (timestamp < b->parent_time)
		return PQS_CHAIN_ERR_TIMESTAMP;
	size_t len = PQS_CHAIN_HEADER_LEN + b->bytes;
	uint8_t *blk = malloc(len);
	uint8_t (*ids)[PQS_CHAIN_HASH_LEN] = malloc((b->n ? b->n : 1) * sizeof *ids);
	if (!blk || !ids) {
		free(blk);
		free(ids);
		return PQS_CHAIN_ERR_NOMEM;
	}
	pqs_chain_header h;
	memset(&h, 0, sizeof h);
	h.chain_id = b->chain_id;
	h.height = b->height;
	h.timestamp = timestamp;
	memcpy(h.parent, b->parent, PQS_CHAIN_HASH_LEN);
	h.count = (uint32_t)b->n;
	size_t pos = PQS_CHAIN_HEADER_LEN;
	int rc = PQS_OK;
	for (size_t i = 0; i < b->n && !rc; i++) {
		memcpy(blk + pos, b->txs[i], b->lens[i]);
		rc = pqs_chain_tx_leaf(ids[i], b->txs[i], b->lens[i]);
		pos += b->lens[i];
	}
	if (!rc)
		rc = pqs_chain_merkle_root(h.merkle_root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])ids, b->n);
	if (rc) {
		free(blk);
		free(ids);
		return rc;
	}
	pqs_chain_state_digest(b->scratch, h.state_digest);
	pqs_chain_header_encode(blk, &h);
	free(ids);
	*out = blk;
	*out_len = len;
	return PQS_OK;
}

void pqs_chain_builder_free(pqs_chain_builder *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n; i++)
		free(b->txs[i]);
	free(b->txs);
	free(b->lens);
	pqs_chain_state_free(b->scratch);
	free(b);
}
