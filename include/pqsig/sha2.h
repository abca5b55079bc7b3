/*
 * pqsig: SHA-2 (FIPS 180-4), freestanding.
 *
 * SHA-256 and SHA-512 compression functions and streaming contexts, plus
 * the truncated variants SHA-224, SHA-384, SHA-512/224 and SHA-512/256
 * (same compression, other initial values, FIPS 180-4 section 5.3).  The
 * PQC core uses these instead of OpenSSL: SLH-DSA's SHA2 parameter sets
 * (FIPS 205 section 11.2) and the SHA-2 pre-hash functions of HashML-DSA
 * and HashSLH-DSA.  No allocation, no libc beyond memcpy/memset.
 *
 * Usage: init, update any number of times, final (writes out_len bytes:
 * 32/28 for the SHA-256 family, 64/48/32/28 for the SHA-512 family).  A
 * context may be copied by value at any point to reuse a common prefix
 * (SLH-DSA precomputes the block holding PK.seed this way).
 */
#ifndef PQSIG_SHA2_H
#define PQSIG_SHA2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PQS_SHA256_BLOCK_BYTES 64
#define PQS_SHA512_BLOCK_BYTES 128

typedef struct {
	uint32_t h[8];        /* chaining value */
	uint64_t total;       /* bytes absorbed so far */
	uint8_t buf[PQS_SHA256_BLOCK_BYTES];
	unsigned buf_len;     /* bytes pending in buf */
	unsigned out_len;     /* digest bytes written by final: 32 or 28 */
} pqs_sha256_ctx;

typedef struct {
	uint64_t h[8];
	uint64_t total;       /* bytes absorbed so far (messages below 2^64 bytes) */
	uint8_t buf[PQS_SHA512_BLOCK_BYTES];
	unsigned buf_len;
	unsigned out_len;     /* 64, 48, 32 or 28 */
} pqs_sha512_ctx;

/** SHA-256 compression (FIPS 180-4 section 6.2.2) over nblocks 64-byte blocks. */
void pqs_sha256_compress(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
/**
 * Four independent SHA-256 compressions of one 64-byte block each:
 * h[j] = compress(h[j], block[j]), the bytes of four pqs_sha256_compress
 * calls.  With SHA-NI the four streams run interleaved (multi-buffer
 * hashing: several times the throughput of one stream on some CPUs).
 */
void pqs_sha256_compress_x4(uint32_t *const h[4], const uint8_t *const block[4]);
/** SHA-512 compression (FIPS 180-4 section 6.4.2) over nblocks 128-byte blocks. */
void pqs_sha512_compress(uint64_t h[8], const uint8_t *blocks, size_t nblocks);

/**
 * SHA-256 compression uses the x86 SHA extensions when the CPU has them
 * (same results, several times faster).  allow = 0 forces the portable
 * code (tests compare the two), 1 restores the automatic choice.  Returns
 * 1 if the accelerated code is now in use.
 */
int pqs_sha256_accelerated(int allow);

void pqs_sha256_init(pqs_sha256_ctx *c);
void pqs_sha224_init(pqs_sha256_ctx *c);
void pqs_sha256_update(pqs_sha256_ctx *c, const uint8_t *in, size_t len);
/** Pad, write c->out_len digest bytes to out, and wipe the context. */
void pqs_sha256_final(pqs_sha256_ctx *c, uint8_t *out);

void pqs_sha512_init(pqs_sha512_ctx *c);
void pqs_sha384_init(pqs_sha512_ctx *c);
void pqs_sha512_224_init(pqs_sha512_ctx *c);
void pqs_sha512_256_init(pqs_sha512_ctx *c);
void pqs_sha512_update(pqs_sha512_ctx *c, const uint8_t *in, size_t len);
/** Pad, write c->out_len digest bytes to out, and wipe the context. */
void pqs_sha512_final(pqs_sha512_ctx *c, uint8_t *out);

/* One-shot helpers. */
void pqs_sha256(uint8_t out[32], const uint8_t *in, size_t len);
void pqs_sha512(uint8_t out[64], const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
