#!/usr/bin/env python3
"""The README's two walk-throughs, and the rest of the API, through a client generated from
openapi.yaml alone (openapi-python-client; scripts/typed-client-test.sh generates it as the
package `controlsim_client` and runs this file under `mypy --strict`).

Every step calls one generated operation and requires its answer parsed as the generated model
the contract names (a `Problem` where a refusal is the point); the count of such steps is printed
at the end and every step must be typed. The stream is text (`text/event-stream`): its events are
parsed into the generated `StreamFrameEvent`, `StreamEmittedEvent` and `StreamEndEvent` and
checked against the contract's `StreamEvent` component with jsonschema, their `data` into `Frame`
and `Emission`. The built-in definitions are sent back through the generated `Definition` model
(which writes members in schema order) and must keep their digests.

Usage: typed_client_walkthrough.py BASE_URL [OPENAPI_YAML]
"""
from __future__ import annotations

import json
import sys
from typing import Any, TypeVar

import httpx
import jsonschema
import yaml

from controlsim_client import Client
from controlsim_client.api.default import (
    compare_scenario, create_session, delete_control, delete_session, get_control, get_events, get_frame,
    get_frames, get_scenario, get_session, health, list_controls, list_sessions, post_events, put_control, ready,
    register_control, run_scenario, sample_cubic, sample_spring, stream_frames)
from controlsim_client.models import (
    CancelCommand, CardConfig, CardConfigRelease, CollapseCommand, CompareWithGolden, CompareWithScenario, Comparison,
    ControlConfig, ControlDetail, CreateInlineSession, CreateNamedSession, CreateScenarioSession, CubicCurve,
    DefinedCommand, Definition, Degraded, DismissCommand, DragEvent, Emission, EventBatch, EventLog, EventsApplied,
    ExpandCommand, FlickEvent, Frame, FrameWindow, GetFramesFormat, GoldenFrames, HealthResponse200, InlineScenario,
    ListControlsResponse200, ListSessionsResponse200, NamedScenario, PauseCommand, Point, PresentCommand, Problem,
    PutControlBody, Ready, RegisterControlBody, ResumeCommand, RunScenarioRequest, SampleCubicCurve, SampleSpringType,
    SelectDetentCommand, SelectDetentCommandDetent, Session, SetContentOffsetCommand, SetEnabledCommand, SetOnCommand,
    SetSelectedCommand, SetSelectedIndexCommand, SetValueCommand, SpringCurve, StartCommand, StreamEmittedEvent,
    StreamEndEvent, StreamFrameEvent, TapEvent, ToggleCommand, TouchCancelEvent, TouchDownEvent, TouchMoveEvent,
    TouchUpEvent, WAAPIExport, WindowEndType1)
from controlsim_client.types import Response

M = TypeVar("M")
steps: list[str] = []


def fail(message: str) -> None:
    print(f"typed walk-through: {message}", file=sys.stderr)
    sys.exit(1)


def typed(name: str, response: Response[Any], kind: type[M], status: int = 200) -> M:
    """The answer of one step, which must have `status` and be parsed as `kind`."""
    if response.status_code != status:
        fail(f"{name}: status {response.status_code}, expected {status}: {response.content[:300]!r}")
    parsed = response.parsed
    if not isinstance(parsed, kind):
        fail(f"{name}: parsed as {type(parsed).__name__}, not {kind.__name__}")
    steps.append(name)
    return parsed  # type: ignore[return-value]  # narrowed by the isinstance check above


def check(condition: bool, message: str) -> None:
    if not condition:
        fail(message)


def new_session(client: Client, control: str, config: dict[str, Any] | None = None) -> Session:
    body = CreateNamedSession(control=control)
    if config is not None:
        body.config = ControlConfig.from_dict(config)
    return typed(f"create {control}", create_session.sync_detailed(client=client, body=body), Session, 201)


def first_walkthrough(client: Client) -> None:
    """README: create a switch, tap it, read frames; a refused event read as a Problem."""
    session = new_session(client, "switch")
    applied = typed("tap the switch", post_events.sync_detailed(session.id, client=client, body=TapEvent(type_="tap", t=0, x=25, y=15)),
                    EventsApplied)
    check(applied.accepted == 2 and applied.state.additional_properties.get("isOn") is True, f"the tap: {applied.to_dict()}")
    check([e.name for e in applied.emitted] == ["valueChanged"], f"emitted: {applied.emitted}")
    window = typed("frames at 20 fps", get_frames.sync_detailed(session.id, client=client, from_=0, to=0.25, fps=20), FrameWindow)
    xs = [frame.properties.additional_properties["thumbCenterX"] for frame in window.frames]
    check(window.count == 6 and xs[0] == 15.5 and xs[-1] == 35.5, f"thumb centres {xs}")
    frame = typed("one frame", get_frame.sync_detailed(session.id, client=client, t=0.125), Frame)
    check(frame.properties.additional_properties["thumbCenterX"] == 25.5, f"frame at 0.125: {frame.to_dict()}")
    check([layer.id for layer in frame.layers] == ["track", "thumb"], f"layers {frame.layers}")
    problem = typed("an event back in time", post_events.sync_detailed(
        session.id, client=client, body=TouchDownEvent(type_="touchDown", t=0.05, x=25, y=15)), Problem, 409)
    check(problem.code == "event_out_of_order" and problem.field == "/t", f"the problem: {problem.to_dict()}")


def tester_walkthrough(client: Client) -> None:
    """README: record a flick, export the scenario and a golden, run and compare."""
    config = CardConfig(release=CardConfigRelease.VELOCITY).to_dict()
    session = new_session(client, "card", config)
    flick = FlickEvent(type_="flick", t=0, from_=Point(x=195, y=800), to=Point(x=195, y=700), velocity=Point(x=0, y=-2000))
    typed("flick the card", post_events.sync_detailed(session.id, client=client, body=flick), EventsApplied)
    log = typed("the event log", get_events.sync_detailed(session.id, client=client), EventLog)
    check(isinstance(log.shorthands[0].posted, FlickEvent) and log.settled_at is not None, f"the log: {log.shorthands}")
    check(all(isinstance(e, (TouchDownEvent, TouchMoveEvent, TouchUpEvent)) for e in log.events), "the log's inputs")
    scenario = typed("export the scenario", get_scenario.sync_detailed(session.id, client=client), NamedScenario)
    golden = typed("the golden: frames until settled", get_frames.sync_detailed(
        session.id, client=client, from_=0, to=WindowEndType1.SETTLED, fps=30), FrameWindow)
    ran = run_scenario.sync_detailed(client=client, body=RunScenarioRequest(scenario=scenario, from_=0, to=WindowEndType1.SETTLED, fps=30))
    typed("run the scenario", ran, FrameWindow)
    golden_bytes = get_frames.sync_detailed(session.id, client=client, from_=0, to=WindowEndType1.SETTLED, fps=30).content
    check(ran.content == golden_bytes, "the run does not give the golden's bytes")
    reference = GoldenFrames.from_dict(golden.to_dict())
    same = typed("compare with the golden", compare_scenario.sync_detailed(
        client=client, body=CompareWithGolden(scenario=scenario, golden=reference)), Comparison)
    check(same.equal, f"the scenario differs from its golden: {same.to_dict()}")
    late = NamedScenario.from_dict(scenario.to_dict())
    assert isinstance(late.events, list) and isinstance(late.events[0], FlickEvent)
    late.events[0].t = 0.0333333333333333
    differs = typed("compare a frame later", compare_scenario.sync_detailed(
        client=client, body=CompareWithGolden(scenario=late, golden=reference)), Comparison)
    check(not differs.equal and bool(differs.properties.additional_properties), f"a late flick compares equal: {differs.to_dict()}")
    against = typed("compare with another scenario", compare_scenario.sync_detailed(
        client=client, body=CompareWithScenario(scenario=scenario, against=late, from_=0, to=1, fps=30)), Comparison)
    check(not against.equal, "two different scenarios compare equal")
    made = typed("a session from the scenario", create_session.sync_detailed(
        client=client, body=CreateScenarioSession(scenario=scenario)), Session, 201)
    check(made.event_count == log.count, f"{made.event_count} events, the log has {log.count}")


def every_event_type(client: Client) -> None:
    """Each pointer event, shorthand and built-in command through its generated model."""
    button = new_session(client, "button").id
    pointer: list[tuple[str, TouchDownEvent | TouchMoveEvent | TouchCancelEvent | TouchUpEvent | DragEvent | SetSelectedCommand
                        | SetEnabledCommand]] = [
        ("touchDown", TouchDownEvent(type_="touchDown", t=0, x=10, y=10)),
        ("touchMove", TouchMoveEvent(type_="touchMove", t=0.05, x=12, y=10)),
        ("touchCancel", TouchCancelEvent(type_="touchCancel", t=0.1)),
        ("touchDown again", TouchDownEvent(type_="touchDown", t=0.2, x=10, y=10)),
        ("touchUp", TouchUpEvent(type_="touchUp", t=0.3, x=10, y=10)),
        ("drag", DragEvent(type_="drag", t=0.5, from_=Point(x=10, y=10), to=Point(x=30, y=10))),
        ("setSelected", SetSelectedCommand(type_="setSelected", t=1, selected=True)),
        ("setEnabled", SetEnabledCommand(type_="setEnabled", t=1.1, enabled=False)),
    ]
    for name, body in pointer:
        typed(f"button: {name}", post_events.sync_detailed(button, client=client, body=body), EventsApplied)
    progress = new_session(client, "progressButton").id
    batch = EventBatch(events=[StartCommand(type_="start", t=0), PauseCommand(type_="pause", t=0.5),
                               ResumeCommand(type_="resume", t=1), CancelCommand(type_="cancel", t=1.5)])
    applied = typed("progressButton: start, pause, resume, cancel as a batch",
                    post_events.sync_detailed(progress, client=client, body=batch), EventsApplied)
    check(applied.accepted == 4, f"the batch: {applied.to_dict()}")
    switch = new_session(client, "switch").id
    typed("switch: setOn", post_events.sync_detailed(switch, client=client, body=SetOnCommand(type_="setOn", t=0, on=True)), EventsApplied)
    card = new_session(client, "card").id
    typed("card: expand", post_events.sync_detailed(card, client=client, body=ExpandCommand(type_="expand", t=0)), EventsApplied)
    typed("card: collapse", post_events.sync_detailed(card, client=client, body=CollapseCommand(type_="collapse", t=1)), EventsApplied)
    typed("card: toggle", post_events.sync_detailed(card, client=client, body=ToggleCommand(type_="toggle", t=2)), EventsApplied)
    sheet = new_session(client, "sheet").id
    typed("sheet: selectDetent", post_events.sync_detailed(
        sheet, client=client, body=SelectDetentCommand(type_="selectDetent", t=0, detent=SelectDetentCommandDetent.LARGE)), EventsApplied)
    typed("sheet: dismiss", post_events.sync_detailed(sheet, client=client, body=DismissCommand(type_="dismiss", t=1)), EventsApplied)
    typed("sheet: present", post_events.sync_detailed(sheet, client=client, body=PresentCommand(type_="present", t=2)), EventsApplied)
    scroll = new_session(client, "scrollView").id
    typed("scrollView: setContentOffset", post_events.sync_detailed(
        scroll, client=client, body=SetContentOffsetCommand(type_="setContentOffset", t=0, x=0, y=300)), EventsApplied)
    slider = new_session(client, "slider").id
    typed("slider: setValue", post_events.sync_detailed(slider, client=client, body=SetValueCommand(type_="setValue", t=0, value=0.5)),
          EventsApplied)
    segments = new_session(client, "segmentedControl").id
    typed("segmentedControl: setSelectedIndex", post_events.sync_detailed(
        segments, client=client, body=SetSelectedIndexCommand(type_="setSelectedIndex", t=0, index=2)), EventsApplied)
    log = typed("the button's log", get_events.sync_detailed(button, client=client), EventLog)
    kinds = {type(event).__name__ for event in log.events}
    check({"TouchDownEvent", "TouchMoveEvent", "TouchUpEvent", "TouchCancelEvent", "SetSelectedCommand", "SetEnabledCommand"} <= kinds,
          f"the log's events parsed as {sorted(kinds)}")


DOT = {
    "parameters": {"size": {"type": "number", "default": 20, "exclusiveMinimum": 0, "maximum": 1000}},
    "animated": {"scale": {"type": "number", "initial": 1}},
    "commands": {"grow": {"parameters": {"to": {"type": "number", "default": 2}},
                          "do": [{"animate": "scale", "to": "event.to", "timing": {"curve": "easeOut", "duration": 0.2}}, {"emit": "grew"}]}},
    "properties": {"scale": "scale"},
    "layers": [{"id": "dot", "frame": {"x": 0, "y": 0, "width": "size", "height": "size"}, "backgroundColor": "systemPink",
                "cornerRadius": "size / 2", "scale": "scale"}],
}


def user_definitions(client: Client) -> None:
    """A definition registered, used with its own command, replaced, inline, removed; the
    built-ins sent back through the generated Definition keep their digests."""
    definition = Definition.from_dict(DOT)
    detail = typed("register a control", register_control.sync_detailed(
        client=client, body=RegisterControlBody(name="typed-dot", definition=definition)), ControlDetail, 201)
    session = new_session(client, "typed-dot").id
    grew = typed("its own command", post_events.sync_detailed(
        session, client=client, body=_command("grow", to=3)), EventsApplied)
    check([e.name for e in grew.emitted] == ["grew"], f"the command emitted {grew.emitted}")
    frame = typed("its frame", get_frame.sync_detailed(session, client=client, t=1), Frame)
    check(frame.properties.additional_properties["scale"] == 3, f"scale {frame.properties}")
    bigger = Definition.from_dict(json.loads(json.dumps(DOT).replace('"default": 20', '"default": 40')))
    replaced = typed("replace it", put_control.sync_detailed("typed-dot", client=client, body=PutControlBody(definition=bigger)), ControlDetail)
    check(replaced.digest != detail.digest, "a replaced definition kept its digest")
    inline = typed("a session of an inline definition", create_session.sync_detailed(
        client=client, body=CreateInlineSession(definition=definition, control="mine")), Session, 201)
    check(inline.control == "mine", f"the inline session's control {inline.control}")
    exported = typed("its scenario carries the definition", get_scenario.sync_detailed(inline.id, client=client), InlineScenario)
    del exported
    missing = typed("an unknown control", get_control.sync_detailed("nothing", client=client), Problem, 404)
    check(missing.code == "control_not_found", missing.code)
    typed("remove it", delete_control.sync_detailed("typed-dot", client=client), type(None), 204)

    controls = typed("list the controls", list_controls.sync_detailed(client=client), ListControlsResponse200)
    built_ins = [c for c in controls.controls if c.built_in]
    check(len(built_ins) >= 10, f"{len(built_ins)} built-ins")
    kept = 0
    for control in built_ins:
        full = typed(f"get {control.name}", get_control.sync_detailed(control.name, client=client), ControlDetail)
        # Through the typed model and back: members in the schema's order, not the file's.
        sent = Definition.from_dict(full.definition.to_dict())
        copy = typed(f"{control.name}'s definition sent back", register_control.sync_detailed(
            client=client, body=RegisterControlBody(name=f"typed-copy-{control.name}", definition=sent)), ControlDetail, 201)
        check(copy.digest == control.digest, f"{control.name}: sent back through the typed client, digest {copy.digest}, built-in {control.digest}")
        typed(f"remove the copy of {control.name}", delete_control.sync_detailed(f"typed-copy-{control.name}", client=client), type(None), 204)
        kept += 1
    print(f"built-in definitions sent back through the generated client with their digests: {kept} of {len(built_ins)}")


def _command(name: str, **members: float | bool | str) -> DefinedCommand:
    command = DefinedCommand(type_=name)
    command.additional_properties.update(members)
    return command


def curves_exports_sessions(client: Client) -> None:
    spring = typed("a spring sampled", sample_spring.sync_detailed(
        client=client, type_=SampleSpringType.UIKIT, duration=0.5, damping_ratio=0.8), SpringCurve)
    check(spring.count > 0 and spring.samples[-1].progress > 0.9, f"spring {spring.count} samples")
    cubic = typed("a cubic sampled", sample_cubic.sync_detailed(client=client, curve=SampleCubicCurve.EASEINOUT), CubicCurve)
    check(cubic.samples[0].progress == 0, "the cubic's first sample")
    switch = new_session(client, "switch").id
    post_events.sync_detailed(switch, client=client, body=TapEvent(type_="tap", t=0, x=25, y=15))
    waapi = typed("the frames as Web Animations", get_frames.sync_detailed(
        switch, client=client, from_=0, to=0.3, fps=60, format_=GetFramesFormat.WAAPI), WAAPIExport)
    check(waapi.name == "switch" and len(waapi.animations) > 0, "the waapi export")
    one = typed("get a session", get_session.sync_detailed(switch, client=client), Session)
    check(one.event_count == 2, f"event count {one.event_count}")
    listed = typed("list the sessions", list_sessions.sync_detailed(client=client), ListSessionsResponse200)
    check(any(s.id == switch for s in listed.sessions), "the session is not listed")
    typed("delete a session", delete_session.sync_detailed(switch, client=client), type(None), 204)
    gone = typed("a deleted session", get_session.sync_detailed(switch, client=client), Problem, 404)
    check(gone.code == "session_not_found", gone.code)
    alive = typed("health", health.sync_detailed(client=client), HealthResponse200)
    check(alive.status == "ok", alive.status)
    readiness = ready.sync_detailed(client=client)
    check(isinstance(readiness.parsed, (Ready, Degraded)), f"readyz parsed as {type(readiness.parsed).__name__}")
    steps.append("readiness")


def the_stream(client: Client, spec: dict[str, Any]) -> None:
    """A virtual session's stream to `to`: text, each event read into its generated model and
    checked against the contract's StreamEvent."""
    session = new_session(client, "switch").id
    post_events.sync_detailed(session, client=client, body=TapEvent(type_="tap", t=0, x=25, y=15))
    response = stream_frames.sync_detailed(session, client=client, fps=20, from_=0, to=0.25)
    check(response.status_code == 200 and isinstance(response.parsed, str), f"the stream: {response.status_code}")
    root = dict(spec)
    root["$ref"] = "#/components/schemas/StreamEvent"
    validator = jsonschema.Draft202012Validator(root)
    frames: list[Frame] = []
    emitted: list[Emission] = []
    ends: list[str] = []
    for block in str(response.parsed).split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if line and not line.startswith(":") and ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value[1:] if value.startswith(" ") else value
        if not fields:
            continue
        errors = [e.message for e in validator.iter_errors(fields)]
        check(not errors, f"stream event {fields} against StreamEvent: {errors}")
        if fields.get("event") == "frame":
            frames.append(Frame.from_dict(json.loads(StreamFrameEvent.from_dict(fields).data)))
        elif fields.get("event") == "emitted":
            emitted.append(Emission.from_dict(json.loads(StreamEmittedEvent.from_dict(fields).data)))
        else:
            ends.append(json.loads(StreamEndEvent.from_dict(fields).data)["reason"])
    # A slow reader gets the newest frame, never a backlog: on a loaded machine some may be skipped.
    times = [frame.t for frame in frames]
    check(len(times) > 0 and times == sorted(times) and times[-1] == 0.25 and ends == ["to_reached"], f"frames at {times}, ends {ends}")
    check(frames[-1].properties.additional_properties["thumbCenterX"] == 35.5, "the streamed thumb")
    steps.append("the stream, every event typed")


def main() -> None:
    base = sys.argv[1]
    spec = yaml.safe_load(open(sys.argv[2] if len(sys.argv) > 2 else "openapi.yaml"))
    client = Client(base_url=base, timeout=httpx.Timeout(30.0), raise_on_unexpected_status=True)
    first_walkthrough(client)
    tester_walkthrough(client)
    every_event_type(client)
    user_definitions(client)
    curves_exports_sessions(client)
    the_stream(client, spec)
    print(f"typed walk-through: {len(steps)} steps, every one parsed as its generated model")


if __name__ == "__main__":
    main()
