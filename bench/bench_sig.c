/*
 * `pqsig bench sig`: keygen, sign and verify of every registered scheme
 * (or those given with -a), each as ops per CPU second of the measuring
 * thread, median and p99 wall-clock latency in microseconds,
 * and as a ratio to OpenSSL ECDSA P-256 timed right next to it: short
 * slices of the yardstick and of the operation alternate (bench_paired) in
 * 5 rounds (--rounds), each round measuring every operation of every
 * scheme once; the ratio is the median of the per-round ratios, printed
 * with their range (JSON ratio_spread, with the number of slice pairs).
 * Key generation and signing draw from a deterministic rng (bench_rng.h),
 * so that every run measures the same keys and signatures.  A fourth row, "verify-prepared",
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
#include "bench_rng.h"
#include "cli.h"
#include "pqsig/rand.h"

#define MSG_LEN 32 /* a hash-sized message, as signed in V2X and ledgers */
#define BENCH_SIG_ROUNDS 5 /* rounds per operation; the ratio is their median */

#define OP_VERIFY_PREPARED 3
#define OP_SIGN_PREPARED   4

/*
 * One scheme's fixed key, the signature over msg that verify checks, and
 * where keygen and sign write (so that every round signs and verifies with
 * the same key and signature, whatever keygen drew last).
 */
typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk, *sig;
	size_t sig_len;
	uint8_t *keygen_pk, *keygen_sk, *sign_out;
	size_t sign_out_len;
	void *prepared;    /* pqs_sig_prepared_len bytes, PQS_SIG_PREPARED_ALIGN-aligned */
	void *prepared_sk; /* pqs_sig_prepared_sk_len bytes, aligned the same */
	int have_prepared, have_prepared_sk;
	uint8_t msg[MSG_LEN];
	char label[BENCH_SIG_OPS][96];
	bench_paired op[BENCH_SIG_OPS];
} sig_state;

/*
 * Randomness of measured call i (bench_rng: SHAKE256 of a label and a
 * counter), so that every run measures the same keys and signatures in the
 * same order: Falcon and FN-DSA key generation costs differ a lot from key
 * to key (rejected candidates, NTRUSolve failures), and with the OS's
 * randomness two runs timed different keys.  Each call gets its own 2^16
 * counter values, however many times the scheme draws.
 */
static void call_rng(bench_rng *r, const char *label, size_t i)
{
	bench_rng_init(r, label, (uint64_t)i << 16);
}

static int run_keygen(void *arg, size_t i)
{
	sig_state *s = arg;
	bench_rng r;
	call_rng(&r, "pqsig bench sig keygen", i);
	return pqs_sig_keygen(s->cls, s->keygen_pk, s->keygen_sk, NULL, 0, &r.rng);
}

static int run_sign(void *arg, size_t i)
{
	sig_state *s = arg;
	bench_rng r;
	call_rng(&r, "pqsig bench sig sign", i);
	return pqs_sig_sign(s->cls, s->sign_out, s->cls->sig_max_len, &s->sign_out_len, s->msg, MSG_LEN, NULL, 0, s->sk,
			    0, &r.rng);
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
	bench_rng r;
	call_rng(&r, "pqsig bench sig sign", i);
	return pqs_sig_sign_prepared(s->cls, s->sign_out, s->cls->sig_max_len, &s->sign_out_len, s->msg, MSG_LEN, NULL,
				     0, s->prepared_sk, 0, &r.rng);
}

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

static void state_free(sig_state *s)
{
	const pqs_sig_class *cls = s->cls;
	for (int op = 0; op < BENCH_SIG_OPS; op++)
		bench_paired_free(&s->op[op]);
	if (s->have_prepared)
		pqs_sig_release_prepared(cls, s->prepared);
	if (s->have_prepared_sk)
		pqs_sig_release_prepared_sk(cls, s->prepared_sk);
	free(s->prepared);
	free(s->prepared_sk);
	if (s->sk)
		pqs_zeroize(s->sk, cls->sk_len);
	if (s->keygen_sk)
		pqs_zeroize(s->keygen_sk, cls->sk_len);
	free(s->pk);
	free(s->sk);
	free(s->sig);
	free(s->keygen_pk);
	free(s->keygen_sk);
	free(s->sign_out);
}

/* The fixed key (drawn from its own bench_rng), its signature, its prepared forms, and the pairings. */
static int state_init(sig_state *s, const pqs_sig_class *cls, bench_ecdsa_p256 *yard)
{
	memset(s, 0, sizeof *s);
	s->cls = cls;
	s->pk = malloc(cls->pk_len);
	s->sk = malloc(cls->sk_len);
	s->sig = malloc(cls->sig_max_len);
	s->keygen_pk = malloc(cls->pk_len);
	s->keygen_sk = malloc(cls->sk_len);
	s->sign_out = malloc(cls->sig_max_len);
	s->prepared = prepared_alloc(pqs_sig_prepared_len(cls));
	s->prepared_sk = prepared_alloc(pqs_sig_prepared_sk_len(cls));
	if (!s->pk || !s->sk || !s->sig || !s->keygen_pk || !s->keygen_sk || !s->sign_out || !s->prepared ||
	    !s->prepared_sk)
		return PQS_ERR_NOMEM;
	memset(s->msg, 0xA5, MSG_LEN);
	bench_rng r;
	call_rng(&r, "pqsig bench sig fixed key", 0);
	int ret = pqs_sig_keygen(cls, s->pk, s->sk, NULL, 0, &r.rng);
	call_rng(&r, "pqsig bench sig fixed key", 1);
	if (ret == 0)
		ret = pqs_sig_sign(cls, s->sig, cls->sig_max_len, &s->sig_len, s->msg, MSG_LEN, NULL, 0, s->sk, 0,
				   &r.rng);
	if (ret == 0 && (ret = pqs_sig_prepare(cls, s->prepared, s->pk)) == 0)
		s->have_prepared = 1;
	if (ret == 0 && cls->prepare_sk && (ret = pqs_sig_prepare_sk(cls, s->prepared_sk, s->sk)) == 0)
		s->have_prepared_sk = 1;
	for (int op = 0; op < BENCH_SIG_OPS; op++) {
		snprintf(s->label[op], sizeof s->label[op], "%s %s", cls->name, op_names[op]);
		bench_paired_init(&s->op[op], s->label[op], ops[op], s, bench_ecdsa_p256_ops[yard_op[op]], yard);
	}
	return ret;
}

/*
 * Rounds outermost: round 1 of every operation of every scheme, then
 * round 2, and so on, each operation next to the same yardstick operation
 * (bench_paired).  A burst of load on the shared machine then falls into
 * one round of many ratios, which the median over rounds discards, rather
 * than into every round of one ratio; and each ratio's rounds are spread
 * over the whole run.  At least 100 runs of each over all rounds: Falcon's
 * keygen cost varies key to key.
 */
int bench_sig_collect(const pqs_sig_class *const *classes, size_t n, double seconds, size_t rounds, bench_yardstick *y,
		      bench_sig_result *res, FILE *pairs_csv)
{
	const double origin_us = bench_now_us();
	if (rounds < 1)
		rounds = 1;
	if (rounds > BENCH_MAX_ROUNDS)
		rounds = BENCH_MAX_ROUNDS;
	const bench_plan plan = { .rounds = rounds, .seconds = seconds / (double)rounds,
		                  .min_calls = (100 + rounds - 1) / rounds };
	bench_ecdsa_p256 *yard = bench_ecdsa_p256_new();
	sig_state *st = calloc(n ? n : 1, sizeof *st);
	if (!yard || !st) {
		bench_ecdsa_p256_free(yard);
		free(st);
		return cli_error(yard ? "out of memory" : "OpenSSL ECDSA P-256 yardstick failed");
	}
	size_t ready = 0, failed = n;
	int ret = 0;
	for (; ready < n && ret == 0; ready++)
		if ((ret = state_init(&st[ready], classes[ready], yard)) != 0)
			failed = ready;
	for (size_t r = 0; r < rounds && ret == 0; r++)
		for (size_t i = 0; i < n && ret == 0; i++)
			for (int op = 0; op < BENCH_SIG_OPS && ret == 0; op++)
				if (op_measured(classes[i], op) &&
				    (ret = bench_paired_round(&st[i].op[op], &plan)) != 0)
					failed = i;
	bench_progress_done();
	bench_samples yard_pool[3] = { { 0 }, { 0 }, { 0 } };
	for (size_t i = 0; i < n && ret == 0; i++) {
		res[i].cls = classes[i];
		for (int op = 0; op < BENCH_SIG_OPS && ret == 0; op++)
			if (op_measured(classes[i], op))
				ret = bench_paired_finish(&st[i].op[op], &yard_pool[yard_op[op]], &res[i].op[op],
							  &res[i].yard[op], &res[i].ratio[op]);
	}
	int rc = CLI_OK;
	if (ret != 0)
		rc = failed < n ? cli_error("benchmark of %s failed: %s", classes[failed]->name, pqs_strerror(ret))
				: cli_error("out of memory");
	if (rc == CLI_OK && pairs_csv) {
		bench_pairs_csv_header(pairs_csv);
		for (size_t i = 0; i < n && rc == CLI_OK; i++)
			for (int op = 0; op < BENCH_SIG_OPS && rc == CLI_OK; op++)
				if (op_measured(classes[i], op) &&
				    bench_paired_write_csv(&st[i].op[op], pairs_csv, classes[i]->name, op_names[op],
							   origin_us))
					rc = cli_error("cannot write the slice pairs");
	}
	bench_stats *pooled[3] = { &y->keygen, &y->sign, &y->verify };
	for (int op = 0; op < 3; op++) {
		bench_stats_of(yard_pool[op].us, yard_pool[op].n, pooled[op]);
		pooled[op]->ops_per_s = yard_pool[op].cpu_us > 0 ? 1e6 * (double)yard_pool[op].n / yard_pool[op].cpu_us : 0;
		bench_samples_free(&yard_pool[op]);
	}
	for (size_t i = 0; i < ready; i++)
		state_free(&st[i]);
	free(st);
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
	printf("ops/s per CPU second of this thread; x ECDSA: median of %zu per-round ratios, with their range, over "
	       "the alternating ~2 ms slice pairs where the yardstick ran within 15 %% of its top rate (the "
	       "machine's fast state)\n\n",
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
	const char *json = NULL, *quick = NULL, *secs = NULL, *rounds_arg = NULL, *pairs_path = NULL, *force = NULL;
	const char *algs[64];
	size_t nalgs = 0;
	const pqs_sig_class *classes[64];
	cli_opt opts[] = { { NULL, "--json", 0, &json },        { NULL, "--quick", 0, &quick },
			   { NULL, "--seconds", 1, &secs },     { NULL, "--rounds", 1, &rounds_arg },
			   { NULL, "--pairs", 1, &pairs_path }, { NULL, "--force", 0, &force } };
	if (cli_take_repeated(&argc, argv, "-a", "--alg", algs, 64, &nalgs) ||
	    cli_parse(argc, argv, 1, opts, 6, NULL, 0, NULL))
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
	/* opened before the run, so that an existing file (without --force) fails at once, not after it */
	cli_output pairs_out;
	if (pairs_path && cli_output_open(&pairs_out, pairs_path, force ? CLI_WRITE_FORCE : 0)) {
		free(res);
		return CLI_ERROR;
	}
	if (bench_sig_collect(classes, n, seconds, (size_t)rounds, &y, res, pairs_path ? pairs_out.f : NULL) ||
	    (pairs_path && cli_output_commit(&pairs_out))) {
		if (pairs_path)
			cli_output_abort(&pairs_out);
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
