/*
 * Minimal SVG bar charts for REPORT.md: horizontal bars, one or two series
 * per label, optional log scale (ratios to ECDSA span four decades),
 * optional error bars (the range of a figure over measurement rounds).
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

void report_format_number(char *buf, size_t cap, double v)
{
	if (!isfinite(v)) {
		snprintf(buf, cap, "%s", isnan(v) ? "-" : v > 0 ? "∞" : "-∞");
		return;
	}
	double mag = fabs(v);
	if (mag >= 99.5) {
		/* whole number, commas every three digits */
		char digits[32];
		snprintf(digits, sizeof digits, "%.0f", mag);
		size_t len = strlen(digits), o = 0;
		if (v < 0 && o + 1 < cap)
			buf[o++] = '-';
		for (size_t i = 0; i < len && o + 1 < cap; i++) {
			if (i > 0 && (len - i) % 3 == 0 && o + 2 < cap)
				buf[o++] = ',';
			buf[o++] = digits[i];
		}
		buf[o] = 0;
		return;
	}
	/* three significant digits, trailing zeros dropped */
	int decimals = mag > 0 ? 2 - (int)floor(log10(mag)) : 0;
	if (decimals < 0)
		decimals = 0;
	snprintf(buf, cap, "%.*f", decimals, v);
	if (strchr(buf, '.')) {
		char *end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = 0;
		if (*end == '.')
			*end = 0;
	}
}

static double scale_value(double v, int log_scale, double lo)
{
	if (!log_scale)
		return v;
	return log10(v > lo ? v : lo);
}

static const char *const series_colour[2] = { "#3a78b5", "#e8a33c" };

int report_bar_chart(const char *path, const char *title, const char *unit, const char *const *labels,
                     const report_series *series, size_t nseries, size_t n, int log_scale)
{
	if (nseries < 1 || nseries > 2)
		return -1;
	/* atomic like every CLI output; the report already refused to replace REPORT.md without --force */
	cli_output out;
	if (cli_output_open(&out, path, CLI_WRITE_FORCE))
		return -1;
	FILE *f = out.f;
	const int left = 230, right = 110, bar_h = 12, gap = 8, top = 50;
	const int per_label = (int)nseries * bar_h + gap;
	const int width = 900, height = top + (int)n * per_label + 40;
	const int plot_w = width - left - right;
	double lo = 1e-4, vmin = INFINITY, vmax = 0;
	for (size_t k = 0; k < nseries; k++)
		for (size_t i = 0; i < n; i++) {
			const report_series *sr = &series[k];
			double vals[3] = { sr->value[i], sr->lo ? sr->lo[i] : sr->value[i], sr->hi ? sr->hi[i] : sr->value[i] };
			for (int j = 0; j < 3; j++) {
				if (vals[j] > vmax)
					vmax = vals[j];
				if (vals[j] > 0 && vals[j] < vmin)
					vmin = vals[j];
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
	if (series[0].lo || (nseries > 1 && series[1].lo))
		fputs("; error bars: range over rounds", f);
	fputs("</text>\n", f);
	/* Grid lines at each decade (log) or at fifths (linear). */
	int ticks = log_scale ? (int)(s_hi - s_lo) : 5;
	char num[48];
	for (int t = 0; t <= ticks; t++) {
		double sv = s_lo + (s_hi - s_lo) * t / ticks;
		int x = left + (int)(plot_w * (sv - s_lo) / (s_hi - s_lo));
		report_format_number(num, sizeof num, log_scale ? pow(10, sv) : sv);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, top - 5, x, height - 30);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>\n", x, height - 15, num);
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
		for (size_t k = 0; k < nseries; k++) {
			const report_series *sr = &series[k];
			double v = sr->value[i];
			int w = v > 0 ? (int)(plot_w * (scale_value(v, log_scale, lo) - s_lo) / (s_hi - s_lo)) : 0;
			if (w < 1 && v > 0)
				w = 1;
			int yk = y + (int)k * bar_h, text_x = left + w + 4;
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", left, yk, w, bar_h - 1,
			        series_colour[k]);
			if (sr->lo && sr->hi && sr->lo[i] > 0 && sr->hi[i] > 0) {
				/* the range as a whisker with end caps across the bar's middle */
				int x_lo = left + (int)(plot_w * (scale_value(sr->lo[i], log_scale, lo) - s_lo) / (s_hi - s_lo));
				int x_hi = left + (int)(plot_w * (scale_value(sr->hi[i], log_scale, lo) - s_lo) / (s_hi - s_lo));
				int ym = yk + (bar_h - 1) / 2;
				fprintf(f, "<path d=\"M%d %dH%d M%d %dV%d M%d %dV%d\" stroke=\"#222\" fill=\"none\"/>\n", x_lo, ym,
				        x_hi, x_lo, yk + 2, yk + bar_h - 3, x_hi, yk + 2, yk + bar_h - 3);
				if (x_hi + 4 > text_x)
					text_x = x_hi + 4;
			}
			report_format_number(num, sizeof num, v);
			fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#333\">%s</text>\n", text_x, yk + bar_h - 2, num);
		}
	}
	if (nseries > 1) {
		for (size_t k = 0; k < nseries; k++) {
			int x = width - 300 + 140 * (int)k;
			fprintf(f, "<rect x=\"%d\" y=\"28\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"37\">", x,
			        series_colour[k], x + 14);
			xml_text(f, series[k].name);
			fputs("</text>\n", f);
		}
	}
	fputs("</svg>\n", f);
	return cli_output_commit(&out) == CLI_OK ? 0 : -1;
}
