/*
 * `pqsig bench falcon --callgrind` (issue 17): exact x86-64 instruction
 * counts per operation, the x86 counterpart of the M7 target's counts.
 * Wall time on a shared machine moves with the load; the number of
 * instructions does not.
 *
 * The parent re-runs this program under valgrind's callgrind with
 * collection off (--collect-atstart=no); the child turns collection on
 * (CALLGRIND_TOGGLE_COLLECT) only around each measured keygen or signature,
 * so set-up, key generation for signing and the process itself are not
 * counted.  The parent reads the "totals:" line of callgrind's output (the
 * Ir event: instructions executed) and divides by the operation count.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_falcon.h"
#include "bench_rng.h"
#include "cli.h"
#include "pqsig/falcon.h"

#ifdef PQSIG_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#define COLLECT_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define COLLECT_TOGGLE() ((void)0)
#endif

static const pqs_sig_class *falcon_class(unsigned logn)
{
	return logn == 10 ? &pqs_falcon1024_class : &pqs_falcon512_class;
}

/* The child: SPEC is "k:LOGN:VARIANT:COUNT" (keygen) or "s:LOGN:VARIANT:COUNT" (signing). */
int bench_falcon_callgrind_child(const char *spec)
{
	char kind;
	unsigned logn, variant;
	unsigned long count;
	if (sscanf(spec, "%c:%u:%u:%lu", &kind, &logn, &variant, &count) != 4 || (logn != 9 && logn != 10) ||
	    count == 0 || count > 100000 ||
	    (kind == 'k' ? variant >= PQS_FNDSA_KEYGEN_REDUCE_COUNT
			 : kind != 's' || variant >= BENCH_FALCON_SIGN_VARIANTS))
		return cli_error("bad --callgrind-child spec '%s'", spec);
	const pqs_sig_class *cls = falcon_class(logn);
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len), *sig = malloc(cls->sig_max_len);
	uint8_t *tmp = malloc(FNDSA_TMP_KEYGEN(logn));
	int rc = pk && sk && sig && tmp ? PQS_OK : PQS_ERR_NOMEM;
	if (rc == PQS_OK && kind == 'k') {
		for (unsigned long i = 0; i < count && rc == PQS_OK; i++) {
			uint8_t seed[48];
			pqs_fndsa_keygen_stats st;
			bench_falcon_keygen_seed(seed, i);
			COLLECT_TOGGLE();
			rc = pqs_fndsa_keygen_variant(logn, seed, variant, sk, pk, tmp, NULL, &st);
			COLLECT_TOGGLE();
		}
	} else if (rc == PQS_OK) {
		/* The same key and randomness as bench_falcon_sign_collect. */
		bench_rng keyrng, signrng;
		bench_rng_init(&keyrng, "pqsig-bench-falcon keygen", 0);
		bench_rng_init(&signrng, "pqsig-bench-falcon sign", 0);
		rc = pqs_sig_keygen(cls, pk, sk, NULL, 0, &keyrng.rng);
		pqs_fndsa_set_ffsampling_unroll(variant);
		for (unsigned long i = 0; i < count && rc == PQS_OK; i++) {
			uint8_t msg[8];
			size_t sig_len;
			for (int b = 0; b < 8; b++)
				msg[b] = (uint8_t)(i >> (8 * b));
			COLLECT_TOGGLE();
			rc = pqs_sig_sign(cls, sig, cls->sig_max_len, &sig_len, msg, sizeof msg, NULL, 0, sk, 0,
					  &signrng.rng);
			COLLECT_TOGGLE();
		}
		pqs_fndsa_set_ffsampling_unroll(PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT);
	}
	free(pk);
	free(sk);
	free(sig);
	free(tmp);
	return rc == PQS_OK ? CLI_OK : cli_error("callgrind child %s failed: %s", spec, pqs_strerror(rc));
}

/* Run the child for spec under callgrind; instructions per operation in *per_op.  0 or CLI_ERROR. */
static int run_child(const char *spec, unsigned long count, double *per_op)
{
	char self[4096], out[64], arg_out[96];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return cli_error("callgrind: cannot find this program (/proc/self/exe)");
	self[n] = 0;
	snprintf(out, sizeof out, "/tmp/pqsig-callgrind-%ld.out", (long)getpid());
	snprintf(arg_out, sizeof arg_out, "--callgrind-out-file=%s", out);
	pid_t pid = fork();
	if (pid < 0)
		return cli_error("callgrind: fork: %s", strerror(errno));
	if (pid == 0) {
		int devnull = open("/dev/null", O_WRONLY);
		if (devnull >= 0) {
			dup2(devnull, STDOUT_FILENO);
			dup2(devnull, STDERR_FILENO);
		}
		execlp("valgrind", "valgrind", "--tool=callgrind", "--collect-atstart=no", arg_out, self, "bench",
		       "falcon", "--callgrind-child", spec, (char *)NULL);
		_exit(127);
	}
	int status = 0;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		unlink(out);
		return cli_error("callgrind run '%s' failed (is valgrind installed? exit %d)", spec,
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	FILE *f = fopen(out, "r");
	char line[512];
	unsigned long long total = 0;
	int found = 0;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "totals:", 7) == 0)
			found = sscanf(line + 7, "%llu", &total) == 1;
	if (f)
		fclose(f);
	unlink(out);
	if (!found || total == 0)
		return cli_error("callgrind run '%s': no instruction total in its output", spec);
	*per_op = (double)total / (double)count;
	return CLI_OK;
}

int bench_falcon_callgrind(const pqs_sig_class *cls, size_t keys, size_t sigs, bench_falcon_insns *out)
{
#ifndef PQSIG_HAVE_CALLGRIND
	(void)cls, (void)keys, (void)sigs, (void)out;
	return cli_error("--callgrind: built without valgrind/callgrind.h");
#else
	unsigned logn = cls->pk_len == PQS_FALCON_PUBLICKEY_BYTES(10) ? 10 : 9;
	char spec[64];
	for (unsigned v = 0; v < PQS_FNDSA_KEYGEN_REDUCE_COUNT; v++) {
		snprintf(spec, sizeof spec, "k:%u:%u:%zu", logn, v, keys);
		bench_progress("%s callgrind keygen %s", cls->name, pqs_fndsa_keygen_reduce_name(v));
		if (run_child(spec, keys, &out->keygen[v]) != CLI_OK)
			return CLI_ERROR;
	}
	for (unsigned v = 0; v < BENCH_FALCON_SIGN_VARIANTS; v++) {
		snprintf(spec, sizeof spec, "s:%u:%u:%zu", logn, v, sigs);
		bench_progress("%s callgrind sign, unrolled levels %u", cls->name, v);
		if (run_child(spec, sigs, &out->sign[v]) != CLI_OK)
			return CLI_ERROR;
	}
	bench_progress_done();
	return CLI_OK;
#endif
}
