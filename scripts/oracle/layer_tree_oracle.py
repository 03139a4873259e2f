#!/usr/bin/env python3
"""Independent oracle for a layer tree's composed geometry (Core Animation's rule, written here
from docs/fidelity.md's statement, not from the Swift code): a point p of a layer (from its
bounds' top left) is at position + translation + R(rotation)·S(scale)·(p − anchor) in its
superlayer, position being the anchor point's place in the untransformed frame. Prints the
scene positions SublayerTests checks for docs/examples/clippedCard.json."""
import math


def to_superlayer(p, frame, rotation=0.0, anchor=(0.5, 0.5), translation=(0.0, 0.0), scale=(1.0, 1.0)):
    x, y, w, h = frame
    ax, ay = anchor[0] * w, anchor[1] * h
    dx, dy = (p[0] - ax) * scale[0], (p[1] - ay) * scale[1]
    c, s = math.cos(rotation), math.sin(rotation)
    return (x + ax + translation[0] + c * dx - s * dy, y + ay + translation[1] + s * dx + c * dy)


def card(slide):
    card_frame = (20, 20, 200, 120)
    photo_frame = (-60 + 200 * slide, 20, 120, 80)
    sun_frame = (84, 8, 20, 20)
    def photo_point(p):
        return to_superlayer(to_superlayer(p, photo_frame, 0.2), card_frame, 0.1)
    def sun_point(p):
        return photo_point(to_superlayer(p, sun_frame))
    return {
        "photo (0,0)": photo_point((0, 0)),
        "photo centre": photo_point((60, 40)),
        "sun centre": sun_point((10, 10)),
        "card (0,0)": to_superlayer((0, 0), card_frame, 0.1),
    }


if __name__ == "__main__":
    for slide in (0, 1):
        for name, (x, y) in card(slide).items():
            print(f"slide={slide} {name}: ({x!r}, {y!r})")
