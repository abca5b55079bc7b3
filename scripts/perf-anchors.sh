#!/bin/sh
# Write docs/performance.md in the format of the performance anchors
# (../shared/notes/performance-anchors.md): ops/s and ratio-to-ECDSA
# columns per scheme, with the date, machine, load and commit they were
# measured at.  Runs `pqsig bench sig --json` once over the schemes given
# (default: every registered scheme) and formats its output.
#
#   scripts/perf-anchors.sh [--pqsig PATH] [--out FILE] [-a ALG ...] [bench sig options...]
#   scripts/perf-anchors.sh -a ECDSA-P256 -a ML-DSA-44 -a ML-DSA-65 -a ML-DSA-87
#
# Needs jq.  The file is written atomically (a temporary file renamed); its
# section "How the ratios are taken", written by hand, is kept.
set -eu

bench_script=perf-anchors
bench_help_lines=2,12p
. "$(dirname "$0")/lib/bench-common.sh"

out=docs/performance.md
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$(bench_value "$@") || exit 2; shift 2 ;;
	*) bench_take_option "$@" || break; shift "$bench_shift" ;;
	esac
done
bench_check_tools

tmp=$(mktemp "$out.XXXXXX")
json=$(mktemp)
trap 'rm -f "$tmp" "$json"' EXIT
# The hand-written part of the page (how the ratios are taken) stays as it is.
method_heading='## How the ratios are taken'
method=
[ -f "$out" ] && method=$(sed -n "/^$method_heading/,\$p" "$out")
load_before=$(bench_loadavg)
"$pqsig" bench sig --json "$@" >"$json"
load_after=$(bench_loadavg)

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
cores=$(nproc 2>/dev/null || echo '?')
ossl=$(openssl version 2>/dev/null || echo 'OpenSSL (version unknown)')
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | head -n 1)
[ -n "$dirty" ] && commit="$commit (with uncommitted changes)"

{
	printf '# Performance (measured %s)\n\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
	printf 'Written by `scripts/perf-anchors.sh` from one `pqsig bench sig --json` run, in the format of\n'
	printf '`../shared/notes/performance-anchors.md`. Compare by the **ratio to OpenSSL ECDSA P-256 measured in the\n'
	printf 'same run**: absolute rates move with the load of a shared machine. Each ratio is the median of the\n'
	printf 'per-round ratios, its range in brackets (how they are taken: the last section).\n\n'
	printf -- '- Machine: %s, %s CPUs online, %s\n' "${cpu:-unknown CPU}" "$cores" "$ossl"
	printf -- '- Load average (1, 5, 15 min): %s before, %s after\n' "$load_before" "$load_after"
	printf -- '- Commit: %s; arguments: `bench sig --json%s`\n\n' "$commit" "$(printf ' %s' "$@" | sed 's/ $//')"
	jq -r '
		def n: if . >= 100 then (. | round | tostring | [scan("[0-9]")] | reverse
		                          | [range(0; length; 3) as $i | .[$i:$i+3] | reverse | join("")] | reverse | join(","))
		       else (. * 10 | round / 10 | tostring) end;
		def r: if . >= 10 then (. * 10 | round / 10) elif . >= 1 then (. * 100 | round / 100)
		       elif . >= 0.1 then (. * 1000 | round / 1000) else (. * 10000 | round / 10000) end | tostring;
		def cell($rows; $op): ($rows | map(select(.op == $op)) | first);
		def ratio($c): if $c == null then "-" else "\($c.ratio_to_ecdsa_p256 | r) (\($c.ratio_spread.min | r)-\($c.ratio_spread.max | r))" end;
		def rate($c): if $c == null then "-" else ($c.ops_per_s | n) end;
		(map(select(.ratio_spread == null)) | map({ (.op): .ops_per_s }) | add) as $y
		| "OpenSSL ECDSA P-256 (the yardstick, all rounds pooled): keygen \($y.keygen | n)/s, sign \($y.sign | n)/s, verify \($y.verify | n)/s.\n",
		  "| scheme / implementation | keygen /s | sign /s | verify /s | keygen : ECDSA | sign : ECDSA | verify : ECDSA |",
		  "|---|---|---|---|---|---|---|",
		  (map(select(.ratio_spread)) | group_by(.alg) | sort_by(first.alg)[]
		   | . as $rows
		   | "| \(first.alg), pqsig | \(rate(cell($rows; "keygen"))) | \(rate(cell($rows; "sign"))) | \(rate(cell($rows; "verify"))) | \(ratio(cell($rows; "keygen"))) | \(ratio(cell($rows; "sign"))) | \(ratio(cell($rows; "verify"))) |"),
		  "",
		  "With prepared keys (`pqs_sig_prepare` / `pqs_sig_prepare_sk` once, then many operations; a prepared",
		  "verify is timed next to the yardstick'"'"'s verify, a prepared sign next to its sign):",
		  "",
		  "| scheme | verify-prepared /s | verify-prepared : ECDSA | sign-prepared /s | sign-prepared : ECDSA |",
		  "|---|---|---|---|---|",
		  (map(select(.ratio_spread)) | group_by(.alg) | sort_by(first.alg)[]
		   | . as $rows
		   | "| \(first.alg) | \(rate(cell($rows; "verify-prepared"))) | \(ratio(cell($rows; "verify-prepared"))) | \(rate(cell($rows; "sign-prepared"))) | \(ratio(cell($rows; "sign-prepared"))) |")
	' "$json"
	[ -z "$method" ] || printf '\n%s\n' "$method"
} >"$tmp"
mv "$tmp" "$out"
trap 'rm -f "$json"' EXIT
echo "perf-anchors: wrote $out" >&2
