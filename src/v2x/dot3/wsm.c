/*
 * IEEE 1609.3-2020 WSMP header: encoding and strict decoding.
 *
 * The wire format is the UPER encoding of ShortMsgNpdu (ASN.1 module
 * Ieee1609Dot3Wsm, 1609.3-2020 section 8.3), which the standard's body
 * draws as octet fields:
 *   - N-header first octet: the 4-bit ShortMsgSubtype choice index, the
 *     1-bit presence flag of nExtensions, the 3-bit version (8.3.2);
 *   - the extension lists: a count (SEQUENCE OF length determinant), then
 *     per element its 8-bit RefExt and its value as an open type (length
 *     determinant + value) (8.3.4);
 *   - TPID: the 7-bit ShortMsgTpdus choice index and the 1-bit presence
 *     flag of tExtensions, so 0 or 1 for PSID addressing (8.3.3);
 *   - PSID as VarLengthNumber ("p-encoding", 8.1.3), WSM length as the
 *     length determinant of ShortMsgData (8.1.3, 8.3.3.4).
 */
#include <string.h>

#include "core/errors.h"
#include "pqsig/wsm.h"

/* This family's messages, reached through pqs_strerror() (src/core/errors.h). */
static const pqs_error_entry wsm_errors[] = {
	{ WSM_ERR_TRUNCATED, "WSM truncated" },
	{ WSM_ERR_TRAILING, "bytes after the end of the WSM" },
	{ WSM_ERR_VERSION, "WSMP version is not 3" },
	{ WSM_ERR_SUBTYPE, "WSMP subtype is not null networking (0)" },
	{ WSM_ERR_TPID, "WSMP TPID is not 0 or 1" },
	{ WSM_ERR_PSID_ENCODING, "PSID p-encoding starts with 1111" },
	{ WSM_ERR_PSID_RANGE, "PSID too large for p-encoding" },
	{ WSM_ERR_NONCANONICAL, "length or count not in its shortest encoding" },
	{ WSM_ERR_LENGTH_ENCODING, "length or count field starts with 11" },
	{ WSM_ERR_EXT_COUNT, "WSMP extension count is 0 or too large" },
	{ WSM_ERR_EXT_UNKNOWN, "unknown WSMP-N-Header extension" },
	{ WSM_ERR_EXT_DUPLICATE, "WSMP extension repeated" },
	{ WSM_ERR_EXT_LENGTH, "WSMP extension value has the wrong length" },
	{ WSM_ERR_TOO_LONG, "WSM data longer than 2302 bytes" },
	{ WSM_ERR_LIMIT, "WSM data limit outside 64..2302 bytes" },
	{ WSM_ERR_FRAG_TYPE, "not a pqsig fragment" },
	{ WSM_ERR_FRAG_HEADER, "fragment header inconsistent" },
	{ WSM_ERR_FRAG_LENGTH, "fragment payload length does not match its header" },
	{ WSM_ERR_FRAG_TOO_BIG, "SPDU needs more than 65535 fragments" },
	{ WSM_ERR_PCAP_IO, "cannot write the pcap stream" },
};

const pqs_error_table pqs_wsm_error_table = { wsm_errors, sizeof wsm_errors / sizeof wsm_errors[0] };

const char *pqs_wsm_strerror(int err)
{
	return pqs_strerror(err);
}

/* ---- p-encoding (VarLengthNumber, Ieee1609Dot3Wee) ---- */

/*
 * Lower bound of each p-encoding length: the UPER encoding of the
 * constrained INTEGERs content (0..127), Ext1 (128..16511), Ext2
 * (16512..2113663) and Ext3's root (2113664..270549119) stores the
 * offset from the lower bound after the 1, 2, 3 or 4 prefix bits.
 */
static const uint32_t psid_base[4] = { 0u, 128u, 16512u, 2113664u };
static const uint32_t psid_span_bits[4] = { 7u, 14u, 21u, 28u };
/* Prefix: n-1 one bits then a zero bit. */
static const uint8_t psid_prefix[4] = { 0x00u, 0x80u, 0xC0u, 0xE0u };

size_t pqs_wsm_psid_len(uint32_t psid)
{
	for (size_t n = 4; n > 0; n--)
		if (psid >= psid_base[n - 1])
			return (psid - psid_base[n - 1]) < (1u << psid_span_bits[n - 1]) ? n : 0;
	return 0;
}

int pqs_wsm_psid_encode(uint32_t psid, uint8_t *out, size_t cap, size_t *len)
{
	if (!out || !len)
		return PQS_ERR_ARG;
	size_t n = pqs_wsm_psid_len(psid);
	if (n == 0)
		return WSM_ERR_PSID_RANGE;
	if (cap < n)
		return PQS_ERR_BUFFER_TOO_SMALL;
	/* Prefix: n-1 one bits then a zero bit, then the offset in the rest. */
	uint32_t v = psid - psid_base[n - 1];
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
	out[0] |= psid_prefix[n - 1];
	*len = n;
	return PQS_OK;
}

int pqs_wsm_psid_decode(const uint8_t *in, size_t len, uint32_t *psid, size_t *used)
{
	if (!in || !psid || !used)
		return PQS_ERR_ARG;
	if (len < 1)
		return WSM_ERR_TRUNCATED;
	size_t n;
	uint8_t b = in[0];
	if ((b & 0x80u) == 0)
		n = 1;
	else if ((b & 0xC0u) == 0x80u)
		n = 2;
	else if ((b & 0xE0u) == 0xC0u)
		n = 3;
	else if ((b & 0xF0u) == 0xE0u)
		n = 4;
	else
		return WSM_ERR_PSID_ENCODING; /* Ext3's extension bit: values outside the root */
	if (len < n)
		return WSM_ERR_TRUNCATED;
	uint32_t v = 0;
	for (size_t i = 0; i < n; i++)
		v = (v << 8) | in[i];
	v &= (1u << psid_span_bits[n - 1]) - 1u; /* strip the prefix bits */
	*psid = psid_base[n - 1] + v;
	*used = n;
	return PQS_OK;
}

/* ---- Length and Count fields (8.1.3) ---- */

static size_t count_len(size_t value)
{
	return value < 128 ? 1 : (value <= WSM_LENGTH_MAX ? 2 : 0);
}

int pqs_wsm_count_encode(size_t value, uint8_t *out, size_t cap, size_t *len)
{
	if (!out || !len)
		return PQS_ERR_ARG;
	size_t n = count_len(value);
	if (n == 0)
		return PQS_ERR_ARG;
	if (cap < n)
		return PQS_ERR_BUFFER_TOO_SMALL;
	if (n == 1) {
		out[0] = (uint8_t)value;
	} else {
		out[0] = (uint8_t)(0x80u | (value >> 8));
		out[1] = (uint8_t)value;
	}
	*len = n;
	return PQS_OK;
}

int pqs_wsm_count_decode(const uint8_t *in, size_t len, size_t *value, size_t *used)
{
	if (!in || !value || !used)
		return PQS_ERR_ARG;
	if (len < 1)
		return WSM_ERR_TRUNCATED;
	if ((in[0] & 0x80u) == 0) {
		*value = in[0];
		*used = 1;
		return PQS_OK;
	}
	/* 11xxxxxx would be UPER's fragmented form (>= 16K), which 1609.3 never uses. */
	if ((in[0] & 0xC0u) != 0x80u)
		return WSM_ERR_LENGTH_ENCODING;
	if (len < 2)
		return WSM_ERR_TRUNCATED;
	size_t v = ((size_t)(in[0] & 0x3Fu) << 8) | in[1];
	if (v < 128)
		return WSM_ERR_NONCANONICAL; /* 8.1.3: values 0..127 take one octet */
	*value = v;
	*used = 2;
	return PQS_OK;
}

/* ---- header ---- */

static size_t n_ext_count(const wsm_header *h)
{
	return (size_t)(h->has_tx_power != 0) + (h->has_channel != 0) + (h->has_data_rate != 0) +
	       (h->has_time_confidence != 0);
}

/* Checks shared by pqs_wsm_encoded_len and pqs_wsm_encode; returns 0 or an error. */
static int header_check(const wsm_header *h, size_t data_len)
{
	if (pqs_wsm_psid_len(h->psid) == 0)
		return WSM_ERR_PSID_RANGE;
	if (data_len > WSM_DATA_LIMIT_MAX)
		return WSM_ERR_TOO_LONG;
	if (h->n_t_ext > WSM_MAX_T_EXT)
		return WSM_ERR_EXT_COUNT;
	for (size_t i = 0; i < h->n_t_ext; i++) {
		/* An open type is never empty (X.691: a complete encoding has at least one octet). */
		if (h->t_ext[i].len == 0 || h->t_ext[i].len > WSM_LENGTH_MAX || !h->t_ext[i].value)
			return WSM_ERR_EXT_LENGTH;
		for (size_t j = 0; j < i; j++)
			if (h->t_ext[j].id == h->t_ext[i].id)
				return WSM_ERR_EXT_DUPLICATE;
	}
	return PQS_OK;
}

size_t pqs_wsm_encoded_len(const wsm_header *h, size_t data_len)
{
	if (!h || header_check(h, data_len) != PQS_OK)
		return 0;
	size_t n = 1; /* subtype / option indicator / version */
	size_t ne = n_ext_count(h);
	if (ne)
		n += 1 + 3 * ne; /* count, then id + length (1) + one-octet value each */
	n += 1 + pqs_wsm_psid_len(h->psid); /* TPID, PSID */
	if (h->n_t_ext) {
		n += 1;
		for (size_t i = 0; i < h->n_t_ext; i++)
			n += 1 + count_len(h->t_ext[i].len) + h->t_ext[i].len;
	}
	return n + count_len(data_len) + data_len;
}

/* Append one N-header extension element with a one-octet value (8.3.4). */
static uint8_t *put_n_ext(uint8_t *p, uint8_t id, uint8_t value)
{
	p[0] = id;
	p[1] = 1; /* open-type length: the UPER value of an 8-bit INTEGER is one octet */
	p[2] = value;
	return p + 3;
}

int pqs_wsm_encode(uint8_t *out, size_t cap, size_t *out_len, const wsm_header *h, const uint8_t *data, size_t data_len)
{
	if (!out || !out_len || !h || (!data && data_len))
		return PQS_ERR_ARG;
	int rc = header_check(h, data_len);
	if (rc)
		return rc;
	size_t total = pqs_wsm_encoded_len(h, data_len);
	if (cap < total)
		return PQS_ERR_BUFFER_TOO_SMALL;
	uint8_t *p = out;
	size_t used = 0; /* set by the encoders below, which cannot fail after header_check */
	size_t ne = n_ext_count(h);
	/* 8.3.2: subtype 0 (null networking), option indicator, version 3. */
	*p++ = (uint8_t)((ne ? 0x08u : 0x00u) | WSM_VERSION);
	if (ne) {
		*p++ = (uint8_t)ne; /* count <= 4: one octet */
		/* ShortMsgNexts order; TXpower80211 is INTEGER(-128..127), UPER stores value + 128. */
		if (h->has_tx_power)
			p = put_n_ext(p, WSM_EXT_TX_POWER, (uint8_t)(h->tx_power_dbm + 128));
		if (h->has_channel)
			p = put_n_ext(p, WSM_EXT_CHANNEL, h->channel);
		if (h->has_data_rate)
			p = put_n_ext(p, WSM_EXT_DATA_RATE, h->data_rate);
		if (h->has_time_confidence)
			p = put_n_ext(p, WSM_EXT_TIME_CONFIDENCE, h->time_confidence);
	}
	/* 8.3.3: TPID 0 = bcMode without T-extensions, 1 = with them. */
	*p++ = h->n_t_ext ? 1u : 0u;
	pqs_wsm_psid_encode(h->psid, p, (size_t)(out + cap - p), &used);
	p += used;
	if (h->n_t_ext) {
		*p++ = (uint8_t)h->n_t_ext;
		for (size_t i = 0; i < h->n_t_ext; i++) {
			*p++ = h->t_ext[i].id;
			pqs_wsm_count_encode(h->t_ext[i].len, p, (size_t)(out + cap - p), &used);
			p += used;
			memcpy(p, h->t_ext[i].value, h->t_ext[i].len);
			p += h->t_ext[i].len;
		}
	}
	pqs_wsm_count_encode(data_len, p, (size_t)(out + cap - p), &used);
	p += used;
	if (data_len)
		memcpy(p, data, data_len);
	p += data_len;
	*out_len = (size_t)(p - out);
	return PQS_OK;
}

/* Decode the N-header extension list (8.3.4); *pos is advanced. */
static int decode_n_ext(const uint8_t *in, size_t len, size_t *pos, wsm_header *h)
{
	size_t count, used;
	int rc = pqs_wsm_count_decode(in + *pos, len - *pos, &count, &used);
	if (rc)
		return rc;
	*pos += used;
	/* "Present but empty" would be a second encoding of "no extensions". */
	if (count == 0)
		return WSM_ERR_EXT_COUNT;
	for (size_t i = 0; i < count; i++) {
		if (*pos >= len)
			return WSM_ERR_TRUNCATED;
		uint8_t id = in[(*pos)++];
		size_t vlen;
		rc = pqs_wsm_count_decode(in + *pos, len - *pos, &vlen, &used);
		if (rc)
			return rc;
		*pos += used;
		uint8_t *flag;
		switch (id) {
		case WSM_EXT_TX_POWER: flag = &h->has_tx_power; break;
		case WSM_EXT_CHANNEL: flag = &h->has_channel; break;
		case WSM_EXT_DATA_RATE: flag = &h->has_data_rate; break;
		case WSM_EXT_TIME_CONFIDENCE: flag = &h->has_time_confidence; break;
		default: return WSM_ERR_EXT_UNKNOWN;
		}
		if (*flag)
			return WSM_ERR_EXT_DUPLICATE;
		if (vlen != 1)
			return WSM_ERR_EXT_LENGTH; /* all four are 8-bit INTEGERs */
		if (len - *pos < 1)
			return WSM_ERR_TRUNCATED;
		uint8_t v = in[(*pos)++];
		*flag = 1;
		switch (id) {
		case WSM_EXT_TX_POWER: h->tx_power_dbm = (int8_t)((int)v - 128); break;
		case WSM_EXT_CHANNEL: h->channel = v; break;
		case WSM_EXT_DATA_RATE: h->data_rate = v; break;
		default: h->time_confidence = v; break;
		}
	}
	return PQS_OK;
}

/* Decode the T-header extension list (opaque values; none defined in 1609.3-2020). */
static int decode_t_ext(const uint8_t *in, size_t len, size_t *pos, wsm_header *h)
{
	size_t count, used;
	int rc = pqs_wsm_count_decode(in + *pos, len - *pos, &count, &used);
	if (rc)
		return rc;
	*pos += used;
	if (count == 0 || count > WSM_MAX_T_EXT)
		return WSM_ERR_EXT_COUNT;
	for (size_t i = 0; i < count; i++) {
		if (*pos >= len)
			return WSM_ERR_TRUNCATED;
		wsm_t_ext *e = &h->t_ext[i];
		e->id = in[(*pos)++];
		for (size_t j = 0; j < i; j++)
			if (h->t_ext[j].id == e->id)
				return WSM_ERR_EXT_DUPLICATE;
		rc = pqs_wsm_count_decode(in + *pos, len - *pos, &e->len, &used);
		if (rc)
			return rc;
		*pos += used;
		if (e->len == 0)
			return WSM_ERR_EXT_LENGTH;
		if (len - *pos < e->len)
			return WSM_ERR_TRUNCATED;
		e->value = in + *pos;
		*pos += e->len;
		h->n_t_ext = i + 1;
	}
	return PQS_OK;
}

int pqs_wsm_decode(const uint8_t *in, size_t len, wsm_header *h, const uint8_t **data, size_t *data_len)
{
	if (!in || !h || !data || !data_len)
		return PQS_ERR_ARG;
	memset(h, 0, sizeof *h);
	if (len < 1)
		return WSM_ERR_TRUNCATED;
	size_t pos = 0, used;
	uint8_t b = in[pos++];
	if ((b & 0x07u) != WSM_VERSION)
		return WSM_ERR_VERSION;
	if ((b >> 4) != 0)
		return WSM_ERR_SUBTYPE;
	int rc;
	if (b & 0x08u) {
		rc = decode_n_ext(in, len, &pos, h);
		if (rc)
			return rc;
	}
	if (pos >= len)
		return WSM_ERR_TRUNCATED;
	uint8_t tpid = in[pos++];
	if (tpid > 1)
		return WSM_ERR_TPID;
	rc = pqs_wsm_psid_decode(in + pos, len - pos, &h->psid, &used);
	if (rc)
		return rc;
	pos += used;
	if (tpid == 1) {
		rc = decode_t_ext(in, len, &pos, h);
		if (rc)
			return rc;
	}
	size_t dlen;
	rc = pqs_wsm_count_decode(in + pos, len - pos, &dlen, &used);
	if (rc)
		return rc;
	pos += used;
	if (dlen > WSM_DATA_LIMIT_MAX)
		return WSM_ERR_TOO_LONG;
	if (len - pos < dlen)
		return WSM_ERR_TRUNCATED;
	if (len - pos > dlen)
		return WSM_ERR_TRAILING;
	*data = in + pos;
	*data_len = dlen;
	return PQS_OK;
}
