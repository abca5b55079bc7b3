/*
 * The one OpenSSL elliptic-curve helper of pqsig: cached curve groups and
 * strict SEC 1 point decoding and encoding (SEC 1 sections 2.3.3-2.3.4).
 * Shared by the ECDSA classes (src/ecdsa/ecdsa.c) and the SCMS P-256
 * arithmetic (src/v2x/scms/ec.c), so that both cache the same group
 * objects and validate points the same way.
 */
#ifndef PQSIG_EC_POINT_H
#define PQSIG_EC_POINT_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/ec.h>

/*
 * The group of a curve (OpenSSL NID: P-256, P-384, brainpoolP256r1,
 * secp256k1), built once per process with its precomputation and shared
 * read-only (OpenSSL allows concurrent use of a const EC_GROUP); NULL for
 * another curve or if OpenSSL fails.
 */
const EC_GROUP *pqs_ec_group(int nid);

/*
 * Decode a SEC 1 point (compressed 02/03 || x, or uncompressed 04 || x || y;
 * no hybrid forms) into P: 1 if it is a point of the group other than
 * infinity, 0 otherwise.  oct2point rejects coordinates >= p, an x without
 * a square root and an (x, y) off the curve (SEC 1 3.2.2.1); every curve
 * above has cofactor 1, so a point on the curve is in the prime-order group.
 */
int pqs_ec_point_decode(const EC_GROUP *g, EC_POINT *P, const uint8_t *in, size_t len, BN_CTX *bn);

/* Encode P (not infinity) compressed (flen + 1 bytes) or uncompressed (2 flen + 1): 1 on success. */
int pqs_ec_point_encode(const EC_GROUP *g, const EC_POINT *P, int compressed, uint8_t *out, size_t flen, BN_CTX *bn);

#endif
