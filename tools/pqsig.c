/*
 * pqsig: the command-line front end.  Each subcommand lives in its own
 * tools/cmd_ file (or the bench folder); this table is the only list of them,
 * and help_pages below is the only place their --help texts live.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "pqsig/version.h"

typedef struct {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
	const char *summary;
} command;

/* Subcommands are listed here. */
static const command commands[] = {
	{ "list", cmd_list, "algorithms with key and signature sizes" },
	{ "keygen", cmd_keygen, "make a key pair" },
	{ "sign", cmd_sign, "sign a message" },
	{ "verify", cmd_verify, "verify a signature (exit 0 valid, 1 invalid, 2 error)" },
	{ "bench", cmd_bench, "benchmarks: sig, v2x, chain (ratios to OpenSSL ECDSA P-256)" },
	{ "report", cmd_report, "write the benchmark report" },
	{ "v2x", cmd_v2x, "IEEE 1609.2 SPDUs: pki init, sign, verify, sizes, pcap, profiles, sim" },
	{ "chain", cmd_chain, "ledger: init, keygen, transfer, mine, validate, show" },
	{ "scms", cmd_scms, "SCMS certificate issuance (IEEE 1609.2.1): issue" },
};

/*
 * The --help page of every command and subcommand: its path (the words after
 * "pqsig"), its options and one example.  main() answers "-h"/"--help"
 * anywhere on the command line with the page of the longest matching path,
 * before the command parses anything, so no command needs its own help code.
 * tests/core/test_cli_help.sh lists these paths and must change with them.
 */
typedef struct {
	const char *path;
	const char *text;
} help_page;

/* Kept as written: clang-format would reflow every page to add one. */
/* clang-format off */
static const help_page help_pages[] = {
	{ "list", "usage: pqsig list [--json]\n"
		  "  --json   one JSON array instead of the table\n"
		  "example: pqsig list --json\n" },
	{ "keygen", "usage: pqsig keygen -a ALG -s SK -p PK [--seed HEX] [--force]\n"
		    "  -a, --alg ALG   algorithm (see pqsig list)\n"
		    "  -s, --sk SK     secret key file, created 0600 (never '-')\n"
		    "  -p, --pk PK     public key file ('-' for stdout)\n"
		    "  --seed HEX      deterministic key from a seed\n"
		    "  --force         replace existing files\n"
		    "example: pqsig keygen -a ML-DSA-65 -s alice.sk -p alice.pk\n" },
	{ "sign",
	  "usage: pqsig sign -a ALG -s SK -i MSG -o SIG [--ctx HEX] [--deterministic] [--force] [--max-input N]\n"
	  "  -a, --alg ALG     algorithm (see pqsig list)\n"
	  "  -s, --sk SK       secret key file (a regular file, never '-')\n"
	  "  -i, --in MSG      message ('-' for stdin)\n"
	  "  -o, --out SIG     signature ('-' for stdout)\n"
	  "  --ctx HEX         context string (FIPS 204 / FIPS 205 ctx)\n"
	  "  --deterministic   deterministic signing where the scheme has it\n"
	  "  --force           replace an existing SIG\n"
	  "  --max-input N     largest message in bytes (default 64 MiB)\n"
	  "example: pqsig sign -a ML-DSA-65 -s alice.sk -i - -o hello.sig < hello.txt\n" },
	{ "verify", "usage: pqsig verify -a ALG -p PK -i MSG -S SIG [--ctx HEX] [--max-input N]\n"
		    "  -a, --alg ALG   algorithm (see pqsig list)\n"
		    "  -p, --pk PK     public key ('-' for stdin)\n"
		    "  -i, --in MSG    message ('-' for stdin)\n"
		    "  -S, --sig SIG   signature ('-' for stdin); at most one input is '-'\n"
		    "  --ctx HEX       context string given when signing\n"
		    "  --max-input N   largest message in bytes (default 64 MiB)\n"
		    "exit 0 valid, 1 invalid (including a malformed signature), 2 error\n"
		    "example: pqsig verify -a ML-DSA-65 -p alice.pk -i hello.txt -S - < hello.sig\n" },
	{ "bench", "usage: pqsig bench sig|v2x|chain|falcon|keccak [options]\n"
		   "  sig     signature schemes      (pqsig bench sig --help)\n"
		   "  v2x     V2X SPDU profiles      (pqsig bench v2x --help)\n"
		   "  chain   ledger blocks          (pqsig bench chain --help)\n"
		   "  falcon  Falcon variants        (pqsig bench falcon --help)\n"
		   "  keccak  Keccak-f[1600] paths   (pqsig bench keccak --help)\n"
		   "example: pqsig bench sig --quick\n" },
	{ "bench sig", "usage: pqsig bench sig [-a ALG]... [--seconds N] [--rounds N] [--quick] [--json]\n"
		       "                       [--pairs FILE [--force]]\n"
		       "  -a, --alg ALG   benchmark this algorithm (repeatable; default all)\n"
		       "  --seconds N     seconds per measurement\n"
		       "  --rounds N      rounds per measurement, 1-32 (default 5); the ratio is their median\n"
		       "  --quick         short run\n"
		       "  --json          JSON output\n"
		       "  --pairs FILE    also write every yardstick/operation slice pair as CSV\n"
		       "  --force         replace FILE if it exists\n"
		       "example: pqsig bench sig -a ML-DSA-44 -a ECDSA-P256 --quick\n" },
	{ "bench v2x", "usage: pqsig bench v2x [--profiles P[,P...]] [--quick] [--json]\n"
		       "  --profiles LIST   V2X profiles (see pqsig v2x profiles; default all)\n"
		       "  --quick           short run\n"
		       "  --json            JSON output\n"
		       "example: pqsig bench v2x --quick --json\n" },
	{ "bench chain", "usage: pqsig bench chain [-a ALG]... [--quick] [--json]\n"
			 "  -a, --alg ALG   benchmark this algorithm (repeatable; default all)\n"
			 "  --quick         short run\n"
			 "  --json          JSON output\n"
			 "example: pqsig bench chain -a ML-DSA-44 --quick\n" },
	{ "bench falcon", "usage: pqsig bench falcon [--keys K] [--signatures N] [--callgrind] [--json]\n"
			  "  --keys K          keys per keygen Reduce variant, the same seeds (default 200)\n"
			  "  --signatures N    signatures per ffSampling variant (default 2000)\n"
			  "  --callgrind       also exact instruction counts under valgrind (3 keys, 20 signatures)\n"
			  "  --json            JSON output\n"
			  "example: pqsig bench falcon --keys 200 --json\n" },
	{ "bench keccak", "usage: pqsig bench keccak [--rounds R] [--json]\n"
			  "  --rounds R   rounds, each timing every permutation path once (default 15, at most 32)\n"
			  "  --json       JSON output\n"
			  "example: pqsig bench keccak --rounds 15\n" },
	{ "report", "usage: pqsig report --out DIR [--quick|--full] [--only PART] [--force]\n"
		    "  -o, --out DIR   directory for the report\n"
		    "  --quick         short benchmark runs\n"
		    "  --full          full benchmark runs\n"
		    "  --only PART     one section: signatures, v2x, v2x-bench, p2pcd, ledger, scms, kcmvp,\n"
		    "                  falcon, wg1609 or sim\n"
		    "  --force         replace existing files\n"
		    "the seeds' and peers' figures are read from $PQSIG_SHARED_DIR (default ../shared)\n"
		    "example: pqsig report --out report --quick\n" },
	{ "v2x", "usage: pqsig v2x pki|sign|verify|receive|sizes|pcap|profiles|sim ...\n"
		 "  pki init   make a test PKI (root, CA, signer certificates)\n"
		 "  sign       sign a payload into an IEEE 1609.2 SPDU\n"
		 "  verify     verify an SPDU (exit 0 valid, 1 invalid, 2 error)\n"
		 "  receive    verify every SPDU of a WSMP capture, learning P2PCD certificates\n"
		 "  sizes      SPDU sizes per profile\n"
		 "  pcap       write SPDUs in WSMP frames to a pcap file\n"
		 "  profiles   the standard profiles and whether they are available\n"
		 "  sim        ns-3 802.11p simulation carrying real SPDUs (pqsig-v2x-sim)\n"
		 "example: pqsig v2x pki init --profile ECDSA --dir pki\n" },
	{ "v2x pki", "usage: pqsig v2x pki init --profile P --dir D [--intermediate] [--start UNIX] [--force]\n"
		     "  --profile P      V2X profile (see pqsig v2x profiles)\n"
		     "  --dir D          directory for the certificates and keys\n"
		     "  --intermediate   add an intermediate CA\n"
		     "  --start UNIX     validity start, seconds since 1970 (default an hour ago)\n"
		     "  --force          replace existing files\n"
		     "example: pqsig v2x pki init --profile ECDSA --dir pki\n" },
	{ "v2x sign", "usage: pqsig v2x sign --dir D -o SPDU [--payload FILE|--payload-size N] [--signer S] "
		      "[--policy P] [--seq N] [--psid N] [--time US] [--force]\n"
		      "  --dir D            PKI directory (pqsig v2x pki init)\n"
		      "  -o, --out SPDU     the SPDU ('-' for stdout)\n"
		      "  --payload FILE     payload ('-' for stdin)\n"
		      "  --payload-size N   a zero payload of N bytes instead\n"
		      "  --signer S         signer identifier: cert (default), digest, or auto (the policy's choice)\n"
		      "  --policy P         certificate-inclusion policy: j2945 (default), cert, digest, rsu\n"
		      "  --seq N            with auto: the vehicle's BSM number N at 10 Hz (default 0)\n"
		      "  --psid N           provider service identifier\n"
		      "  --time US          generation time, microseconds since 1970\n"
		      "  --force            replace an existing SPDU\n"
		      "example: pqsig v2x sign --dir pki --payload-size 100 -o msg.spdu\n" },
	{ "v2x verify", "usage: pqsig v2x verify --dir D [--now US] [--window S] [--psid N] SPDU\n"
			"  --dir D       PKI directory, or trust anchors only (root.cert, ica.cert): a digest\n"
			"                signer then is unknown (exit 1, with the P2PCD request's HashedId3)\n"
			"  --now US      verification time, microseconds since 1970\n"
			"  --window S    accepted age of the SPDU in seconds\n"
			"  --psid N      expected provider service identifier\n"
			"  SPDU          the SPDU file ('-' for stdin)\n"
			"exit 0 valid, 1 invalid, 2 error\n"
			"example: pqsig v2x verify --dir pki - < msg.spdu\n" },
	{ "v2x sizes", "usage: pqsig v2x sizes [--json]\n"
		       "  --json   JSON output\n"
		       "example: pqsig v2x sizes --json\n" },
	{ "v2x receive", "usage: pqsig v2x receive --pcap FILE --dir D [--json]\n"
			 "  --pcap FILE   WSMP capture (pqsig v2x pcap, Ethernet or 802.11)\n"
			 "  --dir D       trust anchors (root.cert, ica.cert) and known certificates\n"
			 "  --json        JSON output\n"
			 "  reassembles fragments, learns certificates from P2PCD answers in the capture,\n"
			 "  answers nothing; one verdict per SPDU (exit 0 all valid, 1 otherwise, 2 error)\n"
			 "example: pqsig v2x receive --pcap p2pcd.pcap --dir anchors\n" },
	{ "v2x pcap", "usage: pqsig v2x pcap --dir D -o PCAP [--link L] [--count N] [--payload-size N] [--limit N] "
		      "[--force] [--scenario [--policy P] [--flavour F] [--rsu] [--seconds N]]\n"
		      "  --dir D            PKI directory (pqsig v2x pki init)\n"
		      "  -o, --out PCAP     capture file ('-' for stdout)\n"
		      "  --link L           link layer: ethernet (default) or 80211\n"
		      "  --count N          number of SPDUs (1..1000)\n"
		      "  --payload-size N   payload bytes per SPDU\n"
		      "  --limit N          WSM data limit in bytes (larger SPDUs are fragmented)\n"
		      "  --force            replace an existing PCAP\n"
		      "  --scenario         vehicle A (D's), a newcomer and optionally an RSU, with P2PCD traffic\n"
		      "  --policy P         scenario policy: j2945, cert, digest (default), rsu\n"
		      "  --flavour F        P2PCD flavour: inline (default) or separate (Peer2Peer PDUs)\n"
		      "  --rsu              add an RSU; A cannot hear the newcomer\n"
		      "  --seconds N        scenario length (default 3)\n"
		      "example: pqsig v2x pcap --dir pki -o spdus.pcap --count 10\n" },
	{ "v2x sim", "usage: pqsig v2x sim [--profile P] [--policy cert|digest|j2945|p2pcd] [--vehicles N] "
	             "[--duration S] [--seed N] [-o FILE] ...\n"
	             "  runs pqsig-v2x-sim: N vehicles send real 1609.2 BSMs at 10 Hz over ns-3 802.11p\n"
	             "  (6 Mb/s, one 10 MHz channel) and it prints PDR by distance, channel busy ratio,\n"
	             "  awareness, latency, certificate learning and fragment losses as JSON (docs/sim.md)\n"
	             "  --profile P            VEHICLE/CA profile (pqsig v2x profiles), default ECDSA\n"
	             "  --policy P             certificate inclusion: cert, digest (known beforehand),\n"
	             "                         j2945 (once per second), p2pcd (digest, learnt over the air)\n"
	             "  --p2pcd-flavour F      p2pcd: inline (default; requests and answers in the BSMs) or\n"
	             "                         separate (p2pcdLearningRequest, answers as Peer2Peer PDUs)\n"
	             "  --vehicles N           vehicles (default 20); --duration S simulated seconds (10)\n"
	             "  --warmup S             seconds before metrics count (1)\n"
	             "  --scenario highway|urban  --road-length M (1000)  --seed N (1)\n"
	             "  --ns2-mobility FILE [--ns2-activity FILE]  SUMO trace (sim/sumo/make-trace.sh)\n"
	             "  --rsu-spacing M --rsu-rate HZ  roadside units every M metres, their SPDUs per second\n"
	             "  --newcomer S           the last vehicle starts sending S seconds late\n"
	             "  --real-verifiers K     receivers that verify every SPDU for real (1)\n"
	             "  --payload-size B --limit B --jitter-ms J --tx-power DBM --no-fading\n"
	             "  --sign-us X --verify-cold-us X --verify-warm-us X  CPU times (default: measured)\n"
	             "  --senders K --cbr-nodes K --trace FILE --tx-log FILE --drop R:S:SEQ:I --no-wall\n"
	             "  -o FILE                JSON output (default stdout)\n"
	             "  pqsig v2x sim sweep ... runs the report's sweeps (pqsig v2x sim sweep --help)\n"
	             "exit 0 done, 1 a real verification disagreed with the model, 2 error\n"
	             "example: pqsig v2x sim --profile ECDSA/FN-DSA-512 --vehicles 100 --duration 10\n" },
	{ "v2x sim sweep", "usage: pqsig v2x sim sweep [--quick|--full] [--jobs N] [-o FILE] [--force|--resume]\n"
			   "  runs the report's sweep (profile x policy x density) as independent pqsig-v2x-sim\n"
			   "  processes and writes every run's JSON, with date, machine, wall and CPU time, to FILE,\n"
			   "  rewritten after each run; `pqsig report --full` shows the full sweep's file\n"
			   "  --quick | --full  the report's quick sweep, or the full one (default)\n"
			   "  -j, --jobs N      runs at once (default: the number of cores)\n"
			   "  -o, --out FILE    default sim/results/full-sweep.json (--full), sim-quick-sweep.json\n"
			   "  --force           replace an existing FILE\n"
			   "  --resume          keep FILE's finished runs (same sweep, same simulator) and run\n"
			   "                    only the missing ones; a FILE from another simulator is refused\n"
			   "example: pqsig v2x sim sweep --full --jobs 2 --resume\n" },
	{ "v2x profiles", "usage: pqsig v2x profiles\n"
			  "  prints each standard profile and whether it is available\n"
			  "example: pqsig v2x profiles\n" },
	{ "chain", "usage: pqsig chain init|keygen|transfer|mine|validate|show --dir D ...\n"
		   "  init       create a ledger\n"
		   "  keygen     make a named account key\n"
		   "  transfer   queue a signed transfer\n"
		   "  mine       mine a block from the queued transfers\n"
		   "  validate   validate every block (exit 0 valid, 1 invalid, 2 error)\n"
		   "  show       print a block\n"
		   "example: pqsig chain init --dir ledger -a ML-DSA-44\n" },
	{ "chain init", "usage: pqsig chain init --dir D [-a ALG] [--chain-id N] [--supply N]\n"
			"  --dir D          ledger directory\n"
			"  -a, --alg ALG    signature algorithm of the genesis account (default ECDSA-secp256k1)\n"
			"  --chain-id N     chain identifier (32 bits)\n"
			"  --supply N       coins of the genesis account\n"
			"example: pqsig chain init --dir ledger -a ML-DSA-44\n" },
	{ "chain keygen", "usage: pqsig chain keygen --dir D --name NAME [-a ALG]\n"
			  "  --dir D         ledger directory\n"
			  "  --name NAME     account name\n"
			  "  -a, --alg ALG   algorithm (default ECDSA-secp256k1)\n"
			  "example: pqsig chain keygen --dir ledger --name alice\n" },
	{ "chain transfer", "usage: pqsig chain transfer --dir D --from NAME --to NAME --amount N\n"
			    "  --dir D         ledger directory\n"
			    "  --from NAME     paying account\n"
			    "  --to NAME       receiving account\n"
			    "  --amount N      coins\n"
			    "example: pqsig chain transfer --dir ledger --from genesis --to alice --amount 10\n" },
	{ "chain mine", "usage: pqsig chain mine --dir D [--threads N]\n"
			"  --dir D         ledger directory\n"
			"  --threads N     verification threads (1..256)\n"
			"example: pqsig chain mine --dir ledger --threads 2\n" },
	{ "chain validate", "usage: pqsig chain validate --dir D [--threads N]\n"
			    "  --dir D         ledger directory\n"
			    "  --threads N     verification threads (1..256)\n"
			    "exit 0 valid, 1 invalid, 2 error\n"
			    "example: pqsig chain validate --dir ledger\n" },
	{ "chain show", "usage: pqsig chain show --dir D [--height N]\n"
			"  --dir D        ledger directory\n"
			"  --height N     block height (default the tip)\n"
			"example: pqsig chain show --dir ledger --height 1\n" },
	{ "scms", "usage: pqsig scms issue [options]\n"
		  "  issue   issue pseudonym certificates (pqsig scms issue --help)\n"
		  "example: pqsig scms issue --certs 20\n" },
	{ "scms issue", "usage: pqsig scms issue [-n N] [-p P[,P...]|all|seed] [--vehicles V] [--workers W] [--json]\n"
			"  -n, --certs N       certificates per vehicle\n"
			"  -p, --profile LIST  V2X profiles, 'all' or 'seed'\n"
			"  --vehicles V        vehicles (1..64)\n"
			"  --workers W         ACA threads (default: one per online core)\n"
			"  --json              JSON output\n"
			"example: pqsig scms issue --certs 20 --profile all --json\n" },
};
/* clang-format on */

static int is_help_flag(const char *a)
{
	return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: pqsig COMMAND [options]   (pqsig COMMAND --help for its options)\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "  --version  print the version\n"
	           "'-' as a file name is stdin (messages, signatures, public keys, SPDUs) or stdout (outputs);\n"
	           "secret keys are never read from stdin nor written to stdout.\n"
	           "example: pqsig keygen -a ML-DSA-65 -s alice.sk -p alice.pk\n");
}

/* Does help path p name exactly the words argv[0..n)? */
static int path_is(const char *p, char **argv, int n)
{
	for (int i = 0; i < n; i++) {
		size_t len = strlen(argv[i]);
		if (strncmp(p, argv[i], len) != 0)
			return 0;
		p += len;
		if (i + 1 < n && *p++ != ' ')
			return 0;
	}
	return *p == '\0';
}

/* The help page for the longest command path at the front of argv (argv[0] is the command). */
static const help_page *find_help(int argc, char **argv)
{
	const help_page *found = NULL;
	for (int words = 1; words <= argc && !is_help_flag(argv[words - 1]); words++)
		for (size_t i = 0; i < sizeof help_pages / sizeof help_pages[0]; i++)
			if (path_is(help_pages[i].path, argv, words))
				found = &help_pages[i];
	return found;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_error("missing command (try 'pqsig --help')");
	if (is_help_flag(argv[1]) || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return CLI_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("pqsig %s\n", PQSIG_VERSION_STRING);
		return CLI_OK;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		for (int a = 2; a < argc; a++) {
			if (is_help_flag(argv[a])) {
				const help_page *h = find_help(argc - 1, argv + 1);
				fputs(h ? h->text : "", stdout);
				return CLI_OK;
			}
		}
		return commands[i].run(argc - 1, argv + 1);
	}
	return cli_error("unknown command '%s' (try 'pqsig --help')", argv[1]);
}
