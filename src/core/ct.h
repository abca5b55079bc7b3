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

#endif
