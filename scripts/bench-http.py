#!/usr/bin/env python3
"""Helpers for scripts/bench-http.sh (standard library only, loopback only).

  freeport                          print a free TCP port on 127.0.0.1
  wait PORT SECONDS                 wait until 127.0.0.1:PORT accepts connections
  setup PORT OUTDIR                 one mid-animation session per control; writes frame.json (one
                                    real switch frame), frame-path.txt, frames-paths.txt
  event-sessions PORT N OUTFILE     N sessions (controls round-robin), one line per session:
                                    "<path>\\t<event JSON with @T where t goes>" for wrk's post.lua
  idle PORT IDLE REQUESTS PATH      hold IDLE keep-alive connections (one GET PATH each, then idle)
                                    and time REQUESTS GET PATH on fresh connections
  startup RUNS -- CMD...            start CMD (which must listen on the port after --port), poll
                                    connect() every 1 ms, report the median time to accepting
  parse-wrk                         wrk --latency output on stdin -> "req/s p50_ms p99_ms non2xx errors"
  report RESULTS IDLE STARTUP       the final table with medians, ratios and PASS/MISS
"""
import http.client
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time

HOST = "127.0.0.1"

# An event every control accepts in any state, posted at increasing t (taps last 0.1 s; t steps 0.2 s).
EVENTS = {
    "button": '{"type":"tap","t":@T,"x":100,"y":25}',
    "progressButton": '{"type":"start","t":@T}',
    "switch": '{"type":"tap","t":@T,"x":25,"y":15}',
    "card": '{"type":"toggle","t":@T}',
}
KICKOFF = {
    "button": '{"type":"tap","t":0,"x":100,"y":25}',
    "progressButton": '{"type":"start","t":0}',
    "switch": '{"type":"tap","t":0,"x":25,"y":15}',
    "card": '{"type":"tap","t":0,"x":195,"y":800}',
}
CONTROLS = ["button", "progressButton", "switch", "card"]


def fail(message):
    print(f"bench-http.py: {message}", file=sys.stderr)
    sys.exit(1)


def request(conn, method, path, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, response.getheaders(), response.read()


def create(conn, control):
    status, headers, body = request(conn, "POST", "/v1/sessions", json.dumps({"control": control}))
    if status != 201:
        fail(f"creating a {control} answered {status}: {body[:200]!r}")
    return json.loads(body)["id"]


def post(conn, sid, event):
    status, _, body = request(conn, "POST", f"/v1/sessions/{sid}/events", event)
    if status != 200:
        fail(f"posting {event} answered {status}: {body[:200]!r}")


def cmd_freeport():
    with socket.socket() as s:
        s.bind((HOST, 0))
        print(s.getsockname()[1])


def cmd_wait(port, seconds):
    deadline = time.monotonic() + float(seconds)
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, int(port)), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.01)
    fail(f"nothing accepts connections on {HOST}:{port} after {seconds} s")


def cmd_setup(port, outdir):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    frames_paths = []
    frame_path = None
    for control in CONTROLS:
        sid = create(conn, control)
        post(conn, sid, KICKOFF[control])
        frames_paths.append(f"/v1/sessions/{sid}/frames?from=0&to=1&fps=60")
        if control == "switch":
            frame_path = f"/v1/sessions/{sid}/frame?t=0.1"
            status, _, body = request(conn, "GET", frame_path)
            if status != 200:
                fail(f"frame answered {status}")
            with open(os.path.join(outdir, "frame.json"), "wb") as f:
                f.write(body)
        for path in frames_paths[-1:]:
            status, _, body = request(conn, "GET", path)
            if status != 200:
                fail(f"frames answered {status}")
            print(f"  {control}: 61 frames = {len(body)} bytes", file=sys.stderr)
    with open(os.path.join(outdir, "frame-path.txt"), "w") as f:
        f.write(frame_path + "\n")
    with open(os.path.join(outdir, "frames-paths.txt"), "w") as f:
        f.write("\n".join(frames_paths) + "\n")


def cmd_event_sessions(port, count, outfile):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    lines = []
    for i in range(int(count)):
        control = CONTROLS[i % len(CONTROLS)]
        sid = create(conn, control)
        lines.append(f"/v1/sessions/{sid}/events\t{EVENTS[control]}")
    with open(outfile, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_response(s):
    """One whole Content-Length-framed response from a blocking socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            fail("a connection closed before its answer")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = s.recv(4096)
        if not chunk:
            fail("a connection closed mid-body")
        body += chunk
    return head + b"\r\n\r\n" + body


def cmd_idle(port, idle, requests, path):
    port, idle, requests = int(port), int(idle), int(requests)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, idle + 256)), hard))
    probe = f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
    held = []
    opened = time.monotonic()
    for _ in range(idle):
        s = socket.create_connection((HOST, port), timeout=5)
        s.sendall(probe)
        held.append(s)
    for s in held:  # every connection completes its request, then idles (keep-alive)
        data = read_response(s)
        if not data.startswith(b"HTTP/1.1 200"):
            fail(f"idle connection answered {data[:40]!r}")
    setup_s = time.monotonic() - opened
    time.sleep(1.0)
    latencies = []
    for _ in range(requests):
        start = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, port, timeout=5)
        status, _, _ = request(conn, "GET", path)
        latencies.append((time.perf_counter() - start) * 1000)
        conn.close()
        if status != 200:
            fail(f"a normal request answered {status}")
        time.sleep(0.02)
    still_open = 0
    for s in held:  # the idle connections are still there (not dropped to make room)
        s.setblocking(False)
        try:
            still_open += 0 if s.recv(1) == b"" else 1
        except BlockingIOError:
            still_open += 1
        s.close()
    print(json.dumps({"port": port, "path": path, "idle": idle, "still_open": still_open, "setup_s": round(setup_s, 2), "requests": requests,
                      "median_ms": round(statistics.median(latencies), 3), "p90_ms": round(sorted(latencies)[int(0.9 * len(latencies))], 3),
                      "max_ms": round(max(latencies), 3)}))


def cmd_startup(runs, command):
    runs = int(runs)
    port = int(command[command.index("--port") + 1])
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = None
        while time.perf_counter() - start < 5:
            s = socket.socket()
            try:
                s.connect((HOST, port))
                elapsed = (time.perf_counter() - start) * 1000
                break
            except OSError:
                time.sleep(0.001)
            finally:
                s.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if elapsed is None:
            fail("the server did not accept a connection within 5 s")
        times.append(elapsed)
        time.sleep(0.2)
    print(json.dumps({"runs": runs, "median_ms": round(statistics.median(times), 1),
                      "min_ms": round(min(times), 1), "max_ms": round(max(times), 1),
                      "all_ms": [round(t, 1) for t in times]}))


def to_ms(text):
    for unit, scale in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * scale
    return float(text)


def cmd_parse_wrk():
    rps = p50 = p99 = None
    non2xx = errors = 0
    for line in sys.stdin.read().splitlines():
        parts = line.split()
        if line.startswith("Requests/sec:"):
            rps = float(parts[1])
        elif len(parts) == 2 and parts[0] == "50%":
            p50 = to_ms(parts[1])
        elif len(parts) == 2 and parts[0] == "99%":
            p99 = to_ms(parts[1])
        elif "Non-2xx or 3xx responses:" in line:
            non2xx = int(parts[-1])
        elif line.strip().startswith("Socket errors:"):
            errors = sum(int(x.strip(",")) for x in parts if x.strip(",").isdigit())
    if rps is None or p50 is None or p99 is None:
        fail("could not read wrk's output")
    print(f"{rps:.1f}\t{p50:.3f}\t{p99:.3f}\t{non2xx}\t{errors}")


TARGETS = {
    ("GET frame", "16"): "req/s >= 0.5x nginx",
    ("GET frames", "16"): "req/s >= 3,000",
    ("POST events", "16"): "req/s >= 0.3x nginx",
    ("GET frame", "64"): "req/s >= 0.5x nginx; p99 <= 2x nginx",
}


def verdict(endpoint, connections, server, nginx):
    ratio = server["rps"] / nginx["rps"]
    if endpoint == "GET frames":
        ok = server["rps"] >= 3000
    elif endpoint == "POST events":
        ok = ratio >= 0.3
    else:
        ok = ratio >= 0.5 and (connections != "64" or server["p99"] <= 2 * nginx["p99"])
    if server["non2xx"] or server["errors"]:
        ok = False
    return "PASS" if ok else "MISS"


def cmd_report(results, idle_files, startup):
    runs = {}
    order = []
    for line in open(results):
        endpoint, connections, target, rps, p50, p99, non2xx, errors = line.rstrip("\n").split("\t")
        key = (endpoint, connections)
        if key not in runs:
            order.append(key)
        runs.setdefault(key, {}).setdefault(target, []).append(
            {"rps": float(rps), "p50": float(p50), "p99": float(p99), "non2xx": int(non2xx), "errors": int(errors)})

    def median_of(samples):
        return {"rps": statistics.median(s["rps"] for s in samples), "p50": statistics.median(s["p50"] for s in samples),
                "p99": statistics.median(s["p99"] for s in samples), "non2xx": sum(s["non2xx"] for s in samples),
                "errors": sum(s["errors"] for s in samples), "runs": len(samples),
                "all": "/".join(f"{s['rps']:.0f}" for s in samples)}

    header = ["endpoint", "conns", "server", "server req/s", "nginx req/s", "ratio", "server p50/p99 ms", "nginx p50/p99 ms",
              "p99 ratio", "non-2xx/errors", "target", "result"]
    rows = []
    notes = []
    for endpoint, connections in order:
        targets = runs[(endpoint, connections)]
        nginx = median_of(targets["nginx"])
        notes.append(f"  {endpoint} c{connections} per round, req/s (p99 ms): nginx "
                     + ", ".join(f"{s['rps']:.0f} ({s['p99']:.1f})" for s in targets["nginx"]))
        for name, samples in targets.items():
            if name == "nginx":
                continue
            server = median_of(samples)
            rows.append([endpoint, connections, name, f"{server['rps']:,.0f}", f"{nginx['rps']:,.0f}",
                         f"{server['rps'] / nginx['rps']:.2f}x",
                         f"{server['p50']:.2f}/{server['p99']:.2f}", f"{nginx['p50']:.2f}/{nginx['p99']:.2f}",
                         f"{server['p99'] / nginx['p99']:.2f}x", f"{server['non2xx']}/{server['errors']}",
                         TARGETS.get((endpoint, connections), ""), verdict(endpoint, connections, server, nginx)])
            notes.append(f"  {'':>{len(endpoint) + len(connections) + 2}} {name} "
                         + ", ".join(f"{s['rps']:.0f} ({s['p99']:.1f})" for s in samples))
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    print()
    for r in [header] + rows:
        print("  " + "  ".join(str(c).ljust(w) if i in (0, 2, 10) else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    print("  (medians of the rounds; ratio = server / nginx; nginx serves the same-size static JSON; result needs 0 non-2xx)")
    for note in notes:
        print(note)
    print()
    print("  normal requests (each on a fresh connection, 20 ms apart) while idle keep-alive connections are held open:")
    for label_file in idle_files.split(","):
        label, _, file = label_file.partition("=")
        r = json.load(open(file))
        line = (f"    {label:<7} {r['idle']:>5,} idle ({r['still_open']:,} still open at the end), {r['requests']} x GET {r['path']}:"
                f" median {r['median_ms']:.2f} ms, p90 {r['p90_ms']:.2f} ms, max {r['max_ms']:.2f} ms")
        if label == "server" and r["idle"] > 0:
            ok = r["max_ms"] <= 10 and r["still_open"] == r["idle"]
            line += f" — target max <= 10 ms: {'PASS' if ok else 'MISS'}"
        print(line)
    start_result = json.load(open(startup))
    print(f"  start-up to accepting connections ({start_result['runs']} starts, connect() polled every 1 ms):"
          f" median {start_result['median_ms']:.1f} ms (min {start_result['min_ms']:.1f}, max {start_result['max_ms']:.1f})"
          f" — target < 200 ms: {'PASS' if start_result['median_ms'] < 200 else 'MISS'}")


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        sys.exit(2)
    command, args = argv[1], argv[2:]
    if command == "freeport":
        cmd_freeport()
    elif command == "wait":
        cmd_wait(*args)
    elif command == "setup":
        cmd_setup(*args)
    elif command == "event-sessions":
        cmd_event_sessions(*args)
    elif command == "idle":
        cmd_idle(*args)
    elif command == "parse-wrk":
        cmd_parse_wrk()
    elif command == "report":
        cmd_report(*args)
    elif command == "startup":
        cmd_startup(args[0], args[args.index("--") + 1:])
    else:
        fail(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
