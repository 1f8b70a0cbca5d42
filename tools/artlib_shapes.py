"""Vector geometry shared by the card generators: suit symbols, curves and outlined fills.

The default pygame font has no suit glyphs and we ship no font files, so every suit symbol is
built here from polygons in a unit box ([-0.5, 0.5] on both axes, y pointing down) and then
scaled, optionally turned upside down, and filled onto a supersampled surface.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]
Polygon = list[Point]
Color = tuple[int, int, int] | tuple[int, int, int, int]

SUITS = "SHDC"


def quad_bezier(p0: Point, p1: Point, p2: Point, steps: int = 24) -> Polygon:
    """Sample a quadratic Bezier; pygame has no curve primitive, so curves become dense polylines."""
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 64) -> Polygon:
    """An ellipse as a polygon, so it can be transformed (flipped, scaled) like every other shape."""
    return [
        (cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def _heart_outline(steps: int = 120) -> Polygon:
    """The classic parametric heart, normalised to the unit box; spades reuse it upside down."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    ys = [p[1] for p in raw]
    mid = (max(ys) + min(ys)) / 2
    scale = 1 / 33.0
    return [(x * scale, (y - mid) * scale * 1.04) for x, y in raw]


def _stem(top: float, half_top: float, half_foot: float) -> Polygon:
    """A flared stem with concave sides, the foot shared by spades and clubs."""
    left = quad_bezier((-half_top, top), (-0.03, 0.38), (-half_foot, 0.5), 16)
    right = quad_bezier((half_foot, 0.5), (0.03, 0.38), (half_top, top), 16)
    return left + right


def suit_polygons(suit: str) -> list[Polygon]:
    """Polygons, in the unit box, whose union is the suit symbol."""
    if suit == "H":
        return [_heart_outline()]
    if suit == "S":
        body = [(x * 1.0, -y * 0.86 - 0.09) for x, y in _heart_outline()]
        return [body, _stem(0.12, 0.035, 0.19)]
    if suit == "D":
        top, right, bottom, left = (0.0, -0.5), (0.39, 0.0), (0.0, 0.5), (-0.39, 0.0)
        pull = 0.07
        pts = quad_bezier(top, (0.195 - pull, -0.25 + pull), right)
        pts += quad_bezier(right, (0.195 - pull, 0.25 - pull), bottom)[1:]
        pts += quad_bezier(bottom, (-0.195 + pull, 0.25 - pull), left)[1:]
        pts += quad_bezier(left, (-0.195 + pull, -0.25 + pull), top)[1:-1]
        return [pts]
    if suit == "C":
        r = 0.215
        return [
            ellipse_points(0.0, -0.255, r, r),
            ellipse_points(-0.255, 0.09, r, r),
            ellipse_points(0.255, 0.09, r, r),
            [(0.0, -0.2), (-0.2, 0.12), (0.0, 0.25), (0.2, 0.12)],
            _stem(0.1, 0.04, 0.19),
        ]
    raise ValueError(f"unknown suit {suit!r}")


def place(poly: Sequence[Point], cx: float, cy: float, size: float, upside_down: bool = False) -> Polygon:
    """Map a unit-box polygon to pixels; upside_down mimics the 180-degree pips of real cards."""
    sign = -1 if upside_down else 1
    return [(cx + sign * x * size, cy + sign * y * size) for x, y in poly]


def draw_suit(
    surf: pygame.Surface,
    suit: str,
    cx: float,
    cy: float,
    size: float,
    color: Color,
    upside_down: bool = False,
) -> None:
    """Fill a suit symbol of the given height centred on (cx, cy)."""
    for poly in suit_polygons(suit):
        pygame.draw.polygon(surf, color, place(poly, cx, cy, size, upside_down))


def shade(color: Color, factor: float) -> tuple[int, int, int]:
    """Darken (factor < 1) or lighten (factor > 1, towards white) a colour for trims and shadows."""
    r, g, b = color[:3]
    if factor <= 1:
        return (int(r * factor), int(g * factor), int(b * factor))
    t = min(factor - 1, 1.0)
    return (int(r + (255 - r) * t), int(g + (255 - g) * t), int(b + (255 - b) * t))


def downsample(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smoothscale to the final size, then restore full opacity.

    smoothscale's fixed-point filter turns alpha 255 into 253, which would leave every card faintly
    see-through; adding the measured shortfall to each non-transparent pixel fixes it while leaving
    the fully transparent corners at zero.
    """
    small = pygame.transform.smoothscale(surf, size)
    probe = pygame.Surface(
        (4 * surf.get_width() // size[0], 4 * surf.get_height() // size[1]), pygame.SRCALPHA
    )
    probe.fill((255, 255, 255, 255))
    shortfall = 255 - pygame.transform.smoothscale(probe, (4, 4)).get_at((1, 1)).a
    if shortfall:
        boost = pygame.mask.from_surface(small, 1).to_surface(
            setcolor=(0, 0, 0, shortfall), unsetcolor=(0, 0, 0, 0)
        )
        small.blit(boost, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return small
