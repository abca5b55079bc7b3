/*
 * FORS few-time signatures (FIPS 205 section 8): k trees of height a; the
 * message digest md selects one leaf per tree.  Leaves are F(PRF(...)) of
 * a FORS_PRF address; the k roots are compressed with T_k.
 */
#include <string.h>

#include "core/ct.h"
#include "pqsig/rand.h"
#include "slhdsa/inner.h"

/* fors_skGen (Algorithm 14): the secret value of global leaf idx. */
static void fors_secret(const slh_ctx *c, uint8_t *sk, uint32_t idx, const slh_adrs *adrs)
{
	slh_adrs sk_adrs = *adrs;
	slh_adrs_set_type(&sk_adrs, SLH_ADRS_FORS_PRF);
	slh_adrs_set_keypair(&sk_adrs, slh_adrs_get_keypair(adrs));
	slh_adrs_set_tree_index(&sk_adrs, idx);
	slh_prf(c, sk, &sk_adrs);
}

/* The leaf hash F of a secret value at height 0 (Algorithm 15 steps 2-4, Algorithm 17 steps 5-6). */
static void hash_leaf(const slh_ctx *c, uint8_t *leaf, const uint8_t *sk, uint32_t idx, const slh_adrs *adrs)
{
	slh_adrs leaf_adrs = *adrs;
	slh_adrs_set_tree_height(&leaf_adrs, 0);
	slh_adrs_set_tree_index(&leaf_adrs, idx);
	pqs_slhdsa_thash(c, leaf, &leaf_adrs, sk, 1);
}

_Static_assert(SLH_LEAF_BATCH == 4, "fors_leaves hashes four leaves with pqs_slhdsa_thash_x4");

/* Four consecutive FORS leaves F(fors_skGen(i)) at once (Algorithm 15 steps 1-4). */
static void fors_leaves(const slh_ctx *c, uint8_t *leaves, uint32_t first_idx, const slh_adrs *adrs)
{
	slh_adrs sk_adrs[SLH_LEAF_BATCH], leaf_adrs[SLH_LEAF_BATCH];
	uint8_t *out[SLH_LEAF_BATCH];
	const uint8_t *in[SLH_LEAF_BATCH];
	const slh_adrs *sk_ptr[SLH_LEAF_BATCH], *leaf_ptr[SLH_LEAF_BATCH];
	for (unsigned j = 0; j < SLH_LEAF_BATCH; j++) {
		sk_adrs[j] = *adrs;
		slh_adrs_set_type(&sk_adrs[j], SLH_ADRS_FORS_PRF);
		slh_adrs_set_keypair(&sk_adrs[j], slh_adrs_get_keypair(adrs));
		slh_adrs_set_tree_index(&sk_adrs[j], first_idx + j);
		leaf_adrs[j] = *adrs;
		slh_adrs_set_tree_height(&leaf_adrs[j], 0);
		slh_adrs_set_tree_index(&leaf_adrs[j], first_idx + j);
		out[j] = leaves + j * c->p->n;
		in[j] = c->sk_seed;
		sk_ptr[j] = &sk_adrs[j];
		leaf_ptr[j] = &leaf_adrs[j];
	}
	pqs_slhdsa_thash_x4(c, out, sk_ptr, in, 1); /* the secret values (PRF) */
	for (unsigned j = 0; j < SLH_LEAF_BATCH; j++)
		in[j] = out[j];
	pqs_slhdsa_thash_x4(c, out, leaf_ptr, in, 1); /* F of each */
}

/* T_k of the k roots under a FORS_ROOTS address (Algorithm 17 steps 21-24). */
static void compress_roots(const slh_ctx *c, uint8_t *pk, const uint8_t *roots, const slh_adrs *adrs)
{
	slh_adrs pk_adrs = *adrs;
	slh_adrs_set_type(&pk_adrs, SLH_ADRS_FORS_ROOTS);
	slh_adrs_set_keypair(&pk_adrs, slh_adrs_get_keypair(adrs));
	pqs_slhdsa_thash(c, pk, &pk_adrs, roots, c->p->k);
}

void pqs_slhdsa_fors_sign(const slh_ctx *c, uint8_t *sig, uint8_t *pk, const uint8_t *md, const slh_adrs *adrs)
{
	const slh_params *p = c->p;
	const unsigned n = p->n;
	unsigned indices[SLH_MAX_K];
	uint8_t roots[SLH_MAX_K * SLH_MAX_N];
	slh_base_2b(indices, md, p->a, p->k);
	for (unsigned i = 0; i < p->k; i++) {
		/* Steps 3-9: the selected secret value, then its authentication path; the root for the public key. */
		const uint32_t first = (uint32_t)i << p->a, leaf = first + indices[i];
		uint8_t *tree_sig = sig + (size_t)i * (p->a + 1) * n;
		fors_secret(c, tree_sig, leaf, adrs);
		pqs_slhdsa_treehash(c, roots + i * n, tree_sig + n, leaf, first, p->a, adrs, fors_leaves, adrs);
	}
	compress_roots(c, pk, roots, adrs);
	/* The FORS public key is what the hypertree signs; the verifier recomputes it. */
	PQS_CT_DECLASSIFY(pk, n);
}

void pqs_slhdsa_fors_pk_from_sig(const slh_ctx *c, uint8_t *pk, const uint8_t *sig, const uint8_t *md,
                                 const slh_adrs *adrs)
{
	const slh_params *p = c->p;
	const unsigned n = p->n;
	unsigned indices[SLH_MAX_K];
	uint8_t roots[SLH_MAX_K * SLH_MAX_N], leaf[SLH_MAX_N];
	slh_base_2b(indices, md, p->a, p->k);
	for (unsigned i = 0; i < p->k; i++) {
		const uint32_t idx = ((uint32_t)i << p->a) + indices[i];
		const uint8_t *tree_sig = sig + (size_t)i * (p->a + 1) * n;
		slh_adrs node_adrs = *adrs;
		hash_leaf(c, leaf, tree_sig, idx, adrs);
		pqs_slhdsa_root_from_auth(c, roots + i * n, leaf, idx, tree_sig + n, p->a, &node_adrs);
	}
	compress_roots(c, pk, roots, adrs);
}
