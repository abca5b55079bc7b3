/*
 * Merkle tree hash against the published RFC 6962 reference vectors (the
 * Certificate Transparency test tree: 8 leaves, roots of every size 0..8),
 * then the ledger's id-level API against a tree built from the same
 * primitives, and the properties the ledger relies on: order, count and
 * every id change the root.
 */
#include <stdio.h>
#include <string.h>

#include "chain/chain_internal.h"
#include "testutil.h"

/* Leaf data of the CT reference tree, hex. */
static const char *const leaves_hex[8] = { "", "00", "10", "2021", "3031", "40414243", "5051525354555657",
	                                   "606162636465666768696a6b6c6d6e6f" };

/* Tree heads for sizes 0..8 (size 0: SHA-256 of the empty string). */
static const char *const roots_hex[9] = {
	"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	"6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
	"fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
	"aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
	"d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
	"4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
	"76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
	"ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
	"5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
};

int main(void)
{
	uint8_t leaf_hashes[8][32], root[32], want[32];
	for (int i = 0; i < 8; i++) {
		uint8_t data[1 + 16];
		size_t n = strlen(leaves_hex[i]) / 2;
		data[0] = 0x00; /* RFC 6962 section 2.1: leaf hash = H(0x00 || data) */
		TU_CHECK(tu_hex_decode_into(leaves_hex[i], 2 * n, data + 1) == 0, "leaf hex");
		TU_CHECK(pqs_chain_sha256(leaf_hashes[i], data, 1 + n, NULL, 0) == PQS_OK, "leaf hash");
	}
	for (size_t n = 0; n <= 8; n++) {
		TU_CHECK(tu_hex_decode_into(roots_hex[n], 64, want) == 0, "root hex");
		TU_CHECK(pqs_chain_merkle_from_leaf_hashes(root, (const uint8_t(*)[32])leaf_hashes, n) == PQS_OK &&
				 memcmp(root, want, 32) == 0,
			 "RFC 6962 tree head of size %zu", n);
	}

	/* The id-level API: ids are leaf data, so its root over ids equals the leaf-hash root over H(0x00 || id). */
	enum { N = 37 };
	uint8_t ids[N][32], lh[N][32], r1[32], r2[32];
	for (int i = 0; i < N; i++) {
		memset(ids[i], 0, 32);
		ids[i][0] = (uint8_t)i;
		ids[i][31] = (uint8_t)(7 * i);
		uint8_t d[33] = { 0 };
		memcpy(d + 1, ids[i], 32);
		TU_CHECK(pqs_chain_sha256(lh[i], d, 33, NULL, 0) == PQS_OK, "leaf");
	}
	for (size_t n = 0; n <= N; n++) {
		TU_CHECK(pqs_chain_merkle_root(r1, (const uint8_t(*)[32])ids, n) == PQS_OK &&
				 pqs_chain_merkle_from_leaf_hashes(r2, (const uint8_t(*)[32])lh, n) == PQS_OK &&
				 memcmp(r1, r2, 32) == 0,
			 "id-level root of %zu ids", n);
	}
	/* Swapping two ids, dropping the last, or changing one bit changes the root. */
	uint8_t base[32], other[32];
	pqs_chain_merkle_root(base, (const uint8_t (*)[32])ids, N);
	pqs_chain_merkle_root(other, (const uint8_t (*)[32])ids, N - 1);
	TU_CHECK(memcmp(base, other, 32) != 0, "dropping the last id keeps the root");
	uint8_t tmp[32];
	memcpy(tmp, ids[3], 32);
	memcpy(ids[3], ids[4], 32);
	memcpy(ids[4], tmp, 32);
	pqs_chain_merkle_root(other, (const uint8_t (*)[32])ids, N);
	TU_CHECK(memcmp(base, other, 32) != 0, "swapping two ids keeps the root");
	memcpy(ids[4], ids[3], 32);
	memcpy(ids[3], tmp, 32);
	for (int i = 0; i < N; i++) {
		ids[i][17] ^= 0x10;
		pqs_chain_merkle_root(other, (const uint8_t (*)[32])ids, N);
		TU_CHECK(memcmp(base, other, 32) != 0, "changing id %d keeps the root", i);
		ids[i][17] ^= 0x10;
	}
	pqs_chain_merkle_root(other, (const uint8_t (*)[32])ids, N);
	TU_CHECK(memcmp(base, other, 32) == 0, "restored ids give the same root");
	return tu_finish("test_chain_merkle");
}
