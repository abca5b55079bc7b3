/*
 * Falcon signing (spec v1.2 section 3.9): Sign (Alg. 10) with its norm
 * check and rejection loop, and ffSampling (Alg. 11) in two forms that
 * give identical signatures:
 *   - pqs_fndsa_sign_dyn: the LDL tree of the Gram matrix is computed on the
 *     fly, level by level (the reference's "sign_dyn"; used by the
 *     registry classes, 9n fpr of memory);
 *   - pqs_fndsa_expand_sk + pqs_fndsa_sign_tree: ffLDL (Alg. 9) once into an
 *     expanded key, then sampling over the stored tree.
 */
#include <stdatomic.h>

#include "inner.h"
#include "core/ct.h"
#include "pqsig/sig.h"

/*
 * Lowest levels of ffSampling in pqs_fndsa_sign_dyn handled by the unrolled
 * code (issue 17, the Cortex-M7 study's non-recursive leaves): 0 = fully
 * recursive down to logn = 0; 1 = non-recursive at logn <= 1; 2 =
 * non-recursive at logn <= 2 (the default).  A benchmarking setting read
 * once per signing attempt; every value gives identical signatures.
 */
static atomic_uint ffsampling_unrolled = PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT;

int
pqs_fndsa_set_ffsampling_unroll(unsigned levels)
{
	if (levels > PQS_FNDSA_FFSAMPLING_UNROLL_MAX) {
		return PQS_ERR_ARG;
	}
	atomic_store_explicit(&ffsampling_unrolled, levels, memory_order_relaxed);
	return PQS_OK;
}

unsigned
pqs_fndsa_ffsampling_unroll(void)
{
	return atomic_load_explicit(&ffsampling_unrolled, memory_order_relaxed);
}

static inline fpr
sample_fpr(fndsa_sampler_ctx *spc, fpr mu, fpr isigma)
{
	return fpr_of(pqs_fndsa_samplerZ(spc, mu, isigma));
}

/*
 * ffSampling at logn = 1 (the lowest level of the recursion), unrolled:
 * the 2x2 Gram matrix holds one complex value per entry, splitfft and
 * mergefft are the identity on it, and the two leaves are normalised as
 * sigma_leaf = sqrt(d_ii) / sigma (Alg. 11 step 1 via the tree leaves of
 * Alg. 9).  Same operations, in the same order, as the generic
 * recursion down to logn = 0.
 */
static void
ffsampling_l1(fndsa_sampler_ctx *spc, fpr *t0, fpr *t1,
	const fpr *g00, const fpr *g01, const fpr *g11)
{
	fpr d11_re, d11_im, l10_re, l10_im, leaf, z_re, z_im, a_re, a_im, p_re, p_im;

	fndsa_ldl_slot(&d11_re, &d11_im, &l10_re, &l10_im,
		g00[0], g00[1], g01[0], g01[1], g11[0], g11[1]);
	(void)d11_im;

	/* Right subtree first: sample z1 around t1 with deviation from d11. */
	leaf = fpr_mul(fpr_sqrt(d11_re), spc->inv_sigma);
	z_re = sample_fpr(spc, t1[0], leaf);
	z_im = sample_fpr(spc, t1[1], leaf);

	/* tb0 = t0 + (t1 - z1) * l10 (Alg. 11 step 6). */
	a_re = fpr_sub(t1[0], z_re);
	a_im = fpr_sub(t1[1], z_im);
	fndsa_fpc_mul(&p_re, &p_im, l10_re, l10_im, a_re, a_im);
	a_re = fpr_add(t0[0], p_re);
	a_im = fpr_add(t0[1], p_im);
	t1[0] = z_re;
	t1[1] = z_im;

	/* Left subtree: deviation from d00 = g00. */
	leaf = fpr_mul(fpr_sqrt(g00[0]), spc->inv_sigma);
	t0[0] = sample_fpr(spc, a_re, leaf);
	t0[1] = sample_fpr(spc, a_im, leaf);
}

/*
 * ffSampling at logn = 2, without recursion or copies: the LDL of the
 * two slots, the half-size Gram matrices (split d00 and d11, which are
 * quasi-cyclic: [[s0, s1], [adj(s1), s0]]), then the two logn = 1 calls
 * (right subtree first).  Same operations, in the same order, as the
 * generic level.
 */
static void
ffsampling_l2(fndsa_sampler_ctx *spc, fpr *t0, fpr *t1,
	const fpr *g00, const fpr *g01, const fpr *g11)
{
	fpr d11[4], l10[4], s00[4], s11[4], z[4], w[4], tb[4];

	for (size_t u = 0; u < 2; u++) {
		fndsa_ldl_slot(&d11[u], &d11[u + 2], &l10[u], &l10[u + 2],
			g00[u], g00[u + 2], g01[u], g01[u + 2], g11[u], g11[u + 2]);
	}
	pqs_fndsa_poly_split_fft(s00, s00 + 2, g00, 2);
	pqs_fndsa_poly_split_fft(s11, s11 + 2, d11, 2);

	/* z1 from t1 and the right subtree (d11). */
	pqs_fndsa_poly_split_fft(z, z + 2, t1, 2);
	ffsampling_l1(spc, z, z + 2, s11, s11 + 2, s11);
	pqs_fndsa_poly_merge_fft(w, z, z + 2, 2);

	/* tb0 = t0 + (t1 - z1) * l10; z1 goes to t1. */
	for (size_t u = 0; u < 4; u++) {
		tb[u] = fpr_sub(t1[u], w[u]);
		t1[u] = w[u];
	}
	pqs_fndsa_poly_mul_fft(l10, tb, 2);
	pqs_fndsa_poly_add(t0, l10, 2);

	/* z0 from tb0 and the left subtree (d00). */
	pqs_fndsa_poly_split_fft(z, z + 2, t0, 2);
	ffsampling_l1(spc, z, z + 2, s00, s00 + 2, s00);
	pqs_fndsa_poly_merge_fft(t0, z, z + 2, 2);
}

/*
 * ffSampling (Alg. 11) on target (t0, t1) with the Gram matrix
 * [[g00, g01], [adj(g01), g11]] (FFT representation, degree 2^logn),
 * all modified in place; the result z replaces (t0, t1).  tmp: 4n fpr
 * (including the deeper levels).  unrolled: levels at and below which
 * the non-recursive code runs (0, 1 or 2).
 */
static void
ffsampling(fndsa_sampler_ctx *spc, fpr *t0, fpr *t1, fpr *g00, fpr *g01,
	fpr *g11, unsigned logn, fpr *tmp, unsigned unrolled)
{
	size_t n, hn;
	fpr *z0, *z1;

	if (logn == 0) {
		/* Leaf (Alg. 11 step 1 with n = 1): both halves share the
		 * deviation sqrt(g00) / sigma. */
		fpr leaf = fpr_mul(fpr_sqrt(g00[0]), spc->inv_sigma);

		t0[0] = sample_fpr(spc, t0[0], leaf);
		t1[0] = sample_fpr(spc, t1[0], leaf);
		return;
	}
	if (logn == 1 && unrolled >= 1) {
		ffsampling_l1(spc, t0, t1, g00, g01, g11);
		return;
	}
	if (logn == 2 && unrolled >= 2) {
		ffsampling_l2(spc, t0, t1, g00, g01, g11);
		return;
	}
	n = (size_t)1 << logn;
	hn = n >> 1;

	/* LDL (Alg. 8 step 1): g00 = d00, g01 <- l10, g11 <- d11. */
	pqs_fndsa_poly_LDL_fft(g00, g01, g11, logn);

	/*
	 * Split d00 and d11 into half-size self-adjoint Gram matrices
	 * (Alg. 9 steps 4-5): left = (g00, g00+hn, g01), right = (g11,
	 * g11+hn, g01+hn); l10 is saved in tmp.
	 */
	pqs_fndsa_poly_split_fft(tmp, tmp + hn, g00, logn);
	memcpy(g00, tmp, n * sizeof *tmp);
	pqs_fndsa_poly_split_fft(tmp, tmp + hn, g11, logn);
	memcpy(g11, tmp, n * sizeof *tmp);
	memcpy(tmp, g01, n * sizeof *g01);
	memcpy(g01, g00, hn * sizeof *g00);
	memcpy(g01 + hn, g11, hn * sizeof *g00);

	/* Steps 3-4: z1 = mergefft(ffSampling(splitfft(t1), right tree)). */
	z1 = tmp + n;
	pqs_fndsa_poly_split_fft(z1, z1 + hn, t1, logn);
	ffsampling(spc, z1, z1 + hn, g11, g11 + hn, g01 + hn, logn - 1, z1 + n, unrolled);
	pqs_fndsa_poly_merge_fft(tmp + (n << 1), z1, z1 + hn, logn);

	/* Step 5: tb0 = t0 + (t1 - z1) * l10; z1 goes to t1. */
	memcpy(z1, t1, n * sizeof *t1);
	pqs_fndsa_poly_sub(z1, tmp + (n << 1), logn);
	memcpy(t1, tmp + (n << 1), n * sizeof *tmp);
	pqs_fndsa_poly_mul_fft(tmp, z1, logn);
	pqs_fndsa_poly_add(t0, tmp, logn);

	/* Steps 6-7: z0 = mergefft(ffSampling(splitfft(tb0), left tree)). */
	z0 = tmp;
	pqs_fndsa_poly_split_fft(z0, z0 + hn, t0, logn);
	ffsampling(spc, z0, z0 + hn, g00, g00 + hn, g01, logn - 1, z0 + n, unrolled);
	pqs_fndsa_poly_merge_fft(t0, z0, z0 + hn, logn);
}

static void
smallints_to_fpr(fpr *r, const int8_t *t, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	for (size_t u = 0; u < n; u++) {
		r[u] = fpr_of(t[u]);
	}
}

/* B = [[g, -f], [G, -F]] in FFT representation (spec 3.9.1, with the
 * reference's slot names b00 = g, b01 = -f, b10 = G, b11 = -F). */
void
pqs_fndsa_load_basis(fpr *bsave, const int8_t *f, const int8_t *g,
	const int8_t *F, const int8_t *G, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	fpr *b00 = bsave, *b01 = b00 + n, *b10 = b01 + n, *b11 = b10 + n;

	smallints_to_fpr(b01, f, logn);
	smallints_to_fpr(b00, g, logn);
	smallints_to_fpr(b11, F, logn);
	smallints_to_fpr(b10, G, logn);
	pqs_fndsa_FFT(b01, logn);
	pqs_fndsa_FFT(b00, logn);
	pqs_fndsa_FFT(b11, logn);
	pqs_fndsa_FFT(b10, logn);
	pqs_fndsa_poly_neg(b01, logn);
	pqs_fndsa_poly_neg(b11, logn);
}

/*
 * Target vector (Alg. 10 step 2): t = (hm, 0) B^-1, which for the NTRU
 * basis is t0 = hm * b11 / q, t1 = -hm * b01 / q (FFT representation).
 */
static void
compute_target(fpr *t0, fpr *t1, const uint16_t *hm, const fpr *b01,
	const fpr *b11, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	fpr ni = fpr_inverse_of_q;
	for (size_t u = 0; u < n; u++) {
		t0[u] = fpr_of(hm[u]);
	}
	pqs_fndsa_FFT(t0, logn);
	memcpy(t1, t0, n * sizeof *t0);
	pqs_fndsa_poly_mul_fft(t1, b01, logn);
	pqs_fndsa_poly_mulconst(t1, fpr_neg(ni), logn);
	pqs_fndsa_poly_mul_fft(t0, b11, logn);
	pqs_fndsa_poly_mulconst(t0, ni, logn);
}

/*
 * Alg. 10 steps 5-8 from the sampled z = (t0, t1) (FFT representation,
 * overwritten): (s1, s2) = (hm, 0) - z B, rounded; accept iff
 * ||(s1, s2)||^2 <= floor(beta^2).  tmp: 2n fpr, not overlapping z or B.
 * On success s2 is written and 1 returned.
 */
static int
finish_attempt(int16_t *s1, int16_t *s2, fpr *t0, fpr *t1, const fpr *b00, const fpr *b01,
	const fpr *b10, const fpr *b11, const uint16_t *hm, unsigned logn, fpr *tmp)
{
	size_t n = (size_t)1 << logn;
	fpr *tx = tmp, *ty = tx + n;
	uint32_t sqn, ng;
	int16_t *s1tmp, *s2tmp;
	int ok;

	memcpy(tx, t0, n * sizeof *t0);
	memcpy(ty, t1, n * sizeof *t1);
	pqs_fndsa_poly_mul_fft(tx, b00, logn);
	pqs_fndsa_poly_mul_fft(ty, b10, logn);
	pqs_fndsa_poly_add(tx, ty, logn);
	memcpy(ty, t0, n * sizeof *t0);
	pqs_fndsa_poly_mul_fft(ty, b01, logn);
	memcpy(t0, tx, n * sizeof *tx);
	pqs_fndsa_poly_mul_fft(t1, b11, logn);
	pqs_fndsa_poly_add(t1, ty, logn);
	pqs_fndsa_iFFT(t0, logn);
	pqs_fndsa_iFFT(t1, logn);

	/* s1 = hm - rint(z B)_0, s2 = -rint(z B)_1; the squared norm
	 * saturates on overflow. */
	s1tmp = (int16_t *)(void *)tx;
	sqn = 0;
	ng = 0;
	for (size_t u = 0; u < n; u++) {
		int32_t z = (int32_t)hm[u] - (int32_t)fpr_rint(t0[u]);
		sqn += (uint32_t)(z * z);
		ng |= sqn;
		s1tmp[u] = (int16_t)z;
	}
	sqn |= -(ng >> 31);
	s2tmp = (int16_t *)(void *)ty;
	for (size_t u = 0; u < n; u++) {
		s2tmp[u] = (int16_t)-fpr_rint(t1[u]);
	}
	ok = pqs_fndsa_is_short_half(sqn, s2tmp, logn);
	/* The norm check is a documented rejection decision: public. */
	PQS_CT_DECLASSIFY(&ok, sizeof ok);
	if (ok) {
		memcpy(s2, s2tmp, n * sizeof *s2);
		if (s1 != NULL) {
			memcpy(s1, s1tmp, n * sizeof *s1);
		}
	}
	return ok;
}

/*
 * One signing attempt with the LDL tree computed on the fly (the
 * reference's sign_dyn).  bsave: the basis B in FFT representation (4n
 * fpr, computed once per signature); tmp: 9n fpr.
 */
int
pqs_fndsa_sign_attempt(fndsa_sampler_ctx *spc, int16_t *s1, int16_t *s2,
	const fpr *bsave, const uint16_t *hm, unsigned logn, fpr *tmp)
{
	size_t n = (size_t)1 << logn;
	fpr *b00 = tmp, *b01 = b00 + n, *b10 = b01 + n, *b11 = b10 + n;
	fpr *t0 = b11 + n, *t1 = t0 + n;
	fpr *g00, *g01, *g11;

	memcpy(b00, bsave, 4 * n * sizeof *bsave);

	/* Gram matrix G = B B* written over b00, b01, b10: g00 = b00 adj(b00)
	 * + b01 adj(b01), g01 = b00 adj(b10) + b01 adj(b11), g11 = b10
	 * adj(b10) + b11 adj(b11); b01 is kept (in t0) for the target. */
	memcpy(t0, b01, n * sizeof *b01);
	pqs_fndsa_poly_mulselfadj_fft(t0, logn);
	memcpy(t1, b00, n * sizeof *b00);
	pqs_fndsa_poly_muladj_fft(t1, b10, logn);
	pqs_fndsa_poly_mulselfadj_fft(b00, logn);
	pqs_fndsa_poly_add(b00, t0, logn);
	memcpy(t0, b01, n * sizeof *b01);
	pqs_fndsa_poly_muladj_fft(b01, b11, logn);
	pqs_fndsa_poly_add(b01, t1, logn);
	pqs_fndsa_poly_mulselfadj_fft(b10, logn);
	memcpy(t1, b11, n * sizeof *b11);
	pqs_fndsa_poly_mulselfadj_fft(t1, logn);
	pqs_fndsa_poly_add(b10, t1, logn);

	/* Layout now: g00 g01 g11 b11 b01 (then the target). */
	g00 = b00;
	g01 = b01;
	g11 = b10;
	b01 = t0;
	t0 = b01 + n;
	t1 = t0 + n;
	compute_target(t0, t1, hm, b01, b11, logn);

	/* Move (t0, t1) right after the Gram matrix and sample (step 3-4). */
	memcpy(b11, t0, n * 2 * sizeof *t0);
	t0 = g11 + n;
	t1 = t0 + n;
	ffsampling(spc, t0, t1, g00, g01, g11, logn, t1 + n, pqs_fndsa_ffsampling_unroll());

	/* (The reference recomputes B here to save 4n of memory; we keep it.) */
	return finish_attempt(s1, s2, t0, t1, bsave, bsave + n, bsave + 2 * n,
		bsave + 3 * n, hm, logn, t1 + n);
}

/* ==================================================================== */
/* Expanded key: the basis and the normalised LDL tree (ffLDL, Alg. 9). */

/* Size of the LDL tree for degree 2^logn: (logn + 1) * 2^logn fpr. */
#define TREE_SIZE(logn) (((size_t)(logn) + 1) << (logn))

/*
 * ffLDL (Alg. 9) below the top level: the Gram matrix is quasi-cyclic,
 * [[g0, g1], [adj(g1), g0]]; the node stores l10, then the subtrees of
 * d00 (left) and d11 (right).  g0, g1 are destroyed; tmp: n fpr.
 */
static void
ffldl_inner(fpr *tree, fpr *g0, fpr *g1, unsigned logn, fpr *tmp)
{
	size_t n = (size_t)1 << logn, hn = n >> 1;

	if (logn == 0) {
		tree[0] = g0[0];
		return;
	}
	pqs_fndsa_poly_LDLmv_fft(tmp, tree, g0, g1, g0, logn);
	/* d00 (= g0) splits into g1, d11 (tmp) into g0. */
	pqs_fndsa_poly_split_fft(g1, g1 + hn, g0, logn);
	pqs_fndsa_poly_split_fft(g0, g0 + hn, tmp, logn);
	ffldl_inner(tree + n, g1, g1 + hn, logn - 1, tmp);
	ffldl_inner(tree + n + TREE_SIZE(logn - 1), g0, g0 + hn, logn - 1, tmp);
}

/* Leaves: sigma / sqrt(d) is stored as its inverse sqrt(d) / sigma, the
 * value SamplerZ takes (saves a division). */
static void
ffldl_normalize(fpr *tree, unsigned orig_logn, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	if (logn == 0) {
		tree[0] = fpr_mul(fpr_sqrt(tree[0]), pqs_fpr_inv_sigma[orig_logn]);
		return;
	}
	ffldl_normalize(tree + n, orig_logn, logn - 1);
	ffldl_normalize(tree + n + TREE_SIZE(logn - 1), orig_logn, logn - 1);
}

void pqs_fndsa_expand_sk(fpr *ek, const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
			 fpr *tmp)
{
	size_t n = (size_t)1 << logn, hn = n >> 1;
	fpr *b00 = ek, *b01 = b00 + n, *b10 = b01 + n, *b11 = b10 + n;
	fpr *tree = b11 + n;
	fpr *g00 = tmp, *g01 = g00 + n, *g11 = g01 + n, *gxx = g11 + n;
	fpr *d00, *d11;

	pqs_fndsa_load_basis(b00, f, g, F, G, logn);
	/* Gram matrix, same sums as in sign_attempt. */
	memcpy(g00, b00, n * sizeof *b00);
	pqs_fndsa_poly_mulselfadj_fft(g00, logn);
	memcpy(gxx, b01, n * sizeof *b01);
	pqs_fndsa_poly_mulselfadj_fft(gxx, logn);
	pqs_fndsa_poly_add(g00, gxx, logn);
	memcpy(g01, b00, n * sizeof *b00);
	pqs_fndsa_poly_muladj_fft(g01, b10, logn);
	memcpy(gxx, b01, n * sizeof *b01);
	pqs_fndsa_poly_muladj_fft(gxx, b11, logn);
	pqs_fndsa_poly_add(g01, gxx, logn);
	memcpy(g11, b10, n * sizeof *b10);
	pqs_fndsa_poly_mulselfadj_fft(g11, logn);
	memcpy(gxx, b11, n * sizeof *b11);
	pqs_fndsa_poly_mulselfadj_fft(gxx, logn);
	pqs_fndsa_poly_add(g11, gxx, logn);

	/* Top level of ffLDL: the Gram matrix is not quasi-cyclic here. */
	d00 = gxx;
	d11 = d00 + n;
	memcpy(d00, g00, n * sizeof *g00);
	pqs_fndsa_poly_LDLmv_fft(d11, tree, g00, g01, g11, logn);
	pqs_fndsa_poly_split_fft(g00, g00 + hn, d00, logn);
	pqs_fndsa_poly_split_fft(d00, d00 + hn, d11, logn);
	/* g00 holds split(d00), d00 holds split(d11). */
	ffldl_inner(tree + n, g00, g00 + hn, logn - 1, d11);
	ffldl_inner(tree + n + TREE_SIZE(logn - 1), d00, d00 + hn, logn - 1, d11);
	ffldl_normalize(tree + n, logn, logn - 1);
	ffldl_normalize(tree + n + TREE_SIZE(logn - 1), logn, logn - 1);
}

/* ffSampling (Alg. 11) at logn = 1 over a stored tree node: the same
 * operations as ffsampling_l1, with the leaves already normalised. */
static void
ffsampling_tree_l1(fndsa_sampler_ctx *spc, fpr *z0, fpr *z1, const fpr *tree,
	const fpr *t0, const fpr *t1)
{
	fpr a_re, a_im, p_re, p_im;

	/* Right leaf (d11) first. */
	z1[0] = sample_fpr(spc, t1[0], tree[3]);
	z1[1] = sample_fpr(spc, t1[1], tree[3]);
	a_re = fpr_sub(t1[0], z1[0]);
	a_im = fpr_sub(t1[1], z1[1]);
	fndsa_fpc_mul(&p_re, &p_im, a_re, a_im, tree[0], tree[1]);
	a_re = fpr_add(p_re, t0[0]);
	a_im = fpr_add(p_im, t0[1]);
	z0[0] = sample_fpr(spc, a_re, tree[2]);
	z0[1] = sample_fpr(spc, a_im, tree[2]);
}

/*
 * ffSampling (Alg. 11) over the stored tree: z = (z0, z1) from the
 * target (t0, t1) (not modified).  tmp: 2n fpr for this level and below.
 */
static void
ffsampling_tree(fndsa_sampler_ctx *spc, fpr *z0, fpr *z1, const fpr *tree,
	const fpr *t0, const fpr *t1, unsigned logn, fpr *tmp)
{
	size_t n, hn;
	const fpr *tree0, *tree1;

	if (logn == 1) {
		ffsampling_tree_l1(spc, z0, z1, tree, t0, t1);
		return;
	}
	n = (size_t)1 << logn;
	hn = n >> 1;
	tree0 = tree + n;
	tree1 = tree + n + TREE_SIZE(logn - 1);

	/* z1 = mergefft(ffSampling(splitfft(t1), right subtree)). */
	pqs_fndsa_poly_split_fft(z1, z1 + hn, t1, logn);
	ffsampling_tree(spc, tmp, tmp + hn, tree1, z1, z1 + hn, logn - 1, tmp + n);
	pqs_fndsa_poly_merge_fft(z1, tmp, tmp + hn, logn);

	/* tb0 = t0 + (t1 - z1) * l10, in tmp. */
	memcpy(tmp, t1, n * sizeof *t1);
	pqs_fndsa_poly_sub(tmp, z1, logn);
	pqs_fndsa_poly_mul_fft(tmp, tree, logn);
	pqs_fndsa_poly_add(tmp, t0, logn);

	/* z0 = mergefft(ffSampling(splitfft(tb0), left subtree)). */
	pqs_fndsa_poly_split_fft(z0, z0 + hn, tmp, logn);
	ffsampling_tree(spc, tmp, tmp + hn, tree0, z0, z0 + hn, logn - 1, tmp + n);
	pqs_fndsa_poly_merge_fft(z0, tmp, tmp + hn, logn);
}

void pqs_fndsa_sign_tree(int16_t *s2, pqs_keccak *rng, const fpr *ek, const uint16_t *hm, unsigned logn, fpr *tmp)
{
	size_t n = (size_t)1 << logn;
	const fpr *b00 = ek, *b01 = b00 + n, *b10 = b01 + n, *b11 = b10 + n;
	const fpr *tree = b11 + n;
	fpr *t0 = tmp, *t1 = t0 + n, *z0 = t1 + n, *z1 = z0 + n;
	fndsa_sampler_ctx spc;

	for (;;) {
		spc.sigma_min = pqs_fpr_sigma_min[logn];
		spc.inv_sigma = pqs_fpr_inv_sigma[logn];
		spc.fn_draft = 0;
		pqs_fndsa_prng_init(&spc.p, rng);
		compute_target(t0, t1, hm, b01, b11, logn);
		ffsampling_tree(&spc, z0, z1, tree, t0, t1, logn, z1 + n);
		if (finish_attempt(NULL, s2, z0, z1, b00, b01, b10, b11, hm, logn, t0)) {
			break;
		}
	}
	pqs_zeroize(&spc, sizeof spc);
}

void pqs_fndsa_sign_dyn(int16_t *s2, pqs_keccak *rng, const int8_t *f, const int8_t *g, const int8_t *F,
			const int8_t *G, const uint16_t *hm, unsigned logn, fpr *tmp)
{
	/* Alg. 10 loop: every attempt reseeds the sampler PRNG with 56 fresh
	 * bytes of the SHAKE256 stream, as the reference does. */
	size_t n = (size_t)1 << logn;
	fpr *bsave = tmp + 9 * n;
	fndsa_sampler_ctx spc;

	pqs_fndsa_load_basis(bsave, f, g, F, G, logn);
	for (;;) {
		spc.sigma_min = pqs_fpr_sigma_min[logn];
		spc.inv_sigma = pqs_fpr_inv_sigma[logn];
		spc.fn_draft = 0;
		pqs_fndsa_prng_init(&spc.p, rng);
		if (pqs_fndsa_sign_attempt(&spc, NULL, s2, bsave, hm, logn, tmp)) {
			break;
		}
	}
	pqs_zeroize(&spc, sizeof spc);
}
