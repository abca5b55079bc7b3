/*
 * Keccak-f[1600] and the FIPS 202 sponge (SHA3-*, SHAKE*).
 *
 * Lanes are kept as native uint64_t; the byte interface XORs/reads them
 * little-endian as FIPS 202 section B.1 specifies, independent of host
 * endianness.
 */
#include <string.h>

#include "core/keccak_x4.h"
#include "core/simd.h"
#include "pqsig/sha3.h"
#include "pqsig/rand.h"

/* FIPS 202 section 3.2.5: the round constants of iota (shared with keccak_x4.c). */
const uint64_t pqs_keccak_round_constants[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/*
 * FIPS 202 section 3.3: Rnd = iota(chi(pi(rho(theta(A))))), 24 rounds.
 * Lane A[x, y] lives in local variable a<x><y> so that the compiler keeps
 * the state in registers.  theta, rho and pi are fused by computing each
 * lane B[y, 2x+3y] = ROT(A[x, y] ^ D[x], r[x, y]) (rotation offsets from
 * FIPS 202 Table 2); chi then runs on that output row at once, so that at
 * most five B lanes are live (fewer spills than all 25 B lanes first).
 *
 * The round is written once, as a macro over the lane type and its
 * operations, and instantiated three times (issue 16 item 2), chosen at
 * run time (src/core/simd.h), all giving the same bytes:
 *   - portable C on uint64_t;
 *   - the same compiled for BMI1, whose andn is chi's (~b & c);
 *   - AVX-512VL with one lane per 128-bit register: the 32 registers hold
 *     the 25 lanes and the temporaries, vpternlogq does theta's five-way
 *     parity in two instructions and chi in one, vprolq rotates, and pi is
 *     register renaming (no shuffles).  Single-stream callers (the Falcon
 *     keygen's SHAKE256, HashToPoint) cannot use the four-way Keccak.
 */
/*
 * One output row Y of a round: the five lanes B[x, Y] = ROT(A ^ D, r) (theta's
 * addition, rho, and pi's choice of source lane), then chi on them into e<x><Y>.
 */
#define KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, Y, a0, d0, r0, a1, d1, r1, a2, d2, r2, a3, d3, r3, a4, d4, r4) \
	lane_t b0##Y = XOR_ROL(a0, d0, r0), b1##Y = XOR_ROL(a1, d1, r1), b2##Y = XOR_ROL(a2, d2, r2);       \
	lane_t b3##Y = XOR_ROL(a3, d3, r3), b4##Y = XOR_ROL(a4, d4, r4);                                    \
	lane_t e0##Y = CHI(b0##Y, b1##Y, b2##Y), e1##Y = CHI(b1##Y, b2##Y, b3##Y);                          \
	lane_t e2##Y = CHI(b2##Y, b3##Y, b4##Y), e3##Y = CHI(b3##Y, b4##Y, b0##Y);                          \
	lane_t e4##Y = CHI(b4##Y, b0##Y, b1##Y)

#define KECCAK_PERMUTATION(lane_t, LOAD, STORE, XOR5, THETA_D, XOR_ROL, CHI, IOTA, st)                                \
	do {                                                                                                          \
		lane_t a00 = LOAD(st, 0), a10 = LOAD(st, 1), a20 = LOAD(st, 2), a30 = LOAD(st, 3);                    \
		lane_t a40 = LOAD(st, 4), a01 = LOAD(st, 5), a11 = LOAD(st, 6), a21 = LOAD(st, 7);                    \
		lane_t a31 = LOAD(st, 8), a41 = LOAD(st, 9), a02 = LOAD(st, 10), a12 = LOAD(st, 11);                  \
		lane_t a22 = LOAD(st, 12), a32 = LOAD(st, 13), a42 = LOAD(st, 14), a03 = LOAD(st, 15);                \
		lane_t a13 = LOAD(st, 16), a23 = LOAD(st, 17), a33 = LOAD(st, 18), a43 = LOAD(st, 19);                \
		lane_t a04 = LOAD(st, 20), a14 = LOAD(st, 21), a24 = LOAD(st, 22), a34 = LOAD(st, 23);                \
		lane_t a44 = LOAD(st, 24);                                                                            \
		for (int round = 0; round < 24; round++) {                                                            \
			/* theta: column parities C[x] and D[x] = C[x-1] ^ ROT(C[x+1], 1) */                          \
			lane_t c0 = XOR5(a00, a01, a02, a03, a04);                                                    \
			lane_t c1 = XOR5(a10, a11, a12, a13, a14);                                                    \
			lane_t c2 = XOR5(a20, a21, a22, a23, a24);                                                    \
			lane_t c3 = XOR5(a30, a31, a32, a33, a34);                                                    \
			lane_t c4 = XOR5(a40, a41, a42, a43, a44);                                                    \
			lane_t d0 = THETA_D(c4, c1);                                                                  \
			lane_t d1 = THETA_D(c0, c2);                                                                  \
			lane_t d2 = THETA_D(c1, c3);                                                                  \
			lane_t d3 = THETA_D(c2, c4);                                                                  \
			lane_t d4 = THETA_D(c3, c0);                                                                  \
			/* per output row Y: B[x, Y] from theta's addition, rho and pi, then chi */                   \
			KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, 0, a00, d0, 0, a11, d1, 44, a22, d2, 43, a33, d3, 21,    \
				       a44, d4, 14);                                                                  \
			KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, 1, a30, d3, 28, a41, d4, 20, a02, d0, 3, a13, d1, 45,    \
				       a24, d2, 61);                                                                  \
			KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, 2, a10, d1, 1, a21, d2, 6, a32, d3, 25, a43, d4, 8, a04, \
				       d0, 18);                                                                       \
			KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, 3, a40, d4, 27, a01, d0, 36, a12, d1, 10, a23, d2, 15,   \
				       a34, d3, 56);                                                                  \
			KECCAK_OUT_ROW(lane_t, XOR_ROL, CHI, 4, a20, d2, 62, a31, d3, 55, a42, d4, 39, a03, d0, 41,   \
				       a14, d1, 2);                                                                   \
			e00 = IOTA(e00, round);                                                                       \
			a00 = e00;                                                                                    \
			a10 = e10;                                                                                    \
			a20 = e20;                                                                                    \
			a30 = e30;                                                                                    \
			a40 = e40;                                                                                    \
			a01 = e01;                                                                                    \
			a11 = e11;                                                                                    \
			a21 = e21;                                                                                    \
			a31 = e31;                                                                                    \
			a41 = e41;                                                                                    \
			a02 = e02;                                                                                    \
			a12 = e12;                                                                                    \
			a22 = e22;                                                                                    \
			a32 = e32;                                                                                    \
			a42 = e42;                                                                                    \
			a03 = e03;                                                                                    \
			a13 = e13;                                                                                    \
			a23 = e23;                                                                                    \
			a33 = e33;                                                                                    \
			a43 = e43;                                                                                    \
			a04 = e04;                                                                                    \
			a14 = e14;                                                                                    \
			a24 = e24;                                                                                    \
			a34 = e34;                                                                                    \
			a44 = e44;                                                                                    \
		}                                                                                                     \
		STORE(st, 0, a00), STORE(st, 1, a10), STORE(st, 2, a20), STORE(st, 3, a30), STORE(st, 4, a40);        \
		STORE(st, 5, a01), STORE(st, 6, a11), STORE(st, 7, a21), STORE(st, 8, a31), STORE(st, 9, a41);        \
		STORE(st, 10, a02), STORE(st, 11, a12), STORE(st, 12, a22), STORE(st, 13, a32);                       \
		STORE(st, 14, a42), STORE(st, 15, a03), STORE(st, 16, a13), STORE(st, 17, a23);                       \
		STORE(st, 18, a33), STORE(st, 19, a43), STORE(st, 20, a04), STORE(st, 21, a14);                       \
		STORE(st, 22, a24), STORE(st, 23, a34), STORE(st, 24, a44);                                           \
	} while (0)

#if defined(__GNUC__) || defined(__clang__)
#define KECCAK_INLINE static inline __attribute__((always_inline))
#else
#define KECCAK_INLINE static inline
#endif

/* The lane operations on uint64_t. */
#define ROL64(x, n)                 ((n) == 0 ? (x) : (((x) << ((n)&63)) | ((x) >> ((64 - (n)) & 63))))
#define U64_LOAD(st, i)             ((st)[i])
#define U64_STORE(st, i, v)         ((st)[i] = (v))
#define U64_XOR5(a, b, c, d, e)     ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define U64_THETA_D(c_prev, c_next) ((c_prev) ^ ROL64(c_next, 1))
#define U64_XOR_ROL(a, d, n)        ROL64((a) ^ (d), n)
#define U64_CHI(b0, b1, b2)         ((b0) ^ (~(b1) & (b2)))
#define U64_IOTA(a, round)          ((a) ^ pqs_keccak_round_constants[round])

KECCAK_INLINE void keccak_f1600_u64(uint64_t st[25])
{
	KECCAK_PERMUTATION(uint64_t, U64_LOAD, U64_STORE, U64_XOR5, U64_THETA_D, U64_XOR_ROL, U64_CHI, U64_IOTA, st);
}

static void keccak_f1600_portable(uint64_t st[25])
{
	keccak_f1600_u64(st);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KECCAK_X86_BUILD 1
#include <immintrin.h>

__attribute__((target("bmi"))) static void keccak_f1600_bmi1(uint64_t st[25])
{
	keccak_f1600_u64(st);
}

/* vpternlogq truth tables: bit (a << 2 | b << 1 | c) of the immediate is f(a, b, c). */
#define TERNLOG_XOR3              0x96 /* a ^ b ^ c */
#define TERNLOG_CHI               0xD2 /* a ^ (~b & c) */
#define V_LOAD(st, i)             _mm_cvtsi64_si128((long long)(st)[i])
#define V_STORE(st, i, v)         ((st)[i] = (uint64_t)_mm_cvtsi128_si64(v))
#define V_XOR5(a, b, c, d, e)     _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a, b, c, TERNLOG_XOR3), d, e, TERNLOG_XOR3)
#define V_THETA_D(c_prev, c_next) _mm_xor_si128(c_prev, _mm_rol_epi64(c_next, 1))
#define V_XOR_ROL(a, d, n)        ((n) == 0 ? _mm_xor_si128(a, d) : _mm_rol_epi64(_mm_xor_si128(a, d), (n)&63))
#define V_CHI(b0, b1, b2)         _mm_ternarylogic_epi64(b0, b1, b2, TERNLOG_CHI)
#define V_IOTA(a, round)          _mm_xor_si128(a, _mm_cvtsi64_si128((long long)pqs_keccak_round_constants[round]))

__attribute__((target("avx512f,avx512vl"))) static void keccak_f1600_avx512vl(uint64_t st[25])
{
	KECCAK_PERMUTATION(__m128i, V_LOAD, V_STORE, V_XOR5, V_THETA_D, V_XOR_ROL, V_CHI, V_IOTA, st);
}
#else
#define KECCAK_X86_BUILD 0
#endif

void pqs_keccak_f1600(uint64_t st[25])
{
#if KECCAK_X86_BUILD
	if (pqs_simd_avx512vl()) {
		keccak_f1600_avx512vl(st);
		return;
	}
	if (pqs_simd_bmi1()) {
		keccak_f1600_bmi1(st);
		return;
	}
#endif
	keccak_f1600_portable(st);
}

static void keccak_init(pqs_keccak *k, unsigned capacity_bits, uint8_t dsbyte)
{
	memset(k->st, 0, sizeof k->st);
	k->rate = 200 - capacity_bits / 8;
	k->pos = 0;
	k->dsbyte = dsbyte;
	k->squeezing = 0;
}

/* FIPS 202 section 6: SHA3 suffix 01, SHAKE suffix 1111, then pad10*1. */
void pqs_shake128_init(pqs_keccak *k)
{
	keccak_init(k, 256, 0x1F);
}
void pqs_shake256_init(pqs_keccak *k)
{
	keccak_init(k, 512, 0x1F);
}
void pqs_sha3_224_init(pqs_keccak *k)
{
	keccak_init(k, 448, 0x06);
}
void pqs_sha3_256_init(pqs_keccak *k)
{
	keccak_init(k, 512, 0x06);
}
void pqs_sha3_384_init(pqs_keccak *k)
{
	keccak_init(k, 768, 0x06);
}
void pqs_sha3_512_init(pqs_keccak *k)
{
	keccak_init(k, 1024, 0x06);
}

static inline void xor_byte(uint64_t *st, unsigned pos, uint8_t b)
{
	st[pos >> 3] ^= (uint64_t)b << (8 * (pos & 7));
}

static inline uint64_t load64_le(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Lanes per block; the bound states what init guarantees (rate <= 168 bytes). */
static inline unsigned lanes_of(unsigned rate)
{
	return rate / 8 < 25 ? rate / 8 : 25;
}

void pqs_keccak_absorb(pqs_keccak *k, const uint8_t *in, size_t len)
{
	unsigned rate = k->rate;
	/* Finish a partial block byte by byte. */
	while (len > 0 && k->pos != 0) {
		xor_byte(k->st, k->pos++, *in++);
		len--;
		if (k->pos == rate) {
			pqs_keccak_f1600(k->st);
			k->pos = 0;
		}
	}
	/* Whole blocks lane by lane (every SHA3/SHAKE rate is a multiple of 8). */
	while (len >= rate) {
		for (unsigned i = 0; i < lanes_of(rate); i++)
			k->st[i] ^= load64_le(in + 8 * i);
		pqs_keccak_f1600(k->st);
		in += rate;
		len -= rate;
	}
	while (len > 0) {
		xor_byte(k->st, k->pos++, *in++);
		len--;
	}
}

static void keccak_finalize(pqs_keccak *k)
{
	xor_byte(k->st, k->pos, k->dsbyte);
	xor_byte(k->st, k->rate - 1, 0x80);
	pqs_keccak_f1600(k->st);
	k->pos = 0;
	k->squeezing = 1;
}

void pqs_keccak_squeeze(pqs_keccak *k, uint8_t *out, size_t len)
{
	if (!k->squeezing)
		keccak_finalize(k);
	unsigned rate = k->rate;
	while (len > 0) {
		if (k->pos == rate) {
			pqs_keccak_f1600(k->st);
			k->pos = 0;
		}
		if (k->pos == 0 && len >= rate) {
			for (unsigned i = 0; i < lanes_of(rate); i++)
				store64_le(out + 8 * i, k->st[i]);
			out += rate;
			len -= rate;
			k->pos = rate;
			continue;
		}
		*out++ = (uint8_t)(k->st[k->pos >> 3] >> (8 * (k->pos & 7)));
		k->pos++;
		len--;
	}
}

void pqs_keccak_squeeze_u64(pqs_keccak *k, uint64_t *out, size_t nwords)
{
	if (!k->squeezing)
		keccak_finalize(k);
	while (nwords > 0) {
		if (k->pos % 8 != 0) {
			/* Off a lane boundary: through the byte interface. */
			uint8_t word[8];
			pqs_keccak_squeeze(k, word, sizeof word);
			*out++ = load64_le(word);
			pqs_zeroize(word, sizeof word);
			nwords--;
			continue;
		}
		if (k->pos == k->rate) {
			pqs_keccak_f1600(k->st);
			k->pos = 0;
		}
		/* FIPS 202 section B.1: the lanes are the little-endian words of the output. */
		size_t take = (k->rate - k->pos) / 8;
		if (take > nwords)
			take = nwords;
		memcpy(out, &k->st[k->pos / 8], take * sizeof *out);
		out += take;
		nwords -= take;
		k->pos += (unsigned)(take * 8);
	}
}

void pqs_keccak_squeeze_blocks(pqs_keccak *k, uint8_t *out, size_t nblocks)
{
	pqs_keccak_squeeze(k, out, nblocks * k->rate);
}

void pqs_keccak_clear(pqs_keccak *k)
{
	pqs_zeroize(k, sizeof *k);
}

void pqs_sha3_256(uint8_t out[32], const uint8_t *in, size_t len)
{
	pqs_keccak k;
	pqs_sha3_256_init(&k);
	pqs_keccak_absorb(&k, in, len);
	pqs_keccak_squeeze(&k, out, 32);
	pqs_keccak_clear(&k);
}

void pqs_sha3_512(uint8_t out[64], const uint8_t *in, size_t len)
{
	pqs_keccak k;
	pqs_sha3_512_init(&k);
	pqs_keccak_absorb(&k, in, len);
	pqs_keccak_squeeze(&k, out, 64);
	pqs_keccak_clear(&k);
}

void pqs_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t len)
{
	pqs_keccak k;
	pqs_shake128_init(&k);
	pqs_keccak_absorb(&k, in, len);
	pqs_keccak_squeeze(&k, out, outlen);
	pqs_keccak_clear(&k);
}

void pqs_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t len)
{
	pqs_keccak k;
	pqs_shake256_init(&k);
	pqs_keccak_absorb(&k, in, len);
	pqs_keccak_squeeze(&k, out, outlen);
	pqs_keccak_clear(&k);
}
