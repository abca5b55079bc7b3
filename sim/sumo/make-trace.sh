#!/usr/bin/env bash
# Mobility for pqsig-v2x-sim from SUMO (docs/sim.md, "SUMO traces"): the shipped 3 x 3 street grid
# (grid.netgcfg, built by SUMO's netgenerate: 150 m blocks, one lane each way, 50 km/h) and 20 trips
# (grid.rou.xml, made once by SUMO's randomTrips.py, seed 1), driven by sumo with FCD output, then
# converted by SUMO's traceExporter.py into the ns-2 mobility and activity files that
# pqsig-v2x-sim reads (--ns2-mobility, --ns2-activity; ns-3's Ns2MobilityHelper).
#   sim/sumo/make-trace.sh OUTDIR [SECONDS]   writes OUTDIR/mobility.tcl and OUTDIR/activity.tcl
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: make-trace.sh OUTDIR [SECONDS]}
secs=${2:-12}
export SUMO_HOME=${SUMO_HOME:-/usr/share/sumo}
exporter=$SUMO_HOME/tools/traceExporter.py
for tool in netgenerate sumo python3; do
	command -v "$tool" >/dev/null || {
		echo "make-trace: $tool not found: SUMO is not installed (scripts/deps.sh sim installs sumo and sumo-tools)" >&2
		exit 2
	}
done
[ -f "$exporter" ] || {
	echo "make-trace: $exporter not found: SUMO's tools are not installed (scripts/deps.sh sim installs sumo-tools, or set SUMO_HOME)" >&2
	exit 2
}
mkdir -p "$out"
netgenerate -c "$here/grid.netgcfg" -o "$out/grid.net.xml" >/dev/null
sumo -n "$out/grid.net.xml" -r "$here/grid.rou.xml" --begin 0 --end "$secs" --step-length 0.1 --seed 1 \
	--fcd-output "$out/fcd.xml" --no-step-log --no-warnings >/dev/null
python3 "$exporter" --fcd-input "$out/fcd.xml" --ns2mobility-output "$out/mobility.tcl" \
	--ns2activity-output "$out/activity.tcl" >/dev/null
