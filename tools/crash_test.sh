#!/usr/bin/env bash
# Kills the server with SIGKILL at random moments under load and restarts it on the same
# database (docs/reliability.md, "Crashes"). pg_load --survive plays TABLES tables through all
# of it: its clients reconnect, resume with last_version, and count every event they had seen
# that the restarted server no longer has (a resume answered by a snapshot, a version gap, or an
# own stone missing from the final reveal). Also times each restart: from exec until /healthz
# answers (the unfinished tables are reloaded before the port opens).
#
#   tools/crash_test.sh [KILLS=20] [TABLES=200] [THINK_MS=100]
# Environment: BUILD (default build/sec), PORT (default 18480), KEEP=1 keeps the work folder,
# SERVE_ARGS: more options for `phantomgo serve` (e.g. "--group-commit false").
set -uo pipefail
cd "$(dirname "$0")/.."
KILLS=${1:-20}
TABLES=${2:-200}
THINK_MS=${3:-100}
BUILD=${BUILD:-build/sec}
PORT=${PORT:-18480}
BIN=$BUILD/src/cli/phantomgo
LOAD=$BUILD/tools/pg_load
WORK=$(mktemp -d /tmp/pg-crash.XXXXXX)
DB=$WORK/crash.db
SERVER_PID=

# Sets SERVER_PID and RESTART_MS (not in a subshell: the pid must reach the caller).
start_server() {
  local t0 t1
  t0=$(date +%s%N)
  "$BIN" serve --port "$PORT" --db "$DB" --web web --max-connections 20000 --rate 1000 --lift-limits-per-address \
    ${SERVE_ARGS:-} >>"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "server died on start" >&2; tail "$WORK/server.log"; exit 1; fi
    sleep 0.02
  done
  t1=$(date +%s%N)
  RESTART_MS=$(( (t1 - t0) / 1000000 ))
}

cleanup() {
  [ -n "$SERVER_PID" ] && kill -9 "$SERVER_PID" 2>/dev/null
  [ -n "${LOAD_PID:-}" ] && kill "$LOAD_PID" 2>/dev/null
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

start_server
echo "server up in ${RESTART_MS} ms"
# Long enough for every kill (at most 6 s apart) and 20 s of play after the last restart.
SECONDS_TOTAL=$(( KILLS * 6 + 30 ))
"$LOAD" --port "$PORT" --tables "$TABLES" --think-ms "$THINK_MS" --seconds "$SECONDS_TOTAL" \
  --survive --json "$WORK/load.json" >"$WORK/load.out" 2>&1 &
LOAD_PID=$!
sleep 5
restarts=()
for ((k = 1; k <= KILLS; k++)); do
  sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 1 + 4 * r / 32768 }')"
  kill -9 "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null
  start_server
  restarts+=("$RESTART_MS")
  echo "kill $k: restarted in ${RESTART_MS} ms ($(sqlite3 "$DB" 'select count(*) from tables where finished_at is null' 2>/dev/null) unfinished tables)"
done
wait "$LOAD_PID"
rc=$?
LOAD_PID=
cat "$WORK/load.out"
sorted=$(printf '%s\n' "${restarts[@]}" | sort -n)
echo "restart times (ms): median $(echo "$sorted" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') max $(echo "$sorted" | tail -1)"
echo "unfinished tables in the store at the end: $(sqlite3 "$DB" 'select count(*) from tables where finished_at is null' 2>/dev/null || echo '?')"
exit $rc
