/*
 * Keccak-f[1600] and the FIPS 202 sponge (SHA3-*, SHAKE*).
 *
 * Lanes are kept as native uint64_t; the byte interface XORs/reads them
 * little-endian as FIPS 202 section B.1 specifies, independent of host
 * endianness.
 */
#include <string.h>

#include "core/simd.h"
#include "pqsig/sha3.h"
#include "pqsig/rand.h"

static const uint64_t keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/*
 * FIPS 202 section 3.3: Rnd = iota(chi(pi(rho(theta(A))))), 24 rounds.
 * Lane A[x, y] lives in local variable a<x><y> so that the compiler keeps
 * the state in registers; theta, rho and pi are fused by writing each
 * output lane B[y, 2x+3y] = ROT(A[x, y] ^ D[x], r[x, y]) (rotation offsets
 * from FIPS 202 Table 2), then chi works row by row.
 *
 * The body is compiled twice: plain, and for CPUs with BMI1, whose andn
 * computes chi's (~b & c) in one instruction (issue 16 item 2).  The
 * choice is made at run time (src/core/simd.h); the outputs are the same.
 */
#if defined(__GNUC__) || defined(__clang__)
#define KECCAK_INLINE static inline __attribute__((always_inline))
#else
#define KECCAK_INLINE static inline
#endif

KECCAK_INLINE void keccak_f1600_body(uint64_t st[25])
{
	uint64_t a00 = st[0];
	uint64_t a10 = st[1];
	uint64_t a20 = st[2];
	uint64_t a30 = st[3];
	uint64_t a40 = st[4];
	uint64_t a01 = st[5];
	uint64_t a11 = st[6];
	uint64_t a21 = st[7];
	uint64_t a31 = st[8];
	uint64_t a41 = st[9];
	uint64_t a02 = st[10];
	uint64_t a12 = st[11];
	uint64_t a22 = st[12];
	uint64_t a32 = st[13];
	uint64_t a42 = st[14];
	uint64_t a03 = st[15];
	uint64_t a13 = st[16];
	uint64_t a23 = st[17];
	uint64_t a33 = st[18];
	uint64_t a43 = st[19];
	uint64_t a04 = st[20];
	uint64_t a14 = st[21];
	uint64_t a24 = st[22];
	uint64_t a34 = st[23];
	uint64_t a44 = st[24];
	for (int round = 0; round < 24; round++) {
		uint64_t c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
		uint64_t c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
		uint64_t c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
		uint64_t c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
		uint64_t c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
		uint64_t d0 = c4 ^ ROL64(c1, 1);
		uint64_t d1 = c0 ^ ROL64(c2, 1);
		uint64_t d2 = c1 ^ ROL64(c3, 1);
		uint64_t d3 = c2 ^ ROL64(c4, 1);
		uint64_t d4 = c3 ^ ROL64(c0, 1);
		uint64_t b00 = (a00 ^ d0);
		uint64_t b10 = ROL64(a11 ^ d1, 44);
		uint64_t b20 = ROL64(a22 ^ d2, 43);
		uint64_t b30 = ROL64(a33 ^ d3, 21);
		uint64_t b40 = ROL64(a44 ^ d4, 14);
		uint64_t b01 = ROL64(a30 ^ d3, 28);
		uint64_t b11 = ROL64(a41 ^ d4, 20);
		uint64_t b21 = ROL64(a02 ^ d0, 3);
		uint64_t b31 = ROL64(a13 ^ d1, 45);
		uint64_t b41 = ROL64(a24 ^ d2, 61);
		uint64_t b02 = ROL64(a10 ^ d1, 1);
		uint64_t b12 = ROL64(a21 ^ d2, 6);
		uint64_t b22 = ROL64(a32 ^ d3, 25);
		uint64_t b32 = ROL64(a43 ^ d4, 8);
		uint64_t b42 = ROL64(a04 ^ d0, 18);
		uint64_t b03 = ROL64(a40 ^ d4, 27);
		uint64_t b13 = ROL64(a01 ^ d0, 36);
		uint64_t b23 = ROL64(a12 ^ d1, 10);
		uint64_t b33 = ROL64(a23 ^ d2, 15);
		uint64_t b43 = ROL64(a34 ^ d3, 56);
		uint64_t b04 = ROL64(a20 ^ d2, 62);
		uint64_t b14 = ROL64(a31 ^ d3, 55);
		uint64_t b24 = ROL64(a42 ^ d4, 39);
		uint64_t b34 = ROL64(a03 ^ d0, 41);
		uint64_t b44 = ROL64(a14 ^ d1, 2);
		a00 = b00 ^ (~b10 & b20);
		a10 = b10 ^ (~b20 & b30);
		a20 = b20 ^ (~b30 & b40);
		a30 = b30 ^ (~b40 & b00);
		a40 = b40 ^ (~b00 & b10);
		a01 = b01 ^ (~b11 & b21);
		a11 = b11 ^ (~b21 & b31);
		a21 = b21 ^ (~b31 & b41);
		a31 = b31 ^ (~b41 & b01);
		a41 = b41 ^ (~b01 & b11);
		a02 = b02 ^ (~b12 & b22);
		a12 = b12 ^ (~b22 & b32);
		a22 = b22 ^ (~b32 & b42);
		a32 = b32 ^ (~b42 & b02);
		a42 = b42 ^ (~b02 & b12);
		a03 = b03 ^ (~b13 & b23);
		a13 = b13 ^ (~b23 & b33);
		a23 = b23 ^ (~b33 & b43);
		a33 = b33 ^ (~b43 & b03);
		a43 = b43 ^ (~b03 & b13);
		a04 = b04 ^ (~b14 & b24);
		a14 = b14 ^ (~b24 & b34);
		a24 = b24 ^ (~b34 & b44);
		a34 = b34 ^ (~b44 & b04);
		a44 = b44 ^ (~b04 & b14);
		a00 ^= keccak_rc[round];
	}
	st[0] = a00;
	st[1] = a10;
	st[2] = a20;
	st[3] = a30;
	st[4] = a40;
	st[5] = a01;
	st[6] = a11;
	st[7] = a21;
	st[8] = a31;
	st[9] = a41;
	st[10] = a02;
	st[11] = a12;
	st[12] = a22;
	st[13] = a32;
	st[14] = a42;
	st[15] = a03;
	st[16] = a13;
	st[17] = a23;
	st[18] = a33;
	st[19] = a43;
	st[20] = a04;
	st[21] = a14;
	st[22] = a24;
	st[23] = a34;
	st[24] = a44;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KECCAK_BMI1_BUILD 1
__attribute__((target("bmi"))) static void keccak_f1600_bmi1(uint64_t st[25])
{
	keccak_f1600_body(st);
}
#else
#define KECCAK_BMI1_BUILD 0
#endif

static void keccak_f1600_portable(uint64_t st[25])
{
	keccak_f1600_body(st);
}

void pqs_keccak_f1600(uint64_t st[25])
{
#if KECCAK_BMI1_BUILD
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
void pqs_shake128_init(pqs_keccak *k) { keccak_init(k, 256, 0x1F); }
void pqs_shake256_init(pqs_keccak *k) { keccak_init(k, 512, 0x1F); }
void pqs_sha3_224_init(pqs_keccak *k) { keccak_init(k, 448, 0x06); }
void pqs_sha3_256_init(pqs_keccak *k) { keccak_init(k, 512, 0x06); }
void pqs_sha3_384_init(pqs_keccak *k) { keccak_init(k, 768, 0x06); }
void pqs_sha3_512_init(pqs_keccak *k) { keccak_init(k, 1024, 0x06); }

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
