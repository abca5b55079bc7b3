/* Ledger test helpers (see chain_testlib.h). */
#include "chain_testlib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pqsig/rand.h"

static void die(const char *what, int rc)
{
	fprintf(stderr, "chain test setup: %s: %s\n", what, pqs_chain_strerror(rc));
	exit(1);
}

void ct_key_new(ct_key *k, const pqs_sig_class *cls)
{
	k->cls = cls;
	k->pk = malloc(cls->pk_len);
	k->sk = malloc(cls->sk_len);
	if (!k->pk || !k->sk)
		die("malloc", PQS_CHAIN_ERR_NOMEM);
	int rc = pqs_sig_keygen(cls, k->pk, k->sk, NULL, 0, NULL);
	if (rc)
		die(cls->name, rc);
	pqs_chain_address(k->addr, cls, k->pk);
}

void ct_key_free(ct_key *k)
{
	pqs_zeroize(k->sk, k->cls->sk_len);
	free(k->sk);
	free(k->pk);
}

pqs_chain_state *ct_genesis(uint32_t chain_id, const ct_key *keys, size_t n, uint64_t balance, uint8_t **genesis,
                            size_t *genesis_len)
{
	pqs_chain_alloc *al = calloc(n ? n : 1, sizeof *al);
	if (!al)
		die("malloc", PQS_CHAIN_ERR_NOMEM);
	for (size_t i = 0; i < n; i++) {
		al[i].cls = keys[i].cls;
		al[i].pk = keys[i].pk;
		al[i].balance = balance;
	}
	uint8_t *g;
	size_t glen;
	int rc = pqs_chain_genesis_build(chain_id, 1000, al, n, &g, &glen);
	free(al);
	if (rc)
		die("genesis", rc);
	pqs_chain_state *s = pqs_chain_state_new(chain_id);
	if (!s)
		die("state", PQS_CHAIN_ERR_NOMEM);
	if ((rc = pqs_chain_apply_block(s, g, glen, NULL, NULL)))
		die("apply genesis", rc);
	if (genesis) {
		*genesis = g;
		*genesis_len = glen;
	} else {
		free(g);
	}
	return s;
}

uint8_t *ct_tx(const ct_key *from, uint32_t chain_id, const uint8_t *to, uint64_t amount, uint64_t nonce,
               size_t *len)
{
	size_t cap = pqs_chain_tx_max_len(from->cls);
	uint8_t *buf = malloc(cap);
	if (!buf)
		die("malloc", PQS_CHAIN_ERR_NOMEM);
	int rc = pqs_chain_tx_sign(from->cls, from->sk, from->pk, chain_id, to, amount, nonce, NULL, buf, cap, len);
	if (rc)
		die("tx sign", rc);
	return buf;
}

uint8_t *ct_txr(const ct_key *from, uint32_t chain_id, const uint8_t *to, uint64_t amount, uint64_t nonce,
                size_t *len)
{
	size_t plen;
	uint8_t *pk_form = ct_tx(from, chain_id, to, amount, nonce, &plen);
	pqs_chain_tx tx;
	int rc = pqs_chain_tx_decode(&tx, pk_form, plen, NULL);
	if (rc)
		die("tx decode", rc);
	uint8_t *out = malloc(plen);
	if (!out)
		die("malloc", PQS_CHAIN_ERR_NOMEM);
	if ((rc = pqs_chain_tx_encode(&tx, PQS_CHAIN_TX_REF, out, plen, len)))
		die("tx encode", rc);
	free(pk_form);
	return out;
}

uint8_t *ct_raw_block(const pqs_chain_state *parent, uint64_t timestamp, uint8_t *const *txs, const size_t *lens,
                      size_t n, const uint8_t *merkle, const uint8_t *digest, size_t *len)
{
	size_t total = PQS_CHAIN_HEADER_LEN;
	for (size_t i = 0; i < n; i++)
		total += lens[i];
	uint8_t *blk = malloc(total);
	uint8_t (*ids)[PQS_CHAIN_HASH_LEN] = malloc((n ? n : 1) * sizeof *ids);
	if (!blk || !ids)
		die("malloc", PQS_CHAIN_ERR_NOMEM);
	pqs_chain_header h;
	memset(&h, 0, sizeof h);
	h.chain_id = pqs_chain_state_chain_id(parent);
	h.height = pqs_chain_state_blocks(parent);
	h.timestamp = timestamp;
	memcpy(h.parent, pqs_chain_state_tip(parent), PQS_CHAIN_HASH_LEN);
	h.count = (uint32_t)n;
	size_t pos = PQS_CHAIN_HEADER_LEN;
	for (size_t i = 0; i < n; i++) {
		memcpy(blk + pos, txs[i], lens[i]);
		if (pqs_chain_tx_leaf(ids[i], txs[i], lens[i]))
			die("Merkle leaf", PQS_ERR_INTERNAL);
		pos += lens[i];
	}
	if (merkle)
		memcpy(h.merkle_root, merkle, PQS_CHAIN_HASH_LEN);
	else
		if (pqs_chain_merkle_root(h.merkle_root, (const uint8_t (*)[PQS_CHAIN_HASH_LEN])ids, n))
			die("merkle", PQS_ERR_INTERNAL);
	if (digest)
		memcpy(h.state_digest, digest, PQS_CHAIN_HASH_LEN);
	pqs_chain_header_encode(blk, &h);
	free(ids);
	*len = total;
	return blk;
}

uint8_t *ct_build(const pqs_chain_state *parent, uint64_t timestamp, uint8_t *const *txs, const size_t *lens,
                  size_t n, size_t *len)
{
	pqs_chain_builder *b;
	int rc = pqs_chain_builder_new(&b, parent);
	if (rc)
		die("builder", rc);
	for (size_t i = 0; i < n; i++)
		if ((rc = pqs_chain_builder_add(b, txs[i], lens[i])))
			die("builder add", rc);
	uint8_t *blk;
	if ((rc = pqs_chain_builder_finish(b, timestamp, &blk, len)))
		die("builder finish", rc);
	pqs_chain_builder_free(b);
	return blk;
}

void ct_datadir_make(char *dir, const char *prefix)
{
	strcpy(dir, prefix);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
}

void ct_datadir_remove(const char *dir)
{
	char p[128];
	snprintf(p, sizeof p, "%s/data.mdb", dir);
	unlink(p);
	snprintf(p, sizeof p, "%s/lock.mdb", dir);
	unlink(p);
	rmdir(dir);
}
