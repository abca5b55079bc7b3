/*
 * SLH-DSA (FIPS 205) internals shared by the modules of src/slhdsa/:
 * parameter sets, the ADRS structure (section 4.2), the hash context with
 * the precomputed PK.seed state (section 11), and the building blocks
 * WOTS+ (section 5), XMSS (section 6), the hypertree (section 7) and FORS
 * (section 8).  Every non-static symbol is prefixed pqs_slhdsa_.
 */
#ifndef PQSIG_SLHDSA_INNER_H
#define PQSIG_SLHDSA_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sha2.h"
#include "pqsig/sha3.h"
#include "pqsig/slhdsa.h"

/* Every set uses lg_w = 4 (FIPS 205 Table 2), so w = 16 and len2 = 3 (Equation 5.3). */
#define SLH_LG_W 4
#define SLH_W 16
#define SLH_WOTS_LEN2 3
#define SLH_MAX_N PQS_SLHDSA_MAX_N
#define SLH_MAX_WOTS_LEN (2 * SLH_MAX_N + SLH_WOTS_LEN2)
#define SLH_MAX_HPRIME 9 /* h' of the s sets */
#define SLH_MAX_A 14
#define SLH_MAX_K 35
#define SLH_MAX_M 49
/* Largest prefix of M' built here: 0x01 || len(ctx) || ctx || OID (11) || PH(M) (64). */
#define SLH_MAX_MSG_PREFIX (2 + 255 + 11 + 64)

/** One row of FIPS 205 Table 2. */
typedef struct {
	const char *name;   /* "SLH-DSA-SHA2-128s" */
	unsigned n;         /* security parameter (bytes) */
	unsigned h;         /* total tree height */
	unsigned d;         /* hypertree layers */
	unsigned hp;        /* h' = h / d, XMSS tree height */
	unsigned a;         /* FORS tree height */
	unsigned k;         /* FORS trees */
	unsigned m;         /* H_msg output bytes */
	unsigned level;     /* NIST security category */
	int sha2;           /* 1: SHA2 instantiation (section 11.2), 0: SHAKE (section 11.1) */
} slh_params;

/* Derived sizes (FIPS 205 Table 2 and sections 5-9). */
#define SLH_WOTS_LEN(p) (2 * (p)->n + SLH_WOTS_LEN2)
#define SLH_WOTS_BYTES(p) (SLH_WOTS_LEN(p) * (p)->n)
#define SLH_XMSS_BYTES(p) (((p)->hp + SLH_WOTS_LEN(p)) * (p)->n)
#define SLH_FORS_BYTES(p) ((p)->k * ((p)->a + 1) * (p)->n)
#define SLH_SIG_BYTES(p) ((p)->n + SLH_FORS_BYTES(p) + (p)->d * SLH_XMSS_BYTES(p))

/** Parameters of a set, NULL if the selector is out of range. */
const slh_params *pqs_slhdsa_params(pqs_slhdsa_set set);

/* ---- ADRS (FIPS 205 section 4.2): 32 bytes, big-endian words. ---- */

enum {
	SLH_ADRS_WOTS_HASH = 0,
	SLH_ADRS_WOTS_PK = 1,
	SLH_ADRS_TREE = 2,
	SLH_ADRS_FORS_TREE = 3,
	SLH_ADRS_FORS_ROOTS = 4,
	SLH_ADRS_WOTS_PRF = 5,
	SLH_ADRS_FORS_PRF = 6
};

typedef struct {
	uint8_t b[32];
} slh_adrs;

static inline void slh_adrs_word(slh_adrs *a, unsigned off, uint32_t v)
{
	a->b[off] = (uint8_t)(v >> 24);
	a->b[off + 1] = (uint8_t)(v >> 16);
	a->b[off + 2] = (uint8_t)(v >> 8);
	a->b[off + 3] = (uint8_t)v;
}

static inline uint32_t slh_adrs_get_word(const slh_adrs *a, unsigned off)
{
	return (uint32_t)a->b[off] << 24 | (uint32_t)a->b[off + 1] << 16 | (uint32_t)a->b[off + 2] << 8 | a->b[off + 3];
}

/* Table 1: layer address (word 0), tree address (bytes 4-15), type (word 4), then three words. */
static inline void slh_adrs_set_layer(slh_adrs *a, uint32_t layer)
{
	slh_adrs_word(a, 0, layer);
}

static inline void slh_adrs_set_tree(slh_adrs *a, uint64_t tree)
{
	slh_adrs_word(a, 4, 0);
	slh_adrs_word(a, 8, (uint32_t)(tree >> 32));
	slh_adrs_word(a, 12, (uint32_t)tree);
}

/* setTypeAndClear: the type, and the three words after it zeroed. */
static inline void slh_adrs_set_type(slh_adrs *a, uint32_t type)
{
	slh_adrs_word(a, 16, type);
	for (unsigned i = 20; i < 32; i++)
		a->b[i] = 0;
}

static inline void slh_adrs_set_keypair(slh_adrs *a, uint32_t kp)
{
	slh_adrs_word(a, 20, kp);
}

static inline uint32_t slh_adrs_get_keypair(const slh_adrs *a)
{
	return slh_adrs_get_word(a, 20);
}

/* Chain address and tree height share word 6; hash address and tree index word 7. */
static inline void slh_adrs_set_chain(slh_adrs *a, uint32_t v)
{
	slh_adrs_word(a, 24, v);
}

static inline void slh_adrs_set_hash(slh_adrs *a, uint32_t v)
{
	slh_adrs_word(a, 28, v);
}

#define slh_adrs_set_tree_height slh_adrs_set_chain
#define slh_adrs_set_tree_index slh_adrs_set_hash

/* ---- Hash context (FIPS 205 section 11). ---- */

/**
 * Per-operation state: the parameters, PK.seed, SK.seed (signing and
 * keygen only) and the hash state after the PK.seed prefix, computed once
 * (section 11.2: the SHA2 instances start with the block PK.seed ||
 * toByte(0, 64 - n) or toByte(0, 128 - n); for SHAKE the absorbed PK.seed).
 */
typedef struct {
	const slh_params *p;
	uint8_t pk_seed[SLH_MAX_N];
	uint8_t sk_seed[SLH_MAX_N];
	pqs_keccak shake_seeded;
	pqs_sha256_ctx sha256_seeded;
	pqs_sha512_ctx sha512_seeded;
} slh_ctx;

/** The message M' of slh_sign_internal in two pieces: a prefix built here, then the caller's M. */
typedef struct {
	const uint8_t *prefix;
	size_t prefix_len;
	const uint8_t *msg;
	size_t msg_len;
} slh_msg;

/** Fill the context; sk_seed may be NULL (verification). */
void pqs_slhdsa_ctx_init(slh_ctx *c, const slh_params *p, const uint8_t *pk_seed, const uint8_t *sk_seed);
void pqs_slhdsa_ctx_clear(slh_ctx *c);

/**
 * The tweakable hash of section 11: F (blocks = 1), H (2) and T_l (l) on
 * blocks * n input bytes; out receives n bytes.  in and out may overlap.
 */
void pqs_slhdsa_thash(const slh_ctx *c, uint8_t *out, const slh_adrs *adrs, const uint8_t *in, unsigned blocks);

/**
 * Four independent tweakable hashes of blocks * n bytes each (out[j] =
 * T(adrs[j], in[j])); in[j] and out[j] may be the same buffer; a lane
 * with out[j] == NULL is idle.  The core's four-way Keccak for the SHAKE
 * sets when AVX2 is in use (src/core/simd.h), else one call per busy lane.
 */
void pqs_slhdsa_thash_x4(const slh_ctx *c, uint8_t *const out[4], const slh_adrs *const adrs[4],
                         const uint8_t *const in[4], unsigned blocks);

/*
 * The one-block form of the SHA2 tweakable hash (section 11.2): F, PRF and
 * H for n = 16 compress a single block ADRSc || M || padding after the
 * precomputed PK.seed block.
 */
/** 1 if T_l on blocks * n bytes is one such block; *wide = 1 for SHA-512 (section 11.2.2). */
int pqs_slhdsa_sha2_fits_block(const slh_params *p, unsigned blocks, int *wide);
/** That block (64 or 128 bytes): ADRSc || in, 0x80, zeros, the total bit length including the seed block. */
void pqs_slhdsa_sha2_block(uint8_t *block, size_t block_bytes, const slh_adrs *adrs, const uint8_t *in, size_t in_len);
/** The first n bytes of a SHA-256 chaining value, big-endian. */
void pqs_slhdsa_sha256_out(uint8_t *out, const uint32_t h[8], unsigned n);

/** PRF(PK.seed, SK.seed, ADRS) (sections 11.1 and 11.2.1): the tweakable hash of SK.seed. */
static inline void slh_prf(const slh_ctx *c, uint8_t *out, const slh_adrs *adrs)
{
	pqs_slhdsa_thash(c, out, adrs, c->sk_seed, 1);
}

/** PRF_msg(SK.prf, opt_rand, M'): n bytes. */
void pqs_slhdsa_prf_msg(const slh_ctx *c, uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand,
                        const slh_msg *m);

/** H_msg(R, PK.seed, PK.root, M'): m bytes. */
void pqs_slhdsa_h_msg(const slh_ctx *c, uint8_t *out, const uint8_t *r, const uint8_t *pk_root, const slh_msg *m);

/** base_2b (FIPS 205 Algorithm 4): out_len b-bit big-endian digits of x. */
static inline void slh_base_2b(unsigned *out, const uint8_t *x, unsigned b, unsigned out_len)
{
	unsigned in = 0, bits = 0;
	uint32_t total = 0;
	for (unsigned i = 0; i < out_len; i++) {
		while (bits < b) {
			total = (total << 8) | x[in++];
			bits += 8;
		}
		bits -= b;
		out[i] = (total >> bits) & ((1u << b) - 1);
	}
}

/* ---- WOTS+ (section 5). adrs: layer, tree and key pair address set. ---- */

/** wots_pkGen (Algorithm 6). */
void pqs_slhdsa_wots_pk_gen(const slh_ctx *c, uint8_t *pk, const slh_adrs *adrs);
/** wots_sign (Algorithm 7): sig receives len * n bytes. */
void pqs_slhdsa_wots_sign(const slh_ctx *c, uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs);
/** wots_pkFromSig (Algorithm 8). */
void pqs_slhdsa_wots_pk_from_sig(const slh_ctx *c, uint8_t *pk, const uint8_t *sig, const uint8_t *msg,
                                 const slh_adrs *adrs);

/* ---- Merkle trees shared by XMSS and FORS. ---- */

/** Computes SLH_LEAF_BATCH consecutive leaves from global index first_idx into leaves (n bytes each). */
typedef void (*slh_leaf_fn)(const slh_ctx *c, uint8_t *leaves, uint32_t first_idx, const slh_adrs *adrs);
/* Leaves per slh_leaf_fn call: every tree here has at least 2^3 leaves, and four suit pqs_slhdsa_thash_x4. */
#define SLH_LEAF_BATCH 4

/**
 * Root of the tree of the given height whose leaves have global indices
 * first_leaf .. first_leaf + 2^height - 1 (xmss_node, Algorithm 9, and
 * fors_node, Algorithm 15, evaluated bottom-up once).  Inner nodes use
 * node_adrs with tree height z and tree index (global leaf index >> z).
 * If auth is not NULL it receives the authentication path (height * n
 * bytes) of leaf auth_leaf (global index).
 */
void pqs_slhdsa_treehash(const slh_ctx *c, uint8_t *root, uint8_t *auth, uint32_t auth_leaf, uint32_t first_leaf,
                         unsigned height, const slh_adrs *node_adrs, slh_leaf_fn leaf_fn, const slh_adrs *leaf_adrs);

/**
 * Root from a leaf and its authentication path (Algorithm 11 steps 5-17,
 * Algorithm 17 steps 6-19); node_adrs as above; leaf_idx global.
 */
void pqs_slhdsa_root_from_auth(const slh_ctx *c, uint8_t *root, const uint8_t *leaf, uint32_t leaf_idx,
                               const uint8_t *auth, unsigned height, slh_adrs *node_adrs);

/* ---- XMSS (section 6) and the hypertree (section 7). ---- */

/** Root of one XMSS tree (xmss_node(SK.seed, 0, h', ...)); adrs: layer and tree set. */
void pqs_slhdsa_xmss_root(const slh_ctx *c, uint8_t *root, const slh_adrs *adrs);

/** ht_sign (Algorithm 12): sig receives d * (h' + len) * n bytes. */
void pqs_slhdsa_ht_sign(const slh_ctx *c, uint8_t *sig, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf);

/** ht_verify (Algorithm 13): 1 if the signature leads to pk_root, else 0. */
int pqs_slhdsa_ht_verify(const slh_ctx *c, const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree,
                         uint32_t idx_leaf, const uint8_t *pk_root);

/* ---- FORS (section 8). adrs: tree address, type FORS_TREE, key pair address set. ---- */

/** fors_sign (Algorithm 16); also writes the FORS public key (fors_pkFromSig of it) to pk. */
void pqs_slhdsa_fors_sign(const slh_ctx *c, uint8_t *sig, uint8_t *pk, const uint8_t *md, const slh_adrs *adrs);

/** fors_pkFromSig (Algorithm 17). */
void pqs_slhdsa_fors_pk_from_sig(const slh_ctx *c, uint8_t *pk, const uint8_t *sig, const uint8_t *md,
                                 const slh_adrs *adrs);

#endif
