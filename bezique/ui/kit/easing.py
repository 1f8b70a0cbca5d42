"""Pure easing functions: t in [0, 1] -> progress (mostly in [0, 1]). They import nothing (STYLE.md, arcade)."""

from __future__ import annotations

import math


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    u = 1.0 - t
    return 1.0 - u * u * u


def in_out_cubic(t: float) -> float:
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


def out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing."""
    c1 = 1.30158
    c3 = c1 + 1.0
    u = t - 1.0
    return 1.0 + c3 * u * u * u + c1 * u * u


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def jump(t: float) -> float:
    """All the way at once, as soon as it starts: the reduce-motion setting's "flight"."""
    return 1.0 if t > 0.0 else 0.0


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
