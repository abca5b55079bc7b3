/*
 * Shared helpers of the pqsig command-line tool.
 *
 * Exit codes (every command, README "Exit codes"): 0 success / valid,
 * 1 "signature invalid" (verify commands only), including a malformed
 * signature (wrong length, trailing byte, bad encoding: the message says
 * why), 2 any other error (bad usage, malformed key or file, I/O).  Errors
 * print exactly one line to stderr: "pqsig: <what>", never cut.
 */
#ifndef PQSIG_TOOLS_CLI_H
#define PQSIG_TOOLS_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pqsig/sig.h"

#define CLI_OK 0
#define CLI_INVALID 1
#define CLI_ERROR 2

/* Print "pqsig: <message>" to stderr (one line) and return CLI_ERROR. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Input caps (docs/security.md "Input caps"): every read is bounded by the
 * largest valid size for its role, so a huge or endless input (/dev/zero, a
 * pipe) fails fast with a clear error instead of growing memory.
 */
/*
 * "-" as a file name: standard input where a file is read (messages,
 * signatures, public keys, payloads, SPDUs) and standard output where one is
 * written (signatures, public keys, SPDUs, captures).  Secret keys are
 * refused both ways: reading needs a regular file (cli_read_secret) and a
 * secret on stdout would land in a terminal or pipe log.
 */
#define CLI_STDIO_PATH "-"

#define CLI_MAX_INPUT_DEFAULT ((size_t)64 << 20) /* messages and payloads: --max-input default */

/*
 * Read a whole file of at most max_len bytes into a malloc'd buffer.  role
 * names the file in errors ("message", "public key", ...).  NULL with one
 * error line printed when the file cannot be read or holds more than
 * max_len bytes (reading stops at max_len + 1: memory stays bounded).
 */
uint8_t *cli_read_file(const char *path, const char *role, size_t *len, size_t max_len);
/* cli_read_file for a message or payload, whose cap is --max-input: the error names the option. */
uint8_t *cli_read_input(const char *path, const char *role, size_t *len, size_t max_input);
/* Read at most max_len + 1 bytes with no size error: *len == max_len + 1 tells "longer than max_len". */
uint8_t *cli_read_prefix(const char *path, const char *role, size_t *len, size_t max_len);
/*
 * Like cli_read_file for secret keys: the buffer is sized once by fstat (a
 * regular file of at most max_len bytes), never reallocated, so no copy of
 * the secret is left in freed memory.  Free it with cli_free_secret.
 */
uint8_t *cli_read_secret(const char *path, size_t *len, size_t max_len);
/* Wipe (pqs_zeroize) and free a buffer from cli_read_secret. */
void cli_free_secret(uint8_t *buf, size_t len);
/* Parse --max-input N (bytes, 1 .. 4 GiB) into *max; NULL keeps CLI_MAX_INPUT_DEFAULT.  0 or CLI_ERROR. */
int cli_parse_max_input(const char *s, size_t *max);

/*
 * Atomic output files (docs/security.md "File writing").  Every file the
 * CLI writes goes through here: the bytes go to a temp file created in the
 * same directory with open(O_CREAT|O_EXCL, mode) -- 0600 from creation for
 * secrets -- then fsync, then the temp file takes the final name and the
 * directory is fsynced.  A failure at any step removes the temp file and
 * leaves an existing file as it was.  Without CLI_WRITE_FORCE an existing
 * file is never replaced (the name is taken with link(2), which fails if the
 * name exists, so even a file created meanwhile is not clobbered).  A path
 * that is a device, FIFO or socket (/dev/stdout, a pipe) is written in place.
 */
#define CLI_WRITE_SECRET 1u /* owner-only (0600) from creation, unbuffered */
#define CLI_WRITE_FORCE 2u  /* replace an existing file (--force) */

typedef struct {
	FILE *f;          /* write the contents here, between open and commit */
	unsigned flags;
	int stream;       /* path is a device, FIFO or socket: written in place, no temp file */
	char path[4096];  /* the final name */
	char temp[4096];  /* the temp file beside it */
} cli_output;

/* Create the temp file for path.  CLI_OK, or CLI_ERROR (message printed; e.g. path exists without FORCE). */
int cli_output_open(cli_output *o, const char *path, unsigned flags);
/* Flush, fsync, give the temp file its final name, fsync the directory.  CLI_OK or CLI_ERROR (printed). */
int cli_output_commit(cli_output *o);
/* Drop an opened output: the temp file is removed and path is untouched.  Safe after commit or a failed open. */
void cli_output_abort(cli_output *o);
/* Write bytes to path atomically (cli_output_*).  CLI_OK or CLI_ERROR (printed). */
int cli_write_file(const char *path, const uint8_t *data, size_t len, unsigned flags);

/* Parse hex (even length, [0-9a-fA-F]) into out (cap bytes). Returns length or -1. */
long cli_hex_decode(const char *hex, uint8_t *out, size_t cap);
/* Print bytes as lowercase hex. */
void cli_hex_print(FILE *f, const uint8_t *data, size_t len);

/*
 * Minimal option parser.  Options are "-x VALUE", "--long VALUE" or
 * boolean flags.  Unknown options and missing values are errors.
 */
typedef struct {
	const char *short_name; /* "-a" or NULL */
	const char *long_name;  /* "--alg" or NULL */
	int takes_value;
	const char **value;     /* where to store the value (or "1" for flags) */
} cli_opt;

/* Parse argv[first..argc): fills values; positional args go to pos (max npos). Returns 0 or CLI_ERROR (message printed). */
int cli_parse(int argc, char **argv, int first, const cli_opt *opts, size_t nopts,
              const char **pos, size_t max_pos, size_t *npos);

/*
 * Take a repeatable option ("-a X -a Y") out of argv before cli_parse:
 * its values go to values[0..*count) (at most max), and argv/argc keep the
 * other arguments in order.  Returns 0 or CLI_ERROR (message printed).
 */
int cli_take_repeated(int *argc, char **argv, const char *short_name, const char *long_name,
                      const char **values, size_t max, size_t *count);

/* Parse an unsigned decimal with bounds; returns 0 or CLI_ERROR (message printed, naming the option). */
int cli_parse_u64(const char *s, const char *what, uint64_t min, uint64_t max, uint64_t *out);

/* Look up an algorithm by name or print "unknown algorithm" (and the list hint). */
const pqs_sig_class *cli_find_alg(const char *name);

/* Subcommands (tools/cmd_*.c and the bench folder). */
int cmd_list(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_v2x(int argc, char **argv);
int cmd_v2x_sim(int argc, char **argv); /* tools/cmd_v2x_sim.c: runs pqsig-v2x-sim */
int cmd_chain(int argc, char **argv);
int cmd_scms(int argc, char **argv);

#endif
