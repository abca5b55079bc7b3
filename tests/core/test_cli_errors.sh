#!/usr/bin/env bash
# Every CLI command fed bad input: one line on stderr, exit 2, no crash.
# A valid signature exits 0, a wrong or malformed one exits 1 (README "Exit codes").
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
# expect_reason WHAT PATTERN: the last command's stderr gives the reason
expect_reason() {
	if grep -q "$2" "$T/err"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $1: stderr lacks '$2': $(cat "$T/err")"; fi
}
head -c 100 /dev/urandom >"$T/msg"
# The schemes this build registers (a fixed list: a scheme that silently drops out, or an
# empty `pqsig list`, fails here instead of shrinking the loop below).
expected_schemes="ECDSA-P256 ECDSA-P384 ECDSA-brainpoolP256r1 ECDSA-secp256k1 ML-DSA-44 ML-DSA-65 ML-DSA-87
Falcon-512 Falcon-1024 Falcon-padded-512 Falcon-padded-1024 ECDSA-P256+ML-DSA-44 ECDSA-P256+ML-DSA-65
ECDSA-P256+ML-DSA-87 ECDSA-P256+Falcon-padded-512 ECDSA-P256+Falcon-padded-1024"
algs=$("$PQSIG" list --json | python3 -c 'import json,sys; print(" ".join(a["alg"] for a in json.load(sys.stdin)))')
missing=0
for want in $expected_schemes; do
	case " $algs " in *" $want "*) ;; *) missing=$((missing + 1)); echo "FAIL: scheme $want is not in 'pqsig list'" ;; esac
done
fail=$((fail + missing))
looped=0
for alg in $algs; do
	looped=$((looped + 1))
	expect 0 "$alg keygen" -- "$PQSIG" keygen -a "$alg" -s "$T/sk" -p "$T/pk" --force
	expect 0 "$alg sign" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig" --force
	expect 0 "$alg verify" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sig"
	cp "$T/msg" "$T/msg2"; printf 'x' >>"$T/msg2"
	expect 1 "$alg wrong message" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg2" -S "$T/sig"
	# issue 10 item 16: a malformed signature is an invalid signature: exit 1, and the reason
	siglen=$(stat -c %s "$T/sig")
	head -c 1 "$T/sig" >"$T/sig1"
	expect 1 "$alg 1-byte signature" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sig1"
	expect_reason "$alg 1-byte signature" "signature invalid: .*length"
	cp "$T/sig" "$T/sigx"; printf '\0' >>"$T/sigx"
	expect 1 "$alg malformed signature: trailing byte" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: trailing byte" "signature invalid: ."
	head -c $((siglen - 1)) "$T/sig" >"$T/sigx"
	expect 1 "$alg malformed signature: one byte short" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: one byte short" "signature invalid: ."
	head -c 41 "$T/sig" >"$T/sigx"
	expect 1 "$alg malformed signature: 41 bytes" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: 41 bytes" "signature invalid: ."
	: >"$T/sigx"
	expect 1 "$alg malformed signature: empty" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: empty" "signature invalid: ."
	head -c "$siglen" /dev/zero | tr '\0' '\377' >"$T/sigx"
	expect 1 "$alg malformed signature: bad encoding (all 0xff)" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: bad encoding (all 0xff)" "signature invalid: ."
	head -c "$siglen" /dev/zero >"$T/sigx"
	expect 1 "$alg malformed signature: all zero" -- "$PQSIG" verify -a "$alg" -p "$T/pk" -i "$T/msg" -S "$T/sigx"
	expect_reason "$alg malformed signature: all zero" "signature invalid: ."
	head -c 5 "$T/pk" >"$T/pk5"
	expect 2 "$alg truncated pk" -- "$PQSIG" verify -a "$alg" -p "$T/pk5" -i "$T/msg" -S "$T/sig"
	cp "$T/pk" "$T/pkx"; printf '\0' >>"$T/pkx"
	expect 2 "$alg pk with a trailing byte" -- "$PQSIG" verify -a "$alg" -p "$T/pkx" -i "$T/msg" -S "$T/sig"
	head -c 5 "$T/sk" >"$T/sk5"
	expect 2 "$alg truncated sk" -- "$PQSIG" sign -a "$alg" -s "$T/sk5" -i "$T/msg" -o "$T/sig" --force
	expect 2 "$alg bad seed hex" -- "$PQSIG" keygen -a "$alg" --seed zz -s "$T/sk" -p "$T/pk" --force
	expect 2 "$alg short seed" -- "$PQSIG" keygen -a "$alg" --seed 00 -s "$T/sk" -p "$T/pk" --force
	expect 2 "$alg bad ctx hex" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig" --ctx 0g --force
	expect 2 "$alg ctx too long" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/msg" -o "$T/sig" --force --ctx "$(printf '00%.0s' $(seq 256))"
	expect 2 "$alg missing msg" -- "$PQSIG" sign -a "$alg" -s "$T/sk" -i "$T/nope" -o "$T/sig" --force
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
# every check ran: 27 per scheme looped over (at least the expected ones, checked above) and the 8
# after the loop; an empty or shortened list fails here
want=$((27 * looped + 8)) ran=$((pass + fail - missing))
if [ "$ran" -ne "$want" ]; then
	fail=$((fail + 1)); echo "FAIL: $ran checks ran, want $want"
fi
echo "cli_errors: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
