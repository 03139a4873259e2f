#!/usr/bin/env bash
# The browser tests, in headless Chromium (Debian's package, installed when missing), over the
# DevTools protocol (scripts/cdp.py, standard library only):
#   export_browser_test.py  plays each control's CSS and WAAPI exports, and those of the four
#                           docs/examples definitions, and compares computed styles (transform
#                           matrices, a path's stroke, a text's colour) at 100 sample times with
#                           GET …/frame?t (prints the deviations);
#   client_browser_test.py  imports /client.js into a blank page, attaches a switch and a card,
#                           drives them with mouse input on Playwright's fake clock (Playwright's
#                           Python package from PyPI, in .ci/.venv, installed when missing; it
#                           drives the same Chromium) and checks the DOM; then attaches each
#                           docs/examples definition and compares its drawn boxes, path bounds and
#                           rotations with the frames;
#   client_latency_test.py  the client module on the real clock: 10 taps each on a switch and a
#                           card, 5 drags each on the card and a scroll view; prints pointer →
#                           first pixel and callback delays against their targets (~45 s);
#   browser_test.py         the playground: taps the switch, drags the card, clicks the checkbox,
#                           flicks the scroll view, drags the sheet and the slider, presses the
#                           stepper, taps a segment; checks the DOM and the sessions' frames, and
#                           saves docs/playground.png.
# Usage: scripts/browser-test.sh [base-url]
#   With no URL it builds and starts the debug server on a free loopback port, and stops it after.
#   SCREENSHOT=path overrides docs/playground.png, CLIENT_SCREENSHOT=path keeps the client test's
#   picture; BROWSER_TEST_SECONDS bounds each test (600: a bound on a hung browser, not a speed
#   target; a test takes 10–40 s on a quiet machine and several times that on a loaded one).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-}
screenshot=${SCREENSHOT:-docs/playground.png}
seconds=${BROWSER_TEST_SECONDS:-600}

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "browser-test: Chromium is missing; install Debian's 'chromium' package (as root: apt-get install chromium)" >&2
    exit 1
  fi
  echo "browser-test: installing Chromium from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update -qq
  timeout 900 apt-get install -y -qq --no-install-recommends chromium >/dev/null
  chromium=$(command -v chromium) || { echo "browser-test: the chromium package installed no chromium" >&2; exit 1; }
fi
echo "browser-test: $("$chromium" --version 2>/dev/null | head -n 1)"

venv=.ci/.venv
if ! "$venv/bin/python" -c 'import playwright' 2>/dev/null; then
  echo "browser-test: installing Playwright's Python package into $venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check 'playwright>=1.49,<2'
fi

server=""
workdir=$(mktemp -d)
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT

if [ -z "$base" ]; then
  timeout 1200 swift build --product Server >/dev/null
  : >"$workdir/server.log"
  "$(swift build --show-bin-path)/Server" --host 127.0.0.1 --port 0 2>"$workdir/server.log" &
  server=$!
  # shellcheck source=listening-port.sh
  . "$(dirname "$0")/listening-port.sh"
  port=$(listening_port "$workdir/server.log" "$server") || { cat "$workdir/server.log" >&2; echo "browser-test: the server did not start" >&2; exit 1; }
  base="http://127.0.0.1:$port"
  echo "browser-test: started the server on $base"
fi

status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base/") || true
[ "$status" = 200 ] || { echo "browser-test: GET $base/ answered ${status:-nothing}, not 200" >&2; exit 1; }

start=$(date +%s)
timeout $((seconds + 30)) python3 scripts/export_browser_test.py "$base" --chromium "$chromium" --timeout "$seconds"
timeout $((seconds + 30)) "$venv/bin/python" scripts/client_browser_test.py "$base" "${CLIENT_SCREENSHOT:-$workdir/client.png}" \
  --chromium "$chromium" --timeout "$seconds"
timeout $((seconds + 60)) "$venv/bin/python" scripts/client_latency_test.py "$base" --chromium "$chromium" --timeout "$seconds"
timeout $((seconds + 30)) python3 scripts/browser_test.py "$base" "$screenshot" --chromium "$chromium" --timeout "$seconds"
echo "browser-test: passed in $(( $(date +%s) - start )) s"
