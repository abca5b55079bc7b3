#!/usr/bin/env bash
# Cortex-M7 target (docs/m7.md): cross-build targets/m7 and run it under QEMU.
#   scripts/m7.sh kat [HOST_BUILD_DIR]     on-target KAT subset; exit 0 iff bit-exact
#   scripts/m7.sh bench [HOST_BUILD_DIR]   instruction counts (QEMU plugin) as JSON on stdout,
#                                          also written to HOST_BUILD_DIR/m7/m7-bench.json
# The host build (default build/) provides m7_katgen, which writes the KAT
# digests header from ../shared/vectors; the cross build goes to HOST_BUILD_DIR/m7.
# M7_CMAKE_FLAGS (e.g. -DPQSIG_FALCON_FPEMU=ON) is passed to the cross build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-kat}
build=$(cd "${2:-$root/build}" && pwd)
jobs=${JOBS:-2}
case "$mode" in
kat) host_targets=(m7_kat_vectors) ;;
bench) host_targets=(m7_kat_vectors m7_insn_count) ;;
*) echo "m7.sh: unknown mode '$mode' (kat, bench)" >&2; exit 2 ;;
esac
cmake --build "$build" --target "${host_targets[@]}" -j"$jobs" >/dev/null
# shellcheck disable=SC2086 # M7_CMAKE_FLAGS is a list of flags
cmake -S "$root/targets/m7" -B "$build/m7" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/arm-cortex-m7.cmake" \
	-DPQSIG_M7_VECTORS_DIR="$build/tests/m7" ${M7_CMAKE_FLAGS:-} >/dev/null
cmake --build "$build/m7" --target "m7_$mode.elf" -j"$jobs" >/dev/null
elf="$build/m7/m7_$mode.elf"
# Semihosting carries the program's output and exit status; the timeout bounds a hung target.
qemu=(timeout 600 qemu-system-arm -M mps2-an500 -cpu cortex-m7 -nographic -monitor none -serial none
	-semihosting -kernel "$elf")
if [ "$mode" = kat ]; then
	exec "${qemu[@]}"
fi

# bench: the plugin logs "mark <count>" at each m7_bench_mark call; the program prints one
# "op CLASS OPERATION" line per bracketed operation, in the same order.
marker=$(arm-none-eabi-nm "$elf" | awk '$3 == "m7_bench_mark" { print "0x" $1 }')
[ -n "$marker" ] || { echo "m7.sh: no m7_bench_mark in $elf" >&2; exit 2; }
log="$build/m7/m7-bench.plugin.log"
out="$build/m7/m7-bench.out"
rm -f "$log"
"${qemu[@]}" -plugin "$build/tests/m7/libm7_insn_count.so,marker=$marker" -d plugin -D "$log" >"$out"
python3 - "$out" "$log" "$build/m7/m7-bench.json" <<'PY'
import json, statistics, sys
ops = [l.split()[1:] for l in open(sys.argv[1]) if l.startswith("op ")]
marks = [int(l.split()[1]) for l in open(sys.argv[2]) if l.startswith("mark ")]
if len(marks) != 2 * len(ops) or not ops or ops[0] != ["marker", "empty"]:
    sys.exit(f"m7.sh: {len(ops)} operations but {len(marks)} marker hits")
overhead = marks[1] - marks[0]
counts = {}
for (cls, what), (a, b) in zip(ops[1:], zip(marks[2::2], marks[3::2])):
    counts.setdefault(cls, {}).setdefault(what, []).append(b - a - overhead)
# "stack CLASS OPERATION BYTES": painted-stack peak of a bracketed operation (Falcon keygen).
stacks = {}
for l in open(sys.argv[1]):
    if l.startswith("stack "):
        _, cls, what, b = l.split()
        stacks.setdefault((cls, what), []).append(int(b))
def entry(c, w, v):
    e = {"runs": v, "median": statistics.median_low(v)}
    if (c, w) in stacks:
        e["stack_peak_bytes"] = max(stacks[(c, w)])
    return e
result = {
    "target": "Cortex-M7 (qemu-system-arm -M mps2-an500), hard-float fpv5-d16",
    "unit": "guest instructions (QEMU TCG plugin), not cycles",
    "marker_overhead_subtracted": overhead,
    "classes": {c: {w: entry(c, w, v) for w, v in ops_.items()} for c, ops_ in counts.items()},
}
text = json.dumps(result, indent=2)
open(sys.argv[3], "w").write(text + "\n")
print(text)
PY
