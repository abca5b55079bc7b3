/*
 * Constant-time verification hooks.
 *
 * Built with -DPQSIG_CT_TEST (tests/ct), secrets are marked "undefined" for
 * valgrind memcheck: any branch or memory index that depends on them is
 * reported.  Values that an algorithm legitimately makes public (a
 * rejection-sampling decision, a signature about to be output) are
 * declassified explicitly with PQS_CT_DECLASSIFY, which documents in the
 * code exactly where secret-derived data becomes public.  In normal builds
 * these macros compile to nothing.
 */
#ifndef PQSIG_CORE_CT_H
#define PQSIG_CORE_CT_H

#ifdef PQSIG_CT_TEST
#include <valgrind/memcheck.h>
#define PQS_CT_POISON(p, len) VALGRIND_MAKE_MEM_UNDEFINED((p), (len))
#define PQS_CT_DECLASSIFY(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define PQS_CT_POISON(p, len) ((void)(p), (void)(len))
#define PQS_CT_DECLASSIFY(p, len) ((void)(p), (void)(len))
#endif

/*
 * Negative controls of the constant-time tests: compiled with
 * -DPQSIG_CT_INJECT_LEAK (only for those tests), PQS_CT_INJECTED_LEAK(x)
 * is a branch on x, the defect the tests exist to catch, placed in the
 * real code path; the test program defines the sink.  Otherwise nothing.
 */
#ifdef PQSIG_CT_INJECT_LEAK
extern volatile int pqs_ct_leak_sink;
#define PQS_CT_INJECTED_LEAK(x) \
	do { \
		if ((x) > 0) \
			pqs_ct_leak_sink++; \
	} while (0)
#else
#define PQS_CT_INJECTED_LEAK(x) ((void)(x))
#endif

#endif
