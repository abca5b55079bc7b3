#!/bin/sh
# `pqsig chain` end to end: init, keygen (two schemes), transfer, mine,
# validate, show; the documented exit codes (0 ok/valid, 1 invalid chain,
# 2 error with one line on stderr); and a stored block changed on disk
# makes `validate` exit 1.
set -u
P="$1"
D=$(mktemp -d "${TMPDIR:-/tmp}/pqsig-chain-cli.XXXXXX")
trap 'rm -rf "$D"' EXIT
fail=0
check() { # check WANT_RC DESCRIPTION CMD...
	want=$1; what=$2; shift 2
	"$@" >"$D/out" 2>"$D/err"; rc=$?
	if [ "$rc" -ne "$want" ]; then
		echo "FAIL: $what: exit $rc, want $want"; cat "$D/out" "$D/err"; fail=1
	elif [ "$want" -eq 2 ] && [ "$(wc -l <"$D/err")" -ne 1 ]; then
		echo "FAIL: $what: stderr is not one line"; cat "$D/err"; fail=1
	fi
}
C="$D/node"
check 0 "init" "$P" chain init --dir "$C"
check 2 "init twice" "$P" chain init --dir "$C"
check 0 "keygen alice" "$P" chain keygen --dir "$C" --name alice -a ECDSA-P256
check 0 "keygen bob" "$P" chain keygen --dir "$C" --name bob
check 2 "keygen duplicate name" "$P" chain keygen --dir "$C" --name bob
check 2 "keygen unknown alg" "$P" chain keygen --dir "$C" --name carol -a NoSuchAlg
check 0 "transfer 1" "$P" chain transfer --dir "$C" --from genesis --to alice --amount 1000
check 0 "transfer 2" "$P" chain transfer --dir "$C" --from genesis --to bob --amount 50
check 2 "transfer unknown name" "$P" chain transfer --dir "$C" --from genesis --to nobody --amount 1
check 2 "transfer bad amount" "$P" chain transfer --dir "$C" --from genesis --to bob --amount -5
check 2 "transfer overspend" "$P" chain transfer --dir "$C" --from alice --to bob --amount 1
check 0 "mine 1" "$P" chain mine --dir "$C" --threads 2
grep -q "2 transactions" "$D/out" || { echo "FAIL: mine 1 did not include both transactions"; cat "$D/out"; fail=1; }
check 0 "transfer 3" "$P" chain transfer --dir "$C" --from alice --to bob --amount 400
check 2 "transfer overspend with pending" "$P" chain transfer --dir "$C" --from alice --to bob --amount 601
check 0 "mine 2" "$P" chain mine --dir "$C"
check 0 "mine empty" "$P" chain mine --dir "$C"
check 0 "validate" "$P" chain validate --dir "$C"
grep -q "4 blocks" "$D/out" || { echo "FAIL: validate did not see 4 blocks"; cat "$D/out"; fail=1; }
check 0 "show" "$P" chain show --dir "$C"
grep -q "balance 450 nonce 0" "$D/out" || { echo "FAIL: bob's balance"; cat "$D/out"; fail=1; }
grep -q "balance 600 nonce 1 ECDSA-P256" "$D/out" || { echo "FAIL: alice's balance"; cat "$D/out"; fail=1; }
check 0 "show block" "$P" chain show --dir "$C" --height 2
root=$(sed -n 's/^  merkle root  //p' "$D/out")
check 2 "show missing block" "$P" chain show --dir "$C" --height 99
check 2 "validate missing dir" "$P" chain validate --dir "$D/none"
check 2 "unknown subcommand" "$P" chain frobnicate
check 2 "missing --dir" "$P" chain validate
# Flip the first byte of block 2's Merkle root wherever it is stored (LMDB keeps values verbatim).
if [ -n "$root" ] && command -v perl >/dev/null; then
	perl -0777 -pi -e '$r = pack("H*", "'"$root"'"); $f = $r; substr($f, 0, 1) ^= "\x01"; s/\Q$r\E/$f/g' "$C/data.mdb"
	check 1 "validate tampered chain" "$P" chain validate --dir "$C"
	grep -q "invalid" "$D/err" || { echo "FAIL: no reason for the invalid chain"; cat "$D/err"; fail=1; }
else
	echo "FAIL: tampered-chain check not run (block 2's Merkle root: '$root'; perl: $(command -v perl || echo missing))"
	fail=1
fi
[ $fail -eq 0 ] && echo "test_chain_cli: all passed"
exit $fail
