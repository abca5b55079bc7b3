#include "ntru_equation.h"

#include <stdlib.h>

int ntru_equation_holds(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn)
{
	size_t n = (size_t)1 << logn;
	int64_t *r = calloc(n, sizeof *r);
	size_t i, j;
	int ok = r != NULL;

	for (i = 0; ok && i < n; i++) {
		for (j = 0; j < n; j++) {
			int64_t m = (int64_t)f[i] * G[j] - (int64_t)g[i] * F[j];

			/* x^n = -1 */
			if (i + j < n) {
				r[i + j] += m;
			} else {
				r[i + j - n] -= m;
			}
		}
	}
	for (i = 0; ok && i < n; i++) {
		ok &= r[i] == (i == 0 ? 12289 : 0);
	}
	free(r);
	return ok;
}
