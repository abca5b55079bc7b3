/*
 * Minimal SVG bar charts for REPORT.md: horizontal bars, one or two series
 * per label, optional log scale (ratios to ECDSA span four decades).
 * Self-contained SVG: no fonts or scripts fetched, viewable anywhere.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "report.h"

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		default: fputc(*s, f);
		}
	}
}

static double scale_value(double v, int log_scale, double lo)
{
	if (!log_scale)
		return v;
	return log10(v > lo ? v : lo);
}

int report_bar_chart(const char *path, const char *title, const char *unit, const char *const *labels,
                     const double *series_a, const char *name_a, const double *series_b, const char *name_b,
                     size_t n, int log_scale)
{
	/* atomic like every CLI output; the report already refused to replace REPORT.md without --force */
	cli_output out;
	if (cli_output_open(&out, path, CLI_WRITE_FORCE))
		return -1;
	FILE *f = out.f;
	const int left = 230, right = 90, bar_h = 12, gap = 8, top = 50;
	const int per_label = (series_b ? 2 : 1) * bar_h + gap;
	const int width = 900, height = top + (int)n * per_label + 40;
	const int plot_w = width - left - right;
	double lo = 1e-4, vmin = INFINITY, vmax = 0;
	for (size_t i = 0; i < n; i++) {
		double vals[2] = { series_a[i], series_b ? series_b[i] : series_a[i] };
		for (int k = 0; k < 2; k++) {
			if (vals[k] > vmax)
				vmax = vals[k];
			if (vals[k] > 0 && vals[k] < vmin)
				vmin = vals[k];
		}
	}
	if (vmax <= 0)
		vmax = 1;
	if (log_scale)
		lo = pow(10, floor(log10(vmin > 0 && isfinite(vmin) ? vmin : 1e-4)));
	double s_lo = log_scale ? log10(lo) : 0, s_hi = scale_value(vmax, log_scale, lo);
	if (log_scale)
		s_hi = ceil(s_hi);
	if (s_hi <= s_lo)
		s_hi = s_lo + 1;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n",
	        width, height);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">");
	xml_text(f, title);
	fprintf(f, "</text>\n<text x=\"10\" y=\"36\" fill=\"#555\">");
	xml_text(f, unit);
	if (log_scale)
		fputs(" (log scale)", f);
	fputs("</text>\n", f);
	/* Grid lines at each decade (log) or at fifths (linear). */
	int ticks = log_scale ? (int)(s_hi - s_lo) : 5;
	for (int t = 0; t <= ticks; t++) {
		double sv = s_lo + (s_hi - s_lo) * t / ticks;
		int x = left + (int)(plot_w * (sv - s_lo) / (s_hi - s_lo));
		double label = log_scale ? pow(10, sv) : sv;
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, top - 5, x, height - 30);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%g</text>\n", x, height - 15, label);
	}
	if (log_scale && lo < 1 && s_hi > 0) {
		int x1 = left + (int)(plot_w * (0 - s_lo) / (s_hi - s_lo));
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#c00\" stroke-dasharray=\"4,3\"/>\n", x1,
		        top - 5, x1, height - 30);
	}
	for (size_t i = 0; i < n; i++) {
		int y = top + (int)i * per_label;
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 6, y + bar_h - 2);
		xml_text(f, labels[i]);
		fputs("</text>\n", f);
		for (int k = 0; k < (series_b ? 2 : 1); k++) {
			double v = k ? series_b[i] : series_a[i];
			double sv = scale_value(v, log_scale, lo);
			int w = v > 0 ? (int)(plot_w * (sv - s_lo) / (s_hi - s_lo)) : 0;
			if (w < 1 && v > 0)
				w = 1;
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", left, y + k * bar_h, w,
			        bar_h - 1, k ? "#e8a33c" : "#3a78b5");
			fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#333\">%.3g</text>\n", left + w + 4, y + k * bar_h + bar_h - 2, v);
		}
	}
	if (series_b) {
		fprintf(f, "<rect x=\"%d\" y=\"28\" width=\"10\" height=\"10\" fill=\"#3a78b5\"/><text x=\"%d\" y=\"37\">", width - 300,
		        width - 286);
		xml_text(f, name_a);
		fprintf(f, "</text><rect x=\"%d\" y=\"28\" width=\"10\" height=\"10\" fill=\"#e8a33c\"/><text x=\"%d\" y=\"37\">",
		        width - 160, width - 146);
		xml_text(f, name_b);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	return cli_output_commit(&out) == CLI_OK ? 0 : -1;
}
