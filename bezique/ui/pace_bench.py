"""``python -m bezique bench pace``: how long the table takes to deal, measured on the animation clock.

The window's clock is stepped frame by frame (``App.tick`` with a fixed ``dt``), never read from the wall, so the
figures are the same on a busy machine as on an idle one: they are what a player sees at 60 frames a second. The
tests (tests/ui/test_deal_pace.py) hold the same figures to the limits (``DEAL_LIMITS``).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from typing import TYPE_CHECKING

from bezique.rules import VARIANTS

if TYPE_CHECKING:
    from bezique.presenter.session import GameSession
    from bezique.ui.app import App
    from bezique.ui.table.scene import TableScene

FRAME = 1 / 60
DEAL_LIMITS = {2: 2.5, 3: 3.0, 4: 3.25, 6: 4.0}  # seconds at the normal speed, by seats: the deal dealt and at rest


def add_pace_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1088x640")
    parser.add_argument("--seed", type=int, default=3)


def open_dealing_table(variant: str, speed: str = "normal", size: tuple[int, int] = (1280, 720),
                       seed: int = 3, trick_pause: str = "off") -> tuple[App, TableScene[GameSession]]:
    """A window about to deal the first hand of a new game of `variant` at `speed` (the cut for the dealer gone
    by; a finished trick stays `trick_pause`), and its table: the first tick shows the deal's first event."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bezique.config import Config
    from bezique.rules import make_ruleset
    from bezique.ui.bare import open_table
    config = Config()
    config = dataclasses.replace(config, variant=variant, rules=make_ruleset(variant, {}),
                                 ai=dataclasses.replace(config.ai, level="random"))
    app, table = open_table(config, [], size=size, seed=seed, fullscreen=False, animation_speed=speed,
                            computer_pace="instant", language="en", trick_pause=trick_pause)
    stage = table.stage
    while not stage.queue:  # the cut shown (it is read before the deal): over at once
        stage.cut_timer = min(stage.cut_timer, FRAME / 2)
        app.tick(FRAME)
    return app, table


def seconds_to_deal(app: App, table: TableScene[GameSession], limit: float = 60.0) -> float:
    """Animation seconds from the deal's first event until every card dealt is at rest in its place."""
    stage = table.stage
    elapsed = 0.0
    while elapsed < limit and (stage.dealing() or (stage.beat > 0 and any(s.moving for s in stage.sprites.values()))):
        app.tick(FRAME)
        elapsed += FRAME
    return elapsed


def seconds_trick_on_show(trick_pause: str, seed: int = 3, limit: float = 60.0) -> float:
    """Animation seconds the first finished trick of a two-handed game stays on the table, its winning card marked,
    with the trick pause setting `trick_pause` (the player's moves made at once, the computer's at its pace)."""
    from bezique.rules import Verb
    app, table = open_dealing_table("two_handed", "normal", seed=seed, trick_pause=trick_pause)
    stage = table.stage
    while stage.reading is None:
        if table.human_turn():
            table.turns.try_move(next(a for a in table.session.legal() if a.verb == Verb.PLAY))
        app.tick(FRAME)
    elapsed = 0.0
    while stage.reading is not None and elapsed < limit:
        assert stage.sprites[stage.reading].mark is not None  # the winning card marked all the while
        app.tick(FRAME)
        elapsed += FRAME
    table.turns.worker.cancel()
    return elapsed


def run_pace_bench(args: argparse.Namespace) -> int:
    from bezique.presenter.layout import parse_size
    size = parse_size(args.size)
    print(f"bench pace at {size[0]}x{size[1]}: seconds from the deal's first card to the last at rest "
          "(animation clock, 60 frames a second)")
    print(f"  {'variant':14s} {'slow':>6s} {'normal':>7s} {'fast':>6s}   limit at normal")
    worst = 0.0
    for variant in VARIANTS:
        figures = []
        for speed in ("slow", "normal", "fast"):
            app, table = open_dealing_table(variant, speed, size, args.seed)
            figures.append(seconds_to_deal(app, table))
            table.turns.worker.cancel()
        seats = table.session.rules.players
        limit = DEAL_LIMITS[seats]
        worst = max(worst, figures[1] / limit)
        print(f"  {variant:14s} {figures[0]:6.2f} {figures[1]:7.2f} {figures[2]:6.2f}   {limit:.1f}")
    stays = ", ".join(f"{pause} {seconds_trick_on_show(pause, args.seed):.2f} s"
                      for pause in ("short", "normal", "long"))
    print(f"  a finished trick stays on show, its winner marked (Settings: Finished trick stays): {stays}")
    print(f"pace: the slowest deal takes {worst * 100:.0f}% of its limit at the normal speed")
    return 0 if worst <= 1.0 else 1
