/*
 * Fixed-point reals for the FN-DSA (putative FIPS 206) key generation.
 *
 * The 2025 key generation (Pornin, ePrint 2025/1239, as implemented by
 * c-fn-dsa / rust-fn-dsa at their 2026-07-22 state) replaces binary64 by
 * 32.32 fixed point (notes/fn-dsa-provisional.md section 1.5): a value x
 * is the 64-bit two's complement integer x*2^32.  Which candidates the
 * solver rejects depends on every rounding, so each operation follows
 * that definition exactly:
 *   - addition and subtraction wrap modulo 2^64;
 *   - mul(a, b) = floor(a*b / 2^32) from the full 128-bit product;
 *   - div is the reference's restoring bit-by-bit division of |x| by |y|
 *     rounded half up, with the sign applied afterwards (fxr_div.c gets
 *     the same bits for every input, including quotients that overflow);
 *   - half / div2e round half up: (x + 2^(e-1)) >> e (arithmetic);
 *   - round(x) = floor(x + 1/2);
 *   - complex products use 3 real multiplications.
 * Everything is constant time (no data-dependent branch or index).
 *
 * The FFT layout is Falcon's: n/2 complex values, real parts in slots
 * [0, n/2), imaginary parts in [n/2, n); slot k holds the value at
 * zeta^(2 rev(k) + 1).
 */
#ifndef PQSIG_FNDSA_FXR_H
#define PQSIG_FNDSA_FXR_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint64_t v;
} fxr;

typedef struct {
	fxr re, im;
} fxc;

/* Arithmetic right shift of a two's complement 64-bit value, written
 * without relying on the implementation-defined signed shift. */
static inline uint64_t
fxr_sar64(uint64_t x, unsigned e)
{
	uint64_t s = -(x >> 63);
	return ((x ^ s) >> e) ^ s;
}

static inline fxr
fxr_of(int32_t j)
{
	fxr r = { (uint64_t)(int64_t)j << 32 };
	return r;
}

/* t/2^32 (t read as two's complement). */
static inline fxr
fxr_of_scaled32(uint64_t t)
{
	fxr r = { t };
	return r;
}

/* Signed value (|x| < 2^31) as 32.32 fixed point scaled by 2^-10. */
static inline fxr fxr_of_int_down10(uint32_t x)
{
	return fxr_of_scaled32((uint64_t)(int64_t)(int32_t)x << 22);
}

static inline fxr
fxr_add(fxr x, fxr y)
{
	fxr r = { x.v + y.v };
	return r;
}

static inline fxr
fxr_sub(fxr x, fxr y)
{
	fxr r = { x.v - y.v };
	return r;
}

static inline fxr
fxr_neg(fxr x)
{
	fxr r = { -x.v };
	return r;
}

/* floor(x*y / 2^32), from the full signed 128-bit product. */
static inline fxr
fxr_mul(fxr x, fxr y)
{
#if defined(__SIZEOF_INT128__)
	__extension__ typedef __int128 fxr_i128;
	fxr_i128 z = (fxr_i128)(int64_t)x.v * (fxr_i128)(int64_t)y.v;
	fxr r = { (uint64_t)(z >> 32) };
	return r;
#else
	/* Signed 32x32 pieces: x = xh*2^32 + xl with xh signed, xl unsigned. */
	uint32_t xl = (uint32_t)x.v, yl = (uint32_t)y.v;
	uint32_t xh = (uint32_t)(x.v >> 32), yh = (uint32_t)(y.v >> 32);
	uint64_t z0 = ((uint64_t)xl * yl) >> 32;
	uint64_t z1 = (uint64_t)(int64_t)(int32_t)xh * (uint64_t)yl;
	uint64_t z2 = (uint64_t)(int64_t)(int32_t)yh * (uint64_t)xl;
	uint64_t z3 = (uint64_t)((int64_t)(int32_t)xh * (int64_t)(int32_t)yh) << 32;
	fxr r = { z0 + z1 + z2 + z3 };
	return r;
#endif
}

static inline fxr
fxr_sqr(fxr x)
{
	return fxr_mul(x, x);
}

/* x*2^e (e < 64, wrapping). */
static inline fxr
fxr_mul2e(fxr x, unsigned e)
{
	fxr r = { x.v << e };
	return r;
}

/* x/2^e rounded half up (1 <= e < 64). */
static inline fxr
fxr_div2e(fxr x, unsigned e)
{
	fxr r = { fxr_sar64(x.v + (((uint64_t)1 << e) >> 1), e) };
	return r;
}

/* floor(x + 1/2) as an integer. */
static inline int32_t
fxr_round(fxr x)
{
	return (int32_t)(uint32_t)(fxr_sar64(x.v + 0x80000000u, 32));
}

/* x < y (signed). */
static inline int
fxr_lt(fxr x, fxr y)
{
	return (int64_t)x.v < (int64_t)y.v;
}

/* x/y: the restoring division of |x| by |y|, rounded half up, then
 * signed (fxr_div.c). */
uint64_t pqs_fndsa_fxr_div_raw(uint64_t x, uint64_t y);
/* *q1 = x1/y, *q2 = x2/y (one reciprocal of y serves both). */
void pqs_fndsa_fxr_div2_raw(uint64_t *q1, uint64_t *q2, uint64_t x1, uint64_t x2, uint64_t y);
/* floor((2^128 - 1)/d) - 2^64 for 2^63 <= d < 2^64 (the reciprocal the
 * division uses), and its start floor((2^19 - 3*2^8)/z) for
 * 256 <= z < 512; exported for tests/fndsa/test_fxr.c. */
uint64_t pqs_fndsa_fxr_recip64(uint64_t d);
uint64_t pqs_fndsa_fxr_recip_start(uint64_t z);

static inline fxr
fxr_div(fxr x, fxr y)
{
	fxr r = { pqs_fndsa_fxr_div_raw(x.v, y.v) };
	return r;
}

static inline fxc
fxc_add(fxc x, fxc y)
{
	fxc r = { fxr_add(x.re, y.re), fxr_add(x.im, y.im) };
	return r;
}

static inline fxc
fxc_sub(fxc x, fxc y)
{
	fxc r = { fxr_sub(x.re, y.re), fxr_sub(x.im, y.im) };
	return r;
}

static inline fxc
fxc_half(fxc x)
{
	fxc r = { fxr_div2e(x.re, 1), fxr_div2e(x.im, 1) };
	return r;
}

/* (a + ib)(c + id) with z0 = ac, z1 = bd, z2 = (a+b)(c+d):
 * re = z0 - z1, im = z2 - (z0 + z1) (section 1.5: not always equal to
 * ad + bc after truncation, and the reference uses this form). */
static inline fxc
fxc_mul(fxc x, fxc y)
{
	fxr z0 = fxr_mul(x.re, y.re);
	fxr z1 = fxr_mul(x.im, y.im);
	fxr z2 = fxr_mul(fxr_add(x.re, x.im), fxr_add(y.re, y.im));
	fxc r = { fxr_sub(z0, z1), fxr_sub(z2, fxr_add(z0, z1)) };
	return r;
}

static inline fxc
fxc_conj(fxc x)
{
	fxc r = { x.re, fxr_neg(x.im) };
	return r;
}

/* Roots for the FFT: GM_TAB[k] = exp(i*pi*rev10(k)/1024), rounded to
 * 32.32 (fxr_tables.c, generated by fxr_tables_gen.py). */
extern const fxc pqs_fndsa_fxr_gm_tab[1024];

/* ==================================================================== */
/* Vectors of n = 2^logn fxr (fxr_fft.c); logn >= 1 for FFT functions.  */

/* FFT / inverse FFT in place (inverse includes the 1/n factor as n/2
 * halvings per butterfly stage). */
void pqs_fndsa_fxr_FFT(unsigned logn, fxr *f);
void pqs_fndsa_fxr_iFFT(unsigned logn, fxr *f);
/* One stage of pqs_fndsa_fxr_FFT (inv = 0) or iFFT (inv = 1), m/2 groups
 * of ht butterflies, hn >= 8, with AVX2, bit-identical (fxr_avx2.c;
 * x86-64 GCC / Clang builds only; callers check pqs_mp31_uses_avx2()). */
void pqs_fndsa_fxr_fft_stage_avx2(fxr *f, size_t hn, size_t m, size_t ht, int inv);
/* d[i] = f[i] (small integers). */
void pqs_fndsa_fxr_set_small(unsigned logn, fxr *d, const int8_t *f);
/* a <- a*b (FFT). */
void pqs_fndsa_fxr_mul_fft(unsigned logn, fxr *a, const fxr *b);
/* a <- adj(a) (FFT). */
void pqs_fndsa_fxr_adj_fft(unsigned logn, fxr *a);
/* a <- a*b, b self-adjoint (only its n/2 real slots are read). */
void pqs_fndsa_fxr_mul_selfadj_fft(unsigned logn, fxr *a, const fxr *b);
/* a <- a/b, b self-adjoint (only its n/2 real slots are read). */
void pqs_fndsa_fxr_div_selfadj_fft(unsigned logn, fxr *a, const fxr *b);
/* d <- 2^e/(a*adj(a) + b*adj(b)) (FFT; n/2 real slots written). */
void pqs_fndsa_fxr_invnorm_fft(unsigned logn, fxr *d, const fxr *a,
	const fxr *b, unsigned e);
/* a <- 2^e*adj(a)/(a*adj(a)) (FFT). */
void pqs_fndsa_fxr_inv_mul2e_fft(unsigned logn, fxr *a, unsigned e);

#endif
