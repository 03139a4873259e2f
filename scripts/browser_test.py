#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol against the playground at BASE_URL.

Standard library only: the protocol runs over Chromium's debugging pipe (cdp.py).

It loads `/?transport=polling` and then `/` (stream when the server has one), waits for the four
controls to render, taps the switch and drags the card's handle upwards with synthesised mouse
input (Input.dispatchMouseEvent, which the page receives as pointer events), then checks the DOM:
the switch is on and its thumb moved right, the card is expanded at cardY 244. Then it checks the
definition editor's helpers (a JSON pointer located in the text, a definition's commands read),
clicks the progress button's `start` and saves a screenshot. Every wait is bounded; any failure
exits 1.

Usage: browser_test.py BASE_URL SCREENSHOT.png [--chromium PATH] [--timeout SECONDS]
"""
import argparse
import json
import shutil
import sys
import time

from cdp import VIEWPORT, Browser, Failure


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
    browser.wait_for(PANELS_READY, 15, "the four controls to render their first frames")
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

    until = time.monotonic() + 6
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
    exercise_catalogue(browser)
    return final


CATALOGUE = """
(() => {
  const prop = (control, name) => {
    const row = document.querySelector(`[data-control="${control}"] [data-prop="${name}"]`);
    return row ? JSON.parse(row.dataset.value) : undefined;
  };
  const emitted = (control) => [...document.querySelectorAll(`[data-control="${control}"] .log li[data-name]`)]
      .map(li => li.dataset.name);
  return {
    sliderValue: prop('slider', 'value'), sliderThumbX: prop('slider', 'thumbX'), sliderEmitted: emitted('slider'),
    stepperValue: prop('stepper', 'value'), stepperEmitted: emitted('stepper'),
    segment: prop('segmentedControl', 'selectedSegmentIndex'), indicatorX: prop('segmentedControl', 'indicatorX'),
    segmentedEmitted: emitted('segmentedControl'),
  };
})()
"""


def press(browser, x, y, path=(), hold=0.08):
    """A mouse press at (x, y), moved along `path` at 60 Hz, released at its last point."""
    browser.mouse("mouseMoved", x, y, 0)
    browser.mouse("mousePressed", x, y, 1)
    for px, py in path:
        time.sleep(1 / 60)
        browser.mouse("mouseMoved", px, py, 1)
    time.sleep(hold)
    end = path[-1] if path else (x, y)
    browser.mouse("mouseReleased", end[0], end[1], 0)


def exercise_catalogue(browser):
    """The slider's thumb dragged right, the stepper's + tapped, the segmented control's third
    segment tapped; each checked in the DOM once it has settled."""
    for control in ("slider", "stepper", "segmentedControl"):
        browser.evaluate("document.querySelector('[data-control=\"%s\"] .controlsim-surface').scrollIntoView({block: 'center'})" % control)
        time.sleep(0.1)
        if control == "slider":
            thumb = browser.evaluate(CENTER_OF % json.dumps('[data-control="slider"] [data-layer-id="thumb"]'))
            track = browser.evaluate(CENTER_OF % json.dumps('[data-control="slider"] [data-layer-id="maximumTrack"]'))
            distance = track["width"] * 0.5
            press(browser, thumb["x"], thumb["y"], [(thumb["x"] + distance * i / 12, thumb["y"]) for i in range(1, 13)])
        elif control == "stepper":
            plus = browser.evaluate(CENTER_OF % json.dumps('[data-control="stepper"] [data-layer-id="plusStem"]'))
            press(browser, plus["x"], plus["y"])
        else:
            track = browser.evaluate(CENTER_OF % json.dumps('[data-control="segmentedControl"] [data-layer-id="background"]'))
            press(browser, track["left"] + track["width"] * 5 / 6, track["y"])
    state = {}

    def done(s):
        # The segmented indicator rests at 2·(298/3 + 1) + 2 once its 0.41 s spring is over.
        return ((s.get("sliderValue") or 0) > 0.3 and s.get("stepperValue") == 1 and s.get("segment") == 2
                and abs((s.get("indicatorX") or 0) - 202.666667) < 1e-3)

    until = time.monotonic() + 6
    while time.monotonic() < until:
        state = browser.evaluate(CATALOGUE)
        if done(state):
            break
        time.sleep(0.1)
    if not ((state.get("sliderValue") or 0) > 0.3 and (state.get("sliderThumbX") or 0) > 80):
        raise Failure(f"the slider's thumb did not follow the drag: {state}")
    if "valueChanged" not in state["sliderEmitted"]:
        raise Failure(f"the slider's log does not show valueChanged: {state['sliderEmitted']}")
    if state.get("stepperValue") != 1 or "valueChanged" not in state["stepperEmitted"]:
        raise Failure(f"the stepper's value did not go up to 1 after a tap on +: {state}")
    if state.get("segment") != 2 or abs((state.get("indicatorX") or 0) - 202.666667) >= 1e-3:
        raise Failure(f"the segmented control's indicator did not move to segment 2: {state}")
    print(f"browser-test: slider value {state['sliderValue']:.3f} (thumb at {state['sliderThumbX']}), stepper {state['stepperValue']}, "
          f"segment {state['segment']} (indicator at {state['indicatorX']:.3f})")


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
    }})()""", 10, "the definition's problem to show in the editor")
    if "unknown_reference" not in shown["problem"] or shown["selected"] != '"nosuch + 1"':
        raise Failure(f"the editor should name the unknown reference and select it: {shown}")
    print(f"browser-test: a bad definition shows {shown['problem']!r}, its member selected at line {shown['line']}")
    browser.evaluate(edit % (json.dumps("thumbSize"), json.dumps("mySwitch")))
    browser.wait_for("""(() => {
        const p = document.querySelector('[data-control="mySwitch"]');
        return p && p.dataset.ready === 'true' && p.querySelectorAll('[data-layer-id]').length === 2;
    })()""", 10, "the registered control's panel to draw")
    browser.evaluate("document.querySelector('[data-control=\"mySwitch\"] .controlsim-surface').scrollIntoView({block: 'center'})")
    surface = browser.evaluate(CENTER_OF % json.dumps('[data-control="mySwitch"] .controlsim-surface'))
    browser.mouse("mouseMoved", surface["x"], surface["y"], 0)
    browser.mouse("mousePressed", surface["x"], surface["y"], 1)
    browser.mouse("mouseReleased", surface["x"], surface["y"], 0)
    browser.wait_for("""(() => {
        const row = document.querySelector('[data-control="mySwitch"] [data-prop="isOn"]');
        return row && row.dataset.value === 'true';
    })()""", 10, "the registered switch to turn on")
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
        })()""", 5, "the progress ring to draw after start")
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
