#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`) and runs them.
#   tools/fuzz.sh smoke              each target on its seed corpus, then briefly mutating
#                                    (what `make fuzz-smoke` runs; about a minute in all)
#   tools/fuzz.sh run TARGET [ARGS]  one long run, e.g. tools/fuzz.sh run fuzz_referee -runs=10000000
#   tools/fuzz.sh build              only builds the targets (build/fuzz/fuzz/TARGET)
# Long runs keep their corpus in build/fuzz-work/TARGET (seeded from fuzz/corpus/TARGET) and
# write crashes there too. Add -jobs/-workers on a machine with cores to spare.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(fuzz_referee fuzz_sgf fuzz_ws fuzz_http)
JOBS=${JOBS:-2}
SMOKE_SECONDS=${SMOKE_SECONDS:-8}

build() {
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$JOBS" --target "$@"
}

case "${1:-smoke}" in
  smoke)
    build "${TARGETS[@]}"
    for t in "${TARGETS[@]}"; do
      work=$(mktemp -d)
      echo "== $t: seed corpus, then ${SMOKE_SECONDS}s of mutation"
      # The whole seed corpus first (every input must pass), then new inputs into a scratch dir.
      if ! build/fuzz/fuzz/"$t" -runs=0 fuzz/corpus/"$t" >"$work/seeds.log" 2>&1; then
        tail -40 "$work/seeds.log"; exit 1
      fi
      if ! build/fuzz/fuzz/"$t" -max_total_time="$SMOKE_SECONDS" -rss_limit_mb=4096 \
             -artifact_prefix="$work/" -print_final_stats=1 "$work" fuzz/corpus/"$t" \
             >"$work/run.log" 2>&1; then
        tail -60 "$work/run.log"; echo "crash input kept in $work"; exit 1
      fi
      grep -E "stat::number_of_executed_units" "$work/run.log" || true
      rm -rf "$work"
    done
    ;;
  build)
    build "${TARGETS[@]}"
    ;;
  run)
    t=$2; shift 2
    build "$t"
    mkdir -p build/fuzz-work/"$t"
    exec build/fuzz/fuzz/"$t" -rss_limit_mb=4096 -artifact_prefix=build/fuzz-work/"$t"/ \
      -print_final_stats=1 "$@" build/fuzz-work/"$t" fuzz/corpus/"$t"
    ;;
  *)
    echo "usage: $0 smoke | build | run TARGET [libFuzzer args]" >&2; exit 2 ;;
esac
