/* The OpenSSL elliptic-curve helper shared by ECDSA and the SCMS (ec_point.h). */
#include <pthread.h>

#include <openssl/obj_mac.h>

#include "ec_point.h"

static const int curve_nids[] = { NID_X9_62_prime256v1, NID_secp384r1, NID_brainpoolP256r1, NID_secp256k1 };
#define CURVE_COUNT (sizeof curve_nids / sizeof curve_nids[0])

/* OpenSSL builds a curve's precomputation on every EC_GROUP_new: once per process here. */
static EC_GROUP *groups[CURVE_COUNT];
static pthread_once_t groups_once = PTHREAD_ONCE_INIT;

static void groups_init(void)
{
	for (size_t i = 0; i < CURVE_COUNT; i++)
		groups[i] = EC_GROUP_new_by_curve_name(curve_nids[i]);
}

const EC_GROUP *pqs_ec_group(int nid)
{
	pthread_once(&groups_once, groups_init);
	for (size_t i = 0; i < CURVE_COUNT; i++)
		if (curve_nids[i] == nid)
			return groups[i];
	return NULL;
}

int pqs_ec_point_decode(const EC_GROUP *g, EC_POINT *P, const uint8_t *in, size_t len, BN_CTX *bn)
{
	size_t flen = ((size_t)EC_GROUP_get_degree(g) + 7) / 8;
	int compressed = len == flen + 1 && (in[0] == 0x02 || in[0] == 0x03);
	int uncompressed = len == 2 * flen + 1 && in[0] == 0x04;
	return (compressed || uncompressed) && EC_POINT_oct2point(g, P, in, len, bn) == 1 &&
	       EC_POINT_is_on_curve(g, P, bn) == 1 && !EC_POINT_is_at_infinity(g, P);
}

int pqs_ec_point_encode(const EC_GROUP *g, const EC_POINT *P, int compressed, uint8_t *out, size_t flen, BN_CTX *bn)
{
	size_t n = compressed ? flen + 1 : 2 * flen + 1;
	return !EC_POINT_is_at_infinity(g, P) &&
	       EC_POINT_point2oct(g, P, compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED, out,
				  n, bn) == n;
}
