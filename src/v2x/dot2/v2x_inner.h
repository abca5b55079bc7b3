/*
 * Internals shared by the V2X modules (src/v2x/): the COER (ITU-T X.696,
 * canonical OER) reader and writer, hashing, the wire forms of keys and
 * signatures, and the decoded views of certificates and SPDUs.
 */
#ifndef PQSIG_V2X_INNER_H
#define PQSIG_V2X_INNER_H

#include <stddef.h>
#include <stdint.h>

#include "core/bytes.h"
#include "pqsig/v2x.h"

/* ---------------- COER reader (X.696, canonical) ---------------- */

typedef struct {
	const uint8_t *buf;
	size_t len;
	size_t pos;
} coer_rd;

void pqs_coer_rd_init(coer_rd *r, const uint8_t *buf, size_t len);
/* Fixed-size fields. */
int pqs_coer_get_u8(coer_rd *r, uint8_t *v);
int pqs_coer_get_u16(coer_rd *r, uint16_t *v);
int pqs_coer_get_u32(coer_rd *r, uint32_t *v);
int pqs_coer_get_u64(coer_rd *r, uint64_t *v);
int pqs_coer_get_bytes(coer_rd *r, size_t n, const uint8_t **p);
/* Length determinant (X.696 8.6): short form < 128, else 0x80|n then n octets, minimal. */
int pqs_coer_get_length(coer_rd *r, size_t *n);
/* Semi-constrained non-negative INTEGER (0..MAX) (X.696 10.4): length + minimal octets. */
int pqs_coer_get_uint(coer_rd *r, uint64_t *v, size_t max_octets);
/* Unconstrained INTEGER (X.696 10.8): length + minimal two's complement octets. */
int pqs_coer_get_int(coer_rd *r, int64_t *v);
/* SEQUENCE OF quantity (X.696 20.6): length of the count, then the count, minimal. */
int pqs_coer_get_quantity(coer_rd *r, size_t *n);
/* CHOICE tag (X.696 20): context-specific class, number in one octet (< 63). */
int pqs_coer_get_tag(coer_rd *r, unsigned *index);
/* Open type (X.696 30): a length determinant, then a sub-reader over the value. */
int pqs_coer_get_open(coer_rd *r, coer_rd *sub);
/* SEQUENCE preamble of nbits bits (X.696 16.2), left-aligned; unused trailing bits must be 0. */
int pqs_coer_get_preamble(coer_rd *r, unsigned nbits, unsigned *bits);
/* ENUMERATED value (X.696 11): short form 0..127 or minimal long form. */
int pqs_coer_get_enum(coer_rd *r, unsigned long *v);
/* Skip the extension additions of a SEQUENCE whose extension bit is set (X.696 16.4-16.5). */
int pqs_coer_skip_extensions(coer_rd *r);
/* V2X_OK if the reader is exhausted, V2X_ERR_TRAILING otherwise. */
int pqs_coer_end(const coer_rd *r);
/* Same, but for the content of an open type: leftover bytes are a malformed extension. */
int pqs_coer_end_open(const coer_rd *r);

/* ---------------- COER writer ---------------- */

/* Writes into buf (cap bytes); on overflow drops the bytes and keeps counting len (core/bytes.h). */
typedef pqs_wr coer_wr;

void pqs_coer_wr_init(coer_wr *w, uint8_t *buf, size_t cap);
void pqs_coer_put_u8(coer_wr *w, uint8_t v);
void pqs_coer_put_u16(coer_wr *w, uint16_t v);
void pqs_coer_put_u32(coer_wr *w, uint32_t v);
void pqs_coer_put_u64(coer_wr *w, uint64_t v);
void pqs_coer_put_bytes(coer_wr *w, const uint8_t *p, size_t n);
void pqs_coer_put_length(coer_wr *w, size_t n);
void pqs_coer_put_uint(coer_wr *w, uint64_t v);
void pqs_coer_put_int(coer_wr *w, int64_t v);
void pqs_coer_put_quantity(coer_wr *w, size_t n);
void pqs_coer_put_tag(coer_wr *w, unsigned index);
/* Bytes a length determinant for n takes. */
size_t pqs_coer_length_size(size_t n);
/* Bytes pqs_coer_put_uint writes for v (length determinant + minimal octets). */
size_t pqs_coer_uint_size(uint64_t v);
/* V2X_OK or V2X_ERR_BUFFER_TOO_SMALL. */
int pqs_coer_wr_result(const coer_wr *w);

/* ---------------- hashing (1609.2 section 5.3.1) ---------------- */

size_t pqs_v2x_hash_len(unsigned hash_alg);
int pqs_v2x_hash(unsigned hash_alg, const uint8_t *in, size_t len, uint8_t *out);
/* Test hook: bytes pqs_v2x_hash has hashed in the calling thread so far (every hash of the V2X stack,
 * certificates and data inputs, goes through it), so that tests can tell whether a certificate was hashed. */
uint64_t pqs_v2x_test_hashed_bytes(void);
/* Data input of section 5.3.1: H(H(tbs) || H(signer)) given H(signer) (or NULL for the empty string). */
int pqs_v2x_data_input(unsigned hash_alg, const uint8_t *tbs, size_t tbs_len, const uint8_t *signer_hash, uint8_t *out);

/* ---------------- algorithms: wire forms of keys and signatures ---------------- */

/* Map a signature-core error to a v2x error. */
int pqs_v2x_from_pqs(int pqs_err);

/* PublicVerificationKey: encoded size, encoding, and strict decoding into a registry-encoded key
 * (an uncompressed ECDSA point is validated on its curve, V2X_ERR_KEY_ENCODING otherwise; a
 * compressed one when the scheme decompresses it to verify). */
size_t pqs_v2x_pvk_size(const v2x_alg *alg);
void pqs_v2x_pvk_put(coer_wr *w, const v2x_alg *alg, const uint8_t *pk);
/* *alg is NULL (and V2X_OK returned) for an unknown extension alternative, skipped by its length. */
int pqs_v2x_pvk_get(coer_rd *r, const v2x_alg **alg, uint8_t *pk, size_t *pk_len);

/* Signature: encoded size, encoding, and strict decoding into a registry-encoded signature.
 * An ECDSA rSig must be x-only (one encoding per signature, docs/v2x.md): other point forms are
 * V2X_ERR_SIG_ENCODING. */
size_t pqs_v2x_sig_size(const v2x_alg *alg);
void pqs_v2x_sig_put(coer_wr *w, const v2x_alg *alg, const uint8_t *sig, size_t sig_len);
int pqs_v2x_sig_get(coer_rd *r, const v2x_alg **alg, uint8_t *sig, size_t *sig_len);

/* An ECDSA curve point (EccP256CurvePoint / EccP384CurvePoint, 1609.2 section 6.3.23) as a key on
 * cls's curve, from / to the registry's SEC 1 compressed form (field: the curve's byte length).
 * get: x-only and fill are V2X_ERR_KEY_ENCODING; an uncompressed point is validated on the curve. */
void pqs_v2x_point_put(coer_wr *w, const uint8_t *pk, size_t field);
int pqs_v2x_point_get(coer_rd *r, uint8_t *pk, const pqs_sig_class *cls);

/* Registry lengths of an algorithm's key and signature. */
size_t pqs_v2x_alg_reg_pk_len(const v2x_alg *alg);
size_t pqs_v2x_alg_reg_sig_len(const v2x_alg *alg);
/* 1 if a registry-encoded signature of sig_len bytes is a length the algorithm produces (all of them
 * are fixed but V2X_KIND_REGISTRY schemes without PQS_SIG_FIXED_LENGTH: 1 .. largest). */
int pqs_v2x_alg_sig_len_ok(const v2x_alg *alg, size_t sig_len);

/* Sign / verify a data input (hash_len bytes) with an algorithm (ECDSA: as digest; others: as message). */
int pqs_v2x_alg_sign(const v2x_key *key, const uint8_t *data_input, size_t len, uint8_t *sig, size_t *sig_len,
		     pqs_rng *rng);
/* Same with key->sk prepared (pqs_sig_prepare_sk of the algorithm's class), or key->sk when prepared_sk is
 * NULL: the same signature for the same randomness. */
int pqs_v2x_alg_sign_key(const v2x_key *key, const void *prepared_sk, const uint8_t *data_input, size_t len,
			 uint8_t *sig, size_t *sig_len, pqs_rng *rng);
/* A buffer for a prepared key of len bytes (pqs_sig_prepared_len / _sk_len), aligned as the signature core
 * wants it (PQS_SIG_PREPARED_ALIGN); free() it.  NULL if out of memory. */
void *pqs_v2x_prepared_alloc(size_t len);
/* Bytes pqs_v2x_prepared_alloc allocates for len. */
size_t pqs_v2x_prepared_size(size_t len);
int pqs_v2x_alg_verify(const v2x_alg *alg, const uint8_t *pk, const uint8_t *data_input, size_t len, const uint8_t *sig,
		       size_t sig_len);
/* Same with the key prepared (pqs_sig_prepare of the algorithm's class), or pk when prepared is NULL:
 * the same verdict either way. */
int pqs_v2x_alg_verify_key(const v2x_alg *alg, const uint8_t *pk, const void *prepared, const uint8_t *data_input,
			   size_t len, const uint8_t *sig, size_t sig_len);

/* ---------------- certificates ---------------- */

/* HashedId8 of a certificate whose issuer's hash algorithm is already known (no decoding). */
/* Test hook: keep only the last n (1..8) octets of every HashedId8 this library computes, the
 * others zero, so that tests can make collisions (8 restores the standard). Not thread-safe. */
void pqs_v2x_test_hashedid_octets(unsigned n);
int pqs_v2x_hashedid8_raw(unsigned hash_alg, const uint8_t *der, size_t len, uint8_t id[8], uint8_t *hash_out);

/* Read one Certificate from r (tbs_off relative to where it starts); no trailing check. */
int pqs_v2x_cert_read(coer_rd *r, v2x_cert *c);

/* Check a certificate's signature under its issuer (issuer_der NULL: self-signed, using c's own key). */
int pqs_v2x_cert_check_sig(const v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
			   const uint8_t *issuer_der, size_t issuer_len);

/* Same, with H(issuer_der) already computed (issuer_hash, issuer_hash_len bytes; NULL or a length
 * other than the signing hash's: hashed here).  The verifier passes the store's precomputed hash. */
int pqs_v2x_cert_check_sig_h(const v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
			     const uint8_t *issuer_der, size_t issuer_len, const uint8_t *issuer_hash,
			     size_t issuer_hash_len);

/* ECQV public-key reconstruction of an implicit certificate c (der, len bytes) issued by issuer
 * (IEEE 1609.2 section 5.3.2, SEC 4 section 3.5): Q_U = e * P_U + Q_CA with
 * e = Hn(SHA-256(tbs) || SHA-256(issuer certificate)); issuer_sha256 is the latter hash.  Writes
 * the key into c->pk (registry form, 33 bytes).  The issuer must hold an ECDSA P-256 key
 * (V2X_ERR_ALG_MISMATCH otherwise); a reconstruction value off the curve is V2X_ERR_KEY_ENCODING. */
int pqs_v2x_cert_reconstruct_key(v2x_cert *c, const uint8_t *der, size_t len, const v2x_cert *issuer,
				 const uint8_t issuer_sha256[32]);

/* Seconds of a Duration (1609.2 section 6.4.15). */
uint64_t pqs_v2x_duration_seconds(unsigned unit, uint16_t value);

/* ---------------- HeaderInfo and clause-8 fields (p2pcd_codec.c) ---------------- */

/* HeaderInfo { psid, generationTime, clause-8 fields f (NULL: none) } (6.3.9). */
void pqs_v2x_header_put(coer_wr *w, uint32_t psid, uint64_t generation_time, const v2x_p2pcd_fields *f);
/* HeaderInfo extension additions (after the extension bit was seen): inlineP2pcdRequest and
 * requestedCertificate (decoded strictly into scratch) fill f, other additions are skipped. */
int pqs_v2x_header_ext_read(coer_rd *r, v2x_p2pcd_fields *f, v2x_cert *scratch);

/* ---------------- duplicate detector (replay.c) ---------------- */

/* 1 if this signer (first 16 octets of H(its certificate)) has this digest (first 16 octets of an
 * SPDU data input) recorded; record adds it, dropping the signer's oldest when full. */
int pqs_v2x_replay_seen(v2x_replay *r, const uint8_t *signer_hash, const uint8_t *digest);
void pqs_v2x_replay_record(v2x_replay *r, const uint8_t *signer_hash, const uint8_t *digest);

/* ---------------- store and cache internals ---------------- */

typedef struct {
	uint8_t id[8];
	const uint8_t *der;
	size_t len;
	int trusted;
	const v2x_cert *cert;       /* decoded */
	uint8_t hash[V2X_MAX_HASH]; /* H(der) with the hash of its HashedId8 (hash_len tells which) */
	size_t hash_len;
} v2x_store_entry;

/* Store entries are keyed by HashedId8, which may collide: lookup gives the first entry with id,
 * next the one after prev (prev NULL: the first), lookup_der the entry with exactly these bytes. */
const v2x_store_entry *pqs_v2x_store_lookup(const v2x_store *s, const uint8_t id[8]);
const v2x_store_entry *pqs_v2x_store_next(const v2x_store *s, const uint8_t id[8], const v2x_store_entry *prev);
const v2x_store_entry *pqs_v2x_store_lookup_der(const v2x_store *s, const uint8_t id[8], const uint8_t *der,
						size_t len);

/* A cache entry: what a hit needs to verify an SPDU without the chain. */
typedef struct {
	uint8_t id[8];
	uint8_t anchor_id[8];
	uint8_t anchor_hash[V2X_MAX_HASH]; /* H(anchor certificate), its store hash: tells colliding anchors apart */
	size_t anchor_hash_len;
	uint64_t not_before, not_after; /* intersection of the chain's validity, Time32 seconds */
	uint8_t hash[V2X_MAX_HASH];     /* H(signer certificate) */
	size_t hash_len;
	v2x_cert cert;      /* the signer's decoded certificate */
	const uint8_t *der; /* its encoding: the caller's in a put, the cache's own copy inside */
	size_t der_len;
	uint64_t der_tail;   /* its last 8 octets (part of the issuer's signature): a cheap key */
	void *prepared;      /* inside the cache: the signer's key prepared (pqs_sig_prepare), or NULL */
	unsigned long stamp; /* last use, for LRU eviction */
	int used;
} v2x_cache_entry;

/* Entries with this HashedId8 (digest signers), in turn: the one after prev (prev NULL: the first).
 * Several certificates may share a HashedId8; a lookup does not refresh the LRU stamp. */
const v2x_cache_entry *pqs_v2x_cache_next(const v2x_cache *c, const uint8_t id[8], const v2x_cache_entry *prev);
/* Lookup of an attached certificate by its bytes: the entry whose certificate encoding is exactly
 * the first bytes of buf (avail bytes), or NULL.  A hit costs a comparison instead of decoding and
 * hashing the certificate; it does not refresh the entry's LRU stamp (pqs_v2x_cache_touch does). */
const v2x_cache_entry *pqs_v2x_cache_match(const v2x_cache *c, const uint8_t *buf, size_t avail);
void pqs_v2x_cache_touch(v2x_cache *c, const v2x_cache_entry *e);
/* Insert e, or refresh the entry holding the same certificate bytes, copying e->der (e->der_len bytes); V2X_ERR_NOMEM if the copy fails
 * (the cache is then unchanged: caching is an optimisation, the SPDU stays verified). */
int pqs_v2x_cache_put(v2x_cache *c, const v2x_cache_entry *e);

#endif
