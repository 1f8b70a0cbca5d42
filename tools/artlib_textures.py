"""Patterned art: the guilloché card backs and the tileable baize felt, in every colour the settings offer.

Both are drawn deterministically: line patterns are pure geometry and the felt noise comes from a
random.Random with a fixed seed, so regenerating produces byte-identical PNGs.
"""

from __future__ import annotations

import math
import random

import pygame
from artlib_shapes import Color, Point, ellipse_points, shade

# card_back setting -> (field, engraved lines); the names are config.py's choices (tested)
BACK_COLOURS: dict[str, tuple[Color, Color]] = {
    "blue": ((26, 54, 122), (160, 190, 240)),
    "red": ((138, 24, 40), (244, 178, 176)),
    "green": ((22, 88, 56), (170, 222, 186)),
    "purple": ((74, 36, 108), (214, 190, 242)),
    "black": ((30, 30, 36), (214, 190, 130)),
}
# table_colour setting -> the baize's base colour; the panels (dark green, gold edge) sit on each of them
FELT_COLOURS: dict[str, Color] = {
    "green": (30, 104, 58),
    "blue": (28, 72, 118),
    "red": (112, 30, 40),
    "grey": (72, 78, 80),
}
GOLD = (222, 180, 70)


def _wavy_lattice(surf: pygame.Surface, rect: pygame.Rect, color: Color, k: float) -> None:
    """Two crossing families of sine-modulated diagonals: the woven lattice of engraved backs."""
    spacing, amp, period = 22 * k, 3.2 * k, 44 * k
    width = max(1, round(0.9 * k))
    span = rect.width + rect.height
    for direction in (1, -1):
        offset = -span
        while offset < span:
            pts: list[Point] = []
            for i in range(0, rect.width + 1, max(1, int(2 * k))):
                wobble = amp * math.sin(2 * math.pi * i / period)
                x = rect.left + i if direction == 1 else rect.right - i
                pts.append((x, rect.top + i + offset + wobble))
            pygame.draw.lines(surf, color, False, pts, width)
            offset += spacing


def _rosette(surf: pygame.Surface, cx: float, cy: float, radius: float, color: Color, k: float) -> None:
    """A guilloché rosette: phase-shifted sinusoidal rings whose overlaps form the moiré."""
    width = max(1, round(0.8 * k))
    for j in range(10):
        phase = j * math.pi / 10
        pts = []
        for i in range(360):
            t = 2 * math.pi * i / 360
            r = radius * (0.78 + 0.16 * math.sin(12 * t + phase) + 0.05 * math.sin(5 * t - phase))
            pts.append((cx + r * math.cos(t), cy + r * math.sin(t) * 1.25))
        pygame.draw.lines(surf, color, True, pts, width)


def _wave_band(surf: pygame.Surface, rect: pygame.Rect, color: Color, k: float) -> None:
    """Two interlaced waves running around a frame, like the border of a banknote."""
    width = max(1, round(0.8 * k))
    perimeter_pts = _rect_perimeter(rect, 4 * k)
    for phase in (0.0, math.pi):
        pts = []
        for n, (x, y, nx, ny) in enumerate(perimeter_pts):
            off = 4 * k * math.sin(n * 0.55 + phase)
            pts.append((x + nx * off, y + ny * off))
        pygame.draw.lines(surf, color, True, pts, width)


def _rect_perimeter(rect: pygame.Rect, step: float) -> list[tuple[float, float, float, float]]:
    """Points (with outward normals) walking clockwise around a rectangle."""
    out = []
    edges = [
        ((rect.left, rect.top), (rect.right, rect.top), (0, -1)),
        ((rect.right, rect.top), (rect.right, rect.bottom), (1, 0)),
        ((rect.right, rect.bottom), (rect.left, rect.bottom), (0, 1)),
        ((rect.left, rect.bottom), (rect.left, rect.top), (-1, 0)),
    ]
    for (x0, y0), (x1, y1), (nx, ny) in edges:
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        out += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n, nx, ny) for i in range(n)]
    return out


def draw_back(surf: pygame.Surface, colour: str, k: float, radius: int) -> None:
    """Paint a complete card back (white margin, lattice field, framed central medallion) at scale k."""
    field, line = BACK_COLOURS[colour]
    full = surf.get_rect()
    pygame.draw.rect(surf, (196, 192, 184), full, border_radius=radius)
    pygame.draw.rect(surf, (252, 250, 244), full.inflate(-2 * k, -2 * k), border_radius=radius - int(k))
    inner = full.inflate(-28 * k, -28 * k)
    pygame.draw.rect(surf, field, inner, border_radius=int(10 * k))
    surf.set_clip(inner.inflate(-2 * k, -2 * k))
    _wavy_lattice(surf, inner, shade(field, 1.4), k)
    surf.set_clip(None)
    frame = inner.inflate(-22 * k, -22 * k)
    _wave_band(surf, frame, line, k)
    pygame.draw.rect(surf, line, inner, max(1, round(1.2 * k)), border_radius=int(10 * k))
    pygame.draw.rect(surf, line, frame.inflate(-16 * k, -16 * k), max(1, round(0.8 * k)))
    cx, cy = full.centerx, full.centery
    medallion = ellipse_points(cx, cy, 96 * k, 128 * k, 180)
    pygame.draw.polygon(surf, shade(field, 0.82), medallion)
    pygame.draw.polygon(surf, line, medallion, max(1, round(1.4 * k)))
    _rosette(surf, cx, cy, 84 * k, line, k)
    _rosette(surf, cx, cy, 42 * k, GOLD, k)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        _rosette(surf, cx + dx * 98 * k, cy + dy * 172 * k, 24 * k, line, k * 0.7)
    pygame.draw.polygon(
        surf, GOLD, [(cx, cy - 14 * k), (cx + 9 * k, cy), (cx, cy + 14 * k), (cx - 9 * k, cy)]
    )


def _periodic_value_noise(size: int, cells: int, rng: random.Random) -> list[float]:
    """Smooth value noise that wraps at the edges, so the felt tiles without seams."""
    grid = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    out = []
    scale = cells / size
    for y in range(size):
        gy = y * scale
        y0 = int(gy)
        ty = gy - y0
        ty = ty * ty * (3 - 2 * ty)
        row0, row1 = grid[y0 % cells], grid[(y0 + 1) % cells]
        for x in range(size):
            gx = x * scale
            x0 = int(gx)
            tx = gx - x0
            tx = tx * tx * (3 - 2 * tx)
            x1 = (x0 + 1) % cells
            x0 %= cells
            top = row0[x0] + (row0[x1] - row0[x0]) * tx
            bottom = row1[x0] + (row1[x1] - row1[x0]) * tx
            out.append(top + (bottom - top) * ty)
    return out


def make_felt(size: int = 256, seed: int = 1869, colour: str = "green") -> pygame.Surface:
    """A tileable baize of one of ``FELT_COLOURS``: a few octaves of soft wrapping noise plus a fine fibre grain
    (the same grain in every colour, so only the colour changes)."""
    rng = random.Random(seed)
    octaves = [(4, 0.45), (8, 0.3), (32, 0.15)]
    layers = [(_periodic_value_noise(size, cells, rng), amp) for cells, amp in octaves]
    base = FELT_COLOURS[colour]
    data = bytearray()
    for i in range(size * size):
        v = sum(layer[i] * amp for layer, amp in layers) - 0.45
        v += (rng.random() - 0.5) * 0.18
        data += bytes(max(0, min(255, int(c * (1 + 0.28 * v)))) for c in base)
    return pygame.image.frombytes(bytes(data), (size, size), "RGB")
