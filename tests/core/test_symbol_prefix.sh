#!/bin/sh
# Every symbol the pqsig archives export starts with pqs_ (issue 11): a program that
# links pqsig next to another library (liboqs, c-fn-dsa, PQClean) must not meet a
# clash on names such as ntt, zint_sub or coer_put_u8.
# Usage: test_symbol_prefix.sh NM ARCHIVE... (each archive must export >= 1 symbol,
# so a wrong path or an empty archive fails instead of passing vacuously).
set -eu
nm_tool=$1
shift
[ $# -ge 1 ] || { echo "no archive given" >&2; exit 2; }
status=0
for archive in "$@"; do
    # Defined global symbols only (T/D/R/B/C/...): undefined references are other libraries'.
    # Sanitizer and coverage instrumentation adds reserved names of its own (__odr_asan.pqs_x, ...).
    all=$("$nm_tool" -g --defined-only "$archive" | awk 'NF == 3 { print $3 }' |
          grep -Ev '^__(odr_asan|asan|ubsan|sancov|gcov|llvm)' | sort -u)
    total=$(printf '%s\n' "$all" | grep -c . || true)
    if [ "$total" -eq 0 ]; then
        echo "$archive: exports no symbol" >&2
        status=1
        continue
    fi
    bad=$(printf '%s\n' "$all" | grep -v '^pqs_' || true)
    if [ -n "$bad" ]; then
        echo "$archive: $(printf '%s\n' "$bad" | wc -l) of $total exported symbols lack the pqs_ prefix:" >&2
        printf '  %s\n' $bad >&2
        status=1
    else
        echo "$archive: $total exported symbols, all pqs_"
    fi
done
exit $status
