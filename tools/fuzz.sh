#!/usr/bin/env bash
# Builds the libFuzzer targets (in the sanitizer tree, preset `asan`: clang, ASan + UBSan, beside
# the test suites) and runs them.
#   tools/fuzz.sh smoke              each target on its seed corpus, then briefly mutating, JOBS
#                                    at a time (what `make fuzz-smoke` runs; about half a minute)
#   tools/fuzz.sh run TARGET [ARGS]  one long run, e.g. tools/fuzz.sh run fuzz_referee -runs=10000000
#   tools/fuzz.sh fast TARGET [ARGS] the same with the fast build (preset fuzz-fast: LSan, UBSan
#                                    traps and libstdc++ assertions instead of ASan), two to
#                                    three times the executions per second
#   tools/fuzz.sh replay TARGET      every input of the long runs' corpus once more under ASan and
#                                    UBSan, with a leak check per input (after a fast run)
#   tools/fuzz.sh build              only builds the targets (build/asan/fuzz/TARGET)
# Long runs keep their corpus in build/fuzz-work/TARGET (seeded from fuzz/corpus/TARGET) and
# write crashes there too. Add -jobs/-workers on a machine with cores to spare.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(fuzz_referee fuzz_sgf fuzz_ws fuzz_http fuzz_client_message fuzz_passkey)
JOBS=${JOBS:-2}
SMOKE_SECONDS=${SMOKE_SECONDS:-8}

build() {  # build PRESET TARGET...
  local preset=$1; shift
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$JOBS" --target "$@"
}

# canary PRESET: the planted faults of fuzz/fuzz_canary.cpp must each be reported by that build
# in this environment (ASAN_OPTIONS, LSAN_OPTIONS), or no run starts.
canary() {
  local preset=$1 dir out input want
  build "$preset" fuzz_canary >/dev/null
  dir=$(mktemp -d)
  for input in L V C; do
    case $input in
      L) want='LeakSanitizer: detected memory leaks' ;;
      V) want='AddressSanitizer: heap-buffer-overflow|Assertion .* failed' ;;
      C) want='fuzz check failed' ;;
    esac
    printf '%s!' "$input" >"$dir/in"
    out=$(build/"$preset"/fuzz/fuzz_canary "$dir/in" 2>&1) || true
    if ! grep -Eq "$want" <<<"$out"; then
      echo "canary: the $preset build did not report its planted fault '$input' ($want) with" \
           "ASAN_OPTIONS='${ASAN_OPTIONS:-}' LSAN_OPTIONS='${LSAN_OPTIONS:-}'" >&2
      tail -5 <<<"$out" >&2; rm -rf "$dir"; exit 1
    fi
  done
  rm -rf "$dir"
}

# smoke_one TARGET: the whole seed corpus (every input must pass), then SMOKE_SECONDS of
# mutation into a scratch folder; fails with the end of the log and keeps the crash input.
smoke_one() {
  local t=$1 work
  work=$(mktemp -d)
  echo "== $t: seed corpus, then ${SMOKE_SECONDS}s of mutation"
  if ! build/asan/fuzz/"$t" -runs=0 fuzz/corpus/"$t" >"$work/seeds.log" 2>&1; then
    tail -40 "$work/seeds.log"; return 1
  fi
  if ! build/asan/fuzz/"$t" -max_total_time="$SMOKE_SECONDS" -rss_limit_mb=4096 \
         -artifact_prefix="$work/" -print_final_stats=1 "$work" fuzz/corpus/"$t" \
         >"$work/run.log" 2>&1; then
    tail -60 "$work/run.log"; echo "crash input kept in $work"; return 1
  fi
  grep -E "stat::number_of_executed_units" "$work/run.log" || true
  rm -rf "$work"
}

case "${1:-smoke}" in
  smoke)
    build asan "${TARGETS[@]}"
    canary asan
    # JOBS targets at a time (the machine's cores), each writing to a log of its own that is
    # printed when it ends, so the lines of two targets do not mix.
    logs=$(mktemp -d)
    running=0
    failed=0
    for t in "${TARGETS[@]}"; do
      smoke_one "$t" >"$logs/$t.log" 2>&1 &
      running=$((running + 1))
      if ((running >= JOBS)); then
        wait -n || failed=1
        running=$((running - 1))
      fi
    done
    while ((running > 0)); do
      wait -n || failed=1
      running=$((running - 1))
    done
    for t in "${TARGETS[@]}"; do cat "$logs/$t.log"; done
    rm -rf "$logs"
    exit "$failed"
    ;;
  build)
    build asan "${TARGETS[@]}"
    ;;
  run | fast)
    preset=asan; [ "$1" = fast ] && preset=fuzz-fast
    t=$2; shift 2
    build "$preset" "$t"
    mkdir -p build/fuzz-work/"$t"
    # Without ASan, LSan's stack capture at every allocation is most of its cost. Two frames are
    # the fewest with which it still reports a leak (with 0 or 1 it reports none: the canary).
    [ "$preset" = fuzz-fast ] && export LSAN_OPTIONS=${LSAN_OPTIONS:-malloc_context_size=2}
    canary "$preset"
    exec build/"$preset"/fuzz/"$t" -rss_limit_mb=4096 -artifact_prefix=build/fuzz-work/"$t"/ \
      -print_final_stats=1 "$@" build/fuzz-work/"$t" fuzz/corpus/"$t"
    ;;
  replay)
    t=$2
    build asan "$t"
    canary asan
    mkdir -p build/fuzz-work/"$t"
    # -runs=0: each input once, no mutation; libFuzzer checks for a leak after each input.
    exec build/asan/fuzz/"$t" -runs=0 -rss_limit_mb=4096 -detect_leaks=1 \
      build/fuzz-work/"$t" fuzz/corpus/"$t"
    ;;
  *)
    echo "usage: $0 smoke | build | run TARGET [libFuzzer args] | fast TARGET [args] | replay TARGET" >&2
    exit 2 ;;
esac
