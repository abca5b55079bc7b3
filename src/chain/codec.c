/*
 * Ledger wire formats: addresses, transactions (compact form), block
 * headers and bodies, and the seed paper's transaction encoding.  The
 * layouts are specified in include/pqsig/chain.h; decoders are strict
 * (every length checked, no trailing bytes, unknown forms, versions and
 * algorithms rejected with their own codes).
 */
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "chain_internal.h"
#include "pqsig/sha3.h"

/* This family's messages, reached through pqs_strerror() (src/core/errors.h). */
static const pqs_error_entry chain_errors[] = {
	{ PQS_CHAIN_ERR_TRUNCATED, "input ends inside a field" },
	{ PQS_CHAIN_ERR_TRAILING, "unexpected bytes after the encoding" },
	{ PQS_CHAIN_ERR_VERSION, "unknown block version or transaction form" },
	{ PQS_CHAIN_ERR_UNKNOWN_ALG, "transaction algorithm is not registered" },
	{ PQS_CHAIN_ERR_SIG_LENGTH, "signature length is impossible for the scheme" },
	{ PQS_CHAIN_ERR_CHAIN_ID, "wrong chain id" },
	{ PQS_CHAIN_ERR_BAD_SIGNATURE, "transaction signature does not verify" },
	{ PQS_CHAIN_ERR_NONCE, "wrong nonce" },
	{ PQS_CHAIN_ERR_BALANCE, "amount exceeds the sender's balance" },
	{ PQS_CHAIN_ERR_MERKLE, "Merkle root does not match the transactions" },
	{ PQS_CHAIN_ERR_PARENT, "parent hash is not the chain tip" },
	{ PQS_CHAIN_ERR_HEIGHT, "block height is not the next height" },
	{ PQS_CHAIN_ERR_TIMESTAMP, "block timestamp is before its parent's" },
	{ PQS_CHAIN_ERR_STATE_DIGEST, "state digest does not match the resulting state" },
	{ PQS_CHAIN_ERR_UNKNOWN_SENDER, "referenced sender has no known public key" },
	{ PQS_CHAIN_ERR_ALG_MISMATCH, "transaction algorithm differs from the account's" },
	{ PQS_CHAIN_ERR_PK_FORM, "sender key carried or referenced non-canonically" },
	{ PQS_CHAIN_ERR_TOO_LARGE, "block or transaction count too large" },
	{ PQS_CHAIN_ERR_OVERFLOW, "balance or nonce overflow" },
	{ PQS_CHAIN_ERR_STORE, "storage (LMDB) failure" },
	{ PQS_CHAIN_ERR_CORRUPT, "stored data disagrees with the chain" },
	{ PQS_CHAIN_ERR_NOT_FOUND, "not found" },
	{ PQS_CHAIN_ERR_EXISTS, "already exists" },
	{ PQS_CHAIN_ERR_NOMEM, "out of memory" },
	{ PQS_CHAIN_ERR_GENESIS, "malformed genesis block" },
	{ PQS_CHAIN_ERR_NO_LMDB, "pqsig was built without LMDB" },
	{ PQS_CHAIN_ERR_DAMAGED, "store damaged: the data file does not hold the pages its header lists" },
	{ PQS_CHAIN_ERR_BUSY, "the chain is busy: another process is writing" },
	{ PQS_CHAIN_ERR_NAME, "wallet name is empty or longer than 255 bytes" },
	{ PQS_CHAIN_ERR_FILE_MODE, "the wallet store (data.mdb) is readable by other users: chmod 600 it" },
};

const pqs_error_table pqs_chain_error_table = { chain_errors, sizeof chain_errors / sizeof chain_errors[0] };

const char *pqs_chain_strerror(int err)
{
	return pqs_strerror(err);
}

void pqs_chain_address(uint8_t addr[PQS_CHAIN_ADDR_LEN], const pqs_sig_class *cls, const uint8_t *pk)
{
	/* The scheme id is hashed with the key so the same bytes under two schemes are two accounts. */
	pqs_keccak k;
	uint8_t id[2], h[32];
	pqs_store_be16(id, cls->id);
	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, (const uint8_t *)CHAIN_TAG_ADDR, sizeof CHAIN_TAG_ADDR - 1);
	pqs_keccak_absorb(&k, id, 2);
	pqs_keccak_absorb(&k, pk, cls->pk_len);
	pqs_keccak_squeeze(&k, h, 32);
	memcpy(addr, h, PQS_CHAIN_ADDR_LEN);
}

/* A signature length the scheme can produce: exact for fixed-length schemes, 1..max otherwise. */
static int sig_len_ok(const pqs_sig_class *cls, size_t n)
{
	if (cls->flags & PQS_SIG_FIXED_LENGTH)
		return n == cls->sig_max_len;
	return n > 0 && n <= cls->sig_max_len;
}

int pqs_chain_tx_decode(pqs_chain_tx *tx, const uint8_t *in, size_t len, size_t *used)
{
	if (!tx || (!in && len))
		return PQS_ERR_ARG;
	memset(tx, 0, sizeof *tx);
	if (len < 1 + 4 + 2)
		return PQS_CHAIN_ERR_TRUNCATED;
	tx->form = in[0];
	if (tx->form != PQS_CHAIN_TX_PK && tx->form != PQS_CHAIN_TX_REF)
		return PQS_CHAIN_ERR_VERSION;
	tx->chain_id = pqs_load_be32(in + 1);
	tx->cls = pqs_sig_find_id(pqs_load_be16(in + 5));
	if (!tx->cls)
		return PQS_CHAIN_ERR_UNKNOWN_ALG;
	size_t sender_len = tx->form == PQS_CHAIN_TX_PK ? tx->cls->pk_len : PQS_CHAIN_ADDR_LEN;
	size_t pos = 7;
	/* Fixed part after the algorithm: sender, recipient, amount, nonce, sig length. */
	if (len - pos < sender_len + PQS_CHAIN_ADDR_LEN + 8 + 8 + 2)
		return PQS_CHAIN_ERR_TRUNCATED;
	if (tx->form == PQS_CHAIN_TX_PK) {
		tx->sender_pk = in + pos;
		pqs_chain_address(tx->sender, tx->cls, tx->sender_pk);
	} else {
		memcpy(tx->sender, in + pos, PQS_CHAIN_ADDR_LEN);
	}
	pos += sender_len;
	memcpy(tx->recipient, in + pos, PQS_CHAIN_ADDR_LEN);
	pos += PQS_CHAIN_ADDR_LEN;
	tx->amount = pqs_load_be64(in + pos);
	tx->nonce = pqs_load_be64(in + pos + 8);
	tx->sig_len = pqs_load_be16(in + pos + 16);
	pos += 18;
	if (!sig_len_ok(tx->cls, tx->sig_len))
		return PQS_CHAIN_ERR_SIG_LENGTH;
	if (len - pos < tx->sig_len)
		return PQS_CHAIN_ERR_TRUNCATED;
	tx->sig = in + pos;
	pos += tx->sig_len;
	if (used)
		*used = pos;
	else if (pos != len)
		return PQS_CHAIN_ERR_TRAILING;
	return PQS_OK;
}

size_t pqs_chain_tx_encoded_len(const pqs_chain_tx *tx, uint8_t form)
{
	return CHAIN_TX_FIXED + (form == PQS_CHAIN_TX_PK ? tx->cls->pk_len : PQS_CHAIN_ADDR_LEN) + tx->sig_len;
}

size_t pqs_chain_tx_max_len(const pqs_sig_class *cls)
{
	return CHAIN_TX_FIXED + cls->pk_len + cls->sig_max_len;
}

/* Write every field up to and including the signature length; returns where the signature goes. */
static size_t put_prefix(uint8_t *out, const pqs_chain_tx *tx, uint8_t form)
{
	uint8_t *p = out;
	*p++ = form;
	pqs_store_be32(p, tx->chain_id);
	pqs_store_be16(p + 4, tx->cls->id);
	p += 6;
	if (form == PQS_CHAIN_TX_PK) {
		memcpy(p, tx->sender_pk, tx->cls->pk_len);
		p += tx->cls->pk_len;
	} else {
		memcpy(p, tx->sender, PQS_CHAIN_ADDR_LEN);
		p += PQS_CHAIN_ADDR_LEN;
	}
	memcpy(p, tx->recipient, PQS_CHAIN_ADDR_LEN);
	p += PQS_CHAIN_ADDR_LEN;
	pqs_store_be64(p, tx->amount);
	pqs_store_be64(p + 8, tx->nonce);
	pqs_store_be16(p + 16, (uint16_t)tx->sig_len);
	return (size_t)(p + 18 - out);
}

int pqs_chain_tx_encode(const pqs_chain_tx *tx, uint8_t form, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!tx || !tx->cls || !out || !out_len || (form == PQS_CHAIN_TX_PK && !tx->sender_pk))
		return PQS_ERR_ARG;
	if (form != PQS_CHAIN_TX_PK && form != PQS_CHAIN_TX_REF)
		return PQS_CHAIN_ERR_VERSION;
	/* The u16 length field bounds what can be encoded; the decoder enforces the scheme's bounds. */
	if (tx->sig_len > 0xFFFF || !sig_len_ok(tx->cls, tx->sig_len))
		return PQS_CHAIN_ERR_SIG_LENGTH;
	size_t n = pqs_chain_tx_encoded_len(tx, form);
	if (cap < n)
		return PQS_ERR_BUFFER_TOO_SMALL;
	memcpy(out + put_prefix(out, tx, form), tx->sig, tx->sig_len);
	*out_len = n;
	return PQS_OK;
}

/* The signed fields: u32 chain_id || u16 alg || sender || recipient || u64 amount || u64 nonce. */
#define TX_BODY_LEN (4 + 2 + 2 * PQS_CHAIN_ADDR_LEN + 16)

static void tx_body(uint8_t out[TX_BODY_LEN], const pqs_chain_tx *tx)
{
	/*
	 * The chain id is signed so a transaction cannot be replayed on another
	 * chain (the EIP-155 idea), and the algorithm id so a signature cannot be
	 * re-labelled as another scheme's.  The sender is signed by address,
	 * which already commits to the key, so both wire forms sign the same.
	 */
	pqs_store_be32(out, tx->chain_id);
	pqs_store_be16(out + 4, tx->cls->id);
	memcpy(out + 6, tx->sender, PQS_CHAIN_ADDR_LEN);
	memcpy(out + 6 + PQS_CHAIN_ADDR_LEN, tx->recipient, PQS_CHAIN_ADDR_LEN);
	pqs_store_be64(out + 6 + 2 * PQS_CHAIN_ADDR_LEN, tx->amount);
	pqs_store_be64(out + 14 + 2 * PQS_CHAIN_ADDR_LEN, tx->nonce);
}

void pqs_chain_tx_digest(uint8_t digest[PQS_CHAIN_HASH_LEN], const pqs_chain_tx *tx)
{
	uint8_t buf[sizeof CHAIN_TAG_TX - 1 + TX_BODY_LEN];
	memcpy(buf, CHAIN_TAG_TX, sizeof CHAIN_TAG_TX - 1);
	tx_body(buf + sizeof CHAIN_TAG_TX - 1, tx);
	pqs_sha3_256(digest, buf, sizeof buf);
}

int pqs_chain_txid(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *tx, size_t len)
{
	if (!id || !tx)
		return PQS_ERR_ARG;
	/*
	 * Over the signed fields only, never the signature or the key form: a
	 * signature can often be changed without the key (ECDSA's (r, n - s),
	 * BIP 62; a randomized scheme signs again), and the block builder picks
	 * the form, so an id over every byte would name one payment several
	 * ways (Bitcoin's malleability, fixed the same way by BIP 141's txid).
	 * The sender's nonce makes the id unique on a chain.
	 */
	pqs_chain_tx t;
	int rc = pqs_chain_tx_decode(&t, tx, len, NULL);
	if (rc)
		return rc;
	uint8_t body[TX_BODY_LEN];
	tx_body(body, &t);
	return pqs_chain_sha256(id, (const uint8_t *)CHAIN_TAG_TXID, sizeof CHAIN_TAG_TXID - 1, body, sizeof body);
}

int pqs_chain_tx_sign(const pqs_sig_class *cls, const uint8_t *sk, const uint8_t *pk, uint32_t chain_id,
                      const uint8_t recipient[PQS_CHAIN_ADDR_LEN], uint64_t amount, uint64_t nonce,
                      pqs_rng *rng, uint8_t *out, size_t cap, size_t *out_len)
{
	if (!cls || !sk || !pk || !recipient || !out || !out_len)
		return PQS_ERR_ARG;
	if (cap < pqs_chain_tx_max_len(cls))
		return PQS_ERR_BUFFER_TOO_SMALL;
	if (cls->sig_max_len > 0xFFFF)
		return PQS_CHAIN_ERR_SIG_LENGTH;
	pqs_chain_tx tx;
	memset(&tx, 0, sizeof tx);
	tx.form = PQS_CHAIN_TX_PK;
	tx.chain_id = chain_id;
	tx.cls = cls;
	tx.sender_pk = pk;
	pqs_chain_address(tx.sender, cls, pk);
	memcpy(tx.recipient, recipient, PQS_CHAIN_ADDR_LEN);
	tx.amount = amount;
	tx.nonce = nonce;
	uint8_t digest[PQS_CHAIN_HASH_LEN];
	pqs_chain_tx_digest(digest, &tx);
	/* Sign into the signature's place in out, after the fixed part, so no scratch buffer is needed. */
	size_t sig_off = CHAIN_TX_FIXED + cls->pk_len;
	size_t sig_len = 0;
	int rc = pqs_sig_sign(cls, out + sig_off, cap - sig_off, &sig_len, digest, sizeof digest, NULL, 0, sk, 0, rng);
	if (rc != PQS_OK)
		return rc;
	tx.sig = out + sig_off;
	tx.sig_len = sig_len;
	put_prefix(out, &tx, PQS_CHAIN_TX_PK);
	*out_len = sig_off + sig_len;
	return PQS_OK;
}

/* Verify tx's signature with the sender's key as bytes (pk) or prepared (exactly one non-NULL). */
static int tx_verify_with(const pqs_chain_tx *tx, const uint8_t *pk, const void *prepared)
{
	if (!tx || !tx->cls || (!pk && !prepared))
		return PQS_ERR_ARG;
	uint8_t digest[PQS_CHAIN_HASH_LEN];
	pqs_chain_tx_digest(digest, tx);
	int rc = pk ? pqs_sig_verify(tx->cls, tx->sig, tx->sig_len, digest, sizeof digest, NULL, 0, pk)
		    : pqs_sig_verify_prepared(tx->cls, tx->sig, tx->sig_len, digest, sizeof digest, NULL, 0, prepared);
	/* Any verification failure, malformed or wrong, is one ledger outcome: the signature is bad. */
	return rc == PQS_OK ? PQS_OK : PQS_CHAIN_ERR_BAD_SIGNATURE;
}

int pqs_chain_tx_verify(const pqs_chain_tx *tx, const uint8_t *sender_pk)
{
	return tx_verify_with(tx, sender_pk, NULL);
}

int pqs_chain_tx_verify_prepared(const pqs_chain_tx *tx, const void *prepared)
{
	return tx_verify_with(tx, NULL, prepared);
}

void pqs_chain_header_encode(uint8_t out[PQS_CHAIN_HEADER_LEN], const pqs_chain_header *h)
{
	uint8_t *p = out;
	*p++ = CHAIN_BLOCK_VERSION;
	pqs_store_be32(p, h->chain_id);
	pqs_store_be64(p + 4, h->height);
	pqs_store_be64(p + 12, h->timestamp);
	p += 20;
	memcpy(p, h->parent, 32);
	memcpy(p + 32, h->merkle_root, 32);
	memcpy(p + 64, h->state_digest, 32);
	pqs_store_be32(p + 96, h->count);
}

int pqs_chain_header_decode(pqs_chain_header *h, const uint8_t *in, size_t len)
{
	if (!h || (!in && len))
		return PQS_ERR_ARG;
	if (len < PQS_CHAIN_HEADER_LEN)
		return PQS_CHAIN_ERR_TRUNCATED;
	if (in[0] != CHAIN_BLOCK_VERSION)
		return PQS_CHAIN_ERR_VERSION;
	h->chain_id = pqs_load_be32(in + 1);
	h->height = pqs_load_be64(in + 5);
	h->timestamp = pqs_load_be64(in + 13);
	memcpy(h->parent, in + 21, 32);
	memcpy(h->merkle_root, in + 53, 32);
	memcpy(h->state_digest, in + 85, 32);
	h->count = pqs_load_be32(in + 117);
	if (h->count > PQS_CHAIN_MAX_TXS)
		return PQS_CHAIN_ERR_TOO_LARGE;
	return PQS_OK;
}

void pqs_chain_block_id(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *block, size_t len)
{
	pqs_keccak k;
	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, (const uint8_t *)CHAIN_TAG_BLOCK, sizeof CHAIN_TAG_BLOCK - 1);
	pqs_keccak_absorb(&k, block, len < PQS_CHAIN_HEADER_LEN ? len : PQS_CHAIN_HEADER_LEN);
	pqs_keccak_squeeze(&k, id, PQS_CHAIN_HASH_LEN);
}

int pqs_chain_block_decode(pqs_chain_header *h, pqs_chain_tx **txs, size_t **offs, const uint8_t *block,
                           size_t len)
{
	if (txs)
		*txs = NULL;
	if (offs)
		*offs = NULL;
	if (len > PQS_CHAIN_MAX_BLOCK)
		return PQS_CHAIN_ERR_TOO_LARGE;
	int rc = pqs_chain_header_decode(h, block, len);
	if (rc)
		return rc;
	if (h->height == 0)
		return PQS_CHAIN_ERR_GENESIS; /* the genesis body holds allocations, not transactions */
	/* Every transaction takes more than CHAIN_TX_FIXED bytes: reject impossible counts before allocating. */
	if ((uint64_t)h->count * (CHAIN_TX_FIXED + 1) > len - PQS_CHAIN_HEADER_LEN)
		return PQS_CHAIN_ERR_TRUNCATED;
	pqs_chain_tx *t = malloc(((size_t)h->count + 1) * sizeof *t);
	size_t *o = malloc(((size_t)h->count + 1) * sizeof *o);
	if (!t || !o) {
		free(t);
		free(o);
		return PQS_CHAIN_ERR_NOMEM;
	}
	size_t pos = PQS_CHAIN_HEADER_LEN;
	for (uint32_t i = 0; i < h->count; i++) {
		size_t used;
		o[i] = pos;
		rc = pqs_chain_tx_decode(&t[i], block + pos, len - pos, &used);
		if (rc) {
			free(t);
			free(o);
			return rc;
		}
		pos += used;
	}
	o[h->count] = pos;
	if (pos != len) {
		free(t);
		free(o);
		return PQS_CHAIN_ERR_TRAILING;
	}
	if (txs)
		*txs = t;
	else
		free(t);
	if (offs)
		*offs = o;
	else
		free(o);
	return PQS_OK;
}

size_t pqs_chain_paper_tx_len(size_t sender_pk_len, size_t recipient_pk_len, size_t sig_len)
{
	return sender_pk_len + recipient_pk_len + sig_len + PQS_CHAIN_PAPER_TX_OVERHEAD;
}

size_t pqs_chain_paper_tx_encode(uint8_t *out, size_t cap, const uint8_t *sender_pk, size_t sender_pk_len,
                                 const uint8_t *recipient_pk, size_t recipient_pk_len, uint64_t amount,
                                 uint64_t nonce, const uint8_t *sig, size_t sig_len)
{
	size_t n = pqs_chain_paper_tx_len(sender_pk_len, recipient_pk_len, sig_len);
	if (!out || cap < n)
		return 0;
	/* The seed's serializer: its "body" is everything before the body-length field. */
	uint8_t *p = out;
	pqs_store_be64(p, sender_pk_len);
	memcpy(p + 8, sender_pk, sender_pk_len);
	p += 8 + sender_pk_len;
	pqs_store_be64(p, recipient_pk_len);
	memcpy(p + 8, recipient_pk, recipient_pk_len);
	p += 8 + recipient_pk_len;
	pqs_store_be64(p, amount);
	pqs_store_be64(p + 8, nonce);
	p += 16;
	pqs_store_be64(p, (uint64_t)(p - out));
	pqs_store_be64(p + 8, sig_len);
	memcpy(p + 16, sig, sig_len);
	return n;
}
