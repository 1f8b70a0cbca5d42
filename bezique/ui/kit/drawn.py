"""What a frame drew where: each text's box, the box it was given (its container) and whether it was cut, and each
card's box, kept while a frame is being recorded.

Why: "prove it fits" needs to know, for any screen at any size, language and text size, whether every word was
drawn whole, inside its box, over no other word and no card. The kit's text helper (``widgets.blit_text``) and the
card sprites record here; the fit audit (``bezique.commands.fit_audit``) and the tests read a frame's record and
judge it. Recording costs nothing unless a frame is being recorded (``recording``).

An overlay that dims what is behind it (``widgets.dim``) covers everything drawn so far: a text under the dimmed
table does not collide with the pause screen's words.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from bezique.geometry import Box


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: what it says whole, what was drawn (``drawn`` ends with "…" when cut), where, the box it
    was given (None: only the window), its pixel size, and whether the screen offers it whole elsewhere (a tooltip,
    the focus line) when it is cut."""

    whole: str
    drawn: str
    box: Box
    within: Box | None
    px: int
    layer: int
    order: int  # its place in the frame's drawing, among texts and cards
    readable_whole: bool = False
    panel: Box | None = None  # the panel it was drawn in (``inside``): its letters stay clear of its edges too

    @property
    def cut(self) -> bool:
        return self.drawn != self.whole


@dataclass(frozen=True)
class DrawnCard:
    box: Box
    layer: int
    order: int


@dataclass
class FrameRecord:
    """Everything one frame drew that the audit judges, in drawing order."""

    texts: list[DrawnText] = field(default_factory=list)
    cards: list[DrawnCard] = field(default_factory=list)
    cuts: list[tuple[str, Box]] = field(default_factory=list)  # texts of several lines cut short, and their boxes
    layer: int = 0  # bumped by each dimming overlay: what was drawn before lies under it
    drawn: int = 0  # how many texts and cards so far

    def cover(self) -> None:
        self.layer += 1

    def next(self) -> int:
        self.drawn += 1
        return self.drawn


_record: FrameRecord | None = None
PANEL_INSET = 5  # pixels inside a panel's edge its letters keep clear of (less the audit's 2 of slack): its border
_containers: list[Box] = []  # the panels being drawn, innermost last (``inside``)


@contextlib.contextmanager
def recording() -> Iterator[FrameRecord]:
    """Record what is drawn inside the block (one frame, drawn with its layers forgotten so every text is drawn)."""
    global _record
    outer, _record = _record, FrameRecord()
    try:
        yield _record
    finally:
        _record = outer


@contextlib.contextmanager
def inside(box: Box) -> Iterator[None]:
    """Every text drawn in the block belongs in `box` (a panel: a badge, the status, the won tricks) as well as in
    any box of its own, so the audit finds a line that runs over its panel's edge even where the code that
    drew it gave no width (a panel grown too small for its lines at a large text size). The letters keep
    ``PANEL_INSET`` clear of its border: a line sitting on the border reads as cut."""
    _containers.append(Box(box.x + PANEL_INSET, box.y + PANEL_INSET, box.w - 2 * PANEL_INSET, box.h - 2 * PANEL_INSET))
    try:
        yield
    finally:
        _containers.pop()


def record_text(whole: str, drawn: str, box: Box, within: Box | None, px: int, readable_whole: bool = False) -> None:
    if _record is not None:
        _record.texts.append(DrawnText(whole, drawn, box, within, px, _record.layer, _record.next(),
                                       readable_whole, _containers[-1] if _containers else None))


def record_cut(whole: str, box: Box) -> None:
    """A text drawn on several lines in `box` had to be cut short (its lines are recorded one by one)."""
    if _record is not None:
        _record.cuts.append((whole, box))


def record_card(box: Box) -> None:
    if _record is not None:
        _record.cards.append(DrawnCard(box, _record.layer, _record.next()))


def cover() -> None:
    """What was drawn so far lies under an overlay from now on."""
    if _record is not None:
        _record.cover()
