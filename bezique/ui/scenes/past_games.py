"""Past games: the kept games (``bezique.persist.history``), newest first, with date, game, opponents, result and
score; open one to review it deal by deal, or export its record to the player's downloads folder.

Mouse (click a row to choose it, click it again or Review to open it, the wheel to scroll) and keyboard (arrows,
Page Up/Down, Home/End, Enter to review, E to export, Esc to go back). A kept game that cannot be read is set aside by
``history`` and said on the menu's notices.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pygame

from bezique.game_mode import GameMode
from bezique.geometry import Box
from bezique.i18n import level_name, variant_name
from bezique.persist import history
from bezique.presenter.words import storage_problem_text
from bezique.rules import RecordError, make_ruleset
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import LABEL_LEADING, Button, blit_text, button_at, label_lines, panel, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.speaking import sentences

ROW_H = 40  # at scale 1: a row of one line
TWO_LINE_ROW_H = 52  # a row whose names need two lines (four people on one screen, five computer opponents)
HEAD_H = 44
CELL_SIZE, HEAD_SIZE, GAP = 20, 19, 16  # at scale 1: the cells' and headings' type, the room between columns
GAME_SHARE = 0.26  # the most of the list's width the game's column takes before its name wraps
Words = Callable[..., str]  # the window's ``t``: a key and its fields, in the player's language


def result_text(kept: history.KeptGame, t: Words) -> str:
    """The game's outcome from the player's side (against the computer), or who won (on one screen)."""
    if kept.abandoned:
        return t("past.abandoned")
    if not kept.finished:
        return t("past.unfinished")
    if kept.winner is None:
        return t("past.draw")
    rules = make_ruleset(kept.variant, {})
    if kept.mode == GameMode.COMPUTER:
        return t("past.won") if kept.winner == rules.side_of(kept.human_seat) else t("past.lost")
    seats = [i for i in range(len(kept.players)) if rules.side_of(i) == kept.winner]
    return t("past.winner", name=" & ".join(kept.players[i] for i in seats))


def opponents_text(kept: history.KeptGame, lang: str, t: Words) -> str:
    """Who the player faced: the computer's names and level, or everyone at the screen."""
    if kept.mode != GameMode.COMPUTER:
        return t("past.hotseat", names=", ".join(kept.players))
    rules = make_ruleset(kept.variant, {})
    side = rules.side_of(kept.human_seat)
    others = [name for i, name in enumerate(kept.players) if rules.side_of(i) != side]
    partners = [name for i, name in enumerate(kept.players) if rules.side_of(i) == side and i != kept.human_seat]
    level = kept.level or ""
    with contextlib.suppress(KeyError):  # a level this program no longer offers: by its id
        level = level_name(level, lang)
    parts = [", ".join(others), level]
    if partners:  # a partner played beside the player, not against them
        parts.append(t("past.partners", names=", ".join(partners)))
    return " · ".join(part for part in parts if part)


def game_text(kept: history.KeptGame, lang: str) -> str:
    try:
        name = variant_name(kept.variant, lang)
    except KeyError:
        name = kept.variant
    return f"{name} · {kept.target}" if kept.target else name


def column_widths(needs: list[float], room: float) -> list[float]:
    """The widths of the date, game, opponents, result and score columns within `room`, from what the widest cell
    (or heading) of each `needs`: the date and the score take theirs, the game its own up to ``GAME_SHARE`` of the
    room; the opponents and the result share the rest in proportion to their needs (so that where they do not fit
    on one line, both fit on two), and any room to spare goes to them alike."""
    date, game, opponents, result, score = needs
    game = min(game, room * GAME_SHARE)
    left = max(room - date - game - score, 0.0)
    names = opponents + result
    spare = max(left - names, 0.0) / 2
    if spare > 0:
        return [date, game, opponents + spare, result + spare, score]
    share = left * opponents / names if names else left / 2
    return [date, game, share, left - share, score]


class PastGamesScene(Scene):
    """The list of kept games. `notices`: where a kept game set aside is reported (the menu's notices);
    `open_review`: the review of a game record from a seat's side at a deal (the shell's, which seats its replays).
    """

    def __init__(self, app: Window, notices: list[str],
                 open_review: Callable[[dict[str, Any], int, int], None]) -> None:
        super().__init__(app)
        self.notices = notices
        self.open_review = open_review
        listing = history.list_games()
        self.games = listing.games
        for problem in listing.problems:
            notices.append(storage_problem_text(problem, app.lang))
        self.selected = 0
        self.top = 0  # the first row shown
        self.message: str | None = None  # what the last export did
        self._grid: tuple[tuple[object, ...], list[list[str]], list[float], list[float], bool] | None = None

    # --- the table of games ---------------------------------------------------------------------------------
    def cells(self, kept: history.KeptGame) -> list[str]:
        """A game's row: date, game, opponents, result and score."""
        lang, T = self.app.lang, self.app.t
        return [kept.kept_at.strftime("%Y-%m-%d %H:%M"), game_text(kept, lang), opponents_text(kept, lang, T),
                result_text(kept, T), " – ".join(map(str, kept.scores))]

    def grid(self) -> tuple[list[list[str]], list[float], list[float], bool]:
        """Every game's cells, the columns' left edges and widths, and whether the rows need two lines: the columns
        are split by what they hold (``column_widths``), worked out again only when the games, the window or the
        language change."""
        s = self._scale()
        key = (self.app.size, self.app.lang, len(self.games), id(self.games[0]) if self.games else 0)
        if self._grid is not None and self._grid[0] == key:
            return self._grid[1:]
        A, T = self.app.assets, self.app.t
        box = self.list_box()
        rows = [self.cells(kept) for kept in self.games]
        heads = [T("past.date"), T("past.game"), T("past.opponents"), T("past.result"), T("past.score")]
        cell_font, head_font = A.font(CELL_SIZE * s), A.font(HEAD_SIZE * s)
        needs = [max([head_font.size(head)[0], *(cell_font.size(row[i])[0] for row in rows)]) + 2 * s
                 for i, head in enumerate(heads)]
        room = box.w - 40 * s - GAP * s * 4
        widths = column_widths(needs, room)
        xs = [box.x + 20 * s + sum(widths[:i]) + GAP * s * i for i in range(5)]
        two = any(cell_font.size(row[i])[0] > widths[i] for row in rows for i in range(5))
        self._grid = (key, rows, xs, widths, two)
        return rows, xs, widths, two

    def row_h(self) -> float:
        """A row's height (scale 1): two lines' worth when some game's names need them."""
        return TWO_LINE_ROW_H if self.grid()[3] else ROW_H

    # --- geometry -------------------------------------------------------------------------------------------
    def _scale(self) -> float:
        return scale_of(self.app.size)

    def list_box(self) -> Box:
        w, h = self.app.size
        s = self._scale()
        return Box(w / 2 - 600 * s, 96 * s, 1200 * s, h - 96 * s - 130 * s)

    def visible_rows(self) -> int:
        s = self._scale()
        return max(1, int((self.list_box().h - HEAD_H * s - 8 * s) // (self.row_h() * s)))

    def row_box(self, index: int) -> Box | None:
        """Where the game at `index` is drawn, or None when it is scrolled out of sight."""
        if not self.top <= index < self.top + self.visible_rows():
            return None
        s = self._scale()
        box = self.list_box()
        row_h = self.row_h() * s
        return Box(box.x + 8 * s, box.y + HEAD_H * s + (index - self.top) * row_h, box.w - 16 * s, row_h)

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = self._scale()
        T = self.app.t
        y, bh = h - 74 * s, 50 * s
        some = bool(self.games)
        return [Button(Box(w / 2 - 600 * s, y, 220 * s, bh), T("menu.back"), "back"),
                Button(Box(w / 2 + 380 * s - 250 * s, y, 230 * s, bh), T("past.export"), "export", enabled=some),
                Button(Box(w / 2 + 380 * s, y, 220 * s, bh), T("past.review"), "review", enabled=some, primary=True)]

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        T = self.app.t
        return sentences(T("past.title"), T("past.count", count=len(self.games)) if self.games else T("past.none"))

    def spoken_focus(self) -> str:
        """The chosen game's row, each cell with its column's name; then what the last export did."""
        T = self.app.t
        if not self.games:
            return self.message or ""
        heads = [T("past.date"), T("past.game"), T("past.opponents"), T("past.result"), T("past.score")]
        cells = self.cells(self.games[self.selected])
        words = ", ".join(T("speech.row", label=h, value=c) for h, c in zip(heads, cells, strict=True))
        position = T("speech.position", index=self.selected + 1, count=len(self.games))
        return sentences(f"{words}, {position}.", self.message or "")

    def spoken_keys(self) -> str:
        return self.app.t("past.keys_hint")

    # --- input ----------------------------------------------------------------------------------------------
    def select(self, index: int) -> None:
        """Choose the game at `index` (clamped), scrolling it into sight."""
        if not self.games:
            return
        self.selected = max(0, min(index, len(self.games) - 1))
        rows = self.visible_rows()
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + rows:
            self.top = self.selected - rows + 1
        self.app.dirty = True

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, max(0, len(self.games) - self.visible_rows())))
        self.app.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows(),
                    pygame.K_PAGEDOWN: self.visible_rows(), pygame.K_HOME: -len(self.games),
                    pygame.K_END: len(self.games)}.get(event.key)
            if step is not None:
                self.select(self.selected + step)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose("review")
            elif event.key == pygame.K_e:
                self.choose("export")
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons(), event.pos)
            if button is not None:
                self.app.sounds.play("click")
                self.choose(button.action)
                return
            for index in range(self.top, min(len(self.games), self.top + self.visible_rows())):
                row = self.row_box(index)
                if row is not None and row.contains(*event.pos):
                    if index == self.selected:
                        self.choose("review")
                    else:
                        self.select(index)
                    return

    def choose(self, action: str) -> None:
        if action == "back":
            self.app.pop(self)
        elif self.games and action in ("review", "export"):
            kept = self.games[self.selected]
            game, problem = history.open_game(kept)
            if game is None:  # set aside (or gone meanwhile): off the list
                if problem is not None:
                    self.message = storage_problem_text(problem, self.app.lang, with_detail=False)
                del self.games[self.selected]
                self.select(self.selected)
                return
            if action == "export":
                try:
                    path = history.export_game(game, kept)
                except OSError as exc:
                    self.message = self.app.t("past.export_failed", reason=exc.strerror or str(exc))
                else:
                    self.message = self.app.t("past.exported", path=str(path))
                self.app.dirty = True
                return
            try:
                self.open_review(game.to_dict(), kept.human_seat, 0)
            except RecordError as exc:  # replayed just now, so only a bug gets here: say it rather than crash
                self.message = str(exc)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = self._scale()
        surface.blit(A.felt((w, h)), (0, 0))
        blit_text(surface, A, T("past.title"), Type.DISPLAY * s, (w / 2, 18 * s), GOLD, "midtop", bold=True,
            shadow=True)
        box = self.list_box()
        panel(surface, box, alpha=200)
        rows, xs, widths, _two = self.grid()
        heads = [T("past.date"), T("past.game"), T("past.opponents"), T("past.result"), T("past.score")]
        for x, width, head in zip(xs, widths, heads, strict=True):
            blit_text(surface, A, head, HEAD_SIZE * s, (x, box.y + 14 * s), MUTED, max_width=width)
        if not self.games:
            blit_text(surface, A, T("past.none"), Type.LABEL * s, (box.cx, box.cy), CREAM, "center",
                max_width=box.w - 40 * s)
        for index in range(self.top, min(len(self.games), self.top + self.visible_rows())):
            row = self.row_box(index)
            assert row is not None
            kept = self.games[index]
            chosen = index == self.selected
            if chosen:
                panel(surface, row, alpha=235, edge=GOLD, fill=(40, 92, 66), radius=8, edge_width=2)
            for i, (x, width, cell) in enumerate(zip(xs, widths, rows[index], strict=True)):
                colour = GOLD if i == 3 and cell == T("past.won") else CREAM if i != 3 or not kept.abandoned else MUTED
                bold = chosen and i == 3
                lines, size = label_lines(A, cell, CELL_SIZE * s, (width, row.h - 4 * s), bold)
                step = A.px(size) * LABEL_LEADING
                for n, line in enumerate(lines):  # one line, or two where the names need them
                    y = row.cy + (n - (len(lines) - 1) / 2) * step
                    blit_text(surface, A, line, size, (x, y), colour, "midleft", bold=bold, max_width=width)
        self._scrollbar(surface, box, s)
        if self.games:
            blit_text(surface, A, T("past.count", count=len(self.games)), Type.NOTE * s, (box.right - 12 * s,
                      box.y - 8 * s), MUTED, "bottomright")
        line, colour = (self.message, CREAM) if self.message else (T("past.keys_hint"), MUTED)
        blit_text(surface, A, line, Type.NOTE * s, (w / 2, h - 118 * s), colour, "midtop", max_width=w - 60 * s)
        for button in self.buttons():
            button.draw(surface, A, s, hot=button.primary)

    def _scrollbar(self, surface: pygame.Surface, box: Box, s: float) -> None:
        """Where the rows shown lie in the whole list, when it does not fit."""
        rows, count = self.visible_rows(), len(self.games)
        if count <= rows:
            return
        track = Box(box.right - 10 * s, box.y + HEAD_H * s, 5 * s, rows * self.row_h() * s)
        pygame.draw.rect(surface, (20, 40, 30), track.ints(), border_radius=3)
        thumb_h = max(20 * s, track.h * rows / count)
        y = track.y + (track.h - thumb_h) * self.top / max(1, count - rows)
        pygame.draw.rect(surface, MUTED, (round(track.x), round(y), round(track.w), round(thumb_h)), border_radius=3)
