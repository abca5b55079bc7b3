/*
 * Keccak-f[1600] and the FIPS 202 sponge (SHA3-*, SHAKE*).
 *
 * Lanes are kept as native uint64_t; the byte interface XORs/reads them
 * little-endian as FIPS 202 section B.1 specifies, independent of host
 * endianness.
 */
#include <string.h>

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

#define ROL64(x, n) (((x) << (n)) | ((x) >> ((64 - (n)) & 63)))

/*
 * FIPS 202 section 3.3: Rnd = iota(chi(pi(rho(theta(A))))), 24 rounds.
 * Lanes are named A[x + 5y]; theta, rho and pi are fused by computing
 * each output lane B[y, 2x+3y] = ROT(A[x,y] ^ D[x], r[x,y]).
 */
void pqs_keccak_f1600(uint64_t st[25])
{
	uint64_t a[25];
	memcpy(a, st, sizeof a);
	for (int round = 0; round < 24; round++) {
		uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
		uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
		uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
		uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
		uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
		uint64_t d0 = c4 ^ ROL64(c1, 1);
		uint64_t d1 = c0 ^ ROL64(c2, 1);
		uint64_t d2 = c1 ^ ROL64(c3, 1);
		uint64_t d3 = c2 ^ ROL64(c4, 1);
		uint64_t d4 = c3 ^ ROL64(c0, 1);
		uint64_t b[25];
		/* rho offsets (FIPS 202 Table 2) and pi: B[y][2x+3y] = A[x][y]. */
		b[0] = a[0] ^ d0;
		b[10] = ROL64(a[1] ^ d1, 1);
		b[20] = ROL64(a[2] ^ d2, 62);
		b[5] = ROL64(a[3] ^ d3, 28);
		b[15] = ROL64(a[4] ^ d4, 27);
		b[16] = ROL64(a[5] ^ d0, 36);
		b[1] = ROL64(a[6] ^ d1, 44);
		b[11] = ROL64(a[7] ^ d2, 6);
		b[21] = ROL64(a[8] ^ d3, 55);
		b[6] = ROL64(a[9] ^ d4, 20);
		b[7] = ROL64(a[10] ^ d0, 3);
		b[17] = ROL64(a[11] ^ d1, 10);
		b[2] = ROL64(a[12] ^ d2, 43);
		b[12] = ROL64(a[13] ^ d3, 25);
		b[22] = ROL64(a[14] ^ d4, 39);
		b[23] = ROL64(a[15] ^ d0, 41);
		b[8] = ROL64(a[16] ^ d1, 45);
		b[18] = ROL64(a[17] ^ d2, 15);
		b[3] = ROL64(a[18] ^ d3, 21);
		b[13] = ROL64(a[19] ^ d4, 8);
		b[14] = ROL64(a[20] ^ d0, 18);
		b[24] = ROL64(a[21] ^ d1, 2);
		b[9] = ROL64(a[22] ^ d2, 61);
		b[19] = ROL64(a[23] ^ d3, 56);
		b[4] = ROL64(a[24] ^ d4, 14);
		/* chi, row by row. */
		for (int y = 0; y < 25; y += 5) {
			uint64_t t0 = b[y], t1 = b[y + 1], t2 = b[y + 2], t3 = b[y + 3], t4 = b[y + 4];
			a[y] = t0 ^ (~t1 & t2);
			a[y + 1] = t1 ^ (~t2 & t3);
			a[y + 2] = t2 ^ (~t3 & t4);
			a[y + 3] = t3 ^ (~t4 & t0);
			a[y + 4] = t4 ^ (~t0 & t1);
		}
		/* iota */
		a[0] ^= keccak_rc[round];
	}
	memcpy(st, a, sizeof a);
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
