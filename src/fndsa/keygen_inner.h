/*
 * Falcon (round 3) key generation: internal interfaces.
 *
 * Key generation follows the Falcon round-3 specification v1.2, section
 * 3.8 (Algorithms 4-9: Keygen, NTRUGen, NTRUSolve, FieldNorm, Reduce) and
 * reproduces the reference implementation's outputs bit for bit, so that
 * the NIST round-3 KAT keys are obtained from their seeds.
 *
 * Modules (one concept per file):
 *   mp31.c            arithmetic modulo 31-bit primes p = 1 mod 2048, NTT
 *   pqs_mp31_primes.c     the table of RNS primes (generated)
 *   zint.c            big integers in base 2^31 (CRT, scaling)
 *   zint_bezout.c     binary GCD of the resultants (31- and 62-bit forms)
 *   zint_avx2.c       AVX2: residues and CRT rebuild, 8 integers per vector
 *   mp31_avx2.h       AVX2 mod-p arithmetic shared by mp31.c, zint_avx2.c
 *                     (run-time choice: pqs_mp31_uses_avx2(), core/simd.h)
 *   mp31_primes_gen.py  generator of pqs_mp31_primes.c
 *   ntru_fieldnorm.c  field norms N(f) = f(x)f(-x) in RNS/NTT (Alg. 6
 *                     line 5 / Alg. 7), and the per-depth f, g cache
 *   ntru_deepest.c    deepest level: resultants + Bezout (Alg. 6 l. 1-4)
 *   pqs_ntru_lift.c       lifting of (F,G) to the next level (Alg. 6 l. 6-9)
 *   ntru_reduce.c     Babai reduction of (F,G) against (f,g) (Alg. 9):
 *                     multi-pass (depth >= 2), depth 1, depth 0
 *   pqs_ntru_solve.c      the NTRUSolve driver, memory accounting, final checks
 *   keygen_sample.c   Gaussian sampling of f, g and the acceptance checks
 *                     (Alg. 5 lines 1-9)
 *   keygen_fg.c       NTRUSolve for given f, g (tests, benchmarks)
 *   keygen.c          public key h = g/f mod q, pqs_fndsa_keygen_from_seed()
 *
 * Integers at a given recursion depth are stored in one of two ways:
 *   - RNS: word i of an integer is its value modulo pqs_mp31_primes[i].p;
 *   - plain: little-endian base-2^31 words (top bit of each uint32_t is
 *     zero), two's complement for negative values.
 * Polynomials with multi-word coefficients are stored coefficient by
 * coefficient, each taking 'stride' words.
 */
#ifndef PQSIG_FNDSA_KEYGEN_INNER_H
#define PQSIG_FNDSA_KEYGEN_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "fndsa/fpr.h"
#include "pqsig/sha3.h"

/* ==================================================================== */
/* Arithmetic modulo 31-bit primes (mp31.c, pqs_mp31_primes.c).            */

typedef struct {
	uint32_t p; /* prime, 2^30 < p < 2^31, p = 1 mod 2048 */
	uint32_t g;  /* primitive 2048-th root of unity modulo p */
	uint32_t ig; /* 1/g mod p */
	uint32_t s;  /* 1/(p_0*...*p_{i-1}) mod p, Montgomery form */
} mp31_prime;

#define MP31_NUM_PRIMES 320
extern const mp31_prime pqs_mp31_primes[MP31_NUM_PRIMES];

/* x in -p..p-1 (signed) -> x mod p in 0..p-1. */
static inline uint32_t
mp31_set(int32_t x, uint32_t p)
{
	uint32_t w = (uint32_t)x;
	return w + (p & -(w >> 31));
}

/* x in 0..p-1 -> signed representative in -(p-1)/2..(p-1)/2. */
static inline int32_t
mp31_norm(uint32_t x, uint32_t p)
{
	uint32_t w = x - (p & (((x - ((p + 1) >> 1)) >> 31) - 1));
	return (int32_t)w;
}

static inline uint32_t
mp31_add(uint32_t a, uint32_t b, uint32_t p)
{
	uint32_t d = a + b - p;
	return d + (p & -(d >> 31));
}

static inline uint32_t
mp31_sub(uint32_t a, uint32_t b, uint32_t p)
{
	uint32_t d = a - b;
	return d + (p & -(d >> 31));
}

/*
 * Montgomery multiplication: a*b/2^31 mod p, with p0i = -1/p mod 2^31.
 * Inputs in 0..p-1, output in 0..p-1.
 */
static inline uint32_t
mp31_mmul(uint32_t a, uint32_t b, uint32_t p, uint32_t p0i)
{
	uint64_t z = (uint64_t)a * (uint64_t)b;
	uint64_t w = (uint64_t)(((uint32_t)z * p0i) & 0x7FFFFFFFu) * p;
	uint32_t d = (uint32_t)((z + w) >> 31) - p;
	return d + (p & -(d >> 31));
}

/* -1/p mod 2^31 for odd p. */
uint32_t pqs_mp31_ninv31(uint32_t p);
/* 2^31 mod p (the Montgomery representation of 1). */
static inline uint32_t
mp31_R(uint32_t p)
{
	return ((uint32_t)1 << 31) - p;
}
/* 2^62 mod p (multiplying by it converts to Montgomery form). */
uint32_t pqs_mp31_R2(uint32_t p);
/* 2^(31*e) mod p (normal representation). */
uint32_t pqs_mp31_Rx(unsigned e, uint32_t p, uint32_t p0i, uint32_t R2);
/* a/b mod p (normal representation in and out); 0 if b = 0. */
uint32_t pqs_mp31_div(uint32_t a, uint32_t b, uint32_t p, uint32_t p0i, uint32_t R2);

/*
 * NTT tables for degree n = 2^logn (logn <= 10): gm[rev(i)] = w^i and
 * igm[rev(i)] = w^-i (Montgomery form), w a primitive 2n-th root of 1,
 * rev = bit reversal over logn bits.  With this layout, the NTT slots
 * 2j and 2j+1 hold f(w_j) and f(-w_j), and slot j of the degree-n/2 NTT
 * holds values at w_j^2: field norms and lifts are slot-wise products.
 */
void pqs_mp31_mkgm(uint32_t *gm, uint32_t *igm, unsigned logn, const mp31_prime *pr, uint32_t p0i);
/* In-place NTT / inverse NTT (inverse includes the 1/n factor) of the
 * polynomial a[0], a[stride], ..., a[(n-1)*stride]. */
void pqs_mp31_NTT(uint32_t *a, size_t stride, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i);
void pqs_mp31_iNTT(uint32_t *a, size_t stride, const uint32_t *igm, unsigned logn, uint32_t p, uint32_t p0i);
/* Transforms with logn >= 4 (strided ones on a contiguous copy), the NTT
 * tables, residues, CRT rebuilds and fixed-point divisions take AVX2 paths
 * when the CPU has it (bit-identical); pqs_mp31_allow_avx2(0) forces the
 * portable code (tests; not thread-safe against concurrent calls). */
void pqs_mp31_allow_avx2(int allow);
int pqs_mp31_uses_avx2(void);

/* ==================================================================== */
/* Big integers in base 2^31 (zint.c).                                 */

/* a <- a - b if ctl = 1 (all accesses done anyway); returns the borrow. */
uint32_t pqs_zint_sub(uint32_t *a, const uint32_t *b, size_t len, uint32_t ctl);
/* m <- m * x (x < 2^31); returns the carry word. */
uint32_t pqs_zint_mul_small(uint32_t *m, size_t len, uint32_t x);
/* d mod p, d unsigned; R2 = 2^62 mod p. */
uint32_t pqs_zint_mod_small_unsigned(const uint32_t *d, size_t len, uint32_t p, uint32_t p0i, uint32_t R2);
/* d mod p, d signed; Rx = 2^(31*len) mod p. */
uint32_t pqs_zint_mod_small_signed(const uint32_t *d, size_t len, uint32_t p, uint32_t p0i, uint32_t R2, uint32_t Rx);
/* pw[k] = 2^(31(k+1)) mod p for k < len: then d*pw[k]/2^31 = d*2^(31k). */
void pqs_zint_mod_weights(uint32_t *pw, size_t len, uint32_t p, uint32_t p0i, uint32_t R2);
/*
 * pqs_zint_mod_small_signed() of num integers of len words, x_j at
 * x + j*xstride, to out[j*ostride]: the same values, computed as sums of
 * independent products (and 8 integers at a time when AVX2 runs).
 */
void pqs_zint_mod_small_signed_many(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride, size_t num,
				    size_t len, uint32_t p, uint32_t p0i, uint32_t R2, uint32_t Rx);
/* The same with the weights given (pw: pqs_zint_mod_weights() of at least
 * len words), for callers that reduce several arrays modulo one prime. */
void pqs_zint_mod_small_signed_many_pw(uint32_t *out, size_t ostride, const uint32_t *x, size_t xstride, size_t num,
				       size_t len, uint32_t p, uint32_t p0i, uint32_t Rx, const uint32_t *pw);
/* x[0..len] <- x[0..len-1] + y*s (x gets len+1 words). */
void pqs_zint_add_mul_small(uint32_t *x, const uint32_t *y, size_t len, uint32_t s);
/* If x > (m-1)/2 then x <- x - m (two's complement); m odd. */
void pqs_zint_norm_zero(uint32_t *x, const uint32_t *m, size_t len);
/* a <- -a if ctl = 1. */
void pqs_zint_negate(uint32_t *a, size_t len, uint32_t ctl);
/*
 * Rebuild num integers from RNS (xlen words, moduli pqs_mp31_primes[0..xlen-1])
 * to plain form, in place; integer j starts at xx + j*xstride.  If
 * normalize_signed, results are in -M/2..M/2 (M = product of moduli).
 * With AVX2 and integers back to back (xstride = xlen), blocks of 8, and
 * a last 4 to 7 of more than 2 words, run 8 per vector (zint_avx2.c).
 * tmp: xlen words.
 */
void pqs_zint_rebuild_CRT(uint32_t *xx, size_t xlen, size_t xstride, size_t num, int normalize_signed, uint32_t *tmp);
/*
 * pqs_zint_rebuild_CRT() for n integers stored word-major (word k of
 * integer j at xx[k*n + j]), as FN-DSA's ReducePartial keeps k*f: with
 * AVX2 and n a multiple of 8, the rows are read as 8-lane vectors in
 * place.  tmp: xlen words (the product of the moduli, as above).
 */
void pqs_zint_rebuild_CRT_wm(uint32_t *xx, size_t xlen, size_t n, int normalize_signed, uint32_t *tmp);
/*
 * f and g (n coefficients of len words, 'stride' words apart, signed plain)
 * modulo p in NTT form (tables gm for logn; len >= 1): fx, gx get one row
 * of n residues each.  The weights 2^(31k) mod p go to pw (len words) once for
 * both (ntru_lift.c; the round-3 Reduce's NTT route uses it too).
 */
void pqs_ntru_fg_ntt_mod(uint32_t *fx, uint32_t *gx, const uint32_t *f, const uint32_t *g, size_t stride, size_t n,
			 size_t len, const uint32_t *gm, unsigned logn, uint32_t p, uint32_t p0i, uint32_t R2,
			 uint32_t *pw);
/*
 * Extended binary GCD: for odd x, y (len words each) with gcd 1, sets
 * u, v with 0 <= u <= y, 0 <= v <= x, x*u - y*v = 1 and returns 1;
 * returns 0 otherwise.  tmp: 4*len words.  Constant time in the values.
 * u may be NULL when only v is wanted (FN-DSA 2025 keeps F alone): that
 * skips a third of the work and leaves v unchanged.
 * Contract (not checked): y > 1, and x, y not both of the full 31*len
 * bits; outside it the function may return 1 with a wrong u, v (found by
 * test_keygen_ntru's edge cases; the code before 2026-12-02 did too).
 * NTRUSolve's callers meet it: the resultants of the deepest level are
 * far above 1, and their word budgets are set with margin above their
 * usual sizes (a resultant that filled them would already be wrong).
 * Where the compiler has 128-bit products (64-bit targets) and len <=
 * 210, it runs in 62-bit limbs and ignores tmp (zint_bezout.c).
 */
int pqs_zint_bezout(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp);
/* The 31-bit form of pqs_zint_bezout() (same contract and results): what
 * 32-bit targets run; tests compare the two. */
int pqs_zint_bezout31(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp);
/* Word v of y*2^scl (y sign-extended above ylen words as ysign); *tw
 * carries the bits shifted out of the previous word (0 before word 0). */
static inline uint32_t zint_scaled_word(const uint32_t *y, size_t ylen, uint32_t ysign, size_t v, uint32_t scl,
					uint32_t *tw)
{
	uint32_t wy = v < ylen ? y[v] : ysign;
	uint32_t wys = ((wy << scl) & 0x7FFFFFFFu) | *tw;

	*tw = wy >> (31 - scl);
	return wys;
}
/* x <- x + k*y*2^(31*sch+scl) (signed, truncated to xlen words). */
void pqs_zint_add_scaled_mul_small(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen, int32_t k, uint32_t sch,
				   uint32_t scl);
/* x <- x - y*2^(31*sch+scl) (signed, truncated to xlen words). */
void pqs_zint_sub_scaled(uint32_t *x, size_t xlen, const uint32_t *y, size_t ylen, uint32_t sch, uint32_t scl);
/* One-word signed integer to int32_t. */
static inline int32_t
zint_one_to_plain(const uint32_t *x)
{
	uint32_t w = x[0];
	w |= (w & 0x40000000u) << 1;
	return (int32_t)w;
}

/* ==================================================================== */
/* NTRUSolve (ntru_*.c).                                               */

/*
 * Word lengths of intermediate integers, per recursion depth (the same
 * values as the reference implementation, which sized them from
 * measured bit lengths plus margins):
 *   pqs_NTRU_MAX_BL_SMALL[d]: f, g at depth d (and the reduced F, G);
 *   pqs_NTRU_MAX_BL_LARGE[d]: the unreduced F, G at depth d.
 */
extern const size_t pqs_NTRU_MAX_BL_SMALL[11];
extern const size_t pqs_NTRU_MAX_BL_LARGE[10];
/* Average and standard deviation of the bit length of f, g at depth d. */
typedef struct {
	int avg;
	int std;
} ntru_bitlength;
extern const ntru_bitlength pqs_NTRU_BITLENGTH[11];
/* Depth up to which k*f products in Reduce use the NTT (reference value). */
#define NTRU_DEPTH_INT_FG 4
/*
 * Reduce's schoolbook step at the depths above NTRU_DEPTH_INT_FG (n <=
 * PQS_NTRU_SUB_SCALED_MAX_N), for F with f and G with g:
 * F <- F - (k*f mod x^n+1)*2^(31*sch+scl), G likewise, exact modulo
 * 2^(31*Flen) (F, G: n integers of Flen words, Fstride apart; f, g: flen
 * words, fstride apart; |k| < 2^31).  ys: 2n*(flen+4) words of scratch.
 * The AVX2 path (ntru_reduce_avx2.c, chosen with the RNS layer's switch,
 * pqs_mp31_uses_avx2()) gives the same words as the portable one.
 */
#define PQS_NTRU_SUB_SCALED_MAX_N 32
void pqs_ntru_poly_sub_scaled_fg(uint32_t *F, uint32_t *G, size_t Flen, size_t Fstride, const uint32_t *f,
				 const uint32_t *g, size_t flen, size_t fstride, const int32_t *k, uint32_t sch,
				 uint32_t scl, unsigned logn, uint32_t *ys);
void pqs_ntru_poly_sub_scaled_fg_avx2(uint32_t *F, uint32_t *G, size_t Flen, size_t Fstride, const uint32_t *f,
				      const uint32_t *g, size_t flen, size_t fstride, const int32_t *k, uint32_t sch,
				      uint32_t scl, unsigned logn, uint32_t *ys);

/*
 * Reduce's conversion of big integers to binary64 (n = 2^logn of them,
 * flen words, fstride apart): sum of word_i * 2^(31 i) from the low word,
 * on the absolute value with the sign applied per word (the reference
 * implementation's order, so that the roundings match).  The AVX2 path
 * (four integers at a time, native binary64 builds only, same switch as
 * above) gives the same values.
 */
#if defined(PQSIG_FALCON_FPEMU) && PQSIG_FALCON_FPEMU
#define PQS_NTRU_FP_NATIVE 0
#else
#define PQS_NTRU_FP_NATIVE 1
#endif
void pqs_ntru_poly_big_to_fp(fpr *d, const uint32_t *f, size_t flen, size_t fstride, unsigned logn);
void pqs_ntru_poly_big_to_fp_avx2(fpr *d, const uint32_t *f, size_t flen, size_t fstride, unsigned logn);

/*
 * Field norm (spec Alg. 7 / section 3.8.2): from f, g at depth 'depth' of
 * a tower whose top degree is 2^logn_top, given in RNS (optionally NTT)
 * with pqs_NTRU_MAX_BL_SMALL[depth] words per coefficient, compute
 * N(f), N(g) at depth+1 in RNS (NTT if out_ntt).  data holds f then g on
 * input and N(f) then N(g) on output; it must have room for
 * pqs_ntru_fieldnorm_step_words(logn_top, depth) words.
 */
void pqs_ntru_fieldnorm_step(uint32_t *data, unsigned logn_top, unsigned depth, int in_ntt, int out_ntt);
size_t pqs_ntru_fieldnorm_step_words(unsigned logn_top, unsigned depth);
/*
 * The same step with explicit word counts: f, g of degree 2^logn with
 * slen words per coefficient in, N(f), N(g) with tlen >= slen words out
 * (the FN-DSA 2025 solver has its own word budgets).  data: room for
 * (n*tlen + 2*n*slen + 3*n) words.
 */
void pqs_ntru_fieldnorm_step_len(uint32_t *data, unsigned logn, size_t slen, size_t tlen, int in_ntt, int out_ntt);
/*
 * f, g at depth 'depth' from the top-level small f, g, in RNS with
 * pqs_NTRU_MAX_BL_SMALL[depth] words (NTT if out_ntt): f at data, g right
 * after (n*slen words each, n = 2^(logn_top-depth)).
 */
void pqs_ntru_make_fg(uint32_t *data, const int8_t *f, const int8_t *g, unsigned logn_top, unsigned depth, int out_ntt);
size_t pqs_ntru_make_fg_words(unsigned logn_top, unsigned depth);

/*
 * Cache of f, g per depth (RNS + NTT, as pqs_ntru_lift() uses them), filled
 * while the deepest level computes the whole field-norm chain, so that
 * the lifts do not recompute the chain from the top every time (the
 * reference does, to save memory).  Entries for depths min_depth..
 * logn_top-1 sit at the end of the NTRUSolve buffer, in memory that the
 * deeper (smaller) levels do not use; pqs_ntru_fg_cache_init() picks the
 * smallest min_depth for which every level still fits.
 */
typedef struct {
	unsigned min_depth; /* logn_top: nothing cached */
	uint32_t *end;      /* end of the NTRUSolve buffer */
} ntru_fg_cache;
void pqs_ntru_fg_cache_init(ntru_fg_cache *c, unsigned logn_top, uint32_t *tmp, size_t tmp_words);
size_t pqs_ntru_fg_cache_entry_words(unsigned logn_top, unsigned depth);
uint32_t *pqs_ntru_fg_cache_slot(const ntru_fg_cache *c, unsigned logn_top, unsigned depth);
/* pqs_ntru_make_fg(), also storing the depths >= c->min_depth in c (if c). */
void pqs_ntru_make_fg_fill(uint32_t *data, const int8_t *f, const int8_t *g, unsigned logn_top, unsigned depth,
			   int out_ntt, const ntru_fg_cache *c);

/*
 * Deepest level: Res(f, x^n+1) and Res(g, x^n+1) (the field norms down
 * to degree 1), then Bezout: F = q*v, G = q*u with Res(f)*u - Res(g)*v = 1.
 * Output: F then G, pqs_NTRU_MAX_BL_SMALL[logn_top] words each, at tmp[0].
 * Returns 1 on success, 0 if the resultants are not coprime (or overflow).
 */
int pqs_ntru_solve_deepest(unsigned logn_top, const int8_t *f, const int8_t *g, uint32_t *tmp, const ntru_fg_cache *c);
/* The same for f*G - g*F = q with any q < 2^31 (Hawk: q = 1). */
int pqs_ntru_solve_deepest_q(unsigned logn_top, uint32_t q, const int8_t *f, const int8_t *g, uint32_t *tmp,
			     const ntru_fg_cache *c);
/*
 * Lifting (spec Alg. 6, lines 8-9): with (F', G') of depth+1 at tmp[0]
 * (plain, pqs_NTRU_MAX_BL_SMALL[depth+1] words), compute the unreduced
 * F = F'(x^2)*g(-x), G = G'(x^2)*f(-x) at 'depth' (plain, llen =
 * pqs_NTRU_MAX_BL_LARGE[depth] words) followed by f, g at that depth (plain,
 * slen = pqs_NTRU_MAX_BL_SMALL[depth] words): layout Ft | Gt | ft | gt.
 * fg: f, g at this depth from the cache, or NULL to recompute them.
 */
void pqs_ntru_lift(unsigned logn_top, const int8_t *f, const int8_t *g, unsigned depth, uint32_t *tmp,
		   const uint32_t *fg);
/*
 * Babai reduction (spec Alg. 9) at an intermediate depth, with the
 * reference's floating-point approximation and scaling schedule.
 * Input: the pqs_ntru_lift() layout.  Output: reduced F then G, slen words
 * each, at tmp[0].  Returns 1 on success, 0 on failure.
 */
int pqs_ntru_reduce_fp(unsigned logn_top, unsigned depth, uint32_t *tmp);
/* The same with the bit lengths of f, g per depth given by the caller
 * (pqs_ntru_reduce_fp() uses pqs_NTRU_BITLENGTH, Falcon's). */
int pqs_ntru_reduce_fp_bl(unsigned logn_top, unsigned depth, uint32_t *tmp, const ntru_bitlength *bitlength);
/* Depth-1 reduction alone (after pqs_ntru_lift(logn_top, f, g, 1, tmp)). */
int pqs_ntru_reduce_depth1(unsigned logn_top, uint32_t *tmp);
/*
 * Depth 1 (reference "binary_depth1"): lift then reduce in one FP pass
 * (values fit in 53 bits).  Output: F then G, one word each, at tmp[0].
 */
int pqs_ntru_solve_depth1(unsigned logn_top, const int8_t *f, const int8_t *g, uint32_t *tmp, const uint32_t *fg);
/*
 * Depth 0 (reference "binary_depth0"): lift modulo one prime, reduce with
 * one FP pass.  Output: F then G, one signed word each, at tmp[0].
 */
int pqs_ntru_solve_depth0(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp);
/*
 * Full NTRUSolve (spec Alg. 6) for top-level f, g: F, G with
 * f*G - g*F = q and coefficients in -lim..lim.  Returns 1 or 0.
 * tmp: FNDSA_KEYGEN_NTRU_WORDS(logn) words, 8-byte aligned.
 */
int pqs_ntru_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, int lim, uint32_t *tmp);
/* pqs_ntru_solve() for f*G - g*F = q with any q < 2^31 (Hawk solves
 * fG - gF = 1, Hawk spec section 3.1; Falcon uses q = 12289), with the
 * bit lengths of f, g per depth of the caller's (f, g) distribution
 * (pqs_NTRU_BITLENGTH for Falcon's). */
int pqs_ntru_solve_q(unsigned logn, uint32_t q, const ntru_bitlength *bitlength, int8_t *F, int8_t *G, const int8_t *f,
		     const int8_t *g, int lim, uint32_t *tmp);

/*
 * Fixed-point variant (issue 17, keygen variant "fixed"): the same tower,
 * lifts and final check, but every Reduce in 32.32 fixed point
 * (pqs_ntru_reduce_fixed(), ntru2025_reduce.c: F and G against f and g,
 * ntrugen-2023 style) and the depth-0 quotient in fixed point too; no
 * floating point at all.  tmp: tmp_words >= pqs_ntru_solve_fixed_tmp_words
 * (logn) words, 8-byte aligned (more lets the f, g cache hold more
 * depths); logn >= 3.  F, G in -127..127 (G may be NULL).
 */
int pqs_ntru_solve_fixed(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp,
			 size_t tmp_words);
size_t pqs_ntru_solve_fixed_tmp_words(unsigned logn);
/* Fixed-point Reduce at depth >= 1, layout as pqs_ntru_reduce_fp(): F, G
 * (pqs_NTRU_MAX_BL_LARGE words) then f, g (pqs_NTRU_MAX_BL_SMALL words)
 * in, F then G reduced to pqs_NTRU_MAX_BL_SMALL words out; 0 when a
 * dropped top word was not a sign extension (candidate rejected). */
int pqs_ntru_reduce_fixed(unsigned logn_top, unsigned depth, uint32_t *tmp);
size_t pqs_ntru_reduce_fixed_words(unsigned logn_top, unsigned depth);
/* pqs_ntru_solve_depth0() with the quotient in binary64 (fixed = 0, the
 * reference's) or in 32.32 fixed point (fixed = 1). */
int pqs_ntru_solve_depth0_mode(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp, int fixed);

/* Words of tmp[] needed by each step (used to size the keygen buffer). */
size_t pqs_ntru_deepest_words(unsigned logn_top);
size_t pqs_ntru_lift_words(unsigned logn_top, unsigned depth, int cached);
size_t pqs_ntru_reduce_fp_words(unsigned logn_top, unsigned depth);
size_t pqs_ntru_reduce_depth1_words(unsigned logn_top);
size_t pqs_ntru_solve_depth0_words(unsigned logn);

/* Number of 32-bit words of tmp needed by pqs_ntru_solve() for logn. */
size_t pqs_ntru_solve_tmp_words(unsigned logn);

/* ==================================================================== */
/* Sampling of f, g and acceptance tests (keygen_sample.c).            */

/* SHAKE256(seed), consumed as little-endian 64-bit words. */
typedef struct {
	pqs_keccak sc;
	uint64_t buf[17]; /* one SHAKE256 block, decoded */
	size_t ptr;
} keygen_rng;

void pqs_keygen_rng_init(keygen_rng *r, const uint8_t *seed, size_t seed_len);
/* One Gaussian value for degree 2^logn (sum of 2^(10-logn) table samples). */
int pqs_keygen_gauss(keygen_rng *rng, unsigned logn);
/* A polynomial of such values in -127..127, with an odd coefficient sum. */
void pqs_keygen_sample_poly(keygen_rng *rng, int8_t *f, unsigned logn);
/* Integer tests: encodable coefficients, ||(g,-f)||^2 < 16823.  1 = accept. */
int pqs_keygen_check_fg_int(const int8_t *f, const int8_t *g, unsigned logn);
/* Gram-Schmidt norm test (floating point, FFT).  tmp: 3n fpr.  1 = accept. */
int pqs_keygen_check_fg_gs(const int8_t *f, const int8_t *g, unsigned logn, fpr *tmp);

/* ==================================================================== */
/* Entry points (keygen.c).                                            */

/* h = g/f mod q (0..q-1); returns 0 if f is not invertible.  tmp: n. */
int pqs_keygen_compute_public(uint16_t *h, const int8_t *f, const int8_t *g, unsigned logn, uint16_t *tmp);

/*
 * Key-generation variants (issue 17; docs/falcon.md "Keygen variants"),
 * all giving keys with f*G - g*F = q, F, G in -127..127:
 *   FLOAT   the round-3 Reduce in binary64 (spec v1.2 Alg. 9): reproduces
 *           the NIST round-3 KAT keys; NTRUSolve in the 28n bytes of tmp;
 *   FIXED   the Reduce in 32.32 fixed point (ntrugen 2023, ePrint
 *           2023/290), F and G reduced together, and the Gram-Schmidt
 *           check in fixed point as well: no floating point in keygen;
 *   PARTIAL ReducePartial (ePrint 2025/1239): the FN-DSA solver
 *           (pqs_fndsa_ntru2025_solve()), fixed-point check as FIXED.
 * FIXED and PARTIAL sample the same (f, g) as FLOAT (round-3 sampler and
 * candidate order) and differ from it only in the checks' arithmetic and
 * the solver, so they give other keys than the KATs.  Their solver memory
 * is a stack array sized for logn 10 (FNDSA_KEYGEN_FIXED_WORDS /
 * PQS_FNDSA_NTRU2025_WORDS), whatever logn is.
 * The process-wide selection (default PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT,
 * settable per build) applies to pqs_fndsa_keygen_from_seed() and thus
 * the registry classes; a value >= PQS_FNDSA_KEYGEN_REDUCE_COUNT returns
 * PQS_ERR_ARG and changes nothing.
 */
#define PQS_FNDSA_KEYGEN_REDUCE_FLOAT   0u
#define PQS_FNDSA_KEYGEN_REDUCE_FIXED   1u
#define PQS_FNDSA_KEYGEN_REDUCE_PARTIAL 2u
#define PQS_FNDSA_KEYGEN_REDUCE_COUNT   3u
#ifndef PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT
#define PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT PQS_FNDSA_KEYGEN_REDUCE_FLOAT
#endif
int pqs_fndsa_set_keygen_reduce(unsigned variant);
unsigned pqs_fndsa_keygen_reduce(void);
/* "float", "fixed", "partial" (NULL for other values). */
const char *pqs_fndsa_keygen_reduce_name(unsigned variant);

/* Candidate counts of one key generation (restart rates, issue 17). */
typedef struct {
	uint32_t candidates;     /* (f, g) pairs sampled */
	uint32_t rejected_fg;    /* by the size, Gram-Schmidt or invertibility checks */
	uint32_t solve_failures; /* by NTRUSolve (its restarts) */
} pqs_fndsa_keygen_stats;

/*
 * pqs_fndsa_keygen_from_seed() with an explicit variant; fgFG (NULL or 4n
 * bytes) receives f, g, F, G; st (NULL or filled) the candidate counts.
 */
int pqs_fndsa_keygen_variant(unsigned logn, const uint8_t seed[48], unsigned variant, uint8_t *sk, uint8_t *pk,
			     void *tmp, int8_t *fgFG, pqs_fndsa_keygen_stats *st);
/* Solver words of the FIXED variant per logn (>= pqs_ntru_solve_fixed_tmp_words(),
 * checked by test_keygen_variants; the excess holds the f, g cache). */
#define FNDSA_KEYGEN_FIXED_WORDS(logn) (((size_t)12 << (logn)) + 2)

/*
 * NTRUSolve alone (spec Alg. 6) for given f, g (odd coefficient sums):
 * F, G in -127..127 with f*G - g*F = q.  tmp: FNDSA_KEYGEN_FG_TMP(logn)
 * bytes, 8-byte aligned.  Returns 0 (PQS_OK) on success, 1 if NTRUSolve
 * rejects (f, g) (the keygen then samples again), PQS_ERR_ARG on bad
 * arguments.
 */
int pqs_fndsa_keygen_fg(unsigned logn, const int8_t *f, const int8_t *g, int8_t *F, int8_t *G, void *tmp);

/*
 * Words of NTRUSolve memory per logn (checked against
 * pqs_ntru_solve_tmp_words() by the tests): 7n words (28n bytes, as the
 * reference) from logn = 4 on; the tiny degrees need a little more.
 */
#define FNDSA_KEYGEN_NTRU_WORDS(logn) \
	((logn) <= 3 ? (size_t)80 : ((size_t)7 << (logn)))
#define FNDSA_KEYGEN_FG_TMP(logn) (4 * FNDSA_KEYGEN_NTRU_WORDS(logn))
/* pqs_fndsa_keygen_from_seed() lays out tmp as NTRUSolve memory, then f, g, F
 * (n bytes each): that is FNDSA_TMP_KEYGEN(logn) = 28n + 3n (+8) bytes
 * from logn = 4 on. */
#define FNDSA_KEYGEN_MIN_LOGN 4

#endif
