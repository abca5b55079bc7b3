#!/bin/sh
# How the ratios of one `pqsig bench sig` run moved over the run, from the
# slice pairs it wrote with --pairs FILE (issue 16, item 1): for every
# (algorithm, operation), each round's ratio over all of that round's pairs
# (calls over CPU time converted at the yardstick slice's own rate, as the
# benchmark does), the round's start, and the yardstick's and the
# operation's rates in it; then per operation the range of the round ratios
# and how they follow the yardstick's speed (Pearson correlation of the
# round ratio with the yardstick's round rate).  A ratio that changes with
# the machine's state, and not noise within a state, shows as a wide range
# with each round itself steady and a strong negative correlation: the
# yardstick slowed more than the operation.
#
#   scripts/bench-drift.sh [--rounds] FILE.csv
#
# --rounds also prints every round (else only the summary per operation).
# Exit 0, or 2 on an error.
set -eu

show_rounds=0
case "${1:-}" in
--rounds) show_rounds=1; shift ;;
-h | --help) sed -n 2,17p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
[ $# -eq 1 ] || { echo "bench-drift: usage: scripts/bench-drift.sh [--rounds] FILE.csv" >&2; exit 2; }
[ -r "$1" ] || { echo "bench-drift: cannot read $1" >&2; exit 2; }
head -n 1 "$1" | grep -qx 'alg,op,round,pair,start_s,op_calls,op_cpu_us,yard_calls,yard_cpu_us,kept' ||
	{ echo "bench-drift: $1 is not a pqsig bench sig --pairs file" >&2; exit 2; }

awk -F, -v show_rounds="$show_rounds" '
NR == 1 { next }
{
	key = $1 " " $2
	if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
	k = key SUBSEP $3
	if (!(k in start)) { start[k] = $5; nrounds[key]++ }
	calls[k] += $6; cpu[k] += $7; ycalls[k] += $8; ycpu[k] += $9
	# the operation CPU time in yardstick calls, at the rate of the yardstick slice beside it
	equiv[k] += $7 * $8 / $9
}
END {
	if (show_rounds)
		printf "%-28s %5s %9s %14s %14s %9s\n", "algorithm op", "round", "start s", "yard calls/ms", "op calls/ms", "ratio"
	for (i = 1; i <= nkeys; i++) {
		key = order[i]; n = 0; lo = 1e300; hi = 0; sx = sy = sxx = syy = sxy = 0; ylo = 1e300; yhi = 0
		for (r = 1; r <= nrounds[key]; r++) {
			k = key SUBSEP r
			if (!(k in start) || equiv[k] <= 0) continue
			ratio = calls[k] / equiv[k]; yrate = 1000 * ycalls[k] / ycpu[k]
			if (show_rounds)
				printf "%-28s %5d %9.1f %14.3f %14.3f %9.4g\n", key, r, start[k], yrate, 1000 * calls[k] / cpu[k], ratio
			n++; if (ratio < lo) lo = ratio; if (ratio > hi) hi = ratio
			if (yrate < ylo) ylo = yrate; if (yrate > yhi) yhi = yrate
			sx += yrate; sy += ratio; sxx += yrate * yrate; syy += ratio * ratio; sxy += yrate * ratio
		}
		if (n == 0) continue
		vx = sxx - sx * sx / n; vy = syy - sy * sy / n
		corr = (vx > 0 && vy > 0) ? (sxy - sx * sy / n) / sqrt(vx * vy) : 0
		summary[i] = sprintf("%-28s %6d %9.4g %9.4g %7.1f %% %9.3f %9.3f %8.2f", key, n, lo, hi, 100 * (hi - lo) / lo,
				     ylo, yhi, corr)
	}
	if (show_rounds) print ""
	printf "%-28s %6s %9s %9s %9s %9s %9s %8s\n", "algorithm op", "rounds", "min", "max", "spread", "yard lo", "yard hi", "corr"
	for (i = 1; i <= nkeys; i++) if (i in summary) print summary[i]
}' "$1"
