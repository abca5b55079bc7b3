/*
 * Four independent Keccak-f[1600] sponges advanced in step (FIPS 202),
 * for schemes that hash several independent streams: ML-DSA ExpandA /
 * ExpandS / ExpandMask, FN-DSA key generation, SLH-DSA chains.  With AVX2
 * (src/core/simd.h) one permutation serves the four states, lane j of every
 * 256-bit word belonging to stream j; otherwise the single-stream
 * permutation runs four times.  Both paths give the bytes of four separate
 * pqs_keccak sponges.
 *
 * Usage: pqs_keccak_x4_init, one or more pqs_keccak_x4_absorb calls (the four
 * inputs of one call have the same length), then pqs_keccak_x4_squeeze or
 * pqs_keccak_x4_squeeze_blocks.  A NULL input is absorbed as zero bytes and a
 * NULL output is skipped, for callers with fewer than four streams.
 */
#ifndef PQSIG_CORE_KECCAK_X4_H
#define PQSIG_CORE_KECCAK_X4_H

#include <stddef.h>
#include <stdint.h>

#define PQS_SHAKE128_RATE 168
#define PQS_SHAKE256_RATE 136

typedef struct {
	_Alignas(32) uint64_t s[25][4]; /* s[i][j]: lane i (x + 5y) of stream j */
	unsigned rate;                  /* bytes per block */
	unsigned pos;                   /* byte position inside the current block */
	uint8_t dsbyte;                 /* 0x1F for SHAKE (FIPS 202 section 6.2) */
	uint8_t squeezing;              /* 0 while absorbing */
} pqs_keccak_x4;

/** Keccak-f[1600] (FIPS 202 section 3.3) on four interleaved states. */
void pqs_keccak_f1600_x4(uint64_t s[25][4]);

void pqs_shake128_x4_init(pqs_keccak_x4 *k);
void pqs_shake256_x4_init(pqs_keccak_x4 *k);

/** Absorb in[j][0..len) into stream j (NULL: len zero bytes). */
void pqs_keccak_x4_absorb(pqs_keccak_x4 *k, const uint8_t *const in[4], size_t len);

/** Squeeze len bytes of every stream into out[j] (NULL: skipped); finalizes on first use. */
void pqs_keccak_x4_squeeze(pqs_keccak_x4 *k, uint8_t *const out[4], size_t len);

/** Squeeze nblocks whole rate-sized blocks per stream (on a block boundary: after absorbing or whole blocks). */
void pqs_keccak_x4_squeeze_blocks(pqs_keccak_x4 *k, uint8_t *const out[4], size_t nblocks);

/** Wipe the states. */
void pqs_keccak_x4_clear(pqs_keccak_x4 *k);

/** out[j] = SHAKE128(in[j], 8 outlen) and SHAKE256 likewise, for the four j. */
void pqs_shake128_x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen);
void pqs_shake256_x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen);

#endif
