"""The search levels (Expert, Master): determinized Monte Carlo search over the hidden cards (``search``: the
rollouts and their values), on a time or iteration budget, and the exact count of the last tricks (``solver``).

A decision: a sampled deal of the hidden cards first; the final tricks of a two-player deal are solved exactly; an
action that wins the game as it is made is taken (``winning_now``); otherwise every candidate (the legal actions
less the knowledge vetoes, copies of a face counted once) is played out on the same sampled deals with the same
random stream, and the rules' own choice stands unless another beats it clearly (``confidence``). The budget is
checked after every rollout and inside every exact solve (``give_up``), so a decision never runs past it and a
cancelled one stops at once. On the window's worker thread the decision is thought in a pool process
(``remote``), with the same seed: the same choice as on the caller's thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from bezique.ai import remote
from bezique.ai.base import StopFlag
from bezique.ai.confidence import MIN_DEALS, clearly_worse, overrule_score, required_z
from bezique.ai.inference import Belief
from bezique.ai.knowledge import EXPERT_CRAFT
from bezique.ai.players import RulePlayer, match_legal
from bezique.ai.policy import Decision, declaration, final_phase_decision, intermediate_decision
from bezique.ai.search import (
    END_STOCK,
    EXACT_HAND,
    HORIZON,
    RULE_TRICKS,
    deal_value,
    final_value,
    rollout,
    vetoes,
)
from bezique.ai.solver import WIN, OutOfTime, solvable, solve
from bezique.rules import Action, Phase, PlayerView, Verb, apply, copy_key

BANK_CAP = 0.6  # seconds of unused thinking time a search level may carry over to later, harder decisions
PRUNE_EVERY = 8  # sampled deals between checks that drop candidates clearly worse than the rules' choice


class ExpertPlayer(RulePlayer):
    """Determinized Monte Carlo search with knowledge vetoes and an exact last-tricks solver."""

    level = "expert"
    default_time_ms = 280

    def __init__(self, seed: int = 0, time_ms: int | None = None, iterations: int = 0,
                 rule_tricks: int | None = None, horizon: int | None = None) -> None:
        super().__init__(seed)
        self.horizon = HORIZON if horizon is None else horizon
        self.rule_tricks = RULE_TRICKS if rule_tricks is None else rule_tricks
        self.time_ms = self.default_time_ms if time_ms is None else time_ms
        self.iterations = iterations
        self.bank = 0.0  # thinking time saved on easy decisions (seconds), spent on the next hard ones
        self.last_deals = 0  # deals the last search sampled and played out for every candidate (bench ai reads it)

    def decide(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Decision:
        legal = list(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only", {})
        seed = self.rng.getrandbits(64)
        if remote.wanted():  # the window's worker thread: think in the pool, the same search on the same seed
            job = _SearchJob(type(self), (self.time_ms, self.iterations, self.rule_tricks, self.horizon),
                             self.bank, seed, view, legal)
            decision, self.bank, self.last_deals = remote.think(job, stop)
            return decision
        return self._decide(view, legal, seed, stop)

    def _decide(self, view: PlayerView, legal: list[Action], seed: int, stop: remote.Stop | None) -> Decision:
        """``decide`` on this thread, its sampled deals drawn from `seed`."""
        started = time.perf_counter()  # the budget covers the whole decision, reading the opponent included
        budget = self.time_ms / 1000.0
        deadline = started + budget + self.bank
        timed = not self.iterations  # a fixed number of sampled deals is never cut short by the clock

        affordable = started + budget / MIN_DEALS  # a deal valued exactly must fit this share of the budget

        def give_up() -> bool:
            """The search must stop now: cancelled, or (on a clock) past its deadline."""
            return (stop is not None and stop.is_set()) or (timed and time.perf_counter() >= deadline)

        def too_slow() -> bool:
            """(On a clock) the first deal valued by the exact solver is taking too long to sample enough."""
            return give_up() or (timed and time.perf_counter() >= affordable)

        try:
            return self._search(view, legal, give_up, too_slow, random.Random(seed))
        finally:
            if timed:
                self.bank = min(BANK_CAP, max(0.0, self.bank + budget - (time.perf_counter() - started)))

    def _search(self, view: PlayerView, legal: list[Action], give_up: Callable[[], bool],
                too_slow: Callable[[], bool], rng: random.Random) -> Decision:
        """``decide`` once there is a choice: the exact solve, a win now, or the sampled deals until `give_up`.
        Near the end of the stock the deals are valued by the exact solver of the final tricks, unless the first
        one cannot be valued so before `too_slow` says so: then every deal is played out by the rules instead
        (``MIN_DEALS`` deals by rule say more than one exact deal that never overrules anything)."""
        me = view.seat
        belief = Belief(view, rng)
        first = belief.deal(rng)
        if solvable(first):
            return self._solved(first, me, legal, give_up)
        won = winning_now(first, me, legal)
        if won is not None:
            return Decision(won, "win_now", {})
        candidates = vetoes(first, me, legal)
        rules_decision = rules_decision_for(first, me, legal, rng)
        if len(candidates) == 1:  # only plays are vetoed; nothing to search: the rules' reason, or the vetoes'
            if rules_decision.action == candidates[0]:
                return rules_decision
            return Decision(candidates[0], "vetoed", {"card": candidates[0].cards[0]})
        prior = rules_decision.action
        if prior not in candidates:
            candidates.append(prior)
        candidates = distinct(first, me, candidates, prior)
        values: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        p = candidates.index(prior)
        base = tuple(view.scores)
        n = 0
        exact = view.rules.players == 2 and view.stock_count <= END_STOCK and view.rules.hand_size <= EXACT_HAND
        while True:
            det = first if n == 0 else belief.deal(rng)
            seed = rng.getrandbits(32)
            row: list[float] = []
            stop_here = too_slow if exact and n == 0 else give_up
            try:
                for i in live:
                    state = det.clone()
                    apply(state, candidates[i])
                    rollout(state, random.Random(seed), rule_tricks=self.rule_tricks, horizon=self.horizon,
                            to_final=exact, own=me)
                    row.append(final_value(state, me, base, stop_here) if exact else deal_value(state, me, base))
                    if stop_here() and i != live[-1]:
                        raise OutOfTime  # a deal not played out for every candidate compares nothing
            except OutOfTime:
                if exact and n == 0 and not give_up():
                    exact = False  # exact values cost too much here: the same deals, played out by the rules
                    continue
                break
            for i, v in zip(live, row, strict=True):
                values[i].append(v)
            n += 1
            if give_up() or (self.iterations and n >= self.iterations):
                break
            if n % PRUNE_EVERY == 0 and len(live) > 1:
                live = [i for i in live if i == p or not clearly_worse(values[i], values[p])]
                if len(live) == 1:
                    break  # every other candidate is clearly worse: the rules' choice stands
        self.last_deals = n
        decision = self._pick(candidates, values, prior, live)
        return rules_decision if decision.action == prior else decision

    def _solved(self, state, me: int, legal: list[Action], give_up: Callable[[], bool]) -> Decision:
        """The final tricks of a two-player deal, both hands known: the exact solve, or, if it cannot finish in
        time (twelve cards a hand), the intermediate rules of the final tricks."""
        try:
            card, solved = solve(state, me, give_up)
        except OutOfTime:
            decision = final_phase_decision(state, me, [a.cards[0] for a in legal])
            return decision._replace(action=match_legal(decision.action, legal))
        action = match_legal(Action(Verb.PLAY, (card,)), legal)
        best = max(solved.values())
        if best >= WIN // 2:
            return Decision(action, "solver_win", {"card": card})
        return Decision(action, "solver", {"card": card, "gain": int(best)})

    def _pick(self, candidates: list[Action], values: list[list[float]], prior: Action, live: list[int]) -> Decision:
        """The intermediate rules' choice, unless another candidate beats it clearly on the same sampled deals
        (``confidence.overrule_score``: the paired mean gain clears ``confidence.MARGIN`` points beyond its critical
        value of standard errors, a stricter one against a meld the rules declare)."""
        p = candidates.index(prior)
        n = len(values[p])
        best_i, best_score, best_gain = p, 0.0, 0.0
        challengers = len(candidates) - 1
        for i in live:
            if i == p:
                continue
            score, mean = overrule_score(values[i], values[p], required_z(prior, candidates[i], challengers))
            if score > best_score:
                best_i, best_score, best_gain = i, score, mean
        chosen = candidates[best_i]
        return Decision(chosen, "search", {"n": n, "gain": best_gain})


def winning_now(state, me: int, legal: list[Action]) -> Action | None:
    """A legal action that ends the game won for my side as it is made (a declaration reaching the target, or the
    card that completes a trick worth the target): it is taken before any search. Such an outcome depends only on
    what the view shows, so the sampled deal `state` answers it for every deal."""
    side = state.rules.side_of(me)
    for action in legal:
        if action.verb == Verb.PLAY and not state.trick:
            continue  # a lead completes no trick
        after = state.clone()
        apply(after, action)
        if after.finished and after.winner == side:
            return action
    return None


def distinct(state, me: int, candidates: list[Action], prior: Action) -> list[Action]:
    """`candidates` without repeats: equivalent copies of a face (RECORD.md) play alike."""
    table = state.tables[me]

    def key(a: Action) -> Hashable:
        if a.verb != Verb.PLAY:
            return a
        c = a.cards[0]
        return copy_key(state, me, c, c in table)

    seen = {key(prior)}
    out: list[Action] = []
    for a in candidates:
        k = key(a)
        if a != prior:
            if k in seen:
                continue
            seen.add(k)
        out.append(a)
    if prior not in out:
        out.append(prior)
    return out


def rules_decision_for(state, me: int, legal: list[Action], rng: random.Random) -> Decision:
    """The rules' decision with the search levels' weights (``EXPERT_CRAFT``), and its reason, on a copy of
    `state`."""
    state = state.clone()
    if state.phase == Phase.DECLARE:
        return declaration(state, me, legal, "intermediate", EXPERT_CRAFT)
    decision = intermediate_decision(state, me, legal, rng, EXPERT_CRAFT)
    return decision._replace(action=match_legal(decision.action, legal))


class MasterPlayer(ExpertPlayer):
    """The expert with a larger thinking budget (``ai.master_time_ms``)."""

    level = "master"
    default_time_ms = 1000


class _SearchJob(NamedTuple):
    """One decision of a search level, to be thought in the pool (``remote``): the level, its options (time_ms,
    iterations, rule_tricks, horizon), its banked time, the decision's seed, the view and the legal actions.
    Answers (decision, bank after it, sampled deals)."""

    level: type[ExpertPlayer]
    options: tuple[int, int, int, int]
    bank: float
    seed: int
    view: PlayerView
    legal: list[Action]

    def run(self, stop: remote.Stop) -> tuple[Decision, float, int]:
        time_ms, iterations, rule_tricks, horizon = self.options
        player = self.level(0, time_ms=time_ms, iterations=iterations, rule_tricks=rule_tricks, horizon=horizon)
        player.bank = self.bank
        decision = player._decide(self.view, self.legal, self.seed, stop)
        return decision, player.bank, player.last_deals

