/*
 * Merkle trees of SLH-DSA, shared by XMSS (FIPS 205 section 6) and FORS
 * (section 8): the root and one authentication path in a single bottom-up
 * pass (the recursive xmss_node / fors_node of Algorithms 9 and 15, each
 * node computed once), and the root from a leaf and its path (Algorithm 11
 * steps 5-17, Algorithm 17 steps 6-19).
 */
#include <string.h>

#include "pqsig/rand.h"
#include "slhdsa/inner.h"

void pqs_slhdsa_treehash(const slh_ctx *c, uint8_t *root, uint8_t *auth, uint32_t auth_leaf, uint32_t first_leaf,
                         unsigned height, const slh_adrs *node_adrs, slh_leaf_fn leaf_fn, const slh_adrs *leaf_adrs)
{
	const unsigned n = c->p->n;
	/* stack[z] holds the pending left node at height z; pairs are [left || right] for H. */
	uint8_t stack[(SLH_MAX_A + 1) * SLH_MAX_N], pair[2 * SLH_MAX_N], leaves[SLH_LEAF_BATCH * SLH_MAX_N];
	slh_adrs adrs = *node_adrs;
	for (uint32_t i = 0; i < (UINT32_C(1) << height); i++) {
		const uint32_t leaf = first_leaf + i;
		uint8_t *node = pair + n; /* the freshly computed node is always a right child candidate */
		if (i % SLH_LEAF_BATCH == 0)
			leaf_fn(c, leaves, leaf, leaf_adrs);
		memcpy(node, leaves + (i % SLH_LEAF_BATCH) * n, n);
		unsigned z = 0;
		for (;;) {
			/* The sibling of the signed leaf's path at height z (Algorithms 10 and 16). */
			if (auth && (leaf >> z) == ((auth_leaf >> z) ^ 1))
				memcpy(auth + z * n, node, n);
			if (z == height || ((i >> z) & 1) == 0)
				break;
			/* A right child completes its parent: H(left || right) at height z + 1. */
			memcpy(pair, stack + z * n, n);
			z++;
			slh_adrs_set_tree_height(&adrs, z);
			slh_adrs_set_tree_index(&adrs, leaf >> z);
			pqs_slhdsa_thash(c, node, &adrs, pair, 2);
		}
		memcpy(stack + z * n, node, n);
	}
	memcpy(root, stack + height * n, n);
	pqs_zeroize(stack, sizeof stack);
	pqs_zeroize(pair, sizeof pair);
	pqs_zeroize(leaves, sizeof leaves);
}

void pqs_slhdsa_root_from_auth(const slh_ctx *c, uint8_t *root, const uint8_t *leaf, uint32_t leaf_idx,
                               const uint8_t *auth, unsigned height, slh_adrs *node_adrs)
{
	const unsigned n = c->p->n;
	uint8_t pair[2 * SLH_MAX_N];
	memcpy(root, leaf, n);
	for (unsigned k = 0; k < height; k++) {
		/* Even index: the node is a left child; odd: a right child. */
		if (((leaf_idx >> k) & 1) == 0) {
			memcpy(pair, root, n);
			memcpy(pair + n, auth + k * n, n);
		} else {
			memcpy(pair, auth + k * n, n);
			memcpy(pair + n, root, n);
		}
		slh_adrs_set_tree_height(node_adrs, k + 1);
		slh_adrs_set_tree_index(node_adrs, leaf_idx >> (k + 1));
		pqs_slhdsa_thash(c, root, node_adrs, pair, 2);
	}
}
