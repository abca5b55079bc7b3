/* Hexadecimal encoding (include/pqsig/hex.h).  Never used on secrets' timing paths. */
#include "pqsig/hex.h"

static int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

long pqs_hex_decode(const char *hex, size_t hexlen, uint8_t *out, size_t cap)
{
	if (hexlen % 2 || hexlen / 2 > cap)
		return -1;
	for (size_t i = 0; i < hexlen / 2; i++) {
		int hi = hex_digit((unsigned char)hex[2 * i]), lo = hex_digit((unsigned char)hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(hexlen / 2);
}

void pqs_hex_encode(char *out, const uint8_t *in, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < len; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * len] = 0;
}
