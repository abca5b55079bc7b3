/* Compiler attributes used across the library, with portable fallbacks. */
#ifndef PQSIG_CORE_COMPILER_H
#define PQSIG_CORE_COMPILER_H

/*
 * Keep a function out of line: used where a function's stack frame must
 * stay separate from its caller's (per-parameter-set stack buffers).
 */
#if defined(__GNUC__) || defined(__clang__)
#define PQS_NOINLINE __attribute__((noinline))
#else
#define PQS_NOINLINE
#endif

#endif
