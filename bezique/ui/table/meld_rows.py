"""The declaration panel's meld rows: which melds get a row, and the small cards that tell rows apart.

With several packs the rules list one declaration per way of choosing the cards (RECORD.md's equivalence classes):
four-handed, six aces in reach make "Four aces" four to six times. Each row therefore shows the cards it would use,
as small card indices (rank over suit, on a card-coloured chip); a card already lying on a table (yours or your
partner's) has a darker chip, a card from your hand a light one, so rows differing only in that still look different.
Rows that would look the same (the same meld from the same faces, taken from the same places: they differ only in
which copy, or in the history of a card already on the table) are one choice for the player and get one row, the
first of them as the rules list it. The legal action list itself is untouched (game records depend on it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from bezique.geometry import Box
from bezique.rules import Action, Verb, rank_of, suit_of
from bezique.ui.kit.assets import CREAM, INK, Assets

HAND, TABLE, PARTNER = "hand", "table", "partner"
CHIP_W, CHIP_GAP = 19, 3  # at scale 1; a chip is as tall as the row allows
CHIP_FILL = {HAND: (250, 246, 234), TABLE: (168, 176, 160), PARTNER: (168, 176, 160)}
RANK_TEXT = ("A", "10", "K", "Q", "J", "9", "8", "7")


class ChipSpec(NamedTuple):
    """One small card of a row: where it goes, which card, and where the card comes from."""

    box: Box
    card: int
    where: str


def where_from(hand: Sequence[int], table: Sequence[int]) -> Callable[[int], str]:
    """`where(card)` for the declarer: "hand", "table" (their own) or "partner" (a partner's table)."""
    hand_set, table_set = set(hand), set(table)
    return lambda card: HAND if card in hand_set else TABLE if card in table_set else PARTNER


def panel_melds(legal: Sequence[Action], where: Callable[[int], str]) -> list[Action]:
    """The melds of `legal` that get a row: the first of each group that would look the same to the player (the
    same kind, the same faces from the same places), in the rules' order."""
    seen: set[tuple[str | None, tuple[tuple[int, str], ...]]] = set()
    rows = []
    for action in legal:
        if action.verb != Verb.MELD:
            continue
        key = (action.kind, tuple(sorted((card & 31, where(card)) for card in action.cards)))
        if key not in seen:
            seen.add(key)
            rows.append(action)
    return rows


def chip_layout(cards: Sequence[int], where: Callable[[int], str], right: float, row: Box, s: float) -> list[ChipSpec]:
    """The row's small cards, right-aligned at `right`: cards from the hand first, then those on a table, each
    group in the meld's order."""
    ordered = sorted(cards, key=lambda c: where(c) != HAND)
    w, gap, h = CHIP_W * s, CHIP_GAP * s, row.h - 6 * s
    x0 = right - len(ordered) * w - (len(ordered) - 1) * gap
    return [ChipSpec(Box(x0 + i * (w + gap), row.cy - h / 2, w, h), card, where(card))
            for i, card in enumerate(ordered)]


def chips_width(n: int, s: float) -> float:
    return n * CHIP_W * s + max(n - 1, 0) * CHIP_GAP * s


def draw_chips(surface: pygame.Surface, assets: Assets, chips: Sequence[ChipSpec], s: float) -> None:
    """Each chip: the rank on top, the suit's picture under it (the font has no suit glyphs)."""
    for chip in chips:
        rect = pygame.Rect(chip.box.ints())
        pygame.draw.rect(surface, CHIP_FILL[chip.where], rect, border_radius=max(2, round(3 * s)))
        pygame.draw.rect(surface, CREAM if chip.where == HAND else INK, rect, width=1,
                         border_radius=max(2, round(3 * s)))
        text = assets.text(RANK_TEXT[rank_of(chip.card)], max(8, int(13 * s)), INK, True)
        if text.get_width() > rect.w - 2:
            text = assets.text(RANK_TEXT[rank_of(chip.card)], max(7, int(11 * s)), INK, True)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.y + round(1 * s))))
        size = max(6, min(rect.w - round(5 * s), rect.h - text.get_height() - round(2 * s)))
        icon = assets.suit(suit_of(chip.card), size)
        surface.blit(icon, icon.get_rect(midbottom=(rect.centerx, rect.bottom - round(2 * s))))
