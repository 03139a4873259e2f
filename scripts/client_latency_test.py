#!/usr/bin/env python3
"""The client module's latency, in headless Chromium driven by Playwright (PyPI) on the real
clock: pointer input to the first changed pixel, and emitted callbacks against their times.

A blank page at the server's origin imports /client.js and attaches a switch, a card and a
scroll view, played on the default path (`play()`: a virtual session draws from the frames each
events answer carries and fetches ahead). Then, waiting for each control to come to rest first:
TAPS taps on the switch and on the card's handle, and DRAGS drags on the card and flicks on the
scroll view. The page records, from capturing listeners and a MutationObserver on each control,
when each pointer event was handled and when the control's layers first changed after it, the
animation frames' times, every POST …/events' fetch time (Resource Timing), and for every emitted
callback how late it reached the page against `origin + t` on the session clock.

Prints, and compares with the targets (a missed target fails the run only with LATENCY_STRICT=1:
the figures are wall-clock times, and CI machines are shared):
  input → first pixel: from the pointer event whose answer changed the layers to the next
    animation frame after the change (the paint that shows it); target: median ≤ one frame
    interval + the median fetch time, both measured in this run;
  callback delay of the emissions no event caused (completions, decelerations): target ≤ 17 ms
    at the 95th percentile; and of those an event caused (bounded by the fetch), reported.

Usage: client_latency_test.py BASE_URL [--chromium PATH] [--taps N] [--drags N] [--timeout S] [--clock wall]
  --clock wall measures wall-clock sessions, streamed, for comparison.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import time

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("client-latency-test: needs Playwright's Python package (pip install playwright)", file=sys.stderr)
    sys.exit(1)


class Failure(Exception):
    pass


# How long a wait for a control to come to rest or draw may take before the test fails: a bound on
# a hang, not a target (a flick decelerates for ~4 s; the figures are reported, not waited on).
WAIT = 60


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>latency</title>
<style>body { margin: 0; } .box { display: inline-block; vertical-align: top; margin: 8px; background: #f2f2f7; }
#switch { width: 102px; height: 62px; } #card, #scroll { width: 195px; height: 422px; }</style>
</head><body><div class="box" id="switch"></div><div class="box" id="card"></div><div class="box" id="scroll"></div></body></html>
"""

SETUP = """
async (clock) => {
  const { ControlSim } = await import('/client.js');
  // A fetch that records the times of the events the page posts, as posted.
  const recording = (url, init) => {
    if (init && init.method === 'POST' && String(url).includes('/events')) {
      const body = JSON.parse(init.body);
      const id = Object.keys(sessions).find((k) => String(url).includes(sessions[k].id));
      for (const e of body.events || [body]) record.posted.push({ id, t: e.t });
    }
    return fetch(url, init);
  };
  const sim = new ControlSim({ fetch: recording });
  window.record = { inputs: [], changes: [], frames: [], emissions: [], posted: [] };
  const sessions = {};
  for (const [id, control] of [['switch', 'switch'], ['card', 'card'], ['scroll', 'scrollView']]) {
    const session = await sim.createSession({ control, clock });
    const element = document.getElementById(id);
    session.attach(element);
    session.play();
    sessions[id] = session;
    for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
      element.addEventListener(type, (e) => record.inputs.push({ id, type, at: performance.now() }), { capture: true });
    }
    new MutationObserver(() => record.changes.push({ id, at: performance.now() }))
      .observe(element, { subtree: true, attributes: true, attributeFilter: ['style'] });
    session.on('*', (e) => record.emissions.push({ id, name: e.name, t: e.t, late: performance.now() - (session.origin + e.t * 1000) }));
  }
  window.sessions = sessions;
  // When each animation frame's callbacks run: a change made before them is painted in that frame.
  const tick = () => { record.frames.push(performance.now()); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  return Object.fromEntries(Object.entries(sessions).map(([k, s]) => [k, s.transport]));
}
"""

AT_REST = """
(id) => {
  const s = sessions[id];
  const last = record.changes.filter((c) => c.id === id).pop();
  return s.settledAt !== null && s.now() >= s.settledAt + 0.05 && !s.posting && (!last || performance.now() - last.at > 150);
}
"""


def wait_rest(page, control, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(AT_REST, control):
            return
        time.sleep(0.05)
    raise Failure(f"the {control} did not come to rest within {timeout} s")


def layer_center(page, control, layer):
    box = page.locator(f'#{control} [data-layer-id="{layer}"]').bounding_box()
    if box is None:
        raise Failure(f"#{control} has no layer {layer}")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page, x, y):
    page.mouse.move(x, y)
    page.mouse.down()
    time.sleep(0.08)
    page.mouse.up()


def drag(page, x, y, dy, steps=12):
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, steps + 1):
        time.sleep(0.016)
        page.mouse.move(x, y + dy * i / steps)
    page.mouse.up()


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def analyse(record, gestures):
    """Per gesture (control, start, end in page ms): the first layer change after its first
    pointer event, the pointer event just before that change, and the next animation frame."""
    frames = record["frames"]
    latencies, to_dom = [], []
    for control, start, end in gestures:
        inputs = [i for i in record["inputs"] if i["id"] == control and start <= i["at"] <= end + 1]
        changes = [c for c in record["changes"] if c["id"] == control and c["at"] >= start]
        if not inputs or not changes:
            continue
        change = changes[0]["at"]
        cause = max(i["at"] for i in inputs if i["at"] <= change) if any(i["at"] <= change for i in inputs) else None
        if cause is None:
            continue
        painted = next((f for f in frames if f >= change), None)
        if painted is None:
            continue
        to_dom.append(change - cause)
        latencies.append(painted - cause)
        if os.environ.get("LATENCY_DEBUG"):
            print(control, round(change - cause, 1), round(painted - cause, 1), [i["type"] for i in inputs if i["at"] <= change][-1])
    return latencies, to_dom


def run(base, executable, taps, drags, timeout, clock):
    started = time.monotonic()
    with sync_playwright() as playwright:
        args = ["--no-sandbox"] if os.geteuid() == 0 else []
        browser = playwright.chromium.launch(executable_path=executable, args=args, timeout=timeout * 1000)
        try:
            page = browser.new_page(viewport={"width": 720, "height": 480})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            url = base + "/latency-test-page.html"
            page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE))
            page.goto(url)
            transports = page.evaluate(SETUP, clock)
            if clock == "virtual" and set(transports.values()) != {"polling"}:
                raise Failure(f"virtual sessions should draw from fetched frames ('polling'): {transports}")
            if clock == "wall":
                page.wait_for_function("Object.values(sessions).every((s) => s.transport === 'stream')", timeout=WAIT * 1000)
            page.wait_for_selector('#card [data-layer-id="grabber"]', timeout=WAIT * 1000)
            page.wait_for_selector('#switch [data-layer-id="thumb"]', timeout=WAIT * 1000)
            gestures = []

            def gesture(control, action):
                wait_rest(page, control)
                start = page.evaluate("performance.now()")
                action()
                end = page.evaluate("performance.now()")
                gestures.append((control, start, end))

            x, y = page.locator("#switch .controlsim-surface").bounding_box()["x"] + 50, \
                page.locator("#switch .controlsim-surface").bounding_box()["y"] + 30
            for _ in range(taps):
                gesture("switch", lambda: tap(page, x, y))
            # The handle is found once the card is at rest (gesture() waits for it).
            def tap_handle():
                gx, gy = layer_center(page, "card", "grabber")
                tap(page, gx, gy + 4)

            def drag_handle():
                gx, gy = layer_center(page, "card", "grabber")
                expanded = page.evaluate("sessions.card.state.state") == "expanded"
                drag(page, gx, gy + 4, 160 if expanded else -160)

            for _ in range(taps):
                gesture("card", tap_handle)
            for _ in range(drags):
                gesture("card", drag_handle)
            box = page.locator("#scroll .controlsim-surface").bounding_box()
            for i in range(drags):
                down = i % 2 == 1
                gesture("scroll", lambda: drag(page, box["x"] + box["width"] / 2, box["y"] + box["height"] * (0.3 if down else 0.7),
                                               box["height"] * (0.3 if down else -0.3), steps=8))
            for control in ("switch", "card", "scroll"):
                wait_rest(page, control)
            time.sleep(0.2)
            record = page.evaluate("record")
            fetches = page.evaluate("""() => performance.getEntriesByType('resource')
                .filter((e) => e.name.includes('/events')).map((e) => e.responseEnd - e.startTime)""")
            if errors:
                raise Failure(f"the page threw: {errors[0]}")
        finally:
            browser.close()

    latencies, to_dom = analyse(record, gestures)
    frames = record["frames"]
    intervals = [b - a for a, b in zip(frames, frames[1:])]
    frame = statistics.median(intervals)
    fetch = statistics.median(fetches)
    posted = {(p["id"], round(p["t"], 6)) for p in record["posted"]}
    caused = [e["late"] for e in record["emissions"] if (e["id"], round(e["t"], 6)) in posted]
    uncaused = [e["late"] for e in record["emissions"] if (e["id"], round(e["t"], 6)) not in posted]
    names = sorted({e["name"] for e in record["emissions"] if (e["id"], round(e["t"], 6)) not in posted})
    print(f"client-latency-test: {clock} sessions, {'streamed' if clock == 'wall' else 'the default path'}")
    print(f"client-latency-test: {len(gestures)} gestures ({taps} taps each on the switch and the card, {drags} drags each on "
          f"the card and the scroll view); {len(latencies)} changed the layers")
    print(f"client-latency-test: animation frame interval median {frame:.1f} ms; POST …/events fetch median {fetch:.1f} ms, "
          f"p95 {percentile(fetches, 0.95):.1f} ms over {len(fetches)}")
    print(f"client-latency-test: input → layers changed: median {statistics.median(to_dom):.1f} ms, p95 {percentile(to_dom, 0.95):.1f} ms")
    print(f"client-latency-test: input → first pixel (next animation frame): median {statistics.median(latencies):.1f} ms, "
          f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms; target median ≤ {frame + fetch:.1f} ms")
    print(f"client-latency-test: callbacks no event caused ({len(uncaused)}: {', '.join(names)}): delay median "
          f"{statistics.median(uncaused):.1f} ms, p95 {percentile(uncaused, 0.95):.1f} ms, max {max(uncaused):.1f} ms; target ≤ 17 ms")
    print(f"client-latency-test: callbacks an event caused ({len(caused)}): delay median {statistics.median(caused):.1f} ms, "
          f"p95 {percentile(caused, 0.95):.1f} ms (bounded by the fetch)")
    late = sorted(((e["late"], e["name"], e["t"]) for e in record["emissions"] if (e["id"], round(e["t"], 6)) not in posted), reverse=True)
    print(f"client-latency-test: the latest callbacks no event caused: {[(round(l, 1), n, t) for l, n, t in late[:4]]}")
    print(f"client-latency-test: {time.monotonic() - started:.1f} s")
    if len(latencies) < taps + drags:
        raise Failure(f"only {len(latencies)} gestures changed the layers")
    if not uncaused:
        raise Failure("no callback that no event caused reached the page (completions, decelerations)")
    # The targets are timings on a shared machine: they fail the run only when asked (LATENCY_STRICT=1).
    verdicts = [("first pixel: median ≤ one frame + the fetch", statistics.median(latencies) <= frame + fetch),
                ("callbacks no event caused: p95 ≤ 17 ms", percentile(uncaused, 0.95) <= 17)]
    for what, met in verdicts:
        print(f"client-latency-test: target {what}: {'met' if met else 'MISSED'}")
    if os.environ.get("LATENCY_STRICT") == "1" and not all(met for _, met in verdicts):
        raise Failure("a latency target was missed (LATENCY_STRICT=1)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--drags", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--clock", choices=["virtual", "wall"], default="virtual",
                        help="wall: wall-clock sessions, streamed (the comparison the docs give)")
    options = parser.parse_args()
    try:
        run(options.base.rstrip("/"), options.chromium, options.taps, options.drags, options.timeout, options.clock)
    except Failure as failure:
        print(f"client-latency-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print("client-latency-test: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
