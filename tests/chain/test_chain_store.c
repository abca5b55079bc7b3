/*
 * LMDB node: a chain is stored, reopened (state and tip reloaded, whole
 * chain re-validated), and any tampering with the stored bytes - a block
 * header or body, an account record, the transaction index - makes
 * re-validation fail.  Also the pending pool and the wallet.
 */
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chain_testlib.h"
#include "testutil.h"

#define CHAIN 11u
#define NKEYS 4

static char dir[64];

/* Replace one record with LMDB directly (the node is closed): data/len are the new value. */
static int put_raw(const char *db, const void *key, size_t klen, const uint8_t *data, size_t len)
{
	MDB_env *env;
	MDB_txn *txn;
	MDB_dbi dbi;
	int rc = mdb_env_create(&env);
	if (rc)
		return rc;
	mdb_env_set_maxdbs(env, 8);
	mdb_env_set_mapsize(env, (size_t)1 << 30);
	/* No fsync for the test's own edits: it only needs the bytes visible to the next open. */
	if ((rc = mdb_env_open(env, dir, MDB_NOSYNC, 0600)) || (rc = mdb_txn_begin(env, NULL, 0, &txn))) {
		mdb_env_close(env);
		return rc;
	}
	MDB_val k = { klen, (void *)key }, v = { len, (void *)data };
	if ((rc = mdb_dbi_open(txn, db, 0, &dbi)) || (rc = mdb_put(txn, dbi, &k, &v, 0)))
		mdb_txn_abort(txn);
	else
		rc = mdb_txn_commit(txn);
	mdb_env_close(env);
	return rc;
}

/* Read one record (malloc'd copy) with LMDB directly. */
static uint8_t *get_raw(const char *db, const void *key, size_t klen, size_t *len)
{
	MDB_env *env;
	MDB_txn *txn;
	MDB_dbi dbi;
	uint8_t *out = NULL;
	if (mdb_env_create(&env))
		return NULL;
	mdb_env_set_maxdbs(env, 8);
	mdb_env_set_mapsize(env, (size_t)1 << 30);
	if (mdb_env_open(env, dir, 0, 0600) || mdb_txn_begin(env, NULL, MDB_RDONLY, &txn)) {
		mdb_env_close(env);
		return NULL;
	}
	MDB_val k = { klen, (void *)key }, v;
	if (!mdb_dbi_open(txn, db, 0, &dbi) && !mdb_get(txn, dbi, &k, &v) && (out = malloc(v.mv_size + 1))) {
		memcpy(out, v.mv_data, v.mv_size);
		*len = v.mv_size;
	}
	mdb_txn_abort(txn);
	mdb_env_close(env);
	return out;
}

/* Open the node and re-validate; returns the validation result (or the open error). */
static int revalidate(uint64_t *height)
{
	pqs_chain_node *n;
	int rc = pqs_chain_node_open(&n, dir, 0);
	if (rc)
		return rc;
	rc = pqs_chain_node_validate(n, NULL, height, NULL);
	pqs_chain_node_close(n);
	return rc;
}

static int count_pending(void *arg, uint64_t seq, const uint8_t *tx, size_t len)
{
	uint64_t *seen = arg;
	(void)tx;
	(void)len;
	seen[0]++;
	seen[1] = seq;
	return 0;
}

int main(void)
{
	const pqs_sig_class *cls = pqs_sig_find("ECDSA-secp256k1");
	ct_datadir_make(dir, "chainstore.XXXXXX");
	ct_key keys[NKEYS];
	for (int i = 0; i < NKEYS; i++)
		ct_key_new(&keys[i], cls);
	uint8_t *g;
	size_t glen;
	pqs_chain_state *s = ct_genesis(CHAIN, keys, NKEYS, 1000, &g, &glen);

	pqs_chain_node *n;
	TU_CHECK(pqs_chain_node_open(&n, dir, 1) == PQS_OK, "create node");
	TU_CHECK(pqs_chain_node_init(n, g, glen) == PQS_OK, "store genesis");
	TU_CHECK(pqs_chain_node_init(n, g, glen) == PQS_CHAIN_ERR_EXISTS, "second genesis refused");
	/* Three blocks, each key paying the next. */
	size_t txlen[3][NKEYS], blen[3];
	uint8_t *blocks[3], txid[3][32];
	for (int b = 0; b < 3; b++) {
		uint8_t *t[NKEYS];
		for (int i = 0; i < NKEYS; i++)
			t[i] = ct_tx(&keys[i], CHAIN, keys[(i + 1) % NKEYS].addr, 10 + b, (uint64_t)b, &txlen[b][i]);
		blocks[b] = ct_build(pqs_chain_node_state(n), 2000 + (uint64_t)b, t, txlen[b], NKEYS, &blen[b]);
		int rc = pqs_chain_node_append(n, blocks[b], blen[b], NULL, 0, NULL);
		TU_CHECK(rc == PQS_OK, "append block %d: %s", b + 1, pqs_chain_strerror(rc));
		/* The txid indexed is the canonical (stored) encoding's: take it from the block. */
		pqs_chain_header h;
		size_t *offs;
		TU_CHECK(pqs_chain_block_decode(&h, NULL, &offs, blocks[b], blen[b]) == PQS_OK, "decode block %d", b + 1);
		TU_CHECK(pqs_chain_txid(txid[b], blocks[b] + offs[2], offs[3] - offs[2]) == PQS_OK, "txid");
		free(offs);
		for (int i = 0; i < NKEYS; i++)
			free(t[i]);
	}
	/* A block already stored is refused and changes nothing. */
	TU_CHECK(pqs_chain_node_append(n, blocks[2], blen[2], NULL, 0, NULL) == PQS_CHAIN_ERR_HEIGHT, "duplicate append refused");
	uint8_t live_digest[32];
	pqs_chain_state_digest(pqs_chain_node_state(n), live_digest);

	/* Pending pool and wallet. */
	uint64_t seq1, seq2;
	size_t pl;
	uint8_t *pt = ct_tx(&keys[0], CHAIN, keys[1].addr, 1, 3, &pl);
	TU_CHECK(pqs_chain_node_pending_add(n, pt, pl, &seq1) == PQS_OK && seq1 == 1, "pending add 1");
	TU_CHECK(pqs_chain_node_pending_add(n, pt, pl, &seq2) == PQS_OK && seq2 == 2, "pending add 2");
	TU_CHECK(pqs_chain_node_pending_add(n, pt, pl - 1, NULL) == PQS_CHAIN_ERR_TRUNCATED, "pending add rejects bad tx");
	free(pt);
	TU_CHECK(pqs_chain_node_wallet_put(n, "alice", cls, keys[0].pk, keys[0].sk) == PQS_OK, "wallet put");
	TU_CHECK(pqs_chain_node_wallet_put(n, "alice", cls, keys[1].pk, keys[1].sk) == PQS_CHAIN_ERR_EXISTS, "wallet name taken");
	pqs_chain_node_close(n);

	/* Reopen: state, tip and pending survive; the whole chain re-validates. */
	TU_CHECK(pqs_chain_node_open(&n, dir, 1) == PQS_CHAIN_ERR_EXISTS, "create over an existing chain refused");
	TU_CHECK(pqs_chain_node_open(&n, dir, 0) == PQS_OK, "reopen");
	uint8_t d[32];
	pqs_chain_state_digest(pqs_chain_node_state(n), d);
	TU_CHECK(memcmp(d, live_digest, 32) == 0 && pqs_chain_state_blocks(pqs_chain_node_state(n)) == 4,
	         "reloaded state equals the live one");
	uint64_t height;
	int rc = pqs_chain_node_validate(n, NULL, &height, NULL);
	TU_CHECK(rc == PQS_OK && height == 3, "re-validate stored chain: %s, height %llu", pqs_chain_strerror(rc),
	         (unsigned long long)height);
	uint32_t idx;
	TU_CHECK(pqs_chain_node_find_tx(n, txid[1], &height, &idx) == PQS_OK && height == 2 && idx == 2, "tx index");
	const pqs_sig_class *wc;
	uint8_t *wpk, *wsk;
	TU_CHECK(pqs_chain_node_wallet_get(n, "alice", &wc, &wpk, &wsk) == PQS_OK && wc == cls &&
	             memcmp(wpk, keys[0].pk, cls->pk_len) == 0 && memcmp(wsk, keys[0].sk, cls->sk_len) == 0,
	         "wallet get");
	pqs_zeroize(wsk, cls->sk_len);
	free(wsk);
	free(wpk);
	TU_CHECK(pqs_chain_node_wallet_get(n, "bob", &wc, &wpk, NULL) == PQS_CHAIN_ERR_NOT_FOUND, "unknown wallet name");
	/* Mining the pending entry consumes pending sequences <= 1 in the same transaction. */
	{
		size_t l;
		uint8_t *t = ct_tx(&keys[0], CHAIN, keys[1].addr, 1, 3, &l);
		size_t bl;
		uint8_t *b = ct_build(pqs_chain_node_state(n), 3000, &t, &l, 1, &bl);
		TU_CHECK(pqs_chain_node_append(n, b, bl, NULL, 1, NULL) == PQS_OK, "append block 4 consuming pending 1");
		free(b);
		free(t);
		uint64_t seen[2] = { 0, 0 };
		TU_CHECK(pqs_chain_node_pending_each(n, count_pending, seen) == PQS_OK && seen[0] == 1 && seen[1] == 2,
		         "one pending entry (sequence 2) left, got %llu", (unsigned long long)seen[0]);
	}
	pqs_chain_node_close(n);
	TU_CHECK(revalidate(&height) == PQS_OK && height == 4, "valid after block 4");

	/* Tampering: every header byte and a stride of body bytes of the middle block and of the tip. */
	const uint64_t targets[2] = { 2, 4 };
	for (int ti = 0; ti < 2; ti++) {
		uint8_t key[8];
		for (int i = 0; i < 8; i++)
			key[i] = (uint8_t)(targets[ti] >> (56 - 8 * i));
		size_t len;
		uint8_t *blk = get_raw("blocks", key, 8, &len);
		TU_CHECK(blk != NULL, "read block %llu", (unsigned long long)targets[ti]);
		if (!blk)
			continue;
		size_t accepted = 0, tried = 0;
		for (size_t off = 0; off < len; off += off < PQS_CHAIN_HEADER_LEN ? 1 : 7) {
			blk[off] ^= 0x01;
			TU_CHECK(put_raw("blocks", key, 8, blk, len) == 0, "tamper");
			if (revalidate(NULL) == PQS_OK)
				accepted++;
			tried++;
			blk[off] ^= 0x01;
		}
		TU_CHECK(accepted == 0, "block %llu: %zu of %zu tamperings accepted", (unsigned long long)targets[ti],
		         accepted, tried);
		TU_CHECK(put_raw("blocks", key, 8, blk, len - 1) == 0 && revalidate(NULL) != PQS_OK,
		         "truncated block %llu accepted", (unsigned long long)targets[ti]);
		TU_CHECK(put_raw("blocks", key, 8, blk, len) == 0 && revalidate(NULL) == PQS_OK, "restored block %llu",
		         (unsigned long long)targets[ti]);
		free(blk);
	}
	/* A stored account record or a tx index entry changed: the stores disagree with the chain. */
	{
		size_t len;
		uint8_t *rec = get_raw("state", keys[0].addr, PQS_CHAIN_ADDR_LEN, &len);
		TU_CHECK(rec != NULL, "read account");
		if (rec) {
			rec[10] ^= 0x01; /* low byte of the balance */
			TU_CHECK(put_raw("state", keys[0].addr, PQS_CHAIN_ADDR_LEN, rec, len) == 0 &&
			             revalidate(NULL) == PQS_CHAIN_ERR_CORRUPT, "tampered balance detected");
			rec[10] ^= 0x01;
			TU_CHECK(put_raw("state", keys[0].addr, PQS_CHAIN_ADDR_LEN, rec, len) == 0 && revalidate(NULL) == PQS_OK,
			         "restored account");
			free(rec);
		}
		rec = get_raw("txs", txid[1], 32, &len);
		TU_CHECK(rec != NULL, "read tx index");
		if (rec) {
			rec[11] ^= 0x01;
			TU_CHECK(put_raw("txs", txid[1], 32, rec, len) == 0 && revalidate(NULL) == PQS_CHAIN_ERR_CORRUPT,
			         "tampered tx index detected");
			free(rec);
		}
	}
	for (int i = 0; i < NKEYS; i++)
		ct_key_free(&keys[i]);
	for (int b = 0; b < 3; b++)
		free(blocks[b]);
	free(g);
	pqs_chain_state_free(s);
	ct_datadir_remove(dir);
	return tu_finish("test_chain_store");
}
