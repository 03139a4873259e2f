"""Shared helpers of the hostile-client scripts (Python standard library only).

Every wait is bounded, every socket is closed, and every check prints one PASS or FAIL line with
its figures. A `Monitor` plays the normal client: a separate process that opens a fresh
connection, sends GET /healthz and times the whole answer, several times a second, for as long
as an attack runs.
"""
import multiprocessing
import os
import re
import resource
import socket
import struct
import sys
import time
import urllib.parse

TCP_STATES = {1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT",
              7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN", 11: "CLOSING"}


def parse_base(url):
    """http://HOST:PORT → (host, port); only plain HTTP on an address, as the server speaks."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname or not parts.port:
        sys.exit(f"expected a base URL like http://127.0.0.1:8080, got {url!r}")
    return parts.hostname, parts.port


class Report:
    """Collects PASS/FAIL lines; `finish` exits non-zero when anything failed."""

    def __init__(self, name):
        self.name = name
        self.failures = 0

    def check(self, ok, what, figures=""):
        status = "PASS" if ok else "FAIL"
        if not ok:
            self.failures += 1
        print(f"{status} {self.name}: {what}{' — ' + figures if figures else ''}", flush=True)
        return ok

    def note(self, text):
        print(f"     {self.name}: {text}", flush=True)

    def finish(self):
        if self.failures:
            print(f"FAIL {self.name}: {self.failures} check(s) failed", flush=True)
            sys.exit(1)
        print(f"PASS {self.name}: all checks passed", flush=True)
        sys.exit(0)


def raise_nofile(wanted):
    """Raises this process's open-file soft limit towards `wanted` (up to the hard limit); returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return soft
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


def connect(host, port, timeout=3.0, rcvbuf=None):
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(timeout)
    try:
        sock.connect((host, port))
    except BaseException:
        sock.close()
        raise
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def tcp_state(sock):
    """The kernel's TCP state of a client socket (TCP_INFO's first byte), e.g. CLOSE after a reset."""
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
    except OSError:
        return "CLOSE"
    return TCP_STATES.get(info[0], str(info[0]))


# ---------------------------------------------------------------------------------------------
# Reading responses off a raw socket

class Response:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def __repr__(self):
        return f"<{self.status} {len(self.body)} bytes>"


class ResponseReader:
    """Splits the bytes a server sent into responses (Content-Length, chunked or close-delimited)."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = bytearray()
        self.eof = False
        self.reset = False

    def _fill(self, deadline):
        """Reads once; False at EOF, reset or the deadline."""
        remaining = deadline - time.monotonic()
        if remaining <= 0 or self.eof:
            return False
        self.sock.settimeout(remaining)
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return False
        except (ConnectionResetError, BrokenPipeError):
            self.eof = self.reset = True
            return False
        if not data:
            self.eof = True
            return False
        self.buffer += data
        return True

    def _need(self, count, deadline):
        while len(self.buffer) < count:
            if not self._fill(deadline):
                return False
        return True

    def _line(self, deadline):
        while b"\r\n" not in self.buffer:
            if not self._fill(deadline):
                return None
        line, _, rest = self.buffer.partition(b"\r\n")
        self.buffer = bytearray(rest)
        return bytes(line)

    def next(self, deadline, head_request=False):
        """The next complete response, or None (EOF, reset or deadline before one was complete)."""
        while b"\r\n\r\n" not in self.buffer:
            if not self._fill(deadline):
                return None
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        self.buffer = bytearray(rest)
        lines = head.decode("latin-1").split("\r\n")
        match = re.match(r"HTTP/1\.[01] (\d{3})", lines[0])
        if not match:
            raise ValueError(f"not an HTTP response: {lines[0]!r}")
        status = int(match.group(1))
        headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
        response = Response(status, headers, b"")
        if head_request or status in (100, 204, 304):
            return response
        length = response.header("Content-Length")
        if length is not None:
            if not self._need(int(length), deadline):
                return None
            response.body = bytes(self.buffer[:int(length)])
            del self.buffer[:int(length)]
            return response
        if (response.header("Transfer-Encoding") or "").lower() == "chunked":
            while True:
                line = self._line(deadline)
                if line is None:
                    return None
                size = int(line.split(b";")[0], 16)
                if size == 0:
                    while True:
                        trailer = self._line(deadline)
                        if trailer is None:
                            return None
                        if trailer == b"":
                            return response
                if not self._need(size + 2, deadline):
                    return None
                response.body += bytes(self.buffer[:size])
                del self.buffer[:size + 2]
        while self._fill(deadline):
            pass
        response.body, self.buffer = bytes(self.buffer), bytearray()
        return response

    def all(self, deadline):
        """Every response until EOF, reset or the deadline (see `eof` for whether the connection ended)."""
        responses = []
        while True:
            response = self.next(deadline)
            if response is None:
                return responses
            responses.append(response)

    def wait_closed(self, deadline):
        """True once the server closed the connection (EOF or reset), reading and dropping any bytes."""
        while not self.eof:
            if not self._fill(deadline):
                break
        return self.eof


def request(host, port, method, path, body=None, headers=(), timeout=5.0):
    """One request on a fresh connection; returns (status, body bytes, seconds)."""
    started = time.perf_counter()
    sock = connect(host, port, timeout)
    try:
        payload = b"" if body is None else body
        head = f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
        for name, value in headers:
            head += f"{name}: {value}\r\n"
        sock.sendall(head.encode() + b"\r\n" + payload)
        response = ResponseReader(sock).next(time.monotonic() + timeout, head_request=method == "HEAD")
        if response is None:
            raise ConnectionError(f"no response to {method} {path}")
        return response.status, response.body, time.perf_counter() - started
    finally:
        sock.close()


# ---------------------------------------------------------------------------------------------
# The server process, when it runs on this machine: found through its listening socket

def find_server_pid(port):
    """The pid of the local process listening on `port`, or None (another machine, no permission)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    local, state, inode = fields[1], fields[3], fields[9]
                    if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:
                        inodes.add(f"socket:[{inode}]")
        except OSError:
            continue
    if not inodes:
        return None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    return int(pid)
        except OSError:
            continue
    return None


def server_stats(pid):
    """(RSS in MiB, open descriptors) of the server, or (None, None)."""
    if pid is None:
        return None, None
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0) / 1024
        return rss, len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None, None


def fmt_mb(value):
    return "?" if value is None else f"{value:.1f} MiB"


# ---------------------------------------------------------------------------------------------
# The normal client


def listen_queue_drops():
    """The kernel's count of connections dropped at a full listen queue (/proc/net/netstat,
    TcpExt ListenDrops, which counts the overflows too), or None where they cannot be read: a
    dropped SYN is sent again only after 1 s, so a slow connect is told apart from a slow server."""
    try:
        with open("/proc/net/netstat") as file:
            lines = [line.split() for line in file if line.startswith("TcpExt:")]
        names, values = lines[0], lines[1]
        return int(values[names.index("ListenDrops")])
    except (OSError, IndexError, ValueError):
        return None


def _monitor_main(host, port, interval, conn, stop):
    latencies, failures = [], []
    request_bytes = f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode()
    while not stop.is_set():
        started = time.perf_counter()
        try:
            sock = connect(host, port, timeout=2.0)
            connected = time.perf_counter() - started
            try:
                sock.sendall(request_bytes)
                response = ResponseReader(sock).next(time.monotonic() + 2.0)
            finally:
                sock.close()
            elapsed = time.perf_counter() - started
            if response is None:
                failures.append(f"no answer after {elapsed * 1000:.0f} ms")
            elif response.status != 200:
                failures.append(f"status {response.status}")
            else:
                latencies.append((time.monotonic() - elapsed, elapsed, connected))
        except OSError as error:
            failures.append(f"{type(error).__name__}: {error}")
        stop.wait(interval)
    conn.send((latencies, failures))
    conn.close()


class Monitor:
    """A normal client in its own process (so this script's own work does not skew its timings)."""

    def __init__(self, host, port, interval=0.05):
        context = multiprocessing.get_context("fork")
        self.stop_event = context.Event()
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_monitor_main, args=(host, port, interval, sender, self.stop_event),
                                       daemon=True)
        self.latencies, self.failures = [], []
        self.stopped = False
        self.drops_before = self.listen_drops = None

    def __enter__(self):
        self.drops_before = listen_queue_drops()
        self.process.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        if self.stopped:
            return self
        self.stopped = True
        self.stop_event.set()
        after = listen_queue_drops()
        self.listen_drops = None if after is None or self.drops_before is None else after - self.drops_before
        if self.receiver.poll(10):
            self.latencies, self.failures = self.receiver.recv()
        else:
            self.failures = ["monitor did not report"]
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        return self

    def summary(self, start=None, end=None):
        """Text and worst latency (ms) of the requests started within [start, end) (monotonic)."""
        chosen = sorted((latency, connected) for started, latency, connected in self.latencies
                        if (start is None or started >= start) and (end is None or started < end))
        if not chosen:
            return "no successful requests", None
        values = [latency for latency, _ in chosen]
        def pct(p):
            return values[min(len(values) - 1, int(p * len(values)))] * 1000
        worst = values[-1] * 1000
        text = (f"normal client: {len(values)} requests ok, {len(self.failures)} failed, "
                f"p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {worst:.1f} ms "
                f"(of which connecting {chosen[-1][1] * 1000:.1f} ms)")
        if self.listen_drops:
            text += f"; the kernel dropped {self.listen_drops} connection(s) at a full listen queue meanwhile"
        return text, worst

    def check(self, report, limit_ms, during, start=None, end=None):
        text, worst = self.summary(start, end)
        ok = worst is not None and not self.failures and worst <= limit_ms
        if self.failures:
            text += f"; failures: {self.failures[:3]}"
        report.check(ok, f"a normal client is served within {limit_ms:.0f} ms during {during}", text)
        return worst
