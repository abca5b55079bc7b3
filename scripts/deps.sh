#!/usr/bin/env bash
# Install the Debian packages pqsig needs, if any is missing (fresh machine).
#   scripts/deps.sh      the host build, tests and report
#   scripts/deps.sh m7   also the Cortex-M7 target (cross compiler, newlib, QEMU; docs/m7.md)
#   scripts/deps.sh sim  also ns-3 for pqsig-v2x-sim (libns3-dev) and SUMO for its traces (sumo, sumo-tools; docs/sim.md)
#   Groups combine: scripts/deps.sh m7 sim
set -euo pipefail
pkgs=(build-essential cmake pkg-config libssl-dev zlib1g-dev liblmdb-dev valgrind tshark clang libclang-rt-14-dev python3 python3-cryptography strace clang-format)
for group in "$@"; do
	case "$group" in
	m7) pkgs+=(gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm) ;;
	sim) pkgs+=(libns3-dev sumo sumo-tools) ;;
	*)
		echo "deps: unknown group '$group' (m7, sim)" >&2
		exit 2
		;;
	esac
done
need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in "${pkgs[@]}"; do
	have_pkg "$p" || need+=("$p")
done
[ ${#need[@]} -eq 0 ] && exit 0
echo "deps: installing ${need[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
# tshark asks whether non-root users may capture; answer for it.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
