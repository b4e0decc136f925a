#!/usr/bin/env bash
# Light random playouts per second on one thread: ours (`phantomgo bench playouts`) against
# libEGO's own benchmark, alternately in one run (docs/bot.md, "Playout speed against libEGO").
# A manual tool, not part of `make check`; it downloads nothing.
#
#   tools/libego_bench.sh LIBEGO [PHANTOMGO] [ROUNDS=5] [SECONDS=5]
#   LIBEGO     a libEGO source tree (the folder holding source/) or a bare git directory of it
#              (e.g. /work/.mirror/lukaszlew+libego/repo; HEAD is taken)
#   PHANTOMGO  our binary (default build/ci/src/cli/phantomgo)
#
# libEGO is built in a temporary folder with its own CMake and its own Release flags (its
# board gets -O3 -march=native from libEGO's cmake/modules/SetCxxFlags.cmake). Two edits are
# made to the copy, nothing else:
#   - gtp/gtp.cpp: `bool ok = in;` becomes an explicit conversion (newer GCC rejects the
#     implicit one from a stream);
#   - goboard/benchmark.cpp: the GTP command `benchmark N` runs libEGO's light playouts
#     (Board::RandomLightMove, the line the file keeps commented out, which was its default
#     until 2010) instead of its pattern sampler, and the sampler's bookkeeping calls go.
# libEGO reports playouts per user CPU second of the process; ours reports playouts per CPU
# second of the playout thread. Both start every playout from the empty 9x9 board.
# Each round runs libEGO then ours for about SECONDS each (libEGO's playout count is
# calibrated once from a short run). Prints every rate, both medians and ours/libEGO.
# Environment: KEEP=1 keeps the temporary folder, LIBEGO_BUILD=dir reuses a finished build.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 2
fi
SRC=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PG=${2:-$ROOT/build/ci/src/cli/phantomgo}
ROUNDS=${3:-5}
SECONDS_EACH=${4:-5}
[[ -x $PG ]] || { echo "no phantomgo binary at $PG" >&2; exit 1; }

if [[ -n ${LIBEGO_BUILD:-} ]]; then
  ENGINE=$LIBEGO_BUILD/main/engine
else
  WORK=$(mktemp -d /tmp/libego_bench.XXXXXX)
  [[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$WORK"' EXIT
  mkdir -p "$WORK/src"
  if [[ -d $SRC/source ]]; then
    cp -r "$SRC/." "$WORK/src/"
  elif git --git-dir="$SRC" rev-parse --verify -q HEAD >/dev/null; then
    git --git-dir="$SRC" archive HEAD | tar -x -C "$WORK/src"
    echo "libEGO commit: $(git --git-dir="$SRC" rev-parse --short HEAD)"
  else
    echo "$SRC is neither a libEGO source tree nor a git directory of one" >&2
    exit 1
  fi
  S=$WORK/src/source
  sed -i 's/bool ok = in;/bool ok = static_cast<bool>(in);/' "$S/gtp/gtp.cpp"
  B=$S/goboard/benchmark.cpp
  sed -i -e 's|^\(\s*\)Vertex v = sampler.SampleMove (random);|\1// Vertex v = sampler.SampleMove (random);|' \
         -e 's|^\(\s*\)//Vertex v = board.RandomLightMove (pl, random);|\1Vertex v = board.RandomLightMove (pl, random);|' \
         -e '/sampler.NewPlayout ();/d' -e '/sampler.MovePlayed ();/d' "$B"
  grep -q '^\s*Vertex v = board.RandomLightMove (pl, random);' "$B" ||
    { echo "could not switch $B to light playouts (has the file changed?)" >&2; exit 1; }
  mkdir -p "$WORK/build"
  echo "building libEGO in $WORK/build ..."
  (cd "$WORK/build" && cmake -DCMAKE_BUILD_TYPE=Release "$S" >cmake.log 2>&1 &&
    make -j2 engine >make.log 2>&1) ||
    { echo "libEGO build failed; see $WORK/build/*.log (KEEP=1 keeps them)" >&2; exit 1; }
  ENGINE=$WORK/build/main/engine
fi

# libEGO prints "<k> kpps"; the rate in playouts per second.
ego_rate() {
  "$ENGINE" "benchmark $1" quit 2>&1 | awk '$2 == "kpps" { printf "%.0f\n", $1 * 1000 }'
}
ours_rate() {
  "$PG" bench playouts --seconds "$SECONDS_EACH" | awk '/^playouts\/s:/ { print $2 }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

CAL=$(ego_rate 20000)
COUNT=$(awk -v r="$CAL" -v s="$SECONDS_EACH" 'BEGIN { printf "%d\n", r * s }')
echo "load: $(uptime | sed 's/.*load average/load average/')"
echo "libEGO calibration: $CAL playouts/s, so $COUNT playouts a round"
printf '%-6s %12s %12s\n' round libEGO ours
EGO=() OURS=()
for ((i = 1; i <= ROUNDS; ++i)); do
  e=$(ego_rate "$COUNT")
  o=$(ours_rate)
  EGO+=("$e") OURS+=("$o")
  printf '%-6s %12s %12s\n' "$i" "$e" "$o"
done
ME=$(printf '%s\n' "${EGO[@]}" | median)
MO=$(printf '%s\n' "${OURS[@]}" | median)
printf '%-6s %12s %12s\n' median "$ME" "$MO"
echo "load: $(uptime | sed 's/.*load average/load average/')"
awk -v o="$MO" -v e="$ME" 'BEGIN { printf "ratio of medians (ours / libEGO): %.2f\n", o / e }'
