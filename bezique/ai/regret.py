"""How much each level's decisions give away, measured against a sighted oracle (``python -m bezique regret``,
``bezique.commands.regret``, runs it, keeps the oracle's values in a file and prints the figures).

An arena needs 300 games (half an hour on both cores) to tell 0.66 from 0.70; most changes to the search are far
smaller than that. This measures the decisions themselves instead, on the same positions for every level:

- **Positions**: stock-phase plays and declaration steps with two or more distinct actions (copies of a face
  counted once), a share (``SHARE``) of those met in seeded two-handed games of the Intermediate against itself,
  to 500 by default (races, and the last deals of them, included).
- **The oracle** values every action of a position by ``rollouts`` rollouts that know both hands but not the
  order of the stock (each reshuffles the stock above the turn-up: no player can know the draws), played to the
  end of the deal by the search levels' rules, the final tricks counted exactly, each rollout valued as the search
  values its own (``ExpertPlayer.row``: the same deals and random stream for every action).
- **A level's regret** at a position is the oracle's best value less the value of the action the level chooses,
  in the search's own units (points, with the game: ``search.game_value``). The command prints its mean over the
  positions, by kind (lead, follow, declaration) and by the stock left, and paired with the first level named.

Knowing the opponent's hand, the oracle sets a bar no honest player reaches: what matters is the difference
between two levels on the same positions. The oracle has no bias towards the search: it plays its rollouts to the
end of the deal, where the search stops at its horizon and guesses the rest.

Levels: any computer level (the search levels on ``--iterations`` sampled deals, or ``--time-ms``, on one core),
and ``rules``, the search levels' own rules alone (``expert.rules_decision_for``). Never imports pygame.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from bezique.ai.expert import ExpertPlayer, action_key, distinct, rules_decision_for
from bezique.ai.levels import make_player
from bezique.rules import (
    Action,
    GameState,
    Phase,
    Ruleset,
    determinize,
    make_ruleset,
    new_game,
    play_game,
    view_for,
)

SHARE = 0.2  # share of the eligible decisions of the sampled games kept as positions: spread over many games
RULES_LEVEL = "rules"  # the search levels' own rules alone, without their search
KINDS = ("lead", "follow", "declare")
STAGES = (("stock over 30", 31), ("11-30", 11), ("10 or less", 0))  # the deal's stages by the stock left (47 at first)
T = TypeVar("T")


def stage_index(stock: int) -> int:
    """Which of ``STAGES`` a decision with `stock` cards left in the stock belongs to (an index)."""
    return next(i for i, (_name, least) in enumerate(STAGES) if stock >= least)


def decision_kind(phase: Phase, trick_led: bool) -> str:
    """Which of ``KINDS`` a decision is: a declaration step, a card to a trick already led, or a lead."""
    if phase == Phase.DECLARE:
        return "declare"
    return "follow" if trick_led else "lead"


class Position(NamedTuple):
    """A decision to measure: the true state (every card where it lies), whose turn, its distinct actions."""

    state: GameState
    seat: int
    actions: list[Action]

    @property
    def kind(self) -> str:
        return decision_kind(self.state.phase, bool(self.state.trick))

    @property
    def stage(self) -> str:
        return STAGES[stage_index(len(self.state.stock))][0]


class Judged(NamedTuple):
    """One position's kind and stage, its oracle values (one per action) and each level's choice (an index into
    the actions)."""

    kind: str
    stage: str
    values: list[float]
    choices: list[int]

    def regret(self, level: int) -> float:
        return max(self.values) - self.values[self.choices[level]]


def eligible(state: GameState) -> bool:
    """A stock-phase decision of a two-player deal (the final tricks are solved exactly by the search levels)."""
    return state.phase in (Phase.PLAY, Phase.DECLARE) and bool(state.stock) and not state.final_phase


def sample_positions(count: int, seed: int, target: int = 500) -> list[Position]:
    """`count` positions from seeded two-handed games to `target` of the Intermediate against itself, game after
    game (``game_positions``) until there are enough."""
    rules = make_ruleset("two_handed", {"target_score": target})
    positions: list[Position] = []
    game = 0
    while len(positions) < count:
        positions += game_positions(rules, seed, game, count - len(positions))
        game += 1
    return positions


def game_positions(rules: Ruleset, seed: int, game: int, wanted: int) -> list[Position]:
    """Up to `wanted` positions of game `game` of the Intermediate against itself: each eligible decision with two
    or more distinct actions kept with chance ``SHARE`` (its own random stream, so the game is the one the seed
    deals whatever is kept)."""
    pick = random.Random(f"regret-pick-{seed}-{game}")
    players = [make_player("intermediate", seed * 1000 + game * 2 + s) for s in range(2)]
    positions: list[Position] = []

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        if len(positions) < wanted and eligible(state) and pick.random() < SHARE:
            actions = distinct(state, seat, list(view.legal), view.legal[0])
            if len(actions) > 1:
                positions.append(Position(state.clone(), seat, actions))
        return players[seat].choose(view, view.legal)

    play_game(new_game(rules, game % 2), [choose, choose], random.Random(f"regret-{seed}-{game}"))
    return positions


def oracle_values(position: Position, rollouts: int, seed: str) -> list[float]:
    """Each action's mean value over `rollouts` rollouts that know both hands, each with the stock above the
    turn-up shuffled its own way (the same for every action), played to the end of the deal and the final tricks
    counted exactly (``ExpertPlayer.row``)."""
    state, me = position.state, position.seat
    base = tuple(state.scores)
    player = ExpertPlayer(0, horizon=99)
    every = list(range(len(position.actions)))
    rng = random.Random(seed)
    sums = [0.0] * len(every)
    bottom = 1 if state.rules.turn_up_trump else 0  # the turn-up lies face up under the stock: everyone sees it
    for _ in range(rollouts):
        det = state.clone()
        above = det.stock[bottom:]
        rng.shuffle(above)
        det.stock[bottom:] = above
        row = player.row(det, rng.getrandbits(32), position.actions, lambda: every, (me, base), True, lambda: False)
        for i, value in row.items():
            sums[i] += value
    return [total / rollouts for total in sums]


def level_choice(level: str, options: dict[str, int], position: Position, seed: int) -> int:
    """The index among the position's actions of what `level` (with search `options`) chooses, seeing only its
    own view."""
    state, seat = position.state, position.seat
    view = view_for(state, seat)
    if level == RULES_LEVEL:
        rng = random.Random(seed)
        action = rules_decision_for(determinize(view, rng), seat, list(view.legal), rng).action
    else:
        action = make_player(level, seed, cores=1, **options).choose(view, view.legal)
    key = action_key(state, seat, action)
    return next(i for i, a in enumerate(position.actions) if action_key(state, seat, a) == key)


def _oracle_job(job: tuple[int, Position, int, int]) -> list[float]:
    index, position, seed, rollouts = job
    return oracle_values(position, rollouts, f"regret-oracle-{seed}-{index}")


def _choices_job(job: tuple[int, Position, int, Sequence[tuple[str, dict[str, int]]]]) -> list[int]:
    index, position, seed, levels = job
    return [level_choice(level, options, position, seed * 7919 + index) for level, options in levels]


def _mapped(function: Callable[[Any], T], work: list[Any], jobs: int, done: Callable[[int], None]) -> list[T]:
    """`function` over `work`, in order, in `jobs` processes when more than one, telling `done` how many are done
    as they finish. Every job is seeded by the run's seed and its position's index, so a position is judged alike
    in any process and any order."""
    results: list[T] = []
    if jobs > 1 and len(work) > 1:
        context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
        with context.Pool(jobs) as pool:
            for result in pool.imap(function, work):
                results.append(result)
                done(len(results))
        return results
    for job in work:
        results.append(function(job))
        done(len(results))
    return results


def _quiet(_count: int) -> None:
    """A progress that says nothing."""


def oracle_table(positions: list[Position], seed: int, rollouts: int, jobs: int = 1,
                 done: Callable[[int], None] = _quiet) -> list[list[float]]:
    """Every position's oracle values, in order."""
    return _mapped(_oracle_job, [(i, p, seed, rollouts) for i, p in enumerate(positions)], jobs, done)


def choices_table(positions: list[Position], seed: int, levels: Sequence[tuple[str, dict[str, int]]],
                  jobs: int = 1, done: Callable[[int], None] = _quiet) -> list[list[int]]:
    """Every position's choice of each level, in order."""
    return _mapped(_choices_job, [(i, p, seed, levels) for i, p in enumerate(positions)], jobs, done)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error (0 for fewer than two values)."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    return mean, (statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0)
