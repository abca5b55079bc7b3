/*
 * HAETAE v1.1.2 internals shared by the modules of src/haetae/.
 *
 * One code base serves the three parameter sets: every size is a field of
 * pqs_haetae_params (or a formula of its fields), arrays are dimensioned for
 * the largest set (HAETAE-5: K = 4, L = 7).  Section and algorithm numbers
 * refer to the v1.1.2 specification (KS X 123456 draft numbering used by the
 * reference code).
 */
#ifndef PQSIG_HAETAE_INNER_H
#define PQSIG_HAETAE_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/haetae.h"
#include "pqsig/sha3.h"

#define HAETAE_N 256
#define HAETAE_Q 64513
#define HAETAE_DQ (2 * HAETAE_Q)
#define HAETAE_SEEDBYTES 32
#define HAETAE_CRHBYTES 64
#define HAETAE_ETA 1
#define HAETAE_K_MAX 4
#define HAETAE_L_MAX 7
#define HAETAE_M_MAX (HAETAE_L_MAX - 1)
/* Fixed point of the hyperball sample: LN = 2^13 (parameter "LN"). */
#define HAETAE_LN 8192
#define HAETAE_LNBITS 13
#define HAETAE_POLYETA_BYTES (HAETAE_N / 4)       /* 2 bits per coefficient */
#define HAETAE_POLY2ETA_BYTES (3 * HAETAE_N / 8)  /* 3 bits per coefficient */
#define HAETAE_POLYC_BYTES (HAETAE_N / 8)
/* The reference reserves 9 bits per high-bits coefficient for every set. */
#define HAETAE_POLY_HIGHBITS_BYTES (HAETAE_N * 9 / 8)
#define HAETAE_CHALLENGE_INPUT_MAX (HAETAE_K_MAX * HAETAE_POLY_HIGHBITS_BYTES + HAETAE_POLYC_BYTES)

typedef struct {
	int32_t coeffs[HAETAE_N];
} haetae_poly;

/* 96-bit fixed point number with 76 fractional bits, in two 48-bit limbs. */
typedef struct {
	uint64_t limb48[2];
} haetae_fp96;

/* rANS model of one signature part: symbol frequencies summing to 2^10. */
typedef struct {
	const uint16_t *freq;
	unsigned symbols;
	int32_t offset; /* hint: gap size; high bits: centring offset */
} haetae_rans_model;

typedef struct {
	pqs_haetae_set set;
	unsigned k, l, m;          /* m = l - 1 */
	unsigned tau;              /* challenge weight */
	unsigned d;                /* rounded bits of the public key (1 or 0) */
	uint64_t b0sq, b1sq, b2sq; /* (uint64_t)(B*B), as the reference computes */
	int64_t gamma_sq_n;        /* floor(GAMMA^2 * N): keygen rejection bound */
	uint64_t hyperball_scale;  /* (uint64_t)(B0*LN + sqrt(n*m)/2) << 15 */
	int32_t alpha_hint;
	unsigned log_alpha_hint;
	unsigned base_enc_hb_z1, base_enc_h;
	size_t polyq_bytes, pk_bytes, sk_bytes, sig_bytes;
	haetae_fp96 newton_start_cube, newton_start_threehalves;
	haetae_rans_model rans_h, rans_hb_z1;
} pqs_haetae_params;

/* params.c */
const pqs_haetae_params *pqs_haetae_params_get(pqs_haetae_set set);

/* ntt.c: arithmetic mod q = 64513 with Montgomery factor 2^32. */
#define HAETAE_MONT 14321   /* 2^32 mod q */
#define HAETAE_MONTSQ 4214  /* 2^64 mod q */
#define HAETAE_QINV     940508161u /* q^-1 mod 2^32 */
/* mont^2 / 256 mod q: undoes the 2^-32 of the last layer and divides by N. */
#define HAETAE_INVNTT_F (-29720)
/* zetas[i] = 2^32 * 426^brv8(i) mod q (centred), 426 the primitive 512-th root of unity; zetas[0] unused. */
extern const int32_t pqs_haetae_zetas[HAETAE_N];

/* a * 2^-32 mod q, result in (-q, q), for |a| <= q * 2^31 (inline: the inner loop of every product). */
static inline int32_t pqs_haetae_montgomery_reduce(int64_t a)
{
	int32_t t = (int32_t)((uint32_t)(uint64_t)a * HAETAE_QINV);
	return (int32_t)((a - (int64_t)t * HAETAE_Q) >> 32);
}
int32_t pqs_haetae_freeze(int32_t a);
int32_t pqs_haetae_freeze2q(int32_t a);
int32_t pqs_haetae_reduce2q(int32_t a);
void pqs_haetae_ntt(int32_t a[HAETAE_N]);
void pqs_haetae_invntt_tomont(int32_t a[HAETAE_N]);
/* c = a * b * 2^-32 (accumulate: c += a * b * 2^-32), coefficient-wise. */
void pqs_haetae_pointwise(int32_t c[HAETAE_N], const int32_t a[HAETAE_N], const int32_t b[HAETAE_N], int accumulate);

/*
 * Optional AVX2 path of the three functions above (ntt_avx2.c), built with
 * GCC or Clang on x86-64 and chosen at run time by src/core/simd.h
 * (PQSIG_NO_SIMD=1 selects the portable code); identical outputs.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
#define HAETAE_AVX2_BUILD 1
void pqs_haetae_ntt_avx2(int32_t a[HAETAE_N]);
void pqs_haetae_invntt_tomont_avx2(int32_t a[HAETAE_N]);
void pqs_haetae_pointwise_avx2(int32_t c[HAETAE_N], const int32_t a[HAETAE_N], const int32_t b[HAETAE_N],
			       int accumulate);
#else
#define HAETAE_AVX2_BUILD 0
#endif

/* poly.c: vector helpers, matrix expansion, decompositions. */
void pqs_haetae_polyvec_ntt(haetae_poly *v, unsigned n);
void pqs_haetae_polyvec_invntt(haetae_poly *v, unsigned n);
void pqs_haetae_poly_pointwise(haetae_poly *c, const haetae_poly *a, const haetae_poly *b);
void pqs_haetae_row_dot(haetae_poly *t, const haetae_poly *row, const haetae_poly *v, unsigned n);
void pqs_haetae_expand_a0(const pqs_haetae_params *p, haetae_poly a1[][HAETAE_L_MAX], haetae_poly *a,
			  const uint8_t rho[HAETAE_SEEDBYTES]);
void pqs_haetae_expand_a1(const pqs_haetae_params *p, haetae_poly a1[][HAETAE_L_MAX], const haetae_poly *b,
                          const uint8_t rho[HAETAE_SEEDBYTES]);
int32_t pqs_haetae_highbits_hint(const pqs_haetae_params *p, int32_t r);
void pqs_haetae_decompose_z1(int32_t *hb, int32_t *lb, int32_t r);
void pqs_haetae_lift_2q(const pqs_haetae_params *p, haetae_poly *w, const haetae_poly *lsb);
uint64_t pqs_haetae_sqnorm(const int32_t v[][HAETAE_N], unsigned polys);
void pqs_haetae_hash_message(uint8_t *mu, size_t mu_len, const uint8_t *pk, size_t pk_len, const uint8_t *ctx,
                             size_t ctx_len, const uint8_t *msg, size_t msg_len);

/* sample.c: SHAKE-based expansions (Algorithms 4-6, 8-9, 16). */
/* Takes the next rate-sized block of a lane's stream; returns 1 once the lane needs no more. */
typedef int (*haetae_block_sink)(void *lane, const uint8_t *block, size_t len);
/* Feeds SHAKE128 or SHAKE256(seed || nonces[j]) block by block to sink(lanes[j], ...), four at a time with AVX2. */
void pqs_haetae_xof_lanes(int shake256, const uint8_t *seed, size_t seed_len, const uint16_t *nonces,
			  void *const *lanes, unsigned count, haetae_block_sink sink);
/* polys[j] = PolyUniform(seed, nonces[j]) (Algorithm 6) / PolyUniformEta (Algorithm 9), count <= K * L. */
void pqs_haetae_poly_uniform_many(haetae_poly *const *polys, const uint16_t *nonces, unsigned count,
				  const uint8_t seed[HAETAE_SEEDBYTES]);
void pqs_haetae_poly_uniform_eta_many(haetae_poly *const *polys, const uint16_t *nonces, unsigned count,
				      const uint8_t seed[HAETAE_CRHBYTES]);
/* public_input: 1 in verification (the shuffle may index by its public positions), 0 in signing. */
void pqs_haetae_poly_challenge(const pqs_haetae_params *p, haetae_poly *c, const uint8_t *highbits_lsb,
			       size_t highbits_lsb_len, const uint8_t mu[HAETAE_SEEDBYTES], int public_input);

/* fft.c: squared singular value of the secret key (Algorithms 42-44). */
int64_t pqs_haetae_sk_singular_value(const pqs_haetae_params *p, const haetae_poly *s1, const haetae_poly *s2);
typedef struct {
	int32_t re, im;
} haetae_cplx_q16;
/* round(2^16 * exp(-i * pi * k / 256)), k = 0..255 */
extern const haetae_cplx_q16 pqs_haetae_fft_roots[HAETAE_N];
/* sum[j] += |FFT(a twisted)_j|^2 in the reference's Q16 fixed point (32-bit wrap-around sums). */
void pqs_haetae_fft_sqsum(uint32_t sum[HAETAE_N], const haetae_poly *a);
#if HAETAE_AVX2_BUILD
/* fft_avx2.c: the FFT stages on the twisted, bit-reversed re/im (overwritten) and sum[j] += |X_j|^2, as the portable code. */
void pqs_haetae_fft_sqsum_avx2(uint32_t sum[HAETAE_N], int32_t re[HAETAE_N], int32_t im[HAETAE_N]);
#endif

/* hyperball.c: hyperball sample in fixed point (Algorithm 11 and SampleGauss). */
uint16_t pqs_haetae_sample_hyperball(const pqs_haetae_params *p, int32_t y[][HAETAE_N], uint8_t *b,
                                     const uint8_t seed[HAETAE_CRHBYTES], uint16_t nonce);

/* rans.c: entropy coding of HighBits(z1) and of the hint (inside PackSig / UnpackSig). */
size_t pqs_haetae_rans_encode(const haetae_rans_model *model, int is_hint, uint8_t *out, size_t out_cap,
                              const int32_t *values, size_t count);
int pqs_haetae_rans_decode(const haetae_rans_model *model, int is_hint, int32_t *values, size_t count,
                           const uint8_t *in, size_t in_len);

/* packing.c: key and signature encodings (Algorithms 21-35). */
void pqs_haetae_pack_pk(const pqs_haetae_params *p, uint8_t *pk, const haetae_poly *b,
                        const uint8_t rho[HAETAE_SEEDBYTES]);
int pqs_haetae_unpack_pk(const pqs_haetae_params *p, haetae_poly *b, const uint8_t *pk);
void pqs_haetae_pack_sk(const pqs_haetae_params *p, uint8_t *sk, const uint8_t *pk, const haetae_poly *s1,
                        const haetae_poly *s2, const uint8_t key[HAETAE_SEEDBYTES]);
int pqs_haetae_unpack_sk(const pqs_haetae_params *p, haetae_poly *s1, haetae_poly *s2,
                         uint8_t key[HAETAE_SEEDBYTES], const uint8_t *sk);
int pqs_haetae_pack_sig(const pqs_haetae_params *p, uint8_t *sig, const haetae_poly *c,
                        const haetae_poly *lowbits_z1, const haetae_poly *highbits_z1, const haetae_poly *h);
int pqs_haetae_unpack_sig(const pqs_haetae_params *p, haetae_poly *c, haetae_poly *lowbits_z1,
                          haetae_poly *highbits_z1, haetae_poly *h, const uint8_t *sig);
size_t pqs_haetae_pack_highbits(const pqs_haetae_params *p, uint8_t *buf, const haetae_poly *w,
                                const haetae_poly *lsb);

#endif
