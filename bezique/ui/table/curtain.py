"""The hot-seat curtain and the screens that sit over the table (hand-over, scoreboard, pause, score log).

Two people at one screen must not see each other's hand: between their turns the bottom hand lies face down (the
curtain) and an opaque hand-over screen asks for the next player. The scoreboard after each deal, the pause screen
and the score log sit over the table too, and while one of them is open the game waits. This part opens them and
hears back from them through the callbacks it gives them (they never see the table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique.presenter.table_session import TableSession
from bezique.rules import Event
from bezique.ui.scene import Host
from bezique.ui.table.options import TableOptions
from bezique.ui.table.overlays import HandOverScene, LogOverlay, PauseOverlay, ResultOverlay
from bezique.ui.table.stage import Stage

if TYPE_CHECKING:
    from bezique.ui.app import App


class Curtain:
    """Whether the bottom hand is hidden and whether a screen is open over the table; opens those screens.

    Args:
        host: where the player's way out of the game goes (menu, new game, settings); None: they quit.
        start_deal: deals the next hand, when the scoreboard of a deal is closed.
    """

    def __init__(self, app: App, session: TableSession, stage: Stage, options: TableOptions, host: Host | None,
                 start_deal: Callable[[], None]) -> None:
        self.app = app
        self.session = session
        self.stage = stage
        self.opt = options
        self.host = host
        self.start_deal = start_deal
        self.hiding = False  # hot-seat: the bottom hand is shown face down until the hand-over
        self.overlay_open = False  # a hand-over or a scoreboard is up: nobody acts until it closes
        self.game_over_shown = False
        self.pending_deal: list[Event] | None = None  # hot-seat: the new deal, shown after the hand-over

    def hand_over(self, seat: int) -> None:
        """Hide the bottom hand and ask for `seat`'s player."""
        self.hiding = True
        self.overlay_open = True
        self.app.push(HandOverScene(self.app, seat, self.session.seats[seat].name,
                                    on_ready=lambda: self.finish_hand_over(seat), on_pause=self.open_pause,
                                    recap=list(self.stage.recent)))

    def finish_hand_over(self, seat: int) -> None:
        """Called by the hand-over screen before it closes: the table now shows `seat`'s side."""
        if self.pending_deal is not None:
            events, self.pending_deal = self.pending_deal, None
            self.hiding = False
            self.overlay_open = False
            self.stage.feed(events)
            return
        self.stage.look_from(seat)
        self.stage.rebuild(animate=False)
        self.hiding = False
        self.overlay_open = False

    def open_result(self, game_over: bool) -> None:
        """The scoreboard of the deal just scored (or of the whole game)."""
        stage = self.stage
        self.overlay_open = True
        self.app.push(ResultOverlay(self.app, self.session, [stage.viewer, *stage.model.others],
                                    list(stage.deal_events), game_over, stage.speed, self.opt.demo,
                                    on_close=lambda action: self.result_closed(game_over, action),
                                    on_pause=self.open_pause,
                                    # a deal is reviewed from its record: a seat of a game hosted elsewhere has none
                                    on_review=None if self.host is None or self.session.capabilities.review is None
                                    else self.host.open_review))

    def result_closed(self, game_over: bool, action: str) -> None:
        """The scoreboard closed with `action`: the next deal, or after the game a new one, the menu or the end."""
        self.overlay_open = False
        if not game_over:
            self.start_deal()
        elif self.opt.demo or self.host is None:
            self.app.quit()
        elif action == "new":
            self.host.new_game_screen()
        else:
            self.host.open_menu()

    def open_pause(self) -> None:
        """The pause screen (Esc or Menu): Settings and Save and quit when the host keeps games (never in the
        demo), else How to play and Quit."""
        host = self.host
        keeps = host is not None and host.keeps_games
        if keeps and not self.opt.demo:
            assert host is not None
            self.app.push(PauseOverlay(self.app, host.open_menu, host.open_settings, saved_note=True,
                                       save_failing=host.save_failing, variant=self.session.rules.variant,
                                       howto=host.open_howto))
        else:
            self.app.push(PauseOverlay(self.app, None, None, saved_note=keeps, variant=self.session.rules.variant,
                                       howto=None if host is None else host.open_howto))

    def open_log(self) -> None:
        """The meld and score log (L or Score log)."""
        self.app.push(LogOverlay(self.app, self.session, lambda: self.stage.screen))
