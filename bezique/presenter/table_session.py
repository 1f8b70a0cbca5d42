"""What a table plays: the game as one screen may know it, however it is run (``TableSession``).

Two kinds of game sit at the window's table. ``GameSession`` (session.py) holds the whole game: the table's moves
change it at once and the computer's moves are worked out beside it. A seat of a game hosted on another computer
(``bezique.net.seat_session.SeatSession``) holds only what the host sent that seat: its moves are sent to the host
and every change, its own included, comes back later as *news* (the events as that seat may see them). The table
asks the same questions of both, so the network's table is the real table, with its animations, hints, panels and
scoreboards, and it cannot hold a card that its players may not know: neither session offers one. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bezique.presenter.screen_view import ScreenView
from bezique.rules import Action, Event, PlayerView, RecordedGame, Refusal, Ruleset, SeatKind


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its player's name, who plays it, the computer's level, and for a game on several
    computers the seat's connection (``link``: "here", "open" (nobody joined yet), "connected", "dropped"; empty
    in a game at one screen)."""

    name: str
    kind: SeatKind
    level: str = ""
    link: str = ""


def record_seat(player: Mapping[str, Any]) -> Seat:
    """The seat a record's `player` sat in (its name, type and level; the record's check has made sure of them)."""
    return Seat(str(player.get("name", "")), SeatKind(player.get("type", SeatKind.HUMAN)),
                str(player.get("level", "") or ""))


@dataclass(frozen=True)
class News:
    """A change made elsewhere (another computer's player, the host's computers, a deal the host started): the
    events as the screen's seat may see them; `whole`: the view moved on by more than these events (a rejoin after
    a drop), so the table is redrawn from the view; `actor`: the seat whose move it is, if a seat moved."""

    events: tuple[Event, ...]
    whole: bool = False
    actor: int | None = None


class TableSession(Protocol):
    """The game as the table reads and plays it (``GameSession`` and the network's ``SeatSession``)."""

    allow_undo: bool
    assisted: bool
    on_change: Callable[..., None] | None

    @property
    def rules(self) -> Ruleset: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def seed(self) -> int: ...
    @property
    def cut(self) -> list[list[tuple[int, int]]]: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def resumed(self) -> bool: ...
    @property
    def version(self) -> int: ...
    @property
    def game(self) -> RecordedGame | None:
        """The game's record, for a review of a deal; None where the record is kept on another computer."""
    @property
    def humans(self) -> list[int]:
        """The seats played by the people at this screen."""
    @property
    def hotseat(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def awaiting_deal(self) -> bool:
        """The table is to deal (or, on a network, to ask the host for) the next deal."""
    @property
    def over(self) -> bool: ...
    @property
    def shows_all(self) -> bool: ...

    def person_from(self, seat: int) -> int: ...
    def screen(self, seat: int) -> ScreenView: ...
    def shown_events(self, events: list[Event], seat: int) -> list[Event]: ...
    def start_deal(self) -> list[Event]: ...
    def act(self, action: Action, chosen: bool = True) -> list[Event]: ...
    def legal(self) -> list[Action]: ...
    def why_illegal(self, action: Action) -> Refusal | None: ...
    def preview(self, action: Action) -> list[Event]: ...
    def canonical_play(self, seat: int, card: int) -> Action: ...
    def computer_view(self, seat: int) -> PlayerView: ...
    def seen(self, event: Event, viewer: int, turn_up: int | None) -> None: ...
    def can_undo(self) -> bool: ...
    def why_no_undo(self) -> str | None: ...
    def undo(self) -> bool: ...

    def plays_here(self, seat: int) -> bool:
        """Whether this window makes `seat`'s moves (its people's, or its computers'); else they come as news."""
    def next_news(self) -> News | None:
        """The next change made elsewhere, not yet shown (the table takes it with ``take_news`` when it is ready
        to show it); None when nothing has come."""
    def take_news(self) -> News:
        """The game moves on by the next news, which is returned for the table to show."""
