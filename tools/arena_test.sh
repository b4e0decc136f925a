#!/usr/bin/env bash
# The whole-arena fault test (issue #39, docs/arena.md "The whole-arena test"): a fresh
# PostgreSQL server and three `phantomgo serve` nodes on it, on loopback in a temporary folder;
# pg_arena_players signs up PLAYERS (40) players, creates an arena of DURATION (90) s and plays it
# through the real protocol, each player on a node of its own choice and on the next one when
# its connection is lost. KILL_AT (35) s into the arena the node holding the arena's claim (read
# from the claims and leases in the database) is SIGKILLed, and started again RESTART (3) s
# later. At the end pg_arena_players checks the stored rows (every game finished, nobody in two games
# at once, pairing went on after the kill, the API's standings equal a recomputation in SQL) and
# prints its figures as JSON, which this script prints too. No proxy: the players fail over
# themselves.
#
#   tools/arena_test.sh [--players N] [--duration S] [--kill-at S] [--no-kill]
# Environment: BUILD (default build/ci), BASE_PORT (default 18700), KEEP=1 keeps the folder.
# Exits non-zero when a check fails or a step fails.
set -uo pipefail
SELF=$(readlink -f "$0")
cd "$(dirname "$SELF")/.."

PLAYERS=40
DURATION=90
KILL_AT=35
RESTART=3
KILL=1
while [ $# -gt 0 ]; do
  case "$1" in
    --players) PLAYERS=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    --kill-at) KILL_AT=$2; shift ;;
    --no-kill) KILL=0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

BUILD=${BUILD:-build/ci}
BIN=$BUILD/src/cli/phantomgo
TOOL=$BUILD/tools/pg_arena_players
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
BASE_PORT=${BASE_PORT:-18700}
PG_PORT=$((BASE_PORT + 20))
NODES=3
SITE=http://arena.test
WORK=$(mktemp -d /tmp/pg-arena.XXXXXX)
chmod 755 "$WORK"
PIDS=()
TOOL_PID=

for tool in "$BIN" "$TOOL" "$PG_BIN/initdb" "$PG_BIN/pg_ctl" "$PG_BIN/psql"; do
  [ -x "$tool" ] || { echo "arena_test: $tool is missing (make programs; scripts/setup.sh)" >&2; exit 1; }
done

# PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
now_ms() { date +%s%3N; }

cleanup() {
  for pid in "${PIDS[@]}"; do [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; done
  [ -n "$TOOL_PID" ] && kill "$TOOL_PID" 2>/dev/null
  [ -f "$WORK/pg/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- PostgreSQL: a fresh server on loopback TCP; the script's own commands use its socket ----
mkdir -p "$WORK/pg" "$WORK/sock" "$WORK/pglog"
chmod 700 "$WORK/pg"  # PostgreSQL refuses a data folder that others may read
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$WORK/pg" "$WORK/sock" "$WORK/pglog"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust --no-sync >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log"; exit 1; }
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pglog/pg.log" -w start \
  -o "-p $PG_PORT -k $WORK/sock -c listen_addresses=127.0.0.1 -c max_connections=200 -c wal_init_zero=off -c fsync=off" \
  >/dev/null || { cat "$WORK/pglog/pg.log"; exit 1; }
psql_q() { as_pg "$PG_BIN/psql" -h "$WORK/sock" -p "$PG_PORT" -U postgres -Atc "$1" phantomgo; }
as_pg "$PG_BIN/psql" -h "$WORK/sock" -p "$PG_PORT" -U postgres -Atc "CREATE DATABASE phantomgo" postgres >/dev/null || exit 1
DB="postgresql://postgres@127.0.0.1:$PG_PORT/phantomgo"

# ---- The nodes ----
node_port() { echo $((BASE_PORT + $1)); }
start_node() {  # start_node I: starts node I (1-based), named nodeI, and waits for /healthz
  local i=$1 port
  port=$(node_port "$i")
  echo "---- $(date '+%F %T.%3N') started by the test" >>"$WORK/node$i.log"
  "$BIN" serve --port "$port" --db "$DB" --web web --public-url "$SITE" --node-name "node$i" \
    --arena-min-seconds 60 --first-move-seconds 10 >>"$WORK/node$i.log" 2>&1 &
  PIDS[$i]=$!
  for _ in $(seq 1 500); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    kill -0 "${PIDS[$i]}" 2>/dev/null || break
    sleep 0.02
  done
  echo "node $i did not start" >&2; tail "$WORK/node$i.log" >&2; exit 1
}
for ((i = 1; i <= NODES; i++)); do start_node "$i"; done
PORTS=$(node_port 1),$(node_port 2),$(node_port 3)

# ---- The players ----
"$TOOL" --ports "$PORTS" --db "$DB" --site "$SITE" --rp arena.test --players "$PLAYERS" \
  --duration "$DURATION" --arena-file "$WORK/arena" --kill-file "$WORK/kill" \
  >"$WORK/figures.json" 2>"$WORK/tool.log" &
TOOL_PID=$!

if [ "$KILL" = 1 ]; then
  for _ in $(seq 1 600); do [ -s "$WORK/arena" ] && break; sleep 0.1; done
  [ -s "$WORK/arena" ] || { echo "arena_test: no arena was created" >&2; cat "$WORK/tool.log" >&2; exit 1; }
  ARENA=$(cat "$WORK/arena")
  STARTS=$(psql_q "SELECT starts_at FROM arenas WHERE id = '$ARENA'")
  while [ "$(now_ms)" -lt $((STARTS + KILL_AT * 1000)) ]; do sleep 0.1; done
  # The node whose live lease holds the arena's claim: a lease is named "host:pid".
  HOLDER=$(psql_q "SELECT l.node FROM claims c JOIN node_leases l ON l.lease = c.lease
                   WHERE c.table_id = 'arena:$ARENA' AND l.expires_at > clock_timestamp()")
  i=
  for ((n = 1; n <= NODES; n++)); do [ "${HOLDER##*:}" = "${PIDS[$n]}" ] && i=$n; done
  [ -n "$i" ] || { echo "arena_test: no node holds the arena's claim ('$HOLDER')" >&2; exit 1; }
  now_ms >"$WORK/kill"
  kill -9 "${PIDS[$i]}"
  echo "arena_test: $(date '+%T') SIGKILLed node $i, which held the arena's claim"
  sleep "$RESTART"
  start_node "$i"
  echo "arena_test: $(date '+%T') node $i started again"
fi

wait "$TOOL_PID"
STATUS=$?
TOOL_PID=
grep -E "FAILED|ok:" "$WORK/tool.log"
cat "$WORK/figures.json"
if [ "$STATUS" -ne 0 ]; then
  echo "arena_test: FAIL (pg_arena_players exited $STATUS)"
  tail -40 "$WORK/tool.log"
  exit 1
fi
echo "arena_test: PASS"
