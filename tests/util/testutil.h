/*
 * Shared helpers for pqsig's test programs: failure accounting, hex,
 * whole-file reading (transparently gunzipping *.gz), NIST .rsp KAT
 * parsing, and the path of the shared vectors folder.
 */
#ifndef PQSIG_TESTUTIL_H
#define PQSIG_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Counters every test program reports through tu_finish(). */
extern unsigned long tu_checks, tu_failures;

/* Record one check; on failure print file:line and the message (printf-style). */
#define TU_CHECK(cond, ...) tu_check_impl(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
void tu_check_impl(int ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Print "N passed, M failed" and return the process exit code (0 iff no failure). */
int tu_finish(const char *name);

/* Path under the shared folder: tu_shared_path("vectors/falcon/x") -> static buffer. */
const char *tu_shared_path(const char *rel);

/* Read a whole file (gunzip if the name ends in .gz). Returns malloc'd buffer + NUL, or NULL. */
uint8_t *tu_read_file(const char *path, size_t *len);

/* Decode hex (upper or lower case, even length). Returns malloc'd bytes, or NULL on bad hex. */
uint8_t *tu_hex_decode(const char *hex, size_t *len);
/* Decode exactly n hex chars into out; returns 0 or -1. */
int tu_hex_decode_into(const char *hex, size_t hexlen, uint8_t *out);
/* Compare bytes and report the first difference. */
int tu_bytes_eq(const uint8_t *a, const uint8_t *b, size_t len);

/*
 * pqs_sig_verify through a prepared key (pqs_sig_prepare, then
 * pqs_sig_verify_prepared, then release), so that the vector suites check
 * that path gives the plain verdict.  A key that does not prepare returns
 * the prepare error; the counter tu_prepared_verifies counts the calls.
 */
typedef struct pqs_sig_class_ pqs_sig_class;
extern unsigned long tu_prepared_verifies;
int tu_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                       size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk);

/*
 * NIST KAT .rsp reader.  tu_rsp_next() advances to the next "count = N"
 * record and returns 1, or 0 at the end.  tu_rsp_get() returns the value
 * string of a field of the current record (NULL if absent).
 */
typedef struct {
	char *text;      /* whole file */
	char *cursor;
	char *keys[32];
	char *vals[32];
	int nfields;
} tu_rsp;
int tu_rsp_open(tu_rsp *r, const char *path);
int tu_rsp_next(tu_rsp *r);
const char *tu_rsp_get(const tu_rsp *r, const char *key);
/* Decode a hex field into a malloc'd buffer (len may be NULL). */
uint8_t *tu_rsp_hex(const tu_rsp *r, const char *key, size_t *len);
void tu_rsp_close(tu_rsp *r);

/* Marsaglia's xorshift64 (shifts 13, 7, 17): reproducible test data; *state must not be 0. */
static inline uint64_t tu_xorshift64(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* A 31-bit word of a big integer for NTRUSolve tests: pattern 0, 1, 2 give the edge values 0,
 * 2^31 - 1 and the sign bit alone (2^30); any other pattern a random word from *state. */
static inline uint32_t tu_word31(uint64_t *state, int pattern)
{
	switch (pattern) {
	case 0:
		return 0;
	case 1:
		return 0x7FFFFFFFu;
	case 2:
		return 0x40000000u;
	default:
		return (uint32_t)tu_xorshift64(state) & 0x7FFFFFFFu;
	}
}

#endif
