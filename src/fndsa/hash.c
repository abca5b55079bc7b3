/*
 * HashToPoint and the sampler's PRNG (round-3 Falcon).
 */
#include "inner.h"
#include "core/ct.h"

/*
 * Alg. 3 HashToPoint: read 16-bit values from SHAKE256, keep those below
 * 5q = 61445 and reduce them mod q.  Round-3 Falcon reads the values
 * big-endian; FN-DSA (the 2026-07-22 guess, section 3.3 step 2) reads
 * them little-endian.  The message hash is public (it depends on the
 * public nonce and message only), so the data-dependent loop leaks
 * nothing.  sc may be left with bytes squeezed beyond the last one used.
 *
 * Whole rate-sized blocks (136 bytes, even) are squeezed at a time: the
 * byte stream is the same as with 2-byte reads, without a sponge call per
 * value; the remainder by q is a constant division (a multiply-shift)
 * instead of a loop of subtractions whose branches mispredict.
 */
static inline void hash_to_point_words(pqs_keccak *sc, uint16_t *x, unsigned logn, int little_endian)
{
	size_t n = (size_t)1 << logn;
	uint8_t buf[136];
	while (n > 0) {
		pqs_keccak_squeeze(sc, buf, sizeof buf);
		for (size_t pos = 0; pos < sizeof buf && n > 0; pos += 2) {
			uint32_t w = little_endian ? ((uint32_t)buf[pos + 1] << 8) | buf[pos]
						   : ((uint32_t)buf[pos] << 8) | buf[pos + 1];
			if (w < 5u * FNDSA_Q) {
				*x++ = (uint16_t)(w % FNDSA_Q);
				n--;
			}
		}
	}
}

void pqs_fndsa_hash_to_point(pqs_keccak *sc, uint16_t *x, unsigned logn)
{
	hash_to_point_words(sc, x, logn, 0);
}

void pqs_fndsa_hash_to_point_le(pqs_keccak *sc, uint16_t *x, unsigned logn)
{
	hash_to_point_words(sc, x, logn, 1);
}

/*
 * The PRNG of the reference implementation (round-3 submission, rng.c):
 * 56 bytes from SHAKE256 make a ChaCha20 state (12 words: key and fixed
 * nonce words, read little-endian) and a 64-bit block counter (bytes
 * 48..55, little-endian).  A refill produces 8 ChaCha20 blocks whose
 * 32-bit output words are interleaved (word v of block u at byte offset
 * 4u + 32v), which the KAT signatures depend on.
 */
void pqs_fndsa_prng_init(fndsa_prng *p, pqs_keccak *src)
{
	uint8_t tmp[56];
	pqs_keccak_squeeze(src, tmp, sizeof tmp);
	for (int i = 0; i < 12; i++) {
		p->state[i] = (uint32_t)tmp[4 * i] | ((uint32_t)tmp[4 * i + 1] << 8)
			| ((uint32_t)tmp[4 * i + 2] << 16) | ((uint32_t)tmp[4 * i + 3] << 24);
	}
	p->cc = 0;
	for (int i = 7; i >= 0; i--) {
		p->cc = (p->cc << 8) | tmp[48 + i];
	}
	/* The block counter plays the role of a ChaCha20 nonce/counter: it
	 * need not be secret (the 48 key bytes are), and compilers use it as
	 * the loop variable of the refill, so it is declassified. */
	PQS_CT_DECLASSIFY(&p->cc, sizeof p->cc);
	memset(tmp, 0, sizeof tmp);
	pqs_fndsa_prng_refill(p);
}

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define QROUND(a, b, c, d) do { \
		s[a] += s[b]; s[d] ^= s[a]; s[d] = ROTL32(s[d], 16); \
		s[c] += s[d]; s[b] ^= s[c]; s[b] = ROTL32(s[b], 12); \
		s[a] += s[b]; s[d] ^= s[a]; s[d] = ROTL32(s[d], 8); \
		s[c] += s[d]; s[b] ^= s[c]; s[b] = ROTL32(s[b], 7); \
	} while (0)

void pqs_fndsa_prng_refill_generic(fndsa_prng *p)
{
	/* "expand 32-byte k" */
	static const uint32_t CW[4] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
	uint64_t cc = p->cc;

	for (unsigned u = 0; u < 8; u++) {
		uint32_t s[16], in[16];
		memcpy(&in[0], CW, sizeof CW);
		memcpy(&in[4], p->state, sizeof p->state);
		/* The counter is XORed into the last two state words. */
		in[14] ^= (uint32_t)cc;
		in[15] ^= (uint32_t)(cc >> 32);
		memcpy(s, in, sizeof s);
		for (int i = 0; i < 10; i++) {
			QROUND(0, 4, 8, 12);
			QROUND(1, 5, 9, 13);
			QROUND(2, 6, 10, 14);
			QROUND(3, 7, 11, 15);
			QROUND(0, 5, 10, 15);
			QROUND(1, 6, 11, 12);
			QROUND(2, 7, 8, 13);
			QROUND(3, 4, 9, 14);
		}
		for (unsigned v = 0; v < 16; v++) {
			uint32_t w = s[v] + in[v];
			uint8_t *d = p->buf + (u << 2) + (v << 5);
			d[0] = (uint8_t)w;
			d[1] = (uint8_t)(w >> 8);
			d[2] = (uint8_t)(w >> 16);
			d[3] = (uint8_t)(w >> 24);
		}
		cc++;
	}
	p->cc = cc;
	p->ptr = 0;
}

#if defined(__GNUC__) && (defined(__SSE2__) || defined(__ARM_NEON))
/*
 * The same eight blocks with GCC/Clang vector types (4 x 32-bit lanes,
 * SSE2/NEON): lane u of the vector pair (xa, xb)[v] is word v of block u
 * (xa: blocks 0-3, xb: blocks 4-7), which is also the output layout, so
 * each word row is stored as 32 contiguous little-endian bytes.
 */
typedef uint32_t fndsa_v4u32 __attribute__((vector_size(16)));

void pqs_fndsa_prng_refill(fndsa_prng *p)
{
	static const uint32_t CW[4] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
	fndsa_v4u32 xa[16], xb[16], ia[16], ib[16];
	uint64_t cc = p->cc;

	for (unsigned v = 0; v < 16; v++) {
		uint32_t w = v < 4 ? CW[v] : p->state[v - 4];
		fndsa_v4u32 t = { w, w, w, w };
		ia[v] = t;
		ib[v] = t;
	}
	{
		fndsa_v4u32 c0 = { (uint32_t)cc, (uint32_t)(cc + 1), (uint32_t)(cc + 2), (uint32_t)(cc + 3) };
		fndsa_v4u32 c1 = { (uint32_t)(cc + 4), (uint32_t)(cc + 5), (uint32_t)(cc + 6), (uint32_t)(cc + 7) };
		fndsa_v4u32 h0 = { (uint32_t)(cc >> 32), (uint32_t)((cc + 1) >> 32),
			(uint32_t)((cc + 2) >> 32), (uint32_t)((cc + 3) >> 32) };
		fndsa_v4u32 h1 = { (uint32_t)((cc + 4) >> 32), (uint32_t)((cc + 5) >> 32),
			(uint32_t)((cc + 6) >> 32), (uint32_t)((cc + 7) >> 32) };
		ia[14] ^= c0;
		ib[14] ^= c1;
		ia[15] ^= h0;
		ib[15] ^= h1;
	}
	memcpy(xa, ia, sizeof xa);
	memcpy(xb, ib, sizeof xb);
#define VQR(x, a, b, c, d) do { \
		x[a] += x[b]; x[d] ^= x[a]; x[d] = (x[d] << 16) | (x[d] >> 16); \
		x[c] += x[d]; x[b] ^= x[c]; x[b] = (x[b] << 12) | (x[b] >> 20); \
		x[a] += x[b]; x[d] ^= x[a]; x[d] = (x[d] << 8) | (x[d] >> 24); \
		x[c] += x[d]; x[b] ^= x[c]; x[b] = (x[b] << 7) | (x[b] >> 25); \
	} while (0)
#define VROUND(x) do { \
		VQR(x, 0, 4, 8, 12); VQR(x, 1, 5, 9, 13); \
		VQR(x, 2, 6, 10, 14); VQR(x, 3, 7, 11, 15); \
		VQR(x, 0, 5, 10, 15); VQR(x, 1, 6, 11, 12); \
		VQR(x, 2, 7, 8, 13); VQR(x, 3, 4, 9, 14); \
	} while (0)
	for (int i = 0; i < 10; i++) {
		VROUND(xa);
		VROUND(xb);
	}
#undef VROUND
#undef VQR
	for (unsigned v = 0; v < 16; v++) {
		fndsa_v4u32 wa = xa[v] + ia[v], wb = xb[v] + ib[v];
		uint8_t *d = p->buf + (v << 5);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(d, &wa, 16);
		memcpy(d + 16, &wb, 16);
#else
		for (unsigned u = 0; u < 4; u++) {
			d[4 * u + 0] = (uint8_t)wa[u];
			d[4 * u + 1] = (uint8_t)(wa[u] >> 8);
			d[4 * u + 2] = (uint8_t)(wa[u] >> 16);
			d[4 * u + 3] = (uint8_t)(wa[u] >> 24);
			d[16 + 4 * u + 0] = (uint8_t)wb[u];
			d[16 + 4 * u + 1] = (uint8_t)(wb[u] >> 8);
			d[16 + 4 * u + 2] = (uint8_t)(wb[u] >> 16);
			d[16 + 4 * u + 3] = (uint8_t)(wb[u] >> 24);
		}
#endif
	}
	p->cc = cc + 8;
	p->ptr = 0;
}
#else
void pqs_fndsa_prng_refill(fndsa_prng *p)
{
	pqs_fndsa_prng_refill_generic(p);
}
#endif
