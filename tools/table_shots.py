"""Screenshots of every variant's table in the middle of a deal, at the first windows of common screens.

    python tools/table_shots.py [--out docs/screenshots] [--size 1088x640 --size 1920x1080] [--variant six_handed]

Each table is the real window (headless, the dummy video driver) with every seat played by the intermediate
computer until the viewer is to follow a card led, with melds on the table and tricks won; the frame is drawn and
saved as ``table-VARIANT-WxH.jpg`` (JPEG: the fourteen pictures of felt and card art are 16 MB as PNG).
``--readme`` also writes the README's ``deal-in-progress.png`` (two-handed, 1280x720). The pictures are remade by
running this again; nothing here is part of the game.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from bezique.ai import make_player
from bezique.config import Config
from bezique.presenter.layout import parse_size
from bezique.rules import VARIANTS, Phase, make_ruleset
from bezique.ui.bare import open_table

SIZES = ("1088x640", "1920x1080")


def mid_deal(variant: str, size: tuple[int, int], seed: int, tricks: int, lang: str = "en",
             text_size: str = "normal"):
    """A window whose table is `tricks` tricks into its first deal, the viewer to follow a card led, melds down
    where any were made: every seat played by the intermediate computer, which declares what it can."""
    config = Config()
    config = dataclasses.replace(config, variant=variant, rules=make_ruleset(variant, {}),
                                 ai=dataclasses.replace(config.ai, level="intermediate"))
    app, table = open_table(config, [], size=size, seed=seed, fullscreen=False, animation_speed="instant",
                            computer_pace="instant", language=lang, trick_pause="off",
                            text_size=text_size)
    stage, session = table.stage, table.session
    stage.cut_timer = 0.0
    players = [make_player("intermediate", seed + seat) for seat in range(session.rules.players)]
    if session.awaiting_deal:
        session.start_deal()
    while not session.over and not session.awaiting_deal:
        seat = session.to_act
        assert seat is not None  # a deal under way has a seat to act
        view = session.view(seat)
        played = len(view.tricks_log)  # the viewer to follow a card led, after `tricks` (or to lead, later on)
        if seat == stage.viewer and view.phase == Phase.PLAY and played >= tricks and (view.trick or
                                                                                        played >= tricks + 4):
            break
        session.make_move(players[seat].choose(view, list(view.legal)))
    stage.queue.clear()  # the deal's events queued when the table opened: the picture is rebuilt from the game
    stage.hold = 0.0
    stage.rebuild(animate=False)
    stage.need_sync = False
    for _ in range(3):
        app.tick(1 / 60)
    return app, table


def shoot(variant: str, size: tuple[int, int], path: Path, seed: int, tricks: int, lang: str = "en",
          text_size: str = "normal") -> None:
    app, table = mid_deal(variant, size, seed, tricks, lang, text_size)
    app.draw()
    pygame.image.save(app.screen, str(path))
    table.turns.worker.cancel()
    print(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="docs/screenshots", help="the folder the pictures go to")
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (default: 1088x640 and 1920x1080)")
    parser.add_argument("--variant", action="append", choices=VARIANTS, help="a variant (default: all)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--tricks", type=int, default=6, help="tricks played before the picture (default 6)")
    parser.add_argument("--lang", default="en", choices=("en", "it", "fr"), help="the language (default en)")
    parser.add_argument("--text-size", default="normal", choices=("small", "normal", "large", "larger"),
                        help="the text size (default normal; another is named in the file's name)")
    parser.add_argument("--readme", action="store_true", help="also the README's deal-in-progress.png")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for variant in args.variant or VARIANTS:
        for text in args.size or SIZES:
            w, h = parse_size(text)
            extra = "".join(f"-{v}" for v, default in ((args.lang, "en"), (args.text_size, "normal")) if v != default)
            shoot(variant, (w, h), out / f"table-{variant}-{w}x{h}{extra}.jpg", args.seed, args.tricks, args.lang,
                  args.text_size)
    if args.readme:
        shoot("two_handed", (1280, 720), out / "deal-in-progress.png", args.seed, args.tricks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
