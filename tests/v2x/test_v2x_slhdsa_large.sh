#!/usr/bin/env bash
# The larger SLH-DSA sets as V2X CAs (issue 15): SLH-DSA-SHA2-192s/192f/256s/256f sign the root and
# the vehicle certificate (ECDSA vehicle), through the CLI:
#  - SPDU sizes exact: the seed's ECDSA SPDU (333 B) with its 66-byte CA signature replaced by the
#    FIPS 205 table 2 signature in the registry alternative (+9 B: choice tag, 3-octet open-type
#    length, scheme id, 3-octet OCTET STRING length), i.e. the COER long-form length determinants
#    (X.696 section 8.6) of signatures up to 49856 B;
#  - verify (exit 0), a flipped payload byte rejected (exit 1);
#  - tshark (an independent decoder) consumes every byte of the SPDUs and certificates with one
#    unknown-alternative warning per SLH-DSA key or signature;
#  - WSM fragmentation at 1400 and 2302 B: `v2x pcap --count 2` writes the certificate-signed SPDU
#    in ceil(len / (limit - 29)) WSMP fragments (docs/wsm.md) and the digest-signed one in one
#    frame; tshark opens all of them without expert info.
# The SHAKE sets have the same sizes (FIPS 205 table 2), so the SHA2 ones stand for both.
set -u
PQSIG="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
CHECK="$HERE/tshark_check.py"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
: >"$T/manifest"
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() {
	local want=$1 what=$2; shift 3
	"$@" >"$T/out" 2>"$T/err"
	local got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got (want $want)"; cat "$T/err"; fi
}
for tool in tshark "$PY"; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool not installed (scripts/deps.sh installs it)"; exit 1; }
done

nq=0
for set_sig in SHA2-192s:16224 SHA2-192f:35664 SHA2-256s:29792 SHA2-256f:49856; do
	set=${set_sig%%:*} sig=${set_sig#*:}
	prof="ECDSA/SLH-DSA-$set"
	D="$T/$set"
	expect 0 "$prof pki init" -- "$PQSIG" v2x pki init --profile "$prof" --dir "$D"
	expect 0 "$prof sign" -- "$PQSIG" v2x sign --dir "$D" --payload-size 100 -o "$T/s$set"
	expect 0 "$prof sign digest" -- "$PQSIG" v2x sign --dir "$D" --payload-size 100 --signer digest -o "$T/d$set"
	expect 0 "$prof verify" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/s$set"
	expect 0 "$prof verify digest" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/d$set"
	len=$(stat -c %s "$T/s$set")
	[ "$len" -eq $((333 - 66 + sig + 9)) ] && ok || bad "$prof SPDU $len B, want $((333 - 66 + sig + 9))"
	[ "$(stat -c %s "$T/d$set")" -eq 193 ] && ok || bad "$prof digest SPDU $(stat -c %s "$T/d$set") B, want 193"
	"$PY" -c 'import sys; b=bytearray(open(sys.argv[1],"rb").read()); b[20]^=1; open(sys.argv[2],"wb").write(b)' \
		"$T/s$set" "$T/x"
	expect 1 "$prof flipped payload" -- "$PQSIG" v2x verify --dir "$D" --window 600 "$T/x"
	# tshark: SPDU (1 unknown: the CA signature), root (key and signature), vehicle (CA signature)
	echo "$prof SPDU|spdu|$T/s$set|1" >>"$T/manifest"
	echo "$prof digest SPDU|spdu|$T/d$set|0" >>"$T/manifest"
	echo "$prof root|cert|$D/root.cert|2|$T/d$set" >>"$T/manifest"
	echo "$prof vehicle|cert|$D/vehicle.cert|1|$T/d$set" >>"$T/manifest"
	nq=$((nq + 4))
	for limit in 1400 2302; do
		expect 0 "$prof pcap @$limit" -- "$PQSIG" v2x pcap --dir "$D" --count 2 --limit $limit -o "$T/p.pcap" --force
		frames=$(sed -n 's/.* in \([0-9]*\) WSMP frames.*/\1/p' "$T/out")
		want=$(((len + limit - 29 - 1) / (limit - 29) + 1))
		tshark -r "$T/p.pcap" -T fields -e wsmp.psid -e _ws.expert.message >"$T/pf" 2>/dev/null
		got=$(grep -c . "$T/pf"); experts=$(cut -f2 "$T/pf" | grep -c .)
		if [ "${frames:-0}" -eq "$want" ] && [ "$got" -eq "$want" ] && [ "$experts" -eq 0 ]; then ok; else
			bad "$prof pcap @$limit: ${frames:-?} frames written, tshark read $got, want $want; $experts expert infos"
		fi
	done
done
if "$PY" "$CHECK" batch "$T/manifest" >"$T/tout" 2>&1; then ok; else bad "tshark batch"; fi
grep FAIL "$T/tout"
tshark_ok=$(sed -n 's/^tshark: \([0-9]*\) ok.*/\1/p' "$T/tout")
[ "${tshark_ok:-0}" -eq "$nq" ] && ok || bad "tshark decoded ${tshark_ok:-0} blobs clean, want $nq"
# 12 checks per set, the tshark batch and its count
want_checks=$((4 * 12 + 2))
echo "test_v2x_slhdsa_large: $pass passed, $fail failed (want $want_checks passed)"
[ "$fail" -eq 0 ] && [ "$pass" -eq "$want_checks" ]
