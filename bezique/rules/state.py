"""The game state: plain mutable data, cheap to clone, changed only by ``engine`` (STYLE.md lesson 1).

Cards are ints (see ``cards``). The stock is a list whose *end* is its top and whose index 0 is the bottom; where
the variant turns up trumps, index 0 is the face-up turn-up, so it is naturally the last card drawn and a seven
exchange just replaces ``stock[0]``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from bezique.rules.ruleset import Ruleset
from bezique.rules.score_ids import MeldId

ScoreEntry = tuple[int, int, int, str, int]
"""One line of a game's score log: (deal, side, seat, score id, points)."""


class Phase(StrEnum):
    """What the game waits for."""

    AWAIT_DEAL = "await_deal"  # a deck is needed to start the next deal
    PLAY = "play"  # someone must play a card to the trick
    DECLARE = "declare"  # the declaration step after a phase-1 trick
    OVER = "over"  # the game has ended


class MeldRecord(NamedTuple):
    """One declaration (RULES.md §1.8): which type, with exactly which physical cards, by whom."""

    kind: MeldId
    cls: str  # "M" marriages and sequences, "B" beziques, "Q" quartets
    value: int
    cards: tuple[int, ...]
    seat: int
    suit: int | None  # marriages and sequences: their suit
    level: int  # beziques: number of pairs; otherwise 0


class Settlement(NamedTuple):
    """How a Rubicon or Chinese deal was settled (RULES.md §5.6)."""

    raw: tuple[int, ...]
    total: tuple[int, ...]
    settled: tuple[int, ...]  # what each seat gained for the match
    brisques_counted: bool
    winner: int | None  # None: a drawn deal
    rubiconed: bool


class DealSummary(NamedTuple):
    """What one finished deal amounted to (for the score sheet and ``replay --json``)."""

    dealer: int
    trump: int | None
    melds: tuple[MeldRecord, ...]
    points: tuple[int, ...]  # per side: everything scored in the deal (raw points in Rubicon and Chinese)
    settlement: Settlement | None = None  # Rubicon and Chinese only


class GameState:
    """Everything about a game in progress. Read it freely; change it only through ``engine``."""

    __slots__ = (
        "best",
        "blanche",
        "broken",
        "deal_index",
        "deal_points",
        "dealer",
        "exposed",
        "final_phase",
        "finished",
        "first_dealer",
        "hands",
        "hist",
        "leader",
        "log",
        "past_deals",
        "phase",
        "played",
        "records",
        "rules",
        "scores",
        "spent",
        "step_acted",
        "step_actor",
        "step_exchanged",
        "step_melded",
        "step_taken",
        "stock",
        "tables",
        "tiebreak",
        "to_act",
        "trick",
        "trick_seats",
        "trick_winner",
        "tricks_done",
        "tricks_log",
        "trump",
        "winner",
        "won",
    )

    def __init__(self, rules: Ruleset, first_dealer: int) -> None:
        n = rules.players
        self.rules = rules
        self.first_dealer = first_dealer
        self.scores = [0] * rules.sides
        self.dealer = first_dealer
        self.deal_index = -1  # becomes 0 when the first deal starts
        self.phase = Phase.AWAIT_DEAL
        self.final_phase = False
        self.trump: int | None = None
        self.stock: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tables: list[list[int]] = [[] for _ in range(n)]
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.best = 0  # index in `trick` of the card winning so far
        self.leader = 0
        self.to_act: int | None = None
        self.tricks_done = 0
        self.tricks_log: list[tuple[int, tuple[tuple[int, int], ...]]] = []  # (winner, ((seat, card), ...))
        self.played: list[int] = []  # cards played to tricks this deal, in order (public knowledge)
        self.records: list[MeldRecord] = []
        self.broken: list[bool] = []
        self.hist: dict[int, tuple[int, ...]] = {}  # card -> indices of the records it belongs to
        self.spent: set[int] = set()  # sevens of trumps that have scored
        self.exposed: set[int] = set()  # concealed cards every player has seen (swap, last turn-up, ...)
        self.trick_winner = 0
        self.step_actor = 0
        self.step_melded = False
        self.step_exchanged = False
        self.step_acted = False  # any action taken in this step (a pass is only allowed first)
        self.step_taken: int | None = None  # card taken by a seven exchange in this step
        self.deal_points = [0] * rules.sides
        self.log: list[ScoreEntry] = []
        self.past_deals: list[DealSummary] = []
        self.blanche = [False] * n  # carte blanche privilege still running (Rubicon, Chinese; RULES.md §5.2)
        self.tiebreak: tuple[int, ...] | None = None  # sides tied at the end, playing one more deal
        self.finished = False
        self.winner: int | None = None  # winning side (seat in individual play); None for a draw

    def clone(self) -> GameState:
        """An independent copy, for search and "what if" (immutable parts are shared). The search clones a state
        for every candidate of every sampled deal: the shared attributes are listed once (``_SHARED``) rather than
        copied by name and then overwritten."""
        other = GameState.__new__(GameState)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.scores = self.scores[:]
        other.stock = self.stock[:]
        other.hands = [h[:] for h in self.hands]
        other.tables = [t[:] for t in self.tables]
        other.won = [w[:] for w in self.won]
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        other.played = self.played[:]
        other.tricks_log = self.tricks_log[:]
        other.records = self.records[:]
        other.broken = self.broken[:]
        other.hist = self.hist.copy()
        other.spent = self.spent.copy()
        other.exposed = self.exposed.copy()
        other.deal_points = self.deal_points[:]
        other.blanche = self.blanche[:]
        other.log = self.log[:]
        other.past_deals = self.past_deals[:]
        return other

    # --- read-only conveniences ------------------------------------------------------------------------------
    @property
    def turn_up(self) -> int | None:
        """The face-up card under the stock, or None (no turn-up variant, or already drawn)."""
        return self.stock[0] if self.stock and self.rules.turn_up_trump else None

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def last_trick(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) pairs of the last completed trick of this deal, or ()."""
        return self.tricks_log[-1][1] if self.tricks_log else ()

    def hand_of(self, seat: int) -> list[int]:
        """All cards a seat holds: concealed hand then table."""
        return self.hands[seat] + self.tables[seat]

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def partners(self, seat: int) -> list[int]:
        """The other seats of the same side (empty in individual play)."""
        if not self.rules.partnership:
            return []
        return [s for s in range(self.rules.players) if s != seat and s % 2 == seat % 2]


_COPIED = frozenset({"scores", "stock", "hands", "tables", "won", "trick", "trick_seats", "played", "tricks_log",
                     "records", "broken", "hist", "spent", "exposed", "deal_points", "blanche", "log", "past_deals"})
_SHARED = tuple(name for name in GameState.__slots__ if name not in _COPIED)
"""The attributes ``GameState.clone`` shares: immutable values (ints, enums, the ruleset, tuples). Any attribute
not named in ``_COPIED`` is shared, so a new mutable one must be added there."""
