#!/usr/bin/env bash
# Install pqsig to a temporary prefix, then build and run consumers of the
# installed package: CMake find_package (the whole toolkit, and the
# post-quantum core alone, which must not link OpenSSL), pkg-config, and a
# parent project that embeds the source tree with add_subdirectory.
# Usage: test_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
checks=0

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in include/pqsig/sig.h include/pqsig/version.h lib/cmake/pqsig/pqsigConfig.cmake \
         lib/pkgconfig/pqsig.pc lib/pkgconfig/pqsig-pqc.pc bin/pqsig; do
	[ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
checks=$((checks + 1))

# 1. find_package(pqsig), everything.
cmake -S "$src/tests/install/consumer" -B "$tmp/c1" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCONSUMER_TARGETS=pqsig::pqsig >/dev/null
cmake --build "$tmp/c1" >/dev/null
"$tmp/c1/consumer"
checks=$((checks + 1))

# 2. find_package(pqsig), the post-quantum core with its own registry: no libcrypto.
cmake -S "$src/tests/install/consumer" -B "$tmp/c2" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCONSUMER_TARGETS="pqsig::registry_pqc;pqsig::pqc" >/dev/null
cmake --build "$tmp/c2" >/dev/null
"$tmp/c2/consumer"
if nm "$tmp/c2/consumer" | grep -q ' U .*EVP_\| U ERR_'; then
	echo "the post-quantum core consumer references OpenSSL"; exit 1
fi
checks=$((checks + 1))

# 3. pkg-config.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc -std=c11 -o "$tmp/c3" "$src/tests/install/consumer/main.c" $(pkg-config --cflags --libs --static pqsig)
"$tmp/c3"
checks=$((checks + 1))

# 4. add_subdirectory from a parent project (PROJECT_SOURCE_DIR, not CMAKE_SOURCE_DIR).
mkdir -p "$tmp/parent"
cp "$src/tests/install/consumer/main.c" "$tmp/parent/"
cat > "$tmp/parent/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.20)
project(parent LANGUAGES C)
add_subdirectory("$src" pqsig)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE pqsig::pqsig)
EOT
cmake -S "$tmp/parent" -B "$tmp/parent/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/parent/build" -j2 --target consumer >/dev/null
"$tmp/parent/build/consumer"
checks=$((checks + 1))

[ "$checks" -eq 5 ] || { echo "ran $checks of 5 checks"; exit 1; }
echo "install: 5 of 5 consumer checks passed"
