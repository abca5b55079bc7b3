/*
 * Hawk's discrete Gaussian sampler (round-2 specification, section 3.3,
 * Algorithm 2 step 5; reference sig_gauss() of hawk-sign/dev), bit-exact:
 * 2n values 2x with x of centre t/2 (t the parity bits) and standard
 * deviation sigma_sign.
 *
 * Randomness: four SHAKE256(prefix || seed || j) streams, j = 0..3, read
 * in groups of 40 bytes; group g of stream j gives the samples
 * v = 16g + 4j + k (k = 0..3): a 63-bit low part from bytes 8k..8k+7 (bit
 * 63 is the sign), a 15-bit high part from bytes 32+2k, 33+2k.  The four
 * streams are independent, so they run on the core's four-way Keccak
 * (src/core/keccak_x4.h): one AVX2 permutation serves all four.
 *
 * A sample's magnitude is the number of table entries (of the column chosen
 * by its parity bit) below its 78-bit uniform value.  The table loops run
 * across a chunk of samples at once, with no data-dependent branch or
 * index (constant time); the same loops are compiled for AVX2 and chosen
 * at run time (src/core/simd.h), integer operations only, so both paths
 * give the same bytes (test_hawk_avx2 compares them).
 */
#include <string.h>

#include "core/keccak_x4.h"
#include "core/simd.h"
#include "inner.h"

/* 17 groups of 40 bytes are 680 bytes: exactly 5 SHAKE256 blocks per
 * stream, and the chunk's samples are consecutive (16 per group). */
#define CHUNK_GROUPS  17
#define CHUNK_SAMPLES (16 * CHUNK_GROUPS)

typedef struct {
	uint64_t lo[CHUNK_SAMPLES], odd64[CHUNK_SAMPLES];
	uint32_t hi[CHUNK_SAMPLES], odd[CHUNK_SAMPLES], neg[CHUNK_SAMPLES], r[CHUNK_SAMPLES];
} sampler_chunk;

/* r[m] = number of entries of the column (even or odd, by the parity mask
 * odd[m]) of the 78-bit table below hi[m] * 2^63 + lo[m], for m < count.
 * The high parts of the table end before the low parts: the last entries
 * are below 2^63, so they only count when hi[m] is zero. */
PQS_HAWK_BODY void count_below(sampler_chunk *c, size_t count, const pqs_hawk_params *prm)
{
	size_t i, m;

	for (m = 0; m < count; m++) {
		c->r[m] = 0;
	}
	for (i = 0; i < prm->gauss_hi_len; i += 2) {
		uint64_t te = prm->gauss_lo[i], tx = te ^ prm->gauss_lo[i + 1];
		uint32_t he = prm->gauss_hi[i];
		uint32_t hx = he ^ prm->gauss_hi[i + 1];

		for (m = 0; m < count; m++) {
			uint64_t tlo = te ^ (c->odd64[m] & tx);
			uint32_t thi = he ^ (c->odd[m] & hx);
			uint32_t cc = (uint32_t)((c->lo[m] - tlo) >> 63);

			c->r[m] += (c->hi[m] - thi - cc) >> 31;
		}
	}
	for (i = prm->gauss_hi_len; i < prm->gauss_lo_len; i += 2) {
		uint64_t te = prm->gauss_lo[i], tx = te ^ prm->gauss_lo[i + 1];

		for (m = 0; m < count; m++) {
			uint64_t tlo = te ^ (c->odd64[m] & tx);
			uint32_t hinz = (c->hi[m] - 1) >> 31;

			c->r[m] += hinz & (uint32_t)((c->lo[m] - tlo) >> 63);
		}
	}
}

static void count_below_portable(sampler_chunk *c, size_t count, const pqs_hawk_params *prm)
{
	count_below(c, count, prm);
}

#if PQS_HAWK_AVX2_BUILD
PQS_HAWK_AVX2 static void count_below_avx2(sampler_chunk *c, size_t count, const pqs_hawk_params *prm)
{
	count_below(c, count, prm);
}
#endif

uint32_t pqs_hawk_sample(int8_t *x, const uint8_t *prefix, size_t prefix_len, const uint8_t seed[40], const uint8_t *t,
			 const pqs_hawk_params *prm)
{
	size_t n = (size_t)1 << prm->logn, groups = n / 8, g0;
	/* prefix || seed || j, for the four j. */
	uint8_t in[4][PQS_HAWK_SAMPLER_PREFIX_MAX + 41];
	uint8_t buf[4][CHUNK_GROUPS * 40];
	const uint8_t *inp[4];
	uint8_t *outp[4];
	pqs_keccak_x4 ks;
	sampler_chunk c;
	uint32_t sn = 0;
	unsigned j;
#if PQS_HAWK_AVX2_BUILD
	int avx2 = pqs_simd_avx2();
#endif

	for (j = 0; j < 4; j++) {
		memcpy(in[j], prefix, prefix_len);
		memcpy(in[j] + prefix_len, seed, 40);
		in[j][prefix_len + 40] = (uint8_t)j;
		inp[j] = in[j];
		outp[j] = buf[j];
	}
	pqs_shake256_x4_init(&ks);
	pqs_keccak_x4_absorb(&ks, inp, prefix_len + 41);
	for (g0 = 0; g0 < groups; g0 += CHUNK_GROUPS) {
		size_t ng = groups - g0 < CHUNK_GROUPS ? groups - g0 : CHUNK_GROUPS;
		size_t count = 16 * ng, m, v0 = 16 * g0;

		pqs_keccak_x4_squeeze(&ks, outp, 40 * ng);
		for (m = 0; m < count; m++) {
			/* Sample v0 + m: group m/16, stream (m/4)%4, slot m%4. */
			const uint8_t *b = buf[(m >> 2) & 3] + (m >> 4) * 40;
			size_t k = m & 3, v = v0 + m;

			uint64_t l = pqs_hawk_le64(b + 8 * k);

			c.neg[m] = (uint32_t) - (uint32_t)(l >> 63);
			c.lo[m] = l & 0x7FFFFFFFFFFFFFFFu;
			c.hi[m] = ((uint32_t)b[32 + 2 * k] | ((uint32_t)b[33 + 2 * k] << 8)) & 0x7FFF;
			c.odd[m] = (uint32_t) - (uint32_t)((t[v >> 3] >> (v & 7)) & 1);
			c.odd64[m] = (uint64_t)(int64_t)(int32_t)c.odd[m];
		}
#if PQS_HAWK_AVX2_BUILD
		if (avx2) {
			count_below_avx2(&c, count, prm);
		} else
#endif
		{
			count_below_portable(&c, count, prm);
		}
		/* 2x = +-(2r - parity), the sign from bit 63 of the low word. */
		for (m = 0; m < count; m++) {
			uint32_t z = (c.r[m] << 1) - c.odd[m];

			z = (z ^ c.neg[m]) - c.neg[m];
			x[v0 + m] = (int8_t)(int32_t)z;
			sn += z * z;
		}
	}
	pqs_keccak_x4_clear(&ks);
	pqs_zeroize(in, sizeof in);
	pqs_zeroize(buf, sizeof buf);
	pqs_zeroize(&c, sizeof c);
	return sn;
}
