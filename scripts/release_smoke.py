#!/usr/bin/env python3
"""Every built-in control driven once against a running server (the release build in CI).

For each control `GET /v1/controls` lists: a session, a tap at the middle of its first layer, a
long drag up and a short drag right from there, each command it lists with members made from its
parameters, then the frames of 0-4 s at 60 fps twice (byte-identical), a frame in the middle of a
drag and the session itself. Each control's line ends with the window's digest, so two builds'
answers can be compared (scripts/release-smoke.sh compares the release build's with the debug
build's: the optimiser must not change a byte). A refused event (4xx) is fine; a 5xx, a dropped connection or two
different answers to the same window fail the run. It exists because a fault that showed only in
the optimised build once got past the debug-build tests: run it against the release server, and
under valgrind (scripts/release-smoke.sh --valgrind) it also sees reads of freed memory that do
not crash.

usage: release_smoke.py BASE_URL
"""
import hashlib
import http.client
import json
import sys
import urllib.parse


class Client:
    def __init__(self, base):
        url = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=120)

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {} if data is None else {"Content-Type": "application/json"}
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        if response.status >= 500:
            raise SystemExit(f"{method} {path} -> {response.status}: {payload[:300]!r}")
        return response.status, payload


def member_value(spec):
    kind = spec.get("type")
    if kind == "bool":
        return True
    if kind == "enum":
        return spec["cases"][-1]
    if kind == "number":
        if "range" in spec:
            low, high = spec["range"]
            return (low + high) / 2
        if "default" in spec:
            return spec["default"]
        value = 1.0
        if "maximum" in spec:
            value = min(value, spec["maximum"])
        if "minimum" in spec:
            value = max(value, spec["minimum"])
        return value
    return spec.get("default")


def middle_of_first_layer(frame):
    layers = frame.get("layers") or []
    for layer in layers:
        rect = layer.get("frame")
        if rect:
            return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2
    return 20.0, 20.0


def drive(client, control):
    name = control["name"]
    status, body = client.request("POST", "/v1/sessions", {"control": name})
    if status != 201:
        raise SystemExit(f"creating a {name}: {status} {body[:300]!r}")
    session = json.loads(body)["id"]
    path = f"/v1/sessions/{session}"
    _, body = client.request("GET", f"{path}/frame?t=0")
    x, y = middle_of_first_layer(json.loads(body))
    events = [
        {"type": "tap", "t": 0.1, "x": x, "y": y},
        {"type": "drag", "t": 0.5, "from": {"x": x, "y": y}, "to": {"x": x, "y": y - 200}, "duration": 0.15},
        {"type": "drag", "t": 0.9, "from": {"x": x, "y": y}, "to": {"x": x + 60, "y": y}, "duration": 0.2},
    ]
    t = 1.3
    for command, spec in sorted((control.get("commands") or {}).items()):
        event = {"type": command, "t": round(t, 2)}
        for member, member_spec in (spec.get("parameters") or {}).items():
            event[member] = member_value(member_spec)
        events.append(event)
        t += 0.2
    statuses = []
    for event in events:
        status, _ = client.request("POST", f"{path}/events", event)
        statuses.append(status)
    window = f"{path}/frames?from=0&to=4&fps=60"
    _, first = client.request("GET", window)
    _, second = client.request("GET", window)
    if first != second:
        raise SystemExit(f"{name}: the same window answered two different bodies")
    client.request("GET", f"{path}/frame?t=0.55")
    client.request("GET", path)
    digest = hashlib.sha256(first).hexdigest()[:16]
    print(f"{name}: {len(events)} events ({', '.join(map(str, statuses))}), window {len(first)} bytes sha256 {digest}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    client = Client(sys.argv[1])
    status, body = client.request("GET", "/v1/controls")
    controls = [c for c in json.loads(body)["controls"] if c.get("builtIn")]
    if not controls:
        raise SystemExit("no built-in controls listed")
    for control in controls:
        drive(client, control)
    print(f"release smoke: {len(controls)} controls driven")


if __name__ == "__main__":
    main()
