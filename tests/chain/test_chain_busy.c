/*
 * test_chain_regress_stale_writer (issue 10, item 15), deterministic: a
 * node loads its state, another process appends a block, then the first
 * node appends a block built on the tip it loaded.  The second append must
 * fail with PQS_CHAIN_ERR_BUSY ("the chain is busy: another process is
 * writing") and write nothing - on b468745 it failed as "stored data
 * disagrees with the chain", which `chain mine` printed as corruption.
 * The same holds for a second genesis written through a stale node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chain_testlib.h"
#include "testutil.h"

#define CHAIN 31u
#define NKEYS 3

/* A valid next block (one transfer per key) on state s. */
static uint8_t *next_block(const pqs_chain_state *s, const ct_key *keys, uint64_t amount, size_t *len)
{
	uint8_t *t[NKEYS];
	size_t l[NKEYS];
	for (int i = 0; i < NKEYS; i++) {
		pqs_chain_account a;
		TU_CHECK(pqs_chain_state_get(s, keys[i].addr, &a) == PQS_OK, "account %d", i);
		t[i] = ct_tx(&keys[i], CHAIN, keys[(i + 1) % NKEYS].addr, amount, a.nonce, &l[i]);
	}
	uint8_t *blk = ct_build(s, pqs_chain_state_tip_time(s) + 1, t, l, NKEYS, len);
	for (int i = 0; i < NKEYS; i++)
		free(t[i]);
	return blk;
}

int main(void)
{
	char dir[64];
	ct_datadir_make(dir, "chainbusy.XXXXXX");
	ct_key keys[NKEYS];
	for (int i = 0; i < NKEYS; i++)
		ct_key_new(&keys[i], pqs_sig_find("ECDSA-P256"));
	uint8_t *g;
	size_t glen;
	pqs_chain_state_free(ct_genesis(CHAIN, keys, NKEYS, 1000, &g, &glen));
	pqs_chain_node *n;
	TU_CHECK(pqs_chain_node_open(&n, dir, 1) == PQS_OK && pqs_chain_node_init(n, g, glen) == PQS_OK, "init");
	pqs_chain_node_close(n);

	/* This node loads the tip (height 0) ... */
	TU_CHECK(pqs_chain_node_open(&n, dir, 0) == PQS_OK, "open the stale node");
	size_t mine_len;
	uint8_t *mine = next_block(pqs_chain_node_state(n), keys, 1, &mine_len);

	/* ... another process appends block 1 ... */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		pqs_chain_node *other;
		size_t len;
		if (pqs_chain_node_open(&other, dir, 0) != PQS_OK)
			_exit(3);
		uint8_t *blk = next_block(pqs_chain_node_state(other), keys, 2, &len);
		int rc = pqs_chain_node_append(other, blk, len, NULL, 0, NULL);
		pqs_chain_node_close(other);
		_exit(rc == PQS_OK ? 0 : 4);
	}
	int status;
	waitpid(pid, &status, 0);
	TU_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the other process appended (status %d)", status);

	/* ... and this node's block on the old tip is refused as busy, not as corruption. */
	int rc = pqs_chain_node_append(n, mine, mine_len, NULL, 0, NULL);
	TU_CHECK(rc == PQS_CHAIN_ERR_BUSY, "stale append: %s, want the chain busy", pqs_chain_strerror(rc));
	TU_CHECK(strcmp(pqs_chain_strerror(PQS_CHAIN_ERR_BUSY), "the chain is busy: another process is writing") == 0,
	         "busy message");
	TU_CHECK(pqs_chain_state_blocks(pqs_chain_node_state(n)) == 1, "the stale node's state moved");
	/* A second genesis through a node opened before the first was written: busy too. */
	char dir2[64];
	ct_datadir_make(dir2, "chainbusy2.XXXXXX");
	pqs_chain_node *fresh;
	TU_CHECK(pqs_chain_node_open(&fresh, dir2, 1) == PQS_OK, "open an empty store");
	pid = fork();
	if (pid == 0) {
		pqs_chain_node *other;
		if (pqs_chain_node_open(&other, dir2, 1) != PQS_OK)
			_exit(3);
		rc = pqs_chain_node_init(other, g, glen);
		pqs_chain_node_close(other);
		_exit(rc == PQS_OK ? 0 : 4);
	}
	waitpid(pid, &status, 0);
	TU_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the other process wrote the genesis (status %d)",
	         status);
	rc = pqs_chain_node_init(fresh, g, glen);
	TU_CHECK(rc == PQS_CHAIN_ERR_BUSY, "stale genesis: %s, want the chain busy", pqs_chain_strerror(rc));
	pqs_chain_node_close(fresh);
	pqs_chain_node_close(n);

	/* The store holds the other process's block, valid. */
	TU_CHECK(pqs_chain_node_open(&n, dir, 0) == PQS_OK, "reopen");
	uint64_t h;
	TU_CHECK(pqs_chain_node_validate(n, NULL, &h, NULL) == PQS_OK && h == 1, "chain valid to height 1");
	pqs_chain_node_close(n);
	free(mine);
	free(g);
	for (int i = 0; i < NKEYS; i++)
		ct_key_free(&keys[i]);
	ct_datadir_remove(dir);
	ct_datadir_remove(dir2);
	return tu_finish("test_chain_regress_stale_writer");
}
