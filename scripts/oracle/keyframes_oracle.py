#!/usr/bin/env python3
"""Independent oracle for KeyframeTests (docs/fidelity.md#keyframes).

Written apart from Sources/AnimationCore/Animation/KeyframePath.swift: timing functions are
solved by bisection (not Newton), a cubic segment is evaluated as a Bezier curve through its
Hermite control points (not the Hermite basis), paced key times from cumulative lengths.
Kochanek-Bartels tangents are written from the paper's incoming/outgoing formulas (per keyframe
tension t, continuity c, bias b); cubicPaced is re-timed by the arc length measured with a fine
composite Simpson rule (400,000 steps) and inverted by bisection, not by the engine's table.
Run: python3 scripts/oracle/keyframes_oracle.py  (prints the literals the tests use).
"""
import bisect
import math

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
    an end keyframe doubled (kb_cubic below)."""
    return kb_cubic(values, key_times, u, None, functions)


def kb_cubic(values, key_times, u, tcb=None, functions=None):
    """Kochanek-Bartels with per-keyframe (t, c, b) (missing: 0): keyframe k's outgoing tangent
    DD_k = (1-t)(1+b)(1+c)/2 (p_k - p_k-1) + (1-t)(1-b)(1-c)/2 (p_k+1 - p_k), its incoming one
    DS_k = (1-t)(1+b)(1-c)/2 (p_k - p_k-1) + (1-t)(1-b)(1+c)/2 (p_k+1 - p_k); DD_k scaled by
    2 N_k / (N_k-1 + N_k), DS_k by 2 N_k-1 / (N_k-1 + N_k) for spans N; end keyframes doubled.
    Each segment's fraction through its timing function, if any; evaluated as the Bezier through
    p0, p0 + m0/3, p1 - m1/3, p1."""
    n = len(values)
    tcb = tcb or []
    if u <= 0:
        return values[0]
    if u >= 1:
        return values[-1]
    v = lambda k: values[min(max(k, 0), n - 1)]
    span = lambda k: key_times[min(max(k, 0), n - 2) + 1] - key_times[min(max(k, 0), n - 2)]
    par = lambda k: tcb[k] if k < len(tcb) else (0, 0, 0)
    i = segment(key_times, u, n)
    t, c, b = par(i)
    dd = (1 - t) * (1 + b) * (1 + c) / 2 * (v(i) - v(i - 1)) + (1 - t) * (1 - b) * (1 - c) / 2 * (v(i + 1) - v(i))
    t, c, b = par(i + 1)
    ds = (1 - t) * (1 + b) * (1 - c) / 2 * (v(i + 1) - v(i)) + (1 - t) * (1 - b) * (1 + c) / 2 * (v(i + 2) - v(i + 1))
    d = span(i)
    m0 = dd * 2 * d / (span(i - 1) + d)
    m1 = ds * 2 * d / (d + span(i + 1))
    f = (u - key_times[i]) / d
    if functions:
        f = bezier_timing(CURVES[functions[i]], f)
    p0, p1, p2, p3 = v(i), v(i) + m0 / 3, v(i + 1) - m1 / 3, v(i + 1)
    return (1 - f) ** 3 * p0 + 3 * (1 - f) ** 2 * f * p1 + 3 * (1 - f) * f * f * p2 + f ** 3 * p3


def even(n):
    return [k / (n - 1) for k in range(n)]


class CubicPaced:
    """cubicPaced of one value made of several scalars (each a list of keyframe values): the
    cubic spline at evenly spaced keyframes, re-timed so the point moves at one speed along the
    curve the scalars draw together (Euclidean). Arc length by composite Simpson on central
    differences of the spline; progress u -> spline progress s by bisection on the length."""

    def __init__(self, components, tcb=None, steps=400_000):
        self.components, self.tcb = components, tcb
        self.times = even(len(components[0]))
        self.cum, self.steps = [0.0], steps
        previous = self._speed(1e-9)
        for k in range(1, steps + 1):
            middle, end = self._speed((k - 0.5) / steps), self._speed(min(k / steps, 1 - 1e-9))
            self.cum.append(self.cum[-1] + (previous + 4 * middle + end) / 6 / steps)
            previous = end
        self.total = self.cum[-1]

    def _speed(self, s):
        """|d point / ds| by a central difference, kept inside (0, 1)."""
        h = 1e-7
        return math.sqrt(sum(((kb_cubic(c, self.times, min(s + h, 1 - 1e-12), self.tcb)
                               - kb_cubic(c, self.times, max(s - h, 1e-12), self.tcb)) / (2 * h)) ** 2
                             for c in self.components))

    def spline_progress(self, u):
        target = u * self.total
        k = min(bisect.bisect_right(self.cum, target) - 1, self.steps - 1)
        lo, hi = k / self.steps, (k + 1) / self.steps
        # Bisection inside the step on a Simpson length from the step's start.
        for _ in range(60):
            mid = (lo + hi) / 2
            if self.cum[k] + self._length(k / self.steps, mid) < target:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    def _length(self, a, b):
        if b <= a:
            return 0.0
        return (b - a) * (self._speed(a + 1e-12) + 4 * self._speed((a + b) / 2) + self._speed(b - 1e-12)) / 6

    def value(self, u, component=0):
        return kb_cubic(self.components[component], self.times, self.spline_progress(u), self.tcb)


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
    # Kochanek-Bartels parameters (cubic modes).
    tcb = [(0, 0, 0), (0.5, 0, 0), (0, -0.5, 0.5), (0, 0, 0)]
    show("KB [0,100,40,80] @[0,.2,.6,1] t/c/b (0,0,0),(.5,0,0),(0,-.5,.5)",
         lambda u: kb_cubic([0, 100, 40, 80], [0, .2, .6, 1], u, tcb), [0.1, 0.4, 0.8])
    show("KB [0,100,40,80] even, continuity of keyframe 1 = 1 (tcb [(0,0,0),(0,1,0)])",
         lambda u: kb_cubic([0, 100, 40, 80], even(4), u, [(0, 0, 0), (0, 1, 0)]), [0.2, 0.5])
    show("KB Apple even, bias [0, -1, 0, 1]",
         lambda u: kb_cubic(apple, even(5), u, [(0, 0, -0), (0, 0, -1), (0, 0, 0), (0, 0, 1)]), [0.125, 0.375, 0.8])
    # cubicPaced.
    paced = CubicPaced([apple])
    print(f"cubicPaced Apple: curve length {paced.total:.7f}")
    show("cubicPaced Apple", paced.value, [0.1, 0.25, 0.5, 0.7, 0.9])
    plane = CubicPaced([[0, 100, 100], [0, 0, 100]])
    print(f"cubicPaced x [0,100,100], y [0,0,100]: curve length {plane.total:.7f}")
    show("cubicPaced x", lambda u: plane.value(u, 0), [0.25, 0.5, 0.75])
    show("cubicPaced y", lambda u: plane.value(u, 1), [0.25, 0.5, 0.75])
    tense = CubicPaced([[0, 100, 40]], [(0, 0, 0), (1, 0, 0)])
    print(f"cubicPaced [0,100,40] tension 1 at 100: curve length {tense.total:.7f}")
    show("cubicPaced [0,100,40] tension [0, 1]", tense.value, [0.3, 0.8])
