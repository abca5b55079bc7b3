/*
 * FN-DSA (putative FIPS 206 draft, Pornin's "best guess" of 2026-07-22)
 * key generation: internal interfaces.
 *
 * notes/fn-dsa-provisional.md section 1 gives the procedure; it differs
 * from round-3 Falcon (keygen_inner.h) in the sampler of f and g, the
 * order of the candidate checks, a fixed-point orthogonalized-norm
 * check, and NTRUSolve: the 2025 solver (ntrugen "TowerSolverPartialR",
 * ePrint 2025/1239) carries only F through the recursion and reduces it
 * with ReducePartial, then rebuilds G at the top.  The solver's heuristic
 * failures decide which candidates are kept, so word budgets, fixed-point
 * windows, the reduction schedule and the failure rules are those of the
 * reference implementations (c-fn-dsa / rust-fn-dsa).
 *
 * Modules (one concept per file):
 *   fxr.h fxr_fft.c fxr_tables.c   32.32 fixed point and its FFT
 *   fxr_avx2.c           AVX2: four fixed-point divisions at a time
 *   ntru2025_solve.c     the solver: field-norm tower (shared with round 3,
 *                        ntru_fieldnorm.c), deepest level, lifting of F,
 *                        the driver and the final range check
 *   ntru2025_reduce.c    ReducePartial at depths >= 1 and the depth-0
 *                        reduction with G rebuilt modulo one prime
 *   ntru2025_avx2.c      AVX2: ReducePartial's schoolbook k*f, n = 4, 8,
 *                        and the slot products and word-major subtraction
 *                        of its NTT route (n >= 16)
 *   keygen2025.c         sample_f, the candidate loop, the key encodings
 *
 * Big integers use pqsig's NTRUSolve conventions (keygen_inner.h): 31-bit
 * words, coefficient after coefficient, RNS over pqs_mp31_primes[]; the
 * exact k*f of ReducePartial (n >= 16) is word-major instead (one row per
 * prime, then pqs_zint_rebuild_CRT_wm()).
 */
#ifndef PQSIG_FNDSA_KEYGEN2025_INNER_H
#define PQSIG_FNDSA_KEYGEN2025_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "fndsa/fxr.h"
#include "fndsa/keygen_inner.h"

/* Words per coefficient at depth d (section 1.4): (f, g) and reduced F;
 * unreduced F; top words of f used for the fixed-point approximation. */
extern const uint16_t pqs_fndsa_ntru2025_small_bl[11];
extern const uint16_t pqs_fndsa_ntru2025_large_bl[10];
extern const uint16_t pqs_fndsa_ntru2025_word_win[10];

/*
 * ReducePartial at depth 'depth' (1 <= depth < logn_top) of a tower whose
 * top degree is 2^logn_top.  Ft: the unreduced F (n = 2^(logn_top-depth)
 * coefficients of llen = large_bl[depth] words, plain, signed); ft: f at
 * this depth (n coefficients of slen = small_bl[depth] words, plain,
 * signed).  f_top: the top-level f (depth 1 computes N(f) from it, as the
 * reference does).  On success, F is reduced in place and compacted to
 * slen words per coefficient; returns 1, or 0 when a dropped top word of
 * F was not a sign extension (the candidate is rejected).
 * tmp: pqs_fndsa_ntru2025_reduce_words(logn_top, depth) words.
 */
int pqs_fndsa_ntru2025_reduce_partial(unsigned logn_top, unsigned depth,
	uint32_t *Ft, const uint32_t *ft, const int8_t *f_top, uint32_t *tmp);
size_t pqs_fndsa_ntru2025_reduce_words(unsigned logn_top, unsigned depth);

/*
 * Building blocks of ReducePartial, shared with Hawk's NTRUSolve
 * (src/hawk/ntru.c, the reference's (F, G) variant with its own word
 * budgets).  Polynomials are n coefficients 'stride' words apart.
 *   max_bitlength: largest bit length (sign excluded) of the
 *     coefficients of len words;
 *   big_to_fixed: d[j] = x_j / 2^sc in 32.32 fixed point (sc secret);
 *   sub_kf_depth1: F <- F - k*f*2^sc at depth 1 (FGlen = 1 or 2, f one
 *     word per coefficient; pre: NULL, or for p_0 then p_1 the NTT tables
 *     and NTT(f), 3n words each, shared by the passes; tmp: 5n + 2 words);
 *   sub_kf_ntt: the same for n >= 16, f in NTT form over slen+1 primes
 *     in Montgomery representation (word-major: f*2^31 mod p_i at fntt +
 *     i*n, as poly_to_ntt_rns makes it), with the NTT tables of those
 *     primes in tabs (gm then igm of prime i at tabs + 2n*i) or, if tabs
 *     is NULL, made per call (tmp: (slen+1)*n + n + slen + 1 words, +2n
 *     without tabs);
 *   poly_to_ntt_rns: that form of f (slen words per coefficient, n
 *     coefficients back to back); tabs (not NULL) receives the NTT tables
 *     of the slen+1 primes, else they are made in tmp (2n words);
 *   sub_rows: F <- F - y*2^(31 sch + scl) for the n signed integers y of
 *     tlen words stored word-major (word v of y_j at rows[v*n + j]), exact
 *     modulo 2^(31*FGlen); the last step of sub_kf_ntt;
 *   sub_kf_schoolbook: the same for n <= 8, f plain (slen words).
 */
uint32_t pqs_fndsa_ntru2025_max_bitlength(const uint32_t *x, size_t n, size_t stride, size_t len);
void pqs_fndsa_ntru2025_big_to_fixed(fxr *d, const uint32_t *x, size_t n, size_t stride, size_t len, uint32_t sc);
void pqs_fndsa_ntru2025_sub_kf_depth1(uint32_t *Ft, size_t stride, size_t FGlen, const int32_t *k, uint32_t sc,
				      const uint32_t *ft, size_t n, unsigned logn, const uint32_t *pre, uint32_t *tmp);
void pqs_fndsa_ntru2025_sub_kf_ntt(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
				   const uint32_t *fntt, size_t slen, size_t n, unsigned logn, const uint32_t *tabs,
				   uint32_t *tmp);
void pqs_fndsa_ntru2025_sub_kf_schoolbook(uint32_t *Ft, size_t llen, size_t FGlen, const int32_t *k, uint32_t sc,
					  const uint32_t *ft, size_t slen, size_t n);
void pqs_fndsa_ntru2025_poly_to_ntt_rns(uint32_t *fntt, const uint32_t *ft, size_t slen, size_t n, unsigned logn,
					uint32_t *tabs, uint32_t *tmp);
void pqs_fndsa_ntru2025_sub_rows(uint32_t *Ft, size_t llen, size_t FGlen, const uint32_t *rows, size_t tlen, size_t n,
				 uint32_t sch, uint32_t scl);

/*
 * AVX2 twins (ntru2025_avx2.c, built with MP31_AVX2_BUILD; callers check
 * pqs_mp31_uses_avx2()), n a multiple of 8, the same words as the portable
 * loops of sub_kf_ntt:
 *   k_mod_p: d[j] = mp31_set(k[j], p);
 *   mul_row: d[j] = mp31_mmul(a[j], b[j], p, p0i);
 *   sub_rows: pqs_fndsa_ntru2025_sub_rows() (7*llen < 2^31).
 */
void pqs_fndsa_ntru2025_k_mod_p_avx2(uint32_t *d, const int32_t *k, size_t n, uint32_t p);
void pqs_fndsa_ntru2025_mul_row_avx2(uint32_t *d, const uint32_t *a, const uint32_t *b, size_t n, uint32_t p,
				     uint32_t p0i);
void pqs_fndsa_ntru2025_sub_rows_avx2(uint32_t *Ft, size_t llen, size_t FGlen, const uint32_t *rows, size_t tlen,
				      size_t n, uint32_t sch, uint32_t scl);

/*
 * One fixed-point Babai reduction at a depth >= 1, for every solver that
 * reduces this way.  Without g (with_g = 0) it is ReducePartial (F
 * against f alone, k = round(F/f)); with g, F and G against f and g,
 * k = round((F adj f + G adj g)/(f adj f + g adj g)): the ntrugen-2023
 * form of the round-3 Reduce (spec v1.2 Alg. 9 in 32.32 fixed point) and
 * Hawk's.  Each pass: k from the top words in fixed point (FFT, product,
 * inverse FFT, rounding), F (G) -= k f (g) 2^sc exactly, then reduce_bits
 * of scale fewer and top words dropped.  What differs between solvers is
 * a parameter here, since it decides which candidates fail:
 *   scale_t0     2^scale_t0 >= n t, with t the size of f (g) in fixed
 *                point, so f adj f (+ g adj g) stays below 2^31;
 *   divide_each  with g: 2^t adj(f)/N and 2^t adj(g)/N by one division
 *                each (Hawk) rather than one inversion of N (round 3);
 *   check_limbs  each dropped top word must be a sign extension, or the
 *                reduction fails (FN-DSA); else dropped unchecked (Hawk);
 *   ref_depth1   depth 1 by pqs_fndsa_ntru2025_sub_kf_depth1.
 * Ft, Gt: n coefficients of llen words (Gt may be anywhere); ft, gt: n
 * coefficients of slen words.  On return F (G) still has llen words per
 * coefficient, of which the low slen are the reduced value.  Returns 0
 * if a limb check failed.  tmp (even word offset): _words() words.
 */
typedef struct {
	unsigned logn_top, depth;
	size_t slen, llen, rlen; /* words of f (and reduced F), unreduced F, window */
	uint32_t reduce_bits, scale_t0;
	int with_g, divide_each, check_limbs, ref_depth1;
	uint32_t *Ft, *Gt;
	const uint32_t *ft, *gt;
} pqs_fndsa_babai;

int pqs_fndsa_ntru2025_babai(const pqs_fndsa_babai *r, uint32_t *tmp);
size_t pqs_fndsa_ntru2025_babai_words(const pqs_fndsa_babai *r);

/*
 * The quotient k = round(num/den) of the depth-0 reduction, shared with
 * Hawk's depth 0 (src/hawk/ntru.c): num, den (n words, NTT form modulo
 * pqs_mp31_primes[0], tables gm/igm for logn) in, k in num (NTT form);
 * den is destroyed.  tmp: 3n/2 fxr.
 */
void pqs_fndsa_ntru2025_depth0_quotient(unsigned logn, uint32_t *num, uint32_t *den, const uint32_t *gm,
					const uint32_t *igm, fxr *tmp);

/*
 * Depth 0 (section 1.4 step 4): Fd = F from depth 1 (n/2 signed one-word
 * coefficients) in, F and G (n signed int32 each) out, both at tmp[0..2n).
 * Returns 0 if f is not invertible modulo p_0.  tmp: 11n + 2 words.
 */
int pqs_fndsa_ntru2025_depth0(unsigned logn, const int8_t *f,
	const int8_t *g, uint32_t *tmp);

/*
 * The whole solver: F, G in -127..127 with f*G - g*F = q, or 0 if the
 * 2025 solver rejects (f, g).  tmp: PQS_FNDSA_NTRU2025_WORDS(logn) words.
 */
int pqs_fndsa_ntru2025_solve(unsigned logn, int8_t *F, int8_t *G,
	const int8_t *f, const int8_t *g, uint32_t *tmp);
/* Exact memory need of pqs_fndsa_ntru2025_solve() (tests check the bound). */
size_t pqs_fndsa_ntru2025_solve_words(unsigned logn);
#define PQS_FNDSA_NTRU2025_WORDS(logn) \
	((logn) <= 4 ? (size_t)2048 : ((size_t)20 << (logn)))

/* ==================================================================== */
/* Candidate sampling and checks (keygen2025.c).                        */

/* Fixed-point orthogonalized-norm check (section 1.3 step 4): accept
 * (1) iff ||(q adj f, q adj g)/(f adj f + g adj g)||^2 < bound/2^32.
 * tmp: 3n fxr. */
int pqs_fndsa_kg_check_ortho_fixed(const int8_t *f, const int8_t *g, unsigned logn, fxr *tmp, uint64_t bound);
/* FN-DSA: (0.999*1.17)^2 q, as the reference's 32.32 constant. */
#define PQS_FNDSA_KG2025_ORTHO_BOUND    ((uint64_t)72107278641426u)
/* Round 3 (spec v1.2 Alg. 5 line 8): 1.17^2 q = 16822.4121, rounded to
 * 32.32 (the fixed-point keygen variants of keygen.c). */
#define PQS_FNDSA_KG_ROUND3_ORTHO_BOUND ((uint64_t)72251709809335u)

#endif
