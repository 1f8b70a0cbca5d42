"""Fit the expert search's chance of winning a race to the target (``bezique.ai.search.WIN_SLOPE``).

A rollout of the search ends with scores and cards still in hand, and the game is what counts: in the default
immediate mode the first side to reach the target wins at once, so a lead is worth more near the target than at the
start. This tool plays whole two-handed games to the target with the intermediate rules (the rollouts' policy),
records at every stock-phase trick boundary each seat's expected total (score + ``horizon_value``), and fits by
logistic regression (Newton's method)

    P(seat 0 wins the game) = 1 / (1 + exp(-(a + b x nearness) x (total 0 - total 1) / 100))

where nearness = the larger total / target. Games are split in two halves: the fit is made on one and scored
(log-loss) on the other, beside the slopes in use and a slope without nearness. Usage:

    python lab/fit_win.py [--games 8000] [--target 500] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fit_horizon import at_trick_boundary, rollout_policy  # a sibling script: lab/ is on the path

from bezique.ai.search import WIN_SLOPE, horizon_value
from bezique.rules import Action, GameState, make_ruleset, new_game, play_game

Sample = tuple[float, float, float]  # (lead of seat 0 / 100, nearness, 1.0 if seat 0 won the game else 0.0)


def game_samples(job: tuple[int, int]) -> list[Sample]:
    """Every stock-phase trick boundary of one intermediate self-play game to `target`."""
    seed, target = job
    rules = make_ruleset("two_handed", {"target_score": target})
    rng = random.Random(seed)
    move = rollout_policy(rng)
    marks: list[tuple[float, float]] = []

    def choose(state: GameState, seat: int) -> Action:
        if at_trick_boundary(state):
            totals = [state.scores[s] + horizon_value(state, s) for s in (0, 1)]
            marks.append(((totals[0] - totals[1]) / 100.0, max(totals) / target))
        return move(state, seat)

    state = play_game(new_game(rules, seed % 2), [choose, choose], rng)
    won = 1.0 if state.winner == 0 else 0.0
    return [(lead, near, won) for lead, near in marks]


def features(sample: Sample, with_nearness: bool) -> list[float]:
    lead, near, _won = sample
    return [lead, lead * near] if with_nearness else [lead]


def logit(weights: list[float] | tuple[float, ...], x: list[float]) -> float:
    return max(-30.0, min(30.0, sum(w * v for w, v in zip(weights, x, strict=True))))


def fit(samples: list[Sample], with_nearness: bool, steps: int = 25) -> list[float]:
    """Maximum-likelihood weights (no intercept: the chance is symmetric between the seats) by Newton's method."""
    k = 2 if with_nearness else 1
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-9 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for s in samples:
            x = features(s, with_nearness)
            p = 1.0 / (1.0 + math.exp(-logit(w, x)))
            for i in range(k):
                grad[i] += x[i] * (s[2] - p)
                for j in range(k):
                    hess[i][j] += x[i] * x[j] * p * (1.0 - p)
        if k == 1:
            w[0] += grad[0] / hess[0][0]
        else:
            det = hess[0][0] * hess[1][1] - hess[0][1] * hess[1][0]
            w[0] += (hess[1][1] * grad[0] - hess[0][1] * grad[1]) / det
            w[1] += (hess[0][0] * grad[1] - hess[1][0] * grad[0]) / det
    return w


def log_loss(samples: list[Sample], weights: list[float] | tuple[float, ...], with_nearness: bool) -> float:
    total = 0.0
    for s in samples:
        p = 1.0 / (1.0 + math.exp(-logit(weights, features(s, with_nearness))))
        p = min(1.0 - 1e-9, max(1e-9, p))
        total -= math.log(p) if s[2] else math.log(1.0 - p)
    return total / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--target", type=int, default=500, choices=(500, 1000, 2000))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    jobs = [(args.seed * 1_000_003 + g, args.target) for g in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        per_game = pool.map(game_samples, jobs, chunksize=20)
    train = [s for g, samples in enumerate(per_game) if g % 2 == 0 for s in samples]
    test = [s for g, samples in enumerate(per_game) if g % 2 == 1 for s in samples]
    print(f"{args.games} games to {args.target}, {len(train)} + {len(test)} positions, "
          f"{time.perf_counter() - started:.0f} s")
    plain = fit(train, with_nearness=False)
    fitted = fit(train, with_nearness=True)
    print(f"held-out log-loss: no nearness {log_loss(test, plain, False):.4f}, "
          f"in use {log_loss(test, WIN_SLOPE, True):.4f}, fitted {log_loss(test, fitted, True):.4f} "
          f"(a coin: {math.log(2):.4f})")
    print(f"WIN_SLOPE = ({fitted[0]:.3f}, {fitted[1]:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
