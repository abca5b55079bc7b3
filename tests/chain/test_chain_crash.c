/*
 * Crash safety (issue 7): a child process appends blocks to an LMDB data
 * directory as fast as it can and reports each committed height on a
 * pipe; the parent kill -9's it at a random point inside an append, 24 times.
 * After every kill the directory must reopen, re-validate from genesis,
 * and hold every block the child reported committed (the tip may be one
 * higher: a commit can finish just before its report is written), with no
 * partial block.  Between runs the chain only grows and the previous tip
 * block is unchanged byte for byte.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chain_testlib.h"
#include "testutil.h"

#define CHAIN 21u
#define NKEYS 12
#define RUNS 24

static char dir[64];

/* The child: append blocks forever (until killed), one report per commit. */
static void child(int fd, const ct_key *keys)
{
	pqs_chain_node *n;
	if (pqs_chain_node_open(&n, dir, 0) != PQS_OK)
		_exit(3);
	for (;;) {
		const pqs_chain_state *s = pqs_chain_node_state(n);
		uint8_t *t[NKEYS];
		size_t l[NKEYS], len;
		for (int i = 0; i < NKEYS; i++) {
			pqs_chain_account a;
			if (pqs_chain_state_get(s, keys[i].addr, &a) != PQS_OK)
				_exit(4);
			t[i] = ct_tx(&keys[i], CHAIN, keys[(i + 1) % NKEYS].addr, 1, a.nonce, &l[i]);
		}
		uint8_t *blk = ct_build(s, pqs_chain_state_tip_time(s) + 1, t, l, NKEYS, &len);
		if (pqs_chain_node_append(n, blk, len, NULL, 0, NULL) != PQS_OK)
			_exit(5);
		uint64_t h = pqs_chain_state_blocks(pqs_chain_node_state(n)) - 1;
		if (write(fd, &h, sizeof h) != (ssize_t)sizeof h)
			_exit(6);
		free(blk);
		for (int i = 0; i < NKEYS; i++)
			free(t[i]);
	}
}

static uint64_t next_rand(uint64_t *x)
{
	/* xorshift64 (Marsaglia 2003): plenty for spreading kill points. */
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* 1 if fd has data (or EOF) within ms milliseconds. */
static int wait_readable(int fd, int ms)
{
	struct pollfd pf = { fd, POLLIN, 0 };
	int rc;
	do
		rc = poll(&pf, 1, ms);
	while (rc < 0 && errno == EINTR);
	return rc > 0;
}

int main(void)
{
	const pqs_sig_class *cls = pqs_sig_find("ECDSA-secp256k1");
	ct_datadir_make(dir, "chaincrash.XXXXXX");
	ct_key keys[NKEYS];
	for (int i = 0; i < NKEYS; i++)
		ct_key_new(&keys[i], cls);
	uint8_t *g;
	size_t glen;
	pqs_chain_state *gs = ct_genesis(CHAIN, keys, NKEYS, 1000000, &g, &glen);
	pqs_chain_state_free(gs);
	pqs_chain_node *n;
	uint8_t prev_id[PQS_CHAIN_HASH_LEN]; /* id of the block at prev_tip (below) */
	TU_CHECK(pqs_chain_node_open(&n, dir, 1) == PQS_OK && pqs_chain_node_init(n, g, glen) == PQS_OK, "init");
	pqs_chain_block_id(prev_id, g, glen);
	pqs_chain_node_close(n);
	free(g);

	uint64_t seed;
	if (pqs_os_random((uint8_t *)&seed, sizeof seed) != 0 || seed == 0)
		seed = (uint64_t)time(NULL) | 1;
	printf("delay seed %llu\n", (unsigned long long)seed);
	uint64_t prev_tip = 0, total_lost = 0;
	double interval_us = 50000; /* block interval estimate, refined from the child's reports */
	int runs_with_progress = 0;
	for (int run = 0; run < RUNS; run++) {
		int p[2];
		if (pipe(p) != 0) {
			perror("pipe");
			return 1;
		}
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			close(p[0]);
			child(p[1], keys);
		}
		close(p[1]);
		/*
		 * Kill point: wait for k = 0..2 committed blocks, then a random part of one block
		 * interval (as measured so far), so the kill lands anywhere inside an append - opening,
		 * signing, validating or committing - however fast or slow (sanitizers, load) the child is.
		 */
		uint64_t k = next_rand(&seed) % 3, got = 0, reported = 0, h;
		int any = 0;
		double t_prev = now_us();
		while (got < k) {
			if (!wait_readable(p[0], 60000) || read(p[0], &h, sizeof h) != (ssize_t)sizeof h)
				break;
			double t = now_us();
			interval_us = 0.7 * interval_us + 0.3 * (t - t_prev);
			t_prev = t;
			reported = h;
			any = 1;
			got++;
		}
		TU_CHECK(got == k, "run %d: child made no progress for 60 s", run);
		useconds_t delay = (useconds_t)(next_rand(&seed) % (uint64_t)(1.2 * interval_us + 1));
		usleep(delay);
		kill(pid, SIGKILL);
		int status;
		waitpid(pid, &status, 0);
		TU_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "run %d: child exited by itself (status %d)",
		         run, status);
		while (read(p[0], &h, sizeof h) == (ssize_t)sizeof h) {
			reported = h;
			any = 1;
		}
		close(p[0]);

		TU_CHECK(pqs_chain_node_open(&n, dir, 0) == PQS_OK, "run %d: reopen after kill -9", run);
		uint64_t validated;
		int rc = pqs_chain_node_validate(n, NULL, &validated, NULL);
		uint64_t tip = pqs_chain_state_blocks(pqs_chain_node_state(n)) - 1;
		/* The block that was the tip after the previous run is still there, byte for byte. */
		uint8_t *old_blk;
		size_t old_len;
		uint8_t old_id[PQS_CHAIN_HASH_LEN];
		int got_old = pqs_chain_node_block(n, prev_tip, &old_blk, &old_len) == PQS_OK;
		TU_CHECK(got_old, "run %d: block %llu of the previous run is gone", run, (unsigned long long)prev_tip);
		if (got_old) {
			pqs_chain_block_id(old_id, old_blk, old_len);
			TU_CHECK(memcmp(old_id, prev_id, sizeof old_id) == 0, "run %d: block %llu changed", run,
			         (unsigned long long)prev_tip);
			free(old_blk);
		}
		memcpy(prev_id, pqs_chain_state_tip(pqs_chain_node_state(n)), sizeof prev_id);
		pqs_chain_node_close(n);
		TU_CHECK(rc == PQS_OK, "run %d: chain invalid after kill -9: %s (validated to %llu)", run,
		         pqs_chain_strerror(rc), (unsigned long long)validated);
		TU_CHECK(validated == tip, "run %d: validated %llu of tip %llu", run, (unsigned long long)validated,
		         (unsigned long long)tip);
		if (any) {
			TU_CHECK(tip >= reported && tip <= reported + 1,
			         "run %d: tip %llu but the child reported %llu committed", run, (unsigned long long)tip,
			         (unsigned long long)reported);
			if (tip < reported)
				total_lost += reported - tip;
		}
		TU_CHECK(tip >= prev_tip, "run %d: tip went back from %llu to %llu", run, (unsigned long long)prev_tip,
		         (unsigned long long)tip);
		if (tip > prev_tip)
			runs_with_progress++;
		printf("run %2d: killed %6u us after block %llu of this run, reported %llu, tip %llu\n", run,
		       (unsigned)delay, (unsigned long long)k,
		       any ? (unsigned long long)reported : 0ULL, (unsigned long long)tip);
		prev_tip = tip;
	}
	TU_CHECK(total_lost == 0, "%llu committed blocks lost", (unsigned long long)total_lost);
	/* Two of three runs wait for at least one commit (16 expected): the chain must grow in many. */
	TU_CHECK(runs_with_progress >= RUNS / 4, "only %d of %d runs appended blocks", runs_with_progress, RUNS);
	printf("%d of %d runs appended blocks; final tip %llu\n", runs_with_progress, RUNS, (unsigned long long)prev_tip);
	for (int i = 0; i < NKEYS; i++)
		ct_key_free(&keys[i]);
	ct_datadir_remove(dir);
	return tu_finish("test_chain_crash");
}
