/*
 * Fixed-width integer codecs and the counting byte writer shared by every
 * wire format in the library (COER, the SCMS role messages, ledger blocks,
 * WSM fragment headers, pcap files).  Header-only so each user keeps the
 * calls inlined.
 */
#ifndef PQSIG_CORE_BYTES_H
#define PQSIG_CORE_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Store the low n (<= 8) octets of v at p, most significant first. */
static inline void pqs_store_be(uint8_t *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
}

/* Load n (<= 8) octets at p as a big-endian unsigned value. */
static inline uint64_t pqs_load_be(const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++)
		v = (v << 8) | p[i];
	return v;
}

static inline void pqs_store_be16(uint8_t *p, uint16_t v) { pqs_store_be(p, v, 2); }
static inline void pqs_store_be32(uint8_t *p, uint32_t v) { pqs_store_be(p, v, 4); }
static inline void pqs_store_be64(uint8_t *p, uint64_t v) { pqs_store_be(p, v, 8); }
static inline uint16_t pqs_load_be16(const uint8_t *p) { return (uint16_t)pqs_load_be(p, 2); }
static inline uint32_t pqs_load_be32(const uint8_t *p) { return (uint32_t)pqs_load_be(p, 4); }
static inline uint64_t pqs_load_be64(const uint8_t *p) { return pqs_load_be(p, 8); }

/* Little-endian store, for the formats that define it (pcap headers). */
static inline void pqs_store_le32(uint8_t *p, uint32_t v)
{
	for (size_t i = 0; i < 4; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

/*
 * Counting writer: appends into buf while the bytes fit; once a write does
 * not fit it sets overflow, drops that write and every later one, but keeps
 * counting len, so a caller that passed too small a buffer (or none) learns
 * the size it needs from one encoding pass.
 */
typedef struct {
	uint8_t *buf;
	size_t cap, len;
	int overflow;
} pqs_wr;

static inline void pqs_wr_init(pqs_wr *w, uint8_t *buf, size_t cap)
{
	w->buf = buf;
	w->cap = buf ? cap : 0;
	w->len = 0;
	w->overflow = 0;
}

static inline void pqs_wr_bytes(pqs_wr *w, const uint8_t *p, size_t n)
{
	if (!w->overflow && n <= w->cap - w->len) {
		if (n)
			memcpy(w->buf + w->len, p, n);
	} else {
		w->overflow = 1;
	}
	w->len += n;
}

/* Append the low n (<= 8) octets of v, most significant first. */
static inline void pqs_wr_be(pqs_wr *w, uint64_t v, size_t n)
{
	uint8_t b[8];
	pqs_store_be(b, v, n);
	pqs_wr_bytes(w, b, n);
}

#endif
