#!/usr/bin/env python3
"""Every built-in definition (Sources/BuiltIns/Controls/*.json) is valid against openapi.yaml's
Definition schema, so the contract describes at least what the server ships; and each built-in's
`<Name>Config` schema names exactly its parameters, with the same defaults where both give one.
Needs PyYAML and jsonschema (Debian: python3-yaml, python3-jsonschema)."""
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
for path in sorted(glob.glob("Sources/BuiltIns/Controls/*.json")):
    definition = json.load(open(path))
    errors = sorted(validator.iter_errors(definition), key=lambda e: list(e.absolute_path))
    for error in errors:
        failed += 1
        print(f"{path}: /{'/'.join(map(str, error.absolute_path))}: {error.message}")
    if not errors:
        print(f"{path}: valid")
    name = path.split("/")[-1].split("-", 1)[1][: -len(".json")]
    config = schemas.get(name[0].upper() + name[1:] + "Config")
    if config is None:
        failed += 1
        print(f"{path}: openapi.yaml has no {name[0].upper() + name[1:]}Config")
        continue
    parameters, properties = definition.get("parameters", {}), config.get("properties", {})
    for key in sorted(set(parameters) ^ set(properties)):
        failed += 1
        print(f"{path}: '{key}' is {'a parameter missing from' if key in parameters else 'in'} its Config schema"
              f"{'' if key in parameters else ' but not a parameter'}")
    for key, parameter in parameters.items():
        given = properties.get(key, {}).get("default")
        if given is not None and "default" in parameter and parameter["type"] in ("number", "bool", "enum") \
                and given != parameter["default"]:
            failed += 1
            print(f"{path}: '{key}' defaults to {parameter['default']!r}, its Config schema says {given!r}")
sys.exit(1 if failed else 0)
