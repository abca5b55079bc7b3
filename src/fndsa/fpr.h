/*
 * Falcon floating-point layer: IEEE-754 binary64 ("fpr").
 *
 * Round-3 Falcon (spec v1.2, section 3.7 and 5.6) computes the FFT-domain
 * lattice operations of signing (and the Babai reduction of key
 * generation) in binary64 with round-to-nearest-even.  The KAT outputs
 * depend on every rounding, so all code uses the operations below, in
 * the reference implementation's order, and nothing else.
 *
 * Two backends produce identical bits:
 *   - native (default): struct { double v; }, plain C operators; the
 *     build uses -ffp-contract=off so that no fused multiply-add changes
 *     a rounding;
 *   - emulated (PQSIG_FALCON_FPEMU=1): the value is its IEEE bit pattern
 *     in a uint64_t and every operation is integer code (fpr_emu.c), for
 *     targets whose FPU is absent, slow or not constant-time.
 * Domain (both backends): finite values whose results stay in the normal
 * range; subnormal results are flushed to zero by the emulation (Falcon
 * never produces them); rint/floor/trunc take |x| < 2^62.
 *
 * The fpr_emu_* functions are always compiled (tests compare them with
 * the native operators on the same inputs).
 */
#ifndef PQSIG_FNDSA_FPR_H
#define PQSIG_FNDSA_FPR_H

#include <stdint.h>
#include <string.h>

/* Integer-only binary64 operations on bit patterns (fpr_emu.c). */
uint64_t pqs_fpr_emu_scaled(int64_t i, int sc); /* i * 2^sc, rounded */
uint64_t pqs_fpr_emu_add(uint64_t x, uint64_t y);
uint64_t pqs_fpr_emu_mul(uint64_t x, uint64_t y);
uint64_t pqs_fpr_emu_div(uint64_t x, uint64_t y);
uint64_t pqs_fpr_emu_sqrt(uint64_t x);
int64_t pqs_fpr_emu_rint(uint64_t x);  /* round to nearest, ties to even */
int64_t pqs_fpr_emu_floor(uint64_t x); /* toward -infinity */
int64_t pqs_fpr_emu_trunc(uint64_t x); /* toward zero */
int pqs_fpr_emu_lt(uint64_t x, uint64_t y);

#if defined(PQSIG_FALCON_FPEMU) && PQSIG_FALCON_FPEMU

typedef uint64_t fpr;
/* Table entry / constant from (hex float, bit pattern). */
#define FPR(d, b) b
#define FPR_C(d, b) ((fpr)(b))

static inline fpr fpr_of(int64_t i)
{
	return pqs_fpr_emu_scaled(i, 0);
}
static inline fpr fpr_scaled(int64_t i, int sc)
{
	return pqs_fpr_emu_scaled(i, sc);
}
static inline fpr fpr_add(fpr x, fpr y)
{
	return pqs_fpr_emu_add(x, y);
}
static inline fpr fpr_sub(fpr x, fpr y)
{
	return pqs_fpr_emu_add(x, y ^ ((uint64_t)1 << 63));
}
static inline fpr fpr_neg(fpr x) { return x ^ ((uint64_t)1 << 63); }
static inline fpr
fpr_half(fpr x)
{
	/* Exact: decrement the exponent unless x is zero (exponent field 0). */
	uint64_t e = (x >> 52) & 0x7FF;
	return x - ((uint64_t)((e + 0x7FF) >> 11) << 52);
}
static inline fpr
fpr_double(fpr x)
{
	uint64_t e = (x >> 52) & 0x7FF;
	return x + ((uint64_t)((e + 0x7FF) >> 11) << 52);
}
static inline fpr fpr_mul(fpr x, fpr y)
{
	return pqs_fpr_emu_mul(x, y);
}
static inline fpr fpr_sqr(fpr x)
{
	return pqs_fpr_emu_mul(x, x);
}
static inline fpr fpr_inv(fpr x)
{
	return pqs_fpr_emu_div(0x3FF0000000000000u, x);
}
static inline fpr fpr_div(fpr x, fpr y)
{
	return pqs_fpr_emu_div(x, y);
}
static inline fpr fpr_sqrt(fpr x)
{
	return pqs_fpr_emu_sqrt(x);
}
static inline int fpr_lt(fpr x, fpr y)
{
	return pqs_fpr_emu_lt(x, y);
}
static inline int64_t fpr_rint(fpr x)
{
	return pqs_fpr_emu_rint(x);
}
static inline int64_t fpr_floor(fpr x)
{
	return pqs_fpr_emu_floor(x);
}
static inline int64_t fpr_trunc(fpr x)
{
	return pqs_fpr_emu_trunc(x);
}
static inline uint64_t fpr_bits(fpr x) { return x; }

#else

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef struct { double v; } fpr;
#define FPR(d, b) { d }
#define FPR_C(d, b) ((fpr){ d })

static inline fpr fpr_make(double v) { fpr r; r.v = v; return r; }
static inline fpr fpr_of(int64_t i) { return fpr_make((double)i); }
static inline fpr
fpr_scaled(int64_t i, int sc)
{
	/* (double)i rounds once; multiplying by 2^sc is exact in the normal range. */
	uint64_t pb = (uint64_t)(1023 + sc) << 52;
	double p;
	memcpy(&p, &pb, sizeof p);
	return fpr_make((double)i * p);
}
static inline fpr fpr_add(fpr x, fpr y) { return fpr_make(x.v + y.v); }
static inline fpr fpr_sub(fpr x, fpr y) { return fpr_make(x.v - y.v); }
static inline fpr fpr_neg(fpr x) { return fpr_make(-x.v); }
static inline fpr fpr_half(fpr x) { return fpr_make(x.v * 0.5); }
static inline fpr fpr_double(fpr x) { return fpr_make(x.v + x.v); }
static inline fpr fpr_mul(fpr x, fpr y) { return fpr_make(x.v * y.v); }
static inline fpr fpr_sqr(fpr x) { return fpr_make(x.v * x.v); }
static inline fpr fpr_inv(fpr x) { return fpr_make(1.0 / x.v); }
static inline fpr fpr_div(fpr x, fpr y) { return fpr_make(x.v / y.v); }
static inline fpr
fpr_sqrt(fpr x)
{
#if defined(__SSE2__)
	/* sqrtsd directly: libm's sqrt() comes with an errno test on the
	 * (secret) operand, a branch the constant-time checks would flag. */
	return fpr_make(_mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x.v))));
#else
	return fpr_make(sqrt(x.v));
#endif
}
static inline int fpr_lt(fpr x, fpr y) { return x.v < y.v; }
static inline uint64_t fpr_bits(fpr x) { uint64_t b; memcpy(&b, &x.v, sizeof b); return b; }

static inline int64_t
fpr_rint(fpr x)
{
	/*
	 * Round half to even without llrint() (whose speed may depend on
	 * the value or the rounding mode): for 0 <= x < 2^52, x + 2^52
	 * lands in [2^52, 2^53) where the spacing is 1, so the FPU rounds
	 * exactly as wanted; x - 2^52 does the same for negative x.  Values
	 * with |x| >= 2^52 are integers already.  The three candidates are
	 * combined with masks, not branches.
	 */
	uint64_t bx = fpr_bits(x);
	int64_t neg = -(int64_t)(bx >> 63);
	int64_t rp = (int64_t)(x.v + 4503599627370496.0) - 4503599627370496;
	int64_t rn = (int64_t)(x.v - 4503599627370496.0) + 4503599627370496;
	int64_t tx = (int64_t)x.v;
	/* big = all ones iff the biased exponent is >= 1023 + 52. */
	int64_t big = -(int64_t)(((uint64_t)1074 - ((bx >> 52) & 0x7FF)) >> 63);
	int64_t r = (rp & ~neg) | (rn & neg);
	return (tx & big) | (r & ~big);
}

static inline int64_t
fpr_floor(fpr x)
{
	/* The cast truncates; subtract 1 when that rounded a negative value up. */
	int64_t r = (int64_t)x.v;
	return r - (int64_t)(x.v < (double)r);
}

static inline int64_t fpr_trunc(fpr x) { return (int64_t)x.v; }

#endif

/* Constants (bit patterns generated by fpr_tables_gen.py). */
#define fpr_q FPR_C(0x1.8008000000000p+13, 0x40C8008000000000U)
#define fpr_inverse_of_q FPR_C(0x1.554e39097a782p-14, 0x3F1554E39097A782U)
/* 1/(2*sigma0^2), sigma0 = 1.8205 (spec section 3.9.3, base sampler). */
#define fpr_inv_2sqrsigma0 FPR_C(0x1.34f8bc183bbc2p-3, 0x3FC34F8BC183BBC2U)
#define fpr_log2 FPR_C(0x1.62e42fefa39efp-1, 0x3FE62E42FEFA39EFU)
#define fpr_inv_log2 FPR_C(0x1.71547652b82fep+0, 0x3FF71547652B82FEU)
/* Key generation: bound on the Gram-Schmidt norm (spec Alg. 5 step 9). */
#define fpr_bnorm_max FPR_C(0x1.06d9a5fd8adacp+14, 0x40D06D9A5FD8ADACU)
#define fpr_zero FPR_C(0x0.0p+0, 0x0000000000000000U)
#define fpr_one FPR_C(0x1.0000000000000p+0, 0x3FF0000000000000U)
#define fpr_two FPR_C(0x1.0000000000000p+1, 0x4000000000000000U)
#define fpr_onehalf FPR_C(0x1.0000000000000p-1, 0x3FE0000000000000U)
#define fpr_invsqrt2 FPR_C(0x1.6a09e667f3bcdp-1, 0x3FE6A09E667F3BCDU)
#define fpr_invsqrt8 FPR_C(0x1.6a09e667f3bcdp-2, 0x3FD6A09E667F3BCDU)
#define fpr_ptwo31 FPR_C(0x1.0000000000000p+31, 0x41E0000000000000U)
#define fpr_ptwo31m1 FPR_C(0x1.fffffffc00000p+30, 0x41DFFFFFFFC00000U)
#define fpr_mtwo31m1 FPR_C(-0x1.fffffffc00000p+30, 0xC1DFFFFFFFC00000U)
/* 2^63 - 1 is not representable; like the reference, the constant is 2^63. */
#define fpr_ptwo63m1 FPR_C(0x1.0000000000000p+63, 0x43E0000000000000U)
#define fpr_mtwo63m1 FPR_C(-0x1.0000000000000p+63, 0xC3E0000000000000U)
#define fpr_ptwo63 FPR_C(0x1.0000000000000p+63, 0x43E0000000000000U)

/* Tables (fpr_tables.c). */
extern const fpr pqs_fpr_gm_tab[2048];  /* FFT roots, bit-reversed order */
extern const fpr pqs_fpr_p2_tab[11];    /* 2^(1-u) */
extern const fpr pqs_fpr_inv_sigma[11]; /* 1/sigma per logn */
extern const fpr pqs_fpr_sigma_min[11]; /* sigma_min per logn */

#endif
