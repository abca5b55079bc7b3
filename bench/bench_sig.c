/*
 * `pqsig bench sig`: keygen, sign and verify of every registered scheme
 * (or those given with -a), each as ops per CPU second of the measuring
 * thread, median and p99 wall-clock latency in microseconds,
 * and as a ratio to OpenSSL ECDSA P-256 timed right next to it: short
 * slices of the yardstick and of the operation alternate (bench_run_paired),
 * their pairs cut into 5 rounds (--rounds), the ratio being the median of
 * the per-round ratios, printed with their range (JSON ratio_spread, with
 * the number of slice pairs).  A fourth row, "verify-prepared",
 * verifies with the public key prepared once (pqs_sig_prepare: the
 * expanded ML-DSA matrix, Falcon's NTT(h), ECDSA's decoded OpenSSL key),
 * as a verifier that sees the same signer again does; for ECDSA-P256 its
 * ratio is the class's rate against raw OpenSSL verifying with a decoded key.
 * A class with a prepared-secret-key slot (ECDSA) gets a fifth row,
 * "sign-prepared" (pqs_sig_prepare_sk once, then pqs_sig_sign_prepared),
 * beside the yardstick's signing with its loaded key: for ECDSA-P256 the
 * class against OpenSSL's own rate on equal terms.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "pqsig/rand.h"

#define MSG_LEN 32 /* a hash-sized message, as signed in V2X and ledgers */
#define BENCH_SIG_ROUNDS 5 /* rounds per operation; the ratio is their median */

typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk, *sig;
	size_t sig_len;
	void *prepared;    /* pqs_sig_prepared_len bytes, PQS_SIG_PREPARED_ALIGN-aligned */
	void *prepared_sk; /* pqs_sig_prepared_sk_len bytes, aligned the same */
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

static int run_sign_prepared(void *arg, size_t i)
{
	sig_state *s = arg;
	(void)i;
	return pqs_sig_sign_prepared(s->cls, s->sig, s->cls->sig_max_len, &s->sig_len, s->msg, MSG_LEN, NULL, 0,
				     s->prepared_sk, 0, NULL);
}

#define OP_VERIFY_PREPARED 3
#define OP_SIGN_PREPARED   4
static const char *const op_names[BENCH_SIG_OPS] = { "keygen", "sign", "verify", "verify-prepared", "sign-prepared" };
static const bench_fn ops[BENCH_SIG_OPS] = { run_keygen, run_sign, run_verify, run_verify_prepared, run_sign_prepared };
/* the yardstick operation each is timed next to: a prepared verify beside OpenSSL's verify, prepared signing beside its signing */
static const int yard_op[BENCH_SIG_OPS] = { 0, 1, 2, 2, 1 };

/* Is op measured for cls?  sign-prepared only where the class has the slot (elsewhere it is sign). */
static int op_measured(const pqs_sig_class *cls, int op)
{
	return op != OP_SIGN_PREPARED || cls->prepare_sk != NULL;
}

/* A PQS_SIG_PREPARED_ALIGN-aligned buffer of n bytes (a prepared key). */
static void *prepared_alloc(size_t n)
{
	n = (n + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	return aligned_alloc(PQS_SIG_PREPARED_ALIGN, n ? n : PQS_SIG_PREPARED_ALIGN);
}

/*
 * Measure one scheme, each operation next to the same yardstick operation
 * (bench_run_paired).  At least 100 runs of each over all rounds: Falcon's
 * keygen cost varies key to key.
 */
static int measure(const pqs_sig_class *cls, const bench_plan *plan, bench_ecdsa_p256 *yard,
                   bench_samples yard_pool[3], bench_sig_result *r)
{
	sig_state s;
	memset(&s, 0, sizeof s);
	s.cls = cls;
	s.pk = malloc(cls->pk_len);
	s.sk = malloc(cls->sk_len);
	s.sig = malloc(cls->sig_max_len);
	s.prepared = prepared_alloc(pqs_sig_prepared_len(cls));
	s.prepared_sk = prepared_alloc(pqs_sig_prepared_sk_len(cls));
	int ret = -1, prepared = 0, prepared_sk = 0;
	if (s.pk && s.sk && s.sig && s.prepared && s.prepared_sk) {
		memset(s.msg, 0xA5, MSG_LEN);
		r->cls = cls;
		ret = 0;
		/* in this order: sign needs the key keygen left, verify the signature sign left */
		for (int op = 0; op < BENCH_SIG_OPS && ret == 0; op++) {
			char label[96];
			if (!op_measured(cls, op))
				continue;
			snprintf(label, sizeof label, "%s %s", cls->name, op_names[op]);
			if (op == OP_VERIFY_PREPARED && (ret = pqs_sig_prepare(cls, s.prepared, s.pk)) == 0)
				prepared = 1;
			if (op == OP_SIGN_PREPARED && (ret = pqs_sig_prepare_sk(cls, s.prepared_sk, s.sk)) == 0)
				prepared_sk = 1;
			if (ret == 0)
				ret = bench_run_paired(label, ops[op], &s, bench_ecdsa_p256_ops[yard_op[op]], yard,
						       plan, &yard_pool[yard_op[op]], &r->op[op], &r->yard[op],
						       &r->ratio[op]);
		}
	}
	if (prepared)
		pqs_sig_release_prepared(cls, s.prepared);
	if (prepared_sk)
		pqs_sig_release_prepared_sk(cls, s.prepared_sk);
	free(s.prepared);
	free(s.prepared_sk);
	bench_progress_done();
	if (s.sk)
		pqs_zeroize(s.sk, cls->sk_len);
	free(s.pk);
	free(s.sk);
	free(s.sig);
	return ret;
}

int bench_sig_collect(const pqs_sig_class *const *classes, size_t n, double seconds, size_t rounds,
                      bench_yardstick *y, bench_sig_result *res)
{
	if (rounds < 1)
		rounds = 1;
	const bench_plan plan = { .rounds = rounds, .seconds = seconds / (double)rounds,
		                  .min_calls = (100 + rounds - 1) / rounds };
	bench_ecdsa_p256 *yard = bench_ecdsa_p256_new();
	if (!yard)
		return cli_error("OpenSSL ECDSA P-256 yardstick failed");
	bench_samples yard_pool[3] = { { 0 }, { 0 }, { 0 } };
	int rc = CLI_OK;
	for (size_t i = 0; i < n && rc == CLI_OK; i++) {
		int ret = measure(classes[i], &plan, yard, yard_pool, &res[i]);
		if (ret != 0)
			rc = cli_error("benchmark of %s failed: %s", classes[i]->name, pqs_strerror(ret));
	}
	bench_stats *pooled[3] = { &y->keygen, &y->sign, &y->verify };
	for (int op = 0; op < 3; op++) {
		bench_stats_of(yard_pool[op].us, yard_pool[op].n, pooled[op]);
		pooled[op]->ops_per_s = yard_pool[op].cpu_us > 0 ? 1e6 * (double)yard_pool[op].n / yard_pool[op].cpu_us : 0;
		bench_samples_free(&yard_pool[op]);
	}
	bench_ecdsa_p256_free(yard);
	return rc;
}

static void print_json(const bench_yardstick *y, const bench_sig_result *res, size_t n)
{
	printf("[\n");
	const bench_stats *ys[3] = { &y->keygen, &y->sign, &y->verify };
	for (int op = 0; op < 3; op++)
		printf("  {\"alg\":\"OpenSSL ECDSA P-256 (yardstick)\",\"op\":\"%s\",\"ops_per_s\":%.1f,\"median_us\":%.3f,"
		       "\"p99_us\":%.3f,\"ratio_to_ecdsa_p256\":1.0,\"n\":%zu},\n",
		       op_names[op], ys[op]->ops_per_s, ys[op]->median_us, ys[op]->p99_us, ys[op]->n);
	const char *sep = "";
	for (size_t i = 0; i < n; i++)
		for (int op = 0; op < BENCH_SIG_OPS; op++) {
			const bench_stats *s = &res[i].op[op];
			const bench_spread *r = &res[i].ratio[op];
			if (!op_measured(res[i].cls, op))
				continue;
			printf("%s  {\"alg\":", sep);
			sep = ",\n";
			bench_json_string(stdout, res[i].cls->name);
			printf(",\"op\":\"%s\",\"ops_per_s\":%.1f,\"median_us\":%.3f,\"p99_us\":%.3f,"
			       "\"ratio_to_ecdsa_p256\":%.6g,\"ratio_spread\":{\"median\":%.6g,\"min\":%.6g,\"max\":%."
			       "6g,"
			       "\"rounds\":%zu,\"pairs\":%zu},\"yardstick_ops_per_s\":%.1f,\"n\":%zu}",
			       op_names[op], s->ops_per_s, s->median_us, s->p99_us, r->median, r->median, r->min,
			       r->max, r->rounds, r->pairs, res[i].yard[op].ops_per_s, s->n);
		}
	printf("\n]\n");
}

static void print_text(const bench_yardstick *y, const bench_sig_result *res, size_t n)
{
	printf("yardstick OpenSSL ECDSA P-256 (timed next to every operation, all rounds): keygen %.0f/s, "
	       "sign %.0f/s, verify %.0f/s\n",
	       y->keygen.ops_per_s, y->sign.ops_per_s, y->verify.ops_per_s);
	printf("ops/s per CPU second of this thread; x ECDSA: median of the per-round ratios, with their range over "
	       "%zu rounds of alternating ~2 ms slices of the operation and the yardstick\n\n",
	       n ? res[0].ratio[0].rounds : 0);
	printf("%-24s %-15s %12s %12s %12s %10s  %s\n", "algorithm", "op", "ops/s", "median us", "p99 us", "x ECDSA",
	       "range");
	for (size_t i = 0; i < n; i++)
		for (int op = 0; op < BENCH_SIG_OPS; op++) {
			const bench_stats *s = &res[i].op[op];
			const bench_spread *r = &res[i].ratio[op];
			if (!op_measured(res[i].cls, op))
				continue;
			printf("%-24s %-15s %12.1f %12.2f %12.2f %10.4g  %.4g-%.4g\n", res[i].cls->name, op_names[op],
			       s->ops_per_s, s->median_us, s->p99_us, r->median, r->min, r->max);
		}
}

int bench_sig_main(int argc, char **argv)
{
	const char *json = NULL, *quick = NULL, *secs = NULL, *rounds_arg = NULL;
	const char *algs[64];
	size_t nalgs = 0;
	const pqs_sig_class *classes[64];
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--quick", 0, &quick }, { NULL, "--seconds", 1, &secs },
		           { NULL, "--rounds", 1, &rounds_arg } };
	if (cli_take_repeated(&argc, argv, "-a", "--alg", algs, 64, &nalgs) ||
	    cli_parse(argc, argv, 1, opts, 4, NULL, 0, NULL))
		return CLI_ERROR;
	double seconds = quick ? 0.2 : 1.0;
	if (secs) {
		uint64_t whole_seconds;
		if (cli_parse_u64(secs, "--seconds", 0, 3600, &whole_seconds))
			return CLI_ERROR;
		seconds = (double)whole_seconds;
	}
	uint64_t rounds = BENCH_SIG_ROUNDS;
	if (rounds_arg && cli_parse_u64(rounds_arg, "--rounds", 1, BENCH_MAX_ROUNDS, &rounds))
		return CLI_ERROR;
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
	if (bench_sig_collect(classes, n, seconds, (size_t)rounds, &y, res)) {
		free(res);
		return CLI_ERROR;
	}
	if (json)
		print_json(&y, res, n);
	else
		print_text(&y, res, n);
	free(res);
	return CLI_OK;
}
