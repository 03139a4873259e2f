#!/usr/bin/env python3
"""Independent oracle for KeyframeTests (docs/fidelity.md#keyframes).

Written apart from Sources/AnimationCore/Animation/KeyframePath.swift: timing functions are
solved by bisection (not Newton), a cubic segment is evaluated as a Bezier curve through its
Hermite control points (not the Hermite basis), paced key times from cumulative lengths.
Run: python3 scripts/oracle/keyframes_oracle.py  (prints the literals the tests use).
"""

CURVES = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1),
          "easeInEaseOut": (0.42, 0, 0.58, 1)}


def bezier_timing(curve, x):
    """y of a CSS cubic-bezier at time fraction x, by bisection on the parameter."""
    x1, y1, x2, y2 = curve
    bx = lambda s: 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
    by = lambda s: 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bx(mid) < x:
            lo = mid
        else:
            hi = mid
    return by((lo + hi) / 2)


def segment(key_times, u, count):
    i = 0
    while i + 1 < count - 1 and key_times[i + 1] <= u:
        i += 1
    return i


def linear(values, key_times, u, functions=None):
    if u <= 0:
        return values[0]
    if u >= 1:
        return values[-1]
    i = segment(key_times, u, len(key_times))
    f = (u - key_times[i]) / (key_times[i + 1] - key_times[i])
    if functions:
        f = bezier_timing(CURVES[functions[i]], f)
    return values[i] * (1 - f) + values[i + 1] * f


def discrete(values, key_times, u):
    if u >= 1:
        return values[-1]
    i = 0
    while i + 1 < len(values) and key_times[i + 1] <= u:
        i += 1
    return values[i]


def paced_key_times(values):
    lengths = [abs(b - a) for a, b in zip(values, values[1:])]
    total, run, out = sum(lengths), 0.0, [0.0]
    for length in lengths:
        run += length
        out.append(run / total)
    return out


def cubic(values, key_times, u, functions=None):
    """Kochanek-Bartels with T = C = B = 0 (Catmull-Rom), tangents scaled for unequal spans,
    an end keyframe doubled; evaluated as the Bezier through p0, p0 + m0/3, p1 - m1/3, p1."""
    n = len(values)
    if u <= 0:
        return values[0]
    if u >= 1:
        return values[-1]
    v = lambda k: values[min(max(k, 0), n - 1)]
    span = lambda k: key_times[min(max(k, 0), n - 2) + 1] - key_times[min(max(k, 0), n - 2)]
    i = segment(key_times, u, n)
    d = span(i)
    m0 = (v(i + 1) - v(i - 1)) / 2 * (2 * d / (span(i - 1) + d))
    m1 = (v(i + 2) - v(i)) / 2 * (2 * d / (d + span(i + 1)))
    f = (u - key_times[i]) / d
    if functions:
        f = bezier_timing(CURVES[functions[i]], f)
    p0, p1, p2, p3 = v(i), v(i) + m0 / 3, v(i + 1) - m1 / 3, v(i + 1)
    return (1 - f) ** 3 * p0 + 3 * (1 - f) ** 2 * f * p1 + 3 * (1 - f) * f * f * p2 + f ** 3 * p3


def show(name, fn, us):
    print(name + ": " + ", ".join(f"{u} → {fn(u):.10f}" for u in us))


if __name__ == "__main__":
    show("linear [0,100,40] @[0,0.25,1]", lambda u: linear([0, 100, 40], [0, 0.25, 1], u), [0.125, 0.5, 0.75])
    show("linear easeIn/easeOut [0,100,40] @[0,0.5,1]",
         lambda u: linear([0, 100, 40], [0, 0.5, 1], u, ["easeIn", "easeOut"]), [0.25, 0.75])
    show("discrete Apple [310,60,120,60] @[0,.25,.5,.75,1]",
         lambda u: discrete([310, 60, 120, 60], [0, .25, .5, .75, 1], u), [0.1, 0.3, 0.6, 0.8, 1])
    print("paced [0,30,10] key times:", paced_key_times([0, 30, 10]))
    show("paced [0,30,10]", lambda u: linear([0, 30, 10], paced_key_times([0, 30, 10]), u), [0.3, 0.8])
    apple = [310, 60, 120, 60, 310]
    show("cubic Apple uniform", lambda u: cubic(apple, [0, .25, .5, .75, 1], u), [0.125, 0.375, 0.6, 0.9])
    show("cubic Apple keyTimes [0,.1,.5,.75,1]", lambda u: cubic(apple, [0, .1, .5, .75, 1], u), [0.05, 0.3, 0.6])
    show("cubic [0,100,40] easeInEaseOut, linear @[0,0.5,1]",
         lambda u: cubic([0, 100, 40], [0, 0.5, 1], u, ["easeInEaseOut", "linear"]), [0.2, 0.7])
    h = 1e-6
    for u in (0.125, 0.6):
        slope = (cubic(apple, [0, .25, .5, .75, 1], u + h) - cubic(apple, [0, .25, .5, .75, 1], u - h)) / (2 * h)
        print(f"cubic Apple uniform d/du at {u}: {slope:.6f}")
