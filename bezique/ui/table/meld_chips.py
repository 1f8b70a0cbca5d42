"""The badges on the table's melded cards, naming every meld each card has scored in (RULES.md §1.12: public).

A card may belong to several melds (a queen in a royal marriage and in four queens). Its badges are stacked one
above the other, each a whole word, within the part of the card left visible by its neighbour: run together on one
line they were cut short and read as one ("4Q R"). The stacking is pure geometry (``stack_chips``), unit-tested
without a display; ``draw_meld_chips`` places the stacks under the table's cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.presenter import model as tm
from bezique.presenter.layout import CARD_ASPECT, Box
from bezique.ui.kit.assets import INK
from bezique.ui.kit.texts import short_meld

if TYPE_CHECKING:
    from bezique.ui.table.protocol import SeatView

CHIP_FILL = (236, 206, 130)
CHIP_EDGE = (150, 120, 60)
SIZES = (19, 15, 12)  # font sizes at scale 1, tried in turn until a badge fits its card's visible strip


class Chip(NamedTuple):
    """One badge: where it goes, its text and font size (pixels); `cut` when even the smallest type overflows
    (a row squeezed very tight) and the text is clipped to the box."""

    box: Box
    text: str
    size: int
    cut: bool = False


def stack_chips(x: float, card_bottom: float, room: float, labels: Sequence[str],
                measure: Callable[[str, int], tuple[int, int]], s: float) -> list[Chip]:
    """Badges for one card, one per label: the last hangs just under the card, the others stacked above it over
    the card's lower edge, so they never lie on top of each other.

    Args:
        x: the card's left edge; card_bottom: its bottom edge.
        room: the width left visible by the next card in the row (the whole card width for the last one).
        labels: the melds' short names, oldest first (read top to bottom).
        measure: (text, font size) -> (width, height) of the rendered text.
        s: the layout scale.

    Returns:
        The chips top to bottom; none when the strip is too narrow for any text.
    """
    pad, gap = 4 * s, 2 * s
    if room < 10 * s or not labels:
        return []
    for size in (max(8, int(f * s)) for f in SIZES):  # one type size for the card's whole stack
        sizes = [measure(text, size) for text in labels]
        if all(w + 2 * pad <= room for w, _h in sizes):
            break
    chip_h = max(h for _w, h in sizes) + 2 * s
    y = card_bottom + 3 * s - (len(labels) - 1) * (chip_h + gap)
    chips = []
    for text, (w, _h) in zip(labels, sizes, strict=True):
        cut = w + 2 * pad > room
        chips.append(Chip(Box(x, y, min(w + 2 * pad, room), chip_h), text, size, cut))
        y += chip_h + gap
    return chips


def draw_meld_chips(view: SeatView, surface: pygame.Surface) -> None:
    """Under (and up over) each resting table card, its melds' badges."""
    A, s = view.app.assets, view.layout.s
    m = view.model

    def measure(text: str, size: int) -> tuple[int, int]:
        return A.text(text, size, INK, True).get_size()

    for seat in (view.viewer, *m.others):
        placed = []
        for card in m.tables[seat]:
            sprite = view.sprites.get(card)
            if sprite is None or sprite.tween is not None:
                continue
            kinds = tm.meld_history(m, card)
            if kinds:
                placed.append((sprite.cx - sprite.height * CARD_ASPECT / 2, sprite.cy, sprite.height, kinds))
        placed.sort(key=lambda p: (round(p[1]), p[0]))
        for i, (x, cy, height, kinds) in enumerate(placed):
            # overlapping cards: a badge stays within the strip its card shows, clear of the next card's badges
            room = height * CARD_ASPECT
            if i + 1 < len(placed) and abs(placed[i + 1][1] - cy) < 1:
                room = min(room, placed[i + 1][0] - x - 2 * s)
            labels = [short_meld(k, view.app.lang) for k in kinds]
            for chip in stack_chips(x, cy + height / 2, room, labels, measure, s):
                _draw_chip(surface, A, chip, s)


def _draw_chip(surface: pygame.Surface, assets, chip: Chip, s: float) -> None:
    rect = pygame.Rect(chip.box.ints())
    pygame.draw.rect(surface, CHIP_FILL, rect, border_radius=5)
    pygame.draw.rect(surface, CHIP_EDGE, rect, width=1, border_radius=5)
    text = assets.text(chip.text, chip.size, INK, True)
    if chip.cut:
        text = text.subsurface((0, 0, max(1, min(text.get_width(), rect.w - round(8 * s))), text.get_height()))
    surface.blit(text, text.get_rect(midleft=(rect.x + round(4 * s), rect.centery)))
