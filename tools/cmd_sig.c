/*
 * pqsig list / keygen / sign / verify: the scheme-independent commands.
 * Files hold raw bytes in each scheme's standard encoding.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pqsig/rand.h"

int cmd_list(int argc, char **argv)
{
	const char *json = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json } };
	if (cli_parse(argc, argv, 1, opts, 1, NULL, 0, NULL))
		return CLI_ERROR;
	if (json)
		printf("[");
	else
		printf("%-24s %6s %6s %8s %5s  %s\n", "algorithm", "pk", "sk", "sig", "level", "notes");
	for (size_t i = 0; i < pqs_sig_count(); i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		if (json) {
			printf("%s{\"alg\":\"%s\",\"id\":%u,\"pk_bytes\":%zu,\"sk_bytes\":%zu,\"sig_max_bytes\":%zu,"
			       "\"fixed_length\":%s,\"context\":%s,\"level\":%u}",
			       i ? "," : "", c->name, c->id, c->pk_len, c->sk_len, c->sig_max_len,
			       c->flags & PQS_SIG_FIXED_LENGTH ? "true" : "false",
			       c->flags & PQS_SIG_HAS_CONTEXT ? "true" : "false", c->security_level);
		} else {
			printf("%-24s %6zu %6zu %7s%zu %5u  %s%s\n", c->name, c->pk_len, c->sk_len,
			       c->flags & PQS_SIG_FIXED_LENGTH ? " " : "<=", c->sig_max_len, c->security_level,
			       c->flags & PQS_SIG_HAS_CONTEXT ? "context " : "",
			       c->seed_len ? "seeded-keygen" : "");
		}
	}
	if (json)
		printf("]\n");
	return CLI_OK;
}

/*
 * Parse --ctx HEX for cls into buf: returns its length, or -1 (error
 * printed) for bad hex, more than 255 bytes, or a scheme without contexts.
 */
static long parse_ctx(const pqs_sig_class *cls, const char *hex, uint8_t buf[PQS_MAX_CTX_LEN])
{
	if (!hex)
		return 0;
	if (strlen(hex) > 2 * PQS_MAX_CTX_LEN) {
		cli_error("--ctx is longer than %d bytes", PQS_MAX_CTX_LEN);
		return -1;
	}
	long n = cli_hex_decode(hex, buf, PQS_MAX_CTX_LEN);
	if (n < 0) {
		cli_error("--ctx is not valid hex");
		return -1;
	}
	if (n && !(cls->flags & PQS_SIG_HAS_CONTEXT)) {
		cli_error("%s does not take a context string", cls->name);
		return -1;
	}
	return n;
}

int cmd_keygen(int argc, char **argv)
{
	const char *alg = NULL, *seed_hex = NULL, *sk_path = NULL, *pk_path = NULL, *force = NULL;
	cli_opt opts[] = {
		{ "-a", "--alg", 1, &alg }, { NULL, "--seed", 1, &seed_hex },
		{ "-s", "--sk", 1, &sk_path }, { "-p", "--pk", 1, &pk_path }, { NULL, "--force", 0, &force },
	};
	if (cli_parse(argc, argv, 1, opts, 5, NULL, 0, NULL))
		return CLI_ERROR;
	const pqs_sig_class *cls = cli_find_alg(alg);
	if (!cls)
		return CLI_ERROR;
	if (!sk_path || !pk_path)
		return cli_error("keygen needs -s SK_FILE and -p PK_FILE");
	uint8_t seed[128];
	long seed_len = 0;
	if (seed_hex) {
		if (!cls->seed_len)
			return cli_error("%s has no deterministic key generation from a seed", cls->name);
		seed_len = cli_hex_decode(seed_hex, seed, sizeof seed);
		if (seed_len < 0 || (size_t)seed_len != cls->seed_len) {
			pqs_zeroize(seed, sizeof seed); /* the seed is the secret key */
			if (seed_len < 0)
				return cli_error("--seed is not valid hex");
			return cli_error("--seed must be %zu bytes for %s, got %ld", cls->seed_len, cls->name, seed_len);
		}
	}
	/* Both outputs are opened (as temp files) before anything is generated or
	 * replaced: a bad path for one leaves the other file untouched. */
	unsigned mode = force ? CLI_WRITE_FORCE : 0;
	cli_output sk_out, pk_out;
	if (cli_output_open(&sk_out, sk_path, mode | CLI_WRITE_SECRET)) {
		pqs_zeroize(seed, sizeof seed);
		return CLI_ERROR;
	}
	if (cli_output_open(&pk_out, pk_path, mode)) {
		cli_output_abort(&sk_out);
		pqs_zeroize(seed, sizeof seed);
		return CLI_ERROR;
	}
	uint8_t *pk = malloc(cls->pk_len), *sk = malloc(cls->sk_len);
	int rc = CLI_ERROR;
	if (!pk || !sk) {
		cli_error("out of memory");
		goto done;
	}
	int ret = pqs_sig_keygen(cls, pk, sk, seed_hex ? seed : NULL, (size_t)seed_len, NULL);
	if (ret != PQS_OK) {
		cli_error("keygen failed: %s", pqs_strerror(ret));
		goto done;
	}
	if (fwrite(sk, 1, cls->sk_len, sk_out.f) != cls->sk_len || fwrite(pk, 1, cls->pk_len, pk_out.f) != cls->pk_len) {
		cli_error("cannot write the key files %s, %s: %s", sk_path, pk_path, strerror(errno));
		goto done;
	}
	if (cli_output_commit(&sk_out) == CLI_OK) {
		rc = cli_output_commit(&pk_out);
		/* a secret key without its public key is useless: remove the one we just created */
		if (rc != CLI_OK && !force)
			unlink(sk_path);
	}
done:
	cli_output_abort(&sk_out);
	cli_output_abort(&pk_out);
	pqs_zeroize(seed, sizeof seed);
	if (sk)
		pqs_zeroize(sk, cls->sk_len);
	free(sk);
	free(pk);
	return rc;
}

/* A cap on secret key files, far above any scheme's secret key (a few KiB at most). */
#define MAX_SK_FILE ((size_t)64 << 10)

int cmd_sign(int argc, char **argv)
{
	const char *alg = NULL, *sk_path = NULL, *in_path = NULL, *out_path = NULL, *ctx_hex = NULL, *det = NULL;
	const char *force = NULL, *max_s = NULL;
	cli_opt opts[] = {
		{ "-a", "--alg", 1, &alg }, { "-s", "--sk", 1, &sk_path }, { "-i", "--in", 1, &in_path },
		{ "-o", "--out", 1, &out_path }, { NULL, "--ctx", 1, &ctx_hex }, { NULL, "--deterministic", 0, &det },
		{ NULL, "--force", 0, &force }, { NULL, "--max-input", 1, &max_s },
	};
	size_t max_input;
	if (cli_parse(argc, argv, 1, opts, 8, NULL, 0, NULL) || cli_parse_max_input(max_s, &max_input))
		return CLI_ERROR;
	const pqs_sig_class *cls = cli_find_alg(alg);
	if (!cls)
		return CLI_ERROR;
	if (!sk_path || !in_path || !out_path)
		return cli_error("sign needs -s SK_FILE, -i MSG_FILE and -o SIG_FILE");
	uint8_t ctx[PQS_MAX_CTX_LEN];
	long ctx_len = parse_ctx(cls, ctx_hex, ctx);
	if (ctx_len < 0)
		return CLI_ERROR;
	if (det && !(cls->flags & PQS_SIG_DETERMINISTIC_OK))
		return cli_error("%s has no deterministic signing mode", cls->name);
	size_t sk_len = 0, msg_len = 0;
	uint8_t *sk = cli_read_secret(sk_path, &sk_len, MAX_SK_FILE);
	if (!sk)
		return CLI_ERROR;
	int rc = CLI_ERROR;
	uint8_t *msg = NULL, *sig = NULL;
	cli_output out = { 0 };
	if (sk_len != cls->sk_len) {
		cli_error("%s: secret key must be %zu bytes for %s, got %zu", sk_path, cls->sk_len, cls->name, sk_len);
		goto done;
	}
	if (cli_output_open(&out, out_path, force ? CLI_WRITE_FORCE : 0))
		goto done;
	msg = cli_read_input(in_path, "message", &msg_len, max_input);
	sig = malloc(cls->sig_max_len);
	if (!msg || !sig)
		goto done;
	size_t sig_len = 0;
	int ret = pqs_sig_sign(cls, sig, cls->sig_max_len, &sig_len, msg, msg_len, ctx, (size_t)ctx_len, sk,
	                       det ? PQS_SIGN_DETERMINISTIC : 0, NULL);
	if (ret != PQS_OK)
		cli_error("sign failed: %s", pqs_strerror(ret));
	else if (fwrite(sig, 1, sig_len, out.f) != sig_len)
		cli_error("cannot write %s: %s", out_path, strerror(errno));
	else
		rc = cli_output_commit(&out);
done:
	cli_output_abort(&out);
	cli_free_secret(sk, sk_len);
	free(msg);
	free(sig);
	return rc;
}

/* Verify's results that mean "this signature is invalid" (exit 1): a malformed signature is one. */
static int signature_is_invalid(int ret)
{
	return ret == PQS_ERR_INVALID_SIGNATURE || ret == PQS_ERR_SIG_ENCODING || ret == PQS_ERR_SIG_LENGTH;
}

int cmd_verify(int argc, char **argv)
{
	const char *alg = NULL, *pk_path = NULL, *in_path = NULL, *sig_path = NULL, *ctx_hex = NULL, *max_s = NULL;
	cli_opt opts[] = {
		{ "-a", "--alg", 1, &alg }, { "-p", "--pk", 1, &pk_path }, { "-i", "--in", 1, &in_path },
		{ "-S", "--sig", 1, &sig_path }, { NULL, "--ctx", 1, &ctx_hex }, { NULL, "--max-input", 1, &max_s },
	};
	size_t max_input;
	if (cli_parse(argc, argv, 1, opts, 6, NULL, 0, NULL) || cli_parse_max_input(max_s, &max_input))
		return CLI_ERROR;
	const pqs_sig_class *cls = cli_find_alg(alg);
	if (!cls)
		return CLI_ERROR;
	if (!pk_path || !in_path || !sig_path)
		return cli_error("verify needs -p PK_FILE, -i MSG_FILE and -S SIG_FILE");
	uint8_t ctx[PQS_MAX_CTX_LEN];
	long ctx_len = parse_ctx(cls, ctx_hex, ctx);
	if (ctx_len < 0)
		return CLI_ERROR;
	size_t pk_len = 0, msg_len = 0, sig_len = 0;
	/* keys and signatures are read only up to their largest valid size (+1 byte to tell "too long") */
	uint8_t *pk = cli_read_prefix(pk_path, "public key", &pk_len, cls->pk_len), *msg = NULL, *sig = NULL;
	int rc = CLI_ERROR;
	if (!pk)
		return CLI_ERROR;
	if (pk_len != cls->pk_len) {
		cli_error("%s: public key must be %zu bytes for %s, got %s%zu", pk_path, cls->pk_len, cls->name,
		          pk_len > cls->pk_len ? "more than " : "", pk_len > cls->pk_len ? cls->pk_len : pk_len);
		goto done;
	}
	sig = cli_read_prefix(sig_path, "signature", &sig_len, cls->sig_max_len);
	if (!sig)
		goto done;
	/* a signature of a length the scheme never produces is malformed, so invalid (exit 1) */
	if (sig_len == 0 || sig_len > cls->sig_max_len ||
	    ((cls->flags & PQS_SIG_FIXED_LENGTH) && sig_len != cls->sig_max_len)) {
		fprintf(stderr, "pqsig: signature invalid: %s: %s%zu bytes is not a valid length for %s (%s%zu)\n",
		        sig_path, sig_len > cls->sig_max_len ? "more than " : "",
		        sig_len > cls->sig_max_len ? cls->sig_max_len : sig_len, cls->name,
		        cls->flags & PQS_SIG_FIXED_LENGTH ? "exactly " : "at most ", cls->sig_max_len);
		rc = CLI_INVALID;
		goto done;
	}
	msg = cli_read_input(in_path, "message", &msg_len, max_input);
	if (!msg)
		goto done;
	int ret = pqs_sig_verify(cls, sig, sig_len, msg, msg_len, ctx, (size_t)ctx_len, pk);
	if (ret == PQS_OK) {
		printf("valid\n");
		rc = CLI_OK;
	} else if (signature_is_invalid(ret)) {
		fprintf(stderr, "pqsig: signature invalid: %s\n", pqs_strerror(ret));
		rc = CLI_INVALID;
	} else {
		cli_error("verify failed: %s", pqs_strerror(ret));
	}
done:
	free(pk);
	free(msg);
	free(sig);
	return rc;
}
