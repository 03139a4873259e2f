#!/usr/bin/env bash
# Runs the README's curl walk-through against a running server and checks what it prints,
# so the README stays true. Usage: scripts/walkthrough.sh [base-url]  (default http://127.0.0.1:8080)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-http://127.0.0.1:8080}
hostport=${base#http://}

block=$(sed -n '/<!-- walkthrough:start -->/,/<!-- walkthrough:end -->/p' README.md | sed '/^```/d; /^<!--/d')
[ -n "$block" ] || { echo "walkthrough: no walk-through block in README.md" >&2; exit 1; }
output=$(bash -euo pipefail -c "${block//localhost:8080/$hostport}")
echo "$output"

expect() {
  grep -qF -- "$1" <<<"$output" || { echo "walkthrough: expected to see $1" >&2; exit 1; }
}
expect '"control":"switch"'
expect '{"time":0.1,"state":{"isOn":true},"accepted":2,"emitted":[{"t":0,"name":"valueChanged","isOn":true}]}'
expect '"t":0.25,"properties":{"thumbCenterX":35.5'
expect '{"t":0.125,"properties":{"thumbCenterX":25.5,"trackColor":"#8fd8a2ff","isOn":true}'
expect '"status":409,"code":"event_out_of_order"'
echo "walkthrough: README commands behave as documented"
