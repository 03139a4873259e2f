#!/usr/bin/env python3
"""ControlSim's numeric oracle for UIKit and Core Animation motion.

The AnimationCore tests compare the engine against literal values; this script is where those
values come from. It works the UIKit rules described in docs/fidelity.md out again, apart from
the Swift engine, with nothing but the Python standard library, and prints them in numbered
sections that the tests cite as "oracle §N":

  §0  published figures the rules must reproduce (Framer, Apple's documentation)
  §1  UIKit duration + dampingRatio springs, cases A–D (constants and sampled motion)
  §2  critical, clamped-overdamped and overdamped springs; exact settling times
  §3  perceptual springs (duration + bounce)
  §4  UISwitch's internal springs
  §5  cubic timing curves (WebKit UnitBezier, epsilon 1e-7) and the inverse UIKit uses
  §6  a property animator paused on a curve (fractionComplete with and without linear scrubbing)
  §7  flick projection (UIScrollView deceleration rates)
  §8  rubber banding
  §9  the pan recogniser's velocity estimate
  §10 the four controls: the derived positions, times and velocities their tests expect
  §11 a property animator continued with a spring
  §12 springs as the API echoes them (overshoot, peak velocity)
  §13 scroll deceleration: offsets, velocities, stop times and rests, per-ms and per-tick
  §14 the bounce at an edge: a flick into it, released beyond it, bounces off
  §15 the rubber band while dragging, and its inverse
  §16 paging: the page a release picks, the per-ms spring, its snap
  §17 the sheet: detents, the release rule, its spring, dimming
  §18 the stepper's autorepeat schedule
  §19 the slider's geometry and animated setValue durations
  §20 the segmented control's layout and selection spring
  §21 setContentOffset(animated:)'s sin² curve
  §25 the scroll view definition's scenarios (defaults: 390 x 844 bounds, content 2000 high)
  §26 the sheet definition's scenarios (defaults: 393 x 852, detents medium and large)

Run it from the repository root:

  python3 scripts/oracle/uikit_oracle.py > scripts/oracle/uikit_oracle.txt   # regenerate
  python3 scripts/oracle/uikit_oracle.py --check                             # compare (CI)

Conventions: progress p(t) runs 0 → 1 and a value is from + p·(to − from). Spring velocities are
relative (fractions of the distance per second, positive towards the target). The spring's
displacement x = 1 − p obeys m·x'' + c·x' + k·x = 0 with x(0) = 1, x'(0) = −v0.
"""

import math
import struct
import sys
from pathlib import Path

EPSILON = 0.001          # UIKit's "at rest" threshold for springs
CURVE_EPSILON = 1e-7     # the UnitBezier solver's tolerance


def to_float32(value):
    """The nearest IEEE single: UIKit evaluates some exp() arguments in float."""
    if not math.isfinite(value) or abs(value) > 3.4028234663852886e38:
        return value if math.isnan(value) else math.copysign(math.inf, value)
    return struct.unpack("f", struct.pack("f", value))[0]


def exp(x):
    """exp() as C computes it: overflow gives inf, not an exception."""
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def divide(a, b):
    """a / b as IEEE doubles divide: by zero gives ±inf (or NaN for 0/0), not an exception."""
    if b != 0.0 or math.isnan(b):
        return a / b
    if a == 0.0 or math.isnan(a):
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


# ---------------------------------------------------------------------------------------------
# Springs: the damped oscillator in closed form
# ---------------------------------------------------------------------------------------------

class Oscillator:
    """m·x'' + c·x' + k·x = 0 from x(0) = x0, x'(0) = dx0, solved in closed form.

    Core Animation runs ζ > 1 as critically damped unless overdamping is allowed, so `clamp`
    (the default) evaluates such a spring with the critical solution at ω0."""

    def __init__(self, mass, stiffness, damping, x0=1.0, dx0=0.0, allows_overdamping=False):
        self.m, self.k, self.c = mass, stiffness, damping
        self.x0, self.dx0 = x0, dx0
        self.w0 = math.sqrt(stiffness / mass)
        self.zeta = damping / (2.0 * math.sqrt(stiffness * mass))
        if self.zeta < 1.0:
            self.kind = "underdamped"
        elif self.zeta > 1.0 and allows_overdamping:
            self.kind = "overdamped"
        else:
            self.kind = "critical"

    def state(self, t):
        """(x, x') at t ≥ 0."""
        x0, v0, w0 = self.x0, self.dx0, self.w0
        if self.kind == "underdamped":
            decay = self.zeta * w0
            wd = w0 * math.sqrt(1.0 - self.zeta ** 2)
            a, b = x0, (v0 + decay * x0) / wd
            e, cs, sn = math.exp(-decay * t), math.cos(wd * t), math.sin(wd * t)
            x = e * (a * cs + b * sn)
            dx = e * ((b * wd - decay * a) * cs - (a * wd + decay * b) * sn)
            return x, dx
        if self.kind == "overdamped":
            spread = w0 * math.sqrt(self.zeta ** 2 - 1.0)
            slow, fast = -self.zeta * w0 + spread, -self.zeta * w0 - spread
            a = (v0 - fast * x0) / (slow - fast)
            b = x0 - a
            return (a * math.exp(slow * t) + b * math.exp(fast * t),
                    a * slow * math.exp(slow * t) + b * fast * math.exp(fast * t))
        # critical (or overdamped clamped to critical at ω0)
        b = v0 + w0 * x0
        e = math.exp(-w0 * t)
        return e * (x0 + b * t), e * (b - w0 * (x0 + b * t))

    def x(self, t):
        return self.state(t)[0]


def progress_spring(mass, stiffness, damping, velocity=0.0, allows_overdamping=False):
    """The oscillator a 0 → 1 animation runs: x0 = 1, x'(0) = −v (v relative, towards 1)."""
    return Oscillator(mass, stiffness, damping, 1.0, -velocity, allows_overdamping)


def progress(spring, t):
    """(p, dp/dt) of a progress spring."""
    x, dx = spring.state(t)
    return 1.0 - x, -dx


# ---------------------------------------------------------------------------------------------
# UIKit's springs for a duration: stiffness solved so the spring is at rest at `duration`
# ---------------------------------------------------------------------------------------------

def uikit_omega(duration, damping_ratio, velocity=0.0, float32=True):
    """ω0 of `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`.

    UIKit clamps ζ to [1.1920929e-7, 1] and the duration to [0.01, 10] s, then runs exactly 12
    Newton steps from ω = 5/T on:
      ζ < 1: ε = |(ζω − v)/(√(1−ζ²)·ω)|·e^(−ζωT)   (the envelope of the sine term)
      ζ = 1: (1 + (ω − v)·T)·e^(−ωT) = ∓ε           (sign: − when ω ≥ v)
    with ε = 0.001; some exp() arguments, and 1 − ζ², are rounded to float as UIKit does."""
    zeta = min(max(damping_ratio, 1.1920929e-07), 1.0)
    T = min(max(duration, 0.01), 10.0)
    v = velocity
    r32 = to_float32 if float32 else (lambda a: a)

    if zeta >= 1.0:
        def f(w):
            target = EPSILON if w - v < 0.0 else -EPSILON
            return target + (1.0 + (w - v) * T) * exp(r32(-T * w))

        def df(w):
            return divide(T * T * (v - w), exp(r32(T * w)))
    else:
        root = math.sqrt(r32(1.0 - zeta * zeta))

        def g(w):  # the signed envelope coefficient (ζω − v)/(√(1−ζ²)·ω)
            return divide(zeta * w - v, root * w)

        def f(w):
            return EPSILON - abs(g(w) * exp(r32(-T * zeta * w)))

        def df(w):
            # d/dω of g·e^(−Tζω) is e^(−Tζω)·(v + Tζv·ω − Tζ²·ω²)/(√(1−ζ²)·ω²); f takes its sign flip.
            slope = divide(v + T * zeta * v * w - T * zeta * zeta * w * w, w * w * root * exp(r32(T * zeta * w)))
            return slope if exp(-T * zeta * w) * g(w) <= 0.0 else -slope

    w = 5.0 / T
    for _ in range(12):
        w -= divide(f(w), df(w))
    return w, zeta


def uikit_spring(duration, damping_ratio, velocity=0.0, float32=True):
    """(mass, stiffness, damping, ω0, ζ) of UIKit's spring for a duration.

    UIKit keeps whatever the 12 steps end on: stiffness max(ω², 0.01), damping 2ζ·√(ω²), so a
    step past zero (ω < 0) gives the spring of |ω|. Where the steps overflow (ω not a number),
    UIKit's result is not a spring; the engine's choice is the frequency of the same duration
    with no velocity (§27)."""
    w, zeta = uikit_omega(duration, damping_ratio, velocity, float32)
    if not math.isfinite(w):
        w, zeta = uikit_omega(duration, damping_ratio, 0.0, float32)
    return 1.0, max(w * w, 0.01), 2.0 * zeta * math.sqrt(w * w), abs(w), zeta


def uikit_settling(mass, stiffness, damping, velocity=0.0):
    """UIKit's `_durationOfSpringAnimation` estimate (ε = 0.001); ζ is clamped to [0, 1].

    ζ < 1: the sine envelope's decay to ε. ζ ≥ 1: UIKit's fitted approximation of the Lambert-W
    solution of the critical case."""
    zeta = min(max(damping / (2.0 * math.sqrt(stiffness * mass)), 0.0), 1.0)
    if zeta == 0.0:
        return math.inf
    w = math.sqrt(stiffness / mass)
    if zeta < 1.0:
        decay = zeta * w
        damped = w * math.sqrt(1.0 - zeta * zeta)
        return max((math.log(1.0 / EPSILON) + math.log(1.0 + abs((decay - velocity) / damped))) / decay, 0.0)
    reach = w - velocity
    lg = math.log(abs(EPSILON * w * math.exp(-w / reach) / reach))
    a = -1.0 - lg
    fit = 1.0 + 0.3361 * math.sqrt(a / 2.0) / (1.0 - 0.0042 * a * math.exp(-0.0201 * math.sqrt(a)))
    corrected = lg - 5.9506097239272915 * (1.0 - 1.0 / fit)
    return -(w + reach * corrected) / (w * reach)


def exact_settling(spring, epsilon=EPSILON, horizon=60.0, step=1e-4):
    """The last time |x(t)| ≥ ε: a scan every `step` seconds, then bisection at the last crossing."""
    last, t = 0.0, 0.0
    while t < horizon:
        if abs(spring.x(t)) >= epsilon:
            last = t
        t += step
    low, high = last, last + step
    for _ in range(200):
        mid = 0.5 * (low + high)
        if abs(spring.x(mid)) >= epsilon:
            low = mid
        else:
            high = mid
    return high


def response_spring(response, damping_ratio):
    """SwiftUI `Spring(response:dampingRatio:)`: m = 1, k = (2π/response)², c = 4πζ/response."""
    return 1.0, (2.0 * math.pi / response) ** 2, 4.0 * math.pi * damping_ratio / response


def bounce_ratio(bounce):
    """iOS 17 bounce → ζ: 1 − bounce when bounce ≥ 0, else 1/(1 + bounce)."""
    return 1.0 - bounce if bounce >= 0.0 else 1.0 / (1.0 + bounce)


# ---------------------------------------------------------------------------------------------
# Cubic timing curves (WebKit's UnitBezier, as Core Animation solves them)
# ---------------------------------------------------------------------------------------------

class Curve:
    def __init__(self, x1, y1, x2, y2):
        self.points = (x1, y1, x2, y2)
        self.cx, self.cy = 3.0 * x1, 3.0 * y1
        self.bx, self.by = 3.0 * (x2 - x1) - self.cx, 3.0 * (y2 - y1) - self.cy
        self.ax, self.ay = 1.0 - self.cx - self.bx, 1.0 - self.cy - self.by

    def bx_of(self, s):
        return ((self.ax * s + self.bx) * s + self.cx) * s

    def by_of(self, s):
        return ((self.ay * s + self.by) * s + self.cy) * s

    def dbx(self, s):
        return (3.0 * self.ax * s + 2.0 * self.bx) * s + self.cx

    def dby(self, s):
        return (3.0 * self.ay * s + 2.0 * self.by) * s + self.cy

    def parameter(self, x, epsilon=CURVE_EPSILON):
        """The curve parameter whose x is `x`: up to 8 Newton steps from x, else bisection."""
        s = x
        for _ in range(8):
            error = self.bx_of(s) - x
            if abs(error) < epsilon:
                return s
            slope = self.dbx(s)
            if abs(slope) < 1e-6:
                break
            s -= error / slope
        low, high, s = 0.0, 1.0, x
        if s <= low:
            return low
        if s >= high:
            return high
        while low < high:
            value = self.bx_of(s)
            if abs(value - x) < epsilon:
                return s
            if x > value:
                low = s
            else:
                high = s
            s = 0.5 * (low + high)
        return s

    def __call__(self, x):
        if x <= 0.0:
            return 0.0
        if x >= 1.0:
            return 1.0
        return self.by_of(self.parameter(x))

    def slope(self, x):
        """d(progress)/d(time fraction) inside (0, 1)."""
        s = self.parameter(x)
        return self.dby(s) / self.dbx(s)

    def inverse(self, y):
        """The time fraction at which the curve shows progress y (bisection on a monotone curve)."""
        low, high = 0.0, 1.0
        for _ in range(80):
            mid = 0.5 * (low + high)
            if self.by_of(self.parameter(mid, 1e-13)) < y:
                low = mid
            else:
                high = mid
        return 0.5 * (low + high)


CURVES = {
    "linear": Curve(0.0, 0.0, 1.0, 1.0),
    "easeIn": Curve(0.42, 0.0, 1.0, 1.0),
    "easeOut": Curve(0.0, 0.0, 0.58, 1.0),
    "easeInEaseOut": Curve(0.42, 0.0, 0.58, 1.0),
    "default": Curve(0.25, 0.1, 0.25, 1.0),
}
EASE = CURVES["easeInEaseOut"]


# ---------------------------------------------------------------------------------------------
# Gestures and scrolling
# ---------------------------------------------------------------------------------------------

def projection(velocity, rate):
    """WWDC 2018 "Designing Fluid Interfaces": (v/1000)·r/(1 − r) points for v in points/s."""
    return velocity / 1000.0 * rate / (1.0 - rate)


def exact_decay(velocity, rate):
    """The integral of v·r^(1000·t) over t ≥ 0."""
    return -velocity / (1000.0 * math.log(rate))


def rubber_band(x, dimension, coefficient=0.55):
    return (1.0 - 1.0 / (x * coefficient / dimension + 1.0)) * dimension


def pan_velocity(points):
    """UIPanGestureRecognizer's estimate from (t, position) samples: 0.2·last + 0.8·previous."""
    rates = []
    for (t0, p0), (t1, p1) in zip(points, points[1:]):
        rates.append(0.0 if t1 - t0 < 0.001 else (p1 - p0) / (t1 - t0))
    return (0.2 * rates[-1] + 0.8 * rates[-2], rates[-1], rates[-2]) if len(rates) > 1 else (rates[-1],) * 3


# ---------------------------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------------------------

OUT = []


def say(line=""):
    OUT.append(line)


def section(title):
    if OUT:
        say()
    say("## " + title)


def sampled(spring, duration, times):
    say("    t      progress    velocity   shown (the target from `duration` on)")
    for t in times:
        p, dp = progress(spring, t)
        say(f"   {t:4.2f}   {p:9.6f}  {dp:10.6f}   {1.0 if t >= duration else p:9.6f}")


# §0 ------------------------------------------------------------------------------------------

def published():
    section("0. Published figures the rules reproduce")
    m, k, c, _, _ = uikit_spring(3.0, 0.25, 0.0, float32=False)
    say(f"Framer SpringsExample, duration 3 s, dampingRatio 0.25, double precision: stiffness {k!r} damping {c!r}")
    say("  (Framer publishes tension 54.83363359078326, friction 3.702486785620688)")
    _, k32, c32, _, _ = uikit_spring(3.0, 0.25)
    say(f"  with UIKit's float32 exp() arguments: stiffness {k32:.9f} damping {c32:.9f} (relative difference {abs(k32 - k) / k:.1e})")
    say(f"CASpringAnimation m 1, k 100, c 5: UIKit settling {uikit_settling(1, 100, 5):.4f} s (Apple: 'approximately 2.85 seconds')")
    say(f"CASpringAnimation defaults m 1, k 100, c 10: zeta {10 / (2 * math.sqrt(100)):.3f}, settling {uikit_settling(1, 100, 10):.4f} s")
    w0 = math.sqrt(1000 / 3)
    say(f"UISpringTimingParameters() m 3, k 1000, c 500: zeta {500 / (2 * math.sqrt(3000)):.4f} (Apple: 4.56), "
        f"run as critical: settling {uikit_settling(3, 1000, 500):.6f} s = 9.235037/omega0 = {9.235037 / w0:.6f}")
    mm, kk, cc = response_spring(0.5, bounce_ratio(0.3))
    say(f"Spring(duration 0.5, bounce 0.3): mass {mm:.1f} stiffness {kk:.1f} damping {cc:.1f} (Apple: 1.0, 157.9, 17.6)")
    zeta = 10 / (2 * math.sqrt(100))
    say(f"Spring(mass 1, stiffness 100, damping 10): duration {2 * math.pi / 10:.2f} bounce {1 - zeta:.2f} (Apple: 0.63, 0.5)")


# §1 ------------------------------------------------------------------------------------------

CASES = [
    ("A", "UIView.animate duration 0.3, dampingRatio 0.4, velocity 1.0", 0.3, 0.4, 1.0),
    ("B", "UIView.animate duration 0.3, dampingRatio 0.5, velocity 0.5", 0.3, 0.5, 0.5),
    ("C", "UIViewPropertyAnimator(duration 0.9, dampingRatio 1.0), velocity 0", 0.9, 1.0, 0.0),
    ("D", "UIView.animate duration 0.5, dampingRatio 0.8, velocity 0", 0.5, 0.8, 0.0),
]


def case_spring(name):
    for n, _, duration, zeta, v in CASES:
        if n == name:
            m, k, c, _, _ = uikit_spring(duration, zeta, v)
            return progress_spring(m, k, c, v), duration
    raise KeyError(name)


def uikit_cases():
    section("1. UIKit duration + dampingRatio springs (mass 1, epsilon 0.001, 12 Newton steps from 5/T)")
    for name, title, duration, zeta, v in CASES:
        m, k, c, w, z = uikit_spring(duration, zeta, v)
        spring = progress_spring(m, k, c, v)
        say(f"### {name}: {title}")
        say(f"stiffness {k:.6f} damping {c:.6f} omega0 {w:.6f} zeta {z:.4f} response {2 * math.pi / w:.6f} s")
        say(f"UIKit settling {uikit_settling(m, k, c, v):.6f} s; last |x| >= 0.001 at {exact_settling(spring):.4f} s; "
            f"shown until {duration} s")
        sampled(spring, duration, [i / 20 for i in range(21)])
        say()
    OUT.pop()


# §2 ------------------------------------------------------------------------------------------

def regimes():
    section("2. Critical, clamped and overdamped (m 1, k 100)")
    critical = progress_spring(1, 100, 20)
    clamped = progress_spring(1, 100, 30)
    over = progress_spring(1, 100, 30, allows_overdamping=True)
    say("    t    c 20 (critical)   c 30 (CA clamps to critical)   c 30 (allowsOverdamping)")
    for i in range(11):
        t = i * 0.05
        say(f"   {t:4.2f}   {progress(critical, t)[0]:9.6f}         {progress(clamped, t)[0]:9.6f}"
            f"                      {progress(over, t)[0]:9.6f}")
    say(f"exact settling (last |x| >= 0.001), c 30 allowsOverdamping: {exact_settling(over)!r} s")
    m, k, c = response_spring(0.5, bounce_ratio(-0.5))
    negative = progress_spring(m, k, c, allows_overdamping=True)
    say(f"exact settling, perceptual duration 0.5 bounce -0.5 (k {k!r}, c {c!r}): {exact_settling(negative)!r} s")


# §3 ------------------------------------------------------------------------------------------

def perceptual():
    section("3. Perceptual springs (iOS 17: duration = response, bounce)")
    say("  duration bounce  zeta      stiffness     damping   UIKit settling (v 0)")
    for duration, bounce in [(0.5, 0.0), (0.5, 0.3), (0.35, 0.15), (0.5, -0.5), (1.0, 0.5)]:
        zeta = bounce_ratio(bounce)
        m, k, c = response_spring(duration, zeta)
        say(f"    {duration:4.2f}  {bounce:5.2f}  {zeta:6.4f}  {k:13.6f}  {c:10.6f}     {uikit_settling(m, k, c):.6f}")
    say("  UIView.animate(springDuration:bounce:) allows overdamping.")


# §4 ------------------------------------------------------------------------------------------

def switch_springs():
    section("4. UISwitch's internal springs (the constants UIKit stores)")
    rows = [
        ("knob position", 1.0, 438.649084, 31.4159265, 0.488013841),
        ("knob touch-down", 1.0, 322.272797, 31.236407, 0.507396551),
        ("track going on", 1.0, 246.74011, 31.4159265, 0.58792069),
        ("track going off", 1.0, 85.3772007, 18.4799568, 0.999465174),
        ("knob width touch-down", 1.2, 300.0, 30.0, 0.3),
        ("knob width touch-up", 1.0, 350.0, 26.0, 0.5),
    ]
    for name, m, k, c, ca in rows:
        zeta = c / (2 * math.sqrt(k * m))
        say(f"  {name:22} m {m} k {k} c {c}: zeta {zeta:.4f} response {2 * math.pi / math.sqrt(k / m):.4f} s, "
            f"CA duration {ca} s, UIKit settling {uikit_settling(m, k, c):.6f} s")
    m, k, c = response_spring(0.3, 0.75)
    say(f"  the knob position spring is response 0.3 s, zeta 0.75: k {k:.6f}, c {c:.7f}")
    zeta = 31.4159265 / (2 * math.sqrt(246.74011))
    say(f"  track going on: the stored constants give zeta 1 - {1 - zeta:.1e}, just below 1, so UIKit's estimate takes its")
    say(f"  underdamped branch ({uikit_settling(1, 246.74011, 31.4159265):.6f} s); exactly critical it would be "
        f"{uikit_settling(*response_spring(0.40, 1.0)):.6f} s")


# §5 ------------------------------------------------------------------------------------------

def curves():
    section("5. Cubic timing curves (x = time fraction -> progress; UnitBezier, epsilon 1e-7)")
    say("     x           " + "  ".join(f"{n:>13}" for n in CURVES))
    for i in range(21):
        x = i / 20
        say(f"   {x:4.2f}   " + "  ".join(f"{curve(x):13.8f}" for curve in CURVES.values()))
    say("  inverse of easeInEaseOut (progress -> time fraction):")
    for y in (0.10, 0.25, 0.50, 0.75, 0.90):
        say(f"    {y:.2f} -> {EASE.inverse(y):.8f}")
    say(f"  easeInEaseOut slope at 0.5: {EASE.slope(0.5):.8f}; at 0.3: {EASE.slope(0.3):.8f}")


# §6 ------------------------------------------------------------------------------------------

def paused_animator():
    section("6. UIViewPropertyAnimator(duration 1, curve easeInOut) paused at 0.3 s")
    shown = EASE(0.3)
    say(f"  progress shown at the pause: easeInOut(0.3) = {shown:.8f}")
    say(f"  scrubsLinearly true:  fractionComplete {shown:.8f} (the progress; nothing moves)")
    say(f"  scrubsLinearly false: fractionComplete {0.3:.8f} (the time fraction)")
    resumed = EASE.inverse(shown)
    say(f"  continued (nil, factor 0): on the curve again at time fraction {resumed:.8f}, {1 - resumed:.4f} s left")


# §7, §8, §9 -------------------------------------------------------------------------------------

def projections():
    section("7. Projection (points travelled by a flick)")
    say("   v (pt/s)   WWDC 0.998   exact 0.998   WWDC 0.99   exact 0.99")
    for v in (100, 500, 1000, 2000, 5000, -1500):
        say(f"   {v:7}  {projection(v, 0.998):11.4f}  {exact_decay(v, 0.998):12.4f}  {projection(v, 0.99):10.4f}  {exact_decay(v, 0.99):11.4f}")


def rubber_bands():
    section("8. Rubber band f(x) = (1 - 1/(x*c/d + 1))*d, c 0.55")
    say("      x      d 100      d 400      d 812")
    for x in (0, 10, 25, 50, 100, 200, 400, 1000):
        say(f"   {x:4}  " + "  ".join(f"{rubber_band(x, d):9.4f}" for d in (100, 400, 812)))


def pan():
    section("9. Pan velocity (positions 3·i² every 1/60 s)")
    points = [(i / 60, 3.0 * i * i) for i in range(6)]
    blended, last, previous = pan_velocity(points)
    say(f"  samples {[(round(t, 6), p) for t, p in points]}")
    say(f"  velocity 0.2·{last:.1f} + 0.8·{previous:.1f} = {blended:.4f} pt/s")
    say(f"  at .began (two samples, 3 and 12 pt): 0.2·540 + 0.8·180 = {pan_velocity([(0, 0), (1 / 60, 3), (2 / 60, 12)])[0]:.4f} pt/s")


# §10 -----------------------------------------------------------------------------------------

def controls():
    section("10. The controls: values their tests expect")
    a, _ = case_spring("A")
    b, _ = case_spring("B")
    say("### button: scale = 1 + (ratio − 1)·p_A(t) until 0.3 s, then ratio + (1 − ratio)·p_B(t − 0.3)")
    for ratio in (0.9, 0.95):
        for t in (0.05, 0.10, 0.20, 0.35, 0.40, 0.50):
            scale = 1 + (ratio - 1) * progress(a, t)[0] if t < 0.3 else ratio + (1 - ratio) * progress(b, t - 0.3)[0]
            say(f"  ratio {ratio}: scale({t:.2f}) = {scale:.7f}")

    say("### switch: thumb centre 15.5 off, 35.5 on (20 pt); curve easeInEaseOut 0.25 s, added additively")
    say(f"  15.5 + 20·e(0.3) = {15.5 + 20 * EASE(0.3):.7f}; midpoint at 0.125 s = {15.5 + 20 * EASE(0.5):.7f}")
    track = [(233 + (52 - 233) * 0.5), (233 + (199 - 233) * 0.5), (234 + (89 - 234) * 0.5)]
    say(f"  track colour at the midpoint, #e9e9ea → #34c759 per channel: {track} / 255")

    def toggled_twice(t):   # on at 0, off again at 0.1: the two animations add
        return 15.5 - 20 * (1 - EASE(t / 0.25)) + 20 * (1 - EASE((t - 0.1) / 0.25)) if t >= 0.1 else 35.5 - 20 * (1 - EASE(t / 0.25))
    say(f"  toggled at 0 and 0.1: x(0.1) = {15.5 + 20 * EASE(0.4):.7f}, velocity 20·e'(0.4)/0.25 = {20 * EASE.slope(0.4) / 0.25:.6f} pt/s")
    say(f"  x(0.2) = {toggled_twice(0.2):.7f}, x(0.3) = {toggled_twice(0.3):.7f}")

    m, k, c = response_spring(0.3, 0.75)
    knob = progress_spring(m, k, c)
    say(f"  knob spring (response 0.3, zeta 0.75: k {k:.6f}, c {c:.7f}) from rest: 15.5 + 20·p(t)")
    for t in (0.05, 0.10, 0.20):
        p = progress(knob, t)[0]
        say(f"    t {t:.2f}: p {p:.9f}, x {15.5 + 20 * p:.7f}")
    x_at, v_at = 15.5 + 20 * progress(knob, 0.1)[0], 20 * progress(knob, 0.1)[1]
    say(f"  retargeted to 15.5 at 0.1 from x {x_at:.7f} moving {v_at:.6f} pt/s:")
    back = Oscillator(m, k, c, x_at - 15.5, v_at)
    for t in (0.15, 0.20, 0.30):
        say(f"    t {t:.2f}: x {15.5 + back.x(t - 0.1):.7f}")

    say("### card: collapsedY 779, expandedY 244 (535 pt); frame and blur on case C, the corner linear over 0.9 s")
    cc, _ = case_spring("C")

    def card_y(expandedness):
        return 779 - 535 * expandedness

    def p_c(t):
        return progress(cc, t)[0]

    def uikit_progress(duration, velocity, t):
        m_, k_, c_, _, _ = uikit_spring(duration, 1.0, velocity)
        return progress(progress_spring(m_, k_, c_, velocity), t)[0]

    say(f"  p_C(0.25) = {p_c(0.25):.10f}: cardY {card_y(p_c(0.25)):.7f}, corner {12 * 0.25 / 0.9:.7f}; "
        f"collapsing, cardY {244 + 535 * p_c(0.25):.7f}")
    say(f"  p_C(0.30) = {p_c(0.30):.10f}: cardY {card_y(p_c(0.30)):.7f}; p_C(0.45) = {p_c(0.45):.6f}: cardY {card_y(p_c(0.45)):.6f}")
    f = 290 / 600
    rest = (1 - f) * 0.9
    shown = f + (1 - f) * uikit_progress(rest, 0.0, 0.1)
    say(f"  pan released at f = 290/600: the rest on UIKit's spring for {rest:.3f} s; at +0.1 s progress {shown:.10f}, "
        f"cardY {card_y(shown):.7f}, corner {12 * (f + 0.1 / 0.9):.7f}; ends at {0.3 + rest:.3f} s")
    grabbed = 60 / 600 + p_c(0.30)
    say(f"  grabbed at 0.35 (p_C(0.30)) and moved 60 pt: f {grabbed:.7f}, cardY {card_y(grabbed):.7f}; "
        f"the rest takes {(1 - grabbed) * 0.9:.7f} s, ends at {0.5 + (1 - grabbed) * 0.9:.7f}")

    # release: velocity. The spring back keeps the finger's speed relative to the distance left.
    f, y, v = 90 / 600, card_y(90 / 600), 880.0
    projected = y + projection(v, 0.998)
    relative = v / (779 - y)
    rest = f * 0.9
    back_shown = f * (1 - uikit_progress(rest, relative, 0.05))
    say(f"  flicked back at 880 pt/s from f 0.15 (cardY {y:.2f}): projected {projected:.2f} (nearer collapsed); "
        f"reversed on UIKit's spring for {rest:.3f} s, v {relative:.6f}; at +0.05 s progress {back_shown:.10f}, "
        f"cardY {card_y(back_shown):.7f}; ends at {0.2 + rest:.3f} s")
    f, y, v = 10 / 600, card_y(10 / 600), -25.0
    say(f"  released short at -25 pt/s from cardY {y:.7f}: projected {y + projection(v, 0.998):.3f} (nearer collapsed); "
        f"ends at {0.6 + f * 0.9:.3f} s")
    f, y, v = 50 / 600, card_y(50 / 600), -600.0
    relative = v / (244 - y)
    rest = (1 - f) * 0.9
    say(f"  flicked up at -600 pt/s from cardY {y:.7f}: projected {y + projection(v, 0.998):.3f} (nearer expanded); "
        f"UIKit's spring for {rest:.3f} s, v {relative:.7f}:")
    for tau in (0.1, 0.2):
        shown = f + (1 - f) * uikit_progress(rest, relative, tau)
        say(f"    at {0.1 + tau:.1f} s: cardY {card_y(shown):.7f}")
    say(f"    ends at {0.1 + rest:.3f} s")

    at = p_c(0.30)
    rest = at * 0.9
    say(f"  toggled back at 0.3 from p_C(0.30): reversed on UIKit's spring for {rest:.7f} s (zeta 1, v 0):")
    for t in (0.4, 0.6):
        say(f"    at {t} s: cardY {card_y(at * (1 - uikit_progress(rest, 0.0, t - 0.3))):.7f}")
    say(f"    ends at {0.3 + rest:.7f} s")
    say(f"  reversed at 0.35 after a tap at 0 (started 0.05): the corner is back at its start at {0.35 + (0.30 / 0.9) * 0.9:.2f} s;")
    for t in (0.8, 0.85):
        shown = at * (1 - uikit_progress(rest, 0.0, t - 0.35))
        say(f"    at {t} s: progress {shown:.7f}, cardY {card_y(shown):.7f}")
    grabbed = at * (1 - uikit_progress(rest, 0.0, 0.5)) + 300 / 600
    say(f"    grabbed at 0.85 and moved 300 pt up: f {grabbed:.7f}, cardY {card_y(grabbed):.7f}, corner {12 * grabbed:.7f}")


# §11 -----------------------------------------------------------------------------------------

def continued_animator():
    section("11. A 1 s linear animator paused at 0.4 and continued with dampingRatio 1 (factor 0)")
    m, k, c, _, _ = uikit_spring(0.6, 1.0, 0.0)
    spring = progress_spring(m, k, c)
    say(f"  the rest, 0.6 s, on UIKit's spring for 0.6 s (k {k:.6f}, c {c:.6f}), from 0.4 to 1:")
    for tau in (0.1, 0.3):
        say(f"    at {0.4 + tau:.1f} s: progress {0.4 + 0.6 * progress(spring, tau)[0]!r}")


# §12 -----------------------------------------------------------------------------------------

def extreme(function, start, end, step=1e-4):
    """The largest value of `function` on [start, end): a scan every `step`, refined by ternary search."""
    best_t, best = start, function(start)
    t = start
    while t < end:
        value = function(t)
        if value > best:
            best_t, best = t, value
        t += step
    low, high = max(start, best_t - step), min(end, best_t + step)
    for _ in range(100):
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if function(a) < function(b):
            low = a
        else:
            high = b
    return max(best, function(0.5 * (low + high)))


def echoed_springs():
    section("12. Springs as the API echoes them: constants, how long they show, overshoot and peak velocity")
    say("  overshoot: the largest progress beyond 1 while shown (0 when none); peak velocity: the largest |dp/dt|")
    say("  while shown, the start and the cut included")
    rows = [("uikit 0.3 s, zeta 0.4, v 1 (the button's press)", *uikit_spring(0.3, 0.4, 1.0)[:3], 1.0, 0.3),
            ("uikit 0.3 s, zeta 0.5, v 0.5 (the button's release)", *uikit_spring(0.3, 0.5, 0.5)[:3], 0.5, 0.3),
            ("response 0.3 s, zeta 0.75 (UISwitch's knob)", *response_spring(0.3, 0.75), 0.0, None),
            ("physical m 1, k 100, c 10", 1.0, 100.0, 10.0, 0.0, None),
            ("perceptual 0.5 s, bounce 0.3", *response_spring(0.5, bounce_ratio(0.3)), 0.0, None)]
    for name, m, k, c, v, shown in rows:
        settling = uikit_settling(m, k, c, v)
        duration = shown if shown is not None else settling
        spring = progress_spring(m, k, c, v)
        before = duration * (1 - 1e-12)
        overshoot = max(extreme(lambda t: progress(spring, t)[0] - 1.0, 0.0, before), 0.0)
        peak = max(extreme(lambda t: abs(progress(spring, t)[1]), 0.0, before), abs(v))
        say(f"  {name}: k {k:.6f} c {c:.7f} zeta {c / (2 * math.sqrt(k * m)):.4f} response {2 * math.pi / math.sqrt(k / m):.6f} s,")
        say(f"    shown {duration:.6f} s, settling {settling:.6f} s, overshoot {overshoot:.6f}, peak velocity {peak:.6f}")


# ---------------------------------------------------------------------------------------------
# The catalogue's motion (§13–§21): UIScrollView, paging, the sheet, the stepper, the slider and
# the segmented control. Each rule is stepped here the way UIKit steps it (per millisecond or per
# display-link tick); the closed forms the engine uses are worked out separately and compared.
# ---------------------------------------------------------------------------------------------

STOP_SPEED = 0.01        # pt/ms: UIScrollView stops when vx² + vy² < 1e-4
BOUNCE_DECAY = 0.01005   # per ms: the overshoot's extra decay beyond an edge
BOUNCE_EPSILON = 0.5     # pt: "still bouncing" while this far or more beyond an edge


def uikit_factor(a, taylor):
    """UIKit's e^a for a = Δms·ln F: a second-order Taylor polynomial when a ≥ −0.5, else exp."""
    return a * (a * 0.5 + 1.0) + 1.0 if taylor and a >= -0.5 else math.exp(a)


class ScrollAxis:
    """One axis of UIScrollView after the finger lifts, stepped as `_getBouncingDecelerationOffset`
    (bounces on) or `_getStandardDecelerationOffset` (bounces off) step it; v in pt/ms."""

    def __init__(self, x, v, lower, upper, rate, bounces=True, taylor=False):
        self.x, self.v, self.lower, self.upper = x, v, lower, max(lower, upper)
        self.rate, self.ln = rate, math.log(rate)
        self.bounces, self.taylor = bounces, taylor
        self.split_return = False

    def step(self, dt):
        """Advance dt ms; returns whether the axis is still bouncing (≥ 0.5 pt beyond an edge)."""
        F, ln, taylor = self.rate, self.ln, self.taylor
        if not self.bounces:
            f = uikit_factor(dt * ln, taylor)
            self.x += self.v * (1 - f) / (1 - F) * F
            self.v *= f
            if self.x < self.lower or self.x > self.upper:
                self.x = min(max(self.x, self.lower), self.upper)
                self.v = 0.0
            return False
        last, remaining = self.x, 0.0
        if self.lower <= last <= self.upper:
            if self.v == 0.0:
                return False
            f = uikit_factor(dt * ln, taylor)
            moved = last + self.v * (1 - f) / (1 - F) * F
            inside = dt
            if moved < self.lower or moved > self.upper:   # split the tick at the edge, linearly
                edge = self.lower if moved < self.lower else self.upper
                inside = dt * (edge - last) / (moved - last)
                remaining = dt - inside
            if inside > 0:
                f = uikit_factor(inside * ln, taylor)
                self.x = last + self.v * (1 - f) / (1 - F) * F
                self.v *= f
        else:
            remaining = dt
        if remaining > 0:
            f = uikit_factor(remaining * ln, taylor)
            k = uikit_factor(-BOUNCE_DECAY * remaining, taylor)
            edge = self.lower if self.x < self.lower else self.upper
            over = k * (self.x - edge) + (1 - f) * k * F * self.v / (1 - F)
            if self.split_return and over != 0 and (over > 0) != (self.x > edge):
                # Back inside within the tick: UIKit bounces the whole tick; the continuous model
                # splits it where the overshoot reaches 0 (linearly, as UIKit splits on the way out).
                back = remaining * (self.x - edge) / ((self.x - edge) - over)
                f, k = math.exp(back * ln), math.exp(-BOUNCE_DECAY * back)
                self.v *= f * k
                self.x = edge
                return self.step(remaining - back)
            self.x = edge + over
            self.v *= f * k
        return not (self.lower - BOUNCE_EPSILON < self.x < self.upper + BOUNCE_EPSILON)


def decelerate(axes, dt, limit=20000.0, taylor=False, tick=None, visit=None):
    """Steps every axis by dt ms until UIKit's stop test passes; returns (stop ms, offsets pinned).
    `tick` (ms) checks the stop only at whole ticks, as the display link does."""
    for axis in axes:
        axis.taylor = taylor
    t = 0.0
    while t < limit:
        bouncing = [axis.step(dt) for axis in axes]
        t += dt
        if visit:
            visit(t, axes)
        if tick and abs(t / tick - round(t / tick)) > 1e-6:
            continue
        if not any(bouncing) and sum(axis.v * axis.v for axis in axes) < STOP_SPEED ** 2:
            break
    return t, [min(max(axis.x, axis.lower), axis.upper) for axis in axes]


def free_closed_form(v, rate, tau):
    """x − x0 and dx/dt (pt/s) of free deceleration after tau ms (v in pt/ms)."""
    reach = rate / (1 - rate)
    return v * reach * (1 - rate ** tau), -v * reach * math.log(rate) * rate ** tau * 1000


def bisect(function, low, high, steps=200):
    """The boundary where `function` turns true on [low, high] (false at low, true at high)."""
    for _ in range(steps):
        middle = (low + high) / 2
        if function(middle):
            high = middle
        else:
            low = middle
    return high


# §13 -----------------------------------------------------------------------------------------

def scroll_deceleration():
    section("13. Scroll deceleration (UIScrollView; flick at 1000 pt/s = 1 pt/ms from 0, content unbounded)")
    say("  stepped every 1 ms with exp (the closed form x = v·F/(1−F)·(1 − F^t) agrees at every ms);")
    say("  velocity = dx/dt = −v·F·ln F/(1−F)·F^t in pt/s; stop when UIKit's v = F^t pt/ms < 0.01")
    for rate, name in ((0.998, "normal"), (0.99, "fast")):
        say(f"### .{name} ({rate})")
        axis = ScrollAxis(0.0, 1.0, -1e9, 1e9, rate)
        for ms in range(1, 1001):      # past the stop too: the motion the stop test cuts off
            axis.step(1.0)
            if ms in (100, 250, 500, 1000):
                closed, rate_pt_s = free_closed_form(1.0, rate, ms)
                say(f"  x({ms} ms) = {axis.x:.6f} (closed form {closed:.6f}), velocity {rate_pt_s:.6f} pt/s")
        stepped_stop, rest = decelerate([ScrollAxis(0.0, 1.0, -1e9, 1e9, rate)], 1.0)
        stop = math.log(STOP_SPEED) / math.log(rate)
        resting = rate / (1 - rate) * (1 - STOP_SPEED)
        say(f"  asymptote v·F/(1−F) = {rate / (1 - rate):.6f}; stops at {stop:.4f} ms (continuous), rest {resting:.6f}")
        say(f"  stepped every 1 ms: stops at {stepped_stop:.0f} ms, rest {rest[0]:.6f}")
        for fps in (60, 120, 240):
            tick = 1000 / fps
            axis = ScrollAxis(0.0, 1.0, -1e9, 1e9, rate)
            t, rest = decelerate([axis], tick, taylor=True, tick=tick)
            say(f"  UIKit at {fps} fps (Taylor step, stop tested per tick): stops at {t:.4f} ms, rest {rest[0]:.6f}")
    axes = [ScrollAxis(0.0, 0.6, -1e9, 1e9, 0.998), ScrollAxis(0.0, -0.8, -1e9, 1e9, 0.998)]
    t, rest = decelerate(axes, 0.01)
    say(f"### two axes, (600, -800) pt/s from (0, 0), .normal, stepped every 0.01 ms: stops at {t:.2f} ms "
        f"(the joint speed), at ({rest[0]:.4f}, {rest[1]:.4f})")
    say(f"  closed form: stop {math.log(STOP_SPEED) / math.log(0.998):.4f} ms, "
        f"rest ({0.6 * 499 * (1 - STOP_SPEED):.6f}, {-0.8 * 499 * (1 - STOP_SPEED):.6f})")
    say("### targetContentOffset (scrollViewWillEndDragging): offset + v·F/(1−F), clamped to the content")
    for offset, v, lower, upper in ((0, 1000, 0, 2000), (0, 1000, 0, 300), (1200, -3000, 0, 2000)):
        projected = min(max(offset + v / 1000 * 0.998 / 0.002, lower), upper)
        say(f"  offset {offset}, v {v} pt/s, content {lower}…{upper}: {projected:.4f}")


# §14 -----------------------------------------------------------------------------------------

def bounces():
    section("14. Bounce at an edge (UIScrollView, .normal): stepped every 0.01 ms, UIKit's split at the edge")
    say("  beyond an edge: over <- e^(-0.01005·dt)·(over + (1 − F^dt)·F·v/(1−F)), v <- F^dt·e^(-0.01005·dt)·v")
    F, ln, lam = 0.998, math.log(0.998), BOUNCE_DECAY

    def run(x, v, lower, upper, label, samples=(), bounces=True, split_return=False):
        axis = ScrollAxis(x, v, lower, upper, F, bounces)
        axis.split_return = split_return
        seen = {"edge": None, "peak": (0.0, 0.0), "band": None, "slow": None}
        marks = {ms: None for ms in samples}

        def visit(t, axes):
            a = axes[0]
            over = a.x - upper if a.x > upper else (a.x - lower if a.x < lower else 0.0)
            if seen["edge"] is None and over != 0.0:
                seen["edge"] = t
            if abs(over) > abs(seen["peak"][1]):
                seen["peak"] = (t, over)
            if seen["slow"] is None and abs(a.v) < STOP_SPEED:
                seen["slow"] = t
            ms = round(t, 6)
            if ms in marks:
                marks[ms] = a.x
        stop, rest = decelerate([axis], 0.01, visit=visit)
        say(f"### {label}")
        for ms, value in marks.items():
            say(f"  x({ms:g} ms) = {value:.4f}")
        if seen["edge"] is not None and x >= lower and x <= upper:
            say(f"  beyond the edge from {seen['edge']:.2f} ms")
        say(f"  largest overshoot {seen['peak'][1]:.4f} pt at {seen['peak'][0]:.2f} ms; "
            f"speed below 10 pt/s from {seen['slow']:.2f} ms; stops at {stop:.2f} ms at {rest[0]:.4f}")

    run(950.0, 2.0, 0.0, 1000.0, "flick at 2000 pt/s from 950, 50 pt before the edge at 1000", (10, 50, 100, 200, 400))
    # The engine's closed form for the same flick.
    w = 2.0 * F / (1 - F)
    edge = math.log(1 - 50 / w) / ln
    ve = 2.0 * F ** edge
    we = ve * F / (1 - F)
    peak = math.log(lam / (lam - ln)) / ln

    def over(tau):
        return math.exp(-lam * tau) * we * (1 - F ** tau)
    band = bisect(lambda tau: over(tau) < BOUNCE_EPSILON, peak, 5000)
    slow = math.log(STOP_SPEED / ve) / (ln - lam)
    say(f"  closed form: edge at {edge:.6f} ms with v {ve:.7f} pt/ms; peak {over(peak):.6f} pt at "
        f"{edge + peak:.6f} ms; speed below 10 pt/s at {edge + slow:.6f} ms; within 0.5 pt (the stop) at {edge + band:.6f} ms")
    for ms in (50, 100, 200, 400):
        say(f"    x({ms} ms) = {1000 + over(ms - edge):.6f}")
    run(1050.0, 0.0, 0.0, 1000.0, "released 50 pt beyond the edge at rest", (100, 200))
    say(f"  closed form: 50·e^(-0.01005·t); below 0.5 pt at {math.log(100) / lam:.4f} ms; "
        f"x(100 ms) = {1000 + 50 * math.exp(-lam * 100):.6f}; from 100 pt: {math.log(200) / lam:.4f} ms")
    run(-80.0, 3.0, 0.0, 1000.0, "released 80 pt above the top moving in at 3000 pt/s, bounced for whole "
        "ticks as UIKit does", (20, 100, 500))
    run(-80.0, 3.0, 0.0, 1000.0, "the same, the tick split where it comes back inside (the continuous model)",
        (20, 100, 500), split_return=True)
    o0, w0 = -80.0, 3.0 * F / (1 - F)
    back = math.log(1 + o0 / w0) / ln
    vb = 3.0 * math.exp(back * (ln - lam))
    across = math.log(1 - 1000 / (vb * F / (1 - F))) / ln
    vc = vb * F ** across
    wc = vc * F / (1 - F)

    def beyond(tau):
        return math.exp(-lam * tau) * wc * (1 - F ** tau)
    peak_c = math.log(lam / (lam - ln)) / ln
    settle = bisect(lambda tau: beyond(tau) < BOUNCE_EPSILON, peak_c, 5000)
    slow = math.log(STOP_SPEED / vc) / (ln - lam)
    at = back + across
    say(f"  closed form: back inside at {back:.6f} ms moving {vb:.7f} pt/ms; free across the content to the "
        f"bottom edge at {at:.6f} ms moving {vc:.7f} pt/ms; beyond it the largest overshoot {beyond(peak_c):.6f} pt "
        f"at {at + peak_c:.6f} ms; speed below 10 pt/s at {at + slow:.6f} ms; within 0.5 pt (the stop) at {at + settle:.6f} ms")
    for ms in (20, 100, 500):
        if ms < back:
            x = math.exp(-lam * ms) * (o0 + w0 * (1 - F ** ms))
        else:
            x = vb * F / (1 - F) * (1 - F ** (ms - back)) if ms < at else 1000 + beyond(ms - at)
        say(f"    x({ms} ms) = {x:.6f}")
    for vy in (0.3, 0.03):
        axes = [ScrollAxis(950.0, 2.0, 0.0, 1000.0, F), ScrollAxis(0.0, vy, 0.0, 5000.0, F)]
        stop, rest = decelerate(axes, 0.01)
        say(f"### two axes: x the flick above, y {vy * 1000:g} pt/s from 0 (content 0…5000): stops at {stop:.2f} ms "
            f"at ({rest[0]:.4f}, {rest[1]:.4f}); y alone would stop at {math.log(STOP_SPEED / vy) / ln:.6f} ms")
    run(950.0, 2.0, 0.0, 1000.0, "bounces off: the same flick stops at the edge", (10,), bounces=False)
    say(f"  closed form: held at 1000 from {edge:.6f} ms, which is the stop")


# §15 -----------------------------------------------------------------------------------------

def drag_rubber_band():
    section("15. Rubber band while dragging (c 0.55) and its inverse (d/c)·y/(d − y)")
    for x, d in ((100, 844), (100, 812), (200, 844), (50, 400), (1000, 844)):
        y = rubber_band(x, d)
        inverse = d / 0.55 * y / (d - y)
        say(f"  overscroll {x} on d {d}: shows {y:.6f}; inverse of that {inverse:.6f}")
    say(f"  a sheet pulled 50 pt above its top at 69 with extent 10: shows {69 - rubber_band(50, 10):.6f}; "
        f"extent 100: {rubber_band(50, 100):.6f} above the detent")


# §16 -----------------------------------------------------------------------------------------

def paging_step(x, v, target, pull, friction):
    v = (v + (target - x) * pull) * friction
    return x + v, v


def page_target(x, v, page, lower, upper):
    """UIKit's rule, with v in pt/ms, the paging origin 0 and newer SDKs' ceiling at the end."""
    if math.fmod(x, page) == 0:
        return x, round(x / page)      # on a boundary: it stays
    if v > 0.3:
        n = math.ceil(x / page)
    elif v < -0.3:
        n = math.floor(x / page)
    elif x >= upper:
        n = math.ceil(x / page)
    else:
        n = math.floor(x / page + 0.5)
    return min(max(n * page, lower), upper), n


def paging():
    section("16. Paging (page 390, 5 pages: offsets 0…1560; v in pt/s, UIKit's threshold 300)")
    say("       x      v   page   target")
    for x, v in ((100, 400), (100, 200), (250, -400), (250, -200), (10, 310), (380, 2000), (1600, 0), (780, 900)):
        target, n = page_target(x, v / 1000, 390, 0, 1560)
        say(f"   {x:5} {v:6} {n:6}   {target:.0f}")
    target, n = page_target(520, 0, 390, 0, 510)
    say(f"  content 900 (max offset 510), x 520 at rest: ceiling at the end -> page {n}, target {target:.0f} "
        f"(nearest would give page 1, 390)")
    say("### the spring: pull 0.000359090909 − 1.84659091e-7·W, friction 0.966818182 + 9.94318182e-6·W (above 1024: 0.00017, 0.977)")
    for W in (320, 390, 1024, 1200):
        pull = 0.00017 if W > 1024 else 0.000359090909 - 1.84659091e-7 * W
        friction = 0.977 if W > 1024 else 0.966818182 + 9.94318182e-6 * W
        say(f"  W {W}: pull {pull:.12f}, friction {friction:.9f}")
    W = 390
    pull, friction = 0.000359090909 - 1.84659091e-7 * W, 0.966818182 + 9.94318182e-6 * W
    for x0, v0, target, direction in ((100.0, 0.4, 390.0, +1), (250.0, 0.0, 390.0, 0), (500.0, 0.0, 390.0, -1),
                                      (1700.0, 0.0, 1560.0, -1)):
        x, v, before = x0, v0, x0
        marks, peak, snap = {}, x0, None

        def passed(value):
            return (direction > 0 and value > target) or (direction < 0 and value < target)
        for n in range(1, 60001):
            x, v = paging_step(x, v, target, pull, friction)
            if n in (1, 50, 100, 200, 300):
                marks[n] = (x, v)
            peak = max(peak, x) if direction >= 0 else min(peak, x)
            if (abs(v) < 0.01 and abs(target - before) <= 1 and abs(round(x) - target) < 5) or \
               (not passed(before) and passed(x) and abs(v) < 0.1):
                snap = n
                break
            before = x
        say(f"### from x {x0:g} at {v0 * 1000:g} pt/s to {target:g} (direction {direction:+d}), W 390, the per-ms loop:")
        for n, (value, velocity) in marks.items():
            say(f"  after {n:3} ms: x {value:.9f}, v {velocity:.9f} pt/ms")
        say(f"  snaps at {snap} ms; the extreme before the snap {peak:.6f}")


# §17 -----------------------------------------------------------------------------------------

def nearest_index(values, position):
    best = 0
    for i in range(1, len(values)):
        if abs(values[i] - position) < abs(values[best] - position):
            best = i
    return best


def sheet_release(y, v, detents):
    """The detent index for a release: detents as sheet-top offsets, largest detent first."""
    effective = 0.0 if abs(v) < 250 else v
    projected = y + effective * 0.99 / (1 - 0.99) / 1000
    c, p = nearest_index(detents, y), nearest_index(detents, projected)
    fast = abs(v) >= 1000
    index = p
    if fast and c == p and (v < 0) == (y < detents[c]):
        index = min(max(c + (-1 if v < 0 else 1), 0), len(detents) - 1)
    return index, projected, c, p, fast


def sheet():
    section("17. The sheet on a 393 x 852 phone (safe area 59 top, 34 bottom; top offset 10)")
    height, safe_top, safe_bottom = 852.0, 59.0, 34.0
    maximum = height - (safe_top + 10) - safe_bottom
    medium = maximum * (0.56 if height > 568 else 0.63)
    large_y, medium_y = height - safe_bottom - maximum, height - safe_bottom - medium
    say(f"  maximumDetentValue {maximum:.2f}; medium {medium:.4f}; tops: large {large_y:.2f}, medium {medium_y:.4f}; "
        f"dismissed {height:.0f}")
    detents = [large_y, medium_y]
    say("  release y    v (pt/s)   projected   nearest  landing  fast  chosen")
    for y, v in ((350, -800), (350, -1200), (390, -1100), (390, -900), (300, -200), (200, 900), (100, 1500),
                 (398.56, 1200)):
        index, projected, c, p, fast = sheet_release(y, v, detents)
        say(f"   {y:7}  {v:9}  {projected:10.4f}  {c:7}  {p:7}  {str(fast):5}  {index} ({detents[index]:.2f})")
    omega = 2 * math.pi / 0.344144233
    say(f"### the spring: omega 2pi/0.344144233 = {omega:.6f} (k {omega * omega:.6f}), zeta 1, or 0.8 after a flick")
    for zeta, v_rel, label in ((1.0, 0.0, "medium -> large at rest"), (0.8, 0.0, "zeta 0.8 at rest"),
                               (0.8, -1200 / (69 - 350), "flick -1200 pt/s from 350 to 69")):
        spring = progress_spring(1.0, omega * omega, 2 * zeta * omega, v_rel)
        settle = uikit_settling(1.0, omega * omega, 2 * zeta * omega, v_rel)
        values = ", ".join(f"p({t}) {progress(spring, t)[0]:.6f}" for t in (0.1, 0.2, 0.3, 0.4))
        say(f"  {label} (relative v {v_rel:.6f}): {values}; runs {settle:.6f} s")
    p = progress(progress_spring(1.0, omega * omega, 2 * omega), 0.1)[0]
    say(f"  medium -> large: y(0.1) = {medium_y - (medium_y - large_y) * p:.4f}")
    say("### dimming: black at 0.2 times the fraction; the fraction ramps from the next smaller detent (or the")
    say("  dismissed position) up to the dimming detent")
    for undimmed, y in ((None, medium_y), (None, (medium_y + height) / 2), ("medium", (medium_y + large_y) / 2),
                        ("medium", medium_y), ("large", large_y)):
        index = {None: 1, "medium": 0, "large": None}[undimmed]
        if index is None:
            fraction = 0.0
        else:
            dimmed = detents[index]
            nxt = detents[index + 1] if index + 1 < len(detents) else height
            fraction = min(max((y - nxt) / (dimmed - nxt), 0.0), 1.0) + 0.0   # no "-0.0"
        say(f"  largest undimmed {undimmed}: sheet top {y:.4f} -> fraction {fraction:.4f}, alpha {0.2 * fraction:.4f}")
    say(f"### rubber band: above the largest detent extent min(max(69 − 59, 0), 100) = 10; below the smallest "
        f"(not dismissible) min(0.25·{height - safe_top - 10:.0f}, 200) = {min(0.25 * (height - safe_top - 10), 200):.2f}")


# §18 -----------------------------------------------------------------------------------------

def stepper_autorepeat():
    section("18. The stepper's autorepeat (0.5 s delay; 0.5 s while n <= 3; chosen: 0.1 s for n 4..18, 0.05 s after)")

    def interval(n):
        return 0.5 if n <= 3 else (0.1 if n <= 18 else 0.05)
    fires, t, n = [], 0.5, 0
    while len(fires) < 25:
        fires.append(t)
        t, n = t + interval(n), n + 1
    say("  fire times (held from t = 0): " + ", ".join(f"{f:.2f}" for f in fires))
    for hold in (0.2, 0.5, 1.999, 2.0, 2.5, 3.0, 4.0, 4.2):
        count = sum(1 for f in fires if f <= hold + 1e-12)
        say(f"  held until {hold}: {count} steps; value {count if count else 1} "
            f"({'the tap steps once at touch-up' if count == 0 else 'no extra step at touch-up'})")
    # Off the control from 0.7 to 1.2: the fire at 1.0 steps nothing and resets the count to 1.
    timeline, t, n, value = [], 0.5, 0, 0
    while t <= 3.0 + 1e-12:
        on = not (0.7 <= t < 1.2)
        if on:
            value += 1
            timeline.append(f"{t:.1f} step (n {n})")
            t, n = t + interval(n), n + 1
        else:
            n = min(n, 1)
            timeline.append(f"{t:.1f} idle (n -> {n})")
            t += 0.5
    say(f"  off the control 0.7..1.2: {'; '.join(timeline)}; value {value} at 3.0")
    say("  wraps: max 10, step 3, value 9: plus -> 0 (not modular); without wraps -> 10, then plus disabled")
    say("  held on plus with maximum 3: steps at 0.50, 1.00, 1.50 -> 3; the plus half disables, later fires step nothing")
    # The pressed half (UIStepperHorizontalVisualElement on 94 x 32: halves 46.5 either side of a 1 pt divider).
    fade = progress_spring(1.0, 2741.55678, 209.43951)
    grow = progress_spring(1.0, (2 * math.pi / 0.28) ** 2, 2 * (2 * math.pi / 0.28))
    fade_runs = uikit_settling(1.0, 2741.55678, 209.43951)
    delay = 0.566969897 * fade_runs
    say(f"### the highlight: alpha on (m 1, k 2741.55678, c 209.43951): zeta {fade.zeta:.6f} run critically at "
        f"omega {fade.w0:.6f}, {fade_runs:.6f} s; frame on response 0.28, zeta 1 (omega {grow.w0:.6f}), "
        f"{uikit_settling(1.0, grow.k, grow.c):.6f} s")
    say(f"  the fade out starts {delay:.6f} s after release (delay factor 0.566969897 of {fade_runs:.6f} s)")
    for t in (0.02, 0.05, 0.1):
        a, g = progress(fade, t)[0], progress(grow, t)[0]
        x, width = 46.5 + 4 * (1 - g), 47.5 - 8 * (1 - g)
        say(f"  pressed plus at 0, t {t}: alpha {a:.6f}, grow {g:.6f}; plus highlight x {x:.6f}, y {4 * (1 - g):.6f}, "
            f"width {width:.6f}, height {32 - 8 * (1 - g):.6f}")
    for t in (0.35, 0.4 + 0.02, 0.4 + 0.05):
        a = 1.0 if t <= 0.3 + delay else 1.0 - progress(fade, t - 0.3 - delay)[0]
        say(f"  released at 0.3, t {t:.2f}: alpha {a:.6f}")
    say(f"  released at 0.3: alpha 0 and the frame back to the inset at {0.3 + delay + fade_runs:.6f}")


# §19 -----------------------------------------------------------------------------------------

def slider():
    section("19. The slider on bounds (0, 0, 300, 31): track inset 3, height 4; thumb 28; grab area 48")

    def thumb_x(value, lower=0.0, upper=1.0, width=300.0):
        f = to_float32(to_float32(min(max(value, lower), upper)) - to_float32(lower)) / to_float32(to_float32(upper) - to_float32(lower))
        f = to_float32(f)
        return round_half_away((width - 28) * f)
    say(f"  track x 3, y {round_half_away((31 - 4) / 2):.0f}, width 294; thumb y {round_half_away((31 - 4) / 2) + round_half_away((4 - 28) / 2):.0f}")
    for value in (0.0, 0.25, 0.5, 1 / 3, 1.0, 1.5):
        x = thumb_x(value)
        say(f"  value {value:.6f}: thumb x {x:.0f}, centre {x + 14:.0f}, minimum track ends at {x + 14:.0f}")
    for start, end in ((0.0, 1.0), (0.0, 0.25), (0.2, 0.8)):
        dx = abs(thumb_x(start) - thumb_x(end))
        duration = max(0.25 * dx / 294, 0.1)
        say(f"  setValue({end}, animated) from {start}: dx {dx:.0f}, duration {duration:.6f} s")
    hit_offset = round_half_away(14 - (156 - 136))
    f = (183.2 + hit_offset - 14) / 272
    say(f"  grabbed at x 156 with the thumb at 136: offset {hit_offset:.0f}; the finger at 183.2 -> value {f:.6f}")
    say("  a touch at x 250 with the thumb at 0 (grab area -10..38): misses the thumb, nothing tracks")
    to = thumb_x((250 - 14) / 272)
    say(f"  trackTouches moveThumb, a touch at 250 with the thumb at 0: value {(250 - 14) / 272:.6f}, thumb to {to:.0f} "
        f"in {max(0.25 * to / 294, 0.1):.6f} s")
    shown = 136   # setValue(1, animated) from 0 is halfway at 0.231293 / 2 s: easeInEaseOut(0.5) = 0.5
    to = thumb_x(0.2)
    say(f"  setValue(0.2, animated) halfway through setValue(1) from 0: from {shown} to {to:.0f}, dx {shown - to:.0f}, "
        f"{max(0.25 * (shown - to) / 294, 0.1):.6f} s")
    say(f"  values 10..60, value 30: thumb x {thumb_x(30, 10, 60):.0f}")


def round_half_away(x):
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


# §20 -----------------------------------------------------------------------------------------

def segmented():
    section("20. The segmented control: 3 segments on 300 x 32, dividers 1 pt, indicator inset 2")
    width = (300 - 2 * 1) / 3
    for i in range(3):
        x = i * (width + 1)
        say(f"  segment {i}: x {x:.6f}, width {width:.6f}, centre {x + width / 2:.6f}; indicator x {x + 2:.6f} "
            f"width {width - 4:.6f}")
    for x in (-10, 50, 99.5, 99.9, 100, 150, 299, 350):
        slots = [(i * (width + 1), i * (width + 1) + width) for i in range(3)]
        inside = [i for i, (a, b) in enumerate(slots) if a <= x < b]
        nearest = inside[0] if inside else min(range(3), key=lambda i: (max(slots[i][0] - x, x - slots[i][1], 0), i))
        say(f"  touch at x {x}: segment {nearest}")
    m, k, c = 1.0, 503.551245, 44.8798951
    spring = progress_spring(m, k, c)
    say(f"  the selection pop spring (m 1, k {k}, c {c}): zeta {c / (2 * math.sqrt(k)):.6f}, runs "
        f"{uikit_settling(m, k, c):.6f} s")
    start, end = width / 2, 2 * (width + 1) + width / 2
    for t in (0.05, 0.1, 0.2, 0.3):
        p = progress(spring, t)[0]
        say(f"    p({t}) = {p:.6f}; indicator centre 0 -> 2: {start + (end - start) * p:.4f}")
    say(f"    indicator x 0 -> 2 (2 -> 202.666667): at 0.1 {2 + 200.666667 * progress(spring, 0.1)[0]:.4f}")
    for t in (0.05, 0.1):
        say(f"    pressed: scale 1 -> 0.95 at {t}: {1 - 0.05 * progress(spring, t)[0]:.6f}")
    opacity = progress_spring(1.0, 2741.55678, 209.43951)
    say(f"  the opacity spring (m 1, k 2741.55678, c 209.43951, run critically): {uikit_settling(1.0, 2741.55678, 209.43951):.6f} s; "
        f"fading in, at 0.05: {progress(opacity, 0.05)[0]:.6f}; fading out after 0.1 s, at 0.15: "
        f"{1 - progress(opacity, 0.05)[0]:.6f}")


# §21 -----------------------------------------------------------------------------------------

def content_offset_animation():
    section("21. setContentOffset(animated:) 0 -> 300: 0.3 s on UIKit's curve 0, sin²(π·x/2)")
    for t in (0.0, 0.075, 0.15, 0.225, 0.3):
        u = t / 0.3
        say(f"  t {t:.3f}: offset {300 * (1 - math.cos(math.pi * u)) / 2:.6f}, velocity "
            f"{300 * math.pi / 2 * math.sin(math.pi * u) / 0.3:.6f} pt/s")


# §25 -----------------------------------------------------------------------------------------

def scroll_view():
    section("25. The scroll view definition (390 x 844 bounds, content 390 x 2000: offsets 0…1156)")
    say("### a flick: the finger up 15.625 pt every 1/64 s, 8 moves; the pan begins at the first (hysteresis 10),")
    say("  so the release at 0.125 s is at offset 125 − 10 = 115, moving 15.625·64 = 1000 pt/s")
    for rate in (0.998, 0.99):
        stop = math.log(0.01 / 1.0) / math.log(rate)
        reach = rate / (1 - rate)
        values = ", ".join(f"x(+{tau} ms) {115 + free_closed_form(1.0, rate, tau)[0]:.6f}" for tau in (100, 500))
        say(f"  rate {rate}: {values}; targetContentOffset {release_target(115.0, 1000.0, rate, 0.0, 1156.0):.6f}; rests at "
            f"{115 + reach * (1 - 0.01):.6f} at {0.125 + stop / 1000:.7f} s")
    say("### a pull: the finger down 110 pt (raw overscroll 100 past the top) and held, released at rest")
    shown = rubber_band(100, 844)
    axis = ScrollAxis(-shown, 0.0, 0.0, 1156.0, 0.998)
    marks = {}
    def visit(t, axes):
        for mark in (50, 100, 200):
            if abs(t - mark) < 1e-6:
                marks[mark] = axes[0].x
    stop, rest = decelerate([axis], 0.01, visit=visit)
    say(f"  shows {-shown:.6f}; stepped every 0.01 ms: x(50 ms) {marks[50]:.6f}, x(100 ms) {marks[100]:.6f}, "
        f"x(200 ms) {marks[200]:.6f}; stops at {stop:.2f} ms at {rest[0]:.4f}")
    say(f"  closed form: {-shown:.6f}·e^(−0.01005·t): below 0.5 pt at {math.log(shown / 0.5) / BOUNCE_DECAY:.6f} ms; "
        f"x(100 ms) = {-shown * math.exp(-BOUNCE_DECAY * 100):.6f}")
    say("### into the bottom edge: released at 1106 (50 before the end) moving 2000 pt/s: oracle §14 moved by 156")
    axis = ScrollAxis(1106.0, 2.0, 0.0, 1156.0, 0.998)
    peak = [0.0, 0.0]
    def highest(t, axes):
        if axes[0].x > peak[0]:
            peak[:] = [axes[0].x, t]
    stop, rest = decelerate([axis], 0.01, visit=highest)
    say(f"  stepped every 0.01 ms: peak {peak[0]:.4f} at {peak[1]:.2f} ms; stops at {stop:.2f} ms at {rest[0]:.4f}")
    say(f"### a touch 0.5 s after the flick's release stops it at {115 + free_closed_form(1.0, 0.998, 500)[0]:.6f}")


# §26 -----------------------------------------------------------------------------------------

def sheet_view():
    section("26. The sheet definition (393 x 852, safe area 59 / 34, top offset 10; detents medium 398.56, large 69)")
    height, bottom, maximum = 852.0, 852.0 - 34.0, 852.0 - 69.0 - 34.0
    for value in (200.0, 800.0):
        say(f"  a custom detent of {value:.0f}: top {bottom - min(value, maximum):.2f}")
    medium = bottom - 0.56 * maximum
    extent = min(0.25 * (height - 69.0), 200.0)
    say(f"  not dismissible, pulled 100 below medium (extent {extent:.2f}): top {medium + rubber_band(100, extent):.6f}; "
        f"didAttemptToDismiss once the pull passes {0.25 * extent:.4f}")
    omega = 2 * math.pi / 0.344144233
    y, v = 500.0, 1200.0
    index, projected, c, p, fast = sheet_release(y, v, [69.0, medium, height])
    v_rel = v / (height - y)
    settle = uikit_settling(1.0, omega * omega, 2 * 0.8 * omega, v_rel)
    spring = progress_spring(1.0, omega * omega, 2 * 0.8 * omega, v_rel)
    values = ", ".join(f"y({t}) {y + (height - y) * progress(spring, t)[0]:.4f}" for t in (0.05, 0.1, 0.2))
    say(f"  dragged to {y:.0f} (below medium: dismissal is a candidate at {height:.0f}), released at {v:.0f} pt/s: "
        f"projected {projected:.1f}, nearest {c}, landing {p}, flick {fast} -> {index} (dismissed); "
        f"the spring (zeta 0.8, relative v {v_rel:.6f}): {values}; runs {settle:.6f} s")


# §27 -----------------------------------------------------------------------------------------

FAST_RELEASES = [
    ("the card released fast: 0.465 s left (290 of 600 pt scrubbed), dampingRatio 1, velocity 10.85", 0.465, 1.0, 10.85),
    ("dampingRatio 0.8, 0.3 s left, velocity 11", 0.3, 0.8, 11.0),
    ("dampingRatio 1, 0.3 s left, velocity 16.5: the steps overflow", 0.3, 1.0, 16.5),
]


def fast_releases():
    section("27. Duration springs whose 12 Newton steps end below zero or overflow (k = max(ω², 0.01), c = 2ζ√(ω²))")
    for title, duration, zeta, v in FAST_RELEASES:
        w_steps, _ = uikit_omega(duration, zeta, v)
        m, k, c, w, z = uikit_spring(duration, zeta, v)
        spring = progress_spring(m, k, c, v)
        say(f"### {title}")
        say(f"12 steps end at omega {w_steps:.6f}; stiffness {k:.6f} damping {c:.6f} omega0 {w:.6f} zeta {z:.4f}")
        sampled(spring, duration, [duration * i / 10 for i in range(11)])
        say()
    OUT.pop()


# §28 -----------------------------------------------------------------------------------------

RELEASE_SPEED = 250.0   # pt/s: UIKit zeroes a release with vx² + vy² < 0.0625 pt²/ms² inside the content


def mapped_rate(rate):
    """-[UIScrollView setDecelerationRate:]: dbl_18A6837B0[rate < 0.994], i.e. .fast or .normal."""
    return 0.99 if rate < 0.994 else 0.998


def release_target(x, v, rate, lower, upper):
    """_scrollViewWillEndDraggingWithDeceleration: x − (v − 0.01·sgn v)/ln F (v in pt/ms, sgn 0 = +),
    clamped to the content (UIKit also rounds it to the pixel grid: not here)."""
    v = v / 1000.0
    sign = 0.01 if v >= 0 else -0.01
    return min(max(x - (v - sign) / math.log(rate), lower), upper)


def drag_updates(steps, hysteresis=10.0):
    """The pan's velocity at each update (began, then changed) of a drag moved by `steps` pt every
    1/64 s, as UIPanGestureRecognizer estimates it (0.2·last + 0.8·previous sample); the offset moved."""
    samples, velocities, travelled, began = [], [], 0.0, False
    for step in steps:
        travelled += step
        samples.append(step * 64.0)
        v = samples[-1] if len(samples) == 1 else 0.2 * samples[-1] + 0.8 * samples[-2]
        if began or abs(travelled) >= hysteresis:
            began = True
            velocities.append(v)
    return velocities, abs(travelled) - hysteresis


def released_velocity(updates, inside=True):
    """_endPanNormal:: the last update's velocity h and the one before p (0 after began); slower
    than 250 pt/s inside the content both are zeroed; then 0.75·p + 0.25·h when p is not 0."""
    h = updates[-1]
    p = updates[-2] if len(updates) > 1 else 0.0
    if inside and h * h < RELEASE_SPEED ** 2:
        return 0.0, h
    return (0.75 * p + 0.25 * h if p != 0 else h), h


def scroll_release():
    section("28. The scroll view's release (iOS 26.1: _endPanNormal:, _scrollViewWillEndDraggingWithDeceleration:, "
            "setDecelerationRate:, _prepareToPageWithHorizontalVelocity:)")
    say("### decelerationRate as set -> as kept (dbl_18A6837B0[rate < 0.994])")
    say("  " + ", ".join(f"{r} -> {mapped_rate(r)}" for r in (0.5, 0.9, 0.99, 0.993, 0.9939, 0.994, 0.995, 0.998, 0.9999)))
    say(f"  ln 0.998 = {math.log(0.998):.17g}, ln 0.99 = {math.log(0.99):.17g}")
    say("### targetContentOffset = x − (v − 0.01·sgn v)/ln F; the stepped motion rests at x + v·F/(1 − F)·(1 − 0.01/|v|)")
    for x, v, rate in ((115.0, 1000.0, 0.998), (115.0, 1000.0, 0.99), (115.0, 260.0, 0.998), (600.0, -1500.0, 0.998),
                       (115.0, 3000.0, 0.998)):
        reach = rate / (1 - rate)
        rest = x + v / 1000 * reach * (1 - 10.0 / abs(v))
        say(f"  x {x:g} v {v:g} rate {rate}: target {release_target(x, v, rate, 0.0, 1156.0):.9f} "
            f"(unclamped {release_target(x, v, rate, -1e9, 1e9):.9f}); rests at {min(max(rest, 0), 1156):.9f}; "
            f"the old geometric limit {x + v / 1000 * reach:.6f}")
    say("### the release speed: slower than 250 pt/s inside the content, no deceleration, willEndDragging hears (0, 0)")
    for v in (240.0, 249.9, 250.0, 260.0):
        released, h = released_velocity([v, v])
        say(f"  {v:g} pt/s: released at {released:g} pt/s -> {'decelerates' if released else 'stays'}")
    say("### smoothing: a drag up (0,-20) x5 then (0,-4), every 1/64 s (the pan begins at the first move)")
    updates, moved = drag_updates([20.0] * 5 + [4.0])
    released, h = released_velocity(updates)
    say("  pan velocity at the updates: " + ", ".join(f"{u:g}" for u in updates))
    say(f"  offset at the release {moved:g}; last {h:g}, before {updates[-2]:g}: released at {released:.6f} pt/s")
    reach = 0.998 / (1 - 0.998)
    for tau in (100.0, 500.0):
        say(f"  x(+{tau:g} ms) {moved + free_closed_form(released / 1000, 0.998, tau)[0]:.6f}")
    stop = math.log(0.01 / (released / 1000)) / math.log(0.998)
    say(f"  target {release_target(moved, released, 0.998, 0, 1156):.6f}; rests at "
        f"{moved + released / 1000 * reach * (1 - 10 / released):.6f} after {stop:.6f} ms "
        f"(at {6 / 64 + stop / 1000:.9f} s)")
    say("### paging, released slow: (-10,0) (-237.5,0) (-3.125,0) (-3.125,0) every 1/64 s, 5 pages of 390")
    updates, moved = drag_updates([10.0, 237.5, 3.125, 3.125])
    released, h = released_velocity(updates)
    target, n = page_target(moved, h / 1000, 390, 0, 1560)
    say("  pan velocity at the updates: " + ", ".join(f"{u:g}" for u in updates))
    say(f"  offset {moved:g}; the page is picked at {h:g} pt/s: page {n}, target {target:g}, direction +1 "
        f"(slow, towards a larger offset); the spring starts at {released:g} pt/s")
    W = 390
    pull, friction = 0.000359090909 - 1.84659091e-7 * W, 0.966818182 + 9.94318182e-6 * W
    x, v, before, marks, snap = moved, released / 1000, moved, {}, None
    for step in range(1, 60001):
        x, v = paging_step(x, v, target, pull, friction)
        if step in (50, 100, 200):
            marks[step] = x
        if (abs(v) < 0.01 and abs(target - before) <= 1 and abs(round(x) - target) < 5) or \
           (before <= target < x and abs(v) < 0.1):
            snap = step
            break
        before = x
    say("  " + ", ".join(f"x(+{k} ms) {value:.9f}" for k, value in marks.items()) + f"; snaps at {snap} ms")


# §29 -----------------------------------------------------------------------------------------

def system_switch():
    section("29. The system switch (UISwitchModernVisualElement, _UISwitchSettings; 51 x 31, knob 27 -> 34 pressed, margin 2)")
    press = progress_spring(1.2, 300.0, 30.0)
    release = progress_spring(1.0, 350.0, 26.0)
    knob = progress_spring(1.0, 438.649084, 31.4159265)
    track_on = progress_spring(1.0, 246.74011, 31.4159265)
    say(f"  settling (the engine runs physical springs this long): press {uikit_settling(1.2, 300.0, 30.0):.6f} s, "
        f"release {uikit_settling(1.0, 350.0, 26.0):.6f} s, knob {uikit_settling(1.0, 438.649084, 31.4159265):.6f} s, "
        f"track on {uikit_settling(1.0, 246.74011, 31.4159265):.6f} s")
    say("### pressed at 0: the knob's width 27 + 7·p(t) on the touch-down spring (m 1.2, k 300, c 30)")
    say("  " + ", ".join(f"w({t}) {27 + 7 * progress(press, t)[0]:.9f}" for t in (0.05, 0.1, 0.2)))
    say("### held 1 s, lifted inside at 1: on; knob 0 -> 1 (k 438.649084), width 34 -> 27 (m 1, k 350, c 26), track 0 -> 1")
    for t in (0.05, 0.1, 0.2):
        w = 34 - 7 * progress(release, t)[0]
        x = 2 + progress(knob, t)[0] * (51 - 4 - w)
        say(f"  at 1 + {t}: width {w:.9f}, knobX {x:.9f}, track {progress(track_on, t)[0]:.9f}")
    say("### dragged: down at x 10 (0), moved to 18 (0.05: under the 10 pt hysteresis), to 30 (0.1: past the middle, shown on)")
    for t in (0.2, 0.3):
        w = 27 + 7 * progress(press, t)[0]
        x = 2 + progress(knob, t - 0.1)[0] * (51 - 4 - w)
        say(f"  at {t}: width {w:.9f} (still pressed), knobX {x:.9f}")


# §30 -----------------------------------------------------------------------------------------

def response_progress(response, damping_ratio):
    """A progress spring in UIKit's response form: k = (2π/response)², c = 4πζ/response, m = 1."""
    return progress_spring(1.0, (2 * math.pi / response) ** 2, 4 * math.pi * damping_ratio / response)


def page_control():
    section("30. The page control (_UIInteractivePageControlVisualProvider: dots 8 pt apart; 5 dots of 7 on 390 x 26)")
    say(f"  row {5 * 7 + 4 * 8} pt from x {(390 - 67) / 2}; dot k centred at 165 + 15k; scrubbing picks floor((x - 161.5 + 4) / 15)")
    spring = response_progress(0.3, 1.0)
    say("### the displayed page springing 0 -> 1 (response 0.3, ζ 1; chosen)")
    say("  " + ", ".join(f"p({t}) {progress(spring, t)[0]:.9f}" for t in (0.05, 0.1, 0.2)))


# §31 -----------------------------------------------------------------------------------------

def context_menu_press():
    section("31. The context-menu press (_UILongPressClickInteractionDriver: begins at 0.15 s, menu at 0.4 s)")
    say("### highlight clamp(p / ((1 - p)^3.4000001 + p), 0, 1), p = t / 0.4; the view at 1 - 0.05·highlight (chosen)")
    for t in (0.15, 0.2, 0.25, 0.3):
        p = t / 0.4
        h = min(max(p / ((1 - p) ** 3.4000001 + p), 0.0), 1.0)
        say(f"  at {t}: highlight {h:.9f}, scale {1 - 0.05 * h:.9f}")
    lift = response_progress(0.35, 0.75)
    say("### the lift at 0.4: 0.95 -> 1.05 on response 0.35, ζ 0.75 (chosen)")
    say("  " + ", ".join(f"at 0.4 + {t}: {0.95 + 0.1 * progress(lift, t)[0]:.9f}" for t in (0.05, 0.1, 0.2)))


# §32 -----------------------------------------------------------------------------------------

def picker_wheel():
    section("32. The picker wheel (_UIPickerViewStyle_iOS: 216 pt, rows 32, radius 216/π·1.05, m34 -1/900)")
    radius = 216 / 3.14159265 * 1.05
    say(f"  radius {radius:.9f}")
    say("### a row d pt below the middle: θ = d/R, w = 1 + R(1 - cos θ)/900; translationY R·sin θ/w - d, scaleX 1/w, "
        "scaleY cos θ/w; opacity from the mask (0, .71, .8, .8, .71, 0 at 0, .2, .4, .6, .8, 1)")
    for d in (32, 64, 96):
        theta = d / radius
        w = 1 + radius * (1 - math.cos(theta)) / 900
        u = abs(radius * math.sin(theta) / w) / 108
        mask = (0.8 - 0.09 * min(max((u - 0.2) / 0.4, 0), 1)) * (1 - min(max((u - 0.6) / 0.4, 0), 1))
        say(f"  d {d}: θ {theta:.9f}, translationY {radius * math.sin(theta) / w - d:.9f}, scaleX {1 / w:.9f}, "
            f"scaleY {math.cos(theta) / w:.9f}, opacity {mask:.9f}")
    v, y = 1.2288, 94.0
    target = y - (v - 0.01) / math.log(0.998)
    row = round(target / 32)
    rate = math.exp(-(v - 0.01) / (row * 32 - y))
    say(f"### released at {y} moving {v * 1000} pt/s (oracle §28): UIKit's target {target:.6f}, the nearer row {row} "
        f"({row * 32}); the rate landing there {rate:.9f}, 10 pt/s after {math.log(0.01 / v) / math.log(rate) / 1000:.6f} s")
    say("### released at 21.25 without velocity: row 1 (32), animated over 0.3 s on sin²: at 0.15 s "
        f"{21.25 + 10.75 * math.sin(math.pi / 4) ** 2:.9f}")


# §33 -----------------------------------------------------------------------------------------

def swipe_actions():
    section("33. Swipe actions (UISwipeActionVisualStyle_iOS: buttons 74…120; UISwipeOccurrence's full-swipe distance)")
    say(f"  full swipe on 390 pt: destructive trailing {390 - 29}, leading {390 - 64}; otherwise {390 * 0.525}; "
        f"at least the open width + 20 (three buttons: {3 * 74 + 20})")
    snap = response_progress(0.344144233, 1.0)
    say("### released still at -50: the nearer of 0 and -74, on the projected snap's spring (response 0.344144233, ζ 1)")
    say("  " + ", ".join(f"at +{t}: {-50 - 24 * progress(snap, t)[0]:.9f}" for t in (0.05, 0.1)))

# §34 -----------------------------------------------------------------------------------------

def navigation_pop():
    section("34. The interactive pop (_UINavigationInteractiveTransition, _UINavigationParallaxTransition: T 0.35 s, "
            "threshold min(187.5/width, 0.5)) on 390 x 844")
    width, T = 390.0, 0.35
    threshold = min(187.5 / width, 0.5)
    say(f"  threshold {threshold:.9f}; the view below at -0.3·390·(1 - p), the dimming 0.1·(1 - p), the top at 390·p")
    say("### dragged from x 5 by 15.625 pt every 1/64 s: the edge pan begins 15 pt out, so 8 moves are 125 - 15 = 110 pt")
    p = 110 / width
    say(f"  p {p:.9f}; top x 110, below x {-0.3 * width * (1 - p):.9f}, dimming {0.1 * (1 - p):.9f}")
    say("### releases (v the pan's velocity over the width; the rest on easeInEaseOut over min(T, left/|v|))")
    cases = [("at 110 pt, still (two still moves: v 0)", 110, 0.0),
             ("at 110 pt, 1000 pt/s", 110, 1000.0),
             ("at 234 pt, still", 234, 0.0),
             ("at 234 pt, -1000 pt/s", 234, -1000.0)]
    for name, x, v_pts in cases:
        p, v = x / width, v_pts / width
        complete = p + v * T > threshold
        left = 1 - p if complete else p
        duration = max(min(T, left / abs(v)) if v != 0 else T, 0.01)
        to = 1.0 if complete else 0.0
        mid = p + (to - p) * EASE(0.5)
        say(f"  {name}: p {p:.9f}, p + v·T {p + v * T:.9f} -> {'completes' if complete else 'cancels'} over "
            f"{duration:.9f} s; p half-way through {mid:.9f}; at 0.1 s {p + (to - p) * EASE(0.1 / duration):.9f}")
    say("### push and pop commands: p 1 -> 0 and 0 -> 1 over 0.35 s on easeInEaseOut")
    say("  " + ", ".join(f"at {t}: {EASE(t / T):.9f}" for t in (0.05, 0.1, 0.175, 0.3)))


def main():
    say("# ControlSim oracle: scripts/oracle/uikit_oracle.py (docs/fidelity.md#oracle)")
    say("# progress 0 -> 1; velocities relative (fractions of the distance per second)")
    for part in (published, uikit_cases, regimes, perceptual, switch_springs, curves, paused_animator,
                 projections, rubber_bands, pan, controls, continued_animator, echoed_springs,
                 scroll_deceleration, bounces, drag_rubber_band, paging, sheet, stepper_autorepeat, slider,
                 segmented, content_offset_animation, scroll_view, sheet_view, fast_releases, scroll_release, system_switch,
                 page_control, context_menu_press, picker_wheel, swipe_actions, navigation_pop):
        part()
    text = "\n".join(OUT) + "\n"
    if sys.argv[1:] == ["--check"]:
        committed = Path(__file__).with_name("uikit_oracle.txt").read_text()
        if committed != text:
            sys.exit("scripts/oracle/uikit_oracle.txt is not what the oracle prints: regenerate it")
        print("scripts/oracle/uikit_oracle.txt is up to date")
        return
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
