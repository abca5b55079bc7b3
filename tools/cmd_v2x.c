/*
 * `pqsig v2x ...`: the IEEE 1609.2 stack from the command line.
 *
 *   pki init --profile P --dir D [--intermediate] [--start UNIX] [--force]
 *   sign --dir D [--payload FILE | --payload-size N] [--signer cert|digest|auto]
 *        [--policy j2945|cert|digest|rsu] [--seq N] [--psid N] [--time UNIX_US] -o SPDU [--force]
 *        (auto: the policy's choice for the vehicle's BSM number N at 10 Hz)
 *   verify --dir D SPDU [--now UNIX_US] [--window SECONDS] [--psid N]
 *        (D may hold trust anchors only: root.cert, ica.cert)
 *   receive --pcap FILE --dir D [--json]   (tools/cmd_v2x_p2pcd.c)
 *   sizes [--json] [--all]   (--all: every profile, certificate and digest signer)
 *   pcap --dir D -o FILE [--link ethernet|80211] [--count N] [--payload-size N] [--limit N] [--force]
 *        [--scenario [--policy P] [--flavour inline|separate] [--rsu] [--seconds N]]
 *        (--scenario: vehicle A, a newcomer and optionally an RSU exchanging BSMs and P2PCD traffic)
 *
 * Files are written atomically and never replace an existing file without
 * --force (tools/cli.h, cli_output); secret keys are 0600 from creation.
 *   profiles: the standard profiles and whether this build has their schemes
 *
 * A PKI directory holds: profile (its name), root.cert, root.pk, root.sk,
 * optionally ica.cert / ica.pk / ica.sk, and vehicle.cert, vehicle.pk,
 * vehicle.sk.  Keys are in the signature core's encoding.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "pqsig/p2pcd.h"
#include "pqsig/v2x.h"
#include "pqsig/wsm.h"
#include "report.h"
#include "v2x_tool.h"

#define V2X_MAX_SPDU (64u * 1024u)

static int path_in(char *buf, size_t cap, const char *dir, const char *name)
{
	int n = snprintf(buf, cap, "%s/%s", dir, name);
	if (n < 0 || (size_t)n >= cap)
		return cli_error("path too long: %s/%s", dir, name);
	return CLI_OK;
}

/* Write dir/name atomically (flags: CLI_WRITE_SECRET, CLI_WRITE_FORCE). */
static int write_in(const char *dir, const char *name, const uint8_t *data, size_t len, unsigned flags)
{
	char p[4096];
	if (path_in(p, sizeof p, dir, name))
		return CLI_ERROR;
	return cli_write_file(p, data, len, flags);
}

/* Read dir/name (role names it in errors), at most max bytes. */
static uint8_t *read_in(const char *dir, const char *name, const char *role, size_t *len, size_t max)
{
	char p[4096];
	if (path_in(p, sizeof p, dir, name))
		return NULL;
	return cli_read_file(p, role, len, max);
}

static uint64_t unix_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* ---------------- in-memory PKI ---------------- */

typedef struct {
	v2x_profile prof;
	int has_ica;
	v2x_key root_key, ica_key, veh_key;
	uint8_t *root, *ica, *veh;
	size_t root_len, ica_len, veh_len;
} pki;

static void pki_free(pki *p)
{
	pqs_v2x_key_clear(&p->root_key);
	pqs_v2x_key_clear(&p->ica_key);
	pqs_v2x_key_clear(&p->veh_key);
	free(p->root);
	free(p->ica);
	free(p->veh);
	memset(p, 0, sizeof *p);
}

static int issue(const v2x_cert_params *cp, const v2x_key *subject, const v2x_key *issuer, const uint8_t *icert,
                 size_t ilen, uint8_t **out, size_t *len)
{
	*out = malloc(V2X_MAX_CERT);
	if (!*out)
		return V2X_ERR_NOMEM;
	return pqs_v2x_cert_issue(cp, subject, issuer, icert, ilen, NULL, *out, V2X_MAX_CERT, len);
}

/* Root (CA scheme), optional intermediate (CA scheme), vehicle (vehicle scheme). */
static int pki_create(pki *p, const char *profile, int intermediate, uint64_t start_unix)
{
	v2x_cert_params cp;
	memset(p, 0, sizeof *p);
	int e = pqs_v2x_profile_parse(profile, &p->prof);
	if (e)
		return e;
	if (!pqs_v2x_profile_available(&p->prof))
		return V2X_ERR_ALG_UNAVAILABLE;
	uint32_t start = pqs_v2x_time32_from_unix(start_unix);
	p->has_ica = intermediate;
	if ((e = pqs_v2x_key_generate(&p->root_key, p->prof.ca, NULL)) != 0 ||
	    (intermediate && (e = pqs_v2x_key_generate(&p->ica_key, p->prof.ca, NULL)) != 0) ||
	    (e = pqs_v2x_key_generate(&p->veh_key, p->prof.vehicle, NULL)) != 0)
		return e;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, start);
	cp.chain_length_range = intermediate ? 1 : 0; /* root -> (ICA ->) vehicle */
	if ((e = issue(&cp, &p->root_key, &p->root_key, NULL, 0, &p->root, &p->root_len)) != 0)
		return e;
	const v2x_key *ik = &p->root_key;
	const uint8_t *ic = p->root;
	size_t il = p->root_len;
	if (intermediate) {
		pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, start);
		if ((e = issue(&cp, &p->ica_key, &p->root_key, p->root, p->root_len, &p->ica, &p->ica_len)) != 0)
			return e;
		ik = &p->ica_key;
		ic = p->ica;
		il = p->ica_len;
	}
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, start);
	return issue(&cp, &p->veh_key, ik, ic, il, &p->veh, &p->veh_len);
}

static int save_key(const char *dir, const char *base, const v2x_key *k, unsigned flags)
{
	char name[64];
	snprintf(name, sizeof name, "%s.pk", base);
	if (write_in(dir, name, k->pk, k->pk_len, flags))
		return CLI_ERROR;
	snprintf(name, sizeof name, "%s.sk", base);
	/* owner-only from its creation (open(O_CREAT|O_EXCL, 0600)), never chmod'ed afterwards */
	return write_in(dir, name, k->sk, k->sk_len, flags | CLI_WRITE_SECRET);
}

static int load_key(const char *dir, const char *base, const v2x_alg *alg, v2x_key *k)
{
	char name[64];
	size_t pl = 0, sl = 0;
	snprintf(name, sizeof name, "%s.pk", base);
	uint8_t *pk = read_in(dir, name, "public key", &pl, V2X_MAX_PK);
	snprintf(name, sizeof name, "%s.sk", base);
	char skp[4096];
	uint8_t *sk = pk && path_in(skp, sizeof skp, dir, name) == CLI_OK ? cli_read_secret(skp, &sl, V2X_MAX_SK) : NULL;
	int rc = CLI_ERROR;
	if (pk && sk) {
		int e = pqs_v2x_key_load(k, alg, pk, pl, sk, sl);
		rc = e ? cli_error("%s/%s: %s", dir, base, pqs_v2x_strerror(e)) : CLI_OK;
	}
	if (sk)
		cli_free_secret(sk, sl);
	free(pk);
	return rc;
}

/* Read profile, certificates and (with_keys) the vehicle key of a PKI directory. */
static int pki_load(pki *p, const char *dir, int with_keys)
{
	size_t n = 0;
	memset(p, 0, sizeof *p);
	uint8_t *name = read_in(dir, "profile", "profile name", &n, 63);
	if (!name)
		return CLI_ERROR;
	char prof[64];
	memcpy(prof, name, n);
	prof[n] = '\0';
	free(name);
	char *nl = strchr(prof, '\n');
	if (nl)
		*nl = '\0';
	int e = pqs_v2x_profile_parse(prof, &p->prof);
	if (e)
		return cli_error("%s/profile: unknown profile '%s'", dir, prof);
	if (!(p->root = read_in(dir, "root.cert", "certificate", &p->root_len, V2X_MAX_CERT)) ||
	    !(p->veh = read_in(dir, "vehicle.cert", "certificate", &p->veh_len, V2X_MAX_CERT)))
		return CLI_ERROR;
	char ip[4096];
	struct stat st;
	if (path_in(ip, sizeof ip, dir, "ica.cert") == CLI_OK && stat(ip, &st) == 0) {
		if (!(p->ica = read_in(dir, "ica.cert", "certificate", &p->ica_len, V2X_MAX_CERT)))
			return CLI_ERROR;
		p->has_ica = 1;
	}
	if (with_keys && load_key(dir, "vehicle", p->prof.vehicle, &p->veh_key))
		return CLI_ERROR;
	return CLI_OK;
}

/*
 * A receiver's directory: root.cert (a trust anchor), and if present ica.cert and vehicle.cert
 * (known certificates: a vehicle directory lets its own digest-signed SPDUs resolve).  A directory
 * with trust anchors only is a receiver that has met no vehicle yet.
 */
int v2x_load_anchors(const char *dir, v2x_store *st)
{
	static const char *const known[] = { "ica.cert", "vehicle.cert" };
	size_t len = 0;
	uint8_t *der = read_in(dir, "root.cert", "certificate", &len, V2X_MAX_CERT);
	if (!der)
		return CLI_ERROR;
	int e = pqs_v2x_store_add_root(st, der, len);
	free(der);
	for (size_t i = 0; !e && i < sizeof known / sizeof known[0]; i++) {
		char p[4096];
		struct stat sb;
		if (path_in(p, sizeof p, dir, known[i]) || stat(p, &sb) != 0)
			continue;
		if (!(der = read_in(dir, known[i], "certificate", &len, V2X_MAX_CERT)))
			return CLI_ERROR;
		e = pqs_v2x_store_add_cert(st, der, len);
		free(der);
	}
	return e ? cli_error("%s: PKI certificates: %s", dir, pqs_v2x_strerror(e)) : CLI_OK;
}

/* ---------------- subcommands ---------------- */

static int v2x_pki(int argc, char **argv)
{
	const char *profile = NULL, *dir = NULL, *inter = NULL, *start_s = NULL, *force = NULL;
	const char *pos[1];
	size_t npos = 0;
	cli_opt opts[] = {
		{ NULL, "--profile", 1, &profile }, { NULL, "--dir", 1, &dir }, { NULL, "--intermediate", 0, &inter },
		{ NULL, "--start", 1, &start_s }, { NULL, "--force", 0, &force },
	};
	if (cli_parse(argc, argv, 1, opts, 5, pos, 1, &npos))
		return CLI_ERROR;
	if (npos != 1 || strcmp(pos[0], "init") != 0)
		return cli_error("usage: pqsig v2x pki init --profile P --dir D [--intermediate] [--start UNIX] [--force]");
	if (!profile || !dir)
		return cli_error("v2x pki init needs --profile and --dir");
	uint64_t start = unix_now_us() / 1000000u - 3600; /* valid from an hour ago: clock skew */
	if (start_s && cli_parse_u64(start_s, "--start", 1072915200ull, 4000000000ull, &start))
		return CLI_ERROR;
	pki p;
	int e = pki_create(&p, profile, inter != NULL, start);
	if (e) {
		pki_free(&p);
		if (e == V2X_ERR_UNKNOWN_ALG)
			return cli_error("unknown profile '%s'", profile);
		return cli_error("profile %s: %s", profile, pqs_v2x_strerror(e));
	}
	int rc = CLI_OK;
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		rc = cli_error("cannot create %s: %s", dir, strerror(errno));
	unsigned wf = force ? CLI_WRITE_FORCE : 0;
	if (!rc)
		rc = write_in(dir, "profile", (const uint8_t *)p.prof.name, strlen(p.prof.name), wf);
	if (!rc)
		rc = write_in(dir, "root.cert", p.root, p.root_len, wf);
	if (!rc)
		rc = save_key(dir, "root", &p.root_key, wf);
	if (!rc && p.has_ica)
		rc = write_in(dir, "ica.cert", p.ica, p.ica_len, wf);
	if (!rc && p.has_ica)
		rc = save_key(dir, "ica", &p.ica_key, wf);
	if (!rc)
		rc = write_in(dir, "vehicle.cert", p.veh, p.veh_len, wf);
	if (!rc)
		rc = save_key(dir, "vehicle", &p.veh_key, wf);
	if (!rc)
		printf("profile %s: root %zu B, %svehicle certificate %zu B in %s\n", p.prof.name, p.root_len,
		       p.has_ica ? "intermediate CA, " : "", p.veh_len, dir);
	pki_free(&p);
	return rc;
}

static int v2x_sign(int argc, char **argv)
{
	const char *dir = NULL, *payload_path = NULL, *size_s = NULL, *signer_s = NULL, *out = NULL;
	const char *psid_s = NULL, *time_s = NULL, *force = NULL, *policy_s = NULL, *seq_s = NULL;
	cli_opt opts[] = {
		{ NULL, "--dir", 1, &dir },
		{ NULL, "--payload", 1, &payload_path },
		{ NULL, "--payload-size", 1, &size_s },
		{ NULL, "--signer", 1, &signer_s },
		{ "-o", "--out", 1, &out },
		{ NULL, "--psid", 1, &psid_s },
		{ NULL, "--time", 1, &time_s },
		{ NULL, "--force", 0, &force },
		{ NULL, "--policy", 1, &policy_s },
		{ NULL, "--seq", 1, &seq_s },
	};
	if (cli_parse(argc, argv, 1, opts, 10, NULL, 0, NULL))
		return CLI_ERROR;
	if (!dir || !out)
		return cli_error("v2x sign needs --dir and -o");
	if (payload_path && size_s)
		return cli_error("give --payload or --payload-size, not both");
	v2x_signer_kind kind = V2X_SIGNER_CERT;
	int automatic = (signer_s && strcmp(signer_s, "auto") == 0) || (!signer_s && policy_s);
	if (signer_s && strcmp(signer_s, "digest") == 0)
		kind = V2X_SIGNER_DIGEST;
	else if (signer_s && !automatic && strcmp(signer_s, "cert") != 0)
		return cli_error("--signer must be cert, digest or auto");
	if (policy_s && !automatic)
		return cli_error("--policy chooses the signer: use it with --signer auto");
	v2x_policy policy = V2X_POLICY_J2945;
	if (policy_s && pqs_v2x_policy_parse(policy_s, &policy) != V2X_OK)
		return cli_error("unknown policy '%s' (j2945, cert, digest, rsu)", policy_s);
	uint64_t seq = 0;
	if (seq_s && cli_parse_u64(seq_s, "--seq", 0, 1000000, &seq))
		return CLI_ERROR;
	uint64_t psid = 0x20, t = 0, size = 100;
	if (psid_s && cli_parse_u64(psid_s, "--psid", 0, WSM_PSID_MAX, &psid))
		return CLI_ERROR;
	if (time_s && cli_parse_u64(time_s, "--time", 1072915200000000ull, UINT64_MAX / 2, &t))
		return CLI_ERROR;
	if (size_s && cli_parse_u64(size_s, "--payload-size", 0, V2X_MAX_SPDU / 2, &size))
		return CLI_ERROR;
	uint8_t *payload = NULL;
	size_t plen = 0;
	if (payload_path) {
		payload = cli_read_file(payload_path, "payload", &plen, V2X_MAX_SPDU / 2);
		if (!payload)
			return CLI_ERROR;
	} else {
		plen = (size_t)size;
		payload = calloc(plen ? plen : 1, 1);
		if (!payload)
			return cli_error("out of memory");
		for (size_t i = 0; i < plen; i++) /* a recognisable filler, like a BSM counter */
			payload[i] = (uint8_t)i;
	}
	pki p;
	int rc = pki_load(&p, dir, 1);
	uint8_t *spdu = rc ? NULL : malloc(V2X_MAX_SPDU);
	if (!rc && !spdu)
		rc = cli_error("out of memory");
	if (!rc) {
		v2x_signer s;
		size_t len = 0;
		uint64_t gen = pqs_v2x_time64_from_unix_us(time_s ? t : unix_now_us());
		int e = automatic ? v2x_policy_signer(policy, p.veh, p.veh_len, (size_t)seq, &kind) : V2X_OK;
		if (!e)
			e = pqs_v2x_signer_init(&s, &p.veh_key, p.veh, p.veh_len, kind, NULL);
		if (!e)
			e = pqs_v2x_spdu_sign(&s, (uint32_t)psid, gen, payload, plen, spdu, V2X_MAX_SPDU, &len);
		if (e)
			rc = cli_error("sign: %s", pqs_v2x_strerror(e));
		else
			rc = cli_write_file(out, spdu, len, force ? CLI_WRITE_FORCE : 0);
	}
	free(spdu);
	free(payload);
	pki_free(&p);
	return rc;
}

static int v2x_verify(int argc, char **argv)
{
	const char *dir = NULL, *now_s = NULL, *window_s = NULL, *psid_s = NULL;
	const char *pos[1];
	size_t npos = 0;
	cli_opt opts[] = {
		{ NULL, "--dir", 1, &dir }, { NULL, "--now", 1, &now_s }, { NULL, "--window", 1, &window_s },
		{ NULL, "--psid", 1, &psid_s },
	};
	if (cli_parse(argc, argv, 1, opts, 4, pos, 1, &npos))
		return CLI_ERROR;
	if (!dir || npos != 1)
		return cli_error("usage: pqsig v2x verify --dir D SPDU");
	uint64_t now = 0, window = 30, psid = 0;
	if (now_s && cli_parse_u64(now_s, "--now", 1072915200000000ull, UINT64_MAX / 2, &now))
		return CLI_ERROR;
	if (window_s && cli_parse_u64(window_s, "--window", 1, 10u * 365u * 86400u, &window))
		return CLI_ERROR;
	if (psid_s && cli_parse_u64(psid_s, "--psid", 0, WSM_PSID_MAX, &psid))
		return CLI_ERROR;
	size_t len = 0;
	uint8_t *spdu = cli_read_file(pos[0], "SPDU", &len, V2X_MAX_SPDU);
	if (!spdu)
		return CLI_ERROR;
	v2x_store *st = pqs_v2x_store_new(8);
	int rc = st ? v2x_load_anchors(dir, st) : cli_error("out of memory");
	int e = V2X_OK;
	if (!rc) {
		v2x_verify_ctx v;
		v2x_spdu_info info;
		pqs_v2x_verify_ctx_init(&v, st, NULL, pqs_v2x_time64_from_unix_us(now_s ? now : unix_now_us()));
		v.max_age = v.max_future = window * 1000000u;
		v.expected_psid = (uint32_t)psid;
		v.has_expected_psid = psid_s != NULL;
		e = pqs_v2x_spdu_verify(&v, spdu, len, &info);
		if (e == V2X_OK) {
			printf("valid: %s, psid 0x%x, %zu-byte payload, signer %s, chain of %zu\n", info.alg->name,
			       (unsigned)info.psid, info.payload_len,
			       info.signer_kind == V2X_SIGNER_DIGEST ? "digest" : "certificate", info.chain_len);
			rc = CLI_OK;
		} else if (pqs_v2x_err_is_malformed(e)) {
			rc = cli_error("%s: %s", pos[0], pqs_v2x_strerror(e));
		} else if (e == V2X_ERR_SIGNER_UNKNOWN && pqs_v2x_spdu_decode(spdu, len, &info) == V2X_OK &&
			   info.signer_kind == V2X_SIGNER_DIGEST) {
			/* 1609.2 clause 8: the HashedId3 is the last 3 octets of the signer's HashedId8 */
			fprintf(stderr, "pqsig: %s: unknown signer: P2PCD request for HashedId3 %02x%02x%02x\n", pos[0],
				info.signer_id[5], info.signer_id[6], info.signer_id[7]);
			rc = CLI_INVALID;
		} else if (e <= -170) {
			rc = cli_error("%s: %s", pos[0], pqs_v2x_strerror(e));
		} else {
			fprintf(stderr, "pqsig: %s: %s\n", pos[0], pqs_v2x_strerror(e));
			rc = CLI_INVALID;
		}
	}
	pqs_v2x_store_free(st);
	free(spdu);
	return rc;
}

/* ---------------- sizes (also the report section) ---------------- */

typedef struct {
	const char *profile;
	v2x_signer_kind signer;
	long published;      /* SPDU bytes in the seed's table */
	long published_frag; /* the seed's fragment count at 1400 B (ceil(size / 1400)); -1: not given */
} size_row;

/* The seed's table (../shared/seeds/v2x-pqc-transition.ko.txt, summarised
 * in ../shared/notes/v2x-encoding.md). */
static const size_row seed_rows[] = {
	{ "ECDSA", V2X_SIGNER_CERT, 333, 1 },
	{ "ML-DSA-44", V2X_SIGNER_CERT, 6331, 5 },
	{ "ML-DSA-87", V2X_SIGNER_CERT, 12025, 9 },
	{ "FN-DSA-512", V2X_SIGNER_CERT, 2408, 2 },
	{ "ECDSA+ML-DSA-87", V2X_SIGNER_CERT, 12195, 9 },
	{ "ECDSA/ML-DSA-44", V2X_SIGNER_CERT, 2691, 2 },
	{ "ECDSA/FN-DSA-512", V2X_SIGNER_CERT, 937, 1 },
	{ "ECDSA/ECDSA+FN-DSA-512", V2X_SIGNER_CERT, 1002, 1 },
	{ "FN-DSA-512", V2X_SIGNER_DIGEST, 797, -1 },
};
#define N_SEED_ROWS (sizeof seed_rows / sizeof seed_rows[0])

typedef struct {
	int available;
	size_t key, ca_sig, veh_sig, total, frag1400, frag2302;
} size_result;

/* Measure one row from real encodings: issue the PKI, sign a 100-byte SPDU, verify it. */
static int measure(const size_row *r, size_result *out)
{
	memset(out, 0, sizeof *out);
	pki p;
	int e = pki_create(&p, r->profile, 0, unix_now_us() / 1000000u - 60);
	if (e == V2X_ERR_ALG_UNAVAILABLE) {
		pki_free(&p);
		return V2X_OK;
	}
	uint8_t *spdu = malloc(V2X_MAX_SPDU);
	v2x_store *st = pqs_v2x_store_new(4);
	uint8_t payload[100];
	memset(payload, 0x5a, sizeof payload);
	if (!e && (!spdu || !st))
		e = V2X_ERR_NOMEM;
	if (!e) {
		v2x_signer s;
		uint64_t now = pqs_v2x_time64_now();
		size_t len = 0;
		e = pqs_v2x_signer_init(&s, &p.veh_key, p.veh, p.veh_len, r->signer, NULL);
		if (!e)
			e = pqs_v2x_spdu_sign(&s, 0x20, now, payload, sizeof payload, spdu, V2X_MAX_SPDU, &len);
		/* a size is only reported for an SPDU that verifies */
		if (!e)
			e = pqs_v2x_store_add_root(st, p.root, p.root_len);
		if (!e)
			e = pqs_v2x_store_add_cert(st, p.veh, p.veh_len);
		if (!e) {
			v2x_verify_ctx v;
			pqs_v2x_verify_ctx_init(&v, st, NULL, now);
			e = pqs_v2x_spdu_verify(&v, spdu, len, NULL);
		}
		if (!e) {
			/* a digest signer carries no certificate: no key, no CA signature */
			int cert = r->signer == V2X_SIGNER_CERT;
			out->available = 1;
			out->key = cert ? pqs_v2x_alg_key_wire_len(p.prof.vehicle) : 0;
			out->ca_sig = cert ? pqs_v2x_alg_sig_wire_len(p.prof.ca) : 0;
			out->veh_sig = pqs_v2x_alg_sig_wire_len(p.prof.vehicle);
			out->total = len;
			out->frag1400 = pqs_wsm_fragment_count(len, WSM_DATA_LIMIT_DEFAULT);
			out->frag2302 = pqs_wsm_fragment_count(len, WSM_DATA_LIMIT_MAX);
		}
	}
	pqs_v2x_store_free(st);
	free(spdu);
	pki_free(&p);
	return e;
}

static const char *row_label(const size_row *r, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s%s", r->profile, r->signer == V2X_SIGNER_DIGEST ? " (digest signer)" : "");
	return buf;
}

/* Every profile of pqs_v2x_profile_name_at, each with the certificate attached and with its digest
 * (`v2x sizes --all`); published = -1: the seed gives no figure. */
static size_row *all_profile_rows(size_t *n)
{
	size_t np = pqs_v2x_profile_count();
	size_row *rows = calloc(2 * np, sizeof *rows);
	for (size_t i = 0; rows && i < np; i++) {
		rows[2 * i] = (size_row){ pqs_v2x_profile_name_at(i), V2X_SIGNER_CERT, -1, -1 };
		rows[2 * i + 1] = (size_row){ pqs_v2x_profile_name_at(i), V2X_SIGNER_DIGEST, -1, -1 };
	}
	*n = rows ? 2 * np : 0;
	return rows;
}

static void print_published(long published)
{
	if (published < 0)
		printf(" %9s", "-");
	else
		printf(" %9ld", published);
}

static int v2x_sizes(int argc, char **argv)
{
	const char *json = NULL, *all = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--all", 0, &all } };
	if (cli_parse(argc, argv, 1, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	size_t nrows = N_SEED_ROWS;
	size_row *owned = all ? all_profile_rows(&nrows) : NULL;
	const size_row *rows = all ? owned : seed_rows;
	size_result *res = rows ? calloc(nrows, sizeof *res) : NULL;
	if (!res) {
		free(owned);
		return cli_error("out of memory");
	}
	for (size_t i = 0; i < nrows; i++) {
		int e = measure(&rows[i], &res[i]);
		if (e) {
			int rc = cli_error("%s: %s", rows[i].profile, pqs_v2x_strerror(e));
			free(res);
			free(owned);
			return rc;
		}
	}
	char label[96];
	if (json) {
		printf("[");
		for (size_t i = 0; i < nrows; i++) {
			const size_result *s = &res[i];
			printf("%s\n {\"profile\": \"%s\", \"signer\": \"%s\"", i ? "," : "", rows[i].profile,
			       rows[i].signer == V2X_SIGNER_DIGEST ? "digest" : "cert");
			if (rows[i].published >= 0)
				printf(", \"published\": %ld", rows[i].published);
			printf(", \"available\": %s", s->available ? "true" : "false");
			if (s->available)
				printf(", \"vehicle_key\": %zu, \"ca_signature\": %zu, \"vehicle_signature\": %zu, \"total\": %zu, "
				       "\"fragments_1400\": %zu, \"fragments_2302\": %zu",
				       s->key, s->ca_sig, s->veh_sig, s->total, s->frag1400, s->frag2302);
			printf("}");
		}
		printf("\n]\n");
		free(res);
		free(owned);
		return CLI_OK;
	}
	int width = all ? 46 : 34; /* --all labels reach "FN-DSA-512/SLH-DSA-SHA2-128s (digest signer)" */
	printf("%-*s %6s %7s %7s %7s %9s %6s %6s\n", width, "profile (vehicle/CA)", "vkey", "CA sig", "veh sig", "total",
	       "published", "@1400", "@2302");
	for (size_t i = 0; i < nrows; i++) {
		const size_result *s = &res[i];
		row_label(&rows[i], label, sizeof label);
		if (!s->available) {
			printf("%-*s %s\n", width, label, "(scheme not registered in this build)");
			continue;
		}
		if (s->key == 0)
			printf("%-*s %6s %7s %7zu %7zu", width, label, "-", "-", s->veh_sig, s->total);
		else
			printf("%-*s %6zu %7zu %7zu %7zu", width, label, s->key, s->ca_sig, s->veh_sig, s->total);
		print_published(rows[i].published);
		printf(" %6zu %6zu\n", s->frag1400, s->frag2302);
	}
	free(res);
	free(owned);
	return CLI_OK;
}

int report_section_v2x_sizes(FILE *md, const report_opts *o)
{
	(void)o;
	char label[96];
	fprintf(md, "## V2X: IEEE 1609.2 SPDU sizes\n\n"
		    "Real COER encodings (`pqsig v2x sizes`): 100-byte payload, PSID 0x20, generationTime only, signer "
		    "certificate attached and issued by the root (last row: certificate digest). Each SPDU was "
		    "verified before its size was reported. Fragment counts use `pqs_wsm_fragment_count` (1609.3 WSM "
		    "data limit 1400 B default, 2302 B maximum; docs/wsm.md). The composite row is 7 B under the "
		    "seed's figure: docs/v2x.md explains why.\n\n");
	fprintf(md, "| profile (vehicle/CA) | vehicle key | CA signature | vehicle signature | SPDU | seed | "
	            "WSMs @1400 | seed @1400 | WSMs @2302 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < N_SEED_ROWS; i++) {
		size_result s;
		int e = measure(&seed_rows[i], &s);
		row_label(&seed_rows[i], label, sizeof label);
		if (e)
			return cli_error("v2x sizes: %s: %s", label, pqs_v2x_strerror(e));
		char seed_frag[24] = "-", key[24] = "-", ca[24] = "-";
		if (seed_rows[i].published_frag >= 0)
			snprintf(seed_frag, sizeof seed_frag, "%ld", seed_rows[i].published_frag);
		if (s.key) {
			snprintf(key, sizeof key, "%zu", s.key);
			snprintf(ca, sizeof ca, "%zu", s.ca_sig);
		}
		if (!s.available)
			fprintf(md, "| %s | - | - | - | not registered | %ld | - | %s | - |\n", label, seed_rows[i].published,
			        seed_frag);
		else
			fprintf(md, "| %s | %s | %s | %zu | %zu | %ld | %zu | %s | %zu |\n", label, key, ca, s.veh_sig, s.total,
			        seed_rows[i].published, s.frag1400, seed_frag, s.frag2302);
	}
	return CLI_OK;
}

/* ---------------- pcap ---------------- */

static void scen_pki_fill(const pki *p, v2x_scen_pki *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->root = p->root;
	sp->root_len = p->root_len;
	sp->ica = p->has_ica ? p->ica : NULL;
	sp->ica_len = p->ica_len;
	sp->issuer_key = p->has_ica ? &p->ica_key : &p->root_key;
	sp->issuer = p->has_ica ? p->ica : p->root;
	sp->issuer_len = p->has_ica ? p->ica_len : p->root_len;
	sp->veh_key = &p->veh_key;
	sp->veh = p->veh;
	sp->veh_len = p->veh_len;
	sp->start = pqs_v2x_time32_from_unix(unix_now_us() / 1000000u - 3600);
}

int v2x_scen_pki_generate(const char *profile, void **owner, v2x_scen_pki *sp)
{
	pki *p = malloc(sizeof *p);
	int e = p ? pki_create(p, profile, 0, unix_now_us() / 1000000u - 3600) : V2X_ERR_NOMEM;
	if (e) {
		if (p)
			pki_free(p);
		free(p);
		return e;
	}
	scen_pki_fill(p, sp);
	*owner = p;
	return V2X_OK;
}

void v2x_scen_pki_free(void *owner)
{
	if (owner)
		pki_free(owner);
	free(owner);
}

/* `v2x pcap --scenario`: vehicle A of dir, a newcomer (and an RSU) issued by dir's CA. */
static int pcap_scenario(const char *dir, const char *out, wsm_link link, size_t limit, size_t payload,
			 const char *policy_s, const char *flavour_s, int rsu, const char *secs_s, int force)
{
	v2x_scen_opts o;
	memset(&o, 0, sizeof o);
	o.policy = V2X_POLICY_DIGEST;
	if (policy_s && pqs_v2x_policy_parse(policy_s, &o.policy) != V2X_OK)
		return cli_error("unknown policy '%s' (j2945, cert, digest, rsu)", policy_s);
	o.rsu = rsu || o.policy == V2X_POLICY_RSU;
	if (flavour_s && strcmp(flavour_s, "separate") == 0)
		o.flavour = V2X_P2PCD_SEPARATE;
	else if (flavour_s && strcmp(flavour_s, "inline") != 0)
		return cli_error("--flavour must be inline or separate");
	uint64_t secs = 3;
	if (secs_s && cli_parse_u64(secs_s, "--seconds", 1, 60, &secs))
		return CLI_ERROR;
	if (payload > 512)
		return cli_error("--payload-size: at most 512 with --scenario");
	o.t0_us = unix_now_us();
	o.arrive_us = secs * 1000000u / 2 + 55000u; /* mid-run, between two of A's certificates */
	o.duration_us = secs * 1000000u;
	o.payload_len = payload;
	pki p;
	int rc = pki_load(&p, dir, 1);
	if (!rc)
		rc = load_key(dir, p.has_ica ? "ica" : "root", p.prof.ca, p.has_ica ? &p.ica_key : &p.root_key);
	cli_output f;
	if (!rc)
		rc = cli_output_open(&f, out, force ? CLI_WRITE_FORCE : 0);
	if (!rc) {
		v2x_scen_pki sp;
		scen_pki_fill(&p, &sp);
		rc = v2x_pcap_scenario(f.f, link, limit, &sp, &o);
		if (!rc)
			rc = cli_output_commit(&f);
		cli_output_abort(&f);
	}
	pki_free(&p);
	return rc;
}

static int v2x_pcap(int argc, char **argv)
{
	const char *dir = NULL, *out = NULL, *link_s = NULL, *count_s = NULL, *size_s = NULL, *limit_s = NULL;
	const char *force = NULL, *scenario = NULL, *policy_s = NULL, *flavour_s = NULL, *rsu = NULL, *secs_s = NULL;
	cli_opt opts[] = {
		{ NULL, "--dir", 1, &dir },
		{ "-o", "--out", 1, &out },
		{ NULL, "--link", 1, &link_s },
		{ NULL, "--count", 1, &count_s },
		{ NULL, "--payload-size", 1, &size_s },
		{ NULL, "--limit", 1, &limit_s },
		{ NULL, "--force", 0, &force },
		{ NULL, "--scenario", 0, &scenario },
		{ NULL, "--policy", 1, &policy_s },
		{ NULL, "--flavour", 1, &flavour_s },
		{ NULL, "--rsu", 0, &rsu },
		{ NULL, "--seconds", 1, &secs_s },
	};
	if (cli_parse(argc, argv, 1, opts, 12, NULL, 0, NULL))
		return CLI_ERROR;
	if (!scenario && (policy_s || flavour_s || rsu || secs_s))
		return cli_error("--policy, --flavour, --rsu and --seconds need --scenario");
	if (!dir || !out)
		return cli_error("v2x pcap needs --dir and -o");
	wsm_link link = WSM_LINK_ETHERNET;
	if (link_s && strcmp(link_s, "80211") == 0)
		link = WSM_LINK_IEEE80211;
	else if (link_s && strcmp(link_s, "ethernet") != 0)
		return cli_error("--link must be ethernet or 80211");
	uint64_t count = 4, size = 100, limit = WSM_DATA_LIMIT_DEFAULT;
	if (count_s && cli_parse_u64(count_s, "--count", 1, 1000, &count))
		return CLI_ERROR;
	if (size_s && cli_parse_u64(size_s, "--payload-size", 0, V2X_MAX_SPDU / 2, &size))
		return CLI_ERROR;
	if (limit_s && cli_parse_u64(limit_s, "--limit", WSM_FRAG_LIMIT_MIN, WSM_DATA_LIMIT_MAX, &limit))
		return CLI_ERROR;
	if (scenario)
		return pcap_scenario(dir, out, link, (size_t)limit, (size_t)size, policy_s, flavour_s, rsu != NULL,
				     secs_s, force != NULL);
	pki p;
	int rc = pki_load(&p, dir, 1);
	uint8_t **spdus = rc ? NULL : calloc((size_t)count, sizeof *spdus);
	size_t *lens = rc ? NULL : calloc((size_t)count, sizeof *lens);
	uint8_t *payload = rc ? NULL : calloc((size_t)size + 1, 1);
	if (!rc && (!spdus || !lens || !payload))
		rc = cli_error("out of memory");
	/* SPDUs alternate certificate and digest signers, as a vehicle does
	 * (the certificate once per second, digests in between) */
	uint64_t t0 = unix_now_us();
	for (size_t i = 0; !rc && i < count; i++) {
		v2x_signer s;
		spdus[i] = malloc(V2X_MAX_SPDU);
		if (!spdus[i]) {
			rc = cli_error("out of memory");
			break;
		}
		for (size_t j = 0; j < size; j++)
			payload[j] = (uint8_t)(i + j);
		int e = pqs_v2x_signer_init(&s, &p.veh_key, p.veh, p.veh_len,
					    i % 2 ? V2X_SIGNER_DIGEST : V2X_SIGNER_CERT, NULL);
		if (!e)
			e = pqs_v2x_spdu_sign(&s, 0x20, pqs_v2x_time64_from_unix_us(t0 + i * 100000u), payload,
					      (size_t)size, spdus[i], V2X_MAX_SPDU, &lens[i]);
		if (e)
			rc = cli_error("sign: %s", pqs_v2x_strerror(e));
	}
	if (!rc) {
		wsm_pcap_opts po;
		memset(&po, 0, sizeof po);
		po.link = link;
		po.hdr.psid = 0x20;
		po.wsm_limit = (size_t)limit;
		po.first_msg_id = 1;
		po.start_us = t0;
		po.interval_us = 100000;
		static const uint8_t mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x16, 0x09 }; /* locally administered */
		memcpy(po.src_mac, mac, 6);
		cli_output f;
		size_t frames = 0;
		rc = cli_output_open(&f, out, force ? CLI_WRITE_FORCE : 0);
		if (!rc) {
			int e = pqs_wsm_pcap_write(f.f, &po, (const uint8_t *const *)spdus, lens, (size_t)count,
						   &frames);
			if (e)
				rc = cli_error("pcap: %s", pqs_wsm_strerror(e));
			else
				rc = cli_output_commit(&f);
			cli_output_abort(&f);
			if (!rc)
				printf("%zu SPDUs in %zu WSMP frames written to %s\n", (size_t)count, frames, out);
		}
	}
	for (size_t i = 0; spdus && i < count; i++)
		free(spdus[i]);
	free(spdus);
	free(lens);
	free(payload);
	pki_free(&p);
	return rc;
}

/* The standard profiles, one per line: name, then "available" or "unavailable". */
static int v2x_profiles(int argc, char **argv)
{
	if (cli_parse(argc, argv, 1, NULL, 0, NULL, 0, NULL))
		return CLI_ERROR;
	for (size_t i = 0; i < pqs_v2x_profile_count(); i++) {
		v2x_profile p;
		const char *name = pqs_v2x_profile_name_at(i);
		int ok = pqs_v2x_profile_parse(name, &p) == V2X_OK && pqs_v2x_profile_available(&p);
		printf("%s %s\n", name, ok ? "available" : "unavailable");
	}
	return CLI_OK;
}

int cmd_v2x(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} subs[] = {
		{ "pki", v2x_pki },   { "sign", v2x_sign },         { "verify", v2x_verify },   { "sizes", v2x_sizes },
		{ "pcap", v2x_pcap }, { "profiles", v2x_profiles }, { "receive", v2x_receive }, { "sim", cmd_v2x_sim },
	};
	if (argc < 2)
		return cli_error("usage: pqsig v2x pki|sign|verify|receive|sizes|pcap|profiles|sim ...");
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (strcmp(argv[1], subs[i].name) == 0)
			return subs[i].run(argc - 1, argv + 1);
	return cli_error("unknown v2x command '%s' (pki, sign, verify, receive, sizes, pcap, profiles)", argv[1]);
}
