# The two commands of the README, plus the everyday ones. CMake does the real build in $(BUILD).
#   make demo    install what is missing, build, rewrite samples/matmul.c, run it on MPI ranks, compare
#   make check   install what is missing, build, run every suite; ends with `N passed, N failed`
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
# cmake --build runs make below us: keep its output to what matters.
MAKEFLAGS += --no-print-directory

.PHONY: all deps configure build check check-fast demo bench bench-suite install format clean

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

demo: build
	@scripts/demo.sh $(BUILD)

bench: build
	@scripts/bench.sh $(BUILD)

# The seeds' experiments on emulated clusters, with tables and plots (docs/results.md); ARGS=--quick: < 2 min.
bench-suite: build
	@python3 scripts/bench-suite.py --build $(BUILD) $(ARGS)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

format:
	@git ls-files '*.c' '*.h' | grep -v -e '^test/' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
