#!/usr/bin/env python3
"""Clients that never read: each pipelines GETs of a large response (~10,000 frames, several MB)
and keeps pushing more requests, but never reads a byte. The server must stop reading from them
(their sends soon block), keep its memory bounded (at most about one response plus the output
limit per client), and close them within the write timeout, while a normal client is served.

Usage: slow_reader.py BASE_URL [--clients 10] [--write-timeout 10] [--max-latency-ms 100]
                      [--burst-seconds 1] [--burst-latency-ms 1000]
--write-timeout is the server's; each client must be cut within it plus slack. The first
--burst-seconds, while every client's first response is computed, have their own latency bound.
"""
import argparse
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Monitor, Report, connect, find_server_pid, fmt_mb, parse_base, request, server_stats, tcp_state  # noqa: E402


def open_gauge(host, port):
    try:
        status, body, _ = request(host, port, "GET", "/metrics", timeout=3)
    except OSError:
        return None
    for line in body.decode(errors="replace").splitlines():
        if line.startswith("controlsim_open_connections "):
            return int(float(line.split()[1]))
    return None


class SlowClient:
    """Writes pipelined requests whenever the socket accepts them; never reads."""

    def __init__(self, host, port, path):
        self.sock = connect(host, port, rcvbuf=4096)
        self.sock.setblocking(False)
        self.request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
        self.pending = self.request * 64
        self.sent = 0
        self.started = time.monotonic()
        self.last_progress = self.started
        self.ended = None
        self.how = None

    def push(self, now, cap):
        if self.ended is not None:
            return
        while self.sent < cap:
            try:
                n = self.sock.send(self.pending)
            except BlockingIOError:
                break
            except (BrokenPipeError, ConnectionResetError) as error:
                self.end(now, type(error).__name__)
                return
            self.sent += n
            self.last_progress = now
            self.pending = self.pending[n:] or self.request * 64
        state = tcp_state(self.sock)
        if state not in ("ESTABLISHED",):
            self.end(now, f"TCP {state}")

    def end(self, now, how):
        if self.ended is None:
            self.ended, self.how = now, how


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--write-timeout", type=float, default=10.0, help="the server's --write-timeout")
    parser.add_argument("--slack", type=float, default=3.0)
    parser.add_argument("--max-output-bytes", type=int, default=256 * 1024, help="the server's --max-output-bytes")
    parser.add_argument("--max-latency-ms", type=float, default=100.0)
    parser.add_argument("--quiet-clients", type=int, default=5, help="non-readers that send a single request")
    parser.add_argument("--burst-seconds", type=float, default=1.0)
    parser.add_argument("--burst-latency-ms", type=float, default=1000.0)
    parser.add_argument("--send-cap", type=int, default=8 << 20, help="stop pushing requests after this many bytes")
    args = parser.parse_args()
    host, port = parse_base(args.base)
    report = Report("slow-reader")
    pid = find_server_pid(port)

    status, body, _ = request(host, port, "POST", "/v1/sessions", json.dumps({"control": "card"}).encode())
    if status != 201:
        sys.exit(f"slow-reader: creating a session answered {status}: {body[:200]!r}")
    session = json.loads(body)["id"]
    drag = {"type": "drag", "t": 0, "from": {"x": 100, "y": 800}, "to": {"x": 100, "y": 300}, "duration": 0.3}
    request(host, port, "POST", f"/v1/sessions/{session}/events", json.dumps(drag).encode())
    path = f"/v1/sessions/{session}/frames?from=0&to=40&fps=240"
    status, frames, seconds = request(host, port, "GET", path, timeout=10)
    report.check(status == 200, "a normal client reads the large response",
                 f"{len(frames) / 1e6:.1f} MB, {json.loads(frames)['count']} frames in {seconds * 1000:.0f} ms")
    response_bytes = len(frames)
    del frames

    gauge_before = open_gauge(host, port)
    rss_before, fds_before = server_stats(pid)
    rss_peak = rss_before
    with Monitor(host, port) as monitor:
        clients = [SlowClient(host, port, path) for _ in range(args.clients)]
        started = time.monotonic()
        deadline = started + args.write_timeout + args.slack + 2
        gauge_during = None
        while time.monotonic() < deadline and any(c.ended is None for c in clients):
            now = time.monotonic()
            for client in clients:
                client.push(now, args.send_cap)
            rss, _ = server_stats(pid)
            if rss is not None:
                rss_peak = max(rss_peak, rss)
            if gauge_during is None and now - started > 1.0:
                gauge_during = open_gauge(host, port)
            time.sleep(0.1)
        monitor.stop()
        states = [tcp_state(c.sock) for c in clients]
        for client in clients:
            client.sock.close()

    cut = sorted(c.ended - c.started for c in clients if c.ended is not None)
    stalled = sorted(c.last_progress - c.started for c in clients)
    sent = sorted(c.sent for c in clients)
    report.check(max(sent) < args.send_cap,
                 "the server stops reading from a client that does not read",
                 f"each client could push only {sent[0] / 1024:.0f}–{sent[-1] / 1024:.0f} KiB of requests "
                 f"({sent[0] // len(clients[0].request)}–{sent[-1] // len(clients[0].request)} GETs) before its sends blocked, "
                 f"blocked after {stalled[0]:.2f}–{stalled[-1]:.2f} s")
    report.check(len(cut) == len(clients) and cut[-1] <= args.write_timeout + args.slack,
                 "every non-reading client is closed within the write timeout",
                 (f"{len(cut)} of {len(clients)} closed after {cut[0]:.2f}–{cut[-1]:.2f} s (write timeout {args.write_timeout:g} s), "
                  if cut else "none closed, ")
                 + f"ended by {sorted({c.how for c in clients if c.how})}; last TCP states {sorted(set(states))}")
    if gauge_during is not None and gauge_before is not None:
        report.note(f"the server counted {gauge_before} open connections before, {gauge_during} during")
    if pid is not None:
        time.sleep(0.5)
        rss_after, fds_after = server_stats(pid)
        bound = rss_before + args.clients * (response_bytes + args.max_output_bytes) / 2**20 + 64
        report.check(rss_peak <= bound, "the server's memory stays bounded",
                     f"RSS {fmt_mb(rss_before)} before, peak {fmt_mb(rss_peak)} (bound {bound:.0f} MiB = "
                     f"{args.clients} × ({response_bytes / 2**20:.1f} MiB response + output limit) + 64), "
                     f"{fmt_mb(rss_after)} after; descriptors {fds_before} → {fds_after}")
    else:
        report.note("server not on this machine: memory not checked")
    # Each client's first request is answered in full (a 10,000-frame response costs its loop thread
    # some 20 ms), so while those are computed the loops are busy for everyone: a burst, bounded by
    # --burst-latency-ms. After it the non-readers cost nothing and the normal bound applies.
    burst_end = started + args.burst_seconds
    monitor.check(report, args.burst_latency_ms, f"the first {args.burst_seconds:g} s (each non-reader's first response computed)",
                  end=burst_end)
    monitor.check(report, args.max_latency_ms, f"the rest of the {args.clients} non-readers' lives", start=burst_end)

    # Non-readers that send one request and then nothing: no unread input, so the client sees no
    # reset; the server's own count of open connections (and its descriptors) shows the close.
    quiet = []
    for _ in range(args.quiet_clients):
        sock = connect(host, port, rcvbuf=4096)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        quiet.append(sock)
    opened = time.monotonic()
    time.sleep(1.0)
    gauge_during = open_gauge(host, port)
    gauge_after, deadline = None, opened + args.write_timeout + args.slack
    while time.monotonic() < deadline:
        time.sleep(0.25)
        gauge_after = open_gauge(host, port)
        if gauge_after is not None and gauge_before is not None and gauge_after <= gauge_before:
            break
    closed_after = time.monotonic() - opened
    orphans = fin_wait_orphans(port)
    for sock in quiet:
        sock.close()
    if gauge_before is None:
        report.note("no /metrics gauge: the one-request non-readers are not checked")
    else:
        report.check(gauge_after is not None and gauge_after <= gauge_before,
                     "a non-reader that sent one request is closed within the write timeout too",
                     f"{args.quiet_clients} clients; the server counted {gauge_during} open connections after 1 s, "
                     f"{gauge_after} after {closed_after:.2f} s (write timeout {args.write_timeout:g} s)")
    if orphans is not None:
        report.note(f"after those closes the kernel still holds {orphans[0]} orphaned FIN-WAIT-1 socket(s) on the server's "
                    f"port with {orphans[1] / 2**20:.1f} MiB of unsent response in all (a plain close() leaves them to "
                    f"zero-window probing; an abortive close would free them at once)")
    report.finish()


def fin_wait_orphans(port):
    """(count, unsent bytes) of FIN-WAIT-1 sockets whose local port is the server's, from /proc/net/tcp."""
    count, unsent = 0, 0
    try:
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if fields[3] == "04" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        count += 1
                        unsent += int(fields[4].split(":")[0], 16)
    except OSError:
        return None
    return count, unsent


if __name__ == "__main__":
    main()
