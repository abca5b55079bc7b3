/*
 * P-256 arithmetic for the SCMS (IEEE 1609.2.1 section 9.3 butterfly keys,
 * SEC 4 ECQV, IEEE 1609.2 section 5.3.5 ECIES) on OpenSSL's EC_POINT and
 * BIGNUM API, which OpenSSL 3.0 keeps undeprecated.  Secret scalars get
 * BN_FLG_CONSTTIME and live in BN_secure_new() memory, which OpenSSL
 * clears on free; our own byte copies are zeroized by the callers.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

#include "ecdsa/ec_point.h"
#include "scms_inner.h"

/* The P-256 group the ECDSA classes use too (ec_point.h), shared read-only by threads. */
static const EC_GROUP *group(void)
{
	return pqs_ec_group(NID_X9_62_prime256v1);
}

/* Scalar operation context: n, a BN_CTX and up to four secure BIGNUMs. */
typedef struct {
	BN_CTX *ctx;
	BIGNUM *v[4];
} sc_ctx;

static int sc_open(sc_ctx *s)
{
	memset(s, 0, sizeof *s);
	if (!group())
		return PQS_ERR_INTERNAL;
	s->ctx = BN_CTX_secure_new();
	if (!s->ctx)
		return PQS_ERR_INTERNAL;
	for (int i = 0; i < 4; i++) {
		s->v[i] = BN_secure_new();
		if (!s->v[i])
			return PQS_ERR_INTERNAL;
		BN_set_flags(s->v[i], BN_FLG_CONSTTIME);
	}
	return PQS_OK;
}

static void sc_close(sc_ctx *s)
{
	for (int i = 0; i < 4; i++)
		BN_clear_free(s->v[i]);
	BN_CTX_free(s->ctx);
}

static int bn_out(uint8_t out[32], const BIGNUM *x)
{
	return BN_bn2binpad(x, out, 32) == 32 ? PQS_OK : PQS_ERR_INTERNAL;
}

int pqs_scms_sc_reduce(uint8_t out[32], const uint8_t *x, size_t x_len)
{
	sc_ctx s;
	int rc = x_len <= 64 ? sc_open(&s) : PQS_ERR_ARG;
	if (x_len > 64)
		return rc;
	if (rc == PQS_OK) {
		const BIGNUM *n = EC_GROUP_get0_order(group());
		rc = BN_bin2bn(x, (int)x_len, s.v[0]) && BN_nnmod(s.v[1], s.v[0], n, s.ctx) ? bn_out(out, s.v[1])
		                                                                             : PQS_ERR_INTERNAL;
	}
	sc_close(&s);
	return rc;
}

int pqs_scms_sc_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
	sc_ctx s;
	int rc = sc_open(&s);
	if (rc == PQS_OK) {
		const BIGNUM *n = EC_GROUP_get0_order(group());
		/* Inputs may be >= n (e.g. raw vector values); reduce first so BN_mod_add's precondition holds. */
		rc = BN_bin2bn(a, 32, s.v[0]) && BN_bin2bn(b, 32, s.v[1]) && BN_nnmod(s.v[0], s.v[0], n, s.ctx) &&
		             BN_nnmod(s.v[1], s.v[1], n, s.ctx) && BN_mod_add(s.v[2], s.v[0], s.v[1], n, s.ctx)
		     ? bn_out(out, s.v[2])
		     : PQS_ERR_INTERNAL;
	}
	sc_close(&s);
	return rc;
}

int pqs_scms_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t *c)
{
	sc_ctx s;
	int rc = sc_open(&s);
	if (rc == PQS_OK) {
		const BIGNUM *n = EC_GROUP_get0_order(group());
		int ok = BN_bin2bn(a, 32, s.v[0]) && BN_bin2bn(b, 32, s.v[1]) &&
		         BN_mod_mul(s.v[2], s.v[0], s.v[1], n, s.ctx);
		if (ok && c)
			ok = BN_bin2bn(c, 32, s.v[3]) && BN_nnmod(s.v[3], s.v[3], n, s.ctx) &&
			     BN_mod_add(s.v[2], s.v[2], s.v[3], n, s.ctx);
		rc = ok ? bn_out(out, s.v[2]) : PQS_ERR_INTERNAL;
	}
	sc_close(&s);
	return rc;
}

int pqs_scms_sc_is_valid(const uint8_t sc[32])
{
	BIGNUM *x = BN_bin2bn(sc, 32, NULL);
	int ok = x && group() && !BN_is_zero(x) && BN_cmp(x, EC_GROUP_get0_order(group())) < 0;
	BN_clear_free(x);
	return ok;
}

int pqs_scms_sc_random(uint8_t out[32], pqs_rng *rng)
{
	/* Rejection sampling (FIPS 186-5 A.2.2 style): n is close to 2^256, so a retry is rare. */
	for (int tries = 0; tries < 64; tries++) {
		int rc = pqs_rng_fill(rng, out, 32);
		if (rc != PQS_OK)
			return rc;
		if (pqs_scms_sc_is_valid(out))
			return PQS_OK;
	}
	pqs_zeroize(out, 32);
	return PQS_ERR_RANDOMNESS;
}

/* --- points ------------------------------------------------------------ */

static int pt_in(EC_POINT *P, const uint8_t in[33], BN_CTX *ctx)
{
	/* compressed only: x a field element with a square root, on the curve (ec_point.h) */
	if (in[0] != 0x02 && in[0] != 0x03)
		return PQS_SCMS_ERR_POINT;
	return pqs_ec_point_decode(group(), P, in, 33, ctx) ? PQS_OK : PQS_SCMS_ERR_POINT;
}

static int pt_out(uint8_t out[33], const EC_POINT *P, BN_CTX *ctx)
{
	if (EC_POINT_is_at_infinity(group(), P))
		return PQS_SCMS_ERR_POINT; /* happens only with probability ~2^-256 */
	return pqs_ec_point_encode(group(), P, 1, out, 32, ctx) ? PQS_OK : PQS_ERR_INTERNAL;
}

/* out = k1*G + k2*P (either term may be absent) + Q (may be absent). */
static int pt_combo(uint8_t *out, size_t out_len, const uint8_t *k1, const uint8_t *k2, const uint8_t *P,
                    const uint8_t *Q)
{
	sc_ctx s;
	EC_POINT *R = NULL, *PP = NULL, *QQ = NULL;
	int rc = sc_open(&s);
	if (rc != PQS_OK)
		goto done;
	R = EC_POINT_new(group());
	PP = EC_POINT_new(group());
	QQ = EC_POINT_new(group());
	rc = PQS_ERR_INTERNAL;
	if (!R || !PP || !QQ)
		goto done;
	if (P && (rc = pt_in(PP, P, s.ctx)) != PQS_OK)
		goto done;
	if (Q && (rc = pt_in(QQ, Q, s.ctx)) != PQS_OK)
		goto done;
	rc = PQS_ERR_INTERNAL;
	if ((k1 && !BN_bin2bn(k1, 32, s.v[0])) || (k2 && !BN_bin2bn(k2, 32, s.v[1])))
		goto done;
	/* Separate multiplications keep OpenSSL on its constant-time single-scalar ladder for secrets. */
	if (k1 && !EC_POINT_mul(group(), R, s.v[0], NULL, NULL, s.ctx))
		goto done;
	if (!k1 && !EC_POINT_set_to_infinity(group(), R))
		goto done;
	if (k2 && P) {
		EC_POINT *T = EC_POINT_new(group());
		int ok = T && EC_POINT_mul(group(), T, NULL, PP, s.v[1], s.ctx) && EC_POINT_add(group(), R, R, T, s.ctx);
		EC_POINT_free(T);
		if (!ok)
			goto done;
	} else if (P && !EC_POINT_add(group(), R, R, PP, s.ctx)) {
		goto done;
	}
	if (Q && !EC_POINT_add(group(), R, R, QQ, s.ctx))
		goto done;
	if (out_len == 33) {
		rc = pt_out(out, R, s.ctx);
	} else { /* ECDH: the x-coordinate only */
		rc = PQS_ERR_INTERNAL;
		if (EC_POINT_is_at_infinity(group(), R)) {
			rc = PQS_SCMS_ERR_POINT;
		} else if (EC_POINT_get_affine_coordinates(group(), R, s.v[2], NULL, s.ctx)) {
			rc = bn_out(out, s.v[2]);
		}
	}
done:
	EC_POINT_clear_free(R);
	EC_POINT_free(PP);
	EC_POINT_free(QQ);
	sc_close(&s);
	return rc;
}

int pqs_scms_pt_base_mul(uint8_t out[33], const uint8_t sc[32])
{
	return pt_combo(out, 33, sc, NULL, NULL, NULL);
}

int pqs_scms_pt_add_base_mul(uint8_t out[33], const uint8_t P[33], const uint8_t sc[32])
{
	return pt_combo(out, 33, sc, NULL, P, NULL);
}

int pqs_scms_pt_mul_add(uint8_t out[33], const uint8_t sc[32], const uint8_t P[33], const uint8_t Q[33])
{
	return pt_combo(out, 33, NULL, sc, P, Q);
}

int pqs_scms_pt_ecdh_x(uint8_t x[32], const uint8_t sc[32], const uint8_t P[33])
{
	return pt_combo(x, 32, NULL, sc, P, NULL);
}

int pqs_scms_pt_check(const uint8_t P[33])
{
	BN_CTX *ctx = BN_CTX_new();
	EC_POINT *Q = group() ? EC_POINT_new(group()) : NULL;
	int rc = ctx && Q ? pt_in(Q, P, ctx) : PQS_ERR_INTERNAL;
	EC_POINT_free(Q);
	BN_CTX_free(ctx);
	return rc;
}

int pqs_scms_pt_uncompress(uint8_t out[65], const uint8_t P[33])
{
	BN_CTX *ctx = BN_CTX_new();
	EC_POINT *Q = group() ? EC_POINT_new(group()) : NULL;
	int rc = ctx && Q ? pt_in(Q, P, ctx) : PQS_ERR_INTERNAL;
	if (rc == PQS_OK && !pqs_ec_point_encode(group(), Q, 0, out, 32, ctx))
		rc = PQS_ERR_INTERNAL;
	EC_POINT_free(Q);
	BN_CTX_free(ctx);
	return rc;
}
