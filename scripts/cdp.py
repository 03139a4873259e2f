"""A headless Chromium driven over the DevTools protocol, standard library only.

Chromium is started with --remote-debugging-pipe, so the protocol runs over file descriptors 3
and 4 as NUL-terminated JSON messages (no WebSocket, no packages). One flat session to one page.
Shared by the browser tests: browser_test.py (the playground), client_browser_test.py (the
client module on a blank page), export_browser_test.py (CSS and WAAPI exports played).
"""
import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
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

    def send(self, method, params=None, session=True, timeout=60):
        # The timeout only bounds a hung browser: a loaded machine takes seconds over a screenshot.
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
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise Failure(f"page script failed: {text} in {expression[:80]}")
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

    def open_page(self, viewport=VIEWPORT):
        """Attaches to the browser's page (making one if there is none) with the given viewport."""
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        if page is None:
            page = {"targetId": self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]}
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.send("Runtime.enable")
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", {
            "width": viewport[0], "height": viewport[1], "deviceScaleFactor": 1, "mobile": False})

    def navigate(self, url, timeout=60):
        self.send("Page.navigate", {"url": url})
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'", timeout,
                      f"{url} to load")

    def thrown(self):
        """The first exception the page threw, as text, or None."""
        self.drain()
        for event in self.events:
            if event["method"] == "Runtime.exceptionThrown":
                details = event["params"]["exceptionDetails"]
                return details.get("exception", {}).get("description") or details.get("text")
        return None

    def screenshot(self, path, width=VIEWPORT[0], max_height=4000):
        """The whole page (up to max_height CSS pixels) as a PNG at path; its height."""
        metrics = self.send("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        height = min(int(size["height"] + 0.5), max_height)
        shot = self.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        return height
