/*
 * Round-3 Falcon (spec v1.2): shared internals of src/fndsa/.
 *
 * In the style of c-fn-dsa: one header for every module of the scheme,
 * sizes as macros of logn (degree n = 2^logn; Falcon-512: logn = 9,
 * Falcon-1024: logn = 10; the internal functions accept 1..10 where that
 * makes sense, which the unit tests use).  No allocation anywhere:
 * callers pass working memory (tmp) sized by the FNDSA_TMP_* macros,
 * aligned for fpr / uint64_t (8 bytes).
 *
 * Modules (one concept per file):
 *   fpr.h, fpr_emu.c, fpr_tables.c   binary64 layer (native or emulated)
 *   fft.c        FFT-domain polynomial arithmetic (section 3.7.1)
 *   mq.c         NTT modulo q = 12289 (verification, sk completion)
 *   codec.c      key and signature encodings (section 3.11)
 *   hash.c       HashToPoint (Alg. 3), sampler PRNG (ChaCha20-based)
 *   sampler.c    SamplerZ: BaseSampler + BerExp (Alg. 12-14)
 *   sign.c       ffSampling (Alg. 11), Sign (Alg. 10), ffLDL (Alg. 9)
 *                expanded keys
 *   vrfy.c       Verify (Alg. 16)
 *   falcon.c     the registry classes (pqsig/sig.h)
 *   keygen*.c ntru*.c zint*.c mp31*.c   key generation (keygen_inner.h)
 */
#ifndef PQSIG_FNDSA_INNER_H
#define PQSIG_FNDSA_INNER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pqsig/falcon.h"
#include "pqsig/sha3.h"
#include "fndsa/fpr.h"

/* ==================================================================== */
/* Parameters and sizes.                                                */

#define FNDSA_Q 12289u
#define FNDSA_N(logn) ((size_t)1 << (logn))
#define FNDSA_NONCE_LEN 40
#define FNDSA_SEED_LEN PQS_FALCON_SEED_BYTES

/* Sizes are formulas of logn, public in include/pqsig/falcon.h. */
#define FNDSA_FG_BITS(logn) PQS_FALCON_FG_BITS(logn)
#define FNDSA_FFGG_BITS(logn) PQS_FALCON_FFGG_BITS(logn)
#define FNDSA_PK_SIZE(logn) PQS_FALCON_PUBLICKEY_BYTES(logn)
#define FNDSA_SK_SIZE(logn) PQS_FALCON_SECRETKEY_BYTES(logn)
/* Detached signature: header 0x30+logn || nonce || compressed s2. */
#define FNDSA_SIG_HEADER(logn) (0x30u + (logn))
#define FNDSA_SIG_MAX_SIZE(logn) PQS_FALCON_SIGNATURE_MAX_BYTES(logn)
#define FNDSA_SIG_PADDED_SIZE(logn) PQS_FALCON_PADDED_SIGNATURE_BYTES(logn)

/* L2 bound on ||(s1, s2)||^2: floor(beta^2), spec Table 3.3. */
extern const uint32_t pqs_fndsa_l2bound[11];

/* Working memory (bytes) for signing: 13 polynomials of fpr (the basis,
 * the Gram matrix, the target and the ffSampling recursion), plus f, g,
 * F, G (int8) and hm. */
#define FNDSA_TMP_SIGN(logn) ((110u << (logn)) + 8u)

/* ==================================================================== */
/* Key generation.                                                      */

/*
 * Deterministic key generation from the 48-byte seed of the reference
 * implementation (spec Alg. 4, with SHAKE256(seed) as the randomness
 * source).  Writes sk (FNDSA_SK_SIZE(logn) bytes) and pk
 * (FNDSA_PK_SIZE(logn) bytes); tmp holds FNDSA_TMP_KEYGEN(logn) bytes,
 * 8-byte aligned.  Returns 0 on success.
 */
int pqs_fndsa_keygen_from_seed(unsigned logn, const uint8_t seed[48], uint8_t *sk, uint8_t *pk, void *tmp);
#ifndef FNDSA_TMP_KEYGEN
#define FNDSA_TMP_KEYGEN(logn) ((28u << (logn)) + (3u << (logn)) + 8u)
#endif

/* ==================================================================== */
/* FFT (fft.c).  Spec section 3.7.1; same operation order as the       */
/* reference implementation, which KAT bit-exactness requires.         */
/*
 * A polynomial in FFT representation of degree n = 2^logn is stored in
 * n fpr: real parts of its values at the n/2 roots of x^n+1 with
 * positive imaginary part in slots 0..n/2-1, imaginary parts in slots
 * n/2..n-1 (the other n/2 values are the conjugates).
 */

/* Complex helpers on (re, im) pairs.  The order of the operations inside
 * them is part of the bit-exact contract with the reference (e.g.
 * re = a_re*b_re - a_im*b_im, in that order). */
static inline void
fndsa_fpc_mul(fpr *d_re, fpr *d_im, fpr a_re, fpr a_im, fpr b_re, fpr b_im)
{
	fpr r = fpr_sub(fpr_mul(a_re, b_re), fpr_mul(a_im, b_im));
	fpr i = fpr_add(fpr_mul(a_re, b_im), fpr_mul(a_im, b_re));
	*d_re = r;
	*d_im = i;
}

static inline void
fndsa_fpc_div(fpr *d_re, fpr *d_im, fpr a_re, fpr a_im, fpr b_re, fpr b_im)
{
	/* a/b = a * conj(b) / |b|^2, the reciprocal of |b|^2 folded into
	 * conj(b) first. */
	fpr m = fpr_inv(fpr_add(fpr_sqr(b_re), fpr_sqr(b_im)));
	b_re = fpr_mul(b_re, m);
	b_im = fpr_mul(fpr_neg(b_im), m);
	fndsa_fpc_mul(d_re, d_im, a_re, a_im, b_re, b_im);
}

/* One LDL step on FFT slot values: mu = g01/g00, d11 = g11 - mu*adj(g01),
 * l10 = adj(mu). */
static inline void
fndsa_ldl_slot(fpr *d11_re, fpr *d11_im, fpr *l10_re, fpr *l10_im,
	fpr g00_re, fpr g00_im, fpr g01_re, fpr g01_im, fpr g11_re, fpr g11_im)
{
	fpr mu_re, mu_im, t_re, t_im;
	fndsa_fpc_div(&mu_re, &mu_im, g01_re, g01_im, g00_re, g00_im);
	fndsa_fpc_mul(&t_re, &t_im, mu_re, mu_im, g01_re, fpr_neg(g01_im));
	*d11_re = fpr_sub(g11_re, t_re);
	*d11_im = fpr_sub(g11_im, t_im);
	*l10_re = mu_re;
	*l10_im = fpr_neg(mu_im);
}

/* Coefficients -> FFT representation, in place. */
void pqs_fndsa_FFT(fpr *f, unsigned logn);
/* FFT representation -> coefficients, in place (includes the 1/(n/2)). */
void pqs_fndsa_iFFT(fpr *f, unsigned logn);
/* a <- a + b (either representation). */
void pqs_fndsa_poly_add(fpr *a, const fpr *b, unsigned logn);
/* a <- a - b. */
void pqs_fndsa_poly_sub(fpr *a, const fpr *b, unsigned logn);
/* a <- -a. */
void pqs_fndsa_poly_neg(fpr *a, unsigned logn);
/* a <- adj(a) (Hermitian adjoint; FFT representation). */
void pqs_fndsa_poly_adj_fft(fpr *a, unsigned logn);
/* a <- a * b (FFT). */
void pqs_fndsa_poly_mul_fft(fpr *a, const fpr *b, unsigned logn);
/* a <- a * adj(b) (FFT). */
void pqs_fndsa_poly_muladj_fft(fpr *a, const fpr *b, unsigned logn);
/* a <- a * adj(a) (FFT; the result is real: imaginary slots set to 0). */
void pqs_fndsa_poly_mulselfadj_fft(fpr *a, unsigned logn);
/* a <- a * x for a constant x (either representation). */
void pqs_fndsa_poly_mulconst(fpr *a, fpr x, unsigned logn);
/* a <- a / b (FFT). */
void pqs_fndsa_poly_div_fft(fpr *a, const fpr *b, unsigned logn);
/* d <- 1/(a*adj(a) + b*adj(b)) (FFT; d is real: only n/2 slots written). */
void pqs_fndsa_poly_invnorm2_fft(fpr *d, const fpr *a, const fpr *b, unsigned logn);
/* d <- F*adj(f) + G*adj(g) (FFT). */
void pqs_fndsa_poly_add_muladj_fft(fpr *d, const fpr *F, const fpr *G, const fpr *f, const fpr *g, unsigned logn);
/* a <- a * b where b is self-adjoint (only b's n/2 real slots are read). */
void pqs_fndsa_poly_mul_autoadj_fft(fpr *a, const fpr *b, unsigned logn);
/* a <- a / b where b is self-adjoint (only b's n/2 real slots are read). */
void pqs_fndsa_poly_div_autoadj_fft(fpr *a, const fpr *b, unsigned logn);
/*
 * LDL decomposition of the self-adjoint Gram matrix [[g00, g01],
 * [adj(g01), g11]] (spec Alg. 8 ffLDL step): g01 <- l10 = adj(g01)/g00,
 * g11 <- d11 = g11 - l10*adj(l10)*g00; g00 (= d00) unchanged.
 */
void pqs_fndsa_poly_LDL_fft(const fpr *g00, fpr *g01, fpr *g11, unsigned logn);
/* Same, writing d11 and l10 to separate arrays. */
void pqs_fndsa_poly_LDLmv_fft(fpr *d11, fpr *l10, const fpr *g00, const fpr *g01, const fpr *g11, unsigned logn);
/* splitfft (spec Alg. 1): f (logn) -> f0, f1 (logn-1 each); logn >= 1. */
void pqs_fndsa_poly_split_fft(fpr *f0, fpr *f1, const fpr *f, unsigned logn);
/* mergefft (spec Alg. 2): f0, f1 (logn-1) -> f (logn); logn >= 1. */
void pqs_fndsa_poly_merge_fft(fpr *f, const fpr *f0, const fpr *f1, unsigned logn);

/* ==================================================================== */
/* Arithmetic modulo q = 12289 (mq.c).                                  */

/* NTT of a polynomial with coefficients in 0..q-1, in place. */
void pqs_fndsa_mq_NTT(uint16_t *a, unsigned logn);
/* Inverse NTT (includes the 1/n factor), in place. */
void pqs_fndsa_mq_iNTT(uint16_t *a, unsigned logn);
/* a <- a*b in the NTT domain (pointwise), values in 0..q-1. */
void pqs_fndsa_mq_poly_mul_ntt(uint16_t *a, const uint16_t *b, unsigned logn);
/*
 * Optional AVX2 path (mq_avx2.c), built with GCC or Clang on x86-64 and
 * used for logn >= 4 when the CPU reports AVX2; results are bit-identical
 * to the portable code.  pqs_fndsa_allow_avx2(0) forces the portable path
 * (for tests; not thread-safe against concurrent Falcon calls);
 * pqs_fndsa_uses_avx2() tells which path runs.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
#define FNDSA_AVX2_BUILD 1
void pqs_fndsa_mq_NTT_avx2(uint16_t *a, unsigned logn);
void pqs_fndsa_mq_iNTT_avx2(uint16_t *a, unsigned logn, uint16_t ni);
void pqs_fndsa_mq_poly_mul_ntt_avx2(uint16_t *a, const uint16_t *b, unsigned logn, uint16_t r2);
#else
#define FNDSA_AVX2_BUILD 0
#endif
void pqs_fndsa_allow_avx2(int allow);
int pqs_fndsa_uses_avx2(void);
/* Signed small integer (-q < x < q) -> 0..q-1. */
static inline uint16_t
fndsa_mq_of_small(int32_t x)
{
	uint32_t w = (uint32_t)x;
	return (uint16_t)(w + (FNDSA_Q & -(w >> 31)));
}

/* ==================================================================== */
/* Encodings (codec.c).  Spec section 3.11.  Each returns the number of */
/* bytes written/read, or 0 on error (value out of range, not enough   */
/* room, non-canonical input).                                          */

/* Public key h: 14 bits per coefficient, values in 0..q-1 (3.11.4). */
size_t pqs_fndsa_modq_encode(void *out, size_t max_out_len, const uint16_t *x, unsigned logn);
size_t pqs_fndsa_modq_decode(uint16_t *x, unsigned logn, const void *in, size_t in_len);
/* Signed values on 'bits' bits, -2^(bits-1) excluded (3.11.5). */
size_t pqs_fndsa_trim_i8_encode(void *out, size_t max_out_len, const int8_t *x, unsigned logn, unsigned bits);
size_t pqs_fndsa_trim_i8_decode(int8_t *x, unsigned logn, unsigned bits, const void *in, size_t in_len);
/* Compressed s2 (3.11.2, Alg. 17/18): values in -2047..+2047. */
size_t pqs_fndsa_comp_encode(void *out, size_t max_out_len, const int16_t *x, unsigned logn);
size_t pqs_fndsa_comp_decode(int16_t *x, unsigned logn, const void *in, size_t in_len);

/*
 * Decode a secret key: f, g, F from the encoding, then G = g*F/f mod q
 * (the reference recomputes G instead of storing it).  tmp: 6n bytes,
 * 2-byte aligned.  Returns 0 or a pqs_err code (PQS_ERR_KEY_LENGTH,
 * PQS_ERR_KEY_ENCODING).
 */
int pqs_fndsa_decode_sk(int8_t *f, int8_t *g, int8_t *F, int8_t *G, const uint8_t *sk, size_t sk_len, unsigned logn,
			void *tmp);
/* G = g*F/f mod q, coefficients in -127..+127; returns 1, or 0 if
 * impossible.  tmp: 6n bytes, 2-byte aligned. */
int pqs_fndsa_complete_private(int8_t *G, const int8_t *f, const int8_t *g, const int8_t *F, unsigned logn, void *tmp);

/* ==================================================================== */
/* Hashing and the sampler PRNG (hash.c).                               */

/* HashToPoint (spec Alg. 3): n values in 0..q-1 from a flipped SHAKE256. */
void pqs_fndsa_hash_to_point(pqs_keccak *sc, uint16_t *x, unsigned logn);
/* The same with little-endian 16-bit values (FN-DSA, section 3.3 step 2). */
void pqs_fndsa_hash_to_point_le(pqs_keccak *sc, uint16_t *x, unsigned logn);

/*
 * The reference's sampler PRNG: ChaCha20 in counter mode, keyed with 56
 * bytes read from SHAKE256 (48 bytes of state and a 64-bit counter), and
 * output in the 8-way interleaved order of its AVX2 code.
 */
typedef struct {
	uint8_t buf[512];
	size_t ptr;
	uint32_t state[12];
	uint64_t cc;
} fndsa_prng;

void pqs_fndsa_prng_init(fndsa_prng *p, pqs_keccak *src);
void pqs_fndsa_prng_refill(fndsa_prng *p);
/* Plain C version of the refill (pqs_fndsa_prng_refill may use vector
 * extensions; tests check that both agree). */
void pqs_fndsa_prng_refill_generic(fndsa_prng *p);

static inline uint64_t
fndsa_prng_get_u64(fndsa_prng *p)
{
	/* Refill when fewer than 9 bytes remain, as the reference does
	 * (the last bytes of a block may thus be skipped). */
	size_t u = p->ptr;
	if (u >= sizeof p->buf - 9) {
		pqs_fndsa_prng_refill(p);
		u = 0;
	}
	p->ptr = u + 8;
	return (uint64_t)p->buf[u] | ((uint64_t)p->buf[u + 1] << 8)
		| ((uint64_t)p->buf[u + 2] << 16) | ((uint64_t)p->buf[u + 3] << 24)
		| ((uint64_t)p->buf[u + 4] << 32) | ((uint64_t)p->buf[u + 5] << 40)
		| ((uint64_t)p->buf[u + 6] << 48) | ((uint64_t)p->buf[u + 7] << 56);
}

static inline unsigned
fndsa_prng_get_u8(fndsa_prng *p)
{
	unsigned v = p->buf[p->ptr++];
	if (p->ptr == sizeof p->buf) {
		pqs_fndsa_prng_refill(p);
	}
	return v;
}

/* ==================================================================== */
/* SamplerZ (sampler.c), spec section 3.9.3.                           */

/*
 * FN-DSA (putative FIPS 206 draft) sampler randomness: the plain
 * SHAKE256(seed' || counter) byte stream, read strictly in order
 * (notes/fn-dsa-provisional.md section 3.4 (a)).
 */
typedef struct {
	pqs_keccak sc;
	uint8_t buf[136]; /* one SHAKE256 block */
	size_t ptr;
} pqs_fndsa_stream;

void pqs_fndsa_stream_init(pqs_fndsa_stream *s, const pqs_keccak *flipped);
uint8_t pqs_fndsa_stream_u8(pqs_fndsa_stream *s);
/* 8 (or 2) bytes, little-endian. */
uint64_t pqs_fndsa_stream_u64(pqs_fndsa_stream *s);
uint32_t pqs_fndsa_stream_u16(pqs_fndsa_stream *s);

typedef struct {
	fndsa_prng p;
	fpr sigma_min;
	/* 1/sigma for the ffSampling leaves (round 3: pqs_fpr_inv_sigma[logn]). */
	fpr inv_sigma;
	/* 0: round 3 (ChaCha20 PRNG p, 72-bit BaseSampler, separate bit
	 * byte); 1: FN-DSA draft (stream fs, 79-bit base sampler whose
	 * first bit is the bimodal bit, section 3.4 (b)). */
	int fn_draft;
	pqs_fndsa_stream fs;
} fndsa_sampler_ctx;

/* BaseSampler (Alg. 12): half-Gaussian, sigma0 = 1.8205, RCDT table. */
int pqs_fndsa_gaussian0(fndsa_prng *p);
/* FN-DSA base sampler (section 3.4 (b)): 10 bytes, z0 from a 79-bit
 * value against GAUSS0, and the bimodal bit in *b. */
int pqs_fndsa_gaussian0_fn(pqs_fndsa_stream *s, int *b);
/* High 64 bits of a*b without 128-bit integers (used when the compiler
 * has none; tests compare it with unsigned __int128). */
uint64_t pqs_fndsa_umulh64_generic(uint64_t a, uint64_t b);
/* 2^63 * ccs * exp(-x), for 0 <= x < log(2) (Alg. 13 ApproxExp). */
uint64_t pqs_fndsa_expm_p63(fpr x, fpr ccs);
/* SamplerZ (Alg. 15): integer near mu with std. dev. 1/isigma. */
int pqs_fndsa_samplerZ(fndsa_sampler_ctx *spc, fpr mu, fpr isigma);

/* ==================================================================== */
/* Signing (sign.c) and verification (vrfy.c).                          */

/*
 * ffSampling form of pqs_fndsa_sign_dyn (sign.c): the number of lowest levels
 * run by non-recursive code, 0 (fully recursive down to logn = 0), 1 or 2
 * (the default).  The setting is process-wide; all give identical
 * signatures (tests/fndsa/test_ffsampling_variants.c).  Setting a value
 * above PQS_FNDSA_FFSAMPLING_UNROLL_MAX returns PQS_ERR_ARG and changes
 * nothing.
 */
#define PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT 2u
#define PQS_FNDSA_FFSAMPLING_UNROLL_MAX 2u
int pqs_fndsa_set_ffsampling_unroll(unsigned levels);
unsigned pqs_fndsa_ffsampling_unroll(void);

/*
 * One signature attempt loop (spec Alg. 10 steps 3-9, the reference's
 * sign_dyn): with the sampler seeded from rng (a flipped SHAKE256), find
 * s2 such that ||(s1, s2)||^2 <= bound.  tmp: 13n fpr (104n bytes).
 */
void pqs_fndsa_sign_dyn(int16_t *s2, pqs_keccak *rng, const int8_t *f, const int8_t *g, const int8_t *F,
			const int8_t *G, const uint16_t *hm, unsigned logn, fpr *tmp);

/*
 * Expanded secret key (the reference's expand_privkey): basis B in FFT
 * representation (4n fpr) then the normalised LDL tree of ffLDL (spec
 * Alg. 9; (logn+1)n fpr).  tmp: 6n fpr.
 */
#define FNDSA_EXPKEY_FPR(logn) (((size_t)(logn) + 5) << (logn))
void pqs_fndsa_expand_sk(fpr *ek, const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
			 fpr *tmp);
/*
 * Alg. 10 steps 3-9 with an expanded key (the reference's sign_tree):
 * produces the same s2 as pqs_fndsa_sign_dyn for the same rng state.
 * tmp: 6n fpr.
 */
void pqs_fndsa_sign_tree(int16_t *s2, pqs_keccak *rng, const fpr *ek, const uint16_t *hm, unsigned logn, fpr *tmp);

/* B = [[g, -f], [G, -F]] in FFT form into bsave (4n fpr). */
void pqs_fndsa_load_basis(fpr *bsave, const int8_t *f, const int8_t *g,
	const int8_t *F, const int8_t *G, unsigned logn);
/*
 * One attempt of the reference's sign_dyn (spec Alg. 10 steps 3-8) with
 * the sampler spc and the basis bsave: returns 1 and writes s2 (and s1
 * if not NULL) if ||(s1, s2)||^2 <= floor(beta^2).  tmp: 9n fpr.
 */
int pqs_fndsa_sign_attempt(fndsa_sampler_ctx *spc, int16_t *s1, int16_t *s2,
	const fpr *bsave, const uint16_t *hm, unsigned logn, fpr *tmp);

/* ||(s1,s2)||^2 <= bound, with overflow saturated (reference is_short). */
int pqs_fndsa_is_short(const int16_t *s1, const int16_t *s2, unsigned logn);
/* Same with ||s1||^2 already in sqn (reference is_short_half). */
int pqs_fndsa_is_short_half(uint32_t sqn, const int16_t *s2, unsigned logn);

/*
 * Verify (spec Alg. 16): s2 against c0 = HashToPoint and h (h in the NTT
 * domain, see pqs_fndsa_mq_NTT).  tmp: 2n bytes.  Returns 1 if valid.
 */
int pqs_fndsa_verify_raw(const uint16_t *c0, const int16_t *s2, const uint16_t *h_ntt, unsigned logn, uint16_t *tmp);
/* Same, also requiring |s1_i| <= linf (FN-DSA: 840). */
int pqs_fndsa_verify_raw_linf(const uint16_t *c0, const int16_t *s2,
	const uint16_t *h_ntt, unsigned logn, uint16_t *tmp, uint32_t linf);

#endif
