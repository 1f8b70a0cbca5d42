"""Animation as data advanced by elapsed time (STYLE.md lesson 9): no clock is read here; callers pass ``dt``.

A ``Tween`` moves a set of named float values from a start to an end over a duration with an easing function,
optionally after a delay. ``flight_time`` gives a card flight its duration from the distance flown, scaled by the
animation speed setting.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bezique.ui.kit import easing

SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
COMPUTER_PACE = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "instant": 0.0}
# seconds a finished trick stays on the table, with who won it, before it is gathered: a setting of its own, not
# scaled by the animation speed (the player reads at the same pace whatever the cards' speed); "click": until then
TRICK_PAUSE = {"off": 0.0, "short": 0.8, "normal": 1.5, "long": 2.5, "click": math.inf}


class Tween:
    """Interpolates ``start`` -> ``end`` (dicts of floats with the same keys)."""

    __slots__ = ("delay", "duration", "ease", "elapsed", "end", "start")

    def __init__(self, start: dict[str, float], end: dict[str, float], duration: float, delay: float = 0.0,
                 ease: Callable[[float], float] = easing.out_cubic) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.elapsed = 0.0
        self.ease = ease

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def progress(self) -> float:
        """Eased progress in [0, 1] (can overshoot with ``out_back``)."""
        if self.duration <= 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        t = easing.clamp01((self.elapsed - self.delay) / self.duration)
        return self.ease(t)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def value(self, key: str) -> float:
        a = self.start[key]
        return a + (self.end[key] - a) * self.progress

    def values(self) -> dict[str, float]:
        p = self.progress
        return {k: a + (self.end[k] - a) * p for k, a in self.start.items()}


def flight_time(distance: float, reference: float, speed: str) -> float:
    """Seconds for a card to fly `distance` pixels, where `reference` is a typical distance (the window height).

    Longer flights take longer, but sub-linearly, so short hops stay snappy and long flights stay followable.
    """
    factor = SPEED_FACTORS.get(speed, 1.0)
    if factor <= 0.0 or distance <= 0.5:
        return 0.0
    base = 0.16 + 0.30 * math.sqrt(min(distance / max(reference, 1.0), 2.0))
    return base * factor


def pause_time(seconds: float, speed: str) -> float:
    """A fixed pause (a trick left on show, a flip) under the speed setting."""
    return seconds * SPEED_FACTORS.get(speed, 1.0)
