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
	const char *shared_dir; /* ../shared, for the seeds' published figures */
} report_opts;

/* A section writes Markdown (starting with a "## " heading) to md; returns 0 or CLI_ERROR. */
typedef int (*report_section_fn)(FILE *md, const report_opts *o);

int report_section_sig(FILE *md, const report_opts *o);
int report_section_v2x_sizes(FILE *md, const report_opts *o);
int report_section_v2x_bench(FILE *md, const report_opts *o);
int report_section_ledger(FILE *md, const report_opts *o);
int report_section_scms(FILE *md, const report_opts *o);
int report_section_kcmvp(FILE *md, const report_opts *o);

/*
 * Write an SVG horizontal bar chart to path: one bar per label from
 * series_a, and a second bar from series_b when it is not NULL (e.g. ours
 * vs. published).  log_scale for values spanning decades.  Returns 0 or -1.
 * Link it from the Markdown as ![title](file.svg).
 */
int report_bar_chart(const char *path, const char *title, const char *unit, const char *const *labels,
                     const double *series_a, const char *name_a, const double *series_b, const char *name_b,
                     size_t n, int log_scale);

#endif
