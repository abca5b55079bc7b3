/*
 * Hawk (round-2 specification, hawk-sign) internal interfaces.
 *
 * Hawk-512 / Hawk-1024 (and the Hawk-256 challenge set, test-only) are
 * implemented bit for bit like the reference implementation (hawk-sign/dev,
 * whose KAT files are in shared/vectors/hawk): same randomness consumption,
 * same rejection rules, same encodings.
 *
 * Modules (one concept per file):
 *   params.c   parameter sets (sizes, bounds, sampler tables)
 *   codec.c    Golomb-Rice encodings of q00, q01 (public key) and s1
 *              (signature), with strict decoders
 *   poly.c     exact products of small polynomials modulo x^n+1
 *   ntt_tables.c  NTT twiddles for the two primes of poly.c and vrfy.c
 *   keygen.c   (f, g) from a seed, acceptance tests, Gram matrix
 *              Q = B*adj(B), key encoding
 *   ntru.c     NTRUSolve with the reference's rejections (built on
 *              src/fndsa's solver pieces)
 *   sampler.c  the table-based Gaussian sampler on four SHAKE256 streams
 *   sign.c     salted hash, t = B*h mod 2, s1
 *   vrfy.c     s0 recovery and the exact Q-norm check
 *   class.c    pqs_sig_class objects
 *
 * Every non-static symbol starts with pqs_hawk_.
 */
#ifndef PQSIG_HAWK_INNER_H
#define PQSIG_HAWK_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/rand.h"
#include "pqsig/sha3.h"

/* Largest supported degree (Hawk-1024). */
#define PQS_HAWK_MAX_LOGN 10
#define PQS_HAWK_MAX_N ((size_t)1 << PQS_HAWK_MAX_LOGN)

/* Sizes as functions of logn (spec section 4 / reference hawk.h). */
#define PQS_HAWK_SEED_LEN(logn) (8 + ((size_t)1 << ((logn) - 5)))
#define PQS_HAWK_HPUB_LEN(logn) ((size_t)1 << ((logn) - 4))
#define PQS_HAWK_SK_LEN(logn) \
	(PQS_HAWK_SEED_LEN(logn) + ((size_t)1 << ((logn) - 2)) + PQS_HAWK_HPUB_LEN(logn))
#define PQS_HAWK_PK_LEN(logn) \
	((logn) == 8 ? (size_t)450 : (logn) == 9 ? (size_t)1024 : (size_t)2440)
#define PQS_HAWK_SIG_LEN(logn) \
	((logn) == 8 ? (size_t)249 : (logn) == 9 ? (size_t)555 : (size_t)1221)
#define PQS_HAWK_SALT_LEN(logn) \
	((logn) == 8 ? (size_t)14 : (logn) == 9 ? (size_t)24 : (size_t)40)

/* Little-endian 64-bit load (the reference reads SHAKE output so). */
static inline uint64_t
pqs_hawk_le64(const uint8_t *b)
{
	uint64_t x = 0;
	int i;

	for (i = 7; i >= 0; i--) {
		x = (x << 8) | b[i];
	}
	return x;
}

/*
 * Integer loops compiled twice, for the baseline and for AVX2, and chosen
 * at run time with pqs_simd_avx2() (src/core/simd.h, PQSIG_NO_SIMD=1):
 * a PQS_HAWK_BODY function is inlined into a plain wrapper and into a
 * PQS_HAWK_AVX2 one.  Integer operations give the same bytes either way.
 * PQSIG_NO_AVX2 at build time keeps only the baseline.
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PQSIG_NO_AVX2)
#define PQS_HAWK_AVX2_BUILD 1
#define PQS_HAWK_AVX2       __attribute__((target("avx2")))
#define PQS_HAWK_BODY       static inline __attribute__((always_inline))
#else
#define PQS_HAWK_AVX2_BUILD 0
#define PQS_HAWK_BODY       static inline
#endif

/* Parameters of one set (params.c). */
typedef struct {
	unsigned logn;
	/* Key generation (reference ng_hawk.c). */
	uint32_t l2low;          /* minimum ||f||^2 + ||g||^2 */
	uint32_t d0high_fx32;    /* max constant term of 1/q00, * 2^32 */
	int bits_lim00;          /* |q00[i]| < 2^bits (i > 0) */
	int bits_lim01;          /* |q01[i]| < 2^bits */
	int bits_lim11;          /* |q11[i]| < 2^bits (i > 0) */
	/* Encodings: Golomb-Rice fixed-part widths. */
	int low00, low01, low_s1;
	int bits_lims0, bits_lims1; /* |s0| < 2^bits, |s1| < 2^bits */
	/* Signing. */
	uint32_t max_xnorm;      /* bound on ||2x||^2 and on the Q-norm */
	const uint16_t *gauss_hi;
	size_t gauss_hi_len;
	const uint64_t *gauss_lo;
	size_t gauss_lo_len;
} pqs_hawk_params;

/* Parameters for logn in 8..10, NULL otherwise. */
const pqs_hawk_params *pqs_hawk_params_get(unsigned logn);

/* ==================================================================== */
/* Golomb-Rice codec (codec.c).                                         */

/*
 * Encode 2^logn values (int16) as: sign bits (n bits), then the 'low'
 * low bits of |x| or -x-1 (n*low bits), then the high parts in unary
 * (k zeros then a one).  Starts at a byte boundary; returns the number
 * of bits left unused in the last byte through *num_ignored.
 * Returns 0 on overflow of dst_cap, else the byte length.
 */
size_t pqs_hawk_encode_gr(uint8_t *dst, size_t dst_cap, const int16_t *a,
	unsigned logn, int low, int *num_ignored);
/*
 * Strict decoder of the same format: values must be in
 * -2^lim_bits..2^lim_bits-1 (lim_bits <= low + 4).  Returns the byte
 * length or 0 on error; *num_ignored gets the unused bits of the last
 * byte (the caller checks they are zero or uses them).
 */
size_t pqs_hawk_decode_gr(int16_t *d, const uint8_t *buf, size_t buf_len,
	unsigned logn, int low, int lim_bits, int *num_ignored);

/* Public key: q00 (first n/2 coefficients), q01; 1 = fits, 0 = too long. */
int pqs_hawk_encode_public(uint8_t *pk, const pqs_hawk_params *prm,
	const int16_t *q00, const int16_t *q01);
/* Strict public key decoder: PQS_OK or PQS_ERR_KEY_ENCODING. */
int pqs_hawk_decode_public(int16_t *q00_half, int16_t *q01,
	const pqs_hawk_params *prm, const uint8_t *pk);
/* Signature: salt || s1; 1 = fits, 0 = too long. */
int pqs_hawk_encode_sig(uint8_t *sig, const pqs_hawk_params *prm,
	const uint8_t *salt, const int16_t *s1);
/* Strict signature decoder: PQS_OK or PQS_ERR_SIG_ENCODING. */
int pqs_hawk_decode_sig(uint8_t *salt, int16_t *s1,
	const pqs_hawk_params *prm, const uint8_t *sig);

/* ==================================================================== */
/* Key generation (keygen.c).                                           */

/* (f, g) from a seed of PQS_HAWK_SEED_LEN(logn) bytes (centred binomial
 * coefficients from four SHAKE256 streams, reference Hawk_regen_fg). */
void pqs_hawk_regen_fg(int8_t *f, int8_t *g, const uint8_t *seed, unsigned logn);

/*
 * Key pair generation exactly as the reference hawk_keygen(): seeds of
 * PQS_HAWK_SEED_LEN(logn) bytes are drawn from rng until one passes every
 * test.  Returns PQS_OK or PQS_ERR_RANDOMNESS.
 */
int pqs_hawk_keygen(unsigned logn, uint8_t *sk, uint8_t *pk, pqs_rng *rng);
/* One attempt of the loop above on a given kgseed: 1 if it yields a key
 * pair (written to sk, pk), 0 if it is rejected, PQS_ERR_ARG. */
int pqs_hawk_keygen_try(unsigned logn, const uint8_t *kgseed, uint8_t *sk,
	uint8_t *pk);

/*
 * Verdicts of one attempt, in the order the tests run (docs/hawk.md,
 * "Key generation"): the reference's Hawk_keygen() checks, then its
 * solver's (ntru.c, rules R1-R6), then the Gram matrix bounds and the
 * public key size.
 */
enum {
	PQS_HAWK_KG_OK = 0,
	PQS_HAWK_KG_PARITY,       /* f(1) or g(1) even */
	PQS_HAWK_KG_NORM,         /* ||f||^2 + ||g||^2 < 2n*sigma_sec^2 */
	PQS_HAWK_KG_Q00_INVERSE,  /* q00 not invertible mod the two primes */
	PQS_HAWK_KG_Q00_CONSTANT, /* constant term of 1/q00 above d0high */
	PQS_HAWK_KG_F_INVERSE,    /* R1: f not invertible mod p_0 */
	PQS_HAWK_KG_GCD,          /* R2: Res(f), Res(g) not coprime */
	PQS_HAWK_KG_REDUCE,       /* R3-R5: fG - gF != 1 after a reduction */
	PQS_HAWK_KG_FG_LIMIT,     /* R6: |F| or |G| above 127 */
	PQS_HAWK_KG_Q_BOUNDS,     /* q00, q01, q11 out of bounds */
	PQS_HAWK_KG_PK_SIZE,      /* public key encoding too long */
	PQS_HAWK_KG_VERDICTS
};
/* pqs_hawk_keygen_try() with the verdict (PQS_HAWK_KG_*) or PQS_ERR_ARG. */
int pqs_hawk_keygen_verdict(unsigned logn, const uint8_t *kgseed, uint8_t *sk, uint8_t *pk);

/*
 * NTRUSolve for Hawk (ntru.c): F, G with f*G - g*F = 1 and |F|, |G| <=
 * 127, rejecting exactly the (f, g) that the reference's solver rejects;
 * PQS_HAWK_KG_OK, or the verdict PQS_HAWK_KG_F_INVERSE .. _FG_LIMIT.
 * tmp: PQS_HAWK_NTRU_WORDS(logn) words, 8-byte aligned.
 */
#define PQS_HAWK_NTRU_WORDS(logn) ((size_t)20 << (logn))
int pqs_hawk_ntru_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp);

/* Low bit of each coefficient of f, packed (n/8 bytes, bit u of byte
 * u/8 is f[u] mod 2): the sk's F mod 2, G mod 2 and the signer's f, g. */
void pqs_hawk_low_bits(uint8_t *d, const int8_t *f, size_t n);

/* ==================================================================== */
/* Signing and verification (sign.c, vrfy.c).                           */

/*
 * Signature exactly as the reference hawk_sign_finish() with the NIST API
 * (salt and sampler seed drawn from rng; the message enters
 * hm = SHAKE256(msg || hpub)).  Returns PQS_OK, PQS_ERR_RANDOMNESS.
 */
int pqs_hawk_sign(unsigned logn, uint8_t *sig, const uint8_t *msg,
	size_t msg_len, const uint8_t *sk, pqs_rng *rng);
/* PQS_OK, PQS_ERR_INVALID_SIGNATURE, PQS_ERR_SIG_ENCODING or
 * PQS_ERR_KEY_ENCODING. */
int pqs_hawk_verify(unsigned logn, const uint8_t *sig, const uint8_t *msg,
	size_t msg_len, const uint8_t *pk);

/* hm = SHAKE256(msg || hpub) (64 bytes), then h = SHAKE256(hm || salt)
 * (2n bits: h0 then h1). */
void pqs_hawk_hash_message(uint8_t hm[64], const uint8_t *msg, size_t msg_len,
	const uint8_t *hpub, size_t hpub_len);
void pqs_hawk_hash_salted(uint8_t *h, const uint8_t hm[64],
	const uint8_t *salt, size_t salt_len, unsigned logn);

/* The secret basis B = [[f, F], [g, G]] modulo 2, n/64 words each. */
typedef struct {
	uint64_t f[PQS_HAWK_MAX_N / 64], g[PQS_HAWK_MAX_N / 64];
	uint64_t F[PQS_HAWK_MAX_N / 64], G[PQS_HAWK_MAX_N / 64];
} pqs_hawk_gf2_basis;
/* t0 = f*h0 + F*h1, t1 = g*h0 + G*h1 modulo 2 and x^n+1 (sign.c); n/64
 * little-endian words per polynomial. */
void pqs_hawk_gf2_tmul(uint64_t *t0, uint64_t *t1, const pqs_hawk_gf2_basis *b, const uint64_t *h0, const uint64_t *h1,
		       size_t n);

/*
 * The Gaussian sampler (sampler.c): x = 2n values 2x_i (x0 then x1), the
 * randomness from the four streams SHAKE256(prefix || seed || j); t: the
 * 2n parity bits (t0 then t1).  Returns ||2x||^2.
 */
#define PQS_HAWK_SAMPLER_PREFIX_MAX (64 + 40 + 4)
uint32_t pqs_hawk_sample(int8_t *x, const uint8_t *prefix, size_t prefix_len, const uint8_t seed[40], const uint8_t *t,
			 const pqs_hawk_params *prm);

/*
 * NTT twiddles modulo pqs_mp31_primes[0] and [1] (ntt_tables.c, generated
 * by ntt_tables_gen.py): pqs_mp31_mkgm()'s tables for logn = 10, whose
 * first 2^logn entries are those of every smaller logn.  Hawk's products
 * and its verifier only use these two primes.
 */
extern const uint32_t pqs_hawk_gm[2][1024];
extern const uint32_t pqs_hawk_igm[2][1024];

/* ==================================================================== */
/* Small-polynomial arithmetic (poly.c).                                 */

/* d = a*op(b) + c*op(e) (minus if subtract) mod x^n+1, exactly (int32
 * coefficients; inputs int8), op = adjoint if adj else identity. */
void pqs_hawk_mul2_small(int32_t *d, const int8_t *a, const int8_t *b,
	const int8_t *c, const int8_t *e, int adj, int subtract, unsigned logn);

#endif
