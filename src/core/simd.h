/*
 * Run-time choice between the portable C and the SIMD / instruction-set
 * extension paths of pqsig.  Every dispatch point (Keccak, ML-DSA, FN-DSA,
 * SLH-DSA, SHA-2) asks these functions, so that one switch turns all of them
 * off: the environment variable PQSIG_NO_SIMD=1, read once, makes pqsig run
 * only portable C (the conditions of a build without assembly).  Both paths
 * give identical bytes; the tests run the vector suites on each.
 */
#ifndef PQSIG_CORE_SIMD_H
#define PQSIG_CORE_SIMD_H

/** 1 if AVX2 code may run here: the CPU has it and portable C is not forced. */
int pqs_simd_avx2(void);

/** 1 if BMI1 (andn) code may run here. */
int pqs_simd_bmi1(void);

/** 1 if the SHA extensions (SHA-NI) may be used. */
int pqs_simd_sha_ni(void);

/**
 * Force portable C (1) or return to the CPU's capabilities as limited by
 * PQSIG_NO_SIMD (0).  For tests that compare both paths in one process.
 */
void pqs_simd_force_portable(int on);

#endif
