#!/bin/sh
# Stability of `pqsig bench sig` (issue 16, item 1): run `bench sig --json`
# twice back to back with the same arguments and print, for every
# (algorithm, operation), the two ratios to ECDSA P-256 and how far they
# disagree (|a - b| / min(a, b)), the worst disagreement, each run's wall
# time, the load average and the yardstick's own rates in each run.  Exit 0
# if every ratio agrees within the limit (default 15 %), 1 if not, 2 on an error.
#
#   scripts/bench-stability.sh [--pqsig PATH] [--limit PCT] [--load N] [--keep DIR] [bench sig options...]
#   scripts/bench-stability.sh -a ECDSA-P256 -a ML-DSA-44 -a ML-DSA-65 -a ML-DSA-87 -a Falcon-512 -a FN-DSA-512
#
# --load N runs N busy processes (shell arithmetic loops) for the whole
# measurement, as other users' jobs on a shared machine would; they stop
# when the script ends, also on Ctrl-C, and after an hour at most.
# Each run also writes its slice pairs (--pairs); for the worst ratio the
# script prints, per run, the range of its round ratios and of the
# yardstick's round rates (scripts/bench-drift.sh).  --keep DIR keeps both
# runs' JSON and pair files there (run1.json, run1.csv, ...).
# Needs jq.  Each run is a separate process, as two users would run it.
set -eu

bench_script=bench-stability
bench_help_lines=2,20p
. "$(dirname "$0")/lib/bench-common.sh"

limit=15
load=0
keep=
while [ $# -gt 0 ]; do
	case "$1" in
	--limit) limit=$(bench_value "$@") || exit 2; shift 2 ;;
	--keep) keep=$(bench_value "$@") || exit 2; shift 2 ;;
	--load) load=$(bench_value "$@") || exit 2; shift 2 ;;
	*) bench_take_option "$@" || break; shift "$bench_shift" ;;
	esac
done
case "$load" in '' | *[!0-9]*) bench_die "--load needs a number of processes" ;; esac
[ -z "$keep" ] || mkdir -p "$keep" || bench_die "cannot create $keep"
bench_check_tools

tmp=$(mktemp -d)
load_pids=
bench_pid=
cleanup() {
	for pid in $bench_pid $load_pids; do kill "$pid" 2>/dev/null || :; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Each load process also stops by itself once this script is gone (kill -0) or after an hour.
script_pid=$$
i=0
while [ "$i" -lt "$load" ]; do
	timeout 3600 sh -c 'while kill -0 "$1" 2>/dev/null; do n=0; while [ $n -lt 20000 ]; do n=$((n + 1)); done; done' \
		load "$script_pid" &
	load_pids="$load_pids $!"
	i=$((i + 1))
done
[ "$load" -gt 0 ] && sleep 2 # let the load settle in

load_before=$(bench_loadavg)
for run in 1 2; do
	start=$(date +%s)
	# In the background and waited for, so that a signal stops the script (and the load) at once.
	"$pqsig" bench sig --json --pairs "$tmp/run$run.csv" "$@" >"$tmp/run$run.json" 2>"$tmp/run$run.err" &
	bench_pid=$!
	wait "$bench_pid" || {
		echo "bench-stability: run $run failed: $(tail -n 1 "$tmp/run$run.err")" >&2
		exit 2
	}
	bench_pid=
	eval "seconds$run=$(($(date +%s) - start))"
done
load_after=$(bench_loadavg)

# One line per (alg, op) measured in both runs, the yardstick rows left out (1.0 by definition).
jq -r -n --slurpfile a "$tmp/run1.json" --slurpfile b "$tmp/run2.json" --argjson limit "$limit" '
	def key: .alg + " " + .op;
	($b[0] | map(select(.ratio_spread)) | map({ (key): .ratio_to_ecdsa_p256 }) | add) as $second
	| [ $a[0][] | select(.ratio_spread) | select($second[key] != null)
	    | { k: key, r1: .ratio_to_ecdsa_p256, r2: $second[key] }
	    | . + { d: (if ([.r1, .r2] | min) > 0 then ((.r1 - .r2) | fabs) / ([.r1, .r2] | min) * 100 else 1e9 end) } ]
	| (.[] | "\(.k)\t\(.r1)\t\(.r2)\t\(.d * 10 | round / 10) %"),
	  (max_by(.d) as $w | "worst\t\($w.k)\t\($w.d * 10 | round / 10) %\t(limit \($limit) %)"),
	  (if (map(.d) | max) <= $limit then "stable" else "unstable" end)
' >"$tmp/table"
printf 'alg op\tratio run 1\tratio run 2\tdisagreement\n'
sed '$d' "$tmp/table"
printf 'runs\t%s s and %s s wall\tload average %s before, %s after\tsynthetic load: %s busy processes\n' \
	"$seconds1" "$seconds2" "$load_before" "$load_after" "$load"
# The yardstick's own rates in each run (all rounds pooled): when they differ a lot, the two processes
# met different machines for their whole lives, which no choice of slice pairs inside a run undoes.
for run in 1 2; do
	jq -r --arg run "$run" '[.[] | select(.ratio_spread == null) | "\(.op) \(.ops_per_s | floor)/s"]
		| "yardstick run \($run)\t" + join(", ")' "$tmp/run$run.json"
done
# The worst ratio's rounds in each run: a disagreement that comes from the machine's state shows as
# yardstick rates that differ between the runs, each run's round ratios staying close together.
worst=$(sed -n 's/^worst\t\([^\t]*\)\t.*/\1/p' "$tmp/table")
for run in 1 2; do
	"$(dirname "$0")/bench-drift.sh" "$tmp/run$run.csv" | awk -v w="$worst" -v run="$run" '
		substr($0, 1, length(w) + 1) == w " " {
			printf "worst in run %s\tround ratios %s-%s, yardstick %s-%s calls/ms\n", run, $(NF-6), $(NF-5), $(NF-2), $(NF-1)
		}'
done
if [ -n "$keep" ]; then
	for run in 1 2; do cp "$tmp/run$run.json" "$tmp/run$run.csv" "$keep/"; done
fi
[ "$(tail -n 1 "$tmp/table")" = stable ]
