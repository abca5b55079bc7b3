#!/bin/sh
# `pqsig bench falcon --callgrind --json` (issue 17): exact x86-64 instruction counts per keygen
# Reduce variant (3) and ffSampling variant (3) for Falcon-512 and -1024, under valgrind.  Checks
# the shape and plausibility: every count present and positive, keygen above 4 signatures, and
# Falcon-1024 signing above Falcon-512's.  Exit 77 (skipped) without valgrind.
set -eu
PQSIG=$1
command -v valgrind >/dev/null 2>&1 || { echo "valgrind missing: skipped"; exit 77; }
out=$("$PQSIG" bench falcon --keys 1 --signatures 2 --callgrind --json 2>/dev/null)
printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
cg = d["callgrind_instructions"]
assert [e["alg"] for e in cg] == ["Falcon-512", "Falcon-1024"], cg
keys = ["keygen_float", "keygen_fixed", "keygen_partial", "sign_unrolled_0", "sign_unrolled_1", "sign_unrolled_2"]
for e in cg:
    for k in keys:
        assert isinstance(e[k], (int, float)) and e[k] > 0, (e["alg"], k, e.get(k))
    # One key: keygen costs about 9-15 signatures since the 2026-12-02 keygen work (was > 10).
    assert min(e[k] for k in keys[:3]) > 4 * max(e[k] for k in keys[3:]), e
assert cg[1]["sign_unrolled_0"] > cg[0]["sign_unrolled_0"], cg
print("callgrind counts: %d classes x %d operations, all positive" % (len(cg), len(keys)))
'
