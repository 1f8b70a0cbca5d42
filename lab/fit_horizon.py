"""Fit the expert search's horizon weights (``bezique.ai.search.HORIZON_WEIGHTS``) on intermediate self-play.

A rollout of the search is cut a few tricks after the decision and valued by what each seat holds then. The best
such value is the points the deal will still bring, so this tool plays whole two-handed deals with the intermediate
rules (the rollouts' own policy), records ``horizon_features`` for both seats at every stock-phase trick boundary,
and fits by least squares

    (points seat 0 scores from here to the end of the deal) - (the same for seat 1)
        ~ HORIZON_WEIGHTS . (features of seat 0 - features of seat 1)

The first feature, brisque points already won, is certain to score: its weight stays 1 and the others are fitted
to what remains (a fitted weight below 1 would only echo the other features' errors).

Deals are split in two halves: the weights are fitted on one and scored (R², mean absolute error) on the other,
beside the weights in use, so a refit shows whether it predicts better. Usage:

    python lab/fit_horizon.py [--deals 4000] [--seed 1]

Found on stop 34: 16000 deals (seed 34, 35 s compiled) refit the weights to (1.00, 0.92, 7.41, 13.38, 3.42, 12.03,
0.22), held-out R² 0.193 against 0.182 for those in use; in the arena that is worth nothing (+0.030 [-0.021,
+0.081] of the games to 500 on the decks it was picked on, +0.007 [-0.050, +0.063] to 1000 on fresh ones:
lab/arena), so the weights in use stay. Three more features (aces apart from tens, who leads next, trumps x the
stock left) add under 0.001 of R²: the rest of a deal is mostly the draws, which no feature of the hands foretells.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique.ai.final_tricks import final_phase_decision
from bezique.ai.policy import intermediate_decision
from bezique.ai.search import HORIZON_FEATURES, HORIZON_WEIGHTS, horizon_features
from bezique.rules import (
    Action,
    Chooser,
    GameState,
    Phase,
    Verb,
    legal_actions,
    legal_plays,
    make_ruleset,
    new_game,
    play_game,
)

Sample = tuple[list[float], float]


def rollout_policy(rng: random.Random) -> Chooser:
    """The moves of the search's rollouts with ``rule_tricks=99`` (its intermediate rules), one at a time: the
    final tricks by ``final_phase_decision`` over the cards in the order ``rollout`` gives them."""
    def choose(state: GameState, seat: int) -> Action:
        if state.final_phase and state.phase == Phase.PLAY:
            cards = legal_plays(state)
            card = cards[0] if len(cards) == 1 else final_phase_decision(state, seat, cards).action.cards[0]
            return Action(Verb.PLAY, (card,))
        return intermediate_decision(state, seat, legal_actions(state), rng).action
    return choose


def at_trick_boundary(state: GameState) -> bool:
    """A stock-phase trick about to be led: where a rollout with ``horizon=1`` stops and is valued."""
    return state.phase == Phase.PLAY and not state.trick and not state.final_phase and bool(state.stock)


def deal_samples(seed: int) -> list[Sample]:
    """Every stock-phase trick boundary of one intermediate self-play deal: (feature differences, points to come)."""
    rules = make_ruleset("two_handed", {"target_score": 2000})  # no game ends inside a deal
    rng = random.Random(seed)
    move = rollout_policy(rng)
    marks: list[tuple[list[float], int]] = []

    def choose(state: GameState, seat: int) -> Action:
        if at_trick_boundary(state):
            mine, theirs = horizon_features(state, 0), horizon_features(state, 1)
            marks.append(([a - b for a, b in zip(mine, theirs, strict=True)], state.scores[0] - state.scores[1]))
        return move(state, seat)

    state = play_game(new_game(rules, seed % 2), [choose, choose], rng, max_deals=1)
    final = state.scores[0] - state.scores[1]
    return [(x, float(final - now)) for x, now in marks]


def fit(samples: list[Sample]) -> list[float]:
    """Least-squares weights (no intercept: the value is antisymmetric between the seats) by the normal equations."""
    k = len(samples[0][0])
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in samples:
        for i in range(k):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                row = xtx[i]
                for j in range(k):
                    row[j] += xi * x[j]
    return solve_linear(xtx, xty)


def residual(samples: list[Sample]) -> list[Sample]:
    """`samples` without the certain first feature (brisque points won): its points come off the target."""
    return [(x[1:], y - x[0]) for x, y in samples]


def solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting, a small ridge keeping an unused feature at 0."""
    k = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(k):
        m[i][i] += 1e-6
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(k):
            if r != col and m[col][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [v - factor * p for v, p in zip(m[r], m[col], strict=True)]
    return [m[i][k] / m[i][i] if m[i][i] else 0.0 for i in range(k)]


def score(samples: list[Sample], weights: list[float] | tuple[float, ...]) -> tuple[float, float]:
    """(R², mean absolute error in points) of `weights` on `samples`."""
    ys = [y for _, y in samples]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    errors = [y - sum(w * v for w, v in zip(weights, x, strict=True)) for x, y in samples]
    return 1.0 - sum(e * e for e in errors) / total, sum(abs(e) for e in errors) / len(errors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    train: list[Sample] = []
    test: list[Sample] = []
    for d in range(args.deals):
        (train if d % 2 == 0 else test).extend(deal_samples(args.seed * 1_000_003 + d))
    fitted = [1.0, *fit(residual(train))]
    print(f"{args.deals} deals, {len(train)} + {len(test)} positions, {time.perf_counter() - started:.0f} s")
    for name, old, new in zip(HORIZON_FEATURES, HORIZON_WEIGHTS, fitted, strict=True):
        print(f"  {name:22s} in use {old:7.2f}   fitted {new:7.2f}")
    for label, weights in (("in use", HORIZON_WEIGHTS), ("fitted", fitted)):
        r2, mae = score(test, weights)
        print(f"held-out deals, weights {label}: R2={r2:.3f} mean abs error={mae:.1f} points")
    print("HORIZON_WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in fitted) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
