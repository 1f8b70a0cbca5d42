"""``python -m bezique bench rules|ui``: benchmarks that print figures (never timed tests that flake).

``bench rules`` plays random legal two-handed deals on one core through the public API (``legal_actions`` and the
unchecked ``apply``) for a few seconds and ends with ``rules: N deals/s``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import time

from bezique.rules import engine
from bezique.rules.ruleset import make_ruleset
from bezique.rules.state import AWAIT_DEAL, OVER


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="target", required=True)
    rules = sub.add_parser("rules", help="random legal deals per second on one core")
    rules.add_argument("--seconds", type=float, default=5.0, help="how long to run (default 5)")
    rules.add_argument("--seed", type=int, default=1)
    rules.add_argument("--variant", default="two_handed")
    ui = sub.add_parser("ui", help="frame times, idle CPU and start-up time of the table")
    with contextlib.suppress(ModuleNotFoundError):  # the window's benchmark, where the ui package exists
        importlib.import_module("bezique.ui.bench").add_ui_bench_arguments(ui)


def bench_rules(seconds: float, seed: int, variant: str = "two_handed") -> tuple[int, int, float]:
    """Play random deals for about `seconds`; return (complete deals, actions, elapsed seconds)."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    choose = rng.choice
    legal_actions, apply = engine.legal_actions, engine.apply
    deals = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = engine.new_game(rules, rng.randrange(rules.players))
        for _ in range(10):  # a game at most ten deals long, then a fresh one
            engine.start_deal(state, engine.shuffled_deck(rules, rng))
            while state.phase is not AWAIT_DEAL and state.phase is not OVER:
                apply(state, choose(legal_actions(state)))
                actions += 1
            if state.phase is OVER:
                if not any(state.hands) and not state.stock:
                    deals += 1  # the game ended after the final trick: the deal was complete
                break
            deals += 1
    return deals, actions, time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    if args.target == "ui":
        return int(importlib.import_module("bezique.ui.bench").run_ui_bench(args))
    deals, actions, elapsed = bench_rules(args.seconds, args.seed, args.variant)
    print(f"variant {args.variant}: {deals} complete random deals, {actions} actions in {elapsed:.2f} s on one core")
    print(f"actions: {actions / elapsed:.0f}/s, {actions / max(deals, 1):.1f} per deal")
    print(f"rules: {deals / elapsed:.0f} deals/s")
    return 0
