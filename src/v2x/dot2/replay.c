/*
 * Duplicate (replay) detector of the SPDU verifier: for each of at most
 * max_signers signers, the digests of its last per_signer verified SPDUs.
 *
 * IEEE 1609.2 section 5.2.4.3.3 leaves replay detection to the receiver
 * beyond the generationTime window; inside the window (30 s by default)
 * the same SPDU verifies again unless the receiver remembers it.  The
 * digest remembered is the SPDU's 5.3.1 data input H(H(tbsData) ||
 * H(signer certificate)): it covers everything signed and the signer, and
 * not the SignerIdentifier form or the signature bytes, so the same
 * signed content re-sent with a digest instead of a certificate, or
 * signed again, is a duplicate too.  Its first 16 octets are kept (a
 * collision needs 2^64 work on SHA-2 outputs the sender does not control
 * freely).  Signers are told apart by the first 16 octets of the hash of
 * their certificate, so one signer's traffic cannot evict another's
 * digests; when all signer slots are used the least recently seen signer
 * is forgotten.
 *
 * Memory is fixed when the detector is created (pqs_v2x_replay_memory); a
 * lookup scans one signer table and one signer's ring, comparing 8-octet
 * prefixes first.
 */
#include <stdlib.h>
#include <string.h>

#include "v2x_inner.h"

#define KEY_LEN 16 /* octets kept of a signer hash and of a digest */

typedef struct {
	uint64_t prefix;        /* first 8 octets of key, for a fast scan */
	uint8_t key[KEY_LEN];   /* signer: first octets of H(certificate) */
	unsigned long stamp;    /* last use, for LRU eviction of signers */
	size_t next, count;     /* ring position and fill of its digests */
	int used;
} signer_slot;

struct v2x_replay_ {
	size_t max_signers, per_signer;
	unsigned long clock;
	signer_slot *signers;
	uint64_t *prefixes;     /* max_signers * per_signer digest prefixes */
	uint8_t *digests;       /* max_signers * per_signer * KEY_LEN octets */
};

v2x_replay *pqs_v2x_replay_new(size_t max_signers, size_t per_signer)
{
	if (max_signers == 0 || per_signer == 0 || max_signers > SIZE_MAX / per_signer / (KEY_LEN + 8))
		return NULL;
	v2x_replay *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->max_signers = max_signers;
	r->per_signer = per_signer;
	r->signers = calloc(max_signers, sizeof *r->signers);
	r->prefixes = calloc(max_signers * per_signer, sizeof *r->prefixes);
	r->digests = calloc(max_signers * per_signer, KEY_LEN);
	if (!r->signers || !r->prefixes || !r->digests) {
		pqs_v2x_replay_free(r);
		return NULL;
	}
	return r;
}

void pqs_v2x_replay_free(v2x_replay *r)
{
	if (!r)
		return;
	free(r->signers);
	free(r->prefixes);
	free(r->digests);
	free(r);
}

size_t pqs_v2x_replay_memory(const v2x_replay *r)
{
	if (!r)
		return 0;
	return sizeof *r + r->max_signers * sizeof *r->signers + r->max_signers * r->per_signer * (8 + KEY_LEN);
}

static uint64_t prefix_of(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* The slot of this signer, or NULL (create: take a free or the least recently used slot). */
static signer_slot *signer_of(v2x_replay *r, const uint8_t *signer, int create)
{
	uint64_t pre = prefix_of(signer);
	signer_slot *victim = &r->signers[0]; /* max_signers >= 1 */
	for (size_t i = 0; i < r->max_signers; i++) {
		signer_slot *s = &r->signers[i];
		if (s->used && s->prefix == pre && memcmp(s->key, signer, KEY_LEN) == 0)
			return s;
		if (victim->used && (!s->used || s->stamp < victim->stamp))
			victim = s;
	}
	if (!create)
		return NULL;
	memset(victim, 0, sizeof *victim);
	victim->used = 1;
	victim->prefix = pre;
	memcpy(victim->key, signer, KEY_LEN);
	return victim;
}

int pqs_v2x_replay_seen(v2x_replay *r, const uint8_t *signer_hash, const uint8_t *digest)
{
	signer_slot *s = r ? signer_of(r, signer_hash, 0) : NULL;
	if (!s)
		return 0;
	size_t base = (size_t)(s - r->signers) * r->per_signer;
	uint64_t pre = prefix_of(digest);
	for (size_t i = 0; i < s->count; i++)
		if (r->prefixes[base + i] == pre && memcmp(r->digests + (base + i) * KEY_LEN, digest, KEY_LEN) == 0)
			return 1;
	return 0;
}

void pqs_v2x_replay_record(v2x_replay *r, const uint8_t *signer_hash, const uint8_t *digest)
{
	if (!r)
		return;
	signer_slot *s = signer_of(r, signer_hash, 1);
	size_t at = (size_t)(s - r->signers) * r->per_signer + s->next;
	r->prefixes[at] = prefix_of(digest);
	memcpy(r->digests + at * KEY_LEN, digest, KEY_LEN);
	s->next = (s->next + 1) % r->per_signer; /* the oldest digest is overwritten (FIFO) */
	if (s->count < r->per_signer)
		s->count++;
	s->stamp = ++r->clock;
}
