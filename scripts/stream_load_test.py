#!/usr/bin/env python3
"""200 concurrent SSE streams for 10 s against a running server (issue 5).

Every stream must receive frames at the requested rate within 10 %, and plain requests made
meanwhile must still answer. Usage: stream_load_test.py BASE_URL [--streams N] [--seconds S] [--fps F]
"""
import argparse
import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse


def request(host, port, method, path, body=None):
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


class Stream(threading.Thread):
    def __init__(self, host, port, path, seconds):
        super().__init__(daemon=True)
        self.host, self.port, self.path, self.seconds = host, port, path, seconds
        self.frames = 0
        self.error = None
        self.started = None
        self.elapsed = None

    def run(self):
        try:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
            conn.request("GET", self.path, headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
            if response.status != 200:
                self.error = f"status {response.status}"
                return
            self.started = time.monotonic()
            deadline = self.started + self.seconds
            while time.monotonic() < deadline:
                line = response.fp.readline()
                if not line:
                    self.error = "stream ended early"
                    return
                if line == b"event: frame\n":
                    self.frames += 1
            self.elapsed = time.monotonic() - self.started
            conn.close()
        except Exception as e:          # noqa: BLE001 - reported as the stream's failure
            self.error = repr(e)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--fps", type=float, default=60)
    parser.add_argument("--sessions", type=int, default=20)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.base)
    host, port = url.hostname, url.port
    controls = ["switch", "card", "button", "progressButton"]
    ids = []
    for n in range(args.sessions):
        status, body = request(host, port, "POST", "/v1/sessions", {"control": controls[n % 4], "clock": "wall"})
        assert status == 201, f"create answered {status}"
        ids.append(json.loads(body)["id"])
    streams = [Stream(host, port, f"/v1/sessions/{ids[i % len(ids)]}/stream?fps={args.fps:g}", args.seconds)
               for i in range(args.streams)]
    for s in streams:
        s.start()
    # Plain requests meanwhile: one frame and one event every 50 ms, timed.
    latencies, failures = [], 0
    t_end = time.monotonic() + args.seconds
    k = 0
    while time.monotonic() < t_end:
        sid = ids[k % len(ids)]
        started = time.monotonic()
        status, _ = request(host, port, "GET", f"/v1/sessions/{sid}/frame")
        latencies.append(time.monotonic() - started)
        failures += status != 200
        status, _ = request(host, port, "POST", f"/v1/sessions/{sid}/events", {"type": "tap", "x": 10, "y": 10})
        failures += status != 200
        k += 1
        time.sleep(0.05)
    for s in streams:
        s.join(timeout=args.seconds + 10)
    expected = args.fps * args.seconds
    rates = [s.frames / args.seconds for s in streams]
    broken = [s for s in streams if s.error]
    off = [s for s in streams if not s.error and abs(s.frames - expected) > 0.1 * expected]
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(f"stream-load: {args.streams} streams × {args.seconds:g} s at {args.fps:g} fps over {args.sessions} wall-clock sessions: "
          f"frames per stream min {min(s.frames for s in streams)}, median {statistics.median(s.frames for s in streams):.0f}, "
          f"max {max(s.frames for s in streams)} (expected {expected:.0f}); rate {min(rates):.1f}–{max(rates):.1f} fps")
    print(f"stream-load: {len(latencies)} plain GET frame meanwhile: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1]*1000:.1f} ms; "
          f"{failures} non-200 (GETs and POSTs)")
    if broken:
        print(f"stream-load: FAILED: {len(broken)} streams broke, e.g. {broken[0].error}")
        sys.exit(1)
    if off:
        print(f"stream-load: FAILED: {len(off)} streams outside ±10 % of {expected:.0f} frames, e.g. {off[0].frames}")
        sys.exit(1)
    if failures or latencies[-1] > 1.0:
        print("stream-load: FAILED: plain requests did not all answer promptly")
        sys.exit(1)
    print("stream-load: PASSED")


if __name__ == "__main__":
    main()
