#!/usr/bin/env bash
# `pqsig v2x` end to end, checked by an independent decoder (tshark):
#  - `v2x sizes --json`: the seed's sizes, exactly;
#  - every available profile: pki init, sign (certificate and digest signer),
#    verify (exit 0), tshark decodes every SPDU and certificate (all bytes,
#    one unknown-alternative warning per PQC key or signature, nothing else);
#  - rejections through the CLI for representative profiles: flipped payload
#    byte (1), wrong PSID (1), stale generationTime (1), expired certificate (1),
#    foreign root (1), truncated / trailing byte (2, malformed);
#  - `v2x pcap`: WSMP frames tshark opens without expert info;
#  - ECDSA: the signatures and HashedId8 re-checked with hashlib + pyca cryptography.
# Every profile of the fixed list below must be available: one that is not (a scheme dropped out
# of the build) fails, and the number of checks and of tshark blobs is asserted at the end, so
# an empty or shortened profile list cannot pass.
set -u
PQSIG="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
CHECK="$HERE/tshark_check.py"
# The system interpreter: scripts/deps.sh installs python3-cryptography for it (and a version
# manager's shim in PATH can cost seconds per start).
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 skip=0
: >"$T/manifest"
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect CODE WHAT -- command...  (exit code, and one stderr line on errors)
expect() {
	local want=$1 what=$2; shift 3
	"$@" >"$T/out" 2>"$T/err"
	local got=$? lines; lines=$(wc -l <"$T/err")
	if [ "$got" -eq "$want" ] && { [ "$want" -eq 0 ] || [ "$lines" -eq 1 ]; }; then ok; else
		bad "$what: exit $got (want $want)"; cat "$T/err"; fi
}
# expect_reason WHAT PATTERN: the last command's stderr names the reason
expect_reason() { if grep -q "$2" "$T/err"; then ok; else bad "$1: stderr lacks '$2': $(cat "$T/err")"; fi; }
# tcheck LABEL spdu FILE UNKNOWN | tcheck LABEL cert CERT DIGEST_SPDU UNKNOWN: queue a blob for the
# single tshark run at the end (copies, since the files are overwritten)
nq=0
tcheck() {
	nq=$((nq + 1))
	cp "$3" "$T/q$nq"
	if [ "$2" = cert ]; then
		cp "$4" "$T/q$nq.d"
		echo "$1|cert|$T/q$nq|$5|$T/q$nq.d" >>"$T/manifest"
	else
		echo "$1|spdu|$T/q$nq|$4" >>"$T/manifest"
	fi
}
u() { case "$1" in ECDSA | ECDSA-brainpoolP256r1) echo 0 ;; *) echo 1 ;; esac; }
# the profiles this build has (`pqsig v2x profiles`); each must be listed and available
expected_profiles="ECDSA ML-DSA-44 ML-DSA-87 FN-DSA-512 ECDSA+ML-DSA-87 ECDSA/ML-DSA-44 ECDSA/FN-DSA-512
ECDSA/ECDSA+FN-DSA-512 ML-DSA-65 FN-DSA-1024 ECDSA/ML-DSA-87 ECDSA/ECDSA+ML-DSA-44 ECDSA+FN-DSA-512 ECDSA-P384
ECDSA-brainpoolP256r1 ECDSA+ML-DSA-65 ECDSA/ECDSA+FN-DSA-1024 Falcon-512 ECDSA/Falcon-1024 ECDSA-secp256k1
ECDSA/SLH-DSA-SHA2-128s ECDSA/SLH-DSA-SHAKE-128s ECDSA/SLH-DSA-SHA2-128f FN-DSA-512/SLH-DSA-SHA2-128s"
is_expected() { case " $(echo $expected_profiles) " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

for tool in tshark text2pcap "$PY"; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool not installed (scripts/deps.sh installs it)"; exit 1; }
done

# ---- sizes (the seed's table) ----
"$PQSIG" v2x sizes --json >"$T/sizes.json" || bad "v2x sizes"
"$PY" - "$T/sizes.json" >"$T/sizes.out" <<'EOF'
import json, sys
want = {("ECDSA", "cert"): 333, ("ML-DSA-44", "cert"): 6331, ("ML-DSA-87", "cert"): 12025,
        ("FN-DSA-512", "cert"): 2408, ("ECDSA+ML-DSA-87", "cert"): 12188, ("ECDSA/ML-DSA-44", "cert"): 2691,
        ("ECDSA/FN-DSA-512", "cert"): 937, ("ECDSA/ECDSA+FN-DSA-512", "cert"): 1002,
        ("FN-DSA-512", "digest"): 797}
rows = json.load(open(sys.argv[1]))
seen = set()
for r in rows:
    k = (r["profile"], r["signer"])
    seen.add(k)
    if not r["available"]:
        print("FAIL %s %s: scheme not registered in this build" % k)
    elif r["total"] != want[k]:
        print("FAIL %s %s: %d bytes, want %d" % (k + (r["total"], want[k])))
    else:
        print("OK %s %s %d" % (k + (r["total"],)))
for k in want:
    if k not in seen:
        print("FAIL %s %s: row missing" % k)
EOF
while read -r status rest; do
	case "$status" in OK) ok ;; *) bad "sizes: $rest" ;; esac
done <"$T/sizes.out"

# ---- sizes --all: every profile, certificate and digest signer ----
# The SLH-DSA CA rows follow from the seed's rows by substitution: FIPS 205 table 2 signature sizes
# (128s 7856 B, 128f 17088 B) in the registry alternative (+9 B: choice tag, registry id, length
# determinant), replacing the 66 B ECDSA / 670 B FN-DSA-512 CA signature of the seed's 333 / 2408 B SPDUs.
"$PQSIG" v2x sizes --all --json >"$T/sizes_all.json" || bad "v2x sizes --all"
"$PQSIG" v2x profiles >"$T/profiles_all"
"$PY" - "$T/sizes_all.json" "$(wc -l <"$T/profiles_all")" >"$T/sizes_all.out" <<'EOF'
import json, sys
rows = json.load(open(sys.argv[1]))
want = {("ECDSA/SLH-DSA-SHA2-128s", "cert"): 333 - 66 + 7856 + 9,
        ("ECDSA/SLH-DSA-SHAKE-128s", "cert"): 333 - 66 + 7856 + 9,
        ("ECDSA/SLH-DSA-SHA2-128f", "cert"): 333 - 66 + 17088 + 9,
        ("FN-DSA-512/SLH-DSA-SHA2-128s", "cert"): 2408 - 670 + 7856 + 9,
        ("ECDSA/SLH-DSA-SHA2-128f", "digest"): 193, ("FN-DSA-512/SLH-DSA-SHA2-128s", "digest"): 797,
        ("ECDSA", "cert"): 333, ("FN-DSA-512", "digest"): 797}
got = {(r["profile"], r["signer"]): r for r in rows}
bad = []
if len(rows) != 2 * int(sys.argv[2]):
    bad.append("%d rows, want 2 per profile (%s)" % (len(rows), sys.argv[2]))
for k, total in want.items():
    r = got.get(k)
    if not r or not r["available"] or r["total"] != total:
        bad.append("%s %s: %s, want %d" % (k + (r and r.get("total"), total)))
print("FAIL " + "; ".join(bad) if bad else "OK")
EOF
read -r status rest <"$T/sizes_all.out"
[ "$status" = OK ] && ok || bad "sizes --all: $rest"

# ---- every profile ----
NOW_S=$(date +%s)
"$PQSIG" v2x profiles >"$T/profiles"
for prof in $expected_profiles; do
	grep -qx "$prof available" "$T/profiles" || bad "profile $prof is not available in this build: $(grep "^$prof " "$T/profiles")"
done
looped=0
while read -r prof avail; do
	if [ "$avail" != available ]; then
		if is_expected "$prof"; then continue; fi # failed above
		echo "  $prof: SKIP (a profile beyond the expected list, not available)"; skip=$((skip + 1)); continue
	fi
	looped=$((looped + 1))
	veh=${prof%%/*}; ca=${prof#*/}
	uv=$(u "$veh"); uc=$(u "$ca")
	D="$T/pki"; rm -rf "$D"
	expect 0 "$prof pki init" -- "$PQSIG" v2x pki init --profile "$prof" --dir "$D"
	expect 0 "$prof sign" -- "$PQSIG" v2x sign --dir "$D" --payload-size 100 -o "$T/s" --force
	expect 0 "$prof sign digest" -- "$PQSIG" v2x sign --dir "$D" --payload-size 100 --signer digest -o "$T/sd" --force
	expect 0 "$prof verify" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/s"
	expect 0 "$prof verify digest" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/sd"
	tcheck "$prof tshark SPDU" spdu "$T/s" $((uv + uc + uv))
	tcheck "$prof tshark digest SPDU" spdu "$T/sd" "$uv"
	tcheck "$prof tshark root certificate" cert "$D/root.cert" "$T/sd" $((uc + uc + uv))
	tcheck "$prof tshark vehicle certificate" cert "$D/vehicle.cert" "$T/sd" $((uv + uc + uv))
	if [ "$prof" = ECDSA ]; then
		# independent cryptography (hashlib + pyca): HashedId8 and the three 5.3.1 signatures;
		# a flipped payload byte must make it fail
		if "$PY" "$CHECK" ecdsa "$T/s" "$D/root.cert" "$T/sd" >"$T/tout" 2>&1; then ok; else bad "ECDSA independent check: $(cat "$T/tout")"; fi
		"$PY" -c 'import sys; b=bytearray(open(sys.argv[1],"rb").read()); b[20]^=1; open(sys.argv[2],"wb").write(b)' "$T/s" "$T/x"
		if "$PY" "$CHECK" ecdsa "$T/x" "$D/root.cert" "$T/sd" >/dev/null 2>&1; then bad "ECDSA independent check accepts a flipped payload"; else ok; fi
	fi

	# rejections through the CLI (exit codes and reasons) for a few profiles; test_v2x_profiles
	# checks every profile's rejections in-process
	case "$prof" in ECDSA | FN-DSA-512 | ECDSA+ML-DSA-87 | ECDSA/ML-DSA-44 | ECDSA/ECDSA+FN-DSA-512) ;; *) continue ;; esac
	"$PY" -c 'import sys; b=bytearray(open(sys.argv[1],"rb").read()); b[20]^=1; open(sys.argv[2],"wb").write(b)' "$T/s" "$T/x"
	expect 1 "$prof flipped payload" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/x"
	expect_reason "$prof flipped payload" "signature does not verify"
	head -c $(($(stat -c %s "$T/s") - 1)) "$T/s" >"$T/x"
	expect 2 "$prof truncated" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/x"
	expect_reason "$prof truncated" "malformed"
	cp "$T/s" "$T/x"; printf '\0' >>"$T/x"
	expect 2 "$prof trailing byte" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/x"
	expect_reason "$prof trailing byte" "trailing"
	expect 0 "$prof sign psid 0x21" -- "$PQSIG" v2x sign --dir "$D" --psid 33 -o "$T/x" --force
	expect 1 "$prof wrong PSID" -- "$PQSIG" v2x verify --dir "$D" "$T/x"
	expect_reason "$prof wrong PSID" "PSID not permitted"
	expect 0 "$prof sign old" -- "$PQSIG" v2x sign --dir "$D" --time $(((NOW_S - 1200) * 1000000)) -o "$T/x" --force
	expect 1 "$prof too old" -- "$PQSIG" v2x verify --dir "$D" "$T/x"
	expect_reason "$prof too old" "too old"
	D2="$T/pki2"; rm -rf "$D2"
	expect 0 "$prof foreign pki" -- "$PQSIG" v2x pki init --profile "$prof" --dir "$D2"
	expect 1 "$prof foreign root" -- "$PQSIG" v2x verify --dir "$D2" --window 600 "$T/s"
	expect_reason "$prof foreign root" "issuer not known"
	# expired: certificates from 30 days ago (the vehicle's lasts a week)
	rm -rf "$D2"
	expect 0 "$prof old pki" -- "$PQSIG" v2x pki init --profile "$prof" --dir "$D2" --start $((NOW_S - 30 * 86400))
	expect 0 "$prof sign expired" -- "$PQSIG" v2x sign --dir "$D2" -o "$T/x" --force
	expect 1 "$prof expired" -- "$PQSIG" v2x verify --dir "$D2" "$T/x"
	expect_reason "$prof expired" "expired"
done <"$T/profiles"

# ---- an intermediate CA: chain of three, its certificate decoded by tshark ----
for prof in ECDSA ECDSA/FN-DSA-512; do
	veh=${prof%%/*}; ca=${prof#*/}
	uv=$(u "$veh"); uc=$(u "$ca")
	D="$T/ica"; rm -rf "$D"
	expect 0 "$prof pki init --intermediate" -- "$PQSIG" v2x pki init --profile "$prof" --dir "$D" --intermediate
	[ -f "$D/ica.cert" ] || { bad "$prof intermediate: no ica.cert"; continue; }
	expect 0 "$prof ica sign" -- "$PQSIG" v2x sign --dir "$D" -o "$T/s" --force
	expect 0 "$prof ica sign digest" -- "$PQSIG" v2x sign --dir "$D" --signer digest -o "$T/sd" --force
	expect 0 "$prof ica verify" -- "$PQSIG" v2x verify --dir "$D" "$T/s"
	grep -q "chain of 3" "$T/out" && ok || bad "$prof ica: $(cat "$T/out")"
	expect 0 "$prof ica verify digest" -- "$PQSIG" v2x verify --dir "$D" "$T/sd"
	tcheck "$prof tshark ICA SPDU" spdu "$T/s" $((uv + uc + uv))
	tcheck "$prof tshark ICA certificate" cert "$D/ica.cert" "$T/sd" $((uc + uc + uv))
done

# ---- pcap: WSMP frames that tshark opens cleanly ----
D="$T/pcap"
for case in "ECDSA ethernet" "ML-DSA-44 ethernet" "ML-DSA-44 80211"; do
	set -- $case
	rm -rf "$D"
	if ! "$PQSIG" v2x pki init --profile "$1" --dir "$D" >/dev/null 2>&1; then
		bad "pcap $1: pki init failed"; continue
	fi
	expect 0 "pcap $1 $2" -- "$PQSIG" v2x pcap --dir "$D" --link "$2" --count 4 -o "$T/p.pcap" --force
	frames=$(sed -n 's/.* in \([0-9]*\) WSMP frames.*/\1/p' "$T/out")
	tshark -r "$T/p.pcap" -T fields -e wsmp.psid -e _ws.expert.message >"$T/pf" 2>/dev/null
	got=$(grep -c '^0x00000020' "$T/pf"); experts=$(cut -f2 "$T/pf" | grep -c .)
	if [ -n "$frames" ] && [ "$frames" -ge 4 ] && [ "$got" -eq "$frames" ] && [ "$experts" -eq 0 ]; then ok; else
		bad "pcap $1 $2: $got WSMP frames with PSID 0x20 of ${frames:-?}, $experts expert infos"; fi
done

# ---- the queued tshark decodes ----
if "$PY" "$CHECK" batch "$T/manifest" >"$T/tout" 2>&1; then ok; else bad "tshark batch"; fi
grep FAIL "$T/tout"
tshark_ok=$(sed -n 's/^tshark: \([0-9]*\) ok.*/\1/p' "$T/tout")
tshark_bad=$(sed -n 's/^tshark: [0-9]* ok, \([0-9]*\) failed/\1/p' "$T/tout")
echo "  tshark: ${tshark_ok:-0} blobs decoded clean, ${tshark_bad:-?} failed"
# 4 blobs per available profile and 4 for the two intermediate-CA chains (84 with the 20 expected)
want_blobs=$((4 * looped + 4))
[ "${tshark_ok:-0}" -eq "$want_blobs" ] && ok || bad "tshark decoded ${tshark_ok:-0} blobs, want $want_blobs"

expect 2 "unknown profile" -- "$PQSIG" v2x pki init --profile NOPE --dir "$T/n"
expect 2 "missing SPDU" -- "$PQSIG" v2x verify --dir "$T/pki" "$T/nope"
expect 2 "unknown v2x command" -- "$PQSIG" v2x frob
# every check ran: 5 per available profile and 131 others; the
# count check itself is one of them
want_checks=$((5 * looped + 131)) ran=$((pass + fail + 1))
[ "$ran" -eq "$want_checks" ] && ok || bad "$ran checks ran, want $want_checks"
echo "v2x_cli: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
