#!/usr/bin/env python3
"""Slowloris: many connections trickle a request head one byte per second (and a few trickle a
body after a complete head). Each must be cut off by the header (body) timeout, answered 408 or
closed, while a normal client keeps being answered promptly throughout.

Usage: slowloris.py BASE_URL [--connections 200] [--body-connections 20] [--interval 1]
                    [--header-timeout 10] [--body-timeout 30] [--max-latency-ms 100]
The timeouts are the server's (its --header-timeout / --body-timeout); each connection must be
cut within timeout + slack seconds of its first byte.
"""
import argparse
import os
import selectors
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Monitor, Report, connect, find_server_pid, parse_base, raise_nofile, server_stats  # noqa: E402


class Trickler:
    """One connection sending `payload` one byte per tick; notes when and how the server ended it."""

    def __init__(self, sock, prefix, trickle, timeout):
        self.sock, self.prefix, self.trickle, self.timeout = sock, prefix, trickle, timeout
        self.sent = 0
        self.started = None
        self.ended = None
        self.received = b""
        self.how = None

    def tick(self, now):
        if self.ended is not None:
            return
        offset = (self.sent - len(self.prefix)) % len(self.trickle)
        chunk = self.prefix if self.started is None else self.trickle[offset:offset + 1]
        try:
            self.sock.send(chunk)
        except BlockingIOError:
            return
        except (BrokenPipeError, ConnectionResetError):
            self.end(now, "reset on send")
            return
        if self.started is None:
            self.started = now
        self.sent += len(chunk)

    def readable(self, now):
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return
        except ConnectionResetError:
            self.end(now, "reset")
            return
        if data:
            if not self.received:
                self.first_answer_at = now
            self.received += data
        else:
            self.end(now, "closed")

    def end(self, now, how):
        if self.ended is None:
            self.ended, self.how = now, how

    @property
    def status(self):
        return int(self.received[9:12]) if self.received.startswith(b"HTTP/1.1 ") else None

    @property
    def cut_after(self):
        """Seconds from the first byte to the server's answer (or close, if it sent none)."""
        at = getattr(self, "first_answer_at", None) or self.ended
        return None if at is None or self.started is None else at - self.started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--connections", type=int, default=200, help="connections trickling a head")
    parser.add_argument("--body-connections", type=int, default=20, help="connections trickling a body")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between bytes")
    parser.add_argument("--header-timeout", type=float, default=10.0, help="the server's --header-timeout")
    parser.add_argument("--body-timeout", type=float, default=30.0, help="the server's --body-timeout")
    parser.add_argument("--slack", type=float, default=2.0, help="seconds a cut may come after its timeout")
    parser.add_argument("--max-latency-ms", type=float, default=100.0)
    args = parser.parse_args()
    host, port = parse_base(args.base)
    report = Report("slowloris")
    raise_nofile(args.connections + args.body_connections + 256)
    pid = find_server_pid(port)
    rss_before, fds_before = server_stats(pid)

    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "
    trickle_head = b"abcdefghijklmnopqrstuvwxyz"
    body_head = b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
    trickle_body = b'{"control":"switch","x":"' + b"a" * 64

    selector = selectors.DefaultSelector()
    ticklers = []
    with Monitor(host, port) as monitor:
        for index in range(args.connections + args.body_connections):
            is_body = index >= args.connections
            sock = connect(host, port)
            sock.setblocking(False)
            t = Trickler(sock, body_head if is_body else head[:1], trickle_body if is_body else head[1:] + trickle_head * 100,
                         args.body_timeout if is_body else args.header_timeout)
            t.is_body = is_body
            selector.register(sock, selectors.EVENT_READ, t)
            ticklers.append(t)
        opened = time.monotonic()
        peak_fds = fds_before
        deadline = opened + max(args.header_timeout, args.body_timeout) + args.slack + 2 * args.interval + 3
        next_tick = opened
        while time.monotonic() < deadline and any(t.ended is None for t in ticklers):
            now = time.monotonic()
            if now >= next_tick:
                for t in ticklers:
                    t.tick(now)
                next_tick += args.interval
                _, fds = server_stats(pid)
                if fds is not None:
                    peak_fds = max(peak_fds or 0, fds)
            for key, _ in selector.select(timeout=max(0.0, min(next_tick, deadline) - time.monotonic())):
                key.data.readable(time.monotonic())
        monitor.stop()
        for t in ticklers:
            selector.unregister(t.sock)
            t.sock.close()
    selector.close()

    for is_body, kind, timeout in ((False, "header", args.header_timeout), (True, "body", args.body_timeout)):
        group = [t for t in ticklers if t.is_body == is_body]
        if not group:
            continue
        cuts = sorted(t.cut_after for t in group if t.cut_after is not None)
        answered = sum(1 for t in group if t.status == 408)
        closed = sum(1 for t in group if t.ended is not None)
        late = [t for t in group if t.cut_after is None or t.cut_after > timeout + args.slack]
        early = [t for t in group if t.cut_after is not None and t.cut_after < timeout * 0.5]
        others = sorted({t.status for t in group if t.status not in (None, 408)})
        figures = (f"{len(group)} connections, {answered} answered 408, {closed} closed, "
                   f"bytes sent per connection {min(t.sent for t in group)}–{max(t.sent for t in group)}, "
                   + (f"cut after {cuts[0]:.2f}–{cuts[-1]:.2f} s (timeout {timeout:g} s)" if cuts else "none cut"))
        report.check(not late and not early and not others and closed == len(group),
                     f"every {kind}-trickling connection is cut by the {kind} timeout (408 or close)",
                     figures + (f"; {len(late)} late" if late else "") + (f"; {len(early)} early" if early else "")
                     + (f"; other statuses {others}" if others else ""))

    if pid is not None:
        settle = time.monotonic() + 5
        rss_after, fds_after = server_stats(pid)
        while fds_after is not None and fds_after > fds_before + 5 and time.monotonic() < settle:
            time.sleep(0.1)
            rss_after, fds_after = server_stats(pid)
        report.note(f"server pid {pid}: descriptors {fds_before} before, peak {peak_fds} during, {fds_after} after; "
                    f"RSS {rss_before:.1f} → {rss_after:.1f} MiB")
        report.check(fds_after is not None and fds_after <= fds_before + 5,
                     "the server released every slow connection", f"descriptors {fds_before} → {fds_after}")
    monitor.check(report, args.max_latency_ms, "the slowloris attack")
    report.finish()


if __name__ == "__main__":
    main()
