/*
 * Exact check of the NTRU equation for tests: f*G - g*F = q (the constant
 * polynomial 12289) over Z[x]/(x^n+1), schoolbook with int64 (all inputs
 * are int8, so nothing overflows).  Independent of the library's RNS code.
 */
#ifndef PQSIG_TESTS_FNDSA_NTRU_EQUATION_H
#define PQSIG_TESTS_FNDSA_NTRU_EQUATION_H

#include <stdint.h>

int ntru_equation_holds(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn);

#endif
