#!/usr/bin/env python3
"""TypeScript declarations derived from openapi.yaml, for checking client/client.d.ts against it.

No TypeScript client generator is reachable from the registries CI uses (the npm registry is not
one of them, and Debian's tsc 4.8 rejects openapi-generator's output), so client.d.ts stays the
typed face for pages. This script writes what the contract says as TypeScript: every component
schema as a type of the same name, and `ControlStates` with the keys of each built-in
definition's `state`. scripts/check-client-types.sh then asks tsc whether what the server sends,
as the contract describes it, is what client.d.ts promises (see there).

    python3 scripts/spec_types.py openapi.yaml Sources/BuiltIns/Controls > spec.d.ts
"""
import glob
import json
import os
import re
import sys

import yaml

IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def key(name):
    return name if IDENT.match(name) else json.dumps(name)


def literal(value):
    return json.dumps(value)


def union(parts):
    seen = []
    for part in parts:
        if part not in seen:
            seen.append(part)
    return seen[0] if len(seen) == 1 else "(" + " | ".join(seen) + ")"


def ts(schema):
    """One JSON Schema (2020-12, as OpenAPI 3.1 uses it) as a TypeScript type."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    if "$ref" in schema:
        base = schema["$ref"].rsplit("/", 1)[-1]
        rest = {k: v for k, v in schema.items() if k not in ("$ref", "description", "title", "examples", "default")}
        return base if not rest else f"({base} & {ts(rest)})"
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        return union([literal(v) for v in schema["enum"]])
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            rest = {k: v for k, v in schema.items() if k != combinator and k not in ("description", "title", "discriminator")}
            choice = union([ts(s) for s in schema[combinator]])
            return choice if not shape_keys(rest) else f"({choice} & {ts(rest)})"
    if "allOf" in schema:
        rest = {k: v for k, v in schema.items() if k != "allOf"}
        parts = [ts(s) for s in schema["allOf"]] + ([ts(rest)] if shape_keys(rest) else [])
        return "(" + " & ".join(parts) + ")"
    kinds = schema.get("type")
    if kinds is None:
        kinds = "object" if ("properties" in schema or "additionalProperties" in schema) else None
    if kinds is None:
        return "unknown"
    if isinstance(kinds, list):
        return union([ts({**schema, "type": kind}) for kind in kinds])
    if kinds in ("number", "integer"):
        return "number"
    if kinds in ("string", "boolean", "null"):
        return kinds
    if kinds == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(ts(s) for s in schema["prefixItems"]) + "]"
        return f"Array<{ts(schema.get('items', True))}>"
    if kinds == "object":
        return object_type(schema)
    raise SystemExit(f"spec_types: a type this script does not know: {kinds!r}")


def shape_keys(schema):
    return [k for k in schema if k in ("type", "properties", "additionalProperties", "items", "enum", "const", "$ref")]


def object_type(schema):
    required = set(schema.get("required", []))
    members = [f"{key(name)}{'' if name in required else '?'}: {ts(sub)};"
               for name, sub in schema.get("properties", {}).items()]
    extra = schema.get("additionalProperties", True)
    body = "{ " + " ".join(members) + " }" if members else "{}"
    if extra is False:
        return body
    # Members beyond the named ones: a record of their type beside the named members.
    return f"({body} & Record<string, {ts(extra)}>)" if members else f"Record<string, {ts(extra)}>"


def nulls(node, path=""):
    """Members whose value is null: in a YAML flow mapping, `{description: A, b}` reads `b` as a
    key with no value, a description silently cut at its comma."""
    if isinstance(node, dict):
        for name, value in node.items():
            if value is None and name != "default":
                yield f"{path}/{name}"
            yield from nulls(value, f"{path}/{name}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from nulls(value, f"{path}/{index}")


def main(spec_path, controls_dir):
    spec = yaml.safe_load(open(spec_path, encoding="utf-8"))
    cut = list(nulls(spec))
    if cut:
        raise SystemExit("spec_types: members with no value (a flow mapping's comma?): " + ", ".join(cut))
    out = ["// Derived from openapi.yaml by scripts/spec_types.py; not kept in the repository.", ""]
    for name, schema in spec["components"]["schemas"].items():
        out.append(f"export type {name} = {ts(schema)};")
    states = []
    for path in sorted(glob.glob(os.path.join(controls_dir, "*.json"))):
        definition = json.load(open(path, encoding="utf-8"))
        control = os.path.basename(path).split("-", 1)[1].rsplit(".", 1)[0]
        fields = " ".join(f"{key(name)}: Fields[string];" for name in definition.get("state", {}))
        states.append(f"  {key(control)}: {{ {fields} }};")
    out.append("/** The keys of each built-in definition's `state`. */")
    out.append("export interface ControlStates {\n" + "\n".join(states) + "\n}")
    print("\n".join(out))


if __name__ == "__main__":
    main(*sys.argv[1:3])
