# Entry points for developers and CI. `make check` is the whole test suite; `make serve` runs
# the site. Build trees live in build/<preset> (see CMakePresets.json).

BIN := build/ci/src/cli/phantomgo
# The machines have two cores; override with `make JOBS=8 ...`.
JOBS ?= 2
FORMAT_DIRS := $(wildcard src tests bench tools fuzz)
CXX_FILES = $(shell find $(FORMAT_DIRS) -type f \( -name '*.cpp' -o -name '*.h' \) | sort)

# The targets depend on each other's order (deps before build before tests).
.NOTPARALLEL:
.PHONY: all deps build programs check test asan web-test fuzz-smoke cluster-test abuse-test arena-test serve \
	flake-check format format-check clean

all: build

deps:
	@scripts/setup.sh

build:
	cmake --preset ci
	cmake --build --preset ci -j $(JOBS)

# The optimised programs without the test suites: phantomgo, the benchmarks and the tools.
programs:
	cmake --preset ci
	cmake --build --preset ci-programs -j $(JOBS)

test:
	ctest --preset ci -j $(JOBS)

# Every module and test suite under ASan + UBSan with PG_ASSERT on (clang), and the fuzz
# targets (CMakePresets.json).
asan:
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# The browser and client tests (tests/web, Node's test runner driving Debian's Chromium).
web-test:
	npm test

# The libFuzzer targets (built by `make asan`, in its clang tree) on their seed corpora, then a
# few seconds of mutation each; long runs: tools/fuzz.sh run <target> (docs/reliability.md).
fuzz-smoke:
	JOBS=$(JOBS) SMOKE_SECONDS=5 tools/fuzz.sh smoke

# PostgreSQL with a standby, three nodes and HAProxy on loopback in a network namespace of its
# own, under load, through every fault: nodes killed, hung, cut off from the database and from
# the proxy, PostgreSQL restarted, a rolling restart, two failovers (about three minutes).
cluster-test:
	tools/cluster_test.sh --short

# One node under a hostile client from 127.0.0.2 while an honest one plays from 127.0.0.3,
# with a restart in the middle (issue #34; about 30 s).
abuse-test:
	tools/abuse_test.sh --short

# A whole arena of 40 simulated players (60 s) on PostgreSQL and three nodes, the node pairing
# it SIGKILLed at 25 s, then every game, interval and standing checked against the stored rows
# (issue #39; about 90 s; tools/arena_test.sh alone runs the 90 s arena of docs/arena.md).
arena-test:
	tools/arena_test.sh --duration 60 --kill-at 25

# The test suites run once, in the sanitizer build, which is also built with warnings as
# errors; the optimised tree builds the programs that the browser and cluster tests drive.
# `make build test` runs the suites optimised.
# Each step in turn, with the time each took printed at the end (scripts/timed_steps.sh).
check:
	@MAKE="$(MAKE)" scripts/timed_steps.sh deps programs asan web-test fuzz-smoke cluster-test \
		abuse-test arena-test

# Not in `check`: the server and store suites 20 times and the browser suite 3 times, beside a
# CPU load on both cores (stress-ng), to find the races a single run misses (about two hours).
flake-check: deps programs
	JOBS=$(JOBS) tools/flake_check.sh

serve: deps programs
	$(BIN) serve

format:
	clang-format -i $(CXX_FILES)

format-check:
	clang-format --dry-run --Werror $(CXX_FILES)

clean:
	rm -rf build
