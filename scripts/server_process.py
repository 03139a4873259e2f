"""Starting the server from a test script, one way for every script.

The server's log goes to a file (appended, so a restart's lines follow the last run's); the port is
read from its `msg=listening` line; and by default the start waits for the `msg=ready` line after
it: the server listens before it replays its journal and answers /v1/ with 503 `starting` until
then. Lines of earlier starts in the same log are counted first and never taken for this one's.

    proc, port = server_process.start([binary, "--port", "0", ...], log_path)
"""
import re
import subprocess
import time


class StartFailed(Exception):
    """The server exited at start or did not listen (or become ready) in time."""


def read_log(log_path):
    try:
        with open(log_path, "rb") as f:
            return f.read().decode(errors="replace")
    except FileNotFoundError:
        return ""


def start(argv, log_path, *, ready=True, timeout=60, **popen):
    """Starts `argv` with stderr appended to `log_path`; returns (process, port) once it listens
    and, with `ready`, once it has replayed its journal. Raises StartFailed with the log's tail."""
    before = read_log(log_path)
    listening_before, ready_before = before.count("msg=listening"), before.count("msg=ready")
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=log, **popen)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = read_log(log_path)
        ports = re.findall(r"msg=listening .*port=(\d+)", text)
        if len(ports) > listening_before and (not ready or text.count("msg=ready") > ready_before):
            return proc, int(ports[-1])
        if proc.poll() is not None:
            raise StartFailed(f"exited with {proc.returncode} at start; {log_path} ends:\n{text[-2000:]}")
        time.sleep(0.005)
    proc.kill()
    proc.wait()
    raise StartFailed(f"did not {'become ready' if ready else 'listen'} within {timeout} s; see {log_path}")


def stop(proc, timeout=10):
    """SIGTERM, then SIGKILL if it has not exited within `timeout` seconds; nothing if it is not running."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
