/*
 * SHAKE-based expansions of HAETAE v1.1.2: uniform polynomials of the
 * matrix A (Algorithm 6, PolyUniform), secret polynomials with coefficients
 * in [-1, 1] (Algorithm 9, PolyUniformEta) and the challenge polynomial
 * (Algorithm 16, SampleChallenge).  The reference squeezes whole blocks and
 * carries partial samples over; reading the stream sequentially gives the
 * same samples.
 */
#include <string.h>

#include "core/ct.h"
#include "core/keccak_x4.h"
#include "core/simd.h"
#include "haetae/inner.h"

/*
 * The sampler streams of HAETAE are independent: SHAKE(seed || nonce) with
 * a different 16-bit little-endian nonce per polynomial (ExpandMatA, ExpandS,
 * SampleGauss).  pqs_haetae_xof_lanes reads up to four of them at once: with
 * AVX2 on the four-way Keccak (src/core/keccak_x4.h), else one after the
 * other; the sinks see the same blocks in the same order either way.
 */
static void nonce_input(uint8_t *in, const uint8_t *seed, size_t seed_len, uint16_t nonce)
{
	memcpy(in, seed, seed_len);
	in[seed_len] = (uint8_t)nonce;
	in[seed_len + 1] = (uint8_t)(nonce >> 8);
}

static void lanes_one_by_one(int shake256, const uint8_t *seed, size_t seed_len, const uint16_t *nonces,
			     void *const *lanes, unsigned count, haetae_block_sink sink)
{
	uint8_t in[HAETAE_CRHBYTES + 2], block[PQS_SHAKE128_RATE];
	const size_t rate = shake256 ? PQS_SHAKE256_RATE : PQS_SHAKE128_RATE;
	pqs_keccak xof;
	for (unsigned j = 0; j < count; j++) {
		nonce_input(in, seed, seed_len, nonces[j]);
		if (shake256)
			pqs_shake256_init(&xof);
		else
			pqs_shake128_init(&xof);
		pqs_keccak_absorb(&xof, in, seed_len + 2);
		do
			pqs_keccak_squeeze_blocks(&xof, block, 1);
		while (!sink(lanes[j], block, rate));
	}
	pqs_keccak_clear(&xof);
	pqs_zeroize(in, sizeof in);
	pqs_zeroize(block, sizeof block);
}

static void lanes_four_way(int shake256, const uint8_t *seed, size_t seed_len, const uint16_t *nonces,
			   void *const *lanes, unsigned count, haetae_block_sink sink)
{
	uint8_t in[4][HAETAE_CRHBYTES + 2], block[4][PQS_SHAKE128_RATE];
	const uint8_t *inp[4];
	uint8_t *out[4];
	const size_t rate = shake256 ? PQS_SHAKE256_RATE : PQS_SHAKE128_RATE;
	pqs_keccak_x4 xof;
	for (unsigned j = 0; j < 4; j++) {
		inp[j] = NULL;
		out[j] = NULL;
		if (j < count) {
			nonce_input(in[j], seed, seed_len, nonces[j]);
			inp[j] = in[j];
			out[j] = block[j];
		}
	}
	if (shake256)
		pqs_shake256_x4_init(&xof);
	else
		pqs_shake128_x4_init(&xof);
	pqs_keccak_x4_absorb(&xof, inp, seed_len + 2);
	for (unsigned busy = count; busy > 0;) {
		pqs_keccak_x4_squeeze_blocks(&xof, out, 1);
		for (unsigned j = 0; j < 4; j++)
			if (out[j] && sink(lanes[j], out[j], rate)) {
				out[j] = NULL; /* satisfied: its later blocks are not needed */
				busy--;
			}
	}
	pqs_keccak_x4_clear(&xof);
	pqs_zeroize(in, sizeof in);
	pqs_zeroize(block, sizeof block);
}

void pqs_haetae_xof_lanes(int shake256, const uint8_t *seed, size_t seed_len, const uint16_t *nonces,
			  void *const *lanes, unsigned count, haetae_block_sink sink)
{
	for (unsigned first = 0; first < count; first += 4) {
		const unsigned n = count - first < 4 ? count - first : 4;
		if (n >= 2 && pqs_simd_avx2())
			lanes_four_way(shake256, seed, seed_len, nonces + first, lanes + first, n, sink);
		else
			lanes_one_by_one(shake256, seed, seed_len, nonces + first, lanes + first, n, sink);
	}
}

/* A polynomial filled coefficient by coefficient from its stream. */
typedef struct {
	haetae_poly *poly;
	unsigned filled;
} poly_lane;

/* Algorithm 6: coefficients in [0, q) from 16-bit little-endian candidates below q (public). */
static int uniform_sink(void *lane, const uint8_t *block, size_t len)
{
	poly_lane *pl = lane;
	for (size_t pos = 0; pos + 2 <= len && pl->filled < HAETAE_N; pos += 2) {
		uint32_t t = (uint32_t)block[pos] | ((uint32_t)block[pos + 1] << 8);
		if (t < HAETAE_Q)
			pl->poly->coeffs[pl->filled++] = (int32_t)t;
	}
	return pl->filled == HAETAE_N;
}

/*
 * Algorithm 9: coefficients in [-1, 1]: each byte below 3^5 = 243 gives its
 * five base-3 digits, least significant first, digit 2 standing for -1 (the
 * reference's multiply-by-171 division gives exactly these digits).  Which
 * bytes are rejected depends only on discarded randomness: that decision is
 * public.
 */
static int eta_sink(void *lane, const uint8_t *block, size_t len)
{
	poly_lane *pl = lane;
	for (size_t pos = 0; pos < len && pl->filled < HAETAE_N; pos++) {
		uint32_t t = block[pos];
		uint32_t accept = (t - 243u) >> 31;
		PQS_CT_DECLASSIFY(&accept, sizeof accept);
		if (!accept)
			continue;
		for (unsigned digit = 0; digit < 5 && pl->filled < HAETAE_N; digit++) {
			int32_t d = (int32_t)(t % 3u);
			pl->poly->coeffs[pl->filled++] = d - 3 * (d >> 1);
			t /= 3u;
		}
	}
	return pl->filled == HAETAE_N;
}

static void sample_polys(int shake256, haetae_poly *const *polys, const uint16_t *nonces, unsigned count,
			 const uint8_t *seed, size_t seed_len, haetae_block_sink sink)
{
	poly_lane state[HAETAE_K_MAX * HAETAE_L_MAX];
	void *lanes[HAETAE_K_MAX * HAETAE_L_MAX];
	for (unsigned j = 0; j < count; j++) {
		state[j].poly = polys[j];
		state[j].filled = 0;
		lanes[j] = &state[j];
	}
	pqs_haetae_xof_lanes(shake256, seed, seed_len, nonces, lanes, count, sink);
}

void pqs_haetae_poly_uniform_many(haetae_poly *const *polys, const uint16_t *nonces, unsigned count,
				  const uint8_t seed[HAETAE_SEEDBYTES])
{
	sample_polys(0, polys, nonces, count, seed, HAETAE_SEEDBYTES, uniform_sink);
}

void pqs_haetae_poly_uniform_eta_many(haetae_poly *const *polys, const uint16_t *nonces, unsigned count,
				      const uint8_t seed[HAETAE_CRHBYTES])
{
	sample_polys(1, polys, nonces, count, seed, HAETAE_CRHBYTES, eta_sink);
}

/*
 * Algorithm 16: c = SampleChallenge(H(HighBits || LSB || mu)).  HAETAE-2/3:
 * TAU ones placed by the SHAKE256 "inside-out" shuffle of Dilithium;
 * HAETAE-5 (TAU = N/2): the 256 bits of the hash, complemented when their
 * weight exceeds 128 (and, at exactly 128, when the first bit is set).
 */
void pqs_haetae_poly_challenge(const pqs_haetae_params *p, haetae_poly *c, const uint8_t *highbits_lsb,
			       size_t highbits_lsb_len, const uint8_t mu[HAETAE_SEEDBYTES], int public_input)
{
	pqs_keccak xof;
	pqs_shake256_init(&xof);
	pqs_keccak_absorb(&xof, highbits_lsb, highbits_lsb_len);
	pqs_keccak_absorb(&xof, mu, HAETAE_SEEDBYTES);
	if (p->tau < HAETAE_N / 2) {
		uint8_t buf[136];
		unsigned pos = 0;
		memset(c->coeffs, 0, sizeof c->coeffs);
		pqs_keccak_squeeze_blocks(&xof, buf, 1);
		for (unsigned i = HAETAE_N - p->tau; i < HAETAE_N; i++) {
			uint32_t j;
			for (;;) { /* j uniform in [0, i] by rejection: only the decision is public */
				if (pos >= sizeof buf) {
					pqs_keccak_squeeze_blocks(&xof, buf, 1);
					pos = 0;
				}
				j = buf[pos++];
				uint32_t reject = ((uint32_t)i - j) >> 31;
				PQS_CT_DECLASSIFY(&reject, sizeof reject);
				if (!reject)
					break;
			}
			if (public_input) { /* verification: the input is the signature's, j may index */
				c->coeffs[i] = c->coeffs[j];
				c->coeffs[j] = 1;
				continue;
			}
			/* c_i = c_j; c_j = 1, scanning every index with a mask instead of indexing by j
			 * (the challenge of a rejected attempt is never published).  The scans run over
			 * all N entries (only t = j <= i matches) so that they vectorise. */
			int32_t cj = 0;
			for (unsigned t = 0; t < HAETAE_N; t++)
				cj |= c->coeffs[t] & -(int32_t)(((t ^ j) - 1u) >> 31);
			c->coeffs[i] = cj;
			for (unsigned t = 0; t < HAETAE_N; t++)
				c->coeffs[t] |= -(int32_t)(((t ^ j) - 1u) >> 31) & 1;
		}
	} else {
		uint8_t buf[HAETAE_N / 8];
		uint32_t weight = 0;
		pqs_keccak_squeeze(&xof, buf, sizeof buf);
		for (unsigned i = 0; i < sizeof buf; i++)
			for (unsigned j = 0; j < 8; j++)
				weight += (buf[i] >> j) & 1u;
		/* complement if weight > 128, or weight == 128 and the first bit is set */
		uint32_t above = (128u - weight) >> 31;
		uint32_t equal = ((weight ^ 128u) - 1u) >> 31;
		uint8_t flip = (uint8_t)(0u - (above | (equal & buf[0] & 1u)));
		for (unsigned i = 0; i < HAETAE_N; i++)
			c->coeffs[i] = ((buf[i / 8] ^ flip) >> (i % 8)) & 1;
	}
	pqs_keccak_clear(&xof);
}
