#!/usr/bin/env bash
# Create and delete latency under concurrent event load, against the release server with its
# journal in a temporary directory (issue 11: creates and deletes no longer hold a loop thread
# while the journal syncs). Extra arguments go to the Python driver, e.g. --seconds 20.
# Usage: scripts/durability-latency.sh [SERVER_BINARY] [driver arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/Server}
[ $# -gt 0 ] && shift
if [ "$binary" = .build/release/Server ] && [ ! -x "$binary" ]; then
  swift build -c release --product Server
fi
exec timeout 300 python3 scripts/durability_latency.py "$binary" "$@"
