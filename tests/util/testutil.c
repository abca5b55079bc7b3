#include "testutil.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "pqsig/hex.h"
#include "pqsig/sig.h"

unsigned long tu_checks, tu_failures;

void tu_check_impl(int ok, const char *file, int line, const char *fmt, ...)
{
	tu_checks++;
	if (ok)
		return;
	tu_failures++;
	if (tu_failures > 50)
		return; /* enough to diagnose; keep logs readable */
	fprintf(stderr, "FAIL %s:%d: ", file, line);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int tu_finish(const char *name)
{
	printf("%s: %lu passed, %lu failed\n", name, tu_checks - tu_failures, tu_failures);
	return tu_failures ? 1 : 0;
}

const char *tu_shared_path(const char *rel)
{
	static char buf[4096];
	const char *base = getenv("PQSIG_SHARED_DIR");
	if (!base || !*base)
		base = PQSIG_SHARED_DIR;
	snprintf(buf, sizeof buf, "%s/%s", base, rel);
	return buf;
}

/* One chunk reader for plain and gzip files: returns bytes read, 0 at the end, -1 on error. */
typedef struct {
	FILE *plain;
	gzFile gz;
} tu_reader;

static long reader_read(tu_reader *r, uint8_t *buf, size_t cap)
{
	if (r->gz) {
		int n = gzread(r->gz, buf, (unsigned)(cap > (1u << 30) ? (1u << 30) : cap));
		return n;
	}
	size_t n = fread(buf, 1, cap, r->plain);
	return n == 0 && ferror(r->plain) ? -1 : (long)n;
}

uint8_t *tu_read_file(const char *path, size_t *len)
{
	size_t n = strlen(path);
	tu_reader r = { NULL, NULL };
	if (n > 3 && strcmp(path + n - 3, ".gz") == 0)
		r.gz = gzopen(path, "rb");
	else
		r.plain = fopen(path, "rb");
	if (!r.gz && !r.plain)
		return NULL;
	size_t cap = 1 << 16, used = 0;
	uint8_t *buf = malloc(cap + 1);
	while (buf) {
		if (cap - used < 65536) {
			cap *= 2;
			uint8_t *nb = realloc(buf, cap + 1);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		long got = reader_read(&r, buf + used, cap - used);
		if (got < 0) {
			free(buf);
			buf = NULL;
		}
		if (got <= 0)
			break;
		used += (size_t)got;
	}
	if (r.gz)
		gzclose(r.gz);
	else
		fclose(r.plain);
	if (!buf)
		return NULL;
	buf[used] = 0;
	if (len)
		*len = used;
	return buf;
}

int tu_hex_decode_into(const char *hex, size_t hexlen, uint8_t *out)
{
	return pqs_hex_decode(hex, hexlen, out, hexlen / 2) < 0 ? -1 : 0;
}

uint8_t *tu_hex_decode(const char *hex, size_t *len)
{
	size_t n = strlen(hex);
	uint8_t *out = malloc(n / 2 + 1);
	if (!out || tu_hex_decode_into(hex, n, out) != 0) {
		free(out);
		return NULL;
	}
	if (len)
		*len = n / 2;
	return out;
}

int tu_bytes_eq(const uint8_t *a, const uint8_t *b, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (a[i] != b[i]) {
			fprintf(stderr, "  first difference at byte %zu of %zu: %02x != %02x\n", i, len, a[i], b[i]);
			return 0;
		}
	}
	return 1;
}

int tu_rsp_open(tu_rsp *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->text = (char *)tu_read_file(path, NULL);
	if (!r->text)
		return -1;
	r->cursor = r->text;
	return 0;
}

/* Split the next line in place; returns NULL at the end of the text. */
static char *next_line(char **cur)
{
	char *s = *cur;
	if (!*s)
		return NULL;
	char *e = strchr(s, '\n');
	if (e) {
		*e = 0;
		*cur = e + 1;
	} else {
		*cur = s + strlen(s);
	}
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = 0;
	return s;
}

int tu_rsp_next(tu_rsp *r)
{
	r->nfields = 0;
	char *line;
	/* Skip to a "count = " line. */
	while ((line = next_line(&r->cursor)) != NULL) {
		if (strncmp(line, "count", 5) == 0)
			break;
	}
	if (!line)
		return 0;
	for (;;) {
		char *eq = strstr(line, " = ");
		if (eq && r->nfields < 32) {
			*eq = 0;
			r->keys[r->nfields] = line;
			r->vals[r->nfields] = eq + 3;
			r->nfields++;
		}
		/* Peek before splitting: a new record starts at the next "count". */
		if (strncmp(r->cursor, "count", 5) == 0)
			break;
		line = next_line(&r->cursor);
		if (!line || !*line)
			break;
	}
	return 1;
}

const char *tu_rsp_get(const tu_rsp *r, const char *key)
{
	for (int i = 0; i < r->nfields; i++)
		if (strcmp(r->keys[i], key) == 0)
			return r->vals[i];
	return NULL;
}

uint8_t *tu_rsp_hex(const tu_rsp *r, const char *key, size_t *len)
{
	const char *v = tu_rsp_get(r, key);
	return v ? tu_hex_decode(v, len) : NULL;
}

void tu_rsp_close(tu_rsp *r)
{
	free(r->text);
	memset(r, 0, sizeof *r);
}

unsigned long tu_prepared_verifies;

int tu_verify_prepared(const pqs_sig_class *cls, const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                       size_t msg_len, const uint8_t *ctx, size_t ctx_len, const uint8_t *pk)
{
	size_t len = pqs_sig_prepared_len(cls);
	/* aligned_alloc wants a multiple of the alignment. */
	size_t cap = (len + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	void *prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, cap ? cap : PQS_SIG_PREPARED_ALIGN);
	if (!prepared)
		return PQS_ERR_INTERNAL;
	tu_prepared_verifies++;
	int ret = pqs_sig_prepare(cls, prepared, pk);
	if (ret == PQS_OK) {
		ret = pqs_sig_verify_prepared(cls, sig, sig_len, msg, msg_len, ctx, ctx_len, prepared);
		pqs_sig_release_prepared(cls, prepared);
	}
	free(prepared);
	return ret;
}
