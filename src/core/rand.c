/* OS randomness and secret wiping. */
#include <string.h>
#if !defined(PQSIG_NO_OS_RANDOM)
#include <errno.h>
#include <sys/random.h>
#endif

#include "pqsig/rand.h"
#include "pqsig/sig.h"

#if defined(PQSIG_NO_OS_RANDOM)
/* Bare-metal builds (targets/m7) have no OS randomness source: callers must
 * pass their own pqs_rng, and the default source fails instead of returning
 * predictable bytes. */
int pqs_os_random(uint8_t *out, size_t len)
{
	(void)out;
	(void)len;
	return PQS_ERR_RANDOMNESS;
}
#else
int pqs_os_random(uint8_t *out, size_t len)
{
	while (len > 0) {
		/* getrandom(2) returns at most 33554431 bytes per call and may be interrupted. */
		ssize_t r = getrandom(out, len, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return PQS_ERR_RANDOMNESS;
		}
		out += r;
		len -= (size_t)r;
	}
	return PQS_OK;
}
#endif

int pqs_rng_fill(pqs_rng *rng, uint8_t *out, size_t len)
{
	if (rng)
		return rng->fill(rng, out, len);
	return pqs_os_random(out, len);
}

/*
 * Wiping secrets: explicit_bzero where the C library has it (glibc 2.25+:
 * a store the compiler may not remove); elsewhere, a volatile function
 * pointer keeps the compiler from proving memset dead.
 */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 25))
void pqs_zeroize(void *p, size_t len)
{
	if (p && len)
		explicit_bzero(p, len);
}
#else
static void *(*const volatile memset_v)(void *, int, size_t) = memset;

void pqs_zeroize(void *p, size_t len)
{
	if (p && len)
		memset_v(p, 0, len);
}
#endif
