#!/usr/bin/env python3
"""Full-disk test: the server's --data-dir on a small file system of its own, filled by
concurrent event writers until the journal's writes fail.

Shows that clients are refused with a problem of its own code (507 `journal_full`, or 503
`journal_unavailable` for another failure) and a Retry-After; that reads are served throughout;
and, after a restart with space freed, that every acknowledged batch is there, that a refused
batch is not there at all or whole (never half), and that changes are accepted again.

Usage: full_disk_test.py SERVER_BINARY DATA_DIR BALLAST [--leave BYTES] [--writers N]
  DATA_DIR and BALLAST are on the small file system; BALLAST is written first so that only
  --leave bytes are free, and removed before the restart (the space freed).
"""
import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import server_process


def fail(message):
    sys.exit(f"full-disk-test: FAILED: {message}")


def start(binary, data_dir, log_path):
    try:
        return server_process.start([binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir], log_path)
    except server_process.StartFailed as error:
        fail(f"the server {error}")


def request(port, method, path, body=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def batch(t, pairs):
    """`pairs` taps of a switch from time t: a batch of some size, so the disk fills in seconds."""
    events = []
    for i in range(pairs):
        at = round(t + 0.1 * i, 6)
        events += [{"type": "touchDown", "t": at, "x": 25.0, "y": 15.0},
                   {"type": "touchUp", "t": round(at + 0.05, 6), "x": 25.0, "y": 15.0}]
    return events


class Writer(threading.Thread):
    """One session; posts batches until refused. Remembers what was acknowledged and the refusal."""

    def __init__(self, port, pairs):
        super().__init__(daemon=True)
        self.port, self.pairs = port, pairs
        self.id = None
        self.acknowledged = 0        # events in batches answered 200
        self.batches = 0
        self.refused = None          # (status, code, Retry-After, events in the refused batch)
        self.error = None
        self.t = 0.0

    def run(self):
        try:
            status, body, _ = request(self.port, "POST", "/v1/sessions", {"control": "switch"})
            if status != 201:
                self.error = f"create answered {status}: {body[:200]!r}"
                return
            self.id = json.loads(body)["id"]
            while True:
                events = batch(self.t, self.pairs)
                status, body, headers = request(self.port, "POST", f"/v1/sessions/{self.id}/events", {"events": events})
                if status == 200:
                    self.acknowledged += len(events)
                    self.batches += 1
                    self.t += 0.1 * self.pairs
                    continue
                code = json.loads(body).get("code") if body else None
                self.refused = (status, code, headers.get("Retry-After"), len(events))
                return
        except Exception as error:  # noqa: BLE001 - reported as the test's failure
            self.error = repr(error)


class Reader(threading.Thread):
    """Reads a session and the health check over and over; counts answers that are not 200."""

    def __init__(self, port, writers, stop):
        super().__init__(daemon=True)
        self.port, self.writers, self.stop = port, writers, stop
        self.reads = 0
        self.failures = []

    def run(self):
        while not self.stop.is_set():
            ids = [w.id for w in self.writers if w.id]
            for path in ["/healthz"] + [f"/v1/sessions/{i}" for i in ids[:2]]:
                try:
                    status, body, _ = request(self.port, "GET", path)
                except Exception as error:  # noqa: BLE001
                    status, body = None, repr(error).encode()
                self.reads += 1
                if status != 200:
                    self.failures.append((path, status, body[:200]))
            time.sleep(0.005)


def free_bytes(path):
    stat = os.statvfs(path)
    return stat.f_bavail * stat.f_frsize


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("data")
    parser.add_argument("ballast")
    parser.add_argument("--leave", type=int, default=4 << 20)
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=120)
    args = parser.parse_args()
    log_path = tempfile.mktemp(prefix="full-disk-", suffix=".log")
    open(log_path, "wb").close()

    proc, port = start(args.binary, args.data, log_path)
    # Only --leave bytes free: the ballast takes the rest (in 1 MiB writes, until no more fits).
    mount = os.path.dirname(args.ballast)
    with open(args.ballast, "wb") as f:
        chunk = b"\xAB" * (1 << 20)
        while free_bytes(mount) > args.leave + len(chunk):
            f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
    print(f"full-disk-test: {free_bytes(mount) >> 10} KiB left free on the file system", flush=True)

    writers = [Writer(port, args.pairs) for _ in range(args.writers)]
    stop = threading.Event()
    reader = Reader(port, writers, stop)
    reader.start()
    for w in writers:
        w.start()
    deadline = time.time() + args.seconds
    for w in writers:
        w.join(timeout=max(1, deadline - time.time()))
    if any(w.is_alive() for w in writers):
        fail(f"writers still accepted after {args.seconds} s: the disk never filled")
    # Reads go on after the refusals too.
    time.sleep(0.5)
    stop.set()
    reader.join(timeout=10)

    errors = [w.error for w in writers if w.error]
    if errors:
        fail(f"writers failed otherwise: {errors}; log:\n{open(log_path).read()[-3000:]}")
    refusals = [w.refused for w in writers]
    for status, code, retry_after, _ in refusals:
        if (status, code) not in ((507, "journal_full"), (503, "journal_unavailable")):
            fail(f"a refusal answered {status} {code}, not 507 journal_full or 503 journal_unavailable")
        if not retry_after:
            fail(f"a refusal ({status} {code}) without Retry-After")
    if not any(code == "journal_full" for _, code, _, _ in refusals):
        fail(f"no writer was told the disk is full: {refusals}")
    if reader.failures:
        fail(f"{len(reader.failures)} of {reader.reads} reads not answered 200: {reader.failures[:3]}")
    # A new change is refused the same way, with a problem and Retry-After; reads still served.
    status, body, headers = request(port, "POST", "/v1/sessions", {"control": "switch"})
    if status not in (503, 507) or "Retry-After" not in headers:
        fail(f"a create after the disk filled answered {status} {body[:200]!r}")
    status, _, _ = request(port, "GET", f"/v1/sessions/{writers[0].id}")
    if status != 200:
        fail(f"a read after the disk filled answered {status}")
    acknowledged = sum(w.batches for w in writers)
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("the server did not stop on SIGTERM with its disk full")

    # Space freed, the server restarted: every acknowledged batch is back, nothing half-applied.
    os.remove(args.ballast)
    proc, port = start(args.binary, args.data, log_path)
    try:
        lost = 0
        whole = 0
        for w in writers:
            status, body, _ = request(port, "GET", f"/v1/sessions/{w.id}")
            if status != 200:
                fail(f"session {w.id} answered {status} after the restart: {body[:300]!r}")
            count = json.loads(body)["eventCount"]
            refused_events = w.refused[3]
            if count == w.acknowledged + refused_events:
                whole += 1               # a batch whose write went through but whose sync failed: whole
            elif count != w.acknowledged:
                lost += max(0, w.acknowledged - count)
                fail(f"session {w.id} holds {count} events; acknowledged {w.acknowledged}, refused batch {refused_events}")
        status, body, _ = request(port, "GET", "/readyz")
        if status != 200 or json.loads(body)["status"] != "ready":
            fail(f"/readyz after the restart: {status} {body[:300]!r}")
        status, body, _ = request(port, "POST", f"/v1/sessions/{writers[0].id}/events",
                                  {"events": batch(writers[0].t + 1000, 1)})
        if status != 200:
            fail(f"a change after the restart with space freed answered {status} {body[:300]!r}")
        codes = sorted({f"{s} {c}" for s, c, _, _ in refusals})
        print(f"full-disk-test: PASSED: {args.writers} writers, {acknowledged} acknowledged batches, lost {lost}; "
              f"refused with {', '.join(codes)} and Retry-After; {reader.reads} reads during the fill, all 200; "
              f"after the restart with space freed every acknowledged event back, refused batches absent "
              f"({args.writers - whole}) or whole ({whole}), never half; changes accepted again", flush=True)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        os.remove(log_path)


if __name__ == "__main__":
    main()
