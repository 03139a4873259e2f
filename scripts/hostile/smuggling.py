#!/usr/bin/env python3
"""Request smuggling attempts: ambiguous framing must be refused (400, or 501 for an unsupported
transfer coding, 411 when a body has no valid framing at all) and the connection closed, and a request hidden behind the ambiguity must never
be answered as a second request. Each case goes on its own connection with a canary request
after it; exactly one response may come back. A correctly framed request whose body holds another
request gets exactly one answer too. Pipelined valid requests (the control case) get one each.

Usage: smuggling.py BASE_URL [--max-latency-ms 100]
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Monitor, Report, ResponseReader, connect, parse_base  # noqa: E402

# A request that, if ever parsed as one, gets its own (404) response.
CANARY = b"GET /v1/sessions/smuggled-canary HTTP/1.1\r\nHost: x\r\n\r\n"


def post(*fields, version=b"HTTP/1.1", host=True):
    head = b"POST /v1/sessions " + version + b"\r\n" + (b"Host: x\r\n" if host else b"")
    return head + b"".join(field + b"\r\n" for field in fields) + b"\r\n"


# name, bytes (the canary is appended), statuses allowed
REFUSED = [
    ("CL then TE", post(b"Content-Length: 6", b"Transfer-Encoding: chunked") + b"0\r\n\r\nG", {400}),
    ("TE then CL", post(b"Transfer-Encoding: chunked", b"Content-Length: 6") + b"0\r\n\r\nG", {400}),
    ("CL then obfuscated TE", post(b"Content-Length: 6", b"Transfer-Encoding: xchunked") + b"0\r\n\r\nG", {400}),
    ("duplicate differing CL", post(b"Content-Length: 5", b"Content-Length: 45") + b"{}{}{", {400}),
    ("differing CL list", post(b"Content-Length: 5, 45") + b"{}{}{", {400}),
    ("CL with inner space", post(b"Content-Length: 1 0") + b"{}{}{}{}{}", {400}),
    ("CL with plus sign", post(b"Content-Length: +5") + b"{}{}{", {400}),
    ("CL negative", post(b"Content-Length: -5") + b"{}{}{", {400}),
    ("CL hexadecimal", post(b"Content-Length: 0x5") + b"{}{}{", {400}),
    ("CL decimal point", post(b"Content-Length: 5.0") + b"{}{}{", {400}),
    ("CL space before colon", post(b"Content-Length : 5") + b"{}{}{", {400}),
    ("CL vertical tab", post(b"Content-Length: \x0b5") + b"{}{}{", {400}),
    ("TE xchunked", post(b"Transfer-Encoding: xchunked") + b"0\r\n\r\n", {400, 501}),
    ("TE chunked, identity", post(b"Transfer-Encoding: chunked, identity") + b"0\r\n\r\n", {400}),
    ("TE identity, chunked", post(b"Transfer-Encoding: identity, chunked") + b"0\r\n\r\n", {501}),
    ("TE gzip, chunked", post(b"Transfer-Encoding: gzip, chunked") + b"0\r\n\r\n", {501}),
    ("TE chunked twice", post(b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked") + b"0\r\n\r\n", {400}),
    ("TE chunked, chunked", post(b"Transfer-Encoding: chunked, chunked") + b"0\r\n\r\n", {400}),
    ("TE space before colon", post(b"Transfer-Encoding : chunked") + b"0\r\n\r\n", {400}),
    ("TE vertical tab", post(b"Transfer-Encoding: \x0bchunked") + b"0\r\n\r\n", {400}),
    ("TE obs-fold", post(b"X-Padding: a", b"Transfer-Encoding:", b" chunked") + b"0\r\n\r\n", {400}),
    ("TE leading space (first field)", post(b" Transfer-Encoding: chunked") + b"0\r\n\r\n", {400}),
    ("TE in HTTP/1.0", post(b"Transfer-Encoding: chunked", version=b"HTTP/1.0", host=False) + b"0\r\n\r\n", {400}),
    ("TE header lines ended by bare LF", b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 6\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG", {400}),
    ("chunk size 0x", post(b"Transfer-Encoding: chunked") + b"0x2\r\n{}\r\n0\r\n\r\n", {400}),
    ("chunk size negative", post(b"Transfer-Encoding: chunked") + b"-2\r\n{}\r\n0\r\n\r\n", {400}),
    ("chunk size bare LF", post(b"Transfer-Encoding: chunked") + b"2\n{}\r\n0\r\n\r\n", {400}),
    ("chunk data longer than its size", post(b"Transfer-Encoding: chunked") + b"1\r\n{}\r\n0\r\n\r\n", {400}),
    ("chunk extension with bare CR", post(b"Transfer-Encoding: chunked") + b"2;a=\rb\r\n{}\r\n0\r\n\r\n", {400}),
    ("TE name with underscore (not TE; POST without length)", post(b"Transfer_Encoding: chunked") + b"0\r\n\r\n", {411}),
    ("TE and CL on a GET", b"GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", {400}),
    ("two Host fields", b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", {400}),
]


def exchange(host, port, payload, wait):
    """Sends `payload` in one write; every response that comes back within `wait`, and whether it closed."""
    sock = connect(host, port)
    try:
        sock.sendall(payload)
        reader = ResponseReader(sock)
        deadline = time.monotonic() + wait
        responses = reader.all(deadline)
        return responses, reader.eof
    finally:
        sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--max-latency-ms", type=float, default=100)
    args = parser.parse_args()
    host, port = parse_base(args.base)
    report = Report("smuggling")

    with Monitor(host, port) as monitor:
        # The control: two pipelined requests, two answers (so counting responses is meaningful).
        pair = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY.replace(b"HTTP/1.1\r\n", b"HTTP/1.1\r\nConnection: close\r\n")
        responses, closed = exchange(host, port, pair, 3)
        report.check([r.status for r in responses] == [200, 404] and closed,
                      "control: two pipelined requests get two answers", f"statuses {[r.status for r in responses]}")

        for name, payload, allowed in REFUSED:
            started = time.monotonic()
            responses, closed = exchange(host, port, payload + CANARY, 3)
            elapsed = (time.monotonic() - started) * 1000
            statuses = [r.status for r in responses]
            ok = len(responses) == 1 and statuses[0] in allowed and closed \
                and (responses[0].header("Connection") or "").lower() == "close"
            report.check(ok, f"{name}: refused with one answer and closed",
                         f"statuses {statuses} (allowed {sorted(allowed)}), closed={closed}, {elapsed:.1f} ms")

        # Correctly framed bodies that contain a whole request: one answer, the body stays a body.
        body = b'{"control":"switch"}' + b"\r\n\r\n" + CANARY
        cases = [
            ("request inside a Content-Length body", post(b"Content-Length: %d" % len(body)) + body),
            ("request inside a chunked body", post(b"Transfer-Encoding: chunked") + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"),
            ("request inside a GET body", b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(CANARY) + CANARY),
        ]
        for name, payload in cases:
            responses, closed = exchange(host, port, payload, 1.5)
            statuses = [r.status for r in responses]
            report.check(len(responses) == 1 and statuses[0] in (200, 400), f"{name}: exactly one answer",
                         f"statuses {statuses}, connection {'closed' if closed else 'kept open'}")

    monitor.check(report, args.max_latency_ms, "the smuggling attempts")
    report.finish()


if __name__ == "__main__":
    main()
