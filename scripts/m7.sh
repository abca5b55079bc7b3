#!/usr/bin/env bash
# Cortex-M7 target (docs/m7.md): cross-build targets/m7 and run it under QEMU.
#   scripts/m7.sh kat [HOST_BUILD_DIR]   on-target KAT subset; exit 0 iff bit-exact
# The host build (default build/) provides m7_katgen, which writes the KAT
# digests header from ../shared/vectors; the cross build goes to HOST_BUILD_DIR/m7.
# M7_CMAKE_FLAGS (e.g. -DPQSIG_FALCON_FPEMU=ON) is passed to the cross build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-kat}
build=$(cd "${2:-$root/build}" && pwd)
jobs=${JOBS:-2}
case "$mode" in
kat) ;;
*) echo "m7.sh: unknown mode '$mode' (kat)" >&2; exit 2 ;;
esac
cmake --build "$build" --target m7_kat_vectors -j"$jobs" >/dev/null
# shellcheck disable=SC2086 # M7_CMAKE_FLAGS is a list of flags
cmake -S "$root/targets/m7" -B "$build/m7" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/arm-cortex-m7.cmake" \
	-DPQSIG_M7_VECTORS_DIR="$build/tests/m7" ${M7_CMAKE_FLAGS:-} >/dev/null
cmake --build "$build/m7" --target m7_kat.elf -j"$jobs" >/dev/null
# Semihosting carries the program's output and exit status; the timeout bounds a hung target.
timeout 600 qemu-system-arm -M mps2-an500 -cpu cortex-m7 -nographic -monitor none -serial none \
	-semihosting -kernel "$build/m7/m7_kat.elf"
