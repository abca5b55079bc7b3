/*
 * Falcon encodings (spec v1.2 section 3.11).
 *
 * Decoders are strict: every input has exactly one accepted encoding.
 * They return 0 (instead of a length) on wrong lengths, out-of-range
 * values, the forbidden -2^(bits-1) in trimmed encodings, "-0" or
 * over-long unary parts in compressed encodings, and nonzero unused
 * bits at the end of the last byte.
 */
#include "inner.h"
#include "core/ct.h"
#include "pqsig/sig.h"

size_t pqs_fndsa_modq_encode(void *out, size_t max_out_len, const uint16_t *x, unsigned logn)
{
	/* 3.11.4: coefficients of h in 0..q-1, 14 bits each, big-endian bit order. */
	size_t n = (size_t)1 << logn;
	size_t out_len = ((n * 14) + 7) >> 3;
	uint8_t *buf = out;
	uint32_t acc = 0;
	unsigned acc_len = 0;

	for (size_t u = 0; u < n; u++) {
		if (x[u] >= FNDSA_Q) {
			return 0;
		}
	}
	if (out == NULL) {
		return out_len;
	}
	if (out_len > max_out_len) {
		return 0;
	}
	for (size_t u = 0; u < n; u++) {
		acc = (acc << 14) | x[u];
		acc_len += 14;
		while (acc_len >= 8) {
			acc_len -= 8;
			*buf++ = (uint8_t)(acc >> acc_len);
		}
	}
	if (acc_len > 0) {
		*buf = (uint8_t)(acc << (8 - acc_len));
	}
	return out_len;
}

size_t pqs_fndsa_modq_decode(uint16_t *x, unsigned logn, const void *in, size_t in_len)
{
	size_t n = (size_t)1 << logn;
	size_t need = ((n * 14) + 7) >> 3;
	const uint8_t *buf = in;
	uint32_t acc = 0;
	unsigned acc_len = 0;
	size_t u = 0;

	if (in_len < need) {
		return 0;
	}
	while (u < n) {
		acc = (acc << 8) | *buf++;
		acc_len += 8;
		if (acc_len >= 14) {
			uint32_t w;
			acc_len -= 14;
			w = (acc >> acc_len) & 0x3FFF;
			if (w >= FNDSA_Q) {
				return 0;
			}
			x[u++] = (uint16_t)w;
		}
	}
	if ((acc & ((1u << acc_len) - 1u)) != 0) {
		return 0;
	}
	return need;
}

size_t pqs_fndsa_trim_i8_encode(void *out, size_t max_out_len, const int8_t *x, unsigned logn, unsigned bits)
{
	/* 3.11.5: two's complement on 'bits' bits; |x| < 2^(bits-1). */
	size_t n = (size_t)1 << logn;
	size_t out_len = ((n * bits) + 7) >> 3;
	int maxv = (1 << (bits - 1)) - 1;
	uint8_t *buf = out;
	uint32_t acc = 0, mask = (1u << bits) - 1u, out_of_range = 0;
	unsigned acc_len = 0;

	/* Range check without a branch per coefficient (x may be a secret key:
	 * the constant-time tests track f, g, F to the encoded output); only
	 * the verdict is public. */
	for (size_t u = 0; u < n; u++) {
		out_of_range |= ((uint32_t)(x[u] + maxv) | (uint32_t)(maxv - x[u])) >> 31;
	}
	PQS_CT_DECLASSIFY(&out_of_range, sizeof out_of_range);
	if (out_of_range) {
		return 0;
	}
	if (out == NULL) {
		return out_len;
	}
	if (out_len > max_out_len) {
		return 0;
	}
	for (size_t u = 0; u < n; u++) {
		acc = (acc << bits) | ((uint32_t)(int32_t)x[u] & mask);
		acc_len += bits;
		while (acc_len >= 8) {
			acc_len -= 8;
			*buf++ = (uint8_t)(acc >> acc_len);
		}
	}
	if (acc_len > 0) {
		*buf = (uint8_t)(acc << (8 - acc_len));
	}
	return out_len;
}

size_t pqs_fndsa_trim_i8_decode(int8_t *x, unsigned logn, unsigned bits, const void *in, size_t in_len)
{
	size_t n = (size_t)1 << logn;
	size_t need = ((n * bits) + 7) >> 3;
	const uint8_t *buf = in;
	uint32_t acc = 0, mask1 = (1u << bits) - 1u, mask2 = 1u << (bits - 1);
	unsigned acc_len = 0;
	size_t u = 0;
	uint32_t bad = 0;

	if (in_len < need) {
		return 0;
	}
	/* Secret data: no early exit on a bad value (the key is rejected as
	 * a whole at the end). */
	while (u < n) {
		acc = (acc << 8) | *buf++;
		acc_len += 8;
		while (acc_len >= bits && u < n) {
			uint32_t w;
			acc_len -= bits;
			w = (acc >> acc_len) & mask1;
			bad |= ((w ^ mask2) - 1u) >> 31; /* w == -2^(bits-1) */
			w |= -(w & mask2);               /* sign-extend */
			x[u++] = (int8_t)(int32_t)w;
		}
	}
	bad |= (acc & ((1u << acc_len) - 1u)) != 0;
	/* Whether a key is well formed is public (it is rejected as a whole). */
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	return bad ? 0 : need;
}

size_t pqs_fndsa_comp_encode(void *out, size_t max_out_len, const int16_t *x, unsigned logn)
{
	/*
	 * Compress (Alg. 17): per coefficient, sign bit, low 7 bits of |x|,
	 * then |x| >> 7 in unary (that many 0s, then a 1).  The output is
	 * padded with zero bits to a whole byte.  Returns 0 if a value is
	 * outside -2047..+2047 or the output does not fit.
	 */
	size_t n = (size_t)1 << logn;
	uint8_t *buf = out;
	uint32_t acc = 0;
	unsigned acc_len = 0;
	size_t v = 0;

	for (size_t u = 0; u < n; u++) {
		if (x[u] < -2047 || x[u] > 2047) {
			return 0;
		}
	}
	for (size_t u = 0; u < n; u++) {
		int t = x[u];
		uint32_t w;
		acc <<= 1;
		if (t < 0) {
			t = -t;
			acc |= 1;
		}
		w = (uint32_t)t;
		acc = (acc << 7) | (w & 127u);
		w >>= 7;
		acc_len += 8;
		/* At most 7 pending + 8 + 16 bits: fits in 32. */
		acc = (acc << (w + 1)) | 1u;
		acc_len += w + 1;
		while (acc_len >= 8) {
			acc_len -= 8;
			if (buf != NULL) {
				if (v >= max_out_len) {
					return 0;
				}
				buf[v] = (uint8_t)(acc >> acc_len);
			}
			v++;
		}
	}
	if (acc_len > 0) {
		if (buf != NULL) {
			if (v >= max_out_len) {
				return 0;
			}
			buf[v] = (uint8_t)(acc << (8 - acc_len));
		}
		v++;
	}
	return v;
}

size_t pqs_fndsa_comp_decode(int16_t *x, unsigned logn, const void *in, size_t in_len)
{
	/* Decompress (Alg. 18), rejecting every non-canonical encoding:
	 * |x| > 2047, "-0", and nonzero padding bits in the last byte. */
	size_t n = (size_t)1 << logn;
	const uint8_t *buf = in;
	uint32_t acc = 0;
	unsigned acc_len = 0;
	size_t v = 0;

	for (size_t u = 0; u < n; u++) {
		uint32_t b, s, m;
		if (v >= in_len) {
			return 0;
		}
		acc = (acc << 8) | buf[v++];
		b = acc >> acc_len;
		s = b & 128u;
		m = b & 127u;
		for (;;) {
			if (acc_len == 0) {
				if (v >= in_len) {
					return 0;
				}
				acc = (acc << 8) | buf[v++];
				acc_len = 8;
			}
			acc_len--;
			if (((acc >> acc_len) & 1u) != 0) {
				break;
			}
			m += 128;
			if (m > 2047) {
				return 0;
			}
		}
		if (s != 0 && m == 0) {
			return 0;
		}
		x[u] = (int16_t)(s ? -(int32_t)m : (int32_t)m);
		acc &= (1u << acc_len) - 1u; /* keep only unread bits */
	}
	if ((acc & ((1u << acc_len) - 1u)) != 0) {
		return 0;
	}
	return v;
}

int pqs_fndsa_decode_sk(int8_t *f, int8_t *g, int8_t *F, int8_t *G, const uint8_t *sk, size_t sk_len, unsigned logn,
			void *tmp)
{
	/* 3.11.5: header 0x50 + logn, then f, g (FNDSA_FG_BITS each) and F
	 * (8 bits); G is recomputed (spec 3.8.2), as the reference does. */
	size_t off = 1, k;
	unsigned fgb = FNDSA_FG_BITS(logn);
	unsigned hdr;
	int ok;

	if (sk_len != FNDSA_SK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	hdr = sk[0]; /* format byte: public */
	PQS_CT_DECLASSIFY(&hdr, sizeof hdr);
	if (hdr != 0x50 + logn) {
		return PQS_ERR_KEY_ENCODING;
	}
	k = pqs_fndsa_trim_i8_decode(f, logn, fgb, sk + off, sk_len - off);
	if (k == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	off += k;
	k = pqs_fndsa_trim_i8_decode(g, logn, fgb, sk + off, sk_len - off);
	if (k == 0) {
		return PQS_ERR_KEY_ENCODING;
	}
	off += k;
	k = pqs_fndsa_trim_i8_decode(F, logn, FNDSA_FFGG_BITS(logn), sk + off, sk_len - off);
	if (k == 0 || off + k != sk_len) {
		return PQS_ERR_KEY_ENCODING;
	}
	ok = pqs_fndsa_complete_private(G, f, g, F, logn, tmp);
	PQS_CT_DECLASSIFY(&ok, sizeof ok); /* key validity: public */
	if (!ok) {
		return PQS_ERR_KEY_ENCODING;
	}
	return PQS_OK;
}
