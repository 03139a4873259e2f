#!/usr/bin/env bash
# Runs the README's two curl walk-throughs (the first steps, and the tester's record, replay and
# compare) against a running server and checks what they print, so the README stays true.
# Each block takes the server from its `BASE=` line, replaced here by the base URL given.
# Usage: scripts/walkthrough.sh [base-url]  (default http://127.0.0.1:8080)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-http://127.0.0.1:8080}

# The commands between <!-- <name>:start --> and <!-- <name>:end -->, run with BASE=$base in a
# scratch directory (the tester's walk-through writes files), printing what they print.
run_block() {
  local block
  block=$(sed -n "/<!-- $1:start -->/,/<!-- $1:end -->/p" README.md | sed '/^```/d; /^<!--/d')
  [ -n "$block" ] || { echo "walkthrough: no $1 block in README.md" >&2; exit 1; }
  grep -q '^BASE=http://localhost:8080$' <<<"$block" || { echo "walkthrough: the $1 block sets no BASE=http://localhost:8080" >&2; exit 1; }
  local scratch
  scratch=$(mktemp -d)
  (cd "$scratch" && bash -euo pipefail -c "${block//BASE=http:\/\/localhost:8080/BASE=$base}")
  rm -rf "$scratch"
}

check() {
  local output=$1
  shift
  for expected in "$@"; do
    grep -qF -- "$expected" <<<"$output" || { echo "walkthrough: expected to see $expected" >&2; exit 1; }
  done
}

output=$(run_block walkthrough)
echo "$output"
check "$output" \
  '"control":"switch"' \
  '{"time":0.1,"state":{"isOn":true},"accepted":2,"emitted":[{"t":0,"name":"valueChanged","isOn":true}]}' \
  '"t":0.25,"properties":{"thumbCenterX":35.5' \
  '{"t":0.125,"properties":{"thumbCenterX":25.5,"trackColor":"#8fd8a2ff","isOn":true}' \
  '"status":409,"code":"event_out_of_order"'

output=$(run_block walkthrough-tester)
echo "$output"
check "$output" \
  '"shorthands":[{"first":0,"count":' \
  '"posted":{"type":"flick","t":0,"from":{"x":195,"y":800},"to":{"x":195,"y":700},"velocity":{"x":0,"y":-2000}}' \
  'the run gives the golden'"'"'s frames' \
  '{"equal":true,' \
  '{"equal":false,' \
  '"cardY":{"maxDeviation":'
echo "walkthrough: README commands behave as documented"
