/*
 * Shared helpers of the pqsig command-line tool.
 *
 * Exit codes (every command): 0 success / valid, 1 "signature invalid"
 * (verify commands only), 2 any error (bad usage, bad input, I/O).  Errors
 * print exactly one line to stderr: "pqsig: <what>".
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

/* Read a whole file into a malloc'd buffer (max_len guards against huge inputs). NULL + message on error. */
uint8_t *cli_read_file(const char *path, size_t *len, size_t max_len);
/* Write bytes to a file; returns CLI_OK or prints an error and returns CLI_ERROR. */
int cli_write_file(const char *path, const uint8_t *data, size_t len);

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
int cmd_chain(int argc, char **argv);
int cmd_scms(int argc, char **argv);

#endif
