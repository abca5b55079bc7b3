/*
 * Key and signature encodings of HAETAE v1.1.2 (Algorithms 21-35: PackVK,
 * UnpackVK, PackSK, UnpackSK, PackSig, UnpackSig, PackPolyQ, PackPolyEta,
 * PackPoly2Eta, PackVecHighBits, PackPolyLsb).
 *
 *   pk  = rho (32) || b, K polynomials: 15-bit rounded b1 (HAETAE-2/3) or
 *         16-bit NTT(-2b) (HAETAE-5)
 *   sk  = pk || s1 (M x 2 bits) || s2 (K x 3 bits, or 2 bits for HAETAE-5) || key (32)
 *   sig = c (N bits) || LowBits(z1) (L x N bytes) || |x| - base || |y| - base
 *         || x = rANS(HighBits(z1)) || y = rANS(h) || zero padding
 *
 * The unpackers are strict: a coefficient no packer produces, a size outside
 * the signature or a non-zero padding byte is rejected.
 */
#include <string.h>

#include "core/ct.h"
#include "haetae/inner.h"

/* Largest rounded public coefficient b1 = (b - b0) / 2 for b in [0, q). */
#define HAETAE_B1_MAX ((HAETAE_Q - 1) / 2)

/* Little-endian bit stream of the fields bias + sign * coefficient (sign = +1 or -1). */
static void pack_bits(uint8_t *r, const haetae_poly *a, unsigned bits, int32_t bias, int32_t sign)
{
	uint32_t acc = 0;
	unsigned nacc = 0;
	size_t o = 0;
	for (unsigned i = 0; i < HAETAE_N; i++) {
		acc |= (uint32_t)(bias + sign * a->coeffs[i]) << nacc;
		nacc += bits;
		while (nacc >= 8) {
			r[o++] = (uint8_t)acc;
			acc >>= 8;
			nacc -= 8;
		}
	}
}

/* Inverse of pack_bits; returns the largest field value seen (for range checks). */
static uint32_t unpack_bits(haetae_poly *a, const uint8_t *r, unsigned bits, int32_t bias, int32_t sign)
{
	uint32_t acc = 0, max = 0, mask = (1u << bits) - 1;
	unsigned nacc = 0;
	size_t o = 0;
	for (unsigned i = 0; i < HAETAE_N; i++) {
		while (nacc < bits) {
			acc |= (uint32_t)r[o++] << nacc;
			nacc += 8;
		}
		uint32_t t = acc & mask;
		acc >>= bits;
		nacc -= bits;
		max ^= ((uint32_t)0 - ((max - t) >> 31)) & (max ^ t); /* max = max(max, t), branch-free */
		a->coeffs[i] = sign * ((int32_t)t - bias);
	}
	return max;
}

/* PackPolyQ: coefficients packed little-endian, 15 bits (d = 1) or 16 bits (d = 0). */
static unsigned polyq_bits(const pqs_haetae_params *p)
{
	return p->d ? 15 : 16;
}

void pqs_haetae_pack_pk(const pqs_haetae_params *p, uint8_t *pk, const haetae_poly *b,
                        const uint8_t rho[HAETAE_SEEDBYTES])
{
	memcpy(pk, rho, HAETAE_SEEDBYTES);
	for (unsigned i = 0; i < p->k; i++)
		pack_bits(pk + HAETAE_SEEDBYTES + i * p->polyq_bytes, &b[i], polyq_bits(p), 0, 1);
}

int pqs_haetae_unpack_pk(const pqs_haetae_params *p, haetae_poly *b, const uint8_t *pk)
{
	const uint32_t max_allowed = p->d ? HAETAE_B1_MAX : HAETAE_Q - 1;
	for (unsigned i = 0; i < p->k; i++) {
		if (unpack_bits(&b[i], pk + HAETAE_SEEDBYTES + i * p->polyq_bytes, polyq_bits(p), 0, 1) > max_allowed)
			return PQS_ERR_KEY_ENCODING;
	}
	return PQS_OK;
}

/* s2 of HAETAE-2/3 is s2 - b0 in [-2, 2] (PackPoly2Eta); HAETAE-5 keeps [-1, 1]. */
static unsigned s2_bits(const pqs_haetae_params *p)
{
	return p->d ? 3 : 2;
}

static size_t s2_bytes(const pqs_haetae_params *p)
{
	return p->d ? HAETAE_POLY2ETA_BYTES : HAETAE_POLYETA_BYTES;
}

void pqs_haetae_pack_sk(const pqs_haetae_params *p, uint8_t *sk, const uint8_t *pk, const haetae_poly *s1,
                        const haetae_poly *s2, const uint8_t key[HAETAE_SEEDBYTES])
{
	int32_t s2_bias = (int32_t)(p->d + 1) * HAETAE_ETA;
	memcpy(sk, pk, p->pk_bytes);
	sk += p->pk_bytes;
	for (unsigned i = 0; i < p->m; i++, sk += HAETAE_POLYETA_BYTES)
		pack_bits(sk, &s1[i], 2, HAETAE_ETA, -1);
	for (unsigned i = 0; i < p->k; i++, sk += s2_bytes(p))
		pack_bits(sk, &s2[i], s2_bits(p), s2_bias, -1);
	memcpy(sk, key, HAETAE_SEEDBYTES);
}

int pqs_haetae_unpack_sk(const pqs_haetae_params *p, haetae_poly *s1, haetae_poly *s2,
                         uint8_t key[HAETAE_SEEDBYTES], const uint8_t *sk)
{
	int32_t s2_bias = (int32_t)(p->d + 1) * HAETAE_ETA;
	uint32_t bad = 0;
	sk += p->pk_bytes;
	for (unsigned i = 0; i < p->m; i++, sk += HAETAE_POLYETA_BYTES)
		bad |= (2u * HAETAE_ETA - unpack_bits(&s1[i], sk, 2, HAETAE_ETA, -1)) >> 31;
	for (unsigned i = 0; i < p->k; i++, sk += s2_bytes(p))
		bad |= ((uint32_t)(2 * s2_bias) - unpack_bits(&s2[i], sk, s2_bits(p), s2_bias, -1)) >> 31;
	memcpy(key, sk, HAETAE_SEEDBYTES);
	/* Whether the key is well formed is public; the coefficients are not. */
	PQS_CT_DECLASSIFY(&bad, sizeof bad);
	return bad ? PQS_ERR_KEY_ENCODING : PQS_OK;
}

size_t pqs_haetae_pack_highbits(const pqs_haetae_params *p, uint8_t *buf, const haetae_poly *w,
                                const haetae_poly *lsb)
{
	/* PackVecHighBits: one byte (HAETAE-2/3) or 9 bits (HAETAE-5) per coefficient,
	 * each polynomial at a stride of N * 9 / 8 bytes (the gaps stay zero). */
	memset(buf, 0, p->k * HAETAE_POLY_HIGHBITS_BYTES + HAETAE_POLYC_BYTES);
	for (unsigned i = 0; i < p->k; i++) {
		uint8_t *r = buf + i * HAETAE_POLY_HIGHBITS_BYTES;
		if (p->d) {
			for (unsigned j = 0; j < HAETAE_N; j++)
				r[j] = (uint8_t)w[i].coeffs[j];
		} else {
			pack_bits(r, &w[i], 9, 0, 1);
		}
	}
	/* PackPolyLsb */
	uint8_t *l = buf + p->k * HAETAE_POLY_HIGHBITS_BYTES;
	for (unsigned j = 0; j < HAETAE_N; j++)
		l[j / 8] |= (uint8_t)((lsb->coeffs[j] & 1) << (j % 8));
	return p->k * HAETAE_POLY_HIGHBITS_BYTES + HAETAE_POLYC_BYTES;
}

/* Offsets inside a signature. */
#define SIG_LOWBITS_OFFSET HAETAE_POLYC_BYTES

static size_t sig_sizes_offset(const pqs_haetae_params *p)
{
	return SIG_LOWBITS_OFFSET + (size_t)p->l * HAETAE_N;
}

int pqs_haetae_pack_sig(const pqs_haetae_params *p, uint8_t *sig, const haetae_poly *c,
                        const haetae_poly *lowbits_z1, const haetae_poly *highbits_z1, const haetae_poly *h)
{
	const size_t head = sig_sizes_offset(p) + 2;
	int32_t flat[HAETAE_L_MAX * HAETAE_N];
	memset(sig, 0, p->sig_bytes);
	for (unsigned i = 0; i < HAETAE_N; i++)
		sig[i / 8] |= (uint8_t)(c->coeffs[i] << (i % 8));
	for (unsigned i = 0; i < p->l; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			sig[SIG_LOWBITS_OFFSET + i * HAETAE_N + j] = (uint8_t)lowbits_z1[i].coeffs[j];

	for (unsigned i = 0; i < p->l; i++)
		memcpy(&flat[i * HAETAE_N], highbits_z1[i].coeffs, sizeof highbits_z1[i].coeffs);
	size_t room = p->sig_bytes - head;
	size_t len_hb = pqs_haetae_rans_encode(&p->rans_hb_z1, 0, sig + head, room, flat, (size_t)p->l * HAETAE_N);
	if (len_hb == 0)
		return -1;
	for (unsigned i = 0; i < p->k; i++)
		memcpy(&flat[i * HAETAE_N], h[i].coeffs, sizeof h[i].coeffs);
	size_t len_h = pqs_haetae_rans_encode(&p->rans_h, 1, sig + head + len_hb, room - len_hb, flat,
	                                      (size_t)p->k * HAETAE_N);
	/* Reference order of checks: both encodable, sizes within one byte of the bases, total fits. */
	if (len_h == 0 || len_hb < p->base_enc_hb_z1 || len_h < p->base_enc_h || len_hb > p->base_enc_hb_z1 + 255 ||
	    len_h > p->base_enc_h + 255 || head + len_hb + len_h > p->sig_bytes) {
		memset(sig, 0, p->sig_bytes);
		return -1;
	}
	sig[head - 2] = (uint8_t)(len_hb - p->base_enc_hb_z1);
	sig[head - 1] = (uint8_t)(len_h - p->base_enc_h);
	return 0;
}

int pqs_haetae_unpack_sig(const pqs_haetae_params *p, haetae_poly *c, haetae_poly *lowbits_z1,
                          haetae_poly *highbits_z1, haetae_poly *h, const uint8_t *sig)
{
	const size_t head = sig_sizes_offset(p) + 2;
	int32_t flat[HAETAE_L_MAX * HAETAE_N];
	int ret;
	for (unsigned i = 0; i < HAETAE_N; i++)
		c->coeffs[i] = (sig[i / 8] >> (i % 8)) & 1;
	for (unsigned i = 0; i < p->l; i++)
		for (unsigned j = 0; j < HAETAE_N; j++)
			lowbits_z1[i].coeffs[j] = (int8_t)sig[SIG_LOWBITS_OFFSET + i * HAETAE_N + j];
	size_t len_hb = (size_t)sig[head - 2] + p->base_enc_hb_z1;
	size_t len_h = (size_t)sig[head - 1] + p->base_enc_h;
	if (head + len_hb + len_h > p->sig_bytes)
		return PQS_ERR_SIG_ENCODING; /* encoded parts longer than the signature */
	ret = pqs_haetae_rans_decode(&p->rans_hb_z1, 0, flat, (size_t)p->l * HAETAE_N, sig + head, len_hb);
	if (ret != PQS_OK)
		return ret;
	for (unsigned i = 0; i < p->l; i++)
		memcpy(highbits_z1[i].coeffs, &flat[i * HAETAE_N], sizeof highbits_z1[i].coeffs);
	ret = pqs_haetae_rans_decode(&p->rans_h, 1, flat, (size_t)p->k * HAETAE_N, sig + head + len_hb, len_h);
	if (ret != PQS_OK)
		return ret;
	for (unsigned i = 0; i < p->k; i++)
		memcpy(h[i].coeffs, &flat[i * HAETAE_N], sizeof h[i].coeffs);
	for (size_t i = head + len_hb + len_h; i < p->sig_bytes; i++)
		if (sig[i] != 0)
			return PQS_ERR_SIG_ENCODING; /* non-zero padding */
	return PQS_OK;
}
