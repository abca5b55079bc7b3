/*
 * XMSS (FIPS 205 section 6) and the hypertree (section 7): d layers of
 * XMSS trees of height h', each signing the root of the tree below with
 * WOTS+.  Signing computes each tree once (root and authentication path
 * together), so the root that the next layer signs comes for free instead
 * of through xmss_pkFromSig (Algorithm 12 steps 4 and 12).
 */
#include <string.h>

#include "core/ct.h"
#include "pqsig/rand.h"
#include "slhdsa/inner.h"

/* XMSS leaves: the WOTS+ public keys of key pairs first_idx ... (Algorithm 9 steps 1-3). */
static void xmss_leaves(const slh_ctx *c, uint8_t *leaves, uint32_t first_idx, const slh_adrs *tree_adrs)
{
	slh_adrs adrs = *tree_adrs;
	slh_adrs_set_type(&adrs, SLH_ADRS_WOTS_HASH);
	for (uint32_t j = 0; j < SLH_LEAF_BATCH; j++) {
		slh_adrs_set_keypair(&adrs, first_idx + j);
		pqs_slhdsa_wots_pk_gen(c, leaves + j * c->p->n, &adrs);
	}
}

/* Inner nodes of an XMSS tree: type TREE, cleared (Algorithm 9 step 8). */
static slh_adrs node_adrs_of(const slh_adrs *tree_adrs)
{
	slh_adrs adrs = *tree_adrs;
	slh_adrs_set_type(&adrs, SLH_ADRS_TREE);
	return adrs;
}

void pqs_slhdsa_xmss_root(const slh_ctx *c, uint8_t *root, const slh_adrs *adrs)
{
	const slh_adrs node_adrs = node_adrs_of(adrs);
	pqs_slhdsa_treehash(c, root, NULL, 0, 0, c->p->hp, &node_adrs, xmss_leaves, adrs);
}

/*
 * xmss_sign (Algorithm 10): WOTS+ signature of msg with key pair idx, then
 * the authentication path; root receives the tree's root.
 */
static void xmss_sign(const slh_ctx *c, uint8_t *sig, uint8_t *root, const uint8_t *msg, uint32_t idx,
                      const slh_adrs *tree_adrs)
{
	const slh_params *p = c->p;
	const slh_adrs node_adrs = node_adrs_of(tree_adrs);
	slh_adrs wots_adrs = *tree_adrs;
	pqs_slhdsa_treehash(c, root, sig + SLH_WOTS_BYTES(p), idx, 0, p->hp, &node_adrs, xmss_leaves, tree_adrs);
	/* The root is signed by the next layer or is PK.root: public either way. */
	PQS_CT_DECLASSIFY(root, p->n);
	slh_adrs_set_type(&wots_adrs, SLH_ADRS_WOTS_HASH);
	slh_adrs_set_keypair(&wots_adrs, idx);
	pqs_slhdsa_wots_sign(c, sig, msg, &wots_adrs);
}

/* xmss_pkFromSig (Algorithm 11). */
static void xmss_pk_from_sig(const slh_ctx *c, uint8_t *root, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                             const slh_adrs *tree_adrs)
{
	const slh_params *p = c->p;
	uint8_t leaf[SLH_MAX_N];
	slh_adrs adrs = *tree_adrs;
	slh_adrs_set_type(&adrs, SLH_ADRS_WOTS_HASH);
	slh_adrs_set_keypair(&adrs, idx);
	pqs_slhdsa_wots_pk_from_sig(c, leaf, sig, msg, &adrs);
	adrs = node_adrs_of(tree_adrs);
	pqs_slhdsa_root_from_auth(c, root, leaf, idx, sig + SLH_WOTS_BYTES(p), p->hp, &adrs);
}

/* Layer j's tree address for the hypertree position (Algorithm 12 steps 1-2 and 9-11). */
static slh_adrs layer_adrs(uint32_t layer, uint64_t idx_tree)
{
	slh_adrs adrs;
	memset(&adrs, 0, sizeof adrs);
	slh_adrs_set_layer(&adrs, layer);
	slh_adrs_set_tree(&adrs, idx_tree);
	return adrs;
}

void pqs_slhdsa_ht_sign(const slh_ctx *c, uint8_t *sig, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf)
{
	const slh_params *p = c->p;
	uint8_t signed_msg[SLH_MAX_N], root[SLH_MAX_N];
	memcpy(signed_msg, msg, p->n);
	for (unsigned j = 0; j < p->d; j++) {
		const slh_adrs adrs = layer_adrs(j, idx_tree);
		xmss_sign(c, sig + (size_t)j * SLH_XMSS_BYTES(p), root, signed_msg, idx_leaf, &adrs);
		memcpy(signed_msg, root, p->n);
		/* Steps 9-10: the next layer's leaf is the low h' bits of the tree index. */
		idx_leaf = (uint32_t)(idx_tree & ((UINT64_C(1) << p->hp) - 1));
		idx_tree >>= p->hp;
	}
}

int pqs_slhdsa_ht_verify(const slh_ctx *c, const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree,
                         uint32_t idx_leaf, const uint8_t *pk_root)
{
	const slh_params *p = c->p;
	uint8_t node[SLH_MAX_N];
	memcpy(node, msg, p->n);
	for (unsigned j = 0; j < p->d; j++) {
		const slh_adrs adrs = layer_adrs(j, idx_tree);
		xmss_pk_from_sig(c, node, idx_leaf, sig + (size_t)j * SLH_XMSS_BYTES(p), node, &adrs);
		idx_leaf = (uint32_t)(idx_tree & ((UINT64_C(1) << p->hp) - 1));
		idx_tree >>= p->hp;
	}
	/* Public data only: a plain comparison is fine. */
	return memcmp(node, pk_root, p->n) == 0;
}
