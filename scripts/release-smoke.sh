#!/usr/bin/env bash
# The release build driven through every built-in control (scripts/release_smoke.py), three ways:
#   1. the release server as it is: no 5xx, no crash, the same window twice;
#   2. the debug server (when given): every window's digest equal to the release build's;
#   3. the release server under valgrind (when installed, or --valgrind to insist): no invalid
#      read or write, no use of freed memory, even where it happens not to crash.
# Why: the debug-build tests once passed over a fault only the optimiser exposed (an array stored
# through a pointer placed on the stack, docs/architecture.md "A session in memory").
# usage: scripts/release-smoke.sh [--valgrind] RELEASE_SERVER [DEBUG_SERVER]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=listening-port.sh
. scripts/listening-port.sh
need_valgrind=0
if [ "${1:-}" = --valgrind ]; then need_valgrind=1; shift; fi
release=${1:?usage: scripts/release-smoke.sh [--valgrind] RELEASE_SERVER [DEBUG_SERVER]}
debug=${2:-}
work=${SMOKE_WORK:-$(mktemp -d)}; mkdir -p "$work"
server=""
cleanup() { [ -z "$server" ] || kill "$server" 2>/dev/null || true; }
trap cleanup EXIT

# start NAME COMMAND...: the server on a free loopback port; sets $server and $base.
start() {
  local name=$1; shift
  "$@" --host 127.0.0.1 --port 0 --ephemeral --threads 1 >"$work/$name.out" 2>"$work/$name.log" &
  server=$!
  local port
  port=$(listening_port "$work/$name.log" "$server" 600) || { cat "$work/$name.log"; echo "$name server did not start" >&2; exit 1; }
  base="http://127.0.0.1:$port"
}

# stop NAME: SIGTERM, and the exit status must be 0.
stop() {
  local status=0
  kill -TERM "$server"
  wait "$server" || status=$?
  server=""
  if [ "$status" != 0 ] || grep -a -q 'Fatal error\|Program crashed' "$work/$1.log"; then
    grep -a -m 20 -A 20 'Fatal error\|Program crashed\|Invalid\|ERROR SUMMARY' "$work/$1.log" || tail -n 30 "$work/$1.log"
    echo "$1 server exited $status" >&2; exit 1
  fi
}

run() {
  local name=$1; shift
  start "$name" "$@"
  if ! python3 scripts/release_smoke.py "$base" >"$work/$name.digests"; then
    cat "$work/$name.digests"; sleep 1; tail -n 40 "$work/$name.log"; echo "$name: the smoke run failed" >&2; exit 1
  fi
  stop "$name"
  echo "-- $name: $(tail -n 1 "$work/$name.digests")"
}

run release "$release"
cat "$work/release.digests"

if [ -n "$debug" ]; then
  run debug "$debug"
  if ! diff "$work/debug.digests" "$work/release.digests"; then
    echo "the release build's frames differ from the debug build's" >&2; exit 1
  fi
  echo "-- the release build's windows are the debug build's, byte for byte"
fi

if command -v valgrind >/dev/null; then
  # Exit code 97 from valgrind itself when it saw an error (the server's own exit is 0).
  run valgrind valgrind --error-exitcode=97 --num-callers=30 --leak-check=no --track-origins=yes \
    --suppressions=scripts/valgrind.supp "$release"
  grep -a 'ERROR SUMMARY' "$work/valgrind.out" "$work/valgrind.log" | tail -n 1 || true
  if ! diff "$work/valgrind.digests" "$work/release.digests" >/dev/null; then
    echo "under valgrind the release build answered different frames" >&2; exit 1
  fi
elif [ "$need_valgrind" = 1 ]; then
  echo "valgrind is not installed" >&2; exit 1
else
  echo "-- valgrind not installed: skipped"
fi
echo "release smoke passed"
