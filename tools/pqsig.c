/*
 * pqsig: the command-line front end.  Each subcommand lives in its own
 * tools/cmd_ file (or the bench folder); this table is the only list of them.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
	const char *usage;
} command;

/* Subcommands are listed here. */
static const command commands[] = {
	{ "list", cmd_list, "list                                  algorithms with key and signature sizes" },
	{ "keygen", cmd_keygen, "keygen -a ALG [--seed HEX] -s SK -p PK [--force]" },
	{ "sign", cmd_sign, "sign -a ALG -s SK -i MSG -o SIG [--ctx HEX] [--deterministic] [--force] [--max-input N]" },
	{ "verify", cmd_verify, "verify -a ALG -p PK -i MSG -S SIG [--ctx HEX] [--max-input N]   exit 0 valid, 1 invalid, 2 error" },
	{ "bench", cmd_bench, "bench sig|v2x|chain [options] [--json] [--quick]   benchmarks (ratios to OpenSSL ECDSA P-256)" },
	{ "report", cmd_report, "report --out DIR [--quick|--full] [--force]" },
	{ "v2x", cmd_v2x, "v2x pki init|sign|verify|sizes|pcap ...   IEEE 1609.2 SPDUs (exit 0 valid, 1 invalid, 2 error)" },
	{ "chain", cmd_chain, "chain init|keygen|transfer|mine|validate|show --dir D ...   ledger (validate: exit 0 valid, 1 invalid)" },
	{ "scms", cmd_scms, "scms issue [--certs N] [--profile P[,P...]|all|seed] [--vehicles V] [--json]   SCMS issuance (IEEE 1609.2.1)" },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: pqsig COMMAND [options]\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  pqsig %s\n", commands[i].usage);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_error("missing command (try 'pqsig --help')");
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return CLI_OK;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	return cli_error("unknown command '%s' (try 'pqsig --help')", argv[1]);
}
