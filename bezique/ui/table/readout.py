"""The table as its drawing code reads it (``protocol.TableView``), answered from the parts that hold each thing.

The picture is the stage's, the buttons and the pointer are the controls', the turn is the turns', the curtain is
the curtain's: this is the one place that gathers them for ``draw_table``, and the questions only drawing asks
(the prompt line, which cards may be played) are answered here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique.presenter.layout import Layout
from bezique.presenter.model import TableModel
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.seat_link import Link
from bezique.presenter.table_session import TableSession
from bezique.rules import Action, Phase, SeatKind, Verb
from bezique.ui.kit.floaters import Floater
from bezique.ui.kit.sprites import CardSprite
from bezique.ui.kit.widgets import Button
from bezique.ui.table.controls import Controls
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.stage import Stage
from bezique.ui.table.turns import Turns

if TYPE_CHECKING:
    from bezique.ui.app import App

DECLARE_PROMPTS = {(True, False): "table.you_won_trick", (False, False): "table.you_won_trick_draw",
                   (True, True): "table.you_won_trick_seven", (False, True): "table.you_won_trick_draw_seven"}


class TableReadout:
    """Read-only: every member answers from the part that holds it."""

    def __init__(self, app: App, stage: Stage, turns: Turns, controls: Controls, curtain: Curtain,
                 idle: Callable[[], str] = str) -> None:
        self.app = app
        self._idle = idle  # the prompt while nobody is to act (a game on two computers says what it waits for)
        self._stage = stage
        self._turns = turns
        self._controls = controls
        self._curtain = curtain

    # the picture (the stage)
    @property
    def layout(self) -> Layout:
        return self._stage.layout

    @property
    def session(self) -> TableSession:
        return self._stage.session

    @property
    def screen(self) -> ScreenView:
        return self._stage.screen

    @property
    def model(self) -> TableModel:
        return self._stage.model

    @property
    def viewer(self) -> int:
        return self._stage.viewer

    @property
    def sprites(self) -> dict[int, CardSprite]:
        return self._stage.sprites

    @property
    def time(self) -> float:
        return self._stage.time

    @property
    def trump_flash(self) -> float:
        return self._stage.trump_flash

    @property
    def shown_cards(self) -> tuple[int, tuple[int, ...], float] | None:
        return self._stage.shown_cards

    @property
    def floaters(self) -> list[Floater]:
        return self._stage.floaters

    @property
    def cut_timer(self) -> float:
        return self._stage.cut_timer

    @property
    def banner(self) -> list[str]:
        return self._stage.banner

    @property
    def message(self) -> tuple[str, float, tuple[int, int, int]] | None:
        return self._stage.message

    @property
    def decl_scroll(self) -> int:
        return self._stage.decl_scroll

    def at_rest(self) -> bool:
        return self._stage.at_rest()

    # the turn and the curtain
    @property
    def hint(self) -> tuple[Action, str] | None:
        return self._turns.hint

    @property
    def curtain(self) -> bool:
        return self._curtain.hiding

    def human_turn(self) -> bool:
        return self._turns.human_turn()

    # the pointer and the buttons (the controls)
    @property
    def peek(self) -> bool:
        return self._controls.peek

    @property
    def hover_button(self) -> str | None:
        return self._controls.hover_button

    @property
    def hover_disabled(self) -> str | None:
        return self._controls.hover_disabled

    @property
    def hover_meld(self) -> int | None:
        return self._controls.hover_meld

    def can_peek(self) -> bool:
        return self._controls.can_peek()

    def buttons(self) -> tuple[list[Button], list[Button]]:
        return self._controls.buttons()

    def disabled_reason(self, action: str) -> str | None:
        return self._controls.disabled_reason(action)

    def decl_melds(self) -> list[Action]:
        return self._controls.decl_melds()

    def meld_source(self) -> Callable[[int], str]:
        return self._controls.meld_source()

    # questions only drawing asks
    def playable(self) -> set[int]:
        """Faces the viewer may play now (others are dimmed in the final tricks)."""
        screen = self.screen
        if not self.human_turn() or screen.phase != Phase.PLAY:
            return set()
        return {a.cards[0] & 31 for a in screen.legal if a.verb == Verb.PLAY}

    def prompt(self) -> str:
        """The line under the trick when nothing else is said there: whose turn it is and what they may do (in
        hot-seat headed by the player's name: "your turn" alone would not say whose)."""
        line = self._prompt()
        if line and self.session.hotseat and self.human_turn():
            return self.app.t("table.seat_prompt", name=self.session.seats[self.viewer].name, prompt=line)
        return line

    def _prompt(self) -> str:
        session, stage = self.session, self._stage
        T = self.app.t
        if stage.cut_timer > 0:
            return T("table.cutting")
        if stage.queue or stage.hold > 0 or session.over:
            return ""
        seat = session.to_act
        if seat is None:
            return self._idle()
        name = session.seats[seat].name
        if session.seats[seat].kind == SeatKind.AI:
            return T("table.thinking", name=name)
        if not session.plays_here(seat):  # a friend on another computer: the wait, with its moving dots
            if session.seats[seat].link == Link.DROPPED:
                return T("net.waiting_dropped", name=name)
            return T("net.waiting_for", name=name) + "." * (1 + int(stage.time * 2) % 3)
        if seat != stage.viewer or self._curtain.hiding:
            return T("table.opponent_turn", name=name)
        screen = self.screen
        if screen.phase == Phase.DECLARE:
            verbs = {a.verb for a in screen.legal}
            return T(DECLARE_PROMPTS[Verb.MELD in verbs, Verb.EXCHANGE_SEVEN in verbs])
        if screen.trick:
            if screen.final_phase:
                must_win = session.rules.endgame_must_win_trick
                return T("table.final_tricks_must_win") if must_win else T("table.final_tricks_follow")
            return T("table.your_turn_follow")
        if screen.final_phase:
            return T("table.final_lead")
        return T("table.your_lead")
