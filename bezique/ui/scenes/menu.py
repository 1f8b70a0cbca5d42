"""The main menu (keyboard and mouse): New game, Continue, Settings, Learn to play, How to play, Statistics, Quit.

It is given its ``MenuOwner`` (the ``Shell``) when made, and knows it only by that protocol, so the shell, which
opens it, is not imported back. Continue says which game it continues (variant, level, scores, when it was saved);
the footer carries the About line with the version. On the first start it offers the guided first deal beside
its buttons (``open_lesson``: a lesson the player may decline, and take from "Learn to play" at any time).
"""

from __future__ import annotations

import contextlib
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

import pygame

from bezique import __version__
from bezique.geometry import Box
from bezique.i18n import level_name, t, variant_name
from bezique.i18n.names import default_name_in
from bezique.persist.user_settings import guide_offered, mark_guide_offered
from bezique.rules import parse_code
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, draw_fitted, panel, scale_of, wrap
from bezique.ui.scene import Scene, Window
from bezique.ui.scenes.newgame import NewGameOwner, NewGameScene
from bezique.ui.scenes.settings import SettingsOwner, SettingsScene
from bezique.ui.speaking import button_words, sentences

if TYPE_CHECKING:
    from bezique.ui.app import App

WARN = (255, 190, 160)
DECOR = ["AS", "TS", "KS", "QS", "JS"]
NOTICE_WIDTH = 1000  # the menu's problem panel at 1280x720, across the top in the title's place


class SavedGame(NamedTuple):
    """What Continue would continue, for its line on the menu: the variant, the computer's level (None in a game
    between people), each side's name and score, when it was saved (None when the save does not say), and whether
    it is a game hosted for other computers (Continue hosts it again)."""

    variant: str
    level: str | None
    scores: tuple[tuple[str, int], ...]
    saved_at: datetime | None
    network: bool = False


class MenuOwner(NewGameOwner, SettingsOwner, Protocol):
    """What the menu asks of the game around it (and hands on to New game and Settings)."""

    notices: list[str]  # plain-words problems to show on the menu, newest last; the menu clears them

    def saved_game(self) -> SavedGame | None:
        """The game Continue would continue, or None (nothing saved, or a save that cannot be used: the owner
        then adds a notice saying why)."""

    def continue_game(self) -> Scene | None: ...

    def open_review(self, doc: dict[str, Any], viewer: int, deal: int) -> None:
        """A kept game's review (Past games), its deals replayable at a table."""

    def open_menu(self) -> None: ...

    def new_game_screen(self) -> None: ...


def open_lesson(app: Window, owner: MenuOwner) -> None:
    """The guided first deal on the window's own table (``presenter.guide``): the player's settings, the beginner,
    the prepared deck, the coach (``table.guide``). Nothing of it is saved or counted: its table has no autosave,
    so the saved game and the statistics stay as they were."""
    from bezique.presenter.guide import lesson_session
    from bezique.ui.table.guide import Guide, LessonHost
    from bezique.ui.table.options import TableOptions
    from bezique.ui.table.scene import TableScene
    window = cast("App", app)  # the table needs the real window (the menu sees it as a ``Window``)
    host = LessonHost(owner.open_menu, owner.new_game_screen, lambda: open_lesson(app, owner))
    options = TableOptions.from_settings(owner.settings, owner.ai, hints=True)
    session = lesson_session(app.lang)
    table = TableScene(window, session, options, host)
    table.guide = Guide(window, session, table.stage, table.turns, table.controls, table.curtain, host)
    app.stack.clear()
    app.push(table)


def saved_game_line(saved: SavedGame, lang: str, now: datetime | None = None) -> str:
    """The saved game in one line: "Bezique for two, Beginner · You 420 – Jules 310 · saved today at 00:12" (a
    hosted game's: "Bezique for two, on two computers · …")."""
    variant = variant_name(saved.variant, lang)
    if saved.level is not None:
        variant = t("menu.saved_variant_level", lang, variant=variant, level=level_name(saved.level, lang))
    if saved.network:
        variant = t("menu.saved_variant_network", lang, variant=variant)
    scores = " – ".join(f"{side_name(name, lang)} {points}" for name, points in saved.scores)
    return t("menu.saved_game", lang, variant=variant, scores=scores, when=_when(saved.saved_at, lang, now))


def side_name(names: str, lang: str) -> str:
    """A side's names ("You & Player 3") with the default seat names in `lang` ("Tu & Giocatore 3"): the save keeps
    the names the game began with, and the menu speaks the window's language (it kept "You" in French)."""
    return " & ".join(default_name_in(name, lang) for name in names.split(" & "))


def _when(saved_at: datetime | None, lang: str, now: datetime | None) -> str:
    if saved_at is None:
        return t("menu.saved_unknown", lang)
    today = (now or datetime.now()).date()
    time = saved_at.strftime("%H:%M")
    if saved_at.date() == today:
        return t("menu.saved_today", lang, time=time)
    if saved_at.date() == today - timedelta(days=1):
        return t("menu.saved_yesterday", lang, time=time)
    return t("menu.saved_on", lang, date=saved_at.date().isoformat(), time=time)


TITLE, SUBTITLE = 96, 28  # the game's name and its line, at scale 1 (``Assets.px`` units)
OFFER_TITLE, OFFER_TEXT = Type.LABEL, Type.BODY  # the lesson's offer: its heading and its words (the type scale's)


class MenuScene(Scene):
    """New game, Continue, Settings, How to play, Statistics, Quit."""

    def __init__(self, app: Window, owner: MenuOwner) -> None:
        super().__init__(app)
        self.owner = owner
        self.column = ButtonColumn()
        self.saved = owner.saved_game()
        self.time = 0.0
        self.offer = self.saved is None and not guide_offered()  # the first start: the guided deal is offered
        if self.offer:
            # once: the next start shows the menu alone (a folder that cannot be written is said elsewhere; the
            # offer then comes again next time)
            with contextlib.suppress(OSError):
                mark_guide_offered()

    @property
    def can_continue(self) -> bool:
        return self.saved is not None

    def resume(self) -> None:
        self.saved = self.owner.saved_game()

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = scale_of((w, h))
        T = self.app.t
        # nine buttons from below the Continue line (206-228) to clear of the keys' hint (from h - 52 at 720)
        bw, bh, gap = 340 * s, 40 * s, 6 * s
        line_bottom = self.header()[2] + self.app.assets.font(Type.NOTE * s).get_linesize()
        x, y = w / 2 - bw / 2, max(240 * s, line_bottom + 4 * s)
        items = [("menu.new_game", "new"), ("menu.continue", "continue"), ("menu.settings", "settings"),
                 ("menu.learn", "learn"), ("menu.how_to_play", "howto"), ("menu.statistics", "stats"),
                 ("menu.past_games", "past"), ("menu.network", "network"), ("menu.quit", "quit")]
        # one highlight: the button the mouse or the keys are on is the gold one (it starts on Continue when there
        # is a game to continue, else on New game), so coming back from another screen never shows two
        return [Button(Box(x, y + i * (bh + gap), bw, bh), T(key), action,
                       enabled=action != "continue" or self.can_continue, primary=i == self.column.focus)
                for i, (key, action) in enumerate(items)]

    def header(self) -> tuple[float, float, float]:
        """Where the title, the subtitle and the Continue line go (their tops): stacked from their fonts' own
        heights, so that a larger text size pushes the subtitle down rather than under the title (issue 43, French
        at the largest text). The title is the game's name drawn as a logo: the text size does not grow it."""
        A, s = self.app.assets, scale_of(self.app.size)
        title = A.font(TITLE * s / A.text_scale, True)
        title_y = 40 * s
        # the subtitle's accents' room (the top fifth of its line) may lie over the name's descenders' room
        subtitle_y = title_y + title.get_height() * 0.9 - A.font(SUBTITLE * s).get_height() * 0.2
        line_y = subtitle_y + A.font(SUBTITLE * s).get_linesize() + 2 * s
        return title_y, subtitle_y, line_y

    def enter(self) -> None:
        if self.can_continue:
            self.column.focus = 1

    def offer_box(self) -> Box:
        """The first start's offer: right of the buttons, where the right-hand fan of cards is drawn."""
        w, h = self.app.size
        s = scale_of((w, h))
        x = w / 2 + 196 * s
        width = min(420 * s, w - 16 * s - x)
        A = self.app.assets
        lines = len(wrap(A, self.app.t("guide.offer_text"), OFFER_TEXT * s, width - 32 * s))
        title_h = A.font(OFFER_TITLE * s, True).get_linesize()
        # as tall as its words at the player's text size: the title, the lines, the buttons' row under them
        return Box(x, 262 * s, width, 12 * s + title_h + lines * A.font(OFFER_TEXT * s).get_linesize() + 66 * s)

    def offer_buttons(self) -> list[Button]:
        box, s = self.offer_box(), scale_of(self.app.size)
        bw = (box.w - 36 * s) / 2
        return [Button(Box(box.x + 12 * s, box.bottom - 54 * s, bw, 42 * s), self.app.t("guide.offer_yes"), "learn",
                       primary=True, text_size=Type.BODY),
                Button(Box(box.right - 12 * s - bw, box.bottom - 54 * s, bw, 42 * s), self.app.t("guide.offer_no"),
                       "decline", text_size=Type.BODY)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.offer and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chosen = next((b.action for b in self.offer_buttons() if b.hit(event.pos)), None)
            if chosen is not None:
                self.app.sounds.play("click")
                self.offer = False
                if chosen == "learn":
                    self.choose("learn")
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.offer:  # Esc declines the offer first
                self.offer = False
            elif self.owner.notices:
                self.owner.notices.clear()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.owner.notices \
                and self._notice_box().contains(*event.pos):
            self.owner.notices.clear()
            return
        action = self.column.handle(event, self.buttons())
        if action is not None:
            self.app.sounds.play("click")
            self.choose(action)

    def choose(self, action: str) -> None:
        if action == "new":
            self.app.push(NewGameScene(self.app, self.owner))
        elif action == "continue":
            if self.owner.continue_game() is None:
                self.saved = self.owner.saved_game()
                self.column.focus = 0
        elif action == "settings":
            self.app.push(SettingsScene(self.app, self.owner))
        elif action == "learn":
            self.offer = False
            open_lesson(self.app, self.owner)
        elif action == "howto":
            from bezique.ui.scenes.howto import HowToScene
            self.app.push(HowToScene(self.app))
        elif action == "stats":
            from bezique.ui.scenes.stats import StatsScene
            self.app.push(StatsScene(self.app, self.owner.notices))
        elif action == "past":
            from bezique.ui.scenes.past_games import PastGamesScene
            self.app.push(PastGamesScene(self.app, self.owner.notices, self.owner.open_review))
        elif action == "network":
            from bezique.ui.scenes.network import NetworkScene
            self.app.push(NetworkScene(self.app, self.owner))
        elif action == "quit":
            self.app.quit()

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        return False

    def spoken_title(self) -> str:
        T = self.app.t
        parts = [T("app.title"), T("app.subtitle")]
        if self.saved is not None:
            parts.append(saved_game_line(self.saved, self.app.lang))
        if self.offer:
            parts += [T("guide.offer_title"), T("guide.offer_text")]
        notices = [self.owner.notices[-1], T("menu.notice_dismiss")] if self.owner.notices else []
        return sentences(*parts, *notices)

    def spoken_focus(self) -> str:
        return button_words(self.app.t, self.buttons(), self.column.focus)

    def _notice_layout(self) -> tuple[Box, Box, Box]:
        """The newest problem's panel, its words' room and the dismissal's: across the top, in the title's place
        (the buttons take the middle down to the keys' hint), as tall as the words at the player's text size and
        wide enough for a file's path: a problem names the file that matters, so it is shown whole."""
        w, h = self.app.size
        s = scale_of((w, h))
        A, pad = self.app.assets, 14 * s
        width = min(NOTICE_WIDTH * s, w - 32 * s)
        room = width - 2 * pad
        lines = len(wrap(A, self.owner.notices[-1], Type.BODY * s, room))
        dismiss_h = len(wrap(A, self.app.t("menu.notice_dismiss"), Type.NOTE * s, room)) * \
            A.font(Type.NOTE * s).get_linesize()
        top = 12 * s
        height = min(2 * pad + lines * A.font(Type.BODY * s).get_linesize() + 4 * s + dismiss_h,
                     self.header()[2] - 6 * s - top)  # over the Continue line
        box = Box((w - width) / 2, top, width, height)
        words = Box(box.x + pad, top + pad, room, height - 2 * pad - 4 * s - dismiss_h)
        return box, words, Box(box.x + pad, box.bottom - pad - dismiss_h, room, dismiss_h)

    def _notice_box(self) -> Box:
        """The problem's panel, where a click dismisses it."""
        return self._notice_layout()[0]

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        # a fan of the trump sequence on each side
        for side in (-1,) if self.offer else (-1, 1):  # the offer stands where the right-hand fan would be
            for i, code in enumerate(DECOR):
                face = parse_code(code)[0]
                angle = side * (-24 + i * 12)
                img = A.card(face if side < 0 else None, round(190 * s), angle)
                cx = w / 2 + side * 400 * s + (i - 2) * 34 * s
                surface.blit(img, img.get_rect(center=(cx, 400 * s + abs(i - 2) * 8 * s)))
        title_y, subtitle_y, line_y = self.header()
        notices = self.owner.notices
        if notices:  # the title gives way to the problem until it is dismissed
            box, words, dismiss = self._notice_layout()
            panel(surface, box, alpha=240, edge=WARN, fill=(70, 30, 24))
            draw_fitted(surface, A, notices[-1], Type.BODY * s, words, CREAM)
            draw_fitted(surface, A, T("menu.notice_dismiss"), Type.NOTE * s, dismiss, MUTED, "right")
        else:
            blit_text(surface, A, T("app.title"), TITLE * s / A.text_scale, (w / 2, title_y), GOLD, "midtop",
                      bold=True, shadow=True)
            blit_text(surface, A, T("app.subtitle"), SUBTITLE * s, (w / 2, subtitle_y), CREAM, "midtop",
                      shadow=True, max_width=w - 40 * s)
        self.column.draw(surface, A, s, self.buttons())
        if self.saved is not None:
            blit_text(surface, A, saved_game_line(self.saved, self.app.lang), Type.NOTE * s, (w / 2, line_y), CREAM,
                      "midtop", max_width=w - 40 * s)
        if self.offer:
            self._draw_offer(surface, s)
        blit_text(surface, A, T("menu.keys_hint"), Type.NOTE * s, (w / 2, h - 34 * s), MUTED, "midbottom")
        blit_text(surface, A, T("menu.about", version=__version__), Type.NOTE * s, (w / 2, h - 8 * s), MUTED,
                  "midbottom",
                  max_width=w - 40 * s)

    def _draw_offer(self, surface: pygame.Surface, s: float) -> None:
        """New to Bezique? A line on the guided deal, and its two buttons (the menu's own go on working)."""
        A, T = self.app.assets, self.app.t
        box = self.offer_box()
        panel(surface, box, alpha=235, edge=GOLD, edge_width=2)
        title = blit_text(surface, A, T("guide.offer_title"), OFFER_TITLE * s, (box.x + 16 * s, box.y + 12 * s),
                          GOLD, bold=True, max_width=box.w - 32 * s)
        text = Box(box.x + 16 * s, title.bottom, box.w - 32 * s, box.bottom - 62 * s - title.bottom)
        draw_fitted(surface, A, T("guide.offer_text"), OFFER_TEXT * s, text, CREAM)
        for button in self.offer_buttons():
            button.draw(surface, A, s)
