/*
 * CPU feature probing behind src/core/simd.h.  The answer is computed once
 * and cached in an atomic; PQSIG_NO_SIMD=1 in the environment or
 * pqs_simd_force_portable(1) clears every feature bit.
 */
#include "core/simd.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { FEATURE_AVX2 = 1, FEATURE_BMI1 = 2, FEATURE_SHA_NI = 4, FEATURE_AVX512VL = 8, FEATURES_PROBED = 0x100 };

static _Atomic int feature_bits = 0;
static _Atomic int portable_forced = 0;
static _Atomic int avx512_forbidden = 0;

static int env_forbids_simd(void)
{
	const char *v = getenv("PQSIG_NO_SIMD");
	return v != NULL && strcmp(v, "1") == 0;
}

/*
 * SHA-NI (CPUID.(EAX=7,ECX=0):EBX bit 29) with SSE4.1 (CPUID.1:ECX bit 19),
 * read directly: clang 14's __builtin_cpu_supports does not know "sha".
 */
static int cpu_has_sha_ni(void)
{
	unsigned a, b, c, d, sse41 = 0, sha = 0;
	if (__get_cpuid(1, &a, &b, &c, &d))
		sse41 = (c >> 19) & 1;
	if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
		sha = (b >> 29) & 1;
	return (int)(sse41 & sha);
}

static int features(void)
{
	int bits = atomic_load_explicit(&feature_bits, memory_order_relaxed);
	if (!(bits & FEATURES_PROBED)) {
		__builtin_cpu_init();
		bits = FEATURES_PROBED;
		if (!env_forbids_simd()) {
			if (__builtin_cpu_supports("avx2"))
				bits |= FEATURE_AVX2;
			if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"))
				bits |= FEATURE_AVX512VL;
			if (__builtin_cpu_supports("bmi"))
				bits |= FEATURE_BMI1;
			if (cpu_has_sha_ni())
				bits |= FEATURE_SHA_NI;
		}
		atomic_store_explicit(&feature_bits, bits, memory_order_relaxed);
	}
	if (atomic_load_explicit(&portable_forced, memory_order_relaxed))
		return 0;
	return bits;
}

int pqs_simd_avx2(void)
{
	return (features() & FEATURE_AVX2) != 0;
}

int pqs_simd_avx512vl(void)
{
	return (features() & FEATURE_AVX512VL) != 0 && !atomic_load_explicit(&avx512_forbidden, memory_order_relaxed);
}

int pqs_simd_bmi1(void)
{
	return (features() & FEATURE_BMI1) != 0;
}

int pqs_simd_sha_ni(void)
{
	return (features() & FEATURE_SHA_NI) != 0;
}

void pqs_simd_force_portable(int on)
{
	atomic_store_explicit(&portable_forced, on != 0, memory_order_relaxed);
}

void pqs_simd_forbid_avx512(int on)
{
	atomic_store_explicit(&avx512_forbidden, on != 0, memory_order_relaxed);
}
#else
/* No x86-64 SIMD paths exist in this build. */
int pqs_simd_avx2(void)
{
	return 0;
}

int pqs_simd_avx512vl(void)
{
	return 0;
}

int pqs_simd_bmi1(void)
{
	return 0;
}

int pqs_simd_sha_ni(void)
{
	return 0;
}

void pqs_simd_force_portable(int on)
{
	(void)on;
}

void pqs_simd_forbid_avx512(int on)
{
	(void)on;
}
#endif
