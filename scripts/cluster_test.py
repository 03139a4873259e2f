#!/usr/bin/env python3
"""Cluster test: three nodes behind nginx on loopback, routed by the node id in session ids.

1. Starts three nodes (--node-id node1..node3, each with its own data directory) and nginx with
   a config from deploy/nginx-conf.sh.
2. Creates sessions of every control through the proxy, posts events, and checks every answer
   came from the node the id names (X-Node) and that frames through the proxy are byte for byte
   those the owner gives directly; lists per node, unknown nodes, stateless endpoints, a stream.
3. Kills one node with SIGKILL: its sessions answer 503 problem+json at once, the other nodes'
   sessions answer as before, creates go to the live nodes.
4. Restarts it on the same port and data directory: its sessions answer again, frames and
   sessions byte for byte as before the kill.
5. Throughput with wrk: GET a frame of sessions on all nodes through nginx, against one node direct.

Usage: cluster_test.py SERVER_BINARY [--per-control N] [--bench-seconds S] [--connections C]
"""
import argparse
import ctypes
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

CONTROLS = ["button", "progressButton", "switch", "card"]
NODES = ["node1", "node2", "node3"]
VICTIM = "node2"
ID = re.compile(r"^([a-z0-9]{1,32})-[0-9a-f]{32}$")
# Events each control gets: taps, a drag, a start, as a client would post them.
SCRIPTS = {
    "button": [{"type": "tap", "t": 0, "x": 100, "y": 25}, {"type": "setSelected", "t": 0.5, "selected": True}],
    "progressButton": [{"type": "start", "t": 0.1, "startRatio": 0.2}, {"type": "pause", "t": 0.6}],
    "switch": [{"type": "tap", "t": 0, "x": 25, "y": 15}, {"type": "tap", "t": 0.15, "x": 25, "y": 15}],
    "card": [{"type": "drag", "t": 0, "from": {"x": 100, "y": 800}, "to": {"x": 100, "y": 500}, "duration": 0.2}],
}
WINDOW = "?from=0&to=1.5&fps=30"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def die_with_parent(sig):
    """Children get `sig` if this process dies, however it dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    return lambda: libc.prctl(1, sig)  # PR_SET_PDEATHSIG


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Response:
    def __init__(self, status, headers, body, seconds):
        self.status, self.headers, self.body, self.seconds = status, headers, body, seconds

    def json(self):
        return json.loads(self.body)

    def header(self, name):
        return self.headers.get(name.lower())


def request(port, method, path, body=None, timeout=5):
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        r = conn.getresponse()
        payload = r.read()
        return Response(r.status, {k.lower(): v for k, v in r.getheaders()}, payload, time.perf_counter() - started)
    finally:
        conn.close()


class Node:
    def __init__(self, name, binary, root):
        self.name, self.binary = name, binary
        self.data = os.path.join(root, name, "data")
        self.log = os.path.join(root, name, "server.log")
        os.makedirs(os.path.dirname(self.log), exist_ok=True)
        self.port = 0
        self.proc = None

    def start(self):
        """Starts the node (on its old port after the first start) and waits for its listening line."""
        seen = self.read_log().count("msg=listening")
        log = open(self.log, "ab")
        args = [self.binary, "--host", "127.0.0.1", "--port", str(self.port), "--node-id", self.name,
                "--data-dir", self.data]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log,
                                     preexec_fn=die_with_parent(signal.SIGKILL))
        deadline = time.time() + 20
        while time.time() < deadline:
            text = self.read_log()
            ports = re.findall(r"msg=listening .*port=(\d+)", text)
            # Ready once the journal is replayed: the server listens before it replays.
            if len(ports) > seen and text.count("msg=ready") >= len(ports):
                self.port = int(ports[-1])
                return
            check(self.proc.poll() is None, f"{self.name} exited with {self.proc.returncode} at start; see {self.log}")
            time.sleep(0.005)
        raise Failure(f"{self.name} did not start within 20 s")

    def read_log(self):
        try:
            with open(self.log, "rb") as f:
                return f.read().decode(errors="replace")
        except FileNotFoundError:
            return ""

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Proxy:
    def __init__(self, root, generator, nodes):
        self.root = root
        self.port = free_port()
        self.conf = os.path.join(root, "nginx.conf")
        self.access_log = os.path.join(root, "access.log")
        self.error_log = os.path.join(root, "nginx.log")
        temp = os.path.join(root, "nginx-temp")
        os.makedirs(temp, exist_ok=True)
        specs = [f"{n.name}:127.0.0.1:{n.port}" for n in nodes]
        with open(self.conf, "w") as f:
            subprocess.run([generator, "--listen", f"127.0.0.1:{self.port}", "--access-log", self.access_log,
                            "--temp-dir", temp] + specs, stdout=f, check=True)
        self.proc = None

    def start(self):
        log = open(self.error_log, "ab")
        self.proc = subprocess.Popen(
            ["nginx", "-p", self.root, "-c", self.conf, "-e", self.error_log,
             "-g", f"daemon off; pid {os.path.join(self.root, 'nginx.pid')};"],
            stdout=log, stderr=log, preexec_fn=die_with_parent(signal.SIGTERM))
        deadline = time.time() + 10
        while time.time() < deadline:
            check(self.proc.poll() is None, f"nginx exited with {self.proc.returncode}; see {self.error_log}")
            try:
                if request(self.port, "GET", "/healthz", timeout=1).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.02)
        raise Failure("nginx did not answer within 10 s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finishes requests, flushes the access log
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Cluster:
    def __init__(self, binary, generator, root):
        self.nodes = {name: Node(name, binary, root) for name in NODES}
        for node in self.nodes.values():
            node.start()
        self.proxy = Proxy(root, generator, self.nodes.values())
        self.proxy.start()
        self.routed = 0            # requests through the proxy whose X-Node was checked

    def via_proxy(self, method, path, body=None, owner=None, status=200):
        """A request through nginx that must get `status` from `owner` (X-Node), when given."""
        r = request(self.proxy.port, method, path, body)
        check(r.status == status, f"{method} {path} through the proxy: {r.status} {r.body[:300]!r}, expected {status}")
        if owner is not None:
            check(r.header("X-Node") == owner, f"{method} {path} answered by {r.header('X-Node')}, not its owner {owner}")
        self.routed += 1
        return r

    def direct(self, node, method, path, body=None):
        r = request(self.nodes[node].port, method, path, body)
        check(r.header("X-Node") == node, f"{node} answered as {r.header('X-Node')}")
        return r

    def stop(self):
        self.proxy.stop()
        for node in self.nodes.values():
            node.stop()


def owner(session_id):
    match = ID.match(session_id)
    check(match is not None, f"session id {session_id!r} is not <node>-<32 hex>")
    return match.group(1)


def expect_problem(r, status, code):
    check(r.status == status, f"expected {status} {code}, got {r.status} {r.body[:300]!r}")
    check((r.header("Content-Type") or "").startswith("application/problem+json"),
          f"{status} {code} came as {r.header('Content-Type')}")
    problem = r.json()
    check(problem.get("status") == status and problem.get("code") == code and problem.get("detail"),
          f"problem body {problem}")
    return problem


def snapshot(cluster, sessions):
    """Each session's frames and state, from its owner directly."""
    out = {}
    for sid in sessions:
        node = owner(sid)
        frames = cluster.direct(node, "GET", f"/v1/sessions/{sid}/frames{WINDOW}")
        state = cluster.direct(node, "GET", f"/v1/sessions/{sid}")
        check(frames.status == 200 and state.status == 200, f"{sid} on {node}: {frames.status} {state.status}")
        out[sid] = (frames.body, state.body)
    return out


def routing(cluster, per_control, figures):
    sessions = {}                  # id -> control
    for round_number in range(per_control):
        for control in CONTROLS:
            r = cluster.via_proxy("POST", "/v1/sessions", {"control": control}, status=201)
            sid = r.json()["id"]
            check(r.header("X-Node") == owner(sid), f"create answered by {r.header('X-Node')}, id names {owner(sid)}")
            check(r.header("Location") == f"/v1/sessions/{sid}", f"Location {r.header('Location')}")
            sessions[sid] = control
    per_node = {name: sorted(s for s in sessions if owner(s) == name) for name in NODES}
    figures["sessions per node"] = ", ".join(f"{name} {len(ids)}" for name, ids in per_node.items())
    check(all(per_node.values()), f"round robin left a node without sessions: {figures['sessions per node']}")

    for sid, control in sessions.items():
        for event in SCRIPTS[control]:
            cluster.via_proxy("POST", f"/v1/sessions/{sid}/events", event, owner=owner(sid))

    identical = 0
    for sid in sessions:
        node = owner(sid)
        for path in (f"/v1/sessions/{sid}/frames{WINDOW}", f"/v1/sessions/{sid}/frame?t=0.3", f"/v1/sessions/{sid}"):
            through = cluster.via_proxy("GET", path, owner=node)
            direct = cluster.direct(node, "GET", path)
            check(through.body == direct.body, f"GET {path}: the proxy's answer differs from {node}'s")
            check(through.header("Content-Type") == direct.header("Content-Type") == "application/json",
                  f"GET {path}: Content-Type {through.header('Content-Type')}")
            identical += 1
        cluster.via_proxy("HEAD", f"/v1/sessions/{sid}/frame?t=0.3", owner=node)
    figures["answers identical to the owner's"] = identical

    for name, ids in per_node.items():
        listed = cluster.via_proxy("GET", f"/v1/sessions?node={name}", owner=name).json()
        check(listed.get("node") == name, f"list ?node={name} answered for {listed.get('node')}")
        check(sorted(s["id"] for s in listed["sessions"]) == ids, f"list ?node={name}: {listed['sessions']}")
        health = cluster.via_proxy("GET", f"/healthz?node={name}", owner=name).json()
        check(health == {"status": "ok", "node": name}, f"/healthz?node={name}: {health}")
    answered = {cluster.via_proxy("GET", "/v1/sessions").json()["node"] for _ in range(12)}
    figures["nodes answering an unqualified list"] = ", ".join(sorted(answered))

    expect_problem(request(cluster.proxy.port, "GET", "/v1/sessions/zzz-" + "0" * 32 + "/frames"), 404, "session_not_found")
    expect_problem(request(cluster.proxy.port, "GET", "/v1/sessions/" + "0" * 32), 404, "session_not_found")
    expect_problem(request(cluster.proxy.port, "GET", "/v1/sessions/node1-nothex/stream"), 404, "session_not_found")
    expect_problem(request(cluster.proxy.port, "GET", "/v1/sessions?node=zzz"), 404, "node_not_found")
    expect_problem(request(cluster.proxy.port, "GET", "/healthz?node=zzz"), 404, "node_not_found")
    missing = NODES[0] + "-" + "f" * 32
    expect_problem(cluster.via_proxy("GET", f"/v1/sessions/{missing}", owner=NODES[0], status=404), 404, "session_not_found")
    expect_problem(cluster.via_proxy("POST", "/v1/sessions", {"control": "dial"}, status=400), 400, "unknown_control")
    big = {"control": "switch", "pad": "x" * (1 << 20)}
    expect_problem(request(cluster.proxy.port, "POST", "/v1/sessions", big), 413, "payload_too_large")

    for path in ("/openapi.yaml", "/v1/curves/spring?response=0.3&dampingRatio=0.7&to=0.5&fps=30", "/"):
        through = cluster.via_proxy("GET", path)
        check(through.body == cluster.direct("node1", "GET", path).body, f"GET {path} differs through the proxy")

    figures["stream first event through the proxy"] = stream_first_event(cluster, next(iter(sessions)))
    return sessions


def stream_first_event(cluster, sid):
    """Opens an endless stream through nginx; its first frame must arrive at once, unbuffered."""
    conn = http.client.HTTPConnection("127.0.0.1", cluster.proxy.port, timeout=5)
    started = time.perf_counter()
    try:
        conn.request("GET", f"/v1/sessions/{sid}/stream?fps=2")
        r = conn.getresponse()
        check(r.status == 200 and r.getheader("Content-Type") == "text/event-stream", f"stream: {r.status}")
        check(r.getheader("X-Node") == owner(sid), f"stream answered by {r.getheader('X-Node')}")
        line = r.fp.readline()
        while line and not line.startswith(b"data:"):
            line = r.fp.readline()
        took = time.perf_counter() - started
        check(line.startswith(b"data:") and took < 1.0, f"stream: first frame after {took:.3f} s: {line[:80]!r}")
        cluster.routed += 1
        return f"{took * 1000:.1f} ms"
    finally:
        conn.close()


def outage(cluster, sessions, before, figures):
    victim = cluster.nodes[VICTIM]
    lost = [s for s in sessions if owner(s) == VICTIM]
    alive = [s for s in sessions if owner(s) != VICTIM]
    probe = f"/v1/sessions/{lost[0]}/frames{WINDOW}"
    killed = time.perf_counter()
    victim.kill()
    first = None
    while time.perf_counter() - killed < 5:
        r = request(cluster.proxy.port, "GET", probe)
        if r.status == 503:
            first = r
            break
        time.sleep(0.001)
    check(first is not None, f"no 503 within 5 s of killing {VICTIM}")
    to_503 = time.perf_counter() - killed
    expect_problem(first, 503, "node_unavailable")
    check(first.header("Retry-After") == "5", f"Retry-After {first.header('Retry-After')}")
    figures["time from SIGKILL to the first 503"] = f"{to_503 * 1000:.1f} ms (that request took {first.seconds * 1000:.1f} ms)"

    latencies = []
    for sid in lost:
        for path in (f"/v1/sessions/{sid}/frames{WINDOW}", f"/v1/sessions/{sid}"):
            r = request(cluster.proxy.port, "GET", path)
            expect_problem(r, 503, "node_unavailable")
            latencies.append(r.seconds)
        r = request(cluster.proxy.port, "POST", f"/v1/sessions/{sid}/events", {"type": "touchCancel", "t": 5})
        expect_problem(r, 503, "node_unavailable")
        latencies.append(r.seconds)
    figures["dead node's answers"] = (f"{len(latencies)} × 503, median {statistics.median(latencies) * 1000:.1f} ms, "
                                      f"max {max(latencies) * 1000:.1f} ms")
    for sid in alive:
        r = cluster.via_proxy("GET", f"/v1/sessions/{sid}/frames{WINDOW}", owner=owner(sid))
        check(r.body == before[sid][0], f"{sid} on {owner(sid)} changed while {VICTIM} was down")
    figures["live nodes' sessions answering during the outage"] = f"{len(alive)} of {len(alive)}, byte-identical"
    created = [cluster.via_proxy("POST", "/v1/sessions", {"control": "switch"}, status=201).json()["id"] for _ in range(9)]
    check(all(owner(s) != VICTIM for s in created), f"a create went to the dead node: {created}")
    figures["creates during the outage"] = f"{len(created)} of {len(created)} answered 201, on " + \
        ", ".join(sorted({owner(s) for s in created}))
    expect_problem(request(cluster.proxy.port, "GET", f"/v1/sessions?node={VICTIM}"), 503, "node_unavailable")
    expect_problem(request(cluster.proxy.port, "GET", f"/healthz?node={VICTIM}"), 503, "node_unavailable")
    for _ in range(6):
        check(cluster.via_proxy("GET", "/v1/sessions").json()["node"] != VICTIM, "a list answered by the dead node")
    return lost


def recovery(cluster, lost, before, figures):
    victim = cluster.nodes[VICTIM]
    probe = f"/v1/sessions/{lost[0]}/frames{WINDOW}"
    started = time.perf_counter()
    victim.start()
    listening = time.perf_counter() - started
    while time.perf_counter() - started < 20:
        r = request(cluster.proxy.port, "GET", probe)
        if r.status == 200:
            break
        time.sleep(0.002)
    check(r.status == 200, f"{VICTIM}'s sessions did not answer within 20 s of its restart")
    back = time.perf_counter() - started
    replay = re.findall(r"msg=journal_replayed records=(\d+) sessions=(\d+) events=(\d+)", victim.read_log())[-1]
    figures["time from restart to its sessions answering"] = (f"{back * 1000:.1f} ms (listening after "
                                                              f"{listening * 1000:.1f} ms; journal replayed "
                                                              f"{replay[0]} records, {replay[1]} sessions, {replay[2]} events)")
    for sid in lost:
        frames = cluster.via_proxy("GET", f"/v1/sessions/{sid}/frames{WINDOW}", owner=VICTIM)
        state = cluster.via_proxy("GET", f"/v1/sessions/{sid}", owner=VICTIM)
        check(frames.body == before[sid][0], f"{sid}: frames after the restart differ from before the kill")
        check(state.body == before[sid][1], f"{sid}: the session after the restart differs from before the kill")
    figures["restarted node's sessions back byte for byte"] = f"{len(lost)} of {len(lost)} (frames and session)"
    deadline = time.time() + 10
    while time.time() < deadline:
        r = cluster.via_proxy("POST", "/v1/sessions", {"control": "switch"}, status=201)
        if owner(r.json()["id"]) == VICTIM:
            break
        time.sleep(0.05)
    check(owner(r.json()["id"]) == VICTIM, f"no create reached {VICTIM} within 10 s of its restart")


def wrk(port, paths, seconds, connections, root, label):
    script = os.path.join(root, f"{label}.lua")
    with open(script, "w") as f:
        f.write("local paths = {\n" + "".join(f'  "{p}",\n' for p in paths) + "}\n")
        f.write("math.randomseed(7)\nrequest = function()\n"
                "  return wrk.format(\"GET\", paths[math.random(#paths)])\nend\n")
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", script,
                          f"http://127.0.0.1:{port}"], capture_output=True, text=True, timeout=seconds + 30).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    check(rate is not None, f"wrk printed no rate:\n{out}")
    check(errors is None and socket_errors is None, f"wrk saw errors ({label}):\n{out}")
    return float(rate.group(1)), p50.group(1), p99.group(1)


def throughput(cluster, sessions, seconds, connections, root, figures):
    everyone = [f"/v1/sessions/{s}/frame?t=0.3" for s in sessions]
    one = [p for p in everyone if "/node1-" in p]
    direct = wrk(cluster.nodes["node1"].port, one, seconds, connections, root, "direct")
    proxied = wrk(cluster.proxy.port, everyone, seconds, connections, root, "proxied")
    figures["throughput, one node direct"] = f"{direct[0]:,.0f} req/s (p50 {direct[1]}, p99 {direct[2]})"
    figures["throughput, nginx → three nodes"] = f"{proxied[0]:,.0f} req/s (p50 {proxied[1]}, p99 {proxied[2]})"
    figures["throughput ratio"] = f"{proxied[0] / direct[0]:.2f}× (wrk -t2 -c{connections} -d{seconds}s, GET frame, same run, {os.cpu_count()} cores shared by all)"


def routed_per_node(access_log):
    counts = {}
    with open(access_log, errors="replace") as f:
        for line in f:
            match = re.search(r" node=(\S+) ", line)
            if match:
                node = "nginx itself" if match.group(1) == "-" else match.group(1)
                counts[node] = counts.get(node, 0) + 1
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--generator", default=os.path.join(os.path.dirname(__file__), "..", "deploy", "nginx-conf.sh"))
    parser.add_argument("--per-control", type=int, default=6)
    parser.add_argument("--bench-seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("cluster-test: terminated"))

    root = tempfile.mkdtemp(prefix="cluster-test-")
    binary = os.path.join(root, "Server")
    shutil.copy2(args.binary, binary)        # a rebuild during the run must not change the nodes
    figures = {}
    cluster = None
    ok = False
    try:
        cluster = Cluster(binary, os.path.abspath(args.generator), root)
        print(f"cluster-test: nodes on ports {', '.join(f'{n.name}={n.port}' for n in cluster.nodes.values())}, "
              f"nginx on {cluster.proxy.port}", flush=True)
        sessions = routing(cluster, args.per_control, figures)
        before = snapshot(cluster, sessions)
        lost = outage(cluster, sessions, before, figures)
        recovery(cluster, lost, before, figures)
        figures["requests routed and checked"] = f"{cluster.routed} (each answered by the node its path names)"
        throughput(cluster, sessions, args.bench_seconds, args.connections, root, figures)
        ok = True
    except Failure as failure:
        print(f"cluster-test: FAILED: {failure}", file=sys.stderr)
    finally:
        if cluster:
            cluster.stop()
            if os.path.exists(cluster.proxy.access_log):
                figures["proxied requests per node (nginx access log, wrk included)"] = routed_per_node(cluster.proxy.access_log)
        for name, value in figures.items():
            print(f"  {name}: {value}")
        if ok:
            shutil.rmtree(root, ignore_errors=True)
        else:
            print(f"cluster-test: logs kept in {root}", file=sys.stderr)
    if not ok:
        sys.exit(1)
    print("cluster-test: passed")


if __name__ == "__main__":
    main()
