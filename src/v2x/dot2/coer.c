/*
 * Canonical OER (ITU-T X.696) primitives for the IEEE 1609.2 codec.
 *
 * 1609.2 section 6.1 mandates COER, so every value has exactly one valid
 * encoding: the reader rejects anything a canonical encoder would not
 * produce (long-form lengths below 128, redundant leading octets, set
 * padding bits), each with its own error code.
 */
#include <string.h>

#include "core/bytes.h"
#include "v2x_inner.h"

void pqs_coer_rd_init(coer_rd *r, const uint8_t *buf, size_t len)
{
	r->buf = buf;
	r->len = len;
	r->pos = 0;
}

static int need(const coer_rd *r, size_t n)
{
	return r->len - r->pos >= n ? V2X_OK : V2X_ERR_TRUNCATED;
}

int pqs_coer_get_bytes(coer_rd *r, size_t n, const uint8_t **p)
{
	int e = need(r, n);
	if (e)
		return e;
	*p = r->buf + r->pos;
	r->pos += n;
	return V2X_OK;
}

static int get_be(coer_rd *r, size_t n, uint64_t *v)
{
	const uint8_t *p;
	int e = pqs_coer_get_bytes(r, n, &p);
	if (e)
		return e;
	*v = pqs_load_be(p, n);
	return V2X_OK;
}

int pqs_coer_get_u8(coer_rd *r, uint8_t *v)
{
	uint64_t x;
	int e = get_be(r, 1, &x);
	if (!e)
		*v = (uint8_t)x;
	return e;
}

int pqs_coer_get_u16(coer_rd *r, uint16_t *v)
{
	uint64_t x;
	int e = get_be(r, 2, &x);
	if (!e)
		*v = (uint16_t)x;
	return e;
}

int pqs_coer_get_u32(coer_rd *r, uint32_t *v)
{
	uint64_t x;
	int e = get_be(r, 4, &x);
	if (!e)
		*v = (uint32_t)x;
	return e;
}

int pqs_coer_get_u64(coer_rd *r, uint64_t *v)
{
	return get_be(r, 8, v);
}

/* X.696 8.6: lengths below 128 take the short form; longer ones 0x80|n and
 * n octets with no leading zero octet (8.6.5 requires the minimum). */
int pqs_coer_get_length(coer_rd *r, size_t *n)
{
	uint8_t b;
	int e = pqs_coer_get_u8(r, &b);
	if (e)
		return e;
	if (b < 0x80) {
		*n = b;
		return V2X_OK;
	}
	size_t k = b & 0x7f;
	if (k == 0)
		return V2X_ERR_LENGTH_NONCANONICAL;
	if (k > sizeof(size_t) || k > 4)
		return V2X_ERR_TOO_LARGE;
	uint64_t x;
	e = get_be(r, k, &x);
	if (e)
		return e;
	if (x < 0x80 || (x >> (8 * (k - 1))) == 0)
		return V2X_ERR_LENGTH_NONCANONICAL;
	*n = (size_t)x;
	return V2X_OK;
}

/* Length-prefixed unsigned octets, minimal (no leading 0x00 unless the value is 0). */
static int get_len_uint(coer_rd *r, uint64_t *v, size_t max_octets)
{
	size_t n;
	int e = pqs_coer_get_length(r, &n);
	if (e)
		return e;
	if (n == 0)
		return V2X_ERR_CONSTRAINT;
	e = need(r, n);
	if (e)
		return e;
	if (n > 1 && r->buf[r->pos] == 0)
		return V2X_ERR_INT_NONCANONICAL;
	if (n > max_octets || n > 8)
		return V2X_ERR_TOO_LARGE;
	return get_be(r, n, v);
}

int pqs_coer_get_uint(coer_rd *r, uint64_t *v, size_t max_octets)
{
	return get_len_uint(r, v, max_octets);
}

/* X.696 10.8: two's complement in the fewest octets (the first nine bits not all equal). */
int pqs_coer_get_int(coer_rd *r, int64_t *v)
{
	size_t n;
	int e = pqs_coer_get_length(r, &n);
	if (e)
		return e;
	if (n == 0)
		return V2X_ERR_CONSTRAINT;
	e = need(r, n);
	if (e)
		return e;
	const uint8_t *p = r->buf + r->pos;
	if (n > 1 && ((p[0] == 0x00 && !(p[1] & 0x80)) || (p[0] == 0xff && (p[1] & 0x80))))
		return V2X_ERR_INT_NONCANONICAL;
	if (n > 8)
		return V2X_ERR_TOO_LARGE;
	uint64_t x = (p[0] & 0x80) ? UINT64_MAX : 0;
	for (size_t i = 0; i < n; i++)
		x = (x << 8) | p[i];
	r->pos += n;
	memcpy(v, &x, sizeof x); /* two's complement reinterpretation, well defined via memcpy */
	return V2X_OK;
}

/* X.696 20.6: the quantity of a SEQUENCE OF is a length-prefixed unsigned integer. */
int pqs_coer_get_quantity(coer_rd *r, size_t *n)
{
	uint64_t v;
	int e = get_len_uint(r, &v, 4);
	if (e)
		return e;
	*n = (size_t)v;
	return V2X_OK;
}

/* X.696 8.7: tag class in bits 8-7 (10 = context-specific), number in bits 6-1;
 * 63 announces a multi-octet number, which no 1609.2 CHOICE we decode uses. */
int pqs_coer_get_tag(coer_rd *r, unsigned *index)
{
	uint8_t b;
	int e = pqs_coer_get_u8(r, &b);
	if (e)
		return e;
	if ((b & 0xc0) != 0x80)
		return V2X_ERR_BAD_TAG;
	if ((b & 0x3f) == 0x3f)
		return V2X_ERR_BAD_TAG;
	*index = b & 0x3f;
	return V2X_OK;
}

int pqs_coer_get_open(coer_rd *r, coer_rd *sub)
{
	size_t n;
	int e = pqs_coer_get_length(r, &n);
	if (e)
		return e;
	const uint8_t *p;
	e = pqs_coer_get_bytes(r, n, &p);
	if (e)
		return e;
	pqs_coer_rd_init(sub, p, n);
	return V2X_OK;
}

/* X.696 16.2-16.3: one bit for the extension marker (if any) and one per
 * OPTIONAL/DEFAULT root component, in the leading octets; the remaining
 * bits of the last octet are zero. */
int pqs_coer_get_preamble(coer_rd *r, unsigned nbits, unsigned *bits)
{
	size_t nbytes = (nbits + 7) / 8;
	uint64_t x;
	int e = get_be(r, nbytes, &x);
	if (e)
		return e;
	unsigned pad = (unsigned)(nbytes * 8 - nbits);
	if (x & ((1u << pad) - 1))
		return V2X_ERR_PREAMBLE;
	*bits = (unsigned)(x >> pad);
	return V2X_OK;
}

/* X.696 11: 0..127 in one octet; larger values as 0x80|n then n octets
 * (canonical: only for values >= 128, minimal). */
int pqs_coer_get_enum(coer_rd *r, unsigned long *v)
{
	uint8_t b;
	int e = pqs_coer_get_u8(r, &b);
	if (e)
		return e;
	if (b < 0x80) {
		*v = b;
		return V2X_OK;
	}
	size_t k = b & 0x7f;
	if (k == 0 || k > 4)
		return k == 0 ? V2X_ERR_INT_NONCANONICAL : V2X_ERR_TOO_LARGE;
	uint64_t x;
	e = get_be(r, k, &x);
	if (e)
		return e;
	if (x < 0x80 || (x >> (8 * (k - 1))) == 0)
		return V2X_ERR_INT_NONCANONICAL;
	*v = (unsigned long)x;
	return V2X_OK;
}

/* X.696 16.4-16.5: an extension-addition presence bitmap (a BIT STRING
 * with a length determinant and an unused-bits octet), then one open type
 * per set bit.  The set must not be empty (the extension bit would have
 * been 0) and the unused bits must be zero. */
int pqs_coer_skip_extensions(coer_rd *r)
{
	size_t n;
	int e = pqs_coer_get_length(r, &n);
	if (e)
		return e;
	if (n < 2)
		return V2X_ERR_EXTENSION;
	const uint8_t *p;
	e = pqs_coer_get_bytes(r, n, &p);
	if (e)
		return e;
	unsigned unused = p[0];
	if (unused > 7 || (p[n - 1] & ((1u << unused) - 1)))
		return V2X_ERR_EXTENSION;
	size_t present = 0;
	for (size_t i = 1; i < n; i++)
		for (unsigned b = 0; b < 8; b++)
			present += (p[i] >> b) & 1u;
	if (present == 0)
		return V2X_ERR_EXTENSION;
	for (size_t i = 0; i < present; i++) {
		coer_rd sub;
		e = pqs_coer_get_open(r, &sub);
		if (e)
			return e;
	}
	return V2X_OK;
}

int pqs_coer_end(const coer_rd *r)
{
	return r->pos == r->len ? V2X_OK : V2X_ERR_TRAILING;
}

int pqs_coer_end_open(const coer_rd *r)
{
	return r->pos == r->len ? V2X_OK : V2X_ERR_EXTENSION;
}

/* ---------------- writer ---------------- */

void pqs_coer_wr_init(coer_wr *w, uint8_t *buf, size_t cap)
{
	pqs_wr_init(w, buf, cap);
}

void pqs_coer_put_bytes(coer_wr *w, const uint8_t *p, size_t n)
{
	pqs_wr_bytes(w, p, n);
}

static void put_be(coer_wr *w, uint64_t v, size_t n)
{
	pqs_wr_be(w, v, n);
}

void pqs_coer_put_u8(coer_wr *w, uint8_t v)
{
	put_be(w, v, 1);
}
void pqs_coer_put_u16(coer_wr *w, uint16_t v)
{
	put_be(w, v, 2);
}
void pqs_coer_put_u32(coer_wr *w, uint32_t v)
{
	put_be(w, v, 4);
}
void pqs_coer_put_u64(coer_wr *w, uint64_t v)
{
	put_be(w, v, 8);
}

static size_t uint_octets(uint64_t v)
{
	size_t n = 1;
	while (n < 8 && (v >> (8 * n)) != 0)
		n++;
	return n;
}

size_t pqs_coer_length_size(size_t n)
{
	return n < 0x80 ? 1 : 1 + uint_octets(n);
}

size_t pqs_coer_uint_size(uint64_t v)
{
	return 1 + uint_octets(v);
}

void pqs_coer_put_length(coer_wr *w, size_t n)
{
	if (n < 0x80) {
		put_be(w, n, 1);
		return;
	}
	size_t k = uint_octets(n);
	put_be(w, 0x80 | k, 1);
	put_be(w, n, k);
}

void pqs_coer_put_uint(coer_wr *w, uint64_t v)
{
	size_t k = uint_octets(v);
	pqs_coer_put_length(w, k);
	put_be(w, v, k);
}

void pqs_coer_put_int(coer_wr *w, int64_t v)
{
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	size_t k = 8;
	/* drop leading octets while the next octet's top bit repeats them */
	while (k > 1) {
		uint8_t top = (uint8_t)(u >> (8 * (k - 1)));
		uint8_t next = (uint8_t)(u >> (8 * (k - 2)));
		if ((top == 0x00 && !(next & 0x80)) || (top == 0xff && (next & 0x80)))
			k--;
		else
			break;
	}
	pqs_coer_put_length(w, k);
	put_be(w, u, k);
}

void pqs_coer_put_quantity(coer_wr *w, size_t n)
{
	pqs_coer_put_uint(w, n);
}

void pqs_coer_put_tag(coer_wr *w, unsigned index)
{
	put_be(w, 0x80 | (index & 0x3f), 1);
}

int pqs_coer_wr_result(const coer_wr *w)
{
	return w->overflow ? V2X_ERR_BUFFER_TOO_SMALL : V2X_OK;
}
