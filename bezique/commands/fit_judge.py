"""Whether a frame's words fit: the fit audit's judgement of one frame's record (``bezique.ui.kit.drawn``) and of a
screen's actions.

A text fails when it is cut (ended with "…" by the fitting helper) and the screen offers no way to read it whole,
when it leaves the box it was given or the window, when it is drawn below the readable minimum, when its letters
run over another text of the same layer, or when a card drawn after it covers it. An action fails when its button
cannot be clicked (off the window, or under another) or the keys cannot bring the focus to it.

The boxes recorded are the font's line boxes, taller than the letters (ascent and descent); two lines set one under
the other touch there, so overlaps are judged on the letters' band (``INK``) and only by more than a pixel or two.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum

from bezique.geometry import Box
from bezique.ui.kit.drawn import DrawnText, FrameRecord
from bezique.ui.kit.typeset import READABLE_PX

INK = (0.22, 0.12)  # the share of a line box above and below its letters (Source Sans: the accents' and tails' room)
SLACK = 2.0  # pixels a box may be crossed by before it counts (antialiasing, rounding)


class Fault(Enum):
    CUT = "cut short"
    OUTSIDE = "outside its box"
    OFF_WINDOW = "off the window"
    SMALL = "below the readable minimum"
    OVER_TEXT = "over another text"
    UNDER_CARD = "under a card"
    UNREACHABLE = "cannot be reached"


@dataclass(frozen=True)
class Finding:
    """One fault: what (`fault`), which text or action, what it met (`other`: the other text, a card, a key)."""

    fault: Fault
    text: str
    other: str = ""
    where: Box | None = None

    def __str__(self) -> str:
        where = f" at {tuple(round(v) for v in self.where)}" if self.where is not None else ""
        other = f" ({self.other})" if self.other else ""
        return f"{self.fault.value}: {self.text!r}{other}{where}"


def ink(box: Box) -> Box:
    """The band of a line box its letters stand in."""
    top, bottom = INK
    return Box(box.x + 1, box.y + box.h * top, max(0.0, box.w - 2), box.h * (1 - top - bottom))


def inside(inner: Box, outer: Box, slack: float = SLACK) -> bool:
    return (inner.x >= outer.x - slack and inner.y >= outer.y - slack and inner.right <= outer.right + slack
            and inner.bottom <= outer.bottom + slack)


def overlap(a: Box, b: Box) -> float:
    """How far two boxes cross, the lesser of the two spans (0: they do not)."""
    return max(0.0, min(min(a.right, b.right) - max(a.x, b.x), min(a.bottom, b.bottom) - max(a.y, b.y)))


def judge(frame: FrameRecord, size: tuple[int, int]) -> list[Finding]:
    """Every fault of one frame's words in a window of `size`."""
    window = Box(0, 0, *size)
    out: list[Finding] = []
    texts = _distinct(frame.texts)
    for text in texts:
        if text.cut and not text.readable_whole:
            out.append(Finding(Fault.CUT, text.whole, text.drawn, text.box))
        if not inside(ink(text.box), window):
            out.append(Finding(Fault.OFF_WINDOW, text.whole, where=text.box))
        elif any(box is not None and not inside(ink(text.box), box) for box in (text.within, text.panel)):
            out.append(Finding(Fault.OUTSIDE, text.whole, where=text.box))
        if text.px < READABLE_PX:
            out.append(Finding(Fault.SMALL, text.whole, f"{text.px} px", text.box))
    out += [Finding(Fault.CUT, whole, "its lines", box) for whole, box in frame.cuts]
    for a, b in itertools.combinations(texts, 2):
        if a.layer == b.layer and overlap(ink(a.box), ink(b.box)) > SLACK:
            out.append(Finding(Fault.OVER_TEXT, a.whole, b.whole, a.box))
    for text in texts:
        letters = ink(text.box)
        card = next((c for c in frame.cards if c.layer == text.layer and c.order > text.order
                     and overlap(letters, c.box) > SLACK), None)
        if card is not None:
            out.append(Finding(Fault.UNDER_CARD, text.whole, "a card drawn over it", text.box))
    return out


def _distinct(texts: list[DrawnText]) -> list[DrawnText]:
    """The texts drawn, each once (a layer drawn afresh and a popup's text drawn again do not collide with
    themselves), blank ones left out."""
    seen: set[tuple[str, Box, int]] = set()
    out = []
    for text in texts:
        key = (text.drawn, text.box, text.layer)
        if text.drawn.strip() and key not in seen:
            seen.add(key)
            out.append(text)
    return out


def unclickable(boxes: dict[str, Box], size: tuple[int, int]) -> list[Finding]:
    """The actions (by name) whose buttons cannot be clicked: off the window, or overlapping another's."""
    window = Box(0, 0, *size)
    out = [Finding(Fault.UNREACHABLE, action, "by the mouse: off the window", box)
           for action, box in boxes.items() if not inside(box, window, 1.0)]
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        if overlap(box_a, box_b) > 1.0:
            out.append(Finding(Fault.UNREACHABLE, a, f"by the mouse: under {b}", box_a))
    return out
