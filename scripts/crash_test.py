#!/usr/bin/env python3
"""Crash test: clients post events while the server is killed with SIGKILL at random moments.

After every restart each session must hold every batch the server acknowledged, and of the
batch in flight at the kill either all of it or none (batches are all-or-nothing). The frames
of every session must equal, byte for byte, those of an ephemeral reference server fed the
same acknowledged batches.

Usage: crash_test.py SERVER_BINARY [--rounds N] [--clients N] [--seed S]
"""
import argparse
import http.client
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
import server_process

CONTROLS = ["switch", "button", "card", "progressButton"]
# Bounds on a hung server (a start, a check's request, a stop), not speed targets: a loaded machine
# takes seconds over what a quiet one does in milliseconds.
PATIENCE = 60


def start(binary, data_dir, log_path, extra=()):
    args = [binary, "--host", "127.0.0.1", "--port", "0"] + list(extra)
    args += ["--ephemeral"] if data_dir is None else ["--data-dir", data_dir]
    try:
        return server_process.start(args, log_path, timeout=PATIENCE)
    except server_process.StartFailed as error:
        sys.exit(f"crash-test: the server {error}")


def request(port, method, path, body=None, timeout=PATIENCE):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def batch_for(control, t, rng):
    """A small valid batch of events for the control, starting at time t."""
    if control == "progressButton":
        return [{"type": rng.choice(["start", "cancel", "pause", "resume"]), "t": t}]
    if control == "card":
        y = rng.choice([790.0, 800.0, 820.0])
        return [{"type": "touchDown", "t": t, "x": 100.0, "y": y},
                {"type": "touchMove", "t": t + 0.05, "x": 100.0, "y": y - rng.uniform(20, 300)},
                {"type": "touchUp", "t": t + 0.1, "x": 100.0, "y": y - rng.uniform(20, 300)}]
    x, y = (25.0, 15.0) if control == "switch" else (100.0, 25.0)
    return [{"type": "touchDown", "t": t, "x": x, "y": y}, {"type": "touchUp", "t": t + 0.05, "x": x, "y": y}]


class Client(threading.Thread):
    """Creates one session, then posts batches until the server dies; remembers what was acknowledged."""

    def __init__(self, port, control, seed, stop):
        super().__init__(daemon=True)
        self.port, self.control, self.rng, self.stop = port, control, random.Random(seed), stop
        self.id = None
        self.acknowledged = []     # batches answered 200
        self.in_flight = None      # the batch whose answer never came
        self.t = 0.0

    def run(self):
        try:
            status, body = request(self.port, "POST", "/v1/sessions", {"control": self.control}, timeout=5)
            if status != 201:
                return
            self.id = json.loads(body)["id"]
            while not self.stop.is_set():
                batch = batch_for(self.control, round(self.t, 6), self.rng)
                self.in_flight = batch
                # A short timeout: a client whose answer is slow stops posting, its batch in flight.
                status, body = request(self.port, "POST", f"/v1/sessions/{self.id}/events", {"events": batch}, timeout=5)
                if status != 200:
                    raise RuntimeError(f"POST answered {status}: {body[:200]!r}")
                self.acknowledged.append(batch)
                self.in_flight = None
                self.t += 0.25
        except (ConnectionError, http.client.HTTPException, OSError):
            pass                    # the server was killed


def frames(port, sid):
    status, body = request(port, "GET", f"/v1/sessions/{sid}/frames?from=0&to=5&fps=20")
    assert status == 200, f"frames answered {status}"
    return body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="crash-test-")
    data = os.path.join(work, "data")
    log_path = os.path.join(work, "server.log")
    reference_log = os.path.join(work, "reference.log")
    sessions = {}                  # id -> (control, acknowledged batches)
    totals = {"acknowledged": 0, "in_flight_applied": 0, "in_flight_dropped": 0, "sessions": 0}
    reference, reference_port = start(args.binary, None, reference_log)
    try:
        for round_number in range(1, args.rounds + 1):
            proc, port = start(args.binary, data, log_path)
            # Everything acknowledged before this round must be back, byte for byte.
            for sid, (control, batches) in sessions.items():
                status, body = request(port, "GET", f"/v1/sessions/{sid}")
                assert status == 200, f"round {round_number}: session {sid} lost after restart ({status})"
                count = json.loads(body)["eventCount"]
                expected = sum(len(b) for b in batches)
                assert count == expected, f"round {round_number}: {sid} has {count} events, acknowledged {expected}"
            stop = threading.Event()
            clients = [Client(port, CONTROLS[i % len(CONTROLS)], rng.random(), stop) for i in range(args.clients)]
            for c in clients:
                c.start()
            time.sleep(rng.uniform(0.3, 1.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            stop.set()
            for c in clients:
                c.join(timeout=10)
            # The first restart of the next round checks these; note what was in flight.
            proc, port = start(args.binary, data, log_path)
            for c in clients:
                if c.id is None:
                    continue
                status, body = request(port, "GET", f"/v1/sessions/{c.id}")
                if status == 404:
                    # The create itself was in flight (never acknowledged): allowed to be gone.
                    assert not c.acknowledged, f"session {c.id} with acknowledged events lost"
                    continue
                count = json.loads(body)["eventCount"]
                acked = sum(len(b) for b in c.acknowledged)
                extra = len(c.in_flight) if c.in_flight else 0
                assert count in (acked, acked + extra), \
                    f"round {round_number}: {c.id} has {count} events; acknowledged {acked}, in flight {extra}: half-applied or lost"
                batches = list(c.acknowledged)
                if count == acked + extra and extra:
                    batches.append(c.in_flight)
                    totals["in_flight_applied"] += 1
                elif extra:
                    totals["in_flight_dropped"] += 1
                sessions[c.id] = (c.control, batches)
                totals["acknowledged"] += len(c.acknowledged)
            totals["sessions"] = len(sessions)
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=PATIENCE)
            print(f"crash-test: round {round_number}: {len(sessions)} sessions, "
                  f"{totals['acknowledged']} acknowledged batches so far, all present", flush=True)
        # Byte-identical frames against a reference fed only what survived.
        proc, port = start(args.binary, data, log_path)
        for sid, (control, batches) in sessions.items():
            status, body = request(reference_port, "POST", "/v1/sessions", {"control": control})
            ref = json.loads(body)["id"]
            for b in batches:
                status, _ = request(reference_port, "POST", f"/v1/sessions/{ref}/events", {"events": b})
                assert status == 200
            assert frames(port, sid) == frames(reference_port, ref), f"{sid}: frames differ from the reference"
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=PATIENCE)
        print(f"crash-test: PASSED {args.rounds} rounds of SIGKILL: {totals['sessions']} sessions, "
              f"{totals['acknowledged']} acknowledged batches all present, in-flight batches applied whole "
              f"{totals['in_flight_applied']} times and dropped whole {totals['in_flight_dropped']} times, "
              f"frames byte-identical to a reference")
    finally:
        reference.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
