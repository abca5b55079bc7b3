#!/usr/bin/env bash
# Style check for CI: every C line changed since the base commit must be as
# clang-format (.clang-format) would write it.  The base is the commit in
# .ci/format-base (older code is not reformatted wholesale; lines that change
# are).  Prints the needed edits and exits 1 if any; `scripts/check-format.sh
# --fix` applies them.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(cat .ci/format-base)
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
	echo "check-format: base commit $base is not in this clone" >&2
	exit 2
fi
fix=()
[ "${1:-}" = "--fix" ] && fix=(-i)
diff_out=$(git diff -U0 --no-color "$base" -- '*.c' '*.h' | clang-format-diff -p1 "${fix[@]}")
if [ -n "$diff_out" ]; then
	echo "$diff_out"
	echo "check-format: lines changed since $base are not clang-formatted (scripts/check-format.sh --fix)" >&2
	exit 1
fi
files=$(git diff --name-only "$base" -- '*.c' '*.h' | wc -l)
echo "check-format: $files changed C files since ${base:0:12} are formatted"
