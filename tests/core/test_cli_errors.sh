#!/usr/bin/env bash
# Every CLI command fed bad input: one line on stderr, exit 2, no crash.
# A valid signature exits 0, a wrong one exits 1.
set -u
PQSIG="$1"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
expect() { # expect CODE DESCRIPTION -- command...
	local want=$1 what=$2; shift 3
	"$@" >"$T/out" 2>"$T/err"
	local got=$?
	local lines; lines=$(wc -l <"$T/err")
	if [ "$got" -eq "$want" ] && { [ "$want" -ne 2 ] || [ "$lines" -eq 1 ]; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL: $what: exit $got (want $want), $lines stderr lines:"; cat "$T/err"
	fi
}
head -c 100 /dev/urandom >"$T/msg"
for alg in $("$PQSIG" list --json | python3 -c 'import json,sys; print(" ".join(a["alg"] for a in json.load(sys.stdin)))'); do
	expect 0 "$alg keygen" -- "$PQSIG" keygen -a "$alg" -s "$T/sk" -p "$T/pk"
	expect 0 "$alg sign" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig"
	expect 0 "$alg verify" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sig"
	cp "$T/msg" "$T/msg2"; printf 'x' >>"$T/msg2"
	expect 1 "$alg wrong message" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg2" -S "$T/sig"
	head -c 1 "$T/sig" >"$T/sig1"
	expect 2 "$alg 1-byte signature" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sig1"
	head -c 5 "$T/pk" >"$T/pk5"
	expect 2 "$alg truncated pk" -- "$PQSIG" verify -a "$alg" -p "$T/pk5" -i "$T/msg" -S "$T/sig"
	head -c 5 "$T/sk" >"$T/sk5"
	expect 2 "$alg truncated sk" -- "$PQSIG" sign -a "$alg" -s "$T/sk5" -i "$T/msg" -o "$T/sig"
	expect 2 "$alg bad seed hex" -- "$PQSIG" keygen -a "$alg" --seed zz -s "$T/sk" -p "$T/pk"
	expect 2 "$alg short seed" -- "$PQSIG" keygen -a "$alg" --seed 00 -s "$T/sk" -p "$T/pk"
	expect 2 "$alg bad ctx hex" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig" --ctx 0g
	expect 2 "$alg ctx too long" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig" --ctx "$(printf '00%.0s' $(seq 256))"
	expect 2 "$alg missing msg" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/nope" -o "$T/sig"
	expect 2 "$alg missing sig" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/nope"
done
expect 2 "unknown algorithm" -- "$PQSIG" keygen -a NOPE-512 -s "$T/sk" -p "$T/pk"
expect 2 "missing -a" -- "$PQSIG" sign -s "$T/sk" -i "$T/msg" -o "$T/sig"
expect 2 "missing option value" -- "$PQSIG" verify -a ECDSA-P256 -p
expect 2 "unknown option" -- "$PQSIG" list --bogus
expect 2 "unknown command" -- "$PQSIG" frobnicate
expect 2 "no command" -- "$PQSIG"
expect 2 "unknown bench" -- "$PQSIG" bench nothing
expect 2 "report without --out" -- "$PQSIG" report
echo "cli_errors: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
