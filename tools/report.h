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

#endif
