/*
 * Every V2X profile end to end: issue a root and a vehicle certificate,
 * sign 1609.2 SPDUs (certificate and digest signers), verify them, check
 * the seed's sizes exactly, the verified-certificate cache, and that each
 * corruption is rejected for the right reason: single-byte flips in the
 * payload, header, certificate and signature; an expired certificate; a
 * PSID outside the certificate; an untrusted root; a stale generationTime.
 *
 * Profiles whose schemes are not registered yet are skipped with a message.
 * "--full" flips every byte (the default samples inside large PQC blobs).
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/v2x.h"
#include "testutil.h"

static int full;
/* --full, except for profiles with an SLH-DSA CA: each flip inside their certificate costs an SLH-DSA
 * verification (thousands of hashes, FIPS 205 section 10.3), ~8-17 k of them per profile */
static int flip_every_byte;

/* A fixed "now": 2026-11-29 12:00:00 UTC. */
#define NOW_UNIX 1795953600ull

typedef struct {
	v2x_profile prof;
	v2x_key root_key, veh_key;
	uint8_t root[V2X_MAX_CERT], veh[V2X_MAX_CERT];
	size_t root_len, veh_len;
	v2x_store *store;
	uint64_t now; /* Time64 */
} pki;

static int pki_make(pki *p, const char *profile, uint32_t veh_start, uint16_t veh_hours, uint32_t veh_psid)
{
	v2x_cert_params cp;
	int e = pqs_v2x_profile_parse(profile, &p->prof);
	if (e)
		return e;
	p->now = pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull);
	uint32_t now32 = (uint32_t)(p->now / 1000000u);
	if ((e = pqs_v2x_key_generate(&p->root_key, p->prof.ca, NULL)) != 0 ||
	    (e = pqs_v2x_key_generate(&p->veh_key, p->prof.vehicle, NULL)) != 0)
		return e;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
	if ((e = pqs_v2x_cert_issue(&cp, &p->root_key, &p->root_key, NULL, 0, NULL, p->root, sizeof p->root,
				    &p->root_len)) != 0)
		return e;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, veh_start ? veh_start : now32 - 3600);
	if (veh_hours)
		cp.duration = veh_hours;
	cp.psids[0] = veh_psid;
	if ((e = pqs_v2x_cert_issue(&cp, &p->veh_key, &p->root_key, p->root, p->root_len, NULL, p->veh, sizeof p->veh,
				    &p->veh_len)) != 0)
		return e;
	p->store = pqs_v2x_store_new(8);
	if (!p->store)
		return V2X_ERR_NOMEM;
	return pqs_v2x_store_add_root(p->store, p->root, p->root_len);
}

static void pki_free(pki *p)
{
	pqs_v2x_store_free(p->store);
	pqs_v2x_key_clear(&p->root_key);
	pqs_v2x_key_clear(&p->veh_key);
}

static int sign(const pki *p, v2x_signer_kind kind, uint32_t psid, uint64_t gen, uint8_t *out, size_t cap,
                size_t *len)
{
	v2x_signer s;
	uint8_t payload[100];
	for (size_t i = 0; i < sizeof payload; i++)
		payload[i] = (uint8_t)(i * 7 + 1);
	int e = pqs_v2x_signer_init(&s, &p->veh_key, p->veh, p->veh_len, kind, NULL);
	if (!e)
		e = pqs_v2x_spdu_sign(&s, psid, gen, payload, sizeof payload, out, cap, len);
	if (!e)
		TU_CHECK(*len <= pqs_v2x_spdu_max_len(&s, sizeof payload), "SPDU within pqs_v2x_spdu_max_len");
	return e;
}

static int verify(const pki *p, const uint8_t *spdu, size_t len, v2x_cache *cache, unsigned long *checks)
{
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, p->store, cache, p->now);
	int e = pqs_v2x_spdu_verify(&v, spdu, len, NULL);
	if (checks)
		*checks = v.sig_checks;
	return e;
}

/* The seed's sizes (100-byte payload, certificate attached, issued by the root). */
static long expected_size(const char *profile)
{
	static const struct { const char *p; long n; } t[] = {
		{ "ECDSA", 333 }, { "ML-DSA-44", 6331 }, { "ML-DSA-87", 12025 }, { "FN-DSA-512", 2408 },
		{ "ECDSA+ML-DSA-87", 12188 }, /* published 12195: docs/v2x.md explains the 7 bytes */
		{ "ECDSA/ML-DSA-44", 2691 }, { "ECDSA/FN-DSA-512", 937 }, { "ECDSA/ECDSA+FN-DSA-512", 1002 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(t[i].p, profile) == 0)
			return t[i].n;
	return -1;
}

/* Offsets of the parts of a certificate-signed SPDU (our encoder's layout). */
typedef struct {
	size_t payload_start, payload_end, header_end, cert_start, cert_end, len;
} layout;

static layout layout_of(const pki *p, size_t len)
{
	layout l;
	l.payload_start = 3 + 1 + 2 + 1; /* version, tag, hashId, payload preamble, inner version+tag, length */
	l.payload_end = l.payload_start + 100;
	l.header_end = l.payload_end + 1 + 2 + 8;
	l.cert_start = l.header_end + 3;
	l.cert_end = l.cert_start + p->veh_len;
	l.len = len;
	return l;
}

/* Positions to flip: every byte, or (by default) every byte outside long
 * runs plus a sample inside them, so big PQC profiles stay fast. */
static int pick(size_t i, size_t start, size_t end)
{
	if (flip_every_byte || end - start < 400)
		return 1;
	return i < start + 96 || i + 96 >= end || (i % 61) == 0;
}

/*
 * Flip bytes of a certificate-signed SPDU one at a time: none may verify.
 * With a warm cache (cache != NULL) only the attached certificate is
 * flipped: a near-copy of a cached certificate must not ride on the cache.
 */
static void flips(const pki *p, const char *profile, const uint8_t *spdu, size_t len, v2x_cache *cache)
{
	layout l = layout_of(p, len);
	uint8_t *m = malloc(len);
	unsigned long n = 0, bad = 0;
	memcpy(m, spdu, len);
	for (size_t i = 0; i < len; i++) {
		int in_payload = i >= l.payload_start && i < l.payload_end;
		size_t rs = i < l.payload_start ? 0
		            : in_payload        ? l.payload_start
		            : i < l.header_end  ? l.payload_end
		            : i < l.cert_end    ? l.header_end
		                                : l.cert_end;
		size_t re = i < l.payload_start ? l.payload_start
		            : in_payload        ? l.payload_end
		            : i < l.header_end  ? l.header_end
		            : i < l.cert_end    ? l.cert_end
		                                : len;
		if (!pick(i, rs, re) || (cache && (i < l.cert_start || i >= l.cert_end)))
			continue;
		m[i] ^= 0x01;
		int e = verify(p, m, len, cache, NULL);
		m[i] ^= 0x01;
		n++;
		if (e == V2X_OK) {
			bad++;
			TU_CHECK(0, "%s: flip at %zu accepted", profile, i);
			continue;
		}
		if (in_payload) /* a payload change only breaks the signature */
			TU_CHECK(e == V2X_ERR_SIG_INVALID, "%s: payload flip at %zu: %s", profile, i,
				 pqs_v2x_strerror(e));
		else if (i >= l.cert_end) /* signature bytes */
			TU_CHECK(e == V2X_ERR_SIG_INVALID || e == V2X_ERR_ALG_MISMATCH || e == V2X_ERR_UNSUPPORTED ||
					 pqs_v2x_err_is_malformed(e),
				 "%s: signature flip at %zu: %s", profile, i, pqs_v2x_strerror(e));
		else if (i >= l.cert_start) /* certificate: malformed, or its issuer's signature fails */
			TU_CHECK(pqs_v2x_err_is_malformed(e) || e == V2X_ERR_CERT_SIG_INVALID ||
					 e == V2X_ERR_ISSUER_UNKNOWN || e == V2X_ERR_CERT_EXPIRED ||
					 e == V2X_ERR_CERT_NOT_YET_VALID || e == V2X_ERR_UNSUPPORTED ||
					 e == V2X_ERR_PSID_NOT_PERMITTED || e == V2X_ERR_ISSUER_PERMISSIONS ||
					 e == V2X_ERR_REGION || e == V2X_ERR_ALG_MISMATCH ||
					 e == V2X_ERR_UNTRUSTED_ROOT,
				 "%s: certificate flip at %zu: %s", profile, i, pqs_v2x_strerror(e));
	}
	printf("  %-24s %lu flips%s, %lu accepted\n", profile, n, cache ? " (certificate, warm cache)" : "", bad);
	free(m);
}

static void run_profile(const char *profile)
{
	pki p;
	memset(&p, 0, sizeof p);
	v2x_profile pr;
	if (pqs_v2x_profile_parse(profile, &pr) != V2X_OK) {
		TU_CHECK(0, "profile %s does not parse", profile);
		return;
	}
	if (!pqs_v2x_profile_available(&pr)) {
		/* every listed profile is in this build: one whose scheme drops out fails, not skips */
		TU_CHECK(0, "profile %s: a scheme is not registered in this build", profile);
		return;
	}
	int e = pki_make(&p, profile, 0, 0, 0x20);
	TU_CHECK(e == V2X_OK, "%s: pki: %s", profile, pqs_v2x_strerror(e));
	if (e) {
		pki_free(&p);
		return;
	}
	static uint8_t spdu[32768], dspdu[32768], m[32768];
	size_t len = 0, dlen = 0, mlen = 0;
	e = sign(&p, V2X_SIGNER_CERT, 0x20, p.now, spdu, sizeof spdu, &len);
	TU_CHECK(e == V2X_OK, "%s: sign: %s", profile, pqs_v2x_strerror(e));
	long want = expected_size(profile);
	if (want >= 0)
		TU_CHECK((long)len == want, "%s: SPDU is %zu bytes, seed says %ld", profile, len, want);
	unsigned long checks = 0;
	e = verify(&p, spdu, len, NULL, &checks);
	TU_CHECK(e == V2X_OK, "%s: verify: %s", profile, pqs_v2x_strerror(e));
	TU_CHECK(checks == 2, "%s: %lu signature checks without cache (want 2)", profile, checks);

	/* info */
	v2x_verify_ctx v;
	v2x_spdu_info info;
	pqs_v2x_verify_ctx_init(&v, p.store, NULL, p.now);
	e = pqs_v2x_spdu_verify(&v, spdu, len, &info);
	TU_CHECK(e == V2X_OK && info.psid == 0x20 && info.payload_len == 100 && info.generation_time == p.now &&
	             info.alg == pr.vehicle && info.chain_len == 2,
	         "%s: info", profile);

	/* cache: a second SPDU from the same vehicle costs one signature check */
	v2x_cache *cache = pqs_v2x_cache_new(4);
	e = verify(&p, spdu, len, cache, &checks);
	TU_CHECK(e == V2X_OK && checks == 2, "%s: cache miss: %s, %lu checks", profile, pqs_v2x_strerror(e), checks);
	e = verify(&p, spdu, len, cache, &checks);
	TU_CHECK(e == V2X_OK && checks == 1, "%s: cache hit: %s, %lu checks", profile, pqs_v2x_strerror(e), checks);
	flips(&p, profile, spdu, len, cache);
	e = verify(&p, spdu, len, cache, &checks);
	TU_CHECK(e == V2X_OK && checks == 1, "%s: cache still warm after flips: %s, %lu checks", profile,
		 pqs_v2x_strerror(e), checks);
	/* a hit still checks the message signature */
	memcpy(m, spdu, len);
	m[10] ^= 0x40;
	e = verify(&p, m, len, cache, NULL);
	TU_CHECK(e == V2X_ERR_SIG_INVALID, "%s: cache hit, flipped payload: %s", profile, pqs_v2x_strerror(e));

	/* digest signer: needs the certificate in the store or the cache */
	e = sign(&p, V2X_SIGNER_DIGEST, 0x20, p.now, dspdu, sizeof dspdu, &dlen);
	TU_CHECK(e == V2X_OK, "%s: sign digest: %s", profile, pqs_v2x_strerror(e));
	if (strcmp(profile, "FN-DSA-512") == 0)
		TU_CHECK(dlen == 797, "%s: digest SPDU is %zu bytes, seed says 797", profile, dlen);
	e = verify(&p, dspdu, dlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_SIGNER_UNKNOWN, "%s: unknown digest: %s", profile, pqs_v2x_strerror(e));
	e = verify(&p, dspdu, dlen, cache, &checks);
	TU_CHECK(e == V2X_OK && checks == 1, "%s: digest via cache: %s", profile, pqs_v2x_strerror(e));
	pqs_v2x_store_add_cert(p.store, p.veh, p.veh_len);
	e = verify(&p, dspdu, dlen, NULL, &checks);
	TU_CHECK(e == V2X_OK && checks == 2, "%s: digest via store: %s", profile, pqs_v2x_strerror(e));
	/* every byte of the digest-signed SPDU: a flipped digest names an unknown signer */
	{
		layout l = layout_of(&p, dlen);
		unsigned long accepted = 0;
		memcpy(m, dspdu, dlen);
		for (size_t i = 0; i < dlen; i++) {
			if (!pick(i, i < l.header_end + 9 ? 0 : l.header_end + 9, i < l.header_end + 9 ? l.header_end + 9 : dlen))
				continue;
			m[i] ^= 0x01;
			e = verify(&p, m, dlen, NULL, NULL);
			m[i] ^= 0x01;
			accepted += e == V2X_OK;
			if (i >= l.payload_start && i < l.payload_end)
				TU_CHECK(e == V2X_ERR_SIG_INVALID, "%s: digest SPDU payload flip at %zu: %s", profile,
					 i, pqs_v2x_strerror(e));
			else if (i > l.header_end && i < l.header_end + 9)
				TU_CHECK(e == V2X_ERR_SIGNER_UNKNOWN, "%s: digest flip at %zu: %s", profile, i,
					 pqs_v2x_strerror(e));
		}
		TU_CHECK(accepted == 0, "%s: %lu digest-SPDU flips accepted", profile, accepted);
	}
	pqs_v2x_cache_free(cache);

	/* rejections */
	flips(&p, profile, spdu, len, NULL);
	/* stale generationTime (replay window 30 s) and one from the future */
	e = sign(&p, V2X_SIGNER_CERT, 0x20, p.now - 31000000ull, m, sizeof m, &mlen);
	TU_CHECK(e == V2X_OK && verify(&p, m, mlen, NULL, NULL) == V2X_ERR_TOO_OLD, "%s: too old", profile);
	e = sign(&p, V2X_SIGNER_CERT, 0x20, p.now + 31000000ull, m, sizeof m, &mlen);
	TU_CHECK(e == V2X_OK && verify(&p, m, mlen, NULL, NULL) == V2X_ERR_FROM_FUTURE, "%s: future", profile);
	/* wrong PSID: the certificate grants 0x20 only */
	e = sign(&p, V2X_SIGNER_CERT, 0x21, p.now, m, sizeof m, &mlen);
	e = e ? e : verify(&p, m, mlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_PSID_NOT_PERMITTED, "%s: wrong PSID: %s", profile, pqs_v2x_strerror(e));
	pki_free(&p);

	/* expired: a one-hour certificate that ended an hour ago */
	uint32_t now32 = (uint32_t)(pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull) / 1000000u);
	memset(&p, 0, sizeof p);
	e = pki_make(&p, profile, now32 - 7200, 1, 0x20);
	e = e ? e : sign(&p, V2X_SIGNER_CERT, 0x20, p.now, m, sizeof m, &mlen);
	e = e ? e : verify(&p, m, mlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_CERT_EXPIRED, "%s: expired: %s", profile, pqs_v2x_strerror(e));
	/* not yet valid */
	pki_free(&p);
	memset(&p, 0, sizeof p);
	e = pki_make(&p, profile, now32 + 3600, 0, 0x20);
	e = e ? e : sign(&p, V2X_SIGNER_CERT, 0x20, p.now, m, sizeof m, &mlen);
	e = e ? e : verify(&p, m, mlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_CERT_NOT_YET_VALID, "%s: not yet valid: %s", profile, pqs_v2x_strerror(e));

	/* untrusted root: a second PKI's vehicle, verified against the first PKI's anchor */
	pki q;
	memset(&q, 0, sizeof q);
	e = pki_make(&q, profile, 0, 0, 0x20);
	e = e ? e : sign(&q, V2X_SIGNER_CERT, 0x20, q.now, m, sizeof m, &mlen);
	e = e ? e : verify(&p, m, mlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_ISSUER_UNKNOWN, "%s: foreign chain, root unknown: %s", profile, pqs_v2x_strerror(e));
	TU_CHECK(pqs_v2x_store_add_cert(p.store, q.root, q.root_len) == V2X_OK, "%s: add foreign root", profile);
	e = verify(&p, m, mlen, NULL, NULL);
	TU_CHECK(e == V2X_ERR_UNTRUSTED_ROOT, "%s: untrusted root: %s", profile, pqs_v2x_strerror(e));
	pki_free(&q);
	pki_free(&p);
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--full") == 0)
			full = 1;
		else
			only = argv[i];
	}
	for (size_t i = 0; i < pqs_v2x_profile_count(); i++) {
		const char *name = pqs_v2x_profile_name_at(i);
		flip_every_byte = full && !strstr(name, "SLH-DSA");
		if (!only || strcmp(only, name) == 0)
			run_profile(name);
	}
	return tu_finish("v2x_profiles");
}
