#!/usr/bin/env python3
"""Thousands of idle connections. Below the server's connection cap every one is held while a
normal client is still answered promptly, and each is closed by the header timeout (nothing
sent) or the idle timeout (after one keep-alive request). Above the cap the newcomers make room:
the server closes the oldest silent connections (none is refused with 503, since none of them is
busy), a normal client is served at the cap, and again once the idle ones are gone.

Usage: idle_connections.py BASE_URL [--connections 3000] [--keepalive 200]
                           [--max-connections N] [--over 500] [--header-timeout 10]
                           [--idle-timeout 30] [--max-latency-ms 50] [--burst-latency-ms 250]
--max-connections is the server's cap (its --max-connections); the above-cap phase runs only
when it is given. Timeouts are the server's; the timeout phase runs only when both are ≤ 20 s.
"""
import argparse
import os
import select
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (Monitor, Report, ResponseReader, connect, find_server_pid, parse_base,  # noqa: E402
                    raise_nofile, request, server_stats)


OPENED_AT = {}


def open_many(host, port, count, deadline):
    """Opens up to `count` connections (sequentially, so the listen backlog never overflows)."""
    socks, errors = [], []
    for _ in range(count):
        if time.monotonic() > deadline:
            errors.append("deadline")
            break
        try:
            sock = connect(host, port, timeout=3.0)
            OPENED_AT[sock] = time.monotonic()
            socks.append(sock)
        except OSError as error:
            errors.append(f"{type(error).__name__}: {error}")
    return socks, errors


def answered(socks, wait):
    """The sockets the server wrote to or closed within `wait` seconds (poll: no FD_SETSIZE limit)."""
    poller = select.poll()
    by_fd = {s.fileno(): s for s in socks}
    for fd in by_fd:
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    ready = set()
    deadline = time.monotonic() + wait
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        for fd, _ in poller.poll(remaining * 1000):
            ready.add(fd)
            poller.unregister(fd)
        if len(ready) == len(by_fd):
            break
    return [by_fd[fd] for fd in ready]


def first_bytes(sock):
    sock.settimeout(0.5)
    try:
        return sock.recv(4096)
    except (socket.timeout, ConnectionResetError):
        return b""


def close_all(socks):
    for s in socks:
        s.close()


def wait_for_fds(pid, limit, seconds):
    """Waits until the server holds at most `limit` descriptors; returns the last count."""
    deadline = time.monotonic() + seconds
    _, fds = server_stats(pid)
    while fds is not None and fds > limit and time.monotonic() < deadline:
        time.sleep(0.1)
        _, fds = server_stats(pid)
    return fds


def open_gauge(host, port):
    """The server's own count of open connections from /metrics, or None."""
    try:
        status, body, _ = request(host, port, "GET", "/metrics", timeout=3)
    except OSError:
        return None
    for line in body.decode(errors="replace").splitlines():
        if line.startswith("controlsim_open_connections "):
            return int(float(line.split()[1]))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--connections", type=int, default=3000, help="silent connections below the cap")
    parser.add_argument("--keepalive", type=int, default=200, help="connections idling after one request")
    parser.add_argument("--max-connections", type=int, help="the server's --max-connections")
    parser.add_argument("--over", type=int, default=500, help="connections beyond the cap in the second phase")
    parser.add_argument("--hold", type=float, default=3.0, help="seconds to hold them while measuring")
    parser.add_argument("--header-timeout", type=float, default=10.0)
    parser.add_argument("--idle-timeout", type=float, default=30.0)
    parser.add_argument("--slack", type=float, default=2.0)
    parser.add_argument("--max-latency-ms", type=float, default=50.0,
                        help="worst answer while the idle connections are held")
    parser.add_argument("--burst-latency-ms", type=float, default=250.0,
                        help="worst answer while they are being opened: a new connection waits in the accept "
                             "queue behind the burst's, but a SYN dropped at a full queue (1 s) still fails")
    args = parser.parse_args()
    host, port = parse_base(args.base)
    report = Report("idle-connections")
    total = args.connections + args.keepalive
    if args.max_connections is not None:
        if total + 10 > args.max_connections:
            sys.exit("--connections + --keepalive must stay below --max-connections for the first phase")
        total = max(total, args.max_connections + args.over)
    limit = raise_nofile(total + 512)
    if limit < total + 64:
        sys.exit(f"open-file limit {limit} is too low for {total} connections; raise ulimit -n")
    pid = find_server_pid(port)
    rss_before, fds_before = server_stats(pid)

    # Phase 1: below the cap.
    started = time.monotonic()
    with Monitor(host, port) as monitor:
        silent, errors = open_many(host, port, args.connections, started + 60)
        keepalive = []
        for _ in range(args.keepalive):
            try:
                sock = connect(host, port)
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                response = ResponseReader(sock).next(time.monotonic() + 3)
                if response is None or response.status != 200:
                    errors.append(f"keep-alive request answered {response}")
                OPENED_AT[sock] = time.monotonic()
                keepalive.append(sock)
            except OSError as error:
                errors.append(f"{type(error).__name__}: {error}")
        opened = time.monotonic()
        report.check(not errors and len(silent) + len(keepalive) == args.connections + args.keepalive,
                     f"{args.connections} silent + {args.keepalive} keep-alive connections opened",
                     f"in {opened - started:.2f} s" + (f"; errors: {errors[:3]}" if errors else ""))
        # Hold them for a while (but not past the header timeout), then see which the server touched.
        hold = max(0.5, min(args.hold, args.header_timeout - (opened - started) - 1.0))
        time.sleep(hold)
        touched = answered(silent + keepalive, 0.05)
        gauge = open_gauge(host, port)
        rss_held, fds_held = server_stats(pid)
        monitor.stop()
    total_opened = len(silent) + len(keepalive)
    held = total_opened - len(touched)
    figures = f"{held} of {len(silent) + len(keepalive)} held for {hold:.1f} s"
    if gauge is not None:
        figures += f"; the server counts {gauge} open connections"
    if pid is not None:
        figures += (f"; server descriptors {fds_before} → {fds_held}, RSS {rss_before:.1f} → {rss_held:.1f} MiB "
                    f"({(rss_held - rss_before) * 1024 / max(1, held):.1f} KiB per connection)")
    report.check(not touched, "below the cap every idle connection is held", figures)
    # The burst takes about 0.1 s: the normal client may not have asked anything during it.
    if monitor.summary(end=opened)[1] is None:
        report.note("the normal client sent no request while the connections were being opened")
    else:
        monitor.check(report, args.burst_latency_ms, f"the opening of {total_opened} connections in a burst", end=opened)
    monitor.check(report, args.max_latency_ms, f"{held} idle connections", start=opened)

    # Phase 1b: the timeouts close them (header timeout when nothing was sent, idle after a request).
    if args.header_timeout <= 20 and args.idle_timeout <= 20:
        groups = [(silent, "silent", "header", args.header_timeout),
                  (keepalive, "keep-alive", "idle", args.idle_timeout)]
        closed_at, wrote = {}, {}
        pending = silent + keepalive
        deadline = opened + max(args.header_timeout, args.idle_timeout) + args.slack
        while pending and time.monotonic() < deadline:
            ready = answered(pending, min(0.1, max(0.0, deadline - time.monotonic())))
            now = time.monotonic()
            for sock in ready:
                data = first_bytes(sock)
                if data:
                    wrote[sock] = data[:12]
                closed_at[sock] = now
            if ready:
                done = set(ready)
                pending = [s for s in pending if s not in done]
        for group, name, kind, timeout in groups:
            if not group:
                continue
            times = [closed_at[s] - OPENED_AT[s] for s in group if s in closed_at]
            late = [t for t in times if t > timeout + args.slack]
            early = [t for t in times if t < timeout - 0.5]
            spread = f", closed {min(times):.2f}–{max(times):.2f} s after opening" if times else ""
            firsts = [wrote[s] for s in group if s in wrote]
            if firsts:
                spread += f"; {len(firsts)} got bytes first, e.g. {firsts[0]!r}"
            report.check(len(times) == len(group) and not late and not early,
                         f"every {name} connection is closed by the {kind} timeout",
                         f"{len(times)} of {len(group)} closed (timeout {timeout:g} s){spread}")
    else:
        report.note("timeouts longer than 20 s: not waiting for them (pass --header-timeout/--idle-timeout)")
    close_all(silent + keepalive)
    if pid is not None:
        fds = wait_for_fds(pid, fds_before, 10)
        report.check(fds is not None and fds <= fds_before + 2, "the server released them all",
                     f"descriptors {fds_before} → {fds}")
    else:
        time.sleep(1.0)

    # Phase 2: above the cap.
    if args.max_connections is not None:
        cap = args.max_connections
        socks, errors = open_many(host, port, cap + args.over, time.monotonic() + 90)
        touched = answered(socks, 1.0)
        statuses = {}
        for sock in touched:
            data = first_bytes(sock)
            key = data[9:12].decode() if data.startswith(b"HTTP/1.1 ") else ("closed" if not data else "other")
            statuses[key] = statuses.get(key, 0) + 1
        held = len(socks) - len(touched)
        probe_started = time.perf_counter()
        try:
            probe_status, _, _ = request(host, port, "GET", "/healthz", timeout=3)
        except OSError as error:
            probe_status = f"{type(error).__name__}"
        probe_ms = (time.perf_counter() - probe_started) * 1000
        rss_cap, fds_cap = server_stats(pid)
        # Room is made 1 to 32 connections at a time (an eighth of a loop's idle ones), so up to
        # 32 a loop (one loop a core by default) may be free; a straggler of phase 1 may hold a slot.
        closed = statuses.get("closed", 0)
        report.check(cap - 32 * (os.cpu_count() or 1) - 2 <= held <= cap and statuses.get("503", 0) == 0 and closed == len(socks) - held
                     and len(errors) == 0,
                     f"above the cap of {cap}: newcomers make room, the oldest silent connections are closed, none refused",
                     f"opened {len(socks)}, held {held}, closed by the server {statuses}"
                     + (f", server descriptors {fds_cap}" if fds_cap is not None else "")
                     + (f"; errors: {errors[:3]}" if errors else ""))
        report.check(probe_status == 200 and probe_ms <= args.max_latency_ms * 2,
                     "at the cap a normal client is served: an idle connection makes room for it",
                     f"status {probe_status} in {probe_ms:.1f} ms")
        close_all(socks)
        if pid is not None:
            wait_for_fds(pid, fds_before, 10)
        else:
            time.sleep(1.0)
        # Served again once they are gone.
        latencies, failures = [], []
        for _ in range(20):
            try:
                status, _, seconds = request(host, port, "GET", "/healthz", timeout=3)
                (latencies if status == 200 else failures).append(seconds if status == 200 else status)
            except OSError as error:
                failures.append(type(error).__name__)
            time.sleep(0.02)
        worst = max(latencies) * 1000 if latencies else None
        report.check(not failures and worst is not None and worst <= args.max_latency_ms,
                     "below the cap again, a normal client is served",
                     f"{len(latencies)} ok, failures {failures[:3]}, max {worst if worst is None else round(worst, 1)} ms")
    rss_after, fds_after = server_stats(pid)
    if pid is not None:
        report.note(f"server pid {pid}: RSS {rss_before:.1f} → {rss_after:.1f} MiB, descriptors {fds_before} → {fds_after}")
    report.finish()


if __name__ == "__main__":
    main()
