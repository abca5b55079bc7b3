/*
 * `pqsig bench falcon [--keys K] [--signatures N] [--callgrind] [--json]` (issue 17),
 * Falcon-512 and Falcon-1024:
 *   - keygen time of each Reduce variant (fndsa/keygen_inner.h: float,
 *     fixed, partial) over the same K seeds (default 200), with the
 *     restart counts and the painted-stack peak of one registry keygen
 *     (run in a thread whose stack was filled with a pattern);
 *   - signing time of each ffSampling variant of pqs_fndsa_sign_dyn (fully
 *     recursive down to logn = 0, non-recursive at logn <= 1, at logn <= 2):
 *     every variant signs the same N messages with the same key and the
 *     same randomness (SHAKE256 of a fixed label and a counter), and the
 *     run fails unless all variants produced identical signatures;
 *   - with --callgrind, exact instruction counts of both under valgrind
 *     (bench_falcon_callgrind.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_falcon.h"
#include "bench_rng.h"
#include "cli.h"
#include "pqsig/falcon.h"
#include "pqsig/sha3.h"

#define VARIANTS    BENCH_FALCON_SIGN_VARIANTS
#define KG_VARIANTS PQS_FNDSA_KEYGEN_REDUCE_COUNT

typedef struct {
	const pqs_sig_class *cls;
	const uint8_t *sk;
	uint8_t *sig;
	bench_rng rng;
	pqs_keccak all_sigs; /* SHA3-256 over every signature of the run */
} sign_state;

static int sign_one(sign_state *s, size_t i)
{
	uint8_t msg[8];
	size_t sig_len = 0;
	int rc;

	for (int b = 0; b < 8; b++)
		msg[b] = (uint8_t)(i >> (8 * b));
	rc = pqs_sig_sign(s->cls, s->sig, s->cls->sig_max_len, &sig_len, msg, sizeof msg, NULL, 0, s->sk, 0,
	                  &s->rng.rng);
	pqs_keccak_absorb(&s->all_sigs, s->sig, sig_len);
	return rc;
}

/* Time exactly n signatures (bench_run may stop early on slow operations); 0 or the failing rc. */
static int time_signatures(sign_state *s, size_t n, double *samples_us, bench_stats *st)
{
	for (size_t i = 0; i < n; i++) {
		double t0 = bench_now_us();
		int rc = sign_one(s, i);

		samples_us[i] = bench_now_us() - t0;
		if (rc != PQS_OK)
			return rc;
	}
	bench_stats_of(samples_us, n, st);
	return 0;
}

/* Time N signatures under each variant; 0, or CLI_ERROR if signing failed or outputs differ. */
int bench_falcon_sign_collect(const pqs_sig_class *cls, size_t n, bench_stats st[VARIANTS])
{
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len), *sig = malloc(cls->sig_max_len);
	double *samples_us = malloc(n * sizeof *samples_us);
	uint8_t digest[VARIANTS][32];
	bench_rng keyrng;
	int ret = CLI_ERROR;

	if (!pk || !sk || !sig || !samples_us) {
		cli_error("out of memory");
		goto done;
	}
	bench_rng_init(&keyrng, "pqsig-bench-falcon keygen", 0);
	if (pqs_sig_keygen(cls, pk, sk, NULL, 0, &keyrng.rng) != PQS_OK) {
		cli_error("%s: keygen failed", cls->name);
		goto done;
	}
	for (unsigned v = 0; v < VARIANTS; v++) {
		sign_state s;

		memset(&s, 0, sizeof s);
		s.cls = cls;
		s.sk = sk;
		s.sig = sig;
		bench_rng_init(&s.rng, "pqsig-bench-falcon sign", 0);

		pqs_fndsa_set_ffsampling_unroll(v);
		pqs_sha3_256_init(&s.all_sigs);
		bench_progress("%s sign, unrolled levels %u", cls->name, v);
		if (time_signatures(&s, n, samples_us, &st[v]) != 0) {
			cli_error("%s: signing failed (unrolled levels %u)", cls->name, v);
			goto done;
		}
		pqs_keccak_squeeze(&s.all_sigs, digest[v], 32);
		if (memcmp(digest[v], digest[0], 32) != 0) {
			cli_error("%s: unrolled levels %u gave other signatures than 0", cls->name, v);
			goto done;
		}
	}
	ret = CLI_OK;
done:
	pqs_fndsa_set_ffsampling_unroll(PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT);
	bench_progress_done();
	free(pk);
	free(sk);
	free(sig);
	free(samples_us);
	return ret;
}

/* Seed i of the keygen comparison (the same for every variant). */
void bench_falcon_keygen_seed(uint8_t seed[48], size_t i)
{
	bench_rng r;

	bench_rng_init(&r, "pqsig-bench-falcon keygen", i);
	pqs_rng_fill(&r.rng, seed, 48);
}

typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk;
	int rc;
} keygen_job;

static void *keygen_thread(void *arg)
{
	keygen_job *j = arg;
	uint8_t seed[48];

	if (j->cls != NULL) {
		bench_falcon_keygen_seed(seed, 0);
		j->rc = pqs_sig_keygen(j->cls, j->pk, j->sk, seed, sizeof seed, NULL);
	}
	return NULL;
}

#define PAINT_BYTES ((size_t)1 << 20)
#define PAINT_BYTE  0xA5

/* Bytes of a painted thread stack that the job touched (thread start included); 0 on failure. */
static size_t painted_stack(keygen_job *j)
{
	uint8_t *mem = NULL;
	pthread_attr_t attr;
	pthread_t t;
	size_t i = 0;

	if (posix_memalign((void **)&mem, 4096, PAINT_BYTES) != 0)
		return 0;
	memset(mem, PAINT_BYTE, PAINT_BYTES);
	if (pthread_attr_init(&attr) != 0 || pthread_attr_setstack(&attr, mem, PAINT_BYTES) != 0 ||
	    pthread_create(&t, &attr, keygen_thread, j) != 0) {
		free(mem);
		return 0;
	}
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
	/* The stack grows down from mem + PAINT_BYTES. */
	while (i < PAINT_BYTES && mem[i] == PAINT_BYTE)
		i++;
	free(mem);
	return PAINT_BYTES - i;
}

int bench_falcon_keygen_collect(const pqs_sig_class *cls, size_t keys, bench_falcon_keygen_result res[KG_VARIANTS])
{
	unsigned logn = cls->pk_len == PQS_FALCON_PUBLICKEY_BYTES(10) ? 10 : 9;
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len), *tmp = malloc(FNDSA_TMP_KEYGEN(logn));
	double *samples_us = malloc(keys * sizeof *samples_us);
	keygen_job empty = { NULL, NULL, NULL, 0 };
	size_t base;
	int ret = CLI_ERROR;

	if (!pk || !sk || !tmp || !samples_us) {
		cli_error("out of memory");
		goto done;
	}
	/* A thread that does nothing: its stack use (start-up, TLS) is subtracted. */
	base = painted_stack(&empty);
	for (unsigned v = 0; v < KG_VARIANTS; v++) {
		keygen_job job = { cls, pk, sk, -1 };
		size_t used;

		memset(&res[v], 0, sizeof res[v]);
		for (size_t i = 0; i < keys; i++) {
			pqs_fndsa_keygen_stats st;
			uint8_t seed[48];
			double t0;
			int rc;

			bench_falcon_keygen_seed(seed, i);
			bench_progress("%s keygen %s %zu/%zu", cls->name, pqs_fndsa_keygen_reduce_name(v), i, keys);
			t0 = bench_now_us();
			rc = pqs_fndsa_keygen_variant(logn, seed, v, sk, pk, tmp, NULL, &st);
			samples_us[i] = bench_now_us() - t0;
			if (rc != PQS_OK) {
				cli_error("%s: keygen failed (%s)", cls->name, pqs_fndsa_keygen_reduce_name(v));
				goto done;
			}
			res[v].candidates += st.candidates;
			res[v].rejected_fg += st.rejected_fg;
			res[v].solve_failures += st.solve_failures;
		}
		bench_stats_of(samples_us, keys, &res[v].time);
		pqs_fndsa_set_keygen_reduce(v);
		used = painted_stack(&job);
		pqs_fndsa_set_keygen_reduce(PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT);
		if (used == 0 || job.rc != PQS_OK) {
			cli_error("%s: stack measurement failed", cls->name);
			goto done;
		}
		res[v].stack_peak = used > base ? used - base : 0;
	}
	ret = CLI_OK;
done:
	bench_progress_done();
	free(pk);
	free(sk);
	free(tmp);
	free(samples_us);
	return ret;
}

static void print_json(const pqs_sig_class *const *classes, size_t keys, size_t n,
		       bench_falcon_keygen_result kg[2][KG_VARIANTS], bench_stats st[2][VARIANTS],
		       const bench_falcon_insns *cg)
{
	printf("{\"benchmark\":\"falcon keygen Reduce variants and ffSampling variants (sign_dyn)\","
	       "\"keys\":%zu,\"signatures\":%zu,\"identical_signatures\":true,\"keygen\":[\n",
	       keys, n);
	for (size_t c = 0; c < 2; c++)
		for (unsigned v = 0; v < KG_VARIANTS; v++)
			printf("  "
			       "{\"alg\":\"%s\",\"reduce\":\"%s\",\"median_us\":%.1f,\"mean_us\":%.1f,\"p99_us\":%.1f,"
			       "\"ops_per_s\":%.2f,\"n\":%zu,\"candidates\":%lu,\"rejected_by_checks\":%lu,"
			       "\"solve_failures\":%lu,\"stack_peak_bytes\":%zu}%s\n",
			       classes[c]->name, pqs_fndsa_keygen_reduce_name(v), kg[c][v].time.median_us,
			       kg[c][v].time.mean_us, kg[c][v].time.p99_us, kg[c][v].time.ops_per_s, kg[c][v].time.n,
			       kg[c][v].candidates, kg[c][v].rejected_fg, kg[c][v].solve_failures, kg[c][v].stack_peak,
			       (c == 1 && v + 1 == KG_VARIANTS) ? "" : ",");
	printf("],\"sign\":[\n");
	for (size_t c = 0; c < 2; c++)
		for (unsigned v = 0; v < VARIANTS; v++)
			printf("  {\"alg\":\"%s\",\"unrolled_levels\":%u,\"median_us\":%.3f,\"mean_us\":%.3f,"
			       "\"p99_us\":%.3f,\"ops_per_s\":%.1f,\"n\":%zu}%s\n",
			       classes[c]->name, v, st[c][v].median_us, st[c][v].mean_us, st[c][v].p99_us,
			       st[c][v].ops_per_s, st[c][v].n, (c == 1 && v + 1 == VARIANTS) ? "" : ",");
	printf("]");
	if (cg) {
		/* Exact x86-64 instructions per operation (callgrind), beside the M7 counts of make m7-bench. */
		printf(",\"callgrind_instructions\":[\n");
		for (size_t c = 0; c < 2; c++) {
			printf("  {\"alg\":\"%s\"", classes[c]->name);
			for (unsigned v = 0; v < KG_VARIANTS; v++)
				printf(",\"keygen_%s\":%.0f", pqs_fndsa_keygen_reduce_name(v), cg[c].keygen[v]);
			for (unsigned v = 0; v < VARIANTS; v++)
				printf(",\"sign_unrolled_%u\":%.0f", v, cg[c].sign[v]);
			printf("}%s\n", c == 1 ? "" : ",");
		}
		printf("]");
	}
	printf("}\n");
}

static void print_text(const pqs_sig_class *const *classes, size_t keys, size_t n,
		       bench_falcon_keygen_result kg[2][KG_VARIANTS], bench_stats st[2][VARIANTS],
		       const bench_falcon_insns *cg)
{
	printf("Keygen Reduce variants, the same %zu seeds each (restarts: NTRUSolve failures per solver call)\n",
	       keys);
	printf("%-12s %-8s %12s %12s %14s %12s %12s\n", "algorithm", "reduce", "median us", "mean us", "vs float (med)",
	       "restarts", "stack bytes");
	for (size_t c = 0; c < 2; c++)
		for (unsigned v = 0; v < KG_VARIANTS; v++) {
			unsigned long calls = kg[c][v].candidates - kg[c][v].rejected_fg;

			printf("%-12s %-8s %12.1f %12.1f %+13.2f%% %11.2f%% %12zu\n", classes[c]->name,
			       pqs_fndsa_keygen_reduce_name(v), kg[c][v].time.median_us, kg[c][v].time.mean_us,
			       100.0 * (kg[c][0].time.median_us / kg[c][v].time.median_us - 1.0),
			       100.0 * (double)kg[c][v].solve_failures / (double)(calls ? calls : 1),
			       kg[c][v].stack_peak);
		}
	printf("\nffSampling variants, %zu signatures each, identical signatures across variants\n", n);
	printf("%-12s %-36s %12s %12s %14s\n", "algorithm", "variant", "median us", "mean us", "speed-up (med)");
	for (size_t c = 0; c < 2; c++)
		for (unsigned v = 0; v < VARIANTS; v++)
			printf("%-12s %-36s %12.2f %12.2f %+13.2f%%\n", classes[c]->name,
			       v == 0   ? "recursive down to logn 0"
			       : v == 1 ? "non-recursive at logn <= 1"
					: "non-recursive at logn <= 2",
			       st[c][v].median_us, st[c][v].mean_us,
			       100.0 * (st[c][0].median_us / st[c][v].median_us - 1.0));
	if (!cg)
		return;
	printf("\nx86-64 instructions per operation (callgrind, exact; keygen over the first seeds)\n");
	printf("%-12s %-36s %16s %18s\n", "algorithm", "operation", "instructions", "speed-up vs first");
	for (size_t c = 0; c < 2; c++) {
		for (unsigned v = 0; v < KG_VARIANTS; v++)
			printf("%-12s keygen, Reduce %-21s %16.0f %+17.2f%%\n", classes[c]->name,
			       pqs_fndsa_keygen_reduce_name(v), cg[c].keygen[v],
			       100.0 * (cg[c].keygen[0] / cg[c].keygen[v] - 1.0));
		for (unsigned v = 0; v < VARIANTS; v++)
			printf("%-12s sign, unrolled levels %-14u %16.0f %+17.2f%%\n", classes[c]->name, v,
			       cg[c].sign[v], 100.0 * (cg[c].sign[0] / cg[c].sign[v] - 1.0));
	}
}

int bench_falcon_main(int argc, char **argv)
{
	static const pqs_sig_class *const classes[] = { &pqs_falcon512_class, &pqs_falcon1024_class };
	const char *json = NULL, *count = NULL, *keys_arg = NULL, *callgrind = NULL, *child = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json },
			   { NULL, "--signatures", 1, &count },
			   { NULL, "--keys", 1, &keys_arg },
			   { NULL, "--callgrind", 0, &callgrind },
			   { NULL, "--callgrind-child", 1, &child } };
	static bench_falcon_keygen_result kg[2][KG_VARIANTS];
	bench_stats st[2][VARIANTS];
	uint64_t n = 2000, keys = 200;

	static bench_falcon_insns cg[2];
	if (cli_parse(argc, argv, 1, opts, 5, NULL, 0, NULL))
		return CLI_ERROR;
	if (child)
		return bench_falcon_callgrind_child(child);
	if (count && cli_parse_u64(count, "--signatures", 1, 1000000, &n))
		return CLI_ERROR;
	if (keys_arg && cli_parse_u64(keys_arg, "--keys", 1, 100000, &keys))
		return CLI_ERROR;
	for (size_t c = 0; c < 2; c++)
		if (bench_falcon_keygen_collect(classes[c], (size_t)keys, kg[c]) != CLI_OK)
			return CLI_ERROR;
	for (size_t c = 0; c < 2; c++)
		if (bench_falcon_sign_collect(classes[c], (size_t)n, st[c]) != CLI_OK)
			return CLI_ERROR;
	/* Under callgrind every operation runs some 50 times slower: 3 keys and 20 signatures per variant. */
	for (size_t c = 0; callgrind && c < 2; c++)
		if (bench_falcon_callgrind(classes[c], keys < 3 ? (size_t)keys : 3, n < 20 ? (size_t)n : 20, &cg[c]) !=
		    CLI_OK)
			return CLI_ERROR;
	if (json)
		print_json(classes, (size_t)keys, (size_t)n, kg, st, callgrind ? cg : NULL);
	else
		print_text(classes, (size_t)keys, (size_t)n, kg, st, callgrind ? cg : NULL);
	return CLI_OK;
}
