#!/usr/bin/env python3
"""Create and delete latency under concurrent event load, against a journalling release server.

`--posters` keep-alive clients post small event batches to their own sessions as fast as the
server answers; meanwhile one keep-alive client creates a session and deletes it again, over
and over, timing each answer. After a warm-up, figures are taken for `--seconds`: create and
delete latency (p50, p90, p99, max), event-batch latency (the same), and batches answered per
second. Every answer must be the expected status.

Usage: durability_latency.py SERVER_BINARY [--seconds S] [--posters N] [--threads T] [--fsync P]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def start(binary, data_dir, log_path, threads, fsync):
    log = open(log_path, "ab")
    args = [binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir, "--threads", str(threads),
            "--fsync", fsync]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.time() + 20
    while time.time() < deadline:
        with open(log_path, "rb") as f:
            ports = re.findall(r"msg=listening .*port=(\d+)", f.read().decode(errors="replace"))
        if ports:
            return proc, int(ports[-1])
        if proc.poll() is not None:
            sys.exit(f"durability-latency: server exited with {proc.returncode}; see {log_path}")
        time.sleep(0.02)
    proc.kill()
    sys.exit("durability-latency: server did not start within 20 s")


class Client:
    """One keep-alive connection."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data is not None else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
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


def percentiles(values):
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (f"n={len(ordered)} p50={at(0.50):.2f} ms p90={at(0.90):.2f} ms p99={at(0.99):.2f} ms "
            f"max={ordered[-1] * 1000:.2f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--posters", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fsync", default="always")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="durability-latency-")
    proc, port = start(args.binary, os.path.join(work, "data"), os.path.join(work, "server.log"),
                       args.threads, args.fsync)
    stop, measuring = threading.Event(), threading.Event()
    posters = [Poster(port, measuring, stop) for _ in range(args.posters)]
    try:
        for p in posters:
            p.start()
        client = Client(port)
        creates, deletes = [], []
        deadline_warm = time.time() + args.warmup
        deadline = deadline_warm + args.seconds
        while time.time() < deadline:
            now = time.time()
            if now >= deadline_warm and not measuring.is_set():
                measuring.set()
            took_create, body = client.timed("POST", "/v1/sessions", {"control": "button"}, 201)
            sid = json.loads(body)["id"]
            took_delete, _ = client.timed("DELETE", f"/v1/sessions/{sid}", None, 204)
            if measuring.is_set():
                creates.append(took_create)
                deletes.append(took_delete)
        stop.set()
        for p in posters:
            p.join(timeout=30)
        errors = [p.error for p in posters if p.error]
        if errors:
            sys.exit(f"durability-latency: a poster failed: {errors[0]}")
        batches = [x for p in posters for x in p.latencies]
        print(f"durability-latency: {args.posters} posters, {args.threads} server threads, --fsync {args.fsync}, "
              f"{args.seconds:g} s measured")
        print(f"  create  {percentiles(creates)}")
        print(f"  delete  {percentiles(deletes)}")
        print(f"  events  {percentiles(batches)}  ({len(batches) / args.seconds:.0f} batches/s)")
    finally:
        stop.set()
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
