/*
 * Peak stack use of keygen, sign and verify for every registered class,
 * measured by painting: each operation runs in a thread whose stack is a
 * buffer filled with a pattern, and the deepest overwritten byte gives the
 * high-water mark.  Prints the table that docs/memory.md quotes, and checks
 * the ML-DSA and Falcon bounds that the per-parameter-set workspaces promise.
 * Usage: test_stack_usage [--markdown]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig/sig.h"
#include "testutil.h"

#define STACK_BYTES (2u << 20) /* 2 MiB: far above any operation */
#define PAINT 0xA5u

typedef enum { OP_KEYGEN, OP_SIGN, OP_VERIFY } op_kind;

typedef struct {
	const pqs_sig_class *cls;
	op_kind op;
	uint8_t *pk, *sk, *sig;
	size_t sig_len;
	int rc;
} job;

static const uint8_t message[32] = "stack high-water mark measuring";

static void *run_job(void *arg)
{
	job *j = arg;
	switch (j->op) {
	case OP_KEYGEN:
		j->rc = pqs_sig_keygen(j->cls, j->pk, j->sk, NULL, 0, NULL);
		break;
	case OP_SIGN:
		j->rc = pqs_sig_sign(j->cls, j->sig, j->cls->sig_max_len, &j->sig_len, message, sizeof message, NULL, 0,
		                     j->sk, 0, NULL);
		break;
	case OP_VERIFY:
		j->rc = pqs_sig_verify(j->cls, j->sig, j->sig_len, message, sizeof message, NULL, 0, j->pk);
		break;
	}
	return NULL;
}

/* Runs the job on a painted stack; returns the bytes of stack it touched (0 on failure). */
static size_t measure(job *j, uint8_t *stack)
{
	memset(stack, PAINT, STACK_BYTES);
	pthread_attr_t attr;
	pthread_t t;
	if (pthread_attr_init(&attr) != 0 || pthread_attr_setstack(&attr, stack, STACK_BYTES) != 0 ||
	    pthread_create(&t, &attr, run_job, j) != 0)
		return 0;
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
	/* Stacks grow down on the platforms we build for: the lowest changed byte is the peak. */
	size_t untouched = 0;
	while (untouched < STACK_BYTES && stack[untouched] == PAINT)
		untouched++;
	return STACK_BYTES - untouched;
}

/*
 * Documented ceilings (docs/memory.md) for the ML-DSA and Falcon signers: workspace plus 16 KiB of
 * frames for ML-DSA (ExpandMask's four-way SHAKE state and its four squeeze buffers), 12 KiB for Falcon
 * and FN-DSA.
 */
static size_t ceiling(const char *name, op_kind op)
{
	if (op != OP_SIGN)
		return 0;
	if (strcmp(name, "ML-DSA-44") == 0)
		return 50179 + 16384;
	if (strcmp(name, "ML-DSA-65") == 0)
		return 77827 + 16384;
	if (strcmp(name, "ML-DSA-87") == 0)
		return 120835 + 16384;
	if (strcmp(name, "Falcon-512") == 0 || strcmp(name, "Falcon-padded-512") == 0)
		return 57351 + 12288; /* PQS_FALCON_SIGN_TEMP_BYTES(9) */
	if (strcmp(name, "Falcon-1024") == 0 || strcmp(name, "Falcon-padded-1024") == 0)
		return 114695 + 12288; /* PQS_FALCON_SIGN_TEMP_BYTES(10) */
	if (strcmp(name, "FN-DSA-512") == 0)
		return 58375 + 12288; /* PQS_FNDSA_SIGN_TEMP_BYTES(9) */
	if (strcmp(name, "FN-DSA-1024") == 0)
		return 116743 + 12288; /* PQS_FNDSA_SIGN_TEMP_BYTES(10) */
	return 0;
}

int main(int argc, char **argv)
{
	int markdown = argc > 1 && strcmp(argv[1], "--markdown") == 0;
	uint8_t *stack = aligned_alloc(4096, STACK_BYTES);
	TU_CHECK(stack != NULL, "stack allocation");
	if (!stack)
		return tu_finish("stack usage");
	size_t measured = 0;
	printf(markdown ? "| class | keygen | sign | verify |\n|---|---:|---:|---:|\n" : "%-32s %10s %10s %10s\n",
	       "class", "keygen", "sign", "verify");
	for (size_t i = 0; i < pqs_sig_count(); i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		job j = { .cls = c, .pk = malloc(c->pk_len), .sk = malloc(c->sk_len), .sig = malloc(c->sig_max_len) };
		size_t bytes[3] = { 0 };
		for (op_kind op = OP_KEYGEN; op <= OP_VERIFY; op++) {
			j.op = op;
			bytes[op] = measure(&j, stack);
			TU_CHECK(bytes[op] > 0 && j.rc == PQS_OK, "%s operation %d ran (rc %d)", c->name, op, j.rc);
			size_t cap = ceiling(c->name, op);
			TU_CHECK(cap == 0 || bytes[op] <= cap, "%s operation %d: %zu bytes of stack > documented %zu",
			         c->name, op, bytes[op], cap);
			measured++;
		}
		printf(markdown ? "| %s | %zu | %zu | %zu |\n" : "%-32s %10zu %10zu %10zu\n", c->name, bytes[0], bytes[1],
		       bytes[2]);
		free(j.pk);
		free(j.sk);
		free(j.sig);
	}
	TU_CHECK(measured == 3 * pqs_sig_count() && measured >= 3 * 16, "measured %zu operations", measured);
	free(stack);
	return tu_finish("stack usage");
}
