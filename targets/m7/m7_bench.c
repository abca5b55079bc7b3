/*
 * Instruction-count benchmark on the emulated Cortex-M7 (`make m7-bench`):
 * keygen (Falcon: each Reduce variant of fndsa/keygen_inner.h on the same
 * KEYGEN_SEEDS seeds, with its painted-stack peak), sign and verify of
 * each class below, each bracketed by calls to
 * m7_bench_mark().  The QEMU plugin of insn_count_plugin.c logs the running
 * instruction count at every marker call; this program prints, in the same
 * order, one "op CLASS OPERATION" line per bracketed operation, and
 * scripts/m7.sh pairs them into JSON.  Randomness is SHAKE256 of a fixed
 * label (bench/bench_rng.h), so every run measures the same keys and signatures.
 */
#include <stdio.h>
#include <string.h>

#include "bench_rng.h"
#include "fndsa/inner.h"
#include "fndsa/keygen_inner.h"
#include "pqsig/falcon.h"
#include "pqsig/mldsa.h"
#include "pqsig/sha3.h"

extern void initialise_monitor_handles(void);
void m7_bench_mark(void);

/* The plugin watches this function's first instruction; it must stay a real call. */
__attribute__((noinline, used)) void m7_bench_mark(void)
{
	__asm__ volatile("" ::: "memory");
}

#define SIGNATURES 4
/* Falcon keygen: seeds per Reduce variant (the same seeds for each). */
#define KEYGEN_SEEDS 3
/* Painted stack below the caller's frame: far more than any keygen needs,
 * far less than the data RAM between the heap and the stack (4 MiB). */
#define PAINT_BYTES  (512u * 1024u)
#define PAINT_GAP    256u
#define PAINT_BYTE   0xA5u

/*
 * Fill the PAINT_BYTES below this frame (minus a gap) with PAINT_BYTE;
 * painted_depth() then returns how deep the stack went below that mark
 * since: the peak stack of whatever ran in between.  Bare metal, one
 * stack, no interrupts: the region is this program's own free stack.
 */
static uint8_t *paint_top;

__attribute__((noinline)) static void paint_stack(void)
{
	uint8_t here;
	uint8_t *top = (uint8_t *)(((uintptr_t)&here - PAINT_GAP) & ~(uintptr_t)7);
	volatile uint8_t *p = top - PAINT_BYTES;

	paint_top = top;
	while (p < top)
		*p++ = PAINT_BYTE;
}

static size_t painted_depth(void)
{
	const volatile uint8_t *p = paint_top - PAINT_BYTES;

	while (p < paint_top && *p == PAINT_BYTE)
		p++;
	return (size_t)(paint_top - (const uint8_t *)p);
}

static const pqs_sig_class *const CLASSES[] = {
	&pqs_falcon512_class, &pqs_falcon1024_class, &pqs_mldsa44_class,
};

static uint8_t pk[PQS_MLDSA_MAX_PUBLICKEY_BYTES], sk[PQS_MLDSA_MAX_SECRETKEY_BYTES],
	sig[PQS_MLDSA_MAX_SIGNATURE_BYTES];

static void op(const pqs_sig_class *cls, const char *what)
{
	printf("op %s %s\n", cls->name, what);
	m7_bench_mark();
}

/* SIGNATURES signatures, each bracketed; the rng restarts so every call of this sees the same randomness. */
static int sign_series(const pqs_sig_class *cls, const char *what, const uint8_t *msg, size_t msg_len,
	size_t *sig_len)
{
	bench_rng r;

	bench_rng_init(&r, "pqsig-m7-bench sign", 0);

	for (int i = 0; i < SIGNATURES; i++) {
		int rc;

		op(cls, what);
		rc = pqs_sig_sign(cls, sig, sizeof sig, sig_len, msg, msg_len, NULL, 0, sk, 0, &r.rng);
		m7_bench_mark();
		if (rc != PQS_OK)
			return 0;
	}
	return 1;
}

static int bench_class(const pqs_sig_class *cls)
{
	static const uint8_t msg[] = "pqsig Cortex-M7 benchmark message";
	bench_rng r;
	size_t sig_len = 0;
	int rc;

	_Static_assert(PQS_FNDSA_FFSAMPLING_UNROLL_MAX == 2, "one name per ffSampling variant");
	if (cls->pk_len > sizeof pk || cls->sk_len > sizeof sk || cls->sig_max_len > sizeof sig)
		return 0;
	if (strncmp(cls->name, "Falcon", 6) == 0) {
		/* Falcon keygen: each Reduce variant on the same seeds; the last
		 * key of the default variant is the one signed below. */
		for (unsigned kv = PQS_FNDSA_KEYGEN_REDUCE_COUNT; kv-- > 0;) {
			char what[32];

			pqs_fndsa_set_keygen_reduce(kv);
			snprintf(what, sizeof what, "keygen_%s", pqs_fndsa_keygen_reduce_name(kv));
			for (unsigned i = 0; i < KEYGEN_SEEDS; i++) {
				uint8_t seed[48];

				bench_rng_init(&r, "pqsig-m7-bench keygen", i);
				pqs_rng_fill(&r.rng, seed, sizeof seed);
				paint_stack();
				op(cls, what);
				rc = pqs_sig_keygen(cls, pk, sk, seed, sizeof seed, NULL);
				m7_bench_mark();
				printf("stack %s %s %u\n", cls->name, what, (unsigned)painted_depth());
				if (rc != PQS_OK)
					return 0;
			}
		}
		pqs_fndsa_set_keygen_reduce(PQSIG_FNDSA_KEYGEN_REDUCE_DEFAULT);
	} else {
		bench_rng_init(&r, "pqsig-m7-bench keygen", 0);
		op(cls, "keygen");
		rc = pqs_sig_keygen(cls, pk, sk, NULL, 0, &r.rng);
		m7_bench_mark();
		if (rc != PQS_OK)
			return 0;
	}
	if (strncmp(cls->name, "Falcon", 6) == 0) {
		/* Falcon: each ffSampling variant (fndsa/inner.h), same messages and randomness. */
		static const char *const names[] = { "sign_recursive_to_logn0", "sign_nonrecursive_logn1",
			"sign_nonrecursive_logn2" };

		for (unsigned v = 0; v <= PQS_FNDSA_FFSAMPLING_UNROLL_MAX; v++) {
			pqs_fndsa_set_ffsampling_unroll(v);
			if (!sign_series(cls, names[v], msg, sizeof msg - 1, &sig_len))
				return 0;
		}
		pqs_fndsa_set_ffsampling_unroll(PQS_FNDSA_FFSAMPLING_UNROLL_DEFAULT);
	} else if (!sign_series(cls, "sign", msg, sizeof msg - 1, &sig_len)) {
		return 0;
	}
	op(cls, "verify");
	rc = pqs_sig_verify(cls, sig, sig_len, msg, sizeof msg - 1, NULL, 0, pk);
	m7_bench_mark();
	return rc == PQS_OK;
}

int main(void)
{
	int ok = 1;

	initialise_monitor_handles();
	/* Calibration: the cost of the marker pair itself, subtracted from every count. */
	printf("op marker empty\n");
	m7_bench_mark();
	m7_bench_mark();
	for (size_t i = 0; i < sizeof CLASSES / sizeof CLASSES[0]; i++) {
		if (!bench_class(CLASSES[i])) {
			printf("FAIL %s\n", CLASSES[i]->name);
			ok = 0;
		}
	}
	return ok ? 0 : 1;
}
