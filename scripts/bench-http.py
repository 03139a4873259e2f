#!/usr/bin/env python3
"""Helpers for scripts/bench-http.sh (standard library only, loopback only).

  freeport                          print a free TCP port on 127.0.0.1
  wait PORT SECONDS                 wait until 127.0.0.1:PORT accepts connections
  setup PORT OUTDIR                 one mid-animation session per control; writes frame.json and
                                    card-frame.json (a real switch and card frame), frame-path.txt,
                                    card-frame-path.txt, frames-paths.txt, and frames-CONTROL.json
                                    (each control's frames window, for nginx to serve the same bytes)
  cpu PID...                        CPU seconds (user + system) of the processes and their children
  journal PORT                      "appends syncs sync_seconds" from the server's /metrics (zeros without a journal)
  event-sessions PORT N OUTFILE     N sessions (controls round-robin), one line per session:
                                    "<path>\\t<event JSON with @T where t goes>" for wrk's post.lua
  idle PORT IDLE REQUESTS PATH      hold IDLE keep-alive connections (one GET PATH each, then idle)
                                    and time REQUESTS GET PATH on fresh connections
  startup RUNS -- CMD...            start CMD (which must listen on the port after --port), poll
                                    connect() every 1 ms, report the median time to accepting
  parse-wrk                         wrk --latency output on stdin -> "req/s p50_ms p99_ms non2xx errors requests"
  report RESULTS IDLE STARTUP       the final table with medians, ratios and PASS/MISS
  scene-setup PORT OUTDIR           the built-in Settings scene and a switch, each tapped at t = 0; writes
                                    scene-frame-path.txt and switch-frame-path.txt (GET …/frame?t=0.2)
  scene-sessions PORT N OUTFILE KIND  N Settings scenes (KIND scene: a tap on row 0's switch, ?state=changed)
                                    or N switches (KIND switch: the same tap), lines as event-sessions writes
  scene-report RESULTS              the scene against the switch, from the scene runs' lines
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
        if control in ("switch", "card"):
            path = f"/v1/sessions/{sid}/frame?t=0.1"
            status, _, body = request(conn, "GET", path)
            if status != 200:
                fail(f"frame answered {status}")
            name = "frame" if control == "switch" else "card-frame"
            with open(os.path.join(outdir, f"{name}.json"), "wb") as f:
                f.write(body)
            with open(os.path.join(outdir, f"{name}-path.txt"), "w") as f:
                f.write(path + "\n")
        for path in frames_paths[-1:]:
            status, _, body = request(conn, "GET", path)
            if status != 200:
                fail(f"frames answered {status}")
            with open(os.path.join(outdir, f"frames-{control}.json"), "wb") as f:
                f.write(body)
            print(f"  {control}: 61 frames = {len(body)} bytes", file=sys.stderr)
    with open(os.path.join(outdir, "frames-paths.txt"), "w") as f:
        f.write("\n".join(frames_paths) + "\n")


def process_tree(pid):
    """The process and its descendants (nginx's workers are children of its master)."""
    found, queue = [], [int(pid)]
    while queue:
        p = queue.pop()
        found.append(p)
        for task in os.listdir(f"/proc/{p}/task") if os.path.isdir(f"/proc/{p}/task") else []:
            try:
                queue.extend(int(c) for c in open(f"/proc/{p}/task/{task}/children").read().split())
            except OSError:
                pass
    return found


def cmd_cpu(*pids):
    ticks = 0
    for pid in {p for root in pids for p in process_tree(root)}:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (every thread of the process)
    print(f"{ticks / os.sysconf('SC_CLK_TCK'):.2f}")


def cmd_journal(port):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    status, _, body = request(conn, "GET", "/metrics")
    appends = syncs = 0
    seconds = 0.0
    for line in body.decode().splitlines():
        if line.startswith("controlsim_journal_appends_total "):
            appends = int(float(line.split()[1]))
        elif line.startswith("controlsim_journal_fsync_seconds_count"):
            syncs = int(float(line.split()[-1]))
        elif line.startswith("controlsim_journal_fsync_seconds_sum"):
            seconds = float(line.split()[-1])
    print(f"{appends} {syncs} {seconds:.6f}")


def cmd_event_sessions(port, count, outfile):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    lines = []
    for i in range(int(count)):
        control = CONTROLS[i % len(CONTROLS)]
        sid = create(conn, control)
        lines.append(f"/v1/sessions/{sid}/events\t{EVENTS[control]}")
    with open(outfile, "w") as f:
        f.write("\n".join(lines) + "\n")


# A tap on row 0's switch of the Settings scene, in window coordinates (touch 1).
SCENE_TAP = '{"type":"tap","touch":1,"t":@T,"x":348.5,"y":22}'


def cmd_scene_setup(port, outdir):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    status, _, body = request(conn, "POST", "/v1/sessions", json.dumps({"scene": "settings"}))
    if status != 201:
        fail(f"creating the Settings scene answered {status}: {body[:200]!r}")
    scene = json.loads(body)["id"]
    post(conn, scene, SCENE_TAP.replace("@T", "0"))
    switch = create(conn, "switch")
    post(conn, switch, KICKOFF["switch"])
    for name, sid in (("scene", scene), ("switch", switch)):
        path = f"/v1/sessions/{sid}/frame?t=0.2"
        status, _, body = request(conn, "GET", path)
        if status != 200:
            fail(f"{name} frame answered {status}")
        with open(os.path.join(outdir, f"{name}-frame-path.txt"), "w") as f:
            f.write(path + "\n")
        print(f"  {name} frame at t = 0.2: {len(body)} bytes", file=sys.stderr)


def cmd_scene_sessions(port, count, outfile, kind):
    conn = http.client.HTTPConnection(HOST, int(port), timeout=10)
    lines = []
    for _ in range(int(count)):
        if kind == "scene":
            status, _, body = request(conn, "POST", "/v1/sessions", json.dumps({"scene": "settings"}))
            if status != 201:
                fail(f"creating the Settings scene answered {status}: {body[:200]!r}")
            lines.append(f"/v1/sessions/{json.loads(body)['id']}/events?state=changed\t{SCENE_TAP}")
        else:
            lines.append(f"/v1/sessions/{create(conn, 'switch')}/events\t{EVENTS['switch']}")
    with open(outfile, "w") as f:
        f.write("\n".join(lines) + "\n")


def cmd_scene_report(results):
    runs = {}
    for line in open(results):
        endpoint, _, _, rps, p50, p99, non2xx, errors, _, cpu, _ = line.rstrip("\n").split("\t")
        runs.setdefault(endpoint, []).append({"rps": float(rps), "p99": float(p99), "cpu": float(cpu), "bad": int(non2xx) + int(errors)})
    med = {e: {k: statistics.median(s[k] for s in samples) for k in ("rps", "p99", "cpu")} | {"bad": sum(s["bad"] for s in samples)}
           for e, samples in runs.items()}
    print()
    print("  scenes (issue 27), the same server and run, 16 connections, medians of the rounds:")
    for endpoint, m in med.items():
        print(f"    {endpoint:<28} {m['rps']:>9,.0f} req/s  CPU {m['cpu']:6.1f} µs/req  p99 {m['p99']:.2f} ms  non-2xx/errors {m['bad']}")
    frame, single = med.get("GET frame settings scene"), med.get("GET frame switch")
    if frame and single:
        per_view = frame["cpu"] / 23
        print(f"    Settings frame per view with a control (23): {per_view:.1f} µs vs a switch's own frame {single['cpu']:.1f} µs:"
              f" {per_view / single['cpu']:.2f}x (target <= 1.3x: {'PASS' if per_view <= 1.3 * single['cpu'] else 'MISS'})")
    tap, alone = med.get("POST tap settings scene"), med.get("POST tap switch")
    if tap and alone:
        ratio = tap["cpu"] / alone["cpu"]
        print(f"    a tap POST on the scene / on a switch, CPU per request: {ratio:.2f}x (target <= 1.5x: {'PASS' if ratio <= 1.5 else 'MISS'})")


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
    non2xx = errors = requests = 0
    for line in sys.stdin.read().splitlines():
        parts = line.split()
        if " requests in " in line:
            requests = int(parts[0])
        elif line.startswith("Requests/sec:"):
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
    print(f"{rps:.1f}\t{p50:.3f}\t{p99:.3f}\t{non2xx}\t{errors}\t{requests}")


def target_of(endpoint, connections, name):
    """Issue 16's targets: (text, check(server, nginx)) or None."""
    if endpoint.startswith("GET frame "):
        return "ratio >= 0.8x, CPU/req <= 1.25x", lambda s, n: s["rps"] >= 0.8 * n["rps"] and s["cpu"] <= 1.25 * n["cpu"]
    if endpoint == "GET frames":
        return "ratio >= 0.5x", lambda s, n: s["rps"] >= 0.5 * n["rps"]
    if endpoint == "POST events" and name == "server" and connections == "16":
        return "ratio >= 0.4x, p99 <= 5 ms", lambda s, n: s["rps"] >= 0.4 * n["rps"] and s["p99"] <= 5
    if endpoint == "POST events" and name == "server" and connections == "64":
        return "ratio >= 0.6x", lambda s, n: s["rps"] >= 0.6 * n["rps"]
    if endpoint == "POST events" and name == "server-ephemeral":
        return "ratio >= 0.8x", lambda s, n: s["rps"] >= 0.8 * n["rps"]
    return None


REFERENCES = ("nginx", "echo")


def cmd_report(results, idle_files, startup):
    runs = {}
    order = []
    for line in open(results):
        endpoint, connections, target, rps, p50, p99, non2xx, errors, requests, cpu, per_sync = line.rstrip("\n").split("\t")
        key = (endpoint, connections)
        if key not in runs:
            order.append(key)
        runs.setdefault(key, {}).setdefault(target, []).append(
            {"rps": float(rps), "p50": float(p50), "p99": float(p99), "non2xx": int(non2xx), "errors": int(errors),
             "cpu": float(cpu), "per_sync": None if per_sync == "-" else float(per_sync.split("/")[0]),
             "sync_ms": None if per_sync == "-" else float(per_sync.split("/")[1])})

    def median_of(samples):
        per_sync = [s["per_sync"] for s in samples if s["per_sync"] is not None]
        sync_ms = [s["sync_ms"] for s in samples if s["sync_ms"] is not None]
        return {"rps": statistics.median(s["rps"] for s in samples), "p50": statistics.median(s["p50"] for s in samples),
                "p99": statistics.median(s["p99"] for s in samples), "cpu": statistics.median(s["cpu"] for s in samples),
                "non2xx": sum(s["non2xx"] for s in samples), "errors": sum(s["errors"] for s in samples),
                "per_sync": statistics.median(per_sync) if per_sync else None,
                "sync_ms": statistics.median(sync_ms) if sync_ms else None}

    header = ["endpoint", "conns", "server", "server req/s", "nginx req/s", "ratio", "CPU µs/req server", "nginx",
              "CPU ratio", "p50/p99 ms server", "nginx", "floor req/s", "floor CPU µs/req", "records/sync (mean sync ms)",
              "non-2xx/errors", "target", "result"]
    rows = []
    notes = []
    for endpoint, connections in order:
        targets = runs[(endpoint, connections)]
        nginx = median_of(targets["nginx"])
        echo = median_of(targets["echo"]) if "echo" in targets else None
        for reference in REFERENCES:
            if reference in targets:
                notes.append(f"  {endpoint} c{connections} {reference} per round, req/s (p99 ms, CPU µs/req): "
                             + ", ".join(f"{s['rps']:.0f} ({s['p99']:.1f}, {s['cpu']:.1f})" for s in targets[reference]))
        for name, samples in targets.items():
            if name in REFERENCES:
                continue
            server = median_of(samples)
            target = target_of(endpoint, connections, name)
            result = "—"
            if target:
                result = "PASS" if target[1](server, nginx) and not server["non2xx"] and not server["errors"] else "MISS"
            rows.append([endpoint, connections, name, f"{server['rps']:,.0f}", f"{nginx['rps']:,.0f}",
                         f"{server['rps'] / nginx['rps']:.2f}x", f"{server['cpu']:.1f}", f"{nginx['cpu']:.1f}",
                         f"{server['cpu'] / nginx['cpu']:.2f}x" if nginx["cpu"] else "—",
                         f"{server['p50']:.2f}/{server['p99']:.2f}", f"{nginx['p50']:.2f}/{nginx['p99']:.2f}",
                         f"{echo['rps']:,.0f}" if echo else "—", f"{echo['cpu']:.1f}" if echo else "—",
                         f"{server['per_sync']:.1f} ({server['sync_ms']:.2f})" if server["per_sync"] is not None else "—",
                         f"{server['non2xx']}/{server['errors']}", target[0] if target else "—", result])
            notes.append(f"  {endpoint} c{connections} {name} per round: "
                         + ", ".join(f"{s['rps']:.0f} ({s['p99']:.1f}, {s['cpu']:.1f})" for s in samples))
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    print()
    print("  | " + " | ".join(header) + " |")
    print("  |" + "|".join("---" for _ in header) + "|")
    for r in rows:
        print("  | " + " | ".join(str(c) for c in r) + " |")
    print("  (medians of the rounds; ratio = server / nginx; CPU = user + system time of the serving process (all its")
    print("  threads; nginx: master and workers) over the requests wrk completed; floor = a trivial C responder")
    print("  (scripts/bench/echo-responder.c) sending the same bytes: the kernel's share of a loopback request;")
    print("  records/sync = journal appends / fsyncs during the run, mean sync = fsync seconds / fsyncs; result needs 0 non-2xx)")
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
    elif command == "cpu":
        cmd_cpu(*args)
    elif command == "journal":
        cmd_journal(*args)
    elif command == "parse-wrk":
        cmd_parse_wrk()
    elif command == "report":
        cmd_report(*args)
    elif command == "scene-setup":
        cmd_scene_setup(*args)
    elif command == "scene-sessions":
        cmd_scene_sessions(*args)
    elif command == "scene-report":
        cmd_scene_report(*args)
    elif command == "startup":
        cmd_startup(args[0], args[args.index("--") + 1:])
    else:
        fail(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
