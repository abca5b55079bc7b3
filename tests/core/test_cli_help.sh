#!/usr/bin/env bash
# Issue 11 item 12: every command and subcommand answers --help and -h (exit 0, usage with its
# options and one example, on stdout), --version prints PQSIG_VERSION_STRING, and '-' is stdin /
# stdout for messages, signatures, public keys and SPDUs while secret keys refuse it.
set -u
PQSIG="$1" VERSION_H="$2"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The fixed list of command paths (tools/pqsig.c help_pages); adding a command means adding it here.
expected_paths=(
	"list" "keygen" "sign" "verify" "report"
	"bench" "bench sig" "bench v2x" "bench chain" "bench falcon" "bench keccak"
	"v2x" "v2x pki" "v2x pki init" "v2x sign" "v2x verify" "v2x receive" "v2x sizes" "v2x pcap" "v2x profiles" "v2x sim" "v2x sim sweep"
	"chain" "chain init" "chain keygen" "chain transfer" "chain mine" "chain validate" "chain show"
	"scms" "scms issue"
)
[ "${#expected_paths[@]}" -eq 31 ] && ok || bad "expected 31 command paths, list has ${#expected_paths[@]}"

checked=0
for path in "${expected_paths[@]}"; do
	for flag in --help -h; do
		# shellcheck disable=SC2086  # the path is several words on purpose
		"$PQSIG" $path "$flag" >"$T/out" 2>"$T/err"
		rc=$?
		if [ "$rc" -ne 0 ]; then bad "pqsig $path $flag: exit $rc: $(cat "$T/err")"; continue; fi
		if [ -s "$T/err" ]; then bad "pqsig $path $flag: wrote to stderr: $(cat "$T/err")"; continue; fi
		# the page names this command ("usage: pqsig v2x pki init" for "v2x pki init" too)
		if ! grep -q "^usage: pqsig ${path}\b" "$T/out"; then
			bad "pqsig $path $flag: no 'usage: pqsig $path' line: $(head -1 "$T/out")"; continue; fi
		if ! grep -q "^example: pqsig ${path%% *}" "$T/out"; then bad "pqsig $path $flag: no example"; continue; fi
		checked=$((checked + 1)); ok
	done
done
[ "$checked" -eq 62 ] && ok || bad "checked $checked help pages, want 62"

# The top-level help lists exactly the expected top-level commands.
"$PQSIG" --help >"$T/top" 2>&1 || bad "pqsig --help: exit $?"
listed=$(sed -n 's/^  \([a-z0-9]\+\) .*/\1/p' "$T/top" | tr '\n' ' ')
[ "$listed" = "list keygen sign verify bench report v2x chain scms " ] && ok || bad "pqsig --help lists '$listed'"
grep -q '^example: pqsig ' "$T/top" && ok || bad "pqsig --help has no example"

# --version: the macro from include/pqsig/version.h.
want=$(sed -n 's/^#define PQSIG_VERSION_STRING "\(.*\)"/\1/p' "$VERSION_H")
got=$("$PQSIG" --version 2>&1)
[ -n "$want" ] && [ "$got" = "pqsig $want" ] && ok || bad "--version printed '$got', want 'pqsig $want'"

# '-' round trips.  Keys go to files; the public key may go to stdout.
cd "$T" || exit 2
"$PQSIG" keygen -a ML-DSA-44 -s k.sk -p - >k.pk 2>"$T/err" && [ -s k.pk ] && ok || bad "keygen -p -: $(cat "$T/err")"
head -c 1000 /dev/urandom >msg
"$PQSIG" sign -a ML-DSA-44 -s k.sk -i - -o - <msg >m.sig 2>"$T/err" && [ -s m.sig ] && ok ||
	bad "sign from stdin to stdout: $(cat "$T/err")"
"$PQSIG" verify -a ML-DSA-44 -p k.pk -i msg -S - <m.sig >/dev/null 2>"$T/err" && ok ||
	bad "verify with the signature from stdin: $(cat "$T/err")"
"$PQSIG" verify -a ML-DSA-44 -p - -i msg -S m.sig <k.pk >/dev/null 2>&1 && ok || bad "verify with the public key from stdin"
cmp -s <("$PQSIG" sign -a ML-DSA-44 -s k.sk -i - -o - --deterministic <msg) \
	<("$PQSIG" sign -a ML-DSA-44 -s k.sk -i msg -o - --deterministic) && ok || bad "stdin and file messages sign differently"
# A changed message through stdin must be invalid (exit 1), not accepted.
printf 'other' | "$PQSIG" verify -a ML-DSA-44 -p k.pk -i - -S m.sig >/dev/null 2>&1
rc=$?; [ "$rc" -eq 1 ] && ok || bad "verify of another message from stdin: exit $rc, want 1"
# Secret keys never come from stdin nor go to stdout: one error line, exit 2, nothing written.
"$PQSIG" keygen -a ML-DSA-44 -s - -p k2.pk >"$T/out" 2>"$T/err"
rc=$?; { [ "$rc" -eq 2 ] && [ ! -s "$T/out" ] && [ ! -e k2.pk ] && [ "$(wc -l <"$T/err")" -eq 1 ]; } && ok ||
	bad "keygen -s - : exit $rc, stdout $(wc -c <"$T/out") bytes"
"$PQSIG" sign -a ML-DSA-44 -s - -i msg -o m2.sig <k.sk >/dev/null 2>&1
rc=$?; [ "$rc" -eq 2 ] && [ ! -e m2.sig ] && ok || bad "sign -s - : exit $rc, want 2"
# SPDUs: sign to stdout, verify from stdin.
"$PQSIG" v2x pki init --profile ECDSA --dir pki >/dev/null 2>"$T/err" || bad "v2x pki init: $(cat "$T/err")"
"$PQSIG" v2x sign --dir pki --payload - -o - <msg >m.spdu 2>"$T/err" && [ -s m.spdu ] && ok ||
	bad "v2x sign from stdin to stdout: $(cat "$T/err")"
"$PQSIG" v2x verify --dir pki - <m.spdu >/dev/null 2>"$T/err" && ok || bad "v2x verify from stdin: $(cat "$T/err")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
