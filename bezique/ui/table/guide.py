"""The guided first deal at the table: the coach's line in its box, the pointer at what it speaks of, the way out.

The lesson's logic is ``bezique.presenter.guide`` (which tip applies now); this part asks it at each new moment,
words the tip in the player's language, finds on the table what the tip points at (a card of the hand, a row of
the declaration panel, the stock or the trick) and draws a glow round it with an arrow. It never stands in the
player's way: every card and button works as in any game; it takes only Esc and its own "Leave lesson" button
(and the table's Menu button, which leaves the lesson for the menu too). When the deal is over it opens the
lesson's summary instead of the scoreboard (``guide_end``). The recommended card comes from a rule-based adviser
(the intermediate level, quick enough to ask at once): the coach points at what it would play.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from bezique.ai import make_player
from bezique.geometry import Box, Slot
from bezique.presenter.guide import Aim, Coach, Target, Tip, Word, WordKind, Zone, coach_box, moment_of
from bezique.presenter.layout import card_box
from bezique.presenter.session import GameSession
from bezique.presenter.words import card_name, meld_label, suit_word
from bezique.rules import Action, Verb
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, fit_text, panel
from bezique.ui.table.controls import Controls
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.guide_end import LessonEnd
from bezique.ui.table.stage import Stage
from bezique.ui.table.turns import Turns

if TYPE_CHECKING:
    from bezique.ui.app import App

ADVISER_LEVEL = "intermediate"
GLOW = (255, 214, 96)
BOUNCE = 1.6  # seconds the arrow bobs after a new tip, to catch the eye (then it rests: no frames while idle)
TEXT_SIZE = 19  # the coach's line at scale 1


class LessonHost:
    """The host of a lesson's table: nothing is saved or counted; the ways out go to the menu's owner."""

    keeps_games = False
    save_failing = False

    def __init__(self, open_menu: Callable[[], None], new_game_screen: Callable[[], None],
                 restart: Callable[[], None]) -> None:
        self.open_menu = open_menu
        self.new_game_screen = new_game_screen
        self.restart = restart

    def open_settings(self) -> None:
        """Never asked for: a lesson's table has no pause screen (Esc leaves the lesson)."""

    def open_review(self, doc: dict[str, Any], viewer: int, deal: int) -> None:
        """Never asked for: a lesson ends on its own summary (``LessonEnd``), never on a scoreboard."""

    def open_howto(self, variant: str) -> None:
        """Never asked for: a lesson's table has no pause screen."""


class Guide:
    """The coach at the table: asked by the scene for input first, time, whether it takes the turn, and drawing."""

    def __init__(self, app: App, session: GameSession, stage: Stage, turns: Turns, controls: Controls,
                 curtain: Curtain, host: LessonHost) -> None:
        self.app, self.stage, self.turns, self.controls, self.curtain, self.host = \
            app, stage, turns, controls, curtain, host
        self.session = session  # the lesson's own game (the coach reads its melds), the one the table plays
        self.coach = Coach()
        self.adviser = make_player(ADVISER_LEVEL, seed=self.session.seed + 99)
        self.tip: Tip | None = None  # the last tip given (it stays, without its pointer, while the computer plays)
        self.live = False  # the tip is about this very moment (its pointer shows)
        self.since = 0.0  # when the tip came
        self.shown: list[str] = []  # every tip's key in the order they came (what the lesson taught)
        self._moment: tuple[Hashable, ...] | None = None
        self.ended = False

    # --- the moment -----------------------------------------------------------------------------------------
    def _reading(self) -> tuple[int, int] | None:
        card = self.stage.reading
        if card is None:
            return None
        seat = next((s for s, c in self.stage.model.trick if c == card), None)
        return None if seat is None else (seat, card)

    def refresh(self) -> None:
        """Ask the coach again when the moment has changed (a move made, a trick on show, the turn come)."""
        session = self.session
        human = self.turns.human_turn()
        reading = self._reading()
        if not human and reading is None and session.to_act == self.stage.viewer and not session.over:
            return  # the player's turn is coming (cards still flying): its tip waits for it
        key = (session.version, self.stage.screen.phase, session.to_act, reading, human)
        if key == self._moment:
            return
        self._moment = key
        viewer = self.stage.viewer
        advice = self._advice() if human else None
        tip = self.coach.tip(moment_of(session, viewer, reading, advice))
        self.live = tip is not None and (human or reading is not None or tip.target is None)
        if tip is not None and tip != self.tip:
            self.tip = tip
            self.since = self.stage.time
            self.shown.append(tip.key)
            self.app.dirty = True
            self.app.voice.say(self.text(tip))  # the coach's line, after what the table is saying

    def _advice(self) -> Action | None:
        view = self.stage.screen.seat_view()
        if not view.legal:
            return None
        return self.adviser.choose(view, list(view.legal))

    # --- what the scene asks --------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """A new moment gets its tip; True while the arrow bobs (the window keeps drawing)."""
        self.refresh()
        return self.tip is not None and self.live and self.stage.time - self.since < BOUNCE

    def takes_turn(self) -> bool:
        """The deal is over: the lesson's summary opens (once) instead of the scoreboard. True when the guide has
        the turn, so that the table does not decide anything else."""
        session = self.session
        if not (session.awaiting_deal or session.over):
            return False
        if not self.ended and not self.curtain.overlay_open:
            self.ended = True
            self.curtain.overlay_open = True
            self.app.push(LessonEnd(self.app, session, self.stage.viewer, self.host))
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc, the Leave lesson button and the table's Menu button leave the lesson; True when it took the event
        (everything else goes on to the table)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.controls.peek:
            self.leave()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = event.pos
            if self.leave_button().hit(pos) or self.stage.layout.buttons[1].contains(*pos):  # [1]: Menu
                self.leave()
                return True
        return False

    def leave(self) -> None:
        self.app.sounds.play("click")
        self.host.open_menu()

    # --- drawing --------------------------------------------------------------------------------------------
    def box(self) -> Box:
        return coach_box(self.stage.layout)

    def leave_button(self) -> Button:
        box, s = self.box(), self.stage.layout.s
        return Button(Box(box.x + 10 * s, box.bottom - 34 * s, box.w - 20 * s, 26 * s), self.app.t("guide.leave"),
                      "leave", text_size=18)

    def text(self, tip: Tip) -> str:
        """The tip in the player's language (its extra sentence after it)."""
        args = {name: self._word(value) for name, value in tip.args.items()}
        line = self.app.t(tip.key, **args)
        return f"{line} {self.app.t(tip.extra, **args)}" if tip.extra else line

    def _word(self, value: Word) -> object:
        lang = self.app.lang
        if not isinstance(value, tuple):
            return value
        kind, item = value
        if kind == WordKind.CARD and isinstance(item, int):
            return card_name(item, lang)
        if kind == WordKind.SUIT and isinstance(item, int):
            return suit_word(item, lang)
        if kind == WordKind.SEAT and isinstance(item, int):
            return self.session.seats[item].name
        if kind == WordKind.MELD and isinstance(item, tuple):
            return meld_label(item[0], item[1], self.stage.screen.trump, lang)
        return item

    def target_box(self, target: Target | None) -> Box | None:
        """Where the pointed thing is on the table now (None when it is not to be seen)."""
        if target is None:
            return None
        L = self.stage.layout
        if target.kind == Aim.CARD:
            sprite = self.stage.sprites.get(target.card)
            if sprite is None or not sprite.visible:
                return None
            return card_box(Slot(sprite.cx, sprite.cy, 0.0, round(sprite.height)), sprite.lift)
        if target.kind == Aim.ACTION and target.action is not None:
            return self._row_box(target.action)
        if target.zone == Zone.TRICK:
            return self._trick_box()
        return {Zone.STOCK: L.stock, Zone.WON: L.won}.get(target.zone) if target.zone else None

    def _trick_box(self) -> Box | None:
        """Round the trick's cards as they lie now; None once it is gathered (a frame round an empty place on the
        felt points at nothing)."""
        boxes = [card_box(Slot(sp.cx, sp.cy, 0.0, round(sp.height))) for sp in
                 (self.stage.sprites.get(card) for _seat, card in self.stage.model.trick) if sp is not None]
        if not boxes:
            return None
        x, y = min(b.x for b in boxes), min(b.y for b in boxes)
        return Box(x, y, max(b.right for b in boxes) - x, max(b.bottom for b in boxes) - y)

    def _row_box(self, action: Action) -> Box | None:
        _, decl = self.controls.buttons()
        if action.verb == Verb.MELD:
            melds = self.controls.decl_melds()
            faces = sorted(c & 31 for c in action.cards)
            index = next((i for i, m in enumerate(melds)
                          if m.kind == action.kind and sorted(c & 31 for c in m.cards) == faces), None)
            name = f"meld:{index}" if index is not None else ""
        else:
            name = {Verb.EXCHANGE_SEVEN: "exchange", Verb.DECLARE_SEVEN: "declare7", Verb.DONE: "done"}.get(
                action.verb, "")
        return next((b.box for b in decl if b.action == name), None)

    def draw(self, surface: pygame.Surface) -> None:
        """The coach's box with its line and the Leave button; the glow and the arrow at what the tip points at."""
        A, s = self.app.assets, self.stage.layout.s
        box = self.box()
        panel(surface, box, alpha=235, edge=GOLD, edge_width=2)
        blit_text(surface, A, self.app.t("guide.title"), Type.NOTE * s, (box.x + 12 * s, box.y + 7 * s), GOLD,
                  bold=True, max_width=box.w - 24 * s)
        button = self.leave_button()
        if self.tip is not None:
            self._draw_line(surface, self.text(self.tip))
        button.draw(surface, A, s)
        if self.tip is not None and self.live and not self.curtain.overlay_open:
            also = self.target_box(Target(Aim.ZONE, zone=self.tip.also)) if self.tip.also else None
            if also is not None:
                _glow(surface, also, s)
            target = self.target_box(self.tip.target)
            if target is not None:
                self._pointer(surface, target, s)

    def line_layout(self, text: str) -> tuple[list[str], float, float, bool]:
        """How the coach's line fills its room: the lines, the size, the line step, and whether it all fits, as
        the kit's one fitting helper lays it (``fit_text``: wrapped at its size first; the tests hold every tip to
        fitting)."""
        A, s = self.app.assets, self.stage.layout.s
        room = self.text_room()
        size = TEXT_SIZE * s
        spacing = A.font(size).get_linesize() / A.px(size)  # the font's own line step, in pixel sizes
        fitted = fit_text(A, text, size, room.w, room.h, leading=spacing, give=False)
        return fitted.lines, fitted.size, A.font(fitted.size).get_linesize(), not fitted.cut

    def text_room(self) -> Box:
        box, s = self.box(), self.stage.layout.s
        return Box(box.x + 12 * s, box.y + 27 * s, box.w - 24 * s, self.leave_button().box.y - box.y - 30 * s)

    def _draw_line(self, surface: pygame.Surface, text: str) -> None:
        room = self.text_room()
        lines, size, step, _fits = self.line_layout(text)
        for i, line in enumerate(lines[:max(1, int(room.h // step))]):
            blit_text(surface, self.app.assets, line, size, (room.x, room.y + i * step), CREAM if self.live else MUTED)

    def _pointer(self, surface: pygame.Surface, target: Box, s: float) -> None:
        """A gold glow round `target` and an arrow pointing at it: from the side at a panel's row, from above
        elsewhere, unless the arrow would cover the line under the trick (a card of the hand): there a second,
        wider glow marks the card instead."""
        rect = _glow(surface, target, s)
        age = self.stage.time - self.since
        bob = 6 * s * abs(pygame.math.Vector2(1, 0).rotate(age * 360).y) if age < BOUNCE else 0.0
        size = 16 * s
        is_row = self.tip is not None and self.tip.target is not None and self.tip.target.kind == Aim.ACTION
        if is_row:  # from the panel's nearer side: a meld row from the left, the seven and Draw from the right
            side = 1 if rect.centerx > self.stage.layout.decl_panel.cx else -1
            tip_x, y = (rect.right + 4 * s + bob) if side > 0 else (rect.left - 4 * s - bob), rect.centery
            back = tip_x + side * size
            points = [(tip_x, y), (back, y - size * 0.7), (back, y + size * 0.7)]
            shaft = pygame.Rect(round(min(back, back + side * size)), round(y - 3 * s), round(size), round(6 * s))
        else:
            x, tip_y = rect.centerx, rect.top - 4 * s - bob
            points = [(x, tip_y), (x - size * 0.7, tip_y - size), (x + size * 0.7, tip_y - size)]
            shaft = pygame.Rect(round(x - 3 * s), round(tip_y - size * 2), round(6 * s), round(size))
            if Box(x - size, tip_y - size * 2 - 6 * s, size * 2, size * 2 + 6 * s).intersects(self.stage.layout.prompt):
                _glow(surface, Box(target.x - 5 * s, target.y - 5 * s - bob, target.w + 10 * s, target.h + 10 * s), s)
                return
        pygame.draw.rect(surface, GLOW, shaft)
        pygame.draw.polygon(surface, GLOW, points)

def _glow(surface: pygame.Surface, target: Box, s: float) -> pygame.Rect:
    """A gold outline just round `target`; returns its rectangle."""
    rect = pygame.Rect(Box(target.x - 4 * s, target.y - 4 * s, target.w + 8 * s, target.h + 8 * s).ints())
    pygame.draw.rect(surface, GLOW, rect, width=max(2, round(3 * s)), border_radius=round(8 * s))
    return rect
