#!/usr/bin/env python3
"""Derives the built-ins' parts of openapi.yaml from their definition files (issue 28: a control
is one file). Standard library only; run from the repository root.

    python3 scripts/openapi_configs.py           # rewrite openapi.yaml
    python3 scripts/openapi_configs.py --check   # is openapi.yaml what the definitions say?

For every `Sources/BuiltIns/Controls/NN-name.json`, in file order:

- `components.schemas.<Name>Config`: one property per definition parameter, in the definition's
  order. A parameter of a plain type (number, bool, color, enum, string, spring, derived) is
  written from the definition (type, bounds, default); its description is the one openapi.yaml
  already had, else the definition's. A parameter of a structured type (the button's effects, the
  switch's animation, the sheet's detents) keeps the lines openapi.yaml has for it: those are
  written by hand, once, with the primitive they describe. A new control's schema gets a
  description derived from its definition (what it emits, what its frames carry, its commands);
  an existing one keeps its own.
- the `if: {control: {const: name}} then: {config: <Name>Config}` chains (a named session, a
  named scenario) and the list in `ControlConfig`'s description.
"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTROLS = ROOT / "Sources" / "BuiltIns" / "Controls"
OPENAPI = ROOT / "openapi.yaml"

PLAIN = {"number", "bool", "color", "enum", "string", "spring", "derived"}
BOUNDS = ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum")


def built_ins():
    """(name, definition) in file order; definitions keep their key order."""
    for path in sorted(CONTROLS.glob("*.json")):
        name = path.stem.split("-", 1)[1]
        yield name, json.loads(path.read_text(encoding="utf-8"))


def schema_name(name):
    return name[0].upper() + name[1:] + "Config"


def scalar(value):
    """A JSON scalar as YAML flow text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value) and value not in ("true", "false", "null"):
        return value
    return json.dumps(value)


def text(value):
    """A description as YAML flow text (a JSON string is a YAML double-quoted scalar)."""
    return json.dumps(value, ensure_ascii=False)


def plain_property(name, spec, description):
    kind = spec.get("type")
    fields = []
    if kind == "number":
        fields.append("type: integer" if spec.get("integer") else "type: number")
        if "range" in spec:
            low, high = spec["range"]
            fields += [f"minimum: {scalar(low)}", f"maximum: {scalar(high)}"]
        fields += [f"{key}: {scalar(spec[key])}" for key in BOUNDS if key in spec]
        if "default" in spec:
            fields.append(f"default: {scalar(spec['default'])}")
    elif kind == "bool":
        fields += ["type: boolean", f"default: {scalar(spec.get('default', False))}"]
    elif kind == "enum":
        fields += ["type: string", "enum: [" + ", ".join(scalar(c) for c in spec["cases"]) + "]"]
        if "default" in spec:
            fields.append(f"default: {scalar(spec['default'])}")
    elif kind == "string":
        fields.append("type: string")
        if "default" in spec:
            fields.append(f"default: {scalar(spec['default'])}")
    elif kind == "color":
        fields.append("$ref: '#/components/schemas/Color'")
    elif kind == "spring":
        fields.append("$ref: '#/components/schemas/Spring'")
    elif kind == "derived":
        fields.append("type: number")
        description = description or "Read-only; ignored on input."
    if description and not fields[0].startswith("$ref"):
        fields.append(f"description: {description}")
    return f"        {name}: {{{', '.join(fields)}}}"


def derived_description(definition):
    """What a new control's schema says of itself, from its definition."""
    emitted = []
    for match in re.finditer(r'"emit":\s*"([A-Za-z0-9_]+)"', json.dumps(definition)):
        if match.group(1) not in emitted:
            emitted.append(match.group(1))
    parts = []
    if emitted:
        parts.append("Emits " + ", ".join(emitted) + ".")
    if definition.get("properties"):
        parts.append("Frames carry " + ", ".join(definition["properties"]) + ".")
    if definition.get("commands"):
        parts.append("Commands: " + ", ".join(definition["commands"]) + ".")
    words, lines, line = " ".join(parts).split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 96:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return ["      description: |"] + [f"        {l}" for l in lines]


def existing_blocks(lines):
    """schema name -> (start, end) line indices of `    Name:` blocks under components.schemas."""
    blocks, current = {}, None
    for index, line in enumerate(lines):
        match = re.fullmatch(r"    ([A-Za-z0-9]+):", line)
        if match:
            if current:
                blocks[current[0]] = (current[1], index)
            current = (match.group(1), index)
        elif current and line and not line.startswith("     ") and not line.startswith("    #"):
            blocks[current[0]] = (current[1], index)
            current = None
    if current:
        blocks[current[0]] = (current[1], len(lines))
    return blocks


def old_properties(block):
    """property name -> its lines (the key line and anything indented deeper) in an old block."""
    props, current = {}, None
    in_properties = False
    for line in block:
        if line == "      properties:":
            in_properties = True
            continue
        if in_properties and re.match(r"      \S", line):
            in_properties = False
        if not in_properties:
            continue
        match = re.match(r"        ([A-Za-z0-9_]+):", line)
        if match:
            current = match.group(1)
            props[current] = [line]
        elif current and line.startswith("          "):
            props[current].append(line)
    return props


def old_description(block):
    """The block's own description lines (between `type: object` and `properties:`)."""
    out, inside = [], False
    for line in block:
        if line.startswith("      description:"):
            inside = True
        elif inside and re.match(r"      \S", line):
            break
        if inside:
            out.append(line)
    return out


def property_description(lines):
    match = re.search(r"description: (.*)\}$", lines[0]) if len(lines) == 1 else None
    return match.group(1) if match else None


def config_block(name, definition, old):
    props = old_properties(old) if old else {}
    out = [f"    {schema_name(name)}:", "      type: object"]
    out += old_description(old) if old and old_description(old) else derived_description(definition)
    out.append("      properties:")
    for key, spec in definition.get("parameters", {}).items():
        if spec.get("type") in PLAIN:
            description = property_description(props[key]) if key in props else None
            if description is None and key not in props and spec.get("description"):
                description = text(spec["description"])
            out.append(plain_property(key, spec, description))
        elif key in props:
            out += props[key]
        else:
            sys.exit(f"{name}.{key}: a {spec.get('type')} parameter needs its schema written in openapi.yaml once")
    out.append("      additionalProperties: false")
    return out


def chain(names, indent):
    out, pad = [], indent
    for position, name in enumerate(names):
        if position:
            out.append(" " * (pad - 2) + "else:")
        out.append(" " * pad + f"if: {{required: [control], properties: {{control: {{const: {name}}}}}}}")
        out.append(" " * pad + f"then: {{properties: {{config: {{$ref: '#/components/schemas/{schema_name(name)}'}}}}}}")
        pad += 2
    return out


def rewrite(yaml_text):
    controls = list(built_ins())
    names = [name for name, _ in controls]
    lines = yaml_text.split("\n")
    # The chains: from an `if:` naming the first built-in to the `then:` of the last one.
    first = f"{{control: {{const: {names[0]}}}}}"
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.lstrip().startswith("if: {required: [control]") and first in line:
            indent = len(line) - len(line.lstrip())
            end = index
            while end + 1 < len(lines) and (lines[end + 1].lstrip().startswith(("if: {required: [control]", "then: {properties: {config:", "else:"))):
                end += 1
            new = chain(names, indent)
            lines[index:end + 1] = new
            index += len(new)
        else:
            index += 1
    # ControlConfig's list of the built-ins' schemas.
    text_joined = "\n".join(lines)
    listed = ", ".join(f"`{schema_name(n)}`" for n in names[:-1]) + f" and `{schema_name(names[-1])}`"
    text_joined = re.sub(r"(The built-ins' are )(.*?)(\.\n)", lambda m: m.group(1) + listed + m.group(3), text_joined,
                         count=1, flags=re.S)
    lines = text_joined.split("\n")
    # Re-wrap that sentence to the description's width.
    for i, line in enumerate(lines):
        if "The built-ins' are " in line:
            start = i
            while not lines[start].endswith("|"):
                start -= 1
            end = i
            while not lines[end].endswith("."):
                end += 1
            pad = len(lines[start + 1]) - len(lines[start + 1].lstrip())
            words = " ".join(l.strip() for l in lines[start + 1:end + 1]).split()
            wrapped, current = [], ""
            for word in words:
                if current and len(current) + 1 + len(word) > 88:
                    wrapped.append(" " * pad + current)
                    current = word
                else:
                    current = f"{current} {word}" if current else word
            wrapped.append(" " * pad + current)
            lines[start + 1:end + 1] = wrapped
            break
    # The config schemas: each replaced in place; a new one goes after the last built-in's.
    last_end = None
    for name, definition in controls:
        blocks = existing_blocks(lines)
        if schema_name(name) in blocks:
            start, end = blocks[schema_name(name)]
            new = config_block(name, definition, lines[start:end])
            lines[start:end] = new
            last_end = start + len(new)
        else:
            new = config_block(name, definition, None)
            if last_end is None:
                sys.exit("no built-in config schema to place a new one after")
            lines[last_end:last_end] = new
            last_end += len(new)
    return "\n".join(lines)


def main():
    current = OPENAPI.read_text(encoding="utf-8")
    derived = rewrite(current)
    if sys.argv[1:] == ["--check"]:
        if derived != current:
            sys.exit("openapi.yaml's built-in configs are not what the definitions say: run scripts/openapi_configs.py")
        print("openapi.yaml's built-in configs are what the definitions say")
        return
    OPENAPI.write_text(derived, encoding="utf-8")


if __name__ == "__main__":
    main()
