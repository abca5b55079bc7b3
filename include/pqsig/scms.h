/*
 * pqsig: SCMS pseudonym-certificate issuance (IEEE 1609.2.1).
 *
 * Three layers, each usable on its own:
 *
 *  1. Butterfly-key and ECQV arithmetic on P-256 (IEEE 1609.2.1 section
 *     9.3, SEC 4): the AES-128 expansion function f_k(i, j), cocoon keys,
 *     explicit-certificate keys (a + f + c) and implicit-certificate (ECQV)
 *     reconstruction (e * (a + f) + r).
 *  2. ECIES as in IEEE 1609.2 section 5.3.5 (ECDH P-256, KDF2/SHA-256,
 *     HMAC-SHA256 tag, AES-128-CCM payload).
 *  3. The roles - vehicle, RA, ACA - as separate functions that exchange
 *     only encoded messages (byte strings, formats in docs/scms.md).  A
 *     role function receives nothing but its own state and the bytes sent
 *     to it, so what each role can compute is visible in its signature.
 *
 * Scalars are 32-byte big-endian strings; points are 33-byte compressed
 * SEC 1 strings (0x02/0x03 || x).  Every function returns PQS_OK or a
 * negative code: the pqs_err codes of sig.h or the PQS_SCMS_ERR_* codes
 * below; pqs_scms_strerror() names both.
 */
#ifndef PQSIG_SCMS_H
#define PQSIG_SCMS_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/** SCMS-specific error codes: the block -600..-699 of include/pqsig/sig.h. */
enum {
	PQS_SCMS_ERR_TRUNCATED = -600,   /* message ends inside a field */
	PQS_SCMS_ERR_TRAILING = -601,    /* bytes left after a complete message */
	PQS_SCMS_ERR_MSG_TYPE = -602,    /* first byte is not the expected message type */
	PQS_SCMS_ERR_VERSION = -603,     /* unsupported format version */
	PQS_SCMS_ERR_FIELD = -604,       /* a field holds a value outside its allowed set */
	PQS_SCMS_ERR_POINT = -605,       /* not a valid compressed P-256 point */
	PQS_SCMS_ERR_SCALAR = -606,      /* scalar is 0 or >= n */
	PQS_SCMS_ERR_DECRYPT = -607,     /* ECIES tag or AES-CCM tag mismatch: wrong key or altered */
	PQS_SCMS_ERR_CERT_MISMATCH = -608, /* certificate key does not match the derived private key */
	PQS_SCMS_ERR_CERT_INVALID = -609,  /* certificate does not verify under the ACA certificate */
	PQS_SCMS_ERR_UNKNOWN_REQUEST = -610, /* response for a request this role never made */
	PQS_SCMS_ERR_COUNT = -611,       /* counts disagree or exceed PQS_SCMS_MAX_CERTS */
	PQS_SCMS_ERR_DUPLICATE = -612    /* the same (i, j) or request id appears twice */
};

/** Message for a code of any family (PQS_SCMS_ERR_*, pqs_err, v2x_err, ...): pqs_strerror(err). */
const char *pqs_scms_strerror(int err);

#define PQS_SCMS_POINT_LEN 33  /* compressed P-256 point */
#define PQS_SCMS_SCALAR_LEN 32
#define PQS_SCMS_EXPKEY_LEN 16 /* AES-128 expansion key */
#define PQS_SCMS_MAX_CERTS 65536u /* per vehicle request: bounds every allocation a decoder makes */

/* ------------------------------------------------------------------------
 * 1. Butterfly keys and ECQV (IEEE 1609.2.1 section 9.3; SEC 4)
 * --------------------------------------------------------------------- */

/** Which expansion: signing keys (x prefix 0^32) or encryption keys (1^32). */
typedef enum { PQS_BKE_SIGN = 0, PQS_BKE_ENC = 1 } pqs_bke_kind;

/**
 * The expansion function of IEEE 1609.2.1 section 9.3:
 * x = prefix(32 bits) || i (32) || j (32) || 0^32,
 * f_int = AES_k(x+1) ^ (x+1) || AES_k(x+2) ^ (x+2) || AES_k(x+3) ^ (x+3)  (384 bits),
 * f = f_int mod n.  x_out (16 bytes) and f_int (48 bytes) may be NULL.
 */
int pqs_bke_expand(uint8_t f[32], uint8_t *x_out, uint8_t *f_int, const uint8_t k[16], uint32_t i, uint32_t j,
                   pqs_bke_kind kind);

/** Cocoon public key B = A + f_k(i, j) * G (what the RA computes). */
int pqs_bke_cocoon_public(uint8_t B[33], const uint8_t A[33], const uint8_t k[16], uint32_t i, uint32_t j,
                          pqs_bke_kind kind);

/** Cocoon private key b = a + f_k(i, j) mod n (what only the vehicle can compute). */
int pqs_bke_cocoon_private(uint8_t b[32], const uint8_t a[32], const uint8_t k[16], uint32_t i, uint32_t j,
                           pqs_bke_kind kind);

/**
 * ECQV hash (IEEE 1609.2 section 5.3.2, SEC 4 section 3.4):
 * e = SHA-256(SHA-256(tbs) || issuer_hash) mod n, where tbs is the COER
 * ToBeSignedCertificate and issuer_hash = SHA-256(issuer certificate COER).
 */
int pqs_ecqv_hash(uint8_t e[32], const uint8_t *tbs, size_t tbs_len, const uint8_t issuer_hash[32]);

/** ECQV private key d = e * k + r mod n (k = cocoon private key, r = ACA's reconstruction value). */
int pqs_ecqv_private(uint8_t d[32], const uint8_t e[32], const uint8_t k[32], const uint8_t r[32]);

/** ECQV public key Q = e * P + Q_CA (P = reconstruction value point in the certificate). */
int pqs_ecqv_public(uint8_t Q[33], const uint8_t e[32], const uint8_t P[33], const uint8_t Q_ca[33]);

/** P-256 public key of a private scalar: Q = d * G. */
int pqs_p256_public(uint8_t Q[33], const uint8_t d[32]);

/* ------------------------------------------------------------------------
 * 2. ECIES (IEEE 1609.2 section 5.3.5)
 * --------------------------------------------------------------------- */

/*
 * Ciphertext layout (the fields of 1609.2 EciesP256EncryptedKey and
 * AesCcmCiphertext, fixed-size and concatenated):
 *   V (33, ephemeral compressed point) || C (16, wrapped AES key) ||
 *   T (16, HMAC-SHA256 tag truncated) || nonce (12) || CCM ciphertext (plaintext_len + 16).
 */
#define PQS_ECIES_OVERHEAD (33 + 16 + 16 + 12 + 16)

/**
 * Encrypt plaintext to the P-256 public key R.  p1 is the KDF2 parameter
 * P1: SHA-256 of the recipient information (1609.2 section 5.3.5.1); NULL
 * means SHA-256 of the empty string, the rule for keys not taken from a
 * certificate.  *out_len = pt_len + PQS_ECIES_OVERHEAD.
 */
int pqs_ecies_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t R[33], const uint8_t *p1,
                      const uint8_t *pt, size_t pt_len, pqs_rng *rng);

/**
 * Decrypt with the private key r.  Returns PQS_SCMS_ERR_DECRYPT when
 * either tag fails (wrong key or altered ciphertext); nothing is written
 * to pt then (pt is zeroized).
 */
int pqs_ecies_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t r[32], const uint8_t *p1,
                      const uint8_t *ct, size_t ct_len);

/** AES-128-CCM (12-byte nonce, 16-byte tag) as 1609.2 AesCcmCiphertext: out = nonce || ct || tag. */
#define PQS_AESCCM_OVERHEAD (12 + 16)
int pqs_aesccm_encrypt(uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t key[16], const uint8_t *pt,
                       size_t pt_len, pqs_rng *rng);
int pqs_aesccm_decrypt(uint8_t *pt, size_t pt_cap, size_t *pt_len, const uint8_t key[16], const uint8_t *ct,
                       size_t ct_len);


/* ------------------------------------------------------------------------
 * 3. Roles (docs/scms.md gives every message format)
 *
 * Each role is an opaque object holding only its own secrets and what it
 * has received.  Messages are malloc'd byte strings the caller frees with
 * free(); nothing else passes between roles.
 * --------------------------------------------------------------------- */

/** How the vehicle's certificate keys come about. */
typedef enum {
	PQS_SCMS_BUTTERFLY_ORIGINAL = 0, /* separate signing and encryption caterpillar keys (98 B upload) */
	PQS_SCMS_BUTTERFLY_UNIFIED = 1,  /* one caterpillar key; responses encrypted to the signing cocoon key (49 B) */
	PQS_SCMS_PQC_PLAIN = 2,          /* one PQC key pair per certificate, public keys in clear through the RA: path (a) */
	PQS_SCMS_PQC_ENCRYPTED = 3       /* the same, each public key ECIES-encrypted to the ACA: path (b) */
} pqs_scms_mode;

/** Certificate type issued in the butterfly modes (PQC modes always get explicit certificates). */
typedef enum { PQS_SCMS_EXPLICIT = 0, PQS_SCMS_IMPLICIT = 1 } pqs_scms_cert_type;

typedef struct pqs_scms_aca_ pqs_scms_aca;
typedef struct pqs_scms_ra_ pqs_scms_ra;
typedef struct pqs_scms_vehicle_ pqs_scms_vehicle;

/**
 * The ACA, with its own PKI: a root CA and the ACA certificate, both
 * signing with ca_alg (a registry name; implicit certificates need
 * "ECDSA-P256", as ECQV works on the ACA's P-256 key), and a P-256
 * encryption key pair for path (b).  start: Time32 of the PKI's start;
 * the root and ACA certificates are valid for 10 years from then.
 * Returns NULL and *err on failure (PQS_ERR_UNKNOWN_ALG if ca_alg is not
 * registered).
 */
pqs_scms_aca *pqs_scms_aca_new(const char *ca_alg, uint32_t start, pqs_rng *rng, int *err);
void pqs_scms_aca_free(pqs_scms_aca *a);
/** The public material a vehicle is provisioned with: root and ACA certificates (COER), ACA encryption key. */
const uint8_t *pqs_scms_aca_root_cert(const pqs_scms_aca *a, size_t *len);
const uint8_t *pqs_scms_aca_cert(const pqs_scms_aca *a, size_t *len);
void pqs_scms_aca_enc_public(const pqs_scms_aca *a, uint8_t pub[33]);
/**
 * Process one batch of certificate requests from the RA; *out = the batch
 * of responses, in the same order.  All or nothing: any malformed request
 * (or a path-(b) request the ACA cannot decrypt) fails the call and no
 * response is produced.  Implicit requests need an ECDSA-P256 ACA
 * (PQS_ERR_UNSUPPORTED otherwise).
 */
int pqs_scms_aca_process(pqs_scms_aca *a, const uint8_t *batch, size_t len, uint8_t **out, size_t *out_len);
/**
 * Threads that answer a batch: the requests are independent, so
 * pqs_scms_aca_process issues certificates on a bounded pool of workers,
 * the calling thread among them, each taking the next request.  0 (the
 * default) means one per online core; at most PQS_SCMS_MAX_WORKERS.  An
 * ACA made with a caller's rng always uses one thread (that generator's
 * draws stay in request order).  The response batch is the same bytes
 * apart from the randomness.
 */
#define PQS_SCMS_MAX_WORKERS 64u
void pqs_scms_aca_set_workers(pqs_scms_aca *a, unsigned workers);
/** How many workers a batch of count requests gets. */
unsigned pqs_scms_aca_workers(const pqs_scms_aca *a, uint32_t count);

/** The RA.  It sees vehicle requests and ACA responses, nothing else. */
pqs_scms_ra *pqs_scms_ra_new(pqs_rng *rng);
void pqs_scms_ra_free(pqs_scms_ra *r);
/**
 * Accept one vehicle's provisioning request (butterfly expansion happens
 * here).  One request per enrollment id (PQS_SCMS_ERR_DUPLICATE); a
 * rejected request leaves the RA unchanged.
 */
int pqs_scms_ra_receive(pqs_scms_ra *r, const uint8_t *req, size_t len);
/**
 * All received certificate requests, from every vehicle, shuffled, as one
 * batch for the ACA.  One forward per RA object (PQS_SCMS_ERR_COUNT if
 * nothing is pending or requests arrived after a forward).
 */
int pqs_scms_ra_forward(pqs_scms_ra *r, uint8_t **out, size_t *out_len);
/**
 * Accept the ACA's response batch and file each response under its
 * vehicle.  A response to an unknown or already answered request id
 * (PQS_SCMS_ERR_UNKNOWN_REQUEST / _DUPLICATE) or a malformed one rejects
 * the whole batch and files nothing.
 */
int pqs_scms_ra_deliver(pqs_scms_ra *r, const uint8_t *batch, size_t len);
/** The download for the vehicle with this enrollment id. */
int pqs_scms_ra_download(pqs_scms_ra *r, const uint8_t enrollment_id[8], uint8_t **out, size_t *out_len);

/** What a vehicle asks for. */
typedef struct {
	pqs_scms_mode mode;
	pqs_scms_cert_type cert_type; /* butterfly modes only */
	const char *pqc_alg;          /* PQC modes: registry name ("ML-DSA-44", "Falcon-padded-512") */
	uint8_t enrollment_id[8];     /* stands for the enrollment certificate's HashedId8 */
	uint32_t i_start, i_count, j_count; /* i = time period (week), j = certificate within it */
} pqs_scms_vehicle_cfg;

/**
 * A vehicle provisioned with the root and ACA certificates and the ACA's
 * encryption key (needed by path (b) only).  The ACA certificate must
 * verify under the self-signed root (PQS_SCMS_ERR_CERT_INVALID otherwise).
 * Returns NULL and *err.
 */
pqs_scms_vehicle *pqs_scms_vehicle_new(const pqs_scms_vehicle_cfg *cfg, const uint8_t *root_cert,
                                       size_t root_len, const uint8_t *aca_cert, size_t aca_len,
                                       const uint8_t aca_enc_pub[33], pqs_rng *rng, int *err);
void pqs_scms_vehicle_free(pqs_scms_vehicle *v);
/**
 * Make the keys and the provisioning request.  *key_bytes = the raw key
 * material inside it (49 or 98 B for butterfly; N public keys for PQC).
 */
int pqs_scms_vehicle_request(pqs_scms_vehicle *v, uint8_t **out, size_t *out_len, size_t *key_bytes);
/**
 * Accept the download: decrypt each response, derive each private key
 * (a + f + c, or e*(a + f) + r, or the stored PQC key) and check it
 * against its certificate; explicit certificates are also checked to
 * verify under the ACA certificate (by signing and verifying a 1609.2
 * SPDU with the new key).  Any failure rejects the whole download and
 * leaves the vehicle without certificates.
 */
int pqs_scms_vehicle_accept(pqs_scms_vehicle *v, const uint8_t *download, size_t len);
/** The enrollment id the vehicle was configured with (8 bytes). */
const uint8_t *pqs_scms_vehicle_enrollment_id(const pqs_scms_vehicle *v);
/** Number of accepted certificates (0 before accept). */
size_t pqs_scms_vehicle_cert_count(const pqs_scms_vehicle *v);
/**
 * Accepted certificate idx: its COER encoding, (i, j), and its key pair
 * in registry encoding (ECDSA-P256 or the PQC class).  For an implicit
 * certificate pk is the reconstructed public key.  Pointers stay valid
 * while the vehicle lives.
 */
int pqs_scms_vehicle_cert(const pqs_scms_vehicle *v, size_t idx, const uint8_t **cert, size_t *cert_len,
                          uint32_t *i, uint32_t *j, const uint8_t **pk, size_t *pk_len, const uint8_t **sk,
                          size_t *sk_len);

/* ------------------------------------------------------------------------
 * 4. The whole flow, measured (used by `pqsig scms issue` and the report)
 * --------------------------------------------------------------------- */

typedef struct {
	pqs_scms_mode mode;
	pqs_scms_cert_type cert_type;
	const char *ca_alg;   /* registry name of the ACA's scheme */
	const char *pqc_alg;  /* PQC modes */
	uint32_t certs;       /* per vehicle; rounded up to whole periods of per_week certificates */
	uint32_t per_week;    /* certificates per period i (j_count); 0 means 20 */
	uint32_t vehicles;    /* how many vehicles the RA mixes (>= 1) */
	/* Keep the objects after the run (tests): the caller owns them then. */
	int keep;
	unsigned aca_workers; /* pqs_scms_aca_set_workers; 0: one per online core */
} pqs_scms_flow_cfg;

typedef struct {
	uint32_t certs;                 /* issued per vehicle */
	size_t upload_key_bytes;        /* raw key material, per vehicle */
	size_t upload_request_bytes;    /* encoded provisioning request, per vehicle */
	size_t ra_to_aca_bytes;         /* the shuffled batch (all vehicles) */
	size_t aca_to_ra_bytes;         /* the response batch (all vehicles) */
	size_t download_bytes;          /* per vehicle */
	double vehicle_cpu_s;           /* per vehicle: keys + request + accept */
	double ra_cpu_s;                /* whole batch */
	double aca_cpu_s;               /* whole batch, all workers' CPU time */
	double aca_wall_s;              /* whole batch, elapsed (monotonic clock) */
	unsigned aca_workers;           /* threads that answered the batch */
	/* With keep: */
	uint32_t n_vehicles;
	pqs_scms_aca *aca;
	pqs_scms_ra *ra;
	pqs_scms_vehicle **vehicle;     /* vehicles entries */
	uint8_t **requests;             /* each vehicle's request (what the RA received) */
	size_t *request_len;
	uint8_t *aca_batch;             /* what the RA received from the ACA */
	size_t aca_batch_len;
	uint8_t *ra_batch;              /* what the RA sent to the ACA */
	size_t ra_batch_len;
} pqs_scms_flow_result;

/** Run the flow once (rng NULL: OS randomness). */
int pqs_scms_flow_run(const pqs_scms_flow_cfg *cfg, pqs_scms_flow_result *res, pqs_rng *rng);
/**
 * The sizes of a run with certs certificates per vehicle, without running
 * it: every message is affine in the certificate count (fixed-size
 * entries), so runs at 20 and 40 certificates (cfg->per_week 20) determine
 * each size exactly and a run at 60 checks the line (PQS_SCMS_ERR_COUNT if
 * it does not hold).  The CPU times in *res are those of the 60-certificate
 * run; res->certs is set to certs.  cfg->certs and cfg->keep are ignored.
 */
#define PQS_SCMS_SIZES_CPU_CERTS 60u
int pqs_scms_flow_sizes_at(const pqs_scms_flow_cfg *cfg, uint32_t certs, pqs_scms_flow_result *res, pqs_rng *rng);

/** Free what a kept run holds. */
void pqs_scms_flow_free(pqs_scms_flow_result *res);

#ifdef __cplusplus
}
#endif

#endif
