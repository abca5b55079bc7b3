/* `pqsig bench chain` (bench/bench_chain.c): the ledger benchmark, as a command and for the report. */
#ifndef PQSIG_BENCH_CHAIN_H
#define PQSIG_BENCH_CHAIN_H

#include <stdio.h>

/* `pqsig bench chain [-a ALG ...] [--json] [--quick]`. */
int bench_chain_main(int argc, char **argv);

/* The same measurements of the default algorithms as Markdown tables, for `pqsig report`. */
int bench_chain_markdown(FILE *md, int quick);

#endif
