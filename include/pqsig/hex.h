/*
 * pqsig: hexadecimal encoding helpers (CLI options, test vectors, reports).
 */
#ifndef PQSIG_HEX_H
#define PQSIG_HEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Decode hexlen hex digits (either case) into out, which holds cap bytes.
 * Returns the number of bytes written, or -1 if hexlen is odd, a character
 * is not a hex digit, or the result would exceed cap.
 */
long pqs_hex_decode(const char *hex, size_t hexlen, uint8_t *out, size_t cap);

/** Encode len bytes as 2*len lowercase hex digits plus a NUL into out. */
void pqs_hex_encode(char *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
