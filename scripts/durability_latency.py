#!/usr/bin/env python3
"""Create and delete latency under concurrent event load, against a journalling release server.

`--posters` keep-alive clients post small event batches to their own sessions as fast as the
server answers, `--readers` keep-alive clients read one frame of their own session at
`--read-rate` a second each; meanwhile one keep-alive client creates a session and deletes it
again, over and over, timing each answer. After a warm-up, figures are taken for `--seconds`:
create, delete, event-batch and frame-read latency (p50, p99) and rates, and the mean
fdatasync time. A read never waits for the journal, so its latency shows whether the server's
threads do. Every answer must be the expected status.

With several binaries (say, before and after a change) they are run in turn, round after
round, and the medians over the rounds are printed for each: a fair comparison on a machine
whose load varies.

Usage: durability_latency.py SERVER_BINARY... [--rounds R] [--seconds S] [--posters N] [--readers N]
                             [--read-rate R] [--threads T] [--fsync P]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import server_process


def start(binary, data_dir, log_path, threads, fsync):
    args = [binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir, "--threads", str(threads),
            "--fsync", fsync]
    try:
        return server_process.start(args, log_path, timeout=20)
    except server_process.StartFailed as error:
        sys.exit(f"durability-latency: the server {error}")


requests = [0]          # answers received, across every client (for the server's CPU time per request)


class Client:
    """One keep-alive connection."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data is not None else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        requests[0] += 1
        return response.status, response.read()

    def timed(self, method, path, body, expected):
        started = time.perf_counter()
        status, payload = self.call(method, path, body)
        took = time.perf_counter() - started
        if status != expected:
            raise RuntimeError(f"{method} {path} answered {status}: {payload[:200]!r}")
        return took, payload


class Poster(threading.Thread):
    def __init__(self, port, measuring, stop):
        super().__init__(daemon=True)
        self.port, self.measuring, self.stop = port, measuring, stop
        self.latencies = []
        self.error = None

    def run(self):
        try:
            client = Client(self.port)
            _, body = client.timed("POST", "/v1/sessions", {"control": "switch"}, 201)
            sid = json.loads(body)["id"]
            t = 0.0
            while not self.stop.is_set():
                batch = {"events": [{"type": "touchDown", "t": round(t, 3), "x": 25, "y": 15},
                                    {"type": "touchUp", "t": round(t + 0.05, 3), "x": 25, "y": 15}]}
                took, _ = client.timed("POST", f"/v1/sessions/{sid}/events", batch, 200)
                if self.measuring.is_set():
                    self.latencies.append(took)
                t += 0.1
        except Exception as error:  # reported by main
            self.error = error


class Reader(threading.Thread):
    """Reads at a fixed rate, so both servers compared are offered the same load."""

    def __init__(self, port, measuring, stop, rate):
        super().__init__(daemon=True)
        self.port, self.measuring, self.stop, self.interval = port, measuring, stop, 1.0 / rate
        self.latencies = []
        self.error = None

    def run(self):
        try:
            client = Client(self.port)
            _, body = client.timed("POST", "/v1/sessions", {"control": "switch"}, 201)
            sid = json.loads(body)["id"]
            client.timed("POST", f"/v1/sessions/{sid}/events", {"type": "tap", "t": 0, "x": 25, "y": 15}, 200)
            next_read = time.perf_counter()
            while not self.stop.is_set():
                took, _ = client.timed("GET", f"/v1/sessions/{sid}/frame?t=0.12", None, 200)
                if self.measuring.is_set():
                    self.latencies.append(took)
                next_read += self.interval
                time.sleep(max(0.0, next_read - time.perf_counter()))
        except Exception as error:  # reported by main
            self.error = error


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def measure(binary, args):
    """One run against a fresh server and data directory: latencies by kind, and journal figures."""
    requests[0] = 0
    work = tempfile.mkdtemp(prefix="durability-latency-")
    proc, port = start(binary, os.path.join(work, "data"), os.path.join(work, "server.log"), args.threads, args.fsync)
    stop, measuring = threading.Event(), threading.Event()
    posters = [Poster(port, measuring, stop) for _ in range(args.posters)]
    readers = [Reader(port, measuring, stop, args.read_rate) for _ in range(args.readers)]
    try:
        for p in posters + readers:
            p.start()
        client = Client(port)
        creates, deletes = [], []
        deadline_warm = time.time() + args.warmup
        deadline = deadline_warm + args.seconds
        while time.time() < deadline:
            if time.time() >= deadline_warm and not measuring.is_set():
                measuring.set()
            if args.no_creates:
                time.sleep(0.05)
                continue
            took_create, body = client.timed("POST", "/v1/sessions", {"control": "button"}, 201)
            sid = json.loads(body)["id"]
            took_delete, _ = client.timed("DELETE", f"/v1/sessions/{sid}", None, 204)
            if measuring.is_set():
                creates.append(took_create)
                deletes.append(took_delete)
        stop.set()
        for p in posters + readers:
            p.join(timeout=30)
        errors = [p.error for p in posters + readers if p.error]
        if errors:
            sys.exit(f"durability-latency: a client failed: {errors[0]}")
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        _, metrics = client.call("GET", "/metrics")
        values = dict(re.findall(r"^(controlsim_journal_(?:fsync_seconds_sum|fsync_seconds_count)) (\S+)$",
                                 metrics.decode(), re.M))
        syncs = float(values.get("controlsim_journal_fsync_seconds_count", 0))
        return {
            "create": creates, "delete": deletes,
            "events": [x for p in posters for x in p.latencies],
            "reads": [x for r in readers for x in r.latencies],
            "fsync_ms": float(values.get("controlsim_journal_fsync_seconds_sum", 0)) / syncs * 1000 if syncs else float("nan"),
            "cpu_us": cpu * 1e6 / max(1, requests[0]),
        }
    finally:
        stop.set()
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+", help="one server, or several to compare (run in turn, round after round)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--warmup", type=float, default=1)
    parser.add_argument("--posters", type=int, default=16)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--read-rate", type=float, default=100, help="reads per second per reader")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fsync", default="always")
    parser.add_argument("--no-creates", action="store_true", help="leave the create/delete client out: the load alone")
    args = parser.parse_args()
    runs = {binary: [] for binary in args.binaries}
    for round_number in range(args.rounds):
        for binary in args.binaries:
            runs[binary].append(measure(binary, args))
        print(f"durability-latency: round {round_number + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"durability-latency: {args.posters} posters, {args.readers} readers at {args.read_rate:g}/s, "
          f"{args.threads} server threads, --fsync {args.fsync}; medians over {args.rounds} rounds of {args.seconds:g} s")
    for binary, results in runs.items():
        print(binary)
        for kind in ("create", "delete", "events", "reads"):
            p50 = statistics.median(quantile(r[kind], 0.50) for r in results)
            p99 = statistics.median(quantile(r[kind], 0.99) for r in results)
            rate = statistics.median(len(r[kind]) / args.seconds for r in results)
            print(f"  {kind:7} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {rate:7.0f}/s")
        print(f"  fdatasync mean {statistics.median(r['fsync_ms'] for r in results):.2f} ms, "
              f"server CPU {statistics.median(r['cpu_us'] for r in results):.0f} µs per request")


if __name__ == "__main__":
    main()
