#!/bin/sh
# Issue 10 regressions of `pqsig chain`, one case per ctest name:
#   test_chain_regress.sh PQSIG CASE [RUNS]
#   concurrent_transfer  item 9:  20 parallel transfers from one sender, then all 20 mined
#   concurrent_mine      item 15: two `mine` at once: the loser says the chain is busy
#   long_wallet_name     item 17: names >= 512 bytes get their own, whole error line
#   wallet_file_mode     item 10: the store is created 0600 (open(O_CREAT, 0600), no chmod after;
#                                 umask 0, 022, 077), and a store readable by others receives no key
#   show_damaged         item 14: random bit flips inside the stored blocks and account records:
#                                 `show` never prints changed data with exit 0
#   damaged_store        item 1:  random truncations and page overwrites: show, validate, transfer,
#                                 keygen and mine each exit 0, 1 or 2, never by a signal
set -u
P="$1"
CASE="$2"
RUNS="${3:-40}"
D=$(mktemp -d "${TMPDIR:-/tmp}/pqsig-chain-regress.XXXXXX")
trap 'rm -rf "$D"' EXIT
fail=0
checks=0
bad() { echo "FAIL: $*"; fail=1; }
# run WANT_RC DESCRIPTION CMD...: exit code and one-line stderr for errors.
run() {
	want=$1; what=$2; shift 2
	checks=$((checks + 1))
	"$@" >"$D/out" 2>"$D/err"; rc=$?
	if [ "$rc" -ne "$want" ]; then
		bad "$what: exit $rc, want $want"; cat "$D/out" "$D/err"
	elif [ "$want" -ne 0 ] && [ "$(wc -l <"$D/err")" -ne 1 ]; then
		bad "$what: stderr is not one line"; cat "$D/err"
	fi
}
# A random integer in [0, $1) from the OS.
rand() { echo $(( $(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % $1 )); }
# A small chain: genesis, alice, bob, two mined blocks.
make_chain() {
	C="$1"
	"$P" chain init --dir "$C" >/dev/null &&
	"$P" chain keygen --dir "$C" --name alice >/dev/null &&
	"$P" chain keygen --dir "$C" --name bob -a ECDSA-P256 >/dev/null &&
	"$P" chain transfer --dir "$C" --from genesis --to alice --amount 1000 >/dev/null &&
	"$P" chain transfer --dir "$C" --from genesis --to bob --amount 500 >/dev/null &&
	"$P" chain mine --dir "$C" >/dev/null &&
	"$P" chain transfer --dir "$C" --from alice --to bob --amount 7 >/dev/null &&
	"$P" chain mine --dir "$C" >/dev/null || { echo "FAIL: cannot build the test chain"; exit 1; }
}

case "$CASE" in
concurrent_transfer)
	C="$D/node"
	make_chain "$C"
	i=0
	while [ $i -lt 20 ]; do
		"$P" chain transfer --dir "$C" --from genesis --to alice --amount 1 >"$D/t$i.out" 2>"$D/t$i.err" &
		i=$((i + 1))
	done
	wait
	i=0
	while [ $i -lt 20 ]; do
		checks=$((checks + 1))
		[ -s "$D/t$i.err" ] && { bad "transfer $i: $(cat "$D/t$i.err")"; }
		i=$((i + 1))
	done
	nonces=$(sed -n 's/.* nonce \([0-9]*\) .*/\1/p' "$D"/t*.out | sort -n | uniq | wc -l)
	checks=$((checks + 1))
	[ "$nonces" -eq 20 ] || bad "20 parallel transfers got $nonces distinct nonces"
	run 0 "mine the 20 transfers" "$P" chain mine --dir "$C"
	grep -q "20 transactions" "$D/out" || bad "mine did not include all 20: $(cat "$D/out")"
	[ -s "$D/err" ] && bad "mine dropped transactions: $(cat "$D/err")"
	run 0 "validate" "$P" chain validate --dir "$C"
	;;
concurrent_mine)
	C="$D/node"
	make_chain "$C"
	busy=0
	r=0
	while [ $r -lt 10 ]; do
		"$P" chain transfer --dir "$C" --from genesis --to alice --amount 1 >/dev/null 2>&1
		"$P" chain mine --dir "$C" >"$D/m1.out" 2>"$D/m1.err" &
		"$P" chain mine --dir "$C" >"$D/m2.out" 2>"$D/m2.err" &
		wait
		for m in m1 m2; do
			checks=$((checks + 1))
			if [ -s "$D/$m.err" ]; then
				if grep -q "the chain is busy: another process is writing" "$D/$m.err" &&
				   [ "$(wc -l <"$D/$m.err")" -eq 1 ]; then
					busy=$((busy + 1))
				else
					bad "round $r: a concurrent mine failed otherwise: $(cat "$D/$m.err")"
				fi
			fi
		done
		r=$((r + 1))
	done
	run 0 "validate after concurrent mines" "$P" chain validate --dir "$C"
	echo "concurrent mine: $busy of 20 runs lost the race and said the chain is busy"
	;;
long_wallet_name)
	C="$D/node"
	"$P" chain init --dir "$C" >/dev/null || exit 1
	for len in 256 511 512 600 4096; do
		name=$(head -c "$len" /dev/zero | tr '\0' n)
		run 2 "keygen with a $len-byte name" "$P" chain keygen --dir "$C" --name "$name"
		grep -q "wallet name is $len bytes, the limit is 255" "$D/err" || bad "$len-byte name: $(cut -c1-200 "$D/err")"
		run 2 "transfer to a $len-byte name" "$P" chain transfer --dir "$C" --from genesis --to "$name" --amount 1
		grep -q "wallet name is $len bytes" "$D/err" || bad "$len-byte --to: $(cut -c1-200 "$D/err")"
	done
	name=$(head -c 255 /dev/zero | tr '\0' n)
	run 0 "keygen with a 255-byte name" "$P" chain keygen --dir "$C" --name "$name"
	;;
wallet_file_mode)
	for mask in 0 022 077; do
		C="$D/node$mask"
		(umask $mask; "$P" chain init --dir "$C" >/dev/null) || bad "init under umask $mask"
		for f in data.mdb lock.mdb; do
			checks=$((checks + 1))
			m=$(stat -c %a "$C/$f")
			[ "$m" = 600 ] || bad "umask $mask: $f is mode $m, want 600"
		done
		checks=$((checks + 1))
		m=$(stat -c %a "$C")
		[ "$m" = 700 ] || bad "umask $mask: the directory is mode $m, want 700"
	done
	# From the start: created by open(O_CREAT, 0600), never chmod'ed afterwards (no window).
	checks=$((checks + 1))
	if command -v strace >/dev/null; then
		strace -f -qq -o "$D/trace" -e trace=openat,open,creat,chmod,fchmod,fchmodat "$P" chain init --dir "$D/traced" >/dev/null
		for f in data.mdb lock.mdb; do
			grep -q "\"$D/traced/$f\", [^)]*O_CREAT[^)]*, 0600)" "$D/trace" || bad "$f not created with mode 0600: $(grep "$f" "$D/trace")"
		done
		grep -q "chmod" "$D/trace" && bad "a chmod after creation: $(grep chmod "$D/trace")"
	else
		bad "strace is not installed (scripts/deps.sh installs it)"
	fi
	C="$D/node022"
	chmod 644 "$C/data.mdb"
	run 2 "keygen into a store readable by others" "$P" chain keygen --dir "$C" --name carol
	grep -q "readable by other users" "$D/err" || bad "no file-mode reason: $(cat "$D/err")"
	chmod 600 "$C/data.mdb"
	run 0 "keygen into a private store" "$P" chain keygen --dir "$C" --name carol
	;;
show_damaged|damaged_store)
	C="$D/orig"
	make_chain "$C"
	for h in 1 2; do "$P" chain show --dir "$C" --height $h >"$D/show$h.ref" 2>&1 || bad "show --height $h"; done
	"$P" chain show --dir "$C" >"$D/show.ref" 2>&1 || bad "show"
	size=$(stat -c %s "$C/data.mdb")
	psize=4096
	# Where blocks 1 and 2 and the account records are (LMDB keeps values verbatim): byte ranges to flip in.
	at() { python3 -c 'import sys; o = open(sys.argv[1], "rb").read().find(bytes.fromhex(sys.argv[2])); print(o if o >= 0 else "")' "$C/data.mdb" "$1"; }
	ranges=""
	for h in 1 2; do
		root=$(sed -n 's/^  merkle root  //p' "$D/show$h.ref")
		blen=$(sed -n 's/^block [0-9]* (\([0-9]*\) bytes)$/\1/p' "$D/show$h.ref")
		o=$(at "$root")
		[ -n "$o" ] && [ -n "$blen" ] && ranges="$ranges $((o - 53)):$blen"
	done
	for a in $(sed -n 's/^  \([0-9a-f]\{40\}\) balance.*/\1/p' "$D/show.ref"); do
		o=$(at "$a")
		[ -n "$o" ] && ranges="$ranges $o:72"
	done
	nranges=$(echo $ranges | wc -w)
	if [ "$CASE" = show_damaged ] && [ "$nranges" -ne 5 ]; then
		echo "FAIL: found $nranges of 5 stored records to flip bits in ($ranges)"; exit 1
	fi
	printed=0
	signals=0
	exit0=0; exit1=0; exit2=0
	r=0
	while [ $r -lt "$RUNS" ]; do
		W="$D/w"
		rm -rf "$W"
		cp -r "$C" "$W"
		if [ "$CASE" = show_damaged ]; then
			# One bit of a stored block or account record.
			range=$(echo $ranges | cut -d' ' -f$(( $(rand "$nranges") + 1 )))
			off=$(( ${range%%:*} + $(rand "${range##*:}") ))
			byte=$(od -An -j "$off" -N1 -tu1 "$W/data.mdb" | tr -d ' ')
			bit=$(( 1 << $(rand 8) ))
			printf "$(printf '\\%03o' $(( byte ^ bit )))" | dd of="$W/data.mdb" bs=1 seek="$off" conv=notrunc 2>/dev/null
			what="bit flip at byte $off"
		elif [ $((r % 2)) -eq 0 ]; then
			cut=$(rand "$size")
			truncate -s "$cut" "$W/data.mdb"
			what="truncated to $cut bytes"
		else
			pg=$(rand $((size / psize)))
			if [ $((r % 4)) -eq 1 ]; then src=/dev/urandom; else src=/dev/zero; fi
			dd if=$src of="$W/data.mdb" bs=$psize seek="$pg" count=1 conv=notrunc 2>/dev/null
			what="page $pg overwritten from $src"
		fi
		if [ "$CASE" = show_damaged ]; then
			cmds="show|show --height 1|show --height 2"
		else
			cmds="show|show --height 2|validate|transfer --from alice --to bob --amount 1|keygen --name carol|mine"
		fi
		IFS='|'
		set -- $cmds
		unset IFS
		for cmd in "$@"; do
			checks=$((checks + 1))
			# shellcheck disable=SC2086
			"$P" chain $cmd --dir "$W" >"$D/out" 2>"$D/err"; rc=$?
			if [ $rc -gt 2 ]; then
				bad "$what: 'chain $cmd' ended with exit $rc (signal $((rc - 128)))"; signals=$((signals + 1))
			else
				eval "exit$rc=\$((exit$rc + 1))"
			fi
			case "$cmd" in show*) ;; *) continue ;; esac
			ref="$D/show.ref"
			case "$cmd" in *height*) ref="$D/show${cmd##* }.ref" ;; esac
			if [ $rc -eq 0 ] && ! cmp -s "$D/out" "$ref"; then
				bad "$what: 'chain $cmd' printed changed data with exit 0"; diff "$ref" "$D/out" | head -4
			fi
			[ $rc -eq 1 ] && printed=$((printed + 1))
		done
		r=$((r + 1))
	done
	echo "$CASE: $RUNS damaged copies, $checks commands (exit 0: $exit0, 1: $exit1, 2: $exit2), $printed 'show' runs reported damage (exit 1), $signals signals"
	if [ "$CASE" = show_damaged ]; then
		checks=$((checks + 1))
		[ "$printed" -gt 0 ] || bad "no bit flip was reported as damage: the flips missed the records"
	fi
	;;
*)
	echo "unknown case $CASE"; exit 2 ;;
esac
[ "$checks" -gt 0 ] || bad "no checks ran"
[ $fail -eq 0 ] && echo "test_chain_regress_$CASE: $checks checks passed"
exit $fail
