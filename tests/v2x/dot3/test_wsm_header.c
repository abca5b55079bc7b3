/*
 * WSMP header (IEEE 1609.3-2020 section 8.3): p-encoding and length/count
 * fields at every boundary, hand-derived encodings, round trips over
 * every combination of extensions, and one rejection test per error code,
 * plus every truncation of valid WSMs.  The independent cross-check of
 * these bytes is tshark (test_wsm_pcap).
 */
#include <string.h>

#include "pqsig/wsm.h"
#include "testutil.h"

/* PSID boundaries of the four p-encoding lengths (VarLengthNumber ranges). */
static void test_psid(void)
{
	static const struct {
		uint32_t psid;
		size_t len;
		uint8_t enc[4];
	} kat[] = {
		/* Derived by hand from VarLengthNumber's UPER encoding (offset from each range's base). */
		{ 0u, 1, { 0x00 } },
		{ 0x20u, 1, { 0x20 } },         /* BSM (vehicle-to-vehicle safety and awareness) */
		{ 127u, 1, { 0x7F } },
		{ 128u, 2, { 0x80, 0x00 } },
		{ 135u, 2, { 0x80, 0x07 } },    /* 1609.12 writes this PSID as p-encoded 0x80-07 */
		{ 16511u, 2, { 0xBF, 0xFF } },
		{ 16512u, 3, { 0xC0, 0x00, 0x00 } },
		{ 2097301u, 3, { 0xDF, 0xC0, 0x15 } },  /* 16512 + 0x1FC015 */
		{ 2113663u, 3, { 0xDF, 0xFF, 0xFF } },
		{ 2113664u, 4, { 0xE0, 0x00, 0x00, 0x00 } },
		{ 270549119u, 4, { 0xEF, 0xFF, 0xFF, 0xFF } },
	};
	for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
		uint8_t out[4];
		size_t n = 0, used = 0;
		uint32_t back = 0;
		TU_CHECK(pqs_wsm_psid_len(kat[i].psid) == kat[i].len, "psid %u length", kat[i].psid);
		TU_CHECK(pqs_wsm_psid_encode(kat[i].psid, out, sizeof out, &n) == PQS_OK && n == kat[i].len &&
				 memcmp(out, kat[i].enc, n) == 0,
			 "psid %u encoding", kat[i].psid);
		TU_CHECK(pqs_wsm_psid_decode(kat[i].enc, kat[i].len, &back, &used) == PQS_OK && back == kat[i].psid &&
				 used == kat[i].len,
			 "psid %u decoding", kat[i].psid);
		if (kat[i].len > 1)
			TU_CHECK(pqs_wsm_psid_decode(kat[i].enc, kat[i].len - 1, &back, &used) == WSM_ERR_TRUNCATED,
				 "psid %u truncated", kat[i].psid);
		TU_CHECK(pqs_wsm_psid_encode(kat[i].psid, out, kat[i].len - 1, &n) == PQS_ERR_BUFFER_TOO_SMALL,
			 "psid %u small buffer", kat[i].psid);
	}
	/* Every PSID round-trips: dense near the range edges, strided elsewhere. */
	unsigned long bad = 0;
	for (uint64_t p = 0; p <= WSM_PSID_MAX; p += (p < 20000 ? 1 : 997)) {
		uint8_t out[4];
		size_t n = 0, used = 0;
		uint32_t back = 0;
		if (pqs_wsm_psid_encode((uint32_t)p, out, sizeof out, &n) != PQS_OK ||
		    pqs_wsm_psid_decode(out, n, &back, &used) != PQS_OK || back != p || used != n)
			bad++;
	}
	TU_CHECK(bad == 0, "psid round trips (%lu bad)", bad);
	uint8_t out[4];
	size_t n;
	uint32_t back;
	TU_CHECK(pqs_wsm_psid_len(WSM_PSID_MAX + 1) == 0, "psid above range has no length");
	TU_CHECK(pqs_wsm_psid_encode(WSM_PSID_MAX + 1, out, sizeof out, &n) == WSM_ERR_PSID_RANGE, "psid above range");
	TU_CHECK(pqs_wsm_psid_encode(0xFFFFFFFFu, out, sizeof out, &n) == WSM_ERR_PSID_RANGE, "psid 2^32-1");
	/* Prefix 1111: Ext3's extension bit, i.e. values outside the root, never produced. */
	static const uint8_t f0[5] = { 0xF0, 0, 0, 0, 0 };
	TU_CHECK(pqs_wsm_psid_decode(f0, sizeof f0, &back, &n) == WSM_ERR_PSID_ENCODING, "psid prefix 1111");
	TU_CHECK(pqs_wsm_psid_decode(f0, 0, &back, &n) == WSM_ERR_TRUNCATED, "psid empty");
}

static void test_count(void)
{
	static const struct {
		size_t v, len;
		uint8_t enc[2];
	} kat[] = {
		{ 0, 1, { 0x00 } }, { 127, 1, { 0x7F } }, { 128, 2, { 0x80, 0x80 } },
		{ 1400, 2, { 0x85, 0x78 } }, { 2302, 2, { 0x88, 0xFE } }, { 16383, 2, { 0xBF, 0xFF } },
	};
	for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
		uint8_t out[2];
		size_t n = 0, v = 0, used = 0;
		TU_CHECK(pqs_wsm_count_encode(kat[i].v, out, sizeof out, &n) == PQS_OK && n == kat[i].len &&
				 memcmp(out, kat[i].enc, n) == 0,
			 "count %zu encoding", kat[i].v);
		TU_CHECK(pqs_wsm_count_decode(kat[i].enc, kat[i].len, &v, &used) == PQS_OK && v == kat[i].v &&
				 used == kat[i].len,
			 "count %zu decoding", kat[i].v);
	}
	uint8_t out[2];
	size_t n, v;
	TU_CHECK(pqs_wsm_count_encode(16384, out, sizeof out, &n) == PQS_ERR_ARG, "count 16384 refused");
	/* Non-canonical: two octets for values below 128. */
	for (unsigned x = 0; x < 128; x++) {
		uint8_t enc[2] = { 0x80, (uint8_t)x };
		if (pqs_wsm_count_decode(enc, 2, &v, &n) != WSM_ERR_NONCANONICAL)
			TU_CHECK(0, "count %u in two octets accepted", x);
	}
	static const uint8_t c0[2] = { 0xC0, 0x05 }, trunc[1] = { 0x85 };
	TU_CHECK(pqs_wsm_count_decode(c0, 2, &v, &n) == WSM_ERR_LENGTH_ENCODING, "count prefix 11");
	TU_CHECK(pqs_wsm_count_decode(trunc, 1, &v, &n) == WSM_ERR_TRUNCATED, "count truncated");
}

/* Encode, compare with expected bytes (if any), decode, compare headers, check truncations and trailing bytes. */
static void round_trip(const char *what, const wsm_header *h, const uint8_t *data, size_t dlen,
                       const uint8_t *expect, size_t expect_len)
{
	uint8_t buf[WSM_DATA_LIMIT_MAX + 1024];
	size_t n = 0;
	int rc = pqs_wsm_encode(buf, sizeof buf, &n, h, data, dlen);
	TU_CHECK(rc == PQS_OK, "%s: encode (%s)", what, pqs_wsm_strerror(rc));
	if (rc)
		return;
	TU_CHECK(n == pqs_wsm_encoded_len(h, dlen), "%s: encoded_len %zu vs %zu", what, pqs_wsm_encoded_len(h, dlen),
		 n);
	if (expect)
		TU_CHECK(n == expect_len && memcmp(buf, expect, n) == 0, "%s: expected bytes", what);
	size_t small;
	TU_CHECK(pqs_wsm_encode(buf, n - 1, &small, h, data, dlen) == PQS_ERR_BUFFER_TOO_SMALL, "%s: small buffer",
		 what);
	wsm_header d;
	const uint8_t *dd = NULL;
	size_t ddl = 0;
	rc = pqs_wsm_decode(buf, n, &d, &dd, &ddl);
	TU_CHECK(rc == PQS_OK, "%s: decode (%s)", what, pqs_wsm_strerror(rc));
	if (rc)
		return;
	TU_CHECK(d.psid == h->psid && ddl == dlen && (dlen == 0 || memcmp(dd, data, dlen) == 0), "%s: psid/data", what);
	TU_CHECK(!!d.has_tx_power == !!h->has_tx_power && !!d.has_channel == !!h->has_channel &&
	                 !!d.has_data_rate == !!h->has_data_rate && !!d.has_time_confidence == !!h->has_time_confidence,
	         "%s: extension presence", what);
	TU_CHECK((!h->has_tx_power || d.tx_power_dbm == h->tx_power_dbm) && (!h->has_channel || d.channel == h->channel) &&
	                 (!h->has_data_rate || d.data_rate == h->data_rate) &&
	                 (!h->has_time_confidence || d.time_confidence == h->time_confidence),
	         "%s: extension values", what);
	TU_CHECK(d.n_t_ext == h->n_t_ext, "%s: T-extension count", what);
	for (size_t i = 0; i < d.n_t_ext && i < h->n_t_ext; i++)
		TU_CHECK(d.t_ext[i].id == h->t_ext[i].id && d.t_ext[i].len == h->t_ext[i].len &&
		                 memcmp(d.t_ext[i].value, h->t_ext[i].value, d.t_ext[i].len) == 0,
		         "%s: T-extension %zu", what, i);
	/* Re-encoding the decoded header gives the same bytes (canonical). */
	uint8_t again[sizeof buf];
	size_t n2 = 0;
	TU_CHECK(pqs_wsm_encode(again, sizeof again, &n2, &d, dd, ddl) == PQS_OK && n2 == n &&
			 memcmp(again, buf, n) == 0,
		 "%s: re-encoding", what);
	/* Every proper prefix is truncated; one more byte is trailing. */
	unsigned long wrong = 0;
	for (size_t cut = 0; cut < n; cut++)
		if (pqs_wsm_decode(buf, cut, &d, &dd, &ddl) != WSM_ERR_TRUNCATED)
			wrong++;
	TU_CHECK(wrong == 0, "%s: %lu truncations not reported as such", what, wrong);
	buf[n] = 0;
	TU_CHECK(pqs_wsm_decode(buf, n + 1, &d, &dd, &ddl) == WSM_ERR_TRAILING, "%s: trailing byte", what);
}

static void test_round_trips(void)
{
	uint8_t data[WSM_DATA_LIMIT_MAX];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)(i * 7 + 3);

	/* Hand-derived: BSM PSID, 5 data bytes, no extensions. */
	wsm_header h;
	memset(&h, 0, sizeof h);
	h.psid = 0x20;
	static const uint8_t bsm[] = { 0x03, 0x00, 0x20, 0x05, 0x03, 0x0A, 0x11, 0x18, 0x1F };
	round_trip("bsm", &h, data, 5, bsm, sizeof bsm);

	/* Hand-derived: channel 172, 6 Mb/s (12 x 500 kb/s), 20 dBm, PSID 135, 200 data bytes. */
	h.psid = 135;
	h.has_channel = h.has_data_rate = h.has_tx_power = 1;
	h.channel = 172;
	h.data_rate = 12;
	h.tx_power_dbm = 20;
	uint8_t ext[] = { 0x0B, 0x03, 0x04, 0x01, 148, 0x0F, 0x01, 172, 0x10, 0x01, 12, 0x00, 0x80, 0x07, 0x80, 200 };
	uint8_t expect[sizeof ext + 200];
	memcpy(expect, ext, sizeof ext);
	memcpy(expect + sizeof ext, data, 200);
	round_trip("n-extensions", &h, data, 200, expect, sizeof expect);

	/* Every subset of N-extensions x PSID lengths x data lengths x T-extensions. */
	static const uint32_t psids[] = { 0, 0x20, 127, 128, 16511, 16512, 2113663, 2113664, WSM_PSID_MAX };
	static const size_t dlens[] = { 0, 1, 127, 128, 1400, 2302 };
	static const uint8_t tv1[] = { 0x00 }, tv2[300] = { 1, 2, 3 };
	char what[96];
	for (unsigned mask = 0; mask < 16; mask++)
		for (size_t pi = 0; pi < sizeof psids / sizeof psids[0]; pi++)
			for (size_t di = 0; di < sizeof dlens / sizeof dlens[0]; di++)
				for (size_t nt = 0; nt <= 2; nt++) {
					memset(&h, 0, sizeof h);
					h.psid = psids[pi];
					h.has_tx_power = mask & 1;
					h.has_channel = (mask >> 1) & 1;
					h.has_data_rate = (mask >> 2) & 1;
					h.has_time_confidence = (mask >> 3) & 1;
					h.tx_power_dbm = (int8_t)(-128 + (int)mask * 17);
					h.channel = (uint8_t)(170 + mask);
					h.data_rate = (uint8_t)(6 + mask);
					h.time_confidence = (uint8_t)(255 - mask);
					h.n_t_ext = nt;
					h.t_ext[0] = (wsm_t_ext){ 0, sizeof tv1, tv1 };
					h.t_ext[1] = (wsm_t_ext){ 200, sizeof tv2, tv2 };
					snprintf(what, sizeof what, "mask %u psid %u dlen %zu t-ext %zu", mask, psids[pi], dlens[di], nt);
					round_trip(what, &h, data, dlens[di], NULL, 0);
				}
}

static void expect_decode(const char *what, const uint8_t *in, size_t len, int err)
{
	wsm_header h;
	const uint8_t *d;
	size_t dl;
	int rc = pqs_wsm_decode(in, len, &h, &d, &dl);
	TU_CHECK(rc == err, "%s: got %d (%s), want %d (%s)", what, rc, pqs_wsm_strerror(rc), err,
		 pqs_wsm_strerror(err));
}

static void test_rejections(void)
{
#define REJ(what, err, ...)                                                  \
	do {                                                                 \
		static const uint8_t in_[] = { __VA_ARGS__ };                \
		expect_decode(what, in_, sizeof in_, err);                   \
	} while (0)
	REJ("version 2", WSM_ERR_VERSION, 0x02, 0x00, 0x20, 0x00);
	REJ("version 4", WSM_ERR_VERSION, 0x04, 0x00, 0x20, 0x00);
	REJ("subtype 1", WSM_ERR_SUBTYPE, 0x13, 0x00, 0x20, 0x00);
	REJ("subtype 15", WSM_ERR_SUBTYPE, 0xF3, 0x00, 0x20, 0x00);
	REJ("tpid 2", WSM_ERR_TPID, 0x03, 0x02, 0x20, 0x00);
	REJ("tpid 0x80", WSM_ERR_TPID, 0x03, 0x80, 0x20, 0x00);
	REJ("psid 1111", WSM_ERR_PSID_ENCODING, 0x03, 0x00, 0xF0, 0x00, 0x00, 0x00, 0x00);
	REJ("wsm length non-canonical", WSM_ERR_NONCANONICAL, 0x03, 0x00, 0x20, 0x80, 0x01, 0xAA);
	REJ("wsm length prefix 11", WSM_ERR_LENGTH_ENCODING, 0x03, 0x00, 0x20, 0xC0, 0x01, 0xAA);
	REJ("wsm length 2303", WSM_ERR_TOO_LONG, 0x03, 0x00, 0x20, 0x88, 0xFF);
	REJ("wsm length short", WSM_ERR_TRAILING, 0x03, 0x00, 0x20, 0x01, 0xAA, 0xBB);
	REJ("wsm length long", WSM_ERR_TRUNCATED, 0x03, 0x00, 0x20, 0x03, 0xAA, 0xBB);
	REJ("n-ext count 0", WSM_ERR_EXT_COUNT, 0x0B, 0x00, 0x00, 0x20, 0x00);
	REJ("n-ext count non-canonical", WSM_ERR_NONCANONICAL, 0x0B, 0x80, 0x01, 0x0F, 0x01, 0xAC, 0x00, 0x20, 0x00);
	REJ("n-ext unknown id 23", WSM_ERR_EXT_UNKNOWN, 0x0B, 0x01, 0x17, 0x01, 0x00, 0x00, 0x20, 0x00);
	REJ("n-ext unknown id 0", WSM_ERR_EXT_UNKNOWN, 0x0B, 0x01, 0x00, 0x01, 0x00, 0x00, 0x20, 0x00);
	REJ("n-ext duplicate", WSM_ERR_EXT_DUPLICATE, 0x0B, 0x02, 0x0F, 0x01, 0xAC, 0x0F, 0x01, 0xAC, 0x00, 0x20, 0x00);
	REJ("n-ext length 2", WSM_ERR_EXT_LENGTH, 0x0B, 0x01, 0x0F, 0x02, 0xAC, 0x00, 0x00, 0x20, 0x00);
	REJ("n-ext length 0", WSM_ERR_EXT_LENGTH, 0x0B, 0x01, 0x0F, 0x00, 0x00, 0x20, 0x00);
	REJ("n-ext count beyond input", WSM_ERR_TRUNCATED, 0x0B, 0x02, 0x0F, 0x01, 0xAC);
	REJ("t-ext count 0", WSM_ERR_EXT_COUNT, 0x03, 0x01, 0x20, 0x00, 0x00);
	REJ("t-ext count 5", WSM_ERR_EXT_COUNT, 0x03, 0x01, 0x20, 0x05, 0x00, 0x01, 0x00, 0x00);
	REJ("t-ext empty value", WSM_ERR_EXT_LENGTH, 0x03, 0x01, 0x20, 0x01, 0x00, 0x00, 0x00);
	REJ("t-ext duplicate", WSM_ERR_EXT_DUPLICATE, 0x03, 0x01, 0x20, 0x02, 0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00);
	REJ("t-ext value beyond input", WSM_ERR_TRUNCATED, 0x03, 0x01, 0x20, 0x01, 0x00, 0x05, 0x00);
	expect_decode("empty", (const uint8_t *)"", 0, WSM_ERR_TRUNCATED);
#undef REJ
	/* Order of N-extensions is free on input (SEQUENCE OF), but decoding is still exact. */
	static const uint8_t rev[] = { 0x0B, 0x02, 0x10, 0x01, 0x0C, 0x0F, 0x01, 0xAC, 0x00, 0x20, 0x01, 0x55 };
	wsm_header h;
	const uint8_t *d;
	size_t dl;
	TU_CHECK(pqs_wsm_decode(rev, sizeof rev, &h, &d, &dl) == PQS_OK && h.has_channel && h.channel == 172 &&
			 h.has_data_rate && h.data_rate == 12 && !h.has_tx_power && dl == 1 && d[0] == 0x55,
		 "n-extensions in another order");

	/* Encoder refusals. */
	uint8_t buf[64], data[WSM_DATA_LIMIT_MAX + 1] = { 0 };
	size_t n;
	memset(&h, 0, sizeof h);
	h.psid = WSM_PSID_MAX + 1;
	TU_CHECK(pqs_wsm_encode(buf, sizeof buf, &n, &h, data, 1) == WSM_ERR_PSID_RANGE, "encode psid range");
	TU_CHECK(pqs_wsm_encoded_len(&h, 1) == 0, "encoded_len of invalid header");
	h.psid = 0x20;
	uint8_t big[WSM_DATA_LIMIT_MAX + 64];
	TU_CHECK(pqs_wsm_encode(big, sizeof big, &n, &h, data, WSM_DATA_LIMIT_MAX + 1) == WSM_ERR_TOO_LONG,
		 "encode 2303");
	h.n_t_ext = WSM_MAX_T_EXT + 1;
	TU_CHECK(pqs_wsm_encode(buf, sizeof buf, &n, &h, data, 1) == WSM_ERR_EXT_COUNT, "encode too many t-ext");
	h.n_t_ext = 1;
	h.t_ext[0] = (wsm_t_ext){ 3, 0, data };
	TU_CHECK(pqs_wsm_encode(buf, sizeof buf, &n, &h, data, 1) == WSM_ERR_EXT_LENGTH, "encode empty t-ext");
	h.n_t_ext = 2;
	h.t_ext[0] = (wsm_t_ext){ 3, 1, data };
	h.t_ext[1] = (wsm_t_ext){ 3, 1, data };
	TU_CHECK(pqs_wsm_encode(buf, sizeof buf, &n, &h, data, 1) == WSM_ERR_EXT_DUPLICATE, "encode duplicate t-ext");
	TU_CHECK(pqs_wsm_encode(NULL, 0, &n, &h, data, 1) == PQS_ERR_ARG, "encode NULL");
	TU_CHECK(pqs_wsm_decode(NULL, 0, &h, NULL, NULL) == PQS_ERR_ARG, "decode NULL");
	/* Every code has its own message. */
	for (int e = WSM_ERR_PCAP_IO; e <= WSM_ERR_TRUNCATED; e++)
		TU_CHECK(strcmp(pqs_wsm_strerror(e), pqs_strerror(e)) == 0 &&
				 strcmp(pqs_wsm_strerror(e), "unknown error") != 0,
			 "message for %d", e);
	TU_CHECK(strcmp(pqs_wsm_strerror(PQS_ERR_ARG), pqs_strerror(PQS_ERR_ARG)) == 0, "pqs_err delegated");
}

/*
 * Mutations of valid WSMs (byte flips, insertions, deletions, truncations;
 * a fixed-seed generator): the decoder never reads out of bounds (the
 * sanitizer build checks), and whatever it accepts is canonical: the
 * decoded header re-encodes to the input bytes, except that N-extensions
 * may come back in ShortMsgNexts order (then decoding the re-encoding
 * gives the same header and data).
 */
static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u; /* Numerical Recipes LCG: a test-only byte source */
	return *s >> 8;
}

static void test_mutations(void)
{
	static const uint8_t seeds[][16] = {
		{ 0x03, 0x00, 0x20, 0x05, 1, 2, 3, 4, 5 },
		{ 0x0B, 0x02, 0x10, 0x01, 0x0C, 0x0F, 0x01, 0xAC, 0x00, 0x80, 0x07, 0x02, 9, 9 },
		{ 0x03, 0x01, 0xC0, 0x00, 0x05, 0x01, 0x00, 0x01, 0x00, 0x03, 1, 2, 3 },
	};
	static const size_t seed_len[] = { 9, 14, 13 };
	uint32_t st = 12345;
	unsigned long accepted = 0, reordered = 0, bad = 0;
	for (unsigned it = 0; it < 200000; it++) {
		size_t k = it % 3, n = seed_len[k];
		uint8_t in[32];
		memcpy(in, seeds[k], n);
		unsigned nmut = 1 + lcg(&st) % 3;
		for (unsigned m = 0; m < nmut; m++) {
			size_t pos = n ? lcg(&st) % n : 0;
			switch (lcg(&st) % 4) {
			case 0: if (n) in[pos] ^= (uint8_t)(1u << (lcg(&st) % 8)); break;
			case 1: if (n) in[pos] = (uint8_t)lcg(&st); break;
			case 2: if (n < sizeof in) { memmove(in + pos + 1, in + pos, n - pos); in[pos] = (uint8_t)lcg(&st); n++; } break;
			default: if (n) { memmove(in + pos, in + pos + 1, n - pos - 1); n--; } break;
			}
		}
		wsm_header h, h2;
		const uint8_t *d, *d2;
		size_t dl, dl2, el;
		uint8_t out[64];
		if (pqs_wsm_decode(in, n, &h, &d, &dl) != PQS_OK)
			continue;
		accepted++;
		if (pqs_wsm_encode(out, sizeof out, &el, &h, d, dl) != PQS_OK) {
			bad++;
			continue;
		}
		if (el == n && memcmp(out, in, n) == 0)
			continue;
		/* Only a different N-extension order may explain a difference. */
		if (el != n || pqs_wsm_decode(out, el, &h2, &d2, &dl2) != PQS_OK || h2.psid != h.psid || dl2 != dl ||
		    memcmp(d2, d, dl) != 0 || h2.channel != h.channel || h2.data_rate != h.data_rate ||
		    h2.tx_power_dbm != h.tx_power_dbm || h2.time_confidence != h.time_confidence || !(in[0] & 0x08))
			bad++;
		else
			reordered++;
	}
	TU_CHECK(bad == 0, "mutations: %lu accepted inputs that are not canonical", bad);
	TU_CHECK(accepted > 1000, "mutations: %lu accepted (some mutations keep the WSM valid)", accepted);
	printf("test_wsm_header: mutations: %lu of 200000 accepted, %lu of them with reordered N-extensions\n", accepted,
	       reordered);
}

int main(void)
{
	test_psid();
	test_count();
	test_round_trips();
	test_rejections();
	test_mutations();
	return tu_finish("test_wsm_header");
}
