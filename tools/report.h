/*
 * `pqsig report`: one Markdown report (REPORT.md) assembled from sections.
 * Each capability contributes one section function; tools/cmd_report.c
 * holds the list.
 */
#ifndef PQSIG_TOOLS_REPORT_H
#define PQSIG_TOOLS_REPORT_H

#include <stdio.h>

typedef struct {
	int quick;             /* the few-minutes mode of `make report` */
	const char *out_dir;   /* where REPORT.md (and any charts) go */
	const char *shared_dir; /* $PQSIG_SHARED_DIR or ../shared, for the seeds' published figures */
} report_opts;

/* A section writes Markdown (starting with a "## " heading) to md; returns 0 or CLI_ERROR. */
typedef int (*report_section_fn)(FILE *md, const report_opts *o);

int report_section_sig(FILE *md, const report_opts *o);
int report_section_v2x_sizes(FILE *md, const report_opts *o);
int report_section_v2x_bench(FILE *md, const report_opts *o);
int report_section_p2pcd(FILE *md, const report_opts *o);
int report_section_ledger(FILE *md, const report_opts *o);
int report_section_scms(FILE *md, const report_opts *o);
int report_section_kcmvp(FILE *md, const report_opts *o);
int report_section_falcon(FILE *md, const report_opts *o);
int report_section_wg1609(FILE *md, const report_opts *o);
int report_section_sim(FILE *md, const report_opts *o);

/* Path of pqsig-v2x-sim (PQSIG_V2X_SIM, else beside this executable); 0 if it is there, else -1. */
int report_sim_program(char *buf, size_t cap);
/* `pqsig v2x sim sweep ...` (argv[1] is "sweep"): the report's sweeps as parallel processes, to a result file. */
int report_sim_sweep(int argc, char **argv);

/* One series of a bar chart: a value per label and, optionally, its range (drawn as an error bar). */
typedef struct {
	const char *name;
	const double *value;
	const double *lo, *hi; /* NULL: no error bars */
} report_series;

/*
 * Write an SVG horizontal bar chart to path: per label, one bar from each
 * of the nseries (1 or 2) series (e.g. verify and sign, ours and
 * published), with an error bar where the series has a range.  log_scale
 * for values spanning decades.  Returns 0 or -1.  Link it from the
 * Markdown as ![title](file.svg).
 */
int report_bar_chart(const char *path, const char *title, const char *unit, const char *const *labels,
                     const report_series *series, size_t nseries, size_t n, int log_scale);

/*
 * v as people read it: thousands separated by commas ("2,343"), no
 * exponent, three significant digits below 100 ("45.6", "0.0812").
 */
void report_format_number(char *buf, size_t cap, double v);

#endif
