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
#include "haetae/inner.h"

static void xof_init_nonce(pqs_keccak *xof, int shake256, const uint8_t *seed, size_t seed_len, uint16_t nonce)
{
	uint8_t t[2] = { (uint8_t)nonce, (uint8_t)(nonce >> 8) };
	if (shake256)
		pqs_shake256_init(xof);
	else
		pqs_shake128_init(xof);
	pqs_keccak_absorb(xof, seed, seed_len);
	pqs_keccak_absorb(xof, t, 2);
}

/* Coefficients in [0, q): 16-bit little-endian candidates below q (public). */
void pqs_haetae_poly_uniform(haetae_poly *a, const uint8_t seed[HAETAE_SEEDBYTES], uint16_t nonce)
{
	pqs_keccak xof;
	uint8_t buf[168];
	unsigned ctr = 0;
	xof_init_nonce(&xof, 0, seed, HAETAE_SEEDBYTES, nonce);
	while (ctr < HAETAE_N) {
		pqs_keccak_squeeze_blocks(&xof, buf, 1);
		for (unsigned pos = 0; pos + 2 <= sizeof buf && ctr < HAETAE_N; pos += 2) {
			uint32_t t = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8);
			if (t < HAETAE_Q)
				a->coeffs[ctr++] = (int32_t)t;
		}
	}
}

/*
 * Coefficients in [-1, 1]: each byte below 3^5 = 243 gives its five base-3
 * digits, least significant first, digit 2 standing for -1 (the reference's
 * multiply-by-171 division gives exactly these digits).  Which bytes are
 * rejected depends only on discarded randomness: that decision is public.
 */
void pqs_haetae_poly_uniform_eta(haetae_poly *a, const uint8_t seed[HAETAE_CRHBYTES], uint16_t nonce)
{
	pqs_keccak xof;
	uint8_t buf[136];
	unsigned ctr = 0;
	xof_init_nonce(&xof, 1, seed, HAETAE_CRHBYTES, nonce);
	while (ctr < HAETAE_N) {
		pqs_keccak_squeeze_blocks(&xof, buf, 1);
		for (unsigned pos = 0; pos < sizeof buf && ctr < HAETAE_N; pos++) {
			uint32_t t = buf[pos];
			uint32_t accept = (t - 243u) >> 31;
			PQS_CT_DECLASSIFY(&accept, sizeof accept);
			if (!accept)
				continue;
			for (unsigned digit = 0; digit < 5 && ctr < HAETAE_N; digit++) {
				int32_t d = (int32_t)(t % 3u);
				a->coeffs[ctr++] = d - 3 * (d >> 1);
				t /= 3u;
			}
		}
	}
	pqs_zeroize(buf, sizeof buf);
	pqs_keccak_clear(&xof);
}

/*
 * Algorithm 16: c = SampleChallenge(H(HighBits || LSB || mu)).  HAETAE-2/3:
 * TAU ones placed by the SHAKE256 "inside-out" shuffle of Dilithium;
 * HAETAE-5 (TAU = N/2): the 256 bits of the hash, complemented when their
 * weight exceeds 128 (and, at exactly 128, when the first bit is set).
 */
void pqs_haetae_poly_challenge(const pqs_haetae_params *p, haetae_poly *c, const uint8_t *highbits_lsb,
                               size_t highbits_lsb_len, const uint8_t mu[HAETAE_SEEDBYTES])
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
			/* c_i = c_j; c_j = 1, scanning every index with a mask instead of indexing by j
			 * (the challenge of a rejected attempt is never published). */
			int32_t cj = 0;
			for (unsigned t = 0; t <= i; t++)
				cj |= c->coeffs[t] & -(int32_t)(((t ^ j) - 1u) >> 31);
			c->coeffs[i] = cj;
			for (unsigned t = 0; t <= i; t++) {
				int32_t hit = -(int32_t)(((t ^ j) - 1u) >> 31);
				c->coeffs[t] = (c->coeffs[t] & ~hit) | (1 & hit);
			}
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
