"""Scores rising from where they were made ("+40  Royal marriage"), kept apart when several come at once.

The end of a deal scores the last trick and the brisques together, a meld can come with the seven of trumps, and at
the instant animation speed a whole trick's scores arrive in one frame: drawn from one spot they lay on top of each
other and none could be read. A new score therefore takes the first free line at its spot (``free_slot``): each
line is a row further from the spot (downwards in the top half of the window, upwards in the bottom half, so the
stack stays on screen), and starts a moment later than the one before it, so they also rise one after the other.
Pure data and geometry: the table adds, ages and draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LINE = 46  # pixels between stacked scores, at scale 1 (the text is 34 px, popping up to a quarter larger)
STAGGER = 0.18  # seconds between the starts of stacked scores


@dataclass
class Floater:
    """A score rising from (`x`, `y`); `slot` is its line in a stack at its spot `anchor`. It shows once `age` has
    reached 0 (a stacked score starts with a negative age: it waits for its turn)."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    age: float = 0.0
    life: float = 1.8
    slot: int = 0
    anchor: tuple[float, float] | None = None

    @property
    def shown(self) -> bool:
        return self.age >= 0.0


def free_slot(live: Sequence[Floater], anchor: tuple[float, float]) -> int:
    """The first line at `anchor` that no live score uses."""
    used = {f.slot for f in live if f.anchor == anchor}
    slot = 0
    while slot in used:
        slot += 1
    return slot


def new_floater(live: Sequence[Floater], text: str, x: float, y: float, colour: tuple[int, int, int],
                life: float, height: float, s: float) -> Floater:
    """A score for spot (`x`, `y`), on the first free line there, in a window `height` pixels tall."""
    slot = free_slot(live, (x, y))
    direction = 1.0 if y < height / 2 else -1.0
    return Floater(text, x, y + direction * slot * LINE * s, colour, age=-slot * STAGGER, life=life,
                   slot=slot, anchor=(x, y))
