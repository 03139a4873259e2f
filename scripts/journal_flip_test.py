#!/usr/bin/env python3
"""Outside in, on a built server: a journal of 8 interleaved sessions; one byte flipped at a
time at offsets spread across the segment's records and across its zeros, and across a snapshot
after a compaction; the server started on each copy. Each flip must cost at most the session
whose record the byte is in (none for the file header, a definition's record, or the zeros):
that session answers 503 `session_damaged`, every other one answers byte for byte as before.

Usage: journal_flip_test.py SERVER_BINARY [--per-file N]
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import sys
import tempfile
import server_process


def start(binary, data_dir, log_path):
    try:
        return server_process.start([binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir], log_path)
    except server_process.StartFailed as error:
        sys.exit(f"journal-flip-test: the server {error}")


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)


def request(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def records(data):
    """(start, end, key) of each record after the 8-byte header, as docs/journal.md frames them."""
    out, offset = [], 8
    while offset + 10 <= len(data) and data[offset:offset + 4] == b"\xF8\xC1\xFE\xC0":
        key_length = data[offset + 5]
        payload_length = int.from_bytes(data[offset + 6:offset + 10], "little")
        key = data[offset + 10:offset + 10 + key_length].decode()
        end = offset + 32 + 2 * key_length + payload_length
        out.append((offset, end, key))
        offset = end
    return out


def answers(port, ids):
    return {sid: request(port, "GET", f"/v1/sessions/{sid}") for sid in ids} | \
           {sid + "/frames": request(port, "GET", f"/v1/sessions/{sid}/frames?from=0&to=1&fps=20") for sid in ids}


def flip_all(binary, work, data, name, offsets, owner_of, ids, expected, totals):
    path = os.path.join(data, name)
    original = open(path, "rb").read()
    for offset in offsets:
        copy = os.path.join(work, "copy")
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(data, copy)
        damaged = bytearray(original)
        damaged[offset] ^= 0xFF
        open(os.path.join(copy, name), "wb").write(damaged)
        proc, port = start(binary, copy, os.path.join(work, "flip.log"))
        try:
            now = answers(port, ids)
            owner = owner_of(offset)
            hit = sorted(sid for sid in ids if now[sid][0] != 200)
            for sid in hit:
                status, body = now[sid]
                assert status == 503 and json.loads(body)["code"] == "session_damaged", f"{name}@{offset}: {sid} {status}"
            assert hit == ([owner] if owner in ids else []), f"{name}@{offset}: owner {owner}, damaged {hit}"
            for key, value in now.items():
                if key.split("/")[0] not in hit:
                    assert value == expected[key], f"{name}@{offset}: {key} changed"
            totals[name, "owner" if hit else "none"] = totals.get((name, "owner" if hit else "none"), 0) + 1
        finally:
            stop(proc)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--per-file", type=int, default=40)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="journal-flip-")
    data = os.path.join(work, "data")
    log = os.path.join(work, "server.log")
    try:
        proc, port = start(args.binary, data, log)
        controls = ["switch", "button", "card", "progressButton"] * 2
        ids = []
        for control in controls:
            status, body = request(port, "POST", "/v1/sessions", {"control": control})
            assert status == 201
            ids.append(json.loads(body)["id"])
        taps = {"switch": (25, 15), "button": (100, 25), "card": (100, 800)}
        for round_number in range(3):
            for sid, control in zip(ids, controls):
                t = round_number * 1.0
                if control == "progressButton":
                    events = [{"type": ["start", "pause", "resume"][round_number], "t": t}]
                else:
                    x, y = taps[control]
                    events = [{"type": "touchDown", "t": t, "x": x, "y": y}, {"type": "touchUp", "t": t + 0.1, "x": x, "y": y}]
                status, body = request(port, "POST", f"/v1/sessions/{sid}/events", {"events": events})
                assert status == 200, body
        expected = answers(port, ids)
        stop(proc)
        segment = sorted(n for n in os.listdir(data) if n.startswith("journal-"))[-1]
        content = open(os.path.join(data, segment), "rb").read()
        end = len(content.rstrip(b"\0"))
        framed = records(content[:end])
        assert framed and framed[-1][1] == end, "the records do not run to the zeros"

        def owner_in(framed_records):
            def owner(offset):
                return next((key for start_, end_, key in framed_records if start_ <= offset < end_), None)
            return owner

        n = args.per_file
        in_records = sorted({8 * i * (end - 1) // (8 * n) for i in range(n)} | {0, 7, 8, end - 1})
        in_zeros = sorted({end, end + 1, end + 4095} | {end + i * (len(content) - end - 1) // n for i in range(1, n + 1)})
        totals = {}
        flip_all(args.binary, work, data, segment, in_records + in_zeros, owner_in(framed), ids, expected, totals)

        # A compaction: a damaged file header costs no session and makes the start-up compact.
        damaged = bytearray(content)
        damaged[3] ^= 0xFF
        open(os.path.join(data, segment), "wb").write(damaged)
        proc, port = start(args.binary, data, log)
        assert answers(port, ids) == expected, "a damaged file header changed an answer"
        stop(proc)
        snapshots = sorted(n for n in os.listdir(data) if n.startswith("snapshot-"))
        assert snapshots, f"no snapshot after the start-up compaction: {os.listdir(data)}"
        snapshot = snapshots[-1]
        snap = open(os.path.join(data, snapshot), "rb").read()
        framed_snapshot = records(snap)
        assert framed_snapshot[-1][1] == len(snap)
        offsets = sorted({i * (len(snap) - 1) // n for i in range(n + 1)} | {0, 7, 8})
        flip_all(args.binary, work, data, snapshot, offsets, owner_in(framed_snapshot), ids, expected, totals)
        segment_flips = len(in_records) + len(in_zeros)
        print(f"journal-flip-test: PASSED: 8 sessions; {segment}: {len(in_records)} flips across its {end} bytes of records "
              f"and {len(in_zeros)} across its {len(content) - end} bytes of zeros, "
              f"{totals.get((segment, 'owner'), 0)} costing the one session they belong to, "
              f"{totals.get((segment, 'none'), 0)} costing none (of {segment_flips}); "
              f"{snapshot} after a compaction: {len(offsets)} flips across its {len(snap)} bytes, "
              f"{totals.get((snapshot, 'owner'), 0)} costing their session, {totals.get((snapshot, 'none'), 0)} none; "
              f"every other session byte for byte as before")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
