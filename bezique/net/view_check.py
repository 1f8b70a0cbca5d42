"""What a host sends a window checked against the game's own rules before the window draws it: a seat's view, the
events and legal actions beside it, the hands laid down at the end.

Why a check beyond the fields' types (``wire``): the window trusts a view to be a game's. A seat 7 of a two-handed
game, a suit 9, a trick's best card past its end, a side the scores have not, are each an index out of range in the
table's code; a count of a billion cards in the stock is a billion card backs laid out. Each would crash or freeze
the friend's window, so each is refused here, by name, with the message that carried it (``protocol.parse_host``
reads every update through ``consistent`` and ``news_agree``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from bezique.net.wire import WireError
from bezique.rules import Action, DealSummary, Event, EventKind, MeldRecord, PlayerView, determinize

SUITS = 4
MAX_LEVEL = 8  # a bezique's pairs (a quadruple is four): beyond it no meld


class Shape(NamedTuple):
    """What an event of one kind carries, as ``EventKind``'s comments say: whether it names a seat, and how many
    cards (a hidden draw or packet carries none)."""

    seat: bool
    fewest: int = 0
    most: int = 0


ANY = 1 << 10  # as many cards as the game has (a trick's, a meld's, a score's): bounded by the packs
EVENT_SHAPES: Mapping[EventKind, Shape] = {
    EventKind.DEAL_STARTED: Shape(True), EventKind.DEALT: Shape(True, 0, ANY), EventKind.TURN_UP: Shape(False, 1, 1),
    EventKind.CARD_PLAYED: Shape(True, 1, 1), EventKind.TRICK_WON: Shape(True, 0, ANY),
    EventKind.DECLARATION_STEP: Shape(True), EventKind.MELD_DECLARED: Shape(True, 1, ANY),
    EventKind.SEVEN_EXCHANGED: Shape(True, 2, 2), EventKind.SEVEN_DECLARED: Shape(True, 0, ANY),
    EventKind.PASSED_TO_PARTNER: Shape(True), EventKind.CARD_DRAWN: Shape(True, 0, 1),
    EventKind.FINAL_PHASE: Shape(False), EventKind.SCORED: Shape(False, 0, ANY), EventKind.DEAL_SCORED: Shape(False),
    EventKind.DEAL_SETTLED: Shape(False), EventKind.TIE_BREAK_DEAL: Shape(False), EventKind.GAME_OVER: Shape(False),
}


class _Game:
    """The numbers a view's parts must agree with: its game's seats, sides and cards."""

    def __init__(self, view: PlayerView) -> None:
        self.players = view.rules.players
        self.sides = view.rules.sides
        self.cards = 32 * view.rules.packs
        self.packs = view.rules.packs

    def seat(self, value: int | None, where: str, optional: bool = False) -> None:
        if not (value is None and optional) and not (isinstance(value, int) and 0 <= value < self.players):
            raise WireError(f"{where}: {value!r:.20} is not a seat of this {self.players}-handed game")

    def within(self, value: int | None, low: int, high: int, where: str, optional: bool = False) -> None:
        """`value` from `low` to `high` (None too if `optional`)."""
        if not (value is None and optional) and not (isinstance(value, int) and low <= value <= high):
            raise WireError(f"{where}: {value!r:.20} is not from {low} to {high}")

    def suit(self, value: int | None, where: str) -> None:
        self.within(value, 0, SUITS - 1, where, optional=True)

    def count(self, value: int, where: str) -> None:
        """A number of cards: none to every card of the game's packs."""
        self.within(value, 0, self.cards, where)

    def card_list(self, cards: Iterable[int], where: str) -> None:
        if any(not 0 <= card < self.cards for card in cards):
            raise WireError(f"{where}: a card beyond the game's {self.packs} packs")

    def length(self, values: Sequence[object], low: int, high: int, where: str) -> None:
        if not low <= len(values) <= high:
            raise WireError(f"{where}: expected {low} to {high} entries, found {len(values)}")

    def meld(self, record: MeldRecord, where: str) -> None:
        self.seat(record.seat, f"{where}.seat")
        self.suit(record.suit, f"{where}.suit")
        self.within(record.level, 0, MAX_LEVEL, f"{where}.level")
        self.card_list(record.cards, f"{where}.cards")

    def deal(self, deal: DealSummary, where: str) -> None:
        self.seat(deal.dealer, f"{where}.dealer")
        self.suit(deal.trump, f"{where}.trump")
        self.length(deal.points, self.sides, self.sides, f"{where}.points")
        for at, record in enumerate(deal.melds):
            self.meld(record, f"{where}.melds[{at}]")
        settlement = deal.settlement
        if settlement is not None:
            for name in ("raw", "total", "settled"):
                self.length(getattr(settlement, name), 1, self.players, f"{where}.settlement.{name}")
            self.seat(settlement.winner, f"{where}.settlement.winner", optional=True)


def consistent(view: PlayerView) -> PlayerView:
    """`view`, once its parts agree with its rules: every seat it names is a seat of the game, every suit a suit,
    every card a card of its packs, every count of cards at most the packs' cards, the trick's best card one of the
    trick, each per-seat list one entry a seat and each per-side list one a side.

    Raises:
        WireError: the first part that does not agree, named.
    """
    game = _Game(view)
    game.seat(view.seat, "view.seat")
    game.seat(view.to_act, "view.to_act", optional=True)
    game.seat(view.dealer, "view.dealer")
    game.seat(view.winner, "view.winner", optional=True)
    game.seat(view.trick_winner, "view.trick_winner")
    game.seat(view.step_actor, "view.step_actor")
    game.suit(view.trump, "view.trump")
    game.within(view.deal_index, -1, game.cards, "view.deal_index")
    for name in ("stock_count", "tricks_done"):
        game.count(getattr(view, name), f"view.{name}")
    for name in ("tables", "hand_counts", "known", "blanche"):
        if len(getattr(view, name)) != game.players:
            raise WireError(f"view.{name}: expected one entry a seat ({game.players})")
    for at, count in enumerate(view.hand_counts):
        game.count(count, f"view.hand_counts[{at}]")
    for name in ("scores", "deal_points"):
        if len(getattr(view, name)) != game.sides:
            raise WireError(f"view.{name}: expected one entry a side ({game.sides})")
    every = [*view.hand, *(c for t in view.tables for c in t), *(c for k in view.known for c in k),
             *view.played, *view.spent, *(() if view.turn_up is None else (view.turn_up,)),
             *(() if view.step_taken is None else (view.step_taken,))]
    game.card_list(every, "view")
    for at, (who, _card) in enumerate(view.trick):
        game.seat(who, f"view.trick[{at}]")
    if view.trick:
        game.within(view.trick_best, 0, len(view.trick) - 1, "view.trick_best")
    for at, (winner, plays) in enumerate(view.tricks_log):
        game.seat(winner, f"view.tricks_log[{at}]")
        for who, _card in plays:
            game.seat(who, f"view.tricks_log[{at}]")
    for at, record in enumerate(view.records):
        game.meld(record, f"view.records[{at}]")
    for at, (deal_index, side, who, _score, _points) in enumerate(view.log):
        game.within(deal_index, 0, game.cards, f"view.log[{at}][0]")
        game.within(side, 0, game.sides - 1, f"view.log[{at}][1]")
        game.seat(who, f"view.log[{at}][2]")
    for at, summary in enumerate(view.past_deals):
        game.deal(summary, f"view.past_deals[{at}]")
    if view.tiebreak is not None:
        game.length(view.tiebreak, 1, game.players, "view.tiebreak")
    for seat in range(game.players):
        known, count = len(view.known[seat]), view.hand_counts[seat]
        held = len(view.hand) if seat == view.seat else known
        if known > count or (seat == view.seat and count != held):
            raise WireError(f"view.hand_counts[{seat}]: {count} cards, but {held} known to be there")
    try:  # the last word: the window builds a game from the view (to tell a refused move, to hint); so must this
        determinize(view, random.Random(0))
    except (ValueError, IndexError, KeyError) as exc:
        raise WireError(f"view: no game has it ({exc})") from None
    return view


def news_agree(view: PlayerView, events: Sequence[Event], legal: Sequence[Action],
               laid: Mapping[int, Sequence[int]]) -> None:
    """What comes with a view agrees with its game: the events' seats and cards, the legal actions' cards and
    partners, the laid hands' seats and cards.

    Raises:
        WireError: the first part that does not agree, named.
    """
    game = _Game(view)
    for at, event in enumerate(events):
        shape = EVENT_SHAPES[event.kind]
        if event.kind == EventKind.GAME_OVER:  # the winning side's
            game.within(event.seat, 0, game.sides - 1, f"events[{at}].seat", optional=True)
        else:
            game.seat(event.seat, f"events[{at}].seat", optional=not shape.seat)
        game.length(event.cards, shape.fewest, shape.most, f"events[{at}].cards")
        game.card_list(event.cards, f"events[{at}].cards")
        if event.kind == EventKind.DEALT and len(event.cards) not in (0, view.rules.hand_size):
            raise WireError(f"events[{at}].cards: a hand dealt is {view.rules.hand_size} cards (or hidden: none)")
    for at, action in enumerate(legal):
        game.card_list(action.cards, f"legal[{at}]")
        game.seat(action.seat, f"legal[{at}].pass_to_partner", optional=True)
    for seat, cards in laid.items():
        game.seat(seat, "laid")
        game.card_list(cards, f"laid[{seat}]")
