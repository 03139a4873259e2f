#!/usr/bin/env python3
"""The client module on a blank page, in headless Chromium driven by Playwright (PyPI) with its
fake clock, so every time the module reads (performance.now(), requestAnimationFrame) is the
test's.

A blank page at the server's origin imports /client.js, creates a switch and a card (virtual
clock: their time is the page's), attaches each to a <div>, and plays them. Synthesised mouse
input then taps the switch and drags the card's handle upwards while the clock moves 16 ms a
move; it checks the DOM (the thumb's layer at translate(22px, 2px), the card's at
translate(0px, 244px)), the emitted callbacks as DOM events and callbacks with the times the
clock gave, and that a pointerdown while a pointer is still down (its pointerup lost) posts a
touchCancel before the new touchDown. It saves a screenshot. Then it runs docs/client.md's
example page as written (its SERVER set to the server under test): taps the switch, checks the
log, the dot bound to a frame property, and the replay of the toggle with Web Animations. Last,
each docs/examples definition (like button, activity indicator, labelled segmented control,
swipe row, clipped card) is attached to a blank page and what it drew is compared with GET
…/frame: text and rect boxes, a path's bounds (getBBox against the path data's own), each
rotation, and a layer tree's sublayers (their boxes composed through their superlayers, the
masking superlayer's clip: points of a sublayer inside it drawn, outside it not).

Usage: client_browser_test.py BASE_URL SCREENSHOT.png [--chromium PATH] [--timeout SECONDS] [--only-definitions]
"""
import argparse
import json
import os
import shutil
import sys
import time

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("client-browser-test: needs Playwright's Python package (pip install playwright); "
          "it drives the system's Chromium, so no browser download", file=sys.stderr)
    sys.exit(1)


class Failure(Exception):
    pass


# How long a wait for the page to show something may take before the test fails: a bound on a
# hang, not a speed target (the page's clock is the test's; only the fetches take real time, and a
# loaded machine takes seconds over them).
WAIT = 60


BLANK = """<!doctype html>
<html><head><meta charset="utf-8"><title>client test</title>
<style>body { margin: 0; font: 14px system-ui; } .box { display: inline-block; vertical-align: top;
margin: 16px; background: #f2f2f7; } #switch { width: 204px; height: 124px; } #card { width: 390px; height: 844px; }</style>
</head><body><div class="box" id="switch"></div><div class="box" id="card"></div></body></html>
"""

SETUP = """
async () => {
  const { ControlSim } = await import('/client.js');
  window.posted = [];
  window.problems = [];
  window.log = [];
  // A fetch that records what the client posts, to check the touch sequence it sends.
  const recording = (url, init) => {
    if (init && init.method === 'POST' && String(url).includes('/events')) posted.push(JSON.parse(init.body));
    return fetch(url, init);
  };
  const sim = new ControlSim({ fetch: recording });
  const sw = await sim.createSession({ control: 'switch' });
  const card = await sim.createSession({ control: 'card' });
  for (const s of [sw, card]) s.addEventListener('problem', (e) => problems.push(e.detail.code + ': ' + e.detail.message));
  // Emissions as DOM events on the attached element, and as callbacks on the session.
  document.querySelector('#switch').addEventListener('controlsim:valueChanged',
      (e) => log.push({ from: 'dom', name: e.detail.name, t: e.detail.t, isOn: e.detail.isOn }));
  card.on('*', (e) => log.push({ from: 'callback', name: e.name, t: e.t }));
  sw.attach(document.querySelector('#switch'));
  card.attach(document.querySelector('#card'));
  sw.play();
  card.play();
  window.sessions = { sw, card };
  return { switch: sw.id, card: card.id, clock: sw.clock, transport: sw.transport };
}
"""

STATE = """
() => {
  const layer = (box, id) => document.querySelector(`#${box} [data-layer-id="${id}"]`);
  const { sw, card } = sessions;
  return {
    thumb: layer('switch', 'thumb') && layer('switch', 'thumb').style.transform,
    track: layer('switch', 'track') && getComputedStyle(layer('switch', 'track')).backgroundColor,
    card: layer('card', 'card') && layer('card', 'card').style.transform,
    switchFrame: sw.latest && sw.latest.t, cardFrame: card.latest && card.latest.t,
    isOn: sw.latest && sw.latest.properties.isOn, cardState: card.latest && card.latest.properties.state,
    now: performance.now(), switchNow: sw.now(), cardNow: card.now(),
    log, posted, problems,
  };
}
"""


def center(page, selector):
    box = page.locator(selector).bounding_box()
    if box is None:
        raise Failure(f"{selector} is not on the page")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


def settle(page, until, what, timeout=WAIT, state_of=STATE):
    """Runs the page's clock a frame at a time, letting real time pass for the fetches, until
    `until(state)` holds for the page's `state_of()`."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        page.clock.run_for(16)
        time.sleep(0.01)
        state = page.evaluate(state_of)
        if until(state):
            return state
    raise Failure(f"timed out waiting for {what}; last saw {json.dumps(state)[:600]}")


def blank_page(browser, url, body, viewport):
    """A page at `url` (on the server's origin, so /client.js imports) serving `body`, on a fake
    clock; and the list its errors are collected in. The page's time stands still but for the
    test's run_for(): performance.now() and requestAnimationFrame move only when it says."""
    page = browser.new_page(viewport=viewport)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install(time=0)
    page.clock.pause_at(1000)
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=body))
    page.goto(url)
    return page, errors


def run(base, screenshot, executable, timeout, only_definitions=False):
    started = time.monotonic()
    with sync_playwright() as playwright:
        args = ["--no-sandbox"] if os.geteuid() == 0 else []
        browser = playwright.chromium.launch(executable_path=executable, args=args, timeout=timeout * 1000)
        if only_definitions:
            try:
                run_definitions(browser, base)
            finally:
                browser.close()
            return
        try:
            page, errors = blank_page(browser, base + "/blank-test-page.html", BLANK, {"width": 720, "height": 900})
            created = page.evaluate(SETUP)
            if created["clock"] != "virtual" or created["transport"] != "polling":
                raise Failure(f"a virtual session should poll on the page's clock: {created}")
            state = settle(page, lambda s: s["thumb"] and s["card"], "both controls to draw")
            if state["thumb"] != "translate(2px, 2px) scale(1)" or state["card"] != "translate(0px, 779px) scale(1)":
                raise Failure(f"first frames: thumb {state['thumb']}, card {state['card']}")
            # The session clock is performance.now() since creation: both sessions were made while
            # the page's clock stood still, so they read the same time, and it moved only as run.
            if state["switchNow"] != state["cardNow"] or state["switchNow"] <= 0:
                raise Failure(f"session clocks: switch {state['switchNow']}, card {state['cardNow']}")

            # Tap the switch: press, 100 ms, release.
            x, y, _ = center(page, "#switch .controlsim-surface")
            page.mouse.move(x, y)
            pressed_at = page.evaluate("sessions.sw.now()")
            page.mouse.down()
            page.clock.run_for(100)
            page.mouse.up()
            state = settle(page, lambda s: s["thumb"] == "translate(22px, 2px) scale(1)" and s["isOn"] is True,
                           "the switch to turn on")
            values = [e for e in state["log"] if e["name"] == "valueChanged"]
            if len(values) != 1 or values[0]["from"] != "dom" or values[0]["isOn"] is not True \
                    or abs(values[0]["t"] - pressed_at) > 1e-6:
                raise Failure(f"valueChanged as a DOM event at the press ({pressed_at}): {state['log']}")
            taps = [e for e in state["posted"] if e.get("type") in ("touchDown", "touchUp")]
            if [e["type"] for e in taps[:2]] != ["touchDown", "touchUp"] or abs(taps[1]["t"] - taps[0]["t"] - 0.1) > 1e-6:
                raise Failure(f"the tap as posted: {taps}")
            print(f"client-browser-test: switch on at t={values[0]['t']} (thumb {state['thumb']}, track {state['track']})")

            # Drag the card by its handle, upwards, a move every 16 ms of the page's clock.
            gx, gy, _ = center(page, '#card [data-layer-id="grabber"]')
            _, _, card_box = center(page, "#card .controlsim-surface")
            page.mouse.move(gx, gy + 4)
            page.mouse.down()
            steps, distance = 18, card_box["height"] * 0.45
            # Each move is seen by the page before the clock runs on and the next is sent: Chromium
            # coalesces pointermoves that reach a busy renderer into one event, and a slow machine
            # under load (CI) did exactly that to a fixed real-time pause (14 moves, a gap of 80 ms).
            page.evaluate("() => { window.__moves = 0; "
                          "document.addEventListener('pointermove', () => { window.__moves += 1; }, true); }")
            for i in range(1, steps + 1):
                page.clock.run_for(16)
                page.mouse.move(gx, gy + 4 - distance * i / steps)
                waited = time.monotonic()
                while page.evaluate("window.__moves") < i:
                    if time.monotonic() - waited > WAIT:
                        raise Failure(f"the page never saw move {i} of the drag")
                    time.sleep(0.005)
            page.mouse.up()
            # stateChanged comes when the animation completes, long after the last event: the
            # session asks for what was emitted meanwhile as it polls.
            state = settle(page, lambda s: s["card"] == "translate(0px, 244px) scale(1)" and s["cardState"] == "expanded"
                           and any(e["name"] == "stateChanged" for e in s["log"]), "the card to expand")
            names = [e["name"] for e in state["log"] if e["from"] == "callback"]
            for name in ("panBegan", "panEnded", "stateChanged"):
                if name not in names:
                    raise Failure(f"the card's callbacks lack {name}: {names}")
            moves = [e for e in state["posted"] if e.get("type") == "touchMove"]
            gaps = {round(b["t"] - a["t"], 6) for a, b in zip(moves, moves[1:])}
            if len(moves) < steps or gaps != {0.016}:
                raise Failure(f"the drag's moves should be 16 ms apart on the session clock: {len(moves)} moves, gaps {gaps}")
            print(f"client-browser-test: card expanded (card layer {state['card']}); callbacks {names}")

            # A pointerdown while one is down (its pointerup lost): touchCancel, then touchDown.
            before = len(state["posted"])
            page.evaluate("""() => {
              const surface = document.querySelector('#switch .controlsim-surface');
              const box = surface.getBoundingClientRect();
              const at = { clientX: box.left + 10, clientY: box.top + 10, button: 0, pointerType: 'mouse', bubbles: true };
              surface.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerId: 41 }));
              surface.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerId: 42 }));
              surface.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerId: 42 }));
            }""")
            state = settle(page, lambda s: len(list(_flatten(s["posted"][before:]))) >= 4, "the lost pointerup's events")
            types = [e["type"] for e in _flatten(state["posted"][before:])]
            if types != ["touchDown", "touchCancel", "touchDown", "touchUp"]:
                raise Failure(f"a lost pointerup should give touchDown, touchCancel, touchDown, touchUp; posted {types}")
            if state["problems"]:
                raise Failure(f"the sessions reported problems: {state['problems']}")
            if errors:
                raise Failure(f"the page threw: {errors[0]}")
            print(f"client-browser-test: a lost pointerup posts {types}")

            # A session the server lost ends: the view shows it, the page hears `ended`, and
            # reattach() recreates it from its scenario, the switch still on.
            ended = page.evaluate("""async () => {
              const sw = sessions.sw;
              const heard = new Promise((resolve) => sw.addEventListener('ended', (e) => resolve(e.detail.reason), { once: true }));
              await fetch(`/v1/sessions/${sw.id}`, { method: 'DELETE' });
              sw.send({ type: 'touchDown', x: 5, y: 5 }).catch(() => {});
              const reason = await heard;
              const shown = document.querySelector('#switch').dataset.controlsimEnded;
              const previous = sw.id;
              const id = await sw.reattach();
              const again = await fetch(`/v1/sessions/${id}`).then((r) => r.json());
              return { reason, shown, previous, id, isOn: again.state.isOn,
                       cleared: document.querySelector('#switch').dataset.controlsimEnded === undefined };
            }""")
            if ended["reason"] != "gone" or ended["shown"] != "gone" or ended["id"] == ended["previous"] \
                    or ended["isOn"] is not True or not ended["cleared"]:
                raise Failure(f"a deleted session should end and reattach with its state: {ended}")
            print(f"client-browser-test: a lost session ends ({ended['reason']}) and reattaches as {ended['id']}, the switch still on")
            state = page.evaluate(STATE)
            if len(state["problems"]) != 1 or "session_not_found" not in state["problems"][0]:
                raise Failure(f"the lost session's one problem should be session_not_found: {state['problems']}")

            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            page.screenshot(path=screenshot, full_page=True)
            page.close()
            run_example(browser, base, screenshot.replace(".png", "-example.png"))
            run_definitions(browser, base)
            print(f"client-browser-test: screenshots {screenshot} and the example's; {time.monotonic() - started:.1f} s in the browser")
        finally:
            browser.close()


def example_page():
    """docs/client.md's example page, as written."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "docs", "client.md"), encoding="utf-8") as f:
        text = f.read()
    start, end = text.index("<!-- example:start -->"), text.index("<!-- example:end -->")
    return text[start:end].split("```html\n", 1)[1].rsplit("```", 1)[0]


EXAMPLE_STATE = """
() => ({
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
  drawn: document.querySelectorAll('#switch [data-layer-id], #card [data-layer-id]').length,
  dot: document.querySelector('#dot').style.transform,
  state: document.querySelector('#state').textContent,
  replayable: !document.querySelector('#replay').disabled,
})
"""


def run_example(browser, base, screenshot):
    page = browser.new_page(viewport={"width": 720, "height": 700})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install(time=0)
    page.clock.pause_at(1000)
    # Served from the server's address, as written; `?server=` names the server, as the docs say.
    url = base + "/example-from-docs.html"
    page.route(lambda address: address.startswith(url), lambda route: route.fulfill(status=200, content_type="text/html", body=example_page()))
    page.goto(url + "?server=" + base)

    def wait(until, what):
        return settle(page, until, f"docs/client.md's example to show {what} (errors: {errors})", state_of=EXAMPLE_STATE)

    wait(lambda s: s["drawn"] >= 5, "both controls to draw")
    x, y, _ = center(page, "#switch .controlsim-surface")
    page.mouse.move(x, y)
    page.mouse.down()
    page.clock.run_for(100)
    page.mouse.up()
    state = wait(lambda s: s["replayable"] and s["dot"] == "translateX(80px)" and any("switch on at" in l for l in s["log"]),
                 "the tap to show in the log and the bound dot")
    page.click("#replay")
    page.wait_for_selector("#replay-here .replay-thumb", timeout=WAIT * 1000)
    ended = page.evaluate("""() => {
      const animations = document.getAnimations().filter((a) => a.effect && a.effect.target.closest('#replay-here'));
      for (const a of animations) a.finish();
      return { count: animations.length, thumb: getComputedStyle(document.querySelector('#replay-here .replay-thumb')).transform };
    }""")
    if ended["count"] < 2 or ended["thumb"] != "matrix(1, 0, 0, 1, 22, 2)":
        raise Failure(f"docs/client.md's example: the replay should end with the thumb at 22, 2: {ended}")
    if errors or any(line.startswith("problem") for line in state["log"]):
        raise Failure(f"docs/client.md's example: errors {errors}, log {state['log']}")
    time.sleep(0.3)   # a real frame or two, so the picture shows the finished replay
    page.screenshot(path=screenshot, full_page=True)
    print(f"client-browser-test: docs/client.md's example runs: {state['log']}; the replay plays {ended['count']} animations")
    page.close()


DEFINITIONS_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>definitions</title>
<style>body { margin: 0; } .box { display: inline-block; vertical-align: top; margin: 16px; background: #f2f2f7; }</style>
</head><body></body></html>
"""

# Each docs/examples definition, attached at rest (the activity indicator started).
DEFINITIONS = [("likeButton", None), ("activityIndicator", {"type": "startAnimating"}),
               ("labelledSegmentedControl", None), ("swipeRow", None), ("clippedCard", None)]

DRAWN = """
async ({ name, definition, command }) => {
  const { ControlSim } = await import('/client.js');
  const sim = window.sim || (window.sim = new ControlSim());
  const box = document.createElement('div');
  box.className = 'box';
  box.id = name;
  box.style.width = '400px';
  box.style.height = '120px';
  document.body.append(box);
  const session = await sim.createSession({ definition });
  if (command) await session.send(command);
  session.attach(box);
  session.play();
  (window.defined || (window.defined = {}))[name] = session;
  return session.id;
}
"""

GEOMETRY = """
(name) => {
  const session = defined[name];
  const out = { t: session.latest && session.latest.t, layers: {} };
  for (const el of document.querySelectorAll(`#${name} [data-layer-id]`)) {
    const rect = el.getBoundingClientRect();
    const path = el.querySelector('path');
    const bbox = path && path.getAttribute('d') ? path.getBBox() : null;
    out.layers[el.dataset.layerId] = {
      rect: [rect.left, rect.top, rect.width, rect.height], offset: [el.offsetWidth, el.offsetHeight],
      transform: getComputedStyle(el).transform, bbox: bbox && [bbox.x, bbox.y, bbox.width, bbox.height],
    };
  }
  return out;
}
"""


def path_bounds(data):
    """The bounding box of SVG path data in absolute M, L, H, V, A and Z commands (what the
    examples use), arcs sampled every degree after SVG's endpoint-to-centre conversion."""
    import math
    import re
    tokens = re.findall(r"[MLHVAZmlhvaz]|-?[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?", data)
    points, x, y, i, command = [], 0.0, 0.0, 0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                continue
        if command not in "MLHVA":
            raise Failure(f"path_bounds reads absolute M, L, H, V, A, Z only: {data}")
        if command in "ML":
            x, y = float(tokens[i]), float(tokens[i + 1])
            i += 2
        elif command == "H":
            x = float(tokens[i]); i += 1
        elif command == "V":
            y = float(tokens[i]); i += 1
        else:
            rx, ry, phi, large, sweep, x2, y2 = (float(v) for v in tokens[i:i + 7])
            i += 7
            c, s = math.cos(math.radians(phi)), math.sin(math.radians(phi))
            dx, dy = (x - x2) / 2, (y - y2) / 2
            x1p, y1p = c * dx + s * dy, -s * dx + c * dy
            scale = max(1, math.sqrt(x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2))
            rx, ry = rx * scale, ry * scale
            num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
            k = math.sqrt(max(0, num) / (rx * rx * y1p * y1p + ry * ry * x1p * x1p))
            k = -k if large == sweep else k
            cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
            cx, cy = c * cxp - s * cyp + (x + x2) / 2, s * cxp + c * cyp + (y + y2) / 2
            a1 = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
            a2 = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
            delta = a2 - a1
            if sweep and delta < 0:
                delta += 2 * math.pi
            if not sweep and delta > 0:
                delta -= 2 * math.pi
            for j in range(361):
                a = a1 + delta * j / 360
                points.append((cx + rx * math.cos(a) * c - ry * math.sin(a) * s, cy + rx * math.cos(a) * s + ry * math.sin(a) * c))
            x, y = x2, y2
        points.append((x, y))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]


def to_superlayer(layer, p):
    """A point of `layer` (from its bounds' top left) in its superlayer's coordinates, as Core
    Animation composes a tree (docs/fidelity.md, "Layer trees"); written here apart from the
    server's Frame.point(_:inLayer:) and the client's CSS."""
    import math
    t = layer.get("transform", {})
    ax, ay = t.get("anchorX", 0.5) * layer["width"], t.get("anchorY", 0.5) * layer["height"]
    sx, sy = layer["scale"] * t.get("scaleX", 1), layer["scale"] * t.get("scaleY", 1)
    dx, dy = (p[0] - ax) * sx, (p[1] - ay) * sy
    c, s = math.cos(t.get("rotation", 0)), math.sin(t.get("rotation", 0))
    return (layer["x"] + ax + t.get("translationX", 0) + c * dx - s * dy,
            layer["y"] + ay + t.get("translationY", 0) + s * dx + c * dy)


def in_control(layers, layer_id, p):
    """A point of layer `layer_id` in the control's coordinates, up through its superlayers."""
    while layer_id is not None:
        layer = layers[layer_id]
        p = to_superlayer(layer, p)
        layer_id = layer.get("superlayer")
    return p


def check_tree(page, name, frame, seen, scale):
    """A layer tree drawn as the frame says: each sublayer's drawn box (the axis-aligned box of
    its turned rectangle) centred where its centre composes to and as wide and high as its
    rectangle turned by its own and its superlayers' rotations; its superlayer's group drawn as
    the superlayer, clipped (overflow hidden, the corner radius) while it masks to bounds; and,
    for a masked sublayer, a point of it inside the superlayer drawn as it, a point outside drawn
    as what lies under (the clip, hit-tested by the browser where it paints)."""
    import math
    layers = {layer["id"]: layer for layer in frame["layers"]}
    def page_point(layer_id, p):
        x, y = in_control(layers, layer_id, p)
        back = frame["layers"][0]
        return (seen["rect"][0] + (x - back["x"]) * scale, seen["rect"][1] + (y - back["y"]) * scale)
    checked = 0
    for layer in frame["layers"]:
        superlayer = layer.get("superlayer")
        if superlayer is None:
            continue
        box = page.evaluate("""([name, id]) => {
            const r = document.querySelector(`#${name} [data-layer-id="${id}"]`).getBoundingClientRect();
            return [r.left, r.top, r.width, r.height];
        }""", [name, layer["id"]])
        turn, at = 0.0, layer["id"]
        while at is not None:
            turn += layers[at].get("transform", {}).get("rotation", 0)
            at = layers[at].get("superlayer")
        cx, cy = page_point(layer["id"], (layer["width"] / 2, layer["height"] / 2))
        w, h = layer["width"] * scale, layer["height"] * scale
        want = [cx - (abs(w * math.cos(turn)) + abs(h * math.sin(turn))) / 2, cy - (abs(w * math.sin(turn)) + abs(h * math.cos(turn))) / 2,
                abs(w * math.cos(turn)) + abs(h * math.sin(turn)), abs(w * math.sin(turn)) + abs(h * math.cos(turn))]
        if any(abs(g - v) > 0.05 for g, v in zip(box, want)):
            raise Failure(f"{name} {layer['id']}: drawn box {box}, composed through its superlayers {want}")
        group = page.evaluate("""([name, id]) => {
            const g = document.querySelector(`#${name} [data-superlayer="${id}"]`);
            const own = document.querySelector(`#${name} [data-layer-id="${id}"]`).getBoundingClientRect();
            const r = g.getBoundingClientRect();
            const style = getComputedStyle(g);
            return { overflow: style.overflow, radius: style.borderTopLeftRadius, rect: [r.left, r.top, r.width, r.height],
                     own: [own.left, own.top, own.width, own.height] };
        }""", [name, superlayer])
        masks = layers[superlayer].get("masksToBounds") is True
        if any(abs(g - o) > 0.05 for g, o in zip(group["rect"], group["own"])):
            raise Failure(f"{name}: {superlayer}'s sublayers' group drawn at {group['rect']}, {superlayer} at {group['own']}")
        radius = f"{layers[superlayer]['cornerRadius']:g}px"
        if masks and (group["overflow"] != "hidden" or group["radius"] != radius):
            raise Failure(f"{name}: {superlayer} masks to bounds but its group clips with {group}")
        checked += 1
        if not masks:
            continue
        # Sample the sublayer's rectangle: where it lies inside its superlayer (with a margin for
        # the rounded corners) it is drawn; where outside, what lies under it is.
        parent = layers[superlayer]
        r = parent["cornerRadius"]
        inside = outside = 0
        for i in range(1, 12):
            for j in range(1, 8):
                p = (layer["width"] * i / 12, layer["height"] * j / 8)
                q = to_superlayer(layer, p)
                margin = r + 1
                within = margin <= q[0] <= parent["width"] - margin and margin <= q[1] <= parent["height"] - margin
                beyond = q[0] < -1 or q[1] < -1 or q[0] > parent["width"] + 1 or q[1] > parent["height"] + 1
                if not within and not beyond:
                    continue
                x, y = page_point(layer["id"], p)
                # The pixel there: a light grey (the page's #f2f2f7, the white card, the card's
                # raised shadow over either) where the sublayer is clipped away, the sublayer's
                # colours (none of them grey) where it is drawn.
                pixel = pixel_at(page, x, y)
                under = max(pixel) - min(pixel) <= 12 and min(pixel) >= 200
                if within and under:
                    raise Failure(f"{name} {layer['id']}: its point {p} inside {superlayer} is not drawn (pixel {pixel})")
                if beyond and not under:
                    raise Failure(f"{name} {layer['id']}: its point {p} outside {superlayer} is drawn, not clipped (pixel {pixel})")
                inside += within
                outside += beyond
        if inside == 0 or outside == 0:
            raise Failure(f"{name} {layer['id']}: sampled {inside} points inside and {outside} outside {superlayer}")
        checked += inside + outside
    return checked


def pixel_at(page, x, y):
    """The red, green and blue of the page's pixel at (x, y), from a 1×1 PNG screenshot (every
    PNG filter of a single pixel leaves its bytes as they are)."""
    import math
    import struct
    import zlib
    data = page.screenshot(clip={"x": math.floor(x), "y": math.floor(y), "width": 1, "height": 1})
    at, idat, colour_type = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            colour_type = body[9]
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    if colour_type not in (2, 6):
        raise Failure(f"pixel_at reads RGB or RGBA PNGs, got colour type {colour_type}")
    return tuple(raw[1:4])


def run_definitions(browser, base):
    """Attaches each docs/examples definition to a blank page through /client.js and compares
    what it drew with the frame over HTTP: every text box and rect layer's box (relative to the
    back-most layer, in its scale), a shape's path bounds (getBBox against the path data's own
    bounds), a transformed layer's rotation (its computed matrix)."""
    import math
    import urllib.request
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    page, errors = blank_page(browser, base + "/definitions-test-page.html", DEFINITIONS_PAGE, {"width": 900, "height": 900})
    checked = []
    for name, command in DEFINITIONS:
        with open(os.path.join(root, "docs", "examples", f"{name}.json"), encoding="utf-8") as f:
            definition = json.load(f)
        sid = page.evaluate(DRAWN, {"name": name, "definition": definition, "command": command})
        drawn = settle(page, lambda s: s["t"] is not None and s["layers"], f"{name} to draw",
                       state_of=f"() => ({GEOMETRY})('{name}')")
        with urllib.request.urlopen(f"{base}/v1/sessions/{sid}/frame?t={drawn['t']!r}", timeout=WAIT) as response:
            frame = json.loads(response.read())
        layers = {layer["id"]: layer for layer in frame["layers"]}
        if set(layers) != set(drawn["layers"]):
            raise Failure(f"{name}: drawn layers {sorted(drawn['layers'])}, frame's {sorted(layers)}")
        back = frame["layers"][0]
        seen = drawn["layers"][back["id"]]
        scale = seen["rect"][2] / back["width"]
        counts = {"box": 0, "path": 0, "rotation": 0}
        for layer_id, layer in layers.items():
            got = drawn["layers"][layer_id]
            if "transform" not in layer and "superlayer" not in layer and layer["scale"] == 1 and layer["kind"] in ("rect", "text"):
                want = [seen["rect"][0] + (layer["x"] - back["x"]) * scale, seen["rect"][1] + (layer["y"] - back["y"]) * scale,
                        max(0, layer["width"]) * scale, max(0, layer["height"]) * scale]
                # Chromium lays boxes out in 1/64 px.
                if any(abs(g - w) > scale / 64 + 1e-6 for g, w in zip(got["rect"], want)):
                    raise Failure(f"{name} {layer_id}: drawn box {got['rect']}, frame's {want}")
                counts["box"] += 1
            if layer["kind"] == "shape":
                want = path_bounds(layer["path"]["data"])
                if got["bbox"] is None or any(abs(g - w) > 0.01 for g, w in zip(got["bbox"], want)):
                    raise Failure(f"{name} {layer_id}: path bounds {got['bbox']}, the path data's {want}")
                counts["path"] += 1
            if "transform" in layer:
                a, b = [float(v) for v in got["transform"][7:-1].split(",")[:2]] if got["transform"] != "none" else (1, 0)
                turn = math.remainder(math.atan2(b, a) - layer["transform"]["rotation"], 2 * math.pi)
                if abs(turn) > 1e-5:
                    raise Failure(f"{name} {layer_id}: drawn rotation {math.atan2(b, a)}, frame's {layer['transform']['rotation']}")
                counts["rotation"] += 1
        if any("superlayer" in layer for layer in frame["layers"]):
            counts["clip"] = check_tree(page, name, frame, seen, scale)
        checked.append(f"{name} ({counts['box']} boxes, {counts['path']} paths, {counts['rotation']} rotations"
                       + (f", {counts['clip']} points of a layer tree" if "clip" in counts else "") + ")")
    if errors:
        raise Failure(f"the definitions page threw: {errors[0]}")
    print("client-browser-test: docs/examples drawn as their frames say: " + ", ".join(checked))
    page.close()


def _flatten(posts):
    """Posted bodies as single events, batches opened."""
    for body in posts:
        yield from body["events"] if "events" in body else [body]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("screenshot")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only-definitions", action="store_true", help="run the docs/examples checks alone")
    options = parser.parse_args()
    try:
        run(options.base.rstrip("/"), options.screenshot, options.chromium, options.timeout, options.only_definitions)
    except Failure as failure:
        print(f"client-browser-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print("client-browser-test: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
