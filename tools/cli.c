#include "cli.h"
#include "pqsig/hex.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_error(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* One line, whatever the message contains. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	fprintf(stderr, "pqsig: %s\n", buf);
	return CLI_ERROR;
}

uint8_t *cli_read_file(const char *path, size_t *len, size_t max_len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		cli_error("cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 4096, used = 0;
	uint8_t *buf = malloc(cap);
	while (buf) {
		if (used == cap) {
			if (cap > max_len) {
				cli_error("%s is larger than %zu bytes", path, max_len);
				free(buf);
				buf = NULL;
				break;
			}
			cap *= 2;
			uint8_t *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		size_t r = fread(buf + used, 1, cap - used, f);
		used += r;
		if (r == 0) {
			if (ferror(f)) {
				cli_error("cannot read %s: %s", path, strerror(errno));
				free(buf);
				buf = NULL;
			}
			break;
		}
	}
	fclose(f);
	if (buf && used > max_len) {
		cli_error("%s is larger than %zu bytes", path, max_len);
		free(buf);
		return NULL;
	}
	if (buf)
		*len = used;
	return buf;
}

int cli_write_file(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return cli_error("cannot create %s: %s", path, strerror(errno));
	int ok = fwrite(data, 1, len, f) == len;
	ok &= fclose(f) == 0;
	if (!ok)
		return cli_error("cannot write %s", path);
	return CLI_OK;
}

long cli_hex_decode(const char *hex, uint8_t *out, size_t cap)
{
	return pqs_hex_decode(hex, strlen(hex), out, cap);
}

void cli_hex_print(FILE *f, const uint8_t *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		fprintf(f, "%02x", data[i]);
}

int cli_parse(int argc, char **argv, int first, const cli_opt *opts, size_t nopts,
              const char **pos, size_t max_pos, size_t *npos)
{
	size_t np = 0;
	for (int i = first; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-' && a[1] != 0) {
			const cli_opt *o = NULL;
			for (size_t k = 0; k < nopts; k++) {
				if ((opts[k].short_name && strcmp(a, opts[k].short_name) == 0) ||
				    (opts[k].long_name && strcmp(a, opts[k].long_name) == 0)) {
					o = &opts[k];
					break;
				}
			}
			if (!o)
				return cli_error("unknown option %s", a);
			if (o->takes_value) {
				if (i + 1 >= argc)
					return cli_error("option %s needs a value", a);
				*o->value = argv[++i];
			} else {
				*o->value = "1";
			}
		} else {
			if (np >= max_pos)
				return cli_error("unexpected argument %s", a);
			pos[np++] = a;
		}
	}
	if (npos)
		*npos = np;
	return 0;
}

int cli_take_repeated(int *argc, char **argv, const char *short_name, const char *long_name,
                      const char **values, size_t max, size_t *count)
{
	int out = 0;
	*count = 0;
	for (int i = 0; i < *argc; i++) {
		if (strcmp(argv[i], short_name) == 0 || strcmp(argv[i], long_name) == 0) {
			if (i + 1 >= *argc)
				return cli_error("option %s needs a value", argv[i]);
			if (*count == max)
				return cli_error("option %s given more than %zu times", argv[i], max);
			values[(*count)++] = argv[++i];
		} else {
			argv[out++] = argv[i];
		}
	}
	*argc = out;
	return 0;
}

int cli_parse_u64(const char *s, const char *what, uint64_t min, uint64_t max, uint64_t *out)
{
	if (!s || !*s || *s == '-' || *s == '+')
		return cli_error("%s: expected a number, got '%s'", what, s ? s : "");
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return cli_error("%s: expected a number, got '%s'", what, s);
	if (v < min || v > max)
		return cli_error("%s: %llu is outside %llu..%llu", what, v, (unsigned long long)min,
		                 (unsigned long long)max);
	*out = v;
	return 0;
}

const pqs_sig_class *cli_find_alg(const char *name)
{
	if (!name) {
		cli_error("missing -a ALG (see 'pqsig list')");
		return NULL;
	}
	const pqs_sig_class *cls = pqs_sig_find(name);
	if (!cls)
		cli_error("unknown algorithm '%s' (see 'pqsig list')", name);
	return cls;
}
