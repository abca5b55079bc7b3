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
/* CPU time of the calling thread in microseconds (wall time where there is no thread clock). */
double bench_thread_cpu_us(void);

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

/* A growing list of per-call wall times in microseconds, and the thread CPU time the slices took. */
typedef struct {
	double *us;
	size_t n, cap;
	double cpu_us;
} bench_samples;
void bench_samples_free(bench_samples *s);

/*
 * Append one timed slice of fn to s: at least min_calls calls and at least
 * seconds, at most max_calls; past 10 x seconds, min_calls_slow calls
 * suffice.  fn's first call number is s->n + 1.  0, fn's error, or -1
 * (out of memory).
 */
int bench_sample_slice(const char *label, bench_fn fn, void *arg, size_t min_calls, size_t min_calls_slow,
                       double seconds, size_t max_calls, bench_samples *s);

/* The median and range of a few per-round figures (a ratio, an efficiency). */
typedef struct {
	size_t rounds;
	double median, min, max;
	size_t pairs; /* bench_paired: the adjacent yardstick/operation slice pairs the rounds hold (else 0) */
} bench_spread;
/* Spread of values[0..n) (sorts the array in place). */
void bench_spread_of(double *values, size_t n, bench_spread *out);

/*
 * Paired measurement of one operation against the yardstick, one round
 * at a time (docs/performance.md, "How the ratios are taken").  A round
 * starts with untimed warm-up calls of both (call number 0), then many
 * short slices (about 2 ms each) of the yardstick and of fn alternate
 * (which goes first alternates too, so that a steady drift in load
 * favours neither), each adjacent pair seeing the same machine conditions,
 * and each with the stack shifted by another 16-byte offset.  Pairs go on
 * until fn has had `seconds` of CPU time in the round and at least
 * min_calls calls; a slow operation stops at 10 x that time, and a loaded
 * machine at twice the wall time an idle one needs, each with at least one
 * pair.  fn's measured calls are numbered 1, 2, ... across all rounds.
 * The caller interleaves the rounds of several operations
 * (bench_sig_collect: round 1 of every operation, then round 2, ...), so
 * that each operation's rounds are spread over the whole run.
 *
 * bench_paired_finish keeps the pairs where the yardstick ran within 15 %
 * of its rate at the top 5 % of all the pairs (the machine's fast state;
 * bench_pair_select), cuts them in time order into as many groups as there were
 * rounds, and takes each group's ratio: fn's calls over its CPU time
 * converted into yardstick calls at the rate of the yardstick slice beside
 * it.  The ratio is the median of the groups, with their range.  Rates
 * (the ratios, and ops_per_s of ours and yard) are per CPU second of the
 * measuring thread: time spent preempted by other processes is not the
 * operation's cost.  Latencies (median, p99) stay wall-clock.
 */
typedef struct {
	size_t rounds;
	double seconds;   /* thread CPU seconds of the measured operation per round */
	size_t min_calls; /* per round, measured side */
} bench_plan;
#define BENCH_MAX_ROUNDS 32
/*
 * One adjacent pair of slices: calls and thread CPU time of the operation
 * and of the yardstick; when the pair started (bench_now_us) and in which
 * round (from 0), for bench_paired_write_csv.
 */
typedef struct bench_slice_pair {
	double op_calls, op_cpu_us, yard_calls, yard_cpu_us;
	double start_us;
	size_t round;
} bench_slice_pair;
typedef struct {
	const char *label;
	bench_fn fn, yard_fn;
	void *arg, *yard_arg;
	bench_samples mine, theirs;
	bench_slice_pair *pairs;
	size_t npairs, cap, rounds;
} bench_paired;
void bench_paired_init(bench_paired *p, const char *label, bench_fn fn, void *arg, bench_fn yard_fn, void *yard_arg);
/* One more round.  0, fn's or the yardstick's error, or -1 (out of memory, or BENCH_MAX_ROUNDS done). */
int bench_paired_round(bench_paired *p, const bench_plan *plan);
/* The results of the rounds so far; yard_pool (if not NULL) gets the yardstick's samples appended.  0 or -1. */
int bench_paired_finish(bench_paired *p, bench_samples *yard_pool, bench_stats *ours, bench_stats *yard,
			bench_spread *ratio);
void bench_paired_free(bench_paired *p);
/*
 * The per-round ratios bench_paired_finish takes from pairs[0..n) in time
 * order: the pairs bench_pair_select keeps (at least `rounds`), cut into
 * `rounds` groups, each group's calls over its converted CPU time.  0 or -1
 * (out of memory).
 */
int bench_pair_ratios(const bench_slice_pair *pairs, size_t n, size_t rounds, double *ratios);
/* Which of pairs[0..n) bench_pair_ratios keeps: kept[i] = 1 or 0.  0 or -1 (out of memory). */
int bench_pair_select(const bench_slice_pair *pairs, size_t n, size_t rounds, unsigned char *kept);

/*
 * Every slice pair of p as CSV rows (after bench_pairs_csv_header), for
 * studying how a ratio moves over a run (`pqsig bench sig --pairs FILE`):
 * alg, op, round (from 1), pair (from 1), start in seconds since origin_us,
 * the operation's calls and CPU microseconds, the yardstick's, and whether
 * bench_paired_finish kept the pair.  0 or -1 (out of memory, or a write
 * error on f).
 */
void bench_pairs_csv_header(FILE *f);
int bench_paired_write_csv(const bench_paired *p, FILE *f, const char *alg, const char *op, double origin_us);

/* The yardstick: OpenSSL ECDSA P-256 keygen/sign/verify with keys already loaded (EVP). */
typedef struct {
	bench_stats keygen, sign, verify;
} bench_yardstick;
int bench_ecdsa_p256_yardstick(bench_yardstick *y, double seconds_per_op);

/* The yardstick's key and a signature over a fixed message, for bench_ecdsa_p256_ops. */
typedef struct bench_ecdsa_p256 bench_ecdsa_p256;
bench_ecdsa_p256 *bench_ecdsa_p256_new(void);
void bench_ecdsa_p256_free(bench_ecdsa_p256 *y);
/* keygen, sign, verify; the argument is a bench_ecdsa_p256. */
extern const bench_fn bench_ecdsa_p256_ops[3];

/* ratio = (our ops/s) / (yardstick ops/s). */
double bench_ratio(const bench_stats *ours, const bench_stats *yard);

/* printf-style progress on stderr, overwriting one line; silent when stderr is not a terminal. */
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Clear the progress line. */
void bench_progress_done(void);

/* Write s as a JSON string literal. */
void bench_json_string(FILE *f, const char *s);

/*
 * The CPUs this process may run on (sched_getaffinity: a container or
 * taskset may allow fewer than are online).  How much of them it actually
 * obtained is only known afterwards, as CPU time over wall time.
 */
unsigned bench_cpus_allowed(void);

/* Machine description for report headers: CPU model, cores, OpenSSL version. */
void bench_machine_info(char *buf, size_t cap);

/* `pqsig bench sig` as a library call (the report uses it). */
#include "pqsig/sig.h"
#define BENCH_SIG_OPS 5
typedef struct {
	const pqs_sig_class *cls;
	/* keygen, sign, verify, verify with a key prepared once (pqs_sig_prepare) beside the
	 * yardstick's verify, and sign with a secret key prepared once (pqs_sig_prepare_sk) beside
	 * its sign, measured only for a class with that slot (op[4].n == 0 otherwise): all rounds pooled */
	bench_stats op[BENCH_SIG_OPS];
	bench_stats yard[BENCH_SIG_OPS];   /* the yardstick's operation in the same rounds */
	bench_spread ratio[BENCH_SIG_OPS]; /* per-round ratio to the yardstick */
} bench_sig_result;
/*
 * Measure each class for about `seconds` per operation (at least 100 runs)
 * in `rounds` rounds, each next to the same yardstick operation; y gets the
 * yardstick's samples of the whole run pooled.  pairs_csv (if not NULL)
 * gets every slice pair (bench_paired_write_csv, times since the run
 * started).  0 or CLI_ERROR.
 */
int bench_sig_collect(const pqs_sig_class *const *classes, size_t n, double seconds, size_t rounds, bench_yardstick *y,
		      bench_sig_result *res, FILE *pairs_csv);

#endif
