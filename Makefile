# Entry points for developers and CI. `make check` is the whole test suite; `make serve` runs
# the site. Build trees live in build/<preset> (see CMakePresets.json).

BIN := build/ci/src/cli/phantomgo
# The machines have two cores; override with `make JOBS=8 ...`.
JOBS ?= 2
FORMAT_DIRS := $(wildcard src tests bench tools fuzz)
CXX_FILES = $(shell find $(FORMAT_DIRS) -type f \( -name '*.cpp' -o -name '*.h' \) | sort)

# The targets depend on each other's order (deps before build before tests).
.NOTPARALLEL:
.PHONY: all deps build check test asan web-test fuzz-smoke serve format format-check clean

all: build

deps:
	@scripts/setup.sh

build:
	cmake --preset ci
	cmake --build --preset ci -j $(JOBS)

test:
	ctest --preset ci -j $(JOBS)

asan:
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

web-test:
	@if [ -f package.json ] && node -e 'process.exit((require("./package.json").scripts || {}).test ? 0 : 1)'; then \
	  npm test; \
	else \
	  echo "web-test: package.json has no test script yet; no browser tests to run"; \
	fi

# The libFuzzer targets (clang, preset `fuzz`) on their seed corpora, then a few seconds of
# mutation each; long runs: tools/fuzz.sh run <target> (docs/reliability.md).
fuzz-smoke:
	JOBS=$(JOBS) SMOKE_SECONDS=5 tools/fuzz.sh smoke

check: deps build test asan web-test fuzz-smoke

serve: deps build
	@if ! $(BIN) --help 2>/dev/null | grep -Eq '^ +serve( |$$)'; then \
	  echo "make serve: the server is not built yet ('phantomgo serve' arrives with the server issue)." >&2; \
	  exit 1; \
	fi
	$(BIN) serve

format:
	clang-format -i $(CXX_FILES)

format-check:
	clang-format --dry-run --Werror $(CXX_FILES)

clean:
	rm -rf build
