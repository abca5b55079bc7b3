/*
 * SamplerZ (spec v1.2 section 3.9.3, Alg. 12-15), constant time.
 *
 * The random bytes come from the ChaCha20-based PRNG of hash.c; the
 * number of bytes consumed by one call depends only on rejection
 * decisions, whose probability is (by the scaling with sigma_min/sigma,
 * "ccs") independent of the secret centre and deviation.
 */
#include "inner.h"
#include "core/ct.h"

int pqs_fndsa_gaussian0(fndsa_prng *p)
{
	/*
	 * BaseSampler (Alg. 12): RCDT of the half-Gaussian with sigma0 =
	 * 1.8205, 72-bit precision (spec Table 3.1), each entry as three
	 * 24-bit limbs.  The result is the number
	 * of entries above a uniform 72-bit value, computed with full scans
	 * and borrow arithmetic (no secret-dependent branch).
	 */
	/* RCDT[i] = T2[i]*2^48 + T1[i]*2^24 + T0[i] (spec Table 3.1), stored
	 * limb by limb ("structure of arrays", padded with zero entries,
	 * which never count) so that the scan vectorises. */
	static const uint32_t T2[20] = {
		10745844u, 5559083u, 2260429u, 708981u, 169348u, 30538u, 4132u,
		417u, 31u, 1u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u
	};
	static const uint32_t T1[20] = {
		3068844u, 1580863u, 13669192u, 4421575u, 7122675u, 13063405u,
		14505003u, 16768101u, 8444042u, 12844466u, 1232676u, 38047u, 870u,
		14u, 0u, 0u, 0u, 0u, 0u, 0u
	};
	static const uint32_t T0[20] = {
		3741698u, 8248194u, 2736639u, 10046180u, 4136815u, 7650655u,
		7826148u, 11363290u, 8086568u, 265321u, 13644283u, 9111839u,
		6138264u, 12545723u, 3104126u, 28824u, 198u, 1u, 0u, 0u
	};
	uint64_t lo = fndsa_prng_get_u64(p);
	uint32_t hi = fndsa_prng_get_u8(p);
	uint32_t v0 = (uint32_t)lo & 0xFFFFFF;
	uint32_t v1 = (uint32_t)(lo >> 24) & 0xFFFFFF;
	uint32_t v2 = (uint32_t)(lo >> 48) | (hi << 16);
	uint32_t z = 0;

	for (size_t u = 0; u < 20; u++) {
		/* Borrow of (v2:v1:v0) - T[u]: 1 iff v < T[u]. */
		uint32_t cc = (v0 - T0[u]) >> 31;
		cc = (v1 - T1[u] - cc) >> 31;
		cc = (v2 - T2[u] - cc) >> 31;
		z += cc;
	}
	return (int)z;
}

void
pqs_fndsa_stream_init(pqs_fndsa_stream *s, const pqs_keccak *flipped)
{
	s->sc = *flipped;
	s->ptr = sizeof s->buf;
}

uint8_t
pqs_fndsa_stream_u8(pqs_fndsa_stream *s)
{
	if (s->ptr == sizeof s->buf) {
		pqs_keccak_squeeze_blocks(&s->sc, s->buf, 1);
		s->ptr = 0;
	}
	return s->buf[s->ptr++];
}

uint64_t
pqs_fndsa_stream_u64(pqs_fndsa_stream *s)
{
	uint64_t x = 0;
	int i;

	for (i = 0; i < 8; i++) {
		x |= (uint64_t)pqs_fndsa_stream_u8(s) << (8 * i);
	}
	return x;
}

uint32_t
pqs_fndsa_stream_u16(pqs_fndsa_stream *s)
{
	uint32_t x = pqs_fndsa_stream_u8(s);

	return x | ((uint32_t)pqs_fndsa_stream_u8(s) << 8);
}

int
pqs_fndsa_gaussian0_fn(pqs_fndsa_stream *s, int *b)
{
	/*
	 * FN-DSA base sampler (notes/fn-dsa-provisional.md section 3.4 (b)):
	 * lo = 8 bytes, hi = 2 bytes (little-endian); the bimodal bit is
	 * lo & 1 and V = (lo >> 1) | (hi << 63) is a 79-bit value; z0 =
	 * #{i : V < GAUSS0[i]}, GAUSS0[i] = round(2^79 Pr[Z0 > i]) for the
	 * half-Gaussian of sigma0 = 1.8205, as 31/24/24-bit limbs (full
	 * scan, borrow arithmetic: constant time).
	 */
	static const uint32_t G2[18] = {
		1375468055u, 711562636u, 289335016u, 90749601u, 21676598u,
		3908963u, 529006u, 53503u, 4032u, 225u, 9u, 0u, 0u, 0u, 0u,
		0u, 0u, 0u
	};
	static const uint32_t G1[18] = {
		6936092u, 1023934u, 4826132u, 12313548u, 5732767u, 11171514u,
		11146683u, 15610582u, 7095613u, 16701698u, 6787688u, 4870085u,
		111406u, 1887u, 23u, 0u, 0u, 0u
	};
	static const uint32_t G0[18] = {
		9176346u, 15582455u, 14746371u, 10843417u, 9419414u, 6206010u,
		11891888u, 11661180u, 11671091u, 407118u, 1638204u, 8687822u,
		13946073u, 12017202u, 11452285u, 3689579u, 25354u, 129u
	};
	uint64_t lo = pqs_fndsa_stream_u64(s);
	uint64_t hi = pqs_fndsa_stream_u16(s);
	uint32_t v0 = (uint32_t)(lo >> 1) & 0xFFFFFF;
	uint32_t v1 = (uint32_t)(lo >> 25) & 0xFFFFFF;
	uint32_t v2 = (uint32_t)(lo >> 49) | (uint32_t)(hi << 15);
	uint32_t z = 0;
	size_t u;

	for (u = 0; u < 18; u++) {
		uint32_t cc = (v0 - G0[u]) >> 31;

		cc = (v1 - G1[u] - cc) >> 31;
		cc = (v2 - G2[u] - cc) >> 31;
		z += cc;
	}
	*b = (int)(lo & 1);
	return (int)z;
}

/* One byte of the sampler's randomness source. */
static inline unsigned
next_u8(fndsa_sampler_ctx *spc)
{
	return spc->fn_draft ? pqs_fndsa_stream_u8(&spc->fs)
		: fndsa_prng_get_u8(&spc->p);
}

uint64_t pqs_fndsa_umulh64_generic(uint64_t a, uint64_t b)
{
	/* High 64 bits of a*b from four 32x32 products (exact). */
	uint64_t a0 = (uint32_t)a, a1 = a >> 32;
	uint64_t b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t m1 = a0 * b1 + ((a0 * b0) >> 32);
	uint64_t m2 = a1 * b0;
	return a1 * b1 + (m1 >> 32) + (m2 >> 32)
		+ (((uint64_t)(uint32_t)m1 + (uint64_t)(uint32_t)m2) >> 32);
}

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 fndsa_u128;
static inline uint64_t
umulh64(uint64_t a, uint64_t b)
{
	return (uint64_t)(((fndsa_u128)a * b) >> 64);
}
#else
#define umulh64 pqs_fndsa_umulh64_generic
#endif

uint64_t pqs_fndsa_expm_p63(fpr x, fpr ccs)
{
	/*
	 * ApproxExp (Alg. 13): ccs * exp(-x) * 2^63 for 0 <= x < log(2),
	 * by Horner's rule in 63-bit fixed point on the polynomial of FACCT
	 * (Zhao, Steinfeld, Sakzad, eprint 2018/1234), spec Table 3.2
	 * coefficients scaled by 2^63.
	 */
	static const uint64_t C[13] = {
		0x00000004741183A3u, 0x00000036548CFC06u, 0x0000024FDCBF140Au,
		0x0000171D939DE045u, 0x0000D00CF58F6F84u, 0x000680681CF796E3u,
		0x002D82D8305B0FEAu, 0x011111110E066FD0u, 0x0555555555070F00u,
		0x155555555581FF00u, 0x400000000002B400u, 0x7FFFFFFFFFFF4800u,
		0x8000000000000000u
	};
	uint64_t z = (uint64_t)fpr_trunc(fpr_mul(x, fpr_ptwo63)) << 1;
	uint64_t y = C[0];
	for (size_t u = 1; u < 13; u++) {
		y = C[u] - umulh64(z, y);
	}
	z = (uint64_t)fpr_trunc(fpr_mul(ccs, fpr_ptwo63)) << 1;
	return umulh64(z, y);
}

/*
 * BerExp (Alg. 14): a bit that is 1 with probability ccs * exp(-x),
 * x >= 0.  x = s*log(2) + r; exp(-x) = 2^-s * exp(-r).  The comparison
 * with uniform bytes stops at the first differing byte (a public event
 * of probability 255/256 per byte, independent of the secret value).
 */
static int
ber_exp(fndsa_sampler_ctx *spc, fpr x, fpr ccs)
{
	int s = (int)fpr_trunc(fpr_mul(x, fpr_inv_log2));
	fpr r = fpr_sub(x, fpr_mul(fpr_of(s), fpr_log2));
	uint32_t sw = (uint32_t)s;
	uint64_t z;
	uint32_t w;
	int i;

	/* s >= 64 makes the result 0 with overwhelming probability anyway;
	 * saturate at 63 so the shift is defined (constant time). */
	sw ^= (sw ^ 63u) & -((63u - sw) >> 31);
	/* 2^64 * ccs * exp(-r), minus 1 so that it fits, then divided by 2^s. */
	z = ((pqs_fndsa_expm_p63(r, ccs) << 1) - 1) >> sw;
	i = 64;
	do {
		i -= 8;
		w = next_u8(spc) - ((uint32_t)(z >> i) & 0xFF);
		/* Documented public event: whether this byte decides (see above). */
		PQS_CT_DECLASSIFY(&w, sizeof w);
	} while (!w && i > 0);
	return (int)(w >> 31);
}

int pqs_fndsa_samplerZ(fndsa_sampler_ctx *spc, fpr mu, fpr isigma)
{
	/*
	 * SamplerZ (Alg. 15): mu = s + r with s = floor(mu), 0 <= r < 1;
	 * sample z0 from the half-Gaussian, a random bit b, z = b + (2b-1)z0
	 * (bimodal around 0 and 1), and accept with probability
	 * ccs * exp(-((z-r)^2/(2 sigma^2) - z0^2/(2 sigma0^2))).
	 */
	int s = (int)fpr_floor(mu);
	fpr r = fpr_sub(mu, fpr_of(s));
	fpr dss = fpr_half(fpr_sqr(isigma));          /* 1/(2 sigma^2) */
	fpr ccs = fpr_mul(isigma, spc->sigma_min);    /* sigma_min/sigma */

	for (;;) {
		int z0, b, z;

		if (spc->fn_draft) {
			z0 = pqs_fndsa_gaussian0_fn(&spc->fs, &b);
		} else {
			z0 = pqs_fndsa_gaussian0(&spc->p);
			b = (int)fndsa_prng_get_u8(&spc->p) & 1;
		}
		z = b + ((b << 1) - 1) * z0;
		fpr x = fpr_mul(fpr_sqr(fpr_sub(fpr_of(z), r)), dss);
		x = fpr_sub(x, fpr_mul(fpr_of(z0 * z0), fpr_inv_2sqrsigma0));
		int accept = ber_exp(spc, x, ccs);
		/* The rejection decision is public: its probability does not
		 * depend on the secret centre or deviation (ccs scaling). */
		PQS_CT_DECLASSIFY(&accept, sizeof accept);
		if (accept) {
			return s + z;
		}
	}
}
