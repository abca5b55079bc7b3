/*
 * FN-DSA (putative FIPS 206 draft) encodings, notes/fn-dsa-provisional.md
 * section 2.  Round 3 (codec.c) packs MSB-first; the draft packs every
 * field LSB-first (bit i of a packed string is bit i mod 8 of byte i/8)
 * and stores the verifying key in NTT form.  Every decoder is strict: it
 * accepts exactly the encoder's outputs.
 */
#include <string.h>

#include "core/ct.h"
#include "fn_inner.h"

size_t
pqs_fndsa_fn_vk_encode(uint8_t *out, const uint16_t *h_ntt, unsigned logn)
{
	/* Section 2.1: 4 values of 14 bits per 7 bytes, little-endian. */
	size_t n = (size_t)1 << logn, u;
	uint8_t *p = out + 1;

	out[0] = (uint8_t)logn;
	for (u = 0; u < n; u += 4) {
		uint64_t x = (uint64_t)h_ntt[u] | ((uint64_t)h_ntt[u + 1] << 14)
			| ((uint64_t)h_ntt[u + 2] << 28)
			| ((uint64_t)h_ntt[u + 3] << 42);
		int b;

		for (b = 0; b < 7; b++) {
			*p++ = (uint8_t)(x >> (8 * b));
		}
	}
	return (size_t)(p - out);
}

int
pqs_fndsa_fn_vk_decode(uint16_t *h_ntt, const uint8_t *vk, size_t vk_len,
	unsigned logn)
{
	size_t n = (size_t)1 << logn, u;
	const uint8_t *p = vk + 1;
	uint32_t bad = 0;

	if (vk_len != PQS_FNDSA_FN_VK_SIZE(logn)) {
		return PQS_ERR_KEY_LENGTH;
	}
	if (vk[0] != logn) {
		return PQS_ERR_KEY_ENCODING;
	}
	for (u = 0; u < n; u += 4) {
		uint64_t x = 0;
		int b;

		for (b = 0; b < 7; b++) {
			x |= (uint64_t)p[b] << (8 * b);
		}
		p += 7;
		for (b = 0; b < 4; b++) {
			uint32_t v = (uint32_t)(x >> (14 * b)) & 0x3FFF;

			bad |= (uint32_t)(v >= PQS_FNDSA_Q);
			h_ntt[u + b] = (uint16_t)v;
		}
	}
	return bad ? PQS_ERR_KEY_ENCODING : PQS_OK;
}

size_t
pqs_fndsa_fn_trim_encode(uint8_t *out, const int8_t *x, unsigned logn,
	unsigned nbits)
{
	/* Section 2.2: nbits two's complement per value, LSB-first. */
	size_t n = (size_t)1 << logn, u, k = 0;
	uint32_t acc = 0, mask = ((uint32_t)1 << nbits) - 1;
	unsigned acc_len = 0;

	for (u = 0; u < n; u++) {
		acc |= ((uint32_t)x[u] & mask) << acc_len;
		acc_len += nbits;
		while (acc_len >= 8) {
			out[k++] = (uint8_t)acc;
			acc >>= 8;
			acc_len -= 8;
		}
	}
	return k;
}

size_t
pqs_fndsa_fn_trim_decode(int8_t *x, unsigned logn, unsigned nbits,
	const uint8_t *in)
{
	size_t n = (size_t)1 << logn, u, k = 0;
	uint32_t acc = 0, mask = ((uint32_t)1 << nbits) - 1;
	uint32_t sbit = (uint32_t)1 << (nbits - 1), bad = 0;
	unsigned acc_len = 0;

	for (u = 0; u < n; u++) {
		uint32_t v;

		while (acc_len < nbits) {
			acc |= (uint32_t)in[k++] << acc_len;
			acc_len += 8;
		}
		v = acc & mask;
		acc >>= nbits;
		acc_len -= nbits;
		/* -2^(nbits-1) is not a valid encoding. */
		bad |= ((v ^ sbit) - 1) >> 31;
		x[u] = (int8_t)(int32_t)(v - ((v & sbit) << 1));
	}
	/* Whether a secret key is well formed is public. */
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	return bad ? 0 : k;
}

/* Compressed s2 (section 2.3): sign, 7 low bits, unary high part. */
size_t
pqs_fndsa_fn_comp_encode(uint8_t *out, size_t max_len, const int16_t *s,
	unsigned logn)
{
	size_t n = (size_t)1 << logn, u, k = 0;
	uint32_t acc = 0;
	unsigned acc_len = 0;

	for (u = 0; u < n; u++) {
		int32_t x = s[u];
		uint32_t sg = (uint32_t)x >> 31;
		uint32_t ax = (uint32_t)((x ^ -(int32_t)sg) + (int32_t)sg);
		uint32_t hi;

		if (ax > PQS_FNDSA_FN_SIG_MAX_ABS) {
			return 0;
		}
		/* sign bit, then the low 7 bits (low bit first). */
		acc |= (sg | ((ax & 0x7F) << 1)) << acc_len;
		acc_len += 8;
		/* floor(|x|/128) zero bits, then a one. */
		hi = ax >> 7;
		acc_len += hi;
		acc |= (uint32_t)1 << acc_len;
		acc_len++;
		while (acc_len >= 8) {
			if (k >= max_len) {
				return 0;
			}
			out[k++] = (uint8_t)acc;
			acc >>= 8;
			acc_len -= 8;
		}
	}
	if (acc_len > 0) {
		if (k >= max_len) {
			return 0;
		}
		out[k++] = (uint8_t)acc;
	}
	return k;
}

int
pqs_fndsa_fn_comp_decode(int16_t *s, unsigned logn, const uint8_t *in,
	size_t len)
{
	size_t n = (size_t)1 << logn, u, k = 0;
	uint32_t acc = 0;
	unsigned acc_len = 0;

	for (u = 0; u < n; u++) {
		uint32_t sg, low, hi = 0;

		/* 8 bits: sign and low part. */
		if (acc_len < 8) {
			if (k >= len) {
				return 0;
			}
			acc |= (uint32_t)in[k++] << acc_len;
			acc_len += 8;
		}
		sg = acc & 1;
		low = (acc >> 1) & 0x7F;
		acc >>= 8;
		acc_len -= 8;
		/* Unary high part, at most 840 >> 7 = 6 zeros. */
		for (;;) {
			if (acc_len == 0) {
				if (k >= len) {
					return 0;
				}
				acc = in[k++];
				acc_len = 8;
			}
			if (acc & 1) {
				acc >>= 1;
				acc_len--;
				break;
			}
			acc >>= 1;
			acc_len--;
			hi++;
			if (hi > (PQS_FNDSA_FN_SIG_MAX_ABS >> 7)) {
				return 0;
			}
		}
		low |= hi << 7;
		/* "-0" and values above the bound are not canonical. */
		if (low > PQS_FNDSA_FN_SIG_MAX_ABS || (sg && low == 0)) {
			return 0;
		}
		s[u] = (int16_t)(sg ? -(int32_t)low : (int32_t)low);
	}
	/* Every bit after the last coefficient, padding included, is 0. */
	if (acc != 0) {
		return 0;
	}
	for (; k < len; k++) {
		if (in[k] != 0) {
			return 0;
		}
	}
	return 1;
}
