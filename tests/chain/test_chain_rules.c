/*
 * One test per ledger validation rule (issue 7): each block below breaks
 * exactly one rule, and validation must reject it with that rule's error
 * code and leave the state untouched.  Run for the baseline
 * ECDSA-secp256k1 and for each post-quantum scheme the ledger is measured
 * with (each must be registered: a missing one fails, it is not skipped),
 * then once with every registered scheme mixed in one block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain_testlib.h"
#include "testutil.h"

#define CHAIN 7u
#define OTHER_CHAIN 8u

/* Apply a block to a copy of s; the copy is discarded, so s never changes. */
static int try_block(const pqs_chain_state *s, const uint8_t *blk, size_t len, pqs_chain_pool *pool, size_t *bad)
{
	pqs_chain_state *c = pqs_chain_state_clone(s);
	uint8_t before[32], after[32];
	pqs_chain_state_digest(c, before);
	int rc = pqs_chain_apply_block(c, blk, len, pool, bad);
	pqs_chain_state_digest(c, after);
	if (rc != PQS_OK)
		TU_CHECK(memcmp(before, after, 32) == 0 && pqs_chain_state_blocks(c) == pqs_chain_state_blocks(s),
		         "a rejected block changed the state");
	pqs_chain_state_free(c);
	return rc;
}

static void expect(int rc, int want, const char *cls, const char *rule)
{
	TU_CHECK(rc == want, "%s: %s: got %d (%s), want %d (%s)", cls, rule, rc, pqs_chain_strerror(rc), want,
	         pqs_chain_strerror(want));
}

static void run_rules(const pqs_sig_class *cls, pqs_chain_pool *pool)
{
	const char *nm = cls->name;
	ct_key a, b;
	ct_key_new(&a, cls);
	ct_key_new(&b, cls);
	ct_key keys[2] = { a, b };
	pqs_chain_state *s = ct_genesis(CHAIN, keys, 2, 1000, NULL, NULL);
	size_t l[4], len, bad;
	uint8_t *t[4];

	/* A valid block first: A->B 10 (nonce 0), A->B 5 (nonce 1), B->A 3 (nonce 0). */
	t[0] = ct_txr(&a, CHAIN, b.addr, 10, 0, &l[0]);
	t[1] = ct_txr(&a, CHAIN, b.addr, 5, 1, &l[1]);
	t[2] = ct_txr(&b, CHAIN, a.addr, 3, 0, &l[2]);
	size_t good_len;
	uint8_t *good = ct_build(s, 2000, t, l, 3, &good_len);
	expect(try_block(s, good, good_len, pool, NULL), PQS_OK, nm, "valid block");
	pqs_chain_state *s1 = pqs_chain_state_clone(s);
	TU_CHECK(pqs_chain_apply_block(s1, good, good_len, pool, NULL) == PQS_OK, "%s: apply valid block", nm);
	pqs_chain_account acc;
	TU_CHECK(pqs_chain_state_get(s1, a.addr, &acc) == PQS_OK && acc.balance == 988 && acc.nonce == 2,
	         "%s: sender balance/nonce after block", nm);
	TU_CHECK(pqs_chain_state_get(s1, b.addr, &acc) == PQS_OK && acc.balance == 1012 && acc.nonce == 1,
	         "%s: recipient balance/nonce after block", nm);
	/* The same block again: its height is taken now. */
	expect(try_block(s1, good, good_len, pool, NULL), PQS_CHAIN_ERR_HEIGHT, nm, "block applied twice");

	/* Rule: bad signature (one byte of the second transaction's signature flipped). */
	uint8_t *blk;
	{
		uint8_t *bt[3] = { t[0], t[1], t[2] };
		uint8_t *copy = malloc(l[1]);
		memcpy(copy, t[1], l[1]);
		copy[l[1] - 1] ^= 0x01;
		bt[1] = copy;
		blk = ct_raw_block(s, 2000, bt, l, 3, NULL, NULL, &len);
		expect(try_block(s, blk, len, pool, &bad), PQS_CHAIN_ERR_BAD_SIGNATURE, nm, "bad signature");
		TU_CHECK(bad == 1, "%s: bad signature reported at index %zu, want 1", nm, bad);
		free(blk);
		free(copy);
	}

	/* Rule: wrong nonce (A's first transaction carries nonce 1). */
	t[3] = ct_txr(&a, CHAIN, b.addr, 10, 1, &l[3]);
	blk = ct_raw_block(s, 2000, &t[3], &l[3], 1, NULL, NULL, &len);
	expect(try_block(s, blk, len, pool, &bad), PQS_CHAIN_ERR_NONCE, nm, "wrong nonce");
	free(blk);
	free(t[3]);
	/* ... and a nonce reused inside one block. */
	{
		uint8_t *bt[2] = { t[0], t[0] };
		size_t bl[2] = { l[0], l[0] };
		blk = ct_raw_block(s, 2000, bt, bl, 2, NULL, NULL, &len);
		expect(try_block(s, blk, len, pool, &bad), PQS_CHAIN_ERR_NONCE, nm, "nonce reused in a block");
		TU_CHECK(bad == 1, "%s: reused nonce reported at index %zu", nm, bad);
		free(blk);
	}

	/* Rule: overspend (1001 from a balance of 1000; then 990 after a 10 already spent). */
	t[3] = ct_txr(&a, CHAIN, b.addr, 1001, 0, &l[3]);
	blk = ct_raw_block(s, 2000, &t[3], &l[3], 1, NULL, NULL, &len);
	expect(try_block(s, blk, len, pool, NULL), PQS_CHAIN_ERR_BALANCE, nm, "overspend");
	free(blk);
	free(t[3]);
	{
		t[3] = ct_txr(&a, CHAIN, b.addr, 991, 1, &l[3]);
		uint8_t *bt[2] = { t[0], t[3] };
		size_t bl[2] = { l[0], l[3] };
		blk = ct_raw_block(s, 2000, bt, bl, 2, NULL, NULL, &len);
		expect(try_block(s, blk, len, pool, &bad), PQS_CHAIN_ERR_BALANCE, nm, "cumulative overspend");
		TU_CHECK(bad == 1, "%s: overspend reported at index %zu", nm, bad);
		free(blk);
		free(t[3]);
	}

	/* Rule: wrong Merkle root (one bit of the header's root flipped). */
	{
		size_t glen;
		uint8_t *g = ct_build(s, 2000, t, l, 3, &glen);
		g[1 + 4 + 8 + 8 + 32] ^= 0x80; /* first byte of merkle_root */
		expect(try_block(s, g, glen, pool, NULL), PQS_CHAIN_ERR_MERKLE, nm, "wrong Merkle root");
		free(g);
	}

	/* Rule: wrong parent (on top of s1, a block whose parent is the genesis instead of s1's tip). */
	{
		t[3] = ct_txr(&a, CHAIN, b.addr, 1, 2, &l[3]);
		size_t blen;
		uint8_t *nb = ct_build(s1, 3000, &t[3], &l[3], 1, &blen);
		expect(try_block(s1, nb, blen, pool, NULL), PQS_OK, nm, "valid child block");
		memcpy(nb + 1 + 4 + 8 + 8, pqs_chain_state_tip(s), 32);
		expect(try_block(s1, nb, blen, pool, NULL), PQS_CHAIN_ERR_PARENT, nm, "wrong parent");
		free(nb);
		/* And a timestamp before the parent's. */
		nb = ct_raw_block(s1, 1999, &t[3], &l[3], 1, NULL, NULL, &blen);
		expect(try_block(s1, nb, blen, pool, NULL), PQS_CHAIN_ERR_TIMESTAMP, nm, "timestamp before parent");
		free(nb);
		free(t[3]);
	}

	/* Rule: reordered transactions. Header kept: Merkle mismatch; root recomputed: nonce order breaks. */
	{
		size_t glen;
		uint8_t *g = ct_build(s, 2000, t, l, 3, &glen);
		/* Body rebuilt in the order 1, 0, 2 (tx 0 carries A's key, tx 1 references it). */
		pqs_chain_header h;
		pqs_chain_tx *dt;
		size_t *offs;
		TU_CHECK(pqs_chain_block_decode(&h, &dt, &offs, g, glen) == PQS_OK, "%s: decode built block", nm);
		uint8_t *bt[3];
		size_t bl[3];
		const int order[3] = { 1, 0, 2 };
		for (int i = 0; i < 3; i++) {
			bt[i] = g + offs[order[i]];
			bl[i] = offs[order[i] + 1] - offs[order[i]];
		}
		uint8_t *r = ct_raw_block(s, 2000, bt, bl, 3, h.merkle_root, h.state_digest, &len);
		expect(try_block(s, r, len, pool, NULL), PQS_CHAIN_ERR_MERKLE, nm, "reordered, header kept");
		free(r);
		r = ct_raw_block(s, 2000, bt, bl, 3, NULL, h.state_digest, &len);
		int rc = try_block(s, r, len, pool, &bad);
		/* tx 1 (A, nonce 1) now comes first and references A's key before it is on chain. */
		TU_CHECK(rc == PQS_CHAIN_ERR_UNKNOWN_SENDER || rc == PQS_CHAIN_ERR_NONCE,
		         "%s: reordered with root recomputed: got %s", nm, pqs_chain_strerror(rc));
		free(r);
		/* Reorder the two original PK-form transactions of A (nonce 1 before nonce 0): the nonce rule. */
		uint8_t *pt[2] = { t[1], t[0] };
		size_t pl[2] = { l[1], l[0] };
		r = ct_raw_block(s, 2000, pt, pl, 2, NULL, NULL, &len);
		expect(try_block(s, r, len, pool, &bad), PQS_CHAIN_ERR_NONCE, nm, "reordered nonces");
		TU_CHECK(bad == 0, "%s: reordered nonce reported at %zu", nm, bad);
		free(r);
		free(dt);
		free(offs);
		free(g);
	}

	/* Rule: a transaction replayed on another chain id. */
	{
		pqs_chain_state *o = ct_genesis(OTHER_CHAIN, keys, 2, 1000, NULL, NULL);
		size_t olen;
		uint8_t *r = ct_raw_block(o, 2000, &t[0], &l[0], 1, NULL, NULL, &olen);
		expect(try_block(o, r, olen, pool, NULL), PQS_CHAIN_ERR_CHAIN_ID, nm, "replay on another chain");
		free(r);
		/* Relabelled with the other chain's id: the signature covers the chain id and fails. */
		uint8_t *copy = malloc(l[0]);
		memcpy(copy, t[0], l[0]);
		copy[4] = OTHER_CHAIN; /* u32 chain id at bytes 1..4, big-endian */
		r = ct_raw_block(o, 2000, &copy, &l[0], 1, NULL, NULL, &olen);
		expect(try_block(o, r, olen, pool, NULL), PQS_CHAIN_ERR_BAD_SIGNATURE, nm, "relabelled chain id");
		free(r);
		free(copy);
		/* A whole block of chain 7 offered to chain 8. */
		expect(try_block(o, good, good_len, pool, NULL), PQS_CHAIN_ERR_CHAIN_ID, nm, "block of another chain");
		pqs_chain_state_free(o);
	}

	/* Rule: tampered block - every single byte of the valid block changed in turn is rejected,
	 * except fields only the next block's parent link protects (timestamp): checked in test_chain_store. */
	{
		size_t glen;
		uint8_t *g = ct_build(s, 2000, t, l, 3, &glen);
		size_t missed = 0;
		for (size_t i = 0; i < glen; i++) {
			if (i >= 13 && i < 21)
				continue; /* timestamp */
			g[i] ^= 0x01;
			if (try_block(s, g, glen, pool, NULL) == PQS_OK)
				missed++;
			g[i] ^= 0x01;
		}
		TU_CHECK(missed == 0, "%s: %zu single-byte tamperings accepted", nm, missed);
		/* Truncated and extended blocks. */
		expect(try_block(s, g, glen - 1, pool, NULL), PQS_CHAIN_ERR_TRUNCATED, nm, "truncated block");
		uint8_t *ext = malloc(glen + 1);
		memcpy(ext, g, glen);
		ext[glen] = 0;
		expect(try_block(s, ext, glen + 1, pool, NULL), PQS_CHAIN_ERR_TRAILING, nm, "trailing byte");
		free(ext);
		/* Wrong state digest alone. */
		g[1 + 4 + 8 + 8 + 64] ^= 0x01;
		expect(try_block(s, g, glen, pool, NULL), PQS_CHAIN_ERR_STATE_DIGEST, nm, "wrong state digest");
		free(g);
	}

	/* Key form: A's key carried again after it is on chain; B referenced before its key is. */
	{
		t[3] = ct_tx(&a, CHAIN, b.addr, 1, 2, &l[3]); /* PK form, but s1 knows A's key */
		size_t blen;
		uint8_t *r = ct_raw_block(s1, 3000, &t[3], &l[3], 1, NULL, NULL, &blen);
		expect(try_block(s1, r, blen, pool, NULL), PQS_CHAIN_ERR_PK_FORM, nm, "key carried twice");
		free(r);
		free(t[3]);
	}

	free(good);
	for (int i = 0; i < 3; i++)
		free(t[i]);
	pqs_chain_state_free(s);
	pqs_chain_state_free(s1);
	ct_key_free(&a);
	ct_key_free(&b);
}

/* Unkeyed sender referenced, and an algorithm relabelled to another scheme's id. */
static void run_reference_rules(pqs_chain_pool *pool)
{
	const pqs_sig_class *k1 = pqs_sig_find("ECDSA-secp256k1"), *p256 = pqs_sig_find("ECDSA-P256");
	ct_key a, c;
	ct_key_new(&a, k1);
	ct_key_new(&c, k1); /* never in genesis: receives funds first, so its account is unkeyed */
	pqs_chain_state *s = ct_genesis(CHAIN, &a, 1, 1000, NULL, NULL);
	size_t l, len;
	uint8_t *t = ct_tx(&a, CHAIN, c.addr, 100, 0, &l);
	uint8_t *blk = ct_build(s, 2000, &t, &l, 1, &len);
	TU_CHECK(pqs_chain_apply_block(s, blk, len, pool, NULL) == PQS_OK, "fund an unkeyed account");
	free(blk);
	free(t);
	/* C spends: its first transaction must carry its key. Re-encode it in REF form: unknown sender. */
	t = ct_tx(&c, CHAIN, a.addr, 10, 0, &l);
	pqs_chain_tx dt;
	TU_CHECK(pqs_chain_tx_decode(&dt, t, l, NULL) == PQS_OK, "decode C's tx");
	uint8_t ref[512];
	size_t rl;
	TU_CHECK(pqs_chain_tx_encode(&dt, PQS_CHAIN_TX_REF, ref, sizeof ref, &rl) == PQS_OK, "REF encode");
	uint8_t *rp = ref;
	blk = ct_raw_block(s, 2000, &rp, &rl, 1, NULL, NULL, &len);
	expect(try_block(s, blk, len, pool, NULL), PQS_CHAIN_ERR_UNKNOWN_SENDER, "ECDSA-secp256k1", "unkeyed reference");
	free(blk);
	/* The PK form is accepted and keys the account. */
	blk = ct_build(s, 2000, &t, &l, 1, &len);
	TU_CHECK(pqs_chain_apply_block(s, blk, len, pool, NULL) == PQS_OK, "unkeyed account spends with its key");
	free(blk);
	free(t);
	/* A's next tx in REF form, relabelled as P-256 (same key and signature sizes): algorithm mismatch. */
	if (p256 && p256->pk_len == k1->pk_len && p256->sig_max_len == k1->sig_max_len) {
		t = ct_tx(&a, CHAIN, c.addr, 1, 1, &l);
		TU_CHECK(pqs_chain_tx_decode(&dt, t, l, NULL) == PQS_OK, "decode A's tx");
		dt.cls = p256;
		TU_CHECK(pqs_chain_tx_encode(&dt, PQS_CHAIN_TX_REF, ref, sizeof ref, &rl) == PQS_OK, "REF encode");
		blk = ct_raw_block(s, 3000, &rp, &rl, 1, NULL, NULL, &len);
		expect(try_block(s, blk, len, pool, NULL), PQS_CHAIN_ERR_ALG_MISMATCH, "ECDSA-secp256k1", "algorithm relabelled");
		free(blk);
		free(t);
	}
	pqs_chain_state_free(s);
	ct_key_free(&a);
	ct_key_free(&c);
}

/* Several bad signatures: the lowest index is reported, whatever the thread count. */
static void run_thread_independence(void)
{
	const pqs_sig_class *k1 = pqs_sig_find("ECDSA-secp256k1");
	enum { N = 40 };
	ct_key keys[N];
	for (int i = 0; i < N; i++)
		ct_key_new(&keys[i], k1);
	pqs_chain_state *s = ct_genesis(CHAIN, keys, N, 50, NULL, NULL);
	uint8_t *t[N];
	size_t l[N], len;
	for (int i = 0; i < N; i++) {
		t[i] = ct_txr(&keys[i], CHAIN, keys[(i + 1) % N].addr, 7, 0, &l[i]);
		if (i == 17 || i == 18 || i == 33)
			t[i][l[i] - 5] ^= 0x40;
	}
	uint8_t *blk = ct_raw_block(s, 2000, t, l, N, NULL, NULL, &len);
	const unsigned counts[] = { 1, 2, 3, 8 };
	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		pqs_chain_pool *p = pqs_chain_pool_new(counts[c]);
		TU_CHECK(p && pqs_chain_pool_threads(p) == counts[c], "pool of %u threads", counts[c]);
		for (int rep = 0; rep < 5; rep++) {
			size_t bad;
			int rc = try_block(s, blk, len, p, &bad);
			TU_CHECK(rc == PQS_CHAIN_ERR_BAD_SIGNATURE && bad == 17, "%u threads: got %s at %zu, want index 17",
			         counts[c], pqs_chain_strerror(rc), bad);
		}
		pqs_chain_pool_free(p);
	}
	free(blk);
	for (int i = 0; i < N; i++) {
		free(t[i]);
		ct_key_free(&keys[i]);
	}
	pqs_chain_state_free(s);
}

/* Every registered scheme in one block: one account per scheme, each paying the next. */
static void run_mixed(pqs_chain_pool *pool)
{
	size_t n = pqs_sig_count();
	ct_key *keys = calloc(n, sizeof *keys);
	uint8_t **t = calloc(n, sizeof *t);
	size_t *l = calloc(n, sizeof *l), len;
	for (size_t i = 0; i < n; i++)
		ct_key_new(&keys[i], pqs_sig_at(i));
	pqs_chain_state *s = ct_genesis(CHAIN, keys, n, 100, NULL, NULL);
	for (size_t i = 0; i < n; i++)
		t[i] = ct_tx(&keys[i], CHAIN, keys[(i + 1) % n].addr, 1 + i, 0, &l[i]);
	uint8_t *blk = ct_build(s, 2000, t, l, n, &len);
	int rc = pqs_chain_apply_block(s, blk, len, pool, NULL);
	TU_CHECK(rc == PQS_OK, "mixed block of %zu schemes: %s", n, pqs_chain_strerror(rc));
	printf("mixed block: %zu schemes:", n);
	for (size_t i = 0; i < n; i++)
		printf(" %s", keys[i].cls->name);
	printf("\n");
	free(blk);
	for (size_t i = 0; i < n; i++) {
		free(t[i]);
		ct_key_free(&keys[i]);
	}
	free(keys);
	free(t);
	free(l);
	pqs_chain_state_free(s);
}

int main(void)
{
	static const char *const algs[] = { "ECDSA-secp256k1", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87",
		                            "Falcon-512", "Falcon-1024", "Falcon-padded-512", "ECDSA-P256+ML-DSA-44",
		                            "ECDSA-P256+Falcon-padded-512" };
	pqs_chain_pool *pool = pqs_chain_pool_new(2);
	TU_CHECK(pool != NULL, "pool");
	for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
		const pqs_sig_class *cls = pqs_sig_find(algs[i]);
		if (!cls) {
			/* every scheme of this fixed list is in this build: one that drops out fails, not skips */
			TU_CHECK(0, "%s is not registered in this build", algs[i]);
			continue;
		}
		run_rules(cls, i % 2 ? pool : NULL);
		printf("rules checked for %s\n", algs[i]);
	}
	run_reference_rules(pool);
	run_thread_independence();
	run_mixed(pool);
	pqs_chain_pool_free(pool);
	return tu_finish("test_chain_rules");
}
