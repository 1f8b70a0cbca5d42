"""How well the search's reading of the opponent (``inference.Belief``) places the opponent's concealed cards,
against the uniform deals of ``determinize``.

The regret command cannot see what reading is worth (a perfect reading shows there as 0.76 a decision, where an
arena gains +31 points a deal: ``lab/clairvoyant_arena.py``), and an arena needs 300 games. This measures the
reading itself, in seconds: at every third stock-phase decision of seat 0 in two-handed deals of the Intermediate
against itself (the arena's opponent), it draws ``--samples`` deals from the Belief and as many uniform ones, and
counts the share of the opponent's concealed cards (by face, copies counted) each deal places in its hand. Printed
for all positions and by the stock left (early: over 30 cards, mid: 11-30, late: 10 or less).

The reading's constants may be set for the run, e.g. ``TEMPERATURE=0.5`` (names of ``bezique.ai.inference``).
Usage:

    python lab/belief_accuracy.py [--deals 200] [--samples 10] [--seed 1] [NAME=VALUE ...]

Found on stop 33 (the defaults: 1828 positions): the Belief places 0.365 of the concealed cards where uniform
deals place 0.306 (late in the stock 0.579 against 0.527); with ``TEMPERATURE`` 1.0 (2.0 now) 0.371, with 0.5
0.376. Knowing the hand is worth about +30 points a deal in an arena, and this reading gets a twelfth of the way
from uniform deals to it.
"""

from __future__ import annotations

import argparse
import ast
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stages import STAGE_SHORT, stage_name  # a sibling: lab/ is the script's own folder on the path

from bezique.ai import inference
from bezique.ai.levels import make_player
from bezique.rules import (
    Action,
    GameState,
    PlayerView,
    determinize,
    make_ruleset,
    new_game,
    play_game,
    view_for,
)

EVERY = 3  # one stock-phase decision of seat 0 in this many is read


def placed(view: PlayerView, truth: Counter[int], draw: Callable[[], GameState], samples: int) -> float:
    """The share of the opponent's concealed cards (faces in `truth`, with copies) that `samples` deals from
    `draw` put in its hand, on average."""
    hits = 0
    for _ in range(samples):
        dealt = draw().hands[1]
        hits += sum((Counter(c & 31 for c in dealt if c not in view.known[1]) & truth).values())
    return hits / (samples * sum(truth.values()))


def measure(deals: int, samples: int, seed: int) -> dict[str, dict[str, list[float]]]:
    """Per stage, the Belief's and the uniform deals' ``placed`` share at each read position of `deals` deals."""
    shares: dict[str, dict[str, list[float]]] = {name: {"belief": [], "uniform": []} for name in STAGE_SHORT}
    for deal in range(deals):
        read_deal(deal, samples, seed, shares)
    return shares


def read_deal(deal: int, samples: int, seed: int, shares: dict[str, dict[str, list[float]]]) -> None:
    """One deal of the Intermediate against itself, its read positions' shares added to `shares`."""
    rules = make_ruleset("two_handed", {"target_score": 2000})  # no game ends inside the deal
    players = [make_player("intermediate", seed * 1_000_003 + deal * 2 + s) for s in range(2)]
    decisions = 0

    def choose(state: GameState, seat: int) -> Action:
        nonlocal decisions
        view = view_for(state, seat)
        if seat == 0 and state.stock and not state.final_phase and len(view.legal) > 1:
            decisions += 1
            truth = Counter(c & 31 for c in state.hands[1] if c not in view.known[1])
            if decisions % EVERY == 0 and truth:
                rng = random.Random(f"{seed}-{deal}-{decisions}")
                belief = inference.Belief(view, rng)
                stage = shares[stage_name(len(state.stock))]
                stage["belief"].append(placed(view, truth, lambda: belief.deal(rng), samples))
                stage["uniform"].append(placed(view, truth, lambda: determinize(view, rng), samples))
        return players[seat].choose(view, view.legal)

    play_game(new_game(rules, deal % 2), [choose, choose], random.Random(f"belief-{seed}-{deal}"), max_deals=1)


def report(shares: dict[str, dict[str, list[float]]]) -> list[str]:
    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("nan")

    every = {kind: [v for stage in shares.values() for v in stage[kind]] for kind in ("belief", "uniform")}
    lines = [f"{len(every['belief'])} positions: belief {mean(every['belief']):.3f}, uniform "
             f"{mean(every['uniform']):.3f} of the opponent's concealed cards placed"]
    for name, stage in shares.items():
        lines.append(f"  {name:5s} {len(stage['belief']):5d} positions: belief {mean(stage['belief']):.3f}, "
                     f"uniform {mean(stage['uniform']):.3f}")
    return lines


def set_constant(assignment: str) -> None:
    """``NAME=VALUE`` (a Python literal) in ``bezique.ai.inference``."""
    name, _, text = assignment.partition("=")
    if not hasattr(inference, name):
        raise ValueError(f"bezique.ai.inference has no {name}")
    setattr(inference, name, ast.literal_eval(text))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("constants", nargs="*", help="NAME=VALUE: a constant of bezique.ai.inference for this run")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        for assignment in args.constants:
            set_constant(assignment)
    except (ValueError, SyntaxError) as exc:
        print(f"belief_accuracy: {exc}", file=sys.stderr)
        return 2
    for line in report(measure(args.deals, args.samples, args.seed)):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
