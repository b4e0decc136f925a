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
# By default (--short included) the database has a synchronous standby (PostgreSQL's
# streaming replication; the nodes' connection string names both servers with
# target_session_attrs=read-write) and, after the node kills, the primary is crashed (SIGKILL
# to all its processes) and the standby promoted PROMOTE_AFTER (1) seconds later (pg_ctl
# promote, as an operator or a failover tool would); that mark is measured too: the nodes lose
# their sessions, drop their tables, find the promoted standby by themselves and claim the
# tables again. No acknowledged event may be lost.
#
#   tools/cluster_test.sh [--short] [--tables N] [--kills K] [--seconds S] [--think-ms MS]
#                         [--nodes N] [--no-kill] [--standby | --no-standby]
#   --short   about 80 s: 30 tables, 2 node kills and the primary's (what `make check` runs)
#   --no-kill the same cluster without kills (a baseline), for S seconds; no standby unless
#             --standby (which brings the primary's kill)
#   --direct  the load goes to node 1 itself, not through nginx (with --nodes 1: one node on
#             PostgreSQL)
# Environment: BUILD (default build/ci), BASE_PORT (default 18600), KEEP=1 keeps the folder,
# PG_OPTS more settings of the primary (e.g. "-c log_min_duration_statement=100").
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
STANDBY=
PROMOTE_AFTER=${PROMOTE_AFTER:-1}
while [ $# -gt 0 ]; do
  case "$1" in
    --short) TABLES=30; KILLS=2; INTERVAL=15; THINK_MS=300 ;;
    --tables) TABLES=$2; shift ;;
    --kills) KILLS=$2; shift ;;
    --seconds) SECONDS_RUN=$2; shift ;;
    --think-ms) THINK_MS=$2; shift ;;
    --nodes) NODES=$2; shift ;;
    --interval) INTERVAL=$2; shift ;;
    --no-kill) KILLS=0; STANDBY=${STANDBY:-0} ;;
    --standby) STANDBY=1 ;;
    --no-standby) STANDBY=0 ;;
    --direct) DIRECT=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
STANDBY=${STANDBY:-1}
# Play through every kill (and the primary's), then long enough after the last restart for
# the moved tables to settle and be measured.
[ -n "$SECONDS_RUN" ] || SECONDS_RUN=$((10 + KILLS * INTERVAL + STANDBY * INTERVAL + 20))

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
  for data in "$WORK/pg" "$WORK/standby"; do
    [ -d "$data" ] && as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1
  done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# ---- PostgreSQL: a fresh cluster, listening only on a socket in the work folder ----
mkdir -p "$WORK/pg" "$WORK/sock" "$WORK/standby" "$WORK/sock2"
chmod 700 "$WORK/standby"  # PostgreSQL refuses a data folder that others may read
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$WORK/pg" "$WORK/sock" "$WORK/standby" "$WORK/sock2"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust --no-sync >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log"; exit 1; }
# wal_init_zero=off: this server is minutes old, so it creates every WAL segment it writes
# (an established server recycles old ones), and zero-filling 16 MiB before each one stalled
# commits for up to 1.7 s on this project's machine (docs/reliability.md, "The cluster").
WAL_OPTS="-c wal_init_zero=off"
SYNC=()
# On the primary's command line, so that the standby (a copy of its data folder) does not
# inherit it: a promoted standby without a standby of its own must not wait for one.
[ "$STANDBY" = 1 ] && SYNC=(-c synchronous_standby_names=standby1)
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/sock/postgres.log" -w start \
  -o "-k $WORK/sock -c listen_addresses='' -c max_connections=100 $WAL_OPTS ${SYNC[*]} ${PG_OPTS:-}" >/dev/null ||
  { cat "$WORK/sock/postgres.log"; exit 1; }
DB="postgresql:///phantomgo?host=$WORK/sock&user=postgres"
if [ "$STANDBY" = 1 ]; then
  # The standby: a base backup of the running primary, streaming from it as standby1.
  as_pg "$PG_BIN/pg_basebackup" -h "$WORK/sock" -U postgres --checkpoint=fast -X stream \
    -D "$WORK/standby" >"$WORK/basebackup.log" 2>&1 || { cat "$WORK/basebackup.log"; exit 1; }
  echo "primary_conninfo = 'host=$WORK/sock user=postgres application_name=standby1'" |
    as_pg tee "$WORK/standby/postgresql.auto.conf" >/dev/null
  as_pg touch "$WORK/standby/standby.signal"
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/standby" -l "$WORK/sock2/postgres.log" -w start \
    -o "-k $WORK/sock2 -c listen_addresses='' -c max_connections=100 $WAL_OPTS" >/dev/null ||
    { cat "$WORK/sock2/postgres.log"; exit 1; }
  for _ in $(seq 1 500); do
    state=$(as_pg "$PG_BIN/psql" -h "$WORK/sock" -U postgres -Atc \
      "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'" postgres)
    [ "$state" = sync ] && break
    sleep 0.02
  done
  [ "$state" = sync ] || { echo "the standby did not come in sync" >&2; exit 1; }
  DB="postgresql:///phantomgo?host=$WORK/sock,$WORK/sock2&user=postgres&target_session_attrs=read-write"
fi
as_pg "$PG_BIN/psql" -h "$WORK/sock" -U postgres -qc "CREATE DATABASE phantomgo" postgres >/dev/null || exit 1

# ---- The nodes ----
node_port() { echo $((BASE_PORT + $1)); }
start_node() {  # start_node I: starts node I (1-based) and waits for /healthz
  local i=$1 port
  port=$(node_port "$i")
  "$BIN" serve --port "$port" --db "$DB" --web web --rate 1000 --lift-limits-per-address \
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
# The deploy file's node lines and port give way to this cluster's, and its limits per address
# leave the load alone (every simulated player comes from 127.0.0.1).
awk -v servers="$servers" -v port="$NGINX_PORT" '
  /^ *server 127\.0\.0\.1:808[0-9]/ { if (!done) { printf "%s", servers; done = 1 } next }
  /^ *listen 8080;/ { print "    listen 127.0.0.1:" port ";"; next }
  /^geo \$phantomgo_unlimited/ { print; print "    127.0.0.1 1;"; next }
  { print }' deploy/nginx.conf >"$WORK/nginx/site.conf"
grep -q '^    127.0.0.1 1;' "$WORK/nginx/site.conf" || { echo "nginx.conf: no geo block to exempt the load" >&2; exit 1; }
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
standby_text=""
[ "$STANDBY" = 1 ] && standby_text=" with a synchronous standby"
echo "cluster up: PostgreSQL$standby_text, $NODES nodes, nginx on 127.0.0.1:$NGINX_PORT"

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
if [ "$STANDBY" = 1 ]; then
  # The primary dies as its machine would: every process at once, no shutdown.
  postmaster=$(head -1 "$WORK/pg/postmaster.pid")
  # shellcheck disable=SC2046
  kill -9 "$postmaster" $(pgrep -P "$postmaster")
  echo "$(date +%s%3N)" >>"$WORK/kills"
  echo "kill $((KILLS + 1)): the PostgreSQL primary (SIGKILL), standby promoted after ${PROMOTE_AFTER} s"
  sleep "$PROMOTE_AFTER"
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/standby" -w promote >/dev/null || echo "promote failed" >&2
  sleep $((INTERVAL - PROMOTE_AFTER))
fi
wait "$LOAD_PID"
rc=$?
LOAD_PID=
cat "$WORK/load.out"
# A killed node's tables must be served again within 5 s (the primary's mark, KILLS + 1, is
# reported, not held to that).
slow=$(awk -v kills="$KILLS" '/^mark [0-9]+:/ { k = $2 + 0; if (k <= kills && $NF == "ms" && $(NF-1) + 0 > 5000) n++ }
  END { print n + 0 }' "$WORK/load.out")
if [ "$slow" -gt 0 ]; then
  echo "cluster_test: after $slow kill(s) some tables were unreachable for more than 5 s" >&2
  rc=1
fi
if [ "$STANDBY" = 1 ]; then
  awk -v m="$((KILLS + 1))" '$1 == "mark" && $2 + 0 == m { sub(/^mark [0-9]+: /, ""); print "the primary'"'"'s kill and the promotion: " $0 }' "$WORK/load.out"
fi
for ((i = 1; i <= NODES; i++)); do
  n=$(grep -c "no longer served here" "$WORK/node$i.log" 2>/dev/null || true)
  echo "node $i: $(grep -c ': created,' "$WORK/node$i.log") tables created, ${n:-0} tables dropped"
done
exit $rc
