/*
 * V2X algorithms: the one table mapping signature-core schemes to their
 * IEEE 1609.2 PublicVerificationKey / Signature alternatives (the
 * registry of docs/v2x.md), profiles, key pairs, and signing a 1609.2
 * data input with any of them.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pqsig/composite.h"
#include "pqsig/ecdsa.h"
#include "v2x_inner.h"

/*
 * Indices 0-4 are IEEE 1609.2-2022 section 6.3.30 / 6.3.38 (0 ecdsaNistP256,
 * 1 ecdsaBrainpoolP256r1, 2 ecdsaBrainpoolP384r1, 3 ecdsaNistP384, 4 sm2);
 * 5 is FN-DSA-512 in the Vanetza / IRT SystemX profile; 6-14 are this
 * project's choices (docs/v2x.md keeps them stable).  Each names its
 * signature-core class; the wire sizes are derived from the class
 * (sizes_init): EccP256CurvePoint (tag + x) has the compressed point's
 * size, EcdsaP256Signature (x-only rSig + sSig) one tag octet more than
 * r || s, fixed-size OCTET STRINGs for PQC, and SEQUENCE { ECDSA part,
 * PQC OCTET STRING } for composites.
 */
static v2x_alg algs[] = {
	{ "ECDSA", "ECDSA-P256", 0, V2X_KIND_ECDSA, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA-brainpoolP256r1", "ECDSA-brainpoolP256r1", 1, V2X_KIND_ECDSA, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA-P384", "ECDSA-P384", 3, V2X_KIND_ECDSA, V2X_HASH_SHA384, 0, 0 },
	{ "FN-DSA-512", "FN-DSA-512", 5, V2X_KIND_PQC, V2X_HASH_SHA256, 0, 0 },
	{ "FN-DSA-1024", "FN-DSA-1024", 6, V2X_KIND_PQC, V2X_HASH_SHA256, 0, 0 },
	{ "ML-DSA-44", "ML-DSA-44", 7, V2X_KIND_PQC, V2X_HASH_SHA256, 0, 0 },
	{ "ML-DSA-65", "ML-DSA-65", 8, V2X_KIND_PQC, V2X_HASH_SHA256, 0, 0 },
	{ "ML-DSA-87", "ML-DSA-87", 9, V2X_KIND_PQC, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA+ML-DSA-44", "ECDSA-P256+ML-DSA-44", 10, V2X_KIND_COMPOSITE, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA+ML-DSA-65", "ECDSA-P256+ML-DSA-65", 11, V2X_KIND_COMPOSITE, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA+ML-DSA-87", "ECDSA-P256+ML-DSA-87", 12, V2X_KIND_COMPOSITE, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA+FN-DSA-512", "ECDSA-P256+Falcon-padded-512", 13, V2X_KIND_COMPOSITE, V2X_HASH_SHA256, 0, 0 },
	{ "ECDSA+FN-DSA-1024", "ECDSA-P256+Falcon-padded-1024", 14, V2X_KIND_COMPOSITE, V2X_HASH_SHA256, 0, 0 },
};

#define NALGS (sizeof algs / sizeof algs[0])

/*
 * Every other registered scheme (secp256k1, variable-length Falcon, schemes
 * registered later) travels in the catch-all alternative V2X_REGISTRY_INDEX,
 * named by its registry id.  Its table is built once from the registry.
 */
#define MAX_GENERIC 64
static v2x_alg generic[MAX_GENERIC];
static size_t n_generic;
static pthread_once_t generic_once = PTHREAD_ONCE_INIT;

/*
 * Wire sizes of the table's algorithms from their classes: the key value
 * is the registry key (a compressed point is tag + x, as many octets), the
 * signature value adds rSig's tag octet to an ECDSA r || s (a composite's
 * ECDSA half too).  An algorithm whose class is not linked keeps 0 and is
 * unavailable.
 */
static size_t ec_field[NALGS]; /* byte length of the ECDSA curve (a composite's ECDSA half), else 0 */

/*
 * The class of each table entry, found once by name: every SPDU signed or
 * verified asks for its algorithm's class several times, and a registry
 * lookup by name (case-insensitive string compares) cost a warm SPDU about
 * 1 % of its time.  NULL: not registered.
 */
static const pqs_sig_class *alg_class[NALGS];
static const pqs_sig_class *generic_class[MAX_GENERIC];

static void sizes_init(void)
{
	for (size_t i = 0; i < NALGS; i++) {
		const pqs_sig_class *c = pqs_sig_find(algs[i].registry_name), *a = NULL, *b = NULL;
		alg_class[i] = c;
		if (!c || c->pk_len > UINT16_MAX || c->sig_max_len >= UINT16_MAX)
			continue;
		if (algs[i].kind == V2X_KIND_ECDSA)
			ec_field[i] = pqs_ecdsa_field_len(c);
		else if (algs[i].kind == V2X_KIND_COMPOSITE && pqs_composite_parts(c, &a, &b) == PQS_OK)
			ec_field[i] = pqs_ecdsa_field_len(a);
		algs[i].pk_len = (uint16_t)c->pk_len;
		algs[i].sig_len = (uint16_t)(c->sig_max_len + (algs[i].kind == V2X_KIND_PQC ? 0 : 1));
	}
}

static void generic_init(void)
{
	sizes_init();
	for (size_t i = 0; i < pqs_sig_count() && n_generic < MAX_GENERIC; i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		int own = 0;
		for (size_t j = 0; j < NALGS; j++)
			own |= strcasecmp(algs[j].registry_name, c->name) == 0;
		if (own || c->pk_len > V2X_MAX_PK || c->sk_len > V2X_MAX_SK || c->sig_max_len > V2X_MAX_SIG)
			continue;
		generic_class[n_generic] = c;
		v2x_alg *a = &generic[n_generic++];
		a->name = a->registry_name = c->name;
		a->index = V2X_REGISTRY_INDEX;
		a->kind = V2X_KIND_REGISTRY;
		a->hash = V2X_HASH_SHA256;
		a->pk_len = (uint16_t)c->pk_len;
		a->sig_len = (uint16_t)c->sig_max_len;
	}
}

static size_t generic_count(void)
{
	pthread_once(&generic_once, generic_init);
	return n_generic;
}

size_t pqs_v2x_alg_count(void)
{
	return NALGS + generic_count();
}

const v2x_alg *pqs_v2x_alg_at(size_t i)
{
	generic_count(); /* the table's sizes are set with the registry alternatives */
	if (i < NALGS)
		return &algs[i];
	return i - NALGS < generic_count() ? &generic[i - NALGS] : NULL;
}

const v2x_alg *pqs_v2x_alg_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < pqs_v2x_alg_count(); i++) {
		const v2x_alg *a = pqs_v2x_alg_at(i);
		if (strcasecmp(a->name, name) == 0 || strcasecmp(a->registry_name, name) == 0)
			return a;
	}
	return NULL;
}

/* The registry-alternative algorithm of the scheme with this registry id, or NULL. */
static const v2x_alg *generic_by_id(uint16_t id)
{
	const pqs_sig_class *c = pqs_sig_find_id(id);
	for (size_t i = 0; c && i < generic_count(); i++)
		if (strcmp(generic[i].registry_name, c->name) == 0)
			return &generic[i];
	return NULL;
}

const v2x_alg *pqs_v2x_alg_by_index(unsigned index)
{
	generic_count();
	for (size_t i = 0; i < NALGS; i++)
		if (algs[i].index == index)
			return &algs[i];
	return NULL;
}

const pqs_sig_class *pqs_v2x_alg_class(const v2x_alg *alg)
{
	if (!alg)
		return NULL;
	size_t n = generic_count(); /* builds both tables once */
	for (size_t i = 0; i < NALGS; i++)
		if (alg == &algs[i])
			return alg_class[i];
	for (size_t i = 0; i < n; i++)
		if (alg == &generic[i])
			return generic_class[i];
	return pqs_sig_find(alg->registry_name); /* an algorithm the caller described */
}

/* ECDSA part of an algorithm: the class itself, or a composite's classical component. */
static const pqs_sig_class *ecdsa_part(const v2x_alg *alg)
{
	const pqs_sig_class *c = pqs_v2x_alg_class(alg), *a = NULL, *b = NULL;
	if (!c)
		return NULL;
	if (alg->kind == V2X_KIND_ECDSA)
		return c;
	if (alg->kind == V2X_KIND_COMPOSITE && pqs_composite_parts(c, &a, &b) == PQS_OK)
		return a;
	return NULL;
}

/* Registry encodings: ECDSA pk = compressed point (field + 1), sig = r || s;
 * composites put the ECDSA P-256 part (33 / 64) first. */
size_t pqs_v2x_alg_reg_pk_len(const v2x_alg *alg)
{
	return alg->pk_len;
}

size_t pqs_v2x_alg_reg_sig_len(const v2x_alg *alg)
{
	/* the wire adds one tag octet to r (x-only EccP256CurvePoint / EccP384CurvePoint) */
	return (size_t)alg->sig_len - (alg->kind == V2X_KIND_ECDSA || alg->kind == V2X_KIND_COMPOSITE ? 1 : 0);
}

int pqs_v2x_alg_sig_len_ok(const v2x_alg *alg, size_t sig_len)
{
	if (alg->kind != V2X_KIND_REGISTRY)
		return sig_len == pqs_v2x_alg_reg_sig_len(alg);
	const pqs_sig_class *c = pqs_v2x_alg_class(alg);
	if (c && (c->flags & PQS_SIG_FIXED_LENGTH))
		return sig_len == pqs_v2x_alg_reg_sig_len(alg);
	return sig_len >= 1 && sig_len <= pqs_v2x_alg_reg_sig_len(alg);
}

/* ---------------- profiles ---------------- */

static const char *const profile_names[] = {
	"ECDSA",
	"ML-DSA-44",
	"ML-DSA-87",
	"FN-DSA-512",
	"ECDSA+ML-DSA-87",
	"ECDSA/ML-DSA-44",
	"ECDSA/FN-DSA-512",
	"ECDSA/ECDSA+FN-DSA-512",
	"ML-DSA-65",
	"FN-DSA-1024",
	"ECDSA/ML-DSA-87",
	"ECDSA/ECDSA+ML-DSA-44",
	"ECDSA+FN-DSA-512",
	"ECDSA-P384",
	"ECDSA-brainpoolP256r1",
	"ECDSA+ML-DSA-65",
	"ECDSA/ECDSA+FN-DSA-1024",
	"Falcon-512",            /* the registry alternative (index 15), variable-length signatures */
	"ECDSA/Falcon-1024",
	"ECDSA-secp256k1",       /* the registry alternative, fixed-length signatures */
	"HAETAE-2",              /* KCMVP candidate, registry alternative (docs/haetae.md) */
	"ECDSA/HAETAE-2",
	"HAETAE-2/HAETAE-3",
	"HAETAE-2/HAETAE-5",
	"Hawk-512",              /* registry alternative (docs/hawk.md) */
	"ECDSA/Hawk-512",
	/* the 1609 WG July 2026 proposal: SLH-DSA CAs (FIPS 205), registry alternative (issue 15) */
	"ECDSA/SLH-DSA-SHA2-128s",
	"ECDSA/SLH-DSA-SHAKE-128s",
	"ECDSA/SLH-DSA-SHA2-128f",
	"FN-DSA-512/SLH-DSA-SHA2-128s",
};

size_t pqs_v2x_profile_count(void)
{
	return sizeof profile_names / sizeof profile_names[0];
}

const char *pqs_v2x_profile_name_at(size_t i)
{
	return i < pqs_v2x_profile_count() ? profile_names[i] : NULL;
}

int pqs_v2x_profile_parse(const char *name, v2x_profile *out)
{
	if (!name || !out)
		return V2X_ERR_ARG;
	size_t n = strlen(name);
	if (n == 0 || n >= sizeof out->name)
		return V2X_ERR_UNKNOWN_ALG;
	memset(out, 0, sizeof *out);
	memcpy(out->name, name, n + 1);
	char buf[sizeof out->name];
	memcpy(buf, name, n + 1);
	char *slash = strchr(buf, '/');
	if (slash) {
		*slash = '\0';
		if (strchr(slash + 1, '/'))
			return V2X_ERR_UNKNOWN_ALG;
		out->vehicle = pqs_v2x_alg_find(buf);
		out->ca = pqs_v2x_alg_find(slash + 1);
	} else {
		out->vehicle = out->ca = pqs_v2x_alg_find(buf);
	}
	return out->vehicle && out->ca ? V2X_OK : V2X_ERR_UNKNOWN_ALG;
}

int pqs_v2x_profile_available(const v2x_profile *p)
{
	return p && pqs_v2x_alg_class(p->vehicle) && pqs_v2x_alg_class(p->ca) &&
	       (p->vehicle->kind != V2X_KIND_COMPOSITE || ecdsa_part(p->vehicle)) &&
	       (p->ca->kind != V2X_KIND_COMPOSITE || ecdsa_part(p->ca));
}

/* ---------------- keys ---------------- */

int pqs_v2x_from_pqs(int e)
{
	switch (e) {
	case PQS_OK: return V2X_OK;
	case PQS_ERR_INVALID_SIGNATURE: return V2X_ERR_SIG_INVALID;
	case PQS_ERR_KEY_LENGTH:
	case PQS_ERR_KEY_ENCODING: return V2X_ERR_KEY_ENCODING;
	case PQS_ERR_SIG_LENGTH:
	case PQS_ERR_SIG_ENCODING: return V2X_ERR_SIG_ENCODING;
	case PQS_ERR_BUFFER_TOO_SMALL: return V2X_ERR_BUFFER_TOO_SMALL;
	case PQS_ERR_UNKNOWN_ALG: return V2X_ERR_ALG_UNAVAILABLE;
	case PQS_ERR_ARG: return V2X_ERR_ARG;
	default: return V2X_ERR_CRYPTO;
	}
}

/* The class must agree with our wire sizes: a key or signature of another
 * length could not be carried in the fixed-size OCTET STRINGs. */
static int class_for(const v2x_alg *alg, const pqs_sig_class **out)
{
	const pqs_sig_class *c = pqs_v2x_alg_class(alg);
	if (!c)
		return V2X_ERR_ALG_UNAVAILABLE;
	if (c->pk_len != pqs_v2x_alg_reg_pk_len(alg) || c->sig_max_len != pqs_v2x_alg_reg_sig_len(alg) ||
	    c->pk_len > V2X_MAX_PK || c->sk_len > V2X_MAX_SK)
		return V2X_ERR_ALG_UNAVAILABLE;
	if (alg->kind == V2X_KIND_COMPOSITE && !ecdsa_part(alg))
		return V2X_ERR_ALG_UNAVAILABLE;
	*out = c;
	return V2X_OK;
}

int pqs_v2x_key_generate(v2x_key *k, const v2x_alg *alg, pqs_rng *rng)
{
	const pqs_sig_class *c;
	if (!k || !alg)
		return V2X_ERR_ARG;
	int e = class_for(alg, &c);
	if (e)
		return e;
	memset(k, 0, sizeof *k);
	k->alg = alg;
	e = pqs_sig_keygen(c, k->pk, k->sk, NULL, 0, rng);
	if (e) {
		pqs_v2x_key_clear(k);
		return pqs_v2x_from_pqs(e);
	}
	k->pk_len = c->pk_len;
	k->sk_len = c->sk_len;
	return V2X_OK;
}

int pqs_v2x_key_load(v2x_key *k, const v2x_alg *alg, const uint8_t *pk, size_t pk_len, const uint8_t *sk, size_t sk_len)
{
	const pqs_sig_class *c;
	if (!k || !alg || !pk)
		return V2X_ERR_ARG;
	int e = class_for(alg, &c);
	if (e)
		return e;
	if (pk_len != c->pk_len || (sk && sk_len != c->sk_len))
		return V2X_ERR_KEY_ENCODING;
	memset(k, 0, sizeof *k);
	k->alg = alg;
	memcpy(k->pk, pk, pk_len);
	k->pk_len = pk_len;
	if (sk) {
		memcpy(k->sk, sk, sk_len);
		k->sk_len = sk_len;
	}
	return V2X_OK;
}

void pqs_v2x_key_clear(v2x_key *k)
{
	if (k)
		pqs_zeroize(k, sizeof *k);
}

/* ---------------- signing a data input ---------------- */

int pqs_v2x_alg_sign(const v2x_key *key, const uint8_t *data_input, size_t len, uint8_t *sig, size_t *sig_len,
		     pqs_rng *rng)
{
	return pqs_v2x_alg_sign_key(key, NULL, data_input, len, sig, sig_len, rng);
}

size_t pqs_v2x_prepared_size(size_t len)
{
	/* aligned_alloc wants a multiple of the alignment */
	size_t n = (len + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	return n ? n : PQS_SIG_PREPARED_ALIGN;
}

void *pqs_v2x_prepared_alloc(size_t len)
{
	return aligned_alloc(PQS_SIG_PREPARED_ALIGN, pqs_v2x_prepared_size(len));
}

int pqs_v2x_alg_sign_key(const v2x_key *key, const void *prepared_sk, const uint8_t *data_input, size_t len,
			 uint8_t *sig, size_t *sig_len, pqs_rng *rng)
{
	const pqs_sig_class *c;
	if (!key || !key->alg)
		return V2X_ERR_ARG;
	if (key->sk_len == 0)
		return V2X_ERR_NO_SECRET_KEY;
	int e = class_for(key->alg, &c);
	if (e)
		return e;
	if (key->alg->kind == V2X_KIND_ECDSA) {
		/*
		 * 1609.2 section 5.3.1: ECDSA signs the data input as the hash value e, through the
		 * class's digest-signing slot.  The table's kind, not the slot's presence, says which
		 * alternatives sign a digest: secp256k1 has the slot but travels in the catch-all
		 * alternative, whose schemes sign the data input as a message.
		 */
		e = prepared_sk
			    ? pqs_sig_sign_digest_prepared(c, sig, V2X_MAX_SIG, sig_len, data_input, len, prepared_sk)
			    : pqs_sig_sign_digest(c, sig, V2X_MAX_SIG, sig_len, data_input, len, key->sk);
		return pqs_v2x_from_pqs(e);
	}
	/* PQC and composites sign the same data input as their message (docs/v2x.md). */
	e = prepared_sk
		    ? pqs_sig_sign_prepared(c, sig, V2X_MAX_SIG, sig_len, data_input, len, NULL, 0, prepared_sk, 0, rng)
		    : pqs_sig_sign(c, sig, V2X_MAX_SIG, sig_len, data_input, len, NULL, 0, key->sk, 0, rng);
	return pqs_v2x_from_pqs(e);
}

int pqs_v2x_alg_verify(const v2x_alg *alg, const uint8_t *pk, const uint8_t *data_input, size_t len, const uint8_t *sig,
		       size_t sig_len)
{
	return pqs_v2x_alg_verify_key(alg, pk, NULL, data_input, len, sig, sig_len);
}

int pqs_v2x_alg_verify_key(const v2x_alg *alg, const uint8_t *pk, const void *prepared, const uint8_t *data_input,
			   size_t len, const uint8_t *sig, size_t sig_len)
{
	const pqs_sig_class *c;
	int e = class_for(alg, &c);
	if (e)
		return e;
	if (alg->kind == V2X_KIND_ECDSA) {
		if (sig_len != c->sig_max_len)
			return V2X_ERR_SIG_ENCODING;
		/*
		 * 1609.2 section 5.3.1: the data input is the hash value e, verified through the class's
		 * digest slot.  Canonical encodings only (docs/v2x.md): x-only rSig (6.3.29) makes
		 * (r, s) and (r, n - s) both valid, and every pqsig class signs the low one.
		 */
		e = prepared ? pqs_sig_verify_digest_prepared(c, sig, sig_len, data_input, len, prepared,
							      PQS_VERIFY_CANONICAL)
			     : pqs_sig_verify_digest(c, sig, sig_len, data_input, len, pk, PQS_VERIFY_CANONICAL);
		return pqs_v2x_from_pqs(e);
	}
	e = prepared ? pqs_sig_verify_prepared(c, sig, sig_len, data_input, len, NULL, 0, prepared)
		     : pqs_sig_verify(c, sig, sig_len, data_input, len, NULL, 0, pk);
	return pqs_v2x_from_pqs(e);
}

/* ---------------- wire forms ---------------- */

/* An ECDSA curve point as 1609.2 EccP256CurvePoint / EccP384CurvePoint
 * (section 6.3.23): compressed-y-0 (2) / compressed-y-1 (3) from the
 * registry's SEC 1 compressed form 0x02 / 0x03 || x. */
void pqs_v2x_point_put(coer_wr *w, const uint8_t *pk, size_t field)
{
	pqs_coer_put_tag(w, pk[0] == 0x03 ? 3 : 2);
	pqs_coer_put_bytes(w, pk + 1, field);
}

/*
 * Decode a curve point used as a key (cls: its ECDSA class) into the
 * registry's compressed form.  An uncompressed (x, y) gets a full public
 * key validation here (pqs_ecdsa_pk_from_point: on the curve, coordinates
 * below p), since its y is dropped: only the parity of y survives, and an
 * off-curve y used to pass as the point with that parity.  A compressed
 * point carries nothing but x and the parity, and gets the same full
 * check where the scheme decompresses it, at every verification with the
 * key (an x without a square root is V2X_ERR_KEY_ENCODING there); checking
 * it here too would cost a second modular square root (about 20 us for
 * P-256) on every certificate decoded.
 */
int pqs_v2x_point_get(coer_rd *r, uint8_t *pk, const pqs_sig_class *cls)
{
	unsigned t;
	const uint8_t *p;
	uint8_t sec1[1 + 2 * 48];
	size_t field = pqs_ecdsa_field_len(cls);
	int e = pqs_coer_get_tag(r, &t);
	if (e)
		return e;
	if (t > 4)
		return V2X_ERR_UNKNOWN_CHOICE;
	if (t < 2)
		return V2X_ERR_KEY_ENCODING; /* x-only cannot be a verification key; fill is no point */
	/* 6.3.23: compressed-y-0 (2), compressed-y-1 (3), uncompressedP256 (4) as SEC 1 0x02 / 0x03 / 0x04 */
	size_t n = t == 4 ? 2 * field : field;
	if (!field)
		return V2X_ERR_ALG_UNAVAILABLE;
	if ((e = pqs_coer_get_bytes(r, n, &p)) != 0)
		return e;
	if (t != 4) {
		pk[0] = (uint8_t)t;
		memcpy(pk + 1, p, n);
		return V2X_OK;
	}
	sec1[0] = 0x04;
	memcpy(sec1 + 1, p, n);
	return pqs_ecdsa_pk_from_point(cls, pk, sec1, 1 + n) == PQS_OK ? V2X_OK : V2X_ERR_KEY_ENCODING;
}

/* EcdsaP256Signature / EcdsaP384Signature (section 6.3.35): rSig as an
 * x-only point (the canonical form of section 6.3.29), sSig. */
static void ecsig_put(coer_wr *w, const uint8_t *rs, size_t field)
{
	pqs_coer_put_tag(w, 0);
	pqs_coer_put_bytes(w, rs, 2 * field);
}

/*
 * One encoding per signature (docs/v2x.md): rSig must be x-only, the form
 * section 6.4.3 makes canonical for certificates and every pqsig signer
 * uses.  Compressed (2, 3) and uncompressed (4) rSig forms carry a y that
 * ECDSA verification never uses (SEC 1 4.1.4 compares x(R) mod n with r):
 * accepting them gave every signature four more encodings, garbage y
 * included.  They are refused as V2X_ERR_SIG_ENCODING, as is fill (1).
 */
static int ecsig_get(coer_rd *r, uint8_t *rs, size_t field)
{
	unsigned t;
	const uint8_t *p;
	int e = pqs_coer_get_tag(r, &t);
	if (e)
		return e;
	if (t > 4)
		return V2X_ERR_UNKNOWN_CHOICE;
	if (t != 0)
		return V2X_ERR_SIG_ENCODING;
	e = pqs_coer_get_bytes(r, 2 * field, &p);
	if (e)
		return e;
	memcpy(rs, p, 2 * field);
	return V2X_OK;
}

/* The ECDSA curve's byte length of an ECDSA or composite algorithm of the table (from its class). */
static size_t field_of(const v2x_alg *alg)
{
	return alg >= algs && alg < algs + NALGS ? ec_field[alg - algs] : 0;
}

static size_t wrap_size(const v2x_alg *alg, size_t value_len)
{
	/* tag, plus the open-type length for extension alternatives (X.696 20.2) */
	return 1 + (alg->index >= 2 ? pqs_coer_length_size(value_len) : 0) + value_len;
}

/* V2X_KIND_REGISTRY value: scheme id (Uint16), then an OCTET STRING with its length. */
static size_t registry_value_size(size_t n)
{
	return 2 + pqs_coer_length_size(n) + n;
}

size_t pqs_v2x_pvk_size(const v2x_alg *alg)
{
	return wrap_size(alg, alg->kind == V2X_KIND_REGISTRY ? registry_value_size(alg->pk_len) : alg->pk_len);
}

size_t pqs_v2x_sig_size(const v2x_alg *alg)
{
	return wrap_size(alg, alg->kind == V2X_KIND_REGISTRY ? registry_value_size(alg->sig_len) : alg->sig_len);
}

static void registry_put(coer_wr *w, const v2x_alg *alg, const uint8_t *v, size_t n)
{
	const pqs_sig_class *c = pqs_v2x_alg_class(alg);
	pqs_coer_put_length(w, registry_value_size(n));
	pqs_coer_put_u16(w, c ? c->id : 0);
	pqs_coer_put_length(w, n);
	pqs_coer_put_bytes(w, v, n);
}

/* Decode a registry alternative's content: the scheme and its value (length checked by the caller). */
static int registry_get(coer_rd *v, const v2x_alg **alg, const uint8_t **p, size_t *n)
{
	uint16_t id;
	int e = pqs_coer_get_u16(v, &id);
	if (e || (e = pqs_coer_get_length(v, n)) != 0 || (e = pqs_coer_get_bytes(v, *n, p)) != 0)
		return e;
	if ((e = pqs_coer_end_open(v)) != 0)
		return e;
	*alg = generic_by_id(id);
	if (!*alg && pqs_sig_find_id(id))
		return V2X_ERR_CONSTRAINT; /* a scheme with an index of its own must use it (one encoding) */
	return V2X_OK;
}

size_t pqs_v2x_alg_key_wire_len(const v2x_alg *alg)
{
	return alg ? pqs_v2x_pvk_size(alg) : 0;
}

size_t pqs_v2x_alg_sig_wire_len(const v2x_alg *alg)
{
	return alg ? pqs_v2x_sig_size(alg) : 0;
}

/*
 * A PublicVerificationKey and a Signature have the same shape (section
 * 6.3.30 / 6.3.28): a CHOICE of an ECDSA form, a fixed-size PQC OCTET STRING,
 * a composite SEQUENCE { ECDSA P-256 part, OCTET STRING }, or a registry
 * alternative.  One codec serves both; v2x_part says which of the two
 * values it handles.
 */
typedef enum { V2X_PART_PVK, V2X_PART_SIG } v2x_part;

/* Registry-form length of the value (the wire length for PQC). */
static size_t part_len(const v2x_alg *alg, v2x_part part)
{
	return part == V2X_PART_PVK ? alg->pk_len : alg->sig_len;
}

/* A composite's ECDSA part: a compressed point (field + 1 registry bytes) on as many wire bytes
 * (tag, x), or r || s (2 field) on one more (tag, r, s). */
static size_t composite_ec_len(const v2x_alg *alg, v2x_part part)
{
	return part == V2X_PART_PVK ? field_of(alg) + 1 : 2 * field_of(alg);
}

static size_t composite_ec_wire_len(const v2x_alg *alg, v2x_part part)
{
	return composite_ec_len(alg, part) + (part == V2X_PART_SIG);
}

static void ec_put(coer_wr *w, v2x_part part, const uint8_t *v, size_t field)
{
	if (part == V2X_PART_PVK)
		pqs_v2x_point_put(w, v, field);
	else
		ecsig_put(w, v, field);
}

/* A key's point is checked against its curve class, so it needs one available. */
static int ec_get(coer_rd *r, v2x_part part, uint8_t *out, const v2x_alg *alg)
{
	if (part == V2X_PART_SIG)
		return field_of(alg) ? ecsig_get(r, out, field_of(alg)) : V2X_ERR_ALG_UNAVAILABLE;
	const pqs_sig_class *ec = ecdsa_part(alg);
	return ec ? pqs_v2x_point_get(r, out, ec) : V2X_ERR_ALG_UNAVAILABLE;
}

static void part_put(coer_wr *w, v2x_part part, const v2x_alg *alg, const uint8_t *v, size_t len)
{
	pqs_coer_put_tag(w, alg->index);
	if (alg->kind == V2X_KIND_REGISTRY) {
		registry_put(w, alg, v, len);
		return;
	}
	size_t n = part_len(alg, part);
	if (alg->index >= 2)
		pqs_coer_put_length(w, n);
	switch (alg->kind) {
	case V2X_KIND_ECDSA:
		ec_put(w, part, v, field_of(alg));
		break;
	case V2X_KIND_PQC:
		pqs_coer_put_bytes(w, v, n);
		break;
	default: /* composite: SEQUENCE { ECDSA part, OCTET STRING } */
		ec_put(w, part, v, field_of(alg));
		pqs_coer_put_bytes(w, v + composite_ec_len(alg, part), n - composite_ec_wire_len(alg, part));
		break;
	}
}

void pqs_v2x_pvk_put(coer_wr *w, const v2x_alg *alg, const uint8_t *pk)
{
	part_put(w, V2X_PART_PVK, alg, pk, alg->pk_len);
}

void pqs_v2x_sig_put(coer_wr *w, const v2x_alg *alg, const uint8_t *sig, size_t sig_len)
{
	part_put(w, V2X_PART_SIG, alg, sig, sig_len);
}

/* Root alternatives 0 and 1 are ECDSA P-256 and brainpoolP256r1; 2 and up
 * are extensions in an open type (X.696 20.2).  An extension we do not
 * know is skipped by its length and reported as *alg == NULL. */
static int open_choice(coer_rd *r, unsigned *t, const v2x_alg **alg, coer_rd *val)
{
	int e = pqs_coer_get_tag(r, t);
	if (e)
		return e;
	*alg = pqs_v2x_alg_by_index(*t);
	if (*t < 2) {
		*val = *r; /* root alternative: decode in place */
		return V2X_OK;
	}
	return pqs_coer_get_open(r, val);
}

static int part_get(coer_rd *r, v2x_part part, const v2x_alg **alg, uint8_t *out, size_t *out_len)
{
	unsigned t;
	coer_rd v;
	const v2x_alg *a;
	const uint8_t *p;
	size_t n;
	int e = open_choice(r, &t, &a, &v);
	if (e)
		return e;
	*alg = NULL;
	*out_len = 0;
	if (t == V2X_REGISTRY_INDEX) {
		if ((e = registry_get(&v, &a, &p, &n)) != 0)
			return e;
		if (a && !(part == V2X_PART_PVK ? n == a->pk_len : pqs_v2x_alg_sig_len_ok(a, n)))
			return V2X_ERR_CONSTRAINT;
		if (a) {
			memcpy(out, p, n);
			*out_len = n;
			*alg = a;
		}
		return V2X_OK;
	}
	*alg = a;
	if (!a)
		return V2X_OK;
	if (!a->pk_len)
		return V2X_ERR_ALG_UNAVAILABLE; /* its class is not linked: no sizes to decode with */
	n = part_len(a, part);
	switch (a->kind) {
	case V2X_KIND_ECDSA:
		e = ec_get(&v, part, out, a);
		break;
	case V2X_KIND_PQC:
		/* fixed-size OCTET STRING: the open type holds exactly its octets */
		if (v.len != n)
			return V2X_ERR_CONSTRAINT;
		e = pqs_coer_get_bytes(&v, n, &p);
		if (!e)
			memcpy(out, p, n);
		break;
	default: {
		if (!field_of(a))
			return V2X_ERR_ALG_UNAVAILABLE;
		size_t tail = n - composite_ec_wire_len(a, part);
		e = ec_get(&v, part, out, a);
		if (!e && v.len - v.pos != tail)
			return V2X_ERR_CONSTRAINT;
		if (!e)
			e = pqs_coer_get_bytes(&v, tail, &p);
		if (!e)
			memcpy(out + composite_ec_len(a, part), p, tail);
		break;
	}
	}
	if (e)
		return e;
	*out_len = part == V2X_PART_PVK ? pqs_v2x_alg_reg_pk_len(a) : pqs_v2x_alg_reg_sig_len(a);
	if (t < 2) {
		r->pos = v.pos;
		return V2X_OK;
	}
	return pqs_coer_end_open(&v);
}

int pqs_v2x_pvk_get(coer_rd *r, const v2x_alg **alg, uint8_t *pk, size_t *pk_len)
{
	return part_get(r, V2X_PART_PVK, alg, pk, pk_len);
}

int pqs_v2x_sig_get(coer_rd *r, const v2x_alg **alg, uint8_t *sig, size_t *sig_len)
{
	return part_get(r, V2X_PART_SIG, alg, sig, sig_len);
}
