"""``python -m bezique bench review``: how long the review's analysis of a whole deal takes on one core.

Two-handed deals are played by the intermediate level (seeded, so every run weighs the same deals); each is laid
out as the Review screen lays it out (``presenter.review``) and seat 0's decisions are weighed by ``ai.review``, as
the window's worker does. The figure is the processor time of the one thread doing it (what one core spends, whatever
else the machine is doing); the wall time is printed beside it. Ends with ``review: N s per deal``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bezique.ai import make_player
from bezique.ai.review import SAMPLES, assess_deal
from bezique.presenter.review import review_game
from bezique.rules import Phase, RecordedGame, SeatKind, legal_actions, make_ruleset, shuffled_deck, view_for


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", type=int, default=3, help="deals to weigh (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=SAMPLES, help=f"sampled deals per decision ({SAMPLES})")


def played_deal(seed: int) -> dict[str, Any]:
    """The record of one two-handed deal played to its end by the intermediate level."""
    rules = make_ruleset("two_handed")
    rng = random.Random(seed)
    players = [make_player("intermediate", seed * 2 + seat) for seat in range(2)]
    seated = [{"name": "A", "type": SeatKind.HUMAN}, {"name": "B", "type": SeatKind.AI}]
    game = RecordedGame.new(rules, seated, seed % 2, seed)
    game.start_deal(shuffled_deck(rules, rng))
    while game.state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        seat = game.state.to_act
        assert seat is not None
        game.act(players[seat].choose(view_for(game.state, seat), legal_actions(game.state)))
    return game.to_dict()


def run(args: argparse.Namespace) -> int:
    cpu_total = wall_total = 0.0
    for k in range(args.deals):
        deal = review_game(played_deal(args.seed + k))[0]
        decisions = [(d.state, d.action) for step in deal.steps for d in step.decisions]
        cpu, wall = time.thread_time(), time.perf_counter()
        found = assess_deal(decisions, 0, seed=k, samples=args.samples)
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        cpu_total += cpu
        wall_total += wall
        costly = [a for a in found if a.marked]
        print(f"deal {k + 1}: {len(found)} decisions weighed, {len(costly)} costly "
              f"({round(sum(a.cost for a in costly))} points); {cpu:.2f} s of one core ({wall:.2f} s wall)")
    deals = max(args.deals, 1)
    print(f"two_handed, {args.samples} sampled deals per decision; wall {wall_total / deals:.2f} s per deal")
    print(f"review: {cpu_total / deals:.1f} s per deal")
    return 0
