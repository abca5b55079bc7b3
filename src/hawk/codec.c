/*
 * Hawk encodings (round-2 specification, section 4.1 "Compression";
 * reference hawk_kgen.c encode_public/encode_gr, hawk_sign.c encode_sig,
 * hawk_vrfy.c decode_gr/decode_q00/decode_q01/decode_s1).
 *
 * Golomb-Rice coding with segregated parts: for n values x, first the n
 * sign bits (x < 0), then the 'low' low bits of w = (x < 0 ? -x-1 : x)
 * for every value, then for every value the high part k = w >> low in
 * unary (k zeros, then a one).  All bit strings are little-endian (least
 * significant bit of each byte first).
 *
 * Decoders are strict: every value must lie in -2^lim..2^lim-1, the
 * unused bits of the last byte must be zero, padding bytes must be zero,
 * and q00[0] must be a non-negative 16-bit value.  One encoding per value
 * follows, so a decoded key or signature re-encodes to the same bytes.
 */
#include <string.h>

#include "inner.h"
#include "pqsig/sig.h"

/* w = x for x >= 0, -x-1 for x < 0 (the sign is stored apart). */
static uint32_t
magnitude(int16_t x)
{
	uint32_t w = (uint32_t)(int32_t)x;

	return (w ^ (uint32_t)-(w >> 31)) & 0xFFFF;
}

size_t
pqs_hawk_encode_gr(uint8_t *dst, size_t dst_cap, const int16_t *a,
	unsigned logn, int low, int *num_ignored)
{
	size_t n = (size_t)1 << logn;
	size_t fixed_end = (size_t)(low + 1) << (logn - 3);
	size_t u, pos;
	uint64_t acc;
	unsigned acc_len;
	uint32_t low_mask = ((uint32_t)1 << low) - 1;

	if (dst_cap < fixed_end) {
		return 0;
	}
	/* Sign bits. */
	memset(dst, 0, n >> 3);
	for (u = 0; u < n; u++) {
		dst[u >> 3] |= (uint8_t)(((uint16_t)a[u] >> 15) << (u & 7));
	}
	/* Fixed-size parts: n*low bits, a whole number of bytes. */
	pos = n >> 3;
	acc = 0;
	acc_len = 0;
	for (u = 0; u < n; u++) {
		acc |= (uint64_t)(magnitude(a[u]) & low_mask) << acc_len;
		acc_len += (unsigned)low;
		while (acc_len >= 8) {
			dst[pos++] = (uint8_t)acc;
			acc >>= 8;
			acc_len -= 8;
		}
	}
	/* Variable-size parts (unary). */
	for (u = 0; u < n; u++) {
		unsigned k = (unsigned)(magnitude(a[u]) >> low);

		acc |= (uint64_t)1 << (acc_len + k);
		acc_len += k + 1;
		while (acc_len >= 8) {
			if (pos >= dst_cap) {
				return 0;
			}
			dst[pos++] = (uint8_t)acc;
			acc >>= 8;
			acc_len -= 8;
		}
	}
	if (acc_len > 0) {
		if (pos >= dst_cap) {
			return 0;
		}
		dst[pos++] = (uint8_t)acc;
	}
	*num_ignored = (int)((8 - acc_len) & 7);
	return pos;
}

size_t
pqs_hawk_decode_gr(int16_t *d, const uint8_t *buf, size_t buf_len,
	unsigned logn, int low, int lim_bits, int *num_ignored)
{
	size_t n = (size_t)1 << logn;
	size_t voff = (size_t)(low + 1) << (logn - 3);
	size_t bitpos, bitend, u, loff;
	uint32_t lim_hi = (uint32_t)1 << (lim_bits - low);
	uint64_t acc;
	unsigned acc_len;

	if (buf_len < voff) {
		return 0;
	}
	/* High parts: at most lim_hi - 1 zeros before each one bit. */
	bitpos = voff * 8;
	bitend = buf_len * 8;
	for (u = 0; u < n; u++) {
		uint32_t k = 0;

		for (;;) {
			if (bitpos >= bitend) {
				return 0;
			}
			if ((buf[bitpos >> 3] >> (bitpos & 7)) & 1) {
				bitpos++;
				break;
			}
			bitpos++;
			if (++k >= lim_hi) {
				return 0;
			}
		}
		d[u] = (int16_t)(k << low);
	}
	/* Sign bits and low parts. */
	loff = n >> 3;
	acc = 0;
	acc_len = 0;
	for (u = 0; u < n; u++) {
		uint32_t w, neg;

		while (acc_len < (unsigned)low) {
			acc |= (uint64_t)buf[loff++] << acc_len;
			acc_len += 8;
		}
		w = (uint32_t)d[u] | (uint32_t)(acc & (((uint64_t)1 << low) - 1));
		acc >>= low;
		acc_len -= (unsigned)low;
		neg = (uint32_t)-(uint32_t)((buf[u >> 3] >> (u & 7)) & 1);
		d[u] = (int16_t)(int32_t)(w ^ neg);
	}
	*num_ignored = (int)((8 - (bitpos & 7)) & 7);
	return (bitpos + 7) >> 3;
}

/* Whether the top num_ignored bits of b, and the bytes of p[0..len-1],
 * are all zero. */
static int
unused_bits_zero(uint8_t b, int num_ignored)
{
	return (b >> (8 - num_ignored)) == 0 || num_ignored == 0;
}

static int
all_zero(const uint8_t *p, size_t len)
{
	uint8_t acc = 0;
	size_t u;

	for (u = 0; u < len; u++) {
		acc |= p[u];
	}
	return acc == 0;
}

/*
 * q00 is auto-adjoint: only its first n/2 coefficients are stored.
 * q00[0] (up to 16 bits) is stored scaled down by 2^eb so that it fits
 * the same code as the others; its eb low bits follow the q00 code
 * in the same bit stream, before q01 starts on a byte boundary.
 */
static int
eb00_len(const pqs_hawk_params *prm)
{
	return 16 - (prm->low00 + 4);
}

int
pqs_hawk_encode_public(uint8_t *pk, const pqs_hawk_params *prm,
	const int16_t *q00, const int16_t *q01)
{
	unsigned logn = prm->logn;
	size_t cap = PQS_HAWK_PK_LEN(logn);
	int16_t first[PQS_HAWK_MAX_N / 2];
	int eb = eb00_len(prm), ni;
	uint32_t extra;
	size_t len00, len01;

	memcpy(first, q00, (sizeof first[0]) << (logn - 1));
	first[0] = (int16_t)(q00[0] >> eb);
	len00 = pqs_hawk_encode_gr(pk, cap, first, logn - 1, prm->low00, &ni);
	if (len00 == 0) {
		return 0;
	}
	extra = (uint32_t)q00[0] & (((uint32_t)1 << eb) - 1);
	pk[len00 - 1] |= (uint8_t)(extra << (8 - ni));
	if (eb > ni) {
		if (len00 >= cap) {
			return 0;
		}
		pk[len00++] = (uint8_t)(extra >> ni);
	}
	len01 = pqs_hawk_encode_gr(pk + len00, cap - len00, q01, logn,
		prm->low01, &ni);
	if (len01 == 0) {
		return 0;
	}
	memset(pk + len00 + len01, 0, cap - len00 - len01);
	return 1;
}

int
pqs_hawk_decode_public(int16_t *q00_half, int16_t *q01,
	const pqs_hawk_params *prm, const uint8_t *pk)
{
	unsigned logn = prm->logn;
	size_t cap = PQS_HAWK_PK_LEN(logn);
	int eb = eb00_len(prm), ni;
	size_t len00, len01;
	uint32_t last, extra;
	int32_t c0;

	len00 = pqs_hawk_decode_gr(q00_half, pk, cap, logn - 1, prm->low00,
		prm->bits_lim00, &ni);
	if (len00 == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	if (eb <= ni) {
		last = (uint32_t)pk[len00 - 1] >> (8 - ni);
		extra = last;
		last >>= eb;
	} else {
		if (len00 >= cap) {
			return PQS_ERR_KEY_ENCODING;
		}
		extra = ni == 0 ? 0 : (uint32_t)pk[len00 - 1] >> (8 - ni);
		last = pk[len00++];
		extra |= last << ni;
		last >>= eb - ni;
	}
	if (last != 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	/* q00[0] = ||f||^2 + ||g||^2 > 0, a 16-bit value (keygen bound). */
	c0 = (int32_t)((uint32_t)(int32_t)q00_half[0] << eb) | (int32_t)extra;
	if (c0 < 0 || c0 > 32767) {
		return PQS_ERR_KEY_ENCODING;
	}
	q00_half[0] = (int16_t)c0;
	len01 = pqs_hawk_decode_gr(q01, pk + len00, cap - len00, logn,
		prm->low01, prm->bits_lim01, &ni);
	if (len01 == 0 || !unused_bits_zero(pk[len00 + len01 - 1], ni)
		|| !all_zero(pk + len00 + len01, cap - len00 - len01))
	{
		return PQS_ERR_KEY_ENCODING;
	}
	return PQS_OK;
}

int
pqs_hawk_encode_sig(uint8_t *sig, const pqs_hawk_params *prm,
	const uint8_t *salt, const int16_t *s1)
{
	unsigned logn = prm->logn;
	size_t salt_len = PQS_HAWK_SALT_LEN(logn);
	size_t cap = PQS_HAWK_SIG_LEN(logn) - salt_len;
	size_t len;
	int ni;

	memcpy(sig, salt, salt_len);
	len = pqs_hawk_encode_gr(sig + salt_len, cap, s1, logn, prm->low_s1, &ni);
	if (len == 0) {
		return 0;
	}
	memset(sig + salt_len + len, 0, cap - len);
	return 1;
}

int
pqs_hawk_decode_sig(uint8_t *salt, int16_t *s1, const pqs_hawk_params *prm,
	const uint8_t *sig)
{
	unsigned logn = prm->logn;
	size_t salt_len = PQS_HAWK_SALT_LEN(logn);
	size_t cap = PQS_HAWK_SIG_LEN(logn) - salt_len;
	const uint8_t *buf = sig + salt_len;
	size_t len;
	int ni;

	memcpy(salt, sig, salt_len);
	len = pqs_hawk_decode_gr(s1, buf, cap, logn, prm->low_s1,
		prm->bits_lims1, &ni);
	if (len == 0 || !unused_bits_zero(buf[len - 1], ni)
		|| !all_zero(buf + len, cap - len))
	{
		return PQS_ERR_SIG_ENCODING;
	}
	return PQS_OK;
}
