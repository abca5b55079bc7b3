#!/usr/bin/env bash
# The full SCMS issuance of the seed's 3120 pseudonym certificates with an
# SLH-DSA-SHA2-128s ACA (issue 15), measured once and recorded as JSON for
# `pqsig report` (tools/report_wg1609.c reads targets/scms/aca-3120-slhdsa.json).
#   scripts/aca-3120.sh [BUILD_DIR] > targets/scms/aca-3120-slhdsa.json
# ACA_CERTS=N issues N certificates instead (a smoke test; the report reads only a 3120 run).
# Takes minutes of CPU (about 0.1 s per certificate and core here); the ACA
# uses one worker thread per online core (pqsig scms issue --workers).
# The 1-minute load average is sampled every 15 s during the run: on a shared
# machine it says how much of the cores the run could get.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
profile=unified:SLH-DSA-SHA2-128s
certs=${ACA_CERTS:-3120}
command="pqsig scms issue --certs $certs --profile $profile --json"
samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
(while true; do cut -d' ' -f1 /proc/loadavg >>"$samples"; sleep 15; done) &
sampler=$!
# shellcheck disable=SC2086 # command is a list of words
result=$("$build"/$command)
kill "$sampler"
end=$(date -u +%Y-%m-%dT%H:%M:%SZ)
load=$(sort -n "$samples" | awk '{v[NR] = $1} END {printf "%s (median of %d samples, %s to %s)", v[int((NR + 1) / 2)], NR, v[1], v[NR]}')
# The run's one JSON object (the array's only element), then the context.
row=$(printf '%s\n' "$result" | grep '"profile"' | sed 's/^ *{//; s/}[, ]*$//')
cat <<EOF
{
  "what": "SCMS issuance of $certs pseudonym certificates, one vehicle, ACA signing with SLH-DSA-SHA2-128s",
  "command": "$command",
  "refresh": "scripts/aca-3120.sh > targets/scms/aca-3120-slhdsa.json",
  "date": "$start",
  "end": "$end",
  "commit": "$(git -C "$root" rev-parse --short HEAD)",
  "machine": "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) online cores, $(uname -r)",
  "cores_online": $(nproc),
  "load_average_1min": "$load",
  $row
}
EOF
