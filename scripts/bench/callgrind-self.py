#!/usr/bin/env python3
"""Self cost per function of a callgrind dump (uncompressed names), highest first.

  callgrind-self.py PROFILE [TOP] [REQUESTS]   REQUESTS divides the figures (instructions per request)
"""
import collections
import sys

path, top = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40
requests = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
cost = collections.Counter()
objects = {}
fn, ob, after_calls = None, None, False
for line in open(path, errors="replace"):
    if line.startswith("ob="):
        ob = line[3:].strip()
    elif line.startswith("fn="):
        fn = line[3:].strip()
        objects[fn] = ob
    elif line.startswith("calls="):
        after_calls = True
    elif line[:1].isdigit() or line[:1] in "+-*":
        if after_calls:
            after_calls = False
            continue
        parts = line.split()
        if fn and len(parts) >= 2:
            cost[fn] += int(parts[1])
    elif line.startswith(("cfn=", "cob=", "cfi=", "cfl=")):
        pass
total = sum(cost.values())
print(f"total {total / requests:,.0f}")
for name, value in cost.most_common(top):
    lib = (objects.get(name) or "").rsplit("/", 1)[-1]
    print(f"{value / requests:10,.0f} {100 * value / total:5.1f}%  {name[:110]}  [{lib}]")
