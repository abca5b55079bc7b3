#!/bin/sh
# Issue 16 item 7: the report's V2X section measures the seed's profiles a
# second time with portable pqsig (PQSIG_NO_SIMD=1) and OpenSSL's extensions
# masked, in a child process, and prints one row per PQC profile with three
# ratios.  Fails when the child run is missing, a row is missing or a ratio
# is not a positive number.
set -eu
pqsig=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$pqsig" report --out "$out" --quick --only v2x-bench --force 2>/dev/null
md=$out/REPORT.md
grep -q '^### Portable pqsig against OpenSSL with its extensions masked' "$md" || {
	echo "FAIL: no portable-conditions table"; exit 1; }
# Rows between the table header and the following blank line.
rows=$(awk '/^\| profile \| × ECDSA, default/ { on = 1; next } on && /^$/ { exit } on && /^\| [^-]/ { print }' "$md")
n=$(printf '%s\n' "$rows" | grep -c . || true)
[ "$n" -eq 7 ] || { echo "FAIL: $n portable rows, 7 expected"; printf '%s\n' "$rows"; exit 1; }
bad=$(printf '%s\n' "$rows" | awk -F'|' '{ for (i = 3; i <= 5; i++) { v = $i; gsub(/ /, "", v); if (v !~ /^[0-9]+\.[0-9]+$/ || v + 0 <= 0) print } }')
[ -z "$bad" ] || { echo "FAIL: ratio not a positive number in:"; printf '%s\n' "$bad"; exit 1; }
echo "7 portable rows, each with default, portable and seed ratios"
