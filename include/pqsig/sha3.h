/*
 * pqsig: Keccak-f[1600], SHA3 and SHAKE (FIPS 202).
 *
 * One incremental context serves every instance: init with the instance,
 * absorb any number of times, then squeeze any number of times (squeezing
 * finalizes the padding on first use).  Fixed-output SHA3 functions read
 * their digest with pqs_keccak_squeeze as well.
 *
 * Freestanding: no allocation, no libc beyond memcpy/memset.
 */
#ifndef PQSIG_SHA3_H
#define PQSIG_SHA3_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
	uint64_t st[25];
	unsigned rate;     /* bytes per block: 200 - 2*capacity/8 */
	unsigned pos;      /* byte position inside the current block */
	uint8_t dsbyte;    /* domain separation + first pad bit: 0x06 SHA3, 0x1F SHAKE */
	uint8_t squeezing; /* 0 while absorbing */
} pqs_keccak;

/** Keccak-f[1600] permutation (FIPS 202 section 3.3), 24 rounds, in place. */
void pqs_keccak_f1600(uint64_t st[25]);

void pqs_shake128_init(pqs_keccak *k);
void pqs_shake256_init(pqs_keccak *k);
void pqs_sha3_224_init(pqs_keccak *k);
void pqs_sha3_256_init(pqs_keccak *k);
void pqs_sha3_384_init(pqs_keccak *k);
void pqs_sha3_512_init(pqs_keccak *k);

/** Absorb len bytes. Must not be called after the first squeeze. */
void pqs_keccak_absorb(pqs_keccak *k, const uint8_t *in, size_t len);

/** Squeeze len bytes; may be called repeatedly to continue the stream. */
void pqs_keccak_squeeze(pqs_keccak *k, uint8_t *out, size_t len);

/** Squeeze whole rate-sized blocks (nblocks * rate bytes) - fast path for samplers. */
void pqs_keccak_squeeze_blocks(pqs_keccak *k, uint8_t *out, size_t nblocks);

/**
 * Squeeze 8 * nwords bytes as little-endian 64-bit words: the words a byte
 * squeeze followed by a little-endian load of every 8 bytes would give.
 * At a lane boundary the lanes are copied straight from the state.
 */
void pqs_keccak_squeeze_u64(pqs_keccak *k, uint64_t *out, size_t nwords);

/** Wipe a context. */
void pqs_keccak_clear(pqs_keccak *k);

/* One-shot helpers. */
void pqs_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void pqs_sha3_512(uint8_t out[64], const uint8_t *in, size_t len);
void pqs_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t len);
void pqs_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
