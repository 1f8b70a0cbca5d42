"""The search levels (Expert, Master): determinized Monte Carlo search over the hidden cards (``search``: the
rollouts and their values), on a time or iteration budget, and the exact count of the last tricks (``solver``).

A decision: a sampled deal of the hidden cards first; the final tricks of a two-player deal are solved exactly; an
action that wins the game as it is made is taken (``winning_now``); otherwise every candidate (the legal actions
less the knowledge vetoes, copies of a face counted once; with the large hands of Rubicon and Chinese, only the
rules' best few plays: ``narrowed``) is played out on the same sampled deals with the same
random stream, and the rules' own choice stands unless another beats it clearly (``confidence``). The budget is
checked after every rollout and inside every exact solve (``give_up``), so a decision never runs past it and a
cancelled one stops at once. Every exact solve is also bounded in work (``solver.WorkLimit``: ``SOLVE_NODES`` for
the decision's own final tricks, ``ROLLOUT_NODES`` at the end of a rollout), on any budget: a fixed number of
sampled deals cannot make a decision wait on one huge count. A sampled deal whose count does not fit is played out
by the rules for every candidate instead (the same deal, the same random stream: still a fair comparison), and the
decision's own final tricks fall back on the count in raw points, then on the rules; both limits count nodes, so
the same seed gives the same choice whatever the machine's speed.

On the window's worker thread the sampled deals are shared between up to ``cores`` pool processes (``remote``):
every worker draws the deals in turn from the decision's one random stream and plays out those it claims (the
first worker free takes the next deal), telling their values deal by deal to the caller's ``DealTable``
(``confidence``), which gathers them in deal order, prunes and stops as one worker would; the workers hear which
candidates are still live. On a time budget each worker searches until its deadline and the table keeps the deals
0..n-1 that were all played; on an iteration budget exactly the first `iterations` deals are played, whoever plays
each. So the same seed gives the same deals, the same table and the same choice on any number of cores, and the
same as on the caller's thread (arena, tests and the lab's scripts, one worker).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import partial
from time import process_time
from typing import NamedTuple

from bezique.ai import remote
from bezique.ai.base import Decision, StopFlag
from bezique.ai.confidence import MIN_DEALS, Bar, DealTable, bar_for
from bezique.ai.final_tricks import final_phase_decision
from bezique.ai.inference import Belief
from bezique.ai.knowledge import EXPERT_CRAFT
from bezique.ai.players import RulePlayer, match_legal
from bezique.ai.policy import declaration, intermediate_decision, ranked_stock_plays
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
from bezique.ai.settling import final_tricks_value, settles
from bezique.ai.solver import WIN, EndValue, OutOfTime, OutOfWork, WorkLimit, solvable, solve
from bezique.rules import Action, BrisqueTiming, GameState, Phase, PlayerView, Verb, apply, copy_key

BANK_CAP = 0.6  # seconds of unused thinking time a search level may carry over to later, harder decisions
SOLVE_NODES = 100_000  # nodes the exact count of a decision's own final tricks may search (about a second)
NARROW_HAND = 8  # with more cards in hand than this (Rubicon's nine, Chinese's twelve), a stock-phase play searches
NARROW = 4  # only the rules' best NARROW cards (``ranked_stock_plays``) and the rules' own: there one sampled deal
#            of every card costs 40-80 ms, and the budget bought 2-8 deals, fewer than MIN_DEALS, so nothing was
#            ever searched; four cards buy two to three times as many
ROLLOUT_NODES = 30_000  # nodes the exact count at the end of one rollout may search (a few hundredths of a second
#                         are usual; two-handed counts share a memo and stay far below: the limit is theirs only)


class ExpertPlayer(RulePlayer):
    """Determinized Monte Carlo search with knowledge vetoes and an exact last-tricks solver."""

    level = "expert"
    default_time_ms = 280
    default_cores: int | None = remote.PROCESSES  # thinking processes a decision may share its deals between

    def __init__(self, seed: int = 0, time_ms: int | None = None, iterations: int = 0,
                 rule_tricks: int | None = None, horizon: int | None = None, cores: int | None = None) -> None:
        super().__init__(seed)
        self.horizon = HORIZON if horizon is None else horizon
        self.rule_tricks = RULE_TRICKS if rule_tricks is None else rule_tricks
        self.time_ms = self.default_time_ms if time_ms is None else time_ms
        self.iterations = iterations
        self.cores = cores or min(self.default_cores or remote.all_cores(), remote.all_cores())
        self.bank = 0.0  # thinking time saved on easy decisions (seconds), spent on the next hard ones
        self.last_deals = 0  # deals the last search sampled and played out for every candidate (bench ai reads it)
        self.last_cpu = 0.0  # CPU seconds the last decision's workers spent, all together (bench ai reads it)

    def decide(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Decision:
        """The search, its sampled deals shared between up to ``cores`` pool processes on the window's worker
        thread (``remote``), played in turn on this thread elsewhere: the same seed gives the same deals, so the
        same table and the same choice, on any number of cores (on an iteration budget)."""
        return self.decide_with_table(view, legal, stop)[0]

    def decide_with_table(self, view: PlayerView, legal: Sequence[Action],
                          stop: StopFlag | None = None) -> tuple[Decision, DealTable | None]:
        """``decide``, and the table of every candidate's values deal by deal that it chose from (None when there
        was nothing to search): what the measuring scripts of lab/ study, handed back rather than kept on the
        player, so a decision leaves nothing behind but its counts for ``bench ai``."""
        legal = list(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only", {}), None
        seed = self.rng.getrandbits(64)
        started = time.perf_counter()  # the budget covers the whole decision, reading the opponent included
        gathered = _Gathered(self.iterations, bar_for(view.rules))
        options = (self.time_ms, self.iterations, self.rule_tricks, self.horizon)
        share = partial(_Share, type(self), options, self.bank, seed, view, legal)
        shares = remote.split(lambda worker, _workers: share(worker), self.cores, gathered, stop)
        if not self.iterations:
            spent = time.perf_counter() - started
            self.bank = min(BANK_CAP, max(0.0, self.bank + self.time_ms / 1000.0 - spent))
        table = gathered.table
        self.last_deals = table.n if table is not None else 0
        self.last_cpu = sum(cpu for _decided, cpu in shares)
        decided = shares[0][0]
        return (decided if decided is not None else gathered.decision()), table

    def _share(self, view: PlayerView, legal: list[Action], seed: int, stop: remote.Stop, link: remote.Link,
               worker: int) -> Decision | None:
        """Worker `worker`'s share of ``decide``, its sampled deals drawn from `seed`: the decision if one needs no
        search (the first worker's, when it is an exact solve), else None once its deals are told on `link`."""
        started = time.perf_counter()
        budget = self.time_ms / 1000.0
        deadline = started + budget + self.bank
        timed = not self.iterations  # a fixed number of sampled deals is never cut short by the clock
        affordable = started + budget / MIN_DEALS  # a deal valued exactly must fit this share of the budget

        def give_up() -> bool:
            """The search must stop now: cancelled (or done elsewhere), or (on a clock) past its deadline."""
            return stop.is_set() or (timed and time.perf_counter() >= deadline)

        def too_slow() -> bool:
            """(On a clock) the first deal valued by the exact solver is taking too long to sample enough."""
            return give_up() or (timed and time.perf_counter() >= affordable)

        return self._search(view, legal, give_up, too_slow, random.Random(seed), link, worker)

    def _search(self, view: PlayerView, legal: list[Action], give_up: Callable[[], bool],
                too_slow: Callable[[], bool], rng: random.Random, link: remote.Link, worker: int) -> Decision | None:
        """``decide`` once there is a choice: the exact solve, a win now, or the plan (the candidates and the
        rules' decision) then the rows of this worker's sampled deals, told on `link`, until `give_up`."""
        me = view.seat
        belief = Belief(view, rng)
        first = belief.deal(rng)
        if solvable(first):
            return self._solved(first, me, legal, give_up) if worker == 0 else None
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
        candidates = narrowed(first, me, distinct(first, me, candidates, prior), prior)
        link.tell(_Plan(candidates, rules_decision))  # every worker: the first heard makes the table
        self._play_out(view, candidates, _deals(first, belief, rng), give_up, too_slow, link)
        return None

    def _play_out(self, view: PlayerView, candidates: list[Action], deals: Iterator[tuple[int, GameState, int]],
                  give_up: Callable[[], bool], too_slow: Callable[[], bool], link: remote.Link) -> None:
        """Play out the deals this worker claims (``link.claim``: the first worker free takes the next deal) for the
        candidates still live (``_Live``: as `link` last heard), telling each deal's values (a ``_Row``) until
        `give_up`. Near the end of
        the stock the deals are valued by the exact solver of the final tricks, unless this worker's first one
        cannot be valued so before `too_slow` says so: then its deals are played out by the rules instead
        (``MIN_DEALS`` deals by rule say more than one exact deal that never overrules anything)."""
        me = view.seat
        base = tuple(view.scores)
        exact = view.rules.players == 2 and view.stock_count <= END_STOCK and view.rules.hand_size <= EXACT_HAND
        live = _Live(len(candidates), link)
        first = True
        mine = link.claim()
        for index, det, seed in deals:
            if self.iterations and mine >= self.iterations:
                return
            if index != mine:
                continue
            row = None
            while row is None:
                stop_here = too_slow if exact and first else give_up
                try:
                    row = self.row(det, seed, candidates, live.now, (me, base), exact, stop_here)
                except OutOfTime:  # a deal not played out for every candidate compares nothing
                    if not (exact and first) or give_up():
                        return
                    exact = False  # exact values cost too much here: the same deals, played out by the rules
            first = False
            link.tell(_Row(index, row))
            if give_up():
                return
            mine = link.claim()

    def row(self, det: GameState, seed: int, candidates: list[Action], live: Callable[[], list[int]],
            seat: tuple[int, tuple[int, ...]], exact: bool, stop_here: Callable[[], bool]) -> dict[int, float]:
        """Each live candidate (index -> value) played on the sampled deal `det` and rolled on with the same
        random stream `seed`, valued for `seat` (me, the scores before) by ``final_value`` when `exact`, else
        ``deal_value``. A candidate pruned while the deal is played is skipped (`live()`, what the table heard
        last, is asked before each). The decision-regret oracle (``regret``) values its actions with it too, on
        deals that know every hand. Raises ``OutOfTime`` once `stop_here` says so before the last candidate. A deal
        whose exact count of one candidate's final tricks outgrows ``ROLLOUT_NODES`` is played out by the rules for
        every candidate (the values of one deal must be counted alike to compare)."""
        me, base = seat
        row: dict[int, float] = {}
        order = live()
        last = order[-1]
        for i in order:
            if i not in live():
                continue
            state = det.clone()
            apply(state, candidates[i])
            rollout(state, random.Random(seed), rule_tricks=self.rule_tricks, horizon=self.horizon,
                    to_final=exact, own=me)
            if exact:
                try:
                    row[i] = final_value(state, me, base, WorkLimit(ROLLOUT_NODES, stop_here))
                except OutOfWork:
                    return self.row(det, seed, candidates, live, seat, False, stop_here)
            else:
                row[i] = deal_value(state, me, base)
            if stop_here() and i != last:
                raise OutOfTime
        return row

    def _solved(self, state: GameState, me: int, legal: list[Action], give_up: Callable[[], bool]) -> Decision:
        """The final tricks of a two-player deal, both hands known: the exact solve, valued as the deal is scored.
        Rubicon's by its settlement (``settling.final_tricks_value``: the brisques count only in a tie or a
        rubicon, the last trick always); Chinese counts no brisques, so its raw points (the last trick) already
        order the moves as its settlement does. If the settled count outgrows ``SOLVE_NODES``, the count in raw
        points; if that does too, or the clock runs out, the intermediate rules of the final tricks."""
        rules = state.rules
        ends: list[EndValue | None] = [None]  # the raw points
        if settles(rules) and rules.brisque_timing != BrisqueTiming.NONE:
            ends.insert(0, final_tricks_value(state, me))
        for end_value in ends:
            try:
                card, solved = solve(state, me, WorkLimit(SOLVE_NODES, give_up), end_value)
            except OutOfWork:
                continue
            except OutOfTime:
                break
            action = match_legal(Action(Verb.PLAY, (card,)), legal)
            best = max(solved.values())
            if end_value is not None:
                return Decision(action, "solver_settled", {"card": card, "gain": int(best)})
            if best >= WIN // 2:
                return Decision(action, "solver_win", {"card": card})
            return Decision(action, "solver", {"card": card, "gain": int(best)})
        decision = final_phase_decision(state, me, [a.cards[0] for a in legal])
        return decision._replace(action=match_legal(decision.action, legal))


class _Live:
    """The candidates a worker still plays: all at first, then the last the table told it (on `link`). Pruning only
    drops, so a worker that has not heard yet plays more than the table needs, never less."""

    def __init__(self, count: int, link: remote.Link) -> None:
        self.link = link
        self.indices = list(range(count))

    def now(self) -> list[int]:
        for word in self.link.heard():
            self.indices = word
        return self.indices


def _deals(first: GameState, belief: Belief, rng: random.Random) -> Iterator[tuple[int, GameState, int]]:
    """The decision's sampled deals in order, each with the seed of its rollouts: (0, `first`, seed), then one
    dealt by `belief` at a time. Every worker draws them all from the decision's one random stream, in the order
    a single worker would (a worker skips the others' deals after drawing them: a deal costs a few percent of
    its rollouts), so deal i is the same whatever the number of workers, and the same as on one core."""
    index, det = 0, first
    while True:
        yield index, det, rng.getrandbits(32)
        index, det = index + 1, belief.deal(rng)


def winning_now(state: GameState, me: int, legal: list[Action]) -> Action | None:
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


def narrowed(state: GameState, me: int, candidates: list[Action], prior: Action) -> list[Action]:
    """`candidates` (made ``distinct`` already, so each face is ranked once), or in the stock phase with hands of
    more than ``NARROW_HAND`` cards only the plays of the rules' best ``NARROW`` cards among them
    (``ranked_stock_plays``, by the search levels' weights) and the rules' own choice `prior`."""
    if (state.phase != Phase.PLAY or state.final_phase or state.rules.hand_size <= NARROW_HAND
            or len(candidates) <= NARROW):
        return candidates
    best = set(ranked_stock_plays(state, me, [a.cards[0] for a in candidates], EXPERT_CRAFT)[:NARROW])
    return [a for a in candidates if a.cards[0] in best or a == prior]


def distinct(state: GameState, me: int, candidates: list[Action], prior: Action) -> list[Action]:
    """`candidates` without repeats: equivalent copies of a face (RECORD.md) play alike."""
    key = partial(action_key, state, me)
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


def action_key(state: GameState, me: int, action: Action) -> Hashable:
    """What tells `action` apart from the others of seat `me`: a play by its card's ``copy_key`` (equivalent
    copies of a face play alike, RECORD.md), any other action by itself."""
    if action.verb != Verb.PLAY:
        return action
    card = action.cards[0]
    return copy_key(state, me, card, card in state.tables[me])


def rules_decision_for(state: GameState, me: int, legal: list[Action], rng: random.Random) -> Decision:
    """The rules' decision with the search levels' weights (``EXPERT_CRAFT``), and its reason, on a copy of
    `state`."""
    state = state.clone()
    if state.phase == Phase.DECLARE:
        return declaration(state, me, legal, "intermediate", EXPERT_CRAFT)
    decision = intermediate_decision(state, me, legal, rng, EXPERT_CRAFT)
    return decision._replace(action=match_legal(decision.action, legal))


class MasterPlayer(ExpertPlayer):
    """The expert with a larger thinking budget (``ai.master_time_ms``) on all the machine's cores."""

    level = "master"
    default_time_ms = 1000
    default_cores = None


class _Plan(NamedTuple):
    """What every worker tells before its first row: the candidates (the rows' indices are theirs) and the
    rules' decision, to stand unless the table overrules it."""

    candidates: list[Action]
    rules_decision: Decision


class _Row(NamedTuple):
    """One sampled deal's values: candidate index -> value, for the candidates its worker still played."""

    deal: int
    values: dict[int, float]


class _Gathered:
    """The caller's side of a decision's split (``remote.Listener``): the table, made from the first plan heard,
    that every worker's rows fill in deal order; it tells the workers the candidates still live after a
    pruning, and that they may stop once it is complete."""

    def __init__(self, iterations: int, bar: Bar) -> None:
        self.iterations = iterations
        self.bar = bar  # what a candidate must clear to overrule the rules (``confidence.bar_for``)
        self.table: DealTable | None = None
        self.rules_decision: Decision | None = None

    def heard(self, worker: int, message: _Plan | _Row) -> list[int] | None:
        if isinstance(message, _Plan):
            if self.table is None:
                self.table = DealTable(message.candidates, message.rules_decision.action, self.iterations,
                                       self.bar)
                self.rules_decision = message.rules_decision
            return None
        assert self.table is not None  # a worker tells its plan before its rows
        return self.table.add(message.deal, message.values)

    def enough(self) -> bool:
        return self.table is not None and self.table.done

    def decision(self) -> Decision:
        """The rules' decision, unless the table overrules it (``DealTable.pick``)."""
        table, rules_decision = self.table, self.rules_decision
        assert table is not None and rules_decision is not None
        best, gain = table.pick()
        chosen = table.candidates[best]
        if chosen == rules_decision.action:
            return rules_decision
        return Decision(chosen, "search", {"n": table.n, "gain": gain})


class _Share(NamedTuple):
    """One worker's share of a search level's decision, to be thought in the pool (``remote``): the level, its
    options (time_ms, iterations, rule_tricks, horizon), its banked time, the decision's seed, the view, the
    legal actions, and which worker (the first solves the final tricks exactly, when the deal is there). Answers
    (decision or None, CPU seconds spent)."""

    level: type[ExpertPlayer]
    options: tuple[int, int, int, int]
    bank: float
    seed: int
    view: PlayerView
    legal: list[Action]
    worker: int

    def run(self, stop: remote.Stop, link: remote.Link) -> tuple[Decision | None, float]:
        cpu = process_time()
        time_ms, iterations, rule_tricks, horizon = self.options
        player = self.level(0, time_ms=time_ms, iterations=iterations, rule_tricks=rule_tricks, horizon=horizon)
        player.bank = self.bank
        decided = player._share(self.view, self.legal, self.seed, stop, link, self.worker)
        return decided, process_time() - cpu
