"""``python -m bezique bench rules|ai|ui|pace|review|speech``: benchmarks that print figures (never timed tests that
flake).

``bench rules`` plays random legal two-handed deals on one core through the public API (``play_game`` choosing
among ``legal_actions``, applied unchecked) for a few seconds and ends with ``rules: N deals/s``. ``bench ai``
(``bezique.ai.benchmark``) ends with ``ai: N sampled deals/s``, measured on a fixed workload (seeded games, a fixed
number of sampled deals a decision: the same work on every run); ``--times`` first prints each variant's Expert
decision times (median, p95, max), ``--jobs N`` what N cores buy on the same wall-clock budget. ``bench net``
(``bezique.net.bench``) plays a hosted game between two clients over localhost and prints ``net: N
messages/s, round trip median M ms``, then the same through the iroh tunnel (relays off) and what it adds a move.
``bench pace`` (``bezique.ui.pace_bench``) prints how long each variant takes to deal at each animation speed, on
the window's stepped clock. ``bench speech`` (``bezique.ui.speech_bench``) prints the keys a deal played by ear takes
beside a sighted player's clicks, and the delay from a key to its speech.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import time
from collections.abc import Callable

from bezique.ai.benchmark import BENCH_DEALS, BENCH_GAMES, run_ai_bench
from bezique.commands import bench_review
from bezique.rules import VARIANTS, Action, GameState, Phase, legal_actions, make_ruleset, new_game, play_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="target", required=True)
    rules = sub.add_parser("rules", help="random legal deals per second on one core")
    rules.add_argument("--seconds", type=float, default=5.0, help="how long to run (default 5)")
    rules.add_argument("--seed", type=int, default=1)
    rules.add_argument("--variant", default="two_handed")
    ai = sub.add_parser("ai", help="the Expert's sampled deals per second; with --times, its decision times")
    ai.add_argument("--games", type=int, default=BENCH_GAMES,
                    help=f"seeded games of the fixed workload the rate is measured on (default {BENCH_GAMES})")
    ai.add_argument("--iterations", type=int, default=BENCH_DEALS,
                    help=f"the Expert's sampled deals a decision in that workload (default {BENCH_DEALS})")
    ai.add_argument("--seed", type=int, default=1)
    ai.add_argument("--times", action="store_true", help="first time the Expert's decisions in every variant")
    ai.add_argument("--deals", type=int, default=1, help="deals a variant with --times (default 1)")
    ai.add_argument("--variant", action="append", choices=VARIANTS, help="a variant to time (default: all)")
    ai.add_argument("--jobs", type=int, default=1, help="also compare this many cores with one (wall-clock)")
    ai.add_argument("--seconds", type=float, default=10.0, help="how long --jobs compares the cores (default 10)")
    net = sub.add_parser("net", help="messages per second and the round-trip median of a hosted game on localhost")
    net.add_argument("--actions", type=int, default=2000, help="moves to play (default 2000)")
    net.add_argument("--seed", type=int, default=1)
    bench_review.add_arguments(sub.add_parser("review", help="seconds the review's analysis takes per deal"))
    ui = sub.add_parser("ui", help="frame times, idle CPU and start-up time of the table")
    with contextlib.suppress(ModuleNotFoundError):  # the window's benchmark, where the ui package exists
        importlib.import_module("bezique.ui.bench").add_ui_bench_arguments(ui)
    speech = sub.add_parser("speech", help="keys a deal by ear takes, and the delay from a key to its speech")
    with contextlib.suppress(ModuleNotFoundError):
        importlib.import_module("bezique.ui.speech_bench").add_speech_bench_arguments(speech)
    pace = sub.add_parser("pace", help="seconds each variant takes to deal, on the table's animation clock")
    with contextlib.suppress(ModuleNotFoundError):
        importlib.import_module("bezique.ui.pace_bench").add_pace_bench_arguments(pace)


def bench_rules(seconds: float, seed: int, variant: str = "two_handed",
                clock: Callable[[], float] = time.perf_counter) -> tuple[int, int, float]:
    """Play random deals for about `seconds` of `clock` (tests pass a stepped clock: one tick a game); return
    (complete deals, actions, elapsed seconds)."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    choose = rng.choice
    actions = 0

    def random_action(state: GameState, _seat: int) -> Action:
        nonlocal actions
        actions += 1
        return choose(legal_actions(state))

    deals = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        # a game at most ten deals long, then a fresh one
        state = play_game(new_game(rules, rng.randrange(rules.players)), [random_action] * rules.players, rng,
                          max_deals=10)
        deals += state.deal_index + 1
        if state.phase == Phase.OVER and (any(state.hands) or state.stock):
            deals -= 1  # the game ended inside its last deal: that deal was not complete
    return deals, actions, clock() - start


def run(args: argparse.Namespace) -> int:
    if args.target == "review":
        return bench_review.run(args)
    if args.target == "ui":
        return int(importlib.import_module("bezique.ui.bench").run_ui_bench(args))
    if args.target == "speech":
        return int(importlib.import_module("bezique.ui.speech_bench").run_speech_bench(args))
    if args.target == "pace":
        return int(importlib.import_module("bezique.ui.pace_bench").run_pace_bench(args))
    if args.target == "net":
        from bezique.net.bench import bench_net  # only this bench needs websockets
        from bezique.net.internet import unavailable
        figures = bench_net(args.actions, args.seed)
        print(f"{figures.actions} moves over localhost, {figures.messages} messages in {figures.seconds:.2f} s")
        print(f"net: {figures.per_second:.0f} messages/s, round trip median {figures.median_ms:.2f} ms")
        missing = unavailable()
        if missing is not None:
            print(f"net through the iroh tunnel: not measured (iroh is not installed here: {missing})")
            return 0
        tunnelled = bench_net(args.actions, args.seed, tunnelled=True)
        print(f"{tunnelled.actions} moves through the iroh tunnel on this machine (relays off), {tunnelled.messages} "
              f"messages in {tunnelled.seconds:.2f} s")
        print(f"net through the iroh tunnel: {tunnelled.per_second:.0f} messages/s, round trip median "
              f"{tunnelled.median_ms:.2f} ms ({tunnelled.median_ms - figures.median_ms:+.2f} ms a move)")
        return 0
    if args.target == "ai":
        return run_ai_bench(args.games, args.seed, args.times, args.deals, tuple(args.variant or VARIANTS),
                            jobs=args.jobs, seconds=args.seconds, iterations=args.iterations)
    deals, actions, elapsed = bench_rules(args.seconds, args.seed, args.variant)
    print(f"variant {args.variant}: {deals} complete random deals, {actions} actions in {elapsed:.2f} s on one core")
    print(f"actions: {actions / elapsed:.0f}/s, {actions / max(deals, 1):.1f} per deal")
    print(f"rules: {deals / elapsed:.0f} deals/s")
    return 0
