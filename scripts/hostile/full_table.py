#!/usr/bin/env python3
"""A connection table filled with idle connections, kept full by an attacker who reopens every
one the server closes: fresh clients are still served, because at the cap the server closes
connections with nothing in progress (never-spoken first, then the longest idle) to make room,
and refuses only when every place is busy with a request. Prints the fresh clients' latency
(p50, p99, worst) and how many idle connections were closed to make room.

Usage: full_table.py BASE_URL --max-connections N [--fresh 300] [--max-p99-ms 250] [--busy B]
The server's --max-connections is N and its header timeout must outlast the run (about 20 s
for N = 10,000: the idle connections never send a byte).

--busy B: B of the N connections then begin a request and never finish it (busy: never closed to
make room), the rest stay idle. With few idle ones left, the event loop that accepts a fresh
client often has none of its own: the fresh client is served only if another loop closes one of
its idle connections for it.
"""
import argparse
import os
import select
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (Report, ResponseReader, connect, find_server_pid, parse_base, raise_nofile,  # noqa: E402
                    server_stats)


def closed_by_server(socks):
    """The sockets the server closed or wrote to (poll with no wait: no FD_SETSIZE limit)."""
    poller = select.poll()
    by_fd = {s.fileno(): s for s in socks}
    for fd in by_fd:
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    return [by_fd[fd] for fd, _ in poller.poll(0)]


def fresh_request(host, port):
    """A new connection, GET /healthz, the whole answer: (status or error, seconds)."""
    started = time.perf_counter()
    try:
        sock = connect(host, port, timeout=3.0)
    except OSError as error:
        return type(error).__name__, time.perf_counter() - started
    try:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        response = ResponseReader(sock).next(time.monotonic() + 3.0)
        return (response.status if response else "no answer"), time.perf_counter() - started
    except OSError as error:
        return type(error).__name__, time.perf_counter() - started
    finally:
        sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--max-connections", type=int, required=True, help="the server's --max-connections")
    parser.add_argument("--fresh", type=int, default=300, help="fresh clients, one after another")
    parser.add_argument("--max-p99-ms", type=float, default=250.0)
    parser.add_argument("--busy", type=int, default=0, help="connections that begin a request and never finish it")
    args = parser.parse_args()
    host, port = parse_base(args.base)
    report = Report("full-table")
    cap = args.max_connections
    limit = raise_nofile(cap + 1024)
    if limit < cap + 256:
        sys.exit(f"open-file limit {limit} is too low for {cap} connections; raise ulimit -n")
    pid = find_server_pid(port)

    # Fill the table with connections that never send a byte (one at a time: no backlog overflow).
    started = time.monotonic()
    idle, errors = [], []
    while len(idle) < cap and time.monotonic() < started + 30:
        try:
            idle.append(connect(host, port, timeout=3.0))
        except OSError as error:
            errors.append(type(error).__name__)
            if len(errors) > 20:
                break
    filled = time.monotonic() - started
    rss, fds = server_stats(pid)
    report.check(len(idle) == cap and not closed_by_server(idle) and not errors,
                 f"{cap} idle connections fill the table and are held",
                 f"opened in {filled:.1f} s" + (f"; server descriptors {fds}, RSS {rss:.1f} MiB" if fds else "")
                 + (f"; errors {errors[:3]}" if errors else ""))

    busy = idle[:args.busy]
    idle = idle[args.busy:]
    for sock in busy:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())
    if busy:
        # Until the server has accepted them and read those bytes, they are never-spoken to it,
        # the first it would close to make room.
        time.sleep(1.0)

    # Fresh clients, while the attacker reopens every idle connection the server closed.
    statuses, latencies, reclaimed, refused_bytes = {}, [], 0, 0
    for _ in range(args.fresh):
        status, seconds = fresh_request(host, port)
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200:
            latencies.append(seconds)
        closed = closed_by_server(idle)
        if closed:
            gone = set(closed)
            for sock in closed:
                try:
                    sock.setblocking(False)
                    refused_bytes += len(sock.recv(4096))
                except OSError:
                    pass
                sock.close()
            idle = [s for s in idle if s not in gone]
            reclaimed += len(closed)
            for _ in closed:
                try:
                    idle.append(connect(host, port, timeout=3.0))
                except OSError:
                    pass
    latencies.sort()

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")

    figures = (f"{statuses.get(200, 0)} of {args.fresh} served, p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, "
               f"worst {pct(1.0):.1f} ms; {reclaimed} idle connections closed to make room and reopened"
               + (f"; other answers {dict((k, v) for k, v in statuses.items() if k != 200)}" if len(statuses) > 1 else ""))
    report.check(statuses.get(200, 0) == args.fresh and pct(0.99) <= args.max_p99_ms,
                 f"with the table kept full by {cap - len(busy)} idle connections" + (f" and {len(busy)} busy ones" if busy else "")
                 + ", every fresh client is served "
                 f"(p99 ≤ {args.max_p99_ms:g} ms)", figures)
    report.check(refused_bytes == 0, "the idle connections were closed silently (a FIN, no answer)",
                 f"{refused_bytes} bytes read from them")
    if busy:
        report.check(not closed_by_server(busy), f"the {len(busy)} connections with a request in progress were left alone",
                     f"{len(idle)} idle beside them")
    rss_after, fds_after = server_stats(pid)
    if fds_after is not None:
        report.check(fds_after <= cap + 64, "the server stays within its cap",
                     f"descriptors {fds_after} (cap {cap}), RSS {rss_after:.1f} MiB")
    for sock in idle + busy:
        sock.close()
    report.finish()


if __name__ == "__main__":
    main()
