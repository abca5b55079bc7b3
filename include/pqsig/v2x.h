/*
 * pqsig: IEEE 1609.2 security services with post-quantum signatures.
 *
 * This header is the whole public API of the V2X stack (src/v2x/):
 *
 *   - algorithms: a 1609.2 wire identity (the PublicVerificationKey and
 *     Signature CHOICE index) for each registry scheme, including the
 *     post-quantum extension alternatives of docs/v2x.md (FN-DSA-512 at
 *     index 5 as in the Vanetza / IRT SystemX profile, our own indices for
 *     ML-DSA, FN-DSA-1024 and composites, and index 15 for any other
 *     signature-core scheme, named by its registry id);
 *   - profiles: "VEHICLE/CA" scheme pairs as the seed's size table names
 *     them ("ECDSA", "ECDSA/FN-DSA-512", "ECDSA+ML-DSA-87", ...);
 *   - keys: a key pair of one algorithm, in the registry's encoding;
 *   - certificates: issue (root, intermediate CA, end entity), decode
 *     strictly (COER, ITU-T X.696), HashedId8 (1609.2 section 6.4.3);
 *   - SPDUs: sign (Ieee1609Dot2Data with SignedData) and verify (parse,
 *     resolve the signer, validate the chain, check the signature);
 *   - a certificate store (trust anchors and known certificates) and a
 *     bounded verified-certificate cache keyed by HashedId8;
 *   - an optional duplicate (replay) detector for the verifier.
 *
 * Hashing (1609.2 section 5.3.1): the data input to the signature is
 *   H( H(ToBeSignedData COER) || H(signer certificate COER) )
 * (for a self-signed certificate the second hash is H of the empty
 * string).  H is SHA-256, or SHA-384 for ECDSA P-384 signers.  ECDSA
 * signs that hash as its digest e; PQC schemes (and the PQC half of a
 * composite) sign the same 32-byte data input as their message.
 *
 * Times: Time32 is TAI seconds and Time64 TAI microseconds since
 * 2004-01-01 00:00:00 UTC (1609.2 section 6.4.12-6.4.13); helpers below
 * convert from Unix time.
 *
 * Every function returns V2X_OK (0) or a negative v2x_err code;
 * pqs_v2x_strerror() gives a one-line message.  Codes from the signature core
 * (pqs_err, -1..-99) are never returned: they are mapped to v2x codes.
 */
#ifndef PQSIG_V2X_H
#define PQSIG_V2X_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Error codes                                                         */
/* ------------------------------------------------------------------ */

/**
 * Error codes, the V2X block -100..-199 of include/pqsig/sig.h.
 * -100..-129: the input is malformed (decoding failed);
 * -130..-169: well-formed but invalid (signature, chain, policy);
 * -170..-199: usage and environment.  pqs_v2x_err_is_malformed() tells the first
 * class apart (the CLI exits 2 for it, 1 for invalid).
 */
typedef enum {
	V2X_OK = 0,
	/* malformed: strict COER decoding (X.696) */
	V2X_ERR_TRUNCATED = -100,        /* input ends inside a value */
	V2X_ERR_TRAILING = -101,         /* bytes left after the outermost value */
	V2X_ERR_LENGTH_NONCANONICAL = -102, /* length determinant not in its shortest form (X.696 8.6) */
	V2X_ERR_INT_NONCANONICAL = -103, /* integer or quantity with a redundant leading octet (X.696 10) */
	V2X_ERR_UNKNOWN_CHOICE = -104,   /* unknown alternative of a non-extensible CHOICE / out-of-range ENUMERATED */
	V2X_ERR_BAD_TAG = -105,          /* CHOICE tag not context-specific or not in one octet */
	V2X_ERR_CONSTRAINT = -106,       /* value violates its ASN.1 constraint (version, size, range) */
	V2X_ERR_PREAMBLE = -107,         /* SEQUENCE preamble: unused bits set, or a required-presence rule broken */
	V2X_ERR_DEFAULT_ENCODED = -108,  /* a DEFAULT component encoded with its default value (forbidden in canonical OER) */
	V2X_ERR_EXTENSION = -109,        /* malformed extension bitmap or open type */
	V2X_ERR_KEY_ENCODING = -110,     /* key bytes rejected by the scheme (e.g. point not on curve) */
	V2X_ERR_SIG_ENCODING = -111,     /* signature bytes rejected by the scheme */
	V2X_ERR_TOO_LARGE = -112,        /* a value exceeds this implementation's bounds (V2X_MAX_*) */
	/* invalid: verification and policy */
	V2X_ERR_SIG_INVALID = -130,      /* the SPDU signature does not verify */
	V2X_ERR_CERT_SIG_INVALID = -131, /* a certificate's signature does not verify under its issuer */
	V2X_ERR_SIGNER_UNKNOWN = -132,   /* digest signer not in the store or cache */
	V2X_ERR_ISSUER_UNKNOWN = -133,   /* a certificate's issuer is not in the store */
	V2X_ERR_UNTRUSTED_ROOT = -134,   /* chain ends in a self-signed certificate that is not a trust anchor */
	V2X_ERR_CERT_EXPIRED = -135,     /* generationTime after the end of a certificate's validity */
	V2X_ERR_CERT_NOT_YET_VALID = -136, /* generationTime before the start of a certificate's validity */
	V2X_ERR_PSID_NOT_PERMITTED = -137, /* SPDU PSID not in the signer's appPermissions */
	V2X_ERR_ISSUER_PERMISSIONS = -138, /* certificate asks for PSIDs its issuer may not grant, or issuer is not a CA */
	V2X_ERR_REGION = -139,           /* certificate region not inside its issuer's region */
	V2X_ERR_TOO_OLD = -140,          /* generationTime older than the replay window */
	V2X_ERR_FROM_FUTURE = -141,      /* generationTime too far in the future */
	V2X_ERR_PSID_MISMATCH = -142,    /* SPDU PSID differs from the verifier's expected PSID */
	V2X_ERR_CHAIN_TOO_LONG = -143,   /* more than V2X_MAX_CHAIN certificates */
	V2X_ERR_UNSUPPORTED = -144,      /* well-formed but outside this stack (encrypted data, implicit certs,
	                                    circular regions, unknown extension alternatives, ...) */
	V2X_ERR_ALG_MISMATCH = -145,     /* key algorithm differs from the signature algorithm */
	V2X_ERR_NO_GENERATION_TIME = -146, /* headerInfo has no generationTime (needed for replay and validity) */
	V2X_ERR_CHAIN_LENGTH = -147,     /* chain violates an issuer's minChainLength/chainLengthRange */
	V2X_ERR_DUPLICATE = -148,        /* the duplicate detector saw this signed content from this signer */
	/* usage and environment */
	V2X_ERR_ARG = -170,              /* NULL pointer or inconsistent argument */
	V2X_ERR_BUFFER_TOO_SMALL = -171, /* caller's output buffer is too small */
	V2X_ERR_UNKNOWN_ALG = -172,      /* no V2X algorithm or profile by that name */
	V2X_ERR_ALG_UNAVAILABLE = -173,  /* the algorithm's scheme is not registered in this build */
	V2X_ERR_NOMEM = -174,            /* allocation failed, or a store/cache is full */
	V2X_ERR_CRYPTO = -175,           /* signature core failure (randomness, OpenSSL) */
	V2X_ERR_NO_SECRET_KEY = -176     /* signing with a key that has no secret part */
} v2x_err;

/** One-line, static description of a v2x_err code: the same text as pqs_strerror(err). */
const char *pqs_v2x_strerror(int err);

/** 1 if err means "the input could not be decoded" (v2x codes -100..-129), else 0. */
int pqs_v2x_err_is_malformed(int err);

/* ------------------------------------------------------------------ */
/* Bounds                                                              */
/* ------------------------------------------------------------------ */

#define V2X_MAX_PK 2720      /* largest registry public key we carry (composite P-256 + ML-DSA-87: 2625) */
#define V2X_MAX_SK 5120      /* largest registry secret key (composite P-256 + ML-DSA-87: 4928) */
/* largest registry signature: SLH-DSA-SHA2/SHAKE-256f (FIPS 205 table 2: 49856 B), so that every
 * SLH-DSA set can sign certificates as a CA of the 1609 WG proposal's profiles (docs/v2x.md) */
#define V2X_MAX_SIG     49856   /* FIPS 205 table 2, SLH-DSA-*-256f */
#define V2X_MAX_HASH 48      /* SHA-384 */
#define V2X_MAX_PSIDS 16     /* PSIDs per permission list */
#define V2X_MAX_REGIONS 16   /* identified regions per certificate */
#define V2X_MAX_NAME 255     /* Hostname length (1609.2 CertificateId.name) */
#define V2X_MAX_CHAIN 4      /* certificates from signer to root, inclusive */
#define V2X_MAX_CERT    57344  /* largest certificate we accept (SLH-DSA-256f-signed: ~50 kB) */

/* ------------------------------------------------------------------ */
/* Algorithms and profiles                                             */
/* ------------------------------------------------------------------ */

typedef enum {
	V2X_KIND_ECDSA = 1,     /* ECDSA: EccP256CurvePoint / EccP384CurvePoint keys, EcdsaP*Signature */
	V2X_KIND_PQC = 2,       /* fixed-size OCTET STRING key and signature */
	V2X_KIND_COMPOSITE = 3, /* SEQUENCE { EccP256CurvePoint, OCTET STRING } key,
	                           SEQUENCE { EcdsaP256Signature, OCTET STRING } signature */
	V2X_KIND_REGISTRY = 4   /* any other signature-core scheme, at extension alternative
	                           V2X_REGISTRY_INDEX: SEQUENCE { scheme Uint16 (the registry id),
	                           value OCTET STRING }; signatures may be variable-length */
} v2x_alg_kind;

/* The catch-all alternative for signature-core schemes without an index of their own. */
#define V2X_REGISTRY_INDEX 15

typedef enum { V2X_HASH_SHA256 = 0, V2X_HASH_SHA384 = 1 } v2x_hash_alg; /* 1609.2 HashAlgorithm values */

/**
 * One signature algorithm as 1609.2 carries it.  index is the alternative
 * number in both PublicVerificationKey and Signature (0 and 1 are root
 * alternatives, 2 and up are extension alternatives, encoded as an open
 * type).  The registry table of indices is docs/v2x.md.
 */
typedef struct {
	const char *name;          /* profile name: "ECDSA", "FN-DSA-512", "ECDSA+ML-DSA-87" */
	const char *registry_name; /* signature-core name: "ECDSA-P256", "Falcon-padded-512", ... */
	uint8_t index;             /* PublicVerificationKey / Signature alternative */
	uint8_t kind;              /* v2x_alg_kind */
	uint8_t hash;              /* v2x_hash_alg used for data inputs signed with this algorithm */
	uint16_t pk_len;           /* wire bytes of the key value (inside the open type for extensions);
	                              V2X_KIND_REGISTRY: the registry key length */
	uint16_t sig_len;          /* wire bytes of the signature value; V2X_KIND_REGISTRY: the
	                              registry's largest signature */
} v2x_alg;

/**
 * Number of V2X algorithms: those with an index of their own (registered
 * in the core or not), then one V2X_KIND_REGISTRY algorithm per other
 * registered signature-core scheme (named as in the registry).
 */
size_t pqs_v2x_alg_count(void);
/** The i-th algorithm, or NULL. */
const v2x_alg *pqs_v2x_alg_at(size_t i);
/** By profile name or registry name (case-insensitive), or NULL.  "ECDSA" means ECDSA-P256. */
const v2x_alg *pqs_v2x_alg_find(const char *name);
/** By PublicVerificationKey / Signature index, or NULL (also for V2X_REGISTRY_INDEX, shared by many). */
const v2x_alg *pqs_v2x_alg_by_index(unsigned index);
/** The signature-core class of an algorithm, or NULL if that scheme is not registered yet. */
const pqs_sig_class *pqs_v2x_alg_class(const v2x_alg *alg);
/** Bytes of an encoded PublicVerificationKey of this algorithm (tag and open-type length included). */
size_t pqs_v2x_alg_key_wire_len(const v2x_alg *alg);
/** Bytes of an encoded Signature of this algorithm (tag and open-type length included). */
size_t pqs_v2x_alg_sig_wire_len(const v2x_alg *alg);

/**
 * A profile: the vehicle (end-entity) algorithm and the CA algorithm (root
 * and any intermediate).  Name notation "VEHICLE/CA"; one name means the
 * same algorithm for both; "+" inside a name means a composite.
 */
typedef struct {
	char name[64];
	const v2x_alg *vehicle;
	const v2x_alg *ca;
} v2x_profile;

/** Parse a profile name.  V2X_ERR_UNKNOWN_ALG if a part is unknown. */
int pqs_v2x_profile_parse(const char *name, v2x_profile *out);
/** 1 if every scheme of the profile is registered in the signature core. */
int pqs_v2x_profile_available(const v2x_profile *p);
/** The stack's standard profile list (the seed's table and a few more): count and names. */
size_t pqs_v2x_profile_count(void);
const char *pqs_v2x_profile_name_at(size_t i);

/* ------------------------------------------------------------------ */
/* Keys                                                                */
/* ------------------------------------------------------------------ */

/** A key pair (or a public key only: sk_len == 0), in the registry's encoding. */
typedef struct {
	const v2x_alg *alg;
	size_t pk_len, sk_len;
	uint8_t pk[V2X_MAX_PK];
	uint8_t sk[V2X_MAX_SK];
} v2x_key;

/** Generate a key pair with the algorithm's registry class (rng NULL: OS randomness). */
int pqs_v2x_key_generate(v2x_key *k, const v2x_alg *alg, pqs_rng *rng);
/** Load registry-encoded keys (sk may be NULL for a public key); checks the lengths. */
int pqs_v2x_key_load(v2x_key *k, const v2x_alg *alg, const uint8_t *pk, size_t pk_len, const uint8_t *sk,
		     size_t sk_len);
/** Zeroize a key (pqs_zeroize over the whole struct). */
void pqs_v2x_key_clear(v2x_key *k);

/* ------------------------------------------------------------------ */
/* Time                                                                */
/* ------------------------------------------------------------------ */

/** Time32 (TAI seconds since 2004-01-01 UTC, leap seconds included) from Unix seconds >= 2004. */
uint32_t pqs_v2x_time32_from_unix(uint64_t unix_seconds);
/** Time64 (TAI microseconds since 2004-01-01 UTC) from Unix microseconds >= 2004. */
uint64_t pqs_v2x_time64_from_unix_us(uint64_t unix_us);
/** Time64 now (the system clock). */
uint64_t pqs_v2x_time64_now(void);

/* ------------------------------------------------------------------ */
/* Certificates                                                        */
/* ------------------------------------------------------------------ */

typedef enum { V2X_CERT_ROOT = 0, V2X_CERT_CA = 1, V2X_CERT_EE = 2 } v2x_cert_role;

/* 1609.2 Duration alternatives (section 6.4.15). */
typedef enum {
	V2X_DUR_MICROSECONDS = 0, V2X_DUR_MILLISECONDS = 1, V2X_DUR_SECONDS = 2, V2X_DUR_MINUTES = 3,
	V2X_DUR_HOURS = 4, V2X_DUR_SIXTY_HOURS = 5, V2X_DUR_YEARS = 6
} v2x_duration_unit;

/** Certificate content chosen by the issuer (the ToBeSignedCertificate fields we encode). */
typedef struct {
	v2x_cert_role role;
	const char *name;          /* CertificateId name (Hostname); NULL: id = none */
	uint8_t craca_id[3];       /* HashedId3 of the CRACA; zeros if none */
	uint16_t crl_series;
	uint32_t start;            /* Time32 */
	uint8_t duration_unit;     /* v2x_duration_unit */
	uint16_t duration;
	size_t n_regions;          /* identifiedRegion countryOnly list; 0: region absent */
	uint16_t regions[V2X_MAX_REGIONS];
	/* EE: appPermissions PSIDs (each without SSP).  ROOT/CA: explicit
	 * certIssuePermissions PSIDs, or n_psids == 0 for subjectPermissions all. */
	size_t n_psids;
	uint32_t psids[V2X_MAX_PSIDS];
	/* ROOT/CA: minChainLength and chainLengthRange of PsidGroupPermissions (defaults 1 and 0). */
	uint8_t min_chain_length;
	uint8_t chain_length_range;
} v2x_cert_params;

/** Default parameters for a role: name, one-year validity from start, PSID 0x20 (EE) or all (CA). */
void pqs_v2x_cert_params_default(v2x_cert_params *p, v2x_cert_role role, uint32_t start);

/**
 * A decoded certificate (self-contained copy; no pointers into the input).
 * An implicit certificate (1609.2 section 6.4.2: type implicit, no
 * signature) carries the reconstruction value P_U instead of a key: its
 * key_alg is ECDSA P-256, pk_len is 0 and recon holds P_U until the
 * verifier reconstructs the key from the issuer (section 5.3.2, ECQV).
 */
typedef struct {
	uint8_t issuer_kind;       /* 0 self, 1 sha256AndDigest, 2 sha384AndDigest */
	uint8_t issuer_id[8];      /* HashedId8 of the issuer (issuer_kind 1, 2) */
	uint8_t self_hash;         /* v2x_hash_alg (issuer_kind 0) */
	size_t tbs_off, tbs_len;   /* ToBeSignedCertificate inside the encoding */
	uint8_t has_name;
	char name[V2X_MAX_NAME + 1];
	uint8_t craca_id[3];
	uint16_t crl_series;
	uint32_t start;            /* Time32 */
	uint64_t end;              /* Time32 seconds of the end (start + duration), may exceed 32 bits */
	size_t n_regions;          /* 0: region absent (inherited from the issuer) */
	uint16_t regions[V2X_MAX_REGIONS]; /* identifiedRegion countryOnly entries */
	uint8_t region_unsupported; /* a region form this stack cannot compare (circular, rectangular,
	                               polygonal, regions inside a country, extensions): decoded and
	                               skipped; chain validation then reports V2X_ERR_UNSUPPORTED */
	uint8_t has_app;           /* appPermissions present */
	size_t n_app;
	uint32_t app_psids[V2X_MAX_PSIDS];
	uint8_t has_issue;         /* certIssuePermissions present (CA) */
	uint8_t issue_all;         /* subjectPermissions all */
	size_t n_issue;
	uint32_t issue_psids[V2X_MAX_PSIDS];
	uint8_t issue_app_ee;      /* eeType includes app */
	uint8_t min_chain_length;
	uint8_t chain_length_range;
	const v2x_alg *key_alg;    /* verifyKeyIndicator: verificationKey */
	size_t pk_len;
	uint8_t pk[V2X_MAX_PK];    /* registry encoding */
	const v2x_alg *sig_alg;    /* issuer's signature */
	size_t sig_len;
	uint8_t sig[V2X_MAX_SIG];  /* registry encoding */
	uint8_t implicit;          /* type implicit: recon holds P_U, sig_alg is NULL */
	uint8_t recon[33];         /* reconstructionValue, SEC 1 compressed (implicit only) */
} v2x_cert;

/** Strictly decode a COER Certificate (explicit and signed, or implicit); consumes exactly len bytes. */
int pqs_v2x_cert_decode(v2x_cert *c, const uint8_t *der, size_t len);

/**
 * Issue a certificate.  subject: the subject's public key (its sk is not
 * used).  issuer_key: the signer (its sk is used).  issuer_cert NULL means
 * self-signed (a root: subject and issuer_key must be the same key).
 * Writes the COER Certificate to out.
 */
int pqs_v2x_cert_issue(const v2x_cert_params *p, const v2x_key *subject, const v2x_key *issuer_key,
		       const uint8_t *issuer_cert, size_t issuer_cert_len, pqs_rng *rng, uint8_t *out, size_t cap,
		       size_t *out_len);

/**
 * Encode an implicit certificate (1609.2 section 6.4.2) with reconstruction
 * value recon (SEC 1 compressed P-256 point P_U) under the issuer
 * certificate issuer_cert, which must hold an ECDSA P-256 key (ECQV works
 * on the issuer's P-256 key pair).  Only the encoding: the issuer computes
 * P_U = R_U + k*G and the private reconstruction value r = e*k + d_CA
 * (SEC 4 section 3.4; pqs_ecqv_* in pqsig/scms.h), where e hashes the
 * ToBeSignedCertificate that pqs_v2x_cert_decode locates (tbs_off, tbs_len).
 */
int pqs_v2x_cert_issue_implicit(const v2x_cert_params *p, const uint8_t recon[33], const uint8_t *issuer_cert,
				size_t issuer_cert_len, uint8_t *out, size_t cap, size_t *out_len);

/** Upper bound of a certificate encoding for these parameters and algorithms. */
size_t pqs_v2x_cert_max_len(const v2x_cert_params *p, const v2x_alg *subject, const v2x_alg *issuer);

/**
 * HashedId8 of a certificate (1609.2 section 6.4.3): the low-order 8
 * bytes of H(COER certificate), H = SHA-384 if the certificate's issuer
 * signed with ECDSA P-384, else SHA-256.  Decodes der to find the issuer's
 * algorithm.  hash_out (may be NULL) receives the full hash, *hash_len its length.
 */
int pqs_v2x_cert_hashedid8(const uint8_t *der, size_t len, uint8_t id[8], uint8_t *hash_out, size_t *hash_len);

/* ------------------------------------------------------------------ */
/* Certificate store and verified-certificate cache                    */
/* ------------------------------------------------------------------ */

typedef struct v2x_store_ v2x_store;

/*
 * Threads: verification only reads a store, so one store may serve many
 * threads once filled; adding certificates needs exclusive access.  A
 * cache changes on every lookup (LRU stamps): one cache per thread, or a
 * lock around pqs_v2x_spdu_verify.
 */

/** A store holding at most max_certs certificates (copies of their encodings). */
v2x_store *pqs_v2x_store_new(size_t max_certs);
void pqs_v2x_store_free(v2x_store *s);
/** Add a trust anchor: a self-signed certificate whose signature verifies. */
int pqs_v2x_store_add_root(v2x_store *s, const uint8_t *der, size_t len);
/** Add a known (not trusted by itself) certificate: intermediates, and peers for digest signers. */
int pqs_v2x_store_add_cert(v2x_store *s, const uint8_t *der, size_t len);
/**
 * Encoding of the first certificate added with this HashedId8, or NULL;
 * *trusted = 1 for anchors.  HashedId8 values can collide: the store keeps
 * every distinct certificate (compared byte for byte), each with its own
 * trust, and verification tells colliding ones apart (docs/v2x.md).
 */
const uint8_t *pqs_v2x_store_find(const v2x_store *s, const uint8_t id[8], size_t *len, int *trusted);
/** The stored copy of exactly this certificate (der, len bytes), or NULL; *trusted = 1 for an anchor. */
const uint8_t *pqs_v2x_store_find_cert(const v2x_store *s, const uint8_t *der, size_t len, int *trusted);

typedef struct v2x_cache_ v2x_cache;

/**
 * A bounded cache of verified end-entity certificates keyed by HashedId8
 * (least recently used entry evicted).  A hit skips chain validation:
 * the SPDU then costs one signature check (the validity window, PSID
 * permissions and the trust anchor's presence are still checked).
 * A digest signer is looked up by its HashedId8 (every entry with it is a
 * candidate: HashedId8 values can collide); an attached certificate by its
 * bytes (a copy is kept per entry): only a certificate byte for byte
 * identical to one verified before hits, and it is not hashed then.  An
 * SPDU that attaches issuer certificates too is always validated in full,
 * so that its verdict does not depend on what the cache holds.
 */
v2x_cache *pqs_v2x_cache_new(size_t capacity);
void pqs_v2x_cache_free(v2x_cache *c);
void pqs_v2x_cache_clear(v2x_cache *c);
size_t pqs_v2x_cache_size(const v2x_cache *c);
/**
 * Bytes the cache holds: its table of capacity slots (each a decoded
 * certificate with room for the largest signature, V2X_MAX_SIG) plus each
 * entry's certificate copy and prepared key (pqs_sig_prepared_len; not what
 * a class keeps outside that buffer, such as ECDSA's OpenSSL key object).
 */
size_t pqs_v2x_cache_memory(const v2x_cache *c);

/* ------------------------------------------------------------------ */
/* Duplicate (replay) detector                                         */
/* ------------------------------------------------------------------ */

typedef struct v2x_replay_ v2x_replay;

/**
 * A duplicate detector for v2x_verify_ctx.replay: a bounded set of recent
 * SPDU digests per signer.  An SPDU verified once is rejected with
 * V2X_ERR_DUPLICATE if it comes again (before its signature is checked).
 * The digest is the SPDU's 1609.2 section 5.3.1 data input, over the
 * ToBeSignedData and the signer's certificate: the same signed content
 * re-sent (byte for byte, with a digest instead of the certificate, or
 * signed again) is a duplicate.  Signers are keyed by the hash of their
 * certificate.
 *
 * Bounds: at most max_signers signers (the least recently seen one is
 * forgotten for a new one) and their last per_signer digests each (the
 * oldest is forgotten): memory is fixed at creation, pqs_v2x_replay_memory()
 * bytes (about 24 * max_signers * per_signer).  A replay is caught while
 * its digest is still held: size per_signer for a signer's SPDUs within
 * the verifier's window (max_age + max_future), e.g. 10 Hz * 60 s = 600;
 * older SPDUs are refused as V2X_ERR_TOO_OLD anyway.
 * Like a cache: one per thread, or a lock around pqs_v2x_spdu_verify.
 * NULL if either bound is 0 or allocation fails.
 */
v2x_replay *pqs_v2x_replay_new(size_t max_signers, size_t per_signer);
void pqs_v2x_replay_free(v2x_replay *r);
/** Bytes the detector allocated: its whole, fixed memory. */
size_t pqs_v2x_replay_memory(const v2x_replay *r);

/* ------------------------------------------------------------------ */
/* SPDUs                                                               */
/* ------------------------------------------------------------------ */

typedef enum { V2X_SIGNER_CERT = 0, V2X_SIGNER_DIGEST = 1 } v2x_signer_kind;

/* HashedId3 values one inlineP2pcdRequest may list here (1609.2 leaves SequenceOfHashedId3 unbounded). */
#define V2X_P2PCD_MAX_IDS 8

/**
 * The peer-to-peer certificate distribution fields of HeaderInfo
 * (1609.2 clause 8 and section 6.3.9): p2pcdLearningRequest (a root
 * component, HashedId3) and the extension additions inlineP2pcdRequest
 * (SequenceOfHashedId3) and requestedCertificate (Certificate).  A
 * HashedId3 is the low-order 3 octets of a certificate's hash, i.e. the
 * last 3 octets of its HashedId8 (section 6.4.3).  Decoding fills the
 * pointer with a position inside the SPDU; encoding borrows the caller's.
 */
typedef struct {
	uint8_t has_learning; /* p2pcdLearningRequest present */
	uint8_t learning[3];
	uint8_t has_inline; /* inlineP2pcdRequest present (it may list 0 ids) */
	size_t n_inline;
	uint8_t inline_ids[V2X_P2PCD_MAX_IDS][3];
	const uint8_t *requested_cert; /* requestedCertificate (COER Certificate), NULL if absent */
	size_t requested_cert_len;
} v2x_p2pcd_fields;

/**
 * A signing context: key, certificate and the precomputed certificate
 * hash and HashedId8, so that repeated signing (the V2X benchmark) costs
 * one COER encoding, two hashes and one signature; with the secret key
 * prepared (pqs_v2x_signer_prepare), the signature does not decode the key
 * either.
 */
typedef struct {
	const v2x_key *key;
	const uint8_t *cert;       /* signer's COER certificate (borrowed, must outlive the signer) */
	size_t cert_len;
	v2x_signer_kind kind;
	uint8_t cert_hash[V2X_MAX_HASH];
	size_t hash_len;
	uint8_t cert_id[8];
	pqs_rng *rng;              /* NULL: OS randomness */
	void *prepared_sk;         /* key->sk prepared by pqs_v2x_signer_prepare, or NULL */
} v2x_signer;

/**
 * Set up a signer; checks that cert's key is key's public key (an implicit cert: its algorithm).
 * A prepared signer must be released (pqs_v2x_signer_release) before it is set up again.
 */
int pqs_v2x_signer_init(v2x_signer *s, const v2x_key *key, const uint8_t *cert, size_t cert_len, v2x_signer_kind kind,
			pqs_rng *rng);

/**
 * Prepare the signer's secret key once (pqs_sig_prepare_sk), for a signer
 * that signs many SPDUs: ECDSA then keeps the decoded OpenSSL key object
 * instead of importing the key for every signature.  Signing gives the
 * same SPDUs (the same bytes for the same randomness).  Calling it again
 * does nothing.  The prepared key is secret: pqs_v2x_signer_release wipes
 * and frees it, and must be called once the signer is no longer used.
 */
int pqs_v2x_signer_prepare(v2x_signer *s);
/** Wipe and free the prepared secret key (nothing to do for an unprepared signer or NULL). */
void pqs_v2x_signer_release(v2x_signer *s);

/** Largest SPDU pqs_v2x_spdu_sign can produce for this payload length. */
size_t pqs_v2x_spdu_max_len(const v2x_signer *s, size_t payload_len);

/**
 * Sign: Ieee1609Dot2Data { 3, signedData { hashId, tbsData { payload
 * { data: Ieee1609Dot2Data { 3, unsecuredData payload } }, headerInfo
 * { psid, generationTime } }, signer, signature } }.
 */
int pqs_v2x_spdu_sign(const v2x_signer *s, uint32_t psid, uint64_t generation_time, const uint8_t *payload,
		      size_t payload_len, uint8_t *out, size_t cap, size_t *out_len);

/**
 * The same, with the clause-8 fields f (NULL: none) in HeaderInfo.  The
 * largest SPDU is pqs_v2x_spdu_max_len() + pqs_v2x_p2pcd_fields_size(f).
 * V2X_ERR_TOO_LARGE if f lists more than V2X_P2PCD_MAX_IDS ids.
 */
int pqs_v2x_spdu_sign_p2pcd(const v2x_signer *s, uint32_t psid, uint64_t generation_time, const v2x_p2pcd_fields *f,
			    const uint8_t *payload, size_t payload_len, uint8_t *out, size_t cap, size_t *out_len);

/** Bytes the clause-8 fields f add to HeaderInfo (0 for NULL or no field). */
size_t pqs_v2x_p2pcd_fields_size(const v2x_p2pcd_fields *f);

/**
 * Reusable working memory of the SPDU verifier (pqs_v2x_verify_scratch_size()
 * bytes): set v2x_verify_ctx.scratch to one so that pqs_v2x_spdu_verify
 * allocates no working memory per message (a cache miss still copies the
 * certificate into the cache).  One scratch serves one verification at a
 * time (one per thread); it holds nothing between messages.
 */
typedef struct v2x_verify_scratch_ v2x_verify_scratch;
v2x_verify_scratch *pqs_v2x_verify_scratch_new(void);
void pqs_v2x_verify_scratch_free(v2x_verify_scratch *ws);
size_t pqs_v2x_verify_scratch_size(void);

/**
 * A verification context.  store is required (trust anchors, and
 * certificates for digest signers); cache may be NULL (every SPDU then
 * validates the whole chain).  The counters let callers (the V2X
 * benchmark) separate signature work from stack overhead.
 */
typedef struct {
	v2x_store *store;
	v2x_cache *cache;          /* may be NULL */
	uint64_t now;              /* verifier's Time64 clock; 0 = skip replay checks */
	uint64_t max_age;          /* replay window in microseconds: reject generationTime < now - max_age */
	uint64_t max_future;       /* reject generationTime > now + max_future */
	uint32_t expected_psid;    /* checked if has_expected_psid */
	int has_expected_psid;
	v2x_replay *replay;        /* may be NULL (the default): no duplicate detection */
	v2x_verify_scratch *scratch; /* may be NULL (the default): each SPDU allocates its own */
	/* counters, incremented by pqs_v2x_spdu_verify */
	unsigned long sig_checks;  /* signature verifications (a composite counts once) */
	unsigned long cache_hits;
	unsigned long cache_misses;
	unsigned long duplicates;  /* SPDUs rejected by the duplicate detector */
} v2x_verify_ctx;

/** Zero the context and set store, cache and a 30 s window around now (now 0: no replay check). */
void pqs_v2x_verify_ctx_init(v2x_verify_ctx *v, v2x_store *store, v2x_cache *cache, uint64_t now);

/** What a verified SPDU said (pointers into the SPDU buffer). */
typedef struct {
	uint32_t psid;
	uint64_t generation_time;
	const uint8_t *payload;
	size_t payload_len;
	v2x_signer_kind signer_kind;
	uint8_t signer_id[8];      /* HashedId8 of the signer's certificate */
	const v2x_alg *alg;        /* signer's algorithm */
	size_t chain_len;          /* certificates from signer to anchor (0 on a cache hit) */
	v2x_p2pcd_fields p2pcd;    /* clause-8 HeaderInfo fields (requested_cert points into the SPDU) */
} v2x_spdu_info;

/**
 * Verify an SPDU: decode strictly, check the replay window and expected
 * PSID, resolve the signer (attached certificate or HashedId8 lookup in
 * the cache then the store), validate the chain to a trust anchor (issuer
 * digests, CA signatures, validity against generationTime, PSID
 * permissions, region containment), verify the message signature.
 * info may be NULL.
 */
int pqs_v2x_spdu_verify(v2x_verify_ctx *v, const uint8_t *spdu, size_t len, v2x_spdu_info *info);

/**
 * Decode only (no cryptography): the structure check the fuzzer drives.
 * Fills info (alg may be NULL for an unknown signature alternative;
 * signer_id is the attached certificate's HashedId8 or the digest).
 */
int pqs_v2x_spdu_decode(const uint8_t *spdu, size_t len, v2x_spdu_info *info);

/**
 * Validate a certificate on its own (one delivered by P2PCD, 1609.2
 * clause 8) exactly as a signer certificate is validated: chain to a
 * trust anchor of v->store through the store's certificates, validity at
 * time32 (Time32 seconds), issuer permissions, region, signatures.  On
 * success an end-entity certificate enters v->cache (if any), a CA
 * certificate (one with certIssuePermissions) v->store as a known
 * certificate; on failure nothing changes.  *is_ca (may be NULL) tells
 * which.
 */
int pqs_v2x_cert_validate(v2x_verify_ctx *v, const uint8_t *der, size_t len, uint32_t time32, int *is_ca);

#ifdef __cplusplus
}
#endif

#endif
