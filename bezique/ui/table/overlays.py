"""Scenes that sit over the table: the hot-seat hand-over, pause and the score log (the deal result and the end of
the game are the scoreboard, ``bezique.ui.table.scoreboard``; ``ResultOverlay`` is its name here too)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from bezique.geometry import Box
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import TableSession
from bezique.presenter.words import score_name
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, dim, panel, wrap
from bezique.ui.scene import Scene
from bezique.ui.speaking import button_words, sentences
from bezique.ui.table.scoreboard import ResultOverlay

if TYPE_CHECKING:
    from bezique.ui.app import App

__all__ = ["HandOverScene", "LogOverlay", "PauseOverlay", "ResultOverlay"]


class HandOverScene(Scene):
    """Hot-seat: an opaque screen between turns. The table below is not drawn at all while it shows.

    Args:
        seat, name: who the screen is passed to.
        on_ready: called (before the screen closes) when they say they are ready: the table turns to their side.
        on_pause: Escape: the pause screen.
        recap: the public moves made since they last had the screen (the last trick, a meld), one line each.
    """

    overlay = False

    def __init__(self, app: App, seat: int, name: str, on_ready: Callable[[], None],
                 on_pause: Callable[[], None], recap: list[str] | None = None) -> None:
        super().__init__(app)
        self.recap = recap or []
        self.seat = seat
        self.name = name
        self.on_ready = on_ready
        self.on_pause = on_pause
        self.time = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE))
        if ready and self.time > 0.25:
            self.app.sounds.play("click")
            self.on_ready()
            self.app.pop(self)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_pause()

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        return self.time < 0.3

    def spoken_title(self) -> str:
        """Whose turn it is before any hand is read, and what happened since they last looked."""
        T = self.app.t
        recap = [T("handover.since"), *self.recap] if self.recap else []
        return sentences(T("handover.pass_to", name=self.name), T("handover.ready"), *recap)

    def spoken_keys(self) -> str:
        return self.app.t("handover.ready")

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        surface.blit(A.felt((w, h)), (0, 0))
        dim(surface, 120)
        for i in range(5):
            img = A.card(None, round(200 * s), (i - 2) * 8.0)
            surface.blit(img, img.get_rect(center=(w / 2 + (i - 2) * 40 * s, h / 2 - 90 * s)))
        # each line steps by the line heights of its role and the one before, at the player's text size
        pass_h, ready_h = A.font(Type.DISPLAY * s, True).get_linesize(), A.font(Type.LABEL * s).get_linesize()
        y = h / 2 + 60 * s
        blit_text(surface, A, self.app.t("handover.pass_to", name=self.name), Type.DISPLAY * s, (w / 2, y), GOLD,
                  "center", bold=True, shadow=True, max_width=w - 40 * s)
        y += (pass_h + ready_h) / 2 + 8 * s
        blit_text(surface, A, self.app.t("handover.ready"), Type.LABEL * s, (w / 2, y), CREAM, "center",
                  max_width=w - 40 * s)
        if self.recap:  # what the other player did while this one looked away
            y += ready_h / 2 + 20 * s
            blit_text(surface, A, self.app.t("handover.since"), Type.NOTE * s, (w / 2, y), MUTED, "midtop",
                      max_width=w - 40 * s)
            y += A.font(Type.NOTE * s).get_linesize() + 4 * s
            line_h = A.font(Type.BODY * s).get_linesize()
            for i, line in enumerate(self.recap):
                blit_text(surface, A, line, Type.BODY * s, (w / 2, y + i * line_h), CREAM, "midtop",
                          max_width=w - 40 * s)


@dataclass(frozen=True)
class PauseWords:
    """The pause screen's title, its way out's label and its note (i18n keys)."""

    title: str = "pause.title"
    leave: str = "pause.save_and_quit"
    note: str = "pause.saved_note"


class PauseOverlay(Scene):
    """Over the table: resume, settings, how to play, save and quit to the menu (keyboard and mouse).

    Args:
        menu: Save and quit: back to the menu; None (no menu, or the demo): How to play and Quit only.
        settings: opens the Settings screen over the game (offered with `menu`).
        howto: opens How to play at a variant's page (the host's ``open_howto``); None: not offered.
        saved_note: say whether the game is saved after every move (a window that keeps games saves it).
        save_failing: the last save failed: the note says the game cannot be saved right now, not that it is.
        words: the title, the way out's label and the note, where a table says them otherwise (a game on two
            computers goes on while this screen is open, and the friend's way out leaves a game kept elsewhere).
    """

    overlay = True

    def __init__(self, app: App, menu: Callable[[], None] | None, settings: Callable[[], None] | None,
                 saved_note: bool, save_failing: bool = False, variant: str = "two_handed",
                 howto: Callable[[str], None] | None = None, words: PauseWords | None = None) -> None:
        super().__init__(app)
        self.words = words or PauseWords()
        self.variant = variant  # How to play opens at this game's page
        self.menu = menu
        self.settings = settings
        self.howto = howto
        self.saved_note = saved_note
        self.save_failing = save_failing
        self.column = ButtonColumn()

    def _buttons(self) -> list[Button]:
        w, h = self.app.size
        s = min(w / 1280, h / 720)
        bw, bh = 320 * s, 50 * s
        x = w / 2 - bw / 2
        y = h / 2 - 110 * s
        T = self.app.t
        howto = [] if self.howto is None else [(T("pause.how_to_play"), "howto")]
        labels = [(T("pause.resume"), "resume")]
        if self.menu is not None:
            labels += [(T("pause.settings"), "settings"), *howto, (T(self.words.leave), "menu")]
        else:
            labels += [*howto, (T("menu.quit"), "quit")]
        return [Button(Box(x, y + i * (bh + 14 * s), bw, bh), label, act, primary=act == "resume")
                for i, (label, act) in enumerate(labels)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        action = self.column.handle(event, self._buttons())
        if action is None:
            return
        self.app.sounds.play("click")
        if action == "resume":
            self.app.pop(self)
        elif action == "settings" and self.settings is not None:
            self.settings()
        elif action == "howto" and self.howto is not None:
            self.howto(self.variant)
        elif action == "menu" and self.menu is not None:
            self.menu()  # the game is already saved (after every action)
        elif action == "quit":
            self.app.quit()

    def spoken_title(self) -> str:
        T = self.app.t
        note = "pause.not_saved_note" if self.save_failing else self.words.note
        return sentences(T(self.words.title), *([T(note)] if self.saved_note else []))

    def spoken_focus(self) -> str:
        return button_words(self.app.t, self._buttons(), self.column.focus)

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        dim(surface, 150)
        buttons = self._buttons()
        title_h = A.font(Type.DISPLAY * s, True).get_linesize()
        top = buttons[0].box.y - max(90 * s, 22 * s + title_h + 8 * s)  # the title's line whole above the buttons
        width = 440 * s
        note = "pause.not_saved_note" if self.save_failing else self.words.note
        # the note wraps (two lines at most) rather than being cut short: French says it in more than one line
        lines = wrap(A, self.app.t(note), Type.NOTE * s, width - 24 * s)[:2] if self.saved_note else []
        note_h = A.font(Type.NOTE * s).get_linesize()
        extra = note_h * max(0, len(lines) - 1)
        box = Box(w / 2 - width / 2, top, width, buttons[-1].box.bottom - top + 60 * s + extra)
        panel(surface, box, alpha=240, edge=GOLD, edge_width=3)
        blit_text(surface, A, self.app.t(self.words.title), Type.DISPLAY * s, (w / 2, box.y + 22 * s), GOLD, "midtop",
                  bold=True, shadow=True, max_width=box.w - 20 * s)
        self.column.draw(surface, A, s, buttons)
        for i, line in enumerate(lines):
            y = box.bottom - 16 * s - (len(lines) - 1 - i) * note_h
            blit_text(surface, A, line, Type.NOTE * s, (w / 2, y), MUTED, "midbottom", max_width=box.w - 20 * s)


class LogOverlay(Scene):
    """The meld and score log: who scored what, deal by deal (RULES.md §1.12: public), read from what the players at
    the screen may see (`screen`: the table's ``Stage.screen``)."""

    overlay = True

    def __init__(self, app: App, session: TableSession, screen: Callable[[], ScreenView]) -> None:
        super().__init__(app)
        self.session = session
        self.screen = screen

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN)) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.app.pop(self)

    def spoken_title(self) -> str:
        """The score log read out, the latest scores last (as many as the screen shows)."""
        T, log = self.app.t, self.screen().log
        lines = [T("speech.row", label=f"{T('table.deal_number', number=deal + 1)}, {self.session.seats[seat].name}",
                   value=f"{score_name(score_id, self.app.lang)} {points}")
                 for deal, _side, seat, score_id, points in log[-12:]]
        return sentences(T("table.score_log"), *(lines or [T("log.empty")]), T("log.close"))

    def spoken_keys(self) -> str:
        return self.app.t("log.close")

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        dim(surface, 150)
        width = min(w - 40 * s, 760 * s)
        box = Box(w / 2 - width / 2, 40 * s, width, h - 80 * s)
        panel(surface, box, alpha=242, edge=GOLD, edge_width=3)
        blit_text(surface, A, self.app.t("table.score_log"), Type.TITLE * s, (box.cx, box.y + 14 * s),
                  GOLD, "midtop", bold=True)
        session = self.session
        log = self.screen().log
        font = A.font(Type.BODY * s)
        step = font.get_linesize()
        y = box.y + 64 * s
        rows = max(1, int((box.bottom - y - 30 * s) // step))
        if not log:
            blit_text(surface, A, self.app.t("log.empty"), Type.LABEL * s, (box.cx, y + 20 * s), MUTED, "midtop")
        shown = log[-rows:]
        # columns as wide as what they hold (the deal's word and number, the names), the meld's name the rest:
        # at fixed places "Distribuzione 1" ran into the name beside it
        deals = [self.app.t("table.deal_number", number=deal + 1) for deal, *_ in shown]
        gap = 16 * s
        name_x = box.x + 20 * s + max((font.size(text)[0] for text in deals), default=0) + gap
        names = [session.seats[seat].name for _deal, _side, seat, _id, _points in shown]
        meld_x = name_x + min(max((font.size(name)[0] for name in names), default=0), box.w * 0.25) + gap
        points_w = max((A.font(Type.BODY * s, True).size(f"+{row[4]}")[0] for row in shown), default=0)
        for words, name, (_deal, _side, _seat, score_id, points) in zip(deals, names, shown, strict=True):
            blit_text(surface, A, words, Type.BODY * s, (box.x + 20 * s, y), MUTED)
            blit_text(surface, A, name, Type.BODY * s, (name_x, y), CREAM, max_width=meld_x - gap - name_x)
            blit_text(surface, A, score_name(score_id, self.app.lang), Type.BODY * s, (meld_x, y), CREAM,
                      max_width=box.right - 20 * s - points_w - gap - meld_x)
            blit_text(surface, A, f"+{points}", Type.BODY * s, (box.right - 20 * s, y), GOLD, "topright", bold=True)
            y += step
        blit_text(surface, A, self.app.t("log.close"), Type.NOTE * s, (box.cx, box.bottom - 10 * s), MUTED,
                  "midbottom")
