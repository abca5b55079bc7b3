/*
 * Strict COER decoding (ITU-T X.696, canonical) of 1609.2 SPDUs and
 * certificates, and the chain rules that need hand-made certificates.
 *
 * Each malformed input is derived from a valid encoding by one edit and
 * must fail with its specific code: truncation, trailing bytes,
 * non-canonical lengths / integers / quantities, DEFAULT values encoded,
 * set padding bits, bad tags, unknown alternatives of non-extensible
 * CHOICEs; unknown extension alternatives and extension additions are
 * skipped by their length.  Chain rules: region containment, issuer PSID
 * permissions, chain length, intermediate CAs, cache bound.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/sig.h"
#include "pqsig/v2x.h"
#include "testutil.h"

#define NOW_UNIX 1795953600ull

static uint64_t now64;
static uint32_t now32;

typedef struct {
	uint8_t b[32768];
	size_t n;
} blob;

/* out = in with [at, at+del) replaced by ins[0..ins_len) */
static void edit(blob *out, const blob *in, size_t at, size_t del, const uint8_t *ins, size_t ins_len)
{
	memcpy(out->b, in->b, at);
	memcpy(out->b + at, ins, ins_len);
	memcpy(out->b + at + ins_len, in->b + at + del, in->n - at - del);
	out->n = in->n - del + ins_len;
}

static int decode_spdu(const blob *x)
{
	v2x_spdu_info info;
	return pqs_v2x_spdu_decode(x->b, x->n, &info);
}

static int decode_cert(const blob *x)
{
	static v2x_cert c;
	return pqs_v2x_cert_decode(&c, x->b, x->n);
}

static int issue(const v2x_cert_params *p, const v2x_key *subj, const v2x_key *iss, const blob *icert, blob *out)
{
	return pqs_v2x_cert_issue(p, subj, iss, icert ? icert->b : NULL, icert ? icert->n : 0, NULL, out->b,
				  sizeof out->b, &out->n);
}

static v2x_key root_key, veh_key, ica_key;
static blob root, veh, spdu, dspdu, x384;

static int sign(const v2x_key *k, const blob *cert, v2x_signer_kind kind, blob *out)
{
	v2x_signer s;
	uint8_t payload[100];
	memset(payload, 0x42, sizeof payload);
	int e = pqs_v2x_signer_init(&s, k, cert->b, cert->n, kind, NULL);
	return e ? e : pqs_v2x_spdu_sign(&s, 0x20, now64, payload, sizeof payload, out->b, sizeof out->b, &out->n);
}

static int verify_with(const blob *x, const blob *anchor, const blob *extra)
{
	v2x_store *st = pqs_v2x_store_new(4);
	v2x_verify_ctx v;
	int e = pqs_v2x_store_add_root(st, anchor->b, anchor->n);
	if (!e && extra)
		e = pqs_v2x_store_add_cert(st, extra->b, extra->n);
	pqs_v2x_verify_ctx_init(&v, st, NULL, now64);
	if (!e)
		e = pqs_v2x_spdu_verify(&v, x->b, x->n, NULL);
	pqs_v2x_store_free(st);
	return e;
}

/* SPDU layout of our encoder with a 100-byte payload (see test_v2x_profiles.c). */
#define OFF_PAYLOAD_LEN 6
#define OFF_HEADER 107
#define OFF_PSID (OFF_HEADER + 1)
#define OFF_SIGNER (OFF_HEADER + 11)

static void spdu_cases(void)
{
	blob x;
	int e;
	TU_CHECK(decode_spdu(&spdu) == V2X_OK, "valid SPDU decodes");
	TU_CHECK(spdu.b[OFF_PAYLOAD_LEN] == 100 && spdu.b[OFF_HEADER] == 0x40 && spdu.b[OFF_PSID] == 1 &&
	             spdu.b[OFF_SIGNER] == 0x81,
	         "layout assumptions");
	/* truncation at every length */
	unsigned long tr = 0;
	for (size_t n = 0; n < spdu.n; n++) {
		blob *t = &x;
		memcpy(t->b, spdu.b, n);
		t->n = n;
		tr += decode_spdu(t) == V2X_ERR_TRUNCATED;
	}
	TU_CHECK(tr == spdu.n, "truncated SPDUs: %lu of %zu give 'truncated'", tr, spdu.n);
	for (size_t n = 0; n < veh.n; n++) {
		memcpy(x.b, veh.b, n);
		x.n = n;
		if (decode_cert(&x) != V2X_ERR_TRUNCATED) {
			TU_CHECK(0, "certificate truncated to %zu: %s", n, pqs_v2x_strerror(decode_cert(&x)));
			break;
		}
	}
	/* trailing bytes */
	edit(&x, &spdu, spdu.n, 0, (const uint8_t *)"\0", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_TRAILING, "SPDU + 1 byte");
	edit(&x, &veh, veh.n, 0, (const uint8_t *)"\0", 1);
	TU_CHECK(decode_cert(&x) == V2X_ERR_TRAILING, "certificate + 1 byte");
	/* non-canonical length: 100 in the long form 0x81 0x64 */
	edit(&x, &spdu, OFF_PAYLOAD_LEN, 0, (const uint8_t *)"\x81", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_LENGTH_NONCANONICAL, "long-form length < 128: %s",
		 pqs_v2x_strerror(decode_spdu(&x)));
	edit(&x, &spdu, OFF_PAYLOAD_LEN, 1, (const uint8_t *)"\x80", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_LENGTH_NONCANONICAL, "length 0x80 (zero octets)");
	/* non-canonical integer: PSID 0x20 as 02 00 20 */
	edit(&x, &spdu, OFF_PSID, 2, (const uint8_t *)"\x02\x00\x20", 3);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_INT_NONCANONICAL, "PSID with a leading zero octet");
	edit(&x, &spdu, OFF_PSID, 2, (const uint8_t *)"\x05\x01\x00\x00\x00\x00", 6);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_TOO_LARGE, "PSID of 5 octets");
	/* non-canonical quantity: SequenceOfCertificate count 1 as 02 00 01 */
	edit(&x, &spdu, OFF_SIGNER + 1, 2, (const uint8_t *)"\x02\x00\x01", 3);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_INT_NONCANONICAL, "quantity with a leading zero octet");
	edit(&x, &spdu, OFF_SIGNER + 1, 2, (const uint8_t *)"\x01\x00", 2);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_CONSTRAINT, "empty SequenceOfCertificate");
	/* bad tag class, unknown non-extensible alternative, constraint */
	edit(&x, &spdu, 1, 1, (const uint8_t *)"\x41", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_BAD_TAG, "content tag of application class");
	edit(&x, &spdu, 0, 1, (const uint8_t *)"\x02", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_CONSTRAINT, "protocolVersion 2");
	/* padding bits of a preamble */
	edit(&x, &spdu, 3, 1, (const uint8_t *)"\x41", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_PREAMBLE, "SignedDataPayload preamble padding bit");
	edit(&x, &spdu, 3, 1, (const uint8_t *)"\x00", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_PREAMBLE, "SignedDataPayload with no component");
	/* the signature's rSig as the non-extensible EccP256CurvePoint alternative 5 */
	edit(&x, &spdu, spdu.n - 65, 1, (const uint8_t *)"\x85", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_UNKNOWN_CHOICE, "EccP256CurvePoint alternative 5: %s",
		 pqs_v2x_strerror(decode_spdu(&x)));
	/* an unknown Signature extension alternative is skipped by its length,
	 * then cannot be verified */
	{
		uint8_t alt[2 + 65];
		alt[0] = 0x80 | 20;
		alt[1] = 65;
		memcpy(alt + 2, spdu.b + spdu.n - 65, 65);
		edit(&x, &spdu, spdu.n - 66, 66, alt, sizeof alt);
		e = decode_spdu(&x);
		TU_CHECK(e == V2X_OK, "unknown Signature extension alternative skipped: %s", pqs_v2x_strerror(e));
		e = verify_with(&x, &root, NULL);
		TU_CHECK(e == V2X_ERR_UNSUPPORTED, "unknown Signature alternative verifies as unsupported: %s",
			 pqs_v2x_strerror(e));
		alt[1] = 66; /* open type longer than what follows */
		edit(&x, &spdu, spdu.n - 66, 66, alt, sizeof alt);
		TU_CHECK(decode_spdu(&x) == V2X_ERR_TRUNCATED, "open type overruns");
	}
	/* an unknown SignerIdentifier extension alternative is skipped too */
	{
		uint8_t alt[] = { 0x80 | 5, 3, 1, 2, 3 };
		edit(&x, &spdu, OFF_SIGNER, 3 + veh.n, alt, sizeof alt);
		TU_CHECK(decode_spdu(&x) == V2X_OK, "unknown SignerIdentifier alternative skipped");
		TU_CHECK(verify_with(&x, &root, NULL) == V2X_ERR_UNSUPPORTED, "unknown signer: unsupported");
	}
	/* HeaderInfo extension additions this stack does not interpret (pduFunctionalType, the third):
	 * skipped by length (the signature then fails); the P2PCD ones are decoded (src/v2x/p2pcd_codec.c) */
	{
		uint8_t ext[] = { 0x02, 0x05, 0x20, 0x01, 0x00 }; /* bitmap: 3 bits, the third set; one open type */
		edit(&x, &spdu, OFF_HEADER, 1, (const uint8_t *)"\xc0", 1);
		blob y;
		edit(&y, &x, OFF_SIGNER, 0, ext, sizeof ext);
		TU_CHECK(decode_spdu(&y) == V2X_OK, "HeaderInfo extension addition skipped: %s",
			 pqs_v2x_strerror(decode_spdu(&y)));
		TU_CHECK(verify_with(&y, &root, NULL) == V2X_ERR_SIG_INVALID, "added extension breaks the signature");
		ext[2] = 0x00;
		edit(&y, &x, OFF_SIGNER, 0, ext, sizeof ext);
		TU_CHECK(decode_spdu(&y) == V2X_ERR_EXTENSION, "extension bit with an empty bitmap");
		ext[2] = 0x21;
		edit(&y, &x, OFF_SIGNER, 0, ext, sizeof ext);
		TU_CHECK(decode_spdu(&y) == V2X_ERR_EXTENSION, "bitmap padding bit set");
	}
	/* content alternatives this stack does not verify */
	edit(&x, &spdu, 1, 1, (const uint8_t *)"\x82", 1);
	TU_CHECK(decode_spdu(&x) == V2X_ERR_UNSUPPORTED, "encryptedData");
	/* digest-signed SPDU decodes; the info names the digest */
	v2x_spdu_info info;
	uint8_t id[8];
	TU_CHECK(pqs_v2x_spdu_decode(dspdu.b, dspdu.n, &info) == V2X_OK && info.signer_kind == V2X_SIGNER_DIGEST,
		 "digest SPDU decodes");
	TU_CHECK(pqs_v2x_cert_hashedid8(veh.b, veh.n, id, NULL, NULL) == V2X_OK && memcmp(id, info.signer_id, 8) == 0,
		 "digest is the certificate's HashedId8");
}

/* Certificate field offsets of our encoder (self-signed root "pqsig-root"). */
static void cert_cases(void)
{
	blob x;
	const size_t tbs = 5;                      /* preamble, version, type, issuer self (2) */
	const size_t name_len = strlen("pqsig-root");
	const size_t validity = tbs + 1 + 2 + name_len + 3 + 2;
	const size_t duration = validity + 4;
	const size_t region = validity + 7;
	const size_t perms = region + 6;           /* certIssuePermissions quantity */
	const size_t group = perms + 2;            /* PsidGroupPermissions preamble */
	TU_CHECK(decode_cert(&root) == V2X_OK, "root decodes");
	TU_CHECK(root.b[3] == 0x81 && root.b[duration] == 0x84 && root.b[region] == 0x83 && root.b[group] == 0x00 &&
	             root.b[group + 1] == 0x81 && root.b[group + 2] == 0x80,
	         "root layout assumptions");
	edit(&x, &root, 1, 1, (const uint8_t *)"\x02", 1);
	TU_CHECK(decode_cert(&x) == V2X_ERR_CONSTRAINT, "certificate version 2");
	edit(&x, &root, 2, 1, (const uint8_t *)"\x01", 1);
	TU_CHECK(decode_cert(&x) == V2X_ERR_PREAMBLE, "implicit certificate with a signature (6.4.6)");
	edit(&x, &root, 0, 1, (const uint8_t *)"\x00", 1);
	TU_CHECK(decode_cert(&x) == V2X_ERR_PREAMBLE, "explicit certificate without signature");
	edit(&x, &root, duration, 1, (const uint8_t *)"\x87", 1);
	TU_CHECK(decode_cert(&x) == V2X_ERR_UNKNOWN_CHOICE, "Duration alternative 7 (not extensible)");
	/* region forms other than countryOnly: decoded, skipped, flagged as not comparable */
	{
		static v2x_cert c;
		uint8_t circ[11] = { 0x80 }; /* circularRegion: center (8), radius (2) */
		uint8_t poly2[] = { 0x82, 0x01, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
		uint8_t sub[] = { 0x83, 0x01, 0x01, 0x81, 0x01, 0x9a, 0x01, 0x02, 0x05, 0x06 }; /* countryAndRegions */
		edit(&x, &root, region, 6, circ, sizeof circ);
		int e = pqs_v2x_cert_decode(&c, x.b, x.n);
		TU_CHECK(e == V2X_OK && c.region_unsupported && c.n_regions == 0, "circular region skipped: %s",
			 pqs_v2x_strerror(e));
		edit(&x, &root, region, 6, poly2, sizeof poly2);
		TU_CHECK(decode_cert(&x) == V2X_ERR_CONSTRAINT, "polygon of two points");
		edit(&x, &root, region, 6, sub, sizeof sub);
		e = pqs_v2x_cert_decode(&c, x.b, x.n);
		TU_CHECK(e == V2X_OK && c.region_unsupported, "countryAndRegions skipped: %s", pqs_v2x_strerror(e));
		e = pqs_v2x_cert_decode(&c, root.b, root.n);
		TU_CHECK(e == V2X_OK && !c.region_unsupported && c.n_regions == 1 && c.regions[0] == 410,
		         "countryOnly 410 kept");
	}
	/* DEFAULT components encoded with their default value (X.696 canonical: absent) */
	{
		uint8_t g[] = { 0x80, 0x81, 0x01, 0x01 }; /* minChainLength present, = 1 */
		edit(&x, &root, group, 2, g, sizeof g);
		TU_CHECK(decode_cert(&x) == V2X_ERR_DEFAULT_ENCODED, "minChainLength 1 encoded: %s",
			 pqs_v2x_strerror(decode_cert(&x)));
		uint8_t h[] = { 0x20, 0x81, 0x80 }; /* eeType present, = {app} */
		edit(&x, &root, group, 2, h, sizeof h);
		TU_CHECK(decode_cert(&x) == V2X_ERR_DEFAULT_ENCODED, "eeType {app} encoded");
		uint8_t k[] = { 0x80, 0x81, 0x02, 0x00, 0x02 }; /* minChainLength 2 as 00 02 */
		edit(&x, &root, group, 2, k, sizeof k);
		TU_CHECK(decode_cert(&x) == V2X_ERR_INT_NONCANONICAL, "INTEGER with a redundant octet");
	}
	/* SubjectPermissions alternative 2 (an extension) is skipped, then unsupported */
	{
		uint8_t g[] = { 0x00, 0x82, 0x01, 0x00 };
		edit(&x, &root, group, 2, g, sizeof g);
		TU_CHECK(decode_cert(&x) == V2X_ERR_UNSUPPORTED, "SubjectPermissions extension");
	}
	/* an unknown PublicVerificationKey extension alternative is skipped by its length */
	{
		static v2x_cert c;
		uint8_t alt[] = { 0x80 | 30, 4, 0xde, 0xad, 0xbe, 0xef };
		size_t key_at = veh.n - 66 - 34; /* vehicle: ECDSA key (34) then the root's signature (66) */
		blob y;
		TU_CHECK(veh.b[key_at] == 0x80 && veh.b[key_at - 1] == 0x80, "vehicle key layout");
		edit(&y, &veh, key_at, 34, alt, sizeof alt);
		int e = pqs_v2x_cert_decode(&c, y.b, y.n);
		TU_CHECK(e == V2X_OK && c.key_alg == NULL, "unknown key alternative skipped: %s", pqs_v2x_strerror(e));
		alt[1] = 100; /* beyond the end of the certificate */
		edit(&y, &veh, key_at, 34, alt, sizeof alt);
		TU_CHECK(pqs_v2x_cert_decode(&c, y.b, y.n) == V2X_ERR_TRUNCATED, "unknown key alternative overruns");
	}
	/* the registry alternative (index 15): SEQUENCE { scheme Uint16, value OCTET STRING } */
	{
		static v2x_cert c;
		size_t key_at = veh.n - 66 - 34;
		uint8_t alt[1 + 1 + 2 + 1 + 33];
		blob y;
		const pqs_sig_class *k1 = pqs_sig_find("ECDSA-secp256k1"), *p256 = pqs_sig_find("ECDSA-P256");
		alt[0] = 0x80 | V2X_REGISTRY_INDEX;
		alt[1] = 2 + 1 + 33;
		alt[4] = 33;
		memcpy(alt + 5, veh.b + key_at + 1, 33); /* any 33 bytes: decoding does not check the point */
		if (k1 && p256) {
			alt[2] = (uint8_t)(k1->id >> 8);
			alt[3] = (uint8_t)k1->id;
			edit(&y, &veh, key_at, 34, alt, sizeof alt);
			int e = pqs_v2x_cert_decode(&c, y.b, y.n);
			TU_CHECK(e == V2X_OK && c.key_alg == pqs_v2x_alg_find("ECDSA-secp256k1") && c.pk_len == 33,
				 "registry alternative: secp256k1 key: %s", pqs_v2x_strerror(e));
			alt[4] = 32;
			alt[1] = 2 + 1 + 32;
			edit(&y, &veh, key_at, 34, alt, sizeof alt - 1);
			TU_CHECK(pqs_v2x_cert_decode(&c, y.b, y.n) == V2X_ERR_CONSTRAINT,
				 "registry key of the wrong length");
			alt[4] = 33;
			alt[1] = 2 + 1 + 33;
			alt[2] = (uint8_t)(p256->id >> 8);
			alt[3] = (uint8_t)p256->id;
			edit(&y, &veh, key_at, 34, alt, sizeof alt);
			TU_CHECK(pqs_v2x_cert_decode(&c, y.b, y.n) == V2X_ERR_CONSTRAINT,
				 "a scheme with its own index in the registry alternative");
			alt[2] = alt[3] = 0xff; /* no such scheme: skipped */
			edit(&y, &veh, key_at, 34, alt, sizeof alt);
			e = pqs_v2x_cert_decode(&c, y.b, y.n);
			TU_CHECK(e == V2X_OK && c.key_alg == NULL, "unknown registry scheme skipped: %s",
				 pqs_v2x_strerror(e));
		} else {
			printf("registry alternative: SKIP (ECDSA-secp256k1 not registered)\n");
		}
	}
	/* hashing: HashedId8 is the low 8 bytes of SHA-256 over the whole encoding */
	uint8_t id[8], h[48];
	size_t hl = 0;
	TU_CHECK(pqs_v2x_cert_hashedid8(root.b, root.n, id, h, &hl) == V2X_OK && hl == 32 && memcmp(id, h + 24, 8) == 0,
		 "HashedId8 = low 8 bytes of SHA-256");
	/* the vehicle certificate names the root by that HashedId8 */
	TU_CHECK(veh.b[3] == 0x80 && memcmp(veh.b + 4, id, 8) == 0, "issuer sha256AndDigest = root HashedId8");
}

static void chain_cases(void)
{
	v2x_cert_params p;
	blob r2, v2, i2, x;
	int e;
	/* region: a vehicle in Japan (392) under a Korea-only root (410) */
	pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 60);
	p.regions[0] = 392;
	e = issue(&p, &veh_key, &root_key, &root, &v2);
	e = e ? e : sign(&veh_key, &v2, V2X_SIGNER_CERT, &x);
	e = e ? e : verify_with(&x, &root, NULL);
	TU_CHECK(e == V2X_ERR_REGION, "region outside the issuer's: %s", pqs_v2x_strerror(e));
	/* a vehicle without a region inherits the root's */
	p.n_regions = 0;
	e = issue(&p, &veh_key, &root_key, &root, &v2);
	e = e ? e : sign(&veh_key, &v2, V2X_SIGNER_CERT, &x);
	e = e ? e : verify_with(&x, &root, NULL);
	TU_CHECK(e == V2X_OK, "no region: inherited: %s", pqs_v2x_strerror(e));
	/* PSID permissions: a root that may grant only 0x20 issues 0x20 and 0x21 */
	pqs_v2x_cert_params_default(&p, V2X_CERT_ROOT, now32 - 60);
	p.n_psids = 1;
	p.psids[0] = 0x20;
	e = issue(&p, &root_key, &root_key, NULL, &r2);
	pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 60);
	p.n_psids = 2;
	p.psids[1] = 0x21;
	e = e ? e : issue(&p, &veh_key, &root_key, &r2, &v2);
	e = e ? e : sign(&veh_key, &v2, V2X_SIGNER_CERT, &x);
	e = e ? e : verify_with(&x, &r2, NULL);
	TU_CHECK(e == V2X_ERR_ISSUER_PERMISSIONS, "PSID outside the issuer's permissions: %s", pqs_v2x_strerror(e));
	/* intermediate CA: root -> ICA -> vehicle, needs chainLengthRange >= 1 at the root */
	pqs_v2x_cert_params_default(&p, V2X_CERT_CA, now32 - 60);
	e = issue(&p, &ica_key, &root_key, &root, &i2);
	pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 60);
	e = e ? e : issue(&p, &veh_key, &ica_key, &i2, &v2);
	e = e ? e : sign(&veh_key, &v2, V2X_SIGNER_CERT, &x);
	e = e ? e : verify_with(&x, &root, &i2);
	TU_CHECK(e == V2X_ERR_CHAIN_LENGTH, "ICA under a root with chainLengthRange 0: %s", pqs_v2x_strerror(e));
	pqs_v2x_cert_params_default(&p, V2X_CERT_ROOT, now32 - 60);
	p.chain_length_range = 1;
	e = issue(&p, &root_key, &root_key, NULL, &r2);
	pqs_v2x_cert_params_default(&p, V2X_CERT_CA, now32 - 60);
	e = e ? e : issue(&p, &ica_key, &root_key, &r2, &i2);
	pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 60);
	e = e ? e : issue(&p, &veh_key, &ica_key, &i2, &v2);
	e = e ? e : sign(&veh_key, &v2, V2X_SIGNER_CERT, &x);
	blob y = x;
	e = e ? e : verify_with(&x, &r2, &i2);
	TU_CHECK(e == V2X_OK, "root -> ICA -> vehicle: %s", pqs_v2x_strerror(e));
	e = verify_with(&y, &r2, NULL);
	TU_CHECK(e == V2X_ERR_ISSUER_UNKNOWN, "ICA missing from the store: %s", pqs_v2x_strerror(e));
	/* issuing with a key the issuer certificate does not certify is refused */
	TU_CHECK(issue(&p, &veh_key, &ica_key, &root, &v2) == V2X_ERR_ARG, "issuer key / certificate mismatch");
	/* a vehicle certificate cannot issue (no certIssuePermissions) */
	e = issue(&p, &ica_key, &veh_key, &veh, &v2);
	e = e ? e : sign(&ica_key, &v2, V2X_SIGNER_CERT, &x);
	e = e ? e : verify_with(&x, &root, &veh);
	TU_CHECK(e == V2X_ERR_ISSUER_PERMISSIONS, "vehicle certificate as issuer: %s", pqs_v2x_strerror(e));
	/* a root that does not verify is not accepted as anchor */
	x = root;
	x.b[x.n - 1] ^= 1;
	v2x_store *st = pqs_v2x_store_new(1);
	TU_CHECK(pqs_v2x_store_add_root(st, x.b, x.n) == V2X_ERR_CERT_SIG_INVALID, "tampered root refused as anchor");
	TU_CHECK(pqs_v2x_store_add_root(st, veh.b, veh.n) == V2X_ERR_ARG,
		 "non-self-signed certificate refused as anchor");
	TU_CHECK(pqs_v2x_store_add_root(st, root.b, root.n) == V2X_OK, "root accepted");
	TU_CHECK(pqs_v2x_store_add_cert(st, veh.b, veh.n) == V2X_ERR_NOMEM, "store bound");
	pqs_v2x_store_free(st);
}

static void cache_cases(void)
{
	/* the cache holds at most its capacity; LRU entries are evicted */
	v2x_store *st = pqs_v2x_store_new(2);
	v2x_cache *c = pqs_v2x_cache_new(2);
	v2x_verify_ctx v;
	pqs_v2x_store_add_root(st, root.b, root.n);
	pqs_v2x_verify_ctx_init(&v, st, c, now64);
	blob certs[3], s[3];
	v2x_key keys[3];
	int e = 0;
	for (int i = 0; i < 3 && !e; i++) {
		v2x_cert_params p;
		pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 60);
		e = pqs_v2x_key_generate(&keys[i], veh_key.alg, NULL);
		e = e ? e : issue(&p, &keys[i], &root_key, &root, &certs[i]);
		e = e ? e : sign(&keys[i], &certs[i], V2X_SIGNER_CERT, &s[i]);
		e = e ? e : pqs_v2x_spdu_verify(&v, s[i].b, s[i].n, NULL);
	}
	TU_CHECK(e == V2X_OK && pqs_v2x_cache_size(c) == 2 && v.cache_misses == 3, "three vehicles, cache of two: %s",
		 pqs_v2x_strerror(e));
	v.sig_checks = 0;
	e = pqs_v2x_spdu_verify(&v, s[2].b, s[2].n, NULL);
	TU_CHECK(e == V2X_OK && v.sig_checks == 1 && v.cache_hits == 1, "most recent vehicle: hit");
	e = pqs_v2x_spdu_verify(&v, s[0].b, s[0].n, NULL);
	TU_CHECK(e == V2X_OK && v.sig_checks == 3 && v.cache_misses == 4, "evicted vehicle: miss, full chain");
	/* removing trust removes the cached vehicles' standing */
	pqs_v2x_cache_clear(c);
	TU_CHECK(pqs_v2x_cache_size(c) == 0, "cache cleared");
	for (int i = 0; i < 3; i++)
		pqs_v2x_key_clear(&keys[i]);
	pqs_v2x_cache_free(c);
	pqs_v2x_store_free(st);
}

int main(void)
{
	now64 = pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull);
	now32 = (uint32_t)(now64 / 1000000u);
	const v2x_alg *ecdsa = pqs_v2x_alg_find("ECDSA");
	v2x_cert_params p;
	int e = pqs_v2x_key_generate(&root_key, ecdsa, NULL);
	e = e ? e : pqs_v2x_key_generate(&veh_key, ecdsa, NULL);
	e = e ? e : pqs_v2x_key_generate(&ica_key, ecdsa, NULL);
	pqs_v2x_cert_params_default(&p, V2X_CERT_ROOT, now32 - 3600);
	e = e ? e : issue(&p, &root_key, &root_key, NULL, &root);
	pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 3600);
	e = e ? e : issue(&p, &veh_key, &root_key, &root, &veh);
	e = e ? e : sign(&veh_key, &veh, V2X_SIGNER_CERT, &spdu);
	e = e ? e : sign(&veh_key, &veh, V2X_SIGNER_DIGEST, &dspdu);
	TU_CHECK(e == V2X_OK, "setup: %s", pqs_v2x_strerror(e));
	if (e)
		return tu_finish("v2x_codec");
	TU_CHECK(verify_with(&spdu, &root, NULL) == V2X_OK, "baseline verifies");
	spdu_cases();
	cert_cases();
	chain_cases();
	cache_cases();
	/* a P-384 issuer: HashedId8 over SHA-384, issuer sha384AndDigest (6.4.3, 6.4.7) */
	{
		v2x_key k384;
		blob r384, v384;
		uint8_t id[8], h[48];
		size_t hl = 0;
		pqs_v2x_cert_params_default(&p, V2X_CERT_ROOT, now32 - 3600);
		e = pqs_v2x_key_generate(&k384, pqs_v2x_alg_find("ECDSA-P384"), NULL);
		e = e ? e : issue(&p, &k384, &k384, NULL, &r384);
		pqs_v2x_cert_params_default(&p, V2X_CERT_EE, now32 - 3600);
		e = e ? e : issue(&p, &veh_key, &k384, &r384, &v384);
		e = e ? e : pqs_v2x_cert_hashedid8(r384.b, r384.n, id, h, &hl);
		TU_CHECK(e == V2X_OK && hl == 48 && memcmp(id, h + 40, 8) == 0, "P-384 root: HashedId8 from SHA-384");
		TU_CHECK(e == V2X_OK && v384.b[3] == 0x82 && v384.b[4] == 8 && memcmp(v384.b + 5, id, 8) == 0,
		         "issued by P-384: issuer sha384AndDigest (an extension, open type)");
		e = e ? e : sign(&veh_key, &v384, V2X_SIGNER_CERT, &x384);
		e = e ? e : verify_with(&x384, &r384, NULL);
		TU_CHECK(e == V2X_OK, "ECDSA vehicle under a P-384 root: %s", pqs_v2x_strerror(e));
		pqs_v2x_key_clear(&k384);
	}
	/* time scale: 2004-01-01 is 0; 2017-01-01 includes the 5 leap seconds since */
	TU_CHECK(pqs_v2x_time32_from_unix(1072915200ull) == 0, "Time32 epoch");
	TU_CHECK(pqs_v2x_time32_from_unix(1483228800ull) == 1483228800u - 1072915200u + 5, "Time32 leap seconds");
	/* profile notation */
	v2x_profile pr;
	TU_CHECK(pqs_v2x_profile_parse("ECDSA/ECDSA+FN-DSA-512", &pr) == V2X_OK && pr.vehicle == ecdsa &&
			 pr.ca == pqs_v2x_alg_find("ECDSA-P256+Falcon-padded-512") && pr.ca->index == 13,
		 "VEHICLE/CA with a composite CA");
	TU_CHECK(pqs_v2x_profile_parse("ML-DSA-87", &pr) == V2X_OK && pr.vehicle == pr.ca && pr.ca->index == 9,
		 "one name: both");
	TU_CHECK(pqs_v2x_profile_parse("ECDSA/NOPE", &pr) == V2X_ERR_UNKNOWN_ALG, "unknown part");
	TU_CHECK(pqs_v2x_profile_parse("A/B/C", &pr) == V2X_ERR_UNKNOWN_ALG, "two slashes");
	TU_CHECK(pqs_v2x_alg_by_index(5) == pqs_v2x_alg_find("FN-DSA-512"), "FN-DSA-512 at index 5 (Vanetza profile)");
	pqs_v2x_key_clear(&root_key);
	pqs_v2x_key_clear(&veh_key);
	pqs_v2x_key_clear(&ica_key);
	return tu_finish("v2x_codec");
}
