#!/usr/bin/env bash
# `pqsig scms issue`: the seed's two upload figures for 3120 certificates
# (49 B with butterfly keys; 3120 x 1312 B = 4093440 B, about 3.9 MiB, with
# one ML-DSA-44 key per certificate), the JSON fields, and one-line errors
# with exit 2 for bad options and profiles.
set -u
PQSIG="$1"
ERR=$(mktemp)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

json=$("$PQSIG" scms issue --certs 3120 --profile unified:ECDSA,pqc-plain:ML-DSA-44 --json 2>/dev/null)
rc=$?
[ $rc -eq 0 ] && ok || bad "scms issue exit $rc"
check=$(printf '%s' "$json" | python3 -c '
import json, sys
rows = json.load(sys.stdin)
want = {"upload_key_bytes", "upload_request_bytes", "download_bytes", "certs", "vehicle_cpu_s", "ra_cpu_s", "aca_cpu_s"}
assert len(rows) == 2, rows
for r in rows:
    assert want <= set(r), set(r)
    assert r["certs"] == 3120, r
bf, pq = rows
assert bf["upload_key_bytes"] == 49, bf
assert pq["upload_key_bytes"] == 3120 * 1312, pq
assert 3.85 < pq["upload_key_bytes"] / 2**20 < 3.95
assert pq["ra_can_link"] is True and bf["ra_can_link"] is False
print("ok")
' 2>&1)
[ "$check" = ok ] && ok || bad "JSON content: $check"

# The 1609 WG proposal's SLH-DSA ACAs (issue 15), 2 certificates each: every certificate the ACA
# signs is checked by the vehicle inside the flow; each one downloaded carries the ACA's FIPS 205
# signature (table 2: 7856 B for 128s, 17088 B for 128f, +9 B of registry alternative) in place of
# the 670-byte FN-DSA-512 one of the first row, and nothing else differs; path (a) uploads one
# 897-byte FN-DSA-512 key per certificate.
json=$("$PQSIG" scms issue --certs 2 --profile wg1609 --json 2>/dev/null)
rc=$?
[ $rc -eq 0 ] && ok || bad "scms issue --profile wg1609 exit $rc"
check=$(printf '%s' "$json" | python3 -c '
import json, sys
rows = {r["profile"]: r for r in json.load(sys.stdin)}
assert len(rows) == 5, list(rows)
fn = rows["unified:FN-DSA-512"]
for name, sig in (("SHA2-128s", 7856), ("SHAKE-128s", 7856), ("SHA2-128f", 17088)):
    r = rows["unified:SLH-DSA-" + name]
    assert r["certs"] == 2 and r["ca"] == "SLH-DSA-" + name, r
    assert r["download_bytes"] - fn["download_bytes"] == 2 * (sig + 9 - 670), (name, r["download_bytes"])
    assert r["upload_key_bytes"] == 49 and r["ra_can_link"] is False, r
p = rows["pqc-plain:FN-DSA-512/SLH-DSA-SHA2-128s"]
assert p["certs"] == 2 and p["vehicle_key"] == "FN-DSA-512" and p["upload_key_bytes"] == 2 * 897, p
print("ok")
' 2>&1)
[ "$check" = ok ] && ok || bad "wg1609 JSON content: $check"

expect2() { # expect2 DESCRIPTION -- command...
	local what=$1; shift 2
	"$@" >/dev/null 2>"$ERR"
	local got=$? lines
	lines=$(wc -l <"$ERR")
	if [ $got -eq 2 ] && [ "$lines" -eq 1 ]; then ok; else bad "$what: exit $got, $lines stderr lines"; cat "$ERR"; fi
}
expect2 "no subcommand" -- "$PQSIG" scms
expect2 "unknown subcommand" -- "$PQSIG" scms frobnicate
expect2 "certs 0" -- "$PQSIG" scms issue --certs 0 --profile unified:ECDSA
expect2 "certs not a number" -- "$PQSIG" scms issue --certs lots --profile unified:ECDSA
expect2 "certs too many" -- "$PQSIG" scms issue --certs 99999999 --profile unified:ECDSA
expect2 "unknown profile" -- "$PQSIG" scms issue --certs 2 --profile caterpillar
expect2 "unknown CA scheme" -- "$PQSIG" scms issue --certs 2 --profile unified:RSA-2048
expect2 "PQC path without scheme" -- "$PQSIG" scms issue --certs 2 --profile pqc-plain
expect2 "PQC path with ECDSA vehicle" -- "$PQSIG" scms issue --certs 2 --profile pqc-plain:ECDSA
expect2 "implicit with ML-DSA ACA" -- "$PQSIG" scms issue --certs 2 --profile unified-implicit:ML-DSA-44
expect2 "unknown option" -- "$PQSIG" scms issue --frob
rm -f "$ERR"
echo "test_scms_cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
