"""The scoreboard: after each deal, what each player scored (every meld, sevens, brisques counted card by card, the
last trick), the running totals and the way to the target; at the end of the game, the winner with a little
celebration and the whole game deal by deal. Drawn over the table; ``draw`` reads, never writes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from bezique.geometry import Box
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import TableSession
from bezique.presenter.words import score_name
from bezique.rules import BRISQUE_RANKS, Bonus, Event, GameEndMode, Settlement, rank_of, suit_of
from bezique.ui.kit.assets import GOLD, MUTED
from bezique.ui.kit.tween import SPEED_FACTORS
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, dim, panel
from bezique.ui.scene import Scene
from bezique.ui.speaking import sentences
from bezique.ui.table.deal_table import draw_deal_table, per_deal_totals
from bezique.ui.table.score_columns import draw_column

if TYPE_CHECKING:
    from bezique.ui.app import App

CONFETTI = [(250, 206, 108), (220, 70, 70), (90, 170, 240), (120, 210, 130), (255, 245, 225)]


def won_brisques(screen: ScreenView, deal: int) -> dict[int, list[int]]:
    """Each seat's brisques scored in `deal`, card by card, from the deal's tricks (kept in the view until the next
    deal is dealt): as many of the aces and tens the seat won, in the order won, as the score log counts for it.
    A table opened on a game saved at this board has no events of the deal to count them from."""
    value = max(screen.rules.brisque_value, 1)
    counted = {seat: 0 for seat in range(screen.rules.players)}
    for d, _side, who, kind, points in screen.log:
        if d == deal and kind == Bonus.BRISQUES and who in counted:
            counted[who] += points // value
    if screen.deal_index != deal:
        return {seat: [] for seat in counted}
    won = {seat: [card for winner, trick in screen.tricks_log if winner == seat for _s, card in trick
                  if rank_of(card) in BRISQUE_RANKS] for seat in counted}
    return {seat: won[seat][:counted[seat]] for seat in counted}


class ResultOverlay(Scene):
    """The scoreboard over the table, after a deal (``game_over`` False) or at the end of the game.

    Args:
        session: the game; `seats`: the table's seats, the viewer's first (the columns' order).
        deal_events: the deal's ``scored`` events (its brisques are counted out card by card).
        speed: the animation speed; `demo`: the board closes by itself after a while.
        on_close: called with the button chosen ("next", "new" or "menu") once the board is off the stack.
        on_pause: Escape during the game: the pause screen.
        on_review: Review this deal (the host's ``open_review``: the game record, the viewer, the deal); None: the
            board offers no review (a table without a host).
    """

    overlay = True

    def __init__(self, app: App, session: TableSession, seats: list[int], deal_events: list[Event], game_over: bool,
                 speed: str, demo: bool, on_close: Callable[[str], None], on_pause: Callable[[], None],
                 on_review: Callable[[dict[str, Any], int, int], None] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.seats = seats
        self.on_close = on_close
        self.on_pause = on_pause
        self.on_review = on_review
        self.events = deal_events
        self.game_over = game_over
        self.time = 0.0
        factor = SPEED_FACTORS.get(speed, 1.0)
        self.step = 0.14 * factor
        screen = self.screen
        self.deal = max((entry[0] for entry in screen.log), default=screen.deal_index)
        self.brisques = {seat: [c for e in deal_events if e.label == Bonus.BRISQUES and e.seat == seat
                                for c in e.cards] for seat in range(session.rules.players)}
        if not any(self.brisques.values()):  # a game continued at this board: the events are gone, the tricks not
            self.brisques = won_brisques(screen, self.deal)
        self.count_time = max(len(v) for v in self.brisques.values()) * self.step if self.brisques else 0.0
        self.auto = 2.5 * max(factor, 0.2) + self.count_time if demo else None
        rng = random.Random(session.seed)
        self.confetti = [(rng.random(), rng.uniform(0.6, 1.4), rng.uniform(-1, 1), rng.choice(CONFETTI),
                          rng.uniform(0, 6.28)) for _ in range(90)] if game_over else []

    @property
    def screen(self) -> ScreenView:
        """The game's facts as the viewer (the first column's seat) may see them."""
        return self.session.screen(self.seats[0])

    def enter(self) -> None:
        if self.game_over:
            humans = self.session.humans
            if humans and not self.session.hotseat:
                self.app.sounds.play("game_won" if self.screen.winner == humans[0] else "game_lost")

    # --- geometry -------------------------------------------------------------------------------------------
    def _scale(self) -> float:
        w, h = self.app.size
        return min(w / 1280, h / 720)

    def _boxes(self) -> tuple[Box, Box, Box]:
        """(the panel, the main button, the second button)."""
        w, h = self.app.size
        s = self._scale()
        wide = self.game_over or self.session.rules.players > 2
        bw = 1180 * s if wide else 780 * s
        box = Box(w / 2 - bw / 2, h / 2 - 300 * s, bw, 600 * s)
        nb = Box(box.right - 300 * s, box.bottom - 62 * s, 280 * s, 46 * s)
        qb = Box(box.x + 20 * s, box.bottom - 62 * s, 200 * s, 46 * s)
        return box, nb, qb

    def groups(self) -> list[list[int]]:
        """The scoreboard's columns, the viewer's first: a seat each, or at the end of a partnership game a side
        each (both partners in one column, as the deal-by-deal table counts by side)."""
        rules = self.session.rules
        if not (self.game_over and rules.partnership):
            return [[seat] for seat in self.seats]
        sides: dict[int, list[int]] = {}
        for seat in self.seats:
            sides.setdefault(rules.side_of(seat), []).append(seat)
        return list(sides.values())

    @property
    def settled(self) -> bool:
        """Rubicon / Chinese: the match scores are the deals' settlements."""
        return self.session.rules.game_end_mode == GameEndMode.SETTLEMENT

    def deal_table_box(self) -> Box | None:
        """Where the deal-by-deal table goes, right of the columns: at the end of the game only."""
        if not self.game_over:
            return None
        box = self._boxes()[0]
        s = self._scale()
        tw = (410 if len(self.groups()) <= 2 else 340) * s
        return Box(box.right - 20 * s - tw, box.y + 70 * s, tw, box.h - 150 * s)

    def deal_table(self) -> tuple[list[list[str]], list[list[int]], list[int]]:
        """The deal-by-deal table as data: each column's heading (the names of its side), each deal's points per
        column (``[deal number, points, …]``) and the totals, in the order of ``groups``."""
        session = self.session
        groups = self.groups()
        sides = [session.rules.side_of(seats[0]) for seats in groups]
        heads = [[session.seats[seat].name for seat in seats] for seats in groups]
        screen = self.screen
        totals = per_deal_totals(screen.log, len(screen.scores), self.settled)
        rows = [[d + 1, *(points[side] for side in sides)] for d, points in enumerate(totals)]
        return heads, rows, [screen.scores[side] for side in sides]

    def review_button(self) -> Button:
        """Review this deal trick by trick (``scenes.review``), left of the way on; over the scoreboard."""
        _, _, qb = self._boxes()
        x = qb.right + 16 * self._scale() if self.game_over else qb.x
        return Button(Box(x, qb.y, 250 * self._scale(), qb.h), self.app.t("score.review"), "review", text_size=20)

    def _buttons(self) -> tuple[Button, Button | None]:
        _, nb, qb = self._boxes()
        T = self.app.t
        if self.game_over:
            return Button(nb, T("score.new_game"), "new", primary=True), Button(qb, T("score.menu"), "menu")
        return Button(nb, T("score.next_deal"), "next", primary=True), None

    # --- input ----------------------------------------------------------------------------------------------
    def _close(self, action: str = "next") -> None:
        self.app.pop(self)
        self.on_close(action)

    def handle_event(self, event: pygame.event.Event) -> None:
        main, second = self._buttons()
        if self.on_review is not None and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.review_button().hit(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_r)):
            review = self.session.capabilities.review
            assert review is not None  # the curtain offers a review only of a game whose record is here
            self.on_review(review.game.to_dict(), self.seats[0], self.deal)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if main.hit(event.pos):
                self.app.sounds.play("click")
                self._close(main.action)
            elif second is not None and second.hit(event.pos):
                self.app.sounds.play("click")
                self._close(second.action)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._close(main.action)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.game_over:
                self._close("menu")
            else:
                self.on_pause()

    def update(self, dt: float, active: bool) -> bool:
        if not active:
            return False
        self.time += dt
        if self.auto is not None and self.time >= self.auto:
            self._close()
            return True
        return self.time < self.count_time + 0.5 or (self.game_over and self.time < 6.0)

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        """The board read out: the title, each seat's scores of the deal item by item, the game's totals."""
        T, lang, screen = self.app.t, self.app.lang, self.screen
        parts = [self._winner_text() if self.game_over else T("score.title_deal", number=self.deal + 1)]
        for seat in self.seats:
            items = [f"{score_name(score_id, lang)} {points}" for deal, _side, who, score_id, points in screen.log
                     if deal == self.deal and who == seat]
            total = sum(points for deal, _side, who, _id, points in screen.log if deal == self.deal and who == seat)
            items.append(T("speech.score_item", name=T("score.running_total"), points=total))
            parts.append(T("speech.row", label=self.session.seats[seat].name, value=", ".join(items)))
        names = [" & ".join(self.session.seats[s].name for s in group) for group in self.groups()]
        sides = [self.session.rules.side_of(group[0]) for group in self.groups()]
        parts.append(T("speech.game_points", scores="; ".join(
            T("speech.score_item", name=name, points=screen.scores[side]) for name, side in zip(names, sides,
                                                                                                 strict=True))))
        return sentences(*parts)

    def spoken_focus(self) -> str:
        main, _ = self._buttons()
        return self.app.t("speech.button", label=main.label)

    def spoken_keys(self) -> str:
        T = self.app.t
        main, second = self._buttons()
        keys = [T("speech.row", label="Enter", value=main.label)]
        if self.on_review is not None:
            keys.append(T("speech.row", label="R", value=T("score.review")))
        keys.append(T("speech.row", label="Esc", value=second.label if second is not None else T("pause.title")))
        return sentences(*keys)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = self._scale()
        dim(surface, 140)
        box, _, _ = self._boxes()
        panel(surface, box, alpha=255, edge=GOLD, edge_width=3)  # opaque: no card of the table shows through
        title = self._winner_text() if self.game_over else T("score.title_deal", number=self.deal + 1)
        pulse = 1.0 + (0.06 * math.sin(self.time * 5) if self.game_over and self.time < 6 else 0.0)
        blit_text(surface, A, title, Type.TITLE * s * pulse, (box.cx, box.y + 16 * s), GOLD, "midtop", bold=True,
                  shadow=True, max_width=box.w - 40 * s)
        groups = self.groups()
        table_box = self.deal_table_box()
        left_w = table_box.x - box.x - 10 * s if table_box is not None else box.w - 20 * s
        col_w = (left_w - 40 * s) / len(groups)
        fs = min(1.0, max(0.8, (col_w - 20 * s) / (260 * s)))  # narrow columns (three at the end): smaller type
        if self.game_over:
            blit_text(surface, A, T("score.title_deal", number=self.deal + 1), Type.NOTE * s,
                      (box.x + 20 * s, box.y + 70 * s), MUTED)
        for i, seats in enumerate(groups):
            draw_column(self, surface, seats, i, box.x + 20 * s + i * col_w, box.y + 96 * s, col_w - 20 * s, s, fs)
        settled = self.settlement() if self.session.rules.game_end_mode == GameEndMode.SETTLEMENT else None
        if settled is not None:
            self._settlement_note(surface, Box(box.x, box.y, left_w + 20 * s, box.h), s, settled)  # under the columns
        if table_box is not None:
            draw_deal_table(surface, A, T, table_box, s, *self.deal_table(), settled=self.settled)
            self._remaining(surface, s)
        main, second = self._buttons()
        if self.on_review is not None:
            self.review_button().draw(surface, A, s)
        main.draw(surface, A, s)
        if second is not None:
            second.draw(surface, A, s)
        if self.game_over:
            self._celebrate(surface, s)

    def _winner_text(self) -> str:
        T = self.app.t
        session = self.session
        winner = self.screen.winner  # a side
        if winner is None:
            return T("score.draw")
        rules = session.rules
        members = [i for i in range(rules.players) if rules.side_of(i) == winner]
        name = " & ".join(session.seats[i].name for i in members)
        if session.humans and not session.hotseat:
            mine = rules.side_of(session.humans[0]) == winner
            return T("score.you_win") if mine else T("score.you_lose", name=name)
        return T("score.winner", name=name)

    def settlement(self) -> Settlement | None:
        """The Rubicon / Chinese settlement of the deal shown, or None."""
        past = self.screen.past_deals
        if 0 <= self.deal < len(past):
            return past[self.deal].settlement
        return None

    def _settlement_note(self, surface: pygame.Surface, box: Box, s: float, st: Settlement) -> None:
        """One line under the columns (`box`: the panel left of the deal-by-deal table): who gained what with the
        settlement `st`, rubicon or not."""
        A, T = self.app.assets, self.app.t
        session = self.session
        if st.winner is None:
            text = T("score.settle_drawn")
        else:
            name = session.seats[st.winner].name
            loser = session.seats[1 - st.winner].name
            you = session.humans and not session.hotseat and st.winner == session.humans[0]
            text = T("score.settle_you_gain", points=st.settled[st.winner]) if you else \
                T("score.settle_gain", name=name, points=st.settled[st.winner])
            if st.rubiconed:
                you_lost = session.humans and not session.hotseat and 1 - st.winner == session.humans[0]
                text += "  ·  " + (T("score.you_rubiconed") if you_lost else T("score.rubiconed", name=loser))
        blit_text(surface, A, text, Type.LABEL * s, (box.cx, box.bottom - 100 * s), GOLD, "midtop", bold=True,
                  max_width=box.w - 60 * s)

    def _remaining(self, surface: pygame.Surface, s: float) -> None:
        """The cards the others still held when the game ended, hand by hand, between the two buttons."""
        session = self.session
        shown = self.screen.shown  # the hands still held are laid down when the game is over
        hands = [sorted(shown.get(seat, ()), key=lambda c: (suit_of(c), rank_of(c))) for seat in self.seats[1:]]
        hands = [hand for hand in hands if hand]
        if not hands or not session.humans or session.hotseat:
            return
        _, nb, _ = self._boxes()
        ch = round(50 * s)
        cw = self.app.assets.card(hands[0][0], ch).get_width()
        gap = 16 * s
        x = self.review_button().box.right + 30 * s
        count = sum(len(hand) for hand in hands)
        step = min(26 * s, (nb.x - 20 * s - x - cw - gap * (len(hands) - 1)) / max(count - 1, 1))
        for hand in hands:
            for card in hand:
                surface.blit(self.app.assets.card(card, ch), (x, nb.bottom - ch))
                x += step
            x += gap

    def _celebrate(self, surface: pygame.Surface, s: float) -> None:
        """Confetti falling for a few seconds: a pure function of the time since the scoreboard opened."""
        t = self.time
        if t > 6.0:
            return
        w, h = surface.get_size()
        fade = 1.0 if t < 4.5 else max(0.0, (6.0 - t) / 1.5)
        for x0, speed, drift, colour, phase in self.confetti:
            y = (-0.1 + speed * t * 0.45 - x0 * 0.3) * h
            if y < -10 or y > h + 10:
                continue
            x = x0 * w + drift * 40 * s * math.sin(t * 2 + phase)
            size = 5 * s + 3 * s * abs(math.sin(t * 4 + phase))
            shade = tuple(int(c * (0.55 + 0.45 * fade)) for c in colour)
            pygame.draw.rect(surface, shade, (x, y, size * 1.6, size))
