#!/bin/sh
# Stability of `pqsig bench sig` (issue 16, item 1): run `bench sig --json`
# twice back to back with the same arguments and print, for every
# (algorithm, operation), the two ratios to ECDSA P-256 and how far they
# disagree (|a - b| / min(a, b)), then the worst disagreement.  Exit 0 if
# every ratio agrees within the limit (default 15 %), 1 if one does not,
# 2 on an error.
#
#   scripts/bench-stability.sh [--pqsig PATH] [--limit PCT] [bench sig options...]
#   scripts/bench-stability.sh -a ML-DSA-44 -a ML-DSA-65 -a ML-DSA-87 -a ECDSA-P256
#
# Needs jq.  Each run is a separate process, as two users would run it.
set -eu

pqsig=build/pqsig
limit=15
while [ $# -gt 0 ]; do
	case "$1" in
	--pqsig) pqsig=$2; shift 2 ;;
	--limit) limit=$2; shift 2 ;;
	-h | --help)
		sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
		exit 0 ;;
	*) break ;;
	esac
done
command -v jq >/dev/null 2>&1 || { echo "bench-stability: jq is needed" >&2; exit 2; }
[ -x "$pqsig" ] || { echo "bench-stability: $pqsig is not an executable (--pqsig PATH)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for run in 1 2; do
	"$pqsig" bench sig --json "$@" >"$tmp/run$run.json" 2>"$tmp/run$run.err" || {
		echo "bench-stability: run $run failed: $(tail -n 1 "$tmp/run$run.err")" >&2
		exit 2
	}
done

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
[ "$(tail -n 1 "$tmp/table")" = stable ]
