#!/bin/bash
# Certificate delivery (issue 18) from the command line, checked by independent means:
#  - every available profile: `v2x receive` on a `v2x pcap` capture gives, SPDU for SPDU, the
#    verdict `v2x verify` gives on the SPDUs our own Python reading of the capture extracts
#    (tshark_p2pcd.py extract: WSMP and fragments parsed independently of src/v2x);
#  - `v2x verify` with trust anchors only: a digest signer is unknown, exit 1, with the HashedId3
#    of the P2PCD request; `v2x sign --signer auto --policy` follows the policy;
#  - scenario captures (FN-DSA-512: inline, separate PDU, RSU, J2945/1): with trust anchors only,
#    `v2x receive` verifies every SPDU, some only after a P2PCD certificate delivery;
#  - ECDSA scenario captures: tshark decodes every whole SPDU (all bytes, inlineP2pcdRequest,
#    p2pcdLearningRequest, requestedCertificate where receive found them) and the certificate list
#    of every whole Peer2Peer PDU.
# Profiles: the seed's (fast); with --all as second argument every available one (test_p2pcd_cli_all,
# labelled slow: SLH-DSA PKIs take long).  The number of checks is asserted at the end.
set -u
PQSIG="$1"
ALL="${2:-}"
HERE="$(cd "$(dirname "$0")" && pwd)"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
for tool in tshark "$PY"; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool not installed (scripts/deps.sh installs it)"; exit 1; }
done
cd "$T" || exit 1

# verdicts of receive --json vs verify on the independently extracted SPDUs
compare() { # label dir pcap
	"$PQSIG" v2x receive --pcap "$3" --dir "$2" --json >rx.json 2>rx.err
	local rrc=$?
	rm -rf x && mkdir x
	local n; n=$("$PY" "$HERE/tshark_p2pcd.py" extract "$3" x) || { bad "$1: extract"; return; }
	"$PY" -c 'import json,sys; [print(s["verdict"]) for s in json.load(open(sys.argv[1]))]' rx.json >rx.v
	: >vf.v
	for i in $(seq 1 "$n"); do
		"$PQSIG" v2x verify --dir "$2" --window 3600 "x/spdu-$i.bin" >/dev/null 2>vf.err
		case $? in
		0) echo valid ;; 1) if grep -q "unknown signer" vf.err; then echo unknown-signer; else echo invalid; fi ;;
		*) echo error ;;
		esac >>vf.v
	done
	if [ "$n" -ge 1 ] && [ "$(wc -l <rx.v)" -eq "$n" ] && cmp -s rx.v vf.v; then ok; else
		bad "$1: receive and verify verdicts differ (rc $rrc): $(paste -d' ' rx.v vf.v | tr '\n' ';')"
	fi
}

nprof=0
seed="ECDSA FN-DSA-512 ML-DSA-44 ECDSA/FN-DSA-512"
for prof in $("$PQSIG" v2x profiles | awk '$2 == "available" { print $1 }'); do
	case " $seed " in *" $prof "*) ;; *) [ "$ALL" = --all ] || continue ;; esac
	d="p$nprof"
	nprof=$((nprof + 1))
	"$PQSIG" v2x pki init --profile "$prof" --dir "$d" >/dev/null || { bad "$prof: pki"; continue; }
	"$PQSIG" v2x pcap --dir "$d" -o "$d.pcap" --count 4 >/dev/null || { bad "$prof: pcap"; continue; }
	compare "$prof (vehicle known)" "$d" "$d.pcap"
	# a digest-only capture and a receiver with trust anchors only: unknown signer in both
	mkdir "$d.anchors" && cp "$d/root.cert" "$d.anchors/"
	"$PQSIG" v2x pcap --dir "$d" -o "$d.digest.pcap" --scenario --policy digest --seconds 1 >/dev/null ||
		{ bad "$prof: scenario pcap"; continue; }
	"$PQSIG" v2x receive --pcap "$d.digest.pcap" --dir "$d.anchors" --json >rx.json
	"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); sys.exit(0 if s and all(x["verdict"] == "valid" for x in s) and any(x.get("after_p2pcd") for x in s) else 1)' rx.json &&
		ok || bad "$prof: scenario with anchors only: not every SPDU valid, or none after P2PCD"
done
[ "$nprof" -ge 2 ] && ok || bad "only $nprof available profiles"

# verify with trust anchors only; sign --signer auto
"$PQSIG" v2x pki init --profile FN-DSA-512 --dir fn >/dev/null 2>&1 || "$PQSIG" v2x pki init --profile ECDSA --dir fn --force >/dev/null
mkdir anchors && cp fn/root.cert anchors/
"$PQSIG" v2x sign --dir fn --signer digest -o d.spdu && ok || bad "sign digest"
"$PQSIG" v2x verify --dir anchors d.spdu >/dev/null 2>err
[ $? -eq 1 ] && [ "$(wc -l <err)" -eq 1 ] && grep -q "unknown signer: P2PCD request for HashedId3 [0-9a-f]\{6\}$" err && ok ||
	bad "verify with anchors only: $(cat err)"
id3=$("$PY" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest()[-6:])' fn/vehicle.cert)
grep -q "HashedId3 $id3\$" err && ok || bad "HashedId3 is not the low 3 octets of SHA-256(vehicle.cert) ($id3): $(cat err)"
"$PQSIG" v2x verify --dir fn d.spdu >/dev/null && ok || bad "verify with the vehicle known"
"$PQSIG" v2x sign --dir fn --signer auto --policy j2945 --seq 10 -o a10.spdu && "$PQSIG" v2x sign --dir fn --policy j2945 --seq 11 -o a11.spdu &&
	"$PQSIG" v2x verify --dir anchors a10.spdu >/dev/null && ! "$PQSIG" v2x verify --dir anchors a11.spdu >/dev/null 2>&1 && ok ||
	bad "j2945: BSM 10 carries the certificate, BSM 11 the digest"
"$PQSIG" v2x sign --dir fn --signer cert --policy digest -o x.spdu 2>/dev/null; [ $? -eq 2 ] && ok || bad "--policy with --signer cert"
"$PQSIG" v2x sign --dir fn --signer auto --policy nope -o x.spdu 2>/dev/null; [ $? -eq 2 ] && ok || bad "unknown policy"

# FN-DSA-512 (or ECDSA) scenarios: the newcomer with trust anchors only verifies everything
for args in "--policy digest" "--policy digest --flavour separate" "--policy rsu --flavour separate" "--policy rsu" "--policy j2945"; do
	# shellcheck disable=SC2086
	"$PQSIG" v2x pcap --dir fn -o s.pcap --force --scenario $args --seconds 2 >/dev/null || { bad "scenario $args"; continue; }
	"$PQSIG" v2x receive --pcap s.pcap --dir anchors >rx.txt && ok || bad "scenario $args: receive: $(grep -v ': valid' rx.txt | head -3)"
done
"$PQSIG" v2x receive --pcap s.pcap --dir anchors --json >/dev/null && ok || bad "receive --json"
"$PQSIG" v2x receive --pcap d.spdu --dir anchors 2>/dev/null; [ $? -eq 2 ] && ok || bad "receive: not a pcap"

# tshark on ECDSA scenarios (no unknown alternatives: every expert info is a failure)
"$PQSIG" v2x pki init --profile ECDSA --dir ec >/dev/null && mkdir ec.anchors && cp ec/root.cert ec.anchors/
"$PQSIG" v2x sign --dir ec --signer digest -o ec.spdu
for args in "--policy digest" "--policy digest --flavour separate" "--policy rsu --flavour separate"; do
	# shellcheck disable=SC2086
	"$PQSIG" v2x pcap --dir ec -o e.pcap --force --scenario $args --seconds 2 >/dev/null
	"$PQSIG" v2x receive --pcap e.pcap --dir ec.anchors --json >e.json
	"$PY" "$HERE/tshark_p2pcd.py" check e.pcap e.json ec.spdu >ts.out 2>&1
	if [ $? -eq 0 ] && grep -q "tshark p2pcd: [1-9][0-9]* SPDUs ok ([1-9][0-9]* inlineP2pcdRequest\|([0-9]* inlineP2pcdRequest, [1-9][0-9]* p2pcdLearningRequest" ts.out; then ok; else
		bad "tshark $args: $(cat ts.out)"; fi
	case "$args" in
	*separate*) grep -q "[1-9][0-9]* Peer2Peer PDUs ok" ts.out && ok || bad "tshark $args: no Peer2Peer PDU checked: $(tail -1 ts.out)" ;;
	*) grep -q "[1-9][0-9]* requestedCertificate" ts.out && ok || bad "tshark $args: no requestedCertificate checked: $(tail -1 ts.out)" ;;
	esac
done

want=$((2 * nprof + 1 + 7 + 5 + 2 + 6))
echo "p2pcd cli: $pass passed, $fail failed ($nprof profiles)"
[ "$fail" -eq 0 ] && [ "$pass" -eq "$want" ] || { echo "FAIL: $pass checks passed, want $want"; exit 1; }
