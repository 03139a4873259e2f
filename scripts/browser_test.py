#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol against the playground at BASE_URL.

Standard library only: the protocol runs over Chromium's debugging pipe (cdp.py).

It loads `/?transport=polling` and then `/` (stream when the server has one), waits for the four
controls to render, taps the switch and drags the card's handle upwards with synthesised mouse
input (Input.dispatchMouseEvent, which the page receives as pointer events), then checks the DOM:
the switch is on and its thumb moved right, the card is expanded at cardY 244. Then it drives each
built-in past the four seeds once, as a person would with a mouse, checking the page and the
session's frame at its present over HTTP (GET …/frame): the checkbox clicked on (its mark springs to
scale 1); the scroll view flicked (its offset goes on after the release, comes to rest, and is drawn
there; the deceleration callbacks logged); the sheet dragged from medium to large (at rest at the
large detent's top); the slider's thumb dragged (value up by more than 0.4); the stepper's + pressed
(one step); a segment tapped (selected). Then the scene panel's Settings scene (a list of 20
switch rows, a slider row, a stepper row) is driven the same way: a row's switch tapped (on; the
list holds the touch-down back and gives it whole at the lift), the list dragged up past its end
(it rests at its greatest offset, 124), the slider dragged sideways in the vertical list (its value
follows, the list does not move); each checked in the page (its state by view, its layers where
they should be drawn, its log with the emitting view) and in the scene's frame now over HTTP; then the
pullToRefresh scene is picked and its list pulled down with the mouse (the refresh control refreshes,
the list rests at -60 on the inset it sets). Then it checks the definition editor's helpers (a JSON pointer located in the text, a definition's commands read),
clicks the progress button's `start` and saves a screenshot. Every wait is bounded; any failure
exits 1.

Usage: browser_test.py BASE_URL SCREENSHOT.png [--chromium PATH] [--timeout SECONDS]
"""
import argparse
import json
import os
import re
import shutil
import sys
import time
import urllib.request

from cdp import VIEWPORT, Browser, Failure

# How long a wait for the page or the server to show something may take before the test fails: a
# bound on a hang, not a speed target (what is shown is checked, not when). A loaded machine takes
# seconds over what a quiet one does in milliseconds.
WAIT = 60


PANELS_READY = """
(() => {
  const kinds = ['button', 'progressButton', 'switch', 'card'];
  return kinds.every(k => {
    const p = document.querySelector(`[data-control="${k}"]`);
    return p && p.dataset.ready === 'true' && p.querySelectorAll('[data-layer-id]').length > 0;
  });
})()
"""

CENTER_OF = """
((selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height,
          left: r.left, top: r.top};
})(%s)
"""

STATE = """
(() => {
  const prop = (control, name) => {
    const row = document.querySelector(`[data-control="${control}"] [data-prop="${name}"]`);
    return row ? JSON.parse(row.dataset.value) : undefined;
  };
  // A layer's place: the x or y of its transform, translate(x, y) scale(s).
  const offset = (control, id, axis) => {
    const node = document.querySelector(`[data-control="${control}"] [data-layer-id="${id}"]`);
    const match = node && /translate\(([-0-9.e]+)px, ([-0-9.e]+)px\)/.exec(node.style.transform);
    return match ? parseFloat(match[axis === 'x' ? 1 : 2]) : undefined;
  };
  const left = (control, id) => offset(control, id, 'x');
  const top = (control, id) => offset(control, id, 'y');
  const emitted = (control) => [...document.querySelectorAll(`[data-control="${control}"] .log li[data-name]`)]
      .map(li => li.dataset.name);
  const problems = [...document.querySelectorAll('[data-control]')]
      .filter(p => !p.querySelector('.problem').hidden)
      .map(p => p.dataset.control + ': ' + p.querySelector('.problem').textContent);
  return {
    switchOn: prop('switch', 'isOn'),
    thumbLeft: left('switch', 'thumb'),
    thumbCenterX: prop('switch', 'thumbCenterX'),
    cardState: prop('card', 'state'),
    cardY: prop('card', 'cardY'),
    cardTop: top('card', 'card'),
    switchEmitted: emitted('switch'),
    cardEmitted: emitted('card'),
    transports: [...document.querySelectorAll('[data-control]')].map(p => p.dataset.control + '=' + p.dataset.transport),
    problems,
  };
})()
"""


def exercise(browser, url, started):
    """Loads the page at `url`, taps the switch, drags the card; checks the DOM. The final state."""
    browser.navigate(url)
    browser.wait_for(PANELS_READY, WAIT, "the four controls to render their first frames")
    before = browser.evaluate(STATE)
    print(f"browser-test: {url} rendered after {time.monotonic() - started:.1f} s; {', '.join(before['transports'])}")
    if before["switchOn"] is not False:
        raise Failure(f"the switch should start off, saw isOn {before['switchOn']!r}")
    if before["cardState"] != "collapsed":
        raise Failure(f"the card should start collapsed, saw {before['cardState']!r}")

    # Tap the switch: press and release at its centre.
    switch = browser.evaluate(CENTER_OF % json.dumps('[data-control="switch"] .controlsim-surface'))
    browser.mouse("mouseMoved", switch["x"], switch["y"], 0)
    browser.mouse("mousePressed", switch["x"], switch["y"], 1)
    time.sleep(0.08)
    browser.mouse("mouseReleased", switch["x"], switch["y"], 0)

    # Drag the card by its handle (the grabber sits in it) upwards: 60 Hz moves for 0.3 s.
    grabber = browser.evaluate(CENTER_OF % json.dumps('[data-control="card"] [data-layer-id="grabber"]'))
    surface = browser.evaluate(CENTER_OF % json.dumps('[data-control="card"] .controlsim-surface'))
    x, y0 = grabber["x"], grabber["y"] + 4
    distance = surface["height"] * 0.45
    browser.mouse("mouseMoved", x, y0, 0)
    browser.mouse("mousePressed", x, y0, 1)
    steps = 18
    for i in range(1, steps + 1):
        time.sleep(1 / 60)
        browser.mouse("mouseMoved", x, y0 - distance * i / steps, 1)
    browser.mouse("mouseReleased", x, y0 - distance, 0)

    # The switch animates for 0.25 s and the card's spring settles in 0.9 s: wait ~1.5 s, bounded.
    final = {}

    def settled():
        nonlocal final
        final = browser.evaluate(STATE)
        return (final["switchOn"] is True and final["cardState"] == "expanded"
                and final["cardY"] == 244 and final["thumbCenterX"] == 35.5)

    until = time.monotonic() + WAIT
    while time.monotonic() < until and not settled():
        time.sleep(0.1)
    thrown = browser.thrown()
    if thrown:
        raise Failure(f"the page threw: {thrown}")
    if final.get("problems"):
        raise Failure(f"the page shows problems: {final['problems']}")
    if final.get("switchOn") is not True:
        raise Failure(f"the switch did not turn on after a tap: {final}")
    if not (final["thumbLeft"] > before["thumbLeft"]):
        raise Failure(f"the switch's thumb did not move right: {before['thumbLeft']} → {final['thumbLeft']}")
    if "valueChanged" not in final["switchEmitted"]:
        raise Failure(f"the switch's log does not show valueChanged: {final['switchEmitted']}")
    if final.get("cardState") != "expanded" or final.get("cardY") != 244:
        raise Failure(f"the card did not expand after a drag: state {final.get('cardState')!r}, cardY {final.get('cardY')!r}")
    if not (final["cardTop"] < before["cardTop"]):
        raise Failure(f"the card's layer did not move up: {before['cardTop']} → {final['cardTop']}")
    print(f"browser-test: switch on (thumb {before['thumbLeft']}→{final['thumbLeft']} pt), "
          f"card expanded (cardY {final['cardY']}); emitted: switch {final['switchEmitted']}, card {final['cardEmitted']}")
    return final


# The controls past the four seeds, each driven once with the mouse as a person would: every
# one this checkout has a definition file for (Sources/BuiltIns/Controls/NN-name.json) must be on
# the page, and must have a driver below.
CONTROLS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "BuiltIns", "Controls")
SEEDS = ("button", "progressButton", "switch", "card")


def catalogue():
    names = sorted(f for f in os.listdir(CONTROLS_DIR) if f.endswith(".json"))
    return [re.sub(r"^\d+-", "", f[:-len(".json")]) for f in names if re.sub(r"^\d+-", "", f[:-5]) not in SEEDS]


def session_of(base, browser, control, path=""):
    """The panel's session as the server has it (GET /v1/sessions/{id}, or a path below it)."""
    sid = browser.evaluate(f"document.querySelector('[data-control=\"{control}\"]').dataset.sessionId")
    with urllib.request.urlopen(f"{base}/v1/sessions/{sid}{path}", timeout=WAIT) as answer:
        return json.load(answer)


def now_of(base, browser, control):
    """The session's frame properties now, on its wall clock (GET …/frame with no t)."""
    return session_of(base, browser, control, "/frame")["properties"]


def wait_state(base, browser, control, test, timeout, what):
    """Polls the session's frame properties now over HTTP until test(properties) holds; those."""
    until = time.monotonic() + timeout
    state = None
    while time.monotonic() < until:
        state = now_of(base, browser, control)
        if test(state):
            return state
        time.sleep(0.05)
    raise Failure(f"{control}: timed out after {timeout} s waiting for {what}; its state was {state}")


def prop(browser, control, name):
    """A frame property as the panel shows it (its properties table)."""
    return browser.evaluate(f"""(() => {{
        const row = document.querySelector('[data-control="{control}"] [data-prop="{name}"]');
        return row ? JSON.parse(row.dataset.value) : null;
    }})()""")


def wait_emitted(browser, control, name, timeout):
    browser.wait_for(f"""[...document.querySelectorAll('[data-control="{control}"] .log li[data-name]')]
        .some(li => li.dataset.name === {json.dumps(name)})""", timeout, f"{control} to log {name}")


def layer_box(browser, control, layer=None):
    """Scrolls the panel into view; the CSS-pixel box of its surface (or of one layer) and the scale."""
    return browser.evaluate(f"""(() => {{
        const panel = document.querySelector('[data-control="{control}"]');
        panel.querySelector('.stage').scrollIntoView({{block: 'center'}});
        const surface = panel.querySelector('.controlsim-surface');
        const node = {json.dumps(layer)} ? panel.querySelector('[data-layer-id="{layer}"]') : surface;
        const r = node.getBoundingClientRect();
        const scale = surface.getBoundingClientRect().width / surface.offsetWidth;
        return {{x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top,
                 width: r.width, height: r.height, scale}};
    }})()""")


# The page's last pointermove (its client x and y), from a capturing listener added once per page.
LAST_POINTER = """(() => {
    if (!('__lastPointer' in window)) {
        document.addEventListener('pointermove', (e) => { window.__lastPointer = [e.clientX, e.clientY]; }, true);
    }
    return window.__lastPointer || null;
})()"""


def drag(browser, x0, y0, x1, y1, seconds, steps=12, hold=0.0):
    """Press at (x0, y0), move to (x1, y1) in `steps` moves over `seconds`, stay `hold` s, release.
    The sleeps pace the input as a hand would. A hold starts once the page has seen the last move:
    a busy renderer handles queued moves late, and a release sent a fixed real time after the last
    move would then reach the page right after it, the finger never held still on the session's
    clock (a short edge drag "held" would be released moving)."""
    browser.evaluate(LAST_POINTER)
    browser.evaluate("window.__lastPointer = null")
    browser.mouse("mouseMoved", x0, y0, 0)
    browser.mouse("mousePressed", x0, y0, 1)
    for i in range(1, steps + 1):
        time.sleep(seconds / steps)
        browser.mouse("mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, 1)
    if hold:
        if abs(x1 - x0) + abs(y1 - y0) > 2:
            browser.wait_for(f"""(() => {{
                const p = {LAST_POINTER};
                return p !== null && Math.abs(p[0] - {x1}) < 1 && Math.abs(p[1] - {y1}) < 1;
            }})()""", WAIT, "the page to see the drag's last move")
        time.sleep(hold)
    browser.mouse("mouseReleased", x1, y1, 0)


def click(browser, x, y):
    browser.mouse("mouseMoved", x, y, 0)
    browser.mouse("mousePressed", x, y, 1)
    browser.mouse("mouseReleased", x, y, 0)


def drive_checkbox(browser, base):
    box = layer_box(browser, "checkbox")
    if now_of(base, browser, "checkbox")["isOn"] is not False:
        raise Failure("the checkbox should start off")
    click(browser, box["x"], box["y"])
    wait_state(base, browser, "checkbox", lambda s: s["isOn"] is True, WAIT, "isOn true after a click")
    browser.wait_for("""(() => {
        const mark = document.querySelector('[data-control="checkbox"] [data-layer-id="mark"]');
        return mark && / scale\(1\)$/.test(mark.style.transform);
    })()""", WAIT, "the checkbox's mark to spring in to scale 1")
    wait_emitted(browser, "checkbox", "valueChanged", WAIT)
    return "checkbox: a click turned it on, its mark sprang in to scale 1, valueChanged logged"


def drive_system_switch(browser, base):
    track = layer_box(browser, "systemSwitch", "track")
    if now_of(base, browser, "systemSwitch")["isOn"] is not False:
        raise Failure("the system switch should start off")
    click(browser, track["x"], track["y"])
    rest = wait_state(base, browser, "systemSwitch", lambda s: s["isOn"] is True and abs(s["knobX"] - 22) < 0.01
                      and abs(s["knobWidth"] - 27) < 0.01, WAIT, "isOn true and the knob at rest on the right")
    wait_emitted(browser, "systemSwitch", "valueChanged", WAIT)
    return f"systemSwitch: a click turned it on, the knob came to rest at x {rest['knobX']:.2f}, valueChanged logged"


def drive_scroll_view(browser, base):
    surface = layer_box(browser, "scrollView")
    # Flick upwards: a quarter of the height in 0.15 s (about 1,400 pt/s), released moving. UIKit
    # does not decelerate a release whose last pan update was slower than 250 pt/s
    # (docs/fidelity.md#scroll-release); a loaded machine can deliver a hand's last moves late or
    # together, so a flick that ended slow is flicked again (at most three times).
    # The offset at the release and 0.2 s after it are read on the session's clock (GET …/frame?t
    # at the touchUp's time), not when the poll after the drag answers: on a loaded machine that
    # poll can come when the deceleration is nearly over, so the offset "at the release" would be
    # taken late, and a flick that decelerated would seem to have stopped.
    x, y0 = surface["x"], surface["top"] + surface["height"] * 0.7
    for attempt in range(3):
        drag(browser, x, y0, x, y0 - surface["height"] * 0.25, 0.15, steps=9)
        wait_state(base, browser, "scrollView", lambda s: not s["isDragging"], WAIT, "the drag to end")
        up = [e["t"] for e in session_of(base, browser, "scrollView", "/events")["events"] if e["type"] == "touchUp"][-1]
        released = session_of(base, browser, "scrollView", f"/frame?t={up!r}")["properties"]
        later = session_of(base, browser, "scrollView", f"/frame?t={up + 0.2!r}")["properties"]
        if later["contentOffsetY"] > released["contentOffsetY"] + 1:
            break
    else:
        raise Failure("scrollView: three flicks, none released fast enough to decelerate")
    rest = wait_state(base, browser, "scrollView", lambda s: not s["isDecelerating"] and not s["isDragging"]
                      and s["contentOffsetY"] > released["contentOffsetY"] + 20, WAIT,
                      "the offset to move on after the release and come to rest")
    again = wait_state(base, browser, "scrollView", lambda s: True, 1, "")
    if again["contentOffsetY"] != rest["contentOffsetY"]:
        raise Failure(f"scrollView: the offset did not rest: {rest['contentOffsetY']} then {again['contentOffsetY']}")
    for name in ("scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating"):
        wait_emitted(browser, "scrollView", name, WAIT)
    browser.wait_for(f"""(() => {{
        const content = document.querySelector('[data-control="scrollView"] [data-layer-id="content"]');
        const m = content && /translate\(([-0-9.e]+)px, ([-0-9.e]+)px\)/.exec(content.style.transform);
        return m && Math.abs(parseFloat(m[2]) + {rest['contentOffsetY']}) < 0.01;
    }})()""", WAIT, "the content layer drawn at the resting offset")
    return (f"scrollView: flicked, the offset went on from {released['contentOffsetY']:.1f} "
            f"(at the release) to rest at {rest['contentOffsetY']:.1f} pt, drawn there")


def drive_sheet(browser, base):
    start = now_of(base, browser, "sheet")
    if start["selectedDetent"] != "medium":
        raise Failure(f"sheet: should start at the medium detent: {start}")
    grabber = layer_box(browser, "sheet", "grabber")
    top = prop(browser, "sheet", "sheetTop")
    # Drag the grabber slowly up to where the large detent's top is, hold, release (no flick).
    config = session_of(base, browser, "sheet")["config"]
    large_top = config["safeAreaTop"] + config["topOffset"]
    distance = (top - large_top) * grabber["scale"]
    drag(browser, grabber["x"], grabber["y"], grabber["x"], grabber["y"] - distance, 0.5, steps=20, hold=0.15)
    wait_state(base, browser, "sheet", lambda s: s["selectedDetent"] == "large" and not s["isDragging"]
               and abs(s["sheetTop"] - large_top) < 0.01, WAIT, "the sheet at rest at the large detent after a drag")
    settled = browser.wait_for(f"""(() => {{
        const row = document.querySelector('[data-control="sheet"] [data-prop="sheetTop"]');
        const v = row && JSON.parse(row.dataset.value);
        return v !== null && Math.abs(v - {large_top}) < 0.01 ? v : null;
    }})()""", WAIT, f"the page to show the sheet's top at {large_top}")
    wait_emitted(browser, "sheet", "detentChanged", WAIT)
    return f"sheet: dragged from medium (top {top:.1f}) to large, settled at top {settled:.1f}, detentChanged logged"


def drive_slider(browser, base):
    thumb = layer_box(browser, "slider", "thumb")
    surface = layer_box(browser, "slider")
    before = now_of(base, browser, "slider")["value"]
    # Grab the thumb and drag it 60 % of the way along the track.
    drag(browser, thumb["x"], thumb["y"], thumb["x"] + surface["width"] * 0.6, thumb["y"], 0.3, steps=12)
    state = wait_state(base, browser, "slider", lambda s: s["value"] > before + 0.4 and not s.get("tracking", False),
                       WAIT, "the value to follow the drag")
    wait_emitted(browser, "slider", "valueChanged", WAIT)
    return f"slider: thumb dragged, value {before} → {state['value']:.3f}, valueChanged logged"


def drive_stepper(browser, base):
    surface = layer_box(browser, "stepper")
    before = now_of(base, browser, "stepper")["value"]
    # The + half is the right one: a press and release at its centre.
    click(browser, surface["left"] + surface["width"] * 0.75, surface["y"])
    state = wait_state(base, browser, "stepper", lambda s: s["value"] >= before + 1 and not s["plusHighlighted"], WAIT,
                       "the value to step up and the + half to let go")
    if state["value"] != before + 1:
        raise Failure(f"stepper: a press shorter than the autorepeat delay should step once: {before} → {state['value']}")
    wait_emitted(browser, "stepper", "valueChanged", WAIT)
    return f"stepper: + pressed, value {before} → {state['value']}"


def drive_segmented(browser, base):
    surface = layer_box(browser, "segmentedControl")
    config = session_of(base, browser, "segmentedControl")["config"]
    count = int(config["segments"])
    # Where the indicator rests under segment k: equal segments between the dividers, inset.
    pitch = (config["width"] + config["dividerWidth"]) / count
    before = now_of(base, browser, "segmentedControl")["selectedSegmentIndex"]
    target = count - 1 if before != count - 1 else 0
    click(browser, surface["left"] + surface["width"] * (target + 0.5) / count, surface["y"])
    rest = wait_state(base, browser, "segmentedControl", lambda s: s["selectedSegmentIndex"] == target
                      and abs(s["indicatorX"] - (target * pitch + config["indicatorInset"])) < 0.01, WAIT,
                      f"segment {target} to be selected and the indicator to come to rest under it")
    wait_emitted(browser, "segmentedControl", "valueChanged", WAIT)
    return (f"segmentedControl: segment {target} tapped, selected {before} → {target}, "
            f"the indicator at x {rest['indicatorX']:.2f}")


SCENE = '#scene-panel'


def scene_views(base, browser):
    """The scene panel's frame now over HTTP (GET …/frame on its wall clock): properties by view."""
    sid = browser.evaluate(f"document.querySelector('{SCENE}').dataset.sessionId")
    with urllib.request.urlopen(f"{base}/v1/sessions/{sid}/frame", timeout=WAIT) as answer:
        frame = json.load(answer)
    return {entry["view"]: entry["frame"]["properties"] for entry in frame["views"]}


def wait_scene(base, browser, test, timeout, what):
    """Polls the scene's frame now over HTTP until test(properties by view) holds; those."""
    until = time.monotonic() + timeout
    views = None
    while time.monotonic() < until:
        views = scene_views(base, browser)
        if test(views):
            return views
        time.sleep(0.05)
    brief = {k: v for k, v in (views or {}).items() if k in ("list", "switch0", "slider")}
    raise Failure(f"scene: timed out after {timeout} s waiting for {what}; list, switch0, slider were {brief}")


def scene_shown(browser, view):
    """A view's state as the scene panel shows it (its row in the state table)."""
    return browser.evaluate(f"""(() => {{
        const row = document.querySelector('{SCENE} .scene-state [data-view="{view}"]');
        return row ? JSON.parse(row.dataset.value) : null;
    }})()""")


def scene_point(browser, x, y):
    """Where the scene's window point (x, y) is on the page, in CSS pixels, and the scale."""
    return browser.evaluate(f"""(() => {{
        const surface = document.querySelector('{SCENE} .controlsim-surface');
        const r = surface.getBoundingClientRect();
        const scale = r.width / surface.offsetWidth;
        return {{x: r.left + {x} * scale, y: r.top + {y} * scale, scale}};
    }})()""")


def scene_layer(browser, view, layer):
    """The CSS-pixel box of one of a view's layers as the scene panel draws it."""
    return browser.evaluate(f"""(() => {{
        const node = document.querySelector('{SCENE} [data-view="{view}"] [data-layer-id="{layer}"]');
        if (!node) return null;
        const r = node.getBoundingClientRect();
        return {{x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top, width: r.width, height: r.height}};
    }})()""")


def exercise_scene(browser, base):
    """The scene panel's Settings scene driven with the mouse: a row's switch tapped, the list
    dragged to its end, the slider dragged sideways; checked in the page and over HTTP."""
    browser.evaluate(f"document.querySelector('{SCENE}').scrollIntoView({{block: 'start'}})")
    browser.wait_for(f"""(() => {{
        const p = document.querySelector('{SCENE}');
        return p && !p.hidden && p.dataset.scene === 'settings' && p.dataset.ready === 'true'
            && p.querySelectorAll('[data-view="switch0"] [data-layer-id]').length === 2
            && p.querySelectorAll('.controlsim-view').length === 23;
    }})()""", WAIT, "the Settings scene to draw its 23 controls")
    start = wait_scene(base, browser, lambda v: True, 1, "")
    if start["switch0"]["isOn"] is not False or start["list"]["contentOffsetY"] != 0:
        raise Failure(f"scene: should start with switch0 off and the list at the top: {start['switch0']}, {start['list']}")

    # A row's switch: a quick click at its centre (window (348.5, 22) with the list at the top).
    thumb = scene_layer(browser, "switch0", "thumb")
    at = scene_point(browser, 348.5, 22)
    click(browser, at["x"], at["y"])
    wait_scene(base, browser, lambda v: v["switch0"]["isOn"] is True and v["switch0"]["thumbCenterX"] == 35.5
               and v["switch1"]["isOn"] is False, WAIT, "switch0 on and at rest, switch1 untouched")
    browser.wait_for(f"""(() => {{
        const row = document.querySelector('{SCENE} .scene-state [data-view="switch0"]');
        const log = [...document.querySelectorAll('{SCENE} .log li[data-name="valueChanged"]')].map(li => li.dataset.view);
        const thumb = document.querySelector('{SCENE} [data-view="switch0"] [data-layer-id="thumb"]').getBoundingClientRect();
        return row && JSON.parse(row.dataset.value).isOn === true && log.includes('switch0')
            && thumb.left > {thumb['left']} + 5;
    }})()""", WAIT, "the page to show switch0 on, its thumb moved right, valueChanged from switch0")
    print(f"browser-test: scene: a click on row 0's switch turned it on (thumb drawn {thumb['left']:.1f} → "
          f"{scene_layer(browser, 'switch0', 'thumb')['left']:.1f} px), valueChanged logged from switch0")

    # The list: dragged up 300 pt from row 13 slowly, held, released: past its end (124), it rests there.
    # Row 5's switch stays in sight (row 0's leaves the list, and a layer outside its clip is not drawn).
    row_top = scene_layer(browser, "switch5", "track")["top"]
    a, b = scene_point(browser, 195, 600), scene_point(browser, 195, 300)
    drag(browser, a["x"], a["y"], b["x"], b["y"], 0.5, steps=20, hold=0.2)
    rest = wait_scene(base, browser, lambda v: abs(v["list"]["contentOffsetY"] - 124) < 0.01 and not v["list"]["isDragging"]
                      and not v["list"]["isDecelerating"], WAIT, "the list at rest at its end (offset 124)")
    browser.wait_for(f"""(() => {{
        const row = document.querySelector('{SCENE} .scene-state [data-view="list"]');
        const node = document.querySelector('{SCENE} [data-view="switch5"] [data-layer-id="track"]');
        const gone = document.querySelectorAll('{SCENE} [data-view="switch0"] [data-layer-id]').length === 0;
        return row && node && gone && Math.abs(JSON.parse(row.dataset.value).contentOffsetY - 124) < 0.01
            && Math.abs(node.getBoundingClientRect().top - ({row_top} - 124 * {a['scale']})) < 0.5;
    }})()""", WAIT, "the page to show the list at 124, row 5 drawn 124 pt higher and row 0 (scrolled out) not drawn")
    wait_emitted_scene(browser, "list", "scrollViewWillBeginDragging")
    print(f"browser-test: scene: the list dragged past its end rests at offset {rest['list']['contentOffsetY']}, "
          f"row 5 drawn 124 pt higher, row 0 no longer drawn; switch0 still on: {rest['switch0']['isOn']}")

    # The slider (window y 886.5 + 15.5 − 124 = 778): its thumb dragged 100 pt to the right.
    before = rest["slider"]["value"]
    knob = scene_layer(browser, "slider", "thumb")
    drag(browser, knob["x"], knob["y"], knob["x"] + 100 * a["scale"], knob["y"], 0.4, steps=16)
    moved = wait_scene(base, browser, lambda v: v["slider"]["value"] > before + 0.2 and not v["slider"].get("tracking", False),
                       WAIT, "the slider's value to follow the drag")
    if abs(moved["list"]["contentOffsetY"] - 124) > 0.01:
        raise Failure(f"scene: a sideways drag on the slider moved the list: {moved['list']}")
    shown = browser.wait_for(f"""(() => {{
        const row = document.querySelector('{SCENE} .scene-state [data-view="slider"]');
        const v = row && JSON.parse(row.dataset.value).value;
        return v !== undefined && Math.abs(v - {moved['slider']['value']}) < 1e-9 ? v : null;
    }})()""", WAIT, "the page to show the slider's value")
    wait_emitted_scene(browser, "slider", "valueChanged")
    print(f"browser-test: scene: the slider dragged sideways in the vertical list, value {before} → {shown:.3f}; "
          f"the list stayed at {moved['list']['contentOffsetY']}")
    # Two fingers at once (CDP touch input: two pointers): one on row 7's switch, one on row 9's,
    # pressed together and lifted together. Each pointer is its own touch id, and both switches toggle.
    sid = browser.evaluate(f"document.querySelector('{SCENE}').dataset.sessionId")
    with urllib.request.urlopen(f"{base}/v1/sessions/{sid}/events", timeout=WAIT) as answer:
        logged = json.load(answer)["count"]
    f7, f9 = scene_point(browser, 348.5, 308 + 22 - 124), scene_point(browser, 348.5, 396 + 22 - 124)
    points = [{"x": f7["x"], "y": f7["y"], "id": 0}, {"x": f9["x"], "y": f9["y"], "id": 1}]
    browser.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
    time.sleep(0.05)
    browser.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    both = wait_scene(base, browser, lambda v: v["switch7"]["isOn"] is True and v["switch9"]["isOn"] is True
                      and v["switch8"]["isOn"] is False, WAIT, "two fingers to turn row 7's and row 9's switches on")
    with urllib.request.urlopen(f"{base}/v1/sessions/{sid}/events", timeout=WAIT) as answer:
        events = json.load(answer)["events"][logged:]
    downs = sorted(e.get("touch") for e in events if e["type"] == "touchDown")
    if downs != [1, 2]:
        raise Failure(f"scene: two pointers should be touches 1 and 2: {[(e['type'], e.get('touch')) for e in events]}")
    print(f"browser-test: scene: two fingers at once (touches {downs}) turned rows 7 and 9 on "
          f"({both['switch7']['isOn']}, {both['switch9']['isOn']}), row 8 untouched")
    exercise_scene_editor(browser, base)
    exercise_pull_to_refresh(browser, base)
    thrown = browser.thrown()
    if thrown:
        raise Failure(f"the page threw: {thrown}")
    if not browser.evaluate(f"document.querySelector('{SCENE} .problem').hidden"):
        raise Failure("the scene panel shows a problem: " + browser.evaluate(f"document.querySelector('{SCENE} .problem').textContent"))
    browser.evaluate("scrollTo(0, 0)")


def exercise_pull_to_refresh(browser, base):
    """The scene panel's pullToRefresh scene (a refreshControl over its list) driven with the mouse:
    the list pulled down 500 pt (past the 167.17 pt trigger even through the rubber band), held,
    released: the control refreshes (valueChanged), the list rests at -60 below its spinner (the
    contentInset it sets); checked over HTTP and in the page's state table."""
    browser.evaluate(f"""(() => {{
        const picker = document.querySelector('{SCENE} .scene-pick');
        picker.value = 'pullToRefresh';
        picker.dispatchEvent(new Event('change'));
    }})()""")
    browser.wait_for(f"""(() => {{
        const p = document.querySelector('{SCENE}');
        return p.dataset.scene === 'pullToRefresh' && p.dataset.ready === 'true'
            && p.querySelector('.scene-state [data-view="refresh"]') !== null;
    }})()""", WAIT, "the pullToRefresh scene to draw")
    start = wait_scene(base, browser, lambda v: True, 1, "")
    if start["refresh"]["isRefreshing"] is not False or start["list"]["contentOffsetY"] != 0:
        raise Failure(f"pull to refresh: should start idle with the list at the top: {start}")
    a, b = scene_point(browser, 195, 150), scene_point(browser, 195, 650)
    drag(browser, a["x"], a["y"], b["x"], b["y"], 0.6, steps=24, hold=0.2)
    rest = wait_scene(base, browser, lambda v: v["refresh"]["isRefreshing"] is True
                      and abs(v["list"]["contentOffsetY"] + 60) < 0.01 and not v["list"]["isDragging"]
                      and not v["list"]["isDecelerating"], WAIT, "the control refreshing and the list at rest at -60")
    browser.wait_for(f"""(() => {{
        const row = document.querySelector('{SCENE} .scene-state [data-view="refresh"]');
        return row && JSON.parse(row.dataset.value).isRefreshing === true;
    }})()""", WAIT, "the page to show the control refreshing")
    wait_emitted_scene(browser, "refresh", "valueChanged")
    print(f"browser-test: scene: pullToRefresh pulled down 500 pt with the mouse: refreshing, valueChanged logged, "
          f"the list at rest at {rest['list']['contentOffsetY']} (its contentInset.top 60)")


def exercise_scene_editor(browser, base):
    """The scene editor: the Settings document shown; an unknown control refused with its problem;
    an edited document (a switch alone) created, drawn and toggled with the mouse."""
    browser.evaluate(f"document.querySelector('{SCENE} .scene-editor').open = true")
    shown = json.loads(browser.evaluate(f"document.querySelector('{SCENE} .scene-document').value"))
    if shown["views"][0]["id"] != "list" or shown["views"][0]["control"] != "scrollView":
        raise Failure(f"scene editor: should show the Settings document, shows {str(shown)[:200]}")

    def create(document):
        browser.evaluate(f"""(() => {{
            const root = document.querySelector('{SCENE}');
            root.querySelector('.scene-document').value = {json.dumps(json.dumps(document))};
            root.querySelector('.scene-create').click();
        }})()""")

    frame = {"x": 20, "y": 20, "width": 51, "height": 31}
    create({"views": [{"id": "toggle", "control": "noSuchControl", "frame": frame}]})
    browser.wait_for(f"document.querySelector('{SCENE}').dataset.problem === 'unknown_control'", WAIT,
                     "the scene panel to show the unknown control's problem")
    create({"views": [{"id": "toggle", "control": "switch", "frame": frame}]})
    browser.wait_for(f"""(() => {{
        const p = document.querySelector('{SCENE}');
        return p.dataset.scene === 'custom' && p.dataset.ready === 'true' && p.querySelectorAll('.controlsim-view').length === 1
            && p.querySelector('.problem').hidden;
    }})()""", WAIT, "the edited scene (a switch alone) to draw")
    sid = browser.evaluate(f"document.querySelector('{SCENE}').dataset.sessionId")
    with urllib.request.urlopen(f"{base}/v1/sessions/{sid}", timeout=WAIT) as answer:
        views = json.load(answer)["scene"]["views"]
    if [v["id"] for v in views] != ["toggle"]:
        raise Failure(f"scene editor: the server's scene should be the edited one: {views}")
    at = scene_point(browser, 45.5, 35.5)
    click(browser, at["x"], at["y"])
    wait_scene(base, browser, lambda v: v["toggle"]["isOn"] is True, WAIT, "the edited scene's switch to turn on")
    print(f"browser-test: scene editor: an unknown control refused (unknown_control); session {sid} made from an edited "
          "document (a switch alone) and its switch turned on with a click")


def wait_emitted_scene(browser, view, name):
    browser.wait_for(f"""[...document.querySelectorAll('{SCENE} .log li[data-name]')]
        .some(li => li.dataset.name === {json.dumps(name)} && li.dataset.view === {json.dumps(view)})""",
        WAIT, f"the scene's log to show {name} from {view}")


def edge_drag(base, browser, control, x0, y, x1, seconds, steps, hold):
    """A drag from the left screen edge to x1, held, released; dragged again (three times at most)
    when the page stamped it too slowly to be an edge swipe at all. UIScreenEdgePanGestureRecognizer
    fails unless the finger has moved 15 pt from the edge within 0.25 s of the touch-down
    (docs/fidelity.md#screen-edge-pan), and a loaded machine held a drag's first moves back longer
    than that (its first 15 pt stamped 0.257 s after the touch-down: no pop began). Whether it did is
    read from the session's log, on the session clock; a drag that was a swipe is checked as before."""
    for attempt in range(3):
        logged = session_of(base, browser, control, "/events")["count"]
        drag(browser, x0, y, x1, y, seconds, steps=steps, hold=hold)
        until = time.monotonic() + WAIT
        while True:
            events = session_of(base, browser, control, "/events")["events"][logged:]
            if any(e["type"] == "touchUp" for e in events):
                break
            if time.monotonic() > until:
                raise Failure(f"{control}: the edge drag's touchUp did not reach the server within {WAIT} s: {events}")
            time.sleep(0.05)
        down = next(e for e in events if e["type"] == "touchDown")
        away = next((e["t"] for e in events if e["type"] == "touchMove" and e["x"] - down["x"] >= 15), None)
        if away is not None and away - down["t"] < 0.25:
            return
        when = "never" if away is None else f"{away - down['t']:.3f} s after its touch-down"
        print(f"browser-test: {control}: the page stamped the edge drag's first 15 pt {when}, past the 0.25 s of "
              "an edge swipe (a loaded machine): dragged again")
    raise Failure(f"{control}: three edge drags, none stamped as a swipe from the edge (15 pt within 0.25 s)")


def drive_navigation_pop(browser, base):
    """UINavigationController's interactive pop from the left edge: a short drag held still cancels
    (progress 0.15 + no velocity is short of min(187.5 / width, 0.5)); a drag past 70 % held still
    completes, one level popped (depth 2 to 1). docs/fidelity.md#navigation-pop."""
    control = "navigationPop"
    surface = layer_box(browser, control)
    start = now_of(base, browser, control)
    if start["depth"] != 2 or start["interactive"] is not False:
        raise Failure(f"{control}: should start two deep and still; it was {start}")
    left, y, width = surface["left"], surface["y"], surface["width"]
    edge_drag(base, browser, control, left + 2, y, left + width * 0.2, 0.3, steps=10, hold=0.4)
    wait_emitted(browser, control, "interactivePopBegan", WAIT)
    wait_emitted(browser, control, "interactivePopCancelled", WAIT)
    cancelled = wait_state(base, browser, control, lambda s: not s["interactive"] and s["progress"] == 0, WAIT,
                           "the cancelled pop to settle back")
    if cancelled["depth"] != 2:
        raise Failure(f"{control}: a cancelled pop changed the depth: {cancelled}")
    edge_drag(base, browser, control, left + 2, y, left + width * 0.75, 0.5, steps=16, hold=0.4)
    popped = wait_state(base, browser, control, lambda s: s["depth"] == 1 and not s["interactive"], WAIT,
                        "the completed pop to leave one level")
    wait_emitted(browser, control, "didShowViewController", WAIT)
    return (f"{control}: a short edge drag cancelled (depth {cancelled['depth']}), a long one popped "
            f"(depth {popped['depth']}), interactivePopBegan / interactivePopCancelled / didShowViewController logged")


DRIVERS = {"checkbox": drive_checkbox, "scrollView": drive_scroll_view, "sheet": drive_sheet,
           "slider": drive_slider, "stepper": drive_stepper, "segmentedControl": drive_segmented,
           "systemSwitch": drive_system_switch, "navigationPop": drive_navigation_pop}


def definition_of(control):
    """The built-in's definition file, as shipped."""
    for name in os.listdir(CONTROLS_DIR):
        if re.sub(r"^\d+-", "", name[:-len(".json")]) == control:
            with open(os.path.join(CONTROLS_DIR, name)) as file:
                return json.load(file)
    raise Failure(f"no definition file for {control}")


def drive_any(control):
    """The driver of a built-in without one of its own (a built-in stays one definition file): a
    click on the right half of the control, then a press held 0.8 s, then a drag leftwards across
    it and past its left edge, then a drag from its left edge rightwards (a screen-edge pan); the
    page must log at least one callback the control emitted and the server must have the events.
    A control that takes no touches (driven by commands alone, as a refresh control is by its
    scroll view in a scene) is only checked to be shown here; the refresh control is driven with the
    mouse in the scene panel's pullToRefresh scene (exercise_pull_to_refresh)."""
    def drive(browser, base):
        if not definition_of(control).get("inputs"):
            browser.wait_for(f"""!!document.querySelector('[data-control="{control}"]')""", WAIT, f"{control}'s panel")
            return f"{control}: takes no touches (commands only): shown here, driven in its scene below"
        surface = layer_box(browser, control)
        click(browser, surface["left"] + surface["width"] * 0.75, surface["y"])
        drag(browser, surface["x"], surface["y"], surface["x"], surface["y"], 0.1, steps=1, hold=0.8)
        drag(browser, surface["left"] + surface["width"] * 0.98, surface["y"],
             surface["left"] - surface["width"] * 0.1, surface["y"], 0.4, steps=16)
        drag(browser, surface["left"] + 2, surface["y"], surface["left"] + surface["width"] * 0.7, surface["y"], 0.4, steps=16)
        browser.wait_for(f"""document.querySelectorAll('[data-control="{control}"] .log li[data-name]').length > 0""",
                         WAIT, f"{control} to log a callback")
        names = browser.evaluate(f"""[...new Set([...document.querySelectorAll('[data-control="{control}"] .log li[data-name]')]
            .map(li => li.dataset.name))]""")
        return f"{control}: clicked, held, dragged with the mouse; logged {', '.join(names)}"
    return drive


def exercise_catalogue(browser, base):
    """Each catalogue control the page shows, driven once with the mouse; checked over HTTP and in the DOM."""
    shown = browser.evaluate("[...document.querySelectorAll('[data-control]')].map(p => p.dataset.control)")
    for control in catalogue():
        if control not in shown:
            raise Failure(f"{control} is a built-in definition but the page does not show it: {shown}")
        began = time.monotonic()
        print(f"browser-test: {DRIVERS.get(control, drive_any(control))(browser, base)} ({time.monotonic() - began:.1f} s)")
    thrown = browser.thrown()
    if thrown:
        raise Failure(f"the page threw: {thrown}")
    problems = browser.evaluate("""[...document.querySelectorAll('[data-control]')]
        .filter(p => !p.querySelector('.problem').hidden)
        .map(p => p.dataset.control + ': ' + p.querySelector('.problem').textContent)""")
    if problems:
        raise Failure(f"the page shows problems: {problems}")
    browser.evaluate("scrollTo(0, 0)")


def exercise_definitions(browser):
    """Where the server serves definitions: the switch's definition edited into one with an unknown
    reference and registered (the problem shown, its member selected in the editor), then
    registered as it was under a new name, which adds a panel that draws and toggles."""
    panel = '[data-control="switch"]'
    if browser.evaluate(f"document.querySelector('{panel} details.definition').hidden"):
        print("browser-test: this server serves no definitions, so the definition editor is hidden (not exercised)")
        return
    edit = """((width, name) => {
        const p = document.querySelector('[data-control="switch"]');
        p.querySelector('details.definition').open = true;
        const text = p.querySelector('.definition-text');
        const definition = JSON.parse(text.value);
        definition.layers.find((l) => l.id === 'thumb').frame.width = width;
        text.value = JSON.stringify(definition, null, 2);
        p.querySelector('.register-name').value = name;
        p.querySelector('.register').click();
    })(%s, %s)"""
    browser.evaluate(edit % (json.dumps("nosuch + 1"), json.dumps("brokenSwitch")))
    shown = browser.wait_for(f"""(() => {{
        const p = document.querySelector('{panel}');
        const box = p.querySelector('.definition-problem');
        const text = p.querySelector('.definition-text');
        return !box.hidden && box.dataset.line ? {{ problem: box.textContent, line: Number(box.dataset.line),
            selected: text.value.slice(text.selectionStart, text.selectionEnd) }} : null;
    }})()""", WAIT, "the definition's problem to show in the editor")
    if "unknown_reference" not in shown["problem"] or shown["selected"] != '"nosuch + 1"':
        raise Failure(f"the editor should name the unknown reference and select it: {shown}")
    print(f"browser-test: a bad definition shows {shown['problem']!r}, its member selected at line {shown['line']}")
    browser.evaluate(edit % (json.dumps("thumbSize"), json.dumps("mySwitch")))
    browser.wait_for("""(() => {
        const p = document.querySelector('[data-control="mySwitch"]');
        return p && p.dataset.ready === 'true' && p.querySelectorAll('[data-layer-id]').length === 2;
    })()""", WAIT, "the registered control's panel to draw")
    browser.evaluate("document.querySelector('[data-control=\"mySwitch\"] .controlsim-surface').scrollIntoView({block: 'center'})")
    surface = browser.evaluate(CENTER_OF % json.dumps('[data-control="mySwitch"] .controlsim-surface'))
    browser.mouse("mouseMoved", surface["x"], surface["y"], 0)
    browser.mouse("mousePressed", surface["x"], surface["y"], 1)
    browser.mouse("mouseReleased", surface["x"], surface["y"], 0)
    browser.wait_for("""(() => {
        const row = document.querySelector('[data-control="mySwitch"] [data-prop="isOn"]');
        return row && row.dataset.value === 'true';
    })()""", WAIT, "the registered switch to turn on")
    browser.evaluate("scrollTo(0, 0)")
    print("browser-test: the definition registered under a new name got a panel, which draws and toggles")


def run(base, screenshot, executable, timeout):
    started = time.monotonic()
    browser = Browser(executable, started + timeout)
    try:
        browser.open_page()
        root = base.rstrip("/") + "/"

        # Polling first (as on a server without /stream), then the page as it chooses by itself.
        polled = exercise(browser, root + "?transport=polling", started)
        if any(not t.endswith("=polling") for t in polled["transports"]):
            raise Failure(f"?transport=polling should poll every control: {polled['transports']}")
        exercise(browser, root, started)
        exercise_catalogue(browser, base.rstrip("/"))
        exercise_scene(browser, base.rstrip("/"))

        # The definition editor's helpers: a problem's JSON pointer found in the edited text, and
        # commands read from the shapes a definition may give them in.
        helpers = browser.evaluate("""(() => {
            const text = JSON.stringify({ name: 'x', layers: [{ id: 'a' }, { id: 'b', frame: { width: 'w + 1' } }] }, null, 2);
            const at = playground.locate(text, '/layers/1/frame/width');
            const missing = playground.locate(text, '/layers/1/frame/height');
            return {
              found: text.slice(at.start, at.end), line: at.line,
              parent: text.slice(missing.start, missing.end).replace(/\\s+/g, ''),
              commands: [
                playground.commandsOf({ commands: { setOn: { parameters: { on: { type: 'bool' } } } } }),
                playground.commandsOf({ commands: [{ name: 'expand' }, 'collapse'] }),
              ],
            };
        })()""")
        expected_commands = [[{"name": "setOn", "parameters": [{"name": "on", "type": "bool"}]}],
                             [{"name": "expand", "parameters": []}, {"name": "collapse", "parameters": []}]]
        if helpers["found"] != '"w + 1"' or helpers["line"] != 10 or helpers["parent"] != '{"width":"w+1"}' \
                or helpers["commands"] != expected_commands:
            raise Failure(f"the definition editor's helpers: {helpers}")

        exercise_definitions(browser)

        # Start the progress button's countdown with a click on its command, for the picture too.
        start = browser.evaluate(CENTER_OF % json.dumps('[data-control="progressButton"] [data-command="start"]'))
        browser.mouse("mouseMoved", start["x"], start["y"], 0)
        browser.mouse("mousePressed", start["x"], start["y"], 1)
        browser.mouse("mouseReleased", start["x"], start["y"], 0)
        ring = browser.wait_for("""(() => {
            const p = document.querySelector('[data-control="progressButton"]');
            const ring = p.querySelector('[data-layer-id="ring"]');
            const end = p.querySelector('[data-prop="strokeEnd"]');
            // Drawn as the exports draw it: a circle whose dash offset is 1 − strokeEnd.
            const drawn = ring && ring.querySelector('circle') && 1 - parseFloat(ring.style.strokeDashoffset);
            return drawn > 0.4 && end && Math.abs(drawn - JSON.parse(end.dataset.value)) < 0.2 ? drawn : null;
        })()""", WAIT, "the progress ring to draw after start")
        print(f"browser-test: progress ring drawn (strokeEnd {ring:.2f})")

        # Screenshot of the whole page, after the log's highlight has faded.
        browser.evaluate("document.activeElement && document.activeElement.blur()")
        height = browser.screenshot(screenshot)
        print(f"browser-test: screenshot {screenshot} ({VIEWPORT[0]}×{height}); "
              f"{time.monotonic() - started:.1f} s in the browser")
    finally:
        browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("screenshot")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args()
    try:
        run(options.base, options.screenshot, options.chromium, options.timeout)
    except Failure as failure:
        print(f"browser-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print("browser-test: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
