"""The captions under the melds on the table: each group's meld names and points, in the player's language.

``bezique.presenter.meld_groups`` decides which cards make a group and which melds its caption names; this module
words the caption so it fits the room ``Layout.meld_rows`` gives it (spreading into what its neighbours leave free):
"Sequence 250 · Royal marriage 40", else the first name with the others' points together ("Sequence 250 +40"),
else the points alone ("250 +40"). A card that also scored
in a meld named under another group carries a small round mark of that meld's colour, and that caption starts
with the same mark (all marks one size, on the card's visible edge, so nothing stacks over the card).
The wording and placing (``caption_forms``, ``fit_caption``, ``place_captions``) is pure, tested without a display.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.i18n import t
from bezique.presenter import model as tm
from bezique.presenter.layout import CAPTION, CARD_ASPECT
from bezique.presenter.meld_groups import Record, marked_records, shared_marks
from bezique.presenter.words import score_name
from bezique.ui.kit.assets import CREAM, Assets
from bezique.ui.kit.layers import memo, rounded
from bezique.ui.kit.widgets import blit_text

if TYPE_CHECKING:
    from bezique.ui.table.protocol import SeatView

MARK_COLOURS = ((90, 170, 240), (240, 130, 80), (150, 210, 100), (205, 130, 225), (110, 220, 210), (240, 215, 95))


def caption_forms(records: Sequence[Record], lang: str, on_table: Collection[int] | None = None) -> list[str]:
    """The caption of a group naming `records` (its own meld first), from the fullest to the shortest. A meld
    some of whose cards have since been played (`on_table`: the seat's table cards) still names what its cards
    scored in (RULES.md §1.12: a card's meld history is public) but says how many of them are left: "Four queens
    60 (1 of 4 left)", so a lone queen is not read as four queens on the table."""
    if not records:
        return []
    counts: dict[tuple[str, int], int] = {}
    cards: dict[tuple[str, int], set[int]] = {}
    for r in records:  # the same meld made again (Rubicon's four queens, four times) reads once, "×4"
        counts[(r[1], r[3])] = counts.get((r[1], r[3]), 0) + 1
        cards.setdefault((r[1], r[3]), set()).update(r[2])
    size = {(r[1], r[3]): len(r[2]) for r in records}

    def named(kind: str, points: int) -> str:
        """The meld's name and points, and how many of its cards are left when fewer than it takes lie there."""
        left = len(cards[(kind, points)].intersection(on_table)) if on_table is not None else size[(kind, points)]
        gone = f" ({t('meld.left_on_table', lang, left=left, count=size[(kind, points)])})" \
            if left < size[(kind, points)] else ""
        return f"{score_name(kind, lang)} {points}{gone}"

    parts = [(named(kind, points), f"{points}", f" ×{n}" if n > 1 else "") for (kind, points), n in counts.items()]
    full = " · ".join(named + times for named, _points, times in parts)
    rest = sum(points * n for (_kind, points), n in list(counts.items())[1:])
    extra = f" +{rest}" if rest else ""  # the other melds' points together: "+40 ×2 +20" read as a puzzle
    first = parts[0]
    return list(dict.fromkeys([full, f"{first[0]}{first[2]}{extra}", f"{first[1]}{first[2]}{extra}"]))


def fit_caption(forms: Sequence[str], room: float, measure: Callable[[str], float]) -> str:
    """The fullest form that fits `room` pixels; the shortest when none does (points are never dropped)."""
    for text in forms:
        if measure(text) <= room:
            return text
    return forms[-1] if forms else ""


def place_captions(spans: Sequence[Box], forms: Sequence[Sequence[str]], extra: Sequence[float],
                   measure: Callable[[str], float], left: float, right: float) -> list[tuple[str, Box]]:
    """Each group's caption text and pill box, centred under its group (`spans`, from ``Layout.meld_rows``).

    A caption first gets its own span; one that had to shorten may then spread into the room its neighbours'
    captions leave free (a lone king's "Marriage 20" beside a long row of queens whose caption is short), centred
    under its group when it can be, shifted aside when not, never past them nor past the zone (`left`, `right`).
    `extra`: what each pill adds to its text (padding, a mark).
    """
    texts = [fit_caption(f, span.w - x, measure) for f, span, x in zip(forms, spans, extra, strict=True)]
    widths = [min(measure(t) + x, span.w) if t else 0.0 for t, span, x in zip(texts, spans, extra, strict=True)]
    xs = [span.cx - w / 2 for span, w in zip(spans, widths, strict=True)]
    for i, span in enumerate(spans):
        if not forms[i] or texts[i] == forms[i][0]:
            continue
        gap = (spans[i].x - spans[i - 1].right) / 2 if i > 0 else 0.0  # half the gap between groups, kept clear
        before = xs[i - 1] + widths[i - 1] + gap if i > 0 else left
        after = spans[i + 1].cx - widths[i + 1] / 2 - gap if i + 1 < len(spans) else right
        room = max(after - before, span.w)
        texts[i] = fit_caption(forms[i], room - extra[i], measure)
        widths[i] = min(measure(texts[i]) + extra[i], room)
        xs[i] = min(max(span.cx - widths[i] / 2, before), after - widths[i])  # centred if it may, else shifted
    return [(t, Box(x, span.y, w, span.h)) for t, x, w, span in zip(texts, xs, widths, spans, strict=True)]


def mark_colour(record: int) -> tuple[int, int, int]:
    return MARK_COLOURS[record % len(MARK_COLOURS)]


class _Chip(NamedTuple):
    """One group's caption as placed: its cards, its text in its pill `box`, its mark, and the marks on its cards
    (centre x, centre y, colour)."""

    cards: tuple[int, ...]
    text: str
    box: Box
    dot: tuple[int, int, int] | None
    marks: tuple[tuple[float, float, tuple[int, int, int]], ...]


_placed: dict[Hashable, list[_Chip]] = memo()  # a seat's chips by all they are worked out from (``_chips``)
PLACED_KEPT = 64


def _chips(view: SeatView, seat: int) -> list[_Chip]:
    """`seat`'s captions and marks, placed once for its table cards, the melds made, the layout, the language and
    the type (measuring every caption's forms again each frame was most of the chips' frame time)."""
    A, L, s = view.app.assets, view.layout, view.layout.s
    m = view.model
    key = (seat, m.rel(seat), tuple(m.tables[seat]), tuple(m.records), L, view.app.lang, A, A.text_scale)
    chips = _placed.get(key)
    if chips is not None:
        return chips
    size = CAPTION * s
    r = max(3, round(4 * s))

    def measure(text: str) -> float:
        return float(A.font(size, True).size(text)[0])

    chips = []
    groups = tm.meld_groups(m, seat)
    if groups:
        zone = L.melds_of(m.rel(seat))
        rows = L.meld_rows(zone, [len(g.cards) for g in groups])
        marks = shared_marks(m.records, groups)
        marked = marked_records(marks)
        dots = [mark_colour(g.records[0]) if marked.intersection(g.records) else None for g in groups]
        table = set(m.tables[seat])
        forms = [caption_forms([m.records[i] for i in g.records], view.app.lang, table) for g in groups]
        extra = [10 * s + (2 * r + 4 * s if dot else 0) for dot in dots]
        captions = place_captions([cap for _slots, cap in rows], forms, extra, measure, zone.x, zone.right)
        for group, (slots, _span), (text, box), dot in zip(groups, rows, captions, dots, strict=True):
            on_cards = []
            for j, (card, slot) in enumerate(zip(group.cards, slots, strict=True)):
                # the marks stay on the card's visible strip (as many as it has room for)
                strip = slots[j + 1].cx - slot.cx if j + 1 < len(slots) else slot.height * CARD_ASPECT
                fit = max(1, int((strip - 4 * s) // (2 * r + 3 * s)))
                for n, record in enumerate(marks.get(card, ())[:fit]):
                    x = slot.cx - slot.height * CARD_ASPECT / 2 + 4 * s + r + n * (2 * r + 3 * s)
                    on_cards.append((x, slot.cy + slot.height / 2 - 6 * s - r, mark_colour(record)))
            chips.append(_Chip(tuple(group.cards), text, box, dot, tuple(on_cards)))
    if len(_placed) >= PLACED_KEPT:
        _placed.clear()
    _placed[key] = chips
    return chips


def draw_meld_chips(view: SeatView, surface: pygame.Surface) -> None:
    """Under each seat's resting meld groups, their caption; on cards shared with another group, its marks."""
    A, s = view.app.assets, view.layout.s
    size = CAPTION * s
    r = max(3, round(4 * s))
    for seat in (view.viewer, *view.model.others):
        for chip in _chips(view, seat):
            if not chip.text or any(_moving(view, c) for c in chip.cards):
                continue
            _caption(surface, A, chip.box, chip.text, size, chip.dot, r, s)
            for x, y, colour in chip.marks:
                _mark(surface, (x, y), r, colour)


def _moving(view: SeatView, card: int) -> bool:
    sprite = view.sprites.get(card)
    return sprite is None or sprite.tween is not None


def _caption(surface: pygame.Surface, assets: Assets, box: Box, text: str, size: float,
             dot: tuple[int, int, int] | None, r: int, s: float) -> None:
    """The caption in its pill `box` (``place_captions``), dark so it reads over the felt; fitted to the pill at
    worst (the shortest form in the narrowest zone), which the fit audit reports as cut."""
    line = assets.font(size, True).get_linesize()
    pill = pygame.Rect(round(box.x), round(box.y), round(box.w), round(min(box.h, line + 3 * s)))
    surface.blit(rounded(pill.size, (0, 0, 0, 120), pill.h // 2), pill)
    x = box.x + 5 * s  # the room ``place_captions`` measured, unrounded: the words fit it to the pixel
    if dot:
        _mark(surface, (x + r, pill.centery), r, dot)
        x += 2 * r + 4 * s
    blit_text(surface, assets, text, size, (x, pill.centery), CREAM, "midleft", bold=True,
              max_width=box.right - 5 * s - x + 0.5)


def _mark(surface: pygame.Surface, centre: tuple[float, float], r: int, colour: tuple[int, int, int]) -> None:
    """A meld's mark: a filled disc with a dark rim, readable on a card's face and on the felt."""
    c = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, (30, 24, 18), c, r + 1)
    pygame.draw.circle(surface, colour, c, r)

