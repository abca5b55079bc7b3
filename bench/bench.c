#include "bench.h"

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

int bench_run(const char *label, bench_fn fn, void *arg, size_t min_iters, double min_seconds,
              size_t max_iters, bench_stats *out)
{
	size_t cap = min_iters > 1024 ? min_iters : 1024;
	double *samples = malloc(cap * sizeof *samples);
	if (!samples)
		return -1;
	double start = bench_now_us(), last_progress = start;
	size_t n = 0;
	int ret = 0;
	/* One untimed warm-up call (page faults, lazy initialisation). */
	if ((ret = fn(arg, 0)) != 0) {
		free(samples);
		return ret;
	}
	/*
	 * Slow operations (hash-based signing takes about a second) would need
	 * minutes for min_iters samples: past 10 x min_seconds, 5 samples do.
	 */
	while (n < max_iters &&
	       (n < min_iters || bench_now_us() - start < min_seconds * 1e6) &&
	       (n < 5 || bench_now_us() - start < 10 * min_seconds * 1e6)) {
		if (n == cap) {
			cap *= 2;
			double *ns = realloc(samples, cap * sizeof *samples);
			if (!ns) {
				free(samples);
				return -1;
			}
			samples = ns;
		}
		double t0 = bench_now_us();
		ret = fn(arg, n + 1);
		double t1 = bench_now_us();
		if (ret != 0)
			break;
		samples[n++] = t1 - t0;
		if (t1 - last_progress > 250000) {
			bench_progress("%s: %zu runs", label, n);
			last_progress = t1;
		}
	}
	if (ret == 0)
		bench_stats_of(samples, n, out);
	free(samples);
	return ret;
}

double bench_ratio(const bench_stats *ours, const bench_stats *yard)
{
	return yard->ops_per_s > 0 ? ours->ops_per_s / yard->ops_per_s : 0;
}

/* ---- The OpenSSL ECDSA P-256 yardstick ---- */

typedef struct {
	EVP_PKEY *key;
	unsigned char msg[32];
	unsigned char sig[80];
	size_t sig_len;
} yard_state;

static int yard_keygen(void *arg, size_t i)
{
	(void)arg, (void)i;
	EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	EVP_PKEY_free(k);
	return k ? 0 : -1;
}

static int yard_sign(void *arg, size_t i)
{
	yard_state *y = arg;
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
	yard_state *y = arg;
	(void)i;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok = md && EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, y->key) == 1 &&
	         EVP_DigestVerify(md, y->sig, y->sig_len, y->msg, sizeof y->msg) == 1;
	EVP_MD_CTX_free(md);
	return ok ? 0 : -1;
}

int bench_ecdsa_p256_yardstick(bench_yardstick *out, double seconds)
{
	yard_state y;
	memset(&y, 0, sizeof y);
	memset(y.msg, 0x5a, sizeof y.msg);
	y.key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!y.key)
		return -1;
	int ret = bench_run("OpenSSL ECDSA P-256 keygen", yard_keygen, &y, 200, seconds, 1000000, &out->keygen);
	if (!ret)
		ret = bench_run("OpenSSL ECDSA P-256 sign", yard_sign, &y, 200, seconds, 1000000, &out->sign);
	if (!ret)
		ret = yard_sign(&y, 0);
	if (!ret)
		ret = bench_run("OpenSSL ECDSA P-256 verify", yard_verify, &y, 200, seconds, 1000000, &out->verify);
	EVP_PKEY_free(y.key);
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
	snprintf(buf, cap, "%s, %ld cores, %s", model, sysconf(_SC_NPROCESSORS_ONLN),
	         OpenSSL_version(OPENSSL_VERSION));
}
