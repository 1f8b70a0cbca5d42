"""``python -m bezique demo``: the computer plays itself in the real window (an attract mode, and a test)."""

from __future__ import annotations

import argparse

from bezique.presenter.layout import parse_size
from bezique.presenter.setup import SEATABLE_VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", type=int, default=1, help="deals to play before exiting (0: a whole game)")
    parser.add_argument("--speed", choices=("instant", "fast", "normal"), default="fast", help="animation speed")
    parser.add_argument("--seed", type=int, default=None, help="shuffle and computer seed")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1600x900")
    parser.add_argument("--variant", choices=SEATABLE_VARIANTS, default=None,
                        help="the game to show (default: config.yaml's variant)")


def run(args: argparse.Namespace) -> int:
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from bezique.games.defaults import load_config_settings, with_variant
    from bezique.ui.bare import open_table

    config, problems = load_config_settings()
    if args.variant:
        config = with_variant(config, args.variant)
    from bezique.persist.user_settings import load_user_settings
    language = load_user_settings(config).app.language  # the language the player chose in Settings
    speed = args.speed
    pace = {"instant": "instant", "fast": "fast", "normal": "normal"}[speed]
    trick_pause = {"instant": "off", "fast": "short", "normal": "normal"}[speed]  # how long each trick stays
    app, table = open_table(config, problems, size=parse_size(args.size), demo=True, seed=args.seed, fullscreen=False,
                            animation_speed=speed, computer_pace=pace, trick_pause=trick_pause,
                            demo_deals=max(0, args.deals), language=language)
    code = app.run()
    if table.sync_errors:
        print(f"demo: the table fell out of step {table.sync_errors} time(s)")
        return 1
    state = table.session.state
    scores = "-".join(str(v) for v in state.scores)
    print(f"demo: {config.variant}, {table.stage.deals_seen} deal(s) played, scores {scores}")
    return code
