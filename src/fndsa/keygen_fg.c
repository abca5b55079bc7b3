/*
 * NTRUSolve as a stand-alone entry point (Falcon round-3 spec v1.2,
 * Alg. 6), for tests and benchmarks that time the stages of key
 * generation separately (sampling, NTRUSolve, its levels and Reduce).
 */
#include "keygen_inner.h"
#include "pqsig/rand.h"
#include "pqsig/sig.h"

int pqs_fndsa_keygen_fg(unsigned logn, const int8_t *f, const int8_t *g, int8_t *F, int8_t *G, void *tmp)
{
	if (logn < 1 || logn > 10 || f == NULL || g == NULL || F == NULL
		|| G == NULL || tmp == NULL)
	{
		return PQS_ERR_ARG;
	}
	/* F, G must fit the 8-bit encoding: -127..127 (spec 3.11.5). */
	{
		int ok = pqs_ntru_solve(logn, F, G, f, g, 127, (uint32_t *)tmp);

		/* The work area held secret intermediate values. */
		pqs_zeroize(tmp, FNDSA_KEYGEN_FG_TMP(logn));
		return ok ? PQS_OK : 1;
	}
}
