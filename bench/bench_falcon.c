/*
 * `pqsig bench falcon [--signatures N] [--json]`: signing time of each
 * ffSampling variant of pqs_fndsa_sign_dyn (issue 17: fully recursive down to
 * logn = 0, non-recursive at logn <= 1, at logn <= 2), Falcon-512 and
 * Falcon-1024.  Every variant signs the same N messages with the same key
 * and the same randomness (SHAKE256 of a fixed label and a counter), and
 * the run fails unless all variants produced identical signatures.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_rng.h"
#include "cli.h"
#include "fndsa/inner.h"
#include "pqsig/falcon.h"
#include "pqsig/sha3.h"

#define VARIANTS (PQS_FNDSA_FFSAMPLING_UNROLL_MAX + 1)

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
static int measure(const pqs_sig_class *cls, size_t n, bench_stats st[VARIANTS])
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

int bench_falcon_main(int argc, char **argv)
{
	static const pqs_sig_class *const classes[] = { &pqs_falcon512_class, &pqs_falcon1024_class };
	const char *json = NULL, *count = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--signatures", 1, &count } };
	bench_stats st[2][VARIANTS];
	uint64_t n = 2000;

	if (cli_parse(argc, argv, 1, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	if (count && cli_parse_u64(count, "--signatures", 1, 1000000, &n))
		return CLI_ERROR;
	for (size_t c = 0; c < 2; c++)
		if (measure(classes[c], (size_t)n, st[c]) != CLI_OK)
			return CLI_ERROR;
	if (json) {
		printf("{\"benchmark\":\"falcon ffSampling variants (sign_dyn)\",\"signatures\":%zu,"
		       "\"identical_signatures\":true,\"results\":[\n", (size_t)n);
		for (size_t c = 0; c < 2; c++)
			for (unsigned v = 0; v < VARIANTS; v++)
				printf("  {\"alg\":\"%s\",\"unrolled_levels\":%u,\"median_us\":%.3f,\"mean_us\":%.3f,"
				       "\"p99_us\":%.3f,\"ops_per_s\":%.1f,\"n\":%zu}%s\n",
				       classes[c]->name, v, st[c][v].median_us, st[c][v].mean_us, st[c][v].p99_us,
				       st[c][v].ops_per_s, st[c][v].n, (c == 1 && v + 1 == VARIANTS) ? "" : ",");
		printf("]}\n");
	} else {
		printf("ffSampling variants, %zu signatures each, identical signatures across variants\n", (size_t)n);
		printf("%-12s %-36s %12s %12s %14s\n", "algorithm", "variant", "median us", "mean us", "speed-up (med)");
		for (size_t c = 0; c < 2; c++)
			for (unsigned v = 0; v < VARIANTS; v++)
				printf("%-12s %-36s %12.2f %12.2f %+13.2f%%\n", classes[c]->name,
				       v == 0 ? "recursive down to logn 0" : v == 1 ? "non-recursive at logn <= 1"
				                                                    : "non-recursive at logn <= 2",
				       st[c][v].median_us, st[c][v].mean_us,
				       100.0 * (st[c][0].median_us / st[c][v].median_us - 1.0));
	}
	return CLI_OK;
}
