"""Rectangles and card places in window pixels: the geometry the layout computes and the window's kit draws with.

It knows nothing of the game, so the kit (``bezique.ui.kit``) can use it and stay game-free; the table's layout
(``bezique.presenter.layout``) builds its zones from it.
"""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """An axis-aligned rectangle (x, y, w, h) in window pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def intersects(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom)

    def ints(self) -> tuple[int, int, int, int]:
        return round(self.x), round(self.y), round(self.w), round(self.h)


class Slot(NamedTuple):
    """A card's resting place: centre, rotation (degrees, counter-clockwise) and card height in pixels."""

    cx: float
    cy: float
    angle: float
    height: int
