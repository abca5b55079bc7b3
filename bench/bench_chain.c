/*
 * `pqsig bench chain`: the blockchain seed paper's workflow on the ledger
 * prototype (src/chain), per signature scheme:
 *   1. 100 key generations (timed);
 *   2. a block of 1000 transactions, each signed (timed), senders being
 *      the 100 keys in turn;
 *   3. the block validated repeatedly (100 times; 3 with --quick) with
 *      the full rule set (pqs_chain_apply_block), on one thread and on
 *      all online CPUs, beside 1000 bare verifications of the same
 *      signatures (pqs_sig_verify) to show the ledger's overhead.
 * Sizes are reported in the paper's encoding (tx = 2 pk + sig + 48 B,
 * block = 84 + sum tx) and in the ledger's compact one, with the paper's
 * published figures alongside (../shared/notes/performance-anchors.md).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "bench_chain.h"
#include "cli.h"
#include "pqsig/chain.h"
#include "pqsig/rand.h"

#define CHAIN_ID 1
#define BLOCK_TXS 1000
#define NKEYS 100
#define MAX_ALGS 64

/* The default list: the paper's baseline and lattice schemes, where registered. */
static const char *const default_algs[] = { "ECDSA-secp256k1", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87",
	                                    "Falcon-512", "Falcon-1024", "FN-DSA-512", "FN-DSA-1024", "HAETAE-2", "HAETAE-3", "HAETAE-5",
	                                    "Hawk-512", "Hawk-1024" };

/*
 * The seed paper's published figures (Windows x86_64, liboqs; rounded as
 * published).  NULL where the paper gives no figure for that scheme.
 */
typedef struct {
	const char *alg;
	const char *block_mb, *keygen_ms, *sign_ms, *verify_ms, *validate_ms;
} paper_row;

static const paper_row paper[] = {
	{ "ML-DSA-44", "5.1", "< 1", "0.28", "0.10-0.23", NULL },
	{ "ML-DSA-65", NULL, "< 1", "0.28", "0.10-0.23", NULL },
	{ "ML-DSA-87", "9.9", "< 1", "0.28", "0.10-0.23", "234" },
	{ "Falcon-512", "2.5", "5.7", "0.21", "0.052", "56" },
	{ "Falcon-1024", "4.9", "16.8", "0.21", NULL, NULL },
	{ "Hawk-512", "2.65", NULL, "0.03", "0.047", "47" },
	/* HAETAE: stand-alone micro-benchmark only (no block figures); one verify range for the scheme */
	{ "HAETAE-2", NULL, NULL, NULL, "0.07-0.16", NULL },
	{ "HAETAE-3", NULL, NULL, NULL, "0.07-0.16", NULL },
	{ "HAETAE-5", NULL, NULL, NULL, "0.07-0.16", NULL },
};

static const paper_row *paper_for(const pqs_sig_class *cls)
{
	for (size_t i = 0; i < sizeof paper / sizeof paper[0]; i++)
		if (strcmp(paper[i].alg, cls->name) == 0)
			return &paper[i];
	return NULL;
}

typedef struct {
	const pqs_sig_class *cls;
	size_t nkeys;
	double keygen_us, sign_us, verify_us;   /* means */
	double sig_mean;
	size_t block_paper, block_compact;
	double tx_paper, tx_compact_pk, tx_compact_ref; /* mean bytes per transaction */
	double validate_ms_1t, validate_ms_all;  /* medians */
	double bare_ms;                          /* 1000 bare verifications, median */
	double validate_ms_prepared;             /* 1 thread, senders' keys prepared (warm key cache), median */
	size_t prepared_key_bytes;               /* memory per cached sender: pk + prepared key */
	double overhead_cpu;                     /* 1-thread validation / bare, in thread CPU time */
	double work_ratio;                       /* CPU of 1-thread / CPU of all-thread validation (process) */
	double cores_1t, cores_all;              /* CPU time / wall time of each: the cores actually obtained */
	bench_spread efficiency;                 /* per repetition: 1-thread time / (threads x all-thread time) */
	bench_spread cores_obtained_all;         /* per repetition: process CPU time / wall time, all threads */
	unsigned threads;
	unsigned cpus_allowed;                   /* sched_getaffinity */
	size_t reps;
} chain_result;

typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk;
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
} bench_key;

static double median_of(double *v, size_t n)
{
	bench_stats st;
	bench_stats_of(v, n, &st);
	return st.median_us;
}

/*
 * CPU time in microseconds of the calling thread or of the whole process.
 * The one-thread comparison (validation vs bare verification) is also
 * taken in thread CPU time: unlike wall time it does not move when other
 * processes share the cores.  The all-thread run's process CPU time shows
 * how much work the pool adds (none, ideally), apart from how fast the
 * cores it got ran it.
 */
static double cpu_us(clockid_t clock)
{
	struct timespec ts;
	if (clock_gettime(clock, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Time one validation of blk against a fresh copy of parent (the copy is not timed). */
static int time_validation(const pqs_chain_state *parent, const uint8_t *blk, size_t len, pqs_chain_pool *pool,
                           double *us, double *cpu)
{
	pqs_chain_state *c = pqs_chain_state_clone(parent);
	if (!c)
		return PQS_CHAIN_ERR_NOMEM;
	clockid_t clock = pool ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID;
	double c0 = cpu_us(clock), t0 = bench_now_us();
	int rc = pqs_chain_apply_block(c, blk, len, pool, NULL);
	*us = bench_now_us() - t0;
	*cpu = cpu_us(clock) - c0;
	pqs_chain_state_free(c);
	return rc;
}

/* The whole workflow for one scheme. */
static int run_workflow(const pqs_sig_class *cls, int quick, pqs_chain_pool *pool_all, chain_result *r)
{
	memset(r, 0, sizeof *r);
	r->cls = cls;
	r->threads = pqs_chain_pool_threads(pool_all);
	r->cpus_allowed = bench_cpus_allowed();
	r->reps = quick ? 3 : 100;
	bench_key *keys = calloc(NKEYS, sizeof *keys);
	uint8_t **txs = calloc(BLOCK_TXS, sizeof *txs);
	size_t *txlen = calloc(BLOCK_TXS, sizeof *txlen);
	double *samples = calloc(r->reps > NKEYS ? r->reps : NKEYS, sizeof *samples);
	uint8_t *genesis = NULL, *blk = NULL, *paper_buf = NULL, (*digests)[32] = NULL;
	pqs_chain_state *state = NULL, *warm = NULL;
	pqs_chain_key_cache *key_cache = NULL;
	pqs_chain_builder *b = NULL;
	pqs_chain_alloc *alloc = NULL;
	size_t glen, blen;
	int rc = PQS_CHAIN_ERR_NOMEM;
	if (!keys || !txs || !txlen || !samples)
		goto done;

	/* 1. Key generation: 100 keys (fewer with --quick once 2 s have passed: Falcon keygen is slow). */
	double t_start = bench_now_us(), sum = 0;
	for (size_t i = 0; i < NKEYS; i++) {
		keys[i].cls = cls;
		if (!(keys[i].pk = malloc(cls->pk_len)) || !(keys[i].sk = malloc(cls->sk_len)))
			goto done;
		double t0 = bench_now_us();
		if ((rc = pqs_sig_keygen(cls, keys[i].pk, keys[i].sk, NULL, 0, NULL)))
			goto done;
		sum += bench_now_us() - t0;
		pqs_chain_address(keys[i].addr, cls, keys[i].pk);
		r->nkeys = i + 1;
		bench_progress("%s: keygen %zu/%d", cls->name, i + 1, NKEYS);
		if (quick && i >= 9 && bench_now_us() - t_start > 2e6)
			break;
	}
	r->keygen_us = sum / (double)r->nkeys;

	/* Genesis funds every key; the block is built on it. */
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(alloc = calloc(r->nkeys, sizeof *alloc)))
		goto done;
	for (size_t i = 0; i < r->nkeys; i++)
		alloc[i] = (pqs_chain_alloc){ cls, keys[i].pk, 1000000000ULL };
	if ((rc = pqs_chain_genesis_build(CHAIN_ID, 1, alloc, r->nkeys, &genesis, &glen)))
		goto done;
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(state = pqs_chain_state_new(CHAIN_ID)))
		goto done;
	if ((rc = pqs_chain_apply_block(state, genesis, glen, NULL, NULL)))
		goto done;

	/* 2. 1000 signed transactions: key i % K pays key (i + 1) % K. */
	size_t cap = pqs_chain_tx_max_len(cls), paper_total = PQS_CHAIN_PAPER_BLOCK_OVERHEAD;
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(paper_buf = malloc(2 * cls->pk_len + cls->sig_max_len + PQS_CHAIN_PAPER_TX_OVERHEAD)) ||
	    !(digests = malloc(BLOCK_TXS * sizeof *digests)))
		goto done;
	sum = 0;
	double sig_sum = 0;
	for (size_t i = 0; i < BLOCK_TXS; i++) {
		const bench_key *from = &keys[i % r->nkeys], *to = &keys[(i + 1) % r->nkeys];
		rc = PQS_CHAIN_ERR_NOMEM;
		if (!(txs[i] = malloc(cap)))
			goto done;
		double t0 = bench_now_us();
		rc = pqs_chain_tx_sign(cls, from->sk, from->pk, CHAIN_ID, to->addr, 1, i / r->nkeys, NULL, txs[i], cap,
		                       &txlen[i]);
		sum += bench_now_us() - t0;
		if (rc)
			goto done;
		pqs_chain_tx t;
		if ((rc = pqs_chain_tx_decode(&t, txs[i], txlen[i], NULL)))
			goto done;
		sig_sum += (double)t.sig_len;
		pqs_chain_tx_digest(digests[i], &t);
		/* The paper's encoding of the same transaction (recipient by public key). */
		paper_total += pqs_chain_paper_tx_encode(paper_buf, 2 * cls->pk_len + cls->sig_max_len + 48, from->pk,
		                                         cls->pk_len, to->pk, cls->pk_len, 1, i / r->nkeys, t.sig,
		                                         t.sig_len);
		if (i % 50 == 0)
			bench_progress("%s: signing %zu/%d", cls->name, i, BLOCK_TXS);
	}
	r->sign_us = sum / BLOCK_TXS;
	r->sig_mean = sig_sum / BLOCK_TXS;
	r->block_paper = paper_total;
	r->tx_paper = (double)(paper_total - PQS_CHAIN_PAPER_BLOCK_OVERHEAD) / BLOCK_TXS;

	/* The block, in the compact encoding (keys carried at each sender's first transaction). */
	if ((rc = pqs_chain_builder_new(&b, state)))
		goto done;
	for (size_t i = 0; i < BLOCK_TXS; i++)
		if ((rc = pqs_chain_builder_add(b, txs[i], txlen[i])))
			goto done;
	if ((rc = pqs_chain_builder_finish(b, 2, &blk, &blen)))
		goto done;
	r->block_compact = blen;
	/* Compact tx sizes: the fixed part around the sender (key or address) and the mean signature. */
	r->tx_compact_ref = (double)(1 + 4 + 2 + PQS_CHAIN_ADDR_LEN + PQS_CHAIN_ADDR_LEN + 8 + 8 + 2) + r->sig_mean;
	r->tx_compact_pk = r->tx_compact_ref - PQS_CHAIN_ADDR_LEN + (double)cls->pk_len;

	/*
	 * 3. Bare verification of the 1000 signatures, validation on one thread and on all: interleaved
	 * repetition by repetition, so load changes on a shared machine hit the three alike.
	 */
	/* The warm case: a state whose key cache already holds every sender (one untimed validation). */
	rc = PQS_CHAIN_ERR_NOMEM;
	if (!(key_cache = pqs_chain_key_cache_new(NKEYS, (size_t)1 << 30)) || !(warm = pqs_chain_state_clone(state)))
		goto done;
	pqs_chain_state_set_key_cache(warm, key_cache);
	double warm_us, warm_cpu;
	if ((rc = time_validation(warm, blk, blen, NULL, &warm_us, &warm_cpu)))
		goto done;
	pqs_chain_key_cache_stats kst;
	pqs_chain_key_cache_get_stats(key_cache, &kst);
	r->prepared_key_bytes = kst.keys ? kst.bytes / kst.keys : 0;
	pqs_chain_tx *dec = NULL;
	pqs_chain_header h;
	double *s1 = NULL, *sall = NULL, *cpu_bare = NULL, *cpu_1t = NULL, *cpu_all = NULL, *swarm = NULL,
	       *cpu_warm = NULL;
	if ((rc = pqs_chain_block_decode(&h, &dec, NULL, blk, blen)))
		goto done;
	s1 = calloc(r->reps, sizeof *s1);
	sall = calloc(r->reps, sizeof *sall);
	cpu_bare = calloc(r->reps, sizeof *cpu_bare);
	cpu_1t = calloc(r->reps, sizeof *cpu_1t);
	cpu_all = calloc(r->reps, sizeof *cpu_all);
	swarm = calloc(r->reps, sizeof *swarm);
	cpu_warm = calloc(r->reps, sizeof *cpu_warm);
	rc = s1 && sall && cpu_bare && cpu_1t && cpu_all && swarm && cpu_warm ? PQS_OK : PQS_CHAIN_ERR_NOMEM;
	for (size_t rep = 0; rep < r->reps && !rc; rep++) {
		double c0 = cpu_us(CLOCK_THREAD_CPUTIME_ID), t0 = bench_now_us();
		for (size_t i = 0; i < BLOCK_TXS && !rc; i++)
			rc = pqs_sig_verify(cls, dec[i].sig, dec[i].sig_len, digests[i], 32, NULL, 0, keys[i % r->nkeys].pk);
		samples[rep] = bench_now_us() - t0;
		cpu_bare[rep] = cpu_us(CLOCK_THREAD_CPUTIME_ID) - c0;
		if (!rc)
			rc = time_validation(state, blk, blen, NULL, &s1[rep], &cpu_1t[rep]);
		if (!rc)
			rc = time_validation(state, blk, blen, pool_all, &sall[rep], &cpu_all[rep]);
		if (!rc)
			rc = time_validation(warm, blk, blen, NULL, &swarm[rep], &cpu_warm[rep]);
		bench_progress("%s: verification and validation %zu/%zu", cls->name, rep + 1, r->reps);
	}
	if (!rc) {
		/*
		 * Efficiency and cores obtained per repetition (the runs of one repetition share one load),
		 * reported as median and range; taken before median_of sorts the arrays.
		 */
		double *eff = calloc(r->reps, sizeof *eff), *cores = calloc(r->reps, sizeof *cores);
		if (eff && cores) {
			for (size_t rep = 0; rep < r->reps; rep++) {
				eff[rep] = s1[rep] / ((double)r->threads * sall[rep]);
				cores[rep] = cpu_all[rep] / sall[rep];
			}
			bench_spread_of(eff, r->reps, &r->efficiency);
			bench_spread_of(cores, r->reps, &r->cores_obtained_all);
		} else
			rc = PQS_CHAIN_ERR_NOMEM;
		free(eff);
		free(cores);
	}
	if (!rc) {
		r->bare_ms = median_of(samples, r->reps) / 1e3;
		r->verify_us = r->bare_ms * 1e3 / BLOCK_TXS;
		r->validate_ms_1t = median_of(s1, r->reps) / 1e3;
		r->validate_ms_all = median_of(sall, r->reps) / 1e3;
		r->validate_ms_prepared = median_of(swarm, r->reps) / 1e3;
		double c1 = median_of(cpu_1t, r->reps);
		r->overhead_cpu = c1 / median_of(cpu_bare, r->reps) - 1.0;
		double call = median_of(cpu_all, r->reps);
		r->work_ratio = c1 / call;
		/* On a shared machine the scheduler may give the process a fixed share whatever its thread count. */
		r->cores_1t = c1 / (r->validate_ms_1t * 1e3);
		r->cores_all = r->cores_obtained_all.median; /* per repetition, like the efficiency */
	}
	free(dec);
	free(s1);
	free(sall);
	free(cpu_bare);
	free(cpu_1t);
	free(cpu_all);
	free(swarm);
	free(cpu_warm);
	if (rc)
		goto done;
	rc = PQS_OK;
done:
	bench_progress_done();
	for (size_t i = 0; keys && i < NKEYS; i++) {
		if (keys[i].sk)
			pqs_zeroize(keys[i].sk, cls->sk_len);
		free(keys[i].sk);
		free(keys[i].pk);
	}
	for (size_t i = 0; txs && i < BLOCK_TXS; i++)
		free(txs[i]);
	free(keys);
	free(txs);
	free(txlen);
	free(samples);
	free(genesis);
	free(blk);
	free(paper_buf);
	free(digests);
	free(alloc);
	pqs_chain_builder_free(b);
	pqs_chain_state_free(warm);
	pqs_chain_state_free(state);
	pqs_chain_key_cache_free(key_cache);
	return rc;
}

/* Resolve -a names (or the default list); missing defaults are named in *missing. */
static size_t pick_algs(const char **names, size_t nnames, const pqs_sig_class **out, char *missing, size_t mcap)
{
	size_t n = 0;
	missing[0] = 0;
	if (nnames) {
		for (size_t i = 0; i < nnames; i++) {
			if (!(out[n] = cli_find_alg(names[i])))
				return SIZE_MAX;
			n++;
		}
		return n;
	}
	for (size_t i = 0; i < sizeof default_algs / sizeof default_algs[0]; i++) {
		const pqs_sig_class *c = pqs_sig_find(default_algs[i]);
		if (c)
			out[n++] = c;
		else {
			size_t used = strlen(missing);
			snprintf(missing + used, mcap - used, "%s%s", used ? ", " : "", default_algs[i]);
		}
	}
	return n;
}

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

/* The two tables, as Markdown (md != 0) or aligned text. */
static void print_tables(FILE *f, const chain_result *res, size_t n, int md)
{
	if (md) {
		fprintf(f, "| algorithm | pk B | sk B | sig B (mean) | tx B paper | block B paper | paper's block | "
		           "tx B compact (key / ref) | block B compact |\n|---|---|---|---|---|---|---|---|---|\n");
	} else {
		fprintf(f, "%-22s %6s %6s %8s %10s %12s %8s %16s %12s\n", "algorithm", "pk B", "sk B", "sig B", "tx paper",
		        "block paper", "paper MB", "tx cmp key/ref", "block cmp");
	}
	for (size_t i = 0; i < n; i++) {
		const chain_result *r = &res[i];
		const paper_row *p = paper_for(r->cls);
		char pb[32], txc[48];
		snprintf(pb, sizeof pb, "%s%s", p && p->block_mb ? p->block_mb : "-", p && p->block_mb ? " MB" : "");
		snprintf(txc, sizeof txc, "%.0f / %.0f", r->tx_compact_pk, r->tx_compact_ref);
		if (md)
			fprintf(f, "| %s | %zu | %zu | %.1f | %.1f | %zu | %s | %s | %zu |\n", r->cls->name, r->cls->pk_len,
			        r->cls->sk_len, r->sig_mean, r->tx_paper, r->block_paper, pb, txc, r->block_compact);
		else
			fprintf(f, "%-22s %6zu %6zu %8.1f %10.1f %12zu %8s %16s %12zu\n", r->cls->name, r->cls->pk_len,
			        r->cls->sk_len, r->sig_mean, r->tx_paper, r->block_paper, p && p->block_mb ? p->block_mb : "-",
			        txc, r->block_compact);
	}
	fprintf(f, "\n");
	if (md) {
		fprintf(f, "| algorithm | keygen µs | sign µs | verify µs | paper keygen / sign / verify ms | "
		           "1000 bare verifies ms | validate ms, 1 thread | overhead vs bare (wall / CPU) | "
		           "validate ms, %u threads | parallel efficiency, median (range) | paper's validate ms |\n"
		           "|---|---|---|---|---|---|---|---|---|---|---|\n",
		        n ? res[0].threads : 1);
	} else {
		fprintf(f, "%-22s %10s %9s %9s %22s %9s %9s %8s %8s %9s %14s %17s %8s\n", "algorithm", "keygen us",
		        "sign us", "verify us", "paper kg/sign/vrfy ms", "bare ms", "val 1t ms", "ovh wall", "ovh cpu",
		        "val all", "eff (range)", "cores 1->all/allowed", "paper ms");
	}
	for (size_t i = 0; i < n; i++) {
		const chain_result *r = &res[i];
		const paper_row *p = paper_for(r->cls);
		char pt[64];
		snprintf(pt, sizeof pt, "%s / %s / %s", or_dash(p ? p->keygen_ms : NULL), or_dash(p ? p->sign_ms : NULL),
		         or_dash(p ? p->verify_ms : NULL));
		double overhead = r->validate_ms_1t / r->bare_ms - 1.0;
		const bench_spread *e = &r->efficiency, *c = &r->cores_obtained_all;
		if (md)
			fprintf(f, "| %s | %.1f | %.1f | %.1f | %s | %.2f | %.2f | %+.1f %% / %+.1f %% | %.2f | %.0f %% "
			           "(%.0f–%.0f %%; cores obtained %.2f -> %.2f (%.2f–%.2f) of %u allowed; CPU work ratio %.2f) "
			           "| %s |\n",
			        r->cls->name, r->keygen_us, r->sign_us, r->verify_us, pt, r->bare_ms, r->validate_ms_1t,
			        100 * overhead, 100 * r->overhead_cpu, r->validate_ms_all, 100 * e->median, 100 * e->min,
			        100 * e->max, r->cores_1t, c->median, c->min, c->max, r->cpus_allowed, r->work_ratio,
			        or_dash(p ? p->validate_ms : NULL));
		else
			fprintf(f, "%-22s %10.1f %9.1f %9.1f %22s %9.2f %9.2f %+7.1f%% %+7.1f%% %9.2f %3.0f%% (%.0f-%.0f%%) "
			           "%5.2f->%-5.2f/%u %8s\n",
			        r->cls->name, r->keygen_us, r->sign_us, r->verify_us, pt, r->bare_ms, r->validate_ms_1t,
			        100 * overhead, 100 * r->overhead_cpu, r->validate_ms_all, 100 * e->median, 100 * e->min,
			        100 * e->max, r->cores_1t, c->median, r->cpus_allowed, or_dash(p ? p->validate_ms : NULL));
	}
	/* Repeat senders: validation with every sender's prepared key already cached (src/chain/keycache.c). */
	fprintf(f, "\n");
	if (md)
		fprintf(f,
			"| algorithm | cached key B per sender (pk + prepared) | validate ms, 1 thread, plain keys | "
			"with prepared keys | speed-up |\n|---|---|---|---|---|\n");
	else
		fprintf(f, "%-22s %14s %12s %14s %9s\n", "algorithm", "cached key B", "val 1t ms", "val prepared",
			"speed-up");
	for (size_t i = 0; i < n; i++) {
		const chain_result *r = &res[i];
		double speedup = r->validate_ms_1t / r->validate_ms_prepared;
		if (md)
			fprintf(f, "| %s | %zu | %.2f | %.2f | %.2fx |\n", r->cls->name, r->prepared_key_bytes,
				r->validate_ms_1t, r->validate_ms_prepared, speedup);
		else
			fprintf(f, "%-22s %14zu %12.2f %14.2f %8.2fx\n", r->cls->name, r->prepared_key_bytes,
				r->validate_ms_1t, r->validate_ms_prepared, speedup);
	}
}

static void print_json(const chain_result *res, size_t n)
{
	printf("[\n");
	for (size_t i = 0; i < n; i++) {
		const chain_result *r = &res[i];
		const paper_row *p = paper_for(r->cls);
		printf("  {\"alg\":");
		bench_json_string(stdout, r->cls->name);
		printf(",\"pk_bytes\":%zu,\"sk_bytes\":%zu,\"sig_bytes_mean\":%.2f,\"tx_bytes_paper\":%.2f,"
		       "\"block_bytes_paper\":%zu,\"tx_bytes_compact_key\":%.2f,\"tx_bytes_compact_ref\":%.2f,"
		       "\"block_bytes_compact\":%zu,\"keys\":%zu,\"keygen_us\":%.3f,\"sign_us\":%.3f,\"verify_us\":%."
		       "3f,"
		       "\"bare_verify_ms_1000\":%.3f,\"validate_ms_1t\":%.3f,\"validate_ms_all\":%.3f,\"threads\":%u,"
		       "\"validations\":%zu,\"overhead_1t\":%.4f,\"overhead_1t_cpu\":%.4f,\"parallel_efficiency\":%.4f,"
		       "\"parallel_efficiency_spread\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"cpu_work_ratio_all\":%.4f,\"cores_obtained_1t\":%.3f,\"cores_obtained_all\":%.3f,"
		       "\"cores_obtained_all_spread\":{\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,\"rounds\":%zu},"
		       "\"cpus_allowed\":%u,\"validate_ms_1t_prepared\":%.3f,\"prepared_key_bytes\":%zu,"
		       "\"paper_block_mb\":",
		       r->cls->pk_len, r->cls->sk_len, r->sig_mean, r->tx_paper, r->block_paper, r->tx_compact_pk,
		       r->tx_compact_ref, r->block_compact, r->nkeys, r->keygen_us, r->sign_us, r->verify_us,
		       r->bare_ms, r->validate_ms_1t, r->validate_ms_all, r->threads, r->reps,
		       r->validate_ms_1t / r->bare_ms - 1.0, r->overhead_cpu, r->efficiency.median,
		       r->efficiency.median, r->efficiency.min, r->efficiency.max, r->efficiency.rounds, r->work_ratio,
		       r->cores_1t, r->cores_all, r->cores_obtained_all.median, r->cores_obtained_all.min,
		       r->cores_obtained_all.max, r->cores_obtained_all.rounds, r->cpus_allowed,
		       r->validate_ms_prepared, r->prepared_key_bytes);
		printf("%s,\"paper_validate_ms\":%s}%s\n", p && p->block_mb ? p->block_mb : "null",
		       p && p->validate_ms ? p->validate_ms : "null", i + 1 < n ? "," : "");
	}
	printf("]\n");
}

/* Run the workflow for each class; returns CLI_OK or CLI_ERROR (message printed). */
static int collect(const pqs_sig_class **classes, size_t n, int quick, chain_result *res)
{
	pqs_chain_pool *pool = pqs_chain_pool_new(0);
	if (!pool)
		return cli_error("cannot start the verification threads");
	int ret = CLI_OK;
	for (size_t i = 0; i < n; i++) {
		int rc = run_workflow(classes[i], quick, pool, &res[i]);
		if (rc) {
			ret = cli_error("ledger benchmark of %s failed: %s", classes[i]->name, pqs_chain_strerror(rc));
			break;
		}
	}
	pqs_chain_pool_free(pool);
	return ret;
}

int bench_chain_main(int argc, char **argv)
{
	const char *json = NULL, *quick = NULL;
	const char *names[MAX_ALGS];
	size_t nnames = 0;
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--quick", 0, &quick } };
	if (cli_take_repeated(&argc, argv, "-a", "--alg", names, MAX_ALGS, &nnames) ||
	    cli_parse(argc, argv, 1, opts, 2, NULL, 0, NULL))
		return CLI_ERROR;
	const pqs_sig_class *classes[MAX_ALGS];
	char missing[512];
	size_t n = pick_algs(names, nnames, classes, missing, sizeof missing);
	if (n == SIZE_MAX)
		return CLI_ERROR;
	if (missing[0])
		fprintf(json ? stderr : stdout, "not registered yet (skipped): %s\n", missing);
	if (n == 0)
		return cli_error("no algorithm to benchmark");
	chain_result *res = calloc(n, sizeof *res);
	if (!res)
		return cli_error("out of memory");
	int ret = collect(classes, n, quick != NULL, res);
	if (ret == CLI_OK) {
		if (json) {
			print_json(res, n);
		} else {
			printf("seed workflow: %zu keygens, %d-transaction block signed, validated %zu times on 1 and on %u "
			       "threads\n\n", res[0].nkeys, BLOCK_TXS, res[0].reps, res[0].threads);
			print_tables(stdout, res, n, 0);
		}
	}
	free(res);
	return ret;
}

int bench_chain_markdown(FILE *md, int quick)
{
	const pqs_sig_class *classes[MAX_ALGS];
	char missing[512];
	size_t n = pick_algs(NULL, 0, classes, missing, sizeof missing);
	if (n == 0 || n == SIZE_MAX)
		return CLI_ERROR;
	chain_result *res = calloc(n, sizeof *res);
	if (!res)
		return CLI_ERROR;
	int ret = collect(classes, n, quick, res);
	if (ret == CLI_OK) {
		if (missing[0])
			fprintf(md, "Not registered in this build (no figures): %s.\n\n", missing);
		fprintf(md, "Block of %d transactions from %zu keys, validated %zu times per setting (median shown).\n\n",
		        BLOCK_TXS, res[0].nkeys, res[0].reps);
		print_tables(md, res, n, 1);
	}
	free(res);
	return ret;
}
