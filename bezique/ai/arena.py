"""The arena's measure: two computer levels against each other in duplicate games (``python -m bezique arena``,
``bezique.commands.arena``, plays them, keeps their log and prints the figures).

Games are played in duplicate: each pair of games uses the same sequence of shuffled decks and the same first
dealer, with the levels' seats swapped, so the luck of the cards cancels. A game (``play_arena_game``) gives its
winner and each deal's points A minus B; with more than two players every seat of a level counts: a deal's
difference is the mean gain of A's sides less that of B's, and a game is A's when one of A's sides wins it; with a
match target (Rubicon, Chinese) each deal is also counted as the match counts it, each side's gain only up to what
it still needed. The figures are over games: A's win rate with a Wilson interval (``wilson``) and the points a
deal paired by deck (``paired_by_deck``, ``mean_ci``). Never imports pygame.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Literal, NamedTuple, NotRequired, TypedDict

from bezique.ai.levels import make_player
from bezique.rules import Action, GameState, Ruleset, make_ruleset, new_game, play_game, view_for


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class ArenaJob(NamedTuple):
    """One game of an arena: game `number` of deck pair `pair`, levels `a` and `b` (A in seat 1 if `swap`), the
    variant played to `target` in at most `max_deals` deals, the arena's `seed`, and the search levels' options
    (``make_player``'s ``time_ms`` or ``iterations``). A tuple, so that worker processes are handed it as it is."""

    number: int
    pair: int
    swap: bool
    a: str
    b: str
    variant: str
    target: int
    max_deals: int
    seed: int
    options: dict[str, int]


class GameResult(TypedDict):
    """One game's figures, as the arena's log keeps them (JSON): A, B or None (a draw) for `winner`, each deal's
    points A minus B, each level's decision times in milliseconds, the best score of each level's sides, and with a
    match target each deal's match points A minus B."""

    index: int
    pair: int
    winner: str | None
    deal_diffs: list[float]
    times: dict[str, list[float]]
    scores: tuple[int, int]
    match_diffs: NotRequired[list[float]]


def play_arena_game(job: ArenaJob) -> GameResult:
    """One game. `swap` puts A in seat 1. Returns the winner's level letter and per-deal A-minus-B points."""
    index, pair, swap, a, b, variant, target, max_deals, seed, options = job
    rules = make_ruleset(variant, {"target_score": target})
    seats = rules.players
    letters = seat_letters(rules, swap)
    players = [make_player(a if letters[s] == "A" else b, seed * 1_000_003 + index * 101 + s, **options)
               for s in range(seats)]
    times: dict[str, list[float]] = {"A": [], "B": []}
    deal_diffs: list[float] = []
    match_diffs: list[float] = []  # with a match target: each side's gain counted up to what it still needed
    sides_a = sorted({rules.side_of(s) for s in range(seats) if letters[s] == "A"})
    sides_b = sorted({rules.side_of(s) for s in range(seats) if letters[s] == "B"})
    start_scores = [0] * rules.sides

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        legal = view.legal
        t0 = time.perf_counter()
        action = players[seat].choose(view, legal)
        if len(legal) > 1:
            times[letters[seat]].append((time.perf_counter() - t0) * 1000.0)
        return action

    def deal_done(state: GameState) -> None:
        deal_diffs.append(_diff(state, start_scores, sides_a, sides_b))
        if rules.match_target is not None:
            match_diffs.append(_diff(state, start_scores, sides_a, sides_b, rules.match_target))

    def deal_due(state: GameState) -> None:
        nonlocal start_scores
        if state.deal_index >= 0:
            deal_done(state)
        start_scores = list(state.scores)

    state = play_game(new_game(rules, 0), [choose] * seats, lambda deal: random.Random(f"{seed}-{pair}-{deal}"),
                      max_deals=max_deals, on_deal=deal_due)
    best_a = max(state.scores[s] for s in sides_a)
    best_b = max(state.scores[s] for s in sides_b)
    if state.finished:
        deal_done(state)
        winner = None if state.winner is None else ("A" if state.winner in sides_a else "B")
    else:
        winner = "A" if best_a > best_b else "B" if best_b > best_a else None
    result: GameResult = {"index": index, "pair": pair, "winner": winner, "deal_diffs": deal_diffs, "times": times,
                          "scores": (best_a, best_b)}
    if rules.match_target is not None:
        result["match_diffs"] = match_diffs
    return result


def seat_letters(rules: Ruleset, swap: bool) -> list[str]:
    """Each seat's level, "A" or "B", in alternate seats (A first unless `swap`): partners sit in alternate seats,
    so every seat of a side plays the same level, and the swapped game of a pair seats the other level there."""
    first, second = ("B", "A") if swap else ("A", "B")
    letters = [first if s % 2 == 0 else second for s in range(rules.players)]
    assert all(letters[s] == letters[rules.side_of(s)] for s in range(rules.players))  # one level a side
    return letters


def _diff(state: GameState, start: list[int], sides_a: list[int], sides_b: list[int],
          target: int | None = None) -> float:
    """A deal's points, A minus B: the mean gain of A's sides less the mean gain of B's (every seat of a level
    counts: three-handed puts A in two seats and B in one, then the other way round). With a match `target`
    (Rubicon, Chinese), each gain counted only up to what its side still needed to reach it: what the match
    scores (a deal that wins the match by 3000 wins it as one that wins by 1500)."""
    gain = [state.scores[s] - start[s] for s in range(len(state.scores))]
    if target is not None:
        gain = [min(g, max(0, target - start[s])) for s, g in enumerate(gain)]
    return statistics.fmean(gain[s] for s in sides_a) - statistics.fmean(gain[s] for s in sides_b)


def paired_by_deck(results: list[GameResult], key: Literal["deal_diffs", "match_diffs"]) -> list[float]:
    """Each deck's figure `key` (a list per game, one a deal), paired: deal k of both games of a pair used the same
    deck, so its figure is the mean of the two seatings (a game without its pair counts alone)."""
    paired: list[float] = []
    by_pair: dict[int, list[GameResult]] = {}
    for r in results:
        by_pair.setdefault(r["pair"], []).append(r)
    for games in by_pair.values():
        if len(games) == 2:
            d0, d1 = games[0].get(key, []), games[1].get(key, [])
            paired.extend((x + y) / 2 for x, y in zip(d0, d1, strict=False))
        else:
            paired.extend(games[0].get(key, []))
    return paired
