#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol against the playground at BASE_URL.

Standard library only: Chromium is started with --remote-debugging-pipe, so the protocol runs
over file descriptors 3 and 4 as NUL-terminated JSON messages (no WebSocket, no packages).

It loads `/?transport=polling` and then `/` (stream when the server has one), waits for the four
controls to render, taps the switch and drags the card's handle upwards with synthesised mouse
input (Input.dispatchMouseEvent, which the page receives as pointer events), then checks the DOM:
the switch is on and its thumb moved right, the card is expanded at cardY 244. Last it clicks the
progress button's `start` and saves a screenshot. Every wait is bounded; any failure exits 1.

Usage: browser_test.py BASE_URL SCREENSHOT.png [--chromium PATH] [--timeout SECONDS]
"""
import argparse
import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

VIEWPORT = (1440, 900)


class Failure(Exception):
    pass


class Browser:
    """One headless Chromium and a flat-session CDP client over its debugging pipe."""

    def __init__(self, executable, deadline):
        self.deadline = deadline
        self.profile = tempfile.mkdtemp(prefix="controlsim-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        args = [
            executable,
            "--headless=new",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--mute-audio",
            "--force-color-profile=srgb",
            f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
            "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")   # Chromium refuses to run its sandbox as root

        def pipes():
            # The child reads commands on fd 3 and writes replies on fd 4 (moved out of the way
            # first, in case either pipe already sits on 3 or 4). dup2 leaves them inheritable.
            read_end = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            write_end = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
                                        preexec_fn=pipes, close_fds=False, start_new_session=True)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(timeout=5)
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def chromium_log(self):
        try:
            with open(os.path.join(self.profile, "chromium.log"), "rb") as f:
                return f.read()[-2000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def _read_message(self, until):
        """The next message from the browser, or None when `until` passes first."""
        while b"\0" not in self.buffer:
            remaining = min(until, self.deadline) - time.monotonic()
            if remaining <= 0:
                if time.monotonic() >= self.deadline:
                    raise Failure("timed out talking to Chromium")
                return None
            ready, _, _ = select.select([self.from_child], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise Failure("Chromium closed its debugging pipe (it exited):\n" + self.chromium_log())
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, session=True, timeout=15):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self.to_child, data)
            data = data[written:]
        until = time.monotonic() + timeout
        while True:
            reply = self._read_message(until)
            if reply is None:
                raise Failure(f"no answer to {method} within {timeout} s")
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise Failure(f"{method} failed: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def drain(self):
        """Collects events that arrived without waiting."""
        while True:
            message = self._read_message(time.monotonic())
            if message is None:
                return
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise Failure(f"page script failed: {result['exceptionDetails'].get('text')} in {expression[:80]}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression, timeout, what):
        """Polls `expression` until it is truthy; its last value on failure."""
        until = time.monotonic() + timeout
        value = None
        while time.monotonic() < until:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise Failure(f"timed out after {timeout} s waiting for {what}; last saw {value!r}")

    def mouse(self, kind, x, y, buttons):
        self.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none",
            "buttons": buttons, "clickCount": 1 if kind != "mouseMoved" else 0, "pointerType": "mouse",
        })


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
  const left = (control, id) => {
    const node = document.querySelector(`[data-control="${control}"] [data-layer-id="${id}"]`);
    return node ? parseFloat(node.style.left) : undefined;
  };
  const top = (control, id) => {
    const node = document.querySelector(`[data-control="${control}"] [data-layer-id="${id}"]`);
    return node ? parseFloat(node.style.top) : undefined;
  };
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
    browser.send("Page.navigate", {"url": url})
    browser.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'", 15,
                     f"{url} to load")
    browser.wait_for(PANELS_READY, 15, "the four controls to render their first frames")
    before = browser.evaluate(STATE)
    print(f"browser-test: {url} rendered after {time.monotonic() - started:.1f} s; {', '.join(before['transports'])}")
    if before["switchOn"] is not False:
        raise Failure(f"the switch should start off, saw isOn {before['switchOn']!r}")
    if before["cardState"] != "collapsed":
        raise Failure(f"the card should start collapsed, saw {before['cardState']!r}")

    # Tap the switch: press and release at its centre.
    switch = browser.evaluate(CENTER_OF % json.dumps('[data-control="switch"] .surface'))
    browser.mouse("mouseMoved", switch["x"], switch["y"], 0)
    browser.mouse("mousePressed", switch["x"], switch["y"], 1)
    time.sleep(0.08)
    browser.mouse("mouseReleased", switch["x"], switch["y"], 0)

    # Drag the card by its handle (the grabber sits in it) upwards: 60 Hz moves for 0.3 s.
    grabber = browser.evaluate(CENTER_OF % json.dumps('[data-control="card"] [data-layer-id="grabber"]'))
    surface = browser.evaluate(CENTER_OF % json.dumps('[data-control="card"] .surface'))
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
    browser.drain()
    exceptions = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown"]
    if exceptions:
        details = exceptions[0]["params"]["exceptionDetails"]
        raise Failure(f"the page threw: {details.get('exception', {}).get('description') or details.get('text')}")
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


def run(base, screenshot, executable, timeout):
    started = time.monotonic()
    browser = Browser(executable, started + timeout)
    try:
        targets = browser.send("Target.getTargets", session=False)["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        if page is None:
            page = {"targetId": browser.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]}
        browser.session = browser.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                       session=False)["sessionId"]
        browser.send("Runtime.enable")
        browser.send("Page.enable")
        browser.send("Emulation.setDeviceMetricsOverride", {
            "width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": False})
        root = base.rstrip("/") + "/"

        # Polling first (as on a server without /stream), then the page as it chooses by itself.
        polled = exercise(browser, root + "?transport=polling", started)
        if any(not t.endswith("=polling") for t in polled["transports"]):
            raise Failure(f"?transport=polling should poll every control: {polled['transports']}")
        exercise(browser, root, started)

        # Start the progress button's countdown with a click on its command, for the picture too.
        start = browser.evaluate(CENTER_OF % json.dumps('[data-control="progressButton"] [data-command="start"]'))
        browser.mouse("mouseMoved", start["x"], start["y"], 0)
        browser.mouse("mousePressed", start["x"], start["y"], 1)
        browser.mouse("mouseReleased", start["x"], start["y"], 0)
        ring = browser.wait_for("""(() => {
            const p = document.querySelector('[data-control="progressButton"]');
            const path = p.querySelector('[data-layer-id="ring"] path');
            const end = p.querySelector('[data-prop="strokeEnd"]');
            return path && path.getAttribute('d') && end && JSON.parse(end.dataset.value) > 0.4
                ? JSON.parse(end.dataset.value) : null;
        })()""", 5, "the progress ring to draw after start")
        print(f"browser-test: progress ring drawn (strokeEnd {ring:.2f})")

        # Screenshot of the whole page, after the log's highlight has faded.
        browser.evaluate("document.activeElement && document.activeElement.blur()")
        metrics = browser.send("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        height = min(int(size["height"] + 0.5), 4000)
        shot = browser.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": VIEWPORT[0], "height": height, "scale": 1}})
        os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
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
