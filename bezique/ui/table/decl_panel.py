"""The declaration panel: after winning a trick, every meld you may declare with its points, the seven of trumps,
passing to the partner, and Draw.

It lies in the middle of the table, where the trick was (the trick is gathered before you declare), between the
opponents' melds and yours, so it hides none of the cards on the table (``Layout.decl_panel``). The melds are a
column of rows on the left (scrolling when there are more than fit), the other actions a column on the right with
Draw at the bottom. Every row says what it scores, and a marriage names its suit in words (the font has no suit
glyphs) beside the suit's picture. The geometry (``decl_geometry``) is pure, tested without a display.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.words import meld_label
from bezique.rules import Action, EventKind, Verb
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, panel
from bezique.ui.table.meld_rows import chip_layout, chips_width, draw_chips

if TYPE_CHECKING:
    from bezique.ui.table.protocol import DeclView, TableView

PAD, TITLE_H, ROW_H, ROW_GAP, ACTION_W, ARROW_W = 10, 40, 31, 4, 210, 22  # at scale 1
MELD_W, COL_GAP, EXTRA_GAP = 340, 12, 6  # the meld column's width, the gap between the columns, between actions
TITLE_SIZE, ROW_SIZE, POINTS_SIZE = Type.LABEL, Type.BODY, Type.BODY  # the title's, a row's words', its points' (bold)


class DeclGeometry(NamedTuple):
    """Where the panel's parts go: the meld rows shown (top to bottom, the first being meld number `first`), the
    scroll arrows (None when every meld fits), the other actions' rows (from just above Draw upwards) and Draw."""

    rows: list[Box]
    first: int
    up: Box | None
    down: Box | None
    extras: list[Box]
    done: Box


def rows_that_fit(box: Box, s: float) -> int:
    """How many meld rows a panel of `box` shows at once (the rest scroll).

    Counted in the design's units (the box's height unscaled, rounded to a hundredth): floor-dividing the scaled
    floats lost a row to rounding, so a panel sized for two rows showed one while the scroll, capped by the fit of
    the whole area, would not move (issue 43: the bezique could not be declared at 1088x640)."""
    room = round(box.h / s, 2) - (TITLE_H + PAD - ROW_GAP)
    return max(1, int(room // (ROW_H + ROW_GAP)))


def panel_box(area: Box, s: float, melds: int, extras: int, title_w: float = 0.0, action_w: float = ACTION_W) \
        -> Box:
    """The panel sized to what it holds, centred in `area` (``Layout.decl_panel``: the room between the melds, so
    it covers none): as tall as its meld rows or its column of actions, whichever is taller; with no melds just
    the title over the actions, as wide as the wider of the two (`title_w`: the title's width in pixels).
    `action_w` is the actions' column's width at scale 1 (``action_width``: as wide as its longest words)."""
    actions_h = TITLE_H + (extras + 1) * (ROW_H + EXTRA_GAP) - EXTRA_GAP + PAD
    if melds:
        rows = min(melds, rows_that_fit(area, s))
        h = max(TITLE_H + rows * (ROW_H + ROW_GAP) - ROW_GAP + PAD, actions_h) * s
        w = (PAD + MELD_W + COL_GAP + action_w + PAD) * s
    else:
        h = actions_h * s
        w = max(action_w * s, title_w + 16 * s) + 2 * PAD * s
    w, h = min(w, area.w), min(h, area.h)
    return Box(area.cx - w / 2, area.cy - h / 2, w, h)


def decl_geometry(box: Box, s: float, melds: int, extras: int, scroll: int = 0, action_w: float = ACTION_W) \
        -> DeclGeometry:
    """The panel's rows for `melds` melds and `extras` other actions, scrolled to meld `scroll` (with no melds the
    actions span the panel under its title); `action_w` as ``panel_box``'s, the meld column keeping at least half
    the panel."""
    fit = rows_that_fit(box, s)
    first = max(0, min(scroll, melds - fit))
    # no melds: the actions take the panel's width
    action_w = min(action_w * s, box.w / 2) if melds else box.w - 2 * PAD * s
    action_x = box.right - PAD * s - action_w
    meld_w = action_x - COL_GAP * s - (box.x + PAD * s)
    scrolled = melds > fit
    row_w = meld_w - (ARROW_W + 4) * s if scrolled else meld_w
    top = box.y + TITLE_H * s
    rows = [Box(box.x + PAD * s, top + i * (ROW_H + ROW_GAP) * s, row_w, ROW_H * s)
            for i in range(min(fit, melds - first))]
    up = down = None
    if scrolled:  # two arrows beside the rows, splitting their height
        span = fit * (ROW_H + ROW_GAP) * s - ROW_GAP * s
        x = box.x + PAD * s + meld_w - ARROW_W * s
        up = Box(x, top, ARROW_W * s, span / 2 - 2 * s)
        down = Box(x, top + span / 2 + 2 * s, ARROW_W * s, span / 2 - 2 * s)
    done = Box(action_x, box.bottom - (PAD + ROW_H) * s, action_w, ROW_H * s)
    extra_rows = [Box(action_x, done.y - (i + 1) * (ROW_H + EXTRA_GAP) * s, action_w, ROW_H * s)
                  for i in range(extras)]
    return DeclGeometry(rows, first, up, down, extra_rows, done)


def extra_actions(view: DeclView, legal: list[Action]) -> list[list[tuple[str, str]]]:
    """The rows above Draw, each the (label, button action) choices sharing it: the seven of trumps; passing to
    a partner, a row per teammate (``pass:<seat>``: six-handed has two, RULES.md §4.3; side by side they took half
    the panel, and the melds' words were cut)."""
    T = view.app.t
    out = []
    if any(a.verb == Verb.EXCHANGE_SEVEN for a in legal):
        out.append([(T("action.exchange_seven"), "exchange")])
    elif any(a.verb == Verb.DECLARE_SEVEN for a in legal):
        out.append([(T("action.declare_seven"), "declare7")])
    passes = [a.seat for a in legal if a.verb == Verb.PASS_TO_PARTNER and a.seat is not None]
    out += [[(T("action.pass_to_partner", name=view.session.seats[seat].name), f"pass:{seat}")] for seat in passes]
    return out


def is_extra(action: str) -> bool:
    """Whether a panel button is one of the rows above Draw (``extra_actions``)."""
    return action in ("exchange", "declare7") or action.startswith("pass:")


def panel_title(view: DeclView, melds: int) -> str:
    """"Declare" while there is something to declare (a meld, the seven of trumps, a pass to a partner);
    "Nothing to declare" only over Draw alone, never above "Exchange the seven"."""
    if melds or extra_actions(view, list(view.screen.legal)):
        return view.app.t("meld.panel_title")
    return view.app.t("meld.panel_none")


def current_box(view: DeclView, melds: int, extras: int) -> Box:
    """The panel's box now, sized to its content (``panel_box``)."""
    s = view.layout.s
    title_w = view.app.assets.font(TITLE_SIZE * s, True).size(panel_title(view, melds))[0]
    return panel_box(view.layout.decl_panel, s, melds, extras, title_w, action_width(view))


def action_width(view: DeclView) -> float:
    """The actions' column's width at scale 1: ``ACTION_W``, or wider where a row's words, its card and its points
    need it (Italian's seven was cut to "Scambia il 7 di b…"); passes to two partners share a row."""
    A, s = view.app.assets, view.layout.s
    need = float(ACTION_W)
    for choices in extra_actions(view, list(view.screen.legal)):
        widest = 0.0
        for label, action in choices:
            width = A.font(ROW_SIZE * s).size(label)[0] + 20 * s
            points = row_points(view, action)
            if points is not None:
                width += A.font(POINTS_SIZE * s, True).size(f"+{points}")[0] + 8 * s
            if action in ("exchange", "declare7"):
                width += chips_width(1, s) + 8 * s
            widest = max(widest, width)
        need = max(need, (widest * len(choices) + 6 * s * (len(choices) - 1)) / s)
    return need


def rows_shown(view: DeclView) -> int:
    """How many meld rows the panel as it is now shows at once: what scrolling and the keys' focus are capped by,
    the same count its geometry draws (``decl_geometry``)."""
    melds = len(view.decl_melds())
    extras = len(extra_actions(view, list(view.screen.legal)))
    return rows_that_fit(current_box(view, melds, extras), view.layout.s)


def decl_buttons(view: DeclView, legal: list[Action]) -> list[Button]:
    """The panel's buttons as they are now: meld rows (``meld:i``), scroll arrows, the other actions, Draw."""
    s = view.layout.s
    melds = view.decl_melds()
    extras = extra_actions(view, legal)
    box = current_box(view, len(melds), len(extras))
    geo = decl_geometry(box, s, len(melds), len(extras), view.decl_scroll, action_width(view))
    trump = view.screen.trump
    lang = view.app.lang
    out = [Button(row, meld_label(melds[geo.first + i].kind or "", melds[geo.first + i].cards, trump, lang),
                  f"meld:{geo.first + i}") for i, row in enumerate(geo.rows)]
    if geo.up is not None and geo.down is not None:
        out.append(Button(geo.up, "", "decl_up", enabled=geo.first > 0))
        out.append(Button(geo.down, "", "decl_down", enabled=geo.first + len(geo.rows) < len(melds)))
    for row, choices in zip(geo.extras, extras, strict=True):
        gap = 6 * s
        w = (row.w - gap * (len(choices) - 1)) / len(choices)
        out += [Button(Box(row.x + j * (w + gap), row.y, w, row.h), label, act)
                for j, (label, act) in enumerate(choices)]
    T = view.app.t
    label = T("action.draw") if view.screen.stock_count else T("action.continue")
    out.append(Button(geo.done, label, "done", primary=True))
    return out


def row_points(view: DeclView, action: str) -> int | None:
    """What a row scores, for its "+N": a meld's value, or the seven of trumps' (exchanged or declared)."""
    if action.startswith("meld:"):
        melds = view.decl_melds()
        i = int(action[5:])
        return meld_points(view, melds[i]) if i < len(melds) else None
    if action in ("exchange", "declare7"):
        return view.session.rules.seven_of_trumps_value
    return None


def meld_points(view: DeclView, action: Action) -> int:
    from bezique.rules import classify
    shape = classify(view.session.rules, view.screen.trump, action.cards)
    return shape.value if shape is not None else 0


def draw_declaration_panel(view: TableView, surface: pygame.Surface, decl: list[Button]) -> None:
    A, s = view.app.assets, view.layout.s
    melds = view.decl_melds()
    extras = len({round(b.box.y) for b in decl if is_extra(b.action)})  # rows: two passes share one
    box = current_box(view, len(melds), extras)
    panel(surface, box, alpha=250, edge=GOLD, edge_width=3)
    title = panel_title(view, len(melds))
    rows = [b for b in decl if b.action.startswith("meld:")]
    if melds:
        title_w = decl[-1].box.x - 12 * s - (box.x + 12 * s)
        blit_text(surface, A, title, TITLE_SIZE * s, (box.x + 12 * s, box.y + 9 * s), GOLD, bold=True,
                  max_width=title_w)
    else:
        blit_text(surface, A, title, TITLE_SIZE * s, (box.cx, box.y + 9 * s), GOLD, "midtop", bold=True,
                  max_width=box.w - 12 * s)
    if len(melds) > len(rows) and rows:
        first = int(rows[0].action[5:])
        blit_text(surface, A, view.app.t("meld.rows_shown", first=first + 1, last=first + len(rows),
                                          total=len(melds)), Type.NOTE * s, (rows[0].box.right, box.y + 14 * s), MUTED,
                  "topright")
    for b in decl:
        hot = view.hover_button == b.action
        if b.action in ("decl_up", "decl_down"):
            b.draw(surface, A, s, hot=hot)
            _arrow(surface, b.box, up=b.action == "decl_up", colour=CREAM if b.enabled else MUTED)
        elif b.primary:
            b.draw(surface, A, s, hot=hot)
        else:
            _row(view, surface, b, hot)


def _row(view: TableView, surface: pygame.Surface, b: Button, hot: bool) -> None:
    """A row with its words on the left and its points on the right; a meld row shows its cards before the points
    (``meld_rows``: rows of the same meld differ in their cards)."""
    A, s = view.app.assets, view.layout.s
    dataclasses.replace(b, label="").draw(surface, A, s, hot=hot)
    x = b.box.x + 10 * s
    right = b.box.right - 10 * s
    points = row_points(view, b.action)
    if points is not None:
        right = blit_text(surface, A, f"+{points}", POINTS_SIZE * s, (right, b.box.cy), GOLD, "midright",
                          bold=True).x
        right -= 8 * s
    meld = _row_meld(view, b.action)
    cards = meld.cards if meld is not None else seven_cards(view) if b.action in ("exchange", "declare7") else ()
    if cards:
        chips = chip_layout(cards, view.meld_source(), right, b.box, s)
        draw_chips(surface, A, chips, s)
        right -= chips_width(len(chips), s) + 8 * s
    blit_text(surface, A, b.label, ROW_SIZE * s, (x, b.box.cy + 1), CREAM if b.enabled else MUTED, "midleft",
              max_width=right - x)


def seven_cards(view: DeclView) -> tuple[int, ...]:
    """The seven of trumps the declaration step's exchange (or declaration) would use, as the rules tell it: the
    action is tried on a copy of the game (``GameSession.preview``) and its event names the card; () when neither is
    allowed now."""
    for action in view.screen.legal:
        if action.verb in (Verb.EXCHANGE_SEVEN, Verb.DECLARE_SEVEN):
            seven = (EventKind.SEVEN_EXCHANGED, EventKind.SEVEN_DECLARED)
            return next((e.cards[:1] for e in view.session.preview(action) if e.kind in seven and e.cards), ())
    return ()


def _row_meld(view: DeclView, action: str) -> Action | None:
    """The meld a row declares (None for the other rows)."""
    if not action.startswith("meld:"):
        return None
    melds = view.decl_melds()
    i = int(action[5:])
    return melds[i] if i < len(melds) else None


def _arrow(surface: pygame.Surface, box: Box, up: bool, colour: tuple[int, int, int]) -> None:
    cx, cy, r = box.cx, box.cy, min(box.w, box.h) * 0.3
    points = [(cx - r, cy + r / 2), (cx + r, cy + r / 2), (cx, cy - r / 2)] if up else \
        [(cx - r, cy - r / 2), (cx + r, cy - r / 2), (cx, cy + r / 2)]
    pygame.draw.polygon(surface, colour, points)
