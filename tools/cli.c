#include "cli.h"
#include "pqsig/hex.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pqsig/rand.h"

int cli_error(const char *fmt, ...)
{
	/* The whole message, however long: a cut message can lose its reason (issue 10, item 17). */
	char small[512], *buf = small;
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof small && (buf = malloc((size_t)n + 1)) != NULL)
		vsnprintf(buf, (size_t)n + 1, fmt, again);
	else if (n >= (int)sizeof small)
		buf = small; /* out of memory: the cut message is all there is */
	va_end(again);
	/* One line, whatever the message contains. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	fprintf(stderr, "pqsig: %s\n", buf);
	if (buf != small)
		free(buf);
	return CLI_ERROR;
}

/*
 * Read at most max_len + 1 bytes from fd into a buffer grown geometrically
 * but never beyond max_len + 1 (so memory stays bounded whatever the input
 * is), starting from size_hint (fstat's size for a regular file).  *len is
 * max_len + 1 when the input is longer than max_len.
 */
static uint8_t *read_bounded(int fd, const char *path, const char *role, size_t size_hint, size_t *len,
                             size_t max_len)
{
	size_t limit = max_len + 1, cap = size_hint + 1 < limit ? size_hint + 1 : limit, used = 0;
	if (cap < 4096)
		cap = limit < 4096 ? limit : 4096;
	uint8_t *buf = malloc(cap);
	if (!buf) {
		cli_error("out of memory reading %s %s", role, path);
		return NULL;
	}
	for (;;) {
		if (used == cap) {
			if (cap == limit)
				break;
			size_t ncap = cap > limit / 2 ? limit : cap * 2;
			uint8_t *nb = realloc(buf, ncap);
			if (!nb) {
				free(buf);
				cli_error("out of memory reading %s %s", role, path);
				return NULL;
			}
			buf = nb;
			cap = ncap;
		}
		ssize_t r = read(fd, buf + used, cap - used);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			cli_error("cannot read %s %s: %s", role, path, strerror(errno));
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
		used += (size_t)r;
	}
	*len = used;
	return buf;
}

uint8_t *cli_read_prefix(const char *path, const char *role, size_t *len, size_t max_len)
{
	/* "-" is standard input (README "Using it"); it is read, bounded, and not closed */
	int from_stdin = strcmp(path, CLI_STDIO_PATH) == 0;
	int fd = from_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		cli_error("cannot open %s %s: %s", role, path, strerror(errno));
		return NULL;
	}
	struct stat st;
	size_t hint = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		hint = (uintmax_t)st.st_size > max_len ? max_len : (size_t)st.st_size;
	uint8_t *buf = read_bounded(fd, from_stdin ? "(stdin)" : path, role, hint, len, max_len);
	if (!from_stdin)
		close(fd);
	return buf;
}

/* cli_read_prefix, then an error naming cap (the limit's name) if the input is longer than max_len. */
static uint8_t *read_capped(const char *path, const char *role, size_t *len, size_t max_len, const char *cap)
{
	uint8_t *buf = cli_read_prefix(path, role, len, max_len);
	if (buf && *len > max_len) {
		cli_error("%s %s is larger than %s %zu bytes", role, path, cap, max_len);
		free(buf);
		return NULL;
	}
	return buf;
}

uint8_t *cli_read_file(const char *path, const char *role, size_t *len, size_t max_len)
{
	return read_capped(path, role, len, max_len, "the largest valid size,");
}

uint8_t *cli_read_input(const char *path, const char *role, size_t *len, size_t max_input)
{
	return read_capped(path, role, len, max_input, "--max-input");
}

uint8_t *cli_read_secret(const char *path, size_t *len, size_t max_len)
{
	/* a pipe cannot be sized by fstat, so the no-realloc guarantee above needs a regular file */
	if (strcmp(path, CLI_STDIO_PATH) == 0) {
		cli_error("secret key cannot be read from stdin ('-'): give a file");
		return NULL;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		cli_error("cannot open secret key %s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	uint8_t *buf = NULL;
	size_t used = 0, size = 0;
	if (fstat(fd, &st) != 0) {
		cli_error("cannot stat secret key %s: %s", path, strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		cli_error("secret key %s is not a regular file", path);
		goto done;
	}
	if ((uintmax_t)st.st_size > max_len) {
		cli_error("secret key %s is larger than %zu bytes", path, max_len);
		goto done;
	}
	size = (size_t)st.st_size;
	/* one byte more than fstat said: a file that grew meanwhile is detected, not reallocated */
	buf = malloc(size + 1);
	if (!buf) {
		cli_error("out of memory reading secret key %s", path);
		goto done;
	}
	while (used <= size) {
		ssize_t r = read(fd, buf + used, size + 1 - used);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0) {
				cli_error("cannot read secret key %s: %s", path, strerror(errno));
				cli_free_secret(buf, size + 1);
				buf = NULL;
			}
			break;
		}
		used += (size_t)r;
	}
	if (buf && used != size) {
		cli_error("secret key %s changed size while being read", path);
		cli_free_secret(buf, size + 1);
		buf = NULL;
	}
	if (buf)
		*len = used;
done:
	close(fd);
	return buf;
}

void cli_free_secret(uint8_t *buf, size_t len)
{
	/* cli_read_secret allocates one byte more than the key: wipe it too */
	pqs_zeroize(buf, buf ? len + 1 : 0);
	free(buf);
}

int cli_parse_max_input(const char *s, size_t *max)
{
	uint64_t v = CLI_MAX_INPUT_DEFAULT;
	if (s && cli_parse_u64(s, "--max-input", 1, (uint64_t)4 << 30, &v))
		return CLI_ERROR;
	*max = (size_t)v;
	return 0;
}

/* The directory part of path ("." for a bare name) into buf. */
static int dir_of(const char *path, char *buf, size_t cap)
{
	const char *slash = strrchr(path, '/');
	int n = slash ? snprintf(buf, cap, "%.*s", slash == path ? 1 : (int)(slash - path), path)
	              : snprintf(buf, cap, ".");
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int cli_output_open(cli_output *o, const char *path, unsigned flags)
{
	static unsigned counter;
	memset(o, 0, sizeof *o);
	o->flags = flags;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (!*base)
		return cli_error("output %s names a directory, not a file", path);
	if (strlen(path) >= sizeof o->path)
		return cli_error("output path too long (%zu bytes, at most %zu)", strlen(path), sizeof o->path - 1);
	memcpy(o->path, path, strlen(path) + 1);
	if (strcmp(path, CLI_STDIO_PATH) == 0) {
		/* secrets never go to a terminal or pipe by accident (README "Using it") */
		if (flags & CLI_WRITE_SECRET)
			return cli_error("secret key output cannot be '-' (stdout): give a file");
		/* a duplicate of stdout, so that the commit's fclose leaves fd 1 open */
		int fd = dup(STDOUT_FILENO);
		if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
			int err = errno;
			if (fd >= 0)
				close(fd);
			return cli_error("cannot write to stdout: %s", strerror(err));
		}
		o->stream = 1;
		return CLI_OK;
	}
	struct stat st;
	/* A device, FIFO or socket (/dev/stdout, a pipe) is a stream, not a file to replace: it is
	 * written in place, never renamed over (that would replace /dev/null itself). */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
			int err = errno;
			if (fd >= 0)
				close(fd);
			return cli_error("cannot open %s: %s", path, strerror(err));
		}
		o->stream = 1;
		return CLI_OK;
	}
	if (!(flags & CLI_WRITE_FORCE) && lstat(path, &st) == 0)
		return cli_error("%s exists (give --force to replace it)", path);
	/* secrets: 0600 from the start (never chmod afterwards); others: 0666 less the umask */
	mode_t mode = flags & CLI_WRITE_SECRET ? 0600 : 0666;
	int fd = -1;
	for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
		int n = snprintf(o->temp, sizeof o->temp, "%.*s.%s.tmp-%ld-%u", (int)(base - path), path, base,
		                 (long)getpid(), counter++);
		if (n < 0 || (size_t)n >= sizeof o->temp)
			return cli_error("output path too long: %s", path);
		fd = open(o->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		int err = errno;
		o->temp[0] = '\0';
		return cli_error("cannot create %s: %s", path, strerror(err));
	}
	o->f = fdopen(fd, "wb");
	if (!o->f) {
		int err = errno;
		close(fd);
		cli_output_abort(o);
		return cli_error("cannot create %s: %s", path, strerror(err));
	}
	/* no stdio buffer: it would hold a copy of the secret in freed memory */
	if (flags & CLI_WRITE_SECRET)
		setvbuf(o->f, NULL, _IONBF, 0);
	return CLI_OK;
}

void cli_output_abort(cli_output *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	if (o->temp[0])
		unlink(o->temp);
	o->temp[0] = '\0';
}

/* fsync the directory holding path, so that the new name survives a crash. */
static int sync_dir_of(const char *path)
{
	char dir[4096];
	if (dir_of(path, dir, sizeof dir))
		return -1;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	close(fd);
	return rc;
}

int cli_output_commit(cli_output *o)
{
	if (!o->f)
		return cli_error("cannot write %s: not open", o->path);
	int err = 0;
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		err = errno ? errno : EIO;
	else if (!o->stream && fsync(fileno(o->f)) != 0)
		err = errno;
	if (fclose(o->f) != 0 && !err)
		err = errno;
	o->f = NULL;
	if (err) {
		cli_output_abort(o);
		return cli_error("cannot write %s: %s", o->path, strerror(err));
	}
	if (o->stream)
		return CLI_OK;
	if (o->flags & CLI_WRITE_FORCE) {
		if (rename(o->temp, o->path) != 0)
			err = errno;
	} else if (link(o->temp, o->path) != 0) {
		err = errno;
		/* a file system without hard links: check, then rename (a narrow race instead of none) */
		struct stat st;
		if (err == EPERM || err == EOPNOTSUPP || err == ENOSYS || err == EMLINK)
			err = lstat(o->path, &st) == 0 ? EEXIST : rename(o->temp, o->path) != 0 ? errno : 0;
	}
	if (err) {
		cli_output_abort(o);
		if (err == EEXIST)
			return cli_error("%s exists (give --force to replace it)", o->path);
		return cli_error("cannot create %s: %s", o->path, strerror(err));
	}
	unlink(o->temp); /* after link(2): the file lives on under its final name; after rename: no-op */
	o->temp[0] = '\0';
	/* EINVAL: a file system that cannot sync directories; the file itself was synced */
	if (sync_dir_of(o->path) != 0 && errno != EINVAL)
		return cli_error("cannot sync the directory of %s: %s", o->path, strerror(errno));
	return CLI_OK;
}

int cli_write_file(const char *path, const uint8_t *data, size_t len, unsigned flags)
{
	cli_output o;
	if (cli_output_open(&o, path, flags))
		return CLI_ERROR;
	if (len && fwrite(data, 1, len, o.f) != len) {
		int err = errno;
		cli_output_abort(&o);
		return cli_error("cannot write %s: %s", path, strerror(err));
	}
	return cli_output_commit(&o);
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
