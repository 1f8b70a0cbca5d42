"""``python -m bezique [play]``: open the window at the menu (or, with options, straight into a game).

pygame is imported only inside ``run`` so that the other commands never load it.
"""

from __future__ import annotations

import argparse

from bezique.presenter.layout import parse_size
from bezique.presenter.setup import SEATABLE_VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hotseat", action="store_true", help="two players taking turns on one screen")
    parser.add_argument("--level", help="computer level (default: the settings' level); opens a game at once")
    parser.add_argument("--seed", type=int, help="shuffle seed, to replay the same deals")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1600x900")
    parser.add_argument("--variant", choices=SEATABLE_VARIANTS,
                        help="the game to open straight away (default: the settings' variant)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--first-frame-exit", action="store_true",
                        help="draw the first frame, print the time it took and exit (checks an installation or build)")


def run(args: argparse.Namespace) -> int:
    """Open the window; any unexpected failure becomes a friendly message and a log (``bezique.commands.crash``)."""
    from bezique.commands.crash import run_guarded

    return run_guarded(lambda: _open_window(args))


def _open_window(args: argparse.Namespace) -> int:
    """The menu; or, with ``--hotseat``, ``--level`` or ``--seed``, a new game straight away (tests, quick play)."""
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from bezique.ui.scenes.shell import Shell

    shell = Shell.create(size=parse_size(getattr(args, "size", "1280x720")),
                         fullscreen=True if getattr(args, "fullscreen", False) else None)
    app = shell.app
    hotseat, level, seed = getattr(args, "hotseat", False), getattr(args, "level", None), getattr(args, "seed", None)
    variant = getattr(args, "variant", None)
    if hotseat or level or seed is not None or variant:
        from bezique.presenter.setup import target_choices
        setup = shell.default_setup()
        setup.mode = "hotseat" if hotseat else "computer"
        setup.level = level or setup.level
        setup.seed = seed
        if variant and variant != setup.variant:
            setup.variant, setup.target = variant, target_choices(variant)[0]
        shell.start_game(setup)
    else:
        shell.open_menu()
    if getattr(args, "first_frame_exit", False):
        app.tick(0.0)
        print(f"first frame in {app.first_frame_seconds:.2f} s")
        app.quit()
        return 0
    return app.run()
