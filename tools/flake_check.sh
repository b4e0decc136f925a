#!/usr/bin/env bash
# `make flake-check` (not part of `make check`): the suites where threads, sockets, timers and the
# store race, many times over, beside a CPU load on both cores, so that a race that loses once
# in forty runs shows here rather than on CI. A flaky test is a bug: this finds it, it does not
# retry it away.
#
#   tools/flake_check.sh            the server and store suites 20 times, the browser suite 3 times
#   ROUNDS=5 WEB_ROUNDS=1 tools/flake_check.sh     shorter
#
# Runs against the optimised tree (make programs builds it; the test binaries are built here).
# The load is Debian's stress-ng (installed when missing), two workers at 70 % each: busy cores,
# as on a shared machine, without starving the tests outright. Prints each suite's runs and
# failures, keeps every log under artifacts/flake-check/, and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-20}
WEB_ROUNDS=${WEB_ROUNDS:-3}
JOBS=${JOBS:-2}
OUT=artifacts/flake-check
mkdir -p "$OUT"

if ! command -v stress-ng >/dev/null 2>&1; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  echo "flake-check: installing stress-ng"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq stress-ng
fi

cmake --preset ci >/dev/null
cmake --build --preset ci -j "$JOBS" --target pg_server_tests pg_store_tests phantomgo pg_view_fixtures

stress-ng --cpu 2 --cpu-load 70 --timeout 0 --quiet &
load=$!
trap 'kill "$load" 2>/dev/null || true' EXIT

failed=0
# ctest's until-fail repeats each test up to ROUNDS times and stops a test at its first failure;
# the count of tests that failed is the figure.
for suite in server store; do
  log="$OUT/$suite.log"
  start=$(date +%s)
  if ctest --preset ci -L "^${suite}\$" -j "$JOBS" --repeat "until-fail:$ROUNDS" --output-on-failure >"$log" 2>&1; then
    rc=0
  else
    rc=1
  fi
  tests=$(grep -Eo 'out of [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  bad=$(grep -Eo '[0-9]+ tests failed' "$log" | tail -1 | grep -Eo '^[0-9]+' || echo 0)
  echo "flake-check: $suite suite, $tests tests x $ROUNDS rounds: $bad failed ($(( $(date +%s) - start )) s)"
  if [ "$rc" -ne 0 ]; then
    failed=1
    grep -E '\(Failed\)|\(Timeout\)|\(SEGFAULT\)' "$log" | sed 's/^/  /' || true
  fi
done

for round in $(seq 1 "$WEB_ROUNDS"); do
  log="$OUT/web-$round.log"
  start=$(date +%s)
  if npm test >"$log" 2>&1; then rc=0; else rc=1; fi
  pass=$(grep -E '^# pass' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  fail=$(grep -E '^# fail' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  echo "flake-check: browser suite, round $round of $WEB_ROUNDS: $pass passed, $fail failed ($(( $(date +%s) - start )) s)"
  if [ "$rc" -ne 0 ]; then
    failed=1
    grep -E '^not ok' "$log" | sed 's/^/  /' || true
  fi
done

exit "$failed"
