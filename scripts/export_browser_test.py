#!/usr/bin/env python3
"""Plays each control's CSS and WAAPI exports in headless Chromium and compares what the browser
computes with the server's frames.

The scenarios: six written for the four seed controls, and for every control the server lists
(GET /v1/controls, or the four built-in names) a tap at its centre and a drag across it. For
each: a virtual-clock session with its events; the window exported twice, as
format=css&name=css_<n> and as format=waapi&name=waapi_<n>, both on one blank page (the names
keep them apart): the stylesheet with its markup, and the WAAPI markup with its registrations,
element styles and element.animate() calls. Every animation is paused and moved to 100 of the
window's sample times in turn; at each, getComputedStyle of every element is compared with
GET …/frame?t at that time. Every value must lie within its allowance (the tolerance times its
range over the window, at least 1e-6, or a quarter of an 8-bit step for colours) plus the rounding of
the text the browser prints (half a unit of its sixth significant digit, half a step for a
colour channel; for an element's width and height, Chromium's layout unit, 1/64 px: it lays
boxes out in those units, so a computed width is the specified one snapped to them). A layer's
visibility must match at every sample but the two around a change, where the browser may show
either side (see `boundary`). It prints the largest deviation per property in its own units, and the same at
100 times between samples (not asserted: the exports interpolate linearly between samples).

Usage: export_browser_test.py BASE_URL [--chromium PATH] [--timeout SECONDS] [--report FILE] [--screenshots DIR] [--only TEXT]
"""
import argparse
import json
import math
import os
import re
import shutil
import sys
import time
import urllib.error
import urllib.request

from cdp import Browser, Failure

TOLERANCE = 0.001
# Chromium's LayoutUnit: box sizes are laid out in 1/64 px, so a computed width or height may be
# up to one unit from the exported value however exact the export is.
LAYOUT_UNIT = 1 / 64
SAMPLES = 100

# name, control, events, from, to, fps: 121 samples each, so 100 distinct sample times exist.
SCENARIOS = [
    ("switch toggle", "switch", {"type": "tap", "t": 0, "x": 25, "y": 15}, 0, 0.5, 240),
    ("button pulse", "button", {"type": "tap", "t": 0, "x": 100, "y": 25}, 0, 1, 120),
    ("button press", "button", {"type": "touchDown", "t": 0, "x": 100, "y": 25}, 0, 0.25, 480),
    ("card expand", "card", {"type": "tap", "t": 0, "x": 195, "y": 800}, 0, 1.2, 100),
    ("card drag", "card", {"type": "drag", "t": 0.1, "from": {"x": 195, "y": 790}, "to": {"x": 195, "y": 420},
                           "duration": 0.3}, 0, 1.5, 80),
    ("progress ring", "progressButton", {"type": "start", "t": 0.5}, 0, 4, 30),
]


BUILT_IN_CONTROLS = ["button", "progressButton", "switch", "card"]

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "examples")


def example(name):
    """A docs/examples definition, sent inline as a session's `definition`."""
    with open(os.path.join(EXAMPLES, f"{name}.json")) as f:
        return {"definition": json.load(f)}


def taps(t, x, y, count=1):
    return [e for i in range(count) for e in ({"type": "touchDown", "t": t + 0.15 * i, "x": x, "y": y},
                                               {"type": "touchUp", "t": t + 0.15 * i + 0.05, "x": x, "y": y})]


# The docs/examples definitions: a shape's fill, stroke and scale transform (the heart pops), a
# rotation about an anchor below the frame (the ticks), texts and their colours (segment titles,
# the row's Delete), a translation of a text with its row.
# A scene: the list in the sheet dragged up (the sheet rises, its content and the clip with it).
SCENE_SCENARIOS = [
    ("sheet list scene drag", {"scene": "sheetList"}, {"events": [
        {"type": "touchDown", "touch": 1, "t": 0.1, "x": 200, "y": 600}]
        + [{"type": "touchMove", "touch": 1, "t": 0.1 + 0.02 * i, "x": 200, "y": 600 - 25 * i} for i in range(1, 11)]
        + [{"type": "touchUp", "touch": 1, "t": 0.32, "x": 200, "y": 350}]}, 0, 1.2, 100),
]


def identifier(text):
    """CSSName.identifier: letters, digits, '-' and '_' kept, anything else '_'."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", text)


def flatten(frame):
    """A scene's frame as one control's: each view's layers as `<view>/<id>` made an identifier
    (the export's class), with the clip they are drawn in; its properties as `<view>.<name>`."""
    if "views" not in frame:
        return frame
    layers, properties = [], {}
    for entry in frame["views"]:
        for name, value in entry["frame"]["properties"].items():
            properties[identifier(entry["view"] + "." + name)] = value
        for layer in entry["frame"]["layers"]:
            layers.append({**layer, "id": identifier(entry["view"] + "/" + layer["id"]), "clip": entry.get("clip")})
    return {"t": frame["t"], "properties": properties, "layers": layers}


def clip_polygon(layer, origin):
    """The clip's corners in the layer element's own coordinates (the inverse of its transform)."""
    c = layer["clip"]
    w, h = max(0, layer["width"]), max(0, layer["height"])
    dx, dy, px, py, sx, sy, r = layer["x"] - origin[0], layer["y"] - origin[1], w / 2, h / 2, layer["scale"], layer["scale"], 0
    if "transform" in layer:
        t = layer["transform"]
        dx, dy = dx + t["translationX"], dy + t["translationY"]
        px, py, sx, sy, r = t["anchorX"] * w, t["anchorY"] * h, sx * t["scaleX"], sy * t["scaleY"], t["rotation"]
    out = []
    for x, y in ((c["x"], c["y"]), (c["x"] + c["width"], c["y"]), (c["x"] + c["width"], c["y"] + c["height"]),
                 (c["x"], c["y"] + c["height"])):
        qx, qy = x - origin[0] - dx - px, y - origin[1] - dy - py
        rx, ry = math.cos(r) * qx + math.sin(r) * qy, -math.sin(r) * qx + math.cos(r) * qy
        out += [px + (rx / sx if sx else 0), py + (ry / sy if sy else 0)]
    return out




EXAMPLE_SCENARIOS = [
    ("like button double tap", example("likeButton"), {"events": taps(0.1, 22, 22, 2)}, 0, 1.2, 100),
    ("activity indicator", example("activityIndicator"), {"type": "startAnimating", "t": 0}, 0, 1.2, 100),
    ("labelled segmented", example("labelledSegmentedControl"), {"events": taps(0.1, 150, 16)}, 0, 0.6, 200),
    ("swipe row", example("swipeRow"), {"events": [
        {"type": "touchDown", "t": 0.1, "x": 300, "y": 22}, {"type": "touchMove", "t": 0.12, "x": 290, "y": 22},
        {"type": "touchMove", "t": 0.14, "x": 270, "y": 22}, {"type": "touchMove", "t": 0.16, "x": 250, "y": 22},
        {"type": "touchUp", "t": 0.17, "x": 245, "y": 22}]}, 0, 1.2, 100),
    # A photo sliding in its masking card: a sublayer's element, in its superlayer's group.
    ("clipped card", example("clippedCard"), {"events": taps(0.1, 120, 80)}, 0, 1.2, 100),
]


def generic_scenarios(base):
    """One scenario for every control the server lists (the four built-in names where it has no
    GET /v1/controls), whatever it is: a tap at its centre, then a drag across it."""
    try:
        listed = [c["name"] for c in http("GET", f"{base}/v1/controls")["controls"]]
    except urllib.error.HTTPError as error:
        if error.code not in (404, 405):
            raise
        listed = BUILT_IN_CONTROLS
    scenarios = []
    for name in listed:
        session = http("POST", f"{base}/v1/sessions", {"control": name})
        layers = http("GET", f"{base}/v1/sessions/{session['id']}/frame?t=0")["layers"]
        http("DELETE", f"{base}/v1/sessions/{session['id']}")
        if not layers:
            # Nothing drawn at rest (a refresh control before it is pulled): nowhere to tap.
            print(f"generic scenarios: {name} draws nothing at rest, skipped")
            continue
        back = layers[0]
        y = back["y"] + back["height"] / 2
        events = {"events": [
            {"type": "tap", "t": 0.1, "x": back["x"] + back["width"] / 2, "y": y},
            {"type": "drag", "t": 0.6, "from": {"x": back["x"] + back["width"] * 0.25, "y": y},
             "to": {"x": back["x"] + back["width"] * 0.75, "y": y}, "duration": 0.3},
        ]}
        scenarios.append((f"{name} tap, drag", name, events, 0, 1.5, 80))
    return scenarios


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read().decode()
        return json.loads(text) if response.headers.get("Content-Type", "").startswith("application/json") else text


SETUP = """
(async ({css, cssMarkup, waapi}) => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const cssHost = document.createElement('div');
  cssHost.className = 'host';
  cssHost.innerHTML = cssMarkup;
  const waapiHost = document.createElement('div');
  waapiHost.className = 'host';
  // What a page does with a WAAPI export: register, insert, style, animate.
  for (const r of waapi.registrations) {
    try { CSS.registerProperty(r); } catch (e) { /* registered already, by the stylesheet's @property */ }
  }
  waapiHost.innerHTML = waapi.markup;
  const find = (host, selector) => host.querySelector(selector);
  for (const e of waapi.elements) {
    const el = find(waapiHost, e.selector);
    for (const [k, v] of Object.entries(e.style)) {
      if (k.startsWith('--')) el.style.setProperty(k, v); else el.style[k] = v;
    }
  }
  for (const a of waapi.animations) find(waapiHost, a.selector).animate(a.keyframes, a.options);
  document.body.append(cssHost, waapiHost);
  await new Promise(requestAnimationFrame);
  for (const a of document.getAnimations()) a.pause();
  return document.getAnimations().length;
})(%s)
"""

READ = """
((ms, names, custom) => {
  for (const a of document.getAnimations()) a.currentTime = ms;
  const out = {};
  for (const name of names) {
    for (const el of document.querySelectorAll(`.${name}, [class^="${name}-"]`)) {
      const cs = getComputedStyle(el);
      const values = {
        transform: cs.transform, width: cs.width, height: cs.height, opacity: cs.opacity,
        borderRadius: cs.borderTopLeftRadius, backgroundColor: cs.backgroundColor, stroke: cs.stroke,
        strokeWidth: cs.strokeWidth, strokeDashoffset: cs.strokeDashoffset, backdropFilter: cs.backdropFilter,
        visibility: cs.visibility, '--blur-fraction': cs.getPropertyValue('--blur-fraction'),
        transformOrigin: cs.transformOrigin, fill: cs.fill, strokeDasharray: cs.strokeDasharray,
        color: cs.color, fontSize: cs.fontSize, clipPath: cs.clipPath,
      };
      for (const c of custom) values[c] = cs.getPropertyValue(c);
      out[el.getAttribute('class')] = values;
    }
  }
  return out;
})(%s, %s, %s)
"""


def numbers(text):
    return [float(x) for x in re.findall(r"-?[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?", text)]


def color(text):
    """rgb()/rgba() → four bytes (alpha scaled to 0…255), or hex #rrggbbaa."""
    text = text.strip()
    if text.startswith("#"):
        return [int(text[i:i + 2], 16) for i in (1, 3, 5, 7)]
    values = numbers(text)
    if len(values) == 3:
        values.append(1)
    return values[:3] + [values[3] * 255]


def transform(text):
    """matrix(a, b, c, d, e, f) → [x, y, scale]; none is the identity."""
    if text == "none":
        return [0, 0, 1]
    a, _, _, _, e, f = numbers(text)
    return [e, f, a]


def rotated(text):
    """matrix(a, b, c, d, e, f) of translate · rotate(r) · scale(sx, sy) → [e, f, r, sx, sy]
    (sx taken positive; no skew)."""
    if text == "none":
        return [0, 0, 0, 1, 1]
    a, b, c, d, e, f = numbers(text)
    sx = math.hypot(a, b)
    return [e, f, math.atan2(b, a), sx, (a * d - b * c) / sx if sx else math.hypot(c, d)]


def printed(value):
    """Half a unit of the sixth significant digit: how far a printed number may be from the value."""
    if value == 0:
        return 1e-6
    return 0.5 * 10 ** (math.floor(math.log10(abs(value))) - 5)


def truth(frame, registrations, origin, ids):
    """What a frame says each exported value is: {element key: {property: (field, components, is colour)}},
    the key "" for the box (its custom properties) and the layer id for a layer's element."""
    box = {}
    for custom, syntax in registrations.items():
        if custom != "--blur-fraction":
            value = frame["properties"][custom[2:]]
            box[custom] = (custom[2:], color(value) if syntax == "<color>" else [value], syntax == "<color>")
    out = {"": box}
    for layer_id in ids:
        layer = next((l for l in frame["layers"] if l["id"] == layer_id), None)
        entry = {"visibility": ("visible", [1 if layer else 0], False)}
        if layer and "transform" in layer:
            t = layer["transform"]
            x, y = layer["x"] - origin[0], layer["y"] - origin[1]
            s = layer["scale"]
            # The composed values the browser's matrix shows, and the frame fields each is made of
            # (their allowances add up).
            entry["rotated"] = ("x+transform.translationX,y+transform.translationY,transform.rotation,"
                                "scale*transform.scaleX,scale*transform.scaleY",
                                [x + t["translationX"], y + t["translationY"], t["rotation"], s * t["scaleX"], s * t["scaleY"]],
                                False, [[x, t["translationX"]], [y, t["translationY"]], [t["rotation"]],
                                        [s, t["scaleX"]], [s, t["scaleY"]]])
            entry["transformOrigin"] = ("transform.anchorX,transform.anchorY",
                                        [t["anchorX"] * max(0, layer["width"]), t["anchorY"] * max(0, layer["height"])], False)
        elif layer:
            entry["transform"] = ("x,y,scale", [layer["x"] - origin[0], layer["y"] - origin[1], layer["scale"]], False)
        if layer:
            entry["width"] = ("width", [max(0, layer["width"])], False)
            entry["height"] = ("height", [max(0, layer["height"])], False)
            entry["opacity"] = ("opacity", [min(max(layer["opacity"], 0), 1)], False)
            entry["borderRadius"] = ("cornerRadius", [max(0, layer["cornerRadius"])], False)
            if "backgroundColor" in layer:
                entry["backgroundColor"] = ("backgroundColor", color(layer["backgroundColor"]), True)
            if "stroke" in layer:
                entry["stroke"] = ("stroke.color", color(layer["stroke"]["color"]), True)
                entry["strokeWidth"] = ("stroke.lineWidth", [layer["stroke"]["lineWidth"]], False)
                entry["strokeDashoffset"] = ("stroke.strokeEnd", [1 - layer["stroke"]["strokeEnd"]], False)
            if "path" in layer and layer["kind"] == "shape":
                p = layer["path"]
                start = min(1, max(0, p["strokeStart"]))
                entry["stroke"] = ("path.strokeColor", color(p["strokeColor"]), True)
                entry["fill"] = ("path.fillColor", color(p["fillColor"]), True)
                entry["strokeWidth"] = ("path.lineWidth", [max(0, p["lineWidth"])], False)
                entry["strokeDasharray"] = ("path.strokeEnd-path.strokeStart", [min(1, max(start, p["strokeEnd"])) - start], False)
                entry["strokeDashoffset"] = ("path.strokeStart", [-start], False)
            if "text" in layer and layer["kind"] == "text":
                entry["color"] = ("text.color", color(layer["text"]["color"]), True)
                entry["fontSize"] = ("text.fontSize", [max(0, layer["text"]["fontSize"])], False)
            if layer.get("clip"):
                entry["clipPath"] = ("clip.x1,clip.y1,clip.x2,clip.y2,clip.x3,clip.y3,clip.x4,clip.y4", clip_polygon(layer, origin), False)
            if "blur" in layer:
                entry["backdropFilter"] = ("blur.radius", [layer["blur"]["radius"]], False)
                entry["--blur-fraction"] = ("blur.fraction", [layer["blur"]["fraction"]], False)
        out[layer_id] = entry
    return out


def parse_browser(prop, text):
    if prop == "transform":
        return transform(text)
    if prop == "rotated":
        return rotated(text)
    if prop in ("backgroundColor", "stroke", "fill", "color") or (text.startswith("rgb") or text.startswith("#")):
        return color(text)
    if prop == "visibility":
        return [1 if text == "visible" else 0]
    if prop == "backdropFilter":
        return numbers(text) if text != "none" else [0]
    return numbers(text)


def allowances(series, is_color, prop, parts=None):
    """Per component: tolerance × range over the window (colours: the widest channel), with floors;
    visibility exactly. A composed value (a matrix's translation is the frame's place plus the
    transform's translation; its scale, `scale` times scaleX) is allowed the sum of its fields'
    allowances, times its largest magnitude for a product."""
    if prop == "visibility":
        return [0]
    if parts:
        out = []
        for c in range(len(parts[0])):
            fields = list(zip(*(p[c] for p in parts)))
            total = sum(max(TOLERANCE * (max(f) - min(f)), 1e-6) for f in fields)
            out.append(total * max(1, max(abs(v[c]) for v in series)))
        return out
    if is_color:
        ranges = [max(s[c] for s in series) - min(s[c] for s in series) for c in range(4)]
        return [max(TOLERANCE * max(ranges), 0.25)] * 4
    return [max(TOLERANCE * (max(s[c] for s in series) - min(s[c] for s in series)), 1e-6) for c in range(len(series[0]))]


def boundary(reference, k, key, shown):
    """Whether sample k is next to a change of its element's visibility and the browser shows the
    other side's value. A layer appearing or going between two samples is exported as two
    keyframes, and CSS and WAAPI interpolate `visibility` as visible strictly between them; at the
    boundary sample itself the browser's timeline (microseconds) and the printed offsets put it
    within a microsecond of the keyframe, on either side. Any other sample must match."""
    def at(j):
        entry = reference[j].get(key, {}).get("visibility") if 0 <= j < len(reference) else None
        return entry[1][0] if entry else None
    return any(at(j) is not None and at(j) != at(k) and at(j) == shown for j in (k - 1, k + 1))


def run_scenario(browser, base, scenario, worst, index, screenshots):
    label, control, event, t0, t1, fps = scenario
    session = http("POST", f"{base}/v1/sessions", control if isinstance(control, dict) else {"control": control})
    sid = session["id"]
    control = control if isinstance(control, str) else "definition"
    try:
        http("POST", f"{base}/v1/sessions/{sid}/events", event)
    except urllib.error.HTTPError as error:
        # A control that refuses the generic input is still exported, standing still.
        print(f"export-browser-test: {label}: the events were refused ({error.code} {error.read()[:200]!r}); exporting it at rest")
    window = f"from={t0}&to={t1}&fps={fps}"
    frames = [flatten(f) for f in http("GET", f"{base}/v1/sessions/{sid}/frames?{window}")["frames"]]
    count = len(frames)
    css_name, waapi_name = f"css_{index}", f"waapi_{index}"
    css = http("GET", f"{base}/v1/sessions/{sid}/frames?{window}&format=css&tolerance={TOLERANCE}&name={css_name}")
    css_markup = http("GET", f"{base}/v1/sessions/{sid}/frames?{window}&format=waapi&name={css_name}")["markup"]
    waapi = http("GET", f"{base}/v1/sessions/{sid}/frames?{window}&format=waapi&tolerance={TOLERANCE}&name={waapi_name}")

    browser.navigate("about:blank")
    playing = browser.evaluate(SETUP % json.dumps({"css": css, "cssMarkup": css_markup, "waapi": waapi}))
    at_rest = playing == 0   # nothing moves in the window: only the static styles are compared
    registrations = {r["name"]: r["syntax"] for r in waapi["registrations"]}
    origin = (waapi["bounds"]["x"], waapi["bounds"]["y"])
    ids = []
    for f in frames:
        for layer in f["layers"]:
            if layer["id"] not in ids:
                ids.append(layer["id"])

    # Allowances from the window's frames, as the export defines them.
    reference = [truth(f, registrations, origin, ids) for f in frames]
    allowed = {}
    for key in reference[0]:
        for prop in set().union(*(r[key].keys() for r in reference)):
            present = [r[key][prop] for r in reference if prop in r[key]]
            allowed[(key, prop)] = allowances([p[1] for p in present], present[0][2], prop,
                                              [p[3] for p in present] if len(present[0]) > 3 else None)

    picks = sorted({round(i * (count - 1) / (SAMPLES - 1)) for i in range(SAMPLES)})
    between = [min(count - 2, round(i * (count - 2) / (SAMPLES - 1))) + 0.5 for i in range(SAMPLES)]
    if len(picks) != SAMPLES:
        raise Failure(f"{label}: {len(picks)} distinct sample times, not {SAMPLES}")
    failures = []
    for at_sample, ks in ((True, picks), (False, between)):
        for k in ks:
            t = t0 + k / fps
            frame = flatten(http("GET", f"{base}/v1/sessions/{sid}/frame?t={t!r}"))
            seen = browser.evaluate(READ % (json.dumps((k / fps) * 1000), json.dumps([css_name, waapi_name]),
                                            json.dumps(list(registrations))))
            for name, fmt in ((css_name, "css"), (waapi_name, "waapi")):
                for key, props in truth(frame, registrations, origin, ids).items():
                    element = f"{name}-{key}" if key else name
                    computed = seen.get(element)
                    if computed is None:
                        raise Failure(f"{label}: {fmt} has no element .{element}")
                    for prop, (field, expected, is_color, *_) in props.items():
                        actual = parse_browser(prop, computed["transform" if prop == "rotated" else prop])
                        limits = allowed[(key, prop)]
                        for c, want in enumerate(expected):
                            if is_color and c < 3 and expected[3] == 0:
                                continue   # a transparent colour has no colour to match
                            got = actual[c] if c < len(actual) else float("nan")
                            deviation = abs(got - want)
                            if prop == "rotated" and c == 2:
                                deviation = abs(math.remainder(got - want, 2 * math.pi))
                            slack = (0.5 if is_color else 0 if prop == "visibility"
                                     else LAYOUT_UNIT if prop in ("width", "height")
                                     # a matrix printed to six digits, read back through atan2 and hypot
                                     else 1e-5 * max(1, abs(want)) if prop in ("rotated", "transformOrigin", "clipPath")
                                     else printed(want))
                            fields = field.split(",")
                            what = f"{'layers/' + key if key else 'properties'}/{fields[c] if len(fields) > 1 else field}"
                            if is_color:
                                what += "." + "rgba"[c]
                            entry = worst.setdefault((label, fmt, what, at_sample), [0.0, 0.0, limits[c]])
                            entry[0] = max(entry[0], deviation)
                            entry[1] = max(entry[1], deviation / limits[c] if limits[c] else 0 if deviation == 0 else math.inf)
                            if at_sample and prop == "visibility" and deviation and boundary(reference, k, key, got):
                                continue
                            if at_sample and not deviation <= limits[c] + slack + 1e-9:
                                failures.append(f"{label} {fmt} {what} at t={t:.6f}: browser {computed[prop]!r} "
                                                f"({got}), frame {want}, allowed {limits[c]:.6g}+{slack:.2g}")
    if screenshots:
        # Both exports side by side, a third of the way through the window, for a person to look at.
        browser.evaluate(READ % (json.dumps((t1 - t0) * 1000 / 3), json.dumps([]), json.dumps([])))
        browser.evaluate("document.querySelectorAll('.host').forEach(h => { h.style.display = 'inline-block'; "
                         "h.style.margin = '8px'; h.style.verticalAlign = 'top'; h.style.outline = '1px dashed #999'; "
                         f"h.style.zoom = {min(4, 400 / waapi['bounds']['height'])}; }})")
        browser.screenshot(f"{screenshots}/export-{index}-{control}.png", max_height=1000)
    if failures:
        raise Failure(f"{len(failures)} values beyond their allowance; first: " + "; ".join(failures[:5]))
    print(f"export-browser-test: {label}: {count} samples, {'at rest, ' if at_rest else ''}css and waapi checked at "
          f"{SAMPLES} sample times and {SAMPLES} times between samples", flush=True)


def report(worst):
    """Largest deviation per property at sample times (asserted) and between them (reported)."""
    rows = {}
    for (label, fmt, what, at_sample), (deviation, ratio, limit) in worst.items():
        row = rows.setdefault((label, what), {"limit": limit})
        row[(fmt, at_sample)] = (deviation, ratio)
    lines = [f"{'scenario':<22} {'value':<34} {'allowed':>9} {'css':>10} {'waapi':>10} {'between':>10}"]
    exact = 0
    for (label, what), row in sorted(rows.items()):
        css = row.get(("css", True), (0, 0))[0]
        waapi = row.get(("waapi", True), (0, 0))[0]
        between = max(row.get(("css", False), (0, 0))[0], row.get(("waapi", False), (0, 0))[0])
        if css == waapi == between == 0:
            exact += 1
            continue
        lines.append(f"{label:<22} {what:<34} {row['limit']:>9.4g} {css:>10.3g} {waapi:>10.3g} {between:>10.3g}")
    return "\n".join(lines + [f"({exact} more values, those that do not move, showed exactly as the frames at every time)"])


def run(base, executable, timeout, report_path, screenshots, only=None):
    started = time.monotonic()
    browser = Browser(executable, started + timeout)
    worst = {}
    try:
        browser.open_page()
        scenarios = SCENARIOS + EXAMPLE_SCENARIOS + SCENE_SCENARIOS + (generic_scenarios(base.rstrip("/")) if not only else [])
        for index, scenario in enumerate(scenarios):
            if only and only not in scenario[0]:
                continue
            run_scenario(browser, base.rstrip("/"), scenario, worst, index, screenshots)
        thrown = browser.thrown()
        if thrown:
            raise Failure(f"the page threw: {thrown}")
    finally:
        browser.close()
    table = report(worst)
    print("export-browser-test: largest deviation from GET …/frame?t, in each value's units "
          "(colour channels in 8-bit steps); css and waapi at sample times, between = the worst of both between samples")
    print(table)
    if report_path:
        with open(report_path, "w") as f:
            f.write(table + "\n")
    print(f"export-browser-test: {time.monotonic() - started:.1f} s in the browser")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--report", help="also write the table of deviations to this file")
    parser.add_argument("--screenshots", help="a folder for a picture of each scenario's two exports")
    parser.add_argument("--only", help="run only the written scenarios whose name contains this (no generic ones)")
    options = parser.parse_args()
    try:
        run(options.base, options.chromium, options.timeout, options.report, options.screenshots, options.only)
    except Failure as failure:
        print(f"export-browser-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print("export-browser-test: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
