/*
 * `pqsig bench sig`: keygen, sign and verify of every registered scheme
 * (or those given with -a), each as ops/s, median and p99 in microseconds,
 * and as a ratio to OpenSSL ECDSA P-256 measured in the same run.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "pqsig/rand.h"

#define MSG_LEN 32 /* a hash-sized message, as signed in V2X and ledgers */

typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk, *sig;
	void *prepared; /* pk prepared once (pqs_sig_prepare) */
	size_t sig_len;
	uint8_t msg[MSG_LEN];
} sig_state;

static int run_keygen(void *arg, size_t i)
{
	sig_state *s = arg;
	(void)i;
	return pqs_sig_keygen(s->cls, s->pk, s->sk, NULL, 0, NULL);
}

static int run_sign(void *arg, size_t i)
{
	sig_state *s = arg;
	(void)i;
	return pqs_sig_sign(s->cls, s->sig, s->cls->sig_max_len, &s->sig_len, s->msg, MSG_LEN, NULL, 0, s->sk, 0, NULL);
}

static int run_verify(void *arg, size_t i)
{
	sig_state *s = arg;
	(void)i;
	return pqs_sig_verify(s->cls, s->sig, s->sig_len, s->msg, MSG_LEN, NULL, 0, s->pk);
}

static int run_verify_prepared(void *arg, size_t i)
{
	sig_state *s = arg;
	(void)i;
	return pqs_sig_verify_prepared(s->cls, s->sig, s->sig_len, s->msg, MSG_LEN, NULL, 0, s->prepared);
}

static const char *const op_names[3] = { "keygen", "sign", "verify" };

/* Measure one scheme.  Keygen gets at least 100 runs: Falcon's cost varies key to key. */
static int measure(const pqs_sig_class *cls, double seconds, bench_sig_result *r)
{
	sig_state s;
	memset(&s, 0, sizeof s);
	s.cls = cls;
	s.pk = malloc(cls->pk_len);
	s.sk = malloc(cls->sk_len);
	s.sig = malloc(cls->sig_max_len);
	int ret = -1;
	if (!s.pk || !s.sk || !s.sig)
		goto done;
	memset(s.msg, 0xA5, MSG_LEN);
	char label[96];
	r->cls = cls;
	snprintf(label, sizeof label, "%s keygen", cls->name);
	if ((ret = bench_run(label, run_keygen, &s, 100, seconds, 1000000, &r->op[0])) != 0)
		goto done;
	snprintf(label, sizeof label, "%s sign", cls->name);
	if ((ret = bench_run(label, run_sign, &s, 100, seconds, 1000000, &r->op[1])) != 0)
		goto done;
	snprintf(label, sizeof label, "%s verify", cls->name);
	if ((ret = bench_run(label, run_verify, &s, 100, seconds, 1000000, &r->op[2])) != 0)
		goto done;
	/* The key is prepared once, outside the timed loop: the cost a repeat verifier pays per signature. */
	size_t prep_len = pqs_sig_prepared_len(cls);
	size_t prep_cap = (prep_len + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	s.prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, prep_cap);
	if (!s.prepared) {
		ret = -1;
		goto done;
	}
	if ((ret = pqs_sig_prepare(cls, s.prepared, s.pk)) != 0)
		goto done;
	snprintf(label, sizeof label, "%s verify-prepared", cls->name);
	ret = bench_run(label, run_verify_prepared, &s, 100, seconds, 1000000, &r->verify_prepared);
	pqs_sig_release_prepared(cls, s.prepared);
done:
	bench_progress_done();
	if (s.sk)
		pqs_zeroize(s.sk, cls->sk_len);
	free(s.prepared);
	free(s.pk);
	free(s.sk);
	free(s.sig);
	return ret;
}

static double yard_ops(const bench_yardstick *y, int op)
{
	return op == 0 ? y->keygen.ops_per_s : op == 1 ? y->sign.ops_per_s : y->verify.ops_per_s;
}

int bench_sig_collect(const pqs_sig_class *const *classes, size_t n, double seconds, bench_yardstick *y, bench_sig_result *res)
{
	if (bench_ecdsa_p256_yardstick(y, seconds) != 0)
		return cli_error("OpenSSL ECDSA P-256 yardstick failed");
	for (size_t i = 0; i < n; i++) {
		int ret = measure(classes[i], seconds, &res[i]);
		if (ret != 0)
			return cli_error("benchmark of %s failed: %s", classes[i]->name, pqs_strerror(ret));
	}
	return 0;
}

int bench_sig_main(int argc, char **argv)
{
	const char *json = NULL, *quick = NULL, *secs = NULL;
	const char *algs[64];
	size_t nalgs = 0;
	const pqs_sig_class *classes[64];
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--quick", 0, &quick }, { NULL, "--seconds", 1, &secs } };
	if (cli_take_repeated(&argc, argv, "-a", "--alg", algs, 64, &nalgs) ||
	    cli_parse(argc, argv, 1, opts, 3, NULL, 0, NULL))
		return CLI_ERROR;
	double seconds = quick ? 0.2 : 1.0;
	if (secs) {
		uint64_t whole_seconds;
		if (cli_parse_u64(secs, "--seconds", 0, 3600, &whole_seconds))
			return CLI_ERROR;
		seconds = (double)whole_seconds;
	}
	size_t n = 0;
	if (nalgs) {
		for (size_t i = 0; i < nalgs; i++)
			if (!(classes[n++] = cli_find_alg(algs[i])))
				return CLI_ERROR;
	} else {
		for (size_t i = 0; i < pqs_sig_count() && n < 64; i++)
			classes[n++] = pqs_sig_at(i);
	}
	bench_yardstick y;
	bench_sig_result *res = calloc(n, sizeof *res);
	if (!res)
		return cli_error("out of memory");
	if (bench_sig_collect(classes, n, seconds, &y, res)) {
		free(res);
		return CLI_ERROR;
	}
	if (json) {
		printf("[\n");
		const bench_stats *ys[3] = { &y.keygen, &y.sign, &y.verify };
		for (int op = 0; op < 3; op++)
			printf("  {\"alg\":\"OpenSSL ECDSA P-256 (yardstick)\",\"op\":\"%s\",\"ops_per_s\":%.1f,\"median_us\":%.3f,"
			       "\"p99_us\":%.3f,\"ratio_to_ecdsa_p256\":1.0,\"n\":%zu},\n",
			       op_names[op], ys[op]->ops_per_s, ys[op]->median_us, ys[op]->p99_us, ys[op]->n);
		for (size_t i = 0; i < n; i++)
			for (int op = 0; op < 3; op++) {
				const bench_stats *s = &res[i].op[op];
				printf("  {\"alg\":");
				bench_json_string(stdout, res[i].cls->name);
				printf(",\"op\":\"%s\",\"ops_per_s\":%.1f,\"median_us\":%.3f,\"p99_us\":%.3f,"
				       "\"ratio_to_ecdsa_p256\":%.4f,\"n\":%zu}%s\n",
				       op_names[op], s->ops_per_s, s->median_us, s->p99_us, s->ops_per_s / yard_ops(&y, op),
				       s->n, ",");
			}
		for (size_t i = 0; i < n; i++) {
			const bench_stats *s = &res[i].verify_prepared;
			printf("  {\"alg\":");
			bench_json_string(stdout, res[i].cls->name);
			printf(",\"op\":\"verify-prepared\",\"ops_per_s\":%.1f,\"median_us\":%.3f,\"p99_us\":%.3f,"
			       "\"ratio_to_ecdsa_p256\":%.4f,\"ratio_to_plain_verify\":%.4f,\"n\":%zu}%s\n",
			       s->ops_per_s, s->median_us, s->p99_us, s->ops_per_s / y.verify.ops_per_s,
			       s->ops_per_s / res[i].op[2].ops_per_s, s->n, i + 1 == n ? "" : ",");
		}
		printf("]\n");
	} else {
		printf("yardstick OpenSSL ECDSA P-256: keygen %.0f/s, sign %.0f/s, verify %.0f/s\n\n", y.keygen.ops_per_s,
		       y.sign.ops_per_s, y.verify.ops_per_s);
		printf("%-24s %-7s %12s %12s %12s %10s\n", "algorithm", "op", "ops/s", "median us", "p99 us", "x ECDSA");
		for (size_t i = 0; i < n; i++)
			for (int op = 0; op < 3; op++) {
				const bench_stats *s = &res[i].op[op];
				printf("%-24s %-7s %12.1f %12.2f %12.2f %10.4f\n", res[i].cls->name, op_names[op], s->ops_per_s,
				       s->median_us, s->p99_us, s->ops_per_s / yard_ops(&y, op));
			}
		printf("\nverify with a prepared key (pqs_sig_verify_prepared; key decoded once)\n");
		printf("%-24s %12s %12s %12s %10s %10s\n", "algorithm", "ops/s", "median us", "p99 us", "x ECDSA",
		       "x plain");
		for (size_t i = 0; i < n; i++) {
			const bench_stats *s = &res[i].verify_prepared;
			printf("%-24s %12.1f %12.2f %12.2f %10.4f %10.4f\n", res[i].cls->name, s->ops_per_s, s->median_us,
			       s->p99_us, s->ops_per_s / y.verify.ops_per_s, s->ops_per_s / res[i].op[2].ops_per_s);
		}
	}
	free(res);
	return CLI_OK;
}
