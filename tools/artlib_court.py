"""Stylised court figures (King, Queen, Jack) drawn from vector shapes.

Each figure is a bust drawn into one half of the court panel, in a 200 x 226 design space that a
Pen scales to the supersampled pixel grid. The card generator mirrors the half (180-degree turn)
to get the double-headed court of real French-suited cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from artlib_shapes import Color, Point, draw_suit, ellipse_points, quad_bezier, shade

DESIGN_W, DESIGN_H = 200, 226
INK = (46, 32, 26)
SKIN = (244, 214, 186)
GOLD = (222, 172, 44)
GOLD_DARK = (150, 104, 20)
WHITE = (250, 248, 240)
LIP = (196, 70, 70)
HAIR = {"S": (70, 52, 40), "H": (176, 110, 50), "D": (214, 170, 90), "C": (40, 34, 32)}
KING_HAIR = {"S": (150, 150, 150), "H": (120, 80, 50), "D": (200, 200, 196), "C": (90, 66, 50)}


@dataclass(frozen=True)
class CourtColors:
    """The three colours of a figure: robe in the suit colour, an accent, and the pip colour."""

    robe: Color
    accent: Color
    pip: Color


class Pen:
    """Draws design-space shapes onto a supersampled surface with a consistent ink contour."""

    def __init__(self, surf: pygame.Surface, scale: float) -> None:
        self.surf = surf
        self.k = scale
        self.ink_w = max(1, round(scale))

    def pts(self, points: Sequence[Point]) -> list[Point]:
        """Scale design coordinates to pixels."""
        return [(x * self.k, y * self.k) for x, y in points]

    def shape(self, fill: Color, points: Sequence[Point], outline: bool = True) -> None:
        """Fill a polygon and, by default, ink its contour."""
        scaled = self.pts(points)
        pygame.draw.polygon(self.surf, fill, scaled)
        if outline:
            pygame.draw.polygon(self.surf, INK, scaled, self.ink_w)

    def oval(self, fill: Color, cx: float, cy: float, rx: float, ry: float, outline: bool = True) -> None:
        """An inked ellipse (via polygon so it matches the stroke weight of other shapes)."""
        self.shape(fill, ellipse_points(cx, cy, rx, ry, 48), outline)

    def line(self, color: Color, points: Sequence[Point], width: float = 1.0) -> None:
        """An open polyline of design-space width."""
        pygame.draw.lines(self.surf, color, False, self.pts(points), max(1, round(width * self.k)))


def _robe(pen: Pen, c: CourtColors) -> None:
    """Sloping shoulders and straight sides (so the mirrored halves join into one body), arm folds,
    and a central accent placket studded with gold lozenges."""
    bottom = DESIGN_H + 2
    left = quad_bezier((86, 132), (44, 134), (26, 160))
    right = quad_bezier((174, 160), (156, 134), (114, 132))
    pen.shape(c.robe, [*left, (24, bottom), (176, bottom), *right])
    fold = shade(c.robe, 1.6) if sum(c.robe[:3]) < 200 else shade(c.robe, 0.7)
    for side in (-1, 1):
        pen.line(
            fold, quad_bezier((100 + side * 52, 158), (100 + side * 44, 190), (100 + side * 50, bottom)), 1.0
        )
        pen.line(
            fold, quad_bezier((100 + side * 66, 176), (100 + side * 60, 200), (100 + side * 66, bottom)), 0.8
        )
    pen.shape(c.accent, [(86, 150), (114, 150), (122, bottom), (78, bottom)])
    pen.line(GOLD, [(86, 150), (78, bottom)], 1.2)
    pen.line(GOLD, [(114, 150), (122, bottom)], 1.2)
    for y in (168, 190, 212):
        pen.shape(GOLD, [(100, y - 8), (106, y), (100, y + 8), (94, y)])


def _hand(pen: Pen, x: float, y: float, c: CourtColors) -> None:
    """A hand emerging from a gold-trimmed sleeve cuff, gripping the figure's attribute."""
    pen.shape(c.accent, [(x - 14, y + 8), (x + 10, y + 8), (x + 12, y + 20), (x - 16, y + 20)])
    pen.shape(GOLD, [(x - 14, y + 6), (x + 10, y + 6), (x + 10, y + 10), (x - 14, y + 10)])
    pen.oval(SKIN, x, y, 9, 7)


def _neck_and_head(pen: Pen) -> None:
    """The neck and face oval shared by all figures."""
    pen.shape(SKIN, [(90, 108), (110, 108), (112, 138), (88, 138)])
    pen.oval(SKIN, 100, 84, 26, 32)


def _features(pen: Pen, lashes: bool) -> None:
    """Eyes, brows, nose and mouth; lashes distinguish the Queen's face from the men's."""
    for side in (-1, 1):
        ex = 100 + side * 10
        pen.oval(WHITE, ex, 82, 5, 3, outline=False)
        pen.oval((60, 80, 120), ex + side * 0.5, 82, 2.4, 2.6, outline=False)
        pen.line(INK, [(ex - 6, 75 - (1 if lashes else 0)), (ex, 73), (ex + 6, 75)], 0.9)
        if lashes:
            pen.line(INK, [(ex - 5, 80), (ex + 5, 80)], 0.8)
    pen.line(INK, [(100, 84), (97, 96), (102, 97)], 0.9)
    pen.shape(LIP, [(93, 104), (100, 102), (107, 104), (100, 108)], outline=False)
    for side in (-1, 1):
        pen.oval(shade(LIP, 1.55), 100 + side * 15, 95, 5, 3, outline=False)


def _crown(pen: Pen, base_y: float, half_w: float, points: int, height: float, c: CourtColors) -> None:
    """A gold crown: a jewelled band and pointed tines tipped with pearls."""
    x0, x1 = 100 - half_w, 100 + half_w
    outline: list[Point] = [(x0, base_y)]
    for i in range(points):
        left = x0 + (x1 - x0) * i / points
        right = x0 + (x1 - x0) * (i + 1) / points
        outline += [(left, base_y - height * 0.35), ((left + right) / 2, base_y - height)]
    outline += [(x1, base_y - height * 0.35), (x1, base_y)]
    pen.shape(GOLD, outline)
    for i in range(points):
        tip_x = x0 + (x1 - x0) * (i + 0.5) / points
        pen.oval(WHITE, tip_x, base_y - height, 2.6, 2.6)
    pen.shape(GOLD_DARK, [(x0 - 2, base_y), (x1 + 2, base_y), (x1 + 2, base_y + 8), (x0 - 2, base_y + 8)])
    for i, jewel in enumerate((c.accent, (190, 30, 40), c.accent)):
        pen.oval(jewel, 100 + (i - 1) * half_w * 0.55, base_y + 4, 3, 3)


def _king(pen: Pen, suit: str, c: CourtColors) -> None:
    """A bearded King with an ermine collar, a tall crown and a sceptre."""
    hair = KING_HAIR[suit]
    _robe(pen, c)
    ermine = [*quad_bezier((60, 128), (100, 150), (140, 128)), (150, 146), (100, 168), (50, 146)]
    pen.shape(WHITE, ermine)
    for x, y in ((68, 142), (86, 152), (114, 152), (132, 142), (100, 158)):
        pen.shape(INK, [(x, y - 4), (x + 2, y + 3), (x - 2, y + 3)], outline=False)
    _neck_and_head(pen)
    pen.shape(hair, [(72, 70), (74, 108), (80, 100), (80, 76)])
    pen.shape(hair, [(128, 70), (126, 108), (120, 100), (120, 76)])
    _features(pen, lashes=False)
    beard = [(76, 92), *quad_bezier((80, 112), (100, 150), (120, 112)), (124, 92), (116, 106), (84, 106)]
    pen.shape(hair, beard)
    pen.shape(shade(hair, 0.8), [(88, 101), (100, 98), (112, 101), (100, 104)], outline=False)
    pen.shape(LIP, [(95, 108), (105, 108), (100, 111)], outline=False)
    _crown(pen, 56, 30, 5, 32, c)
    _sceptre(pen)
    _hand(pen, 157, 182, c)


def _sceptre(pen: Pen) -> None:
    """A gold rod topped with a fleur, held in the King's right hand."""
    pen.shape(GOLD, [(150, 226), (155, 226), (163, 92), (158, 92)])
    fleur = [(160, 70), (166, 82), (176, 80), (168, 92), (152, 92), (144, 80), (154, 82)]
    pen.shape(GOLD, fleur)
    pen.oval((190, 30, 40), 160, 94, 4, 4)


def _queen(pen: Pen, suit: str, c: CourtColors) -> None:
    """A Queen with long hair, a pearl necklace, a small diadem and a rose."""
    hair = HAIR[suit]
    pen.shape(
        hair, [*quad_bezier((70, 70), (56, 120), (66, 150)), *quad_bezier((134, 150), (144, 120), (130, 70))]
    )
    _robe(pen, c)
    neckline = [(72, 134), *quad_bezier((84, 136), (100, 166), (116, 136)), (128, 134), (100, 180)]
    pen.shape(GOLD, neckline)
    _neck_and_head(pen)
    pen.shape(
        hair,
        [
            *quad_bezier((72, 92), (64, 52), (100, 50)),
            *quad_bezier((100, 50), (136, 52), (128, 92)),
            (122, 72),
            (100, 64),
            (78, 72),
        ],
    )
    _features(pen, lashes=True)
    for i in range(9):
        t = i / 8
        x = 86 + 28 * t
        y = 128 + 10 * (1 - (2 * t - 1) ** 2)
        pen.oval(WHITE, x, y, 2.6, 2.6)
    for side in (-1, 1):
        pen.oval(GOLD, 100 + side * 27, 96, 2.5, 3.5)
    _crown(pen, 54, 22, 3, 18, c)
    _rose(pen)
    _hand(pen, 155, 196, c)


def _rose(pen: Pen) -> None:
    """A long-stemmed rose held in the Queen's hand, on the side away from the suit pip."""
    pen.line((40, 120, 50), [(154, 200), (158, 160), (162, 120)], 1.6)
    pen.shape((60, 140, 60), [(160, 146), (174, 138), (164, 152)])
    pen.oval((200, 40, 70), 162, 114, 10, 9)
    pen.oval((230, 90, 110), 162, 112, 5, 4, outline=False)


def _jack(pen: Pen, suit: str, c: CourtColors) -> None:
    """A young Jack in a plumed cap, holding a halberd."""
    hair = HAIR[suit]
    _robe(pen, c)
    pen.shape(GOLD, [(74, 132), (126, 132), (120, 146), (80, 146)])
    _neck_and_head(pen)
    pen.shape(hair, [(74, 64), (72, 104), (82, 112), (80, 80), (120, 80), (118, 112), (128, 104), (126, 64)])
    _features(pen, lashes=False)
    feather = [*quad_bezier((116, 56), (150, 14), (176, 28)), *quad_bezier((176, 28), (148, 34), (122, 62))]
    pen.shape(WHITE, feather)
    pen.line(shade(c.accent, 0.9), quad_bezier((120, 58), (148, 26), (172, 29), 12), 0.8)
    cap = [*quad_bezier((66, 66), (78, 30), (104, 34)), *quad_bezier((104, 34), (136, 34), (134, 66))]
    pen.shape(c.accent, cap)
    pen.shape(c.robe, [(66, 60), (134, 60), (136, 70), (64, 70)])
    pen.oval(GOLD, 124, 58, 4, 4)
    _halberd(pen)
    _hand(pen, 159, 186, c)


def _halberd(pen: Pen) -> None:
    """A polearm with a steel axe head, the Jack's traditional attribute."""
    pen.shape((120, 84, 50), [(156, 226), (161, 226), (165, 70), (160, 70)])
    steel = (200, 206, 214)
    pen.shape(steel, [(162, 52), (168, 74), (160, 74)])
    pen.shape(steel, [(165, 80), *quad_bezier((186, 72), (192, 96), (184, 112)), (164, 98)])


FIGURES = {"K": _king, "Q": _queen, "J": _jack}


def draw_half_court(surf: pygame.Surface, rank: str, suit: str, colors: CourtColors, scale: float) -> None:
    """Draw one half of a court panel (figure plus a small suit pip) onto surf at the given scale."""
    pen = Pen(surf, scale)
    FIGURES[rank](pen, suit, colors)
    draw_suit(surf, suit, 24 * scale, 28 * scale, 30 * scale, colors.pip)
