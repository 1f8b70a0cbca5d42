"""A finished deal laid out to be stepped through trick by trick: what the Review screen shows, without pixels.

The record is replayed through the checked rules path with its events; they are cut into steps: step 0 is the deal
as dealt (hands, turn-up), then one step per trick, each with every hand just before the trick (the deal is over, so
nothing is hidden any more), the cards played in order, who won, and everything that followed until the next lead:
every meld and score, a seven exchanged, the cards drawn. Each step also keeps the states before its decisions, for
the computer's analysis (``bezique.ai.review``), which then only needs the rules. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bezique.rules import (
    Action,
    Event,
    EventKind,
    GameState,
    Phase,
    RecordError,
    SeatKind,
    Verb,
    parse_action,
    parse_code,
    replay_record,
)


@dataclass(frozen=True)
class Scored:
    """One score of a step: `label` a score id (a meld id, ``seven_of_trumps``, ``last_trick``, ``brisques``)."""

    seat: int
    label: str
    points: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Decision:
    """One decision of the deal, with the state just before it (the analysis reads the seat's view of it)."""

    seat: int
    action: Action
    state: GameState


@dataclass
class Step:
    """Step 0 is the deal as dealt; step k (k ≥ 1) the k-th trick and what followed it until the next lead."""

    number: int
    hands: list[list[int]]  # each seat's concealed cards at the start of the step
    tables: list[list[int]]  # each seat's melded cards lying face up
    stock: int  # cards left in the stock at the start of the step
    turn_up: int | None
    trump: int | None
    points: list[int]  # each side's points in the deal at the start of the step
    final: bool = False  # a trick of the last tricks (the stock is gone)
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in the order played
    winner: int | None = None
    scored: list[Scored] = field(default_factory=list)
    exchanged: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, seven, the turn-up taken)
    drawn: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    settled: tuple[int | None, int] | None = None  # Rubicon and Chinese: (the deal's winner or None, what it gained)
    decisions: list[Decision] = field(default_factory=list)


@dataclass
class DealReview:
    """One deal of a game, ready to be stepped through."""

    number: int  # 0-based
    dealer: int
    names: list[str]
    humans: list[bool]  # which seats a person played (the record's player types)
    sides: list[int]  # each seat's side (its own seat but in partnerships), as the rules say
    steps: list[Step]
    points: list[int]  # each side's points at the end of the deal
    complete: bool  # False: the record stops inside this deal

    @property
    def tricks(self) -> int:
        return len(self.steps) - 1


def _snapshot(state: GameState, number: int) -> Step:
    return Step(number, [list(h) for h in state.hands], [list(t) for t in state.tables], len(state.stock),
                state.turn_up, state.trump, list(state.deal_points), final=state.final_phase)


def _take(step: Step, event: Event) -> None:
    """Put one of the rules' events into the step it belongs to."""
    if event.kind == EventKind.CARD_PLAYED and event.seat is not None:
        step.plays.append((event.seat, event.cards[0]))
    elif event.kind == EventKind.TRICK_WON:
        step.winner = event.seat
    elif event.kind == EventKind.SCORED and event.seat is not None:
        step.scored.append(Scored(event.seat, event.label, event.points, event.cards))
    elif event.kind == EventKind.SEVEN_EXCHANGED and event.seat is not None:
        step.exchanged.append((event.seat, event.cards[0], event.cards[1]))
    elif event.kind == EventKind.CARD_DRAWN and event.seat is not None:
        step.drawn.append((event.seat, event.cards[0]))
    elif event.kind == EventKind.DEAL_SETTLED:
        step.settled = (event.seat, event.points)


def review_game(doc: Any) -> list[DealReview]:
    """Every deal of the record `doc`, as steps.

    Raises:
        RecordError: the record does not replay (the line says where and why).
    """
    replay_record(doc)  # the whole record is checked first: the pass below can then trust it
    game = replay_record({**doc, "deals": []})
    names = [p["name"] for p in game.players]
    sides = [game.rules.side_of(seat) for seat in range(game.rules.players)]
    humans = [p["type"] == SeatKind.HUMAN for p in game.players]
    deals: list[DealReview] = []
    for d, deal in enumerate(doc["deals"]):
        state = game.state
        events: list[Event] = []
        game.start_deal([parse_code(code)[0] for code in deal["deck"]], events)
        dealer = state.dealer
        steps = [_snapshot(state, 0)]
        for e in events:
            _take(steps[0], e)
        for entry in deal.get("actions", []):
            seat, action = parse_action(state, entry)
            if action.verb == Verb.PLAY and not state.trick:
                steps.append(_snapshot(state, len(steps)))
            steps[-1].decisions.append(Decision(seat, action, state.clone()))
            events = []
            game.act(action, events, seat)
            for e in events:
                _take(steps[-1], e)
        complete = state.phase in (Phase.AWAIT_DEAL, Phase.OVER)
        points = list(state.past_deals[d].points) if d < len(state.past_deals) else list(state.deal_points)
        deals.append(DealReview(d, dealer, names, humans, sides, steps, points, complete))
    return deals


class ReviewCursor:
    """Where the player is in a game's review: which deal, which step; moves forward, back and jumps."""

    def __init__(self, deals: list[DealReview], deal: int = 0, step: int = 0) -> None:
        if not deals:
            raise RecordError("the record holds no deal to review")
        self.deals = deals
        self.deal_index = max(0, min(deal, len(deals) - 1))
        self.step_index = max(0, min(step, len(self.deal.steps) - 1))

    @property
    def deal(self) -> DealReview:
        return self.deals[self.deal_index]

    @property
    def step(self) -> Step:
        return self.deal.steps[self.step_index]

    def go(self, step: int) -> bool:
        """Jump to `step` (clamped); True if it moved."""
        step = max(0, min(step, len(self.deal.steps) - 1))
        moved = step != self.step_index
        self.step_index = step
        return moved

    def forward(self) -> bool:
        return self.go(self.step_index + 1)

    def back(self) -> bool:
        return self.go(self.step_index - 1)

    def change_deal(self, delta: int) -> bool:
        """The previous or next deal, from its start; True if it moved."""
        index = max(0, min(self.deal_index + delta, len(self.deals) - 1))
        if index == self.deal_index:
            return False
        self.deal_index, self.step_index = index, 0
        return True
