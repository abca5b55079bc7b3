/* Small helpers of the SCMS flow: an unbiased random index, process CPU time and elapsed time. */
#include <time.h>

#include "scms_inner.h"

int pqs_scms_rand_index(pqs_rng *rng, uint32_t n, uint32_t *out)
{
	if (n == 0)
		return PQS_ERR_ARG;
	/* Rejection sampling: draw 32 bits, discard the top partial range, so every index is equally
	 * likely (a biased shuffle would give the ACA a statistical hint about arrival order). */
	uint32_t limit = UINT32_MAX - (uint32_t)(((uint64_t)UINT32_MAX + 1) % n);
	for (;;) {
		uint8_t b[4];
		int rc = pqs_rng_fill(rng, b, 4);
		if (rc != PQS_OK)
			return rc;
		uint32_t v = ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
		if (v <= limit) {
			*out = v % n;
			return PQS_OK;
		}
	}
}

double pqs_scms_cpu_seconds(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double pqs_scms_wall_seconds(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
