/*
 * Report section "ledger": the blockchain seed paper's workflow on the
 * ledger prototype (`pqsig bench chain`), with the paper's published
 * figures (../shared/notes/performance-anchors.md) beside ours, and the
 * issue's validation targets.
 */
#include "bench_chain.h"
#include "cli.h"
#include "report.h"

int report_section_ledger(FILE *md, const report_opts *o)
{
	fprintf(md, "## Ledger: the blockchain seed's workflow\n\n");
	fprintf(md, "`pqsig bench chain%s` on the ledger prototype (`src/chain`, LMDB-backed, docs/chain.md): per "
	            "scheme, key generations, a block of 1000 signed transfers, and that block validated with every "
	            "rule (signatures, nonces, balances, Merkle root, parent link, state digest) on one thread and on "
	            "all online CPUs. \"Bare\" is 1000 plain `pqs_sig_verify` calls over the same signatures: the "
	            "issue's targets are a one-thread validation within 15 %% of it and a parallel efficiency "
	            "(1-thread time / (threads x all-thread time)) of at least 85 %%. Efficiency is taken per repetition "
	            "(the three runs of a repetition share one load) and shown as median and range, beside the cores the "
	            "all-thread run obtained (process CPU time / wall time, median and range) and the CPUs "
	            "sched_getaffinity allows this process: on a shared machine a low efficiency with few cores obtained "
	            "is the machine, not the pool. Paper sizes use the seed's "
	            "encoding (tx = 2 pk + sig + 48 B, block = 84 + sum of tx; ML-DSA-44 gives 5,092,084 B); the "
	            "compact encoding names the recipient by a 20-byte address and references a sender key already "
	            "on chain (here every sender was funded in genesis, so none is carried). The paper's figures "
	            "were measured on Windows x86_64 with liboqs, ours on this machine: compare shapes, not "
	            "absolute times.\n\n",
	        o->quick ? " --quick" : "");
	return bench_chain_markdown(md, o->quick);
}
