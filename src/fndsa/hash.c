/*
 * HashToPoint and the sampler's PRNG (round-3 Falcon).
 */
#include "inner.h"
#include "core/ct.h"

void
fndsa_hash_to_point(pqs_keccak *sc, uint16_t *x, unsigned logn)
{
	/*
	 * Alg. 3 HashToPoint: read 16-bit big-endian values from SHAKE256,
	 * keep those below 5q = 61445 and reduce them mod q.  The message
	 * hash is public (it depends on the public nonce and message only),
	 * so the data-dependent loop leaks nothing.  sc may be left with
	 * bytes squeezed beyond the last one used.
	 */
	size_t n = (size_t)1 << logn;
	/* Squeeze one rate-sized block (136 bytes, even) at a time: the byte
	 * stream is the same as with 2-byte reads. */
	uint8_t buf[136];
	size_t pos = sizeof buf;
	while (n > 0) {
		uint32_t w;
		if (pos == sizeof buf) {
			pqs_keccak_squeeze(sc, buf, sizeof buf);
			pos = 0;
		}
		w = ((uint32_t)buf[pos] << 8) | buf[pos + 1];
		pos += 2;
		if (w < 5u * FNDSA_Q) {
			while (w >= FNDSA_Q) {
				w -= FNDSA_Q;
			}
			*x++ = (uint16_t)w;
			n--;
		}
	}
}

/*
 * The PRNG of the reference implementation (round-3 submission, rng.c):
 * 56 bytes from SHAKE256 make a ChaCha20 state (12 words: key and fixed
 * nonce words, read little-endian) and a 64-bit block counter (bytes
 * 48..55, little-endian).  A refill produces 8 ChaCha20 blocks whose
 * 32-bit output words are interleaved (word v of block u at byte offset
 * 4u + 32v), which the KAT signatures depend on.
 */
void
fndsa_prng_init(fndsa_prng *p, pqs_keccak *src)
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
	fndsa_prng_refill(p);
}

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define QROUND(a, b, c, d) do { \
		s[a] += s[b]; s[d] ^= s[a]; s[d] = ROTL32(s[d], 16); \
		s[c] += s[d]; s[b] ^= s[c]; s[b] = ROTL32(s[b], 12); \
		s[a] += s[b]; s[d] ^= s[a]; s[d] = ROTL32(s[d], 8); \
		s[c] += s[d]; s[b] ^= s[c]; s[b] = ROTL32(s[b], 7); \
	} while (0)

void
fndsa_prng_refill(fndsa_prng *p)
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
