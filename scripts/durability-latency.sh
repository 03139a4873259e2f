#!/usr/bin/env bash
# Create and delete latency under concurrent event load, against the release server with its
# journal in a temporary directory (issue 11: creates and deletes no longer hold a loop thread
# while the journal syncs). Give several server binaries to compare them round after round.
#   scripts/durability-latency.sh                                  # this tree's release server
#   scripts/durability-latency.sh /tmp/old/Server .build/release/Server --rounds 6
set -euo pipefail
cd "$(dirname "$0")/.."
binaries=()
while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do binaries+=("$1"); shift; done
if [ ${#binaries[@]} -eq 0 ]; then
  binaries=(.build/release/Server)
  [ -x .build/release/Server ] || swift build -c release --product Server
fi
exec timeout 1800 python3 scripts/durability_latency.py "${binaries[@]}" "$@"
