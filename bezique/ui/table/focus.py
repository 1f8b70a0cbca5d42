"""The keyboard's focus at the table: which of the player's cards, or which row of the declaration panel, the arrow
keys are on, and its gold outline.

The focus is hidden until a key is used (a mouse player never sees it), then moves over the player's own cards
(Left/Right, Tab) while they play, or over the declaration panel's rows (Up/Down, Tab) while they declare; Enter or
Space presses what it is on through the same path as a click (``Controls``), so the rules accept or refuse it with
their own words. The mouse moves it too: a hovered card or row becomes the focus, so the two never disagree.
What the focus may be on is handed in by ``Controls`` (the cards and rows as they are now); this module keeps only
where it is and draws it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

import pygame

from bezique.geometry import Box
from bezique.presenter.layout import CARD_ASPECT
from bezique.rules import Action, Verb
from bezique.ui.kit.assets import GOLD
from bezique.ui.kit.sprites import CardSprite

T = TypeVar("T")
STEPS = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_TAB: 1}


def step_of(key: int, mod: int) -> int | None:
    """How far a key moves the focus (+1 the next, -1 the previous; Shift+Tab goes back), None for other keys."""
    step = STEPS.get(key)
    if step is not None and key == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
        return -1
    return step


class Focus:
    """Where the keyboard's focus is: a card (by its key) and a declaration row (by its button action), and
    whether it shows. Both are kept while out of use, so the focus comes back where the player left it."""

    def __init__(self) -> None:
        self.shown = False
        self.card: int | None = None
        self.row: str | None = None
        self.hinted: Action | None = None  # the last hint the focus went to (it goes once, then the keys move it)

    def follow_hint(self, hint: Action, melds: Sequence[Action]) -> None:
        """A hint just come: the focus goes to the card or the row it names, and shows there, so one Enter takes
        it (were it left hidden, the first Enter would only show it, as the first key does)."""
        if hint == self.hinted:
            return
        self.hinted = hint
        self.shown = True
        if hint.verb == Verb.PLAY:
            self.card = hint.cards[0]
            return
        rows = {Verb.EXCHANGE_SEVEN: "exchange", Verb.DECLARE_SEVEN: "declare7",
                Verb.PASS_TO_PARTNER: f"pass:{hint.seat}", Verb.DONE: "done"}
        meld = next((i for i, m in enumerate(melds) if sorted(m.cards) == sorted(hint.cards)), None)
        self.row = f"meld:{meld}" if hint.verb == Verb.MELD and meld is not None else rows.get(hint.verb, self.row)

    @staticmethod
    def resolve(current: T | None, items: Sequence[T], preferred: Sequence[T] = ()) -> T | None:
        """`current` if it is still among `items`; else the first of `preferred` (the cards that may be played),
        else the first item; None when there is nothing."""
        if current is not None and current in items:
            return current
        return next(iter(preferred), None) if preferred else next(iter(items), None)

    def move(self, current: T | None, items: Sequence[T], step: int, preferred: Sequence[T] = ()) -> T | None:
        """The item `step` places after the resolved focus (wrapping round); the first key only shows the focus
        where it is, without moving it."""
        here = self.resolve(current, items, preferred)
        if here is None or not self.shown:
            self.shown = True
            return here
        return items[(list(items).index(here) + step) % len(items)]


def draw_focus(surface: pygame.Surface, s: float, sprite: CardSprite | None, row: Box | None) -> None:
    """The gold outline round the focused card (turned as the card is in the fanned hand, lifted as it is drawn
    now) or round the focused row."""
    width = max(2, round(3 * s))
    if sprite is not None and sprite.visible:
        cx, cy = sprite.centre()
        rad = math.radians(sprite.angle)
        cos, sin = math.cos(rad), math.sin(rad)
        hw, hh = (sprite.height * CARD_ASPECT) / 2 + width / 2, sprite.height / 2 + width / 2
        # the card turns counter-clockwise by its angle (pygame.transform.rotate), on a screen whose y points down
        corners = [(cx + x * cos + y * sin, cy - x * sin + y * cos) for x, y in ((-hw, -hh), (hw, -hh), (hw, hh),
                                                                               (-hw, hh))]
        pygame.draw.lines(surface, GOLD, True, corners, width)
        for corner in corners:  # fill the joins, which thick lines leave notched
            pygame.draw.circle(surface, GOLD, corner, width / 2)
    if row is not None:
        rect = pygame.Rect(round(row.x) - width, round(row.y) - width, round(row.w) + 2 * width,
                           round(row.h) + 2 * width)
        pygame.draw.rect(surface, GOLD, rect, width=width, border_radius=round(8 * s))
