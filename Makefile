# The two commands of the README, plus the everyday ones. CMake does the real build in $(BUILD).
#   make demo    install what is missing, build, run samples/nbody.c through lsc on this machine and on an
#                emulated heterogeneous cluster, compare with the sequential build (ARGS: scripts/demo.py's)
#   make check   install what is missing, build, run every suite; ends with `N passed, N failed`
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
# cmake --build runs make below us: keep its output to what matters.
MAKEFLAGS += --no-print-directory

.PHONY: all deps configure build check check-fast check-cluster demo bench bench-suite fuzz install format clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

check: build
	@python3 scripts/check.py --build $(BUILD) --jobs $(JOBS)

# Same suites without the sanitizer build, for a quicker loop while developing.
check-fast: build
	@python3 scripts/check.py --build $(BUILD) --jobs $(JOBS) --no-sanitize

# lsc across 3 hosts made of network namespaces on this machine (root; test/cluster/): the samples, the rewrite
# tests' programs, hierarchical mode, a pipelined nest, trace clocks, the tutorial's cluster section. Skipped
# (said in one line, counted as skipped) without root or namespaces. Also part of `make check`.
check-cluster: build
	@python3 scripts/check-cluster.py --build $(BUILD)

demo: build
	@scripts/demo.sh $(BUILD) $(ARGS)

bench: build
	@scripts/bench.sh $(BUILD)

# The seeds' experiments on emulated clusters, with tables and plots (docs/results.md); ARGS=--quick: < 2 min.
bench-suite: build
	@python3 scripts/bench-suite.py --build $(BUILD) $(ARGS)

# The differential fuzzer (test/fuzz/, not part of CI): N loops of random programs, sequential against lsc at
# 1-4 ranks; a table by feature class, reproducers of every WRONG in $(BUILD)/fuzz/wrong/.
# FEATURES=default leaves out the classes lsc is known to get wrong (test/fuzz/features.py).
N ?= 1000
SEED ?= 1
FEATURES ?= all
fuzz: build
	@python3 test/fuzz/fuzz.py --build $(BUILD) --loops $(N) --seed $(SEED) --features $(FEATURES) --jobs $(JOBS)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

format:
	@git ls-files '*.c' '*.h' | grep -v -e '^test/' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
