/*
 * pcap output checked by an independent decoder: tshark (Wireshark's
 * WSMP dissector, packet-wsmp.c) must open our files in both
 * encapsulations (Ethernet II 0x88DC; raw 802.11 data + LLC/SNAP,
 * linktype 105), find WSMP in every frame, and decode the PSID (all four
 * p-encoding lengths), the N-header extensions and the WSM length we
 * wrote, with no expert warning and no malformed packet.  The same files
 * are then read back with our own decoder and reassembler and must give
 * the original SPDUs.  Finally, real IEEE 1609.2 SPDUs of every V2X
 * profile whose schemes are registered go through the whole path: sign,
 * fragment, pcap, tshark, read back, reassemble, verify with the stack.
 *
 * Unfragmented real SPDU frames get the full IEEE 1609.2 check of
 * tests/v2x/dot2/tshark_check.py (path in argv[1]; issue 10 item 24): the
 * Ieee1609Dot2Data spans the whole WSM data, no visible malformed flag, and
 * no expert info except exactly one unknown-alternative warning per PQC key
 * or signature (Wireshark 4.0 does not know those alternatives).  Fragment
 * frames cannot be parsed by the 1609.2 dissector and are checked at the
 * WSMP level only.
 *
 * Exits 77 (CTest SKIP_RETURN_CODE) with a message if tshark is missing.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pqsig/v2x.h"
#include "pqsig/wsm.h"
#include "testutil.h"

#define MAX_FRAMES 64

/* What tshark must show for one frame. */
typedef struct {
	uint32_t psid;
	size_t wsm_len;      /* WSM data length */
	int n_ext;           /* N-header extensions, with their ids and values */
	unsigned ext_id[4], ext_val[4];
} expect_frame;

static int have_tshark(void)
{
	return system("tshark --version >/dev/null 2>&1") == 0;
}

static const char *tshark_check_py;

static char *tmp_path(char *buf, size_t cap, const char *tag)
{
	snprintf(buf, cap, "/tmp/pqsig-wsm-%s-XXXXXX", tag);
	int fd = mkstemp(buf);
	if (fd < 0)
		return NULL;
	close(fd);
	return buf;
}

/* Split s at sep into at most max fields (in place). */
static size_t split(char *s, char sep, char **out, size_t max)
{
	size_t n = 0;
	out[n++] = s;
	for (char *p = s; *p && n < max; p++)
		if (*p == sep) {
			*p = 0;
			out[n++] = p + 1;
		}
	return n;
}

/* Run tshark on path and compare every frame with exp[0..n). */
/*
 * allow_expert: tshark hands PSID 0x20 data to its IEEE 1609.2 dissector,
 * which warns about PQC alternatives it does not know and cannot parse our
 * fragments; the WSMP fields are still checked.
 */
static void check_with_tshark(const char *what, const char *path, wsm_link link, const expect_frame *exp, size_t n,
                              int allow_expert)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd,
	         "tshark -r '%s' -T fields -E separator=/t -E occurrence=a -e frame.protocols -e wsmp.psid "
	         "-e wsmp.wave_ie_len -e wsmp.wave_ie -e wsmp.wave_ie_data -e _ws.expert -e _ws.malformed 2>/dev/null",
	         path);
	FILE *p = popen(cmd, "r");
	TU_CHECK(p != NULL, "%s: run tshark", what);
	if (!p)
		return;
	static char line[1 << 16];
	size_t frame = 0;
	const char *proto = link == WSM_LINK_ETHERNET ? "eth:ethertype:wsmp" : "wlan:llc:wsmp";
	while (fgets(line, sizeof line, p)) {
		line[strcspn(line, "\r\n")] = 0;
		char *f[8];
		size_t nf = split(line, '\t', f, 8);
		if (frame >= n) {
			frame++;
			continue;
		}
		const expect_frame *e = &exp[frame];
		TU_CHECK(nf == 7, "%s frame %zu: %zu fields", what, frame + 1, nf);
		if (nf != 7) {
			frame++;
			continue;
		}
		/* For PSID 0x20 Wireshark also runs its 1609.2 dissector on the WSM data. */
		size_t pl = strlen(proto);
		int proto_ok = allow_expert ? strncmp(f[0], proto, pl) == 0 && strcmp(f[0] + pl, ":ieee1609dot2") == 0
		                            : strcmp(f[0], proto) == 0;
		TU_CHECK(proto_ok, "%s frame %zu: protocols '%s', want '%s%s'", what, frame + 1, f[0], proto,
		         allow_expert ? ":ieee1609dot2" : "");
		unsigned long psid = strtoul(f[1], NULL, 16);
		TU_CHECK(f[1][0] && psid == e->psid, "%s frame %zu: tshark PSID '%s', want %u", what, frame + 1, f[1], e->psid);
		/* wsmp.wave_ie_len: each extension's length, then the WSM length. */
		char *lens[8], *ids[8], *vals[8];
		size_t nl = split(f[2], ',', lens, 8), ni = split(f[3], ',', ids, 8);
		size_t nv = f[4][0] ? split(f[4], ',', vals, 8) : 0;
		TU_CHECK(nl == (size_t)e->n_ext + 1 && strtoul(lens[nl - 1], NULL, 10) == e->wsm_len,
		         "%s frame %zu: tshark WSM length '%s', want %zu", what, frame + 1, lens[nl - 1], e->wsm_len);
		/* wsmp.wave_ie: the extension ids, then the TPID (Wireshark registers both under this name). */
		TU_CHECK(ni == (size_t)e->n_ext + 1 && strcmp(ids[ni - 1], "0") == 0, "%s frame %zu: extension ids / TPID", what,
		         frame + 1);
		TU_CHECK(nv == (size_t)e->n_ext, "%s frame %zu: %zu extension values", what, frame + 1, nv);
		for (int k = 0; k < e->n_ext && (size_t)k < ni && (size_t)k < nv; k++)
			TU_CHECK(strtoul(ids[k], NULL, 10) == e->ext_id[k] && strtoul(vals[k], NULL, 16) == e->ext_val[k] &&
			                 strtoul(lens[k], NULL, 10) == 1,
			         "%s frame %zu: extension %d is %s=%s", what, frame + 1, k, ids[k], vals[k]);
		TU_CHECK(allow_expert || (f[5][0] == 0 && f[6][0] == 0), "%s frame %zu: expert info '%s' / malformed '%s'", what, frame + 1, f[5], f[6]);
		frame++;
	}
	int st = pclose(p);
	TU_CHECK(st == 0, "%s: tshark exit status %d", what, st);
	TU_CHECK(frame == n, "%s: tshark saw %zu frames, want %zu", what, frame, n);
}

/*
 * Our own reading of the file: pcap records -> link header -> WSM ->
 * reassembly; every delivered SPDU must equal the original and, if vctx is
 * given, verify through the 1609.2 stack.
 */
static void check_read_back(const char *what, const char *path, wsm_link link, uint32_t psid,
                            const uint8_t *const *spdus, const size_t *lens, size_t n, v2x_verify_ctx *vctx)
{
	size_t flen = 0;
	uint8_t *file = tu_read_file(path, &flen);
	TU_CHECK(file && flen >= 24, "%s: read back", what);
	if (!file || flen < 24) {
		free(file);
		return;
	}
	static const uint8_t magic[4] = { 0xD4, 0xC3, 0xB2, 0xA1 };
	TU_CHECK(memcmp(file, magic, 4) == 0 && file[4] == 2 && file[6] == 4 && file[20] == (uint8_t)link && file[21] == 0,
	         "%s: global header", what);
	size_t hl = link == WSM_LINK_ETHERNET ? 14 : 32;
	wsm_reasm *r = pqs_wsm_reasm_new(NULL);
	size_t got = 0, pos = 24;
	while (pos + 16 <= flen) {
		size_t incl = file[pos + 8] | (size_t)file[pos + 9] << 8 | (size_t)file[pos + 10] << 16 | (size_t)file[pos + 11] << 24;
		pos += 16;
		if (incl < hl || pos + incl > flen)
			break;
		wsm_header h;
		const uint8_t *data;
		size_t dlen;
		wsm_reasm_result res;
		/* The sender: Ethernet source address, or 802.11 Address 2 (the transmitter). */
		const uint8_t *sender = file + pos + (link == WSM_LINK_ETHERNET ? 6 : 10);
		if (pqs_wsm_decode(file + pos + hl, incl - hl, &h, &data, &dlen) != PQS_OK || h.psid != psid ||
		    pqs_wsm_reasm_push(r, sender, data, dlen, 0, &res) != PQS_OK) {
			TU_CHECK(0, "%s: frame at %zu does not decode", what, pos);
			break;
		}
		if (res.status == WSM_REASM_COMPLETE) {
			TU_CHECK(got < n && res.spdu_len == lens[got] && memcmp(res.spdu, spdus[got], lens[got]) == 0,
			         "%s: SPDU %zu read back", what, got);
			if (vctx) {
				int e = pqs_v2x_spdu_verify(vctx, res.spdu, res.spdu_len, NULL);
				TU_CHECK(e == V2X_OK, "%s: SPDU %zu verifies after reassembly (%s)", what, got,
					 pqs_v2x_strerror(e));
			}
			got++;
		}
		pos += incl;
	}
	TU_CHECK(pos == flen && got == n, "%s: %zu of %zu SPDUs read back, %zu of %zu bytes", what, got, n, pos, flen);
	pqs_wsm_reasm_free(r);
	free(file);
}

/* The high-level writer: SPDUs of the seed's sizes, fragmented, with N-header extensions. */
static void test_spdus(wsm_link link, size_t limit)
{
	static const size_t sizes[] = { 100, 333, 1400, 2302, 2408, 6331, 12025 };
	enum { NS = sizeof sizes / sizeof sizes[0] };
	uint8_t *bufs[NS];
	const uint8_t *spdus[NS];
	for (size_t i = 0; i < NS; i++) {
		bufs[i] = malloc(sizes[i]);
		for (size_t k = 0; k < sizes[i]; k++)
			bufs[i][k] = (uint8_t)(k * 29 + i);
		bufs[i][0] = 0x03;
		spdus[i] = bufs[i];
	}
	wsm_pcap_opts o;
	memset(&o, 0, sizeof o);
	o.link = link;
	o.hdr.psid = 16517; /* three-octet p-encoding */
	o.hdr.has_tx_power = o.hdr.has_channel = o.hdr.has_data_rate = 1;
	o.hdr.tx_power_dbm = 20;
	o.hdr.channel = 172;
	o.hdr.data_rate = 12;
	o.wsm_limit = limit;
	o.first_msg_id = 0x5157A000u;
	o.start_us = 1764460800000000ull;
	memcpy(o.src_mac, "\x02\x00\x5e\x10\x00\x01", 6);
	char path[64], what[64];
	snprintf(what, sizeof what, "spdus link %d limit %zu", (int)link, limit);
	if (!tmp_path(path, sizeof path, "spdus")) {
		TU_CHECK(0, "%s: temporary file", what);
		return;
	}
	FILE *f = fopen(path, "wb");
	size_t frames = 0;
	int rc = pqs_wsm_pcap_write(f, &o, spdus, sizes, NS, &frames);
	TU_CHECK(fclose(f) == 0 && rc == PQS_OK, "%s: write (%s)", what, pqs_wsm_strerror(rc));
	expect_frame exp[MAX_FRAMES];
	size_t n = 0;
	for (size_t i = 0; i < NS; i++) {
		wsm_fragmenter fr;
		pqs_wsm_fragmenter_init(&fr, spdus[i], sizes[i], limit, 0);
		uint8_t tmp[WSM_DATA_LIMIT_MAX];
		for (size_t k = 0; k < fr.count && n < MAX_FRAMES; k++, n++) {
			exp[n] = (expect_frame){ .psid = o.hdr.psid, .n_ext = 3,
				                 .ext_id = { WSM_EXT_TX_POWER, WSM_EXT_CHANNEL, WSM_EXT_DATA_RATE },
				                 .ext_val = { 20 + 128, 172, 12 } };
			pqs_wsm_fragmenter_get(&fr, k, tmp, sizeof tmp, &exp[n].wsm_len);
		}
	}
	TU_CHECK(frames == n, "%s: %zu frames written, want %zu", what, frames, n);
	check_with_tshark(what, path, link, exp, n, 0);
	check_read_back(what, path, link, o.hdr.psid, spdus, sizes, NS, NULL);
	remove(path);
	for (size_t i = 0; i < NS; i++)
		free(bufs[i]);
}

/* The low-level writer: every p-encoding length and WSM length edge, no extensions. */
static void test_headers(wsm_link link)
{
	static const uint32_t psids[] = { 0x10, 0x7F, 0x80, 135, 16511, 16512, 2113663, 2113664, 2113664 + 0x123456 };
	static const size_t dlens[] = { 1, 127, 128, 1400, 2302 };
	static uint8_t data[WSM_DATA_LIMIT_MAX], wsm[WSM_DATA_LIMIT_MAX + WSM_HEADER_MAX];
	memset(data, 0xA5, sizeof data);
	char path[64], what[64];
	snprintf(what, sizeof what, "headers link %d", (int)link);
	if (!tmp_path(path, sizeof path, "hdr")) {
		TU_CHECK(0, "%s: temporary file", what);
		return;
	}
	FILE *f = fopen(path, "wb");
	int rc = pqs_wsm_pcap_write_header(f, link);
	expect_frame exp[MAX_FRAMES];
	size_t n = 0;
	static const uint8_t mac[6] = { 0x02, 0, 0, 0, 0, 0x42 };
	for (size_t i = 0; i < sizeof psids / sizeof psids[0] && !rc; i++)
		for (size_t j = 0; j < sizeof dlens / sizeof dlens[0] && !rc && n < MAX_FRAMES; j++) {
			wsm_header h;
			memset(&h, 0, sizeof h);
			h.psid = psids[i];
			size_t wl;
			rc = pqs_wsm_encode(wsm, sizeof wsm, &wl, &h, data, dlens[j]);
			if (!rc)
				rc = pqs_wsm_pcap_write_frame(f, link, mac, 1000000u * (n + 1), wsm, wl);
			exp[n++] = (expect_frame){ .psid = psids[i], .wsm_len = dlens[j] };
		}
	TU_CHECK(fclose(f) == 0 && rc == PQS_OK, "%s: write (%s)", what, pqs_wsm_strerror(rc));
	check_with_tshark(what, path, link, exp, n, 0);
	remove(path);
}

/* A root CA and a vehicle certificate issued by it, for one profile. */
typedef struct {
	v2x_key root_key, veh_key;
	uint8_t root[V2X_MAX_CERT], veh[V2X_MAX_CERT];
	size_t root_len, veh_len;
} pki;

#define SPDUS_PER_PROFILE 3
#define MAX_REAL 64

/* Unknown-alternative warnings Wireshark 4.0 gives per key or signature of alg: all but the two root ECDSA curves. */
static unsigned unknown_alts(const v2x_alg *alg)
{
	return alg->index > 1;
}

/*
 * The 1609.2 check of every unfragmented frame (tshark_check.py pcap):
 * frames[i] is the frame number of SPDU i (0 if fragmented), unknown[i]
 * its expected unknown-alternative warnings.  All must pass, and their
 * number must be the number of unfragmented SPDUs.
 */
static void check_whole_frames(const char *what, const char *pcap, const size_t *frames, const size_t *lens,
                               const unsigned *unknown, size_t n)
{
	char manifest[64], cmd[512], line[512];
	if (!tmp_path(manifest, sizeof manifest, "frames")) {
		TU_CHECK(0, "%s: temporary file", what);
		return;
	}
	FILE *m = fopen(manifest, "w");
	size_t whole = 0;
	for (size_t i = 0; m && i < n; i++)
		if (frames[i]) {
			fprintf(m, "%zu|%zu|%u\n", frames[i], lens[i], unknown[i]);
			whole++;
		}
	TU_CHECK(m && fclose(m) == 0, "%s: manifest written", what);
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 '%s' pcap '%s' '%s' 2>&1", tshark_check_py, pcap, manifest);
	FILE *p = popen(cmd, "r");
	size_t ok = 0, failed = 1;
	int summary = 0;
	while (p && fgets(line, sizeof line, p)) {
		if (sscanf(line, "tshark pcap: %zu ok, %zu failed", &ok, &failed) == 2)
			summary = 1;
		else
			printf("%s: %s", what, line);
	}
	int st = p ? pclose(p) : -1;
	TU_CHECK(st == 0 && summary && failed == 0 && ok == whole && whole > 0,
	         "%s: %zu of %zu unfragmented SPDU frames pass the 1609.2 check (no malformed flag, no other expert "
	         "info; exit %d)",
	         what, ok, whole, st);
	remove(manifest);
}

/*
 * Every registered V2X profile: a PKI, three SPDUs (certificate, digest,
 * certificate signer), all in one pcap (one tshark run per link), read
 * back, reassembled and verified by one verifier that trusts every root.
 */
static void test_real_spdus(wsm_link link)
{
	uint64_t now = pqs_v2x_time64_from_unix_us(1795953600ull * 1000000u);
	uint32_t now32 = (uint32_t)(now / 1000000u);
	v2x_store *store = pqs_v2x_store_new(2 * 32);
	pki *p = calloc(1, sizeof *p);
	uint8_t *bufs[MAX_REAL] = { NULL };
	const uint8_t *spdus[MAX_REAL];
	size_t lens[MAX_REAL], n = 0, whole_frame[MAX_REAL] = { 0 };
	unsigned unknown[MAX_REAL] = { 0 };
	uint8_t payload[100] = { 0 };
	char what[64];
	snprintf(what, sizeof what, "real SPDUs link %d", (int)link);
	int e = p && store ? V2X_OK : V2X_ERR_NOMEM;
	for (size_t pi = 0; pi < pqs_v2x_profile_count() && !e; pi++) {
		const char *name = pqs_v2x_profile_name_at(pi);
		v2x_profile prof;
		if (pqs_v2x_profile_parse(name, &prof) != V2X_OK || !pqs_v2x_profile_available(&prof)) {
			/* a listed profile whose scheme dropped out of the build fails: no silent skip */
			TU_CHECK(0, "%s: %s: a scheme of this profile is not registered in this build", what, name);
			continue;
		}
		v2x_cert_params cp;
		v2x_signer sg;
		e = pqs_v2x_key_generate(&p->root_key, prof.ca, NULL);
		if (!e)
			e = pqs_v2x_key_generate(&p->veh_key, prof.vehicle, NULL);
		pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
		if (!e)
			e = pqs_v2x_cert_issue(&cp, &p->root_key, &p->root_key, NULL, 0, NULL, p->root, sizeof p->root,
					       &p->root_len);
		pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, now32 - 3600);
		if (!e)
			e = pqs_v2x_cert_issue(&cp, &p->veh_key, &p->root_key, p->root, p->root_len, NULL, p->veh,
					       sizeof p->veh, &p->veh_len);
		if (!e)
			e = pqs_v2x_store_add_root(store, p->root, p->root_len);
		/* The verifier knows the vehicle certificate, for the digest-signed SPDU. */
		if (!e)
			e = pqs_v2x_store_add_cert(store, p->veh, p->veh_len);
		for (size_t i = 0; i < SPDUS_PER_PROFILE && !e && n < MAX_REAL; i++, n++) {
			e = pqs_v2x_signer_init(&sg, &p->veh_key, p->veh, p->veh_len,
						i == 1 ? V2X_SIGNER_DIGEST : V2X_SIGNER_CERT, NULL);
			size_t cap = e ? 0 : pqs_v2x_spdu_max_len(&sg, sizeof payload);
			bufs[n] = e ? NULL : malloc(cap);
			payload[0] = (uint8_t)n;
			/* Certificate signer: the vehicle key and the CA's signature in the certificate, then the SPDU's. */
			unknown[n] = unknown_alts(prof.vehicle) +
			             (i == 1 ? 0 : unknown_alts(prof.ca) + unknown_alts(prof.vehicle));
			if (!e)
				e = bufs[n] ? pqs_v2x_spdu_sign(&sg, 0x20, now - 1000 * n, payload, sizeof payload,
								bufs[n], cap, &lens[n])
					    : V2X_ERR_NOMEM;
			spdus[n] = bufs[n];
		}
		TU_CHECK(e == V2X_OK, "%s: %s set up (%s)", what, name, pqs_v2x_strerror(e));
	}
	/* the 20 profiles of this build, each with its SPDUs: an empty or shortened list fails */
	TU_CHECK(n >= SPDUS_PER_PROFILE * 20, "%s: %zu real SPDUs from %zu profiles, want at least %d", what, n,
		 pqs_v2x_profile_count(), SPDUS_PER_PROFILE * 20);
	char path[64];
	if (!e && n && tmp_path(path, sizeof path, "v2x")) {
		wsm_pcap_opts o;
		memset(&o, 0, sizeof o);
		o.link = link;
		o.hdr.psid = 0x20;
		o.first_msg_id = 0x600D0000u;
		o.start_us = 1764460800000000ull;
		FILE *f = fopen(path, "wb");
		size_t frames = 0;
		int rc = f ? pqs_wsm_pcap_write(f, &o, spdus, lens, n, &frames) : PQS_ERR_ARG;
		TU_CHECK(f && fclose(f) == 0 && rc == PQS_OK, "%s: write (%s)", what, pqs_wsm_strerror(rc));
		expect_frame *exp = calloc(4 * MAX_REAL * 10, sizeof *exp);
		size_t nf = 0;
		for (size_t i = 0; exp && i < n; i++) {
			wsm_fragmenter fr;
			uint8_t tmp[WSM_DATA_LIMIT_MAX];
			pqs_wsm_fragmenter_init(&fr, spdus[i], lens[i], WSM_DATA_LIMIT_DEFAULT, 0);
			whole_frame[i] = fr.count == 1 ? nf + 1 : 0;
			for (size_t k = 0; k < fr.count && nf < 4 * MAX_REAL * 10; k++, nf++) {
				exp[nf] = (expect_frame){ .psid = 0x20 };
				pqs_wsm_fragmenter_get(&fr, k, tmp, sizeof tmp, &exp[nf].wsm_len);
			}
		}
		TU_CHECK(frames == nf, "%s: %zu frames, want %zu", what, frames, nf);
		if (exp)
			check_with_tshark(what, path, link, exp, nf, 1);
		free(exp);
		check_whole_frames(what, path, whole_frame, lens, unknown, n);
		v2x_verify_ctx v;
		pqs_v2x_verify_ctx_init(&v, store, NULL, now);
		check_read_back(what, path, link, 0x20, spdus, lens, n, &v);
		TU_CHECK(v.sig_checks >= n, "%s: the stack checked the signatures", what);
		remove(path);
	}
	for (size_t i = 0; i < n; i++)
		free(bufs[i]);
	if (p) {
		pqs_v2x_key_clear(&p->root_key);
		pqs_v2x_key_clear(&p->veh_key);
	}
	free(p);
	pqs_v2x_store_free(store);
}

static void test_errors(void)
{
	wsm_pcap_opts o;
	memset(&o, 0, sizeof o);
	o.link = WSM_LINK_ETHERNET;
	o.hdr.psid = 0x20;
	static const uint8_t s[10] = { 3 };
	const uint8_t *sp[1] = { s };
	size_t ln[1] = { sizeof s }, fr = 99;
	FILE *f = tmpfile();
	o.wsm_limit = 63;
	TU_CHECK(pqs_wsm_pcap_write(f, &o, sp, ln, 1, &fr) == WSM_ERR_LIMIT, "limit 63 refused");
	o.wsm_limit = 0;
	o.hdr.psid = WSM_PSID_MAX + 1;
	TU_CHECK(pqs_wsm_pcap_write(f, &o, sp, ln, 1, &fr) == WSM_ERR_PSID_RANGE, "bad PSID refused");
	o.hdr.psid = 0x20;
	o.link = (wsm_link)2;
	TU_CHECK(pqs_wsm_pcap_write(f, &o, sp, ln, 1, &fr) == PQS_ERR_ARG, "unknown link type refused");
	o.link = WSM_LINK_ETHERNET;
	ln[0] = 0;
	TU_CHECK(pqs_wsm_pcap_write(f, &o, sp, ln, 1, &fr) == PQS_ERR_ARG, "empty SPDU refused");
	TU_CHECK(ftell(f) == 0, "nothing written on refusal");
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s tests/v2x/dot2/tshark_check.py\n", argv[0]);
		return 2;
	}
	tshark_check_py = argv[1];
	test_errors();
	if (!have_tshark()) {
		if (tu_failures)
			return tu_finish("test_wsm_pcap");
		printf("test_wsm_pcap: SKIPPED, tshark is not installed (scripts/deps.sh installs it)\n");
		return 77;
	}
	test_headers(WSM_LINK_ETHERNET);
	test_headers(WSM_LINK_IEEE80211);
	test_spdus(WSM_LINK_ETHERNET, WSM_DATA_LIMIT_DEFAULT);
	test_spdus(WSM_LINK_IEEE80211, WSM_DATA_LIMIT_MAX);
	test_real_spdus(WSM_LINK_ETHERNET);
	test_real_spdus(WSM_LINK_IEEE80211);
	return tu_finish("test_wsm_pcap");
}
