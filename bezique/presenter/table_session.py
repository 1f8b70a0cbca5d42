"""What a table plays: the game as one screen may know it, however it is run (``TableSession``).

Two kinds of game sit at the window's table. ``GameSession`` (session.py) holds the whole game: the table's moves
change it at once and the computer's moves are worked out beside it. A seat of a game hosted on another computer
(``bezique.net.seat_session.SeatSession``) holds only what the host sent that seat: its moves are sent to the host
and every change, its own included, comes back later as *news* (the events as that seat may see them). The table
asks the same questions of both, so the network's table is the real table, with its animations, hints, panels and
scoreboards, and it cannot hold a card that its players may not know: neither session offers one. No pygame here.

The seam is small: what the table reads (the seats, the seat's ``ScreenView``, who is to act) and the ``Mover``
(legal, why illegal, preview, the click's meaning, the move, the next deal). What only some games offer (taking a
move back, news from elsewhere, the computers' seats, the record for a review, the assistance mark, the cut for
the first dealer) is a ``Capabilities`` entry, each a small protocol or None, which the table asks for and builds
on (the Undo button's reasons, the review button) instead of calling methods that would only say no.

A move passes through one name per role: the table *tries* it (``TableScene.try_move``: refused with the rules'
reason, or made), the session *makes* it (``make_move``: a game here applies it, a seat of a hosted game
*sends* it, ``Client.send_move``), and the rules' record *acts* it (``RecordedGame.act``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bezique.presenter.screen_view import ScreenView
from bezique.presenter.seat_link import Link
from bezique.rules import Action, Event, PlayerView, RecordedGame, Refusal, Ruleset, SeatKind


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its player's name, who plays it, the computer's level, and for a game on several
    computers the seat's connection (``link``: here, open (nobody joined yet), connected, dropped; None in a game
    at one screen)."""

    name: str
    kind: SeatKind
    level: str = ""
    link: Link | None = None


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


class Mover(Protocol):
    """The moves of the game, as the table makes them for the people at this screen: which are legal, why one is
    refused, what one would bring, the move itself, and the next deal."""

    def legal(self) -> list[Action]:
        """The moves the seat to act may make (none while nobody here may)."""
    def why_illegal(self, action: Action) -> Refusal | None:
        """Why the rules refuse `action` now (a code for the window's words), or None."""
    def preview(self, action: Action) -> list[Event]:
        """The events `action` would bring, as its seat would see them; nothing changes."""
    def play_meant(self, seat: int, card: int) -> Action:
        """The legal play a click on `seat`'s `card` means (the rules list one copy of each card's twins)."""
    def make_move(self, action: Action, chosen: bool = True) -> list[Event]:
        """Make `action` for the seat to act; the events to show now (none where they come back as news).
        `chosen`: the player chose it (False: the table made a forced move for them)."""
    def start_deal(self) -> list[Event]:
        """Deal the next hand (or ask the game's host for it); the events to show now."""


class Undo(Protocol):
    """Taking the player's last move back, while they have seen nothing new since it."""

    def can_undo(self) -> bool: ...
    def why_no_undo(self) -> str | None:
        """Why nothing can be taken back (a key of ``session.UNDO_REASONS``), or None when something can."""
    def undo(self) -> bool: ...
    def seen(self, event: Event, viewer: int, turn_up: int | None) -> None:
        """The table has just shown `viewer` the (redacted) `event`: a card they did not know closes undo."""


class NewsFeed(Protocol):
    """Changes made elsewhere (a game held on another computer), shown one at a time when the table is ready."""

    def next_news(self) -> News | None:
        """The next change not yet shown (the table takes it with ``take_news`` when it is ready to show it);
        None when nothing has come."""
    def take_news(self) -> News:
        """The game moves on by the next news, which is returned for the table to show."""


class Computers(Protocol):
    """The computer players of this window's seats decide from what their seat may know."""

    def computer_view(self, seat: int) -> PlayerView: ...


class Review(Protocol):
    """The game's record is here, so a deal of it can be reviewed."""

    @property
    def game(self) -> RecordedGame: ...


class Assist(Protocol):
    """Whether the player was helped (undo, the card tracker), kept with the game for its statistics."""

    @property
    def assisted(self) -> bool: ...
    def mark_assisted(self) -> None: ...


class Cut(Protocol):
    """A game begun at this table: the cut for the first dealer, shown before the first deal."""

    @property
    def cut(self) -> list[list[tuple[int, int]]]:
        """The rounds of the cut, each the cards drawn (seat, card); the last decided."""
    @property
    def first_dealer(self) -> int: ...


@dataclass(frozen=True)
class Capabilities:
    """What a game offers beyond the seam, each None where it does not: the table asks for one (and offers what it
    holds: the Undo button, the review of a deal...) instead of calling a method that would only say no."""

    undo: Undo | None = None
    news: NewsFeed | None = None
    computers: Computers | None = None
    review: Review | None = None
    assist: Assist | None = None
    cut: Cut | None = None


class TableSession(Mover, Protocol):
    """The game as the table reads and plays it (``GameSession`` and the network's ``SeatSession``): the seats, the
    seat's ``ScreenView``, the events as the screen shows them, who is to act, the moves (``Mover``), and what else
    the game offers (``capabilities``). An architecture test holds the table to these members."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def seed(self) -> int:
        """The table's own chances (the hint's player, the confetti): the game's seed where it is held here."""
    @property
    def version(self) -> int:
        """Moves on at every change of what the table shows."""
    @property
    def humans(self) -> list[int]:
        """The seats played by the people at this screen."""
    @property
    def hotseat(self) -> bool:
        """Several people share this screen (the table turns to each at their turn, behind a curtain)."""
    def person_from(self, seat: int) -> int:
        """The first person's seat at this screen from `seat` on, clockwise."""
    @property
    def to_act(self) -> int | None: ...
    @property
    def awaiting_deal(self) -> bool:
        """The table is to deal (or, on a network, to ask the host for) the next deal."""
    @property
    def over(self) -> bool: ...
    @property
    def shows_all(self) -> bool:
        """The screen shows every hand (Open Bezique; the demo)."""
    def screen(self, seat: int) -> ScreenView:
        """What the people at the screen may see, `seat`'s side facing them."""
    def shown_events(self, events: list[Event], seat: int) -> list[Event]:
        """`events` as the screen shows them, `seat`'s side facing it."""
    def plays_here(self, seat: int) -> bool:
        """Whether this window makes `seat`'s moves (its people's, or its computers'); else they come as news."""
    @property
    def capabilities(self) -> Capabilities: ...
