#!/usr/bin/env bash
# Memory and time of a restart against the live server that wrote the same journal: RSS live,
# RSS once ready after a restart that replays and compacts, its peak (VmHWM), replay seconds per
# million events, and the same after a second restart from the snapshot. About a minute with the
# defaults (2,000 sessions × 500 events) plus the release build when it is missing.
#
#   scripts/bench/restart-memory.sh [--sessions N] [--events N]   (SERVER_BIN overrides the binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${SERVER_BIN:-.build/release/Server}
[ -x "$binary" ] || swift build -c release --product Server
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 scripts/bench/restart_memory.py "$binary" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
