/*
 * Writes the generated seed corpora under a fuzz/ folder (argument):
 *   corpus-v2x/spdu-fixture-... SPDUs of the fixture PKI (fuzz/v2x_fixture.h)
 *   v2x-trust/root-..., ica-..., vehicle-...  its certificates, which the SPDU fuzzer trusts
 *   corpus-wsm/header-..., stream-...  WSMP headers; fragment streams from two senders
 *   corpus-sig/<class>          a valid (pk, signature, message) of every registered scheme
 *   corpus-scms/<mode>-<msg>    the four messages of one provisioning per mode
 *   corpus-ecies/ct-...         ECIES ciphertexts to the fuzzer's fixed key
 *   corpus-diff/...             WSMP headers and SCMS messages for the re-encoding check
 * Everything derives from fixed seeds, so rerunning it rewrites the same
 * inputs (except hedged signatures); tests/fuzz checks that the SPDU seeds
 * still verify.  Usage: gen_fuzz_corpus path/to/fuzz
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nist_drbg.h"
#include "pqsig/sig.h"
#include "pqsig/wsm.h"
#include "scms_fixture.h"
#include "v2x_fixture.h"

static const char *root;
static int failures;

/* Write prefix || p to root/folder/name. */
static void write_file(const char *folder, const char *name, const uint8_t *prefix, size_t prefix_len,
                       const uint8_t *p, size_t n)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", root, folder);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/%s/%s", root, folder, name);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(prefix, 1, prefix_len, f) != prefix_len || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "gen_fuzz_corpus: cannot write %s\n", path);
		failures++;
	}
}

static void put(const char *area, const char *name, const uint8_t *prefix, size_t prefix_len, const uint8_t *p,
                size_t n)
{
	char folder[64];
	snprintf(folder, sizeof folder, "corpus-%s", area);
	write_file(folder, name, prefix, prefix_len, p, n);
}

static void put_in(const char *folder, const char *name, const uint8_t *p, size_t n)
{
	write_file(folder, name, NULL, 0, p, n);
}

static void gen_v2x(void)
{
	v2x_fixture fx;
	if (v2x_fixture_build(&fx) != V2X_OK) {
		failures++;
		return;
	}
	for (size_t i = 0; i < fx.n_spdus; i++)
		put("v2x", fx.label[i], NULL, 0, fx.spdu[i], fx.spdu_len[i]);
	for (size_t i = 0; i < fx.n_certs; i++)
		put_in("v2x-trust", fx.cert_label[i], fx.cert[i], fx.cert_len[i]);
	v2x_fixture_free(&fx);
}

/* WSMP headers of every shape: extensions, T-extensions, each p-encoding length. */
static size_t wsm_samples(uint8_t out[][64], size_t *len)
{
	static const uint8_t t_value[3] = { 1, 2, 3 };
	static const uint8_t data[5] = { 0x03, 0x81, 0x00, 0x40, 0x01 };
	static const uint32_t psids[] = { 0x20, 135, 16512, 2113664 };
	size_t n = 0;
	for (size_t i = 0; i < 4; i++) {
		wsm_header h;
		memset(&h, 0, sizeof h);
		h.psid = psids[i];
		h.has_tx_power = i & 1;
		h.tx_power_dbm = 20;
		h.has_channel = h.has_data_rate = i >= 2;
		h.channel = 172;
		h.data_rate = 12;
		h.has_time_confidence = i == 3;
		h.time_confidence = 5;
		if (i == 2) {
			h.n_t_ext = 1;
			h.t_ext[0] = (wsm_t_ext){ .id = 7, .len = sizeof t_value, .value = t_value };
		}
		if (pqs_wsm_encode(out[n], 64, &len[n], &h, data, sizeof data) == PQS_OK)
			n++;
	}
	return n;
}

/* Stream records for fuzz_wsm_reasm: sender/clock byte, 2-byte length, data. */
static size_t record(uint8_t *p, uint8_t sender_clock, const uint8_t *data, size_t n)
{
	p[0] = sender_clock;
	p[1] = (uint8_t)(n >> 8);
	p[2] = (uint8_t)n;
	memcpy(p + 3, data, n);
	return 3 + n;
}

static void gen_wsm(void)
{
	uint8_t hdr[8][64];
	size_t hl[8], n = wsm_samples(hdr, hl);
	char name[64];
	for (size_t i = 0; i < n; i++) {
		snprintf(name, sizeof name, "header-%zu", i);
		put("wsm", name, NULL, 0, hdr[i], hl[i]);
		put("diff", name, (const uint8_t *)"\0", 1, hdr[i], hl[i]);
	}
	/* Two senders' SPDUs fragmented at 200 B, interleaved, with a forged fragment first. */
	static uint8_t spdu[2][1500], frag[WSM_DATA_LIMIT_MAX], stream[32768];
	size_t sl = 0;
	wsm_fragmenter f[2];
	for (int s = 0; s < 2; s++) {
		for (size_t k = 0; k < sizeof spdu[s]; k++)
			spdu[s][k] = (uint8_t)(k * 7 + (size_t)s);
		spdu[s][0] = 0x03;
		pqs_wsm_fragmenter_init(&f[s], spdu[s], sizeof spdu[s] - 300 * (size_t)s, 200, 0x1000u);
	}
	size_t fl;
	pqs_wsm_fragmenter_get(&f[0], 1, frag, sizeof frag, &fl);
	frag[20] ^= 0xFF; /* another digest */
	sl += record(stream + sl, 0x04 | 2, frag, fl);
	for (size_t i = 0; i < f[0].count; i++)
		for (int s = 0; s < 2; s++)
			if (i < f[s].count) {
				pqs_wsm_fragmenter_get(&f[s], i, frag, sizeof frag, &fl);
				sl += record(stream + sl, (uint8_t)(0x04 | s), frag, fl);
			}
	sl += record(stream + sl, 0x08, spdu[0], 100); /* an unfragmented SPDU */
	put("wsm", "stream-two-senders", NULL, 0, stream, sl);
}

static void gen_sig(void)
{
	uint8_t seed[48] = "pqsig fuzz signature seeds";
	pqs_drbg drbg;
	pqs_drbg_init(&drbg, seed, NULL);
	static const uint8_t msg[] = "pqsig fuzz message";
	for (size_t i = 0; i < pqs_sig_count() && i < 256; i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		uint8_t *pk = malloc(c->pk_len), *sk = malloc(c->sk_len), *buf = malloc(c->pk_len + 2 + c->sig_max_len + sizeof msg);
		size_t sig_len = 0;
		int e = pk && sk && buf ? pqs_sig_keygen(c, pk, sk, NULL, 0, &drbg.rng) : PQS_ERR_INTERNAL;
		if (!e)
			e = pqs_sig_sign(c, buf + c->pk_len + 2, c->sig_max_len, &sig_len, msg, sizeof msg, NULL, 0, sk, 0,
			                 &drbg.rng);
		if (!e) {
			memcpy(buf, pk, c->pk_len);
			buf[c->pk_len] = (uint8_t)(sig_len >> 8);
			buf[c->pk_len + 1] = (uint8_t)sig_len;
			memcpy(buf + c->pk_len + 2 + sig_len, msg, sizeof msg);
			uint8_t index = (uint8_t)i;
			put("sig", c->name, &index, 1, buf, c->pk_len + 2 + sig_len + sizeof msg);
		} else {
			fprintf(stderr, "gen_fuzz_corpus: %s: %s\n", c->name, pqs_strerror(e));
			failures++;
		}
		free(pk);
		free(sk);
		free(buf);
	}
}

static void gen_scms(void)
{
	static const char *const msg_names[SCMS_MSGS] = { "request", "batch", "responses", "download" };
	scms_fixture fx;
	if (scms_fixture_build(&fx) != PQS_OK) {
		failures++;
		return;
	}
	for (unsigned m = 0; m < SCMS_FIXTURE_MODES; m++) {
		uint8_t *msg[SCMS_MSGS];
		size_t len[SCMS_MSGS];
		if (scms_fixture_flow(&fx, m, msg, len) != PQS_OK) {
			fprintf(stderr, "gen_fuzz_corpus: SCMS mode %u failed\n", m);
			failures++;
			continue;
		}
		for (unsigned k = 0; k < SCMS_MSGS; k++) {
			char name[64];
			uint8_t selector = (uint8_t)(k | m << 2);
			snprintf(name, sizeof name, "mode%u-%s", m, msg_names[k]);
			put("scms", name, &selector, 1, msg[k], len[k]);
			put("diff", name, (const uint8_t *)"\1", 1, msg[k], len[k]);
			free(msg[k]);
		}
	}
	scms_fixture_free(&fx);
}

static void gen_ecies(void)
{
	uint8_t r[32], R[33], pt[64], ct[64 + PQS_ECIES_OVERHEAD], seed[48] = "pqsig fuzz ecies";
	size_t ct_len;
	pqs_drbg drbg;
	pqs_drbg_init(&drbg, seed, NULL);
	memset(r, 0x11, sizeof r); /* fuzz/ecies_decrypt.c's key for selector 0 */
	if (pqs_p256_public(R, r) != PQS_OK) {
		failures++;
		return;
	}
	for (size_t n = 0; n <= 64; n += 32) {
		memset(pt, (int)n, sizeof pt);
		char name[32];
		snprintf(name, sizeof name, "ct-%zu", n);
		if (pqs_ecies_encrypt(ct, sizeof ct, &ct_len, R, NULL, pt, n, &drbg.rng) == PQS_OK)
			put("ecies", name, (const uint8_t *)"\0", 1, ct, ct_len);
		else
			failures++;
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s path/to/fuzz\n", argv[0]);
		return 2;
	}
	root = argv[1];
	gen_v2x();
	gen_wsm();
	gen_sig();
	gen_scms();
	gen_ecies();
	return failures ? 1 : 0;
}
