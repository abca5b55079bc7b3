/* `pqsig bench KIND ...`: dispatch to the benchmark programs. */
#include <string.h>

#include "bench.h"
#include "bench_chain.h"
#include "bench_v2x.h"
#include "cli.h"

int bench_sig_main(int argc, char **argv);
int bench_falcon_main(int argc, char **argv);
int bench_keccak_main(int argc, char **argv);

typedef struct {
	const char *name;
	int (*run)(int argc, char **argv);
} bench_kind;

/* Benchmarks are listed here. */
static const bench_kind kinds[] = {
	{ "sig", bench_sig_main },       { "chain", bench_chain_main },   { "v2x", bench_v2x_main },
	{ "falcon", bench_falcon_main }, { "keccak", bench_keccak_main },
};

int cmd_bench(int argc, char **argv)
{
	if (argc < 2)
		return cli_error("bench needs a kind: sig, v2x, chain, falcon or keccak");
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(argv[1], kinds[i].name) == 0)
			return kinds[i].run(argc - 1, argv + 1);
	return cli_error("unknown benchmark '%s'", argv[1]);
}
