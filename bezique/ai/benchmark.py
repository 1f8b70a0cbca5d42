"""``python -m bezique bench ai``: how fast the Expert searches, and how long its decisions take in each variant.

Three measures, all printed as figures (never asserted on the clock by tests, which pass a stepped clock):

- the rate of the Expert's own sampled deals, on a fixed workload: ``games`` seeded two-handed one-deal games
  (default 3) of the Intermediate against itself, the Expert searching each seat-0 decision on a fixed number
  of sampled deals (``BENCH_DEALS``, 50: what the default 280 ms bought on a quiet core) while the Intermediate's
  move is played; each searched decision's sampled deals (``ExpertPlayer.last_deals``) over the CPU time of the
  searched decisions; the last line reads ``ai: N sampled deals/s``. The workload is the same on every run: the
  same positions, deals and rollouts (a digest of the Expert's choices is printed, so a faster version that
  prints another one plays differently), so two runs differ only by the machine's noise. It used to be the
  Expert on its wall-clock budget: the games went differently run to run, late positions (whose rollouts end in
  exact solves) came in a different mix, and four identical runs printed 234 to 390. Then the Expert's own
  moves were played on a fixed number of deals: a change of its play moved the positions, and the figure with
  them (259 to 174 on one machine for a change that cost 7% on the same positions);
- with ``--times``, each variant's Expert decision times (decisions with more than one legal action) as median,
  95th percentile and maximum, with the phase of the slowest: the budget is the same in every variant and phase;
- with ``--jobs N``, what N cores buy on the same wall-clock budget (for ``--seconds``): each searched decision
  of two-handed games thought twice in the thinking processes (``remote``), by an Expert on one core and by one
  sharing its deals between N, on the same position with the same seed and budget, their order alternating;
  the line ``ai: M sampled deals/s on N cores`` then says how many more deals N cores sample in the same time
  (a wall-clock figure, so it says what the machine's load leaves), beside each one's worker CPU time per deal
  (what the split itself costs, whatever the load).

Never imports pygame.
"""

from __future__ import annotations

import hashlib
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from bezique.ai import remote, search
from bezique.ai.expert import ExpertPlayer
from bezique.ai.levels import make_player
from bezique.rules import VARIANTS, Action, GameState, make_ruleset, new_game, play_game, view_for

BENCH_GAMES = 3  # seeded one-deal games of the fixed workload
BENCH_DEALS = 50  # sampled deals a decision in the fixed workload: what the default budget bought on a quiet core


class Times(NamedTuple):
    """Decision times of one variant, in milliseconds, and where the slowest one was."""

    variant: str
    times: list[float]
    slowest: str

    def line(self) -> str:
        ordered = sorted(self.times) or [0.0]
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return (f"{self.variant:>12}: median {statistics.median(ordered):6.0f} ms  p95 {p95:6.0f} ms  "
                f"max {ordered[-1]:6.0f} ms  ({len(self.times)} decisions; slowest: {self.slowest})")


def _phase(state: GameState) -> str:
    """Where a decision is, in words: the stock left, or the final tricks."""
    if state.final_phase:
        return f"final tricks, {len(state.hands[state.to_act or 0])} cards"
    return f"{state.phase.value}, stock {len(state.stock)}"


def decision_times(variant: str, deals: int, seed: int, options: Mapping[str, int] | None = None,
                   clock: Callable[[], float] = time.perf_counter) -> Times:
    """Play `deals` deals of `variant` (Expert in seat 0 and every other even seat, Intermediate in the others)
    and time every Expert decision with a choice (`options` go to the Expert)."""
    rules = make_ruleset(variant)
    players = [make_player("expert" if s % 2 == 0 else "intermediate", seed * 101 + s, **(options or {}))
               for s in range(rules.players)]
    times: list[float] = []
    slowest = ""

    def choose(state: GameState, seat: int) -> Action:
        nonlocal slowest
        view = view_for(state, seat)
        t0 = clock()
        action = players[seat].choose(view, view.legal)
        if seat % 2 == 0 and len(view.legal) > 1:
            ms = (clock() - t0) * 1000.0
            if not times or ms > max(times):
                slowest = _phase(state)
            times.append(ms)
        return action

    play_game(new_game(rules, 0), [choose] * rules.players, lambda deal: random.Random(f"{seed}-{deal}"),
              max_deals=deals)
    return Times(variant, times, slowest)


class Workload(NamedTuple):
    """What the fixed workload of ``sampled_deals_rate`` measured."""

    deals: int  # sampled deals of the Expert's searched decisions
    seconds: float  # CPU seconds of those decisions
    decisions: int  # searched decisions
    choices: str  # a digest of the Expert's choices: the same on every run of the same play
    positions: str  # a digest of the moves played (the Intermediate's): the same whatever the Expert's play

    def rate(self) -> float:
        return self.deals / max(self.seconds, 1e-9)


def sampled_deals_rate(games: int, seed: int, iterations: int = BENCH_DEALS,
                       clock: Callable[[], float] = time.process_time) -> Workload:
    """The Expert's searched decisions in seat 0 of `games` seeded one-deal two-handed games of the Intermediate
    against itself, the Expert sampling `iterations` deals a decision: a fixed workload, the same on every run.
    The Expert thinks at every seat-0 decision but the Intermediate's move is played, so the positions do not
    move when the Expert's own play changes (a new weight of its rules once led its own games into later, dearer
    positions and moved the figure by a third where its speed had moved by 7%); its rollouts are its own. The
    clock is the process's CPU time: on a shared machine the rate is then that of one core, whatever else runs."""
    rules = make_ruleset("two_handed")
    expert = make_player("expert", seed, iterations=iterations)
    assert isinstance(expert, ExpertPlayer)
    players = [make_player("intermediate", seed + 2), make_player("intermediate", seed + 1)]
    sampled = decisions = 0
    spent = 0.0
    played, searched = hashlib.sha256(), hashlib.sha256()

    def choose(state: GameState, seat: int) -> Action:
        nonlocal sampled, spent, decisions
        view = view_for(state, seat)
        if not seat:
            t0 = clock()
            expert.last_deals = 0
            choice = expert.choose(view, view.legal)
            if expert.last_deals:
                sampled += expert.last_deals
                spent += clock() - t0
                decisions += 1
            searched.update(repr(choice).encode())
        action = players[seat].choose(view, view.legal)
        played.update(repr(action).encode())
        return action

    for game in range(games):
        play_game(new_game(rules, game % 2), [choose, choose], random.Random(f"{seed}-{game}"), max_deals=1)
    return Workload(sampled, spent, decisions, searched.hexdigest()[:16], played.hexdigest()[:16])


class CoresRate(NamedTuple):
    """What a number of cores sampled in the Expert's searched decisions: deals, wall-clock and CPU seconds."""

    cores: int
    deals: int
    wall: float
    cpu: float

    def rate(self) -> float:
        return self.deals / max(self.wall, 1e-9)


def cores_rates(seconds: float, seed: int, cores: int, options: Mapping[str, int] | None = None,
                clock: Callable[[], float] = time.perf_counter) -> tuple[CoresRate, CoresRate]:
    """(one core, `cores` cores): the Expert's searched two-handed decisions against the Intermediate, over games
    played for about `seconds` of `clock`, each decision thought in the thinking processes by two Experts of the
    same seed, one on a single core and one on `cores`, with no banked time (the same budget), first one then
    the other in turn; the game goes on with the single core's choice (`options` go to both Experts)."""
    remote.warm(cores, wait=True)  # every process ready: no decision is split narrower while one starts
    rules = make_ruleset("two_handed")
    experts = [make_player("expert", seed, **{**(options or {}), "cores": n}) for n in (1, cores)]
    other = make_player("intermediate", seed + 1)
    totals = [[0, 0.0, 0.0], [0, 0.0, 0.0]]
    turn = 0

    def choose(state: GameState, seat: int) -> Action:
        nonlocal turn
        view = view_for(state, seat)
        if seat:
            return other.choose(view, view.legal)
        actions: list[Action] = [view.legal[0], view.legal[0]]
        turn += 1
        for i in (0, 1) if turn % 2 else (1, 0):
            expert = experts[i]
            assert isinstance(expert, ExpertPlayer)
            expert.bank, expert.last_deals = 0.0, 0
            t0 = clock()
            actions[i] = expert.choose(view, view.legal)
            wall = clock() - t0
            if expert.last_deals:
                total = totals[i]
                total[0] += expert.last_deals
                total[1] += wall
                total[2] += expert.last_cpu
        return actions[0]

    game = 0
    deadline = clock() + seconds
    with remote.in_processes():
        while clock() < deadline:
            play_game(new_game(rules, game % 2), [choose, choose], random.Random(f"{seed}-{game}"), max_deals=1)
            game += 1
    one, many = (CoresRate(n, int(t[0]), t[1], t[2]) for n, t in zip((1, cores), totals, strict=True))
    return one, many


def cores_lines(one: CoresRate, many: CoresRate) -> list[str]:
    """``cores_rates`` in words, ending with the line ``ai: M sampled deals/s on N cores``."""

    def cpu_ms(rate: CoresRate) -> float:
        return 1000.0 * rate.cpu / max(rate.deals, 1)

    split = cpu_ms(many) / max(cpu_ms(one), 1e-9)
    return [f"two-handed, the same decisions in the thinking processes (wall-clock, the machine's load included): "
            f"1 core {one.deals} sampled deals in {one.wall:.2f} s, {many.cores} cores {many.deals} in "
            f"{many.wall:.2f} s",
            f"worker CPU a deal: {cpu_ms(one):.2f} ms on 1 core, {cpu_ms(many):.2f} ms on {many.cores} (the split "
            f"costs {100 * (split - 1):+.1f}%: at most x{many.cores / split:.2f} on {many.cores} idle cores)",
            f"ai: {many.rate():.0f} sampled deals/s on {many.cores} cores "
            f"(x{many.rate() / max(one.rate(), 1e-9):.2f} the {one.rate():.0f} of 1 core, the same budget)"]


def hot_path() -> str:
    """How this run's search modules were loaded: compiled (setup.py's optional mypyc build, about twice the rate)
    or as Python, so that a figure says which of the two it measured."""
    return "in Python" if (search.__file__ or "").endswith(".py") else "compiled"


def run_ai_bench(games: int, seed: int, times: bool, deals: int, variants: tuple[str, ...] = VARIANTS,
                 options: Mapping[str, int] | None = None, clock: Callable[[], float] = time.process_time,
                 jobs: int = 1, wall: Callable[[], float] = time.perf_counter, seconds: float = 10.0,
                 iterations: int = BENCH_DEALS) -> int:
    """The ``bench ai`` command: per-variant decision times (with `times`), with `jobs` > 1 the rate on that many
    cores against one for about `seconds` (``cores_rates``, on the `wall` clock), then the sampled deals rate of
    the fixed workload (`games`, `iterations` deals a decision, on `clock`). `clock`, `wall` and `options` (the
    Expert's, for the times and the cores: tests give it a fixed number of iterations) are the tests'."""
    if times:
        print(f"Expert decision times, {deals} deal(s) a variant, default budget (the machine's load included):")
        for variant in variants:
            print(decision_times(variant, deals, seed, options).line(), flush=True)
    if jobs > 1:
        for line in cores_lines(*cores_rates(seconds, seed, jobs, options, wall)):
            print(line, flush=True)
    work = sampled_deals_rate(games, seed, iterations, clock)
    print(f"two-handed, {games} seeded game(s) of the Intermediate, {iterations} sampled deals a decision: "
          f"{work.deals} sampled deals in {work.decisions} searched decisions, {work.seconds:.2f} CPU s on one "
          f"core, {hot_path()}; choices {work.choices}")
    print(f"ai: {work.rate():.0f} sampled deals/s")
    return 0
