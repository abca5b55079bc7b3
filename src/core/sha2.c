/*
 * SHA-2 (FIPS 180-4): SHA-256 / SHA-512 compression and the streaming
 * interface of pqsig/sha2.h.  Portable C, constant time (no data-dependent
 * branches or indices), big-endian byte order as FIPS 180-4 section 3.1
 * requires, independent of the host.  On x86-64 CPUs with the SHA
 * extensions, SHA-256 compression uses them (chosen at run time, same
 * results).
 */
#include <string.h>

#include "pqsig/rand.h"
#include "pqsig/sha2.h"

/* FIPS 180-4 section 4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t k256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* FIPS 180-4 section 4.2.3: 64-bit constants (cube roots of the first 80 primes). */
static const uint64_t k512[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
	0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
	0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
	0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
	0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
	0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
	0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
	0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
	0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
	0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
	0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
	0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
	0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
	0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* Initial hash values, FIPS 180-4 sections 5.3.2 - 5.3.6. */
static const uint32_t iv224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                  0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t iv384[8] = {0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL,
                                  0x152fecd8f70e5939ULL, 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
                                  0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL};
static const uint64_t iv512[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                  0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                  0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
static const uint64_t iv512_224[8] = {0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL, 0x1dfab7ae32ff9c82ULL,
                                      0x679dd514582f9fcfULL, 0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL,
                                      0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL};
static const uint64_t iv512_256[8] = {0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL, 0x2393b86b6f53b151ULL,
                                      0x963877195940eabdULL, 0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL,
                                      0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL};

static uint32_t load32_be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t load64_be(const uint8_t *p)
{
	return (uint64_t)load32_be(p) << 32 | load32_be(p + 4);
}

static void store64_be(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--) {
		p[i] = (uint8_t)v;
		v >>= 8;
	}
}

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SHA2_SHANI_BUILD 1
#include "core/simd.h"
#include <immintrin.h>
#include <stdatomic.h>

/*
 * SHA-256 with the x86 SHA extensions (SHA-NI): the same function as the
 * portable code below, four rounds per pair of sha256rnds2 instructions,
 * message schedule with sha256msg1 / sha256msg2.  The state lives in the
 * ABEF / CDGH register layout the instructions use.  The rounds are written
 * for `lanes` independent streams advanced in step: one stream is bound by
 * the latency of sha256rnds2, and four interleaved streams fill that
 * latency (measured here, AMD EPYC: about 150 cycles per compression
 * alone, about 90 per compression four at a time; an 8-way AVX2
 * compression measured about 155, so SHA-NI in four lanes is the faster
 * multi-buffer SHA-256 on this CPU).
 */
#define SHANI_MAX_LANES 4

__attribute__((target("sha,sse4.1"), always_inline)) static inline void
sha256_shani_lanes(uint32_t *const h[SHANI_MAX_LANES], const uint8_t *const block[SHANI_MAX_LANES], unsigned lanes)
{
	/* Byte swap of each 32-bit word: the message is big-endian. */
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
	__m128i abef[SHANI_MAX_LANES], cdgh[SHANI_MAX_LANES], start0[SHANI_MAX_LANES], start1[SHANI_MAX_LANES];
	__m128i w[SHANI_MAX_LANES][4]; /* w[l][j % 4] = W[4j .. 4j+3] of lane l */
	for (unsigned l = 0; l < lanes; l++) {
		const __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[l][0]), 0xB1);
		const __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[l][4]), 0x1B);
		abef[l] = start0[l] = _mm_alignr_epi8(cdab, efgh, 8);
		cdgh[l] = start1[l] = _mm_blend_epi16(efgh, cdab, 0xF0);
	}
	for (unsigned j = 0; j < 16; j++) {
		const __m128i k = _mm_loadu_si128((const __m128i *)&k256[4 * j]);
		for (unsigned l = 0; l < lanes; l++) {
			if (j < 4) {
				w[l][j] =
					_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block[l] + 16 * j)), bswap);
			} else {
				/* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four at a time. */
				__m128i x = _mm_sha256msg1_epu32(w[l][j & 3], w[l][(j - 3) & 3]);
				x = _mm_add_epi32(x, _mm_alignr_epi8(w[l][(j - 1) & 3], w[l][(j - 2) & 3], 4));
				w[l][j & 3] = _mm_sha256msg2_epu32(x, w[l][(j - 1) & 3]);
			}
			__m128i msg = _mm_add_epi32(w[l][j & 3], k);
			cdgh[l] = _mm_sha256rnds2_epu32(cdgh[l], abef[l], msg);
			msg = _mm_shuffle_epi32(msg, 0x0E);
			abef[l] = _mm_sha256rnds2_epu32(abef[l], cdgh[l], msg);
		}
	}
	for (unsigned l = 0; l < lanes; l++) {
		const __m128i feba = _mm_shuffle_epi32(_mm_add_epi32(abef[l], start0[l]), 0x1B);
		const __m128i dchg = _mm_shuffle_epi32(_mm_add_epi32(cdgh[l], start1[l]), 0xB1);
		_mm_storeu_si128((__m128i *)&h[l][0], _mm_blend_epi16(feba, dchg, 0xF0)); /* DCBA */
		_mm_storeu_si128((__m128i *)&h[l][4], _mm_alignr_epi8(dchg, feba, 8));    /* HGFE */
	}
}

__attribute__((target("sha,sse4.1"))) static void sha256_compress_shani(uint32_t h[8], const uint8_t *blocks,
									size_t nblocks)
{
	uint32_t *const state[SHANI_MAX_LANES] = { h, h, h, h };
	for (; nblocks > 0; nblocks--, blocks += PQS_SHA256_BLOCK_BYTES) {
		const uint8_t *const block[SHANI_MAX_LANES] = { blocks, blocks, blocks, blocks };
		sha256_shani_lanes(state, block, 1);
	}
}

__attribute__((target("sha,sse4.1"))) static void sha256_compress_shani_x4(uint32_t *const h[4],
									   const uint8_t *const block[4])
{
	sha256_shani_lanes(h, block, 4);
}

/* 0 after pqs_sha256_accelerated(0); the CPU check is src/core/simd.h's (PQSIG_NO_SIMD=1 turns it off). */
static _Atomic int shani_allowed = 1;

static int shani_usable(void)
{
	return atomic_load_explicit(&shani_allowed, memory_order_relaxed) && pqs_simd_sha_ni();
}
#else
#define SHA2_SHANI_BUILD 0
#endif

int pqs_sha256_accelerated(int allow)
{
#if SHA2_SHANI_BUILD
	atomic_store_explicit(&shani_allowed, allow != 0, memory_order_relaxed);
	return shani_usable();
#else
	(void)allow;
	return 0;
#endif
}

static void sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks);

void pqs_sha256_compress(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
#if SHA2_SHANI_BUILD
	if (shani_usable()) {
		sha256_compress_shani(h, blocks, nblocks);
		return;
	}
#endif
	sha256_compress_portable(h, blocks, nblocks);
}

void pqs_sha256_compress_x4(uint32_t *const h[4], const uint8_t *const block[4])
{
#if SHA2_SHANI_BUILD
	if (shani_usable()) {
		sha256_compress_shani_x4(h, block);
		return;
	}
#endif
	for (unsigned l = 0; l < 4; l++)
		sha256_compress_portable(h[l], block[l], 1);
}

static void sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, blocks += PQS_SHA256_BLOCK_BYTES) {
		uint32_t w[64];
		/* Section 6.2.2 step 1: message schedule. */
		for (int t = 0; t < 16; t++)
			w[t] = load32_be(blocks + 4 * t);
		for (int t = 16; t < 64; t++) {
			const uint32_t s0 = ROR32(w[t - 15], 7) ^ ROR32(w[t - 15], 18) ^ (w[t - 15] >> 3);
			const uint32_t s1 = ROR32(w[t - 2], 17) ^ ROR32(w[t - 2], 19) ^ (w[t - 2] >> 10);
			w[t] = w[t - 16] + s0 + w[t - 7] + s1;
		}
		/* Steps 2-4: 64 rounds, then add into the chaining value. */
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
		for (int t = 0; t < 64; t++) {
			const uint32_t t1 = hh + (ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25)) + CH(e, f, g) + k256[t] + w[t];
			const uint32_t t2 = (ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22)) + MAJ(a, b, c);
			hh = g;
			g = f;
			f = e;
			e = d + t1;
			d = c;
			c = b;
			b = a;
			a = t1 + t2;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
	}
}

void pqs_sha512_compress(uint64_t h[8], const uint8_t *blocks, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, blocks += PQS_SHA512_BLOCK_BYTES) {
		uint64_t w[80];
		/* Section 6.4.2 step 1: message schedule. */
		for (int t = 0; t < 16; t++)
			w[t] = load64_be(blocks + 8 * t);
		for (int t = 16; t < 80; t++) {
			const uint64_t s0 = ROR64(w[t - 15], 1) ^ ROR64(w[t - 15], 8) ^ (w[t - 15] >> 7);
			const uint64_t s1 = ROR64(w[t - 2], 19) ^ ROR64(w[t - 2], 61) ^ (w[t - 2] >> 6);
			w[t] = w[t - 16] + s0 + w[t - 7] + s1;
		}
		uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
		for (int t = 0; t < 80; t++) {
			const uint64_t t1 = hh + (ROR64(e, 14) ^ ROR64(e, 18) ^ ROR64(e, 41)) + CH(e, f, g) + k512[t] + w[t];
			const uint64_t t2 = (ROR64(a, 28) ^ ROR64(a, 34) ^ ROR64(a, 39)) + MAJ(a, b, c);
			hh = g;
			g = f;
			f = e;
			e = d + t1;
			d = c;
			c = b;
			b = a;
			a = t1 + t2;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
	}
}

static void sha256_start(pqs_sha256_ctx *c, const uint32_t iv[8], unsigned out_len)
{
	memcpy(c->h, iv, sizeof c->h);
	c->total = 0;
	c->buf_len = 0;
	c->out_len = out_len;
}

void pqs_sha256_init(pqs_sha256_ctx *c)
{
	sha256_start(c, iv256, 32);
}

void pqs_sha224_init(pqs_sha256_ctx *c)
{
	sha256_start(c, iv224, 28);
}

/*
 * The block buffering and padding shared by both widths; compress is the
 * width's compression function on its chaining value h.
 */
typedef void (*compress_fn)(void *h, const uint8_t *blocks, size_t nblocks);

static void compress256(void *h, const uint8_t *blocks, size_t nblocks)
{
	pqs_sha256_compress(h, blocks, nblocks);
}

static void compress512(void *h, const uint8_t *blocks, size_t nblocks)
{
	pqs_sha512_compress(h, blocks, nblocks);
}

static void buffered_update(void *h, compress_fn compress, uint8_t *buf, unsigned *buf_len, size_t block,
                            const uint8_t *in, size_t len)
{
	if (*buf_len) {
		size_t take = block - *buf_len;
		if (take > len)
			take = len;
		memcpy(buf + *buf_len, in, take);
		*buf_len += (unsigned)take;
		in += take;
		len -= take;
		if (*buf_len < block)
			return;
		compress(h, buf, 1);
		*buf_len = 0;
	}
	const size_t whole = len / block;
	compress(h, in, whole);
	in += whole * block;
	len -= whole * block;
	memcpy(buf, in, len);
	*buf_len = (unsigned)len;
}

/*
 * Sections 5.1.1 / 5.1.2: a 1 bit, zeros, then the message length in bits
 * as a big-endian integer of len_field bytes (8 for SHA-256, 16 for
 * SHA-512; the byte count stays below 2^64), to a block boundary.
 */
static void buffered_final(void *h, compress_fn compress, uint8_t *buf, unsigned buf_len, size_t block,
                           size_t len_field, uint64_t total)
{
	buf[buf_len++] = 0x80;
	if (buf_len > block - len_field) {
		memset(buf + buf_len, 0, block - buf_len);
		compress(h, buf, 1);
		buf_len = 0;
	}
	memset(buf + buf_len, 0, block - len_field - buf_len);
	if (len_field == 16)
		store64_be(buf + block - 16, total >> 61);
	store64_be(buf + block - 8, total << 3);
	compress(h, buf, 1);
}

void pqs_sha256_update(pqs_sha256_ctx *c, const uint8_t *in, size_t len)
{
	if (len == 0)
		return; /* in may be NULL */
	c->total += len;
	buffered_update(c->h, compress256, c->buf, &c->buf_len, PQS_SHA256_BLOCK_BYTES, in, len);
}

void pqs_sha256_final(pqs_sha256_ctx *c, uint8_t *out)
{
	buffered_final(c->h, compress256, c->buf, c->buf_len, PQS_SHA256_BLOCK_BYTES, 8, c->total);
	for (unsigned i = 0; i < c->out_len; i++)
		out[i] = (uint8_t)(c->h[i / 4] >> (24 - 8 * (i % 4)));
	pqs_zeroize(c, sizeof *c);
}

static void sha512_start(pqs_sha512_ctx *c, const uint64_t iv[8], unsigned out_len)
{
	memcpy(c->h, iv, sizeof c->h);
	c->total = 0;
	c->buf_len = 0;
	c->out_len = out_len;
}

void pqs_sha512_init(pqs_sha512_ctx *c)
{
	sha512_start(c, iv512, 64);
}

void pqs_sha384_init(pqs_sha512_ctx *c)
{
	sha512_start(c, iv384, 48);
}

void pqs_sha512_224_init(pqs_sha512_ctx *c)
{
	sha512_start(c, iv512_224, 28);
}

void pqs_sha512_256_init(pqs_sha512_ctx *c)
{
	sha512_start(c, iv512_256, 32);
}

void pqs_sha512_update(pqs_sha512_ctx *c, const uint8_t *in, size_t len)
{
	if (len == 0)
		return; /* in may be NULL */
	c->total += len;
	buffered_update(c->h, compress512, c->buf, &c->buf_len, PQS_SHA512_BLOCK_BYTES, in, len);
}

void pqs_sha512_final(pqs_sha512_ctx *c, uint8_t *out)
{
	buffered_final(c->h, compress512, c->buf, c->buf_len, PQS_SHA512_BLOCK_BYTES, 16, c->total);
	for (unsigned i = 0; i < c->out_len; i++)
		out[i] = (uint8_t)(c->h[i / 8] >> (56 - 8 * (i % 8)));
	pqs_zeroize(c, sizeof *c);
}

void pqs_sha256(uint8_t out[32], const uint8_t *in, size_t len)
{
	pqs_sha256_ctx c;
	pqs_sha256_init(&c);
	pqs_sha256_update(&c, in, len);
	pqs_sha256_final(&c, out);
}

void pqs_sha512(uint8_t out[64], const uint8_t *in, size_t len)
{
	pqs_sha512_ctx c;
	pqs_sha512_init(&c);
	pqs_sha512_update(&c, in, len);
	pqs_sha512_final(&c, out);
}
