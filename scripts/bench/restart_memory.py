#!/usr/bin/env python3
"""Memory and time of a restart against the live server that wrote the same journal.

Starts the server on a fresh data directory, creates SESSIONS switch sessions and posts
EVENTS inputs to each (taps, in batches), measures its resident size (VmRSS) and peak (VmHWM),
stops it with SIGTERM, starts it again on the same directory and measures: how soon /healthz
answers, /readyz while it replays (`starting` with progress), the replay's time from the log
(`journal_replayed ... ms=`), the resident size once ready and the peak during the replay. Then a
second restart, from the snapshot the first one compacted to.

Usage: restart_memory.py SERVER_BINARY [--sessions 2000] [--events 500] [--clients 8]
Prints one line per figure; exits non-zero when a restart fails or a figure is missing.
"""
import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time


def status_of(pid):
    """(VmRSS, VmHWM) in MiB."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


class Server:
    def __init__(self, binary, data, log_path):
        self.log_path = log_path
        self.log = open(log_path, "ab")
        self.started = time.monotonic()
        self.process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", data,
                                         "--fsync", "batch"], stderr=self.log, stdout=subprocess.DEVNULL)
        self.port = None
        deadline = time.monotonic() + 60
        while self.port is None and time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"the server exited with {self.process.returncode}; log: {log_path}")
            ports = re.findall(r"msg=listening .*port=(\d+)", self.text())
            if len(ports) > self.starts_before:
                self.port = int(ports[-1])
            else:
                time.sleep(0.005)
        if self.port is None:
            sys.exit("the server did not listen within 60 s")
        self.listening = time.monotonic() - self.started

    starts_before = 0

    def text(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)
        self.log.close()


def load(server, sessions, events, clients):
    """Creates the sessions and posts `events` inputs to each (taps: 2 inputs), 250 inputs a POST."""
    ids, lock, failures = [], threading.Lock(), []
    taps_per_post = 125
    per_client = (sessions + clients - 1) // clients

    def work(first):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        for _ in range(first, min(sessions, first + per_client)):
            connection.request("POST", "/v1/sessions", body=b'{"control":"switch"}')
            response = connection.getresponse()
            body = response.read()
            if response.status != 201:
                failures.append(response.status)
                return
            session = json.loads(body)["id"]
            with lock:
                ids.append(session)
            t = 0.0
            posted = 0
            while posted < events:
                taps = min(taps_per_post, (events - posted) // 2)
                batch = []
                for _ in range(taps):
                    batch.append({"type": "tap", "t": round(t, 3), "x": 25, "y": 15})
                    t += 0.25
                connection.request("POST", f"/v1/sessions/{session}/events", body=json.dumps({"events": batch}).encode())
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    failures.append(response.status)
                    return
                posted += 2 * taps
        connection.close()

    threads = [threading.Thread(target=work, args=(k * per_client,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit(f"the load failed: statuses {failures[:5]}")
    return ids


def restart(binary, data, log_path, label):
    """Starts the server on `data`, watches /healthz and /readyz until ready, returns its figures."""
    text = open(log_path, "rb").read().decode(errors="replace")
    Server.starts_before = text.count("msg=listening")
    ready_before = text.count("msg=ready")
    server = Server(binary, data, log_path)
    healthz_at, starting_seen, progress = None, 0, []
    peak_rss = 0.0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        rss, _ = status_of(server.process.pid)
        peak_rss = max(peak_rss, rss)
        try:
            status, _ = server.get("/healthz")
            if status == 200 and healthz_at is None:
                healthz_at = time.monotonic() - server.started
            status, body = server.get("/readyz")
        except OSError:
            time.sleep(0.01)
            continue
        if status == 200:
            break
        starting_seen += 1
        try:
            progress.append(json.loads(body).get("progress"))
        except ValueError:
            pass
        time.sleep(0.01)
    ready_at = time.monotonic() - server.started
    # The compaction after the replay ends before the log says `ready`.
    while server.text().count("msg=ready") < ready_before + 1 and time.monotonic() < deadline:
        peak_rss = max(peak_rss, status_of(server.process.pid)[0])
        time.sleep(0.01)
    time.sleep(0.5)
    rss, hwm = status_of(server.process.pid)
    replayed = re.findall(r"msg=journal_replayed .*?events=(\d+).*?ms=([0-9.]+)", server.text())
    events, ms = (int(replayed[-1][0]), float(replayed[-1][1])) if replayed else (0, 0.0)
    print(f"{label}: listening after {server.listening:.2f} s, /healthz answered after "
          f"{healthz_at if healthz_at is None else round(healthz_at, 2)} s, ready after {ready_at:.2f} s "
          f"(/readyz answered `starting` {starting_seen} times, last progress {progress[-1] if progress else None})")
    print(f"{label}: replayed {events:,} events in {ms / 1000:.2f} s = {ms / 1000 / max(events, 1) * 1e6:.2f} s per million events")
    print(f"{label}: RSS once ready {rss:.1f} MiB, peak (VmHWM) {hwm:.1f} MiB")
    return server, rss, hwm, events, ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--events", type=int, default=500, help="inputs a session (taps: two each)")
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        data, log_path = os.path.join(work, "data"), os.path.join(work, "server.log")
        open(log_path, "wb").close()
        started = time.monotonic()
        live = Server(args.binary, data, log_path)
        ids = load(live, args.sessions, args.events, args.clients)
        loaded = time.monotonic() - started
        time.sleep(1.0)
        live_rss, live_hwm = status_of(live.process.pid)
        print(f"live: {len(ids):,} sessions, {len(ids) * args.events:,} events posted in {loaded:.1f} s; "
              f"RSS {live_rss:.1f} MiB, peak (VmHWM) {live_hwm:.1f} MiB")
        live.stop()
        journal = sum(os.path.getsize(os.path.join(data, f)) for f in os.listdir(data) if os.path.isfile(os.path.join(data, f)))
        print(f"journal: {journal / 2**20:.1f} MiB in {data}")
        first, rss1, hwm1, events1, _ = restart(args.binary, data, log_path, "restart 1 (replay, then compaction)")
        first.stop()
        second, rss2, hwm2, _, _ = restart(args.binary, data, log_path, "restart 2 (from the snapshot)")
        second.stop()
        print(f"ratios to live: RSS after restart 1 {rss1 / live_rss:.2f}x, peak {hwm1 / live_rss:.2f}x; "
              f"RSS after restart 2 {rss2 / live_rss:.2f}x, peak {hwm2 / live_rss:.2f}x")
        if events1 != len(ids) * args.events:
            sys.exit(f"restart 1 replayed {events1} events, expected {len(ids) * args.events}")


if __name__ == "__main__":
    main()
