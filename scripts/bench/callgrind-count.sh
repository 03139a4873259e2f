# Sourced by the callgrind benchmarks (callgrind-request.sh, events-post.sh).
#   callgrind_count PID OUT COMMAND...
# Zeroes the counters of the server PID running under callgrind, runs COMMAND (the load), dumps
# the profile and prints the instructions counted in between and the dump's path (the newest
# at OUT*): read -r TOTAL LAST < <(callgrind_count …).
callgrind_count() {
  local pid=$1 out=$2
  shift 2
  callgrind_control --zero "$pid" >/dev/null
  "$@" >/dev/null
  callgrind_control --dump "$pid" >/dev/null
  sleep 1 # the dump is written by the server's process, after callgrind_control returns
  local last
  last=$(ls -t "$out"* | head -1)
  echo "$(grep -h '^summary:\|^totals:' "$last" | head -1 | awk '{print $2}') $last"
}
