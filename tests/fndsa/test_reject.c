/*
 * Strict decoding and API errors of the Falcon classes, one case each
 * (codes documented in docs/falcon.md).  The base inputs are count 0 of
 * the Falcon-512 and Falcon-padded-512 KAT files (a valid pk, msg and
 * signature); every case changes one thing and expects one code.
 */
#include <stdlib.h>
#include <string.h>

#include "fndsa/inner.h"
#include "nist_drbg.h"
#include "pqsig/sig.h"
#include "testutil.h"

/* MSB-first bit writer for hand-made compressed encodings. */
typedef struct {
	uint8_t *buf;
	size_t len; /* bits written */
} bitw;

static void
put_bits(bitw *w, uint32_t v, unsigned nbits)
{
	while (nbits-- > 0) {
		if ((v >> nbits) & 1u) {
			w->buf[w->len >> 3] |= (uint8_t)(0x80u >> (w->len & 7));
		}
		w->len++;
	}
}

/* Alg. 17 for one coefficient, with an optional forced sign bit and a
 * forced unary length (to build non-canonical encodings). */
static void
put_coef(bitw *w, int sign, unsigned low7, unsigned high)
{
	put_bits(w, (uint32_t)sign, 1);
	put_bits(w, low7, 7);
	put_bits(w, 0, high);
	put_bits(w, 1, 1);
}

static uint8_t pk[897], msg[64], sig[752], psig[666];
static size_t msg_len, sig_len;
static uint8_t sk[1281];

static int
load(void)
{
	tu_rsp r;
	size_t len, sm_len;
	uint8_t *b;
	int ok = 1;

	if (tu_rsp_open(&r, tu_shared_path("vectors/falcon/Falcon-512.liboqs-kat.rsp")) != 0
		|| !tu_rsp_next(&r)) {
		return 0;
	}
	b = tu_rsp_hex(&r, "pk", &len);
	ok &= b && len == sizeof pk;
	if (ok) memcpy(pk, b, len);
	free(b);
	b = tu_rsp_hex(&r, "sk", &len);
	ok &= b && len == sizeof sk;
	if (ok) memcpy(sk, b, len);
	free(b);
	b = tu_rsp_hex(&r, "msg", &msg_len);
	ok &= b && msg_len <= sizeof msg;
	if (ok) memcpy(msg, b, msg_len);
	free(b);
	/* NIST sm -> detached 0x39 || nonce || comp. */
	b = tu_rsp_hex(&r, "sm", &sm_len);
	if (ok && b) {
		size_t elen = ((size_t)b[0] << 8) | b[1];
		sig[0] = 0x39;
		memcpy(sig + 1, b + 2, 40);
		memcpy(sig + 41, b + 43 + msg_len, elen - 1);
		sig_len = 40 + elen;
	}
	free(b);
	tu_rsp_close(&r);
	if (tu_rsp_open(&r, tu_shared_path("vectors/falcon/Falcon-padded-512.liboqs-kat.rsp")) != 0
		|| !tu_rsp_next(&r)) {
		return 0;
	}
	b = tu_rsp_hex(&r, "sm", &sm_len);
	ok &= b && sm_len == sizeof psig + msg_len;
	if (ok) memcpy(psig, b, sizeof psig);
	free(b);
	tu_rsp_close(&r);
	return ok;
}

#define EXPECT(expr, code, what) do { \
		int r_ = (expr); \
		TU_CHECK(r_ == (code), "%s: got %d (%s), want %d", what, r_, pqs_strerror(r_), code); \
	} while (0)

int
main(void)
{
	const pqs_sig_class *C = &pqs_falcon512_class, *P = &pqs_falcon_padded512_class;
	uint8_t b[800], bp[666], k2[897];

	if (!load()) {
		TU_CHECK(0, "cannot load the KAT inputs");
		return tu_finish("test_fndsa_reject");
	}

	/* Baselines. */
	EXPECT(C->verify(C, sig, sig_len, msg, msg_len, NULL, 0, pk), PQS_OK, "valid compressed");
	EXPECT(P->verify(P, psig, 666, msg, msg_len, NULL, 0, pk), PQS_OK, "valid padded");

	/* Lengths. */
	EXPECT(P->verify(P, psig, 665, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH, "padded 665 bytes");
	memcpy(bp, psig, 666);
	EXPECT(P->verify(P, bp, 0, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH, "padded empty");
	{
		uint8_t big[667];
		memcpy(big, psig, 666);
		big[666] = 0;
		EXPECT(P->verify(P, big, 667, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH, "padded 667 bytes");
	}
	EXPECT(C->verify(C, sig, 41, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH, "compressed: no s2");
	memset(b, 0, sizeof b);
	memcpy(b, sig, sig_len);
	EXPECT(C->verify(C, b, 753, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH, "compressed 753 bytes");

	/* Header byte. */
	memcpy(b, sig, sig_len);
	b[0] = 0x29; /* NIST API header */
	EXPECT(C->verify(C, b, sig_len, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_ENCODING, "header 0x29");
	b[0] = 0x3A; /* logn 10 */
	EXPECT(C->verify(C, b, sig_len, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_ENCODING, "header 0x3A");

	/* Trailing data after the compressed s2 (compressed form). */
	memcpy(b, sig, sig_len);
	b[sig_len] = 0;
	EXPECT(C->verify(C, b, sig_len + 1, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_ENCODING, "trailing zero byte");
	/* Truncated compressed s2. */
	EXPECT(C->verify(C, sig, sig_len - 1, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_ENCODING, "truncated s2");
	/* Nonzero padding byte (padded form). */
	memcpy(bp, psig, 666);
	bp[665] = 0x01;
	EXPECT(P->verify(P, bp, 666, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_ENCODING, "nonzero padding");

	/* Hand-made s2 encodings: 511 zeros after a special first value. */
	{
		struct { int sign; unsigned low, high; const char *what; int code; } cases[] = {
			{ 1, 0, 0, "\"-0\" coefficient", PQS_ERR_SIG_ENCODING },
			{ 0, 127, 16, "coefficient 2175 > 2047", PQS_ERR_SIG_ENCODING },
			{ 1, 127, 15, "coefficient -2047 (in range; norm too large)", PQS_ERR_INVALID_SIGNATURE },
			{ 0, 5, 1, "s2 with unused bits set", PQS_ERR_SIG_ENCODING },
			{ 0, 5, 0, "small s2 (well formed; wrong signature)", PQS_ERR_INVALID_SIGNATURE },
		};
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			bitw w;
			memset(b, 0, sizeof b);
			memcpy(b, sig, 41);
			w.buf = b + 41;
			w.len = 0;
			put_coef(&w, cases[i].sign, cases[i].low, cases[i].high);
			for (int u = 1; u < 512; u++) {
				put_coef(&w, 0, 0, 0);
			}
			size_t blen = (w.len + 7) >> 3;
			if (i == 3) {
				/* 9*512 + 1 bits: 7 unused bits in the last byte. */
				b[41 + blen - 1] |= 0x01;
			}
			EXPECT(C->verify(C, b, 41 + blen, msg, msg_len, NULL, 0, pk), cases[i].code, cases[i].what);
		}
	}
	/* Norm too large: s2 at the limit +-2047 everywhere is well formed
	 * but cannot fit in 752 bytes; nine coefficients at 2047 fit and give
	 * ||s2||^2 = 9 * 2047^2 = 37712169 > 34034726, so any s1 fails. */
	{
		int16_t s2[512];
		static uint8_t big[41 + 1600];
		for (int u = 0; u < 512; u++) {
			s2[u] = (int16_t)((u & 1) ? -2047 : 2047);
		}
		memcpy(big, sig, 41);
		size_t clen = pqs_fndsa_comp_encode(big + 41, sizeof big - 41, s2, 9);
		TU_CHECK(clen == 1536, "s2 at +-2047 encodes to %zu bytes", clen);
		EXPECT(C->verify(C, big, 41 + clen, msg, msg_len, NULL, 0, pk), PQS_ERR_SIG_LENGTH,
			"s2 at +-2047 (1577 bytes)");
		for (int u = 0; u < 512; u++) {
			s2[u] = (int16_t)((u % 50 == 7 && u < 450) ? -2047 : 0);
		}
		TU_CHECK(!pqs_fndsa_is_short_half(0, s2, 9), "is_short_half rejects 9*2047^2");
		s2[407] = 0; /* 8*2047^2 = 33522152 is within the bound */
		TU_CHECK(pqs_fndsa_is_short_half(0, s2, 9), "is_short_half accepts 8*2047^2");
		s2[407] = -2047;
		clen = pqs_fndsa_comp_encode(big + 41, sizeof big - 41, s2, 9);
		EXPECT(C->verify(C, big, 41 + clen, msg, msg_len, NULL, 0, pk), PQS_ERR_INVALID_SIGNATURE,
			"||s2||^2 = 9*2047^2 > bound");
	}
	/* Another message: well formed, invalid. */
	{
		uint8_t m2[64];
		memcpy(m2, msg, msg_len);
		m2[0] ^= 1;
		EXPECT(C->verify(C, sig, sig_len, m2, msg_len, NULL, 0, pk), PQS_ERR_INVALID_SIGNATURE, "other message");
	}

	/* Public key: header and out-of-range coefficient. */
	memcpy(k2, pk, sizeof k2);
	k2[0] = 0x0A;
	EXPECT(C->verify(C, sig, sig_len, msg, msg_len, NULL, 0, k2), PQS_ERR_KEY_ENCODING, "pk header 0x0A");
	memcpy(k2, pk, sizeof k2);
	k2[1] = 0xFF;
	k2[2] |= 0xFC; /* first 14-bit value = 0x3FFF >= q */
	EXPECT(C->verify(C, sig, sig_len, msg, msg_len, NULL, 0, k2), PQS_ERR_KEY_ENCODING, "pk coefficient 16383");
	memcpy(k2, pk, sizeof k2);
	k2[1] = 0xC0;
	k2[2] = (uint8_t)((k2[2] & 0x03) | 0x04); /* 0x3001 = 12289 = q exactly */
	EXPECT(C->verify(C, sig, sig_len, msg, msg_len, NULL, 0, k2), PQS_ERR_KEY_ENCODING, "pk coefficient q");

	/* Context strings and flags. */
	EXPECT(C->verify(C, sig, sig_len, msg, msg_len, (const uint8_t *)"x", 1, pk),
		PQS_ERR_CTX_UNSUPPORTED, "verify with a context");
	{
		size_t sl = 0;
		pqs_drbg d;
		uint8_t seed[48] = { 0 };
		pqs_drbg_init(&d, seed, NULL);
		EXPECT(C->sign(C, b, sizeof b, &sl, msg, msg_len, (const uint8_t *)"x", 1, sk, 0, &d.rng),
			PQS_ERR_CTX_UNSUPPORTED, "sign with a context");
		EXPECT(C->sign(C, b, sizeof b, &sl, msg, msg_len, NULL, 0, sk, PQS_SIGN_DETERMINISTIC, &d.rng),
			PQS_ERR_UNSUPPORTED, "deterministic signing");
		EXPECT(C->sign(C, b, 700, &sl, msg, msg_len, NULL, 0, sk, 0, &d.rng),
			PQS_ERR_BUFFER_TOO_SMALL, "sign into 700 bytes");
		TU_CHECK(!(C->flags & PQS_SIG_DETERMINISTIC_OK) && !(C->flags & PQS_SIG_HAS_CONTEXT)
			&& (P->flags & PQS_SIG_FIXED_LENGTH) && !(C->flags & PQS_SIG_FIXED_LENGTH),
			"class flags");
		/* Secret key: the forbidden -32 in a 6-bit f coefficient. */
		uint8_t sk2[1281];
		memcpy(sk2, sk, sizeof sk2);
		sk2[1] = (uint8_t)((sk2[1] & 0x03) | 0x80); /* f[0] = 100000b */
		EXPECT(C->sign(C, b, sizeof b, &sl, msg, msg_len, NULL, 0, sk2, 0, &d.rng),
			PQS_ERR_KEY_ENCODING, "sk f coefficient -32");
		memcpy(sk2, sk, sizeof sk2);
		sk2[0] = 0x5A;
		EXPECT(C->sign(C, b, sizeof b, &sl, msg, msg_len, NULL, 0, sk2, 0, &d.rng),
			PQS_ERR_KEY_ENCODING, "sk header 0x5A");
		/* A changed F no longer gives a small G = gF/f mod q. */
		memcpy(sk2, sk, sizeof sk2);
		sk2[1 + 384 + 384] ^= 0x01;
		EXPECT(C->sign(C, b, sizeof b, &sl, msg, msg_len, NULL, 0, sk2, 0, &d.rng),
			PQS_ERR_KEY_ENCODING, "sk with G out of range");
		/* Empty message (NULL, 0): sign and verify, both forms. */
		EXPECT(C->sign(C, b, sizeof b, &sl, NULL, 0, NULL, 0, sk, 0, &d.rng), PQS_OK, "sign empty message");
		EXPECT(C->verify(C, b, sl, NULL, 0, NULL, 0, pk), PQS_OK, "verify empty message");
		EXPECT(P->sign(P, bp, sizeof bp, &sl, NULL, 0, NULL, 0, sk, 0, &d.rng), PQS_OK, "padded sign empty message");
		TU_CHECK(sl == 666, "padded length %zu", sl);
		EXPECT(P->verify(P, bp, sl, NULL, 0, NULL, 0, pk), PQS_OK, "padded verify empty message");
		int8_t f[512], g[512], F[512], G[512];
		uint16_t t[1536];
		EXPECT(pqs_fndsa_decode_sk(f, g, F, G, sk, 1280, 9, t), PQS_ERR_KEY_LENGTH, "sk 1280 bytes");
		EXPECT(pqs_fndsa_decode_sk(f, g, F, G, sk, 1281, 9, t), PQS_OK, "sk decodes");
	}

	/* Codec: every single value -2047..2047 round-trips, canonically. */
	{
		int16_t x[4], y[4];
		uint8_t e[64];
		int ok = 1;
		for (int v = -2047; v <= 2047; v++) {
			x[0] = (int16_t)v;
			x[1] = (int16_t)-v;
			x[2] = 0;
			x[3] = (int16_t)(v / 2);
			size_t l = pqs_fndsa_comp_encode(e, sizeof e, x, 2);
			ok &= l != 0 && pqs_fndsa_comp_decode(y, 2, e, l) == l && memcmp(x, y, sizeof x) == 0;
		}
		x[0] = 2048;
		ok &= pqs_fndsa_comp_encode(e, sizeof e, x, 2) == 0;
		TU_CHECK(ok, "comp_encode/comp_decode on -2047..2047");
	}
	return tu_finish("test_fndsa_reject");
}
