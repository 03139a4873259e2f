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

With --etcd (README, "Running a cluster": one registry for the whole cluster), the nodes keep
user-defined controls in an etcd started here on loopback, and before step 3:
- registers, replaces and deletes controls through the proxy and creates sessions of them on
  every node; two racing PUTs (If-Match) and two racing POSTs of one name: exactly one wins;
- create latency through the proxy by registered name, with etcd and with the single-node default
  (a fourth node, registry in its journal, behind its own nginx), in the same run;
- etcd stopped: registrations and creates by registered name answer 503 registry_unavailable, built-ins
  and existing sessions carry on byte for byte, /readyz says degraded; a node killed with SIGKILL and
  restarted while etcd is down replays its sessions; etcd back: everything resumes.

Usage: cluster_test.py SERVER_BINARY [--etcd ETCD_BINARY] [--per-control N] [--bench-seconds S] [--connections C]
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
import threading
import time
import server_process

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
# Bounds on a hung process (a start, an answer, a recovery), not speed targets: a loaded machine
# takes seconds over what a quiet one does in milliseconds, and etcd's writes wait for its fsync.
PATIENCE = 60


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


def request(port, method, path, body=None, timeout=PATIENCE, headers=None):
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = dict(headers or {})
        if data:
            sent["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=sent)
        r = conn.getresponse()
        payload = r.read()
        return Response(r.status, {k.lower(): v for k, v in r.getheaders()}, payload, time.perf_counter() - started)
    finally:
        conn.close()


class Node:
    def __init__(self, name, binary, root, extra=()):
        self.name, self.binary, self.extra = name, binary, list(extra)
        self.data = os.path.join(root, name, "data")
        self.log = os.path.join(root, name, "server.log")
        os.makedirs(os.path.dirname(self.log), exist_ok=True)
        self.port = 0
        self.proc = None

    def start(self):
        """Starts the node (on its old port after the first start) and waits until it is ready."""
        args = [self.binary, "--host", "127.0.0.1", "--port", str(self.port), "--node-id", self.name,
                "--data-dir", self.data] + self.extra
        try:
            self.proc, self.port = server_process.start(args, self.log, timeout=PATIENCE,
                                                        preexec_fn=die_with_parent(signal.SIGKILL))
        except server_process.StartFailed as error:
            raise Failure(f"{self.name} {error}")

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
        server_process.stop(self.proc)


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
        deadline = time.time() + PATIENCE
        while time.time() < deadline:
            check(self.proc.poll() is None, f"nginx exited with {self.proc.returncode}; see {self.error_log}")
            try:
                if request(self.port, "GET", "/healthz", timeout=1).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.02)
        raise Failure(f"nginx did not answer within {PATIENCE} s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finishes requests, flushes the access log
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Etcd:
    """One etcd member on loopback, its data in a temporary directory; stopped and started again."""

    def __init__(self, binary, root):
        self.binary, self.data, self.log = binary, os.path.join(root, "etcd", "data"), os.path.join(root, "etcd", "etcd.log")
        os.makedirs(os.path.dirname(self.log), exist_ok=True)
        self.port, self.peer = free_port(), free_port()
        self.proc = None

    def start(self):
        client, peer = f"http://127.0.0.1:{self.port}", f"http://127.0.0.1:{self.peer}"
        log = open(self.log, "ab")
        self.proc = subprocess.Popen([self.binary, "--name", "registry", "--data-dir", self.data,
                                      "--listen-client-urls", client, "--advertise-client-urls", client,
                                      "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
                                      "--initial-cluster", f"registry={peer}"],
                                     stdout=log, stderr=log, preexec_fn=die_with_parent(signal.SIGKILL))
        deadline = time.time() + PATIENCE
        while time.time() < deadline:
            check(self.proc.poll() is None, f"etcd exited with {self.proc.returncode}; see {self.log}")
            try:
                if request(self.port, "POST", "/v3/kv/range", {"key": "Lw=="}, timeout=1).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise Failure(f"etcd did not answer within {PATIENCE} s")

    def stop(self):
        server_process.stop(self.proc)

    @property
    def url(self):
        return f"etcd://127.0.0.1:{self.port}"


class Cluster:
    def __init__(self, binary, generator, root, extra=()):
        self.nodes = {name: Node(name, binary, root, extra) for name in NODES}
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


# A user-defined control: a dot that shrinks while pressed (its size shows which definition a
# session was made with).
def dot(size):
    return {"parameters": {"size": {"type": "number", "default": size, "exclusiveMinimum": 0, "maximum": 1000}},
            "animated": {"scale": {"type": "number", "initial": 1}},
            "inputs": {"press": {"type": "control", "region": {"x": 0, "y": 0, "width": "size", "height": "size"},
                                 "on": {"touchDown": [{"animate": "scale", "to": 0.8, "timing": {"curve": "easeOut", "duration": 0.1}}],
                                        "touchUpInside": [{"animate": "scale", "to": 1, "timing": {"curve": "easeOut", "duration": 0.2}}]}}},
            "properties": {"scale": "scale"},
            "layers": [{"id": "dot", "frame": {"x": 0, "y": 0, "width": "size", "height": "size"}, "scale": "scale"}]}


def create_everywhere(cluster, control, want_size):
    """Creates sessions of `control` through the proxy until every node has made one; their ids."""
    made = {}
    for _ in range(12):
        r = cluster.via_proxy("POST", "/v1/sessions", {"control": control}, status=201)
        body = r.json()
        check(body["config"]["size"] == want_size, f"a {control} made on {owner(body['id'])} has size {body['config']['size']}, not {want_size}")
        made.setdefault(owner(body["id"]), body["id"])
        if len(made) == len(NODES):
            return made
    raise Failure(f"creates of {control} reached only {sorted(made)}")


def race(port, requests):
    """Sends the requests at once from threads (one connection each); their answers in order."""
    answers = [None] * len(requests)
    gate = threading.Barrier(len(requests))

    def send(index, method, path, body, headers):
        gate.wait()
        answers[index] = request(port, method, path, body, headers=headers)
    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def shared_registry(cluster, figures):
    """Register, replace, delete through the proxy; sessions of each on every node; races."""
    port = cluster.proxy.port
    r = cluster.via_proxy("POST", "/v1/controls", {"name": "dot", "definition": dot(20)}, status=201)
    first = r.json()["digest"]
    check(r.header("ETag") == f'"{first}"', f"ETag {r.header('ETag')}")
    old = create_everywhere(cluster, "dot", 20)
    for _ in range(len(NODES) * 2):
        listed = [c for c in cluster.via_proxy("GET", "/v1/controls").json()["controls"] if c["name"] == "dot"]
        check(len(listed) == 1 and listed[0]["digest"] == first, f"GET /v1/controls: {listed}")
    r = cluster.via_proxy("PUT", "/v1/controls/dot", {"definition": dot(40)}, status=200)
    second = r.json()["digest"]
    create_everywhere(cluster, "dot", 40)
    for node, sid in old.items():
        check(cluster.via_proxy("GET", f"/v1/sessions/{sid}", owner=node).json()["config"]["size"] == 20,
              f"{sid} lost the definition it was made with")
    cluster.via_proxy("DELETE", "/v1/controls/dot", status=204)
    for _ in range(len(NODES) * 2):
        expect_problem(cluster.via_proxy("POST", "/v1/sessions", {"control": "dot"}, status=400), 400, "unknown_control")
        expect_problem(cluster.via_proxy("GET", "/v1/controls/dot", status=404), 404, "control_not_found")
    figures["registry through the proxy"] = (f"register, replace ({first[:8]}… → {second[:8]}…), delete: every node saw each "
                                             f"change on its next request; {len(old)} sessions made before the replacement kept theirs")

    # Two clients replace one name from the same state: exactly one wins.
    tag = cluster.via_proxy("PUT", "/v1/controls/race", {"definition": dot(10)}, status=201).header("ETag")
    answers = race(port, [("PUT", "/v1/controls/race", {"definition": dot(11)}, {"If-Match": tag}),
                          ("PUT", "/v1/controls/race", {"definition": dot(12)}, {"If-Match": tag})])
    statuses = sorted(a.status for a in answers)
    check(statuses == [200, 409], f"racing PUTs answered {statuses}: {[a.body[:200] for a in answers]}")
    expect_problem(next(a for a in answers if a.status == 409), 409, "control_changed")
    winner = 11 if answers[0].status == 200 else 12
    create_everywhere(cluster, "race", winner)
    answers = race(port, [("POST", "/v1/controls", {"name": "race2", "definition": dot(13)}, None),
                          ("POST", "/v1/controls", {"name": "race2", "definition": dot(14)}, None)])
    statuses = sorted(a.status for a in answers)
    check(statuses == [201, 409], f"racing POSTs answered {statuses}")
    expect_problem(next(a for a in answers if a.status == 409), 409, "control_exists")
    figures["racing changes of one name"] = "2 PUTs with one If-Match: 200 and 409 control_changed; 2 POSTs: 201 and 409 control_exists"


def create_latency(port, control, count):
    seconds = []
    for _ in range(count):
        r = request(port, "POST", "/v1/sessions", {"control": control})
        check(r.status == 201, f"create {control}: {r.status} {r.body[:200]!r}")
        seconds.append(r.seconds)
    seconds.sort()
    return statistics.median(seconds) * 1000, seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))] * 1000


def latency(cluster, single, count, figures):
    """Creates by registered name through the proxy: etcd against the journal (single node)."""
    cluster.via_proxy("PUT", "/v1/controls/bench", {"definition": dot(30)}, status=201)
    r = request(single.port, "PUT", "/v1/controls/bench", {"definition": dot(30)})
    check(r.status in (200, 201), f"single node: PUT bench {r.status}")
    rounds = {"etcd": [], "journal": [], "built-in": []}
    for _ in range(2):  # interleaved, so both see the same load
        rounds["etcd"].append(create_latency(cluster.proxy.port, "bench", count))
        rounds["journal"].append(create_latency(single.port, "bench", count))
        rounds["built-in"].append(create_latency(cluster.proxy.port, "switch", count))
    load = os.getloadavg()[0]
    for name, results in rounds.items():
        median = statistics.median(m for m, _ in results)
        p99 = max(p for _, p in results)
        figures[f"create latency by name, {name}"] = f"median {median:.2f} ms, p99 {p99:.2f} ms ({2 * count} creates through nginx)"
    figures["create latency: machine"] = f"loaded (1-min load average {load:.1f} on {os.cpu_count()} cores, shared with other builds)"


def etcd_outage(cluster, etcd, figures):
    """etcd stopped: registry calls 503, everything else as before; a node killed and restarted replays."""
    port = cluster.proxy.port
    cluster.via_proxy("PUT", "/v1/controls/kept", {"definition": dot(25)}, status=201)
    kept = create_everywhere(cluster, "kept", 25)
    before = snapshot(cluster, kept.values())
    etcd.stop()
    for method, path, body in (("POST", "/v1/controls", {"name": "late", "definition": dot(5)}),
                               ("PUT", "/v1/controls/kept", {"definition": dot(6)}),
                               ("DELETE", "/v1/controls/kept", None),
                               ("POST", "/v1/sessions", {"control": "kept"})):
        for _ in range(len(NODES)):
            r = request(port, method, path, body)
            expect_problem(r, 503, "registry_unavailable")
            check(r.header("Retry-After") == "5", f"{method} {path}: Retry-After {r.header('Retry-After')}")
    for name in NODES:
        ready = cluster.via_proxy("GET", f"/readyz?node={name}", owner=name).json()
        check(ready.get("status") == "degraded" and ready.get("registry", {}).get("status") == "unavailable", f"/readyz on {name}: {ready}")
    for _ in range(len(NODES)):
        cluster.via_proxy("POST", "/v1/sessions", {"control": "switch"}, status=201)
    check(snapshot(cluster, kept.values()) == before, "sessions of a registered control changed while etcd was down")
    victim = cluster.nodes[VICTIM]
    victim.kill()
    victim.start()
    deadline = time.time() + PATIENCE
    while time.time() < deadline and request(victim.port, "GET", "/readyz").status != 200:
        time.sleep(0.01)
    check(snapshot(cluster, kept.values()) == before, f"{VICTIM}, killed and restarted with etcd down, did not replay its sessions byte for byte")
    for node, sid in kept.items():
        cluster.via_proxy("POST", f"/v1/sessions/{sid}/events", {"type": "tap", "t": 0, "x": 5, "y": 5}, owner=node)
    figures["etcd stopped"] = (f"registrations and creates by name 503 registry_unavailable on every node, /readyz degraded; "
                               f"built-ins created; {len(kept)} sessions of a registered control byte for byte, and after "
                               f"SIGKILL and a restart of {VICTIM} with etcd down")
    etcd.start()
    create_everywhere(cluster, "kept", 25)
    cluster.via_proxy("PUT", "/v1/controls/kept", {"definition": dot(26)}, status=200)
    create_everywhere(cluster, "kept", 26)
    for name in NODES:
        ready = cluster.via_proxy("GET", f"/readyz?node={name}", owner=name).json()
        check(ready == {"status": "ready"}, f"/readyz on {name} after etcd came back: {ready}")
    figures["etcd back"] = "creates by name and changes answered on every node, /readyz ready"


def stream_first_event(cluster, sid, fps=0.25):
    """Opens an endless stream through nginx; its first frame must arrive unbuffered: before the
    second is even sent (1/fps = 4 s later; a proxy that holds a frame until more comes would
    deliver it then), within three quarters of that. A loaded machine's delay is far below it."""
    conn = http.client.HTTPConnection("127.0.0.1", cluster.proxy.port, timeout=PATIENCE)
    started = time.perf_counter()
    try:
        conn.request("GET", f"/v1/sessions/{sid}/stream?fps={fps:g}")
        r = conn.getresponse()
        check(r.status == 200 and r.getheader("Content-Type") == "text/event-stream", f"stream: {r.status}")
        check(r.getheader("X-Node") == owner(sid), f"stream answered by {r.getheader('X-Node')}")
        line = r.fp.readline()
        while line and not line.startswith(b"data:"):
            line = r.fp.readline()
        took = time.perf_counter() - started
        check(line.startswith(b"data:") and took < 0.75 / fps, f"stream: first frame after {took:.3f} s "
              f"(the second is sent {1 / fps:g} s after it): {line[:80]!r}")
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
    while time.perf_counter() - started < PATIENCE:
        r = request(cluster.proxy.port, "GET", probe)
        if r.status == 200:
            break
        time.sleep(0.002)
    check(r.status == 200, f"{VICTIM}'s sessions did not answer within {PATIENCE} s of its restart")
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
    deadline = time.time() + PATIENCE
    while time.time() < deadline:
        r = cluster.via_proxy("POST", "/v1/sessions", {"control": "switch"}, status=201)
        if owner(r.json()["id"]) == VICTIM:
            break
        time.sleep(0.05)
    check(owner(r.json()["id"]) == VICTIM, f"no create reached {VICTIM} within {PATIENCE} s of its restart")


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
    parser.add_argument("--etcd", help="etcd binary: the nodes share a registry in it")
    parser.add_argument("--latency-creates", type=int, default=200)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("cluster-test: terminated"))

    root = tempfile.mkdtemp(prefix="cluster-test-")
    binary = os.path.join(root, "Server")
    shutil.copy2(args.binary, binary)        # a rebuild during the run must not change the nodes
    figures = {}
    cluster = None
    etcd = None
    single = None
    single_proxy = None
    ok = False
    try:
        extra = []
        if args.etcd:
            etcd = Etcd(args.etcd, root)
            etcd.start()
            # etcd's calls may take seconds on a loaded machine (a write waits for its fsync): the
            # nodes give one 10 s before answering registry_unavailable. A stopped etcd refuses the
            # connection, which they answer at once whatever the timeout.
            extra = ["--registry", etcd.url, "--registry-timeout-ms", "10000"]
        cluster = Cluster(binary, os.path.abspath(args.generator), root, extra)
        print(f"cluster-test: nodes on ports {', '.join(f'{n.name}={n.port}' for n in cluster.nodes.values())}, "
              f"nginx on {cluster.proxy.port}", flush=True)
        sessions = routing(cluster, args.per_control, figures)
        if etcd:
            shared_registry(cluster, figures)
            # The single-node default: a node with the registry in its journal, behind its own nginx.
            single = Node("single", binary, root)
            single.start()
            os.makedirs(os.path.join(root, "single-proxy"), exist_ok=True)
            single_proxy = Proxy(os.path.join(root, "single-proxy"), os.path.abspath(args.generator), [single])
            single_proxy.start()
            latency(cluster, single_proxy, args.latency_creates, figures)
            etcd_outage(cluster, etcd, figures)
        before = snapshot(cluster, sessions)
        lost = outage(cluster, sessions, before, figures)
        recovery(cluster, lost, before, figures)
        figures["requests routed and checked"] = f"{cluster.routed} (each answered by the node its path names)"
        throughput(cluster, sessions, args.bench_seconds, args.connections, root, figures)
        ok = True
    except Failure as failure:
        print(f"cluster-test: FAILED: {failure}", file=sys.stderr)
    finally:
        for proc in (single_proxy, single, etcd):
            if proc:
                proc.stop()
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
