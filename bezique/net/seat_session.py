"""One seat of a hosted game, as the window's table plays it: a ``TableSession`` made of what the host sent.

There is no game state here: the host owns the game. The session keeps the updates the host sent this seat (its
``PlayerView``, the events redacted for it, its legal actions, every seat's connection) and hands them to the table
one at a time, as *news*, when the table is ready to show them (``next_news`` / ``take_news``), so the table's
picture, animations and prompts follow the game move by move as they do in a game at one screen. The seat's own
moves go to the host (``make_move`` sends them and returns no events: they come back in the next update, with
everyone else's); until then nobody here is to act, so a second click cannot send a second move. Between deals,
``start_deal`` tells the host this seat is ready. Of the table's optional capabilities it offers the news only: no
move is taken back, the host's computers play their own seats, and the record is kept at the host.

What the table asks of the game beyond the view (why a move is refused, what an exchange of the seven would
take, which copy of a card a click means) depends only on the seat's own cards and the public ones: it is asked
of a state made up around the view (``determinize``), never of another seat's cards. No pygame here.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Protocol

from bezique.net.protocol import Update
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.session import play_meaning, preview_on
from bezique.presenter.table_session import Capabilities, News, Seat
from bezique.rules import (
    Action,
    Event,
    EventKind,
    GameState,
    Phase,
    PlayerView,
    Refusal,
    RefusalCode,
    Ruleset,
    determinize,
    why_illegal,
)


class HostChannel(Protocol):
    """What the session sends the host through (``net.client.Client``); not a seat's ``Link``, how it is
    connected."""

    def send_move(self, action: Action) -> None: ...
    def ready(self) -> None: ...


class SeatSession:
    """The table's game for the seat the host gave this window (`first`: the host's first update to it)."""

    def __init__(self, host: HostChannel, first: Update) -> None:
        self.host = host
        self.current = first
        self.seat = first.view.seat
        self.seed = 0  # the hint's and the scoreboard's own chances only: the game's seed stays with the host
        # the news only: a move reaches the other players at once (none is taken back), the host's computers play
        # their own seats, the host keeps the record, and the table is built from the view the host sent
        self.capabilities = Capabilities(news=self)
        self.sent_at: int | None = None  # the host's version when this seat's move was sent, until it is answered
        self.asked_deal = False  # "next deal" sent: the host waits for the others
        self._pending: deque[Update] = deque()
        self._version = 0
        self._screen: tuple[int, ScreenView] | None = None
        self._world: tuple[int, GameState] | None = None
        self._seats: tuple[Update | None, list[Seat]] = (None, [])

    # --- what the host sends -----------------------------------------------------------------------------------
    def receive(self, update: Update) -> None:
        """An update from the host, kept until the table shows it."""
        self._pending.append(update)

    def refused(self) -> None:
        """The host refused this seat's move (stale, or the rules said no): the seat chooses again."""
        self.sent_at = None

    def next_news(self) -> News | None:
        if not self._pending:
            return None
        return self._news(self._pending[0])

    def take_news(self) -> News:
        update = self._pending.popleft()
        news = self._news(update)
        self.current = update
        self._version += 1
        if self.sent_at is not None and update.version > self.sent_at:
            self.sent_at = None  # the host has played the move sent (or the game moved on without it)
        if update.view.phase != Phase.AWAIT_DEAL:
            self.asked_deal = False
        return news

    def _news(self, update: Update) -> News:
        """`update` as news: its events, whether the view moved on by more than them (a version skipped: updates
        lost while the connection was down), and the seat that moved."""
        whole = update.version > self.current.version + 1
        dealt = any(e.kind == EventKind.DEAL_STARTED for e in update.events)
        moved = update.version == self.current.version + 1 and not dealt
        return News(update.events, whole, self.current.view.to_act if moved else None)

    # --- the game as the table reads it ------------------------------------------------------------------------
    @property
    def view(self) -> PlayerView:
        return self.current.view

    @property
    def rules(self) -> Ruleset:
        return self.view.rules

    @property
    def seats(self) -> list[Seat]:
        """Every seat as the last update shown names it (its player, the host's computer at its level, its link)."""
        if self._seats[0] is not self.current:
            self._seats = (self.current, [Seat(s.name, s.kind, s.level, s.link) for s in self.current.seats])
        return self._seats[1]

    @property
    def version(self) -> int:
        return self._version

    @property
    def humans(self) -> list[int]:
        return [self.seat]

    hotseat = False

    def person_from(self, seat: int) -> int:
        return self.seat

    @property
    def to_act(self) -> int | None:
        """Who is to act, as far as this window knows: nobody while this seat's move is on its way."""
        return None if self.sent_at is not None else self.view.to_act

    @property
    def awaiting_deal(self) -> bool:
        return self.view.phase == Phase.AWAIT_DEAL and not self.asked_deal

    @property
    def over(self) -> bool:
        return self.view.phase == Phase.OVER

    @property
    def shows_all(self) -> bool:
        return self.rules.open_hands

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Between deals, the people whose "next deal" the host still waits for."""
        return self.current.waiting

    def screen(self, seat: int) -> ScreenView:
        cached = self._screen
        if cached is not None and cached[0] == self._version:
            return cached[1]
        screen = ScreenView.of(self.view, dict(self.current.laid) if self.over else None)
        self._screen = (self._version, screen)
        return screen

    def shown_events(self, events: list[Event], seat: int) -> list[Event]:
        """The host redacted them for this seat already."""
        return list(events)

    def plays_here(self, seat: int) -> bool:
        return seat == self.seat

    # --- this seat's moves -------------------------------------------------------------------------------------
    def start_deal(self) -> list[Event]:
        """Ask the host for the next deal (it deals once everyone has): its cards come as news."""
        if self.seat in self.current.waiting:
            self.host.ready()
        self.asked_deal = True
        return []

    def make_move(self, action: Action, chosen: bool = True) -> list[Event]:
        """Send `action` to the host; its events come back as news."""
        self.host.send_move(action)
        self.sent_at = self.current.version
        return []

    def legal(self) -> list[Action]:
        return list(self.current.legal) if self.to_act == self.seat else []

    def _made_up(self) -> GameState:
        """A state consistent with the seat's view (the others' cards dealt at random), once per position."""
        cached = self._world
        if cached is None or cached[0] != self._version:
            cached = (self._version, determinize(self.view, random.Random(self._version)))
            self._world = cached
        return cached[1]

    def why_illegal(self, action: Action) -> Refusal | None:
        if self.to_act != self.seat:
            return Refusal(RefusalCode.NOT_YOUR_TURN, "it is not this seat's turn" if self.sent_at is None else
                           "this seat's move is on its way to the host")
        if action in self.current.legal:
            return None
        return why_illegal(self._made_up(), action)

    def preview(self, action: Action) -> list[Event]:
        return preview_on(self._made_up(), action)

    def play_meant(self, seat: int, card: int) -> Action:
        return play_meaning(self._made_up(), seat, card)
