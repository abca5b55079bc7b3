/*
 * Hawk on the ledger (issue 13): a 1000-transaction block of real signed
 * Hawk-512 transactions, in the seed paper's encoding, is exactly
 * 2,651,084 bytes (84 + 1000 x (2*1024 + 555 + 48)), the paper's 2.65 MB;
 * Hawk-1024's is 6,149,084 bytes.  Each transaction is a real one (signed,
 * decoded by the ledger) re-encoded with pqs_chain_paper_tx_encode().
 */
#include <stdio.h>
#include <stdlib.h>

#include "chain_testlib.h"
#include "pqsig/hawk.h"
#include "testutil.h"

static size_t
paper_block(const pqs_sig_class *cls)
{
	ct_key k[10];
	size_t block = PQS_CHAIN_PAPER_BLOCK_OVERHEAD;
	size_t pk = cls->pk_len, cap = 2 * pk + cls->sig_max_len + 48;
	uint8_t *p = malloc(cap);
	int i;

	for (i = 0; i < 10; i++) {
		ct_key_new(&k[i], cls);
	}
	for (i = 0; i < 1000 && p != NULL; i++) {
		const ct_key *from = &k[i % 10], *to = &k[(i + 1) % 10];
		size_t len, n;
		uint8_t *t = ct_tx(from, 1, to->addr, 12345, (uint64_t)(i / 10), &len);
		pqs_chain_tx tx;

		TU_CHECK(pqs_chain_tx_decode(&tx, t, len, NULL) == PQS_OK, "%s: decode", cls->name);
		n = pqs_chain_paper_tx_encode(p, cap, from->pk, pk, to->pk, pk, 12345,
			(uint64_t)(i / 10), tx.sig, tx.sig_len);
		TU_CHECK(n == cap, "%s: paper tx %zu bytes, want %zu", cls->name, n, cap);
		block += n;
		free(t);
	}
	for (i = 0; i < 10; i++) {
		ct_key_free(&k[i]);
	}
	free(p);
	return block;
}

int
main(void)
{
	size_t b512 = paper_block(&pqs_hawk512_class);
	size_t b1024 = paper_block(&pqs_hawk1024_class);

	TU_CHECK(b512 == 2651084, "Hawk-512 1000-tx paper block: %zu bytes, want 2,651,084", b512);
	TU_CHECK(b1024 == 6149084, "Hawk-1024 1000-tx paper block: %zu bytes, want 6,149,084", b1024);
	printf("paper blocks: Hawk-512 %zu B, Hawk-1024 %zu B\n", b512, b1024);
	return tu_finish("test_hawk_chain_size");
}
