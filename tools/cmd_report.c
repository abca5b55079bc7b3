/*
 * `pqsig report --out DIR [--quick|--full] [--force]`: runs every section's
 * measurements on this machine and writes DIR/REPORT.md (atomically: a run
 * that fails leaves the previous report; --force replaces an existing one).
 * The source documents' and peers' figures come from $PQSIG_SHARED_DIR,
 * ../shared when it is not set.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench.h"
#include "cli.h"
#include "report.h"

typedef struct {
	const char *name;
	report_section_fn fn;
} report_section;

/* Report sections are listed here, in report order (one per line: clang-format would bin-pack them). */
/* clang-format off */
static const report_section sections[] = {
	{ "signatures", report_section_sig },
	{ "v2x", report_section_v2x_sizes },
	{ "v2x-bench", report_section_v2x_bench },
	{ "p2pcd", report_section_p2pcd },
	{ "ledger", report_section_ledger },
	{ "scms", report_section_scms },
	{ "kcmvp", report_section_kcmvp },
	{ "falcon", report_section_falcon },
	{ "wg1609", report_section_wg1609 },
	{ "sim", report_section_sim },
};
/* clang-format on */

int cmd_report(int argc, char **argv)
{
	const char *out = NULL, *quick = NULL, *full = NULL, *only = NULL, *force = NULL;
	cli_opt opts[] = {
		{ "-o", "--out", 1, &out }, { NULL, "--quick", 0, &quick }, { NULL, "--full", 0, &full },
		{ NULL, "--only", 1, &only }, { NULL, "--force", 0, &force },
	};
	if (cli_parse(argc, argv, 1, opts, 5, NULL, 0, NULL))
		return CLI_ERROR;
	if (!out)
		return cli_error("report needs --out DIR");
	if (mkdir(out, 0755) != 0 && errno != EEXIST)
		return cli_error("cannot create %s: %s", out, strerror(errno));
	char path[4096];
	if (snprintf(path, sizeof path, "%s/REPORT.md", out) >= (int)sizeof path)
		return cli_error("--out path too long (%zu bytes)", strlen(out));
	cli_output md_out;
	if (cli_output_open(&md_out, path, force ? CLI_WRITE_FORCE : 0))
		return CLI_ERROR;
	FILE *md = md_out.f;
	/* the seeds' and peers' figures: where the tests also look (testutil.c), else beside the checkout */
	const char *shared = getenv("PQSIG_SHARED_DIR");
	report_opts ro = { .quick = !full, .out_dir = out, .shared_dir = shared && *shared ? shared : "../shared" };
	char machine[512], date[64];
	time_t now = time(NULL);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	bench_machine_info(machine, sizeof machine);
	fprintf(md, "# pqsig report\n\nGenerated %s on %s, %s mode.\n\n", date, machine, ro.quick ? "quick" : "full");
	int rc = CLI_OK;
	for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
		if (only && strcmp(only, sections[i].name) != 0)
			continue;
		fprintf(stderr, "report: %s...\n", sections[i].name);
		if (sections[i].fn(md, &ro) != CLI_OK) {
			rc = cli_error("report section '%s' failed", sections[i].name);
			break;
		}
		fprintf(md, "\n");
		fflush(md);
	}
	if (rc == CLI_OK)
		rc = cli_output_commit(&md_out);
	cli_output_abort(&md_out);
	if (rc == CLI_OK)
		fprintf(stderr, "report: wrote %s\n", path);
	return rc;
}
