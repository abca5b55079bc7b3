/*
 * Arithmetic modulo q = 12289 and the encodings, against direct
 * computation: NTT-based products equal schoolbook negacyclic products
 * mod q for logn 1..10; G = gF/f mod q is recovered from a constructed
 * NTRU-like relation; 14-bit and trimmed encodings round-trip and reject
 * out-of-range values and nonzero unused bits; the portable 64x64 high
 * product equals the 128-bit one.
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "testutil.h"

static uint64_t rs = 0xC0FFEE1234567ULL;
static uint64_t
rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return rs;
}

static void
mul_mod_q(uint16_t *c, const uint16_t *a, const uint16_t *b, size_t n)
{
	static int64_t acc[1024];
	memset(acc, 0, n * sizeof *acc);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			int64_t p = (int64_t)a[i] * b[j];
			if (i + j < n) {
				acc[i + j] += p;
			} else {
				acc[i + j - n] -= p;
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		int64_t v = acc[i] % 12289;
		c[i] = (uint16_t)(v < 0 ? v + 12289 : v);
	}
}

int
main(void)
{
	static uint16_t a[1024], b[1024], c[1024], d[1024];

	for (unsigned logn = 1; logn <= 10; logn++) {
		size_t n = (size_t)1 << logn;
		for (int rep = 0; rep < 3; rep++) {
			for (size_t i = 0; i < n; i++) {
				a[i] = (uint16_t)(rnd() % 12289);
				b[i] = (uint16_t)(rep == 0 ? 12288 - (i & 1) : rnd() % 12289);
			}
			mul_mod_q(c, a, b, n);
			memcpy(d, a, n * sizeof *a);
			pqs_fndsa_mq_NTT(d, logn);
			uint16_t e[1024];
			memcpy(e, b, n * sizeof *b);
			pqs_fndsa_mq_NTT(e, logn);
			pqs_fndsa_mq_poly_mul_ntt(d, e, logn);
			pqs_fndsa_mq_iNTT(d, logn);
			TU_CHECK(memcmp(c, d, n * sizeof *c) == 0, "NTT product logn=%u rep=%d", logn, rep);
		}
	}

	/* complete_private: with small f, g, G and F chosen so that
	 * f*G = g*F mod q (F := f*G/g mod q needs g invertible; use instead
	 * G := g*F/f built from small F and a sparse f = 1 + x). */
	{
		unsigned logn = 9;
		size_t n = 512;
		int8_t f[512], g[512], F[512], G[512], G2[512];
		uint16_t tmp[1536];
		memset(f, 0, sizeof f);
		f[0] = 1;
		for (size_t i = 0; i < n; i++) {
			g[i] = (int8_t)((int)(rnd() % 7) - 3);
			F[i] = (int8_t)((int)(rnd() % 7) - 3);
		}
		/* f = 1: G = g*F mod (x^n+1), coefficients |.| <= 9n: too big
		 * for int8, so expect rejection; with F = x^k it is a rotation. */
		TU_CHECK(!pqs_fndsa_complete_private(G, f, g, F, logn, tmp), "G out of range rejected");
		memset(F, 0, sizeof F);
		F[3] = 1; /* G = g * x^3 */
		TU_CHECK(pqs_fndsa_complete_private(G, f, g, F, logn, tmp), "G = g x^3 accepted");
		for (size_t i = 0; i < n; i++) {
			G2[i] = i >= 3 ? g[i - 3] : (int8_t)-g[n - 3 + i];
		}
		TU_CHECK(memcmp(G, G2, n) == 0, "G = g x^3");
		/* f not invertible mod q: f = 0. */
		memset(f, 0, sizeof f);
		TU_CHECK(!pqs_fndsa_complete_private(G, f, g, F, logn, tmp), "f = 0 rejected");
	}

	/* Encodings. */
	{
		uint16_t h[1024], h2[1024];
		uint8_t buf[2048];
		for (size_t i = 0; i < 1024; i++) {
			h[i] = (uint16_t)(rnd() % 12289);
		}
		h[5] = 12288;
		size_t l = pqs_fndsa_modq_encode(buf, sizeof buf, h, 10);
		TU_CHECK(l == 1792 && pqs_fndsa_modq_decode(h2, 10, buf, l) == l && memcmp(h, h2, sizeof h) == 0,
			 "modq round trip");
		TU_CHECK(pqs_fndsa_modq_decode(h2, 10, buf, l - 1) == 0, "modq short input");
		h[7] = 12289;
		TU_CHECK(pqs_fndsa_modq_encode(buf, sizeof buf, h, 10) == 0, "modq encode rejects q");
		/* logn = 1: 28 bits, 4 unused bits in the last byte. */
		h[0] = 1;
		h[1] = 2;
		l = pqs_fndsa_modq_encode(buf, sizeof buf, h, 1);
		TU_CHECK(l == 4 && pqs_fndsa_modq_decode(h2, 1, buf, 4) == 4, "modq logn 1");
		buf[3] |= 1;
		TU_CHECK(pqs_fndsa_modq_decode(h2, 1, buf, 4) == 0, "modq unused bits");

		int8_t x[1024], y[1024];
		for (unsigned bits = 5; bits <= 8; bits++) {
			int mx = (1 << (bits - 1)) - 1;
			for (size_t i = 0; i < 1024; i++) {
				x[i] = (int8_t)((int)(rnd() % (uint64_t)(2 * mx + 1)) - mx);
			}
			l = pqs_fndsa_trim_i8_encode(buf, sizeof buf, x, 10, bits);
			TU_CHECK(l == 128 * bits && pqs_fndsa_trim_i8_decode(y, 10, bits, buf, l) == l &&
					 memcmp(x, y, sizeof x) == 0,
				 "trim_i8 round trip bits=%u", bits);
			x[9] = (int8_t)(-mx - 1);
			TU_CHECK(pqs_fndsa_trim_i8_encode(buf, sizeof buf, x, 10, bits) == 0,
				 "trim_i8 encode rejects -2^(bits-1), bits=%u", bits);
		}
		/* logn 2, 5 bits: 20 bits, 4 unused. */
		x[0] = 1; x[1] = -1; x[2] = 15; x[3] = -15;
		l = pqs_fndsa_trim_i8_encode(buf, sizeof buf, x, 2, 5);
		TU_CHECK(l == 3 && pqs_fndsa_trim_i8_decode(y, 2, 5, buf, 3) == 3, "trim_i8 logn 2");
		buf[2] |= 1;
		TU_CHECK(pqs_fndsa_trim_i8_decode(y, 2, 5, buf, 3) == 0, "trim_i8 unused bits");
	}

#if defined(__SIZEOF_INT128__)
	{
		int ok = 1;
		for (int i = 0; i < 100000; i++) {
			uint64_t x = rnd(), y = rnd() >> (i & 63);
			__extension__ unsigned __int128 p = (unsigned __int128)x * y;
			ok &= pqs_fndsa_umulh64_generic(x, y) == (uint64_t)(p >> 64);
		}
		ok &= pqs_fndsa_umulh64_generic(~0ULL, ~0ULL) == ~0ULL - 1;
		TU_CHECK(ok, "umulh64_generic");
	}
#endif
	return tu_finish("test_fndsa_mq_codec");
}
