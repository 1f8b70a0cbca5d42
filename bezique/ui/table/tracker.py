"""The card tracker at the table: a small panel of the brisques, bezique cards and trump-sequence cards gone.

Off by default (Settings → Card tracker; the C key shows or hides it at the table). What it shows is
``presenter.tracker``'s, from the looking player's ``view_for`` only, so it tells what a careful player could
remember and never a hidden card. Each copy of a tracked card is a round mark, half a line of text across (so it
reads at the window's normal distance at every window size): a solid gold disc when it was played, a cream ring half
filled when the player has seen it (in their hand, on a table, turned up), an empty ring when it is still unseen, so
the three differ in shape, not only in colour; four copies (Rubicon) stand in two rows; with more than four packs
(Chinese) a count replaces the marks. Shown against the computer, it marks the game assisted, as a hint or an undo does.

It sits where the layout puts it (``Layout.tracker``: the two-handed table's left column under the stock); a table
with no such room (three or four seats) says so in a line when it is asked for, and shows nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.table_session import TableSession
from bezique.presenter.tracker import Tracked, TrackedRow, TrackerRow, tracked_rows
from bezique.rules import RANKS, rank_of, suit_of
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.floaters import draw_floater
from bezique.ui.kit.widgets import blit_text, panel, wrap
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.stage import Stage

if TYPE_CHECKING:
    from bezique.ui.app import App

BRISQUE_LETTERS = {"A": "A", "T": "10"}  # the same in every language; a court card's letter is the language's
PIPS_UP_TO = 4  # copies of a face drawn as marks; more (Chinese: six packs) are counted in figures
MARK, MARK_PITCH = 0.25, 0.6  # a copy's mark's radius and the step from one to the next, in line heights
STACKED, STACKED_PITCH, STACKED_ROWS = 0.19, 0.5, 0.5  # the same for three or four copies (Rubicon), in two rows
# of the line, and the step between those rows
CELL_GAP = 0.45  # the gap after a cell (a face's marks), in mark pitches
SIZES = (20.0, 18.5, 17.0, 15.5, 14.0, 12.5)  # text sizes tried at scale 1, largest first, until the panel fits its box


class Metrics(NamedTuple):
    """The panel's measures at one text size, in pixels: the line height, the step from one copy's mark to the
    next, the suit icon's size and a mark's radius."""

    line: float
    pitch: float
    icon: float
    radius: float

    def marks(self, copies: int) -> tuple[int, float, float]:
        """How `copies` marks are laid out: (columns, step, radius); up to two copies in a row, three or four in
        two rows of slightly smaller marks, so a Rubicon cell is hardly wider than a two-handed one."""
        if copies <= 2:
            return copies, self.pitch, self.radius
        return (copies + 1) // 2, self.line * STACKED_PITCH, self.line * STACKED


@dataclass(frozen=True)
class Cell:
    """One tracked face in the panel: its letter (or none: the row says it), its suit icon (or none), its copies."""

    letter: str
    suit: int | None
    card: Tracked


class CardTracker:
    """Whether the tracker shows at this table, and its panel.

    Args:
        session: the game (it marks it assisted); `stage`: the table's picture (layout, who looks, settings);
        curtain: the hot-seat curtain (a covered hand covers the tracker too).
    """

    def __init__(self, app: App, session: TableSession, stage: Stage, curtain: Curtain) -> None:
        self.app = app
        self.session = session
        self.stage = stage
        self.curtain = curtain
        self.toggled: bool | None = None  # the C key's choice at this table; None: the setting's
        self.rows: list[TrackerRow] | None = None  # what it shows: the view as of the table's last rest
        self.rows_deal = -1  # the deal those rows are of

    @property
    def wanted(self) -> bool:
        """The player wants it: the C key's last word at this table, else Settings (never in the demo)."""
        if self.stage.opt.demo:
            return False
        return self.stage.opt.app.card_tracker if self.toggled is None else self.toggled

    def box(self) -> Box | None:
        """Where it goes, when wanted and the table has room for it."""
        return self.stage.layout.tracker if self.wanted else None

    def toggle(self) -> None:
        """The C key: show it or hide it; a table with no room for it says so."""
        self.toggled = not self.wanted
        if self.toggled and self.stage.layout.tracker is None:
            self.stage.say(self.app.t("tracker.no_room"))
        self.app.dirty = True

    def update(self) -> None:
        """Read the view when the table is at rest, so the panel never runs ahead of the cards on show (a card
        still being dealt or drawn); a new deal shows nothing until then. Shown against the computer, the
        tracker makes the game assisted (said to the save at once)."""
        session, stage = self.session, self.stage
        screen = stage.screen
        deal = screen.deal_index
        rows = self.rows
        if self.box() is None:  # not shown: nothing to read
            rows, self.rows_deal = None, -1
        elif stage.at_rest() and not session.awaiting_deal:
            rows, self.rows_deal = tracked_rows(screen), deal
        elif deal != self.rows_deal:
            rows = None
        if rows != self.rows:
            self.rows = rows
            self.app.dirty = True  # the window may be idle: draw it again
        assist = session.capabilities.assist  # None: a seat of a game held elsewhere, whose record is not here
        if self.box() is None or assist is None or session.hotseat or len(session.humans) == len(session.seats):
            return
        assist.mark_assisted()

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box = self.box()
        if box is None or self.curtain.hiding or self.stage.cut_timer > 0:
            return
        s = self.stage.layout.s
        panel(surface, box, alpha=190, radius=10 * s, edge_width=1)
        rows = self.rows
        if rows is None:  # the cards are being dealt
            blit_text(surface, self.app.assets, self.app.t("tracker.title"), SIZES[0] * s,
                      (box.x + 10 * s, box.y + 6 * s), GOLD, bold=True, max_width=box.w - 20 * s)
            return
        for size in SIZES:
            if self._fits(rows, box, size * s):
                self._draw(surface, rows, box, size * s)
                break
        else:
            self._too_small(surface, box, s)
        self._scores_over(surface, box)

    def _too_small(self, surface: pygame.Surface, box: Box, s: float) -> None:
        """The line saying the window leaves the panel too little room (a large text size, a small window)."""
        y = box.y + 8 * s
        for text in wrap(self.app.assets, self.app.t("tracker.too_small"), SIZES[-1] * s, box.w - 20 * s):
            y = blit_text(surface, self.app.assets, text, SIZES[-1] * s, (box.x + 10 * s, y),
                          MUTED).bottom

    def _scores_over(self, surface: pygame.Surface, box: Box) -> None:
        """A score rising through the panel (its badge's, just below) is drawn again over it, inside it only, so
        the panel never hides a score while the rest of the score is drawn once as before."""
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box.ints()))
        for floater in self.stage.floaters:
            draw_floater(surface, self.app.assets, floater, self.stage.layout.s)
        surface.set_clip(clip)

    def _cells(self, row: TrackerRow) -> list[Cell]:
        """A brisque row's cells are suits (the row names its rank); the bezique's are cards; the sequence's ranks
        (the row shows the trump suit once)."""
        letter = not row.kind.brisques
        suit = row.kind != TrackedRow.SEQUENCE
        return [Cell(self._letter(t.face) if letter else "", suit_of(t.face) if suit else None, t) for t in row.cards]

    def _letter(self, face: int) -> str:
        rank = RANKS[rank_of(face)]
        return BRISQUE_LETTERS.get(rank) or self.app.t("tracker.rank." + rank)

    def _heading(self, row: TrackerRow) -> str:
        """What starts the row: the rank of a brisque row ("A", "10"), else the row's name."""
        if row.kind.brisques:
            return self._letter(row.cards[0].face)
        return self.app.t("tracker." + row.kind)

    def _heading_width(self, row: TrackerRow, size: float) -> float:
        """The heading's room: both brisque rows the same (so their suits line up), the sequence's with the trump
        suit's icon after its name."""
        font = self.app.assets.font(size, bold=True)
        gap = self.metrics(size).pitch * 0.7
        if row.kind.brisques:
            return max(font.size(letter)[0] for letter in BRISQUE_LETTERS.values()) + gap
        icon = self.metrics(size).icon + 3 if row.kind == TrackedRow.SEQUENCE and row.cards else 0.0
        return self.app.assets.font(size).size(self._heading(row))[0] + icon + gap

    def metrics(self, size: float) -> Metrics:
        """The measures at text `size`: everything in the panel is in proportion to its line height."""
        line = self.app.assets.font(size).get_linesize() * 1.02
        return Metrics(line, line * MARK_PITCH, line * 0.72, line * MARK)

    def _cell_width(self, cell: Cell, size: float) -> float:
        font = self.app.assets.font(size, bold=True)
        m = self.metrics(size)
        pitch, icon = m.pitch, m.icon
        width = font.size(cell.letter)[0] + 1.0 if cell.letter else 0.0
        width += icon + 2 if cell.suit is not None else 0
        copies = cell.card.total
        if copies <= PIPS_UP_TO:
            columns, step, _radius = m.marks(copies)
            width += step * columns
        else:
            width += pitch * 0.35 + font.size(self._count(cell.card))[0]
        return width + pitch * CELL_GAP  # the gap to the next cell

    @staticmethod
    def _count(card: Tracked) -> str:
        return f"{card.played}" + (f"+{card.seen}" if card.seen else "")

    def _flow(self, rows: list[TrackerRow], box: Box, size: float) -> list[tuple[TrackerRow, list[list[Cell]]]]:
        """Each row's cells broken into lines: the first after the row's heading, the next ones under it."""
        room = box.w - 20 * self.stage.layout.s
        out = []
        for row in rows:
            lines: list[list[Cell]] = [[]]
            used = self._heading_width(row, size)
            for cell in self._cells(row):
                width = self._cell_width(cell, size)
                if lines[-1] and used + width > room:
                    lines.append([])
                    used = self._indent(size)
                lines[-1].append(cell)
                used += width
            out.append((row, lines))
        return out

    def _indent(self, size: float) -> float:
        return self.metrics(size).pitch * 1.5

    def _fits(self, rows: list[TrackerRow], box: Box, size: float) -> bool:
        """Whether every row, the title and the legend fit `box` at text `size` (no line wider than the box)."""
        line = self.metrics(size).line
        s = self.stage.layout.s
        room = box.w - 20 * s
        flowed = self._flow(rows, box, size)
        for row, lines in flowed:
            starts = [self._heading_width(row, size)] + [self._indent(size)] * (len(lines) - 1)
            if any(start + sum(self._cell_width(c, size) for c in cells) > room
                   for start, cells in zip(starts, lines, strict=True)):
                return False
        height = 6 * s + line * 1.15 + sum(len(lines) for _, lines in flowed) * line + line + 4 * s
        return height <= box.h and self._legend_width(size, rows) <= room

    def _draw(self, surface: pygame.Surface, rows: list[TrackerRow], box: Box, size: float) -> None:
        A, T = self.app.assets, self.app.t
        s = self.stage.layout.s
        m = self.metrics(size)
        line, icon = m.line, m.icon
        x0, y = box.x + 10 * s, box.y + 6 * s
        blit_text(surface, A, T("tracker.title"), size, (x0, y), GOLD, bold=True, max_width=box.w - 70 * s)
        blit_text(surface, A, T("tracker.key"), size * 0.85, (box.right - 10 * s, y + line / 2), MUTED, "midright")
        y += line * 1.15
        for row, lines in self._flow(rows, box, size):
            brisque = row.kind.brisques
            right = blit_text(surface, A, self._heading(row), size, (x0, y + line / 2), CREAM if brisque else MUTED,
                              "midleft", bold=brisque).right
            if row.kind == TrackedRow.SEQUENCE and row.cards:  # the trump suit, once
                pip = A.suit(suit_of(row.cards[0].face), round(icon))
                surface.blit(pip, (round(right + 3), round(y + (line - icon) / 2)))
            x = x0 + self._heading_width(row, size)
            if not row.cards:
                blit_text(surface, A, T("tracker.no_trumps"), size * 0.9, (x, y + line / 2), MUTED, "midleft",
                          max_width=box.right - 10 * s - x)
            for i, cells in enumerate(lines):
                if i:
                    x = x0 + self._indent(size)
                for cell in cells:
                    x = self._draw_cell(surface, cell, x, y, size)
                y += line
        self._draw_legend(surface, x0, box.bottom - line - 4 * s, size, rows)

    def _draw_cell(self, surface: pygame.Surface, cell: Cell, x: float, y: float, size: float) -> float:
        A = self.app.assets
        m = self.metrics(size)
        line, pitch, icon = m.line, m.pitch, m.icon
        cy = y + line / 2
        if cell.letter:
            x = blit_text(surface, A, cell.letter, size, (x, cy), CREAM, "midleft", bold=True).right + 1
        if cell.suit is not None:
            surface.blit(A.suit(cell.suit, round(icon)), (round(x), round(cy - icon / 2)))
            x += icon + 2
        card = cell.card
        if card.total > PIPS_UP_TO:
            text = self._count(card)
            colour = GOLD if card.played else CREAM if card.seen else MUTED
            x = blit_text(surface, A, text, size, (x + pitch * 0.35, cy), colour, "midleft",
                          bold=bool(card.played)).right
            return x + pitch * CELL_GAP
        states = ["played"] * card.played + ["seen"] * card.seen + ["unseen"] * card.unseen
        columns, step, radius = m.marks(card.total)
        rows = 1 if columns == card.total else 2
        for i, state in enumerate(states):  # row by row: the played first, then the seen, then the unseen
            row, column = divmod(i, columns)
            dy = (row - (rows - 1) / 2) * line * STACKED_ROWS
            _mark(surface, state, (x + (column + 0.5) * step, cy + dy), radius)
        return x + columns * step + pitch * CELL_GAP

    def _legend(self, rows: list[TrackerRow]) -> list[tuple[str, str]]:
        many = any(t.total > PIPS_UP_TO for r in rows for t in r.cards)
        if many:
            return [("", self.app.t("tracker.legend_counts", count=self.session.rules.packs))]
        return [("played", self.app.t("tracker.played")), ("seen", self.app.t("tracker.seen")),
                ("unseen", self.app.t("tracker.unseen"))]

    def _legend_width(self, size: float, rows: list[TrackerRow]) -> float:
        small = size * 0.88
        pitch = self.metrics(small).pitch
        font = self.app.assets.font(small)
        return sum((pitch * 1.3 if state else 0) + font.size(text)[0] + pitch for state, text in self._legend(rows))

    def _draw_legend(self, surface: pygame.Surface, x: float, y: float, size: float, rows: list[TrackerRow]) -> None:
        small = size * 0.88
        m = self.metrics(small)
        line, pitch = m.line, m.pitch
        for state, text in self._legend(rows):
            if state:
                _mark(surface, state, (x + pitch / 2, y + line / 2), m.radius)
                x += pitch * 1.3
            x = blit_text(surface, self.app.assets, text, small, (x, y + line / 2), MUTED, "midleft").right + pitch


def _mark(surface: pygame.Surface, state: str, centre: tuple[float, float], radius: float) -> None:
    """One copy, anti-aliased: played (a solid gold disc), seen (a cream ring half filled: known, not gone) or
    unseen (an empty ring). Full, half and empty read apart at a glance at every window size, in any colours."""
    r = max(3.0, radius)
    width = max(1, round(r / 4.5))
    if state == "played":
        pygame.draw.aacircle(surface, GOLD, centre, r)
    elif state == "seen":
        pygame.draw.aacircle(surface, CREAM, centre, r, width=width)
        pygame.draw.aacircle(surface, CREAM, centre, r, draw_top_left=True, draw_bottom_left=True)
    else:
        pygame.draw.aacircle(surface, MUTED, centre, r, width=width)
