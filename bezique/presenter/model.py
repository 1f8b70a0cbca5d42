"""What the table shows, as plain data changed one event at a time (STYLE.md lesson 7), and where each card goes.

The table scene never diffs game states: it feeds each (redacted) engine event to ``TableModel.apply``, which
moves card *keys* between zones, and ``placements`` turns the model into a resting place for every key. A key is
a card uid (>= 0) when the viewer may know the card, or a negative number for a face-down card whose identity the
viewer does not know (the opponent's hand, the stock, the deck before the deal). ``apply`` returns the renames
(hidden key -> uid when a card is revealed, and back when it is hidden again) so sprites keep flying smoothly.

``from_view`` builds the same model straight from a ``PlayerView``: used when the viewer changes (hot-seat hand-over)
and as a safety net at the end of every batch of events (a mismatch is reported, never silently ignored).
No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from bezique.geometry import Slot
from bezique.presenter.layout import Layout
from bezique.presenter.meld_groups import MeldGroup, Record, group_melds
from bezique.rules import Event, EventKind, GameEndMode, MeldId, PlayerView, Ruleset, rank_of, suit_of

Z_WON, Z_TURNUP, Z_STOCK, Z_MELD, Z_OPP, Z_TRICK, Z_HAND = 0, 100, 200, 400, 500, 600, 700


class Staging(StrEnum):
    """What the table shows between the rules' events, which the rules do not report apart: a packet of the deal
    (the stage splits each ``dealt`` by the deal pattern, as the dealer deals), the stock laid down where no card
    is turned up (Rubicon, Chinese), and a finished trick kept on show before it is gathered."""

    PACKET = "packet"  # seat, cards (empty when hidden), points = how many cards
    STOCK_LAID = "stock_laid"
    TRICK_READ = "trick_read"  # seat = the trick's winner, cards


class Step(NamedTuple):
    """One staging step, with an ``Event``'s fields so that the model and the stage take either alike."""

    kind: Staging
    seat: int | None = None
    cards: tuple[int, ...] = ()
    points: int = 0
    label: str = ""


Shown = Event | Step
"""What the table shows one at a time: the rules' (redacted) events and its own staging steps."""
ShownKind = EventKind | Staging
"""The kind of a thing shown: an event's or a staging step's."""


def actor(event: Shown) -> int:
    """The seat of an event that always names one (a packet, a play, a trick won, a meld, a draw…): the rules'
    ``Event.seat`` is optional because a few kinds (``final_phase``, a drawn ``game_over``) name none.

    Raises:
        ValueError: `event` names no seat, which the rules never send for these kinds.
    """
    if event.seat is None:
        raise ValueError(f"a {event.kind!r} event names no seat")
    return event.seat


Signature = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int,
                  int | None, tuple[int, ...], tuple[int, ...], int | None]
"""What the model and the view must agree on (``TableModel.signature``): the viewer's hand, the others' hand sizes,
the tables, the trick, the stock's size, the turn-up, the tricks won, the scores and the trump suit."""


class Place(NamedTuple):
    slot: Slot
    face_up: bool
    z: int
    visible: bool = True


@dataclass
class TableModel:
    bottom: int
    players: int = 2
    reveal_top: bool = False
    hands: dict[int, list[int]] = field(default_factory=dict)
    tables: dict[int, list[int]] = field(default_factory=dict)
    won: dict[int, list[int]] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)  # (seat, kind, cards, points)
    trick: list[tuple[int, int]] = field(default_factory=list)
    last_trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    last_winner: int | None = None  # the seat that took the last trick
    deck: list[int] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)  # face-down keys, top last (the turn-up is apart)
    turn_up: int | None = None
    trump: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    deal_points: list[int] = field(default_factory=lambda: [0, 0])
    next_hidden: int = -1
    packs: int = 2
    sides: tuple[int, ...] = ()  # seat -> side (partnerships); empty: every seat is its own side
    settlement: bool = False  # Rubicon / Chinese: the scores are match points, changed only at the settlement

    def __post_init__(self) -> None:
        if not self.sides:
            self.sides = tuple(range(self.players))
        n_sides = max(self.sides) + 1
        if len(self.scores) != n_sides:
            self.scores = [0] * n_sides
            self.deal_points = [0] * n_sides
        for seat in range(self.players):
            self.hands.setdefault(seat, [])
            self.tables.setdefault(seat, [])
            self.won.setdefault(seat, [])

    @property
    def top(self) -> int:
        return (self.bottom + 1) % self.players

    @property
    def others(self) -> list[int]:
        """The other seats, clockwise from the viewer's left."""
        return [(self.bottom + i) % self.players for i in range(1, self.players)]

    def rel(self, seat: int) -> int:
        """`seat` counted clockwise from the viewer (0: the viewer)."""
        return (seat - self.bottom) % self.players

    def hidden(self) -> int:
        key = self.next_hidden
        self.next_hidden -= 1
        return key

    def knows(self, seat: int) -> bool:
        """Whether the viewer sees `seat`'s concealed cards face up."""
        return seat == self.bottom or self.reveal_top

    # --- events ---------------------------------------------------------------------------------------------
    def apply(self, event: Shown) -> list[tuple[int, int]]:
        """Apply one (redacted) event or staging step; return the key renames [(old, new)]."""
        handler = _HANDLERS.get(event.kind)
        if handler is None:
            return []  # the kinds that move no card (a declaration step, a deal's end, the game's end…)
        return handler(self, event) or []

    def _on_deal_started(self, event: Shown) -> None:
        for seat in range(self.players):
            self.hands[seat], self.tables[seat], self.won[seat] = [], [], []
        self.records, self.trick, self.last_trick, self.last_winner = [], [], (), None
        self.stock, self.turn_up, self.trump = [], None, None
        self.deck = [self.hidden() for _ in range(32 * self.packs)]
        self.deal_points = [0] * len(self.deal_points)

    def _on_packet(self, event: Shown) -> list[tuple[int, int]]:
        """A packet of the deal (the scene splits each ``dealt`` event by the deal pattern)."""
        renames = []
        seat = actor(event)
        for i in range(event.points):
            key = self.deck.pop() if self.deck else self.hidden()
            if event.cards and self.knows(seat):
                renames.append((key, event.cards[i]))
                key = event.cards[i]
            self.hands[seat].append(key)
        return renames

    def _on_turn_up(self, event: Shown) -> list[tuple[int, int]]:
        card = event.cards[0]
        key = self.deck.pop() if self.deck else self.hidden()
        self.turn_up = card
        self.trump = suit_of(card)
        self.stock, self.deck = self.deck, []
        return [(key, card)]

    def _on_stock_laid(self, event: Shown) -> None:
        self.stock, self.deck = self.deck, []

    def _on_scored(self, event: Shown) -> None:
        side = self.sides[event.seat] if event.seat is not None else 0
        if not self.settlement:
            self.scores[side] += event.points
        self.deal_points[side] += event.points

    def _on_deal_settled(self, event: Shown) -> None:
        if event.seat is not None:
            self.scores[self.sides[event.seat]] += event.points

    def _take_from_hand(self, seat: int, card: int) -> tuple[int, list[tuple[int, int]]]:
        """Remove `card` from `seat`'s concealed hand, revealing a face-down key if needed."""
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
            return card, []
        hidden = [k for k in hand if k < 0]
        if hidden:
            key = hidden[len(hidden) // 2]
            hand.remove(key)
            return card, [(key, card)]
        return card, []

    def _on_card_played(self, event: Shown) -> list[tuple[int, int]]:
        seat, card = actor(event), event.cards[0]
        renames: list[tuple[int, int]] = []
        if card in self.tables[seat]:
            self.tables[seat].remove(card)
        else:
            _, renames = self._take_from_hand(seat, card)
        self.trick.append((seat, card))
        return renames

    def _on_trick_won(self, event: Shown) -> None:
        self.last_trick = tuple(self.trick)
        self.last_winner = winner = actor(event)
        self.won[winner].extend(card for _, card in self.trick)
        self.trick = []

    def _on_meld_declared(self, event: Shown) -> list[tuple[int, int]]:
        seat = actor(event)
        renames: list[tuple[int, int]] = []
        self.records.append((seat, event.label, tuple(event.cards), event.points))
        if self.trump is None and event.label in (MeldId.ROYAL_MARRIAGE, MeldId.TRUMP_SEQUENCE):
            self.trump = suit_of(event.cards[0])  # Rubicon / Chinese: the first marriage or sequence sets trumps
        for card in event.cards:
            if any(card in table for table in self.tables.values()):
                continue  # already on the table (the declarer's, or the partner's in a partnership)
            _, more = self._take_from_hand(seat, card)
            renames.extend(more)
            self.tables[seat].append(card)
        return renames

    def _on_seven_exchanged(self, event: Shown) -> list[tuple[int, int]]:
        seat = actor(event)
        seven = event.cards[0]
        _, renames = self._take_from_hand(seat, seven)
        old = self.turn_up
        self.turn_up = seven
        if old is not None:
            self._take_into_hand(seat, old, renames)
        return renames

    def _take_into_hand(self, seat: int, card: int, renames: list[tuple[int, int]]) -> None:
        """A face-up `card` goes into `seat`'s hand: the viewer keeps seeing it if the hand is theirs to see, else it
        becomes a fresh hidden key (noted in `renames`, so its sprite turns face down)."""
        if self.knows(seat):
            self.hands[seat].append(card)
            return
        key = self.hidden()
        renames.append((card, key))
        self.hands[seat].append(key)

    def _on_card_drawn(self, event: Shown) -> list[tuple[int, int]]:
        seat = actor(event)
        if self.stock:
            key = self.stock.pop()
        elif self.turn_up is not None:
            key, self.turn_up = self.turn_up, None
        else:
            key = self.hidden()
        new = key
        if self.knows(seat) and event.cards:
            new = event.cards[0]
        elif not self.knows(seat) and key >= 0:
            new = self.hidden()
        self.hands[seat].append(new)
        return [(key, new)] if new != key else []

    def _on_final_phase(self, event: Shown) -> list[tuple[int, int]]:
        renames: list[tuple[int, int]] = []
        for seat in range(self.players):
            for card in self.tables[seat]:
                self._take_into_hand(seat, card, renames)
            self.tables[seat] = []
        return renames

    # --- comparing with the truth ---------------------------------------------------------------------------
    def signature(self) -> Signature:
        """What must agree with the view once all events are shown."""
        return (
            tuple(sorted(self.hands[self.bottom])),
            tuple(len(self.hands[s]) for s in self.others),
            tuple(tuple(sorted(self.tables[s])) for s in range(self.players)),
            tuple(self.trick), len(self.stock), self.turn_up,
            tuple(len(self.won[s]) for s in range(self.players)), tuple(self.scores), self.trump,
        )


_HANDLERS: dict[EventKind | Staging, Callable[[TableModel, Shown], list[tuple[int, int]] | None]] = {
    EventKind.DEAL_STARTED: TableModel._on_deal_started,
    Staging.PACKET: TableModel._on_packet,
    EventKind.TURN_UP: TableModel._on_turn_up,
    Staging.STOCK_LAID: TableModel._on_stock_laid,
    EventKind.SCORED: TableModel._on_scored,
    EventKind.DEAL_SETTLED: TableModel._on_deal_settled,
    EventKind.CARD_PLAYED: TableModel._on_card_played,
    EventKind.TRICK_WON: TableModel._on_trick_won,
    EventKind.MELD_DECLARED: TableModel._on_meld_declared,
    EventKind.SEVEN_EXCHANGED: TableModel._on_seven_exchanged,
    EventKind.CARD_DRAWN: TableModel._on_card_drawn,
    EventKind.FINAL_PHASE: TableModel._on_final_phase,
}
"""How each kind moves the model's cards (``TableModel.apply``); the kinds missing here move none."""


def new_model(rules: Ruleset, bottom: int, reveal_top: bool = False, next_hidden: int = -1) -> TableModel:
    """An empty model for `rules` (seats, sides, packs, how scores move) seen from `bottom`."""
    return TableModel(bottom=bottom, players=rules.players, reveal_top=reveal_top, next_hidden=next_hidden,
                      packs=rules.packs, sides=tuple(rules.side_of(s) for s in range(rules.players)),
                      settlement=rules.game_end_mode == GameEndMode.SETTLEMENT)


def from_view(view: PlayerView, reveal_top: bool = False, start_hidden: int = -1,
              top_cards: list[int] | dict[int, list[int]] | None = None) -> TableModel:
    """The model of what `view`'s seat sees now (no animation).

    `top_cards` shows the other hands face up (a list: the seat opposite with two players; or seat -> cards):
    Open Bezique (where the view knows it) and the demo, which is omniscient by design.
    """
    model = new_model(view.rules, view.seat, reveal_top, start_hidden)
    model.hands[view.seat] = list(view.hand)
    if isinstance(top_cards, list):
        top_cards = {model.top: top_cards}
    shown = dict(top_cards or {})
    if reveal_top and not shown:
        shown = {s: list(view.known[s]) for s in model.others if len(view.known[s]) == view.hand_counts[s]}
    if not reveal_top or len(shown) < len(model.others):
        model.reveal_top = False
        shown = {}
    for seat in model.others:
        model.hands[seat] = list(shown[seat]) if seat in shown else \
            [model.hidden() for _ in range(view.hand_counts[seat])]
    for seat in range(model.players):
        model.tables[seat] = list(view.tables[seat])
        model.won[seat] = [card for winner, trick in view.tricks_log if winner == seat for _, card in trick]
    model.records = [(r.seat, r.kind, r.cards, r.value) for r in view.records]
    model.trick = list(view.trick)
    model.last_trick = view.tricks_log[-1][1] if view.tricks_log else ()
    model.last_winner = view.tricks_log[-1][0] if view.tricks_log else None
    model.turn_up = view.turn_up
    model.trump = view.trump
    model.stock = [model.hidden() for _ in range(view.stock_count - (1 if view.turn_up is not None else 0))]
    model.scores = list(view.scores)
    model.deal_points = list(view.deal_points)
    return model


def all_keys(model: TableModel) -> set[int]:
    """Every card key the model places (hands, tables, won piles, the trick, the stock and the turn-up)."""
    keys = {k for zone in (*model.hands.values(), *model.tables.values(), *model.won.values()) for k in zone}
    keys.update(card for _, card in model.trick)
    keys.update(model.stock)
    if model.turn_up is not None:
        keys.add(model.turn_up)
    return keys


def returning_cards(old: TableModel, new: TableModel) -> dict[int, int]:
    """Undo: cards another seat played (face up in the trick or the last trick) that are back in its concealed
    hand, where the new model knows them only as face-down keys: old key -> the new face-down key, so the card
    the player saw can fly back to that hand and turn over instead of vanishing while a new back appears."""
    kept = all_keys(new)
    out: dict[int, int] = {}
    for seat in new.others:
        fresh = [k for k in new.hands.get(seat, []) if k < 0 and k not in old.hands.get(seat, [])]
        gone = [card for who, card in (*old.last_trick, *old.trick) if who == seat and card not in kept]
        out.update(zip(reversed(gone), fresh, strict=False))  # the latest card first: it lies on top
    return out


# --- where every key rests ----------------------------------------------------------------------------------
def hand_order(cards: list[int], trump: int | None, trumps_first: bool) -> list[int]:
    """Sorted by suit (alternating colours: S H C D), then rank A T K Q J 9 8 7; optionally trumps first."""
    colour_order = {0: 0, 1: 1, 3: 2, 2: 3}

    def key(card: int) -> tuple[int, int, int, int]:
        suit = suit_of(card)
        first = 0 if trumps_first and suit == trump else 1
        return first, colour_order[suit], rank_of(card), card

    return sorted(cards, key=key)


def meld_groups(model: TableModel, seat: int) -> list[MeldGroup]:
    """The seat's table cards in groups, one per meld, in rank order (``bezique.presenter.meld_groups``)."""
    return group_melds(model.records, seat, model.tables[seat])


def stock_depth(count: int) -> int:
    """How many steps high the stock's pile is drawn for `count` cards: a card a step up to 8, then a step per few
    cards up to 24 (Chinese: 168 cards after the deal), so a big stock looks big."""
    return count - 1 if count <= 9 else min(24, 8 + (count - 9) // 7)


def placements(model: TableModel, layout: Layout, trumps_first: bool = False) -> dict[int, Place]:
    """A resting place for every key in the model."""
    out: dict[int, Place] = {}
    bottom = model.bottom
    seats = [bottom, *model.others]
    for seat in seats:
        pile = model.won[seat]
        slot = layout.won_slot(model.rel(seat))
        for i, key in enumerate(pile):
            depth = min(i, 6)
            out[key] = Place(Slot(slot.cx + depth * 0.6 * layout.s, slot.cy - depth * 0.6 * layout.s, slot.angle,
                                  slot.height), False, Z_WON + i, i >= len(pile) - 4)
    if model.turn_up is not None:
        out[model.turn_up] = Place(layout.turn_up_slot(), True, Z_TURNUP)
    n = len(model.stock)
    top = stock_depth(n)
    for i, key in enumerate(model.stock):  # the pile's height follows its size (the table draws its side)
        depth = round(i * top / max(n - 1, 1))
        out[key] = Place(layout.stock_slot(depth), False, Z_STOCK + i, i >= n - 5)
    deck_slot = layout.deck_slot()
    for i, key in enumerate(model.deck):
        d = min(i, 10) * 0.45 * layout.s
        out[key] = Place(Slot(deck_slot.cx - d, deck_slot.cy - d, 0.0, deck_slot.height), False, Z_STOCK + 50 + i,
                         i >= len(model.deck) - 6)
    for seat in seats:
        groups = meld_groups(model, seat)
        rows = layout.meld_slots(layout.melds_of(model.rel(seat)), [len(g.cards) for g in groups])
        z = Z_MELD
        for group, row in zip(groups, rows, strict=True):
            for key, slot in zip(group.cards, row, strict=True):
                out[key] = Place(slot, True, z)
                z += 1
    for i, (seat, card) in enumerate(model.trick):
        rel = model.rel(seat) if layout.players > 2 else (seat == bottom)
        out[card] = Place(layout.trick_slot(i, rel), True, Z_TRICK + i)
    for seat in model.others:
        other = model.hands[seat]
        if model.reveal_top:
            other = hand_order(other, model.trump, trumps_first)
        slots = layout.opp_hand_slots(len(other), model.rel(seat))
        for i, (key, slot) in enumerate(zip(other, slots, strict=True)):
            out[key] = Place(slot, key >= 0, Z_OPP + i)
    mine = hand_order([k for k in model.hands[bottom] if k >= 0], model.trump, trumps_first) + \
        [k for k in model.hands[bottom] if k < 0]
    for i, (key, slot) in enumerate(zip(mine, layout.hand_slots(len(mine)), strict=True)):
        out[key] = Place(slot, key >= 0, Z_HAND + i)
    return out
