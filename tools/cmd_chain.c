/*
 * `pqsig chain ...`: run the ledger prototype (src/chain) on an LMDB data
 * directory.
 *
 *   init     --dir D [-a ALG] [--chain-id N] [--supply N]
 *   keygen   --dir D --name NAME [-a ALG]
 *   transfer --dir D --from NAME --to NAME --amount N
 *   mine     --dir D [--threads N]
 *   validate --dir D [--threads N]      exit 0 valid, 1 invalid, 2 error
 *   show     --dir D [--height H]
 *
 * Accounts are named in the node's wallet; the default scheme is the
 * seed paper's baseline, ECDSA-secp256k1.  Any registered scheme works.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "pqsig/chain.h"
#include "pqsig/rand.h"

#define DEFAULT_ALG "ECDSA-secp256k1"
#define DEFAULT_CHAIN_ID 1
#define DEFAULT_SUPPLY 1000000000ULL

static int chain_fail(const char *what, int rc)
{
	return cli_error("%s: %s", what, pqs_chain_strerror(rc));
}

static int open_node(const char *dir, int create, pqs_chain_node **n)
{
	if (!dir)
		return cli_error("missing --dir D");
	int rc = pqs_chain_node_open(n, dir, create);
	if (rc == PQS_CHAIN_ERR_NOT_FOUND)
		return cli_error("%s holds no chain (run 'pqsig chain init --dir %s' first)", dir, dir);
	if (rc == PQS_CHAIN_ERR_EXISTS)
		return cli_error("%s already holds a chain", dir);
	if (rc)
		return chain_fail(dir, rc);
	if (!create && pqs_chain_state_blocks(pqs_chain_node_state(*n)) == 0) {
		pqs_chain_node_close(*n);
		return cli_error("%s holds no chain (run 'pqsig chain init --dir %s' first)", dir, dir);
	}
	return CLI_OK;
}

static pqs_chain_pool *make_pool(const char *threads)
{
	uint64_t t = 0;
	if (threads && cli_parse_u64(threads, "--threads", 1, 256, &t))
		return NULL;
	pqs_chain_pool *p = pqs_chain_pool_new((unsigned)t);
	if (!p)
		cli_error("cannot start the verification threads");
	return p;
}

static void print_hex(const uint8_t *p, size_t n)
{
	cli_hex_print(stdout, p, n);
}

/* Generate a key pair and store it in the wallet under name. */
static int new_account(pqs_chain_node *n, const char *name, const pqs_sig_class *cls, uint8_t *pk)
{
	uint8_t *sk = malloc(cls->sk_len);
	if (!sk)
		return cli_error("out of memory");
	int rc = pqs_sig_keygen(cls, pk, sk, NULL, 0, NULL);
	if (!rc)
		rc = pqs_chain_node_wallet_put(n, name, cls, pk, sk);
	pqs_zeroize(sk, cls->sk_len);
	free(sk);
	if (rc == PQS_CHAIN_ERR_EXISTS)
		return cli_error("the wallet already has an account named '%s'", name);
	return rc ? chain_fail(name, rc) : CLI_OK;
}

static int chain_init(int argc, char **argv)
{
	const char *dir = NULL, *alg = DEFAULT_ALG, *cid = NULL, *supply_s = NULL;
	cli_opt opts[] = { { NULL, "--dir", 1, &dir }, { "-a", "--alg", 1, &alg }, { NULL, "--chain-id", 1, &cid },
		           { NULL, "--supply", 1, &supply_s } };
	if (cli_parse(argc, argv, 2, opts, 4, NULL, 0, NULL))
		return CLI_ERROR;
	uint64_t chain_id = DEFAULT_CHAIN_ID, supply = DEFAULT_SUPPLY;
	if ((cid && cli_parse_u64(cid, "--chain-id", 0, UINT32_MAX, &chain_id)) ||
	    (supply_s && cli_parse_u64(supply_s, "--supply", 0, UINT64_MAX, &supply)))
		return CLI_ERROR;
	const pqs_sig_class *cls = cli_find_alg(alg);
	if (!cls)
		return CLI_ERROR;
	if (!dir)
		return cli_error("missing --dir D");
	pqs_chain_node *n;
	if (open_node(dir, 1, &n))
		return CLI_ERROR;
	int ret = CLI_ERROR;
	uint8_t *pk = malloc(cls->pk_len), *g = NULL;
	size_t glen;
	if (!pk) {
		cli_error("out of memory");
		goto done;
	}
	if (new_account(n, "genesis", cls, pk))
		goto done;
	pqs_chain_alloc al = { cls, pk, supply };
	int rc = pqs_chain_genesis_build((uint32_t)chain_id, (uint64_t)time(NULL), &al, 1, &g, &glen);
	if (!rc)
		rc = pqs_chain_node_init(n, g, glen);
	if (rc) {
		chain_fail("genesis", rc);
		goto done;
	}
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
	pqs_chain_address(addr, cls, pk);
	printf("chain %llu initialized in %s\ngenesis block ", (unsigned long long)chain_id, dir);
	print_hex(pqs_chain_state_tip(pqs_chain_node_state(n)), PQS_CHAIN_HASH_LEN);
	printf("\naccount genesis (%s) ", cls->name);
	print_hex(addr, sizeof addr);
	printf(" balance %llu\n", (unsigned long long)supply);
	ret = CLI_OK;
done:
	free(pk);
	free(g);
	pqs_chain_node_close(n);
	return ret;
}

static int chain_keygen(int argc, char **argv)
{
	const char *dir = NULL, *alg = DEFAULT_ALG, *name = NULL;
	cli_opt opts[] = { { NULL, "--dir", 1, &dir }, { "-a", "--alg", 1, &alg }, { NULL, "--name", 1, &name } };
	if (cli_parse(argc, argv, 2, opts, 3, NULL, 0, NULL))
		return CLI_ERROR;
	if (!name || !*name)
		return cli_error("missing --name NAME");
	const pqs_sig_class *cls = cli_find_alg(alg);
	pqs_chain_node *n;
	if (!cls || open_node(dir, 0, &n))
		return CLI_ERROR;
	uint8_t *pk = malloc(cls->pk_len);
	int ret = pk ? new_account(n, name, cls, pk) : cli_error("out of memory");
	if (ret == CLI_OK) {
		uint8_t addr[PQS_CHAIN_ADDR_LEN];
		pqs_chain_address(addr, cls, pk);
		printf("account %s (%s) ", name, cls->name);
		print_hex(addr, sizeof addr);
		printf("\n");
	}
	free(pk);
	pqs_chain_node_close(n);
	return ret;
}

/* Pending transactions of one sender: how many, and how much they spend. */
typedef struct {
	const uint8_t *sender;
	uint64_t count, spent;
} pending_sum;

static int sum_pending(void *arg, uint64_t seq, const uint8_t *tx, size_t len)
{
	pending_sum *ps = arg;
	pqs_chain_tx t;
	(void)seq;
	if (pqs_chain_tx_decode(&t, tx, len, NULL) == PQS_OK && memcmp(t.sender, ps->sender, PQS_CHAIN_ADDR_LEN) == 0) {
		ps->count++;
		ps->spent += t.amount;
	}
	return 0;
}

static int chain_transfer(int argc, char **argv)
{
	const char *dir = NULL, *from = NULL, *to = NULL, *amount_s = NULL;
	cli_opt opts[] = { { NULL, "--dir", 1, &dir }, { NULL, "--from", 1, &from }, { NULL, "--to", 1, &to },
		           { NULL, "--amount", 1, &amount_s } };
	if (cli_parse(argc, argv, 2, opts, 4, NULL, 0, NULL))
		return CLI_ERROR;
	uint64_t amount;
	if (!from || !to)
		return cli_error("transfer needs --from NAME and --to NAME");
	if (!amount_s)
		return cli_error("missing --amount N");
	if (cli_parse_u64(amount_s, "--amount", 0, UINT64_MAX, &amount))
		return CLI_ERROR;
	pqs_chain_node *n;
	if (open_node(dir, 0, &n))
		return CLI_ERROR;
	int ret = CLI_ERROR;
	const pqs_sig_class *fc, *tc;
	uint8_t *fpk = NULL, *fsk = NULL, *tpk = NULL, *tx = NULL;
	int rc = pqs_chain_node_wallet_get(n, from, &fc, &fpk, &fsk);
	if (rc) {
		rc == PQS_CHAIN_ERR_NOT_FOUND ? cli_error("no account named '%s' in the wallet", from) : chain_fail(from, rc);
		goto done;
	}
	if ((rc = pqs_chain_node_wallet_get(n, to, &tc, &tpk, NULL))) {
		rc == PQS_CHAIN_ERR_NOT_FOUND ? cli_error("no account named '%s' in the wallet", to) : chain_fail(to, rc);
		goto done;
	}
	uint8_t faddr[PQS_CHAIN_ADDR_LEN], taddr[PQS_CHAIN_ADDR_LEN];
	pqs_chain_address(faddr, fc, fpk);
	pqs_chain_address(taddr, tc, tpk);
	/* Next nonce and spendable balance count the sender's transactions already pending. */
	pending_sum ps = { faddr, 0, 0 };
	if ((rc = pqs_chain_node_pending_each(n, sum_pending, &ps))) {
		chain_fail("pending pool", rc);
		goto done;
	}
	const pqs_chain_state *s = pqs_chain_node_state(n);
	pqs_chain_account acc = { .nonce = 0, .balance = 0 };
	pqs_chain_state_get(s, faddr, &acc);
	if (ps.spent > acc.balance || amount > acc.balance - ps.spent) {
		cli_error("'%s' cannot pay %llu: balance %llu, %llu already pending", from, (unsigned long long)amount,
		          (unsigned long long)acc.balance, (unsigned long long)ps.spent);
		goto done;
	}
	size_t cap = pqs_chain_tx_max_len(fc), len;
	if (!(tx = malloc(cap))) {
		cli_error("out of memory");
		goto done;
	}
	uint64_t seq;
	rc = pqs_chain_tx_sign(fc, fsk, fpk, pqs_chain_state_chain_id(s), taddr, amount, acc.nonce + ps.count, NULL, tx,
	                       cap, &len);
	if (!rc)
		rc = pqs_chain_node_pending_add(n, tx, len, &seq);
	if (rc) {
		chain_fail("transfer", rc);
		goto done;
	}
	uint8_t id[PQS_CHAIN_HASH_LEN];
	if ((rc = pqs_chain_txid(id, tx, len))) {
		chain_fail("txid", rc);
		goto done;
	}
	printf("pending #%llu: %s -> %s amount %llu nonce %llu (%s, %zu bytes) txid ", (unsigned long long)seq, from, to,
	       (unsigned long long)amount, (unsigned long long)(acc.nonce + ps.count), fc->name, len);
	print_hex(id, sizeof id);
	printf("\n");
	ret = CLI_OK;
done:
	if (fsk) {
		pqs_zeroize(fsk, fc->sk_len);
		free(fsk);
	}
	free(fpk);
	free(tpk);
	free(tx);
	pqs_chain_node_close(n);
	return ret;
}

/* Offer each pending transaction to the builder; invalid ones are reported and dropped. */
typedef struct {
	pqs_chain_builder *b;
	uint64_t last_seq;
	size_t dropped;
} mine_ctx;

static int mine_one(void *arg, uint64_t seq, const uint8_t *tx, size_t len)
{
	mine_ctx *m = arg;
	int rc = pqs_chain_builder_add(m->b, tx, len);
	if (rc == PQS_CHAIN_ERR_NOMEM)
		return rc;
	if (rc) {
		fprintf(stderr, "pqsig: pending #%llu dropped: %s\n", (unsigned long long)seq, pqs_chain_strerror(rc));
		m->dropped++;
	}
	m->last_seq = seq;
	return 0;
}

/* Shared start of mine and validate: parse --dir/--threads, make the pool, open the node. */
static int open_node_and_pool(int argc, char **argv, pqs_chain_node **n, pqs_chain_pool **pool)
{
	const char *dir = NULL, *threads = NULL;
	cli_opt opts[] = { { NULL, "--dir", 1, &dir }, { NULL, "--threads", 1, &threads } };
	if (cli_parse(argc, argv, 2, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	*pool = make_pool(threads);
	if (!*pool)
		return CLI_ERROR;
	if (open_node(dir, 0, n)) {
		pqs_chain_pool_free(*pool);
		return CLI_ERROR;
	}
	return 0;
}

static int chain_mine(int argc, char **argv)
{
	pqs_chain_pool *pool;
	pqs_chain_node *n;
	if (open_node_and_pool(argc, argv, &n, &pool))
		return CLI_ERROR;
	int ret = CLI_ERROR;
	uint8_t *blk = NULL;
	size_t len;
	mine_ctx m = { NULL, 0, 0 };
	const pqs_chain_state *s = pqs_chain_node_state(n);
	int rc = pqs_chain_builder_new(&m.b, s);
	if (!rc)
		rc = pqs_chain_node_pending_each(n, mine_one, &m);
	/* Block time never goes back, even if the clock does. */
	uint64_t now = (uint64_t)time(NULL), tip_time = pqs_chain_state_tip_time(s);
	if (!rc)
		rc = pqs_chain_builder_finish(m.b, now > tip_time ? now : tip_time, &blk, &len);
	size_t count = m.b ? pqs_chain_builder_count(m.b) : 0;
	if (!rc)
		rc = pqs_chain_node_append(n, blk, len, pool, m.last_seq, NULL);
	if (rc) {
		chain_fail("mine", rc);
		goto done;
	}
	s = pqs_chain_node_state(n);
	printf("block %llu: %zu transactions, %zu bytes", (unsigned long long)(pqs_chain_state_blocks(s) - 1), count, len);
	if (m.dropped)
		printf(", %zu dropped", m.dropped);
	printf(", id ");
	print_hex(pqs_chain_state_tip(s), PQS_CHAIN_HASH_LEN);
	printf("\n");
	ret = CLI_OK;
done:
	pqs_chain_builder_free(m.b);
	free(blk);
	pqs_chain_node_close(n);
	pqs_chain_pool_free(pool);
	return ret;
}

static int chain_validate(int argc, char **argv)
{
	pqs_chain_pool *pool;
	pqs_chain_node *n;
	if (open_node_and_pool(argc, argv, &n, &pool))
		return CLI_ERROR;
	uint64_t height;
	size_t bad;
	int rc = pqs_chain_node_validate(n, pool, &height, &bad);
	int ret = CLI_OK;
	if (rc == PQS_CHAIN_ERR_STORE || rc == PQS_CHAIN_ERR_NOMEM) {
		ret = chain_fail("validate", rc);
	} else if (rc) {
		/* Invalid chain: one line naming where and why; exit 1 like a failed verification. */
		if (bad != SIZE_MAX)
			fprintf(stderr, "pqsig: chain invalid after height %lld, transaction %zu: %s\n",
			        height == UINT64_MAX ? -1LL : (long long)height, bad, pqs_chain_strerror(rc));
		else
			fprintf(stderr, "pqsig: chain invalid after height %lld: %s\n",
			        height == UINT64_MAX ? -1LL : (long long)height, pqs_chain_strerror(rc));
		ret = CLI_INVALID;
	} else {
		printf("chain valid: %llu blocks (height %llu), %zu accounts, tip ",
		       (unsigned long long)(height + 1), (unsigned long long)height,
		       pqs_chain_state_count(pqs_chain_node_state(n)));
		print_hex(pqs_chain_state_tip(pqs_chain_node_state(n)), PQS_CHAIN_HASH_LEN);
		printf("\n");
	}
	pqs_chain_node_close(n);
	pqs_chain_pool_free(pool);
	return ret;
}

static int show_block(pqs_chain_node *n, uint64_t height)
{
	uint8_t *blk;
	size_t len;
	int rc = pqs_chain_node_block(n, height, &blk, &len);
	if (rc == PQS_CHAIN_ERR_NOT_FOUND)
		return cli_error("no block at height %llu", (unsigned long long)height);
	if (rc)
		return chain_fail("read block", rc);
	pqs_chain_header h;
	pqs_chain_tx *txs = NULL;
	rc = height == 0 ? pqs_chain_header_decode(&h, blk, len) : pqs_chain_block_decode(&h, &txs, NULL, blk, len);
	if (rc) {
		free(blk);
		return chain_fail("stored block", rc);
	}
	uint8_t id[PQS_CHAIN_HASH_LEN];
	pqs_chain_block_id(id, blk, len);
	printf("block %llu (%zu bytes)\n  id           ", (unsigned long long)h.height, len);
	print_hex(id, sizeof id);
	printf("\n  parent       ");
	print_hex(h.parent, sizeof h.parent);
	printf("\n  timestamp    %llu\n  merkle root  ", (unsigned long long)h.timestamp);
	print_hex(h.merkle_root, sizeof h.merkle_root);
	printf("\n  state digest ");
	print_hex(h.state_digest, sizeof h.state_digest);
	printf("\n  %s %u\n", height == 0 ? "allocations" : "transactions", h.count);
	for (uint32_t i = 0; txs && i < h.count; i++) {
		printf("  tx %u: ", i);
		print_hex(txs[i].sender, PQS_CHAIN_ADDR_LEN);
		printf(" -> ");
		print_hex(txs[i].recipient, PQS_CHAIN_ADDR_LEN);
		printf(" amount %llu nonce %llu %s sig %zu B%s\n", (unsigned long long)txs[i].amount,
		       (unsigned long long)txs[i].nonce, txs[i].cls->name, txs[i].sig_len,
		       txs[i].form == PQS_CHAIN_TX_PK ? ", key carried" : "");
	}
	free(txs);
	free(blk);
	return CLI_OK;
}

static int chain_show(int argc, char **argv)
{
	const char *dir = NULL, *height_s = NULL;
	cli_opt opts[] = { { NULL, "--dir", 1, &dir }, { NULL, "--height", 1, &height_s } };
	if (cli_parse(argc, argv, 2, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	uint64_t height = 0;
	if (height_s && cli_parse_u64(height_s, "--height", 0, UINT64_MAX, &height))
		return CLI_ERROR;
	pqs_chain_node *n;
	if (open_node(dir, 0, &n))
		return CLI_ERROR;
	int ret;
	if (height_s) {
		ret = show_block(n, height);
	} else {
		const pqs_chain_state *s = pqs_chain_node_state(n);
		printf("chain %u: height %llu, tip ", pqs_chain_state_chain_id(s),
		       (unsigned long long)(pqs_chain_state_blocks(s) - 1));
		print_hex(pqs_chain_state_tip(s), PQS_CHAIN_HASH_LEN);
		printf("\naccounts (%zu):\n", pqs_chain_state_count(s));
		for (size_t i = 0; i < pqs_chain_state_count(s); i++) {
			pqs_chain_account a;
			pqs_chain_state_at(s, i, &a);
			const pqs_sig_class *c = a.pk ? pqs_sig_find_id(a.alg_id) : NULL;
			printf("  ");
			print_hex(a.addr, sizeof a.addr);
			printf(" balance %llu nonce %llu %s\n", (unsigned long long)a.balance, (unsigned long long)a.nonce,
			       c ? c->name : "(key not yet on chain)");
		}
		ret = CLI_OK;
	}
	pqs_chain_node_close(n);
	return ret;
}

int cmd_chain(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} subs[] = {
		{ "init", chain_init }, { "keygen", chain_keygen }, { "transfer", chain_transfer },
		{ "mine", chain_mine }, { "validate", chain_validate }, { "show", chain_show },
	};
	if (argc < 2)
		return cli_error("chain needs a subcommand: init, keygen, transfer, mine, validate, show");
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (strcmp(argv[1], subs[i].name) == 0)
			return subs[i].run(argc, argv);
	return cli_error("unknown chain subcommand '%s'", argv[1]);
}
