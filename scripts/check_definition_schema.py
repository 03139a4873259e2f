#!/usr/bin/env python3
"""Every built-in definition (Sources/Routes/Controls/*.json) is valid against openapi.yaml's
Definition schema, so the contract describes at least what the server ships. Needs PyYAML and
jsonschema (Debian: python3-yaml, python3-jsonschema)."""
import glob
import json
import sys

import jsonschema
import yaml

spec = yaml.safe_load(open("openapi.yaml"))
schemas = spec["components"]["schemas"]
# Local references (#/components/schemas/X) resolve against the whole document.
root = dict(spec)
root["$ref"] = "#/components/schemas/Definition"
validator = jsonschema.Draft202012Validator(root)
failed = 0
for path in sorted(glob.glob("Sources/Routes/Controls/*.json")):
    definition = json.load(open(path))
    errors = sorted(validator.iter_errors(definition), key=lambda e: list(e.absolute_path))
    for error in errors:
        failed += 1
        print(f"{path}: /{'/'.join(map(str, error.absolute_path))}: {error.message}")
    if not errors:
        print(f"{path}: valid")
sys.exit(1 if failed else 0)
