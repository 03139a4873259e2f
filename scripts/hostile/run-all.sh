#!/usr/bin/env bash
# Runs every hostile-client script, each against a fresh release server on a free loopback port
# with timeouts short enough for the attack to play out in seconds, then stops that server
# (SIGTERM must still exit 0, with no crash in its log). Exits non-zero if any check failed.
#
#   scripts/hostile/run-all.sh            (SERVER_BIN=path overrides .build/release/Server)
#
# Each script also runs alone against any server: scripts/hostile/<name>.py http://HOST:PORT --help
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../listening-port.sh
. scripts/listening-port.sh

binary=${SERVER_BIN:-.build/release/Server}
[ -x "$binary" ] || swift build -c release --product Server
# Thousands of sockets on both sides of loopback.
hard=$(ulimit -Hn)
if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then hard=65536; fi
ulimit -n "$hard" || true

work=$(mktemp -d)
server=""
stop_server() {
  [ -n "$server" ] || return 0
  local status=0
  kill -TERM "$server" 2>/dev/null || true
  for _ in $(seq 1 150); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$server" 2>/dev/null; then
    kill -KILL "$server" 2>/dev/null || true
    echo "FAIL run-all: server $server ignored SIGTERM for 15 s" >&2
    status=1
  fi
  wait "$server" || status=$?
  server=""
  return "$status"
}
trap 'stop_server || true; rm -rf "$work"' EXIT

failed=()
# run NAME "SERVER FLAGS" SCRIPT ARGS...
run() {
  local name=$1 flags=$2 script=$3
  shift 3
  local log=$work/$name.log
  # shellcheck disable=SC2086 # the flags are words on purpose
  "$binary" --host 127.0.0.1 --port 0 --ephemeral $flags 2>"$log" &
  server=$!
  local port=""
  port=$(listening_port "$log" "$server") || true
  if [ -z "$port" ]; then
    cat "$log" >&2
    echo "FAIL $name: the server did not start" >&2
    stop_server || true
    failed+=("$name")
    return
  fi
  printf '\n== %s (server: %s)\n' "$name" "${flags:-defaults}"
  local started=$SECONDS status=0
  timeout --kill-after=5 300 python3 "scripts/hostile/$script" "http://127.0.0.1:$port" "$@" || status=$?
  stop_server || status=1
  if grep -a -q 'Fatal error\|Program crashed' "$log"; then
    grep -a -m 5 'Fatal error\|Program crashed' "$log" >&2
    status=1
  fi
  echo "-- $name: $([ "$status" = 0 ] && echo passed || echo "FAILED (status $status)") in $((SECONDS - started)) s"
  [ "$status" = 0 ] || failed+=("$name")
}

run slowloris "--header-timeout 3 --body-timeout 3" slowloris.py \
  --connections 500 --body-connections 50 --header-timeout 3 --body-timeout 3 --max-latency-ms 100
run idle-connections "--header-timeout 5 --idle-timeout 4 --max-connections 4000" idle_connections.py \
  --connections 3000 --keepalive 200 --max-connections 4000 --over 500 --header-timeout 5 --idle-timeout 4 --max-latency-ms 50 --burst-latency-ms 250
# The table full of idle connections, kept full: fresh clients are served (p99 printed).
run full-table "--header-timeout 60 --max-connections 10000" full_table.py --max-connections 10000 --fresh 300 --max-p99-ms 250
# The table full of requests in progress but for 4 idle connections, on two event loops: the loop
# that accepts a fresh client often has no idle one of its own, and another loop makes room for it.
run full-table-busy "--threads 2 --header-timeout 60 --max-connections 64" full_table.py --max-connections 64 --busy 60 --fresh 300 --max-p99-ms 250
run slow-reader "--write-timeout 3" slow_reader.py --clients 10 --write-timeout 3 --max-latency-ms 100
run big-body "" big_body.py --max-body-bytes 1048576 --max-latency-ms 100
run smuggling "" smuggling.py --max-latency-ms 100

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAIL hostile: ${failed[*]}" >&2
  exit 1
fi
echo "PASS hostile: every script passed"
