"""schemathesis hooks (SCHEMATHESIS_HOOKS=scripts.schemathesis_rules, from .ci/run): the rules of the
API that OpenAPI cannot state, one by one.

`positive_data_acceptance` runs on every operation: a request valid by openapi.yaml must not be
refused. A refusal is forgiven only when the server's problem names one of the rules below for that
operation (its `code`, and its `field` where that says which rule): the request was valid by the
schema, but broke a rule no schema can hold (between query parameters, arithmetic, a session's
state, definitions as programs). Everything else openapi.yaml states; a refusal of anything else is
a failure. The count of refusals forgiven per rule is printed when the run ends.
"""
from __future__ import annotations

import atexit
import json
import re
import sys
from dataclasses import dataclass
from typing import Any, Callable

import schemathesis

POINTER_TYPES = {"touchDown", "touchMove", "touchUp", "touchCancel", "tap", "drag", "flick"}
DEFINITION_CODES = {"invalid_definition", "expression_syntax", "unknown_reference", "type_mismatch", "cycle",
                    "unknown_primitive", "out_of_range", "duplicate_name", "too_many_layers", "too_many_expressions",
                    "expression_too_deep", "expression_too_large", "too_many_reactions", "too_many_timers",
                    "too_many_names"}
WINDOWS = {"GET /v1/sessions/{id}/frames", "GET /v1/curves/spring", "GET /v1/curves/cubic", "POST /v1/scenarios/run",
           "POST /v1/scenarios/compare"}
SCENARIOS = {"POST /v1/sessions", "POST /v1/scenarios/run", "POST /v1/scenarios/compare"}


def events_of(body: Any) -> list[Any]:
    """Every event in a request body: the body itself, a batch's, a scenario's or `against`'s."""
    if not isinstance(body, dict):
        return []
    found = [body] if "type" in body else []
    found += body.get("events", []) if isinstance(body.get("events"), list) else []
    for key in ("scenario", "against"):
        found += events_of(body.get(key))
    return found


def has_command(body: Any) -> bool:
    return any(isinstance(e, dict) and e.get("type") not in POINTER_TYPES for e in events_of(body))


def has_flick(body: Any) -> bool:
    return any(isinstance(e, dict) and e.get("type") in ("flick", "drag", "tap") for e in events_of(body))


@dataclass
class Rule:
    name: str
    reason: str
    operations: set[str]
    codes: set[str]
    fields: str = ".*"
    applies: Callable[[Any], bool] = lambda body: True
    forgiven: int = 0

    def covers(self, operation: str, problem: dict[str, Any], body: Any) -> bool:
        return (operation in self.operations and problem.get("code") in self.codes
                and re.fullmatch(self.fields, str(problem.get("field") or ""), re.S) is not None and self.applies(body))


RULES = [
    Rule("frame limit", "at most 10,000 frames or samples a request: a product of `from`, `to` and `fps` (and a "
         "spring's settling time or a cubic's duration when `to` is left out; of `window` and `fps` on an events post)",
         WINDOWS | {"GET /v1/sessions/{id}/stream", "POST /v1/sessions/{id}/events"}, {"frame_limit"}),
    Rule("window rate", "an events post's `fps` only with `window`: a rule between query parameters",
         {"POST /v1/sessions/{id}/events"}, {"invalid_query"}, "fps"),
    Rule("window order", "`to` not before `from`, and at most 10⁹ with an export format: a rule between query "
         "parameters (or body members)", WINDOWS | {"GET /v1/sessions/{id}/stream"}, {"invalid_query", "invalid_field"},
         r"((/golden)?/)?to"),
    Rule("export parameters", "`tolerance` and `name` only with format=css or waapi: a rule between query parameters",
         WINDOWS, {"invalid_query"}, "tolerance|name"),
    Rule("spring form", "a spring's fields are its form's (`type` given or inferred from the fields), and a spring must "
         "settle (not undamped, within 10⁶ s; a uikit duration some spring settles in): between query parameters and "
         "arithmetic", {"GET /v1/curves/spring"}, {"invalid_query"},
         "type|duration|dampingRatio|initialVelocity|mass|stiffness|damping|allowsOverdamping|response|bounce"),
    Rule("cubic agreement", "`curve` and `controlPoints` must agree when both are given: between query parameters",
         {"GET /v1/curves/cubic"}, {"invalid_query"}, "curve|controlPoints"),
    Rule("wall-clock stream", "`from` and `to` are refused on a wall-clock session: the session's state",
         {"GET /v1/sessions/{id}/stream"}, {"invalid_query"}, "from|to"),
    Rule("configuration", "`config` is checked against the named control's parameters (a registered control's or an "
         "inline definition's), with the built-ins' arithmetic checks (thumbSize + 2·margin < width, …) and springs "
         "that must settle", SCENARIOS, {"invalid_field", "duplicate_effect"},
         r"(/scenario|/against)?(/scene/views/\d+(/children/\d+)*)?/config(/.*)?"),
    Rule("control names", "a control name no control has (or one held apart as damaged): the registry's state",
         SCENARIOS, {"unknown_control", "control_damaged"},
         r"(/scenario|/against)?(/scene/views/\d+(/children/\d+)*)?/control"),
    Rule("scene trees", "at most 256 views and 16 levels in a scene, view ids unique across the tree, "
         "`recognizesSimultaneouslyWith` naming views of the scene, children only under a control whose definition "
         "declares `content`; links, exclusive groups, stacks and failure requirements naming properties, "
         "emissions, commands and recognisers the views' controls have, without cycles: rules over the whole tree "
         "and the controls' definitions",
         SCENARIOS, {"too_many_views", "scene_too_deep", "duplicate_view_id", "unknown_view", "children_not_accepted",
                     "unknown_property", "unknown_emission", "unknown_command", "invalid_link", "link_cycle",
                     "invalid_group", "invalid_stack", "unknown_recognizer", "failure_cycle"}),
    Rule("scene or control", "`touch` and `view` are members of a scene's events, not of a control session's: the "
         "session's kind", WINDOWS | {"POST /v1/sessions/{id}/events"}, {"invalid_query", "invalid_field"},
         r"((/events/\d+)?/)?(touch|view)"),
    Rule("scene comparison", "a scene's comparison is JSON only (the svg plot draws one control's properties): the "
         "scenario's kind", {"POST /v1/scenarios/compare"}, {"invalid_query"}, "format"),
    Rule("definitions are programs", "names a definition refers to must be declared, expressions must type-check, "
         "nothing may depend on itself, defaults must pass the definition's own checks",
         SCENARIOS | {"POST /v1/controls", "PUT /v1/controls/{name}"}, DEFINITION_CODES),
    Rule("commands are the control's", "which commands a session takes, and their members, are its control's "
         "definition's", SCENARIOS | {"POST /v1/sessions/{id}/events"},
         {"unknown_event_type", "unsupported_command", "invalid_field"}, r".*", has_command),
    Rule("stroke geometry", "a flick must move at least 10 points to begin a pan, stay in the coordinate range and take "
         "at most 6,000 moves; a drag or tap likewise within the range: arithmetic over its members",
         SCENARIOS | {"POST /v1/sessions/{id}/events"}, {"invalid_field"}, r"(.*/)?(to|from|velocity|duration|rate|t)",
         has_flick),
]


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    if "positive_data_acceptance" not in getattr(failure, "checks", ()):
        return True
    try:
        problem = json.loads(response.content)
    except (ValueError, TypeError):
        return True
    operation = f"{case.operation.method.upper()} {case.operation.path}"
    for rule in RULES:
        if isinstance(problem, dict) and rule.covers(operation, problem, case.body):
            rule.forgiven += 1
            return False
    return True


successes: dict[str, int] = {}
operations: set[str] = set()


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    operation = f"{case.operation.method.upper()} {case.operation.path}"
    operations.add(operation)
    if 200 <= response.status_code < 300:
        successes[operation] = successes.get(operation, 0) + 1


@atexit.register
def report() -> None:
    print("\nRefusals of schema-valid requests forgiven, per rule OpenAPI cannot state:", file=sys.stderr)
    for rule in RULES:
        print(f"  {rule.forgiven:6d}  {rule.name}: {rule.reason}", file=sys.stderr)
    print("2xx answers checked, per operation:", file=sys.stderr)
    for operation in sorted(operations):
        print(f"  {successes.get(operation, 0):6d}  {operation}", file=sys.stderr)
    missing = sorted(operations - set(successes))
    print(f"operations without a 2xx answer: {', '.join(missing) if missing else 'none'}", file=sys.stderr)
