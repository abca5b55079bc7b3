/*
 * Transaction ids and the Merkle tree over them: RFC 6962 section 2.1
 * (Certificate Transparency), with the RFC's own hash, SHA-256.  Leaves are
 * hashed as H(0x00 || txid) and inner nodes as H(0x01 || left || right),
 * so a leaf can never be passed off as an inner node (the second-preimage
 * trick against Bitcoin's tree, which also duplicates the last odd node:
 * RFC 6962 splits at the largest power of two instead, so no two
 * transaction lists share a root).
 *
 * Why SHA-256 here when the rest of the ledger uses SHA3-256: the ids hash
 * every byte of every transaction - signatures included - on every
 * validation, and this is the one hash whose cost shows next to signature
 * verification (issue 7 wants validation within 15 % of bare verification).
 * The shared SHA-256 (src/core/sha2.c) runs on the SHA extensions of
 * current x86 cores, several times faster than a portable Keccak.
 */
#include <string.h>

#include "chain_internal.h"
#include "pqsig/sha2.h"

int pqs_chain_sha256(uint8_t out[PQS_CHAIN_HASH_LEN], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	pqs_sha256_ctx ctx;
	pqs_sha256_init(&ctx);
	pqs_sha256_update(&ctx, a, alen);
	pqs_sha256_update(&ctx, b, blen);
	pqs_sha256_final(&ctx, out);
	return PQS_OK;
}

int pqs_chain_tx_leaf(uint8_t leaf[PQS_CHAIN_HASH_LEN], const uint8_t *tx, size_t len)
{
	if (!leaf || (!tx && len))
		return PQS_ERR_ARG;
	return pqs_chain_sha256(leaf, (const uint8_t *)CHAIN_TAG_LEAF, sizeof CHAIN_TAG_LEAF - 1, tx, len);
}

/*
 * MTH(D[n]) of RFC 6962 section 2.1.  items are either the leaf data (32-byte
 * ids, hashed here as H(0x00 || id)) or, with leaf_hashes set, leaf hashes
 * already computed (how the RFC's published vectors are checked).
 */
static int merkle_rec(uint8_t out[PQS_CHAIN_HASH_LEN], const uint8_t (*items)[PQS_CHAIN_HASH_LEN], size_t n,
                      int leaf_hashes)
{
	uint8_t buf[1 + 2 * PQS_CHAIN_HASH_LEN];
	if (n == 1) {
		if (leaf_hashes) {
			memcpy(out, items[0], PQS_CHAIN_HASH_LEN);
			return PQS_OK;
		}
		buf[0] = 0x00;
		memcpy(buf + 1, items[0], PQS_CHAIN_HASH_LEN);
		return pqs_chain_sha256(out, buf, 1 + PQS_CHAIN_HASH_LEN, NULL, 0);
	}
	/* k = the largest power of two smaller than n. */
	size_t split = 1;
	while (split * 2 < n)
		split *= 2;
	buf[0] = 0x01;
	int rc = merkle_rec(buf + 1, items, split, leaf_hashes);
	if (!rc)
		rc = merkle_rec(buf + 1 + PQS_CHAIN_HASH_LEN, items + split, n - split, leaf_hashes);
	return rc ? rc : pqs_chain_sha256(out, buf, sizeof buf, NULL, 0);
}

int pqs_chain_merkle_from_leaf_hashes(uint8_t root[PQS_CHAIN_HASH_LEN], const uint8_t (*leaves)[PQS_CHAIN_HASH_LEN],
				      size_t n)
{
	/* MTH({}) = HASH(): the hash of the empty string. */
	return n == 0 ? pqs_chain_sha256(root, NULL, 0, NULL, 0) : merkle_rec(root, leaves, n, 1);
}

int pqs_chain_merkle_root(uint8_t root[PQS_CHAIN_HASH_LEN], const uint8_t (*ids)[PQS_CHAIN_HASH_LEN], size_t n)
{
	if (!root || (!ids && n))
		return PQS_ERR_ARG;
	return n == 0 ? pqs_chain_sha256(root, NULL, 0, NULL, 0) : merkle_rec(root, ids, n, 0);
}
