#!/usr/bin/env bash
# Instructions per request, deterministic whatever else runs on the machine: the release server
# (`--ephemeral`, one event-loop thread, its log line written to /dev/null) under
# `valgrind --tool=callgrind`, a session set up, the counters zeroed, then exactly N keep-alive
# `GET …/frame?t=0.1` over C connections (scripts/bench/fixed-load.c), and the counters dumped.
# Every thread of the server is counted (the loop, the journal's flusher when there is one).
#
#   scripts/bench/callgrind-request.sh [SERVER] [CONTROL] [REQUESTS] [CONNECTIONS]
#     SERVER defaults to the release build; CONTROL switch (default) or card
#   REQUEST=frames scripts/bench/callgrind-request.sh … counts `GET …/frames?from=0&to=1&fps=60`
#     (the 1 s window at 60 fps) instead of `GET …/frame?t=0.1`; REQUEST='frames?from=0&to=2&fps=120'
#     any other path-and-query under the session.
# Prints "CONTROL REQUEST instructions/request", and leaves the profile in $CALLGRIND_OUT (callgrind_annotate it).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=callgrind-count.sh
. scripts/bench/callgrind-count.sh
SERVER=${1:-$(swift build -c release --show-bin-path)/Server}
CONTROL=${2:-switch}
REQUESTS=${3:-2000}
CONNECTIONS=${4:-16}
OUT=${CALLGRIND_OUT:-/tmp/callgrind-request.$CONTROL.out}
WORK=$(mktemp -d /tmp/callgrind-request.XXXXXX)
gcc -O2 -o "$WORK/fixed-load" scripts/bench/fixed-load.c
PORT=$(python3 scripts/bench-http.py freeport)
valgrind --tool=callgrind --callgrind-out-file="$OUT" --dump-instr=no --compress-strings=no --compress-pos=no \
    "$SERVER" --host 127.0.0.1 --port "$PORT" --ephemeral --threads 1 2>/dev/null &
PID=$!
trap 'kill -TERM $PID 2>/dev/null || true; wait $PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 scripts/bench-http.py wait "$PORT" 120
case "$CONTROL" in
    switch) KICKOFF='{"type":"tap","t":0,"x":25,"y":15}' ;;
    card) KICKOFF='{"type":"tap","t":0,"x":195,"y":800}' ;;
    *) echo "control: switch or card" >&2; exit 2 ;;
esac
ID=$(curl -sf --max-time 60 -X POST -H 'Content-Type: application/json' -d "{\"control\":\"$CONTROL\"}" \
    "http://127.0.0.1:$PORT/v1/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -sf --max-time 60 -o /dev/null -X POST -H 'Content-Type: application/json' -d "$KICKOFF" \
    "http://127.0.0.1:$PORT/v1/sessions/$ID/events"
case "${REQUEST:-frame}" in
    frame) FRAME="/v1/sessions/$ID/frame?t=0.1" ;;
    frames) FRAME="/v1/sessions/$ID/frames?from=0&to=1&fps=60" ;;
    *) FRAME="/v1/sessions/$ID/$REQUEST" ;;
esac
# Warm: the first requests grow buffers and caches that later ones reuse.
"$WORK/fixed-load" "$PORT" "$CONNECTIONS" 200 "$FRAME" >/dev/null
read -r TOTAL LAST < <(callgrind_count "$PID" "$OUT" "$WORK/fixed-load" "$PORT" "$CONNECTIONS" "$REQUESTS" "$FRAME")
echo "$CONTROL ${REQUEST:-frame} $((TOTAL / REQUESTS)) instructions/request ($TOTAL over $REQUESTS requests, $CONNECTIONS connections; profile $LAST)"
