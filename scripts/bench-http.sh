#!/usr/bin/env bash
# HTTP benchmarks of the release server against nginx in the same run (issues 7 and 16).
#
#   scripts/bench-http.sh            # about 20 minutes (BENCH_VARIANTS=0 skips the POST variants)
#   BENCH_DURATION=3 BENCH_ROUNDS=1 scripts/bench-http.sh   # a quick look
#   BENCH_ONLY=frames scripts/bench-http.sh   # one comparison only: frame, frames, events or scene
#   BENCH_SERVER=/path/to/Server scripts/bench-http.sh   # another build of the server (before/after)
#
# nginx (a foreground process with a generated config, loopback only) serves static JSON files
# whose bytes are real responses of the server (a switch frame, a card frame, each control's
# frames window), and answers the events POST with the switch frame's bytes. A trivial C
# responder (scripts/bench/echo-responder.c: epoll, no parsing beyond the blank line) sends the
# same frame bytes: the physical floor, what a loopback request costs the kernel. wrk (one
# thread, keep-alive) runs against them and the server alternately, BENCH_ROUNDS rounds each of
# BENCH_DURATION seconds, for:
#   GET  /v1/sessions/{id}/frame?t=0.1               a switch and a card frame mid-animation,
#                                                    16, 32 and 64 connections (and the floor)
#   GET  /v1/sessions/{id}/frames?from=0&to=1&fps=60 the four controls in turn, 16 connections,
#                                                    against nginx serving the same four bodies
#   POST /v1/sessions/{id}/events                    4,000 fresh sessions per round, round-robin,
#                                                    t increasing per session (every answer a 200),
#                                                    16 and 64 connections; when the server journals
#                                                    sessions, also against `--fsync batch` and
#                                                    `--ephemeral` servers (BENCH_VARIANTS=0 skips
#                                                    them); records per sync from /metrics; the floor
#                                                    responder reads each POST (head and body) and
#                                                    answers with the switch frame's bytes
#   GET  …/frame?t=0.2 and POST …/events           the built-in Settings scene (45 views, 23 controls) against
#                                                    a switch session in the same server and run (issue 27): the
#                                                    frame with one switch mid-animation, a tap on row 0's switch
#                                                    (?state=changed, as the client posts) on BENCH_SCENE_SESSIONS
#                                                    fresh scenes against the same tap on as many switches; on the
#                                                    --ephemeral server when it runs (CPU, not the disk), 16 connections
# Each run also takes the CPU time (user + system, every thread; nginx's master and workers) of
# the process it measures, per request completed.
# then 2,000 idle keep-alive connections against 50 timed requests, and the start-up time to
# accepting connections. Both servers log one line per request to /dev/null and use one worker
# per core. Installs wrk and nginx-light from Debian if missing. Every process it starts is
# stopped on exit.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
HELPER="$ROOT/scripts/bench-http.py"
DURATION=${BENCH_DURATION:-5}
ROUNDS=${BENCH_ROUNDS:-3}
EVENT_SESSIONS=${BENCH_EVENT_SESSIONS:-4000}
SCENE_SESSIONS=${BENCH_SCENE_SESSIONS:-1000}
IDLE_CONNECTIONS=${BENCH_IDLE_CONNECTIONS:-2000}
VARIANTS_WANTED=${BENCH_VARIANTS:-1}
WORKERS=$(nproc)
WRK_TIMEOUT=$((DURATION + 30))

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# --- tools -------------------------------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} from Debian"
    timeout 300 apt-get update -qq
    # policy-rc.d keeps the package from starting the system nginx service.
    created_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && created_policy=1
    fi
    DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq "${missing[@]}" >/dev/null
    [ "$created_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }
CC=$(command -v cc || command -v gcc || true)
[ -n "$CC" ] || { echo "a C compiler (cc) is required for the floor responder" >&2; exit 1; }

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# --- build ---------------------------------------------------------------------------------------
# BENCH_SERVER names a built server: nothing to build (a build here would also rebuild this
# checkout's release products, minutes on a loaded machine, for a binary the run does not use).
if [ -n "${BENCH_SERVER:-}" ]; then
    log "server: $BENCH_SERVER (not building)"
else
    log "building the release server"
    BUILD_LOG=$(mktemp /tmp/bench-http-build.XXXXXX)
    if ! timeout 900 swift build -c release --product Server > "$BUILD_LOG" 2>&1; then
        grep -E "error|warning: unre" "$BUILD_LOG" | head -20 >&2
        echo "the release build failed (full log: $BUILD_LOG)" >&2
        exit 1
    fi
    rm -f "$BUILD_LOG"
fi
SERVER="${BENCH_SERVER:-$(swift build -c release --show-bin-path)/Server}"

# --- processes and clean-up ----------------------------------------------------------------------
WORK=$(mktemp -d /tmp/bench-http.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The server as shipped ("server": its defaults, a fresh data directory when it journals), and,
# for the events POST, the durability variants it offers.
HELP=$("$SERVER" --help)
has_flag() { grep -q -- "$1" <<<"$HELP"; }
declare -A PORTS DESCRIPTIONS TARGET_PIDS
VARIANTS=(server)
start_server() { # NAME DESCRIPTION [flags…]
    local name=$1 description=$2
    shift 2
    local port
    port=$(python3 "$HELPER" freeport)
    "$SERVER" --host 127.0.0.1 --port "$port" "$@" 2>/dev/null &
    PIDS+=($!)
    TARGET_PIDS[$name]=$!
    timeout 30 python3 "$HELPER" wait "$port" 10
    PORTS[$name]=$port
    DESCRIPTIONS[$name]=$description
    log "$name on 127.0.0.1:$port: $description"
}
DATA_FLAG=()
if has_flag --data-dir; then
    mkdir -p "$WORK/data"
    DATA_FLAG=(--data-dir "$WORK/data")
    start_server server "defaults: journal in an empty data dir, fsync always" "${DATA_FLAG[@]}"
    if [ "$VARIANTS_WANTED" != 0 ] && has_flag --fsync; then
        mkdir -p "$WORK/data-batch"
        start_server server-batch "--fsync batch (group commit, 2 ms window)" --data-dir "$WORK/data-batch" --fsync batch
        VARIANTS+=(server-batch)
    fi
    if [ "$VARIANTS_WANTED" != 0 ] && has_flag --ephemeral; then
        start_server server-ephemeral "--ephemeral (no journal)" --ephemeral
        VARIANTS+=(server-ephemeral)
    fi
else
    start_server server "defaults (no journal)"
fi
SERVER_PORT=${PORTS[server]}

mkdir -p "$WORK/www" "$WORK/nginx-tmp"
timeout 60 python3 "$HELPER" setup "$SERVER_PORT" "$WORK"
cp "$WORK/frame.json" "$WORK/card-frame.json" "$WORK"/frames-*.json "$WORK/www/"
# nginx's workers run as an unprivileged user: let them read the files and use the temp dir.
chmod 755 "$WORK" "$WORK/www"; chmod 644 "$WORK"/www/*.json; chmod 1777 "$WORK/nginx-tmp"
FRAME_BYTES=$(wc -c < "$WORK/frame.json")
CARD_BYTES=$(wc -c < "$WORK/card-frame.json")
FRAME_PATH=$(cat "$WORK/frame-path.txt")
CARD_PATH=$(cat "$WORK/card-frame-path.txt")
# nginx's `return` takes a quoted string: the frame JSON has no single quotes or `$`.
FRAME_LITERAL=$(tr -d '\n' < "$WORK/frame.json")

NGINX_PORT=$(python3 "$HELPER" freeport)
cat > "$WORK/nginx.conf" <<EOF
daemon off;
worker_processes $WORKERS;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
events { worker_connections 8192; }
http {
    access_log /dev/null;
    keepalive_timeout 60s;
    keepalive_requests 1000000;
    client_body_temp_path $WORK/nginx-tmp/body;
    proxy_temp_path $WORK/nginx-tmp/proxy;
    fastcgi_temp_path $WORK/nginx-tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx-tmp/uwsgi;
    scgi_temp_path $WORK/nginx-tmp/scgi;
    types { application/json json; }
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/www;
        location ~ ^/[a-zA-Z-]+\.json$ { }
        # The events baseline: the same POSTs, answered with the frame's bytes.
        location /v1/ { default_type application/json; return 200 '$FRAME_LITERAL\n'; }
    }
}
EOF
"$NGINX" -p "$WORK" -c "$WORK/nginx.conf" &
PIDS+=($!)
TARGET_PIDS[nginx]=$!
timeout 30 python3 "$HELPER" wait "$NGINX_PORT" 10
NGINX_FILE_BYTES=$(curl -s --max-time 5 "http://127.0.0.1:$NGINX_PORT/frame.json" | wc -c)
[ "$NGINX_FILE_BYTES" = "$FRAME_BYTES" ] || { echo "nginx serves $NGINX_FILE_BYTES bytes, expected $FRAME_BYTES" >&2; exit 1; }
log "nginx on 127.0.0.1:$NGINX_PORT serving a $FRAME_BYTES-byte switch frame, a $CARD_BYTES-byte card frame (workers: $WORKERS)"

# The floor: one trivial responder per frame body, as many threads as nginx has workers.
"$CC" -O2 -pthread -o "$WORK/echo-responder" scripts/bench/echo-responder.c
for kind in switch card; do
    port=$(python3 "$HELPER" freeport)
    body="$WORK/frame.json"; [ "$kind" = card ] && body="$WORK/card-frame.json"
    "$WORK/echo-responder" "$port" "$WORKERS" "$body" &
    PIDS+=($!)
    TARGET_PIDS[echo-$kind]=$!
    PORTS[echo-$kind]=$port
    timeout 30 python3 "$HELPER" wait "$port" 10
done
log "floor responders on ${PORTS[echo-switch]} (switch frame) and ${PORTS[echo-card]} (card frame)"
# The durable floor, where the server journals: the same responder appending each POST to a file
# and answering after the fdatasync that covers it (one flusher, group commit, no wait), in the
# same directory as the server's journal: what a synced request costs the kernel and the disk.
FLOOR_DURABLE=()
if [ ${#DATA_FLAG[@]} -gt 0 ]; then
    port=$(python3 "$HELPER" freeport)
    "$WORK/echo-responder" "$port" "$WORKERS" "$WORK/frame.json" "$WORK/data/floor-journal" 2>"$WORK/floor-durable.log" &
    PIDS+=($!)
    TARGET_PIDS[echo-durable]=$!
    PORTS[echo-durable]=$port
    timeout 60 python3 "$HELPER" wait "$port" 50
    FLOOR_DURABLE=(echo-durable)
    log "durable floor responder on $port (journal $WORK/data/floor-journal, 256 MiB written ahead)"
fi

# --- wrk -----------------------------------------------------------------------------------------
cat > "$WORK/rotate.lua" <<'EOF'
-- GETs the paths given after `--` in turn.
local requests = {}
function init(args)
    for i = 1, #args do requests[i] = wrk.format("GET", args[i]) end
end
local k = 0
function request()
    k = k + 1
    return requests[(k % #requests) + 1]
end
EOF
cp scripts/bench/post.lua "$WORK/post.lua"

RESULTS="$WORK/results.txt"
: > "$RESULTS"

# run_wrk ENDPOINT CONNECTIONS TARGET URL [wrk args…]: one run, one line in $RESULTS.
run_wrk() {
    local endpoint=$1 connections=$2 target=$3 url=$4
    shift 4
    local out
    local pid=${TARGET_PIDS[$target]} name=$target
    case "$target" in echo-durable) name=floor-durable ;; echo-*) name=echo ;; esac
    local port=${PORTS[$target]:-}
    local journal_before="0 0 0" journal_after="0 0 0" cpu_before cpu_after journalled=0
    # The server's journal figures (records, syncs, sync seconds) from its /metrics.
    case "$target" in nginx|echo-*) ;; *) [ "$endpoint" = "POST events" ] && journalled=1 ;; esac
    if [ "$journalled" = 1 ]; then journal_before=$(python3 "$HELPER" journal "$port"); fi
    cpu_before=$(python3 "$HELPER" cpu "$pid")
    out=$(timeout "$WRK_TIMEOUT" wrk -t1 -c"$connections" -d"${DURATION}s" --timeout 5s --latency "$url" "$@" 2>&1) || {
        echo "wrk failed against $target: $out" >&2; exit 1; }
    cpu_after=$(python3 "$HELPER" cpu "$pid")
    if [ "$journalled" = 1 ]; then journal_after=$(python3 "$HELPER" journal "$port"); fi
    printf '%s\n' "$out" > "$WORK/last-wrk-$target.txt"
    local parsed requests cpu_us per_sync
    parsed=$(printf '%s' "$out" | python3 "$HELPER" parse-wrk)
    requests=$(cut -f6 <<<"$parsed")
    cpu_us=$(python3 -c "print(f'{($cpu_after - $cpu_before) * 1e6 / max($requests, 1):.1f}')")
    per_sync=$(python3 -c "
a0, s0, t0 = map(float, '$journal_before'.split()); a1, s1, t1 = map(float, '$journal_after'.split())
print(f'{(a1 - a0) / (s1 - s0):.1f}/{(t1 - t0) * 1000 / (s1 - s0):.3f}' if s1 > s0 else '-')")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$endpoint" "$connections" "$name" "$parsed" "$cpu_us" "$per_sync" >> "$RESULTS"
    log "  $target $endpoint c$connections: $(tail -1 "$RESULTS" | cut -f4-)"
}

SERVER_URL="http://127.0.0.1:$SERVER_PORT"
NGINX_URL="http://127.0.0.1:$NGINX_PORT"
mapfile -t FRAMES_PATHS < "$WORK/frames-paths.txt"
# The same four windows, in the same order, as files.
NGINX_FRAMES_PATHS=(/frames-button.json /frames-progressButton.json /frames-switch.json /frames-card.json)

# bench ENDPOINT CONNECTIONS TARGETS…: ROUNDS rounds; the targets take turns, in reverse every other round.
bench() {
    local endpoint=$1 connections=$2
    shift 2
    local targets=("$@")
    for round in $(seq "$ROUNDS"); do
        local order=("${targets[@]}")
        if [ $((round % 2)) = 0 ]; then
            order=()
            for ((i = ${#targets[@]} - 1; i >= 0; i--)); do order+=("${targets[$i]}"); done
        fi
        for target in "${order[@]}"; do
            local base=$NGINX_URL
            if [ "$target" != nginx ]; then
                base="http://127.0.0.1:${PORTS[$target]}"
            fi
            if [ "$target" != nginx ] && [ "${target#echo}" = "$target" ]; then
                base="http://127.0.0.1:${PORTS[$target]}"
                if [ "$endpoint" = "POST events" ]; then
                    timeout 120 python3 "$HELPER" event-sessions "${PORTS[$target]}" "$EVENT_SESSIONS" "$WORK/events-$target-$round.txt"
                fi
            fi
            case "$endpoint" in
            "GET frame switch"|"GET frame card")
                local kind=${endpoint##* } file=frame.json path=$FRAME_PATH
                [ "$kind" = card ] && file=card-frame.json path=$CARD_PATH
                case "$target" in
                nginx) run_wrk "$endpoint" "$connections" "$target" "$base/$file" ;;
                echo-*) run_wrk "$endpoint" "$connections" "$target" "$base/" ;;
                *) run_wrk "$endpoint" "$connections" "$target" "$base$path" ;;
                esac ;;
            "GET frames")
                if [ "$target" = nginx ]; then
                    run_wrk "$endpoint" "$connections" "$target" "$base/" -s "$WORK/rotate.lua" -- "${NGINX_FRAMES_PATHS[@]}"
                else run_wrk "$endpoint" "$connections" "$target" "$base/" -s "$WORK/rotate.lua" -- "${FRAMES_PATHS[@]}"; fi ;;
            "POST events")
                local list="$WORK/events-$target-$round.txt"
                # nginx and the floor answer any path: they get the first server's sessions list, for
                # the same requests.
                case "$target" in nginx|echo-*) list=$(compgen -G "$WORK/events-server-*.txt" | head -1 || true) ;; esac
                if [ -z "$list" ] || [ ! -e "$list" ]; then
                    timeout 120 python3 "$HELPER" event-sessions "$SERVER_PORT" "$EVENT_SESSIONS" "$WORK/events-server-0.txt"
                    list="$WORK/events-server-0.txt"
                fi
                run_wrk "$endpoint" "$connections" "$target" "$base/" -s "$WORK/post.lua" -- "$list" ;;
            esac
        done
    done
}

log "warm-up"
timeout 30 wrk -t1 -c16 -d2s "$NGINX_URL/frame.json" >/dev/null
timeout 30 wrk -t1 -c16 -d2s "$SERVER_URL$FRAME_PATH" >/dev/null

# BENCH_ONLY=frames runs only the frames-window comparison (BENCH_ONLY=frame, =events likewise).
wanted() { [ -z "${BENCH_ONLY:-}" ] || [ "$BENCH_ONLY" = "$1" ]; }
if wanted frame; then
    for kind in switch card; do
        for connections in 16 32 64; do
            log "GET frame ($kind), $connections connections"; bench "GET frame $kind" "$connections" nginx "echo-$kind" server
        done
    done
fi
if wanted frames; then log "GET frames, 16 connections"; bench "GET frames" 16 nginx server; fi
if wanted events; then
    for connections in 16 64; do
        log "POST events, $connections connections"; bench "POST events" "$connections" nginx echo-switch "${FLOOR_DURABLE[@]}" "${VARIANTS[@]}"
    done
fi

if wanted scene; then
    SCENE_TARGET=server
    for name in "${VARIANTS[@]}"; do [ "$name" = server-ephemeral ] && SCENE_TARGET=server-ephemeral; done
    SCENE_URL="http://127.0.0.1:${PORTS[$SCENE_TARGET]}"
    timeout 60 python3 "$HELPER" scene-setup "${PORTS[$SCENE_TARGET]}" "$WORK"
    MAIN_RESULTS=$RESULTS
    RESULTS="$WORK/scene-results.txt"
    : > "$RESULTS"
    for round in $(seq "$ROUNDS"); do
        log "scene against switch on $SCENE_TARGET, round $round"
        run_wrk "GET frame settings scene" 16 "$SCENE_TARGET" "$SCENE_URL$(cat "$WORK/scene-frame-path.txt")"
        run_wrk "GET frame switch" 16 "$SCENE_TARGET" "$SCENE_URL$(cat "$WORK/switch-frame-path.txt")"
        for kind in scene switch; do
            timeout 300 python3 "$HELPER" scene-sessions "${PORTS[$SCENE_TARGET]}" "$SCENE_SESSIONS" "$WORK/$kind-events-$round.txt" "$kind"
        done
        run_wrk "POST tap settings scene" 16 "$SCENE_TARGET" "$SCENE_URL/" -s "$WORK/post.lua" -- "$WORK/scene-events-$round.txt"
        run_wrk "POST tap switch" 16 "$SCENE_TARGET" "$SCENE_URL/" -s "$WORK/post.lua" -- "$WORK/switch-events-$round.txt"
    done
    RESULTS=$MAIN_RESULTS
fi

# --- idle connections and start-up --------------------------------------------------------------
log "$IDLE_CONNECTIONS idle keep-alive connections, 50 timed requests (and the same with none, and against nginx)"
timeout 120 python3 "$HELPER" idle "$SERVER_PORT" 0 50 /healthz > "$WORK/idle-server-0.json"
timeout 120 python3 "$HELPER" idle "$SERVER_PORT" "$IDLE_CONNECTIONS" 50 /healthz > "$WORK/idle-server.json"
timeout 120 python3 "$HELPER" idle "$NGINX_PORT" "$IDLE_CONNECTIONS" 50 /frame.json > "$WORK/idle-nginx.json"

log "start-up to accepting connections, 5 starts"
STARTUP_PORT=$(python3 "$HELPER" freeport)
STARTUP_FLAGS=()
if [ ${#DATA_FLAG[@]} -gt 0 ]; then mkdir -p "$WORK/empty-data"; STARTUP_FLAGS=(--data-dir "$WORK/empty-data"); fi
timeout 120 python3 "$HELPER" startup 5 -- "$SERVER" --host 127.0.0.1 --port "$STARTUP_PORT" "${STARTUP_FLAGS[@]}" > "$WORK/startup.json"

echo
echo "bench-http: wrk -t1 --latency, ${DURATION} s per run, $ROUNDS rounds each, nginx and server alternating;"
echo "  $(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(uname -sr), shared with other work"
echo "  nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///'), $WORKERS workers, static JSON of the server's own responses ($FRAME_BYTES-byte switch frame, $CARD_BYTES-byte card frame, the four frames windows);"
echo "  release server with $WORKERS event-loop threads; the floor responder with $WORKERS threads"
for name in "${VARIANTS[@]}"; do echo "  $name: ${DESCRIPTIONS[$name]}"; done
if [ ${#FLOOR_DURABLE[@]} -gt 0 ]; then
    kill -TERM "${TARGET_PIDS[echo-durable]}" 2>/dev/null || true
    wait "${TARGET_PIDS[echo-durable]}" 2>/dev/null || true
    echo "  floor-durable: the C responder answering each POST after the fdatasync that covers it ($(sed -n 's/^echo-responder: //p' "$WORK/floor-durable.log"), all runs)"
fi
python3 "$HELPER" report "$RESULTS" \
    "server=$WORK/idle-server-0.json,server=$WORK/idle-server.json,nginx=$WORK/idle-nginx.json" "$WORK/startup.json"
if [ -s "$WORK/scene-results.txt" ]; then python3 "$HELPER" scene-report "$WORK/scene-results.txt"; fi
echo "  load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_START)"
