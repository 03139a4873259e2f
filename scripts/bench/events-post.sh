#!/usr/bin/env bash
# The events POST alone, against the release server: durable (a journal in a fresh data directory,
# `--fsync always`) or `--ephemeral`. SESSIONS sessions are created (controls round-robin), then
# POSTs go to them round-robin with t increasing per session, every answer a 200, measured as:
#
#   scripts/bench/events-post.sh wrk       [durable|ephemeral] [CONNECTIONS] [SECONDS]
#       wrk -t1 for SECONDS: req/s, p50/p99, and from /metrics records per sync and ms per sync
#       (durable: also the data directory's device writes per sync, from /proc/diskstats)
#   scripts/bench/events-post.sh strace    [durable|ephemeral] [CONNECTIONS] [REQUESTS]
#       system calls per POST, every thread (strace -c -f attached for exactly REQUESTS POSTs)
#   scripts/bench/events-post.sh callgrind [durable|ephemeral] [CONNECTIONS] [REQUESTS]
#       instructions per POST, every thread (the server under valgrind, one event-loop thread;
#       the profile is left in $CALLGRIND_OUT)
#
# Deterministic counts come from the last two (scripts/bench/fixed-load.c sends exactly REQUESTS);
# wrk's figures are wall clock, as noisy as the machine. SERVER overrides the binary; THREADS the
# event-loop threads (default: the cores; callgrind: 1); SESSIONS (default 4000); SERVER_FLAGS
# more server options (word-split), e.g. SERVER_FLAGS="--fsync-gather-us 100".
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=callgrind-count.sh
. scripts/bench/callgrind-count.sh
MODE=${1:?wrk, strace or callgrind}
KIND=${2:-durable}
CONNECTIONS=${3:-16}
AMOUNT=${4:-}
SESSIONS=${SESSIONS:-4000}
SERVER=${SERVER:-$(swift build -c release --show-bin-path)/Server}
HELPER=scripts/bench-http.py
WORK=$(mktemp -d /tmp/events-post.XXXXXX)
gcc -O2 -o "$WORK/fixed-load" scripts/bench/fixed-load.c
PORT=$(python3 "$HELPER" freeport)
case "$KIND" in
    durable) FLAGS=(--data-dir "$WORK/data") ;;
    ephemeral) FLAGS=(--ephemeral) ;;
    *) echo "durable or ephemeral" >&2; exit 2 ;;
esac
THREADS=${THREADS:-$(nproc)}
PREFIX=()
if [ "$MODE" = callgrind ]; then
    THREADS=${THREADS_CALLGRIND:-1}
    OUT=${CALLGRIND_OUT:-/tmp/callgrind-events-$KIND.out}
    PREFIX=(valgrind --tool=callgrind --callgrind-out-file="$OUT" --dump-instr=no --compress-strings=no --compress-pos=no)
fi
# shellcheck disable=SC2086
"${PREFIX[@]}" "$SERVER" --host 127.0.0.1 --port "$PORT" --threads "$THREADS" "${FLAGS[@]}" ${SERVER_FLAGS:-} 2>/dev/null &
PID=$!
trap 'kill -TERM $PID 2>/dev/null || true; wait $PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 "$HELPER" wait "$PORT" 120
python3 "$HELPER" event-sessions "$PORT" "$SESSIONS" "$WORK/sessions.txt"
# Warm: buffers and caches grow on the first requests. This is pass 0 of every session (t = 0.2);
# what is measured goes on from pass 1, at later times.
"$WORK/fixed-load" "$PORT" "$CONNECTIONS" "$SESSIONS" "@$WORK/sessions.txt" >/dev/null
export FIXED_LOAD_FIRST_PASS=1
case "$MODE" in
wrk)
    SECONDS_=${AMOUNT:-5}
    # The data directory's block device: its completed writes (a flush counts as one) over the
    # run, per sync; other processes writing to the same device are counted too.
    DEVICE=$(basename "$(findmnt -no SOURCE -T "$WORK" 2>/dev/null || echo none)")
    device_writes() { awk -v d="$DEVICE" '$3 == d { print $8 }' /proc/diskstats; }
    writes_before=$(device_writes)
    before=$(python3 "$HELPER" journal "$PORT")
    cpu_before=$(python3 "$HELPER" cpu "$PID")
    out=$(wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_}s" --timeout 5s --latency "http://127.0.0.1:$PORT/" -s scripts/bench/post.lua -- "$WORK/sessions.txt" 1)
    cpu_after=$(python3 "$HELPER" cpu "$PID")
    after=$(python3 "$HELPER" journal "$PORT")
    writes_after=$(device_writes)
    parsed=$(printf '%s' "$out" | python3 "$HELPER" parse-wrk)
    python3 - "$parsed" "$before" "$after" "$cpu_before" "$cpu_after" "$KIND" "$CONNECTIONS" "${writes_before:-0}" "${writes_after:-0}" "$DEVICE" <<'EOF'
import sys
rps, p50, p99, non2xx, errors, requests = sys.argv[1].split("\t")
a0, s0, t0 = map(float, sys.argv[2].split()); a1, s1, t1 = map(float, sys.argv[3].split())
cpu = (float(sys.argv[5]) - float(sys.argv[4])) * 1e6 / max(int(requests), 1)
device = f", {(int(sys.argv[9]) - int(sys.argv[8])) / (s1 - s0):.2f} {sys.argv[10]} writes/sync" if s1 > s0 and int(sys.argv[9]) > 0 else ""
sync = f", {(a1 - a0) / (s1 - s0):.1f} records/sync, {(t1 - t0) * 1000 / (s1 - s0):.3f} ms/sync{device}" if s1 > s0 else ""
print(f"{sys.argv[6]} c{sys.argv[7]}: {float(rps):.0f} req/s, p50 {p50} ms, p99 {p99} ms, {cpu:.1f} us CPU/request"
      f"{sync}; non-2xx {non2xx}, errors {errors}")
EOF
    ;;
strace)
    REQUESTS=${AMOUNT:-4000}
    strace -c -f -q -o "$WORK/strace.txt" -p "$PID" &
    STRACE=$!
    sleep 1
    "$WORK/fixed-load" "$PORT" "$CONNECTIONS" "$REQUESTS" "@$WORK/sessions.txt" >/dev/null
    sleep 0.5
    kill -INT "$STRACE"; wait "$STRACE" || true
    # strace -c's table: % time, seconds, usecs/call, calls, [errors,] syscall; then a total line.
    awk -v n="$REQUESTS" -v what="$KIND c$CONNECTIONS" '/^ *[0-9]/ && $NF != "total" { printf "%-16s %8.3f per POST\n", $NF, $4 / n; total += $4 }
        END { printf "%-16s %8.3f per POST (%d POSTs, %s)\n", "all", total / n, n, what }' "$WORK/strace.txt"
    ;;
callgrind)
    REQUESTS=${AMOUNT:-2000}
    read -r TOTAL LAST < <(callgrind_count "$PID" "$OUT" "$WORK/fixed-load" "$PORT" "$CONNECTIONS" "$REQUESTS" "@$WORK/sessions.txt")
    echo "events POST $KIND $((TOTAL / REQUESTS)) instructions/request ($TOTAL over $REQUESTS, $CONNECTIONS connections; profile $LAST)"
    ;;
*) echo "wrk, strace or callgrind" >&2; exit 2 ;;
esac
