"""Tune the weights of the search levels' own rules (``bezique.ai.knowledge.EXPERT_CRAFT``) by duplicate deals.

The expert plays the intermediate rules' choice unless its search shows a clear gain, and its rollouts play its own
later moves by rule too, so better rules make a better expert. This tool plays single two-handed deals between the
rules with candidate weights and the intermediate level, each deck twice with the seats swapped, and changes one
weight at a time (coordinate search, a step up and a step down), keeping a change when the paired gain in points
per deal clears ``--z`` standard errors. Every candidate is scored on the same decks, so their comparison is sharp;
a final run on fresh decks reports the result without the selection's optimism. Usage:

    python lab/tune_craft.py [--deals 3000] [--rounds 2] [--step 0.5] [--seed 1] [--jobs 2]
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

from bezique.ai.knowledge import EXPERT_CRAFT, INTERMEDIATE, Craft
from bezique.ai.players import IntermediatePlayer
from bezique.rules import Action, Chooser, GameState, make_ruleset, new_game, play_game, view_for


def by_view(player: IntermediatePlayer) -> Chooser:
    """The player chooses from its own seat's view, as in a real game."""
    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        return player.choose(view, view.legal)
    return choose


def deal_diff(job: tuple[Craft, int]) -> float:
    """Points of the `craft` rules minus the intermediate level's over one deck played in both seatings."""
    craft, deck = job
    rules = make_ruleset("two_handed", {"target_score": 2000})  # nobody wins inside one deal
    total = 0.0
    for tuned_seat in (0, 1):
        players = [IntermediatePlayer(deck * 2 + s) for s in range(2)]
        players[tuned_seat].craft = craft
        state = play_game(new_game(rules, deck % 2), [by_view(p) for p in players], random.Random(deck), max_deals=1)
        total += state.scores[tuned_seat] - state.scores[1 - tuned_seat]
    return total / 2


def evaluate(pool, craft: Craft, decks: range) -> list[float]:
    return pool.map(deal_diff, [(craft, d) for d in decks], chunksize=25)


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="decks per evaluation (each played twice)")
    parser.add_argument("--rounds", type=int, default=2, help="passes over the weights")
    parser.add_argument("--step", type=float, default=0.5, help="first pass: each weight x (1 +- step); halved "
                        "at each further pass")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--z", type=float, default=2.0, help="standard errors a kept change must clear")
    parser.add_argument("--start", choices=("intermediate", "expert"), default="expert",
                        help="weights to start from (default: the expert's in use)")
    args = parser.parse_args(argv)
    decks = range(args.seed * 1_000_000, args.seed * 1_000_000 + args.deals)
    fresh = range(args.seed * 1_000_000 + 500_000, args.seed * 1_000_000 + 500_000 + args.deals)
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        best = EXPERT_CRAFT if args.start == "expert" else INTERMEDIATE
        best_xs = evaluate(pool, best, decks)
        print(f"start: {mean_se(best_xs)[0]:+.1f} points per deal against intermediate", flush=True)
        for rnd in range(args.rounds):
            step = args.step / (rnd + 1)
            for name in Craft._fields:
                for factor in (1 + step, 1 - step):
                    trial = best._replace(**{name: getattr(best, name) * factor})
                    xs = evaluate(pool, trial, decks)
                    gain, se = mean_se([x - y for x, y in zip(xs, best_xs, strict=True)])
                    kept = gain > args.z * se
                    print(f"  {name:15s} x{factor:.2f} = {getattr(trial, name):7.2f}: gain {gain:+5.1f} "
                          f"(se {se:.1f}){'  kept' if kept else ''}  [{time.perf_counter() - started:.0f} s]",
                          flush=True)
                    if kept:
                        best, best_xs = trial, xs
                        break
        mean, se = mean_se(evaluate(pool, best, fresh))
    print(f"fresh decks: {mean:+.1f} points per deal against intermediate (se {se:.1f})")
    print("EXPERT_CRAFT = Craft(" + ", ".join(f"{k}={v:.3g}" for k, v in best._asdict().items()) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
