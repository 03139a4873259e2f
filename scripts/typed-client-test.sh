#!/usr/bin/env bash
# A client generated from openapi.yaml, type-checked and driven against a running server:
# openapi-python-client generates the package `controlsim_client` (any warning not on
# scripts/typed-client/allowed-warnings.txt fails), `mypy --strict` checks it and the walk-through
# (scripts/typed-client/mypy.ini names the one generator bug it works around), and
# scripts/typed_client_walkthrough.py drives the API through it alone. Installs what it needs into
# .ci/.venv-client from PyPI (pinned, so a new generator's new warnings are a deliberate upgrade).
# Usage: scripts/typed-client-test.sh BASE_URL
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/typed-client-test.sh BASE_URL}
venv=.ci/.venv-client
packages=(openapi-python-client==0.29.1 mypy==2.4.1 'jsonschema>=4,<5' PyYAML types-PyYAML types-jsonschema)
if [ ! -x "$venv/bin/openapi-python-client" ] || ! "$venv/bin/python" -c 'import mypy, jsonschema, yaml' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "generating the client from openapi.yaml"
if ! "$venv/bin/openapi-python-client" generate --path openapi.yaml --meta none --output-path "$out/controlsim_client" \
     --config scripts/typed-client/generator.yaml >"$out/generate.log" 2>&1; then
  cat "$out/generate.log"; echo "openapi-python-client did not generate a client" >&2; exit 1
fi
# Every warning's first line must be allowed (headlines: "WARNING …", "Unable to …", "Attempted …").
allowed=$(grep -v '^#' scripts/typed-client/allowed-warnings.txt | cut -f1)
unexpected=$(grep -E '^(WARNING|Unable to|Attempted|Could not|Failed)' "$out/generate.log" | grep -vxF "$allowed" || true)
if [ -n "$unexpected" ]; then
  cat "$out/generate.log"
  printf 'the generator warned of what scripts/typed-client/allowed-warnings.txt does not allow:\n%s\n' "$unexpected" >&2
  exit 1
fi
echo "generated: $(ls "$out/controlsim_client/models" | grep -c '\.py$') model modules, $(ls "$out/controlsim_client/api/default" | grep -c '\.py$') operation modules; warnings: $(grep -c '^WARNING' "$out/generate.log" || true), all allowed"

"$venv/bin/python" scripts/typed-client/check_models.py openapi.yaml "$out/controlsim_client"

echo "mypy --strict on the generated client and the walk-through"
MYPYPATH="$out" "$venv/bin/mypy" --strict --config-file scripts/typed-client/mypy.ini --cache-dir "$out/.mypy_cache" \
  "$out/controlsim_client" scripts/typed_client_walkthrough.py

echo "the walk-through through the generated client against $base"
PYTHONPATH="$out" "$venv/bin/python" scripts/typed_client_walkthrough.py "$base" openapi.yaml
