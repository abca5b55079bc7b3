/*
 * Benchmark helpers shared by every `pqsig bench ...` program: a
 * monotonic clock, sample statistics (median, p99, ops/s), the OpenSSL
 * ECDSA P-256 yardstick that every ratio is taken against in the same run,
 * progress lines on stderr (only when it is a terminal), and JSON string
 * output.
 */
#ifndef PQSIG_BENCH_H
#define PQSIG_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
	size_t n;          /* samples */
	double median_us;
	double p99_us;
	double mean_us;
	double ops_per_s;  /* 1e6 / mean_us */
} bench_stats;

/* Microseconds from a monotonic clock. */
double bench_now_us(void);

/* Statistics of n samples (sorts the array in place). */
void bench_stats_of(double *samples_us, size_t n, bench_stats *out);

/*
 * Time fn(arg, i) repeatedly: at least min_iters calls and at least
 * min_seconds, at most max_iters calls; once 10 x min_seconds have passed,
 * 5 calls suffice (slow operations such as hash-based signing).  Each call is one sample.  fn
 * returns 0 on success; a failure aborts the run and is returned.
 * label is shown in the progress line.
 */
typedef int (*bench_fn)(void *arg, size_t iter);
int bench_run(const char *label, bench_fn fn, void *arg, size_t min_iters, double min_seconds,
              size_t max_iters, bench_stats *out);

/* The yardstick: OpenSSL ECDSA P-256 keygen/sign/verify with keys already loaded (EVP). */
typedef struct {
	bench_stats keygen, sign, verify;
} bench_yardstick;
int bench_ecdsa_p256_yardstick(bench_yardstick *y, double seconds_per_op);

/* ratio = (our ops/s) / (yardstick ops/s). */
double bench_ratio(const bench_stats *ours, const bench_stats *yard);

/* printf-style progress on stderr, overwriting one line; silent when stderr is not a terminal. */
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Clear the progress line. */
void bench_progress_done(void);

/* Write s as a JSON string literal. */
void bench_json_string(FILE *f, const char *s);

/* Machine description for report headers: CPU model, cores, OpenSSL version. */
void bench_machine_info(char *buf, size_t cap);

/* `pqsig bench sig` as a library call (the report uses it). */
#include "pqsig/sig.h"
typedef struct {
	const pqs_sig_class *cls;
	bench_stats op[3]; /* keygen, sign, verify */
	bench_stats verify_prepared; /* verify with a key prepared once (pqs_sig_verify_prepared) */
} bench_sig_result;
/* Measure the yardstick, then each class for about `seconds` per operation (at least 100 runs). 0 or CLI_ERROR. */
int bench_sig_collect(const pqs_sig_class *const *classes, size_t n, double seconds, bench_yardstick *y,
                      bench_sig_result *res);

#endif
