#!/usr/bin/env bash
# The cluster under load, with nodes killed (docs/reliability.md, "The cluster"): a PostgreSQL
# server, NODES `phantomgo serve` nodes on it and nginx in front (deploy/nginx.conf), all on
# loopback in a temporary folder. pg_load --survive plays TABLES tables through nginx; every
# INTERVAL seconds one node (in turn) is killed with SIGKILL and started again RESTART seconds
# later. The clients reconnect through nginx with last_version, the table's new owner claims it
# and reloads its log, and pg_load counts every event a client had seen that the cluster no
# longer has. Printed per kill: how many seats lost their connection and how long they were
# unreachable; at the end: lost events, errors, latency percentiles.
#
#   tools/cluster_test.sh [--short] [--tables N] [--kills K] [--seconds S] [--think-ms MS]
#                         [--nodes N] [--no-kill]
#   --short   about 60 s: 30 tables, 2 kills (what `make check` runs)
#   --no-kill the same cluster without kills (a baseline), for S seconds
#   --direct  the load goes to node 1 itself, not through nginx (with --nodes 1: one node on
#             PostgreSQL)
# Environment: BUILD (default build/ci), BASE_PORT (default 18600), KEEP=1 keeps the folder.
# Exits non-zero on a lost event, an error, or a killed node's tables unreachable for more
# than 5 s.
set -uo pipefail
cd "$(dirname "$0")/.."

TABLES=1000
KILLS=10
SECONDS_RUN=
THINK_MS=1000
NODES=3
INTERVAL=20
RESTART=3
DIRECT=0
while [ $# -gt 0 ]; do
  case "$1" in
    --short) TABLES=30; KILLS=2; INTERVAL=15; THINK_MS=300 ;;
    --tables) TABLES=$2; shift ;;
    --kills) KILLS=$2; shift ;;
    --seconds) SECONDS_RUN=$2; shift ;;
    --think-ms) THINK_MS=$2; shift ;;
    --nodes) NODES=$2; shift ;;
    --interval) INTERVAL=$2; shift ;;
    --no-kill) KILLS=0 ;;
    --direct) DIRECT=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
# Play through every kill, then long enough after the last restart for the moved tables to
# settle and be measured.
[ -n "$SECONDS_RUN" ] || SECONDS_RUN=$((10 + KILLS * INTERVAL + 20))

BUILD=${BUILD:-build/ci}
BIN=$BUILD/src/cli/phantomgo
LOAD=$BUILD/tools/pg_load
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
BASE_PORT=${BASE_PORT:-18600}
NGINX_PORT=$BASE_PORT
WORK=$(mktemp -d /tmp/pg-cluster.XXXXXX)
chmod 755 "$WORK"
PIDS=()
NGINX_PID=
LOAD_PID=

for tool in "$BIN" "$LOAD" "$PG_BIN/initdb" "$PG_BIN/pg_ctl" "$(command -v nginx || echo /usr/sbin/nginx)"; do
  [ -x "$tool" ] || { echo "cluster_test: $tool is missing (make build; scripts/setup.sh)" >&2; exit 1; }
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cleanup() {
  for pid in "${PIDS[@]}"; do [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; done
  [ -n "$LOAD_PID" ] && kill "$LOAD_PID" 2>/dev/null
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null
  [ -d "$WORK/pg" ] && as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# ---- PostgreSQL: a fresh cluster, listening only on a socket in the work folder ----
mkdir -p "$WORK/pg" "$WORK/sock"
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$WORK/pg" "$WORK/sock"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust --no-sync >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log"; exit 1; }
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/sock/postgres.log" -w start \
  -o "-k $WORK/sock -c listen_addresses='' -c max_connections=100" >/dev/null ||
  { cat "$WORK/sock/postgres.log"; exit 1; }
as_pg "$PG_BIN/psql" -h "$WORK/sock" -U postgres -qc "CREATE DATABASE phantomgo" postgres >/dev/null || exit 1
DB="postgresql:///phantomgo?host=$WORK/sock&user=postgres"

# ---- The nodes ----
node_port() { echo $((BASE_PORT + $1)); }
start_node() {  # start_node I: starts node I (1-based) and waits for /healthz
  local i=$1 port
  port=$(node_port "$i")
  "$BIN" serve --port "$port" --db "$DB" --web web --rate 1000 \
    >>"$WORK/node$i.log" 2>&1 &
  PIDS[$i]=$!
  for _ in $(seq 1 500); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    kill -0 "${PIDS[$i]}" 2>/dev/null || break
    sleep 0.02
  done
  echo "node $i did not start" >&2; tail "$WORK/node$i.log" >&2; exit 1
}
for ((i = 1; i <= NODES; i++)); do start_node "$i"; done

# ---- nginx, with the site of deploy/nginx.conf pointed at these nodes ----
mkdir -p "$WORK/nginx/tmp"
servers=""
for ((i = 1; i <= NODES; i++)); do
  servers+="    server 127.0.0.1:$(node_port "$i") max_fails=1 fail_timeout=5s;\n"
done
# The deploy file's node lines and port give way to this cluster's.
awk -v servers="$servers" -v port="$NGINX_PORT" '
  /^ *server 127\.0\.0\.1:808[0-9]/ { if (!done) { printf "%s", servers; done = 1 } next }
  /^ *listen 8080;/ { print "    listen 127.0.0.1:" port ";"; next }
  { print }' deploy/nginx.conf >"$WORK/nginx/site.conf"
cat >"$WORK/nginx/nginx.conf" <<EOF
daemon off;
worker_processes 1;
worker_rlimit_nofile 65536;
error_log $WORK/nginx/error.log warn;
pid $WORK/nginx/nginx.pid;
events { worker_connections 20000; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/tmp/body;
  proxy_temp_path $WORK/nginx/tmp/proxy;
  fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
  uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
  scgi_temp_path $WORK/nginx/tmp/scgi;
  include $WORK/nginx/site.conf;
}
EOF
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" >"$WORK/nginx/stdout.log" 2>&1 &
NGINX_PID=$!
for _ in $(seq 1 250); do
  curl -sf "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null 2>&1 && break
  kill -0 "$NGINX_PID" 2>/dev/null || { cat "$WORK/nginx/error.log" "$WORK/nginx/stdout.log"; exit 1; }
  sleep 0.02
done
echo "cluster up: PostgreSQL, $NODES nodes, nginx on 127.0.0.1:$NGINX_PORT"

# ---- The load, and the kills ----
LOAD_PORT=$NGINX_PORT
[ "$DIRECT" = 1 ] && LOAD_PORT=$(node_port 1)
SERVER_PID_ARGS=()
[ "$NODES" = 1 ] && SERVER_PID_ARGS=(--server-pid "${PIDS[1]}")
"$LOAD" --port "$LOAD_PORT" "${SERVER_PID_ARGS[@]}" --tables "$TABLES" --think-ms "$THINK_MS" --seconds "$SECONDS_RUN" \
  --survive --marks "$WORK/kills" --json "$WORK/load.json" >"$WORK/load.out" 2>&1 &
LOAD_PID=$!
: >"$WORK/kills"
sleep 10
for ((k = 1; k <= KILLS; k++)); do
  i=$(( (k - 1) % NODES + 1 ))
  echo "$(date +%s%3N)" >>"$WORK/kills"
  kill -9 "${PIDS[$i]}"
  wait "${PIDS[$i]}" 2>/dev/null
  echo "kill $k: node $i (SIGKILL), restarted after ${RESTART} s"
  sleep "$RESTART"
  start_node "$i"
  sleep $((INTERVAL - RESTART))
done
wait "$LOAD_PID"
rc=$?
LOAD_PID=
cat "$WORK/load.out"
# A killed node's tables must be served again within 5 s.
slow=$(awk '/^mark [0-9]+:/ { if ($NF == "ms" && $(NF-1) + 0 > 5000) n++ } END { print n + 0 }' "$WORK/load.out")
if [ "$slow" -gt 0 ]; then
  echo "cluster_test: after $slow kill(s) some tables were unreachable for more than 5 s" >&2
  rc=1
fi
for ((i = 1; i <= NODES; i++)); do
  n=$(grep -c "no longer served here" "$WORK/node$i.log" 2>/dev/null || true)
  echo "node $i: $(grep -c ': created,' "$WORK/node$i.log") tables created, ${n:-0} tables dropped"
done
exit $rc
