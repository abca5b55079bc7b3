/*
 * Certificate store (trust anchors and known certificates, looked up by
 * HashedId8) and the bounded verified-certificate cache.
 *
 * A HashedId8 names a certificate but is not unique: 64 bits of a hash
 * can collide (section 6.4.3 makes no uniqueness claim).  Both tables are
 * keyed by HashedId8 and compare the full certificate bytes on every hit:
 * certificates with the same HashedId8 and other bytes are distinct
 * entries, and none replaces another or inherits its trust.
 *
 * Both are small linear tables: a V2X unit knows a handful of CA
 * certificates, and the cache of neighbouring vehicles is bounded by the
 * caller (a few hundred entries), so a scan of 8-byte keys costs less than
 * one hash of a certificate.
 */
#include <stdlib.h>
#include <string.h>

#include "v2x_inner.h"

struct v2x_store_ {
	size_t n, cap;
	v2x_store_entry *e;
};

v2x_store *pqs_v2x_store_new(size_t max_certs)
{
	if (max_certs == 0)
		return NULL;
	v2x_store *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->e = calloc(max_certs, sizeof *s->e);
	if (!s->e) {
		free(s);
		return NULL;
	}
	s->cap = max_certs;
	return s;
}

void pqs_v2x_store_free(v2x_store *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free((void *)s->e[i].der);
		free((void *)s->e[i].cert);
	}
	free(s->e);
	free(s);
}

const v2x_store_entry *pqs_v2x_store_next(const v2x_store *s, const uint8_t id[8], const v2x_store_entry *prev)
{
	if (!s || !id)
		return NULL;
	for (size_t i = prev ? (size_t)(prev - s->e) + 1 : 0; i < s->n; i++)
		if (memcmp(s->e[i].id, id, 8) == 0)
			return &s->e[i];
	return NULL;
}

const v2x_store_entry *pqs_v2x_store_lookup(const v2x_store *s, const uint8_t id[8])
{
	return pqs_v2x_store_next(s, id, NULL);
}

const v2x_store_entry *pqs_v2x_store_lookup_der(const v2x_store *s, const uint8_t id[8], const uint8_t *der, size_t len)
{
	const v2x_store_entry *en = NULL;
	while ((en = pqs_v2x_store_next(s, id, en)) != NULL)
		if (en->len == len && (en->der == der || memcmp(en->der, der, len) == 0))
			return en;
	return NULL;
}

static int add(v2x_store *s, const uint8_t *der, size_t len, int trusted)
{
	if (!s || !der)
		return V2X_ERR_ARG;
	v2x_cert *c = malloc(sizeof *c);
	if (!c)
		return V2X_ERR_NOMEM;
	uint8_t id[8], h[V2X_MAX_HASH];
	size_t hl = 0;
	int e = pqs_v2x_cert_decode(c, der, len);
	if (!e)
		e = pqs_v2x_cert_hashedid8(der, len, id, h, &hl);
	if (!e && trusted) {
		/* an anchor must be self-signed and its signature must verify */
		if (c->issuer_kind != 0)
			e = V2X_ERR_ARG;
		else
			e = pqs_v2x_cert_check_sig(c, der, len, NULL, NULL, 0);
	}
	if (e) {
		free(c);
		return e;
	}
	v2x_store_entry *old = (v2x_store_entry *)pqs_v2x_store_lookup_der(s, id, der, len);
	if (old) { /* the same certificate (byte for byte) again: at most upgrade it to an anchor */
		old->trusted |= trusted;
		free(c);
		return V2X_OK;
	}
	if (s->n == s->cap) {
		free(c);
		return V2X_ERR_NOMEM;
	}
	uint8_t *copy = malloc(len);
	if (!copy) {
		free(c);
		return V2X_ERR_NOMEM;
	}
	memcpy(copy, der, len);
	v2x_store_entry *en = &s->e[s->n++];
	memcpy(en->id, id, 8);
	en->der = copy;
	en->len = len;
	en->trusted = trusted;
	en->cert = c;
	memcpy(en->hash, h, hl);
	en->hash_len = hl;
	return V2X_OK;
}

int pqs_v2x_store_add_root(v2x_store *s, const uint8_t *der, size_t len)
{
	return add(s, der, len, 1);
}

int pqs_v2x_store_add_cert(v2x_store *s, const uint8_t *der, size_t len)
{
	return add(s, der, len, 0);
}

static const uint8_t *entry_out(const v2x_store_entry *en, size_t *len, int *trusted)
{
	if (!en)
		return NULL;
	if (len)
		*len = en->len;
	if (trusted)
		*trusted = en->trusted;
	return en->der;
}

const uint8_t *pqs_v2x_store_find(const v2x_store *s, const uint8_t id[8], size_t *len, int *trusted)
{
	return entry_out(id ? pqs_v2x_store_lookup(s, id) : NULL, len, trusted);
}

const uint8_t *pqs_v2x_store_find_cert(const v2x_store *s, const uint8_t *der, size_t len, int *trusted)
{
	uint8_t id[8];
	if (!s || !der || pqs_v2x_cert_hashedid8(der, len, id, NULL, NULL) != V2X_OK)
		return NULL;
	return entry_out(pqs_v2x_store_lookup_der(s, id, der, len), NULL, trusted);
}

/* ---------------- verified-certificate cache ---------------- */

struct v2x_cache_ {
	size_t cap, n;
	unsigned long clock;
	v2x_cache_entry *e;
};

v2x_cache *pqs_v2x_cache_new(size_t capacity)
{
	if (capacity == 0)
		return NULL;
	v2x_cache *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->e = calloc(capacity, sizeof *c->e);
	if (!c->e) {
		free(c);
		return NULL;
	}
	c->cap = capacity;
	return c;
}

/*
 * The signer's key prepared once (pqs_sig_prepare: ECDSA's decoded OpenSSL
 * key, the expanded ML-DSA matrix, Falcon's NTT(h)), so that a cache hit
 * verifies without decoding the key again; NULL if the class cannot
 * prepare it (the hit then verifies with the plain key, same verdict).
 */
static void *prepare_key(const v2x_cert *cert)
{
	const pqs_sig_class *cls = cert->pk_len ? pqs_v2x_alg_class(cert->key_alg) : NULL;
	if (!cls || cls->pk_len != cert->pk_len)
		return NULL;
	void *p = pqs_v2x_prepared_alloc(pqs_sig_prepared_len(cls));
	if (p && pqs_sig_prepare(cls, p, cert->pk) != PQS_OK) {
		free(p);
		p = NULL;
	}
	return p;
}

/* Release what a cache entry owns: its certificate copy and its prepared key. */
static void entry_release(v2x_cache_entry *en)
{
	if (en->prepared) {
		pqs_sig_release_prepared(pqs_v2x_alg_class(en->cert.key_alg), en->prepared);
		free(en->prepared);
		en->prepared = NULL;
	}
	free((void *)en->der);
	en->der = NULL;
}

static void free_ders(v2x_cache *c)
{
	for (size_t i = 0; i < c->cap; i++)
		entry_release(&c->e[i]);
}

void pqs_v2x_cache_free(v2x_cache *c)
{
	if (!c)
		return;
	free_ders(c);
	free(c->e);
	free(c);
}

void pqs_v2x_cache_clear(v2x_cache *c)
{
	if (!c)
		return;
	free_ders(c);
	memset(c->e, 0, c->cap * sizeof *c->e);
	c->n = 0;
}

size_t pqs_v2x_cache_size(const v2x_cache *c)
{
	return c ? c->n : 0;
}

size_t pqs_v2x_cache_memory(const v2x_cache *c)
{
	if (!c)
		return 0;
	size_t n = sizeof *c + c->cap * sizeof *c->e;
	for (size_t i = 0; i < c->cap; i++) {
		const v2x_cache_entry *en = &c->e[i];
		if (!en->used)
			continue;
		n += en->der_len;
		if (en->prepared)
			n += pqs_v2x_prepared_size(pqs_sig_prepared_len(pqs_v2x_alg_class(en->cert.key_alg)));
	}
	return n;
}

const v2x_cache_entry *pqs_v2x_cache_next(const v2x_cache *c, const uint8_t id[8], const v2x_cache_entry *prev)
{
	if (!c || !id)
		return NULL;
	for (size_t i = prev ? (size_t)(prev - c->e) + 1 : 0; i < c->cap; i++)
		if (c->e[i].used && memcmp(c->e[i].id, id, 8) == 0)
			return &c->e[i];
	return NULL;
}

static uint64_t tail_of(const uint8_t *der, size_t len)
{
	uint64_t t = 0;
	if (len >= 8)
		memcpy(&t, der + len - 8, 8);
	return t;
}

const v2x_cache_entry *pqs_v2x_cache_match(const v2x_cache *c, const uint8_t *buf, size_t avail)
{
	if (!c || !buf)
		return NULL;
	/* Certificates of one CA share long prefixes (issuer, validity, permissions) and often
	 * their length; their last octets belong to the CA's signature and differ, so the tail
	 * rejects other vehicles' entries before the full comparison. */
	for (size_t i = 0; i < c->cap; i++) {
		const v2x_cache_entry *en = &c->e[i];
		if (en->used && en->der_len <= avail && tail_of(buf, en->der_len) == en->der_tail &&
		    memcmp(en->der, buf, en->der_len) == 0)
			return en;
	}
	return NULL;
}

void pqs_v2x_cache_touch(v2x_cache *c, const v2x_cache_entry *en)
{
	if (c && en >= c->e && en < c->e + c->cap)
		c->e[en - c->e].stamp = ++c->clock;
}

int pqs_v2x_cache_put(v2x_cache *c, const v2x_cache_entry *en)
{
	if (!c)
		return V2X_OK;
	if (!en->der)
		return V2X_ERR_ARG;
	uint8_t *copy = malloc(en->der_len ? en->der_len : 1);
	if (!copy)
		return V2X_ERR_NOMEM;
	memcpy(copy, en->der, en->der_len);
	size_t slot = 0;
	unsigned long oldest = (unsigned long)-1;
	for (size_t i = 0; i < c->cap; i++) {
		/* refresh the entry of the same certificate only: a colliding HashedId8 is another one */
		if (c->e[i].used && memcmp(c->e[i].id, en->id, 8) == 0 && c->e[i].der_len == en->der_len &&
		    memcmp(c->e[i].der, en->der, en->der_len) == 0) {
			slot = i;
			oldest = 0;
			break;
		}
		if (!c->e[i].used) {
			if (oldest != 0) {
				slot = i;
				oldest = 0;
			}
		} else if (oldest != 0 && c->e[i].stamp < oldest) {
			slot = i;
			oldest = c->e[i].stamp;
		}
	}
	if (!c->e[slot].used)
		c->n++;
	entry_release(&c->e[slot]);
	c->e[slot] = *en;
	c->e[slot].der = copy;
	c->e[slot].prepared = prepare_key(&en->cert);
	c->e[slot].der_tail = tail_of(copy, en->der_len);
	c->e[slot].used = 1;
	c->e[slot].stamp = ++c->clock;
	return V2X_OK;
}
