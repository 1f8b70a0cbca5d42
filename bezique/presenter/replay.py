"""One deal of a game played again from the start: the same deck, dealer, rules and kind of opponents, scores at 0.

The Review screen's "Replay this deal" builds a ``ReplayPlan`` from the game record (``plan_replay``) and plays it
in a ``ReplaySession``: a ``GameSession`` whose game is one deal long (``over`` once that deal is scored), dealt
from the recorded deck every time (a try again is the very same cards). It is marked assisted (the player knows
the cards), and it is never saved, kept nor counted in the statistics: the window gives it no autosave hook and
no host but the replay's own, so the player's real saved game and records cannot be touched by it.
``compare`` says how the try went against the original deal: by the deal's points, or, where a deal is settled
(Rubicon, Chinese: ``settle_deal``), by what it settled to, since that and not the points is what the match counts.
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bezique.presenter.session import GameSession
from bezique.presenter.table_session import Seat, record_seat
from bezique.rules import Event, Phase, RecordedGame, RecordError, Ruleset, Settlement, parse_code, replay_record


@dataclass(frozen=True)
class ReplayPlan:
    """What a replayed deal is dealt from: deal `deal` (0-based) of a record, as it was dealt."""

    rules: Ruleset
    seats: tuple[Seat, ...]
    dealer: int
    deck: tuple[int, ...]  # top first, as the record lists it
    deal: int
    seed: int
    original: tuple[int, ...]  # each side's points in the original deal
    settled: Settlement | None = None  # how the original deal was settled (Rubicon, Chinese); None: not settled


def plan_replay(doc: dict[str, Any], deal: int, original: list[int]) -> ReplayPlan:
    """Deal `deal` of the record `doc` to be played again; `original`: each side's points in it (the review's).

    The dealer is the one the rules had for that deal (the record's first dealer moved on by the deals before,
    as the rules move it); the seats keep their names, kinds and computer levels (the table plays a level the
    record does not give at the first level). Where the rules settle a deal, the plan keeps how this one was
    settled, as the record's replay has it.

    Raises:
        RecordError: the record does not replay, or has no such deal.
    """
    deals = doc.get("deals", [])
    if not 0 <= deal < len(deals):
        raise RecordError(f"the record has no deal {deal + 1}")
    before = replay_record({**doc, "deals": deals[:deal]})
    deck = tuple(parse_code(code)[0] for code in deals[deal]["deck"])
    before.start_deal(list(deck))  # the rules say who deals it
    dealer = before.state.dealer
    seats = tuple(record_seat(p) for p in before.players)
    seed = int(doc.get("seed") or 0) * 31 + deal
    played = replay_record({**doc, "deals": deals[:deal + 1]}).state.past_deals
    settled = played[deal].settlement if deal < len(played) else None
    return ReplayPlan(before.rules, seats, dealer, deck, deal, seed, tuple(original), settled)


class ReplaySession(GameSession):
    """A game of one deal: `plan`'s deck, dealt by its dealer, from scores at 0."""

    def __init__(self, plan: ReplayPlan, allow_undo: bool = False) -> None:
        super().__init__(plan.rules, list(plan.seats), seed=plan.seed, allow_undo=allow_undo)
        self.plan = plan
        self.first_dealer, self.cut = plan.dealer, []  # no cut for the dealer: the deal's own dealer deals
        players = [{"name": s.name, "type": s.kind, **({"level": s.level} if s.level else {})} for s in plan.seats]
        self.game = RecordedGame.new(plan.rules, players, plan.dealer, seed=plan.seed)
        self.assisted = True  # the player knows the cards: never an earned result

    def start_deal(self) -> list[Event]:
        """The recorded deck again, top first (once: the replay is one deal)."""
        events: list[Event] = []
        self.game.start_deal(list(self.plan.deck), events)
        self._close_undo("nothing")
        self._changed()
        return events

    @property
    def over(self) -> bool:
        """The one deal is scored (or its points ended the game): the replay's end."""
        return self.state.phase == Phase.OVER or (self.state.phase == Phase.AWAIT_DEAL
                                                  and bool(self.state.past_deals))

    @property
    def awaiting_deal(self) -> bool:
        """Only before the deal: afterwards the replay is over, there is no next deal."""
        return self.state.phase == Phase.AWAIT_DEAL and not self.state.past_deals

    def points(self) -> tuple[int, ...]:
        """Each side's points in the deal so far (its final points once it is over)."""
        state = self.state
        return tuple(state.past_deals[0].points) if state.past_deals else tuple(state.deal_points)

    def settlement(self) -> Settlement | None:
        """How the deal was settled, once it is over (Rubicon, Chinese); None before, or where deals are not."""
        past = self.state.past_deals
        return past[0].settlement if past else None


@dataclass(frozen=True)
class Comparison:
    """The try against the original deal, from `side`'s point of view (the player's side)."""

    side: int
    then: tuple[int, ...]  # each side's points in the original deal
    now: tuple[int, ...]  # each side's points in this try
    settled_then: Settlement | None = None  # how each was settled, where the rules settle a deal
    settled_now: Settlement | None = None

    @property
    def settles(self) -> bool:
        """The deal is settled (Rubicon, Chinese): what counts is the settlement, not the points."""
        return self.settled_then is not None and self.settled_now is not None

    def counted(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What each side took for the match, then and now: the settlement's gains (the winner's, the others 0)
        where the deal is settled, else the deal's points."""
        if self.settled_then is not None and self.settled_now is not None:
            return self.settled_then.settled, self.settled_now.settled
        return self.then, self.now

    @property
    def gain(self) -> int:
        """How much better the player's side did this time (negative: worse): more points, or, in a settled deal,
        how far the settlement moved its lead over the other side (from losing by 700 to winning by 300: 1000)."""
        then, now = self.counted()
        if not self.settles:
            return now[self.side] - then[self.side]
        return _lead(now, self.side) - _lead(then, self.side)


def _lead(taken: tuple[int, ...], side: int) -> int:
    """`side`'s lead over the best other side in what each took for the match."""
    return taken[side] - max(v for i, v in enumerate(taken) if i != side)


def compare(session: ReplaySession, side: int) -> Comparison:
    """How the replayed deal went for `side` against the original."""
    return Comparison(side, session.plan.original, session.points(), session.plan.settled, session.settlement())
