/*
 * SLH-DSA key generation, signing and verification (FIPS 205 sections 9
 * and 10): the internal functions (Algorithms 18-20) and the external
 * pure and pre-hash interfaces (Algorithms 21-25), which only build the
 * prefix of M' and call the internal ones.
 */
#include <string.h>

#include "core/ct.h"
#include "pqsig/rand.h"
#include "pqsig/sig.h"
#include "slhdsa/inner.h"

/* Algorithm 19 steps 7-10: md, then idx_tree (h - h' bits) and idx_leaf (h' bits), big-endian. */
static void split_digest(const slh_params *p, const uint8_t *digest, uint64_t *idx_tree, uint32_t *idx_leaf)
{
	const unsigned md_bytes = (p->k * p->a + 7) / 8;
	const unsigned tree_bits = p->h - p->hp, tree_bytes = (tree_bits + 7) / 8, leaf_bytes = (p->hp + 7) / 8;
	uint64_t tree = 0;
	uint32_t leaf = 0;
	for (unsigned i = 0; i < tree_bytes; i++)
		tree = tree << 8 | digest[md_bytes + i];
	for (unsigned i = 0; i < leaf_bytes; i++)
		leaf = leaf << 8 | digest[md_bytes + tree_bytes + i];
	/* tree_bits is 64 for SHA2/SHAKE-256f, where the mod 2^64 is the identity. */
	*idx_tree = tree_bits < 64 ? tree & ((UINT64_C(1) << tree_bits) - 1) : tree;
	*idx_leaf = leaf & ((UINT32_C(1) << p->hp) - 1);
}

/* The FORS address of Algorithm 19 steps 11-13 (Algorithm 20 steps 13-15). */
static slh_adrs fors_adrs(uint64_t idx_tree, uint32_t idx_leaf)
{
	slh_adrs adrs;
	memset(&adrs, 0, sizeof adrs);
	slh_adrs_set_tree(&adrs, idx_tree);
	slh_adrs_set_type(&adrs, SLH_ADRS_FORS_TREE);
	slh_adrs_set_keypair(&adrs, idx_leaf);
	return adrs;
}

static int check_set(pqs_slhdsa_set set, const slh_params **p)
{
	*p = pqs_slhdsa_params(set);
	return *p ? PQS_OK : PQS_ERR_ARG;
}

int pqs_slhdsa_keygen_internal(pqs_slhdsa_set set, uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
	const slh_params *p;
	if (check_set(set, &p) != PQS_OK || !pk || !sk || !seed)
		return PQS_ERR_ARG;
	const unsigned n = p->n;
	slh_ctx c;
	slh_adrs adrs;
	uint8_t root[SLH_MAX_N];
	/* Algorithm 18: seed = SK.seed || SK.prf || PK.seed; PK.root is the top tree's root. */
	pqs_slhdsa_ctx_init(&c, p, seed + 2 * n, seed);
	memset(&adrs, 0, sizeof adrs);
	slh_adrs_set_layer(&adrs, p->d - 1);
	pqs_slhdsa_xmss_root(&c, root, &adrs);
	PQS_CT_DECLASSIFY(root, n);
	pqs_slhdsa_ctx_clear(&c);
	memmove(sk, seed, 3 * (size_t)n);
	memcpy(sk + 3 * n, root, n);
	memcpy(pk, sk + 2 * n, n);
	memcpy(pk + n, root, n);
	return PQS_OK;
}

int pqs_slhdsa_keygen(pqs_slhdsa_set set, uint8_t *pk, uint8_t *sk, pqs_rng *rng)
{
	const slh_params *p;
	uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES];
	if (check_set(set, &p) != PQS_OK || !pk || !sk)
		return PQS_ERR_ARG;
	/* Algorithm 21 steps 1-3: SK.seed, SK.prf, PK.seed from an approved RBG. */
	if (pqs_rng_fill(rng, seed, 3 * (size_t)p->n) != 0) {
		pqs_zeroize(seed, sizeof seed);
		return PQS_ERR_RANDOMNESS;
	}
	int ret = pqs_slhdsa_keygen_internal(set, pk, sk, seed);
	pqs_zeroize(seed, sizeof seed);
	return ret;
}

/* slh_sign_internal (Algorithm 19) on M' = m; opt_rand is addrnd or PK.seed. */
static void sign_core(const slh_params *p, uint8_t *sig, const slh_msg *m, const uint8_t *addrnd, const uint8_t *sk)
{
	const unsigned n = p->n;
	const uint8_t *sk_seed = sk, *sk_prf = sk + n, *pk_seed = sk + 2 * n, *pk_root = sk + 3 * n;
	slh_ctx c;
	uint8_t digest[SLH_MAX_M], fors_pk[SLH_MAX_N];
	uint64_t idx_tree;
	uint32_t idx_leaf;
	pqs_slhdsa_ctx_init(&c, p, pk_seed, sk_seed);
	/* Steps 2-4: R = PRF_msg(SK.prf, opt_rand, M'), the first n bytes of the signature. */
	pqs_slhdsa_prf_msg(&c, sig, sk_prf, addrnd ? addrnd : pk_seed, m);
	PQS_CT_DECLASSIFY(sig, n);
	/* Steps 5-10: the digest selects the FORS key and the hypertree leaf (public, from R). */
	pqs_slhdsa_h_msg(&c, digest, sig, pk_root, m);
	split_digest(p, digest, &idx_tree, &idx_leaf);
	/* Steps 11-16: FORS signature of md, then the hypertree signs the FORS public key. */
	const slh_adrs adrs = fors_adrs(idx_tree, idx_leaf);
	pqs_slhdsa_fors_sign(&c, sig + n, fors_pk, digest, &adrs);
	pqs_slhdsa_ht_sign(&c, sig + n + SLH_FORS_BYTES(p), fors_pk, idx_tree, idx_leaf);
	pqs_slhdsa_ctx_clear(&c);
}

/* slh_verify_internal (Algorithm 20) after the length checks. */
static int verify_core(const slh_params *p, const uint8_t *sig, const slh_msg *m, const uint8_t *pk)
{
	const unsigned n = p->n;
	slh_ctx c;
	uint8_t digest[SLH_MAX_M], fors_pk[SLH_MAX_N];
	uint64_t idx_tree;
	uint32_t idx_leaf;
	pqs_slhdsa_ctx_init(&c, p, pk, NULL);
	pqs_slhdsa_h_msg(&c, digest, sig, pk + n, m);
	split_digest(p, digest, &idx_tree, &idx_leaf);
	const slh_adrs adrs = fors_adrs(idx_tree, idx_leaf);
	pqs_slhdsa_fors_pk_from_sig(&c, fors_pk, sig + n, digest, &adrs);
	int ok = pqs_slhdsa_ht_verify(&c, fors_pk, sig + n + SLH_FORS_BYTES(p), idx_tree, idx_leaf, pk + n);
	pqs_slhdsa_ctx_clear(&c);
	return ok ? PQS_OK : PQS_ERR_INVALID_SIGNATURE;
}

static int sign_args(pqs_slhdsa_set set, const slh_params **p, const uint8_t *sig, const uint8_t *msg,
                     size_t msg_len, const uint8_t *sk, size_t sk_len)
{
	if (check_set(set, p) != PQS_OK || !sig || !sk || (!msg && msg_len))
		return PQS_ERR_ARG;
	return sk_len == 4 * (size_t)(*p)->n ? PQS_OK : PQS_ERR_KEY_LENGTH;
}

/* Algorithm 20 steps 1-3 (and the input checks of Algorithm 24). */
static int verify_args(pqs_slhdsa_set set, const slh_params **p, const uint8_t *sig, size_t sig_len,
                       const uint8_t *msg, size_t msg_len, const uint8_t *pk, size_t pk_len)
{
	if (check_set(set, p) != PQS_OK || !sig || !pk || (!msg && msg_len))
		return PQS_ERR_ARG;
	if (pk_len != 2 * (size_t)(*p)->n)
		return PQS_ERR_KEY_LENGTH;
	return sig_len == SLH_SIG_BYTES(*p) ? PQS_OK : PQS_ERR_SIG_LENGTH;
}

int pqs_slhdsa_sign_internal(pqs_slhdsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len,
                             const uint8_t *addrnd, const uint8_t *sk, size_t sk_len)
{
	const slh_params *p;
	int ret = sign_args(set, &p, sig, msg, msg_len, sk, sk_len);
	if (ret != PQS_OK)
		return ret;
	const slh_msg m = {NULL, 0, msg, msg_len};
	sign_core(p, sig, &m, addrnd, sk);
	return PQS_OK;
}

int pqs_slhdsa_verify_internal(pqs_slhdsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                               size_t msg_len, const uint8_t *pk, size_t pk_len)
{
	const slh_params *p;
	int ret = verify_args(set, &p, sig, sig_len, msg, msg_len, pk, pk_len);
	if (ret != PQS_OK)
		return ret;
	const slh_msg m = {NULL, 0, msg, msg_len};
	return verify_core(p, sig, &m, pk);
}

/*
 * M' of the external interfaces (Algorithm 22 step 8, Algorithm 23 step
 * 23) as a prefix built in prefix[] followed by the caller's message: the
 * domain byte (0 pure, 1 pre-hash), len(ctx), ctx, then for the pre-hash
 * form OID || PH(M), which stands for M.
 */
static int external_msg(slh_msg *m, uint8_t prefix[SLH_MAX_MSG_PREFIX], int prehash, pqs_slhdsa_prehash ph,
                        const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
	size_t ph_len = 0;
	if (!ctx && ctx_len)
		return PQS_ERR_ARG;
	if (ctx_len > PQS_MAX_CTX_LEN)
		return PQS_ERR_CTX_TOO_LONG;
	prefix[0] = (uint8_t)prehash;
	prefix[1] = (uint8_t)ctx_len;
	if (ctx_len)
		memcpy(prefix + 2, ctx, ctx_len);
	if (prehash && pqs_mldsa_prehash_digest(ph, prefix + 2 + ctx_len, &ph_len, msg, msg_len) != PQS_OK)
		return PQS_ERR_ARG;
	m->prefix = prefix;
	m->prefix_len = 2 + ctx_len + ph_len;
	m->msg = prehash ? NULL : msg;
	m->msg_len = prehash ? 0 : msg_len;
	return PQS_OK;
}

static int external_sign(pqs_slhdsa_set set, int prehash, pqs_slhdsa_prehash ph, uint8_t *sig, const uint8_t *msg,
                         size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *addrnd,
                         const uint8_t *sk, size_t sk_len)
{
	const slh_params *p;
	uint8_t prefix[SLH_MAX_MSG_PREFIX];
	slh_msg m;
	int ret = sign_args(set, &p, sig, msg, msg_len, sk, sk_len);
	if (ret == PQS_OK)
		ret = external_msg(&m, prefix, prehash, ph, msg, msg_len, ctx, ctx_len);
	if (ret == PQS_OK)
		sign_core(p, sig, &m, addrnd, sk);
	return ret;
}

static int external_verify(pqs_slhdsa_set set, int prehash, pqs_slhdsa_prehash ph, const uint8_t *sig,
                           size_t sig_len, const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                           const uint8_t *pk, size_t pk_len)
{
	const slh_params *p;
	uint8_t prefix[SLH_MAX_MSG_PREFIX];
	slh_msg m;
	int ret = verify_args(set, &p, sig, sig_len, msg, msg_len, pk, pk_len);
	if (ret == PQS_OK)
		ret = external_msg(&m, prefix, prehash, ph, msg, msg_len, ctx, ctx_len);
	return ret == PQS_OK ? verify_core(p, sig, &m, pk) : ret;
}

int pqs_slhdsa_sign(pqs_slhdsa_set set, uint8_t *sig, const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                    size_t ctx_len, const uint8_t *addrnd, const uint8_t *sk, size_t sk_len)
{
	return external_sign(set, 0, PQS_MLDSA_PH_SHA2_256, sig, msg, msg_len, ctx, ctx_len, addrnd, sk, sk_len);
}

int pqs_slhdsa_verify(pqs_slhdsa_set set, const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                      const uint8_t *ctx, size_t ctx_len, const uint8_t *pk, size_t pk_len)
{
	return external_verify(set, 0, PQS_MLDSA_PH_SHA2_256, sig, sig_len, msg, msg_len, ctx, ctx_len, pk, pk_len);
}

int pqs_slhdsa_hash_sign(pqs_slhdsa_set set, pqs_slhdsa_prehash ph, uint8_t *sig, const uint8_t *msg,
                         size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *addrnd,
                         const uint8_t *sk, size_t sk_len)
{
	return external_sign(set, 1, ph, sig, msg, msg_len, ctx, ctx_len, addrnd, sk, sk_len);
}

int pqs_slhdsa_hash_verify(pqs_slhdsa_set set, pqs_slhdsa_prehash ph, const uint8_t *sig, size_t sig_len,
                           const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                           const uint8_t *pk, size_t pk_len)
{
	return external_verify(set, 1, ph, sig, sig_len, msg, msg_len, ctx, ctx_len, pk, pk_len);
}
