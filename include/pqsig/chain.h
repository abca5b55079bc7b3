/*
 * pqsig: ledger prototype - an account-based blockchain with pluggable
 * signatures, LMDB storage, crash safety and parallel validation.
 *
 * Model (docs/chain.md has the rationale):
 *   - accounts: a 20-byte address, the registry id of the account's
 *     signature scheme, its public key once known, a balance and a nonce;
 *   - a genesis block (height 0) whose body is the genesis allocation;
 *   - transactions: chain id, algorithm id, sender public key (or, once the
 *     state knows it, a reference by address), recipient address, amount,
 *     nonce and a signature over a domain-separated digest;
 *   - blocks: a header (parent hash, height, timestamp, Merkle root of the
 *     transactions, state digest) and a body of transactions.
 *
 * Signatures are reached only through the registry (pqsig/sig.h) by the
 * numeric id carried in each transaction, so any scheme registered later
 * works without a change here, and one block may mix schemes.
 *
 * Wire formats (all integers big-endian):
 *   address  = SHA3-256("pqsig/chain/addr/v1" || u16 alg || pk)[0..20)
 *   tx       = u8 form (1: pk carried, 2: sender referenced by address)
 *              || u32 chain_id || u16 alg || (pk[cls->pk_len] | address[20])
 *              || recipient[20] || u64 amount || u64 nonce
 *              || u16 sig_len || sig
 *   signed   = SHA3-256("pqsig/chain/tx/v1" || u32 chain_id || u16 alg
 *              || sender address || recipient || u64 amount || u64 nonce)
 *              (the form is not signed: the block builder picks it)
 *   txid     = SHA-256("pqsig/chain/txid/v2" || u32 chain_id || u16 alg
 *              || sender address || recipient || u64 amount || u64 nonce)
 *              (the signed fields: no signature, no form, so not malleable)
 *   leaf     = SHA-256("pqsig/chain/txid/v1" || tx)   (every byte)
 *   header   = u8 version (1) || u32 chain_id || u64 height || u64 timestamp
 *              || parent[32] || merkle_root[32] || state_digest[32]
 *              || u32 count                                  (121 bytes)
 *   block    = header || count transactions (genesis: count allocation
 *              entries u16 alg || pk || u64 balance)
 *   block id = SHA3-256("pqsig/chain/block/v1" || header)
 *   Merkle   = RFC 6962 section 2.1 tree hash over the leaves (genesis: over
 *              the SHA3-256 of each allocation entry), with the RFC's SHA-256
 *              (the one hash over every byte of a block: see src/chain/merkle.c).
 *
 * The seed paper's own encoding is provided for size comparison:
 *   tx       = u64 len || sender pk || u64 len || recipient pk || u64 amount
 *              || u64 nonce || u64 body_len || u64 sig_len || sig
 *            = 2 pk + sig + 48 bytes;   block = 84 + sum of tx.
 *
 * Every function returns 0 or a negative error: a pqs_err (pqsig/sig.h) or
 * one of the PQS_CHAIN_ERR_* codes below; pqs_chain_strerror() names both.
 */
#ifndef PQSIG_CHAIN_H
#define PQSIG_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PQS_CHAIN_ADDR_LEN 20
#define PQS_CHAIN_HASH_LEN 32
#define PQS_CHAIN_HEADER_LEN 121
#define PQS_CHAIN_TX_PK 1          /* tx form: sender public key carried */
#define PQS_CHAIN_TX_REF 2         /* tx form: sender referenced by address */
#define PQS_CHAIN_MAX_TXS 1000000u /* transactions (or allocations) per block */
#define PQS_CHAIN_MAX_BLOCK (512u * 1024u * 1024u) /* bytes per encoded block */
/* Wallet names: LMDB keys are at most 511 bytes; names stay well inside. */
#define PQS_CHAIN_MAX_NAME 255

/* The seed paper's fixed sizes: tx overhead (6 u64 fields) and block header. */
#define PQS_CHAIN_PAPER_TX_OVERHEAD 48
#define PQS_CHAIN_PAPER_BLOCK_OVERHEAD 84

/** Ledger error codes: the block -200..-299 of include/pqsig/sig.h. */
typedef enum {
	PQS_CHAIN_ERR_TRUNCATED = -200,     /* input ends inside a field */
	PQS_CHAIN_ERR_TRAILING = -201,      /* bytes after the last field */
	PQS_CHAIN_ERR_VERSION = -202,       /* unknown block version or tx form byte */
	PQS_CHAIN_ERR_UNKNOWN_ALG = -203,   /* algorithm id not in the registry */
	PQS_CHAIN_ERR_SIG_LENGTH = -204,    /* signature length the scheme never produces */
	PQS_CHAIN_ERR_CHAIN_ID = -205,      /* transaction or block for another chain */
	PQS_CHAIN_ERR_BAD_SIGNATURE = -206, /* a transaction signature does not verify */
	PQS_CHAIN_ERR_NONCE = -207,         /* nonce is not the sender's next nonce */
	PQS_CHAIN_ERR_BALANCE = -208,       /* amount exceeds the sender's balance */
	PQS_CHAIN_ERR_MERKLE = -209,        /* header Merkle root differs from the body's */
	PQS_CHAIN_ERR_PARENT = -210,        /* parent hash is not the current tip */
	PQS_CHAIN_ERR_HEIGHT = -211,        /* height is not tip height + 1 */
	PQS_CHAIN_ERR_TIMESTAMP = -212,     /* timestamp earlier than the parent's */
	PQS_CHAIN_ERR_STATE_DIGEST = -213,  /* header state digest differs from the result */
	PQS_CHAIN_ERR_UNKNOWN_SENDER = -214,/* referenced sender has no known public key */
	PQS_CHAIN_ERR_ALG_MISMATCH = -215,  /* tx algorithm differs from the account's */
	PQS_CHAIN_ERR_PK_FORM = -216,       /* pk carried when known, or pk of a keyed account */
	PQS_CHAIN_ERR_TOO_LARGE = -217,     /* count or size over PQS_CHAIN_MAX_* */
	PQS_CHAIN_ERR_OVERFLOW = -218,      /* a balance or nonce would overflow 64 bits */
	PQS_CHAIN_ERR_STORE = -219,         /* LMDB or file-system failure */
	PQS_CHAIN_ERR_CORRUPT = -220,       /* stored records disagree with the chain */
	PQS_CHAIN_ERR_NOT_FOUND = -221,     /* no such block, account or wallet name */
	PQS_CHAIN_ERR_EXISTS = -222,        /* data directory or name already exists */
	PQS_CHAIN_ERR_NOMEM = -223,         /* allocation failed */
	PQS_CHAIN_ERR_GENESIS = -224,       /* malformed genesis (duplicate account, ...) */
	PQS_CHAIN_ERR_NO_LMDB = -225,       /* built without LMDB */
	PQS_CHAIN_ERR_DAMAGED = -226,       /* store file shorter than its pages, or a record outside it */
	PQS_CHAIN_ERR_BUSY = -227,          /* another process wrote the chain since this node loaded it */
	PQS_CHAIN_ERR_NAME = -228,          /* wallet name empty or over PQS_CHAIN_MAX_NAME bytes */
	PQS_CHAIN_ERR_FILE_MODE = -229      /* the store holding wallet secrets is readable by others */
} pqs_chain_err;

/** One-line description of a pqs_chain_err or any other code: pqs_strerror(err). */
const char *pqs_chain_strerror(int err);

/** Address of a public key under a scheme: see the header comment. */
void pqs_chain_address(uint8_t addr[PQS_CHAIN_ADDR_LEN], const pqs_sig_class *cls, const uint8_t *pk);

/* ------------------------------------------------------------------ */
/* Transactions                                                        */

/** A decoded transaction; pointers refer into the decoded buffer. */
typedef struct {
	uint8_t form;                          /* PQS_CHAIN_TX_PK or PQS_CHAIN_TX_REF */
	uint32_t chain_id;
	const pqs_sig_class *cls;              /* from the algorithm id */
	const uint8_t *sender_pk;              /* cls->pk_len bytes, NULL in REF form */
	uint8_t sender[PQS_CHAIN_ADDR_LEN];    /* given (REF) or derived from sender_pk (PK) */
	uint8_t recipient[PQS_CHAIN_ADDR_LEN];
	uint64_t amount;
	uint64_t nonce;
	const uint8_t *sig;
	size_t sig_len;
} pqs_chain_tx;

/**
 * Decode one transaction from the start of in (strict: known form and
 * algorithm, signature length within the scheme's bounds - exact for
 * fixed-length schemes).  *used receives its length; if used is NULL the
 * transaction must fill in exactly (PQS_CHAIN_ERR_TRAILING otherwise).
 */
int pqs_chain_tx_decode(pqs_chain_tx *tx, const uint8_t *in, size_t len, size_t *used);

/** Encoded length of tx in the given form. */
size_t pqs_chain_tx_encoded_len(const pqs_chain_tx *tx, uint8_t form);

/** Encode tx in form (PK form needs tx->sender_pk); writes *out_len bytes. */
int pqs_chain_tx_encode(const pqs_chain_tx *tx, uint8_t form, uint8_t *out, size_t cap, size_t *out_len);

/** The 32-byte digest a transaction's signature covers (header comment). */
void pqs_chain_tx_digest(uint8_t digest[PQS_CHAIN_HASH_LEN], const pqs_chain_tx *tx);

/**
 * Transaction id of an encoded transaction: SHA-256 over the signed fields
 * only, so neither another valid signature nor the other wire form gives a
 * new id (header comment).  A decode error if tx is malformed,
 * PQS_ERR_INTERNAL if OpenSSL fails.
 */
int pqs_chain_txid(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *tx, size_t len);

/**
 * Merkle leaf data of an encoded transaction: SHA-256 over every byte
 * (signature and form included), so a block's root and id commit to the
 * exact signatures it carries.  PQS_ERR_INTERNAL if OpenSSL fails.
 */
int pqs_chain_tx_leaf(uint8_t leaf[PQS_CHAIN_HASH_LEN], const uint8_t *tx, size_t len);

/**
 * Create and sign a transaction in PK form: out receives at most
 * pqs_chain_tx_max_len(cls) bytes.  rng as in pqs_sig_sign (NULL: OS).
 */
int pqs_chain_tx_sign(const pqs_sig_class *cls, const uint8_t *sk, const uint8_t *pk, uint32_t chain_id,
                      const uint8_t recipient[PQS_CHAIN_ADDR_LEN], uint64_t amount, uint64_t nonce,
                      pqs_rng *rng, uint8_t *out, size_t cap, size_t *out_len);

/** Largest encoded transaction of a scheme (PK form, longest signature). */
size_t pqs_chain_tx_max_len(const pqs_sig_class *cls);

/** Verify the signature of a decoded transaction (PQS_CHAIN_ERR_BAD_SIGNATURE if wrong). */
int pqs_chain_tx_verify(const pqs_chain_tx *tx, const uint8_t *sender_pk);

/* ------------------------------------------------------------------ */
/* Blocks                                                              */

typedef struct {
	uint32_t chain_id;
	uint64_t height;
	uint64_t timestamp;
	uint8_t parent[PQS_CHAIN_HASH_LEN];
	uint8_t merkle_root[PQS_CHAIN_HASH_LEN];
	uint8_t state_digest[PQS_CHAIN_HASH_LEN];
	uint32_t count;
} pqs_chain_header;

/** Decode the 121-byte header at the start of a block (does not look at the body). */
int pqs_chain_header_decode(pqs_chain_header *h, const uint8_t *in, size_t len);

/** Encode a header into out[PQS_CHAIN_HEADER_LEN]. */
void pqs_chain_header_encode(uint8_t out[PQS_CHAIN_HEADER_LEN], const pqs_chain_header *h);

/** Block id (hash of the header bytes). */
void pqs_chain_block_id(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *block, size_t len);

/**
 * Decode a whole non-genesis block strictly: header, then exactly count
 * transactions and nothing after.  On success, *txs is a malloc'd array of
 * count decoded transactions (pointing into block) and offs a malloc'd
 * array of count + 1 offsets of each transaction within block (either may
 * be NULL when not wanted).  Free both with free().
 */
int pqs_chain_block_decode(pqs_chain_header *h, pqs_chain_tx **txs, size_t **offs, const uint8_t *block,
                           size_t len);

/** RFC 6962 Merkle tree hash (SHA-256) with the n 32-byte ids as leaf data (PQS_ERR_INTERNAL if OpenSSL fails). */
int pqs_chain_merkle_root(uint8_t root[PQS_CHAIN_HASH_LEN], const uint8_t (*ids)[PQS_CHAIN_HASH_LEN], size_t n);

/** One genesis allocation: an account with a key and an initial balance. */
typedef struct {
	const pqs_sig_class *cls;
	const uint8_t *pk;
	uint64_t balance;
} pqs_chain_alloc;

/* ------------------------------------------------------------------ */
/* Thread pool for signature verification                              */

typedef struct pqs_chain_pool pqs_chain_pool;

/** A pool of threads workers (0: one per online CPU); NULL if out of resources. */
pqs_chain_pool *pqs_chain_pool_new(unsigned threads);
/** Number of threads that work on a job (the caller included). */
unsigned pqs_chain_pool_threads(const pqs_chain_pool *p);
void pqs_chain_pool_free(pqs_chain_pool *p);

/* ------------------------------------------------------------------ */
/* State (in memory) and block application                             */

/** An account as the state holds it. */
typedef struct {
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
	uint16_t alg_id;        /* 0 with pk_len 0: not keyed yet (only received funds) */
	size_t pk_len;
	const uint8_t *pk;      /* owned by the state, NULL if not keyed yet */
	uint64_t balance;
	uint64_t nonce;         /* number of transactions sent */
} pqs_chain_account;

typedef struct pqs_chain_state pqs_chain_state;

/** An empty state for chain_id (no genesis yet). NULL if out of memory. */
pqs_chain_state *pqs_chain_state_new(uint32_t chain_id);
void pqs_chain_state_free(pqs_chain_state *s);
/** Deep copy; NULL if out of memory.  The copy uses the same key cache (not a copy of it). */
pqs_chain_state *pqs_chain_state_clone(const pqs_chain_state *s);

/**
 * Prepared public keys of repeat senders (pqs_sig_prepare): block validation
 * verifies a sender it has seen before without expanding its key again, with
 * exactly the verdict of plain verification.  Bounded to max_keys keys and
 * max_bytes bytes of keys plus prepared keys (per key: pk_len plus
 * pqs_sig_prepared_len, rounded up to PQS_SIG_PREPARED_ALIGN); the least
 * recently handed-out keys are evicted first, and a sender that finds no room
 * is verified the plain way.  NULL if out of memory or max_keys is 0.
 *
 * A cache is attached to a state with pqs_chain_state_set_key_cache and is
 * shared by that state's clones; it must outlive them, and
 * pqs_chain_apply_block calls on states sharing one cache must not run
 * concurrently (the cache is updated in validation's sequential phase).
 */
typedef struct pqs_chain_key_cache pqs_chain_key_cache;
typedef struct {
	size_t keys, bytes; /* held now */
	uint64_t hits, misses, evictions;
} pqs_chain_key_cache_stats;
pqs_chain_key_cache *pqs_chain_key_cache_new(size_t max_keys, size_t max_bytes);
void pqs_chain_key_cache_free(pqs_chain_key_cache *c);
void pqs_chain_key_cache_get_stats(const pqs_chain_key_cache *c, pqs_chain_key_cache_stats *out);
/** Use c (NULL: none) for s and its future clones. */
void pqs_chain_state_set_key_cache(pqs_chain_state *s, pqs_chain_key_cache *c);

uint32_t pqs_chain_state_chain_id(const pqs_chain_state *s);
/** 0 until a genesis block is applied; then 1 + tip height. */
uint64_t pqs_chain_state_blocks(const pqs_chain_state *s);
/** Tip block id and timestamp (meaningful once blocks > 0). */
const uint8_t *pqs_chain_state_tip(const pqs_chain_state *s);
uint64_t pqs_chain_state_tip_time(const pqs_chain_state *s);
/** Account lookup; PQS_CHAIN_ERR_NOT_FOUND if the address never appeared. */
int pqs_chain_state_get(const pqs_chain_state *s, const uint8_t addr[PQS_CHAIN_ADDR_LEN], pqs_chain_account *out);
size_t pqs_chain_state_count(const pqs_chain_state *s);
/** i-th account in address order. */
int pqs_chain_state_at(const pqs_chain_state *s, size_t i, pqs_chain_account *out);
/** State digest: SHA3-256 over all accounts in address order (docs/chain.md). */
void pqs_chain_state_digest(const pqs_chain_state *s, uint8_t digest[PQS_CHAIN_HASH_LEN]);

/** Encode the genesis block (height 0) of chain_id with n allocations. *out is malloc'd. */
int pqs_chain_genesis_build(uint32_t chain_id, uint64_t timestamp, const pqs_chain_alloc *alloc, size_t n,
                            uint8_t **out, size_t *out_len);

/**
 * Validate a block against s and, only if every check passes, apply it.
 * Checks, in this order (the first failure is returned, so the result does
 * not depend on the pool's thread count): header format, chain id, height,
 * parent link, timestamp, body encoding, Merkle root, then per transaction
 * in block order chain id, key form, algorithm, nonce and balance, then all
 * signatures (verified by the pool; the lowest failing index is reported
 * in *bad_index), then the state digest.  pool may be NULL (one thread).
 * bad_index may be NULL; it receives the failing transaction's index or
 * SIZE_MAX for block-level failures.
 */
int pqs_chain_apply_block(pqs_chain_state *s, const uint8_t *block, size_t len, pqs_chain_pool *pool,
                          size_t *bad_index);

/**
 * Block builder: collects transactions on a scratch copy of a state, each
 * checked (decode, chain id, algorithm, nonce, balance, signature) before
 * it is accepted, then encodes a block whose transactions are in canonical
 * form (the public key carried exactly at the sender's first appearance).
 */
typedef struct pqs_chain_builder pqs_chain_builder;
int pqs_chain_builder_new(pqs_chain_builder **b, const pqs_chain_state *parent);
/** Add one encoded tx (either form); on error nothing changes. */
int pqs_chain_builder_add(pqs_chain_builder *b, const uint8_t *tx, size_t len);
size_t pqs_chain_builder_count(const pqs_chain_builder *b);
/** Encode the block (malloc'd *out). The builder stays usable for more adds. */
int pqs_chain_builder_finish(pqs_chain_builder *b, uint64_t timestamp, uint8_t **out, size_t *out_len);
void pqs_chain_builder_free(pqs_chain_builder *b);

/** Size of one transaction in the seed paper's encoding: 2 u64-prefixed keys, 4 u64 fields, signature. */
size_t pqs_chain_paper_tx_len(size_t sender_pk_len, size_t recipient_pk_len, size_t sig_len);

/**
 * Encode one transaction in the seed paper's format (header comment);
 * body_len is the paper's "body length" field (its signed-body size: the
 * four preceding fields).  Returns the length written, 0 if cap is short.
 */
size_t pqs_chain_paper_tx_encode(uint8_t *out, size_t cap, const uint8_t *sender_pk, size_t sender_pk_len,
                                 const uint8_t *recipient_pk, size_t recipient_pk_len, uint64_t amount,
                                 uint64_t nonce, const uint8_t *sig, size_t sig_len);

/* ------------------------------------------------------------------ */
/* Node: LMDB storage                                                  */

/*
 * A data directory is one LMDB environment with these databases:
 *   "meta"    "chain_id" -> u32; "tip" -> u64 height || block id[32]
 *   "blocks"  u64 height (big-endian) -> encoded block
 *   "txs"     txid -> u64 height || u32 index
 *   "state"   address -> u16 alg || u64 balance || u64 nonce || pk
 *   "pending" u64 sequence -> encoded transaction (PK form)
 *   "wallet"  name -> u16 alg || u32 pk_len || pk || sk  (file mode 0600)
 * Each block is appended in one LMDB write transaction (block, its txids,
 * every touched account, the tip, and the pending entries it consumed), so
 * a crash leaves either the whole block or nothing.
 */
typedef struct pqs_chain_node pqs_chain_node;

/** Open dir (create: make a new one; it must not hold a chain yet). */
int pqs_chain_node_open(pqs_chain_node **n, const char *dir, int create);
void pqs_chain_node_close(pqs_chain_node *n);

/**
 * Damage that no check can see first.  LMDB trusts the pages it follows: a
 * page overwritten with garbage can make it read past the end of the file
 * (SIGBUS) or fail an assertion (abort), even though the node checks the
 * file size and every record's extent before use.  A program that must not
 * crash on a damaged store (the CLI) asks, from its SIGBUS/SIGSEGV
 * handler, whether the faulting address lies in an open store's map
 * (async-signal-safe), and registers a hook that LMDB's assertion failures
 * reach before LMDB aborts (the hook should not return).
 */
int pqs_chain_store_fault(const void *addr);
void pqs_chain_on_damage(void (*hook)(const char *what));

/** Store the genesis block (validates it first). */
int pqs_chain_node_init(pqs_chain_node *n, const uint8_t *genesis, size_t len);

/** The node's current state (owned by the node; valid until the next append). */
const pqs_chain_state *pqs_chain_node_state(const pqs_chain_node *n);

/**
 * Validate block against the current state and append it in one LMDB
 * transaction.  Pending entries with sequence <= pending_through are
 * removed in the same transaction (sequences start at 1, so 0 keeps them
 * all).  bad_index as in pqs_chain_apply_block.
 */
int pqs_chain_node_append(pqs_chain_node *n, const uint8_t *block, size_t len, pqs_chain_pool *pool,
                          uint64_t pending_through, size_t *bad_index);

/** Copy of the block at height (malloc'd). */
int pqs_chain_node_block(pqs_chain_node *n, uint64_t height, uint8_t **out, size_t *len);

/**
 * Re-validate the whole stored chain from genesis on a fresh state, then
 * check that the stored tip, state records and tx index agree with it.
 * *height receives the height validated up to (also on failure: the last
 * good height, or UINT64_MAX if even genesis failed).
 */
int pqs_chain_node_validate(pqs_chain_node *n, pqs_chain_pool *pool, uint64_t *height, size_t *bad_index);

/** Location of a transaction by id. */
int pqs_chain_node_find_tx(pqs_chain_node *n, const uint8_t id[PQS_CHAIN_HASH_LEN], uint64_t *height,
                           uint32_t *index);

/** Add a signed transaction to the pending pool; *seq receives its sequence. */
int pqs_chain_node_pending_add(pqs_chain_node *n, const uint8_t *tx, size_t len, uint64_t *seq);

/** Call fn for each pending transaction in sequence order; stops at a non-zero return. */
int pqs_chain_node_pending_each(pqs_chain_node *n,
                                int (*fn)(void *arg, uint64_t seq, const uint8_t *tx, size_t len), void *arg);

/**
 * The block at height (malloc'd), checked against the block hash chain
 * before it is returned: its body against its header's Merkle root (genesis:
 * its allocations and state digest), and its header against the parent link
 * of every later stored block up to the stored tip id.  PQS_CHAIN_ERR_CORRUPT
 * if any of it disagrees (what `pqsig chain show` prints is never damaged
 * data), PQS_CHAIN_ERR_NOT_FOUND above the tip.
 */
int pqs_chain_node_block_checked(pqs_chain_node *n, uint64_t height, uint8_t **out, size_t *len);

/**
 * Check the node's loaded state against the chain: the tip block passes
 * pqs_chain_node_block_checked, its id is the state's tip, and its state
 * digest is the digest of the stored accounts.  PQS_CHAIN_ERR_CORRUPT if not.
 */
int pqs_chain_node_check_state(pqs_chain_node *n);

/**
 * 1 if every commit reaches stable storage before it returns: the LMDB
 * environment runs without MDB_NOSYNC, MDB_NOMETASYNC, MDB_MAPASYNC and
 * MDB_WRITEMAP (so a power loss, not only a kill, keeps committed blocks).
 */
int pqs_chain_node_durable(const pqs_chain_node *n);

/** What pqs_chain_node_transfer read and assigned. */
typedef struct {
	uint64_t seq;           /* pending-pool sequence of the new transaction */
	uint64_t nonce;         /* the nonce it was signed with */
	uint64_t balance;       /* the sender's stored balance */
	uint64_t pending_spent; /* what the sender's transactions already pending spend */
} pqs_chain_transfer_info;

/**
 * Sign a payment of amount from the key pair (cls, sk, pk) to recipient and
 * add it to the pending pool, all in one LMDB write transaction: the nonce
 * is the sender's stored nonce plus its pending transactions, and the
 * stored balance must cover those and amount (PQS_CHAIN_ERR_BALANCE, info
 * filled, nothing written).  Concurrent transfers from one sender, even
 * from several processes, so get consecutive nonces.  tx receives the
 * encoded transaction (cap >= pqs_chain_tx_max_len(cls)).
 */
int pqs_chain_node_transfer(pqs_chain_node *n, const pqs_sig_class *cls, const uint8_t *sk, const uint8_t *pk,
                            const uint8_t recipient[PQS_CHAIN_ADDR_LEN], uint64_t amount, pqs_rng *rng, uint8_t *tx,
                            size_t cap, size_t *tx_len, pqs_chain_transfer_info *info);

/**
 * Store a named key pair in the wallet (PQS_CHAIN_ERR_EXISTS if the name is
 * taken, PQS_CHAIN_ERR_NAME if it is empty or over PQS_CHAIN_MAX_NAME bytes,
 * PQS_CHAIN_ERR_FILE_MODE if the store is readable by group or others).
 */
int pqs_chain_node_wallet_put(pqs_chain_node *n, const char *name, const pqs_sig_class *cls, const uint8_t *pk,
                              const uint8_t *sk);

/**
 * Look a wallet name up: *cls and a malloc'd copy of the public key (and,
 * if sk is not NULL, a malloc'd copy of the secret key, which the caller
 * must pqs_zeroize and free).
 */
int pqs_chain_node_wallet_get(pqs_chain_node *n, const char *name, const pqs_sig_class **cls, uint8_t **pk,
                              uint8_t **sk);

#ifdef __cplusplus
}
#endif

#endif
