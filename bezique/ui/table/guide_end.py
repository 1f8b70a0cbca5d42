"""The end of the guided deal: what the player scored and how (melds, the brisques counted card by card, the last
trick), and the way on: a real game, the lesson again, or the menu. It takes the scoreboard's place for the
lesson, whose one deal is not a game's first (nothing is saved or counted)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from bezique.geometry import Box
from bezique.presenter.session import GameSession
from bezique.presenter.words import score_name
from bezique.rules import BRISQUE_RANKS, MELD_NAMES, Bonus, rank_of
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, dim, panel, wrap
from bezique.ui.scene import Scene
from bezique.ui.speaking import button_words, sentences

if TYPE_CHECKING:
    from bezique.ui.app import App


TEXT_TOP, TEXT_SIZE, TEXT_WIDTH = 84, Type.BODY, 720  # at scale 1: where the sentences start, their size and width
CARDS_H = 60  # the brisques' cards' height at scale 1
FOOT = 124  # at scale 1: the room under the sentences for the keys' line and the buttons

class LessonWays(Protocol):
    """Where the summary's buttons lead (the lesson's host)."""

    def open_menu(self) -> None: ...

    def new_game_screen(self) -> None: ...

    def restart(self) -> None: ...


class LessonEnd(Scene):
    """The lesson's summary over the table; Enter plays a real game, Esc goes back to the menu."""

    overlay = True

    def __init__(self, app: App, session: GameSession, seat: int, ways: LessonWays) -> None:
        super().__init__(app)
        self.session, self.seat, self.ways = session, seat, ways
        self.column = ButtonColumn()

    # --- what it says ---------------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The summary's sentences: the deal's points, the melds declared, the brisques, the seven of trumps, the
        last trick, what next (everything the player scored, so the lines add up to the deal's points)."""
        T, lang = self.app.t, self.app.lang
        screen = self.session.screen(self.seat)  # the player's side of the table
        me, other = self.seat, 1 - self.seat
        log = [entry for entry in screen.log if entry[0] == screen.deal_index]
        points = [sum(p for _d, side, _w, _k, p in log if side == screen.rules.side_of(seat)) for seat in (me, other)]
        out = [T("guide.end_points", mine=points[0], name=self.session.seats[other].name, theirs=points[1])]
        melds = [f"{score_name(kind, lang)} {p}" for _d, _s, who, kind, p in log if who == me and kind in MELD_NAMES]
        out.append(T("guide.end_melds", melds=", ".join(melds)) if melds else T("guide.end_no_melds"))
        brisques = len(self.brisques())
        out.append(T("guide.end_brisques", count=brisques, points=brisques * 10))
        seven = sum(p for _d, _s, who, kind, p in log if who == me and kind == Bonus.SEVEN_OF_TRUMPS)
        if seven:  # without it the lines would not add up to the deal's points
            out.append(T("guide.end_seven", points=seven))
        last = next((who for _d, _s, who, kind, _p in log if kind == Bonus.LAST_TRICK), None)
        if last is not None:
            out.append(T("guide.end_last_you") if last == me else
                       T("guide.end_last_them", name=self.session.seats[last].name))
        out.append(T("guide.end_next", target=screen.rules.target_score))
        return out

    def brisques(self) -> list[int]:
        """The aces and tens in the tricks the player won, in the order they were taken."""
        return [card for winner, trick in self.session.screen(self.seat).tricks_log if winner == self.seat
                for _seat, card in trick if rank_of(card) in BRISQUE_RANKS]

    # --- geometry and input ---------------------------------------------------------------------------------
    def _scale(self) -> float:
        w, h = self.app.size
        return min(w / 1280, h / 720)

    def panel_box(self) -> Box:
        """As tall as what it says (the title, the sentences, the brisques' cards, the keys and the buttons), up to
        the most the window gives it: a short summary no longer floats over an empty half of its panel."""
        w, h = self.app.size
        s = self._scale()
        height = min(480 * s, (TEXT_TOP + FOOT) * s + self._text_height(s))
        return Box(w / 2 - 390 * s, h / 2 - height / 2, 780 * s, height)

    def _text_height(self, s: float) -> float:
        """The height of the sentences as ``draw`` lays them out (each wrapped, the brisques' cards under theirs)."""
        A = self.app.assets
        step = A.font(TEXT_SIZE * s).get_linesize()
        height = 0.0
        for i, sentence in enumerate(self.lines()):
            height += len(wrap(A, sentence, TEXT_SIZE * s, TEXT_WIDTH * s)) * step + 6 * s
            if i == 2 and self.brisques():
                height += round(CARDS_H * s) + 8 * s
        return height

    def buttons(self) -> list[Button]:
        box, s = self.panel_box(), self._scale()
        T = self.app.t
        bw, bh, gap = (box.w - 80 * s) / 3, 46 * s, 20 * s
        y = box.bottom - bh - 22 * s
        labels = [("guide.end_real_game", "new"), ("guide.end_again", "again"), ("guide.end_menu", "menu")]
        return [Button(Box(box.x + 20 * s + i * (bw + gap), y, bw, bh), T(key), action, text_size=20)
                for i, (key, action) in enumerate(labels)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("menu")
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.column.focus = (self.column.focus + (1 if event.key == pygame.K_RIGHT else -1)) % 3
            return
        action = self.column.handle(event, self.buttons())
        if action is not None:
            self.choose(action)

    def spoken_title(self) -> str:
        return sentences(*self.lines())

    def spoken_focus(self) -> str:
        return button_words(self.app.t, self.buttons(), self.column.focus)

    def choose(self, action: str) -> None:
        self.app.sounds.play("click")
        if action == "new":
            self.ways.new_game_screen()
        elif action == "again":
            self.ways.restart()
        else:
            self.ways.open_menu()

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        s = self._scale()
        dim(surface, 140)
        box = self.panel_box()
        panel(surface, box, alpha=255, edge=GOLD, edge_width=3)
        blit_text(surface, A, self.app.t("guide.end_title"), Type.TITLE * s, (box.cx, box.y + 18 * s), GOLD, "midtop",
                  bold=True, shadow=True, max_width=box.w - 40 * s)
        y = box.y + TEXT_TOP * s
        size = TEXT_SIZE * s
        step = A.font(size).get_linesize()
        lines = self.lines()
        for i, sentence in enumerate(lines):
            for line in wrap(A, sentence, size, TEXT_WIDTH * s):
                blit_text(surface, A, line, size, (box.x + 30 * s, y), GOLD if i == len(lines) - 1 else CREAM)
                y += step
            y += 6 * s
            if i == 2:  # the brisques, card by card, under their line
                y = self._draw_brisques(surface, box, y, s) + 8 * s
        blit_text(surface, A, self.app.t("guide.end_keys"), Type.NOTE * s, (box.cx, box.bottom - 76 * s), MUTED,
                  "midbottom", max_width=box.w - 40 * s)
        self.column.draw(surface, A, s, self.buttons())

    def _draw_brisques(self, surface: pygame.Surface, box: Box, y: float, s: float) -> float:
        cards = self.brisques()
        if not cards:
            return y
        ch = round(CARDS_H * s)
        step = min(ch * 0.5, (box.w - 60 * s - ch) / max(len(cards) - 1, 1))
        for i, card in enumerate(cards):
            surface.blit(self.app.assets.card(card, ch), (box.x + 30 * s + i * step, y))
        return y + ch
