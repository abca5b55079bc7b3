/*
 * The V2X stack's fast paths (issue 16, the "V2X stack" target) keep their
 * verdicts:
 *
 *   - test_v2x_fastpath_warm_no_cert_hash: an SPDU whose attached
 *     certificate is byte for byte one the verified-certificate cache holds
 *     is verified without hashing that certificate: the stack hashes
 *     exactly the 1609.2 section 5.3.1 data input (ToBeSignedData, then the
 *     two digests), counted by the pqs_v2x_test_hashed_bytes hook; the same
 *     for a digest signer;
 *   - test_v2x_fastpath_one_byte_off: a certificate one byte away from a
 *     cached one (in the name the CA's certificates share, in the middle of
 *     the CA's signature, in its last octet) is validated from scratch: it
 *     is hashed, its CA signature fails, the SPDU is rejected and the cache
 *     is unchanged; a re-issued certificate of the same key (other bytes)
 *     is validated in full and cached beside the first;
 *   - test_v2x_fastpath_eviction: an entry evicted from a full cache costs
 *     a full validation again (chain signatures, certificate hash), then is
 *     warm again; pqs_v2x_cache_memory counts the table, the certificate
 *     copies and the prepared keys;
 *   - test_v2x_fastpath_prepared_signer: a signer with its secret key
 *     prepared (pqs_v2x_signer_prepare) gives SPDUs that verify and, for
 *     schemes whose randomness comes from the caller's rng (all but
 *     OpenSSL's ECDSA nonces), the same bytes as the unprepared signer.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/rand.h"
#include "pqsig/v2x.h"
#include "testutil.h"
#include "v2x/dot2/v2x_inner.h"

#define NOW_UNIX 1795953600ull
#define PSID     0x20u

static uint64_t now64;
static uint32_t now32;
static const uint8_t payload[100] = { 0x42, 0x17 };

typedef struct {
	uint8_t b[16384];
	size_t n;
} blob;

/* A root of the CA algorithm, and vehicles of the vehicle algorithm that it issues. */
typedef struct {
	v2x_profile prof;
	v2x_key root_key;
	blob root;
} pki;

static int pki_make(pki *p, const char *profile)
{
	v2x_cert_params cp;
	int e = pqs_v2x_profile_parse(profile, &p->prof);
	e = e ? e : pqs_v2x_key_generate(&p->root_key, p->prof.ca, NULL);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
	return e ? e
		 : pqs_v2x_cert_issue(&cp, &p->root_key, &p->root_key, NULL, 0, NULL, p->root.b, sizeof p->root.b,
				      &p->root.n);
}

static int vehicle_cert(const pki *p, const v2x_key *k, uint32_t start, blob *out)
{
	v2x_cert_params cp;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, start);
	return pqs_v2x_cert_issue(&cp, k, &p->root_key, p->root.b, p->root.n, NULL, out->b, sizeof out->b, &out->n);
}

static int sign(const v2x_key *k, const blob *cert, v2x_signer_kind kind, uint64_t gen, blob *out)
{
	v2x_signer s;
	int e = pqs_v2x_signer_init(&s, k, cert->b, cert->n, kind, NULL);
	return e ? e : pqs_v2x_spdu_sign(&s, PSID, gen, payload, sizeof payload, out->b, sizeof out->b, &out->n);
}

/* Bytes the stack hashes for an SPDU's data input (5.3.1): its ToBeSignedData, then two digests. */
static size_t data_input_bytes(const blob *spdu, size_t signer_bytes, const v2x_alg *alg)
{
	/* protocolVersion, content tag, hashId | tbsData | signer | signature */
	size_t tbs = spdu->n - 3 - signer_bytes - pqs_v2x_alg_sig_wire_len(alg);
	return tbs + 2 * pqs_v2x_hash_len(alg->hash);
}

/* Verify with v, returning the bytes hashed on the way in *hashed. */
static int verify_counting(v2x_verify_ctx *v, const blob *spdu, uint64_t *hashed)
{
	uint64_t before = pqs_v2x_test_hashed_bytes();
	int e = pqs_v2x_spdu_verify(v, spdu->b, spdu->n, NULL);
	*hashed = pqs_v2x_test_hashed_bytes() - before;
	return e;
}

/* A PKI of one profile, a vehicle with its certificate, a store trusting the root and a cache. */
typedef struct {
	pki p;
	v2x_key vk;
	blob cert;
	v2x_store *st;
	v2x_cache *c;
	v2x_verify_ctx v;
} fixture;

static int fixture_open(fixture *f, const char *profile, size_t cache_cap)
{
	int e = pki_make(&f->p, profile);
	e = e ? e : pqs_v2x_key_generate(&f->vk, f->p.prof.vehicle, NULL);
	e = e ? e : vehicle_cert(&f->p, &f->vk, now32 - 3600, &f->cert);
	f->st = pqs_v2x_store_new(2);
	f->c = pqs_v2x_cache_new(cache_cap);
	if (!e)
		e = f->st && f->c ? pqs_v2x_store_add_root(f->st, f->p.root.b, f->p.root.n) : V2X_ERR_NOMEM;
	pqs_v2x_verify_ctx_init(&f->v, f->st, f->c, now64);
	TU_CHECK(e == V2X_OK, "%s: setup: %s", profile, pqs_v2x_strerror(e));
	return e;
}

static void fixture_close(fixture *f)
{
	pqs_v2x_key_clear(&f->vk);
	pqs_v2x_key_clear(&f->p.root_key);
	pqs_v2x_cache_free(f->c);
	pqs_v2x_store_free(f->st);
}

static void warm_no_cert_hash(const char *profile)
{
	static fixture f;
	blob s1, s2, d1;
	uint64_t hashed = 0;
	int e = fixture_open(&f, profile, 4);
	e = e ? e : sign(&f.vk, &f.cert, V2X_SIGNER_CERT, now64 - 2000, &s1);
	e = e ? e : sign(&f.vk, &f.cert, V2X_SIGNER_CERT, now64 - 1000, &s2);
	e = e ? e : sign(&f.vk, &f.cert, V2X_SIGNER_DIGEST, now64, &d1);
	TU_CHECK(e == V2X_OK, "%s: SPDUs signed: %s", profile, pqs_v2x_strerror(e));
	const v2x_alg *alg = f.p.prof.vehicle;
	size_t attached = 3 + f.cert.n; /* SignerIdentifier certificate: tag, quantity 1 (2 octets), the certificate */
	e = e ? e : verify_counting(&f.v, &s1, &hashed);
	TU_CHECK(e == V2X_OK && f.v.cache_misses == 1 && f.v.sig_checks == 2, "%s: cold: %s, %lu misses", profile,
		 pqs_v2x_strerror(e), f.v.cache_misses);
	TU_CHECK(hashed >= f.cert.n + data_input_bytes(&s1, attached, alg),
		 "%s: cold: the certificate was hashed (%llu bytes)", profile, (unsigned long long)hashed);
	e = e ? e : verify_counting(&f.v, &s2, &hashed);
	TU_CHECK(e == V2X_OK && f.v.cache_hits == 1 && f.v.sig_checks == 3, "%s: warm: %s, %lu hits", profile,
		 pqs_v2x_strerror(e), f.v.cache_hits);
	TU_CHECK(hashed == data_input_bytes(&s2, attached, alg),
		 "%s: warm: only the data input hashed (%llu bytes, %zu expected; certificate %zu)", profile,
		 (unsigned long long)hashed, data_input_bytes(&s2, attached, alg), f.cert.n);
	e = e ? e : verify_counting(&f.v, &d1, &hashed);
	TU_CHECK(e == V2X_OK && f.v.cache_hits == 2 && f.v.sig_checks == 4, "%s: warm digest signer: %s", profile,
		 pqs_v2x_strerror(e));
	TU_CHECK(hashed == data_input_bytes(&d1, 1 + 8, alg),
		 "%s: warm digest signer: only the data input hashed (%llu bytes)", profile,
		 (unsigned long long)hashed);
	fixture_close(&f);
}

/* The first position of needle in cert, or 0. */
static size_t find(const blob *cert, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= cert->n; i++)
		if (memcmp(cert->b + i, needle, n) == 0)
			return i;
	return 0;
}

static void one_byte_off(const char *profile)
{
	static fixture f;
	blob cert2, warm, s;
	uint64_t hashed = 0;
	int e = fixture_open(&f, profile, 4);
	e = e ? e : vehicle_cert(&f.p, &f.vk, now32 - 7200, &cert2); /* the same key, another certificate */
	e = e ? e : sign(&f.vk, &f.cert, V2X_SIGNER_CERT, now64, &warm);
	e = e ? e : pqs_v2x_spdu_verify(&f.v, warm.b, warm.n, NULL);
	TU_CHECK(e == V2X_OK && pqs_v2x_cache_size(f.c) == 1, "%s: the certificate is cached: %s", profile,
		 pqs_v2x_strerror(e));
	/* one byte off: in the name every vehicle of this CA shares, in the middle of the CA's
	 * signature (the same last octets as the cached copy), and in the last octet */
	size_t sig_wire = pqs_v2x_alg_sig_wire_len(f.p.prof.ca);
	const size_t at[3] = { find(&f.cert, "vehicle"), f.cert.n - sig_wire / 2 + 4, f.cert.n - 1 };
	TU_CHECK(at[0] != 0, "%s: the name is in the certificate", profile);
	for (size_t i = 0; i < 3 && !e; i++) {
		blob off = f.cert;
		off.b[at[i]] ^= 0x01;
		unsigned long misses = f.v.cache_misses, checks = f.v.sig_checks;
		/* a signer with the altered certificate signs a valid SPDU: only the certificate is wrong */
		int se = sign(&f.vk, &off, V2X_SIGNER_CERT, now64, &s);
		TU_CHECK(se == V2X_OK, "%s: byte %zu: signed: %s", profile, at[i], pqs_v2x_strerror(se));
		int ve = verify_counting(&f.v, &s, &hashed);
		TU_CHECK(ve == V2X_ERR_CERT_SIG_INVALID, "%s: byte %zu of %zu off: %s", profile, at[i], f.cert.n,
			 pqs_v2x_strerror(ve));
		TU_CHECK(f.v.cache_misses == misses + 1 && f.v.sig_checks == checks + 1 && hashed >= off.n,
			 "%s: byte %zu off: validated from scratch (%lu misses, %lu checks, %llu bytes hashed)",
			 profile, at[i], f.v.cache_misses - misses, f.v.sig_checks - checks,
			 (unsigned long long)hashed);
		TU_CHECK(pqs_v2x_cache_size(f.c) == 1, "%s: byte %zu off: not cached", profile, at[i]);
	}
	/* the cached certificate is still warm */
	unsigned long hits = f.v.cache_hits;
	e = e ? e : pqs_v2x_spdu_verify(&f.v, warm.b, warm.n, NULL);
	TU_CHECK(e == V2X_OK && f.v.cache_hits == hits + 1, "%s: the cached certificate still hits: %s", profile,
		 pqs_v2x_strerror(e));
	/* another valid certificate of the same key: a full validation, then an entry of its own */
	unsigned long misses = f.v.cache_misses;
	e = e ? e : sign(&f.vk, &cert2, V2X_SIGNER_CERT, now64, &s);
	e = e ? e : verify_counting(&f.v, &s, &hashed);
	TU_CHECK(e == V2X_OK && f.v.cache_misses == misses + 1 && hashed >= cert2.n && pqs_v2x_cache_size(f.c) == 2,
		 "%s: re-issued certificate validated in full and cached: %s", profile, pqs_v2x_strerror(e));
	fixture_close(&f);
}

static void eviction(const char *profile)
{
	enum { N = 3 };
	static pki p;
	static blob cert[N], s[N];
	v2x_key vk[N];
	uint64_t hashed = 0;
	int e = pki_make(&p, profile);
	for (size_t i = 0; i < N && !e; i++) {
		e = pqs_v2x_key_generate(&vk[i], p.prof.vehicle, NULL);
		e = e ? e : vehicle_cert(&p, &vk[i], now32 - 3600, &cert[i]);
		e = e ? e : sign(&vk[i], &cert[i], V2X_SIGNER_CERT, now64, &s[i]);
	}
	TU_CHECK(e == V2X_OK, "%s: setup: %s", profile, pqs_v2x_strerror(e));
	if (e)
		return;
	v2x_store *st = pqs_v2x_store_new(2);
	v2x_cache *c = pqs_v2x_cache_new(N - 1);
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, st, c, now64);
	pqs_v2x_store_add_root(st, p.root.b, p.root.n);
	size_t empty = pqs_v2x_cache_memory(c);
	for (size_t i = 0; i < N && !e; i++)
		e = pqs_v2x_spdu_verify(&v, s[i].b, s[i].n, NULL);
	TU_CHECK(e == V2X_OK && v.cache_misses == N && pqs_v2x_cache_size(c) == N - 1,
		 "%s: %d vehicles through a cache of %d: %s", profile, N, N - 1, pqs_v2x_strerror(e));
	/* the memory it reports: the fixed table, then per entry its certificate copy and prepared key */
	size_t prepared = pqs_v2x_prepared_size(pqs_sig_prepared_len(pqs_v2x_alg_class(p.prof.vehicle)));
	TU_CHECK(pqs_v2x_cache_memory(c) == empty + cert[1].n + cert[2].n + 2 * prepared,
		 "%s: cache memory %zu = %zu + certificates %zu + %zu + prepared keys 2 x %zu", profile,
		 pqs_v2x_cache_memory(c), empty, cert[1].n, cert[2].n, prepared);
	/* vehicle 0 was evicted (least recently used): validated in full again, evicting vehicle 1 */
	e = verify_counting(&v, &s[0], &hashed);
	TU_CHECK(e == V2X_OK && v.cache_misses == N + 1 && v.sig_checks == 2 * N + 2 && hashed >= cert[0].n,
		 "%s: evicted vehicle: full validation (%s, %llu bytes hashed)", profile, pqs_v2x_strerror(e),
		 (unsigned long long)hashed);
	e = verify_counting(&v, &s[0], &hashed);
	TU_CHECK(e == V2X_OK && v.cache_hits == 1 && hashed == data_input_bytes(&s[0], 3 + cert[0].n, p.prof.vehicle),
		 "%s: evicted vehicle cached again: warm, certificate not hashed: %s", profile, pqs_v2x_strerror(e));
	e = verify_counting(&v, &s[2], &hashed);
	TU_CHECK(e == V2X_OK && v.cache_hits == 2, "%s: most recent vehicle still warm: %s", profile,
		 pqs_v2x_strerror(e));
	e = verify_counting(&v, &s[1], &hashed);
	TU_CHECK(e == V2X_OK && v.cache_misses == N + 2 && hashed >= cert[1].n, "%s: vehicle 1 was evicted: %s",
		 profile, pqs_v2x_strerror(e));
	pqs_v2x_cache_clear(c);
	TU_CHECK(pqs_v2x_cache_memory(c) == empty, "%s: a cleared cache holds its table only", profile);
	for (size_t i = 0; i < N; i++)
		pqs_v2x_key_clear(&vk[i]);
	pqs_v2x_key_clear(&p.root_key);
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
}

/* A deterministic randomness source (xorshift64), so that two signers can be fed the same stream. */
typedef struct {
	pqs_rng rng;
	uint64_t state;
} test_rng;

static int test_rng_fill(pqs_rng *self, uint8_t *out, size_t len)
{
	test_rng *t = (test_rng *)self;
	for (size_t i = 0; i < len; i++)
		out[i] = (uint8_t)tu_xorshift64(&t->state);
	return 0;
}

static void prepared_signer(const char *alg_name, int same_bytes)
{
	const v2x_alg *alg = pqs_v2x_alg_find(alg_name);
	static pki p;
	v2x_key vk;
	blob cert;
	static blob plain[2], prep[2];
	if (!alg || !pqs_v2x_alg_class(alg)) {
		printf("# %s skipped: not registered in this build\n", alg_name);
		return;
	}
	int e = pki_make(&p, "ECDSA");
	e = e ? e : pqs_v2x_key_generate(&vk, alg, NULL);
	e = e ? e : vehicle_cert(&p, &vk, now32 - 3600, &cert);
	TU_CHECK(e == V2X_OK, "%s: setup: %s", alg_name, pqs_v2x_strerror(e));
	if (e)
		return;
	v2x_store *st = pqs_v2x_store_new(2);
	v2x_cache *c = pqs_v2x_cache_new(2);
	pqs_v2x_store_add_root(st, p.root.b, p.root.n);
	for (int kind = 0; kind < 2; kind++) {
		test_rng r1 = { { test_rng_fill }, 0x9e3779b97f4a7c15ull + (uint64_t)kind };
		test_rng r2 = r1;
		v2x_signer a, b;
		e = pqs_v2x_signer_init(&a, &vk, cert.b, cert.n, (v2x_signer_kind)kind, &r1.rng);
		e = e ? e : pqs_v2x_signer_init(&b, &vk, cert.b, cert.n, (v2x_signer_kind)kind, &r2.rng);
		e = e ? e : pqs_v2x_signer_prepare(&b);
		TU_CHECK(e == V2X_OK && b.prepared_sk != NULL && a.prepared_sk == NULL, "%s: prepared: %s", alg_name,
			 pqs_v2x_strerror(e));
		void *held = b.prepared_sk;
		TU_CHECK(pqs_v2x_signer_prepare(&b) == V2X_OK && b.prepared_sk == held,
			 "%s: preparing again is a no-op", alg_name);
		e = e ? e
		      : pqs_v2x_spdu_sign(&a, PSID, now64, payload, sizeof payload, plain[kind].b, sizeof plain[kind].b,
					  &plain[kind].n);
		e = e ? e
		      : pqs_v2x_spdu_sign(&b, PSID, now64, payload, sizeof payload, prep[kind].b, sizeof prep[kind].b,
					  &prep[kind].n);
		TU_CHECK(e == V2X_OK, "%s: signed: %s", alg_name, pqs_v2x_strerror(e));
		if (same_bytes)
			TU_CHECK(prep[kind].n == plain[kind].n &&
					 memcmp(prep[kind].b, plain[kind].b, plain[kind].n) == 0,
				 "%s (%s signer): prepared and plain signers give the same SPDU", alg_name,
				 kind ? "digest" : "certificate");
		pqs_v2x_signer_release(&b);
		TU_CHECK(b.prepared_sk == NULL, "%s: released", alg_name);
		pqs_v2x_signer_release(&b); /* twice: nothing left to release */
	}
	/* the certificate form first (it fills the cache the digest form needs), from each signer */
	for (int kind = 0; kind < 2; kind++) {
		v2x_verify_ctx v;
		pqs_v2x_verify_ctx_init(&v, st, c, now64);
		TU_CHECK(pqs_v2x_spdu_verify(&v, plain[kind].b, plain[kind].n, NULL) == V2X_OK &&
				 pqs_v2x_spdu_verify(&v, prep[kind].b, prep[kind].n, NULL) == V2X_OK,
			 "%s (%s signer): plain and prepared SPDUs verify", alg_name, kind ? "digest" : "certificate");
		/* and a payload bit flipped in the prepared SPDU does not */
		blob bad = prep[kind];
		bad.b[10] ^= 0x01;
		TU_CHECK(pqs_v2x_spdu_verify(&v, bad.b, bad.n, NULL) == V2X_ERR_SIG_INVALID,
			 "%s (%s signer): altered prepared SPDU rejected", alg_name, kind ? "digest" : "certificate");
	}
	pqs_v2x_key_clear(&vk);
	pqs_v2x_key_clear(&p.root_key);
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
}

int main(void)
{
	now64 = pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull);
	now32 = (uint32_t)(now64 / 1000000u);
	/* the seed's algorithms as vehicle and CA, and a P-384 CA (SHA-384 HashedId8s and data inputs) */
	static const char *const profiles[] = { "ECDSA",           "FN-DSA-512",       "ML-DSA-44",
						"ECDSA/ML-DSA-44", "ECDSA+FN-DSA-512", "ECDSA-P384" };
	for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
		v2x_profile prof;
		if (pqs_v2x_profile_parse(profiles[i], &prof) != V2X_OK || !pqs_v2x_profile_available(&prof)) {
			printf("# %s skipped: not registered in this build\n", profiles[i]);
			continue;
		}
		warm_no_cert_hash(profiles[i]);
		one_byte_off(profiles[i]);
		eviction(profiles[i]);
	}
	/* ECDSA nonces come from OpenSSL, not from the signer's rng: those SPDUs only verify */
	prepared_signer("ECDSA", 0);
	prepared_signer("ECDSA-P384", 0);
	prepared_signer("ECDSA+ML-DSA-44", 0);
	prepared_signer("ML-DSA-44", 1);
	prepared_signer("FN-DSA-512", 1);
	prepared_signer("Falcon-512", 1);
	return tu_finish("test_v2x_fastpath");
}
