"""The scoreboard's columns: what one seat (or, at the end of a partnership game, one side) made in the deal shown,
every meld, sevens and the last trick line by line, the brisques counted out card by card, the deal's total and the
way to the target; in Rubicon and Chinese the deal's settlement instead. Drawn by ``scoreboard.ResultOverlay``, read
through the small ``Board`` protocol it satisfies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from bezique.geometry import Box
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import TableSession
from bezique.presenter.words import score_name
from bezique.rules import MELD_NAMES, Bonus, GameEndMode, ScoreEntry, Settlement
from bezique.ui.kit.assets import BAR_ME, BAR_OPP, CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, progress_bar, wrap
from bezique.ui.scene import Window


class Board(Protocol):
    """What a column reads of the scoreboard: the game (its facts as the viewer sees them) and the deal shown, the
    columns' order (the viewer's seat first), each seat's brisques and how far their counting has gone."""

    @property
    def app(self) -> Window: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def screen(self) -> ScreenView: ...
    @property
    def deal(self) -> int: ...
    @property
    def seats(self) -> list[int]: ...
    @property
    def brisques(self) -> dict[int, list[int]]: ...
    @property
    def time(self) -> float: ...
    @property
    def step(self) -> float:
        """Seconds between two brisques counted out."""
    def settlement(self) -> Settlement | None: ...


def deal_lines(log: Sequence[ScoreEntry], deal: int, seat: int | Sequence[int]) -> list[tuple[str, int, int]]:
    """(score id, times, points) of `seat` (or of several seats together: a partnership) in `deal`, melds first in
    the order made, then sevens and last trick (brisques are counted apart, card by card)."""
    seats = (seat,) if isinstance(seat, int) else tuple(seat)
    melds: dict[str, list[int]] = {}
    other: dict[str, list[int]] = {}
    for d, _side, who, score_id, points in log:
        if d != deal or who not in seats or score_id in (Bonus.BRISQUES, Bonus.GAME_BONUS):
            continue
        entry = (melds if score_id in MELD_NAMES else other).setdefault(score_id, [0, 0])
        entry[0] += 1
        entry[1] += points
    lines = [(k, n, p) for k, (n, p) in melds.items()]
    for k in (Bonus.SEVEN_OF_TRUMPS, Bonus.LAST_TRICK):
        if k in other:
            n, p = other.pop(k)
            lines.append((k, n, p))
    lines += [(k, n, p) for k, (n, p) in other.items()]
    return lines


def line_label(kind: str, times: int, lang: str) -> str:
    """A scoreboard line's words: the score's name, with ``×2`` when it was made more than once (one seven of
    trumps reads "Seven of trumps", two "Seven of trumps ×2", like a meld made twice)."""
    return score_name(kind, lang) + (f"  ×{times}" if times > 1 else "")


def draw_column(board: Board, surface: pygame.Surface, seats: list[int], i: int, x: float, y: float, width: float,
                s: float, fs: float = 1.0) -> None:
    """One column: what `seats` (one seat, or a partnership at the end) made this deal, brisques counted card by
    card, the deal's total and the way to the target; `fs` scales the type for narrow columns."""
    A, T, lang = board.app.assets, board.app.t, board.app.lang
    session = board.session
    screen = board.screen
    top = y
    name = " & ".join(session.seats[seat].name for seat in seats)
    # each line steps by its role's line height at the player's text size, never a fixed step a larger size overruns
    body, label_size = Type.BODY * s * fs, Type.LABEL * s * fs
    head_step = A.font(Type.HEADING * s * fs, True).get_linesize() + 4 * s
    line_h = A.font(body).get_linesize()
    label_h = A.font(label_size, True).get_linesize()
    blit_text(surface, A, name, Type.HEADING * s * fs, (x, y), CREAM, bold=True, max_width=width)
    y += head_step
    lines = deal_lines(screen.log, board.deal, seats)
    room = 6
    if not lines:
        blit_text(surface, A, T("score.nothing"), body, (x, y), MUTED, max_width=width)
        y += line_h

    def label(kind: str, times: int) -> str:
        return T("score.last_trick") if kind == Bonus.LAST_TRICK else line_label(kind, times, lang)

    def named(rest: list[tuple[str, int, int]]) -> list[str]:  # the rest's names wrapped to the column
        return wrap(A, ", ".join(f"{label(kind, times)} {pts}" for kind, times, pts in rest), body,
                    width - 60 * s * fs)

    if len(lines) > room:
        lines.sort(key=lambda line: -line[2])
    kept: list[tuple[str, int, int]] = lines
    rest: list[tuple[str, int, int]] = []
    while len(lines) > room and kept:  # the biggest on a line each, the rest named together on the lines left
        kept, rest = lines[:len(kept) - 1], lines[len(kept) - 1:]
        if len(kept) + len(named(rest)) <= room:
            break
    for kind, times, pts in kept:
        blit_text(surface, A, label(kind, times), body, (x, y), MUTED, max_width=width - 60 * s * fs)
        blit_text(surface, A, f"+{pts}", body, (x + width, y), CREAM, "topright")
        y += line_h
    if rest:  # every score named, never an unnamed "other scores"
        blit_text(surface, A, f"+{sum(p for _, _, p in rest)}", body, (x + width, y), CREAM, "topright")
        for line in named(rest):
            blit_text(surface, A, line, body, (x, y), MUTED, max_width=width - 60 * s * fs)
            y += line_h
    y = max(y, top + head_step + room * line_h) + 4 * s
    if session.rules.game_end_mode == GameEndMode.SETTLEMENT:
        _settled_column(board, surface, seats[0], i, x, y, width, s)
        return
    cards = [c for seat in seats for c in board.brisques.get(seat, [])]
    logged = sum(p for d, _side, who, k, p in screen.log if d == board.deal and who in seats and k == Bonus.BRISQUES)
    shown = min(len(cards), int(board.time / board.step) + 1) if board.step > 0 else len(cards)
    hidden = 10 * (len(cards) - shown)
    brisque_pts = 10 * shown if cards else logged
    blit_text(surface, A, T("score.brisques"), body, (x, y + 4 * s), MUTED)
    blit_text(surface, A, f"+{brisque_pts}", label_size, (x + width, y + 4 * s), GOLD, "topright", bold=True)
    y += 4 * s + label_h + 2 * s
    ch = round(54 * s)
    for j, card in enumerate(cards[:shown]):
        img = A.card(card, ch)
        surface.blit(img, (x + j * min(ch * 0.42, (width - ch * 0.7) / max(len(cards) - 1, 1)), y))
    y += ch + 10 * s
    side = session.rules.side_of(seats[0])
    deal_pts = sum(p for d, sd, _w, _k, p in screen.log if d == board.deal and sd == side) - hidden
    pygame.draw.line(surface, MUTED, (x, y - 4 * s), (x + width, y - 4 * s))
    number = blit_text(surface, A, f"{deal_pts}", label_size, (x + width, y), CREAM, "topright", bold=True)
    blit_text(surface, A, T("score.deal_total"), label_size, (x, y), CREAM, bold=True,
              max_width=width - number.w - 10 * s)
    y += label_h + 8 * s
    target = session.rules.target_score
    score = screen.scores[side] - hidden
    bar = Box(x, y + label_h + 4 * s, width, 14 * s * fs)
    progress = blit_text(surface, A, T("score.progress", points=score, target=target), label_size,
                         (x + width, y), GOLD, "topright", bold=True)
    blit_text(surface, A, T("score.running_total"), label_size, (x, y), CREAM,
              max_width=width - progress.w - 10 * s)
    mine = side == session.rules.side_of(board.seats[0])
    progress_bar(surface, bar, score / max(target, 1), BAR_ME if mine else BAR_OPP)
    note_y = bar.bottom + 6 * s
    if score < target:
        blit_text(surface, A, T("score.to_go", points=target - score), Type.NOTE * s * fs, (x + width, note_y), MUTED,
                  "topright")
    if session.rules.partnership and len(seats) == 1:
        # beside what is to go, a step under NOTE: at NOTE it ran into "to go" (it, largest text), and a line under
        # it runs into the buttons at 1088x640; it stays off the scale until the column is composed shorter
        blit_text(surface, A, T("score.side_totals"), 16 * s * fs, (x, note_y), MUTED)

def _settled_column(board: Board, surface: pygame.Surface, seat: int, i: int, x: float, y: float, width: float,
                    s: float) -> None:
    """Rubicon / Chinese: raw points, brisques counted or not, total, rubicon, the settlement and the match."""
    A, T = board.app.assets, board.app.t
    session = board.session
    screen = board.screen
    st = board.settlement()
    rules = session.rules
    rows: list[tuple[str, str, tuple[int, int, int]]] = []
    if st is not None:
        brisques = sum(p for d, _sd, who, k, p in screen.log if d == board.deal and who == seat and k == Bonus.BRISQUES)
        rows.append((T("score.raw"), str(st.raw[seat]), CREAM))
        rows.append((T("score.brisques"), f"+{brisques}" if st.brisques_counted else T("score.not_counted"),
                     CREAM if st.brisques_counted else MUTED))
        rows.append((T("score.deal_total"), str(st.total[seat]), CREAM))
        rub = st.total[seat] < rules.rubicon_threshold
        rows.append((T("score.rubicon", points=rules.rubicon_threshold),
                     T("score.rubiconed_yes") if rub else T("score.rubiconed_no"),
                     (255, 170, 150) if rub else MUTED))
        rows.append((T("score.settled"), f"+{st.settled[seat]}", GOLD))
    label_h = A.font(Type.LABEL * s, True).get_linesize()
    for label, value, colour in rows:
        blit_text(surface, A, label, Type.BODY * s, (x, y), MUTED, max_width=width * 0.6)
        blit_text(surface, A, value, Type.LABEL * s, (x + width, y), colour, "topright", bold=True)
        y += label_h + 3 * s
    pygame.draw.line(surface, MUTED, (x, y), (x + width, y))
    y += 6 * s
    score = screen.scores[seat]
    target = rules.match_target
    blit_text(surface, A, T("score.match"), Type.LABEL * s, (x, y), CREAM)
    shown = T("score.progress", points=score, target=target) if target else str(score)
    blit_text(surface, A, shown, Type.LABEL * s, (x + width, y), GOLD, "topright", bold=True)
    if target:
        progress_bar(surface, Box(x, y + label_h + 4 * s, width, 14 * s), score / max(target, 1),
                     BAR_ME if i == 0 else BAR_OPP)
