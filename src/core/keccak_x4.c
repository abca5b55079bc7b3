/*
 * Four Keccak-f[1600] sponges in step (src/core/keccak_x4.h).  The sponge
 * logic (FIPS 202 sections 4 and 6: pad10*1 with the SHAKE suffix 1111)
 * works on the interleaved state in portable C; only the permutation has an
 * AVX2 version, chosen at run time through src/core/simd.h.
 */
#include <string.h>

#include "core/keccak_x4.h"
#include "core/simd.h"
#include "pqsig/rand.h"
#include "pqsig/sha3.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KECCAK_X4_AVX2_BUILD 1
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* FIPS 202 section 3.2.5: the round constants of iota. */
static const uint64_t round_constants[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define XOR(a, b) _mm256_xor_si256((a), (b))
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n)))

/*
 * FIPS 202 section 3.3, fused as in the single-stream pqs_keccak_f1600:
 * theta's column parities C and D, then B[y, 2x+3y] = ROT(A[x, y] ^ D[x],
 * r[x, y]) (Table 2 offsets), then chi row by row and iota.  Rotations by 8
 * and 56 are byte shuffles.
 */
AVX2 static void keccak_f1600_x4_avx2(uint64_t st[25][4])
{
	const __m256i rol8 = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5,
					      6, 15, 8, 9, 10, 11, 12, 13, 14);
	const __m256i rol56 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6,
					       7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
	__m256i a[25];
	for (unsigned i = 0; i < 25; i++)
		a[i] = _mm256_load_si256((const __m256i *)st[i]);
	for (unsigned round = 0; round < 24; round++) {
		const __m256i c0 = XOR(XOR(XOR(a[0], a[5]), XOR(a[10], a[15])), a[20]);
		const __m256i c1 = XOR(XOR(XOR(a[1], a[6]), XOR(a[11], a[16])), a[21]);
		const __m256i c2 = XOR(XOR(XOR(a[2], a[7]), XOR(a[12], a[17])), a[22]);
		const __m256i c3 = XOR(XOR(XOR(a[3], a[8]), XOR(a[13], a[18])), a[23]);
		const __m256i c4 = XOR(XOR(XOR(a[4], a[9]), XOR(a[14], a[19])), a[24]);
		const __m256i d0 = XOR(c4, ROL(c1, 1));
		const __m256i d1 = XOR(c0, ROL(c2, 1));
		const __m256i d2 = XOR(c1, ROL(c3, 1));
		const __m256i d3 = XOR(c2, ROL(c4, 1));
		const __m256i d4 = XOR(c3, ROL(c0, 1));
		/* b[x + 5y] with the lane index of A as x + 5y. */
		const __m256i b00 = XOR(a[0], d0);
		const __m256i b10 = ROL(XOR(a[6], d1), 44);
		const __m256i b20 = ROL(XOR(a[12], d2), 43);
		const __m256i b30 = ROL(XOR(a[18], d3), 21);
		const __m256i b40 = ROL(XOR(a[24], d4), 14);
		const __m256i b01 = ROL(XOR(a[3], d3), 28);
		const __m256i b11 = ROL(XOR(a[9], d4), 20);
		const __m256i b21 = ROL(XOR(a[10], d0), 3);
		const __m256i b31 = ROL(XOR(a[16], d1), 45);
		const __m256i b41 = ROL(XOR(a[22], d2), 61);
		const __m256i b02 = ROL(XOR(a[1], d1), 1);
		const __m256i b12 = ROL(XOR(a[7], d2), 6);
		const __m256i b22 = ROL(XOR(a[13], d3), 25);
		const __m256i b32 = _mm256_shuffle_epi8(XOR(a[19], d4), rol8);
		const __m256i b42 = ROL(XOR(a[20], d0), 18);
		const __m256i b03 = ROL(XOR(a[4], d4), 27);
		const __m256i b13 = ROL(XOR(a[5], d0), 36);
		const __m256i b23 = ROL(XOR(a[11], d1), 10);
		const __m256i b33 = ROL(XOR(a[17], d2), 15);
		const __m256i b43 = _mm256_shuffle_epi8(XOR(a[23], d3), rol56);
		const __m256i b04 = ROL(XOR(a[2], d2), 62);
		const __m256i b14 = ROL(XOR(a[8], d3), 55);
		const __m256i b24 = ROL(XOR(a[14], d4), 39);
		const __m256i b34 = ROL(XOR(a[15], d0), 41);
		const __m256i b44 = ROL(XOR(a[21], d1), 2);
		a[0] = XOR(XOR(b00, _mm256_andnot_si256(b10, b20)),
			   _mm256_set1_epi64x((long long)round_constants[round]));
		a[1] = XOR(b10, _mm256_andnot_si256(b20, b30));
		a[2] = XOR(b20, _mm256_andnot_si256(b30, b40));
		a[3] = XOR(b30, _mm256_andnot_si256(b40, b00));
		a[4] = XOR(b40, _mm256_andnot_si256(b00, b10));
		a[5] = XOR(b01, _mm256_andnot_si256(b11, b21));
		a[6] = XOR(b11, _mm256_andnot_si256(b21, b31));
		a[7] = XOR(b21, _mm256_andnot_si256(b31, b41));
		a[8] = XOR(b31, _mm256_andnot_si256(b41, b01));
		a[9] = XOR(b41, _mm256_andnot_si256(b01, b11));
		a[10] = XOR(b02, _mm256_andnot_si256(b12, b22));
		a[11] = XOR(b12, _mm256_andnot_si256(b22, b32));
		a[12] = XOR(b22, _mm256_andnot_si256(b32, b42));
		a[13] = XOR(b32, _mm256_andnot_si256(b42, b02));
		a[14] = XOR(b42, _mm256_andnot_si256(b02, b12));
		a[15] = XOR(b03, _mm256_andnot_si256(b13, b23));
		a[16] = XOR(b13, _mm256_andnot_si256(b23, b33));
		a[17] = XOR(b23, _mm256_andnot_si256(b33, b43));
		a[18] = XOR(b33, _mm256_andnot_si256(b43, b03));
		a[19] = XOR(b43, _mm256_andnot_si256(b03, b13));
		a[20] = XOR(b04, _mm256_andnot_si256(b14, b24));
		a[21] = XOR(b14, _mm256_andnot_si256(b24, b34));
		a[22] = XOR(b24, _mm256_andnot_si256(b34, b44));
		a[23] = XOR(b34, _mm256_andnot_si256(b44, b04));
		a[24] = XOR(b44, _mm256_andnot_si256(b04, b14));
	}
	for (unsigned i = 0; i < 25; i++)
		_mm256_store_si256((__m256i *)st[i], a[i]);
}
#else
#define KECCAK_X4_AVX2_BUILD 0
#endif

static void keccak_f1600_x4_portable(uint64_t s[25][4])
{
	uint64_t one[25];
	for (unsigned j = 0; j < 4; j++) {
		for (unsigned i = 0; i < 25; i++)
			one[i] = s[i][j];
		pqs_keccak_f1600(one);
		for (unsigned i = 0; i < 25; i++)
			s[i][j] = one[i];
	}
	pqs_zeroize(one, sizeof one);
}

void pqs_keccak_f1600_x4(uint64_t s[25][4])
{
#if KECCAK_X4_AVX2_BUILD
	if (pqs_simd_avx2()) {
		keccak_f1600_x4_avx2(s);
		return;
	}
#endif
	keccak_f1600_x4_portable(s);
}

static void keccak_x4_init(pqs_keccak_x4 *k, unsigned rate)
{
	memset(k->s, 0, sizeof k->s);
	k->rate = rate;
	k->pos = 0;
	k->dsbyte = 0x1F;
	k->squeezing = 0;
}

void pqs_shake128_x4_init(pqs_keccak_x4 *k)
{
	keccak_x4_init(k, PQS_SHAKE128_RATE);
}

void pqs_shake256_x4_init(pqs_keccak_x4 *k)
{
	keccak_x4_init(k, PQS_SHAKE256_RATE);
}

static inline uint64_t load64_le(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
	for (unsigned i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* FIPS 202 section B.1: byte pos of the rate is byte pos % 8 (little-endian) of lane pos / 8. */
static inline void xor_byte(pqs_keccak_x4 *k, unsigned stream, unsigned pos, uint8_t b)
{
	k->s[pos >> 3][stream] ^= (uint64_t)b << (8 * (pos & 7));
}

void pqs_keccak_x4_absorb(pqs_keccak_x4 *k, const uint8_t *const in[4], size_t len)
{
	const unsigned rate = k->rate;
	size_t off = 0;
	while (off < len) {
		if (k->pos == 0 && len - off >= rate) {
			/* A whole block lane by lane (both SHAKE rates are multiples of 8). */
			for (unsigned j = 0; j < 4; j++)
				if (in[j])
					for (unsigned i = 0; i < rate / 8; i++)
						k->s[i][j] ^= load64_le(in[j] + off + 8 * i);
			off += rate;
			pqs_keccak_f1600_x4(k->s);
			continue;
		}
		/* A whole lane when aligned, else one byte. */
		const unsigned step = (k->pos & 7) == 0 && len - off >= 8 ? 8 : 1;
		for (unsigned j = 0; j < 4; j++)
			if (in[j]) {
				if (step == 8)
					k->s[k->pos >> 3][j] ^= load64_le(in[j] + off);
				else
					xor_byte(k, j, k->pos, in[j][off]);
			}
		off += step;
		k->pos += step;
		if (k->pos == rate) {
			pqs_keccak_f1600_x4(k->s);
			k->pos = 0;
		}
	}
}

static void keccak_x4_finalize(pqs_keccak_x4 *k)
{
	for (unsigned j = 0; j < 4; j++) {
		xor_byte(k, j, k->pos, k->dsbyte);
		xor_byte(k, j, k->rate - 1, 0x80);
	}
	pqs_keccak_f1600_x4(k->s);
	k->pos = 0;
	k->squeezing = 1;
}

void pqs_keccak_x4_squeeze(pqs_keccak_x4 *k, uint8_t *const out[4], size_t len)
{
	if (!k->squeezing)
		keccak_x4_finalize(k);
	const unsigned rate = k->rate;
	size_t off = 0;
	while (off < len) {
		if (k->pos == rate) {
			pqs_keccak_f1600_x4(k->s);
			k->pos = 0;
		}
		if (k->pos == 0 && len - off >= rate) {
			for (unsigned j = 0; j < 4; j++)
				if (out[j])
					for (unsigned i = 0; i < rate / 8; i++)
						store64_le(out[j] + off + 8 * i, k->s[i][j]);
			off += rate;
			k->pos = rate;
			continue;
		}
		const unsigned step = (k->pos & 7) == 0 && len - off >= 8 ? 8 : 1;
		for (unsigned j = 0; j < 4; j++)
			if (out[j]) {
				if (step == 8)
					store64_le(out[j] + off, k->s[k->pos >> 3][j]);
				else
					out[j][off] = (uint8_t)(k->s[k->pos >> 3][j] >> (8 * (k->pos & 7)));
			}
		off += step;
		k->pos += step;
	}
}

void pqs_keccak_x4_squeeze_blocks(pqs_keccak_x4 *k, uint8_t *const out[4], size_t nblocks)
{
	pqs_keccak_x4_squeeze(k, out, nblocks * k->rate);
}

void pqs_keccak_x4_clear(pqs_keccak_x4 *k)
{
	pqs_zeroize(k, sizeof *k);
}

static void shake_x4(unsigned rate, uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen)
{
	pqs_keccak_x4 k;
	keccak_x4_init(&k, rate);
	pqs_keccak_x4_absorb(&k, in, inlen);
	pqs_keccak_x4_squeeze(&k, out, outlen);
	pqs_keccak_x4_clear(&k);
}

void pqs_shake128_x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen)
{
	shake_x4(PQS_SHAKE128_RATE, out, outlen, in, inlen);
}

void pqs_shake256_x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen)
{
	shake_x4(PQS_SHAKE256_RATE, out, outlen, in, inlen);
}
