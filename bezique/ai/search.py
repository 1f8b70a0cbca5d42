"""The search levels: determinized Monte Carlo search over the hidden cards, an exact count of the last tricks.

Each iteration deals the cards the seat cannot see at random (``determinize`` reads the view only, so the search
cannot cheat), then plays every candidate action on that same deal and finishes the deal with the fast rollout
policy, with the same random stream for every candidate (common random numbers: the comparison between candidates
is much sharper than the value of each). The candidate with the best mean wins. A deal's outcome is valued as

    WIN x (+1 game won, -1 game lost)  +  my side's points this deal - the best other side's points

Once the stock is gone in a two-player deal the hands are known and ``solver.solve`` plays perfectly. Knowledge
vetoes drop moves a watching player would call blunders before the search starts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bezique.ai.base import StopFlag
from bezique.ai.knowledge import SEQ_RANKS, Knowledge, beats, is_brisque
from bezique.ai.players import RulePlayer, match_legal
from bezique.ai.policy import Decision, rollout_action
from bezique.ai.solver import WIN, solvable, solve
from bezique.rules.actions import PLAY, Action
from bezique.rules.engine import apply
from bezique.rules.state import DECLARE
from bezique.rules.state import PLAY as PLAY_PHASE
from bezique.rules.view import PlayerView, determinize

ROLLOUT_WIN = 300  # weight of a won/lost game in a rollout's value (points-equivalent)


def vetoes(state, me: int, legal: list[Action]) -> list[Action]:
    """`legal` minus the blunders: a brisque thrown on a trick already lost when a worthless card would do; a card
    of a trump sequence held complete and not yet declared, played for nothing in the stock phase."""
    plays = [a for a in legal if a.verb == PLAY]
    if len(plays) < 2:
        return legal
    trump = state.trump
    know = Knowledge(state, me)
    banned: set[Action] = set()
    if state.trick:
        winning = state.trick[state.best]
        losing = [a for a in plays if not beats(a.cards[0], winning, trump)]
        worthless = [a for a in losing if not is_brisque(a.cards[0]) and know.keep_value(a.cards[0]) < 10]
        if worthless:
            banned.update(a for a in losing if is_brisque(a.cards[0]))
    if not state.final_phase and trump is not None:
        seq_faces = [trump * 8 + r for r in SEQ_RANKS]
        if all(know.mine_count[f] for f in seq_faces):
            declared = any(r.kind == "trump_sequence" and r.seat == me for r in state.records)
            if not declared:
                for a in plays:
                    face = a.cards[0] & 31
                    if face in seq_faces and know.mine_count[face] == 1:
                        banned.add(a)
    kept = [a for a in legal if a not in banned]
    return kept or legal


def deal_value(state, me: int, base: tuple[int, ...], win_weight: int) -> float:
    """Points my side gained this deal minus the best other side's, plus `win_weight` for a game won or lost."""
    rules = state.rules
    side = rules.side_of(me)
    mine = state.scores[side] - base[side]
    others = max(state.scores[s] - base[s] for s in range(rules.sides) if s != side)
    value = float(mine - others)
    if state.finished and state.winner is not None:
        value += win_weight if state.winner == side else -win_weight
    return value


def rollout(state, rng: random.Random, limit: int = 400) -> None:
    """Finish the deal in place with the fast policy."""
    for _ in range(limit):
        if state.phase != PLAY_PHASE and state.phase != DECLARE:
            return
        apply(state, rollout_action(state, rng))


class ExpertPlayer(RulePlayer):
    """Determinized Monte Carlo search with knowledge vetoes and an exact last-tricks solver."""

    level = "expert"
    default_time_ms = 250

    def __init__(self, seed: int = 0, time_ms: int | None = None, iterations: int = 0) -> None:
        super().__init__(seed)
        self.time_ms = self.default_time_ms if time_ms is None else time_ms
        self.iterations = iterations

    def decide(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Decision:
        legal = list(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only", {})
        rng = random.Random(self.rng.getrandbits(64))
        me = view.seat
        first = determinize(view, rng)
        if solvable(first):
            card, values = solve(first, me)
            action = match_legal(Action(PLAY, (card,)), legal)
            best = max(values.values())
            if best >= WIN // 2:
                return Decision(action, "solver_win", {"card": card})
            return Decision(action, "solver", {"card": card, "gain": int(best)})
        candidates = vetoes(first, me, legal)
        if len(candidates) == 1:
            return Decision(candidates[0], "only" if len(legal) == 1 else "search",
                            {"what": _what(candidates[0]), "n": 0, "gain": 0})
        totals = [0.0] * len(candidates)
        base = tuple(view.scores)
        deadline = time.perf_counter() + self.time_ms / 1000.0
        n = 0
        while True:
            det = first if n == 0 else determinize(view, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                state = det.clone()
                apply(state, action)
                rollout(state, random.Random(seed))
                totals[i] += deal_value(state, me, base, ROLLOUT_WIN)
            n += 1
            if stop is not None and stop.is_set():
                break
            if self.iterations:
                if n >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        order = sorted(range(len(candidates)), key=lambda i: -totals[i])
        best_i = order[0]
        gain = (totals[best_i] - totals[order[1]]) / n
        return Decision(candidates[best_i], "search", {"what": _what(candidates[best_i]), "n": n, "gain": gain})


def _what(action: Action) -> tuple:
    if action.verb == PLAY:
        return ("play", action.cards[0])
    if action.verb == "meld":
        return ("meld", action.kind)
    return (action.verb, None)


class MasterPlayer(ExpertPlayer):
    """The expert with a larger thinking budget (``ai.master_time_ms``)."""

    level = "master"
    default_time_ms = 1000
