# Thin wrapper over CMake + CTest.  `make report` and `make test` work on a
# fresh Debian machine: scripts/deps.sh installs whatever is missing first.
# `make` alone only configures and builds (it never runs apt-get).
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
CTEST_ARGS ?=

.PHONY: all deps deps-m7 deps-sim configure build test report clean asan fpemu m7 m7-bench

all: build

deps:
	@scripts/deps.sh

# The Cortex-M7 cross toolchain and QEMU too (make m7; test_m7_kat in make test).
deps-m7:
	@scripts/deps.sh m7

# ns-3 for pqsig-v2x-sim (docs/sim.md): its tests run in make test, its sweep in make report.
deps-sim:
	@scripts/deps.sh sim

configure:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# deps before build (listed first: make builds prerequisites in order).
# deps-m7: the suite includes test_m7_kat, the KAT subset on the emulated Cortex-M7.
# deps-sim: and the ns-3 simulator's tests (test_sim_*).
test: deps-m7 deps-sim build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS) $(CTEST_ARGS)

report: deps deps-sim build
	@$(BUILD)/pqsig report --out report/ --quick --force

# Cortex-M7 (docs/m7.md): cross-build the PQC core and run the KAT subset under QEMU.
m7: deps-m7 build
	@JOBS=$(JOBS) scripts/m7.sh kat $(BUILD)

# Exact instruction counts of keygen/sign/verify on the emulated M7, JSON (docs/m7.md).
m7-bench: deps-m7 build
	@JOBS=$(JOBS) scripts/m7.sh bench $(BUILD)

clean:
	@rm -rf $(BUILD) build-asan build-fpemu report
