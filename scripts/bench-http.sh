#!/usr/bin/env bash
# HTTP benchmarks of the release server against nginx in the same run (issue 7).
#
#   scripts/bench-http.sh            # about 6 minutes (4.5 with BENCH_VARIANTS=0)
#   BENCH_DURATION=3 BENCH_ROUNDS=1 scripts/bench-http.sh   # a quick look
#
# nginx (a foreground process with a generated config, loopback only) serves one static JSON
# file whose bytes are a real switch frame from the server, and answers the events POST with
# the same bytes. wrk (one thread, keep-alive) runs against nginx and the server alternately,
# BENCH_ROUNDS rounds each of BENCH_DURATION seconds, for:
#   GET  /v1/sessions/{id}/frame?t=0.1               switch mid-animation, 16 and 64 connections
#   GET  /v1/sessions/{id}/frames?from=0&to=1&fps=60 the four controls in turn, 16 connections
#   POST /v1/sessions/{id}/events                    4,000 fresh sessions per round, round-robin,
#                                                    t increasing per session (every answer a 200);
#                                                    when the server journals sessions, also against
#                                                    `--fsync batch` and `--ephemeral` servers
#                                                    (BENCH_VARIANTS=0 skips them)
# then 2,000 idle keep-alive connections against 50 timed requests, and the start-up time to
# accepting connections. Both servers log one line per request to /dev/null and use one worker
# per core. Installs wrk and nginx-light from Debian if missing. Every process it starts is
# stopped on exit.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
HELPER="$ROOT/scripts/bench-http.py"
DURATION=${BENCH_DURATION:-10}
ROUNDS=${BENCH_ROUNDS:-3}
EVENT_SESSIONS=${BENCH_EVENT_SESSIONS:-4000}
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

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# --- build ---------------------------------------------------------------------------------------
log "building the release server"
BUILD_LOG=$(mktemp /tmp/bench-http-build.XXXXXX)
if ! timeout 900 swift build -c release --product Server > "$BUILD_LOG" 2>&1; then
    grep -E "error|warning: unre" "$BUILD_LOG" | head -20 >&2
    echo "the release build failed (full log: $BUILD_LOG)" >&2
    exit 1
fi
rm -f "$BUILD_LOG"
SERVER="$(swift build -c release --show-bin-path)/Server"

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
declare -A PORTS DESCRIPTIONS
VARIANTS=(server)
start_server() { # NAME DESCRIPTION [flags…]
    local name=$1 description=$2
    shift 2
    local port
    port=$(python3 "$HELPER" freeport)
    "$SERVER" --host 127.0.0.1 --port "$port" "$@" 2>/dev/null &
    PIDS+=($!)
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
cp "$WORK/frame.json" "$WORK/www/frame.json"
# nginx's workers run as an unprivileged user: let them read the file and use the temp dir.
chmod 755 "$WORK" "$WORK/www"; chmod 644 "$WORK/www/frame.json"; chmod 1777 "$WORK/nginx-tmp"
FRAME_BYTES=$(wc -c < "$WORK/frame.json")
FRAME_PATH=$(cat "$WORK/frame-path.txt")
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
        location = /frame.json { }
        # The events baseline: the same POSTs, answered with the frame's bytes.
        location /v1/ { default_type application/json; return 200 '$FRAME_LITERAL\n'; }
    }
}
EOF
"$NGINX" -p "$WORK" -c "$WORK/nginx.conf" &
PIDS+=($!)
timeout 30 python3 "$HELPER" wait "$NGINX_PORT" 10
NGINX_FILE_BYTES=$(curl -s --max-time 5 "http://127.0.0.1:$NGINX_PORT/frame.json" | wc -c)
[ "$NGINX_FILE_BYTES" = "$FRAME_BYTES" ] || { echo "nginx serves $NGINX_FILE_BYTES bytes, expected $FRAME_BYTES" >&2; exit 1; }
log "nginx on 127.0.0.1:$NGINX_PORT serving a $FRAME_BYTES-byte frame (workers: $WORKERS)"

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
cat > "$WORK/post.lua" <<'EOF'
-- POSTs to the sessions listed in the file given after `--` ("path<TAB>event with @T"), round-robin;
-- pass r posts to every session at t = 0.2 (r + 1), so each session's events keep increasing.
local paths, bodies, n, counter = {}, {}, 0, 0
function init(args)
    for line in io.lines(args[1]) do
        local path, body = line:match("^([^\t]+)\t(.*)$")
        if path then n = n + 1; paths[n] = path; bodies[n] = body end
    end
end
function request()
    local i = counter % n + 1
    local t = string.format("%.1f", 0.2 * (math.floor(counter / n) + 1))
    counter = counter + 1
    local body = (bodies[i]:gsub("@T", t))
    return wrk.format("POST", paths[i], { ["Content-Type"] = "application/json" }, body)
end
EOF

RESULTS="$WORK/results.txt"
: > "$RESULTS"

# run_wrk ENDPOINT CONNECTIONS TARGET URL [wrk args…]: one run, one line in $RESULTS.
run_wrk() {
    local endpoint=$1 connections=$2 target=$3 url=$4
    shift 4
    local out
    out=$(timeout "$WRK_TIMEOUT" wrk -t1 -c"$connections" -d"${DURATION}s" --timeout 5s --latency "$url" "$@" 2>&1) || {
        echo "wrk failed against $target: $out" >&2; exit 1; }
    printf '%s\n' "$out" > "$WORK/last-wrk-$target.txt"
    printf '%s\t%s\t%s\t%s\n' "$endpoint" "$connections" "$target" "$(printf '%s' "$out" | python3 "$HELPER" parse-wrk)" >> "$RESULTS"
    log "  $target $endpoint c$connections: $(tail -1 "$RESULTS" | cut -f4-)"
}

SERVER_URL="http://127.0.0.1:$SERVER_PORT"
NGINX_URL="http://127.0.0.1:$NGINX_PORT"
mapfile -t FRAMES_PATHS < "$WORK/frames-paths.txt"

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
                if [ "$endpoint" = "POST events" ]; then
                    timeout 120 python3 "$HELPER" event-sessions "${PORTS[$target]}" "$EVENT_SESSIONS" "$WORK/events-$target-$round.txt"
                fi
            fi
            case "$endpoint" in
            "GET frame")
                if [ "$target" = nginx ]; then run_wrk "$endpoint" "$connections" "$target" "$base/frame.json"
                else run_wrk "$endpoint" "$connections" "$target" "$base$FRAME_PATH"; fi ;;
            "GET frames")
                if [ "$target" = nginx ]; then run_wrk "$endpoint" "$connections" "$target" "$base/frame.json" -s "$WORK/rotate.lua" -- /frame.json
                else run_wrk "$endpoint" "$connections" "$target" "$base/" -s "$WORK/rotate.lua" -- "${FRAMES_PATHS[@]}"; fi ;;
            "POST events")
                local list="$WORK/events-$target-$round.txt"
                # nginx answers any path: it gets the first server's sessions list, for the same requests.
                [ "$target" = nginx ] && list=$(compgen -G "$WORK/events-server-*.txt" | head -1 || true)
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

log "GET frame, 16 connections"; bench "GET frame" 16 nginx server
log "GET frames, 16 connections"; bench "GET frames" 16 nginx server
log "POST events, 16 connections"; bench "POST events" 16 nginx "${VARIANTS[@]}"
log "GET frame, 64 connections"; bench "GET frame" 64 nginx server

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
echo "  nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///'), $WORKERS workers, static $FRAME_BYTES-byte JSON (a real switch frame);"
echo "  release server with $WORKERS event-loop threads; machine: $(nproc) cores, shared with other work"
for name in "${VARIANTS[@]}"; do echo "  $name: ${DESCRIPTIONS[$name]}"; done
python3 "$HELPER" report "$RESULTS" \
    "server=$WORK/idle-server-0.json,server=$WORK/idle-server.json,nginx=$WORK/idle-nginx.json" "$WORK/startup.json"
echo "  load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_START)"
