"""How a seat could have played a deal better: the cost, in expected points, of each of its decisions.

For every decision where the seat had a choice, the strongest level's tools weigh each legal action from that seat's
view only (``view_for``; the hidden cards are dealt by ``inference.Belief`` from what the seat could see, never read
from the record): in the stock phase, each candidate is played on the same sampled deals and rolled on as the search
does (``search.rollout``, valued in points: the deal's points gained over the other side, plus what the cards held at
the horizon are still worth, or the exact count of the last tricks once they begin); once the stock is gone in a
two-player deal, every card is counted exactly by the final-trick solver, so the marks there say exactly where the
last tricks were won or lost. A decision's cost is what the best action is worth over the one chosen.

The budget is a number of sampled deals per decision (``SAMPLES``), never a clock, so an analysis is the same on
every machine; ``stop`` cuts it short. Rules only: no window, no files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from bezique.ai.base import StopFlag
from bezique.ai.confidence import paired
from bezique.ai.expert import distinct
from bezique.ai.inference import Belief
from bezique.ai.search import END_STOCK, HORIZON, horizon_value, rollout
from bezique.ai.solver import solvable, solved_value
from bezique.rules import Action, GameState, Phase, PlayerView, Verb, apply, determinize, legal_actions, view_for

SAMPLES = 20  # sampled deals per decision in the stock phase (bench review: about 5 s of one core a deal)
RULE_TRICKS = 2  # tricks of each rollout by the intermediate rules, then the fast policy (the search's is slower)
WORTH_SAYING = 10.0  # points: a cost below this is within the game's noise, not a mistake worth a mark
CONFIDENCE_Z = 1.5  # standard errors the sampled cost must clear to be marked


class Assessment(NamedTuple):
    """One decision weighed: `at` its place in the list given to ``assess_deal``; `cost` the points the best
    action (`best`) is worth over the one `chosen` (0 when the choice was the best); `exact` when counted by the
    solver rather than sampled; `samples` the sampled deals it rests on."""

    at: int
    chosen: Action
    best: Action
    cost: float
    exact: bool
    samples: int

    @property
    def marked(self) -> bool:
        return self.cost >= WORTH_SAYING


def _points(state: GameState, me: int, base: Sequence[int]) -> float:
    """A rollout's end for `me`'s side, in points: what it gained in the deal since the decision over the best other
    side, with what each seat's cards are still worth at a stock-phase horizon, or the last tricks counted exactly
    by the solver where they are about to begin in a two-player deal."""
    rules = state.rules
    side = rules.side_of(me)
    gained = [float(state.deal_points[s] - base[s]) for s in range(rules.sides)]
    if solvable(state):
        _outcome, to_come = solved_value(state, me)
        return gained[side] - gained[1 - side] + to_come
    if state.phase in (Phase.PLAY, Phase.DECLARE) and state.stock:
        for seat in range(rules.players):
            gained[rules.side_of(seat)] += horizon_value(state, seat)
    other = max((s for s in range(rules.sides) if s != side), key=gained.__getitem__)
    return gained[side] - gained[other]


def _exact(state: GameState, me: int, chosen: Action, candidates: list[Action]) -> tuple[Action, float]:
    """The best of `candidates` and its gain over `chosen`, each counted by the solver to the end of the deal (the
    last tricks of a two-player deal, where `state` dealt from the view is the real deal: every card is known)."""
    base = state.deal_points
    values = {}
    for action in candidates:
        after = state.clone()
        apply(after, action)
        values[action] = _points(after, me, base)
    best = max(candidates, key=lambda a: (values[a], a == chosen))
    return best, values[best] - values[chosen]


def _sampled(view: PlayerView, chosen: Action, candidates: list[Action], rng: random.Random,
             samples: int, stop: StopFlag | None) -> tuple[Action, float, int]:
    """The best of `candidates` on the same sampled deals (drawn from the seat's `view`) and its paired gain over
    `chosen`, counted only where it clears ``CONFIDENCE_Z`` standard errors; and the deals sampled."""
    me = view.seat
    belief = Belief(view, rng)
    base = view.deal_points
    exact_end = view.rules.players == 2 and view.stock_count <= END_STOCK  # as the search: the solver costs there
    values: list[list[float]] = [[] for _ in candidates]
    n = 0
    while n < samples:
        n += 1
        deal = belief.deal(rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            after = deal.clone()
            apply(after, action)
            rollout(after, random.Random(seed), rule_tricks=RULE_TRICKS, horizon=HORIZON, to_final=exact_end,
                    own=me)
            values[i].append(_points(after, me, base))
        if stop is not None and stop.is_set():
            break
    c = candidates.index(chosen)
    best_i, best_gain = c, 0.0
    for i in range(len(candidates)):
        mean, se = paired(values[i], values[c])
        if i != c and mean - CONFIDENCE_Z * se > 0 and mean > best_gain:
            best_i, best_gain = i, mean
    return candidates[best_i], best_gain, n


def assess(state: GameState, chosen: Action, index: int = 0, seed: int = 0, samples: int = SAMPLES,
           stop: StopFlag | None = None) -> Assessment | None:
    """The cost of `chosen`, the decision of the seat to act in `state` (which is not changed); None when there was
    no choice. Only that seat's view of `state` is read: the cards it could not see are dealt anew."""
    me = state.to_act
    assert me is not None
    rng = random.Random(seed * 7919 + index)
    view = view_for(state, me)
    state = determinize(view, rng)  # from here on, nothing the seat could not see
    legal = legal_actions(state)
    if len(legal) < 2:
        return None
    if chosen not in legal:  # the record names another copy of the same face: the equivalent legal action
        chosen = next((a for a in legal if a.verb == Verb.PLAY and chosen.verb == Verb.PLAY
                       and a.cards[0] & 31 == chosen.cards[0] & 31), chosen)
    candidates = distinct(state, me, legal, chosen)
    if len(candidates) < 2:
        return None
    if solvable(state):  # the last tricks of a two-player deal: the hands are known to both, count them exactly
        best, cost = _exact(state, me, chosen, candidates)
        return Assessment(index, chosen, best, cost, True, 0)
    best, cost, n = _sampled(view, chosen, candidates, rng, samples, stop)
    return Assessment(index, chosen, best, cost, False, n)


def assess_deal(decisions: Sequence[tuple[GameState, Action]], seat: int, seed: int = 0, samples: int = SAMPLES,
                stop: StopFlag | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[Assessment]:
    """Every decision of `seat` among `decisions` (the state before each, and the action taken) weighed, in order;
    `progress(done, total)` after each. Stops early (with what is done) when `stop` is set."""
    mine = [(i, state, action) for i, (state, action) in enumerate(decisions) if state.to_act == seat]
    out: list[Assessment] = []
    for done, (i, state, action) in enumerate(mine, start=1):
        if stop is not None and stop.is_set():
            break
        result = assess(state, action, i, seed, samples, stop)
        if result is not None:
            out.append(result)
        if progress is not None:
            progress(done, len(mine))
    return out
