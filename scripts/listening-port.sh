# Sourced by the scripts that start a server on `--port 0`: the port it chose, read from the
# `msg=listening … port=N` line of its log, once the `msg=ready` line after it says the journal
# was replayed (the server listens first, and answers `/v1/` with 503 `starting` until then).
#   port=$(listening_port LOG PID [TRIES]) || { …the server did not start… }
# Waits TRIES × 0.1 s (default 600: a bound on a hung start, not a speed target; a loaded machine
# replays a journal slowly) and gives up early if the process PID has exited; the log
# may not exist yet on the first tries.
listening_port() {
  local log=$1 pid=$2 tries=${3:-600} port=""
  for _ in $(seq 1 "$tries"); do
    port=$(sed -n 's/.*msg=listening .*port=\([0-9]*\).*/\1/p' "$log" 2>/dev/null | head -n 1)
    if [ -n "$port" ] && grep -q 'msg=ready' "$log" 2>/dev/null; then echo "$port"; return 0; fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
