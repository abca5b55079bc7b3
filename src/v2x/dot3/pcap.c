/*
 * libpcap classic-format writer for WSMP frames.
 *
 * File layout (the classic format of libpcap, pcap-savefile(5)): a 24-byte
 * global header (magic 0xA1B2C3D4 = microsecond timestamps, version 2.4,
 * snaplen, link type), then per packet a 16-byte record header (seconds,
 * microseconds, captured length, original length) and the frame.  Every
 * integer is written little-endian; readers detect the byte order from
 * the magic number.
 *
 * Encapsulations:
 *   - LINKTYPE_ETHERNET (1): Ethernet II, destination broadcast, EtherType
 *     0x88DC (WSMP, IEEE 1609.3 assigns it; 1609.3-2020 section 5.2.1);
 *   - LINKTYPE_IEEE802_11 (105): an IEEE 802.11 data frame as sent outside
 *     the context of a BSS (OCB, 802.11-2020 section 11.21): Address 1 =
 *     broadcast, Address 2 = transmitter, Address 3 = wildcard BSSID,
 *     no FCS; then the LLC/SNAP header AA AA 03 00 00 00 and EtherType
 *     0x88DC (IEEE 802 encapsulation, 1609.3 section 5.2.1).
 */
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "pqsig/wsm.h"

#define PCAP_SNAPLEN 65535u
#define ETHERTYPE_WSMP 0x88DCu
#define ETH_HEADER_LEN 14u
#define WLAN_HEADER_LEN 24u
#define SNAP_HEADER_LEN 8u

static int put(FILE *f, const uint8_t *p, size_t n)
{
	return fwrite(p, 1, n, f) == n ? PQS_OK : WSM_ERR_PCAP_IO;
}

static int link_ok(wsm_link link)
{
	return link == WSM_LINK_ETHERNET || link == WSM_LINK_IEEE80211;
}

int pqs_wsm_pcap_write_header(FILE *f, wsm_link link)
{
	if (!f || !link_ok(link))
		return PQS_ERR_ARG;
	uint8_t h[24];
	pqs_store_le32(h, 0xA1B2C3D4u);
	h[4] = 2; /* version 2.4 */
	h[5] = 0;
	h[6] = 4;
	h[7] = 0;
	pqs_store_le32(h + 8, 0);  /* thiszone: timestamps are UTC */
	pqs_store_le32(h + 12, 0); /* sigfigs */
	pqs_store_le32(h + 16, PCAP_SNAPLEN);
	pqs_store_le32(h + 20, (uint32_t)link);
	return put(f, h, sizeof h);
}

/* Link-layer header for one frame; returns its length.  seq is the 802.11 sequence number. */
static size_t link_header(uint8_t *h, wsm_link link, const uint8_t src[6], unsigned seq)
{
	static const uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	if (link == WSM_LINK_ETHERNET) {
		memcpy(h, bcast, 6);
		memcpy(h + 6, src, 6);
		h[12] = (uint8_t)(ETHERTYPE_WSMP >> 8);
		h[13] = (uint8_t)ETHERTYPE_WSMP;
		return ETH_HEADER_LEN;
	}
	/* Frame control: type data (0b10), subtype 0, no flags -> 0x08 0x00. Duration 0. */
	h[0] = 0x08;
	h[1] = 0x00;
	h[2] = 0;
	h[3] = 0;
	memcpy(h + 4, bcast, 6);  /* Address 1: receiver (broadcast) */
	memcpy(h + 10, src, 6);   /* Address 2: transmitter */
	memcpy(h + 16, bcast, 6); /* Address 3: wildcard BSSID, as OCB requires */
	/* Sequence control, little-endian: fragment number 0, sequence number in bits 4..15. */
	unsigned sc = (seq & 0x0FFFu) << 4;
	h[22] = (uint8_t)sc;
	h[23] = (uint8_t)(sc >> 8);
	static const uint8_t snap[SNAP_HEADER_LEN] = { 0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00,
		                                       (uint8_t)(ETHERTYPE_WSMP >> 8), (uint8_t)ETHERTYPE_WSMP };
	memcpy(h + WLAN_HEADER_LEN, snap, SNAP_HEADER_LEN);
	return WLAN_HEADER_LEN + SNAP_HEADER_LEN;
}

static int write_frame_seq(FILE *f, wsm_link link, const uint8_t src_mac[6], uint64_t ts_us, const uint8_t *wsm,
                           size_t wsm_len, unsigned seq)
{
	if (!f || !src_mac || !wsm || !link_ok(link))
		return PQS_ERR_ARG;
	uint8_t lh[WLAN_HEADER_LEN + SNAP_HEADER_LEN];
	size_t hl = link_header(lh, link, src_mac, seq);
	if (wsm_len > PCAP_SNAPLEN - hl)
		return PQS_ERR_ARG;
	uint8_t rec[16];
	pqs_store_le32(rec, (uint32_t)(ts_us / 1000000u));
	pqs_store_le32(rec + 4, (uint32_t)(ts_us % 1000000u));
	pqs_store_le32(rec + 8, (uint32_t)(hl + wsm_len));
	pqs_store_le32(rec + 12, (uint32_t)(hl + wsm_len));
	int rc = put(f, rec, sizeof rec);
	if (!rc)
		rc = put(f, lh, hl);
	if (!rc)
		rc = put(f, wsm, wsm_len);
	return rc;
}

int pqs_wsm_pcap_write_frame(FILE *f, wsm_link link, const uint8_t src_mac[6], uint64_t ts_us, const uint8_t *wsm,
			     size_t wsm_len)
{
	return write_frame_seq(f, link, src_mac, ts_us, wsm, wsm_len, 0);
}

int pqs_wsm_pcap_write(FILE *f, const wsm_pcap_opts *o, const uint8_t *const *spdus, const size_t *spdu_lens, size_t n,
		       size_t *frames)
{
	if (!f || !o || (n && (!spdus || !spdu_lens)) || !link_ok(o->link))
		return PQS_ERR_ARG;
	size_t limit = o->wsm_limit ? o->wsm_limit : WSM_DATA_LIMIT_DEFAULT;
	if (limit < WSM_FRAG_LIMIT_MIN || limit > WSM_DATA_LIMIT_MAX)
		return WSM_ERR_LIMIT;
	uint64_t interval = o->interval_us ? o->interval_us : 100000u;
	/* Check every SPDU and the header before writing anything. */
	for (size_t i = 0; i < n; i++)
		if (!spdus[i] || spdu_lens[i] == 0)
			return PQS_ERR_ARG;
	size_t wsm_cap = pqs_wsm_encoded_len(&o->hdr, limit);
	if (wsm_cap == 0) {
		/* Invalid header: let the encoder name the defect. */
		uint8_t probe[1];
		size_t plen;
		return pqs_wsm_encode(probe, sizeof probe, &plen, &o->hdr, NULL, 0);
	}
	uint8_t *data = malloc(limit), *wsm = malloc(wsm_cap);
	int rc = (data && wsm) ? PQS_OK : PQS_ERR_NOMEM;
	size_t count = 0;
	if (!rc)
		rc = pqs_wsm_pcap_write_header(f, o->link);
	for (size_t i = 0; i < n && !rc; i++) {
		wsm_fragmenter fr;
		rc = pqs_wsm_fragmenter_init(&fr, spdus[i], spdu_lens[i], limit, o->first_msg_id + (uint32_t)i);
		for (size_t k = 0; k < fr.count && !rc; k++) {
			size_t dlen, wlen;
			rc = pqs_wsm_fragmenter_get(&fr, k, data, limit, &dlen);
			if (!rc)
				rc = pqs_wsm_encode(wsm, wsm_cap, &wlen, &o->hdr, data, dlen);
			if (!rc)
				rc = write_frame_seq(f, o->link, o->src_mac, o->start_us + i * interval + k, wsm, wlen,
				                     (unsigned)count);
			count++;
		}
	}
	free(data);
	free(wsm);
	if (!rc && fflush(f) != 0)
		rc = WSM_ERR_PCAP_IO;
	if (frames)
		*frames = rc ? 0 : count;
	return rc;
}
