#!/usr/bin/env bash
# Kills the release server with SIGKILL at random moments while clients post events, restarts
# it, and checks every acknowledged event is back and nothing is half-applied (issue 6).
# Usage: scripts/crash-test.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/release/Server ] || swift build -c release --product Server
timeout 600 python3 scripts/crash_test.py .build/release/Server --rounds "${1:-8}" --clients 6
