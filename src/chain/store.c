/*
 * Ledger node: blocks, transaction index, state, pending pool and wallet in
 * one LMDB environment (schema in include/pqsig/chain.h).
 *
 * Crash safety comes from LMDB's copy-on-write B+trees: a write transaction
 * becomes visible only when its meta page is written after the data pages
 * are synced (mdb_txn_commit), so appending a block - block bytes, txids,
 * touched accounts, tip and consumed pending entries - in one write
 * transaction means a kill -9 at any instant leaves either the whole block
 * or none of it.  The environment keeps LMDB's default durability (no
 * MDB_NOSYNC / MDB_NOMETASYNC), so a committed block also survives a power
 * loss, not only a process kill.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "chain_internal.h"
#include "pqsig/rand.h"

#ifdef PQSIG_HAVE_LMDB
#include <lmdb.h>

/* Room for the prototype's chains: LMDB maps it lazily (a sparse file). */
#define NODE_MAP_SIZE ((size_t)1 << 30)

struct pqs_chain_node {
	MDB_env *env;
	MDB_dbi meta, blocks, txs, state, pending, wallet;
	pqs_chain_state *st;
	pqs_chain_key_cache *keys; /* prepared sender keys for every state of this node (NULL: none) */
	const uint8_t *map; /* LMDB's map of data.mdb (NULL if not found) */
	size_t map_len;
	size_t file_len;    /* size of data.mdb when the current transaction began */
};

/* Map an LMDB return code to ours. */
static int mdb_err(int rc)
{
	if (rc == 0)
		return PQS_OK;
	if (rc == MDB_NOTFOUND)
		return PQS_CHAIN_ERR_NOT_FOUND;
	if (rc == MDB_KEYEXIST)
		return PQS_CHAIN_ERR_EXISTS;
	if (rc == ENOMEM)
		return PQS_CHAIN_ERR_NOMEM;
	if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND || rc == MDB_INVALID || rc == MDB_VERSION_MISMATCH)
		return PQS_CHAIN_ERR_DAMAGED;
	return PQS_CHAIN_ERR_STORE;
}

/*
 * Damaged stores (issue 10, item 1).  LMDB reads data.mdb through a memory
 * map and trusts it: a page its meta page lists beyond the end of a
 * truncated file, or a record whose stored length runs past it, is a
 * SIGBUS instead of an error.  So before any read the file must hold every
 * page up to the environment's last used one (mdb_env_info, mdb_env_stat,
 * fstat), and every record LMDB hands back must lie inside the file
 * (LMDB checks page numbers against the last page, not record lengths).
 */
static int check_store_file(pqs_chain_node *n)
{
	MDB_envinfo info;
	MDB_stat st;
	mdb_filehandle_t fd;
	struct stat sb;
	if (mdb_env_info(n->env, &info) || mdb_env_stat(n->env, &st) || mdb_env_get_fd(n->env, &fd) ||
	    fstat(fd, &sb) != 0 || sb.st_size < 0)
		return PQS_CHAIN_ERR_STORE;
	uint64_t need = ((uint64_t)info.me_last_pgno + 1) * st.ms_psize;
	if ((uint64_t)sb.st_size < need || need > info.me_mapsize)
		return PQS_CHAIN_ERR_DAMAGED;
	n->file_len = (size_t)sb.st_size;
	return PQS_OK;
}

/*
 * Where LMDB mapped data.mdb: it does not say (mdb_env_info's me_mapaddr
 * is the fixed address a meta page asks for, normally 0), so look the
 * file's inode up in /proc/self/maps.  Without it records are only bounded
 * by the file size.
 */
static void find_map(pqs_chain_node *n)
{
	mdb_filehandle_t fd;
	struct stat sb;
	if (mdb_env_get_fd(n->env, &fd) || fstat(fd, &sb) != 0)
		return;
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return;
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) > 0) {
		unsigned long lo, hi, off, ino;
		unsigned maj, min;
		char perms[8];
		if (sscanf(line, "%lx-%lx %7s %lx %x:%x %lu", &lo, &hi, perms, &off, &maj, &min, &ino) == 7 &&
		    ino == (unsigned long)sb.st_ino && maj == major(sb.st_dev) && min == minor(sb.st_dev) && off == 0) {
			n->map = (const uint8_t *)(uintptr_t)lo;
			n->map_len = hi - lo;
			break;
		}
	}
	free(line);
	fclose(f);
}

/*
 * LMDB trusts page contents: an overwritten page can send it past the end
 * of the file (SIGBUS) or into an assertion (abort) however carefully the
 * records it returns are checked.  The ranges of the open stores' maps are
 * kept here, readable from a signal handler (lock-free atomics), so a
 * program can tell a fault inside a store's map - damage - from a bug.
 */
#define MAX_MAPS 8
static _Atomic uintptr_t map_lo[MAX_MAPS], map_hi[MAX_MAPS];
static void (*_Atomic damage_hook)(const char *what);

static void maps_set(const pqs_chain_node *n, int add)
{
	for (int i = 0; n->map && i < MAX_MAPS; i++)
		if (add ? atomic_load(&map_lo[i]) == 0 : atomic_load(&map_lo[i]) == (uintptr_t)n->map) {
			atomic_store(&map_hi[i], add ? (uintptr_t)n->map + n->map_len : 0);
			atomic_store(&map_lo[i], add ? (uintptr_t)n->map : 0);
			return;
		}
}

int pqs_chain_store_fault(const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	for (int i = 0; i < MAX_MAPS; i++)
		if (a >= atomic_load(&map_lo[i]) && a < atomic_load(&map_hi[i]))
			return 1;
	return 0;
}

void pqs_chain_on_damage(void (*hook)(const char *what))
{
	atomic_store(&damage_hook, hook);
}

/* LMDB's assertion callback: a failed assertion on a read page is damage (LMDB aborts if the hook returns). */
static void lmdb_assert(MDB_env *env, const char *msg)
{
	(void)env;
	void (*hook)(const char *) = atomic_load(&damage_hook);
	if (hook)
		hook(msg);
}

/* 1 if a record LMDB returned lies inside the file (records of pages dirtied by this process are outside the map). */
static int record_in_file(const pqs_chain_node *n, const MDB_val *v)
{
	const uint8_t *p = v->mv_data;
	if (!n->map)
		return v->mv_size <= n->file_len;
	if (p < n->map || p >= n->map + n->map_len)
		return 1;
	size_t at = (size_t)(p - n->map);
	return at <= n->file_len && v->mv_size <= n->file_len - at;
}

/* Begin a transaction on a store that holds every page it lists. */
static int txn_begin(pqs_chain_node *n, unsigned flags, MDB_txn **txn)
{
	int rc = mdb_err(mdb_txn_begin(n->env, NULL, flags, txn));
	if (!rc && (rc = check_store_file(n)) != PQS_OK) {
		mdb_txn_abort(*txn);
		*txn = NULL;
	}
	return rc;
}

/* Commit txn if rc is PQS_OK, else abort it; returns the final code. */
static int txn_finish(MDB_txn *txn, int rc)
{
	if (rc) {
		mdb_txn_abort(txn);
		return rc;
	}
	return mdb_err(mdb_txn_commit(txn));
}

/* mdb_get whose key and value are checked to lie inside the file. */
static int db_get(const pqs_chain_node *n, MDB_txn *txn, MDB_dbi dbi, MDB_val *k, MDB_val *v)
{
	int rc = mdb_err(mdb_get(txn, dbi, k, v));
	return rc || record_in_file(n, v) ? rc : PQS_CHAIN_ERR_DAMAGED;
}

/* mdb_cursor_get (LMDB return codes) whose key and value are checked to lie inside the file. */
static int cursor_get(const pqs_chain_node *n, MDB_cursor *c, MDB_val *k, MDB_val *v, MDB_cursor_op op)
{
	int mrc = mdb_cursor_get(c, k, v, op);
	return mrc || (record_in_file(n, k) && record_in_file(n, v)) ? mrc : MDB_CORRUPTED;
}

static MDB_val val(const void *p, size_t n)
{
	MDB_val v;
	v.mv_data = (void *)p;
	v.mv_size = n;
	return v;
}

/* State record: u8 keyed || u16 alg || u64 balance || u64 nonce || pk (keyed only). */
#define STATE_REC_FIXED 19

static int put_account(void *arg, const pqs_chain_account *a)
{
	MDB_txn *txn = ((void **)arg)[0];
	pqs_chain_node *n = ((void **)arg)[1];
	uint8_t *rec = malloc(STATE_REC_FIXED + a->pk_len);
	if (!rec)
		return PQS_CHAIN_ERR_NOMEM;
	rec[0] = a->pk != NULL;
	pqs_store_be16(rec + 1, a->alg_id);
	pqs_store_be64(rec + 3, a->balance);
	pqs_store_be64(rec + 11, a->nonce);
	if (a->pk)
		memcpy(rec + STATE_REC_FIXED, a->pk, a->pk_len);
	MDB_val k = val(a->addr, PQS_CHAIN_ADDR_LEN), v = val(rec, STATE_REC_FIXED + (a->pk ? a->pk_len : 0));
	int rc = mdb_err(mdb_put(txn, n->state, &k, &v, 0));
	free(rec);
	return rc;
}

/* Strict decode of a state record into *a (pk points into the record). */
static int decode_account(pqs_chain_account *a, const MDB_val *k, const MDB_val *v)
{
	const uint8_t *r = v->mv_data;
	if (k->mv_size != PQS_CHAIN_ADDR_LEN || v->mv_size < STATE_REC_FIXED || r[0] > 1)
		return PQS_CHAIN_ERR_CORRUPT;
	memcpy(a->addr, k->mv_data, PQS_CHAIN_ADDR_LEN);
	a->alg_id = pqs_load_be16(r + 1);
	a->balance = pqs_load_be64(r + 3);
	a->nonce = pqs_load_be64(r + 11);
	a->pk = NULL;
	a->pk_len = 0;
	if (r[0]) {
		const pqs_sig_class *cls = pqs_sig_find_id(a->alg_id);
		if (!cls || v->mv_size != STATE_REC_FIXED + cls->pk_len)
			return PQS_CHAIN_ERR_CORRUPT;
		a->pk = r + STATE_REC_FIXED;
		a->pk_len = cls->pk_len;
	} else if (v->mv_size != STATE_REC_FIXED || a->alg_id != 0) {
		return PQS_CHAIN_ERR_CORRUPT;
	}
	return PQS_OK;
}

/*
 * The node's prepared-key cache (src/chain/keycache.c): 4096 repeat senders
 * within 64 MiB, e.g. about 3000 ML-DSA-44 or 12000 Falcon-512 keys.
 */
#define NODE_KEY_CACHE_KEYS  4096
#define NODE_KEY_CACHE_BYTES ((size_t)64 << 20)

/* An empty state of chain_id that validates with the node's key cache. */
static pqs_chain_state *node_state_new(pqs_chain_node *n, uint32_t chain_id)
{
	pqs_chain_state *s = pqs_chain_state_new(chain_id);
	pqs_chain_state_set_key_cache(s, n->keys);
	return s;
}

/* Load every stored account into a fresh state of chain_id. */
static int load_state(pqs_chain_node *n, MDB_txn *txn, uint32_t chain_id, pqs_chain_state **out)
{
	pqs_chain_state *s = node_state_new(n, chain_id);
	if (!s)
		return PQS_CHAIN_ERR_NOMEM;
	MDB_cursor *c;
	int rc = mdb_err(mdb_cursor_open(txn, n->state, &c));
	if (rc) {
		pqs_chain_state_free(s);
		return rc;
	}
	MDB_val k, v;
	int mrc;
	for (mrc = cursor_get(n, c, &k, &v, MDB_FIRST); mrc == 0; mrc = cursor_get(n, c, &k, &v, MDB_NEXT)) {
		pqs_chain_account a;
		if ((rc = decode_account(&a, &k, &v)) != PQS_OK || (rc = pqs_chain_state_load_account(s, &a)) != PQS_OK)
			break;
	}
	mdb_cursor_close(c);
	if (!rc && mrc != MDB_NOTFOUND)
		rc = mdb_err(mrc);
	if (rc) {
		pqs_chain_state_free(s);
		return rc;
	}
	*out = s;
	return PQS_OK;
}

/* Block key: the height, big-endian, so LMDB's byte order is height order. */
static MDB_val height_key(uint8_t buf[8], uint64_t h)
{
	pqs_store_be64(buf, h);
	return val(buf, 8);
}

/* Read meta "tip": height and block id.  NOT_FOUND before init. */
static int get_tip(pqs_chain_node *n, MDB_txn *txn, uint64_t *height, uint8_t id[PQS_CHAIN_HASH_LEN])
{
	MDB_val k = val("tip", 3), v;
	int rc = db_get(n, txn, n->meta, &k, &v);
	if (rc)
		return rc;
	if (v.mv_size != 8 + PQS_CHAIN_HASH_LEN)
		return PQS_CHAIN_ERR_CORRUPT;
	*height = pqs_load_be64(v.mv_data);
	memcpy(id, (const uint8_t *)v.mv_data + 8, PQS_CHAIN_HASH_LEN);
	return PQS_OK;
}

static int put_tip(pqs_chain_node *n, MDB_txn *txn, uint64_t height, const uint8_t id[PQS_CHAIN_HASH_LEN])
{
	uint8_t rec[8 + PQS_CHAIN_HASH_LEN];
	pqs_store_be64(rec, height);
	memcpy(rec + 8, id, PQS_CHAIN_HASH_LEN);
	MDB_val k = val("tip", 3), v = val(rec, sizeof rec);
	return mdb_err(mdb_put(txn, n->meta, &k, &v, 0));
}

/* Load the chain id, the tip and the state; an uninitialized node gets an empty state. */
static int load(pqs_chain_node *n)
{
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	uint64_t height;
	uint8_t tip[PQS_CHAIN_HASH_LEN];
	rc = get_tip(n, txn, &height, tip);
	if (rc == PQS_CHAIN_ERR_NOT_FOUND) {
		mdb_txn_abort(txn);
		n->st = node_state_new(n, 0);
		return n->st ? PQS_OK : PQS_CHAIN_ERR_NOMEM;
	}
	MDB_val k = val("chain_id", 8), v;
	if (!rc && (rc = db_get(n, txn, n->meta, &k, &v)) == PQS_OK && v.mv_size != 4)
		rc = PQS_CHAIN_ERR_CORRUPT;
	uint32_t chain_id = rc ? 0 : pqs_load_be32(v.mv_data);
	uint8_t hk[8];
	pqs_chain_header h;
	if (!rc) {
		k = height_key(hk, height);
		if ((rc = db_get(n, txn, n->blocks, &k, &v)) == PQS_CHAIN_ERR_NOT_FOUND)
			rc = PQS_CHAIN_ERR_CORRUPT;
	}
	if (!rc && pqs_chain_header_decode(&h, v.mv_data, v.mv_size) != PQS_OK)
		rc = PQS_CHAIN_ERR_CORRUPT;
	if (!rc && (rc = load_state(n, txn, chain_id, &n->st)) == PQS_OK)
		pqs_chain_state_set_tip(n->st, height + 1, tip, h.timestamp);
	mdb_txn_abort(txn);
	return rc;
}

int pqs_chain_node_open(pqs_chain_node **out, const char *dir, int create)
{
	if (!out || !dir)
		return PQS_ERR_ARG;
	*out = NULL;
	char path[4096];
	struct stat sb;
	if (snprintf(path, sizeof path, "%s/data.mdb", dir) >= (int)sizeof path)
		return PQS_ERR_ARG;
	int have = stat(path, &sb) == 0;
	if (create) {
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return PQS_CHAIN_ERR_STORE;
	} else if (!have) {
		return PQS_CHAIN_ERR_NOT_FOUND;
	}
	pqs_chain_node *n = calloc(1, sizeof *n);
	if (!n)
		return PQS_CHAIN_ERR_NOMEM;
	/* Only an optimisation: without memory for it, blocks verify with plain keys. */
	n->keys = pqs_chain_key_cache_new(NODE_KEY_CACHE_KEYS, NODE_KEY_CACHE_BYTES);
	int rc = mdb_err(mdb_env_create(&n->env));
	if (rc) {
		free(n);
		return rc;
	}
	MDB_txn *txn = NULL;
	int dead;
	/* 0600: the wallet database holds secret keys. */
	if ((rc = mdb_err(mdb_env_set_maxdbs(n->env, 8))) || (rc = mdb_err(mdb_env_set_mapsize(n->env, NODE_MAP_SIZE))) ||
	    (rc = mdb_err(mdb_env_open(n->env, dir, 0, 0600))))
		goto fail;
	find_map(n);
	maps_set(n, 1);
	mdb_env_set_assert(n->env, lmdb_assert);
	/* A killed process leaves its reader slot behind; clear stale ones. */
	mdb_reader_check(n->env, &dead);
	if ((rc = txn_begin(n, 0, &txn)))
		goto fail;
	if ((rc = mdb_err(mdb_dbi_open(txn, "meta", MDB_CREATE, &n->meta))) ||
	    (rc = mdb_err(mdb_dbi_open(txn, "blocks", MDB_CREATE, &n->blocks))) ||
	    (rc = mdb_err(mdb_dbi_open(txn, "txs", MDB_CREATE, &n->txs))) ||
	    (rc = mdb_err(mdb_dbi_open(txn, "state", MDB_CREATE, &n->state))) ||
	    (rc = mdb_err(mdb_dbi_open(txn, "pending", MDB_CREATE, &n->pending))) ||
	    (rc = mdb_err(mdb_dbi_open(txn, "wallet", MDB_CREATE, &n->wallet))))
		goto fail;
	rc = mdb_err(mdb_txn_commit(txn));
	txn = NULL;
	if (rc || (rc = load(n)))
		goto fail;
	if (create && pqs_chain_state_blocks(n->st) > 0) {
		rc = PQS_CHAIN_ERR_EXISTS;
		goto fail;
	}
	*out = n;
	return PQS_OK;
fail:
	if (txn)
		mdb_txn_abort(txn);
	maps_set(n, 0);
	mdb_env_close(n->env);
	pqs_chain_state_free(n->st);
	pqs_chain_key_cache_free(n->keys);
	free(n);
	return rc;
}

void pqs_chain_node_close(pqs_chain_node *n)
{
	if (!n)
		return;
	maps_set(n, 0);
	mdb_env_close(n->env);
	pqs_chain_state_free(n->st);
	pqs_chain_key_cache_free(n->keys);
	free(n);
}

const pqs_chain_state *pqs_chain_node_state(const pqs_chain_node *n)
{
	return n->st;
}

/* Index every transaction of a (non-genesis) block under its txid. */
static int index_txs(pqs_chain_node *n, MDB_txn *txn, const uint8_t *block, size_t len)
{
	pqs_chain_header h;
	size_t *offs;
	int rc = pqs_chain_block_decode(&h, NULL, &offs, block, len);
	if (rc)
		return rc;
	for (uint32_t i = 0; i < h.count && !rc; i++) {
		uint8_t id[PQS_CHAIN_HASH_LEN], rec[12];
		if ((rc = pqs_chain_txid(id, block + offs[i], offs[i + 1] - offs[i])) != PQS_OK)
			break;
		pqs_store_be64(rec, h.height);
		pqs_store_be32(rec + 8, i);
		MDB_val k = val(id, sizeof id), v = val(rec, sizeof rec);
		/* A txid appears once: the nonce makes every accepted transaction unique. */
		rc = mdb_err(mdb_put(txn, n->txs, &k, &v, MDB_NOOVERWRITE));
		if (rc == PQS_CHAIN_ERR_EXISTS)
			rc = PQS_CHAIN_ERR_CORRUPT;
	}
	free(offs);
	return rc;
}

/*
 * Write a validated block and the state change old -> new in one LMDB
 * transaction; commit makes all of it durable at once.
 */
static int commit_block(pqs_chain_node *n, const pqs_chain_state *old, const pqs_chain_state *new_state,
                        const uint8_t *block, size_t len, uint64_t height, uint64_t pending_through)
{
	MDB_txn *txn;
	int rc = txn_begin(n, 0, &txn);
	if (rc)
		return rc;
	/*
	 * The write transaction holds LMDB's writer lock; if another process
	 * appended since this node loaded its state (two `chain mine` at once),
	 * the block was built on a stale tip: say so instead of writing it.
	 */
	uint64_t stored_height;
	uint8_t stored_tip[PQS_CHAIN_HASH_LEN];
	int trc = get_tip(n, txn, &stored_height, stored_tip);
	if (height == 0)
		rc = trc == PQS_CHAIN_ERR_NOT_FOUND ? PQS_OK : trc ? trc : PQS_CHAIN_ERR_BUSY;
	else if (trc == PQS_CHAIN_ERR_NOT_FOUND)
		rc = PQS_CHAIN_ERR_CORRUPT;
	else if (!trc && (stored_height + 1 != height ||
	                  memcmp(stored_tip, pqs_chain_state_tip(old), PQS_CHAIN_HASH_LEN) != 0))
		rc = PQS_CHAIN_ERR_BUSY;
	else
		rc = trc;
	if (rc) {
		mdb_txn_abort(txn);
		return rc;
	}
	uint8_t hk[8];
	MDB_val k = height_key(hk, height), v = val(block, len);
	if ((rc = mdb_err(mdb_put(txn, n->blocks, &k, &v, MDB_NOOVERWRITE))) == PQS_CHAIN_ERR_EXISTS)
		rc = PQS_CHAIN_ERR_CORRUPT;
	if (!rc && height == 0) {
		uint8_t cid[4];
		pqs_store_be32(cid, pqs_chain_state_chain_id(new_state));
		k = val("chain_id", 8);
		v = val(cid, 4);
		rc = mdb_err(mdb_put(txn, n->meta, &k, &v, 0));
	}
	if (!rc && height > 0)
		rc = index_txs(n, txn, block, len);
	void *arg[2] = { txn, n };
	if (!rc)
		rc = pqs_chain_state_diff(old, new_state, put_account, arg);
	if (!rc)
		rc = put_tip(n, txn, height, pqs_chain_state_tip(new_state));
	if (!rc && pending_through > 0) {
		MDB_cursor *c;
		if (!(rc = mdb_err(mdb_cursor_open(txn, n->pending, &c)))) {
			int mrc;
			while ((mrc = cursor_get(n, c, &k, &v, MDB_FIRST)) == 0 && k.mv_size == 8 &&
			       pqs_load_be64(k.mv_data) <= pending_through)
				if ((mrc = mdb_cursor_del(c, 0)) != 0)
					break;
			if (mrc != 0 && mrc != MDB_NOTFOUND)
				rc = mdb_err(mrc);
			mdb_cursor_close(c);
		}
	}
	return txn_finish(txn, rc);
}

/* Validate on a copy of the state, commit to LMDB, and only then adopt the new state. */
static int append(pqs_chain_node *n, pqs_chain_state *fresh, const uint8_t *block, size_t len, pqs_chain_pool *pool,
                  uint64_t pending_through, size_t *bad_index)
{
	uint64_t height = pqs_chain_state_blocks(fresh);
	int rc = pqs_chain_apply_block(fresh, block, len, pool, bad_index);
	if (!rc)
		rc = commit_block(n, n->st, fresh, block, len, height, pending_through);
	if (rc) {
		pqs_chain_state_free(fresh);
		return rc;
	}
	pqs_chain_state_free(n->st);
	n->st = fresh;
	return PQS_OK;
}

int pqs_chain_node_init(pqs_chain_node *n, const uint8_t *genesis, size_t len)
{
	if (!n || !genesis)
		return PQS_ERR_ARG;
	if (pqs_chain_state_blocks(n->st) > 0)
		return PQS_CHAIN_ERR_EXISTS;
	pqs_chain_header h;
	int rc = pqs_chain_header_decode(&h, genesis, len);
	if (rc)
		return rc;
	pqs_chain_state *fresh = node_state_new(n, h.chain_id);
	if (!fresh)
		return PQS_CHAIN_ERR_NOMEM;
	/* The old (empty) state must carry the same chain id for the diff to write every account. */
	pqs_chain_state *empty = node_state_new(n, h.chain_id);
	if (!empty) {
		pqs_chain_state_free(fresh);
		return PQS_CHAIN_ERR_NOMEM;
	}
	pqs_chain_state_free(n->st);
	n->st = empty;
	return append(n, fresh, genesis, len, NULL, 0, NULL);
}

int pqs_chain_node_append(pqs_chain_node *n, const uint8_t *block, size_t len, pqs_chain_pool *pool,
                          uint64_t pending_through, size_t *bad_index)
{
	if (!n || !block)
		return PQS_ERR_ARG;
	if (pqs_chain_state_blocks(n->st) == 0)
		return PQS_CHAIN_ERR_GENESIS;
	pqs_chain_state *fresh = pqs_chain_state_clone(n->st);
	if (!fresh)
		return PQS_CHAIN_ERR_NOMEM;
	return append(n, fresh, block, len, pool, pending_through, bad_index);
}

/* A malloc'd copy of the stored block at height. */
static int copy_block(pqs_chain_node *n, MDB_txn *txn, uint64_t height, uint8_t **out, size_t *len)
{
	uint8_t hk[8];
	MDB_val k = height_key(hk, height), v;
	int rc = db_get(n, txn, n->blocks, &k, &v);
	if (rc)
		return rc;
	if (!(*out = malloc(v.mv_size ? v.mv_size : 1)))
		return PQS_CHAIN_ERR_NOMEM;
	memcpy(*out, v.mv_data, v.mv_size);
	*len = v.mv_size;
	return PQS_OK;
}

int pqs_chain_node_block(pqs_chain_node *n, uint64_t height, uint8_t **out, size_t *len)
{
	if (!n || !out || !len)
		return PQS_ERR_ARG;
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	rc = copy_block(n, txn, height, out, len);
	mdb_txn_abort(txn);
	return rc;
}

/*
 * PQS_OK if a block's body matches its header: the Merkle root of its
 * transactions, or for a genesis block its allocations and state digest
 * (applied to an empty state).  PQS_CHAIN_ERR_CORRUPT if not.
 */
static int body_matches_header(const uint8_t *block, size_t len, uint32_t chain_id)
{
	pqs_chain_header h;
	if (pqs_chain_header_decode(&h, block, len) != PQS_OK)
		return PQS_CHAIN_ERR_CORRUPT;
	if (h.height == 0) {
		pqs_chain_state *g = pqs_chain_state_new(chain_id);
		if (!g)
			return PQS_CHAIN_ERR_NOMEM;
		int rc = pqs_chain_apply_block(g, block, len, NULL, NULL);
		pqs_chain_state_free(g);
		return rc == PQS_CHAIN_ERR_NOMEM ? rc : rc ? PQS_CHAIN_ERR_CORRUPT : PQS_OK;
	}
	size_t *offs;
	if (pqs_chain_block_decode(&h, NULL, &offs, block, len) != PQS_OK)
		return PQS_CHAIN_ERR_CORRUPT;
	uint8_t (*leaves)[PQS_CHAIN_HASH_LEN] = malloc((h.count ? h.count : 1) * sizeof *leaves);
	int rc = leaves ? PQS_OK : PQS_CHAIN_ERR_NOMEM;
	for (uint32_t i = 0; !rc && i < h.count; i++)
		rc = pqs_chain_tx_leaf(leaves[i], block + offs[i], offs[i + 1] - offs[i]);
	uint8_t root[PQS_CHAIN_HASH_LEN];
	if (!rc && (rc = pqs_chain_merkle_root(root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])leaves, h.count)) == PQS_OK &&
	    memcmp(root, h.merkle_root, sizeof root) != 0)
		rc = PQS_CHAIN_ERR_CORRUPT;
	free(leaves);
	free(offs);
	return rc;
}

int pqs_chain_node_block_checked(pqs_chain_node *n, uint64_t height, uint8_t **out, size_t *len)
{
	if (!n || !out || !len)
		return PQS_ERR_ARG;
	*out = NULL;
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	uint64_t tip_height;
	uint8_t tip[PQS_CHAIN_HASH_LEN], id[PQS_CHAIN_HASH_LEN];
	uint8_t hk[8];
	MDB_val k, v;
	pqs_chain_header h;
	if ((rc = get_tip(n, txn, &tip_height, tip)))
		goto done;
	rc = PQS_CHAIN_ERR_NOT_FOUND;
	if (height > tip_height || (rc = copy_block(n, txn, height, out, len)))
		goto done;
	rc = PQS_CHAIN_ERR_CORRUPT;
	if (pqs_chain_header_decode(&h, *out, *len) != PQS_OK || h.height != height ||
	    h.chain_id != pqs_chain_state_chain_id(n->st))
		goto done;
	/* Follow the parent links up to the stored tip: every later header must name this one's id. */
	pqs_chain_block_id(id, *out, *len);
	for (uint64_t up = height + 1; up <= tip_height; up++) {
		k = height_key(hk, up);
		if ((rc = db_get(n, txn, n->blocks, &k, &v)) == PQS_CHAIN_ERR_NOT_FOUND)
			rc = PQS_CHAIN_ERR_CORRUPT;
		if (rc)
			goto done;
		rc = PQS_CHAIN_ERR_CORRUPT;
		if (pqs_chain_header_decode(&h, v.mv_data, v.mv_size) != PQS_OK || memcmp(h.parent, id, sizeof id) != 0)
			goto done;
		pqs_chain_block_id(id, v.mv_data, v.mv_size);
	}
	rc = memcmp(id, tip, sizeof id) == 0 ? body_matches_header(*out, *len, pqs_chain_state_chain_id(n->st))
	                                    : PQS_CHAIN_ERR_CORRUPT;
done:
	mdb_txn_abort(txn);
	if (rc) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

int pqs_chain_node_check_state(pqs_chain_node *n)
{
	if (!n)
		return PQS_ERR_ARG;
	uint8_t *tip_block;
	size_t len;
	const pqs_chain_state *s = n->st;
	int rc = pqs_chain_node_block_checked(n, pqs_chain_state_blocks(s) - 1, &tip_block, &len);
	if (rc == PQS_CHAIN_ERR_NOT_FOUND)
		return PQS_CHAIN_ERR_CORRUPT;
	if (rc)
		return rc;
	pqs_chain_header h;
	uint8_t id[PQS_CHAIN_HASH_LEN], digest[PQS_CHAIN_HASH_LEN];
	pqs_chain_block_id(id, tip_block, len);
	pqs_chain_state_digest(s, digest);
	rc = pqs_chain_header_decode(&h, tip_block, len) == PQS_OK &&
	             memcmp(id, pqs_chain_state_tip(s), sizeof id) == 0 &&
	             memcmp(digest, h.state_digest, sizeof digest) == 0
	     ? PQS_OK
	     : PQS_CHAIN_ERR_CORRUPT;
	free(tip_block);
	return rc;
}

int pqs_chain_node_durable(const pqs_chain_node *n)
{
	unsigned flags;
	if (!n || mdb_env_get_flags(n->env, &flags) != 0)
		return 0;
	/* LMDB's default: data pages fdatasync'ed, then the meta page written through an O_DSYNC descriptor. */
	return !(flags & (MDB_NOSYNC | MDB_NOMETASYNC | MDB_MAPASYNC | MDB_WRITEMAP | MDB_RDONLY));
}

/* Check every stored txid against the replayed blocks: same entries, same count. */
static int check_tx_index(pqs_chain_node *n, MDB_txn *txn, const uint8_t *block, size_t len, uint64_t *count)
{
	pqs_chain_header h;
	size_t *offs;
	int rc = pqs_chain_block_decode(&h, NULL, &offs, block, len);
	if (rc)
		return rc;
	for (uint32_t i = 0; i < h.count && !rc; i++) {
		uint8_t id[PQS_CHAIN_HASH_LEN];
		if ((rc = pqs_chain_txid(id, block + offs[i], offs[i + 1] - offs[i])) != PQS_OK)
			break;
		MDB_val k = val(id, sizeof id), v;
		rc = db_get(n, txn, n->txs, &k, &v);
		if (rc == PQS_CHAIN_ERR_NOT_FOUND || (!rc && (v.mv_size != 12 || pqs_load_be64(v.mv_data) != h.height ||
		                                               pqs_load_be32((const uint8_t *)v.mv_data + 8) != i)))
			rc = PQS_CHAIN_ERR_CORRUPT;
	}
	*count += h.count;
	free(offs);
	return rc;
}

int pqs_chain_node_validate(pqs_chain_node *n, pqs_chain_pool *pool, uint64_t *height, size_t *bad_index)
{
	if (height)
		*height = UINT64_MAX;
	if (bad_index)
		*bad_index = SIZE_MAX;
	if (!n)
		return PQS_ERR_ARG;
	if (pqs_chain_state_blocks(n->st) == 0)
		return PQS_CHAIN_ERR_GENESIS;
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	pqs_chain_state *replay = NULL, *stored = NULL;
	MDB_cursor *c = NULL;
	uint64_t tip_height, ntx = 0, expect = 0;
	uint8_t tip[PQS_CHAIN_HASH_LEN];
	MDB_val k, v;
	int mrc;
	if ((rc = get_tip(n, txn, &tip_height, tip)))
		goto done;
	k = val("chain_id", 8);
	if ((rc = db_get(n, txn, n->meta, &k, &v)))
		goto done;
	rc = PQS_CHAIN_ERR_CORRUPT;
	if (v.mv_size != 4)
		goto done;
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(replay = node_state_new(n, pqs_load_be32(v.mv_data))))
		goto done;
	if ((rc = mdb_err(mdb_cursor_open(txn, n->blocks, &c))))
		goto done;
	/* Replay every block in height order from genesis; keys must be exactly 0, 1, 2, ... */
	for (mrc = cursor_get(n, c, &k, &v, MDB_FIRST); mrc == 0; mrc = cursor_get(n, c, &k, &v, MDB_NEXT)) {
		rc = PQS_CHAIN_ERR_CORRUPT;
		if (k.mv_size != 8 || pqs_load_be64(k.mv_data) != expect)
			goto done;
		if ((rc = pqs_chain_apply_block(replay, v.mv_data, v.mv_size, pool, bad_index)))
			goto done;
		if (expect > 0 && (rc = check_tx_index(n, txn, v.mv_data, v.mv_size, &ntx)))
			goto done;
		if (height)
			*height = expect;
		expect++;
	}
	if (mrc != MDB_NOTFOUND) {
		rc = mdb_err(mrc);
		goto done;
	}
	/* The stored tip, tx index and account records must be exactly what the replay produced. */
	rc = PQS_CHAIN_ERR_CORRUPT;
	if (expect != tip_height + 1 || memcmp(tip, pqs_chain_state_tip(replay), sizeof tip) != 0)
		goto done;
	MDB_stat ms;
	if (mdb_stat(txn, n->txs, &ms) != 0 || ms.ms_entries != ntx)
		goto done;
	if ((rc = load_state(n, txn, pqs_chain_state_chain_id(replay), &stored)))
		goto done;
	uint8_t d1[PQS_CHAIN_HASH_LEN], d2[PQS_CHAIN_HASH_LEN];
	pqs_chain_state_digest(replay, d1);
	pqs_chain_state_digest(stored, d2);
	rc = memcmp(d1, d2, sizeof d1) == 0 ? PQS_OK : PQS_CHAIN_ERR_CORRUPT;
done:
	if (c)
		mdb_cursor_close(c);
	mdb_txn_abort(txn);
	pqs_chain_state_free(replay);
	pqs_chain_state_free(stored);
	return rc;
}

int pqs_chain_node_find_tx(pqs_chain_node *n, const uint8_t id[PQS_CHAIN_HASH_LEN], uint64_t *height,
                           uint32_t *index)
{
	if (!n || !id || !height || !index)
		return PQS_ERR_ARG;
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	MDB_val k = val(id, PQS_CHAIN_HASH_LEN), v;
	if (!(rc = db_get(n, txn, n->txs, &k, &v))) {
		if (v.mv_size != 12)
			rc = PQS_CHAIN_ERR_CORRUPT;
		else {
			*height = pqs_load_be64(v.mv_data);
			*index = pqs_load_be32((const uint8_t *)v.mv_data + 8);
		}
	}
	mdb_txn_abort(txn);
	return rc;
}

/* Append tx to the pending pool in txn under the next sequence (*seq). */
static int pending_append(pqs_chain_node *n, MDB_txn *txn, const uint8_t *tx, size_t len, uint64_t *seq)
{
	MDB_cursor *c;
	uint64_t next = 1;
	int rc = mdb_err(mdb_cursor_open(txn, n->pending, &c));
	if (rc)
		return rc;
	MDB_val k, v;
	int mrc = cursor_get(n, c, &k, &v, MDB_LAST);
	if (mrc == 0 && k.mv_size == 8)
		next = pqs_load_be64(k.mv_data) + 1;
	else if (mrc == 0)
		rc = PQS_CHAIN_ERR_CORRUPT;
	else if (mrc != MDB_NOTFOUND)
		rc = mdb_err(mrc);
	mdb_cursor_close(c);
	uint8_t sk[8];
	k = height_key(sk, next);
	v = val(tx, len);
	if (!rc)
		rc = mdb_err(mdb_put(txn, n->pending, &k, &v, MDB_NOOVERWRITE));
	if (!rc)
		*seq = next;
	return rc;
}

int pqs_chain_node_pending_add(pqs_chain_node *n, const uint8_t *tx, size_t len, uint64_t *seq)
{
	if (!n || !tx)
		return PQS_ERR_ARG;
	pqs_chain_tx t;
	int rc = pqs_chain_tx_decode(&t, tx, len, NULL);
	if (rc)
		return rc;
	MDB_txn *txn;
	if ((rc = txn_begin(n, 0, &txn)))
		return rc;
	uint64_t next;
	if ((rc = txn_finish(txn, pending_append(n, txn, tx, len, &next))) == PQS_OK && seq)
		*seq = next;
	return rc;
}

/* The sender's pending transactions: how many, and how much they spend. */
static int pending_of_sender(pqs_chain_node *n, MDB_txn *txn, const uint8_t sender[PQS_CHAIN_ADDR_LEN],
                             uint64_t *count, uint64_t *spent)
{
	MDB_cursor *c;
	int rc = mdb_err(mdb_cursor_open(txn, n->pending, &c));
	if (rc)
		return rc;
	MDB_val k, v;
	int mrc;
	for (mrc = cursor_get(n, c, &k, &v, MDB_FIRST); mrc == 0 && !rc; mrc = cursor_get(n, c, &k, &v, MDB_NEXT)) {
		pqs_chain_tx t;
		if (pqs_chain_tx_decode(&t, v.mv_data, v.mv_size, NULL) != PQS_OK ||
		    memcmp(t.sender, sender, PQS_CHAIN_ADDR_LEN) != 0)
			continue; /* others' and undecodable entries: mining drops the latter */
		if (*spent + t.amount < *spent)
			rc = PQS_CHAIN_ERR_OVERFLOW;
		(*count)++;
		*spent += t.amount;
	}
	if (!rc && mrc != MDB_NOTFOUND)
		rc = mdb_err(mrc);
	mdb_cursor_close(c);
	return rc;
}

int pqs_chain_node_transfer(pqs_chain_node *n, const pqs_sig_class *cls, const uint8_t *sk, const uint8_t *pk,
                            const uint8_t recipient[PQS_CHAIN_ADDR_LEN], uint64_t amount, pqs_rng *rng, uint8_t *tx,
                            size_t cap, size_t *tx_len, pqs_chain_transfer_info *info)
{
	if (!n || !cls || !sk || !pk || !recipient || !tx || !tx_len || !info)
		return PQS_ERR_ARG;
	memset(info, 0, sizeof *info);
	uint8_t sender[PQS_CHAIN_ADDR_LEN];
	pqs_chain_address(sender, cls, pk);
	/*
	 * Issue 10, item 9: the nonce is read (stored account + pending) and the
	 * signed transaction inserted under one write transaction, i.e. under
	 * LMDB's writer lock, so concurrent transfers from one sender - from
	 * any number of processes - get consecutive nonces.  The account comes
	 * from the store, not from this node's loaded state, which another
	 * process's `mine` may have made stale.
	 */
	MDB_txn *txn;
	int rc = txn_begin(n, 0, &txn);
	if (rc)
		return rc;
	MDB_val k = val(sender, sizeof sender), v;
	pqs_chain_account acc;
	if ((rc = db_get(n, txn, n->state, &k, &v)) == PQS_OK && (rc = decode_account(&acc, &k, &v)) == PQS_OK) {
		info->balance = acc.balance;
		info->nonce = acc.nonce;
	} else if (rc == PQS_CHAIN_ERR_NOT_FOUND) {
		rc = PQS_OK;
	}
	uint64_t count = 0;
	if (!rc)
		rc = pending_of_sender(n, txn, sender, &count, &info->pending_spent);
	if (!rc && (info->pending_spent > info->balance || amount > info->balance - info->pending_spent))
		rc = PQS_CHAIN_ERR_BALANCE;
	if (!rc && info->nonce + count < info->nonce)
		rc = PQS_CHAIN_ERR_OVERFLOW;
	info->nonce += count;
	if (!rc)
		rc = pqs_chain_tx_sign(cls, sk, pk, pqs_chain_state_chain_id(n->st), recipient, amount, info->nonce, rng,
		                       tx, cap, tx_len);
	if (!rc)
		rc = pending_append(n, txn, tx, *tx_len, &info->seq);
	return txn_finish(txn, rc);
}

int pqs_chain_node_pending_each(pqs_chain_node *n,
                                int (*fn)(void *arg, uint64_t seq, const uint8_t *tx, size_t len), void *arg)
{
	if (!n || !fn)
		return PQS_ERR_ARG;
	MDB_txn *txn;
	int rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	MDB_cursor *c;
	if (!(rc = mdb_err(mdb_cursor_open(txn, n->pending, &c)))) {
		MDB_val k, v;
		int mrc;
		for (mrc = cursor_get(n, c, &k, &v, MDB_FIRST); mrc == 0 && !rc;
		     mrc = cursor_get(n, c, &k, &v, MDB_NEXT))
			rc = k.mv_size == 8 ? fn(arg, pqs_load_be64(k.mv_data), v.mv_data, v.mv_size) : PQS_CHAIN_ERR_CORRUPT;
		if (!rc && mrc != MDB_NOTFOUND)
			rc = mdb_err(mrc);
		mdb_cursor_close(c);
	}
	mdb_txn_abort(txn);
	return rc;
}

/* Names are LMDB keys (at most 511 bytes); issue 10, item 17: over-long ones get their own error. */
static int wallet_name_ok(const char *name)
{
	size_t len = strlen(name);
	return len > 0 && len <= PQS_CHAIN_MAX_NAME ? PQS_OK : PQS_CHAIN_ERR_NAME;
}

/*
 * LMDB creates data.mdb with mode 0600 from the start (open(O_CREAT, 0600)
 * in mdb_env_open, no chmod window), but a store copied or chmod'ed
 * readable by others must not receive secret keys (issue 10, item 10).
 */
static int store_private(pqs_chain_node *n)
{
	mdb_filehandle_t fd;
	struct stat sb;
	if (mdb_env_get_fd(n->env, &fd) || fstat(fd, &sb) != 0)
		return PQS_CHAIN_ERR_STORE;
	return sb.st_mode & 077 ? PQS_CHAIN_ERR_FILE_MODE : PQS_OK;
}

int pqs_chain_node_wallet_put(pqs_chain_node *n, const char *name, const pqs_sig_class *cls, const uint8_t *pk,
                              const uint8_t *sk)
{
	if (!n || !name || !cls || !pk || !sk)
		return PQS_ERR_ARG;
	int rc = wallet_name_ok(name);
	if (rc || (rc = store_private(n)))
		return rc;
	size_t len = 2 + cls->pk_len + cls->sk_len;
	uint8_t *rec = malloc(len);
	if (!rec)
		return PQS_CHAIN_ERR_NOMEM;
	pqs_store_be16(rec, cls->id);
	memcpy(rec + 2, pk, cls->pk_len);
	memcpy(rec + 2 + cls->pk_len, sk, cls->sk_len);
	MDB_txn *txn;
	if (!(rc = txn_begin(n, 0, &txn))) {
		MDB_val k = val(name, strlen(name)), v = val(rec, len);
		rc = txn_finish(txn, mdb_err(mdb_put(txn, n->wallet, &k, &v, MDB_NOOVERWRITE)));
	}
	pqs_zeroize(rec, len);
	free(rec);
	return rc;
}

int pqs_chain_node_wallet_get(pqs_chain_node *n, const char *name, const pqs_sig_class **cls, uint8_t **pk,
                              uint8_t **sk)
{
	if (!n || !name || !cls || !pk)
		return PQS_ERR_ARG;
	*pk = NULL;
	if (sk)
		*sk = NULL;
	int rc = wallet_name_ok(name);
	if (rc)
		return rc;
	MDB_txn *txn;
	rc = txn_begin(n, MDB_RDONLY, &txn);
	if (rc)
		return rc;
	MDB_val k = val(name, strlen(name)), v;
	if (!(rc = db_get(n, txn, n->wallet, &k, &v))) {
		const uint8_t *r = v.mv_data;
		const pqs_sig_class *c = v.mv_size >= 2 ? pqs_sig_find_id(pqs_load_be16(r)) : NULL;
		if (!c || v.mv_size != 2 + c->pk_len + c->sk_len)
			rc = PQS_CHAIN_ERR_CORRUPT;
		else {
			*cls = c;
			*pk = malloc(c->pk_len);
			if (sk)
				*sk = malloc(c->sk_len);
			if (!*pk || (sk && !*sk)) {
				free(*pk);
				*pk = NULL;
				if (sk) {
					free(*sk);
					*sk = NULL;
				}
				rc = PQS_CHAIN_ERR_NOMEM;
			} else {
				memcpy(*pk, r + 2, c->pk_len);
				if (sk)
					memcpy(*sk, r + 2 + c->pk_len, c->sk_len);
			}
		}
	}
	mdb_txn_abort(txn);
	return rc;
}

#else
#error "the ledger store needs LMDB (liblmdb-dev, installed by scripts/deps.sh)"
#endif
