/* sched_getaffinity and CPU_COUNT are GNU extensions */
#define _GNU_SOURCE
#include "bench.h"

#include <sched.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

double bench_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

double bench_thread_cpu_us(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return bench_now_us();
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted samples. */
static double percentile(const double *sorted, size_t n, double p)
{
	if (n == 0)
		return 0;
	size_t rank = (size_t)(p / 100.0 * (double)n + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

void bench_stats_of(double *s, size_t n, bench_stats *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	qsort(s, n, sizeof *s, cmp_double);
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += s[i];
	out->n = n;
	out->median_us = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	out->p99_us = percentile(s, n, 99.0);
	out->mean_us = sum / (double)n;
	out->ops_per_s = out->mean_us > 0 ? 1e6 / out->mean_us : 0;
}

static int progress_shown;

void bench_progress(const char *fmt, ...)
{
	if (!isatty(STDERR_FILENO))
		return;
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\r\033[K%s", buf);
	fflush(stderr);
	progress_shown = 1;
}

void bench_progress_done(void)
{
	if (progress_shown && isatty(STDERR_FILENO)) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
	progress_shown = 0;
}

void bench_samples_free(bench_samples *s)
{
	free(s->us);
	memset(s, 0, sizeof *s);
}

static int samples_reserve(bench_samples *s, size_t more)
{
	if (s->n + more <= s->cap)
		return 0;
	size_t cap = s->cap ? s->cap : 1024;
	while (cap < s->n + more)
		cap *= 2;
	double *us = realloc(s->us, cap * sizeof *us);
	if (!us)
		return -1;
	s->us = us;
	s->cap = cap;
	return 0;
}

int bench_sample_slice(const char *label, bench_fn fn, void *arg, size_t min_calls, size_t min_calls_slow,
                       double seconds, size_t max_calls, bench_samples *s)
{
	double start = bench_now_us(), last_progress = start, cpu_start = bench_thread_cpu_us();
	size_t calls = 0;
	int ret = 0;
	/*
	 * Slow operations (hash-based signing takes about a second) would need
	 * minutes for min_calls samples: past 10 x seconds, min_calls_slow do.
	 */
	while (calls < max_calls && (calls < min_calls || bench_now_us() - start < seconds * 1e6) &&
	       (calls < min_calls_slow || bench_now_us() - start < 10 * seconds * 1e6)) {
		if (samples_reserve(s, 1)) {
			ret = -1;
			break;
		}
		double t0 = bench_now_us();
		ret = fn(arg, s->n + 1);
		double t1 = bench_now_us();
		if (ret != 0)
			break;
		s->us[s->n++] = t1 - t0;
		calls++;
		if (t1 - last_progress > 250000) {
			bench_progress("%s: %zu runs", label, calls);
			last_progress = t1;
		}
	}
	s->cpu_us += bench_thread_cpu_us() - cpu_start;
	return ret;
}

int bench_run(const char *label, bench_fn fn, void *arg, size_t min_iters, double min_seconds,
              size_t max_iters, bench_stats *out)
{
	bench_samples s = { 0 };
	/* One untimed warm-up call (page faults, lazy initialisation). */
	int ret = fn(arg, 0);
	if (ret == 0)
		ret = bench_sample_slice(label, fn, arg, min_iters, 5, min_seconds, max_iters, &s);
	if (ret == 0)
		bench_stats_of(s.us, s.n, out);
	bench_samples_free(&s);
	return ret;
}

void bench_spread_of(double *values, size_t n, bench_spread *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	qsort(values, n, sizeof *values, cmp_double);
	out->rounds = n;
	out->median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
	out->min = values[0];
	out->max = values[n - 1];
}

/* Calls per CPU second since s had from_n samples and from_cpu_us CPU time. */
static double cpu_rate_since(const bench_samples *s, size_t from_n, double from_cpu_us)
{
	double cpu = s->cpu_us - from_cpu_us;
	return cpu > 0 ? 1e6 * (double)(s->n - from_n) / cpu : 0;
}

/* One adjacent pair of slices: calls and thread CPU time of the operation and of the yardstick. */
typedef struct {
	double op_calls, op_cpu_us, yard_calls, yard_cpu_us;
} slice_pair;

static double pair_yard_rate(const slice_pair *p)
{
	return p->yard_cpu_us > 0 ? p->yard_calls / p->yard_cpu_us : 0;
}

/*
 * The operation's rate over the yardstick's in pairs [from, to), taken
 * over the pairs where the yardstick ran fastest (its top half): the
 * machine's least disturbed moments.  On a loaded machine other processes
 * refill the caches between and during slices, which slows OpenSSL's
 * table-driven P-256 code and our operations by different amounts, and by
 * how much depends on what else runs at that moment: over all pairs,
 * ML-DSA-65 keygen read 1.13 in one run and 0.92 in the next at load 13.
 * The top half (not a smaller share) keeps enough calls for operations
 * whose cost varies: with the top quarter, signing moved by up to 16 %.
 * The operation's side is not filtered (its cost may vary call to call by
 * design), and its calls over its CPU time counted in yardstick calls (each
 * slice's time at the rate of the yardstick slice beside it) keep the ratio
 * one of mean rates.  -1 on an allocation failure.
 */
static double ratio_over_pairs(const slice_pair *pairs, size_t from, size_t to)
{
	size_t n = to - from;
	double *rates = malloc((n ? n : 1) * sizeof *rates);
	if (!rates)
		return -1;
	for (size_t i = 0; i < n; i++)
		rates[i] = pair_yard_rate(&pairs[from + i]);
	qsort(rates, n, sizeof *rates, cmp_double);
	double threshold = n ? rates[n - 1 - n / 2] : 0;
	free(rates);
	double calls = 0, yard_calls_equivalent = 0;
	for (size_t i = from; i < to; i++) {
		double yard_rate = pair_yard_rate(&pairs[i]);
		if (yard_rate < threshold)
			continue;
		calls += pairs[i].op_calls;
		yard_calls_equivalent += pairs[i].op_cpu_us * yard_rate;
	}
	return yard_calls_equivalent > 0 ? calls / yard_calls_equivalent : 0;
}

/*
 * Where the stack starts within a page differs from process to process
 * (address-space randomisation, the size of the environment), and with it
 * how our buffers and OpenSSL's fall into cache sets and 4 KiB store/load
 * aliasing: on this machine with randomisation off, ML-DSA-87 keygen over
 * the yardstick read 0.76-0.78 in six runs with one environment size and
 * 0.62 in three with larger ones, steady within each.  So each pair runs with
 * the stack shifted by a different multiple of 16 bytes, stepping through
 * the 256 offsets of a page in a scattered order (17 is prime to 256): a
 * run averages over layouts instead of drawing one.
 */
#define STACK_SHIFT_STEP  16
#define STACK_SHIFT_STEPS 256

static int slice_with_stack_shift(size_t pair, const char *label, bench_fn fn, void *arg, double seconds,
				  bench_samples *s)
{
	size_t shift = (pair * 17 % STACK_SHIFT_STEPS) * STACK_SHIFT_STEP;
	/* a variable-length array moves the callee's frame down by about shift bytes; touched on both
	 * sides of the call so that it stays */
	volatile unsigned char pad[shift + 1];
	pad[shift] = 1;
	int ret = bench_sample_slice(label, fn, arg, 1, 1, seconds, 1000000, s);
	pad[0] = pad[shift];
	return ret;
}

/*
 * Short slices: the load of a shared machine (another process's cache and
 * memory traffic, the other vCPU's work) changes over tens of milliseconds
 * and slows OpenSSL and our code by different amounts; two slices a few
 * milliseconds apart see the same conditions.
 */
#define SLICE_SECONDS 0.002

int bench_run_paired(const char *label, bench_fn fn, void *arg, bench_fn yard_fn, void *yard_arg,
                     const bench_plan *plan, bench_samples *yard_pool, bench_stats *ours, bench_stats *yard,
                     bench_spread *ratio)
{
	size_t rounds = plan->rounds < 1 ? 1 : plan->rounds > BENCH_MAX_ROUNDS ? BENCH_MAX_ROUNDS : plan->rounds;
	double ratios[BENCH_MAX_ROUNDS];
	double cpu_budget_us = (double)rounds * plan->seconds * 1e6;
	size_t min_calls = rounds * plan->min_calls;
	bench_samples mine = { 0 }, theirs = { 0 }, warm = { 0 };
	slice_pair *pairs = NULL;
	size_t npairs = 0, cap = 0;
	/* One untimed slice of each: page faults, lazy initialisation, caches and branch predictors. */
	int ret = bench_sample_slice(label, fn, arg, 1, 1, SLICE_SECONDS, 1000000, &warm);
	if (ret == 0)
		ret = bench_sample_slice(label, yard_fn, yard_arg, 1, 1, SLICE_SECONDS, 1000000, &warm);
	bench_samples_free(&warm);
	double started = bench_now_us(), last_progress = started;
	/*
	 * Enough pairs for every round, the operation's CPU budget spent and its
	 * minimum number of calls made; a slow operation (hash-based signing)
	 * stops at 10 x the budget with what it has.  On a loaded machine the
	 * CPU budget takes longer to get: the wall time stops at twice what an
	 * idle machine needs (both sides' budgets), with what it has.
	 */
	while (ret == 0 && (npairs < rounds ||
			    ((mine.cpu_us < cpu_budget_us || mine.n < min_calls) && mine.cpu_us < 10 * cpu_budget_us &&
			     bench_now_us() - started < 4 * cpu_budget_us))) {
		if (npairs == cap) {
			size_t more = cap ? 2 * cap : 256;
			slice_pair *grown = realloc(pairs, more * sizeof *grown);
			if (!grown) {
				ret = -1;
				break;
			}
			pairs = grown;
			cap = more;
		}
		slice_pair *p = &pairs[npairs];
		size_t mine_from = mine.n, theirs_from = theirs.n;
		double mine_cpu = mine.cpu_us, theirs_cpu = theirs.cpu_us;
		/* Alternate which side goes first, so that a steady drift in load favours neither. */
		for (int side = 0; side < 2 && ret == 0; side++) {
			if ((side == 0) == (npairs % 2 == 0))
				ret = slice_with_stack_shift(npairs, label, yard_fn, yard_arg, SLICE_SECONDS, &theirs);
			else
				ret = slice_with_stack_shift(npairs, label, fn, arg, SLICE_SECONDS, &mine);
		}
		*p = (slice_pair){ (double)(mine.n - mine_from), mine.cpu_us - mine_cpu,
				   (double)(theirs.n - theirs_from), theirs.cpu_us - theirs_cpu };
		npairs++;
		double now = bench_now_us();
		if (now - last_progress > 250000) {
			bench_progress("%s: %zu runs beside the yardstick", label, mine.n);
			last_progress = now;
		}
	}
	if (ret == 0 && yard_pool) {
		if (samples_reserve(yard_pool, theirs.n))
			ret = -1;
		else {
			memcpy(yard_pool->us + yard_pool->n, theirs.us, theirs.n * sizeof *theirs.us);
			yard_pool->n += theirs.n;
			yard_pool->cpu_us += theirs.cpu_us;
		}
	}
	if (ret == 0) {
		/* Rounds are consecutive runs of pairs; each round's ratio is over its own pairs. */
		for (size_t r = 0; r < rounds; r++)
			if ((ratios[r] = ratio_over_pairs(pairs, r * npairs / rounds, (r + 1) * npairs / rounds)) < 0)
				ret = -1;
		bench_spread_of(ratios, rounds, ratio);
		ratio->pairs = npairs;
		bench_stats_of(mine.us, mine.n, ours);
		bench_stats_of(theirs.us, theirs.n, yard);
		ours->ops_per_s = cpu_rate_since(&mine, 0, 0);
		yard->ops_per_s = cpu_rate_since(&theirs, 0, 0);
	}
	free(pairs);
	bench_samples_free(&mine);
	bench_samples_free(&theirs);
	return ret;
}

double bench_ratio(const bench_stats *ours, const bench_stats *yard)
{
	return yard->ops_per_s > 0 ? ours->ops_per_s / yard->ops_per_s : 0;
}

/* ---- The OpenSSL ECDSA P-256 yardstick ---- */

struct bench_ecdsa_p256 {
	EVP_PKEY *key;
	unsigned char msg[32];
	unsigned char sig[80];
	size_t sig_len;
};

static int yard_keygen(void *arg, size_t i)
{
	(void)arg, (void)i;
	EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	EVP_PKEY_free(k);
	return k ? 0 : -1;
}

static int yard_sign(void *arg, size_t i)
{
	bench_ecdsa_p256 *y = arg;
	(void)i;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	y->sig_len = sizeof y->sig;
	int ok = md && EVP_DigestSignInit(md, NULL, EVP_sha256(), NULL, y->key) == 1 &&
	         EVP_DigestSign(md, y->sig, &y->sig_len, y->msg, sizeof y->msg) == 1;
	EVP_MD_CTX_free(md);
	return ok ? 0 : -1;
}

static int yard_verify(void *arg, size_t i)
{
	bench_ecdsa_p256 *y = arg;
	(void)i;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok = md && EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, y->key) == 1 &&
	         EVP_DigestVerify(md, y->sig, y->sig_len, y->msg, sizeof y->msg) == 1;
	EVP_MD_CTX_free(md);
	return ok ? 0 : -1;
}

const bench_fn bench_ecdsa_p256_ops[3] = { yard_keygen, yard_sign, yard_verify };

bench_ecdsa_p256 *bench_ecdsa_p256_new(void)
{
	bench_ecdsa_p256 *y = calloc(1, sizeof *y);
	if (!y)
		return NULL;
	memset(y->msg, 0x5a, sizeof y->msg);
	/* verify checks the signature sign leaves; sign and verify are timed in either order */
	if (!(y->key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256")) || yard_sign(y, 0) != 0) {
		bench_ecdsa_p256_free(y);
		return NULL;
	}
	return y;
}

void bench_ecdsa_p256_free(bench_ecdsa_p256 *y)
{
	if (y)
		EVP_PKEY_free(y->key);
	free(y);
}

int bench_ecdsa_p256_yardstick(bench_yardstick *out, double seconds)
{
	bench_ecdsa_p256 *y = bench_ecdsa_p256_new();
	if (!y)
		return -1;
	int ret = bench_run("OpenSSL ECDSA P-256 keygen", yard_keygen, y, 200, seconds, 1000000, &out->keygen);
	if (!ret)
		ret = bench_run("OpenSSL ECDSA P-256 sign", yard_sign, y, 200, seconds, 1000000, &out->sign);
	if (!ret)
		ret = bench_run("OpenSSL ECDSA P-256 verify", yard_verify, y, 200, seconds, 1000000, &out->verify);
	bench_ecdsa_p256_free(y);
	bench_progress_done();
	return ret;
}

void bench_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

unsigned bench_cpus_allowed(void)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		return (unsigned)CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1u : (unsigned)n;
}

void bench_machine_info(char *buf, size_t cap)
{
	char model[128] = "unknown CPU";
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (f) {
		char line[256];
		while (fgets(line, sizeof line, f)) {
			if (strncmp(line, "model name", 10) == 0) {
				char *c = strchr(line, ':');
				if (c) {
					c += 2;
					c[strcspn(c, "\n")] = 0;
					snprintf(model, sizeof model, "%s", c);
				}
				break;
			}
		}
		fclose(f);
	}
	snprintf(buf, cap, "%s, %ld cores (%u allowed to this process), %s", model, sysconf(_SC_NPROCESSORS_ONLN),
	         bench_cpus_allowed(), OpenSSL_version(OPENSSL_VERSION));
}
