"""The Review screen's "Replay this deal": the deal under review played again from the start, and how this try compares.

A ``ReplayDirector`` seats a ``presenter.replay.ReplaySession`` at a table over the Review screen (with the
review's ``ReplaySeater``, ``table.scene.seat_replay``, handed over by the game's host) and is that table's host:
the game's own host is never told, so the player's real saved game is not touched and the replay is not kept nor
counted. The table's pause and end screens are this module's ``ReplayOverlay``: at the end, the player's points
then and now (in Rubicon and Chinese, what the deal settled to then and now, which is what the match counts), and
the ways on (replay again, back to the review, the menu); paused, the same ways and Resume.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from bezique.config import load_config
from bezique.geometry import Box
from bezique.persist.user_settings import load_user_settings
from bezique.presenter.replay import Comparison, ReplayPlan, ReplaySession, compare, plan_replay
from bezique.rules import SeatKind
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, dim, panel, scale_of, wrap
from bezique.ui.scene import Scene, Window
from bezique.ui.speaking import button_words, sentences
from bezique.ui.table.options import TableOptions

BETTER, WORSE = (150, 220, 140), (240, 150, 130)
NOTE_SIZE, PANEL_W = 17, 660  # at scale 1: the size of the note that a replay is not kept, the panel's width


class ReplaySeater(Protocol):
    """Seats a session at a table whose pause and end screens are `host`'s (``table.scene.seat_replay``)."""

    def __call__(self, app: Any, session: ReplaySession, options: TableOptions, host: Any) -> Scene: ...


class ReplayDirector:
    """One deal played again, as often as the player likes: the host of its table.

    Args:
        seat: the table maker; `doc`: the game record; `deal`: the deal's index; `original`: each side's points in
        the deal as it was played; `viewer`: the player's seat; `to_menu`: the way to the menu from the review.
    """

    keeps_games = False  # nothing saved: the pause screen is this module's, which promises nothing
    save_failing = False

    def __init__(self, app: Window, seat: ReplaySeater, doc: dict[str, Any], deal: int, original: list[int],
                 viewer: int, to_menu: Callable[[], None]) -> None:
        self.app = app
        self.seat = seat
        self.plan: ReplayPlan = plan_replay(doc, deal, original)
        self.viewer = viewer
        self.to_menu = to_menu
        self.table: Scene | None = None
        self.session: ReplaySession | None = None

    def options(self) -> TableOptions:
        """The player's table settings: those of the game under the review if there is one (after a deal), else
        the settings as saved; hints on (a replay is a practice, assisted anyway)."""
        for scene in self.app.stack.scenes:
            opt = getattr(scene, "opt", None)
            if isinstance(opt, TableOptions):
                return TableOptions(app=opt.app, ai=opt.ai, hints=True)
        loaded = load_user_settings(load_config().config)
        return TableOptions(app=loaded.app, ai=loaded.ai, hints=True)

    def start(self) -> None:
        """Deal the same cards again at a new table over the review (the first try or another)."""
        options = self.options()
        self.session = ReplaySession(self.plan, allow_undo=options.app.allow_undo)
        self.table = self.seat(self.app, self.session, options, self)
        self.app.push(self.table)
        stage = getattr(self.table, "stage", None)  # the table's line under the trick says what this is
        if stage is not None:
            stage.say(self.app.t("replay.notice", number=self.plan.deal + 1), seconds=8.0)

    def comparison(self) -> Comparison:
        assert self.session is not None
        return compare(self.session, self.plan.rules.side_of(self.viewer))

    # --- the replay's screens (``ReplayHost``) ----------------------------------------------------------------
    def replay_over(self) -> None:
        self.app.push(ReplayOverlay(self.app, self, ended=True))

    def replay_paused(self) -> None:
        self.app.push(ReplayOverlay(self.app, self, ended=False))

    def chosen(self, overlay: ReplayOverlay, action: str) -> None:
        """The way on chosen on `overlay`: resume, again, back to the review or the menu."""
        self.app.pop(overlay)
        if action == "resume":
            return
        if self.table is not None:
            self.app.pop(self.table)
            self.table = None
        if action == "again":
            self.start()
        elif action == "menu":
            self.to_menu()

    # --- the ``Host`` protocol: the replay's pause and end screens stand in for what these open -------------------
    def open_menu(self) -> None:
        self.to_menu()

    def new_game_screen(self) -> None:
        self.to_menu()

    def open_settings(self) -> None:
        """Never asked for: the replay's pause screen offers no settings (``keeps_games`` is false)."""

    def open_review(self, doc: dict[str, Any], viewer: int, deal: int) -> None:
        """Never asked for: a replayed deal ends on the comparison (``ReplayOverlay``), never on a scoreboard."""

    def open_howto(self, variant: str) -> None:
        """Never asked for: the replay's pause screen is ``ReplayOverlay``, which offers no How to play."""


class ReplayOverlay(Scene):
    """Over the replayed deal's table: paused (Resume first) or at its end, with this try against the original."""

    overlay = True

    def __init__(self, app: Window, director: ReplayDirector, ended: bool) -> None:
        super().__init__(app)
        self.director = director
        self.ended = ended
        self.column = ButtonColumn()

    def _panel(self) -> Box:
        """As tall as what it says: the title, the points per side (at the end), two lines, the note, the buttons."""
        w, h = self.app.size
        s = scale_of(self.app.size)
        table = 38 + 32 * self.director.plan.rules.sides if self.ended else 0
        buttons = (3 if self.ended else 4) * 56
        lines = 2 if self.ended else 1
        note = 40 + 22 * (len(self._note_lines(s)) - 1)  # the note wraps where it runs long (French at 1024x640)
        height = min((74 + table + lines * 32 + note + 16 + buttons + 14) * s, h - 20 * s)
        return Box(w / 2 - PANEL_W / 2 * s, h / 2 - height / 2, PANEL_W * s, height)

    def buttons(self) -> list[Button]:
        T = self.app.t
        box = self._panel()
        s = scale_of(self.app.size)
        paused = [("replay.resume", "resume"), ("replay.restart", "again")]
        first = [("replay.again", "again")] if self.ended else paused
        actions = [*first, ("replay.back", "back"), ("replay.menu", "menu")]
        bw, bh, gap = 360 * s, 46 * s, 10 * s
        top = box.bottom - 24 * s - len(actions) * bh - (len(actions) - 1) * gap
        return [Button(Box(box.cx - bw / 2, top + i * (bh + gap), bw, bh), T(key), action, primary=i == 0)
                for i, (key, action) in enumerate(actions)]

    def handle_event(self, event: pygame.event.Event) -> None:
        keys = {pygame.K_r: "again", pygame.K_b: "back", pygame.K_m: "menu",
                pygame.K_ESCAPE: "back" if self.ended else "resume"}
        action = keys.get(event.key) if event.type == pygame.KEYDOWN else None
        if action is None:
            action = self.column.handle(event, self.buttons())
        if action is not None:
            self.app.sounds.play("click")
            self.director.chosen(self, action)

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the screen says: how this try went against the original (at the end), and that it is not kept."""
        T = self.app.t
        if not self.ended:
            return [(T("replay.paused_line", number=self.director.plan.deal + 1), CREAM)]
        c = self.director.comparison()
        then, now = c.then[c.side], c.now[c.side]
        better, worse, same = (("replay.settled_better", "replay.settled_worse", "replay.settled_same") if c.settles
                               else ("replay.better", "replay.worse", "replay.same"))  # settled: its settlement
        if c.gain > 0:
            verdict = (T(better, points=c.gain), BETTER)
        elif c.gain < 0:
            verdict = (T(worse, points=-c.gain), WORSE)
        else:
            verdict = (T(same), CREAM)
        seats = self.director.plan.seats
        if sum(seat.kind == SeatKind.HUMAN for seat in seats) == 1:
            said = T("replay.you_then_now", then=then, now=now)
        else:  # several people at the screen: the review's player by name
            said = T("replay.name_then_now", name=seats[self.director.viewer].name, then=then, now=now)
        return [(said, CREAM), verdict]

    def spoken_title(self) -> str:
        T = self.app.t
        title = T("replay.title_over" if self.ended else "replay.title_paused", number=self.director.plan.deal + 1)
        rows = [T("speech.row", label=name, value=f"{then} / {now}") for name, then, now in
                (self.rows() if self.ended else [])]
        return sentences(title, *rows, *(text for text, _ in self.lines()))

    def spoken_focus(self) -> str:
        return button_words(self.app.t, self.buttons(), self.column.focus)

    def rows(self) -> list[tuple[str, int, int]]:
        """(side's names, what it took then, now: its points, or in a settled deal its settlement), the player's
        side first."""
        d = self.director
        c = d.comparison()
        then, now = c.counted()
        rules = d.plan.rules
        sides = sorted(range(rules.sides), key=lambda side: side != c.side)
        names = {side: " & ".join(seat.name for i, seat in enumerate(d.plan.seats) if rules.side_of(i) == side)
                 for side in sides}
        return [(names[side], then[side], now[side]) for side in sides]

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = scale_of(self.app.size)
        dim(surface, 150)
        box = self._panel()
        panel(surface, box, alpha=242, edge=GOLD, edge_width=3)
        title = T("replay.title_over" if self.ended else "replay.title_paused", number=self.director.plan.deal + 1)
        blit_text(surface, A, title, Type.TITLE * s, (box.cx, box.y + 18 * s), GOLD, "midtop", bold=True, shadow=True,
                  max_width=box.w - 40 * s)
        y = box.y + 74 * s
        if self.ended:
            y = self._table(surface, box, y, s)
        for text, colour in self.lines():
            y = blit_text(surface, A, text, Type.BODY * s, (box.cx, y), colour, "midtop", bold=colour != CREAM,
                          max_width=box.w - 40 * s).bottom + 6 * s
        y += 4 * s
        for line in self._note_lines(s):
            y = blit_text(surface, A, line, NOTE_SIZE * s, (box.cx, y), MUTED, "midtop",
                          max_width=box.w - 40 * s).bottom
        self.column.draw(surface, A, s, self.buttons())

    def _note_lines(self, s: float) -> list[str]:
        """That a replay is not kept, in as many lines as the panel's width needs."""
        return wrap(self.app.assets, self.app.t("replay.not_kept"), NOTE_SIZE * s, (PANEL_W - 40) * s)

    def _table(self, surface: pygame.Surface, box: Box, y: float, s: float) -> float:
        """The points per side, then and now (a settled deal's settlement, said over the names); returns the
        height under it."""
        A, T = self.app.assets, self.app.t
        xs = (box.x + 40 * s, box.right - 230 * s, box.right - 130 * s, box.right - 40 * s)
        if self.director.comparison().settles:
            blit_text(surface, A, T("score.settled"), Type.NOTE * s, (xs[0], y), MUTED,
                max_width=xs[1] - xs[0] - 90 * s)
        for x, key, anchor in ((xs[1], "replay.then", "topright"), (xs[2], "replay.now", "topright"),
                               (xs[3], "replay.change", "topright")):
            blit_text(surface, A, T(key), Type.NOTE * s, (x, y), MUTED, anchor)
        y += 28 * s
        for i, (name, then, now) in enumerate(self.rows()):
            colour = GOLD if i == 0 else CREAM
            blit_text(surface, A, name, Type.LABEL * s, (xs[0], y), colour, bold=i == 0,
                max_width=xs[1] - xs[0] - 90 * s)
            blit_text(surface, A, str(then), Type.LABEL * s, (xs[1], y), colour, "topright")
            blit_text(surface, A, str(now), Type.LABEL * s, (xs[2], y), colour, "topright", bold=True)
            change = f"{now - then:+d}".replace("-", "\u2212")  # a true minus, as wide as the plus
            blit_text(surface, A, change, Type.LABEL * s, (xs[3], y), colour, "topright")
            y += 32 * s
        return y + 10 * s
