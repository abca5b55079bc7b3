/*
 * Sizes (issue 7): for every registered scheme, a real signed transaction
 * encoded in the seed paper's format is exactly 2 pk + sig + 48 bytes,
 * with the paper's field layout (u64-length-prefixed sender and recipient
 * keys, amount, nonce, body length, signature length, signature), and the
 * compact encodings are 45 + pk + sig (key carried) and 65 + sig
 * (sender referenced).  A real 1000-transaction ML-DSA-44 block in the
 * paper's format is exactly 5,092,084 bytes (84 + 1000 x 5092), as the
 * paper reports (5.1 MB).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain_testlib.h"
#include "testutil.h"

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* Paper encoding of one transaction of k (to r); checks the layout and returns its length. */
static size_t paper_len(const ct_key *k, const ct_key *r, uint64_t nonce, const char *nm)
{
	size_t len;
	uint8_t *t = ct_tx(k, 1, r->addr, 12345, nonce, &len);
	pqs_chain_tx tx;
	TU_CHECK(pqs_chain_tx_decode(&tx, t, len, NULL) == PQS_OK, "%s: decode", nm);
	size_t pk = k->cls->pk_len, cap = 2 * pk + tx.sig_len + 48;
	uint8_t *p = malloc(cap);
	size_t n = pqs_chain_paper_tx_encode(p, cap, k->pk, pk, r->pk, pk, 12345, nonce, tx.sig, tx.sig_len);
	TU_CHECK(n == 2 * pk + tx.sig_len + 48, "%s: paper tx %zu bytes, want 2*%zu + %zu + 48", nm, n, pk, tx.sig_len);
	TU_CHECK(pqs_chain_paper_tx_encode(p, cap - 1, k->pk, pk, r->pk, pk, 12345, nonce, tx.sig, tx.sig_len) == 0,
	         "%s: paper encoder writes past a short buffer", nm);
	/* Field layout. */
	const uint8_t *q = p;
	TU_CHECK(be64(q) == pk && memcmp(q + 8, k->pk, pk) == 0, "%s: sender key field", nm);
	q += 8 + pk;
	TU_CHECK(be64(q) == pk && memcmp(q + 8, r->pk, pk) == 0, "%s: recipient key field", nm);
	q += 8 + pk;
	TU_CHECK(be64(q) == 12345 && be64(q + 8) == nonce, "%s: amount and nonce", nm);
	q += 16;
	TU_CHECK(be64(q) == (uint64_t)(q - p) && be64(q + 8) == tx.sig_len && memcmp(q + 16, tx.sig, tx.sig_len) == 0,
	         "%s: body length, signature length, signature", nm);
	/* Compact forms. */
	TU_CHECK(len == 45 + pk + tx.sig_len, "%s: compact tx with key %zu bytes, want 45 + %zu + %zu", nm, len, pk,
	         tx.sig_len);
	TU_CHECK(pqs_chain_tx_encoded_len(&tx, PQS_CHAIN_TX_REF) == 65 + tx.sig_len, "%s: compact tx by reference", nm);
	TU_CHECK(len <= pqs_chain_tx_max_len(k->cls), "%s: within the maximum", nm);
	free(p);
	free(t);
	return n;
}

int main(void)
{
	for (size_t i = 0; i < pqs_sig_count(); i++) {
		const pqs_sig_class *cls = pqs_sig_at(i);
		ct_key a, b;
		ct_key_new(&a, cls);
		ct_key_new(&b, cls);
		size_t n = paper_len(&a, &b, 0, cls->name);
		if (cls->flags & PQS_SIG_FIXED_LENGTH)
			TU_CHECK(n == 2 * cls->pk_len + cls->sig_max_len + 48, "%s: fixed-length paper tx", cls->name);
		printf("%-30s paper tx %zu B, paper 1000-tx block %s%zu B\n", cls->name, n,
		       cls->flags & PQS_SIG_FIXED_LENGTH ? "" : "~", 84 + 1000 * n);
		ct_key_free(&a);
		ct_key_free(&b);
	}

	/* The paper's headline figure, from 1000 real ML-DSA-44 transactions by 10 senders. */
	const pqs_sig_class *ml44 = pqs_sig_find("ML-DSA-44");
	if (!ml44) {
		printf("SKIP ML-DSA-44 block size: ML-DSA-44 not registered yet\n");
	} else {
		ct_key k[10];
		for (int i = 0; i < 10; i++)
			ct_key_new(&k[i], ml44);
		size_t block = PQS_CHAIN_PAPER_BLOCK_OVERHEAD;
		for (int i = 0; i < 1000; i++)
			block += paper_len(&k[i % 10], &k[(i + 1) % 10], (uint64_t)(i / 10), "ML-DSA-44");
		TU_CHECK(block == 5092084, "ML-DSA-44 1000-tx paper block: %zu bytes, want 5,092,084", block);
		printf("ML-DSA-44 1000-tx paper block: %zu B\n", block);
		for (int i = 0; i < 10; i++)
			ct_key_free(&k[i]);
	}
	return tu_finish("test_chain_sizes");
}
