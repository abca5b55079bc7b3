/*
 * pqsig: IEEE 1609.3-2020 WAVE Short Messages (WSMP), fragmentation of
 * large SPDUs, and a pcap writer for WSMP frames.
 *
 * 1. WSMP framing (IEEE 1609.3-2020 section 8.3; ASN.1 module
 *    Ieee1609Dot3Wsm, UPER).  A WSM is
 *
 *      WSMP-N-Header: subtype(4 bits) | option indicator(1) | version(3)
 *                     [ count, N-extensions ]   (only if the indicator is 1)
 *                     TPID (1 octet: 7-bit choice index, 1-bit option)
 *      WSMP-T-Header: PSID (p-encoded, 1-4 octets, section 8.1.3)
 *                     [ count, T-extensions ]   (only if TPID is 1)
 *                     WSM length (1-2 octets, section 8.1.3)
 *      WSM data
 *
 *    Only subtype 0 (null networking), version 3 and TPID 0/1 (PSID
 *    addressing) are defined by 1609.3-2020; everything else is rejected.
 *    Decoding is strict: every malformed input gets its own error code
 *    (WSM_ERR_*, below) and decoding a valid WSM then re-encoding it gives
 *    the same bytes (N-extensions received in another order come back in
 *    the order of ShortMsgNexts).
 *
 * 2. Fragmentation.  1609.3 has no fragmentation, but PQC SPDUs (2-12 kB)
 *    exceed the WSM data limit (1400 B by default, 2302 B at most).  An
 *    SPDU that fits is sent as is (one WSM, no extra header); a larger one
 *    is cut into fragments, each carrying a 29-byte pqsig fragment header
 *    (docs/wsm.md has the format) that ends with a digest of the whole SPDU
 *    (SHA3-256 truncated to 128 bits).  The reassembler keeps candidate
 *    messages apart by sender address, message id, count, length and
 *    digest, so a forged or colliding fragment can neither mix into nor
 *    destroy an honest reassembly, and it gives every sender its own quota.
 *    It handles reordering, duplicates, loss, timeouts and memory bounds and
 *    reports one status per event.
 *
 * 3. pcap: a libpcap classic-format writer of WSMP frames over Ethernet II
 *    (EtherType 0x88DC) or raw IEEE 802.11 data frames with LLC/SNAP
 *    (linktype 105), which Wireshark/tshark decode as WSMP.
 *
 * All functions return PQS_OK (0) or a negative error: a pqs_err of
 * pqsig/sig.h or a WSM_ERR_* code; pqs_wsm_strerror() describes both.
 */
#ifndef PQSIG_WSM_H
#define PQSIG_WSM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pqsig/sig.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Constants                                                          */
/* ------------------------------------------------------------------ */

#define WSM_VERSION 3u                 /* c-shortMsgVersionNo, 1609.3-2020 8.3.2 */
#define WSM_DATA_LIMIT_DEFAULT 1400u   /* default WsmMaxLength (1609.3 Annex on MIB) */
#define WSM_DATA_LIMIT_MAX 2302u       /* largest configurable WSM data length */
#define WSM_PSID_MAX 270549119u        /* largest PSID a 4-octet p-encoding holds (VarLengthNumber) */
#define WSM_LENGTH_MAX 16383u          /* largest value of a 1609.3 8.1.3 length/count field */
#define WSM_MAX_T_EXT 4u               /* T-header extensions kept by the decoder */
#define WSM_HEADER_MAX 32u             /* upper bound of an encoded header without T-extensions */

/* Fragmentation (pqsig's own format, docs/wsm.md). */
#define WSM_FRAG_TYPE 0xF2u            /* first octet of a fragment (format 2); an SPDU starts with 0x03 */
#define WSM_FRAG_HEADER_LEN 29u        /* type, message id, index, count, total length, digest */
#define WSM_FRAG_DIGEST_LEN 16u        /* truncated SHA3-256 of the SPDU, in every fragment header */
#define WSM_SENDER_LEN 6u              /* sender address given to the reassembler (MAC address) */
#define WSM_FRAG_LIMIT_MIN 64u         /* smallest WSM data limit the fragmenter accepts */
#define WSM_FRAG_MAX_COUNT 65535u      /* the count field is 16 bits */

/* ------------------------------------------------------------------ */
/* Errors (disjoint from pqs_err)                                     */
/* ------------------------------------------------------------------ */

typedef enum {
	WSM_ERR_TRUNCATED = -400,        /* input ends inside a field or before the WSM data ends */
	WSM_ERR_TRAILING = -401,         /* bytes after the WSM data (WSM length too small for the input) */
	WSM_ERR_VERSION = -402,          /* WSMP version is not 3 */
	WSM_ERR_SUBTYPE = -403,          /* subtype other than 0 (null networking) */
	WSM_ERR_TPID = -404,             /* TPID other than 0 or 1 */
	WSM_ERR_PSID_ENCODING = -405,    /* p-encoded PSID starts with 1111 (outside VarLengthNumber's root) */
	WSM_ERR_PSID_RANGE = -406,       /* PSID above WSM_PSID_MAX (encoder) */
	WSM_ERR_NONCANONICAL = -407,     /* length/count in two octets although it is < 128 */
	WSM_ERR_LENGTH_ENCODING = -408,  /* length/count first octet starts with 11 */
	WSM_ERR_EXT_COUNT = -409,        /* extension indicator set with a count of 0, or too many */
	WSM_ERR_EXT_UNKNOWN = -410,      /* N-header extension id not defined by 1609.3-2020 8.3.4 */
	WSM_ERR_EXT_DUPLICATE = -411,    /* the same extension id twice */
	WSM_ERR_EXT_LENGTH = -412,       /* extension value of the wrong length */
	WSM_ERR_TOO_LONG = -413,         /* WSM data longer than WSM_DATA_LIMIT_MAX */
	WSM_ERR_LIMIT = -414,            /* WSM data limit outside [WSM_FRAG_LIMIT_MIN, WSM_DATA_LIMIT_MAX] */
	WSM_ERR_FRAG_TYPE = -415,        /* fragment's first octet is not WSM_FRAG_TYPE */
	WSM_ERR_FRAG_HEADER = -416,      /* fragment header fields inconsistent (index >= count, count < 2, ...) */
	WSM_ERR_FRAG_LENGTH = -417,      /* fragment payload length differs from the one its header implies */
	WSM_ERR_FRAG_TOO_BIG = -418,     /* SPDU needs more than WSM_FRAG_MAX_COUNT fragments */
	WSM_ERR_PCAP_IO = -419           /* writing the pcap stream failed */
} wsm_err;

/** One-line description of a WSM_ERR_* code (block -400..-499 of pqsig/sig.h) or any other code: pqs_strerror(err). */
const char *pqs_wsm_strerror(int err);

/* ------------------------------------------------------------------ */
/* Variable-length fields (1609.3-2020 section 8.1.3)                 */
/* ------------------------------------------------------------------ */

/**
 * Octets of the p-encoding of psid (1..4), or 0 if psid > WSM_PSID_MAX.
 * p-encoding is the UPER encoding of VarLengthNumber: 0xxxxxxx for
 * 0..127, 10 + 14 bits of (psid - 128), 110 + 21 bits of (psid - 16512),
 * 1110 + 28 bits of (psid - 2113664).  Because each length starts where
 * the previous one ends, every PSID has exactly one encoding.
 */
size_t pqs_wsm_psid_len(uint32_t psid);

/** Write the p-encoding of psid; *len gets its length. */
int pqs_wsm_psid_encode(uint32_t psid, uint8_t *out, size_t cap, size_t *len);

/** Read a p-encoded PSID from in (len bytes available); *used gets the octets read. */
int pqs_wsm_psid_decode(const uint8_t *in, size_t len, uint32_t *psid, size_t *used);

/**
 * Length and Count fields: 0xxxxxxx for 0..127, 10 + 14 bits for
 * 128..16383 (the UPER length determinant).  The decoder rejects the
 * two-octet form of a value below 128 (WSM_ERR_NONCANONICAL).
 */
int pqs_wsm_count_encode(size_t value, uint8_t *out, size_t cap, size_t *len);
int pqs_wsm_count_decode(const uint8_t *in, size_t len, size_t *value, size_t *used);

/* ------------------------------------------------------------------ */
/* WSMP header                                                        */
/* ------------------------------------------------------------------ */

/* N-header extension element ids (RefExt, Ieee1609Dot3Wee). */
#define WSM_EXT_TX_POWER 4u          /* TXpower80211, 8.3.4.4, dBm -128..127 */
#define WSM_EXT_CHANNEL 15u          /* ChannelNumber80211, 8.3.4.2 */
#define WSM_EXT_DATA_RATE 16u        /* DataRate80211, 8.3.4.3, units of 500 kb/s */
#define WSM_EXT_TIME_CONFIDENCE 25u  /* CompactTimeConfidence, 8.3.4.6 */

/** One T-header extension, kept opaque (1609.3-2020 defines none yet). */
typedef struct {
	uint8_t id;             /* RefExt */
	size_t len;             /* value length (<= WSM_LENGTH_MAX) */
	const uint8_t *value;   /* encoder: caller's bytes; decoder: points into the input */
} wsm_t_ext;

/**
 * A WSMP header.  Zero-initialize, set psid and the has_ flags of the
 * extensions wanted.  N-extensions are encoded in the order tx power,
 * channel, data rate, time confidence (the order of ShortMsgNexts); the
 * decoder accepts any order but no id twice.
 */
typedef struct {
	uint32_t psid;
	uint8_t has_tx_power, has_channel, has_data_rate, has_time_confidence;
	int8_t tx_power_dbm;      /* UPER INTEGER(-128..127): sent as tx_power_dbm + 128 */
	uint8_t channel;
	uint8_t data_rate;
	uint8_t time_confidence;
	size_t n_t_ext;           /* T-header extensions; > 0 selects TPID 1 */
	wsm_t_ext t_ext[WSM_MAX_T_EXT];
} wsm_header;

/** Octets pqs_wsm_encode writes for this header and data_len bytes of data (0 if invalid). */
size_t pqs_wsm_encoded_len(const wsm_header *h, size_t data_len);

/**
 * Encode header + data into out (cap bytes); *out_len gets the total.
 * data_len must be <= WSM_DATA_LIMIT_MAX.
 */
int pqs_wsm_encode(uint8_t *out, size_t cap, size_t *out_len, const wsm_header *h, const uint8_t *data,
		   size_t data_len);

/**
 * Decode one WSM occupying exactly in[0..len).  On success fills *h
 * (T-extension values point into in) and sets *data / *data_len to the
 * WSM data inside in.  On failure *h is unspecified and the return value
 * names the first defect found.
 */
int pqs_wsm_decode(const uint8_t *in, size_t len, wsm_header *h, const uint8_t **data, size_t *data_len);

/* ------------------------------------------------------------------ */
/* Fragmentation                                                      */
/* ------------------------------------------------------------------ */

/**
 * Number of WSMs needed to carry an SPDU of spdu_len bytes when the WSM
 * data limit is wsm_limit bytes: 1 if spdu_len <= wsm_limit (sent without
 * a fragment header), otherwise
 * ceil(spdu_len / (wsm_limit - WSM_FRAG_HEADER_LEN)).
 * Returns 0 if spdu_len is 0, wsm_limit is outside
 * [WSM_FRAG_LIMIT_MIN, WSM_DATA_LIMIT_MAX], or more than
 * WSM_FRAG_MAX_COUNT fragments would be needed.
 */
size_t pqs_wsm_fragment_count(size_t spdu_len, size_t wsm_limit);

/** Splits one SPDU; fill with pqs_wsm_fragmenter_init, then read fragments 0..count-1. */
typedef struct {
	const uint8_t *spdu;      /* caller's buffer, must outlive the fragmenter */
	size_t spdu_len;
	size_t wsm_limit;
	uint32_t msg_id;
	size_t count; /* pqs_wsm_fragment_count(spdu_len, wsm_limit) */
	uint8_t digest[WSM_FRAG_DIGEST_LEN];
} wsm_fragmenter;

/**
 * Prepare to fragment spdu.  msg_id should be fresh per message (random,
 * or a counter started at a random value): the reassembler tells
 * messages apart by it.  Errors: PQS_ERR_ARG, WSM_ERR_LIMIT,
 * WSM_ERR_FRAG_TOO_BIG.
 */
int pqs_wsm_fragmenter_init(wsm_fragmenter *f, const uint8_t *spdu, size_t spdu_len, size_t wsm_limit, uint32_t msg_id);

/**
 * Write WSM data of fragment index (0 <= index < f->count) to out;
 * *out_len <= f->wsm_limit.  With count == 1 this is the SPDU itself.
 */
int pqs_wsm_fragmenter_get(const wsm_fragmenter *f, size_t index, uint8_t *out, size_t cap, size_t *out_len);

/** 1 if this WSM data is a pqsig fragment (first octet WSM_FRAG_TYPE), else 0. */
int pqs_wsm_is_fragment(const uint8_t *data, size_t len);

/** A parsed fragment header. */
typedef struct {
	uint32_t msg_id;
	uint16_t index, count;
	uint32_t total_len;        /* SPDU length */
	uint8_t digest[WSM_FRAG_DIGEST_LEN]; /* truncated SHA3-256 of the whole SPDU */
	const uint8_t *payload;    /* points into the input */
	size_t payload_len;
	size_t offset;             /* where payload goes in the SPDU */
} wsm_fragment_info;

/** Parse and check a fragment (header fields and payload length). */
int pqs_wsm_fragment_parse(const uint8_t *data, size_t len, wsm_fragment_info *info);

/* ------------------------------------------------------------------ */
/* Reassembly                                                         */
/* ------------------------------------------------------------------ */

/** What one call to pqs_wsm_reasm_push did with its input. */
typedef enum {
	WSM_REASM_STORED = 1,          /* fragment kept; its message is still incomplete */
	WSM_REASM_COMPLETE = 2,        /* a whole SPDU is delivered (res.spdu / res.spdu_len) */
	WSM_REASM_DUPLICATE = 3,       /* fragment already held, or its message already delivered: ignored */
	WSM_REASM_LATE = 4,            /* fragment of a message already dropped (timeout, eviction): ignored */
	WSM_REASM_REJECTED_BOUNDS = 5, /* message larger than max_spdu_len or a byte quota: ignored */
	WSM_REASM_REJECTED_HEADER = 6, /* malformed fragment, or another copy of an index already held */
	WSM_REASM_DROPPED_DIGEST = 7   /* all fragments arrived, the SPDU digest differs and no index was
	                                  disputed: message dropped (a retransmission may start it again) */
} wsm_reasm_status;

/** Why a partial message was dropped (reported through on_drop). */
typedef enum {
	WSM_DROP_TIMEOUT = 1,  /* not complete within timeout_ms of its first fragment */
	WSM_DROP_EVICTED = 2,  /* partial message removed to respect a quota (see wsm_reasm_config) */
	WSM_DROP_DIGEST = 3    /* complete but digest mismatch (also returned as WSM_REASM_DROPPED_DIGEST) */
} wsm_drop_reason;

/*
 * Bounds.  A new partial message that does not fit evicts one that is
 * held: first within its own sender's quota; if the global bounds are
 * still exceeded, from the senders that would then hold the most partial
 * messages (counting the new one for its own sender), so that no sender
 * can evict one that holds fewer messages than itself.  Among those the
 * victim is the message with the fewest fragments received, the most
 * recent among equals: fresh one-fragment messages displace each other,
 * not a reassembly in progress.
 */
typedef struct {
	size_t max_messages;     /* partial messages held at once (0 -> 16) */
	size_t max_total_bytes;  /* buffer bytes held for partial messages (0 -> 256 KiB) */
	size_t max_spdu_len;     /* largest SPDU accepted (0 -> 64 KiB) */
	uint64_t timeout_ms;     /* partial message lifetime (0 -> 1000 ms) */
	size_t max_messages_per_sender; /* partial messages of one sender (0 -> max_messages / 4, at least 1) */
	size_t max_bytes_per_sender;    /* buffer bytes of one sender (0 -> max_total_bytes / 2) */
	/* Called once for every partial message dropped (a fragment arriving more than timeout_ms after
	 * its message was dropped starts a new partial message, which is reported on its own). */
	void (*on_drop)(void *ctx, uint32_t msg_id, wsm_drop_reason reason);
	void *on_drop_ctx;
} wsm_reasm_config;

typedef struct wsm_reasm_ wsm_reasm;

/** Result of one push.  spdu stays valid until the next call on the reassembler. */
typedef struct {
	wsm_reasm_status status;
	int err;                 /* for REJECTED_HEADER: the WSM_ERR_* found */
	uint32_t msg_id;         /* of the fragment (0 for an unfragmented SPDU) */
	const uint8_t *spdu;     /* COMPLETE: the SPDU */
	size_t spdu_len;
} wsm_reasm_result;

/** New reassembler (heap); NULL if out of memory.  cfg may be NULL for the defaults. */
wsm_reasm *pqs_wsm_reasm_new(const wsm_reasm_config *cfg);
/** Free it; partial messages are discarded without on_drop calls. */
void pqs_wsm_reasm_free(wsm_reasm *r);

/**
 * Feed the data of one received WSM from sender (its link-layer source
 * address: Ethernet source, 802.11 Address 2; NULL stands for an unknown
 * sender, and all such fragments then share one quota) at time now_ms
 * (any monotonic millisecond clock).  Messages that timed out by now_ms
 * are dropped first.  Fragments belong to the same message only if
 * sender, message id, count, total length and digest all match; any other
 * fragment starts or joins a different candidate message.  An unfragmented
 * SPDU (not starting with WSM_FRAG_TYPE) is returned at once as COMPLETE.
 * Returns PQS_OK and fills *res, or PQS_ERR_ARG / PQS_ERR_NOMEM (out
 * of memory; nothing changed).
 */
int pqs_wsm_reasm_push(wsm_reasm *r, const uint8_t sender[WSM_SENDER_LEN], const uint8_t *data, size_t len,
		       uint64_t now_ms, wsm_reasm_result *res);

/** Drop (with on_drop WSM_DROP_TIMEOUT) every partial message that timed out by now_ms. */
void pqs_wsm_reasm_expire(wsm_reasm *r, uint64_t now_ms);

/** Partial messages held, and the buffer bytes they use. */
size_t pqs_wsm_reasm_pending(const wsm_reasm *r);
size_t pqs_wsm_reasm_bytes(const wsm_reasm *r);

/* ------------------------------------------------------------------ */
/* pcap                                                               */
/* ------------------------------------------------------------------ */

typedef enum {
	WSM_LINK_ETHERNET = 1,   /* LINKTYPE_ETHERNET: Ethernet II, EtherType 0x88DC */
	WSM_LINK_IEEE80211 = 105 /* LINKTYPE_IEEE802_11: data frame, LLC/SNAP AA AA 03 00 00 00 88 DC */
} wsm_link;

typedef struct {
	wsm_link link;
	wsm_header hdr;          /* WSMP header of every frame (PSID, N-extensions) */
	size_t wsm_limit;        /* WSM data limit for fragmentation (0 -> 1400) */
	uint32_t first_msg_id;   /* fragmented SPDU i gets message id first_msg_id + i */
	uint64_t start_us;       /* capture timestamp of the first SPDU (microseconds since 1970) */
	uint32_t interval_us;    /* between SPDUs (0 -> 100000, 10 Hz); fragments 1 us apart */
	uint8_t src_mac[6];      /* transmitter address; destination is broadcast */
} wsm_pcap_opts;

/**
 * Write a complete pcap file (classic format, microsecond timestamps) to
 * f: for each SPDU, its fragments (pqs_wsm_fragment_count of them, usually
 * one) as WSMP frames in the chosen encapsulation.  *frames (if not NULL)
 * gets the number of packets written.  Errors: PQS_ERR_ARG,
 * WSM_ERR_LIMIT, WSM_ERR_FRAG_TOO_BIG, a pqs_wsm_encode error, WSM_ERR_PCAP_IO.
 */
int pqs_wsm_pcap_write(FILE *f, const wsm_pcap_opts *o, const uint8_t *const *spdus, const size_t *spdu_lens, size_t n,
		       size_t *frames);

/** Lower level: the 24-byte pcap global header for this link type. */
int pqs_wsm_pcap_write_header(FILE *f, wsm_link link);
/** Lower level: one packet record holding the WSM bytes wrapped in the link-layer framing. */
int pqs_wsm_pcap_write_frame(FILE *f, wsm_link link, const uint8_t src_mac[6], uint64_t ts_us, const uint8_t *wsm,
			     size_t wsm_len);

#ifdef __cplusplus
}
#endif

#endif
