#!/usr/bin/env python3
"""Oversized bodies: a 100 MB Content-Length is answered 413 at once, from the head alone (also
with Expect: 100-continue, which must not be invited), and the connection is closed without the
server storing the body; a chunked body growing past the limit is refused with 413 as soon as
it crosses it; a chunk size beyond the limit is refused before any of its data. A normal client
is served throughout and the server's memory does not grow.

Usage: big_body.py BASE_URL [--max-body-bytes 1048576] [--linger 2] [--max-latency-ms 100]
--max-body-bytes is the server's limit; --linger the seconds it drains a refused request (its
fixed linger time) before closing.
"""
import argparse
import os
import select
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Monitor, Report, ResponseReader, connect, find_server_pid, fmt_mb, parse_base, server_stats  # noqa: E402

ANNOUNCED = 100 * 1024 * 1024


def head(*fields):
    return (b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + b"".join(f + b"\r\n" for f in fields) + b"\r\n")


def stream(host, port, first, more, limit_bytes, seconds):
    """Sends `first`, then `more()` repeatedly (up to `limit_bytes` in all, then one-byte probes)
    while reading, until sending fails because the server closed the connection, or `seconds`
    pass. Figures: when the answer came, when the server half-closed (EOF) and closed (reset)."""
    sock = connect(host, port)
    sock.setblocking(False)
    started = time.monotonic()
    out = bytearray(first)
    sent = 0
    received = bytearray()
    f = {"answer_at": None, "sent_at_answer": None, "eof_at": None, "closed_at": None, "closed_how": None}
    next_probe = 0.0
    try:
        while time.monotonic() - started < seconds and f["closed_at"] is None:
            readable, writable, _ = select.select([] if f["eof_at"] else [sock], [sock], [], 0.05)
            now = time.monotonic() - started
            if readable:
                try:
                    data = sock.recv(65536)
                except ConnectionResetError:
                    f["closed_at"], f["closed_how"] = now, "reset on read"
                    break
                if data:
                    if f["answer_at"] is None:
                        f["answer_at"], f["sent_at_answer"] = now, sent
                    received += data
                else:
                    f["eof_at"] = now
            if writable:
                if not out:
                    if sent < limit_bytes:
                        out += more()
                    elif now >= next_probe:
                        out += b" "
                        next_probe = now + 0.05
                    else:
                        time.sleep(0.01)
                        continue
                try:
                    n = sock.send(out)
                    sent += n
                    del out[:n]
                except BlockingIOError:
                    pass
                except (BrokenPipeError, ConnectionResetError) as error:
                    f["closed_at"], f["closed_how"] = now, type(error).__name__
    finally:
        sock.close()
    f["sent"] = sent
    f["status"] = int(received[9:12]) if received.startswith(b"HTTP/1.1 ") else None
    return f


def one_shot(host, port, payload, wait=3.0):
    """Sends `payload`; the statuses answered and whether the server closed, within `wait`."""
    sock = connect(host, port)
    try:
        started = time.monotonic()
        sock.sendall(payload)
        reader = ResponseReader(sock)
        responses = reader.all(started + wait)
        return [r.status for r in responses], reader.eof, (time.monotonic() - started) * 1000, responses
    finally:
        sock.close()


def ms(seconds):
    return "never" if seconds is None else f"{seconds * 1000:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--max-body-bytes", type=int, default=1024 * 1024)
    parser.add_argument("--linger", type=float, default=2.0)
    parser.add_argument("--slack", type=float, default=1.5)
    parser.add_argument("--max-latency-ms", type=float, default=100.0)
    args = parser.parse_args()
    host, port = parse_base(args.base)
    limit = args.max_body_bytes
    report = Report("big-body")
    pid = find_server_pid(port)
    rss_before, _ = server_stats(pid)

    with Monitor(host, port) as monitor:
        # 1. Announced, head only: 413 from the head, then the connection ends.
        statuses, closed, elapsed, responses = one_shot(host, port, head(b"Content-Length: %d" % ANNOUNCED), wait=args.linger + args.slack)
        report.check(statuses == [413] and (responses[0].header("Connection") or "").lower() == "close",
                     "Content-Length: 104857600 (head only) is answered 413",
                     f"statuses {statuses}, connection {'closed' if closed else 'open'} after {elapsed:.0f} ms")

        # 2. Announced and actually sent, as fast as the socket takes it.
        chunk = b"x" * 65536
        f = stream(host, port, head(b"Content-Length: %d" % ANNOUNCED), lambda: chunk, ANNOUNCED, args.linger + args.slack + 2)
        report.check(f["status"] == 413 and f["answer_at"] is not None and f["answer_at"] < 1.0
                     and f["closed_at"] is not None and f["closed_at"] <= args.linger + args.slack,
                     "a 100 MB body being sent is refused at once and the connection closed",
                     f"413 after {ms(f['answer_at'])} ({f['sent_at_answer']} bytes sent by then), write side shut after "
                     f"{ms(f['eof_at'])}, closed ({f['closed_how']}) after {ms(f['closed_at'])}; "
                     f"{f['sent'] / 2**20:.1f} MiB accepted in all (drained and dropped while lingering)")

        # 3. Expect: 100-continue must not invite a body that is too large.
        statuses, closed, elapsed, _ = one_shot(host, port, head(b"Content-Length: %d" % ANNOUNCED, b"Expect: 100-continue"))
        report.check(statuses == [413] and closed, "Expect: 100-continue with 100 MB gets 413, no 100 Continue",
                     f"statuses {statuses}, closed={closed}, {elapsed:.0f} ms")

        # 4. Content-Length beyond any integer.
        statuses, closed, elapsed, _ = one_shot(host, port, head(b"Content-Length: 99999999999999999999999999"))
        report.check(statuses == [413] and closed, "a Content-Length beyond 64 bits gets 413",
                     f"statuses {statuses}, closed={closed}, {elapsed:.0f} ms")

        # 5. The limit itself: exactly the limit is read (and refused as JSON), one byte more is 413.
        statuses, _, _, _ = one_shot(host, port, head(b"Content-Length: %d" % limit) + b" " * limit, wait=5)
        over, _, _, _ = one_shot(host, port, head(b"Content-Length: %d" % (limit + 1)), wait=5)
        report.check(statuses == [400] and over == [413], f"a body of exactly {limit} bytes is read, {limit + 1} is 413",
                     f"statuses {statuses} and {over}")

        # 6. A chunked body that keeps growing.
        piece = b"%x\r\n" % 65536 + b" " * 65536 + b"\r\n"
        f = stream(host, port, head(b"Transfer-Encoding: chunked"), lambda: piece, 64 * 2**20, args.linger + args.slack + 2)
        report.check(f["status"] == 413 and f["sent_at_answer"] is not None and f["sent_at_answer"] >= limit
                     and f["closed_at"] is not None and f["closed_at"] <= args.linger + args.slack,
                     "a chunked body growing past the limit gets 413 once it crosses it",
                     f"413 after {ms(f['answer_at'])} with {f['sent_at_answer']} bytes sent (limit {limit}), "
                     f"closed ({f['closed_how']}) after {ms(f['closed_at'])}, {f['sent'] / 2**20:.1f} MiB accepted in all")

        # 7. One chunk announced larger than the limit: refused from its size line, before its data.
        for size in (b"%x" % (limit + 1), b"FFFFFFFFFFFFFFFFFFFFFFFF"):
            statuses, closed, elapsed, _ = one_shot(host, port, head(b"Transfer-Encoding: chunked") + size + b"\r\n")
            report.check(statuses == [413] and closed, f"chunk size {size.decode()} gets 413 before its data",
                         f"statuses {statuses}, closed={closed}, {elapsed:.0f} ms")

    rss_after, _ = server_stats(pid)
    if pid is not None:
        report.check(rss_after - rss_before < 32, "the server did not store the bodies",
                     f"RSS {fmt_mb(rss_before)} → {fmt_mb(rss_after)}")
    monitor.check(report, args.max_latency_ms, "the oversized bodies")
    report.finish()


if __name__ == "__main__":
    main()
