/*
 * Merkle tree hash of a block's transaction ids: RFC 6962 section 2.1
 * (Certificate Transparency) with SHA3-256.  Leaves are hashed as
 * H(0x00 || id) and inner nodes as H(0x01 || left || right), so a leaf can
 * never be passed off as an inner node (the second-preimage trick against
 * Bitcoin's tree, which also duplicates the last odd node: RFC 6962 splits
 * at the largest power of two instead, so no two transaction lists share
 * a root).
 */
#include <string.h>

#include "chain_internal.h"
#include "pqsig/sha3.h"

static void merkle_rec(uint8_t out[PQS_CHAIN_HASH_LEN], const uint8_t (*ids)[PQS_CHAIN_HASH_LEN], size_t n)
{
	pqs_keccak k;
	pqs_sha3_256_init(&k);
	if (n == 1) {
		const uint8_t leaf = 0x00;
		pqs_keccak_absorb(&k, &leaf, 1);
		pqs_keccak_absorb(&k, ids[0], PQS_CHAIN_HASH_LEN);
	} else {
		/* k = the largest power of two smaller than n (RFC 6962 section 2.1). */
		size_t split = 1;
		while (split * 2 < n)
			split *= 2;
		uint8_t lr[1 + 2 * PQS_CHAIN_HASH_LEN];
		lr[0] = 0x01;
		merkle_rec(lr + 1, ids, split);
		merkle_rec(lr + 1 + PQS_CHAIN_HASH_LEN, ids + split, n - split);
		pqs_keccak_absorb(&k, lr, sizeof lr);
	}
	pqs_keccak_squeeze(&k, out, PQS_CHAIN_HASH_LEN);
}

void pqs_chain_merkle_root(uint8_t root[PQS_CHAIN_HASH_LEN], const uint8_t (*ids)[PQS_CHAIN_HASH_LEN], size_t n)
{
	if (n == 0) {
		/* MTH({}) = HASH(): the hash of the empty string. */
		pqs_sha3_256(root, NULL, 0);
		return;
	}
	merkle_rec(root, ids, n);
}
