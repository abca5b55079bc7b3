# Thin wrapper over CMake + CTest.  `make report` and `make test` work on a
# fresh Debian machine: scripts/deps.sh installs whatever is missing first.
# `make` alone only configures and builds (it never runs apt-get).
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
CTEST_ARGS ?=

.PHONY: all deps configure build test report clean asan fpemu

all: build

deps:
	@scripts/deps.sh

configure:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# deps before build (listed first: make builds prerequisites in order).
test: deps build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS) $(CTEST_ARGS)

report: deps build
	@$(BUILD)/pqsig report --out report/ --quick --force

clean:
	@rm -rf $(BUILD) build-asan build-fpemu report
